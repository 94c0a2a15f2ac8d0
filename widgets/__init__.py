"""Jupyter widgets for Rules Explorer: draw any game's board, step it, ask odds and reach.

``Explorer("ginormopod")`` composes the kit for one game. The widgets hold no rules: they reach a
game only through ``rules_lib.registry.get_game`` and the engine's ``Game``.
"""
from .board_view import BoardView
from .errors import ErrorBanner, guarded
from .explorer import Explorer
from .odds_panel import OddsPanel
from .reach_view import ReachView
from .setup_editor import SetupEditor
from .stepper import PhaseStepper

__all__ = ["BoardView", "ErrorBanner", "Explorer", "OddsPanel", "PhaseStepper", "ReachView",
           "SetupEditor", "guarded"]

"""The games the library knows, each reached through the one game contract.

Widgets, the CLI, playtesting and analysis reach a game only through :func:`get_game`, which
returns its :class:`~rules_lib.core.contract.GameModule`. A game package joins by defining
``GAME = <its GameModule subclass>()`` and being listed in :data:`GAME_MODULES`. Importing a game
loads no data (data is built on first use), so one game with broken data files cannot take the
others down. The conformance test plays every registered game through this contract.
"""
from __future__ import annotations

import importlib

from rules_lib.core.contract import GameModule

GAME_MODULES: dict[str, str] = {
    "ginormopod": "rules_lib.games.ginormopod",
    "space_vermin": "rules_lib.games.space_vermin",
    "gods_war": "rules_lib.games.gods_war",
    "zombies_giants": "rules_lib.games.zombies_giants",
}


def game_names() -> list[str]:
    """The names of the registered games (nothing is imported or loaded)."""
    return list(GAME_MODULES)


def get_game(name: str) -> GameModule:
    """A game by name; a clear error listing the known games otherwise."""
    if name not in GAME_MODULES:
        raise KeyError(f"unknown game {name!r}; games: {', '.join(game_names())}")
    module = importlib.import_module(GAME_MODULES[name])
    game = getattr(module, "GAME", None)
    if not isinstance(game, GameModule):
        raise KeyError(f"game {name!r} is not available yet (its package defines no GAME)")
    return game

"""Ginormopod 2050 A.D.: Attack of the Giant Bug Monsters — the whole game on the core engine.

The modules follow the rulebook: ``pieces`` (Overview: unit types, chits, the counter mix),
``battleground`` and ``board`` (Battleground: Cities, roads, Forts, the Fusion Fence), ``setup``,
``turn`` (Flow of Play: Fade In, Action, Fade Out), ``activation``, ``movement`` (with the National
Guard's reveal), ``combat`` (with ``volley``: the dice, ``hits``, ``retreat``), ``fort`` (Fort
Combat's orders), ``fx``, ``danger``, ``victory``; and the project's own: ``data`` with
``data_files`` (the YAML files, read and checked), ``provenance`` (why an event is assumed),
``variants`` (the ambiguities' other readings), ``position`` (saved-state checks, invariants),
``odds``, ``reach``, ``policies``, ``board_view`` and ``setup_editing`` (the widgets' views).

>>> from rules_lib.games.ginormopod import new_game
>>> game = new_game(seed=1)
>>> game.run_to_end().result in ("Swarm", "Human")
True
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.engine import Game

from . import board_view as drawing
from .data import LOADER, GinData, data_for, load_game_data, validate_data
from .odds import add_odds_arguments, combat_odds, odds_from_args, odds_from_selection
from .policies import HeuristicPolicy, RandomPolicy
from .position import invariants, validate_state
from .reach import movement_reach
from .setup import initial_forts, manifest
from .setup_editing import SETUP_API
from .state import GinState
from .turn import play
from .variants import VARIANTS

NAME = "ginormopod"
PLAYERS = ("Swarm", "Human")


def standard_state(data: GinData, variants: list[str]) -> GinState:
    """The state before Set-Up: every counter unplaced, Forts at full strength."""
    return GinState(game=NAME, variants=variants, units=manifest(data), forts=initial_forts(data))


def new_game(scenario: Any = None, seed: int = 0, variants: Any = (),
             policies: dict[str, Any] | None = None, data_overrides: dict[str, Any] | None = None,
             keep_log: bool = True) -> Game:
    """A Game ready to step: the standard set-up, or a saved/hand-edited scenario."""
    return GAME.new_game(scenario, seed, variants, policies, data_overrides, keep_log)


def summary(state: GinState) -> dict[str, Any]:
    """One row of key statistics for batch runs."""
    data = data_for(state)
    lost = Counter(u.side for u in state.units if u.pool == "eliminated")
    tracked = sum(1 for u in state.units if u.pool in ("track", "returning"))
    return {"outcome": state.result or "unfinished", "reason": state.end_reason,
            "turns": state.turn,
            "cities_destroyed": sum(1 for c in data.victory_cities if state.forts[c].destroyed),
            "forts_destroyed": sum(1 for f in state.forts.values() if f.destroyed),
            "danger_level": state.danger,
            "swarm_units_lost": lost["Swarm"] + tracked,
            "human_units_lost": lost["Human"],
            "allied": state.allied or "none",
            "battles": state.stats.get("battles", 0),
            "overruns": state.stats.get("overruns", 0)}


class Ginormopod(GameModule):
    """Ginormopod 2050 A.D.: the Swarm against the Humans and their Fusion Fence."""

    name = NAME
    title = "Ginormopod 2050 A.D.: Attack of the Giant Bug Monsters"
    rulebook = "000_86ba0ae36164543b.txt"
    state_class = GinState
    players = PLAYERS
    scenarios = ("standard",)
    variants = VARIANTS
    policies = {"random": RandomPolicy, "heuristic": HeuristicPolicy}
    phases = ("Set-Up", "Fade In", "Action", "Fade Out")
    data_loader = LOADER
    max_events = 100_000

    board_view = BoardView(drawing.board, drawing.pieces, aspect=1.29)
    odds = OddsCalculator(combat_odds, add_odds_arguments, odds_from_args, odds_from_selection)
    reach = Reach(movement_reach, label="MP spent")
    setup = SetupEditing(**SETUP_API)
    from .display import DISPLAY as display  # noqa: E402 - palette, legend, map, panels

    def game_data(self, overrides, variants):
        return load_game_data(overrides, variants)  # the three_western_hives map is other data

    def validate_data(self, data_dir=None):
        return validate_data(data_dir)

    def procedure(self, state, ctx):
        return play(state, ctx)

    def initial_state(self, scenario, seed, variants, data):
        return standard_state(data, variants)

    def validate_state(self, state, data):
        return validate_state(state, data)

    def invariants(self, state):
        return invariants(state)

    def summary(self, state):
        return summary(state)

    def exact_odds_of_option(self, game, option):
        """The exact odds of the Combat an FX decision comes before (``option_odds``)."""
        from .option_odds import fx_option_odds

        return fx_option_odds(game, option)


GAME = Ginormopod()

__all__ = ["GAME", "VARIANTS", "GinState", "invariants", "new_game", "summary", "validate_state"]

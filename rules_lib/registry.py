"""The games the library knows, each reached through the one game contract.

Widgets, the CLI, playtesting and analysis reach a game only through :func:`get_game`, which
returns its :class:`~rules_lib.core.contract.GameModule`. A game package joins by defining
``GAME = <its GameModule subclass>()`` and being listed in :data:`GAME_MODULES`. Importing a game
loads no data (data is built on first use), so one game with broken data files cannot take the
others down. The conformance test plays every registered game through this contract.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.engine import Game, GameState, Policy, Rules, Variant

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
    if game is not None:
        return game
    entry = getattr(module, "ENTRY", None)
    if entry is None:
        raise KeyError(f"game {name!r} is not available yet")
    return _legacy(entry)


# --------------------------------------------------------------------------------------------------
# Games not yet moved to the contract (removed when the last one has moved)
# --------------------------------------------------------------------------------------------------


@dataclass
class GameEntry:
    """A game's entry points as they were before the contract (see GameModule)."""

    name: str
    title: str
    rulebook: str
    rules: Rules
    new_game: Callable[..., Game]
    scenarios: Sequence[str]
    policies: dict[str, Callable[[], Policy]]
    default_policies: dict[str, str]
    invariants: Callable[[GameState], list[str]]
    summary: Callable[[GameState], dict[str, Any]]
    validate_data: Callable[[], list[str]]
    provenance_report: Callable[[], Any]
    board: Callable[[GameState], Any] | None = None
    pieces: Callable[[GameState], list[dict[str, Any]]] | None = None
    combat_odds: Callable[..., Any] | None = None
    movement_reach: Callable[..., Any] | None = None
    add_odds_arguments: Callable[[Any], None] | None = None
    odds_from_args: Callable[[Any], Any] | None = None
    max_events: int = 200_000
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def variants(self) -> tuple[Variant, ...]:
        return self.rules.variants

    def make_policies(self, names: dict[str, str] | None = None) -> dict[str, Policy]:
        """Policies per player from names; the defaults fill the rest."""
        return _legacy(self).make_policies({**self.default_policies, **(names or {})})


_LEGACY: dict[int, Any] = {}


def _legacy(entry: GameEntry) -> Any:
    """A GameEntry seen through the contract's attributes (one adapter per entry)."""
    if id(entry) not in _LEGACY:
        _LEGACY[id(entry)] = _LegacyGame(entry)
    return _LEGACY[id(entry)]


class _LegacyGame:
    """The contract's attributes over an old GameEntry."""

    default_policy = "heuristic"

    def __init__(self, entry: GameEntry) -> None:
        e, extra = entry, entry.extra
        self.entry = e
        self.name, self.title, self.rulebook = e.name, e.title, e.rulebook
        self.state_class = e.rules.state_class
        self.players = tuple(e.rules.players)
        self.scenarios = tuple(e.scenarios)
        self.variants = tuple(e.variants)
        self.policies = e.policies
        self.default_policies = dict(e.default_policies)
        self.phases = tuple(extra.get("sequence_of_play", ()))
        self.max_events = e.max_events
        self.summary_by = extra.get("summary_by")
        self.invariants, self.summary = e.invariants, e.summary
        self.provenance_report = e.provenance_report
        self.board_view = (BoardView(e.board, e.pieces, extra.get("board_aspect", 1.0),
                                     extra.get("terrain_colors"))
                           if e.board is not None and e.pieces is not None else None)
        self.odds = (OddsCalculator(e.combat_odds, e.add_odds_arguments, e.odds_from_args,
                                    extra.get("odds_from_selection"), extra.get("odds_controls"))
                     if e.combat_odds is not None or e.odds_from_args is not None else None)
        self.reach = (Reach(e.movement_reach, extra.get("reach_label", "cost"),
                            extra.get("reach_target"))
                      if e.movement_reach is not None else None)
        self.line_of_sight = extra.get("line_of_sight")
        setup = extra.get("setup")
        if setup is not None and not isinstance(setup, SetupEditing):
            ops = setup if isinstance(setup, Mapping) else {
                k: getattr(setup, k, None) for k in ("place", "move", "remove", "flip", "kinds",
                                                     "sides", "validate")}
            setup = SetupEditing(**{k: v for k, v in ops.items() if v is not None})
        self.setup = setup

    def rules(self, data: Any = None) -> Rules:
        return self.entry.rules

    def validate_data(self, data_dir: Any = None) -> list[str]:
        return self.entry.validate_data()

    def make_policies(self, policies: Mapping[str, Any] | None = None) -> dict[str, Policy]:
        return GameModule.make_policies(self, policies)  # type: ignore[arg-type]

    def new_game(self, scenario: Any = None, seed: int = 0, variants: Sequence[str] = (),
                 policies: Mapping[str, Any] | None = None,
                 data_overrides: Mapping[str, Any] | None = None, keep_log: bool = True) -> Game:
        return self.entry.new_game(scenario=scenario, seed=seed, variants=variants,
                                   policies=self.make_policies(policies) if policies else None,
                                   data_overrides=data_overrides, keep_log=keep_log)

    def data(self, overrides: Any = None) -> Any:
        return self.entry.rules.data()

    def __getattr__(self, name: str) -> Any:  # the old attributes, until the game has moved
        return getattr(self.entry, name)

    def __repr__(self) -> str:
        return f"<game {self.name!r}: {self.title}>"

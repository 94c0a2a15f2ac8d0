"""The games the library knows, reached through one set of entry points.

Widgets, the CLI and the playtest module reach a game only through :func:`get_game`; a game module
joins by defining ``ENTRY = GameEntry(...)`` and being listed in :data:`GAME_MODULES`. The
conformance test plays every registered game through these same entry points.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import Game, GameState, Policy, Rules, Variant

GAME_MODULES: dict[str, str] = {
    "ginormopod": "rules_lib.games.ginormopod",
    "space_vermin": "rules_lib.games.space_vermin",
    "gods_war": "rules_lib.games.gods_war",
    "zombies_giants": "rules_lib.games.zombies_giants",
}


@dataclass
class GameEntry:
    """A game's common entry points.

    new_game(scenario, seed, variants, policies, data_overrides) -> Game
    invariants(state) -> list of violated invariants (empty when all hold)
    summary(state) -> one row of key statistics for batch runs (must include 'outcome')
    board(state) -> the Board to draw; pieces(state) -> one dict per counter to draw:
        {"loc": location, "side": player, "label": short text, "kind": unit type, "hover": text}
    """

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
        """Policies per player from names ('random', 'heuristic', ...); defaults fill the rest."""
        chosen = dict(self.default_policies)
        chosen.update(names or {})
        out = {}
        for player, pname in chosen.items():
            if player not in self.rules.players:
                raise ValueError(f"{self.name}: no player {player!r}; players: "
                                 f"{', '.join(self.rules.players)}")
            if pname not in self.policies:
                raise ValueError(f"{self.name}: no policy {pname!r}; policies: "
                                 f"{', '.join(sorted(self.policies))}")
            out[player] = self.policies[pname]()
        return out


def game_names() -> list[str]:
    """Names of the games whose modules are installed and register an ENTRY."""
    names = []
    for name, module in GAME_MODULES.items():
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name and module.startswith(exc.name):
                continue  # that game is not written yet
            raise
        if getattr(mod, "ENTRY", None) is not None:
            names.append(name)
    return names


def get_game(name: str) -> GameEntry:
    """The entry points of a game by name; a clear error listing the known games otherwise."""
    if name not in GAME_MODULES:
        raise KeyError(f"unknown game {name!r}; games: {', '.join(game_names())}")
    module = importlib.import_module(GAME_MODULES[name])
    entry = getattr(module, "ENTRY", None)
    if entry is None:
        raise KeyError(f"game {name!r} is not available yet")
    return entry

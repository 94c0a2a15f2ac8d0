"""Policies: random-legal (the engine's) and a heuristic that plays sensibly — the Swarm pushes on
the Fence and then the victory Cities, the Humans hold their Forts."""
from __future__ import annotations

import random
from typing import Any

from rules_lib.core.engine import Decision, RandomPolicy

from .data import MAP_VARIANT, GinData, data_for, load_game_data
from .state import GinState

__all__ = ["HeuristicPolicy", "RandomPolicy"]


def swarm_targets(state: GinState, data: GinData) -> list[str]:
    """Where the Swarm should head: intact Fence Forts while the Fence holds, then victory Forts."""
    forts = state.forts
    victory = [c for c in data.victory_cities if not forts[c].destroyed]
    fence = [c for c, f in data.forts.items() if f.fence and not forts[c].destroyed]
    open_fence = sum(1 for c, f in data.forts.items() if f.fence and forts[c].destroyed) >= 2
    return victory if open_fence else (fence or victory)


def _closest(options: list[str], here: str, near: dict[str, int]) -> str:
    """The first option nearest a target ('stay' counts as the City it is in)."""
    best, best_d = options[0], None
    for c in options:
        d = near[here] if c == "stay" else near[c]
        if best_d is None or d < best_d:
            best, best_d = c, d
    return best


class HeuristicPolicy:
    """Plays each decision kind by a simple, explainable rule of thumb."""

    name = "heuristic"

    def __init__(self, data: GinData | None = None) -> None:
        self._bind(data or load_game_data())

    def _bind(self, data: GinData) -> None:
        """Play on this data (the map decides distances and targets)."""
        self._variants: Any = None
        self.data = data
        self.dist = data.road_map.distances
        self._handlers: dict[str, Any] = {}  # decision kind -> bound handler (or None)
        # the Forts swarm_targets looks at: the victory Cities and the Fence
        self._watched = tuple(dict.fromkeys([*data.victory_cities, *data.fence_forts]))
        # side -> (which Forts stand) -> nearness (None: nowhere to go)
        self._by_destroyed: dict[str, dict[tuple[Any, ...], dict[str, int] | None]] = {
            "Swarm": {}, "Human": {}}

    def nearness(self, targets: list[str]) -> dict[str, int]:
        """City -> road distance to the nearest target (kept per target list by the map)."""
        return self.data.road_map.nearness(targets)

    def choose(self, state: GinState, decision: Decision, rng: random.Random) -> Any:
        if state.variants is not self._variants:  # (a new game, or variants changed)
            self._variants = state.variants
            if (MAP_VARIANT in state.variants) != (self.data.map_variant == MAP_VARIANT):
                self._bind(data_for(state))  # the state plays on the other map
        handlers = self._handlers
        kind = decision.kind
        handler = handlers.get(kind, False)
        if handler is False:
            handler = handlers[kind] = getattr(self, f"_{kind}", None)
        if handler is None:
            return decision.options[0]
        choice = handler(state, decision, rng)
        return choice if choice in decision.options else decision.options[0]

    # -- movement ------------------------------------------------------------------------------
    def _move(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        here = d.data["from"]
        if d.player == "Swarm":
            near = self._swarm_near(state)
            if near is None:
                return "stay"
            return _closest(d.options, here, near)
        # Humans: stay in a Fort; otherwise reinforce the nearest threatened victory/Fence Fort
        if state.fort_intact(here):
            return "stay"
        near = self._human_near(state)
        if near is None:
            return "stay"
        return _closest(d.options, here, near)

    def _swarm_near(self, state: GinState) -> dict[str, int] | None:
        """nearness(swarm_targets(...)), or None without targets (cached per destroyed Forts)."""
        forts = state.forts
        key = tuple([forts[c].destroyed for c in self._watched])
        cache = self._by_destroyed["Swarm"]
        near = cache.get(key, False)
        if near is False:
            targets = swarm_targets(state, self.data)
            near = cache[key] = self.nearness(targets) if targets else None
        return near

    def _human_near(self, state: GinState) -> dict[str, int] | None:
        """Nearness to the intact victory Forts (else any intact Fort), None if none stands."""
        forts = state.forts
        key = tuple([c for c, f in forts.items() if not f.destroyed])
        cache = self._by_destroyed["Human"]
        near = cache.get(key, False)
        if near is False:
            targets = [c for c in self.data.victory_cities if not forts[c].destroyed] or \
                [c for c in forts if not forts[c].destroyed]
            near = cache[key] = self.nearness(targets) if targets else None
        return near

    def _overrun_advance(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        if d.player != "Swarm":
            return "stay"
        targets = swarm_targets(state, self.data)
        here = d.data["city"]
        near = self.nearness(targets)
        return min(d.options, key=lambda c: near[here if c == "stay" else c])

    # -- combat --------------------------------------------------------------------------------
    def _allocate_hit(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        return d.options[0]  # Guards first, then flip Fresh units before losing Reduced ones

    def _use_fx(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        safe = [o for o in d.options[1:] if not self.data.fx[o].danger]
        if safe:
            return safe[0]
        if state.danger == 0 and len(d.options) > 1:
            return d.options[1]  # one danger FX while the marker is still harmless
        return "none"

    def _fort_option(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        return "Barrage"

    def _fort_retreat(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        return "ignore"

    def _retreat(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        side = d.player
        forts = [c for c in d.options if side == "Human" and state.fort_intact(c)]
        return forts[0] if forts else d.options[0]

    def _sortie(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        return d.options[-1]  # back into the Fort

    def _hold_chit(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        return d.options[1] if len(d.options) > 1 else "none"

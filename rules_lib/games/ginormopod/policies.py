"""Policies: random-legal (the engine's) and a heuristic that plays sensibly — the Swarm pushes on
the Fence and then the victory Cities, the Humans hold their Forts."""
from __future__ import annotations

import random
from typing import Any

from rules_lib.core.engine import Decision, RandomPolicy

from .data import GinData, load_game_data
from .state import GinState

__all__ = ["RandomPolicy", "HeuristicPolicy"]


def _distances(data: GinData) -> dict[str, dict[str, int]]:
    """All-pairs road distances (breadth-first), cached on the data object."""
    cached = getattr(data, "_dist", None)
    if cached is not None:
        return cached
    out: dict[str, dict[str, int]] = {}
    for src in data.cities:
        d = {src: 0}
        frontier = [src]
        while frontier:
            nxt = []
            for c in frontier:
                for nb in data.adjacency[c]:
                    if nb not in d:
                        d[nb] = d[c] + 1
                        nxt.append(nb)
            frontier = nxt
        out[src] = d
    object.__setattr__(data, "_dist", out)
    return out


def swarm_targets(state: GinState, data: GinData) -> list[str]:
    """Where the Swarm should head: intact Fence Forts while the Fence holds, then victory Forts."""
    victory = [c for c in data.victory_cities if not state.forts[c].destroyed]
    fence = [c for c, f in data.forts.items() if f.fence and not state.forts[c].destroyed]
    open_fence = any(state.forts[c].destroyed for c, f in data.forts.items() if f.fence) and \
        sum(1 for c, f in data.forts.items() if f.fence and state.forts[c].destroyed) >= 2
    return victory if open_fence else (fence or victory)


class HeuristicPolicy:
    """Plays each decision kind by a simple, explainable rule of thumb."""

    name = "heuristic"

    def __init__(self, data: GinData | None = None) -> None:
        self.data = data or load_game_data()
        self.dist = _distances(self.data)
        self._near: dict[tuple[str, ...], dict[str, int]] = {}

    def nearness(self, targets: list[str]) -> dict[str, int]:
        """City -> road distance to the nearest target (cached per target list)."""
        key = tuple(targets)
        near = self._near.get(key)
        if near is None:
            near = self._near[key] = {c: min((self.dist[c].get(t, 99) for t in targets),
                                             default=99) for c in self.data.cities}
        return near

    def choose(self, state: GinState, decision: Decision, rng: random.Random) -> Any:
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return decision.options[0]
        choice = handler(state, decision, rng)
        return choice if choice in decision.options else decision.options[0]

    # -- movement ------------------------------------------------------------------------------
    def _move(self, state: GinState, d: Decision, rng: random.Random) -> Any:
        here = d.data["from"]
        if d.player == "Swarm":
            targets = swarm_targets(state, self.data)
            if not targets:
                return "stay"

            near = self.nearness(targets)
            return min(d.options, key=lambda c: near[here if c == "stay" else c])
        # Humans: stay in a Fort; otherwise reinforce the nearest threatened victory/Fence Fort
        if state.fort_intact(here):
            return "stay"
        forts = [c for c in self.data.victory_cities if not state.forts[c].destroyed] or \
            [c for c in state.forts if not state.forts[c].destroyed]
        if not forts:
            return "stay"

        near = self.nearness(forts)
        return min(d.options, key=lambda c: near[here if c == "stay" else c])

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

"""Survivor policies: random-legal, and a heuristic heading for the helicopter."""

from __future__ import annotations

import random
from collections import deque

from rules_lib.core.engine import Decision, RandomPolicy

from . import sizes
from .actions import (
    Action,
    CraftPotion,
    Demolish,
    DrinkPotion,
    Grab,
    GrabParts,
    Move,
    MoveOff,
    Play,
    RayArmour,
    RaySelf,
    Reach,
    RechargeRay,
    TreatArmour,
)
from .data import ZData, default_data
from .figures import HugeView, footprint, squares_of, step_cost
from .state import Survivor, ZState
from .town import EDGE_STEP, TownMap, tile_centre, tile_exits, town_map

__all__ = ["HeuristicPolicy", "RandomPolicy"]

GOOD_CARDS = (
    "gain_bullets",
    "gain_reserve",
    "move_bonus",
    "combat_bonus",
    "permanent_move_bonus",
    "kill_square",
)


class HeuristicPolicy:
    """Fight when strong, grab parts and resources, shrink when a Giant can, walk to the Helipad."""

    name = "heuristic"

    def __init__(self, data: ZData | None = None) -> None:
        self.data = data

    def choose(self, state: ZState, decision: Decision, rng: random.Random):
        data = self.data or default_data()
        opts = decision.options
        kind = decision.kind
        if kind == "potion_type":
            return "Normal" if "Normal" in opts else opts[0]
        if kind == "take_card":
            return "take"
        if kind == "carried":
            return next((o for o in opts if isinstance(Action.parse(o), MoveOff)), opts[0])
        if kind != "move":
            return opts[0]
        return self._move(state, data, state.survivor(decision.player), decision)

    def _move(self, state: ZState, data: ZData, s: Survivor, decision: Decision):
        opts = decision.options
        actions = [Action.parse(o) for o in opts]
        giant = sizes.stats(data, s.size).is_giant
        strong = s.halves >= 4 or giant
        for o, a in zip(opts, actions):
            if giant and a in (DrinkPotion("Normal"), RaySelf("Normal"), RechargeRay()):
                return o
            if giant and a == CraftPotion("Normal") and "Normal" not in s.potions:
                return o
            if isinstance(a, (RayArmour, TreatArmour)):
                return o
        for o, a in zip(opts, actions):
            if isinstance(a, Play):
                card = data.cards[a.card]
                if card.effect in GOOD_CARDS or (
                    card.effect == "heal_full" and s.halves < 2 * sizes.max_hearts(data, s) - 2
                ):
                    return o
        for o, a in zip(opts, actions):
            if isinstance(a, (Grab, GrabParts)):
                return o
        if strong:
            for o, a in zip(opts, actions):
                if isinstance(a, (Reach, Demolish)):
                    return o
        moves = [(o, a.to) for o, a in zip(opts, actions) if isinstance(a, Move)]
        if not moves:
            return "stop" if "stop" in opts else opts[0]
        dist = goal_distances(state, data, s)
        here = tuple(s.loc)
        best, best_d = "stop", dist.get(here, 10**6)
        if "stop" not in opts:  # passing through a full square: must move on (ZGC-NORM-01)
            best, best_d = moves[0][0], 10**7
        for o, sq in moves:
            d = dist.get(sq, 10**6)
            danger = bool(state.zombies_at(sq)) and not strong
            if not danger and d < best_d:
                best, best_d = o, d
        return best


def goals(state: ZState, data: ZData, tm: TownMap, s: Survivor) -> list[tuple[int, int]]:
    """Where the Survivor wants to be: the Helipad, store parts, the Mall, or the unknown."""
    giant = sizes.stats(data, s.size).is_giant
    pad = [tm.helicopter] if tm.helicopter is not None else []
    if pad and not giant:
        return pad
    stores = [
        sq
        for sq, t in tm.tile_of.items()
        if tm.kind[sq] == "building"
        and t not in state.looted
        and t not in state.demolished
        and any(t in data.crafting[k]["sources"] for k in ("size_ray", "potion_kit"))
    ]
    if giant and stores:
        doors = [
            nb
            for sq in stores
            for nb in tm.board.neighbors(sq)
            if tm.board.crossing(sq, nb) == "door"
        ]
        return stores + doors
    mall = [sq for sq, a in tm.area.items() if a == "mall" and tm.kind[sq] == "street"]
    here_area = tm.area.get(squares_of(state, data, s)[0])
    if mall and here_area != "mall":
        return mall
    placed = {tuple(t.slot) for t in state.tiles}
    frontier = []
    for t in state.tiles:
        for e in tile_exits(data, t.name, t.rotation):
            dx, dy = EDGE_STEP[e]
            if (t.slot[0] + dx, t.slot[1] + dy) not in placed:
                cx, cy = tile_centre(t.slot, data.tile_size)
                frontier.append((cx + dx, cy + dy))
    return frontier or stores or pad


def goal_distances(state: ZState, data: ZData, s: Survivor) -> dict[tuple[int, int], int]:
    """Steps from every square (anchor for Huge) to the nearest goal, for this Survivor's size."""
    tm = town_map(state, data)
    targets = set(goals(state, data, tm, s))
    if sizes.stats(data, s.size).footprint != (1, 1):
        view = HugeView(tm, data)
        starts = [a for a in tm.kind if a in view and set(footprint(data, s.size, a)) & targets]
        nbrs = view.neighbors
    else:
        cost = step_cost(tm, data, s.size)
        starts = [sq for sq in targets if sq in tm.kind]

        def nbrs(sq):
            return [nb for nb in tm.board.neighbors(sq) if cost(nb, sq) is not None]

    dist = {a: 0 for a in starts}
    queue = deque(starts)
    while queue:
        a = queue.popleft()
        for nb in nbrs(a):
            if nb not in dist:
                dist[nb] = dist[a] + 1
                queue.append(nb)
    return dist

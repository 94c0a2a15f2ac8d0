"""Survivor policies: random-legal, and a heuristic heading for the helicopter."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules_lib.core.engine import Decision, RandomPolicy

from . import sizes
from .actions import (
    Action,
    CraftAction,
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
    action_of,
)
from .data import Card, ZData, default_data
from .figures import HugeView, squares_of
from .state import Survivor, ZState
from .town import Distances, TownMap, town_map

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
        """In this order: shrink or fit armour (a Giant), a good card, a grab, an attack when
        strong, else the step that brings the goal nearest (away from zombies when weak)."""
        opts = decision.options
        giant = sizes.stats(data, s.size).is_giant
        strong = s.halves >= 4 or giant
        kit = card = grab = attack = None
        moves = []
        for o in opts:
            a = action_of(o)  # (every option of a Step 3 decision is an action)
            if isinstance(a, Move):
                moves.append((o, a.to))
            elif isinstance(a, CraftAction):
                if kit is None and (isinstance(a, (RayArmour, TreatArmour)) or giant and (
                        a in SHRINK or a == CraftPotion("Normal") and "Normal" not in s.potions)):
                    kit = o
            elif isinstance(a, Play):
                if card is None and self._good(data, s, data.cards[a.card]):
                    card = o
            elif isinstance(a, (Grab, GrabParts)):
                grab = grab or o
            elif isinstance(a, (Reach, Demolish)):
                attack = attack or o
        first = kit or card or grab or (attack if strong else None)
        if first is not None:
            return first
        if not moves:
            return "stop" if "stop" in opts else opts[0]
        dist = goal_distances(state, data, s)
        here = (s.loc[0], s.loc[1])
        best, best_d = "stop", dist.get(here, 10**6)
        if "stop" not in opts:  # passing through a full square: must move on (ZGC-NORM-01)
            best, best_d = moves[0][0], 10**7
        zombies = set() if strong else {(z.loc[0], z.loc[1]) for z in state.zombies}
        for o, sq in moves:
            d = dist.get(sq, 10**6)
            if sq not in zombies and d < best_d:  # (weak: not into zombies)
                best, best_d = o, d
        return best

    @staticmethod
    def _good(data: ZData, s: Survivor, card: Card) -> bool:
        """A card worth playing now: a bonus, or healing when more than a heart is missing."""
        return card.effect in GOOD_CARDS or (
            card.effect == "heal_full" and s.halves < 2 * sizes.max_hearts(data, s) - 2)


#: What a Giant takes first: the ways back to Normal size.
SHRINK = (DrinkPotion("Normal"), RaySelf("Normal"), RechargeRay())


def goals(state: ZState, data: ZData, tm: TownMap, s: Survivor) -> list[tuple[int, int]]:
    """Where the Survivor wants to be: the Helipad, store parts, the Mall, or the unknown (in that
    order; the stores are looked at only where they count)."""
    giant = sizes.stats(data, s.size).is_giant
    pad = [tm.helicopter] if tm.helicopter is not None else []
    if pad and not giant:
        return pad
    if giant:
        stores = _stores(state, data, tm)
        if stores:
            doors = [
                nb
                for sq in stores
                for nb in tm.neighbors(sq)
                if tm.crossing(sq, nb) == "door"
            ]
            return stores + doors
    if tm.mall_streets and tm.area_of(squares_of(state, data, s)[0]) != "mall":
        return list(tm.mall_streets)
    return list(tm.frontier) or _stores(state, data, tm) or pad


def _stores(state: ZState, data: ZData, tm: TownMap) -> list[tuple[int, int]]:
    """The squares of the stores whose parts are still there."""
    sources = {t for k in ("size_ray", "potion_kit") for t in data.crafting[k]["sources"]}
    return [
        sq
        for t, squares in tm.buildings.items()
        if t in sources and t not in state.looted and t not in state.demolished
        for sq in squares
    ]


def goal_distances(state: ZState, data: ZData, s: Survivor) -> Distances:
    """Steps from each square (anchor for Huge) to the nearest goal, for this Survivor's size: a
    breadth-first search back from the goals, once per map, size and set of goals, carried as
    far as the squares asked about (``TownMap.distances``)."""
    tm = town_map(state, data)
    # what the goals depend on besides the map: the size, the stores looted, in the Mall or not
    in_mall = tm.area_of(squares_of(state, data, s)[0]) == "mall"
    quick = ("goals", s.size, tuple(state.looted), in_mall)
    dist = tm.distances.get(quick)
    if dist is None:
        targets = frozenset(goals(state, data, tm, s))
        key = ("survivor", s.size, targets)
        dist = tm.distances.get(key)
        if dist is None:
            dist = tm.distances[key] = _distances(tm, data, s.size, targets)
        tm.distances[quick] = dist
    return dist


def _distances(tm: TownMap, data: ZData, size: str, targets: frozenset[tuple[int, int]]
               ) -> Distances:
    """The search back from the goals over the steps a figure of this size may take (a
    one-square figure: ``figures.step_cost``'s rule, written out for speed)."""
    st = sizes.stats(data, size)
    if st.footprint != (1, 1):
        view = HugeView(tm, data)
        stands = tm.wide_anchors(view.w, view.h)  # the anchors ``view`` holds
        w, h = st.footprint
        covering = {(x - i, y - j) for x, y in targets for i in range(w) for j in range(h)}
        starts = [a for a in tm.kind if a in covering and a in stands]  # covers a goal
        return Distances(starts, view.neighbors)
    into_building = st.enters_buildings and st.building_move_cost is not None
    through_door = st.enters_buildings and st.doorway_cost is not None
    onto_street = data.rules["movement"]["square_cost"] is not None
    kind, nbrs, crossings = tm.kind, tm.nbrs, tm.crossings
    if onto_street and into_building and through_door:  # every step allowed: the map's own
        return Distances([sq for sq in targets if sq in kind], tm.inward.__getitem__)

    def came_from(a: tuple[int, int]) -> Sequence[tuple[int, int]]:
        """The squares a step into ``a`` may come from (through a doorway: the size's doorway
        rule; else the rule for the kind of square entered)."""
        k = kind[a]
        if k == "out":
            return ()
        plain = into_building if k == "building" else onto_street
        if plain and through_door:
            return nbrs[a]
        return [nb for nb in nbrs[a]
                if (through_door if crossings.get((nb, a)) == "door" else plain)]

    return Distances([sq for sq in targets if sq in kind], came_from)

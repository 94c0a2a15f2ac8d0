"""A Survivor's figure on the town: the squares it covers (a Huge is 2 squares wide), where a Huge
may stand, and what one step costs each size (doorway squeeze, building interiors, walls).

The geometry both movement and square capacity are written in.
"""

from __future__ import annotations

from collections.abc import Callable

from . import sizes
from .data import ZData
from .state import Survivor, ZState
from .town import TownMap, town_map

Square = tuple[int, int]


def footprint(data: ZData, size: str, anchor: Square) -> list[Square]:
    """Squares a figure covers (a Huge figure is 2 squares wide)."""
    w, h = sizes.stats(data, size).footprint
    if w == h == 1:
        return [(anchor[0], anchor[1])]
    return [(anchor[0] + i, anchor[1] + j) for j in range(h) for i in range(w)]


def squares_of(state: ZState, data: ZData, surv: Survivor) -> list[Square]:
    """The squares a Survivor is on (a carried Survivor is where its Giant is)."""
    if surv.carried_by:
        return squares_of(state, data, state.survivor(surv.carried_by))
    if surv.loc is None:
        return []
    return footprint(data, surv.size, tuple(surv.loc))


def huge_fits(tm: TownMap, data: ZData, anchor: Square) -> bool:
    """A Huge figure may stand here: no building square, not wholly out of bounds (assumed)."""
    return anchor in tm.wide_anchors(*sizes.stats(data, "Huge").footprint)


class HugeView:
    """The town seen by a Huge figure: anchors, and their legal one-square shifts."""

    def __init__(self, tm: TownMap, data: ZData) -> None:
        self.tm, self.data = tm, data
        self.name = tm.name + " (Huge figure)"
        w, h = sizes.stats(data, "Huge").footprint
        self.w, self.h = w, h

    def __contains__(self, anchor: object) -> bool:
        return isinstance(anchor, tuple) and huge_fits(self.tm, self.data, anchor)

    def neighbors(self, anchor: Square) -> tuple[Square, ...]:
        return self.tm.wide_neighbors(anchor, self.w, self.h)


def step_cost(tm: TownMap, data: ZData, size: str) -> Callable[[Square, Square], int | None]:
    """Cost of one step for a one-square figure; None when the step is barred."""
    s = sizes.stats(data, size)
    street = data.rules["movement"]["square_cost"]

    def cost(a: Square, b: Square) -> int | None:
        kind = tm.kind.get(b)
        if kind is None or kind == "out":
            return None
        crossing = tm.crossings.get((a, b))
        if crossing == "wall":
            return None
        if crossing == "door":
            return s.doorway_cost if s.enters_buildings else None
        if kind == "building":
            return s.building_move_cost if s.enters_buildings else None
        return street

    return cost


def steps_from(tm: TownMap, data: ZData, size: str, here: Square) -> list[tuple[Square, int]]:
    """The steps a one-square figure of this size may take from ``here``, each with its cost, in
    the order of ``TownMap.neighbors``: ``step_cost``'s rule for every neighbour at once (a move's
    every decision asks this, so the rule is written out here rather than called per step)."""
    s = sizes.stats(data, size)
    street = data.rules["movement"]["square_cost"]
    door = s.doorway_cost if s.enters_buildings else None
    inside = s.building_move_cost if s.enters_buildings else None
    kind, crossings = tm.kind, tm.crossings
    out = []
    for nb in tm.nbrs[here]:
        k = kind.get(nb)
        if k is None or k == "out":
            continue
        crossing = crossings.get((here, nb))
        if crossing == "wall":
            continue
        cost = door if crossing == "door" else inside if k == "building" else street
        if cost is not None:
            out.append((nb, cost))
    return out


def move_board(state: ZState, data: ZData, size: str):
    """The board a figure of this size moves on (anchors for Huge), and its step cost."""
    tm = town_map(state, data)
    if sizes.stats(data, size).footprint != (1, 1):
        return HugeView(tm, data), None
    return tm, step_cost(tm, data, size)


def zombie_squares(state: ZState) -> set[Square]:
    return {tuple(z.loc) for z in state.zombies}

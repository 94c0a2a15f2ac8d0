"""Movement per size: dice, square costs (doorway squeeze, building interiors, Huge barred), reach.

Normal: d6, never less than its hearts; every square costs 1. Big: 2d6; a building square costs 2,
squeezing through a doorway 3. Huge: 3d6; a 2-square-wide figure that may overlap out-of-bounds
squares but never building interiors. Nobody stands on out-of-bounds squares alone.
"""

from __future__ import annotations

from fractions import Fraction

from rules_lib.core.boards.reach import reach_probability
from rules_lib.core.dice import Dist

from . import sizes
from .capacity import can_end
from .data import ZData, default_data
from .figures import Square, footprint, move_board, zombie_squares
from .state import Survivor, ZState
from .town import TownMap
from .variants import MIN_SPEED_COUNTS_RESERVE

RULE_MOVE = "Zombies!!! Giants-Club: Step 3 Move/Fight"


def speed_hearts(surv: Survivor, counts_reserve: bool = False) -> int:
    """The hearts a Normal's minimum speed counts: health (ZGC-AMB-18), or with reserve (variant)."""
    return surv.hearts + surv.reserve if counts_reserve else surv.hearts


def movement_roll(
    data: ZData, surv: Survivor, bonus: int = 0, divisor: int = 1, counts_reserve: bool = False
) -> Dist:
    """Distribution of movement points: the size's dice, Normal's minimum = hearts, card bonuses."""
    s = sizes.stats(data, surv.size)
    hearts = speed_hearts(surv, counts_reserve)
    base = sizes.movement_dice(data, surv.size).dist()

    def points(r: int) -> int:
        return movement_points(
            s.min_speed_is_hearts, hearts, r, bonus + surv.permanent_move_bonus, divisor
        )

    return base.map(points)


def movement_points(min_is_hearts: bool, hearts: int, rolled: int, bonus: int,
                    divisor: int = 1) -> int:
    """The movement allowance from a roll (Normal: at least its hearts), plus card bonuses, then
    divided by a card's divisor (an assumed card effect), never below 0."""
    pts = max(rolled, hearts) if min_is_hearts else rolled
    pts += bonus
    if divisor > 1:
        pts //= divisor
    return max(0, pts)


def movement_reach(state: ZState, name: str, data: ZData | None = None) -> dict[Square, Fraction]:
    """P(this turn's movement roll lets the Survivor end its move on each square).

    Entering a zombie's square starts a fight, so no path runs through one (must stop); a square
    the Survivors there already fill may be passed through but not ended on (ZGC-NORM-01/BIG-01).
    For a Huge figure the keys are anchors (the west square of the figure).
    """
    data = data or default_data()
    surv = state.survivor(name)
    board, cost = move_board(state, data, surv.size)
    zs = zombie_squares(state)
    start = tuple(surv.loc)
    fp = sizes.stats(data, surv.size).footprint

    def must_stop(loc: Square) -> bool:
        if fp == (1, 1):
            return loc in zs
        return any(sq in zs for sq in footprint(data, surv.size, loc))


    roll = movement_roll(data, surv, state.move_bonus, state.move_divisor,
                         MIN_SPEED_COUNTS_RESERVE in state.variants)
    # a full square (four Normals, a Big, a Huge's half) may be passed through, not ended on
    return reach_probability(board, start, roll, cost, must_stop, can_end(state, data, surv))


def reach_squares(
    tm: TownMap, data: ZData, surv_size: str, origin: list[Square], distance: int
) -> frozenset[Square]:
    """Squares within ``distance`` of a figure, walls blocking; doors let arms through.

    A Huge Giant reaches only 1 square past a doorway (ZGC-REACH-06). Worked out once per map,
    size, squares and distance (``TownMap.within``).
    """
    key = (surv_size, tuple(origin), distance)
    hit = tm.within.get(key)
    if hit is None:
        hit = tm.within[key] = _within(tm, sizes.stats(data, surv_size).reach_past_door,
                                       origin, distance)
    return hit


def _within(tm: TownMap, past_door: int | None, origin: list[Square], distance: int
            ) -> frozenset[Square]:
    """Breadth-first out from the figure's squares; a square reached through a doorway reaches
    no further when the size's reach past a door is limited."""
    nbrs, crossings = tm.nbrs, tm.crossings
    seen: dict[Square, int] = {sq: 0 for sq in origin}
    frontier = [(sq, 0, False) for sq in origin]
    out: set[Square] = set()
    while frontier:
        nxt = []
        for sq, d, through in frontier:
            if d >= distance or (through and past_door is not None):
                continue
            for nb in nbrs[sq]:
                if nb in seen and seen[nb] <= d + 1:
                    continue
                seen[nb] = d + 1
                out.add(nb)
                nxt.append((nb, d + 1, through or crossings.get((sq, nb)) == "door"))
        frontier = nxt
    return frozenset(out - set(origin))

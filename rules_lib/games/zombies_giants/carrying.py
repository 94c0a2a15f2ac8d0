"""Giants and Carrying: who fits on a Giant's stand, picking up and setting down within Reach."""

from __future__ import annotations

from . import capacity, sizes
from .data import ZData
from .figures import squares_of
from .movement import reach_squares
from .state import Survivor, ZState
from .town import town_map

RULE_CARRY = "Zombies!!! Giants-Club: Giants and Carrying"


def fits_on(state: ZState, data: ZData, giant: Survivor, extra: Survivor | None) -> bool:
    """Carried figures fit the stand: smaller than the Giant, total places within its capacity."""
    order = list(data.sizes)
    riders = [state.survivor(n) for n in giant.carrying] + ([extra] if extra else [])
    if any(order.index(r.size) >= order.index(giant.size) for r in riders):
        return False
    load = sum(sizes.stats(data, r.size).carry_weight for r in riders)
    return (
        load
        <= sizes.stats(data, giant.size).carry_capacity * sizes.stats(data, "Normal").carry_weight
    )


def reach_of(state: ZState, data: ZData, giant: Survivor) -> set[tuple[int, int]]:
    """Squares within the Giant's Reach, plus its own."""
    tm = town_map(state, data)
    mine = squares_of(state, data, giant)
    return set(mine) | reach_squares(
        tm, data, giant.size, mine, sizes.stats(data, giant.size).reach
    )


def pickup_options(state: ZState, data: ZData, giant: Survivor) -> list[str]:
    """'pick up NAME' for each smaller Survivor within Reach who fits the stand."""
    if giant.carried_by or sizes.stats(data, giant.size).carry_capacity <= 0:
        return []
    near = reach_of(state, data, giant)
    out = []
    for s in state.survivors:
        if s is giant or not s.in_play or s.carried_by or s.carrying or s.loc is None:
            continue
        if set(squares_of(state, data, s)) & near and fits_on(state, data, giant, s):
            out.append(f"pick up {s.name}")
    return out


def setdown_options(state: ZState, data: ZData, giant: Survivor) -> list[str]:
    """'set down NAME at x,y' on squares within Reach the rider may stand on and fits.

    A set-down figure must fit beside the figures already there (ZGC-NORM-01, ZGC-BIG-01): not
    on the Giant's own square(s), which its figure fills.
    """
    if not giant.carrying:
        return []
    tm = town_map(state, data)
    taken = capacity.occupancy(state, data)
    out = []
    for n in giant.carrying:
        rider = state.survivor(n)
        for x, y in sorted(reach_of(state, data, giant)):
            sq = (x, y)
            if (
                capacity.stands(tm, data, rider.size, sq)
                and not state.zombies_at(sq)
                and capacity.fits(state, data, rider.size, sq, rider, taken)
            ):
                out.append(f"set down {n} at {x},{y}")
    return out


def step_off_squares(
    state: ZState, data: ZData, giant: Survivor, rider: Survivor
) -> list[tuple[int, int]]:
    """Where a carried Survivor may move off: under or next to its Giant, with room (assumed)."""
    tm = town_map(state, data)
    mine = squares_of(state, data, giant)
    near = set(mine)
    for sq in mine:
        for nb in tm.board.neighbors(sq):
            if tm.board.crossing(sq, nb) != "wall":
                near.add(nb)
    taken = capacity.occupancy(state, data)
    return sorted(
        sq
        for sq in near
        if capacity.stands(tm, data, rider.size, sq)
        and not state.zombies_at(sq)
        and capacity.fits(state, data, rider.size, sq, rider, taken)
    )

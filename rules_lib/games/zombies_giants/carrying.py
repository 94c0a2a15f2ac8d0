"""Giants and Carrying: picking Survivors up and setting them down within Reach, riding, moving off.

"Giants can pick up a Survivor within their Reach, they can also place them in another square
within Reach (each costs 1 movement)"; the carried figures must fit on the stand
(``capacity.fits_on``); "Survivors can move off a Giant during their turn" (assumed: onto a square
under or next to the Giant, with room).
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import capacity, sizes
from . import provenance as P
from .actions import Action, MoveOff, PickUp, SetDown, Stay
from .capacity import fits_on
from .data import ZData
from .entering import arrive
from .figures import Square, squares_of
from .movement import reach_squares
from .state import Survivor, ZState
from .town import town_map

RULE_CARRY = "Zombies!!! Giants-Club: Giants and Carrying"

__all__ = ["fits_on", "pickup_options", "reach_of", "ride_or_move_off", "setdown_options",
           "step_off_squares"]


def reach_of(state: ZState, data: ZData, giant: Survivor) -> set[Square]:
    """Squares within the Giant's Reach, plus its own."""
    tm = town_map(state, data)
    mine = squares_of(state, data, giant)
    return set(mine) | reach_squares(
        tm, data, giant.size, mine, sizes.stats(data, giant.size).reach
    )


def pickup_options(state: ZState, data: ZData, giant: Survivor) -> list[Action]:
    """Picking up each smaller Survivor within Reach who fits the stand."""
    if giant.carried_by or sizes.stats(data, giant.size).carry_capacity <= 0:
        return []
    near: set[Square] | None = None  # worked out only when someone could be picked up
    out: list[Action] = []
    for s in state.survivors:
        if s is giant or not s.in_play or s.carried_by or s.carrying or s.loc is None:
            continue
        if near is None:
            near = reach_of(state, data, giant)
        if set(squares_of(state, data, s)) & near and fits_on(state, data, giant, s):
            out.append(PickUp(s.name))
    return out


def setdown_options(state: ZState, data: ZData, giant: Survivor) -> list[Action]:
    """Setting each rider down on squares within Reach it may stand on and fits.

    A set-down figure must fit beside the figures already there (ZGC-NORM-01, ZGC-BIG-01): not
    on the Giant's own square(s), which its figure fills.
    """
    if not giant.carrying:
        return []
    tm = town_map(state, data)
    taken = capacity.occupancy(state, data)
    out: list[Action] = []
    for n in giant.carrying:
        rider = state.survivor(n)
        for sq in sorted(reach_of(state, data, giant)):
            if (
                capacity.stands(tm, data, rider.size, sq)
                and not state.zombies_at(sq)
                and capacity.fits(state, data, rider.size, sq, rider, taken)
            ):
                out.append(SetDown(n, sq))
    return out


def step_off_squares(state: ZState, data: ZData, giant: Survivor, rider: Survivor) -> list[Square]:
    """Where a carried Survivor may move off: under or next to its Giant, with room (assumed)."""
    tm = town_map(state, data)
    mine = squares_of(state, data, giant)
    near = set(mine)
    for sq in mine:
        for nb in tm.neighbors(sq):
            if tm.crossing(sq, nb) != "wall":
                near.add(nb)
    taken = capacity.occupancy(state, data)
    return sorted(
        sq
        for sq in near
        if capacity.stands(tm, data, rider.size, sq)
        and not state.zombies_at(sq)
        and capacity.fits(state, data, rider.size, sq, rider, taken)
    )


def pick_up(state: ZState, data: ZData, giant: Survivor, action: PickUp) -> Procedure:
    """The Giant lifts a Survivor onto its stand."""
    other = state.survivor(action.name)
    other.carried_by = giant.name
    other.loc = None
    giant.carrying.append(other.name)
    yield Event(
        f"{giant.name} picks up {other.name} ({data.rules['carrying']['pick_up_cost']} movement)",
        rule=f"{RULE_CARRY} (within Reach; each costs movement)",
        kind="move",
        data={"values": [f"sizes:sizes.{giant.size}.carry_capacity",
                         f"sizes:sizes.{other.size}.carry_weight"]},
        ids=("ZGC-CARRY-04", "ZGC-CARRY-01", "ZGC-REACH-01")
        + (("ZGC-HUGE-08",) if giant.size == "Huge" else ("ZGC-BIG-08",)),
        assumed=P.STAND_FIT,
    )


def set_down(state: ZState, ctx: Context, giant: Survivor, action: SetDown) -> Procedure:
    """The Giant puts a rider down within Reach; the rider arrives there (counters, parts...)."""
    data: ZData = ctx.data
    other = state.survivor(action.name)
    giant.carrying.remove(other.name)
    other.carried_by = None
    other.loc = [action.at[0], action.at[1]]
    where = f"{action.at[0]},{action.at[1]}"
    yield Event(
        f"{giant.name} sets {other.name} down at {where} "
        f"({data.rules['carrying']['set_down_cost']} movement)",
        rule=f"{RULE_CARRY} (within Reach; each costs movement)",
        kind="move",
        ids=("ZGC-CARRY-04",),
    )
    yield from arrive(state, ctx, other, [action.at])


def ride_or_move_off(state: ZState, ctx: Context, rider: Survivor) -> Procedure:
    """A carried Survivor's turn begins: stay on the Giant, or move off next to it.

    Returns True when it stays (its Step 3 is over), else False."""
    data: ZData = ctx.data
    giant = state.survivor(rider.carried_by)
    spots = step_off_squares(state, data, giant, rider)
    options: list[Action] = [Stay(), *(MoveOff(sq) for sq in spots)]
    off = yield Decision(
        rider.name,
        "carried",
        f"Stay on {giant.name} or move off?",
        [str(o) for o in options],
        rule=f"{RULE_CARRY} (move off during their turn)",
        ids=("ZGC-CARRY-03",),
        assumed=P.STEP_OFF,
    )
    chosen = Action.parse(off)
    if not isinstance(chosen, MoveOff):
        yield Event(f"{rider.name} rides on {giant.name}", rule=RULE_CARRY, kind="move",
                    ids=("ZGC-CARRY-01",))
        return True
    giant.carrying.remove(rider.name)
    rider.carried_by = None
    rider.loc = list(chosen.to)
    yield Event(
        f"{rider.name} moves off {giant.name} onto {rider.loc[0]},{rider.loc[1]}",
        rule=f"{RULE_CARRY} (Survivors can move off a Giant during their turn)",
        kind="move",
        ids=("ZGC-CARRY-03",),
        assumed=P.STEP_OFF,
    )
    return False

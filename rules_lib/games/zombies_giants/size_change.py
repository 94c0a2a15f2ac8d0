"""A Survivor changes size (a potion, a Size-Ray): riders who no longer fit get off, a Giant too
big to be carried steps down, and a figure without room where it stands moves to where there is.

What the text leaves open here is assumed (``provenance.GET_OFF``): the figure steps onto the
nearest square with room, as the events say.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import provenance as P
from . import sizes
from .capacity import (
    RULE_CAPACITY,
    describe,
    fits_on,
    nearest_room,
    stands,
    survivor_squares_fit,
    terrain_why,
)
from .data import ZData
from .figures import Square, squares_of
from .state import Survivor, ZState
from .town import town_map


def resized(state: ZState, ctx: Context, surv: Survivor, old: str) -> Procedure:
    """After a size change: carried Survivors who no longer fit get off (assumed)."""
    data: ZData = ctx.data
    for name in list(surv.carrying):
        if not fits_on(state, data, surv, None):
            c = state.survivor(name)
            surv.carrying.remove(name)
            c.carried_by = None
            spot = _room_near(state, data, c, squares_of(state, data, surv))
            c.loc = list(spot) if spot else None
            yield Event(
                f"{name} no longer fits on {surv.name}'s stand and gets off"
                + (f" onto {spot[0]},{spot[1]}" if spot else ""),
                rule="Zombies!!! Giants-Club: Giants and Carrying (as long as they fit on the "
                "figurine stand)",
                kind="move",
                ids=("ZGC-CARRY-01",),
                assumed=P.GET_OFF,
            )
    if surv.carried_by and sizes.stats(data, surv.size).is_giant:
        carrier = state.survivor(surv.carried_by)
        around = squares_of(state, data, carrier)
        carrier.carrying.remove(surv.name)
        surv.carried_by = None
        spot = _room_near(state, data, surv, around)
        surv.loc = list(spot) if spot else list(carrier.loc)
        yield Event(
            f"{surv.name} is too big to be carried and gets off onto {surv.loc[0]},{surv.loc[1]}",
            rule="Zombies!!! Giants-Club: Giants and Carrying (Giants carry smaller Survivors)",
            kind="move",
            ids=("ZGC-CARRY-01",),
            assumed=P.GET_OFF,
        )


def _room_near(state: ZState, data: ZData, surv: Survivor, around: list[Square]) -> Square | None:
    """The nearest square with room for a figure that is lifted off where it was."""
    surv.loc = None
    return nearest_room(state, data, surv, list(around))


def make_room(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A figure that grew where its square has no room stands on the nearest square that does."""
    data: ZData = ctx.data
    if surv.loc is None or surv.carried_by or not surv.in_play:
        return
    here = tuple(surv.loc)
    if survivor_squares_fit(state, data, surv) and stands(
        town_map(state, data), data, surv.size, here
    ):
        return
    why = "; ".join(b for b in (terrain_why(town_map(state, data), data, surv.size, here),
                                describe(state, data, surv.size, here, surv)) if b)
    spot = nearest_room(state, data, surv, [here])
    if spot is None:
        return
    surv.loc = [spot[0], spot[1]]
    yield Event(
        f"{surv.name} ({surv.size}) has no room at {here[0]},{here[1]} ({why}): "
        f"the figure stands at {spot[0]},{spot[1]}",
        rule=RULE_CAPACITY,
        kind="move",
        ids=("ZGC-NORM-01", "ZGC-BIG-01"),
        assumed=P.GET_OFF,
    )

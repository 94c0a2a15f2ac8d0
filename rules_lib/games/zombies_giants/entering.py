"""Entering a square: fight the zombies there, then collect counters and parts, then escape?

Every way onto a square goes through here: a step (Step 3 Move/Fight: "if moving triggers combat,
make combat checks until Survivor wins or dies"), moving in after a Reach attack, a vent, being set
down by a Giant. A full square may be passed through but not ended on (ZGC-NORM-01, ZGC-BIG-01).
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import capacity, crafting, sizes
from . import provenance as P
from .data import ZData
from .fight import fight, helpers_of
from .figures import Square, squares_of
from .resources import pick_up_tokens
from .state import Survivor, Zombie, ZState
from .town import town_map
from .win import check_escape

RULE_MOVE = "Zombies!!! Giants-Club: Step 3 Move/Fight"


def enter(state: ZState, ctx: Context, s: Survivor, target: Square, how: str) -> Procedure:
    """Step onto a square (anchor): fight what is there, pick things up, see if you escape.

    Returns True when the Survivor's movement ends (it lost a fight), else None. ``how`` says
    how the figure came (move, vent, move in)."""
    data: ZData = ctx.data
    before = set(squares_of(state, data, s))
    s.loc = [target[0], target[1]]
    new = [sq for sq in squares_of(state, data, s) if sq not in before]
    full = not capacity.fits(state, data, s.size, target, s)
    state.passing = s.name if full else None
    wide = sizes.stats(data, s.size).footprint != (1, 1)
    covers = (" (covering " + " and ".join(f"{x},{y}" for x, y in squares_of(state, data, s))
              + ")") if wide else ""  # a wide figure's anchor is only one of its squares
    yield Event(
        f"{s.name} moves to {target[0]},{target[1]}{covers}"
        + (
            f" (passing through: {capacity.describe(state, data, s.size, target, s)})"
            if full
            else ""
        ),
        rule=RULE_MOVE + (f" (a full square; {capacity.RULE_CAPACITY})" if full else ""),
        kind="move",
        data={"values": [f"sizes:sizes.{s.size}.footprint"]} if wide else {},
        ids=("ZGC-FIGHT-01",) + (("ZGC-NORM-01", "ZGC-BIG-01") if full else ())
        + (("ZGC-HUGE-01",) if wide else ()),
        assumed=P.joined(P.PASS_THROUGH if full else "", P.HUGE_FOOTPRINT if wide else ""),
    )
    by_square: dict[Square, list[Zombie]] = {}
    entered = set(new)
    for z in state.zombies:  # (in their order on each square)
        sq = (z.loc[0], z.loc[1])
        if sq in entered:
            by_square.setdefault(sq, []).append(z)
    for sq, here in sorted(by_square.items()):
        yield Event(
            f"Moving into {sq[0]},{sq[1]} triggers combat with {len(here)} zombie(s)",
            rule=f"{RULE_MOVE} (fight until the Survivor wins or dies)",
            kind="combat",
            data={"square": list(sq), "squares_with_zombies": len(by_square)},
            ids=("ZGC-FIGHT-02",),
        )
        result = yield from fight(state, ctx, s, here, helpers=helpers_of(state, data, s))
        if result.outcome != "won":
            return True
    yield from arrive(state, ctx, s, new)
    return None


def arrive(state: ZState, ctx: Context, s: Survivor, squares: list[Square]) -> Procedure:
    """Things that happen on arriving: tokens, store parts, the helicopter."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    for sq in squares:
        yield from pick_up_tokens(state, ctx, s, sq)
        tile = tm.tile_of.get(sq)
        if tm.kind.get(sq) == "building" and tile:
            yield from crafting.visit_store(state, ctx, s, tile)
    yield from check_escape(state, ctx, s)

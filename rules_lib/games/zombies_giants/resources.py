"""Resource Usage: reserve hearts and bullet counters, collected, used and shared.

Heart counters picked up go to reserve, kept apart from health (a Normal holds at most 2 in
reserve: ZGC-AMB-12; the variant ``reserve_overflow_stays`` leaves the rest on the square). A
reserve heart may be turned into health; bullets and reserve hearts may be given to a Survivor
next to you (assumed: on the same or an adjacent square). None of these costs movement.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure
from rules_lib.core.words import count

from . import provenance as P
from . import sizes
from .actions import Action, GiveBullet, GiveReserve, UseReserve
from .data import ZData
from .figures import Square, squares_of
from .state import Survivor, ZState, key
from .variants import RESERVE_OVERFLOW_STAYS

RULE_RES = "Zombies!!! Giants-Club: Resource Usage"
OVERFLOW_STAYS = P.variant(RESERVE_OVERFLOW_STAYS, "ZGC-AMB-12", "hearts a Normal cannot hold "
                                                                "stay on the square")


def resource_options(state: ZState, data: ZData, s: Survivor) -> list[Action]:
    """Using a reserve heart, giving bullets or reserve hearts to a Survivor next to you."""
    out: list[Action] = []
    if s.reserve > 0 and s.halves + 2 <= 2 * sizes.max_hearts(data, s):
        out.append(UseReserve())
    if s.bullets <= 0 and s.reserve <= 0:
        return out  # nothing to give
    mine: list[Square] | None = None  # worked out only when there is someone to give to
    for o in state.survivors:
        if o is s or not o.in_play:
            continue
        if mine is None:
            mine = squares_of(state, data, s)
        theirs = squares_of(state, data, o)
        if not any(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1 for a in mine for b in theirs):
            continue
        if s.bullets > 0:
            out.append(GiveBullet(o.name))
        cap = sizes.max_reserve(data, o)
        if s.reserve > 0 and (cap is None or o.reserve < cap):
            out.append(GiveReserve(o.name))
    return out


def use_reserve(s: Survivor) -> Procedure:
    """A reserve heart becomes a health heart."""
    s.reserve -= 1
    s.halves += 2
    yield Event(
        f"{s.name} uses a reserve heart ({s.halves / 2:g} hearts, {s.reserve} reserve)",
        rule=f"{RULE_RES} (reserve hearts are kept apart from health)",
        kind="info",
        ids=("ZGC-RES-01",),
    )


def give(state: ZState, data: ZData, s: Survivor, action: GiveBullet | GiveReserve) -> Procedure:
    """Hand a bullet or a reserve heart to a Survivor next to you (within its reserve limit)."""
    other = state.survivor(action.to)
    if isinstance(action, GiveBullet):
        what = "bullet"
        s.bullets -= 1
        other.bullets += 1
    else:
        what = "reserve heart"
        s.reserve -= 1
        sizes.add_reserve(data, other, 1)
    yield Event(
        f"{s.name} gives a {what} to {other.name}",
        rule=f"{RULE_RES} (reserve hearts and bullets can be shared)",
        kind="info",
        ids=("ZGC-RES-01", "ZGC-RES-02"),
        assumed=P.SHARE_NEXT_TO,
    )


def pick_up_tokens(
    state: ZState, ctx: Context, s: Survivor, sq: Square, reached: bool = False
) -> Procedure:
    """Collect heart and bullet counters (hearts go to reserve: Resource Usage).

    A Normal holds at most 2 reserve hearts (ZGC-AMB-12): the rest are lost, or, with the variant
    ``reserve_overflow_stays``, stay on the square."""
    data: ZData = ctx.data
    bag = state.tokens.pop(key(sq), None)
    if not bag:
        return
    hearts, bullets = bag.get("hearts", 0), bag.get("bullets", 0)
    kept = sizes.add_reserve(data, s, hearts)
    s.bullets += bullets
    stays = ctx.variant(RESERVE_OVERFLOW_STAYS)
    if stays and kept < hearts:
        state.tokens[key(sq)] = {"hearts": hearts - kept}
    capped = kept < hearts
    giant = sizes.stats(data, s.size).is_giant
    found = []  # only the counters that were there: '1 bullet', '2 reserve hearts (kept 1, ...)'
    if hearts:
        found.append(count(hearts, "reserve heart")
                     + (f" (kept {kept}" + (", the rest stay)" if stays else ", the rest are lost)")
                        if capped else ""))
    if bullets:
        found.append(count(bullets, "bullet"))
    if not found:
        found.append("no counter")
    yield Event(
        f"{s.name} {'grabs' if reached else 'collects'} {' and '.join(found)} at {sq[0]},{sq[1]}",
        rule=RULE_RES
        + (f" (Reach grabs cost {data.rules['grab_cost']} square)" if reached else "")
        + ("; Giants collect bullets but can't use them" if bullets and giant else ""),
        kind="move",
        data={"hearts": kept, "bullets": bullets},
        ids=("ZGC-RES-01", "ZGC-RES-02")
        + (("ZGC-REACH-01",) if reached else ())
        + (("ZGC-NORM-02", "ZGC-AMB-12") if capped else ())
        + (("ZGC-BIG-04",) if bullets and giant else ()),
        assumed=P.joined(P.TOKENS, (OVERFLOW_STAYS if stays else P.AMB12) if capped else ""),
    )

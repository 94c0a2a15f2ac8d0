"""Win Conditions: escape by the Helicopter, or, for a Giant who can no longer shrink, 25 kills.

Normal Survivors escape via the Helicopter if no zombie is on the centre square: a Survivor reaching
the Helicopter (the Helipad's centre square) with no zombie on it escapes (the variant
``escape_from_any_helipad_square`` lets any Helipad square do). Big and Huge Giants escape this way
only after shrinking to Normal. A Giant left at Big/Huge size with every shrinking item used up must
kill 25 zombies to survive (ZGC-AMB-17: the whole game's kills; the variant counts only the kills
made after the last shrinking item went).
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import provenance as P
from . import sizes
from .data import ZData
from .figures import squares_of
from .state import Survivor, ZState
from .town import town_map
from .variants import ESCAPE_FROM_ANY_PAD_SQUARE, KILLS_NEED_SPENT_ITEMS, KILLS_ONCE_STRANDED

RULE_WIN = "Zombies!!! Giants-Club: Win Conditions"
IDS_ESCAPE = ("ZGC-WIN-01", "ZGC-MF-04")
IDS_SHRINK = ("ZGC-WIN-02",)
IDS_KILLS = ("ZGC-WIN-03", "ZGC-AMB-17")
ESCAPE_ANY = P.variant(ESCAPE_FROM_ANY_PAD_SQUARE, "ZGC-WIN-01", "any Helipad square will do")
STRANDED = P.variant(KILLS_ONCE_STRANDED, "ZGC-AMB-17", "only kills since the last shrinking "
                                                      "item went count")
SPENT = (f"variant {KILLS_NEED_SPENT_ITEMS}: 'used up' needs a Size-Ray or Potion Kit to have "
         "been made")


def shrink_left(state: ZState, data: ZData) -> bool:
    """Is a shrinking item left in play: a Normal potion, a charged (or rechargeable) Size-Ray, a
    Potion Kit with the reserve hearts to make a potion? (USED_UP: the assumed reading.)"""
    for s in state.survivors:
        if s.status != "active":
            continue
        if "Normal" in s.potions:
            return True
        if s.size_ray is not None and (s.size_ray.charges > 0 or s.bullets > 0):
            return True
        if s.potion_kit is not None:
            paid, _ = data.crafting["potion_kit"]["recipe"][s.potion_kit.parts]
            if s.reserve >= paid:
                return True
    return False


def stranded(state: ZState, data: ZData, surv: Survivor) -> bool:
    """A Giant left at Big/Huge size with every shrinking item used up (the variant
    ``kill_win_needs_spent_items``: one must have been made first)."""
    if not sizes.stats(data, surv.size).is_giant or shrink_left(state, data):
        return False
    if KILLS_NEED_SPENT_ITEMS in state.variants:
        return bool(state.crafted["size_ray"] or state.crafted["potion_kit"])
    return True


def credit_kills(state: ZState, data: ZData, surv: Survivor, n: int) -> None:
    """Count n zombie kills for a Survivor (and apart, those made while stranded)."""
    if n <= 0:
        return
    surv.kills += n
    if stranded(state, data, surv):
        surv.stranded_kills += n


def check_escape(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """A Normal Survivor on the Helicopter (the centre square) escapes unless a zombie is on it."""
    data: ZData = ctx.data
    if s.carried_by or s.loc is None:
        return
    tm = town_map(state, data)
    if tm.helicopter is None:
        return
    mine = squares_of(state, data, s)
    any_square = ctx.variant(ESCAPE_FROM_ANY_PAD_SQUARE)
    if any_square:
        there = any(tm.tile_of.get(sq) == "Helipad" for sq in mine)
    else:
        there = tm.helicopter in mine
    if not there:
        return
    note = ESCAPE_ANY if any_square else ""
    if s.size != "Normal":
        yield Event(
            f"{s.name} is {s.size}: Giants must shrink to Normal size to board the helicopter",
            rule=f"{RULE_WIN} (Giants only escape when shrunk)",
            kind="info",
            ids=IDS_SHRINK,
            assumed=note,
        )
        return
    if state.zombies_at(tm.helicopter):
        yield Event(
            "A zombie stands on the helicopter's centre square: no escape yet",
            rule=RULE_WIN,
            kind="info",
            ids=IDS_ESCAPE,
            assumed=note,
        )
        return
    s.status = "escaped"
    for name in s.carrying:
        state.survivor(name).carried_by = None
    yield Event(
        f"{s.name} escapes by helicopter!",
        rule=f"{RULE_WIN} (the Helicopter, no zombie on the centre square)",
        kind="result",
        ids=IDS_ESCAPE,
        assumed=note,
    )


def check_kills_win(state: ZState, ctx: Context) -> Procedure:
    """A Giant who can no longer shrink survives by killing 25 zombies (ZGC-AMB-17)."""
    data: ZData = ctx.data
    need = data.rules["win"]["kills_to_survive"]
    only_stranded = ctx.variant(KILLS_ONCE_STRANDED)
    for s in state.survivors:
        if not s.in_play:
            continue
        counted = s.stranded_kills if only_stranded else s.kills
        if counted >= need and stranded(state, data, s):
            s.status = "survived"
            yield Event(
                f"{s.name} ({s.size}) has killed {counted} zombies with no shrinking item left: "
                f"survives (needs {need})",
                rule=f"{RULE_WIN} (a Giant left at Big/Huge size must kill {need} zombies)",
                kind="result",
                ids=IDS_KILLS,
                assumed=P.joined(STRANDED if only_stranded else P.AMB17,
                                 SPENT if KILLS_NEED_SPENT_ITEMS in state.variants else P.USED_UP),
                data={"kills": counted, "values": ["rules:win.kills_to_survive"]},
            )

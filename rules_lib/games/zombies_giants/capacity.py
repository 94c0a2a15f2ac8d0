"""Room for figures: on a square (four Normals share one, a Big fills it) and on a Giant's stand.

A Normal Survivor uses a quarter-square figure (four can share a square, ZGC-NORM-01); a Big
Giant's figure fills a whole square, so nothing else fits beside it (ZGC-BIG-01); a Huge figure
is two squares wide and fills both. The shares are data (sizes.yaml ``figure_squares``, spread
evenly over the figure's footprint). Survivors riding on a Giant's stand take no room on the
square. Zombies are not Survivor figures: they share squares by their own rule (two at most).

A Giant's stand holds smaller Survivors "as long as they fit on the figurine stand" (Giants and
Carrying): the riders' weights within the Giant's carry capacity (sizes.yaml).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rules_lib.core.boards.reach import reach

from . import sizes
from .data import ZData
from .figures import footprint, huge_fits, move_board, zombie_squares
from .state import Survivor, ZState
from .town import TownMap, town_map

Square = tuple[int, int]
RULE_NORMAL = "Zombies!!! Giants-Club: Normal (quarter-square figure: four share a square)"
RULE_BIG = "Zombies!!! Giants-Club: Big (a figure filling a whole square)"
RULE_CAPACITY = f"{RULE_NORMAL}; {RULE_BIG}"


def share(data: ZData, size: str) -> Fraction:
    """How much of each square it covers a figure of this size takes (Normal 1/4, Big/Huge 1)."""
    s = sizes.stats(data, size)
    w, h = s.footprint
    return s.figure_squares / (w * h)


def capacity(data: ZData) -> Fraction:
    """How much figure one square holds (one whole square)."""
    return data.square_capacity


def occupancy(state: ZState, data: ZData, exclude: Survivor | None = None) -> dict[Square, int]:
    """Room taken on each square by Survivors in play standing on their own feet, in the units
    of ``ZData.room_units`` (exact: a Normal 1, a Big 4, a square holds 4 as shipped)."""
    units = data.room_units[1]
    out: dict[Square, int] = {}
    for s in state.survivors:
        if s is exclude or not s.in_play or s.carried_by or s.loc is None:
            continue
        part = units[s.size]
        for sq in footprint(data, s.size, (s.loc[0], s.loc[1])):
            out[sq] = out.get(sq, 0) + part
    return out


def fits(
    state: ZState,
    data: ZData,
    size: str,
    anchor: Square,
    exclude: Survivor | None = None,
    taken: dict[Square, int] | None = None,
) -> bool:
    """A figure of this size has room at this anchor beside the Survivors already there
    (``taken``: the occupancy without ``exclude``, if counted already)."""
    taken = occupancy(state, data, exclude) if taken is None else taken
    cap, units = data.room_units
    part = units[size]
    if sizes.stats(data, size).footprint == (1, 1):
        return taken.get((anchor[0], anchor[1]), 0) + part <= cap
    return all(taken.get(sq, 0) + part <= cap for sq in footprint(data, size, anchor))


def who_is_on(state: ZState, data: ZData, sq: Square, exclude: Survivor | None = None) -> list[str]:
    """Survivors standing on a square (for messages)."""
    return [
        s.name
        for s in state.survivors
        if s is not exclude
        and s.in_play
        and not s.carried_by
        and s.loc is not None
        and sq in footprint(data, s.size, tuple(s.loc))
    ]


def crowded(state: ZState, data: ZData, exclude: Survivor | None = None) -> dict[Square, list[str]]:
    """Squares whose Survivor figures do not fit, with who stands there."""
    cap = data.room_units[0]
    return {
        sq: who_is_on(state, data, sq, exclude)
        for sq, used in sorted(occupancy(state, data, exclude).items())
        if used > cap
    }


def stands(tm: TownMap, data: ZData, size: str, anchor: Square) -> bool:
    """The terrain lets a figure of this size stand here (Huge: no interiors; nobody on out)."""
    s = sizes.stats(data, size)
    if s.footprint != (1, 1):
        return huge_fits(tm, data, anchor)
    kind = tm.kind.get(anchor)
    return kind == "street" or (kind == "building" and s.enters_buildings)


def terrain_why(tm: TownMap, data: ZData, size: str, anchor: Square) -> str:
    """Why the terrain keeps a figure of this size from standing here ('' when it may stand)."""
    if stands(tm, data, size, anchor):
        return ""
    s = sizes.stats(data, size)
    if s.footprint != (1, 1):
        w, h = s.footprint
        return (f"a {size} figure standing there would cover a building square or only "
                f"out-of-bounds squares ({w}x{h} squares)")
    kind = tm.kind.get(anchor)
    if kind is None:
        return "no tile is there"
    if kind == "out":
        return "the square is out of bounds"
    return f"the square is inside a building, which a {size} figure cannot enter"


def nearest_room(
    state: ZState,
    data: ZData,
    surv: Survivor,
    around: list[Square],
    among: list[Square] | None = None,
) -> Square | None:
    """The closest anchor to ``around`` (then the lowest) where the Survivor stands and fits."""
    tm = town_map(state, data)
    taken = occupancy(state, data, surv)
    spots = [
        sq
        for sq in (among if among is not None else tm.kind)
        if stands(tm, data, surv.size, sq) and fits(state, data, surv.size, sq, surv, taken)
    ]
    if not spots:
        return None

    def dist(sq: Square) -> int:
        return min(abs(sq[0] - a[0]) + abs(sq[1] - a[1]) for a in around)

    return min(spots, key=lambda sq: (dist(sq), sq))


def survivor_squares_fit(state: ZState, data: ZData, surv: Survivor) -> bool:
    """The Survivor's figure fits where it stands (carried Survivors always do)."""
    if surv.carried_by or surv.loc is None:
        return True
    return fits(state, data, surv.size, tuple(surv.loc), surv)


def describe(state: ZState, data: ZData, size: str, anchor: Square, exclude: Survivor) -> str:
    """Why a figure does not fit: who already fills the square(s)."""
    taken = occupancy(state, data, exclude)
    cap, units = data.room_units
    part = units[size]
    full = [sq for sq in footprint(data, size, anchor) if taken.get(sq, 0) + part > cap]
    bits = [f"{sq[0]},{sq[1]} holds {', '.join(who_is_on(state, data, sq, exclude))}" for sq in full]
    return "; ".join(bits)


def can_end(state: ZState, data: ZData, surv: Survivor,
            taken: dict[Square, int] | None = None) -> Callable[[Square], bool]:
    """The core reach hook: a move may pass through a full square but not end on it."""
    taken = occupancy(state, data, surv) if taken is None else taken

    def ok(anchor: Square) -> bool:
        return fits(state, data, surv.size, anchor, surv, taken)

    return ok


def can_pass(state: ZState, data: ZData, surv: Survivor, anchor: Square, left: int,
             taken: dict[Square, int] | None = None) -> bool:
    """Stepping onto ``anchor`` is legal: the figure fits there, or can still move on to a square
    where it fits with the ``left`` movement it will have (pass through, not end). ``taken``:
    the occupancy without ``surv``, if counted already."""
    taken = occupancy(state, data, surv) if taken is None else taken
    if fits(state, data, surv.size, anchor, surv, taken):
        return True
    end_ok = can_end(state, data, surv, taken)
    board, cost = move_board(state, data, surv.size)
    zs = zombie_squares(state)
    if any(sq in zs for sq in footprint(data, surv.size, anchor)):
        return False  # entering zombies means a fight there: no passing through a full square
    stops = _must_stop(data, surv.size, zs)
    ends = reach(board, anchor, left, cost, stops, end_ok)
    return any(a != anchor for a in ends)


def _must_stop(data: ZData, size: str, zs: set[Square]):
    def stop(anchor: Square) -> bool:
        return any(sq in zs for sq in footprint(data, size, anchor))

    return stop


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

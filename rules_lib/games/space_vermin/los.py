"""Line-of-Sight (§J-1).

A centre-to-centre line is blocked if it crosses the inside *or the hexside* of any intervening
hex holding blocking terrain (Bamboo, Building, Toxic Tar Pit) or any unit.

The core ``hex_line`` gives the line nudged to either side; a line running along a hexside touches
the hexes on both sides, and Space Vermin blocks it if *either* side is blocked (``rule="either"``).
The firer's and the target's own hexes never block: "targets merely occupying
blocking terrain may be
fired upon" (§J-1).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from rules_lib.core.boards.hex import Hex, hex_line

from .board import SVMap
from .state import SVState

LOS_RULE = "either"


def blocker(smap: SVMap, state: SVState | None) -> Callable[[Hex], bool]:
    """The per-hex blocking test: blocking terrain, or any unit of either side in the hex."""
    occupied = {smap.hex_of[lab] for lab in state.occupied()} if state is not None else set()
    blocks = smap.blocks_los
    return lambda h: blocks(h) or h in occupied


NOT_TRACED = object()  # a pair of hexes not in ``SVMap.sight_lines`` yet


@cache
def _line_offsets(dq: int, dr: int) -> tuple[tuple[int, int], ...]:
    """The hexes strictly between (0, 0) and (dq, dr) on either nudged side, as axial offsets.

    A line's hexes depend only on the step from a to b, so one ``hex_line`` per offset serves
    every pair of hexes that far apart (checked hex pair by hex pair on both Mapzones); pure
    geometry, so each offset is worked out once."""
    line = hex_line(Hex(0, 0), Hex(dq, dr))
    return tuple(dict.fromkeys((h[0], h[1]) for h in (*line.left[1:-1], *line.right[1:-1])))


def between(smap: SVMap, a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Hexes of the map strictly between a and b on either nudged side of the line."""
    index = smap.label_of  # every hex of the board
    aq, ar = a[0], a[1]
    return tuple(
        h
        for h in (Hex(aq + oq, ar + orr) for oq, orr in _line_offsets(b[0] - aq, b[1] - ar))
        if h in index
    )


def lines_from(smap: SVMap, a: Hex) -> dict[Hex, tuple[str, ...] | None]:
    """The lines traced so far from ``a``: {b: ``clear_of_terrain(smap, a, b)``}, kept on the
    map (its terrain never changes, only units move). A shooter reads every target's line from
    this one table of its own hex (``clear_of_terrain`` fills it as new pairs come)."""
    lines = smap.sight_lines.get(a)
    if lines is None:
        lines = smap.sight_lines[a] = {}
    return lines


def clear_of_terrain(smap: SVMap, a: Hex, b: Hex) -> tuple[str, ...] | None:
    """None if blocking terrain lies between a and b, else the labels of the hexes a unit would
    block (labels: units stand on printed labels, so ``state.occupied()`` is compared as it is).
    Kept in the map's ``sight_lines``: its terrain never changes, only units move."""
    cache = lines_from(smap, a)
    try:
        return cache[b]
    except KeyError:
        pass
    # the hexes of ``between(smap, a, b)`` (plain (q, r) tuples: equal to and hashed like Hex)
    index = smap.label_of
    aq, ar = a[0], a[1]
    labels = []
    found: tuple[str, ...] | None = None
    for oq, orr in _line_offsets(b[0] - aq, b[1] - ar):
        h = (aq + oq, ar + orr)
        label = index.get(h)  # type: ignore[call-overload]
        if label is not None:
            if smap.blocks_los(h):  # type: ignore[arg-type]
                break
            labels.append(label)
    else:
        found = tuple(labels)
    cache[b] = found
    return found


def has_line_of_sight(
    smap: SVMap, state: SVState | None, a: Hex, b: Hex, occupied: set[str] | None = None
) -> bool:
    """Whether a Marine in ``a`` sees a target in ``b`` (§J-1): no blocking terrain or unit on
    either side of the line ("either" rule, same as the core ``line_of_sight``). ``occupied``:
    the labels of the hexes holding a unit (``state.occupied()``), when the caller has them."""
    clear = lines_from(smap, a).get(b, NOT_TRACED)  # ``clear_of_terrain``, known already
    if clear is NOT_TRACED:
        clear = clear_of_terrain(smap, a, b)
    if clear is None:
        return False
    if occupied is None:
        occupied = state.occupied() if state is not None else set()
    return occupied.isdisjoint(clear)


def visible_from(smap: SVMap, state: SVState | None, a: Hex) -> set[Hex]:
    """Every hex seen from ``a`` (``a`` included), same rule, computed for the whole map at once."""
    return smap.board.visible_from(a, blocker(smap, state), rule=LOS_RULE)


def visible_labels(smap: SVMap, state: SVState | None, label: str) -> list[str]:
    """Printed labels of every hex seen from the hex ``label``, in map order (for widgets)."""
    seen = visible_from(smap, state, smap.hex(label))
    return [smap.label(h) for h in smap.board.locations() if h in seen]

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

from rules_lib.core.boards.hex import Hex, hex_line

from .board import SVMap
from .state import SVState

LOS_RULE = "either"


def blocker(smap: SVMap, state: SVState | None) -> Callable[[Hex], bool]:
    """The per-hex blocking test: blocking terrain, or any unit of either side in the hex."""
    occupied = {smap.hex_of[lab] for lab in state.occupied()} if state is not None else set()
    blocks = smap.blocks_los
    return lambda h: blocks(h) or h in occupied


_BETWEEN: dict[tuple[str, Hex, Hex], tuple[Hex, ...]] = {}


def between(smap: SVMap, a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Hexes strictly between a and b on either nudged side of the line (cached: pure geometry)."""
    key = (smap.key, a, b)
    found = _BETWEEN.get(key)
    if found is None:
        line = hex_line(a, b)
        index = set(smap.board.locations())
        found = tuple(dict.fromkeys(h for h in (*line.left[1:-1], *line.right[1:-1])
                                    if h in index))
        _BETWEEN[key] = found
    return found


def has_line_of_sight(
    smap: SVMap, state: SVState | None, a: Hex, b: Hex, occupied: set[Hex] | None = None
) -> bool:
    """Whether a Marine in ``a`` sees a target in ``b`` (§J-1): no blocking terrain or unit on
    either side of the line ("either" rule, same as the core ``line_of_sight``)."""
    if occupied is None:
        occupied = {smap.hex_of[lab] for lab in state.occupied()} if state is not None else set()
    blocks = smap.blocks_los
    return not any(blocks(h) or h in occupied for h in between(smap, a, b))


def visible_from(smap: SVMap, state: SVState | None, a: Hex) -> set[Hex]:
    """Every hex seen from ``a`` (``a`` included), same rule, computed for the whole map at once."""
    return smap.board.visible_from(a, blocker(smap, state), rule=LOS_RULE)


def visible_labels(smap: SVMap, state: SVState | None, label: str) -> list[str]:
    """Printed labels of every hex seen from the hex ``label``, in map order (for widgets)."""
    seen = visible_from(smap, state, smap.hex(label))
    return [smap.label(h) for h in smap.board.locations() if h in seen]

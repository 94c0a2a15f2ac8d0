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

from rules_lib.core.boards.hex import Hex

from .board import SVMap
from .state import SVState

LOS_RULE = "either"


def blocker(smap: SVMap, state: SVState | None) -> Callable[[Hex], bool]:
    """The per-hex blocking test: blocking terrain, or any unit of either side in the hex."""
    occupied = {smap.hex_of[lab] for lab in state.occupied()} if state is not None else set()
    blocks = smap.blocks_los
    return lambda h: blocks(h) or h in occupied


def has_line_of_sight(smap: SVMap, state: SVState | None, a: Hex, b: Hex) -> bool:
    """Whether a Marine in ``a`` sees a target in ``b`` (§J-1)."""
    return smap.board.line_of_sight(a, b, blocker(smap, state), rule=LOS_RULE)


def visible_from(smap: SVMap, state: SVState | None, a: Hex) -> set[Hex]:
    """Every hex seen from ``a`` (``a`` included), same rule, computed for the whole map at once."""
    return smap.board.visible_from(a, blocker(smap, state), rule=LOS_RULE)


def visible_labels(smap: SVMap, state: SVState | None, label: str) -> list[str]:
    """Printed labels of every hex seen from the hex ``label``, in map order (for widgets)."""
    seen = visible_from(smap, state, smap.hex(label))
    return [smap.label(h) for h in smap.board.locations() if h in seen]

"""The "lowest-numbered" choices (§F-2, §I-1-c, §I-5-b, §J-4, §J-7): which hex comes first when
the rulebook says "the lowest-numbered hex", and the reading that orders the unnumbered hexes.

The map's own key is ``SVMap.number_key``; what is here reads the state's rule variants and says
on an event when the reading of SV-AMB-16 decided the choice.
"""

from __future__ import annotations

from .board import SVMap
from .state import SVState

EMPTY_HEX_WHY = ("default reading of SV-AMB-06: a Toxic Tar Pit is never an empty hex to land "
                 "in")


UNNUMBERED_FIRST = "unnumbered_hexes_first"  # SV-AMB-16's other reading (a variant)


ORDER_WHY = ("default reading of SV-AMB-16: unnumbered hexes come after every numbered hex, "
             "clockwise from north among themselves")


def unnumbered_first(state: SVState) -> bool:
    """Whether "lowest-numbered" puts unnumbered hexes first (variant unnumbered_hexes_first)."""
    return UNNUMBERED_FIRST in state.variants


def ordering_note(smap: SVMap, candidates, first: bool) -> tuple[tuple[str, ...], str]:
    """SV-AMB-16's ID and reading when a "lowest-numbered" choice had an unnumbered hex among
    several candidates (the only case the reading decides)."""
    hexes = list(candidates)
    if len(hexes) < 2 or all(smap.numbered(h) for h in hexes):
        return (), ""
    return ("SV-AMB-16",), order_reading(first)


def order_reading(first: bool) -> str:
    """The reading of SV-AMB-16 in play: the default, or variant unnumbered_hexes_first."""
    return "variant unnumbered_hexes_first (other reading of SV-AMB-16)" if first else ORDER_WHY


def tar_pit_passed_over(smap: SVMap, here, first: bool) -> tuple[str, ...]:
    """SV-TERR-12's ID when the lowest-numbered hex adjacent to ``here`` is a Toxic Tar Pit, which
    no unit may enter: a push or a scatter to "the lowest-numbered adjacent hex" passed it over."""
    lowest = smap.lowest_numbered(list(smap.neighbors(here)), here, first)
    return ("SV-TERR-12",) if smap.terrain_of(lowest) == "tar_pit" else ()


def empty_adjacent(smap: SVMap, state: SVState, label: str, first: bool = False) -> list[str]:
    """Adjacent hexes with no unit in them, lowest-numbered first (Tar Pits excluded, SV-AMB-06).
    """
    here = smap.hex(label)
    occupied = state.occupied()
    hexes = [
        h
        for h in smap.neighbors(here)
        if smap.label(h) not in occupied and smap.terrain_of(h) != "tar_pit"
    ]
    return [smap.label(h) for h in sorted(hexes, key=lambda h: smap.number_key(h, here, first))]

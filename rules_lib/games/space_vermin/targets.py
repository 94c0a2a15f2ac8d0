"""What Marine weapons may touch (§J's Important Note, §Q-2-d): never a Vermite in a Nest hex,
never an Escorted Queen above ground. Standard fire, pistols, PANTS, the A.N.T. Gun and the Secret
Weapons all ask here.
"""

from __future__ import annotations

from rules_lib.core.boards.hex import Hex

from .board import SVMap
from .data import SVData
from .state import SVState, Unit, kind_of


def in_nest(smap: SVMap, label: str) -> bool:
    return smap.terrain_of(smap.hex(label)) == "nest"


def is_escorted_queen(data: SVData, state: SVState, unit: Unit) -> bool:
    """A Queen whose Escort shares her hex (§Q-2-d): untouchable by Marine weapons (§J)."""
    if unit.is_marine or kind_of(data, unit) != "queen" or not unit.on_map:
        return False
    return any(u.escort_of == unit.id and u.hex == unit.hex for u in state.vermites_on_map())


def targetable_vermites(data: SVData, smap: SVMap, state: SVState) -> list[tuple[Unit, Hex]]:
    """The Vermites on the map a Marine weapon may target (none in a Nest hex, no Escorted Queen),
    with their hexes, in unit order; the Escorts and Nest hexes are looked up once for all
    targets (Marine fire asks it again and again)."""
    vermites = state.vermites_on_map()
    escorted = {(u.escort_of, u.hex) for u in vermites if u.escort_of}
    kinds = data.vermites
    hex_of = smap.hex
    terrain = smap.terrain
    out = []
    for v in vermites:
        there = hex_of(v.hex)
        if terrain[there] == "nest":
            continue
        if escorted and (v.id, v.hex) in escorted and kinds[v.type].kind == "queen":
            continue
        out.append((v, there))
    return out

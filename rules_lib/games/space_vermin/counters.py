"""The counter mix as Units (§B-1), and a state with chosen counters placed (set-ups, tests)."""

from __future__ import annotations

from collections.abc import Mapping

from rules_lib.core.engine import StateError

from .board import map_for
from .data import SVData, load_game_data
from .state import MARINES, VERMITES, SVState, Unit

SHORT_NAMES = {
    "squad": "Squad",
    "scout": "Scout",
    "special_ops": "Special Ops",
    "heavy_weapons": "Heavy Weapons",
    "hq": "HQ",
    "logistics": "Logistics",
    "mad_scientist": "M.A.D. Scientist",
    "ant_gun": "A.N.T. Gun",
    "recovery_vehicle": "RV",
}


def all_units(data: SVData) -> list[Unit]:
    """Every Marine (in the reinforcement pool) and every Vermite (in the Unit Cup), by type and ID.
    """
    units: list[Unit] = []
    for key, mtype in data.marines.items():
        short = SHORT_NAMES.get(key, mtype.name)
        for n in range(1, mtype.count + 1):
            uid = short if mtype.count == 1 else f"{short} {n}"
            units.append(Unit(uid, MARINES, key, status="pool"))
    for key, vtype in data.vermites.items():
        if vtype.kind == "queen":
            units.append(Unit(vtype.name, VERMITES, key, status="cup"))
        else:
            for i in vtype.ids:
                units.append(Unit(f"{vtype.name} #{i}", VERMITES, key, status="cup", number=i))
    return units


def placed_state(
    placements: Mapping[str, str | int],
    map_key: str = "alpha",
    data: SVData | None = None,
    **fields,
) -> SVState:
    """A state with the named counters on the given hexes (errors name a bad unit or hex)."""
    data = data or load_game_data()
    smap = map_for(map_key, data)
    state = SVState(map=map_key, units=all_units(data), **fields)
    for uid, label in placements.items():
        unit = state.unit(uid)
        label = str(label)
        if label not in smap.hex_of:
            raise StateError(f"{uid}: hex {label!r} is not on {smap.name}")
        unit.hex = label
        unit.status = "map"
    return state

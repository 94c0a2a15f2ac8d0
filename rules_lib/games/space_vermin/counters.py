"""The counter mix as Units (§B-1), and a state with chosen counters placed (set-ups, tests)."""

from __future__ import annotations

from collections.abc import Mapping

from rules_lib.core.engine import StateError

from .board import map_for
from .data import SVData, load_game_data, marine_unit_ids, vermite_unit_ids
from .state import MARINES, VERMITES, SVState, Unit


def all_units(data: SVData) -> list[Unit]:
    """Every Marine (in the reinforcement pool) and every Vermite (in the Unit Cup), by type and ID.
    """
    units: list[Unit] = []
    for key, mtype in data.marines.items():
        units += [Unit(uid, MARINES, key, status="pool") for uid in marine_unit_ids(key, mtype)]
    for key, vtype in data.vermites.items():
        units += [Unit(uid, VERMITES, key, status="cup", number=number)
                  for uid, number in vermite_unit_ids(vtype)]
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

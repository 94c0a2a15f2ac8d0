"""Whether a position is one the game can be in: the checks a saved (hand-edited) state must pass,
and the invariants every state of a game keeps.

The contract loads a saved state through ``load_state`` -> ``state_problems`` -> this
:func:`validate_state`; the conformance tests check :func:`invariants` after every event.
"""
from __future__ import annotations

from collections import Counter

from .data import GinData, data_for
from .state import POOLS, GinState, Unit


def validate_state(state: GinState, data: GinData) -> list[str]:
    """Problems of a (hand-edited) state, each naming the unit, City or Fort concerned."""
    out = []
    for u in state.units:
        if u.type not in data.types:
            out.append(f"unit {u.id!r} has unknown unit type {u.type!r}")
        if u.pool not in POOLS:
            out.append(f"unit {u.id!r} is in unknown pool {u.pool!r}")
        if u.pool == "map" and u.loc not in data.cities:
            out.append(f"unit {u.id!r} is in unknown City {u.loc!r}")
        marks = _activation_marks(u)
        if marks and u.pool != "map":
            out.append(f"unit {u.id!r} is in the {u.pool} pool but carries this Activation's "
                       f"marks ({marks}): only a unit on the map moves, retreats or sorties")
        elif marks and u.type in data.types and data.types[u.type].no_reduced_side:
            out.append(f"unit {u.id!r} is a National Guard but carries this Activation's marks "
                       f"({marks}): Guards never move or Retreat")
    for city in state.forts:
        if city not in data.forts:
            out.append(f"unknown Fort {city!r}")
    out.extend(_stacking_problems(state, data))
    out.extend(_fort_problems(state, data))
    return out


def _activation_marks(u: Unit) -> str:
    """The marks an Activation leaves on a unit it moved or retreated ('' if none)."""
    marks = [f"{name} {value!r}" for name, value in (("came_from", u.came_from),
                                                    ("sortie_from", u.sortie_from)) if value]
    if u.no_combat:
        marks.append("no_combat")
    return ", ".join(marks)


def _stacking_problems(state: GinState, data: GinData) -> list[str]:
    counts = Counter((u.loc, u.side) for u in state.units if u.pool == "map")
    out = []
    for (city, side), n in sorted(counts.items()):
        total = n + (state.fort_boxes(city) if side == "Human" else 0)
        if total > data.stack_limit:
            out.append(f"City {city!r} holds {total} {side} units (Fort boxes included), "
                       f"more than {data.stack_limit}")
    return out


def _fort_problems(state: GinState, data: GinData) -> list[str]:
    out = []
    for city, f in state.forts.items():
        if not 0 <= f.strength <= f.max_strength:
            out.append(f"Fort {city!r} strength {f.strength} outside 0..{f.max_strength}")
        if f.destroyed != (f.strength == 0):
            out.append(f"Fort {city!r}: Destroyed marker and strength {f.strength} disagree")
    return out


def invariants(state: GinState) -> list[str]:
    """Violated invariants: stacking, conservation of units, pools, Fort strengths."""
    data = data_for(state)
    out = _stacking_problems(state, data) + _fort_problems(state, data)
    ids = sorted(u.id for u in state.units)
    expected = data.counter_ids
    if ids != expected:
        out.append(f"units not conserved: {len(ids)} counters, expected {len(expected)}")
    for u in state.units:
        if u.pool not in POOLS:
            out.append(f"{u.id} in unknown pool {u.pool!r}")
        elif u.pool == "map" and u.loc not in data.cities:
            out.append(f"{u.id} on the map at unknown City {u.loc!r}")
        elif u.pool == "track" and u.track_turn <= state.turn:
            out.append(f"{u.id} on the Time Tracker at Turn {u.track_turn}, not ahead of "
                       f"Turn {state.turn}")
        elif u.pool in ("track", "returning") and u.side != "Swarm":
            out.append(f"{u.id} is Human but in the {u.pool} pool")
    return out

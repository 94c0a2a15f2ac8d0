"""Editing a position by hand (the widgets' SetupEditor): place, move, flip and remove counters.

Each operation returns a new state and leaves the given one untouched, or raises ``ValueError``
naming the counter, City and rule that forbid it: "Ginormopod: Movement: six Units from each side
may occupy the same City; each box of strength possessed by a Fort counts as a Unit". Counters are
never created or destroyed: placing takes an unplaced counter of that type from the side's pool and
removing puts it back, so the conservation invariant holds for every edited position.

A position is edited after Set-Up (the Set-Up procedure would place the pool's counters again).
"""
from __future__ import annotations

from .data import GinData, data_for
from .position import validate_state
from .state import GinState

R_STACK = "Ginormopod: Movement (the stacking limit per side; Fort boxes count as Units)"


def _editable(state: GinState) -> GinState:
    if state.phase == "Set-Up":
        raise ValueError("step the game past Set-Up first (Next phase), then edit the position: "
                         "the Set-Up procedure places the unplaced counters itself")
    return state.copy()


def _check_stacking(state: GinState, data: GinData, city: str, side: str) -> None:
    total = state.stack(city, side)
    if total > data.stack_limit:
        raise ValueError(f"over-stacked: {city} would hold {total} {side} units, more than "
                         f"{data.stack_limit} ({R_STACK})")


def _city(data: GinData, loc: str) -> str:
    if loc not in data.cities:
        raise ValueError(f"unknown City {loc!r}")
    return loc


def kinds(state: GinState) -> list[str]:
    """Unit types that still have an unplaced counter."""
    return sorted({u.type for u in state.units if u.pool == "unplaced"})


def sides(state: GinState) -> list[str]:
    return ["Swarm", "Human"]


def place(state: GinState, kind: str, side: str, loc: str) -> GinState:
    """Put an unplaced counter of this type and side on a City."""
    data = data_for(state)
    new = _editable(state)
    city = _city(data, loc)
    if kind not in data.types:
        raise ValueError(f"unknown unit type {kind!r}; types: {', '.join(sorted(data.types))}")
    unit = next((u for u in new.units if u.type == kind and u.side == side
                 and u.pool == "unplaced"), None)
    if unit is None:
        raise ValueError(f"no unplaced {side} {kind} left: every counter of that type is in play")
    unit.pool, unit.loc = "map", city
    _check_stacking(new, data, city, side)
    return new


def move(state: GinState, piece_id: str, loc: str) -> GinState:
    """Move a counter on the map to another City (no movement rules: this is set-up)."""
    data = data_for(state)
    new = _editable(state)
    unit = _unit(new, piece_id)
    if unit.pool != "map":
        raise ValueError(f"{piece_id} is not on the map (it is in the {unit.pool} pool)")
    unit.loc = _city(data, loc)
    _check_stacking(new, data, unit.loc, unit.side)
    return new


def remove(state: GinState, piece_id: str) -> GinState:
    """Take a counter off the map, back to its side's unplaced pool."""
    new = _editable(state)
    unit = _unit(new, piece_id)
    if unit.pool != "map":
        raise ValueError(f"{piece_id} is not on the map")
    unit.pool, unit.loc, unit.reduced = "unplaced", "", False
    unit.came_from, unit.sortie_from, unit.no_combat = "", "", False  # (marks of the map only)
    return new


def flip(state: GinState, piece_id: str) -> GinState:
    """Fresh <-> Reduced (National Guard have no Reduced side: they are revealed instead)."""
    new = _editable(state)
    unit = _unit(new, piece_id)
    if unit.type == "Guard":
        unit.revealed = not unit.revealed
    else:
        unit.reduced = not unit.reduced
    return new


def validate(state: GinState) -> list[str]:
    """Problems of a loaded position, each naming the counter, City or Fort."""
    return validate_state(state, data_for(state))


def _unit(state: GinState, piece_id: str):
    for u in state.units:
        if u.id == piece_id:
            return u
    raise ValueError(f"no counter {piece_id!r}")


SETUP_API = {"place": place, "move": move, "remove": remove, "flip": flip, "kinds": kinds,
             "sides": sides, "validate": validate}

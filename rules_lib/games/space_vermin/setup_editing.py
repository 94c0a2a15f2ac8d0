"""Editing a position by hand (the widgets' SetupEditor): place, move, flip and remove counters.

Each operation returns a new state and leaves the given one untouched, or raises ``ValueError``
naming the counter, the hex and the rule that forbids it ("Soldier #1 cannot stand in 315: it
already holds 2 Queens/Ultra-Mites/Soldiers (Space Vermin §E-3 ...)"). The terrain tests are the
map's own step costs (a hex no step may enter is no hex to stand in), the stacking tests the
Vermite movement's ``has_room``, and every edit is finally checked against the game's
``invariants``: an edit may not add a problem the position did not have.

Counters are never created or destroyed: placing takes a waiting counter of that type (Unit Cup,
reinforcement pool, off-map, turn track) and removing puts it back where counters of its kind wait.
Crown Jewels are conserved: a removed carrier leaves its Jewels in its hex (as an eliminated one
does, §J-6, §E-2) and a Jewel counter can be moved but never removed (§B-1-d). A position is
edited after Set-Up (the Set-Up procedure would deploy the counters again).
"""

from __future__ import annotations

from typing import Any

from rules_lib.core.boards.hex import Hex

from .board import SVMap, map_for
from .data import SVData, load_game_data
from .state import MARINES, VERMITES, SVState, Unit
from .vermite_movement import big_count, has_room
from .views import invariants

G = "Space Vermin"
R_HEX = f"{G} §B-2 (the hexes of the Mapzone the battle is fought on)"
R_TAR = f"{G} §P-1-g (a Toxic Tar Pit cannot be entered by any unit unless along a Road/Bridge)"
R_NAT = f"{G} §P-2-j (a Marine may never enter a Nest or the NAT Infestation hexes around it)"
R_VSTACK = (f"{G} §E-3 (at most two Queens, Ultra-Mites and/or Soldiers in a hex; Drones, Nest and "
            "Entry hexes unlimited)")
R_MSTACK = f"{G} §I-1-a (Marines may never be stacked in the same hex at the end of their movement)"
R_MARINE_ON_VERMITE = f"{G} §I-1-a (a Marine may never enter a hex occupied by a Vermite)"
R_VERMITE_ON_MARINE = (f"{G} §E-1 / §F-1 (Vermites stop beside Marines; a Drone landing on a Marine "
                       "attacks and is eliminated at once)")
R_COUNTERS = (f"{G} §B-1 (the counter mix: each counter is in one place; placing takes it from the "
              "cup/pool/off-map, removing puts it back)")
R_JEWELS = f"{G} §B-1-d (there are 5 Crown Jewels; in play they can never be destroyed)"
JEWEL_PREFIX = "Jewels "  # the id views.pieces gives a pile of Crown Jewels: "Jewels 421"
WAITING = ("cup", "pool", "off_map", "turn_track")  # where a counter may be placed from


# -- the protocol ---------------------------------------------------------------------------------


def kinds(state: SVState) -> list[str]:
    """Unit types that still have a counter waiting off the map (Marines first)."""
    data = load_game_data()
    waiting = {u.type for u in state.units if u.status in WAITING}
    return [k for k in (*data.marines, *data.vermites) if k in waiting]


def sides(state: SVState) -> list[str]:
    return [MARINES, VERMITES]


def place(state: SVState, kind: str, side: str, loc: Any) -> SVState:
    """Put a waiting counter of this type on a hex, full-strength side up (§B-1)."""
    data = load_game_data()
    new = _editable(state)
    smap = map_for(new.map, data)
    label = _label(smap, loc)
    if kind not in data.marines and kind not in data.vermites:
        raise ValueError(f"unknown unit type {kind!r}; types: "
                         f"{', '.join((*data.marines, *data.vermites))}")
    owner = MARINES if kind in data.marines else VERMITES
    if side != owner:
        raise ValueError(f"a {kind} counter belongs to the {owner}, not the {side}")
    unit = _waiting(new, kind)
    if unit is None:
        raise ValueError(f"no {kind} counter is waiting in the cup, pool or off-map to place in "
                         f"{label}: every one is on the map or in a pile ({R_COUNTERS})")
    _fresh(unit)
    _check_hex(data, smap, new, unit, label)
    unit.status, unit.hex = "map", label
    _check_invariants(state, new, unit.id, label)
    return new


def move(state: SVState, piece_id: str, loc: Any) -> SVState:
    """Put a counter (or one Crown Jewel of a pile) on another hex; no movement rules: set-up."""
    data = load_game_data()
    new = _editable(state)
    smap = map_for(new.map, data)
    label = _label(smap, loc)
    if str(piece_id).startswith(JEWEL_PREFIX):
        _move_jewel(data, smap, new, str(piece_id), label)
    else:
        unit = _unit(new, piece_id)
        if not unit.on_map:
            raise ValueError(f"{unit.id} is not on the map (it is {unit.status}): place it instead")
        _check_hex(data, smap, new, unit, label)
        unit.hex = label
    _check_invariants(state, new, str(piece_id), label)
    return new


def remove(state: SVState, piece_id: str) -> SVState:
    """Take a counter off the map, back to where its kind waits; its Jewels stay in the hex."""
    if str(piece_id).startswith(JEWEL_PREFIX):
        raise ValueError(f"{piece_id} cannot be removed: move it instead ({R_JEWELS})")
    data = load_game_data()
    new = _editable(state)
    unit = _unit(new, piece_id)
    if not unit.on_map:
        raise ValueError(f"{unit.id} is not on the map (it is {unit.status})")
    if unit.jewels:
        new.jewels[unit.hex] = new.jewels.get(unit.hex, 0) + unit.jewels
    for escort in new.units:
        if escort.escort_of == unit.id:
            escort.escort_of = ""
    unit.status, unit.hex = _home(data, new, unit), None
    _fresh(unit)
    return new


def flip(state: SVState, piece_id: str) -> SVState:
    """Turn a counter over: Vermites Fresh <-> Reduced, Marines Fresh <-> Disrupted.

    The A.N.T. Gun and the M.A.D. Scientist have no Disrupted side: they turn to their other
    printed side (Limbered <-> Unlimbered, motorcycle <-> Weapon Ready; §J-3, §J-5)."""
    data = load_game_data()
    new = _editable(state)
    unit = _unit(new, piece_id)
    if not unit.on_map:
        raise ValueError(f"{unit.id} is not on the map (it is {unit.status})")
    if not unit.is_marine or "disrupted" in data.marines[unit.type].sides:
        unit.reduced = not unit.reduced
    elif unit.type == "ant_gun":
        unit.limbered = not unit.limbered
    elif unit.type == "mad_scientist":
        unit.weapon_ready = not unit.weapon_ready
    else:
        raise ValueError(f"{unit.id} has no other side to flip to")
    return new


def validate(state: SVState) -> list[str]:
    """Problems of a loaded position: the game's invariants, then the hex each counter stands in."""
    data = load_game_data()
    try:
        smap = map_for(state.map, data)
    except KeyError as exc:
        return [f"map: {exc.args[0]}"]
    try:
        out = list(invariants(state, data))
    except (KeyError, ValueError) as exc:  # an unknown unit type, a bad hex ...
        return [f"the position cannot be read: {exc}"]
    for u in state.units:
        if u.on_map and u.hex in smap.hex_of:
            problem = _terrain_problem(smap, u, u.hex)
            if problem:
                out.append(problem)
    return out


# -- the checks ----------------------------------------------------------------------------------


def _terrain_problem(smap: SVMap, unit: Unit, label: str) -> str:
    """Why the unit may not stand in this hex by terrain (the map's own step costs), or ''."""
    h = smap.hex(label)
    step = smap.marine_step_cost if unit.is_marine else smap.vermite_step_cost
    if any(step(n, h) is not None for n in smap.neighbors(h)):
        return ""
    if not any(smap.enterable(n, h) for n in smap.neighbors(h)):
        return f"{unit.id} cannot stand in {label}: an unbridged Toxic Tar Pit ({R_TAR})"
    return f"{unit.id} cannot stand in {label}: a NAT Infestation hex ({R_NAT})"


def _check_hex(data: SVData, smap: SVMap, state: SVState, unit: Unit, label: str) -> None:
    """Terrain, then stacking, for this unit arriving in this hex (it is not counted there yet)."""
    problem = _terrain_problem(smap, unit, label)
    if problem:
        raise ValueError(problem)
    others = [u for u in state.units_at(label) if u is not unit]
    if unit.is_marine:
        marine = next((u for u in others if u.is_marine), None)
        if marine is not None:
            raise ValueError(f"{unit.id} cannot stand in {label}: {marine.id} is already there "
                             f"({R_MSTACK})")
        vermite = next((u for u in others if not u.is_marine), None)
        if vermite is not None:
            raise ValueError(f"{unit.id} cannot stand in {label}: {vermite.id} is there "
                             f"({R_MARINE_ON_VERMITE})")
        return
    marine = next((u for u in others if u.is_marine), None)
    if marine is not None:
        raise ValueError(f"{unit.id} cannot stand in {label}: the Marine {marine.id} is there "
                         f"({R_VERMITE_ON_MARINE})")
    drone = data.vermites[unit.type].kind == "drone"
    if not drone and not has_room(data, smap, state, label, [unit]):  # the unit is not counted
        n = big_count(data, state, label, (unit.id,))
        raise ValueError(f"{unit.id} cannot stand in {label}: it already holds {n} "
                         f"Queens/Ultra-Mites/Soldiers ({R_VSTACK})")


def _check_invariants(before: SVState, after: SVState, who: str, label: str) -> None:
    """The last word: the edit may not break an invariant the position kept."""
    old = set(invariants(before))
    new = [p for p in invariants(after) if p not in old]
    if new:
        raise ValueError(f"{who} cannot go to {label}: {'; '.join(new)}")


def _move_jewel(data: SVData, smap: SVMap, state: SVState, piece_id: str, label: str) -> None:
    """One Crown Jewel of the pile to another hex (a Nest hex keeps it in that Nest, §E-2)."""
    source = piece_id[len(JEWEL_PREFIX):]
    if state.jewels.get(source, 0) <= 0:
        raise ValueError(f"no Crown Jewel lies in {source!r} ({piece_id})")
    h = smap.hex(label)
    if not any(smap.enterable(n, h) for n in smap.neighbors(h)):
        raise ValueError(f"a Crown Jewel cannot lie in {label}: an unbridged Toxic Tar Pit "
                         f"nobody can carry it into ({R_TAR})")
    state.jewels[source] -= 1
    if not state.jewels[source]:
        del state.jewels[source]
    nest = next((str(n) for n, nh in smap.nests.items() if nh == h), None)
    if nest is not None:
        state.nest_jewels[nest] = state.nest_jewels.get(nest, 0) + 1
    else:
        state.jewels[label] = state.jewels.get(label, 0) + 1


# -- lookups -------------------------------------------------------------------------------------


def _editable(state: SVState) -> SVState:
    if state.phase == "Set-Up":
        raise ValueError("step the game past Set-Up first (Next phase), then edit the position: "
                         "the Set-Up procedure deploys the counters itself")
    return state.copy()


def _label(smap: SVMap, loc: Any) -> str:
    """The label of a hex given as a Hex, a label or a number; an error names a hex off the map."""
    if isinstance(loc, Hex):
        if loc in smap.label_of:
            return smap.label_of[loc]
    elif str(loc) in smap.hex_of:
        return str(loc)
    raise ValueError(f"hex {loc!r} is not on {smap.name} ({R_HEX})")


def _unit(state: SVState, piece_id: str) -> Unit:
    for u in state.units:
        if u.id == piece_id:
            return u
    raise ValueError(f"no counter {piece_id!r}")


def _waiting(state: SVState, kind: str) -> Unit | None:
    """The first waiting counter of this type: from the cup or pool before off-map or the track."""
    for status in WAITING:
        for u in state.units:
            if u.type == kind and u.status == status:
                return u
    return None


def _home(data: SVData, state: SVState, unit: Unit) -> str:
    """Where a removed counter waits (assumed): Marines the reinforcement pool; Vermites the
    Unit Cup, except Queens and Ultra-Mites of the Great Migration, who wait off-map (§Q-2-a)."""
    if unit.is_marine:
        return "pool"
    migration = state.scenario == "great_migration" or state.campaign_stage == 2
    if migration and data.vermites[unit.type].kind in ("queen", "ultra_mite"):
        return "off_map"
    return "cup"


def _fresh(unit: Unit) -> None:
    """Full-strength side up, no markers (A.N.T. Gun Limbered, Scientist on his motorcycle; §B-1)."""
    unit.reduced, unit.nat, unit.acted, unit.jewels = False, "", False, 0
    unit.limbered, unit.weapon_ready, unit.weapon_built_turn = True, False, 0
    unit.landed_turn, unit.escort_of, unit.arrival_turn = 0, "", 0


SETUP_API = {"place": place, "move": move, "remove": remove, "flip": flip, "kinds": kinds,
             "sides": sides, "validate": validate}

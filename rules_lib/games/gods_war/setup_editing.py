"""Editing a position by hand (the widgets' SetupEditor): place, move and remove counters.

Each operation returns a new state and leaves the given one untouched, or raises ``ValueError``
naming the counter, the area and the rule that forbids it. Counters are conserved: a unit is
summoned by hand from its empire's pool and removed back to it, a web token comes from the web
pool, a Monster chosen for the game goes from 'waiting' to 'in play' and back. Moving a Monster is
a set-up act (no trigger needed), but not to where its card says it cannot be: Arachne Solara
stays in Inner Hell until the web is spun, and on the surface she always stands on a web token.

A position is edited after Set-Up (the Set-Up procedure deals the starting units itself). Every
edit is also checked against the game's ``invariants``: an edit that breaks one is refused.
"""
from __future__ import annotations

from typing import Any

from . import arachne_solara, monsters
from .counters import BUILDING, WEB_TOKEN, building_id, piece_ids, web_token_id
from .data import GodsWarData, default_data
from .invariants import invariants
from .state import GWState, Piece

MONSTER, WEB = "Monster", "Web"
R_SURFACE = "Gods War base game (assumed): units and buildings stand in surface-world areas"
R_POOL = "Gods War base game (assumed): units are summoned from the empire's pool"
R_WEB = "Arachne Solara card: Spinning the Web (web tokens go in surface-world areas, one each)"
R_KILLED = f"{monsters.KILLING} (a destroyed Monster is removed from the game and never returns)"


# -- the protocol ----------------------------------------------------------------------------------


def kinds(state: GWState) -> list[str]:
    """Unit kinds of every empire, the game's Monsters, web tokens and buildings."""
    data = default_data()
    units = sorted({k for e in state.empires for k in data.empires[e].units})
    return [*units, *state.monsters, WEB_TOKEN, BUILDING]


def sides(state: GWState) -> list[str]:
    """The empires in player order, then the Monsters and the web."""
    return [*state.player_order, MONSTER, WEB]


def place(state: GWState, kind: str, side: str, loc: str) -> GWState:
    """A unit from the empire's pool, a waiting Monster, a web token or a building."""
    data = default_data()
    new = _editable(state)
    area = _area(data, loc)
    if kind in new.monsters:
        m = new.monsters[kind]
        if m.status == "removed":
            raise ValueError(f"{kind} cannot be placed in {area}: it was killed ({R_KILLED})")
        if m.status == "in play":
            raise ValueError(f"{kind} is already in play in {m.area}: move it instead")
        _check_placement_time(new, data, kind, area)
        m.status, m.area = "in play", area
        _check_monster_area(new, data, kind)
    elif kind == WEB_TOKEN:
        if new.web_pool <= 0:
            raise ValueError(f"no web token left in the pool to place in {area} ({R_WEB})")
        _check_web_area(new, data, area)
        new.web_tokens.append(area)
        new.web_pool -= 1
    elif kind == BUILDING:
        empire = _empire(new, side, kind)
        _check_surface(data, f"{empire}'s building", area)
        if empire in new.buildings.get(area, []):
            raise ValueError(f"{empire} already has a building in {area}")
        new.buildings.setdefault(area, []).append(empire)
    else:
        empire = _empire(new, side, kind)
        if kind not in data.empires[empire].units:
            raise ValueError(f"{empire} has no {kind!r} units; its units: "
                             f"{', '.join(data.empires[empire].units)}")
        sheet = new.empires[empire]
        if sheet.pool.get(kind, 0) <= 0:
            raise ValueError(f"{empire} has no {kind} left in its pool to place in {area} "
                             f"({R_POOL})")
        _check_surface(data, f"{empire}'s {kind}", area)
        sheet.pool[kind] -= 1
        new.pieces.append(Piece(kind, empire, area))
    return _checked(state, new)


def move(state: GWState, piece_id: str, loc: str) -> GWState:
    """Put a counter in another area (no movement rules: this is set-up)."""
    data = default_data()
    new = _editable(state)
    area = _area(data, loc)
    if piece_id in new.monsters:
        m = new.monsters[piece_id]
        if m.status != "in play":
            raise ValueError(f"{piece_id} is not on the map ({m.status})")
        m.area = area
        _check_monster_area(new, data, piece_id)
        return _checked(state, new)
    what, where, thing = _find(new, piece_id)
    if what == "piece":
        _check_surface(data, f"{thing.empire}'s {thing.kind} ({piece_id})", area)
        thing.area = area
    elif what == WEB_TOKEN:
        new.web_tokens.remove(where)
        _check_web_area(new, data, area)
        new.web_tokens.append(area)
    else:
        _check_surface(data, f"{thing}'s building", area)
        if thing in new.buildings.get(area, []):
            raise ValueError(f"{thing} already has a building in {area}")
        _drop_building(new, thing, where)
        new.buildings.setdefault(area, []).append(thing)
    return _checked(state, new)


def remove(state: GWState, piece_id: str) -> GWState:
    """A unit back to its pool, a Monster back to waiting, a web token back to the pool."""
    new = _editable(state)
    if piece_id in new.monsters:
        m = new.monsters[piece_id]
        if m.status != "in play":
            raise ValueError(f"{piece_id} is not on the map ({m.status})")
        m.status, m.area = "waiting", None
        return _checked(state, new)
    what, where, thing = _find(new, piece_id)
    if what == "piece":
        new.pieces.remove(thing)
        new.empires[thing.empire].pool[thing.kind] = (
            new.empires[thing.empire].pool.get(thing.kind, 0) + 1)
    elif what == WEB_TOKEN:
        new.web_tokens.remove(where)
        new.web_pool += 1
    else:
        _drop_building(new, thing, where)
    return _checked(state, new)


def validate(state: GWState, data: GodsWarData | None = None) -> list[str]:
    """Problems of a position: the game's invariants, then where the Monsters stand."""
    data = data or default_data()
    out = list(invariants(state, data))
    for name, m in state.monsters.items():
        if m.status != "in play" or m.area not in data.areas or name not in data.cards:
            continue  # invariants report an unknown area, the saved-state check an unknown card
        try:
            _check_monster_area(state, data, name)
        except ValueError as exc:
            out.append(str(exc))
    return out


# -- the checks --------------------------------------------------------------------------------------


def _check_placement_time(state: GWState, data: GodsWarData, name: str, area: str) -> None:
    """Cosmic Monsters placed at the Great Compromise wait for it (GW-PLACE-01)."""
    when = data.cards[name].placement_when
    if name == arachne_solara.NAME and "arachne_waits_for_compromise" in state.variants:
        when = "great_compromise"
    if when == "great_compromise" and not state.great_compromise:
        raise ValueError(f"{name} cannot be placed in {area}: it is placed when the Great "
                         f"Compromise is first triggered, and it has not been in this position "
                         f"({name} card (Placement); {monsters.COSMIC})")


def _check_monster_area(state: GWState, data: GodsWarData, name: str) -> None:
    """Where a Monster's card lets it be: Arachne Solara moves only by Spinning the Web."""
    if name != arachne_solara.NAME:
        return
    area = state.monsters[name].area
    start = data.cards[name].placement_area
    if not state.web_tokens and area != start:
        raise ValueError(f"Arachne Solara cannot be in {area}: no web has been spun yet, so she "
                         f"is still where she started, in {start} (she 'cannot be moved by any "
                         f"means except Spinning the Web', which leaves a web token; "
                         f"{arachne_solara.KILLING})")
    if data.realm(area) == "surface" and area not in state.web_tokens:
        raise ValueError(f"Arachne Solara cannot be in {area}: on the surface world she stands "
                         f"where she spun a web token, and {area} has none "
                         f"({arachne_solara.SPINNING})")


def _check_web_area(state: GWState, data: GodsWarData, area: str) -> None:
    if data.realm(area) != "surface":
        raise ValueError(f"a web token cannot go in {area}: it is not a surface-world area "
                         f"({R_WEB})")
    if area in state.web_tokens:
        raise ValueError(f"{area} already holds a web token ({R_WEB})")


def _check_surface(data: GodsWarData, what: str, area: str) -> None:
    if data.realm(area) != "surface":
        raise ValueError(f"{what} cannot be in {area}: it is in {data.realm(area)}, not the "
                         f"surface world ({R_SURFACE})")


def _checked(old: GWState, new: GWState) -> GWState:
    """Refuse an edit that breaks an invariant (or a card's placement) the position kept before."""
    before = set(validate(old))
    broken = [p for p in validate(new) if p not in before]
    if broken:
        raise ValueError("; ".join(broken))
    return new


# -- lookups ---------------------------------------------------------------------------------------


def _editable(state: GWState) -> GWState:
    if state.phase == "Set-Up":
        raise ValueError("step the game past Set-Up first (Next phase), then edit the position: "
                         "the Set-Up procedure deals the starting units itself")
    return state.copy()


def _area(data: GodsWarData, loc: Any) -> str:
    if loc not in data.areas:
        raise ValueError(f"unknown area {loc!r}")
    return loc


def _empire(state: GWState, side: str, kind: str) -> str:
    if side not in state.empires:
        raise ValueError(f"a {kind} belongs to an empire; empires: {', '.join(state.player_order)}")
    return side


def _find(state: GWState, piece_id: str) -> tuple[str, str, Any]:
    """('piece', area, Piece) | ('web token', area, None) | ('building', area, empire)."""
    for pid, p in zip(piece_ids(state), state.pieces):
        if pid == piece_id:
            return "piece", p.area, p
    for area in state.web_tokens:
        if web_token_id(area) == piece_id:
            return WEB_TOKEN, area, None
    for area, owners in state.buildings.items():
        for o in owners:
            if building_id(o, area) == piece_id:
                return BUILDING, area, o
    raise ValueError(f"no counter {piece_id!r}")


def _drop_building(state: GWState, empire: str, area: str) -> None:
    state.buildings[area].remove(empire)
    if not state.buildings[area]:
        del state.buildings[area]


SETUP_API = {"place": place, "move": move, "remove": remove, "kinds": kinds, "sides": sides,
             "validate": validate}

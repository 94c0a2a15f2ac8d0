"""Hits: a Fresh unit flips to its Reduced side, a Reduced unit or a Guard is Eliminated; the
Swarm's Eliminated units go onto the Time Tracker; a Fort absorbs Hits box by box.

(Ginormopod: Combat, Hits; Fort Combat.) The owner chooses which unit takes each Hit.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .data import GinData
from .provenance import whys
from .state import GinState, Unit
from .victory import sudden_victory

R_COMBAT = "Ginormopod: Combat"
R_FORT = "Ginormopod: Fort Combat"

Proc = Generator[Any, Any, Any]


def eliminate(state: GinState, data: GinData, u: Unit) -> str:
    """GIN-HITS-02/03/04: Humans leave the game; Swarm units go two turns ahead on the Time Tracker,
    or leave the game on Turns 9-10."""
    u.loc, u.came_from, u.sortie_from, u.no_combat = "", "", "", False
    u.reduced = False
    if u.side == "Swarm" and state.turn < data.removed_from_turn:
        u.pool, u.track_turn = "track", state.turn + data.tracker_delay
        return f"{u.id} is Eliminated and placed on Turn {u.track_turn} of the Time Tracker"
    u.pool = "eliminated"
    if u.side == "Swarm":
        return f"{u.id} is Eliminated on Turn {state.turn} and removed from the game"
    return f"{u.id} is Eliminated and removed from the game"


def eliminated_ids(u: Unit) -> tuple[str, ...]:
    """The catalogue rules an elimination applies (which depends on where the unit went)."""
    if u.side == "Human":
        return ("GIN-HITS-02",)
    return ("GIN-HITS-03",) if u.pool == "track" else ("GIN-HITS-04",)


def apply_hit(state: GinState, data: GinData, u: Unit) -> Event:
    """GIN-OVER-05, GIN-NG-04: a Fresh unit flips; a Reduced unit or a Guard is Eliminated."""
    if not u.reduced and not data.types[u.type].no_reduced_side:
        u.reduced = True
        return Event(f"{u.id} is hit and flipped to its Reduced side", rule=R_COMBAT, kind="hit",
                     data={"unit": u.id, "result": "reduced"}, ids=("GIN-OVER-05", "GIN-HITS-01"))
    guard = data.types[u.type].no_reduced_side
    message = eliminate(state, data, u)
    return Event(message, rule=R_COMBAT, kind="hit", data={"unit": u.id, "result": "eliminated"},
                 ids=(("GIN-NG-04",) if guard else ("GIN-OVER-05",)) + eliminated_ids(u))


def hit_fort(state: GinState, data: GinData, city: str) -> Event:
    """GIN-MAP-03/04, GIN-FORT-03: the Fort loses a box; at zero it is Destroyed."""
    f = state.forts[city]
    f.strength -= 1
    why = whys(data).forts[city]
    if f.strength <= 0:
        f.strength, f.destroyed = 0, True
        return Event(f"The Fort at {city} loses its last box: cube removed, Destroyed marker "
                     "placed", rule=R_FORT, kind="fort", data={"fort": city, "destroyed": True},
                     ids=("GIN-MAP-04", "GIN-FORT-02", "GIN-FORT-03"), assumed=why)
    return Event(f"The Fort at {city} takes a hit: strength {f.strength}", rule=R_FORT,
                 kind="fort", data={"fort": city, "strength": f.strength},
                 ids=("GIN-MAP-03", "GIN-FORT-02"), assumed=why)


def _hit_order(data: GinData, units: list[Unit]) -> list[Unit]:
    """Guards first, then Fresh units, then Reduced ones (the default offered first)."""
    return sorted(units, key=lambda u: (0 if data.types[u.type].no_reduced_side else
                                        1 if not u.reduced else 2, u.id))


def allocate_hits(state: GinState, ctx: Context, side: str, city: str, fighters: list[Unit],
                  hits: int, fort_city: bool) -> Proc:
    """GIN-HITS-01, GIN-FORT-02: the owner takes each hit on a unit of his choice; the Fort absorbs
    hits only when no friendly unit is left."""
    data: GinData = ctx.data
    for i in range(hits):
        alive = [u for u in fighters if u.pool == "map" and u.loc == city]
        if not alive:
            if side == "Human" and fort_city and state.fort_intact(city):
                yield hit_fort(state, data, city)
                yield from sudden_victory(state, ctx)
                continue
            yield Event(f"{hits - i} hit(s) on the {side} find no unit left", rule=R_COMBAT,
                        ids=("GIN-HITS-01",))
            return
        if len(alive) == 1:
            target = alive[0]
        else:
            opts = [u.id for u in _hit_order(data, alive)]
            uid = yield Decision(side, "allocate_hit", f"Hit {i + 1} of {hits} at {city}: "
                                 "which unit takes it?", opts, rule=R_COMBAT,
                                 data={"city": city, "hit": i + 1, "hits": hits},
                                 ids=("GIN-HITS-01",))
            target = next((u for u in alive if u.id == uid), None) or state.unit(uid)
        yield apply_hit(state, data, target)

"""Retreat: the side that suffered more Hits (the acting side on a tie) leaves the City.

(Ginormopod: Combat, Retreat; Fort Combat.) An acting unit goes back where it came from, any
other unit one road to a City that is not enemy; a City full to the stacking limit displaces one
of its units; a unit that can only reach enemy Cities suffers an extra Hit and retreats through
one; Guards cannot Retreat; Humans in a Fort may ignore the Retreat.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .activation import Activation
from .board import has_enemy, is_enemy_city, swarm_may_step
from .data import GinData
from .hits import apply_hit, eliminate
from .provenance import ACTING_DID_NOT_MOVE, NOWHERE_TO_RETREAT
from .state import GinState, Unit, other

R_RETREAT = "Ginormopod: Combat (Retreat)"
R_FORT = "Ginormopod: Fort Combat"

Proc = Generator[Any, Any, Any]


def may_enter(state: GinState, data: GinData, side: str, a: str, b: str) -> bool:
    """May a unit of the side take the road a -> b (the Swarm obeys the Fusion Fence)?"""
    return side != "Swarm" or swarm_may_step(state, data, a, b)


def room(state: GinState, data: GinData, city: str, side: str) -> bool:
    """Is there room for one more unit of the side in the City (the stacking limit)?"""
    return state.stack(city, side) < data.stack_limit


def retreat_targets(state: GinState, data: GinData, act: Activation, unit: Unit,
                    only: str = "") -> list[str]:
    """GIN-RETR-04..06/09: non-enemy Cities the unit may end its Retreat in."""
    side = unit.side
    out = []
    for nb in ([only] if only else data.adjacency[unit.loc]):
        if nb not in data.adjacency[unit.loc] or not may_enter(state, data, side, unit.loc, nb):
            continue
        if is_enemy_city(state, nb, side):
            continue
        if has_enemy(state, nb, side) and act.was_enemy(nb, side):
            continue  # contested now, but enemy when this Activation began
        if not room(state, data, nb, side) and not _displace_options(state, data, act, side, nb,
                                                                      exclude=unit.id):
            continue
        out.append(nb)
    return out


def _displace_options(state: GinState, data: GinData, act: Activation, side: str, city: str,
                      exclude: str = "") -> list[str]:
    """GIN-RETR-09: 'unit -> City' for each unit of the side in the City (but `exclude`) and each
    adjacent City it could be displaced to (enterable, no enemy, room)."""
    dests = [nb for nb in data.adjacency[city] if may_enter(state, data, side, city, nb)
             and not has_enemy(state, nb, side) and room(state, data, nb, side)]
    return [f"{u.id} -> {nb}" for u in state.at(city, side) if u.id != exclude for nb in dests]


def displace(state: GinState, ctx: Context, act: Activation, side: str, city: str,
             exclude: str) -> Proc:
    """GIN-RETR-09: a unit already in the over-full City is moved to another City."""
    data: GinData = ctx.data
    opts = _displace_options(state, data, act, side, city, exclude)
    choice = opts[0] if len(opts) == 1 else (yield Decision(
        side, "displace", f"{city} would hold more than {data.stack_limit}: displace which unit, "
        "to where?", opts, rule=R_RETREAT, data={"city": city}, ids=("GIN-RETR-09",)))
    uid, dest = choice.split(" -> ")
    state.unit(uid).loc = dest
    yield Event(f"{uid} is displaced from {city} to {dest} to make room", rule=R_RETREAT,
                kind="retreat", data={"unit": uid, "to": dest}, ids=("GIN-RETR-09",))


def retreat_unit(state: GinState, ctx: Context, act: Activation, unit: Unit, acting: bool) -> Proc:
    """One unit's Retreat, with every clause of the rule (GIN-RETR-03..10, GIN-NG-05)."""
    data: GinData = ctx.data
    side = unit.side
    if data.types[unit.type].no_reduced_side:
        yield Event(f"{unit.id} cannot Retreat: " + eliminate(state, data, unit), rule=R_RETREAT,
                    kind="retreat", data={"unit": unit.id}, ids=("GIN-NG-05",))
        return
    back = unit.came_from if acting and unit.came_from else ""
    chooser = side
    if not back and ctx.variant("retreat_chosen_by_enemy"):
        chooser = other(side)  # GIN-AMB-06 variant: the winner picks the City
    while unit.pool == "map":
        opts = retreat_targets(state, data, act, unit, only=back)
        if opts:
            if len(opts) == 1:
                dest = opts[0]
            else:
                dest = yield Decision(chooser, "retreat", f"Where does {unit.id} Retreat from "
                                      f"{unit.loc}?", opts, rule=R_RETREAT,
                                      data={"unit": unit.id, "from": unit.loc},
                                      ids=("GIN-RETR-04", "GIN-AMB-06"),
                                      assumed="" if back else _retreat_reason(ctx, acting))
            if not room(state, data, dest, side):
                yield from displace(state, ctx, act, side, dest, unit.id)
            start = unit.loc
            unit.loc = dest
            note = ""
            ids: tuple[str, ...] = ("GIN-RETR-03",) if back else ("GIN-RETR-04", "GIN-AMB-06")
            if has_enemy(state, dest, side):
                unit.no_combat = True
                note = " (contested: it takes no part in Combat there this Activation)"
                ids += ("GIN-RETR-06", "GIN-RETR-07")
            why = ("back to where it moved from" if back else
                   "one road, to a City of the winner's choice (variant of GIN-AMB-06)"
                   if chooser != side else "one road (GIN-AMB-06 default)")
            yield Event(f"{unit.id} Retreats {start} -> {dest} {why}{note}", rule=R_RETREAT,
                        kind="retreat", data={"unit": unit.id, "from": start, "to": dest},
                        ids=ids, assumed="" if back else _retreat_reason(ctx, acting))
            return
        pool = [back] if back else [nb for nb in data.adjacency[unit.loc]
                                    if may_enter(state, data, side, unit.loc, nb)]
        enemy = [c for c in pool if is_enemy_city(state, c, side) and room(state, data, c, side)]
        if not enemy:
            yield Event(f"{unit.id} has nowhere to Retreat: " + eliminate(state, data, unit),
                        rule=R_RETREAT, kind="retreat", data={"unit": unit.id},
                        ids=("GIN-RETR-10",), assumed=NOWHERE_TO_RETREAT)
            return
        yield Event(f"{unit.id} can only Retreat into an enemy City and suffers an extra hit",
                    rule=R_RETREAT, kind="retreat", data={"unit": unit.id}, ids=("GIN-RETR-10",))
        yield apply_hit(state, data, unit)
        if unit.pool != "map":
            return
        dest = enemy[0] if len(enemy) == 1 else (yield Decision(
            chooser, "retreat", f"{unit.id} retreats through which enemy City?", enemy,
            rule=R_RETREAT, data={"unit": unit.id, "from": unit.loc}, ids=("GIN-RETR-10",)))
        yield Event(f"{unit.id} retreats through enemy-held {dest}", rule=R_RETREAT,
                    kind="retreat", data={"unit": unit.id, "to": dest}, ids=("GIN-RETR-10",))
        unit.loc = dest
        back = ""


def _retreat_reason(ctx: Context, acting: bool) -> str:
    """Why a Retreat without a City to go back to goes where it goes (GIN-AMB-06)."""
    if ctx.variant("retreat_chosen_by_enemy"):
        return "variant of GIN-AMB-06: the winner chooses where the loser retreats, one road"
    return ACTING_DID_NOT_MOVE if acting else (
        "default reading of GIN-AMB-06: the owner retreats the unit one road, to a City of his "
        "choice")


def do_retreat(state: GinState, ctx: Context, act: Activation, city: str, loser: str,
               units: list[Unit], acting: bool, fort_city: bool, tie: bool = False,
               suffer: dict[str, int] | None = None, why: str = "") -> Proc:
    """GIN-RETR-01, GIN-FORT-04: the loser retreats; Humans in a Fort may ignore it."""
    left = [u for u in units if u.pool == "map" and u.loc == city]
    counts = dict(suffer or {})
    amb: tuple[str, ...] = ("GIN-AMB-13",) if "GIN-AMB-13" in why else ()
    if tie:
        reason_text = "suffered as many hits as the enemy and, acting, must Retreat"
    else:
        reason_text = "suffered more hits and must Retreat"
    if not left:
        if loser == "Human" and fort_city and state.fort_intact(city):
            message = f"The Humans {reason_text}, but only the Fort is left: it stays"
        else:
            message = f"The {loser} side {reason_text}, but none of its units is left"
        yield Event(message, rule=R_FORT if fort_city else R_RETREAT, kind="retreat",
                    ids=("GIN-RETR-01",) + amb, data=counts, assumed=why)
        return
    if fort_city and loser == "Human":
        choice = yield Decision("Human", "fort_retreat", f"The Humans in the Fort at {city} must "
                                "Retreat: ignore it?", ["ignore", "retreat"], rule=R_FORT,
                                data={"city": city}, ids=("GIN-FORT-04",))
        if choice == "ignore":
            yield Event(f"The Humans at {city} {reason_text}, but ignore the Retreat: they hold "
                        "the Fort", rule=R_FORT, kind="retreat", data=counts,
                        ids=("GIN-RETR-01", "GIN-FORT-04") + amb, assumed=why)
            return
    yield Event(f"The {loser} {reason_text} from {city}", rule=R_RETREAT, kind="retreat",
                data=counts, ids=("GIN-RETR-01",) + (("GIN-FORT-04",) if fort_city else ()) + amb,
                assumed=why)
    for u in left:
        if u.pool == "map" and u.loc == city:
            yield from retreat_unit(state, ctx, act, u, acting)

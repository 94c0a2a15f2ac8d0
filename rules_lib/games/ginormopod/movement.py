"""Movement: City to adjacent City at 1 MP each, stacking, stopping on entering enemy Cities,
National Guard reveals, and the Fusion Fence."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .board import has_enemy, swarm_may_step
from .data import GinData
from .state import GinState, Unit

R_MOVE = "Ginormopod: Movement"
R_FENCE = "Ginormopod: Fusion Fence"

Reach = dict[str, tuple[int, tuple[str, ...]]]


def unrevealed_guards_only(state: GinState, city: str) -> bool:
    """The only Human presence in the City is unrevealed National Guard (and no intact Fort)."""
    if state.fort_intact(city):
        return False
    humans = [u for u in state.units if u.pool == "map" and u.loc == city and u.side == "Human"]
    return bool(humans) and all(not u.revealed for u in humans)


def must_stop(state: GinState, city: str, side: str) -> bool:
    """GIN-MOVE-03: entering a City occupied by the enemy ends the unit's move. A Swarm unit may
    try to pass a City held only by unrevealed Guards (they may turn out blank, GIN-NG-03)."""
    if not has_enemy(state, city, side):
        return False
    if side == "Swarm" and unrevealed_guards_only(state, city):
        return False
    return True


@dataclass(frozen=True)
class Terrain:
    """What one side's movement sees right now: Cities that stop it, Cities full to the stacking
    limit, and (for the Swarm) roads the Fusion Fence closes. Built once per occupancy."""

    stops: frozenset[str]
    full: frozenset[str]
    closed: frozenset[tuple[str, str]]


def terrain(state: GinState, data: GinData, side: str,
            occ: dict[str, list[int]] | None = None) -> Terrain:
    """The stop / full / closed-road sets for a side (same rules as must_stop and the Fence)."""
    occ = state.occupancy() if occ is None else occ
    swarm = side == "Swarm"
    me, foe = (0, 1) if swarm else (1, 0)
    limit = data.stack_limit
    stops, full = set(), set()
    for c, row in occ.items():
        n = row[me] + (state.fort_boxes(c) if not swarm else 0)
        if n >= limit:
            full.add(c)
        if row[foe] and not (swarm and row[2] == row[1] and n < limit):
            stops.add(c)  # Cities held only by unrevealed Guards may be tried (GIN-NG-03)
    for c, f in state.forts.items():
        if not f.destroyed:
            if swarm:
                stops.add(c)
            elif f.strength + (occ[c][1] if c in occ else 0) >= limit:
                full.add(c)
    return Terrain(frozenset(stops), frozenset(full),
                   fence_closed(state, data) if swarm else frozenset())


def fence_closed(state: GinState, data: GinData) -> frozenset[tuple[str, str]]:
    """Roads the Fusion Fence closes to the Swarm (cached per set of destroyed Fence Forts)."""
    key = frozenset(c for c, f in data.forts.items() if f.fence and state.forts[c].destroyed)
    cache = data.__dict__.setdefault("_fence_closed", {})
    closed = cache.get(key)
    if closed is None:
        closed = cache[key] = frozenset(
            (c, nb) for c, f in data.forts.items() if f.fence for nb in data.adjacency[c]
            if not swarm_may_step(state, data, c, nb))
    return closed


def unit_reach(state: GinState, data: GinData, unit: Unit, mp: int | None = None,
               occ: dict[str, list[int]] | None = None, ter: Terrain | None = None) -> Reach:
    """Cities where an activated unit can end its move: {city: (MP spent, path)} (start included).

    Breadth-first (every road costs 1 MP); must-stop Cities are entered but not left; Cities full
    to the stacking limit may be passed through but not ended in; the Swarm obeys the Fence."""
    budget = data.types[unit.type].mp if mp is None else mp
    start = unit.loc
    ter = terrain(state, data, unit.side, occ) if ter is None else ter
    stops, full, closed = ter.stops, ter.full, ter.closed
    best: dict[str, tuple[int, tuple[str, ...]]] = {start: (0, (start,))}
    frontier = [start]
    cost = 0
    adj = data.adjacency
    while frontier and cost < budget:
        cost += 1
        nxt_frontier = []
        for loc in frontier:
            if loc != start and loc in stops:
                continue
            path = best[loc][1]
            for nb in adj[loc]:
                if nb in best or (loc, nb) in closed:
                    continue
                best[nb] = (cost, path + (nb,))
                nxt_frontier.append(nb)
        frontier = nxt_frontier
    return {c: v for c, v in best.items() if c == start or c not in full}


def reveal_guards(state: GinState, city: str) -> Generator[Event, Any, None]:
    """GIN-NG-01/02: flip unrevealed Guards in the City; blank ones are removed."""
    for g in [u for u in state.at(city, "Human") if not u.revealed]:
        g.revealed = True
        if g.armed:
            yield Event(f"{g.id} in {city} is revealed: it shows a die symbol and stays "
                        f"(GIN-AMB-19 default: an armed Guard stays)", rule=R_MOVE, kind="reveal",
                        data={"unit": g.id, "armed": True})
        else:
            g.pool, g.loc = "eliminated", ""
            yield Event(f"{g.id} in {city} is revealed blank and removed", rule=R_MOVE,
                        kind="reveal", data={"unit": g.id, "armed": False})


def move_unit(state: GinState, data: GinData, unit: Unit, path: tuple[str, ...],
              occ: dict[str, list[int]] | None = None) -> Generator[Event, Any, bool]:
    """Walk a unit along its path one City at a time, applying the stop and Guard rules.
    Returns whether Guards were revealed on the way."""
    start = unit.loc
    prev = start
    revealed = False
    occ = state.occupancy() if occ is None else occ
    foe = 1 if unit.side == "Swarm" else 0

    def enemy_in(c: str) -> bool:  # enemies do not move during this unit's move
        if revealed:
            return has_enemy(state, c, unit.side)
        row = occ.get(c)
        return bool(row and row[foe]) or (unit.side == "Swarm" and state.fort_intact(c))

    for city in path[1:]:
        unit.loc = city
        unit.came_from = prev
        row = occ.get(city)
        if unit.side == "Swarm" and row and row[2] and any(
                not u.revealed for u in state.at(city, "Human")):
            revealed = True
            yield from reveal_guards(state, city)
            if has_enemy(state, city, "Swarm"):
                yield Event(f"{unit.id} stops in {city}: Human units remain there", rule=R_MOVE,
                            kind="move", data={"unit": unit.id, "to": city})
                break
            if city != path[-1]:
                yield Event(f"{unit.id} keeps moving: no Human unit is left in {city}",
                            rule=R_MOVE, kind="move", data={"unit": unit.id, "via": city})
            prev = city
            continue
        if enemy_in(city):
            break
        prev = city
    stopped = enemy_in(unit.loc)
    if unit.side == "Human" and stopped and state.fort_intact(start) \
            and not (occ.get(start) or (0,))[0] and unit.loc in data.adjacency[start]:
        unit.sortie_from = start
    yield Event(f"{unit.id} moves {start} -> {unit.loc}"
                + (" and stops: enemy City" if stopped else ""),
                rule=R_MOVE, kind="move", data={"unit": unit.id, "from": start, "to": unit.loc})
    return revealed


def movement_step(state: GinState, ctx: Context, side: str, movers: list[Unit],
                  occ: dict[str, list[int]] | None = None
                  ) -> Generator[Event | Decision, Any, dict[str, list[int]]]:
    """GIN-MOVE-01: activated units move one at a time; each mover's destination is a Decision.
    Returns the occupancy after the moves."""
    data: GinData = ctx.data
    occ = state.occupancy() if occ is None else occ
    ter = terrain(state, data, side, occ)
    cache: dict[tuple[str, int], Reach] = {}  # units alike in place and MP share a reach
    for unit in movers:
        mp = data.types[unit.type].mp
        if unit.pool != "map" or mp <= 0:
            continue
        key = (unit.loc, mp)
        reach = cache.get(key)
        if reach is None:
            reach = cache[key] = unit_reach(state, data, unit, ter=ter)
        if len(reach) <= 1:
            continue
        dests = sorted((c for c in reach if c != unit.loc), key=lambda c: (reach[c][0], c))
        choice = yield Decision(side, "move", f"Where does {unit.id} move from {unit.loc}?",
                                ["stay", *dests], rule=R_MOVE,
                                data={"unit": unit.id, "from": unit.loc,
                                      "costs": {c: reach[c][0] for c in dests}})
        if choice == "stay":
            continue
        start = unit.loc
        revealed = yield from move_unit(state, data, unit, reach[choice][1], occ)
        cache.clear()
        if revealed:
            occ = state.occupancy()  # Guards were revealed (blank ones removed)
        else:
            i = 0 if unit.side == "Swarm" else 1
            occ[start][i] -= 1
            occ.setdefault(unit.loc, [0, 0, 0])[i] += 1
        ter = terrain(state, data, side, occ)
    return occ

"""Movement: City to adjacent City at 1 MP each, stacking, stopping on entering enemy Cities,
National Guard reveals, and the Fusion Fence."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .battleground import MoveOptions, Road, path_to
from .board import has_enemy, swarm_may_step
from .data import GinData
from .provenance import reason
from .state import GinState, Unit

R_MOVE = "Ginormopod: Movement"
R_FENCE = "Ginormopod: Fusion Fence"
MOVE_IDS = ("GIN-MOVE-01", "GIN-MOVE-02", "GIN-STACK-01")

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
    closed: frozenset[Road]


def terrain(state: GinState, data: GinData, side: str,
            occ: dict[str, list[int]] | None = None) -> Terrain:
    """The stop / full / closed-road sets for a side (same rules as must_stop and the Fence)."""
    occ = state.occupancy() if occ is None else occ
    stops, full = _terrain_masks(state, data, side, occ)
    roads = data.road_map
    return Terrain(roads.cities_in(stops), roads.cities_in(full),
                   fence_closed(state, data) if side == "Swarm" else frozenset())


def _terrain_masks(state: GinState, data: GinData, side: str,
                   occ: dict[str, list[int]]) -> tuple[int, int]:
    """The stop and full sets of terrain(), as City bitmasks (see battleground.RoadMap): the same
    rules as must_stop and the stacking limit, for every City at once."""
    bits = data.road_map.bits
    limit = data.stack_limit
    stops = full = 0
    if side == "Swarm":
        for c, (swarm, humans, hidden) in occ.items():
            if swarm >= limit:
                full |= bits[c]
            if humans and (hidden != humans or swarm >= limit):
                stops |= bits[c]  # Cities held only by unrevealed Guards may be tried (GIN-NG-03)
        for c, f in state.forts.items():
            if not f.destroyed:
                stops |= bits[c]  # undestroyed Forts are always enemy to the Swarm
        return stops, full
    for c, (swarm, humans, _hidden) in occ.items():
        if swarm:
            stops |= bits[c]
        if humans >= limit:
            full |= bits[c]
    for c, f in state.forts.items():
        if not f.destroyed:  # each box of strength counts as a Human unit
            row = occ.get(c)
            if f.strength + (row[1] if row is not None else 0) >= limit:
                full |= bits[c]
    return stops, full


def fence_closed(state: GinState, data: GinData) -> frozenset[Road]:
    """Roads the Fusion Fence closes to the Swarm (kept per set of destroyed Fence Forts)."""
    forts = state.forts
    key = frozenset([c for c in data.fence_forts if forts[c].destroyed])
    table = data.road_map.fence_closed
    closed = table.get(key)
    if closed is None:
        closed = table[key] = frozenset(
            (c, nb) for c in data.fence_forts for nb in data.adjacency[c]
            if not swarm_may_step(state, data, c, nb))
    return closed


def unit_reach(state: GinState, data: GinData, unit: Unit, mp: int | None = None,
               occ: dict[str, list[int]] | None = None, ter: Terrain | None = None) -> Reach:
    """Cities where an activated unit can end its move: {city: (MP spent, path)} (start included).

    Breadth-first (every road costs 1 MP); must-stop Cities are entered but not left; Cities full
    to the stacking limit may be passed through but not ended in; the Swarm obeys the Fence."""
    budget = data.types[unit.type].mp if mp is None else mp
    ter = terrain(state, data, unit.side, occ) if ter is None else ter
    costs, parent = data.road_map.search(unit.loc, budget, ter.stops, ter.full, ter.closed)
    return {c: (n, path_to(parent, c)) for c, n in costs.items()}


def _retally(state: GinState, data: GinData, side: str, occ: dict[str, list[int]],
             stops: int, full: int, cities: tuple[str, ...]) -> tuple[int, int]:
    """Re-derive the stop / full bits of a few Cities after a move, by the same rules as
    _terrain_masks(); returns the updated masks."""
    bits = data.road_map.bits
    swarm = side == "Swarm"
    me, foe = (0, 1) if swarm else (1, 0)
    limit = data.stack_limit
    for c in cities:
        row = occ.get(c)
        f = state.forts.get(c)
        intact = f is not None and not f.destroyed
        is_stop = is_full = False
        if row is not None:
            n = row[me] + (f.strength if intact and not swarm else 0)
            is_full = n >= limit
            is_stop = bool(row[foe]) and not (swarm and row[2] == row[1] and n < limit)
        if intact:
            if swarm:
                is_stop = True
            elif f.strength + (row[1] if row is not None else 0) >= limit:
                is_full = True
        bit = bits[c]
        stops = stops | bit if is_stop else stops & ~bit
        full = full | bit if is_full else full & ~bit
    return stops, full


AMB_19 = "default reading of GIN-AMB-19: a Guard showing a die symbol stays and stops the unit"
AMB_19_VARIANT = ("variant of GIN-AMB-19: the revealed Guards are not 'other' Human units, so "
                  "they do not stop the unit")


def reveal_guards(state: GinState, data: GinData, city: str
                  ) -> Generator[Event, Any, list[str]]:
    """GIN-NG-01/02: flip unrevealed Guards in the City; blank ones are removed. Returns the ids
    of the Guards flipped."""
    why = reason(data, "units", "guards")  # which Guards are blank is assumed
    flipped = []
    for g in [u for u in state.at(city, "Human") if not u.revealed]:
        g.revealed = True
        flipped.append(g.id)
        if g.armed:
            yield Event(f"{g.id} in {city} is revealed: it shows a die symbol and stays",
                        rule=R_MOVE, kind="reveal", data={"unit": g.id, "armed": True,
                                                          "guard": g.id},
                        ids=("GIN-NG-01", "GIN-NG-02", "GIN-AMB-19"), assumed=why)
        else:
            g.pool, g.loc = "eliminated", ""
            yield Event(f"{g.id} in {city} is revealed blank and removed", rule=R_MOVE,
                        kind="reveal", data={"unit": g.id, "armed": False, "guard": g.id},
                        ids=("GIN-NG-01", "GIN-NG-02"), assumed=why)
    return flipped


def move_unit(state: GinState, data: GinData, unit: Unit, path: tuple[str, ...],
              occ: dict[str, list[int]] | None = None, pass_revealed: bool = False
              ) -> Generator[Event, Any, bool]:
    """Walk a unit along its path one City at a time, applying the stop and Guard rules.
    Returns whether Guards were revealed on the way. `pass_revealed`: the GIN-AMB-19 variant, in
    which the Guards just revealed do not stop the unit."""
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
            flipped = yield from reveal_guards(state, data, city)
            others = [u for u in state.at(city, "Human") if u.id not in flipped]
            stays = state.at(city, "Human")
            if stays and (others or not pass_revealed or state.fort_intact(city)):
                yield Event(f"{unit.id} stops in {city}: Human units remain there", rule=R_MOVE,
                            kind="move", data={"unit": unit.id, "to": city},
                            ids=("GIN-NG-03", "GIN-MOVE-03", "GIN-AMB-19"),
                            assumed="" if others else AMB_19)
                break
            if city != path[-1]:
                yield Event(f"{unit.id} keeps moving: no other Human unit is left in {city}",
                            rule=R_MOVE, kind="move", data={"unit": unit.id, "via": city},
                            ids=("GIN-NG-03",) + (("GIN-AMB-19",) if stays else ()),
                            assumed=AMB_19_VARIANT if stays else "")
            prev = city
            continue
        if enemy_in(city):
            break
        prev = city
    stopped = enemy_in(unit.loc)
    if stopped:
        unit.halted = True  # "cease that Unit's movement for this turn"
    if unit.side == "Human" and stopped and state.fort_intact(start) \
            and not (occ.get(start) or (0,))[0] and unit.loc in data.adjacency[start]:
        unit.sortie_from = start
    yield Event(f"{unit.id} moves {start} -> {unit.loc}"
                + (" and stops: enemy City" if stopped else ""),
                rule=R_MOVE, kind="move", data={"unit": unit.id, "from": start, "to": unit.loc},
                ids=("GIN-MOVE-01",) + (("GIN-MOVE-03",) if stopped else ()))
    return revealed


def _count_move(occ: dict[str, list[int]], start: str, dest: str, i: int) -> None:
    """Count one unit (i: 0 Swarm, 1 Human) out of `start` and into `dest`. The two rows are
    replaced, not changed in place, so a shallow copy of the occupancy taken earlier (the
    Activation's snapshot, combat.Activation.begin) keeps its counts."""
    row = list(occ[start])
    row[i] -= 1
    occ[start] = row
    row = list(occ.get(dest, (0, 0, 0)))
    row[i] += 1
    occ[dest] = row


def movement_step(state: GinState, ctx: Context, side: str, movers: list[Unit],
                  occ: dict[str, list[int]] | None = None
                  ) -> Generator[Event | Decision, Any, dict[str, list[int]]]:
    """GIN-MOVE-01: activated units move one at a time; each mover's destination is a Decision.
    Returns the occupancy after the moves."""
    data: GinData = ctx.data
    occ = state.occupancy() if occ is None else occ
    masks: tuple[int, int] | None = None  # the stop and full masks, worked out when first needed
    moved: tuple[str, ...] = ()  # Cities the last move changed, not yet re-tallied in the masks
    closed = fence_closed(state, data) if side == "Swarm" else frozenset()
    pass_revealed = ctx.variant("armed_guard_does_not_stop")
    # units alike in place and MP share a reach (kept while the terrain masks stay the same)
    cache: dict[tuple[str, int], MoveOptions] = {}
    types = data.types
    for unit in movers:
        if unit.pool != "map" or unit.halted:
            continue  # (a unit that entered an enemy City moves no more this turn)
        mp = types[unit.type].mp
        if mp <= 0:
            continue
        if masks is None:
            masks = _terrain_masks(state, data, side, occ)
        elif moved:  # (after the last mover's move, nobody needs them)
            updated = _retally(state, data, side, occ, *masks, moved)
            if updated != masks:
                masks = updated
                cache.clear()
            moved = ()
        here = unit.loc
        key = (here, mp)
        entry = cache.get(key)
        if entry is None:
            entry = cache[key] = data.road_map.move_options(here, mp, *masks, closed)
        parent, dests, costs = entry
        if not dests:
            continue
        choice = yield Decision(side, "move", f"Where does {unit.id} move from {here}?",
                                ["stay", *dests], rule=R_MOVE, ids=MOVE_IDS,
                                data={"unit": unit.id, "from": here, "costs": dict(costs)})
        if choice == "stay":
            continue
        start = here
        revealed = yield from move_unit(state, data, unit, path_to(parent, choice), occ,
                                        pass_revealed)
        if revealed:
            occ = state.occupancy()  # Guards were revealed (blank ones removed)
            masks = None
            cache.clear()
        else:
            _count_move(occ, start, unit.loc, 0 if unit.side == "Swarm" else 1)
            moved = (start, unit.loc)
    return occ

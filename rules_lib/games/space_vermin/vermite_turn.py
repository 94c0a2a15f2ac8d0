"""The Vermite Action Phase (§C-2-a): Event Chit Step (§D), Movement Step in the rulebook's order
(§C-2-a-2, §E), Combat Step (§F-2) and Reinforcement Step (§G, §Q-2-c)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_lib.core.engine import Context, Event

from . import dice as svdice
from .board import map_for
from .combat import drone_flock, eliminate_vermite, game_data, kind_of, vermite_combat_step
from .events import draw_event_chit
from .state import SVState, Unit
from .tunnels import place_tunnel_exit, tunnel_movement
from .vermite_movement import (
    escort_of,
    is_escorting,
    marine_neighbourhood,
    move_group,
    queen_hexes_now,
)

RULE_SEQ = "Space Vermin §C-2-a"


def chit_effect(data, name: str) -> dict[str, Any]:
    """The event a chit names, from chits.yaml (the Vermite Event Chit Card, mostly assumed)."""
    for node in data.sources["chits"].tree["event_chits"]:
        if str(node["name"]) == name:
            return dict(node.get("effect") or {})
    raise KeyError(f"chits.yaml: no Event Chit {name!r}")


def reset_turn_effects(state: SVState) -> None:
    """Event effects last one turn (§P-1-b 'for this turn only'; the chit card, assumed)."""
    state.flooded = False
    state.sneak_attack = False
    state.magnetic_storm = False
    state.soldier_ma_bonus = 0
    state.fire_range_limit = 0
    state.drones_flock_again = False
    state.extra_spawn = 0
    state.turn_events = []
    state.direction_chit = ""


# --------------------------------------------------------------------------------------------------
# 1. Event Chit Step (§D)
# --------------------------------------------------------------------------------------------------


def event_chit_step(state: SVState, ctx: Context) -> Iterator:
    """Draw a chit, set the Preferred Direction, resolve the event; B.U.R.P. and B.E.L.C.H. draw
    again keeping their own direction (§C-2-a-1, §D-1)."""
    data = game_data(ctx)
    state.step = "Event Chit"
    yield Event("Event Chit Step", rule="Space Vermin §C-2-a-1", kind="step")
    chit = yield from draw_event_chit(state, ctx)
    if chit is None:
        yield Event("The Event Cup is empty: no chit this turn", rule="Space Vermin §D",
                    kind="info")
        return
    state.direction_chit = chit
    smap = map_for(state.map, data)
    c = next(x for x in data.event_chits if x.name == chit)
    if smap.key == "alpha":
        text = f"blue {c.alpha_blue} south of the road, yellow {c.alpha_yellow} on or north of it"
    else:
        text = "a die per unit (Magnetic Storm)" if c.beta == "*" else f"{c.beta}"
    yield Event(f"Queen's Preferred Direction from {chit}: {text}", rule="Space Vermin §D-1",
                kind="info", data={"chit": chit})
    yield from resolve_event(state, ctx, chit, first=True)


def resolve_event(state: SVState, ctx: Context, chit: str, first: bool) -> Iterator:
    """Resolve one chit's event (§D); an extra-draw chit draws and resolves another."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    effect = chit_effect(data, chit)
    kind = effect.get("kind", "none")
    state.turn_events.append(chit)
    rule = "Space Vermin §D (Event Chit Card)"
    if kind == "extra_draw":
        yield Event(f"{chit}: an additional chit is drawn; its direction numbers are ignored",
                    rule="Space Vermin §D-1", kind="info")
        if not state.event_cup:
            yield Event("No chit left to draw", rule="Space Vermin §D-1", kind="info")
            return
        second = yield from draw_event_chit(state, ctx)
        yield Event(f"Second chit {second}: resolved with {state.direction_chit}'s directions",
                    rule="Space Vermin §D-1", kind="info")
        yield from resolve_event(state, ctx, second, first=False)
    elif kind == "bogs_flood":
        state.flooded = True
        yield Event("Bogs Flood: every Bog and every hex next to one is Flooded this turn",
                    rule="Space Vermin §P-1-b", kind="info")
        if first and smap.key == "alpha":
            state.sneak_attack = True
            yield Event("Vermite Sneak Attack: south from Nest 1 to 221, north from Nest 2 to "
                        "613; no Soldier Tunnel Movement", rule="Space Vermin §Q-1-c", kind="info")
        if first and smap.key == "beta":
            state.magnetic_storm = True
            yield Event("Magnetic Storm: each moving unit rolls its own direction and ignores "
                        "Scent Trails (flooding also applies, default reading of SV-AMB-10)",
                        rule="Space Vermin §Q-2-f", kind="info")
    elif kind == "nat_plague":
        hit = [u for u in state.marines_on_map() if u.nat == "tainted"]
        for u in hit:
            u.nat = "infected"
        yield Event(f"NAT Plague: {', '.join(u.id for u in hit) or 'no Marine'} NAT Tainted -> "
                    f"Infected", rule=rule, kind="info")
    elif kind == "molt":
        limit = int(effect["eliminated_on_at_most"])
        for v in sorted((v for v in state.vermites_on_map() if v.reduced),
                        key=lambda v: (kind_of(data, v), v.number, v.id)):
            face = svdice.one_die().roll(ctx.dice, f"Vermites Molt {v.id}").value
            if face <= limit:
                yield Event(f"Vermites Molt: {v.id} rolls {face} and dies", rule=rule,
                            kind="roll")
                yield from eliminate_vermite(state, ctx, v, cause="event")
            else:
                v.reduced = False
                yield Event(f"Vermites Molt: {v.id} rolls {face} and is back at full strength",
                            rule=rule, kind="roll")
    elif kind == "extra_move":
        state.soldier_ma_bonus = int(effect["ma_bonus"])
        yield Event(f"{chit}: Soldiers +{state.soldier_ma_bonus} MA this turn", rule=rule,
                    kind="info")
    elif kind == "tunnel_exit":
        if smap.key != "alpha" or not state.cup_tunnel_exits:
            yield Event(f"{chit}: no Tunnel Exit chit to place", rule=rule, kind="info")
        else:
            pool = sorted(state.cup_tunnel_exits)
            n = pool[ctx.dice.roll(len(pool), "Tunnel Exit chit") - 1] if len(pool) > 1 else pool[0]
            yield place_tunnel_exit(state, smap, n, chit)
    elif kind == "extra_spawn":
        if smap.key == "alpha":
            state.extra_spawn = int(effect["spawns"])
        yield Event(f"{chit}: " + ("the High Queen spawns one more this turn" if smap.key == "alpha"
                                   else "no Queen spawns in Scenario 2"), rule=rule, kind="info")
    elif kind == "fog":
        state.fire_range_limit = int(effect["range"])
        yield Event(f"{chit}: Marines cannot fire beyond {state.fire_range_limit} hexes this turn",
                    rule=rule, kind="info")
    elif kind == "drones_flock_twice":
        state.drones_flock_again = True
        yield Event(f"{chit}: Drones flock again after the Combat Step", rule=rule, kind="info")
    elif kind == "acid_rain":
        limit = int(effect["disrupted_on_at_most"])
        for u in sorted(state.marines_on_map(), key=lambda u: u.id):
            if smap.terrain_of(smap.hex(u.hex)) == "building":
                continue
            face = svdice.one_die().roll(ctx.dice, f"{chit} {u.id}").value
            if face <= limit and not u.reduced:
                u.reduced = True
                yield Event(f"{chit}: {u.id} rolls {face} and is Disrupted", rule=rule,
                            kind="roll")
    else:
        yield Event(f"{chit}: no event, direction only", rule=rule, kind="info")


# --------------------------------------------------------------------------------------------------
# 2. Movement Step (§C-2-a-2, §E-1)
# --------------------------------------------------------------------------------------------------


def _by_id(data, state: SVState, kind: str) -> list[Unit]:
    return sorted((u for u in state.vermites_on_map() if kind_of(data, u) == kind),
                  key=lambda u: u.number)


def drone_step(state: SVState, ctx: Context) -> Iterator[Event]:
    """Drones flock, lowest Unit ID first, each to the hex three dice name (§E-1-a)."""
    data = game_data(ctx)
    for d in _by_id(data, state, "drone"):
        if d.on_map:
            yield from drone_flock(state, ctx, d.id)


def regular_step(state: SVState, ctx: Context, kind: str, label: str, rule: str) -> Iterator[Event]:
    """Move every unit of a type that may move, by Unit ID (§E-1-b, §E-1-d)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    marines = state.marine_hexes()  # no Marine moves or dies while Warriors walk
    near = marine_neighbourhood(smap, marines)  # the hexes where marine_adjacent holds
    queens = queen_hexes_now(data, state)  # Queens move in their own step, not in this one
    for u in _by_id(data, state, kind):
        if not u.on_map:
            continue
        if is_escorting(state, u) and escort_of(state, state.unit(u.escort_of)) is u:
            yield Event(f"{u.id} is {u.escort_of}'s Escort and moves with her (§E-1-b)",
                        rule=rule, kind="info")
            continue
        if smap.hex(u.hex) in near:
            yield Event(f"{u.id} in {u.hex} is adjacent to a Marine and does not move (§E-1)",
                        rule=rule, kind="move")
            continue
        yield from move_group(state, ctx, [u], marines=marines, near_marines=near,
                              queen_hexes=queens)


def queen_step(state: SVState, ctx: Context) -> Iterator[Event]:
    """Queens (with their Escorts) in rank order High, Sister, Child (§E-1-e, §Q-2-d); Queens in
    a Nest never move."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    queens = sorted((u for u in state.vermites_on_map() if kind_of(data, u) == "queen"),
                    key=lambda u: data.vermites[u.type].rank)
    for q in queens:
        if not q.on_map:
            continue
        if smap.terrain_of(smap.hex(q.hex)) == "nest":
            yield Event(f"{q.id} is in a Nest and cannot move", rule="Space Vermin §E-1-e",
                        kind="info")
            continue
        esc = escort_of(state, q)
        yield from move_group(state, ctx, [q] + ([esc] if esc else []))


def movement_step(state: SVState, ctx: Context, drones: bool = True) -> Iterator[Event]:
    """The Movement Step in its fixed order (§C-2-a-2, SV-AMB-14)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    state.step = "Movement"
    yield Event("Movement Step", rule="Space Vermin §C-2-a-2", kind="step")
    if drones:
        yield Event("a) Drone Movement and Suicide Attacks", rule="Space Vermin §E-1-a",
                    kind="info")
        yield from drone_step(state, ctx)
    yield Event("b) Ultra-Mite Movement", rule="Space Vermin §E-1-b", kind="info")
    yield from regular_step(state, ctx, "ultra_mite", "Ultra-Mite", "Space Vermin §E-1-b")
    if smap.key == "alpha":
        yield Event("c) Soldier Tunnel Movement", rule="Space Vermin §E-1-c", kind="info")
        yield from tunnel_movement(state, ctx)
    yield Event("d) Soldier Regular Movement", rule="Space Vermin §E-1-d", kind="info")
    yield from regular_step(state, ctx, "soldier", "Soldier", "Space Vermin §E-1-d")
    if smap.key == "beta":
        yield Event("e) Queens and Escorts Movement", rule="Space Vermin §E-1-e", kind="info")
        yield from queen_step(state, ctx)


def entrance_check(state: SVState, ctx: Context) -> Iterator[Event]:
    """A Vermite that reached a Nest Tunnel Entrance by any means (an advance after combat)
    returns to the cup, its Jewel to the Nest (§P-2-l)."""
    from .vermite_movement import _enter_tunnel_entrance

    data = game_data(ctx)
    smap = map_for(state.map, data)
    for label in smap.mdata.nest_tunnel_entrances.values():
        group = [u for u in state.units_at(label) if not u.is_marine and kind_of(data, u) != "drone"]
        if group:
            yield from _enter_tunnel_entrance(state, ctx, smap, group, label)


def vermite_action_phase(state: SVState, ctx: Context, reinforcements) -> Iterator:
    """The four steps of the Vermite Action Phase, each complete before the next (§C-2-a)."""
    yield from event_chit_step(state, ctx)
    yield from movement_step(state, ctx)
    state.step = "Combat"
    yield Event("Combat Step", rule="Space Vermin §C-2-a-3", kind="step")
    yield from vermite_combat_step(state, ctx)
    yield from entrance_check(state, ctx)
    if state.drones_flock_again:
        yield Event("Drones flock a second time (event)", rule="Space Vermin §D (Event Chit Card)",
                    kind="info")
        yield from drone_step(state, ctx)
    state.step = "Reinforcement"
    yield Event("Reinforcement Step", rule="Space Vermin §C-2-a-4", kind="step")
    yield from reinforcements(state, ctx)


__all__ = ["event_chit_step", "movement_step", "vermite_action_phase"]

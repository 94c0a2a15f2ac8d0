"""The Vermite Action Phase (§C-2-a): Event Chit Step (§D), Movement Step in the rulebook's order
(§C-2-a-2, §E), Combat Step (§F-2) and Reinforcement Step (§G, §Q-2-c)."""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from .board import map_for
from .chit_events import reset_turn_effects, resolve_event
from .data import game_data
from .events import draw_event_chit
from .provenance import chit_reason, map_reason
from .state import SVState, Unit, kind_of
from .tunnels import tunnel_movement
from .vermite_attacks import drone_flock, vermite_combat_step
from .vermite_movement import (
    ENTRANCE_CARRIERS_ONLY,
    enter_tunnel_entrance,
    escort_of,
    is_escorting,
    marine_neighbourhood,
    move_group,
    queen_hexes_now,
)

RULE_SEQ = "Space Vermin §C-2-a"


# --------------------------------------------------------------------------------------------------
# 1. Event Chit Step (§D)
# --------------------------------------------------------------------------------------------------


def event_chit_step(state: SVState, ctx: Context) -> Iterator:
    """Draw a chit, set the Preferred Direction, resolve the event; B.U.R.P. and B.E.L.C.H. draw
    again keeping their own direction (§C-2-a-1, §D-1)."""
    data = game_data(ctx)
    state.step = "Event Chit"
    yield Event("Event Chit Step", rule="Space Vermin §C-2-a-1", kind="step",
                ids=("SV-SEQ-03", "SV-SEQ-04"))
    chit = yield from draw_event_chit(state, ctx)
    if chit is None:
        yield Event("The Event Cup is empty: no chit this turn", rule="Space Vermin §D",
                    kind="info", ids=("SV-EVT-02",))
        return
    state.direction_chit = chit
    smap = map_for(state.map, data)
    c = next(x for x in data.event_chits if x.name == chit)
    if smap.key == "alpha":
        text = f"blue {c.alpha_blue} south of the road, yellow {c.alpha_yellow} on or north of it"
        arrows: tuple[str, ...] = ("alpha_blue", "alpha_yellow")
        ids: tuple[str, ...] = ("SV-SEQ-04", "SV-EVT-05", "SV-EVT-06")
    else:
        text = "a die per unit (Magnetic Storm)" if c.beta == "*" else f"{c.beta}"
        arrows, ids = ("beta",), ("SV-SEQ-04", "SV-EVT-05")
    yield Event(f"Queen's Preferred Direction from {chit}: {text}", rule="Space Vermin §D-1",
                kind="info", data={"chit": chit, "chit_paths": list(arrows)}, ids=ids,
                assumed=chit_reason(data, chit, arrows))
    yield from resolve_event(state, ctx, chit, first=True)


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
                        rule=rule, kind="info", data={"unit": u.id},
                        ids=("SV-UMITE-01", "SV-S2-12"))
            continue
        if smap.hex(u.hex) in near:
            yield Event(f"{u.id} in {u.hex} is adjacent to a Marine and does not move (§E-1)",
                        rule=rule, kind="move", data={"unit": u.id, "hex": u.hex},
                        ids=("SV-VMOV-05",), assumed=map_reason(data, smap.key))
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
                        kind="info", data={"unit": q.id}, ids=("SV-QUEEN-01",))
            continue
        esc = escort_of(state, q)
        yield from move_group(state, ctx, [q] + ([esc] if esc else []))


def movement_step(state: SVState, ctx: Context, drones: bool = True) -> Iterator[Event]:
    """The Movement Step in its fixed order (§C-2-a-2, SV-AMB-14)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    state.step = "Movement"
    yield Event("Movement Step", rule="Space Vermin §C-2-a-2", kind="step",
                ids=("SV-SEQ-03", "SV-SEQ-05", "SV-AMB-14"))
    if drones:
        yield Event("a) Drone Movement and Suicide Attacks", rule="Space Vermin §E-1-a",
                    kind="info", ids=("SV-SEQ-05", "SV-VMOV-06", "SV-VMOV-07"))
        yield from drone_step(state, ctx)
    yield Event("b) Ultra-Mite Movement", rule="Space Vermin §E-1-b", kind="info",
                ids=("SV-SEQ-05", "SV-UMITE-01", "SV-VMOV-07"))
    yield from regular_step(state, ctx, "ultra_mite", "Ultra-Mite", "Space Vermin §E-1-b")
    if smap.key == "alpha":
        yield Event("c) Soldier Tunnel Movement", rule="Space Vermin §E-1-c", kind="info",
                    ids=("SV-SEQ-05", "SV-TUN-01"))
        yield from tunnel_movement(state, ctx)
    yield Event("d) Soldier Regular Movement", rule="Space Vermin §E-1-d", kind="info",
                ids=("SV-SEQ-05", "SV-SOLD-01", "SV-VMOV-07"))
    yield from regular_step(state, ctx, "soldier", "Soldier", "Space Vermin §E-1-d")
    if smap.key == "beta":
        yield Event("e) Queens and Escorts Movement", rule="Space Vermin §E-1-e", kind="info",
                    ids=("SV-SEQ-05", "SV-QUEEN-04"))
        yield from queen_step(state, ctx)


def entrance_check(state: SVState, ctx: Context) -> Iterator[Event]:
    """A Vermite that reached a Nest Tunnel Entrance by any means (an advance after combat)
    returns to the cup, its Jewel to the Nest (§P-2-l)."""

    data = game_data(ctx)
    smap = map_for(state.map, data)
    carriers_only = ENTRANCE_CARRIERS_ONLY in state.variants  # SV-AMB-15's other reading
    for label in smap.mdata.nest_tunnel_entrances.values():
        group = [u for u in state.units_at(label) if not u.is_marine and kind_of(data, u) != "drone"
                 and (u.jewels or not carriers_only)]
        if group:
            yield from enter_tunnel_entrance(state, ctx, smap, group, label)


def vermite_action_phase(state: SVState, ctx: Context, reinforcements) -> Iterator:
    """The four steps of the Vermite Action Phase, each complete before the next (§C-2-a)."""
    yield from event_chit_step(state, ctx)
    yield from movement_step(state, ctx)
    state.step = "Combat"
    yield Event("Combat Step", rule="Space Vermin §C-2-a-3", kind="step", ids=("SV-SEQ-03",))
    yield from vermite_combat_step(state, ctx)
    yield from entrance_check(state, ctx)
    if state.drones_flock_again:
        yield Event("Drones flock a second time (event)", rule="Space Vermin §D (Event Chit Card)",
                    kind="info", ids=("SV-EVT-04",),
                    assumed="invented Event Chit Card (variant invented_event_chit_card)")
        yield from drone_step(state, ctx)
    state.step = "Reinforcement"
    yield Event("Reinforcement Step", rule="Space Vermin §C-2-a-4", kind="step",
                ids=("SV-SEQ-03", "SV-SEQ-06"))
    yield from reinforcements(state, ctx)


__all__ = ["event_chit_step", "movement_step", "reset_turn_effects", "vermite_action_phase"]

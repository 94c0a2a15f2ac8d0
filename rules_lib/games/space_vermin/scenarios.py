"""Scenario set-ups (§C-1, §Q): The Family Jewels, The Great Migration and the Campaign's second
battle. The numbers are in ``data/scenarios.yaml``; set-ups roll through ``ctx.dice``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_lib.core.data import DataError
from rules_lib.core.engine import Context, Decision, Event

from . import dice as svdice
from .board import SVMap, map_for
from .counters import all_units
from .data import SVData, game_data
from .events import fill_event_cup
from .provenance import counter_path, map_reason, values_reason
from .spawning import draw_from_cup
from .state import MARINES, SVState, kind_of
from .tunnels import place_tunnel_exit

SCENARIOS = ("family_jewels", "great_migration", "campaign")


def scenario_table(data: SVData, name: str) -> dict[str, Any]:
    """One scenario's data; a clear error naming the scenario otherwise."""
    tree = data.sources["scenarios"].tree
    if name not in tree:
        raise DataError(data.sources["scenarios"].file, (name,),
                        f"no scenario {name!r}; scenarios: {', '.join(SCENARIOS)}")
    return tree[name]


def new_state(data: SVData, scenario: str) -> SVState:
    """The table before set-up: every counter in the pool or the cup (§C-1)."""
    if scenario not in SCENARIOS:
        raise ValueError(f"space_vermin: unknown scenario {scenario!r}; "
                         f"scenarios: {', '.join(SCENARIOS)}")
    first = "family_jewels" if scenario in ("family_jewels", "campaign") else scenario
    state = SVState(scenario=scenario, map=scenario_table(data, first)["map"],
                    units=all_units(data))
    state.campaign_stage = 1 if scenario == "campaign" else 0
    return state


def _marine_ids(data: SVData, state: SVState, counts: dict[str, int]) -> list[str]:
    out = []
    for mtype, n in counts.items():
        ids = [u.id for u in state.units if u.is_marine and u.type == mtype]
        if len(ids) < n:
            raise DataError("scenarios.yaml", ("marines", mtype),
                            f"needs {n} {mtype} counters, the counter mix has {len(ids)}")
        out += ids[:n]
    return out


def setup_family_jewels(state: SVState, ctx: Context) -> Iterator:
    """§Q-1-a/b: Queens and Jewels, two Tunnel Exits, the Nests' first spawn, the cup, the Marines
    in New Lancaster, the Scientist at 422 and the RVs on the turn track."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    t = scenario_table(data, "family_jewels")
    yield from _family_jewels_vermites(data, smap, state, ctx, t)
    yield from _family_jewels_marines(data, smap, state, t)


def _family_jewels_vermites(data: SVData, smap: SVMap, state: SVState, ctx: Context,
                            t: dict[str, Any]) -> Iterator[Event]:
    """§Q-1-a: the Event Cup, the Queens and Jewels, two Tunnel Exits, the Nests' first spawn and
    the Vermite Unit Cup."""
    fill_event_cup(state, ctx)
    state.secret_weapons_left = [w.name for w in data.secret_weapons]
    state.jewels_in_play = int(data.sources["counters"].get("crown_jewels.count"))
    for u in state.units:
        if not u.is_marine:
            u.status, u.hex = "cup", None
    roll = svdice.one_die().roll(ctx.dice, "High Queen's Nest").value
    nest = next(r["nest"] for r in t["high_queen_nest"] if roll <= r["at_most"])
    other = next(n for n in sorted(smap.nests) if n != nest)
    high = state.unit(data.vermites[str(t["queen_in_rolled_nest"])].name)
    sister = state.unit(data.vermites[str(t["queen_in_other_nest"])].name)
    high.status, high.hex = "map", smap.label(smap.nests[nest])
    sister.status, sister.hex = "map", smap.label(smap.nests[other])
    state.nest_jewels = {str(nest): int(t["high_queen_jewels"])}
    state.jewels = {label: int(t["jewels_per_location"])
                    for label in smap.mdata.crown_jewel_locations}
    yield Event(f"Set-up die {roll}: the {high.id} and {t['high_queen_jewels']} Crown Jewel in "
                f"Nest {nest}, the {sister.id} in Nest {other}", rule="Space Vermin §Q-1-a",
                kind="roll", data={"roll": roll}, ids=("SV-S1-02",))
    exits = [str(n) for n in sorted(smap.mdata.tunnel_exits)]
    for _ in range(int(t["tunnel_exits_at_start"])):
        n = exits.pop(ctx.dice.roll(len(exits), "Tunnel Exit at set-up") - 1)
        yield place_tunnel_exit(state, smap, n, "random at set-up", ids=("SV-S1-03",))
    state.cup_tunnel_exits = exits
    warriors = [u.id for u in state.units if not u.is_marine and u.status == "cup"
                and kind_of(data, u) != "queen"]
    for queen in (high, sister):
        home = nest if queen is high else other
        n = data.vermites[queen.type].sn + data.jewel_spawn_bonus * state.nest_jewels.get(
            str(home), 0)
        for i in range(n):
            uid = draw_from_cup(state, ctx, f"set-up spawn {i + 1} for {queen.id}", pool=warriors)
            warriors.remove(uid)
            u = state.unit(uid)
            u.status, u.hex = "map", queen.hex
        paths = (counter_path(data, queen, "sn"), "counters:crown_jewels.spawn_bonus")
        yield Event(f"{n} random Vermites placed in {queen.id}'s Nest ({queen.hex}): SN "
                    f"{data.vermites[queen.type].sn} + Jewels", rule="Space Vermin §Q-1-a",
                    kind="move", data={"unit": queen.id, "values": list(paths)},
                    ids=("SV-S1-04",), assumed=values_reason(data, paths))
    yield Event("The other Vermites, the Child Queen and the remaining Tunnel Exits go into the "
                "Vermite Unit Cup", rule="Space Vermin §C-1 / §Q-1-a", kind="info",
                ids=("SV-SETUP-02", "SV-S1-05"))
    yield Event(f"{t['jewels_per_location']} Crown Jewels each in "
                f"{' and '.join(smap.mdata.crown_jewel_locations)}",
                rule="Space Vermin §Q-1-a", kind="info", ids=("SV-S1-06",))


def _family_jewels_marines(data: SVData, smap: SVMap, state: SVState,
                           t: dict[str, Any]) -> Iterator:
    """§Q-1-b: the Scientist in the Convention Center, the RVs on the turn track and the Marines
    set up in New Lancaster (a Decision each)."""
    sci = t["scientist"]
    sci_hex = smap.mdata.landmarks[str(sci["landmark"])]
    state.unit(sci["unit"]).status, state.unit(sci["unit"]).hex = "map", sci_hex
    for rv, turn in t["recovery_vehicles"].items():
        u = state.unit(rv)
        u.status, u.arrival_turn = "turn_track", int(turn)
    city = list(smap.mdata.city_limits[t["marine_area"]])
    default = {k: str(v) for k, v in t["default_deployment"].items()}
    for uid in _marine_ids(data, state, t["marines"]):
        taken = state.occupied()  # a Crown Jewel hex is no bar to a Marine (§I-1-a)
        free = [lab for lab in city if lab not in taken
                and smap.hex(lab) not in smap.nat_infestation]
        pref = default.get(uid)
        options = ([pref] if pref in free else []) + [lab for lab in free if lab != pref]
        where = yield Decision(MARINES, "setup_hex", f"Where does {uid} start in New Lancaster?",
                               options, rule="Space Vermin §Q-1-b", data={"unit": uid})
        u = state.unit(uid)
        u.status, u.hex = "map", where
        yield Event(f"{uid} sets up in {where}", rule="Space Vermin §Q-1-b", kind="move",
                    data={"unit": uid, "hex": where}, ids=("SV-S1-07",),
                    assumed=map_reason(data, smap.key))  # the city limits are the map's
    arrivals = ", ".join(f"{rv} on turn {turn}" for rv, turn in t["recovery_vehicles"].items())
    yield Event(f"Recovery Vehicles arrive at {' / '.join(smap.mdata.marine_entry_hexes)}: "
                f"{arrivals}; the Scientist is in the {sci['landmark']} ({sci_hex})",
                rule="Space Vermin §Q-1-b", kind="info", ids=("SV-S1-08", "SV-S1-09"))
    for u in state.units:
        if u.status == "pool" and u.type == "recovery_vehicle":
            u.status = "removed"


def setup_great_migration(state: SVState, ctx: Context, queen_jewels: int = 0) -> Iterator:
    """§Q-2-a/b: six Soldiers on the Entry hexes, Drones and the other Soldiers in the cup,
    Queens and Ultra-Mites off the west edge, the Marines off the east edge."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    t = scenario_table(data, "great_migration")
    fill_event_cup(state, ctx)
    state.secret_weapons_left = [w.name for w in data.secret_weapons]
    state.tunnel_exits, state.cup_tunnel_exits, state.jewels, state.nest_jewels = {}, [], {}, {}
    state.jewels_in_play = queen_jewels
    state.marines_entered = False
    for u in state.units:
        u.hex, u.acted, u.reduced, u.nat, u.jewels, u.escort_of = None, False, False, "", 0, ""
        u.arrival_turn = 0
        # every counter starts on its front side: the Scientist on his Harley, no weapon built,
        # the A.N.T. Gun Limbered (§Q-2-b, §C-1), whatever it was at the end of battle 1 (§Q-3)
        u.limbered, u.weapon_ready, u.weapon_built_turn, u.landed_turn = True, False, 0, 0
        if u.is_marine:
            u.status = "removed" if u.type == "recovery_vehicle" else "pool"
        else:
            kind = kind_of(data, u)
            u.status = "off_map" if kind in ("queen", "ultra_mite") else "cup"
    if queen_jewels:  # before the first event, so the Jewels are accounted for throughout
        order = scenario_table(data, "campaign")["queen_jewel_order"]
        for i in range(queen_jewels):
            state.unit(data.vermites[order[i % len(order)]].name).jewels += 1
    soldiers = [u.id for u in state.units if not u.is_marine and kind_of(data, u) == "soldier"]
    for number in sorted(smap.mdata.vermite_entry_hexes)[: int(t["soldiers_at_start"])]:
        uid = draw_from_cup(state, ctx, f"Soldier for Entry hex {number}", pool=soldiers)
        soldiers.remove(uid)
        u = state.unit(uid)
        u.status, u.hex = "map", smap.mdata.vermite_entry_hexes[number]
        where = (f"{smap.key}:vermite_entry_hexes[{number}]",)
        yield Event(f"{uid} is placed on Entry hex {number} ({u.hex})",
                    rule="Space Vermin §Q-2-a", kind="move",
                    data={"unit": uid, "values": list(where)}, ids=("SV-S2-03",),
                    assumed=values_reason(data, where))
    yield Event("The Drones join the remaining Soldiers in the Vermite Unit Cup; Queens and "
                f"Ultra-Mites wait off the west edge for Turn {t['hordes']['queens_turn']}",
                rule="Space Vermin §Q-2-a", kind="info", ids=("SV-S2-02", "SV-S2-04"))
    for uid in _marine_ids(data, state, t["marines"]):
        u = state.unit(uid)
        u.status, u.arrival_turn = "off_map", int(t["marines_enter_turn"])
    yield Event(f"The Marines wait off the east edge and enter at "
                f"{', '.join(smap.mdata.marine_entry_hexes)}",
                rule="Space Vermin §Q-2-b", kind="info", ids=("SV-S2-05", "SV-S2-06"))
    if queen_jewels:
        order = scenario_table(data, "campaign")["queen_jewel_order"]
        names = ", ".join(data.vermites[k].name for k in order)
        for q in state.units:
            if q.jewels and not q.is_marine:
                yield Event(f"{q.id} carries {q.jewels} Crown Jewel(s) from battle 1 (handed out "
                            f"in the order {names})", rule="Space Vermin §Q-3", kind="info",
                            data={"unit": q.id}, ids=("SV-CAMP-04",))

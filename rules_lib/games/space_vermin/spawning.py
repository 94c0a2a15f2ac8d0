"""Vermite reinforcements (§G, §Q-1-c, §Q-2-c): drawing from the Vermite Unit Cup, the Queens'
spawn in their Nests (Scenario 1) and the Vermite Hordes at the Entry hexes (Scenario 2)."""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from . import dice as svdice
from .board import SVMap, map_for
from .data import SVData, game_data
from .provenance import counter_path, join, values_reason
from .state import MARINES, SVState, Unit, kind_of, variant_on
from .tunnels import place_tunnel_exit

TUNNEL_TOKEN = "Tunnel Exit "
SPARE_ULTRA_MITES_OUT = "spare_ultra_mites_out"  # SV-AMB-18's other reading (a variant)


def scenario_rules(data: SVData) -> dict:
    """The Family Jewels' special rules in scenarios.yaml (spawning reads them)."""
    return data.sources["scenarios"].tree["family_jewels"]


def cup_contents(state: SVState) -> list[str]:
    """What is in the Vermite Unit Cup, in a fixed order: Vermites by counter order, then the
    Tunnel Exit chits by number (the order only matters for replaying the dice)."""
    units = [u.id for u in state.units if u.status == "cup" and u.side != MARINES]
    return units + [TUNNEL_TOKEN + n for n in sorted(state.cup_tunnel_exits)]


def draw_from_cup(state: SVState, ctx: Context, purpose: str, pool: list[str] | None = None) -> str | None:
    """One counter drawn at random from the cup (or from ``pool``): a die with as many faces as
    counters; None when it is empty."""
    cup = cup_contents(state) if pool is None else pool
    if not cup:
        return None
    index = ctx.dice.roll(len(cup), purpose) - 1 if len(cup) > 1 else 0
    return cup[index]


def nest_of(smap: SVMap, label: str | None) -> int | None:
    """Which Nest (1 or 2) a hex label is, if any."""
    for n, h in smap.nests.items():
        if smap.label(h) == label:
            return n
    return None


# the §G tip's stack in a Nest, top first: the order the Movement Step takes them (§C-2-a-2)
SPAWN_STACK_TOP_FIRST = ("drone", "ultra_mite", "soldier")


def nest_stack(data: SVData, units: list[Unit]) -> list[Unit]:
    """The counters in a Nest hex bottom first, stacked as the §G tip advises (not mandatory):
    Drones on top, then Ultra-Mites, then Soldiers, each type lowest Unit ID uppermost, so the
    next to move is always on top. The tip names only the spawn: the Queens and anything else
    in the hex stay beneath it in their own order (assumed)."""
    rank = {kind: i for i, kind in enumerate(SPAWN_STACK_TOP_FIRST)}
    spawn = [u for u in units if u.side != MARINES and data.vermites[u.type].kind in rank]
    rest = [u for u in units if u not in spawn]
    top_first = sorted(spawn, key=lambda u: (rank[data.vermites[u.type].kind], u.number))
    return rest + top_first[::-1]


def queens_in_nests(data: SVData, smap: SVMap, state: SVState) -> list[Unit]:
    """Queens in a Nest hex, in rank order High, Sister, Child (§G)."""
    found = [
        u
        for u in state.vermites_on_map()
        if kind_of(data, u) == "queen" and nest_of(smap, u.hex) is not None
    ]
    return sorted(found, key=lambda u: data.vermites[u.type].rank)


def spawn_number(data: SVData, smap: SVMap, state: SVState, queen: Unit) -> int:
    """SN + 1 per Crown Jewel in her Nest (§E-2, §G), + an event's extra spawn for the High Queen."""
    nest = nest_of(smap, queen.hex)
    bonus = data.jewel_spawn_bonus * state.nest_jewels.get(str(nest), 0)
    extra = state.extra_spawn if queen.type == state.extra_spawn_queen else 0
    return data.vermites[queen.type].sn + bonus + extra


def queens_spawn(state: SVState, ctx: Context) -> Iterator[Event]:
    """The Queen Spawn Step: each Queen in a Nest draws her spawn from the cup (§G, §Q-1-c)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    for queen in queens_in_nests(data, smap, state):
        if queen.arrival_turn == state.turn:
            yield Event(
                f"{queen.id} arrived this turn and begins spawning next turn",
                rule="Space Vermin §Q-1-c",
                kind="info",
                data={"unit": queen.id},
                ids=("SV-S1-14",),
            )
            continue
        n = spawn_number(data, smap, state, queen)
        nest = nest_of(smap, queen.hex)
        extra = n - data.vermites[queen.type].sn - data.jewel_spawn_bonus * state.nest_jewels.get(
            str(nest), 0)
        paths = (counter_path(data, queen, "sn"), "counters:crown_jewels.spawn_bonus")
        yield Event(
            f"{queen.id} in Nest {nest} spawns {n} (SN {data.vermites[queen.type].sn} + "
            f"{state.nest_jewels.get(str(nest), 0)} Crown Jewel(s) in the Nest"
            + (f" + {extra} from the invented chit card" if extra else "") + ")",
            rule="Space Vermin §G / §E-2",
            kind="info",
            data={"unit": queen.id, "values": list(paths)},
            ids=("SV-SPAWN-01", "SV-SPAWN-02", "SV-JEWEL-09"),
            assumed=join(values_reason(data, paths),
                         "invented Event Chit Card (variant invented_event_chit_card)"
                         if extra else ""),
        )
        for i in range(n):
            token = draw_from_cup(state, ctx, f"{queen.id} spawn {i + 1}")
            if token is None:
                yield Event(
                    f"The Vermite Unit Cup is empty: {n - i} spawn(s) of {queen.id} are lost",
                    rule="Space Vermin §G",
                    kind="info",
                    ids=("SV-SPAWN-04",),
                )
                break
            yield from _place_spawn(data, smap, state, queen, token)


def _place_spawn(data: SVData, smap: SVMap, state: SVState, queen: Unit, token: str) -> Iterator[Event]:
    if token.startswith(TUNNEL_TOKEN):
        yield place_tunnel_exit(
            state, smap, token[len(TUNNEL_TOKEN) :], f"drawn as part of {queen.id}'s spawn"
        )
        return
    unit = state.unit(token)
    if kind_of(data, unit) == "queen":
        joins = str(scenario_rules(data)["child_queen_joins"])
        sister = next((q for q in state.vermites_on_map() if q.type == joins), queen)
        unit.status, unit.hex, unit.arrival_turn = "map", sister.hex, state.turn
        yield Event(
            f"{unit.id} is drawn as part of {queen.id}'s spawn and placed with {sister.id} in "
            f"{sister.hex}; she spawns from next turn",
            rule="Space Vermin §Q-1-c",
            kind="move",
            data={"unit": unit.id, "to": sister.hex},
            ids=("SV-S1-14", "SV-S1-15"),
        )
        return
    unit.status, unit.hex, unit.reduced = "map", queen.hex, False
    yield Event(
        f"{unit.id} is spawned in {queen.hex}",
        rule="Space Vermin §G",
        kind="move",
        data={"unit": unit.id, "to": queen.hex},
        ids=("SV-SPAWN-03",),
    )


# --------------------------------------------------------------------------------------------------
# Scenario 2: the Vermite Hordes
# --------------------------------------------------------------------------------------------------


def entry_hex(smap: SVMap, number: int) -> str:
    return smap.mdata.vermite_entry_hexes[number]


def hordes(state: SVState, ctx: Context, table: dict) -> Iterator[Event]:
    """The Vermite Hordes Step (§Q-2-c): Queens and Ultra-Mites on Turn 1, then the die table."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    if state.turn == int(table["queens_turn"]):
        yield from _first_horde(data, smap, state, ctx)
        return
    roll = svdice.one_die().roll(ctx.dice, "Vermite Hordes").value
    row = next(r for r in table["rows"] if roll in list(r["rolls"]))
    yield Event(
        f"Vermite Hordes roll {roll}: one Vermite in each of Entry hexes {row['entry_hexes']}",
        rule="Space Vermin §Q-2-c",
        kind="roll",
        data={"roll": roll},
        ids=("SV-S2-08",),
    )
    for number in row["entry_hexes"]:
        yield from _horde_unit(state, ctx, smap, number)
    if roll in list(table["extra_on"]):
        extra = svdice.one_die().roll(ctx.dice, "Vermite Hordes extra hex").value
        yield Event(
            f"Extra Vermite roll {extra}: one more Vermite in Entry hex {extra}",
            rule="Space Vermin §Q-2-c",
            kind="roll",
            data={"roll": extra},
            ids=("SV-S2-09",),
        )
        yield from _horde_unit(state, ctx, smap, extra)


def _horde_unit(state: SVState, ctx: Context, smap: SVMap, number: int) -> Iterator[Event]:
    """One random Vermite from the cup onto an Entry hex (§Q-2-c), unless a Marine holds it."""
    label = entry_hex(smap, number)
    blocker = next((u for u in state.units_at(label) if u.is_marine), None)
    where = (f"{smap.key}:vermite_entry_hexes[{number}]",)
    if blocker is not None:
        yield Event(
            f"Entry hex {number} ({label}) is blocked by {blocker.id}: no Vermite enters there "
            f"this turn",
            rule="Space Vermin §Q-2-c",
            kind="info",
            data={"values": list(where)},
            ids=("SV-S2-08",),
            assumed=join("a Marine on an Entry hex keeps the Horde's Vermite out (Marines and "
                         "Vermites never share a hex, §I-1-a; as blocked Marine entry, §I-5-a)",
                         values_reason(smap.data, where)),
        )
        return
    token = draw_from_cup(state, ctx, f"Horde for Entry hex {number}")
    if token is None:
        yield Event("The Vermite Unit Cup is empty: no Vermite enters", rule="Space Vermin §Q-2-c",
                    kind="info", ids=("SV-S2-08",))
        return
    unit = state.unit(token)
    unit.status, unit.hex, unit.reduced = "map", entry_hex(smap, number), False
    yield Event(
        f"{unit.id} enters at Entry hex {number} ({unit.hex})",
        rule="Space Vermin §Q-2-c",
        kind="move",
        data={"unit": unit.id, "to": unit.hex, "values": list(where)},
        ids=("SV-S2-08", "SV-TERR-29"),
        assumed=values_reason(smap.data, where),
    )


def _first_horde(data: SVData, smap: SVMap, state: SVState, ctx: Context) -> Iterator[Event]:
    """Turn 1: the three Queens in three different random Entry hexes, one random Ultra-Mite in
    each Entry hex; an Ultra-Mite with a Queen is her Escort (§Q-2-c)."""
    queens = sorted(
        (u for u in state.units if not u.is_marine and u.status == "off_map"
         and kind_of(data, u) == "queen"),
        key=lambda u: data.vermites[u.type].rank,
    )
    used: set[int] = set()
    for q in queens:
        rerolled = False
        while True:  # a die naming a taken hex is rolled again (assumed: "different" hexes)
            number = svdice.one_die().roll(ctx.dice, f"Entry hex for {q.id}").value
            if number not in used:
                break
            rerolled = True
        used.add(number)
        q.status, q.hex = "map", entry_hex(smap, number)
        where = (f"{smap.key}:vermite_entry_hexes[{number}]",)
        yield Event(f"{q.id} enters at Entry hex {number} ({q.hex})", rule="Space Vermin §Q-2-c",
                    kind="move", data={"unit": q.id, "to": q.hex, "values": list(where)},
                    ids=("SV-S2-07",),
                    assumed=join("a die naming an Entry hex a Queen already holds is rolled again "
                                 "(how to pick 'different random' hexes is not stated)"
                                 if rerolled else "", values_reason(smap.data, where)))
    for number in sorted(smap.mdata.vermite_entry_hexes):
        pool = [u.id for u in state.units if not u.is_marine and u.status == "off_map"
                and kind_of(data, u) == "ultra_mite"]
        token = draw_from_cup(state, ctx, f"Ultra-Mite for Entry hex {number}", pool=pool)
        if token is None:
            break
        um = state.unit(token)
        um.status, um.hex = "map", entry_hex(smap, number)
        queen = next((q for q in queens if q.hex == um.hex), None)
        if queen is not None:
            um.escort_of = queen.id
        where = (f"{smap.key}:vermite_entry_hexes[{number}]",)
        yield Event(
            f"{um.id} enters at Entry hex {number} ({um.hex})"
            + (f" as {queen.id}'s Escort" if queen else ""),
            rule="Space Vermin §Q-2-c / §Q-2-d",
            kind="move",
            data={"unit": um.id, "to": um.hex, "values": list(where)},
            ids=("SV-S2-07",),
            assumed=values_reason(smap.data, where),
        )
    spare_out = variant_on(state, ctx, SPARE_ULTRA_MITES_OUT)
    for u in state.units:
        if not u.is_marine and u.status == "off_map" and kind_of(data, u) == "ultra_mite":
            if spare_out:
                u.status = "removed"
                yield Event(f"{u.id} stays out of the battle (no Entry hex left for it)",
                            rule="Space Vermin §Q-2-c", kind="info", data={"unit": u.id},
                            ids=("SV-S2-07", "SV-AMB-18"),
                            assumed="variant spare_ultra_mites_out (other reading of SV-AMB-18)")
                continue
            u.status = "cup"
            yield Event(f"{u.id} goes into the Vermite Unit Cup for later Hordes",
                        rule="Space Vermin §Q-2-c", kind="info", data={"unit": u.id},
                        ids=("SV-S2-07", "SV-AMB-18"),
                        assumed="default reading of SV-AMB-18: the Ultra-Mites not placed on "
                                "Turn 1 join the cup for later Hordes")

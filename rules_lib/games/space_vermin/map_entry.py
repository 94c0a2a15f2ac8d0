"""Marine Map Entry (§I-5): Designated Hex Entry with a Full Move, held off the map while every
entry hex is blocked (§I-5-a), and the Landing Zone drop of a reinforcement: on target, drift and
Disrupted, or delayed a turn (§I-5-b).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Decision, Event

from . import dice as svdice
from .board import SVMap, data_and_map
from .full_move import EXIT_PREFIX, MOVE_IDS, move_options, rv_exit, rv_may_load
from .landings import place, rough_landing
from .marine_losses import eliminate_marine
from .movement import movement_allowance, mp_words, vermite_adjacent_hexes
from .provenance import map_reason
from .state import MARINES, SVState, Unit

ENTER = "Enter the map"
LAND = "Land (Landing Zone)"


def can_enter(state: SVState, unit: Unit) -> bool:
    """Off-map Marines due now: held-off reinforcements, RV arrivals, delayed drops (§I-5)."""
    if unit.id in state.lz_delayed:
        return True
    return unit.status in ("off_map", "turn_track") and 0 < unit.arrival_turn <= state.turn


def designated_entry(state: SVState, ctx: Context, unit_id: str) -> Iterator:
    """March on through a scenario entry hex with a Full Move; held off-map if blocked (§I-5-a)."""
    data, smap = data_and_map(state, ctx)
    unit = state.unit(unit_id)
    vermites = state.vermite_hexes()
    marines = state.marine_hexes()
    near = vermite_adjacent_hexes(smap, state)
    ma = movement_allowance(data, unit)
    options: dict[str, object] = {}
    for entry in smap.mdata.marine_entry_hexes:
        h = smap.hex(entry)
        if entry in vermites:
            continue
        enter_cost = smap.types[smap.terrain_of(h)].cost
        if enter_cost > ma:
            continue
        if h in near:  # entering next to a Vermite ends the move there (§I-1-b)
            if entry not in marines:
                options.setdefault(entry, enter_cost)
            continue
        for lab, cost in move_options(
            data, smap, state, unit_id, budget=ma - enter_cost, start=entry
        ).items():
            if lab in marines:
                continue  # no stacking at the end of a move (§I-1-a)
            total = cost + enter_cost
            if lab not in options or total < options[lab]:
                options[lab] = total
    if not options:
        unit.status = "off_map"
        unit.arrival_turn = unit.arrival_turn or state.turn
        yield Event(
            f"Every entry hex is blocked: {unit_id} is held off the map",
            rule="Space Vermin §I-5-a",
            kind="move",
            data={"unit": unit_id, "hexes": list(smap.mdata.marine_entry_hexes)},
            ids=("SV-ENTRY-03",),
            assumed=map_reason(data, smap.key),
        )
        return
    order = sorted(options, key=lambda lab: options[lab])
    dest = yield Decision(
        MARINES,
        "enter_to",
        f"Where does {unit_id} move after entering?",
        order,
        rule="Space Vermin §I-5-a",
    )
    if dest.startswith(EXIT_PREFIX):
        yield from rv_exit(state, ctx, unit, dest[len(EXIT_PREFIX) :])
        return
    place(unit, dest)
    unit.arrival_turn = 0
    yield Event(
        f"{unit_id} enters the map and moves to {dest} ({mp_words(options[dest])} MP)",
        rule="Space Vermin §I-5-a",
        kind="move",
        data={"unit": unit_id, "to": dest, "hex": dest},
        ids=("SV-ENTRY-02",) + MOVE_IDS,
        assumed=map_reason(data, smap.key),
    )
    yield from rv_may_load(state, ctx, unit, None, ma - options[dest], "Space Vermin §I-5-a")


def landing_zone_hexes(smap: SVMap, state: SVState) -> list[str]:
    """Clear, empty, numbered hexes (no unit, Crown Jewel or Tunnel Exit chit; no NAT hex) (§I-5-b).
    """
    occupied = state.occupied() | {lab for lab, n in state.jewels.items() if n}
    occupied |= {smap.mdata.tunnel_exits[int(n)] for n in state.tunnel_exits}
    return [
        smap.label(h)
        for h in sorted(smap.board.locations(), key=smap.number_key)
        if smap.numbered(h)
        and smap.terrain_of(h) == "clear"
        and smap.label(h) not in occupied
        and h not in smap.nat_infestation
    ]


def landing_zone(state: SVState, ctx: Context, unit_id: str) -> Iterator:
    """Landing Zone drop: 1-3 on target, 4-5 drift and Disrupted, 6 delayed a turn (§I-5-b)."""
    data, smap = data_and_map(state, ctx)
    unit = state.unit(unit_id)
    aim = yield Decision(
        MARINES,
        "landing_zone",
        f"Which hex does {unit_id} aim for?",
        landing_zone_hexes(smap, state),
        rule="Space Vermin §I-5-b",
    )
    t = data.tables["landing_zone"]
    roll = svdice.one_die().roll(ctx.dice, f"Landing Zone accuracy {unit_id}")
    result = svdice.band(t["results"], roll.value)
    rule = "Space Vermin §I-5-b"
    if result == "delayed":
        unit.status = "off_map"
        if unit_id not in state.lz_delayed:
            state.lz_delayed.append(unit_id)
        yield Event(
            f"{unit_id}'s drop rolls {roll.value}: delayed until next turn", rule=rule,
            kind="roll", data={"unit": unit_id}, ids=("SV-LZ-02", "SV-LZ-04"),
        )
        return
    landing = aim
    if result == "drift":
        direction = svdice.one_die().roll(ctx.dice, f"Drift direction {unit_id}").value
        dist_die = svdice.one_die().roll(ctx.dice, f"Drift distance {unit_id}").value
        distance = -(-dist_die // t["drift_distance_divisor"])
        h = smap.hex(aim)
        for _ in range(distance):
            h = smap.neighbor(h, direction)
            if h is None:
                break
        unit.reduced = True
        if h is None:
            unit.status = "map"
            unit.hex = aim
            yield Event(
                f"{unit_id}'s drop rolls {roll.value}: drifts {distance} hex(es) in "
                f"direction {direction} off the map and is eliminated",
                rule=rule,
                kind="roll",
                data={"unit": unit_id, "hex": aim},
                ids=("SV-LZ-02", "SV-LZ-03", "SV-LZ-06"),
                assumed=map_reason(data, smap.key),
            )
            yield from eliminate_marine(state, ctx, unit, rule, ("SV-LZ-06",))
            return
        landing = smap.label(h)
        yield Event(
            f"{unit_id}'s drop rolls {roll.value}: drifts {distance} hex(es) in direction "
            f"{direction} from {aim} to {landing} and lands Disrupted",
            rule=rule,
            kind="roll",
            data={"direction": direction, "distance": distance, "unit": unit_id,
                  "hex": landing},
            ids=("SV-LZ-02", "SV-LZ-03"),
            assumed=map_reason(data, smap.key),
        )
    else:
        yield Event(
            f"{unit_id}'s drop rolls {roll.value}: no drift, lands in {aim} at full strength",
            rule=rule,
            kind="roll",
            data={"unit": unit_id, "to": aim},
            ids=("SV-LZ-02", "SV-LZ-07"),
        )
    unit.landed_turn = state.turn
    yield from rough_landing(state, ctx, unit, landing, rule)

"""The Full Move action (§I-1): where a Marine may move and the move itself; a Recovery Vehicle
loads a Crown Jewel on the way and leaves the map with it (§J-6, §Q-1-c).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache

from rules_lib.core.engine import Context, Decision, Event

from .board import SVMap, data_and_map
from .data import SVData, game_data
from .movement import (
    half_mp_to_mp,
    marine_move_serials,
    movement_allowance,
    mp_words,
    vermite_adjacent_hexes,
)
from .provenance import map_reason
from .scenarios import scenario_table
from .state import MARINES, SVState, Unit

FULL_MOVE = "Full Move"


MOVE_IDS = ("SV-MMOV-01", "SV-MMOV-02", "SV-MMOV-05", "SV-MMOV-06")


EXIT_PREFIX = "exit via "


RV_EXIT_FREE = "rv_exit_free"  # SV-AMB-19's other reading (a variant)


def rv_exit_mp(data: SVData) -> int:
    """MP a Recovery Vehicle spends to leave the map from an exit hex (default reading of
    SV-AMB-19; a data value)."""
    return int(scenario_table(data, "family_jewels")["rv_exit_mp"])


def move_options(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit_id: str,
    budget: int | Fraction | None = None,
    start: str | None = None,
) -> dict[str, object]:
    """Destination label -> MP spent, cheapest first; RVs with a Jewel may also exit (§Q-1-c)."""
    halves = move_half_costs(data, smap, state, unit_id, budget, start)
    return {lab: half_mp_to_mp(half) for lab, half in halves.items()}


def move_half_costs(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit_id: str,
    budget: int | Fraction | None = None,
    start: str | None = None,
) -> dict[str, int]:
    """``move_options`` in half-MPs (whole numbers: sorted and compared fast)."""
    unit = state.unit(unit_id)
    found = marine_move_serials(data, smap, state, unit_id, budget=budget, start=start)
    labels = smap.label_list
    halves = {labels[i]: cost for i, cost in found.items()}
    if unit.type == "recovery_vehicle" and unit.jewels:
        mp = movement_allowance(data, unit) if budget is None else budget
        # leaving from the edge hex costs MP (SV-AMB-19); nothing with the variant rv_exit_free
        leave = 0 if RV_EXIT_FREE in state.variants else rv_exit_mp(data)
        for lab in smap.mdata.jewel_exit_hexes:
            cost = halves.get(lab)
            if cost is not None and cost + 2 * leave <= 2 * mp:
                halves[EXIT_PREFIX + lab] = cost + 2 * leave
    return halves


@cache
def mp_text(half_mps: int) -> str:
    """Half-MPs as the MP a decision shows ("2", "3/2"); few values, each written once."""
    return str(half_mp_to_mp(half_mps))


def full_move(
    state: SVState,
    ctx: Context,
    unit_id: str,
    budget: int | Fraction | None = None,
    start: str | None = None,
    rule: str = "Space Vermin §I-1",
) -> Iterator:
    """Move up to the MA (or ``budget``) to a chosen hex; an RV entering a Jewel hex may load it
    and move on with the MP left, or exit with one (§I-1, §J-6, §Q-1-c)."""
    data, smap = data_and_map(state, ctx)
    unit = state.unit(unit_id)
    mp = movement_allowance(data, unit) if budget is None else budget
    halves = move_half_costs(data, smap, state, unit_id, mp, start)
    origin = start or unit.hex
    # cheapest first (ties in the order found), staying put last
    order = sorted((lab for lab in halves if lab != origin), key=halves.__getitem__)
    if origin in halves:
        order.append(origin)
    dest = yield Decision(
        MARINES,
        "move_to",
        f"Where does {unit_id} move?",
        order,
        rule=rule,
        data={"unit": unit_id, "costs": {k: mp_text(v) for k, v in halves.items()}},
    )
    cost = half_mp_to_mp(halves[dest])
    if dest.startswith(EXIT_PREFIX):
        yield from rv_exit(state, ctx, unit, dest[len(EXIT_PREFIX) :])
        return
    unit.hex = dest
    unit.status = "map"
    yield Event(
        f"{unit_id} stays in {dest}" if dest == origin
        else f"{unit_id} moves from {origin} to {dest} ({mp_words(cost)} MP)",
        rule=rule,
        kind="move",
        data={"unit": unit_id, "from": origin, "to": dest, "mp": str(cost), "hex": dest},
        ids=MOVE_IDS,
        assumed=map_reason(data, smap.key),  # the MP come from the (assumed) map's terrain
    )
    yield from rv_may_load(state, ctx, unit, origin, mp - cost, rule)


def rv_may_load(
    state: SVState, ctx: Context, unit: Unit, origin: str | None, left: int | Fraction, rule: str
) -> Iterator:
    """§J-6: a Recovery Vehicle in a Jewel hex may load one for its load cost and carry on moving
    with the MP left (a Full Move: it stops where it came next to a Vermite, §I-1-b)."""
    data, smap = data_and_map(state, ctx)
    here = unit.hex
    mtype = data.marines[unit.type]
    if (
        unit.type != "recovery_vehicle"
        or unit.jewels >= mtype.carries_jewels
        or not state.jewels.get(here)
        or left < mtype.load_mp
    ):
        return
    in_place = here == origin
    load = yield Decision(
        MARINES,
        "rv_load",
        f"Load a Crown Jewel in {here} onto {unit.id} ({mtype.load_mp} MP)?",
        ["load", "leave it"],
        rule="Space Vermin §J-6",
        assumed="the text lets an RV load on entering a Jewel hex; loading where it starts "
        "its move is assumed" if in_place else "",
    )
    if load != "load":
        return
    yield from rv_load(state, unit, here, mtype.load_mp, in_place)
    left -= mtype.load_mp
    if left <= 0:
        return
    if not in_place and smap.hex(here) in vermite_adjacent_hexes(smap, state):
        yield Event(
            f"{unit.id} entered {here} next to a Vermite: its move ends there",
            rule="Space Vermin §I-1-b",
            kind="info",
        )
        return
    yield from full_move(state, ctx, unit.id, budget=left, start=here, rule=rule)


def rv_load(
    state: SVState, unit: Unit, label: str, mp: int = 1, in_place: bool = False
) -> Iterator[Event]:
    """A Recovery Vehicle picks up one Crown Jewel in its hex (§J-6)."""
    state.jewels[label] -= 1
    if not state.jewels[label]:
        del state.jewels[label]
    unit.jewels += 1
    yield Event(
        f"{unit.id} loads a Crown Jewel in {label} ({mp} MP)",
        rule="Space Vermin §J-6",
        kind="move",
        assumed="loading in the hex where it started its move (the text says on entering)"
        if in_place else "",
    )


def rv_exit(state: SVState, ctx: Context, unit: Unit, edge_hex: str) -> Iterator[Event]:
    """An RV carrying a Jewel leaves by the west edge: the Jewel is off the map, the RV comes back
    on the turn track a number of turns later, without NAT markers (§Q-1-c)."""
    data = game_data(ctx)
    state.jewels_exited += unit.jewels
    unit.jewels = 0
    unit.hex = None
    unit.status = "turn_track"
    unit.nat = ""
    unit.arrival_turn = state.turn + int(scenario_table(data, "family_jewels")["rv_return_turns"])
    free = RV_EXIT_FREE in state.variants
    where = (f"{state.map}:jewel_exit_hexes", "scenarios:family_jewels.rv_exit_mp")
    yield Event(
        f"{unit.id} exits the west edge via {edge_hex} with a Crown Jewel (leaving costs "
        f"{0 if free else rv_exit_mp(data)} MP; {state.jewels_exited} off the map); it returns "
        f"on turn {unit.arrival_turn}",
        rule="Space Vermin §Q-1-c",
        kind="move",
        data={"unit": unit.id, "values": list(where[:1] if free else where)},
        ids=("SV-S1-11", "SV-AMB-19"),
        assumed="variant rv_exit_free (other reading of SV-AMB-19)" if free else
        "default reading of SV-AMB-19: leaving the map from an edge hex costs MP; the returning "
        "RV enters at the scenario's entry hex",
    )

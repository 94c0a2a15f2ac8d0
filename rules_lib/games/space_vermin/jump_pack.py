"""The Jump Pack Move (§I-1-c): a Scout or Special Ops unit aims at any allowed hex and rolls one
modified die: Malfunction (a random hex, Disrupted), Scattered (next to the aim) or Safe Landing.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Decision, Event

from . import dice as svdice
from .board import SVMap, data_and_map
from .data import SVData
from .landings import place, rough_landing
from .lowest_numbered import ordering_note, tar_pit_passed_over, unnumbered_first
from .provenance import join, map_reason
from .state import MARINES, SVState, Unit, variant_on

JUMP = "Jump Pack Move"


SCATTER_REROLLS = "jump_scatter_rerolls"  # SV-AMB-05's other reading (a variant)


SCATTER_WHY = ("default reading of SV-AMB-05: a Scattered jump onto a unit uses the Malfunction "
               "landing rules at the scatter hex and is Disrupted; no new random hex")


def jump_destinations(smap: SVMap, state: SVState) -> list[str]:
    """Hexes a Jump may aim at: enterable, no unit, not NAT Infestation (§I-1-c, §P-2-j)."""
    occupied = state.occupied()
    return [
        smap.label(h)
        for h in sorted(smap.board.locations(), key=smap.number_key)
        if smap.label(h) not in occupied
        and smap.terrain_of(h) != "tar_pit"
        and h not in smap.nat_infestation
    ]


def jump_modifier(data: SVData, unit: Unit, shoot_and_scoot: bool) -> int:
    """-1 as part of Shoot and Scoot, -1 with a NAT marker (§I-1-c)."""
    t = data.tables["jump_pack"]
    return (t["shoot_and_scoot"] if shoot_and_scoot else 0) + (t["nat_marker"] if unit.nat else 0)


def jump_pack_move(
    state: SVState, ctx: Context, unit_id: str, shoot_and_scoot: bool = False
) -> Iterator:
    """Jump to any allowed hex: Malfunction / Scattered / Safe Landing by one modified die."""
    data, smap = data_and_map(state, ctx)
    unit = state.unit(unit_id)
    dest = yield Decision(
        MARINES,
        "jump_to",
        f"Where does {unit_id} jump?",
        jump_destinations(smap, state),
        rule="Space Vermin §I-1-c",
    )
    mod = jump_modifier(data, unit, shoot_and_scoot)
    roll = svdice.one_die(mod).roll(ctx.dice, f"Jump Pack {unit_id}")
    result = svdice.band(data.tables["jump_pack"]["results"], roll.value)
    origin = unit.hex or "off the map"
    rule = "Space Vermin §I-1-c"
    yield Event(
        f"{unit_id} jumps from {origin} toward {dest}: die {roll.faces[0]}"
        f"{f' {mod:+d}' if mod else ''} = {roll.value}: {result}",
        rule=rule,
        kind="roll",
        data={"roll": roll.value, "result": result, "unit": unit_id},
        ids=("SV-JUMP-01", "SV-JUMP-02"),
    )
    if result == "safe":
        place(unit, dest)
        yield Event(f"Safe Landing! {unit_id} lands in {dest}", rule=rule, kind="move",
                    data={"unit": unit_id, "to": dest}, ids=("SV-JUMP-07",))
    elif result == "scattered":
        here = smap.hex(dest)
        first = unnumbered_first(state)
        around = [h for h in smap.neighbors(here) if smap.terrain_of(h) != "tar_pit"]
        landing = smap.label(smap.lowest_numbered(around, here, first))
        order_ids, order_why = ordering_note(smap, around, first)
        yield Event(
            f"Scattered! {unit_id} lands in {landing}, the lowest-numbered hex adjacent to {dest}",
            rule=rule,
            kind="move",
            data={"unit": unit_id, "hex": landing},
            ids=("SV-JUMP-06",) + order_ids + tar_pit_passed_over(smap, here, first),
            assumed=join(map_reason(data, smap.key), order_why),
        )
        if state.units_at(landing):
            if variant_on(state, ctx, SCATTER_REROLLS):
                yield Event(f"{unit_id} landed on a unit: a new random hex is rolled as after a "
                            f"Malfunction", rule=rule, kind="move", data={"unit": unit_id},
                            ids=("SV-JUMP-06", "SV-AMB-05"),
                            assumed="variant jump_scatter_rerolls (other reading of SV-AMB-05)")
                yield from malfunction(state, ctx, unit)
            else:
                unit.reduced = True
                yield Event(
                    f"{unit_id} landed on a unit: treated as a Malfunction landing there "
                    f"and Disrupted",
                    rule=rule,
                    kind="move",
                    data={"unit": unit_id},
                    ids=("SV-JUMP-06", "SV-AMB-05"),
                    assumed=SCATTER_WHY,
                )
                yield from rough_landing(state, ctx, unit, landing, rule)
        elif smap.hex(landing) in smap.nat_infestation:
            yield from rough_landing(state, ctx, unit, landing, rule)  # forced in: eliminated
        else:
            place(unit, landing)
    else:
        yield from malfunction(state, ctx, unit)


def malfunction(state: SVState, ctx: Context, unit: Unit) -> Iterator[Event]:
    """Three dice give a random hex; the unit lands there Disrupted (§I-1-c)."""
    roll = svdice.hex_roll().roll(ctx.dice, f"Jump Malfunction {unit.id}: random hex")
    unit.reduced = True
    yield Event(
        f"Malfunction! {unit.id} lands in the random hex {roll.value} and is Disrupted",
        rule="Space Vermin §I-1-c",
        kind="move",
        data={"faces": list(roll.faces), "unit": unit.id, "to": str(roll.value)},
        ids=("SV-JUMP-03",),
    )
    yield from rough_landing(state, ctx, unit, str(roll.value), "Space Vermin §I-1-c")

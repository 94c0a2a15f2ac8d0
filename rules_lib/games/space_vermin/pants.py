"""The Portable Anti-NAT Targeting System (§J-4): one die, Misfire / Jolted / Fried, and where a
Jolted Vermite lands (a random hex; an unescorted Queen is pushed next door instead). The Secret
Weapons' jolt (§J-5-b) is the same procedure.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from . import dice as svdice
from .board import map_for
from .data import SVData, game_data
from .fire_plans import FirePlan
from .lowest_numbered import (
    EMPTY_HEX_WHY,
    empty_adjacent,
    ordering_note,
    tar_pit_passed_over,
    unnumbered_first,
)
from .marine_losses import eliminate_marine
from .provenance import join, map_reason
from .state import SVState, Unit, kind_of, variant_on
from .vermite_losses import eliminate_vermite, step_vermite

#: §J-4 eliminates "any Marine or Vermite(s)" where a Jolted Queen is pushed; §J's Important
#: Note shields "ALL Vermites in a Nest hex" from every Marine weapon, the PANTS Gun named. The
#: default reading lets the Note stand; the variant lets the push kill inside a Nest too.
QUEEN_PUSH_KILLS_IN_NEST = "queen_push_kills_in_a_nest"
NEST_SPARED_WHY = ("§J's Important Note (no Marine weapon, the PANTS Gun named, affects a Vermite "
                   "in a Nest hex) read as overriding §J-4's 'any Vermite(s) in that hex'; "
                   f"variant {QUEEN_PUSH_KILLS_IN_NEST}: they are eliminated")
NEST_KILLED_WHY = (f"variant {QUEEN_PUSH_KILLS_IN_NEST}: §J-4's 'any Vermite(s) in that hex' read "
                   "as overriding §J's Important Note (Vermites in a Nest hex)")


def pants_modifier(data: SVData, firer: Unit, shoot_and_scoot: bool) -> int:
    """PANTS die modifier: -1 Shoot and Scoot, -1 NAT marker (§J-4)."""
    table = data.tables["pants"]
    return (table["shoot_and_scoot"] if shoot_and_scoot else 0) + (
        table["nat_marker"] if firer.nat else 0
    )


def resolve_pants(
    state: SVState, ctx: Context, plan: FirePlan, shoot_and_scoot: bool
) -> Iterator[Event]:
    data = game_data(ctx)
    smap = map_for(state.map, data)
    firer = state.unit(plan.firer)
    target = state.unit(plan.target)
    mod = pants_modifier(data, firer, shoot_and_scoot)
    roll = svdice.sum_dice(plan.cf, mod).roll(ctx.dice, f"PANTS {plan.firer} at {plan.target}")
    result = svdice.band(data.tables["pants"]["results"], roll.value)
    yield Event(
        f"{plan.firer} fires PANTS at {plan.target} in {plan.target_hex}: die {roll.faces[0]}"
        f"{f' {mod:+d}' if mod else ''} = {roll.value}: {result.capitalize()}!",
        rule="Space Vermin §J-4",
        kind="combat",
        data={"roll": roll.value, "result": result, "target": plan.target,
              "hex": plan.target_hex},
        ids=("SV-PANTS-01", "SV-PANTS-03") + plan.ids,
        assumed=join(map_reason(data, smap.key), plan.assumed),  # the range counts map hexes
    )
    kind = kind_of(data, target)
    if result == "misfire":
        firer.reduced = True
        yield Event(
            f"Misfire: no effect; {plan.firer} is flipped to its Disrupted side",
            rule="Space Vermin §J-4",
            kind="combat",
            data={"unit": plan.firer},
            ids=("SV-PANTS-04",),
        )
    elif result == "fried":
        if kind in ("drone", "soldier"):
            yield Event(f"Fried! {target.id} is eliminated", rule="Space Vermin §J-4",
                        kind="combat", data={"unit": target.id}, ids=("SV-PANTS-09",))
            yield from eliminate_vermite(state, ctx, target)
        else:
            yield from step_vermite(state, ctx, target, "Space Vermin §J-4", ("SV-PANTS-09",))
    else:
        yield from jolt(state, ctx, target, "Space Vermin §J-4")


def jolt(state: SVState, ctx: Context, target: Unit, rule: str, ids: tuple[str, ...] = (),
         assumed: str = "") -> Iterator[Event]:
    """A Jolted Vermite is blasted to a random hex (three dice) and placed by §J-4's landing rules.
    ``ids``/``assumed``: a Secret Weapon's jolt carries the weapon's provenance."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    map_why = map_reason(data, smap.key)
    first = unnumbered_first(state)
    start = target.hex
    if kind_of(data, target) == "queen":
        here = smap.hex(start)
        around = [h for h in smap.neighbors(here) if smap.terrain_of(h) != "tar_pit"]
        dest_hex = smap.lowest_numbered(around, here, first)
        dest = smap.label(dest_hex)
        order_ids, order_why = ordering_note(smap, around, first)
        shielded = (smap.terrain_of(dest_hex) == "nest"
                    and any(not u.is_marine for u in state.units_at(dest)))
        spared = shielded and not variant_on(state, ctx, QUEEN_PUSH_KILLS_IN_NEST)
        reading = (NEST_SPARED_WHY if spared else NEST_KILLED_WHY) if shielded else ""
        yield Event(
            f"Jolted! The unescorted Queen {target.id} is pushed from {start} to the "
            f"lowest-numbered adjacent hex {dest}; "
            + ("it is a Nest hex: every Marine there is eliminated, the Vermites there are not"
               if spared else "every unit there is eliminated"),
            rule=rule,
            kind="combat",
            data={"unit": target.id, "hex": dest},
            ids=ids + ("SV-PANTS-08",) + (("SV-MCOMB-02",) if shielded else ()) + order_ids
            + tar_pit_passed_over(smap, here, first),
            assumed=join(assumed, map_why, order_why, reading),
        )
        for v in state.units_at(dest):
            if v.is_marine:
                yield from eliminate_marine(state, ctx, v, rule, ("SV-PANTS-08",))
            elif not spared:
                yield from eliminate_vermite(state, ctx, v)
        target.hex = dest
        return
    roll = svdice.hex_roll().roll(ctx.dice, f"Jolted {target.id}: random hex")
    landing = str(roll.value)
    target.escort_of = ""  # a relocated Escort leaves her Queen (§Q-2-d)
    there = [u for u in state.units_at(landing) if u is not target]  # its own hex: lands there
    yield Event(
        f"Jolted! {target.id} is blasted from {start} to hex {landing}",
        rule=rule,
        kind="combat",
        data={"faces": list(roll.faces), "unit": target.id, "to": landing},
        ids=ids + ("SV-PANTS-05",),
        assumed=assumed,
    )
    if any(u.is_marine and not u.reduced for u in there):
        yield Event(
            f"{target.id} lands on a full-strength Marine and is eliminated",
            rule=rule,
            kind="combat",
            data={"unit": target.id},
            ids=ids + ("SV-PANTS-06",),
            assumed=assumed,
        )
        yield from eliminate_vermite(state, ctx, target, at=landing)
        return
    if there:
        options = [lab for lab in empty_adjacent(smap, state, landing, first) if lab != start]
        if not options:
            yield Event(
                f"{target.id} lands on another unit and no adjacent hex is empty: eliminated",
                rule=rule,
                kind="combat",
                data={"unit": target.id, "hex": landing},
                ids=ids + ("SV-PANTS-07",),
                assumed=join(assumed, map_why),
            )
            yield from eliminate_vermite(state, ctx, target, at=landing)
            return
        landing = options[0]
        order_ids, order_why = ordering_note(smap, [smap.hex(o) for o in options], first)
        yield Event(
            f"{target.id} lands on another unit and is placed in the lowest-numbered "
            f"empty adjacent hex {landing}",
            rule=rule,
            kind="combat",
            data={"unit": target.id, "hex": landing},
            ids=ids + ("SV-PANTS-07", "SV-AMB-06") + order_ids,
            assumed=join(assumed, map_why, EMPTY_HEX_WHY, order_why),
        )
    target.hex = landing

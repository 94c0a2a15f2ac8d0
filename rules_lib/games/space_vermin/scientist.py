"""The M.A.D. Scientist (§J-5): building a Secret Weapon in a Lab, and detonating it a later turn
(a random chit; range and count by dice; the Vermites it may affect, never in a Nest or Escorted).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core import words
from rules_lib.core.engine import Context, Decision, Event

from . import dice as svdice
from .board import SVMap, data_and_map
from .data import SVData
from .pants import jolt
from .provenance import weapon_reason
from .state import MARINES, SVState, Unit, counter_side, kind_of
from .targets import is_escorted_queen
from .vermite_losses import eliminate_vermite, step_vermite

BUILD = "Build a Secret Weapon"
DETONATE = "Detonate the Secret Weapon"


def can_build(data: SVData, smap: SVMap, state: SVState, unit: Unit) -> bool:
    """In a scenario Lab at the start of the phase (not yet acted), carrying no weapon (§J-5-a)."""
    return (
        unit.on_map
        and not unit.weapon_ready
        and unit.hex in smap.mdata.labs.values()
        and counter_side(data, unit).ma > 0
        and bool(state.secret_weapons_left)
    )


def can_detonate(state: SVState, unit: Unit) -> bool:
    """Carrying a weapon built on an earlier turn (§J-5-a/b)."""
    return (
        unit.on_map
        and unit.weapon_ready
        and unit.weapon_built_turn < state.turn
        and bool(state.secret_weapons_left)
    )


def build_secret_weapon(state: SVState, ctx: Context, unit_id: str) -> Iterator[Event]:
    """Spend the whole MA in the Lab; flip to the Weapon Ready side; no chit is chosen yet (§J-5-a).
    """
    unit = state.unit(unit_id)
    unit.weapon_ready = True
    unit.weapon_built_turn = state.turn
    yield Event(
        f"{unit_id} spends his whole MA in the Lab at {unit.hex} and builds a Secret Weapon "
        f"(usable from next turn)",
        rule="Space Vermin §J-5-a",
        kind="move",
        data={"unit": unit_id},
        ids=("SV-MAD-01", "SV-MAD-02", "SV-MAD-03"),
    )


def secret_weapon_targets(
    data: SVData, smap: SVMap, state: SVState, unit: Unit, reach: int, drones_only: bool
) -> list[str]:
    """Vermites within range that a Secret Weapon may affect: never in a Nest, never Escorted
    Queens."""
    here = smap.hex(unit.hex)
    out = []
    for v in state.vermites_on_map():
        if smap.terrain_of(smap.hex(v.hex)) == "nest" or is_escorted_queen(data, state, v):
            continue
        if drones_only and kind_of(data, v) != "drone":
            continue
        if smap.distance(here, smap.hex(v.hex)) <= reach:
            out.append(v)
    return [v.id for v in sorted(out, key=lambda v: (smap.number_key(smap.hex(v.hex)), v.number))]


def detonate_secret_weapon(state: SVState, ctx: Context, unit_id: str) -> Iterator:
    """Pick a random Secret Weapon chit; range die + 1, count die halved up; choose the victims
    (§J-5-b)."""
    data, smap = data_and_map(state, ctx)
    unit = state.unit(unit_id)
    left = list(state.secret_weapons_left)
    pick = ctx.dice.roll(len(left), "Secret Weapon chit") - 1 if len(left) > 1 else 0
    name = left[pick]
    weapon = next(w for w in data.secret_weapons if w.name == name)
    t = data.tables["secret_weapon"]
    if weapon.rolls:
        range_roll = svdice.one_die(t["range_modifier"]).roll(ctx.dice, f"{name} range")
        count_die = svdice.one_die().roll(ctx.dice, f"{name} count").value
        rng, count = range_roll.value, -(-count_die // t["count_divisor"])
        dice_words = (f"range {rng} (die {range_roll.faces[0]} {t['range_modifier']:+d}), "
                      f"up to {words.count(count, 'Vermite')} (die {count_die} divided by {t['count_divisor']}, "
                      "rounded up)")
    else:
        rng, count = weapon.range, weapon.count
        dice_words = f"range {rng}, up to {words.count(count, 'Vermite')} (no dice)"
    why = weapon_reason(data, name)
    yield Event(
        f"{unit_id} detonates {name}: {dice_words}, effect {weapon.effect}",
        rule="Space Vermin §J-5-b",
        kind="combat",
        data={"weapon": name, "range": rng, "count": count},
        ids=("SV-MAD-04", "SV-MAD-05") if weapon.rolls else ("SV-MAD-04", "SV-MAD-06"),
        assumed=why,
    )
    state.secret_weapons_left.remove(name)
    chosen: list[str] = []
    while len(chosen) < count:
        eligible = [
            v
            for v in secret_weapon_targets(data, smap, state, unit, rng, weapon.targets == "drones")
            if v not in chosen
        ]
        if not eligible:
            if not chosen:
                kind = "Drone" if weapon.targets == "drones" else "Vermite"
                yield Event(
                    f"{name} finds no {kind} it may affect within {rng} "
                    f"{'hex' if rng == 1 else 'hexes'} of {unit.hex} "
                    "(Vermites in a Nest and Escorted Queens never count): it affects nothing",
                    rule="Space Vermin §J-5-b",
                    kind="info",
                    data={"weapon": name, "range": rng},
                    ids=("SV-MAD-05",),
                    assumed=why,
                )
            break
        v = yield Decision(
            MARINES,
            "secret_weapon_target",
            f"{name}: affect which Vermite?",
            eligible + ["no more"],
            rule="Space Vermin §J-5-b",
        )
        if v == "no more":
            break
        chosen.append(v)
    ids = ("SV-MAD-05", "SV-MAD-09")
    for vid in chosen:
        v = state.unit(vid)
        if not v.on_map:
            continue
        if weapon.effect == "eliminate":
            cause = "kitten" if weapon.removes_from_game else "marine_combat"
            yield Event(f"{name} eliminates {vid}", rule="Space Vermin §J-5-b", kind="combat",
                        data={"weapon": name, "unit": vid}, ids=ids, assumed=why)
            yield from eliminate_vermite(state, ctx, v, cause=cause)
        elif weapon.effect == "reduce":
            yield from step_vermite(state, ctx, v, "Space Vermin §J-5-b", ids, why)
        else:
            yield from jolt(state, ctx, v, "Space Vermin §J-5-b", ids, why)
    unit.weapon_ready = False
    yield Event(
        f"{unit_id} flips back to his motorcycle side; {name} is removed from play",
        rule="Space Vermin §J-5-b",
        kind="move",
        data={"unit": unit_id},
        ids=("SV-MAD-07",),
    )

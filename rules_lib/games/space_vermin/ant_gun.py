"""The Anti-NAT Targeting System, the A.N.T. Gun (§J-3): Limbered and Unlimbered, the hexes it may
fire at, and a shot (two dice against the range, doubled with a NAT marker; 2 crashes it).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Decision, Event, IllegalChoice

from . import dice as svdice
from .board import SVMap, data_and_map, map_for
from .data import SVData, game_data
from .provenance import map_reason
from .state import MARINES, SVState, Unit, kind_of, variant_on
from .targets import in_nest, is_escorted_queen
from .vermite_losses import eliminate_vermite, step_vermite

UNLIMBER = "Unlimber"
LIMBER = "Limber"


ANT_QUEEN_AFTER_ESCORT = "ant_gun_hits_queen_after_escort"  # SV-AMB-08's other reading


ANT_QUEEN_WHY = ("default reading of SV-AMB-08: a Queen escorted when the A.N.T. Gun fires is "
                 "unaffected by that shot even if her Escort dies")


def flip_gun(unit: Unit, limbered: bool) -> Iterator[Event]:
    """Limber or Unlimber: the gun is flipped to the side it moves on or to the side it fires on
    (one action, §J-3)."""
    unit.limbered = limbered
    yield Event(
        f"{unit.id} is flipped to its {'Limbered' if unit.limbered else 'Unlimbered'} side",
        rule="Space Vermin §J-3",
        kind="move",
        data={"unit": unit.id},
        ids=("SV-ANT-02",),
    )


def ant_targets(data: SVData, smap: SVMap, state: SVState, gun_id: str) -> list[str]:
    """Hexes an Unlimbered A.N.T. Gun may fire at: any hex with a Vermite, no Nest (§J-3)."""
    gun = state.unit(gun_id)
    if gun.type != "ant_gun" or gun.limbered or not gun.on_map or gun.landed_turn == state.turn:
        return []
    hexes = {v.hex for v in state.vermites_on_map() if not in_nest(smap, v.hex)}
    return sorted(hexes, key=lambda lab: smap.number_key(smap.hex(lab)))


def ant_range(data: SVData, smap: SVMap, gun: Unit, target_hex: str) -> int:
    """Range in hexes, doubled if the gun has a NAT marker (§J-3)."""
    r = smap.distance(smap.hex(gun.hex), smap.hex(target_hex))
    return r * data.tables["ant_gun"]["nat_range_multiplier"] if gun.nat else r


def resolve_ant_fire(state: SVState, ctx: Context, gun_id: str, target_hex: str) -> Iterator[Event]:
    """The A.N.T. Gun fires at a hex: 2 = crash; a total over the range hits every Vermite there."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    if target_hex not in ant_targets(data, smap, state, gun_id):
        raise IllegalChoice(f"{gun_id} cannot fire at hex {target_hex}")
    gun = state.unit(gun_id)
    table = data.tables["ant_gun"]
    rng = ant_range(data, smap, gun, target_hex)
    roll = svdice.sum_dice(int(table["dice"])).roll(ctx.dice, f"A.N.T. Gun {gun_id} at {target_hex}")
    total = roll.value
    if total == table["crash_total"]:
        gun.limbered = True
        yield Event(
            f"A.N.T. Gun rolls {total}: the computer crashed before firing; the gun is "
            f"flipped to its Limbered side",
            rule="Space Vermin §J-3",
            kind="combat",
            data={"total": total},
            ids=("SV-ANT-05",),
        )
        return
    where = {"total": total, "hex": target_hex}  # the range counts map hexes
    if total <= rng:
        yield Event(
            f"A.N.T. Gun rolls {total}, not more than the range {rng}: miss",
            rule="Space Vermin §J-3",
            kind="combat",
            data=where,
            ids=("SV-ANT-04", "SV-ANT-06"),
            assumed=map_reason(data, smap.key),
        )
        return
    yield Event(
        f"A.N.T. Gun rolls {total} > range {rng}: every Vermite in {target_hex} is hit",
        rule="Space Vermin §J-3",
        kind="combat",
        data=where,
        ids=("SV-ANT-04", "SV-ANT-06"),
        assumed=map_reason(data, smap.key),
    )
    victims = [v for v in state.units_at(target_hex) if not v.is_marine]
    later = variant_on(state, ctx, ANT_QUEEN_AFTER_ESCORT)
    if later:  # the other reading: Escorts and the rest first, then each Queen as she is now
        victims.sort(key=lambda v: kind_of(data, v) == "queen")
    escorted = {v.id for v in victims if is_escorted_queen(data, state, v)}  # before the shot
    for v in victims:
        if not v.on_map:
            continue
        queen = kind_of(data, v) == "queen"
        guarded = is_escorted_queen(data, state, v) if later else v.id in escorted
        kind = "escorted_queen" if guarded else kind_of(data, v)
        effect = table["effects"][kind]
        reading = ()
        why = ""
        if queen and v.id in escorted:
            reading = ("SV-AMB-08",)
            why = (ANT_QUEEN_WHY if not later else
                   "variant ant_gun_hits_queen_after_escort (other reading of SV-AMB-08)")
        if effect == "none":
            yield Event(
                f"{v.id} is an Escorted Queen: unaffected",
                rule="Space Vermin §J-3",
                kind="combat",
                data={"unit": v.id},
                ids=("SV-ANT-06", "SV-S2-14") + reading,
                assumed=why,
            )
        elif effect == "eliminate":
            yield Event(f"{v.id} is eliminated by the A.N.T. Gun", rule="Space Vermin §J-3",
                        kind="combat", data={"unit": v.id}, ids=("SV-ANT-06",))
            yield from eliminate_vermite(state, ctx, v)
        else:
            yield from step_vermite(state, ctx, v, "Space Vermin §J-3", ("SV-ANT-06",) + reading,
                                    why)


def ant_fire_action(state: SVState, ctx: Context, gun_id: str) -> Iterator:
    """Full Fire with the Unlimbered A.N.T. Gun at a chosen hex."""
    data, smap = data_and_map(state, ctx)
    hexes = ant_targets(data, smap, state, gun_id)
    target = yield Decision(
        MARINES, "ant_target", f"Which hex does {gun_id} fire at?", hexes, rule="Space Vermin §J-3"
    )
    yield from resolve_ant_fire(state, ctx, gun_id, target)

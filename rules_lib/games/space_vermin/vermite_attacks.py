"""Vermite Attacks (§F): Drones flock and make Suicide Attacks (§E-1-a, §F-1); in the Combat Step
every non-Drone hex next to a Marine attacks the lowest-numbered one (§F-2), and the attackers that
eliminate it advance into its hex, no more than the stacking limit (§E-3).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from . import dice as svdice
from .board import SVMap, map_for
from .data import SVData, game_data
from .lowest_numbered import ordering_note, unnumbered_first
from .marine_losses import eliminate_marine
from .provenance import counter_path, join, map_reason, values_reason
from .state import MARINES, SVState, Unit, effective_values, kind_of
from .vermite_losses import eliminate_vermite


def marine_damage_table(data: SVData, unit: Unit) -> str:
    """Which damage table applies to a Marine: standard, A.N.T. Gun, or the Scientist's two sides.
    """
    model = data.marines[unit.type].damage
    if model == "scientist":
        return "scientist_weapon_ready" if unit.weapon_ready else "scientist_motorcycle"
    return model


def vermite_attack_cf(
    data: SVData, smap: SVMap, state: SVState, attackers: list[Unit], target: Unit
) -> tuple[int, list[tuple[str, int]]]:
    """Summed CF of the attacking hex, -1 if the Marine is in defensive terrain (§F-2)."""
    cf = sum(effective_values(data, a).cf for a in attackers)
    mods: list[tuple[str, int]] = []
    if smap.defensive(smap.hex(target.hex), state.flooded):
        mods.append(
            ("target in defensive terrain", data.tables["vermite_attack"]["defensive_terrain"])
        )
    return cf + sum(m for _, m in mods), mods


def verb(word: str, units: list[Unit]) -> str:
    """The verb agreeing with the units named before it: 'Soldier #5 attacks', '#5 + #9 attack'."""
    return f"{word}s" if len(units) == 1 else word


def vermite_attack(
    state: SVState, ctx: Context, attacker_ids: list[str], target_id: str, suicide: bool = False
) -> Iterator[Event]:
    """One Vermite hex attacks one Marine (§F-2); a Drone's Suicide Attack (§F-1) when ``suicide``.
    """
    data = game_data(ctx)
    smap = map_for(state.map, data)
    attackers = [state.unit(a) for a in attacker_ids]
    target = state.unit(target_id)
    rule = "Space Vermin §F-1" if suicide else "Space Vermin §F-2"
    cf, mods = vermite_attack_cf(data, smap, state, attackers, target)
    names = " + ".join(a.id for a in attackers)
    dn = effective_values(data, target).dn
    mod_text = ", ".join(f"{n} {m:+d}" for n, m in mods) or "no modifiers"
    paths = tuple(counter_path(data, a, "cf") for a in attackers) + (
        counter_path(data, target, "dn"),)
    base_ids = ("SV-SUIC-01",) if suicide else ("SV-VATK-03", "SV-VATK-04", "SV-VATK-07")
    # the CF and DN are printed values; the defensive terrain is the (assumed) map's
    why = join(values_reason(data, paths), map_reason(data, smap.key) if mods else "")
    refs = {"values": list(paths), **({"hex": target.hex} if mods else {})}
    if cf < data.tables["vermite_attack"]["minimum_cf"]:
        yield Event(f"{names} {verb('attack', attackers)} {target_id}: net CF {cf}, no combat",
                    rule=rule,
                    kind="combat", data=refs, ids=base_ids, assumed=why)
    else:
        roll = svdice.fire_pool(cf, dn, data.hit_convention).roll(
            ctx.dice, f"{names} attack {target_id}")
        hits = roll.value
        table = marine_damage_table(data, target)
        result = svdice.damage(data.tables["damage"][table], hits)
        yield Event(
            f"{names} {verb('attack', attackers)} {target_id} in {target.hex}: CF {cf} "
            f"({mod_text}) rolls "
            f"{list(roll.faces)} against DN {dn}: {hits} hit(s)",
            rule=rule,
            kind="combat",
            data={"cf": cf, "dn": dn, "faces": list(roll.faces), "hits": hits, "result": result,
                  **refs},
            ids=base_ids + ("SV-VATK-08",),
            assumed=why,
        )
        where = target.hex
        result_ids = _DAMAGE_IDS[table]
        if result == "none":
            yield Event(f"{hits} hit(s): {target_id} is unaffected", rule=rule, kind="combat",
                        data={"unit": target_id}, ids=result_ids)
        elif result == "lose_weapon":
            target.weapon_ready = False
            yield Event(
                f"{target_id} loses his Secret Weapon and is flipped to his motorcycle side",
                rule="Space Vermin §J-5-c",
                kind="combat",
                data={"unit": target_id},
                ids=result_ids,
            )
        elif result == "step" and not target.reduced:
            target.reduced = True
            yield Event(f"{target_id} is flipped to its Disrupted side", rule=rule, kind="combat",
                        data={"unit": target_id}, ids=result_ids)
        else:
            why_dead = "already Disrupted" if result == "step" else f"{hits} hits"
            yield from eliminate_marine(state, ctx, target, rule, result_ids, why=why_dead)
            if not suicide:
                yield from advance_after_combat(data, smap, state, attackers, where)
    if suicide:
        for a in attackers:
            yield Event(
                f"Suicide Attack: {a.id} is eliminated regardless of the result",
                rule="Space Vermin §F-1",
                kind="combat",
                data={"unit": a.id},
                ids=("SV-SUIC-02",),
            )
            # SV-AMB-01: §F-1's NAT roll ("Section F-3") is §J-7's, limited to the attacked Marine
            yield from eliminate_vermite(state, ctx, a, cause="suicide", nat_only=target.id)


_DAMAGE_IDS = {
    "standard": ("SV-VATK-09", "SV-VATK-10", "SV-VATK-11"),
    "ant_gun": ("SV-ANT-07",),
    "scientist_motorcycle": ("SV-MAD-10",),
    "scientist_weapon_ready": ("SV-MAD-11",),
}


def advance_groups(data: SVData, attackers: list[Unit]) -> list[list[Unit]]:
    """The attackers as advancing groups in movement order (§E-1, SV-AMB-14): Ultra-Mites, then
    Soldiers, by Unit ID, then each Queen with her Escort, by rank (they stay together, §Q-2-d)."""
    ids = {a.id for a in attackers}
    queens = sorted(
        (a for a in attackers if kind_of(data, a) == "queen"),
        key=lambda q: data.vermites[q.type].rank,
    )
    escorts = {a.escort_of: a for a in attackers if a.escort_of in ids}
    singles = sorted(
        (a for a in attackers if kind_of(data, a) != "queen" and a.escort_of not in ids),
        key=lambda a: (kind_of(data, a) != "ultra_mite", a.number),
    )
    pairs = [[q] + ([escorts[q.id]] if q.id in escorts else []) for q in queens]
    return [[a] for a in singles] + pairs


def advance_after_combat(
    data: SVData, smap: SVMap, state: SVState, attackers: list[Unit], where: str
) -> Iterator[Event]:
    """The attackers that eliminated a Marine enter its emptied hex (§F-2), but never beyond the
    stacking limit (§E-3): from an unlimited Entry/Nest hex only the first two advance, in movement
    order, a Queen only with her Escort; the rest stay (assumed: §E-3 outranks "all" in §F-2)."""
    limit = data.vermite_stack_limit
    if where in smap.unlimited_labels:
        moving, staying = list(attackers), []
    else:
        moving, staying = [], []
        for group in advance_groups(data, attackers):
            room = len(moving) + len(group) <= limit
            (moving if room else staying).extend(group)
    for a in moving:
        a.hex = where
    names = " + ".join(a.id for a in moving)
    yield Event(
        f"{names} {verb('advance', moving)} into the emptied hex {where}",
        rule="Space Vermin §F-2",
        kind="move",
        data={"units": [a.id for a in moving], "to": where},
        ids=("SV-VATK-12",),
    )
    if staying:
        yield Event(
            f"{' + '.join(a.id for a in staying)} {verb('stay', staying)} in {staying[0].hex}: "
            f"{where} holds no more "
            f"than {limit} Queens/Ultra-Mites/Soldiers",
            rule="Space Vermin §E-3",
            kind="info",
            data={"units": [a.id for a in staying], "values": ["tables:vermite_stacking.limit"]},
            ids=("SV-VSTK-01", "SV-VATK-12"),
            assumed="the stacking limit caps the advance after combat (§E-3 outranks 'all' in "
                    "§F-2); movement order picks who advances (§E-1)",
        )


def drone_flock(state: SVState, ctx: Context, drone_id: str) -> Iterator[Event]:
    """A Drone flies to the hex three dice name; on a Marine it attacks (§E-1-a, §F-1)."""
    drone = state.unit(drone_id)
    roll = svdice.hex_roll().roll(ctx.dice, f"{drone_id} flocks: random hex")
    start = drone.hex or "the Nest"
    drone.hex = str(roll.value)
    drone.status = "map"
    yield Event(
        f"{drone_id} flocks from {start} to hex {drone.hex} (dice {list(roll.faces)})",
        rule="Space Vermin §E-1-a",
        kind="move",
        data={"faces": list(roll.faces), "unit": drone_id, "to": drone.hex},
        ids=("SV-DRONE-02", "SV-DIR-01"),
    )
    landing = drone.hex
    marines = [u for u in state.units  # ``units_at(landing)``, its Marines
               if u.hex == landing and u.status == "map" and u.side == MARINES]
    if marines:
        yield Event(
            f"{drone_id} lands on {marines[0].id}: Suicide Attack",
            rule="Space Vermin §E-1-a / §F-1",
            kind="combat",
            data={"unit": drone_id, "target": marines[0].id},
            ids=("SV-DRONE-03", "SV-SUIC-01"),
        )
        yield from vermite_attack(state, ctx, [drone_id], marines[0].id, suicide=True)


def attacking_hexes(data: SVData, smap: SVMap, state: SVState) -> list[str]:
    """Hexes holding a non-Drone Vermite next to a Marine, lowest-numbered first (§F-2)."""
    near = smap.neighbourhood(state.marine_hexes())  # touching a Marine (adjacency is mutual)
    found = {
        v.hex
        for v in state.vermites_on_map()
        if kind_of(data, v) != "drone" and smap.hex(v.hex) in near
    }
    first = unnumbered_first(state)
    return sorted(found, key=lambda lab: smap.number_key(smap.hex(lab), None, first))


def vermite_combat_step(state: SVState, ctx: Context) -> Iterator[Event]:
    """Normal Vermite Attacks: hex by hex from the lowest number, each at the Marine in the
    lowest-numbered adjacent hex, all non-Drones of the hex together (§F-2)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    map_why = map_reason(data, smap.key)
    first = unnumbered_first(state)
    done: set[str] = set()
    for label in attacking_hexes(data, smap, state):
        attackers = [
            v
            for v in state.units_at(label)
            if not v.is_marine and kind_of(data, v) != "drone" and v.id not in done
        ]
        here = smap.hex(label)
        targets = [
            smap.hex(lab) for lab in state.marine_hexes() if smap.adjacent(here, smap.hex(lab))
        ]
        if not attackers or not targets:
            continue
        target_hex = smap.label(smap.lowest_numbered(targets, here, first))
        target = next(u for u in state.units_at(target_hex) if u.is_marine)
        order_ids, order_why = ordering_note(smap, targets, first)
        yield Event(
            f"Vermites in {label} attack {target.id} in {target_hex}, the lowest-numbered "
            f"adjacent Marine hex",
            rule="Space Vermin §F-2",
            kind="step",
            data={"hex": target_hex, "attackers": [v.id for v in attackers]},
            ids=("SV-VATK-01", "SV-VATK-02", "SV-VATK-06") + order_ids,
            assumed=join(map_why, order_why),
        )
        done.update(v.id for v in attackers)
        yield from vermite_attack(state, ctx, [v.id for v in attackers], target.id)

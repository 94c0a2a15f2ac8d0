"""Combat (§F, §J): Marine fire (standard, pistols, PANTS, A.N.T. Gun), Vermite attacks on Marines,
eliminations and the NAT roll that follows every Vermite death.

Procedures are generators that yield rule-citing Events; the dice are the definitions of
``dice.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from rules_lib.core.boards.hex import Hex, hex_distance
from rules_lib.core.engine import Context, Event, IllegalChoice

from . import dice as svdice
from .board import SVMap, map_for
from .data import CounterSide, SVData, load_game_data
from .los import has_line_of_sight, sight_test
from .provenance import counter_path, join, map_reason, values_reason
from .state import MARINES, SVState, Unit, counter_side, effective_values

TUNNEL_EXIT = "Tunnel Exit "
NAT_FIRE_TWICE = "nat_fire_penalty_twice"  # SV-AMB-04's other reading (a variant)


def game_data(ctx: Context | None) -> SVData:
    """The game data a procedure works with (the context's, else the standard files)."""
    data = getattr(ctx, "data", None)
    return data if isinstance(data, SVData) else load_game_data()


def kind_of(data: SVData, unit: Unit) -> str:
    """drone / soldier / ultra_mite / queen."""
    return data.vermites[unit.type].kind


def is_escorted_queen(data: SVData, state: SVState, unit: Unit) -> bool:
    """A Queen whose Escort shares her hex (§Q-2-d): untouchable by Marine weapons (§J)."""
    if unit.is_marine or kind_of(data, unit) != "queen" or not unit.on_map:
        return False
    return any(u.escort_of == unit.id and u.hex == unit.hex for u in state.vermites_on_map())


def in_nest(smap: SVMap, label: str) -> bool:
    return smap.terrain_of(smap.hex(label)) == "nest"


def targetable(data: SVData, smap: SVMap, state: SVState, unit: Unit) -> bool:
    """Vermites in a Nest and Escorted Queens cannot be targeted by any Marine weapon (§J)."""
    return (
        unit.on_map
        and not unit.is_marine
        and not in_nest(smap, unit.hex)
        and not is_escorted_queen(data, state, unit)
    )


def _targetable_vermites(data: SVData, smap: SVMap, state: SVState) -> list[tuple[Unit, Hex]]:
    """``targetable`` Vermites on the map with their hexes, in unit order: the same test, with the
    Escorts and Nest hexes looked up once for all targets (Marine fire asks it again and again)."""
    vermites = state.vermites_on_map()
    escorted = {(u.escort_of, u.hex) for u in vermites if u.escort_of}
    kinds = data.vermites
    hex_of = smap.hex
    terrain = smap.terrain
    out = []
    for v in vermites:
        there = hex_of(v.hex)
        if terrain[there] == "nest":
            continue
        if escorted and (v.id, v.hex) in escorted and kinds[v.type].kind == "queen":
            continue
        out.append((v, there))
    return out


class FireScene(NamedTuple):
    """What Marine fire looks at, found in one pass over the units (``fire_scene``)."""

    targets: dict[Hex, list[Unit]]  # ``targetable`` Vermites by hex, in unit order
    occupied: set[str]  # labels of the hexes holding a unit of either side (LOS blockers)
    marines: list[Unit]  # ``state.marines_on_map()``: HQs nearby, Marines on a Tunnel Exit


def fire_scene(data: SVData, smap: SVMap, state: SVState) -> FireScene:
    """The targets, the blocking hexes and the Marines of a Marine's fire, in one pass.

    The targets are grouped by hex, the hexes in the order their first Vermite comes: range,
    Line-of-Sight and the shot's CF depend on the hex alone, so a stack is looked at once."""
    occupied: set[str] = set()
    vermites: list[Unit] = []
    marines: list[Unit] = []
    escorted: set[tuple[str, str]] = set()
    for u in state.units:
        if u.status == "map" and u.hex is not None:
            occupied.add(u.hex)
            if u.side == MARINES:
                marines.append(u)
            else:
                vermites.append(u)
                if u.escort_of:
                    escorted.add((u.escort_of, u.hex))
    kinds = data.vermites
    hex_of = smap.hex_of  # ``smap.hex``: units stand on printed labels
    terrain = smap.terrain
    targets: dict[Hex, list[Unit]] = {}
    for v in vermites:  # as ``_targetable_vermites``
        there = hex_of[v.hex]
        if terrain[there] == "nest":
            continue
        if escorted and (v.id, v.hex) in escorted and kinds[v.type].kind == "queen":
            continue
        group = targets.get(there)
        if group is None:
            targets[there] = [v]
        else:
            group.append(v)
    return FireScene(targets, occupied, marines)


# --------------------------------------------------------------------------------------------------
# Marine fire: who may fire at what, with which CF
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FirePlan:
    """A legal Marine shot: weapon, target, CF after modifiers (each named) and the target's DN."""

    firer: str
    target: str
    target_hex: str
    weapon: str
    cf: int
    dn: int
    modifiers: tuple[tuple[str, int], ...] = ()
    ids: tuple[str, ...] = ()  # catalogue IDs of the readings the shot applies (SV-AMB-04 ...)
    assumed: str = ""  # why, if a reading or variant shapes the shot

    def pool(self, convention: str = "exceeds"):
        """The dice rolled (standard fire and pistols), hits by the data's hit convention."""
        return svdice.fire_pool(self.cf, self.dn, convention)


def _adjacent_hq(
    data: SVData, smap: SVMap, state: SVState, firer: Unit, marines: list[Unit] | None = None
) -> bool:
    """Whether another Marine next to the firer is an HQ (``marines``: the Marines on the map,
    when the caller has them)."""
    here = smap.hex(firer.hex)
    return any(
        data.marines[u.type].hq and u.id != firer.id and smap.adjacent(here, smap.hex(u.hex))
        for u in (state.marines_on_map() if marines is None else marines)
    )


def _shot_rules(
    data: SVData,
    smap: SVMap,
    state: SVState,
    firer: Unit,
    shoot_and_scoot: bool,
    marines: list[Unit] | None = None,
) -> tuple[Callable[[Hex, int, bool], tuple[int, list] | None],
           Callable[[str, str, Hex, int, int, bool], FirePlan | None]]:
    """The firer's standard/pistol shot rules: ``allowed(hex, range, same_hex_bonus)`` gives the
    CF and modifiers, ``plan(...)`` the FirePlan; None when range or CF forbid the shot
    (Line-of-Sight is left to the caller: it is the costly part). ``marines``: the Marines on
    the map, when the caller has them."""
    side = firing_side(data, state, firer)
    weapon = side.weapon
    table = data.tables["marine_fire"]
    base_mods: list[tuple[str, int]] = []
    plan_ids: tuple[str, ...] = ()
    plan_why = ""
    if firer.type == "mad_scientist":  # only with the variant: the text gives him no gun
        plan_ids, plan_why = ("SV-AMB-20",), SCIENTIST_PISTOL_WHY
    if shoot_and_scoot:
        base_mods.append(("Shoot and Scoot", table["shoot_and_scoot"]))
    if firer.nat:
        base_mods.append(("NAT marker", table["nat_marker"]))
        plan_ids += ("SV-AMB-04", "SV-NAT-08")
        if NAT_FIRE_TWICE in state.variants:  # SV-AMB-04 variant: §J-7's CF -1 on top of §J-1's
            base_mods.append(("NAT marker's CF reduction (§J-7)", data.tables["nat"]["modifier"]))
            plan_why = join(plan_why, "variant nat_fire_penalty_twice (other reading of "
                                      "SV-AMB-04)")
        else:
            plan_why = join(plan_why, NAT_ONCE_WHY)
    if _adjacent_hq(data, smap, state, firer, marines):
        base_mods.append(("adjacent to an HQ", table["adjacent_hq"]))
    unlimited = weapon == "standard" and data.marines[firer.type].unlimited_range

    def allowed(there: Hex, dist: int, same_hex_bonus: bool) -> tuple[int, list] | None:
        """CF and modifiers of a shot at this hex if range and CF allow it (LOS: the caller's)."""
        if weapon == "pistol" or not unlimited:
            if dist > 1 and not (dist == 0 and same_hex_bonus):
                return None
        if state.fire_range_limit and dist > state.fire_range_limit:
            return None  # an Event Chit limits Marine fire this turn (chit card, assumed)
        mods = list(base_mods)
        if smap.defensive(there, state.flooded):
            mods.append(("target in defensive terrain", table["defensive_terrain"]))
        if weapon != "pistol" and (dist == 1 or (dist == 0 and same_hex_bonus)):
            mods.append(("target adjacent", table["adjacent_target"]))
        cf = side.cf + sum(m for _, m in mods)
        if cf < table["minimum_cf"]:
            return None
        return cf, mods

    def plan(target_id: str, target_hex: str, there: Hex, dist: int, dn: int,
             same_hex_bonus: bool) -> FirePlan | None:
        """The shot at this target if range and CF allow it (LOS is checked by the caller)."""
        found = allowed(there, dist, same_hex_bonus)
        if found is None:
            return None
        cf, mods = found
        return FirePlan(firer.id, target_id, target_hex, weapon, cf, dn, tuple(mods), plan_ids,
                        plan_why)

    return allowed, plan


NAT_ONCE_WHY = ("default reading of SV-AMB-04: a NAT marker costs the firer 1 CF once "
                "(§J-1's modifier is §J-7's reduction)")
SCIENTIST_PISTOL = "scientist_has_pistol"  # SV-AMB-20's other reading (a variant)
SCIENTIST_PISTOL_WHY = ("variant scientist_has_pistol (other reading of SV-AMB-20); his pistol CF "
                        "is assumed")


def firing_side(data: SVData, state: SVState, firer: Unit) -> CounterSide:
    """The face-up side a Marine fires with; the Scientist has a Pistol only with the variant
    scientist_has_pistol (the text gives him no attack, SV-AMB-20)."""
    side = counter_side(data, firer)
    if firer.type == "mad_scientist" and SCIENTIST_PISTOL in state.variants:
        return CounterSide(data.marines[firer.type].pistol_cf, side.dn, side.ma, "pistol")
    return side


def _other_marine_hexes(
    state: SVState, firer: Unit, marines: list[Unit] | None = None
) -> set[str]:
    """Hexes holding a Marine other than the firer (each blocks LOS to a Tunnel Exit chit there);
    ``marines``: the Marines on the map, when the caller has them."""
    return {u.hex for u in (state.marines_on_map() if marines is None else marines)
            if u.id != firer.id}


def can_fire(data: SVData, smap: SVMap, state: SVState, firer_id: str) -> bool:
    """``bool(fire_plans(..., first_only=True))``: the same answer, with the targets that need no
    Line-of-Sight (adjacent, same hex) tried before any line is traced."""
    firer = state.unit(firer_id)
    if not firer.is_marine or not firer.on_map or firer.landed_turn == state.turn:
        return False
    weapon = firing_side(data, state, firer).weapon
    if weapon in ("none", "ant_gun"):
        return False
    if weapon == "pants":
        return bool(fire_plans(data, smap, state, firer_id, first_only=True))
    here = smap.hex(firer.hex)
    allowed, _ = _shot_rules(data, smap, state, firer, False)
    far: list[Hex] = []
    tried: set[Hex] = set()  # Vermites sharing a hex share the answer (range, CF, LOS)
    for _v, there in _targetable_vermites(data, smap, state):
        if there in tried:
            continue
        tried.add(there)
        dist = smap.distance(here, there)
        if allowed(there, dist, False) is None:
            continue
        if dist <= 1:
            return True
        far.append(there)
    others = _other_marine_hexes(state, firer) if state.tunnel_exits else set()
    for number in sorted(state.tunnel_exits):
        label = smap.mdata.tunnel_exits[int(number)]
        there = smap.hex(label)
        if label in others:
            continue  # a Marine on the chit blocks every other Marine's LOS to it (§E-1-c)
        dist = smap.distance(here, there)
        if allowed(there, dist, True) is None:
            continue
        if label == firer.hex or dist <= 1:
            return True
        far.append(there)
    if not far:
        return False
    occupied = {smap.hex_of[lab] for lab in state.occupied()}
    return any(has_line_of_sight(smap, state, here, there, occupied) for there in far)


def fire_plans(
    data: SVData,
    smap: SVMap,
    state: SVState,
    firer_id: str,
    shoot_and_scoot: bool = False,
    first_only: bool = False,
) -> list[FirePlan]:
    """Every legal target of a Marine's fire this action, with its modified CF (§J-1 to §J-4);
    ``first_only`` stops at the first one (is there anything to shoot at?)."""
    firer = state.unit(firer_id)
    if not firer.is_marine or not firer.on_map or firer.landed_turn == state.turn:
        return []
    side = firing_side(data, state, firer)
    weapon = side.weapon
    if weapon in ("none", "ant_gun"):
        return []
    here = smap.hex(firer.hex)
    plans: list[FirePlan] = []
    scene = fire_scene(data, smap, state)
    if weapon == "pants":
        reach = data.tables["pants"]["range"]
        dice = data.tables["pants"]["dice"]
        for there, group in scene.targets.items():
            if hex_distance(here, there) <= reach:
                for v in group:
                    plans.append(
                        FirePlan(firer.id, v.id, v.hex, "pants", dice, effective_values(data, v).dn)
                    )
                    if first_only:
                        return plans
        return sorted(plans, key=lambda p: (smap.number_key(smap.hex(p.target_hex)), p.target))
    _, plan = _shot_rules(data, smap, state, firer, shoot_and_scoot, scene.marines)
    # Line-of-Sight first for the far hexes (it is cached, and most far targets fail it), then
    # range and CF: the same shots as testing range and CF first, found faster.
    sees: Callable[[Hex], bool] | None = None  # ``has_line_of_sight`` from the firer's hex
    for there, group in scene.targets.items():
        dist = hex_distance(here, there)  # ``smap.distance``: both hexes are on the map
        if dist > 1:
            if sees is None:
                sees = sight_test(smap, here, {smap.hex_of[lab] for lab in scene.occupied})
            if not sees(there):
                continue
        for v in group:
            shot = plan(v.id, v.hex, there, dist, effective_values(data, v).dn, False)
            if shot is None:
                break  # range and CF forbid a shot into this hex: at any Vermite in it
            plans.append(shot)
            if first_only:
                return plans
    if state.tunnel_exits:
        others = _other_marine_hexes(state, firer, scene.marines)
        for number in sorted(state.tunnel_exits):
            label = smap.mdata.tunnel_exits[int(number)]
            if label in others:
                continue  # a Marine on the chit blocks every other Marine's LOS to it (§E-1-c)
            there = smap.hex(label)
            dist = hex_distance(here, there)
            if label != firer.hex and dist > 1:
                if sees is None:
                    sees = sight_test(smap, here, {smap.hex_of[lab] for lab in scene.occupied})
                if not sees(there):
                    continue
            shot = plan(f"{TUNNEL_EXIT}{number}", label, there, dist, data.tunnel_exit_dn, True)
            if shot is not None:
                plans.append(shot)
    return sorted(plans, key=lambda p: (smap.number_key(smap.hex(p.target_hex)), p.target))


# --------------------------------------------------------------------------------------------------
# Eliminations and NAT
# --------------------------------------------------------------------------------------------------


def vermite_destination(data: SVData, state: SVState, unit: Unit, cause: str) -> str:
    """Where an eliminated Vermite goes: the cup (Scenario 1, Drones) or the eliminated pile (§Q).
    """
    if cause == "kitten":
        return "removed"
    if (
        (state.scenario == "great_migration" or state.campaign_stage == 2)
        and kind_of(data, unit) != "drone"
        and cause == "marine_combat"
    ):
        return "eliminated"
    return "cup"


def _elimination_ids(data: SVData, state: SVState, unit: Unit, dest: str, cause: str
                     ) -> tuple[str, ...]:
    """The catalogue rules that send an eliminated Vermite where it goes (§Q-1-c, §Q-2-f)."""
    if state.map == "alpha":
        return ("SV-S1-12",)
    if dest == "eliminated":
        return ("SV-S2-21",)
    if cause == "kitten":
        return ("SV-S2-24", "SV-CF-13")
    return ("SV-S2-24",)


def eliminate_vermite(
    state: SVState,
    ctx: Context,
    unit: Unit,
    cause: str = "marine_combat",
    nat_only: str | None = None,
    at: str | None = None,
) -> Iterator[Event]:
    """Remove a Vermite (its Jewels stay in the hex) and make the NAT roll it triggers (§J-7).

    ``at`` is where it dies when that is not its hex (a Jolted Vermite landing on a Marine)."""
    data = game_data(ctx)
    where = at or unit.hex
    if unit.jewels:
        state.jewels[where] = state.jewels.get(where, 0) + unit.jewels
        unit.jewels = 0
    unit.status = vermite_destination(data, state, unit, cause)
    state.vermites_eliminated += 1
    unit.hex = None
    unit.reduced = False
    unit.escort_of = ""
    if kind_of(data, unit) == "queen":
        for u in state.units:  # her Escort is free to escort another Queen (§Q-2-d)
            if u.escort_of == unit.id:
                u.escort_of = ""
    dest = {
        "cup": "returned to the Vermite Unit Cup",
        "eliminated": "put in the Eliminated pile",
        "removed": "removed from the game",
    }[unit.status]
    yield Event(
        f"{unit.id} is eliminated and {dest}",
        rule="Space Vermin §Q-1-c" if state.map == "alpha" else "Space Vermin §Q-2-f",
        kind="combat",
        data={"unit": unit.id, "at": where},
        ids=_elimination_ids(data, state, unit, unit.status, cause),
    )
    yield from nat_roll(state, ctx, unit, where, only=nat_only)


def eliminate_marine(
    state: SVState, ctx: Context, unit: Unit, rule: str, ids: tuple[str, ...] = (),
    assumed: str = "", why: str = "",
) -> Iterator[Event]:
    """Remove a Marine; a Jewel it carried is left in its last hex (§J-6). ``why``: said in the
    log ("already Disrupted", "4 hits")."""
    where = unit.hex
    carried = unit.jewels
    if unit.jewels:
        state.jewels[where] = state.jewels.get(where, 0) + unit.jewels
        unit.jewels = 0
    unit.status = "eliminated"
    unit.hex = None
    unit.nat = ""
    state.marines_lost += 1
    yield Event(
        f"{unit.id} is eliminated" + (f" ({why})" if why else "")
        + (f"; its Crown Jewel stays in {where}" if carried else ""),
        rule=rule,
        kind="combat",
        data={"unit": unit.id, "at": where},
        ids=ids + (("SV-RV-04",) if carried else ()),
        assumed=assumed,
    )


NAT_DISTANCE_WHY = ("default reading of SV-AMB-22: 'within two hexes' counts hexes, ignoring "
                    "terrain and Line-of-Sight")


NAT_NEEDS_SIGHT = "nat_needs_line_of_sight"  # SV-AMB-22's other reading (a variant)


def variant_on(state: SVState, ctx: Context | None, name: str) -> bool:
    """Is a rule variant on (the game's variants, or a test's context)?"""
    return name in state.variants or (ctx is not None and ctx.variant(name))


def nat_eligible(
    data: SVData, smap: SVMap, state: SVState, at: str, only: str | None = None,
    sight: bool = False,
) -> list[Unit]:
    """Marines a NAT roll can reach: within two hexes (plain distance, SV-AMB-22), lowest hex
    first; with ``sight`` (variant nat_needs_line_of_sight) only those that see the hex."""
    if only is not None:
        u = state.unit(only)
        return [u] if u.on_map else []
    centre = smap.hex(at)
    reach = data.tables["nat"]["range"]
    found = [u for u in state.marines_on_map() if smap.distance(centre, smap.hex(u.hex)) <= reach]
    if sight:
        found = [u for u in found if u.hex == at or has_line_of_sight(
            smap, state, smap.hex(u.hex), centre)]
    first = unnumbered_first(state)
    return sorted(found, key=lambda u: (smap.number_key(smap.hex(u.hex), centre, first), u.id))


def nat_roll(
    state: SVState, ctx: Context, vermite: Unit, at: str, only: str | None = None
) -> Iterator[Event]:
    """The NAT roll after a Vermite dies: success by its type; lowest-numbered Marine affected
    (§J-7)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    sight = variant_on(state, ctx, NAT_NEEDS_SIGHT)
    eligible = nat_eligible(data, smap, state, at, only, sight)
    reach = data.tables["nat"]["range"]
    if only is not None:  # a Drone's Suicide Attack: only its target (§F-1, SV-AMB-01)
        where_why = ("default reading of SV-AMB-01: §F-1's NAT roll ('Section F-3') is §J-7's, "
                     "limited to the attacked Marine")
        ids: tuple[str, ...] = ("SV-NAT-02", "SV-SUIC-03", "SV-AMB-01")
    else:
        where_why = join("" if sight else NAT_DISTANCE_WHY, map_reason(data, smap.key))
        ids = ("SV-NAT-01", "SV-NAT-05", "SV-AMB-22")
    if not eligible:
        yield Event(
            f"No Marine within {reach} hexes of {at}: no NAT roll",
            rule="Space Vermin §J-7",
            kind="info",
            data={"unit": vermite.id, "hex": at},
            ids=ids,
            assumed=where_why,
        )
        return
    need = data.vermites[vermite.type].nat_roll
    need_path = counter_path(data, vermite, "nat_roll")
    roll = svdice.one_die().roll(ctx.dice, f"NAT roll for {vermite.id}")
    face = roll.value
    if face > need:
        yield Event(
            f"NAT roll {face} (needs 1-{need} for a {data.vermites[vermite.type].name}): "
            f"no infestation",
            rule="Space Vermin §J-7",
            kind="roll",
            data={"roll": face, "values": [need_path]},
            ids=("SV-NAT-04",),
        )
        return
    marine = eligible[0]
    order_ids, order_why = ordering_note(smap, [smap.hex(u.hex) for u in eligible],
                                         unnumbered_first(state))
    ids, where_why = ids + order_ids, join(where_why, order_why)
    table = data.tables["nat"]
    natural_one = face == table["escalates_on"]
    data_ref = {"roll": face, "marine": marine.id, "values": [need_path], "hex": at}
    if natural_one and marine.nat:
        yield Event(
            f"NAT roll {face}: {marine.id} in {marine.hex} already has a NAT marker and is "
            f"eliminated",
            rule="Space Vermin §J-7",
            kind="roll",
            data=data_ref,
            ids=("SV-NAT-04", "SV-NAT-07") + ids,
            assumed=where_why,
        )
        yield from eliminate_marine(state, ctx, marine, "Space Vermin §J-7", ("SV-NAT-07",))
        return
    before = marine.nat
    if natural_one:
        marine.nat = "infected"
    elif marine.nat == "":
        marine.nat = "tainted"
    elif marine.nat == "tainted":
        marine.nat = "infected"
    text = {
        "": "is unaffected (already NAT Infected)",
        "tainted": "gets a NAT Tainted marker",
        "infected": "gets a NAT Infected marker" if before == "" else "becomes NAT Infected",
    }
    outcome = text[marine.nat] if marine.nat != before else text[""]
    data_ref["nat"] = marine.nat
    yield Event(
        f"NAT roll {face} (needs 1-{need}): {marine.id} in {marine.hex}, the lowest-numbered "
        f"eligible hex, {outcome}",
        rule="Space Vermin §J-7",
        kind="roll",
        data=data_ref,
        ids=("SV-NAT-04", "SV-NAT-07" if natural_one else "SV-NAT-06") + ids,
        assumed=where_why,
    )


def step_vermite(
    state: SVState, ctx: Context, unit: Unit, rule: str, ids: tuple[str, ...] = (),
    assumed: str = "",
) -> Iterator[Event]:
    """Flip a Vermite to Reduced, or eliminate it if it already is."""
    if unit.reduced:
        yield Event(f"{unit.id} is already Reduced", rule=rule, kind="combat",
                    data={"unit": unit.id}, ids=ids, assumed=assumed)
        yield from eliminate_vermite(state, ctx, unit)
    else:
        unit.reduced = True
        yield Event(
            f"{unit.id} is flipped to its Reduced side",
            rule=rule,
            kind="combat",
            data={"unit": unit.id},
            ids=ids,
            assumed=assumed,
        )


TUNNEL_ONLY_COLLAPSES = "tunnel_exit_only_collapses"  # SV-AMB-02's other reading (a variant)
TUNNEL_WHY = ("default reading of SV-AMB-02: hits on a Tunnel Exit chit are read like hits on "
              "a Vermite (a step flips it, or removes it if already flipped; an elimination "
              "removes it)")


def damage_tunnel_exit(state: SVState, number: str, result: str, only_collapses: bool = False
                       ) -> Event:
    """Marine hits on a Tunnel Exit chit, read like a Vermite's (SV-AMB-02); with
    ``only_collapses`` (the variant) damage only ever flips it to Partially Collapsed, which stays
    operational (§P-2-m)."""
    cond = state.tunnel_exits[number]
    if only_collapses:
        state.tunnel_exits[number] = "collapsed"
        text = ("is flipped to its Partially Collapsed side" if cond == "open"
                else "is already Partially Collapsed and stays so")
        return Event(
            f"Tunnel Exit {number} {text} (variant: damage only collapses a chit, §P-2-m)",
            rule="Space Vermin §E-1-c / §P-2-m",
            kind="combat",
            data={"exit": number},
            ids=("SV-TUN-07", "SV-TERR-26", "SV-AMB-02"),
            assumed="variant tunnel_exit_only_collapses (other reading of SV-AMB-02)",
        )
    if result == "step" and cond == "open":
        state.tunnel_exits[number] = "collapsed"
        text = "is flipped to its Partially Collapsed side"
    else:
        del state.tunnel_exits[number]
        state.cup_tunnel_exits.append(number)
        text = "is destroyed and returned to the Vermite Unit Cup"
    return Event(
        f"Tunnel Exit {number} {text} (default reading of SV-AMB-02)",
        rule="Space Vermin §E-1-c",
        kind="combat",
        data={"exit": number},
        ids=("SV-TUN-07", "SV-TERR-26", "SV-AMB-02"),
        assumed=TUNNEL_WHY,
    )


# --------------------------------------------------------------------------------------------------
# Marine fire resolution
# --------------------------------------------------------------------------------------------------


def fire_value_paths(data: SVData, firer: Unit, target: Unit | None) -> tuple[str, ...]:
    """The data paths of a shot's printed numbers: the firer's CF, the target's DN."""
    dn = (counter_path(data, target, "dn") if target is not None
          else "counters:tunnel_exit_chits.dn")
    return (counter_path(data, firer, "cf"), dn)


def resolve_fire(
    state: SVState,
    ctx: Context,
    firer_id: str,
    target_id: str,
    shoot_and_scoot: bool = False,
    plans: list[FirePlan] | None = None,
) -> Iterator[Event]:
    """One Marine fires at one target (§J-1 standard, §J-2 pistols, §J-4 PANTS).

    ``plans``: the firer's ``fire_plans`` already worked out for this very position (the caller
    that just offered them as the choice), so they are not searched for twice."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    if plans is None:
        plans = fire_plans(data, smap, state, firer_id, shoot_and_scoot)
    plans = {p.target: p for p in plans}
    if target_id not in plans:
        raise IllegalChoice(
            f"{firer_id} cannot fire at {target_id}; legal targets: {', '.join(plans) or 'none'}"
        )
    plan = plans[target_id]
    if plan.weapon == "pants":
        yield from _resolve_pants(state, ctx, plan, shoot_and_scoot)
        return
    mods = ", ".join(f"{name} {m:+d}" for name, m in plan.modifiers) or "no modifiers"
    roll = plan.pool(data.hit_convention).roll(ctx.dice, f"{firer_id} fires at {target_id}")
    hits = roll.value
    result = svdice.damage(data.tables["damage"]["standard"], hits)
    pistol = plan.weapon == "pistol"
    rule = "Space Vermin §J-2" if pistol else "Space Vermin §J-1"
    exit_target = target_id.startswith(TUNNEL_EXIT)
    firer = state.unit(firer_id)
    target = None if exit_target else state.unit(target_id)
    paths = fire_value_paths(data, firer, target)
    why = join(values_reason(data, paths), map_reason(data, smap.key), plan.assumed)
    ids = (("SV-PIST-02",) if pistol else ("SV-MCOMB-06", "SV-MCOMB-07", "SV-MCOMB-08")) + (
        ("SV-MCOMB-10", "SV-TUN-07") if exit_target else ("SV-MCOMB-10",)) + plan.ids
    yield Event(
        f"{firer_id} ({plan.weapon}) fires at {target_id} in {plan.target_hex}: CF {plan.cf} "
        f"({mods}) rolls {list(roll.faces)} against DN {plan.dn}: {hits} hit(s)",
        rule=rule,
        kind="combat",
        data={
            "firer": firer_id,
            "target": target_id,
            "cf": plan.cf,
            "dn": plan.dn,
            "faces": list(roll.faces),
            "hits": hits,
            "result": result,
            "values": list(paths),
            "hex": plan.target_hex,
        },
        ids=ids,
        assumed=why,
    )
    if exit_target:
        if result == "none":
            yield Event("One hit or none: no effect", rule=rule, kind="combat",
                        ids=("SV-MCOMB-11", "SV-AMB-02"), assumed=TUNNEL_WHY)
        else:
            yield damage_tunnel_exit(state, target_id[len(TUNNEL_EXIT) :], result,
                                     variant_on(state, ctx, TUNNEL_ONLY_COLLAPSES))
        return
    if result == "none":
        yield Event(f"{hits} hit(s): no effect on {target_id}", rule=rule, kind="combat",
                    data={"unit": target_id}, ids=("SV-MCOMB-11",))
    elif result == "step":
        yield from step_vermite(state, ctx, target, rule, ("SV-MCOMB-11",))
    else:
        yield Event(
            f"{hits} hits: {target_id} is eliminated regardless of its condition",
            rule=rule,
            kind="combat",
            data={"unit": target_id},
            ids=("SV-MCOMB-11",),
        )
        yield from eliminate_vermite(state, ctx, target)


def pants_modifier(data: SVData, firer: Unit, shoot_and_scoot: bool) -> int:
    """PANTS die modifier: -1 Shoot and Scoot, -1 NAT marker (§J-4)."""
    table = data.tables["pants"]
    return (table["shoot_and_scoot"] if shoot_and_scoot else 0) + (
        table["nat_marker"] if firer.nat else 0
    )


EMPTY_HEX_WHY = ("default reading of SV-AMB-06: a Toxic Tar Pit is never an empty hex to land "
                 "in")
UNNUMBERED_FIRST = "unnumbered_hexes_first"  # SV-AMB-16's other reading (a variant)
ORDER_WHY = ("default reading of SV-AMB-16: unnumbered hexes come after every numbered hex, "
             "clockwise from north among themselves")


def unnumbered_first(state: SVState) -> bool:
    """Whether "lowest-numbered" puts unnumbered hexes first (variant unnumbered_hexes_first)."""
    return UNNUMBERED_FIRST in state.variants


def ordering_note(smap: SVMap, candidates, first: bool) -> tuple[tuple[str, ...], str]:
    """SV-AMB-16's ID and reading when a "lowest-numbered" choice had an unnumbered hex among
    several candidates (the only case the reading decides)."""
    hexes = list(candidates)
    if len(hexes) < 2 or all(smap.numbered(h) for h in hexes):
        return (), ""
    if first:
        return ("SV-AMB-16",), "variant unnumbered_hexes_first (other reading of SV-AMB-16)"
    return ("SV-AMB-16",), ORDER_WHY


def empty_adjacent(smap: SVMap, state: SVState, label: str, first: bool = False) -> list[str]:
    """Adjacent hexes with no unit in them, lowest-numbered first (Tar Pits excluded, SV-AMB-06).
    """
    here = smap.hex(label)
    occupied = state.occupied()
    hexes = [
        h
        for h in smap.neighbors(here)
        if smap.label(h) not in occupied and smap.terrain_of(h) != "tar_pit"
    ]
    return [smap.label(h) for h in sorted(hexes, key=lambda h: smap.number_key(h, here, first))]


def _resolve_pants(
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
        dest = smap.label(smap.lowest_numbered(around, here, first))
        order_ids, order_why = ordering_note(smap, around, first)
        yield Event(
            f"Jolted! The unescorted Queen {target.id} is pushed from {start} to the "
            f"lowest-numbered adjacent hex {dest}; every unit there is eliminated",
            rule=rule,
            kind="combat",
            data={"unit": target.id, "hex": dest},
            ids=ids + ("SV-PANTS-08",) + order_ids,
            assumed=join(assumed, map_why, order_why),
        )
        for v in state.units_at(dest):
            if v.is_marine:
                yield from eliminate_marine(state, ctx, v, rule, ("SV-PANTS-08",))
            else:
                yield from eliminate_vermite(state, ctx, v)
        target.hex = dest
        return
    roll = svdice.hex_roll().roll(ctx.dice, f"Jolted {target.id}: random hex")
    landing = str(roll.value)
    target.escort_of = ""  # a relocated Escort leaves her Queen (§Q-2-d)
    there = state.units_at(landing)
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


# --------------------------------------------------------------------------------------------------
# A.N.T. Gun
# --------------------------------------------------------------------------------------------------


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


ANT_QUEEN_AFTER_ESCORT = "ant_gun_hits_queen_after_escort"  # SV-AMB-08's other reading
ANT_QUEEN_WHY = ("default reading of SV-AMB-08: a Queen escorted when the A.N.T. Gun fires is "
                 "unaffected by that shot even if her Escort dies")


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


# --------------------------------------------------------------------------------------------------
# Vermite attacks on Marines (§F)
# --------------------------------------------------------------------------------------------------


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
        yield Event(f"{names} attack {target_id}: net CF {cf}, no combat", rule=rule,
                    kind="combat", data=refs, ids=base_ids, assumed=why)
    else:
        roll = svdice.fire_pool(cf, dn, data.hit_convention).roll(
            ctx.dice, f"{names} attack {target_id}")
        hits = roll.value
        table = marine_damage_table(data, target)
        result = svdice.damage(data.tables["damage"][table], hits)
        yield Event(
            f"{names} attack {target_id} in {target.hex}: CF {cf} ({mod_text}) rolls "
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
        f"{names} advance into the emptied hex {where}",
        rule="Space Vermin §F-2",
        kind="move",
        data={"units": [a.id for a in moving], "to": where},
        ids=("SV-VATK-12",),
    )
    if staying:
        yield Event(
            f"{' + '.join(a.id for a in staying)} stay in {staying[0].hex}: {where} holds no more "
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

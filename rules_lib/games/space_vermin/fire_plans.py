"""Who may fire at what, with which Combat Factor (§J-1 standard fire, §J-2 pistols, §J-4 PANTS
range): range, Line-of-Sight, the CF modifiers, and hits on Tunnel Exit chits as targets (§E-1-c).

A ``FirePlan`` is one legal shot with its modified CF; the fire actions offer them as the choice
and ``marine_fire`` resolves the one chosen.
"""

from __future__ import annotations

from typing import NamedTuple

from rules_lib.core.boards.hex import Hex, hex_distance

from . import dice as svdice
from .board import SVMap
from .data import CounterSide, SVData
from .los import NOT_TRACED, clear_of_terrain, has_line_of_sight, lines_from
from .provenance import join
from .state import MARINES, SVState, Unit, counter_side, effective_values
from .targets import targetable_vermites

TUNNEL_EXIT = "Tunnel Exit "


NAT_FIRE_TWICE = "nat_fire_penalty_twice"  # SV-AMB-04's other reading (a variant)


NAT_ONCE_WHY = ("default reading of SV-AMB-04: a NAT marker costs the firer 1 CF once "
                "(§J-1's modifier is §J-7's reduction)")


SCIENTIST_PISTOL = "scientist_has_pistol"  # SV-AMB-20's other reading (a variant)


SCIENTIST_PISTOL_WHY = ("variant scientist_has_pistol (other reading of SV-AMB-20); his pistol CF "
                        "is assumed")


class FireScene(NamedTuple):
    """What Marine fire looks at, found in one pass over the units (``fire_scene``)."""

    targets: dict[Hex, list[Unit]]  # ``targetable`` Vermites by hex, in unit order
    occupied: set[str]  # labels of the hexes holding a unit of either side (LOS blockers)
    marines: list[Unit]  # ``state.marines_on_map()``: HQs nearby, Marines on a Tunnel Exit


def fire_scene(data: SVData, smap: SVMap, state: SVState) -> FireScene:
    """The targets, the blocking hexes and the Marines of a Marine's fire, in one pass.

    The targets are grouped by hex (range, Line-of-Sight and the shot's CF depend on the hex
    alone, so a stack is looked at once); an Escorted Queen is left out once the pass has found
    the Escorts (§Q-2-d: only on Mapzone Beta)."""
    occupied: set[str] = set()
    marines: list[Unit] = []
    escorted: set[tuple[str, str]] = set()
    targets: dict[Hex, list[Unit]] = {}
    nests = smap.nest_labels
    hex_of = smap.hex_of  # ``smap.hex``: units stand on printed labels
    for u in state.units:
        label = u.hex
        if u.status == "map" and label is not None:
            occupied.add(label)
            if u.side == MARINES:
                marines.append(u)
                continue
            if u.escort_of:
                escorted.add((u.escort_of, label))
            if label not in nests:  # as ``targetable_vermites``
                there = hex_of[label]
                group = targets.get(there)
                if group is None:
                    targets[there] = [u]
                else:
                    group.append(u)
    if escorted:
        kinds = data.vermites
        kept = {there: [v for v in group if (v.id, v.hex) not in escorted
                        or kinds[v.type].kind != "queen"] for there, group in targets.items()}
        targets = {there: group for there, group in kept.items() if group}
    return FireScene(targets, occupied, marines)


class FirePlan(NamedTuple):
    """A legal Marine shot: weapon, target, CF after modifiers (each named) and the target's DN.
    (A NamedTuple: immutable, and made for every target of every Marine that may fire.)"""

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


def adjacent_hq(
    data: SVData, smap: SVMap, state: SVState, firer: Unit, marines: list[Unit] | None = None
) -> bool:
    """Whether another Marine next to the firer is an HQ (``marines``: the Marines on the map,
    when the caller has them)."""
    around = smap.adjacent_labels[firer.hex]
    kinds = data.marines
    return any(
        u.hex in around and kinds[u.type].hq and u.id != firer.id
        for u in (state.marines_on_map() if marines is None else marines)
    )


class ShotRules:
    """The firer's standard or pistol shot rules for this action (§J-1, §J-2): ``allowed``
    gives the CF and named modifiers of a shot into a hex, or None when range or CF forbid it
    (Line-of-Sight is left to the caller: it is the costly part); ``plan`` the FirePlan.
    The firer's own modifiers (Shoot and Scoot, NAT, an adjacent HQ) are worked out once."""

    def __init__(self, data: SVData, smap: SVMap, state: SVState, firer: Unit,
                 shoot_and_scoot: bool, marines: list[Unit] | None = None) -> None:
        """``marines``: the Marines on the map, when the caller has them."""
        side = firing_side(data, state, firer)
        self.smap, self.state, self.firer = smap, state, firer
        self.cf, self.weapon = side.cf, side.weapon
        self.table = table = data.tables["marine_fire"]
        base_mods: list[tuple[str, int]] = []
        ids: tuple[str, ...] = ()
        why = ""
        if firer.type == "mad_scientist":  # only with the variant: the text gives him no gun
            ids, why = ("SV-AMB-20",), SCIENTIST_PISTOL_WHY
        if shoot_and_scoot:
            base_mods.append(("Shoot and Scoot", table["shoot_and_scoot"]))
        if firer.nat:
            base_mods.append(("NAT marker", table["nat_marker"]))
            ids += ("SV-AMB-04", "SV-NAT-08")
            if NAT_FIRE_TWICE in state.variants:  # SV-AMB-04's variant: §J-7's -1 on §J-1's
                base_mods.append(("NAT marker's CF reduction (§J-7)",
                                  data.tables["nat"]["modifier"]))
                why = join(why, "variant nat_fire_penalty_twice (other reading of SV-AMB-04)")
            else:
                why = join(why, NAT_ONCE_WHY)
        if adjacent_hq(data, smap, state, firer, marines):
            base_mods.append(("adjacent to an HQ", table["adjacent_hq"]))
        self.base_mods = tuple(base_mods)
        self.base_cf = self.cf + sum(m for _, m in base_mods)  # the CF before the target's own
        self.ids, self.why = ids, why
        # a standard weapon of unlimited range; pistols and the others reach the adjacent hexes
        # only (§J-1, §J-2)
        self.unlimited = self.weapon == "standard" and data.marines[firer.type].unlimited_range

    def allowed(self, there: Hex, dist: int, same_hex_bonus: bool
                ) -> tuple[int, tuple[tuple[str, int], ...]] | None:
        """CF and modifiers of a shot at this hex if range and CF allow it (LOS: the caller's);
        ``same_hex_bonus``: a target in the firer's own hex counts as adjacent (a Tunnel Exit
        chit under the firer)."""
        weapon, state, table = self.weapon, self.state, self.table
        if dist > 1 and not self.unlimited:
            return None  # pistols and most weapons reach the adjacent hexes only (§J-1, §J-2)
        if state.fire_range_limit and dist > state.fire_range_limit:
            return None  # an Event Chit limits Marine fire this turn (chit card, assumed)
        mods = self.base_mods
        cf = self.base_cf
        if self.smap.defensive(there, state.flooded):
            mods += (("target in defensive terrain", table["defensive_terrain"]),)
            cf += table["defensive_terrain"]
        if weapon != "pistol" and (dist == 1 or (dist == 0 and same_hex_bonus)):
            mods += (("target adjacent", table["adjacent_target"]),)
            cf += table["adjacent_target"]
        if cf < table["minimum_cf"]:
            return None
        return cf, mods

    def plan(self, target_id: str, target_hex: str, cf: int,
             mods: tuple[tuple[str, int], ...], dn: int) -> FirePlan:
        """The shot at this target with the CF and modifiers ``allowed`` found for its hex."""
        return FirePlan(self.firer.id, target_id, target_hex, self.weapon, cf, dn, mods,
                        self.ids, self.why)


def firing_side(data: SVData, state: SVState, firer: Unit) -> CounterSide:
    """The face-up side a Marine fires with; the Scientist has a Pistol only with the variant
    scientist_has_pistol (the text gives him no attack, SV-AMB-20)."""
    side = counter_side(data, firer)
    if firer.type == "mad_scientist" and SCIENTIST_PISTOL in state.variants:
        return CounterSide(data.marines[firer.type].pistol_cf, side.dn, side.ma, "pistol")
    return side


def other_marine_hexes(
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
    allowed = ShotRules(data, smap, state, firer, False).allowed
    far: list[Hex] = []
    tried: set[Hex] = set()  # Vermites sharing a hex share the answer (range, CF, LOS)
    for _v, there in targetable_vermites(data, smap, state):
        if there in tried:
            continue
        tried.add(there)
        dist = smap.distance(here, there)
        if allowed(there, dist, False) is None:
            continue
        if dist <= 1:
            return True
        far.append(there)
    others = other_marine_hexes(state, firer) if state.tunnel_exits else set()
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
    occupied = state.occupied()
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
        order = smap.order_key
        return sorted(plans, key=lambda p: (order[p.target_hex], p.target))
    rules = ShotRules(data, smap, state, firer, shoot_and_scoot, scene.marines)
    allowed = rules.allowed
    # Line-of-Sight first for the far hexes (most far targets fail it), then range and CF: the
    # same shots as testing range and CF first, found faster. The lines come from the map's
    # table of lines out of the firer's hex (``has_line_of_sight``, read here without a call).
    lines = lines_from(smap, here)
    occupied = scene.occupied
    reaches_far = rules.unlimited  # else a far hex is out of range: no line to trace
    q, r = here
    for there, group in scene.targets.items():
        dq, dr = q - there[0], r - there[1]
        dist = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # ``hex_distance``, written out (hot)
        if dist > 1:
            if not reaches_far:
                continue
            clear = lines.get(there, NOT_TRACED)
            if clear is NOT_TRACED:
                clear = clear_of_terrain(smap, here, there)
            if clear is None or not occupied.isdisjoint(clear):
                continue
        found = allowed(there, dist, False)
        if found is None:
            continue  # range and CF forbid a shot into this hex: at any Vermite in it
        cf, mods = found
        for v in group:
            plans.append(rules.plan(v.id, v.hex, cf, mods, effective_values(data, v).dn))
            if first_only:
                return plans
    if state.tunnel_exits:
        others = other_marine_hexes(state, firer, scene.marines)
        places = smap.tunnel_exit_places
        for number in sorted(state.tunnel_exits):
            label, there = places[number]
            if label in others:
                continue  # a Marine on the chit blocks every other Marine's LOS to it (§E-1-c)
            dq, dr = q - there[0], r - there[1]
            dist = (abs(dq) + abs(dr) + abs(dq + dr)) // 2  # (0 for the chit under the firer)
            if dist > 1:  # Line-of-Sight as for a Vermite, read from the same table of lines
                if not reaches_far:
                    continue
                clear = lines.get(there, NOT_TRACED)
                if clear is NOT_TRACED:
                    clear = clear_of_terrain(smap, here, there)
                if clear is None or not occupied.isdisjoint(clear):
                    continue
            found = allowed(there, dist, True)
            if found is not None:
                plans.append(rules.plan(f"{TUNNEL_EXIT}{number}", label, found[0], found[1],
                                        data.tunnel_exit_dn))
    order = smap.order_key
    return sorted(plans, key=lambda p: (order[p.target_hex], p.target))

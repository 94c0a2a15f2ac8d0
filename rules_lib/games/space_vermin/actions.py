"""The Marine Action Phase (§I): one action per Marine, and the Marine phases (§H, §K, §L).

Actions: Full Move, Jump Pack Move, Full Fire, Shoot and Scoot, Recon, Rally, Request
Reinforcements, map entry, the A.N.T. Gun's and the Scientist's actions.

Each action is a generator procedure (Events and Decisions, dice through ``ctx.dice``); the phase
procedure ``marine_action_phase`` asks the Marine player which unit acts next and what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from rules_lib.core.engine import Context, Decision, Event, IllegalChoice

from . import dice as svdice
from .board import SVMap, map_for
from .combat import (
    FirePlan,
    ant_targets,
    can_fire,
    eliminate_marine,
    eliminate_vermite,
    fire_plans,
    game_data,
    is_escorted_queen,
    jolt,
    kind_of,
    ordering_note,
    resolve_ant_fire,
    resolve_fire,
    step_vermite,
    unnumbered_first,
    variant_on,
)
from .data import SVData
from .movement import (
    half_mp_to_mp,
    marine_move_costs,
    movement_allowance,
    vermite_adjacent_hexes,
)
from .provenance import join, map_reason, weapon_reason
from .scenarios import scenario_table
from .state import MARINES, SVState, Unit, counter_side

PLAYER = MARINES
MOVE_IDS = ("SV-MMOV-01", "SV-MMOV-02", "SV-MMOV-05", "SV-MMOV-06")
FULL_MOVE = "Full Move"
JUMP = "Jump Pack Move"
FULL_FIRE = "Full Fire"
SHOOT_AND_SCOOT = "Shoot and Scoot"
RECON = "Recon"
RALLY = "Rally"
REQUEST = "Request Reinforcements"
UNLIMBER = "Unlimber"
LIMBER = "Limber"
BUILD = "Build a Secret Weapon"
DETONATE = "Detonate the Secret Weapon"
ENTER = "Enter the map"
LAND = "Land (Landing Zone)"
NO_ACTION = "No action"
EXIT_PREFIX = "exit via "
END_PHASE = "End the Marine Action Phase"


def _ctx_map(state: SVState, ctx: Context) -> tuple[SVData, SVMap]:
    data = game_data(ctx)
    return data, map_for(state.map, data)


def adjacent_to_vermite(smap: SVMap, state: SVState, label: str) -> bool:
    """Whether a hex touches any Vermite (Drones included): ``vermite_adjacent_hexes`` holds it
    exactly when one of its neighbours holds a Vermite (adjacency is mutual)."""
    vermites = state.vermite_hexes()
    label_of = smap.label_of
    return any(label_of[n] in vermites for n in smap.neighbors(smap.hex(label)))


# --------------------------------------------------------------------------------------------------
# which actions a unit may take
# --------------------------------------------------------------------------------------------------


def can_enter(state: SVState, unit: Unit) -> bool:
    """Off-map Marines due now: held-off reinforcements, RV arrivals, delayed drops (§I-5)."""
    if unit.id in state.lz_delayed:
        return True
    return unit.status in ("off_map", "turn_track") and 0 < unit.arrival_turn <= state.turn


def legal_actions(data: SVData, smap: SVMap, state: SVState, unit_id: str) -> list[str]:
    """The actions this Marine may take now (§C-2-c, §I, §J-3, §J-5)."""
    return _legal_actions(data, smap, state, state.unit(unit_id), can_fire)


def offered_actions(
    data: SVData, smap: SVMap, state: SVState, unit_id: str
) -> tuple[list[str], list[FirePlan]]:
    """``legal_actions`` with the unit's Full Fire targets (``fire_plans``) found on the way.

    The phase offers these actions and, when the player picks Full Fire, fires with these plans:
    nothing moves in between, so the targets are searched for once instead of twice."""
    plans: list[FirePlan] = []

    def may_fire(data: SVData, smap: SVMap, state: SVState, firer_id: str) -> bool:
        plans.extend(fire_plans(data, smap, state, firer_id))
        return bool(plans)

    return _legal_actions(data, smap, state, state.unit(unit_id), may_fire), plans


def _legal_actions(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit: Unit,
    may_fire_now: Callable[[SVData, SVMap, SVState, str], bool],
) -> list[str]:
    """``legal_actions``, asking ``may_fire_now`` (``can_fire`` or a search for the targets)
    whether the unit has something to fire at."""
    if unit.acted:
        return []
    if not unit.on_map:
        if unit.id in state.lz_delayed:
            return [LAND]
        return [ENTER] if can_enter(state, unit) else []
    mtype = data.marines[unit.type]
    out: list[str] = []
    landed = unit.landed_turn == state.turn
    may_fire = not landed and may_fire_now(data, smap, state, unit.id)
    if not landed:
        if unit.type == "ant_gun":
            if unit.limbered:
                out += [FULL_MOVE, UNLIMBER]
            else:
                if ant_targets(data, smap, state, unit.id):
                    out.append(FULL_FIRE)
                out.append(LIMBER)
        else:
            if movement_allowance(data, unit) > 0:
                out.append(FULL_MOVE)
            if mtype.jump_pack:
                out.append(JUMP)
            if may_fire:
                out += [FULL_FIRE, SHOOT_AND_SCOOT]
    if mtype.recon:
        out.append(RECON)
    if mtype.rally and rally_candidates(data, smap, state, unit.id):
        out.append(RALLY)
    if mtype.hq and any(u.status == "pool" for u in state.units if u.is_marine):
        out.append(REQUEST)
    if unit.type == "mad_scientist":
        if can_build(data, smap, state, unit):
            out.append(BUILD)
        if can_detonate(state, unit):
            out.append(DETONATE)
    return out


def has_action(data: SVData, smap: SVMap, state: SVState, unit_id: str) -> bool:
    """Whether the Marine may still act this phase: ``bool(legal_actions(...))``, answered from the
    cheap actions first (a Full Move or a Special Action) before looking for a target to fire at."""
    return _may_act(data, smap, state, state.unit(unit_id))


def _may_act(data: SVData, smap: SVMap, state: SVState, unit: Unit) -> bool:
    """``has_action`` for a unit in hand (the phase asks it of every Marine, again and again)."""
    if unit.acted:
        return False
    if unit.status != "map" or unit.hex is None:  # off the map: what legal_actions allows
        return can_enter(state, unit)  # (a delayed drop included: it may Land)
    if unit.landed_turn != state.turn:
        mtype = data.marines[unit.type]
        if mtype.jump_pack or mtype.recon or unit.type == "ant_gun":
            return True
        if movement_allowance(data, unit) > 0:
            return True
    return bool(legal_actions(data, smap, state, unit.id))


def marine_action(
    state: SVState,
    ctx: Context,
    unit_id: str,
    action: str,
    legal: list[str] | None = None,
    plans: list[FirePlan] | None = None,
) -> Iterator:
    """Carry out one action of one Marine, then turn the counter (it has acted, §C-2-c).

    ``legal`` and ``plans``: the unit's ``offered_actions`` just offered for this very position
    (the phase's choice), so they are not worked out twice."""
    data, smap = _ctx_map(state, ctx)
    if legal is None:
        legal = legal_actions(data, smap, state, unit_id)
    if action not in legal:
        raise IllegalChoice(f"{unit_id} cannot take the action {action!r} now; legal: {legal}")
    unit = state.unit(unit_id)
    unit.acted = True
    if action == FULL_MOVE:
        yield from full_move(state, ctx, unit_id)
    elif action == JUMP:
        yield from jump_pack_move(state, ctx, unit_id)
    elif action == FULL_FIRE:
        if unit.type == "ant_gun":
            yield from ant_fire_action(state, ctx, unit_id)
        else:
            yield from full_fire(state, ctx, unit_id, plans=plans)
    elif action == SHOOT_AND_SCOOT:
        yield from shoot_and_scoot(state, ctx, unit_id)
    elif action == RECON:
        yield from recon(state, ctx, unit_id)
    elif action == RALLY:
        yield from rally(state, ctx, unit_id)
    elif action == REQUEST:
        yield from request_reinforcements(state, ctx, unit_id)
    elif action in (UNLIMBER, LIMBER):
        unit.limbered = action == LIMBER
        yield Event(
            f"{unit_id} is flipped to its {'Limbered' if unit.limbered else 'Unlimbered'} side",
            rule="Space Vermin §J-3",
            kind="move",
            data={"unit": unit_id},
            ids=("SV-ANT-02",),
        )
    elif action == BUILD:
        yield from build_secret_weapon(state, ctx, unit_id)
    elif action == DETONATE:
        yield from detonate_secret_weapon(state, ctx, unit_id)
    elif action == ENTER:
        yield from designated_entry(state, ctx, unit_id)
    elif action == LAND:
        state.lz_delayed.remove(unit_id)
        yield from landing_zone(state, ctx, unit_id)


# --------------------------------------------------------------------------------------------------
# Full Move (§I-1), Recovery Vehicles (§J-6)
# --------------------------------------------------------------------------------------------------


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
    unit = state.unit(unit_id)
    found = marine_move_costs(data, smap, state, unit_id, budget=budget, start=start)
    label_of = smap.label_of
    opts = {label_of[h]: half_mp_to_mp(cost) for h, cost in found.items()}
    mp = movement_allowance(data, unit) if budget is None else budget
    if unit.type == "recovery_vehicle" and unit.jewels:
        # leaving from the edge hex costs MP (SV-AMB-19); nothing with the variant rv_exit_free
        leave = 0 if RV_EXIT_FREE in state.variants else rv_exit_mp(data)
        for lab in smap.mdata.jewel_exit_hexes:
            cost = opts.get(lab)
            if cost is not None and cost + leave <= mp:
                opts[EXIT_PREFIX + lab] = cost + leave
    return opts


def _sort_number(mp: object) -> object:
    """An MP cost as a sort key: ints as they are, half MPs as exact floats (same order, same ties,
    without Fraction's slow comparisons)."""
    return mp if mp.__class__ is int else float(mp)  # type: ignore[arg-type]


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
    data, smap = _ctx_map(state, ctx)
    unit = state.unit(unit_id)
    mp = movement_allowance(data, unit) if budget is None else budget
    opts = move_options(data, smap, state, unit_id, mp, start)
    origin = start or unit.hex
    order = sorted(opts, key=lambda lab: (lab == origin, _sort_number(opts[lab])))
    dest = yield Decision(
        PLAYER,
        "move_to",
        f"Where does {unit_id} move?",
        order,
        rule=rule,
        data={"unit": unit_id, "costs": {k: str(v) for k, v in opts.items()}},
    )
    cost = opts[dest]
    if dest.startswith(EXIT_PREFIX):
        yield from rv_exit(state, ctx, unit, dest[len(EXIT_PREFIX) :])
        return
    unit.hex = dest
    unit.status = "map"
    yield Event(
        f"{unit_id} moves from {origin} to {dest} ({cost} MP)",
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
    data, smap = _ctx_map(state, ctx)
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
        PLAYER,
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


# --------------------------------------------------------------------------------------------------
# Jump Pack (§I-1-c)
# --------------------------------------------------------------------------------------------------


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


SCATTER_REROLLS = "jump_scatter_rerolls"  # SV-AMB-05's other reading (a variant)
SCATTER_WHY = ("default reading of SV-AMB-05: a Scattered jump onto a unit uses the Malfunction "
               "landing rules at the scatter hex and is Disrupted; no new random hex")
TAR_PIT_ELIMINATES = "tar_pit_landing_eliminates"  # SV-AMB-06's other reading (a variant)
TAR_PIT_WHY = ("default reading of SV-AMB-06: a Marine landing on a Toxic Tar Pit is moved to "
               "the lowest-numbered legal empty adjacent hex")


def jump_pack_move(
    state: SVState, ctx: Context, unit_id: str, shoot_and_scoot: bool = False
) -> Iterator:
    """Jump to any allowed hex: Malfunction / Scattered / Safe Landing by one modified die."""
    data, smap = _ctx_map(state, ctx)
    unit = state.unit(unit_id)
    dest = yield Decision(
        PLAYER,
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
        _place(unit, dest)
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
            ids=("SV-JUMP-06",) + order_ids,
            assumed=join(map_reason(data, smap.key), order_why),
        )
        if state.units_at(landing):
            if variant_on(state, ctx, SCATTER_REROLLS):
                yield Event(f"{unit_id} landed on a unit: a new random hex is rolled as after a "
                            f"Malfunction", rule=rule, kind="move", data={"unit": unit_id},
                            ids=("SV-JUMP-06", "SV-AMB-05"),
                            assumed="variant jump_scatter_rerolls (other reading of SV-AMB-05)")
                yield from _malfunction(state, ctx, unit)
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
                yield from _rough_landing(state, ctx, unit, landing, rule)
        elif smap.hex(landing) in smap.nat_infestation:
            yield from _rough_landing(state, ctx, unit, landing, rule)  # forced in: eliminated
        else:
            _place(unit, landing)
    else:
        yield from _malfunction(state, ctx, unit)


def _place(unit: Unit, label: str) -> None:
    unit.hex = label
    unit.status = "map"


def _malfunction(state: SVState, ctx: Context, unit: Unit) -> Iterator[Event]:
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
    yield from _rough_landing(state, ctx, unit, str(roll.value), "Space Vermin §I-1-c")


def _rough_landing(
    state: SVState, ctx: Context, unit: Unit, label: str, rule: str
) -> Iterator[Event]:
    """Landing where it was not aimed: on a Vermite or in a NAT hex eliminated; on a Marine (or a
    Tar Pit, SV-AMB-06) moved to the lowest-numbered empty, allowed adjacent hex."""
    data, smap = _ctx_map(state, ctx)
    map_why = map_reason(data, smap.key)
    here = smap.hex(label)
    there = [u for u in state.units_at(label) if u.id != unit.id]
    ids = ("SV-JUMP-04", "SV-JUMP-05") if rule.endswith("§I-1-c") else ("SV-LZ-05", "SV-LZ-06")
    tar_pit = smap.terrain_of(here) == "tar_pit"
    if any(not u.is_marine for u in there) or here in smap.nat_infestation:
        vermite = there and any(not u.is_marine for u in there)
        why = "a Vermite" if vermite else "a NAT Infestation hex"
        yield Event(
            f"{unit.id} landed on {why} in {label} and is eliminated", rule=rule, kind="move",
            data={"unit": unit.id, "hex": label}, ids=ids + ("SV-TERR-19",),
            assumed="" if vermite else map_why,
        )
        yield from eliminate_marine(state, ctx, unit, rule, ids)
        return
    if tar_pit and variant_on(state, ctx, TAR_PIT_ELIMINATES):
        yield Event(
            f"{unit.id} landed on the Toxic Tar Pit {label} and is eliminated",
            rule=rule, kind="move", data={"unit": unit.id, "hex": label},
            ids=ids + ("SV-AMB-06",),
            assumed=join("variant tar_pit_landing_eliminates (other reading of SV-AMB-06)",
                         map_why),
        )
        yield from eliminate_marine(state, ctx, unit, rule, ids)
        return
    if there or tar_pit:
        occupied = state.occupied()
        free = [
            h
            for h in smap.neighbors(here)
            if smap.label(h) not in occupied
            and smap.terrain_of(h) != "tar_pit"
            and h not in smap.nat_infestation  # legal hexes only (SV-AMB-06)
        ]
        first = unnumbered_first(state)
        target = smap.lowest_numbered(free, here, first)
        reading = (("SV-AMB-06",), TAR_PIT_WHY) if tar_pit else ((), "")
        if target is None:
            yield Event(
                f"No empty hex next to {label}: {unit.id} is eliminated",
                rule=rule,
                kind="move",
                data={"unit": unit.id, "hex": label},
                ids=ids + reading[0],
                assumed=join("the text does not say what happens when no adjacent hex is "
                             "empty: eliminated", reading[1], map_why),
            )
            yield from eliminate_marine(state, ctx, unit, rule, ids)
            return
        moved = smap.label(target)
        order_ids, order_why = ordering_note(smap, free, first)
        yield Event(
            f"{label} is taken: {unit.id} is moved to the lowest-numbered empty adjacent "
            f"hex {moved}" if not tar_pit else
            f"{label} is a Toxic Tar Pit: {unit.id} is moved to the lowest-numbered legal empty "
            f"adjacent hex {moved}",
            rule=rule,
            kind="move",
            data={"unit": unit.id, "hex": moved},
            ids=ids + reading[0] + order_ids,
            assumed=join(reading[1], map_why, order_why),
        )
        label = moved
    _place(unit, label)


# --------------------------------------------------------------------------------------------------
# Fire actions (§I-2, §I-3)
# --------------------------------------------------------------------------------------------------


def full_fire(
    state: SVState,
    ctx: Context,
    unit_id: str,
    shoot_and_scoot: bool = False,
    plans: list[FirePlan] | None = None,
) -> Iterator:
    """Choose one target among the legal ones and fire (§I-2, §J).

    ``plans``: the unit's ``fire_plans`` for this very position when the caller has them."""
    if plans is None:
        data, smap = _ctx_map(state, ctx)
        plans = fire_plans(data, smap, state, unit_id, shoot_and_scoot)
    if not plans:
        yield Event(f"{unit_id} has no target", rule="Space Vermin §J-1", kind="info",
                    data={"unit": unit_id}, ids=("SV-MCOMB-01",))
        return
    target = yield Decision(
        PLAYER,
        "fire_at",
        f"Which target does {unit_id} fire at?",
        [p.target for p in plans],
        rule="Space Vermin §J-1",
        data={"cf": {p.target: p.cf for p in plans}},
    )
    # nothing moves while the player picks the target: the plans offered are the plans to use
    yield from resolve_fire(state, ctx, unit_id, target, shoot_and_scoot, plans=plans)


def shoot_and_scoot(state: SVState, ctx: Context, unit_id: str) -> Iterator:
    """Half the MA (rounded down) and fire at -1, in either order; Jump units may jump at -1 (§I-3).
    """
    data, _ = _ctx_map(state, ctx)
    unit = state.unit(unit_id)
    order = yield Decision(
        PLAYER,
        "scoot_order",
        f"{unit_id}: move first or fire first?",
        ["fire then move", "move then fire"],
        rule="Space Vermin §I-3",
    )
    steps = ["fire", "move"] if order == "fire then move" else ["move", "fire"]
    for step in steps:
        if not unit.on_map:
            return
        if step == "fire":
            yield from full_fire(state, ctx, unit_id, shoot_and_scoot=True)
            continue
        how = "move"
        if data.marines[unit.type].jump_pack:
            how = yield Decision(
                PLAYER,
                "scoot_move",
                f"{unit_id}: move or jump?",
                ["move", "jump"],
                rule="Space Vermin §I-1-c / §I-3",
            )
        if how == "jump":
            yield from jump_pack_move(state, ctx, unit_id, shoot_and_scoot=True)
        else:
            yield from full_move(
                state,
                ctx,
                unit_id,
                budget=movement_allowance(data, unit, shoot_and_scoot=True),
                rule="Space Vermin §I-3",
            )


# --------------------------------------------------------------------------------------------------
# Special actions (§I-4)
# --------------------------------------------------------------------------------------------------


def recon(state: SVState, ctx: Context, scout_id: str) -> Iterator:
    """Scout Recon: one die, +1 with an assisting un-Disrupted HQ, -1 if Disrupted; 4+ succeeds."""
    data, _ = _ctx_map(state, ctx)
    scout = state.unit(scout_id)
    helpers = [
        u.id
        for u in state.marines_on_map()
        if data.marines[u.type].hq and not u.reduced and not u.acted and u.id != scout_id
    ]
    helper = "no HQ"
    if helpers:
        helper = yield Decision(
            PLAYER,
            "recon_hq",
            f"Which HQ assists {scout_id}'s Recon?",
            helpers + ["no HQ"],
            rule="Space Vermin §I-4-a",
        )
    t = data.tables["recon"]
    mod = 0
    if helper != "no HQ":
        state.unit(helper).acted = True  # the HQ's own Special Action
        mod += t["hq_assist"]
    if scout.reduced:
        mod += t["disrupted"]
    roll = svdice.target_roll(t["target"], mod).roll(ctx.dice, f"Recon {scout_id}")
    ok = bool(roll.value)
    again = ok and state.successful_recon
    if ok:
        state.successful_recon = True
    outcome = "failed"
    if again:
        outcome = ("success, but the one Successful Recon marker is already by the Event Cup: "
                   "still one two-chit choice")
    elif ok:
        outcome = "success: the Successful Recon marker goes by the Event Cup"
    yield Event(
        f"Recon by {scout_id}{'' if helper == 'no HQ' else ' with ' + helper}: die "
        f"{roll.faces[0]}{f' {mod:+d}' if mod else ''} -> {outcome}",
        rule="Space Vermin §I-4-a",
        kind="roll",
        data={"success": ok, "unit": scout_id},
        ids=("SV-RECON-03", "SV-RECON-04") + (("SV-AMB-12",) if again else ()),
        assumed="default reading of SV-AMB-12: several successful Recons give one choice"
        if again else "",
    )


def rally_candidates(data: SVData, smap: SVMap, state: SVState, rallier_id: str) -> list[Unit]:
    """Disrupted units adjacent to the rallying unit, or itself (SV-AMB-13 default reading)."""
    rallier = state.unit(rallier_id)
    if not rallier.on_map:
        return []
    here = smap.hex(rallier.hex)
    out = []
    for u in state.marines_on_map():
        if not u.reduced:
            continue
        if u.id == rallier.id or smap.adjacent(here, smap.hex(u.hex)):
            out.append(u)
    return sorted(out, key=lambda u: (smap.number_key(smap.hex(u.hex)), u.id))


RALLY_ONLY_NEAR = "rally_only_next_to_vermites"  # SV-AMB-13's other reading (a variant)
RALLY_WHY = ("default reading of SV-AMB-13: every Disrupted unit next to (or being) the rallying "
             "unit may roll, not only those next to a Vermite")


def rally(state: SVState, ctx: Context, rallier_id: str) -> Iterator[Event]:
    """Rally: each eligible Disrupted unit rolls a die; 5+ flips it to full strength (§I-4-b)."""
    data, smap = _ctx_map(state, ctx)
    target = data.tables["rally"]["target"]
    for u in rally_candidates(data, smap, state, rallier_id):
        if variant_on(state, ctx, RALLY_ONLY_NEAR) and not adjacent_to_vermite(
            smap, state, u.hex
        ):
            continue
        reading = not adjacent_to_vermite(smap, state, u.hex)  # eligible only by SV-AMB-13
        roll = svdice.target_roll(target).roll(ctx.dice, f"Rally {u.id}")
        if roll.value:
            u.reduced = False
        yield Event(
            f"Rally ({rallier_id}): {u.id} rolls {roll.faces[0]} -> "
            f"{'back to full strength' if roll.value else 'stays Disrupted'}"
            + (" (eligible though not next to a Vermite)" if reading else ""),
            rule="Space Vermin §I-4-b",
            kind="roll",
            data={"unit": u.id},
            ids=("SV-RALLY-02", "SV-RALLY-03") + (("SV-AMB-13",) if reading else ()),
            assumed=RALLY_WHY if reading else "",
        )


def request_reinforcements(state: SVState, ctx: Context, hq_id: str) -> Iterator:
    """An HQ calls one Marine from the pool: 3+ on a die (-1 Disrupted, -1 NAT); it enters at once.
    """
    data, smap = _ctx_map(state, ctx)
    hq = state.unit(hq_id)
    t = data.tables["request_reinforcements"]
    mod = (t["disrupted"] if hq.reduced else 0) + (t["nat_marker"] if hq.nat else 0)
    roll = svdice.target_roll(t["target"], mod).roll(ctx.dice, f"Request Reinforcements {hq_id}")
    yield Event(
        f"{hq_id} requests reinforcements: die {roll.faces[0]}{f' {mod:+d}' if mod else ''}"
        f" -> {'granted' if roll.value else 'refused'}",
        rule="Space Vermin §I-4-c",
        kind="roll",
        data={"success": bool(roll.value), "unit": hq_id},
        ids=("SV-REQ-01", "SV-REQ-02"),
    )
    if not roll.value:
        return
    pool = [u.id for u in state.units if u.is_marine and u.status == "pool"]
    if not pool:
        yield Event("No Marine left in the pool", rule="Space Vermin §I-4-c", kind="info",
                    ids=("SV-REQ-03",))
        return
    chosen = yield Decision(
        PLAYER, "reinforcement", "Which Marine joins the mission?", pool, rule="Space Vermin §I-4-c"
    )
    unit = state.unit(chosen)
    unit.status = "off_map"
    unit.acted = True
    methods = []
    if smap.mdata.marine_entry_hexes:
        methods.append(ENTER)
    methods.append(LAND)
    if data.marines[unit.type].jump_pack:
        methods.append(JUMP)
    how = yield Decision(
        PLAYER,
        "entry_method",
        f"How does {chosen} enter?",
        methods,
        rule="Space Vermin §I-4-c / §I-5",
    )
    if how == ENTER:
        yield from designated_entry(state, ctx, chosen)
    elif how == LAND:
        yield from landing_zone(state, ctx, chosen)
    else:
        yield from jump_pack_move(state, ctx, chosen)


# --------------------------------------------------------------------------------------------------
# Map entry (§I-5)
# --------------------------------------------------------------------------------------------------


def designated_entry(state: SVState, ctx: Context, unit_id: str) -> Iterator:
    """March on through a scenario entry hex with a Full Move; held off-map if blocked (§I-5-a)."""
    data, smap = _ctx_map(state, ctx)
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
        PLAYER,
        "enter_to",
        f"Where does {unit_id} move after entering?",
        order,
        rule="Space Vermin §I-5-a",
    )
    if dest.startswith(EXIT_PREFIX):
        yield from rv_exit(state, ctx, unit, dest[len(EXIT_PREFIX) :])
        return
    _place(unit, dest)
    unit.arrival_turn = 0
    yield Event(
        f"{unit_id} enters the map and moves to {dest} ({options[dest]} MP)",
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
    data, smap = _ctx_map(state, ctx)
    unit = state.unit(unit_id)
    aim = yield Decision(
        PLAYER,
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
    yield from _rough_landing(state, ctx, unit, landing, rule)


# --------------------------------------------------------------------------------------------------
# A.N.T. Gun (§J-3) and the M.A.D. Scientist (§J-5)
# --------------------------------------------------------------------------------------------------


def ant_fire_action(state: SVState, ctx: Context, gun_id: str) -> Iterator:
    """Full Fire with the Unlimbered A.N.T. Gun at a chosen hex."""
    data, smap = _ctx_map(state, ctx)
    hexes = ant_targets(data, smap, state, gun_id)
    target = yield Decision(
        PLAYER, "ant_target", f"Which hex does {gun_id} fire at?", hexes, rule="Space Vermin §J-3"
    )
    yield from resolve_ant_fire(state, ctx, gun_id, target)


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
    data, smap = _ctx_map(state, ctx)
    unit = state.unit(unit_id)
    left = list(state.secret_weapons_left)
    pick = ctx.dice.roll(len(left), "Secret Weapon chit") - 1 if len(left) > 1 else 0
    name = left[pick]
    weapon = next(w for w in data.secret_weapons if w.name == name)
    t = data.tables["secret_weapon"]
    if weapon.rolls:
        rng = svdice.one_die(t["range_modifier"]).roll(ctx.dice, f"{name} range").value
        count = -(-svdice.one_die().roll(ctx.dice, f"{name} count").value // t["count_divisor"])
    else:
        rng, count = weapon.range, weapon.count
    why = weapon_reason(data, name)
    yield Event(
        f"{unit_id} detonates {name}: range {rng}, up to {count} Vermite(s), effect "
        f"{weapon.effect}",
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
            break
        v = yield Decision(
            PLAYER,
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


# --------------------------------------------------------------------------------------------------
# The phases (§C-2-b to §C-2-e)
# --------------------------------------------------------------------------------------------------


def nat_effect_phase(state: SVState, ctx: Context) -> Iterator[Event]:
    """Each NAT Infected Marine rolls a die: 1-4 eliminates it (§H)."""
    data, smap = _ctx_map(state, ctx)
    limit = data.tables["nat"]["infected_dies_on_at_most"]
    infected = sorted(
        (u for u in state.marines_on_map() if u.nat == "infected"),
        key=lambda u: (smap.number_key(smap.hex(u.hex)), u.id),
    )
    for u in infected:
        face = svdice.one_die().roll(ctx.dice, f"NAT Effect {u.id}").value
        yield Event(f"NAT Effect: {u.id} rolls {face}", rule="Space Vermin §H", kind="roll",
                    data={"unit": u.id, "roll": face}, ids=("SV-NATFX-01",))
        if face <= limit:
            yield from eliminate_marine(state, ctx, u, "Space Vermin §H", ("SV-NATFX-01",))


def recovery_phase(state: SVState, ctx: Context) -> Iterator[Event]:
    """Disrupted Marines not adjacent to a Vermite flip back to full strength (§K)."""
    data, smap = _ctx_map(state, ctx)
    for u in state.marines_on_map():
        if u.reduced and not adjacent_to_vermite(smap, state, u.hex):
            u.reduced = False
            yield Event(f"{u.id} recovers to full strength (no Vermite next to {u.hex})",
                        rule="Space Vermin §K", kind="move", data={"unit": u.id, "hex": u.hex},
                        ids=("SV-RECOV-01",), assumed=map_reason(data, smap.key))


def purge_one(unit: Unit) -> str:
    """Lower a NAT marker one level: Infected -> Tainted -> none (§L)."""
    unit.nat = {"infected": "tainted", "tainted": ""}[unit.nat]
    return unit.nat or "no marker"


def purging_phase(state: SVState, ctx: Context) -> Iterator:
    """Each Logistics unit and one adjacent Marine lower their NAT markers one level (§L)."""
    data, smap = _ctx_map(state, ctx)
    for log in [u for u in state.marines_on_map() if data.marines[u.type].purge]:
        if log.nat:
            left = purge_one(log)
            yield Event(
                f"{log.id} purges its own NATs ({left})", rule="Space Vermin §L", kind="move",
                data={"unit": log.id}, ids=("SV-PURGE-01", "SV-PURGE-02"),
            )
        here = smap.hex(log.hex)
        patients = sorted(
            (
                u
                for u in state.marines_on_map()
                if u.nat and u.id != log.id and smap.adjacent(here, smap.hex(u.hex))
            ),
            key=lambda u: (u.nat != "infected", smap.number_key(smap.hex(u.hex))),
        )
        if not patients:
            continue
        pid = patients[0].id
        if len(patients) > 1:
            pid = yield Decision(
                PLAYER,
                "purge",
                f"Which Marine next to {log.id} is purged?",
                [p.id for p in patients],
                rule="Space Vermin §L",
            )
        left = purge_one(state.unit(pid))
        yield Event(f"{log.id} purges {pid}'s NATs ({left})", rule="Space Vermin §L", kind="move",
                    data={"unit": pid, "hex": state.unit(pid).hex}, ids=("SV-PURGE-01",),
                    assumed=map_reason(data, smap.key))


def marine_action_phase(state: SVState, ctx: Context) -> Iterator:
    """One action per Marine, in the order the player chooses (§C-2-c, §I)."""
    data, smap = _ctx_map(state, ctx)
    state.phase = "Marine Action"
    state.step = ""
    yield Event(f"Turn {state.turn}: Marine Action Phase", rule="Space Vermin §C-2-c",
                kind="phase", ids=("SV-SEQ-02", "SV-SEQ-07"))
    for u in state.units:
        if u.is_marine:
            u.acted = False
    while True:
        ready = [u.id for u in state.units  # (``_may_act`` asks ``acted`` first: asked here)
                 if u.side == MARINES and not u.acted and _may_act(data, smap, state, u)]
        if not ready:
            break
        # a delayed drop must try to land again every turn (§I-5-b): no ending the phase before it
        must_land = [uid for uid in ready if uid in state.lz_delayed]
        who = yield Decision(
            PLAYER,
            "next_marine",
            "Which Marine acts next?",
            ready if must_land else ready + [END_PHASE],
            rule="Space Vermin §C-2-c",
        )
        if who == END_PHASE:
            break
        legal, plans = offered_actions(data, smap, state, who)
        actions = legal if who in must_land else legal + [NO_ACTION]
        action = yield Decision(
            PLAYER, "action", f"What does {who} do?", actions, rule="Space Vermin §I"
        )
        if action == NO_ACTION:
            state.unit(who).acted = True
            yield Event(f"{who} takes no action", rule="Space Vermin §I", kind="info",
                        data={"unit": who}, ids=("SV-SEQ-07", "SV-MACT-01"))
            continue
        # nothing moves while the player picks the action: the offered list is still the legal one
        yield from marine_action(state, ctx, who, action, legal=legal, plans=plans)

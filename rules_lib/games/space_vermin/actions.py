"""The Marine Action Phase (§C-2-c, §I): which actions a Marine may take now, carrying out the one
chosen (the counter is turned: it has acted), and the phase that asks which Marine acts next.

Each action is a generator procedure in the module of its rulebook section: ``full_move``
(§I-1, §J-6), ``jump_pack`` (§I-1-c), ``fire_actions`` (§I-2, §I-3), ``special_actions`` (§I-4),
``map_entry`` (§I-5), ``ant_gun`` (§J-3) and ``scientist`` (§J-5). Their names are collected here,
the words a policy or a person answers with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from rules_lib.core.engine import Context, Decision, Event, IllegalChoice

from .ant_gun import LIMBER, UNLIMBER, ant_fire_action, ant_targets, flip_gun
from .board import SVMap, data_and_map
from .data import SVData
from .fire_actions import FULL_FIRE, SHOOT_AND_SCOOT, full_fire, shoot_and_scoot
from .fire_plans import FirePlan, can_fire, fire_plans
from .full_move import FULL_MOVE, full_move
from .jump_pack import JUMP, jump_pack_move
from .map_entry import ENTER, LAND, can_enter, designated_entry, landing_zone
from .movement import movement_allowance
from .scientist import (
    BUILD,
    DETONATE,
    build_secret_weapon,
    can_build,
    can_detonate,
    detonate_secret_weapon,
)
from .special_actions import (
    RALLY,
    RECON,
    REQUEST,
    rally,
    rally_candidates,
    recon,
    request_reinforcements,
)
from .state import MARINES, SVState, Unit

NO_ACTION = "No action"
END_PHASE = "End the Marine Action Phase"
ACTIONS = (FULL_MOVE, JUMP, FULL_FIRE, SHOOT_AND_SCOOT, RECON, RALLY, REQUEST, UNLIMBER, LIMBER,
           BUILD, DETONATE, ENTER, LAND)  # every action's name (§I, §J-3, §J-5)


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
    data, smap = data_and_map(state, ctx)
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
        yield from flip_gun(unit, action == LIMBER)
    elif action == BUILD:
        yield from build_secret_weapon(state, ctx, unit_id)
    elif action == DETONATE:
        yield from detonate_secret_weapon(state, ctx, unit_id)
    elif action == ENTER:
        yield from designated_entry(state, ctx, unit_id)
    elif action == LAND:
        state.lz_delayed.remove(unit_id)
        yield from landing_zone(state, ctx, unit_id)


def marine_action_phase(state: SVState, ctx: Context) -> Iterator:
    """One action per Marine, in the order the player chooses (§C-2-c, §I)."""
    data, smap = data_and_map(state, ctx)
    state.phase = "Marine Action"
    state.step = ""
    yield Event(f"Turn {state.turn}: Marine Action Phase", rule="Space Vermin §C-2-c",
                kind="phase", ids=("SV-SEQ-02", "SV-SEQ-07"))
    marines = [u for u in state.units if u.side == MARINES]  # the counters never change sides
    for u in marines:
        u.acted = False
    while True:
        ready = [u.id for u in marines  # (``_may_act`` asks ``acted`` first: asked here)
                 if not u.acted and _may_act(data, smap, state, u)]
        if not ready:
            break
        # a delayed drop must try to land again every turn (§I-5-b): no ending the phase before it
        must_land = [uid for uid in ready if uid in state.lz_delayed]
        who = yield Decision(
            MARINES,
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
            MARINES, "action", f"What does {who} do?", actions, rule="Space Vermin §I"
        )
        if action == NO_ACTION:
            state.unit(who).acted = True
            yield Event(f"{who} takes no action", rule="Space Vermin §I", kind="info",
                        data={"unit": who}, ids=("SV-SEQ-07", "SV-MACT-01"))
            continue
        # nothing moves while the player picks the action: the offered list is still the legal one
        yield from marine_action(state, ctx, who, action, legal=legal, plans=plans)

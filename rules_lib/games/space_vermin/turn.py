"""The sequence of play (§C-2): set-up, then Game Turns of six phases until the Event Cup is empty
or an instant end; the Campaign plays battle 1 then battle 2 (§Q-3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_lib.core.engine import Context, Event
from rules_lib.core.words import count

from .actions import marine_action_phase
from .data import SVData, game_data
from .nat import nat_effect_phase
from .recovery import purging_phase, recovery_phase
from .scenarios import scenario_table, setup_family_jewels, setup_great_migration
from .spawning import hordes, queens_spawn
from .state import SVState
from .vermite_turn import reset_turn_effects, vermite_action_phase
from .victory import (
    CAMPAIGN_JEWELS_WHY,
    INSTANT_LOSS,
    INSTANT_VICTORY,
    LYING_ONLY,
    ONLY_DRONES,
    battle_end,
    battle_end_test,
    battle_outcome,
    escaped_vp,
    family_jewels_level,
    family_jewels_vp,
    jewels_left_on_map,
    level_by_vp,
    migration_vp,
)

RULE_SEQ = "Space Vermin §C-2"


def _watched(proc: Iterator, state: SVState, data) -> Iterator:
    """Run a phase, checking after every event whether the battle has ended at once."""
    to_send: Any = None
    send = proc.send
    ended = battle_end_test(data, state)  # ``battle_end``, asked after every event
    while True:
        try:
            item = send(to_send)
        except StopIteration:
            return None
        to_send = yield item
        if type(item) is Event or isinstance(item, Event):
            reason = ended()
            if reason is not None:
                proc.close()
                return reason
    return None


def _reinforcements(state: SVState, ctx: Context) -> Iterator:
    """Queens Spawn (Scenario 1) or Vermite Hordes (Scenario 2) (§C-2-a-4)."""
    data = game_data(ctx)
    if state.map == "alpha":
        yield from queens_spawn(state, ctx)
    else:
        yield from hordes(state, ctx, scenario_table(data, "great_migration")["hordes"])


def game_turn(state: SVState, ctx: Context) -> Iterator:
    """One Game Turn, its phases in order (§C-2); returns why the battle ended, if it did."""
    data = game_data(ctx)
    state.phase, state.step = "Vermite Action", ""
    yield Event(f"Turn {state.turn}", rule=RULE_SEQ, kind="turn", ids=("SV-SEQ-01", "SV-SEQ-02"))
    yield Event(f"Turn {state.turn}: Vermite Action Phase", rule="Space Vermin §C-2-a",
                kind="phase", ids=("SV-SEQ-02", "SV-SEQ-03"))
    reset_turn_effects(state)
    phases = [
        ("Vermite Action", lambda: vermite_action_phase(state, ctx, _reinforcements), None),
        ("NAT Effect", lambda: nat_effect_phase(state, ctx), "Space Vermin §H"),
        ("Marine Action", lambda: marine_action_phase(state, ctx), None),
        ("Marines Recovery", lambda: recovery_phase(state, ctx), "Space Vermin §K"),
        ("NAT Purging", lambda: purging_phase(state, ctx), "Space Vermin §L"),
    ]
    for name, make, rule in phases:
        if rule is not None:
            state.phase, state.step = name, ""
            yield Event(f"Turn {state.turn}: {name} Phase", rule=rule, kind="phase",
                        ids=("SV-SEQ-02",))
        reason = yield from _watched(make(), state, data)
        if name == "Marine Action" and not state.marines_entered:
            state.marines_entered = True  # Instant Loss counts from here (SV-AMB-09)
            reason = reason or battle_end(data, state)
        if reason is not None:
            return reason
    state.phase, state.step = "End", ""
    yield Event(f"Turn {state.turn}: End Phase ({len(state.event_cup)} Event Chit(s) left)",
                rule="Space Vermin §M", kind="phase", ids=("SV-SEQ-02", "SV-SEQ-09", "SV-END-01"))
    if not state.event_cup:
        return "the Event Cup is empty"
    return None


def play_battle(state: SVState, ctx: Context) -> Iterator:
    """Turns until the battle ends; returns why it ended."""
    while True:
        reason = yield from game_turn(state, ctx)
        if reason is not None:
            return reason
        state.turn += 1


def play(state: SVState, ctx: Context) -> Iterator:
    """The whole game: set-up, the battle(s), the result (§C, §N, §Q)."""
    data = game_data(ctx)
    if state.phase == "Set-Up":
        yield Event(f"Set-up: {state.scenario}", rule="Space Vermin §C-1", kind="phase",
                    ids=("SV-SETUP-01", "SV-SETUP-03", "SV-SETUP-04"))
        if state.map == "alpha":
            yield from setup_family_jewels(state, ctx)
        else:  # a Campaign saved during battle 2's set-up keeps the Jewels battle 1 recorded
            recorded = state.campaign_jewels_recorded if state.campaign_stage == 2 else 0
            yield from setup_great_migration(state, ctx, queen_jewels=recorded)
    reason = yield from play_battle(state, ctx)
    outcome = battle_outcome(data, state, reason)
    if state.campaign_stage == 1:
        yield from _campaign_second_battle(state, ctx, reason)
        return
    if state.campaign_stage == 2:
        total = state.campaign_vp_1 + migration_vp(data, state)
        state.vp = total
        state.result = level_by_vp(scenario_table(data, "campaign")["levels"], total)
        state.outcome_detail = f"battle 2 {outcome} ({reason}); campaign VP {total}"
        yield Event(f"Campaign over: battle 2 ended ({reason}): "
                    f"{reckoning(data, state, reason) or 'no VP reckoning: '}"
                    f"battle 1 {state.campaign_vp_1} VP + battle 2 {migration_vp(data, state)} VP "
                    f"= {total}: {state.result}",
                    rule="Space Vermin §Q-3", kind="result", data={"outcome": state.result},
                    ids=("SV-CAMP-06", "SV-CAMP-07")
                    + (_victory_ids(state, reason) if reason == INSTANT_LOSS else ()),
                    assumed=INSTANT_LOSS_WHY if reason == INSTANT_LOSS else "")
        return
    if state.map == "beta":
        state.vp = migration_vp(data, state)
    state.result = outcome
    state.outcome_detail = reason
    yield Event(f"Game over ({reason}): {reckoning(data, state, reason)}{outcome}",
                rule=_victory_rule(state), kind="result",
                data={"outcome": outcome}, ids=_victory_ids(state, reason),
                assumed=INSTANT_LOSS_WHY if reason == INSTANT_LOSS and state.map == "beta"
                else "")


def reckoning(data: SVData, state: SVState, reason: str) -> str:
    """How a battle's level was reached, for the result line: the Jewels and the losses
    (§Q-1-d) or the Victory Points (§Q-2-g); nothing for an instant end."""
    if reason in (INSTANT_VICTORY, INSTANT_LOSS):
        return ""
    lost = count(state.marines_lost, "Marine")
    if state.map == "alpha":
        cut = scenario_table(data, "family_jewels")["marine_losses_reduce"]
        base = family_jewels_level(data, state.jewels_exited, 0)
        text = f"{count(state.jewels_exited, 'Crown Jewel')} off the map: {base}; {lost} lost"
        if state.marines_lost > cut["more_than"]:
            levels = "one level" if int(cut["by"]) == 1 else f"{cut['by']} levels"
            text += f", more than {cut['more_than']}: {levels} lower"
        return text + ": "
    vp = scenario_table(data, "great_migration")["vp"]
    eliminated = sum(1 for u in state.units if not u.is_marine and u.status == "eliminated")
    escaped = sum(1 for u in state.units if not u.is_marine and u.status == "escaped")
    return (f"{count(eliminated, 'Vermite')} eliminated "
            f"({int(vp['eliminated_vermite']) * eliminated:+d} VP), "
            f"{count(escaped, 'Vermite')} escaped ({escaped_vp(data, state):+d} VP), {lost} lost "
            f"({int(vp['marine_lost']) * state.marines_lost:+d} VP): "
            f"{migration_vp(data, state)} VP: ")


def _victory_rule(state: SVState) -> str:
    return "Space Vermin §N / §Q-1-d" if state.map == "alpha" else "Space Vermin §N / §Q-2-g"


INSTANT_LOSS_WHY = ("default reading of SV-AMB-09: in Scenario 2 the map counts as clear of "
                    "Marines only once they have entered (from the end of Turn 1's Marine Action "
                    "Phase)")


def _victory_ids(state: SVState, reason: str) -> tuple[str, ...]:
    """The catalogue rules a battle's end applies."""
    if reason == INSTANT_LOSS:
        return ("SV-END-03", "SV-AMB-09") if state.map == "beta" else ("SV-END-03",)
    if reason == INSTANT_VICTORY:
        return ("SV-S1-20",)
    if state.map == "alpha":
        return ("SV-END-02", "SV-SEQ-09", "SV-S1-21", "SV-S1-22")
    if reason == ONLY_DRONES:
        return ("SV-S2-18", "SV-S2-25", "SV-S2-26", "SV-S2-27", "SV-S2-28")
    return ("SV-END-02", "SV-SEQ-09", "SV-S2-25", "SV-S2-26", "SV-S2-27", "SV-S2-28")


def _campaign_second_battle(state: SVState, ctx: Context, reason: str) -> Iterator:
    """Record battle 1 (VP, Jewels left on the map) and play The Great Migration (§Q-3)."""
    data = game_data(ctx)
    state.campaign_vp_1 = family_jewels_vp(data, state)
    state.campaign_jewels_recorded = jewels_left_on_map(state, lying_only=ctx.variant(LYING_ONLY))
    t = scenario_table(data, "campaign")
    yield Event(f"Campaign battle 1 over ({reason}): {count(state.jewels_exited, 'Jewel')} "
                f"exited ({int(t['jewel_exited_vp']) * state.jewels_exited:+d} VP), "
                f"{count(state.marines_lost, 'Marine')} lost "
                f"({int(t['marine_lost_vp']) * state.marines_lost:+d} VP): "
                f"{state.campaign_vp_1} VP; {count(state.campaign_jewels_recorded, 'Jewel')} "
                "still on the map",
                rule="Space Vermin §Q-3", kind="result",
                ids=("SV-CAMP-02", "SV-CAMP-03", "SV-AMB-21"),
                assumed=CAMPAIGN_JEWELS_WHY if not ctx.variant(LYING_ONLY) else
                "variant campaign_counts_lying_jewels_only (other reading of SV-AMB-21)")
    yield Event("Campaign battle 2: The Great Migration", rule="Space Vermin §Q-3", kind="phase",
                ids=("SV-CAMP-01",))
    state.campaign_stage = 2
    state.map = "beta"
    state.turn = 1
    state.marines_lost = 0
    state.vermites_eliminated = 0
    state.jewels_exited = 0
    state.phase = "Set-Up"
    yield from setup_great_migration(state, ctx, queen_jewels=state.campaign_jewels_recorded)
    state.phase = "Vermite Action"
    yield from play(state, ctx)


__all__ = ["game_turn", "play"]

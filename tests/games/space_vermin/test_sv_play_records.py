"""The whole game (§C, §N, §Q): the set-up a scenario starts with, a battle's result line, and the
Campaign (§Q-3): battle 1 recorded (its VP, the Jewels it left on the map), battle 2 set up with
them, and the campaign's VP added up. Short positions near a battle's end, the Marines passing,
each event compared whole with the state it is logged in."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import SeededDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.space_vermin import summary
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.scenarios import new_state
from rules_lib.games.space_vermin.turn import INSTANT_LOSS_WHY, play
from rules_lib.games.space_vermin.victory import CAMPAIGN_JEWELS_WHY, LYING_ONLY

from .sv_helpers import DATA, records
from .test_sv_victory import mid_game

QUEENS = ("High Queen", "Sister Queen", "Child Queen")
CUP_EMPTY = "the Event Cup is empty"
QUEEN_ORDER = "High Queen, Sister Queen, Child Queen, High Queen"


def played(state, variants=(), until=None, data=DATA):
    """Play ``state`` on with ``play``, the Marines passing every decision: each event with
    (phase, turn, map, campaign stage) as the state stands when it is logged."""
    proc = play(state, Context(dice=SeededDice(0), variants=frozenset(variants), data=data))
    seen, answer = [], None
    while True:
        try:
            item = proc.send(answer)
        except StopIteration:
            return seen
        answer = item.options[-1] if isinstance(item, Decision) else None
        if not isinstance(item, Decision):
            seen.append((item, (state.phase, state.turn, state.map, state.campaign_stage)))
            if until is not None and until(item):
                return seen


def battle_one_at_its_end(**fields):
    """Campaign battle 1 on its last turn (one chit left): 2 Jewels exited, 3 Marines lost, a
    Jewel lying in 421 and one carried by Soldier #1."""
    state = mid_game({"Squad 1": 315, "Soldier #1": 362}, scenario="campaign", campaign_stage=1,
                     jewels={"421": 1}, nest_jewels={"1": 1}, jewels_exited=2, marines_lost=3,
                     jewels_in_play=5, **fields)
    state.unit("Soldier #1").jewels = 1
    state.vermites_eliminated = 4
    return state


def queen_jewels(state):
    return [state.unit(q).jewels for q in QUEENS]


def carries(queen, n):
    return ((f"{queen} carries {n} Crown Jewel(s) from battle 1 (handed out in the order "
             f"{QUEEN_ORDER})"), "Space Vermin §Q-3", "info", ("SV-CAMP-04",), "", {"unit": queen})


@pytest.mark.rule("SV-CAMP-01", "SV-CAMP-02", "SV-CAMP-03", "SV-AMB-21")
def test_the_campaigns_first_battle_is_recorded_when_it_ends_then_the_great_migration_begins():
    state = battle_one_at_its_end()
    seen = played(state)
    start = next(i for i, (e, _) in enumerate(seen) if e.message.startswith("Campaign battle 1"))
    assert [(e.message, when) for e, when in seen[start - 1:start]] == [
        ("Turn 1: End Phase (0 Event Chit(s) left)", ("End", 1, "alpha", 1))]
    assert records(e for e, _ in seen[start:start + 2]) == [
        (("Campaign battle 1 over (the Event Cup is empty): 2 Jewels exited (+20 VP), 3 Marines "
          "lost (-3 VP): 17 VP; 2 Jewels still on the map"), "Space Vermin §Q-3", "result",
         ("SV-CAMP-02", "SV-CAMP-03", "SV-AMB-21"), CAMPAIGN_JEWELS_WHY, {}),
        ("Campaign battle 2: The Great Migration", "Space Vermin §Q-3", "phase", ("SV-CAMP-01",),
         "", {}),
    ]
    assert [when for _, when in seen[start:start + 2]] == [("End", 1, "alpha", 1)] * 2
    assert (state.campaign_vp_1, state.campaign_jewels_recorded) == (17, 2)


@pytest.mark.rule("SV-CAMP-01", "SV-CAMP-04", "SV-SEQ-01")
def test_battle_two_is_set_up_once_on_mapzone_beta_with_the_jewels_battle_one_left():
    """The set-up is logged in the Set-Up phase of stage 2 on Beta, Turn 1; no second "Set-up"
    line: battle 2 then starts at Turn 1's Vermite Action Phase."""
    state = battle_one_at_its_end()
    seen = played(state)
    start = next(i for i, (e, _) in enumerate(seen) if e.message.startswith("Campaign battle 2"))
    first_turn = next(i for i, (e, _) in enumerate(seen) if i > start and e.kind == "turn")
    set_up = seen[start + 1:first_turn]
    assert {when for _, when in set_up} == {("Set-Up", 1, "beta", 2)}
    assert [e.rule for e, _ in set_up] == ["Space Vermin §Q-2-a"] * 7 + [
        "Space Vermin §Q-2-b", "Space Vermin §Q-3", "Space Vermin §Q-3"]
    assert records(e for e, _ in set_up[-2:]) == [carries("High Queen", 1),
                                                 carries("Sister Queen", 1)]
    assert [e.message for e, _ in seen if e.message.startswith("Set-up")] == []
    assert (seen[first_turn][0].message, seen[first_turn][1]) == (
        "Turn 1", ("Vermite Action", 1, "beta", 2))
    assert queen_jewels(state) == [1, 1, 0] and state.jewels_in_play == 2


@pytest.mark.rule("SV-CAMP-06", "SV-CAMP-07", "SV-AMB-09", "SV-END-03")
def test_a_campaign_lost_at_once_in_battle_two_counts_only_battle_twos_losses():
    """Battle 1's 3 Marines lost, 2 Jewels exited and 4 Vermites eliminated do not carry into
    battle 2: no Marine entering by Turn 1's Marine Action Phase loses it at once (SV-AMB-09),
    and the campaign scores battle 1's 17 VP + 0."""
    state = battle_one_at_its_end()
    seen = played(state)
    assert records([seen[-1][0]]) == [
        (("Campaign over: battle 2 ended (Instant Loss): no VP reckoning: battle 1 17 VP + "
          "battle 2 0 VP = 17: Loss"), "Space Vermin §Q-3", "result",
         ("SV-CAMP-06", "SV-CAMP-07", "SV-END-03", "SV-AMB-09"), INSTANT_LOSS_WHY,
         {"outcome": "Loss"})]
    assert seen[-1][1] == ("Marine Action", 1, "beta", 2)
    assert summary(state) == {
        "outcome": "Loss", "scenario": "campaign",
        "reason": "battle 2 Instant Loss (Instant Loss); campaign VP 17", "turns": 1,
        "jewels_exited": 0, "marines_lost": 0, "vp": 17, "escaped_vermites": 0, "escaped_vp": 0,
        "eliminated_vermites": 0, "campaign_vp_1": 17}


@pytest.mark.rule("SV-AMB-21", "SV-CAMP-02", "SV-CAMP-04")
def test_variant_only_the_jewel_lying_in_a_hex_is_recorded_and_handed_to_the_high_queen():
    state = battle_one_at_its_end(variants=[LYING_ONLY])
    seen = played(state, variants=[LYING_ONLY],
                  until=lambda e: e.kind == "info" and "Crown Jewel(s) from battle 1" in e.message)
    record = next(e for e, _ in seen if e.message.startswith("Campaign battle 1"))
    assert records([record]) == [
        (("Campaign battle 1 over (the Event Cup is empty): 2 Jewels exited (+20 VP), 3 Marines "
          "lost (-3 VP): 17 VP; 1 Jewel still on the map"), "Space Vermin §Q-3", "result",
         ("SV-CAMP-02", "SV-CAMP-03", "SV-AMB-21"),
         "variant campaign_counts_lying_jewels_only (other reading of SV-AMB-21)", {})]
    assert records([seen[-1][0]]) == [carries("High Queen", 1)]
    assert queen_jewels(state) == [1, 0, 0] and state.campaign_jewels_recorded == 1


@pytest.mark.rule("SV-CAMP-06", "SV-CAMP-07", "SV-S2-25", "SV-S2-26", "SV-S2-27")
def test_the_campaign_result_adds_battle_twos_vp_to_battle_ones_and_names_the_campaign_level():
    """Battle 2 ends with the cup empty at +5 VP (4 eliminated +8, the Child Queen escaped -2,
    one Marine lost -1): 40 + 5 = 45, a campaign Minor (its own table; battle 2 alone: Loss)."""
    state = mid_game({"Squad 1": 566, "Soldier #1": 111}, "beta", scenario="campaign",
                     campaign_stage=2, campaign_vp_1=40, marines_lost=1)
    for uid in ("Soldier #3", "Soldier #5", "Soldier #9", "Drone #4"):
        state.unit(uid).status = "eliminated"
    state.unit("Child Queen").status = "escaped"
    seen = played(state)
    assert next(e.message for e, _ in seen if e.kind in ("turn", "phase")) == "Turn 1"
    assert records([seen[-1][0]]) == [
        (("Campaign over: battle 2 ended (the Event Cup is empty): 4 Vermites eliminated "
          "(+8 VP), 1 Vermite escaped (-2 VP), 1 Marine lost (-1 VP): 5 VP: battle 1 40 VP + "
          "battle 2 5 VP = 45: Minor"), "Space Vermin §Q-3", "result", ("SV-CAMP-06", "SV-CAMP-07"), "",
         {"outcome": "Minor"})]
    assert (state.vp, state.result, state.outcome_detail) == (
        45, "Minor", "battle 2 Loss (the Event Cup is empty); campaign VP 45")
    assert sum(e.kind == "result" for e, _ in seen) == 1  # one result: no third battle


@pytest.mark.rule("SV-CAMP-03", "SV-CAMP-06", "SV-CAMP-07")
def test_the_campaign_is_scored_with_the_games_own_data():
    """With 5 VP a Jewel (not 10) and 3 VP a Vermite eliminated (not 2), battle 1 scores
    2 x 5 - 3 = 7 and battle 2's 4 eliminated +12: the VP are read from the data in play."""
    data = load_game_data({"scenarios:campaign.jewel_exited_vp": 5,
                           "scenarios:great_migration.vp.eliminated_vermite": 3})
    first = battle_one_at_its_end()
    seen = played(first, data=data,
                  until=lambda e: e.message.startswith("Campaign battle 1 over"))
    assert seen[-1][0].message.endswith("2 Jewels exited (+10 VP), 3 Marines lost (-3 VP): 7 VP; "
                                        "2 Jewels still on the map")
    assert first.campaign_vp_1 == 7
    second = mid_game({"Squad 1": 566, "Soldier #1": 111}, "beta", scenario="campaign",
                      campaign_stage=2, campaign_vp_1=7)
    for uid in ("Soldier #3", "Soldier #5", "Soldier #9", "Drone #4"):
        second.unit(uid).status = "eliminated"
    seen = played(second, data=data)
    assert seen[-1][0].message == (
        "Campaign over: battle 2 ended (the Event Cup is empty): 4 Vermites eliminated (+12 VP), "
        "0 Vermites escaped (+0 VP), 0 Marines lost (+0 VP): 12 VP: battle 1 7 VP + battle 2 "
        "12 VP = 19: Loss")
    assert (second.vp, second.outcome_detail) == (
        19, "battle 2 Loss (the Event Cup is empty); campaign VP 19")


@pytest.mark.rule("SV-SETUP-01", "SV-SETUP-03", "SV-SETUP-04", "SV-CAMP-04")
def test_a_campaign_resumed_in_battle_twos_set_up_hands_the_queens_the_recorded_jewels():
    state = new_state(DATA, "campaign")
    state.map, state.campaign_stage, state.campaign_jewels_recorded = "beta", 2, 4
    seen = played(state, until=lambda e: e.kind == "turn")
    assert records([seen[0][0]]) == [
        ("Set-up: campaign", "Space Vermin §C-1", "phase",
         ("SV-SETUP-01", "SV-SETUP-03", "SV-SETUP-04"), "", {})]
    assert records(e for e, _ in seen[-4:-1]) == [
        carries("High Queen", 2), carries("Sister Queen", 1), carries("Child Queen", 1)]
    assert queen_jewels(state) == [2, 1, 1] and state.jewels_in_play == 4


@pytest.mark.rule("SV-SETUP-01", "SV-S2-03")
def test_a_great_migration_sets_up_with_no_jewels_whatever_a_campaign_would_have_recorded():
    state = new_state(DATA, "great_migration")
    state.campaign_jewels_recorded = 3  # not a Campaign: never read
    seen = played(state, until=lambda e: e.kind == "turn")
    assert [(e.message, e.rule) for e, _ in seen[:2]] == [
        ("Set-up: great_migration", "Space Vermin §C-1"),
        ("Soldier #17 is placed on Entry hex 1 (111)", "Space Vermin §Q-2-a")]
    assert queen_jewels(state) == [0, 0, 0] and state.jewels_in_play == 0
    assert not any("Crown Jewel(s) from battle 1" in e.message for e, _ in seen)


@pytest.mark.rule("SV-SETUP-01", "SV-S1-02")
def test_the_family_jewels_sets_up_mapzone_alpha_its_nests_and_jewels():
    state = new_state(DATA, "family_jewels")
    seen = played(state, until=lambda e: e.kind == "turn")
    assert [(e.message, e.rule, when) for e, when in seen[:2]] == [
        ("Set-up: family_jewels", "Space Vermin §C-1", ("Set-Up", 1, "alpha", 0)),
        ("Set-up die 4: the High Queen and 1 Crown Jewel in Nest 2, the Sister Queen in Nest 1",
         "Space Vermin §Q-1-a", ("Set-Up", 1, "alpha", 0))]
    assert seen[-1][1] == ("Vermite Action", 1, "alpha", 0)


@pytest.mark.rule("SV-END-03", "SV-AMB-09")
def test_a_great_migration_lost_at_once_marks_the_default_reading_of_amb_09():
    state = mid_game({"Soldier #1": 511}, "beta", scenario="great_migration",
                     chits=("Quiet Night", "Fog Bank"), marines_entered=False, marines_lost=2)
    seen = played(state)
    assert records([seen[-1][0]]) == [
        ("Game over (Instant Loss): Instant Loss", "Space Vermin §N / §Q-2-g", "result",
         ("SV-END-03", "SV-AMB-09"), INSTANT_LOSS_WHY, {"outcome": "Instant Loss"})]
    assert (state.result, state.outcome_detail, state.vp) == ("Instant Loss", "Instant Loss", -2)


@pytest.mark.rule("SV-END-03")
def test_a_family_jewels_lost_at_once_assumes_nothing():
    state = mid_game({"Squad 1": 315, "Soldier #1": 252, "Soldier #3": 252}, marines_lost=2)
    state.unit("Squad 1").status = "eliminated"  # no Marine on the map: lost at the first event
    seen = played(state)
    assert records([seen[-1][0]]) == [
        ("Game over (Instant Loss): Instant Loss", "Space Vermin §N / §Q-1-d", "result",
         ("SV-END-03",), "", {"outcome": "Instant Loss"})]
    assert (state.result, state.outcome_detail, state.vp) == ("Instant Loss", "Instant Loss", 0)


@pytest.mark.rule("SV-END-02", "SV-SEQ-09", "SV-S2-25", "SV-S2-26", "SV-S2-28")
def test_a_great_migration_ending_with_the_cup_empty_is_scored_by_its_vp():
    state = mid_game({"Squad 1": 566, "Soldier #1": 111}, "beta", scenario="great_migration",
                     marines_lost=1)
    for uid in ("Soldier #3", "Soldier #5"):
        state.unit(uid).status = "eliminated"
    seen = played(state)
    assert records([seen[-1][0]]) == [
        (("Game over (the Event Cup is empty): 2 Vermites eliminated (+4 VP), 0 Vermites "
          "escaped (+0 VP), 1 Marine lost (-1 VP): 3 VP: Loss"), "Space Vermin §N / §Q-2-g", "result",
         ("SV-END-02", "SV-SEQ-09", "SV-S2-25", "SV-S2-26", "SV-S2-27", "SV-S2-28"), "",
         {"outcome": "Loss"})]
    assert (state.result, state.outcome_detail, state.vp) == ("Loss", CUP_EMPTY, 3)

"""The result line's reckoning (§N, §Q-1-d, §Q-2-g): how a battle's level was reached, worded with
the counts it used, and the rule and catalogue IDs a battle's end cites (DESIGN principle 3)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.turn import _victory_ids, _victory_rule, reckoning
from rules_lib.games.space_vermin.victory import INSTANT_LOSS, INSTANT_VICTORY, ONLY_DRONES

from .sv_helpers import DATA, table

CUP_EMPTY = "the Event Cup is empty"


@pytest.mark.rule("SV-S1-20", "SV-END-03")
def test_an_instant_end_has_no_reckoning():
    state = table({"Squad 1": 315}, jewels_exited=2, marines_lost=7)
    assert reckoning(DATA, state, INSTANT_VICTORY) == reckoning(DATA, state, INSTANT_LOSS) == ""


@pytest.mark.rule("SV-S1-21", "SV-S1-22")
def test_one_jewel_and_one_marine_lost_are_counted_in_the_singular_without_a_reduction():
    state = table({"Squad 1": 315}, jewels_exited=1, marines_lost=1)
    assert reckoning(DATA, state, CUP_EMPTY) == "1 Crown Jewel off the map: Draw; 1 Marine lost: "


@pytest.mark.rule("SV-S1-22")
def test_the_reduction_for_heavy_losses_is_worded_from_the_scenario_data():
    data = load_game_data({"scenarios:family_jewels.marine_losses_reduce.by": 2})
    state = table({"Squad 1": 315}, jewels_exited=2, marines_lost=7)
    assert reckoning(data, state, CUP_EMPTY) == (
        "2 Crown Jewels off the map: Minor; 7 Marines lost, more than 6: 2 levels lower: ")


@pytest.mark.rule("SV-S2-25", "SV-S2-26", "SV-S2-28")
def test_a_migration_reckoning_counts_only_vermites_as_eliminated_or_escaped():
    state = table({"Squad 1": 566}, "beta", marines_lost=1)
    state.unit("Soldier #1").status = "escaped"
    state.unit("Soldier #3").status = "eliminated"
    state.unit("Squad 2").status = "eliminated"  # a Marine: counted as lost, not as a Vermite
    assert reckoning(DATA, state, CUP_EMPTY) == (
        "1 Vermite eliminated (+2 VP), 1 Vermite escaped (-1 VP), 1 Marine lost (-1 VP): 0 VP: ")


@pytest.mark.rule("SV-END-02", "SV-END-03", "SV-S1-20", "SV-S2-18", "SV-AMB-09")
def test_each_way_a_battle_ends_cites_its_own_rules():
    alpha, beta = table({}), table({}, "beta")
    assert (_victory_rule(alpha), _victory_rule(beta)) == (
        "Space Vermin §N / §Q-1-d", "Space Vermin §N / §Q-2-g")
    assert _victory_ids(alpha, INSTANT_LOSS) == ("SV-END-03",)
    assert _victory_ids(beta, INSTANT_LOSS) == ("SV-END-03", "SV-AMB-09")
    assert _victory_ids(alpha, INSTANT_VICTORY) == ("SV-S1-20",)
    assert _victory_ids(alpha, CUP_EMPTY) == ("SV-END-02", "SV-SEQ-09", "SV-S1-21", "SV-S1-22")
    assert _victory_ids(alpha, ONLY_DRONES) == ("SV-END-02", "SV-SEQ-09", "SV-S1-21", "SV-S1-22")
    assert _victory_ids(beta, ONLY_DRONES) == ("SV-S2-18", "SV-S2-25", "SV-S2-26", "SV-S2-27",
                                               "SV-S2-28")
    assert _victory_ids(beta, CUP_EMPTY) == ("SV-END-02", "SV-SEQ-09", "SV-S2-25", "SV-S2-26",
                                             "SV-S2-27", "SV-S2-28")


@pytest.mark.rule("SV-S1-21", "SV-S1-22")
def test_the_level_the_jewels_set_is_named_before_any_reduction_for_losses():
    data = load_game_data({"scenarios:family_jewels.marine_losses_reduce.more_than": 0})
    state = table({"Squad 1": 315}, jewels_exited=2, marines_lost=1)
    assert reckoning(data, state, CUP_EMPTY) == (
        "2 Crown Jewels off the map: Minor; 1 Marine lost, more than 0: one level lower: ")

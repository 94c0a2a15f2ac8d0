"""What Marine weapons may touch (§J's Important Note, §Q-2-d), position by position: a Vermite in a
Nest and an Escorted Queen are never targets, everything else on the map is; asked through the
Marine's actions (``legal_actions`` offers Full Fire only with a target) and through ``targets``."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.actions import legal_actions
from rules_lib.games.space_vermin.fire_actions import FULL_FIRE
from rules_lib.games.space_vermin.targets import targetable_vermites

from .sv_helpers import ALPHA, BETA, DATA, table, targetable


def targets(smap, state):
    """The ids of the Vermites the game lets Marine weapons target."""
    return [v.id for v, _ in targetable_vermites(DATA, smap, state)]


def may_fire(state, smap, marine):
    return FULL_FIRE in legal_actions(DATA, smap, state, marine)


def escorted_high_queen(placements):
    """A Beta table with the High Queen and her Escort (Ultra-Mite #6) in 665, plus ``placements``.
    """
    state = table({"High Queen": "665", "Ultra-Mite #6": "665", **placements}, "beta")
    state.unit("Ultra-Mite #6").escort_of = "High Queen"
    return state


# -- through the Marine's actions (``can_fire`` asks ``targetable_vermites``) ----------------------


@pytest.mark.rule("SV-MCOMB-02", "SV-MCOMB-01")
def test_a_vermite_in_a_nest_next_to_a_marine_gives_it_nothing_to_fire_at():
    state = table({"Soldier #1": "Nest 1", "Squad 1": "u4.15"})
    assert not may_fire(state, ALPHA, "Squad 1")


@pytest.mark.rule("SV-MCOMB-02")
def test_a_vermite_in_a_nest_does_not_hide_the_targets_after_it():
    # Drone #4 (in the Nest) comes before Soldier #1 (next to the Squad) in unit order
    state = table({"Drone #4": "Nest 1", "Soldier #1": "335", "Squad 1": "334"})
    assert may_fire(state, ALPHA, "Squad 1")


@pytest.mark.rule("SV-MCOMB-02", "SV-PIST-02")
def test_an_unescorted_queen_next_to_a_marine_is_a_target():
    state = table({"Sister Queen": "512", "Logistics": "511"}, "beta")
    assert may_fire(state, BETA, "Logistics")


@pytest.mark.rule("SV-MCOMB-02", "SV-PIST-02")
def test_an_unescorted_queen_stays_a_target_while_another_queen_is_escorted():
    # the Escorted High Queen (665) is out of the pistol's reach; the Sister Queen is next to it
    state = escorted_high_queen({"Sister Queen": "512", "Logistics": "511"})
    assert may_fire(state, BETA, "Logistics")


@pytest.mark.rule("SV-MCOMB-02", "SV-PIST-02")
def test_an_escorted_queen_on_the_map_leaves_the_other_vermites_targets():
    state = escorted_high_queen({"Soldier #1": "512", "Logistics": "511"})
    assert may_fire(state, BETA, "Logistics")


# -- the lists themselves ------------------------------------------------------------------------


@pytest.mark.rule("SV-MCOMB-02")
def test_the_targetable_vermites_leave_out_an_escorted_queen_but_not_her_escort():
    state = escorted_high_queen({"Sister Queen": "512"})
    found = [(v.id, BETA.label(h)) for v, h in targetable_vermites(DATA, BETA, state)]
    assert found == [("Ultra-Mite #6", "665"), ("Sister Queen", "512")]


@pytest.mark.rule("SV-MCOMB-02")
def test_a_vermite_in_a_nest_is_no_target_but_one_beside_the_nest_is():
    state = table({"Soldier #1": "Nest 1", "Ultra-Mite #2": "334"})
    assert targets(ALPHA, state) == ["Ultra-Mite #2"]


@pytest.mark.rule("SV-MCOMB-02", "SV-S2-15")
def test_an_escorted_queen_is_no_target_and_her_escort_is():
    state = escorted_high_queen({})
    assert targets(BETA, state) == ["Ultra-Mite #6"]


@pytest.mark.rule("SV-MCOMB-02")
def test_an_unescorted_queen_above_ground_is_a_target():
    state = table({"Sister Queen": "512"}, "beta")
    assert targets(BETA, state) == ["Sister Queen"]


@pytest.mark.rule("SV-MCOMB-02")
def test_an_escort_in_another_hex_does_not_shield_its_queen():
    state = escorted_high_queen({})
    state.unit("Ultra-Mite #6").hex = "664"
    assert targets(BETA, state) == ["Ultra-Mite #6", "High Queen"]  # (unit order)


@pytest.mark.rule("SV-MCOMB-02")
def test_marines_and_vermites_off_the_map_are_no_targets():
    state = table({"Squad 1": "334"})
    assert state.unit("Soldier #1").status != "map"
    assert targets(ALPHA, state) == []


@pytest.mark.rule("SV-MCOMB-02")
def test_the_targets_agree_with_the_rule_written_one_unit_at_a_time():
    state = escorted_high_queen({"Sister Queen": "512", "Soldier #1": "521"})
    listed = {v.id for v, _ in targetable_vermites(DATA, BETA, state)}
    assert listed == {"Ultra-Mite #6", "Sister Queen", "Soldier #1"}
    assert {u.id for u in state.units if targetable(DATA, BETA, state, u)} == listed

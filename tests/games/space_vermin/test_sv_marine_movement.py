"""Marine movement (§I-1, §I-3, §J-3): the MA a move may spend, the MP a move records, and the
reach asked from another hex, through the Full Move and the reach the explorer shows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin import views
from rules_lib.games.space_vermin.actions import legal_actions, marine_action
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.movement import (
    marine_move_costs,
    marine_reach,
    marine_reach_half,
    mp_words,
    reach_labels,
)

from .sv_helpers import ALPHA, DATA, dice, first_decision, run, table

ROAD = ALPHA.mdata.roads[0]  # 122 - 132 - 162 - 216 ...: 1/2 MP a step for a Marine (§P-1-e)


def offered_costs(state, unit_id, **kw):
    """{hex label: MP} the Full Move decision offers."""
    decision = first_decision(full_move(state, dice(), unit_id, **kw))
    return {k: Fraction(v) for k, v in decision.data["costs"].items()}


@pytest.mark.rule("SV-ANT-02")
def test_an_unlimbered_ant_gun_cannot_move_even_where_its_unlimbered_side_shows_an_ma():
    # a designer's counter art giving the Unlimbered side MA 2: the rule, not the number, stops it
    data = load_game_data({"counters:marines.ant_gun.unlimbered.ma": 2})
    state = table({"A.N.T. Gun": 411})
    gun = state.unit("A.N.T. Gun")
    gun.limbered = False
    assert views.movement_reach(state, "A.N.T. Gun", data) == {"411": 0}
    gun.limbered = True
    assert len(views.movement_reach(state, "A.N.T. Gun", data)) > 1  # Limbered, it moves


@pytest.mark.rule("SV-FIRE-02")
def test_shoot_and_scoot_halves_the_ma_after_the_nat_marker_rounding_down():
    # a Squad (MA 4) with a NAT marker has MA 3 (§J-7): Shoot and Scoot moves 1 MP, not 1 1/2
    state = table({"Squad 1": ROAD[0], "Soldier #1": 111})
    state.unit("Squad 1").nat = "tainted"
    assert act.SHOOT_AND_SCOOT in legal_actions(DATA, ALPHA, state, "Squad 1")
    proc = marine_action(state, dice(), "Squad 1", act.SHOOT_AND_SCOOT)
    assert first_decision(proc).kind == "scoot_order"
    costs = {k: Fraction(v) for k, v in proc.send("move then fire").data["costs"].items()}
    assert max(costs.values()) == 1 and ROAD[2] in costs  # two road steps: 1 MP
    assert ROAD[3] not in costs  # three road steps: 1 1/2 MP, more than half of 3
    full = table({"Squad 1": ROAD[0]})
    full.unit("Squad 1").nat = "tainted"
    assert offered_costs(full, "Squad 1")[ROAD[3]] == Fraction(3, 2)  # a Full Move reaches it


@pytest.mark.rule("SV-MMOV-01", "SV-TERR-07")
@pytest.mark.parametrize("dest, mp", [(ROAD[1], "1/2"), ("121", "1"), (ROAD[3], "3/2"),
                                      ("116", "2")])
def test_a_full_move_records_the_mp_it_spent(dest, mp):
    state = table({"Squad 1": ROAD[0]})
    events = run(full_move(state, dice(), "Squad 1"), answers=[dest])
    moved = [e for e in events if e.kind == "move"]
    assert [(e.data["to"], e.data["mp"]) for e in moved] == [(dest, mp)]
    assert state.unit("Squad 1").hex == dest


@pytest.mark.rule("SV-MMOV-01", "SV-MMOV-03")
def test_the_reach_from_another_hex_is_the_reach_of_the_marine_standing_there():
    # a move that goes on from a hex the Marine is not on yet (a Recovery Vehicle after loading a
    # Jewel, a Marine marching on from its entry hex): its own hex is no obstacle
    away = table({"Squad 1": 411, "Squad 2": 316})
    there = table({"Squad 1": 315, "Squad 2": 316})
    expected = offered_costs(there, "Squad 1")
    assert offered_costs(away, "Squad 1", start="315") == expected
    assert offered_costs(away, "Squad 1") != expected
    reach = marine_reach(DATA, ALPHA, away, "Squad 1", start="315")
    assert {ALPHA.label(h): info.cost for h, info in reach.items()} == expected
    half = marine_reach_half(DATA, ALPHA, away, "Squad 1", start="315")
    assert {ALPHA.label(h): Fraction(info.cost, 2) for h, info in half.items()} == expected
    costs = marine_move_costs(DATA, ALPHA, away, "Squad 1", start="315")
    assert {ALPHA.label(h): Fraction(c, 2) for h, c in costs.items()} == expected


@pytest.mark.rule("SV-MMOV-02", "SV-TERR-07")
def test_the_reach_by_hex_label_gives_the_mp_of_the_cheapest_move_there():
    state = table({"Squad 1": 315})
    labels = reach_labels(ALPHA, marine_reach(DATA, ALPHA, state, "Squad 1"))
    assert labels["315"] == 0 and labels["252"] == Fraction(1, 2)  # along the Road: 1/2 MP
    assert labels == offered_costs(state, "Squad 1")


@pytest.mark.rule("SV-MMOV-02", "SV-TERR-07")
def test_the_reach_writes_whole_mp_as_whole_numbers_and_halves_as_fractions():
    reach = views.movement_reach(table({"Squad 1": ROAD[0]}), "Squad 1")
    assert repr({k: reach[k] for k in (ROAD[0], ROAD[1], ROAD[2], ROAD[3])}) == (
        f"{{'{ROAD[0]}': 0, '{ROAD[1]}': Fraction(1, 2), '{ROAD[2]}': 1, "
        f"'{ROAD[3]}': Fraction(3, 2)}}")
    assert all(type(mp) is int for mp in reach.values() if mp == int(mp))


@pytest.mark.rule("SV-TERR-07")
@pytest.mark.parametrize(("mp", "words"), [(4, "4"), (Fraction(9, 2), "4½"), (Fraction(1, 2), "½"),
                                           (Fraction(3), "3")])
def test_a_move_s_mp_are_written_as_a_wargamer_writes_them_with_road_halves(mp, words):
    """A Road step costs ½ MP (§P): a Full Move's log line says 4½ MP, not 9/2."""
    mp_words.cache_clear()
    assert mp_words(mp) == words

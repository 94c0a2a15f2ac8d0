"""Log lines a learner checks against the rulebook. The result line says how the level was
reached: the Jewels off the map and the more-than-six-lost reduction (§Q-1-d), the Victory Points
of The Great Migration (§Q-2-g) and of each Campaign battle (§Q-3). A move line gives half MPs as
4½ (§P-1-e) and says when a unit stays put. A Special Action's die roll says what it needed
(§I-4)."""

from __future__ import annotations

import re

import pytest

from rules_lib.games.space_vermin import new_game
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.special_actions import rally, recon, request_reinforcements

from .sv_helpers import dice, run, table, texts
from .test_sv_victory import mid_game, play_out


def result_line(game) -> str:
    line = game.log[-1]
    assert line.kind == "result"
    return line.message


@pytest.mark.rule("SV-S1-21", "SV-S1-22")
def test_a_family_jewels_result_names_the_jewels_and_the_reduction_for_more_than_six_lost():
    game = play_out(mid_game({"Squad 1": 315}, jewels_exited=2, marines_lost=7))
    assert result_line(game) == ("Game over (the Event Cup is empty): 2 Crown Jewels off the map: "
                                 "Minor; 7 Marines lost, more than 6: one level lower: Draw")


@pytest.mark.rule("SV-S1-21", "SV-S1-22")
def test_six_marines_lost_leave_the_level_as_the_jewels_set_it():
    game = play_out(mid_game({"Squad 1": 315}, jewels_exited=1, marines_lost=6))
    assert result_line(game) == ("Game over (the Event Cup is empty): 1 Crown Jewel off the map: "
                                 "Draw; 6 Marines lost: Draw")


@pytest.mark.rule("SV-S2-22", "SV-S2-23", "SV-S2-25", "SV-S2-26", "SV-S2-28")
def test_a_migration_result_adds_up_its_victory_points():
    state = mid_game({"Squad 1": 566}, "beta", scenario="great_migration", marines_lost=2)
    state.marines_entered = True
    for uid in ("High Queen", "Soldier #1"):
        state.unit(uid).status = "escaped"
    for uid in ("Soldier #3", "Soldier #5", "Ultra-Mite #2"):
        state.unit(uid).status = "eliminated"
    game = play_out(state)
    assert result_line(game).endswith(
        "3 Vermites eliminated (+6 VP), 2 Vermites escaped (-5 VP), 2 Marines lost (-2 VP): "
        "-1 VP: Loss")
    assert game.state.vp == -1


@pytest.mark.rule("SV-CAMP-02", "SV-CAMP-06")
def test_the_campaign_lines_show_each_battles_victory_points_and_they_add_up():
    game = new_game("campaign", seed=2, keep_log=True)
    game.run_to_end()
    first, last = [e.message for e in game.log if e.kind == "result"]
    jewels, lost, vp1 = map(int, re.search(
        r"battle 1 over \(.*\): (\d+) Jewels? exited \(\+?-?\d+ VP\), (\d+) Marines? lost "
        r"\(-?\d+ VP\): (-?\d+) VP; \d+ Jewels? still on the map$", first).groups())
    assert vp1 == 10 * jewels - lost == game.state.campaign_vp_1
    terms = re.search(r"battle 2 ended \(.*\): \d+ Vermites? eliminated \(([+-]\d+) VP\), "
                      r"\d+ Vermites? escaped \(([+-]\d+) VP\), \d+ Marines? lost "
                      r"\(([+-]\d+) VP\): (-?\d+) VP: battle 1 (-?\d+) VP \+ battle 2 (-?\d+) VP = (-?\d+): ", last)
    gained, escaped, lost2, vp2, again1, again2, total = map(int, terms.groups())
    assert gained + escaped + lost2 == vp2 == again2
    assert again1 == vp1 and vp1 + vp2 == total == game.state.vp


@pytest.mark.rule("SV-MMOV-01", "SV-TERR-07")
def test_a_move_line_writes_half_mps_as_a_wargamer_does_and_a_unit_that_stays_says_so():
    state = table({"Squad 1": 315})
    moved = texts(run(full_move(state, dice(), "Squad 1"), answers=["252"]))
    assert "Squad 1 moves from 315 to 252 (½ MP)" in moved
    state = table({"Squad 1": 315})
    stayed = [e.message for e in run(full_move(state, dice(), "Squad 1"), answers=["315"])
              if e.kind == "move"]
    assert stayed == ["Squad 1 stays in 315"]


@pytest.mark.rule("SV-RALLY-03", "SV-RECON-03", "SV-REQ-02")
def test_a_special_action_roll_says_the_number_it_needed():
    state = table({"HQ 1": 412, "Squad 1": 413, "Soldier #1": 414})
    state.unit("Squad 1").reduced = True
    assert texts(run(rally(state, dice(4), "HQ 1"))) == (
        "Rally (HQ 1): Squad 1 rolls 4 (needs 5+) -> stays Disrupted")
    state = table({"Scout 1": 111, "HQ 1": 666})
    recon_line = [e.message for e in run(recon(state, dice(3), "Scout 1"), answers=["HQ 1"])
                  if e.kind == "roll"]
    assert recon_line == ["Recon by Scout 1 with HQ 1: die 3 +1 (needs 4+) -> success: the "
                          "Successful Recon marker goes by the Event Cup"]
    state = table({"HQ 1": 411})
    assert texts(run(request_reinforcements(state, dice(2), "HQ 1"))) == (
        "HQ 1 requests reinforcements: die 2 (needs 3+) -> refused")

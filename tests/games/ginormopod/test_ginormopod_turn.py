"""The sequence of play: turns and phases, chit draws, Fade Out steps, Fade In, Allies, Victory."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod import new_game
from rules_lib.games.ginormopod.turn import (
    action_phase,
    activate,
    advance_turn,
    fade_in,
    fade_out,
    hold_chits,
)

END = [f"...The End??? {i}" for i in (1, 2, 3)]


@pytest.fixture(scope="module")
def played():
    g = new_game(seed=11)
    g.run_to_end()
    return g


@pytest.mark.rule("GIN-FLOW-01", "GIN-FLOW-02")
def test_each_turn_runs_fade_in_action_fade_out_and_turn_1_skips_fade_in(played):
    log = played.log
    first = [e for e in log if e.turn == 1]
    assert any("skipped on Turn 1" in e.message for e in first)
    for turn in range(1, played.state.turn):
        phases = [e.message.split(":")[0] for e in log if e.turn == turn and e.kind == "phase"
                  and e.phase != "Set-Up"]
        assert phases == ["Fade In", "Action Phase", "Fade Out"]


@pytest.mark.rule("GIN-FLOW-03")
def test_a_game_lasts_at_most_ten_turns_and_ends_with_a_winner():
    for seed in range(5):
        g = new_game(seed=seed, policies={"Swarm": "random", "Human": "random"}, keep_log=False)
        state = g.run_to_end()
        assert state.result in ("Swarm", "Human") and 1 <= state.turn <= 10


@pytest.mark.rule("GIN-FLOW-03", "GIN-AMB-18")  # ten turns, though the Time Tracker shows 9 dates
def test_the_game_goes_on_after_turn_nine_and_ends_after_the_tenth(table_factory):
    table = table_factory(turn=9)
    s = table.state
    drive(fade_out(s, table.ctx([])))  # nothing decided yet: the marker moves to Turn 10
    assert s.result is None and s.turn == 10
    drive(fade_out(s, table.ctx([])))  # end of the tenth (last) turn: the game is over
    assert s.result is not None and s.turn == 10


@pytest.mark.rule("GIN-VIC-02")
def test_humans_win_at_the_end_of_turn_ten_with_two_victory_cities_standing(table_factory):
    table = table_factory(turn=10)
    s = table.state
    s.forts["Atlanta"].strength, s.forts["Atlanta"].destroyed = 0, True
    drive(fade_out(s, table.ctx([])))
    assert s.result == "Human"


@pytest.mark.rule("GIN-FLOW-04")
def test_the_action_phase_draws_until_the_third_the_end(played):
    for turn in range(1, played.state.turn + 1):
        ends = [e for e in played.log if e.turn == turn and e.kind == "chit"
                and e.message.startswith("Drawn: ...The End???")]
        assert len(ends) <= 3
    assert sum(1 for e in played.log if e.turn == 1 and e.kind == "chit"
               and e.message.startswith("Drawn: ...The End???")) == 3
    for turn in range(1, played.state.turn + 1):  # nothing is drawn after the third one
        drawn = [e.message for e in played.log if e.turn == turn and e.kind == "chit"
                 and e.message.startswith("Drawn: ")]
        ends = [i for i, m in enumerate(drawn) if m.startswith("Drawn: ...The End???")]
        if len(ends) == 3:
            assert ends[-1] == len(drawn) - 1


@pytest.mark.rule("GIN-OVER-06", "GIN-FLOW-05")
def test_an_activation_chit_moves_only_its_formations_units(table):
    s = table.place("Des Moines", "Ant Y1")
    table.place("Minneapolis", "Ant X1")
    events = drive(activate(s, table.ctx(), "Swarm", "Y", "Swarm Y"), answers=["Minneapolis"])
    asked = [e.message for e in events if e.kind == "decision" and e.data["decision"] == "move"]
    assert len(asked) == 1 and "Ant Y1" in asked[0]  # Ant X1 (Formation X) is not asked
    assert table.where("Ant Y1") == "Minneapolis" and table.where("Ant X1") == "Minneapolis"
    assert "Y" in s.activated


@pytest.mark.rule("GIN-COMB-01")
def test_the_acting_player_chooses_the_order_of_combats(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    table.place("Des Moines", "Ant X2", "Tank A2")
    # the acting player picks Minneapolis first (not the alphabetical / first offered order)
    events = drive(activate(s, table.ctx([1] * 8), "Swarm", "X", "Swarm X"),
                   answers=["stay", "stay", "Minneapolis"])
    asked = [e for e in events if e.kind == "decision" and e.data["decision"] == "combat_order"]
    assert len(asked) == 1
    combats = [e.data["city"] for e in events if e.kind == "combat" and "city" in e.data]
    assert combats == ["Minneapolis", "Des Moines"]


@pytest.mark.rule("GIN-FOUT-01")
def test_fade_out_steps_run_in_order(played):
    steps = []
    start = next(i for i, e in enumerate(played.log) if e.phase == "Fade Out")
    for e in played.log[start:]:
        if e.kind == "turn":
            break
        if e.step and e.step not in steps:
            steps.append(e.step)
    assert steps == ["Chits", "Roll For Danger", "Check For Victory", "Advance the Game Turn"]


@pytest.mark.rule("GIN-FOUT-02", "GIN-FOUT-03")
def test_each_side_may_hold_one_unactivated_chit_the_rest_return_to_the_cup(table):
    s = table.state
    s.activated = ["X"]
    s.cup = ["Human B", "Swarm Y", "Swarm Z"]
    s.drawn = ["Swarm X", "Wasp", *END]
    drive(hold_chits(s, table.ctx()), answers=["Swarm Z", "Human B"])
    assert s.held == {"Swarm": "Swarm Z", "Human": "Human B"}
    assert sorted(s.cup) == sorted(["Swarm Y", "Swarm X", "Wasp", *END]) and s.drawn == []


@pytest.mark.rule("GIN-FOUT-02")
def test_nobody_holds_a_chit_if_no_formation_was_activated(table):
    s = table.state
    s.cup, s.drawn = ["Human B", "Swarm Y"], ["Wasp", *END]
    events = drive(hold_chits(s, table.ctx()))
    assert s.held == {"Swarm": "", "Human": ""}
    assert not any(e.kind == "decision" for e in events)


@pytest.mark.rule("GIN-FOUT-04", "GIN-EX-01")
def test_swarm_units_on_the_new_turn_space_are_handed_back(table_factory):
    table = table_factory(turn=6)
    s = table.state
    u = s.unit("Ant X1")
    u.pool, u.track_turn = "track", 7
    drive(advance_turn(s, table.ctx()))
    assert s.turn == 7 and u.pool == "returning"
    drive(fade_in(s, table.ctx()))
    assert table.where("Ant X1") == "Minneapolis"  # the Hive of Formation X


@pytest.mark.rule("GIN-FOUT-05", "GIN-ALLY-01")
def test_advancing_to_turn_6_adds_the_allied_chits_to_the_cup():
    g = new_game(seed=3)
    g.next_phase()  # the real Set-Up puts the chits on the Turn Track
    while g.state.phase == "Set-Up":
        g.step_event()
    s = g.state
    allied = {"Canadian Kingdom", "French", "Latin Coalition"}
    ctx = g.ctx
    s.turn = 4
    drive(advance_turn(s, ctx))  # to Turn 5: not yet
    assert s.turn == 5 and not allied & set(s.cup)
    drive(advance_turn(s, ctx))  # to Turn 6
    assert s.turn == 6 and allied <= set(s.cup)


@pytest.mark.rule("GIN-FIN-01", "GIN-FIN-02", "GIN-FIN-03")
def test_returning_units_go_to_free_hives_of_their_formation_or_wait_a_turn(table_factory):
    table = table_factory(turn=4)
    s = table.state
    for uid in ("Ant X1", "Ant Y1"):
        s.unit(uid).pool = "returning"
    table.place("Des Moines", "Tank B1")  # Human unit in the Y Hive
    drive(fade_in(s, table.ctx()))
    assert table.where("Ant X1") == "Minneapolis"
    assert s.unit("Ant Y1").pool == "track" and s.unit("Ant Y1").track_turn == 5


@pytest.mark.rule("GIN-FIN-01", "GIN-FIN-04", "GIN-FIN-05")
def test_held_chits_activate_swarm_first_then_humans(table_factory):
    table = table_factory(turn=3)
    s = table.state
    s.held = {"Swarm": "Swarm Z", "Human": "Human C"}
    events = drive(fade_in(s, table.ctx()))
    order = [e.data["formation"] for e in events if e.kind == "step" and "formation" in e.data]
    assert order == ["Z", "C"] and s.held == {"Swarm": "", "Human": ""}
    assert "Swarm Z" not in s.cup and "Swarm Z" in s.drawn  # out until Fade Out (GIN-AMB-09)


@pytest.mark.rule("GIN-ALLY-02", "GIN-ALLY-03", "GIN-ALLY-04")
def test_the_first_foreign_chit_drawn_comes_to_the_rescue_the_others_are_removed(table_factory):
    table = table_factory(turn=6)
    s = table.state
    s.cup = ["French", "Canadian Kingdom", *END]
    drive(action_phase(s, table.ctx([1, 1, 1, 1, 1])))
    assert s.allied_arriving == "French" and s.removed_chits == ["Canadian Kingdom"]
    table.place("New York City", "Ant X1")  # the Swarm holds one flag City
    drive(fade_out(s, table.ctx([])), answers=["Richmond", "Raleigh", "Raleigh"])
    assert s.allied == "French" and {"French", "French FX"} <= set(s.cup)
    french = [u for u in s.units if u.formation == "French"]
    assert french and all(u.pool == "map" for u in french)  # every French unit arrived
    assert {u.loc for u in french} <= {"Richmond", "Raleigh"}  # never in Swarm-held NYC

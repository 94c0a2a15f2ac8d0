"""A Marine's Full Move (§I-1) and a Recovery Vehicle's Jewel run (§J-6, §Q-1-c), event by event and
decision by decision: the options and their MP, the move line, loading a Crown Jewel and leaving
the map (DESIGN principles 3 and 8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.full_move import RV_EXIT_FREE, full_move, move_options

from .sv_helpers import ALPHA, DATA, dice, first_decision, records, run, table

ALPHA_MAP = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
MOVE_IDS = ("SV-MMOV-01", "SV-MMOV-02", "SV-MMOV-05", "SV-MMOV-06")


def decisions(proc, answers):
    """The Decisions a procedure asks, answering each in turn, until the answers run out."""
    asked, answers, to_send = [], list(answers), None
    while True:
        item = proc.send(to_send)
        to_send = None
        if isinstance(item, Decision):
            asked.append(item)
            if not answers:
                return asked
            to_send = answers.pop(0)


def rv_with_jewel(label="122", **fields):
    state = table({"RV 1": label}, **fields)
    state.unit("RV 1").jewels = 1
    return state


@pytest.mark.rule("SV-MMOV-01")
def test_the_move_decision_lists_hexes_cheapest_first_and_staying_put_last():
    state = table({"Squad 1": 315})
    move = first_decision(full_move(state, dice(), "Squad 1", budget=1))
    assert move.options == ["314", "334", "252", "335", "316", "253", "313", "356", "232", "315"]
    assert move.data == {"unit": "Squad 1", "costs": {
        "315": "0", "314": "1/2", "334": "1/2", "252": "1/2", "335": "1", "316": "1", "253": "1",
        "313": "1", "356": "1", "232": "1"}}
    assert move.rule == "Space Vermin §I-1"


@pytest.mark.rule("SV-MMOV-01", "SV-MMOV-02")
def test_the_move_line_gives_the_mp_spent_and_the_map_it_was_read_from():
    state = table({"Squad 1": 315})
    events = run(full_move(state, dice(), "Squad 1"), answers=["252"])
    assert records(events)[1:] == [
        ("Squad 1 moves from 315 to 252 (½ MP)", "Space Vermin §I-1", "move", MOVE_IDS, ALPHA_MAP,
         {"unit": "Squad 1", "from": "315", "to": "252", "mp": "1/2", "hex": "252"}),
    ]
    assert (state.unit("Squad 1").hex, state.unit("Squad 1").status) == ("252", "map")


@pytest.mark.rule("SV-S1-11", "SV-AMB-19")
def test_an_rv_with_a_jewel_may_exit_when_the_exit_hex_and_the_leaving_mp_fit_its_ma():
    state = rv_with_jewel()
    costs = first_decision(full_move(state, dice(), "RV 1")).data["costs"]
    # leaving costs 1 MP more than reaching the exit hex; the MA is 5: 114 (4 MP) just fits
    assert (costs["116"], costs["exit via 116"]) == ("2", "3")
    assert (costs["114"], costs["exit via 114"]) == ("4", "5")
    assert costs["113"] == "5" and "exit via 113" not in costs


@pytest.mark.rule("SV-S1-11", "SV-AMB-19")
def test_with_two_mp_left_the_rv_reaches_116_but_cannot_pay_to_leave():
    costs = first_decision(full_move(rv_with_jewel(), dice(), "RV 1", budget=2)).data["costs"]
    assert costs["116"] == "2" and not [k for k in costs if k.startswith("exit via")]


@pytest.mark.rule("SV-AMB-19")
def test_with_the_rv_exit_free_reading_leaving_costs_nothing():
    state = rv_with_jewel(variants=[RV_EXIT_FREE])
    costs = first_decision(full_move(state, dice(variants=[RV_EXIT_FREE]), "RV 1",
                                     budget=2)).data["costs"]
    assert costs["exit via 116"] == "2"


@pytest.mark.rule("SV-S1-11")
def test_an_rv_without_a_jewel_is_offered_no_exit():
    costs = first_decision(full_move(table({"RV 1": 122}), dice(), "RV 1")).data["costs"]
    assert costs["116"] == "2" and not [k for k in costs if k.startswith("exit via")]


@pytest.mark.rule("SV-S1-11", "SV-AMB-19")
def test_an_rv_leaving_the_map_goes_to_the_turn_track_without_jewel_or_nat():
    state = rv_with_jewel(turn=6)
    state.jewels_exited = 1
    rv = state.unit("RV 1")
    rv.nat = "tainted"
    events = run(full_move(state, dice(), "RV 1"), answers=["exit via 116"])
    assert records(events)[1:] == [
        ("RV 1 exits the west edge via 116 with a Crown Jewel (leaving costs 1 MP; 2 off the "
         "map); it returns on turn 9", "Space Vermin §Q-1-c", "move", ("SV-S1-11", "SV-AMB-19"),
         "default reading of SV-AMB-19: leaving the map from an edge hex costs MP; the returning "
         "RV enters at the scenario's entry hex",
         {"unit": "RV 1", "values": ["alpha:jewel_exit_hexes", "scenarios:family_jewels.rv_exit_mp"]}),
    ]
    assert (rv.status, rv.hex, rv.jewels, rv.nat, rv.arrival_turn) == ("turn_track", None, 0, "", 9)
    assert state.jewels_exited == 2


@pytest.mark.rule("SV-AMB-19")
def test_an_rv_leaving_for_free_cites_only_the_exit_hexes():
    state = rv_with_jewel(turn=6, variants=[RV_EXIT_FREE])
    events = run(full_move(state, dice(variants=[RV_EXIT_FREE]), "RV 1"),
                 answers=["exit via 116"])
    leave = events[-1]
    assert (leave.data, leave.assumed) == (
        {"unit": "RV 1", "values": ["alpha:jewel_exit_hexes"]},
        "variant rv_exit_free (other reading of SV-AMB-19)")


@pytest.mark.rule("SV-RV-02")
def test_an_rv_entering_a_jewel_hex_with_just_the_load_mp_left_may_load_and_stops():
    state = table({"RV 1": 355}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1", budget=2), answers=["356", "load"])
    load = [e for e in events if e.kind == "decision"][1]
    assert load.data == {"decision": "rv_load", "choice": "load"}
    assert records(events)[-1] == (
        "RV 1 loads a Crown Jewel in 356 (1 MP)", "Space Vermin §J-6", "move", (), "", {})
    assert (state.unit("RV 1").hex, state.unit("RV 1").jewels, state.jewels) == ("356", 1, {"356": 1})


@pytest.mark.rule("SV-RV-02")
def test_an_rv_with_no_mp_left_in_a_jewel_hex_is_not_asked_to_load():
    state = table({"RV 1": 355}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1", budget=1), answers=["356"])
    assert [e.data["decision"] for e in events if e.kind == "decision"] == ["move_to"]
    assert state.unit("RV 1").jewels == 0


@pytest.mark.rule("SV-RV-02")
def test_an_rv_already_carrying_a_jewel_is_not_asked_to_load_another():
    state = rv_with_jewel("355", jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1"), answers=["356"])
    assert [e.data["decision"] for e in events if e.kind == "decision"] == ["move_to"]
    assert state.jewels == {"356": 2}


@pytest.mark.rule("SV-RV-02")
def test_an_rv_that_leaves_the_jewel_ends_its_move_there():
    state = table({"RV 1": 355}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1"), answers=["356", "leave it"])
    assert [e.data["decision"] for e in events if e.kind == "decision"] == ["move_to", "rv_load"]
    assert (state.unit("RV 1").hex, state.unit("RV 1").jewels, state.jewels) == ("356", 0, {"356": 2})


@pytest.mark.rule("SV-RV-02")
def test_loading_on_entering_a_jewel_hex_is_the_rulebook_reading_not_an_assumption():
    state = table({"RV 1": 355}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1", budget=2), answers=["356", "load"])
    assert [e.assumed for e in events if "Crown Jewel" in e.message] == ["", ""]


@pytest.mark.rule("SV-RV-02")
def test_loading_where_the_rv_starts_is_assumed_in_the_question_and_the_load_line():
    state = table({"RV 1": 356}, jewels={"356": 1})
    events = run(full_move(state, dice(), "RV 1"), answers=["356", "load", "u10.8"])
    assert [(e.rule, e.kind, e.assumed) for e in events[2:4]] == [
        ("Space Vermin §J-6", "decision",
         "the text lets an RV load on entering a Jewel hex; loading where it starts its move is "
         "assumed"),
        ("Space Vermin §J-6", "move",
         "loading in the hex where it started its move (the text says on entering)"),
    ]
    # the RV moves on with the MP left, from the Jewel hex
    assert records(events)[-1][5] == {"unit": "RV 1", "from": "356", "to": "u10.8", "mp": "1/2",
                                      "hex": "u10.8"}
    assert state.jewels == {} and state.unit("RV 1").jewels == 1


@pytest.mark.rule("SV-S1-11", "SV-AMB-19")
def test_move_options_without_a_budget_offer_the_exits_the_rvs_ma_reaches():
    state = rv_with_jewel()
    options = move_options(DATA, ALPHA, state, "RV 1")
    assert (options["exit via 114"], options["exit via 116"]) == (5, 3)
    assert options["113"] == 5 and "exit via 113" not in options


@pytest.mark.rule("SV-RV-02", "SV-AMB-19")
def test_after_loading_the_rv_moves_on_under_the_contexts_data_and_the_same_rule():
    data = load_game_data({"scenarios:family_jewels.rv_exit_mp": 2})
    state = table({"RV 1": 116}, jewels={"116": 1})
    proc = full_move(state, Context(dice=ScriptedDice([]), data=data), "RV 1",
                     rule="Space Vermin §I-5")
    events = run(proc, answers=["116", "load"])
    # loading leaves 4 of the MA 5; the second move decision prices leaving at the data's 2 MP
    move_on = [e for e in events if e.kind == "move" and e.rule == "Space Vermin §I-5"]
    assert [e.data["from"] for e in move_on] == ["116", "116"]
    state = table({"RV 1": 116}, jewels={"116": 1})
    proc = full_move(state, Context(dice=ScriptedDice([]), data=data), "RV 1")
    second = decisions(proc, ["116", "load"])[-1]
    assert (second.kind, second.data["costs"]["exit via 116"]) == ("move_to", "2")
    assert "exit via 113" not in second.data["costs"]  # 113 is 3 MP away: 3 + 2 > 4


@pytest.mark.rule("SV-RV-02")
def test_an_rv_with_one_mp_left_after_loading_moves_on_from_the_jewel_hex():
    state = table({"RV 1": 355}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1", budget=3), answers=["356", "load", "u10.8"])
    assert records(events)[-1][5] == {"unit": "RV 1", "from": "356", "to": "u10.8", "mp": "1/2",
                                      "hex": "u10.8"}


@pytest.mark.rule("SV-RV-02", "SV-MMOV-05")
def test_an_rv_loading_where_it_came_next_to_a_vermite_logs_why_its_move_ends():
    state = table({"RV 1": 355, "Soldier #1": 361}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1"), answers=["356", "load"])
    assert records(events)[-1] == ("RV 1 entered 356 next to a Vermite: its move ends there",
                                   "Space Vermin §I-1-b", "info", (), "", {})


@pytest.mark.rule("SV-MMOV-01", "SV-RV-02")
def test_the_move_and_load_questions_go_to_the_marine_player():
    state = table({"RV 1": 355}, jewels={"356": 2})
    move, load = decisions(full_move(state, dice(), "RV 1", budget=2), ["356"])
    assert [(d.player, d.kind, d.rule) for d in (move, load)] == [
        ("Marines", "move_to", "Space Vermin §I-1"), ("Marines", "rv_load", "Space Vermin §J-6")]
    assert (load.options, load.assumed) == (["load", "leave it"], "")


@pytest.mark.rule("SV-MMOV-01")
def test_a_full_move_spends_at_most_the_ma_the_contexts_data_gives():
    data = load_game_data({"counters:marines.recovery_vehicle.full.ma": 3})
    state = rv_with_jewel()
    move = first_decision(full_move(state, Context(dice=ScriptedDice([]), data=data), "RV 1"))
    assert max(Fraction(c) for c in move.data["costs"].values()) == 3
    assert (move.data["costs"]["exit via 116"], "exit via 115" in move.data["costs"]) == ("3", False)


@pytest.mark.rule("SV-S1-11")
def test_move_options_read_the_rvs_ma_from_the_data_given():
    data = load_game_data({"counters:marines.recovery_vehicle.full.ma": 3})
    options = move_options(data, ALPHA, rv_with_jewel(), "RV 1")
    assert max(options.values()) == 3 and options["exit via 116"] == 3
    assert "exit via 115" not in options


@pytest.mark.rule("SV-RV-02")
def test_an_rv_able_to_carry_two_jewels_by_the_data_loads_a_second_one():
    data = load_game_data({"counters:marines.recovery_vehicle.carries_jewels": 2})
    state = rv_with_jewel("355", jewels={"356": 2})
    run(full_move(state, Context(dice=ScriptedDice([]), data=data), "RV 1", budget=2),
        answers=["356", "load"])
    assert (state.unit("RV 1").jewels, state.jewels) == (2, {"356": 1})


@pytest.mark.rule("SV-S1-11", "SV-AMB-19")
def test_move_options_with_two_mp_left_reach_116_but_offer_no_exit():
    options = move_options(DATA, ALPHA, rv_with_jewel(), "RV 1", budget=2)
    assert max(options.values()) == 2 and options["116"] == 2
    assert not [k for k in options if k.startswith("exit via")]

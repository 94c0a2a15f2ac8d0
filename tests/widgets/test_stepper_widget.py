"""PhaseStepper: buttons drive the engine's Game; log rows rewind; decisions offer legal options."""
from __future__ import annotations

from widgets.stepper import PhaseStepper


def stepper(entry, **kwargs) -> PhaseStepper:
    kwargs.setdefault("seed", 3)
    st = PhaseStepper(entry, **kwargs)
    st.show_trivial.value = True  # every event its own row (folding is tested on its own)
    return st


def test_trivial_decisions_are_folded_into_one_row_unless_asked_for(graph_entry):
    st = PhaseStepper(graph_entry, seed=3)
    st.buttons["next_turn"].click()
    passes = [e for e in st.game.log if e.kind == "decision" and e.data["choice"] == "pass"]
    assert passes, "seed 3 should pass a move"
    folded = [r for r in st.log_list.rows if r["i"] < 0]
    assert folded and "trivial decision" in folded[0]["msg"]
    assert all(r["i"] != passes[0].index for r in st.log_list.rows)
    st.show_trivial.value = True
    assert any(r["i"] == passes[0].index for r in st.log_list.rows)


def test_the_rule_has_its_own_column(graph_entry):
    st = stepper(graph_entry)
    st.buttons["next_event"].click()
    row = st.log_list.rows[0]
    assert row["rule"] == "Skirmish §1" and row["msg"] == "Turn 1 begins"


def test_undo_after_next_phase_takes_back_the_whole_phase(graph_entry):
    st = stepper(graph_entry)
    st.buttons["next_phase"].click()
    at = st.game.events_seen
    st.buttons["next_phase"].click()
    assert st.game.events_seen > at + 1
    st.buttons["undo"].click()
    assert st.game.events_seen == at
    st.buttons["undo"].click()
    assert st.game.events_seen == 0


def test_next_event_adds_one_log_row(graph_entry):
    st = stepper(graph_entry)
    st.buttons["next_event"].click()
    assert st.game.events_seen == 1 and len(st.log_list.options) == 1
    assert "Turn 1 begins" in st.log_list.options[0][0]
    assert "Skirmish §1" in st.log_list.options[0][0]


def test_next_phase_stops_when_the_next_phase_begins(graph_entry):
    st = stepper(graph_entry)
    st.buttons["next_phase"].click()
    st.buttons["next_phase"].click()
    assert st.game.log[-1].kind == "phase" and st.state.phase == "Combat"
    assert "Combat" in st.status.value and "re-phase-current" in st.sequence.value


def test_next_turn_stops_when_the_next_turn_begins(graph_entry):
    st = stepper(graph_entry)
    st.buttons["next_turn"].click()
    assert st.game.log[-1].kind == "turn" and st.game.log[-1].message == "Turn 2 begins"
    assert st.state.turn == 2 and "Turn 2" in st.status.value


def test_run_to_end_finishes_and_disables_stepping(graph_entry):
    st = stepper(graph_entry)
    st.buttons["run_to_end"].click()
    assert st.state.result is not None and "Result" in st.status.value
    assert st.buttons["next_step"].disabled and st.buttons["run_to_end"].disabled


def test_undo_takes_back_the_last_event(graph_entry):
    st = stepper(graph_entry)
    for _ in range(5):
        st.buttons["next_event"].click()
    before = st.game.replay_to(4).state.to_json()
    st.buttons["undo"].click()
    assert st.game.events_seen == 4 and st.state.to_json() == before
    assert len(st.log_list.options) == 4


def test_undo_at_the_start_shows_a_problem_not_a_crash(graph_entry):
    st = stepper(graph_entry)
    assert st.buttons["undo"].disabled
    st.buttons["undo"].click()  # disabled in the browser; a programmatic click still must not crash
    assert "nothing to undo" in st.banner.message and st.game.events_seen == 0


def test_clicking_a_log_row_rewinds_to_that_moment_and_keeps_the_future(graph_entry):
    st = stepper(graph_entry)
    st.buttons["next_phase"].click()
    st.buttons["next_phase"].click()
    n = st.head.events_seen
    after_row_2 = st.head.replay_to(3).state.to_json()
    st.log_list.value = 2  # the row of event #2
    assert st.game.events_seen == 3 and st.state.to_json() == after_row_2
    assert st.viewing_history and st.head.events_seen == n
    st.buttons["last"].click()
    assert st.game is st.head and not st.viewing_history


def test_history_buttons_walk_one_event_at_a_time(graph_entry):
    st = stepper(graph_entry)
    for _ in range(4):
        st.buttons["next_event"].click()
    st.buttons["prev"].click()
    st.buttons["prev"].click()
    assert st.game.events_seen == 2
    st.buttons["next"].click()
    assert st.game.events_seen == 3 and st.log_list.value == 2
    st.buttons["first"].click()
    assert st.game.events_seen == 0 and st.log_list.value is None


def test_stepping_from_an_earlier_moment_continues_from_there(graph_entry):
    st = stepper(graph_entry)
    for _ in range(6):
        st.buttons["next_event"].click()
    st.goto(2)
    st.buttons["next_event"].click()
    assert st.head is st.game and st.game.events_seen == 3


def test_a_pending_decision_offers_only_the_legal_options(graph_entry):
    st = stepper(graph_entry, players={"Blue": "person"})
    st.buttons["next_step"].click()
    st.buttons["next_step"].click()
    decision = st.game.pending
    assert decision is not None and decision.player == "Blue"
    assert [label for label, _ in st.choice.options] == [str(o) for o in decision.options]
    assert st.decision_box.layout.display is None and st.buttons["next_step"].disabled
    st.choice.value = 1
    st.answer_button.click()
    assert st.game.pending is None and st.game.decisions[-1] == decision.options[1]
    assert "chooses" in st.log_list.options[-1][0]


def test_switching_a_player_to_a_person_applies_to_the_running_game(graph_entry):
    st = stepper(graph_entry)
    st.players["Red"].value = "person"
    st.buttons["run_to_end"].click()
    assert st.game.pending is not None and st.game.pending.player == "Red"
    assert "waiting for Red" in st.status.value


def test_forced_dice_are_used_for_the_next_roll(graph_entry):
    st = stepper(graph_entry)
    st.dice_mode.value = "enter the roll"
    assert st.dice_row.layout.display is None
    st.faces.value = "6"
    st.force_button.click()
    assert "6" in st.dice_note.value
    while not any(e.kind == "roll" for e in st.game.log) and not st.game.finished:
        st.buttons["next_event"].click()
    roll = next(e for e in st.game.log if e.kind == "roll")
    assert roll.data["face"] == 6


def test_bad_faces_show_a_problem(graph_entry):
    st = stepper(graph_entry)
    st.faces.value = "six"
    st.force_button.click()
    assert "whole numbers" in st.banner.message


def test_new_game_uses_the_seed_and_variants(graph_entry):
    st = stepper(graph_entry)
    st.buttons["run_to_end"].click()
    st.seed.value = 11
    st.variants.value = ("fierce",)
    st.new_button.click()
    assert st.game.seed == 11 and st.state.variants == ["fierce"]
    assert st.game.events_seen == 0 and st.log_list.options == ()


def test_same_seed_replays_the_same_log(graph_entry):
    a, b = stepper(graph_entry, seed=5), stepper(graph_entry, seed=5)
    for st in (a, b):
        st.buttons["run_to_end"].click()
    assert a.log_list.options == b.log_list.options


def test_an_assumed_event_is_marked_in_its_log_row_and_its_reason_shown(graph_entry):
    from widgets.stepper import ASSUMED_MARK

    st = stepper(graph_entry, seed=0)  # seed 0 ends in the toy game's assumed draw
    st.buttons["next_event"].click()
    assert ASSUMED_MARK not in st.log_list.options[0][0]
    assert "rulebook text" in st.provenance.value and "Skirmish §1" in st.provenance.value
    st.buttons["run_to_end"].click()
    assert st.state.result == "draw"
    assert ASSUMED_MARK in st.log_list.options[-1][0]
    assert sum(ASSUMED_MARK in text for text, _ in st.log_list.options) == 1
    assert "re-assumed" in st.provenance.value
    assert "fill-in of this toy game" in st.provenance.value


def test_variants_are_checkboxes_grouped_by_section_and_start_the_next_game(graph_entry):
    st = stepper(graph_entry)
    assert "Skirmish §3.1" in st.variants.children[1].value  # the section heading
    box = st.variants.boxes["fierce"]
    assert "fierce" in box.description and "Hits on 4+" in st.variants.texts["fierce"].value
    assert "white-space:normal" in st.variants.texts["fierce"].value  # wraps, never cut off
    box.value = True
    assert st.variants.value == ("fierce",)
    st.new_button.click()
    assert st.state.variants == ["fierce"]

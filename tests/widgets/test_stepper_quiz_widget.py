"""The stepper's "Quiz me" mode, through its Python side, on every game.

Stepping stops just before the next event of a chosen kind, asks with the engine's own
alternatives (the same question a probe of the same seeded game poses, whose alternatives
tests/test_teaching_quiz.py checks against the engine), judges right and wrong answers into a score
per rule, leaves the game untouched until the answer reveals the event, and turning the mode off
steps on as before: the game played through the quiz is the game played without it.
"""
from __future__ import annotations

import dataclasses

import pytest

from rules_lib.registry import get_game
from rules_lib.teaching.moments import SearchDesign
from rules_lib.teaching.probe import Probe
from rules_lib.teaching.quiz import drafts, pose, question_kinds
from widgets.stepper import PhaseStepper

# (game, scenario, seed, kind, catalogue IDs the kind's questions explain): a seeded game where
# the kind asks at least twice
CASES = [
    ("ginormopod", "standard", 3, "who_retreats", ("GIN-RETR-01",)),
    ("space_vermin", None, 3, "vermite_step", ("SV-VMOV-01",)),
    ("gods_war", None, 3, "tangled_vp", ("GW-ARA-03",)),
    ("zombies_giants", "big", 0, "giant_move", ("ZGC-BIG-05",)),
]


def quiz_stepper(game: str, scenario: str | None, seed: int, kind: str) -> PhaseStepper:
    entry = get_game(game)
    st = PhaseStepper(entry, scenario=scenario or entry.scenarios[0], seed=seed)
    st.quiz_mode.value = True
    for name, box in st.quiz_kinds.items():
        box.value = name == kind
    return st


def plain_game(st: PhaseStepper):
    """The same game as the stepper's, played without the quiz."""
    return st.entry.new_game(st.scenario.value, seed=int(st.seed.value))


def probe_question(st: PhaseStepper, kind: str, stop: int):
    """The question a probe of the same seeded game poses at ``stop`` for ``kind``."""
    probe = Probe(st.entry.name, SearchDesign(st.scenario.value), int(st.seed.value))
    k = question_kinds(st.entry.name)[kind]
    d = next(d for d in drafts(probe, [k]) if d.stop == stop)
    return pose(probe, k, d)


@pytest.mark.parametrize("game, scenario, seed, kind, ids", CASES,
                         ids=[c[0] for c in CASES])
def test_quiz_me_stops_before_the_event_asks_judges_scores_and_loses_no_step(
        game, scenario, seed, kind, ids):
    st = quiz_stepper(game, scenario, seed, kind)
    assert st.quiz_box.layout.display is None and set(st.quiz_kinds) == set(question_kinds(game))
    plain = plain_game(st)
    plain.run_to_end(st.entry.max_events)

    # "End" stops before the first event the kind asks about
    st.buttons["run_to_end"].click()
    q = st.question
    assert q is not None and q.kind == kind and not st.game.finished
    assert st.game.events_seen == q.stop and st.game.log[-1].index == q.stop - 1
    assert [e.message for e in st.game.log] == [e.message for e in plain.log[:q.stop]]
    assert plain.log[q.stop].message == q.revealed[0][1]  # the next event is the one asked
    # the engine's alternatives: the very question a probe of this seeded game poses there
    assert dataclasses.replace(probe_question(st, kind, q.stop), design=None) == q
    assert q.answer in q.options and len(q.options) >= 2
    assert [b.description for b in st.quiz_options.children] == list(q.options)
    assert kind in st.quiz_question.value or q.title in st.quiz_question.value

    # nothing moves until the answer: stepping is refused, the state is the one shown
    before = st.game.state.to_json()
    assert all(st.buttons[k].disabled for k in ("next_event", "next_step", "run_to_end"))
    st.buttons["next_event"].click()  # (a disabled button clicked from Python: refused)
    assert "answer the quiz question first" in st.banner.message
    assert st.game.events_seen == q.stop and st.game.state.to_json() == before

    # a right answer reveals the event, says so, explains, scores
    right = st.quiz_options.children[list(q.options).index(q.answer)]
    right.click()
    assert st.game.events_seen == q.answer_index + 1
    assert [(e.index, e.message) for e in st.game.log[q.stop:]] == list(q.revealed)
    assert "re-right" in st.quiz_feedback.value and "Right!" in st.quiz_feedback.value
    entry = q.entry
    assert entry.citation in st.quiz_feedback.value.replace("&#x27;", "'")
    assert q.rule in ids and q.rule in st.quiz_score.value
    assert st.quiz.score.rules[q.rule].right == 1 and not st.buttons["next_step"].disabled

    # the next question, answered wrong
    st.buttons["run_to_end"].click()
    q2 = st.question
    assert q2 is not None and q2.stop > q.answer_index
    wrong = next(o for o in q2.options if o != q2.answer)
    verdict = st.quiz_answer(wrong)
    assert not verdict.correct and "re-wrong" in st.quiz_feedback.value
    assert q2.answer in st.quiz_feedback.value.replace("&#x27;", "'")
    assert st.quiz.score.asked == 2 and st.quiz.score.right == 1
    assert "1 of 2 right" in st.quiz_score.value

    # off: stepping resumes as without the quiz, and the whole game is the game without it
    st.quiz_mode.value = False
    assert st.quiz_box.layout.display == "none"
    st.buttons["run_to_end"].click()
    assert st.game.finished or st.state.result is not None
    assert [e.message for e in st.game.log] == [e.message for e in plain.log]


def test_next_event_stops_one_event_short_and_undo_drops_the_question():
    st = quiz_stepper("ginormopod", "standard", 3, "who_retreats")
    for _ in range(400):
        st.buttons["next_step"].click()
        if st.question is not None:
            break
    q = st.question
    assert q is not None
    st.undo()  # back before the step: the question is dropped, the game where it was
    assert st.question is None and st.game.events_seen < q.stop
    assert "dropped" in st.quiz_question.value
    while st.question is None:
        st.buttons["next_event"].click()
        assert st.game.events_seen <= q.stop
    assert st.question == q and st.game.events_seen == q.stop


def test_only_the_chosen_kinds_stop_the_game():
    st = quiz_stepper("ginormopod", "standard", 3, "who_retreats")
    st.quiz_kinds["who_retreats"].value = False
    st.quiz_kinds["fort_absorbs"].value = True
    st.buttons["run_to_end"].click()
    assert st.question is not None and st.question.kind == "fort_absorbs"
    for box in st.quiz_kinds.values():
        box.value = False
    st.quiz_mode.value = False
    st.quiz_mode.value = True  # on, but nothing to ask about: steps as usual
    st.buttons["run_to_end"].click()
    assert st.game.finished or st.state.result is not None


def test_a_game_without_question_kinds_shows_no_quiz_toggle(graph_entry):
    st = PhaseStepper(graph_entry, seed=3)
    assert st.quiz is None and st.quiz_mode.layout.display == "none"
    st.buttons["next_turn"].click()
    assert st.game.events_seen > 0


def test_a_persons_decisions_pause_the_game_and_the_quiz_asks_on_after_them():
    """A person plays the Humans: stepping stops at their decisions as without the quiz (the
    look-ahead stops there too), and after their answers the quiz still stops before its events."""
    entry = get_game("ginormopod")
    st = PhaseStepper(entry, seed=3, players={"Human": "person"})
    st.quiz_mode.value = True
    for name, box in st.quiz_kinds.items():
        box.value = name == "who_retreats"
    decisions = asked = 0
    for _ in range(300):
        if asked >= 2 or st.game.finished or st.state.result is not None:
            break
        st.buttons["run_to_end"].click()
        if st.game.pending is not None:
            assert st.question is None and st.game.pending.player == "Human"
            st.answer()  # the first legal option
            decisions += 1
        elif st.question is not None:
            q = st.question
            assert st.game.events_seen == q.stop
            st.quiz_answer(q.answer)
            assert [(e.index, e.message) for e in st.game.log[q.stop:]] == list(q.revealed)
            asked += 1
    assert decisions >= 1 and asked == 2 and st.quiz.score.right == 2
    assert not st.banner.message


def test_browsing_history_drops_a_waiting_question_and_stepping_on_asks_it_again():
    st = quiz_stepper("gods_war", None, 3, "tangled_vp")
    st.buttons["run_to_end"].click()
    q = st.question
    assert q is not None and st.game.events_seen == q.stop
    st.buttons["prev"].click()  # an earlier moment on show: the question no longer stands
    assert st.question is None and not st.buttons["next_event"].disabled
    st.buttons["last"].click()
    st.buttons["next_event"].click()  # at the question's moment again: asked, nothing played
    assert st.question == q and st.game.events_seen == q.stop
    assert st.quiz.score.asked == 0

"""Quiz mode: questions posed just before the engine applies a rule, answered through the engine.

Every question is checked against a game rebuilt at its stop: stepping on plays exactly the events
it reveals, and the answer is what those events did. Alternatives come from the engine (a
decision's legal options, the map's neighbours, what the rule could produce).
"""
from __future__ import annotations

import functools
import json

import pytest

from rules_lib.registry import game_names, get_game
from rules_lib.teaching.live import QuizSession
from rules_lib.teaching.moments import SearchDesign
from rules_lib.teaching.probe import Probe
from rules_lib.teaching.quiz import (
    MASTERED_AFTER,
    Lesson,
    Question,
    Score,
    build_lesson,
    drafts,
    pose,
    question_kinds,
)
from rules_lib.teaching.reference import rule_reference


@functools.cache
def lesson(game: str) -> Lesson:
    return build_lesson(game)


def fresh(game: str) -> Lesson:
    return Lesson.from_dict(json.loads(json.dumps(lesson(game).as_dict())))


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_question_kinds_explained_by_its_reference(game):
    kinds = question_kinds(game)
    assert len(kinds) >= 3
    ref = rule_reference(game)
    for kind in kinds.values():
        assert kind.rule in ref and kind.title.endswith("?")


@pytest.mark.parametrize("game", game_names())
def test_a_lesson_strings_ten_questions_from_seeded_games(game):
    les = lesson(game)
    assert len(les.questions) == 10 and les.current is les.questions[0]
    kinds = {q.kind for q in les.questions}
    assert len(kinds) >= 3
    assert len({q.prompt for q in les.questions}) == 10
    ref = rule_reference(game)
    for q in les.questions:
        assert q.answer in q.options and len(set(q.options)) == len(q.options) >= 2
        assert q.rule in ref and q.stop <= q.answer_index
        assert q.revealed and q.revealed[-1][0] == q.answer_index


@pytest.mark.parametrize("game", game_names())
def test_each_question_stops_before_what_the_engine_then_does(game):
    for q in lesson(game).questions:
        g = q.game_at()
        assert g.events_seen == q.stop
        for index, message in q.revealed:
            event = g.step_event()
            assert (event.index, event.message) == (index, message)


def test_the_same_arguments_give_the_same_lesson_and_another_seed_another():
    again = build_lesson("ginormopod")
    assert [q.as_dict() for q in again.questions] == [q.as_dict() for q in lesson(
        "ginormopod").questions]
    other = build_lesson("ginormopod", seed=50)
    assert [q.prompt for q in other.questions] != [q.prompt for q in again.questions]


def test_a_right_and_a_wrong_answer_are_judged_and_explained():
    les = fresh("ginormopod")
    first = les.current
    right = les.answer(first.answer)
    assert right.correct and right.feedback == "Right!"
    entry = rule_reference("ginormopod")[first.rule]
    assert entry.summary in right.explanation and entry.citation in right.explanation
    second = les.current
    wrong_choice = next(o for o in second.options if o != second.answer)
    wrong = les.answer(wrong_choice)
    assert not wrong.correct and second.answer in wrong.feedback
    assert wrong.right_answer == second.answer and wrong.revealed == [m for _, m in
                                                                       second.revealed]
    assert les.position == 2 and les.score.asked == 2 and les.score.right == 1
    assert "1 of 2" in les.summary()


def test_an_answer_by_index_and_a_choice_that_is_no_option():
    q = lesson("space_vermin").questions[0]
    assert q.check(q.options.index(q.answer)).correct
    with pytest.raises(ValueError, match="not one of the options"):
        q.check("somewhere else")
    with pytest.raises(ValueError, match="not one of 0"):
        q.check(99)


def test_a_rule_is_mastered_after_enough_right_answers_in_a_row():
    les = fresh("zombies_giants")
    score = Score("zombies_giants")
    q = les.questions[0]
    score.record(q.check(next(o for o in q.options if o != q.answer)))
    assert not score.mastered(q.rule)
    for _ in range(MASTERED_AFTER):
        score.record(q.check(q.answer))
    assert score.mastered(q.rule) and score.mastered() == [q.rule]
    table = score.table()
    row = table.set_index("rule").loc[q.rule]
    assert (row["asked"], row["right"], bool(row["mastered"])) == (MASTERED_AFTER + 1,
                                                                   MASTERED_AFTER, True)
    assert Score.from_dict(json.loads(json.dumps(score.as_dict()))).as_dict() == score.as_dict()


def test_a_lesson_is_plain_data_and_ends():
    les = fresh("gods_war")
    for q in list(les.questions):
        les.answer(q.answer)
    assert les.finished and les.current is None and les.score.right == 10
    with pytest.raises(ValueError, match="over"):
        les.answer(0)
    back = Lesson.from_dict(json.loads(json.dumps(les.as_dict())))
    assert back.finished and back.score.as_dict() == les.score.as_dict()
    assert Question.from_dict(les.questions[0].as_dict()) == les.questions[0]


# --------------------------------------------------------------------------------------------------
# The alternatives are the engine's
# --------------------------------------------------------------------------------------------------


def test_probing_a_game_changes_nothing_of_it():
    design = SearchDesign("standard")
    probe = Probe("ginormopod", design, 4)
    plain = design.new_game("ginormopod", 4)
    plain.run_to_end()
    assert [e.message for e in probe.log] == [e.message for e in plain.log]
    decisions = [e for e in probe.log if e.kind == "decision"]
    assert len(probe.options) == len(decisions)
    assert all(e.data["choice"] in probe.options[e.index] for e in decisions)


def test_a_retreat_choice_offers_one_legal_city_and_roads_the_engine_forbids():
    found = 0
    for seed in range(6):
        probe = Probe("ginormopod", SearchDesign("standard"), seed)
        kind = question_kinds("ginormopod")["retreat_choice"]
        for d in drafts(probe, [kind]):
            q = pose(probe, kind, d)
            if q is None:
                continue
            legal = [str(o) for o in probe.options[d.stop]]
            assert q.answer in legal
            assert [o for o in q.options if o in legal] == [q.answer]
            board = get_game("ginormopod").data().adjacency
            frm = d.prompt.split(" Retreat from ")[1].split(" (")[0]
            assert set(q.options) <= set(board[frm])
            found += 1
    assert found


def test_a_vermite_step_offers_the_six_hexes_around_it_and_the_engine_picks_one():
    probe = Probe("space_vermin", SearchDesign("family_jewels"), 0)
    kind = question_kinds("space_vermin")["vermite_step"]
    asked = 0
    for d in drafts(probe, [kind])[:40]:
        q = pose(probe, kind, d)
        if q is None:
            continue
        event = probe.log[q.answer_index]
        assert q.answer.split(" (")[0] == event.data["to"]
        assert 2 <= len(q.options) <= 6 and all(o.endswith(("N)", "E)", "S)", "W)"))
                                                for o in q.options)
        asked += 1
    assert asked >= 30


def test_the_fort_absorbs_exactly_the_hits_no_human_unit_is_left_to_take():
    kind = question_kinds("ginormopod")["fort_absorbs"]
    for seed in range(3):
        probe = Probe("ginormopod", SearchDesign("standard"), seed)
        for d in drafts(probe, [kind]):
            fort_events = [e for e in probe.log[d.stop:d.answer_index + 1] if e.kind == "fort"]
            assert int(d.answer) == len(fort_events)
            hits = [e for e in probe.log[d.stop:d.answer_index + 1] if e.kind == "hit"]
            if fort_events:  # the Fort only takes hits after the last Human hit
                assert all(h.index < fort_events[0].index for h in hits
                           if h.data.get("unit", "").split(" ")[0] in ("Infantry", "Tank",
                                                                        "Guard"))


def test_an_overrun_question_is_answered_yes_where_the_engine_overruns():
    from rules_lib.teaching.moments import find_moments

    m = find_moments("ginormopod", "GIN-OVRN-01").first
    probe = Probe("ginormopod", m.design, m.seed)
    kind = question_kinds("ginormopod")["overrun"]
    d = next(d for d in drafts(probe, [kind]) if d.stop == m.index)
    q = pose(probe, kind, d)
    assert q.answer.startswith("Yes") and "GIN-OVRN-01" in probe.log[q.answer_index].ids


@pytest.mark.rule("ZGC-BIG-05", "ZGC-HUGE-07")
def test_how_far_a_giant_moves_is_the_sum_of_its_movement_dice_as_the_engine_moves_it():
    """A Big Giant moves 2d6 squares, a Huge one 3d6: the question is asked before the roll's
    event, its answer is the engine's movement allowance, which is the dice added up (a card's
    change aside); the wrong readings offered include the Giant's combat dice (the highest die)."""
    kind = question_kinds("zombies_giants")["giant_move"]
    dice = {"big": 2, "huge": 3}
    plain = 0
    for scenario, n in dice.items():
        probe = Probe("zombies_giants", SearchDesign(scenario), 0)
        found = drafts(probe, [kind])
        assert found
        for d in found:
            event = probe.log[d.stop]
            assert d.stop == d.answer_index and "for movement" in event.message
            assert d.answer == str(event.data["points"])
            assert d.rule == ("ZGC-BIG-05" if scenario == "big" else "ZGC-HUGE-07")
            faces = [int(f) for f in event.message.split("[")[1].split("]")[0].split(",")]
            assert len(faces) == n
            q = pose(probe, kind, d)
            assert q is not None and q.answer in q.options
            assert str(max(faces)) in q.options  # the combat reading, offered as a wrong one
            if not (event.data["every_turn"] or event.data["this_turn"]
                    or event.data["divisor"] > 1):
                assert q.answer == str(sum(faces)), (scenario, event.message)
                plain += 1
    assert plain >= 5
    with pytest.raises(KeyError):
        question_kinds("zombies_giants")["move_dice"]  # the old kind asked the dice, not how far


# --------------------------------------------------------------------------------------------------
# Quiz mode on a live game
# --------------------------------------------------------------------------------------------------


def test_the_quiz_session_stops_the_live_game_before_each_question_and_reveals_it():
    session = QuizSession("ginormopod", seed=2, kinds=["who_retreats", "fort_absorbs"])
    asked = 0
    while asked < 4:
        q = session.next_question()
        assert q is not None
        assert session.game.events_seen == q.stop and q.kind in ("who_retreats", "fort_absorbs")
        verdict = session.answer(q.answer if asked % 2 == 0 else
                                 next(o for o in q.options if o != q.answer))
        assert verdict.correct == (asked % 2 == 0)
        shown = session.reveal()
        assert [(e.index, e.message) for e in shown] == list(q.revealed)
        asked += 1
    assert session.score.asked == 4 and session.score.right == 2


def test_the_quiz_session_ends_with_the_game_and_refuses_an_answer_without_a_question():
    session = QuizSession("zombies_giants", seed=0, scenario="huge", kinds=["demolish"])
    with pytest.raises(ValueError, match="no question"):
        session.answer("Yes")
    seen = 0
    while (q := session.next_question()) is not None:
        session.answer(q.answer)
        session.reveal()
        seen += 1
    assert seen >= 1 and session.current is None
    with pytest.raises(ValueError, match="no question kind"):
        QuizSession("ginormopod", kinds=["guess_the_weather"])

"""The teaching panels: the rule index beside the log, "show me", and the quiz, through clicks."""
from __future__ import annotations

import pytest

from rules_lib.teaching import build_lesson
from widgets.teaching import QuizPanel, RulePanel


@pytest.fixture(scope="module")
def lesson_questions():
    return build_lesson("ginormopod", 3, seed=0).questions


def fresh_lesson(questions):
    from rules_lib.teaching.quiz import Lesson, Score

    return Lesson("ginormopod", list(questions), Score("ginormopod"))


def test_answering_right_then_wrong_shows_the_verdict_the_engine_and_the_rule(lesson_questions):
    seen = []
    quiz = QuizPanel("ginormopod", lesson=fresh_lesson(lesson_questions),
                     on_question=seen.append)
    first = lesson_questions[0]
    assert seen == [first] and first.prompt in quiz.title.value
    assert [b.description for b in quiz.options.children] == list(first.options)
    right = next(b for b in quiz.options.children if b.description == first.answer)
    right.click()
    assert "re-right" in quiz.feedback.value and first.entry.summary[:30] in quiz.feedback.value
    assert all(b.disabled for b in quiz.options.children) and right.button_style == "success"
    quiz.next_button.click()
    second = lesson_questions[1]
    wrong = next(b for b in quiz.options.children if b.description != second.answer)
    wrong.click()
    assert "re-wrong" in quiz.feedback.value and second.answer in quiz.feedback.value
    assert wrong.button_style == "danger"
    assert "Score per rule" in quiz.score.value
    assert quiz.lesson.score.right == 1 and quiz.lesson.score.asked == 2


def test_the_lesson_ends_with_its_summary(lesson_questions):
    quiz = QuizPanel("ginormopod", lesson=fresh_lesson(lesson_questions[:1]))
    quiz.options.children[0].click()
    quiz.next_button.click()
    assert "Lesson over" in quiz.title.value and quiz.options.children == ()


def test_the_rule_index_searches_and_shows_an_entry_with_its_reading():
    panel = RulePanel("ginormopod")
    panel.search.value = "retreat"
    assert panel.index.options and all("·" in label for label, _ in panel.index.options)
    panel.index.value = "GIN-AMB-06"
    assert "GIN-AMB-06" in panel.entry.value and "retreat_chosen_by_enemy" in panel.entry.value
    assert "one reading of an unclear rule" in panel.entry.value


def test_a_log_row_opens_the_entries_of_its_citation():
    from rules_lib.registry import get_game

    game = get_game("ginormopod").new_game(seed=1)
    game.next_phase()
    event = next(e for e in game.log if e.ids)
    panel = RulePanel("ginormopod")
    entries = panel.show_event(event)
    assert entries and entries[0].key in panel.entry.value


def test_show_me_finds_a_moment_and_hands_it_on():
    found = []
    panel = RulePanel("ginormopod", on_moment=found.append)
    panel.show("GIN-RETR-03")
    panel.find(wait=True)
    assert found and found[0].game == "ginormopod"
    assert "GIN-RETR-03" in panel.status.value or "found" in panel.status.value.lower()
    assert not panel.find_button.disabled and panel.stop_button.disabled

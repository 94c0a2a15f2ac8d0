"""The teaching panels: the rule index beside the log, "show me", and the quiz, through clicks."""
from __future__ import annotations

import ipywidgets as widgets
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


@pytest.mark.parametrize("cited, key", [
    ("Ginormopod: Combat (Overrun)", "GIN-OVRN-01"),  # a citation text, as the log's Rule column
    ("GIN-OVRN-01", "GIN-OVRN-01"),  # a catalogue ID
    ("GIN-OVRN-01 GIN-AMB-08", "GIN-OVRN-01"),  # an event's IDs, as text
    (["GIN-AMB-08", "GIN-OVRN-01"], "GIN-AMB-08"),  # or as a list
])
def test_a_citation_as_the_log_shows_it_opens_its_entry(cited, key):
    panel = RulePanel("ginormopod")
    entries = panel.open_citation(cited)
    assert entries[0].key == key and panel.selected == key
    assert key in panel.entry.value and entries[0].summary[:40] in panel.entry.value


def test_a_citation_with_the_games_log_lists_its_moments_in_this_game():
    from rules_lib.registry import get_game

    game = get_game("ginormopod").new_game(seed=1)
    for _ in range(3):
        game.next_turn()
    rule = "GIN-MOVE-03"
    events = [e.index for e in game.log if rule in e.ids]
    assert len(events) >= 2
    went = []
    panel = RulePanel("ginormopod", on_goto=lambda i, hl: went.append((i, hl)))
    panel.open_citation(rule, log=game.log)
    buttons = [b for b in panel.moments.children if isinstance(b, widgets.Button)]
    assert f"({len(events)})" in panel.moments.children[0].value
    assert [b.description for b in buttons] == [f"event {i}" for i in events]
    buttons[1].click()
    assert went == [(events[1], tuple(events))]
    panel.open_citation("GIN-OVRN-01", log=game.log)  # no Overrun in this game: no link
    assert panel.moments.children == ()


def test_show_me_hands_the_caller_seed_event_and_the_events_to_highlight():
    from widgets.teaching import ShowMe

    shown = []
    panel = RulePanel("ginormopod", on_show=shown.append)
    panel.open_citation("GIN-RETR-03")
    panel.find(wait=True)
    assert len(shown) == 1
    show = shown[0]
    assert isinstance(show, ShowMe) and show.game == "ginormopod" and show.rule == "GIN-RETR-03"
    game = show.game_at()  # the game rebuilt a few events before the moment, not yet past it
    assert game.events_seen == show.start == max(0, show.index - show.before)
    while game.step_event() is not None:
        pass
    applying = tuple(e.index for e in game.log if "GIN-RETR-03" in e.ids)
    assert show.index in show.highlight and show.highlight == applying
    assert show.index == applying[0]  # a search keeps the first moment of a game


def test_show_me_says_so_when_the_budget_is_spent_and_hands_nothing_on(monkeypatch):
    import widgets.teaching as teaching_widgets
    from rules_lib.teaching import clear_cache, find_moments

    def few_games(*args, **kwargs):  # the Overrun without the variant that makes it possible
        return find_moments(*args, **{**kwargs, "n_games": 3, "variants": [()]})

    monkeypatch.setattr(teaching_widgets, "find_moments", few_games)
    shown = []
    panel = RulePanel("ginormopod", on_show=shown.append)
    panel.open_citation("GIN-OVRN-01")
    panel.find(wait=True)
    assert shown == [] and "not found" in panel.status.value
    assert "no game of the 3 searched" in panel.status.value
    clear_cache()
    monkeypatch.setattr(teaching_widgets, "SEARCH_BUDGET_S", 0.0)
    monkeypatch.setattr(teaching_widgets, "find_moments", find_moments)
    panel.find(wait=True)  # the whole plan, with no time to search it
    assert shown == [] and "time budget of 0 s ran out" in panel.status.value

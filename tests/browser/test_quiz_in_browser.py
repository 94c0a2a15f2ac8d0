"""A real server and a real browser: the quiz panel served by Voila, answered by clicks in Chromium.

Voila serves tests/browser/quiz.ipynb (a Ginormopod lesson of three questions, seed 0, and the
rule index beside it). The test builds the same lesson in its own process to know what the engine
did, then, through real clicks: answers the first question right and the second wrong, and checks
what the page shows each time -- right or wrong, the engine's answer, the rule's summary and
citation, the buttons marked, and the score per rule -- and searches the rule index. It waits for
text to appear, never for a fixed time.
"""
from __future__ import annotations

import re

import pytest

from rules_lib.teaching import build_lesson, rule_reference

from .conftest import chromium_page, screenshot, voila_server

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/quiz.ipynb"
GAME, SEED, QUESTIONS = "ginormopod", 0, 3  # as in the notebook
WAIT_MS = 60_000  # a click's answer on a loaded machine, at most


@pytest.fixture(scope="module")
def lesson():
    return build_lesson(GAME, QUESTIONS, seed=SEED)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with voila_server(NOTEBOOK, tmp_path_factory.mktemp("voila-quiz")) as url, \
            chromium_page(url, ".re-quiz .re-quiz-option") as pg:
        yield pg


def _option(pg, text: str):
    """The option button whose label is exactly ``text``."""
    return pg.locator(".re-quiz-option").filter(
        has_text=re.compile(r"^\s*" + re.escape(text) + r"\s*$"))


def _wait_for_text(pg, selector: str, text: str) -> None:
    pg.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText.includes(text); }",
        arg=[selector, text], timeout=WAIT_MS)


def _score_rows(pg) -> list[tuple[str, str, str, str]]:
    """The score table as shown: (rule, asked, right, mastered) per row."""
    return [tuple(r) for r in pg.evaluate("""() => Array.from(
        document.querySelectorAll('.re-quiz-score table tbody tr')).map(
        tr => Array.from(tr.querySelectorAll('td')).map(td => td.innerText.trim()))""")]


def _expected_rows(score) -> list[tuple[str, str, str, str]]:
    table = score.table()
    return [(r["rule"], str(r["asked"]), str(r["right"]), str(r["mastered"]))
            for _, r in table.iterrows()]


def _expect_class(locator, name: str) -> None:
    """Wait until the button carries the class (the widget's message may follow the feedback's)."""
    from playwright.sync_api import expect

    expect(locator).to_have_class(re.compile(rf"\b{re.escape(name)}\b"), timeout=WAIT_MS)


def test_one_question_right_and_one_wrong_through_real_clicks(page, lesson):
    from rules_lib.teaching.quiz import Lesson, Score

    first, second = lesson.questions[0], lesson.questions[1]
    mirror = Lesson(GAME, list(lesson.questions), Score(GAME))  # the score the page should keep

    # the first question, with the engine's own alternatives as buttons
    _wait_for_text(page, ".re-quiz-question", f"Question 1 of {QUESTIONS}")
    assert first.prompt in page.inner_text(".re-quiz-question")
    shown = [t.strip() for t in page.locator(".re-quiz-option").all_inner_texts()]
    assert shown == list(first.options)
    assert page.inner_text(".re-quiz-feedback").strip() == ""

    # answered right
    right = _option(page, first.answer)
    right.click()
    page.wait_for_selector(".re-quiz-feedback .re-right", timeout=WAIT_MS)
    feedback = page.inner_text(".re-quiz-feedback")
    entry = rule_reference(GAME)[first.rule]
    assert "Right!" in feedback and "Not quite" not in feedback
    assert entry.summary in feedback and entry.citation in feedback
    for message in mirror.answer(first.answer).revealed:  # what the engine did
        assert message in feedback
    _expect_class(right, "mod-success")
    assert all(b.is_disabled() for b in page.locator(".re-quiz-option").all())
    _wait_for_text(page, ".re-quiz-score", first.rule)
    assert _score_rows(page) == _expected_rows(mirror.score)
    screenshot(page, "quiz_right.png")

    # the next question, answered wrong
    page.click(".re-quiz-next")
    _wait_for_text(page, ".re-quiz-question", f"Question 2 of {QUESTIONS}")
    assert second.prompt in page.inner_text(".re-quiz-question")
    assert page.inner_text(".re-quiz-feedback").strip() == ""
    choice = next(o for o in second.options if o != second.answer)
    wrong = _option(page, choice)
    wrong.click()
    page.wait_for_selector(".re-quiz-feedback .re-wrong", timeout=WAIT_MS)
    feedback = page.inner_text(".re-quiz-feedback")
    entry = rule_reference(GAME)[second.rule]
    assert "Not quite" in feedback and "Right!" not in feedback
    assert f"the engine's answer is {second.answer!r}" in feedback
    assert entry.summary in feedback and entry.citation in feedback
    mirror.answer(choice)
    _expect_class(wrong, "mod-danger")
    _expect_class(_option(page, second.answer), "mod-success")
    _wait_for_text(page, ".re-quiz-score", second.rule)
    rows = _score_rows(page)
    assert rows == _expected_rows(mirror.score)
    assert sum(int(r[1]) for r in rows) == 2 and sum(int(r[2]) for r in rows) == 1
    assert page.locator(".re-error").first.inner_text().strip() == ""  # no problem shown
    screenshot(page, "quiz_wrong.png")


def test_the_rule_index_beside_it_searches_and_opens_an_entry(page):
    ref = rule_reference(GAME)
    entry = ref["GIN-OVRN-01"]
    found = ref.search("overrun", limit=200)
    assert entry in found
    page.fill(".re-rule-search input", "overrun")
    page.wait_for_function(  # the index filtered: exactly the entries the search finds
        "([n, first]) => { const o = document.querySelectorAll('.re-rule-index option');"
        " return o.length === n && o[0].innerText.startsWith(first); }",
        arg=[len(found), found[0].key], timeout=WAIT_MS)
    label = next(t for t in page.locator(".re-rule-index option").all_inner_texts()
                 if t.split()[0] == entry.key)  # the labels keep their spaces as &nbsp;
    page.select_option(".re-rule-index select", label=label)
    _wait_for_text(page, ".re-rule-entry", entry.summary)
    assert entry.section in page.inner_text(".re-rule-entry")

"""A real server and a real browser: the quiz panel and the stepper's quiz, answered by clicks.

Voila serves tests/browser/quiz.ipynb (a Ginormopod lesson of three questions, seed 0, the rule
index beside it, and the stepper of a seeded Ginormopod game below). The tests play the same
lesson and game in their own process to know what the engine did, then, through real clicks in
Chromium: answer the lesson's first question right and the second wrong, checking what the page
shows each time -- right or wrong, the engine's answer, the rule's summary and citation, the
buttons marked, and the score per rule -- and search the rule index. In the stepper they turn
"Quiz me" on, press End (it stops before the question's event), answer right, press End again,
answer wrong, checking the question and options, the events revealed, the verdict, the citation
and the score, then turn the mode off and play to the end. The last test runs the same notebook
in a headless JupyterLab and answers the stepper's question once. They wait for text to appear,
never for a fixed time.
"""
from __future__ import annotations

import importlib.util
import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from rules_lib.registry import get_game
from rules_lib.teaching import build_lesson, rule_reference
from widgets.stepper import PhaseStepper

from .conftest import (
    ROOT,
    SLOW_MACHINE,
    chromium_page,
    free_port,
    require_browser,
    screenshot,
    voila_server,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/quiz.ipynb"
GAME, SEED, QUESTIONS = "ginormopod", 0, 3  # as in the notebook
WAIT_MS = 60_000  # a click's answer on a loaded machine, at most
STEP_SEED, STEP_KIND = 3, "who_retreats"  # the stepper's game and quiz kind, as in the notebook
LESSON, STEPPER = ".re-quiz ", ".re-stepper-quiz "  # the lesson panel's and the stepper's quiz


@pytest.fixture(scope="module")
def lesson():
    return build_lesson(GAME, QUESTIONS, seed=SEED)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with voila_server(NOTEBOOK, tmp_path_factory.mktemp("voila-quiz")) as url, \
            chromium_page(url, ".re-quiz .re-quiz-option") as pg:
        yield pg


def _option(pg, text: str, scope: str = LESSON):
    """The option button whose label is exactly ``text`` (of the lesson, or the stepper's)."""
    return pg.locator(scope + ".re-quiz-option").filter(
        has_text=re.compile(r"^\s*" + re.escape(text) + r"\s*$"))


def _wait_for_text(pg, selector: str, text: str) -> None:
    pg.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel);"
        " return el !== null && el.innerText.includes(text); }",
        arg=[selector, text], timeout=WAIT_MS)


def _score_rows(pg, scope: str = LESSON) -> list[tuple[str, str, str, str]]:
    """The score table as shown: (rule, asked, right, mastered) per row."""
    return [tuple(r) for r in pg.evaluate("""(sel) => Array.from(
        document.querySelectorAll(sel)).map(
        tr => Array.from(tr.querySelectorAll('td')).map(td => td.innerText.trim()))""",
        scope + ".re-quiz-score table tbody tr")]


def _expected_rows(score) -> list[tuple[str, str, str, str]]:
    table = score.table()
    return [(r["rule"], str(r["asked"]), str(r["right"]), str(r["mastered"]))
            for _, r in table.iterrows()]


def _wait_for_options(pg, scope: str, options) -> list[str]:
    """Wait until the question's option buttons are drawn (they follow its text); their labels."""
    pg.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length === n",
                         arg=[scope + ".re-quiz-option", len(options)], timeout=WAIT_MS)
    return [t.strip() for t in pg.locator(scope + ".re-quiz-option").all_inner_texts()]


def _expect_class(locator, name: str) -> None:
    """Wait until the button carries the class (the widget's message may follow the feedback's)."""
    from playwright.sync_api import expect

    expect(locator).to_have_class(re.compile(rf"\b{re.escape(name)}\b"), timeout=WAIT_MS)


def test_one_question_right_and_one_wrong_through_real_clicks(page, lesson):
    from rules_lib.teaching.quiz import Lesson, Score

    first, second = lesson.questions[0], lesson.questions[1]
    mirror = Lesson(GAME, list(lesson.questions), Score(GAME))  # the score the page should keep

    # the first question, with the engine's own alternatives as buttons
    _wait_for_text(page, LESSON + ".re-quiz-question", f"Question 1 of {QUESTIONS}")
    assert first.prompt in page.inner_text(LESSON + ".re-quiz-question")
    shown = [t.strip() for t in page.locator(LESSON + ".re-quiz-option").all_inner_texts()]
    assert shown == list(first.options)
    assert page.inner_text(LESSON + ".re-quiz-feedback").strip() == ""

    # answered right
    right = _option(page, first.answer)
    right.click()
    page.wait_for_selector(LESSON + ".re-quiz-feedback .re-right", timeout=WAIT_MS)
    feedback = page.inner_text(LESSON + ".re-quiz-feedback")
    entry = rule_reference(GAME)[first.rule]
    assert "Right!" in feedback and "Not quite" not in feedback
    assert entry.summary in feedback and entry.citation in feedback
    for message in mirror.answer(first.answer).revealed:  # what the engine did
        assert message in feedback
    _expect_class(right, "mod-success")
    assert all(b.is_disabled() for b in page.locator(LESSON + ".re-quiz-option").all())
    _wait_for_text(page, LESSON + ".re-quiz-score", first.rule)
    assert _score_rows(page) == _expected_rows(mirror.score)
    screenshot(page, "quiz_right.png")

    # the next question, answered wrong
    page.click(LESSON + ".re-quiz-next")
    _wait_for_text(page, LESSON + ".re-quiz-question", f"Question 2 of {QUESTIONS}")
    assert second.prompt in page.inner_text(LESSON + ".re-quiz-question")
    assert page.inner_text(LESSON + ".re-quiz-feedback").strip() == ""
    choice = next(o for o in second.options if o != second.answer)
    wrong = _option(page, choice)
    wrong.click()
    page.wait_for_selector(LESSON + ".re-quiz-feedback .re-wrong", timeout=WAIT_MS)
    feedback = page.inner_text(LESSON + ".re-quiz-feedback")
    entry = rule_reference(GAME)[second.rule]
    assert "Not quite" in feedback and "Right!" not in feedback
    assert f"the engine's answer is {second.answer!r}" in feedback
    assert entry.summary in feedback and entry.citation in feedback
    mirror.answer(choice)
    _expect_class(wrong, "mod-danger")
    _expect_class(_option(page, second.answer), "mod-success")
    _wait_for_text(page, LESSON + ".re-quiz-score", second.rule)
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


def test_the_steppers_quiz_mode_through_real_clicks(page):
    """Quiz me on, End: the game stops before a battle's Retreat; right, then wrong, then off."""
    # the same game and clicks in this process: what the page must show
    mirror = PhaseStepper(get_game(GAME), seed=STEP_SEED)
    mirror.quiz_mode.value = True
    for name, box in mirror.quiz_kinds.items():
        box.value = name == STEP_KIND
    mirror.run_to_end()
    first = mirror.question
    assert first is not None and first.kind == STEP_KIND
    ref = rule_reference(GAME)

    # turn the mode on and press End: the game stops at the question, not at the end
    assert not page.locator(STEPPER + ".re-quiz-question").is_visible()
    page.click(".re-stepper .re-quiz-mode")
    page.wait_for_selector(STEPPER + ".re-quiz-kind", state="visible", timeout=WAIT_MS)
    page.click(".re-stepper .re-run-to-end")
    _wait_for_text(page, STEPPER + ".re-quiz-question", first.prompt)
    assert _wait_for_options(page, STEPPER, first.options) == list(first.options)
    _wait_for_text(page, ".re-stepper .re-status", f"event {first.stop} of {first.stop}")
    assert page.locator(".re-stepper .re-next-step").is_disabled()  # waiting for the answer

    # answered right: revealed, explained, scored
    right = _option(page, first.answer, STEPPER)
    right.click()
    page.wait_for_selector(STEPPER + ".re-quiz-feedback .re-right", timeout=WAIT_MS)
    verdict = mirror.quiz_answer(first.answer)
    feedback = page.inner_text(STEPPER + ".re-quiz-feedback")
    entry = ref[first.rule]
    assert "Right!" in feedback and entry.summary in feedback and entry.citation in feedback
    for message in verdict.revealed:
        assert message in feedback
    _wait_for_text(page, ".re-stepper .re-status",
                   f"event {first.answer_index + 1} of {first.answer_index + 1}")
    _expect_class(right, "mod-success")
    _wait_for_text(page, STEPPER + ".re-quiz-score", "1 of 1 right")
    assert _score_rows(page, STEPPER) == _expected_rows(mirror.quiz.score)

    # End again: the next question, answered wrong
    mirror.run_to_end()
    second = mirror.question
    assert second is not None and second.stop > first.answer_index
    page.click(".re-stepper .re-run-to-end")
    _wait_for_text(page, STEPPER + ".re-quiz-question", second.prompt)
    assert _wait_for_options(page, STEPPER, second.options) == list(second.options)
    choice = next(o for o in second.options if o != second.answer)
    wrong = _option(page, choice, STEPPER)
    wrong.click()
    page.wait_for_selector(STEPPER + ".re-quiz-feedback .re-wrong", timeout=WAIT_MS)
    mirror.quiz_answer(choice)
    feedback = page.inner_text(STEPPER + ".re-quiz-feedback")
    assert "Not quite" in feedback and f"the engine's answer is {second.answer!r}" in feedback
    assert ref[second.rule].citation in feedback
    _expect_class(wrong, "mod-danger")
    _wait_for_text(page, STEPPER + ".re-quiz-score", "1 of 2 right")
    assert _score_rows(page, STEPPER) == _expected_rows(mirror.quiz.score)
    screenshot(page, "stepper_quiz.png")

    # off: End plays the game to its end
    page.click(".re-stepper .re-quiz-mode")
    page.wait_for_selector(STEPPER + ".re-quiz-kind", state="hidden", timeout=WAIT_MS)
    page.click(".re-stepper .re-run-to-end")
    _wait_for_text(page, ".re-stepper .re-status", "Result:")
    assert page.locator(".re-error").first.inner_text().strip() == ""


# --------------------------------------------------------------------------------------------------
# JupyterLab (the "works in JupyterLab"): the same notebook run in a headless JupyterLab
# --------------------------------------------------------------------------------------------------

HAS_JUPYTERLAB = importlib.util.find_spec("jupyterlab") is not None  # not in the test extra


@contextmanager
def jupyterlab_server(folder: Path) -> Iterator[str]:
    """JupyterLab serving ``folder`` on 127.0.0.1 with a token (its kernels import this checkout);
    the URL of ``quiz.ipynb`` in it. Stops exactly the process it started."""
    require_browser()
    port, token = free_port(), secrets.token_hex(16)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])),
        JUPYTER_RUNTIME_DIR=str(folder / "runtime"), JUPYTER_CONFIG_DIR=str(folder / "config"))
    log = folder / "jupyterlab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
             f"--ServerApp.port={port}", "--ServerApp.ip=127.0.0.1",
             f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={folder}",
             f"--LabApp.workspaces_dir={folder / 'workspaces'}",
             "--LabApp.expose_app_in_browser=True"],
            cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 120
        while True:
            if proc.poll() is not None:
                pytest.fail(f"jupyterlab exited early:\n{log.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=30)
                break
            except OSError:
                if time.time() > deadline:
                    pytest.fail(f"jupyterlab did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.3)
        yield f"{base}/lab/tree/quiz.ipynb?token={token}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def lab_page(page, url: str):
    """A new page of ``page``'s browser at JupyterLab's ``url``, once the notebook is drawn."""
    pg = page.context.browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        pg.add_init_script(SLOW_MACHINE)
        pg.goto(url, timeout=120_000)
        pg.wait_for_selector(".jp-Notebook", timeout=120_000)
        yield pg
    finally:
        pg.close()


@pytest.mark.skipif(not HAS_JUPYTERLAB, reason="JupyterLab is not installed")
def test_the_steppers_quiz_answered_once_in_jupyterlab(page, tmp_path):
    """The notebook run in JupyterLab (a copy: autosave never touches the repository's): the
    lesson's first question is on show, and the stepper's quiz asks, judges and scores a click.
    (About 40 s on the team's 2-core machine at a load average of 6.)"""
    shutil.copy(ROOT / NOTEBOOK, tmp_path / "quiz.ipynb")
    mirror = PhaseStepper(get_game(GAME), seed=STEP_SEED)
    mirror.quiz_mode.value = True
    for name, box in mirror.quiz_kinds.items():
        box.value = name == STEP_KIND
    mirror.run_to_end()
    question = mirror.question
    assert question is not None
    lesson = build_lesson(GAME, QUESTIONS, seed=SEED)
    # a second page of the Voila test's Chromium (Playwright's sync API runs one at a time)
    with jupyterlab_server(tmp_path) as url, lab_page(page, url) as pg:
        pg.wait_for_function(  # the notebook's kernel started and idle
            "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " const k = w && w.sessionContext && w.sessionContext.session"
            " && w.sessionContext.session.kernel; return !!k && k.status === 'idle'; }",
            timeout=180_000)
        pg.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        _wait_for_text(pg, LESSON + ".re-quiz-question", lesson.questions[0].prompt)
        pg.wait_for_selector(".re-stepper .re-quiz-mode", timeout=WAIT_MS)
        pg.click(".re-stepper .re-quiz-mode")
        pg.click(".re-stepper .re-run-to-end")
        _wait_for_text(pg, STEPPER + ".re-quiz-question", question.prompt)
        assert _wait_for_options(pg, STEPPER, question.options) == list(question.options)
        _option(pg, question.answer, STEPPER).click()
        pg.wait_for_selector(STEPPER + ".re-quiz-feedback .re-right", timeout=WAIT_MS)
        feedback = pg.inner_text(STEPPER + ".re-quiz-feedback")
        assert "Right!" in feedback and rule_reference(GAME)[question.rule].citation in feedback
        _wait_for_text(pg, STEPPER + ".re-quiz-score", "1 of 1 right")
        screenshot(pg, "stepper_quiz_jupyterlab.png")

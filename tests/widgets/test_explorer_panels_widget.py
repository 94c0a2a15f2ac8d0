"""The Explorer's panels on the four real games: the state panel, the battle calculator's exact
fractions, the Analyze tab's intervals and ranking, and the rule reference and quiz (issue 20)."""
from __future__ import annotations

import re

import pytest

from widgets import Explorer
from widgets.stepper import state_panel_html

STATE_PANEL = {  # issue 18, item 6: what each game's panel must show
    "ginormopod": ["Danger level", "Time Tracker", "Chits in the cup", "FX held (Swarm)"],
    "space_vermin": ["Event chit", "Crown Jewels", "VP", "Marines lost"],
    "zombies_giants": ["hearts", "bullets", "items", "zombies killed"],
    "gods_war": ["Web pool", "Androgeus", "Arachne Solara"],
}


@pytest.fixture(scope="module")
def explorers():
    return {}


def explorer(explorers, name):
    if name not in explorers:
        explorers[name] = Explorer(name, seed=1)
    return explorers[name]


@pytest.mark.parametrize("name", sorted(STATE_PANEL))
def test_each_game_shows_its_state_panel_beside_the_log_and_it_follows_the_game(explorers, name):
    ex = explorer(explorers, name)
    panel = ex.stepper.state_panel
    assert panel.layout.display != "none" and "Game state" in panel.value
    for label in STATE_PANEL[name]:
        assert label in panel.value, label
    assert panel in ex.stepper.log_row.children  # beside the log
    ex.stepper.next_turn()
    assert panel.value == state_panel_html(ex.entry.display.state_panel(ex.game.state))


@pytest.mark.parametrize("name", sorted(STATE_PANEL))
def test_the_battle_calculator_gives_the_exact_fraction_on_hover(explorers, name):
    panel = explorer(explorers, name).odds
    panel.compute()
    titles = re.findall(r"title='exact ([^']+)'", panel.headline.value)
    assert len(titles) == len(panel.results)
    shown = re.findall(r">([0-9.]+)%<", panel.headline.value)
    assert sum(float(v) for v in shown) == pytest.approx(100.0)
    bar = panel.fig.data[0]
    assert list(bar.customdata) == titles and "exact %{customdata}" in bar.hovertemplate


def test_the_charts_of_the_tabs_are_made_on_first_use_only(explorers):
    ex = Explorer("ginormopod", seed=2)
    assert ex.odds.chart.children == () and ex.analyze.win_box.children == ()
    assert ex.simulate.charts.children == ()
    ex.odds.compute()
    assert ex.odds.chart.children == (ex.odds.fig,)


def test_win_probability_shows_each_rate_with_its_interval():
    ex = Explorer("zombies_giants", scenario="normal", seed=3)
    ex.analyze.n.value = 4
    ex.analyze.evaluate(wait=True)
    bar = ex.analyze.win_fig.data[0]
    assert all(re.fullmatch(r"\d+% \[\d+%–\d+%\]", t) for t in bar.text)
    assert all(lo >= 0 and hi >= 0 for lo, hi in zip(bar.error_x.arrayminus, bar.error_x.array))


def test_ranked_options_come_best_first_with_intervals():
    ex = Explorer("zombies_giants", scenario="normal", seed=1, players={"Survivor 1": "person"})
    while ex.game.pending is None and not ex.game.finished:
        ex.stepper.next_step()
    ex.analyze.n.value = 2
    ex.analyze.compare(wait=True)
    cmp = ex.analyze.comparison
    assert cmp.best is cmp.options[0]
    assert ex.analyze.options_html.value.count("<tr>") == len(cmp.options) + 1
    assert re.search(r"\d+% \[\d+%–\d+%\]", ex.analyze.options_html.value)


# -- issue 20 in the Explorer ------------------------------------------------------------------------
def test_a_rule_citation_clicked_in_the_log_opens_its_entry_in_the_rules_tab(explorers):
    ex = explorer(explorers, "ginormopod")
    assert "Rules" in ex.tab_names and "Quiz" in ex.tab_names
    row = next(r for r in ex.stepper.log_list.rows if r["i"] >= 0 and r["rule"])
    ex.stepper.log_list.cite(row["i"])
    assert ex.current_tab == "Rules"
    event = next(e for e in ex.stepper.head.log if e.index == row["i"])
    key = ex.rules.reference.for_event(event)[0].key
    assert key in ex.rules.entry.value
    ex.show_tab("Play")
    ex.stepper.log_list.cite(row["i"])  # the same citation again opens it again
    assert ex.current_tab == "Rules"


def test_show_me_opens_the_stepper_a_few_events_before_the_moment_with_its_events_marked(
        explorers):
    ex = explorer(explorers, "ginormopod")
    ex.rules.show("GIN-RETR-03")
    ex.rules.find(wait=True)
    assert ex.banner.message == "", ex.banner.detail
    assert ex.current_tab == "Play" and ex.stepper.viewing_history
    marked = ex.stepper.log_list.marked
    assert ex.game.events_seen + 3 in marked  # the moment, three events ahead
    rows = {r["i"]: r for r in ex.stepper.log_list.rows}
    assert all(i in rows for i in marked)
    ex.stepper.last()  # stepping on plays the moment: the rule is cited there
    assert any("GIN-RETR-03" in (e.ids or ()) or "GIN-RETR-03" in (e.rule or "")
               for e in ex.game.log if e.index in marked)


def test_the_quiz_tab_makes_its_lesson_when_opened_and_answers_through_clicks(explorers):
    ex = explorer(explorers, "ginormopod")
    assert ex.quiz is None  # a lesson plays games: not before it is asked for
    ex.show_tab("Quiz")
    quiz = ex.quiz
    assert quiz is not None and quiz in ex.quiz_page.children
    question = quiz.lesson.current
    right = next(b for b in quiz.options.children if b.description == question.answer)
    right.click()
    assert "re-right" in quiz.feedback.value and "Score per rule" in quiz.score.value


def test_going_to_a_rule_moment_of_the_game_in_play_marks_it(explorers):
    ex = explorer(explorers, "ginormopod")
    ex.stepper.new_game()
    ex.stepper.next_turn()
    ex.goto_marked(5, [5, 9])
    assert ex.current_tab == "Play" and ex.game.events_seen == 6
    assert ex.stepper.log_list.marked == [5, 9]

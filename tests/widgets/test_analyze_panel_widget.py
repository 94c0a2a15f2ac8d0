"""AnalyzePanel: win probability, ranked options with one click to the best, the evaluation curve
(clicking a point rewinds); runs in a thread with a progress bar and can be cancelled."""
from __future__ import annotations

import threading
import time

import pytest

from widgets import Explorer


@pytest.fixture
def explorer():
    return Explorer("zombies_giants", scenario="normal", seed=1)


def test_the_explorer_has_an_analyze_tab(explorer):
    assert "Analyze" in explorer.tab_names and explorer.analyze is not None


def test_win_probability_is_a_bar_with_its_interval(explorer):
    panel = explorer.analyze
    panel.n.value = 4
    panel.evaluate(wait=True)
    assert panel.banner.message == "", panel.banner.detail
    bar = panel.win_fig.data[0]
    assert list(bar.y) == list(explorer.entry.players) and len(bar.error_x.array) == len(bar.y)
    assert panel.progress.value == panel.progress.max == 4 and panel.progress.bar_style == "success"


def test_options_are_ranked_and_the_best_is_taken_in_one_click():
    ex = Explorer("zombies_giants", scenario="normal", seed=1,
                  players={"Survivor 1": "person"})
    while ex.game.pending is None and not ex.game.finished:
        ex.stepper.next_step()
    assert ex.game.pending is not None
    panel = ex.analyze
    panel.n.value = 2
    assert not panel.compare_button.disabled
    panel.compare(wait=True)
    assert panel.banner.message == "", panel.banner.detail
    best = panel.comparison.best.option
    assert "best" in panel.options_html.value and not panel.take_best_button.disabled
    at = ex.game.events_seen
    panel.take_best_button.click()
    assert ex.game.events_seen > at and ex.game.decisions[-1] == best


def test_the_curve_has_a_point_per_turn_and_a_click_rewinds_there(explorer):
    for _ in range(3):
        explorer.stepper.next_turn()
    panel = explorer.analyze
    panel.n.value = 2
    panel.run_curve(wait=True)
    assert panel.banner.message == "", panel.banner.detail
    assert len(panel.curve) >= 2
    line = panel.curve_fig.data[2]
    assert len(line.x) == len(panel.curve)
    from .widget_fakes import click

    click(panel.curve_fig, line.name, 1)  # the browser's click on the curve's second point
    assert explorer.game.events_seen == panel.curve[1]["event"]


def test_analysis_runs_in_the_background_and_cancel_stops_it(explorer):
    panel = explorer.analyze
    panel.n.value = 5000
    started = time.perf_counter()
    panel.evaluate()
    assert time.perf_counter() - started < 1.0  # the click returns at once
    assert panel.running and panel.evaluate_button.disabled and not panel.cancel_button.disabled
    explorer.stepper.next_event()  # the rest of the widget keeps working meanwhile
    panel.cancel_button.click()
    panel.wait(60)
    assert not panel.running and "Cancelled" in panel.status.value
    assert panel.progress.value < 5000 and not panel.evaluate_button.disabled
    assert threading.active_count() >= 1


def test_a_shot_s_exact_odds_stand_beside_the_simulated_rates():
    """A Marine's choice of target: each Vermite target's row shows the shot's exact results."""
    from rules_lib.analysis import PauseAt, compare_options
    from rules_lib.games.space_vermin import GAME

    g = GAME.new_game(scenario="family_jewels", seed=2)
    g.policies["Marines"] = PauseAt(["fire_at"], g.policies["Marines"])
    g.run_to_end()
    cmp = compare_options(g, 2, seed=0)
    panel = Explorer("space_vermin", scenario="family_jewels", seed=2).analyze
    panel._show_comparison(cmp)
    shown = panel.options_html.value
    assert "exact odds of its combat" in shown
    soldier = next(o for o in cmp.options if o.exact is not None)
    first, p = next(iter(soldier.exact.items()))
    assert f"{first} {p} ({float(p):.0%})" in shown


def test_no_exact_column_where_no_option_has_exact_odds():
    ex = Explorer("zombies_giants", scenario="normal", seed=1, players={"Survivor 1": "person"})
    while ex.game.pending is None and not ex.game.finished:
        ex.stepper.next_step()
    ex.analyze.n.value = 2
    ex.analyze.compare(wait=True)
    assert "best" in ex.analyze.options_html.value
    assert "exact odds" not in ex.analyze.options_html.value

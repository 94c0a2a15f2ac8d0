"""Every registered game works in the Explorer: drawn, stepped, rewound, odds and reach asked."""
from __future__ import annotations

import pytest

from rules_lib.registry import game_names
from widgets import Explorer

GAMES = game_names()


@pytest.fixture(params=GAMES or [pytest.param(None, marks=pytest.mark.skip("no game registered"))])
def explorer(request) -> Explorer:
    return Explorer(request.param, seed=1)


def test_every_counter_of_the_start_position_is_drawn(explorer):
    pieces = explorer.entry.board_view.pieces(explorer.game.state)
    assert len(explorer.board_view.trace["units"].x) == len(pieces)
    assert explorer.banner.message == ""


def test_stepping_updates_log_and_board_without_a_problem(explorer):
    units = explorer.board_view.trace["units"]
    for _ in range(3):
        explorer.stepper.buttons["next_step"].click()
    assert explorer.banner.message == "", explorer.banner.detail
    assert len(explorer.stepper.log_list.options) == explorer.game.events_seen > 0
    assert explorer.board_view.trace["units"] is units
    assert len(units.x) == len(explorer.entry.board_view.pieces(explorer.game.state))


def test_the_explorer_opens_after_set_up_with_the_position_drawn(explorer):
    assert explorer.game.state.phase != "Set-Up" or explorer.game.pending is not None
    assert len(explorer.stepper.log_list.options) == explorer.game.events_seen


def test_rewinding_redraws_each_moment_as_it_was(explorer):
    units = explorer.board_view.trace["units"]
    opened = (list(units.hovertext), list(units.x), list(units.y))
    at = explorer.game.events_seen
    explorer.stepper.buttons["next_phase"].click()
    explorer.stepper.goto(at)
    assert (list(units.hovertext), list(units.x), list(units.y)) == opened
    explorer.stepper.buttons["first"].click()  # before Set-Up: the table as the game begins
    assert explorer.game.events_seen == 0
    assert len(units.x) == len(explorer.entry.board_view.pieces(explorer.game.state))


def test_odds_with_the_default_inputs_draw_a_distribution(explorer):
    if explorer.odds is None:
        pytest.skip(f"{explorer.entry.name} has no combat odds")
    explorer.odds.compute_button.click()
    assert explorer.banner.message == "", explorer.banner.detail
    assert len(explorer.odds.fig.data[0].y) > 0


def test_selecting_a_counter_never_breaks_the_widget(explorer, click_point):
    for _ in range(20):  # some games start with an empty map: play until a counter appears
        if len(explorer.board_view.trace["units"].x) or explorer.game.finished:
            break
        explorer.stepper.next_step()
    if not len(explorer.board_view.trace["units"].x):
        pytest.skip("no counter on the map in the first 20 steps")
    click_point(explorer.board_view.fig, "units", 0)
    assert explorer.board_view.selected is not None
    if explorer.reach is not None:
        assert explorer.banner.message == "", explorer.banner.detail

"""Explorer: the kit composed for one game; the board follows the stepper; problems stay visible."""
from __future__ import annotations

import pytest

from widgets import Explorer


def test_explorer_has_a_tab_for_each_thing_the_game_offers(entry):
    ex = Explorer(entry, seed=2)
    assert ex.tab_names == ["Play", "Odds", "Reach", "Setup"]
    assert "re-explorer" in ex._dom_classes


def test_next_step_moves_the_board_in_place(graph_entry):
    ex = Explorer(graph_entry, seed=2, players={"Blue": "person", "Red": "first"})
    units = ex.board_view.trace["units"]
    before = (tuple(units.x), tuple(units.y))
    while ex.game.pending is None:
        ex.stepper.buttons["next_step"].click()
    ex.stepper.answer("B1>Birch")
    ex.stepper.buttons["next_step"].click()
    assert ex.board_view.trace["units"] is units
    assert (units.x[0], units.y[0]) == ex.board_view.xy("Birch")
    assert (tuple(units.x), tuple(units.y)) != before


def test_rewinding_the_log_redraws_the_board_at_that_moment(graph_entry):
    ex = Explorer(graph_entry, seed=4)
    units = ex.board_view.trace["units"]
    start = (list(units.hovertext), list(units.x), list(units.y))
    ex.stepper.buttons["run_to_end"].click()
    assert (list(units.hovertext), list(units.x), list(units.y)) != start
    ex.stepper.log_list.value = 0
    assert (list(units.hovertext), list(units.x), list(units.y)) == start


def test_reach_overlay_follows_a_selected_counter_after_steps(graph_entry, click_point):
    ex = Explorer(graph_entry, seed=2)
    click_point(ex.board_view.fig, "units", 0)
    assert len(ex.board_view.trace["overlay"].x) > 0 and "B1" in ex.selection.value
    ex.stepper.buttons["next_phase"].click()
    assert len(ex.board_view.trace["overlay"].x) > 0


def test_setup_tab_edits_its_own_position_and_plays_it(graph_entry, click_point):
    ex = Explorer(graph_entry, seed=2)
    ex.show_tab("Setup")
    assert ex.editor.active
    click_point(ex.board_view.fig, "locations", 2)
    assert len(ex.board_view.trace["units"].x) == 5 and len(ex.stepper.state.units) == 4
    ex.editor.play_button.click()
    assert ex.tabs.selected_index == 0 and len(ex.stepper.state.units) == 5
    assert ex.game.events_seen == 0


def test_clicks_on_the_board_do_not_edit_outside_the_setup_tab(graph_entry, click_point):
    ex = Explorer(graph_entry, seed=2)
    click_point(ex.board_view.fig, "locations", 2)
    assert len(ex.editor.state.units) == 4


def test_a_failing_rule_shows_in_the_banner_and_the_widget_lives_on(graph_entry):
    ex = Explorer(graph_entry, seed=2)

    def broken_pieces(state):
        raise RuntimeError("pieces() broke")

    ex.board_view.pieces_of = broken_pieces
    ex.stepper.buttons["next_event"].click()
    assert "pieces() broke" in ex.banner.message
    ex.board_view.pieces_of = graph_entry.board_view.pieces
    ex.stepper.buttons["next_event"].click()
    assert ex.banner.message == "" and ex.game.events_seen == 2


def test_a_game_name_is_looked_up_in_the_registry():
    with pytest.raises(KeyError, match="unknown game"):
        Explorer("no_such_game")


def test_a_bad_position_file_leaves_the_game_and_the_board_as_they_were(graph_entry):
    ex = Explorer(graph_entry, seed=2)
    ex.stepper.buttons["next_phase"].click()
    game, state = ex.game, ex.game.state.to_json()
    ex.show_tab("Setup")
    drawn = list(ex.board_view.trace["units"].text)
    ex.editor.json.value = state.replace('"loc": "Elm"', '"loc": "Atlantis"')
    ex.editor.load_button.click()
    assert "Atlantis" in ex.banner.message
    assert list(ex.board_view.trace["units"].text) == drawn
    ex.show_tab("Play")
    assert ex.game is game and ex.game.state.to_json() == state

"""Explorer: the kit composed for one game; the board follows the stepper; problems stay visible."""
from __future__ import annotations

import pytest

from widgets import Explorer


def test_explorer_has_a_tab_for_each_thing_the_game_offers(entry):
    ex = Explorer(entry, seed=2)
    assert ex.tab_names == ["Play", "Odds", "Reach", "Setup"]
    assert ex.body.layout.flex_flow == "row wrap"  # the tabs go under the map when narrow
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
    ex.show_tab("Reach")
    click_point(ex.board_view.fig, "units", 0)
    assert len(ex.board_view.trace["overlay"].x) > 0 and "Ash" in ex.selection.value
    assert "B2" in ex.stack_list.options[0][0]
    ex.stepper.buttons["next_phase"].click()
    assert len(ex.board_view.trace["overlay"].x) > 0


def test_the_overlay_and_the_selection_stay_in_their_tab(graph_entry, click_point):
    ex = Explorer(graph_entry, seed=2)
    click_point(ex.board_view.fig, "units", 0)
    assert len(ex.board_view.trace["overlay"].x) == 0  # Play: no reach overlay
    ex.show_tab("Reach")
    assert "Selected" not in ex.selection.value and ex.board_view.selected is None
    click_point(ex.board_view.fig, "units", 0)
    assert len(ex.board_view.trace["overlay"].x) > 0 and ex.board_view.overlay_legend
    ex.show_tab("Play")
    assert len(ex.board_view.trace["overlay"].x) == 0 and "Selected" not in ex.selection.value
    assert "MP" not in ex.board_view.legend.value and "cost" not in ex.board_view.legend.value


def test_a_click_on_a_stack_lists_it_and_picking_a_counter_selects_it(graph_entry, click_point):
    ex = Explorer(graph_entry, seed=2)
    click_point(ex.board_view.fig, "units", 0)  # B1 under B2 in Ash
    labels = [label for label, _ in ex.stack_list.options]
    assert len(labels) == 2 and labels[0].startswith("B2") and labels[1].startswith("B1")
    ex.stack_list.value = 1
    assert ex.board_view.selected_piece["id"] == "B1"


def test_an_illegal_placement_clicked_on_the_board_stays_on_screen(graph_entry, click_point):
    """Issue 18 item 1: the message used to vanish at once (the click's other, empty, trace
    callbacks cleared the banner the editor had just set)."""
    ex = Explorer(graph_entry, seed=2)
    ex.show_tab("Setup")
    before = ex.editor.state.to_json()
    click_point(ex.board_view.fig, "locations", 0)  # Ash already holds two units
    assert "over-stacked: Ash" in ex.banner.message and ex.banner.layout.display is None
    assert ex.editor.state.to_json() == before


def test_the_selected_log_row_is_highlighted_on_the_map(graph_entry):
    ex = Explorer(graph_entry, seed=2, players={"Blue": "random", "Red": "random"})
    for _ in range(200):
        if any(e.kind == "move" for e in ex.game.log) or ex.game.finished:
            break
        ex.stepper.buttons["next_event"].click()
    move = next(e for e in ex.game.log if e.kind == "move")
    ex.stepper.goto(move.index + 1)
    dest = move.message.rsplit(" ", 1)[-1]
    assert ex.board_view.highlighted == [ex.board_view.resolve(dest)]


def test_setup_tab_edits_its_own_position_and_plays_it(graph_entry, click_point):
    ex = Explorer(graph_entry, seed=2)
    ex.show_tab("Setup")
    assert ex.editor.active
    click_point(ex.board_view.fig, "locations", 2)
    assert len(ex.board_view.pieces) == 5 and len(ex.stepper.state.units) == 4
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

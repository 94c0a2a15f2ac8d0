"""BoardView: every trace built once, counters redrawn in place, clicks select locations."""
from __future__ import annotations

import math

import pytest

from widgets.board_view import BoardView, terrain_name


def view_for(entry, seed: int = 1):
    game = entry.new_game(seed=seed)
    return game, BoardView(entry.board_view.board(game.state), entry.board_view.pieces, game.state,
                           sides=entry.players)


def test_all_layers_exist_from_construction(entry):
    _, bv = view_for(entry)
    names = [t.name for t in bv.fig.data]
    for layer in ("locations", "labels", "overlay", "selection", "units", "edges"):
        assert layer in names
    assert "re-board" in bv._dom_classes


def test_one_click_target_and_label_per_location(entry):
    _, bv = view_for(entry)
    board = entry.board_view.board(None)
    assert len(bv.trace["locations"].x) == len(list(board.locations()))
    assert list(bv.trace["labels"].text) == [board.label(loc) for loc in board.locations()]


def test_graph_board_draws_each_connection_once(graph_entry):
    _, bv = view_for(graph_entry)
    board = graph_entry.board_view.board(None)
    xs = bv.trace["edges"].x
    assert sum(1 for x in xs if math.isnan(x)) == board.graph.number_of_edges()


def test_hex_board_fills_each_terrain_once(hex_entry):
    _, bv = view_for(hex_entry)
    board = hex_entry.board_view.board(None)
    fills = [t for t in bv.fig.data if t.name.startswith("terrain:") and len(t.x)]
    assert sorted(t.meta for t in fills) == sorted({terrain_name(board, h) for h in board})
    polygons = sum(sum(1 for x in t.x if math.isnan(x)) for t in fills)
    assert polygons == len(board)


def test_a_board_that_grows_is_redrawn_in_the_same_traces():
    from rules_lib.core.boards import SquareBoard

    small, big = SquareBoard(2, 2, name="town"), SquareBoard(3, 2, name="town")
    boards = {"small": small, "big": big}
    bv = BoardView(small, lambda state: [{"loc": (1, 1), "side": "A", "label": "a"}], "small",
                   board_of=lambda state: boards[state])
    traces = list(bv.fig.data)
    bv.update("big")
    assert all(a is b for a, b in zip(bv.fig.data, traces)) and len(bv.fig.data) == len(traces)
    assert len(bv.trace["locations"].x) == 6 and bv.fig.layout.xaxis.range[1] > 2.5
    assert not bv.set_board(SquareBoard(3, 2, name="town"))  # same drawing: nothing to redo


def test_square_board_draws_walls_and_doors():
    from .widget_fakes import make_entry

    entry = make_entry("square")
    _, bv = view_for(entry)
    assert len(bv.trace["walls"].x) == 3 and len(bv.trace["doors"].x) == 3


def test_counters_drawn_at_their_locations_with_hover(entry):
    game, bv = view_for(entry)
    units = bv.trace["units"]
    assert list(units.text) == ["", "B2 +1", "R1", "R2"]  # B1 lies under B2
    first = entry.board_view.pieces(game.state)[0]
    assert (units.x[0], units.y[0]) == bv.xy(first["loc"])
    assert "Skirmish" in units.hovertext[0]


def test_stacked_counters_are_offset_and_the_top_one_lists_the_stack(entry):
    game, bv = view_for(entry)
    units = bv.trace["units"]  # B1 and B2 start in the same location
    assert (units.x[0], units.y[0]) != (units.x[1], units.y[1])
    assert "stack: B1, B2" in units.hovertext[1] and "stack" not in units.hovertext[0]


def test_update_changes_properties_of_the_same_trace_objects(entry):
    game, bv = view_for(entry)
    traces_before = list(bv.fig.data)
    units_before = bv.trace["units"]
    game.state.units[0].loc = game.state.units[-1].loc
    bv.update(game.state)
    assert list(bv.fig.data) == traces_before and all(
        a is b for a, b in zip(bv.fig.data, traces_before))
    assert bv.trace["units"] is units_before
    assert (units_before.x[0], units_before.y[0]) == bv.xy(game.state.units[-1].loc)


def test_update_after_a_unit_is_destroyed_drops_its_counter(graph_entry):
    game, bv = view_for(graph_entry)
    game.state.units.pop()
    bv.update(game.state)
    assert len(bv.trace["units"].x) == len(game.state.units)


def test_clicking_a_location_selects_it_and_tells_listeners(entry, click_point):
    _, bv = view_for(entry)
    seen = []
    bv.on_select(lambda loc, piece: seen.append((loc, piece)))
    click_point(bv.fig, "locations", 2)
    assert seen == [(bv.locs[2], None)]
    assert bv.selected == bv.locs[2]
    assert (bv.trace["selection"].x[0], bv.trace["selection"].y[0]) == bv.xy(bv.locs[2])


def test_clicking_a_counter_selects_it_and_its_location(entry, click_point):
    game, bv = view_for(entry)
    seen = []
    bv.on_select(lambda loc, piece: seen.append((loc, piece)))
    click_point(bv.fig, "units", 1)
    loc, piece = seen[-1]
    assert piece["id"] == "B2" and loc == bv.resolve(piece["loc"])


def test_overlay_colours_given_locations_with_their_values(entry):
    _, bv = view_for(entry)
    values = {bv.locs[0]: 0, bv.locs[1]: 2}
    bv.show_overlay(values, title="cost")
    overlay = bv.trace["overlay"]
    assert list(overlay.marker.color) == [0.0, 2.0] and list(overlay.text) == ["0", "2"]
    assert overlay.marker.showscale
    bv.clear_overlay()
    assert len(overlay.x) == 0 and not overlay.marker.showscale


def test_locations_resolve_from_labels_and_json_lists(hex_entry):
    _, bv = view_for(hex_entry)
    h = bv.locs[3]
    assert bv.resolve(bv.label(h)) == h and bv.resolve([h.q, h.r]) == h
    with pytest.raises(ValueError, match="Atlantis"):
        bv.resolve("Atlantis")


def test_a_piece_off_the_map_is_an_error_naming_it(graph_entry):
    game, bv = view_for(graph_entry)
    with pytest.raises(ValueError, match="Mordor"):
        bv.update(pieces=[{"loc": "Mordor", "side": "Blue", "label": "X"}])


def test_widget_state_holds_the_counters_for_views_made_later(graph_entry):
    """A page (re)loaded after a step must draw the counters, not the empty constructor trace."""
    game, bv = view_for(graph_entry)
    game.state.units[0].loc = "Cedar"
    bv.update(game.state)
    bv.show_overlay({"Ash": 1})
    stored = {t["name"]: t for t in bv.fig._widget_data}
    assert list(stored["units"]["x"]) == list(bv.trace["units"].x)
    assert list(stored["overlay"]["x"]) == [bv.xy("Ash")[0]]

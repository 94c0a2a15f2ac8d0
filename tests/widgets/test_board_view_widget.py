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


def test_one_counter_per_location_with_a_badge_counting_its_stack(entry):
    game, bv = view_for(entry)
    units, badges = bv.trace["units"], bv.trace["badges"]
    assert list(units.text) == ["B2", "R1", "R2"]  # B1 lies under B2: the top one is shown
    assert list(badges.text) == ["2"] and len(bv.pieces) == 4
    first = entry.board_view.pieces(game.state)[0]
    assert (units.x[0], units.y[0]) == bv.xy(first["loc"])
    assert "Skirmish" in units.hovertext[0]


def test_the_stack_is_listed_on_hover_and_by_pieces_at(entry):
    game, bv = view_for(entry)
    units = bv.trace["units"]  # B1 and B2 start in the same location
    assert "stack of 2" in units.hovertext[0] and "B1" in units.hovertext[0]
    assert "stack" not in units.hovertext[1]
    assert [p["id"] for p in bv.pieces_at(bv.locs[0])] == ["B1", "B2"]


def test_place_names_are_drawn_above_every_counter(entry):
    _, bv = view_for(entry)
    names = [t.name for t in bv.fig.data]
    assert names[-1] == "labels" and names.index("units") < names.index("labels")


def test_update_changes_properties_of_the_same_trace_objects(entry):
    game, bv = view_for(entry)
    traces_before = list(bv.fig.data)
    units_before = bv.trace["units"]
    game.state.units[0].loc = game.state.units[-1].loc
    bv.update(game.state)
    assert list(bv.fig.data) == traces_before and all(
        a is b for a, b in zip(bv.fig.data, traces_before))
    assert bv.trace["units"] is units_before
    assert bv.xy(game.state.units[-1].loc) in list(zip(units_before.x, units_before.y))
    assert [p["id"] for p in bv.pieces_at(game.state.units[-1].loc)] == ["B1", "R2"]


def test_update_after_a_unit_is_destroyed_drops_its_counter(graph_entry):
    game, bv = view_for(graph_entry)
    game.state.units.pop()
    bv.update(game.state)
    assert len(bv.pieces) == len(game.state.units) and len(bv.trace["units"].x) == 2


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
    click_point(bv.fig, "units", 0)  # the stack of B1 and B2: its top counter
    loc, piece = seen[-1]
    assert piece["id"] == "B2" and loc == bv.resolve(piece["loc"])


def test_overlay_colours_given_locations_in_discrete_steps_with_a_legend(entry):
    _, bv = view_for(entry)
    layout_before = (bv.fig.layout.width, bv.fig.layout.height)
    values = {bv.locs[0]: 0, bv.locs[1]: 2}
    bv.show_overlay(values, title="MP spent")
    overlay = bv.trace["overlay"]
    assert list(overlay.text) == ["0", "2"] and len(set(overlay.marker.color)) == 2
    assert bv.overlay_legend == [(overlay.marker.color[0], "0"), (overlay.marker.color[1], "2")]
    assert "MP spent" in bv.legend.value
    assert (bv.fig.layout.width, bv.fig.layout.height) == layout_before  # no colour bar
    bv.clear_overlay()
    assert len(overlay.x) == 0 and "MP spent" not in bv.legend.value


def test_seen_and_probability_overlays_use_their_own_legends(entry):
    _, bv = view_for(entry)
    bv.show_overlay({bv.locs[0]: 1, bv.locs[1]: 0}, title="visible", kind="seen")
    assert [t for _, t in bv.overlay_legend] == ["seen", "not seen"]
    bv.show_overlay({bv.locs[0]: 0.95, bv.locs[1]: 0.3}, title="P(reach)")
    assert bv.overlay_kind == "probability" and list(bv.trace["overlay"].text) == ["95%", "30%"]
    assert [t for _, t in bv.overlay_legend] == ["80–100%", "20–40%"]


def test_hovering_a_reachable_location_draws_the_path_to_it(graph_entry):
    _, bv = view_for(graph_entry)
    bv.show_overlay({"Ash": 0, "Birch": 1, "Dune": 1, "Elm": 2, "Cedar": 2}, title="MP")
    route = bv.path_to("Elm")
    assert route[0] == "Ash" and route[-1] == "Elm" and len(route) == 3
    bv.show_path(route)
    assert len(bv.trace["path"].x) == 3


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

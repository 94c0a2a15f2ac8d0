"""ReachView: a selection asks the game's movement_reach and colours the board overlay."""
from __future__ import annotations

from dataclasses import replace

from widgets.board_view import BoardView
from widgets.reach_view import LOS, OFF, ReachView


def setup_views(entry):
    game = entry.new_game(seed=1)
    bv = BoardView(entry.board_view.board(game.state), entry.board_view.pieces, game.state, sides=entry.players)
    return game, bv, ReachView(entry, bv, lambda: game.state)


def test_selecting_a_counter_overlays_the_games_reach(entry, click_point):
    game, bv, rv = setup_views(entry)
    click_point(bv.fig, "units", 0)  # the stack of B1 and B2: B2 on top
    expected = entry.reach.movement_reach(game.state, "B2")
    overlay = bv.trace["overlay"]
    assert len(overlay.x) == len(expected)
    assert sorted(bv.overlay.values()) == sorted(float(v) for v in expected.values())
    assert len(set(overlay.marker.color)) == len(set(expected.values()))  # one colour a step
    assert "B2" in rv.summary.value or "B1" in rv.summary.value


def test_selecting_an_empty_place_with_nothing_to_move_is_quiet(graph_entry, click_point):
    graph_entry.reach = replace(graph_entry.reach, movement_reach=lambda state, target: (
        _ for _ in ()).throw(ValueError(f"no unit at {target}")))
    game, bv, rv = setup_views(graph_entry)
    click_point(bv.fig, "locations", 2)
    assert rv.banner.message == "" and "no unit at Cedar" in rv.summary.value
    assert len(bv.trace["overlay"].x) == 0


def test_off_mode_clears_the_overlay(graph_entry, click_point):
    game, bv, rv = setup_views(graph_entry)
    click_point(bv.fig, "units", 0)
    rv.mode.value = OFF
    assert len(bv.trace["overlay"].x) == 0


def test_line_of_sight_mode_on_hex_maps(hex_entry, click_point):
    game, bv, rv = setup_views(hex_entry)
    assert LOS in rv.mode.options
    rv.mode.value = LOS
    click_point(bv.fig, "locations", 0)
    board = hex_entry.board_view.board(None)
    seen = board.visible_from(bv.locs[0], lambda h: board.terrain_at(h) == "forest")
    values = dict(zip(rv.board_view._overlay_locs, bv.overlay.values()))
    colours = dict(zip(rv.board_view._overlay_locs, bv.trace["overlay"].marker.color))
    assert {loc for loc, v in values.items() if v == 1.0} == seen
    assert {loc for loc, c in colours.items() if c == "#2ca02c"} == seen
    assert [t for _, t in bv.overlay_legend] == ["seen", "not seen"]
    assert len(colours) == len(board) and f"{len(seen)} of {len(board)}" in rv.summary.value


def test_no_line_of_sight_mode_when_the_game_has_none(graph_entry):
    _, _, rv = setup_views(graph_entry)
    assert LOS not in rv.mode.options


def test_without_ids_the_stack_is_tried_from_the_top_until_one_can_move(graph_entry, click_point):
    plain = graph_entry.board_view.pieces

    def pieces(state):  # no "id", and a Fort that cannot move lies on top of B1 and B2
        out = [{k: v for k, v in p.items() if k != "id"} for p in plain(state)]
        return out[:2] + [{"loc": "Ash", "side": "Blue", "label": "Fort 3"}] + out[2:]

    def movement_reach(state, target):
        if target not in ("B1", "B2"):
            raise KeyError(f"no unit {target!r}")
        return {"Ash": 0, "Birch": 1}

    graph_entry.board_view = replace(graph_entry.board_view, pieces=pieces)
    graph_entry.reach = replace(graph_entry.reach, movement_reach=movement_reach)
    game, bv, rv = setup_views(graph_entry)
    click_point(bv.fig, "units", 0)  # Ash: the Fort on top of B1 and B2
    assert rv.banner.message == "" and "<b>B2</b>" in rv.summary.value
    assert len(bv.trace["overlay"].x) == 2
    click_point(bv.fig, "units", 1)  # R1 in Elm: nothing there can move
    assert rv.banner.message == "" and "no unit &#x27;Elm&#x27;" in rv.summary.value
    assert len(bv.trace["overlay"].x) == 0

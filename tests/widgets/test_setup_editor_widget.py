"""SetupEditor: edits go through the game's setup API; refusals and bad files keep the position."""
from __future__ import annotations

from widgets.board_view import BoardView
from widgets.setup_editor import MOVE, REMOVE, SetupEditor


def editor_for(entry):
    state = entry.new_game().state
    bv = BoardView(entry.board_view.board(state), entry.board_view.pieces, state, sides=entry.players)
    return bv, SetupEditor(entry, bv, state)


def test_clicking_a_location_places_the_chosen_unit(entry, click_point):
    bv, ed = editor_for(entry)
    ed.kind.value, ed.side.value = "tank", "Red"
    click_point(bv.fig, "locations", 2)
    placed = ed.state.units[-1]
    assert (placed.kind, placed.side, placed.loc) == ("tank", "Red", bv.label(bv.locs[2]))
    assert len(bv.pieces) == 5


def test_an_illegal_placement_shows_why_and_keeps_the_position(graph_entry, click_point):
    bv, ed = editor_for(graph_entry)
    before = ed.state.to_json()
    click_point(bv.fig, "locations", 0)  # Ash already holds two units
    assert "over-stacked: Ash" in ed.banner.message
    assert ed.state.to_json() == before and len(bv.pieces) == 4


def test_move_picks_up_a_counter_then_drops_it(graph_entry, click_point):
    bv, ed = editor_for(graph_entry)
    ed.mode.value = MOVE
    click_point(bv.fig, "units", 1)  # R1 in Elm (one counter per location: Ash, Elm, Dune)
    assert "moving R1" in ed.hint.value
    click_point(bv.fig, "locations", 2)  # Cedar
    assert next(u for u in ed.state.units if u.id == "R1").loc == "Cedar"
    assert ed.banner.message == ""


def test_remove_takes_the_clicked_counter_off(graph_entry, click_point):
    bv, ed = editor_for(graph_entry)
    ed.mode.value = REMOVE
    click_point(bv.fig, "units", 2)  # R2 in Dune
    assert [u.id for u in ed.state.units] == ["B1", "B2", "R1"]


def test_save_then_load_round_trips_the_position(tmp_path, graph_entry):
    bv, ed = editor_for(graph_entry)
    ed.place("Cedar", "tank", "Red")
    path = tmp_path / "position.json"
    ed.path.value = str(path)
    ed.save_button.click()
    saved = ed.state.to_json()
    assert path.read_text() == saved and ed.json.value == saved
    ed.remove("B1")
    ed.load_button.click()
    assert ed.state.to_json() == saved and ed.banner.message == ""


def test_bad_json_shows_in_the_banner_and_the_position_is_unchanged(graph_entry):
    bv, ed = editor_for(graph_entry)
    before = ed.state.to_json()
    ed.json.value = '{"units": [{"id": "B1"'
    ed.load_button.click()
    assert "not valid JSON" in ed.banner.message and ed.state.to_json() == before


def test_a_counter_off_the_map_in_a_loaded_file_is_named(tmp_path, graph_entry):
    bv, ed = editor_for(graph_entry)
    before = ed.state.to_json()
    bad = before.replace('"loc": "Elm"', '"loc": "Atlantis"')
    path = tmp_path / "bad.json"
    path.write_text(bad)
    ed.path.value = str(path)
    ed.load_button.click()
    assert "R1" in ed.banner.message and "Atlantis" in ed.banner.message
    assert str(path) in ed.banner.message
    assert ed.state.to_json() == before
    assert list(bv.trace["units"].text) == ["B2", "R1", "R2"]


def test_a_wrongly_typed_field_is_named(graph_entry):
    bv, ed = editor_for(graph_entry)
    before = ed.state.to_json()
    ed.json.value = before.replace('"turn": 1', '"turn": "soon"')
    ed.load_button.click()
    assert "turn" in ed.banner.message and ed.state.to_json() == before


def test_a_missing_file_is_named(tmp_path, graph_entry):
    bv, ed = editor_for(graph_entry)
    ed.path.value = str(tmp_path / "nope.json")
    ed.load_button.click()
    assert "nope.json" in ed.banner.message


def test_a_printed_map_item_is_refused_by_name_and_units_under_it_are_edited(click_point):
    """Issue 18: removing a Ginormopod Fort said only "Problem id"."""
    from rules_lib.registry import get_game
    from widgets import Explorer

    ex = Explorer("ginormopod", seed=1)
    ex.show_tab("Setup")
    ex.editor.mode.value = REMOVE
    bv = ex.board_view
    fort_only = next(loc for loc in bv.locs
                     if any(p.get("kind") == "Fort" for p in bv.pieces_at(loc)))
    for p in [p for p in bv.pieces_at(fort_only) if p.get("id")]:
        ex.editor.remove(p["id"])
    fort = bv.pieces_at(fort_only)[0]
    assert fort["kind"] == "Fort"
    click_point(bv.fig, "units", bv._stack_locs.index(fort_only))  # as the browser clicks
    assert "Fort" in ex.banner.message and "part of the map" in ex.banner.message
    assert "Problem id" not in ex.banner.value
    with_units = next(loc for loc in bv.locs if len(bv.pieces_at(loc)) > 1
                      and any(p.get("kind") == "Fort" for p in bv.pieces_at(loc)))
    n = len(bv.pieces)
    click_point(bv.fig, "units", bv._stack_locs.index(with_units))
    assert len(bv.pieces) == n - 1 and ex.banner.message == "" and get_game("ginormopod") is ex.entry

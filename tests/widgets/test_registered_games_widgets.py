"""Every registered game works in the Explorer: drawn, stepped, rewound, odds and reach asked."""
from __future__ import annotations

import pytest

from rules_lib.registry import game_names
from widgets import Explorer

GAMES = game_names()


@pytest.fixture(params=GAMES or [pytest.param(None, marks=pytest.mark.skip("no game registered"))])
def explorer(request) -> Explorer:
    return Explorer(request.param, seed=1)


def _on_map(explorer):
    return [p for p in explorer.entry.board_view.pieces(explorer.game.state)
            if p.get("loc") is not None]


def test_every_counter_of_the_start_position_is_drawn(explorer):
    pieces = _on_map(explorer)
    bv = explorer.board_view
    assert len(bv.pieces) == len(pieces)
    assert len(bv.trace["units"].x) == len({bv.resolve(p["loc"]) for p in pieces})  # a stack each
    assert explorer.banner.message == ""


def test_every_game_is_drawn_in_its_own_palette_with_a_legend_and_its_map(explorer):
    d, bv = explorer.entry.display, explorer.board_view
    units = bv.trace["units"]
    for i, top in enumerate(units.customdata):  # each drawn counter in its side's colour
        piece = bv.pieces[top]
        if bv.face(piece).status == "" and piece["side"] in d.side_colors:
            assert units.marker.color[i] == d.side_colors[piece["side"]]
    drawn = [t.meta for t in bv.fig.data if t.name.startswith("feature:") and t.visible]
    assert drawn == [f.name for f in d.features(explorer.game.state)]
    assert all(e.label in html_unescape(bv.legend.value) for e in d.legend(explorer.game.state))
    assert bv.counter_font >= 8  # legible at the default zoom


def html_unescape(text):
    import html

    return html.unescape(text)


def test_the_state_panel_sits_beside_the_log(explorer):
    rows = explorer.entry.display.state_panel(explorer.game.state)
    assert rows and all(html_unescape(str(k)) in html_unescape(explorer.stepper.state_panel.value)
                        for k, _ in rows)
    assert explorer.stepper.state_panel in explorer.stepper.log_row.children


def test_only_the_players_who_decide_are_offered_a_policy(explorer):
    deciding = set(explorer.entry.display.deciding_players(explorer.game.state))
    shown = {p for p, d in explorer.stepper.players.items() if d.layout.display != "none"}
    assert shown == deciding


def test_stepping_updates_log_and_board_without_a_problem(explorer):
    units = explorer.board_view.trace["units"]
    for _ in range(3):
        explorer.stepper.buttons["next_step"].click()
    assert explorer.banner.message == "", explorer.banner.detail
    explorer.stepper.show_trivial.value = True
    assert len(explorer.stepper.log_list.options) == explorer.game.events_seen > 0
    assert explorer.board_view.trace["units"] is units
    assert len(explorer.board_view.pieces) == len(_on_map(explorer))


def test_the_explorer_opens_after_set_up_with_the_position_drawn(explorer):
    assert explorer.game.state.phase != "Set-Up" or explorer.game.pending is not None
    explorer.stepper.show_trivial.value = True
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
    assert len(explorer.board_view.pieces) == len(_on_map(explorer))


def test_odds_with_the_default_inputs_draw_a_distribution(explorer):
    if explorer.odds is None:
        pytest.skip(f"{explorer.entry.name} has no combat odds")
    explorer.odds.compute_button.click()
    assert explorer.banner.message == "", explorer.banner.detail
    assert len(explorer.odds.fig.data[0].y) > 0
    assert sum(p for _, p in explorer.odds.results) == 1


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

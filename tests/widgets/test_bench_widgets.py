"""Speed of the board figure: build it once (< 300 ms), redraw after one step (< 50 ms).

Run: python -m pytest tests/widgets/test_bench_widgets.py -m benchmark --benchmark-only -p no:nbval
Measured on the largest board of every registered game and on a 30 x 20 (600-hex) toy map.
"""
from __future__ import annotations

import itertools

import pytest

from .widget_fakes import Unit, hex_board, make_entry
from rules_lib.registry import game_names, get_game
from widgets import Explorer
from widgets.board_view import BoardView


def large_hex_entry():
    board = hex_board(30, 20)
    labels = [board.label(h) for h in board.locations()]
    units = [Unit(f"{side[0]}{i}", side, "infantry", labels[(i * 37 + offset) % len(labels)])
             for side, offset in (("Blue", 0), ("Red", 300)) for i in range(30)]
    return make_entry(board=board, units=units)


CASES = {"toy_600_hexes": large_hex_entry, **{name: (lambda n=name: get_game(n))
                                              for name in game_names()}}


@pytest.fixture(params=sorted(CASES))
def case(request):
    entry = CASES[request.param]()
    game = entry.new_game(seed=1)
    return entry, game


@pytest.mark.benchmark
def test_bench_build_initial_board_figure(benchmark, case):
    entry, game = case
    board = entry.board_view.board(game.state)
    BoardView(board, entry.board_view.pieces, game.state, sides=entry.players)  # warm plotly imports
    bv = benchmark(BoardView, board, entry.board_view.pieces, game.state, sides=entry.players)
    assert len(bv.trace["units"].x) == len(entry.board_view.pieces(game.state))


@pytest.mark.benchmark
def test_bench_redraw_after_one_step(benchmark, case):
    entry, game = case
    bv = BoardView(entry.board_view.board(game.state), entry.board_view.pieces, game.state, sides=entry.players,
                   board_of=entry.board_view.board)  # as the Explorer draws it: a growing board is redrawn
    states = []
    while len(states) < 40 and game.step_event() is not None:
        if not states or game.state.to_json() != states[-1].to_json():
            states.append(game.state.copy())
    cycle = itertools.cycle(states)
    benchmark(lambda: bv.update(next(cycle)))
    assert len(bv.trace["units"].x) > 0


@pytest.mark.benchmark
def test_bench_next_step_click_in_the_explorer(benchmark, case):
    entry, _ = case
    ex = Explorer(entry, seed=1)

    def click():
        if ex.game.finished or ex.game.pending is not None:
            ex.stepper.new_game()
        ex.stepper.buttons["next_step"].click()

    benchmark(click)
    assert ex.banner.message == "", ex.banner.detail


@pytest.mark.benchmark
def test_bench_select_a_counter_in_the_reach_tab(benchmark, case):
    """A click on a counter with the Reach tab open: the stack list, the odds' memory and the
    reach overlay (the game's movement_reach) all answer it."""
    from .widget_fakes import click

    entry, _ = case
    ex = Explorer(entry, seed=1)
    if "Reach" in ex.tab_names:
        ex.show_tab("Reach")
    n = len(ex.board_view.trace["units"].x)
    points = itertools.cycle(range(n))
    benchmark(lambda: click(ex.board_view.fig, "units", next(points)))
    assert ex.banner.message == "", ex.banner.detail


@pytest.mark.benchmark
def test_bench_click_a_log_row(benchmark, case):
    """A click on a log row rewinds the game to that moment and redraws the board."""
    entry, _ = case
    ex = Explorer(entry, seed=1)
    ex.stepper.next_turn()
    rows = itertools.cycle([r["i"] for r in ex.stepper.log_list.rows if r["i"] >= 0])
    benchmark(lambda: setattr(ex.stepper.log_list, "value", next(rows)))
    assert ex.banner.message == "", ex.banner.detail

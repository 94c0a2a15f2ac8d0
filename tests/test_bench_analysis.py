"""Analysis speed (issue targets: 200 continuations from a mid-game Ginormopod position under 2 s on
one core; a 4-option comparison at 200 continuations each under 8 s; a 2-worker Dask LocalCluster at
least 1.8x as fast). Run: python -m pytest tests/test_bench_analysis.py -m benchmark
--benchmark-only -s"""
from __future__ import annotations

import time

import pytest

from rules_lib.analysis import compare_options, evaluate
from rules_lib.executors import DaskExecutor
from rules_lib.registry import get_game

pytestmark = pytest.mark.benchmark
_seconds: dict[str, float] = {}


def mid_game(seed: int = 3):
    """A Ginormopod game in its second turn, the Humans' next decision pending."""
    game = get_game("ginormopod").new_game(seed=seed, policies={"Human": "person"},
                                           keep_log=False)
    while game.state.turn < 2 or game.pending is None:
        if game.pending is not None:
            game.answer(game.pending.options[0])
        elif game.step_event() is None and game.pending is None:
            break
    assert game.pending is not None and game.state.turn >= 2
    return game


def test_two_hundred_continuations_from_mid_game_on_one_core(benchmark):
    game = mid_game()
    ev = benchmark.pedantic(evaluate, args=(game, 200), kwargs={"seed": 1}, rounds=3,
                            iterations=1)
    assert ev.n == 200
    _seconds["evaluate"] = benchmark.stats.stats.mean
    print(f"\n200 continuations: {_seconds['evaluate']:.2f} s (target under 2 s)")


def test_four_options_at_two_hundred_each_on_one_core(benchmark):
    game = mid_game()
    options = list(range(min(4, len(game.pending.options))))
    result = benchmark.pedantic(compare_options, args=(game, 200),
                                kwargs={"seed": 1, "options": options}, rounds=1, iterations=1)
    assert len(result.options) == len(options)
    seconds = benchmark.stats.stats.mean
    _seconds["compare"] = seconds
    print(f"\n{len(options)} options x 200: {seconds:.2f} s (target under 8 s)")


def test_the_comparison_on_a_two_worker_cluster(benchmark):
    pytest.importorskip("distributed")
    game = mid_game()
    options = list(range(min(4, len(game.pending.options))))
    with DaskExecutor(workers=2) as cluster:
        compare_options(game, 20, seed=10**6, options=options, executor=cluster)  # warm up
        started = time.perf_counter()
        result = benchmark.pedantic(compare_options, args=(game, 200),
                                    kwargs={"seed": 1, "options": options, "executor": cluster},
                                    rounds=1, iterations=1)
        seconds = time.perf_counter() - started
    assert len(result.options) == len(options)
    if "compare" in _seconds:
        print(f"\n2-worker cluster: {seconds:.2f} s, {_seconds['compare'] / seconds:.2f}x "
              "in-process (target 1.8x)")

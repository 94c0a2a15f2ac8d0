"""Analysis speed, the three figures of issue 19: 200 continuations from a mid-game Ginormopod
position (target: under 2 s on one core); a 4-option comparison at 200 continuations each (under
8 s); the same comparison on a 2-worker Dask LocalCluster (at least 1.8x as fast as in-process).

Run: python -m pytest tests/test_bench_analysis.py -m benchmark --benchmark-only -s

Each figure is printed on one line starting "ANALYSIS" with the machine's load average (1 min)
when it was measured, and kept in the benchmark's ``extra_info`` (``--benchmark-json``). Wall time
is the figure; the CPU time of this process is printed beside it, since on a loaded machine the
wall time also counts other programs' turns. The cluster test measures the in-process comparison
itself when run alone, checks both give the same table, and prints the workers' CPU time against
the in-process CPU time (the ratio two idle cores could reach at most)."""
from __future__ import annotations

import os
import time

import pytest

from rules_lib.analysis import compare_options, evaluate
from rules_lib.executors import DaskExecutor
from rules_lib.registry import get_game

pytestmark = pytest.mark.benchmark
N = 200  # continuations per option
_seconds: dict[str, float] = {}  # figures measured in this run, for the cluster's ratio


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


def four_options(game) -> list[int]:
    options = list(range(min(4, len(game.pending.options))))
    assert len(options) == 4, "the benchmark position must offer four options"
    return options


def _load() -> float:
    return os.getloadavg()[0]


def _report(benchmark, key: str, label: str, seconds: float, target: str, **extra: float) -> None:
    """One figure: printed on its own line and kept in the benchmark's extra_info."""
    load = _load()
    benchmark.extra_info.update({key: seconds, "load_1min": load, **extra})
    details = "".join(f", {k} {v:.2f}" for k, v in extra.items())
    print(f"\nANALYSIS {label}: {seconds:.2f} s (target {target}; load {load:.2f}{details})")


def _timed(fn, *args, **kwargs):
    """fn's result, its wall seconds and this process's CPU seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - wall, time.process_time() - cpu


def test_two_hundred_continuations_from_mid_game_on_one_core(benchmark):
    game = mid_game()
    evaluate(game, 5, seed=10**6)  # warm up: this process's first look at the position
    cpu = []

    def run():
        ev, _, used = _timed(evaluate, game, N, seed=1)
        cpu.append(used)
        return ev

    ev = benchmark.pedantic(run, rounds=3, iterations=1)
    assert ev.n == N
    _report(benchmark, "evaluate_s", f"{N} continuations from mid-game",
            benchmark.stats.stats.mean, "under 2 s", cpu_s=sum(cpu) / len(cpu))


def test_four_options_at_two_hundred_each_on_one_core(benchmark):
    game = mid_game()
    options = four_options(game)
    compare_options(game, 5, seed=10**6, options=options)  # warm up
    cpu = []

    def run():
        result, _, used = _timed(compare_options, game, N, seed=1, options=options)
        cpu.append(used)
        return result

    result = benchmark.pedantic(run, rounds=1, iterations=1)
    assert len(result.options) == 4
    _seconds["compare"] = benchmark.stats.stats.mean
    _seconds["compare_cpu"] = cpu[0]
    _seconds["compare_table"] = result.to_frame()
    _report(benchmark, "compare_s", f"4 options x {N}", _seconds["compare"], "under 8 s",
            cpu_s=cpu[0])


def test_the_comparison_on_a_two_worker_cluster(benchmark):
    pytest.importorskip("distributed")
    game = mid_game()
    options = four_options(game)
    if "compare" not in _seconds:  # run alone: measure the in-process comparison here
        compare_options(game, 5, seed=10**6, options=options)
        table, _seconds["compare"], _seconds["compare_cpu"] = _timed(
            compare_options, game, N, seed=1, options=options)
        _seconds["compare_table"] = table.to_frame()
    with DaskExecutor(workers=2) as cluster:
        # warm up: the workers import the game, load its data and build the position
        compare_options(game, 20, seed=10**6, options=options, executor=cluster)
        before = cluster.client.run(time.process_time)
        result = benchmark.pedantic(compare_options, args=(game, N),
                                    kwargs={"seed": 1, "options": options, "executor": cluster},
                                    rounds=1, iterations=1)
        after = cluster.client.run(time.process_time)
    workers_cpu = sum(after[w] - before[w] for w in before)
    assert result.to_frame().equals(_seconds["compare_table"])  # the same table, anywhere
    seconds = benchmark.stats.stats.mean
    ratio = _seconds["compare"] / seconds
    _report(benchmark, "cluster_compare_s", f"4 options x {N} on a 2-worker LocalCluster",
            seconds, "1.8x in-process", in_process_s=_seconds["compare"], ratio=ratio,
            workers_cpu_s=workers_cpu, in_process_cpu_s=_seconds["compare_cpu"])
    print(f"ANALYSIS cluster ratio: {ratio:.2f}x in-process (target at least 1.8x; "
          f"load {_load():.2f}; the workers' CPU {workers_cpu:.2f} s against "
          f"{_seconds['compare_cpu']:.2f} s in-process: on two idle cores at most "
          f"{2 * _seconds['compare_cpu'] / workers_cpu:.2f}x)")

"""Analysis speed, the three figures of issue 19: 200 continuations from a mid-game Ginormopod
position (target: under 2 s on one core); a 4-option comparison at 200 continuations each (under
8 s); the same comparison on a 2-worker Dask LocalCluster (at least 1.8x as fast as in-process).

Run: python -m pytest tests/test_bench_analysis.py -m benchmark --benchmark-only -s

Each figure is printed on one line starting "ANALYSIS" with the machine's load average (1 min)
when it was measured, and kept in the benchmark's ``extra_info`` (``--benchmark-json``). Wall time
is the figure; the CPU time of this process is printed beside it, since on a loaded machine the
wall time also counts other programs' turns. The cluster test alternates an in-process comparison
and a cluster one, three rounds, and compares the medians; it checks both give the same table and
prints the workers' CPU time against the in-process CPU time (the ratio two idle cores could reach
at most)."""
from __future__ import annotations

import os
import statistics
import time

import pytest

from rules_lib.analysis import compare_options, evaluate
from rules_lib.executors import DaskExecutor
from rules_lib.registry import get_game

pytestmark = pytest.mark.benchmark
N = 200  # continuations per option


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
    _report(benchmark, "compare_s", f"4 options x {N}", benchmark.stats.stats.mean, "under 8 s",
            cpu_s=cpu[0])


ROUNDS = 3  # cluster rounds, each beside an in-process round: the ratio is of the two medians


def test_the_comparison_on_a_two_worker_cluster(benchmark):
    """In-process and cluster runs alternate, so both see the same minutes of the machine (the
    in-process time alone drifts by 10% between minutes on an idle machine here)."""
    pytest.importorskip("distributed")
    game = mid_game()
    options = four_options(game)
    compare_options(game, 5, seed=10**6, options=options)  # warm up this process
    in_process: list[float] = []
    in_process_cpu: list[float] = []
    workers_cpu: list[float] = []
    with DaskExecutor(workers=2) as cluster:
        # warm up: the workers import the game, load its data and build the position
        compare_options(game, 20, seed=10**6, options=options, executor=cluster)

        def on_cluster():
            table, seconds, cpu = _timed(compare_options, game, N, seed=1, options=options)
            in_process.append(seconds)
            in_process_cpu.append(cpu)
            before = cluster.client.run(time.process_time)
            result = compare_options(game, N, seed=1, options=options, executor=cluster)
            after = cluster.client.run(time.process_time)
            workers_cpu.append(sum(after[w] - before[w] for w in before))
            assert result.to_frame().equals(table.to_frame())  # the same table, anywhere
            return result

        benchmark.pedantic(on_cluster, rounds=ROUNDS, iterations=1)
    # pytest-benchmark times the whole round (in-process run included): take the cluster's part
    rounds = benchmark.stats.stats.data
    cluster_s = statistics.median(r - ip for r, ip in zip(rounds, in_process))
    in_process_s = statistics.median(in_process)
    ratio = in_process_s / cluster_s
    cpu_in, cpu_workers = statistics.median(in_process_cpu), statistics.median(workers_cpu)
    _report(benchmark, "cluster_compare_s", f"4 options x {N} on a 2-worker LocalCluster "
            f"(median of {ROUNDS} rounds)", cluster_s, "1.8x in-process",
            in_process_s=in_process_s, ratio=ratio, workers_cpu_s=cpu_workers,
            in_process_cpu_s=cpu_in)
    print(f"ANALYSIS cluster ratio: {ratio:.2f}x in-process (target at least 1.8x; "
          f"load {_load():.2f}; rounds: in-process "
          f"{', '.join(f'{x:.2f}' for x in in_process)} s, cluster "
          f"{', '.join(f'{r - ip:.2f}' for r, ip in zip(rounds, in_process))} s; the workers' "
          f"CPU {cpu_workers:.2f} s against {cpu_in:.2f} s in-process: on two idle cores at most "
          f"{2 * cpu_in / cpu_workers:.2f}x)")

"""Games per second in-process against a 2-worker Dask LocalCluster (run:
python -m pytest tests/test_bench_playtest.py -m benchmark --benchmark-only -s).

10,000 Ginormopod games by default (Gods War if Ginormopod is not installed). The cluster is the
one ``executor="dask:2"`` starts, measured after its start-up (workers started and warmed by 200
games of other seeds); RULES_EXPLORER_BENCH_GAMES sets another count. Each run also checks its
result: one row per game, every game finished, and the cluster's table equals the in-process
one."""
from __future__ import annotations

import os
import time

import pandas as pd
import pytest

from rules_lib.executors import DaskExecutor
from rules_lib.playtest import run_games
from rules_lib.registry import game_names

pytestmark = pytest.mark.benchmark

GAME = "ginormopod" if "ginormopod" in game_names() else "gods_war"
N = int(os.environ.get("RULES_EXPLORER_BENCH_GAMES", "10000"))
_results: dict[str, pd.DataFrame] = {}


def _report(benchmark, label: str, df: pd.DataFrame, **extra: float) -> None:
    seconds = benchmark.stats.stats.mean
    benchmark.extra_info.update(game=GAME, games=len(df), games_per_s=len(df) / seconds, **extra)
    print(f"\n{label}: {len(df)} {GAME} games in {seconds:.1f} s = {len(df) / seconds:.1f} games/s")


def test_games_per_second_in_process(benchmark):
    df = benchmark.pedantic(run_games, args=(GAME, N, 0), rounds=1, iterations=1)
    assert len(df) == N and df["outcome"].notna().all()
    _results["in_process"] = df
    _report(benchmark, "in-process", df)


def test_games_per_second_on_a_two_worker_local_cluster(benchmark):
    pytest.importorskip("distributed")
    started = time.perf_counter()
    # the LocalCluster that executor="dask:2" starts (its batch settings: BATCH_CLUSTER_CONFIG)
    with DaskExecutor(workers=2) as cluster:
        # start-up includes each worker's first games (imports, data files, per-process caches);
        # the seeds are outside the measured range
        run_games(GAME, 200, 10**6, executor=cluster)
        start_up = time.perf_counter() - started
        df = benchmark.pedantic(run_games, args=(GAME, N, 0), kwargs={"executor": cluster},
                                rounds=1, iterations=1)
    assert len(df) == N and df["outcome"].notna().all()
    if "in_process" in _results:
        pd.testing.assert_frame_equal(df, _results["in_process"])
    _report(benchmark, "2-worker LocalCluster", df, cluster_start_up_s=start_up)

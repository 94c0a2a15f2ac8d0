"""Executors: the same seed blocks give the same DataFrame in-process, in local processes and on
a Dask cluster, whatever the number of workers."""
from __future__ import annotations

import sys

import pandas as pd
import pytest

from rules_lib.executors import (
    BATCH_CLUSTER_CONFIG,
    DaskExecutor,
    InProcess,
    LocalProcesses,
    get_executor,
)
from rules_lib.playtest import Design, play_block, run_games, seed_blocks, sweep
from rules_lib.registry import get_game

GAME = "gods_war"
LIMIT = "base_game.victory.turn_limit"


@pytest.fixture(scope="module")
def in_process():
    return sweep(GAME, {LIMIT: [6, 10]}, n_per_point=5, seed=11)


@pytest.mark.parametrize("size", [1, 2, 5, 7])
def test_seed_blocks_cover_every_seed_of_every_point_once(size):
    designs = [Design(GAME), Design(GAME, variants=("lust_chains",))]
    blocks = seed_blocks(designs, 5, 11, size)
    played = sorted((b.point, s) for b in blocks for s in range(b.first_seed,
                                                                 b.first_seed + b.count))
    assert played == [(p, s) for p in (0, 1) for s in range(11, 16)]
    assert all(b.count <= size for b in blocks)


def test_a_block_plays_its_seeds_in_order():
    block = seed_blocks([Design(GAME)], 3, 4, 3)[0]
    ticks = []
    result = play_block(block, on_game=lambda: ticks.append(1))
    assert [r["seed"] for r in result.rows] == [4, 5, 6] and len(ticks) == 3
    assert not result.interrupted


def test_default_executor_is_in_process_and_owned():
    ex, owned = get_executor(None)
    assert isinstance(ex, InProcess) and owned


def test_an_executor_given_is_left_to_its_owner():
    mine = InProcess()
    assert get_executor(mine) == (mine, False)


@pytest.mark.parametrize("spec, message", [("threads", "unknown executor 'threads'"),
                                           ("processes:two", "whole number")])
def test_bad_executor_spec_is_a_clear_error(spec, message):
    with pytest.raises(ValueError, match=message):
        get_executor(spec)


def test_dask_executor_without_distributed_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"rules-explorer\[cluster\]"):
        DaskExecutor(workers=1)


def test_local_processes_give_the_in_process_result(in_process):
    with LocalProcesses(2) as ex:
        got = sweep(GAME, {LIMIT: [6, 10]}, n_per_point=5, seed=11, executor=ex, block_size=2)
        # an object every task shares is sent to the workers once and reaches every task
        assert sorted(ex.map_unordered(_plus_shared, [1, 2, 3], shared={"add": 10})) == [
            11, 12, 13]
    pd.testing.assert_frame_equal(got, in_process)


def _plus_shared(task: int, shared: dict, on_game=None) -> int:
    """A task that reads the object every task shares (run in any process)."""
    return task + shared["add"]


@pytest.mark.parametrize("make", [InProcess, lambda: LocalProcesses(2)])
def test_the_shared_object_reaches_every_task(make):
    with make() as ex:
        assert sorted(ex.map_unordered(_plus_shared, [1, 2, 3], shared={"add": 10})) == [
            11, 12, 13]


def _dask_setting(key: str):
    """A Dask setting as a worker process sees it (run there by client.run)."""
    import dask

    return dask.config.get(key)


def _listening_addresses() -> set[str]:
    """The local addresses this process and its children listen on (TCP)."""
    import psutil

    me = psutil.Process()
    pids = {me.pid} | {child.pid for child in me.children(recursive=True)}
    return {c.laddr.ip for c in psutil.net_connections(kind="tcp")
            if c.status == psutil.CONN_LISTEN and c.pid in pids}


def test_two_worker_local_cluster_gives_the_in_process_result(in_process):
    pytest.importorskip("distributed")
    with DaskExecutor(workers=2) as ex:
        client = ex.client
        addresses = list(client.scheduler_info()["workers"])
        assert ex.workers == 2 and all(a.startswith("tcp://127.0.0.1:") for a in addresses)
        assert client.scheduler.address.startswith("tcp://127.0.0.1:")
        assert _listening_addresses() == {"127.0.0.1"}  # nothing the cluster serves is public
        # no dashboard was asked for: the HTTP server Dask always starts does not take the
        # dashboard's well-known port from a cluster the user runs for themselves
        assert client.scheduler_info()["services"].get("dashboard") != 8787
        # the workers play with the batch settings (no 10 ms profiler, a slow health tick)
        for key, value in BATCH_CLUSTER_CONFIG.items():
            seen = client.run(_dask_setting, key)
            assert list(seen.values()) == [value, value], key
        got = sweep(GAME, {LIMIT: [6, 10]}, n_per_point=5, seed=11, executor=ex, block_size=2)
        # analysis continuations come back the same from the cluster's workers
        from rules_lib.analysis import evaluate

        position = get_game(GAME).new_game(seed=3, keep_log=False)
        position.next_turn()
        assert evaluate(position, 8, seed=2, executor=ex).rows.equals(
            evaluate(position, 8, seed=2).rows)
        # a Client given directly is used and left open for its owner
        batch = run_games(GAME, 5, seed=11, executor=client, data_overrides={LIMIT: 10})
        assert client.status == "running"
    assert client.status == "closed"  # the cluster the executor started is gone with it
    pd.testing.assert_frame_equal(got, in_process)
    pd.testing.assert_frame_equal(batch, run_games(GAME, 5, seed=11, data_overrides={LIMIT: 10}))

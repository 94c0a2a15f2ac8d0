"""Speed of whole games and of the odds (pytest-benchmark; skipped in the normal run)."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import GAME, new_game, odds


@pytest.mark.benchmark
def test_bench_one_heuristic_game(benchmark):
    def run():
        g = new_game("both", seed=3, keep_log=False)
        g.run_to_end()
        return g.state
    assert benchmark(run).result is not None


@pytest.mark.benchmark
def test_bench_one_random_game(benchmark):
    def run():
        g = new_game("both", seed=3, keep_log=False,
                     policies={p: "random" for p in GAME.players})
        g.run_to_end()
        return g.state
    assert benchmark(run).result is not None


@pytest.mark.benchmark
def test_bench_androgeus_table(benchmark):
    assert len(benchmark(odds.androgeus_table, 10)) == 20


@pytest.mark.benchmark
def test_bench_arachne_vp_sixteen_dice(benchmark):
    from rules_lib.games.gods_war.battle import BattleDice
    from rules_lib.games.gods_war.data import default_data

    def run():
        return BattleDice(16, default_data().faces).compute_dist().map(lambda kr: kr[0])
    assert benchmark(run).mean() * 6 == 16

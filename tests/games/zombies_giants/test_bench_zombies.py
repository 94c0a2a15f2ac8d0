"""Speed: the full fight-odds grid (3 sizes x hearts 1-12 x bullets 0-5 x 1-2 zombies)."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import odds
from rules_lib.games.zombies_giants.data import default_data


def _cold_grid(mode):
    default_data().solved_fights.clear()  # measure the solving, not the cache
    return odds.odds_grid(mode=mode)


@pytest.mark.benchmark
@pytest.mark.parametrize("mode", ["exact", "fast"])
def test_bench_full_odds_grid(benchmark, mode):
    df = benchmark.pedantic(_cold_grid, args=(mode,), rounds=5, iterations=1)
    assert len(df) == 3 * 12 * 6 * 2
    assert df.p_win.between(-1e-12, 1 + 1e-12).all()


@pytest.mark.benchmark
def test_bench_one_seeded_game(benchmark):
    from rules_lib.core.engine import RandomPolicy
    from rules_lib.games.zombies_giants import GAME, new_game

    def one():
        g = new_game(
            seed=7, keep_log=False, policies={p: RandomPolicy() for p in GAME.players}
        )
        g.run_to_end()
        return g.state.result

    assert benchmark(one) is not None


@pytest.mark.benchmark
def test_bench_heuristic_games_beside_ginormopod(benchmark):
    """Zombies games per second (the heuristic players, as designers sweep them) beside
    Ginormopod's, in the same process: the ratio is in the benchmark's extra info."""
    import time

    from rules_lib.playtest import run_games

    run_games("ginormopod", 5, 10**6)
    started = time.process_time()
    run_games("ginormopod", 100, 0)
    ginormopod = 100 / (time.process_time() - started)
    df = benchmark.pedantic(run_games, args=("zombies_giants", 20, 0), rounds=3, iterations=1)
    assert len(df) == 20 and df["outcome"].notna().all()
    zombies = 20 / benchmark.stats.stats.min
    benchmark.extra_info.update(zombies_games_per_s=zombies, ginormopod_games_per_s=ginormopod,
                                ratio=zombies / ginormopod)

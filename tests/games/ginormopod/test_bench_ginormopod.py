"""Speed: whole heuristic games per second, and exact odds of a 6-vs-6 battle with a Fort."""
from __future__ import annotations

import pytest

from rules_lib.games.ginormopod import new_game
from rules_lib.games.ginormopod.odds import battle_odds, parse_units
from rules_lib.games.ginormopod.volley import volley_dist

# A broad fixed sample: 100 seeds spread over a million, so game lengths are representative
# (the first few seeds happen to be short games and overstate the rate by about half).
SEEDS = tuple(range(7, 1_000_000, 10_000))
GAMES_PER_ROUND = len(SEEDS)


def play_batch():
    results = []
    for seed in SEEDS:
        g = new_game(seed=seed, keep_log=False)
        results.append(g.run_to_end().result)
    return results


@pytest.mark.benchmark(group="ginormopod")
def test_bench_heuristic_games_per_second(benchmark):
    results = benchmark.pedantic(play_batch, rounds=3, iterations=1, warmup_rounds=1)
    assert len(results) == GAMES_PER_ROUND and None not in results
    benchmark.extra_info["games_per_second"] = GAMES_PER_ROUND / benchmark.stats.stats.mean


def odds_6v6():
    volley_dist.cache_clear()  # measure the full computation, not the cache
    # six Human units and four Fort boxes exceed the stacking limit: a what-if beyond the rules,
    # kept as the benchmark's figure since it was first measured
    return battle_odds(parse_units("2xAnt,2xSpider,2xWorm"),
                       parse_units("2xInfantry,2xTank,2xGuard"), fort_strength=4,
                       allow_beyond_rules=True)


@pytest.mark.benchmark(group="ginormopod")
def test_bench_exact_odds_6v6_with_fort(benchmark):
    odds = benchmark(odds_6v6)
    assert 0 < odds.p_attacker_retreats < 1

"""Speed of the exact dice engine (run: pytest tests/core/test_bench_dice.py -m benchmark
--benchmark-only -p no:nbval). Budgets: 12-dice pool and exact 6v6 well under 5 ms; 20v15 fast
mode with the full survivor distribution under 0.25 s. Each benchmark also checks its result."""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pytest

from rules_lib.core.dice import Dist, FloatDist, HitDie, HitPool
from rules_lib.core.markov import solve_absorbing

pytestmark = pytest.mark.benchmark


def one_side_out(state: tuple[int, int]) -> bool:
    return state[0] == 0 or state[1] == 0


def make_battle(ta: int, td: int):
    """A fresh battle transition (nothing cached between benchmark rounds except pool dists).

    Exact mode combines HitPool Dists; fast mode builds the next-state table with numpy from the
    same HitPool Dists converted to float arrays once per unit count.
    """

    @functools.lru_cache(maxsize=None)
    def hit_dist(threshold: int, n: int) -> Dist:
        return HitPool.repeat(HitDie(threshold), n).compute_dist()

    @functools.lru_cache(maxsize=None)
    def hit_array(threshold: int, n: int) -> np.ndarray:
        return np.array(list(hit_dist(threshold, n).floats().values()))

    def transition(state: tuple[int, int], mode: str = "exact") -> Dist | FloatDist:
        a, d = state
        if mode == "exact":
            return hit_dist(ta, a).combine(
                hit_dist(td, d), lambda ha, hd: (max(a - hd, 0), max(d - ha, 0))
            )
        grid = np.outer(hit_array(ta, a), hit_array(td, d))  # [A's hits, D's hits]
        i, j = np.indices(grid.shape)
        outcomes = zip(np.maximum(a - j, 0).ravel().tolist(), np.maximum(d - i, 0).ravel().tolist())
        return FloatDist.from_pairs(outcomes, grid.ravel().tolist())

    return transition


def test_bench_12_mixed_dice_exact(benchmark) -> None:
    thresholds = [2, 3, 4, 5, 6, 3, 4, 5, 2, 6, 4, 3]
    pool = HitPool(tuple(HitDie(t) for t in thresholds))
    dist = benchmark(pool.compute_dist)  # uncached computation
    assert sum(p for _, p in dist.items()) == 1
    assert dist.outcomes == tuple(range(13))
    assert dist.mean() == sum(Fraction(7 - t, 6) for t in thresholds)
    assert dist.p(12) == Fraction(5 * 4 * 3 * 2 * 1 * 4 * 3 * 2 * 5 * 1 * 3 * 4, 6**12)


def test_bench_6v6_battle_exact(benchmark) -> None:
    result = benchmark(lambda: solve_absorbing((6, 6), make_battle(4, 5), one_side_out))
    assert sum(p for _, p in result.items()) == 1
    assert all(one_side_out(s) for s in result.outcomes)
    fast = solve_absorbing((6, 6), make_battle(4, 5), one_side_out, mode="fast")
    assert max(abs(float(p) - fast.p(s)) for s, p in result.items()) < 1e-12


def test_bench_20v15_battle_fast(benchmark) -> None:
    result = benchmark(
        lambda: solve_absorbing((20, 15), make_battle(4, 5), one_side_out, mode="fast")
    )
    assert isinstance(result, FloatDist)
    assert sum(p for _, p in result.items()) == pytest.approx(1.0, abs=1e-12)
    # full survivor distribution: every end state with A or D alive is present
    assert set(result.outcomes) == {(a, 0) for a in range(21)} | {(0, d) for d in range(1, 16)}
    exact = solve_absorbing((20, 15), make_battle(4, 5), one_side_out)
    assert max(abs(float(p) - result.p(s)) for s, p in exact.items()) < 1e-12

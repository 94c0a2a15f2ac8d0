"""Intervals for simulated figures."""
from __future__ import annotations

import math
import random

import pytest

from rules_lib.core.stats import difference_interval, games_needed, mean_interval, wilson


def test_wilson_interval_matches_a_published_value():
    # Wilson 95% for 81 successes in 263 trials: [0.2553, 0.3662] (Newcombe 1998, example)
    ci = wilson(81, 263)
    assert ci.low == pytest.approx(0.2553, abs=1e-4) and ci.high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_stays_inside_zero_one_at_the_extremes():
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    assert 0 < wilson(0, 10).high < 0.35


def test_wilson_covers_the_true_rate_about_95_percent_of_the_time():
    rng = random.Random(1)
    p, n, runs = 0.3, 200, 2000
    hits = 0
    for _ in range(runs):
        k = sum(rng.random() < p for _ in range(n))
        ci = wilson(k, n)
        hits += ci.low <= p <= ci.high
    assert 0.93 <= hits / runs <= 0.97


def test_mean_interval_shrinks_with_more_data():
    a = mean_interval([1, 2, 3, 4] * 5)
    b = mean_interval([1, 2, 3, 4] * 50)
    assert a.estimate == b.estimate == 2.5 and (b.high - b.low) < (a.high - a.low)
    assert math.isnan(mean_interval([]).estimate)


def test_difference_interval_excludes_zero_for_clearly_different_rates():
    d = difference_interval(700, 1000, 500, 1000)
    assert d.estimate == pytest.approx(0.2) and d.low > 0
    assert difference_interval(50, 100, 50, 100).low < 0 < difference_interval(50, 100, 50, 100).high


def test_games_needed_grows_as_the_difference_shrinks():
    assert games_needed(0.5, 0.6) < games_needed(0.5, 0.55)
    assert games_needed(0.5, 0.5) is None
    assert 380 <= games_needed(0.5, 0.6) <= 400  # standard two-proportion sample size ~388


def test_a_mean_of_zeros_and_ones_is_a_proportion_with_the_wilson_interval():
    rare = [0.0] * 66 + [1.0]  # one survivor died in 67 games
    ci = mean_interval(rare)
    assert ci == wilson(1, 67)
    assert ci.low > 0  # the normal interval would reach below 0 here
    assert mean_interval([0.0] * 40).high == 0.0  # constant: no spread at all
    counts = mean_interval([0, 1, 2, 0, 1] * 10)
    assert counts.estimate == 0.8 and counts != wilson(20, 50)


def test_a_paired_difference_is_not_certain_from_one_discordant_pair():
    from rules_lib.core.stats import paired_difference_interval

    one = [(True, True)] * 23 + [(True, False)] + [(False, False)] * 16
    ci = paired_difference_interval(one)
    assert ci.estimate == pytest.approx(1 / 40) and ci.low < 0 < ci.high
    many = [(True, True)] * 10 + [(True, False)] * 20 + [(False, False)] * 10
    ci = paired_difference_interval(many)
    assert ci.estimate == pytest.approx(0.5) and ci.low > 0.25


def test_a_paired_difference_interval_is_antisymmetric_and_within_minus_one_one():
    from rules_lib.core.stats import paired_difference_interval

    pairs = [(True, True)] * 8 + [(True, False)] * 5 + [(False, True)] * 4 + [(False, False)] * 9
    ci = paired_difference_interval(pairs)
    flipped = paired_difference_interval([(y, x) for x, y in pairs])
    assert ci.estimate == pytest.approx(1 / 26)
    assert (flipped.low, flipped.high) == pytest.approx((-ci.high, -ci.low))
    assert -1 <= ci.low < ci.estimate < ci.high <= 1
    same = paired_difference_interval([(True, True)] * 5 + [(False, False)] * 5)
    assert same.estimate == 0 and same.low <= 0 <= same.high

"""Confidence intervals for simulated figures (DESIGN principle 5: Monte Carlo always with an interval)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Interval:
    """An estimate with its lower and upper bound."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """Wilson score interval for a proportion: honest near 0 and 1, unlike the normal interval."""
    if n <= 0:
        return Interval(math.nan, 0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} not within 0..{n}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high)


def mean_interval(values: list[float], z: float = Z95) -> Interval:
    """Mean with a normal-approximation interval (t is not needed at the batch sizes used).

    Values that are all 0 or 1 (and not all alike) are a proportion: they get the Wilson
    interval, which stays within [0, 1] where the normal one of a rare event dips below 0."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    m = sum(values) / n
    if n == 1:
        return Interval(m, math.nan, math.nan)
    ones = sum(1 for v in values if v == 1)
    if 0 < ones < n and ones + sum(1 for v in values if v == 0) == n:
        return wilson(ones, n, z)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return Interval(m, m - half, m + half)


def difference_interval(s1: int, n1: int, s2: int, n2: int, z: float = Z95) -> Interval:
    """Interval for p1 - p2 (Newcombe's method from two Wilson intervals)."""
    a, b = wilson(s1, n1, z), wilson(s2, n2, z)
    d = a.estimate - b.estimate
    low = d - math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2)
    high = d + math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2)
    return Interval(d, low, high)


def games_needed(p1: float, p2: float, z: float = Z95, power_z: float = 0.8416) -> int | None:
    """Games per design to tell p1 from p2 at 95% confidence and 80% power (None if equal)."""
    delta = abs(p1 - p2)
    if delta == 0:
        return None
    pbar = (p1 + p2) / 2
    n = ((z * math.sqrt(2 * pbar * (1 - pbar)) +
          power_z * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2) / delta ** 2
    return math.ceil(n)


def paired_difference_interval(pairs: list[tuple[bool, bool]], z: float = Z95) -> Interval:
    """Interval for p1 - p2 when each trial gives both outcomes (the same seed under two designs):
    Newcombe's score interval for paired proportions (his method 10), from the Wilson intervals of
    the two rates and the correlation of the pairs. Unlike a plain mean of the +1/0/-1
    differences, a single discordant pair cannot make a difference look certain."""
    n = len(pairs)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    a = sum(1 for x, y in pairs if x and y)
    b = sum(1 for x, y in pairs if x and not y)
    c = sum(1 for x, y in pairs if not x and y)
    d = n - a - b - c
    p1, p2 = (a + b) / n, (a + c) / n
    w1, w2 = wilson(a + b, n, z), wilson(a + c, n, z)
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    if denom == 0:
        phi = 0.0
    else:  # the correlation, with Newcombe's continuity correction of the cross product
        cross = a * d - b * c
        cross = max(cross - n / 2, 0.0) if cross > 0 else cross
        phi = cross / math.sqrt(denom)
    diff = p1 - p2
    low = diff - math.sqrt(max(0.0, (p1 - w1.low) ** 2 - 2 * phi * (p1 - w1.low) * (w2.high - p2)
                               + (w2.high - p2) ** 2))
    high = diff + math.sqrt(max(0.0, (w1.high - p1) ** 2 - 2 * phi * (w1.high - p1) * (p2 - w2.low)
                                + (p2 - w2.low) ** 2))
    return Interval(diff, max(-1.0, low), min(1.0, high))

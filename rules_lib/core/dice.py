"""Exact dice: distributions, dice definitions and the dice sources every roll goes through.

This module is the game-independent half of "what the calculator promises is what the game does".
It has three parts.

**Distributions.** `Dist` is an immutable, exact, finite probability distribution over hashable
outcomes. Probabilities are `fractions.Fraction` on the outside; inside, a `Dist` keeps integer
weights over one common denominator (``p(x) = w[x] / den``, reduced so that the representation is
canonical). Convolving, mapping and combining then cost integer multiplications instead of
`Fraction` arithmetic (each `Fraction` operation computes a gcd), which is what keeps a 12-dice pool
or a whole 6-vs-6 battle in the sub-millisecond range. `FloatDist` has the same read API over
float64 probabilities; it is what the fast mode of `rules_lib.core.markov` returns.

    >>> d6 = Dist.uniform(range(1, 7))
    >>> (d6 + d6).p(7)
    Fraction(1, 6)
    >>> (d6 + d6).at_least(10)
    Fraction(1, 6)

**Dice definitions.** A definition (`HitDie`, `HitPool`, `DoublesHit`, `SumDice`, `KeepHighest`,
`DigitDice`, `Capped`) is a small frozen dataclass that says which dice are rolled (`die_sides`) and
how the faces turn into an outcome (`evaluate(faces)`). From that one definition come both

* `dist()` — the exact distribution, by enumerating every face combination through `evaluate`
  (`enumerate_dist()`), or by a faster closed form that the tests check against the enumeration;
  results are cached per definition (definitions are frozen, hence hashable); and
* `roll(source, purpose)` — the faces rolled through a dice source, and `evaluate(faces)`.

So an odds table and a game's combat resolution cannot disagree: they read the same definition.

    >>> HitDie(5).dist()
    Dist({0: 2/3, 1: 1/3})
    >>> HitPool.repeat(HitDie(4), 3).roll(ScriptedDice([6, 1, 4]), "attack").value
    2

**Dice sources.** Randomness is injected. Every roll goes through a `DiceSource`: `SeededDice`
(its own `random.Random`, with a JSON-serialisable state so a saved game resumes bit for bit),
`ScriptedDice` (the rolls a rulebook example states, in order) or `ForcedDice` (wraps a source and
lets an analyst enter the next faces by hand). Each source logs ``(purpose, sides, face)`` for every
face it hands out.
"""

from __future__ import annotations

import abc
import functools
import itertools
import math
import numbers
import operator
import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # pandas is imported lazily: a dice roll must not pay for importing it.
    import pandas as pd

__all__ = [
    "Dist",
    "FloatDist",
    "product",
    "convolve",
    "hit_threshold_prob",
    "RollResult",
    "DiceDefinition",
    "HitDie",
    "HitPool",
    "DoublesHit",
    "SumDice",
    "KeepHighest",
    "DigitDice",
    "Capped",
    "DiceSource",
    "SeededDice",
    "ScriptedDice",
    "ForcedDice",
    "ScriptExhausted",
]

Outcome = Hashable


# --------------------------------------------------------------------------------------------
# Distributions
# --------------------------------------------------------------------------------------------


def _sorted_keys(keys: Iterable[Any]) -> list[Any]:
    """Keys sorted when they are mutually comparable, else in their given order."""
    keys = list(keys)
    try:
        return sorted(keys)
    except TypeError:
        return keys


class Dist:
    """An immutable exact finite distribution: integer weights over one common denominator."""

    __slots__ = ("_w", "_den")

    _w: dict[Outcome, int]
    _den: int

    def __init__(self, mapping: Mapping[Outcome, numbers.Rational | int]) -> None:
        """Build from outcome -> probability (int or Fraction); they must be >= 0 and sum to 1."""
        if not mapping:
            raise ValueError("a distribution needs at least one outcome")
        probs: dict[Outcome, Fraction] = {}
        for outcome, p in mapping.items():
            if isinstance(p, bool) or not isinstance(p, numbers.Rational):
                raise TypeError(
                    f"probability of {outcome!r} is {p!r} ({type(p).__name__}); exact "
                    "distributions take int or Fraction (use FloatDist for floats)"
                )
            p = Fraction(p)
            if p < 0:
                raise ValueError(f"negative probability {p} for outcome {outcome!r}")
            probs[outcome] = p
        total = sum(probs.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities sum to {total}, not 1")
        den = math.lcm(*(p.denominator for p in probs.values()))
        self._set(
            {o: p.numerator * (den // p.denominator) for o, p in probs.items()}, den
        )

    def _set(self, weights: dict[Outcome, int], den: int) -> None:
        """Store weights/den reduced to canonical form (zero weights dropped, gcd 1)."""
        weights = {o: w for o, w in weights.items() if w}
        g = math.gcd(den, *weights.values())
        if g > 1:
            weights = {o: w // g for o, w in weights.items()}
            den //= g
        object.__setattr__(self, "_w", weights)
        object.__setattr__(self, "_den", den)

    @classmethod
    def _from_int_weights(cls, weights: dict[Outcome, int], den: int) -> Dist:
        """Internal fast constructor: trusts that weights are >= 0 and sum to den."""
        self = object.__new__(cls)
        self._set(weights, den)
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Dist is immutable")

    # -- constructors ------------------------------------------------------------------------

    @classmethod
    def point(cls, outcome: Outcome) -> Dist:
        """The certain outcome."""
        return cls._from_int_weights({outcome: 1}, 1)

    @classmethod
    def uniform(cls, values: Iterable[Outcome]) -> Dist:
        """Each listed value equally likely (a value listed twice counts twice)."""
        weights: dict[Outcome, int] = {}
        for v in values:
            weights[v] = weights.get(v, 0) + 1
        if not weights:
            raise ValueError("uniform() needs at least one value")
        return cls._from_int_weights(weights, sum(weights.values()))

    @classmethod
    def from_weights(cls, mapping: Mapping[Outcome, int]) -> Dist:
        """Outcome -> non-negative integer weight (e.g. counts of face combinations)."""
        weights: dict[Outcome, int] = {}
        for outcome, w in mapping.items():
            if isinstance(w, bool) or not isinstance(w, numbers.Integral):
                raise TypeError(f"weight of {outcome!r} is {w!r}; weights must be integers")
            if w < 0:
                raise ValueError(f"negative weight {w} for outcome {outcome!r}")
            weights[outcome] = int(w)
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("weights sum to 0: no outcome is possible")
        return cls._from_int_weights(weights, total)

    # -- reading -----------------------------------------------------------------------------

    def weights(self) -> tuple[dict[Outcome, int], int]:
        """Integer weights and their common denominator (canonical); for fast exact algorithms."""
        return dict(self._w), self._den

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The possible outcomes (probability > 0), sorted when sortable."""
        return tuple(_sorted_keys(self._w))

    def items(self) -> list[tuple[Outcome, Fraction]]:
        """(outcome, probability) pairs, sorted by outcome when sortable."""
        den = self._den
        return [(o, Fraction(self._w[o], den)) for o in _sorted_keys(self._w)]

    def p(self, outcome: Outcome) -> Fraction:
        """Probability of one outcome (0 if impossible)."""
        return Fraction(self._w.get(outcome, 0), self._den)

    def prob(self, event: Callable[[Outcome], bool] | Outcome) -> Fraction:
        """P(event): event is a predicate on outcomes, or a single outcome value."""
        if callable(event):
            return Fraction(sum(w for o, w in self._w.items() if event(o)), self._den)
        return self.p(event)

    def at_least(self, k: Any) -> Fraction:
        """P(outcome >= k)."""
        return self.prob(lambda o: o >= k)

    def at_most(self, k: Any) -> Fraction:
        """P(outcome <= k)."""
        return self.prob(lambda o: o <= k)

    def mean(self) -> Fraction:
        """Expected value (numeric outcomes)."""
        return Fraction(sum(o * w for o, w in self._w.items())) / self._den

    def variance(self) -> Fraction:
        """Variance E[X^2] - E[X]^2 (numeric outcomes)."""
        m = self.mean()
        return Fraction(sum(o * o * w for o, w in self._w.items())) / self._den - m * m

    def std(self) -> float:
        """Standard deviation (a float: square roots are rarely rational)."""
        return math.sqrt(self.variance())

    def floats(self) -> dict[Outcome, float]:
        """Outcome -> float probability, sorted when sortable."""
        den = self._den
        return {o: self._w[o] / den for o in _sorted_keys(self._w)}

    def to_frame(self, outcome_name: str = "outcome") -> pd.DataFrame:
        """A pandas table: outcome, probability (float) and exact (the Fraction as text)."""
        import pandas as pd

        rows = [(o, float(p), str(p)) for o, p in self.items()]
        return pd.DataFrame(rows, columns=[outcome_name, "probability", "exact"])

    def __len__(self) -> int:
        return len(self._w)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._den == other._den and self._w == other._w

    def __hash__(self) -> int:
        return hash((self._den, frozenset(self._w.items())))

    def __repr__(self) -> str:
        shown = self.items()
        body = ", ".join(f"{o!r}: {p}" for o, p in shown[:8])
        if len(shown) > 8:
            body += f", ... ({len(shown)} outcomes)"
        return f"Dist({{{body}}})"

    # -- transforming ------------------------------------------------------------------------

    def map(self, f: Callable[[Outcome], Outcome]) -> Dist:
        """Distribution of f(outcome); outcomes with equal results merge."""
        weights: dict[Outcome, int] = {}
        for o, w in self._w.items():
            k = f(o)
            weights[k] = weights.get(k, 0) + w
        return Dist._from_int_weights(weights, self._den)

    def combine(self, other: Dist, f: Callable[[Outcome, Outcome], Outcome]) -> Dist:
        """Distribution of f(x, y) for x from self and y from other, independent."""
        weights: dict[Outcome, int] = {}
        other_items = list(other._w.items())
        for x, wx in self._w.items():
            for y, wy in other_items:
                k = f(x, y)
                weights[k] = weights.get(k, 0) + wx * wy
        return Dist._from_int_weights(weights, self._den * other._den)

    def __add__(self, other: Dist | numbers.Number) -> Dist:
        """Dist + Dist is the sum of independent draws; Dist + number shifts."""
        if isinstance(other, Dist):
            return self.combine(other, operator.add)
        if isinstance(other, numbers.Number):
            return self.map(lambda o: o + other)
        return NotImplemented

    def __radd__(self, other: numbers.Number) -> Dist:
        if isinstance(other, numbers.Number):  # also makes sum([d1, d2]) work
            return self.map(lambda o: other + o)
        return NotImplemented

    def __sub__(self, other: Dist | numbers.Number) -> Dist:
        """Dist - Dist is the difference of independent draws; Dist - number shifts."""
        if isinstance(other, Dist):
            return self.combine(other, operator.sub)
        if isinstance(other, numbers.Number):
            return self.map(lambda o: o - other)
        return NotImplemented

    def __rsub__(self, other: numbers.Number) -> Dist:
        if isinstance(other, numbers.Number):
            return self.map(lambda o: other - o)
        return NotImplemented

    def __neg__(self) -> Dist:
        return self.map(operator.neg)

    def repeat_sum(self, n: int) -> Dist:
        """Sum of n independent copies (by repeated squaring); n = 0 gives the point 0."""
        if n < 0:
            raise ValueError(f"repeat_sum needs n >= 0, got {n}")
        result = Dist.point(0)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    # -- sampling ----------------------------------------------------------------------------

    def sample(self, source: DiceSource, purpose: str = "") -> Outcome:
        """Draw an outcome with one `den`-sided die; prefer a dice definition's roll() in games.

        A certain outcome is returned without rolling. Otherwise one die with as many sides as the
        common denominator is rolled and its face picks the outcome by cumulative weight in
        sorted-outcome order, so the draw is exactly distributed and replayable from the log.
        """
        if len(self._w) == 1:
            return next(iter(self._w))
        face = source.roll(self._den, purpose)
        upto = 0
        for o in _sorted_keys(self._w):
            upto += self._w[o]
            if face <= upto:
                return o
        raise AssertionError("weights do not sum to the denominator")  # pragma: no cover


class FloatDist:
    """Float64 counterpart of Dist, same read API; returned by fast (non-exact) computations."""

    __slots__ = ("_p",)

    _p: dict[Outcome, float]

    def __init__(self, mapping: Mapping[Outcome, float], *, tol: float = 1e-9) -> None:
        """Build from outcome -> float probability; checks >= -tol and a total within tol of 1."""
        probs = {o: float(p) for o, p in mapping.items() if p != 0}
        if not probs:
            raise ValueError("a distribution needs at least one outcome")
        low = min(probs.values())
        if low < -tol:
            raise ValueError(f"negative probability {low}")
        total = math.fsum(probs.values())
        if abs(total - 1.0) > tol:
            raise ValueError(f"probabilities sum to {total}, not 1")
        object.__setattr__(self, "_p", probs)

    @classmethod
    def from_pairs(cls, outcomes: Iterable[Outcome], probs: Iterable[float]) -> FloatDist:
        """Build from parallel sequences (e.g. a list and a numpy array); duplicates are summed."""
        merged: dict[Outcome, float] = {}
        for o, p in zip(outcomes, probs):
            merged[o] = merged.get(o, 0.0) + float(p)
        return cls(merged)

    @classmethod
    def from_dist(cls, dist: Dist) -> FloatDist:
        """The float version of an exact Dist."""
        return cls(dist.floats())

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("FloatDist is immutable")

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The possible outcomes, sorted when sortable."""
        return tuple(_sorted_keys(self._p))

    def items(self) -> list[tuple[Outcome, float]]:
        """(outcome, probability) pairs, sorted by outcome when sortable."""
        return [(o, self._p[o]) for o in _sorted_keys(self._p)]

    def p(self, outcome: Outcome) -> float:
        """Probability of one outcome (0.0 if impossible)."""
        return self._p.get(outcome, 0.0)

    def prob(self, event: Callable[[Outcome], bool] | Outcome) -> float:
        """P(event): event is a predicate on outcomes, or a single outcome value."""
        if callable(event):
            return math.fsum(p for o, p in self._p.items() if event(o))
        return self.p(event)

    def at_least(self, k: Any) -> float:
        """P(outcome >= k)."""
        return self.prob(lambda o: o >= k)

    def at_most(self, k: Any) -> float:
        """P(outcome <= k)."""
        return self.prob(lambda o: o <= k)

    def mean(self) -> float:
        """Expected value (numeric outcomes)."""
        return math.fsum(o * p for o, p in self._p.items())

    def variance(self) -> float:
        """Variance (numeric outcomes), computed around the mean for accuracy."""
        m = self.mean()
        return math.fsum((o - m) ** 2 * p for o, p in self._p.items())

    def std(self) -> float:
        """Standard deviation."""
        return math.sqrt(self.variance())

    def floats(self) -> dict[Outcome, float]:
        """Outcome -> probability, sorted when sortable."""
        return dict(self.items())

    def to_frame(self, outcome_name: str = "outcome") -> pd.DataFrame:
        """A pandas table: outcome, probability (no "exact" column: these are floats)."""
        import pandas as pd

        return pd.DataFrame(self.items(), columns=[outcome_name, "probability"])

    def __len__(self) -> int:
        return len(self._p)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FloatDist):
            return NotImplemented
        return self._p == other._p

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = self.items()
        body = ", ".join(f"{o!r}: {p:.6g}" for o, p in shown[:8])
        if len(shown) > 8:
            body += f", ... ({len(shown)} outcomes)"
        return f"FloatDist({{{body}}})"


def product(*dists: Dist) -> Dist:
    """Joint distribution of independent dists, as tuples (one entry per dist)."""
    result = Dist.point(())
    for d in dists:
        result = result.combine(d, lambda t, y: t + (y,))
    return result


def convolve(*dists: Dist) -> Dist:
    """Distribution of the sum of independent numeric dists (point 0 if none)."""
    result = Dist.point(0)
    for d in dists:
        result = result + d
    return result


# --------------------------------------------------------------------------------------------
# Dice definitions
# --------------------------------------------------------------------------------------------


def hit_threshold_prob(
    threshold: int, convention: str = "at_least", modifier: int = 0, sides: int = 6
) -> Fraction:
    """P(one die hits): "at_least" means die + modifier >= threshold, "exceeds" means >."""
    if convention not in ("at_least", "exceeds"):
        raise ValueError(f"convention must be 'at_least' or 'exceeds', got {convention!r}")
    lowest_hit_face = threshold - modifier + (1 if convention == "exceeds" else 0)
    hitting_faces = min(max(sides - lowest_hit_face + 1, 0), sides)
    return Fraction(hitting_faces, sides)


@dataclass(frozen=True, slots=True)
class RollResult:
    """What a roll produced: faces in rolling order, the derived outcome, why it was rolled."""

    faces: tuple[int, ...]
    value: Any
    purpose: str


@functools.lru_cache(maxsize=4096)
def _cached_dist(definition: DiceDefinition) -> Dist:
    """One exact Dist per (hashable, frozen) definition, computed once."""
    return definition.compute_dist()


class DiceDefinition(abc.ABC):
    """Base of all dice definitions: dice to roll (die_sides) + evaluate(faces) -> outcome."""

    __slots__ = ()

    @property
    @abc.abstractmethod
    def die_sides(self) -> tuple[int, ...]:
        """Number of sides of each die, in rolling order."""

    @abc.abstractmethod
    def evaluate(self, faces: tuple[int, ...]) -> Any:
        """The outcome these faces produce (the single source of truth for this definition)."""

    def enumerate_dist(self) -> Dist:
        """Exact Dist by brute force: every face combination through evaluate()."""
        weights: dict[Any, int] = {}
        for faces in itertools.product(*(range(1, s + 1) for s in self.die_sides)):
            v = self.evaluate(faces)
            weights[v] = weights.get(v, 0) + 1
        return Dist.from_weights(weights)

    def compute_dist(self) -> Dist:
        """Exact Dist, uncached; subclasses override with a faster equivalent closed form."""
        return self.enumerate_dist()

    def dist(self) -> Dist:
        """Exact Dist of the outcome (cached per definition)."""
        return _cached_dist(self)

    def roll(self, source: DiceSource, purpose: str = "") -> RollResult:
        """Roll the dice through `source` and evaluate the faces."""
        sides = self.die_sides
        if sides and sides.count(sides[0]) == len(sides):
            faces = tuple(source.roll_many(len(sides), sides[0], purpose))
        else:
            faces = tuple([source.roll(s, purpose) for s in sides])
        return RollResult(faces, self.evaluate(faces), purpose)


@dataclass(frozen=True)
class HitDie(DiceDefinition):
    """One die that scores 1 hit or 0: die + modifier >= threshold ("at_least") or > ("exceeds").

    Natural-roll rules: `auto_miss=k` makes a natural face <= k always miss (``auto_miss=1``: "a 1
    always misses"), `auto_hit=k` makes a natural face >= k always hit; auto_miss wins if both
    apply.
    """

    threshold: int
    convention: str = "at_least"
    modifier: int = 0
    sides: int = 6
    auto_miss: int | None = None
    auto_hit: int | None = None

    def __post_init__(self) -> None:
        if self.convention not in ("at_least", "exceeds"):
            raise ValueError(
                f"convention must be 'at_least' or 'exceeds', got {self.convention!r}"
            )
        if self.sides < 1:
            raise ValueError(f"a die needs at least one side, got {self.sides}")

    @property
    def die_sides(self) -> tuple[int, ...]:
        return (self.sides,)

    def hits(self, face: int) -> bool:
        """Whether this natural face is a hit."""
        if self.auto_miss is not None and face <= self.auto_miss:
            return False
        if self.auto_hit is not None and face >= self.auto_hit:
            return True
        total = face + self.modifier
        return total >= self.threshold if self.convention == "at_least" else total > self.threshold

    def evaluate(self, faces: tuple[int, ...]) -> int:
        (face,) = faces
        return 1 if self.hits(face) else 0

    @property
    def p_hit(self) -> Fraction:
        """Probability of a hit."""
        return self.dist().p(1)


@dataclass(frozen=True)
class HitPool(DiceDefinition):
    """Several hit dice rolled together, each with its own threshold; outcome = number of hits."""

    dice: tuple[HitDie, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", tuple(self.dice))  # accept a list, stay hashable

    @classmethod
    def repeat(cls, die: HitDie, n: int) -> HitPool:
        """n identical dice."""
        return cls((die,) * n)

    @property
    def die_sides(self) -> tuple[int, ...]:
        return tuple([d.sides for d in self.dice])

    def roll(self, source: DiceSource, purpose: str = "") -> RollResult:
        """As DiceDefinition.roll (one roll_many when the dice are all alike), without building
        die_sides."""
        dice = self.dice
        if dice:
            sides = dice[0].sides
            for die in dice:
                if die.sides != sides:
                    break
            else:
                faces = tuple(source.roll_many(len(dice), sides, purpose))
                return RollResult(faces, self.evaluate(faces), purpose)
        return DiceDefinition.roll(self, source, purpose)

    def evaluate(self, faces: tuple[int, ...]) -> int:
        if len(faces) != len(self.dice):
            raise ValueError(f"expected {len(self.dice)} faces, got {len(faces)}")
        hits = 0
        for die, face in zip(self.dice, faces):
            if die.hits(face):
                hits += 1
        return hits

    def compute_dist(self) -> Dist:
        """Convolution of the dice's Bernoulli dists (a polynomial product on integer weights)."""
        coeffs = [1]  # coeffs[k] = weight of k hits, over denominator `den`
        den = 1
        for die in self.dice:
            p = die.p_hit
            hit, miss = p.numerator, p.denominator - p.numerator
            new = [c * miss for c in coeffs] + [0]
            for k, c in enumerate(coeffs):
                new[k + 1] += c * hit
            coeffs = new
            den *= p.denominator
        return Dist._from_int_weights(dict(enumerate(coeffs)), den)


@dataclass(frozen=True)
class DoublesHit(DiceDefinition):
    """Two dice: 0 hits if neither >= threshold, 1 if either does, 2 if qualifying doubles."""

    threshold: int
    sides: int = 6

    @property
    def die_sides(self) -> tuple[int, ...]:
        return (self.sides, self.sides)

    def evaluate(self, faces: tuple[int, ...]) -> int:
        a, b = faces
        if a == b and a >= self.threshold:
            return 2
        return 1 if max(a, b) >= self.threshold else 0


@dataclass(frozen=True)
class SumDice(DiceDefinition):
    """Sum of k dice plus a modifier (2d6, 3d6+1, ...)."""

    k: int
    sides: int = 6
    modifier: int = 0

    @property
    def die_sides(self) -> tuple[int, ...]:
        return (self.sides,) * self.k

    def evaluate(self, faces: tuple[int, ...]) -> int:
        return sum(faces) + self.modifier

    def compute_dist(self) -> Dist:
        """Repeated convolution of one die, shifted by the modifier."""
        return Dist.uniform(range(1, self.sides + 1)).repeat_sum(self.k) + self.modifier


@dataclass(frozen=True)
class KeepHighest(DiceDefinition):
    """Highest of k dice plus a modifier ("Advantage")."""

    k: int
    sides: int = 6
    modifier: int = 0

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError(f"KeepHighest needs at least one die, got k={self.k}")

    @property
    def die_sides(self) -> tuple[int, ...]:
        return (self.sides,) * self.k

    def evaluate(self, faces: tuple[int, ...]) -> int:
        return max(faces) + self.modifier

    def compute_dist(self) -> Dist:
        """P(max = m) = (m^k - (m-1)^k) / sides^k."""
        k = self.k
        weights = {m + self.modifier: m**k - (m - 1) ** k for m in range(1, self.sides + 1)}
        return Dist._from_int_weights(weights, self.sides**k)


@dataclass(frozen=True)
class DigitDice(DiceDefinition):
    """k dice read in rolling order as a k-digit number (3d6: 111..666); outcome is an int."""

    k: int = 3
    sides: int = 6

    def __post_init__(self) -> None:
        if not 1 <= self.sides <= 9:
            raise ValueError(f"digit dice need 1..9 sides to read as digits, got {self.sides}")

    @property
    def die_sides(self) -> tuple[int, ...]:
        return (self.sides,) * self.k

    def evaluate(self, faces: tuple[int, ...]) -> int:
        value = 0
        for face in faces:
            value = value * 10 + face
        return value


@dataclass(frozen=True)
class Capped(DiceDefinition):
    """A HitPool of which at most `cap` dice are rolled.

    The dice kept are the best ones: highest chance to hit first, which for dice of one size is the
    lowest effective threshold (threshold - modifier); ties keep the pool's order. The kept dice are
    rolled in that best-first order (see `kept`).
    """

    pool: HitPool
    cap: int

    def __post_init__(self) -> None:
        if self.cap < 0:
            raise ValueError(f"cap must be >= 0, got {self.cap}")

    @property
    def kept(self) -> tuple[HitDie, ...]:
        """The dice actually rolled, best first."""
        ranked = sorted(self.pool.dice, key=lambda d: -d.p_hit)  # stable: ties keep pool order
        return tuple(ranked[: self.cap])

    @property
    def die_sides(self) -> tuple[int, ...]:
        return tuple(d.sides for d in self.kept)

    def evaluate(self, faces: tuple[int, ...]) -> int:
        return HitPool(self.kept).evaluate(faces)

    def compute_dist(self) -> Dist:
        return HitPool(self.kept).dist()


# --------------------------------------------------------------------------------------------
# Dice sources
# --------------------------------------------------------------------------------------------


@runtime_checkable
class DiceSource(Protocol):  # pragma: no mutate block (mutmut would add members to the protocol)
    """Where faces come from. Every roll in the engine goes through one; `log` records them all."""

    log: list[tuple[str, int, int]]

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        """One face in 1..sides."""
        ...

    def roll_many(self, n: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        """n faces in 1..sides, in rolling order."""
        ...


class ScriptExhausted(RuntimeError):
    """A ScriptedDice ran out of faces (and had no fallback source)."""


def _check_face(face: int, sides: int, purpose: str) -> int:
    """Validate a given face against the die it is used for; the error names the roll's purpose."""
    if isinstance(face, bool) or not isinstance(face, numbers.Integral):
        raise TypeError(f"face {face!r} for roll {purpose!r} is not an integer")
    if not 1 <= face <= sides:
        raise ValueError(f"face {face} for roll {purpose!r} is outside 1..{sides}")
    return int(face)


class _LoggingSource(abc.ABC):
    """Shared plumbing: roll_many via roll, and the (purpose, sides, face) log."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int, int]] = []

    @abc.abstractmethod
    def _face(self, sides: int, purpose: str) -> int:
        """The next face in 1..sides (each source decides where it comes from)."""

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        """One face in 1..sides, logged."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side (roll {purpose!r})")
        face = self._face(sides, purpose)
        self.log.append((purpose, sides, face))
        return face

    def roll_many(self, n: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        """n faces in 1..sides, in rolling order, logged."""
        return tuple(self.roll(sides, purpose) for _ in range(n))


class SeededDice(_LoggingSource):
    """Pseudo-random dice from their own random.Random(seed); state is JSON-serialisable."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    @property
    def rng(self) -> random.Random:
        """The random.Random the faces come from (a game's dice source draws from it directly)."""
        return self._rng

    def _face(self, sides: int, purpose: str) -> int:
        return self._rng.randint(1, sides)

    def get_state(self) -> dict[str, Any]:
        """The RNG state as plain JSON data (ints and lists of ints), for saving a game."""
        version, internal, gauss_next = self._rng.getstate()
        return {"version": version, "internal": list(internal), "gauss_next": gauss_next}

    def set_state(self, state: Mapping[str, Any]) -> None:
        """Restore a state from get_state() (also after a JSON round trip)."""
        self._rng.setstate(
            (state["version"], tuple(state["internal"]), state["gauss_next"])
        )


class ScriptedDice(_LoggingSource):
    """Faces given in advance, handed out in order; then a fallback source or ScriptExhausted."""

    def __init__(self, faces: Iterable[int], then: DiceSource | None = None) -> None:
        super().__init__()
        self._faces: deque[int] = deque(faces)
        self.then = then

    @property
    def remaining(self) -> tuple[int, ...]:
        """Scripted faces not used yet."""
        return tuple(self._faces)

    def _face(self, sides: int, purpose: str) -> int:
        if self._faces:
            return _check_face(self._faces.popleft(), sides, purpose)
        if self.then is not None:
            return self.then.roll(sides, purpose)
        raise ScriptExhausted(f"no scripted face left for roll {purpose!r} (d{sides})")


class ForcedDice(_LoggingSource):
    """Wraps a source; faces queued with force() are used first (for "let me enter the roll")."""

    def __init__(self, base: DiceSource) -> None:
        super().__init__()
        self.base = base
        self._forced: deque[int] = deque()

    def force(self, *faces: int) -> None:
        """Queue faces for the next rolls (checked against the die when used)."""
        self._forced.extend(faces)

    @property
    def pending(self) -> tuple[int, ...]:
        """Forced faces not used yet."""
        return tuple(self._forced)

    def _face(self, sides: int, purpose: str) -> int:
        if self._forced:
            return _check_face(self._forced.popleft(), sides, purpose)
        return self.base.roll(sides, purpose)

"""Tests of rules_lib.core.dice: exact Dists, dice definitions against brute force, dice sources."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_lib.core.dice import (
    Capped,
    DiceDefinition,
    DiceSource,
    DigitDice,
    Dist,
    DoublesHit,
    FloatDist,
    ForcedDice,
    HitDie,
    HitPool,
    KeepHighest,
    RollResult,
    ScriptedDice,
    ScriptExhausted,
    SeededDice,
    SumDice,
    convolve,
    hit_threshold_prob,
    product,
)

F = Fraction
D6 = range(1, 7)


def brute(sides: list[int], f) -> Dist:
    """Test oracle: count every face combination; f is written independently in each test."""
    counts = Counter(f(faces) for faces in itertools.product(*(range(1, s + 1) for s in sides)))
    total = sum(counts.values())
    return Dist({k: F(v, total) for k, v in counts.items()})


# --------------------------------------------------------------------------------------------
# Dist
# --------------------------------------------------------------------------------------------


def test_dist_validation_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="sum to 3/4"):
        Dist({1: F(1, 2), 2: F(1, 4)})
    with pytest.raises(ValueError, match="negative probability -1/2 for outcome 2"):
        Dist({1: F(3, 2), 2: F(-1, 2)})
    with pytest.raises(ValueError, match="at least one outcome"):
        Dist({})
    with pytest.raises(TypeError, match="Fraction"):
        Dist({1: 0.5, 2: 0.5})
    with pytest.raises(ValueError, match="negative weight"):
        Dist.from_weights({1: 3, 2: -1})
    with pytest.raises(ValueError, match="sum to 0"):
        Dist.from_weights({1: 0})


def test_dist_constructors_and_reading() -> None:
    d = Dist.from_weights({"b": 2, "a": 1, "c": 0})
    assert d.items() == [("a", F(1, 3)), ("b", F(2, 3))]
    assert d.outcomes == ("a", "b")
    assert d.p("c") == 0 and d.p("zzz") == 0
    assert Dist.point(7).items() == [(7, F(1))]
    assert Dist.uniform([1, 1, 2]).p(1) == F(2, 3)
    assert Dist({1: F(1, 2), 2: F(1, 2)}) == Dist.uniform([1, 2])
    assert Dist({1: 1}) == Dist.point(1)
    # unsortable outcomes keep insertion order instead of failing
    mixed = Dist.from_weights({(1, 2): 1, "x": 1})
    assert mixed.outcomes == ((1, 2), "x")


def test_dist_is_immutable() -> None:
    d = Dist.point(1)
    with pytest.raises(AttributeError):
        d._w = {}  # type: ignore[misc]
    with pytest.raises(AttributeError):
        d.extra = 1  # type: ignore[attr-defined]


def test_dist_prob_mean_variance_against_hand_values() -> None:
    d6 = Dist.uniform(D6)
    assert d6.mean() == F(7, 2)
    assert d6.variance() == F(35, 12)
    assert d6.std() == pytest.approx((35 / 12) ** 0.5)
    two = d6 + d6
    assert two.mean() == 7 and two.variance() == F(35, 6)
    assert two.p(7) == F(6, 36)
    assert two.at_least(10) == F(6, 36)
    assert two.at_most(3) == F(3, 36)
    assert two.prob(lambda s: s % 2 == 0) == F(1, 2)
    assert two.prob(12) == F(1, 36)


def test_dist_arithmetic() -> None:
    d6 = Dist.uniform(D6)
    assert (d6 + 2).outcomes == (3, 4, 5, 6, 7, 8)
    assert (2 + d6) == (d6 + 2)
    assert (d6 - 1).outcomes == tuple(range(6))
    assert (7 - d6) == d6  # symmetric die
    diff = d6 - d6
    assert diff.p(0) == F(6, 36) and diff.p(5) == F(1, 36) and diff.p(-5) == F(1, 36)
    assert sum([d6, d6, d6]) == SumDice(3).dist()
    assert d6.repeat_sum(0) == Dist.point(0)
    assert d6.repeat_sum(5) == convolve(d6, d6, d6, d6, d6)
    assert d6.repeat_sum(5) == brute([6] * 5, sum)
    parity = d6.map(lambda x: x % 2)
    assert parity == Dist.uniform([0, 1])
    coin = Dist.uniform(["H", "T"])
    joint = product(coin, Dist.uniform([1, 2, 3]))
    assert len(joint) == 6 and joint.p(("T", 3)) == F(1, 6)
    assert d6.combine(d6, max) == KeepHighest(2).dist()


def test_floats_and_to_frame() -> None:
    d = HitPool.repeat(HitDie(4), 2).dist()
    assert d.floats() == {0: 0.25, 1: 0.5, 2: 0.25}
    frame = d.to_frame("hits")
    assert list(frame.columns) == ["hits", "probability", "exact"]
    assert frame["hits"].tolist() == [0, 1, 2]
    assert frame["exact"].tolist() == ["1/4", "1/2", "1/4"]
    assert frame["probability"].tolist() == [0.25, 0.5, 0.25]


def test_repr_is_short() -> None:
    assert repr(Dist.uniform([0, 1])) == "Dist({0: 1/2, 1: 1/2})"
    long = repr(DigitDice().dist())
    assert "216 outcomes" in long and len(long) < 200


def test_float_dist_read_api() -> None:
    fd = FloatDist.from_pairs([0, 1, 1, 2], [0.25, 0.25, 0.25, 0.25])
    assert fd.items() == [(0, 0.25), (1, 0.5), (2, 0.25)]
    assert fd.mean() == pytest.approx(1.0)
    assert fd.variance() == pytest.approx(0.5)
    assert fd.at_least(1) == pytest.approx(0.75)
    assert list(fd.to_frame("x").columns) == ["x", "probability"]
    assert FloatDist.from_dist(Dist.uniform([1, 2])).p(2) == 0.5
    with pytest.raises(ValueError, match="sum to"):
        FloatDist({1: 0.5})


@given(st.dictionaries(st.integers(-5, 5), st.integers(0, 50), min_size=1).filter(
    lambda w: sum(w.values()) > 0))
def test_from_weights_sums_to_one_and_is_canonical(weights: dict[int, int]) -> None:
    d = Dist.from_weights(weights)
    assert sum(p for _, p in d.items()) == 1
    total = sum(weights.values())
    for k, w in weights.items():
        assert d.p(k) == F(w, total)
    # the same probabilities through the Fraction constructor give an equal Dist
    assert Dist({k: F(w, total) for k, w in weights.items()}) == d


# --------------------------------------------------------------------------------------------
# Dice definitions against brute force
# --------------------------------------------------------------------------------------------


def test_hit_threshold_prob_hand_values() -> None:
    assert hit_threshold_prob(4) == F(1, 2)
    assert hit_threshold_prob(5, "exceeds") == F(1, 6)
    assert hit_threshold_prob(5, "at_least", modifier=1) == F(1, 2)
    assert hit_threshold_prob(5, "exceeds", modifier=-1) == 0
    assert hit_threshold_prob(1) == 1
    assert hit_threshold_prob(8, sides=10) == F(3, 10)
    assert hit_threshold_prob(0, "exceeds", modifier=-3) == F(3, 6)
    with pytest.raises(ValueError, match="convention"):
        hit_threshold_prob(4, "beats")


@pytest.mark.parametrize("convention", ["at_least", "exceeds"])
@pytest.mark.parametrize("modifier", [-2, 0, 1, 3])
@pytest.mark.parametrize("threshold", range(0, 9))
def test_hit_die_matches_brute_force(convention: str, modifier: int, threshold: int) -> None:
    die = HitDie(threshold, convention, modifier)
    if convention == "at_least":
        oracle = brute([6], lambda f: int(f[0] + modifier >= threshold))
    else:
        oracle = brute([6], lambda f: int(f[0] + modifier > threshold))
    assert die.dist() == oracle
    assert die.enumerate_dist() == oracle
    assert die.p_hit == hit_threshold_prob(threshold, convention, modifier)


def test_hit_die_natural_rolls() -> None:
    assert HitDie(2, modifier=3, auto_miss=1).p_hit == F(5, 6)  # a 1 always misses
    assert HitDie(9, auto_hit=6).p_hit == F(1, 6)  # a 6 always hits
    assert HitDie(7, modifier=1, auto_hit=5).p_hit == F(2, 6)
    assert HitDie(1, auto_miss=2, auto_hit=2).p_hit == F(4, 6)  # auto_miss wins
    with pytest.raises(ValueError, match="convention"):
        HitDie(4, "over")


def test_hit_pool_mixed_thresholds_matches_brute_force() -> None:
    dice = (HitDie(2), HitDie(4, "exceeds"), HitDie(5, modifier=1), HitDie(6), HitDie(3, sides=4))
    pool = HitPool(dice)
    oracle = brute(
        [6, 6, 6, 6, 4],
        lambda f: (f[0] >= 2) + (f[1] > 4) + (f[2] + 1 >= 5) + (f[3] >= 6) + (f[4] >= 3),
    )
    assert pool.dist() == oracle
    assert pool.enumerate_dist() == oracle
    # hand value: P(0 hits) = 1/6 * 4/6 * 3/6 * 5/6 * 2/4
    assert pool.dist().p(0) == F(1, 6) * F(4, 6) * F(3, 6) * F(5, 6) * F(2, 4)
    assert HitPool(()).dist() == Dist.point(0)
    assert HitPool([HitDie(4)]) == HitPool((HitDie(4),))  # a list is accepted and frozen


def test_hit_pool_binomial_hand_values() -> None:
    d = HitPool.repeat(HitDie(5), 3).dist()
    assert d.items() == [(0, F(8, 27)), (1, F(12, 27)), (2, F(6, 27)), (3, F(1, 27))]
    assert d.mean() == 1


def test_doubles_hit_hand_values_and_brute_force() -> None:
    d = DoublesHit(4).dist()
    assert d.p(2) == F(3, 36)  # 44, 55, 66
    assert d.p(0) == F(9, 36)  # both dice 1..3
    assert d.p(1) == F(36 - 9 - 3, 36)

    def oracle(f: tuple[int, ...]) -> int:
        if f[0] == f[1] and f[0] >= 4:
            return 2
        return 1 if f[0] >= 4 or f[1] >= 4 else 0

    assert d == brute([6, 6], oracle)
    assert DoublesHit(6).dist().items() == [(0, F(25, 36)), (1, F(10, 36)), (2, F(1, 36))]
    # 33 does not qualify at threshold 4: one die would not either, so 0 hits
    assert DoublesHit(4).evaluate((3, 3)) == 0
    assert DoublesHit(4).evaluate((3, 5)) == 1


@pytest.mark.parametrize("k,modifier", [(1, 0), (2, 0), (3, 0), (2, 3), (4, -1)])
def test_sum_dice_matches_brute_force(k: int, modifier: int) -> None:
    oracle = brute([6] * k, lambda f: sum(f) + modifier)
    assert SumDice(k, modifier=modifier).dist() == oracle
    assert SumDice(k, modifier=modifier).enumerate_dist() == oracle


def test_sum_dice_hand_values() -> None:
    assert SumDice(2).dist().p(7) == F(1, 6)
    three = SumDice(3).dist()
    assert three.p(10) == F(27, 216) and three.p(3) == F(1, 216) and three.mean() == F(21, 2)
    assert SumDice(0, modifier=4).dist() == Dist.point(4)


@pytest.mark.parametrize("k,sides,modifier", [(1, 6, 0), (2, 6, 0), (3, 6, 1), (2, 8, -2)])
def test_keep_highest_matches_brute_force(k: int, sides: int, modifier: int) -> None:
    oracle = brute([sides] * k, lambda f: max(f) + modifier)
    assert KeepHighest(k, sides, modifier).dist() == oracle
    assert KeepHighest(k, sides, modifier).enumerate_dist() == oracle


def test_keep_highest_hand_values() -> None:
    adv = KeepHighest(2).dist()
    assert adv.p(6) == F(11, 36) and adv.p(1) == F(1, 36)
    assert adv.mean() == F(161, 36)


def test_digit_dice_covers_exactly_111_to_666() -> None:
    d = DigitDice().dist()
    expected = {100 * a + 10 * b + c for a in D6 for b in D6 for c in D6}
    assert len(d) == 216 and set(d.outcomes) == expected
    assert min(d.outcomes) == 111 and max(d.outcomes) == 666
    assert all(p == F(1, 216) for _, p in d.items())
    assert d.p(123) == F(1, 216) and d.p(170) == 0
    assert DigitDice(2).dist() == brute([6, 6], lambda f: 10 * f[0] + f[1])
    assert DigitDice().evaluate((3, 1, 6)) == 316  # read in rolling order
    with pytest.raises(ValueError):
        DigitDice(2, sides=10)


def test_capped_keeps_the_best_dice() -> None:
    pool = HitPool((HitDie(6), HitDie(3), HitDie(5), HitDie(2, modifier=-2), HitDie(4, modifier=1)))
    capped = Capped(pool, 2)
    # effective thresholds: 6, 3, 5, 4, 3 -> keep the two 3+ dice, in pool order
    assert capped.kept == (HitDie(3), HitDie(4, modifier=1))
    oracle = brute([6, 6], lambda f: (f[0] >= 3) + (f[1] + 1 >= 4))
    assert capped.dist() == oracle
    assert capped.enumerate_dist() == oracle
    assert Capped(pool, 10).dist() == pool.dist()
    assert Capped(pool, 0).dist() == Dist.point(0)


ALL_DEFINITIONS: list[DiceDefinition] = [
    HitDie(4),
    HitDie(3, "exceeds", modifier=1, auto_miss=1),
    HitPool((HitDie(2), HitDie(5), HitDie(4, "exceeds"))),
    DoublesHit(4),
    DoublesHit(5, sides=8),
    SumDice(2),
    SumDice(3, modifier=-3),
    KeepHighest(3),
    DigitDice(),
    DigitDice(2, sides=4),
    Capped(HitPool((HitDie(6), HitDie(2), HitDie(4))), 2),
]


@pytest.mark.parametrize("definition", ALL_DEFINITIONS, ids=repr)
def test_dist_equals_enumeration_through_evaluate(definition: DiceDefinition) -> None:
    """The odds and the rolls come from one definition: dist() == every face through evaluate."""
    faces_space = itertools.product(*(range(1, s + 1) for s in definition.die_sides))
    counts = Counter(definition.evaluate(faces) for faces in faces_space)
    assert definition.dist() == Dist.from_weights(counts)
    assert definition.compute_dist() == definition.dist()
    assert sum(p for _, p in definition.dist().items()) == 1


@pytest.mark.parametrize("definition", ALL_DEFINITIONS, ids=repr)
def test_roll_with_scripted_faces_gives_evaluate(definition: DiceDefinition) -> None:
    rng = random.Random(repr(definition))
    for _ in range(20):
        faces = tuple(rng.randint(1, s) for s in definition.die_sides)
        source = ScriptedDice(faces)
        result = definition.roll(source, "test roll")
        assert result == RollResult(faces, definition.evaluate(faces), "test roll")
        assert source.log == [("test roll", s, f) for s, f in zip(definition.die_sides, faces)]
        assert source.remaining == ()


def test_roll_values_by_hand() -> None:
    pool = HitPool.repeat(HitDie(4), 3)
    assert pool.roll(ScriptedDice([6, 1, 4]), "attack").value == 2
    assert DoublesHit(4).roll(ScriptedDice([5, 5]), "tank").value == 2
    assert SumDice(2, modifier=1).roll(ScriptedDice([3, 4])).value == 8
    assert DigitDice().roll(ScriptedDice([2, 5, 1])).value == 251
    capped = Capped(HitPool((HitDie(6), HitDie(2))), 1)
    assert capped.roll(ScriptedDice([2]), "capped").value == 1  # only the 2+ die is rolled


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 8), st.sampled_from(["at_least", "exceeds"]), st.integers(-2, 2)),
        min_size=0,
        max_size=4,
    ),
    st.randoms(use_true_random=False),
)
def test_hit_pool_is_convolution_of_its_dice_in_any_order(specs, rnd) -> None:
    dice = [HitDie(t, c, m) for t, c, m in specs]
    pool_dist = HitPool(tuple(dice)).dist()
    shuffled = dice[:]
    rnd.shuffle(shuffled)
    assert HitPool(tuple(shuffled)).dist() == pool_dist
    assert convolve(*(d.dist() for d in shuffled)) == pool_dist
    oracle = brute([6] * len(dice), lambda f: sum(d.hits(x) for d, x in zip(dice, f)))
    assert pool_dist == oracle
    assert sum(p for _, p in pool_dist.items()) == 1


# --------------------------------------------------------------------------------------------
# Dice sources
# --------------------------------------------------------------------------------------------


def test_scripted_dice_order_and_exhaustion() -> None:
    dice = ScriptedDice([3, 1, 6])
    assert dice.roll(6, "first") == 3
    assert dice.roll_many(2, 6, "pair") == (1, 6)
    assert dice.log == [("first", 6, 3), ("pair", 6, 1), ("pair", 6, 6)]
    with pytest.raises(ScriptExhausted, match="Fresh Tank attack") as err:
        dice.roll(6, "Fresh Tank attack")
    assert isinstance(err.value, RuntimeError)


def test_scripted_dice_validates_faces_naming_the_purpose() -> None:
    with pytest.raises(ValueError, match="morale check"):
        ScriptedDice([7]).roll(6, "morale check")
    with pytest.raises(ValueError, match="outside 1..6"):
        ScriptedDice([0]).roll(6, "x")
    assert ScriptedDice([9]).roll(10, "d10") == 9


def test_scripted_dice_falls_back() -> None:
    fallback = ScriptedDice([5, 2])
    dice = ScriptedDice([1], then=fallback)
    assert dice.roll_many(3, 6, "r") == (1, 5, 2)
    assert dice.log == [("r", 6, 1), ("r", 6, 5), ("r", 6, 2)]


def test_seeded_dice_reproducible_and_in_range() -> None:
    a, b = SeededDice(42), SeededDice(42)
    rolls = a.roll_many(200, 6, "x")
    assert rolls == b.roll_many(200, 6, "x")
    assert set(rolls) == set(D6)
    assert SeededDice(43).roll_many(200) != rolls
    assert all(1 <= SeededDice(1).roll(20) <= 20 for _ in range(50))
    assert len(a.log) == 200 and a.log[0] == ("x", 6, rolls[0])
    # independent of the global random module
    random.seed(0)
    c = SeededDice(42)
    random.random()
    assert c.roll_many(200, 6, "x") == rolls


def test_seeded_dice_state_round_trips_through_json() -> None:
    dice = SeededDice(7)
    dice.roll_many(13)
    saved = json.loads(json.dumps(dice.get_state()))
    expected = dice.roll_many(50, 6)
    restored = SeededDice(999)
    restored.set_state(saved)
    assert restored.roll_many(50, 6) == expected
    dice.set_state(saved)
    assert dice.roll_many(50, 6) == expected


def test_forced_dice() -> None:
    base = ScriptedDice([4, 4, 4])
    dice = ForcedDice(base)
    dice.force(6, 1)
    assert dice.pending == (6, 1)
    assert dice.roll_many(3, 6, "what-if") == (6, 1, 4)
    assert dice.log == [("what-if", 6, 6), ("what-if", 6, 1), ("what-if", 6, 4)]
    dice.force(8)
    with pytest.raises(ValueError, match="assault"):
        dice.roll(6, "assault")
    assert isinstance(dice, DiceSource) and isinstance(SeededDice(1), DiceSource)


def test_dist_sample_is_exact_and_replayable() -> None:
    d = Dist({"a": F(1, 4), "b": F(1, 2), "c": F(1, 4)})
    # one 4-sided die: face 1 -> a, 2-3 -> b, 4 -> c
    picks = [d.sample(ScriptedDice([f]), "pick") for f in (1, 2, 3, 4)]
    assert picks == ["a", "b", "b", "c"]
    certain = ScriptedDice([])
    assert Dist.point("x").sample(certain, "no roll needed") == "x"
    assert certain.log == []
    seeded = SeededDice(3)
    counts = Counter(d.sample(seeded) for _ in range(4000))
    assert abs(counts["b"] / 4000 - 0.5) < 0.05


# --------------------------------------------------------------------------------------------
# Each behaviour alone, exact values. compute_dist() is called directly where it matters:
# dist() is cached per definition, so a cached answer would hide a broken closed form.
# --------------------------------------------------------------------------------------------


def test_dist_negation_mirrors_the_outcomes() -> None:
    assert -Dist({1: F(1, 4), 2: F(3, 4)}) == Dist({-1: F(1, 4), -2: F(3, 4)})


def test_equal_dists_hash_alike_and_different_ones_apart() -> None:
    assert hash(Dist.uniform([1, 2])) == hash(Dist({1: F(1, 2), 2: F(1, 2)}))
    assert len({Dist.uniform([1, 2]), Dist({1: F(1, 2), 2: F(1, 2)})}) == 1
    different = [Dist.point(1), Dist.point(2), Dist.uniform([1, 2]), Dist.uniform([1, 3])]
    assert len({hash(d) for d in different}) == 4


def test_repr_shows_eight_outcomes_in_full() -> None:
    assert repr(Dist.uniform(range(8))) == \
        "Dist({0: 1/8, 1: 1/8, 2: 1/8, 3: 1/8, 4: 1/8, 5: 1/8, 6: 1/8, 7: 1/8})"


def test_repr_of_more_than_eight_outcomes_shows_eight_and_the_count() -> None:
    assert repr(Dist.uniform(range(9))) == (
        "Dist({0: 1/9, 1: 1/9, 2: 1/9, 3: 1/9, 4: 1/9, 5: 1/9, 6: 1/9, 7: 1/9, "
        "... (9 outcomes)})")


def test_repeat_sum_of_a_negative_count_is_refused() -> None:
    with pytest.raises(ValueError) as err:
        Dist.point(1).repeat_sum(-2)
    assert str(err.value) == "repeat_sum needs n >= 0, got -2"


def test_to_frame_names_the_outcome_column_outcome_by_default() -> None:
    assert list(Dist.uniform([1, 2]).to_frame().columns) == ["outcome", "probability", "exact"]


def test_float_dist_reading_by_hand() -> None:
    fd = FloatDist({0: 0.25, 1: 0.5, 3: 0.25})
    assert fd.prob(1) == 0.5 and fd.prob(2) == 0.0
    assert fd.at_most(1) == 0.75 and fd.at_most(0) == 0.25
    assert fd.floats() == {0: 0.25, 1: 0.5, 3: 0.25}
    assert fd.mean() == 1.25
    assert fd.variance() == pytest.approx(1.1875) and fd.std() == pytest.approx(1.1875 ** 0.5)


def test_float_dist_equality_compares_the_probabilities() -> None:
    assert FloatDist({1: 0.5, 2: 0.5}) == FloatDist({2: 0.5, 1: 0.5})
    assert FloatDist({1: 0.5, 2: 0.5}) != FloatDist({1: 0.25, 2: 0.75})
    assert FloatDist({1: 1.0}) != Dist.point(1)


def test_float_dist_repr_shows_eight_outcomes_then_the_count() -> None:
    assert repr(FloatDist({1: 0.25, 2: 0.75})) == "FloatDist({1: 0.25, 2: 0.75})"
    eight = FloatDist({k: 0.125 for k in range(8)})
    assert repr(eight) == ("FloatDist({0: 0.125, 1: 0.125, 2: 0.125, 3: 0.125, 4: 0.125, "
                           "5: 0.125, 6: 0.125, 7: 0.125})")
    nine = FloatDist({k: 1 / 9 for k in range(9)})
    assert repr(nine) == ("FloatDist({0: 0.111111, 1: 0.111111, 2: 0.111111, 3: 0.111111, "
                          "4: 0.111111, 5: 0.111111, 6: 0.111111, 7: 0.111111, ... (9 outcomes)})")


def test_float_dist_to_frame_holds_the_items() -> None:
    frame = FloatDist({2: 0.25, 1: 0.75}).to_frame()
    assert list(frame.columns) == ["outcome", "probability"]
    assert frame.values.tolist() == [[1, 0.75], [2, 0.25]]


def test_keep_highest_closed_form_shifts_by_the_modifier() -> None:
    assert KeepHighest(2, 4, 3).compute_dist() == brute([4, 4], lambda f: max(f) + 3)
    assert KeepHighest(2, 4, -3).compute_dist() == brute([4, 4], lambda f: max(f) - 3)


def test_keep_highest_needs_a_die() -> None:
    with pytest.raises(ValueError) as err:
        KeepHighest(0)
    assert str(err.value) == "KeepHighest needs at least one die, got k=0"


@pytest.mark.parametrize("sides", [1, 9])
def test_digit_dice_of_one_to_nine_sides_are_allowed(sides: int) -> None:
    d = DigitDice(2, sides=sides).compute_dist()
    assert d == brute([sides, sides], lambda f: 10 * f[0] + f[1])
    assert d.outcomes[-1] == 11 * sides


@pytest.mark.parametrize("sides", [0, 10])
def test_digit_dice_outside_one_to_nine_sides_are_refused(sides: int) -> None:
    with pytest.raises(ValueError) as err:
        DigitDice(2, sides=sides)
    assert str(err.value) == f"digit dice need 1..9 sides to read as digits, got {sides}"


def test_a_negative_cap_is_refused() -> None:
    with pytest.raises(ValueError) as err:
        Capped(HitPool(()), -1)
    assert str(err.value) == "cap must be >= 0, got -1"


def test_forced_dice_pass_the_purpose_to_the_base_source() -> None:
    base = ScriptedDice([4])
    assert ForcedDice(base).roll(6, "assault") == 4
    assert base.log == [("assault", 6, 4)]


def test_a_pool_of_mixed_dice_rolls_each_die_with_its_own_size() -> None:
    pool = HitPool((HitDie(4), HitDie(3, sides=4), HitDie(6)))
    source = ScriptedDice([5, 2, 6])
    assert pool.roll(source, "volley") == RollResult((5, 2, 6), 2, "volley")
    assert source.log == [("volley", 6, 5), ("volley", 4, 2), ("volley", 6, 6)]


def test_a_pool_of_one_die_rolls_it() -> None:
    source = ScriptedDice([4])
    assert HitPool((HitDie(4),)).roll(source) == RollResult((4,), 1, "")
    assert source.log == [("", 6, 4)]


def test_a_roll_without_a_purpose_has_an_empty_one() -> None:
    source = ScriptedDice([3, 1])
    assert SumDice(2).roll(source) == RollResult((3, 1), 4, "")
    assert source.log == [("", 6, 3), ("", 6, 1)]


def test_a_bool_or_a_float_face_is_refused_naming_the_roll() -> None:
    with pytest.raises(TypeError) as err:
        ScriptedDice([True]).roll(6, "morale")
    assert str(err.value) == "face True for roll 'morale' is not an integer"
    with pytest.raises(TypeError):
        ScriptedDice([2.0]).roll(6, "morale")


def test_scripted_dice_fall_back_with_the_purpose() -> None:
    base = ScriptedDice([2])
    assert ScriptedDice([], then=base).roll(6, "reserve") == 2
    assert base.log == [("reserve", 6, 2)]


def test_a_definition_without_dice_rolls_nothing() -> None:
    source = ScriptedDice([])
    assert SumDice(0, modifier=4).roll(source) == RollResult((), 4, "")
    assert HitPool(()).roll(source, "none") == RollResult((), 0, "none")
    assert source.log == []


def test_dists_with_one_common_denominator_but_different_weights_differ() -> None:
    assert Dist.point(1) != Dist.point(2)
    assert Dist.uniform([1, 2]) != Dist.uniform([1, 3])


def test_dist_construction_errors_are_exact() -> None:
    with pytest.raises(TypeError) as err:
        Dist({1: 0.5, 2: 0.5})
    assert str(err.value) == ("probability of 1 is 0.5 (float); exact distributions take int or "
                              "Fraction (use FloatDist for floats)")
    with pytest.raises(TypeError) as err:
        Dist({1: True})
    assert str(err.value) == ("probability of 1 is True (bool); exact distributions take int or "
                              "Fraction (use FloatDist for floats)")
    with pytest.raises(ValueError) as err:
        Dist({})
    assert str(err.value) == "a distribution needs at least one outcome"
    with pytest.raises(ValueError) as err:
        Dist.uniform([])
    assert str(err.value) == "uniform() needs at least one value"


def test_from_weights_errors_are_exact() -> None:
    with pytest.raises(TypeError) as err:
        Dist.from_weights({1: True})
    assert str(err.value) == "weight of 1 is True; weights must be integers"
    with pytest.raises(TypeError) as err:
        Dist.from_weights({1: 1.0})
    assert str(err.value) == "weight of 1 is 1.0; weights must be integers"
    with pytest.raises(ValueError) as err:
        Dist.from_weights({1: 0, 2: 0})
    assert str(err.value) == "weights sum to 0: no outcome is possible"


def test_sample_rolls_one_die_as_big_as_the_denominator_for_its_purpose() -> None:
    source = ScriptedDice([3, 1])
    d = Dist({"a": F(1, 4), "b": F(3, 4)})
    assert d.sample(source, "pick") == "b"
    assert d.sample(source) == "a"
    assert source.log == [("pick", 4, 3), ("", 4, 1)]


def test_sample_of_weights_short_of_their_denominator_is_an_internal_error() -> None:
    broken = Dist._from_int_weights({"a": 1, "b": 1}, 3)  # trusted constructor, broken on purpose
    with pytest.raises(AssertionError) as err:
        broken.sample(ScriptedDice([3]))
    assert str(err.value) == "weights do not sum to the denominator"


def test_float_dist_errors_are_exact() -> None:
    for empty in ({}, {1: 0.0}):
        with pytest.raises(ValueError) as err:
            FloatDist(empty)
        assert str(err.value) == "a distribution needs at least one outcome"
    with pytest.raises(ValueError) as err:
        FloatDist({1: 1.5, 2: -0.5})
    assert str(err.value) == "negative probability -0.5"
    with pytest.raises(ValueError) as err:
        FloatDist({1: 0.5})
    assert str(err.value) == "probabilities sum to 0.5, not 1"


def test_float_dist_tolerance_bounds_are_inclusive() -> None:
    assert FloatDist({1: 1.5, 2: -0.5}, tol=0.5).p(2) == -0.5
    assert FloatDist({1: 0.75}, tol=0.25).p(1) == 0.75
    with pytest.raises(ValueError):
        FloatDist({1: 0.75}, tol=0.125)


def test_a_die_of_one_side_is_allowed_and_of_none_refused() -> None:
    assert HitDie(1, sides=1).compute_dist() == Dist.point(1)
    assert HitDie(2, sides=1).compute_dist() == Dist.point(0)
    with pytest.raises(ValueError) as err:
        HitDie(4, sides=0)
    assert str(err.value) == "a die needs at least one side, got 0"


def test_natural_roll_bounds_are_inclusive() -> None:
    assert HitDie(1, auto_miss=2).hits(2) is False  # a natural 2 misses under auto_miss=2
    assert HitDie(1, auto_miss=2).hits(3) is True
    assert HitDie(9, auto_hit=5).hits(5) is True  # a natural 5 hits under auto_hit=5
    assert HitDie(9, auto_hit=5).hits(4) is False
    assert HitDie(9, auto_hit=6).hits(6) is True


def test_natural_roll_rules_in_the_uncached_distribution() -> None:
    assert HitDie(2, modifier=3, auto_miss=1).enumerate_dist().p(1) == F(5, 6)
    assert HitDie(9, auto_hit=6).enumerate_dist().p(1) == F(1, 6)
    assert HitDie(1, auto_miss=2, auto_hit=2).enumerate_dist().p(1) == F(4, 6)


def test_a_pool_evaluating_the_wrong_number_of_faces_says_so() -> None:
    with pytest.raises(ValueError) as err:
        HitPool.repeat(HitDie(4), 2).evaluate((1,))
    assert str(err.value) == "expected 2 faces, got 1"


def test_seeded_dice_remember_their_seed() -> None:
    assert SeededDice(42).seed == 42


def test_a_source_rolls_a_d6_with_no_purpose_by_default() -> None:
    seeded = SeededDice(5)
    expected = random.Random(5).randint(1, 6)
    assert seeded.roll() == expected and seeded.log == [("", 6, expected)]
    scripted = ScriptedDice([1, 2])
    assert scripted.roll_many(2) == (1, 2) and scripted.log == [("", 6, 1), ("", 6, 2)]
    with pytest.raises(ValueError):
        ScriptedDice([7]).roll()  # a d6 by default: 7 is not on it
    with pytest.raises(ValueError):
        ScriptedDice([7]).roll_many(1)


def test_a_source_rolls_a_one_sided_die_and_refuses_one_without_sides() -> None:
    assert ScriptedDice([1]).roll(1) == 1
    assert SeededDice(5).roll(1) == 1
    with pytest.raises(ValueError) as err:
        SeededDice(5).roll(0, "x")
    assert str(err.value) == "a die needs at least one side (roll 'x')"


def test_a_float_distribution_lists_its_outcomes_sorted():
    """A simulated distribution (floats, not exact fractions) still lists what can happen, in
    order: the odds tables read its outcomes to lay out their rows."""
    assert FloatDist({3: 0.25, 1: 0.5, 2: 0.25}).outcomes == (1, 2, 3)

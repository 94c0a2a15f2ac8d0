"""Tests of rules_lib.core.markov: absorbing chains against brute force and closed forms."""

from __future__ import annotations

import functools
import random
import itertools
from fractions import Fraction

import numpy as np
import pytest

from rules_lib.core.dice import Dist, FloatDist, HitDie, HitPool
from rules_lib.core.markov import RoundsResult, solve_absorbing

F = Fraction


# --------------------------------------------------------------------------------------------
# A battle: each side rolls one die per unit, every hit removes an enemy unit.
# --------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def pool_hits(threshold: int, n: int) -> Dist:
    """Hit-count Dist of n dice hitting on threshold+."""
    return HitPool.repeat(HitDie(threshold), n).dist()


def battle(ta: int, td: int):
    """Transition of a battle where A hits on ta+ and D on td+ (one die per unit)."""

    def transition(state: tuple[int, int]) -> Dist:
        a, d = state
        return pool_hits(ta, a).combine(
            pool_hits(td, d), lambda ha, hd: (max(a - hd, 0), max(d - ha, 0))
        )

    return transition


def one_side_out(state: tuple[int, int]) -> bool:
    return state[0] == 0 or state[1] == 0


def brute_round(a: int, d: int, ta: int, td: int) -> dict[tuple[int, int], Fraction]:
    """Oracle: one round by enumerating every face of every die (no Dist arithmetic)."""
    out: dict[tuple[int, int], Fraction] = {}
    total = 6 ** (a + d)
    for faces in itertools.product(range(1, 7), repeat=a + d):
        ha = sum(1 for f in faces[:a] if f >= ta)
        hd = sum(1 for f in faces[a:] if f >= td)
        nxt = (max(a - hd, 0), max(d - ha, 0))
        out[nxt] = out.get(nxt, F(0)) + F(1, total)
    return out


def brute_battle(a: int, d: int, ta: int, td: int) -> dict[tuple[int, int], Fraction]:
    """Oracle: final-state probabilities by recursion, self-loop handled by 1/(1 - p_self)."""
    if a == 0 or d == 0:
        return {(a, d): F(1)}
    step = brute_round(a, d, ta, td)
    stay = step.pop((a, d), F(0))
    result: dict[tuple[int, int], Fraction] = {}
    for nxt, p in step.items():
        for end, q in brute_battle(*nxt, ta, td).items():
            result[end] = result.get(end, F(0)) + p / (1 - stay) * q
    return result


def test_2v2_battle_matches_brute_force() -> None:
    result = solve_absorbing((2, 2), battle(4, 5), one_side_out)
    oracle = brute_battle(2, 2, 4, 5)
    assert result == Dist(oracle)
    assert result.prob(lambda s: s[1] == 0) == F(207, 280)  # the module docstring's figure
    assert all(one_side_out(s) for s in result.outcomes)


def test_3v2_battle_matches_brute_force_both_modes() -> None:
    oracle = brute_battle(3, 2, 3, 4)
    exact = solve_absorbing((3, 2), battle(3, 4), one_side_out)
    fast = solve_absorbing((3, 2), battle(3, 4), one_side_out, mode="fast")
    assert exact == Dist(oracle)
    assert isinstance(fast, FloatDist)
    for s, p in oracle.items():
        assert fast.p(s) == pytest.approx(float(p), abs=1e-14)


def test_exact_and_fast_agree_on_6v6() -> None:
    exact = solve_absorbing((6, 6), battle(4, 5), one_side_out)
    fast = solve_absorbing((6, 6), battle(4, 5), one_side_out, mode="fast")
    assert set(exact.outcomes) == set(fast.outcomes)
    assert max(abs(float(p) - fast.p(s)) for s, p in exact.items()) < 1e-12
    assert sum(p for _, p in exact.items()) == 1
    survivors = exact.map(lambda s: s[0])
    assert survivors.mean() == pytest.approx(sum(s[0] * p for s, p in fast.items()), abs=1e-12)
    # survivors are consistent: the attacker wins more often than it loses on these odds
    assert exact.prob(lambda s: s[1] == 0 and s[0] > 0) > exact.prob(lambda s: s[0] == 0)


def test_self_loop_is_renormalised() -> None:
    chain = {"s": Dist({"s": F(1, 2), "A": F(1, 8), "B": F(3, 8)})}
    result = solve_absorbing("s", chain.__getitem__, lambda s: s in ("A", "B"))
    assert result == Dist({"A": F(1, 4), "B": F(3, 4)})
    fast = solve_absorbing("s", chain.__getitem__, lambda s: s in ("A", "B"), mode="fast")
    assert fast.p("B") == pytest.approx(0.75, abs=1e-15)


def test_state_that_only_loops_to_itself_is_an_error() -> None:
    chain = {0: Dist({1: F(1, 2), 2: F(1, 2)}), 1: Dist.point(1), 2: Dist.point(3)}
    for mode in ("exact", "fast"):
        with pytest.raises(ValueError, match="state 1 is not absorbing"):
            solve_absorbing(0, chain.__getitem__, lambda s: s == 3, mode=mode)


def test_start_already_absorbed() -> None:
    assert solve_absorbing((0, 3), battle(4, 4), one_side_out) == Dist.point((0, 3))
    assert solve_absorbing((0, 3), battle(4, 4), one_side_out, mode="fast").p((0, 3)) == 1.0


def test_max_rounds_counts_self_loops_as_rounds() -> None:
    chain = {"s": Dist({"s": F(1, 2), "A": F(1, 8), "B": F(3, 8)})}
    absorbing = lambda s: s in ("A", "B")  # noqa: E731
    after2 = solve_absorbing("s", chain.__getitem__, absorbing, max_rounds=2)
    assert after2 == Dist({"s": F(1, 4), "A": F(3, 16), "B": F(9, 16)})
    assert solve_absorbing("s", chain.__getitem__, absorbing, max_rounds=0) == Dist.point("s")
    fast = solve_absorbing("s", chain.__getitem__, absorbing, max_rounds=2, mode="fast")
    assert fast.p("s") == 0.25 and fast.p("B") == pytest.approx(9 / 16)


def test_max_rounds_on_a_battle_matches_brute_force_rounds() -> None:
    one = solve_absorbing((2, 2), battle(4, 5), one_side_out, max_rounds=1)
    assert one == Dist(brute_round(2, 2, 4, 5))
    assert one.p((2, 2)) == F(1, 9)
    # two rounds by hand from the one-round oracle
    two: dict[tuple[int, int], Fraction] = {}
    for s, p in brute_round(2, 2, 4, 5).items():
        nxt = {s: F(1)} if one_side_out(s) else brute_round(*s, 4, 5)
        for t, q in nxt.items():
            two[t] = two.get(t, F(0)) + p * q
    assert solve_absorbing((2, 2), battle(4, 5), one_side_out, max_rounds=2) == Dist(two)
    # many rounds converge to the absorbing answer
    final = solve_absorbing((2, 2), battle(4, 5), one_side_out)
    long = solve_absorbing((2, 2), battle(4, 5), one_side_out, max_rounds=80, mode="fast")
    for s, p in final.items():
        assert long.p(s) == pytest.approx(float(p), abs=1e-12)


def test_per_round_detail() -> None:
    res = solve_absorbing((3, 3), battle(4, 4), one_side_out, max_rounds=4, per_round=True)
    assert isinstance(res, RoundsResult)
    assert len(res.rounds) == 5 and res.rounds[0] == Dist.point((3, 3))
    assert res.final == res.rounds[-1]
    for k in range(5):
        assert res.rounds[k] == solve_absorbing((3, 3), battle(4, 4), one_side_out, max_rounds=k)
    # absorbed mass never decreases from round to round
    ended = [r.prob(one_side_out) for r in res.rounds]
    assert ended == sorted(ended) and ended[0] == 0
    fast = solve_absorbing(
        (3, 3), battle(4, 4), one_side_out, max_rounds=4, per_round=True, mode="fast"
    )
    for exact_r, fast_r in zip(res.rounds, fast.rounds):
        for s, p in exact_r.items():
            assert fast_r.p(s) == pytest.approx(float(p), abs=1e-14)
    with pytest.raises(ValueError, match="max_rounds"):
        solve_absorbing((3, 3), battle(4, 4), one_side_out, per_round=True)


def test_stop_when_retreat() -> None:
    retreat = lambda s: s[0] <= 2  # noqa: E731  attacker retreats with 2 or fewer units
    res = solve_absorbing((5, 4), battle(4, 4), one_side_out, stop_when=retreat)
    same = solve_absorbing((5, 4), battle(4, 4), lambda s: one_side_out(s) or retreat(s))
    assert res == same
    assert all(s[1] == 0 or s[0] <= 2 for s in res.outcomes)
    assert res.prob(lambda s: s[0] <= 2 and s[1] > 0) > 0
    # the fight without the retreat rule ends differently
    assert res != solve_absorbing((5, 4), battle(4, 4), one_side_out)
    # hand check on a tiny chain: 3 -> 2 or 1 evenly, 2 -> 1; stop at 2
    chain = {3: Dist.uniform([2, 1]), 2: Dist.point(1)}
    assert solve_absorbing(3, chain.__getitem__, lambda s: s == 1, stop_when=lambda s: s == 2) \
        == Dist.uniform([1, 2])


def gamblers_ruin(p: Fraction, n: int, lazy: Fraction = F(0)):
    """Random walk on 0..n: up with p, down with 1-p-lazy, stay with lazy; cyclic chain."""

    def transition(i: int) -> Dist:
        return Dist({i + 1: p, i - 1: 1 - p - lazy, i: lazy} if lazy else {i + 1: p, i - 1: 1 - p})

    return transition


@pytest.mark.parametrize("mode", ["exact", "fast"])
@pytest.mark.parametrize("lazy", [F(0), F(1, 10)])
def test_gamblers_ruin_closed_form(mode: str, lazy: Fraction) -> None:
    p, n, start = F(2, 5), 6, 2
    q = 1 - p - lazy
    r = q / p
    win = (1 - r**start) / (1 - r**n)  # P(reach n before 0), laziness does not change it
    result = solve_absorbing(start, gamblers_ruin(p, n, lazy), lambda i: i in (0, n), mode=mode)
    if mode == "exact":
        assert result == Dist({n: win, 0: 1 - win})
    else:
        assert result.p(n) == pytest.approx(float(win), abs=1e-13)
        assert result.p(0) == pytest.approx(float(1 - win), abs=1e-13)


def test_cyclic_chain_that_never_ends_is_an_error() -> None:
    chain = {0: Dist.uniform([1, 9]), 1: Dist.point(2), 2: Dist.point(1)}
    for mode in ("exact", "fast"):
        with pytest.raises(ValueError, match="can never reach an absorbing state"):
            solve_absorbing(0, chain.__getitem__, lambda s: s == 9, mode=mode)


def test_transition_with_mode_keyword_may_return_float_dist() -> None:
    calls: list[str] = []

    def transition(state: tuple[int, int], mode: str = "exact") -> Dist | FloatDist:
        calls.append(mode)
        d = battle(4, 5)(state)
        return FloatDist.from_dist(d) if mode == "fast" else d

    fast = solve_absorbing((3, 3), transition, one_side_out, mode="fast")
    assert set(calls) == {"fast"}
    exact = solve_absorbing((3, 3), transition, one_side_out)
    assert calls[-1] == "exact"
    for s, p in exact.items():
        assert fast.p(s) == pytest.approx(float(p), abs=1e-14)
    with pytest.raises(TypeError, match="needs transition"):
        solve_absorbing((3, 3), lambda s: FloatDist.from_dist(battle(4, 5)(s)), one_side_out)


def numpy_battle(ta: int, td: int):
    """The same battle with a numpy fast path (transition(state, mode=...))."""
    slow = battle(ta, td)

    @functools.lru_cache(maxsize=None)
    def hits(threshold: int, n: int) -> np.ndarray:
        d = pool_hits(threshold, n)
        return np.array([float(d.p(k)) for k in range(n + 1)])

    def transition(state: tuple[int, int], mode: str = "exact") -> Dist | FloatDist:
        if mode == "exact":
            return slow(state)
        a, d = state
        grid = np.outer(hits(ta, a), hits(td, d))  # grid[i, j]: A scores i, D scores j
        i, j = np.indices(grid.shape)
        outcomes = list(zip(np.maximum(a - j, 0).ravel().tolist(),
                            np.maximum(d - i, 0).ravel().tolist()))
        return FloatDist.from_pairs(outcomes, grid.ravel().tolist())

    return transition


def test_numpy_fast_path_agrees_with_exact_on_8v7() -> None:
    exact = solve_absorbing((8, 7), battle(4, 5), one_side_out)
    fast = solve_absorbing((8, 7), numpy_battle(4, 5), one_side_out, mode="fast")
    assert max(abs(float(p) - fast.p(s)) for s, p in exact.items()) < 1e-12
    assert set(fast.outcomes) == set(exact.outcomes)


def test_mode_is_validated() -> None:
    with pytest.raises(ValueError, match="mode"):
        solve_absorbing((1, 1), battle(4, 4), one_side_out, mode="approx")  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Each behaviour alone, exact values
# --------------------------------------------------------------------------------------------

COIN = {"s": Dist({"s": F(1, 2), "A": F(1, 8), "B": F(3, 8)})}


def ends_in_a_or_b(state: str) -> bool:
    return state in ("A", "B")


def test_argument_errors_are_exact() -> None:
    with pytest.raises(ValueError) as err:
        solve_absorbing("s", COIN.__getitem__, ends_in_a_or_b, mode="approx")  # type: ignore
    assert str(err.value) == "mode must be 'exact' or 'fast', got 'approx'"
    with pytest.raises(ValueError) as err:
        solve_absorbing("s", COIN.__getitem__, ends_in_a_or_b, max_rounds=-1)
    assert str(err.value) == "max_rounds must be >= 0, got -1"
    with pytest.raises(ValueError) as err:
        solve_absorbing("s", COIN.__getitem__, ends_in_a_or_b, per_round=True)
    assert str(err.value) == "per_round=True needs max_rounds (the number of rounds to report)"


def test_zero_rounds_leave_the_start_in_both_modes() -> None:
    assert solve_absorbing("s", COIN.__getitem__, ends_in_a_or_b, max_rounds=0) == Dist.point("s")
    fast = solve_absorbing("s", COIN.__getitem__, ends_in_a_or_b, max_rounds=0, mode="fast")
    assert fast == FloatDist({"s": 1.0})


def test_a_start_that_stop_when_ends_is_the_answer_in_both_modes() -> None:
    never = lambda s: False  # noqa: E731
    stop = lambda s: s == "s"  # noqa: E731
    assert solve_absorbing("s", COIN.__getitem__, never, stop_when=stop) == Dist.point("s")
    assert solve_absorbing("s", COIN.__getitem__, never, stop_when=stop, mode="fast") == \
        FloatDist({"s": 1.0})


def test_stop_when_stops_the_chain_in_fast_mode_and_round_by_round() -> None:
    chain = {3: Dist.uniform([2, 1]), 2: Dist.point(1)}
    one, two = (lambda s: s == 1), (lambda s: s == 2)
    fast = solve_absorbing(3, chain.__getitem__, one, stop_when=two, mode="fast")
    assert fast == FloatDist({1: 0.5, 2: 0.5})
    rounds = solve_absorbing(3, chain.__getitem__, one, stop_when=two, max_rounds=3)
    assert rounds == Dist.uniform([1, 2])
    fast_rounds = solve_absorbing(3, chain.__getitem__, one, stop_when=two, max_rounds=3,
                                  mode="fast")
    assert fast_rounds == FloatDist({1: 0.5, 2: 0.5})


def test_transition_type_errors_are_exact() -> None:
    floaty = {0: FloatDist({1: 1.0})}
    with pytest.raises(TypeError) as err:
        solve_absorbing(0, floaty.__getitem__, lambda s: s == 1)
    assert str(err.value) == "exact mode needs transition(0) to return a Dist, got FloatDist"
    with pytest.raises(TypeError) as err:
        solve_absorbing(0, floaty.__getitem__, lambda s: s == 1, max_rounds=2)
    assert str(err.value) == "exact mode needs transition(0) to return a Dist, got FloatDist"
    plain = {0: {1: 1.0}}
    for kwargs in ({}, {"max_rounds": 2}):
        with pytest.raises(TypeError) as err:
            solve_absorbing(0, plain.__getitem__, lambda s: s == 1, mode="fast", **kwargs)
        assert str(err.value) == "transition(0) must return a Dist or FloatDist, got dict"


def test_a_state_that_only_loops_is_named_exactly() -> None:
    chain = {0: Dist.point(0)}
    for mode in ("exact", "fast"):
        with pytest.raises(ValueError) as err:
            solve_absorbing(0, chain.__getitem__, lambda s: s == 1, mode=mode)
        assert str(err.value) == (
            "state 0 is not absorbing but its only transition is to itself (p = 1): the chain "
            "would never end; mark it absorbing or use stop_when")


def test_a_closed_loop_is_named_by_its_first_state_and_size() -> None:
    chain = {0: Dist.uniform([1, 9]), 1: Dist.point(2), 2: Dist.point(1)}
    for mode in ("exact", "fast"):
        with pytest.raises(ValueError) as err:
            solve_absorbing(0, chain.__getitem__, lambda s: s == 9, mode=mode)
        assert str(err.value) == (
            "state 1 can never reach an absorbing state (a closed loop of 2 non-absorbing "
            "states); mark one absorbing or use stop_when")


def test_which_transitions_are_called_with_the_mode() -> None:
    from rules_lib.core.markov import _accepts_mode

    def named(state, mode): ...
    def keyword_only(state, *, mode="exact"): ...
    def any_keywords(state, **kwargs): ...
    def positional_only(state, mode, /): ...
    def star_mode(state, *mode): ...
    def plain(state): ...
    def other_keyword(state, *, fast=False): ...

    assert [_accepts_mode(f) for f in (named, keyword_only, any_keywords)] == [True] * 3
    assert [_accepts_mode(f) for f in (positional_only, star_mode, plain, other_keyword)] == \
        [False] * 4
    assert _accepts_mode(max) is False  # a builtin without a signature


def test_a_transition_taking_the_mode_is_told_it_in_every_solver() -> None:
    seen: list[str] = []

    def transition(state: str, mode: str) -> Dist:
        seen.append(mode)
        return COIN[state]

    for mode in ("exact", "fast"):
        for kwargs in ({}, {"max_rounds": 1}):
            seen.clear()
            solve_absorbing("s", transition, ends_in_a_or_b, mode=mode, **kwargs)
            assert seen == [mode]


def absorption_oracle(start, table: dict, absorbing) -> dict:
    """Oracle: P(end in a) from h = Q h + R, by plain Gauss-Jordan on Fractions (self-loops kept,
    one right-hand side per absorbing state); independent of the module's solvers."""
    transient, queue = [start], [start]
    ends: list = []
    while queue:
        s = queue.pop(0)
        for t, _ in table[s].items():
            if absorbing(t):
                if t not in ends:
                    ends.append(t)
            elif t not in transient:
                transient.append(t)
                queue.append(t)
    n, pos = len(transient), {s: i for i, s in enumerate(transient)}
    matrix = [[F(int(i == j)) for j in range(n)] + [F(0)] * len(ends) for i in range(n)]
    for s in transient:
        for t, p in table[s].items():
            if t in pos:
                matrix[pos[s]][pos[t]] -= p
            else:
                matrix[pos[s]][n + ends.index(t)] += p
    for col in range(n):
        pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        matrix[col] = [x / lead for x in matrix[col]]
        for r in range(n):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [x - factor * y for x, y in zip(matrix[r], matrix[col])]
    return {a: matrix[0][n + k] for k, a in enumerate(ends) if matrix[0][n + k]}


def random_cyclic_chain(seed: int, n: int = 6, ends: int = 3) -> dict:
    """States 0..n-1 jump among themselves (self-loops included) and to ends n..n+ends-1."""
    rng = random.Random(seed)
    return {s: Dist.from_weights({t: rng.randint(1, 5)
                                  for t in rng.sample(range(n + ends), rng.randint(2, 4))})
            for s in range(n)}


@pytest.mark.parametrize("seed", range(12))
def test_cyclic_chains_match_the_absorption_oracle(seed: int) -> None:
    table = random_cyclic_chain(seed)
    absorbing = lambda s: s >= 6  # noqa: E731
    oracle = absorption_oracle(0, table, absorbing)
    assert solve_absorbing(0, table.__getitem__, absorbing) == Dist(oracle)
    fast = solve_absorbing(0, table.__getitem__, absorbing, mode="fast")
    assert set(fast.outcomes) == set(oracle)
    for s, p in oracle.items():
        assert fast.p(s) == pytest.approx(float(p), abs=1e-12)


def test_the_oracle_agrees_with_the_hand_solved_coin() -> None:
    assert absorption_oracle("s", COIN, ends_in_a_or_b) == {"A": F(1, 4), "B": F(3, 4)}


def test_topological_order_lists_every_state_after_its_predecessors() -> None:
    from rules_lib.core.markov import _topological_order

    succ = {"a": ["b", "c", "x"], "b": ["d"], "c": ["b", "d"], "d": ["x"]}
    assert _topological_order(succ) == ["a", "c", "b", "d"]
    assert _topological_order({"a": ["x"], "b": ["x"]}) == ["a", "b"]
    assert _topological_order({}) == []


def test_topological_order_of_a_cycle_is_none() -> None:
    from rules_lib.core.markov import _topological_order

    assert _topological_order({"a": ["b"], "b": ["a"]}) is None
    assert _topological_order({"a": ["b", "x"], "b": ["c"], "c": ["b"]}) is None


def test_a_state_left_only_by_float_noise_never_ends() -> None:
    # within FloatDist's tolerance, but the way out has no positive probability
    negative = {0: FloatDist({0: 1.0 + 1e-10, 1: -1e-10})}
    cancelling = {0: FloatDist({0: 1.0, 1: 1e-10, 2: -1e-10})}
    for table in (negative, cancelling):
        with pytest.raises(ValueError, match="state 0 is not absorbing"):
            solve_absorbing(0, table.__getitem__, lambda s: s > 0, mode="fast")

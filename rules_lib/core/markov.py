"""Exact absorbing Markov chains: multi-round combat solved to the end, or for N rounds.

A fight to the death is a Markov chain. A *state* is any hashable value — usually a tuple such as
``(attackers_left, defenders_left)``, or something richer (damaged units, who retreated). A
*transition* function maps a state to the `Dist` of the state after one round. Some states are
*absorbing*: the fight is over (one side is empty), or a stop rule fired (``stop_when``: "the
attacker retreats when 2 or fewer units are left"). `solve_absorbing` answers "where does it end,
with what probability" exactly.

How it works
------------
1. **Explore.** Breadth-first search from the start state, calling `transition` once per state
   (within one call; wrap your function in `functools.lru_cache` to reuse it across calls).
2. **Remove self-loops.** A round in which nobody is hit leaves the state unchanged. Repeating such
   rounds only delays the outcome, so for the final distribution they are dropped and the other
   transitions renormalised, ``p' = p / (1 - p_self)``. A non-absorbing state that can only go to
   itself (``p_self = 1``) would never end: that is a `ValueError` naming the state.
3. **Acyclic chains** (the common case: casualties only grow) are solved by pushing probability
   mass through the states in topological order. Exact mode does it on integers over one common
   denominator (a `Fraction` per operation would be several times slower); fast mode uses float64
   and numpy.
4. **Cyclic chains** (units can come back, a side can regroup) are solved as a linear system for
   the expected number of visits, ``(I - Q)^T x = e_start``: exact Gaussian elimination on
   Fractions, or `numpy.linalg.solve` in fast mode. Every transient state must be able to reach an
   absorbing one, else `ValueError`.

With ``max_rounds=N`` the chain is instead run round by round for N rounds — self-loops *are*
rounds here, no renormalisation — and the result is the distribution of states after at most N
rounds, absorbed or not. ``per_round=True`` also returns the distributions after 0, 1, ..., N
rounds.

Modes
-----
``mode="exact"`` returns a `Dist` of Fractions. ``mode="fast"`` returns a `FloatDist` (float64;
agrees with exact mode to ~1e-15 on ordinary battles). Exact fractions blow up on big battles (a
20-vs-15 fight has denominators of ~1,300 digits); fast mode is the answer there.

Decided convention: if `transition` accepts a keyword argument named ``mode`` (or ``**kwargs``),
it is called as ``transition(state, mode=mode)`` and may return a `FloatDist` in fast mode (e.g.
built with numpy); otherwise it is called as ``transition(state)`` and must return a `Dist`, which
fast mode converts to float64 once per state. In exact mode a `Dist` is required.

Example: a battle until one side is out
---------------------------------------
Each side rolls one die per unit; A hits on 4+, D on 5+; every hit removes an enemy unit.

    >>> from rules_lib.core.dice import HitDie, HitPool
    >>> def hits(die, n):
    ...     return HitPool.repeat(die, n).dist()
    >>> def transition(state):
    ...     a, d = state
    ...     return hits(HitDie(4), a).combine(
    ...         hits(HitDie(5), d), lambda ha, hd: (max(a - hd, 0), max(d - ha, 0)))
    >>> def over(state):
    ...     return state[0] == 0 or state[1] == 0
    >>> result = solve_absorbing((2, 2), transition, over)
    >>> result.prob(lambda s: s[1] == 0)   # attacker wins (both sides may be wiped out together)
    Fraction(207, 280)
    >>> solve_absorbing((2, 2), transition, over, max_rounds=1).p((2, 2))
    Fraction(1, 9)
"""

from __future__ import annotations

import inspect
import math
from collections import deque
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, Literal, NamedTuple

import numpy as np

from rules_lib.core.dice import Dist, FloatDist

__all__ = ["solve_absorbing", "RoundsResult", "FloatDist"]

State = Hashable
Transition = Callable[..., "Dist | FloatDist"]


class RoundsResult(NamedTuple):
    """Result of a per-round solve: the final distribution and rounds[k] = after k rounds."""

    final: Dist | FloatDist
    rounds: list[Dist | FloatDist]


def solve_absorbing(
    start: State,
    transition: Transition,
    is_absorbing: Callable[[State], bool],
    *,
    max_rounds: int | None = None,
    stop_when: Callable[[State], bool] | None = None,
    mode: Literal["exact", "fast"] = "exact",
    per_round: bool = False,
) -> Dist | FloatDist | RoundsResult:
    """Distribution of the state where the chain from `start` stops (or after max_rounds rounds).

    `stop_when(state)` marks extra stopping states (retreat rules); they are treated as absorbing.
    With `per_round=True` (needs `max_rounds`) a `RoundsResult(final, rounds)` is returned, where
    ``rounds[k]`` is the distribution after k rounds, ``rounds[0]`` being the start.
    """
    if mode not in ("exact", "fast"):
        raise ValueError(f"mode must be 'exact' or 'fast', got {mode!r}")
    if max_rounds is not None and max_rounds < 0:
        raise ValueError(f"max_rounds must be >= 0, got {max_rounds}")
    if per_round and max_rounds is None:
        raise ValueError("per_round=True needs max_rounds (the number of rounds to report)")

    def done(state: State) -> bool:
        return bool(is_absorbing(state)) or (stop_when is not None and bool(stop_when(state)))

    step = _transition_caller(transition, mode)
    if max_rounds is not None:
        result = _run_rounds(start, step, done, max_rounds, mode)
        return result if per_round else result.final
    if done(start):
        return Dist.point(start) if mode == "exact" else FloatDist({start: 1.0})
    if mode == "exact":
        return _solve_exact(start, step, done)
    return _solve_fast(start, step, done)


# --------------------------------------------------------------------------------------------
# Calling the transition function
# --------------------------------------------------------------------------------------------


def _accepts_mode(fn: Callable[..., Any]) -> bool:
    """Whether fn takes a `mode` keyword (by name or through **kwargs)."""
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):  # some builtins have no signature
        return False
    return any(
        p.kind is p.VAR_KEYWORD
        or (p.name == "mode" and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD))
        for p in params
    )


def _transition_caller(transition: Transition, mode: str) -> Callable[[State], Dist | FloatDist]:
    """transition(state, mode=mode) if it takes `mode`, else transition(state)."""
    if _accepts_mode(transition):
        return lambda state: transition(state, mode=mode)
    return transition


def _exact_weights(td: Any, state: State) -> tuple[dict[State, int], int]:
    """Integer weights and denominator of an exact transition Dist."""
    if not isinstance(td, Dist):
        raise TypeError(
            f"exact mode needs transition({state!r}) to return a Dist, got {type(td).__name__}"
        )
    return td.weights()


def _float_pairs(td: Any, state: State) -> tuple[list[State], list[float]]:
    """Outcomes and float64 probabilities of a transition Dist or FloatDist."""
    if isinstance(td, Dist):
        weights, den = td.weights()
        return list(weights), [w / den for w in weights.values()]
    if isinstance(td, FloatDist):
        pairs = td.items()
        return [o for o, _ in pairs], [p for _, p in pairs]
    raise TypeError(
        f"transition({state!r}) must return a Dist or FloatDist, got {type(td).__name__}"
    )


def _no_exit(state: State) -> ValueError:
    return ValueError(
        f"state {state!r} is not absorbing but its only transition is to itself (p = 1): "
        "the chain would never end; mark it absorbing or use stop_when"
    )


# --------------------------------------------------------------------------------------------
# Solving to absorption
# --------------------------------------------------------------------------------------------


def _topological_order(succ: dict[State, list[State]]) -> list[State] | None:
    """Kahn's algorithm over the transient states; None if the graph has a cycle."""
    indegree = dict.fromkeys(succ, 0)
    for targets in succ.values():
        for t in targets:
            if t in indegree:
                indegree[t] += 1
    ready = deque(s for s, k in indegree.items() if k == 0)
    order: list[State] = []
    while ready:
        s = ready.popleft()
        order.append(s)
        for t in succ[s]:
            if t in indegree:
                indegree[t] -= 1
                if indegree[t] == 0:
                    ready.append(t)
    return order if len(order) == len(succ) else None


def _check_all_can_end(succ: dict[State, list[State]]) -> None:
    """Every transient state must reach an absorbing one, else the linear system is singular."""
    preds: dict[State, list[State]] = {}
    for s, targets in succ.items():
        for t in targets:
            preds.setdefault(t, []).append(s)
    can_end = {t for t in preds if t not in succ}  # the absorbing states reached
    queue = deque(can_end)
    while queue:
        t = queue.popleft()
        for s in preds.get(t, ()):
            if s not in can_end:
                can_end.add(s)
                queue.append(s)
    stuck = [s for s in succ if s not in can_end]
    if stuck:
        raise ValueError(
            f"state {stuck[0]!r} can never reach an absorbing state (a closed loop of "
            f"{len(stuck)} non-absorbing states); mark one absorbing or use stop_when"
        )


def _solve_exact(start: State, step: Callable[[State], Any], done: Callable[[State], bool]) -> Dist:
    """Exact absorption distribution (self-loops removed; topological order or linear system)."""
    # trans[s] = ([(t, integer weight)], total weight W): P(s -> t) = weight / W after renorm.
    trans: dict[State, tuple[list[tuple[State, int]], int]] = {}
    seen = {start}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if done(s):
            continue
        weights, den = _exact_weights(step(s), s)
        total = den - weights.pop(s, 0)
        if total == 0:
            raise _no_exit(s)
        trans[s] = (list(weights.items()), total)
        for t in weights:
            if t not in seen:
                seen.add(t)
                queue.append(t)

    succ = {s: [t for t, _ in edges] for s, (edges, _) in trans.items()}
    order = _topological_order(succ)
    if order is None:
        _check_all_can_end(succ)
        return _solve_linear_exact(start, trans)

    # Mass of state k is num[k] / common; all integers. To hand on mass M of state s through
    # weights w/W, scale everything by f = W / gcd(M, W) so that M * f * w / W = (M // g) * w.
    num: dict[State, int] = {start: 1}
    common = 1
    for s in order:
        mass = num.pop(s)  # > 0: every transient state gets mass from a predecessor before it
        edges, total = trans[s]
        g = math.gcd(mass, total)
        f = total // g
        if f != 1:
            for k in num:
                num[k] *= f
            common *= f
        share = mass // g
        for t, w in edges:
            num[t] = num.get(t, 0) + share * w
    return Dist._from_int_weights(num, common)


def _solve_linear_exact(
    start: State, trans: dict[State, tuple[list[tuple[State, int]], int]]
) -> Dist:
    """Cyclic chain: expected visits x from (I - Q)^T x = e_start, then absorbed = x R."""
    transient = list(trans)
    pos = {s: i for i, s in enumerate(transient)}
    n = len(transient)
    # Augmented matrix of (I - Q)^T | e_start, rows as lists of Fractions.
    rows = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(int(transient[i] == start))]
            for i in range(n)]
    for s, (edges, total) in trans.items():
        j = pos[s]
        for t, w in edges:
            if t in pos:
                rows[pos[t]][j] -= Fraction(w, total)
    visits = _gauss_solve(rows, n)
    absorbed: dict[State, Fraction] = {}
    for s, (edges, total) in trans.items():
        x = visits[pos[s]]  # > 0: every transient state is reached from the start
        for t, w in edges:
            if t not in pos:
                absorbed[t] = absorbed.get(t, Fraction(0)) + x * Fraction(w, total)
    return Dist(absorbed)


def _gauss_solve(rows: list[list[Fraction]], n: int) -> list[Fraction]:
    """Gauss-Jordan elimination on an n x (n+1) augmented Fraction matrix (nonsingular)."""
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        prow = rows[col]
        inv = 1 / prow[col]
        for j in range(col, n + 1):
            prow[j] *= inv
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor:
                row = rows[r]
                for j in range(col, n + 1):
                    if prow[j]:
                        row[j] -= factor * prow[j]
    return [rows[i][n] for i in range(n)]


def _solve_fast(
    start: State, step: Callable[[State], Any], done: Callable[[State], bool]
) -> FloatDist:
    """Float64 absorption distribution: same algorithm as exact mode, on numpy arrays."""
    index: dict[State, int] = {start: 0}
    states: list[State] = [start]
    trans: dict[State, tuple[np.ndarray, np.ndarray]] = {}  # s -> (target indices, probs)
    succ: dict[State, list[State]] = {}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if done(s):
            continue
        outcomes, probs = _float_pairs(step(s), s)
        targets: list[State] = []
        kept: list[float] = []
        for t, p in zip(outcomes, probs):
            if t == s or p == 0.0:
                continue
            targets.append(t)
            kept.append(p)
            if t not in index:
                index[t] = len(states)
                states.append(t)
                queue.append(t)
        p_arr = np.asarray(kept, dtype=np.float64)
        out = p_arr.sum()
        if not targets or out <= 0.0:
            raise _no_exit(s)
        trans[s] = (np.fromiter((index[t] for t in targets), np.intp, len(targets)), p_arr / out)
        succ[s] = targets

    order = _topological_order(succ)
    if order is None:
        _check_all_can_end(succ)
        mass = _solve_linear_fast(start, trans, index, len(states))
    else:
        mass = np.zeros(len(states))
        mass[0] = 1.0
        for s in order:
            i = index[s]
            m = mass[i]
            if m:
                idx, p = trans[s]
                mass[idx] += m * p  # targets of one state are distinct, so this is safe
                mass[i] = 0.0
    return FloatDist({states[i]: float(mass[i]) for i in np.flatnonzero(mass)})


def _solve_linear_fast(
    start: State,
    trans: dict[State, tuple[np.ndarray, np.ndarray]],
    index: dict[State, int],
    n_states: int,
) -> np.ndarray:
    """Cyclic chain in float64: numpy.linalg.solve for expected visits, then absorbed mass."""
    transient = list(trans)
    tpos = np.full(n_states, -1, dtype=np.intp)
    for k, s in enumerate(transient):
        tpos[index[s]] = k
    n = len(transient)
    system = np.eye(n)  # (I - Q)^T
    for k, s in enumerate(transient):
        idx, p = trans[s]
        is_t = tpos[idx] >= 0
        system[tpos[idx[is_t]], k] -= p[is_t]
    rhs = np.zeros(n)
    rhs[tpos[index[start]]] = 1.0
    visits = np.linalg.solve(system, rhs)
    mass = np.zeros(n_states)
    for k, s in enumerate(transient):
        idx, p = trans[s]
        absorbed = tpos[idx] < 0
        mass[idx[absorbed]] += visits[k] * p[absorbed]
    return np.clip(mass, 0.0, None)


# --------------------------------------------------------------------------------------------
# Round by round
# --------------------------------------------------------------------------------------------


def _run_rounds(
    start: State,
    step: Callable[[State], Any],
    done: Callable[[State], bool],
    max_rounds: int,
    mode: str,
) -> RoundsResult:
    """Distribution after 0..max_rounds rounds; self-loops count as rounds."""
    if mode == "exact":
        return _rounds_exact(start, step, done, max_rounds)
    return _rounds_fast(start, step, done, max_rounds)


def _rounds_exact(
    start: State, step: Callable[[State], Any], done: Callable[[State], bool], max_rounds: int
) -> RoundsResult:
    """Exact round-by-round propagation on integers over a common denominator."""
    cache: dict[State, tuple[dict[State, int], int]] = {}
    num: dict[State, int] = {start: 1}
    common = 1
    rounds: list[Dist | FloatDist] = [Dist.point(start)]
    for _ in range(max_rounds):
        moving = [s for s in num if not done(s)]
        for s in moving:
            if s not in cache:
                cache[s] = _exact_weights(step(s), s)
        scale = math.lcm(*(cache[s][1] for s in moving)) if moving else 1
        new: dict[State, int] = {}
        for s, mass in num.items():
            if s in cache and not done(s):
                weights, den = cache[s]
                factor = mass * (scale // den)
                for t, w in weights.items():
                    new[t] = new.get(t, 0) + factor * w
            else:
                new[s] = new.get(s, 0) + mass * scale
        common *= scale
        g = math.gcd(common, *new.values())
        num = {s: m // g for s, m in new.items()}
        common //= g
        rounds.append(Dist._from_int_weights(num, common))
    return RoundsResult(rounds[-1], rounds)


def _rounds_fast(
    start: State, step: Callable[[State], Any], done: Callable[[State], bool], max_rounds: int
) -> RoundsResult:
    """Float64 round-by-round propagation."""
    cache: dict[State, tuple[list[State], list[float]]] = {}
    mass: dict[State, float] = {start: 1.0}
    rounds: list[Dist | FloatDist] = [FloatDist(mass)]
    for _ in range(max_rounds):
        new: dict[State, float] = {}
        for s, m in mass.items():
            if done(s):
                new[s] = new.get(s, 0.0) + m
                continue
            if s not in cache:
                cache[s] = _float_pairs(step(s), s)
            for t, p in zip(*cache[s]):
                new[t] = new.get(t, 0.0) + m * p
        mass = new
        rounds.append(FloatDist(mass))
    return RoundsResult(rounds[-1], rounds)

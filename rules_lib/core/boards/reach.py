"""Movement reach on any board: where a piece can end its move, at what cost, by which path.

``reach`` is Dijkstra's algorithm with the two rules movement procedures keep adding:

* **must stop on entering** (``must_stop``): a location such as an enemy city, or a hex adjacent to
  an enemy, may be entered but not left this move. Such locations are never expanded, so no path
  runs *through* one even when that would be cheaper.
* **may not end there** (``can_end``): a location such as an over-stacked hex may be passed through
  but is not a legal end of the move; it is used as a waypoint and left out of the result.

The starting location is always in the result (cost 0, path ``(start,)``): not moving is legal, and
``must_stop`` applies only on *entering*, so a piece may leave its starting location.

Costs may be ints, ``Fraction`` (half a movement point along a road) or floats; use ints or
Fractions when a budget must be met exactly. Ties between equally cheap paths go to the path found
first, following each board's (stable) neighbour order, so results are reproducible.

>>> from rules_lib.core.boards.graph import GraphBoard
>>> line = GraphBoard.from_data({i: {} for i in range(5)}, [(i, i + 1) for i in range(4)])
>>> sorted(reach(line, 0, 2))
[0, 1, 2]
>>> reach(line, 0, 3, must_stop=lambda loc: loc == 1)[1].path
(0, 1)
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import count
from typing import Any, Protocol

from .base import Board, Loc, UnknownLocation

Cost = Any  # int | Fraction | float: anything that adds and compares
StepCost = Callable[[Loc, Loc], "Cost | None"]


class Distribution(Protocol):  # pragma: no mutate block (mutmut would add members to the protocol)
    """A movement roll: anything with ``.items()`` yielding (points, probability), like ``Dist``."""

    def items(self) -> Iterable[tuple[Any, Any]]:
        """(outcome, probability) pairs."""
        ...


@dataclass(frozen=True, slots=True)
class ReachInfo:
    """The cheapest legal way to end a move at a location: its cost and the path taken."""

    cost: Cost
    path: tuple[Loc, ...]


def reach(
    board: Board,
    start: Loc,
    budget: Cost,
    step_cost: StepCost | None = None,
    must_stop: Callable[[Loc], bool] | None = None,
    can_end: Callable[[Loc], bool] | None = None,
) -> dict[Loc, ReachInfo]:
    """Every location where a move from ``start`` can end within ``budget``, with cost and path.

    ``step_cost(a, b)`` is the cost of one step from ``a`` to its neighbour ``b``, or None if the
    step is not allowed (default: 1 per step). Results are in order of increasing cost.
    """
    done, parent = _settle(board, start, budget, step_cost, must_stop)
    result: dict[Loc, ReachInfo] = {}
    paths: dict[Loc, tuple[Loc, ...]] = {start: (start,)}
    for loc, cost in done.items():  # parents are settled before children
        if loc != start:
            paths[loc] = paths[parent[loc]] + (loc,)
            if can_end is not None and not can_end(loc):
                continue
        result[loc] = ReachInfo(cost, paths[loc])
    return result


def reach_costs(
    board: Board,
    start: Loc,
    budget: Cost,
    step_cost: StepCost | None = None,
    must_stop: Callable[[Loc], bool] | None = None,
    can_end: Callable[[Loc], bool] | None = None,
) -> dict[Loc, Cost]:
    """``reach`` without the paths: {location: cost}, same locations, same order.

    For hot loops (a policy scoring every Marine's options) that only need where and how dear.
    """
    done, _ = _settle(board, start, budget, step_cost, must_stop)
    if can_end is None:
        return done
    return {loc: cost for loc, cost in done.items() if loc == start or can_end(loc)}


def _settle(
    board: Board,
    start: Loc,
    budget: Cost,
    step_cost: StepCost | None,
    must_stop: Callable[[Loc], bool] | None,
) -> tuple[dict[Loc, Cost], dict[Loc, Loc]]:
    """Dijkstra from ``start``: settled locations in cost order, and each one's parent."""
    if start not in board:
        raise UnknownLocation(start, board.name)
    best: dict[Loc, Cost] = {start: 0}
    parent: dict[Loc, Loc] = {}
    done: dict[Loc, Cost] = {}  # settled locations in cost order
    tie = count()  # insertion order breaks cost ties; locations themselves are never compared
    heap: list[tuple[Cost, int, Loc]] = [(0, next(tie), start)]
    neighbors = board.neighbors
    while heap:
        cost, _, loc = heapq.heappop(heap)
        if loc in done:
            continue
        done[loc] = cost
        if loc != start and must_stop is not None and must_stop(loc):
            continue  # entered: the move ends here
        for nxt in neighbors(loc):
            if nxt in done:
                continue
            if step_cost is None:
                new = cost + 1
            else:
                step = step_cost(loc, nxt)
                if step is None:
                    continue
                if step < 0:
                    raise ValueError(f"negative step cost {step!r} from {loc!r} to {nxt!r}")
                new = cost + step
            if new > budget:
                continue
            old = best.get(nxt)
            if old is None or new < old:
                best[nxt] = new
                parent[nxt] = loc
                heapq.heappush(heap, (new, next(tie), nxt))
    return done, parent


def reach_probability(
    board: Board,
    start: Loc,
    movement_roll: Distribution,
    step_cost: StepCost | None = None,
    must_stop: Callable[[Loc], bool] | None = None,
    can_end: Callable[[Loc], bool] | None = None,
) -> dict[Loc, Fraction]:
    """Probability that a movement roll is enough to end the move at each location.

    ``movement_roll`` has ``.items()`` of (points, probability) (a ``Dist``, or a dict-like).
    Costs do not depend on the roll, so reach is computed once with the highest roll and each
    location gets P(roll >= its cost). Exact when the probabilities are Fractions.
    """
    outcomes = sorted((points, p) for points, p in movement_roll.items() if p)
    if not outcomes:
        raise ValueError("the movement roll has no outcome with positive probability")
    rolls = [points for points, _ in outcomes]
    tail: list[Any] = [Fraction(0)] * (len(outcomes) + 1)  # tail[i] = P(roll >= rolls[i])
    for i in range(len(outcomes) - 1, -1, -1):
        tail[i] = tail[i + 1] + outcomes[i][1]
    reached = reach(board, start, rolls[-1], step_cost, must_stop, can_end)
    return {loc: tail[bisect_left(rolls, info.cost)] for loc, info in reached.items()}


__all__ = ["Cost", "Distribution", "ReachInfo", "reach", "reach_costs", "reach_probability"]

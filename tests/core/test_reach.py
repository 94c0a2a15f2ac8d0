"""Movement reach: budgets, fractional costs, stop-on-entering, pass-through, probabilities."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_lib.core.boards import (
    GraphBoard,
    Hex,
    HexBoard,
    ReachInfo,
    SquareBoard,
    UnknownLocation,
    hex_range,
    reach,
    reach_probability,
)

HALF = Fraction(1, 2)


def line_board(n: int) -> GraphBoard:
    """Locations 0..n-1 in a row."""
    return GraphBoard(nx.path_graph(n), name="line")


class StandInDist:
    """A tiny stand-in for dice.Dist: outcome -> probability, exposing .items()."""

    def __init__(self, mapping: dict[int, Fraction]) -> None:
        self._mapping = mapping

    def items(self):  # noqa: ANN201 - mirrors dict.items
        return self._mapping.items()


D6 = StandInDist({pips: Fraction(1, 6) for pips in range(1, 7)})


def assert_paths_valid(board, start, result, step_cost=None) -> None:
    """Every path starts at start, walks neighbours, and adds up to its cost."""
    for loc, info in result.items():
        assert info.path[0] == start and info.path[-1] == loc
        total = 0
        for a, b in zip(info.path, info.path[1:]):
            assert b in set(board.neighbors(a))
            total += 1 if step_cost is None else step_cost(a, b)
        assert total == info.cost


# --- budget and costs ----------------------------------------------------------------------------


def test_budget_limits_reach_on_a_line() -> None:
    result = reach(line_board(8), 0, 3)
    assert {loc: info.cost for loc, info in result.items()} == {0: 0, 1: 1, 2: 2, 3: 3}


def test_start_is_included_with_cost_zero() -> None:
    info = reach(line_board(3), 1, 0)[1]
    assert info.cost == 0 and info.path == (1,)


def test_reach_on_hex_board_covers_a_hexagon() -> None:
    board = HexBoard(hex_range(Hex(0, 0), 4))
    assert len(reach(board, Hex(0, 0), 2)) == 19  # 1 + 6 + 12


def test_reach_respects_square_walls() -> None:
    board = SquareBoard(3, 1, walls=[((0, 0), (1, 0))])
    assert set(reach(board, (0, 0), 5)) == {(0, 0)}


def test_half_point_roads_are_exact() -> None:
    # road 0-1-2 costs 1/2 a step, off-road 1
    roads = {frozenset((0, 1)), frozenset((1, 2))}

    def cost(a, b):
        return HALF if frozenset((a, b)) in roads else 1

    result = reach(line_board(6), 0, 2, step_cost=cost)
    assert {loc: info.cost for loc, info in result.items()} == {0: 0, 1: HALF, 2: 1, 3: 2}
    assert isinstance(result[3].cost, Fraction)


def test_cheaper_road_detour_beats_direct_step() -> None:
    board = GraphBoard.from_data(
        {n: {} for n in "ABCD"},
        [
            ("A", "D", {"mp": 2}),
            ("A", "B", {"mp": HALF}),
            ("B", "C", {"mp": HALF}),
            ("C", "D", {"mp": HALF}),
        ],
    )
    result = reach(board, "A", 2, step_cost=lambda a, b: board.edge_attr(a, b, "mp"))
    assert result["D"].cost == Fraction(3, 2)
    assert result["D"].path == ("A", "B", "C", "D")


def test_impassable_step_is_skipped() -> None:
    result = reach(line_board(5), 0, 10, step_cost=lambda a, b: None if b == 2 else 1)
    assert set(result) == {0, 1}


def test_negative_step_cost_is_an_error() -> None:
    with pytest.raises(ValueError, match="negative"):
        reach(line_board(3), 0, 3, step_cost=lambda a, b: -1)


def test_unknown_start_is_an_error() -> None:
    with pytest.raises(UnknownLocation):
        reach(line_board(3), 99, 3)


# --- stop on entering ----------------------------------------------------------------------------


def test_must_stop_location_is_entered_but_not_left() -> None:
    result = reach(line_board(8), 0, 6, must_stop=lambda loc: loc == 2)
    assert set(result) == {0, 1, 2}


def test_cannot_continue_past_an_enemy_adjacent_hex() -> None:
    board = HexBoard(hex_range(Hex(0, 0), 4))
    enemy = Hex(0, -3)
    zoc = {h for h in board.locations() if h == enemy or enemy in board.neighbors(h)}
    result = reach(board, Hex(0, 0), 3, must_stop=zoc.__contains__)
    assert Hex(0, -2) in result  # adjacent to the enemy: may end there
    for info in result.values():
        # no path passes through an enemy-adjacent hex before its end
        assert not any(h in zoc for h in info.path[1:-1])
    assert_paths_valid(board, Hex(0, 0), result)


def test_cheapest_path_through_a_stop_location_is_not_used() -> None:
    # S-X-T is 2 steps but X stops the move; the legal way to T is S-A-B-T, 3 steps
    board = GraphBoard.from_data(
        {n: {} for n in ["S", "X", "A", "B", "T"]},
        [("S", "X"), ("X", "T"), ("S", "A"), ("A", "B"), ("B", "T")],
    )
    result = reach(board, "S", 3, must_stop=lambda loc: loc == "X")
    assert result["T"].cost == 3
    assert result["T"].path == ("S", "A", "B", "T")


def test_starting_in_a_stop_location_does_not_stop_the_move() -> None:
    result = reach(line_board(4), 0, 2, must_stop=lambda loc: loc == 0)
    assert set(result) == {0, 1, 2}


# --- pass through but not end --------------------------------------------------------------------


def test_can_end_false_is_passed_through_but_not_listed() -> None:
    full_stack = {1}
    result = reach(line_board(4), 0, 2, can_end=lambda loc: loc not in full_stack)
    assert set(result) == {0, 2}
    assert result[2].path == (0, 1, 2)


# --- determinism ---------------------------------------------------------------------------------


def test_ties_break_by_neighbour_order_reproducibly() -> None:
    board = SquareBoard(3, 3)
    first = reach(board, (0, 0), 4)
    assert first[(1, 1)].path == ((0, 0), (1, 0), (1, 1))  # east is listed before north
    assert reach(board, (0, 0), 4) == first
    assert list(reach(board, (0, 0), 4)) == list(first)


# --- oracle: networkx Dijkstra -------------------------------------------------------------------


COSTS = [HALF, Fraction(1), Fraction(2), Fraction(3)]


@st.composite
def weighted_graphs(draw):
    """A random graph with per-edge costs 1/2, 1, 2 or 3, a start node and a budget."""
    n = draw(st.integers(min_value=1, max_value=12))
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for a, b in edges:
        graph.add_edge(a, b, mp=draw(st.sampled_from(COSTS)))
    start = draw(st.integers(min_value=0, max_value=n - 1))
    budget = draw(st.sampled_from([Fraction(k, 2) for k in range(0, 13)]))
    return graph, start, budget


@settings(max_examples=150, deadline=None)
@given(weighted_graphs())
def test_reach_matches_networkx_dijkstra(case) -> None:
    graph, start, budget = case
    board = GraphBoard(graph)

    def cost(a, b):
        return graph.edges[a, b]["mp"]

    result = reach(board, start, budget, step_cost=cost)
    expected = nx.single_source_dijkstra_path_length(graph, start, cutoff=budget, weight="mp")
    assert {loc: info.cost for loc, info in result.items()} == expected
    assert_paths_valid(board, start, result, cost)


# --- probabilities -------------------------------------------------------------------------------


def test_reach_probability_one_d6_on_a_line() -> None:
    result = reach_probability(line_board(10), 0, D6)
    assert result == {
        0: 1,
        1: 1,
        2: Fraction(5, 6),
        3: Fraction(4, 6),
        4: Fraction(3, 6),
        5: Fraction(2, 6),
        6: Fraction(1, 6),
    }
    assert all(isinstance(p, Fraction) for p in result.values())


def test_reach_probability_with_stop_rule() -> None:
    result = reach_probability(line_board(10), 0, D6, must_stop=lambda loc: loc == 3)
    assert result == {0: 1, 1: 1, 2: Fraction(5, 6), 3: Fraction(4, 6)}


def test_reach_probability_with_half_point_steps() -> None:
    # every step costs 1/2: location k needs a roll of at least k/2
    result = reach_probability(line_board(20), 0, D6, step_cost=lambda a, b: HALF)
    assert result[3] == Fraction(5, 6)  # cost 3/2 needs a roll of 2 or more
    assert result[12] == Fraction(1, 6)
    assert 13 not in result


def test_reach_probability_ignores_impossible_outcomes() -> None:
    roll = StandInDist({1: Fraction(1, 2), 2: Fraction(1, 2), 9: Fraction(0)})
    assert set(reach_probability(line_board(20), 0, roll)) == {0, 1, 2}


def test_reach_probability_accepts_a_plain_dict() -> None:
    result = reach_probability(line_board(5), 0, {1: Fraction(1, 3), 2: Fraction(2, 3)})
    assert result == {0: 1, 1: 1, 2: Fraction(2, 3)}


def test_reach_costs_gives_the_locations_costs_and_order_of_reach_without_paths():
    from rules_lib.core.boards import HexBoard, reach_costs

    board = HexBoard.from_offset(8, 6)
    start = next(iter(board.locations()))
    blocked = set(list(board.locations())[10:14])
    enemy_near = set(list(board.locations())[20:23])

    def step(a, b):
        return None if b in blocked else (1 if (a.q + b.r) % 3 else 2)

    full = reach(board, start, 6, step, must_stop=enemy_near.__contains__,
                 can_end=lambda h: h.q != 2)
    costs = reach_costs(board, start, 6, step, must_stop=enemy_near.__contains__,
                        can_end=lambda h: h.q != 2)
    assert list(costs) == list(full) and all(costs[h] == full[h].cost for h in full)
    assert any(h in enemy_near for h in costs) and not any(h.q == 2 for h in costs if h != start)


# --- each behaviour alone, exact values ----------------------------------------------------------


def test_an_unknown_start_is_named_with_the_board() -> None:
    with pytest.raises(UnknownLocation) as err:
        reach(line_board(3), 99, 3)
    assert (err.value.loc, err.value.board_name) == (99, "line")


def test_a_negative_step_cost_is_named_with_its_step() -> None:
    with pytest.raises(ValueError) as err:
        reach(line_board(3), 0, 3, step_cost=lambda a, b: -1 if b == 2 else 1)
    assert str(err.value) == "negative step cost -1 from 1 to 2"


def test_a_free_step_is_allowed() -> None:
    result = reach(line_board(4), 0, 1, step_cost=lambda a, b: 0 if b == 1 else 1)
    assert {loc: info.cost for loc, info in result.items()} == {0: 0, 1: 0, 2: 1}


def test_the_start_is_listed_even_where_a_move_may_not_end() -> None:
    result = reach(line_board(3), 0, 2, can_end=lambda loc: loc != 0)
    assert result[0] == ReachInfo(0, (0,)) and set(result) == {0, 1, 2}


def test_results_come_in_order_of_cost() -> None:
    board = GraphBoard.from_data({n: {} for n in "SABC"},
                                 [("S", "A", {"mp": 3}), ("S", "B", {"mp": 1}),
                                  ("B", "C", {"mp": 1})])
    result = reach(board, "S", 5, step_cost=lambda a, b: board.edge_attr(a, b, "mp"))
    assert list(result) == ["S", "B", "C", "A"]
    assert [info.cost for info in result.values()] == [0, 1, 2, 3]


def test_reach_costs_without_can_end_are_reachs_costs() -> None:
    from rules_lib.core.boards import reach_costs

    board = SquareBoard(4, 3, walls=[((1, 0), (1, 1))])
    full = reach(board, (0, 0), 3, must_stop=lambda sq: sq == (2, 0))
    costs = reach_costs(board, (0, 0), 3, must_stop=lambda sq: sq == (2, 0))
    assert costs == {loc: info.cost for loc, info in full.items()}
    assert list(costs) == list(full)


def test_reach_costs_keep_the_start_where_a_move_may_not_end() -> None:
    from rules_lib.core.boards import reach_costs

    assert reach_costs(line_board(4), 1, 1, can_end=lambda loc: loc == 2) == {1: 0, 2: 1}


def test_a_movement_roll_without_a_possible_outcome_is_refused() -> None:
    with pytest.raises(ValueError) as err:
        reach_probability(line_board(3), 0, {2: Fraction(0)})
    assert str(err.value) == "the movement roll has no outcome with positive probability"


def test_reach_probability_of_a_roll_given_out_of_order() -> None:
    roll = {3: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert reach_probability(line_board(6), 2, roll) == {
        2: 1, 1: 1, 3: 1, 0: Fraction(1, 2), 4: Fraction(1, 2), 5: Fraction(1, 4)}

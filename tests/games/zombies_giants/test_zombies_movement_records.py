"""Movement and reach worked out afresh (movement.py): the points a roll gives with a card's bonus
or divisor, the movement dice of each reading, where a Huge figure must stop, and the squares a
figure reaches, walls blocking and doorways limiting a Huge Giant.

Reach is worked out once per town and kept (``TownMap.within``): these tests build the data anew,
so nothing is at hand from earlier games. The town of ``zg_helpers``: the Town Square's streets
x 9..11, y 9..11; the Hardware Store's building row y = 11 (x 12..14, door at 13), its street row
y = 10 and its out-of-bounds row y = 9.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.data import apply_override
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import ZData, build, default_data, load_files
from rules_lib.games.zombies_giants.movement import (
    movement_points,
    movement_reach,
    movement_roll,
    reach_squares,
    speed_hearts,
)
from rules_lib.games.zombies_giants.town import town_map

from .zg_helpers import make_state, zombies_at

DOOR_OUT, DOOR_IN = (13, 10), (13, 11)


def fresh() -> tuple[ZData, object]:
    """The shipped data built anew, and the town of ``make_state`` on it (no reach kept yet)."""
    data = build(load_files())
    return data, town_map(make_state(), data)


def wounded_normal(hearts: int, reserve: int = 0):
    st = make_state()
    s = st.survivors[0]
    s.halves, s.reserve = 2 * hearts, reserve
    return st, s


# -- the points a roll gives ------------------------------------------------------------------------


@pytest.mark.rule("ZGC-FIGHT-01")
def test_without_a_card_the_roll_is_the_movement():
    assert movement_points(False, 0, 5, 0) == 5
    assert movement_points(True, 3, 2, 0) == 3  # a Normal: never less than its hearts


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_cards_bonus_adds_to_the_roll():
    assert movement_points(False, 0, 3, 2) == 5


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_cards_divisor_divides_the_movement_rounding_down():
    assert movement_points(False, 0, 7, 0, 2) == 3
    assert movement_points(False, 0, 1, 0, 2) == 0  # never below nothing, and nothing is possible


# -- the movement dice --------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-NORM-03", "ZGC-AMB-18")
def test_a_normals_minimum_counts_its_health_hearts_not_its_reserve():
    _, s = wounded_normal(hearts=2, reserve=3)
    assert speed_hearts(s) == 2
    roll = movement_roll(default_data(), s)
    assert roll.prob(2) == Fraction(2, 6) and roll.prob(1) == 0 and roll.prob(6) == Fraction(1, 6)


@pytest.mark.rule("ZGC-NORM-03", "ZGC-AMB-18")
def test_under_the_variant_a_normals_minimum_counts_its_reserve_too():
    _, s = wounded_normal(hearts=2, reserve=3)
    roll = movement_roll(default_data(), s, counts_reserve=True)
    assert roll.prob(5) == Fraction(5, 6) and roll.prob(6) == Fraction(1, 6)


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_cards_bonus_and_a_permanent_bonus_both_add_to_every_roll():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.permanent_move_bonus = 1
    roll = movement_roll(default_data(), s, 2)
    assert min(roll.outcomes) == 2 + 3 and max(roll.outcomes) == 12 + 3


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_cards_divisor_halves_every_roll():
    st = make_state(("Big",))
    roll = movement_roll(default_data(), st.survivors[0], 0, 2)
    assert min(roll.outcomes) == 1 and max(roll.outcomes) == 6


# -- where a move may end ---------------------------------------------------------------------------


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-FIGHT-02")
def test_a_huge_figure_stops_where_its_second_square_enters_a_zombies():
    st = make_state(("Huge",), at=(9, 10))
    zombies_at(st, (12, 10))
    reach = movement_reach(st, "Survivor 1")
    assert reach[(11, 10)] == 1  # covers 11,10 and the zombie's 12,10: the move ends there
    assert (12, 10) not in reach  # no going on past it


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-FIGHT-02")
def test_a_designers_north_south_huge_figure_stops_where_its_second_square_enters_a_zombies():
    files = load_files()
    files["sizes"] = apply_override(files["sizes"], "sizes.Huge.footprint", [1, 2])
    st = make_state(("Huge",), at=(9, 9))  # covers 9,9 and 9,10
    zombies_at(st, (11, 10))
    reach = movement_reach(st, "Survivor 1", build(files))
    assert reach[(11, 9)] == 1  # covers 11,9 and the zombie's 11,10: the move ends there
    assert (12, 9) not in reach  # only through 11,9: no going on past it


@pytest.mark.rule("ZGC-NORM-03", "ZGC-AMB-18")
def test_the_reach_of_a_normal_under_the_variant_counts_its_reserve():
    st, _ = wounded_normal(hearts=1, reserve=3)
    assert movement_reach(st, "Survivor 1")[(12, 10)] == Fraction(5, 6)  # 2 squares: 2 to 6
    st.variants = [V.MIN_SPEED_COUNTS_RESERVE]
    assert movement_reach(st, "Survivor 1")[(12, 10)] == 1  # at least 4 squares


@pytest.mark.rule("ZGC-FIGHT-01")
def test_the_reach_after_a_card_halving_movement():
    st, _ = wounded_normal(hearts=1)
    st.move_divisor = 2
    reach = movement_reach(st, "Survivor 1")
    assert reach[(11, 10)] == Fraction(5, 6)  # 1 square: a roll of 2 or more
    assert reach[(13, 10)] == Fraction(1, 6)  # 3 squares: a roll of 6
    assert (14, 10) not in reach  # 4 squares: more than 6 // 2


# -- the squares a figure reaches ---------------------------------------------------------------------


@pytest.mark.rule("ZGC-BIG-07", "ZGC-REACH-05")
def test_a_big_reaches_the_squares_one_step_away_walls_blocking():
    data, tm = fresh()
    # at 12,10: the shop's wall north, out-of-bounds south
    assert reach_squares(tm, data, "Big", [(12, 10)], 1) == {(11, 10), (13, 10), (12, 9)}


@pytest.mark.rule("ZGC-REACH-01")
def test_a_reach_of_two_squares_covers_every_square_two_steps_away():
    data, tm = fresh()
    assert reach_squares(tm, data, "Big", [(10, 10)], 2) == {
        (9, 9), (9, 10), (9, 11), (10, 9), (10, 11), (11, 9), (11, 10), (11, 11), (12, 10)}


@pytest.mark.rule("ZGC-REACH-05")
def test_a_big_reaches_on_into_a_building_past_its_doorway():
    data, tm = fresh()
    assert reach_squares(tm, data, "Big", [DOOR_OUT], 2) == {
        (11, 10), (12, 9), (12, 10), (12, 11), (13, 9), (13, 11), (14, 9), (14, 10), (14, 11)}


@pytest.mark.rule("ZGC-REACH-06", "ZGC-HUGE-05")
def test_a_huge_giant_reaches_only_one_square_past_a_doorway():
    data, tm = fresh()
    assert reach_squares(tm, data, "Huge", [(12, 10), DOOR_OUT], 2) == {
        (10, 10), (11, 9), (11, 10), (11, 11), (12, 9), (13, 9), (13, 11), (14, 9), (14, 10)}


@pytest.mark.rule("ZGC-REACH-06", "ZGC-HUGE-05")
def test_a_huge_giant_astride_a_doorway_reaches_on_along_the_street():
    data, tm = fresh()
    # covering the door square and 14,10: the first square found is the one inside the door
    assert reach_squares(tm, data, "Huge", [DOOR_OUT, (14, 10)], 2) == {
        (13, 11), (12, 10), (13, 9), (14, 9), (11, 10), (12, 9)}

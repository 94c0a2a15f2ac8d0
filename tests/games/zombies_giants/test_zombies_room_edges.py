"""Room for figures where the edges of the rule show (capacity.py): a Huge figure stepping onto
half its own old footprint, a Big squeezing through a door onto a full street, what a refusal and
the capacity invariant name, and a Giant's stand counted in Normal figures.

The town of ``zg_helpers``: the Town Square's streets x 9..11, y 9..11; the Hardware Store's
building row y = 11 (x 12..14, door at 13), its street row y = 10 and its out-of-bounds row y = 9.
"""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.games.zombies_giants import movement_reach
from rules_lib.games.zombies_giants.capacity import (
    can_pass,
    crowded,
    describe,
    fits,
    fits_on,
    share,
)
from rules_lib.games.zombies_giants.data import ZData, build, default_data, load_files

from .zg_helpers import make_state, zombies_at

DOOR_OUT, DOOR_IN = (13, 10), (13, 11)


def sizes_override(key: str, value) -> ZData:
    """The shipped data with one ``sizes.yaml`` value changed (a designer's override)."""
    files = load_files()
    files["sizes"] = apply_override(files["sizes"], key, value)
    return build(files)


def huge_on_the_west_edge():
    """A Huge figure anchored at 9,10 (it covers 9,10 and 10,10)."""
    st = make_state(("Huge",), at=(9, 10))
    return st, st.survivors[0]


# -- a Huge figure's own squares leave room for itself ------------------------------------------


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_figure_may_end_its_move_one_square_along_on_half_its_old_footprint():
    st, huge = huge_on_the_west_edge()
    reach = movement_reach(st, huge.name)
    assert reach[(10, 10)] == 1  # covers 10,10 (its own) and 11,10: any roll moves it there


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_figure_may_step_onto_half_its_old_footprint_with_no_movement_left():
    st, huge = huge_on_the_west_edge()
    assert can_pass(st, default_data(), huge, (10, 10), 0)


# -- a Big squeezing through a door onto a full street -------------------------------------------


def big_behind_the_door():
    """A Big inside the shop by its door; Bigs fill the three street squares outside."""
    st = make_state(("Big",) * 4)
    mover, *others = st.survivors
    mover.loc = list(DOOR_IN)
    for s, x in zip(others, (12, 13, 14)):
        s.loc = [x, 10]
    return st, mover


@pytest.mark.rule("ZGC-BIG-01", "ZGC-BIG-09")
def test_a_big_may_squeeze_onto_a_full_square_only_with_room_within_its_movement_beyond():
    st, mover = big_behind_the_door()
    data = default_data()
    # out through the door (3) onto 13,10; two more squares west, through 12,10, reach 11,10
    assert can_pass(st, data, mover, DOOR_OUT, 2)
    # one square left: 12,10 and 14,10 are full, and squeezing back in costs 3
    assert not can_pass(st, data, mover, DOOR_OUT, 1)


@pytest.mark.rule("ZGC-BIG-01", "ZGC-BIG-09", "ZGC-FIGHT-02")
def test_a_full_square_holding_a_zombie_stops_a_squeezing_big_short_of_the_room_beyond():
    st, mover = big_behind_the_door()
    zombies_at(st, (12, 10))  # set up by hand beside the Big there: entering it ends the move
    assert not can_pass(st, default_data(), mover, DOOR_OUT, 2)


# -- a designer's Huge figure standing north-south -------------------------------------------------


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_figure_standing_north_south_fills_both_its_squares():
    data = sizes_override("sizes.Huge.footprint", [1, 2])
    st = make_state(("Huge", "Big"))
    huge, big = st.survivors
    big.loc = [10, 11]
    assert share(data, "Huge") == 1
    assert not fits(st, data, "Huge", (10, 10), huge)  # its north square holds the Big
    assert fits(st, data, "Huge", (9, 10), huge)


# -- what a refusal and the capacity invariant name ----------------------------------------------


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-BIG-01")
def test_a_refusal_names_only_the_squares_that_are_full():
    st = make_state(("Huge", "Big"), at=(9, 10))
    huge, big = st.survivors
    big.loc = [11, 10]
    data = default_data()
    # one square along: 10,10 is the Huge figure's own, 11,10 holds the Big
    assert describe(st, data, "Huge", (10, 10), huge) == "11,10 holds Survivor 2"


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-BIG-01")
def test_a_refusal_names_each_full_square_in_turn():
    st = make_state(("Huge", "Big", "Big"), at=(9, 9))
    huge, west, east = st.survivors
    west.loc, east.loc = [10, 10], [11, 10]
    assert describe(st, default_data(), "Huge", (10, 10), huge) == \
        "10,10 holds Survivor 2; 11,10 holds Survivor 3"


@pytest.mark.rule("ZGC-BIG-01", "ZGC-NORM-01")
def test_a_crowded_square_names_who_stands_there_without_the_survivor_passing_through():
    st = make_state(("Normal", "Big", "Big"), at=(11, 10))
    passing = st.survivors[0]
    assert crowded(st, default_data(), exclude=passing) == {(11, 10): ["Survivor 2", "Survivor 3"]}


# -- a Giant's stand -------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-01")
def test_the_riders_a_giant_carries_fit_its_stand():
    st = make_state(("Huge", "Normal", "Normal"))
    huge, a, b = st.survivors
    huge.carrying = [a.name, b.name]
    a.carried_by = b.carried_by = huge.name
    a.loc = b.loc = None
    assert fits_on(st, default_data(), huge, None)


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_giant_never_carries_a_figure_of_its_own_size_however_big_its_stand():
    data = sizes_override("sizes.Big.carry_capacity", 2)  # room for 2 Normals: a Big's weight
    st = make_state(("Big", "Big", "Normal"))
    giant, other, normal = st.survivors
    assert fits_on(st, data, giant, normal) and not fits_on(st, data, giant, other)


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_stands_places_are_counted_in_normal_figures():
    data = sizes_override("sizes.Normal.carry_weight", 2)  # a heavier Normal figure
    st = make_state(("Huge", "Normal", "Normal"))
    huge, a, b = st.survivors
    huge.carrying, a.carried_by, a.loc = [a.name], huge.name, None
    assert fits_on(st, data, huge, b)  # 2 places of 2 each: both Normals still fit

"""Room for figures, square by square (capacity.py): what each size's figure takes, who counts
on a square, where a figure fits and stands, the nearest square with room, passing through a
full square, and what the refusal names.

The town of ``zg_helpers``: the Town Square's streets x 9..11, y 9..11; the Hardware Store's
building row y = 11 (x 12..14), its street row y = 10 and its out-of-bounds row y = 9."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.games.zombies_giants.capacity import (
    can_pass,
    capacity,
    crowded,
    describe,
    fits,
    nearest_room,
    occupancy,
    share,
    stands,
    survivor_squares_fit,
    terrain_why,
    who_is_on,
)
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.town import town_map

from .zg_helpers import make_state, zombies_at

EAST, BUILDING, OUT = (11, 10), (12, 11), (12, 9)


def town(sizes_=("Normal",)):
    st = make_state(sizes_)
    return st, default_data(), town_map(st, default_data())


# -- ZGC-NORM-01, ZGC-BIG-01, ZGC-HUGE-01: what a figure takes ----------------------------------


@pytest.mark.rule("ZGC-NORM-01", "ZGC-BIG-01", "ZGC-HUGE-01")
def test_a_normal_takes_a_quarter_of_a_square_a_big_all_of_one_a_huge_all_of_two():
    data = default_data()
    assert share(data, "Normal") == Fraction(1, 4)
    assert share(data, "Big") == 1 and share(data, "Huge") == 1  # per square it covers
    assert capacity(data) == 1


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_figure_fills_both_its_squares():
    st, data, _ = town(("Huge",))
    cap, _ = data.room_units
    assert occupancy(st, data) == {(10, 10): cap, (11, 10): cap}


@pytest.mark.rule("ZGC-NORM-01")
def test_only_survivors_in_play_standing_on_their_own_feet_take_room():
    st, data, _ = town(("Normal",) * 4)
    one, dead, carried, mover = st.survivors
    dead.status = "dead"
    carried.carried_by, carried.loc = one.name, None
    assert occupancy(st, data) == {(10, 10): 2}  # Survivor 1 and Survivor 4
    assert occupancy(st, data, exclude=mover) == {(10, 10): 1}


# -- where a figure fits ------------------------------------------------------------------------


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-NORM-01")
def test_a_huge_figure_does_not_fit_where_its_second_square_holds_a_normal():
    st, data, _ = town(("Huge", "Normal"))
    st.survivors[1].loc = list(EAST)
    assert not fits(st, data, "Huge", (10, 10), st.survivors[0])
    assert fits(st, data, "Huge", (9, 10), st.survivors[0])  # (9, 10) and (10, 10) are free


@pytest.mark.rule("ZGC-NORM-01")
def test_a_fifth_normal_does_not_fit_and_a_fourth_does():
    st, data, _ = town(("Normal",) * 4)
    assert fits(st, data, "Normal", (10, 10), st.survivors[0])  # three others and itself
    assert not fits(st, data, "Normal", (10, 10))  # a fifth beside all four


@pytest.mark.rule("ZGC-NORM-01", "ZGC-BIG-01")
def test_a_survivors_own_figure_fits_where_it_stands_unless_others_crowd_it():
    st, data, _ = town(("Normal", "Big"))
    normal, big = st.survivors
    assert not survivor_squares_fit(st, data, normal)  # a Big fills its square
    big.loc = list(EAST)
    assert survivor_squares_fit(st, data, normal) and survivor_squares_fit(st, data, big)
    big.carrying, normal.carried_by, normal.loc = [normal.name], big.name, None
    assert survivor_squares_fit(st, data, normal)  # riding on the Big's stand


@pytest.mark.rule("ZGC-BIG-01")
def test_a_figure_with_no_square_fits_trivially():
    st, data, _ = town(("Big", "Big"))
    st.survivors[0].loc = None
    assert survivor_squares_fit(st, data, st.survivors[0])


# -- who is on a square, and what a refusal names -------------------------------------------------


@pytest.mark.rule("ZGC-NORM-01", "ZGC-HUGE-01")
def test_who_is_on_a_square_counts_a_huge_figures_second_square_and_nobody_out_of_play():
    st, data, _ = town(("Huge", "Normal", "Normal"))
    st.survivors[1].loc = list(EAST)
    st.survivors[2].loc, st.survivors[2].status = list(EAST), "escaped"
    assert who_is_on(st, data, EAST) == ["Survivor 1", "Survivor 2"]
    assert who_is_on(st, data, EAST, exclude=st.survivors[0]) == ["Survivor 2"]


@pytest.mark.rule("ZGC-NORM-01", "ZGC-BIG-01")
def test_crowded_squares_are_those_over_capacity_with_who_stands_there():
    st, data, _ = town(("Normal",) * 4 + ("Big",))
    st.survivors[4].loc = list(EAST)
    assert crowded(st, data) == {}  # four Normals on one square, a Big alone on another
    st.survivors[0].loc = list(EAST)
    assert crowded(st, data) == {EAST: ["Survivor 1", "Survivor 5"]}
    assert crowded(st, data, exclude=st.survivors[4]) == {}


@pytest.mark.rule("ZGC-BIG-01")
def test_a_refusal_names_the_full_squares_and_who_holds_them():
    st, data, _ = town(("Huge", "Normal", "Normal"))
    st.survivors[1].loc = st.survivors[2].loc = list(EAST)
    assert describe(st, data, "Big", EAST, st.survivors[0]) == "11,10 holds Survivor 2, Survivor 3"
    assert describe(st, data, "Normal", EAST, st.survivors[1]) == \
        "11,10 holds Survivor 1, Survivor 3"  # the Huge figure's second square
    assert describe(st, data, "Normal", (9, 10), st.survivors[0]) == ""


# -- where a figure stands ----------------------------------------------------------------------


@pytest.mark.rule("ZGC-BIG-09", "ZGC-HUGE-09")
def test_normals_and_bigs_stand_in_buildings_and_a_huge_figure_never():
    _, data, tm = town()
    assert stands(tm, data, "Normal", BUILDING) and stands(tm, data, "Big", BUILDING)
    assert not stands(tm, data, "Huge", BUILDING) and not stands(tm, data, "Huge", (11, 11))
    assert stands(tm, data, "Huge", (10, 10))


@pytest.mark.rule("ZGC-HUGE-01")
def test_only_a_huge_figure_overlaps_out_of_bounds_squares():
    _, data, tm = town()
    assert stands(tm, data, "Normal", EAST) and stands(tm, data, "Big", EAST)
    assert not stands(tm, data, "Normal", OUT) and not stands(tm, data, "Big", OUT)
    assert stands(tm, data, "Huge", (11, 9))  # the Town Square's (11, 9) and the out (12, 9)


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-HUGE-09", "ZGC-NORM-01")
def test_the_terrain_refusal_names_out_of_bounds_no_tile_or_a_huge_footprint():
    _, data, tm = town()
    assert terrain_why(tm, data, "Normal", EAST) == "" and terrain_why(tm, data, "Big", BUILDING) == ""
    assert terrain_why(tm, data, "Big", OUT) == "the square is out of bounds"
    assert terrain_why(tm, data, "Normal", (40, 40)) == "no tile is there"
    assert terrain_why(tm, data, "Huge", (11, 11)) == (
        "a Huge figure standing there would cover a building square or only out-of-bounds "
        "squares (2x1 squares)")


# -- the nearest square with room (assumed) ------------------------------------------------------


@pytest.mark.rule("ZGC-BIG-01")
def test_the_nearest_square_with_room_is_the_closest_then_the_lowest():
    st, data, _ = town(("Big", "Big"))
    mover = st.survivors[1]
    # (10, 10) holds Survivor 1; (9, 10), (10, 9), (10, 11), (11, 10) are one square away
    assert nearest_room(st, data, mover, [(10, 10)]) == (9, 10)


@pytest.mark.rule("ZGC-BIG-01")
def test_the_nearest_square_with_room_counts_from_the_closest_of_several():
    st, data, _ = town(("Big", "Big"))
    mover = st.survivors[1]
    assert nearest_room(st, data, mover, [(3, 3), (14, 10)]) == (14, 10)


@pytest.mark.rule("ZGC-BIG-01")
def test_the_nearest_square_with_room_is_looked_for_among_the_squares_given():
    st, data, _ = town(("Big", "Big"))
    mover = st.survivors[1]
    assert nearest_room(st, data, mover, [(10, 10)], among=[(10, 10), (14, 10)]) == (14, 10)
    assert nearest_room(st, data, mover, [(10, 10)], among=[(10, 10), OUT]) is None


@pytest.mark.rule("ZGC-BIG-01")
def test_the_mover_itself_leaves_room_where_it_stands():
    st, data, _ = town(("Big",))
    assert nearest_room(st, data, st.survivors[0], [(10, 10)]) == (10, 10)


# -- passing through a full square --------------------------------------------------------------


@pytest.mark.rule("ZGC-BIG-01")
def test_a_full_square_may_be_passed_with_movement_left_to_end_beyond():
    st, data, _ = town(("Big", "Big"))
    st.survivors[1].loc = list(EAST)
    mover = st.survivors[0]
    assert can_pass(st, data, mover, EAST, 1)
    assert not can_pass(st, data, mover, EAST, 0)


@pytest.mark.rule("ZGC-BIG-01")
def test_a_square_with_room_may_always_be_entered():
    st, data, _ = town(("Big",))
    assert can_pass(st, data, st.survivors[0], EAST, 0)


@pytest.mark.rule("ZGC-BIG-01", "ZGC-MF-01")
def test_a_full_square_with_a_zombie_cannot_be_passed_through():
    st, data, _ = town(("Big", "Big"))
    st.survivors[1].loc = list(EAST)
    zombies_at(st, EAST)
    assert not can_pass(st, data, st.survivors[0], EAST, 3)


@pytest.mark.rule("ZGC-BIG-01", "ZGC-MF-01")
def test_a_full_square_may_be_passed_to_end_on_a_zombies_square_beyond():
    st, data, _ = town(("Big", "Big", "Big"))
    st.survivors[1].loc = list(EAST)
    st.survivors[2].loc = [13, 10]
    zombies_at(st, (12, 10))  # beyond the full square: a fight, then the move ends
    mover = st.survivors[0]
    assert can_pass(st, data, mover, EAST, 1)  # ends on the zombie's square, beyond

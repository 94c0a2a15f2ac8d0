"""The town and Step 1's placement worked out afresh (town.py): where a drawn tile may go, what a
Survivor sees along the roads, and the town built from its tiles.

Towns are kept on the data object (``ZData.town_maps``, ``ZData.last_town``) and some pure
functions are cached (``exit_bits``, ``rotated_rows``, ...): these tests build the data anew and
clear those caches, so nothing is at hand from earlier tests. The town of ``zg_helpers``: the Town
Square at slot (3, 3), squares x 9..11, y 9..11; the Hardware Store east of it at slot (4, 3):
building row y = 11 (x 12..14, door at 13), street row y = 10, out-of-bounds row y = 9.
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants.data import ZData, build, load_files
from rules_lib.games.zombies_giants.town import line_of_sight_slots, placements

from .zg_helpers import make_state


def fresh() -> ZData:
    """The shipped data built anew (no town kept yet)."""
    return build(load_files())


# -- Step 1: where a drawn tile may go ------------------------------------------------------------


@pytest.mark.rule("ZGC-TILE-02")
def test_placements_among_some_slots_keep_only_the_open_ones():
    # slot 3,4 holds the Street A already (the Town Square's road meets it): not a place
    st = make_state(tiles=(("Street A", (3, 4), 0),), at=(10, 13))
    found = placements(st, fresh(), "Street B", among=[(3, 4), (3, 5)])
    assert {(p.slot, p.rotation) for p in found} == {((3, 5), 0), ((3, 5), 2)}


# -- what a Survivor sees along the roads -----------------------------------------------------


@pytest.mark.rule("ZGC-TILE-02", "ZGC-MF-07")
def test_walls_and_out_of_bounds_squares_block_the_line_of_sight():
    # from the Hardware Store's street: north is its wall, south its out-of-bounds row
    st = make_state(at=(12, 10))
    assert line_of_sight_slots(st, fresh(), [(12, 10)]) == {(5, 3), (2, 3)}


@pytest.mark.rule("ZGC-TILE-02")
def test_the_line_of_sight_sees_no_slot_beyond_the_grids_west_edge():
    # a road west from the Town Square to the grid's edge (slots 2, 1, 0 of row 3)
    roads = tuple(("Street A", (x, 3), 1) for x in (2, 1, 0))
    st = make_state(tiles=roads)
    assert line_of_sight_slots(st, fresh(), [(10, 10)]) == {(3, 4), (3, 2), (4, 3)}


@pytest.mark.rule("ZGC-TILE-02", "ZGC-MF-01")
def test_the_mall_entrance_joins_the_town_and_the_mall_both():
    data = fresh()
    st = make_state(tiles=())
    assert {p.slot for p in placements(st, data, "Mall Entrance")} == {
        (4, 3), (2, 3), (3, 4), (3, 2)}
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),))
    assert {p.rotation for p in placements(st, data, "Street A", among=[(5, 3)])} == {1, 3}
    assert {p.rotation for p in placements(st, data, "Mall Hall", among=[(5, 3)])} == {0, 1, 2}


@pytest.mark.rule("ZGC-MALL-04", "ZGC-MF-03")
def test_the_escalators_up_exit_never_faces_a_placed_tile():
    # beyond the Mall Entrance the Escalator meets its road turned either way; turned 270 its up
    # exit would face the Mall Entrance itself
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),))
    found = placements(st, fresh(), "Escalator", among=[(5, 3)])
    assert [(p.slot, p.rotation, p.floor) for p in found] == [((5, 3), 1, 1)]

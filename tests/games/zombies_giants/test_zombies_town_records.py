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
from rules_lib.games.zombies_giants.state import PlacedTile
from rules_lib.games.zombies_giants.town import (
    MAPS_KEPT,
    Distances,
    _build_map,
    _with_tile,
    line_of_sight_slots,
    placement_priority,
    placements,
    rotate_edge,
    rotate_local,
    tile_centre,
    tile_chars,
    tile_exits,
    town_map,
)

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
    # beyond the Mall Entrance the Escalator meets its road turned either way; turned the wrong
    # way its up exit would face the Mall Entrance itself
    data = fresh()
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),))
    found = placements(st, data, "Escalator", among=[(5, 3)])
    assert [(p.slot, p.rotation, p.floor) for p in found] == [((5, 3), 1, 1)]
    found = placements(st, data, "Escalator", among=[(4, 4)])
    assert [(p.slot, p.rotation, p.floor) for p in found] == [((4, 4), 0, 1)]


#: (the Mall Entrance's slot, the Escalator's slot beside it, its rotations that may be placed):
#: its up exit must face an empty slot inside the grid
ESCALATOR_AT_THE_EDGE = [
    ((8, 3), (9, 3), []),  # up exit east: beyond the grid; west: the Mall Entrance
    ((3, 8), (3, 9), []),  # north: beyond the grid; south: the Mall Entrance
    ((2, 3), (1, 3), [3]),  # west: slot 0, inside the grid
    ((3, 2), (3, 1), [2]),  # south: slot 0, inside the grid
]


@pytest.mark.rule("ZGC-MALL-04", "ZGC-MF-03")
@pytest.mark.parametrize("entrance, slot, rotations", ESCALATOR_AT_THE_EDGE)
def test_the_escalators_up_exit_faces_a_slot_inside_the_grid(entrance, slot, rotations):
    st = make_state(tiles=(("Mall Entrance", entrance, 0),))
    found = placements(st, fresh(), "Escalator", among=[slot])
    assert [p.rotation for p in found] == rotations


#: (the road's slots west to east or south to north, their rotation, the edge slot, the
#: rotation of the T junction there that keeps its three roads open inside the grid)
JUNCTION_AT_THE_EDGE = [
    ([(2, 3), (1, 3)], 1, (0, 3), 3),  # west edge: roads north, east and south
    ([(x, 3) for x in range(4, 9)], 1, (9, 3), 1),  # east edge: south, west, north
    ([(3, 2), (3, 1)], 0, (3, 0), 2),  # south edge: west, north, east
    ([(3, y) for y in range(4, 9)], 0, (3, 9), 0),  # north edge: east, south, west
]


@pytest.mark.rule("ZGC-TILE-03")
@pytest.mark.parametrize("road, turned, edge_slot, rotation", JUNCTION_AT_THE_EDGE)
def test_an_exit_facing_off_the_grid_is_not_open(road, turned, edge_slot, rotation):
    st = make_state(tiles=tuple(("Street A", slot, turned) for slot in road))
    found = placements(st, fresh(), "Junction A", among=[edge_slot])
    assert [(p.rotation, p.open_exits) for p in found] == [(rotation, 3)]


@pytest.mark.rule("ZGC-TILE-02")
def test_a_road_never_runs_into_a_placed_tiles_closed_edge():
    # slot 4,4: the Hardware Store's closed north edge south of it, a crossroads' road west
    st = make_state(tiles=(("Hardware Store", (4, 3), 0), ("Crossroads A", (3, 4), 0)))
    assert placements(st, fresh(), "Crossroads B", among=[(4, 4)]) == []


@pytest.mark.rule("ZGC-TILE-02", "ZGC-TILE-03")
def test_a_tile_between_two_roads_meets_them_both():
    # slot 4,4: a crossroads' road from the south and one from the west; a bend joins them
    st = make_state(tiles=(("Crossroads A", (4, 3), 0), ("Crossroads B", (3, 4), 0)))
    found = placements(st, fresh(), "Bend A", among=[(4, 4)])
    assert [(p.rotation, p.open_exits) for p in found] == [(2, 2)]


@pytest.mark.rule("ZGC-MALL-04", "ZGC-MF-03")
def test_a_tile_joining_a_second_floor_road_is_on_the_second_floor_whatever_else_borders_it():
    # slot 6,4: a second-floor hall's road from the east, another second-floor hall's closed
    # edge to the south
    st = make_state(tiles=())
    st.tiles += [PlacedTile("Mall Hall", [7, 4], 0, 2), PlacedTile("Mall Hall", [6, 3], 0, 2)]
    found = placements(st, fresh(), "Mall Hall", among=[(6, 4)])
    assert [(p.rotation, p.floor) for p in found] == [(2, 2)]


@pytest.mark.rule("ZGC-TILE-02")
def test_from_the_grids_corner_a_survivor_sees_along_both_edges():
    # a Helipad (all street round its pad) in the corner slot 0,0, the Survivor on its corner
    st = make_state(tiles=(), at=(0, 0))
    st.tiles.append(PlacedTile("Helipad", [0, 0], 0, 2))
    assert line_of_sight_slots(st, fresh(), [(0, 0)]) == {(0, 1), (1, 0)}


@pytest.mark.rule("ZGC-TILE-02")
def test_a_tile_neither_beside_the_survivor_nor_in_sight_goes_in_any_legal_position():
    # the Escalator joins only the Mall Entrance (slot 2,3); from the Town Square's south row the
    # Survivor sees only slots beside the Town Square, where a Mall tile may not go
    st = make_state(tiles=(("Mall Entrance", (2, 3), 0),), at=(10, 9))
    why, found = placement_priority(st, fresh(), "Escalator", [(10, 9)])
    assert why == "any legal position"
    assert [(p.slot, p.rotation) for p in found] == [((1, 3), 3), ((2, 2), 2), ((2, 4), 0)]


# -- the town built from its tiles ------------------------------------------------------------------


def key_of(tiles, demolished=()):
    """The town key of these (tile, slot, rotation) placed in order."""
    return tuple((name, tuple(slot), rot) for name, slot, rot in tiles), tuple(demolished)


HOME = [("Town Square", (3, 3), 0), ("Hardware Store", (4, 3), 0)]


@pytest.mark.rule("ZGC-MF-07")
def test_a_tile_that_is_demolished_or_covers_placed_squares_is_not_added_to_the_town_before():
    data = fresh()
    before = _build_map(key_of(HOME[:1]), data)
    assert _with_tile(before, ("Hardware Store", (4, 3), 0), ("Hardware Store",), data) is None
    assert _with_tile(before, ("Street A", (3, 3), 0), (), data) is None  # on the Town Square
    assert _with_tile(before, ("Hardware Store", (4, 3), 0), (), data) is not None


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
def test_a_tall_figures_stands_grown_with_a_tile_are_those_of_the_town_built_whole():
    # a figure two squares north-south (a designer's Huge): its stands reach into the new tile
    data = fresh()
    tiles = HOME + [("Street A", (3, 4), 0), ("Crossroads A", (3, 5), 0)]
    town = _build_map(key_of(tiles[:1]), data)
    for n in range(2, len(tiles) + 1):
        town.wide_anchors(1, 2)
        town = _with_tile(town, tiles[n - 1], (), data)
        whole = _build_map(key_of(tiles[:n]), data)
        assert town.wide_anchors(1, 2) == whole.wide_anchors(1, 2)


MALL = [("Town Square", (3, 3), 0), ("Mall Entrance", (4, 3), 0), ("Mall Air-Vent A", (5, 3), 0),
        ("Escalator", (6, 3), 1), ("Helipad", (7, 3), 1), ("Mall Air-Vent B", (4, 4), 0)]


@pytest.mark.rule("ZGC-MF-06", "ZGC-MF-04")
def test_a_town_grown_tile_by_tile_has_the_vents_and_the_helicopter_of_its_tiles():
    data = fresh()
    town = _build_map(key_of(MALL[:1]), data)
    for tile in MALL[1:]:
        town = _with_tile(town, tile, (), data)
    assert town.vents == ((13, 13), (16, 10)) == _build_map(key_of(MALL), data).vents
    assert town.pads == ((22, 10),) and town.helicopter == (22, 10)
    assert town.area_of((22, 10)) == "mall" and town.area_of((10, 10)) == "town"


@pytest.mark.rule("ZGC-MF-07", "ZGC-MF-02")
def test_a_demolished_building_is_rubble_out_of_bounds_with_no_doorway():
    data = fresh()
    standing = _build_map(key_of(HOME), data)
    assert standing.kind[(13, 11)] == "building" and standing.crossing((13, 10), (13, 11)) == "door"
    rubble = _build_map(key_of(HOME, ["Hardware Store"]), data)
    assert [rubble.kind[(x, 11)] for x in (12, 13, 14)] == ["out"] * 3
    assert rubble.kind[(13, 10)] == "street" and rubble.crossing((13, 10), (13, 11)) == "open"
    assert rubble.building_squares("Hardware Store") == []
    assert rubble.area_of((13, 11)) == "town"


# -- steps to the nearest goal (Distances) -------------------------------------------------------


def along_a_road(length: int):
    """One step east or west along the squares (0, 0) .. (length - 1, 0)."""
    def expand(sq):
        return [(x, 0) for x in (sq[0] + 1, sq[0] - 1) if 0 <= x < length]
    return expand


@pytest.mark.rule("ZGC-ZTURN-03")
def test_distances_are_the_steps_to_the_nearest_goal_asked_in_any_order():
    far_first = Distances([(0, 0), (6, 0)], along_a_road(7))
    assert [far_first.get((x, 0)) for x in (3, 0, 1, 5, 6)] == [3, 0, 1, 1, 0]
    near_first = Distances([(0, 0), (6, 0)], along_a_road(7))
    assert [near_first.get((x, 0)) for x in (1, 2, 3)] == [1, 2, 3]


@pytest.mark.rule("ZGC-ZTURN-03")
def test_a_square_no_walk_leads_to_has_the_default_distance():
    d = Distances([(0, 0)], along_a_road(4))
    assert d.get((9, 0)) is None and d.get((9, 0), -1) == -1
    assert d.get((3, 0), -1) == 3


@pytest.mark.rule("ZGC-ZTURN-03")
def test_discovering_finds_every_square_within_the_distance_and_says_when_all_are_found():
    d = Distances([(0, 0)], along_a_road(5))
    assert d.discover(2) is True
    assert d.dist == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    assert d.discover(2) is True and len(d.dist) == 3  # asked again: nothing more
    assert d.discover(9) is False
    assert d.dist == {(x, 0): x for x in range(5)}


@pytest.mark.rule("ZGC-ZTURN-03")
def test_everywhere_carries_the_search_to_its_end():
    d = Distances([(2, 0)], along_a_road(5))
    assert d.get((3, 0)) == 1
    assert d.everywhere() == {(0, 0): 2, (1, 0): 1, (2, 0): 0, (3, 0): 1, (4, 0): 2}


# -- what the town answers (TownMap) --------------------------------------------------------------


def home_town():
    """The Town Square and the Hardware Store east of it, built anew."""
    return _build_map(key_of(HOME), fresh())


@pytest.mark.rule("ZGC-MF-07", "ZGC-MF-01")
def test_the_town_knows_each_squares_tile_area_and_board():
    tm = home_town()
    assert tm.area_of((10, 10)) == "town" and tm.area_of((20, 20)) is None
    assert (10, 10) in tm and (13, 9) in tm and (20, 20) not in tm
    assert [10, 10] not in tm  # an unhashable square is simply not on the board
    assert tm.name == "Giants-Club town"
    assert sorted(tm.squares_of("Hardware Store")) == [(x, y) for x in (12, 13, 14)
                                                        for y in (9, 10, 11)]
    assert sorted(tm.building_squares("Hardware Store")) == [(12, 11), (13, 11), (14, 11)]
    assert tm.squares_of("Toy-Store") == [] and tm.building_squares("Town Square") == []
    tm.building_squares("Hardware Store").clear()  # a copy: the town is unchanged
    assert len(tm.building_squares("Hardware Store")) == 3


@pytest.mark.rule("ZGC-MF-07")
def test_a_squares_neighbours_go_east_north_west_south_through_doors_not_walls():
    tm = home_town()
    assert tm.neighbors((13, 10)) == ((14, 10), (13, 11), (12, 10), (13, 9))
    assert tm.neighbors((12, 10)) == ((13, 10), (11, 10), (12, 9))  # a wall to the north
    assert tm.crossing((13, 10), (13, 11)) == "door"
    assert tm.crossing((12, 10), (12, 11)) == "wall" and tm.crossing((11, 10), (12, 10)) == "open"


@pytest.mark.rule("ZGC-TILE-02")
def test_the_town_grows_from_the_squares_beyond_its_open_exits():
    # the square of each exit facing no tile: the tile's centre one step toward it
    assert set(home_town().frontier) == {(10, 11), (10, 9), (9, 10), (14, 10)}


@pytest.mark.rule("ZGC-TILE-02")
def test_the_town_grows_from_the_far_end_of_a_road_leading_north():
    # the Street A north of the Town Square: its open exit's square is its own north end
    tm = _build_map(key_of([("Town Square", (3, 3), 0), ("Street A", (3, 4), 0)]), fresh())
    assert sorted(tm.open_exits) == [((2, 3), (9, 10)), ((3, 2), (10, 9)), ((3, 5), (10, 14)),
                                     ((4, 3), (11, 10))]
    assert sorted(tm.frontier) == [(9, 10), (10, 9), (10, 14), (11, 10)]


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
def test_a_wide_piece_steps_onto_board_squares_crossing_no_wall():
    tm = home_town()
    assert tm.piece_neighbors((9, 10), 2, 1) == ((10, 10), (9, 11), (9, 9))  # west: off the board
    # north of 12..13,10 lie the store's wall and doorway; south its out-of-bounds row
    assert tm.piece_neighbors((12, 10), 2, 1) == ((13, 10), (11, 10), (12, 9))
    # a tall piece on 11,10..11: moved east it would have the store's wall inside it
    assert tm.piece_neighbors((11, 10), 1, 2) == ((10, 10), (11, 9))


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_figure_shifts_only_where_it_may_stand():
    tm = home_town()
    assert tm.wide_neighbors((12, 10), 2, 1) == ((13, 10), (11, 10))  # not all out of bounds
    assert tm.wide_neighbors((12, 10), 2, 1) == ((13, 10), (11, 10))  # asked again: the same


@pytest.mark.rule("ZGC-MF-07", "ZGC-MF-04")
def test_the_town_drawn_as_a_board_has_its_walls_doorways_blocked_squares_and_helicopter():
    data = fresh()
    tm = _build_map(key_of(MALL), data)
    board = tm.board
    assert (board.width, board.height) == (30, 30) and board.name == "Giants-Club town"
    assert board.crossing((13, 10), (13, 11)) == "open"  # the Mall Entrance's street
    assert board.label((22, 10)) == "Helicopter" and board.label((21, 10)) == "21,10"
    assert (0, 0) not in board and (10, 10) in board
    shop = home_town().board
    assert shop.crossing((13, 10), (13, 11)) == "door"
    assert shop.crossing((12, 10), (12, 11)) == "wall"
    assert shop.crossing((11, 10), (12, 10)) == "open"


@pytest.mark.rule("ZGC-MF-07")
def test_squares_on_the_grids_west_and_south_edges_have_their_neighbours():
    tm = _build_map(key_of([("Helipad", (0, 0), 0)]), fresh())
    assert tm.neighbors((0, 0)) == ((1, 0), (0, 1))
    assert tm.neighbors((1, 0)) == ((2, 0), (1, 1), (0, 0))
    assert tm.walks[(0, 1)] == ((1, 1), (0, 2), (0, 0)) and tm.inward[(0, 1)] == tm.nbrs[(0, 1)]


#: Walls both ways: the Town Square with two shops east of it (their buildings of different
#: tiles walled from each other at 14|15,11), a road north to two shops turned a quarter (their
#: building columns x = 11 and 14, y 15..17, doors at y = 16, walled from the out column beside)
WALLED = HOME + [("Drug-Store", (5, 3), 0), ("Street A", (3, 4), 0), ("Florist-Shop", (3, 5), 1),
                 ("Fire-Station", (4, 5), 1)]


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
@pytest.mark.parametrize("width, height", [(2, 1), (1, 2), (2, 2), (3, 1), (1, 3), (3, 2)])
def test_a_pieces_steps_in_the_town_are_those_of_the_town_drawn_as_a_square_board(width, height):
    # SquareBoard.piece_neighbors' rule, from every anchor: every square on the board, no wall
    # inside the piece where it lands, none crossed by any of its squares on the way
    tm = _build_map(key_of(WALLED), fresh())
    board = tm.board
    for x in range(6, 21):
        for y in range(6, 20):
            assert tm.piece_neighbors((x, y), width, height) == tuple(
                board.piece_neighbors((x, y), width, height)), (x, y)


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
def test_a_piece_never_stands_across_a_wall_nor_steps_through_one():
    tm = _build_map(key_of(WALLED), fresh())
    # 2 x 1 on 11..12,11 would have the Town Square's wall to the store inside it: not from 10,11
    assert tm.piece_neighbors((10, 11), 2, 1) == ((10, 12), (9, 11), (10, 10))
    # 2 x 1 on 14..15,11: the two stores' wall inside it
    assert tm.piece_neighbors((13, 11), 2, 1) == ((12, 11),)
    # 2 x 1 on 10..11,10 stepping north: 11,10 -> 11,11 open, 10,10 -> 10,11 open
    assert (10, 11) in tm.piece_neighbors((10, 10), 2, 1)
    # 1 x 2 on 12,10..11 has the store's wall inside it; on 13,10..11 its doorway: it may stand
    assert (12, 10) not in tm.piece_neighbors((11, 10), 1, 2)
    assert (13, 10) in tm.piece_neighbors((14, 10), 1, 2)


@pytest.mark.rule("ZGC-MF-07")
def test_squares_on_the_grids_north_and_east_edges_have_their_neighbours():
    north = _build_map(key_of([("Helipad", (0, 9), 0)]), fresh())  # squares y 27..29
    assert north.neighbors((1, 28)) == ((2, 28), (1, 29), (0, 28), (1, 27))
    assert north.neighbors((1, 29)) == ((2, 29), (0, 29), (1, 28))
    east = _build_map(key_of([("Helipad", (9, 0), 0)]), fresh())  # squares x 27..29
    assert east.neighbors((28, 1)) == ((29, 1), (28, 2), (27, 1), (28, 0))
    assert east.neighbors((29, 1)) == ((29, 2), (28, 1), (29, 0))



# -- a tile turned, its squares and exits -----------------------------------------------------


@pytest.mark.rule("ZGC-TILE-03")
def test_turning_a_tile_a_whole_turn_more_or_a_quarter_back_is_turning_it_the_rest():
    assert rotate_local(0, 0, 1, 3) == (0, 2)  # clockwise: the south-west corner goes north-west
    assert rotate_local(0, 0, 5, 3) == (0, 2)
    assert rotate_local(0, 0, -1, 3) == (2, 0)  # a quarter back: to the south-east corner
    assert rotate_edge("N", 5) == "E" and rotate_edge("N", -1) == "W"


@pytest.mark.rule("ZGC-TILE-03", "ZGC-MF-07")
def test_a_placed_tile_has_the_squares_and_exits_of_its_layout_turned():
    data = fresh()
    # the shop turned a quarter: its building row north becomes the east column
    chars = tile_chars(data, PlacedTile("Hardware Store", [4, 3], 1, 1))
    assert chars == {**{(14, y): "B" for y in (9, 10, 11)}, **{(13, y): "S" for y in (9, 10, 11)},
                     **{(12, y): "X" for y in (9, 10, 11)}}
    assert tile_exits(data, "Bend A", 0) == {"N", "E"}
    assert tile_exits(data, "Bend A", 1) == {"E", "S"}
    assert tile_exits(data, "Junction A", 2) == {"N", "E", "W"}


@pytest.mark.rule("ZGC-TILE-02")
def test_a_tiles_middle_square_is_its_centre_whatever_its_size():
    assert tile_centre((1, 2), 3) == (4, 7)
    assert tile_centre([1, 2], 5) == (7, 12)  # a designer's tiles of 5 x 5 squares


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
def test_a_tall_figure_stands_on_two_squares_going_north_from_its_anchor():
    # 1 x 2: on the Town Square (y 9..11) anchors y 9 and 10; on the store only y 9 (out of
    # bounds and street), since y 10 would reach into its building row
    assert home_town().wide_anchors(1, 2) == {(x, y) for x in (9, 10, 11) for y in (9, 10)} | {
        (12, 9), (13, 9), (14, 9)}


# -- the town kept on the data (town_map) ---------------------------------------------------


@pytest.mark.rule("ZGC-MF-07")
def test_the_town_asked_for_again_is_the_one_built_before():
    data = fresh()
    tm = town_map(make_state(), data)
    assert data.last_town[2] is tm
    assert town_map(make_state(), data) is tm  # the same tiles, other objects: the town kept


@pytest.mark.rule("ZGC-MF-07")
def test_another_town_of_as_many_tiles_is_built_for_itself():
    data = fresh()
    shop = town_map(make_state(), data)  # the Town Square and the Hardware Store
    road = town_map(make_state(tiles=(("Street A", (3, 4), 0),)), data)
    assert road is not shop
    assert road.kind[(10, 12)] == "street" and (13, 10) not in road


@pytest.mark.rule("ZGC-MF-07", "ZGC-MF-02")
def test_the_town_of_the_same_tiles_once_a_building_is_demolished_has_its_rubble():
    data = fresh()
    st = make_state()
    assert town_map(st, data).kind[(13, 11)] == "building"
    st.demolished.append("Hardware Store")
    assert town_map(st, data).kind[(13, 11)] == "out"


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
def test_a_town_grown_by_a_tile_keeps_the_wide_figures_stands_worked_out_before():
    # built from the town before it (not from scratch), it carries what that town worked out
    data = fresh()
    st = make_state()  # the Town Square and the Hardware Store
    town_map(st, data).wide_anchors(2, 1)
    st.tiles.append(PlacedTile("Street A", [3, 4], 0, 1))
    grown = town_map(st, data)
    whole = _build_map(key_of(HOME + [("Street A", (3, 4), 0)]), fresh())
    assert grown.wide == {(2, 1): whole.wide_anchors(2, 1)}


SHOPS = ["Hospital", "Army-Surplus", "Hardware Store", "Police Department", "Fire-Station",
         "Drug-Store", "Florist-Shop", "Toy-Store", "Appliances Store", "Consignment Store"]


@pytest.mark.rule("ZGC-MF-07")
def test_the_data_keeps_a_few_towns_and_forgets_the_older_half_when_it_has_more():
    data = fresh()
    keys = []
    for shop in SHOPS[:MAPS_KEPT + 2]:
        st = make_state(tiles=((shop, (4, 3), 0),))
        town_map(st, data)
        keys.append(((("Town Square", (3, 3), 0), (shop, (4, 3), 0)), ()))
        if len(keys) == MAPS_KEPT + 1:
            assert list(data.town_maps) == keys  # MAPS_KEPT towns, and one more
    assert list(data.town_maps) == keys[MAPS_KEPT // 2:]


@pytest.mark.rule("ZGC-MF-07", "ZGC-ZTURN-03")
def test_zombies_walk_onto_no_out_of_bounds_square_and_nobody_steps_in_from_one():
    tm = home_town()
    # the store's street square 12,10: the out-of-bounds square south of it is a neighbour, not
    # a walk; from that square no step leads inward
    assert tm.neighbors((12, 10)) == ((13, 10), (11, 10), (12, 9))
    assert tm.walks[(12, 10)] == ((13, 10), (11, 10))
    assert tm.neighbors((12, 9)) == ((13, 9), (12, 10), (11, 9)) and tm.inward[(12, 9)] == ()
    assert tm.walks[(10, 10)] == tm.inward[(10, 10)] == ((11, 10), (10, 11), (9, 10), (10, 9))

"""Hex maths against hand-worked cases, the printed-label layer, lines of sight."""

from __future__ import annotations

import math
import random

import pytest

from rules_lib.core.boards import (
    DIRECTIONS,
    Board,
    Hex,
    HexBoard,
    UnknownLocation,
    axial_to_offset,
    direction_between,
    hex_corners,
    hex_distance,
    hex_line,
    hex_range,
    hex_round,
    hex_to_xy,
    offset_to_axial,
    xy_to_hex,
)

ORIGIN = Hex(0, 0)


# --- coordinates, distance, directions ---------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (Hex(0, 0), Hex(0, 0), 0),
        (Hex(0, 0), Hex(3, 0), 3),
        (Hex(0, 0), Hex(0, -5), 5),
        (Hex(0, 0), Hex(2, -3), 3),  # 2 NE, then 1 N
        (Hex(1, 2), Hex(-2, 4), 3),  # 3 SW... then nothing: dq=-3, dr=+2, ds=+1
        (Hex(-1, -1), Hex(2, 2), 6),  # dq=3, dr=3: no diagonal shortcut along q+r
    ],
)
def test_hex_distance_matches_hand_counted_steps(a: Hex, b: Hex, expected: int) -> None:
    assert hex_distance(a, b) == expected
    assert a.distance(b) == expected


def test_cube_coordinates_sum_to_zero() -> None:
    h = Hex(3, -5)
    assert (h.q, h.r, h.s) == (3, -5, 2)


def test_hex_addition_is_vector_sum_not_tuple_concatenation() -> None:
    assert Hex(1, 2) + Hex(3, -1) == Hex(4, 1)
    assert Hex(1, 2) - Hex(3, -1) == Hex(-2, 3)


def test_six_neighbours_in_order_n_ne_se_s_sw_nw() -> None:
    assert [ORIGIN.neighbor(d) for d in range(1, 7)] == [
        Hex(0, -1),
        Hex(1, -1),
        Hex(1, 0),
        Hex(0, 1),
        Hex(-1, 1),
        Hex(-1, 0),
    ]


def test_neighbour_directions_point_the_right_way_when_drawn() -> None:
    # N straight up (90 degrees), then clockwise in 60 degree steps
    expected_angles = {1: 90, 2: 30, 3: -30, 4: -90, 5: -150, 6: 150}
    for d, angle in expected_angles.items():
        x, y = hex_to_xy(ORIGIN.neighbor(d))
        assert math.degrees(math.atan2(y, x)) == pytest.approx(angle)
        assert math.hypot(x, y) == pytest.approx(math.sqrt(3))


def test_north_neighbour_is_straight_up() -> None:
    x, y = hex_to_xy(ORIGIN.neighbor(1))
    assert x == 0 and y > 0


def test_unknown_direction_is_rejected() -> None:
    with pytest.raises(ValueError, match="1..6"):
        ORIGIN.neighbor(7)


def test_direction_between_inverts_neighbor() -> None:
    h = Hex(4, -2)
    for d in DIRECTIONS:
        assert direction_between(h, h.neighbor(d)) == d


def test_direction_between_non_adjacent_is_none() -> None:
    assert direction_between(ORIGIN, Hex(2, 0)) is None
    assert direction_between(ORIGIN, ORIGIN) is None


def test_hex_range_counts_centred_hexagon() -> None:
    hexes = hex_range(Hex(2, 1), 2)
    assert len(hexes) == 19
    assert all(hex_distance(Hex(2, 1), h) <= 2 for h in hexes)


# --- rounding ------------------------------------------------------------------------------------


def test_hex_round_picks_containing_hex() -> None:
    assert hex_round(0.4, 0.1) == ORIGIN
    assert hex_round(0.9, -0.1) == Hex(1, 0)
    assert hex_round(0.1, -0.8) == Hex(0, -1)


def test_hex_round_treats_exact_halves_the_same_everywhere() -> None:
    # banker's rounding (round / numpy.round) sends 0.5 down but 1.5 up: a shifted tie would land
    # in a differently shifted hex
    base = hex_round(0.5, -0.5)
    for k in range(-4, 5):
        assert hex_round(0.5 + k, -0.5 - k) == base + Hex(k, -k)


# --- drawing -------------------------------------------------------------------------------------


def test_hex_to_xy_y_grows_north() -> None:
    assert hex_to_xy(Hex(0, -1)) == pytest.approx((0.0, math.sqrt(3)))
    assert hex_to_xy(Hex(0, 1), size=2.0) == pytest.approx((0.0, -2 * math.sqrt(3)))
    assert hex_to_xy(Hex(2, 0)) == pytest.approx((3.0, -math.sqrt(3)))


def test_xy_to_hex_inverts_hex_to_xy() -> None:
    for h in hex_range(ORIGIN, 4):
        x, y = hex_to_xy(h, size=1.7)
        assert xy_to_hex(x + 0.3, y - 0.2, size=1.7) == h


def test_flat_top_corners_are_east_and_west() -> None:
    corners = hex_corners(ORIGIN)
    assert len(corners) == 6
    assert corners[0] == pytest.approx((1.0, 0.0))
    assert corners[3] == pytest.approx((-1.0, 0.0))
    assert corners[1][1] == pytest.approx(corners[2][1])  # flat top edge


def test_adjacent_hexes_share_two_corners() -> None:
    def key(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0], 9), round(p[1], 9))

    for d in DIRECTIONS:
        a = {key(p) for p in hex_corners(ORIGIN)}
        b = {key(p) for p in hex_corners(ORIGIN.neighbor(d))}
        assert len(a & b) == 2


# --- printed column/row numbers ------------------------------------------------------------------


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_offset_round_trip(layout: str) -> None:
    for col in range(-5, 6):
        for row in range(-5, 6):
            assert axial_to_offset(offset_to_axial(col, row, layout), layout) == (col, row)


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_next_row_of_a_column_is_south(layout: str) -> None:
    for col in range(-4, 5):
        for row in range(-3, 4):
            here = offset_to_axial(col, row, layout)
            below = offset_to_axial(col, row + 1, layout)
            assert direction_between(here, below) == 4


def test_odd_q_odd_columns_sit_lower() -> None:
    # column 1 row 0 is south-east of column 0 row 0; column 2 row 0 is north-east of column 1
    assert direction_between(offset_to_axial(0, 0, "odd-q"), offset_to_axial(1, 0, "odd-q")) == 3
    assert direction_between(offset_to_axial(1, 0, "odd-q"), offset_to_axial(2, 0, "odd-q")) == 2


def test_even_q_even_columns_sit_lower() -> None:
    assert direction_between(offset_to_axial(0, 0, "even-q"), offset_to_axial(1, 0, "even-q")) == 2
    assert direction_between(offset_to_axial(1, 0, "even-q"), offset_to_axial(2, 0, "even-q")) == 3


def test_unknown_layout_is_rejected() -> None:
    with pytest.raises(ValueError, match="odd-q"):
        offset_to_axial(0, 0, "odd-r")  # type: ignore[arg-type]


# --- the board -----------------------------------------------------------------------------------


@pytest.fixture
def printed_map() -> HexBoard:
    return HexBoard.from_offset(6, 5, name="test map")


def test_hex_board_satisfies_board_protocol(printed_map: HexBoard) -> None:
    assert isinstance(printed_map, Board)
    assert len(printed_map) == 30


def test_label_round_trip(printed_map: HexBoard) -> None:
    for h in printed_map.locations():
        assert printed_map.hex_at(printed_map.label(h)) == h
    assert printed_map.label(printed_map.hex_at("0403")) == "0403"


def test_printed_label_matches_column_and_row(printed_map: HexBoard) -> None:
    assert printed_map.hex_at("0403") == offset_to_axial(4, 3, "odd-q")
    # 0102 is directly south of 0101
    assert direction_between(printed_map.hex_at("0101"), printed_map.hex_at("0102")) == 4


def test_unknown_label_error_names_label_and_board(printed_map: HexBoard) -> None:
    with pytest.raises(UnknownLocation, match=r"'9999'.*'test map'"):
        printed_map.hex_at("9999")


def test_unknown_hex_error_names_hex_and_board(printed_map: HexBoard) -> None:
    with pytest.raises(UnknownLocation, match=r"Hex\(q=50, r=50\).*'test map'"):
        printed_map.neighbors(Hex(50, 50))


def test_default_labels_round_trip() -> None:
    board = HexBoard(hex_range(ORIGIN, 2))
    for h in board.locations():
        assert board.hex_at(board.label(h)) == h


def test_duplicate_label_is_rejected() -> None:
    with pytest.raises(ValueError, match="twice"):
        HexBoard([ORIGIN, Hex(1, 0)], labels={ORIGIN: "A", Hex(1, 0): "A"})


def test_neighbors_are_only_on_board(printed_map: HexBoard) -> None:
    corner = printed_map.hex_at("0101")
    assert set(printed_map.neighbors(corner)) == {
        printed_map.hex_at("0102"),
        printed_map.hex_at("0201"),
        printed_map.hex_at("0202"),
    }
    assert len(printed_map.neighbors(printed_map.hex_at("0303"))) == 6


def test_neighbor_off_board_is_none(printed_map: HexBoard) -> None:
    corner = printed_map.hex_at("0101")
    assert printed_map.neighbor(corner, 1) is None
    assert printed_map.neighbor(corner, 4) == printed_map.hex_at("0102")


def test_board_distance_and_drawing(printed_map: HexBoard) -> None:
    a, b = printed_map.hex_at("0101"), printed_map.hex_at("0601")
    assert printed_map.distance(a, b) == 5
    assert printed_map.xy(a) == pytest.approx(hex_to_xy(a))
    assert len(printed_map.outline(a)) == 6


def test_terrain_lookup() -> None:
    board = HexBoard(hex_range(ORIGIN, 1), terrain={ORIGIN: "woods"})
    assert board.terrain_at(ORIGIN) == "woods"
    assert board.terrain_at(Hex(1, 0), "clear") == "clear"


# --- lines ---------------------------------------------------------------------------------------


def test_line_along_hexside_is_flagged_and_sides_differ_by_the_two_hexes() -> None:
    # From the centre of (0,0) the direction N+NE = (1,-2) leaves through the corner shared by the
    # N and NE neighbours and then runs exactly along their common hexside (checked below), so the
    # two nudged lines take (0,-1) on the west (left) and (1,-1) on the east (right).
    line = hex_line(ORIGIN, Hex(1, -2))
    assert line.along_hexside is True
    assert line.left == (ORIGIN, Hex(0, -1), Hex(1, -2))
    assert line.right == (ORIGIN, Hex(1, -1), Hex(1, -2))
    assert set(line.left) ^ set(line.right) == {Hex(0, -1), Hex(1, -1)}
    assert line.either == {ORIGIN, Hex(0, -1), Hex(1, -1), Hex(1, -2)}
    assert line.both == {ORIGIN, Hex(1, -2)}


def test_hexside_line_geometry_really_runs_along_the_shared_side() -> None:
    def key(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0], 9), round(p[1], 9))

    shared = {key(p) for p in hex_corners(Hex(0, -1))} & {key(p) for p in hex_corners(Hex(1, -1))}
    (x0, y0), (x1, y1) = hex_to_xy(ORIGIN), hex_to_xy(Hex(1, -2))
    for px, py in shared:  # both ends of the hexside lie on the line
        assert (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0) == pytest.approx(0.0, abs=1e-9)


def test_left_and_right_swap_when_the_line_is_reversed() -> None:
    line = hex_line(Hex(1, -2), ORIGIN)
    assert line.left == (Hex(1, -2), Hex(1, -1), ORIGIN)
    assert line.right == (Hex(1, -2), Hex(0, -1), ORIGIN)


HEXSIDE_TARGETS = [Hex(1, -2), Hex(2, -1), Hex(1, 1), Hex(-1, 2), Hex(-2, 1), Hex(-1, -1)]


@pytest.mark.parametrize("far", HEXSIDE_TARGETS)
def test_every_hexside_direction_is_flagged(far: Hex) -> None:
    line = hex_line(ORIGIN, far)
    assert line.along_hexside
    assert len(set(line.left) ^ set(line.right)) == 2


def test_long_hexside_line_differs_at_every_other_hex() -> None:
    line = hex_line(ORIGIN, Hex(2, -4))
    assert line.along_hexside
    assert len(set(line.left) ^ set(line.right)) == 4


@pytest.mark.parametrize("far", [Hex(0, 3), Hex(3, 0), Hex(-3, 3), Hex(2, 3)])
def test_line_through_hex_centres_is_not_along_a_hexside(far: Hex) -> None:
    line = hex_line(ORIGIN, far)
    assert line.along_hexside is False
    assert line.left == line.right


def test_straight_line_visits_a_column() -> None:
    assert hex_line(ORIGIN, Hex(0, 3)).left == (ORIGIN, Hex(0, 1), Hex(0, 2), Hex(0, 3))


def test_line_is_a_chain_of_adjacent_hexes() -> None:
    rng = random.Random(7)
    for _ in range(200):
        a = Hex(rng.randint(-8, 8), rng.randint(-8, 8))
        b = Hex(rng.randint(-8, 8), rng.randint(-8, 8))
        line = hex_line(a, b)
        for side in (line.left, line.right):
            assert side[0] == a and side[-1] == b
            assert len(side) == hex_distance(a, b) + 1
            assert all(hex_distance(p, q) == 1 for p, q in zip(side, side[1:]))


def test_line_to_itself_is_one_hex() -> None:
    line = hex_line(ORIGIN, ORIGIN)
    assert line.left == line.right == (ORIGIN,)


# --- line of sight -------------------------------------------------------------------------------


@pytest.fixture
def disc() -> HexBoard:
    return HexBoard(hex_range(ORIGIN, 4), name="disc")


def test_blocker_on_one_side_of_hexside_blocks_under_either(disc: HexBoard) -> None:
    walls = {Hex(0, -1)}
    assert disc.line_of_sight(ORIGIN, Hex(1, -2), walls.__contains__, rule="either") is False


def test_blocker_on_one_side_of_hexside_does_not_block_under_both(disc: HexBoard) -> None:
    walls = {Hex(0, -1)}
    assert disc.line_of_sight(ORIGIN, Hex(1, -2), walls.__contains__, rule="both") is True


def test_blockers_on_both_sides_of_hexside_block_under_both(disc: HexBoard) -> None:
    walls = {Hex(0, -1), Hex(1, -1)}
    assert disc.line_of_sight(ORIGIN, Hex(1, -2), walls.__contains__, rule="both") is False


def test_end_hexes_never_block(disc: HexBoard) -> None:
    walls = {ORIGIN, Hex(0, 3)}
    assert disc.line_of_sight(ORIGIN, Hex(0, 3), walls.__contains__) is True


def test_blocker_between_centres_blocks_under_both(disc: HexBoard) -> None:
    walls = {Hex(0, 2)}
    assert disc.line_of_sight(ORIGIN, Hex(0, 3), walls.__contains__, rule="both") is False


def test_unknown_los_rule_is_rejected(disc: HexBoard) -> None:
    with pytest.raises(ValueError, match="either"):
        disc.line_of_sight(ORIGIN, Hex(0, 3), lambda h: False, "most")  # type: ignore[arg-type]


@pytest.mark.parametrize("rule", ["either", "both"])
@pytest.mark.parametrize("seed", range(4))
def test_visible_from_agrees_with_line_of_sight(rule: str, seed: int) -> None:
    board = HexBoard.from_offset(12, 9)
    rng = random.Random(seed)
    walls = set(rng.sample(list(board.locations()), 20))
    source = rng.choice([h for h in board.locations() if h not in walls])
    seen = board.visible_from(source, walls.__contains__, rule=rule)
    expected = {
        h for h in board.locations() if board.line_of_sight(source, h, walls.__contains__, rule)
    }
    assert seen == expected
    assert source in seen
    assert len(seen) < len(board)  # the walls did hide something


def test_visible_from_with_no_blockers_sees_everything(disc: HexBoard) -> None:
    assert disc.visible_from(ORIGIN, lambda h: False) == set(disc.locations())


def test_holes_in_the_board_do_not_block() -> None:
    board = HexBoard([ORIGIN, Hex(0, 2)])  # (0, 1) is not on the board
    assert board.line_of_sight(ORIGIN, Hex(0, 2), lambda h: True) is True
    assert board.visible_from(ORIGIN, lambda h: h == Hex(0, 1)) == {ORIGIN, Hex(0, 2)}


# --- each behaviour alone, exact values ----------------------------------------------------------


def test_default_name_size_and_repr() -> None:
    board = HexBoard(hex_range(ORIGIN, 1))
    assert board.name == "hex map" and board.size == 1.0
    assert repr(board) == "HexBoard('hex map', 7 hexes)"


def test_hexes_may_be_given_as_pairs_and_repeats_count_once_in_order() -> None:
    board = HexBoard([(1, 0), (0, 0), (1, 0)])
    assert board.locations() == (Hex(1, 0), ORIGIN)
    assert tuple(board) == (Hex(1, 0), ORIGIN) and len(board) == 2


def test_default_labels_are_q_comma_r() -> None:
    board = HexBoard([Hex(2, -1)])
    assert board.label(Hex(2, -1)) == "2,-1" and board.hex_at("2,-1") == Hex(2, -1)


def test_a_label_or_terrain_for_a_hex_off_the_board_is_refused() -> None:
    with pytest.raises(UnknownLocation) as err:
        HexBoard([ORIGIN], name="m", labels={Hex(5, 5): "X"})
    assert (err.value.loc, err.value.board_name) == (Hex(5, 5), "m")
    with pytest.raises(UnknownLocation) as err:
        HexBoard([ORIGIN], name="m", terrain={Hex(5, 5): "woods"})
    assert (err.value.loc, err.value.board_name) == (Hex(5, 5), "m")


def test_a_label_used_twice_is_refused_naming_it_and_the_board() -> None:
    with pytest.raises(ValueError) as err:
        HexBoard([ORIGIN, Hex(1, 0)], name="m", labels={ORIGIN: "A", Hex(1, 0): "A"})
    assert str(err.value) == "label 'A' is used twice on board 'm'"
    with pytest.raises(ValueError):  # a given label equal to another hex's default label
        HexBoard([ORIGIN, Hex(1, 0)], labels={ORIGIN: "1,0"})


def test_an_unknown_label_names_itself_as_a_hex_label() -> None:
    with pytest.raises(UnknownLocation) as err:
        HexBoard([ORIGIN], name="m").hex_at("9999")
    assert str(err.value) == "hex label '9999' is not on board 'm'"


def test_from_offset_numbers_columns_and_rows_from_the_given_firsts_and_format() -> None:
    board = HexBoard.from_offset(2, 3, name="m", layout="even-q", first_col=3, first_row=0,
                                 label_format="{col}.{row}", terrain=None, size=2.0)
    assert board.name == "m" and board.size == 2.0 and len(board) == 6
    assert [board.label(h) for h in board.locations()] == [
        "3.0", "3.1", "3.2", "4.0", "4.1", "4.2"]
    assert board.hex_at("4.1") == offset_to_axial(4, 1, "even-q")
    assert board.hex_at("3.0") == offset_to_axial(3, 0, "even-q") == Hex(3, -2)  # odd-q: (3, -1)
    assert board.outline(board.hex_at("3.0"))[0] == pytest.approx(
        (hex_to_xy(board.hex_at("3.0"), 2.0)[0] + 2.0, hex_to_xy(board.hex_at("3.0"), 2.0)[1]))


def test_from_offset_keeps_the_terrain_given() -> None:
    h = offset_to_axial(1, 1)
    board = HexBoard.from_offset(2, 2, terrain={h: "woods"})
    assert board.terrain_at(h) == "woods" and board.terrain_at(offset_to_axial(2, 2)) is None


def test_neighbors_are_listed_n_ne_se_s_sw_nw() -> None:
    board = HexBoard(hex_range(ORIGIN, 1))
    assert board.neighbors(ORIGIN) == tuple(ORIGIN.neighbor(d) for d in range(1, 7))


def test_xy_and_outline_follow_the_boards_size() -> None:
    board = HexBoard([Hex(1, 0)], size=2.0)
    assert board.xy(Hex(1, 0)) == hex_to_xy(Hex(1, 0), 2.0) == pytest.approx((3.0, -math.sqrt(3)))
    assert board.outline(Hex(1, 0)) == hex_corners(Hex(1, 0), 2.0)


@pytest.mark.parametrize("method", ["neighbors", "xy", "label", "outline", "terrain_at"])
def test_one_hex_methods_refuse_a_hex_off_the_board(method: str) -> None:
    board = HexBoard([ORIGIN], name="m")
    with pytest.raises(UnknownLocation) as err:
        getattr(board, method)(Hex(3, 3))
    assert (err.value.loc, err.value.board_name) == (Hex(3, 3), "m")


def test_neighbor_refuses_a_hex_off_the_board() -> None:
    with pytest.raises(UnknownLocation):
        HexBoard([ORIGIN]).neighbor(Hex(3, 3), 1)


@pytest.mark.parametrize("a,b", [(Hex(3, 3), ORIGIN), (ORIGIN, Hex(3, 3))])
def test_two_hex_methods_refuse_either_hex_off_the_board(a: Hex, b: Hex) -> None:
    board = HexBoard([ORIGIN, Hex(1, 0)])
    for call in (lambda: board.distance(a, b),
                 lambda: board.line_of_sight(a, b, lambda h: False)):
        with pytest.raises(UnknownLocation) as err:
            call()
        assert err.value.loc == Hex(3, 3)


def test_visible_from_refuses_a_hex_off_the_board_and_an_unknown_rule() -> None:
    board = HexBoard([ORIGIN])
    with pytest.raises(UnknownLocation):
        board.visible_from(Hex(3, 3), lambda h: False)
    with pytest.raises(ValueError) as err:
        board.visible_from(ORIGIN, lambda h: False, "most")  # type: ignore[arg-type]
    assert str(err.value) == "line-of-sight rule must be 'either' or 'both', not 'most'"


def test_contains_is_false_for_an_unhashable_value() -> None:
    board = HexBoard([ORIGIN])
    assert ORIGIN in board and (0, 0) in board and Hex(1, 0) not in board
    assert [0, 0] not in board


def test_hex_range_lists_column_by_column() -> None:
    assert hex_range(Hex(2, 1), 1) == [Hex(1, 1), Hex(1, 2), Hex(2, 0), Hex(2, 1), Hex(2, 2),
                                       Hex(3, 0), Hex(3, 1)]
    assert hex_range(Hex(2, 1), 0) == [Hex(2, 1)]


def test_unknown_direction_and_layout_errors_name_the_value() -> None:
    from rules_lib.core.boards import hex_neighbor

    with pytest.raises(ValueError) as err:
        hex_neighbor(ORIGIN, 0)
    assert str(err.value) == "hex direction must be 1..6, not 0"
    for call in (lambda: offset_to_axial(0, 0, "odd-r"), lambda: axial_to_offset(ORIGIN, "odd-r")):
        with pytest.raises(ValueError) as err:
            call()  # type: ignore[arg-type]
        assert str(err.value) == "hex layout must be 'odd-q' or 'even-q', not 'odd-r'"


@pytest.mark.parametrize(("col", "row", "odd_q", "even_q"), [
    (0, 0, Hex(0, 0), Hex(0, 0)),
    (1, 0, Hex(1, 0), Hex(1, -1)),
    (2, 0, Hex(2, -1), Hex(2, -1)),
    (3, 2, Hex(3, 1), Hex(3, 0)),
    (-1, 0, Hex(-1, 1), Hex(-1, 0)),
    (-2, 3, Hex(-2, 4), Hex(-2, 4)),
])
def test_offset_to_axial_hand_values(col: int, row: int, odd_q: Hex, even_q: Hex) -> None:
    assert offset_to_axial(col, row, "odd-q") == odd_q
    assert offset_to_axial(col, row, "even-q") == even_q
    assert axial_to_offset(odd_q, "odd-q") == (col, row)
    assert axial_to_offset(even_q, "even-q") == (col, row)
    assert offset_to_axial(col, row) == odd_q and axial_to_offset(odd_q) == (col, row)


def nearest_centre(q: float, r: float) -> Hex:
    """Oracle: the hex whose centre is nearest to the point (Euclidean, in drawing coordinates)."""
    x, y = 1.5 * q, -math.sqrt(3) * (r + q / 2)
    candidates = [Hex(math.floor(q) + i, math.floor(r) + j) for i in (-1, 0, 1, 2)
                  for j in (-1, 0, 1, 2)]
    return min(candidates, key=lambda h: math.dist((x, y), hex_to_xy(h)))


def test_hex_round_finds_the_nearest_centre() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        q, r = rng.uniform(-6, 6), rng.uniform(-6, 6)
        assert hex_round(q, r) == nearest_centre(q, r)


ROUNDING_POINTS = [(0.5, -0.5), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.5), (1.5, -0.75), (0.5, -0.25),
                   (-0.5, -0.25), (0.25, 0.25), (2.5, -1.25), (-1.5, 0.5), (0.4, 0.1), (0.9, -0.1)]


def test_rounding_many_points_at_once_is_hex_round_point_by_point() -> None:
    import numpy as np

    from rules_lib.core.boards.hex import _round_many

    rng = random.Random(5)
    points = ROUNDING_POINTS + [(rng.uniform(-6, 6), rng.uniform(-6, 6)) for _ in range(3000)]
    points += [(k / 4, m / 4) for k in range(-12, 13) for m in range(-12, 13)]  # ties included
    q = np.array([p[0] for p in points])
    r = np.array([p[1] for p in points])
    rq, rr = _round_many(q, r)
    assert rq.dtype == np.int64 and rr.dtype == np.int64
    assert [Hex(int(a), int(b)) for a, b in zip(rq, rr)] == [hex_round(*p) for p in points]


@pytest.mark.parametrize(("q", "r", "expected"), [
    (0.5, -0.5, Hex(1, -1)),  # midpoint of the side between (0, 0) and (1, -1): a tie
    (0.5, 0.0, Hex(1, 0)),  # tie between (0, 0) and (1, 0)
    (0.0, 0.5, Hex(0, 1)),  # tie between (0, 0) and (0, 1)
    (-0.5, 0.5, Hex(0, 0)),  # tie between (0, 0) and (-1, 1)
    (0.5, -0.25, Hex(0, 0)),  # nearest centre (0, 0), 0.75 away
    (1.5, -0.75, Hex(2, -1)),  # nearest centre (2, -1), 0.75 away
])
def test_hex_round_of_points_on_hexsides_and_near_them(q: float, r: float, expected: Hex) -> None:
    assert hex_round(q, r) == expected


def test_corners_run_counter_clockwise_from_the_east() -> None:
    h = math.sqrt(3) / 2
    expected = [(1.0, 0.0), (0.5, h), (-0.5, h), (-1.0, 0.0), (-0.5, -h), (0.5, -h)]
    for corner, point in zip(hex_corners(ORIGIN), expected):
        assert corner == pytest.approx(point)
    x, y = hex_to_xy(Hex(1, 0), 2.0)
    assert hex_corners(Hex(1, 0), 2.0)[1] == pytest.approx((x + 1.0, y + 2 * h))


def test_xy_to_hex_uses_unit_hexes_by_default() -> None:
    x, y = hex_to_xy(Hex(2, 0))
    assert xy_to_hex(x, y) == Hex(2, 0)
    assert xy_to_hex(x, y, size=2.0) == Hex(1, 0)


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_printed_columns_and_rows_are_integers(layout: str) -> None:
    for h in hex_range(ORIGIN, 3):
        col, row = axial_to_offset(h, layout)
        assert type(col) is int and type(row) is int
        assert f"{col:02d}{row:02d}"  # usable in a printed label


@pytest.mark.parametrize("rule", ["either", "both"])
@pytest.mark.parametrize("seed", range(4, 12))
def test_visible_from_agrees_with_line_of_sight_on_crowded_maps(rule: str, seed: int) -> None:
    board = HexBoard.from_offset(10, 8)
    rng = random.Random(seed)
    walls = set(rng.sample(list(board.locations()), 35))
    source = rng.choice([h for h in board.locations() if h not in walls])
    expected = {h for h in board.locations()
                if board.line_of_sight(source, h, walls.__contains__, rule)}
    assert board.visible_from(source, walls.__contains__, rule=rule) == expected


def test_an_empty_board_can_be_made() -> None:
    board = HexBoard([], name="void")
    assert len(board) == 0 and board.locations() == () and ORIGIN not in board
    assert repr(board) == "HexBoard('void', 0 hexes)"


def test_from_offset_names_the_board_hex_map_by_default() -> None:
    assert HexBoard.from_offset(2, 2).name == "hex map"


@pytest.mark.parametrize("layout", ["odd-q", "even-q"])
def test_axial_coordinates_from_printed_numbers_are_integers(layout: str) -> None:
    for col in range(-3, 4):
        h = offset_to_axial(col, 2, layout)
        assert type(h.q) is int and type(h.r) is int


def test_visible_from_the_last_hex_of_the_board_includes_it() -> None:
    board = HexBoard(hex_range(ORIGIN, 2))
    last = board.locations()[-1]
    walls = {Hex(0, 0)}
    seen = board.visible_from(last, walls.__contains__)
    assert last in seen
    assert seen == {h for h in board.locations()
                    if board.line_of_sight(last, h, walls.__contains__)}


def test_visible_along_a_long_single_row() -> None:
    # a board much longer in q than in r: its lookup grid is long and thin
    row = HexBoard([Hex(q, 0) for q in range(9)])
    assert row.visible_from(Hex(0, 0), {Hex(4, 0)}.__contains__) == {Hex(q, 0) for q in range(5)}
    assert row.visible_from(Hex(8, 0), {Hex(4, 0)}.__contains__) == {Hex(q, 0) for q in range(4, 9)}
    column = HexBoard([Hex(0, r) for r in range(9)])
    assert column.visible_from(Hex(0, 8), {Hex(0, 2)}.__contains__) == \
        {Hex(0, r) for r in range(2, 9)}


@pytest.mark.parametrize("rule", ["either", "both"])
def test_visible_from_agrees_with_line_of_sight_for_every_viewer_and_single_blocker(rule) -> None:
    board = HexBoard(hex_range(ORIGIN, 2))
    for wall in board.locations():
        blocks = {wall}.__contains__
        for viewer in board.locations():
            expected = {h for h in board.locations()
                        if board.line_of_sight(viewer, h, blocks, rule)}
            assert board.visible_from(viewer, blocks, rule) == expected, (wall, viewer)


def test_a_line_from_a_hex_to_itself_is_that_hex() -> None:
    line = hex_line(Hex(2, -1), Hex(2, -1))
    assert line.left == line.right == (Hex(2, -1),)


# far = direction k + direction k+1 (clockwise): the line runs along the side between the two
# neighbours; travelling outwards, direction k's neighbour is on the left (counter-clockwise)
HEXSIDE_CASES = [(k, k % 6 + 1) for k in range(1, 7)]


@pytest.mark.parametrize(("k", "k_next"), HEXSIDE_CASES)
def test_along_each_hexside_the_counter_clockwise_neighbour_is_on_the_left(k, k_next) -> None:
    first, second = ORIGIN.neighbor(k), ORIGIN.neighbor(k_next)
    far = first + second
    line = hex_line(ORIGIN, far)
    assert line.left == (ORIGIN, first, far)
    assert line.right == (ORIGIN, second, far)


def test_a_line_crossing_a_hexside_at_a_sample_point_is_not_along_a_hexside() -> None:
    # ORIGIN -> (1, 3): its middle sample (0.5, 1.5) is the midpoint of the side between (1, 1) and
    # (0, 2), which the line crosses (it passes through the inside of both hexes)
    line = hex_line(ORIGIN, Hex(1, 3))
    assert {line.left[2], line.right[2]} == {Hex(1, 1), Hex(0, 2)}
    assert line.left[:2] == line.right[:2] == (ORIGIN, Hex(0, 1))
    assert line.left[3:] == line.right[3:] == (Hex(1, 2), Hex(1, 3))
    assert line.along_hexside is False
    # ``left`` is the line moved by the fixed nudge that lies to its left; that nudge also slides
    # the middle sample a hair forward, past the crossing, into (0, 2)
    assert line.left[2] == Hex(0, 2) and hex_line(Hex(1, 3), ORIGIN).left[2] == Hex(1, 1)


@pytest.mark.parametrize("rule", ["either", "both"])
@pytest.mark.parametrize("wall", [Hex(1, 1), Hex(0, 2)])
def test_a_hex_a_line_passes_through_blocks_it_under_either_rule(rule: str, wall: Hex) -> None:
    board = HexBoard(hex_range(ORIGIN, 4))
    assert board.line_of_sight(ORIGIN, Hex(1, 3), {wall}.__contains__, rule) is False
    assert Hex(1, 3) not in board.visible_from(ORIGIN, {wall}.__contains__, rule)


def test_only_lines_in_the_six_hexside_directions_run_along_hexsides() -> None:
    along = {h for h in hex_range(ORIGIN, 4) if hex_line(ORIGIN, h).along_hexside}
    sides = [ORIGIN.neighbor(d) + ORIGIN.neighbor(d % 6 + 1) for d in range(1, 7)]
    assert along == {Hex(k * q, k * r) for q, r in sides for k in (1, 2)}

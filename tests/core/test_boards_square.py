"""Square boards: orientation, walls, doorways, diagonal mode, multi-square pieces."""

from __future__ import annotations

import pytest

from rules_lib.core.boards import Board, SquareBoard, UnknownLocation


def test_square_board_satisfies_board_protocol() -> None:
    board = SquareBoard(3, 2)
    assert isinstance(board, Board)
    assert len(board) == 6


def test_y_grows_north_in_drawing() -> None:
    board = SquareBoard(3, 3)
    assert board.xy((0, 1))[1] > board.xy((0, 0))[1]
    assert board.xy((2, 0)) == (2.0, 0.0)


def test_four_neighbours_in_order_e_n_w_s() -> None:
    board = SquareBoard(3, 3)
    assert board.neighbors((1, 1)) == ((2, 1), (1, 2), (0, 1), (1, 0))


def test_neighbours_stop_at_board_edge() -> None:
    assert set(SquareBoard(3, 3).neighbors((0, 0))) == {(1, 0), (0, 1)}


def test_blocked_square_is_not_on_board() -> None:
    board = SquareBoard(3, 3, blocked=[(1, 1)])
    assert (1, 1) not in board
    assert (1, 1) not in board.locations()
    assert (1, 1) not in board.neighbors((1, 0))


def test_manhattan_distance_in_four_mode() -> None:
    assert SquareBoard(5, 5).distance((0, 0), (3, 2)) == 5


def test_wall_blocks_movement_both_ways() -> None:
    board = SquareBoard(3, 3, walls=[((0, 0), (1, 0))])
    assert (1, 0) not in board.neighbors((0, 0))
    assert (0, 0) not in board.neighbors((1, 0))
    assert board.crossing((1, 0), (0, 0)) == "wall"


def test_door_allows_movement_and_is_tagged() -> None:
    board = SquareBoard(3, 3, doors=[((0, 0), (1, 0))])
    assert (1, 0) in board.neighbors((0, 0))
    assert board.crossing((0, 0), (1, 0)) == "door"


def test_door_listed_also_as_wall_is_a_door() -> None:
    side = ((0, 0), (0, 1))
    board = SquareBoard(3, 3, walls=[side], doors=[side])
    assert board.crossing(*side) == "door"
    assert (0, 1) in board.neighbors((0, 0))


def test_open_side_crossing() -> None:
    assert SquareBoard(2, 2).crossing((0, 0), (0, 1)) == "open"


def test_crossing_needs_adjacent_squares() -> None:
    with pytest.raises(ValueError, match="adjacent"):
        SquareBoard(3, 3).crossing((0, 0), (1, 1))


def test_wall_between_non_adjacent_squares_is_rejected() -> None:
    with pytest.raises(ValueError, match="adjacent"):
        SquareBoard(3, 3, walls=[((0, 0), (2, 0))])


def test_diagonal_mode_adds_diagonals_and_chebyshev_distance() -> None:
    board = SquareBoard(3, 3, diagonal=True)
    assert len(board.neighbors((1, 1))) == 8
    assert board.distance((0, 0), (2, 1)) == 2


def test_diagonal_cannot_cut_a_walled_corner() -> None:
    board = SquareBoard(3, 3, diagonal=True, walls=[((0, 0), (1, 0))])
    assert (1, 1) not in board.neighbors((0, 0))
    assert (2, 1) in board.neighbors((1, 2))


def test_diagonal_cannot_squeeze_past_blocked_square() -> None:
    board = SquareBoard(3, 3, diagonal=True, blocked=[(1, 0)])
    assert (1, 1) not in board.neighbors((0, 0))


def test_unknown_square_error_names_square_and_board() -> None:
    with pytest.raises(UnknownLocation, match=r"\(9, 9\).*'vault'"):
        SquareBoard(2, 2, name="vault").neighbors((9, 9))


def test_label_round_trip() -> None:
    board = SquareBoard(3, 2, labels={(0, 0): "A1"})
    for sq in board.locations():
        assert board.square_at(board.label(sq)) == sq
    assert board.label((0, 0)) == "A1"


def test_outline_is_unit_square_around_centre() -> None:
    assert SquareBoard(2, 2).outline((1, 0)) == [(0.5, -0.5), (1.5, -0.5), (1.5, 0.5), (0.5, 0.5)]


def test_wall_segment_lies_between_the_squares() -> None:
    board = SquareBoard(3, 3)
    assert board.wall_segment((0, 0), (1, 0)) == ((0.5, -0.5), (0.5, 0.5))
    assert board.wall_segment((0, 0), (0, 1)) == ((-0.5, 0.5), (0.5, 0.5))


# --- multi-square pieces -------------------------------------------------------------------------


def test_footprint_of_two_by_one_piece() -> None:
    assert SquareBoard(4, 4).footprint((1, 2), 2, 1) == ((1, 2), (2, 2))


def test_footprint_of_two_by_two_piece() -> None:
    assert SquareBoard(4, 4).footprint((1, 1), 2, 2) == ((1, 1), (2, 1), (1, 2), (2, 2))


def test_piece_fits_inside_board() -> None:
    board = SquareBoard(4, 3)
    assert board.fits((2, 1), 2, 2)
    assert not board.fits((3, 1), 2, 2)  # sticks out east


def test_piece_does_not_fit_on_blocked_square() -> None:
    assert not SquareBoard(4, 3, blocked=[(1, 1)]).fits((0, 0), 2, 2)


def test_piece_does_not_fit_across_a_wall() -> None:
    assert not SquareBoard(4, 3, walls=[((0, 0), (1, 0))]).fits((0, 0), 2, 1)


def test_piece_fits_across_a_doorway() -> None:
    assert SquareBoard(4, 3, doors=[((0, 0), (1, 0))]).fits((0, 0), 2, 1)


def test_piece_fits_respects_passable() -> None:
    board = SquareBoard(4, 3)
    occupied = {(1, 1)}
    assert not board.fits((0, 0), 2, 2, passable=lambda sq: sq not in occupied)
    assert board.fits((2, 0), 2, 2, passable=lambda sq: sq not in occupied)


def test_piece_neighbors_on_open_board() -> None:
    board = SquareBoard(4, 3)
    assert board.piece_neighbors((1, 0), 2, 1) == [(2, 0), (1, 1), (0, 0)]


def test_piece_neighbors_barred_when_any_square_crosses_a_wall() -> None:
    # a 2x1 piece on (0,0)-(1,0); the wall east of (1,0) stops the eastward step
    board = SquareBoard(4, 3, walls=[((1, 0), (2, 0))])
    assert (1, 0) not in board.piece_neighbors((0, 0), 2, 1)
    assert (0, 1) in board.piece_neighbors((0, 0), 2, 1)


def test_two_by_two_piece_barred_by_wall_under_one_column() -> None:
    # moving north, only the west column meets a wall: the whole piece is stopped
    board = SquareBoard(4, 4, walls=[((0, 1), (0, 2))])
    assert (0, 1) not in board.piece_neighbors((0, 0), 2, 2)
    assert (1, 0) in board.piece_neighbors((0, 0), 2, 2)


def test_piece_moving_through_door_is_tagged() -> None:
    board = SquareBoard(4, 3, doors=[((1, 0), (2, 0))])
    assert (1, 0) in board.piece_neighbors((0, 0), 2, 1)
    assert board.piece_crossing((0, 0), (1, 0), 2, 1) == "door"
    assert board.piece_crossing((0, 0), (0, 1), 2, 1) == "open"


def test_wide_piece_cannot_pass_a_one_square_door_sideways() -> None:
    # a 2-wide piece moving north through a wall with a one-square door
    board = SquareBoard(4, 3, walls=[((1, 0), (1, 1))], doors=[((0, 0), (0, 1))])
    assert board.piece_crossing((0, 0), (0, 1), 2, 1) == "wall"
    assert (0, 1) not in board.piece_neighbors((0, 0), 2, 1)
    assert (0, 1) in board.neighbors((0, 0))  # a single square still passes


def test_piece_diagonal_step_obeys_corner_rule() -> None:
    board = SquareBoard(5, 5, diagonal=True, walls=[((2, 0), (2, 1))])
    assert (1, 1) not in board.piece_neighbors((0, 0), 2, 1)
    assert (1, 1) in SquareBoard(5, 5, diagonal=True).piece_neighbors((0, 0), 2, 1)


# --- each behaviour alone, exact values ----------------------------------------------------------


def test_default_name_and_repr_sum_up_the_board() -> None:
    board = SquareBoard(3, 2, walls=[((0, 0), (1, 0))], doors=[((1, 0), (2, 0)), ((0, 0), (0, 1))])
    assert board.name == "square map"
    assert repr(board) == "SquareBoard('square map', 3x2, 1 walls, 2 doors)"


def test_locations_run_row_by_row_from_the_south_west_to_east() -> None:
    board = SquareBoard(2, 3)
    assert board.locations() == ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2))
    assert tuple(board) == board.locations()
    assert (board.width, board.height, board.diagonal) == (2, 3, False)


def test_squares_walls_and_doors_may_be_given_as_lists() -> None:
    board = SquareBoard(3, 3, blocked=[[1, 1]], walls=[[[0, 0], [1, 0]]], doors=[[[0, 0], [0, 1]]])
    assert board.blocked == frozenset({(1, 1)})
    assert board.walls == frozenset({frozenset({(0, 0), (1, 0)})})
    assert board.crossing((0, 0), (1, 0)) == "wall" and board.crossing((0, 0), (0, 1)) == "door"


@pytest.mark.parametrize("pair", [((0, 0), (2, 0)), ((0, 0), (1, 1)), ((1, 1), (1, 1))])
def test_a_wall_or_door_must_join_orthogonal_neighbours(pair) -> None:
    a, b = pair
    message = f"a wall or door joins orthogonally adjacent squares, not {a} and {b}"
    with pytest.raises(ValueError) as err:
        SquareBoard(3, 3, walls=[pair])
    assert str(err.value) == message
    with pytest.raises(ValueError) as err:
        SquareBoard(3, 3, doors=[pair])
    assert str(err.value) == message


def test_a_wall_or_door_may_lie_along_either_axis() -> None:
    board = SquareBoard(3, 3, walls=[((1, 1), (1, 0)), ((1, 1), (0, 1))])
    assert board.neighbors((1, 1)) == ((2, 1), (1, 2))


def test_eight_neighbours_in_order_e_n_w_s_ne_nw_sw_se() -> None:
    assert SquareBoard(3, 3, diagonal=True).neighbors((1, 1)) == (
        (2, 1), (1, 2), (0, 1), (1, 0), (2, 2), (0, 2), (0, 0), (2, 0))


@pytest.mark.parametrize("side", [((0, 0), (1, 0)), ((0, 0), (0, 1)),
                                  ((1, 1), (1, 0)), ((1, 1), (0, 1))])
@pytest.mark.parametrize("kind", ["walls", "doors"])
def test_a_diagonal_step_is_barred_by_any_of_the_four_sides_round_the_corner(side, kind) -> None:
    board = SquareBoard(2, 2, diagonal=True, **{kind: [side]})
    assert (1, 1) not in board.neighbors((0, 0))
    assert (0, 0) not in board.neighbors((1, 1))
    assert (0, 1) not in board.neighbors((1, 0))  # the other diagonal shares the corner


@pytest.mark.parametrize("gone", [(1, 0), (0, 1)])
def test_a_diagonal_step_needs_both_cut_past_squares_on_the_board(gone) -> None:
    board = SquareBoard(2, 2, diagonal=True, blocked=[gone])
    assert (1, 1) not in board.neighbors((0, 0))


def test_a_diagonal_step_round_an_open_corner_is_allowed() -> None:
    assert (1, 1) in SquareBoard(2, 2, diagonal=True).neighbors((0, 0))


def test_default_labels_are_x_comma_y_and_given_labels_replace_them() -> None:
    board = SquareBoard(2, 1, labels={(1, 0): "B"})
    assert board.label((0, 0)) == "0,0" and board.label((1, 0)) == "B"
    assert board.square_at("0,0") == (0, 0) and board.square_at("B") == (1, 0)


def test_a_label_used_twice_is_refused_naming_the_board() -> None:
    with pytest.raises(ValueError) as err:
        SquareBoard(2, 1, name="vault", labels={(0, 0): "A", (1, 0): "A"})
    assert str(err.value) == "a label is used twice on board 'vault'"


def test_an_unknown_label_names_itself_as_a_square_label() -> None:
    with pytest.raises(UnknownLocation) as err:
        SquareBoard(2, 1, name="vault").square_at("Z9")
    assert str(err.value) == "square label 'Z9' is not on board 'vault'"


@pytest.mark.parametrize("method", ["neighbors", "xy", "label", "outline"])
@pytest.mark.parametrize("loc", [(5, 5), (1, 1), [0, 0]])
def test_one_square_methods_refuse_squares_off_the_board(method: str, loc) -> None:
    board = SquareBoard(2, 2, name="vault", blocked=[(1, 1)])
    with pytest.raises(UnknownLocation) as err:
        getattr(board, method)(loc)
    assert err.value.loc == loc and err.value.board_name == "vault"


@pytest.mark.parametrize("a,b", [((5, 5), (0, 0)), ((0, 0), (5, 5))])
def test_distance_refuses_either_end_off_the_board(a, b) -> None:
    with pytest.raises(UnknownLocation):
        SquareBoard(2, 2).distance(a, b)


def test_xy_is_the_centre_as_floats() -> None:
    x, y = SquareBoard(4, 4).xy((3, 1))
    assert (x, y) == (3.0, 1.0) and type(x) is float and type(y) is float


def test_distance_is_manhattan_or_chebyshev_in_both_directions() -> None:
    assert SquareBoard(5, 5).distance((3, 0), (0, 2)) == 5
    assert SquareBoard(5, 5, diagonal=True).distance((3, 0), (0, 2)) == 3
    assert SquareBoard(5, 5, diagonal=True).distance((0, 3), (2, 0)) == 3


def test_distance_ignores_walls() -> None:
    assert SquareBoard(2, 1, walls=[((0, 0), (1, 0))]).distance((0, 0), (1, 0)) == 1


def test_contains_and_len() -> None:
    board = SquareBoard(3, 2, blocked=[(2, 1)])
    assert len(board) == 5
    assert (0, 0) in board and (2, 1) not in board and (3, 0) not in board
    assert [0, 0] not in board  # unhashable: simply not a square


def test_crossing_needs_orthogonal_neighbours_and_names_them() -> None:
    board = SquareBoard(3, 3)
    for a, b in [((0, 0), (1, 1)), ((0, 0), (0, 0)), ((0, 0), (0, 2))]:
        with pytest.raises(ValueError) as err:
            board.crossing(a, b)
        assert str(err.value) == f"{a} and {b} are not orthogonally adjacent"
        with pytest.raises(ValueError) as err:
            board.wall_segment(a, b)
        assert str(err.value) == f"{a} and {b} are not orthogonally adjacent"


def test_wall_segment_of_sides_away_from_the_origin() -> None:
    board = SquareBoard(4, 4)
    assert board.wall_segment((2, 3), (1, 3)) == ((1.5, 2.5), (1.5, 3.5))
    assert board.wall_segment((2, 3), (2, 2)) == ((1.5, 2.5), (2.5, 2.5))


def test_outline_of_a_square_away_from_the_origin() -> None:
    assert SquareBoard(4, 4).outline((2, 3)) == [(1.5, 2.5), (2.5, 2.5), (2.5, 3.5), (1.5, 3.5)]


def test_footprint_runs_west_to_east_then_south_to_north() -> None:
    assert SquareBoard(5, 5).footprint((2, 1), 3, 2) == (
        (2, 1), (3, 1), (4, 1), (2, 2), (3, 2), (4, 2))


def test_a_piece_fits_with_walls_along_its_outside_edges() -> None:
    # the walls touch the piece's squares but lie outside it: east of it and north of it
    board = SquareBoard(4, 4, walls=[((2, 1), (3, 1)), ((1, 2), (1, 3)), ((0, 1), (0, 0))])
    assert board.fits((1, 1), 2, 2)


@pytest.mark.parametrize("wall", [((1, 1), (2, 1)), ((1, 2), (2, 2)),
                                  ((1, 1), (1, 2)), ((2, 1), (2, 2))])
def test_a_piece_does_not_fit_across_any_wall_inside_it(wall) -> None:
    assert not SquareBoard(4, 4, walls=[wall]).fits((1, 1), 2, 2)


def test_a_piece_does_not_fit_off_the_board_on_any_side() -> None:
    board = SquareBoard(3, 3)
    assert board.fits((1, 1), 2, 2)
    assert not board.fits((2, 1), 2, 2) and not board.fits((1, 2), 2, 2)
    assert not board.fits((-1, 0), 2, 2) and not board.fits((0, -1), 2, 2)


def test_piece_crossing_needs_a_single_step_and_names_it() -> None:
    board = SquareBoard(4, 4)
    for new in [(0, 0), (2, 0), (0, 2), (2, 2)]:
        with pytest.raises(ValueError) as err:
            board.piece_crossing((0, 0), new, 1, 1)
        assert str(err.value) == f"(0, 0) -> {new} is not a single step"


def test_piece_crossing_wall_beats_an_earlier_door() -> None:
    # moving east, the south square goes through a door, the north one into a wall
    board = SquareBoard(3, 2, doors=[((0, 0), (1, 0))], walls=[((0, 1), (1, 1))])
    assert board.piece_crossing((0, 0), (1, 0), 1, 2) == "wall"
    flipped = SquareBoard(3, 2, walls=[((0, 0), (1, 0))], doors=[((0, 1), (1, 1))])
    assert flipped.piece_crossing((0, 0), (1, 0), 1, 2) == "wall"


def test_piece_crossing_a_door_after_an_open_side_is_a_door() -> None:
    board = SquareBoard(3, 2, doors=[((0, 1), (1, 1))])
    assert board.piece_crossing((0, 0), (1, 0), 1, 2) == "door"


def test_piece_diagonal_step_is_checked_for_every_square() -> None:
    # moving north-east, the second (east) square's corner has a wall: the whole step is a wall
    board = SquareBoard(4, 4, diagonal=True, walls=[((2, 0), (2, 1))])
    assert board.piece_crossing((0, 0), (1, 1), 2, 1) == "wall"
    assert SquareBoard(4, 4, diagonal=True).piece_crossing((0, 0), (1, 1), 2, 1) == "open"
    doored = SquareBoard(4, 4, diagonal=True, doors=[((1, 0), (1, 1))])
    assert doored.piece_crossing((0, 0), (1, 1), 2, 1) == "wall"  # no diagonal through doorways


def test_piece_neighbors_in_eight_mode_in_direction_order() -> None:
    board = SquareBoard(4, 4, diagonal=True)
    assert board.piece_neighbors((1, 1), 2, 1) == [
        (2, 1), (1, 2), (0, 1), (1, 0), (2, 2), (0, 2), (0, 0), (2, 0)]


def test_piece_neighbors_leave_out_places_it_does_not_fit() -> None:
    board = SquareBoard(3, 3)
    occupied = {(2, 1)}
    assert board.piece_neighbors((0, 1), 2, 1, passable=lambda sq: sq not in occupied) == [
        (0, 2), (0, 0)]


def test_distance_counts_both_coordinate_differences() -> None:
    assert SquareBoard(6, 6).distance((3, 1), (1, 4)) == 5
    assert SquareBoard(6, 6, diagonal=True).distance((3, 1), (1, 4)) == 3
    assert SquareBoard(6, 6, diagonal=True).distance((1, 4), (4, 2)) == 3


def test_a_piece_fits_with_walls_along_every_outside_edge() -> None:
    # a 2x2 piece anchored at (2, 1): walls on its west, south, east and north outside edges
    walls = [((1, 1), (2, 1)), ((2, 0), (2, 1)), ((3, 2), (4, 2)), ((3, 2), (3, 3))]
    board = SquareBoard(5, 4, walls=walls)
    assert board.fits((2, 1), 2, 2)


@pytest.mark.parametrize("wall", [((2, 1), (3, 1)), ((2, 2), (3, 2)),
                                  ((2, 1), (2, 2)), ((3, 1), (3, 2))])
def test_a_piece_off_the_diagonal_does_not_fit_across_a_wall_inside_it(wall) -> None:
    assert not SquareBoard(5, 4, walls=[wall]).fits((2, 1), 2, 2)


def test_piece_neighbors_go_on_after_a_step_barred_by_a_wall() -> None:
    # moving north, the east square meets a wall (the west one a door): barred; south is free
    board = SquareBoard(4, 3, walls=[((1, 1), (1, 2))], doors=[((0, 1), (0, 2))])
    assert board.piece_neighbors((0, 1), 2, 1) == [(1, 1), (0, 0)]

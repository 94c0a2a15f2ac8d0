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

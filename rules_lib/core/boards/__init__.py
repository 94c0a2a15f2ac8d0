"""Game-independent boards: the Board protocol, graph, hex and square boards, movement reach."""

from .base import Board, Loc, UnknownLocation, Unreachable
from .graph import GraphBoard
from .hex import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    HexBoard,
    LineOfHexes,
    axial_to_offset,
    direction_between,
    hex_corners,
    hex_distance,
    hex_line,
    hex_neighbor,
    hex_range,
    hex_round,
    hex_to_xy,
    offset_to_axial,
    xy_to_hex,
)
from .reach import ReachInfo, reach, reach_costs, reach_probability
from .square import SquareBoard

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Board",
    "GraphBoard",
    "Hex",
    "HexBoard",
    "LineOfHexes",
    "Loc",
    "ReachInfo",
    "SquareBoard",
    "UnknownLocation",
    "Unreachable",
    "axial_to_offset",
    "direction_between",
    "hex_corners",
    "hex_distance",
    "hex_line",
    "hex_neighbor",
    "hex_range",
    "hex_round",
    "hex_to_xy",
    "offset_to_axial",
    "reach",
    "reach_costs",
    "reach_probability",
    "xy_to_hex",
]

"""The area map: surface world (with Altinela and the Spike), Hell, the Heavens, and their borders.

The GraphBoard and the neighbours of each area are built once per data set, as members of the
typed data (``GodsWarData.board``, ``GodsWarData.neighbours``); these are the questions the rules ask
of the map.
"""
from __future__ import annotations

from rules_lib.core.boards.base import UnknownLocation
from rules_lib.core.boards.graph import GraphBoard

from .data import GodsWarData, default_data
from .state import GWState


def board_for(data: GodsWarData | None = None) -> GraphBoard:
    """The board of a data set (the shipped data when none is given)."""
    return (data or default_data()).board


def area_map(state: GWState | None = None) -> GraphBoard:
    """The area map to draw (the board view's ``board``): the shipped data's."""
    return default_data().board


def adjacent(data: GodsWarData, area: str) -> list[str]:
    """Areas sharing a border with ``area`` (map order)."""
    try:
        return list(data.neighbours[area])
    except KeyError:
        raise UnknownLocation(area, data.board.name) from None


def is_adjacent(data: GodsWarData, a: str, b: str) -> bool:
    """Do two areas share a border?"""
    return b in data.neighbours.get(a, ())

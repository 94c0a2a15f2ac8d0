"""The area map as a GraphBoard: surface world (with Altinela and the Spike), Hell, the Heavens."""
from __future__ import annotations

from rules_lib.core.boards.graph import GraphBoard

from .data import GodsWarData, default_data


def build_board(data: GodsWarData) -> GraphBoard:
    """A GraphBoard whose nodes carry realm, x, y (from data/map.yaml)."""
    nodes = {name: {"realm": a.realm, "x": a.x, "y": a.y, "label": name}
             for name, a in data.areas.items()}
    return GraphBoard.from_data(nodes, data.borders, name="Gods War (assumed subset)")


_BOARDS: dict[int, tuple[GodsWarData, GraphBoard]] = {}


def board_for(data: GodsWarData | None = None) -> GraphBoard:
    """The board for a data set (cached per data object; the cache keeps the data alive)."""
    data = data or default_data()
    hit = _BOARDS.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_BOARDS) > 16:
            _BOARDS.clear()
        hit = _BOARDS[id(data)] = (data, build_board(data))
    return hit[1]


def adjacent(data: GodsWarData, area: str) -> list[str]:
    """Areas sharing a border with ``area`` (map order)."""
    return list(board_for(data).neighbors(area))


def is_adjacent(data: GodsWarData, a: str, b: str) -> bool:
    """Do two areas share a border?"""
    return board_for(data).graph.has_edge(a, b)

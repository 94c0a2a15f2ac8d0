"""The Board protocol every game map satisfies, and the errors boards raise.

A board is a set of *locations* (any hashable: a city name, a ``Hex``, an ``(x, y)`` square) with
adjacency, a distance, printed labels, and drawing coordinates. Widgets draw any board through
``xy`` and ``outline``; movement code (``reach``) only needs ``neighbors``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Protocol, runtime_checkable

Loc = Hashable


@runtime_checkable
class Board(Protocol):  # pragma: no mutate block (mutmut would add members to the protocol)
    """What every board offers to movement rules and to the drawing widgets."""

    name: str

    def locations(self) -> Iterable[Loc]:
        """Every location of the board, in a stable order."""
        ...

    def neighbors(self, loc: Loc) -> Iterable[Loc]:
        """Locations one step away from ``loc``, in a stable order."""
        ...

    def xy(self, loc: Loc) -> tuple[float, float]:
        """Drawing coordinates of ``loc`` (x east, y north, as Plotly draws them)."""
        ...

    def distance(self, a: Loc, b: Loc) -> int:
        """Steps between two locations, as the board's geometry counts them."""
        ...

    def label(self, loc: Loc) -> str:
        """The name or number printed on the map for ``loc``."""
        ...

    def outline(self, loc: Loc) -> list[tuple[float, float]]:
        """Polygon corners of ``loc`` for drawing; empty for point-like locations."""
        ...

    def __contains__(self, loc: object) -> bool:
        """Whether ``loc`` is a location of this board."""
        ...


class UnknownLocation(KeyError):
    """A location (or printed label) that is not on the board; the message names both."""

    def __init__(self, loc: object, board_name: str, what: str = "location") -> None:
        super().__init__(loc)
        self.loc = loc
        self.board_name = board_name
        self.what = what

    def __str__(self) -> str:
        return f"{self.what} {self.loc!r} is not on board {self.board_name!r}"


class Unreachable(ValueError):
    """No path joins two locations of the board; the message names both ends."""

    def __init__(self, a: object, b: object, board_name: str) -> None:
        super().__init__(a, b, board_name)
        self.a = a
        self.b = b
        self.board_name = board_name

    def __str__(self) -> str:
        return f"no path from {self.a!r} to {self.b!r} on board {self.board_name!r}"

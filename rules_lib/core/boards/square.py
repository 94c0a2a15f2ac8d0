"""Square grids with walls, doorways and pieces that cover several squares.

A square is an ``(x, y)`` tuple: x grows east, **y grows north** (``(0, 0)`` is the south-west
corner), matching the drawing coordinates, so a board is never drawn upside down. ``xy`` is the
square's centre ``(x, y)``; its outline runs from ``x - 0.5`` to ``x + 0.5``.

Movement is 4-neighbour (orthogonal) by default, with Manhattan distance; ``diagonal=True`` allows
8-neighbour movement with Chebyshev distance. A diagonal step is allowed only when both squares it
cuts past are on the board and none of the four sides around the shared corner is a wall or a door
(no squeezing round corners or through doorways diagonally).

Walls lie between two orthogonally adjacent squares. A doorway is a wall with an opening: movement
through it is allowed, and ``crossing`` reports ``"door"`` so a game can charge extra or bar big
pieces.

A piece covering ``width`` x ``height`` squares is addressed by its *anchor*, its south-west
(lowest x, lowest y) square.

>>> board = SquareBoard(3, 2, walls=[((0, 0), (1, 0))], doors=[((1, 0), (2, 0))])
>>> board.crossing((0, 0), (1, 0)), board.crossing((1, 0), (2, 0)), board.crossing((0, 0), (0, 1))
('wall', 'door', 'open')
>>> board.footprint((0, 0), 2, 1)
((0, 0), (1, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Literal

from .base import UnknownLocation

Square = tuple[int, int]
Crossing = Literal["open", "wall", "door"]

#: Orthogonal steps, in the order neighbours are listed: east, north, west, south.
ORTHOGONAL: tuple[Square, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
#: Diagonal steps: north-east, north-west, south-west, south-east.
DIAGONAL: tuple[Square, ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))


def _pair(a: Square, b: Square) -> frozenset[Square]:
    """The unordered pair of squares a wall or door separates."""
    return frozenset((a, b))


class SquareBoard:
    """A width x height grid of squares with blocked squares, walls and doorways."""

    __slots__ = (
        "name",
        "width",
        "height",
        "diagonal",
        "blocked",
        "walls",
        "doors",
        "_squares",
        "_set",
        "_nbrs",
        "_labels",
        "_by_label",
    )

    def __init__(
        self,
        width: int,
        height: int,
        name: str = "square map",
        blocked: Iterable[Square] = (),
        walls: Iterable[Iterable[Square]] = (),
        doors: Iterable[Iterable[Square]] = (),
        diagonal: bool = False,
        labels: Mapping[Square, str] | None = None,
    ) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.diagonal = diagonal
        self.blocked: frozenset[Square] = frozenset((sq[0], sq[1]) for sq in blocked)
        self.walls: frozenset[frozenset[Square]] = frozenset(self._side(p) for p in walls)
        self.doors: frozenset[frozenset[Square]] = frozenset(self._side(p) for p in doors)
        self._squares: tuple[Square, ...] = tuple(
            (x, y)
            for y in range(height)
            for x in range(width)
            if (x, y) not in self.blocked
        )
        self._set = frozenset(self._squares)
        steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
        self._nbrs: dict[Square, tuple[Square, ...]] = {
            sq: tuple(
                (sq[0] + dx, sq[1] + dy)
                for dx, dy in steps
                if self._step_allowed(sq, (sq[0] + dx, sq[1] + dy))
            )
            for sq in self._squares
        }
        labels = dict(labels or {})
        self._labels = {sq: labels.get(sq, f"{sq[0]},{sq[1]}") for sq in self._squares}
        self._by_label = {text: sq for sq, text in self._labels.items()}
        if len(self._by_label) != len(self._labels):
            raise ValueError(f"a label is used twice on board {name!r}")

    def _side(self, pair: Iterable[Square]) -> frozenset[Square]:
        """Validate a wall/door given as two orthogonally adjacent squares."""
        a, b = (tuple(sq) for sq in pair)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ValueError(f"a wall or door joins orthogonally adjacent squares, not {a} and {b}")
        return _pair(a, b)  # type: ignore[arg-type]

    def _step_allowed(self, a: Square, b: Square) -> bool:
        """Whether a single square may move from ``a`` to the neighbouring ``b``."""
        if b not in self._set:
            return False
        if a[0] == b[0] or a[1] == b[1]:
            return _pair(a, b) not in self.walls or _pair(a, b) in self.doors
        # diagonal: both cut-past squares on the board, no wall or door round the corner
        c1, c2 = (b[0], a[1]), (a[0], b[1])
        if c1 not in self._set or c2 not in self._set:
            return False
        sides = (_pair(a, c1), _pair(a, c2), _pair(b, c1), _pair(b, c2))
        return not any(s in self.walls or s in self.doors for s in sides)

    # -- the Board protocol --

    def _check(self, sq: object) -> None:
        """Raise UnknownLocation unless ``sq`` is an open square of the board."""
        if sq not in self:
            raise UnknownLocation(sq, self.name)

    def locations(self) -> tuple[Square, ...]:
        """Every open square, row by row from the south, west to east."""
        return self._squares

    def neighbors(self, loc: Square) -> tuple[Square, ...]:
        """Squares one step away (E, N, W, S, then NE, NW, SW, SE in 8-mode), walls respected."""
        try:
            return self._nbrs[loc]
        except (KeyError, TypeError):
            raise UnknownLocation(loc, self.name) from None

    def xy(self, loc: Square) -> tuple[float, float]:
        """Drawing centre of the square: (x, y), y north."""
        self._check(loc)
        return float(loc[0]), float(loc[1])

    def distance(self, a: Square, b: Square) -> int:
        """Manhattan distance (Chebyshev with diagonal moves), ignoring walls."""
        self._check(a)
        self._check(b)
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dx, dy) if self.diagonal else dx + dy

    def label(self, loc: Square) -> str:
        """The printed name of the square ("x,y" unless labels were given)."""
        self._check(loc)
        return self._labels[loc]

    def outline(self, loc: Square) -> list[tuple[float, float]]:
        """The square's four corners, counter-clockwise from the south-west."""
        self._check(loc)
        x, y = loc
        return [(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)]

    def __contains__(self, loc: object) -> bool:
        try:
            return loc in self._set
        except TypeError:  # unhashable
            return False

    def __len__(self) -> int:
        return len(self._squares)

    def __iter__(self) -> Iterator[Square]:
        return iter(self._squares)

    def __repr__(self) -> str:
        return (
            f"SquareBoard({self.name!r}, {self.width}x{self.height}, {len(self.walls)} walls, "
            f"{len(self.doors)} doors)"
        )

    # -- square-specific --

    def square_at(self, label: str) -> Square:
        """The square carrying a printed label; UnknownLocation names the label if there is none."""
        try:
            return self._by_label[label]
        except KeyError:
            raise UnknownLocation(label, self.name, what="square label") from None

    def crossing(self, a: Square, b: Square) -> Crossing:
        """What lies between two orthogonally adjacent squares: "open", "wall" or "door"."""
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ValueError(f"{a} and {b} are not orthogonally adjacent")
        side = _pair(a, b)
        if side in self.doors:
            return "door"
        if side in self.walls:
            return "wall"
        return "open"

    def wall_segment(self, a: Square, b: Square) -> tuple[tuple[float, float], tuple[float, float]]:
        """Drawing end points of the side between two orthogonally adjacent squares."""
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise ValueError(f"{a} and {b} are not orthogonally adjacent")
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        if a[1] == b[1]:  # east-west neighbours: vertical side
            return (mx, my - 0.5), (mx, my + 0.5)
        return (mx - 0.5, my), (mx + 0.5, my)

    def footprint(self, anchor: Square, width: int, height: int) -> tuple[Square, ...]:
        """Squares covered by a width x height piece whose south-west square is ``anchor``."""
        ax, ay = anchor
        return tuple((ax + i, ay + j) for j in range(height) for i in range(width))

    def fits(
        self,
        anchor: Square,
        width: int,
        height: int,
        passable: Callable[[Square], bool] | None = None,
    ) -> bool:
        """Whether the piece can stand there: all squares open and passable, no wall inside it.

        A doorway inside the footprint is allowed (the piece stands in the opening).
        """
        squares = self.footprint(anchor, width, height)
        for sq in squares:
            if sq not in self._set or (passable is not None and not passable(sq)):
                return False
        for x, y in squares:
            for east_or_north in ((x + 1, y), (x, y + 1)):
                if (
                    east_or_north[0] < anchor[0] + width
                    and east_or_north[1] < anchor[1] + height
                    and self.crossing((x, y), east_or_north) == "wall"
                ):
                    return False
        return True

    def piece_crossing(
        self, anchor: Square, new_anchor: Square, width: int, height: int
    ) -> Crossing:
        """The worst side the piece's squares cross moving one step: "wall" > "door" > "open".

        A diagonal step that breaks the corner rule for any of the piece's squares counts as "wall".
        """
        dx, dy = new_anchor[0] - anchor[0], new_anchor[1] - anchor[1]
        if max(abs(dx), abs(dy)) != 1:
            raise ValueError(f"{anchor} -> {new_anchor} is not a single step")
        worst: Crossing = "open"
        for x, y in self.footprint(anchor, width, height):
            a, b = (x, y), (x + dx, y + dy)
            if dx and dy:  # diagonal: each square obeys the single-square corner rule
                if not self._step_allowed(a, b):
                    return "wall"
                continue
            kind = self.crossing(a, b)
            if kind == "wall":
                return "wall"
            if kind == "door":
                worst = "door"
        return worst

    def piece_neighbors(
        self,
        anchor: Square,
        width: int,
        height: int,
        passable: Callable[[Square], bool] | None = None,
    ) -> list[Square]:
        """Anchors a multi-square piece reaches in one step, no moved square crossing a wall."""
        steps = ORTHOGONAL + DIAGONAL if self.diagonal else ORTHOGONAL
        out = []
        for dx, dy in steps:
            new = (anchor[0] + dx, anchor[1] + dy)
            if not self.fits(new, width, height, passable):
                continue
            if self.piece_crossing(anchor, new, width, height) == "wall":
                continue
            out.append(new)
        return out

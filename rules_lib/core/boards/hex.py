"""Hex grids: coordinates, directions, distance, lines of sight, drawing, printed hex numbers.

Orientation
-----------
Hexes are *flat-topped* (a flat edge at the top and bottom, corners pointing east and west), so a
printed map is a set of vertical columns of hexes. Inside the library a hex is addressed by axial
coordinates ``Hex(q, r)``:

* ``q`` is the column: it grows to the east;
* ``r`` grows to the south *along a column* (the hex below ``Hex(q, r)`` is ``Hex(q, r + 1)``);
* the third cube coordinate ``s = -q - r`` is derived (``Hex.s``); ``q + r + s == 0`` always.

Directions are numbered like Space Vermin's movement indicator, clockwise from north::

        1 N
   6 NW     2 NE
   5 SW     3 SE
        4 S

==========  ========  ==============
number      name      axial delta
==========  ========  ==============
1           N         ( 0, -1)
2           NE        (+1, -1)
3           SE        (+1,  0)
4           S         ( 0, +1)
5           SW        (-1, +1)
6           NW        (-1,  0)
==========  ========  ==============

Drawing coordinates put **north up**: ``hex_to_xy`` returns x growing east and *y growing north*,
which is what Plotly shows by default (screen formulas with y growing down are flipped here).

Distance is the cube distance ``max(|dq|, |dr|, |ds|)``.

Lines of sight
--------------
A line from one hex centre to another is sampled at ``N + 1`` evenly spaced points (``N`` being the
distance) and each point is rounded to the nearest hex with *cube rounding* (round the three cube
coordinates and recompute the one that moved most). Python's ``round`` and ``numpy.round`` round
halves to even, which puts a point lying exactly on a hexside into different hexes depending on
where it is; we never round exact halves: the whole line is nudged by a tiny epsilon to one side
(``left``) and to the other (``right``). If the line runs along hexsides (``along_hexside``: its
direction is that of a hexside, e.g. N + NE), the two sequences differ and the game's rule decides:
Space Vermin blocks the line if *either* side crosses a blocking hex (``rule="either"``), other games
only if *both* sides are blocked (``rule="both"``, i.e. the line is clear if one of the two sides is
clear). Any other line whose sides differ crosses a hexside exactly at a sample point (ORIGIN to
(1, 3) crosses the side between (1, 1) and (0, 2) at its middle): it passes through both hexes, so
under either rule a blocking hex on either side blocks it.

Printed hex numbers
-------------------
Maps print hex numbers as column/row ("0412"). ``offset_to_axial`` and ``axial_to_offset`` convert,
for the two flat-top layouts: ``"odd-q"`` where odd-numbered columns sit half a hex lower (south)
than even ones, and ``"even-q"`` where even-numbered columns sit lower. Rows grow to the south in
both. A ``HexBoard`` keeps the printed label of each hex and converts both ways (``label``,
``hex_at``).

>>> Hex(0, 0).neighbor(2)
Hex(q=1, r=-1)
>>> hex_distance(Hex(0, 0), Hex(2, -3))
3
>>> line = hex_line(Hex(0, 0), Hex(1, -2))      # along the hexside between N and NE neighbours
>>> line.along_hexside
True
>>> line.left
(Hex(q=0, r=0), Hex(q=0, r=-1), Hex(q=1, r=-2))
>>> line.right
(Hex(q=0, r=0), Hex(q=1, r=-1), Hex(q=1, r=-2))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import numpy as np

from .base import UnknownLocation

SQRT3 = math.sqrt(3.0)

Layout = Literal["odd-q", "even-q"]
LosRule = Literal["either", "both"]


class Hex(NamedTuple):
    """A hex in axial coordinates: ``q`` grows east, ``r`` grows south along a column."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: tuple[int, int]) -> Hex:  # type: ignore[override]
        """Vector sum (not tuple concatenation)."""
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple[int, int]) -> Hex:
        """Vector difference."""
        return Hex(self.q - other[0], self.r - other[1])

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in direction 1..6 (N, NE, SE, S, SW, NW)."""
        return hex_neighbor(self, direction)

    def distance(self, other: Hex) -> int:
        """Hex steps to ``other``."""
        return hex_distance(self, other)


#: Direction number -> axial step, clockwise from north (Space Vermin's movement indicator).
DIRECTIONS: dict[int, Hex] = {
    1: Hex(0, -1),  # N
    2: Hex(1, -1),  # NE
    3: Hex(1, 0),  # SE
    4: Hex(0, 1),  # S
    5: Hex(-1, 1),  # SW
    6: Hex(-1, 0),  # NW
}

#: Direction number -> compass name.
DIRECTION_NAMES: dict[int, str] = {1: "N", 2: "NE", 3: "SE", 4: "S", 5: "SW", 6: "NW"}

_DELTA_TO_DIRECTION: dict[Hex, int] = {delta: d for d, delta in DIRECTIONS.items()}

#: The nudge (in axial q, r; cube s gets the rest) that pushes a line off hexsides and corners.
#: Not parallel to any hexside, so the two nudged copies of a line fall on its two sides.
_EPS_Q = 1e-6
_EPS_R = 2e-6


# --- distance and neighbours ---------------------------------------------------------------------


def hex_distance(a: Hex, b: Hex) -> int:
    """Hex steps between ``a`` and ``b`` (cube distance)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_neighbor(h: Hex, direction: int) -> Hex:
    """The hex adjacent to ``h`` in ``direction`` (1..6 = N, NE, SE, S, SW, NW)."""
    try:
        dq, dr = DIRECTIONS[direction]
    except KeyError:
        raise ValueError(f"hex direction must be 1..6, not {direction!r}") from None
    return Hex(h[0] + dq, h[1] + dr)


def direction_between(a: Hex, b: Hex) -> int | None:
    """Direction number from ``a`` to an adjacent ``b``; None if they are not adjacent."""
    return _DELTA_TO_DIRECTION.get(Hex(b[0] - a[0], b[1] - a[1]))


def hex_range(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` steps of ``center`` (a large hexagon), column by column."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center[0] + dq, center[1] + dr))
    return out


# --- rounding and lines --------------------------------------------------------------------------


def _nearest(x: float) -> int:
    """Round to the nearest integer, halves up (unlike ``round``, which rounds halves to even)."""
    return math.floor(x + 0.5)


def hex_round(q: float, r: float) -> Hex:
    """The hex containing the fractional axial point (q, r), by cube rounding."""
    s = -q - r
    rq, rr, rs = _nearest(q), _nearest(r), _nearest(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


@dataclass(frozen=True, slots=True)
class LineOfHexes:
    """The hexes a centre-to-centre line crosses, nudged to its left and to its right."""

    left: tuple[Hex, ...]
    right: tuple[Hex, ...]

    @property
    def along_hexside(self) -> bool:
        """True when the line runs along hexsides (two of its cube steps are equal, as in N + NE)."""
        dq, dr = self.end[0] - self.start[0], self.end[1] - self.start[1]
        return _along_hexsides(dq, dr) and (dq, dr) != (0, 0)

    @property
    def either(self) -> frozenset[Hex]:
        """Hexes crossed on at least one side."""
        return frozenset(self.left) | frozenset(self.right)

    @property
    def both(self) -> frozenset[Hex]:
        """Hexes crossed on both sides."""
        return frozenset(self.left) & frozenset(self.right)

    @property
    def start(self) -> Hex:
        """The hex the line starts from."""
        return self.left[0]

    @property
    def end(self) -> Hex:
        """The hex the line ends in."""
        return self.left[-1]


def _along_hexsides(dq, dr):
    """Whether a step (dq, dr) runs along hexsides: two of its cube coordinates are equal."""
    ds = -dq - dr
    return (dq == dr) | (dr == ds) | (dq == ds)


def _line_samples(a: Hex, b: Hex, eps_q: float, eps_r: float) -> tuple[Hex, ...]:
    """The hexes under the line a->b shifted by (eps_q, eps_r), one per hex step."""
    n = hex_distance(a, b)
    if n == 0:
        return (Hex(a[0], a[1]),)
    aq, ar = a[0], a[1]
    dq, dr = b[0] - aq, b[1] - ar
    return tuple(
        hex_round(aq + dq * (i / n) + eps_q, ar + dr * (i / n) + eps_r) for i in range(n + 1)
    )


def hex_line(a: Hex, b: Hex) -> LineOfHexes:
    """The hexes crossed by the straight line from the centre of ``a`` to the centre of ``b``.

    ``left`` and ``right`` are the line nudged a hair to the left and to the right of its direction
    of travel (as drawn, north up); they differ only where the line runs along a hexside.
    """
    plus = _line_samples(a, b, _EPS_Q, _EPS_R)
    minus = _line_samples(a, b, -_EPS_Q, -_EPS_R)
    # Which side the +nudge lies on: sign of the cross product (b - a) x nudge in drawing
    # coordinates, which works out to (dr * eps_q - dq * eps_r) times a positive constant.
    dq, dr = b[0] - a[0], b[1] - a[1]
    if dr * _EPS_Q - dq * _EPS_R > 0:
        return LineOfHexes(left=plus, right=minus)
    return LineOfHexes(left=minus, right=plus)


# --- drawing -------------------------------------------------------------------------------------


def hex_to_xy(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of ``h`` for drawing: x east, y NORTH (Plotly shows north up); size: centre to corner."""
    q, r = h[0], h[1]
    return size * 1.5 * q, -size * SQRT3 * (r + q / 2)


def xy_to_hex(x: float, y: float, size: float = 1.0) -> Hex:
    """The hex containing the drawing point (x, y) (inverse of ``hex_to_xy``, e.g. for clicks)."""
    q = x / (1.5 * size)
    r = -y / (SQRT3 * size) - q / 2
    return hex_round(q, r)


def hex_corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of flat-top ``h`` for drawing, counter-clockwise from the east corner."""
    cx, cy = hex_to_xy(h, size)
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


# --- printed column/row numbers ------------------------------------------------------------------


def offset_to_axial(col: int, row: int, layout: Layout = "odd-q") -> Hex:
    """Axial hex for a printed column/row; ``odd-q``: odd columns sit half a hex lower (south)."""
    if layout == "odd-q":
        return Hex(col, row - (col - (col & 1)) // 2)
    if layout == "even-q":
        return Hex(col, row - (col + (col & 1)) // 2)
    raise ValueError(f"hex layout must be 'odd-q' or 'even-q', not {layout!r}")


def axial_to_offset(h: Hex, layout: Layout = "odd-q") -> tuple[int, int]:
    """Printed (column, row) of an axial hex; the inverse of ``offset_to_axial``."""
    q, r = h[0], h[1]
    if layout == "odd-q":
        return q, r + (q - (q & 1)) // 2
    if layout == "even-q":
        return q, r + (q + (q & 1)) // 2
    raise ValueError(f"hex layout must be 'odd-q' or 'even-q', not {layout!r}")


# --- the board -----------------------------------------------------------------------------------


def _check_rule(rule: str) -> None:
    """Reject an unknown line-of-sight rule name."""
    if rule not in ("either", "both"):
        raise ValueError(f"line-of-sight rule must be 'either' or 'both', not {rule!r}")


class HexBoard:
    """A map made of flat-top hexes, with printed labels and per-hex terrain.

    ``distance`` is the geometric hex distance (it ignores holes in the map); movement around
    obstacles is ``reach``'s job. Hexes outside the board never block a line of sight.
    """

    __slots__ = (
        "name",
        "size",
        "terrain",
        "_hexes",
        "_index",
        "_labels",
        "_by_label",
        "_nbrs",
        "_xy",
        "_q",
        "_r",
        "_grid",
        "_grid_origin",
    )

    def __init__(
        self,
        hexes: Iterable[Hex],
        name: str = "hex map",
        labels: Mapping[Hex, str] | None = None,
        terrain: Mapping[Hex, Any] | None = None,
        size: float = 1.0,
    ) -> None:
        self.name = name
        self.size = size
        self._hexes: tuple[Hex, ...] = tuple(dict.fromkeys(Hex(h[0], h[1]) for h in hexes))
        self._index: dict[Hex, int] = {h: i for i, h in enumerate(self._hexes)}
        labels = dict(labels or {})
        for h in labels:
            if h not in self._index:
                raise UnknownLocation(h, name)
        self._labels: dict[Hex, str] = {h: labels.get(h, f"{h[0]},{h[1]}") for h in self._hexes}
        self._by_label: dict[str, Hex] = {}
        for h, text in self._labels.items():
            if text in self._by_label:
                raise ValueError(f"label {text!r} is used twice on board {name!r}")
            self._by_label[text] = h
        self.terrain: dict[Hex, Any] = dict(terrain or {})
        for h in self.terrain:
            if h not in self._index:
                raise UnknownLocation(h, name)
        index = self._index
        self._nbrs: dict[Hex, tuple[Hex, ...]] = {
            h: tuple(n for n in (h + d for d in DIRECTIONS.values()) if n in index)
            for h in self._hexes
        }
        self._xy: dict[Hex, tuple[float, float]] = {h: hex_to_xy(h, size) for h in self._hexes}
        # Arrays for vectorised lines of sight: coordinates, and a padded q/r grid -> hex index
        # (len(hexes) marks "not on the board").
        self._q = np.array([h[0] for h in self._hexes], dtype=np.int64)
        self._r = np.array([h[1] for h in self._hexes], dtype=np.int64)
        n = len(self._hexes)
        if n:
            q0, r0 = int(self._q.min()) - 1, int(self._r.min()) - 1
            grid = np.full((int(self._q.max()) - q0 + 2, int(self._r.max()) - r0 + 2), n)
            grid[self._q - q0, self._r - r0] = np.arange(n)
        else:
            q0, r0, grid = 0, 0, np.full((1, 1), 0)
        self._grid = grid
        self._grid_origin = (q0, r0)

    @classmethod
    def from_offset(
        cls,
        cols: int,
        rows: int,
        name: str = "hex map",
        layout: Layout = "odd-q",
        first_col: int = 1,
        first_row: int = 1,
        label_format: str = "{col:02d}{row:02d}",
        terrain: Mapping[Hex, Any] | None = None,
        size: float = 1.0,
    ) -> HexBoard:
        """A rectangular printed map of ``cols`` x ``rows`` hexes labelled like "0101"."""
        labels = {}
        for col in range(first_col, first_col + cols):
            for row in range(first_row, first_row + rows):
                labels[offset_to_axial(col, row, layout)] = label_format.format(col=col, row=row)
        return cls(labels, name=name, labels=labels, terrain=terrain, size=size)

    # -- the Board protocol --

    def _check(self, h: object) -> None:
        """Raise UnknownLocation unless ``h`` is on the board."""
        if h not in self._index:
            raise UnknownLocation(h, self.name)

    def locations(self) -> tuple[Hex, ...]:
        """Every hex, in the order given."""
        return self._hexes

    def neighbors(self, loc: Hex) -> tuple[Hex, ...]:
        """On-board adjacent hexes, in direction order N, NE, SE, S, SW, NW."""
        try:
            return self._nbrs[loc]
        except KeyError:
            raise UnknownLocation(loc, self.name) from None

    def xy(self, loc: Hex) -> tuple[float, float]:
        """Drawing centre of the hex (x east, y north)."""
        try:
            return self._xy[loc]
        except KeyError:
            raise UnknownLocation(loc, self.name) from None

    def distance(self, a: Hex, b: Hex) -> int:
        """Hex steps between two hexes of the board (geometric; holes are not walked around)."""
        self._check(a)
        self._check(b)
        return hex_distance(a, b)

    def label(self, loc: Hex) -> str:
        """The printed hex number."""
        try:
            return self._labels[loc]
        except KeyError:
            raise UnknownLocation(loc, self.name) from None

    def outline(self, loc: Hex) -> list[tuple[float, float]]:
        """The hex's six corners for drawing."""
        self._check(loc)
        return hex_corners(loc, self.size)

    def __contains__(self, loc: object) -> bool:
        try:
            return loc in self._index
        except TypeError:  # unhashable
            return False

    def __len__(self) -> int:
        return len(self._hexes)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)

    def __repr__(self) -> str:
        return f"HexBoard({self.name!r}, {len(self._hexes)} hexes)"

    # -- hex-specific --

    def hex_at(self, label: str) -> Hex:
        """The hex carrying a printed label; UnknownLocation names the label if there is none."""
        try:
            return self._by_label[label]
        except KeyError:
            raise UnknownLocation(label, self.name, what="hex label") from None

    def terrain_at(self, h: Hex, default: Any = None) -> Any:
        """The terrain recorded for ``h``, or ``default``."""
        self._check(h)
        return self.terrain.get(h, default)

    def neighbor(self, h: Hex, direction: int) -> Hex | None:
        """The adjacent hex in ``direction`` (1..6), or None if it is off the board."""
        self._check(h)
        n = hex_neighbor(h, direction)
        return n if n in self._index else None

    def line_of_sight(
        self, a: Hex, b: Hex, blocks: Callable[[Hex], bool], rule: LosRule = "either"
    ) -> bool:
        """Whether ``a`` sees ``b``: only hexes strictly between them (and on the board) can block.

        ``rule="either"``: blocked if the left or the right side of the line crosses a blocking hex
        (Space Vermin); ``rule="both"``: blocked only if both sides do.
        """
        _check_rule(rule)
        self._check(a)
        self._check(b)
        line = hex_line(a, b)
        index = self._index
        left = any(blocks(h) for h in line.left[1:-1] if h in index)
        if left and rule == "either":
            return False
        if line.right == line.left:
            return not left
        right = any(blocks(h) for h in line.right[1:-1] if h in index)
        if rule == "both" and line.along_hexside:
            return not (left and right)
        return not (left or right)  # elsewhere the line passes through the hexes of both sides

    def visible_from(
        self, a: Hex, blocks: Callable[[Hex], bool], rule: LosRule = "either"
    ) -> set[Hex]:
        """Every hex of the board that ``a`` sees (``a`` included), same rules as line_of_sight.

        Computes every line at once with numpy; ``blocks`` is called once per hex.
        """
        _check_rule(rule)
        self._check(a)
        hexes = self._hexes
        n = len(hexes)
        blocking = np.zeros(n + 1, dtype=bool)  # the extra slot: "off the board", never blocks
        blocking[:n] = [bool(blocks(h)) for h in hexes]
        if not blocking.any():
            return set(hexes)
        aq, ar = a[0], a[1]
        dq = self._q - aq
        dr = self._r - ar
        dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        inner = np.maximum(dist - 1, 0)  # samples strictly between a and each target
        target = np.repeat(np.arange(n), inner)
        first = np.cumsum(inner) - inner
        step = np.arange(target.size) - first[target] + 1
        t = step / dist[target]
        fq = aq + dq[target] * t
        fr = ar + dr[target] * t
        q0, r0 = self._grid_origin
        grid = self._grid
        blocked_sides = []
        for sign in (1.0, -1.0):
            hq, hr = _round_many(fq + sign * _EPS_Q, fr + sign * _EPS_R)
            gi = np.clip(hq - q0, 0, grid.shape[0] - 1)
            gj = np.clip(hr - r0, 0, grid.shape[1] - 1)
            hit = blocking[grid[gi, gj]]
            blocked_sides.append(np.bincount(target, weights=hit, minlength=n) > 0)
        plus, minus = blocked_sides
        blocked = plus | minus
        if rule == "both":  # spared by one clear side only along hexsides (as line_of_sight)
            blocked = np.where(_along_hexsides(dq, dr), plus & minus, blocked)
        return {hexes[i] for i in np.flatnonzero(~blocked)}


def _round_many(q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cube rounding of many fractional axial points at once (halves up, as ``hex_round``)."""
    s = -q - r
    rq = np.floor(q + 0.5)
    rr = np.floor(r + 0.5)
    rs = np.floor(s + 0.5)
    dq = np.abs(rq - q)
    dr = np.abs(rr - r)
    ds = np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rq.astype(np.int64), rr.astype(np.int64)

"""The town built from placed tiles (a SquareBoard when drawn); tile placement for Step 1 (Draw tile).

Tiles are n x n squares (town.yaml ``tile_size``, 3 as shipped) in a grid of tile slots. A square
is (x, y), x east, y north (SquareBoard's convention). Walls separate building interiors from everything else (doors are openings) and
buildings of different tiles; out-of-bounds squares are on the board (a Huge figure may overlap
them) but nobody may stand on them alone.
"""

from __future__ import annotations

import functools
import operator
from collections import deque
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field

from rules_lib.core.boards.square import SquareBoard

from .data import SQUARE_KINDS, TileSpec, ZData
from .state import PlacedTile, ZState

Square = tuple[int, int]
EDGE_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CLOCKWISE = ("N", "E", "S", "W")


def rotate_local(x: int, y: int, quarter_turns: int, size: int) -> Square:
    """Tile coordinates after turning a tile of ``size`` squares clockwise (north goes east)."""
    for _ in range(quarter_turns % 4):
        x, y = y, size - 1 - x
    return x, y


def rotate_edge(edge: str, quarter_turns: int) -> str:
    """An edge after turning the tile clockwise."""
    return CLOCKWISE[(CLOCKWISE.index(edge) + quarter_turns) % 4]


def tile_exits(data: ZData, name: str, rotation: int) -> frozenset[str]:
    """The tile's exits (edges with a street in the middle) once rotated."""
    return rotated_exits(data.layouts[data.tiles[name].layout].exits, rotation)


@functools.cache
def rotated_exits(exits: tuple[str, ...], rotation: int) -> frozenset[str]:
    """A layout's exits after turning it clockwise (a pure function of its arguments)."""
    return frozenset(rotate_edge(e, rotation) for e in exits)


@functools.cache
def exit_steps(exits: tuple[str, ...], rotation: int) -> tuple[tuple[int, int], ...]:
    """The steps out of a tile through its exits once turned (``rotated_exits``' order)."""
    return tuple(EDGE_STEP[e] for e in rotated_exits(exits, rotation))


def tile_chars(data: ZData, placed: PlacedTile) -> dict[Square, str]:
    """Board square -> layout character for one placed tile."""
    return _chars(data, placed.name, tuple(placed.slot), placed.rotation)


def _chars(data: ZData, name: str, slot: tuple[int, int], rotation: int) -> dict[Square, str]:
    n = data.tile_size
    ox, oy = slot[0] * n, slot[1] * n
    return {(ox + lx, oy + ly): ch
            for lx, ly, ch in rotated_rows(data.layouts[data.tiles[name].layout].rows, rotation, n)}


@functools.cache
def rotated_rows(rows: tuple[str, ...], rotation: int, size: int
                 ) -> tuple[tuple[int, int, str], ...]:
    """A layout's characters at their tile coordinates once turned, row by row from the north
    (a pure function of its arguments: worked out once per layout and rotation)."""
    out = []
    for row, text in enumerate(rows):
        for col, ch in enumerate(text):
            lx, ly = rotate_local(col, size - 1 - row, rotation, size)
            out.append((lx, ly, ch))
    return tuple(out)


def _doors(data: ZData, name: str, slot: tuple[int, int], rotation: int
           ) -> list[tuple[Square, Square]]:
    """A placed tile's doorways as pairs of board squares."""
    n = data.tile_size
    ox, oy = slot[0] * n, slot[1] * n
    return [((ox + ax, oy + ay), (ox + bx, oy + by)) for (ax, ay), (bx, by)
            in rotated_doors(data.layouts[data.tiles[name].layout].doors, rotation, n)]


@functools.cache
def rotated_doors(doors: tuple[tuple[tuple[int, int], tuple[int, int]], ...], rotation: int,
                  size: int) -> tuple[tuple[Square, Square], ...]:
    """A layout's doorways at their tile coordinates once turned (a pure function)."""
    return tuple((rotate_local(*a, rotation, size), rotate_local(*b, rotation, size))
                 for a, b in doors)


class Distances:
    """Steps from squares to the nearest of some goal squares: a breadth-first search from the
    goals, carried only as far as asked. A square's distance is final when first reached, so
    asking in any order gives what the whole search would."""

    __slots__ = ("_expand", "_queue", "dist")

    def __init__(self, goals: Iterable[Square],
                 expand: Callable[[Square], Iterable[Square]]) -> None:
        """``expand(sq)``: the squares one step from ``sq`` along the walk (toward the goals)."""
        self.dist: dict[Square, int] = {g: 0 for g in goals}
        self._queue = deque(self.dist)
        self._expand = expand

    def get(self, sq: Square, default: int | None = None) -> int | None:
        """Steps from ``sq`` to the nearest goal (``default`` if no walk leads there)."""
        dist = self.dist
        if sq in dist:
            return dist[sq]
        queue, expand = self._queue, self._expand
        while queue:
            a = queue.popleft()
            d = dist[a] + 1
            for nb in expand(a):
                if nb not in dist:
                    dist[nb] = d
                    queue.append(nb)
            if sq in dist:
                return dist[sq]
        return default

    def discover(self, d: int) -> bool:
        """Find every square within ``d`` steps of a goal; False once the search has found every
        square there is."""
        dist, queue, expand = self.dist, self._queue, self._expand
        while queue and dist[queue[0]] < d:
            a = queue.popleft()
            step = dist[a] + 1
            for nb in expand(a):
                if nb not in dist:
                    dist[nb] = step
                    queue.append(nb)
        return bool(queue)

    def everywhere(self) -> dict[Square, int]:
        """The search carried to the end: every square that has a walk to a goal."""
        self.get((-(10**9), -(10**9)))  # no such square: the search runs out
        return self.dist


#: Orthogonal steps in the order a square's neighbours are listed (SquareBoard's: E, N, W, S).
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
MapKey = tuple[tuple[tuple[str, tuple[int, int], int], ...], tuple[str, ...]]


@dataclass(frozen=True, eq=False)
class TownMap:
    """The town built from the placed tiles: what each square is (street / building / out), its
    tile and area, the vents and the helicopter, and the way between squares (walls separate
    building interiors from everything else and buildings of different tiles; doors are
    openings). Built once per set of placed tiles; ``board`` is the same town as a
    ``SquareBoard`` for drawing."""

    kind: dict[Square, str]
    tile_of: dict[Square, str]
    vents: tuple[Square, ...]
    helicopter: Square | None
    pads: tuple[Square, ...]  # every helicopter square ("H"), the first being ``helicopter``
    crossings: dict[tuple[Square, Square], str]  # "wall" / "door", both ways; else open
    nbrs: dict[Square, tuple[Square, ...]]  # one step away, walls respected (E, N, W, S)
    # ``nbrs`` without the out-of-bounds squares: where a zombie may step (``zombie_turn``)
    walks: dict[Square, tuple[Square, ...]]
    # ``nbrs``, none from an out-of-bounds square: the steps into a square (``policies``)
    inward: dict[Square, tuple[Square, ...]]
    tile_squares: dict[str, list[Square]]  # each tile's squares
    buildings: dict[str, list[Square]]  # each tile's building squares (none once demolished)
    width: int
    height: int
    placed: tuple[tuple[str, tuple[int, int], int], ...]  # (tile, slot, rotation) in order
    mall_streets: list[Square]  # the street squares of the Mall's tiles
    # each exit that faces no tile yet: the empty slot it faces, and its square (``frontier``)
    open_exits: tuple[tuple[tuple[int, int], Square], ...]
    data: ZData = field(repr=False)
    # steps to a set of squares, per (walker, squares): breadth-first searches, once a map
    distances: dict[tuple, Distances] = field(default_factory=dict, repr=False)
    # a wide figure's one-square shifts from an anchor (``figures.HugeView``), once a map
    piece_nbrs: dict[tuple, tuple[Square, ...]] = field(default_factory=dict, repr=False)
    # where a wide figure may stand, per footprint (``wide_anchors``), once a map
    wide: dict[tuple[int, int], frozenset[Square]] = field(default_factory=dict, repr=False)
    # squares within a distance of a figure (``movement.reach_squares``), once a map
    within: dict[tuple, frozenset[Square]] = field(default_factory=dict, repr=False)

    def building_squares(self, tile: str) -> list[Square]:
        """A tile's building interior (none once demolished)."""
        return list(self.buildings.get(tile, ()))

    def squares_of(self, tile: str) -> list[Square]:
        """Every square of a tile."""
        return list(self.tile_squares.get(tile, ()))

    def area_of(self, sq: Square) -> str | None:
        """The area of a square's tile: town or mall (None off the placed tiles)."""
        tile = self.tile_of.get(sq)
        return None if tile is None else self.data.tiles[tile].area

    @property
    def frontier(self) -> list[Square]:
        """The square just beyond each exit that faces no tile yet: where the town grows."""
        return [sq for _, sq in self.open_exits]

    def wide_anchors(self, width: int, height: int) -> frozenset[Square]:
        """Where a figure of width x height squares may stand (a Huge Giant, ZGC-HUGE-01): on
        placed tiles, over no building interior, not wholly out of bounds (assumed)."""
        hit = self.wide.get((width, height))
        if hit is None:
            hit = self.wide[(width, height)] = frozenset(
                a for a in self.kind if wide_fits(self.kind, a, width, height))
        return hit

    def neighbors(self, sq: Square) -> tuple[Square, ...]:
        """Squares one step away, walls respected, east, north, west, south."""
        return self.nbrs[sq]

    def crossing(self, a: Square, b: Square) -> str:
        """What lies between two adjacent squares: "open", "wall" or "door"."""
        return self.crossings.get((a, b), "open")

    def __contains__(self, sq: object) -> bool:
        """Is ``sq`` a square of the board (on a placed tile, inside the grid)?"""
        try:
            return sq in self.nbrs
        except TypeError:  # unhashable
            return False

    @property
    def name(self) -> str:
        return BOARD_NAME

    def piece_neighbors(self, anchor: Square, width: int, height: int) -> tuple[Square, ...]:
        """Anchors a width x height piece reaches in one step: every square on the board, no wall
        inside the piece, none crossed by the move (SquareBoard.piece_neighbors' rule)."""
        key = (anchor, width, height)
        hit = self.piece_nbrs.get(key)
        if hit is None:
            hit = self.piece_nbrs[key] = tuple(
                new for new in ((anchor[0] + dx, anchor[1] + dy) for dx, dy in STEPS)
                if self._piece_fits(new, width, height)
                and not self._piece_crosses_wall(anchor, new, width, height))
        return hit

    def wide_neighbors(self, anchor: Square, width: int, height: int) -> tuple[Square, ...]:
        """The one-square shifts of a wide figure that land where it may stand."""
        key = (anchor, -width, -height)  # beside piece_neighbors' own (anchor, width, height)
        hit = self.piece_nbrs.get(key)
        if hit is None:
            fits = self.wide_anchors(width, height)
            hit = self.piece_nbrs[key] = tuple(
                a for a in self.piece_neighbors(anchor, width, height) if a in fits)
        return hit

    def _piece_fits(self, anchor: Square, width: int, height: int) -> bool:
        ax, ay = anchor
        nbrs, crossings = self.nbrs, self.crossings
        for j in range(height):
            for i in range(width):
                if (ax + i, ay + j) not in nbrs:
                    return False
        for j in range(height):
            for i in range(width):
                sq = (ax + i, ay + j)
                if i + 1 < width and crossings.get((sq, (ax + i + 1, ay + j))) == "wall":
                    return False
                if j + 1 < height and crossings.get((sq, (ax + i, ay + j + 1))) == "wall":
                    return False
        return True

    def _piece_crosses_wall(self, anchor: Square, new: Square, width: int, height: int) -> bool:
        dx, dy = new[0] - anchor[0], new[1] - anchor[1]
        ax, ay = anchor
        crossings = self.crossings
        for j in range(height):
            for i in range(width):
                if crossings.get(((ax + i, ay + j), (ax + i + dx, ay + j + dy))) == "wall":
                    return True
        return False

    @functools.cached_property
    def board(self) -> SquareBoard:
        """The town as a SquareBoard (drawing, the widgets), built when first asked for."""
        blocked = [(x, y) for x in range(self.width) for y in range(self.height)
                   if (x, y) not in self.kind]
        pairs = {k: frozenset(k) for k, v in self.crossings.items()}
        walls = {pairs[k] for k, v in self.crossings.items() if v == "wall"}
        doors = {pairs[k] for k, v in self.crossings.items() if v == "door"}
        labels = {sq: "Helicopter" for sq in self.pads}
        return SquareBoard(self.width, self.height, name=BOARD_NAME, blocked=blocked,
                           walls=[tuple(p) for p in walls], doors=[tuple(p) for p in doors],
                           labels=labels)


BOARD_NAME = "Giants-Club town"
#: How many towns ``ZData.town_maps`` keeps before forgetting the older half: a game builds one
#: per tile placed (about 20) from the one before, so a few are enough. Each kept town is a dozen
#: dicts the garbage collector sweeps again and again: keeping 64 (three games' worth) cost
#: Zombies games about 7% of their time in collections, keeping 8 about 2% (issue 17).
MAPS_KEPT = 8


def _cover(anchor: Square, width: int, height: int) -> list[Square]:
    return [(anchor[0] + i, anchor[1] + j) for j in range(height) for i in range(width)]


def wide_fits(kind: dict[Square, str], anchor: Square, width: int, height: int) -> bool:
    """A width x height figure may stand at ``anchor``: every square on a placed tile, none a
    building interior, at least one a street (``TownMap.wide_anchors``' rule)."""
    street = False
    for sq in _cover(anchor, width, height):
        k = kind.get(sq)
        if k is None or k == "building":
            return False
        street = street or k == "street"
    return street


def _wide_with_tile(before: TownMap, kind: dict[Square, str], new: Iterable[Square]
                    ) -> dict[tuple[int, int], frozenset[Square]]:
    """``before``'s wide-figure anchors once a tile adds the squares ``new``: the squares of the
    town before are as they were, so only an anchor covering a new square may now fit."""
    out = {}
    for (width, height), fits in before.wide.items():
        near = {(x - i, y - j) for x, y in new for i in range(width) for j in range(height)}
        out[(width, height)] = fits | {a for a in near
                                       if a in kind and wide_fits(kind, a, width, height)}
    return out


def mall_streets(data: ZData, kind: dict[Square, str], tile_squares: dict[str, list[Square]]
                 ) -> list[Square]:
    """The street squares of the Mall's tiles (in the order the tiles were placed)."""
    tiles = data.tiles
    return [sq for t, squares in tile_squares.items() if tiles[t].area == "mall"
            for sq in squares if kind[sq] == "street"]


def open_exits(data: ZData, tile: tuple[str, tuple[int, int], int],
               slots: Collection[tuple[int, int]]) -> list[tuple[tuple[int, int], Square]]:
    """A placed tile's exits that face none of ``slots``: the slot each faces, and its square
    (the tile's centre one step toward the exit)."""
    name, slot, rot = tile
    n = data.tile_size
    out = []
    for dx, dy in exit_steps(data.layouts[data.tiles[name].layout].exits, rot):
        if (slot[0] + dx, slot[1] + dy) not in slots:
            cx, cy = tile_centre(slot, n)
            out.append(((slot[0] + dx, slot[1] + dy), (cx + dx, cy + dy)))
    return out


def _map_key(state: ZState) -> MapKey:
    return (
        tuple((t.name, (t.slot[0], t.slot[1]), t.rotation) for t in state.tiles),
        tuple(state.demolished),
    )


def town_map(state: ZState, data: ZData) -> TownMap:
    """The current town, built once per set of placed tiles (kept in ``ZData.town_maps``): from
    the town before the last tile when that is known, else from scratch.

    The town asked for last is at hand (``ZData.last_town``) while the state holds the very same
    placed tiles (they are immutable) and demolished buildings: the common case, checked without
    building the key."""
    tiles = state.tiles
    last = data.last_town
    if (last is not None and len(last[0]) == len(tiles) and last[1] == state.demolished
            and all(map(operator.is_, tiles, last[0]))):
        return last[2]
    tm = _town_map(state, data)
    data.last_town = (tuple(tiles), list(state.demolished), tm)
    return tm


def _town_map(state: ZState, data: ZData) -> TownMap:
    k = _map_key(state)
    tm = data.town_maps.get(k)
    if tm is None:
        if len(data.town_maps) > MAPS_KEPT:  # forget the older half: the last town stays
            for old in list(data.town_maps)[: MAPS_KEPT // 2]:
                del data.town_maps[old]
        placed, demolished = k
        before = data.town_maps.get((placed[:-1], demolished)) if placed else None
        tm = None if before is None else _with_tile(before, placed[-1], demolished, data)
        tm = data.town_maps[k] = tm or _build_map(k, data)
    return tm


def _build_map(map_key: MapKey, data: ZData) -> TownMap:
    """The town from scratch: every placed tile in order (a later one covers an earlier)."""
    placed, demolished = map_key
    chars: dict[Square, str] = {}
    tile_of: dict[Square, str] = {}
    doors: list[tuple[Square, Square]] = []
    for name, slot, rot in placed:
        for sq, ch in _chars(data, name, slot, rot).items():
            chars[sq] = ch
            tile_of[sq] = name
        if name not in demolished:
            doors += _doors(data, name, slot, rot)
    kind = {sq: SQUARE_KINDS[ch] for sq, ch in chars.items()}
    for sq, t in tile_of.items():  # a demolished building is rubble: out of bounds
        if t in demolished and kind[sq] == "building":
            kind[sq] = "out"
    crossings: dict[tuple[Square, Square], str] = {}
    for a, b in doors:
        crossings[(a, b)] = crossings[(b, a)] = "door"
    _add_walls(kind, tile_of, crossings, kind)
    grid = data.town["grid"]
    width, height = grid["width"] * data.tile_size, grid["height"] * data.tile_size
    nbrs: dict[Square, tuple[Square, ...]] = {}
    walks: dict[Square, tuple[Square, ...]] = {}
    inward: dict[Square, tuple[Square, ...]] = {}
    _add_neighbours(kind, crossings, width, height, (nbrs, walks, inward), kind)
    vents = tuple(sorted(sq for sq, ch in chars.items() if ch == "V"))
    pads = tuple(sq for sq, ch in chars.items() if ch == "H")
    tile_squares: dict[str, list[Square]] = {}
    buildings: dict[str, list[Square]] = {}
    for sq, t in tile_of.items():
        tile_squares.setdefault(t, []).append(sq)
        if kind[sq] == "building":
            buildings.setdefault(t, []).append(sq)
    slots = {slot for _, slot, _ in placed}
    exits = tuple(pair for tile in placed for pair in open_exits(data, tile, slots))
    return TownMap(kind, tile_of, vents, pads[0] if pads else None, pads, crossings, nbrs,
                   walks, inward, tile_squares, buildings, width, height, placed,
                   mall_streets(data, kind, tile_squares), exits, data)


def _with_tile(before: TownMap, tile: tuple[str, tuple[int, int], int],
               demolished: tuple[str, ...], data: ZData) -> TownMap | None:
    """The town once one more tile is placed, from the town before it (None when the tile covers
    squares already placed or is demolished: then the town is built from scratch)."""
    name, slot, rot = tile
    new_chars = _chars(data, name, slot, rot)
    if name in demolished or any(sq in before.kind for sq in new_chars):
        return None
    tile_of = {**before.tile_of, **{sq: name for sq in new_chars}}
    kind = {**before.kind, **{sq: SQUARE_KINDS[ch] for sq, ch in new_chars.items()}}
    crossings = dict(before.crossings)
    for a, b in _doors(data, name, slot, rot):
        crossings[(a, b)] = crossings[(b, a)] = "door"
    n = data.tile_size
    ox, oy = slot[0] * n, slot[1] * n
    lay = data.layouts[data.tiles[name].layout]
    for (ax, ay), (bx, by) in inner_walls(lay.rows, lay.doors, rot, n):
        crossings[((ox + ax, oy + ay), (ox + bx, oy + by))] = "wall"
    for (ax, ay), (bx, by) in edge_pairs(n):  # the walls to the tiles beside it (_add_walls)
        sq, nb = (ox + ax, oy + ay), (ox + bx, oy + by)
        k, k2 = kind.get(sq), kind.get(nb)
        if k is None or k2 is None or (sq, nb) in crossings:
            continue
        if (k == "building") != (k2 == "building") or (
            k == k2 == "building" and tile_of[sq] != tile_of[nb]
        ):
            crossings[(sq, nb)] = crossings[(nb, sq)] = "wall"
    # the squares whose neighbours may change: the tile's and those beside it
    touched = [sq for dx, dy in around_tile(n) if (sq := (ox + dx, oy + dy)) in kind]
    nbrs, walks, inward = dict(before.nbrs), dict(before.walks), dict(before.inward)
    _add_neighbours(kind, crossings, before.width, before.height, (nbrs, walks, inward), touched)
    vents = tuple(sorted(before.vents + tuple(sq for sq, ch in new_chars.items() if ch == "V")))
    pads = before.pads + tuple(sq for sq, ch in new_chars.items() if ch == "H")
    tile_squares = {**before.tile_squares, name: list(new_chars)}
    inside = [sq for sq, ch in new_chars.items() if kind[sq] == "building"]
    buildings = {**before.buildings, name: inside} if inside else before.buildings
    streets = before.mall_streets
    if data.tiles[name].area == "mall":  # (the town's own streets stay as they were)
        streets = streets + [sq for sq in new_chars if kind[sq] == "street"]
    slots = {placed_slot for _, placed_slot, _ in before.placed}
    slots.add(slot)
    exits = (*(pair for pair in before.open_exits if pair[0] != slot),
             *open_exits(data, tile, slots))
    return TownMap(kind, tile_of, vents, pads[0] if pads else None, pads, crossings, nbrs,
                   walks, inward, tile_squares, buildings, before.width, before.height,
                   (*before.placed, tile), streets, exits, data,
                   wide=_wide_with_tile(before, kind, new_chars))


@functools.cache
def inner_walls(rows: tuple[str, ...],
                doors: tuple[tuple[tuple[int, int], tuple[int, int]], ...], rotation: int,
                size: int) -> tuple[tuple[Square, Square], ...]:
    """The walls between a turned layout's own squares, each way, in tile coordinates:
    ``_add_walls``' rule inside one tile (between a building interior and anything else; a
    doorway is an opening). A pure function: worked out once per layout and rotation."""
    kinds = {(x, y): SQUARE_KINDS[ch] for x, y, ch in rotated_rows(rows, rotation, size)}
    openings = {pair for a, b in rotated_doors(doors, rotation, size) for pair in ((a, b), (b, a))}
    return tuple(
        (sq, nb)
        for sq, k in kinds.items()
        for nb in ((sq[0] + 1, sq[1]), (sq[0], sq[1] + 1), (sq[0] - 1, sq[1]), (sq[0], sq[1] - 1))
        if nb in kinds and (sq, nb) not in openings
        and (k == "building") != (kinds[nb] == "building"))


@functools.cache
def edge_pairs(size: int) -> tuple[tuple[Square, Square], ...]:
    """Each square along a tile's edges with the square beside it on the next tile, in tile
    coordinates."""
    inside = range(size)
    return tuple(((x, y), (x + dx, y + dy)) for x in inside for y in inside for dx, dy in STEPS
                 if not (0 <= x + dx < size and 0 <= y + dy < size))


@functools.cache
def around_tile(size: int) -> tuple[Square, ...]:
    """A tile's squares and the squares beside its edges, relative to its south-west square."""
    return tuple((x, y) for x in range(-1, size + 1) for y in range(-1, size + 1)
                 if (0 <= x < size) or (0 <= y < size))


def _add_walls(kind: dict[Square, str], tile_of: dict[Square, str],
               crossings: dict[tuple[Square, Square], str], around: Iterable[Square]) -> None:
    """Walls on every side of the ``around`` squares between a building interior and anything
    else, or between buildings of different tiles (a doorway is an opening, not a wall)."""
    for sq in around:
        k = kind[sq]
        x, y = sq
        for nb in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            k2 = kind.get(nb)
            if k2 is None or (sq, nb) in crossings:
                continue
            if (k == "building") != (k2 == "building") or (
                k == k2 == "building" and tile_of[sq] != tile_of[nb]
            ):
                crossings[(sq, nb)] = crossings[(nb, sq)] = "wall"


def _add_neighbours(kind: dict[Square, str], crossings: dict[tuple[Square, Square], str],
                    width: int, height: int,
                    into: tuple[dict[Square, tuple[Square, ...]], ...],
                    squares: Iterable[Square]) -> None:
    """Each square's neighbours on the board (the grid's squares of placed tiles), walls
    respected, in SquareBoard's order (east, north, west, south), into ``TownMap``'s ``nbrs``,
    ``walks`` (the neighbours not out of bounds) and ``inward`` (none from an out square)."""
    nbrs, walks, inward = into
    kind_of, crossing = kind.get, crossings.get
    for sq in squares:
        x, y = sq
        if not (0 <= x < width and 0 <= y < height):
            continue
        found: list[Square] = []
        walk: list[Square] = []
        for nb, inside in (((x + 1, y), x + 1 < width), ((x, y + 1), y + 1 < height),
                           ((x - 1, y), x > 0), ((x, y - 1), y > 0)):
            k = kind_of(nb)
            if k is None or not inside or crossing((sq, nb)) == "wall":
                continue
            found.append(nb)
            if k != "out":
                walk.append(nb)
        nbrs[sq] = mine = tuple(found)
        walks[sq] = mine if len(walk) == len(found) else tuple(walk)
        inward[sq] = () if kind[sq] == "out" else mine


# -- Step 1: where a drawn tile may go -------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """A legal place for a drawn tile: slot, rotation, exits left open, floor it lands on."""

    slot: tuple[int, int]
    rotation: int
    open_exits: int
    floor: int

    @property
    def label(self) -> str:
        return f"slot {self.slot[0]},{self.slot[1]} turned {self.rotation * 90}"


def _joins(a: TileSpec, b: TileSpec, gateway: str) -> bool:
    """Town tiles join town tiles, Mall tiles join Mall tiles; the gateway joins both (assumed)."""
    return a.area == b.area or gateway in (a.name, b.name)


def placements(state: ZState, data: ZData, name: str,
               among: Collection[tuple[int, int]] | None = None) -> list[Placement]:
    """Every legal (slot, rotation) for a tile, keeping only each slot's rotations with most exits
    (``among``: only in these slots).

    Legal: inside the grid, on an empty slot, every exit facing a placed tile meets an exit of
    that tile (and no placed exit meets a closed edge), at least one road joins, areas match, a
    tile that needs a floor (the Helipad: Mall Rules) joins that floor, and the Escalator's up
    exit faces an empty slot (assumed: the second floor lies beyond it).
    """
    faces = _placed_faces(data, state.tiles)
    candidates = _open_slots(data, faces)
    if among is not None:
        candidates &= set(among)
    return _placements_in(data, name, candidates, faces)


def _open_slots(data: ZData, faces: dict[tuple[int, int], tuple[int, int, TileSpec]]
                ) -> set[tuple[int, int]]:
    """The empty slots inside the grid next to a placed tile."""
    grid = data.town["grid"]
    out = set()
    for sx, sy in faces:
        for dx, dy in EDGE_STEP.values():
            s = (sx + dx, sy + dy)
            if s not in faces and 0 <= s[0] < grid["width"] and 0 <= s[1] < grid["height"]:
                out.add(s)
    return out


def _open_among(data: ZData, faces: dict[tuple[int, int], tuple[int, int, TileSpec]],
                slots: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """Those of ``slots`` that are open (``_open_slots``): empty, inside the grid, next to a
    placed tile (asked of a few slots, cheaper than listing every open slot)."""
    grid = data.town["grid"]
    width, height = grid["width"], grid["height"]
    return {s for s in slots
            if s not in faces and 0 <= s[0] < width and 0 <= s[1] < height
            and any((s[0] + dx, s[1] + dy) in faces for dx, dy in EDGE_STEP.values())}


def _placements_in(data: ZData, name: str, candidates: set[tuple[int, int]],
                   faces: dict[tuple[int, int], tuple[int, int, TileSpec]]) -> list[Placement]:
    """``placements`` for the given empty slots (``faces``: the placed tiles by slot)."""
    grid = data.town["grid"]
    gateway = data.town.get("gateway", "")
    spec = data.tiles[name]
    up_exit = data.layouts[spec.layout].up_exit
    exits = data.layouts[spec.layout].exits
    out: list[Placement] = []
    for slot in sorted(candidates):
        placed, theirs, joinable, raises, empty = _faces(spec, slot, faces, gateway, grid)
        if not theirs or theirs & ~joinable:
            continue  # no road to join, or one the tile may not join: no rotation will do
        floor = 2 if theirs & raises else 1
        if spec.needs_floor is not None and floor != spec.needs_floor:
            continue
        best: list[Placement] = []
        most = -1  # the open exits of the best rotations so far
        for rot in range(4):
            mine = exit_bits(exits, rot)
            if mine & placed != theirs:
                continue  # an exit meets a placed tile's closed edge, or the other way round
            if up_exit is not None:  # the Escalator leads up: its up exit faces an empty slot
                ux, uy = EDGE_STEP[rotate_edge(up_exit, rot)]
                beyond = (slot[0] + ux, slot[1] + uy)
                if beyond in faces or not (
                    0 <= beyond[0] < grid["width"] and 0 <= beyond[1] < grid["height"]
                ):
                    continue
            open_exits = (mine & empty).bit_count() + theirs.bit_count()
            if open_exits > most:
                best, most = [Placement(slot, rot, open_exits, floor)], open_exits
            elif open_exits == most:
                best.append(Placement(slot, rot, open_exits, floor))
        out.extend(best)
    return out


#: An edge as one bit, so that a tile's exits are a small number (N 1, E 2, S 4, W 8).
EDGE_BIT = {"N": 1, "E": 2, "S": 4, "W": 8}


@functools.cache
def exit_bits(exits: tuple[str, ...], rotation: int) -> int:
    """A layout's exits after turning it clockwise, as edge bits (a pure function)."""
    return sum(EDGE_BIT[e] for e in rotated_exits(exits, rotation))


#: For each edge of a slot, the bit of the edge of the tile beyond that faces it.
BACK_BIT = {edge: EDGE_BIT[OPPOSITE[edge]] for edge in EDGE_BIT}


#: Each edge of a slot (``EDGE_STEP``'s order): its bit, the step to the slot beyond, the bit of
#: the edge there that faces it.
EDGES = tuple((EDGE_BIT[e], dx, dy, BACK_BIT[e]) for e, (dx, dy) in EDGE_STEP.items())


def _placed_faces(data: ZData, tiles: list[PlacedTile]
                  ) -> dict[tuple[int, int], tuple[int, int, TileSpec]]:
    """Each placed tile by slot: its exits as edge bits, the edges whose road leads to the second
    floor (all of them on the second floor; else the Escalator's up exit), its spec."""
    out = {}
    for t in tiles:
        spec = data.tiles[t.name]
        lay = data.layouts[spec.layout]
        if t.floor == 2:
            up = 15
        else:
            up = EDGE_BIT[rotate_edge(lay.up_exit, t.rotation)] if lay.up_exit else 0
        out[(t.slot[0], t.slot[1])] = (exit_bits(lay.exits, t.rotation), up, spec)
    return out


def _faces(spec: TileSpec, slot: tuple[int, int],
           placed_faces: dict[tuple[int, int], tuple[int, int, TileSpec]], gateway: str,
           grid: dict[str, int]) -> tuple[int, int, int, int, int]:
    """What the edges of an empty slot face, whatever the new tile's rotation, as edge bits: a
    placed tile; a placed tile with an exit this way (the roads the new tile must meet); one the
    new tile may join (``_joins``); one whose road leads to the second floor; an empty slot
    inside the grid (where a road stays open)."""
    placed = theirs = joinable = raises = empty = 0
    width, height = grid["width"], grid["height"]
    sx, sy = slot
    for bit, dx, dy, back in EDGES:
        nb_slot = (sx + dx, sy + dy)
        face = placed_faces.get(nb_slot)
        if face is None:
            if 0 <= nb_slot[0] < width and 0 <= nb_slot[1] < height:
                empty |= bit
            continue
        nb_exits, nb_up, nb_spec = face
        placed |= bit
        if nb_exits & back:
            theirs |= bit
        if _joins(spec, nb_spec, gateway):
            joinable |= bit
        if nb_up & back:
            raises |= bit
    return placed, theirs, joinable, raises, empty


def slot_of(sq: Square, size: int) -> tuple[int, int]:
    """The tile slot a square lies in (tiles of ``size`` squares)."""
    return sq[0] // size, sq[1] // size


def tile_centre(slot: list[int] | tuple[int, int], size: int) -> Square:
    """The middle square of the tile in a slot."""
    return slot[0] * size + size // 2, slot[1] * size + size // 2


def line_of_sight_slots(state: ZState, data: ZData, squares: list[Square]) -> set[tuple[int, int]]:
    """Empty slots a Survivor sees: looking straight along open squares to the edge of the town."""
    tm = town_map(state, data)
    placed = {tuple(t.slot) for t in state.tiles}
    out = set()
    for start in squares:
        for dx, dy in EDGE_STEP.values():
            sq = start
            while True:
                nxt = (sq[0] + dx, sq[1] + dy)
                if nxt not in tm.kind:
                    s = slot_of(nxt, data.tile_size)
                    if s not in placed and nxt[0] >= 0 and nxt[1] >= 0:
                        out.add(s)
                    break
                if tm.crossing(sq, nxt) == "wall" or tm.kind[nxt] == "out":
                    break
                sq = nxt
    return out


def placement_priority(
    state: ZState, data: ZData, name: str, survivor_squares: list[Square]
) -> tuple[str, list[Placement]]:
    """Step 1's order: next to the Survivor's tile, else in line of sight, else anywhere legal."""
    faces = _placed_faces(data, state.tiles)
    home = {slot_of(sq, data.tile_size) for sq in survivor_squares}
    near = {(hx + dx, hy + dy) for hx, hy in home for dx, dy in EDGE_STEP.values()}
    nearby = _placements_in(data, name, _open_among(data, faces, near), faces)
    if nearby:
        return "next to the Survivor's tile", nearby
    seen = line_of_sight_slots(state, data, survivor_squares)
    visible = _placements_in(data, name, _open_among(data, faces, seen), faces)
    if visible:
        return "in the Survivor's line of sight", visible
    legal = _placements_in(data, name, _open_slots(data, faces), faces)
    if not legal:
        return "none", []
    return "any legal position", legal


def spawn_squares(tm: TownMap, tile: str) -> list[Square]:
    """Where a new tile's zombies and tokens go: building squares first, then streets (assumed)."""
    sqs = tm.squares_of(tile)
    build = sorted(sq for sq in sqs if tm.kind[sq] == "building")
    street = sorted(sq for sq in sqs if tm.kind[sq] == "street" and sq != tm.helicopter)
    return build + street

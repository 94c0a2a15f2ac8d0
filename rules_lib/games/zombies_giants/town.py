"""The town as a SquareBoard built from placed tiles; tile placement for Step 1 (Draw tile).

Tiles are n x n squares (town.yaml ``tile_size``, 3 as shipped) in a grid of tile slots. A square is (x, y), x east, y north (SquareBoard's
convention). Walls separate building interiors from everything else (doors are openings) and
buildings of different tiles; out-of-bounds squares are on the board (a Huge figure may overlap
them) but nobody may stand on them alone.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def tile_exits(data: ZData, name: str, rotation: int) -> set[str]:
    """The tile's exits (edges with a street in the middle) once rotated."""
    lay = data.layouts[data.tiles[name].layout]
    return {rotate_edge(e, rotation) for e in lay.exits}


def tile_chars(data: ZData, placed: PlacedTile) -> dict[Square, str]:
    """Board square -> layout character for one placed tile."""
    lay = data.layouts[data.tiles[placed.name].layout]
    n = data.tile_size
    ox, oy = placed.slot[0] * n, placed.slot[1] * n
    out = {}
    for row, text in enumerate(lay.rows):
        for col, ch in enumerate(text):
            lx, ly = rotate_local(col, n - 1 - row, placed.rotation, n)
            out[(ox + lx, oy + ly)] = ch
    return out


@dataclass(frozen=True)
class TownMap:
    """The board and what each square is: street / building / out, tile, vents, helicopter."""

    board: SquareBoard
    kind: dict[Square, str]
    tile_of: dict[Square, str]
    vents: tuple[Square, ...]
    helicopter: Square | None
    area: dict[Square, str]

    def building_squares(self, tile: str) -> list[Square]:
        return [sq for sq, t in self.tile_of.items() if t == tile and self.kind[sq] == "building"]

    def squares_of(self, tile: str) -> list[Square]:
        return [sq for sq, t in self.tile_of.items() if t == tile]


def _map_key(state: ZState) -> tuple:
    return (
        tuple((t.name, tuple(t.slot), t.rotation) for t in state.tiles),
        tuple(state.demolished),
    )


def town_map(state: ZState, data: ZData) -> TownMap:
    """The current town, built once per set of placed tiles (kept in ``ZData.town_maps``)."""
    k = _map_key(state)
    tm = data.town_maps.get(k)
    if tm is None:
        if len(data.town_maps) > 512:
            data.town_maps.clear()
        tm = data.town_maps[k] = _build_map(k, data)
    return tm


def _build_map(map_key: tuple, data: ZData) -> TownMap:
    placed, demolished = map_key
    grid = data.town["grid"]
    n = data.tile_size
    chars: dict[Square, str] = {}
    tile_of: dict[Square, str] = {}
    doors: list[tuple[Square, Square]] = []
    for name, slot, rot in placed:
        pt = PlacedTile(name, list(slot), rot)
        for sq, ch in tile_chars(data, pt).items():
            chars[sq] = ch
            tile_of[sq] = name
        if name in demolished:
            continue
        lay = data.layouts[data.tiles[name].layout]
        ox, oy = slot[0] * n, slot[1] * n
        for a, b in lay.doors:
            ra, rb = rotate_local(*a, rot, n), rotate_local(*b, rot, n)
            doors.append(((ox + ra[0], oy + ra[1]), (ox + rb[0], oy + rb[1])))
    kind = {sq: SQUARE_KINDS[ch] for sq, ch in chars.items()}
    for sq, t in tile_of.items():  # a demolished building is rubble: out of bounds
        if t in demolished and kind[sq] == "building":
            kind[sq] = "out"
    door_set = {frozenset(d) for d in doors}
    walls = []
    for (x, y), k in kind.items():
        for nb in ((x + 1, y), (x, y + 1)):
            if nb not in kind or frozenset(((x, y), nb)) in door_set:
                continue
            k2 = kind[nb]
            if (k == "building") != (k2 == "building") or (
                k == k2 == "building" and tile_of[(x, y)] != tile_of[nb]
            ):
                walls.append(((x, y), nb))
    width, height = grid["width"] * n, grid["height"] * n
    blocked = [(x, y) for x in range(width) for y in range(height) if (x, y) not in kind]
    labels = {}
    for sq, t in tile_of.items():
        if chars[sq] == "H":
            labels[sq] = "Helicopter"
    board = SquareBoard(
        width,
        height,
        name="Giants-Club town",
        blocked=blocked,
        walls=walls,
        doors=doors,
        labels=labels,
    )
    vents = tuple(sorted(sq for sq, ch in chars.items() if ch == "V"))
    heli = next((sq for sq, ch in chars.items() if ch == "H"), None)
    area = {sq: data.tiles[t].area for sq, t in tile_of.items()}
    return TownMap(board, kind, tile_of, vents, heli, area)


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


def placements(state: ZState, data: ZData, name: str) -> list[Placement]:
    """Every legal (slot, rotation) for a tile, keeping only each slot's rotations with most exits.

    Legal: inside the grid, on an empty slot, every exit facing a placed tile meets an exit of
    that tile (and no placed exit meets a closed edge), at least one road joins, areas match, a
    tile that needs a floor (the Helipad: Mall Rules) joins that floor, and the Escalator's up
    exit faces an empty slot (assumed: the second floor lies beyond it).
    """
    grid = data.town["grid"]
    gateway = data.town.get("gateway", "")
    by_slot = {tuple(t.slot): t for t in state.tiles}
    spec = data.tiles[name]
    candidates = set()
    for sx, sy in by_slot:
        for dx, dy in EDGE_STEP.values():
            s = (sx + dx, sy + dy)
            if s not in by_slot and 0 <= s[0] < grid["width"] and 0 <= s[1] < grid["height"]:
                candidates.add(s)
    out: list[Placement] = []
    for slot in sorted(candidates):
        best: list[Placement] = []
        for rot in range(4):
            exits = tile_exits(data, name, rot)
            joins, ok, open_exits, floor = 0, True, 0, 1
            for edge, (dx, dy) in EDGE_STEP.items():
                nb_slot = (slot[0] + dx, slot[1] + dy)
                nb = by_slot.get(nb_slot)
                mine = edge in exits
                if nb is None:
                    inside = 0 <= nb_slot[0] < grid["width"] and 0 <= nb_slot[1] < grid["height"]
                    open_exits += mine and inside
                    continue
                theirs = OPPOSITE[edge] in tile_exits(data, nb.name, nb.rotation)
                if mine != theirs:
                    ok = False
                    break
                if mine:
                    if not _joins(spec, data.tiles[nb.name], gateway):
                        ok = False
                        break
                    joins += 1
                    open_exits += 1
                    up = data.layouts[data.tiles[nb.name].layout].up_exit
                    if nb.floor == 2 or (up and rotate_edge(up, nb.rotation) == OPPOSITE[edge]):
                        floor = 2
            if not ok or joins == 0:
                continue
            up = data.layouts[spec.layout].up_exit
            if up is not None:  # the Escalator leads up: its up exit faces an empty slot
                ux, uy = EDGE_STEP[rotate_edge(up, rot)]
                beyond = (slot[0] + ux, slot[1] + uy)
                if beyond in by_slot or not (
                    0 <= beyond[0] < grid["width"] and 0 <= beyond[1] < grid["height"]
                ):
                    continue
            if spec.needs_floor is not None and floor != spec.needs_floor:
                continue
            p = Placement(slot, rot, open_exits, floor)
            if not best or p.open_exits > best[0].open_exits:
                best = [p]
            elif p.open_exits == best[0].open_exits:
                best.append(p)
        out.extend(best)
    return out


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
                if tm.board.crossing(sq, nxt) == "wall" or tm.kind[nxt] == "out":
                    break
                sq = nxt
    return out


def placement_priority(
    state: ZState, data: ZData, name: str, survivor_squares: list[Square]
) -> tuple[str, list[Placement]]:
    """Step 1's order: next to the Survivor's tile, else in line of sight, else anywhere legal."""
    legal = placements(state, data, name)
    if not legal:
        return "none", []
    home = {slot_of(sq, data.tile_size) for sq in survivor_squares}
    near = {(hx + dx, hy + dy) for hx, hy in home for dx, dy in EDGE_STEP.values()}
    nearby = [p for p in legal if p.slot in near]
    if nearby:
        return "next to the Survivor's tile", nearby
    seen = line_of_sight_slots(state, data, survivor_squares)
    visible = [p for p in legal if p.slot in seen]
    if visible:
        return "in the Survivor's line of sight", visible
    return "any legal position", legal


def spawn_squares(tm: TownMap, tile: str) -> list[Square]:
    """Where a new tile's zombies and tokens go: building squares first, then streets (assumed)."""
    sqs = tm.squares_of(tile)
    build = sorted(sq for sq in sqs if tm.kind[sq] == "building")
    street = sorted(sq for sq in sqs if tm.kind[sq] == "street" and sq != tm.helicopter)
    return build + street

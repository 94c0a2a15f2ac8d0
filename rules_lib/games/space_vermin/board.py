"""The Mapzones as HexBoards, with the terrain rules of §P that read them.

Hex numbering (derived from the map facts; the printed maps are not in the rulebook)
-----------------------------------------------------------------------------------
§B-2 says 216 hexes on each map are numbered 111-666 (every digit 1-6, so three dice read in order
always name a numbered hex) and the rest are unnumbered Clear, Nest and Toxic Tar Pit hexes. The
examples pin down a handful of positions, and they rule out a plain grid:

* 111-116 all lie on the west edge (§Q-1-c): a six-hex strip "11" runs down the westernmost column.
* 321 is directly north of 322, 152 directly north of 153 (§E examples): along a strip the last
  digit grows to the south.
* 315-316, 315-335, 316-334 are adjacent, 335 is two hexes from 316 (§F-2, §J-1). If strip 33 ran
  south beside strip 31, 315-335 and 316-334 could not both be adjacent (their rows would have to
  differ by 0 and by 2 at once), so strip 33 runs *north* in the column east of 31.
* The hex north of 212 is an unnumbered Tar Pit (§E): strip 21 is interrupted by that hex.
* 613 is on the south edge (§Q-1-c) although it is the third hex of its strip: strip 61 is split,
  611-613 ending at the south edge.
* 221 on the north edge; 656 (Alpha) and 652, 661, 665 (Beta) on the east edge.

So the scheme is: **the first digit is a band of three columns from west (1) to east (6); each
column carries two six-hex strips "ab"; the last digit counts along the strip, north to south,
except where the facts above force otherwise; three unnumbered hexes per column fill the
15-hex columns.** The layout is data (``data/maps/*.yaml``, ``columns:``, each listed north to
south); this module only reads it. Unnumbered hexes are labelled ``u<column>.<row>`` (the two Nests
"Nest 1" / "Nest 2"). Columns use the core library's ``odd-q`` layout: odd columns sit half a hex
lower; direction numbers 1-6 are N, NE, SE, S, SW, NW (the Vermite Movement Indicator, §D).

"Lowest-numbered" choices put numbered hexes first by number, then unnumbered hexes clockwise from
direction 1 around the reference hex (SV-AMB-16).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import pairwise

from rules_lib.core.boards.hex import (
    DIRECTIONS,
    Hex,
    HexBoard,
    direction_between,
    hex_distance,
    offset_to_axial,
)
from rules_lib.core.engine import Context

from .data import MapData, SVData, game_data, load_game_data
from .state import SVState

EDGES = ("north", "south", "west", "east")


class SVMap:
    """A Mapzone: the HexBoard plus terrain, roads, trails and named features (§B-2, §P)."""

    def __init__(self, mdata: MapData, data: SVData) -> None:
        self.key = mdata.key
        self.name = mdata.name
        self.mdata = mdata
        self.data = data
        self.hex_of: dict[str, Hex] = {
            lab: offset_to_axial(c, r, mdata.layout) for lab, (c, r) in mdata.cells.items()
        }
        self.label_of: dict[Hex, str] = {h: lab for lab, h in self.hex_of.items()}
        self.cell_of: dict[Hex, tuple[int, int]] = {
            self.hex_of[lab]: cr for lab, cr in mdata.cells.items()
        }
        self.terrain: dict[Hex, str] = {
            h: mdata.terrain.get(lab, "clear") for lab, h in self.hex_of.items()
        }
        self.board = HexBoard(
            list(self.label_of), name=mdata.name, labels=self.label_of, terrain=self.terrain
        )
        self.types = data.terrain
        self._blocks = {h: self.types[t].blocks_los for h, t in self.terrain.items()}
        # Bamboo, Bog, Building: defensive whatever the turn (Flooded hexes only while they Flood)
        self.defensive_hexes = frozenset(
            h for h, t in self.terrain.items() if self.types[t].defensive)
        self.bridges = frozenset(self.hex_of[b] for b in mdata.bridges)
        self.road_hexes, self.road_links = self._roads()
        self.trail_links = frozenset(
            frozenset((self.hex_of[a], self.hex_of[b]))
            for t in mdata.scent_trails
            for a, b in zip(t.path, t.path[1:])
        )
        self.trail_hexes = frozenset(self.hex_of[lab] for t in mdata.scent_trails for lab in t.path)
        self._trail_next = self._follow([t.path for t in mdata.scent_trails])
        self._jewel_next = self._follow([p for _, p in mdata.jewel_exit_trails.values()])
        bogs = [h for h, t in self.terrain.items() if t == "bog"]
        self.flood_hexes = frozenset(bogs) | frozenset(
            n for b in bogs for n in self.board.neighbors(b)
        )
        self.nests = {n: self.hex_of[lab] for n, lab in mdata.nests.items()}
        self.nat_infestation = frozenset(
            h
            for nest in self.nests.values()
            for h in (nest, *self.board.neighbors(nest))
            if self.terrain[h] in ("clear", "nest")
        )
        cols = [c for c, _ in mdata.cells.values()]
        self.first_col, self.last_col = min(cols), max(cols)
        rows_by_col: dict[int, list[int]] = {}
        for c, r in mdata.cells.values():
            rows_by_col.setdefault(c, []).append(r)
        self._col_rows = {c: (min(rs), max(rs)) for c, rs in rows_by_col.items()}
        self._main_road_row = self._road_rows()
        self._half_costs: dict[bool, dict[tuple[Hex, Hex], int | None]] = {}
        self._marine_steps: dict[bool, dict[Hex, tuple[tuple[Hex, int], ...]]] = {}
        self._numbered_steps: dict[bool, list[tuple[tuple[int, int], ...]]] = {}
        # pure-geometry caches (the map never changes once built): hot in Vermite movement
        self._neighbor_in: dict[tuple[Hex, int], Hex | None] = {}
        self._vermite_costs: dict[tuple[Hex, Hex, bool, bool], int | None] = {}
        # los.py's lines by source hex: {a: {b: labels a unit would block, None for terrain}}
        self.sight_lines: dict[Hex, dict[Hex, tuple[str, ...] | None]] = {}
        # Event Chit arrows by (chit, hex label): direction, reason, arrow, assumed text
        self.heading_cache: dict[tuple[str, str], tuple[int | str, str, str, str]] = {}
        self._around_label: dict[str, tuple[Hex, ...]] = {  # ``neighbors`` by printed label
            lab: self.board.neighbors(h) for lab, h in self.hex_of.items()
        }
        self.adjacent_labels: dict[str, frozenset[str]] = {  # the same, as labels
            lab: frozenset(self.label_of[n] for n in near)
            for lab, near in self._around_label.items()
        }
        # hexes any step may enter (every terrain but the Toxic Tar Pit): ``enterable`` is True
        self.open_hexes = frozenset(h for h, t in self.terrain.items() if self.types[t].enterable)
        self.unlimited_labels = frozenset(self.label_of[h] for h in self.nests.values()) | (
            frozenset(mdata.vermite_entry_hexes.values())
        )
        self.nest_labels = frozenset(self.label_of[h] for h in self.nests.values())
        self.entrance_nests: dict[str, int] = {
            lab: n for n, lab in mdata.nest_tunnel_entrances.items()
        }
        # where entering can do more than move a Vermite on: a Nest, and on Alpha a Nest Tunnel
        # Entrance (``vermite_movement.arrive``)
        self.doorway_labels = self.nest_labels | (
            frozenset(self.entrance_nests) if self.key == "alpha" else frozenset())
        # Tunnel Exit chit number (as the state keeps it, "1"-"6") -> its hex label and hex
        self.tunnel_exit_places: dict[str, tuple[str, Hex]] = {
            str(n): (lab, self.hex_of[lab]) for n, lab in mdata.tunnel_exits.items()}
        self._build_indexes()

    # -- construction helpers --

    def _build_indexes(self) -> None:
        """Lookups the hot searches read, built once: every hex by a serial number (board
        order) for the Full Move search, and the "lowest-numbered" sort key by label."""
        self.hex_list: tuple[Hex, ...] = tuple(self.board.locations())
        self.serial_of: dict[str, int] = {self.label_of[h]: i for i, h in enumerate(self.hex_list)}
        self.label_list: tuple[str, ...] = tuple(self.label_of[h] for h in self.hex_list)
        # ``in_psychic_whip`` by label: every Vermite's move asks it of its start hex (§P-3-o)
        self.psychic_whip_labels = frozenset(
            lab for lab, h in self.hex_of.items() if self.in_psychic_whip(h))
        serial = {h: i for i, h in enumerate(self.hex_list)}
        self.adjacent_serials: tuple[tuple[int, ...], ...] = tuple(
            tuple(serial[n] for n in self.board.neighbors(h)) for h in self.hex_list
        )
        # ``number_key`` of every hex by label, no reference hex: "lowest-numbered" sorting
        self.order_key: dict[str, tuple] = {
            lab: self.number_key(h) for lab, h in self.hex_of.items()
        }

    def _roads(self) -> tuple[frozenset[Hex], frozenset[frozenset[Hex]]]:
        """Road/Bridge hexes and the connected pairs: along each road, and building to
        building/road."""
        hexes: set[Hex] = set()
        links: set[frozenset[Hex]] = set()
        for road in self.mdata.roads:
            hs = [self.hex_of[lab] for lab in road]
            hexes.update(hs)
            links.update(frozenset(p) for p in pairwise(hs))
        buildings = [h for h, t in self.terrain.items() if self.types[t].road]
        hexes.update(buildings)
        for b in buildings:
            for n in self.board.neighbors(b):
                if n in hexes:
                    links.add(frozenset((b, n)))
        return frozenset(hexes), frozenset(links)

    def _follow(self, paths: list[tuple[str, ...]]) -> dict[Hex, Hex]:
        """Hex -> the next hex along the first listed path through it."""
        out: dict[Hex, Hex] = {}
        for path in paths:
            for a, b in pairwise(path):
                out.setdefault(self.hex_of[a], self.hex_of[b])
        return out

    def _road_rows(self) -> dict[int, int]:
        """Row of the main road in each column (the road that splits the map, §D-1)."""
        if self.mdata.main_road is None:
            return {}
        out: dict[int, int] = {}
        for lab in self.mdata.roads[self.mdata.main_road]:
            c, r = self.mdata.cells[lab]
            out[c] = max(r, out.get(c, r))
        return out

    # -- names and numbers --

    def hex(self, label: str | int) -> Hex:
        """The hex with this printed number or label ("315", 315, "Nest 1", "u4.3")."""
        try:
            return self.hex_of[label]  # the printed label itself (the usual case)
        except (KeyError, TypeError):
            return self.board.hex_at(str(label))  # 315 as a number; or UnknownLocation

    def label(self, h: Hex) -> str:
        """The printed number (or unnumbered label) of a hex."""
        return self.label_of[h]

    def numbered(self, h: Hex) -> bool:
        """Whether the hex carries a number 111-666."""
        return self.label_of[h].isdigit()

    def hex_from_dice(self, d1: int, d2: int, d3: int) -> Hex:
        """The hex three dice name, read in order as hundreds, tens, units (§B-4)."""
        return self.hex(f"{d1}{d2}{d3}")

    def number_key(self, h: Hex, around: Hex | None = None, unnumbered_first: bool = False
                   ) -> tuple:
        """Sort key for "lowest-numbered": numbers first, then unnumbered clockwise from N (the
        default reading of SV-AMB-16); ``unnumbered_first`` (its other reading, a variant) puts
        the unnumbered hexes before every number."""
        lab = self.label_of[h]
        late = 0 if unnumbered_first else 1
        if lab.isdigit():
            return (1 - late, int(lab), 0, 0)
        d = direction_between(around, h) if around is not None else None
        c, r = self.cell_of[h]
        return (late, d or 7, c, r)

    def lowest_numbered(self, hexes: Iterable[Hex], around: Hex | None = None,
                        unnumbered_first: bool = False) -> Hex | None:
        """The lowest-numbered of the given hexes (None if there are none)."""
        hexes = list(hexes)
        if not hexes:
            return None
        return min(hexes, key=lambda h: self.number_key(h, around, unnumbered_first))

    # -- geometry --

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """On-map adjacent hexes (N, NE, SE, S, SW, NW order)."""
        return self.board.neighbors(h)

    def neighbourhood(self, labels: Iterable[str]) -> frozenset[Hex]:
        """Every hex adjacent to one of these hexes (given by label): where a unit in one of
        them is "adjacent" (the hexes next to the Vermites, the hexes next to the Marines)."""
        around = self._around_label
        out: set[Hex] = set()
        for lab in labels:
            near = around.get(lab)
            out.update(self.neighbors(self.hex(lab)) if near is None else near)
        return frozenset(out)

    def neighbor(self, h: Hex, direction: int) -> Hex | None:
        """The adjacent hex in direction 1-6 (Vermite Movement Indicator), None off the map."""
        key = (h, direction)
        cache = self._neighbor_in
        if key in cache:
            return cache[key]
        n = self.board.neighbor(h, direction)  # raises for a hex or direction not on the map
        cache[key] = n
        return n

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes between two hexes, counted in steps (terrain ignored)."""
        index = self.label_of
        if a in index and b in index:
            return hex_distance(a, b)
        return self.board.distance(a, b)  # names the hex that is not on the map

    def adjacent(self, a: Hex, b: Hex) -> bool:
        """Whether two hexes share a hexside."""
        return direction_between(a, b) is not None

    def edges(self, h: Hex) -> frozenset[str]:
        """Map edges the hex lies on: the top/bottom hex of its column, the first/last column."""
        c, r = self.cell_of[h]
        top, bottom = self._col_rows[c]
        out = set()
        if r == top:
            out.add("north")
        if r == bottom:
            out.add("south")
        if c == self.first_col:
            out.add("west")
        if c == self.last_col:
            out.add("east")
        return frozenset(out)

    def zone(self, h: Hex) -> str:
        """'north' if on or north of the main road in its column, else 'south' (§D-1, §Q-1-c)."""
        c, r = self.cell_of[h]
        road_row = self._main_road_row.get(c)
        if road_row is None:
            return "north"
        return "north" if r <= road_row else "south"

    def in_psychic_whip(self, h: Hex) -> bool:
        """Within the Queen's Psychic Whip zone: the westernmost columns (§P-3-o)."""
        return self.cell_of[h][0] - self.first_col < self.mdata.psychic_whip_columns

    # -- terrain effects (§P) --

    def terrain_of(self, h: Hex) -> str:
        """The hex's terrain type (clear, bamboo, bog, building, tar_pit, nest)."""
        return self.terrain[h]

    def is_flooded(self, h: Hex, flooded: bool) -> bool:
        """Flooded this turn: the Bogs Flood chit is in effect and the hex is a Bog or next to one.
        """
        return flooded and h in self.flood_hexes

    def defensive(self, h: Hex, flooded: bool = False) -> bool:
        """Bamboo, Bog, Building or Flooded: the attacker loses one CF (§P Terrain Reminders)."""
        return h in self.defensive_hexes or (
            self.data.flooded_defensive and self.is_flooded(h, flooded))

    def blocks_los(self, h: Hex) -> bool:
        """Bamboo, Building and Toxic Tar Pit (bridges included) block Line-of-Sight (§P)."""
        return self._blocks[h]

    def road_connected(self, a: Hex, b: Hex) -> bool:
        """Whether a move from a to b runs along a Road/Bridge (connected road hexes, §P-1-c/e)."""
        return frozenset((a, b)) in self.road_links

    def trail_connected(self, a: Hex, b: Hex) -> bool:
        """Whether a and b are consecutive hexes of a Scent Trail (§P-1-f)."""
        return frozenset((a, b)) in self.trail_links

    def enterable(self, a: Hex, b: Hex) -> bool:
        """A Toxic Tar Pit can be entered only along a Road/Bridge (§P-1-g); all else can."""
        if self.types[self.terrain[b]].enterable:
            return True
        return b in self.bridges and self.road_connected(a, b)

    def marine_step_cost(self, a: Hex, b: Hex, flooded: bool = False) -> Fraction | int | None:
        """MP for a Marine to move a -> b by terrain alone; None if Marines may never enter b."""
        if b in self.nat_infestation or not self.enterable(a, b):
            return None
        if self.is_flooded(b, flooded):
            return self.data.flooded_cost
        if self.road_connected(a, b):
            return self.data.road_marine_cost
        return self.types[self.terrain[b]].cost

    def vermite_step_cost(
        self, a: Hex, b: Hex, flooded: bool = False, follow_trail: bool = True
    ) -> int | None:
        """MP for a non-Drone Vermite to move a -> b (trail and road hexes cost 1, Flooded 2)."""
        key = (a, b, flooded, follow_trail)
        cache = self._vermite_costs
        if key in cache:
            return cache[key]
        cost = self._vermite_step_cost(a, b, flooded)
        cache[key] = cost
        return cost

    def _vermite_step_cost(self, a: Hex, b: Hex, flooded: bool) -> int | None:
        if not self.enterable(a, b):
            return None
        if self.is_flooded(b, flooded):
            return self.data.flooded_cost
        if self.trail_connected(a, b):
            return self.data.trail_vermite_cost
        if self.road_connected(a, b):
            return self.data.road_vermite_cost
        return self.types[self.terrain[b]].cost

    def marine_half_costs(self, flooded: bool = False) -> dict[tuple[Hex, Hex], int]:
        """Every legal Marine step (a, b) -> cost in half-MPs (integers keep reach fast and exact).
        """
        cache = self._half_costs.get(flooded)
        if cache is None:
            cache = {}
            for a in self.board.locations():
                for b in self.board.neighbors(a):
                    c = self.marine_step_cost(a, b, flooded)
                    if c is not None:
                        cache[(a, b)] = int(c * 2)
            self._half_costs[flooded] = cache
        return cache

    def marine_steps(self, flooded: bool = False) -> dict[Hex, tuple[tuple[Hex, int], ...]]:
        """``marine_half_costs`` by hex: {a: ((b, half-MPs), ...)}, the legal Marine steps out of
        each hex in neighbour order (N, NE, SE, S, SW, NW), for the Full Move search."""
        steps = self._marine_steps.get(flooded)
        if steps is None:
            half = self.marine_half_costs(flooded)
            steps = {
                a: tuple((b, half[(a, b)]) for b in self.board.neighbors(a) if (a, b) in half)
                for a in self.board.locations()
            }
            self._marine_steps[flooded] = steps
        return steps

    def marine_steps_by_serial(self, flooded: bool = False) -> list[tuple[tuple[int, int], ...]]:
        """``marine_steps`` with every hex as its serial number (``hex_list`` order): entry i
        holds the legal Marine steps out of hex i, ((serial, half-MPs), ...) in neighbour order."""
        steps = self._numbered_steps.get(flooded)
        if steps is None:
            serial = {h: i for i, h in enumerate(self.hex_list)}
            by_hex = self.marine_steps(flooded)
            steps = [tuple((serial[b], cost) for b, cost in by_hex[a]) for a in self.hex_list]
            self._numbered_steps[flooded] = steps
        return steps

    # -- named features --

    def trail_next(self, h: Hex) -> Hex | None:
        """The next Scent Trail hex a Vermite on ``h`` must follow; None at the X end or off a
        trail."""
        return self._trail_next.get(h)

    def jewel_trail_next(self, h: Hex) -> Hex | None:
        """The next Jewel Exit Trail hex for a Jewel carrier on ``h`` (§P-2-i); None off the trail.
        """
        return self._jewel_next.get(h)

    def tunnel_exit_hex(self, number: int) -> Hex:
        """The hex of Nest Tunnel Exit 1-6 (§P-2-m)."""
        return self.hex_of[self.mdata.tunnel_exits[number]]

    def tunnel_exits_of(self, nest: int) -> list[int]:
        """Exit numbers a Soldier leaving this Nest may use, lowest first (§E-1-c)."""
        return sorted(n for n, owner in self.mdata.exit_nests.items() if owner == nest)

    def feature_hexes(self, labels: Iterable[str]) -> list[Hex]:
        """Hexes for a list of labels from the map data."""
        return [self.hex_of[lab] for lab in labels]

    def __repr__(self) -> str:
        return f"SVMap({self.name!r}, {len(self.hex_of)} hexes)"


def load_map(key: str = "alpha", data: SVData | None = None) -> SVMap:
    """Mapzone Alpha or Beta built from the game data (the shipped data when None), once per
    data object: it is kept in the data's ``maps_built``."""
    if data is None:
        data = load_game_data()
    if key not in data.maps:
        raise KeyError(f"no Mapzone {key!r}; maps: {', '.join(data.maps)}")
    built = data.maps_built.get(key)
    if built is None:
        built = data.maps_built[key] = SVMap(data.maps[key], data)
    return built


__all__ = ["DIRECTIONS", "EDGES", "SVMap", "load_map"]


def map_for(state_map: str, data: SVData | None = None) -> SVMap:
    """The map a state plays on, from the standard data or an overridden copy (built once per
    data object, ``load_map``)."""
    if data is not None:
        built = data.maps_built.get(state_map)
        if built is not None:
            return built
    return load_map(state_map, data)


def data_and_map(state: SVState, ctx: Context | None) -> tuple[SVData, SVMap]:
    """The game data a procedure works with (``game_data``) and the Mapzone the state plays on."""
    data = game_data(ctx)
    return data, map_for(state.map, data)

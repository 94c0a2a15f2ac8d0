"""The Mapzone files ``maps/alpha.yaml`` and ``maps/beta.yaml`` (§B-2, §P): the hex layout, the
terrain and every named feature, read and checked into ``MapData``.

The printed maps are not in the rulebook: a player corrects a map here, so every reference is
checked (a road to a hex that is not on the map, a trail whose hexes do not touch, a Nest on a
numbered hex, an unknown terrain) and every problem is named with its file and path.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from rules_lib.core.boards.hex import DIRECTIONS, Hex, offset_to_axial
from rules_lib.core.data import Path_

from .reading import FileReader

TERRAIN_TYPES = ("clear", "bamboo", "bog", "building", "tar_pit", "nest")
LAYOUTS = ("odd-q", "even-q")
EDGES = ("north", "south", "west", "east")
NUMBERED = frozenset("".join(d) for d in itertools.product("123456", repeat=3))
MAP_KEYS = ("name", "layout", "columns", "terrain", "stated_terrain", "roads", "bridges",
            "main_road", "nests", "nest_tunnel_entrances", "tunnel_exits", "exit_nests",
            "crown_jewel_locations", "jewel_exit_trails", "scent_trails", "sneak_attack", "labs",
            "landmarks", "city_limits", "marine_entry_hexes", "jewel_exit_hexes",
            "vermite_entry_hexes", "psychic_whip_columns", "escape_edge")


@dataclass(frozen=True)
class ScentTrail:
    """A Scent Trail: hex labels from its start (large dot) to its X end (§P-1-f)."""

    name: str
    path: tuple[str, ...]


@dataclass
class MapData:
    """One Mapzone as data: hex layout, terrain and every named feature (§B-2, §P)."""

    key: str
    name: str
    file: str
    layout: str
    cells: dict[
        str, tuple[int, int]
    ]  # label -> (column, row), columns west->east, rows north->south
    terrain: dict[str, str]  # label -> terrain type (clear when not listed)
    roads: list[tuple[str, ...]]
    bridges: tuple[str, ...]
    main_road: int | None
    nests: dict[int, str]
    nest_tunnel_entrances: dict[int, str]
    tunnel_exits: dict[int, str]
    exit_nests: dict[int, int]
    crown_jewel_locations: tuple[str, ...]
    jewel_exit_trails: dict[str, tuple[int, tuple[str, ...]]]
    scent_trails: list[ScentTrail]
    sneak_attack: dict[str, Any]
    labs: dict[str, str]
    landmarks: dict[str, str]
    city_limits: dict[str, tuple[str, ...]]
    marine_entry_hexes: tuple[str, ...]
    jewel_exit_hexes: tuple[str, ...]
    vermite_entry_hexes: dict[int, str]
    psychic_whip_columns: int
    escape_edge: str | None
    stated_terrain: dict[str, tuple[str, ...]]


def label_of(value: Any) -> str:
    """A hex reference in a data file (315 or "u4.3" or "Nest 1") as its label text."""
    return str(value)


def _adjacent(a: tuple[int, int], b: tuple[int, int], layout: str) -> bool:
    ha, hb = offset_to_axial(*a, layout), offset_to_axial(*b, layout)
    return Hex(hb[0] - ha[0], hb[1] - ha[1]) in DIRECTIONS.values()


class MapReader:
    """Reads one map file: its hexes first (``cells``), then every feature by reference to them."""

    def __init__(self, reader: FileReader, key: str) -> None:
        self.r = reader
        self.key = key
        self.tree = reader.mapping(reader.src.tree, (), "the map's mapping of entries")
        reader.only_keys(self.tree, MAP_KEYS, ())
        self.layout = self.tree.get("layout", "odd-q")
        if self.layout not in LAYOUTS:
            reader.one_of(self.layout, ("layout",), LAYOUTS, "hex layout")
            self.layout = "odd-q"
        self.name = self.tree.get("name", key)
        if not isinstance(self.name, str) or not self.name.strip():
            reader.fail(("name",), f"must be a non-empty text, found {self.name!r}")
            self.name = key
        self.cells = self._cells()

    def _cells(self) -> dict[str, tuple[int, int]]:
        """label -> (column, row) from ``columns``; the numbered hexes must be 111-666 (§B-2)."""
        cells: dict[str, tuple[int, int]] = {}
        columns = self.r.section(self.tree, "columns", (), "a mapping of column numbers to hexes")
        for col, items in columns.items():
            if isinstance(col, bool) or not isinstance(col, int) or col < 0 or not isinstance(
                    items, list):
                self.r.fail(("columns", col), "each column is a number (0 or more) with a list "
                                              "of hexes")
                continue
            for row, item in enumerate(items, start=1):
                if isinstance(item, bool) or not isinstance(item, (int, str)):
                    self.r.fail(("columns", col, row - 1),
                                f"a hex is a number, a name or '-', not {item!r}")
                    continue
                label = f"u{col}.{row}" if item == "-" else label_of(item)
                if label in cells:
                    self.r.fail(("columns", col, row - 1), f"hex {label} appears twice")
                cells[label] = (col, row)
        numbered = {lab for lab in cells if lab.isdigit()}
        if numbered != NUMBERED:
            missing = sorted(NUMBERED - numbered)[:5]
            extra = sorted(numbered - NUMBERED)[:5]
            self.r.fail(
                ("columns",),
                f"numbered hexes must be exactly 111-666 with digits 1-6 "
                f"(missing {missing}, not allowed {extra})",
            )
        return cells

    # -- references to hexes --

    def ref(self, value: Any, path: Path_) -> str:
        """A hex reference as its label; a problem if no such hex is on this map."""
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            self.r.fail(path, f"a hex is a number or a name, not {value!r}")
            return ""
        lab = label_of(value)
        if lab not in self.cells:
            self.r.fail(path, f"hex {lab!r} is not on {self.name}")
        return lab

    def refs(self, value: Any, path: Path_) -> tuple[str, ...]:
        """A list of hex references (none when the value is empty: ``null``)."""
        values = [] if value is None else self.r.sequence(value, path, "a list of hexes")
        return tuple(self.ref(v, path + (i,)) for i, v in enumerate(values))

    def path_of(self, values: Any, path: Path_) -> tuple[str, ...]:
        """A list of hexes each next to the one before (a road, a trail)."""
        labs = self.refs(values, path)
        cells = self.cells
        for i, (a, b) in enumerate(itertools.pairwise(labs)):
            if a in cells and b in cells and not _adjacent(cells[a], cells[b], self.layout):
                self.r.fail(path + (i + 1,), f"hexes {a} and {b} are not adjacent")
        return labs

    def numbered_refs(self, key: str, low: int = 1, high: int | None = None) -> dict[int, str]:
        """A mapping of numbers (Nest 1, Tunnel Exit 4, Entry hex 6 ...) to hexes."""
        out = {}
        numbered = self.r.section(self.tree, key, (), "a mapping of numbers to hexes", False)
        for n, v in numbered.items():
            number = self.r.whole(n, (key, n), low, high)
            if number == n:
                out[number] = self.ref(v, (key, n))
        return out

    def named_refs(self, key: str) -> dict[str, str]:
        """A mapping of names (Labs, landmarks) to hexes."""
        named = self.r.section(self.tree, key, (), "a mapping of names to hexes", False)
        return {str(k): self.ref(v, (key, k)) for k, v in named.items()}

    # -- the features --

    def terrain(self) -> tuple[dict[str, str], dict[int, str], tuple[str, ...]]:
        """(label -> terrain, the Nests, the Bridges): Toxic Tar Pits and Nests are unnumbered
        hexes (§B-2, §P-2-k); a Bridge is a Tar Pit hex (§P-3-n)."""
        terrain: dict[str, str] = {}
        for tname, labels in self.r.section(self.tree, "terrain", (),
                                            "a mapping of terrain types to hexes").items():
            if tname not in TERRAIN_TYPES:
                self.r.one_of(tname, ("terrain", tname), TERRAIN_TYPES, "terrain type")
            for i, lab in enumerate(self.refs(labels, ("terrain", tname))):
                if lab in terrain:
                    self.r.fail(("terrain", tname, i),
                                f"hex {lab} already has terrain {terrain[lab]}")
                if tname == "tar_pit" and lab.isdigit():
                    self.r.fail(("terrain", tname, i),
                                f"hex {lab} is numbered; Toxic Tar Pits are unnumbered hexes "
                                f"(§B-2)")
                terrain[lab] = tname
        nests = self.numbered_refs("nests")
        for n, lab in nests.items():
            if lab.isdigit():
                self.r.fail(("nests", n), f"Nest {n} hex {lab} must be unnumbered (§P-2-k)")
            terrain[lab] = "nest"
        bridges = self.refs(self.tree.get("bridges"), ("bridges",))
        for i, lab in enumerate(bridges):
            if terrain.get(lab) != "tar_pit":
                self.r.fail(("bridges", i),
                            f"bridge hex {lab} must be a Toxic Tar Pit hex (§P-3-n)")
        return terrain, nests, bridges

    def roads(self, bridges: tuple[str, ...]) -> tuple[list[tuple[str, ...]], int | None]:
        """The roads (each a path of adjacent hexes) and which one splits the map (§D-1)."""
        roads = [self.path_of(r, ("roads", i)) for i, r in
                 enumerate(self.r.listed(self.tree, "roads", (), required=False))]
        for lab in bridges:
            if not any(lab in r for r in roads):
                self.r.fail(("bridges",), f"bridge hex {lab} is on no road")
        main_road = self.tree.get("main_road")
        if main_road is not None:
            if isinstance(main_road, bool) or not isinstance(main_road, int) or not (
                    0 <= main_road < len(roads)):
                self.r.fail(("main_road",), f"no road number {main_road!r}; roads: "
                                            f"0 to {len(roads) - 1}")
                main_road = None
        return roads, main_road

    def scent_trails(self) -> list[ScentTrail]:
        """The Scent Trails, each from its start to its X end (§P-1-f)."""
        trails = []
        for i, node in enumerate(self.r.listed(self.tree, "scent_trails", (), required=False)):
            node = self.r.mapping(node, ("scent_trails", i), "a mapping with a name and a path")
            self.r.only_keys(node, ("name", "path"), ("scent_trails", i))
            trails.append(ScentTrail(str(node.get("name", f"trail {i + 1}")),
                                     self.path_of(node.get("path"), ("scent_trails", i, "path"))))
        return trails

    def jewel_trails(self, nests: dict[int, str], entrances: dict[int, str]
                     ) -> dict[str, tuple[int, tuple[str, ...]]]:
        """Jewel hex -> (its Nest, the Jewel Exit Trail to the Nest's Tunnel Entrance) (§P-2-i)."""
        out = {}
        for start, node in self.r.section(self.tree, "jewel_exit_trails", (),
                                          required=False).items():
            where = ("jewel_exit_trails", start)
            node = self.r.mapping(node, where, "a mapping with a nest and a path")
            self.r.only_keys(node, ("nest", "path"), where)
            nest = self.r.integer(node, "nest", where)
            if nest not in nests:
                self.r.fail(where + ("nest",), f"no Nest {nest} on {self.name}")
            p = self.path_of(node.get("path"), where + ("path",))
            if p and p[0] != label_of(start):
                self.r.fail(where, f"trail must start at its Jewel hex {start}")
            if p and entrances.get(nest) != p[-1]:
                self.r.fail(where, f"trail must end at Nest {nest}'s Tunnel Entrance "
                                   f"{entrances.get(nest)}")
            out[label_of(start)] = (nest, p)
        return out

    def tunnels(self, nests: dict[int, str]
                ) -> tuple[dict[int, str], dict[int, str], dict[int, int]]:
        """(Nest Tunnel Entrances, Tunnel Exits 1-6, which Nest each exit serves) (§E-1-c)."""
        entrances = self.numbered_refs("nest_tunnel_entrances")
        for n in entrances:
            if n not in nests:
                self.r.fail(("nest_tunnel_entrances", n), f"no Nest {n} on {self.name}")
        exits = self.numbered_refs("tunnel_exits", 1, 6)
        exit_nests = {}
        for k, v in self.r.section(self.tree, "exit_nests", (), required=False).items():
            exit_no = self.r.whole(k, ("exit_nests", k), 1, 6)
            nest = self.r.whole(v, ("exit_nests", k))
            if exit_no != k:
                continue
            if exit_no not in exits:
                self.r.fail(("exit_nests", k), f"no Tunnel Exit {k} on {self.name}")
            if nest not in nests:
                self.r.fail(("exit_nests", k), f"no Nest {v!r} on {self.name}")
            exit_nests[exit_no] = nest
        return entrances, exits, exit_nests

    def sneak_attack(self) -> dict[str, Any]:
        """The Vermite Sneak Attack's wrap-around, per Nest: direction, edge, trail end (§Q-1-c)."""
        out = {}
        for name, node in self.r.section(self.tree, "sneak_attack", (), required=False).items():
            where = ("sneak_attack", name)
            node = self.r.mapping(node, where, "a mapping: direction, leaves_edge, trail_end")
            self.r.only_keys(node, ("direction", "leaves_edge", "trail_end"), where)
            self.r.integer(node, "direction", where, 1, 6)
            self.r.choice(node, "leaves_edge", where, EDGES, "map edge")
            self.ref(node.get("trail_end"), where + ("trail_end",))
            out[name] = node
        return out

    def city_limits(self) -> dict[str, tuple[str, ...]]:
        limits = self.r.section(self.tree, "city_limits", (), required=False)
        return {k: self.refs(vs, ("city_limits", k)) for k, vs in limits.items()}

    def stated_terrain(self, terrain: dict[str, str]) -> dict[str, tuple[str, ...]]:
        """Terrain the rulebook's examples state: the layout must keep it (a check, §E, §F, §J)."""
        stated = {}
        for tname, vs in self.r.section(self.tree, "stated_terrain", (), required=False).items():
            if tname not in TERRAIN_TYPES:
                self.r.one_of(tname, ("stated_terrain", tname), TERRAIN_TYPES, "terrain type")
            stated[tname] = self.refs(vs, ("stated_terrain", tname))
            for lab in stated[tname]:
                if lab and terrain.get(lab, "clear") != tname:
                    self.r.fail(("stated_terrain", tname),
                                f"hex {lab} must be {tname} (the rulebook says so), the map "
                                f"gives {terrain.get(lab, 'clear')}")
        return stated


def read_map(reader: FileReader, key: str) -> MapData:
    """Read and check one map file (every problem recorded in ``reader``)."""
    m = MapReader(reader, key)
    terrain, nests, bridges = m.terrain()
    roads, main_road = m.roads(bridges)
    entrances, exits, exit_nests = m.tunnels(nests)
    psychic = m.tree.get("psychic_whip_columns")
    columns = len({c for c, _ in m.cells.values()})
    psychic = 0 if psychic is None else reader.whole(psychic, ("psychic_whip_columns",), 0,
                                                     columns)
    escape = m.tree.get("escape_edge")
    if escape is not None:
        escape = reader.one_of(escape, ("escape_edge",), EDGES, "map edge")
    return MapData(
        key=key,
        name=str(m.name),
        file=reader.src.file,
        layout=m.layout,
        cells=m.cells,
        terrain=terrain,
        roads=roads,
        bridges=bridges,
        main_road=main_road,
        nests=nests,
        nest_tunnel_entrances=entrances,
        tunnel_exits=exits,
        exit_nests=exit_nests,
        crown_jewel_locations=m.refs(m.tree.get("crown_jewel_locations"),
                                     ("crown_jewel_locations",)),
        jewel_exit_trails=m.jewel_trails(nests, entrances),
        scent_trails=m.scent_trails(),
        sneak_attack=m.sneak_attack(),
        labs=m.named_refs("labs"),
        landmarks=m.named_refs("landmarks"),
        city_limits=m.city_limits(),
        marine_entry_hexes=m.refs(m.tree.get("marine_entry_hexes"), ("marine_entry_hexes",)),
        jewel_exit_hexes=m.refs(m.tree.get("jewel_exit_hexes"), ("jewel_exit_hexes",)),
        vermite_entry_hexes=m.numbered_refs("vermite_entry_hexes", 1, 6),
        psychic_whip_columns=psychic,
        escape_edge=escape,
        stated_terrain=m.stated_terrain(terrain),
    )

"""Loads and validates Space Vermin's YAML data into typed tables (errors name file and path).

Files (``data/``): ``terrain.yaml`` (§P), ``counters.yaml`` (§B-1), ``chits.yaml`` (§D, §J-5),
``tables.yaml`` (§F, §I, §J) and ``maps/alpha.yaml`` / ``maps/beta.yaml`` (§B-2, §P).
Overrides for a designer's what-if are ``{"file:path": value}`` (for example
``{"counters:marines.squad.full.cf": 5}``) or ``{"path": value}`` (the first file holding it).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from rules_lib.core.boards.hex import DIRECTIONS, Hex, offset_to_axial
from rules_lib.core.data import Check, DataError, DataLoader, GameData
from rules_lib.core.engine import Context

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = {
    "terrain": "terrain.yaml",
    "counters": "counters.yaml",
    "chits": "chits.yaml",
    "tables": "tables.yaml",
    "alpha": "maps/alpha.yaml",
    "beta": "maps/beta.yaml",
    "scenarios": "scenarios.yaml",
}
MAPS = ("alpha", "beta")
TERRAIN_TYPES = ("clear", "bamboo", "bog", "building", "tar_pit", "nest")
WEAPONS = ("standard", "pistol", "pants", "ant_gun", "none")
VERMITE_KINDS = ("drone", "soldier", "ultra_mite")
CHIT_EFFECTS = ("none", "extra_draw", "bogs_flood", "nat_plague", "molt", "extra_move",
                "tunnel_exit", "extra_spawn", "fog", "drones_flock_twice", "acid_rain")
NUMBERED = frozenset("".join(d) for d in itertools.product("123456", repeat=3))


@dataclass(frozen=True)
class TerrainType:
    """One kind of terrain: MP cost to enter, defensive benefit, Line-of-Sight blocking (§P)."""

    name: str
    cost: int
    defensive: bool
    blocks_los: bool
    enterable: bool
    road: bool = False


@dataclass(frozen=True)
class CounterSide:
    """One printed side of a counter: Combat Factor, Defense Number, Movement Allowance, weapon."""

    cf: int
    dn: int
    ma: int
    weapon: str = "standard"


@dataclass(frozen=True)
class MarineType:
    """A Marine counter type (§B-1-a) with its sides and special abilities."""

    key: str
    name: str
    count: int
    sides: dict[str, CounterSide]
    unlimited_range: bool = False
    jump_pack: bool = False
    recon: bool = False
    hq: bool = False
    rally: bool = False
    purge: bool = False
    damage: str = "standard"
    carries_jewels: int = 0
    load_mp: int = 0  # MP to load a Crown Jewel (Recovery Vehicles, §J-6)
    pistol_cf: int = 0  # the Scientist's Pistol, only with the variant scientist_has_pistol


@dataclass(frozen=True)
class VermiteType:
    """A Vermite Warrior or Queen type (§B-1-b, §B-1-c): sides, Unit IDs, NAT roll, SN, rank."""

    key: str
    name: str
    kind: str  # drone | soldier | ultra_mite | queen
    full: CounterSide
    reduced: CounterSide
    nat_roll: int
    ids: tuple[int, ...] = ()
    rank: int = 0
    sn: int = 0


@dataclass(frozen=True)
class EventChit:
    """A Vermite Event Chit: its three direction numbers and its event (§D)."""

    name: str
    alpha_blue: int
    alpha_yellow: int
    beta: int | str
    effect_kind: str
    effect_text: str
    invented_kind: str = "none"  # the project's stand-in card (variant invented_event_chit_card)
    invented_text: str = ""


@dataclass(frozen=True)
class SecretWeapon:
    """A Secret Weapon chit of the M.A.D. Scientist (§J-5)."""

    name: str
    rolls: bool
    effect: str
    targets: str
    range: int = 0
    count: int = 0
    removes_from_game: bool = False


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


@dataclass
class SVData:
    """Every number of the game, typed; ``sources`` keeps each file's GameData (with provenance)."""

    terrain: dict[str, TerrainType]
    road_marine_cost: Fraction
    road_vermite_cost: int
    trail_vermite_cost: int
    flooded_cost: int
    flooded_defensive: bool
    flood_event: str
    hit_convention: str
    marines: dict[str, MarineType]
    vermites: dict[str, VermiteType]
    jewel_bonus: dict[str, int]
    jewel_spawn_bonus: int
    jewel_pickup_mp: int
    warrior_carries: int
    tunnel_exit_dn: int
    vermite_stack_limit: int
    psychic_whip_ma: int
    event_chits: list[EventChit]
    secret_weapons: list[SecretWeapon]
    tables: dict[str, Any]
    maps: dict[str, MapData]
    total_counters: int
    marker_counts: dict[str, int]
    sources: dict[str, GameData] = field(default_factory=dict)
    # built from these values once and kept: the Mapzones (board.py) and the provenance reasons
    # of events (provenance.py)
    maps_built: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    reasons: dict[Any, str] = field(default_factory=dict, repr=False, compare=False)
    # a unit's face-up values with its markers (``state.effective_values``), by what they depend on
    effective_cache: dict[tuple, CounterSide] = field(default_factory=dict, repr=False,
                                                      compare=False)

    def vermite_kind(self, key: str) -> str:
        """drone / soldier / ultra_mite / queen for a Vermite type key."""
        return self.vermites[key].kind


# --------------------------------------------------------------------------------------------------
# loading
# --------------------------------------------------------------------------------------------------


def load_sources(overrides: dict[str, Any] | None = None) -> dict[str, GameData]:
    """Read the data files, with designer overrides (core ``apply_overrides`` syntax)."""
    return LOADER.files(overrides)


def load_game_data(overrides: dict[str, Any] | None = None) -> SVData:
    """The game's data, with designer overrides if given (built once per set)."""
    return LOADER.data(overrides)


def game_data(ctx: Context | None) -> SVData:
    """The game data a procedure works with (the context's, else the standard files)."""
    data = getattr(ctx, "data", None)
    return data if isinstance(data, SVData) else load_game_data()


def label_of(value: Any) -> str:
    """A hex reference in a data file (315 or "u4.3" or "Nest 1") as its label text."""
    return str(value)


def _side(chk: Check, node: Any, path: tuple) -> CounterSide:
    """Read one counter side {cf, dn, ma, weapon}."""
    if not isinstance(node, dict):
        chk.fail(path, "must be a mapping with cf, dn, ma")
        return CounterSide(0, 0, 0, "none")
    cf = chk.require(node, "cf", int, path)
    dn = chk.require(node, "dn", int, path)
    ma = chk.require(node, "ma", int, path)
    weapon = node.get("weapon", "standard")
    chk.one_of(weapon, WEAPONS, path + ("weapon",), "weapon")
    return CounterSide(cf or 0, dn or 0, ma or 0, weapon)


def _terrain(src: GameData) -> tuple[dict[str, TerrainType], dict[str, Any]]:
    chk = Check(src)
    tree = src.tree
    types = {}
    for name, node in (tree.get("types") or {}).items():
        path = ("types", name)
        chk.one_of(name, TERRAIN_TYPES, path, "terrain type")
        types[name] = TerrainType(
            name,
            chk.require(node, "cost", int, path) or 0,
            bool(chk.require(node, "defensive", bool, path)),
            bool(chk.require(node, "blocks_los", bool, path)),
            bool(chk.require(node, "enterable", bool, path)),
            bool(node.get("road", False)),
        )
    for name in TERRAIN_TYPES:
        if name not in types:
            chk.fail(("types", name), "missing terrain type")
    chk.raise_if_any()
    return types, tree


def _marines(chk: Check, tree: dict) -> dict[str, MarineType]:
    out = {}
    for key, node in (tree.get("marines") or {}).items():
        path = ("marines", key)
        sides = {}
        for side in ("full", "disrupted", "unlimbered", "weapon_ready"):
            if side in node:
                sides[side] = _side(chk, node[side], path + (side,))
        if "full" not in sides:
            chk.fail(path + ("full",), f"Marine type {key!r} has no full-strength side")
        out[key] = MarineType(
            key,
            node.get("name", key),
            chk.require(node, "count", int, path) or 0,
            sides,
            unlimited_range=bool(node.get("unlimited_range", False)),
            jump_pack=bool(node.get("jump_pack", False)),
            recon=bool(node.get("recon", False)),
            hq=bool(node.get("hq", False)),
            rally=bool(node.get("rally", False)),
            purge=bool(node.get("purge", False)),
            damage=node.get("damage", "standard"),
            carries_jewels=int(node.get("carries_jewels", 0)),
            load_mp=int(node.get("load_mp", 0)),
            pistol_cf=int(node.get("pistol_cf", 0)),
        )
    return out


def _vermites(chk: Check, tree: dict) -> dict[str, VermiteType]:
    out: dict[str, VermiteType] = {}
    seen_ids: dict[int, str] = {}
    for key, node in (tree.get("vermites") or {}).items():
        path = ("vermites", key)
        chk.one_of(key, VERMITE_KINDS, path, "Vermite Warrior type")
        ids = tuple(chk.require(node, "ids", list, path) or ())
        for i in ids:
            if not isinstance(i, int) or i < 1:
                chk.fail(path + ("ids",), f"Unit ID {i!r} must be a positive number")
            elif i in seen_ids:
                chk.fail(path + ("ids",), f"Unit ID {i} is used by {seen_ids[i]} and {key}")
            else:
                seen_ids[i] = key
        out[key] = VermiteType(
            key,
            node.get("name", key),
            key,
            _side(chk, node.get("full"), path + ("full",)),
            _side(chk, node.get("reduced"), path + ("reduced",)),
            chk.require(node, "nat_roll", int, path) or 0,
            ids,
        )
    for key, node in (tree.get("queens") or {}).items():
        path = ("queens", key)
        out[key] = VermiteType(
            key,
            node.get("name", key),
            "queen",
            _side(chk, node.get("full"), path + ("full",)),
            _side(chk, node.get("reduced"), path + ("reduced",)),
            chk.require(node, "nat_roll", int, path) or 0,
            (),
            rank=chk.require(node, "rank", int, path) or 0,
            sn=chk.require(node, "sn", int, path) or 0,
        )
    return out


def _chits(chk: Check, tree: dict) -> tuple[list[EventChit], list[SecretWeapon]]:
    chits = []
    for i, node in enumerate(tree.get("event_chits") or []):
        path = ("event_chits", i)
        dirs = []
        for key in ("alpha_blue", "alpha_yellow"):
            d = chk.require(node, key, int, path)
            if d is not None and d not in DIRECTIONS:
                chk.fail(path + (key,), f"direction {d} is not 1-6")
            dirs.append(d or 1)
        beta = node.get("beta")
        if beta != "*" and beta not in DIRECTIONS:
            chk.fail(path + ("beta",), f"direction {beta!r} is not 1-6 or '*'")
        effect = node.get("effect") or {}
        invented = node.get("invented_effect") or {}
        for key, part in (("effect", effect), ("invented_effect", invented)):
            if part:
                chk.one_of(part.get("kind"), CHIT_EFFECTS, path + (key, "kind"), "event kind")
        chits.append(
            EventChit(
                str(node.get("name")),
                dirs[0],
                dirs[1],
                beta,
                effect.get("kind", "none"),
                effect.get("text", ""),
                invented.get("kind", "none"),
                invented.get("text", ""),
            )
        )
    names = [c.name for c in chits]
    for name in set(names):
        if names.count(name) > 1:
            chk.fail(("event_chits",), f"Event Chit {name!r} is listed twice")
    weapons = []
    for i, node in enumerate(tree.get("secret_weapons") or []):
        path = ("secret_weapons", i)
        chk.one_of(
            node.get("effect"), ("eliminate", "reduce", "jolt"), path + ("effect",), "effect"
        )
        chk.one_of(node.get("targets"), ("any", "drones"), path + ("targets",), "target kind")
        rolls = bool(node.get("rolls"))
        if not rolls:
            chk.require(node, "range", int, path)
            chk.require(node, "count", int, path)
        weapons.append(
            SecretWeapon(
                str(node.get("name")),
                rolls,
                node.get("effect"),
                node.get("targets"),
                int(node.get("range", 0)),
                int(node.get("count", 0)),
                bool(node.get("removes_from_game", False)),
            )
        )
    return chits, weapons


def _adjacent(a: tuple[int, int], b: tuple[int, int], layout: str) -> bool:
    ha, hb = offset_to_axial(*a, layout), offset_to_axial(*b, layout)
    return Hex(hb[0] - ha[0], hb[1] - ha[1]) in DIRECTIONS.values()


def _map(src: GameData, key: str, terrain_types: dict[str, TerrainType]) -> MapData:
    """Read and check one map file: numbering, terrain, paths, features."""
    chk = Check(src)
    tree = src.tree
    layout = tree.get("layout", "odd-q")
    chk.one_of(layout, ("odd-q", "even-q"), ("layout",), "hex layout")
    cells: dict[str, tuple[int, int]] = {}
    columns = tree.get("columns") or {}
    for col, items in columns.items():
        if not isinstance(col, int) or not isinstance(items, list):
            chk.fail(("columns", col), "each column is a number with a list of hexes")
            continue
        for row, item in enumerate(items, start=1):
            label = f"u{col}.{row}" if item == "-" else label_of(item)
            if label in cells:
                chk.fail(("columns", col, row - 1), f"hex {label} appears twice")
            cells[label] = (col, row)
    numbered = {lab for lab in cells if lab.isdigit()}
    if numbered != NUMBERED:
        missing = sorted(NUMBERED - numbered)[:5]
        extra = sorted(numbered - NUMBERED)[:5]
        chk.fail(
            ("columns",),
            f"numbered hexes must be exactly 111-666 with digits 1-6 "
            f"(missing {missing}, not allowed {extra})",
        )

    def ref(value: Any, path: tuple) -> str:
        lab = label_of(value)
        if lab not in cells:
            chk.fail(path, f"hex {lab!r} is not on {tree.get('name', key)}")
        return lab

    def path_of(values: Any, path: tuple) -> tuple[str, ...]:
        labs = tuple(ref(v, path + (i,)) for i, v in enumerate(values or []))
        for i, (a, b) in enumerate(zip(labs, labs[1:])):
            if a in cells and b in cells and not _adjacent(cells[a], cells[b], layout):
                chk.fail(path + (i + 1,), f"hexes {a} and {b} are not adjacent")
        return labs

    terrain: dict[str, str] = {}
    for tname, labels in (tree.get("terrain") or {}).items():
        chk.one_of(tname, terrain_types, ("terrain", tname), "terrain type")
        for i, v in enumerate(labels or []):
            lab = ref(v, ("terrain", tname, i))
            if lab in terrain:
                chk.fail(("terrain", tname, i), f"hex {lab} already has terrain {terrain[lab]}")
            if tname == "tar_pit" and lab.isdigit():
                chk.fail(
                    ("terrain", tname, i),
                    f"hex {lab} is numbered; Toxic Tar Pits are unnumbered hexes (§B-2)",
                )
            terrain[lab] = tname
    nests = {int(n): ref(v, ("nests", n)) for n, v in (tree.get("nests") or {}).items()}
    for n, lab in nests.items():
        if lab.isdigit():
            chk.fail(("nests", n), f"Nest {n} hex {lab} must be unnumbered (§P-2-k)")
        terrain[lab] = "nest"
    bridges = tuple(ref(v, ("bridges", i)) for i, v in enumerate(tree.get("bridges") or []))
    for i, lab in enumerate(bridges):
        if terrain.get(lab) != "tar_pit":
            chk.fail(("bridges", i), f"bridge hex {lab} must be a Toxic Tar Pit hex (§P-3-n)")
    roads = [path_of(r, ("roads", i)) for i, r in enumerate(tree.get("roads") or [])]
    for lab in bridges:
        if not any(lab in r for r in roads):
            chk.fail(("bridges",), f"bridge hex {lab} is on no road")
    main_road = tree.get("main_road")
    if main_road is not None and not 0 <= main_road < len(roads):
        chk.fail(("main_road",), f"no road number {main_road}")
    trails = []
    for i, node in enumerate(tree.get("scent_trails") or []):
        trails.append(
            ScentTrail(
                str(node.get("name", f"trail {i + 1}")),
                path_of(node.get("path"), ("scent_trails", i, "path")),
            )
        )
    jewel_trails = {}
    for start, node in (tree.get("jewel_exit_trails") or {}).items():
        p = path_of(node.get("path"), ("jewel_exit_trails", start, "path"))
        if p and p[0] != label_of(start):
            chk.fail(("jewel_exit_trails", start), f"trail must start at its Jewel hex {start}")
        jewel_trails[label_of(start)] = (int(node.get("nest", 0)), p)
    entrances = {
        int(n): ref(v, ("nest_tunnel_entrances", n))
        for n, v in (tree.get("nest_tunnel_entrances") or {}).items()
    }
    for start, (nest, p) in jewel_trails.items():
        if p and entrances.get(nest) != p[-1]:
            chk.fail(
                ("jewel_exit_trails", start),
                f"trail must end at Nest {nest}'s Tunnel Entrance {entrances.get(nest)}",
            )
    exits = {
        int(n): ref(v, ("tunnel_exits", n)) for n, v in (tree.get("tunnel_exits") or {}).items()
    }
    psychic = tree.get("psychic_whip_columns") or 0
    mdata = MapData(
        key=key,
        name=str(tree.get("name", key)),
        file=src.file,
        layout=layout,
        cells=cells,
        terrain=terrain,
        roads=roads,
        bridges=bridges,
        main_road=main_road,
        nests=nests,
        nest_tunnel_entrances=entrances,
        tunnel_exits=exits,
        exit_nests={int(k): int(v) for k, v in (tree.get("exit_nests") or {}).items()},
        crown_jewel_locations=tuple(
            ref(v, ("crown_jewel_locations", i))
            for i, v in enumerate(tree.get("crown_jewel_locations") or [])
        ),
        jewel_exit_trails=jewel_trails,
        scent_trails=trails,
        sneak_attack=dict(tree.get("sneak_attack") or {}),
        labs={k: ref(v, ("labs", k)) for k, v in (tree.get("labs") or {}).items()},
        landmarks={k: ref(v, ("landmarks", k)) for k, v in (tree.get("landmarks") or {}).items()},
        city_limits={
            k: tuple(ref(v, ("city_limits", k, i)) for i, v in enumerate(vs))
            for k, vs in (tree.get("city_limits") or {}).items()
        },
        marine_entry_hexes=tuple(
            ref(v, ("marine_entry_hexes", i))
            for i, v in enumerate(tree.get("marine_entry_hexes") or [])
        ),
        jewel_exit_hexes=tuple(
            ref(v, ("jewel_exit_hexes", i))
            for i, v in enumerate(tree.get("jewel_exit_hexes") or [])
        ),
        vermite_entry_hexes={
            int(k): ref(v, ("vermite_entry_hexes", k))
            for k, v in (tree.get("vermite_entry_hexes") or {}).items()
        },
        psychic_whip_columns=int(psychic),
        escape_edge=tree.get("escape_edge"),
        stated_terrain={
            k: tuple(ref(v, ("stated_terrain", k, i)) for i, v in enumerate(vs))
            for k, vs in (tree.get("stated_terrain") or {}).items()
        },
    )
    for tname, labs in mdata.stated_terrain.items():
        for lab in labs:
            if terrain.get(lab, "clear") != tname:
                chk.fail(
                    ("stated_terrain", tname),
                    f"hex {lab} must be {tname} (the rulebook says "
                    f"so), the map gives {terrain.get(lab, 'clear')}",
                )
    chk.raise_if_any()
    return mdata


def build(sources: dict[str, GameData]) -> SVData:
    """Validate every file and assemble the typed data."""
    types, tt = _terrain(sources["terrain"])
    counters = sources["counters"]
    chk = Check(counters)
    ct = counters.tree
    marines = _marines(chk, ct)
    vermites = _vermites(chk, ct)
    jewels = ct.get("crown_jewels") or {}
    tunnel = ct.get("tunnel_exit_chits") or {}
    markers = {k: int(v) for k, v in (ct.get("markers") or {}).items()}
    chk.raise_if_any()
    cchk = Check(sources["chits"])
    chits, weapons = _chits(cchk, sources["chits"].tree)
    cchk.raise_if_any()
    maps = {key: _map(sources[key], key, types) for key in MAPS}
    if not any(c.name == str(tt["flooded"]["event"]) and c.effect_kind == "bogs_flood"
               for c in chits):
        raise DataError(sources["terrain"].file, ("flooded", "event"),
                        f"no Event Chit {tt['flooded']['event']!r} with the bogs_flood effect")
    total = int(ct.get("total_counters", 0))
    counted = (
        sum(m.count for m in marines.values())
        + sum(len(v.ids) if v.kind != "queen" else 1 for v in vermites.values())
        + int(jewels.get("count", 0))
        + int(tunnel.get("count", 0))
        + sum(markers.values())
        + len(chits)
        + len(weapons)
    )
    if counted != total:
        raise DataError(
            counters.file,
            ("total_counters",),
            f"the counter mix adds up to {counted}, the rulebook says {total} (§B)",
        )
    return SVData(
        terrain=types,
        road_marine_cost=Fraction(str(tt["road"]["marine_cost"])),
        road_vermite_cost=int(tt["road"]["vermite_cost"]),
        trail_vermite_cost=int(tt["scent_trail"]["vermite_cost"]),
        flooded_cost=int(tt["flooded"]["cost"]),
        flooded_defensive=bool(tt["flooded"]["defensive"]),
        flood_event=str(tt["flooded"]["event"]),
        hit_convention=str(sources["tables"].tree["hit_convention"]),
        marines=marines,
        vermites=vermites,
        jewel_bonus={k: int(jewels["bonus"][k]) for k in ("cf", "dn", "ma", "max_dn")},
        jewel_spawn_bonus=int(jewels["spawn_bonus"]),
        jewel_pickup_mp=int(jewels["pickup_mp"]),
        warrior_carries=int(jewels["warrior_carries"]),
        tunnel_exit_dn=int(tunnel["dn"]),
        vermite_stack_limit=int(sources["tables"].tree["vermite_stacking"]["limit"]),
        psychic_whip_ma=int(tt["psychic_whip"]["ma_bonus"]),
        event_chits=chits,
        secret_weapons=weapons,
        tables=sources["tables"].tree,
        maps=maps,
        total_counters=total,
        marker_counts=markers,
        sources=sources,
    )


LOADER = DataLoader("space_vermin", DATA_DIR, FILES, build)

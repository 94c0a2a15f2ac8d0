"""Loads and validates Ginormopod's YAML data into typed tables (errors name file/path/piece)."""
from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from rules_lib.core.data import Check, DataError, DataLoader, GameData

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("map", "units", "tables", "chits")
SIDES = ("Swarm", "Human")
ZONES = ("west", "fence", "east")
FX_KEYS = ("own_pip_modifier", "enemy_pip_modifier", "extra_dice", "auto_hits", "cancel_hits",
           "fires_in_barrage")


# -- values read on first use --------------------------------------------------------------------
# Numbers are read from the data tree when the rules first ask for them (then kept as a plain
# attribute): with `rules_lib.core.data.track_reads` copies of the files, the read log then says
# which numbers the game really uses (tests/games/ginormopod/test_data_alive.py).


@dataclass(frozen=True)
class City:
    """A City on the map: its Fence zone, the Swarm Formation of its Hive if it is one, and its
    drawing position (read from the data when first drawn)."""

    name: str
    zone: str
    hive: str | None = None
    node: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def x(self) -> float:
        return float(self.node["x"])

    @cached_property
    def y(self) -> float:
        return float(self.node["y"])


@dataclass(frozen=True)
class FortInfo:
    """A Fort's printed facts: Formation, Fusion Fence membership, starting strength."""

    city: str
    formation: str
    fence: bool
    node: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def strength(self) -> int:
        return int(self.node["strength"])


@dataclass(frozen=True)
class UnitType:
    """A counter type: side, MP and the die-symbol pips of each side of the counter."""

    name: str
    side: str
    fresh_doubles: bool = False
    no_reduced_side: bool = False
    node: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def mp(self) -> int:
        return int(self.node["mp"])

    @cached_property
    def fresh(self) -> tuple[int, ...]:
        return tuple(self.node["fresh"])

    @cached_property
    def reduced(self) -> tuple[int, ...]:
        return tuple(self.node["reduced"])

    @cached_property
    def revealed_armed(self) -> tuple[int, ...]:
        return tuple(self.node.get("revealed_armed", ()))


@dataclass(frozen=True)
class FXInfo:
    """An FX chit: owner, when it enters the cup, whether it endangers the planet, its effect
    (the data's mapping, read key by key as Combats use it)."""

    name: str
    side: str
    start: str
    danger: bool
    effect: Any
    formation: str | None = None


@dataclass(frozen=True)
class ActivationChit:
    """An Activation Chit: which side's Formation it activates and where it starts."""

    name: str
    side: str
    formation: str
    start: str


def _number(tree: Any, *path: str | int) -> int:
    node = tree
    for part in path:
        node = node[part]
    return int(node)


@dataclass
class GinData:
    """Every value of the game, typed; `sources` keeps the GameData (with provenance) per file.
    Numbers are properties read from the files on first use (see the note above City)."""

    cities: dict[str, City]
    roads: list[tuple[str, str]]
    forts: dict[str, FortInfo]
    victory_cities: tuple[str, ...]
    flags: dict[str, tuple[str, ...]]
    types: dict[str, UnitType]
    formations: dict[str, tuple[str, ...]]
    human_setup: list[Any]
    allied_units: dict[str, list[Any]]
    guard_table: dict[int, str]
    activation: dict[str, ActivationChit]
    fx: dict[str, FXInfo]
    sources: dict[str, GameData] = field(default_factory=dict)
    adjacency: dict[str, tuple[str, ...]] = field(default_factory=dict)
    map_variant: str = ""

    def _tree(self, name: str) -> Any:
        return self.sources[name].tree

    # -- map.yaml
    @cached_property
    def fort_pips(self) -> int:
        """Fort Combat: the Fort's dice hit on this many pips or more."""
        return _number(self._tree("map"), "fort_dice", "pips")

    @cached_property
    def victory_needed(self) -> int:
        return _number(self._tree("map"), "victory_cities", "needed")

    @cached_property
    def stack_limit(self) -> int:
        return _number(self._tree("map"), "stacking", "per_side")

    # -- units.yaml
    @cached_property
    def hive_units(self) -> dict[str, int]:
        """Counters of each type set up in every Hive."""
        node = self._tree("units")["hive_units"]
        return {kind: int(node[kind]) for kind in node}

    @cached_property
    def guards_armed(self) -> int:
        return _number(self._tree("units"), "guards", "armed")

    @cached_property
    def guards_blank(self) -> int:
        return _number(self._tree("units"), "guards", "blank")

    # -- tables.yaml
    @cached_property
    def guard_dice(self) -> int:
        return _number(self._tree("tables"), "national_guard_table", "dice")

    @cached_property
    def guards_per_city(self) -> int:
        return _number(self._tree("tables"), "guards_per_city", "max")

    @cached_property
    def guard_rolls(self) -> int:
        return _number(self._tree("tables"), "guards_per_city", "rolls")

    @cached_property
    def danger_spaces(self) -> int:
        """Spaces on the Danger track (the marker starts on space 0)."""
        return len(self._tree("tables")["danger_track"]["symbols"])

    def danger_symbols(self, space: int) -> tuple[int, ...]:
        """The die symbols printed on a Danger space (read when the marker stands there)."""
        return tuple(self._tree("tables")["danger_track"]["symbols"][space])

    @cached_property
    def danger_advance(self) -> int:
        return _number(self._tree("tables"), "danger_track", "advance")

    @cached_property
    def danger_dice(self) -> int:
        return _number(self._tree("tables"), "danger_track", "dice")

    @cached_property
    def first_turn(self) -> int:
        return _number(self._tree("tables"), "turn_track", "first_turn")

    @cached_property
    def last_turn(self) -> int:
        return _number(self._tree("tables"), "turn_track", "last_turn")

    @cached_property
    def tracker_delay(self) -> int:
        return _number(self._tree("tables"), "turn_track", "time_tracker_delay")

    @cached_property
    def removed_from_turn(self) -> int:
        return _number(self._tree("tables"), "turn_track", "removed_from_turn")

    @cached_property
    def allied_turn(self) -> int:
        return _number(self._tree("tables"), "turn_track", "allied_turn")

    @cached_property
    def danger_chit_turn(self) -> int:
        return _number(self._tree("tables"), "turn_track", "danger_chit_turn")

    @cached_property
    def end_track_spaces(self) -> int:
        """The Action Phase ends when this many ...The End??? chits are on the Turn End Track."""
        return _number(self._tree("tables"), "turn_end_track", "spaces")

    @cached_property
    def overrun_min_acting(self) -> int:
        return _number(self._tree("tables"), "overrun", "min_acting")

    @cached_property
    def overrun_max_enemy(self) -> int:
        return _number(self._tree("tables"), "overrun", "max_enemy")

    # -- chits.yaml
    @cached_property
    def end_chits(self) -> int:
        """...The End??? chits put in the cup (GIN-AMB-01)."""
        return _number(self._tree("chits"), "end_chits", "count")

    @property
    def hives(self) -> dict[str, str]:
        """Hive city -> its Swarm Formation."""
        return {c.name: c.hive for c in self.cities.values() if c.hive}

    def formation_side(self, formation: str) -> str:
        """Swarm or Human for a Formation name."""
        return "Swarm" if formation in self.formations["Swarm"] else "Human"


MAP_VARIANT = "three_western_hives"  # the rule variant that swaps in the map's variant section


def load_sources(overrides: dict[str, Any] | None = None) -> dict[str, GameData]:
    """Read the four data files, with designer overrides (core ``apply_overrides`` syntax)."""
    return LOADER.files(overrides)


def load_game_data(overrides: dict[str, Any] | None = None,
                   variants: Iterable[str] = ()) -> GinData:
    """The game data (built once per set of overrides); the `three_western_hives` rule variant
    plays on the map's variant section (GIN-MF-05)."""
    return (THREE_HIVES_LOADER if MAP_VARIANT in variants else LOADER).data(overrides)


def data_for(state: Any) -> GinData:
    """The data a state is played on (its rule variants may change the map)."""
    return load_game_data(None, getattr(state, "variants", ()))


def _plain(node: Any) -> Any:
    """An untracked copy of a data tree: validation reads it without counting as use (the base
    dict/list methods bypass the read log of `track_reads` copies)."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in dict.items(node)}
    if isinstance(node, list):
        return [_plain(v) for v in list.__iter__(node)]
    return node


def _pips(chk: Check, node: Any, path: tuple) -> tuple[int, ...]:
    if not isinstance(node, list) or not all(isinstance(p, int) and not isinstance(p, bool)
                                             for p in node):
        chk.fail(path, f"must be a list of die pips (integers), found {node!r}")
        return ()
    for i, p in enumerate(node):
        if not 1 <= p <= 6:
            chk.fail(path + (i,), f"die pips {p} not within 1..6")
    return tuple(node)


def _positive(chk: Check, tree: Any, path: tuple, minimum: int = 1) -> None:
    node = tree
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, int) or isinstance(node, bool) or node < minimum:
        chk.fail(path, f"must be a whole number of at least {minimum}, found {node!r}")


def _map_tree(tree: dict[str, Any], variant: str) -> dict[str, Any]:
    """The map tree to play on: as printed, or with the variant section's Cities, Hives and roads
    (Hives replaced, Cities and roads added)."""
    if not variant:
        return tree
    extra = tree.get(variant)
    if not isinstance(extra, dict):
        raise DataError("map.yaml", (variant,), "the map has no such variant section")
    out = dict(tree)
    cities = dict(tree.get("cities") or {})
    cities.update(extra.get("cities") or {})
    out["cities"] = cities
    out["hives"] = extra.get("hives") or {}
    out["roads"] = {"list": [*(tree.get("roads") or {}).get("list", []),
                             *(extra.get("roads") or [])]}
    return out


def build(sources: dict[str, GameData], map_variant: str = "") -> GinData:
    """Validate the four files against each other and build GinData (errors name the problem).

    Validation reads untracked copies; the typed tables keep references into the files' own trees
    and read their numbers when the rules first use them."""
    m, u, t, c = (sources[n] for n in FILES)
    mt, ut, tt, ct = (_plain(x.tree) for x in (m, u, t, c))  # for validation
    mtree = _map_tree(m.tree, map_variant)  # the (tracked) trees the game reads
    mt = _map_tree(mt, map_variant)
    # -- map ---------------------------------------------------------------------------------
    mc = Check(m)
    cities: dict[str, City] = {}
    hives = {name: (node or {}).get("formation") for name, node in (mt.get("hives") or {}).items()}
    for name, node in (mt.get("cities") or {}).items():
        path = ("cities", name)
        mc.require(node, "x", (int, float), path)
        mc.require(node, "y", (int, float), path)
        zone = mc.require(node, "zone", str, path)
        if zone is not None:
            mc.one_of(zone, ZONES, path + ("zone",), "zone")
        cities[name] = City(name, zone or "east", hives.get(name), mtree["cities"][name])
    for name, form in hives.items():
        path = ("hives", name)
        if name not in cities:
            mc.fail(path, f"Hive {name!r} is not a City of the map")
        elif cities[name].zone != "west":
            mc.fail(path, f"Hive {name!r} is not west of the Fusion Fence")
        if not isinstance(form, str):
            mc.fail(path + ("formation",), f"a Hive names its Swarm Formation, found {form!r}")
    roads: list[tuple[str, str]] = []
    for i, road in enumerate((mt.get("roads") or {}).get("list", [])):
        path = ("roads", "list", i)
        if not (isinstance(road, list) and len(road) == 2):
            mc.fail(path, f"a road is a pair of City names, found {road!r}")
            continue
        ok = True
        for j, end in enumerate(road):
            if end not in cities:
                mc.fail(path + (j,), f"unknown City {end!r} in road {road!r}")
                ok = False
        if ok:
            roads.append((road[0], road[1]))
    forts: dict[str, FortInfo] = {}
    for name, node in (mt.get("forts") or {}).items():
        path = ("forts", name)
        if name not in cities:
            mc.fail(path, f"unknown City {name!r} for a Fort")
            continue
        form = mc.require(node, "formation", str, path)
        strength = mc.require(node, "strength", int, path)
        fence = mc.require(node, "fence", bool, path)
        if strength is not None and strength < 1:
            mc.fail(path + ("strength",), f"Fort strength must be at least 1, found {strength}")
        forts[name] = FortInfo(name, form or "", bool(fence), mtree["forts"][name])
    for name, city in cities.items():
        if city.zone == "fence" and not (name in forts and forts[name].fence):
            mc.fail(("cities", name, "zone"),
                    f"{name!r} is in the fence zone but is not a Fence Fort")
    for a, b in roads:
        za, zb = cities[a].zone, cities[b].zone
        if {za, zb} == {"west", "east"}:
            mc.fail(("roads", "list"),
                    f"road {a} - {b} crosses the Fusion Fence without a Fence Fort")
    victory = tuple((mt.get("victory_cities") or {}).get("cities", []))
    for i, v in enumerate(victory):
        if v not in forts:
            mc.fail(("victory_cities", "cities", i), f"victory City {v!r} is not a Fort")
    flags = {}
    for nation, flist in (mt.get("flags") or {}).items():
        for i, f in enumerate(flist):
            if f not in cities:
                mc.fail(("flags", nation, i), f"unknown City {f!r} for the {nation} flag")
        flags[nation] = tuple(flist)
    _positive(mc, mt, ("fort_dice", "pips"))
    _positive(mc, mt, ("victory_cities", "needed"))
    _positive(mc, mt, ("stacking", "per_side"))
    mc.raise_if_any()
    # -- units -------------------------------------------------------------------------------
    uc = Check(u)
    types: dict[str, UnitType] = {}
    for name, node in (ut.get("types") or {}).items():
        path = ("types", name)
        side = uc.require(node, "side", str, path)
        if side is not None:
            uc.one_of(side, SIDES, path + ("side",), "side")
        uc.require(node, "mp", int, path)
        _pips(uc, node.get("fresh"), path + ("fresh",))
        _pips(uc, node.get("reduced"), path + ("reduced",))
        _pips(uc, node.get("revealed_armed", []), path + ("revealed_armed",))
        types[name] = UnitType(name, side or "Swarm", bool(node.get("fresh_doubles", False)),
                               bool(node.get("no_reduced_side", False)), u.tree["types"][name])
    if "Guard" not in types:
        uc.fail(("types",), "the National Guard type 'Guard' is missing")
    formations = {k: tuple(v) for k, v in (ut.get("formations") or {}).items()}
    for side in ("Swarm", "Human", "Allied"):
        if side not in formations:
            uc.fail(("formations", side), "missing")
    for h in sorted({f for f in hives.values() if isinstance(f, str)}):
        if h not in formations.get("Swarm", ()):
            uc.fail(("formations", "Swarm"), f"Hive Formation {h!r} is not a Swarm Formation")
    for tname in ut.get("hive_units") or {}:
        if tname not in types:
            uc.fail(("hive_units", tname), f"unknown unit type {tname!r}")
    setup = (ut.get("human_setup") or {}).get("placements", [])
    human_forms = set(formations.get("Human", ()))
    for i, row in enumerate(setup):
        path = ("human_setup", "placements", i)
        if row.get("city") not in cities:
            uc.fail(path + ("city",), f"unknown City {row.get('city')!r}")
        if row.get("type") not in types:
            uc.fail(path + ("type",), f"unknown unit type {row.get('type')!r}")
        if row.get("formation") not in human_forms:
            uc.fail(path + ("formation",), f"unknown Human Formation {row.get('formation')!r}")
    for nation, rows in (ut.get("allied_units") or {}).items():
        if nation not in formations.get("Allied", ()):
            uc.fail(("allied_units", nation), f"unknown Allied Formation {nation!r}")
        for i, row in enumerate(rows):
            if row.get("type") not in types:
                uc.fail(("allied_units", nation, i, "type"),
                        f"unknown unit type {row.get('type')!r}")
    uc.raise_if_any()
    # -- tables ------------------------------------------------------------------------------
    tc = Check(t)
    table = {}
    for roll, city in ((tt.get("national_guard_table") or {}).get("results") or {}).items():
        if city not in cities:
            tc.fail(("national_guard_table", "results", roll), f"unknown City {city!r}")
        elif cities[city].hive:
            tc.fail(("national_guard_table", "results", roll),
                    f"{city!r} is a Swarm Hive: no National Guard is placed there")
        table[int(roll)] = city
    symbols = (tt.get("danger_track") or {}).get("symbols")
    if not symbols:
        tc.fail(("danger_track", "symbols"), "the Danger track needs at least one space")
    for i, space in enumerate(symbols or []):
        _pips(tc, space, ("danger_track", "symbols", i))
    for path in (("turn_track", "first_turn"), ("turn_track", "last_turn"),
                 ("turn_end_track", "spaces"), ("overrun", "min_acting"),
                 ("overrun", "max_enemy"), ("danger_track", "dice")):
        _positive(tc, tt, path)
    tc.raise_if_any()
    # -- chits -------------------------------------------------------------------------------
    cc = Check(c)
    activation = {}
    all_forms = {f for v in formations.values() for f in v}
    for name, node in (ct.get("activation") or {}).items():
        path = ("activation", name)
        if node.get("formation") not in all_forms:
            cc.fail(path + ("formation",), f"unknown Formation {node.get('formation')!r}")
        activation[name] = ActivationChit(name, node.get("side", ""), node.get("formation", ""),
                                          node.get("start", "cup"))
    fx = {}
    for name, node in (ct.get("fx") or {}).items():
        path = ("fx", name)
        side = cc.require(node, "side", str, path)
        if side is not None:
            cc.one_of(side, SIDES, path + ("side",), "side")
        for key in node.get("effect") or {}:
            cc.one_of(key, FX_KEYS, path + ("effect", key), "FX effect")
        fx[name] = FXInfo(name, side or "Swarm", node.get("start", "cup"), bool(node.get("danger")),
                          c.tree["fx"][name].get("effect") or {}, node.get("formation"))
    cc.raise_if_any()
    adjacency: dict[str, list[str]] = {name: [] for name in cities}
    for a, b in roads:
        adjacency[a].append(b)
        adjacency[b].append(a)
    return GinData(
        cities=cities, roads=roads, forts=forts, victory_cities=victory, flags=flags,
        types=types, formations=formations,
        human_setup=list(list.__iter__(u.tree["human_setup"]["placements"])),
        allied_units={k: list(list.__iter__(v))
                      for k, v in dict.items(u.tree.get("allied_units") or {})},
        guard_table=table, activation=activation, fx=fx, sources=sources,
        adjacency={k: tuple(v) for k, v in adjacency.items()}, map_variant=map_variant)


def validate_data(folder: Any = None) -> list[str]:
    """Every problem in the data files (or a copy in ``folder``), on both maps."""
    return LOADER.validate(folder) or THREE_HIVES_LOADER.validate(folder)


LOADER = DataLoader("ginormopod", DATA_DIR, FILES, build)
THREE_HIVES_LOADER = DataLoader("ginormopod", DATA_DIR, FILES,
                                functools.partial(build, map_variant=MAP_VARIANT))

"""Reading each of the four data files into typed records, each problem named by file and path.

One reader per file, in the order the files depend on each other: the map (Cities, roads, Forts,
Hives, flags), the units (types, Formations, the set-ups), the tables (National Guard, Danger, the
turn track) and the chits. Each checks the *plain* copy of its file (reading it does not count as
the rules using a number, see data.py) and keeps references into the file's own tree for the
typed records, whose numbers are read when the rules first use them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_lib.core.data import Check, DataError, GameData

from .battleground import City, FortInfo, Road
from .pieces import ActivationChit, FXInfo, UnitType

SIDES = ("Swarm", "Human")
ZONES = ("west", "fence", "east")
FX_KEYS = ("own_pip_modifier", "enemy_pip_modifier", "extra_dice", "auto_hits", "cancel_hits",
           "fires_in_barrage")
Path_ = tuple[str | int, ...]


def plain(node: Any) -> Any:
    """An untracked copy of a data tree: validation reads it without counting as use (the base
    dict/list methods bypass the read log of `track_reads` copies)."""
    if isinstance(node, dict):
        return {k: plain(v) for k, v in dict.items(node)}
    if isinstance(node, list):
        return [plain(v) for v in list.__iter__(node)]
    return node


def pips(chk: Check, node: Any, path: Path_) -> tuple[int, ...]:
    """A list of die pips (each 1..6); a problem recorded otherwise."""
    if not isinstance(node, list) or not all(isinstance(p, int) and not isinstance(p, bool)
                                             for p in node):
        chk.fail(path, f"must be a list of die pips (integers), found {node!r}")
        return ()
    for i, p in enumerate(node):
        if not 1 <= p <= 6:
            chk.fail(path + (i,), f"die pips {p} not within 1..6")
    return tuple(node)


def whole_number(chk: Check, tree: Any, path: Path_, minimum: int = 1) -> None:
    """The value at `path` must be a whole number of at least `minimum`."""
    node = tree
    for part in path:
        node = node.get(part) if isinstance(node, dict) else None
    if not isinstance(node, int) or isinstance(node, bool) or node < minimum:
        chk.fail(path, f"must be a whole number of at least {minimum}, found {node!r}")


def map_tree(tree: dict[str, Any], variant: str) -> dict[str, Any]:
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


# -- map.yaml ------------------------------------------------------------------------------------


@dataclass
class MapFile:
    """What map.yaml gives: Cities, Hives (City -> Swarm Formation), roads, Forts, the victory
    Cities and the Allied flags."""

    cities: dict[str, City]
    hives: dict[str, Any]
    roads: list[Road]
    forts: dict[str, FortInfo]
    victory: tuple[str, ...]
    flags: dict[str, tuple[str, ...]]


def read_map(source: GameData, variant: str = "") -> MapFile:
    """map.yaml (with the named variant section, if any): raises a DataError listing every
    problem."""
    mc = Check(source)
    mt = map_tree(plain(source.tree), variant)
    mtree = map_tree(source.tree, variant)  # the (tracked) tree the game reads
    hives = {name: (node or {}).get("formation") for name, node in (mt.get("hives") or {}).items()}
    cities = _read_cities(mc, mt, mtree, hives)
    roads = _read_roads(mc, mt, cities)
    forts = _read_forts(mc, mt, mtree, cities)
    for name, city in cities.items():
        if city.zone == "fence" and not (name in forts and forts[name].fence):
            mc.fail(("cities", name, "zone"),
                    f"{name!r} is in the fence zone but is not a Fence Fort")
    for a, b in roads:
        if {cities[a].zone, cities[b].zone} == {"west", "east"}:
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
    whole_number(mc, mt, ("fort_dice", "pips"))
    whole_number(mc, mt, ("victory_cities", "needed"))
    whole_number(mc, mt, ("stacking", "per_side"))
    mc.raise_if_any()
    return MapFile(cities, hives, roads, forts, victory, flags)


def _read_cities(mc: Check, mt: dict[str, Any], mtree: Any, hives: dict[str, Any]
                 ) -> dict[str, City]:
    """The Cities (with zone and Hive), then the Hives' own checks."""
    cities: dict[str, City] = {}
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
    return cities


def _read_roads(mc: Check, mt: dict[str, Any], cities: dict[str, City]) -> list[Road]:
    """The road segments, each a pair of known Cities."""
    roads: list[Road] = []
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
    return roads


def _read_forts(mc: Check, mt: dict[str, Any], mtree: Any, cities: dict[str, City]
                ) -> dict[str, FortInfo]:
    """The Forts: each in a known City, with a Formation, a strength of at least 1 and whether it
    is part of the Fusion Fence."""
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
    return forts


# -- units.yaml ----------------------------------------------------------------------------------


@dataclass
class UnitsFile:
    """What units.yaml gives: unit types, Formations per side, the Human set-up rows and the
    Allied Formations' rows (the rows are the file's own, read as the Set-Up uses them)."""

    types: dict[str, UnitType]
    formations: dict[str, tuple[str, ...]]
    human_setup: list[Any]
    allied_units: dict[str, list[Any]]


def read_units(source: GameData, board: MapFile) -> UnitsFile:
    """units.yaml, checked against the map: raises a DataError listing every problem."""
    uc = Check(source)
    ut = plain(source.tree)
    types: dict[str, UnitType] = {}
    for name, node in (ut.get("types") or {}).items():
        path = ("types", name)
        side = uc.require(node, "side", str, path)
        if side is not None:
            uc.one_of(side, SIDES, path + ("side",), "side")
        uc.require(node, "mp", int, path)
        pips(uc, node.get("fresh"), path + ("fresh",))
        pips(uc, node.get("reduced"), path + ("reduced",))
        pips(uc, node.get("revealed_armed", []), path + ("revealed_armed",))
        types[name] = UnitType(name, side or "Swarm", bool(node.get("fresh_doubles", False)),
                               bool(node.get("no_reduced_side", False)),
                               source.tree["types"][name])
    if "Guard" not in types:
        uc.fail(("types",), "the National Guard type 'Guard' is missing")
    formations = {k: tuple(v) for k, v in (ut.get("formations") or {}).items()}
    for side in ("Swarm", "Human", "Allied"):
        if side not in formations:
            uc.fail(("formations", side), "missing")
    for h in sorted({f for f in board.hives.values() if isinstance(f, str)}):
        if h not in formations.get("Swarm", ()):
            uc.fail(("formations", "Swarm"), f"Hive Formation {h!r} is not a Swarm Formation")
    for tname in ut.get("hive_units") or {}:
        if tname not in types:
            uc.fail(("hive_units", tname), f"unknown unit type {tname!r}")
    _check_setup_rows(uc, ut, board, types, formations)
    uc.raise_if_any()
    tree = source.tree
    return UnitsFile(types, formations,
                     list(list.__iter__(tree["human_setup"]["placements"])),
                     {k: list(list.__iter__(v))
                      for k, v in dict.items(tree.get("allied_units") or {})})


def _check_setup_rows(uc: Check, ut: dict[str, Any], board: MapFile,
                      types: dict[str, UnitType], formations: dict[str, tuple[str, ...]]) -> None:
    """The Human set-up rows (City, type, Formation) and the Allied Formations' rows (type)."""
    setup = (ut.get("human_setup") or {}).get("placements", [])
    human_forms = set(formations.get("Human", ()))
    for i, row in enumerate(setup):
        path = ("human_setup", "placements", i)
        if row.get("city") not in board.cities:
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


# -- tables.yaml ---------------------------------------------------------------------------------


def read_tables(source: GameData, board: MapFile) -> dict[int, str]:
    """tables.yaml, checked against the map; returns the National Guard Table (roll -> City).
    Raises a DataError listing every problem."""
    tc = Check(source)
    tt = plain(source.tree)
    table = {}
    for roll, city in ((tt.get("national_guard_table") or {}).get("results") or {}).items():
        if city not in board.cities:
            tc.fail(("national_guard_table", "results", roll), f"unknown City {city!r}")
        elif board.cities[city].hive:
            tc.fail(("national_guard_table", "results", roll),
                    f"{city!r} is a Swarm Hive: no National Guard is placed there")
        table[int(roll)] = city
    symbols = (tt.get("danger_track") or {}).get("symbols")
    if not symbols:
        tc.fail(("danger_track", "symbols"), "the Danger track needs at least one space")
    for i, space in enumerate(symbols or []):
        pips(tc, space, ("danger_track", "symbols", i))
    for path in (("turn_track", "first_turn"), ("turn_track", "last_turn"),
                 ("turn_end_track", "spaces"), ("overrun", "min_acting"),
                 ("overrun", "max_enemy"), ("danger_track", "dice")):
        whole_number(tc, tt, path)
    tc.raise_if_any()
    return table


# -- chits.yaml ----------------------------------------------------------------------------------


def read_chits(source: GameData, formations: dict[str, tuple[str, ...]]
               ) -> tuple[dict[str, ActivationChit], dict[str, FXInfo]]:
    """chits.yaml, checked against the Formations: the Activation Chits and the FX chits. Raises
    a DataError listing every problem."""
    cc = Check(source)
    ct = plain(source.tree)
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
                          source.tree["fx"][name].get("effect") or {}, node.get("formation"))
    cc.raise_if_any()
    return activation, fx

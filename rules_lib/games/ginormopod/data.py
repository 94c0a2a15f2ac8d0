"""Loads and validates Ginormopod's YAML data into typed tables (errors name file/path/piece)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_lib.core.data import (
    Check,
    DataError,
    GameData,
    apply_overrides,
    built_once_per_overrides,
    load_data,
)

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("map", "units", "tables", "chits")
SIDES = ("Swarm", "Human")
ZONES = ("west", "fence", "east")
FX_KEYS = ("own_pip_modifier", "enemy_pip_modifier", "extra_dice", "auto_hits", "cancel_hits",
           "fires_in_barrage")


@dataclass(frozen=True)
class City:
    """A City (or Hive) on the map: drawing position, Fence zone, Hive formation if any."""

    name: str
    x: float
    y: float
    zone: str
    hive: str | None = None


@dataclass(frozen=True)
class FortInfo:
    """A Fort's printed facts: Formation, starting strength, Fusion Fence membership."""

    city: str
    formation: str
    strength: int
    fence: bool


@dataclass(frozen=True)
class UnitType:
    """A counter type: side, MP and the die-symbol pips of each side of the counter."""

    name: str
    side: str
    mp: int
    fresh: tuple[int, ...]
    reduced: tuple[int, ...]
    fresh_doubles: bool = False
    revealed_armed: tuple[int, ...] = ()
    no_reduced_side: bool = False


@dataclass(frozen=True)
class FXInfo:
    """An FX chit: owner, when it enters the cup, whether it endangers the planet, its effect."""

    name: str
    side: str
    start: str
    danger: bool
    effect: dict[str, Any]
    formation: str | None = None


@dataclass(frozen=True)
class ActivationChit:
    """An Activation Chit: which side's Formation it activates and where it starts."""

    name: str
    side: str
    formation: str
    start: str


@dataclass
class GinData:
    """Every number of the game, typed; `sources` keeps the GameData (with provenance) per file."""

    cities: dict[str, City]
    roads: list[tuple[str, str]]
    forts: dict[str, FortInfo]
    fort_pips: int
    victory_cities: tuple[str, ...]
    victory_needed: int
    flags: dict[str, tuple[str, ...]]
    stack_limit: int
    types: dict[str, UnitType]
    formations: dict[str, tuple[str, ...]]
    hive_units: dict[str, int]
    human_setup: list[dict[str, Any]]
    allied_units: dict[str, list[dict[str, Any]]]
    guards_armed: int
    guards_blank: int
    guard_table: dict[int, str]
    guard_dice: int
    guards_per_city: int
    guard_rolls: int
    danger_thresholds: tuple[int, ...]
    danger_dice: int
    last_turn: int
    tracker_delay: int
    removed_from_turn: int
    allied_turn: int
    danger_chit_turn: int
    activation: dict[str, ActivationChit]
    end_chits: int
    fx: dict[str, FXInfo]
    sources: dict[str, GameData] = field(default_factory=dict)
    adjacency: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def hives(self) -> dict[str, str]:
        """Hive city -> its Swarm Formation."""
        return {c.name: c.hive for c in self.cities.values() if c.hive}

    def formation_side(self, formation: str) -> str:
        """Swarm or Human for a Formation name."""
        return "Swarm" if formation in self.formations["Swarm"] else "Human"


def load_sources(overrides: dict[str, Any] | None = None) -> dict[str, GameData]:
    """Read the four data files, with designer overrides (core ``apply_overrides`` syntax)."""
    sources = {name: load_data(DATA_DIR / f"{name}.yaml") for name in FILES}
    return apply_overrides(sources, overrides, "ginormopod")


def _build_from(overrides: dict[str, Any] | None) -> GinData:
    """The validated game data, with designer overrides if given."""
    return build(load_sources(overrides))


load_game_data = built_once_per_overrides(_build_from)


def _pips(chk: Check, node: Any, path: tuple) -> tuple[int, ...]:
    if not isinstance(node, list) or not all(isinstance(p, int) and not isinstance(p, bool)
                                             for p in node):
        chk.fail(path, f"must be a list of die pips (integers), found {node!r}")
        return ()
    for i, p in enumerate(node):
        if not 1 <= p <= 6:
            chk.fail(path + (i,), f"die pips {p} not within 1..6")
    return tuple(node)


def build(sources: dict[str, GameData]) -> GinData:
    """Validate the four files against each other and build GinData (errors name the problem)."""
    m, u, t, c = (sources[n] for n in FILES)
    # -- map ---------------------------------------------------------------------------------
    mc = Check(m)
    cities: dict[str, City] = {}
    for name, node in (m.tree.get("cities") or {}).items():
        path = ("cities", name)
        x = mc.require(node, "x", (int, float), path)
        y = mc.require(node, "y", (int, float), path)
        zone = mc.require(node, "zone", str, path)
        if zone is not None:
            mc.one_of(zone, ZONES, path + ("zone",), "zone")
        cities[name] = City(name, float(x or 0), float(y or 0), zone or "east")
    hive_forms: set[str] = set()
    for name, node in (m.tree.get("hives") or {}).items():
        path = ("hives", name)
        if name in cities:
            mc.fail(path, f"Hive {name!r} is also listed as a City")
        x = mc.require(node, "x", (int, float), path)
        y = mc.require(node, "y", (int, float), path)
        form = mc.require(node, "formation", str, path)
        hive_forms.add(form)
        cities[name] = City(name, float(x or 0), float(y or 0), "west", form)
    roads: list[tuple[str, str]] = []
    for i, road in enumerate(m.get("roads.list", [])):
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
    for name, node in (m.tree.get("forts") or {}).items():
        path = ("forts", name)
        if name not in cities:
            mc.fail(path, f"unknown City {name!r} for a Fort")
            continue
        form = mc.require(node, "formation", str, path)
        strength = mc.require(node, "strength", int, path)
        fence = mc.require(node, "fence", bool, path)
        if strength is not None and strength < 1:
            mc.fail(path + ("strength",), f"Fort strength must be at least 1, found {strength}")
        forts[name] = FortInfo(name, form or "", strength or 1, bool(fence))
    for name, city in cities.items():
        if city.zone == "fence" and not (name in forts and forts[name].fence):
            mc.fail(("cities", name, "zone"),
                    f"{name!r} is in the fence zone but is not a Fence Fort")
    for a, b in roads:
        za, zb = cities[a].zone, cities[b].zone
        if {za, zb} == {"west", "east"}:
            mc.fail(("roads", "list"),
                    f"road {a} - {b} crosses the Fusion Fence without a Fence Fort")
    victory = tuple(m.get("victory_cities.cities", []))
    for i, v in enumerate(victory):
        if v not in forts:
            mc.fail(("victory_cities", "cities", i), f"victory City {v!r} is not a Fort")
    flags = {}
    for nation, flist in (m.tree.get("flags") or {}).items():
        for i, f in enumerate(flist):
            if f not in cities:
                mc.fail(("flags", nation, i), f"unknown City {f!r} for the {nation} flag")
        flags[nation] = tuple(flist)
    mc.raise_if_any()
    # -- units -------------------------------------------------------------------------------
    uc = Check(u)
    types: dict[str, UnitType] = {}
    for name, node in (u.tree.get("types") or {}).items():
        path = ("types", name)
        side = uc.require(node, "side", str, path)
        if side is not None:
            uc.one_of(side, SIDES, path + ("side",), "side")
        mp = uc.require(node, "mp", int, path)
        fresh = _pips(uc, node.get("fresh"), path + ("fresh",))
        reduced = _pips(uc, node.get("reduced"), path + ("reduced",))
        armed = _pips(uc, node.get("revealed_armed", []), path + ("revealed_armed",))
        types[name] = UnitType(name, side or "Swarm", mp or 0, fresh, reduced,
                               bool(node.get("fresh_doubles", False)), armed,
                               bool(node.get("no_reduced_side", False)))
    if "Guard" not in types:
        uc.fail(("types",), "the National Guard type 'Guard' is missing")
    formations = {k: tuple(v) for k, v in (u.tree.get("formations") or {}).items()}
    for side in ("Swarm", "Human", "Allied"):
        if side not in formations:
            uc.fail(("formations", side), "missing")
    for h in sorted(hive_forms):
        if h not in formations.get("Swarm", ()):
            uc.fail(("formations", "Swarm"), f"Hive Formation {h!r} is not a Swarm Formation")
    hive_units = dict(u.tree.get("hive_units") or {})
    for tname in hive_units:
        if tname not in types:
            uc.fail(("hive_units", tname), f"unknown unit type {tname!r}")
    setup = list(u.get("human_setup.placements", []))
    human_forms = set(formations.get("Human", ()))
    for i, row in enumerate(setup):
        path = ("human_setup", "placements", i)
        if row.get("city") not in cities:
            uc.fail(path + ("city",), f"unknown City {row.get('city')!r}")
        if row.get("type") not in types:
            uc.fail(path + ("type",), f"unknown unit type {row.get('type')!r}")
        if row.get("formation") not in human_forms:
            uc.fail(path + ("formation",), f"unknown Human Formation {row.get('formation')!r}")
    allied = {k: list(v) for k, v in (u.tree.get("allied_units") or {}).items()}
    for nation, rows in allied.items():
        if nation not in formations.get("Allied", ()):
            uc.fail(("allied_units", nation), f"unknown Allied Formation {nation!r}")
        for i, row in enumerate(rows):
            if row.get("type") not in types:
                uc.fail(("allied_units", nation, i, "type"),
                        f"unknown unit type {row.get('type')!r}")
    guards = u.tree.get("guards") or {}
    uc.raise_if_any()
    # -- tables ------------------------------------------------------------------------------
    tc = Check(t)
    table = {}
    for roll, city in (t.get("national_guard_table.results", {}) or {}).items():
        if city not in cities:
            tc.fail(("national_guard_table", "results", roll), f"unknown City {city!r}")
        table[int(roll)] = city
    thresholds = tuple(t.get("danger_track.thresholds", []))
    if not thresholds:
        tc.fail(("danger_track", "thresholds"), "the Danger track needs at least one space")
    tc.raise_if_any()
    # -- chits -------------------------------------------------------------------------------
    cc = Check(c)
    activation = {}
    all_forms = {f for v in formations.values() for f in v}
    for name, node in (c.tree.get("activation") or {}).items():
        path = ("activation", name)
        if node.get("formation") not in all_forms:
            cc.fail(path + ("formation",), f"unknown Formation {node.get('formation')!r}")
        activation[name] = ActivationChit(name, node.get("side", ""), node.get("formation", ""),
                                          node.get("start", "cup"))
    fx = {}
    for name, node in (c.tree.get("fx") or {}).items():
        path = ("fx", name)
        side = cc.require(node, "side", str, path)
        if side is not None:
            cc.one_of(side, SIDES, path + ("side",), "side")
        effect = node.get("effect") or {}
        for key in effect:
            cc.one_of(key, FX_KEYS, path + ("effect", key), "FX effect")
        fx[name] = FXInfo(name, side or "Swarm", node.get("start", "cup"), bool(node.get("danger")),
                          dict(effect), node.get("formation"))
    cc.raise_if_any()
    adjacency: dict[str, list[str]] = {name: [] for name in cities}
    for a, b in roads:
        adjacency[a].append(b)
        adjacency[b].append(a)
    tt = t.tree["turn_track"]
    return GinData(
        cities=cities, roads=roads, forts=forts, fort_pips=int(m.get("fort_dice.pips")),
        victory_cities=victory, victory_needed=int(m.get("victory_cities.needed")), flags=flags,
        stack_limit=int(m.get("stacking.per_side")), types=types, formations=formations,
        hive_units=hive_units, human_setup=setup, allied_units=allied,
        guards_armed=int(guards.get("armed", 0)), guards_blank=int(guards.get("blank", 0)),
        guard_table=table, guard_dice=int(t.get("national_guard_table.dice")),
        guards_per_city=int(t.get("guards_per_city.max")),
        guard_rolls=int(t.get("guards_per_city.rolls")), danger_thresholds=thresholds,
        danger_dice=int(t.get("danger_track.dice")), last_turn=int(tt["last_turn"]),
        tracker_delay=int(tt["time_tracker_delay"]), removed_from_turn=int(tt["removed_from_turn"]),
        allied_turn=int(tt["allied_turn"]), danger_chit_turn=int(tt["danger_chit_turn"]),
        activation=activation, end_chits=int(c.get("end_chits.count")), fx=fx, sources=sources,
        adjacency={k: tuple(v) for k, v in adjacency.items()})


def validate_data() -> list[str]:
    """Every problem in the data files, as text (empty when they are sound)."""
    try:
        build(load_sources())
    except DataError as exc:
        return [str(exc)]
    return []

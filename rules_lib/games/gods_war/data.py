"""Load and validate the Gods War (Cosmic Monsters) data files into typed dataclasses.

Every number the rules read lives in ``data/*.yaml`` with its provenance; this module turns the value
trees into small typed records and rejects bad data with errors naming file, path and piece.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from rules_lib.core.boards.graph import GraphBoard
from rules_lib.core.data import Check, DataError, DataLoader, GameData

DATA_DIR = Path(__file__).parent / "data"
FILES = ("map", "empires", "battle", "base_game", "monsters")
REALMS = ("surface", "hell", "heavens")
CLASSES = ("unit", "hero", "greater_god")
FACES = ("blank", "rout", "kill")
# The areas the rulebook names (GW-MF-01..04): a map without them cannot play the cards.
NAMED_AREAS = ("Altinela", "the Spike", "Hell", "Inner Hell", "the Heavens")


@dataclass(frozen=True)
class Area:
    """One map area: its realm (surface world, Hell, the Heavens) and drawing position."""

    name: str
    realm: str
    x: float
    y: float


@dataclass(frozen=True)
class UnitType:
    """A summonable piece of an empire: class (unit/hero/greater god), cost in power, Combat."""

    name: str
    empire: str
    klass: str
    cost: int
    combat: int
    count: int


@dataclass(frozen=True)
class Empire:
    """An empire sheet: home area, special abilities, units in its pool at the start."""

    name: str
    home: str
    abilities: tuple[str, ...]
    units: tuple[str, ...]
    no_heroes: bool = False


@dataclass(frozen=True)
class Ability:
    """A monster card ability: its timing, a short summary, and its numbers (``params``, the card's
    entry in monsters.yaml, read when the ability applies)."""

    name: str
    timing: str
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MonsterCard:
    """A Cosmic Monster card; abilities keyed by name (None for values the text does not give)."""

    name: str
    type: str
    combat: int | None
    placement_when: str | None
    placement_area: str | None
    abilities: Mapping[str, Ability]
    killing: Mapping[str, Any]
    reward: Mapping[str, Any]
    data_gap: str = ""
    raw: Mapping[str, Any] = field(default_factory=dict)

    def ability(self, name: str) -> Ability:
        """The named ability; a clear error if the card has none."""
        try:
            return self.abilities[name]
        except KeyError:
            raise KeyError(f"{self.name} has no ability {name!r}; card abilities: "
                           f"{', '.join(self.abilities) or 'none (data gap)'}") from None


@dataclass(frozen=True)
class GodsWarData:
    """All the game's data, typed, plus the raw GameData files (for provenance and overrides)."""

    files: Mapping[str, GameData]
    areas: Mapping[str, Area]
    borders: tuple[tuple[str, str], ...]
    unit_types: Mapping[str, UnitType]
    empires: Mapping[str, Empire]
    player_order: tuple[str, ...]
    elder_races: Mapping[str, UnitType]
    faces: tuple[str, ...]
    cards: Mapping[str, MonsterCard]
    # the values the rules asked for by path, each looked up once: the rules ask for the same few
    # numbers (costs, limits) thousands of times a game, and the data never changes
    values: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def get(self, path: str) -> Any:
        """A value by 'file.dotted.path' (e.g. 'base_game.victory.turn_limit')."""
        try:
            return self.values[path]
        except KeyError:
            pass
        stem, _, rest = path.partition(".")
        if stem not in self.files:
            raise KeyError(f"no data file {stem!r}; files: {', '.join(self.files)}")
        value = self.values[path] = self.files[stem].get(rest)
        return value

    def surface_areas(self) -> list[str]:
        """Areas of the surface world, in map order (web tokens go only here)."""
        return list(self.surface)

    @cached_property
    def surface(self) -> tuple[str, ...]:
        """Areas of the surface world, in map order."""
        return tuple(a for a, area in self.areas.items() if area.realm == "surface")

    def realm(self, area: str) -> str:
        """The realm of an area ('surface', 'hell', 'heavens')."""
        return self.areas[area].realm

    # -- the map as a graph, built once per data set (the data is immutable) ----------------------
    @cached_property
    def board(self) -> GraphBoard:
        """The area map as a GraphBoard whose nodes carry realm, x, y (from data/map.yaml)."""
        nodes = {name: {"realm": a.realm, "x": a.x, "y": a.y, "label": name}
                 for name, a in self.areas.items()}
        return GraphBoard.from_data(nodes, self.borders, name="Gods War (assumed subset)")

    @cached_property
    def neighbours(self) -> Mapping[str, tuple[str, ...]]:
        """The areas sharing a border with each area, in the board's order."""
        return {name: tuple(self.board.neighbors(name)) for name in self.areas}

    @cached_property
    def surface_neighbours(self) -> Mapping[str, tuple[str, ...]]:
        """The surface-world areas sharing a border with each area (where units move and rout)."""
        return {name: tuple(a for a in near if self.areas[a].realm == "surface")
                for name, near in self.neighbours.items()}

    @cached_property
    def siren_song_empires(self) -> tuple[str, ...]:
        """The empires with Sea's Siren Song ability (assumed penalty for entering their areas)."""
        return tuple(e for e, body in self.empires.items() if "Siren Song" in body.abilities)


def load_files(overrides: Mapping[str, Any] | None = None) -> dict[str, GameData]:
    """Read every data file, with designer overrides (core ``apply_overrides`` syntax)."""
    return LOADER.files(overrides)


def load(overrides: Mapping[str, Any] | None = None) -> GodsWarData:
    """Data with optional designer overrides, validated, built once per set of overrides."""
    return LOADER.data(overrides)


def default_data() -> GodsWarData:
    """The shipped data (built once: it is immutable)."""
    return LOADER.data()


def build(files: Mapping[str, GameData]) -> GodsWarData:
    """Validate the files and build the typed view; every problem names file, path and piece."""
    areas, borders = _map(files["map"])
    unit_types, empires, order, elders = _empires(files["empires"], areas)
    faces = _battle(files["battle"])
    _base(files["base_game"])
    cards = _monsters(files["monsters"], areas)
    return GodsWarData(dict(files), areas, borders, unit_types, empires, order, elders, faces,
                       cards)


def _map(data: GameData) -> tuple[dict[str, Area], tuple[tuple[str, str], ...]]:
    check = Check(data)
    tree = data.tree
    areas: dict[str, Area] = {}
    for name, body in (check.require(tree, "areas", dict, ()) or {}).items():
        path = ("areas", name)
        realm = check.require(body, "realm", str, path)
        if realm is not None and not check.one_of(realm, REALMS, path + ("realm",), "realm"):
            continue
        x = check.require(body, "x", (int, float), path)
        y = check.require(body, "y", (int, float), path)
        if None not in (realm, x, y):
            areas[name] = Area(name, realm, float(x), float(y))
    borders = []
    for i, edge in enumerate(check.require(tree, "borders", list, ()) or []):
        if not isinstance(edge, list) or len(edge) != 2:
            check.fail(("borders", i), f"a border is a pair of areas, found {edge!r}")
            continue
        for end in edge:
            check.one_of(end, areas, ("borders", i), "area")
        borders.append((edge[0], edge[1]))
    for named in NAMED_AREAS:
        if named not in areas:
            check.fail(("areas",), f"the rulebook names area {named!r}; it is missing")
    check.raise_if_any()
    return areas, tuple(borders)


def _unit_type(check: Check, name: str, empire: str, body: Any, path: tuple) -> UnitType | None:
    klass = check.require(body, "class", str, path)
    if klass is not None:
        check.one_of(klass, CLASSES, path + ("class",), "class")
    vals = [check.require(body, k, int, path) for k in ("cost", "combat", "count")]
    for key, v in zip(("cost", "combat", "count"), vals):
        if v is not None and v < (1 if key != "cost" else 0):
            check.fail(path + (key,), f"{key} of {name} must be positive, found {v}")
    if klass is None or None in vals:
        return None
    return UnitType(name, empire, klass, *vals)


def _empires(data: GameData, areas: Mapping[str, Area]):
    check = Check(data)
    tree = data.tree
    unit_types: dict[str, UnitType] = {}
    empires: dict[str, Empire] = {}
    for name, body in (check.require(tree, "empires", dict, ()) or {}).items():
        path = ("empires", name)
        home = check.require(body, "home", str, path)
        if (home is not None and check.one_of(home, areas, path + ("home",), "area")
                and areas[home].realm != "surface"):
            check.fail(path + ("home",), f"home {home!r} of {name} is not on the surface")
        names = []
        for uname, ubody in (check.require(body, "units", dict, path) or {}).items():
            if uname in unit_types:
                check.fail(path + ("units", uname), f"unit type {uname!r} is defined twice")
            ut = _unit_type(check, uname, name, ubody, path + ("units", uname))
            if ut:
                unit_types[uname] = ut
                names.append(uname)
        no_heroes = bool(body.get("no_heroes", False)) if isinstance(body, dict) else False
        if no_heroes and any(unit_types[u].klass != "unit" for u in names):
            check.fail(path, f"{name} is marked no_heroes but has heroes or greater gods")
        abilities = tuple(body.get("abilities", []) if isinstance(body, dict) else ())
        empires[name] = Empire(name, home or "", abilities, tuple(names), no_heroes)
    order = check.require(tree, "player_order", list, ()) or []
    if sorted(order) != sorted(empires):
        check.fail(("player_order",), f"player order {order} must list each empire once: "
                                      f"{', '.join(empires)}")
    elders = {}
    for ename, ebody in (tree.get("elder_races") or {}).items():
        ut = _unit_type(check, ename, "", ebody, ("elder_races", ename))
        if ut:
            elders[ename] = ut
    check.raise_if_any()
    return unit_types, empires, tuple(order), elders


def _battle(data: GameData) -> tuple[str, ...]:
    check = Check(data)
    dice = check.require(data.tree, "battle_dice", dict, ()) or {}
    sides = check.require(dice, "sides", int, ("battle_dice",))
    faces = check.require(dice, "faces", list, ("battle_dice",)) or []
    for i, f in enumerate(faces):
        check.one_of(f, FACES, ("battle_dice", "faces", i), "battle die face")
    if sides is not None and len(faces) != sides:
        check.fail(("battle_dice", "faces"), f"{len(faces)} faces listed for a d{sides}")
    proc = check.require(_plain(data.tree), "procedure", dict, ()) or {}
    for key in ("dice_per_combat", "attack_cost"):
        value = check.require(proc, key, int, ("procedure",))
        if value is not None and value < 0:
            check.fail(("procedure", key), f"must not be negative, found {value}")
    check.require(proc, "loser_buildings_destroyed", bool, ("procedure",))
    check.raise_if_any()
    return tuple(faces)


def _base(data: GameData) -> None:
    check = Check(data)
    tree = _plain(data.tree)  # the rules read these values while playing, not here
    need = {"setup": ("starting_power", "starting_units", "starting_runes"),
            "great_compromise": ("trigger_turn",), "spike": ("explodes_on_turn",),
            "council": ("power_base", "power_per_building", "vp_per_building"),
            "actions": ("move", "build", "teleport", "sunspear"),
            "victory": ("vp_to_win", "turn_limit", "rune_vp"),
            "buildings": ("per_empire_per_area",),
            "siren_song": ("penalty_power",)}
    for section, keys in need.items():
        body = check.require(tree, section, dict, ())
        for key in keys:
            value = check.require(body, key, int, (section,)) if body is not None else None
            if value is not None and value < 0:
                check.fail((section, key), f"must not be negative, found {value}")
    check.raise_if_any()


def _monsters(data: GameData, areas: Mapping[str, Area]) -> dict[str, MonsterCard]:
    check = Check(data)
    exp = check.require(data.tree, "expansion", dict, ()) or {}
    types = exp.get("types", [])
    components = check.require(_plain(data.tree), "components", dict, ()) or {}
    tokens = check.require(components, "web_tokens", int, ("components",))
    if tokens is not None and tokens < 1:
        check.fail(("components", "web_tokens"), f"there must be web tokens, found {tokens}")
    cards = {}
    for name, body in (check.require(data.tree, "cards", dict, ()) or {}).items():
        path = ("cards", name)
        mtype = check.require(body, "type", str, path)
        if mtype is not None and mtype != "unknown":
            check.one_of(mtype, types, path + ("type",), "monster type")
        combat = body.get("combat")
        if combat is not None and (not isinstance(combat, int) or combat < 1):
            check.fail(path + ("combat",), f"Combat of {name} must be a positive number")
        placement = body.get("placement") or {}
        area = placement.get("area")
        if area is not None:
            check.one_of(area, areas, path + ("placement", "area"), "area")
        abilities = {}
        for i, ab in enumerate(body.get("abilities", []) or []):
            apath = path + ("abilities", i)
            aname = check.require(ab, "name", str, apath)
            timing = check.require(ab, "timing", str, apath)
            text = check.require(ab, "text", str, apath)
            if None not in (aname, timing, text):  # params read when the ability applies
                abilities[aname] = Ability(aname, timing, text, ab)
        killing = body.get("killing") or {}
        if killing.get("spike_explosion_area") is not None:
            check.one_of(killing["spike_explosion_area"], areas,
                         path + ("killing", "spike_explosion_area"), "area")
        cards[name] = MonsterCard(name, mtype or "", combat, placement.get("when"), area,
                                  abilities, killing, body.get("reward") or {},
                                  body.get("data_gap", ""), body)
    check.raise_if_any()
    return cards


def _plain(node: Any) -> Any:
    """A copy of a value tree read without noting reads (``core.data.track_reads``): validating a
    value the rules read while playing must not count as the game using it."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in dict.items(node)}
    if isinstance(node, list):
        return [_plain(v) for v in list.__iter__(node)]
    return node


def assumed_rows(data: GodsWarData | None = None) -> list[tuple[str, str, str]]:
    """(file, path, why) for every assumed value."""
    data = data or default_data()
    return [(Path(g.file).name, p, why) for g in data.files.values() for p, why in g.assumed()]


LOADER = DataLoader("gods_war", DATA_DIR, FILES, build)

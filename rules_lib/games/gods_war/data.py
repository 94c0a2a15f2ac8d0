"""Load and validate the Gods War (Cosmic Monsters) data files into typed dataclasses.

Every number the rules read lives in ``data/*.yaml`` with its provenance; this module turns the value
trees into small typed records and rejects bad data with errors naming file, path and piece.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
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
# The empire abilities the rules apply (an unknown name would be silently ignored).
EMPIRE_ABILITIES = ("Teleport", "Single Combat", "Siren Song", "Sunspear")
PLACEMENT_TIMES = ("start", "great_compromise")  # when a Monster card places it
# The timings printed on the cards' abilities (XIII. Monsters - Monster Card)
TIMINGS = ("Council Phase", "Ongoing", "Battle", "Post-Battle", "Action", "End of Game")
# Bounds that keep a game and its exact odds finite (assumed: far beyond the physical game).
MAX_BATTLE_DICE = 60  # dice one side of a battle may roll (Arachne Solara, the biggest, rolls 10)
MAX_COMBAT = 30  # Combat of one piece or Monster
MAX_COUNTERS = 60  # counters of one unit type
MAX_DIE_SIDES = 100  # sides of a battle die
MAX_TURNS = 100  # the last turn (the base game's Time track is some ten turns)


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
    """Validate the files and build the typed view. Every problem of every file is collected first
    (each naming file, path and piece) and raised together as one DataError."""
    checks = {name: Check(files[name]) for name in FILES}
    areas, borders = _map(checks["map"])
    unit_types, empires, order, elders = _empires(checks["empires"], areas)
    faces = _battle(checks["battle"])
    _base(checks["base_game"])
    cards = _monsters(checks["monsters"], areas)
    _force_limits(checks, unit_types, empires, elders, cards)
    _raise_all(checks.values())
    return GodsWarData(dict(files), areas, borders, unit_types, empires, order, elders, faces,
                       cards)


def _raise_all(checks: Iterable[Check]) -> None:
    """One DataError listing every problem found (the first in its fields, all in its text)."""
    problems = [p for check in checks for p in check.problems]
    if problems:
        first, *rest = problems
        raise DataError(first.file, first.path, "\n  ".join([first.problem, *map(str, rest)]))


# -- small checks on one value ------------------------------------------------------------------

def _whole(check: Check, node: Any, key: str, path: tuple, least: int, what: str,
           most: int | None = None) -> int | None:
    """node[key] as a whole number of at least ``least`` (and at most ``most``); ``what`` says in
    the message what the number is, and so why it cannot be smaller (or larger)."""
    value = check.require(node, key, int, path)
    if value is None:
        return None
    if value < least or (most is not None and value > most):
        limit = f"from {least} to {most}" if most is not None else f"{least} or more"
        check.fail(path + (key,), f"{what} must be {limit}, found {value}")
        return None
    return value


def _text(check: Check, node: Any, key: str, path: tuple, optional: bool = False) -> str | None:
    """node[key] as a non-empty text (absent is fine when ``optional``)."""
    if optional and (not isinstance(node, Mapping) or node.get(key) is None):
        return None
    value = check.require(node, key, str, path)
    if value is not None and not value.strip():
        check.fail(path + (key,), "must not be empty")
        return None
    return value


def _mapping(check: Check, node: Any, key: str, path: tuple, optional: bool = False) -> dict:
    """node[key] as a mapping ({} if it is absent and ``optional``, or wrong: recorded)."""
    if optional and (not isinstance(node, Mapping) or node.get(key) is None):
        return {}
    return check.require(node, key, dict, path) or {}


def _texts(check: Check, node: Any, key: str, path: tuple, allowed: Sequence[str] | None = None,
           what: str = "name", optional: bool = False) -> list[str]:
    """node[key] as a list of texts (each one of ``allowed``, if given)."""
    if optional and (not isinstance(node, Mapping) or node.get(key) is None):
        return []
    items = check.require(node, key, list, path)
    out = []
    for i, item in enumerate(items or []):
        if not isinstance(item, str) or not item.strip():
            check.fail(path + (key, i), f"must be a {what} (text), found {item!r}")
        elif allowed is None or check.one_of(item, allowed, path + (key, i), what):
            out.append(item)
    return out


def _names(check: Check, node: Mapping, path: tuple, what: str) -> dict[str, Any]:
    """The entries of a mapping whose keys name things (areas, empires, units): text keys, each
    with a mapping of its facts."""
    out = {}
    for name, body in node.items():
        if not isinstance(name, str) or not name.strip():
            check.fail(path + (name,), f"a {what} is named by a text, found {name!r}")
        elif not isinstance(body, Mapping):
            check.fail(path + (name,), f"the {what} {name!r} needs a mapping of its facts, "
                                       f"found {body!r}")
        else:
            out[name] = body
    return out


# -- map.yaml -------------------------------------------------------------------------------------

def _map(check: Check) -> tuple[dict[str, Area], tuple[tuple[str, str], ...]]:
    """The areas (realm, drawing position) and the borders between them."""
    tree = check.data.tree
    realms = _mapping(check, tree, "realms", (), optional=True)
    for key in realms:
        if check.one_of(key, REALMS, ("realms", key), "realm"):
            _text(check, realms, key, ("realms",))
    bodies = _names(check, _mapping(check, tree, "areas", ()), ("areas",), "area")
    areas: dict[str, Area] = {}
    for name, body in bodies.items():
        path = ("areas", name)
        realm = _text(check, body, "realm", path)
        if realm is not None and not check.one_of(realm, REALMS, path + ("realm",), "realm"):
            realm = None
        x, y = (_coordinate(check, body, key, path) for key in ("x", "y"))
        if None not in (realm, x, y):
            areas[name] = Area(name, realm, x, y)
    borders = []
    for i, edge in enumerate(check.require(tree, "borders", list, ()) or []):
        if not isinstance(edge, list) or len(edge) != 2:
            check.fail(("borders", i), f"a border is a pair of areas, found {edge!r}")
            continue
        known = [check.one_of(end, bodies, ("borders", i, j), "area") for j, end in enumerate(edge)]
        if all(known) and edge[0] == edge[1]:
            check.fail(("borders", i), f"{edge[0]!r} cannot border itself")
        elif all(known) and ((edge[0], edge[1]) in borders or (edge[1], edge[0]) in borders):
            check.fail(("borders", i), f"the border {edge[0]} - {edge[1]} is listed twice")
        elif all(known):
            borders.append((edge[0], edge[1]))
    for named in NAMED_AREAS:
        if named not in bodies:
            check.fail(("areas",), f"the rulebook names area {named!r}; it is missing")
    if bodies and not any(a.realm == "surface" for a in areas.values()):
        check.fail(("areas",), "no area is on the surface world, where the empires play")
    return areas, tuple(borders)


def _coordinate(check: Check, body: Any, key: str, path: tuple) -> float | None:
    """A drawing coordinate: a finite number."""
    value = check.require(body, key, (int, float), path)
    if value is not None and not math.isfinite(value):
        check.fail(path + (key,), f"a drawing position must be a finite number, found {value}")
        return None
    return None if value is None else float(value)


# -- empires.yaml ---------------------------------------------------------------------------------

def _empires(check: Check, areas: Mapping[str, Area]):
    """The empires (home, abilities, units), the player order and the Elder Races."""
    tree = check.data.tree
    classes = _mapping(check, tree, "classes", (), optional=True)
    if classes and sorted(_texts(check, classes, "list", ("classes",), CLASSES, "class")) != sorted(
            CLASSES):
        check.fail(("classes", "list"), f"the classes are {', '.join(CLASSES)}")
    unit_types: dict[str, UnitType] = {}
    empires: dict[str, Empire] = {}
    bodies = _names(check, _mapping(check, tree, "empires", ()), ("empires",), "empire")
    for name, body in bodies.items():
        empire = _empire(check, name, body, areas, unit_types)
        if empire is not None:
            empires[name] = empire
    if len(bodies) < 2:
        check.fail(("empires",), f"a game needs at least 2 empires, found {len(bodies)}")
    order = _texts(check, tree, "player_order", (), list(bodies), "empire")
    if len(order) != len(set(order)) or set(order) != set(bodies):
        check.fail(("player_order",), f"player order {order} must list each empire once: "
                                      f"{', '.join(bodies)}")
    elders = {}
    races = _names(check, _mapping(check, tree, "elder_races", (), optional=True),
                   ("elder_races",), "Elder Race")
    for ename, ebody in races.items():
        path = ("elder_races", ename)
        if ename in unit_types:
            check.fail(path, f"{ename!r} is already a unit type of {unit_types[ename].empire}")
        ut = _unit_type(check, ename, "", ebody, path)
        if ut:
            elders[ename] = ut
    return unit_types, empires, tuple(order), elders


def _empire(check: Check, name: str, body: Any, areas: Mapping[str, Area],
            unit_types: dict[str, UnitType]) -> Empire | None:
    """One empire sheet; its unit types are added to ``unit_types`` (names unique in the game)."""
    path = ("empires", name)
    home = _text(check, body, "home", path)
    if (home is not None and check.one_of(home, areas, path + ("home",), "area")
            and areas[home].realm != "surface"):
        check.fail(path + ("home",), f"home {home!r} of {name} is not on the surface")
    abilities = _texts(check, body, "abilities", path, EMPIRE_ABILITIES, "empire ability",
                       optional=True)
    no_heroes = False
    if "no_heroes" in body:
        no_heroes = bool(check.require(body, "no_heroes", bool, path))
    units = _names(check, _mapping(check, body, "units", path), path + ("units",), "unit type")
    if not units and isinstance(body.get("units"), dict):
        check.fail(path + ("units",), f"{name} has no unit types to summon")
    names = []
    for uname, ubody in units.items():
        if uname in unit_types:
            check.fail(path + ("units", uname), f"unit type {uname!r} is defined twice "
                                                f"(also {unit_types[uname].empire}'s)")
            continue
        ut = _unit_type(check, uname, name, ubody, path + ("units", uname))
        if ut:
            unit_types[uname] = ut
            names.append(uname)
    if no_heroes and any(unit_types[u].klass != "unit" for u in names):
        check.fail(path, f"{name} is marked no_heroes but has heroes or greater gods")
    if home is None or len(names) != len(units):
        return None
    return Empire(name, home, tuple(abilities), tuple(names), no_heroes)


def _unit_type(check: Check, name: str, empire: str, body: Any, path: tuple) -> UnitType | None:
    """A unit type: class, cost in power, Combat, how many counters the game has."""
    klass = _text(check, body, "class", path)
    if klass is not None and not check.one_of(klass, CLASSES, path + ("class",), "class"):
        klass = None
    cost = _whole(check, body, "cost", path, 0, f"the cost of {name} (power)")
    combat = _whole(check, body, "combat", path, 1, f"the Combat of {name}", MAX_COMBAT)
    count = _whole(check, body, "count", path, 1, f"the number of {name} counters",
                   MAX_COUNTERS)
    if klass is None or None in (cost, combat, count):
        return None
    return UnitType(name, empire, klass, cost, combat, count)


# -- battle.yaml ----------------------------------------------------------------------------------

def _battle(check: Check) -> tuple[str, ...]:
    """The battle die's faces and the battle procedure's numbers."""
    dice = _mapping(check, check.data.tree, "battle_dice", ())
    sides = _whole(check, dice, "sides", ("battle_dice",), 1, "the sides of a battle die",
                   MAX_DIE_SIDES)
    faces = []
    for i, face in enumerate(check.require(dice, "faces", list, ("battle_dice",)) or []):
        if check.one_of(face, FACES, ("battle_dice", "faces", i), "battle die face"):
            faces.append(face)
    if sides is not None and "faces" in dice and len(dice["faces"]) != sides:
        check.fail(("battle_dice", "faces"), f"{len(dice['faces'])} faces listed for a d{sides}")
    proc = _mapping(check, _plain(check.data.tree), "procedure", ())
    _whole(check, proc, "dice_per_combat", ("procedure",), 1,
           "the dice rolled per point of Combat", MAX_BATTLE_DICE)
    _whole(check, proc, "attack_cost", ("procedure",), 1,
           "the power a battle costs (an action that costs nothing could be taken for ever)")
    check.require(proc, "loser_buildings_destroyed", bool, ("procedure",))
    return tuple(faces)


# -- base_game.yaml -------------------------------------------------------------------------------

# (section, key) -> (least, most, what): the base game's numbers the rules read while playing
BASE_NUMBERS: dict[tuple[str, str], tuple[int, int | None, str]] = {
    ("setup", "starting_power"): (0, None, "starting power"),
    ("setup", "starting_units"): (0, None, "the starting units of an empire"),
    ("setup", "starting_runes"): (0, None, "the starting runes"),
    ("great_compromise", "trigger_turn"): (1, None, "the turn of the Great Compromise"),
    ("spike", "explodes_on_turn"): (1, None, "the turn the Spike explodes"),
    ("council", "power_base"): (0, None, "the Council income"),
    ("council", "power_per_building"): (0, None, "the power per building"),
    ("council", "vp_per_building"): (0, None, "the VP per building"),
    ("actions", "move"): (1, None, "the power a move costs (a free action never ends)"),
    ("actions", "build"): (0, None, "the power a building costs"),
    ("actions", "teleport"): (1, None, "the power Teleport costs (a free action never ends)"),
    ("actions", "sunspear"): (1, None, "the power Sunspear costs (a free action never ends)"),
    ("victory", "vp_to_win"): (1, None, "the VP to win"),
    ("victory", "turn_limit"): (1, MAX_TURNS, "the last turn"),
    ("victory", "rune_vp"): (0, None, "the VP of a rune"),
    ("buildings", "per_empire_per_area"): (1, None, ("the buildings of an empire per area "
                                                    "(each empire starts with one at home)")),
    ("siren_song", "penalty_power"): (0, None, "the Siren Song penalty"),
}


def _base(check: Check) -> None:
    """The base game's numbers (read while playing, so checked on a plain copy) and the realm
    Hell permissions guard."""
    tree = _plain(check.data.tree)  # the rules read these values while playing, not here
    sections: dict[str, dict] = {}
    for (section, key), (least, most, what) in BASE_NUMBERS.items():
        if section not in sections:
            sections[section] = _mapping(check, tree, section, ())
        if section in tree and isinstance(tree[section], dict):
            _whole(check, sections[section], key, (section,), least, what, most)
    hell = _mapping(check, tree, "hell_permissions", ())
    realm = _text(check, hell, "realm", ("hell_permissions",))
    if realm is not None:
        check.one_of(realm, REALMS, ("hell_permissions", "realm"), "realm")


# -- monsters.yaml --------------------------------------------------------------------------------

def _monsters(check: Check, areas: Mapping[str, Area]) -> dict[str, MonsterCard]:
    """The expansion's facts, the components and every Monster card."""
    tree = check.data.tree
    plain = _plain(tree)
    exp = _mapping(check, plain, "expansion", ())
    types = _texts(check, exp, "types", ("expansion",), what="Monster type")
    _whole(check, exp, "monster_count", ("expansion",), 1, "the Monsters in the expansion")
    _whole(check, exp, "recommended_per_type", ("expansion",), 1,
           "the recommended Monsters of each type")
    cosmic = _text(check, exp, "cosmic_class", ("expansion",))
    if cosmic is not None:
        check.one_of(cosmic, CLASSES, ("expansion", "cosmic_class"), "class")
    _texts(check, exp, "card_sections", ("expansion",), what="card section", optional=True)
    components = _mapping(check, plain, "components", ())
    _whole(check, components, "web_tokens", ("components",), 1, "the web tokens")
    _whole(check, components, "reward_cards", ("components",), 0, "the Reward cards")
    _whole(check, components, "battle_dice", ("components",), 1, "the battle dice in the box")
    cards = {}
    bodies = _names(check, _mapping(check, tree, "cards", ()), ("cards",), "Monster")
    _texts(check, components, "loyalty_cards", ("components",), list(bodies), "Monster card",
           optional=True)
    for name, body in bodies.items():
        card = _card(check, name, body, areas, types)
        if card is not None:
            cards[name] = card
    _descriptions(check, plain, ())
    for name, needs in CARD_NUMBERS.items():
        if name not in bodies:
            check.fail(("cards",), f"the rules play the {name} card; it is missing")
        elif name in cards:
            _card_numbers(check, cards[name], needs, areas)
    return cards


def _card(check: Check, name: str, body: Mapping, areas: Mapping[str, Area],
          types: Sequence[str]) -> MonsterCard | None:
    """One Monster card: type, Combat, placement, abilities (with their numbers), killing, reward."""
    path = ("cards", name)
    mtype = _text(check, body, "type", path)
    if mtype is not None and mtype != "unknown":
        check.one_of(mtype, types, path + ("type",), "Monster type")
    combat = None
    if body.get("combat") is not None:
        combat = _whole(check, body, "combat", path, 1, f"the Combat of {name}", MAX_COMBAT)
    if body.get("recommended_per_game") is not None:
        _whole(check, _plain(body), "recommended_per_game", path, 1,
               f"the {name} card's recommended Monsters per game")
    placement = _mapping(check, body, "placement", path, optional=True)
    when = _text(check, placement, "when", path + ("placement",), optional=True)
    if when is not None:
        check.one_of(when, PLACEMENT_TIMES, path + ("placement", "when"), "placement time")
    area = _text(check, placement, "area", path + ("placement",), optional=True)
    if area is not None:
        check.one_of(area, areas, path + ("placement", "area"), "area")
    if combat is not None and (when is None or area is None):
        check.fail(path + ("placement",), f"{name} is played, so its card says when and where "
                                          "it is placed")
    abilities = _abilities(check, body, path)
    killing = _mapping(check, body, "killing", path, optional=True)
    _texts(check, _plain(killing), "needs_class", path + ("killing",), CLASSES, "class",
           optional=True)
    reward = _mapping(check, body, "reward", path, optional=True)
    gap = _text(check, body, "data_gap", path, optional=combat is not None)
    if mtype is None or abilities is None:
        return None
    return MonsterCard(name, mtype, combat, when, area, abilities, killing, reward, gap or "",
                       body)


def _abilities(check: Check, body: Mapping, path: tuple) -> dict[str, Ability] | None:
    """A card's abilities by name (None if any is malformed); their numbers are checked where
    the rules need them (``CARD_NUMBERS``) and read when the ability applies."""
    listed = body.get("abilities")
    if listed is None:
        return {}
    if not isinstance(listed, list):
        check.fail(path + ("abilities",), f"must be a list of abilities, found {listed!r}")
        return None
    abilities: dict[str, Ability] = {}
    for i, ab in enumerate(listed):
        apath = path + ("abilities", i)
        aname, timing, text = (_text(check, ab, k, apath) for k in ("name", "timing", "text"))
        if timing is not None and not check.one_of(timing, TIMINGS, apath + ("timing",),
                                                   "card timing"):
            timing = None
        if aname in abilities:
            check.fail(apath + ("name",), f"the ability {aname!r} is listed twice")
        elif None not in (aname, timing, text):
            abilities[aname] = Ability(aname, timing, text, ab)
    return abilities if len(abilities) == len(listed) else None


# Keys of monsters.yaml that describe rather than count: wherever they appear they hold text, a
# list of texts, or yes/no (a number there is a slip of the pen the rules would never notice).
TEXT_KEYS = ("text", "ruling", "note", "data_gap", "how", "effect", "when")
TEXT_LIST_KEYS = ("triggers", "includes", "no_spawn_area_by", "movement_type", "types",
                  "card_sections", "loyalty_cards")
FLAG_KEYS = ("destroys_buildings", "any_player", "once_per_game")


def _descriptions(check: Check, node: Any, path: tuple) -> None:
    """Every descriptive entry of monsters.yaml, wherever it is, of its kind (``TEXT_KEYS`` ...)."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            _descriptions(check, item, path + (i,))
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in TEXT_KEYS:
            _text(check, node, key, path)
        elif key in TEXT_LIST_KEYS:
            _texts(check, node, key, path, what="name")
        elif key in FLAG_KEYS:
            check.require(node, key, bool, path)
        else:
            _descriptions(check, value, path + (key,))


# The card numbers the rules read while playing: card -> (ability or "killing", key, least, what)
CARD_NUMBERS: dict[str, tuple[tuple[str, str, int, str], ...]] = {
    "Androgeus": (("Council VP", "vp", 0, "the VP of Androgeus' Council Phase"),
                  ("Superhero", "max_dice", 0, "the dice Superhero lets roll against him"),
                  ("killing", "min_kills_against", 0, "the kills to score against Androgeus"),
                  ("killing", "min_kills_by_monster", 0, "the kills Androgeus must roll")),
    "Arachne Solara": (("Tangled in the Web", "vp_per_kill", 0, "the VP per kill scored"),
                       ("Spinning the Web", "cost", 0, "the power Spinning the Web costs"),
                       ("Empowering the Web", "power_per_building", 0,
                        "the power per building of Empowering the Web")),
}


def _card_numbers(check: Check, card: MonsterCard, needs: tuple[tuple[str, str, int, str], ...],
                  areas: Mapping[str, Area]) -> None:
    """The numbers of a played card, each where the rules read it (on a plain copy: reading them
    here must not count as the rules using them)."""
    path = ("cards", card.name)
    if card.combat is None:
        check.fail(path + ("combat",), f"the rules play {card.name}: its Combat is needed")
    for section, key, least, what in needs:
        if section == "killing":
            _whole(check, _plain(card.killing), key, path + ("killing",), least, what)
            continue
        ability = card.abilities.get(section)
        if ability is None:
            check.fail(path + ("abilities",), f"the rules play {card.name}'s {section!r}; it is "
                                              "not among its abilities")
            continue
        index = list(card.abilities).index(section)
        _whole(check, _plain(ability.params), key, path + ("abilities", index), least, what)
    if card.name == "Arachne Solara":
        spike = _text(check, _plain(card.killing), "spike_explosion_area", path + ("killing",))
        if spike is not None:
            check.one_of(spike, areas, path + ("killing", "spike_explosion_area"), "area")


# -- what a battle can roll -----------------------------------------------------------------------

def _force_limits(checks: Mapping[str, Check], unit_types: Mapping[str, UnitType],
                  empires: Mapping[str, Empire], elders: Mapping[str, UnitType],
                  cards: Mapping[str, MonsterCard]) -> None:
    """The dice of the largest battle the data allows stay within ``MAX_BATTLE_DICE``: every
    counter of an empire with every Elder Race, or a Monster's Combat (an exact odds table of
    more dice would take minutes, and no Gods War battle is that big)."""
    proc = _plain(checks["battle"].data.tree).get("procedure")
    per = proc.get("dice_per_combat") if isinstance(proc, dict) else None
    if not isinstance(per, int) or isinstance(per, bool) or per < 1:
        return  # reported with battle.yaml
    allies = sum(u.combat * u.count for u in elders.values())
    for name, empire in empires.items():
        dice = (sum(unit_types[u].combat * unit_types[u].count for u in empire.units)
                + allies) * per
        if dice > MAX_BATTLE_DICE:
            checks["empires"].fail(("empires", name, "units"), f"every counter of {name} (with "
                                   f"the Elder Races) rolls {dice} dice; a battle rolls at most "
                                   f"{MAX_BATTLE_DICE}")
    for name, card in cards.items():
        if card.combat is not None and card.combat * per > MAX_BATTLE_DICE:
            checks["monsters"].fail(("cards", name, "combat"), f"{name} rolls {card.combat * per}"
                                    f" dice; a battle rolls at most {MAX_BATTLE_DICE}")


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

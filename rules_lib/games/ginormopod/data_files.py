"""Reading each of the four data files into typed records, every problem named by file and path.

One reader per file, in the order the files depend on each other: the map (Cities, roads, Forts,
Hives, flags), the units (types, Formations, the set-ups), the tables (National Guard, Danger, the
turn track) and the chits. Each reads its file through a :class:`~.data_checks.Reader` (the
*plain* copy: checking does not count as the rules using a number, see data.py), records every
problem and goes on; :func:`~.data.build` raises them all at once. The typed records keep
references into the files' own trees, whose numbers are read when the rules first use them.

Beyond kinds and ranges, the readers refuse what the rules cannot play: a road to a City that is
not on the map, a Fort stronger than the stacking limit, a Set-Up that over-stacks a City, a
National Guard Table that misses a roll of its dice, more Guard rolls than the table's Cities
can take (Set-Up would reroll for ever).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .battleground import City, FortInfo, Road
from .data_checks import MISSING, Path_, Reader
from .pieces import END_CHIT, ActivationChit, FXInfo, UnitType

SIDES = ("Swarm", "Human")
ZONES = ("west", "fence", "east")
FX_KEYS = ("own_pip_modifier", "enemy_pip_modifier", "extra_dice", "auto_hits", "cancel_hits",
           "fires_in_barrage")
CHIT_STARTS = ("cup", "allied")  # Activation Chits: in the cup at Set-Up, or with the Allies
FX_STARTS = ("cup", "turn", "allied")  # FX: the cup, the Turn Track, or with their nation
MOST = 99  # no count, turn or MP of the game comes near this: beyond it is a typing slip
MOST_DICE = 10
MOST_MODIFIER = 5  # a larger pip modifier makes every die hit, or miss, whatever it shows


def node_at(tree: Any, path: Path_) -> Any:
    """The (tracked) node of a data tree at a path the reader has checked."""
    for part in path:
        tree = tree[part]
    return tree


# -- map.yaml ------------------------------------------------------------------------------------


@dataclass
class MapFile:
    """What map.yaml gives: Cities, Hives (City -> Swarm Formation), roads, Forts, the victory
    Cities, the Allied flags and the stacking limit (None when unreadable)."""

    cities: dict[str, City]
    hives: dict[str, str]
    roads: list[Road]
    forts: dict[str, FortInfo]
    victory: tuple[str, ...]
    flags: dict[str, tuple[str, ...]]
    stack_limit: int | None
    strengths: dict[str, int]  # each Fort's starting strength, where readable


def read_map(r: Reader, tree: Any, variant: str = "") -> MapFile:
    """map.yaml, with the named variant section's Cities, Hives and roads if given (its Hives
    replace the map's; its Cities and roads are added)."""
    if variant:
        r.mapping((variant,))
    limit = r.whole(("stacking", "per_side"), 1, MOST)
    r.whole(("fort_dice", "pips"), 1, 6, why="the Fort's dice hit on a face of the die")
    hive_path = (variant, "hives") if variant else ("hives",)
    hives = _read_hives(r, hive_path)
    cities: dict[str, City] = {}
    zones: dict[str, Path_] = {}  # where each City's zone is given
    for prefix in [("cities",)] + ([(variant, "cities")] if variant else []):
        for name, node in r.mapping(prefix).items():
            path = prefix + (name,)
            if not isinstance(name, str) or not isinstance(node, dict):
                r.fail(path, f"a City is a name with its x, y and zone, found {node!r}")
                continue
            r.number(path + ("x",))
            r.number(path + ("y",))
            zone = r.text(path + ("zone",), choices=ZONES, what="zone")
            cities[name] = City(name, zone or "east", hives.get(name), node_at(tree, path))
            zones[name] = path + ("zone",)
    for name in hives:
        if name not in cities:
            r.fail(hive_path + (name,), f"Hive {name!r} is not a City of the map")
        elif cities[name].zone != "west":
            r.fail(hive_path + (name,), f"Hive {name!r} is not west of the Fusion Fence")
    roads = _read_roads(r, [("roads", "list")] + ([(variant, "roads")] if variant else []), cities)
    forts, strengths = _read_forts(r, tree, cities, limit)
    _check_fence(r, cities, zones, forts, roads)
    victory = tuple(r.names(("victory_cities", "cities"), "victory City", forts))
    r.whole(("victory_cities", "needed"), 1, max(1, len(victory)),
            why=f"the Swarm wins by destroying that many of the {len(victory)} victory Cities")
    flags = {}
    for nation, node in r.mapping(("flags",)).items():
        flags[nation] = tuple(r.names(("flags", nation), f"City for the {nation} flag", cities))
    return MapFile(cities, hives, [road for road, _ in roads], forts, victory, flags, limit,
                   strengths)


def _read_hives(r: Reader, path: Path_) -> dict[str, str]:
    """Hive City -> the Swarm Formation whose counters start there."""
    hives = {}
    for name, node in r.mapping(path).items():
        form = r.at(path + (name, "formation")) if isinstance(node, dict) else MISSING
        if form is MISSING:
            r.fail(path + (name,), f"a Hive names its Swarm Formation, found {node!r}")
            continue
        form = r.text_value(form, path + (name, "formation"), what="Swarm Formation")
        if form is not None:
            hives[str(name)] = form
    return hives


def _read_roads(r: Reader, paths: list[Path_], cities: dict[str, City]
                ) -> list[tuple[Road, Path_]]:
    """The road segments (with where each is given): each a pair of two different known Cities,
    given once."""
    roads: list[tuple[Road, Path_]] = []
    given: set[frozenset[str]] = set()
    for prefix in paths:
        for i, road in enumerate(r.listing(prefix)):
            path = prefix + (i,)
            if not (isinstance(road, list) and len(road) == 2):
                r.fail(path, f"a road is a pair of City names, found {road!r}")
                continue
            ends = [r.text_value(end, path + (j,), cities, "City") for j, end in enumerate(road)]
            if None in ends:
                continue
            a, b = ends
            if a == b:
                r.fail(path, f"road {a} - {b} leads from a City to itself")
            elif frozenset((a, b)) in given:
                r.fail(path, f"road {a} - {b} is given twice")
            else:
                given.add(frozenset((a, b)))
                roads.append(((a, b), path))
    return roads


def _read_forts(r: Reader, tree: Any, cities: dict[str, City], limit: int | None
                ) -> tuple[dict[str, FortInfo], dict[str, int]]:
    """The Forts: each in a known City, with a Formation, a strength of at least 1 box (and no
    more boxes than the stacking limit: each box counts as a unit) and whether it is part of the
    Fusion Fence."""
    forts: dict[str, FortInfo] = {}
    strengths: dict[str, int] = {}
    for name, node in r.mapping(("forts",)).items():
        path = ("forts", name)
        if name not in cities:
            r.fail(path, f"unknown City {name!r} for a Fort")
            continue
        if not isinstance(node, dict):
            r.fail(path, f"a Fort is its formation, strength and fence, found {node!r}")
            continue
        form = r.text(path + ("formation",), what="Formation")
        strength = r.whole(path + ("strength",), 1, limit or MOST,
                           why="each box of strength counts as a Human unit against the "
                               "stacking limit")
        if strength is not None:
            strengths[name] = strength
        fence = r.at(path + ("fence",))
        if not isinstance(fence, bool):
            r.fail(path + ("fence",), f"must be true or false, found {fence!r}"
                   if fence is not MISSING else "missing")
        forts[name] = FortInfo(name, form or "", fence is True, node_at(tree, path))
    return forts, strengths


def _check_fence(r: Reader, cities: dict[str, City], zones: dict[str, Path_],
                 forts: dict[str, FortInfo], roads: list[tuple[Road, Path_]]) -> None:
    """The Fusion Fence: the fence zone holds only Fence Forts, and no road jumps it."""
    for name, city in cities.items():
        if city.zone == "fence" and not (name in forts and forts[name].fence):
            r.fail(zones[name], f"{name!r} is in the fence zone but is not a Fence Fort")
    for (a, b), path in roads:
        if {cities[a].zone, cities[b].zone} == {"west", "east"}:
            r.fail(path, f"road {a} - {b} crosses the Fusion Fence without a Fence Fort")


# -- units.yaml ----------------------------------------------------------------------------------


@dataclass
class UnitsFile:
    """What units.yaml gives: unit types, Formations per side, the Human set-up rows and the
    Allied Formations' rows (the rows are the file's own, read as the Set-Up uses them)."""

    types: dict[str, UnitType]
    formations: dict[str, tuple[str, ...]]
    human_setup: list[Any]
    allied_units: dict[str, list[Any]]
    set_up: Counter[str]  # Human units each City is set up with


def read_units(r: Reader, tree: Any, board: MapFile, map_reader: Reader) -> UnitsFile:
    """units.yaml, checked against the map (whose Hives, Forts and flags name Formations)."""
    limit = board.stack_limit or MOST
    types = _read_types(r, tree)
    formations = _read_formations(r)
    swarm, human, allied = (formations.get(s, ()) for s in ("Swarm", "Human", "Allied"))
    for city, form in board.hives.items():
        if form not in swarm:
            map_reader.fail(("hives", city, "formation"),
                            f"Hive Formation {form!r} is not a Swarm Formation ({', '.join(swarm)})")
    for city, fort in board.forts.items():
        if fort.formation and fort.formation not in human:
            map_reader.fail(("forts", city, "formation"),
                            f"unknown Human Formation {fort.formation!r} for the Fort")
    for nation in board.flags:
        if nation not in allied:
            map_reader.fail(("flags", nation), f"unknown Allied Formation {nation!r}")
    hive_total = 0
    for kind in r.mapping(("hive_units",)):
        count = r.whole(("hive_units", kind), 0, limit)
        if kind not in types or types[kind].side != "Swarm":
            r.fail(("hive_units", kind), f"{kind!r} is not a Swarm unit type")
        hive_total += count or 0
    if hive_total > limit:
        r.fail(("hive_units",), f"{hive_total} units set up in each Hive: more than the stacking "
                                f"limit of {limit}")
    set_up = _read_setup_rows(r, board, types, human)
    for nation, rows in r.mapping(("allied_units",)).items():
        if nation not in allied:
            r.fail(("allied_units", nation), f"unknown Allied Formation {nation!r}")
        for i, _ in enumerate(r.listing(("allied_units", nation))):
            _read_row(r, ("allied_units", nation, i), types, limit)
    for kind in ("armed", "blank"):
        r.whole(("guards", kind), 0, MOST)
    return UnitsFile(types, formations,
                     list(list.__iter__(tree["human_setup"]["placements"]))
                     if isinstance(r.at(("human_setup", "placements")), list) else [],
                     {k: list(list.__iter__(v)) for k, v in dict.items(tree["allied_units"])
                      if isinstance(r.at(("allied_units", k)), list)}
                     if isinstance(r.at(("allied_units",)), dict) else {}, set_up)


def _read_types(r: Reader, tree: Any) -> dict[str, UnitType]:
    """The unit types: side, MP and the pips of each side of the counter."""
    types: dict[str, UnitType] = {}
    for name, node in r.mapping(("types",)).items():
        path = ("types", name)
        if not isinstance(name, str) or not isinstance(node, dict):
            r.fail(path, f"a unit type is a name with its side, MP and pips, found {node!r}")
            continue
        side = r.text(path + ("side",), choices=SIDES, what="side")
        r.whole(path + ("mp",), 0, MOST)
        for face in ("fresh", "reduced"):
            r.pips(path + (face,))
        r.pips(path + ("revealed_armed",), required=False)
        types[name] = UnitType(name, side or "Swarm", r.flag(path + ("fresh_doubles",)),
                               r.flag(path + ("no_reduced_side",)), node_at(tree, path))
    guard = types.get("Guard")
    if guard is None:
        r.fail(("types",), "the National Guard type 'Guard' is missing")
    elif guard.side != "Human":
        r.fail(("types", "Guard", "side"), "the National Guard are Human units")
    return types


def _read_formations(r: Reader) -> dict[str, tuple[str, ...]]:
    """The Formations of each side (Swarm, Human, Allied), no name on two sides."""
    formations = {side: tuple(r.names(("formations", side), "Formation"))
                  for side in ("Swarm", "Human", "Allied")}
    seen: dict[str, str] = {}
    for side, names in formations.items():
        for name in names:
            if name in seen:
                r.fail(("formations", side), f"Formation {name!r} is both {seen[name]} and {side}")
            seen[name] = side
    return formations


def _read_row(r: Reader, path: Path_, types: dict[str, UnitType], limit: int) -> str | None:
    """One set-up row: a Human unit type and how many (1 if not said); returns the type."""
    kind = r.text(path + ("type",), choices=[t for t, v in types.items() if v.side == "Human"],
                  what="Human unit type")
    r.whole(path + ("count",), 1, limit, required=False)
    return kind


def _read_setup_rows(r: Reader, board: MapFile, types: dict[str, UnitType],
                     human: tuple[str, ...]) -> Counter[str]:
    """The Human set-up rows (City, type, Formation, count); no City over-stacked by them.
    Returns the units each City is set up with."""
    limit = board.stack_limit or MOST
    stacked: Counter[str] = Counter()
    for i, row in enumerate(r.listing(("human_setup", "placements"))):
        path = ("human_setup", "placements", i)
        if not isinstance(row, dict):
            r.fail(path, f"a set-up row names its city, type, formation and count, found {row!r}")
            continue
        city = r.text(path + ("city",), choices=board.cities, what="City")
        _read_row(r, path, types, limit)
        r.text(path + ("formation",), choices=human, what="Human Formation")
        count = row.get("count", 1)
        if city is not None and isinstance(count, int) and not isinstance(count, bool):
            stacked[city] += count
    for city, n in stacked.items():
        boxes = board.strengths.get(city, 0)
        if n + boxes > limit:
            r.fail(("human_setup", "placements"),
                   f"{city} is set up with {n} Human units" + (f" and a Fort of {boxes} boxes"
                                                              if boxes else "")
                   + f": more than the stacking limit of {limit}")
    return stacked


# -- tables.yaml ---------------------------------------------------------------------------------


def read_tables(r: Reader, board: MapFile, units: UnitsFile) -> dict[int, str]:
    """tables.yaml, checked against the map; returns the National Guard Table (roll -> City)."""
    table = _read_guard_table(r, board, units)
    spaces = r.listing(("danger_track", "symbols"))
    if not spaces:
        r.fail(("danger_track", "symbols"), "the Danger track needs at least one space")
    for i, _ in enumerate(spaces):
        r.pips(("danger_track", "symbols", i))
    r.whole(("danger_track", "advance"), 0, max(0, len(spaces) - 1))
    r.whole(("danger_track", "dice"), 1, MOST_DICE)
    first = r.whole(("turn_track", "first_turn"), 1, MOST)
    r.whole(("turn_track", "last_turn"), first or 1, MOST)
    r.whole(("turn_track", "time_tracker_delay"), 1, MOST)
    # a turn after the last is allowed: the game then ends before it comes (a shortened game)
    r.whole(("turn_track", "removed_from_turn"), first or 1, MOST,
            why="a turn of the track, or later (never)")
    later = (first or 1) + 1, MOST
    allied = r.whole(("turn_track", "allied_turn"), *later,
                     why="the chits enter the cup when the marker reaches that turn")
    danger = r.whole(("turn_track", "danger_chit_turn"), *later,
                     why="the chits enter the cup when the marker reaches that turn")
    if allied is not None and allied == danger:
        r.fail(("turn_track", "danger_chit_turn"),
               f"the Danger chits and the Allied chits both wait on Turn {allied}: give them "
               "different turns")
    r.whole(("turn_end_track", "spaces"), 1, MOST)
    r.whole(("overrun", "min_acting"), 1, MOST)
    r.whole(("overrun", "max_enemy"), 1, MOST)
    return table


def _read_guard_table(r: Reader, board: MapFile, units: UnitsFile) -> dict[int, str]:
    """The National Guard Table: every roll of its dice names a City (not a Hive); the rolls can
    all be placed (no more Guards than the table's Cities take) without over-stacking."""
    limit = board.stack_limit or MOST
    dice = r.whole(("national_guard_table", "dice"), 1, MOST_DICE)
    table: dict[int, str] = {}
    for roll, city in r.mapping(("national_guard_table", "results")).items():
        path = ("national_guard_table", "results", roll)
        total = r.whole_value(roll, path, dice or 1, 6 * (dice or MOST_DICE),
                              why="a total of the table's dice")
        name = r.text_value(city, path, board.cities, "City")
        if total is None or name is None:
            continue
        if board.cities[name].hive:
            r.fail(path, f"{name!r} is a Swarm Hive: no National Guard is placed there")
            continue
        table[total] = name
    if dice is not None and table:
        missing = [t for t in range(dice, 6 * dice + 1) if t not in table]
        if missing:
            r.fail(("national_guard_table", "results"),
                   f"no City for a roll of {', '.join(map(str, missing))} on {dice} dice")
    most = r.whole(("guards_per_city", "max"), 1, limit)
    places = len(set(table.values())) * (most or 0)
    r.whole(("guards_per_city", "rolls"), 0, places,
            why=f"{len(set(table.values()))} Cities of the table take {most} Guards each; "
                "a roll more would be rerolled for ever")
    for city in sorted(set(table.values())):
        held = units.set_up[city] + board.strengths.get(city, 0) + (most or 0)
        if most is not None and held > limit:
            r.fail(("guards_per_city", "max"),
                   f"{city} could hold {held} Human units after Set-Up (its set-up units, Fort "
                   f"boxes and {most} Guards): more than the stacking limit of {limit}")
    return table


# -- chits.yaml ----------------------------------------------------------------------------------


def read_chits(r: Reader, tree: Any, units: UnitsFile
               ) -> tuple[dict[str, ActivationChit], dict[str, FXInfo]]:
    """chits.yaml, checked against the Formations: the Activation Chits and the FX chits."""
    forms = units.formations
    of_side = {"Swarm": forms.get("Swarm", ()),
               "Human": forms.get("Human", ()) + forms.get("Allied", ())}
    activation = {}
    for name, node in r.mapping(("activation",)).items():
        path = ("activation", name)
        if not _chit_name(r, name, node, path):
            continue
        side = r.text(path + ("side",), choices=SIDES, what="side")
        form = r.text(path + ("formation",), choices=of_side.get(side or "", ()),
                      what=f"{side or ''} Formation".strip())
        start = r.text(path + ("start",), choices=CHIT_STARTS, what="start")
        activation[name] = ActivationChit(name, side or "", form or "", start or "cup")
    chits_of: dict[str, list[str]] = {}
    for name, chit in activation.items():
        chits_of.setdefault(chit.formation, []).append(name)
    for side, names in forms.items():
        for form in names:
            found = chits_of.get(form, [])
            if len(found) != 1:
                r.fail(("activation",), f"Formation {form!r} ({side}) must have one Activation "
                                        f"Chit, found {len(found)}"
                                        + (f" ({', '.join(found)})" if found else ""))
    r.whole(("end_chits", "count"), 0, MOST)
    fx = {}
    for name, node in r.mapping(("fx",)).items():
        path = ("fx", name)
        if not _chit_name(r, name, node, path):
            continue
        if name in activation:
            r.fail(path, f"{name!r} is both an Activation Chit and an FX")
        side = r.text(path + ("side",), choices=SIDES, what="side")
        start = r.text(path + ("start",), choices=FX_STARTS, what="start")
        nation = r.text(path + ("formation",), required=start == "allied",
                        choices=forms.get("Allied", ()), what="Allied Formation")
        _read_effect(r, path + ("effect",))
        effect = node_at(tree, path).get("effect") if isinstance(node.get("effect"), dict) else {}
        danger = r.at(path + ("danger",))
        if not isinstance(danger, bool):
            r.fail(path + ("danger",), "missing: does the FX endanger the planet (true/false)?"
                   if danger is MISSING else f"must be true or false, found {danger!r}")
        fx[name] = FXInfo(name, side or "Swarm", start or "cup", danger is True, effect or {},
                          nation)
    return activation, fx


def _chit_name(r: Reader, name: Any, node: Any, path: Path_) -> bool:
    """A chit is a name (not one the ...The End??? chits take) with a mapping of its facts."""
    if not isinstance(name, str) or not isinstance(node, dict):
        r.fail(path, f"a chit is a name with a mapping of its facts, found {node!r}")
        return False
    if name.startswith(END_CHIT):
        r.fail(path, f"{name!r}: names beginning {END_CHIT!r} are the ...The End??? chits'")
        return False
    return True


def _read_effect(r: Reader, path: Path_) -> None:
    """An FX effect: known keys, each value of its kind."""
    for key in r.mapping(path):  # (required: an FX without effect says so with {})
        where = path + (key,)
        if key not in FX_KEYS:
            r.fail(where, f"unknown FX effect {key!r}; known: {', '.join(FX_KEYS)}")
        elif key.endswith("pip_modifier"):
            r.whole_value(r.at(where), where, -MOST_MODIFIER, MOST_MODIFIER)
        elif key == "extra_dice":
            r.pips(where)
        elif key == "fires_in_barrage":
            r.flag(where)
        else:
            r.whole_value(r.at(where), where, 0, MOST)

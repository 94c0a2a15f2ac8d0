"""Ginormopod's data: the typed game data (:class:`GinData`) and its loaders.

The four YAML files (map, units, tables, chits) are read by :mod:`.data_files`, one reader per
file; :func:`build` joins them into one :class:`GinData`, the object every rule reads. The shipped
data is built once per set of designer overrides (``LOADER``); the ``three_western_hives`` rule
variant plays on the map's variant section (``THREE_HIVES_LOADER``).
"""
from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from rules_lib.core.data import DataError, DataLoader, GameData

from .battleground import City, FortInfo, RoadMap
from .data_checks import Reader
from .data_files import SIDES, read_chits, read_map, read_tables, read_units
from .pieces import ActivationChit, Counter, FXInfo, UnitType, counter_mix
from .volley import Fighter, Volley

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("map", "units", "tables", "chits")
MAP_VARIANT = "three_western_hives"  # the rule variant that swaps in the map's variant section

# -- values read on first use --------------------------------------------------------------------
# Numbers are read from the data tree when the rules first ask for them (then kept as a plain
# attribute): with `rules_lib.core.data.track_reads` copies of the files, the read log then says
# which numbers the game really uses (tests/games/ginormopod/test_data_alive.py).

VolleyKey = tuple[tuple[Fighter, ...], int, str, str, bool]
VOLLEYS_KEPT = 4096  # volleys kept per data object (see combat.volley)


def _number(tree: Any, *path: str | int) -> int:
    """The whole number at a path of a data tree (read, and so counted as used)."""
    node = tree
    for part in path:
        node = node[part]
    return int(node)


@dataclass(eq=False)
class GinData:
    """Every value of the game, typed; `sources` keeps the GameData (with provenance) per file.
    Numbers are properties read from the files on first use (see the note above).

    Compared and hashed by identity: each data object is one designer's set of values, and the
    tables built from it (`road_map`, `volleys`, provenance.whys) belong to it alone."""

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
    road_map: RoadMap = field(default_factory=lambda: RoadMap((), ()), repr=False)
    # the dice each set of fighters rolls (combat.volley), kept: the same fighters roll the same
    volleys: dict[VolleyKey, Volley] = field(default_factory=dict, repr=False)

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

    @cached_property
    def hives(self) -> dict[str, str]:
        """Hive city -> its Swarm Formation."""
        return {c.name: c.hive for c in self.cities.values() if c.hive}

    @cached_property
    def fence_forts(self) -> tuple[str, ...]:
        """The Forts of the Fusion Fence, in the map's order."""
        return tuple(c for c, f in self.forts.items() if f.fence)

    @cached_property
    def counters(self) -> tuple[Counter, ...]:
        """Every counter of the game (see pieces.counter_mix)."""
        return counter_mix(self.hives, self.hive_units, self.human_setup, self.allied_units,
                           self.guards_armed, self.guards_blank)

    @cached_property
    def counter_ids(self) -> list[str]:
        """The ids of every counter, sorted (the conservation invariant compares with them)."""
        return sorted(c.id for c in self.counters)

    def formation_side(self, formation: str) -> str:
        """Swarm or Human for a Formation name."""
        return "Swarm" if formation in self.formations["Swarm"] else "Human"


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


def build(sources: dict[str, GameData], map_variant: str = "") -> GinData:
    """Check the four files, each on its own and against each other, and build GinData; raise
    one DataError listing every problem of every file (each naming its file and path).

    Checking reads untracked copies; the typed tables keep references into the files' own trees
    and read their numbers when the rules first use them."""
    readers = {name: Reader(sources[name]) for name in FILES}
    trees = {name: sources[name].tree for name in FILES}
    board = read_map(readers["map"], trees["map"], map_variant)
    units = read_units(readers["units"], trees["units"], board, readers["map"])
    guard_table = read_tables(readers["tables"], board, units)
    activation, fx = read_chits(readers["chits"], trees["chits"], units)
    problems = [p for name in FILES for p in readers[name].problems]
    if problems:
        raise_all(problems)
    road_map = RoadMap(board.cities, board.roads)
    return GinData(
        cities=board.cities, roads=board.roads, forts=board.forts, victory_cities=board.victory,
        flags=board.flags, types=units.types, formations=units.formations,
        human_setup=units.human_setup, allied_units=units.allied_units, guard_table=guard_table,
        activation=activation, fx=fx, sources=sources, adjacency=road_map.adjacency,
        map_variant=map_variant, road_map=road_map)


def raise_all(problems: list[DataError]) -> None:
    """Raise the first problem with all the others listed in its message (one per line, as
    DataLoader.validate splits them)."""
    first = problems[0]
    if len(problems) == 1:
        raise first
    more = "\n  ".join(str(p) for p in problems[1:])
    raise DataError(first.file, first.path, f"{first.problem}\n  {more}")


def validate_data(folder: Any = None) -> list[str]:
    """Every problem in the data files (or a copy in ``folder``), on both maps (the
    three_western_hives variant plays on the map's variant section)."""
    problems = LOADER.validate(folder)
    return problems + [p for p in THREE_HIVES_LOADER.validate(folder) if p not in problems]


LOADER = DataLoader("ginormopod", DATA_DIR, FILES, build)
THREE_HIVES_LOADER = DataLoader("ginormopod", DATA_DIR, FILES,
                                functools.partial(build, map_variant=MAP_VARIANT))

__all__ = ["DATA_DIR", "FILES", "LOADER", "MAP_VARIANT", "SIDES", "THREE_HIVES_LOADER", "City",
           "FortInfo", "GinData", "UnitType", "build", "data_for", "load_game_data",
           "load_sources", "validate_data"]

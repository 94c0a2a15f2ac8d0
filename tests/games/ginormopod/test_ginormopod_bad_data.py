"""Corrupted data files: every malformed value a DataError naming the file and the path, all of
them listed at once, never another exception or a hang (issue 15).

Each case edits one value of a copy of the data folder as a careless designer would (text where a
number belongs, a list where a mapping belongs, a missing key, an unknown name, an impossible
value); a bounded hypothesis test puts random values at random places.
"""
from __future__ import annotations

import shutil
import signal
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.data import DataError, DataLoader
from rules_lib.games.ginormopod import GAME
from rules_lib.games.ginormopod.data import FILES, build

SOURCE = Path(GAME.data_loader.folder)
DELETE = object()


def copy_with(tmp: Path, edits: list[tuple[str, tuple, object]]) -> Path:
    """A copy of the data folder with values replaced (a provenance-wrapped value keeps its
    wrapper: its `value` is replaced) or deleted."""
    folder = tmp / "data"
    shutil.copytree(SOURCE, folder)
    for name, path, value in edits:
        file = folder / f"{name}.yaml"
        tree = yaml.safe_load(file.read_text(encoding="utf-8"))
        node = tree
        for key in path[:-1]:
            node = node[key]
        last = path[-1]
        if value is DELETE:
            del node[last]
        elif isinstance(node, dict) and isinstance(node.get(last), dict) and "value" in node[last] \
                and not isinstance(value, dict):
            node[last]["value"] = value
        else:
            node[last] = value
        file.write_text(yaml.safe_dump(tree, sort_keys=False, allow_unicode=True),
                        encoding="utf-8")
    return folder


#: (what is broken, file, path, new value, what a message must say after "file: ")
BAD_EDITS = [
    ("text for the stacking limit", "map", ("stacking", "per_side"), "six",
     "stacking.per_side: must be a whole number, found text 'six'"),
    ("a negative stacking limit", "map", ("stacking", "per_side"), -1,
     "stacking.per_side: -1 is out of range"),
    ("a fraction for the Fort's pips", "map", ("fort_dice", "pips"), 4.5,
     "fort_dice.pips: must be a whole number, found the number 4.5"),
    ("Fort pips off the die", "map", ("fort_dice", "pips"), 7, "fort_dice.pips: 7 is out of range"),
    ("a road to a City that does not exist", "map", ("roads", "list", 0), ["Chicago", "Gotham"],
     "roads.list[0][1]: unknown City 'Gotham'"),
    ("a road from a City to itself", "map", ("roads", "list", 0), ["Chicago", "Chicago"],
     "road Chicago - Chicago leads from a City to itself"),
    ("a road that is not a pair", "map", ("roads", "list", 0), "Chicago",
     "roads.list[0]: a road is a pair of City names"),
    ("a list where the Cities belong", "map", ("cities",), ["Chicago"],
     "cities: must be a mapping of names to values, found a list"),
    ("a City without its zone", "map", ("cities", "Chicago", "zone"), DELETE,
     "cities.Chicago.zone: missing"),
    ("an unknown zone", "map", ("cities", "Chicago", "zone"), "north",
     "cities.Chicago.zone: unknown zone 'north'"),
    ("a Fort of strength 0", "map", ("forts", "Atlanta", "strength"), 0,
     "forts.Atlanta.strength: 0 is out of range"),
    ("a Fort stronger than the stacking limit", "map", ("forts", "Atlanta", "strength"), 7,
     "forts.Atlanta.strength: 7 is out of range: must be 1..6"),
    ("a Fort crowding its Set-Up out", "map", ("forts", "Atlanta", "strength"), 6,
     "units.yaml: human_setup.placements: Atlanta is set up with 2 Human units and a Fort of 6 "
     "boxes: more than the stacking limit"),
    ("a Fort in a City that does not exist", "map", ("forts", "Gotham"),
     {"formation": "A", "strength": 2, "fence": False}, "unknown City 'Gotham' for a Fort"),
    ("a Fort of an unknown Formation", "map", ("forts", "Atlanta", "formation"), "Q",
     "unknown Human Formation 'Q' for the Fort"),
    ("text for 'fence'", "map", ("forts", "Atlanta", "fence"), "no",
     "forts.Atlanta.fence: must be true or false"),
    ("more victory Cities needed than there are", "map", ("victory_cities", "needed"), 9,
     "victory_cities.needed: 9 is out of range"),
    ("a flag on a City that does not exist", "map", ("flags", "French"), ["Paris"],
     "unknown City for the French flag 'Paris'"),
    ("text for a unit's MP", "units", ("types", "Ant", "mp"), "fast",
     "types.Ant.mp: must be a whole number, found text 'fast'"),
    ("pips outside the die", "units", ("types", "Ant", "fresh"), [0, 7],
     "types.Ant.fresh[0]: die pips 0 not a face of the die"),
    ("a unit of no side", "units", ("types", "Ant", "side"), "Aliens", "unknown side 'Aliens'"),
    ("a list where the unit types belong", "units", ("types",), [1, 2],
     "types: must be a mapping of names to values, found a list"),
    ("an unknown unit type in the Set-Up", "units", ("human_setup", "placements", 0, "type"),
     "Mech", "unknown Human unit type 'Mech'"),
    ("a negative count in the Set-Up", "units", ("human_setup", "placements", 0, "count"), -2,
     "human_setup.placements[0].count: -2 is out of range"),
    ("a Set-Up in a City that does not exist", "units",
     ("human_setup", "placements", 0, "city"), "Gotham", "unknown City 'Gotham'"),
    ("too many units in each Hive", "units", ("hive_units", "Ant"), 9,
     "hive_units.Ant: 9 is out of range"),
    ("a negative number of Guards", "units", ("guards", "armed"), -1,
     "guards.armed: -1 is out of range"),
    ("a last turn of 0", "tables", ("turn_track", "last_turn"), 0,
     "turn_track.last_turn: 0 is out of range"),
    ("text for the first turn", "tables", ("turn_track", "first_turn"), "one",
     "turn_track.first_turn: must be a whole number, found text 'one'"),
    ("a Guard roll naming a City that does not exist", "tables",
     ("national_guard_table", "results", 7), "Gotham", "unknown City 'Gotham'"),
    ("a Guard table missing a roll", "tables", ("national_guard_table", "results", 7), DELETE,
     "no City for a roll of 7 on 2 dice"),
    ("more Guard rolls than the table can place", "tables", ("guards_per_city", "rolls"), 500,
     "guards_per_city.rolls: 500 is out of range"),
    ("Danger pips off the die", "tables", ("danger_track", "symbols", 1), [9],
     "danger_track.symbols[1][0]: die pips 9 not a face of the die"),
    ("no Danger dice", "tables", ("danger_track", "dice"), 0, "danger_track.dice: 0 is out of range"),
    ("an empty Turn End Track", "tables", ("turn_end_track", "spaces"), 0,
     "turn_end_track.spaces: 0 is out of range"),
    ("a chit of an unknown Formation", "chits", ("activation", "Human A", "formation"), "Q",
     "activation.Human A.formation: unknown Human Formation 'Q'"),
    ("a negative number of ...The End???", "chits", ("end_chits", "count"), -2,
     "end_chits.count: -2 is out of range"),
    ("an FX of no side", "chits", ("fx", "Wasp", "side"), "Aliens", "unknown side 'Aliens'"),
    ("an unknown FX effect", "chits", ("fx", "Wasp", "effect"), {"teleport": 1},
     "fx.Wasp.effect.teleport: unknown FX effect 'teleport'"),
    ("text for an FX modifier", "chits", ("fx", "Drone", "effect"), {"own_pip_modifier": "x"},
     "fx.Drone.effect.own_pip_modifier: must be a whole number"),
    ("an FX without its danger flag", "chits", ("fx", "Wasp", "danger"), DELETE,
     "fx.Wasp.danger: missing"),
]


@pytest.mark.parametrize("what,name,path,value,message", BAD_EDITS, ids=[c[0] for c in BAD_EDITS])
def test_a_broken_data_file_is_named_with_its_path(tmp_path, what, name, path, value, message):
    problems = GAME.validate_data(copy_with(tmp_path, [(name, path, value)]))
    file = "" if ".yaml: " in message else f"{name}.yaml: "  # (else the message names the file)
    assert any(file in p and message in p for p in problems), (what, problems)


def test_every_problem_is_listed_not_just_the_first(tmp_path):
    folder = copy_with(tmp_path, [("map", ("stacking", "per_side"), "six"),
                                  ("units", ("types", "Ant", "mp"), -3),
                                  ("tables", ("turn_track", "last_turn"), 0),
                                  ("chits", ("end_chits", "count"), "many")])
    problems = GAME.validate_data(folder)
    for file, path in [("map", "stacking.per_side"), ("units", "types.Ant.mp"),
                       ("tables", "turn_track.last_turn"), ("chits", "end_chits.count")]:
        assert any(f"{file}.yaml: {path}:" in p for p in problems), (file, problems)


def test_loading_a_broken_folder_raises_a_data_error(tmp_path):
    folder = copy_with(tmp_path, [("map", ("stacking", "per_side"), [6])])
    with pytest.raises(DataError, match="stacking.per_side: must be a whole number"):
        DataLoader("ginormopod", folder, FILES, build).data()


# -- random corruption --------------------------------------------------------------------------


def leaves(tree, path=()):
    """Every path to a value of a data tree."""
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from leaves(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from leaves(v, path + (i,))
    else:
        yield path


LEAVES = [(name, p) for name in ("map", "units", "tables", "chits")
          for p in leaves(yaml.safe_load((SOURCE / f"{name}.yaml").read_text(encoding="utf-8")))
          if p]
VALUES = st.one_of(st.integers(-10**6, 10**6), st.sampled_from([0, -1, 1, 6, 7, 100]),
                   st.floats(allow_nan=True), st.booleans(), st.none(), st.text(max_size=6),
                   st.sampled_from(["Chicago", "Gotham", "Ant", "Guard", "Swarm", "A", "Q"]),
                   st.lists(st.integers(-2, 8), max_size=3),
                   st.dictionaries(st.text(max_size=3), st.integers(-1, 3), max_size=2))


def _alarm(signum, frame):
    raise TimeoutError("no answer within the time limit")


@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(leaf=st.sampled_from(LEAVES), value=VALUES)
def test_random_values_are_accepted_or_named_never_a_crash(tmp_path_factory, leaf, value):
    name, path = leaf
    folder = copy_with(tmp_path_factory.mktemp("bad"), [(name, path, value)])
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(20)
    try:
        problems = GAME.validate_data(folder)  # DataLoader.validate: anything but DataError fails
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert all(isinstance(p, str) and ".yaml: " in p for p in problems), problems

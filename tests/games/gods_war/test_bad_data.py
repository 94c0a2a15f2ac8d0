"""Bad data files are refused with every problem named, never a traceback or a hang (issue 15).

A careless edit of one value in a copy of the data folder (text where a number belongs, a list
where a mapping belongs, a missing key, an unknown name, an impossible number) must come back from
``GAME.validate_data(folder)`` as a problem naming the file and the path; a loader that raises
anything but a DataError, or lets the edit through, is a bug. A bounded hypothesis test replaces
random values of the data and asks the same; data it lets through must play.
"""
from __future__ import annotations

import copy
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.data import DataError, GameData, walk
from rules_lib.games.gods_war import GAME, game_with_data, odds
from rules_lib.games.gods_war.data import build, load_files

DELETE = object()  # an edit that removes the key


def edit(folder: Path, file: str, path: tuple, value: Any) -> None:
    """Set (or delete) one value of a YAML data file in ``folder``; a ``{value: X, assumed: ..}``
    wrapper keeps its provenance and gets the new value."""
    target = folder / f"{file}.yaml"
    tree = yaml.safe_load(target.read_text(encoding="utf-8"))
    node = tree
    for part in path[:-1]:
        node = node[part]
        if isinstance(node, dict) and "value" in node and set(node) <= {"value", "rulebook",
                                                                        "assumed"}:
            node = node["value"]
    last = path[-1]
    if value is DELETE:
        del node[last]
    elif isinstance(node.get(last) if isinstance(node, dict) else node[last], dict) \
            and "value" in node[last]:
        node[last]["value"] = value
    else:
        node[last] = value
    target.write_text(yaml.safe_dump(tree, sort_keys=False, allow_unicode=True), encoding="utf-8")


@pytest.fixture
def folder(tmp_path) -> Path:
    copied = tmp_path / "data"
    shutil.copytree(GAME.data_loader.folder, copied)
    return copied


SW = ("empires", "Storm", "units", "Storm Warrior")
# name -> (file, path, new value, the problem's "file: path" and words it must contain)
BAD_EDITS: dict[str, tuple[str, tuple, Any, str, str]] = {
    "unknown realm": ("map", ("areas", "Prax", "realm"), "limbo",
                      "map.yaml: areas.Prax.realm", "unknown realm 'limbo'"),
    "text for a coordinate": ("map", ("areas", "Prax", "x"), "far east",
                              "map.yaml: areas.Prax.x", "must be int/float"),
    "infinite coordinate": ("map", ("areas", "Prax", "y"), float("inf"),
                            "map.yaml: areas.Prax.y", "finite"),
    "list for an area": ("map", ("areas", "Prax"), [1, 2], "map.yaml: areas.Prax",
                         "needs a mapping"),
    "list for the areas": ("map", ("areas",), ["Altinela"], "map.yaml: areas", "must be dict"),
    "border to nowhere": ("map", ("borders", 0), ["Altinela", "Atlantis"],
                          "map.yaml: borders[0][1]", "unknown area 'Atlantis'"),
    "border not a pair": ("map", ("borders", 0), "Altinela-Maniria", "map.yaml: borders[0]",
                          "a border is a pair of areas"),
    "area bordering itself": ("map", ("borders", 0), ["Altinela", "Altinela"],
                              "map.yaml: borders[0]", "cannot border itself"),
    "named area missing": ("map", ("areas", "Altinela"), DELETE, "map.yaml: areas",
                           "the rulebook names area 'Altinela'"),
    "text for a cost": ("empires", SW + ("cost",), "one", "empires.yaml: " + ".".join(SW)
                        + ".cost", "must be int"),
    "negative count": ("empires", SW + ("count",), -3, "empires.yaml: " + ".".join(SW)
                       + ".count", "number of Storm Warrior counters must be from 1"),
    "too many counters": ("empires", SW + ("count",), 1000, "empires.yaml: " + ".".join(SW)
                          + ".count", "from 1 to 60"),
    "Combat zero": ("empires", SW + ("combat",), 0, "empires.yaml: " + ".".join(SW) + ".combat",
                    "Combat of Storm Warrior must be from 1"),
    "unknown class": ("empires", SW + ("class",), "demigod", "empires.yaml: " + ".".join(SW)
                      + ".class", "unknown class 'demigod'"),
    "home nowhere": ("empires", ("empires", "Storm", "home"), "Atlantis",
                     "empires.yaml: empires.Storm.home", "unknown area 'Atlantis'"),
    "home in Hell": ("empires", ("empires", "Storm", "home"), "Hell",
                     "empires.yaml: empires.Storm.home", "not on the surface"),
    "player order short": ("empires", ("player_order",), ["Storm", "Sea", "Earth"],
                           "empires.yaml: player_order", "must list each empire once"),
    "player twice": ("empires", ("player_order",),
                     ["Storm", "Storm", "Sea", "Earth", "Invisible God"],
                     "empires.yaml: player_order", "must list each empire once"),
    "misspelt ability": ("empires", ("empires", "Storm", "abilities"), ["Telport"],
                         "empires.yaml: empires.Storm.abilities[0]",
                         "unknown empire ability 'Telport'"),
    "no units": ("empires", ("empires", "Storm", "units"), {}, "empires.yaml: empires.Storm.units",
                 "no unit types"),
    "unit type twice": ("empires", ("empires", "Sea", "units", "Storm Warrior"),
                        {"class": "unit", "cost": 1, "combat": 1, "count": 1},
                        "empires.yaml: empires.Sea.units.Storm Warrior", "defined twice"),
    "text Elder Race Combat": ("empires", ("elder_races", "Dragonewt Allies", "combat"), "2",
                               "empires.yaml: elder_races.Dragonewt Allies.combat",
                               "must be int"),
    "text for a flag": ("empires", ("empires", "Invisible God", "no_heroes"), "yes",
                        "empires.yaml: empires.Invisible God.no_heroes", "must be bool"),
    "unknown die face": ("battle", ("battle_dice", "faces", 0), "boom",
                         "battle.yaml: battle_dice.faces[0]", "unknown battle die face"),
    "faces do not fit the die": ("battle", ("battle_dice", "sides"), 7,
                                 "battle.yaml: battle_dice.faces", "6 faces listed for a d7"),
    "text for the sides": ("battle", ("battle_dice", "sides"), "six",
                           "battle.yaml: battle_dice.sides", "must be int"),
    "negative dice per Combat": ("battle", ("procedure", "dice_per_combat"), -1,
                                 "battle.yaml: procedure.dice_per_combat", "must be from 1"),
    "too many dice": ("battle", ("procedure", "dice_per_combat"), 10,
                      "empires.yaml: empires.Sea.units", "a battle rolls at most 60"),
    "free battles": ("battle", ("procedure", "attack_cost"), 0,
                     "battle.yaml: procedure.attack_cost", "must be 1 or more"),
    "text for a yes/no": ("battle", ("procedure", "loser_buildings_destroyed"), "sometimes",
                          "battle.yaml: procedure.loser_buildings_destroyed", "must be bool"),
    "last turn 0": ("base_game", ("victory", "turn_limit"), 0,
                    "base_game.yaml: victory.turn_limit", "the last turn must be from 1 to 100"),
    "text for the last turn": ("base_game", ("victory", "turn_limit"), "ten",
                               "base_game.yaml: victory.turn_limit", "must be int"),
    "negative power": ("base_game", ("setup", "starting_power"), -5,
                       "base_game.yaml: setup.starting_power", "must be 0 or more"),
    "list for a section": ("base_game", ("council",), [3, 1, 1], "base_game.yaml: council",
                           "must be dict"),
    "missing cost": ("base_game", ("actions", "move"), DELETE, "base_game.yaml: actions.move",
                     "missing"),
    "unknown Hell realm": ("base_game", ("hell_permissions", "realm"), "purgatory",
                           "base_game.yaml: hell_permissions.realm", "unknown realm"),
    "no buildings allowed": ("base_game", ("buildings", "per_empire_per_area"), 0,
                             "base_game.yaml: buildings.per_empire_per_area", "1 or more"),
    "no web tokens": ("monsters", ("components", "web_tokens"), 0,
                      "monsters.yaml: components.web_tokens", "must be 1 or more"),
    "text web tokens": ("monsters", ("components", "web_tokens"), "12",
                        "monsters.yaml: components.web_tokens", "must be int"),
    "text Monster Combat": ("monsters", ("cards", "Androgeus", "combat"), "six",
                            "monsters.yaml: cards.Androgeus.combat", "must be int"),
    "500 Combat": ("monsters", ("cards", "Androgeus", "combat"), 500,
                   "monsters.yaml: cards.Androgeus.combat", "from 1 to 30"),
    "negative Superhero cap": ("monsters", ("cards", "Androgeus", "abilities", 2, "max_dice"), -1,
                               "monsters.yaml: cards.Androgeus.abilities[2].max_dice",
                               "must be 0 or more"),
    "renamed ability": ("monsters", ("cards", "Androgeus", "abilities", 2, "name"), "Super hero",
                        "monsters.yaml: cards.Androgeus.abilities", "'Superhero'"),
    "placement nowhere": ("monsters", ("cards", "Arachne Solara", "placement", "area"),
                          "Atlantis", "monsters.yaml: cards.Arachne Solara.placement.area",
                          "unknown area 'Atlantis'"),
    "placement never": ("monsters", ("cards", "Arachne Solara", "placement", "when"),
                        "sometime", "monsters.yaml: cards.Arachne Solara.placement.when",
                        "unknown placement time"),
    "unknown Monster type": ("monsters", ("cards", "Androgeus", "type"), "Godly",
                             "monsters.yaml: cards.Androgeus.type", "unknown Monster type"),
    "card missing": ("monsters", ("cards", "Androgeus"), DELETE, "monsters.yaml: cards",
                     "the Androgeus card; it is missing"),
    "Spike sends her nowhere": ("monsters", ("cards", "Arachne Solara", "killing",
                                             "spike_explosion_area"), "Nowhere",
                                "monsters.yaml: cards.Arachne Solara.killing.spike_explosion_area",
                                "unknown area"),
    "unknown class of Cosmic Monsters": ("monsters", ("expansion", "cosmic_class"), "titan",
                                         "monsters.yaml: expansion.cosmic_class",
                                         "unknown class"),
    "text kills": ("monsters", ("cards", "Androgeus", "killing", "min_kills_against"), "one",
                   "monsters.yaml: cards.Androgeus.killing.min_kills_against", "must be int"),
    "text for the abilities": ("monsters", ("cards", "Androgeus", "abilities"), "Lust",
                               "monsters.yaml: cards.Androgeus.abilities", "must be a list"),
    "no Monster recommended": ("monsters", ("expansion", "recommended_per_type"), -1,
                               "monsters.yaml: expansion.recommended_per_type", "1 or more"),
}


@pytest.mark.parametrize("name", list(BAD_EDITS))
def test_a_bad_value_is_named_by_file_and_path(name, folder):
    file, path, value, where, words = BAD_EDITS[name]
    edit(folder, file, path, value)
    problems = GAME.validate_data(folder)
    assert problems, f"{name}: the edit was accepted"
    assert not [p for p in problems if "Error:" in p], problems  # a loader bug, not a finding
    hits = [p for p in problems if where in p and words in p]
    assert hits, f"{name}: no problem names {where!r} with {words!r}: {problems}"


def test_every_problem_of_every_file_is_listed_at_once(folder):
    edit(folder, "map", ("areas", "Prax", "realm"), "limbo")
    edit(folder, "empires", SW + ("cost",), "one")
    edit(folder, "base_game", ("victory", "turn_limit"), 0)
    edit(folder, "monsters", ("components", "web_tokens"), -2)
    problems = GAME.validate_data(folder)
    for where in ("map.yaml: areas.Prax.realm", "empires.yaml: " + ".".join(SW) + ".cost",
                  "base_game.yaml: victory.turn_limit", "monsters.yaml: components.web_tokens"):
        assert any(where in p for p in problems), (where, problems)


@pytest.mark.parametrize("text, words", [("", "the file is empty"),
                                         ("areas: [oops\n", "not valid game data"),
                                         ("- a list\n", "must hold a mapping"),
                                         ("\xff\xfe", "not UTF-8")])
def test_a_file_that_is_not_data_is_named(folder, text, words):
    (folder / "monsters.yaml").write_bytes(text.encode("latin-1"))
    problems = GAME.validate_data(folder)
    assert any("monsters.yaml" in p and words in p for p in problems), problems


def test_the_shipped_data_is_valid_and_untouched():
    assert GAME.validate_data() == []


# -- random damage ---------------------------------------------------------------------------------

VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**9, 10**9), st.floats(allow_nan=True),
    st.text(max_size=8), st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(-3, 3), max_size=2),
    st.sampled_from([0, -1, 1, 2, 7, 61, 1000, "Altinela", "Hell", "the Spike", "kill", "unit",
                     "hero", "Storm Warrior", "Androgeus", "great_compromise", "start", ""]))
SHIPPED = load_files()
LEAVES = [(name, path) for name, data in SHIPPED.items() for path, _ in walk(data.tree)]


def damaged(edits: list[tuple[int, Any]]) -> dict[str, GameData]:
    files = {name: GameData(d.file, copy.deepcopy(d.tree), dict(d.provenance))
             for name, d in SHIPPED.items()}
    for index, value in edits:
        name, path = LEAVES[index % len(LEAVES)]
        node = files[name].tree
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return files


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 10**6), VALUES), min_size=1, max_size=3))
def test_random_damage_is_refused_by_name_or_plays(edits):
    files = damaged(edits)
    try:
        data = build(files)
    except DataError as exc:
        assert ".yaml: " in str(exc)
        return
    # accepted: the data must play and give odds
    g = game_with_data(data, "both", seed=1, keep_log=False)
    g.run_to_end(max_events=20_000)
    assert g.state.result is not None
    odds.combat_odds(["Storm King", "Storm Warrior"], "Androgeus", data)
    odds.combat_odds(["Storm King"], "Arachne Solara", data)

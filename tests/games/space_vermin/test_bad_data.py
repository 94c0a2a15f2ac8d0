"""Bad data files are named, never crash, never slip through (issue 15).

A table of named bad edits, each made to one value of a copy of the data folder: ``validate_data``
lists a problem naming the file, the path inside it and what is wrong. Several edits at once are
all listed. A bounded random search replaces leaves of the data with random values: the build
either accepts the data (and a game plays to its end with it) or raises a DataError naming the
place, never anything else.
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

from rules_lib.core.data import DataError, parse_data, read_yaml
from rules_lib.core.engine import Game
from rules_lib.games.space_vermin import GAME
from rules_lib.games.space_vermin.data import FILES, LOADER

DELETE = object()  # the edit removes the key

# (what a careless user did, file, path in the file, new value, words the problem must contain)
BAD_EDITS: list[tuple[str, str, tuple, Any, str]] = [
    ("text where a number belongs", "counters", ("marines", "squad", "count"), "seven",
     "whole number"),
    ("a negative count", "counters", ("marines", "scout", "count"), -1, "out of range"),
    ("a list where a mapping belongs", "counters", ("marines", "hq"), [1, 2], "mapping"),
    ("a missing key", "counters", ("marines", "squad", "full", "cf"), DELETE, "missing"),
    ("an unknown weapon", "counters", ("marines", "squad", "full", "weapon"), "laser",
     "unknown weapon"),
    ("a DN no die can beat", "counters", ("vermites", "soldier", "full", "dn"), 9,
     "out of range"),
    ("a Unit ID used twice", "counters", ("vermites", "drone", "ids"), [1, 8], "Unit ID 1"),
    ("a misspelt key", "counters", ("marines", "scout", "jump_pak"), True, "unknown entry"),
    ("two Queens of one rank", "counters", ("queens", "child_queen", "rank"), 1, "rank 1"),
    ("a counter mix that does not add up", "counters", ("total_counters",), 87, "adds up to"),
    ("a NAT roll beyond the die", "counters", ("queens", "high_queen", "nat_roll"), 7,
     "out of range"),
    ("true where a number belongs", "counters", ("crown_jewels", "count"), True, "whole number"),
    ("negative stacking", "tables", ("vermite_stacking", "limit"), -1, "out of range"),
    ("a divisor of zero", "tables", ("shoot_and_scoot", "ma_divisor"), 0, "out of range"),
    ("pips outside the die", "tables", ("pants", "results", 2, "at_most"), 7, "out of range"),
    ("an unknown damage result", "tables", ("damage", "standard", 0, "result"), "stun",
     "unknown damage result"),
    ("an unknown hit convention", "tables", ("hit_convention",), "beats", "hit convention"),
    ("a target no die reaches", "tables", ("recon", "target"), 7, "out of range"),
    ("a missing A.N.T. Gun effect", "tables", ("ant_gun", "effects", "queen"), DELETE,
     "missing"),
    ("a crash total the dice never roll", "tables", ("ant_gun", "crash_total"), 1,
     "out of range"),
    ("text where a cost belongs", "terrain", ("road", "marine_cost"), "half", "MP"),
    ("a terrain that costs nothing", "terrain", ("types", "clear", "cost"), 0, "out of range"),
    ("a flood event that is no chit", "terrain", ("flooded", "event"), "Hail", "no Event Chit"),
    ("a direction 7", "chits", ("event_chits", 0, "alpha_blue"), 7, "out of range"),
    ("an unknown event", "chits", ("event_chits", 2, "effect", "kind"), "earthquake",
     "unknown event kind"),
    ("no Event Chit at all", "chits", ("event_chits",), [], "at least one Event Chit"),
    ("a chit listed twice", "chits", ("event_chits", 1, "name"), "Queen's B.U.R.P.",
     "listed twice"),
    ("text where a range belongs", "chits", ("event_chits", 8, "invented_effect", "range"),
     "far", "whole number"),
    ("a road to a hex that does not exist", "alpha", ("roads", 0, 1), 999, "not on Mapzone"),
    ("an unknown terrain", "alpha", ("terrain", "lava"), [111], "unknown terrain type"),
    ("a trail whose hexes do not touch", "alpha", ("scent_trails", 0, "path"), [321, 666],
     "not adjacent"),
    ("a Nest on a numbered hex", "alpha", ("nests", 1), 315, "must be unnumbered"),
    ("a Tunnel Exit 9", "alpha", ("tunnel_exits", 9), 146, "out of range"),
    ("an edge that is no edge", "beta", ("escape_edge",), "up", "unknown map edge"),
    ("a Vermite Entry hex missing", "beta", ("vermite_entry_hexes", 6), DELETE,
     "Entry hexes 1-6"),
    ("an unknown Marine type", "scenarios", ("family_jewels", "marines", "medic"), 1,
     "unknown Marine type"),
    ("more Marines than counters", "scenarios", ("family_jewels", "marines", "squad"), 9,
     "out of range"),
    ("VP with no level", "scenarios", ("great_migration", "levels", 4, "at_least"), 0,
     "every result has a level"),
    ("a die face with no Horde row", "scenarios",
     ("great_migration", "hordes", "rows", 2, "rolls"), [], "every face 1-6"),
    ("an unknown Queen", "scenarios", ("family_jewels", "queen_in_rolled_nest"), "empress",
     "unknown Queen"),
    ("an unknown landmark", "scenarios", ("family_jewels", "scientist", "landmark"), "Zoo",
     "unknown landmark"),
    ("an RV arriving on turn 0", "scenarios", ("family_jewels", "recovery_vehicles", "RV 1"), 0,
     "out of range"),
    ("more Crown Jewels placed than there are", "scenarios",
     ("family_jewels", "jewels_per_location"), 3, "places 7 Crown Jewels"),
    ("a Nest the map does not have", "scenarios", ("family_jewels", "high_queen_nest", 0, "nest"),
     3, "no Nest 3"),
    ("an unknown scenario", "scenarios", ("beach",), {"title": "Beach"}, "unknown entry"),
]


def _edit(tree: Any, path: tuple, value: Any) -> None:
    """Set (or delete) the value at ``path`` of a raw YAML tree; a ``{value: X, rulebook: ...}``
    wrapper keeps its provenance and gets the new value."""
    node = tree
    for part in path[:-1]:
        node = node[part]
        if isinstance(node, dict) and "value" in node and set(node) <= {"value", "rulebook",
                                                                       "assumed"}:
            node = node["value"]
    last = path[-1]
    if value is DELETE:
        del node[last]
    elif isinstance(node, dict) and isinstance(node.get(last), dict) and "value" in node[last]:
        node[last]["value"] = value
    else:
        node[last] = value


def _copy_with(tmp_path: Path, edits: list[tuple[str, tuple, Any]]) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(LOADER.folder, folder)
    for file, path, value in edits:
        target = folder / FILES[file]
        tree = yaml.safe_load(target.read_text(encoding="utf-8"))
        _edit(tree, path, value)
        target.write_text(yaml.safe_dump(tree, allow_unicode=True), encoding="utf-8")
    return folder


def test_the_shipped_data_and_an_unedited_copy_have_no_problem(tmp_path):
    assert GAME.validate_data() == []
    assert GAME.validate_data(_copy_with(tmp_path, [])) == []


@pytest.mark.parametrize("what,file,path,value,words", BAD_EDITS,
                         ids=[e[0] for e in BAD_EDITS])
def test_a_bad_edit_is_named_with_its_file_and_path(tmp_path, what, file, path, value, words):
    folder = _copy_with(tmp_path, [(file, path, value)])
    problems = GAME.validate_data(folder)
    where = str(folder / FILES[file])
    assert any(p.startswith(where) and words in p for p in problems), (what, problems)
    assert all(p.startswith(str(folder)) for p in problems), problems  # each names its file
    with pytest.raises(DataError):
        LOADER.build(LOADER.files(folder=folder))


def test_every_problem_of_every_file_is_listed_not_only_the_first(tmp_path):
    folder = _copy_with(tmp_path, [
        ("counters", ("marines", "squad", "count"), "seven"),
        ("counters", ("vermites", "soldier", "nat_roll"), -2),
        ("tables", ("rally", "target"), 0),
        ("alpha", ("roads", 0, 1), 999),
        ("scenarios", ("campaign", "queen_jewel_order"), []),
    ])
    problems = GAME.validate_data(folder)
    for text in ("marines.squad.count", "vermites.soldier.nat_roll", "rally.target", "roads[0][1]",
                 "campaign.queen_jewel_order"):
        assert any(text in p for p in problems), (text, problems)


def test_a_file_that_is_not_yaml_is_named(tmp_path):
    folder = _copy_with(tmp_path, [])
    (folder / "counters.yaml").write_text("marines: [\n", encoding="utf-8")
    problems = GAME.validate_data(folder)
    assert problems and problems[0].startswith(str(folder / "counters.yaml"))


def test_a_game_with_bad_overrides_is_refused_naming_the_value():
    with pytest.raises(DataError, match="vermite_stacking.limit: 0 is out of range"):
        GAME.new_game("family_jewels", data_overrides={"tables:vermite_stacking.limit": 0})


# -- random edits ----------------------------------------------------------------------------------

RAW = {name: read_yaml(LOADER.folder / path) for name, path in FILES.items()}


def _leaves(tree: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(tree, dict):
        return [p for k, v in tree.items() for p in _leaves(v, path + (k,))] or [path]
    if isinstance(tree, list):
        return [p for i, v in enumerate(tree) for p in _leaves(v, path + (i,))] or [path]
    return [path]


LEAVES = [(name, path) for name, tree in RAW.items() for path in _leaves(tree) if path]
VALUES = st.one_of(st.integers(-20, 700), st.text(max_size=6), st.booleans(), st.none(),
                   st.lists(st.integers(-3, 9), max_size=3),
                   st.dictionaries(st.sampled_from(["a", "value", "cf"]), st.integers(0, 5),
                                   max_size=2),
                   st.floats(allow_nan=False, allow_infinity=False, width=16))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(LEAVES), VALUES), min_size=1, max_size=2),
       st.sampled_from(["family_jewels", "great_migration"]))
def test_random_values_in_the_data_are_refused_by_name_or_played(edits, scenario):
    raw = copy.deepcopy(RAW)
    for (name, path), value in edits:
        node = raw[name]
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    try:
        sources = {name: parse_data(raw[name], str(LOADER.folder / FILES[name]))
                   for name in FILES}
        data = LOADER.build(sources)
    except DataError as exc:  # named: the file, the path, the problem
        assert str(exc).startswith(str(LOADER.folder)), exc
        return
    rules = GAME.rules(data)
    state = GAME.initial_state(scenario, 0, [], data)
    game = Game(rules, state, seed=3, policies=GAME.make_policies(data=data), keep_log=False)
    game.run_to_end(max_events=GAME.max_events)
    assert game.finished


@pytest.mark.parametrize("policy", ["commander", "heuristic"])
def test_the_marine_policies_read_the_games_own_maps(policy):
    """An unnumbered hex renamed in a designer's copy of Mapzone Alpha: the policies choose
    among the game's hexes, not the shipped map's."""
    raw = copy.deepcopy(RAW)
    raw["alpha"]["columns"][12][13] = "Crater"
    data = LOADER.build({name: parse_data(raw[name], str(LOADER.folder / FILES[name]))
                         for name in FILES})
    assert "Crater" in data.maps["alpha"].cells
    for seed in (1, 2):
        game = Game(GAME.rules(data), GAME.initial_state("family_jewels", 0, [], data), seed=seed,
                    policies=GAME.make_policies({"Marines": policy}, data=data), keep_log=False)
        game.run_to_end(max_events=GAME.max_events)
        assert game.finished

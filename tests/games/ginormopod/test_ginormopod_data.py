"""Data files: the map, Forts, counters, tables and chits load, validate and keep provenance."""
from __future__ import annotations

import pytest

from rules_lib.core.data import DataError
from rules_lib.games.ginormopod import GAME
from rules_lib.games.ginormopod.board_view import build_board
from rules_lib.games.ginormopod.data import build, load_game_data, load_sources, validate_data

NAMED = ["Minneapolis", "Des Moines", "St Louis", "Memphis", "Jackson", "New Orleans", "Chicago",
         "Atlanta", "Nashville", "Birmingham", "Montgomery", "Cincinnati", "Frankfort", "Knoxville",
         "Raleigh", "Pittsburgh", "Harrisburg", "Richmond", "Washington DC", "New York City",
         "Syracuse", "Buffalo", "Burlington", "Scranton"]


def test_data_files_are_valid():
    assert validate_data() == []
    assert GAME.validate_data() == []


@pytest.mark.rule("GIN-MAP-01")
def test_every_named_city_is_on_the_road_map_and_roads_make_cities_adjacent(data):
    board = build_board(data)
    for city in NAMED:
        assert city in board
    assert "Nashville" in list(board.neighbors("Memphis"))
    assert board.distance("St Louis", "Atlanta") == 3


def test_cities_are_drawn_at_real_longitude_latitude(data):
    x, y = build_board(data).xy("New York City")
    assert -75 < x < -73 and 40 < y < 41.5


def test_eight_forts_with_the_rulebook_formations(data):
    # data check only; the rule GIN-FORT-07 is tested through the engine in test_ginormopod_fort
    forms = {c: f.formation for c, f in data.forts.items()}
    assert forms == {"Chicago": "A", "New York City": "A", "Washington DC": "A", "St Louis": "B",
                     "Memphis": "B", "Jackson": "C", "New Orleans": "C", "Atlanta": "C"}
    assert all(f.strength >= 1 for f in data.forts.values())


@pytest.mark.rule("GIN-MAP-05", "GIN-MAP-06", "GIN-MAP-07")
def test_fence_forts_hives_and_flags_are_defined(data):
    assert {c for c, f in data.forts.items() if f.fence} == {"Chicago", "St Louis", "Memphis",
                                                             "Jackson", "New Orleans"}
    assert sorted(data.hives.values()) == ["X", "Y", "Z"]
    assert all(data.cities[h].x < -93 for h in data.hives)  # the westernmost cities
    assert set(data.flags) == {"Canadian Kingdom", "French", "Latin Coalition"}


def test_movement_points_per_unit_type(data):
    # data check only; GIN-MOVE-02 is tested through unit_reach in test_ginormopod_movement
    mp = {t: data.types[t].mp for t in ("Worm", "Infantry", "Spider", "Tank", "Ant")}
    assert mp == {"Worm": 1, "Infantry": 2, "Spider": 2, "Tank": 3, "Ant": 3}


@pytest.mark.rule("GIN-OVER-02", "GIN-FX-04")
def test_counter_types_and_named_fx(data):
    """The counters and FX chits that the game's Set-Up actually puts on the table."""
    from rules_lib.games.ginormopod import new_game

    g = new_game(seed=3)
    g.next_phase()  # Set-Up runs until the first turn begins
    while g.state.phase == "Set-Up":
        g.step_event()
    state = g.state
    types = {(u.side, u.type) for u in state.units}
    assert {t for s, t in types if s == "Swarm"} == {"Ant", "Spider", "Worm"}
    assert {t for s, t in types if s == "Human"} == {"Infantry", "Tank", "Guard"}
    allied = {u.formation for u in state.units if u.formation in data.formations["Allied"]}
    assert allied == {"Canadian Kingdom", "French", "Latin Coalition"}
    chits = set(state.cup) | {c for cs in state.turn_chits.values() for c in cs}
    fx_chits = {c for c in chits if c in data.fx}
    assert {f for f in fx_chits if data.fx[f].side == "Swarm"} == {
        "Wasp", "Pill Bug", "Tectonic Telekinesis"}
    assert {f for f in fx_chits if data.fx[f].side == "Human"} == {"Drone", "Laser Tower",
                                                                  "Nuclear"}
    # one FX per Allied Formation, entering with its nation (GIN-ALLY-03)
    per_nation = {n: [f for f, v in data.fx.items() if v.formation == n] for n in allied}
    assert all(len(fx) == 1 for fx in per_nation.values())
    assert {f for f, v in data.fx.items() if v.danger} == {"Tectonic Telekinesis", "Nuclear"}


def test_assumed_values_are_reported_with_reasons():
    report = GAME.provenance_report()
    assert len(report) > 20
    assert (report["path"] == "roads").any()
    assert report["assumed"].str.len().min() > 5


def test_a_road_to_an_unknown_city_is_rejected_naming_it():
    sources = load_sources({"map:roads.list[0]": ["Sioux Falls", "Atlantis"]})
    with pytest.raises(DataError, match="Atlantis") as exc:
        build(sources)
    assert "map.yaml" in str(exc.value) and "roads.list[0]" in str(exc.value)


def test_an_unknown_unit_type_in_the_setup_is_rejected_naming_it():
    sources = load_sources({"units:human_setup.placements[0].type": "Mecha"})
    with pytest.raises(DataError, match="Mecha"):
        build(sources)


def test_a_road_jumping_the_fence_is_rejected():
    sources = load_sources({"map:roads.list[0]": ["Des Moines", "Nashville"]})
    with pytest.raises(DataError, match="Fusion Fence"):
        build(sources)


def test_overrides_change_one_value_and_are_validated_again():
    data = load_game_data({"map:forts.Atlanta.strength": 3})
    assert data.forts["Atlanta"].strength == 3
    with pytest.raises(DataError, match="strength"):
        load_game_data({"map:forts.Atlanta.strength": 0})

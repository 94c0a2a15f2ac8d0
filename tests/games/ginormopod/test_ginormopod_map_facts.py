"""The map and component facts the rulebook's text and set-up diagram reveal, as the data states
them (GIN-MF-*)."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.data import load_game_data
from rules_lib.games.ginormopod.turn import allied_arrival, fade_out
from tests.games.ginormopod.conftest import Table

NAMED = ["Minneapolis", "Des Moines", "St Louis", "Memphis", "Jackson", "New Orleans", "Chicago",
         "Atlanta", "Nashville", "Birmingham", "Montgomery", "Cincinnati", "Frankfort", "Knoxville",
         "Raleigh", "Pittsburgh", "Harrisburg", "Richmond", "Washington DC", "New York City",
         "Syracuse", "Buffalo", "Burlington", "Scranton"]  # 'ES MOINES' and 'HARRIS' in the print


def provenance(data, file, path):
    return data.sources[file].provenance_of(path)


@pytest.mark.rule("GIN-MF-01")
def test_every_city_named_on_the_set_up_diagram_is_on_the_map(data):
    for city in NAMED:
        assert city in data.cities
        assert "set-up diagram" in provenance(data, "map", f"cities.{city}").text
    extra = set(data.cities) - set(NAMED)
    assert extra == {"Shreveport"}  # the one City the project adds, marked as such
    assert provenance(data, "map", "cities.Shreveport").kind == "assumed"


@pytest.mark.rule("GIN-MF-02", "GIN-FORT-07")
def test_eight_forts_in_three_formations(data):
    assert {c: f.formation for c, f in data.forts.items()} == {
        "Chicago": "A", "New York City": "A", "Washington DC": "A", "St Louis": "B",
        "Memphis": "B", "Jackson": "C", "New Orleans": "C", "Atlanta": "C"}
    assert provenance(data, "map", "forts.Chicago.formation").kind == "rulebook"


@pytest.mark.rule("GIN-MF-03", "GIN-VIC-01")
def test_the_victory_cities_are_forts_destroyed_by_their_destroyed_marker(table):
    data, s = table.data, table.state
    assert set(data.victory_cities) == {"New York City", "Washington DC", "Atlanta"}
    assert set(data.victory_cities) <= set(data.forts)
    for city in ("New York City", "Atlanta"):
        s.forts[city].strength, s.forts[city].destroyed = 0, True
    drive(fade_out(s, table.ctx([])))
    assert s.result == "Swarm"


@pytest.mark.rule("GIN-MF-04", "GIN-MAP-05")
def test_the_fence_forts_stand_along_the_mississippi(data):
    fence = {c for c, f in data.forts.items() if f.fence}
    assert {"St Louis", "Memphis", "New Orleans"} <= fence and "Jackson" in fence
    assert not fence & set(data.victory_cities)
    for city in fence:  # which Forts form the Fence is not in the text
        assert provenance(data, "map", f"forts.{city}.fence").kind == "assumed"
    assert all(abs(data.cities[c].x + 90.1) < 0.2 for c in ("St Louis", "Memphis", "New Orleans"))


@pytest.mark.rule("GIN-MF-05", "GIN-MAP-06")
def test_the_westernmost_cities_are_the_hives_one_per_swarm_formation(data):
    assert data.hives["Minneapolis"] and data.hives["Des Moines"]
    assert sorted(data.hives.values()) == sorted(data.formations["Swarm"])
    westmost = max(data.cities[h].x for h in data.hives)
    assert all(c.x > westmost for c in data.cities.values() if c.name not in data.hives)
    assert provenance(data, "map", "hives.Minneapolis").kind == "rulebook"
    assert provenance(data, "map", "hives.Shreveport").kind == "assumed"  # the third Hive
    assert provenance(data, "map", "hives.Minneapolis.formation").kind == "assumed"  # label X


@pytest.mark.rule("GIN-MF-06", "GIN-SETUP-02")
def test_the_set_up_diagram_markers_are_recorded_and_its_placements_assumed(data):
    assert data.sources["units"].get("human_setup.diagram_markers") == {"B": 8, "x2": 2}
    assert provenance(data, "units", "human_setup.placements[0]").kind == "assumed"
    assert sum(1 for row in data.human_setup if row["count"] == 2 and row["type"] == "Tank") == 2


@pytest.mark.rule("GIN-MF-07", "GIN-FLOW-07")
def test_the_turn_end_track_has_three_spaces(data):
    assert data.end_track_spaces == 3
    assert provenance(data, "tables", "turn_end_track.spaces").kind == "rulebook"


@pytest.mark.rule("GIN-MF-08", "GIN-AMB-04")
def test_the_danger_level_labels_are_recorded_and_the_track_is_assumed(data):
    labels = data.sources["tables"].get("danger_track.diagram_labels")
    assert labels == ["2", "3", "4", "5", "6", "7", "8", "9+"]
    assert provenance(data, "tables", "danger_track.symbols").kind == "assumed"
    assert data.danger_symbols(0) == ()  # the marker starts on a space without die symbols


@pytest.mark.rule("GIN-MF-09", "GIN-AMB-18", "GIN-FLOW-03")
def test_the_time_tracker_shows_nine_dates_for_ten_turns(data):
    dates = data.sources["tables"].get("turn_track.time_tracker_labels")
    assert len(dates) == 9 and dates[0] == "AUG 4-6" and dates[-1] == "AUG 28-30"
    assert data.last_turn == 10 and data.first_turn == 1


@pytest.mark.rule("GIN-MF-10", "GIN-MAP-07")
def test_each_allied_nation_has_flag_cities_whose_places_are_assumed(data):
    assert set(data.flags) == set(data.formations["Allied"])
    for cities in data.flags.values():
        assert cities and all(c in data.cities for c in cities)
    assert provenance(data, "map", "flags").kind == "assumed"


@pytest.mark.rule("GIN-MAP-07", "GIN-ALLY-04")
def test_the_flag_cities_are_where_the_rescuing_nation_arrives():
    """Move the French flags (data) and the French arrive there, in the Cities the answers pick,
    each offered only the flag Cities with room."""
    data = load_game_data({"map:flags.French": ["Pittsburgh", "Harrisburg"]})
    table = Table(data, turn=6)
    s = table.state
    s.allied_arriving = "French"
    table.place("Harrisburg", "Infantry A1", "Infantry A2", "Infantry A3", "Infantry A4",
                "Infantry A5")  # room for one more Human unit only
    events = drive(allied_arrival(s, table.ctx([])), answers=["Harrisburg"])
    french = sorted(u.id for u in s.units if u.formation == "French")
    assert {u.loc for u in s.units if u.formation == "French"} == {"Pittsburgh", "Harrisburg"}
    assert sum(1 for u in s.units if u.formation == "French" and u.loc == "Harrisburg") == 1
    asked = [e for e in events if e.kind == "decision"]
    assert len(asked) == 1 and len(french) == 3  # once Harrisburg is full, no more choice

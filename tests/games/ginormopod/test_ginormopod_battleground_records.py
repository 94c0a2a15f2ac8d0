"""The road network (battleground.RoadMap), each question the rules ask of it in a position where
nothing else gives the same answer: the Cities a mover may end in and what each costs, the City
that stops it one road short of its MP, the full City it may pass but not end in, the roads the
Fusion Fence closes, the road taken to each City, and the road distance to the nearest target.

Every test builds its own data (`build(load_sources())`): the map keeps what it has worked out
(searches, open roads, distances), so a map shared with earlier tests would answer from tables
filled before and leave the working-out unchecked."""
from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, drive
from rules_lib.games.ginormopod.battleground import RoadMap
from rules_lib.games.ginormopod.data import build, load_sources
from rules_lib.games.ginormopod.movement import MOVE_IDS, R_MOVE, movement_step, unit_reach

from .conftest import Table
from .recording import Recorder


@pytest.fixture
def fresh():
    """A table on a map that has worked nothing out yet."""
    return Table(build(load_sources()))


def offered(table, side, uid, answer="stay"):
    """The one move Decision of a lone mover: (its options, its costs); the mover answers."""
    s = table.state
    start = s.unit(uid).loc
    ctx = Context(dice=ScriptedDice([]), variants=frozenset(), data=table.data)
    policy = Recorder([answer])
    events = drive(movement_step(s, ctx, side, [s.unit(uid)]), policy=policy)
    (d,) = policy.asked
    assert (d.player, d.kind, d.rule, d.ids) == (side, "move", R_MOVE, MOVE_IDS)
    assert (d.data["unit"], d.data["from"]) == (uid, start)
    return d.options, d.data["costs"], [e for e in events if e.kind != "decision"]


@pytest.mark.rule("GIN-MAP-01", "GIN-MAP-02", "GIN-MOVE-01", "GIN-MOVE-02")
def test_a_mover_is_offered_every_city_within_its_mp_by_cost_then_name(fresh):
    fresh.place("Syracuse", "Tank A1")  # 3 MP, nobody else on the map
    options, costs, _ = offered(fresh, "Human", "Tank A1")
    assert options == ["stay", "Buffalo", "Burlington", "Scranton", "Chicago", "Harrisburg",
                       "New York City", "Pittsburgh", "Cincinnati", "Des Moines", "Minneapolis",
                       "St Louis", "Washington DC"]
    assert costs == {"Buffalo": 1, "Burlington": 1, "Scranton": 1, "Chicago": 2,
                     "Harrisburg": 2, "New York City": 2, "Pittsburgh": 2, "Cincinnati": 3,
                     "Des Moines": 3, "Minneapolis": 3, "St Louis": 3, "Washington DC": 3}


@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-03")
def test_a_mover_entering_an_enemy_city_one_road_short_of_its_mp_goes_no_further(fresh):
    s = fresh.place("Syracuse", "Tank A1")
    s.forts["Chicago"].strength, s.forts["Chicago"].destroyed = 0, True
    fresh.place("Chicago", "Ant X1")  # 2 roads out: the Tank's third MP cannot take it beyond
    options, costs, _ = offered(fresh, "Human", "Tank A1")
    assert options == ["stay", "Buffalo", "Burlington", "Scranton", "Chicago", "Harrisburg",
                       "New York City", "Pittsburgh", "Cincinnati", "Washington DC"]
    assert costs["Chicago"] == 2 and costs["Cincinnati"] == 3  # (by Pittsburgh)


@pytest.mark.rule("GIN-STACK-01", "GIN-MOVE-01")
def test_a_mover_may_pass_through_a_full_city_but_not_end_in_it(fresh):
    fresh.place("Syracuse", "Tank A1")
    fresh.place("Buffalo", "Infantry A1", "Infantry A2", "Infantry A3", "Infantry A4",
                "Infantry A5", "Infantry B1")  # six Humans: full
    options, costs, _ = offered(fresh, "Human", "Tank A1")
    assert "Buffalo" not in options
    assert costs["Chicago"] == 2 and costs["Minneapolis"] == 3  # only by Buffalo


@pytest.mark.rule("GIN-MOVE-05", "GIN-FENCE-01", "GIN-RETR-08")
def test_the_fusion_fence_closes_the_roads_east_of_a_destroyed_fence_fort(fresh):
    s = fresh.place("Minneapolis", "Ant X1")
    s.forts["Chicago"].strength, s.forts["Chicago"].destroyed = 0, True  # one Fence Fort: the
    options, costs, _ = offered(fresh, "Swarm", "Ant X1")  # Fence still holds
    # Chicago's roads to Cincinnati and Buffalo stay closed; St Louis (a Fort) stops the Ant
    assert options == ["stay", "Chicago", "Des Moines", "St Louis"]
    assert costs == {"Chicago": 1, "Des Moines": 1, "St Louis": 2}


@pytest.mark.rule("GIN-MOVE-01")
def test_a_move_of_two_roads_is_logged_from_its_start_to_its_end(fresh):
    fresh.place("Syracuse", "Tank A1")
    _, _, events = offered(fresh, "Human", "Tank A1", answer="Chicago")
    assert [(e.kind, e.data) for e in events] == [
        ("move", {"unit": "Tank A1", "from": "Syracuse", "to": "Chicago"})]
    assert fresh.where("Tank A1") == "Chicago"


@pytest.mark.rule("GIN-MAP-01", "GIN-MOVE-01")
def test_a_unit_s_reach_records_the_roads_it_takes_to_each_city(fresh):
    s = fresh.place("Minneapolis", "Ant X1")
    s.forts["Chicago"].strength, s.forts["Chicago"].destroyed = 0, True
    assert unit_reach(s, fresh.data, s.unit("Ant X1")) == {
        "Minneapolis": (0, ("Minneapolis",)), "Des Moines": (1, ("Minneapolis", "Des Moines")),
        "Chicago": (1, ("Minneapolis", "Chicago")),
        "St Louis": (2, ("Minneapolis", "Des Moines", "St Louis"))}


@pytest.mark.rule("GIN-MAP-01", "GIN-MAP-02")
def test_the_distance_to_the_nearest_target_counts_roads_on_the_map():
    roads = build(load_sources()).road_map
    near = roads.nearness(["New York City", "Atlanta"])
    assert {c: near[c] for c in ("New York City", "Syracuse", "Buffalo", "Chicago", "Minneapolis",
                                 "Montgomery", "Raleigh")} == {
        "New York City": 0, "Syracuse": 2, "Buffalo": 3, "Chicago": 4, "Minneapolis": 5,
        "Montgomery": 1, "Raleigh": 1}
    assert len(near) == 25


@pytest.mark.rule("GIN-MAP-01")
def test_a_city_no_road_joins_to_a_target_is_unreachable_and_no_target_is_unreachable():
    """A designer's map (the data does not require one road network): Gotham has no road."""
    roads = RoadMap(["Metropolis", "Smallville", "Gotham"], [("Metropolis", "Smallville")])
    assert roads.nearness(["Smallville"]) == {"Metropolis": 1, "Smallville": 0, "Gotham": 99}
    assert roads.nearness(["Gotham"], unreachable=-1) == {
        "Metropolis": -1, "Smallville": -1, "Gotham": 0}
    assert roads.nearness([]) == {"Metropolis": 99, "Smallville": 99, "Gotham": 99}


@pytest.mark.rule("GIN-MAP-01")
def test_a_city_is_drawn_where_the_map_file_puts_it():
    """Atlanta's drawing position is the map file's longitude and latitude (map.yaml: x -84.39,
    y 33.75): the map the widgets draw is the data's, read when first drawn."""
    atlanta = build(load_sources()).cities["Atlanta"]
    assert (atlanta.x, atlanta.y) == (-84.39, 33.75)

"""Hits, each clause in a position where nothing else gives the same result: which unit a Hit may
go to and who chooses, what a Hit does to a Fresh unit, a Reduced one, a Guard and a Fort, where an
Eliminated unit goes, and what the log records for every event (kind, rule, catalogue ids, the
data the explorer reads, the provenance, and the line a player reads)."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.data import load_game_data
from rules_lib.games.ginormopod.hits import R_COMBAT, R_FORT, allocate_hits

from .conftest import Table
from .recording import Recorder

FORT_TRACK = "strength track not in the text"


def hits(table, side, city, uids, n, fort_city=False, answers=()):
    """Drive allocate_hits: (the events but decisions; the decisions asked, as records)."""
    s = table.state
    policy = Recorder(answers)
    events = drive(allocate_hits(s, table.ctx([]), side, city, [s.unit(u) for u in uids], n,
                                 fort_city), policy=policy)
    asked = [(d.player, d.kind, d.options, d.rule, d.data, d.ids) for d in policy.asked]
    return [e for e in events if e.kind != "decision"], asked


def record(e):
    return (e.kind, e.rule, e.ids, e.data, e.assumed)


@pytest.mark.rule("GIN-OVER-05", "GIN-HITS-01")
def test_a_fresh_unit_hit_flips_to_its_reduced_side(table):
    s = table.place("Des Moines", "Infantry A1")
    events, asked = hits(table, "Human", "Des Moines", ["Infantry A1"], 1)
    assert asked == [] and s.unit("Infantry A1").reduced and table.where("Infantry A1") == "Des Moines"
    assert [record(e) for e in events] == [
        ("hit", R_COMBAT, ("GIN-OVER-05", "GIN-HITS-01"),
         {"unit": "Infantry A1", "result": "reduced"}, "")]


@pytest.mark.rule("GIN-OVER-05", "GIN-HITS-02")
def test_a_reduced_human_unit_hit_is_eliminated_and_removed_from_the_game(table):
    table.place("Des Moines", "Infantry A1", reduced=True)
    events, _ = hits(table, "Human", "Des Moines", ["Infantry A1"], 1)
    assert table.where("Infantry A1") == "eliminated"
    assert [record(e) for e in events] == [
        ("hit", R_COMBAT, ("GIN-OVER-05", "GIN-HITS-02"),
         {"unit": "Infantry A1", "result": "eliminated"}, "")]
    assert events[0].message == "Infantry A1 is Eliminated and removed from the game"


@pytest.mark.rule("GIN-OVER-05", "GIN-HITS-03")
def test_a_reduced_swarm_unit_hit_goes_two_turns_ahead_on_the_time_tracker():
    table = Table(load_game_data(), turn=3)
    s = table.place("Des Moines", "Ant X1", reduced=True)
    events, _ = hits(table, "Swarm", "Des Moines", ["Ant X1"], 1)
    assert table.where("Ant X1") == "track" and s.unit("Ant X1").track_turn == 5
    assert [record(e) for e in events] == [
        ("hit", R_COMBAT, ("GIN-OVER-05", "GIN-HITS-03"),
         {"unit": "Ant X1", "result": "eliminated"}, "")]
    assert events[0].message == "Ant X1 is Eliminated and placed on Turn 5 of the Time Tracker"


@pytest.mark.rule("GIN-OVER-05", "GIN-HITS-04")
def test_a_swarm_unit_eliminated_on_turn_9_is_removed_from_the_game():
    table = Table(load_game_data(), turn=9)
    table.place("Des Moines", "Ant X1", reduced=True)
    events, _ = hits(table, "Swarm", "Des Moines", ["Ant X1"], 1)
    assert table.where("Ant X1") == "eliminated"
    assert [record(e) for e in events] == [
        ("hit", R_COMBAT, ("GIN-OVER-05", "GIN-HITS-04"),
         {"unit": "Ant X1", "result": "eliminated"}, "")]
    assert events[0].message == "Ant X1 is Eliminated on Turn 9 and removed from the game"


@pytest.mark.rule("GIN-HITS-03", "GIN-OVER-05")
def test_an_eliminated_unit_keeps_nothing_of_its_place_and_battle_on_the_map(table):
    s = table.place("Des Moines", "Ant X1", reduced=True)
    u = s.unit("Ant X1")
    u.came_from, u.sortie_from, u.no_combat = "Minneapolis", "Chicago", True
    hits(table, "Swarm", "Des Moines", ["Ant X1"], 1)
    # it waits on the Time Tracker Fresh, from nowhere, free to fight when it comes back
    assert (u.pool, u.loc, u.came_from, u.sortie_from, u.no_combat, u.reduced) == (
        "track", "", "", "", False, False)


@pytest.mark.rule("GIN-NG-04", "GIN-HITS-02")
def test_a_guard_hit_is_eliminated_at_once_under_the_guard_rule(table):
    table.guard("Syracuse", "Guard 1", armed=True, revealed=True)
    events, _ = hits(table, "Human", "Syracuse", ["Guard 1"], 1)
    assert table.where("Guard 1") == "eliminated"
    assert [record(e) for e in events] == [
        ("hit", R_COMBAT, ("GIN-NG-04", "GIN-HITS-02"),
         {"unit": "Guard 1", "result": "eliminated"}, "")]


@pytest.mark.rule("GIN-HITS-01")
def test_the_owner_chooses_each_hit_among_the_units_still_in_the_city(table):
    s = table.place("Des Moines", "Tank A2", "Infantry A1")
    table.place("Des Moines", "Infantry A3", reduced=True)
    table.guard("Des Moines", "Guard 1", armed=True, revealed=True)
    table.place("Minneapolis", "Infantry A4")  # a fighter of the battle, gone from the City
    events, asked = hits(table, "Human", "Des Moines",
                         ["Infantry A4", "Infantry A3", "Tank A2", "Infantry A1", "Guard 1"], 2,
                         answers=["Tank A2", "Tank A2"])
    # Guards first, then Fresh units, then Reduced ones, each by name
    order = ["Guard 1", "Infantry A1", "Tank A2", "Infantry A3"]
    assert asked == [
        ("Human", "allocate_hit", order, R_COMBAT, {"city": "Des Moines", "hit": 1, "hits": 2},
         ("GIN-HITS-01",)),
        ("Human", "allocate_hit", ["Guard 1", "Infantry A1", "Infantry A3", "Tank A2"], R_COMBAT,
         {"city": "Des Moines", "hit": 2, "hits": 2}, ("GIN-HITS-01",))]
    assert table.where("Tank A2") == "eliminated" and not s.unit("Infantry A4").reduced
    assert [e.data["result"] for e in events] == ["reduced", "eliminated"]


@pytest.mark.rule("GIN-FORT-02", "GIN-MAP-03")
def test_a_fort_with_no_human_unit_left_takes_the_hit_box_by_box(table):
    s = table.state
    events, asked = hits(table, "Human", "Chicago", [], 1, fort_city=True)
    assert asked == [] and (s.forts["Chicago"].strength, s.forts["Chicago"].destroyed) == (2, False)
    assert [record(e) for e in events] == [
        ("fort", R_FORT, ("GIN-MAP-03", "GIN-FORT-02"), {"fort": "Chicago", "strength": 2},
         FORT_TRACK)]
    assert events[0].message == "The Fort at Chicago takes a hit: strength 2"


@pytest.mark.rule("GIN-MAP-04", "GIN-FORT-02", "GIN-FORT-03")
def test_a_fort_losing_its_last_box_is_destroyed(table):
    s = table.state
    s.forts["Jackson"].strength = 1
    events, _ = hits(table, "Human", "Jackson", [], 1, fort_city=True)
    assert (s.forts["Jackson"].strength, s.forts["Jackson"].destroyed) == (0, True)
    assert [record(e) for e in events] == [
        ("fort", R_FORT, ("GIN-MAP-04", "GIN-FORT-02", "GIN-FORT-03"),
         {"fort": "Jackson", "destroyed": True}, FORT_TRACK)]


@pytest.mark.rule("GIN-HITS-01", "GIN-FORT-02")
def test_hits_on_a_swarm_with_no_unit_left_in_a_fort_city_are_lost_not_put_on_the_fort(table):
    s = table.state
    events, asked = hits(table, "Swarm", "Chicago", [], 2)
    assert asked == [] and (s.forts["Chicago"].strength, s.forts["Chicago"].destroyed) == (3, False)
    assert [record(e) for e in events] == [("info", R_COMBAT, ("GIN-HITS-01",), {}, "")]
    assert events[0].message == "2 hit(s) on the Swarm find no unit left"

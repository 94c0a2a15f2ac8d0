"""The map questions of board.py (enemy Cities, the Fusion Fence), each in a position where nothing
else gives the same result: who stops a move, where a Retreat may go, which roads the Fence closes.
Movement reach and Retreat are computed afresh (the Fence's per-data table of closed roads is not
used), so each answer comes from board.py itself."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.board import is_enemy_city
from rules_lib.games.ginormopod.reach import movement_reach
from rules_lib.games.ginormopod.retreat import R_RETREAT, retreat_unit

from .recording import Recorder


def destroy(state, *forts):
    for f in forts:
        state.forts[f].strength, state.forts[f].destroyed = 0, True


def retreat(table, uid, acting=False, answers=()):
    """Retreat one unit: (the records of its events, the decisions asked)."""
    s = table.state
    act = table.activation("Swarm", "X")
    policy = Recorder(answers)
    events = drive(retreat_unit(s, table.ctx([]), act, s.unit(uid), acting), policy=policy)
    records = [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]
    return records, [(d.player, d.kind, d.options) for d in policy.asked]


@pytest.mark.rule("GIN-MOVE-03")
def test_a_swarm_unit_stops_in_a_city_held_by_human_units_without_a_fort(table):
    s = table.place("Minneapolis", "Ant X1")
    assert "St Louis" in movement_reach(s, "Ant X1", table.data)  # through empty Des Moines
    table.place("Des Moines", "Infantry A1")
    reach = movement_reach(s, "Ant X1", table.data)
    assert "Des Moines" in reach and "St Louis" not in reach  # Chicago's Fort stops it too


@pytest.mark.rule("GIN-MOVE-03")
def test_a_human_unit_stops_in_a_city_held_by_the_swarm(table):
    s = table.place("Montgomery", "Tank C1")
    assert "St Louis" in movement_reach(s, "Tank C1", table.data)  # through Birmingham
    table.place("Birmingham", "Ant X1")
    reach = movement_reach(s, "Tank C1", table.data)
    assert "Birmingham" in reach and "St Louis" not in reach


@pytest.mark.rule("GIN-MOVE-03", "GIN-RETR-08")
def test_an_empty_undestroyed_fort_stops_a_swarm_move(table):
    s = table.place("Montgomery", "Ant X1")
    reach = movement_reach(s, "Ant X1", table.data)
    assert "Atlanta" in reach and "Raleigh" not in reach  # Raleigh lies beyond Atlanta's Fort
    destroy(s, "Atlanta")
    assert movement_reach(s, "Ant X1", table.data)["Raleigh"].cost == 2


@pytest.mark.rule("GIN-RETR-08", "GIN-RETR-10", "GIN-RETR-03")
def test_an_acting_swarm_unit_that_came_from_an_empty_undestroyed_fort_passes_it_with_a_hit(table):
    s = table.place("Birmingham", "Ant X1")
    s.unit("Ant X1").came_from = "Atlanta"  # the Fort stands, no unit in it
    records, _ = retreat(table, "Ant X1", acting=True, answers=["Knoxville"])
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-10",), {"unit": "Ant X1"}, "")
    assert records[1][0] == "hit"
    assert records[2][2:4] == (("GIN-RETR-10",), {"unit": "Ant X1", "to": "Atlanta"})
    assert s.unit("Ant X1").reduced and table.where("Ant X1") != "track"


@pytest.mark.rule("GIN-FENCE-01", "GIN-FENCE-02", "GIN-RETR-04")
def test_a_swarm_unit_retreating_from_a_standing_fence_fort_may_not_go_east(table):
    destroy(table.state, "Memphis")  # its neighbour on the Fence is down, St Louis stands
    table.place("St Louis", "Ant X1")
    _, asked = retreat(table, "Ant X1", answers=["Des Moines"])
    assert asked == [("Swarm", "retreat", ["Des Moines", "Memphis"])]
    destroy(table.state, "St Louis")  # now both are down: the roads east from St Louis open
    table.place("St Louis", "Ant X2")
    _, asked = retreat(table, "Ant X2", answers=["Des Moines"])
    assert asked == [("Swarm", "retreat", ["Des Moines", "Memphis", "Frankfort", "Nashville"])]


@pytest.mark.rule("GIN-FENCE-02", "GIN-RETR-04")
def test_a_swarm_unit_retreating_from_a_lone_destroyed_fence_fort_may_not_go_east(table):
    destroy(table.state, "St Louis")
    table.place("St Louis", "Ant X1")
    records, asked = retreat(table, "Ant X1")
    assert asked == [] and records[0][3] == {"unit": "Ant X1", "from": "St Louis",
                                             "to": "Des Moines"}


@pytest.mark.rule("GIN-RETR-05", "GIN-RETR-08")
def test_the_enemy_cities_of_each_side_are_those_holding_only_its_enemy_and_the_forts(table):
    s = table.place("Minneapolis", "Ant X1")
    table.place("Des Moines", "Infantry A1")
    table.place("Birmingham", "Ant X2", "Tank C1")  # contested: enemy to neither
    destroy(s, "Atlanta")
    table.place("Atlanta", "Infantry B1")
    s.unit("Tank A1").loc = "Raleigh"  # not on the map (its pool), so Raleigh stays empty
    standing = [c for c in table.data.cities if s.fort_intact(c)]

    def enemy(side):
        return [c for c in table.data.cities if is_enemy_city(s, c, side)]

    assert enemy("Swarm") == [
        c for c in table.data.cities if c in ("Des Moines", "Atlanta") or c in standing]
    assert enemy("Human") == ["Minneapolis"]

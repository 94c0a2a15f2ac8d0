"""The Activation's memory of its start (GIN-RETR-05/06/08): which Cities were enemy when it began,
checked through a Retreat in positions where only that memory decides where the unit may go."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.retreat import retreat_unit

from .recording import Recorder


def retreat_ids(table, act, uid):
    """Drive one non-acting unit's Retreat: the catalogue ids of its events (decisions aside)."""
    s = table.state
    events = drive(retreat_unit(s, table.ctx([]), act, s.unit(uid), False), policy=Recorder(()))
    return [e.ids for e in events if e.kind != "decision"]


@pytest.mark.rule("GIN-RETR-06", "GIN-RETR-08")
def test_a_fort_city_destroyed_during_the_activation_stays_closed_to_a_swarm_retreat(table):
    # Chicago, contested with its Fort standing when the Activation begins (its Humans ignored an
    # earlier Retreat): enemy to the Swarm by the Fort alone, not by the units in it
    s = table.place("Chicago", "Infantry B1", "Ant Y1")
    table.place("Minneapolis", "Ant X1")
    table.place("Des Moines", "Tank A2")  # Minneapolis's other road: an enemy City
    act = table.activation("Swarm", "Y")
    s.forts["Chicago"].strength, s.forts["Chicago"].destroyed = 0, True  # destroyed since
    ids = retreat_ids(table, act, "Ant X1")
    # still contested, so still closed: no City to retreat to; a Hit, then through the enemy
    assert ids == [("GIN-RETR-10",), ("GIN-OVER-05", "GIN-HITS-01"), ("GIN-RETR-10",),
                   ("GIN-RETR-04", "GIN-AMB-06")]
    assert s.unit("Ant X1").reduced and not s.unit("Ant X1").no_combat


@pytest.mark.rule("GIN-RETR-05", "GIN-RETR-06")
def test_a_fort_destroyed_before_the_activation_does_not_close_a_contested_city(table):
    s = table.place("Chicago", "Infantry B1", "Ant Y1")
    s.forts["Chicago"].strength, s.forts["Chicago"].destroyed = 0, True
    table.place("Minneapolis", "Ant X1")
    table.place("Des Moines", "Tank A2")
    act = table.activation("Swarm", "Y")
    ids = retreat_ids(table, act, "Ant X1")
    assert ids == [("GIN-RETR-04", "GIN-AMB-06", "GIN-RETR-06", "GIN-RETR-07")]
    assert table.where("Ant X1") == "Chicago" and s.unit("Ant X1").no_combat

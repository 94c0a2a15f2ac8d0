"""The small rules a Combat is built from, each checked where nothing else gives the same answer:
what a counter rolls by default, how many Hits a group can absorb, who counts in an Overrun, who
fights when the City's units are not listed for it, and what the log says an FX cancelled."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import (
    fighter_pips,
    overrun_applies,
    participants,
    resolve_battle,
    steps,
)
from rules_lib.games.ginormopod.volley import Fighter


@pytest.mark.rule("GIN-AMB-15", "GIN-TANK-01")
def test_a_reduced_tank_rolls_its_symbols_normally_unless_the_variant_is_asked_for(data):
    """GIN-AMB-15's default reading is what a caller gets without naming the variant."""
    assert fighter_pips(data, Fighter("Tank", True)) == ((5,), False)
    assert fighter_pips(data, Fighter("Tank", True), True) == ((5,), True)


@pytest.mark.rule("GIN-HITS-01", "GIN-NG-04")
def test_a_fresh_unit_absorbs_two_hits_a_reduced_unit_or_a_guard_one(data):
    assert steps(data, [Fighter("Infantry")]) == 2
    assert steps(data, [Fighter("Infantry", True)]) == 1
    assert steps(data, [Fighter("Guard", False, True)]) == 1
    assert steps(data, [Fighter("Tank"), Fighter("Ant", True), Fighter("Guard")]) == 4


@pytest.mark.rule("GIN-OVRN-01", "GIN-AMB-08")
def test_an_undestroyed_fort_is_not_overrun_unless_the_variant_is_asked_for(data):
    """Five units against one unit in a Fort of strength 3: the Fort's boxes count (default)."""
    assert not overrun_applies(data, 5, 1, 3)
    assert overrun_applies(data, 5, 1, 3, True)
    assert overrun_applies(data, 5, 1, 0)


@pytest.mark.rule("GIN-AMB-07", "GIN-RETR-07")
def test_every_unit_of_the_side_in_the_city_fights_but_one_that_retreated_there(table):
    """Without the City's units handed in, participants reads them from the map itself."""
    s = table.place("Minneapolis", "Ant X1", "Ant Y1", "Infantry A1")
    table.place("Des Moines", "Ant X2")
    s.unit("Ant Y1").no_combat = True
    act = table.activation("Swarm", "X")
    swarm = participants(s, "Minneapolis", "Swarm", act, table.ctx(), acting=True)
    humans = participants(s, "Minneapolis", "Human", act, table.ctx(), acting=False)
    assert [u.id for u in swarm] == ["Ant X1"]
    assert [u.id for u in humans] == ["Infantry A1"]


@pytest.mark.rule("GIN-FX-04", "GIN-COMB-03")
def test_the_log_says_how_many_hits_the_pill_bug_cancelled(table):
    """Two Hits scored against the Swarm, one cancelled by its Pill Bug: 1 suffered."""
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.fx_hand["Swarm"] = ["Pill Bug"]
    s.unit("Ant X1").came_from = "Des Moines"
    ctx = table.ctx([6, 6, 1, 1])  # the Infantry's two 5+ dice hit, the Ant's miss
    events = drive(resolve_battle(s, ctx, table.activation("Swarm", "X"), "Minneapolis"),
                   answers=["Pill Bug"])
    hits = next(e for e in events if e.message.startswith("All hits apply"))
    assert hits.message == ("All hits apply at once: Swarm suffers 1 (2 scored, 1 cancelled by "
                            "its Pill Bug), Humans suffer 0")

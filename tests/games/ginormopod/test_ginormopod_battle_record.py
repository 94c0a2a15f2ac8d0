"""The Combat as plain data (``Battle.record``) that rides in an FX decision, and the Combat read
back from it (``Battle.from_record``): analysis reads the exact odds of each FX answer from it
(GIN-FX-03), so every field must survive the round trip, the units as the state's own."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision
from rules_lib.games.ginormopod.combat import Battle, resolve_battle
from rules_lib.games.ginormopod.fx import NO_FX


def fx_decisions(table, city, side, formation, answers):
    """The FX decisions a Combat asks before its dice, answered in turn from ``answers``."""
    proc = resolve_battle(table.state, table.ctx(), table.activation(side, formation), city)
    asked, answer = [], None
    while True:
        item = proc.send(answer)
        answer = None
        if isinstance(item, Decision):
            if item.kind != "use_fx":
                return asked
            asked.append(item)
            answer = answers.pop(0)
            if not answers:
                return asked


@pytest.fixture
def fort_combat(table):
    """The Swarm attacks Chicago's Fort and a Human unit, both sides holding an FX."""
    table.place("Chicago", "Ant X1", "Worm X1", "Infantry A1")
    table.state.fx_hand["Swarm"] = ["Pill Bug"]
    table.state.fx_hand["Human"] = ["Drone"]
    return table


@pytest.mark.rule("GIN-FX-03")
def test_each_fx_decision_carries_the_combat_as_plain_data(fort_combat):
    swarm_asked, human_asked = fx_decisions(fort_combat, "Chicago", "Swarm", "X",
                                            ["Pill Bug", NO_FX])
    record = {"city": "Chicago", "kind": "normal", "side": "Swarm",
              "mine": ["Ant X1", "Worm X1"], "theirs": ["Infantry A1"], "fort_city": True,
              "humans_fort": fort_combat.state.fort_boxes("Chicago"),
              "fort_why": swarm_asked.data["battle"]["fort_why"]}
    assert record["humans_fort"] == 3 and record["fort_why"]  # a Fort, its strength assumed
    assert swarm_asked.data == {"city": "Chicago", "battle": record}
    # the enemy is asked knowing the acting side's FX
    assert human_asked.data == {"city": "Chicago", "battle": record, "acting_fx": "Pill Bug"}


@pytest.mark.rule("GIN-FX-03")
def test_the_combat_read_back_from_its_record_is_the_same_combat_with_the_state_s_units(
        fort_combat):
    [asked] = fx_decisions(fort_combat, "Chicago", "Swarm", "X", [NO_FX])
    s = fort_combat.state
    battle = Battle.from_record(s, asked.data["battle"])
    assert (battle.city, battle.kind, battle.side) == ("Chicago", "normal", "Swarm")
    assert battle.mine == [s.unit("Ant X1"), s.unit("Worm X1")]
    assert battle.mine[0] is s.unit("Ant X1")
    assert battle.theirs == [s.unit("Infantry A1")]
    assert (battle.fort_city, battle.humans_fort) == (True, 3)
    assert battle.fort_why == asked.data["battle"]["fort_why"] != ""
    assert battle.record() == asked.data["battle"]

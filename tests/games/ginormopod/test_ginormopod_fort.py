"""Fort Combat: the Fort's dice, absorbing hits last, Destroyed markers, optional Human Retreat,
Full Attack / Barrage / Withdrawal, and Sorties."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.fort import forts_with_options
from rules_lib.games.ginormopod.turn import activate, combat_cities


def fight(table, city, side, formation, faces, answers=(), act=None):
    act = act or table.activation(side, formation)
    ctx = table.ctx(faces)
    events = drive(resolve_battle(table.state, ctx, act, city), answers=list(answers))
    assert not ctx.dice.remaining
    return events


def run_activation(table, side, formation, faces, answers):
    ctx = table.ctx(faces)
    events = drive(activate(table.state, ctx, side, formation, f"{side} {formation}"),
                   answers=answers)
    assert not ctx.dice.remaining
    return events


@pytest.mark.rule("GIN-FORT-01", "GIN-FORT-02", "GIN-MAP-03")
def test_the_fort_rolls_its_strength_in_dice_hitting_on_5_and_absorbs_hits_itself(table):
    s = table.place("Chicago", "Ant X1")
    s.unit("Ant X1").came_from = "Des Moines"
    fight(table, "Chicago", "Swarm", "X", [5, 4, 6, 3, 4])  # Fort 2 hits; Ant 2 hits
    assert s.forts["Chicago"].strength == 1
    assert s.unit("Ant X1").pool == "track"


@pytest.mark.rule("GIN-FORT-02")
def test_human_units_absorb_hits_before_the_fort(table):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Infantry A1")
    # Infantry 1,1 + Fort 1,1,1: no hit; Ants 3,4 and 3,1: three hits
    fight(table, "Chicago", "Swarm", "X", [1, 1, 1, 1, 1, 3, 4, 3, 1])
    assert s.unit("Infantry A1").pool == "eliminated"
    assert s.forts["Chicago"].strength == 2


@pytest.mark.rule("GIN-FORT-03", "GIN-MAP-04")
def test_a_fort_losing_its_last_box_is_destroyed(table):
    s = table.place("Chicago", "Ant X1")
    s.forts["Chicago"].strength = 1
    events = fight(table, "Chicago", "Swarm", "X", [1, 3, 1])
    assert s.forts["Chicago"].destroyed and s.forts["Chicago"].strength == 0
    assert any("Destroyed marker" in e.message for e in events)
    assert s.fort_boxes("Chicago") == 0


@pytest.mark.rule("GIN-FORT-04")
@pytest.mark.parametrize("answer,where", [("ignore", "Chicago"), ("retreat", "Cincinnati")])
def test_humans_in_a_fort_may_ignore_a_retreat(table, answer, where):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    # Humans 1,1 + Fort 1,1,1 -> 0; Ant 3,1 -> 1 hit: the Humans must retreat
    fight(table, "Chicago", "Swarm", "X", [1, 1, 1, 1, 1, 3, 1], answers=[answer, "Cincinnati"])
    assert table.where("Infantry A1") == where


@pytest.mark.rule("GIN-FORT-04")
def test_the_swarm_must_retreat_from_a_fort_combat_it_loses(table):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Infantry A1")
    s.unit("Ant X1").came_from = s.unit("Ant X2").came_from = "Des Moines"
    fight(table, "Chicago", "Swarm", "X", [5, 1, 1, 1, 1, 1, 1, 1, 1], answers=["Ant X1"])
    assert table.where("Ant X1") == table.where("Ant X2") == "Des Moines"


@pytest.mark.rule("GIN-FORT-05")
def test_the_swarm_not_forced_to_retreat_stays_and_attacks_again_next_activation(table):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    fight(table, "Chicago", "Swarm", "X", [1, 1, 1, 1, 1, 3, 1], answers=["ignore"])
    assert table.where("Ant X1") == "Chicago"
    assert combat_cities(s, table.data, table.activation("Swarm", "X")) == ["Chicago"]


@pytest.mark.rule("GIN-FORT-08", "GIN-FORT-09")
def test_full_attack_is_a_normal_fort_combat_when_the_forts_formation_activates(table):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    events = run_activation(table, "Human", "A", [6, 6, 1, 1, 1, 1, 1],
                            answers=["Full Attack", "stay"])
    assert "fort_option" in [e.data.get("decision") for e in events]
    assert s.unit("Ant X1").pool == "track"
    assert any(e.message.startswith("Full Attack at Chicago") for e in events)


@pytest.mark.rule("GIN-FORT-10")
def test_barrage_only_the_fort_rolls_and_the_swarm_cannot_fire_back(table):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    run_activation(table, "Human", "A", [5, 5, 1], answers=["Barrage", "stay"])
    assert s.unit("Ant X1").pool == "track" and not s.unit("Infantry A1").reduced


@pytest.mark.rule("GIN-FORT-10", "GIN-FX-01")
def test_barrage_the_wasp_lets_the_swarm_fire_back(table):
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    s.fx_hand["Swarm"] = ["Wasp"]
    run_activation(table, "Human", "A", [1, 1, 1, 2, 3], answers=["Barrage", "stay", "Wasp"])
    assert s.unit("Infantry A1").pool == "eliminated"  # Wasp: Ant hits on 2+ and 3+
    assert "Wasp" in s.fx_used


@pytest.mark.rule("GIN-FORT-11")
def test_withdrawal_lets_units_of_another_formation_leave_the_fort(table):
    table.place("Chicago", "Ant X1", "Infantry B1")
    events = run_activation(table, "Human", "A", [], answers=["Withdrawal", "Cincinnati"])
    assert table.where("Infantry B1") == "Cincinnati"
    assert not any(e.kind == "combat" for e in events)


@pytest.mark.rule("GIN-FORT-12", "GIN-FORT-13", "GIN-AMB-17")
def test_a_winning_sortie_may_return_to_the_fort(table):
    s = table.place("Chicago", "Infantry A1", "Tank A1")
    table.place("Minneapolis", "Ant X1")
    # Infantry 6,6 -> 2 hits, Tank 1,1 -> 0; Ant 1,1 -> 0
    events = run_activation(table, "Human", "A", [6, 6, 1, 1, 1, 1],
                            answers=["Minneapolis", "Minneapolis", "return to Chicago"])
    assert "sortie" in [e.data.get("decision") for e in events]
    assert table.where("Infantry A1") == table.where("Tank A1") == "Chicago"
    assert s.unit("Ant X1").pool == "track"


@pytest.mark.rule("GIN-FORT-07", "GIN-AMB-12")  # 'New York', 'Washington': the victory Cities
@pytest.mark.parametrize("formation,forts", [
    ("A", ["Chicago", "New York City", "Washington DC"]),
    ("B", ["Memphis", "St Louis"]),
    ("C", ["Atlanta", "Jackson", "New Orleans"])])
def test_each_fort_answers_to_the_activation_of_its_own_formation(table, formation, forts):
    # a Swarm unit in every Fort City and no Human unit anywhere: only the Fort's Formation
    # decides which Forts are offered Full Attack / Barrage / Withdrawal (GIN-FORT-08)
    swarm = ["Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1", "Ant Z2", "Spider X1", "Spider Y1"]
    for city, uid in zip(sorted(table.state.forts), swarm):
        table.place(city, uid)
    act = table.activation("Human", formation)
    assert sorted(forts_with_options(table.state, table.data, act)) == forts
    events = run_activation(table, "Human", formation, [], answers=["none"] * len(forts))
    offered = [e for e in events if e.kind == "decision" and e.data["decision"] == "fort_option"]
    assert len(offered) == len(forts)

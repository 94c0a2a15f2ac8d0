"""FX chits (drawn, used once a turn, one per side per Combat) and the Danger track."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.turn import action_phase, fade_out

END = [f"...The End??? {i}" for i in (1, 2, 3)]


def battle(table, city, faces, answers=(), act=None):
    act = act or table.activation("Swarm", "X")
    ctx = table.ctx(faces)
    events = drive(resolve_battle(table.state, ctx, act, city), answers=list(answers))
    assert not ctx.dice.remaining
    return [e.data.get("decision") for e in events if e.kind == "decision"], act


@pytest.mark.rule("GIN-FLOW-06", "GIN-FX-01", "GIN-FLOW-04", "GIN-FLOW-07")
def test_a_drawn_fx_goes_to_its_owner_and_the_third_the_end_ends_the_phase(table):
    s = table.state
    s.cup = ["Drone", *END, "Human A"]
    drive(action_phase(s, table.ctx([1, 1, 1, 1])))
    assert s.fx_hand["Human"] == ["Drone"]
    assert s.end_track == 3 and s.cup == ["Human A"]  # never drawn


@pytest.mark.rule("GIN-COMB-05", "GIN-OVER-07")
def test_the_drone_makes_human_dice_hit_one_pip_easier(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.fx_hand["Human"] = ["Drone"]
    s.unit("Ant X1").came_from = "Des Moines"
    battle(table, "Minneapolis", [4, 4, 1, 1], answers=["Drone"])  # 4s hit with the Drone
    assert s.unit("Ant X1").pool == "track"


@pytest.mark.rule("GIN-FX-02")
def test_an_fx_is_used_at_most_once_per_game_turn(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.fx_hand["Human"] = ["Drone"]
    first, act = battle(table, "Minneapolis", [1, 1, 1, 1], answers=["Drone"])
    assert "use_fx" in first
    table.place("Minneapolis", "Ant X1")  # back for a second Combat (the tie made it retreat)
    second, _ = battle(table, "Minneapolis", [1, 1, 1, 1], act=act)
    assert "use_fx" not in second and s.fx_used == ["Drone"]


@pytest.mark.rule("GIN-FX-03")
def test_each_side_uses_at_most_one_fx_per_combat(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.fx_hand["Human"] = ["Drone", "Laser Tower"]
    s.fx_hand["Swarm"] = ["Pill Bug", "Wasp"]
    kinds, _ = battle(table, "Minneapolis", [1, 1, 1, 1], answers=["Pill Bug", "Drone"])
    assert kinds.count("use_fx") == 2  # one question per side
    assert sorted(s.fx_used) == ["Drone", "Pill Bug"]


@pytest.mark.rule("GIN-DNGR-01")
def test_tectonic_telekinesis_advances_and_flips_the_danger_marker(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.fx_hand["Swarm"] = ["Tectonic Telekinesis"]
    s.danger, s.danger_side = 2, "Human"  # the Humans' Nukes moved it last
    battle(table, "Minneapolis", [1, 1, 1, 1], answers=["Tectonic Telekinesis"])
    assert s.danger == 3 and s.danger_side == "Swarm"  # one space right, flipped to the Swarm
    assert s.unit("Infantry A1").pool == "eliminated"  # two automatic hits (assumed effect)


def danger_position(table, side="Swarm", space=6, destroyed=("New York City", "Atlanta")):
    s = table.state
    s.danger, s.danger_side = space, side
    for c in destroyed:
        s.forts[c].strength, s.forts[c].destroyed = 0, True
    return s


@pytest.mark.rule("GIN-DNGR-02", "GIN-DNGR-03", "GIN-DNGR-04", "GIN-EX-03", "GIN-OVER-08")
def test_danger_is_rolled_before_victory_so_the_swarm_can_lose_after_winning(table):
    s = danger_position(table)  # space 6 shows 7: 2d6 >= 7 ends the world
    events = drive(fade_out(s, table.ctx([3, 4])))
    assert s.result == "Human" and "Earth" in s.end_reason
    assert events[-1].message == ("Swarm rolls [3, 4] against 7: Congratulations, the Swarm "
                                  "destroyed the Earth and loses: the Humans win")


@pytest.mark.rule("GIN-DNGR-02", "GIN-DNGR-03", "GIN-OVER-08")
def test_humans_who_destroy_the_earth_lose_and_the_log_names_the_winner(table):
    s = danger_position(table, side="Human", destroyed=())
    events = drive(fade_out(s, table.ctx([3, 4])))
    assert s.result == "Swarm"
    assert events[-1].message == ("Human rolls [3, 4] against 7: Congratulations, the Humans "
                                  "destroyed the Earth and lose: the Swarm wins")


@pytest.mark.rule("GIN-DNGR-03", "GIN-VIC-01")
def test_a_low_danger_roll_lets_the_victory_check_run(table):
    s = danger_position(table)
    drive(fade_out(s, table.ctx([3, 3])))
    assert s.result == "Swarm"


@pytest.mark.rule("GIN-DNGR-02")
def test_no_danger_roll_while_the_marker_shows_no_die_symbols(table):
    s = danger_position(table, space=0, destroyed=())
    events = drive(fade_out(s, table.ctx([])))
    assert any("no die symbols" in e.message for e in events) and s.result is None

"""The fire actions (§I-2 Full Fire, §I-3 Shoot and Scoot), decision by decision and event by event:
the target choice and its data, no target, the order of a Shoot and Scoot, its half move or jump
at -1 (DESIGN principles 3 and 8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.fire_actions import full_fire, shoot_and_scoot

from .sv_helpers import DATA, dice, run, table


def record(item):
    if isinstance(item, Decision):
        return (item.player, item.kind, item.options, item.rule, item.data)
    return (item.message, item.rule, item.kind, item.data, item.ids)


def steps(proc, answers):
    """Every Event and Decision a procedure yields, answering the Decisions in turn (then ending
    the walk at the first Decision left unanswered)."""
    seen, answers, to_send = [], list(answers), None
    while True:
        try:
            item = proc.send(to_send)
        except StopIteration:
            return seen
        to_send = None
        seen.append(item)
        if isinstance(item, Decision):
            if not answers:
                return seen
            to_send = answers.pop(0)


def decisions(items):
    return [d for d in items if isinstance(d, Decision)]


@pytest.mark.rule("SV-MCOMB-01", "SV-FIRE-01")
def test_full_fire_with_no_target_reports_it_and_fires_nothing():
    state = table({"Squad 1": 411})
    assert [record(e) for e in run(full_fire(state, dice(), "Squad 1"))] == [
        ("Squad 1 has no target", "Space Vermin §J-1", "info", {"unit": "Squad 1"},
         ("SV-MCOMB-01",)),
    ]


@pytest.mark.rule("SV-MCOMB-01", "SV-MCOMB-04", "SV-FIRE-01")
def test_full_fire_asks_the_marines_player_for_one_target_with_each_targets_cf():
    state = table({"Squad 1": 411, "Soldier #3": 412, "Drone #4": 361})
    asked = decisions(steps(full_fire(state, dice(), "Squad 1"), []))
    assert [record(d) for d in asked] == [
        ("Marines", "fire_at", ["Drone #4", "Soldier #3"], "Space Vermin §J-1",
         {"cf": {"Drone #4": 5, "Soldier #3": 5}, "firer": "Squad 1", "shoot_and_scoot": False}),
    ]


@pytest.mark.rule("SV-FIRE-01", "SV-MCOMB-06")
def test_full_fire_fires_at_the_target_chosen_at_full_cf():
    state = table({"Squad 1": 411, "Soldier #3": 412})
    events = run(full_fire(state, dice(6, 6, 1, 1, 1), "Squad 1"), answers=["Soldier #3"])
    shots = [(e.data["target"], e.data["cf"]) for e in events if e.kind == "combat" and "cf" in e.data]
    assert shots == [("Soldier #3", 5)]
    assert state.unit("Soldier #3").reduced


@pytest.mark.rule("SV-FIRE-02")
def test_shoot_and_scoot_asks_fire_or_move_first():
    state = table({"Squad 1": 411, "Soldier #3": 413})
    asked = decisions(steps(shoot_and_scoot(state, dice(), "Squad 1"), []))
    assert [record(d) for d in asked] == [
        ("Marines", "scoot_order", ["fire then move", "move then fire"], "Space Vermin §I-3", {}),
    ]


@pytest.mark.rule("SV-FIRE-02", "SV-MCOMB-07")
def test_shoot_and_scoot_fire_first_fires_at_minus_one_then_moves_half_the_ma():
    state = table({"Squad 1": 411, "Soldier #3": 413})
    asked = decisions(steps(shoot_and_scoot(state, dice(1, 1, 1, 1), "Squad 1"),
                            ["fire then move", "Soldier #3"]))
    fire, move = asked[1], asked[2]
    assert (fire.kind, fire.data) == (
        "fire_at", {"cf": {"Soldier #3": 3}, "firer": "Squad 1", "shoot_and_scoot": True})
    assert move.kind != "scoot_move" and move.rule == "Space Vermin §I-3"
    costs = {k: Fraction(v) for k, v in move.data["costs"].items()}
    assert max(costs.values()) == 2  # half the Squad's MA 4


@pytest.mark.rule("SV-FIRE-02")
def test_shoot_and_scoot_move_first_moves_then_fires_from_the_new_hex():
    state = table({"Squad 1": 411, "Soldier #3": 414})
    items = steps(shoot_and_scoot(state, dice(1, 1, 1, 1), "Squad 1"), ["move then fire", "413"])
    assert state.unit("Squad 1").hex == "413"
    fire = items[-1]
    # from 413 the Soldier in 414 is adjacent: CF 4 - 1 (Shoot and Scoot) + 1 (adjacent)
    assert (fire.kind, fire.data) == (
        "fire_at", {"cf": {"Soldier #3": 4}, "firer": "Squad 1", "shoot_and_scoot": True})


@pytest.mark.rule("SV-FIRE-02", "SV-JUMP-01")
def test_a_jump_pack_unit_scooting_chooses_move_or_jump():
    state = table({"Scout 1": 411, "Soldier #3": 413})
    asked = decisions(steps(shoot_and_scoot(state, dice(), "Scout 1"), ["move then fire"]))
    assert [record(d) for d in asked][1] == (
        "Marines", "scoot_move", ["move", "jump"], "Space Vermin §I-1-c / §I-3", {})


@pytest.mark.rule("SV-FIRE-02")
def test_a_jump_pack_unit_scooting_on_foot_moves_half_its_ma():
    state = table({"Scout 1": 411, "Soldier #3": 416})
    asked = decisions(steps(shoot_and_scoot(state, dice(), "Scout 1"),
                            ["move then fire", "move"]))
    move = asked[2]
    assert move.rule == "Space Vermin §I-3"
    costs = {k: Fraction(v) for k, v in move.data["costs"].items()}
    assert max(costs.values()) == 2  # half the Scout's MA 5, rounded down


@pytest.mark.rule("SV-FIRE-02", "SV-JUMP-02")
def test_a_jump_made_in_a_shoot_and_scoot_rolls_at_minus_one():
    state = table({"Scout 1": 111})
    events = run(shoot_and_scoot(state, dice(2, 4, 1, 6), "Scout 1"),
                 answers=["move then fire", "jump", "666"])
    assert "die 2 -1 = 1: malfunction" in "\n".join(e.message for e in events)


@pytest.mark.rule("SV-FIRE-02", "SV-JUMP-05")
def test_a_marine_lost_in_the_move_of_a_shoot_and_scoot_does_not_fire():
    # the jump malfunctions (2 - 1 = 1) onto the Drone in 416: the Scout is eliminated
    state = table({"Scout 1": 111, "Drone #4": 416})
    events = run(shoot_and_scoot(state, dice(2, 4, 1, 6), "Scout 1"),
                 answers=["move then fire", "jump", "666"])
    assert state.unit("Scout 1").status == "eliminated"
    assert events[-1].message == "Scout 1 is eliminated"  # and nothing after: no fire, no "no target"


@pytest.mark.rule("SV-FIRE-02", "SV-PANTS-03")
def test_pants_fired_in_a_shoot_and_scoot_roll_at_minus_one():
    state = table({"Special Ops 1": 411, "Soldier #3": 413})
    events = run(shoot_and_scoot(state, dice(5, 1, 1, 1), "Special Ops 1"),
                 answers=["fire then move", "Soldier #3", "move", "411"])
    assert "fires PANTS at Soldier #3 in 413: die 5 -1 = 4: Fried!" in events[2].message


def designer_data():
    """Game data with a designer's edits: Squad CF 5 and MA 6, and hex 412 made Bog."""
    terrain = DATA.maps["alpha"].terrain
    bog = [int(lab) for lab, kind in terrain.items() if kind == "bog"] + [412]
    return load_game_data({"alpha:terrain.bog": bog, "counters:marines.squad.full.cf": 5,
                           "counters:marines.squad.full.ma": 6})


@pytest.mark.rule("SV-FIRE-01", "SV-MCOMB-08")
def test_full_fire_offers_the_cf_of_the_contexts_data():
    state = table({"Squad 1": 411, "Soldier #3": 426})
    ctx = Context(dice=ScriptedDice([]), data=designer_data())
    asked = decisions(steps(full_fire(state, ctx, "Squad 1"), []))
    assert asked[0].data["cf"] == {"Soldier #3": 6}  # CF 5 + 1 (adjacent)


@pytest.mark.rule("SV-FIRE-02")
def test_shoot_and_scoot_moves_half_the_ma_of_the_contexts_data_on_its_map():
    state = table({"Squad 1": 411})
    ctx = Context(dice=ScriptedDice([]), data=designer_data())
    move = decisions(steps(shoot_and_scoot(state, ctx, "Squad 1"), ["move then fire"]))[1]
    costs = {k: Fraction(v) for k, v in move.data["costs"].items()}
    assert max(costs.values()) == 3  # half the edited MA 6
    assert costs["412"] == 2  # the edited Bog costs 2 MP

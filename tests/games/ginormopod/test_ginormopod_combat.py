"""Combat: dice, Fresh Tanks, simultaneous hits, Guards, the Time Tracker, Retreat and Overrun."""
from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import IllegalChoice, drive
from rules_lib.games.ginormopod.board import is_enemy_city
from rules_lib.games.ginormopod.combat import resolve_battle, volley
from rules_lib.games.ginormopod.retreat import retreat_targets, retreat_unit
from rules_lib.games.ginormopod.volley import Fighter


def fight(table, city, side, formation, faces, answers=(), kind="normal", variants=(),
          act=None):
    act = act or table.activation(side, formation)
    ctx = table.ctx(faces, variants)
    events = drive(resolve_battle(table.state, ctx, act, city, kind), answers=list(answers))
    assert not ctx.dice.remaining, f"unused scripted dice {ctx.dice.remaining}"
    return events, act


def decisions(events):
    return [e.data["decision"] for e in events if e.kind == "decision"]


@pytest.mark.rule("GIN-COMB-02", "GIN-COMB-04", "GIN-OVER-03", "GIN-OVER-04", "GIN-OVER-05",
                  "GIN-RETR-01", "GIN-RETR-03")
def test_both_sides_roll_hits_apply_together_and_the_acting_side_retreats_on_a_tie(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    # Humans: Infantry [5, 5] rolls 5, 4 -> 1 hit; Swarm: Ant [3, 4] rolls 3, 3 -> 1 hit
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [5, 4, 3, 3])
    assert s.unit("Ant X1").reduced and s.unit("Infantry A1").reduced
    assert table.where("Ant X1") == "Des Moines"  # tie: the acting side goes back
    assert table.where("Infantry A1") == "Minneapolis"
    assert any(e.kind == "combat" and "Combat Marker" in e.message for e in events)


@pytest.mark.rule("GIN-COMB-03", "GIN-OVER-05")
def test_hits_apply_simultaneously_so_a_unit_eliminated_in_the_combat_still_scores(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1", reduced=True)
    s.unit("Ant X1").came_from = "Des Moines"
    # Humans roll first: reduced Infantry [5] rolls 6 -> 1 hit; reduced Ant [4] rolls 4 -> 1 hit.
    # Were the Human hits applied before the Swarm rolled, the Ant could not fire back.
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 4])
    assert s.unit("Ant X1").pool == "track"  # Reduced + hit -> Eliminated
    assert s.unit("Infantry A1").pool == "eliminated"
    rolls = [e.kind for e in events if e.kind in ("roll", "hit")]
    assert rolls == ["roll", "roll", "hit", "hit"]  # both sides roll before any hit is applied


@pytest.mark.rule("GIN-TANK-01", "GIN-TANK-02")
@pytest.mark.parametrize("faces,hits", [((5, 2), 1), ((4, 6), 1), ((6, 6), 2), ((4, 4), 2),
                                        ((3, 3), 0), ((1, 3), 0)])
def test_a_fresh_tank_rolls_two_dice_for_one_hit_doubles_in_range_for_two(data, faces, hits):
    v = volley(data, [Fighter("Tank")])
    assert v.roll(ScriptedDice(list(faces)), "tank")[0] == hits


@pytest.mark.rule("GIN-TANK-02", "GIN-HITS-03", "GIN-EX-01")
def test_tank_doubles_eliminate_a_fresh_ant_which_goes_two_turns_ahead(table_factory):
    table = table_factory(turn=5)
    s = table.place("Minneapolis", "Ant X1", "Tank A1")
    s.unit("Ant X1").came_from = "Des Moines"
    fight(table, "Minneapolis", "Swarm", "X", [4, 4, 1, 1])
    u = s.unit("Ant X1")
    assert u.pool == "track" and u.track_turn == 7


@pytest.mark.rule("GIN-HITS-04", "GIN-EX-02")
@pytest.mark.parametrize("turn", [9, 10])
def test_swarm_units_eliminated_on_turns_9_and_10_leave_the_game(table_factory, turn):
    table = table_factory(turn=turn)
    s = table.place("Minneapolis", "Ant X1", "Tank A1")
    fight(table, "Minneapolis", "Swarm", "X", [6, 6, 1, 1])
    assert s.unit("Ant X1").pool == "eliminated"


@pytest.mark.rule("GIN-HITS-01", "GIN-HITS-02")
def test_the_owner_chooses_which_unit_takes_each_hit_and_dead_humans_leave(table):
    s = table.place("Minneapolis", "Ant X1", "Spider X1", "Infantry A1")
    table.state.unit("Infantry A1").reduced = True
    # Humans: reduced Infantry [5] rolls 6 -> 1 hit; Swarm: Ant 3,1 + Spider 1,1,1 -> 1 hit
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 3, 1, 1, 1, 1],
                      answers=["Spider X1"])
    assert "allocate_hit" in decisions(events)
    assert s.unit("Spider X1").reduced and not s.unit("Ant X1").reduced
    assert s.unit("Infantry A1").pool == "eliminated"


@pytest.mark.rule("GIN-NG-04", "GIN-NG-05")
def test_a_hit_guard_is_eliminated_and_guards_cannot_retreat(table):
    s = table.place("Minneapolis", "Ant X1", "Ant X2")
    table.guard("Minneapolis", "Guard 1", armed=True, revealed=True)
    table.guard("Minneapolis", "Guard 2", armed=True, revealed=True)
    s.unit("Ant X1").came_from = s.unit("Ant X2").came_from = "Des Moines"
    # Humans: two Guards [5] roll 1, 1; Swarm: 3,1 and 1,1 -> 1 hit on the Humans
    fight(table, "Minneapolis", "Swarm", "X", [1, 1, 3, 1, 1, 1], answers=["Guard 1"])
    assert table.where("Guard 1") == "eliminated"  # took the hit
    assert table.where("Guard 2") == "eliminated"  # had to retreat
    assert table.where("Ant X1") == "Minneapolis"


@pytest.mark.rule("GIN-RETR-02")
def test_no_retreat_when_the_side_with_fewer_hits_has_no_units_left(table):
    s = table.place("Minneapolis", "Spider X1", reduced=True)
    table.place("Minneapolis", "Infantry A1", "Infantry A2")
    # Humans 5,1,1,1 -> 1 hit (kills the reduced Spider); Spider [3, 4] rolls 6, 6 -> 2 hits
    fight(table, "Minneapolis", "Swarm", "X", [5, 1, 1, 1, 6, 6],
          answers=["Infantry A1", "Infantry A2"])
    assert s.unit("Spider X1").pool == "track"
    assert table.where("Infantry A1") == table.where("Infantry A2") == "Minneapolis"


@pytest.mark.rule("GIN-RETR-04", "GIN-RETR-05")
def test_non_acting_units_cannot_retreat_into_an_enemy_city(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2", "Infantry A2")
    table.place("Minneapolis", "Ant Y1")
    assert is_enemy_city(s, "Minneapolis", "Human")
    # Humans 1,1 -> 0; Swarm 3,1 / 1,1 -> 1 hit: Humans retreat (Chicago or St Louis, not
    # Swarm-held Minneapolis)
    with pytest.raises(IllegalChoice):
        fight(table, "Des Moines", "Swarm", "X", [1, 1, 3, 1, 1, 1], answers=["Minneapolis"])
    s2 = table.state
    assert "Minneapolis" not in retreat_targets(s2, table.data, table.activation("Swarm", "X"),
                                                s2.unit("Infantry A2"))


@pytest.mark.rule("GIN-RETR-06", "GIN-RETR-07")
def test_contested_cities_take_retreats_only_if_not_enemy_when_the_activation_began(table):
    s = table.place("Minneapolis", "Infantry A2")
    table.place("Des Moines", "Ant Y1")
    act = table.activation("Swarm", "X")  # Des Moines is enemy to the Humans now
    table.place("Des Moines", "Tank A2")  # ... then becomes contested
    assert "Des Moines" not in retreat_targets(s, table.data, act, s.unit("Infantry A2"))
    act = table.activation("Swarm", "X")  # contested at the start: allowed
    assert "Des Moines" in retreat_targets(s, table.data, act, s.unit("Infantry A2"))
    drive(retreat_unit(s, table.ctx(), act, s.unit("Infantry A2"), acting=False),
          answers=["Des Moines"])
    assert table.where("Infantry A2") == "Des Moines" and s.unit("Infantry A2").no_combat
    table.place("Des Moines", "Ant X1")
    events, _ = fight(table, "Des Moines", "Swarm", "X", [1] * 6, act=act)
    assert s.unit("Infantry A2").no_combat and not s.unit("Infantry A2").reduced
    assert any("vs Human 1 unit" in e.message for e in events)


@pytest.mark.rule("GIN-RETR-08")
def test_an_undestroyed_fort_is_always_enemy_to_the_swarm(table):
    s = table.place("Des Moines", "Ant X1")
    assert is_enemy_city(s, "Chicago", "Swarm") and not is_enemy_city(s, "Chicago", "Human")
    targets = retreat_targets(s, table.data, table.activation("Human", "A"), s.unit("Ant X1"))
    assert "Chicago" not in targets and "St Louis" not in targets and "Minneapolis" in targets


@pytest.mark.rule("GIN-RETR-09")
def test_retreating_into_a_full_city_displaces_a_unit_already_there(table):
    s = table.place("Chicago", "Infantry A1", "Tank A1", "Infantry B1")  # Fort 3 + 3 = 6
    table.place("Minneapolis", "Infantry A2")
    act = table.activation("Swarm", "X")
    drive(retreat_unit(s, table.ctx(), act, s.unit("Infantry A2"), acting=False),
          answers=["Chicago", "Tank A1 -> Cincinnati"])
    assert table.where("Infantry A2") == "Chicago" and table.where("Tank A1") == "Cincinnati"
    assert s.stack("Chicago", "Human") == 6


@pytest.mark.rule("GIN-RETR-10")
def test_surrounded_units_take_an_extra_hit_and_retreat_through_the_enemy(table):
    s = table.place("Syracuse", "Infantry A1")  # every road out of Syracuse leads to the Swarm
    table.place("Scranton", "Ant X1")
    table.place("Buffalo", "Ant X2")
    table.place("Burlington", "Ant Y1")
    act = table.activation("Swarm", "X")
    drive(retreat_unit(s, table.ctx(), act, s.unit("Infantry A1"), acting=False),
          answers=["Buffalo", "Pittsburgh"])
    assert s.unit("Infantry A1").reduced and table.where("Infantry A1") == "Pittsburgh"


@pytest.mark.rule("GIN-RETR-03", "GIN-RETR-10")
def test_acting_units_return_whence_they_came_even_through_an_enemy_there(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    table.place("Des Moines", "Tank A2")  # Des Moines became enemy
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 0, True  # the way on
    drive(retreat_unit(s, table.ctx(), table.activation("Swarm", "X"), s.unit("Ant X1"),
                       acting=True))
    assert s.unit("Ant X1").reduced and table.where("Ant X1") == "St Louis"


@pytest.mark.rule("GIN-OVRN-01", "GIN-OVRN-02", "GIN-OVRN-03")
def test_five_against_one_overruns_without_dice_and_advances_into_a_new_battle(table):
    s = table.place("Minneapolis", "Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1",
                    "Infantry A1")
    table.place("Des Moines", "Tank A2")
    events, act = fight(table, "Minneapolis", "Swarm", "X", [], answers=["Des Moines"])
    assert table.where("Infantry A1") == "eliminated"
    assert not any(s.unit(u).reduced for u in ("Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1"))
    assert all(table.where(u) == "Des Moines" for u in ("Ant X1", "Ant Y2", "Ant Z1"))
    assert act.pending == ["Des Moines"]
    assert any(e.rule == "Ginormopod: Combat (Overrun)" for e in events)


@pytest.mark.rule("GIN-OVRN-04")
def test_a_unit_makes_the_overrun_advance_only_once_per_turn(table):
    table.place("Minneapolis", "Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1",
                "Infantry A1")
    table.place("Des Moines", "Tank A2")
    events, act = fight(table, "Minneapolis", "Swarm", "X", [], answers=["Des Moines"])
    events, _ = fight(table, "Des Moines", "Swarm", "X", [], act=act)
    assert table.where("Tank A2") == "eliminated"
    assert "overrun_advance" not in decisions(events)


@pytest.mark.rule("GIN-OVRN-01")
def test_an_undestroyed_fort_cannot_be_overrun(table):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1")
    # Fort strength 3 -> 3 dice at 5+, then five Ants roll two dice each
    events, _ = fight(table, "Chicago", "Swarm", "X", [1, 1, 1] + [1] * 10)
    assert not any(e.kind == "overrun" for e in events)
    assert s.forts["Chicago"].strength == 3

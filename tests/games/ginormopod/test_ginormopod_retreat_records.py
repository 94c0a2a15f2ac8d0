"""Retreat, each clause in a position where nothing else gives the same result: who decides, what
they may choose (a displacement's Cities exactly), and what the log records for every event (kind,
rule, catalogue ids, the data the explorer reads, and the provenance of each assumed reading)."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.provenance import ACTING_DID_NOT_MOVE, NOWHERE_TO_RETREAT
from rules_lib.games.ginormopod.retreat import R_FORT, R_RETREAT, do_retreat, retreat_unit

from .recording import Recorder

OWNER_CHOOSES = ("default reading of GIN-AMB-06: the owner retreats the unit one road, to a City "
                 "of his choice")
WINNER_CHOOSES = "variant of GIN-AMB-06: the winner chooses where the loser retreats, one road"


def run(table, proc, answers=()):
    """Drive a retreat procedure: (the events but decisions, as records; the decisions asked)."""
    policy = Recorder(answers)
    events = drive(proc, policy=policy)
    records = [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]
    asked = [(d.player, d.kind, d.options, d.rule, d.data, d.ids, d.assumed)
             for d in policy.asked]
    return records, asked


def retreat(table, uid, acting=False, variants=(), answers=(), act_side="Swarm", formation="X"):
    s = table.state
    act = table.activation(act_side, formation)
    return run(table, retreat_unit(s, table.ctx([], variants), act, s.unit(uid), acting), answers)


@pytest.mark.rule("GIN-NG-05")
def test_a_guard_cannot_retreat_it_is_eliminated_with_the_rule_on_the_log(table):
    table.guard("Syracuse", "Guard 1", armed=True, revealed=True)
    records, asked = retreat(table, "Guard 1")
    assert asked == [] and table.where("Guard 1") == "eliminated"
    assert records == [("retreat", R_RETREAT, ("GIN-NG-05",), {"unit": "Guard 1"}, "")]


@pytest.mark.rule("GIN-RETR-04", "GIN-AMB-06")
def test_a_non_acting_unit_s_owner_chooses_one_road_even_if_it_came_from_elsewhere(table):
    s = table.place("Minneapolis", "Infantry A2")
    s.unit("Infantry A2").came_from = "Chicago"  # moved there earlier: not acting now
    records, asked = retreat(table, "Infantry A2", answers=["Des Moines"])
    assert asked == [("Human", "retreat", ["Des Moines", "Chicago"], R_RETREAT,
                      {"unit": "Infantry A2", "from": "Minneapolis"},
                      ("GIN-RETR-04", "GIN-AMB-06"), OWNER_CHOOSES)]
    assert records == [("retreat", R_RETREAT, ("GIN-RETR-04", "GIN-AMB-06"),
                        {"unit": "Infantry A2", "from": "Minneapolis", "to": "Des Moines"},
                        OWNER_CHOOSES)]
    assert table.where("Infantry A2") == "Des Moines"


@pytest.mark.rule("GIN-RETR-04", "GIN-AMB-06")
def test_under_the_variant_the_winner_chooses_and_the_log_says_so(table):
    table.place("Minneapolis", "Infantry A2")
    records, asked = retreat(table, "Infantry A2", variants=["retreat_chosen_by_enemy"],
                             answers=["Chicago"])
    assert asked == [("Swarm", "retreat", ["Des Moines", "Chicago"], R_RETREAT,
                      {"unit": "Infantry A2", "from": "Minneapolis"},
                      ("GIN-RETR-04", "GIN-AMB-06"), WINNER_CHOOSES)]
    assert records == [("retreat", R_RETREAT, ("GIN-RETR-04", "GIN-AMB-06"),
                        {"unit": "Infantry A2", "from": "Minneapolis", "to": "Chicago"},
                        WINNER_CHOOSES)]


@pytest.mark.rule("GIN-RETR-03", "GIN-AMB-06")
def test_an_acting_unit_that_did_not_move_retreats_like_a_non_acting_one(table):
    table.place("Minneapolis", "Infantry A2")
    records, asked = retreat(table, "Infantry A2", acting=True, answers=["Des Moines"],
                             act_side="Human", formation="A")
    assert [a[:3] + a[5:] for a in asked] == [
        ("Human", "retreat", ["Des Moines", "Chicago"], ("GIN-RETR-04", "GIN-AMB-06"),
         ACTING_DID_NOT_MOVE)]
    assert records[-1][2:] == (("GIN-RETR-04", "GIN-AMB-06"),
                               {"unit": "Infantry A2", "from": "Minneapolis", "to": "Des Moines"},
                               ACTING_DID_NOT_MOVE)


@pytest.mark.rule("GIN-RETR-03")
def test_an_acting_unit_goes_back_where_it_came_from_without_a_choice_even_under_the_variant(
        table):
    s = table.place("Minneapolis", "Infantry A2")
    s.unit("Infantry A2").came_from = "Des Moines"
    records, asked = retreat(table, "Infantry A2", acting=True, act_side="Human", formation="A",
                             variants=["retreat_chosen_by_enemy"])
    assert asked == [] and table.where("Infantry A2") == "Des Moines"
    assert records == [("retreat", R_RETREAT, ("GIN-RETR-03",),
                        {"unit": "Infantry A2", "from": "Minneapolis", "to": "Des Moines"}, "")]


@pytest.mark.rule("GIN-RETR-06", "GIN-RETR-07")
def test_a_retreat_into_a_contested_city_cites_both_rules(table):
    s = table.place("Minneapolis", "Infantry A2")
    table.place("Des Moines", "Ant Y1", "Tank A2")  # contested when the Activation begins
    records, asked = retreat(table, "Infantry A2", answers=["Des Moines"])
    assert asked[0][2] == ["Des Moines", "Chicago"]
    assert records == [("retreat", R_RETREAT,
                        ("GIN-RETR-04", "GIN-AMB-06", "GIN-RETR-06", "GIN-RETR-07"),
                        {"unit": "Infantry A2", "from": "Minneapolis", "to": "Des Moines"},
                        OWNER_CHOOSES)]
    assert s.unit("Infantry A2").no_combat


@pytest.mark.rule("GIN-RETR-09", "GIN-STACK-01")
def test_displacement_offers_each_unit_every_city_with_room_and_no_enemy(table):
    s = table.place("Chicago", "Infantry A1", "Tank A1", "Infantry B1")  # Fort 3 + 3: full
    table.place("Minneapolis", "Infantry A2")  # retreats; Des Moines is the Swarm's
    table.place("Des Moines", "Ant Y1")
    table.place("Buffalo", "Ant X1")  # room, but enemy: no
    table.place("Cincinnati", "Infantry C1", "Infantry C2", "Infantry C3", "Infantry C4",
                "Tank C1", "Tank C2")  # no enemy, but full: no
    table.place("St Louis", "Ant Z1")  # a Fort with room, but the Swarm is there: no
    records, asked = retreat(table, "Infantry A2", answers=["Tank A1 -> Minneapolis"])
    assert asked == [("Human", "displace", ["Infantry A1 -> Minneapolis", "Tank A1 -> Minneapolis",
                                            "Infantry B1 -> Minneapolis"], R_RETREAT,
                      {"city": "Chicago"}, ("GIN-RETR-09",), "")]  # no choice of where to retreat
    assert records == [
        ("retreat", R_RETREAT, ("GIN-RETR-09",), {"unit": "Tank A1", "to": "Minneapolis"}, ""),
        ("retreat", R_RETREAT, ("GIN-RETR-04", "GIN-AMB-06"),
         {"unit": "Infantry A2", "from": "Minneapolis", "to": "Chicago"}, OWNER_CHOOSES)]
    assert table.where("Tank A1") == "Minneapolis" and s.stack("Chicago", "Human") == 6


@pytest.mark.rule("GIN-RETR-09", "GIN-FENCE-01")
def test_a_displaced_swarm_unit_obeys_the_fusion_fence(table):
    s = table.state
    s.forts["Memphis"].strength, s.forts["Memphis"].destroyed = 0, True  # alone: Fence still shut
    full = ("Ant X1", "Ant X2", "Spider X1", "Worm X1", "Ant Y1", "Ant Y2")
    table.place("Memphis", *full)
    table.place("Shreveport", "Ant Z1")  # Jackson and New Orleans are intact Forts: enemy
    records, asked = retreat(table, "Ant Z1", act_side="Human", formation="A",
                             answers=["Worm X1 -> Shreveport"])
    # not east to Birmingham or Nashville (the Fence), not into the Forts of Jackson or St Louis
    assert asked == [("Swarm", "displace", [f"{u} -> Shreveport" for u in full], R_RETREAT,
                      {"city": "Memphis"}, ("GIN-RETR-09",), "")]
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-09",),
                          {"unit": "Worm X1", "to": "Shreveport"}, "")
    assert table.where("Ant Z1") == "Memphis" and table.where("Worm X1") == "Shreveport"


@pytest.mark.rule("GIN-RETR-10", "GIN-AMB-06")
@pytest.mark.parametrize("variants,chooser", [((), "Human"),
                                              (("retreat_chosen_by_enemy",), "Swarm")])
def test_a_surrounded_unit_takes_a_hit_then_the_chooser_picks_the_enemy_city(table, variants,
                                                                              chooser):
    s = table.place("Syracuse", "Infantry A1")  # every road out of Syracuse leads to the Swarm
    table.place("Scranton", "Ant X1")
    table.place("Buffalo", "Ant X2")
    table.place("Burlington", "Ant Y1")
    records, asked = retreat(table, "Infantry A1", variants=variants,
                             answers=["Buffalo", "Pittsburgh"])
    assert asked[0] == (chooser, "retreat", ["Scranton", "Buffalo", "Burlington"], R_RETREAT,
                        {"unit": "Infantry A1", "from": "Syracuse"}, ("GIN-RETR-10",), "")
    assert asked[1][:2] == (chooser, "retreat") and asked[1][4] == {"unit": "Infantry A1",
                                                                     "from": "Buffalo"}
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-10",), {"unit": "Infantry A1"}, "")
    assert records[1][0] == "hit" and records[1][3] == {"unit": "Infantry A1",
                                                        "result": "reduced"}
    assert records[2] == ("retreat", R_RETREAT, ("GIN-RETR-10",),
                          {"unit": "Infantry A1", "to": "Buffalo"}, "")
    assert records[3][3] == {"unit": "Infantry A1", "from": "Buffalo", "to": "Pittsburgh"}
    assert s.unit("Infantry A1").reduced and table.where("Infantry A1") == "Pittsburgh"


@pytest.mark.rule("GIN-RETR-03", "GIN-RETR-10")
def test_an_acting_unit_goes_back_through_its_one_enemy_city_without_a_choice(table):
    s = table.place("Minneapolis", "Ant X1")
    s.unit("Ant X1").came_from = "Des Moines"
    table.place("Des Moines", "Tank A2")  # Des Moines became enemy
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 0, True  # the way on
    records, asked = retreat(table, "Ant X1", acting=True, answers=["St Louis"])
    # no choice of the one enemy City to pass; then the owner's choice beyond it
    assert [(a[0], a[4], a[5]) for a in asked] == [
        ("Swarm", {"unit": "Ant X1", "from": "Des Moines"}, ("GIN-RETR-04", "GIN-AMB-06"))]
    assert [r[2] for r in records] == [("GIN-RETR-10",), ("GIN-OVER-05", "GIN-HITS-01"),
                                       ("GIN-RETR-10",), ("GIN-RETR-04", "GIN-AMB-06")]
    assert records[2][3] == {"unit": "Ant X1", "to": "Des Moines"}
    assert table.where("Ant X1") == "St Louis" and s.unit("Ant X1").reduced


@pytest.mark.rule("GIN-RETR-10")
def test_a_unit_a_second_hit_eliminates_while_passing_the_enemy_goes_no_further(table):
    s = table.place("Minneapolis", "Ant X1", reduced=True)
    s.unit("Ant X1").came_from = "Des Moines"
    table.place("Des Moines", "Tank A2")
    records, asked = retreat(table, "Ant X1", acting=True)
    assert asked == [] and table.where("Ant X1") == "track"
    assert [r[0] for r in records] == ["retreat", "hit"]


@pytest.mark.rule("GIN-RETR-10")
def test_a_unit_with_no_city_to_reach_even_through_the_enemy_is_eliminated(table):
    s = table.place("Chicago", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1", "Ant Z2", "Spider X1")
    table.place("Minneapolis", "Ant X1")  # came from Chicago: an intact Fort, full of the Swarm
    s.unit("Ant X1").came_from = "Chicago"
    records, asked = retreat(table, "Ant X1", acting=True, act_side="Swarm")
    assert asked == [] and table.where("Ant X1") == "track"
    assert records == [("retreat", R_RETREAT, ("GIN-RETR-10",), {"unit": "Ant X1"},
                        NOWHERE_TO_RETREAT)]


SUFFER = {"Swarm": 1, "Human": 2}
AMB_13_WHY = "default reading of GIN-AMB-13: the Fort's boxes count"


def loser_retreats(table, city, loser, uids, fort_city, answers=(), why="", suffer=SUFFER,
                   acting=False, tie=False):
    s = table.state
    act = table.activation("Swarm", "X")
    return run(table, do_retreat(s, table.ctx([]), act, city, loser, [s.unit(u) for u in uids],
                                 acting=acting, fort_city=fort_city, tie=tie, suffer=suffer,
                                 why=why), answers)


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-02", "GIN-AMB-13")
def test_with_only_the_fort_left_it_stays_under_the_fort_rule(table):
    table.place("Chicago", "Ant X1")
    table.state.unit("Infantry A1").pool = "eliminated"
    records, asked = loser_retreats(table, "Chicago", "Human", ["Infantry A1"], True,
                                    why=AMB_13_WHY)
    assert asked == []
    assert records == [("retreat", R_FORT, ("GIN-RETR-01", "GIN-AMB-13"), SUFFER, AMB_13_WHY)]


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-02")
def test_with_no_unit_left_nothing_retreats_and_the_hits_are_logged(table):
    records, asked = loser_retreats(table, "Des Moines", "Swarm", ["Ant X1"], False)
    assert asked == []
    assert records == [("retreat", R_RETREAT, ("GIN-RETR-01",), SUFFER, "")]


@pytest.mark.rule("GIN-FORT-04", "GIN-RETR-01")
def test_humans_in_a_fort_may_ignore_the_retreat(table):
    table.place("Chicago", "Infantry A1", "Ant X1")
    records, asked = loser_retreats(table, "Chicago", "Human", ["Infantry A1"], True,
                                    answers=["ignore"], why=AMB_13_WHY, tie=True, acting=True)
    assert asked == [("Human", "fort_retreat", ["ignore", "retreat"], R_FORT,
                      {"city": "Chicago"}, ("GIN-FORT-04",), "")]
    assert records == [("retreat", R_FORT, ("GIN-RETR-01", "GIN-FORT-04", "GIN-AMB-13"), SUFFER,
                        AMB_13_WHY)]
    assert table.where("Infantry A1") == "Chicago"


@pytest.mark.rule("GIN-FORT-04", "GIN-RETR-01")
def test_humans_in_a_fort_who_choose_to_retreat_retreat_each_unit(table):
    table.place("Chicago", "Infantry A1", "Infantry A2", "Ant X1")
    records, asked = loser_retreats(table, "Chicago", "Human", ["Infantry A1", "Infantry A2"],
                                    True, answers=["retreat", "Minneapolis", "Minneapolis"])
    assert [a[1] for a in asked] == ["fort_retreat", "retreat", "retreat"]
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-01", "GIN-FORT-04"), SUFFER, "")
    assert table.where("Infantry A1") == table.where("Infantry A2") == "Minneapolis"


@pytest.mark.rule("GIN-RETR-01")
def test_a_loser_outside_a_fort_retreats_every_unit_still_in_the_city(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2", "Infantry A1")
    s.unit("Ant X2").pool, s.unit("Ant X2").loc = "track", ""  # eliminated in the battle
    records, _ = loser_retreats(table, "Des Moines", "Swarm", ["Ant X1", "Ant X2"], False,
                                    suffer=None, answers=["Minneapolis"])
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-01",), {}, "")
    assert [r[3]["unit"] for r in records[1:]] == ["Ant X1"]
    assert table.where("Ant X1") == "Minneapolis" and table.where("Ant X2") == "track"


@pytest.mark.rule("GIN-RETR-04", "GIN-FENCE-01")
def test_a_swarm_unit_retreats_only_along_roads_the_fusion_fence_leaves_open(table):
    s = table.state
    s.forts["Memphis"].strength, s.forts["Memphis"].destroyed = 0, True  # alone: Fence still shut
    table.place("Memphis", "Ant X1")  # Birmingham and Nashville lie east, past the Fence
    _, asked = retreat(table, "Ant X1", act_side="Human", formation="A")
    assert asked == [] and table.where("Ant X1") == "Shreveport"  # St Louis, Jackson: Forts


@pytest.mark.rule("GIN-RETR-10", "GIN-FENCE-01")
def test_a_surrounded_swarm_unit_passes_no_enemy_city_past_the_fusion_fence(table):
    s = table.state
    s.forts["Memphis"].strength, s.forts["Memphis"].destroyed = 0, True
    table.place("Memphis", "Ant X1")
    table.place("Shreveport", "Infantry A1")
    table.place("Birmingham", "Infantry A2")  # enemy and with room, but past the Fence
    _, asked = retreat(table, "Ant X1", act_side="Human", formation="A",
                             answers=["Shreveport", "Memphis"])
    assert asked[0][1:3] == ("retreat", ["Shreveport", "St Louis", "Jackson"])
    assert asked[0][0] == "Swarm" and asked[0][5] == ("GIN-RETR-10",)
    table.place("Memphis", "Ant X2")
    _, asked = retreat(table, "Ant X2", act_side="Human", formation="A",
                             variants=["retreat_chosen_by_enemy"])
    assert asked[0][:3] == ("Human", "retreat", ["Shreveport", "St Louis", "Jackson"])  # winner picks


@pytest.mark.rule("GIN-RETR-05", "GIN-RETR-06", "GIN-AMB-06")
def test_a_swarm_unit_may_not_retreat_into_a_city_that_was_human_when_the_activation_began(
        table):
    s = table.place("Minneapolis", "Ant X1")
    table.place("Des Moines", "Tank A2")
    act = table.activation("Human", "A")
    table.place("Des Moines", "Ant Y1")  # contested now, but enemy when the Activation began
    records, asked = run(table, retreat_unit(s, table.ctx([]), act, s.unit("Ant X1"), False))
    # no City to retreat to: through the enemy (only the Fort of Chicago is enemy and has room),
    # then on to the one City open beyond it
    assert asked == [] and table.where("Ant X1") == "Minneapolis"
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-10",), {"unit": "Ant X1"}, "")
    assert records[2][3] == {"unit": "Ant X1", "to": "Chicago"}


@pytest.mark.rule("GIN-RETR-09", "GIN-STACK-01")
def test_a_full_city_none_of_whose_units_can_make_room_takes_no_retreat(table):
    s = table.place("Minneapolis", "Infantry A2", "Ant X1")  # the battle City: the winner is there
    table.place("Des Moines", "Infantry A1", "Infantry A3", "Infantry A4", "Infantry A5",
                "Tank A1", "Infantry B1")  # full; Minneapolis, Chicago, St Louis cannot take one
    table.place("Chicago", "Infantry B2", "Tank B1", "Tank B2")  # full, but Cincinnati has room
    table.place("St Louis", "Ant Y1")
    _, asked = retreat(table, "Infantry A2", answers=["Infantry B2 -> Cincinnati"])
    assert [a[1:3] for a in asked] == [("displace", [
        "Tank B1 -> Cincinnati", "Tank B1 -> Buffalo", "Infantry B2 -> Cincinnati",
        "Infantry B2 -> Buffalo", "Tank B2 -> Cincinnati", "Tank B2 -> Buffalo"])]
    assert table.where("Infantry A2") == "Chicago" and s.stack("Des Moines", "Human") == 6


@pytest.mark.rule("GIN-RETR-06", "GIN-RETR-09")
def test_displacement_from_a_contested_city_moves_only_the_retreating_side_s_units(table):
    s = table.place("Minneapolis", "Infantry A2")
    table.place("Des Moines", "Infantry A1", "Infantry A3", "Infantry A4", "Infantry A5",
                "Tank A1", "Infantry B1", "Ant Y1")  # contested when the Activation begins
    table.place("Chicago", "Ant X1")
    table.place("St Louis", "Ant X2")
    _, asked = retreat(table, "Infantry A2", answers=["Tank A1 -> Minneapolis"])
    assert asked[0][1:3] == ("displace", [f"{u} -> Minneapolis" for u in (
        "Infantry A1", "Tank A1", "Infantry A3", "Infantry A4", "Infantry A5", "Infantry B1")])
    assert table.where("Infantry A2") == "Des Moines" and s.unit("Infantry A2").no_combat


@pytest.mark.rule("GIN-RETR-01")
def test_a_retreat_asked_without_hits_or_reasons_logs_none(table):
    s = table.place("Des Moines", "Ant X1")
    table.place("Minneapolis", "Ant Y1", "Infantry B1")  # contested: open to the retreat
    act = table.activation("Human", "A")
    records, asked = run(table, do_retreat(s, table.ctx([]), act, "Des Moines", "Swarm",
                                           [s.unit("Ant X1")], acting=False, fort_city=False))
    assert asked == [] and table.where("Ant X1") == "Minneapolis"
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-01",), {}, "")


@pytest.mark.rule("GIN-RETR-05", "GIN-RETR-06")
def test_a_city_enemy_when_the_activation_began_is_passed_over_for_the_next(table):
    s = table.place("Minneapolis", "Infantry A2", "Ant X1")
    table.place("Des Moines", "Ant Y1")
    act = table.activation("Swarm", "X")
    table.place("Des Moines", "Tank A2")  # contested now; Chicago, next on the list, is open
    records, asked = run(table, retreat_unit(s, table.ctx([]), act, s.unit("Infantry A2"), False))
    assert asked == [] and table.where("Infantry A2") == "Chicago"
    assert records[0][2] == ("GIN-RETR-04", "GIN-AMB-06")


@pytest.mark.rule("GIN-RETR-05", "GIN-RETR-06")
def test_a_city_the_swarm_has_taken_during_the_activation_takes_its_retreats(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A2")
    table.place("Des Moines", "Tank A2")
    act = table.activation("Swarm", "X")  # Des Moines is enemy to the Swarm now ...
    s.unit("Tank A2").pool, s.unit("Tank A2").loc = "eliminated", ""
    table.place("Des Moines", "Ant Y1")  # ... and the Swarm's alone by the time of the Retreat
    records, asked = run(table, retreat_unit(s, table.ctx([]), act, s.unit("Ant X1"), False))
    assert asked == [] and table.where("Ant X1") == "Des Moines"  # (Chicago: a Fort)
    assert records[0][2] == ("GIN-RETR-04", "GIN-AMB-06")


@pytest.mark.rule("GIN-RETR-09", "GIN-STACK-01")
def test_a_displacement_with_one_unit_and_one_city_to_go_is_made_without_asking():
    from rules_lib.games.ginormopod.data import load_game_data

    from .conftest import Table

    table = Table(load_game_data({"map:forts.Jackson.strength": 5}))  # a designer's Fort
    s = table.place("Shreveport", "Infantry A2", "Ant X1")
    table.place("Memphis", "Ant X2")  # Fort Cities the Swarm holds: enemy at the start
    table.place("New Orleans", "Ant Y1")
    table.place("Jackson", "Infantry A1")  # 5 boxes + 1: full; only Birmingham can take one
    records, asked = retreat(table, "Infantry A2")
    assert asked == [] and table.where("Infantry A2") == "Jackson"
    assert records[0] == ("retreat", R_RETREAT, ("GIN-RETR-09",),
                          {"unit": "Infantry A1", "to": "Birmingham"}, "")
    assert s.stack("Jackson", "Human") == 6

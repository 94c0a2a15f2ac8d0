"""The sequence of play's steps, each in a position where nothing else gives the same result, with
what the log and the Decisions record (kind, rule, catalogue ids, data, provenance): the Fade In's
returning units and held chits, the chits drawn in the Action Phase, an Activation, the Fade Out's
held chits, the Allies' arrival and the turn's advance."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.provenance import ALLY_NO_ROOM, NO_TURN_LEFT, join, reason, whys
from rules_lib.games.ginormopod.turn import (
    AMB_02,
    AMB_09,
    AMB_10,
    NO_ACTIVATION_ON_DRAW,
    R_ALLY,
    R_FADE_IN,
    R_FADE_OUT,
    R_FLOW,
    action_phase,
    activate,
    advance_turn,
    allied_arrival,
    fade_in,
    hold_chits,
)

from .recording import Recorder

END = [f"...The End??? {i}" for i in (1, 2, 3)]


def run(proc, answers=()):
    policy = Recorder(answers)
    events = drive(proc, policy=policy)
    records = [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]
    asked = [(d.player, d.kind, d.options, d.rule, d.ids) for d in policy.asked]
    return records, asked


# -- Fade In -----------------------------------------------------------------------------------------

@pytest.mark.rule("GIN-FIN-01", "GIN-FIN-02", "GIN-MAP-06")
def test_a_returning_unit_goes_to_its_hive_and_the_log_cites_the_hive_s_provenance(
        table_factory):
    table = table_factory(turn=4)
    s = table.state
    s.unit("Ant Z1").pool = "returning"
    records, asked = run(fade_in(s, table.ctx()))
    why = whys(table.data).hives["Shreveport"]
    assert why and asked == [] and len(records) == 1
    assert records[0][:2] == ("move", R_FADE_IN)
    assert records[0][2][:3] == ("GIN-FIN-01", "GIN-FIN-02", "GIN-MAP-06")
    assert records[0][3:] == ({"unit": "Ant Z1", "to": "Shreveport", "hive": "Shreveport"}, why)
    u = s.unit("Ant Z1")
    assert (u.pool, u.loc, u.track_turn) == ("map", "Shreveport", 0)


@pytest.mark.rule("GIN-FIN-02", "GIN-FIN-03", "GIN-STACK-01")
def test_a_hive_takes_returning_units_only_up_to_the_stacking_limit(table_factory):
    table = table_factory(turn=4)
    s = table.place("Minneapolis", "Ant X2", "Spider X1", "Worm X1", "Ant Y1")  # 4 of 6
    for uid in ("Ant X1", "Ant Y2", "Ant Z1"):
        s.unit(uid).pool, s.unit(uid).formation = "returning", "X"
    records, _ = run(fade_in(s, table.ctx()))
    assert [table.where(u) for u in ("Ant X1", "Ant Y2")] == ["Minneapolis", "Minneapolis"]
    assert (s.unit("Ant Z1").pool, s.unit("Ant Z1").track_turn) == ("track", 5)
    assert records[2] == ("move", R_FADE_IN, ("GIN-FIN-03",), {"unit": "Ant Z1"}, "")


@pytest.mark.rule("GIN-FIN-03")
@pytest.mark.parametrize("turn,pool", [(9, "track"), (10, "eliminated")])
def test_a_unit_that_cannot_return_on_the_last_turn_leaves_the_game(table_factory, turn, pool):
    table = table_factory(turn=turn)
    s = table.place("Minneapolis", "Infantry A1")  # a Human unit in the X Hive
    s.unit("Ant X1").pool = "returning"
    records, _ = run(fade_in(s, table.ctx()))
    u = s.unit("Ant X1")
    assert u.pool == pool and u.track_turn == (10 if pool == "track" else 0)
    if pool == "eliminated":
        assert records == [("info", R_FADE_IN, ("GIN-FIN-03",), {"unit": "Ant X1"},
                            NO_TURN_LEFT)]


@pytest.mark.rule("GIN-FIN-04", "GIN-FIN-05", "GIN-AMB-09")
@pytest.mark.parametrize("variants,in_cup", [((), False), (("held_chit_returns_to_cup",), True)])
def test_a_held_chit_activates_and_stays_out_of_the_cup_unless_the_variant(table_factory,
                                                                          variants, in_cup):
    table = table_factory(turn=3)
    s = table.state
    s.held = {"Swarm": "", "Human": "Human C"}
    s.cup = ["Human A"]
    records, _ = run(fade_in(s, table.ctx(variants=variants)))
    held = records[0]
    assert held[:2] == ("step", R_FADE_IN) and held[3] == {"chit": "Human C"}
    assert held[2][0] == "GIN-FIN-05" and "GIN-AMB-09" in held[2]
    if in_cup:
        assert s.cup == ["Human A", "Human C"] and "Human C" not in s.drawn
        assert held[4].startswith("variant of GIN-AMB-09")
    else:
        assert s.cup == ["Human A"] and s.drawn == ["Human C"] and held[4] == AMB_09
    assert records[1] == ("step", R_FLOW, ("GIN-FLOW-05", "GIN-MOVE-04", "GIN-OVER-06"),
                          {"formation": "C"}, "")


# -- the Action Phase's draws ------------------------------------------------------------------------

@pytest.mark.rule("GIN-FLOW-04", "GIN-FLOW-06", "GIN-FLOW-07", "GIN-FX-01", "GIN-AMB-01")
def test_each_kind_of_chit_drawn_is_logged_with_its_rule(table):
    s = table.state
    why = whys(table.data)
    s.cup = ["Drone", END[0], END[1], END[2]]
    # the die picks the chit: 1 of 4, then 1 of 3 ...
    records, _ = run(action_phase(s, table.ctx([1, 1, 1])))
    assert records[0] == ("chit", "Ginormopod: FX", records[0][2], {"chit": "Drone"},
                          why.chits["Drone"])
    assert records[0][2][:2] == ("GIN-FLOW-06", "GIN-FX-01") and s.fx_hand["Human"] == ["Drone"]
    assert records[1] == ("chit", R_FLOW, ("GIN-FLOW-07", "GIN-AMB-01"), {"chit": END[0]},
                          why.end)
    assert s.end_track == 3 and s.cup == [] and s.drawn == ["Drone", *END]


@pytest.mark.rule("GIN-FLOW-04", "GIN-FLOW-07")
def test_the_phase_ends_at_the_third_end_chit_with_chits_left_in_the_cup(table):
    s = table.state
    s.cup = [END[0], END[1], END[2], "Wasp"]
    run(action_phase(s, table.ctx([1, 1, 1])))  # the last draw of one chit needs no die
    assert s.cup == ["Wasp"] and s.end_track == 3


@pytest.mark.rule("GIN-FLOW-04", "GIN-FLOW-05")
def test_the_die_picks_which_chit_is_drawn(table):
    s = table.state
    s.cup = ["Wasp", END[0], "Drone", END[1], END[2]]
    run(action_phase(s, table.ctx([3, 2, 1, 1])))
    assert s.drawn == ["Drone", END[0], "Wasp", END[1], END[2]]


@pytest.mark.rule("GIN-ALLY-02", "GIN-AMB-16")
@pytest.mark.parametrize("variants", [(), ("allied_chit_activates_on_draw",)])
def test_the_first_foreign_chit_is_logged_with_the_reading_of_its_draw(table_factory, variants):
    table = table_factory(turn=6)
    s = table.state
    s.cup = ["French", "Canadian Kingdom", *END]
    records, _ = run(action_phase(s, table.ctx([1, 1, 1, 1], variants)))
    first, *rest = records
    assert first[:4] == ("chit", R_ALLY, ("GIN-ALLY-02", "GIN-AMB-16"), {"chit": "French"})
    if variants:
        assert first[4].startswith("variant of GIN-AMB-16")
        assert rest[0][3] == {"formation": "French"}  # it activates at once
    else:
        assert first[4] == NO_ACTIVATION_ON_DRAW
        assert rest[0] == ("chit", R_ALLY, ("GIN-ALLY-02",), {"chit": "Canadian Kingdom"}, "")
    assert s.allied_arriving == "French"


@pytest.mark.rule("GIN-FLOW-04", "GIN-FLOW-05")
def test_an_activation_chit_is_logged_and_activates_its_formation_once(table):
    s = table.state
    s.cup = ["Human B", *END]
    records, _ = run(action_phase(s, table.ctx([1, 1, 1])))
    assert records[0] == ("chit", R_FLOW, ("GIN-FLOW-04", "GIN-FLOW-05"), {"chit": "Human B"},
                          "")
    assert s.activated == ["B"] and s.stats["activations"] == 1
    run(activate(s, table.ctx(), "Human", "B", "Human B"))
    assert s.activated == ["B"] and s.stats["activations"] == 2


@pytest.mark.rule("GIN-COMB-01")
def test_the_acting_side_is_asked_the_order_of_its_combats(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    table.place("Des Moines", "Ant X2", "Infantry A2")
    _, asked = run(activate(s, table.ctx([1] * 8), "Swarm", "X", "Swarm X"),
                   answers=["stay", "stay", "Des Moines"])
    order = [a for a in asked if a[1] == "combat_order"]
    assert order == [("Swarm", "combat_order", ["Des Moines", "Minneapolis"],
                      "Ginormopod: Combat", ("GIN-COMB-01",))]


# -- the Fade Out --------------------------------------------------------------------------------------

@pytest.mark.rule("GIN-FOUT-02", "GIN-FOUT-03")
def test_holding_a_chit_asks_each_side_and_logs_the_chit_kept(table):
    s = table.state
    s.activated = ["X"]
    s.cup = ["Human B", "Swarm Y", "French"]  # a foreign chit not (yet) the rescuer: not offered
    s.drawn, s.end_track = ["Swarm X", *END], 3
    records, asked = run(hold_chits(s, table.ctx()), answers=["Swarm Y", "none"])
    assert asked == [("Swarm", "hold_chit", ["none", "Swarm Y"], R_FADE_OUT, ("GIN-FOUT-02",)),
                     ("Human", "hold_chit", ["none", "Human B"], R_FADE_OUT, ("GIN-FOUT-02",))]
    assert records[0] == ("chit", R_FADE_OUT, ("GIN-FOUT-02",), {"chit": "Swarm Y"},
                          whys(table.data).chit("Swarm Y"))
    assert records[1] == ("chit", R_FADE_OUT, ("GIN-FOUT-03",), {}, "")
    assert s.held == {"Swarm": "Swarm Y", "Human": ""} and s.end_track == 0 and s.drawn == []
    assert s.cup == sorted(["Human B", "French", "Swarm X", *END])


@pytest.mark.rule("GIN-FOUT-02", "GIN-AMB-10")
@pytest.mark.parametrize("variants", [(), ("hold_without_activation",)])
def test_with_no_activation_nobody_holds_a_chit_unless_the_variant(table, variants):
    s = table.state
    s.cup, s.allied = ["Human B", "French"], "French"  # the rescuer's chit may be held
    records, asked = run(hold_chits(s, table.ctx(variants=variants)), answers=["French"])
    if variants:
        assert asked == [("Human", "hold_chit", ["none", "Human B", "French"], R_FADE_OUT,
                          ("GIN-FOUT-02",))]
        assert records[0] == ("info", R_FADE_OUT, ("GIN-FOUT-02",), {}, "")  # no Swarm chit
        assert records[1][:4] == ("chit", R_FADE_OUT, ("GIN-FOUT-02", "GIN-AMB-10"),
                                  {"chit": "French"})
        assert records[1][4].startswith("variant of GIN-AMB-10")
    else:
        assert asked == []
        assert records[0] == ("info", R_FADE_OUT, ("GIN-FOUT-02", "GIN-AMB-10"), {}, AMB_10)


@pytest.mark.rule("GIN-ALLY-03", "GIN-ALLY-04", "GIN-MAP-07")
def test_the_rescuers_chits_join_the_cup_and_their_units_arrive_on_free_flags(table_factory):
    table = table_factory(turn=6)
    s = table.state
    s.allied_arriving, s.cup = "Latin Coalition", ["Human A"]
    table.place("New Orleans", "Ant X1")  # the Swarm holds one flag City
    table.place("Atlanta", "Infantry A1", "Infantry A2")  # 4 boxes + 2: full
    records, asked = run(allied_arrival(s, table.ctx()))
    assert s.allied == "Latin Coalition" and s.allied_arriving == ""
    assert s.cup == ["Human A", "Latin Coalition FX"]
    assert records[0] == ("chit", R_ALLY, ("GIN-ALLY-03",), {"chit": "Latin Coalition"}, "")
    assert asked == []  # only Montgomery is free: no choice
    arrived = records[1]
    assert arrived[:4] == ("move", R_ALLY, ("GIN-ALLY-04", "GIN-MAP-07"),
                           {"unit": "Infantry LC1", "to": "Montgomery",
                            "flag": "Latin Coalition", "allied_units": "Latin Coalition"})
    flags, units = reason(table.data, "map", "flags"), reason(table.data, "units", "allied_units")
    assert flags and units  # the flags and the Allied units are the project's
    assert arrived[4] == join(flags, units)
    assert [table.where(u) for u in ("Infantry LC1", "Infantry LC2", "Tank LC1")] == [
        "Montgomery"] * 3


@pytest.mark.rule("GIN-ALLY-04", "GIN-STACK-01")
def test_an_allied_unit_with_no_free_flag_stays_off_the_map(table_factory):
    table = table_factory(turn=6)
    s = table.state
    s.allied_arriving = "Latin Coalition"
    table.place("New Orleans", "Ant X1")
    table.place("Atlanta", "Infantry A1", "Infantry A2")
    table.place("Montgomery", "Infantry C1", "Infantry C2", "Infantry C3", "Infantry C4",
                "Tank C1")  # 5 of 6: room for one
    records, _ = run(allied_arrival(s, table.ctx()))
    assert table.where("Infantry LC1") == "Montgomery"
    assert table.where("Infantry LC2") == table.where("Tank LC1") == "unplaced"
    assert records[2] == ("info", R_ALLY, ("GIN-ALLY-04",),
                          {"unit": "Infantry LC2", "allied_units": "Latin Coalition"},
                          join(ALLY_NO_ROOM, reason(table.data, "units", "allied_units")))


@pytest.mark.rule("GIN-ALLY-04", "GIN-MAP-07")
def test_the_humans_choose_among_free_flag_cities(table_factory):
    table = table_factory(turn=6)
    s = table.state
    s.allied_arriving = "French"
    table.place("New York City", "Ant X1")
    _, asked = run(allied_arrival(s, table.ctx()), answers=["Raleigh", "Richmond", "Raleigh"])
    assert asked[0] == ("Human", "place_ally", ["Richmond", "Raleigh"], R_ALLY,
                        ("GIN-ALLY-04", "GIN-MAP-07"))
    assert [table.where(u) for u in ("Infantry F1", "Infantry F2", "Tank F1")] == [
        "Raleigh", "Richmond", "Raleigh"]


@pytest.mark.rule("GIN-FOUT-01", "GIN-FOUT-04", "GIN-FOUT-05", "GIN-HITS-03", "GIN-AMB-02")
def test_the_turn_advance_hands_back_units_adds_chits_and_clears_the_turn_s_marks(table_factory):
    table = table_factory(turn=1)
    s = table.state
    s.unit("Ant X1").pool, s.unit("Ant X1").track_turn = "track", 2
    s.unit("Ant X2").pool, s.unit("Ant X2").track_turn = "track", 3
    s.turn_chits = {"2": ["Nuclear"], "6": ["French"]}
    s.fx_hand, s.fx_used, s.activated = {"Swarm": ["Wasp"], "Human": []}, ["Drone"], ["X"]
    table.place("Minneapolis", "Ant Y1")
    s.unit("Ant Y1").advanced = s.unit("Ant Y1").halted = True
    records, _ = run(advance_turn(s, table.ctx()))
    assert records == [
        ("info", R_FADE_OUT, ("GIN-FOUT-01",), {"turn": 2}, ""),
        ("info", R_FADE_OUT, ("GIN-FOUT-04", "GIN-HITS-03"), {"units": ["Ant X1"]}, ""),
        ("chit", R_FADE_OUT, ("GIN-SETUP-08", "GIN-AMB-02"), {}, AMB_02)]
    assert s.unit("Ant X1").pool == "returning" and s.unit("Ant X2").pool == "track"
    assert "Nuclear" in s.cup and s.turn_chits == {"6": ["French"]}
    assert s.fx_hand == {"Swarm": [], "Human": []} and s.fx_used == [] and s.activated == []
    assert not s.unit("Ant Y1").advanced and not s.unit("Ant Y1").halted
    s.turn = 5
    records, _ = run(advance_turn(s, table.ctx()))
    assert records[-1] == ("chit", R_FADE_OUT, ("GIN-FOUT-05", "GIN-ALLY-01"), {}, "")


# -- the whole turn through the engine -------------------------------------------------------------

@pytest.mark.rule("GIN-FLOW-01", "GIN-FLOW-02", "GIN-FOUT-01")
def test_a_game_s_log_opens_each_turn_and_stamps_each_step_with_its_name():
    from rules_lib.games.ginormopod import new_game
    from rules_lib.games.ginormopod.turn import R_FADE_IN as FADE_IN
    g = new_game(seed=11)
    g.run_to_end()
    log = [e for e in g.log if e.phase != "Set-Up"]
    turn1 = [e for e in log if e.turn == 1]
    assert (turn1[0].kind, turn1[0].rule, turn1[0].data, turn1[0].ids) == (
        "turn", R_FLOW, {"turn": 1}, ("GIN-FLOW-01",))
    assert (turn1[1].kind, turn1[1].rule, turn1[1].ids) == ("phase", FADE_IN, ("GIN-FLOW-01",))
    assert (turn1[2].rule, turn1[2].ids) == (R_FLOW, ("GIN-FLOW-02",))  # skipped on Turn 1
    assert turn1[0].step == turn1[1].step == ""
    start = next(i for i, e in enumerate(log) if e.phase == "Fade Out")
    end = next(i for i, e in enumerate(log) if i > start and e.kind == "turn")
    out = [e.step for e in log[start:end] if e.step]
    assert list(dict.fromkeys(out)) == ["Chits", "Roll For Danger", "Check For Victory",
                                        "Advance the Game Turn"]
    for e in log:
        if e.kind == "step" and "formation" in e.data and e.phase == "Action":
            assert e.step == f"Activation {e.data['formation']}"
    turn2 = [e for e in log if e.turn == 2 and e.phase == "Fade In"]
    assert turn2[0].data == {"turn": 2}


@pytest.mark.rule("GIN-COMB-01", "GIN-AMB-07", "GIN-RETR-08")
def test_the_combats_of_an_activation_are_the_cities_of_its_units_with_the_enemy(table):
    from rules_lib.games.ginormopod.turn import combat_cities
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    table.place("Des Moines", "Ant X2")  # no enemy: no combat
    table.place("Chicago", "Spider X1")  # an intact Fort: enemy
    table.place("Syracuse", "Ant Y1", "Infantry A2")  # another Formation's battle
    act = table.activation("Swarm", "X")
    assert combat_cities(s, table.data, act) == ["Chicago", "Minneapolis"]
    assert combat_cities(s, table.data, act, acting=[s.unit("Ant X1")]) == ["Minneapolis"]
    hum = table.activation("Human", "A")
    assert combat_cities(s, table.data, hum) == ["Minneapolis", "Syracuse"]  # not Chicago


@pytest.mark.rule("GIN-FORT-08", "GIN-FORT-09", "GIN-FORT-10", "GIN-AMB-07")
def test_fort_orders_decide_whether_the_humans_of_a_fort_attack(table):
    from rules_lib.games.ginormopod.turn import combat_cities
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    table.place("St Louis", "Ant Y1")  # a Fort ordered to Barrage, no Human unit there
    table.place("New York City", "Infantry A2", "Ant Z1")
    act = table.activation("Human", "A")
    act.fort_orders.update({"Chicago": "none", "St Louis": "Barrage",
                            "New York City": "Withdrawal", "Washington DC": "Full Attack"})
    assert combat_cities(s, table.data, act) == ["St Louis"]
    s.unit("Infantry A1").came_from = "Des Moines"  # it moved in: it attacks
    assert combat_cities(s, table.data, act) == ["Chicago", "St Louis"]
    act.fort_orders["Chicago"] = "Full Attack"
    s.unit("Infantry A1").came_from = ""
    assert combat_cities(s, table.data, act) == ["Chicago", "St Louis"]


@pytest.mark.rule("GIN-FLOW-05", "GIN-MOVE-04")
def test_an_activation_clears_last_activation_s_marks_from_every_unit(table):
    s = table.place("Minneapolis", "Ant X1")
    table.place("Syracuse", "Infantry A1", "Tank A1", "Infantry B1")
    s.unit("Infantry A1").came_from = "Buffalo"
    s.unit("Tank A1").no_combat = True
    s.unit("Infantry B1").sortie_from = "Chicago"
    run(activate(s, table.ctx(), "Swarm", "Y", "Swarm Y"))
    for uid in ("Infantry A1", "Tank A1", "Infantry B1"):
        u = s.unit(uid)
        assert (u.came_from, u.no_combat, u.sortie_from) == ("", False, "")


@pytest.mark.rule("GIN-FLOW-04", "GIN-FLOW-05")
def test_a_drawn_activation_chit_moves_its_side_s_formation(table):
    s = table.place("Minneapolis", "Ant X1")
    s.cup = ["Swarm X", END[0]]  # two chits: the die picks
    _, asked = run(action_phase(s, table.ctx([1, 1])), answers=["stay"])
    assert asked[0][:2] == ("Swarm", "move")


@pytest.mark.rule("GIN-FOUT-04")
def test_a_unit_handed_back_has_left_the_time_tracker(table_factory):
    table = table_factory(turn=3)
    s = table.state
    s.unit("Ant X1").pool, s.unit("Ant X1").track_turn = "track", 4
    run(advance_turn(s, table.ctx()))
    assert (s.unit("Ant X1").pool, s.unit("Ant X1").track_turn) == ("returning", 0)

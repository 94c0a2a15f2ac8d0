"""The Marine Action Phase (§C-2-c, §I), event by event: which actions a Marine is offered, the
phase's questions (who answers, kind, options, rule) and its events checked whole (message, rule,
kind, catalogue IDs, assumption, data)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, IllegalChoice
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.actions import (
    has_action,
    legal_actions,
    marine_action,
    marine_action_phase,
    offered_actions,
)
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.state import MARINES

from .sv_helpers import ALPHA, DATA, dice, event_records, first_decision, run, table

C2C = "Space Vermin §C-2-c"


def asked(decision):
    return (decision.player, decision.kind, decision.options, decision.rule)


def offered(state, uid):
    return legal_actions(DATA, ALPHA, state, uid)


# -- the phase ------------------------------------------------------------------------------------


@pytest.mark.rule("SV-SEQ-02", "SV-SEQ-07")
def test_the_phase_opens_with_its_event_and_turns_every_counter_face_up():
    state = table({"Squad 1": 411, "HQ 1": 413, "Scout 1": 111}, turn=3)
    state.unit("Squad 1").acted = True
    state.phase, state.step = "Recovery", "x"
    proc = marine_action_phase(state, dice())
    opening = next(proc)
    assert event_records([opening]) == [("Turn 3: Marine Action Phase", C2C, "phase",
                                         ("SV-SEQ-02", "SV-SEQ-07"), "", {})]
    assert (state.phase, state.step) == ("Marine Action", "")
    assert asked(next(proc)) == (MARINES, "next_marine",
                                 ["Squad 1", "Scout 1", "HQ 1", act.END_PHASE], C2C)
    assert state.unit("Squad 1").acted is False


@pytest.mark.rule("SV-MACT-01")
def test_the_action_question_offers_the_legal_actions_and_no_action():
    state = table({"Squad 1": 411, "HQ 1": 413, "Scout 1": 111}, turn=3)
    proc = marine_action_phase(state, dice())
    first_decision(proc)
    assert asked(proc.send("Scout 1")) == (
        MARINES, "action", [act.FULL_MOVE, act.JUMP, act.RECON, act.NO_ACTION], "Space Vermin §I")


@pytest.mark.rule("SV-SEQ-07", "SV-MACT-01")
def test_no_action_turns_the_counter_and_the_marine_is_not_asked_again():
    state = table({"Squad 1": 411, "Scout 1": 111}, turn=3)
    proc = marine_action_phase(state, dice())
    first_decision(proc)
    proc.send("Scout 1")
    event = proc.send(act.NO_ACTION)
    assert event_records([event]) == [("Scout 1 takes no action", "Space Vermin §I", "info",
                                       ("SV-SEQ-07", "SV-MACT-01"), "", {"unit": "Scout 1"})]
    assert state.unit("Scout 1").acted
    assert next(proc).options == ["Squad 1", act.END_PHASE]


@pytest.mark.rule("SV-SEQ-07")
def test_the_phase_ends_when_no_marine_may_act_or_the_player_ends_it():
    state = table({"Squad 1": 411}, turn=3)
    events = run(marine_action_phase(state, dice()), answers=["Squad 1", act.NO_ACTION])
    assert [e.kind for e in events] == ["phase", "decision", "decision", "info"]
    state = table({"Squad 1": 411}, turn=3)
    events = run(marine_action_phase(state, dice()), answers=[act.END_PHASE])
    assert [e.kind for e in events] == ["phase", "decision"]
    assert not state.unit("Squad 1").acted


@pytest.mark.rule("SV-LZ-04")
def test_a_delayed_drop_is_offered_landing_only_with_no_way_to_skip():
    state = table({"HQ 1": 411}, turn=2)
    state.unit("Squad 1").status = "off_map"
    state.lz_delayed = ["Squad 1"]
    proc = marine_action_phase(state, dice(2))
    assert first_decision(proc).options == ["Squad 1", "HQ 1"]
    assert proc.send("Squad 1").options == [act.LAND]
    state = table({"HQ 1": 411}, turn=2)
    state.unit("Squad 1").status = "off_map"
    state.lz_delayed = ["Squad 1"]
    run(marine_action_phase(state, dice(2)), answers=["Squad 1", act.LAND, "412", act.END_PHASE])
    squad = state.unit("Squad 1")
    assert squad.hex == "412" and squad.acted and state.lz_delayed == []


@pytest.mark.rule("SV-MACT-01", "SV-MCOMB-06")
def test_full_fire_from_the_phase_fires_at_the_targets_found_when_offered():
    state = table({"Squad 1": 411, "Soldier #1": 413}, turn=3)
    events = run(marine_action_phase(state, dice(1, 1, 1, 1)),
                 answers=["Squad 1", act.FULL_FIRE, "Soldier #1"])
    fire = next(e for e in events if e.kind == "combat")
    assert fire.message.startswith("Squad 1 (standard) fires at Soldier #1 in 413: CF 4 ")
    assert state.unit("Squad 1").acted


# -- which actions are offered --------------------------------------------------------------------


@pytest.mark.rule("SV-MACT-01")
def test_a_marine_that_has_acted_is_offered_nothing():
    state = table({"Scout 1": 111})
    state.unit("Scout 1").acted = True
    assert offered(state, "Scout 1") == []
    assert not has_action(DATA, ALPHA, state, "Scout 1")


@pytest.mark.rule("SV-MMOV-01", "SV-JUMP-01", "SV-CF-01", "SV-RECON-01")
def test_a_scout_in_range_of_a_vermite_is_offered_move_jump_fire_and_recon():
    state = table({"Scout 1": 411, "Soldier #1": 416})
    assert offered(state, "Scout 1") == [act.FULL_MOVE, act.JUMP, act.FULL_FIRE,
                                         act.SHOOT_AND_SCOOT, act.RECON]


@pytest.mark.rule("SV-LZ-07", "SV-RALLY-01", "SV-REQ-01")
def test_a_marine_that_landed_this_turn_may_take_only_special_actions():
    state = table({"HQ 1": 411, "Squad 1": 412, "Scout 1": 413, "Logistics": 414,
                   "Soldier #1": 416}, turn=2)
    for uid in ("HQ 1", "Squad 1", "Scout 1", "Logistics"):
        state.unit(uid).landed_turn = 2
    state.unit("Squad 1").reduced = True
    assert offered(state, "HQ 1") == [act.RALLY, act.REQUEST]
    assert offered(state, "Scout 1") == [act.RECON]
    assert offered(state, "Squad 1") == []
    assert [has_action(DATA, ALPHA, state, u) for u in ("HQ 1", "Squad 1", "Scout 1", "Logistics")
            ] == [True, False, True, False]
    state.turn = 3
    assert offered(state, "Squad 1")[0] == act.FULL_MOVE
    assert has_action(DATA, ALPHA, state, "Logistics")


@pytest.mark.rule("SV-REQ-01")
def test_an_hq_may_request_only_while_a_marine_is_in_the_pool():
    state = table({"HQ 1": 411})
    assert act.REQUEST in offered(state, "HQ 1")
    for u in state.units:
        if u.is_marine and u.status == "pool":
            u.status = "removed"
    state.unit("Soldier #1").status = "pool"
    assert act.REQUEST not in offered(state, "HQ 1")


@pytest.mark.rule("SV-ANT-01", "SV-ANT-02")
def test_the_ant_gun_moves_limbered_and_fires_or_limbers_unlimbered():
    state = table({"A.N.T. Gun": 411, "Soldier #1": 413})
    assert offered(state, "A.N.T. Gun") == [act.FULL_MOVE, act.UNLIMBER]
    state.unit("A.N.T. Gun").limbered = False
    assert offered(state, "A.N.T. Gun") == [act.FULL_FIRE, act.LIMBER]
    state = table({"A.N.T. Gun": 411})
    state.unit("A.N.T. Gun").limbered = False
    assert offered(state, "A.N.T. Gun") == [act.LIMBER]
    assert has_action(DATA, ALPHA, state, "A.N.T. Gun")


@pytest.mark.rule("SV-ENTRY-01", "SV-LZ-04")
def test_off_the_map_a_marine_may_enter_when_due_or_land_when_delayed():
    state = table({}, turn=2)
    squad = state.unit("Squad 1")
    squad.status, squad.arrival_turn = "off_map", 2
    assert offered(state, "Squad 1") == [act.ENTER]
    assert has_action(DATA, ALPHA, state, "Squad 1")
    squad.arrival_turn = 3
    assert offered(state, "Squad 1") == []
    assert not has_action(DATA, ALPHA, state, "Squad 1")
    state.lz_delayed = ["Squad 1"]
    assert offered(state, "Squad 1") == [act.LAND]
    assert has_action(DATA, ALPHA, state, "Squad 1")


@pytest.mark.rule("SV-CF-01")
def test_offered_actions_hand_over_the_fire_plans_found():
    state = table({"Squad 1": 411, "Soldier #1": 413})
    legal, plans = offered_actions(DATA, ALPHA, state, "Squad 1")
    assert legal == [act.FULL_MOVE, act.FULL_FIRE, act.SHOOT_AND_SCOOT]
    assert plans == fire_plans(DATA, ALPHA, state, "Squad 1")
    legal, plans = offered_actions(DATA, ALPHA, table({"Squad 1": 411}), "Squad 1")
    assert legal == [act.FULL_MOVE] and plans == []


# -- carrying an action out -----------------------------------------------------------------------


@pytest.mark.rule("SV-MACT-01")
def test_an_action_not_offered_is_refused_by_name():
    state = table({"Squad 1": 411})
    with pytest.raises(IllegalChoice, match=r"Squad 1 cannot take the action 'Recon' now; legal: "
                                            r"\['Full Move'\]"):
        run(marine_action(state, dice(), "Squad 1", act.RECON))
    assert not state.unit("Squad 1").acted


@pytest.mark.rule("SV-MACT-01")
@pytest.mark.parametrize("uid,where,action,answers,faces,kind", [
    ("Scout 1", 411, act.JUMP, ["412"], (5,), "roll"),
    ("Scout 1", 411, act.RECON, [], (6,), "roll"),
    ("HQ 1", 411, act.REQUEST, [], (1,), "roll"),
    ("A.N.T. Gun", 411, act.UNLIMBER, [], (), "move"),
    ("Squad 1", 411, act.SHOOT_AND_SCOOT, ["fire then move", "Soldier #1", "u10.9"],
     (1, 1, 1), "combat"),
])
def test_each_action_runs_its_own_procedure_and_turns_the_counter(uid, where, action, answers,
                                                                  faces, kind):
    state = table({uid: where, "Soldier #1": 413})
    events = run(marine_action(state, dice(*faces), uid, action), answers=answers)
    assert state.unit(uid).acted
    assert next(e for e in events if e.kind != "decision").kind == kind


@pytest.mark.rule("SV-ANT-02")
def test_limbering_flips_the_gun_and_unlimbering_flips_it_back():
    state = table({"A.N.T. Gun": 411})
    run(marine_action(state, dice(), "A.N.T. Gun", act.UNLIMBER))
    assert not state.unit("A.N.T. Gun").limbered
    state.unit("A.N.T. Gun").acted = False
    run(marine_action(state, dice(), "A.N.T. Gun", act.LIMBER))
    assert state.unit("A.N.T. Gun").limbered


@pytest.mark.rule("SV-ANT-03")
def test_full_fire_of_the_ant_gun_is_the_ant_gun_fire():
    state = table({"A.N.T. Gun": 411, "Soldier #1": 413})
    state.unit("A.N.T. Gun").limbered = False
    events = run(marine_action(state, dice(1, 1), "A.N.T. Gun", act.FULL_FIRE), answers=["413"])
    fire = next(e for e in events if e.kind != "decision")
    assert (fire.rule, fire.ids) == ("Space Vermin §J-3", ("SV-ANT-05",))


@pytest.mark.rule("SV-MAD-01", "SV-MAD-04")
def test_the_scientist_builds_then_detonates_through_the_action():
    state = table({"M.A.D. Scientist": 213}, secret_weapons_left=["The Fat Cat"], turn=2)
    events = run(marine_action(state, dice(), "M.A.D. Scientist", act.BUILD))
    assert events[0].ids == ("SV-MAD-01", "SV-MAD-02", "SV-MAD-03")
    state.turn, state.unit("M.A.D. Scientist").acted = 3, False
    events = run(marine_action(state, dice(), "M.A.D. Scientist", act.DETONATE))
    assert events[0].data["weapon"] == "The Fat Cat"
    assert state.secret_weapons_left == []


@pytest.mark.rule("SV-ENTRY-02")
def test_enter_runs_the_designated_hex_entry():
    state = table({}, turn=2)
    squad = state.unit("Squad 1")
    squad.status, squad.arrival_turn = "off_map", 2
    run(marine_action(state, dice(), "Squad 1", act.ENTER), answers=["656"])
    assert squad.hex == "656" and squad.acted


@pytest.mark.rule("SV-RALLY-02")
def test_rally_runs_through_the_action():
    state = table({"HQ 1": 411, "Squad 1": 412})
    state.unit("Squad 1").reduced = True
    assert act.RALLY in offered(state, "HQ 1")
    run(marine_action(state, dice(5), "HQ 1", act.RALLY))
    assert not state.unit("Squad 1").reduced


# -- a designer's data (the context's, not the shipped files) -------------------------------------


def designers(overrides):
    return load_game_data(overrides)


@pytest.mark.rule("SV-MMOV-01", "SV-MACT-01")
@pytest.mark.parametrize("ma,offered_move", [(0, False), (1, True)])
def test_a_full_move_needs_a_movement_allowance(ma, offered_move):
    data = designers({"counters:marines.squad.full.ma": ma})
    state = table({"Squad 1": 411})
    assert legal_actions(data, ALPHA, state, "Squad 1") == ([act.FULL_MOVE] if offered_move else [])
    assert has_action(data, ALPHA, state, "Squad 1") == offered_move


@pytest.mark.rule("SV-SEQ-07", "SV-MMOV-01")
def test_the_phase_asks_only_marines_that_may_act_under_the_games_data():
    state = table({"Squad 1": 411, "Scout 1": 111}, turn=3)
    ctx = Context(dice=ScriptedDice([]), data=designers({"counters:marines.squad.full.ma": 0}))
    assert first_decision(marine_action_phase(state, ctx)).options == ["Scout 1", act.END_PHASE]


@pytest.mark.rule("SV-LZ-07", "SV-RALLY-01")
def test_the_phase_asks_a_marine_that_landed_this_turn_only_if_it_has_a_special_action():
    state = table({"HQ 1": 411, "Squad 1": 412, "Squad 2": 666}, turn=3)
    for uid in ("HQ 1", "Squad 1", "Squad 2"):
        state.unit(uid).landed_turn = 3
    state.unit("Squad 1").reduced = True
    assert first_decision(marine_action_phase(state, dice())).options == ["HQ 1", act.END_PHASE]


def designers_ctx(overrides, *faces):
    return Context(dice=ScriptedDice(list(faces)), data=load_game_data(overrides))


@pytest.mark.rule("SV-MMOV-01", "SV-MACT-01")
def test_an_action_is_checked_and_carried_out_on_the_games_data():
    state = table({"Squad 1": 411})
    with pytest.raises(IllegalChoice):
        run(marine_action(state, designers_ctx({"counters:marines.squad.full.ma": 0}), "Squad 1",
                          act.FULL_MOVE))
    ctx = designers_ctx({"counters:marines.squad.full.ma": 1})
    moves = first_decision(marine_action(table({"Squad 1": 411}), ctx, "Squad 1", act.FULL_MOVE))
    assert "413" not in moves.options and "412" in moves.options  # 413 is 2 MP away


@pytest.mark.rule("SV-ENTRY-02")
def test_enter_runs_on_the_games_data():
    state = table({}, turn=2)
    squad = state.unit("Squad 1")
    squad.status, squad.arrival_turn = "off_map", 2
    ctx = designers_ctx({"counters:marines.squad.full.ma": 2})
    assert first_decision(marine_action(state, ctx, "Squad 1", act.ENTER)).options == [
        "656", "655", "661", "636", "635"]


@pytest.mark.rule("SV-MAD-04")
def test_detonate_draws_the_chit_with_the_contexts_dice():
    state = table({"M.A.D. Scientist": 411}, secret_weapons_left=["The Fat Cat", "The Kitten"],
                  turn=3)
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready, doc.weapon_built_turn = True, 1
    ctx = dice(1)
    events = run(marine_action(state, ctx, "M.A.D. Scientist", act.DETONATE))
    assert events[0].data["weapon"] == "The Fat Cat"
    assert ctx.dice.log == [("Secret Weapon chit", 2, 1)]

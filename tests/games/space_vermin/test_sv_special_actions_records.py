"""The Marine Special Actions (§I-4), event by event: a Scout's Recon, a Rally, and an HQ's Request
for Reinforcements. Each event is checked whole (message, rule, kind, catalogue IDs, assumption,
data), each decision by who answers it, its kind, options and rule, and each die by what it was
rolled for."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.special_actions import (
    RALLY_WHY,
    rally,
    rally_candidates,
    recon,
    request_reinforcements,
)
from rules_lib.games.space_vermin.state import MARINES

from .sv_helpers import ALPHA, DATA, dice, event_records, first_decision, run, table

I4A = "Space Vermin §I-4-a"
I4B = "Space Vermin §I-4-b"
I4C = "Space Vermin §I-4-c"
RECON_IDS = ("SV-RECON-03", "SV-RECON-04")
RALLY_IDS = ("SV-RALLY-02", "SV-RALLY-03")
REQ_IDS = ("SV-REQ-01", "SV-REQ-02")
AMB12_WHY = "default reading of SV-AMB-12: several successful Recons give one choice"


def asked(decision):
    return (decision.player, decision.kind, decision.options, decision.rule)


def pool_empty(state):
    for u in state.units:
        if u.is_marine and u.status == "pool":
            u.status = "removed"
    return state


# -- Recon (§I-4-a) -------------------------------------------------------------------------------


@pytest.mark.rule("SV-RECON-03", "SV-RECON-04")
def test_recon_offers_only_fresh_unacted_hqs_as_assistants():
    state = table({"Scout 1": 111, "HQ 1": 666, "HQ 2": 411, "Squad 1": 412})
    state.unit("HQ 2").reduced = True
    assert asked(first_decision(recon(state, dice(3), "Scout 1"))) == (
        MARINES, "recon_hq", ["HQ 1", "no HQ"], I4A)
    state.unit("HQ 2").reduced = False
    state.unit("HQ 2").acted = True
    assert first_decision(recon(state, dice(3), "Scout 1")).options == ["HQ 1", "no HQ"]


@pytest.mark.rule("SV-RECON-03", "SV-RECON-04")
def test_an_assisting_hq_adds_one_and_spends_its_own_action():
    state = table({"Scout 1": 111, "HQ 1": 666})
    ctx = dice(3)
    events = run(recon(state, ctx, "Scout 1"), answers=["HQ 1"])
    assert event_records(events) == [(
              ("Recon by Scout 1 with HQ 1: die 3 +1 (needs 4+) -> success: the Successful Recon marker "
              "goes by the Event Cup"), I4A, "roll", RECON_IDS, "", {"success": True, "unit": "Scout 1"})]
    assert ctx.dice.log == [("Recon Scout 1", 6, 3)]
    assert state.successful_recon and state.unit("HQ 1").acted


@pytest.mark.rule("SV-RECON-03")
def test_a_recon_without_an_hq_leaves_the_hq_free_and_needs_a_plain_four():
    state = table({"Scout 1": 111, "HQ 1": 666})
    events = run(recon(state, dice(3), "Scout 1"), answers=["no HQ"])
    assert event_records(events) == [("Recon by Scout 1: die 3 (needs 4+) -> failed", I4A, "roll",
                                      RECON_IDS, "", {"success": False, "unit": "Scout 1"})]
    assert not state.successful_recon and not state.unit("HQ 1").acted


@pytest.mark.rule("SV-RECON-03")
def test_a_recon_with_no_hq_on_the_map_asks_nothing():
    state = table({"Scout 1": 111})
    events = run(recon(state, dice(4), "Scout 1"))
    assert [e.kind for e in events] == ["roll"]
    assert events[0].data == {"success": True, "unit": "Scout 1"} and state.successful_recon


@pytest.mark.rule("SV-RECON-03")
def test_a_disrupted_scout_takes_one_off():
    state = table({"Scout 1": 111})
    state.unit("Scout 1").reduced = True
    events = run(recon(state, dice(4), "Scout 1"))
    assert event_records(events) == [("Recon by Scout 1: die 4 -1 (needs 4+) -> failed", I4A, "roll",
                                      RECON_IDS, "", {"success": False, "unit": "Scout 1"})]
    assert not state.successful_recon


@pytest.mark.rule("SV-RECON-04", "SV-AMB-12")
def test_a_second_successful_recon_still_gives_one_choice():
    state = table({"Scout 1": 111}, successful_recon=True)
    events = run(recon(state, dice(5), "Scout 1"))
    assert event_records(events) == [(
              ("Recon by Scout 1: die 5 (needs 4+) -> success, but the one Successful Recon marker is "
              "already by the Event Cup: still one two-chit choice"), I4A, "roll",
              RECON_IDS + ("SV-AMB-12",), AMB12_WHY, {"success": True, "unit": "Scout 1"})]
    assert state.successful_recon


@pytest.mark.rule("SV-RECON-04")
def test_a_failed_recon_keeps_an_earlier_marker():
    state = table({"Scout 1": 111}, successful_recon=True)
    events = run(recon(state, dice(1), "Scout 1"))
    assert events[0].ids == RECON_IDS and events[0].assumed == ""
    assert state.successful_recon


# -- Rally (§I-4-b) -------------------------------------------------------------------------------


@pytest.mark.rule("SV-RALLY-01", "SV-RALLY-02", "SV-RALLY-03")
def test_rally_rolls_for_disrupted_marines_next_to_or_being_the_rallier_in_number_order():
    state = table({"HQ 1": 412, "Squad 1": 411, "Squad 2": 413, "Squad 3": 415,
                   "Soldier #1": 414, "Ultra-Mite #2": 362})
    for uid in ("HQ 1", "Squad 1", "Squad 2", "Squad 3", "Ultra-Mite #2"):
        state.unit(uid).reduced = True
    assert [u.id for u in rally_candidates(DATA, ALPHA, state, "HQ 1")] == [
        "Squad 1", "HQ 1", "Squad 2"]  # the Disrupted Ultra-Mite next door is no Marine
    ctx = dice(5, 4, 6)
    events = run(rally(state, ctx, "HQ 1"))
    assert ctx.dice.log == [("Rally Squad 1", 6, 5), ("Rally HQ 1", 6, 4), ("Rally Squad 2", 6, 6)]
    assert event_records(events)[1] == ("Rally (HQ 1): HQ 1 rolls 4 (needs 5+) -> stays Disrupted", I4B,
                                        "roll", RALLY_IDS, "", {"unit": "HQ 1"})
    assert [state.unit(u).reduced for u in ("Squad 1", "HQ 1", "Squad 2", "Squad 3")] == [
        False, True, False, True]


@pytest.mark.rule("SV-RALLY-02", "SV-AMB-13")
def test_a_disrupted_marine_not_next_to_a_vermite_rallies_by_the_default_reading():
    state = table({"HQ 1": 412, "Squad 1": 411})
    state.unit("Squad 1").reduced = True
    events = run(rally(state, dice(5), "HQ 1"))
    assert event_records(events) == [(
              ("Rally (HQ 1): Squad 1 rolls 5 (needs 5+) -> back to full strength (eligible though not "
              "next to a Vermite)"), I4B, "roll", RALLY_IDS + ("SV-AMB-13",), RALLY_WHY,
              {"unit": "Squad 1"})]
    assert not state.unit("Squad 1").reduced


@pytest.mark.rule("SV-RALLY-02", "SV-AMB-13")
def test_the_variant_rallies_only_marines_next_to_a_vermite_from_the_context():
    state = table({"HQ 1": 412, "Squad 1": 411, "Squad 2": 413, "Soldier #1": 414})
    state.unit("Squad 1").reduced = state.unit("Squad 2").reduced = True
    events = run(rally(state, dice(6, variants=["rally_only_next_to_vermites"]), "HQ 1"))
    assert event_records(events) == [("Rally (HQ 1): Squad 2 rolls 6 (needs 5+) -> back to full strength",
                                      I4B, "roll", RALLY_IDS, "", {"unit": "Squad 2"})]
    assert state.unit("Squad 1").reduced


@pytest.mark.rule("SV-RALLY-01")
def test_a_rallier_off_the_map_rallies_nobody():
    state = table({"Squad 1": 411})
    state.unit("Squad 1").reduced = True
    assert rally_candidates(DATA, ALPHA, state, "HQ 1") == []


# -- Request for Reinforcements (§I-4-c) ----------------------------------------------------------


@pytest.mark.rule("SV-REQ-01", "SV-REQ-02")
def test_a_disrupted_hq_with_a_nat_marker_requests_at_minus_two():
    state = table({"HQ 1": 411})
    hq = state.unit("HQ 1")
    hq.reduced, hq.nat = True, "tainted"
    ctx = dice(4)
    events = run(request_reinforcements(state, ctx, "HQ 1"))
    assert event_records(events) == [("HQ 1 requests reinforcements: die 4 -2 (needs 3+) -> refused", I4C,
                                      "roll", REQ_IDS, "", {"success": False, "unit": "HQ 1"})]
    assert ctx.dice.log == [("Request Reinforcements HQ 1", 6, 4)]
    assert all(u.status == "pool" for u in state.units if u.is_marine and u.id != "HQ 1")


@pytest.mark.rule("SV-REQ-01", "SV-REQ-02")
@pytest.mark.parametrize("reduced,nat,die,granted", [
    (True, "", 3, False), (True, "", 4, True), (False, "tainted", 3, False),
    (False, "tainted", 4, True), (False, "", 3, True), (False, "", 2, False)])
def test_each_modifier_of_a_request_takes_one_off(reduced, nat, die, granted):
    state = table({"HQ 1": 411})
    hq = state.unit("HQ 1")
    hq.reduced, hq.nat = reduced, nat
    events = run(request_reinforcements(state, dice(die), "HQ 1"))
    assert events[0].data == {"success": granted, "unit": "HQ 1"}


@pytest.mark.rule("SV-REQ-03")
def test_a_granted_request_with_an_empty_pool_brings_nobody():
    state = pool_empty(table({"HQ 1": 411}))
    events = run(request_reinforcements(state, dice(3), "HQ 1"))
    assert event_records(events)[1:] == [("No Marine left in the pool", I4C, "info", ("SV-REQ-03",), "",
                                          {})]


@pytest.mark.rule("SV-REQ-02", "SV-ENTRY-02")
def test_the_chosen_reinforcement_has_acted_and_a_squad_enters_or_lands():
    state = table({"HQ 1": 411})
    proc = request_reinforcements(state, dice(3), "HQ 1")
    choice = first_decision(proc)
    pool = [u.id for u in state.units if u.is_marine and u.status == "pool"]
    assert asked(choice) == (MARINES, "reinforcement", pool, I4C)
    how = proc.send("Squad 1")
    assert asked(how) == (MARINES, "entry_method", [act.ENTER, act.LAND], "Space Vermin §I-4-c / §I-5")
    squad = state.unit("Squad 1")
    assert squad.status == "off_map" and squad.acted


@pytest.mark.rule("SV-REQ-02", "SV-LZ-02")
def test_a_reinforcement_may_drop_by_landing_zone():
    state = table({"HQ 1": 411})
    events = run(request_reinforcements(state, dice(3, 2), "HQ 1"),
                 answers=["Squad 1", act.LAND, "412"])
    assert event_records(events)[-1][2:4] == ("roll", ("SV-LZ-02", "SV-LZ-07"))
    assert state.unit("Squad 1").hex == "412"


@pytest.mark.rule("SV-REQ-02", "SV-JUMP-08")
def test_a_jump_pack_reinforcement_may_jump_in():
    state = table({"HQ 1": 411})
    proc = request_reinforcements(state, dice(3), "HQ 1")
    first_decision(proc)
    assert proc.send("Scout 1").options == [act.ENTER, act.LAND, act.JUMP]
    state = table({"HQ 1": 411})
    events = run(request_reinforcements(state, dice(3, 5), "HQ 1"),
                 answers=["Scout 1", act.JUMP, "412"])
    assert [e.data.get("decision") for e in events if e.kind == "decision"] == [
        "reinforcement", "entry_method", "jump_to"]
    assert state.unit("Scout 1").hex == "412" and state.unit("Scout 1").status == "map"


# -- a designer's data (the context's, not the shipped files) -------------------------------------


def designers(overrides, *faces, variants=()):
    return Context(dice=ScriptedDice(list(faces)), data=load_game_data(overrides),
                   variants=frozenset(variants))


@pytest.mark.rule("SV-RECON-03")
def test_recon_reads_its_target_from_the_games_data():
    state = table({"Scout 1": 111})
    events = run(recon(state, designers({"tables:recon.target": 5}, 4), "Scout 1"))
    assert events[0].data == {"success": False, "unit": "Scout 1"}


@pytest.mark.rule("SV-RALLY-03")
def test_rally_reads_its_target_from_the_games_data():
    state = table({"HQ 1": 412, "Squad 1": 411})
    state.unit("Squad 1").reduced = True
    run(rally(state, designers({"tables:rally.target": 6}, 5), "HQ 1"))
    assert state.unit("Squad 1").reduced


@pytest.mark.rule("SV-REQ-01")
def test_a_request_reads_its_target_from_the_games_data():
    state = table({"HQ 1": 411})
    events = run(request_reinforcements(
        state, designers({"tables:request_reinforcements.target": 4}, 3), "HQ 1"))
    assert events[0].data == {"success": False, "unit": "HQ 1"}


@pytest.mark.rule("SV-REQ-02", "SV-ENTRY-02")
def test_a_reinforcement_enters_with_the_movement_allowance_of_the_games_data():
    state = table({"HQ 1": 411})
    proc = request_reinforcements(state, designers({"counters:marines.squad.full.ma": 2}, 3),
                                  "HQ 1")
    first_decision(proc)
    proc.send("Squad 1")
    assert proc.send(act.ENTER).options == ["656", "655", "661", "636", "635"]


@pytest.mark.rule("SV-RECON-03")
def test_an_hqs_plus_one_and_a_disrupted_scouts_minus_one_cancel_out():
    state = table({"Scout 1": 111, "HQ 1": 666})
    state.unit("Scout 1").reduced = True
    events = run(recon(state, dice(4), "Scout 1"), answers=["HQ 1"])
    assert events[-1].data == {"success": True, "unit": "Scout 1"}
    assert events[-1].message.startswith("Recon by Scout 1 with HQ 1: die 4 (needs 4+)")

"""The stronger Marine commander ("commander") on constructed positions: it answers the Decisions the engine
issues (``marine_action_phase``, ``full_move``, ``full_fire``) the way its plan says."""

from __future__ import annotations

import random

from rules_lib.core.engine import Decision
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.actions import marine_action_phase
from rules_lib.games.space_vermin.commander import CommanderPolicy
from rules_lib.games.space_vermin.fire_actions import full_fire
from rules_lib.games.space_vermin.full_move import full_move

from .sv_helpers import ALPHA, dice, first_decision, table


def _answer(state, decision: Decision):
    return CommanderPolicy().choose(state, decision, random.Random(0))


def _action_decision(state, unit_id: str) -> Decision:
    """The Marine Action Phase as the engine runs it: pick ``unit_id``, get its action Decision."""
    proc = marine_action_phase(state, dice())
    who = first_decision(proc)
    assert who.kind == "next_marine" and unit_id in who.options
    item = proc.send(unit_id)
    while not isinstance(item, Decision):
        item = next(proc)
    assert item.kind == "action"
    return item


def test_a_disrupted_squad_in_contact_steps_out_of_contact_instead_of_firing_its_pistol():
    # §J-2/§J-1: a Disrupted Squad's Pistol rolls one die and one hit has no effect; out of
    # contact it recovers in the Marines Recovery Phase (§K)
    state = table({"Squad 1": 411, "Soldier #1": 412})
    state.unit("Squad 1").reduced = True
    decision = _action_decision(state, "Squad 1")
    assert act.FULL_FIRE in decision.options
    assert _answer(state, decision) == act.FULL_MOVE

    move = first_decision(full_move(state, dice(), "Squad 1"))
    dest = _answer(state, move)
    near_soldier = {ALPHA.label(h) for h in ALPHA.neighbors(ALPHA.hex("412"))}
    assert dest != "411" and dest not in near_soldier


def test_fire_goes_to_the_jewel_carrier_first():
    # a Soldier carrying a Crown Jewel to its Nest (§E-2) outranks a plain one at the same odds
    state = table({"Squad 1": 411, "Soldier #1": 412, "Soldier #3": 441})
    state.unit("Soldier #3").jewels = 1
    fire = first_decision(full_fire(state, dice(), "Squad 1"))
    assert set(fire.options) >= {"Soldier #1", "Soldier #3"}
    assert _answer(state, fire) == "Soldier #3"


def test_a_recovery_vehicle_prefers_the_way_that_does_not_end_next_to_vermites():
    # 512 and 511 are both two hexes from the Jewels in 421; 512 is next to the two Soldiers in
    # 513, who would attack it in the next Combat Step (§F-2): the RV stops in 511
    state = table({"RV 1": 656, "Soldier #1": 513, "Soldier #3": 513}, jewels={"421": 2})
    move = first_decision(full_move(state, dice(), "RV 1"))
    assert {"511", "512"} <= set(move.options)
    dest = _answer(state, move)
    near_stack = {ALPHA.label(h) for h in ALPHA.neighbors(ALPHA.hex("513"))}
    assert "512" in near_stack and dest == "511"


def test_the_commander_wins_family_jewels_more_often_than_the_simple_heuristic():
    from rules_lib.core.stats import difference_interval
    from rules_lib.playtest import run_games

    wins = {"Instant Victory", "Major", "Minor"}
    won = {}
    for name in ("commander", "heuristic"):
        df = run_games("space_vermin", 60, seed=0, scenario="family_jewels",
                       policies={"Marines": name})
        won[name] = int(df["outcome"].isin(wins).sum())
    assert difference_interval(won["commander"], 60, won["heuristic"], 60).low > 0, won

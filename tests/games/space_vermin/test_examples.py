"""The rulebook's worked examples replayed with the dice the text states (§B-4, §F, §J-1, §Q-1)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.vermite_attacks import drone_flock, vermite_combat_step

from .sv_helpers import ALPHA, DATA, dice, run, table, texts


@pytest.mark.rule("SV-EX-01", "SV-MAP-03")
def test_dice_2_3_1_read_in_order_are_hex_231():
    assert ALPHA.label(ALPHA.hex_from_dice(2, 3, 1)) == "231"
    # through the engine: a Drone flocking with dice 2, 3, 1 lands in 231 (not 213, 321, ...)
    state = table({"Drone #4": "Nest 1"})
    ctx = dice(2, 3, 1)
    events = run(drone_flock(state, ctx, "Drone #4"))
    assert state.unit("Drone #4").hex == "231"
    assert "to hex 231 (dice [2, 3, 1])" in texts(events)
    assert ctx.dice.remaining == ()


@pytest.mark.rule(
    "SV-EX-07",
    "SV-DRONE-02",
    "SV-DRONE-03",
    "SV-SUIC-01",
    "SV-SUIC-02",
    "SV-SUIC-03",
    "SV-NAT-02",
    "SV-NAT-07",
    "SV-VATK-08",
    "SV-VATK-09",
    "SV-AMB-01",
)
def test_f1_drone_attack_hq_unaffected_drone_to_cup_nat_infected_on_a_1():
    state = table({"HQ 1": 416, "Squad 1": 415, "Drone #4": "Nest 1"})
    # flock 4-1-6; six attack dice with only one above the HQ's DN 3; NAT roll 1
    ctx = dice(4, 1, 6, 4, 1, 2, 3, 3, 2, 1)
    events = run(drone_flock(state, ctx, "Drone #4"))
    log = texts(events)
    assert ctx.dice.remaining == ()  # every stated die was read: 3 flock, 6 attack, 1 NAT
    assert "flocks from Nest 1 to hex 416" in log
    assert "attacks HQ 1 in 416: CF 6 (no modifiers) rolls [4, 1, 2, 3, 3, 2]" in log
    assert "1 hit(s): HQ 1 is unaffected" in log
    hq, drone = state.unit("HQ 1"), state.unit("Drone #4")
    assert hq.on_map and not hq.reduced
    assert drone.status == "cup" and drone.hex is None
    assert hq.nat == "infected"
    assert state.unit("Squad 1").nat == ""  # only the attacked Marine can be infested


@pytest.mark.rule(
    "SV-EX-08",
    "SV-VATK-01",
    "SV-VATK-02",
    "SV-VATK-03",
    "SV-VATK-05",
    "SV-VATK-06",
    "SV-VATK-07",
    "SV-VATK-10",
    "SV-VATK-12",
    "SV-MF-15",
)
def test_f2_normal_attack_two_soldiers_then_the_ultra_mite_advances_into_315():
    state = table(
        {"Squad 1": 315, "Squad 2": 334, "Soldier #1": 252, "Soldier #3": 252, "Ultra-Mite #2": 316}
    )
    # 252 attacks first: 7 dice (8 - 1 Building), three 5s/6s; then 316: 4 dice, two hits
    ctx = dice(5, 6, 5, 1, 2, 3, 4, 6, 5, 1, 2)
    events = run(vermite_combat_step(state, ctx))
    log = texts(events)
    assert ctx.dice.remaining == ()  # 7 + 4 dice, as the text states
    assert log.index("Vermites in 252") < log.index("Vermites in 316")
    assert "Soldier #1 + Soldier #3 attack Squad 1 in 315: CF 7 (target in defensive terrain -1)" \
        " rolls [5, 6, 5, 1, 2, 3, 4]" in log
    assert "3 hit(s)" in log
    # 3 hits flip the Squad to Disrupted, before 316 attacks (the lowest adjacent hex, 315)
    assert log.index("Squad 1 is flipped to its Disrupted side") < log.index("Vermites in 316")
    assert "Vermites in 316 attack Squad 1 in 315" in log
    assert "Ultra-Mite #2 attacks Squad 1 in 315: CF 4 (target in defensive terrain -1)" \
        " rolls [6, 5, 1, 2]" in log
    assert "Squad 1 is eliminated (already Disrupted)" in log
    assert state.unit("Squad 1").status == "eliminated"
    assert state.unit("Squad 2").on_map and not state.unit("Squad 2").reduced
    assert state.unit("Ultra-Mite #2").hex == "315"
    assert state.unit("Soldier #1").hex == "252"


@pytest.mark.rule(
    "SV-EX-09",
    "SV-MCOMB-05",
    "SV-MCOMB-06",
    "SV-MCOMB-08",
    "SV-MCOMB-11",
    "SV-PANTS-01",
    "SV-PANTS-09",
    "SV-NAT-01",
    "SV-NAT-04",
    "SV-NAT-05",
    "SV-NAT-06",
    "SV-LOS-01",
)
def test_j1_marines_vs_vermites_squad_flips_the_ultra_mite_pants_fries_the_soldier():
    state = table(
        {"Squad 1": 315, "HQ 1": 335, "Special Ops 1": 413, "Ultra-Mite #2": 131, "Soldier #1": 316}
    )
    # targets: the HQ has no LOS to either Vermite; the Squad (unlimited range) sees both;
    # the Special Ops' PANTS (range 4, no LOS) reaches only the Soldier in 316
    targets = {m: [p.target for p in fire_plans(DATA, ALPHA, state, m)]
               for m in ("HQ 1", "Squad 1", "Special Ops 1")}
    assert targets == {"HQ 1": [], "Squad 1": ["Ultra-Mite #2", "Soldier #1"],
                       "Special Ops 1": ["Soldier #1"]}
    ctx = dice(6, 6, 5, 1, 2, 4, 3)  # Squad: 5 dice, 3 hits; PANTS die 4; NAT roll 3
    squad = run(resolve_fire(state, ctx, "Squad 1", "Ultra-Mite #2"))
    assert "CF 5 (adjacent to an HQ +1)" in texts(squad)
    assert state.unit("Ultra-Mite #2").reduced
    pants = run(resolve_fire(state, ctx, "Special Ops 1", "Soldier #1"))
    assert "Fried!" in texts(pants)
    assert state.unit("Soldier #1").status == "cup"
    assert "die 4 = 4: Fried!" in texts(pants) and "NAT roll 3 (needs 1-3 for a Soldier)" in texts(pants)
    assert ctx.dice.remaining == ()
    assert state.unit("Squad 1").nat == "tainted"
    assert state.unit("HQ 1").nat == ""


@pytest.mark.rule("SV-EX-10", "SV-S1-11", "SV-RV-02")
def test_rv_exiting_west_with_a_jewel_on_turn_6_returns_on_turn_9_without_nat():
    state = table({"RV 1": 122}, turn=6)
    rv = state.unit("RV 1")
    rv.jewels, rv.nat = 1, "tainted"
    run(full_move(state, dice(), "RV 1"), answers=["exit via 116"])
    assert state.jewels_exited == 1
    assert rv.status == "turn_track" and rv.arrival_turn == 9 and rv.nat == "" and rv.hex is None

"""Vermite Attacks (§F-1, §F-2, §E-3), event by event: the attack (summed CF, the defensive terrain
modifier, DN, hits and the data behind them), what the hits do to each kind of Marine, the advance
into the emptied hex and the stacking limit that caps it, a Drone's flight and Suicide Attack, and
the order of the Combat Step. Each event is checked whole (message, rule, kind, catalogue IDs,
assumption, data): the log cites the rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.provenance import map_reason
from rules_lib.games.space_vermin.vermite_attacks import (
    drone_flock,
    vermite_attack,
    vermite_combat_step,
)

from .sv_helpers import DATA, dice, printed_map_dice, records, run, table

MAP = map_reason(DATA, "alpha")
F2 = "Space Vermin §F-2"
F1 = "Space Vermin §F-1"
ATTACK = ("SV-VATK-03", "SV-VATK-04", "SV-VATK-07", "SV-VATK-08")
DAMAGE = ("SV-VATK-09", "SV-VATK-10", "SV-VATK-11")
UM_CF, SQUAD_DN = "counters:vermites.ultra_mite.full.cf", "counters:marines.squad.full.dn"


def attack(placements, attackers, target, *faces, suicide=False, marks=None):
    """``attackers`` attack ``target`` on a hand-set table (counters given these fields), the dice
    showing ``faces``."""
    state = table(placements)
    for uid, fields in (marks or {}).items():
        for name, value in fields.items():
            setattr(state.unit(uid), name, value)
    log = records(run(vermite_attack(state, dice(*faces), attackers, target, suicide=suicide)))
    return state, log


@pytest.mark.rule("SV-VATK-03", "SV-VATK-07", "SV-VATK-08", "SV-VATK-10")
def test_two_hits_disrupt_a_fresh_marine_the_bog_costing_the_attack_one():
    state, log = attack({"Squad 1": 233, "Ultra-Mite #2": 234}, ["Ultra-Mite #2"], "Squad 1",
                        5, 6, 1, 1)
    assert log == [
        (("Ultra-Mite #2 attacks Squad 1 in 233: CF 4 (target in defensive terrain -1) rolls "
         "[5, 6, 1, 1] against DN 4: 2 hit(s)"), F2, "combat", ATTACK, MAP,
         {"cf": 4, "dn": 4, "faces": [5, 6, 1, 1], "hits": 2, "result": "step",
          "values": [UM_CF, SQUAD_DN], "hex": "233"}),
        ("Squad 1 is flipped to its Disrupted side", F2, "combat", DAMAGE, "",
         {"unit": "Squad 1"}),
    ]
    assert state.unit("Squad 1").reduced and state.unit("Squad 1").on_map


@pytest.mark.rule("SV-VATK-09", "SV-VATK-08")
def test_one_hit_leaves_the_marine_unaffected_and_open_ground_no_modifier():
    state, log = attack({"Squad 1": 335, "Ultra-Mite #2": 334}, ["Ultra-Mite #2"], "Squad 1",
                        5, 1, 1, 1, 1)
    assert log == [
        (("Ultra-Mite #2 attacks Squad 1 in 335: CF 5 (no modifiers) rolls [5, 1, 1, 1, 1] "
         "against DN 4: 1 hit(s)"), F2, "combat", ATTACK, "",
         {"cf": 5, "dn": 4, "faces": [5, 1, 1, 1, 1], "hits": 1, "result": "none",
          "values": [UM_CF, SQUAD_DN]}),
        ("1 hit(s): Squad 1 is unaffected", F2, "combat", DAMAGE, "", {"unit": "Squad 1"}),
    ]
    assert not state.unit("Squad 1").reduced


@pytest.mark.rule("SV-VATK-10", "SV-VATK-12")
def test_a_step_on_a_disrupted_marine_eliminates_it_and_the_attacker_advances():
    state, log = attack({"Squad 1": 233, "Ultra-Mite #2": 234}, ["Ultra-Mite #2"], "Squad 1",
                        5, 6, 1, 1, marks={"Squad 1": {"reduced": True}})
    assert log[0][0].endswith("against DN 3: 2 hit(s)")
    assert log[0][5]["values"] == [UM_CF, "counters:marines.squad.disrupted.dn"]
    assert log[1:] == [
        ("Squad 1 is eliminated (already Disrupted)", F2, "combat", DAMAGE, "",
         {"unit": "Squad 1", "at": "233"}),
        ("Ultra-Mite #2 advances into the emptied hex 233", F2, "move", ("SV-VATK-12",), "",
         {"units": ["Ultra-Mite #2"], "to": "233"}),
    ]
    assert state.unit("Squad 1").status == "eliminated" and state.marines_lost == 1
    assert state.unit("Ultra-Mite #2").hex == "233"


@pytest.mark.rule("SV-MAD-11")
def test_the_scientist_with_a_weapon_ready_loses_it_on_a_step():
    state, log = attack({"M.A.D. Scientist": 233, "Ultra-Mite #2": 234}, ["Ultra-Mite #2"],
                        "M.A.D. Scientist", 6, 6, 1, 1,
                        marks={"M.A.D. Scientist": {"weapon_ready": True}})
    assert log[0][5]["result"] == "lose_weapon"
    assert log[1:] == [(("M.A.D. Scientist loses his Secret Weapon and is flipped to his "
                        "motorcycle side"), "Space Vermin §J-5-c", "combat", ("SV-MAD-11",), "",
                        {"unit": "M.A.D. Scientist"})]
    doc = state.unit("M.A.D. Scientist")
    assert doc.on_map and not doc.weapon_ready


@pytest.mark.rule("SV-SUIC-01", "SV-SUIC-02", "SV-SUIC-03")
def test_a_suicide_attack_kills_the_drone_whatever_the_result_and_does_not_advance():
    state, log = attack({"Squad 1": 412, "Drone #4": 413}, ["Drone #4"], "Squad 1",
                        6, 1, 1, 1, 1, 1, 2, suicide=True)
    assert log[:3] == [
        (("Drone #4 attacks Squad 1 in 412: CF 6 (no modifiers) rolls [6, 1, 1, 1, 1, 1] against "
         "DN 4: 1 hit(s)"), F1, "combat", ("SV-SUIC-01", "SV-VATK-08"), "",
         {"cf": 6, "dn": 4, "faces": [6, 1, 1, 1, 1, 1], "hits": 1, "result": "none",
          "values": ["counters:vermites.drone.full.cf", SQUAD_DN]}),
        ("1 hit(s): Squad 1 is unaffected", F1, "combat", DAMAGE, "", {"unit": "Squad 1"}),
        ("Suicide Attack: Drone #4 is eliminated regardless of the result", F1, "combat",
         ("SV-SUIC-02",), "", {"unit": "Drone #4"}),
    ]
    assert state.unit("Drone #4").status == "cup" and state.unit("Squad 1").nat == "tainted"
    state, log = attack({"Squad 1": 412, "Drone #4": 413}, ["Drone #4"], "Squad 1",
                        6, 6, 6, 6, 1, 1, 6, suicide=True)
    assert state.unit("Squad 1").status == "eliminated"
    assert "advance" not in " ".join(r[0] for r in log) and state.unit("Drone #4").hex is None


@pytest.mark.rule("SV-DRONE-02", "SV-DRONE-03", "SV-SUIC-01")
def test_a_drone_flies_to_the_hex_its_three_dice_name_and_attacks_a_marine_there():
    state = table({"Squad 1": 416})
    log = records(run(drone_flock(state, dice(4, 1, 5), "Drone #4")))
    assert log == [("Drone #4 flocks from the Nest to hex 415 (dice [4, 1, 5])",
                    "Space Vermin §E-1-a", "move", ("SV-DRONE-02", "SV-DIR-01"), "",
                    {"faces": [4, 1, 5], "unit": "Drone #4", "to": "415"})]
    assert state.unit("Drone #4").hex == "415" and state.unit("Drone #4").status == "map"
    state = table({"Squad 1": 415})
    log = records(run(drone_flock(state, dice(4, 1, 5, 1, 1, 1, 1, 1, 1, 6), "Drone #4")))
    assert log[1] == ("Drone #4 lands on Squad 1: Suicide Attack", "Space Vermin §E-1-a / §F-1",
                      "combat", ("SV-DRONE-03", "SV-SUIC-01"), "",
                      {"unit": "Drone #4", "target": "Squad 1"})
    assert log[2][1] == F1 and state.unit("Drone #4").status == "cup"


@pytest.mark.rule("SV-VATK-01", "SV-VATK-02", "SV-VATK-06")
def test_the_combat_step_goes_hex_by_hex_each_at_the_lowest_numbered_adjacent_marine():
    state = table({"Squad 1": 413, "Squad 2": 415, "Soldier #3": 414, "Soldier #1": 416})
    log = records(run(vermite_combat_step(state, dice(*[1] * 8))))
    assert [r for r in log if r[2] == "step"] == [
        ("Vermites in 414 attack Squad 1 in 413, the lowest-numbered adjacent Marine hex", F2,
         "step", ("SV-VATK-01", "SV-VATK-02", "SV-VATK-06"), MAP,
         {"hex": "413", "attackers": ["Soldier #3"]}),
        ("Vermites in 416 attack Squad 2 in 415, the lowest-numbered adjacent Marine hex", F2,
         "step", ("SV-VATK-01", "SV-VATK-02", "SV-VATK-06"), MAP,
         {"hex": "415", "attackers": ["Soldier #1"]}),
    ]


@pytest.mark.rule("SV-VATK-12", "SV-VSTK-01")
def test_the_advance_stops_at_the_stacking_limit_and_says_who_stays():
    state = table({"Soldier #11": 111, "Soldier #19": 111, "Ultra-Mite #22": 111,
                   "Squad 1": 141}, map_key="beta")
    log = records(run(vermite_combat_step(state, dice(*[6] * 30))))
    assert log[-2:] == [
        ("Ultra-Mite #22 + Soldier #11 advance into the emptied hex 141", F2, "move",
         ("SV-VATK-12",), "", {"units": ["Ultra-Mite #22", "Soldier #11"], "to": "141"}),
        ("Soldier #19 stays in 111: 141 holds no more than 2 Queens/Ultra-Mites/Soldiers",
         "Space Vermin §E-3", "info", ("SV-VSTK-01", "SV-VATK-12"),
         ("the stacking limit caps the advance after combat (§E-3 outranks 'all' in §F-2); "
         "movement order picks who advances (§E-1)"),
         {"units": ["Soldier #19"], "values": ["tables:vermite_stacking.limit"]}),
    ]


@pytest.mark.rule("SV-VATK-01", "SV-AMB-16")
def test_with_the_variant_an_unnumbered_hex_attacks_first_and_at_the_unnumbered_marine():
    got = {}
    for variants in ((), ("unnumbered_hexes_first",)):
        state = table({"Squad 1": 126, "Squad 2": "u2.13", "Soldier #1": "u1.13",
                       "Soldier #3": 125})
        state.variants = list(variants)
        log = run(vermite_combat_step(state, dice(*[1] * 20, variants=variants)))
        got[variants] = [(e.data["attackers"], e.data["hex"]) for e in log if e.kind == "step"]
    assert got[()] == [(["Soldier #3"], "126"), (["Soldier #1"], "126")]
    assert got[("unnumbered_hexes_first",)] == [(["Soldier #1"], "u2.13"),
                                                (["Soldier #3"], "126")]


@pytest.mark.rule("SV-DRONE-02")
def test_a_drones_flight_is_rolled_for_that_drone():
    ctx = dice(4, 1, 5)
    run(drone_flock(table({"Squad 1": 416}), ctx, "Drone #4"))
    assert ctx.dice.log == [("Drone #4 flocks: random hex", 6, face) for face in (4, 1, 5)]


@pytest.mark.rule("SV-VATK-12", "SV-AMB-14")
def test_queens_advance_by_rank_whatever_order_they_attacked_in():
    _state, log = attack({"Sister Queen": 412, "High Queen": 412, "Squad 1": 413},
                        ["Sister Queen", "High Queen"], "Squad 1", *[6] * 11)
    assert log[-1] == ("High Queen + Sister Queen advance into the emptied hex 413", F2, "move",
                       ("SV-VATK-12",), "", {"units": ["High Queen", "Sister Queen"],
                                             "to": "413"})


# -- survivors of the 2026-12-02 mutation run (mut_sv_oo) ----------------------------------------


def designers_attack(overrides, placements, attackers, target, *faces, marks=None):
    """``attack`` on a designer's data."""
    data = load_game_data(overrides)
    state = table(placements)
    for uid, fields in (marks or {}).items():
        for name, value in fields.items():
            setattr(state.unit(uid), name, value)
    ctx = Context(dice=ScriptedDice(list(faces)), data=data)
    return state, records(run(vermite_attack(state, ctx, attackers, target))), ctx


@pytest.mark.rule("SV-VATK-03", "SV-VATK-07", "SV-TERR-02")
def test_the_attack_reads_the_games_data_and_map():
    """A designer's map (413 made Bog) and Ultra-Mite (CF 6): CF 5 after the defensive -1; the
    dice are rolled for that attack and the hit convention is the data's ('at least' the DN)."""
    bog = [int(lab) for lab, kind in DATA.maps["alpha"].terrain.items() if kind == "bog"] + [413]
    state, log, ctx = designers_attack(
        {"alpha:terrain.bog": bog, "counters:vermites.ultra_mite.full.cf": 6,
         "tables:hit_convention": "at_least"},
        {"Squad 1": 413, "Ultra-Mite #2": 414}, ["Ultra-Mite #2"], "Squad 1", 4, 4, 1, 1, 1)
    assert log[0] == (
        ("Ultra-Mite #2 attacks Squad 1 in 413: CF 5 (target in defensive terrain -1) rolls "
         "[4, 4, 1, 1, 1] against DN 4: 2 hit(s)"), F2, "combat", ATTACK,
        f"ultra_mite full cf (override: vermites.ultra_mite.full.cf = 6); {MAP}",
        {"cf": 5, "dn": 4, "faces": [4, 4, 1, 1, 1], "hits": 2, "result": "step",
         "values": [UM_CF, SQUAD_DN], "hex": "413"})
    assert ctx.dice.log == [("Ultra-Mite #2 attack Squad 1", 6, f) for f in (4, 4, 1, 1, 1)]
    assert state.unit("Squad 1").reduced


@pytest.mark.rule("SV-VATK-07", "SV-TERR-02")
def test_a_net_cf_of_the_minimum_still_attacks_below_it_there_is_no_combat():
    """A Reduced Soldier (CF 2) at a Squad in Bog: CF 1, the minimum, rolls one die; with a
    designer's minimum of 2 there is no combat at all."""
    marks = {"Soldier #1": {"reduced": True}}
    _state, log = attack({"Squad 1": 233, "Soldier #1": 234}, ["Soldier #1"], "Squad 1", 6,
                         marks=marks)
    assert log[0][5]["cf"] == 1 and log[0][5]["faces"] == [6]
    state, log, ctx = designers_attack({"tables:vermite_attack.minimum_cf": 2},
                                       {"Squad 1": 233, "Soldier #1": 234}, ["Soldier #1"],
                                       "Squad 1", marks=marks)
    assert log == [("Soldier #1 attacks Squad 1: net CF 1, no combat", F2, "combat",
                    ("SV-VATK-03", "SV-VATK-04", "SV-VATK-07"),
                    f"soldier reduced cf (counter art); {MAP}",
                    {"values": ["counters:vermites.soldier.reduced.cf", SQUAD_DN],
                     "hex": "233"})]
    assert ctx.dice.log == [] and not state.unit("Squad 1").reduced


@pytest.mark.rule("SV-MAD-11")
def test_the_scientist_losing_his_weapon_is_on_his_motorcycle_side():
    state, _log = attack({"M.A.D. Scientist": 233, "Ultra-Mite #2": 234}, ["Ultra-Mite #2"],
                         "M.A.D. Scientist", 6, 6, 1, 1,
                         marks={"M.A.D. Scientist": {"weapon_ready": True}})
    assert state.unit("M.A.D. Scientist").weapon_ready is False


@pytest.mark.rule("SV-VATK-12")
def test_from_an_unlimited_entry_hex_into_one_every_attacker_advances():
    """Squad 1 eliminated in Entry hex 111 (no stacking limit, §E-3): all three advance."""
    state = table({"Squad 1": 111, "Soldier #11": 112, "Soldier #19": 112,
                   "Ultra-Mite #22": 112}, map_key="beta")
    state.unit("Squad 1").reduced = True
    log = records(run(vermite_attack(state, dice(*[6] * 13), ["Soldier #19", "Ultra-Mite #22",
                                                               "Soldier #11"], "Squad 1")))
    assert log[-1] == (("Soldier #19 + Ultra-Mite #22 + Soldier #11 advance into the emptied hex "
                       "111"), F2, "move", ("SV-VATK-12",), "",
                       {"units": ["Soldier #19", "Ultra-Mite #22", "Soldier #11"], "to": "111"})
    assert {state.unit(u).hex for u in ("Soldier #11", "Soldier #19", "Ultra-Mite #22")} == {"111"}


@pytest.mark.rule("SV-VATK-12", "SV-VSTK-01")
def test_two_attackers_left_behind_are_named_together():
    state = table({"Soldier #11": 111, "Soldier #19": 111, "Ultra-Mite #22": 111,
                   "Soldier #5": 111, "Squad 1": 141}, map_key="beta")
    state.unit("Squad 1").reduced = True
    log = records(run(vermite_attack(state, dice(*[6] * 20), ["Soldier #11", "Soldier #19",
                                                               "Ultra-Mite #22", "Soldier #5"],
                                     "Squad 1")))
    assert log[-2][0] == "Ultra-Mite #22 + Soldier #5 advance into the emptied hex 141"
    assert log[-1][0] == ("Soldier #11 + Soldier #19 stay in 111: 141 holds no more than 2 "
                          "Queens/Ultra-Mites/Soldiers")
    assert log[-1][5]["units"] == ["Soldier #11", "Soldier #19"]


@pytest.mark.rule("SV-VATK-12", "SV-AMB-14")
def test_a_queen_advances_with_her_escort():
    """The Sister Queen and her Escort attack together and advance together (§Q-2-d)."""
    state = table({"Sister Queen": 412, "Soldier #1": 412, "Squad 1": 413})
    state.unit("Soldier #1").escort_of = "Sister Queen"
    state.unit("Squad 1").reduced = True
    log = records(run(vermite_attack(state, dice(*[6] * 9), ["Sister Queen", "Soldier #1"],
                                     "Squad 1")))
    assert log[-1] == ("Sister Queen + Soldier #1 advance into the emptied hex 413", F2, "move",
                       ("SV-VATK-12",), "", {"units": ["Sister Queen", "Soldier #1"],
                                             "to": "413"})
    assert state.unit("Soldier #1").hex == state.unit("Sister Queen").hex == "413"


@pytest.mark.rule("SV-VATK-01", "SV-VATK-02")
def test_a_drone_sharing_a_hex_never_joins_the_normal_attack():
    state = table({"Squad 1": 413, "Soldier #3": 414, "Drone #4": 414})
    log = records(run(vermite_combat_step(state, dice(*[1] * 8))))
    assert [r[5]["attackers"] for r in log if r[2] == "step"] == [["Soldier #3"]]
    assert log[1][0].startswith("Soldier #3 attacks Squad 1 in 413: CF 4")


@pytest.mark.rule("SV-VATK-01", "SV-VATK-02")
def test_a_hex_whose_marine_is_gone_is_passed_over_and_the_next_hex_still_attacks():
    """412 eliminates the Disrupted Squad 1 in 413 and advances; 414, next to 413 only, has no
    Marine left to attack; 416 after it still attacks Squad 2 in 446."""
    state = table({"Squad 1": 413, "Soldier #3": 412, "Soldier #1": 414, "Squad 2": 446,
                   "Soldier #5": 416})
    state.unit("Squad 1").reduced = True
    log = records(run(vermite_combat_step(state, dice(*[6] * 30))))
    steps = [(r[5]["attackers"], r[5]["hex"]) for r in log if r[2] == "step"]
    assert steps == [(["Soldier #3"], "413"), (["Soldier #5"], "446")]


@pytest.mark.rule("SV-VATK-01", "SV-AMB-16")
def test_an_attack_choosing_among_unnumbered_hexes_cites_the_reading_it_applies():
    """u1.13 next to 126 and the unnumbered u2.13: the step event names SV-AMB-16 and the
    reading (unnumbered hexes last by default, first with the variant)."""
    step_ids = ("SV-VATK-01", "SV-VATK-02", "SV-VATK-06")
    got = {}
    for variants in ((), ("unnumbered_hexes_first",)):
        state = table({"Squad 1": 126, "Squad 2": "u2.13", "Soldier #1": "u1.13",
                       "Soldier #3": 125})
        state.variants = list(variants)
        log = records(run(vermite_combat_step(state, dice(*[1] * 20, variants=variants))))
        got[variants] = [r for r in log if r[2] == "step"]
    soldier_3 = ("Vermites in 125 attack Squad 1 in 126, the lowest-numbered adjacent Marine hex",
                 F2, "step", step_ids, MAP, {"hex": "126", "attackers": ["Soldier #3"]})
    assert got[()] == [soldier_3, (
        "Vermites in u1.13 attack Squad 1 in 126, the lowest-numbered adjacent Marine hex", F2,
        "step", step_ids + ("SV-AMB-16",),
        (f"{MAP}; default reading of SV-AMB-16: unnumbered hexes come after every numbered hex, "
        "clockwise from north among themselves"), {"hex": "126", "attackers": ["Soldier #1"]})]
    assert got[("unnumbered_hexes_first",)] == [(
        "Vermites in u1.13 attack Squad 2 in u2.13, the lowest-numbered adjacent Marine hex", F2,
        "step", step_ids + ("SV-AMB-16",),
        f"{MAP}; variant unnumbered_hexes_first (other reading of SV-AMB-16)",
        {"hex": "u2.13", "attackers": ["Soldier #1"]}), soldier_3]


@pytest.mark.rule("SV-VATK-07", "SV-TERR-03", "SV-TERR-04")
def test_a_marine_in_a_flooded_hex_is_in_defensive_terrain_while_bogs_flood():
    """123 (Clear, next to a Bog) floods under Bogs Flood: the attack loses one CF that turn."""
    for flooded, cf in ((False, 5), (True, 4)):
        state = table({"Squad 1": 123, "Ultra-Mite #2": 122})
        state.flooded = flooded
        log = records(run(vermite_attack(state, dice(*[1] * cf), ["Ultra-Mite #2"],
                                         "Squad 1")))
        assert log[0][5]["cf"] == cf and ("hex" in log[0][5]) == flooded


@pytest.mark.rule("SV-VATK-02", "SV-AMB-16")
def test_between_two_unnumbered_marine_hexes_the_first_clockwise_from_north_is_attacked():
    """126 touches the unnumbered u2.13 and u1.13: u2.13 comes first clockwise from north of 126
    (u1.13 would come first by column)."""
    state = table({"Soldier #3": 126, "Squad 1": "u2.13", "Squad 2": "u1.13"})
    log = records(run(vermite_combat_step(state, dice(*[1] * 8))))
    assert [(r[5]["hex"], r[5]["attackers"]) for r in log if r[2] == "step"] == [
        ("u2.13", ["Soldier #3"])]


@pytest.mark.rule("SV-VATK-01", "SV-VATK-06")
def test_the_combat_step_cites_the_games_own_map():
    """With Mapzone Alpha given as the printed map (a designer's correction), the step cites no
    assumed layout."""
    state = table({"Squad 1": 413, "Soldier #3": 414})
    log = records(run(vermite_combat_step(state, printed_map_dice(*[1] * 4))))
    assert log[0] == (("Vermites in 414 attack Squad 1 in 413, the lowest-numbered adjacent "
                      "Marine hex"), F2, "step", ("SV-VATK-01", "SV-VATK-02", "SV-VATK-06"), "",
                      {"hex": "413", "attackers": ["Soldier #3"]})


@pytest.mark.rule("SV-VATK-04")
def test_the_dice_of_a_hex_attacking_together_are_rolled_for_all_its_attackers():
    ctx = dice(*[1] * 8)
    run(vermite_attack(table({"Squad 1": 413, "Soldier #3": 414, "Soldier #1": 414}), ctx,
                       ["Soldier #3", "Soldier #1"], "Squad 1"))
    assert ctx.dice.log == [("Soldier #3 + Soldier #1 attack Squad 1", 6, 1)] * 8


@pytest.mark.rule("SV-VATK-01")
def test_the_combat_step_reads_the_games_map_a_corrected_column_decides_who_is_adjacent():
    """A designer's Mapzone Alpha whose column 10 lists 411 last, away from 412: Soldier #1 in
    412 attacks Squad 1 in 411 on the shipped map, not on the corrected one."""
    column = [431, 432, 433, 434, 435, 436, "-", "-", "-", 412, 413, 414, 415, 416, 411]
    corrected = load_game_data({"alpha:columns[10]": column})
    shipped = records(run(vermite_combat_step(table({"Squad 1": 411, "Soldier #1": 412}),
                                              dice(*[1] * 4))))
    assert [r[5]["hex"] for r in shipped if r[2] == "step"] == ["411"]
    state = placed_state({"Squad 1": 411, "Soldier #1": 412}, "alpha", data=corrected)
    assert run(vermite_combat_step(state, Context(dice=ScriptedDice([]), data=corrected))) == []

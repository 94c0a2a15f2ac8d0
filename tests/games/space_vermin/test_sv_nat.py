"""NAT (§J-7, §H), event by event: the roll every Vermite death sets off, whom it reaches, the
marker it leaves, and the NAT Effect Phase. Each event is checked whole (message, rule, kind,
catalogue IDs, assumption, data) and each die by what it was rolled for: the log cites the
rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.lowest_numbered import ORDER_WHY
from rules_lib.games.space_vermin.nat import NAT_DISTANCE_WHY, nat_effect_phase, nat_roll
from rules_lib.games.space_vermin.provenance import map_reason
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack

from .sv_helpers import DATA, dice, records, run, table, texts

MAP = map_reason(DATA, "alpha")
DISTANCE = f"{NAT_DISTANCE_WHY}; {MAP}"
SOLDIER_ROLL = ["counters:vermites.soldier.nat_roll"]
REACH_IDS = ("SV-NAT-01", "SV-NAT-05", "SV-AMB-22")
J7 = "Space Vermin §J-7"


def purposes(ctx):
    return [purpose for purpose, _, _ in ctx.dice.log]


def soldier_dies_at(at, placements, face=None, marker="", variants=(), **kw):
    """The NAT roll of Soldier #1 dying at ``at`` (with this die), Squad 1 carrying ``marker``."""
    state = table(placements)
    if "Squad 1" in placements:
        state.unit("Squad 1").nat = marker
    state.variants = list(variants)
    ctx = dice(*([] if face is None else [face]))
    events = run(nat_roll(state, ctx, state.unit("Soldier #1"), at, **kw))
    return state, ctx, records(events)


@pytest.mark.rule("SV-NAT-01", "SV-NAT-04", "SV-NAT-05", "SV-NAT-06", "SV-AMB-22")
def test_a_successful_roll_taints_the_marine_and_cites_the_reading_of_two_hexes():
    state, ctx, log = soldier_dies_at("413", {"Squad 1": 411}, face=2)
    assert log == [(("NAT roll 2 (needs 1-3 for a Soldier): Squad 1 in 411, the lowest-numbered "
                    "eligible hex, "
                    "gets a NAT Tainted marker"), J7, "roll",
                    ("SV-NAT-04", "SV-NAT-06") + REACH_IDS, DISTANCE,
                    {"roll": 2, "marine": "Squad 1", "values": SOLDIER_ROLL, "hex": "413",
                     "nat": "tainted"})]
    assert purposes(ctx) == ["NAT roll for Soldier #1"]
    assert state.unit("Squad 1").nat == "tainted"


@pytest.mark.rule("SV-NAT-06")
@pytest.mark.parametrize("marker,face,after,words", [
    ("tainted", 3, "infected", "becomes NAT Infected"),
    ("infected", 3, "infected", "is unaffected (already NAT Infected)"),
    ("", 1, "infected", "gets a NAT Infected marker"),
])
def test_the_marker_a_successful_roll_leaves(marker, face, after, words):
    state, _, log = soldier_dies_at("413", {"Squad 1": 411}, face=face, marker=marker)
    assert state.unit("Squad 1").nat == after
    (message, _, _, ids, _, data), = log
    assert message.endswith(words) and data["nat"] == after
    assert ids[:2] == ("SV-NAT-04", "SV-NAT-07" if face == 1 else "SV-NAT-06")


@pytest.mark.rule("SV-NAT-04")
def test_the_roll_names_the_vermite_type_with_its_article():
    state = table({"Squad 1": 411, "Ultra-Mite #2": 413})
    events = run(nat_roll(state, dice(5), state.unit("Ultra-Mite #2"), "413"))
    assert texts(events) == "NAT roll 5 (needs 1-4 for an Ultra-Mite): no infestation"
    events = run(nat_roll(state, dice(4), state.unit("Ultra-Mite #2"), "413"))
    assert texts(events).startswith("NAT roll 4 (needs 1-4 for an Ultra-Mite): Squad 1 in 411")


@pytest.mark.rule("SV-NAT-04")
def test_a_failed_roll_leaves_the_marine_alone():
    state, ctx, log = soldier_dies_at("413", {"Squad 1": 411}, face=4)
    assert log == [("NAT roll 4 (needs 1-3 for a Soldier): no infestation", J7, "roll",
                    ("SV-NAT-04",), "", {"roll": 4, "values": SOLDIER_ROLL})]
    assert state.unit("Squad 1").nat == "" and purposes(ctx) == ["NAT roll for Soldier #1"]


@pytest.mark.rule("SV-NAT-07")
def test_a_one_on_a_marked_marine_eliminates_it():
    state, _, log = soldier_dies_at("413", {"Squad 1": 411}, face=1, marker="tainted")
    assert log == [
        ("NAT roll 1: Squad 1 in 411 already has a NAT marker and is eliminated", J7, "roll",
         ("SV-NAT-04", "SV-NAT-07") + REACH_IDS, DISTANCE,
         {"roll": 1, "marine": "Squad 1", "values": SOLDIER_ROLL, "hex": "413"}),
        ("Squad 1 is eliminated", J7, "combat", ("SV-NAT-07",), "",
         {"unit": "Squad 1", "at": "411"}),
    ]
    assert state.unit("Squad 1").status == "eliminated" and state.marines_lost == 1


@pytest.mark.rule("SV-NAT-01", "SV-NAT-05")
def test_no_marine_within_two_hexes_no_roll():
    _, ctx, log = soldier_dies_at("416", {"Squad 1": 411})
    assert log == [("No Marine within 2 hexes of 416: no NAT roll", J7, "info", REACH_IDS,
                    DISTANCE, {"unit": "Soldier #1", "hex": "416"})]
    assert purposes(ctx) == []


@pytest.mark.rule("SV-NAT-02", "SV-SUIC-03", "SV-AMB-01")
def test_a_drones_nat_roll_reaches_only_its_target_and_not_once_it_is_gone():
    state = table({"Squad 1": 412, "Drone #4": 413})
    run(vermite_attack(state, dice(6, 6, 6, 6, 6, 6, 2), ["Drone #4"], "Squad 1",
                       suicide=True))
    assert state.unit("Squad 1").status == "eliminated"  # four hits or more
    state = table({"Scout 1": 411, "Squad 1": 412})  # Scout 1 is the lower-numbered Marine
    run(nat_roll(state, dice(2), state.unit("Drone #4"), "413", only="Squad 1"))
    assert state.unit("Squad 1").nat == "tainted" and state.unit("Scout 1").nat == ""
    state.unit("Squad 1").nat = ""
    state.unit("Squad 1").status, state.unit("Squad 1").hex = "eliminated", None
    ctx = dice()
    log = records(run(nat_roll(state, ctx, state.unit("Drone #4"), "413", only="Squad 1")))
    assert log == [("No Marine within 2 hexes of 413: no NAT roll", J7, "info",
                    ("SV-NAT-02", "SV-SUIC-03", "SV-AMB-01"),
                    ("default reading of SV-AMB-01: §F-1's NAT roll ('Section F-3') is §J-7's, "
                    "limited to the attacked Marine"), {"unit": "Drone #4", "hex": "413"})]
    assert purposes(ctx) == []  # no die for a Marine already gone
    ctx = dice(2)
    state.unit("Squad 1").status, state.unit("Squad 1").hex = "map", "412"
    run(nat_roll(state, ctx, state.unit("Drone #4"), "413", only="Squad 1"))
    assert state.unit("Squad 1").nat == "tainted" and state.unit("Scout 1").nat == ""


@pytest.mark.rule("SV-NAT-05", "SV-AMB-16")
def test_the_lowest_numbered_marine_among_unnumbered_hexes_is_clockwise_from_north():
    # a Soldier dies in 126; Marines wait in u1.13 (south of it) and u2.13 (south-east)
    state, _, log = soldier_dies_at("126", {"Squad 1": "u1.13", "Squad 2": "u2.13"}, face=2)
    assert state.unit("Squad 2").nat == "tainted" and state.unit("Squad 1").nat == ""
    assert log[0][3][-1] == "SV-AMB-16" and log[0][4] == f"{DISTANCE}; {ORDER_WHY}"


@pytest.mark.rule("SV-AMB-16")
def test_the_variant_puts_the_unnumbered_hex_first():
    state, _, log = soldier_dies_at("126", {"Squad 1": 124, "Squad 2": "u1.13"}, face=2)
    assert state.unit("Squad 1").nat == "tainted"  # 124: numbered hexes first
    state, _, log = soldier_dies_at("126", {"Squad 1": 124, "Squad 2": "u1.13"}, face=2,
                                    variants=["unnumbered_hexes_first"])
    assert state.unit("Squad 2").nat == "tainted"
    assert log[0][4].endswith("variant unnumbered_hexes_first (other reading of SV-AMB-16)")


@pytest.mark.rule("SV-AMB-22")
def test_the_variant_reaches_only_marines_that_see_the_hex():
    state, _, log = soldier_dies_at("111", {"Squad 1": 113}, face=2,
                                    variants=["nat_needs_line_of_sight"])
    assert state.unit("Squad 1").nat == "tainted" and log[0][4] == MAP  # no distance reading
    state, ctx, log = soldier_dies_at("111", {"Squad 1": 113, "Squad 2": "u1.13",
                                              "Drone #4": 112}, face=2,
                                      variants=["nat_needs_line_of_sight"])
    assert state.unit("Squad 1").nat == "" and purposes(ctx) == []  # the Drone in 112 blocks
    assert log[0][:3] == ("No Marine within 2 hexes of 111: no NAT roll", J7, "info")


@pytest.mark.rule("SV-NAT-01")
def test_the_nat_range_is_the_datas():
    state = table({"Squad 1": 411})
    ctx = Context(dice=ScriptedDice([2]),
                  data=load_game_data({"tables:nat.range": 1}))
    log = records(run(nat_roll(state, ctx, state.unit("Soldier #1"), "413")))
    assert log[0][0] == "No Marine within 1 hexes of 413: no NAT roll"
    assert state.unit("Squad 1").nat == ""


# -- the NAT Effect Phase (§H) ---------------------------------------------------------------------


@pytest.mark.rule("SV-NATFX-01")
def test_each_infected_marine_rolls_lowest_hex_first_and_dies_on_one_to_four():
    state = table({"Squad 1": 413, "Squad 2": 411, "Squad 3": 415})
    for uid in ("Squad 1", "Squad 2"):
        state.unit(uid).nat = "infected"
    state.unit("Squad 3").nat = "tainted"  # Tainted Marines do not roll
    ctx = dice(5, 4)
    log = records(run(nat_effect_phase(state, ctx)))
    assert log == [
        ("NAT Effect: Squad 2 rolls 5 (dies on 1-4): survives", "Space Vermin §H", "roll", ("SV-NATFX-01",), "",
         {"unit": "Squad 2", "roll": 5}),
        ("NAT Effect: Squad 1 rolls 4 (dies on 1-4): dies", "Space Vermin §H", "roll", ("SV-NATFX-01",), "",
         {"unit": "Squad 1", "roll": 4}),
        ("Squad 1 is eliminated", "Space Vermin §H", "combat", ("SV-NATFX-01",), "",
         {"unit": "Squad 1", "at": "413"}),
    ]
    assert purposes(ctx) == ["NAT Effect Squad 2", "NAT Effect Squad 1"]
    assert state.unit("Squad 2").on_map and not state.unit("Squad 1").on_map


@pytest.mark.rule("SV-NATFX-01")
def test_the_deadly_rolls_of_the_nat_effect_phase_are_the_datas():
    state = table({"Squad 1": 411})
    state.unit("Squad 1").nat = "infected"
    ctx = Context(dice=ScriptedDice([5]),
                  data=load_game_data({"tables:nat.infected_dies_on_at_most": 5}))
    run(nat_effect_phase(state, ctx))
    assert state.unit("Squad 1").status == "eliminated"


@pytest.mark.rule("SV-AMB-22")
def test_the_line_of_sight_variant_may_come_from_the_context_alone():
    state = table({"Squad 1": 113, "Drone #4": 112})  # the Drone in 112 blocks 113's sight of 111
    ctx = dice(variants=["nat_needs_line_of_sight"])
    log = records(run(nat_roll(state, ctx, state.unit("Soldier #1"), "111")))
    assert log[0][:3] == ("No Marine within 2 hexes of 111: no NAT roll", J7, "info")


@pytest.mark.rule("SV-AMB-22", "SV-TERR-05")
def test_the_line_of_sight_variant_reads_the_contexts_map():
    """A designer's map edit (a Building in 112, which blocks sight) reaches the NAT roll."""
    terrain = DATA.maps["alpha"].terrain
    buildings = [int(lab) for lab, kind in terrain.items() if kind == "building"] + [112]
    data = load_game_data({"alpha:terrain.building": buildings})
    state = table({"Squad 1": 113})
    state.variants = ["nat_needs_line_of_sight"]
    ctx = Context(dice=ScriptedDice([]), data=data)
    log = records(run(nat_roll(state, ctx, state.unit("Soldier #1"), "111")))
    assert log[0][:3] == ("No Marine within 2 hexes of 111: no NAT roll", J7, "info")
    assert state.unit("Squad 1").nat == ""

"""The M.A.D. Scientist (§J-5), event by event: building a Secret Weapon in a Lab, and detonating
it a later turn. Each event is checked whole (message, rule, kind, catalogue IDs, assumption,
data), each decision by who answers it, and each die by what it was rolled for."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.actions import legal_actions
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.provenance import weapon_reason
from rules_lib.games.space_vermin.scientist import (
    build_secret_weapon,
    detonate_secret_weapon,
    secret_weapon_targets,
)
from rules_lib.games.space_vermin.state import MARINES

from .sv_helpers import ALPHA, DATA, dice, event_records, first_decision, run, table

J5A = "Space Vermin §J-5-a"
J5B = "Space Vermin §J-5-b"
DOC = "M.A.D. Scientist"
HIT_IDS = ("SV-MAD-05", "SV-MAD-09")


def armed(placements, weapons, turn=2, built=1):
    state = table(placements, secret_weapons_left=list(weapons), turn=turn)
    doc = state.unit(DOC)
    doc.weapon_ready, doc.weapon_built_turn = True, built
    return state


def flipped_back(name):
    return (f"{DOC} flips back to his motorcycle side; {name} is removed from play", J5B, "move",
            ("SV-MAD-07",), "", {"unit": DOC})


# -- building (§J-5-a) ----------------------------------------------------------------------------


@pytest.mark.rule("SV-MAD-01", "SV-MAD-02", "SV-MAD-03")
def test_building_spends_the_whole_ma_in_the_lab_and_readies_the_weapon_this_turn():
    state = table({DOC: 213}, secret_weapons_left=["The Alley Cat"], turn=4)
    events = run(build_secret_weapon(state, dice(), DOC))
    assert event_records(events) == [(
              (f"{DOC} spends his whole MA in the Lab at 213 and builds a Secret Weapon (usable from next "
              "turn)"), J5A, "move", ("SV-MAD-01", "SV-MAD-02", "SV-MAD-03"), "", {"unit": DOC})]
    doc = state.unit(DOC)
    assert doc.weapon_ready and doc.weapon_built_turn == 4


@pytest.mark.rule("SV-MAD-01")
@pytest.mark.parametrize("where,left,ready,offered", [
    (213, ["The Alley Cat"], False, True),     # the College Lab
    (564, ["The Alley Cat"], False, True),     # the High School Lab
    (214, ["The Alley Cat"], False, False),    # no Lab
    (213, [], False, False),                   # no chit left
    (213, ["The Alley Cat"], True, False),     # already carrying one
])
def test_the_scientist_may_build_only_in_a_lab_unarmed_with_a_chit_left(where, left, ready,
                                                                       offered):
    state = table({DOC: where}, secret_weapons_left=left, turn=3)
    state.unit(DOC).weapon_ready, state.unit(DOC).weapon_built_turn = ready, 3
    assert (act.BUILD in legal_actions(DATA, ALPHA, state, DOC)) == offered


@pytest.mark.rule("SV-MAD-03", "SV-MAD-04")
@pytest.mark.parametrize("built,turn,left,offered", [
    (1, 2, ["The Fat Cat"], True), (2, 2, ["The Fat Cat"], False), (1, 2, [], False)])
def test_the_weapon_may_be_detonated_from_the_turn_after_it_was_built(built, turn, left, offered):
    state = armed({DOC: 411}, left, turn=turn, built=built)
    assert (act.DETONATE in legal_actions(DATA, ALPHA, state, DOC)) == offered


@pytest.mark.rule("SV-MAD-04")
def test_an_unarmed_scientist_cannot_detonate():
    state = table({DOC: 411}, secret_weapons_left=["The Fat Cat"], turn=3)
    state.unit(DOC).weapon_built_turn = 1
    assert act.DETONATE not in legal_actions(DATA, ALPHA, state, DOC)


# -- detonating (§J-5-b) --------------------------------------------------------------------------


@pytest.mark.rule("SV-MAD-04", "SV-MAD-05", "SV-MAD-09")
def test_a_rolled_weapon_reduces_the_victims_the_player_picks_in_number_order():
    state = armed({DOC: 411, "Soldier #1": 413, "Drone #4": 412, "Ultra-Mite #2": 441},
                  ["The Tomcat", "The Cheshire Cat"])
    # chit 1 of 2: The Tomcat; range 1 + 1 = 2; count 3 halved up = 2
    proc = detonate_secret_weapon(state, dice(1, 1, 3), DOC)
    ask = first_decision(proc)
    assert (ask.player, ask.kind, ask.options, ask.rule) == (
        MARINES, "secret_weapon_target", ["Drone #4", "Soldier #1", "Ultra-Mite #2", "no more"],
        J5B)
    why = weapon_reason(DATA, "The Tomcat")
    state = armed({DOC: 411, "Soldier #1": 413, "Drone #4": 412, "Ultra-Mite #2": 441},
                  ["The Tomcat", "The Cheshire Cat"])
    ctx = dice(1, 1, 3)
    events = run(detonate_secret_weapon(state, ctx, DOC), answers=["Soldier #1", "Drone #4"])
    assert ctx.dice.log == [("Secret Weapon chit", 2, 1), ("The Tomcat range", 6, 1),
                            ("The Tomcat count", 6, 3)]
    assert event_records(events) == [
              ((f"{DOC} detonates The Tomcat: range 2 (die 1 +1), up to 2 Vermites (die 3 divided by 2, "
               "rounded up), effect reduce"), J5B, "combat", ("SV-MAD-04", "SV-MAD-05"), why,
               {"weapon": "The Tomcat", "range": 2, "count": 2}),
              ("Soldier #1 is flipped to its Reduced side", J5B, "combat", HIT_IDS, why,
               {"unit": "Soldier #1"}),
              ("Drone #4 is flipped to its Reduced side", J5B, "combat", HIT_IDS, why,
               {"unit": "Drone #4"}),
              flipped_back("The Tomcat"),
          ]


@pytest.mark.rule("SV-MAD-05")
def test_the_player_may_stop_picking_victims_early():
    state = armed({DOC: 411, "Soldier #1": 413, "Drone #4": 412}, ["The Tomcat"])
    run(detonate_secret_weapon(state, dice(1, 3), DOC), answers=["Drone #4", "no more"])
    assert state.unit("Drone #4").reduced and not state.unit("Soldier #1").reduced
    assert state.secret_weapons_left == [] and state.unit(DOC).weapon_ready is False


@pytest.mark.rule("SV-MAD-05")
def test_a_victim_is_offered_once_and_the_count_stops_the_picking():
    state = armed({DOC: 411, "Soldier #1": 413, "Drone #4": 412}, ["The Tomcat"])
    proc = detonate_secret_weapon(state, dice(1, 1), DOC)  # count 1 halved up = 1
    first_decision(proc)
    after = proc.send("Drone #4")
    while not hasattr(after, "options"):
        after = next(proc)
        if getattr(after, "kind", "") == "move":
            break
    assert getattr(after, "kind", "") == "move"  # no second question: the weapon flips back
    state = armed({DOC: 411, "Soldier #1": 413, "Drone #4": 412}, ["The Tomcat"])
    proc = detonate_secret_weapon(state, dice(1, 3), DOC)
    first_decision(proc)
    second = proc.send("Drone #4")
    while not hasattr(second, "options"):
        second = next(proc)
    assert second.options == ["Soldier #1", "no more"]


@pytest.mark.rule("SV-MAD-06", "SV-MAD-09")
def test_a_fixed_weapon_eliminates_within_its_printed_range_without_dice():
    state = armed({DOC: 411, "Soldier #1": 413, "Drone #4": 412}, ["Schrödinger's Box"])
    ctx = dice(6, 6)  # no dice for the weapon: these are the victims' NAT rolls
    why = weapon_reason(DATA, "Schrödinger's Box")
    events = run(detonate_secret_weapon(state, ctx, DOC), answers=["Drone #4", "Soldier #1"])
    log = event_records(events)
    assert log[0] == ((f"{DOC} detonates Schrödinger's Box: range 2, up to 2 Vermites (no dice), "
                      "effect eliminate"), J5B, "combat", ("SV-MAD-04", "SV-MAD-06"), why,
                      {"weapon": "Schrödinger's Box", "range": 2, "count": 2})
    assert log[1] == ("Schrödinger's Box eliminates Drone #4", J5B, "combat", HIT_IDS, why,
                      {"weapon": "Schrödinger's Box", "unit": "Drone #4"})
    assert log[-1] == flipped_back("Schrödinger's Box")
    assert [label for label, _, _ in ctx.dice.log] == ["NAT roll for Drone #4",
                                                       "NAT roll for Soldier #1"]
    assert state.unit("Drone #4").status == "cup" and state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-MAD-08", "SV-CF-13")
def test_the_kitten_offers_only_drones_and_removes_them_from_the_game():
    state = armed({DOC: 411, "Drone #4": 412, "Soldier #1": 413}, ["The Kitten"])
    proc = detonate_secret_weapon(state, dice(1, 6), DOC)  # range 2, count 6 halved = 3
    assert first_decision(proc).options == ["Drone #4", "no more"]
    state = armed({DOC: 411, "Drone #4": 412, "Soldier #1": 413}, ["The Kitten"])
    run(detonate_secret_weapon(state, dice(1, 6, 6), DOC), answers=["Drone #4"])
    assert state.unit("Drone #4").status == "removed" and state.unit("Soldier #1").on_map


@pytest.mark.rule("SV-MAD-05")
def test_a_drone_weapon_with_only_other_vermites_in_range_finds_no_drone():
    state = armed({DOC: 411, "Soldier #1": 412}, ["The Kitten"])
    events = run(detonate_secret_weapon(state, dice(1, 6), DOC))
    assert event_records(events)[1] == (
              ("The Kitten finds no Drone it may affect within 2 hexes of 411 (Vermites in a Nest and "
              "Escorted Queens never count): it affects nothing"), J5B, "info", ("SV-MAD-05",),
              weapon_reason(DATA, "The Kitten"), {"weapon": "The Kitten", "range": 2})


@pytest.mark.rule("SV-MAD-05", "SV-PANTS-05")
def test_the_cheshire_cat_jolts_its_victims_with_the_weapons_provenance():
    state = armed({DOC: 411, "Soldier #1": 413}, ["The Cheshire Cat"])
    events = run(detonate_secret_weapon(state, dice(1, 1, 1, 2, 3), DOC), answers=["Soldier #1"])
    jolt = event_records(events)[1]
    assert jolt[:4] == ("Jolted! Soldier #1 is blasted from 413 to hex 123", J5B, "combat",
                        HIT_IDS + ("SV-PANTS-05",))
    assert jolt[4] == weapon_reason(DATA, "The Cheshire Cat")
    assert state.unit("Soldier #1").hex == "123"


@pytest.mark.rule("SV-MAD-05")
def test_secret_weapon_targets_skip_nests_and_count_the_range_from_the_scientist():
    state = table({DOC: 411, "Soldier #1": 413, "Drone #4": 414, "Soldier #3": "Nest 2",
                   "Ultra-Mite #2": 412})
    doc = state.unit(DOC)
    assert secret_weapon_targets(DATA, ALPHA, state, doc, 2, False) == [
        "Ultra-Mite #2", "Soldier #1"]
    assert secret_weapon_targets(DATA, ALPHA, state, doc, 3, True) == ["Drone #4"]


@pytest.mark.rule("SV-MAD-05")
def test_a_rolled_weapon_reads_its_range_modifier_from_the_games_data():
    state = armed({DOC: 411, "Soldier #1": 414}, ["The Tomcat"])  # 414: 3 hexes away
    ctx = Context(dice=ScriptedDice([1, 2]),
                  data=load_game_data({"tables:secret_weapon.range_modifier": 2}))
    proc = detonate_secret_weapon(state, ctx, DOC)
    assert first_decision(proc).options == ["Soldier #1", "no more"]


@pytest.mark.rule("SV-MAD-01", "SV-MAD-02")
@pytest.mark.parametrize("ma,offered", [(0, False), (1, True)])
def test_building_needs_a_movement_allowance_to_spend(ma, offered):
    data = load_game_data({"counters:marines.mad_scientist.full.ma": ma})
    state = table({DOC: 213}, secret_weapons_left=["The Alley Cat"], turn=3)
    assert (act.BUILD in legal_actions(data, ALPHA, state, DOC)) == offered


@pytest.mark.rule("SV-MAD-05")
def test_a_vermite_in_a_nest_within_range_is_never_offered():
    # Nest 2 and 453 are both 2 hexes from 451; the Drone in the Nest is left out, and the
    # Vermites after it (in counter order) are still looked at
    state = table({DOC: 451, "Drone #4": "Nest 2", "Soldier #1": 453, "Soldier #3": 452})
    assert secret_weapon_targets(DATA, ALPHA, state, state.unit(DOC), 2, False) == [
        "Soldier #3", "Soldier #1"]


@pytest.mark.rule("SV-MAD-05", "SV-MAD-09", "SV-NAT-04")
def test_a_reducing_weapon_eliminates_a_vermite_already_reduced():
    state = armed({DOC: 411, "Drone #4": 412}, ["The Tomcat"])
    state.unit("Drone #4").reduced = True
    ctx = dice(1, 1, 6)
    run(detonate_secret_weapon(state, ctx, DOC), answers=["Drone #4"])
    assert state.unit("Drone #4").status == "cup"
    assert ctx.dice.log[-1] == ("NAT roll for Drone #4", 6, 6)


@pytest.mark.rule("SV-MAD-09", "SV-S2-21")
def test_a_soldier_a_secret_weapon_eliminates_in_the_great_migration_leaves_the_game():
    state = armed({DOC: 411, "Soldier #1": 412}, ["Schrödinger's Box"])
    state.scenario = "great_migration"
    run(detonate_secret_weapon(state, dice(6), DOC), answers=["Soldier #1"])
    assert state.unit("Soldier #1").status == "eliminated"  # not back in the cup


@pytest.mark.rule("SV-MAD-05", "SV-MAD-09", "SV-PANTS-05", "SV-PANTS-08")
def test_a_victim_eliminated_by_an_earlier_victims_jolt_is_skipped_and_the_next_still_jolted():
    """The Cheshire Cat on three victims: the unescorted High Queen is pushed into 363, the
    lowest-numbered hex next to 413, eliminating Soldier #1 there; Soldier #1, chosen second, is
    gone, and Soldier #3, chosen third, is still jolted (to 123)."""
    state = armed({DOC: 412, "High Queen": 413, "Soldier #1": 363, "Soldier #3": 411},
                  ["The Cheshire Cat"])
    ctx = dice(6, 6, 6, 1, 2, 3)  # range 7, count 3, Soldier #1's NAT roll, Soldier #3's hex
    events = run(detonate_secret_weapon(state, ctx, DOC),
                 answers=["High Queen", "Soldier #1", "Soldier #3"])
    why = weapon_reason(DATA, "The Cheshire Cat")
    alpha_why = ("Mapzone Alpha layout: the map art is not in the rulebook (layout built from "
                 "SV-MF-01..30)")
    assert event_records(events) == [
        (("M.A.D. Scientist detonates The Cheshire Cat: range 7 (die 6 +1), up to 3 Vermites (die 6 "
         "divided by 2, rounded up), effect jolt"), J5B, "combat", ("SV-MAD-04", "SV-MAD-05"), why,
         {"weapon": "The Cheshire Cat", "range": 7, "count": 3}),
        (("Jolted! The unescorted Queen High Queen is pushed from 413 to the lowest-numbered "
         "adjacent hex 363; every unit there is eliminated"), J5B, "combat",
         HIT_IDS + ("SV-PANTS-08",), f"{why}; {alpha_why}", {"unit": "High Queen", "hex": "363"}),
        ("Soldier #1 is eliminated and returned to the Vermite Unit Cup", "Space Vermin §Q-1-c",
         "combat", ("SV-S1-12",), "", {"unit": "Soldier #1", "at": "363"}),
        ("NAT roll 6 (needs 1-3 for a Soldier): no infestation", "Space Vermin §J-7", "roll",
         ("SV-NAT-04",), "", {"roll": 6, "values": ["counters:vermites.soldier.nat_roll"]}),
        ("Jolted! Soldier #3 is blasted from 411 to hex 123", J5B, "combat",
         HIT_IDS + ("SV-PANTS-05",), why, {"faces": [1, 2, 3], "unit": "Soldier #3", "to": "123"}),
        flipped_back("The Cheshire Cat"),
    ]
    assert [(state.unit(u).status, state.unit(u).hex) for u in
            ("High Queen", "Soldier #1", "Soldier #3")] == [
        ("map", "363"), ("cup", None), ("map", "123")]

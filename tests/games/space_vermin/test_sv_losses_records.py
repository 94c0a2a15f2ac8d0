"""Losses and the phases after combat, event by event: a Marine eliminated (§F-2, §J-6, §J-7), a
Vermite flipped or eliminated and where it goes (§J, §Q-1-c, §Q-2-f), the Marines Recovery and NAT
Purging Phases (§K, §L) and the drawn Event Chit's event (§D, §P-1-b, the invented card). Each
event is checked whole (message, rule, kind, catalogue IDs, assumption, data): the log cites the
rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.space_vermin.chit_events import chit_effect, reset_turn_effects, resolve_event
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.marine_losses import eliminate_marine
from rules_lib.games.space_vermin.provenance import map_reason
from rules_lib.games.space_vermin.recovery import purging_phase, recovery_phase
from rules_lib.games.space_vermin.state import MARINES
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack
from rules_lib.games.space_vermin.vermite_losses import (
    KITTEN_ON_ALPHA_WHY,
    KITTEN_TO_CUP,
    KITTEN_TO_CUP_WHY,
    eliminate_vermite,
    step_vermite,
)

from .sv_helpers import DATA, dice, records, run, table
from .sv_turn_helpers import turn_table

F2 = "Space Vermin §F-2"
DAMAGE = ("SV-VATK-09", "SV-VATK-10", "SV-VATK-11")
MAP = map_reason(DATA, "alpha")


# -- a Marine eliminated (marine_losses) -----------------------------------------------------------


@pytest.mark.rule("SV-RV-04", "SV-VATK-11")
def test_an_rv_eliminated_with_a_jewel_says_the_jewel_stays_and_cites_sv_rv_04():
    """4 hits on the RV: its elimination event names the Jewel left in 233 and adds SV-RV-04 to
    the attack's IDs; the Jewel joins the one already lying in 233."""
    state = table({"RV 1": 233, "Ultra-Mite #2": 234}, jewels={"233": 1})
    state.unit("RV 1").jewels = 1
    events = run(vermite_attack(state, dice(6, 6, 6, 6, 6), ["Ultra-Mite #2"], "RV 1"))
    assert records(events)[1] == (
        "RV 1 is eliminated (4 hits); its Crown Jewel stays in 233", F2, "combat",
        DAMAGE + ("SV-RV-04",), "", {"unit": "RV 1", "at": "233"})
    assert state.jewels == {"233": 2} and state.unit("RV 1").jewels == 0


@pytest.mark.rule("SV-VATK-11")
def test_a_marine_eliminated_without_a_jewel_cites_only_the_attack_rules():
    state = table({"Squad 1": 233, "Ultra-Mite #2": 234})
    events = run(vermite_attack(state, dice(6, 6, 6, 6, 6), ["Ultra-Mite #2"], "Squad 1"))
    assert records(events)[1] == ("Squad 1 is eliminated (4 hits)", F2, "combat", DAMAGE, "",
                                  {"unit": "Squad 1", "at": "233"})
    assert state.jewels == {}


@pytest.mark.rule("SV-NAT-07", "SV-NAT-05")
def test_a_marked_marine_eliminated_by_a_nat_roll_loses_its_marker_and_adds_to_the_losses():
    """RV 1 (NAT Tainted) is the Marine a NAT roll of 1 hits: it leaves the map, its marker goes
    with it, and the Marines lost go from 2 to 3."""
    state = table({"RV 1": 412, "Squad 1": 416, "Soldier #1": 414}, marines_lost=2)
    state.unit("RV 1").nat = "tainted"
    events = run(resolve_fire(state, dice(6, 6, 6, 6, 1), "Squad 1", "Soldier #1"))
    assert records(events)[-1] == ("RV 1 is eliminated", "Space Vermin §J-7", "combat",
                                   ("SV-NAT-07",), "", {"unit": "RV 1", "at": "412"})
    rv = state.unit("RV 1")
    assert (rv.status, rv.hex, rv.nat, state.marines_lost) == ("eliminated", None, "", 3)


@pytest.mark.rule("SV-VATK-11")
def test_the_elimination_event_carries_the_assumption_its_caller_gives():
    state = table({"Squad 1": 233})
    events = run(eliminate_marine(state, dice(), state.unit("Squad 1"), F2, ("SV-VATK-11",),
                                  assumed="a stated reading", why="4 hits"))
    assert records(events) == [("Squad 1 is eliminated (4 hits)", F2, "combat", ("SV-VATK-11",),
                                "a stated reading", {"unit": "Squad 1", "at": "233"})]


# -- a Vermite flipped or eliminated (vermite_losses) ----------------------------------------------

J1, Q1C, Q2F = "Space Vermin §J-1", "Space Vermin §Q-1-c", "Space Vermin §Q-2-f"


def migration(placements, **fields):
    return table(placements, "beta", scenario="great_migration", **fields)


@pytest.mark.rule("SV-MCOMB-11")
def test_a_step_on_a_reduced_vermite_says_it_is_already_reduced_then_eliminates_it():
    state = table({"Squad 1": 416, "Soldier #1": 414}, vermites_eliminated=2)
    state.unit("Soldier #1").reduced = True
    events = run(resolve_fire(state, dice(6, 6, 1, 1, 6), "Squad 1", "Soldier #1"))
    assert records(events)[1:3] == [
        ("Soldier #1 is already Reduced", J1, "combat", ("SV-MCOMB-11",), "",
         {"unit": "Soldier #1"}),
        ("Soldier #1 is eliminated and returned to the Vermite Unit Cup", Q1C, "combat",
         ("SV-S1-12",), "", {"unit": "Soldier #1", "at": "414"}),
    ]
    soldier = state.unit("Soldier #1")
    assert (soldier.status, soldier.hex, soldier.reduced, state.vermites_eliminated) == (
        "cup", None, False, 3)


@pytest.mark.rule("SV-ANT-06")
def test_a_step_carries_its_callers_rule_ids_and_assumption_on_both_sides():
    state = table({"Soldier #1": 414})
    soldier = state.unit("Soldier #1")
    flip = run(step_vermite(state, dice(), soldier, "R", ("SV-ANT-06",), assumed="a reading"))
    assert records(flip) == [("Soldier #1 is flipped to its Reduced side", "R", "combat",
                              ("SV-ANT-06",), "a reading", {"unit": "Soldier #1"})]
    again = run(step_vermite(state, dice(), soldier, "R", ("SV-ANT-06",), assumed="a reading"))
    assert records(again)[0] == ("Soldier #1 is already Reduced", "R", "combat", ("SV-ANT-06",),
                                 "a reading", {"unit": "Soldier #1"})
    assert soldier.status == "cup"


@pytest.mark.rule("SV-S2-21")
@pytest.mark.parametrize("scenario,stage", [("great_migration", 0), ("campaign", 2)])
def test_a_warrior_killed_by_marine_fire_on_beta_goes_to_the_eliminated_pile(scenario, stage):
    """The Great Migration, and the campaign's second battle (its Great Migration stage)."""
    state = table({"Squad 1": 512, "Soldier #1": 513}, "beta", scenario=scenario,
                  campaign_stage=stage)
    events = run(resolve_fire(state, dice(6, 6, 6, 6, 6, 6), "Squad 1", "Soldier #1"))
    assert records(events)[2] == ("Soldier #1 is eliminated and put in the Eliminated pile", Q2F,
                                  "combat", ("SV-S2-21",), "", {"unit": "Soldier #1", "at": "513"})
    assert state.unit("Soldier #1").status == "eliminated"


@pytest.mark.rule("SV-S2-24")
def test_a_drone_killed_by_marine_fire_on_beta_goes_back_to_the_cup_citing_s2_24():
    state = migration({"Squad 1": 512, "Drone #4": 513})
    events = run(resolve_fire(state, dice(6, 6, 6, 6, 6, 6), "Squad 1", "Drone #4"))
    assert records(events)[2] == ("Drone #4 is eliminated and returned to the Vermite Unit Cup",
                                  Q2F, "combat", ("SV-S2-24",), "", {"unit": "Drone #4", "at": "513"})
    assert state.unit("Drone #4").status == "cup"


@pytest.mark.rule("SV-S2-24")
def test_a_warrior_killed_by_an_event_on_beta_goes_back_to_the_cup_citing_s2_24():
    state = migration({"Soldier #1": 513})
    events = run(eliminate_vermite(state, dice(), state.unit("Soldier #1"), cause="event"))
    assert records(events)[0] == ("Soldier #1 is eliminated and returned to the Vermite Unit Cup",
                                  Q2F, "combat", ("SV-S2-24",), "", {"unit": "Soldier #1", "at": "513"})


@pytest.mark.rule("SV-S2-24", "SV-CF-13")
def test_a_drone_the_kitten_shoots_down_on_beta_is_removed_from_the_game():
    state = migration({"Drone #4": 513})
    events = run(eliminate_vermite(state, dice(), state.unit("Drone #4"), cause="kitten"))
    assert records(events)[0] == ("Drone #4 is eliminated and removed from the game", Q2F,
                                  "combat", ("SV-S2-24", "SV-CF-13"), "",
                                  {"unit": "Drone #4", "at": "513"})
    assert state.unit("Drone #4").status == "removed"


@pytest.mark.rule("SV-S2-24", "SV-CF-13", "SV-S1-12")
def test_a_drone_the_kitten_shoots_down_on_alpha_leaves_the_game_saying_that_is_assumed():
    """Scenario 1 sends every eliminated Vermite back to the cup (§Q-1-c); the Kitten's exception
    is written in Scenario 2 only (§Q-2-f). The project applies it on Alpha too and says so: the
    event cites the Kitten's rule, not the cup's, and marks the reading assumed."""
    state = table({"Drone #4": 414})
    events = run(eliminate_vermite(state, dice(), state.unit("Drone #4"), cause="kitten"))
    assert records(events)[0] == ("Drone #4 is eliminated and removed from the game", Q2F,
                                  "combat", ("SV-S2-24", "SV-CF-13"), KITTEN_ON_ALPHA_WHY,
                                  {"unit": "Drone #4", "at": "414"})
    assert state.unit("Drone #4").status == "removed"


@pytest.mark.rule("SV-S1-12", "SV-CF-13")
def test_with_the_variant_a_drone_the_kitten_shoots_down_on_alpha_goes_back_to_the_cup():
    """The other reading (variant kitten_kills_go_to_the_cup_on_alpha): §Q-1-c's cup rule covers
    the Kitten's Drones on Alpha; the event cites §Q-1-c and names the variant."""
    state = table({"Drone #4": 414})
    ctx = dice(variants=[KITTEN_TO_CUP])
    events = run(eliminate_vermite(state, ctx, state.unit("Drone #4"), cause="kitten"))
    assert records(events)[0] == ("Drone #4 is eliminated and returned to the Vermite Unit Cup",
                                  "Space Vermin §Q-1-c", "combat", ("SV-S1-12",),
                                  KITTEN_TO_CUP_WHY, {"unit": "Drone #4", "at": "414"})
    assert state.unit("Drone #4").status == "cup"


@pytest.mark.rule("SV-S2-24", "SV-CF-13")
def test_the_kitten_variant_leaves_beta_alone_where_the_exception_is_written():
    state = migration({"Drone #4": 513})
    ctx = dice(variants=[KITTEN_TO_CUP])
    events = run(eliminate_vermite(state, ctx, state.unit("Drone #4"), cause="kitten"))
    assert records(events)[0] == ("Drone #4 is eliminated and removed from the game", Q2F,
                                  "combat", ("SV-S2-24", "SV-CF-13"), "",
                                  {"unit": "Drone #4", "at": "513"})
    assert state.unit("Drone #4").status == "removed"


@pytest.mark.rule("SV-S1-12", "SV-CF-13")
def test_the_kitten_variant_chosen_for_the_game_sends_an_alpha_drone_to_the_cup():
    """Set for the whole game (the state's variants), not only a test's context."""
    state = table({"Drone #4": 414})
    state.variants = [*state.variants, KITTEN_TO_CUP]
    run(eliminate_vermite(state, dice(), state.unit("Drone #4"), cause="kitten"))
    assert state.unit("Drone #4").status == "cup"


@pytest.mark.rule("SV-S2-15", "SV-TERR-16")
def test_a_queen_dying_where_she_lands_drops_her_jewel_there_and_frees_only_her_escort():
    """The High Queen (Reduced, carrying a Jewel) dies in 662 though her counter is in 665 (a
    Jolt's landing): the Jewel joins the one in 662, her Escort is free, Sister Queen's is not."""
    state = migration({"High Queen": 665, "Ultra-Mite #6": 665, "Ultra-Mite #7": 664},
                      jewels={"662": 1})
    queen = state.unit("High Queen")
    queen.jewels, queen.reduced = 1, True
    state.unit("Ultra-Mite #6").escort_of = "High Queen"
    state.unit("Ultra-Mite #7").escort_of = "Sister Queen"
    events = run(eliminate_vermite(state, dice(6), queen, at="662"))
    assert records(events)[0] == ("High Queen is eliminated and put in the Eliminated pile", Q2F,
                                  "combat", ("SV-S2-21",), "", {"unit": "High Queen", "at": "662"})
    assert (queen.status, queen.hex, queen.jewels, queen.reduced) == ("eliminated", None, 0, False)
    assert state.jewels == {"662": 2}
    assert (state.unit("Ultra-Mite #6").escort_of, state.unit("Ultra-Mite #7").escort_of) == (
        "", "Sister Queen")


@pytest.mark.rule("SV-S2-15")
def test_an_escort_eliminated_is_nobodys_escort_any_more():
    state = migration({"High Queen": 665, "Ultra-Mite #6": 665})
    escort = state.unit("Ultra-Mite #6")
    escort.escort_of = "High Queen"
    run(eliminate_vermite(state, dice(6), escort))
    assert (escort.status, escort.escort_of) == ("eliminated", "")


@pytest.mark.rule("SV-NAT-02", "SV-SUIC-03", "SV-AMB-01")
def test_a_suicide_drones_nat_roll_reaches_only_the_marine_it_attacked():
    """Squad 2 (411) is in a lower-numbered hex within 2 of the Drone, yet the NAT marker goes to
    Squad 1, the Marine the Drone dived into."""
    state = table({"Squad 1": 412, "Drone #4": 413, "Squad 2": 411})
    events = run(vermite_attack(state, dice(6, 1, 1, 1, 1, 1, 2), ["Drone #4"], "Squad 1",
                                suicide=True))
    assert records(events)[-1][3] == ("SV-NAT-04", "SV-NAT-06", "SV-NAT-02", "SV-SUIC-03",
                                      "SV-AMB-01")
    assert (state.unit("Squad 1").nat, state.unit("Squad 2").nat) == ("tainted", "")


# -- the Marines Recovery Phase (§K) and the NAT Purging Phase (§L) (recovery) -----------------------

K, L = "Space Vermin §K", "Space Vermin §L"
PURGE_ASKED = "Which Marine next to Logistics is purged?"


def purging(state, answers=()):
    """The Purging Phase's events and the decisions it asked, in order."""
    asked, events = [], []
    proc = purging_phase(state, dice())
    answers, answer = list(answers), None
    while True:
        try:
            item = proc.send(answer)
        except StopIteration:
            return asked, events
        answer = None
        if isinstance(item, Decision):
            asked.append((item.player, item.kind, item.prompt, item.options, item.rule))
            answer = answers.pop(0)
        else:
            events.append(item)


@pytest.mark.rule("SV-RECOV-01")
def test_a_disrupted_marine_away_from_every_vermite_recovers_and_the_event_says_where():
    """Squad 1 (411) recovers; Squad 2 (415) stays Disrupted next to Soldier #1 (416); Squad 3
    (full strength) is not mentioned."""
    state = table({"Squad 1": 411, "Squad 2": 415, "Squad 3": 413, "Soldier #1": 416})
    state.unit("Squad 1").reduced = state.unit("Squad 2").reduced = True
    events = run(recovery_phase(state, dice()))
    assert records(events) == [
        ("Squad 1 recovers to full strength (no Vermite next to 411)", K, "move",
         ("SV-RECOV-01",), MAP, {"unit": "Squad 1", "hex": "411"})]
    assert [state.unit(u).reduced for u in ("Squad 1", "Squad 2", "Squad 3")] == [
        False, True, False]


@pytest.mark.rule("SV-PURGE-01", "SV-PURGE-02")
def test_the_logistics_unit_purges_itself_then_its_one_marked_neighbour_without_a_question():
    """Logistics (Infected) flips to Tainted; Squad 1 (Tainted, 411) is its only marked
    neighbour, so it is purged with no decision; Squad 3 (Infected, 416) is not next to it."""
    state = table({"Logistics": 412, "Squad 1": 411, "Squad 2": 413, "Squad 3": 416})
    state.unit("Logistics").nat = "infected"
    state.unit("Squad 1").nat = "tainted"
    state.unit("Squad 3").nat = "infected"
    asked, events = purging(state)
    assert asked == []
    assert records(events) == [
        (("Logistics purges its own NATs: the NAT Infected marker is flipped to its NAT Tainted "
         "side"), L, "move", ("SV-PURGE-01", "SV-PURGE-02"), "", {"unit": "Logistics"}),
        ("Logistics purges Squad 1's NATs: the NAT Tainted marker is removed", L, "move",
         ("SV-PURGE-01",), MAP, {"unit": "Squad 1", "hex": "411"}),
    ]
    assert [state.unit(u).nat for u in ("Logistics", "Squad 1", "Squad 2", "Squad 3")] == [
        "tainted", "", "", "infected"]


@pytest.mark.rule("SV-PURGE-01")
def test_with_two_marked_neighbours_the_marines_choose_the_infected_one_offered_first():
    """Squad 1 (Tainted, 411) and Squad 2 (Infected, 413) are both next to the unmarked
    Logistics: the Marines are asked, the Infected one first though its hex number is higher;
    the one chosen is purged, the other keeps its marker."""
    state = table({"Logistics": 412, "Squad 1": 411, "Squad 2": 413})
    state.unit("Squad 1").nat = "tainted"
    state.unit("Squad 2").nat = "infected"
    asked, events = purging(state, answers=["Squad 1"])
    assert asked == [(MARINES, "purge", PURGE_ASKED, ["Squad 2", "Squad 1"], L)]
    assert records(events) == [
        ("Logistics purges Squad 1's NATs: the NAT Tainted marker is removed", L, "move",
         ("SV-PURGE-01",), MAP, {"unit": "Squad 1", "hex": "411"})]
    assert (state.unit("Squad 1").nat, state.unit("Squad 2").nat) == ("", "infected")


@pytest.mark.rule("SV-PURGE-01")
def test_marked_neighbours_of_the_same_level_are_offered_in_hex_number_order():
    state = table({"Logistics": 412, "Squad 1": 413, "Squad 2": 411})
    state.unit("Squad 1").nat = state.unit("Squad 2").nat = "infected"
    asked, events = purging(state, answers=["Squad 1"])
    assert asked == [(MARINES, "purge", PURGE_ASKED, ["Squad 2", "Squad 1"], L)]
    assert records(events) == [
        (("Logistics purges Squad 1's NATs: the NAT Infected marker is flipped to its NAT Tainted "
         "side"), L, "move", ("SV-PURGE-01",), MAP, {"unit": "Squad 1", "hex": "413"})]
    assert (state.unit("Squad 1").nat, state.unit("Squad 2").nat) == ("tainted", "infected")


@pytest.mark.rule("SV-PURGE-01")
def test_only_a_logistics_unit_purges_a_marked_marine_next_to_another_is_left_alone():
    """Squad 1 and Squad 2, both Infected and next to each other, purge nothing: no Logistics."""
    state = table({"Squad 1": 411, "Squad 2": 412})
    state.unit("Squad 1").nat = state.unit("Squad 2").nat = "infected"
    asked, events = purging(state)
    assert (asked, events) == ([], [])
    assert (state.unit("Squad 1").nat, state.unit("Squad 2").nat) == ("infected", "infected")


@pytest.mark.rule("SV-RECOV-01")
def test_recovery_reads_the_games_map_a_corrected_column_decides_who_is_next_to_a_vermite():
    """A designer's Mapzone Alpha whose column 10 lists 411 last, away from 412: Squad 1 in 411
    recovers though Soldier #1 in 412 touches it on the shipped map."""
    column = [431, 432, 433, 434, 435, 436, "-", "-", "-", 412, 413, 414, 415, 416, 411]
    corrected = load_game_data({"alpha:columns[10]": column})
    shipped_state = table({"Squad 1": 411, "Soldier #1": 412})
    state = placed_state({"Squad 1": 411, "Soldier #1": 412}, "alpha", data=corrected)
    for s in (shipped_state, state):
        s.unit("Squad 1").reduced = True
    assert run(recovery_phase(shipped_state, dice())) == []
    events = run(recovery_phase(state, Context(dice=ScriptedDice([]), data=corrected)))
    assert [e.message for e in events] == [
        "Squad 1 recovers to full strength (no Vermite next to 411)"]
    assert not state.unit("Squad 1").reduced


@pytest.mark.rule("SV-PURGE-01")
def test_purging_reads_the_games_data_a_logistics_unit_without_purge_purges_nothing():
    data = load_game_data({"counters:marines.logistics.purge": False})
    state = placed_state({"Logistics": 412, "Squad 1": 411}, "alpha", data=data)
    state.unit("Logistics").nat = state.unit("Squad 1").nat = "infected"
    events = run(purging_phase(state, Context(dice=ScriptedDice([]), data=data)))
    assert events == []
    assert (state.unit("Logistics").nat, state.unit("Squad 1").nat) == ("infected", "infected")

# -- the drawn Event Chit's event (chit_events) ------------------------------------------------------

CARD, D1 = "Space Vermin §D (Event Chit Card)", "Space Vermin §D-1"
INVENTED = ("invented_event_chit_card",)
DIRECTIONS_ONLY = ("effect not in the text: directions only (the least-invention reading; the "
                   "variant invented_event_chit_card plays the project's card)")
INVENTED_WHY = "invented Event Chit Card (variant invented_event_chit_card)"
NOT_NAMED = "chit not named in the text"


def chit(name, part="effect", **more):
    """The data of an event read from this part of the chit."""
    return {"chit": name, "chit_paths": ["name", part], **more}


def invented(name, why=NOT_NAMED):
    return f"{INVENTED_WHY}; {name}: {why}"


def event(state, name, *faces, first=True, variants=INVENTED):
    ctx = dice(*faces, variants=variants)
    return records(run(resolve_event(state, ctx, name, first))), list(ctx.dice.log)


@pytest.mark.rule("SV-EVT-04")
@pytest.mark.parametrize("name,why", [("NAT Plague", "the Event Chit Card is not in the text"),
                                      ("Scent Storm", NOT_NAMED)])
def test_without_the_variant_a_chit_only_sets_the_direction_and_says_why(name, why):
    state = turn_table({"Squad 1": 315}, name)
    state.unit("Squad 1").nat = "tainted"
    log, rolled = event(state, name, variants=())
    assert log == [((f"{name}: the Event Chit Card is not in the rulebook and the text states no "
                    f"effect for this chit: it only sets the direction"), CARD, "info",
                    ("SV-EVT-04",), f"{DIRECTIONS_ONLY}; {name}: {why}", chit(name))]
    assert (rolled, state.turn_events, state.unit("Squad 1").nat) == ([], [name], "tainted")


@pytest.mark.rule("SV-EVT-04")
def test_a_chit_the_project_wrote_no_card_for_only_sets_the_direction_with_the_variant_too():
    log, _ = event(turn_table({}, "Scent Storm"), "Scent Storm")
    assert log == [(("Scent Storm: the Event Chit Card is not in the rulebook and the text states no "
                    "effect for this chit: it only sets the direction"), CARD, "info",
                    ("SV-EVT-04",), f"{DIRECTIONS_ONLY}; Scent Storm: {NOT_NAMED}",
                    chit("Scent Storm"))]


@pytest.mark.rule("SV-EVT-04")
def test_invented_nat_plague_turns_every_tainted_marine_infected():
    state = turn_table({"Squad 1": 315, "Squad 2": 411, "Squad 3": 413}, "NAT Plague")
    state.unit("Squad 1").nat = state.unit("Squad 3").nat = "tainted"
    log, _ = event(state, "NAT Plague")
    assert log == [("NAT Plague: Squad 1, Squad 3 NAT Tainted -> Infected", CARD, "info",
                    ("SV-EVT-04",), invented("NAT Plague", "invented Event Chit Card"),
                    chit("NAT Plague", "invented_effect"))]
    assert [state.unit(u).nat for u in ("Squad 1", "Squad 2", "Squad 3")] == [
        "infected", "", "infected"]


@pytest.mark.rule("SV-EVT-04", "SV-S1-12")
def test_invented_molt_rolls_for_each_reduced_vermite_by_kind_dying_on_1_or_2():
    """Drone #4, Soldier #1, Ultra-Mite #2 (Reduced) roll in that order (kind, then number):
    2 kills the Drone, 3 restores the Soldier, 1 kills the Ultra-Mite; Soldier #3 (full
    strength) does not roll."""
    state = turn_table({"Soldier #1": 131, "Drone #4": 133, "Ultra-Mite #2": 135,
                        "Soldier #3": 136, "Squad 1": 315}, "Vermites Molt")
    for u in ("Soldier #1", "Drone #4", "Ultra-Mite #2"):
        state.unit(u).reduced = True
    log, rolled = event(state, "Vermites Molt", 2, 3, 1)
    why = invented("Vermites Molt", "invented Event Chit Card")
    molt = chit("Vermites Molt", "invented_effect")
    assert [r for r in log if r[1] == CARD] == [
        ("Vermites Molt: Drone #4 rolls 2 and dies", CARD, "roll", ("SV-EVT-04",), why,
         {**molt, "unit": "Drone #4"}),
        ("Vermites Molt: Soldier #1 rolls 3 and is back at full strength", CARD, "roll",
         ("SV-EVT-04",), why, {**molt, "unit": "Soldier #1"}),
        ("Vermites Molt: Ultra-Mite #2 rolls 1 and dies", CARD, "roll", ("SV-EVT-04",), why,
         {**molt, "unit": "Ultra-Mite #2"}),
    ]
    assert rolled == [("Vermites Molt Drone #4", 6, 2), ("Vermites Molt Soldier #1", 6, 3),
                      ("Vermites Molt Ultra-Mite #2", 6, 1)]
    assert [(state.unit(u).status, state.unit(u).reduced)
            for u in ("Drone #4", "Soldier #1", "Ultra-Mite #2", "Soldier #3")] == [
        ("cup", False), ("map", False), ("cup", False), ("map", False)]


@pytest.mark.rule("SV-EVT-04", "SV-S2-24")
def test_a_warrior_killed_by_invented_molt_on_beta_goes_back_to_the_cup():
    """An Event's victim is not killed by Marine combat: back to the cup, not the Eliminated
    pile (§Q-2-f)."""
    state = table({"Soldier #1": 513}, "beta", scenario="great_migration",
                  direction_chit="Vermites Molt")
    state.unit("Soldier #1").reduced = True
    log, _ = event(state, "Vermites Molt", 1)
    assert log[1] == ("Soldier #1 is eliminated and returned to the Vermite Unit Cup", Q2F,
                      "combat", ("SV-S2-24",), "", {"unit": "Soldier #1", "at": "513"})
    assert state.unit("Soldier #1").status == "cup"

@pytest.mark.rule("SV-EVT-04")
@pytest.mark.parametrize("name,message,field,value", [
    ("Swarm Surge", "Swarm Surge: Soldiers +1 MA this turn", "soldier_ma_bonus", 1),
    ("Fog Bank", "Fog Bank: Marines cannot fire beyond 3 hexes this turn", "fire_range_limit", 3),
    ("Drone Frenzy", "Drone Frenzy: Drones flock again after the Combat Step",
     "drones_flock_again", True),
])
def test_invented_one_turn_effects_are_set_and_logged(name, message, field, value):
    state = turn_table({}, name)
    log, _ = event(state, name)
    assert log == [(message, CARD, "info", ("SV-EVT-04",), invented(name),
                    chit(name, "invented_effect"))]
    assert getattr(state, field) == value


@pytest.mark.rule("SV-EVT-04")
def test_the_invented_cards_numbers_are_read_from_the_games_data():
    """A designer's card giving Swarm Surge +2 MA: the game's data, not the shipped files."""
    data = load_game_data({"chits:event_chits[5].invented_effect.ma_bonus": 2})
    state = placed_state({}, "alpha", data=data, direction_chit="Swarm Surge")
    ctx = Context(dice=ScriptedDice([]), variants=frozenset(INVENTED), data=data)
    events = run(resolve_event(state, ctx, "Swarm Surge", True))
    assert [e.message for e in events] == ["Swarm Surge: Soldiers +2 MA this turn"]
    assert state.soldier_ma_bonus == 2

@pytest.mark.rule("SV-EVT-04", "SV-SPAWN-01")
def test_invented_queens_call_adds_a_high_queen_spawn_on_alpha_only():
    alpha = turn_table({}, "Queen's Call")
    log, _ = event(alpha, "Queen's Call")
    assert log == [("Queen's Call: the High Queen spawns 1 more this turn", CARD, "info",
                    ("SV-EVT-04",), invented("Queen's Call"),
                    chit("Queen's Call", "invented_effect"))]
    assert (alpha.extra_spawn, alpha.extra_spawn_queen) == (1, "high_queen")
    beta = turn_table({}, "Queen's Call", "beta", scenario="great_migration")
    log, _ = event(beta, "Queen's Call")
    assert log == [("Queen's Call: no Queen spawns in Scenario 2", CARD, "info", ("SV-EVT-04",),
                    invented("Queen's Call"), chit("Queen's Call", "invented_effect"))]
    assert (beta.extra_spawn, beta.extra_spawn_queen) == (0, "")


@pytest.mark.rule("SV-EVT-04", "SV-S1-13")
def test_invented_tunnel_rumble_places_a_tunnel_exit_drawn_from_the_cup():
    """Exits 5, 2, 3 in the cup: a three-faced die picks among them in number order (2 -> '3')."""
    state = turn_table({}, "Tunnel Rumble", cup_tunnel_exits=["5", "2", "3"])
    log, rolled = event(state, "Tunnel Rumble", 2)
    assert log == [("Tunnel Exit 3 is placed open on hex 323 (Tunnel Rumble)",
                    "Space Vermin §P-2-m / §Q-1-c", "move", ("SV-S1-13", "SV-S1-15", "SV-TERR-25"),
                    invented("Tunnel Rumble"), {"exit": "3", "values": ["alpha:tunnel_exits[3]"]})]
    assert rolled == [("Tunnel Exit chit", 3, 2)]
    assert (state.tunnel_exits, state.cup_tunnel_exits) == ({"3": "open"}, ["5", "2"])


@pytest.mark.rule("SV-EVT-04", "SV-S1-13")
def test_invented_tunnel_rumble_with_one_exit_in_the_cup_places_it_without_a_roll():
    state = turn_table({}, "Tunnel Rumble", cup_tunnel_exits=["5"])
    log, rolled = event(state, "Tunnel Rumble")
    assert [r[0] for r in log] == ["Tunnel Exit 5 is placed open on hex 434 (Tunnel Rumble)"]
    assert (rolled, state.tunnel_exits) == ([], {"5": "open"})


@pytest.mark.rule("SV-EVT-04")
def test_invented_tunnel_rumble_places_nothing_with_an_empty_cup_or_on_beta():
    no_exit = ("Tunnel Rumble: no Tunnel Exit chit to place", CARD, "info", ("SV-EVT-04",),
               invented("Tunnel Rumble"), chit("Tunnel Rumble", "invented_effect"))
    empty = turn_table({}, "Tunnel Rumble", cup_tunnel_exits=[])
    assert event(empty, "Tunnel Rumble") == ([no_exit], [])
    beta = turn_table({}, "Tunnel Rumble", "beta", scenario="great_migration",
                      cup_tunnel_exits=["5"])
    assert event(beta, "Tunnel Rumble") == ([no_exit], [])
    assert (beta.tunnel_exits, beta.cup_tunnel_exits) == ({}, ["5"])


@pytest.mark.rule("SV-EVT-04")
def test_invented_acid_rain_disrupts_a_marine_outside_a_building_on_a_1():
    """Squad 1 in the Building 315 does not roll; Scout 1 (1) is Disrupted, Squad 2 (2) is not,
    Squad 3, already Disrupted, rolls a 1 to no effect."""
    state = turn_table({"Squad 1": 315, "Squad 2": 411, "Squad 3": 413, "Scout 1": 111},
                       "Acid Rain")
    state.unit("Squad 3").reduced = True
    log, rolled = event(state, "Acid Rain", 1, 2, 1)
    assert log == [("Acid Rain: Scout 1 rolls 1 and is Disrupted", CARD, "roll", ("SV-EVT-04",),
                    invented("Acid Rain"), chit("Acid Rain", "invented_effect", unit="Scout 1"))]
    assert rolled == [("Acid Rain Scout 1", 6, 1), ("Acid Rain Squad 2", 6, 2),
                      ("Acid Rain Squad 3", 6, 1)]
    assert [state.unit(u).reduced for u in ("Squad 1", "Squad 2", "Squad 3", "Scout 1")] == [
        False, False, True, True]


def invented_on(data):
    return Context(dice=ScriptedDice([1]), variants=frozenset(INVENTED), data=data)


@pytest.mark.rule("SV-EVT-04")
def test_invented_acid_rain_reads_the_games_map_for_buildings():
    """A designer's map making 411 a Building: Squad 1 there does not roll; Squad 2 does."""
    buildings = [313, 314, 315, 345, 346, 353, 354, 422, 423, 424, 435, 213, 564, 411]
    data = load_game_data({"alpha:terrain.building": buildings})
    state = placed_state({"Squad 1": 411, "Squad 2": 413}, "alpha", data=data)
    ctx = invented_on(data)
    events = run(resolve_event(state, ctx, "Acid Rain", True))
    assert [e.message for e in events] == ["Acid Rain: Squad 2 rolls 1 and is Disrupted"]
    assert ctx.dice.log == [("Acid Rain Squad 2", 6, 1)]


@pytest.mark.rule("SV-EVT-04", "SV-S1-13")
def test_invented_tunnel_rumble_reads_the_games_map_for_the_exits_hex():
    data = load_game_data({"alpha:tunnel_exits[5]": 436})
    state = placed_state({}, "alpha", data=data, cup_tunnel_exits=["5"])
    events = run(resolve_event(state, invented_on(data), "Tunnel Rumble", True))
    assert [e.message for e in events] == [
        "Tunnel Exit 5 is placed open on hex 436 (Tunnel Rumble)"]

@pytest.mark.rule("SV-EVT-07", "SV-EVT-08")
def test_burp_draws_a_second_chit_resolved_with_the_first_chits_directions():
    state = turn_table({}, "Queen's B.U.R.P.", event_cup=["Fog Bank", "Quiet Night"])
    log, rolled = event(state, "Queen's B.U.R.P.", 2, variants=())
    quiet = f"Quiet Night: {NOT_NAMED}"
    assert log == [
        ("Queen's B.U.R.P.: an additional chit is drawn; its direction numbers are ignored", D1,
         "info", ("SV-EVT-07", "SV-EVT-08"), "", chit("Queen's B.U.R.P.")),
        ("Event Chit drawn: Quiet Night", "Space Vermin §D", "roll", ("SV-EVT-02", "SV-AMB-11"),
         quiet, {"chit": "Quiet Night", "chit_paths": ["name"]}),
        ("Second chit Quiet Night: resolved with Queen's B.U.R.P.'s directions", D1, "info",
         ("SV-EVT-08",), quiet, {"chit": "Quiet Night", "chit_paths": ["name"]}),
        (("Quiet Night: the Event Chit Card is not in the rulebook and the text states no effect "
         "for this chit: it only sets the direction"), CARD, "info", ("SV-EVT-04",),
         f"{DIRECTIONS_ONLY}; {quiet}", chit("Quiet Night")),
    ]
    assert rolled == [("Event Chit", 2, 2)]
    assert (state.turn_events, state.event_cup, state.direction_chit) == (
        ["Queen's B.U.R.P.", "Quiet Night"], ["Fog Bank"], "Queen's B.U.R.P.")


@pytest.mark.rule("SV-EVT-07")
def test_burp_with_the_event_cup_empty_draws_nothing_and_says_so():
    state = turn_table({}, "Queen's B.U.R.P.", event_cup=[])
    log, rolled = event(state, "Queen's B.U.R.P.", variants=())
    assert log[1:] == [("No chit left to draw", D1, "info", ("SV-EVT-07",), "", {})]
    assert (rolled, state.turn_events) == ([], ["Queen's B.U.R.P."])


@pytest.mark.rule("SV-EVT-07", "SV-EVT-08", "SV-S1-17")
def test_bogs_flood_drawn_by_belch_floods_the_bogs_but_brings_no_sneak_attack():
    state = turn_table({}, "Ultra-Mite B.E.L.C.H.", event_cup=["Bogs Flood"])
    log, rolled = event(state, "Ultra-Mite B.E.L.C.H.", variants=())
    assert [r[1] for r in log] == [D1, "Space Vermin §D", D1, "Space Vermin §P-1-b", D1]
    assert log[-1][3] == ("SV-EVT-08",)
    assert (rolled, state.flooded, state.sneak_attack) == ([], True, False)
    assert state.turn_events == ["Ultra-Mite B.E.L.C.H.", "Bogs Flood"]


@pytest.mark.rule("SV-EVT-07", "SV-EVT-08")
def test_burp_drawing_a_chit_named_in_the_rulebook_assumes_nothing_for_its_name():
    """NAT Plague's name is the rulebook's (§E examples): the second-chit event assumes nothing,
    and with the variant the invented NAT Plague is then played."""
    state = turn_table({"Squad 1": 315}, "Queen's B.U.R.P.", event_cup=["NAT Plague"])
    state.unit("Squad 1").nat = "tainted"
    log, _ = event(state, "Queen's B.U.R.P.")
    assert log[2] == ("Second chit NAT Plague: resolved with Queen's B.U.R.P.'s directions", D1,
                      "info", ("SV-EVT-08",), "", {"chit": "NAT Plague", "chit_paths": ["name"]})
    assert state.unit("Squad 1").nat == "infected"


@pytest.mark.rule("SV-EVT-07", "SV-EVT-08")
def test_burp_reads_the_second_chit_in_the_games_data_a_renamed_chit_is_played():
    data = load_game_data({"chits:event_chits[14].name": "Calm Night"})
    state = placed_state({}, "alpha", data=data, direction_chit="Queen's B.U.R.P.",
                         event_cup=["Calm Night"])
    events = run(resolve_event(state, Context(dice=ScriptedDice([]), data=data),
                               "Queen's B.U.R.P.", True))
    assert events[2].assumed == "Calm Night: override: event_chits[14].name = 'Calm Night'"
    assert state.turn_events == ["Queen's B.U.R.P.", "Calm Night"]


@pytest.mark.rule("SV-EVT-07", "SV-TERR-03")
@pytest.mark.parametrize("index,name", [(0, "Queen's B.U.R.P."), (3, "Bogs Flood")])
def test_a_designers_edit_of_a_stated_chit_is_logged_as_the_events_assumption(index, name):
    """The rulebook states B.U.R.P. and Bogs Flood, so their events assume nothing; a chit
    edited in the game's data says so on its first event."""
    data = load_game_data({f"chits:event_chits[{index}].name": name})
    state = placed_state({}, "alpha", data=data, event_cup=[])
    events = run(resolve_event(state, Context(dice=ScriptedDice([]), data=data), name, True))
    assert events[0].assumed == f"{name}: override: event_chits[{index}].name = {name!r}"


@pytest.mark.rule("SV-EVT-04", "SV-SPAWN-01")
def test_invented_queens_call_names_the_queen_of_the_games_data():
    data = load_game_data({"counters:queens.high_queen.name": "Great Queen"})
    state = placed_state({}, "alpha", data=data)
    events = run(resolve_event(state, invented_on(data), "Queen's Call", True))
    assert [e.message for e in events] == ["Queen's Call: the Great Queen spawns 1 more this turn"]


@pytest.mark.rule("SV-EVT-04", "SV-NAT-01")
def test_a_vermite_killed_by_invented_molt_next_to_a_marine_sets_off_a_nat_roll():
    state = turn_table({"Soldier #1": 414, "Squad 1": 416}, "Vermites Molt")
    state.unit("Soldier #1").reduced = True
    log, rolled = event(state, "Vermites Molt", 1, 6)
    assert rolled == [("Vermites Molt Soldier #1", 6, 1), ("NAT roll for Soldier #1", 6, 6)]
    assert log[-1][:4] == ("NAT roll 6 (needs 1-3 for a Soldier): no infestation",
                           "Space Vermin §J-7", "roll", ("SV-NAT-04",))


@pytest.mark.rule("SV-EVT-04", "SV-S1-13")
def test_invented_tunnel_rumble_with_two_exits_in_the_cup_rolls_a_two_faced_die():
    state = turn_table({}, "Tunnel Rumble", cup_tunnel_exits=["5", "2"])
    _, rolled = event(state, "Tunnel Rumble", 2)
    assert rolled == [("Tunnel Exit chit", 2, 2)]
    assert (state.tunnel_exits, state.cup_tunnel_exits) == ({"5": "open"}, ["2"])

FLOODED = ("Bogs Flood: every Bog and every hex next to one is Flooded this turn",
           "Space Vermin §P-1-b", "info", ("SV-TERR-03",), "", chit("Bogs Flood"))


@pytest.mark.rule("SV-TERR-03", "SV-S1-17", "SV-S1-18", "SV-S1-19", "SV-AMB-03")
def test_bogs_flood_on_alpha_floods_the_bogs_and_is_the_sneak_attack():
    state = turn_table({}, "Bogs Flood")
    log, _ = event(state, "Bogs Flood", variants=())
    assert log == [FLOODED, (
        ("Vermite Sneak Attack: units leaving the map edge follow the trail to 221 / 613; no "
        "Soldier Tunnel Movement this turn"), "Space Vermin §Q-1-c", "info",
        ("SV-S1-17", "SV-S1-18", "SV-S1-19", "SV-AMB-03"),
        ("default reading of SV-AMB-03: a unit leaving the south (north) edge comes back in at the "
        "trail's end on the other edge"), chit("Bogs Flood", hexes=["221", "613"]))]
    assert (state.flooded, state.sneak_attack, state.magnetic_storm) == (True, True, False)


@pytest.mark.rule("SV-S1-17", "SV-AMB-03")
def test_the_sneak_attacks_trail_ends_are_read_from_the_games_map():
    data = load_game_data({"alpha:sneak_attack.nest_1.trail_end": 222})
    state = placed_state({}, "alpha", data=data)
    events = run(resolve_event(state, Context(dice=ScriptedDice([]), data=data), "Bogs Flood",
                               True))
    assert events[-1].data["hexes"] == ["222", "613"]

@pytest.mark.rule("SV-TERR-03", "SV-EVT-08")
@pytest.mark.parametrize("map_key,scenario", [("alpha", "family_jewels"),
                                              ("beta", "great_migration")])
def test_bogs_flood_drawn_second_floods_but_brings_no_sneak_attack_or_storm(map_key, scenario):
    state = turn_table({}, "Queen's B.U.R.P.", map_key, scenario=scenario)
    log, _ = event(state, "Bogs Flood", first=False,
                   variants=("magnetic_storm_without_flood",))
    assert log == [FLOODED, (
        ("Bogs Flood was drawn after Queen's B.U.R.P.: its direction numbers are ignored (§D-1), so "
        "neither the Sneak Attack nor the Magnetic Storm, both set by them, happens this turn"),
        D1, "info", ("SV-EVT-08",),
        ("reading: the Sneak Attack / Magnetic Storm come with Bogs Flood's direction numbers, "
        "which a second chit does not use (not stated)"), chit("Bogs Flood"))]
    assert (state.flooded, state.sneak_attack, state.magnetic_storm) == (True, False, False)


@pytest.mark.rule("SV-TERR-03", "SV-S2-19", "SV-AMB-10")
def test_bogs_flood_on_beta_floods_the_bogs_and_is_the_magnetic_storm():
    state = turn_table({}, "Bogs Flood", "beta", scenario="great_migration")
    log, _ = event(state, "Bogs Flood", variants=())
    assert log == [FLOODED, (
        ("Magnetic Storm: each moving unit rolls its own direction and ignores Scent Trails; the "
        "Bogs still flood"), "Space Vermin §Q-2-f", "info", ("SV-S2-19", "SV-AMB-10"),
        "default reading of SV-AMB-10: Bogs Flood floods in Scenario 2 too", chit("Bogs Flood"))]
    assert (state.flooded, state.sneak_attack, state.magnetic_storm) == (True, False, True)


@pytest.mark.rule("SV-S2-19", "SV-AMB-10")
def test_the_storm_without_flood_variant_brings_the_storm_alone_on_beta():
    state = turn_table({}, "Bogs Flood", "beta", scenario="great_migration")
    log, _ = event(state, "Bogs Flood", variants=("magnetic_storm_without_flood",))
    assert log == [(
        ("Magnetic Storm: each moving unit rolls its own direction and ignores Scent Trails; no Bog "
        "floods"), "Space Vermin §Q-2-f", "info", ("SV-S2-19", "SV-AMB-10"),
        "variant magnetic_storm_without_flood (other reading of SV-AMB-10)", chit("Bogs Flood"))]
    assert (state.flooded, state.magnetic_storm) == (False, True)


@pytest.mark.rule("SV-TERR-03", "SV-S1-17")
def test_the_storm_without_flood_variant_changes_nothing_on_alpha():
    state = turn_table({}, "Bogs Flood")
    log, _ = event(state, "Bogs Flood", variants=("magnetic_storm_without_flood",))
    assert log[0] == FLOODED
    assert (state.flooded, state.sneak_attack, state.magnetic_storm) == (True, True, False)


@pytest.mark.rule("SV-EVT-04")
def test_every_one_turn_event_effect_is_reset_for_the_next_turn():
    state = turn_table({}, "Fog Bank", flooded=True, sneak_attack=True, magnetic_storm=True,
                       soldier_ma_bonus=1, fire_range_limit=3, drones_flock_again=True,
                       extra_spawn=1, extra_spawn_queen="high_queen", turn_events=["Fog Bank"])
    reset_turn_effects(state)
    assert (state.flooded, state.sneak_attack, state.magnetic_storm, state.soldier_ma_bonus,
            state.fire_range_limit, state.drones_flock_again, state.extra_spawn,
            state.extra_spawn_queen, state.turn_events, state.direction_chit) == (
        False, False, False, 0, 0, False, 0, "", [], "")


def test_a_chit_not_in_the_data_is_refused_by_name():
    with pytest.raises(KeyError, match="chits.yaml: no Event Chit 'Green Rain'"):
        chit_effect(DATA, "Green Rain")


@pytest.mark.rule("SV-EVT-04")
def test_the_rulebooks_effect_is_read_without_the_variant_and_the_projects_with_it():
    assert chit_effect(DATA, "Fog Bank")["kind"] == "none"
    assert chit_effect(DATA, "Fog Bank", invented=True) == {
        "kind": "fog", "range": 3,
        "text": "Marine fire beyond 3 hexes is not allowed this turn."}
    assert chit_effect(DATA, "Scent Storm", invented=True)["kind"] == "none"

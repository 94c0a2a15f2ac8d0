"""Scenario set-ups (§C-1, §Q-1-a/b, §Q-2-a/b, §Q-3), event by event: each event checked whole
(message, rule, kind, catalogue IDs, assumption, data), each die by what it was rolled for and how
many faces it had, and the table the set-up leaves; a designer's data and map reach the set-up."""

from __future__ import annotations

import pytest

from rules_lib.core.data import DataError
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.scenarios import (
    new_state,
    scenario_table,
    setup_family_jewels,
    setup_great_migration,
)
from rules_lib.games.space_vermin.state import MARINES

from .sv_helpers import DATA, dice, records, run

Q1A = "Space Vermin §Q-1-a"
Q1B = "Space Vermin §Q-1-b"
Q2A = "Space Vermin §Q-2-a"
Q2B = "Space Vermin §Q-2-b"
ALPHA_WHY = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
BETA_WHY = "the map art is not in the rulebook (layout built from SV-MF-25..30)"
CHITS = ["Queen's B.U.R.P.", "Ultra-Mite B.E.L.C.H.", "NAT Plague", "Bogs Flood", "Vermites Molt",
         "Swarm Surge", "Tunnel Rumble", "Queen's Call", "Fog Bank", "Drone Frenzy", "Scent Storm",
         "Hive Mind", "Acid Rain", "Frogs Croak", "Quiet Night"]
WEAPONS = ["The Alley Cat", "The Kitten", "The Tomcat", "The Cheshire Cat", "The Fat Cat",
           "Schrödinger's Box"]


def designers(overrides, *faces) -> Context:
    return Context(dice=ScriptedDice(list(faces)), data=load_game_data(overrides))


def exit_placed(n: str, hex_: str):
    return (f"Tunnel Exit {n} is placed open on hex {hex_} (random at set-up)",
            "Space Vermin §P-2-m / §Q-1-c", "move", ("SV-S1-03",),
            (f"Tunnel Exit {n}'s hex (the map art is not in the rulebook (layout built from "
            "SV-MF-01..30))"), {"exit": n, "values": [f"alpha:tunnel_exits[{n}]"]})


def marine_set_up(uid: str, hex_: str):
    return [(f"Marines chooses '{hex_}': Where does {uid} start in New Lancaster?", Q1B,
             "decision", (), "", {"decision": "setup_hex", "choice": hex_}),
            (f"{uid} sets up in {hex_}", Q1B, "move", ("SV-S1-07",), ALPHA_WHY,
             {"unit": uid, "hex": hex_})]


@pytest.mark.rule("SV-S1-02", "SV-S1-03", "SV-S1-04", "SV-S1-05", "SV-S1-06", "SV-S1-07",
                  "SV-S1-08", "SV-S1-09", "SV-SETUP-02")
def test_family_jewels_set_up_event_by_event():
    """Die 5: the High Queen and a Jewel in Nest 2; Tunnel Exits by a d6 (1: exit 1) then a d5 of
    the five left (5: exit 6); the High Queen's 3 + 1 spawn, then the Sister Queen's 2, each drawn
    from the Vermites left in the cup (the Queens, the Child Queen too, never among them)."""
    state = new_state(DATA, "family_jewels")
    state.marines_entered = True
    ctx = dice(5, 1, 5, 1, 2, 3, 4, 22, 21)
    events = run(setup_family_jewels(state, ctx))
    assert records(events) == [
        ("Set-up die 5: the High Queen and 1 Crown Jewel in Nest 2, the Sister Queen in Nest 1",
         Q1A, "roll", ("SV-S1-02",), "", {"roll": 5}),
        exit_placed("1", "146"),
        exit_placed("6", "553"),
        ("4 random Vermites placed in High Queen's Nest (Nest 2): SN 3 + Jewels", Q1A, "move",
         ("SV-S1-04",), "", {"unit": "High Queen", "values": [
             "counters:queens.high_queen.sn", "counters:crown_jewels.spawn_bonus"]}),
        ("2 random Vermites placed in Sister Queen's Nest (Nest 1): SN 2 + Jewels", Q1A, "move",
         ("SV-S1-04",), "", {"unit": "Sister Queen", "values": [
             "counters:queens.sister_queen.sn", "counters:crown_jewels.spawn_bonus"]}),
        (("The other Vermites, the Child Queen and the remaining Tunnel Exits go into the Vermite "
         "Unit Cup"), "Space Vermin §C-1 / §Q-1-a", "info", ("SV-SETUP-02", "SV-S1-05"), "", {}),
        ("2 Crown Jewels each in 421 and 356", Q1A, "info", ("SV-S1-06",), "", {}),
        *marine_set_up("HQ 1", "423"), *marine_set_up("Logistics", "424"),
        *marine_set_up("Special Ops 1", "354"), *marine_set_up("Squad 1", "315"),
        *marine_set_up("Squad 2", "313"), *marine_set_up("Squad 3", "345"),
        *marine_set_up("Squad 4", "353"), *marine_set_up("Squad 5", "435"),
        (("Recovery Vehicles arrive at 656: RV 1 on turn 2, RV 2 on turn 4, RV 3 on turn 6; the "
         "Scientist is in the New Lancaster Convention Center (422)"), Q1B, "info",
         ("SV-S1-08", "SV-S1-09"), "", {}),
    ]
    assert ctx.dice.log == [
        ("High Queen's Nest", 6, 5), ("Tunnel Exit at set-up", 6, 1),
        ("Tunnel Exit at set-up", 5, 5), ("set-up spawn 1 for High Queen", 26, 1),
        ("set-up spawn 2 for High Queen", 25, 2), ("set-up spawn 3 for High Queen", 24, 3),
        ("set-up spawn 4 for High Queen", 23, 4), ("set-up spawn 1 for Sister Queen", 22, 22),
        ("set-up spawn 2 for Sister Queen", 21, 21)]
    assert (state.tunnel_exits, state.cup_tunnel_exits) == ({"1": "open", "6": "open"},
                                                            ["2", "3", "4", "5"])
    assert (state.jewels, state.nest_jewels, state.jewels_in_play) == (
        {"421": 2, "356": 2}, {"2": 1}, 5)
    assert state.event_cup == CHITS and state.secret_weapons_left == WEAPONS
    on_map = {u.id: u.hex for u in state.units if u.status == "map" and not u.is_marine}
    assert on_map == {"Drone #4": "Nest 2", "Drone #12": "Nest 2", "Drone #16": "Nest 2",
                      "Drone #23": "Nest 2", "Ultra-Mite #22": "Nest 1",
                      "Ultra-Mite #26": "Nest 1", "High Queen": "Nest 2", "Sister Queen": "Nest 1"}
    assert state.unit("Child Queen").status == "cup"
    rvs = [(state.unit(rv).status, state.unit(rv).arrival_turn) for rv in ("RV 1", "RV 2", "RV 3")]
    assert rvs == [("turn_track", 2), ("turn_track", 4), ("turn_track", 6)]


@pytest.mark.rule("SV-S1-06", "SV-SETUP-01")
def test_family_jewels_set_up_reads_the_games_data_and_map():
    """A designer's map (a Crown Jewel hex moved from 356 to 355, a second Marine entry hex 655),
    Event Chit (the fifteenth renamed) and scenario (two RVs on the turn track: the third is
    removed, the other Marines stay in the pool) reach the set-up."""
    data_overrides = {"alpha:crown_jewel_locations": [421, 355],
                      "alpha:marine_entry_hexes": [656, 655],
                      "scenarios:family_jewels.recovery_vehicles": {"RV 1": 2, "RV 2": 4},
                      "chits:event_chits[14].name": "Calm Night"}
    state = new_state(load_game_data(data_overrides), "family_jewels")
    ctx = designers(data_overrides, 5, 1, 5, 1, 2, 3, 4, 22, 21)
    log = records(run(setup_family_jewels(state, ctx)))
    assert ("2 Crown Jewels each in 421 and 355", Q1A, "info", ("SV-S1-06",), "", {}) in log
    assert log[-1] == (
        ("Recovery Vehicles arrive at 656 / 655: RV 1 on turn 2, RV 2 on turn 4; the Scientist is "
        "in the New Lancaster Convention Center (422)"), Q1B, "info", ("SV-S1-08", "SV-S1-09"),
        "", {})
    assert state.jewels == {"421": 2, "355": 2}
    assert state.event_cup == CHITS[:-1] + ["Calm Night"]
    assert [state.unit(rv).status for rv in ("RV 1", "RV 2", "RV 3")] == [
        "turn_track", "turn_track", "removed"]
    pool = sorted(u.id for u in state.units if u.is_marine and u.status == "pool")
    assert pool == ["A.N.T. Gun", "HQ 2", "Heavy Weapons 1", "Heavy Weapons 2", "Scout 1",
                    "Scout 2", "Special Ops 2", "Squad 6", "Squad 7"]


@pytest.mark.rule("SV-S1-04")
def test_a_designers_spawn_number_is_cited_as_the_designers():
    """The Sister Queen's SN made 3 by a designer: three Vermites in her Nest, the event citing
    the override."""
    data_overrides = {"counters:queens.sister_queen.sn": 3}
    state = new_state(load_game_data(data_overrides), "family_jewels")
    log = records(run(setup_family_jewels(state, designers(data_overrides,
                                                           5, 1, 5, 1, 2, 3, 4, 22, 21, 20))))
    assert log[4] == (
        "3 random Vermites placed in Sister Queen's Nest (Nest 1): SN 3 + Jewels", Q1A, "move",
        ("SV-S1-04",), "sister_queen sn (override: queens.sister_queen.sn = 3)",
        {"unit": "Sister Queen", "values": ["counters:queens.sister_queen.sn",
                                            "counters:crown_jewels.spawn_bonus"]})


def soldier_placed(uid: str, n: int, hex_: str, map_why: str = BETA_WHY):
    return (f"{uid} is placed on Entry hex {n} ({hex_})", Q2A, "move", ("SV-S2-03",),
            f"Entry hex {n} ({map_why})",
            {"unit": uid, "values": [f"beta:vermite_entry_hexes[{n}]"]})


def carries(queen: str, n: int):
    return ((f"{queen} carries {n} Crown Jewel(s) from battle 1 (handed out in the order High "
            "Queen, Sister Queen, Child Queen, High Queen)"), "Space Vermin §Q-3", "info",
            ("SV-CAMP-04",), "", {"unit": queen})


def after_battle_1(state):
    """What the end of a first battle may leave: Marines entered, counters turned over or due."""
    state.marines_entered = True
    state.event_cup, state.secret_weapons_left = ["Fog Bank"], []
    for u in state.units:
        u.arrival_turn = 3
    return state


@pytest.mark.rule("SV-S2-02", "SV-S2-03", "SV-S2-04", "SV-S2-05", "SV-S2-06", "SV-CAMP-04")
def test_great_migration_set_up_of_the_campaign_event_by_event():
    """Six Soldiers drawn for Entry hexes 1-6, the Marines off the east edge for Turn 1, and the
    four Crown Jewels of battle 1 handed to the Queens in order (High, Sister, Child, High)."""
    state = after_battle_1(new_state(DATA, "great_migration"))
    ctx = dice(1, 2, 3, 4, 5, 5)
    events = run(setup_great_migration(state, ctx, queen_jewels=4))
    assert records(events) == [
        soldier_placed("Soldier #1", 1, "111"), soldier_placed("Soldier #5", 2, "112"),
        soldier_placed("Soldier #11", 3, "113"), soldier_placed("Soldier #17", 4, "114"),
        soldier_placed("Soldier #21", 5, "115"), soldier_placed("Soldier #25", 6, "116"),
        (("The Drones join the remaining Soldiers in the Vermite Unit Cup; Queens and Ultra-Mites "
         "wait off the west edge for Turn 1"), Q2A, "info", ("SV-S2-02", "SV-S2-04"), "", {}),
        ("The Marines wait off the east edge and enter at 652, 661, 665", Q2B, "info",
         ("SV-S2-05", "SV-S2-06"), "", {}),
        carries("High Queen", 2), carries("Sister Queen", 1), carries("Child Queen", 1),
    ]
    assert ctx.dice.log == [(f"Soldier for Entry hex {n}", 11 - n, face)
                            for n, face in zip(range(1, 7), (1, 2, 3, 4, 5, 5))]
    assert state.marines_entered is False
    assert state.event_cup == CHITS and state.secret_weapons_left == WEAPONS
    assert state.jewels_in_play == 4
    off = sorted(u.id for u in state.units if u.is_marine and u.status == "off_map")
    assert off == ["HQ 1", "Logistics", "M.A.D. Scientist", "Squad 1", "Squad 2", "Squad 3",
                   "Squad 4"]
    assert all(state.unit(uid).arrival_turn == 1 for uid in off)
    pool = sorted(u.id for u in state.units if u.is_marine and u.status == "pool")
    assert pool == ["A.N.T. Gun", "HQ 2", "Heavy Weapons 1", "Heavy Weapons 2", "Scout 1",
                    "Scout 2", "Special Ops 1", "Special Ops 2", "Squad 5", "Squad 6", "Squad 7"]
    assert all(state.unit(rv).status == "removed" for rv in ("RV 1", "RV 2", "RV 3"))
    assert all(u.arrival_turn == 0 for u in state.units if u.id not in off)


@pytest.mark.rule("SV-S2-03")
def test_great_migration_set_up_reads_the_games_data_and_map():
    """A designer's map (Entry hex 6 at 126) and Event Chit (the fifteenth renamed) reach the
    set-up; without Jewels from a first battle no Queen carries one and nothing is said of it."""
    data_overrides = {"beta:vermite_entry_hexes[6]": 126,
                      "chits:event_chits[14].name": "Calm Night"}
    state = new_state(load_game_data(data_overrides), "great_migration")
    ctx = designers(data_overrides, 1, 2, 3, 4, 5, 5)
    events = run(setup_great_migration(state, ctx))
    log = records(events)
    assert log[5] == ("Soldier #25 is placed on Entry hex 6 (126)", Q2A, "move", ("SV-S2-03",),
                      "Entry hex 6 (override: vermite_entry_hexes[6] = 126)",
                      {"unit": "Soldier #25", "values": ["beta:vermite_entry_hexes[6]"]})
    assert state.unit("Soldier #25").hex == "126"
    assert state.event_cup == CHITS[:-1] + ["Calm Night"]
    assert len(log) == 8 and all(u.jewels == 0 for u in state.units)


def decisions_of(proc, answers: dict):
    """Drive a set-up, answering each Marine's set-up hex from ``answers`` (else its first
    option); every Decision as (player, kind, options, rule, data)."""
    out, send = [], None
    try:
        while True:
            item = proc.send(send)
            send = None
            if isinstance(item, Decision):
                out.append((item.player, item.kind, item.options, item.rule, item.data))
                send = answers.get(item.data["unit"], item.options[0])
    except StopIteration:
        return out


CITY = ["311", "312", "313", "314", "315", "316", "344", "345", "346", "336", "335", "334", "352",
        "353", "354", "355", "356", "361", "434", "435", "436", "u10.7", "u10.8", "u10.9", "421",
        "423", "424", "425", "426"]


@pytest.mark.rule("SV-S1-07")
def test_family_jewels_marines_are_offered_their_default_hex_first_unless_it_is_taken():
    """Each Marine's set-up decision offers its default hex first, then the free New Lancaster
    hexes (422, the Scientist's, never); HQ 1 set up in Logistics' default 424 leaves Logistics
    the free hexes only."""
    state = new_state(DATA, "family_jewels")
    asked = decisions_of(setup_family_jewels(state, dice(5, 1, 5, 1, 2, 3, 4, 22, 21)),
                         {"HQ 1": "424"})
    assert asked[0] == (MARINES, "setup_hex", ["423"] + [h for h in CITY if h != "423"], Q1B,
                        {"unit": "HQ 1"})
    assert asked[1] == (MARINES, "setup_hex", [h for h in CITY if h != "424"], Q1B,
                        {"unit": "Logistics"})
    firsts = [(d[4]["unit"], d[2][0]) for d in asked[2:]]
    assert firsts == [("Special Ops 1", "354"), ("Squad 1", "315"), ("Squad 2", "313"),
                      ("Squad 3", "345"), ("Squad 4", "353"), ("Squad 5", "435")]
    assert (state.unit("HQ 1").hex, state.unit("Logistics").hex) == ("424", "311")


# -- the scenarios' data and the table before set-up ------------------------------------------------


def test_an_unknown_scenario_is_refused_naming_the_scenarios():
    scenarios = DATA.sources["scenarios"].file
    with pytest.raises(DataError) as err:
        scenario_table(DATA, "beach")
    assert (err.value.file, err.value.path, err.value.problem) == (
        scenarios, ("beach",),
        "no scenario 'beach'; scenarios: family_jewels, great_migration, campaign")
    with pytest.raises(ValueError) as err:
        new_state(DATA, "beach")
    assert str(err.value) == ("space_vermin: unknown scenario 'beach'; scenarios: family_jewels, "
                              "great_migration, campaign")


@pytest.mark.rule("SV-S1-01", "SV-S2-01", "SV-CAMP-01")
@pytest.mark.parametrize("scenario,map_key,stage", [
    ("family_jewels", "alpha", 0), ("great_migration", "beta", 0), ("campaign", "alpha", 1)])
def test_the_table_before_set_up_is_the_first_battles_map_with_every_counter_off_it(
        scenario, map_key, stage):
    state = new_state(DATA, scenario)
    assert (state.scenario, state.map, state.campaign_stage) == (scenario, map_key, stage)
    assert [u.id for u in state.units] == [u.id for u in new_state(DATA, "family_jewels").units]
    assert all(u.hex is None for u in state.units)


@pytest.mark.rule("SV-S2-05")
def test_a_table_short_of_the_marines_a_set_up_needs_is_refused():
    """A table with three Squad counters cannot set up the four Squads of §Q-2-b."""
    state = new_state(DATA, "great_migration")
    state.units = [u for u in state.units
                   if u.id not in ("Squad 4", "Squad 5", "Squad 6", "Squad 7")]
    with pytest.raises(DataError) as err:
        run(setup_great_migration(state, dice(1, 2, 3, 4, 5, 5)))
    assert (err.value.file, err.value.path, err.value.problem) == (
        "scenarios.yaml", ("marines", "squad"), "needs 4 squad counters, the counter mix has 3")

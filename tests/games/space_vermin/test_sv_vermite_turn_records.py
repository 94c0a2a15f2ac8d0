"""The Vermite Action Phase's steps (§C-2-a, §D-1, §E-1, §P-2-l), event by event: each step's
header and each "does not move" line checked whole (message, rule, kind, catalogue IDs, assumption,
data), and the step the state is in while each event is logged (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Event
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.vermite_movement import ENTRANCE_CARRIERS_ONLY
from rules_lib.games.space_vermin.vermite_turn import (
    entrance_check,
    event_chit_step,
    movement_step,
    queen_step,
    regular_step,
    vermite_action_phase,
)

from .sv_helpers import DATA, dice, records, run
from .sv_turn_helpers import chit_for, turn_table

ORDER = [c.name for c in DATA.event_chits]
FOG_BANK_WHY = "Fog Bank: chit not named in the text"
ALPHA_MAP = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"


def with_step(proc, state):
    """Drive a procedure with no decisions: each event's message with the step it was logged in."""
    return [(e.message, state.step) for e in proc if isinstance(e, Event)]


def counter(state, unit):
    """Where a counter is: (status, hex)."""
    u = state.unit(unit)
    return (u.status, u.hex)


def cup_state(placements=None, map_key="alpha", cup=()):
    state = turn_table(placements or {}, "", map_key)
    state.event_cup = list(cup)
    return state


def no_reinforcements(state, ctx):
    yield Event(f"Reinforcements in the {state.step} step", rule="test", kind="info")


@pytest.mark.rule("SV-SEQ-04", "SV-EVT-02")
def test_an_empty_event_cup_draws_no_chit_and_sets_no_direction():
    state = cup_state({"Soldier #1": 241})
    events = run(event_chit_step(state, dice()))
    assert records(events) == [
        ("Event Chit Step", "Space Vermin §C-2-a-1", "step", ("SV-SEQ-03", "SV-SEQ-04"), "", {}),
        ("The Event Cup is empty: no chit this turn", "Space Vermin §D", "info", ("SV-EVT-02",),
         "", {}),
    ]
    assert state.step == "Event Chit" and state.direction_chit == ""


@pytest.mark.rule("SV-SEQ-04", "SV-EVT-05", "SV-EVT-06")
def test_on_alpha_the_preferred_direction_reads_both_the_blue_and_the_yellow_arrow():
    state = cup_state({"Soldier #1": 241}, cup=ORDER)
    events = run(event_chit_step(state, dice(ORDER.index("Fog Bank") + 1)))
    direction = next(e for e in events if e.rule == "Space Vermin §D-1")
    assert records([direction])[0] == (
        "Queen's Preferred Direction from Fog Bank: blue 6 south of the road, yellow 3 on or "
        "north of it",
        "Space Vermin §D-1", "info", ("SV-SEQ-04", "SV-EVT-05", "SV-EVT-06"), FOG_BANK_WHY,
        {"chit": "Fog Bank", "chit_paths": ["alpha_blue", "alpha_yellow"]})
    assert state.direction_chit == "Fog Bank"


@pytest.mark.rule("SV-SEQ-04", "SV-EVT-05")
def test_on_beta_the_preferred_direction_reads_the_one_scenario_2_arrow():
    state = cup_state({"Soldier #1": 241}, "beta", cup=ORDER)
    events = run(event_chit_step(state, dice(ORDER.index("Fog Bank") + 1)))
    direction = next(e for e in events if e.rule == "Space Vermin §D-1")
    assert records([direction])[0] == (
        "Queen's Preferred Direction from Fog Bank: 4",
        "Space Vermin §D-1", "info", ("SV-SEQ-04", "SV-EVT-05"), FOG_BANK_WHY,
        {"chit": "Fog Bank", "chit_paths": ["beta"]})
    assert state.direction_chit == "Fog Bank"


@pytest.mark.rule("SV-SEQ-05", "SV-AMB-14")
def test_alpha_movement_step_headers_name_steps_a_to_d_without_queens():
    state = cup_state()
    events = run(movement_step(state, dice()))
    assert records(events) == [
        ("Movement Step", "Space Vermin §C-2-a-2", "step", ("SV-SEQ-03", "SV-SEQ-05", "SV-AMB-14"),
         "", {}),
        ("a) Drone Movement and Suicide Attacks", "Space Vermin §E-1-a", "info",
         ("SV-SEQ-05", "SV-VMOV-06", "SV-VMOV-07"), "", {}),
        ("b) Ultra-Mite Movement", "Space Vermin §E-1-b", "info",
         ("SV-SEQ-05", "SV-UMITE-01", "SV-VMOV-07"), "", {}),
        ("c) Soldier Tunnel Movement", "Space Vermin §E-1-c", "info", ("SV-SEQ-05", "SV-TUN-01"),
         "", {}),
        ("d) Soldier Regular Movement", "Space Vermin §E-1-d", "info",
         ("SV-SEQ-05", "SV-SOLD-01", "SV-VMOV-07"), "", {}),
    ]
    assert state.step == "Movement"


@pytest.mark.rule("SV-SEQ-05", "SV-QUEEN-04")
def test_beta_movement_step_has_no_tunnel_step_and_ends_with_queens_and_escorts():
    state = cup_state(map_key="beta")
    events = run(movement_step(state, dice(), drones=False))
    assert [r[:4] for r in records(events)] == [
        ("Movement Step", "Space Vermin §C-2-a-2", "step", ("SV-SEQ-03", "SV-SEQ-05", "SV-AMB-14")),
        ("b) Ultra-Mite Movement", "Space Vermin §E-1-b", "info",
         ("SV-SEQ-05", "SV-UMITE-01", "SV-VMOV-07")),
        ("d) Soldier Regular Movement", "Space Vermin §E-1-d", "info",
         ("SV-SEQ-05", "SV-SOLD-01", "SV-VMOV-07")),
        ("e) Queens and Escorts Movement", "Space Vermin §E-1-e", "info",
         ("SV-SEQ-05", "SV-QUEEN-04")),
    ]


@pytest.mark.rule("SV-SEQ-03", "SV-SEQ-06")
def test_each_step_of_the_action_phase_is_logged_while_the_state_is_in_that_step():
    state = cup_state({"Squad 1": 315})
    log = with_step(vermite_action_phase(state, dice(), no_reinforcements), state)
    assert log == [
        ("Event Chit Step", "Event Chit"),
        ("The Event Cup is empty: no chit this turn", "Event Chit"),
        ("Movement Step", "Movement"),
        ("a) Drone Movement and Suicide Attacks", "Movement"),
        ("b) Ultra-Mite Movement", "Movement"),
        ("c) Soldier Tunnel Movement", "Movement"),
        ("d) Soldier Regular Movement", "Movement"),
        ("Combat Step", "Combat"),
        ("Reinforcement Step", "Reinforcement"),
        ("Reinforcements in the Reinforcement step", "Reinforcement"),
    ]


@pytest.mark.rule("SV-SEQ-03")
def test_combat_and_reinforcement_step_headers_cite_their_sections():
    state = cup_state({"Squad 1": 315})
    events = run(vermite_action_phase(state, dice(), no_reinforcements))
    heads = [r for r in records(events) if r[0] in ("Combat Step", "Reinforcement Step")]
    assert heads == [
        ("Combat Step", "Space Vermin §C-2-a-3", "step", ("SV-SEQ-03",), "", {}),
        ("Reinforcement Step", "Space Vermin §C-2-a-4", "step", ("SV-SEQ-03", "SV-SEQ-06"), "",
         {}),
    ]


@pytest.mark.rule("SV-VMOV-05")
def test_a_soldier_next_to_a_marine_stays_and_the_log_says_why():
    state = turn_table({"Squad 1": 315, "Soldier #1": 316}, "NAT Plague")
    events = run(regular_step(state, dice(), "soldier", "Soldier", "Space Vermin §E-1-d"))
    assert records(events) == [
        ("Soldier #1 in 316 is adjacent to a Marine and does not move (§E-1)",
         "Space Vermin §E-1-d", "move", ("SV-VMOV-05",), ALPHA_MAP,
         {"unit": "Soldier #1", "hex": "316"}),
    ]
    assert state.unit("Soldier #1").hex == "316"


@pytest.mark.rule("SV-UMITE-01", "SV-S2-12")
def test_an_escort_waits_in_the_ultra_mite_step_for_its_queen():
    state = turn_table({"High Queen": 141, "Ultra-Mite #2": 141}, "Fog Bank", "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    events = run(regular_step(state, dice(), "ultra_mite", "Ultra-Mite", "Space Vermin §E-1-b"))
    assert records(events) == [
        ("Ultra-Mite #2 is High Queen's Escort and moves with her (§E-1-b)",
         "Space Vermin §E-1-b", "info", ("SV-UMITE-01", "SV-S2-12"), "",
         {"unit": "Ultra-Mite #2"}),
    ]
    assert state.unit("Ultra-Mite #2").hex == "141"


@pytest.mark.rule("SV-QUEEN-01")
def test_a_queen_in_a_nest_stays_while_a_queen_outside_one_walks():
    state = turn_table({"High Queen": "Nest 1", "Sister Queen": 441}, "NAT Plague")
    events = run(queen_step(state, dice()))
    assert records(events)[0] == (
        "High Queen is in a Nest and cannot move", "Space Vermin §E-1-e", "info",
        ("SV-QUEEN-01",), "", {"unit": "High Queen"})
    assert (state.unit("High Queen").hex, state.unit("Sister Queen").hex) == ("Nest 1", "425")


@pytest.mark.rule("SV-EVT-04")
def test_drones_flock_a_second_time_after_combat_when_the_event_says_so():
    state = cup_state({"Drone #4": "Nest 2", "Squad 1": 315})
    state.drones_flock_again = True
    events = run(vermite_action_phase(state, dice(4, 4, 2, 1, 1, 1), no_reinforcements))
    messages = [e.message for e in events]
    again = messages.index("Drones flock a second time (event)")
    assert messages.index("Combat Step") < again < messages.index("Reinforcement Step")
    assert records(events)[again][1:] == (
        "Space Vermin §D (Event Chit Card)", "info", ("SV-EVT-04",),
        "invented Event Chit Card (variant invented_event_chit_card)", {})
    assert messages[again + 1] == "Drone #4 flocks from 442 to hex 111 (dice [1, 1, 1])"
    assert state.unit("Drone #4").hex == "111"


@pytest.mark.rule("SV-TERR-24", "SV-AMB-15")
def test_at_a_nest_tunnel_entrance_every_warrior_goes_home_but_a_drone_stays():
    state = turn_table({"Soldier #1": "u9.15", "Drone #4": "u9.15", "Ultra-Mite #2": "u11.1"},
                       "NAT Plague")
    state.unit("Ultra-Mite #2").jewels = 1
    run(entrance_check(state, dice()))
    assert [counter(state, u) for u in ("Soldier #1", "Drone #4", "Ultra-Mite #2")] == [
        ("cup", None), ("map", "u9.15"), ("cup", None)]
    assert state.nest_jewels == {"2": 1}


@pytest.mark.rule("SV-TERR-24", "SV-AMB-15")
def test_with_the_carriers_only_reading_a_warrior_without_a_jewel_stays_at_the_entrance():
    state = turn_table({"Soldier #1": "u9.15", "Ultra-Mite #2": "u11.1"}, "NAT Plague",
                       variants=[ENTRANCE_CARRIERS_ONLY])
    state.unit("Ultra-Mite #2").jewels = 1
    run(entrance_check(state, dice(variants=[ENTRANCE_CARRIERS_ONLY])))
    assert [counter(state, u) for u in ("Soldier #1", "Ultra-Mite #2")] == [
        ("map", "u9.15"), ("cup", None)]
    assert state.nest_jewels == {"2": 1}


@pytest.mark.rule("SV-TERR-24")
def test_a_marine_at_a_nest_tunnel_entrance_is_not_sent_to_the_cup():
    state = turn_table({"Squad 1": "u9.15"}, "NAT Plague")
    assert run(entrance_check(state, dice())) == []
    assert counter(state, "Squad 1") == ("map", "u9.15")


@pytest.mark.rule("SV-S2-19", "SV-EVT-05")
def test_on_beta_the_bogs_flood_chit_gives_no_arrow_but_a_die_per_unit():
    state = cup_state({"Soldier #1": 241}, "beta", cup=ORDER)
    events = run(event_chit_step(state, dice(ORDER.index("Bogs Flood") + 1)))
    direction = next(e for e in events if e.rule == "Space Vermin §D-1")
    assert (direction.message, direction.data) == (
        "Queen's Preferred Direction from Bogs Flood: a die per unit (Magnetic Storm)",
        {"chit": "Bogs Flood", "chit_paths": ["beta"]})


@pytest.mark.rule("SV-QUEEN-04")
def test_queens_move_in_the_rank_order_the_counter_data_gives():
    data = load_game_data({"counters:queens.high_queen.rank": 3,
                           "counters:queens.child_queen.rank": 1})
    state = turn_table({"Child Queen": 511, "Sister Queen": 521, "High Queen": 531},
                       chit_for("511", 4, "beta"), "beta")
    events = run(queen_step(state, Context(dice=ScriptedDice([]), data=data)))
    movers = [e.data["units"][0] for e in events if e.kind == "move" and "units" in e.data]
    assert movers == ["Child Queen", "Sister Queen", "High Queen"]


@pytest.mark.rule("SV-VMOV-05", "SV-SEQ-05")
def test_each_step_cites_its_own_section_for_a_warrior_held_by_a_marine():
    state = turn_table({"Squad 1": 315, "Soldier #1": 316, "Ultra-Mite #2": 314}, "NAT Plague")
    events = run(movement_step(state, dice(), drones=False))
    held = [(e.data["unit"], e.rule) for e in events if "does not move" in e.message]
    assert held == [("Ultra-Mite #2", "Space Vermin §E-1-b"), ("Soldier #1", "Space Vermin §E-1-d")]


@pytest.mark.rule("SV-VMOV-05", "SV-SOLD-01")
def test_a_soldier_held_by_a_marine_does_not_stop_the_next_soldier_moving():
    state = turn_table({"Squad 1": 315, "Soldier #1": 316, "Soldier #3": 441}, "NAT Plague")
    run(regular_step(state, dice(), "soldier", "Soldier", "Space Vermin §E-1-d"))
    assert state.unit("Soldier #1").hex == "316" and state.unit("Soldier #3").hex != "441"


@pytest.mark.rule("SV-UMITE-01", "SV-S2-12")
def test_an_escort_waiting_for_its_queen_does_not_stop_the_next_ultra_mite_moving():
    state = turn_table({"High Queen": 141, "Ultra-Mite #2": 141, "Ultra-Mite #6": 511},
                       chit_for("511", 4, "beta"), "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    run(regular_step(state, dice(), "ultra_mite", "Ultra-Mite", "Space Vermin §E-1-b"))
    assert state.unit("Ultra-Mite #2").hex == "141" and state.unit("Ultra-Mite #6").hex != "511"


@pytest.mark.rule("SV-S2-19", "SV-SEQ-05")
def test_in_a_magnetic_storm_ultra_mites_soldiers_and_queens_each_roll_in_their_step():
    state = turn_table({"Ultra-Mite #2": 511, "Soldier #1": 541, "High Queen": 531}, "Bogs Flood",
                       "beta", magnetic_storm=True)
    events = run(movement_step(state, dice(4, 4, 4), drones=False))
    assert [e.message for e in events if "rolls" in e.message] == [
        "Magnetic Storm: Ultra-Mite #2 rolls direction 4",
        "Magnetic Storm: Soldier #1 rolls direction 4",
        "Magnetic Storm: High Queen rolls direction 4",
    ]
    assert [state.unit(u).hex for u in ("Ultra-Mite #2", "Soldier #1", "High Queen")] == [
        "515", "543", "533"]

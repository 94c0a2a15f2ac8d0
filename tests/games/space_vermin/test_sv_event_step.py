"""The Event Chit Step (§C-2-a-1, §D), the events of the chit card (assumed), Sneak Attack (§Q-1-c),
Magnetic Storm (§Q-2-f) and the two-player option (§O)."""

from __future__ import annotations

import pytest

from rules_lib.core.boards.hex import direction_between
from rules_lib.games.space_vermin.events import fill_event_cup
from rules_lib.games.space_vermin.vermite_turn import event_chit_step, movement_step

from .sv_helpers import ALPHA, BETA, DATA, dice, run, texts
from .sv_turn_helpers import entered, turn_table

ORDER = [c.name for c in DATA.event_chits]


def chit_face(name: str, cup: list[str]) -> int:
    """The die face that draws this chit from the cup (a die with as many faces as chits)."""
    return cup.index(name) + 1


def fresh(placements=None, map_key="alpha", **fields):
    state = turn_table(placements or {}, "", map_key, **fields)
    state.event_cup = list(ORDER)
    return state


@pytest.mark.rule("SV-SEQ-04", "SV-EVT-03", "SV-EVT-04")
def test_event_step_draws_sets_the_direction_then_resolves_the_event():
    state = fresh({"Squad 1": 315})
    state.unit("Squad 1").nat = "tainted"
    events = run(event_chit_step(state, dice(chit_face("NAT Plague", ORDER))))
    log = texts(events)
    assert state.direction_chit == "NAT Plague" and "NAT Plague" not in state.event_cup
    assert log.index("Event Chit drawn") < log.index("Preferred Direction") < log.index(
        "NAT Plague: the Event Chit Card is not in the rulebook")
    assert state.unit("Squad 1").nat == "tainted"  # the text gives NAT Plague no effect


@pytest.mark.rule("SV-EVT-04")
def test_a_chit_whose_effect_the_text_omits_only_sets_the_direction_and_says_so():
    state = fresh({"Squad 1": 315, "Soldier #1": 131})
    state.unit("Squad 1").nat = "tainted"
    state.unit("Soldier #1").reduced = True
    for chit in ("NAT Plague", "Vermites Molt", "Fog Bank"):
        state.event_cup = list(ORDER)
        events = run(event_chit_step(state, dice(chit_face(chit, ORDER))))
        effect = next(e for e in events if e.data.get("chit_paths") == ["name", "effect"])
        assert "only sets the direction" in effect.message and effect.assumed
    assert state.unit("Squad 1").nat == "tainted" and state.unit("Soldier #1").reduced
    assert state.fire_range_limit == 0


@pytest.mark.rule("SV-EVT-04")
def test_the_invented_chit_card_variant_plays_the_projects_effects():
    for variants, nat in (((), "tainted"), (("invented_event_chit_card",), "infected")):
        state = fresh({"Squad 1": 315})
        state.unit("Squad 1").nat = "tainted"
        events = run(event_chit_step(state, dice(chit_face("NAT Plague", ORDER),
                                                 variants=variants)))
        assert state.unit("Squad 1").nat == nat
        assert all(e.assumed for e in events if e.data.get("chit") == "NAT Plague"
                   and "effect" in str(e.data.get("chit_paths")))


@pytest.mark.rule("SV-EVT-07", "SV-EVT-08")
def test_burp_draws_a_second_chit_whose_directions_are_ignored():
    state = fresh()
    first = chit_face("Queen's B.U.R.P.", ORDER)
    rest = [c for c in ORDER if c != "Queen's B.U.R.P."]
    events = run(event_chit_step(state, dice(first, chit_face("Fog Bank", rest),
                                             variants=("invented_event_chit_card",))))
    assert state.direction_chit == "Queen's B.U.R.P."
    assert state.turn_events == ["Queen's B.U.R.P.", "Fog Bank"]
    assert state.fire_range_limit == 3  # the (invented) Fog Bank event is resolved too
    assert "directions" in texts(events)


@pytest.mark.rule("SV-TWO-01", "SV-TWO-02")
def test_two_player_vermite_player_draws_two_and_picks_one():
    state = fresh()
    rest = [c for c in ORDER if c != "Hive Mind"]
    proc = event_chit_step(state, dice(chit_face("Hive Mind", ORDER),
                                       chit_face("Quiet Night", rest), variants=("two_player",)))
    events = run(proc, answers=["Quiet Night"])
    choice = next(e for e in events if e.kind == "decision")
    assert choice.message.startswith("Vermites chooses")
    assert state.direction_chit == "Quiet Night" and "Hive Mind" in state.event_cup


@pytest.mark.rule("SV-S1-17")
def test_bogs_flood_on_alpha_is_the_sneak_attack_south_4_north_1():
    # a Soldier south of the road (441) and one north of it (114), moved by the drawn chit
    state = fresh({"Soldier #1": 441, "Soldier #3": 114})
    run(event_chit_step(state, dice(chit_face("Bogs Flood", ORDER))))
    assert state.sneak_attack and state.flooded
    events = run(movement_step(state, dice(), drones=False))
    south = ALPHA.label(ALPHA.neighbor(ALPHA.hex("441"), 4))
    north = ALPHA.label(ALPHA.neighbor(ALPHA.hex("114"), 1))
    assert (entered(events, "Soldier #1")[0], entered(events, "Soldier #3")[0]) == (south, north)
    assert (south, north) == ("442", "113")
    assert "direction 4: the Bogs Flood chit's blue" in texts(events)


@pytest.mark.rule("SV-S2-19", "SV-S2-20")
def test_magnetic_storm_each_unit_rolls_its_direction_and_ignores_trails():
    state = fresh({"Soldier #1": 232}, "beta")
    run(event_chit_step(state, dice(chit_face("Bogs Flood", ORDER))))
    assert state.magnetic_storm and state.flooded  # flooding too (SV-AMB-10)
    events = run(movement_step(state, dice(1), drones=False))  # die 1 = north, off the trail
    assert entered(events, "Soldier #1")[0] == "231"
    assert "Magnetic Storm: Soldier #1 rolls direction 1" in texts(events)


@pytest.mark.rule("SV-S2-20")
def test_magnetic_storm_along_a_trail_still_pays_1_mp_per_trail_hex():
    state = turn_table({"Soldier #1": 356}, "Bogs Flood", "beta", magnetic_storm=True)
    d = direction_between(BETA.hex("356"), BETA.hex("u10.8"))  # onto the Bridge along the trail
    events = run(movement_step(state, dice(d), drones=False))
    step = next(e for e in events if e.kind == "step_detail")
    assert (step.data["units"], step.data["to"], step.data["mp"]) == (["Soldier #1"], "u10.8", 1)


@pytest.mark.rule("SV-EVT-04")
def test_invented_molt_reduced_vermites_die_on_1_2_recover_on_3_6():
    state = fresh({"Soldier #1": 131, "Soldier #3": 162})
    for u in ("Soldier #1", "Soldier #3"):
        state.unit(u).reduced = True
    run(event_chit_step(state, dice(chit_face("Vermites Molt", ORDER), 2, 5,
                                    variants=("invented_event_chit_card",))))
    assert state.unit("Soldier #1").status == "cup"
    assert state.unit("Soldier #3").on_map and not state.unit("Soldier #3").reduced


def test_fill_event_cup_puts_all_fifteen_chits_in():
    state = fresh()
    fill_event_cup(state, dice())
    assert len(state.event_cup) == 15

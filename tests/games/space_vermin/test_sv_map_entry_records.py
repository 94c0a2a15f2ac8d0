"""Marine Map Entry (§I-5), event by event: Designated Hex Entry with a Full Move, held off the
map while every entry hex is blocked (§I-5-a), and the Landing Zone drop (§I-5-b). Each event is
checked whole (message, rule, kind, catalogue IDs, assumption, data) and each die by what it was
rolled for."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.actions import legal_actions
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.full_move import MOVE_IDS
from rules_lib.games.space_vermin.map_entry import (
    designated_entry,
    landing_zone,
    landing_zone_hexes,
)
from rules_lib.games.space_vermin.provenance import map_reason
from rules_lib.games.space_vermin.state import MARINES

from .sv_helpers import ALPHA, BETA, DATA, dice, event_records, first_decision, run, table

I5A = "Space Vermin §I-5-a"
I5B = "Space Vermin §I-5-b"
ALPHA_WHY = map_reason(DATA, ALPHA.key)
BETA_WHY = map_reason(DATA, BETA.key)


def off_map(state, uid="Squad 1", arrival=0):
    u = state.unit(uid)
    u.status, u.hex, u.arrival_turn = "off_map", None, arrival
    return state


# -- Designated Hex Entry (§I-5-a) ----------------------------------------------------------------


@pytest.mark.rule("SV-ENTRY-03")
def test_a_vermite_on_the_only_entry_hex_holds_the_unit_off_the_map_from_this_turn():
    state = off_map(table({"Drone #4": 656}, turn=3))
    log = event_records(run(designated_entry(state, dice(), "Squad 1")))
    assert log == [("Every entry hex is blocked: Squad 1 is held off the map", I5A, "move",
                     ("SV-ENTRY-03",), ALPHA_WHY, {"unit": "Squad 1", "hexes": ["656"]})]
    u = state.unit("Squad 1")
    assert u.status == "off_map" and u.hex is None and u.arrival_turn == 3


@pytest.mark.rule("SV-ENTRY-03")
def test_a_unit_held_off_keeps_the_turn_it_was_first_due():
    state = off_map(table({"Drone #4": 656}, turn=3), arrival=2)
    run(designated_entry(state, dice(), "Squad 1"))
    assert state.unit("Squad 1").arrival_turn == 2


@pytest.mark.rule("SV-ENTRY-02", "SV-MMOV-05")
def test_an_entry_hex_next_to_a_vermite_ends_the_move_there():
    state = off_map(table({"Drone #4": 636}))
    assert first_decision(designated_entry(state, dice(), "Squad 1")).options == ["656"]
    log = event_records(run(designated_entry(state, dice(), "Squad 1"), answers=["656"]))
    assert log == [("Squad 1 enters the map and moves to 656 (1 MP)", I5A, "move",
                    ("SV-ENTRY-02",) + MOVE_IDS, ALPHA_WHY,
                    {"unit": "Squad 1", "to": "656", "hex": "656"})]
    u = state.unit("Squad 1")
    assert (u.status, u.hex, u.arrival_turn) == ("map", "656", 0)


@pytest.mark.rule("SV-ENTRY-02", "SV-MMOV-04")
def test_an_entry_hex_next_to_a_vermite_and_holding_a_marine_cannot_be_entered():
    state = off_map(table({"Drone #4": 636, "Squad 2": 656}))
    run(designated_entry(state, dice(), "Squad 1"))
    assert state.unit("Squad 1").status == "off_map"


@pytest.mark.rule("SV-ENTRY-02", "SV-MMOV-01", "SV-MMOV-04")
def test_entry_offers_every_hex_in_reach_cheapest_first_but_not_a_marine_hex():
    state = off_map(table({"Squad 2": 656}, turn=2), arrival=2)
    decision = first_decision(designated_entry(state, dice(), "Squad 1"))
    assert decision.options == [
        "655", "661", "636", "635", "654", "662", "641", "u16.7", "626", "625", "642", "634",
        "653", "u16.8", "561", "556", "555", "624", "554"]
    assert (decision.player, decision.kind, decision.rule) == (MARINES, "enter_to", I5A)
    log = event_records(run(designated_entry(state, dice(), "Squad 1"), answers=["635"]))
    assert log == [("Squad 1 enters the map and moves to 635 (2 MP)", I5A, "move",
                    ("SV-ENTRY-02",) + MOVE_IDS, ALPHA_WHY,
                    {"unit": "Squad 1", "to": "635", "hex": "635"})]
    u = state.unit("Squad 1")
    assert (u.status, u.hex, u.arrival_turn) == ("map", "635", 0)


# -- who may enter (§I-5) -------------------------------------------------------------------------


@pytest.mark.rule("SV-ENTRY-01")
@pytest.mark.parametrize("status,arrival,turn,offered", [
    ("off_map", 2, 2, [act.ENTER]),
    ("off_map", 1, 2, [act.ENTER]),
    ("off_map", 3, 2, []),
    ("off_map", 0, 2, []),
    ("turn_track", 2, 2, [act.ENTER]),
    ("pool", 2, 2, []),
])
def test_an_off_map_marine_may_enter_once_its_arrival_turn_has_come(status, arrival, turn,
                                                                   offered):
    state = table({}, turn=turn)
    u = state.unit("Squad 1")
    u.status, u.hex, u.arrival_turn = status, None, arrival
    assert legal_actions(DATA, ALPHA, state, "Squad 1") == offered


# -- the Landing Zone (§I-5-b) --------------------------------------------------------------------


@pytest.mark.rule("SV-LZ-01")
def test_landing_zone_hexes_are_clear_empty_numbered_and_free_of_chits_and_nat():
    state = table({"Squad 2": 112}, jewels={"113": 1, "114": 0})
    hexes = landing_zone_hexes(ALPHA, state)
    assert hexes[:6] == ["111", "114", "115", "116", "121", "122"]  # 112 Marine, 113 Jewel
    assert hexes == sorted(hexes, key=int)
    assert all(ALPHA.terrain_of(ALPHA.hex(x)) == "clear" for x in hexes)
    assert not any(ALPHA.hex(x) in ALPHA.nat_infestation for x in hexes)
    clear_numbered = [ALPHA.label(x) for x in ALPHA.board.locations()
                      if ALPHA.numbered(x) and ALPHA.terrain_of(x) == "clear"]
    assert len(hexes) == len(clear_numbered) - 2 - sum(
        1 for x in clear_numbered if ALPHA.hex(x) in ALPHA.nat_infestation)


@pytest.mark.rule("SV-LZ-01")
def test_a_tunnel_exit_chit_closes_its_hex_to_a_landing_zone():
    exit_hex = ALPHA.mdata.tunnel_exits[1]
    assert exit_hex in landing_zone_hexes(ALPHA, table({}))
    state = table({})
    state.tunnel_exits = [1]
    assert exit_hex not in landing_zone_hexes(ALPHA, state)


@pytest.mark.rule("SV-LZ-02", "SV-LZ-07")
def test_a_drop_on_target_lands_at_full_strength_in_the_aimed_hex():
    state = off_map(table({}, turn=3))
    ctx = dice(2)
    events = run(landing_zone(state, ctx, "Squad 1"), answers=["411"])
    assert event_records(events) == [("Squad 1's drop rolls 2: no drift, lands in 411 at full strength",
                                      I5B, "roll", ("SV-LZ-02", "SV-LZ-07"), "",
                                      {"unit": "Squad 1", "to": "411"})]
    assert ctx.dice.log == [("Landing Zone accuracy Squad 1", 6, 2)]
    u = state.unit("Squad 1")
    assert (u.status, u.hex, u.reduced, u.landed_turn) == ("map", "411", False, 3)


@pytest.mark.rule("SV-LZ-02", "SV-LZ-04")
def test_a_six_delays_the_drop_once_in_the_delayed_list():
    state = off_map(table({}, turn=3))
    events = run(landing_zone(state, dice(6), "Squad 1"), answers=["411"])
    assert event_records(events) == [("Squad 1's drop rolls 6: delayed until next turn", I5B, "roll",
                                      ("SV-LZ-02", "SV-LZ-04"), "", {"unit": "Squad 1"})]
    run(landing_zone(state, dice(6), "Squad 1"), answers=["411"])
    u = state.unit("Squad 1")
    assert state.lz_delayed == ["Squad 1"]
    assert (u.status, u.hex, u.landed_turn) == ("off_map", None, 0)


@pytest.mark.rule("SV-LZ-02", "SV-LZ-03", "SV-LZ-05")
def test_a_drift_moves_the_drop_by_the_halved_distance_die_and_lands_disrupted():
    state = off_map(table({}, turn=3))
    ctx = dice(4, 4, 3)  # drift; direction 4 (south); distance 3 halved up = 2
    events = run(landing_zone(state, ctx, "Squad 1"), answers=["411"])
    assert event_records(events) == [(
              ("Squad 1's drop rolls 4: drifts 2 hex(es) in direction 4 from 411 to 413 and lands "
              "Disrupted"), I5B, "roll", ("SV-LZ-02", "SV-LZ-03"), ALPHA_WHY,
              {"direction": 4, "distance": 2, "unit": "Squad 1", "hex": "413"})]
    assert ctx.dice.log == [("Landing Zone accuracy Squad 1", 6, 4),
                            ("Drift direction Squad 1", 6, 4), ("Drift distance Squad 1", 6, 3)]
    u = state.unit("Squad 1")
    assert (u.status, u.hex, u.reduced, u.landed_turn) == ("map", "413", True, 3)


@pytest.mark.rule("SV-LZ-03")
def test_a_drift_distance_of_one_or_two_moves_one_hex():
    state = off_map(table({}))
    run(landing_zone(state, dice(5, 1, 2), "Squad 1"), answers=["413"])
    assert state.unit("Squad 1").hex == "412"


@pytest.mark.rule("SV-LZ-03", "SV-LZ-06")
def test_a_drift_off_the_map_eliminates_the_drop():
    state = off_map(table({}, turn=3))
    events = run(landing_zone(state, dice(5, 4, 6), "Squad 1"), answers=["415"])
    assert event_records(events) == [
              ("Squad 1's drop rolls 5: drifts 3 hex(es) in direction 4 off the map and is eliminated",
               I5B, "roll", ("SV-LZ-02", "SV-LZ-03", "SV-LZ-06"), ALPHA_WHY,
               {"unit": "Squad 1", "hex": "415"}),
              ("Squad 1 is eliminated", I5B, "combat", ("SV-LZ-06",), "",
               {"unit": "Squad 1", "at": "415"}),
          ]
    u = state.unit("Squad 1")
    assert u.status == "eliminated" and u.landed_turn == 0


def designers(overrides, *faces, variants=()):
    """A context playing on a designer's data with these dice."""
    return Context(dice=ScriptedDice(list(faces)), data=load_game_data(overrides),
                   variants=frozenset(variants))


@pytest.mark.rule("SV-LZ-01")
def test_the_landing_zone_question_goes_to_the_marines():
    decision = first_decision(landing_zone(off_map(table({})), dice(), "Squad 1"))
    assert (decision.player, decision.kind, decision.rule) == (MARINES, "landing_zone", I5B)


@pytest.mark.rule("SV-LZ-03")
def test_a_drift_reads_the_distance_divisor_of_the_games_data():
    state = off_map(table({}))
    ctx = designers({"tables:landing_zone.drift_distance_divisor": 1}, 4, 4, 2)
    run(landing_zone(state, ctx, "Squad 1"), answers=["411"])
    assert state.unit("Squad 1").hex == "413"  # 2 hexes south, not 1


@pytest.mark.rule("SV-LZ-05", "SV-AMB-06")
def test_a_drift_onto_a_tar_pit_eliminates_under_the_contexts_variant():
    # 211's southern neighbour u4.3 is a Toxic Tar Pit
    state = off_map(table({}))
    ctx = dice(4, 4, 1, variants=["tar_pit_landing_eliminates"])
    events = run(landing_zone(state, ctx, "Squad 1"), answers=["211"])
    assert events[-2].message == "Squad 1 landed on the Toxic Tar Pit u4.3 and is eliminated"
    assert state.unit("Squad 1").status == "eliminated"


@pytest.mark.rule("SV-ENTRY-02", "SV-MMOV-01")
def test_entry_reads_the_movement_allowance_of_the_games_data():
    state = off_map(table({}))
    ctx = designers({"counters:marines.squad.full.ma": 2})
    assert first_decision(designated_entry(state, ctx, "Squad 1")).options == [
        "656", "655", "661", "636", "635"]


@pytest.mark.rule("SV-ENTRY-02")
def test_a_unit_with_one_mp_may_still_step_onto_the_entry_hex():
    state = off_map(table({}))
    ctx = designers({"counters:marines.squad.full.ma": 1})
    assert first_decision(designated_entry(state, ctx, "Squad 1")).options == ["656"]


@pytest.mark.rule("SV-ENTRY-02", "SV-ENTRY-03")
def test_a_blocked_entry_hex_leaves_the_other_entry_hexes_open():
    state = off_map(table({"Drone #4": 652}, map_key="beta"))
    options = first_decision(designated_entry(state, dice(), "Squad 1")).options
    assert options[:3] == ["661", "665", "656"] and "652" not in options


@pytest.mark.rule("SV-ENTRY-02", "SV-MMOV-05")
def test_an_entry_hex_next_to_a_vermite_leaves_the_other_entry_hexes_open():
    state = off_map(table({"Drone #4": 651}, map_key="beta"))
    options = first_decision(designated_entry(state, dice(), "Squad 1")).options
    assert options[:4] == ["652", "661", "665", "656"] and "653" not in options


@pytest.mark.rule("SV-ENTRY-02", "SV-RV-02")
def test_an_rv_entering_onto_a_jewel_hex_loads_and_moves_on_with_the_mp_left():
    state = off_map(table({}, jewels={"655": 1}), "RV 1", arrival=1)
    events = run(designated_entry(state, dice(), "RV 1"), answers=["655", "load", "654"])
    decisions = [e.data["decision"] for e in events if e.kind == "decision"]
    assert decisions == ["enter_to", "rv_load", "move_to"]
    last = events[-1]
    assert (last.rule, last.data["from"], last.data["to"]) == (I5A, "655", "654")
    assert state.unit("RV 1").jewels == 1 and state.unit("RV 1").hex == "654"


@pytest.mark.rule("SV-ENTRY-02", "SV-RV-02")
def test_an_rv_with_its_mp_spent_on_entering_cannot_load():
    state = off_map(table({}, jewels={"534": 1}), "RV 1", arrival=1)
    events = run(designated_entry(state, dice(), "RV 1"), answers=["534"])
    assert [e.kind for e in events] == ["decision", "move"]
    assert events[-1].message == "RV 1 enters the map and moves to 534 (5 MP)"
    assert state.unit("RV 1").jewels == 0


@pytest.mark.rule("SV-ENTRY-02", "SV-S1-11")
def test_an_rv_carrying_a_jewel_entering_by_a_designers_edge_hex_may_exit_at_once():
    state = off_map(table({}), "RV 1", arrival=1)
    state.unit("RV 1").jewels = 1
    ctx = designers({"alpha:marine_entry_hexes": [112],
                     "scenarios:family_jewels.rv_return_turns": 5})
    events = run(designated_entry(state, ctx, "RV 1"), answers=["exit via 111"])
    assert events[-1].rule == "Space Vermin §Q-1-c" and events[-1].data["unit"] == "RV 1"
    assert events[-1].message.startswith("RV 1 exits the west edge via 111 with a Crown Jewel")
    rv = state.unit("RV 1")
    assert (rv.status, rv.hex, rv.jewels, rv.arrival_turn) == ("turn_track", None, 0, 6)
    assert state.jewels_exited == 1


@pytest.mark.rule("SV-RV-02")
def test_an_entering_rv_loads_at_the_cost_of_the_games_data():
    # 3 MP left in 655; a designer's load cost of 4 leaves the Jewel where it is
    state = off_map(table({}, jewels={"655": 1}), "RV 1", arrival=1)
    ctx = designers({"counters:marines.recovery_vehicle.load_mp": 4})
    events = run(designated_entry(state, ctx, "RV 1"), answers=["655"])
    assert [e.kind for e in events] == ["decision", "move"]
    assert state.unit("RV 1").jewels == 0


@pytest.mark.rule("SV-ENTRY-02", "SV-TERR-02")
def test_an_entry_hex_too_costly_to_enter_is_passed_over_for_the_next():
    """A designer's entry hexes 663 (Bog, 2 MP) then 656 (Clear, 1 MP) and a Squad of MA 1: the
    Bog is out of reach, the Squad still enters by 656, listed after it."""
    state = off_map(table({}), "Squad 1", arrival=1)
    ctx = designers({"alpha:marine_entry_hexes": [663, 656], "counters:marines.squad.full.ma": 1})
    proc = designated_entry(state, ctx, "Squad 1")
    assert first_decision(proc).options == ["656"]
    events = run(designated_entry(state, ctx, "Squad 1"))
    assert event_records(events) == [(
        "Squad 1 enters the map and moves to 656 (1 MP)", I5A, "move",
        ("SV-ENTRY-02",) + MOVE_IDS, ALPHA_WHY, {"unit": "Squad 1", "to": "656", "hex": "656"})]
    assert (state.unit("Squad 1").status, state.unit("Squad 1").hex) == ("map", "656")

"""Vermite movement (§D-2, §E-1, §E-2, §E-3, §P-1-f, §P-2-i/l): direction, overrides, stop rules,
stacking and the Crown Jewels, driven through the Movement Step procedure."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.vermite_losses import eliminate_vermite
from rules_lib.games.space_vermin.vermite_movement import move_group
from rules_lib.games.space_vermin.vermite_turn import entrance_check, movement_step
from rules_lib.games.space_vermin.views import invariants

from .sv_helpers import ALPHA, dice, run, texts
from .sv_turn_helpers import chit_for, entered, turn_table


def move(state, *faces):
    """Run the Movement Step without Drones (no dice unless a Magnetic Storm)."""
    return run(movement_step(state, dice(*faces), drones=False))


@pytest.mark.rule("SV-EX-04", "SV-TUN-01", "SV-SOLD-01", "SV-VMOV-01", "SV-CF-08", "SV-AMB-17")
def test_movement_example_turn_1_exit_3_then_north_to_321():
    state = turn_table({"Soldier #1": "Nest 1", "High Queen": "Nest 1"}, "NAT Plague",
                       tunnel_exits={"3": "open"})
    events = move(state)
    assert state.unit("Soldier #1").hex == "321"
    assert entered(events, "Soldier #1") == ["322", "321"]
    assert "Tunnel Exit 3 (323)" in texts(events)
    # SV-AMB-17: stepping onto the Scent Trail hex 321 from off the trail pays the Bamboo's 2 MP
    assert "Soldier #1 enters 321 (2 MP, 0 left)" in texts(events)
    onto_trail = next(e for e in events if e.kind == "step_detail" and e.data["to"] == "321")
    assert "SV-AMB-17" in onto_trail.ids  # the log cites the reading the example confirms


@pytest.mark.rule("SV-EX-05", "SV-DIR-02", "SV-TERR-09")
def test_movement_example_turn_2_scent_trail_overrides_direction_3():
    chit = chit_for("321", 3)
    state = turn_table({"Soldier #1": 321}, chit)
    events = move(state)
    assert entered(events, "Soldier #1") == ["333", "361", "356"]
    assert "Scent Trail" in texts(events)


@pytest.mark.rule("SV-EX-06", "SV-DIR-04", "SV-VMOV-02")
def test_tar_pit_north_of_212_sidestep_to_153_then_152():
    state = turn_table({"Soldier #1": 212}, chit_for("212", 1))
    events = move(state)
    assert entered(events, "Soldier #1")[:2] == ["153", "152"]
    assert "sidesteps to the lowest-numbered" in texts(events)


@pytest.mark.rule("SV-DIR-03")
def test_leaving_the_x_end_of_a_trail_uses_the_preferred_direction():
    state = turn_table({"Soldier #1": 356}, chit_for("356", 1))
    events = move(state)
    assert entered(events, "Soldier #1")[0] == ALPHA.label(ALPHA.neighbor(ALPHA.hex("356"), 1))


@pytest.mark.rule("SV-DIR-05")
def test_moving_off_a_map_edge_reverses_direction():
    state = turn_table({"Soldier #1": 151}, chit_for("151", 1))
    events = move(state)
    assert entered(events, "Soldier #1")[0] == "152"
    assert "reversed at the map edge" in texts(events)


@pytest.mark.rule("SV-S1-18", "SV-DIR-05")
def test_sneak_attack_south_edge_continues_at_221_instead_of_reversing():
    state = turn_table({"Soldier #1": 613}, "Bogs Flood", sneak_attack=True)
    events = move(state)
    assert entered(events, "Soldier #1")[0] == "221"
    assert "Sneak Attack" in texts(events)


@pytest.mark.rule("SV-DIR-05", "SV-S2-22")
def test_beta_east_edge_vermite_escapes():
    state = turn_table({"Soldier #1": 656}, chit_for("656", 2, "beta"), "beta")
    move(state)
    assert state.unit("Soldier #1").status == "escaped"
    assert state.unit("Soldier #1").hex is None


@pytest.mark.rule("SV-VMOV-03")
def test_not_enough_mp_for_the_next_hex_stops_the_vermite():
    # 241 -> 242 (Bamboo, 2 MP) leaves 1 MP; 243 is Bamboo too (2 MP): it stops in 242
    state = turn_table({"Soldier #1": 241}, chit_for("241", 4))
    events = move(state)
    assert state.unit("Soldier #1").hex == "242"
    assert "not enough MP" in texts(events)


@pytest.mark.rule("SV-VMOV-04")
def test_entering_a_hex_next_to_a_marine_stops_the_vermite():
    state = turn_table({"Soldier #1": 323, "Squad 1": 332}, "NAT Plague")
    move(state)
    assert state.unit("Soldier #1").hex == "322"


@pytest.mark.rule("SV-VMOV-05")
def test_starting_next_to_a_marine_the_vermite_does_not_move():
    state = turn_table({"Soldier #1": 323, "Squad 1": 331}, "NAT Plague")
    events = move(state)
    assert state.unit("Soldier #1").hex == "323"
    assert "adjacent to a Marine and does not move" in texts(events)


@pytest.mark.rule("SV-VMOV-06", "SV-VMOV-07", "SV-SEQ-05", "SV-UMITE-01")
def test_ultra_mites_move_before_soldiers_each_type_by_unit_id():
    state = turn_table({"Soldier #3": 131, "Soldier #1": 164, "Ultra-Mite #6": 441,
                        "Ultra-Mite #2": 455}, "Quiet Night")
    events = move(state)
    order = [e.data["units"][0] for e in events if e.kind == "move" and "units" in e.data]
    assert order == ["Ultra-Mite #2", "Ultra-Mite #6", "Soldier #1", "Soldier #3"]


@pytest.mark.rule("SV-VMOV-07", "SV-DRONE-02")
def test_vermites_move_by_unit_id_whatever_order_the_counters_are_listed_in():
    """A saved position may list its counters in any order: the lowest Unit ID still moves
    first (§E-1-a/b/d), Drones too."""
    state = turn_table({"Soldier #3": 131, "Soldier #1": 164, "Ultra-Mite #6": 441,
                        "Ultra-Mite #2": 455, "Drone #8": 232, "Drone #4": 233}, "Quiet Night")
    state.units.reverse()
    events = run(movement_step(state, dice(1, 1, 1, 2, 2, 2)))
    order = [e.data.get("unit") or e.data["units"][0] for e in events
             if e.kind == "move" and ("units" in e.data or "flocks" in e.message)]
    assert order == ["Drone #4", "Drone #8", "Ultra-Mite #2", "Ultra-Mite #6", "Soldier #1",
                     "Soldier #3"]
    assert state.unit("Drone #4").hex == "111" and state.unit("Drone #8").hex == "222"


@pytest.mark.rule("SV-DRONE-01", "SV-DIR-01")
def test_drones_ignore_direction_and_terrain_and_fly_to_the_dice_hex():
    state = turn_table({"Drone #4": "Nest 1"}, "NAT Plague")
    run(movement_step(state, dice(4, 4, 2)))  # Bamboo 442, far from any direction
    assert state.unit("Drone #4").hex == "442"


@pytest.mark.rule("SV-UMITE-01", "SV-QUEEN-03")
def test_an_escort_does_not_move_in_the_ultra_mite_step():
    state = turn_table({"High Queen": 141, "Ultra-Mite #2": 141}, chit_for("141", 3, "beta"),
                       "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    events = run(movement_step(state, dice(), drones=False))
    log = texts(events)
    assert "Ultra-Mite #2 is High Queen's Escort and moves with her" in log
    q, e = state.unit("High Queen"), state.unit("Ultra-Mite #2")
    assert q.hex == e.hex != "141"


@pytest.mark.rule("SV-JEWEL-01")
def test_entering_a_crown_jewel_hex_stops_the_soldier():
    state = turn_table({"Soldier #1": 434}, chit_for("434", 3), jewels={"421": 2, "356": 2})
    events = move(state)
    assert state.unit("Soldier #1").hex == "421"
    assert "Crown Jewel hex" in texts(events)


@pytest.mark.rule("SV-JEWEL-02", "SV-JEWEL-03", "SV-DIR-06", "SV-TERR-15")
def test_next_move_picks_up_for_1_mp_and_follows_the_jewel_exit_trail():
    state = turn_table({"Soldier #1": 421}, chit_for("421", 4), jewels={"421": 2, "356": 2})
    events = move(state)
    s = state.unit("Soldier #1")
    assert s.jewels == 1 and state.jewels["421"] == 1
    assert entered(events, "Soldier #1") == ["u11.3", "u11.2"]  # 1 MP pick-up + 2 clear hexes
    assert "Jewel Exit Trail" in texts(events)


@pytest.mark.rule("SV-JEWEL-04", "SV-TERR-24")
def test_carrier_reaching_the_nest_tunnel_entrance_returns_to_cup_jewel_to_nest():
    state = turn_table({"Soldier #1": "u11.2"}, chit_for("u11.2", 4), jewels_in_play=1)
    state.unit("Soldier #1").jewels = 1
    run(movement_step(state, dice(), drones=False))
    assert state.unit("Soldier #1").status == "cup"
    assert state.nest_jewels == {"2": 1}
    assert invariants(state) == []


@pytest.mark.rule("SV-JEWEL-08")
def test_carrying_a_jewel_at_the_start_gives_plus_one_ma():
    # 356 -> 361 (trail, 1) -> 362 (1) -> 363 (Bamboo, 2): 4 MP needs the Jewel's +1
    with_jewel = turn_table({"Soldier #1": 356}, chit_for("356", 4))
    with_jewel.unit("Soldier #1").jewels = 1
    events = run(movement_step(with_jewel, dice(), drones=False))
    assert with_jewel.unit("Soldier #1").hex == "363"
    steps = [e.data for e in events if e.kind == "step_detail"]
    assert [d["to"] for d in steps] == ["361", "362", "363"]
    assert sum(d["mp"] for d in steps) == 4  # Soldier MA 3 + 1 for the Jewel carried at the start


@pytest.mark.rule("SV-TERR-17")
def test_a_carrier_off_the_jewel_exit_trail_uses_normal_direction():
    state = turn_table({"Soldier #1": 323}, "NAT Plague")
    state.unit("Soldier #1").jewels = 1
    events = move(state)
    assert entered(events, "Soldier #1")[0] == "322"


@pytest.mark.rule("SV-TERR-16")
def test_an_eliminated_carrier_leaves_its_jewel_in_the_hex():
    state = turn_table({"Soldier #1": 362}, "NAT Plague")
    state.unit("Soldier #1").jewels = 1
    run(eliminate_vermite(state, dice(), state.unit("Soldier #1")))
    assert state.jewels == {"362": 1}


@pytest.mark.rule("SV-JEWEL-05", "SV-TERR-24")
def test_a_carrier_arriving_at_an_entrance_by_other_means_goes_home_too():
    state = turn_table({"Ultra-Mite #2": "u9.15"}, "NAT Plague")
    state.unit("Ultra-Mite #2").jewels = 1
    run(entrance_check(state, dice()))
    assert state.unit("Ultra-Mite #2").status == "cup" and state.nest_jewels == {"1": 1}


@pytest.mark.rule("SV-VSTK-01", "SV-VSTK-05")
def test_a_full_end_hex_stops_the_vermite_in_the_last_hex_with_room():
    state = turn_table({"Soldier #1": 323, "Ultra-Mite #2": 321, "Ultra-Mite #6": 321},
                       "NAT Plague")
    state.unit("Ultra-Mite #2").hex = "321"
    events = run(move_group(state, dice(), [state.unit("Soldier #1")]))
    assert state.unit("Soldier #1").hex == "322"
    assert "is full" in texts(events)


@pytest.mark.rule("SV-VSTK-04", "SV-VSTK-02")
def test_vermites_pass_through_a_full_hex_and_drones_never_count():
    state = turn_table({"Ultra-Mite #2": 323, "Soldier #1": 322, "Soldier #3": 322,
                        "Drone #4": 333, "Drone #8": 333, "Drone #12": 333}, "NAT Plague")
    events = run(move_group(state, dice(), [state.unit("Ultra-Mite #2")]))
    # 322 (full: passed through), 321 (Bamboo), then the trail to 333 where three Drones sit
    assert entered(events, "Ultra-Mite #2") == ["322", "321", "333"]
    assert state.unit("Ultra-Mite #2").hex == "333"
    assert invariants(state) == []


@pytest.mark.rule("SV-VSTK-03", "SV-VSTK-01")
def test_nests_hold_any_number_other_hexes_two():
    many = {f"Soldier #{i}": "Nest 1" for i in (1, 3, 5, 9, 11)}
    assert invariants(turn_table(many, "NAT Plague")) == []
    three = {"Soldier #1": 322, "Soldier #3": 322, "Soldier #5": 322}
    assert any("limit 2" in p for p in invariants(turn_table(three, "NAT Plague")))


@pytest.mark.rule("SV-VMOV-01")
def test_preview_shows_each_vermites_path_without_moving_anything():
    from rules_lib.games.space_vermin import preview_paths

    state = turn_table({"Soldier #1": "Nest 1", "Ultra-Mite #2": 434}, "NAT Plague",
                       tunnel_exits={"3": "open"}, jewels={"421": 2, "356": 2})
    before = state.to_json()
    paths = preview_paths(state)
    assert paths["Soldier #1"] == ["323", "322", "321"]  # up Tunnel Exit 3, then on foot
    assert paths["Ultra-Mite #2"][0] == ALPHA.label(ALPHA.neighbor(ALPHA.hex("434"), 4))
    assert state.to_json() == before


@pytest.mark.rule("SV-SEQ-05")
def test_movement_step_order_drones_ultra_mites_tunnels_then_soldiers():
    state = turn_table({"Drone #4": "Nest 2", "Soldier #1": "Nest 1", "Ultra-Mite #2": 441},
                       "NAT Plague", tunnel_exits={"3": "open"})
    events = run(movement_step(state, dice(4, 4, 2)))  # the Drone flocks to 442
    log = texts(events)
    heads = ["a) Drone Movement", "b) Ultra-Mite Movement", "c) Soldier Tunnel Movement",
             "d) Soldier Regular Movement"]
    assert [log.index(h) for h in heads] == sorted(log.index(h) for h in heads)
    # the Drone flocks (a), the Ultra-Mite moves (b), the Soldier is put on Exit 3 (c) and then
    # moves on from it (d)
    assert log.index("Drone #4 flocks") < log.index("Ultra-Mite #2 ends in") < log.index(
        "Soldier #1 (lowest Unit ID left in Nest 1) is placed on Tunnel Exit 3") < log.index(
        "Soldier #1 ends in 321")
    assert state.unit("Drone #4").hex == "442" and state.unit("Soldier #1").hex == "321"


@pytest.mark.rule("SV-QUEEN-03", "SV-VMOV-01")
def test_a_queen_and_her_escort_are_named_together_with_a_plural_verb():
    state = turn_table({"High Queen": 141, "Ultra-Mite #2": 141}, chit_for("141", 3, "beta"),
                       "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    log = texts(run(movement_step(state, dice(), drones=False))).splitlines()
    steps = [t.split(" ")[5] for t in log if t.startswith("High Queen and Ultra-Mite #2 ")]
    assert steps == ["enter", "enter", "enter", "end"]


@pytest.mark.rule("SV-SEQ-05")
def test_scenario_2_queens_and_escorts_move_last():
    state = turn_table({"High Queen": 511, "Soldier #1": 531, "Ultra-Mite #2": 521},
                       chit_for("511", 2, "beta"), "beta")
    events = run(movement_step(state, dice(), drones=False))
    movers = [e.data["units"][0] for e in events if e.kind == "move" and "units" in e.data]
    assert movers == ["Ultra-Mite #2", "Soldier #1", "High Queen"]


@pytest.mark.rule("SV-JEWEL-05", "SV-JEWEL-04", "SV-TERR-21")
def test_a_carrier_walking_into_a_nest_hands_its_jewel_in_as_at_the_entrance():
    # off the Jewel Exit Trail the carrier moves by the chit's arrow, straight into Nest 1 (§E-2:
    # it "may reach the Nest or Nest Entrance directly")
    state = turn_table({"Ultra-Mite #2": "u6.14", "High Queen": "Nest 1"}, chit_for("u6.14", 5),
                       nest_jewels={"1": 1})
    state.unit("Ultra-Mite #2").jewels = 1
    events = move(state)
    assert entered(events, "Ultra-Mite #2") == ["Nest 1"]
    assert state.nest_jewels == {"1": 2} and state.unit("Ultra-Mite #2").status == "cup"
    assert any("SV-JEWEL-05" in e.ids and e.assumed for e in events)

"""Soldier Tunnel Movement (§E-1-c), Tunnel Exit chits (§P-2-m, §Q-1-c) and the Queens' spawn
(§G, §Q-1-c), driven through their step procedures with scripted dice."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.spawning import cup_contents, queens_spawn
from rules_lib.games.space_vermin.tunnels import tunnel_movement
from rules_lib.games.space_vermin.vermite_turn import movement_step
from rules_lib.games.space_vermin.views import board, pieces

from .sv_helpers import dice, run, texts
from .sv_turn_helpers import turn_table


def soldiers_in_cup_only(state, keep=()):
    """Empty the cup of everything but the named Vermites (spawn tests draw from a known cup)."""
    for u in state.units:
        if not u.is_marine and u.status == "cup" and u.id not in keep:
            u.status = "removed"


@pytest.mark.rule("SV-EX-02", "SV-TUN-02", "SV-TUN-04", "SV-TUN-05")
def test_tunnel_example_nest_1_exit_1_full_soldier_5_to_exit_2_21_stays():
    state = turn_table({"Soldier #5": "Nest 1", "Soldier #21": "Nest 1", "Ultra-Mite #2": 146,
                        "Ultra-Mite #6": 146}, "Quiet Night", tunnel_exits={"1": "open", "2": "open"})
    events = run(tunnel_movement(state, dice()))
    assert state.unit("Soldier #5").hex == "255"
    assert state.unit("Soldier #21").hex == "Nest 1"
    assert "Soldier #21 finds no operational exit" in texts(events)


@pytest.mark.rule("SV-EX-03", "SV-TUN-10", "SV-TUN-11", "SV-TUN-01")
def test_tunnel_example_exit_4_collapsed_repaired_soldier_13_reduced():
    state = turn_table({"Soldier #13": "Nest 2"}, "Quiet Night", tunnel_exits={"4": "collapsed"})
    run(tunnel_movement(state, dice()))
    s = state.unit("Soldier #13")
    assert s.hex == "514" and s.reduced and state.tunnel_exits == {"4": "open"}


@pytest.mark.rule("SV-TUN-11")
def test_a_reduced_soldier_repairing_a_tunnel_is_eliminated():
    state = turn_table({"Soldier #13": "Nest 2"}, "Quiet Night", tunnel_exits={"4": "collapsed"})
    state.unit("Soldier #13").reduced = True
    run(tunnel_movement(state, dice()))
    assert state.unit("Soldier #13").status == "cup" and state.tunnel_exits == {"4": "open"}


@pytest.mark.rule("SV-TUN-02")
def test_an_exit_under_a_marine_is_not_operational():
    state = turn_table({"Soldier #1": "Nest 1", "Squad 1": 323}, "Quiet Night",
                       tunnel_exits={"3": "open"})
    run(tunnel_movement(state, dice()))
    assert state.unit("Soldier #1").hex == "Nest 1"


@pytest.mark.rule("SV-TUN-06")
def test_only_soldiers_in_the_nest_hex_itself_use_the_tunnels():
    state = turn_table({"Soldier #1": 246}, "Quiet Night", tunnel_exits={"3": "open"})
    run(tunnel_movement(state, dice()))
    assert state.unit("Soldier #1").hex == "246"


@pytest.mark.rule("SV-S1-19")
def test_sneak_attack_turn_has_no_tunnel_movement():
    state = turn_table({"Soldier #1": "Nest 1"}, "Bogs Flood", tunnel_exits={"3": "open"},
                       sneak_attack=True)
    events = run(tunnel_movement(state, dice()))
    assert state.unit("Soldier #1").hex == "Nest 1" and "no Soldier Tunnel Movement" in texts(events)


@pytest.mark.rule("SV-SPAWN-01", "SV-SPAWN-02", "SV-SPAWN-03", "SV-JEWEL-09")
def test_queens_spawn_in_rank_order_sn_plus_one_per_nest_jewel():
    state = turn_table({"Sister Queen": "Nest 2", "High Queen": "Nest 1"}, "Quiet Night",
                       nest_jewels={"1": 1, "2": 1})
    events = run(queens_spawn(state, dice(*([1] * 10))))
    log = texts(events)
    assert log.index("High Queen in Nest 1 spawns 4") < log.index("Sister Queen in Nest 2 spawns 3")
    in_nest = {n: sum(1 for u in state.units_at(n) if "Queen" not in u.id)
               for n in ("Nest 1", "Nest 2")}
    assert in_nest == {"Nest 1": 4, "Nest 2": 3}


@pytest.mark.rule("SV-SPAWN-04")
def test_an_empty_cup_loses_the_remaining_spawns():
    state = turn_table({"High Queen": "Nest 1"}, "Quiet Night", nest_jewels={"1": 1})
    soldiers_in_cup_only(state, keep=("Soldier #1", "Soldier #3"))
    events = run(queens_spawn(state, dice(1)))
    assert "2 spawn(s) of High Queen are lost" in texts(events)
    assert cup_contents(state) == []


@pytest.mark.rule("SV-S1-14", "SV-S1-15")
def test_child_queen_drawn_joins_the_sister_and_counts_as_a_spawn():
    state = turn_table({"High Queen": "Nest 1", "Sister Queen": "Nest 2"}, "Quiet Night")
    soldiers_in_cup_only(state, keep=("Child Queen", "Soldier #1", "Soldier #3", "Soldier #5"))
    # cup order: Soldiers #1, #3, #5, then the Child Queen; High Queen SN 3: Child Queen first
    run(queens_spawn(state, dice(4, 1, 1, 1, 1)))
    child = state.unit("Child Queen")
    assert child.hex == "Nest 2" and child.arrival_turn == state.turn
    assert sum(1 for u in state.units_at("Nest 1") if "Soldier" in u.id) == 2  # 3 spawns, 1 Queen
    state.turn += 1
    events = run(queens_spawn(state, dice(1, 1, 1, 1, 1, 1)))
    log = texts(events)
    assert log.index("Sister Queen in Nest 2 spawns") < log.index("Child Queen in Nest 2 spawns")


@pytest.mark.rule("SV-S1-13", "SV-TERR-25", "SV-S1-15")
def test_a_tunnel_exit_drawn_in_the_spawn_is_placed_open_even_under_a_marine():
    state = turn_table({"High Queen": "Nest 1", "Squad 1": 434}, "Quiet Night",
                       cup_tunnel_exits=["5"])
    soldiers_in_cup_only(state)
    run(queens_spawn(state, dice(1)))
    assert state.tunnel_exits == {"5": "open"} and state.cup_tunnel_exits == []


@pytest.mark.rule("SV-S1-12")
def test_eliminated_vermites_return_to_the_cup_and_can_be_spawned_again():
    from rules_lib.games.space_vermin.vermite_losses import eliminate_vermite

    state = turn_table({"High Queen": "Nest 1", "Soldier #1": 316}, "Quiet Night")
    soldiers_in_cup_only(state)
    run(eliminate_vermite(state, dice(), state.unit("Soldier #1")))
    assert cup_contents(state) == ["Soldier #1"]
    run(queens_spawn(state, dice()))
    assert state.unit("Soldier #1").hex == "Nest 1"


@pytest.mark.rule("SV-QUEEN-01", "SV-SOLD-01")
def test_queens_in_a_nest_never_move_soldiers_after_tunnels_move_on():
    state = turn_table({"High Queen": "Nest 1", "Soldier #1": "Nest 1"}, "NAT Plague",
                       tunnel_exits={"3": "open"})
    run(movement_step(state, dice(), drones=False))
    assert state.unit("High Queen").hex == "Nest 1" and state.unit("Soldier #1").hex == "321"


@pytest.mark.rule("SV-SPAWN-05")
def test_the_spawn_is_stacked_drones_on_top_then_ultra_mites_then_soldiers_lowest_id_uppermost():
    state = turn_table({"High Queen": "Nest 1"}, "Quiet Night", nest_jewels={"1": 2})
    soldiers_in_cup_only(state, keep=("Soldier #21", "Drone #15", "Ultra-Mite #6", "Drone #12",
                                      "Ultra-Mite #26"))
    run(queens_spawn(state, dice(1, 1, 1, 1, 1)))  # SN 3 + 2 Jewels: the whole cup
    nest = board(state).hex("Nest 1")
    stack = [p["id"] for p in pieces(state) if p["loc"] == nest]
    # bottom first, as the board draws a stack: the Queen beneath the spawn she made
    assert stack == ["High Queen", "Soldier #21", "Ultra-Mite #26", "Ultra-Mite #6", "Drone #15",
                     "Drone #12"]

"""Above-ground Queens and Escorts in The Great Migration (§E-1-e, §Q-2-d): moving together with the
Queen's MA, room for both, picking up Escorts, rank order, attacking like Warriors."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.vermite_attacks import vermite_combat_step
from rules_lib.games.space_vermin.vermite_turn import movement_step, queen_step

from .sv_helpers import DATA, dice, run, texts
from .sv_turn_helpers import chit_for, entered, turn_table

SOUTH = chit_for("511", 4, "beta")  # a chit whose Scenario 2 arrow is 4 (south)


def beta(placements, **fields):
    return turn_table(placements, SOUTH, "beta", **fields)


@pytest.mark.rule("SV-S2-12", "SV-QUEEN-02", "SV-QUEEN-03")
def test_queen_and_escort_move_together_with_the_queens_ma():
    state = beta({"High Queen": 511, "Ultra-Mite #2": 511})
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    run(movement_step(state, dice(), drones=False))
    # the Ultra-Mite (MA 4) waits; the pair moves the Queen's MA 2: 512, 513
    assert state.unit("High Queen").hex == state.unit("Ultra-Mite #2").hex == "513"


@pytest.mark.rule("SV-S2-13")
def test_no_room_for_both_means_neither_enters():
    state = beta({"High Queen": 511, "Ultra-Mite #2": 511, "Soldier #1": 512})
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    events = run(queen_step(state, dice()))
    assert state.unit("High Queen").hex == "511"
    assert "no room in 512" in texts(events)


@pytest.mark.rule("SV-S2-15")
def test_unescorted_queen_picks_up_an_escort_preferring_the_ultra_mite():
    state = beta({"Sister Queen": 511, "Soldier #1": 512, "Ultra-Mite #6": 512})
    events = run(queen_step(state, dice()))
    assert state.unit("Ultra-Mite #6").escort_of == "Sister Queen"
    assert state.unit("Soldier #1").escort_of == ""
    assert "picks up Ultra-Mite #6" in texts(events)
    assert state.unit("Ultra-Mite #6").hex == state.unit("Sister Queen").hex == "513"


@pytest.mark.rule("SV-S2-16")
def test_a_warrior_entering_an_unescorted_queens_hex_stops_and_becomes_her_escort():
    state = beta({"Child Queen": 512, "Ultra-Mite #2": 511})
    events = run(movement_step(state, dice(), drones=False))
    um = state.unit("Ultra-Mite #2")
    # MA 4 alone would reach 515; it stops in 512 and then moves the Queen's 2 hexes with her
    assert entered(events, "Ultra-Mite #2") == ["512", "513", "514"]
    assert um.escort_of == "Child Queen"
    assert um.hex == state.unit("Child Queen").hex == "514"


@pytest.mark.rule("SV-QUEEN-04")
def test_queens_move_in_rank_order_high_sister_child():
    state = beta({"Child Queen": 511, "Sister Queen": 521, "High Queen": 531})
    events = run(queen_step(state, dice()))
    movers = [e.data["units"][0] for e in events if e.kind == "move" and "units" in e.data]
    assert movers == ["High Queen", "Sister Queen", "Child Queen"]


@pytest.mark.rule("SV-S2-11")
def test_above_ground_queens_attack_like_warriors():
    state = beta({"Sister Queen": 511, "Squad 1": 512})
    events = run(vermite_combat_step(state, dice(6, 6, 6, 6, 6)))  # Sister Queen CF 5
    assert "Sister Queen attacks Squad 1" in texts(events)
    assert state.unit("Squad 1").status == "eliminated"


# -- Escorts are Scenario 2's: none in a Nest, none left bound to a Queen who is gone --------------


@pytest.mark.rule("SV-QUEEN-01", "SV-TERR-20", "SV-TERR-21", "SV-S2-16")
def test_a_warrior_entering_a_nest_in_scenario_1_walks_on_and_escorts_nobody():
    # Nests are clear terrain (§P-2-k); Escorts exist only for above-ground Queens (§Q-2-d)
    chit = chit_for("u6.14", 5)  # south of the road: the blue arrow points south-west
    state = turn_table({"High Queen": "Nest 1", "Ultra-Mite #2": "u6.14"}, chit)
    events = run(movement_step(state, dice(), drones=False))
    um = state.unit("Ultra-Mite #2")
    assert entered(events, "Ultra-Mite #2")[:2] == ["Nest 1", "u4.15"]
    assert um.hex != "Nest 1" and um.escort_of == ""
    assert "Escort" not in texts(events)


@pytest.mark.rule("SV-S2-15", "SV-S2-12")
def test_the_escort_of_a_queen_who_died_is_picked_up_by_another_queen():
    from rules_lib.games.space_vermin.vermite_losses import eliminate_vermite

    state = beta({"High Queen": 665, "Ultra-Mite #6": 665, "Sister Queen": 664})
    state.unit("Ultra-Mite #6").escort_of = "High Queen"
    run(eliminate_vermite(state, dice(6), state.unit("High Queen")))  # NAT roll: nobody near
    events = run(queen_step(state, dice()))
    assert "picks up Ultra-Mite #6" in texts(events)
    assert state.unit("Ultra-Mite #6").escort_of == "Sister Queen"


@pytest.mark.rule("SV-S2-15", "SV-PANTS-04")
def test_a_jolted_escort_leaves_its_queen_and_can_escort_again():
    from rules_lib.games.space_vermin.pants import jolt
    from rules_lib.games.space_vermin.targets import is_escorted_queen

    state = beta({"High Queen": 511, "Ultra-Mite #6": 511, "Sister Queen": 665})
    state.unit("Ultra-Mite #6").escort_of = "High Queen"
    run(jolt(state, dice(6, 6, 6), state.unit("Ultra-Mite #6"), "Space Vermin §J-4"))
    assert state.unit("Ultra-Mite #6").hex == "666"
    assert not is_escorted_queen(DATA, state, state.unit("High Queen"))
    events = run(queen_step(state, dice()))  # the Sister Queen walks south into 666
    assert "Sister Queen picks up Ultra-Mite #6" in texts(events)
    assert state.unit("Ultra-Mite #6").escort_of == "Sister Queen"

"""Step 4: the Advantage roll, nearest zombies first, two to a square, fights, recovery."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.zombie_turn import plan_moves, recover, zombie_turn

from .zg_helpers import ctx, make_state, messages, run, zombies_at


@pytest.mark.rule("ZGC-ZTURN-01", "ZGC-ZTURN-03", "ZGC-AMB-06")
def test_advantage_roll_moves_that_many_zombies_nearest_first_one_square():
    st = make_state()
    far = zombies_at(st, (14, 10))[0]
    near = zombies_at(st, (12, 10))[0]
    mid = zombies_at(st, (13, 10))[0]
    events = run(zombie_turn(st, ctx([2, 1]), st.survivors[0]))  # Advantage: higher of 2 and 1
    assert near.loc == [11, 10] and mid.loc == [12, 10] and far.loc == [14, 10]
    assert "-> 2" in messages(events)[0]


@pytest.mark.rule("ZGC-ZTURN-02", "ZGC-ZCOMB-06")
def test_a_zombie_that_steps_into_the_survivors_square_attacks():
    st = make_state()
    zombies_at(st, (11, 10))
    events = run(zombie_turn(st, ctx([1, 1, 5]), st.survivors[0]))
    assert "move into Survivor 1's square" in " ".join(messages(events))
    assert st.survivors[0].kills == 1 and not st.zombies


@pytest.mark.rule("ZGC-ZCOMB-06")
def test_a_zombie_that_ends_next_to_a_survivor_does_not_attack():
    st = make_state()
    z = zombies_at(st, (12, 10))[0]
    events = run(zombie_turn(st, ctx([1, 1]), st.survivors[0]))  # one zombie, one square
    assert z.loc == [11, 10]  # adjacent now, but zombies have no reach: no combat
    assert not any(e.kind == "combat" for e in events)
    assert st.survivors[0].halves == 6 and st.zombies == [z]


@pytest.mark.rule("ZGC-ZTURN-04", "ZGC-ZTURN-05", "ZGC-ZCOMB-04", "ZGC-ZTURN-06")
def test_at_most_two_zombies_share_a_square_and_arrivals_fight_together():
    st = make_state()
    zombies_at(st, (11, 10), 2)
    third = zombies_at(st, (9, 10))[0]
    events = run(zombie_turn(st, ctx([3, 1, 4, 4]), st.survivors[0]), answers=["keep"])
    assert third.loc == [9, 10]  # the square already holds two
    assert any("8 to beat" in m for m in messages(events))
    assert st.survivors[0].kills == 2
    assert st.survivors[0].halves == 4  # one failed roll against two zombies: only 1 heart


@pytest.mark.rule("ZGC-ZCOMB-05", "ZGC-AMB-13")
def test_zombies_move_toward_the_player_taking_the_turn():
    data = default_data()
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [13, 10]
    z = zombies_at(st, (12, 10))[0]  # between the two: 2 from Survivor 1, 1 from Survivor 2
    ((moved, to),) = plan_moves(st, data, st.survivors[0], 1)
    assert moved is z and to == (11, 10)
    ((moved, to),) = plan_moves(st, data, st.survivors[1], 1)
    assert to == (13, 10)


@pytest.mark.rule("ZGC-ZCOMB-02")
def test_wounded_zombies_recover_all_hp_at_the_end_of_the_turn():
    st = make_state()
    z = zombies_at(st, (12, 10))[0]
    z.damage = 3
    assert recover(st) == 1 and z.damage == 0


def test_zombies_go_through_doors_not_walls():
    data = default_data()
    st = make_state(at=(12, 10))
    zombies_at(st, (12, 11))  # inside the shop, behind the wall from the Survivor
    ((moved, to),) = plan_moves(st, data, st.survivors[0], 1)
    assert to == (13, 11)  # toward the door

"""Step 4: the Advantage roll, nearest zombies first, two to a square, fights, recovery."""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision, Event
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.turn import survivor_turn
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


@pytest.mark.rule("ZGC-ZTURN-01")
def test_with_no_zombie_to_move_the_log_says_so_instead_of_moving_none():
    st = make_state()  # no zombie on the board
    events = run(zombie_turn(st, ctx([4, 2]), st.survivors[0]))
    assert messages(events) == ["Zombies roll Advantage [4, 2] -> 4: no zombie can move toward "
                                "Survivor 1"]
    zombies_at(st, (12, 10))
    events = run(zombie_turn(st, ctx([4, 2]), st.survivors[0]))
    assert messages(events)[0] == ("Zombies roll Advantage [4, 2] -> 4: 1 zombie(s) move 1 "
                                   "square toward Survivor 1")


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
    ((_moved, to),) = plan_moves(st, data, st.survivors[0], 1)
    assert to == (13, 11)  # toward the door


def wounded_then_turn_ends(recovers=True):
    """A Normal's turn through the engine's procedure: its snipe misses a zombie (3 damage), a
    second zombie steps in and dies, then the turn ends. The wounded zombie's damage is read when
    Step 5 begins and after the turn."""
    files = load_files()
    files["zombies"] = apply_override(files["zombies"], "zombie.recovers_at_end_of_turn",
                                      recovers)
    data = build(files)
    st = make_state()
    decoy = zombies_at(st, (9, 10))[0]  # numbered first: it moves first on the zombie turn
    wounded = zombies_at(st, (11, 10))[0]
    # dice: movement 1 (3 squares: hearts), snipe 1 (+2: 3 < 4), Advantage 1,1, fight 6
    ctx = Context(dice=ScriptedDice([1, 1, 1, 1, 6]), data=data)
    proc, answers, send, log, at_step5 = survivor_turn(st, ctx, st.survivors[0]), \
        ["snipe 11,10", "stop"], None, [], None
    while True:
        try:
            item = proc.send(send)
        except StopIteration:
            break
        send = answers.pop(0) if isinstance(item, Decision) else None
        if isinstance(item, Event):
            log.append(item)
            if item.message.startswith("Step 5"):
                at_step5 = wounded.damage
    assert decoy not in st.zombies and wounded in st.zombies
    return log, at_step5, wounded.damage


@pytest.mark.rule("ZGC-ZCOMB-02")
def test_a_zombie_wounded_during_a_turn_recovers_when_the_turn_ends():
    log, at_step5, after = wounded_then_turn_ends()
    assert at_step5 == 3  # still wounded through the zombie turn and into Step 5
    assert after == 0  # recovered when the turn ended
    healed = [e for e in log if "recover all their HP" in e.message]
    assert len(healed) == 1 and healed[0].message.startswith("1 wounded") \
        and "ZGC-ZCOMB-02" in healed[0].ids and log[-1] is healed[0]


@pytest.mark.rule("ZGC-ZCOMB-02")
def test_a_designer_may_keep_zombies_wounded():
    log, at_step5, after = wounded_then_turn_ends(recovers=False)
    assert at_step5 == 3 and after == 3
    assert not any("recover" in e.message for e in log)

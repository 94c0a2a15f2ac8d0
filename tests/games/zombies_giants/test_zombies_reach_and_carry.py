"""Reach & Snipe, Giants and Carrying, Mall vents: actions during Step 3."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants.capacity import fits_on
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.move_fight import move_fight, step_options
from rules_lib.games.zombies_giants.state import SizeRay

from .zg_helpers import SHOP_DOOR_IN, SHOP_DOOR_OUT, ctx, make_state, messages, play, zombies_at


def options(st, i=0, left=6):
    opts, costs = step_options(st, default_data(), st.survivors[i], left, set())
    return opts, costs


@pytest.mark.rule("ZGC-BIG-07", "ZGC-REACH-01")
def test_big_reaches_one_square_for_one_movement():
    st = make_state(("Big",))
    zombies_at(st, (11, 10))
    zombies_at(st, (12, 10))
    opts, costs = options(st)
    assert "reach 11,10" in opts and "reach 12,10" not in opts
    assert costs["reach 11,10"] == 1


@pytest.mark.rule("ZGC-HUGE-05")
def test_huge_reaches_two_squares():
    st = make_state(("Huge",), at=(9, 10))  # covers (9, 10) and (10, 10)
    zombies_at(st, (12, 10))
    zombies_at(st, (13, 10))
    opts, _ = options(st)
    assert "reach 12,10" in opts and "reach 13,10" not in opts


@pytest.mark.rule("ZGC-REACH-01", "ZGC-REACH-02", "ZGC-REACH-03")
def test_reach_attack_costs_one_square_repeats_free_and_may_move_in():
    st = make_state(("Big",))
    zombies_at(st, (11, 10))
    # movement 2d6 = 3 + 3; checks: Advantage 2 (fail, half heart), then 6; move in; stop
    _events, decisions = play(
        move_fight(st, ctx([3, 3, 1, 2, 6, 1]), st.survivors[0]), ["reach 11,10", "move in", "stop"]
    )
    s = st.survivors[0]
    assert s.kills == 1 and s.halves == 15 and s.loc == [11, 10]
    assert decisions[-1].kind == "move" and decisions[-1].data["left"] == 5


@pytest.mark.rule("ZGC-REACH-05")
def test_giants_reach_through_doorways_but_not_walls():
    st = make_state(("Big",), at=SHOP_DOOR_OUT)
    zombies_at(st, SHOP_DOOR_IN)
    assert "reach 13,11" in options(st)[0]
    st = make_state(("Big",), at=(12, 10))
    zombies_at(st, (12, 11))
    assert "reach 12,11" not in options(st)[0]


@pytest.mark.rule("ZGC-REACH-06", "ZGC-HUGE-09")
def test_huge_reaches_only_one_square_past_a_doorway():
    st = make_state(("Huge",), at=(12, 10))  # covers (12, 10) and the door square (13, 10)
    zombies_at(st, SHOP_DOOR_IN)
    zombies_at(st, (12, 11))
    zombies_at(st, (14, 11))
    opts, _ = options(st)
    assert "reach 13,11" in opts
    assert "reach 12,11" not in opts and "reach 14,11" not in opts
    assert not any(o in opts for o in ("move 13,11", "move 12,11"))


@pytest.mark.rule("ZGC-REACH-04")
def test_big_inside_a_building_pays_to_move_into_the_attacked_square():
    st = make_state(("Big",), at=SHOP_DOOR_IN)
    zombies_at(st, SHOP_DOOR_OUT)
    _, decisions = play(
        move_fight(st, ctx([3, 3, 6, 6]), st.survivors[0]), ["reach 13,10", "move in", "stop"]
    )
    assert "costs 2" in decisions[1].prompt  # squeezing out through the doorway
    assert decisions[-1].data["left"] == 6 - 1 - 2
    st = make_state(("Big",), at=SHOP_DOOR_IN)
    zombies_at(st, (12, 11))
    _, decisions = play(
        move_fight(st, ctx([3, 3, 6, 6]), st.survivors[0]), ["reach 12,11", "move in", "stop"]
    )
    assert "costs 1" in decisions[1].prompt and decisions[-1].data["left"] == 4


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-SNIPE-02", "ZGC-NORM-06")
def test_a_failed_snipe_costs_a_bullet_but_no_heart():
    st = make_state()
    z = zombies_at(st, (11, 10))[0]
    events, _ = play(move_fight(st, ctx([3, 1]), st.survivors[0]), ["snipe 11,10", "stop"])
    s = st.survivors[0]
    assert s.bullets == 2 and s.halves == 6 and z.damage == 3
    assert "no heart is lost" in " ".join(messages(events))


@pytest.mark.rule("ZGC-SNIPE-03", "ZGC-REACH-03")
def test_a_snipe_adds_2_and_the_sniper_may_move_in():
    st = make_state()
    zombies_at(st, (11, 10))
    play(move_fight(st, ctx([3, 2]), st.survivors[0]), ["snipe 11,10", "move in", "stop"])
    s = st.survivors[0]
    assert s.kills == 1 and s.loc == [11, 10] and s.bullets == 2


@pytest.mark.rule("ZGC-RAY-06", "ZGC-AMB-10")
def test_a_giant_with_a_size_ray_snipes_at_1_plus_its_reach():
    st = make_state(("Big",))
    zombies_at(st, (12, 10))
    st.survivors[0].bullets = 2
    assert not any(o.startswith("snipe") for o in options(st)[0])
    st.survivors[0].size_ray = SizeRay(2, 2)
    assert "snipe 12,10" in options(st)[0]
    # the snipe spends a bullet for +2: Advantage 2 + 2 = 4 kills the zombie two squares away
    play(move_fight(st, ctx([1, 1, 2, 1]), st.survivors[0]), ["snipe 12,10", "stay", "stop"])
    s = st.survivors[0]
    assert s.kills == 1 and s.bullets == 1 and not st.zombies


def test_giants_grab_tokens_within_reach():
    st = make_state(("Big",))
    st.tokens["11,10"] = {"hearts": 1, "bullets": 2}
    _opts, costs = options(st)
    assert costs["grab 11,10"] == 1
    play(move_fight(st, ctx([1, 1]), st.survivors[0]), ["grab 11,10", "stop"])
    assert st.survivors[0].reserve == 1 and st.survivors[0].bullets == 2


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-BIG-08", "ZGC-CARRY-01")
def test_a_giant_picks_up_and_sets_down_within_reach_for_one_movement_each():
    st = make_state(("Big", "Normal"))
    st.survivors[1].loc = [11, 10]
    _opts, costs = options(st)
    assert costs["pick up Survivor 2"] == 1
    _, decisions = play(
        move_fight(st, ctx([2, 2]), st.survivors[0]),
        ["pick up Survivor 2", "move 10,11", "set down Survivor 2 at 11,11", "stop"],
    )
    rider = st.survivors[1]
    assert rider.loc == [11, 11] and rider.carried_by is None
    assert decisions[-1].data["left"] == 4 - 3  # 2d6 = 4; pick up, step, set down: 1 each


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-HUGE-08")
def test_who_fits_on_a_giants_stand():
    data = default_data()
    st = make_state(("Huge", "Big", "Normal", "Normal"))
    huge, big, n1, n2 = st.survivors
    assert fits_on(st, data, big, n1)
    big.carrying = [n1.name]
    assert not fits_on(st, data, big, n2)
    big.carrying = []
    assert fits_on(st, data, huge, big)
    huge.carrying = [n1.name]
    assert fits_on(st, data, huge, n2) and not fits_on(st, data, huge, big)
    assert not fits_on(st, data, big, huge)


@pytest.mark.rule("ZGC-CARRY-03")
def test_a_carried_survivor_may_move_off_during_its_turn():
    st = make_state(("Big", "Normal"))
    giant, rider = st.survivors
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    play(move_fight(st, ctx([4]), rider), ["move off to 11,10", "move 12,10", "stop"])
    assert rider.carried_by is None and giant.carrying == [] and rider.loc == [12, 10]


@pytest.mark.rule("ZGC-MALL-01", "ZGC-MALL-02", "ZGC-MF-06")
def test_normal_survivors_warp_through_air_vents_and_giants_cannot():
    tiles = (("Mall Air-Vent A", (4, 3), 0), ("Mall Air-Vent B", (5, 3), 0))
    st = make_state(tiles=tiles, at=(13, 10))
    _events, decisions = play(move_fight(st, ctx([5]), st.survivors[0]), ["vent 16,10"])
    assert st.survivors[0].loc == [16, 10]
    assert decisions[-1].kind == "move" and len(decisions) == 1  # the vent ended the move
    st = make_state(("Big",), tiles=tiles, at=(13, 10))
    assert not any(o.startswith("vent") for o in options(st)[0])


@pytest.mark.rule("ZGC-BIG-08", "ZGC-ZCOMB-08")
def test_a_carried_normal_does_not_roll_beside_its_giant_it_only_adds_bullets():
    st = make_state(("Big", "Normal"))
    big, rider = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    zombies_at(st, (11, 10))
    # movement 3 + 3; the Big's Advantage [2, 2] -> 2 fails (4 to beat, lowered to 2), [3, 1] -> 3
    events, decisions = play(move_fight(st, ctx([3, 3, 2, 2, 3, 1]), big),
                             ["reach 11,10", "keep", "stay", "stop"])
    rolls = [e for e in events if e.kind == "roll" and "total" in e.data]
    assert [e.data["total"] for e in rolls] == [2, 3]
    assert big.kills == 1 and rider.kills == 0 and rider.bullets == 3
    assert any(d.kind == "bullet" and d.player == rider.name for d in decisions)

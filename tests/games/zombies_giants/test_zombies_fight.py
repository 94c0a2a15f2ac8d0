"""Fights: combat checks until win or death, the lowered target, instant kills, bullets, helpers."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants.fight import BULLET_EVERY_FAILED_ROLL, fight, spend_plan
from rules_lib.games.zombies_giants.move_fight import move_fight
from rules_lib.games.zombies_giants.provenance import AMB08, RESERVE_STEPS_IN
from rules_lib.games.zombies_giants.state import Armour
from rules_lib.games.zombies_giants.variants import LOWERED_ONLY_UNDER_4, TARGET_MUST_BE_EXCEEDED

from .zg_helpers import CENTRE, ctx, make_state, messages, play, run, zombies_at


def one_fight(st, faces, answers=(), helpers=(), defender=0, n=1, variants=()):
    s = st.survivors[defender]
    zs = zombies_at(st, CENTRE, n)
    c = ctx(faces, variants)
    events = run(fight(st, c, s, zs, helpers=[st.survivors[i] for i in helpers]), answers)
    return events, c


@pytest.mark.rule("ZGC-AMB-07")
def test_a_roll_of_4_beats_a_single_zombie_without_loss():
    st = make_state()
    one_fight(st, [4])
    s = st.survivors[0]
    assert st.zombies == [] and s.kills == 1 and s.halves == 6


@pytest.mark.rule("ZGC-ZCOMB-01")
def test_the_kill_line_counts_the_survivors_kills_in_all():
    st = make_state()
    first, _ = one_fight(st, [4])
    second, _ = one_fight(st, [4])
    assert messages(first)[-1] == "Survivor 1 kills 1 zombie (1 kill in all)"
    assert messages(second)[-1] == "Survivor 1 kills 1 zombie (2 kills in all)"


@pytest.mark.rule("ZGC-FIGHT-02", "ZGC-FIGHT-03", "ZGC-ZCOMB-01", "ZGC-AMB-08")
def test_failed_checks_cost_a_heart_and_lower_the_target_until_the_survivor_wins():
    st = make_state()
    st.survivors[0].bullets = 0
    events, _ = one_fight(st, [2, 3])  # 4 -> 2 to beat (heart lost), then 3 >= 2 kills
    s = st.survivors[0]
    assert s.halves == 4 and s.kills == 1 and not st.zombies
    assert any("target lowered to 2" in m for m in messages(events))


@pytest.mark.rule("ZGC-FIGHT-04", "ZGC-ZCOMB-03")
def test_zombie_dies_at_once_when_no_roll_can_fail_after_dealing_its_damage():
    st = make_state()
    st.survivors[0].bullets = 0
    events, c = one_fight(st, [3])  # 4 - 3 = 1 left; a d6 always rolls >= 1
    assert st.survivors[0].halves == 4  # the heart is lost first
    assert not st.zombies and st.survivors[0].kills == 1
    assert any("die at once" in m for m in messages(events))
    assert c.dice.remaining == ()


@pytest.mark.rule("ZGC-FIGHT-03")
def test_the_failure_line_counts_the_hearts_left_with_the_noun_agreeing():
    st = make_state()
    st.survivors[0].bullets = 0
    events, _ = one_fight(st, [1, 1, 6])  # 3 hearts -> 2 -> 1, then a kill
    fails = [m for m in messages(events) if "fails" in m]
    assert fails == ["Survivor 1 fails and loses a heart: 2 hearts left; target lowered to 3",
                     "Survivor 1 fails and loses a heart: 1 heart left; target lowered to 2"]


@pytest.mark.rule("ZGC-FIGHT-02")
def test_a_survivor_who_keeps_failing_dies():
    st = make_state()
    st.survivors[0].bullets = 0
    one_fight(st, [1, 1, 1])  # 4 -> 3 -> 2 -> dead on the third failure (3 hearts)
    s = st.survivors[0]
    assert s.status == "dead" and s.halves == 0 and len(st.zombies) == 1
    assert st.zombies[0].damage == 3  # the damage stays until the end of the turn


@pytest.mark.rule("ZGC-ZTURN-06", "ZGC-ZCOMB-07", "ZGC-HUGE-06", "ZGC-HUGE-03")
def test_two_zombies_need_8_and_cost_only_one_hit_per_failure():
    st = make_state(("Huge",))
    events, _ = one_fight(st, [3, 4], n=2)  # 2d6 = 7 < 8: half a heart, then 1 left: instant
    s = st.survivors[0]
    assert s.halves == 23 and s.kills == 2 and not st.zombies
    assert "8 to beat" in messages(events)[0]


@pytest.mark.rule("ZGC-BIG-06", "ZGC-AMB-06")
def test_big_rolls_two_dice_and_keeps_the_higher():
    st = make_state(("Big",))
    # 2 and 2: kept 2 fails (a sum of 4 would have won); then 1 and 3: kept 3 beats the 2 left
    events, c = one_fight(st, [2, 2, 1, 3])
    s = st.survivors[0]
    assert s.kills == 1 and s.halves == 15 and c.dice.remaining == ()
    assert [e.data["total"] for e in events if e.kind == "roll"] == [2, 3]


@pytest.mark.rule("ZGC-BIG-03", "ZGC-ARM-05")
def test_big_takes_half_damage_flipping_a_counter():
    st = make_state(("Big",))
    one_fight(st, [1, 2, 1, 1])  # 2 -> 2 left (half heart); 1 -> 1 left (another half): instant
    assert st.survivors[0].halves == 14  # two flips = one whole heart counter gone


@pytest.mark.rule("ZGC-NORM-05", "ZGC-RES-06")
def test_a_bullet_after_the_roll_adds_2_and_turns_a_failure_into_a_kill():
    st = make_state()
    events, _ = one_fight(st, [2])
    s = st.survivors[0]
    assert s.bullets == 2 and s.halves == 6 and s.kills == 1
    assert any("spends a bullet" in m for m in messages(events))


@pytest.mark.rule("ZGC-RES-06")
def test_a_survivor_may_keep_the_bullet_and_sacrifice_a_heart_instead():
    st = make_state()
    one_fight(st, [2, 5], answers=["keep"])
    s = st.survivors[0]
    assert s.bullets == 3 and s.halves == 4 and s.kills == 1


@pytest.mark.rule("ZGC-RES-05", "ZGC-AMB-19")
def test_only_one_bullet_per_survivor_per_combat():
    st = make_state()
    events, _ = one_fight(st, [1, 1, 6], answers=["spend"], n=2)  # 8: 1+2 -> 5 left, 1 -> 4
    asked = [e for e in events if e.kind == "decision"]
    assert len(asked) == 1 and st.survivors[0].bullets == 2
    spent = [e for e in events if e.data.get("bullet")]
    assert len(spent) == 1 and all("variant" not in e.assumed and "ZGC-AMB-19" in e.assumed
                                   for e in asked + spent)


@pytest.mark.rule("ZGC-AMB-19")
def test_the_variant_lets_a_survivor_add_a_bullet_after_every_failed_roll():
    st = make_state()
    # 8 to beat: 1+2 -> 5 left (a heart lost), then 1+2 = 3 -> 2 left, then 6 kills
    events, _ = one_fight(st, [1, 1, 6], answers=["spend", "spend"], n=2,
                          variants=[BULLET_EVERY_FAILED_ROLL])
    asked = [e for e in events if e.kind == "decision"]
    s = st.survivors[0]
    assert len(asked) == 2 and s.bullets == 1 and s.kills == 2
    assert "target lowered to 2" in " ".join(messages(events))
    spent = [e for e in events if e.data.get("bullet")]
    assert len(spent) == 2 and all(f"variant {BULLET_EVERY_FAILED_ROLL} (other reading of "
                                   "ZGC-AMB-19)" in e.assumed for e in asked + spent)


@pytest.mark.rule("ZGC-ZCOMB-08")
def test_survivors_next_to_each_other_roll_and_add_their_results():
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [11, 10]
    for s in st.survivors:
        s.bullets = 0  # no bullet could make up for a missing helper roll
    events, c = one_fight(st, [2, 2], helpers=[1])  # 2 + 2 = 4 beats the zombie at once
    assert not st.zombies and st.survivors[0].halves == 6 and c.dice.remaining == ()
    assert [e.data["total"] for e in events if e.kind == "roll"] == [4]


@pytest.mark.rule("ZGC-ZCOMB-08")
def test_the_zombie_damages_only_the_survivor_it_attacked():
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [11, 10]
    for s in st.survivors:
        s.bullets = 0
    one_fight(st, [1, 1], helpers=[1])  # 2 < 4: a hit; 2 left = two d6' lowest: instant kill
    assert st.survivors[0].halves == 4 and st.survivors[1].halves == 6
    assert not st.zombies


@pytest.mark.rule("ZGC-ZCOMB-09")
def test_several_players_each_spend_a_bullet_and_the_bonuses_stack():
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [11, 10]
    one_fight(st, [2, 2], helpers=[1], n=2)  # 4 + 2 + 2 = 8 beats two zombies
    assert [s.bullets for s in st.survivors] == [2, 2]
    assert not st.zombies and st.survivors[0].halves == 6


@pytest.mark.rule("ZGC-ARM-03", "ZGC-ARM-05")
def test_body_armour_halves_a_normal_survivors_damage():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 0
    s.armour = Armour(2, "Normal")
    s.halves = 8
    one_fight(st, [2, 5])
    assert s.halves == 7


@pytest.mark.rule("ZGC-AMB-16", "ZGC-ARM-03")
def test_armour_halving_does_not_stack_with_a_giants_half_damage():
    # "(if not already halved)": a flipped counter is the smallest loss there is, so a Giant in
    # fitting armour loses what an unarmoured Giant loses; the readings never differ in play
    for armour in (Armour(2, "Big"), None):
        st = make_state(("Big",))
        s = st.survivors[0]
        s.armour = armour
        s.halves = 16
        one_fight(st, [1, 1, 6, 6])
        assert s.halves == 15


@pytest.mark.rule("ZGC-CARRY-02", "ZGC-BIG-08", "ZGC-SNIPE-04", "ZGC-NORM-07")
def test_a_giant_rolls_and_takes_hits_for_the_survivor_it_carries_who_may_add_a_bullet():
    st = make_state(("Big", "Normal"))
    giant, rider = st.survivors
    giant.carrying = [rider.name]
    rider.carried_by, rider.loc = giant.name, None
    events, _ = one_fight(st, [1, 2, 1, 1], defender=1, n=1)  # Advantage 2: rider's bullet +2
    assert rider.bullets == 2 and rider.halves == 6 and giant.halves == 16
    assert giant.kills == 1 and not st.zombies
    assert any("Survivor 2 spends a bullet" in m for m in messages(events))


@pytest.mark.rule("ZGC-BIG-04", "ZGC-HUGE-04", "ZGC-RES-03", "ZGC-AMB-10")
@pytest.mark.parametrize("size,faces", [
    ("Huge", [1] * 6),  # 2 -> 6 left, 2 -> 4 left, 2 -> 2 left: instant
    ("Big", [1] * 14),  # Advantage 1 seven times: 8 -> 1 left: instant
])
def test_giants_collect_bullets_but_cannot_spend_them_in_a_fight(size, faces):
    st = make_state((size,))
    st.survivors[0].bullets = 4
    events, c = one_fight(st, faces, n=2)
    assert st.survivors[0].bullets == 4 and st.survivors[0].kills == 2
    assert not [e for e in events if e.kind == "decision"] and c.dice.remaining == ()


@pytest.mark.rule("ZGC-ZCOMB-08")
def test_a_survivor_on_the_next_square_north_or_south_rolls_and_adds_in_a_fight_the_mover_starts():
    st = make_state(("Normal", "Normal"))
    s1, s2 = st.survivors
    s2.loc = [11, 11]  # next to 11,10 across y only
    s1.bullets = s2.bullets = 0
    zombies_at(st, (11, 10))
    # movement [2] (3 squares: hearts); the check: Survivor 1 rolls 1, Survivor 2 rolls 3 = 4 kills
    events, _ = play(move_fight(st, ctx([2, 1, 3]), s1), ["move 11,10", "stop"])
    rolls = [e for e in events if e.kind == "roll" and "total" in e.data]
    assert [e.data["total"] for e in rolls] == [4]
    assert s1.kills == 1 and s1.halves == 6 and st.zombies == []


@pytest.mark.rule("ZGC-FIGHT-02", "ZGC-BIG-08")
def test_a_giant_that_dies_sets_down_the_normal_it_carried_on_its_square():
    st = make_state(("Big", "Normal"))
    big, rider = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    big.halves, rider.bullets = 1, 0
    events = run(fight(st, ctx([1, 1]), big, zombies_at(st, CENTRE)))  # Advantage 1 fails
    assert big.status == "dead" and big.carrying == []
    assert [e.ids for e in events if e.kind == "result"] == [("ZGC-FIGHT-02",)]
    assert rider.carried_by is None and rider.loc == list(CENTRE) and rider.in_play


@pytest.mark.rule("ZGC-RES-05", "ZGC-AMB-19")
def test_the_bullet_plans_a_spender_follows_add_bullets_one_by_one_until_the_check_kills():
    # a check of 1 against 6: +2 per bullet, up to 3 bullets (the per-check variant's stock)
    assert spend_plan("always", 1, 6, [3], [2]) == (3,)
    assert spend_plan("when_it_kills", 1, 6, [3], [2]) == (3,)
    assert spend_plan("always", 1, 8, [3], [2]) == (3,)  # not enough: all there are
    assert spend_plan("when_it_kills", 1, 8, [3], [2]) == (0,)  # not enough: none
    assert spend_plan("never", 1, 6, [3], [2]) == (0,)
    assert spend_plan("always", 1, 6, [1, 2], [2, 2]) == (1, 2)  # spenders in order
    assert spend_plan("always", 5, 6, [1, 1], [2, 2]) == (1, 0)  # stop once it kills
    with pytest.raises(ValueError, match="unknown bullet policy 'sometimes'"):
        spend_plan("sometimes", 1, 6, [1], [2])


@pytest.mark.rule("ZGC-FIGHT-02")
def test_a_fighter_is_dead_as_soon_as_the_hit_that_takes_its_last_heart_is_logged():
    st = make_state()
    s = st.survivors[0]
    s.halves, s.bullets = 2, 0
    proc = fight(st, ctx([1]), s, zombies_at(st, CENTRE))
    seen = []
    event = next(proc)
    while True:
        seen.append((event.kind, s.status, event.data.get("halves"), event.data.get("hp")))
        try:
            event = proc.send(None)
        except StopIteration:
            break
    # the fail event already sees it dead (the invariants checked after every event rely on it)
    assert seen[-2:] == [("combat", "dead", 0, 3), ("result", "dead", None, None)]


@pytest.mark.rule("ZGC-CARRY-02")
def test_a_giant_takes_the_hit_for_the_normal_it_carries_and_the_log_cites_carrying():
    st = make_state(("Big", "Normal"))
    big, rider = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    rider.bullets = 0
    events = run(fight(st, ctx([1, 1, 6, 6]), rider, zombies_at(st, CENTRE)))  # the rider attacked
    hits = [e for e in events if "fails and loses" in e.message]
    assert len(hits) == 1 and "ZGC-CARRY-02" in hits[0].ids and "ZGC-BIG-03" in hits[0].ids
    assert big.halves == 15 and rider.halves == 6
    st = make_state(("Big",))
    events = run(fight(st, ctx([1, 1, 6, 6]), st.survivors[0], zombies_at(st, CENTRE)))
    assert all("ZGC-CARRY-02" not in e.ids for e in events)


@pytest.mark.rule("ZGC-RES-01")
def test_a_reserve_heart_stepping_in_for_the_last_heart_is_marked_assumed():
    st = make_state()
    s = st.survivors[0]
    s.halves, s.reserve, s.bullets = 2, 1, 0
    events = run(fight(st, ctx([1, 6]), s, zombies_at(st, CENTRE)))
    hit = next(e for e in events if "fails and loses" in e.message)
    assert RESERVE_STEPS_IN in hit.assumed and s.halves == 2 and s.reserve == 0
    st = make_state()
    s = st.survivors[0]
    s.reserve, s.bullets = 1, 0  # 3 hearts: the hit takes a health heart, the reserve stays
    events = run(fight(st, ctx([1, 6]), s, zombies_at(st, CENTRE)))
    hit = next(e for e in events if "fails and loses" in e.message)
    assert hit.assumed == AMB08 and s.reserve == 1


@pytest.mark.rule("ZGC-AMB-07", "ZGC-AMB-08")
def test_a_fight_under_the_other_readings_says_which_variants_it_plays():
    st = make_state()
    st.survivors[0].bullets = 0
    events, _ = one_fight(st, [6], variants=[TARGET_MUST_BE_EXCEEDED, LOWERED_ONLY_UNDER_4])
    opening = events[0].assumed
    assert (f"variant {TARGET_MUST_BE_EXCEEDED} (other reading of ZGC-AMB-07): a total must "
            "exceed it") in opening
    assert (f"variant {LOWERED_ONLY_UNDER_4} (other reading of ZGC-AMB-08): only a roll under 4 "
            "with no bullet lowers the target") in opening

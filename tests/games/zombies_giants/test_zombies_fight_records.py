"""Fights in detail (fight.py): the pure helpers the odds share, who rolls and adds, who may spend
a bullet, the weapons that count, and the readings of the fight ambiguities in play.
"""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.fight import (
    Encounter,
    FightRules,
    beats,
    bullet_spenders,
    dies_instantly,
    encounter_hp,
    fight,
    helpers_of,
    spend_plan,
    weapon_bonus,
)
from rules_lib.games.zombies_giants.state import Armour, SizeRay, Weapon
from rules_lib.games.zombies_giants.variants import (
    BULLET_EVERY_FAILED_ROLL,
    GIANTS_NEVER_SPEND_BULLETS,
    LOWERED_ONLY_UNDER_4,
    PLAIN_ADVANTAGE,
    TARGET_MUST_BE_EXCEEDED,
)

from .zg_helpers import CENTRE, ctx, make_state, play, run, zombies_at


def carry(st, giant: int, rider: int) -> None:
    """Survivor ``giant`` lifts Survivor ``rider`` onto its stand."""
    g, r = st.survivors[giant], st.survivors[rider]
    g.carrying.append(r.name)
    r.carried_by, r.loc = g.name, None


def fight_events(st, faces, n=1, variants=(), answers=()):
    """Survivor 1 fights ``n`` zombies on the centre square with the given dice."""
    s = st.survivors[0]
    return run(fight(st, ctx(faces, variants), s, zombies_at(st, CENTRE, n)), answers)


# -- the pure rules, in their default readings -------------------------------------------------


@pytest.mark.rule("ZGC-AMB-07")
def test_a_total_equal_to_the_target_beats_it_in_the_default_reading():
    assert beats(4, 4) and not beats(3, 4)
    assert not beats(4, 4, strict=True) and beats(5, 4, strict=True)


@pytest.mark.rule("ZGC-FIGHT-04", "ZGC-ZCOMB-03", "ZGC-AMB-07")
def test_zombies_die_at_once_when_the_lowest_roll_reaches_what_is_left_by_default():
    assert dies_instantly(1, 1) and not dies_instantly(2, 1)
    assert not dies_instantly(1, 1, strict=True)


@pytest.mark.rule("ZGC-ZTURN-06", "ZGC-ZCOMB-07")
def test_undamaged_zombies_take_4_each_to_beat():
    data = default_data()
    assert encounter_hp(data, 2) == 8 and encounter_hp(data, 2, 3) == 5


@pytest.mark.rule("ZGC-RES-06", "ZGC-AMB-07")
def test_a_bullet_bringing_the_check_exactly_to_the_target_is_worth_spending_by_default():
    assert spend_plan("when_it_kills", 0, 4, [2], [2]) == (2,)
    assert spend_plan("when_it_kills", 2, 4, [2], [2]) == (1,)


@pytest.mark.rule("ZGC-RES-06", "ZGC-AMB-07")
def test_under_the_exceed_variant_bullets_are_planned_until_the_check_passes_the_target():
    # 2 against 4: one bullet only reaches 4, which no longer kills; two pass it
    assert spend_plan("when_it_kills", 2, 4, [2], [2], strict=True) == (2,)
    # one bullet at most: reaching 4 is not enough, so none is worth spending
    assert spend_plan("when_it_kills", 2, 4, [1], [2], strict=True) == (0,)


# -- the readings in play ------------------------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-08")
def test_under_the_only_under_4_variant_a_check_of_exactly_4_does_not_lower_the_target():
    st = make_state(variants=[LOWERED_ONLY_UNDER_4])
    st.survivors[0].bullets = 0
    # 8 to beat: 4 fails and leaves 8; 3 fails and lowers it to 5; 6 beats 5
    events = fight_events(st, [4, 3, 6], n=2, variants=[LOWERED_ONLY_UNDER_4])
    hits = [e.data["hp"] for e in events if e.kind == "combat" and "halves" in e.data]
    assert hits == [8, 5] and not st.zombies and st.survivors[0].halves == 2


@pytest.mark.rule("ZGC-FIGHT-04", "ZGC-AMB-07")
def test_under_the_exceed_variant_zombies_do_not_die_at_once_when_the_lowest_roll_only_ties():
    st = make_state(variants=[TARGET_MUST_BE_EXCEEDED])
    st.survivors[0].bullets = 0
    # 4 to beat: 3 fails and leaves 1, which a roll of 1 only ties: another check is rolled
    events = fight_events(st, [3, 2], variants=[TARGET_MUST_BE_EXCEEDED])
    rolls = [e.data["total"] for e in events if e.kind == "roll"]
    assert rolls == [3, 2] and not any("die at once" in e.message for e in events)
    assert not st.zombies and st.survivors[0].kills == 1


@pytest.mark.rule("ZGC-AMB-19")
def test_the_every_failed_roll_variant_names_its_reading_in_full():
    assert FightRules(per_check=True).bullet_note() == (
        f"variant {BULLET_EVERY_FAILED_ROLL} (other reading of ZGC-AMB-19): a bullet after every "
        "failed roll")


# -- who rolls and adds ------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ZCOMB-08")
def test_a_survivor_diagonal_to_the_fight_does_not_roll_and_add():
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [11, 11]
    assert helpers_of(st, default_data(), st.survivors[0]) == []


@pytest.mark.rule("ZGC-ZCOMB-08")
def test_a_survivor_two_squares_along_a_row_or_column_does_not_roll_and_add():
    data = default_data()
    for loc in ([12, 10], [10, 12]):
        st = make_state(("Normal", "Normal"))
        st.survivors[1].loc = loc
        assert helpers_of(st, data, st.survivors[0]) == []


@pytest.mark.rule("ZGC-ZCOMB-08", "ZGC-CARRY-02")
def test_a_carried_survivors_helpers_stand_next_to_its_giant_who_is_not_one_of_them():
    st = make_state(("Big", "Normal", "Normal"))
    carry(st, 0, 1)
    st.survivors[2].loc = [11, 10]
    assert helpers_of(st, default_data(), st.survivors[1]) == [st.survivors[2]]


# -- who may spend a bullet ---------------------------------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-02", "ZGC-BIG-04", "ZGC-AMB-10")
def test_a_big_survivor_carried_by_a_huge_one_spends_no_bullets_without_a_size_ray():
    st = make_state(("Huge", "Big"))
    carry(st, 0, 1)
    st.survivors[1].bullets = 3
    assert bullet_spenders(st, default_data(), [st.survivors[0]]) == []


@pytest.mark.rule("ZGC-CARRY-02", "ZGC-AMB-10")
def test_a_carried_giant_with_a_size_ray_spends_bullets_unless_giants_never_do():
    data = default_data()
    st = make_state(("Huge", "Big"), variants=[GIANTS_NEVER_SPEND_BULLETS])
    carry(st, 0, 1)
    rider = st.survivors[1]
    rider.size_ray, rider.bullets = SizeRay(2, 2), 3
    assert bullet_spenders(st, data, [st.survivors[0]]) == [rider]
    assert bullet_spenders(st, data, [st.survivors[0]], giants_never=True) == []


# -- the weapons that count ---------------------------------------------------------------------------


@pytest.mark.rule("ZGC-RAY-07", "ZGC-AMB-09")
def test_a_giant_adds_a_normal_weapon_only_once_a_size_ray_resized_it():
    data = default_data()
    st = make_state(("Big",))
    big = st.survivors[0]
    big.weapons = [Weapon("Chainsaw")]
    assert weapon_bonus(data, big) == 0
    big.weapons = [Weapon("Chainsaw", size="Big")]
    assert weapon_bonus(data, big) == 2


# -- the fight's records ------------------------------------------------------------------------------

OPEN_RULE = "Zombies!!! Giants-Club: Zombies and Combat (# x 4 to beat)"
CHECK_RULE = "Zombies!!! Giants-Club: Zombies and Combat"
BULLET_RULE = ("Zombies!!! Giants-Club: Resource Usage (Survivors can only spend 1 bullet per "
               "combat, after the roll)")
IDS_OPEN = ("ZGC-FIGHT-02", "ZGC-ZCOMB-01", "ZGC-ZCOMB-07", "ZGC-ZTURN-06", "ZGC-AMB-07",
            "ZGC-AMB-08")
IDS_BULLET = ("ZGC-NORM-05", "ZGC-RES-05", "ZGC-RES-06", "ZGC-ZCOMB-09", "ZGC-AMB-19")


def fight_record(st, faces, n=1, variants=(), answers=(), helpers=(), defender=0,
                 mode="melee", sniper=None):
    """Survivor ``defender`` fights ``n`` zombies on the centre square: its events, the
    decisions it was asked, the FightResult, and the context (for its dice log)."""
    c = ctx(faces, variants)
    proc = fight(st, c, st.survivors[defender], zombies_at(st, CENTRE, n),
                 helpers=[st.survivors[i] for i in helpers], mode=mode, sniper_spent=sniper)
    answers = list(answers)
    events, decisions, send = [], [], None
    while True:
        try:
            item = proc.send(send)
        except StopIteration as stop:
            return events, decisions, stop.value, c
        send = None
        if isinstance(item, Decision):
            decisions.append(item)
            send = answers.pop(0) if answers else item.options[0]
        else:
            events.append(item)


def pair(sizes=("Normal", "Normal")):
    """Two Survivors side by side (Survivor 2 east of the centre square)."""
    st = make_state(sizes)
    st.survivors[1].loc = [11, 10]
    return st


@pytest.mark.rule("ZGC-FIGHT-02", "ZGC-ZCOMB-07", "ZGC-ZTURN-06", "ZGC-ZCOMB-08", "ZGC-AMB-07",
                  "ZGC-AMB-08")
def test_the_opening_names_the_target_of_two_zombies_and_the_survivor_who_helps():
    st = pair()
    events, _, _, _ = fight_record(st, [6, 6], n=2, helpers=[1])
    opening = events[0]
    assert opening.message == ("Survivor 1 (Normal) fights 2 zombies: 8 to beat (target 2 x 4); "
                               "helped by Survivor 2")
    assert opening.rule == OPEN_RULE and opening.kind == "combat"
    assert opening.ids == IDS_OPEN + ("ZGC-ZCOMB-08",)
    assert opening.assumed == P.joined(P.AMB07, P.AMB08)
    assert opening.data == {"hp": 8, "zombies": 2, "mode": "melee", "fight": {
        "defender": "Survivor 1", "fighter": "Survivor 1", "zombies": [1, 2],
        "rollers": ["Survivor 1", "Survivor 2"], "mode": "melee", "hp": 8, "start_hp": 8,
        "weapons": 0, "lowest_next": 2, "sniper": None, "spent": {}, "used": 0, "rolls": 0}}


@pytest.mark.rule("ZGC-FIGHT-02", "ZGC-ZCOMB-01")
def test_a_lone_survivor_against_one_zombie_opens_with_4_to_beat_and_no_helpers():
    st = make_state()
    opening = run(fight(st, ctx([6]), st.survivors[0], zombies_at(st, CENTRE)))[0]
    assert opening.message == "Survivor 1 (Normal) fights 1 zombie: 4 to beat"
    assert opening.ids == IDS_OPEN and opening.data["fight"]["rollers"] == ["Survivor 1"]
    assert opening.data["mode"] == "melee"  # a fight is a melee unless said otherwise


@pytest.mark.rule("ZGC-ZCOMB-08")
def test_a_survivor_out_of_play_beside_the_fight_does_not_roll():
    st = pair()
    st.survivors[0].bullets = 0
    st.survivors[1].status = "dead"
    events, _, _, c = fight_record(st, [1, 6], helpers=[1])
    assert events[0].data["fight"]["rollers"] == ["Survivor 1"]
    assert [e.data["total"] for e in events if e.kind == "roll"] == [1, 6]
    assert c.dice.remaining == ()


@pytest.mark.rule("ZGC-ZTURN-06", "ZGC-ZCOMB-07")
def test_damage_the_zombies_took_this_turn_is_off_the_target():
    st = make_state()
    zs = zombies_at(st, CENTRE, 2)
    zs[0].damage, zs[1].damage = 3, 2
    events = run(fight(st, ctx([3]), st.survivors[0], zs))
    assert events[0].data["hp"] == 3 and events[0].data["fight"]["start_hp"] == 3
    assert not st.zombies and st.survivors[0].kills == 2


@pytest.mark.rule("ZGC-ZCOMB-01", "ZGC-ZCOMB-08")
def test_a_helped_check_logs_each_rollers_dice_and_adds_them():
    st = pair()
    events, _, _, c = fight_record(st, [6, 6], n=2, helpers=[1])
    check = events[1]
    assert check.message == ("Combat check 1: Survivor 1 [6]->6, Survivor 2 [6]->6 = 12 "
                             "against 8")
    assert check.rule == CHECK_RULE and check.kind == "roll"
    assert check.ids == ("ZGC-ZCOMB-01", "ZGC-ZCOMB-08") and check.assumed == ""
    assert check.data == {"total": 12, "hp": 8}
    assert c.dice.log == [("combat check: Survivor 1", 6, 6), ("combat check: Survivor 2", 6, 6)]


@pytest.mark.rule("ZGC-ZCOMB-01", "ZGC-CARD-01")
def test_a_check_adds_the_weapons_and_cites_their_cards():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 0
    s.weapons = [Weapon("Chainsaw"), Weapon("Hey Look! A Shotgun")]
    events, _, result, _ = fight_record(st, [1], n=2)
    check = events[1]
    assert check.message == "Combat check 1: Survivor 1 [1]->1 +3 weapons = 4 against 8"
    assert check.data == {"total": 4, "hp": 8, "values": ["events:cards.Chainsaw",
                                                           "events:cards.Hey Look! A Shotgun"]}
    assert check.assumed == P.DECK
    # 4 left, and the lowest next check is a roll of 1 plus the 3 of the weapons: 4
    assert events[0].data["fight"]["weapons"] == 3
    assert events[0].data["fight"]["lowest_next"] == 4
    assert (result.outcome, result.rolls, result.bullets) == ("won", 1, 0)


@pytest.mark.rule("ZGC-FIGHT-04", "ZGC-ZCOMB-03", "ZGC-AMB-08")
def test_the_instant_kill_names_what_is_left_and_the_lowest_result():
    st = make_state()
    st.survivors[0].bullets = 0
    events, _, result, _ = fight_record(st, [3])
    instant = events[3]
    assert instant.message == ("No roll can fail now (1 to beat, lowest result 1): the zombies "
                               "die at once")
    assert instant.rule == ("Zombies!!! Giants-Club: Zombies and Combat / Zombies!!! Giants-Club: "
                            "Step 3 Move/Fight (instant kill)")
    assert instant.kind == "combat" and instant.ids == ("ZGC-FIGHT-04", "ZGC-ZCOMB-03",
                                                         "ZGC-AMB-08")
    assert instant.assumed == P.AMB08
    assert (result.outcome, result.rolls, result.bullets) == ("won", 1, 0)


@pytest.mark.rule("ZGC-FIGHT-02")
def test_a_fight_lost_reports_its_checks():
    st = make_state()
    st.survivors[0].bullets = 0
    _, _, result, _ = fight_record(st, [1, 1, 1])
    assert (result.outcome, result.rolls, result.bullets) == ("lost", 3, 0)


# -- snipes ------------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-SNIPE-02", "ZGC-NORM-06", "ZGC-AMB-08")
def test_a_failed_snipe_lowers_the_target_costs_no_heart_and_ends_the_fight():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 2
    events, decisions, result, _ = fight_record(st, [1], n=2, mode="snipe", sniper=s)
    check, failed = events[1], events[2]
    assert check.message == "Combat check 1: Survivor 1 [1]->1 +2 snipe bullet = 3 against 8"
    assert check.data == {"total": 3, "hp": 8}
    assert failed.message == ("The snipe fails: the zombies are down to 5 to beat; no heart is "
                              "lost")
    assert failed.rule == ("Zombies!!! Giants-Club: Reach & Snipe Rules (failed snipes do no "
                           "heart damage)")
    assert failed.kind == "combat" and failed.ids == ("ZGC-SNIPE-02", "ZGC-AMB-08")
    assert failed.assumed == P.AMB08 and len(events) == 3
    assert events[0].data["mode"] == "snipe" and events[0].data["fight"]["sniper"] == "Survivor 1"
    assert events[0].data["fight"]["spent"] == {"Survivor 1": 1}
    # the bullet spent on the snipe is this combat's: no other is offered
    assert decisions == [] and s.bullets == 2 and s.halves == 6
    assert (result.outcome, result.rolls, result.bullets) == ("missed", 1, 0)
    assert [z.damage for z in st.zombies] == [3, 0]


@pytest.mark.rule("ZGC-SNIPE-02", "ZGC-AMB-19")
def test_under_the_every_failed_roll_variant_the_snipes_bullet_counts_for_its_one_check():
    st = make_state(variants=[BULLET_EVERY_FAILED_ROLL])
    s = st.survivors[0]
    s.bullets = 2
    _, decisions, result, _ = fight_record(st, [1], n=2, mode="snipe", sniper=s,
                                           variants=[BULLET_EVERY_FAILED_ROLL])
    assert decisions == [] and s.bullets == 2 and result.outcome == "missed"


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-RAY-06", "ZGC-AMB-10")
def test_a_giant_snipes_with_its_size_rays_bullet_bonus():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.bullets = SizeRay(2, 2), 1
    events, _, result, _ = fight_record(st, [1, 1], mode="snipe", sniper=s)
    # Advantage keeps a 1; the Size-Ray's bullet adds 2: 3 against 4 misses
    assert events[1].message == "Combat check 1: Survivor 1 [1, 1]->1 +2 snipe bullet = 3 against 4"
    assert events[1].data == {"total": 3, "hp": 4}
    assert result.outcome == "missed" and s.halves == 16


@pytest.mark.rule("ZGC-SNIPE-04", "ZGC-ZCOMB-09")
def test_a_helper_may_add_a_bullet_to_a_snipe_the_sniper_already_spent_on():
    st = pair()
    _, decisions, result, _ = fight_record(st, [1, 1], helpers=[1], n=2, mode="snipe",
                                           sniper=st.survivors[0])
    # 1 + 1 + 2 (the snipe's bullet) = 4; Survivor 2's bullet makes 6 < 8: not a kill
    (d,) = decisions
    assert d.player == "Survivor 2" and d.options == ["keep", "spend"]
    assert d.data["spenders"] == ["Survivor 1", "Survivor 2"] and d.data["turn"] == 1
    assert d.data["fight"]["spent"] == {"Survivor 1": 1} and d.data["available"] == 1
    assert result.outcome == "missed"


# -- bullets -----------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-NORM-05", "ZGC-RES-05", "ZGC-RES-06", "ZGC-AMB-19")
def test_the_bullet_decision_recommends_spending_when_the_bullet_kills_and_records_the_check():
    st = make_state()
    events, decisions, result, _ = fight_record(st, [2])
    (d,) = decisions
    assert d.player == "Survivor 1" and d.kind == "bullet" and d.options == ["spend", "keep"]
    assert d.rule == BULLET_RULE and d.ids == IDS_BULLET and d.assumed == P.AMB19
    assert {k: v for k, v in d.data.items() if k != "fight"} == {
        "total": 2, "hp": 4, "available": 1, "added": 0, "spenders": ["Survivor 1"], "turn": 0}
    assert d.data["fight"]["rolls"] == 1
    spend = events[2]
    assert spend.message == "Survivor 1 spends a bullet: +2, check is now 4"
    assert spend.rule == ("Zombies!!! Giants-Club: Normal (a bullet's bonus, even after the "
                          "roll)")
    assert spend.kind == "combat" and spend.data == {"bullet": "Survivor 1"}
    assert spend.ids == IDS_BULLET and spend.assumed == P.AMB19
    assert (result.outcome, result.rolls, result.bullets) == ("won", 1, 1)


@pytest.mark.rule("ZGC-RES-06", "ZGC-ZCOMB-09")
def test_the_bullet_decision_recommends_keeping_when_the_bullets_there_are_cannot_kill():
    st = pair()
    _, decisions, _, _ = fight_record(st, [1, 1, 6, 6], n=2, helpers=[1])
    first, second = decisions
    assert first.options == ["keep", "spend"] and second.options == ["keep", "spend"]
    assert first.player == "Survivor 1" and second.player == "Survivor 2"
    assert first.data["available"] == 2 and second.data["available"] == 1
    assert (first.data["turn"], second.data["turn"]) == (0, 1)


@pytest.mark.rule("ZGC-ZCOMB-09", "ZGC-RES-05")
def test_after_one_spender_adds_a_bullet_the_next_is_asked_with_the_check_as_it_now_stands():
    st = pair()
    _, decisions, result, _ = fight_record(st, [1, 1, 6, 6], n=2, helpers=[1],
                                           answers=["spend", "spend"])
    first, second = decisions
    assert (first.data["total"], first.data["added"]) == (2, 0)
    assert (second.data["total"], second.data["added"]) == (4, 1)
    assert second.data["fight"]["spent"] == {"Survivor 1": 1}
    assert [s.bullets for s in st.survivors] == [2, 2]
    # 8 - 6 = 2 left: two d6 cannot fail, the zombies die at once
    assert (result.outcome, result.rolls, result.bullets) == ("won", 1, 2)


@pytest.mark.rule("ZGC-RES-05", "ZGC-AMB-19")
def test_a_survivor_out_of_bullets_is_not_asked():
    st = pair()
    st.survivors[0].bullets = 0
    _, decisions, _, _ = fight_record(st, [1, 1, 6, 6], n=2, helpers=[1])
    assert [d.player for d in decisions] == ["Survivor 2"]
    assert decisions[0].data["available"] == 1 and decisions[0].data["turn"] == 1


@pytest.mark.rule("ZGC-AMB-19")
def test_under_the_every_failed_roll_variant_the_bullet_spent_on_an_earlier_check_does_not_count():
    st = make_state()
    st.survivors[0].bullets = 2
    _, decisions, result, _ = fight_record(st, [1, 1, 6], n=2, answers=["spend", "spend"],
                                           variants=[BULLET_EVERY_FAILED_ROLL])
    first, second = decisions
    assert first.data["fight"]["spent"] == {} and second.data["fight"]["spent"] == {}
    assert second.data["available"] == 1 and second.data["fight"]["used"] == 1
    assert result.bullets == 2 and st.survivors[0].bullets == 0


@pytest.mark.rule("ZGC-RES-06", "ZGC-AMB-07")
def test_under_the_exceed_variant_a_roll_equal_to_the_target_is_offered_a_bullet():
    st = make_state(variants=[TARGET_MUST_BE_EXCEEDED])
    _, decisions, result, _ = fight_record(st, [4], variants=[TARGET_MUST_BE_EXCEEDED])
    (d,) = decisions
    assert d.options == ["spend", "keep"] and d.data["total"] == 4
    assert (result.outcome, result.bullets) == ("won", 1)


@pytest.mark.rule("ZGC-RES-06", "ZGC-AMB-07")
def test_under_the_exceed_variant_a_bullet_that_only_ties_the_target_is_not_recommended():
    st = make_state(variants=[TARGET_MUST_BE_EXCEEDED])
    st.survivors[0].bullets = 1
    _, decisions, _, _ = fight_record(st, [2, 6], variants=[TARGET_MUST_BE_EXCEEDED])
    assert decisions[0].options == ["keep", "spend"]


@pytest.mark.rule("ZGC-ZCOMB-09", "ZGC-AMB-07")
def test_under_the_exceed_variant_the_next_spender_is_asked_when_a_bullet_only_ties():
    st = pair()
    # 1 + 1 = 2 against 4: Survivor 1's bullet makes 4, which does not exceed 4
    _, decisions, result, _ = fight_record(st, [1, 1], helpers=[1], answers=["spend", "spend"],
                                           variants=[TARGET_MUST_BE_EXCEEDED])
    assert [d.player for d in decisions] == ["Survivor 1", "Survivor 2"]
    assert decisions[1].data["total"] == 4 and result.outcome == "won"


@pytest.mark.rule("ZGC-AMB-08", "ZGC-RES-06")
def test_under_the_only_under_4_variant_a_failed_check_with_a_bullet_does_not_lower_the_target():
    st = make_state(variants=[LOWERED_ONLY_UNDER_4])
    # 8 to beat: 1 + a bullet = 3 fails, and with a bullet added the target stays 8
    events, _, _, _ = fight_record(st, [1, 6, 6], n=2, answers=["spend"],
                                   variants=[LOWERED_ONLY_UNDER_4])
    assert hits(events)[0].data["hp"] == 8


def bullets_per_combat(n: int) -> Context:
    """A context whose data lets a Survivor spend ``n`` bullets per combat; the dice roll 1s."""
    files = load_files()
    files["rules"] = apply_override(files["rules"], "combat.bullets_per_combat", n)
    return Context(dice=ScriptedDice([1] * 6), variants=frozenset(), data=build(files))


@pytest.mark.rule("ZGC-RES-05")
def test_a_survivor_is_offered_no_more_bullets_than_the_bullets_per_combat_allow():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 3
    proc = fight(st, bullets_per_combat(2), s, zombies_at(st, CENTRE, 2))
    _, decisions = play(proc, ["spend", "spend"])
    # 8 to beat: 1 + 2 + 2 = 5 fails; the third bullet is never offered in this combat
    assert [d.data["fight"]["spent"] for d in decisions] == [{}, {"Survivor 1": 1}]
    assert s.bullets == 1


@pytest.mark.rule("ZGC-RES-05", "ZGC-RES-06")
def test_each_bullet_decision_records_the_bullets_already_added_to_the_check():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 3
    proc = fight(st, bullets_per_combat(3), s, zombies_at(st, CENTRE, 2))
    _, decisions = play(proc, ["spend", "spend", "keep"])
    assert [d.data["added"] for d in decisions[:3]] == [0, 1, 2]


@pytest.mark.rule("ZGC-RAY-06", "ZGC-AMB-10")
def test_a_giant_spends_a_bullet_through_its_size_ray_and_the_log_cites_the_size_ray():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.bullets = SizeRay(2, 2), 1
    events, decisions, _, _ = fight_record(st, [2, 1], answers=["spend"])
    assert [d.player for d in decisions] == ["Survivor 1"]
    spend = next(e for e in events if e.data.get("bullet"))
    ray = default_data().crafting["size_ray"]["bullet_bonus"]
    assert spend.message == f"Survivor 1 spends a bullet: +{ray}, check is now {2 + ray}"
    assert spend.rule == ("Zombies!!! Giants-Club: Size Ray (a Giant wielding it spends "
                          "bullets)")
    assert spend.ids == IDS_BULLET


@pytest.mark.rule("ZGC-AMB-10")
def test_under_the_giants_never_variant_a_giant_with_a_size_ray_is_not_asked():
    st = make_state(("Big",), variants=[GIANTS_NEVER_SPEND_BULLETS])
    s = st.survivors[0]
    s.size_ray, s.bullets = SizeRay(2, 2), 1
    _, decisions, _, _ = fight_record(st, [2, 1, 6, 6], variants=[GIANTS_NEVER_SPEND_BULLETS])
    assert decisions == [] and s.bullets == 1


@pytest.mark.rule("ZGC-SNIPE-04", "ZGC-CARRY-02")
def test_a_carried_survivors_bullet_cites_spending_for_the_giant_who_fights():
    st = make_state(("Big", "Normal"))
    carry(st, 0, 1)
    events, _, _, _ = fight_record(st, [1, 2], defender=1)
    spend = next(e for e in events if e.data.get("bullet"))
    assert spend.data == {"bullet": "Survivor 2"} and spend.ids == IDS_BULLET + ("ZGC-SNIPE-04",)


# -- failed checks: the hit ---------------------------------------------------------------------------

FAIL_RULE = ("Zombies!!! Giants-Club: Step 3 Move/Fight (target lowered by previous results; "
             "1 heart per failure")
IDS_FAIL = ("ZGC-FIGHT-03", "ZGC-ZCOMB-01", "ZGC-ZCOMB-07", "ZGC-AMB-08")


def hits(events):
    """The events of the hits the fighter took."""
    return [e for e in events if e.kind == "combat" and "halves" in e.data]


@pytest.mark.rule("ZGC-FIGHT-03", "ZGC-AMB-08")
def test_a_normals_failed_check_costs_a_heart_and_lowers_the_target():
    st = make_state()
    st.survivors[0].bullets = 0
    events, _, _, _ = fight_record(st, [1, 6])
    (hit,) = hits(events)
    assert hit.message == "Survivor 1 fails and loses a heart: 2 hearts left; target lowered to 3"
    assert hit.rule == FAIL_RULE + ")" and hit.kind == "combat"
    assert hit.ids == IDS_FAIL and hit.data == {"halves": 4, "hp": 3} and hit.assumed == P.AMB08


@pytest.mark.rule("ZGC-HUGE-03", "ZGC-HUGE-06", "ZGC-FIGHT-03")
def test_a_huge_survivors_failed_check_flips_a_counter_and_cites_its_half_damage():
    st = make_state(("Huge",))
    events, _, _, _ = fight_record(st, [1, 1, 6, 6])
    (hit,) = hits(events)
    assert hit.message == ("Survivor 1 fails and loses half a heart (counter flipped): 11.5 "
                           "hearts left; target lowered to 2")
    assert hit.rule == FAIL_RULE + "; half damage)"
    assert hit.ids == IDS_FAIL + ("ZGC-HUGE-03",) and hit.data == {"halves": 23, "hp": 2}
    assert events[1].ids == ("ZGC-ZCOMB-01", "ZGC-HUGE-06") and events[1].assumed == ""


@pytest.mark.rule("ZGC-ARM-03", "ZGC-ARM-05")
def test_a_normal_in_body_armour_loses_half_a_heart_and_the_hit_cites_the_armour():
    st = make_state()
    s = st.survivors[0]
    s.bullets, s.armour, s.halves = 0, Armour(2, "Normal"), 8
    events, _, _, _ = fight_record(st, [1, 6])
    (hit,) = hits(events)
    assert hit.ids == IDS_FAIL + ("ZGC-ARM-03", "ZGC-ARM-05")
    assert hit.rule == FAIL_RULE + "; half damage)" and hit.data == {"halves": 7, "hp": 3}


@pytest.mark.rule("ZGC-RES-01")
def test_a_hit_a_reserve_heart_takes_cites_the_reserve_rule_value():
    st = make_state()
    s = st.survivors[0]
    s.halves, s.reserve, s.bullets = 2, 1, 0
    events, _, _, _ = fight_record(st, [1, 6])
    (hit,) = hits(events)
    assert hit.data == {"halves": 2, "hp": 3, "values": ["rules:game.reserve_auto_use"]}
    assert hit.assumed == P.joined(P.AMB08, P.RESERVE_STEPS_IN)
    assert s.status == "active"


@pytest.mark.rule("ZGC-RES-01")
def test_with_reserve_hearts_not_used_at_once_the_last_heart_lost_kills():
    files = load_files()
    files["rules"] = apply_override(files["rules"], "game.reserve_auto_use", False)
    st = make_state()
    s = st.survivors[0]
    s.halves, s.reserve, s.bullets = 2, 1, 0
    c = Context(dice=ScriptedDice([1]), variants=frozenset(), data=build(files))
    run(fight(st, c, s, zombies_at(st, CENTRE)))
    assert s.status == "dead" and s.reserve == 1


# -- the dice of a check -----------------------------------------------------------------------------


@pytest.mark.rule("ZGC-BIG-06", "ZGC-AMB-06", "ZGC-ZCOMB-08")
def test_a_big_fighter_helped_by_a_normal_cites_advantage_and_the_helper_once():
    st = pair(("Big", "Normal"))
    st.survivors[1].bullets = 0
    events, _, _, _ = fight_record(st, [1, 1, 1, 6, 6, 6], n=2, helpers=[1])
    checks = [e for e in events if e.kind == "roll"]
    assert checks[0].ids == ("ZGC-ZCOMB-01", "ZGC-BIG-06", "ZGC-AMB-06", "ZGC-ZCOMB-08")
    assert all(e.assumed == P.AMB06 for e in checks)


@pytest.mark.rule("ZGC-BIG-06", "ZGC-AMB-06")
def test_a_normal_fighter_helped_by_a_big_one_still_names_the_advantage_reading():
    st = pair(("Normal", "Big"))
    st.survivors[0].bullets = 0
    events, _, _, _ = fight_record(st, [1, 1, 1, 6, 6, 6], n=2, helpers=[1])
    check = next(e for e in events if e.kind == "roll")
    assert check.ids == ("ZGC-ZCOMB-01", "ZGC-BIG-06", "ZGC-AMB-06", "ZGC-ZCOMB-08")
    assert check.assumed == P.AMB06


@pytest.mark.rule("ZGC-AMB-06", "ZGC-BIG-06")
def test_under_the_plain_advantage_variant_a_big_rolls_one_die_and_says_so():
    st = make_state(("Big",), variants=[PLAIN_ADVANTAGE])
    events, _, _, c = fight_record(st, [1, 6], variants=[PLAIN_ADVANTAGE])
    check = next(e for e in events if e.kind == "roll")
    assert check.message == "Combat check 1: Survivor 1 [1]->1 = 1 against 4"
    assert check.assumed == (f"variant {PLAIN_ADVANTAGE} (other reading of ZGC-AMB-06): "
                             "Advantage is one die")
    assert c.dice.remaining == ()


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-RAY-06")
def test_a_giants_snipe_adds_its_size_rays_bullet_bonus_not_a_normals_snipe_bonus():
    files = load_files()
    files["crafting"] = apply_override(files["crafting"], "size_ray.bullet_bonus", 3)
    data = build(files)
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray = SizeRay(2, 2)
    c = Context(dice=ScriptedDice([1, 1]), variants=frozenset(), data=data)
    events = run(fight(st, c, s, zombies_at(st, CENTRE), mode="snipe", sniper_spent=s))
    assert events[1].data == {"total": 4, "hp": 4} and not st.zombies


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-CARRY-02", "ZGC-NORM-06")
def test_a_carried_normal_snipes_with_its_own_bullet_bonus_while_its_giant_rolls():
    files = load_files()
    files["crafting"] = apply_override(files["crafting"], "size_ray.bullet_bonus", 3)
    data = build(files)
    st = make_state(("Big", "Normal"))
    carry(st, 0, 1)
    rider = st.survivors[1]
    rider.bullets = 0
    c = Context(dice=ScriptedDice([1, 1]), variants=frozenset(), data=data)
    events = run(fight(st, c, rider, zombies_at(st, CENTRE), mode="snipe", sniper_spent=rider))
    assert events[1].data == {"total": 3, "hp": 4}  # the Big's kept 1 + the Normal's 2


# -- after the fight ---------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ZCOMB-01")
def test_zombies_killed_go_back_to_the_pool_and_count_for_the_fighter():
    st = make_state()
    zs = zombies_at(st, CENTRE, 2)
    pool = st.zombie_pool
    result = run(fight(st, ctx([6]), st.survivors[0], zs))[-1]
    assert result.message == "Survivor 1 kills 2 zombies (2 kills in all)"
    assert result.rule == CHECK_RULE and result.kind == "result"
    assert result.data == {"kills": 2} and result.ids == ("ZGC-ZCOMB-01",)
    assert st.zombies == [] and st.zombie_pool == pool + 2 and st.survivors[0].kills == 2


@pytest.mark.rule("ZGC-SNIPE-02", "ZGC-AMB-08")
def test_damage_dealt_and_not_enough_stays_on_the_zombies_up_to_one_short_of_each():
    st = make_state()
    s = st.survivors[0]
    zs = zombies_at(st, CENTRE, 2)
    zs[0].damage = 2
    # 8 - 2 = 6 to beat; the snipe makes 1 + 2 = 3: one more on the first, two on the second
    run(fight(st, ctx([1]), s, zs, mode="snipe", sniper_spent=s))
    assert [z.damage for z in st.zombies] == [3, 2]


@pytest.mark.rule("ZGC-CARD-01")
def test_a_giants_shotgun_loses_a_use_per_fight_and_is_discarded_worn_out():
    st = make_state(("Big",))
    big = st.survivors[0]
    big.weapons = [Weapon("Hey Look! A Shotgun", uses=2, size="Big")]
    first, _, _, _ = fight_record(st, [6, 6])
    assert big.weapons[0].uses == 1 and not [e for e in first if e.kind == "card"]
    second, _, _, _ = fight_record(st, [6, 6])
    (worn,) = [e for e in second if e.kind == "card"]
    assert worn.message == "Survivor 1's Hey Look! A Shotgun wears out and is discarded"
    assert worn.rule == ("Zombies!!! Giants-Club: Card specific (a large weapon with "
                         "durability)")
    assert worn.data == {"card": "Hey Look! A Shotgun"} and worn.ids == ("ZGC-CARD-01",)
    assert worn.assumed == P.DECK
    assert big.weapons == [] and st.discard == ["Hey Look! A Shotgun"]


@pytest.mark.rule("ZGC-CARD-01", "ZGC-ZCOMB-08")
def test_a_helpers_weapon_wears_too_and_one_without_durability_does_not():
    st = pair(("Normal", "Big"))
    s1, big = st.survivors
    s1.weapons = [Weapon("Chainsaw")]
    big.weapons = [Weapon("Chainsaw", size="Big"), Weapon("Hey Look! A Shotgun", uses=1,
                                                          size="Big")]
    fight_record(st, [6, 6, 6], helpers=[1])
    assert s1.weapons == [Weapon("Chainsaw")] and big.weapons == [Weapon("Chainsaw", size="Big")]
    assert st.discard == ["Hey Look! A Shotgun"]


@pytest.mark.rule("ZGC-FIGHT-02")
def test_the_death_of_a_survivor_is_logged_and_leaves_it_with_nothing():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 0
    events, _, _, _ = fight_record(st, [1, 1, 1])
    dies = events[-1]
    assert dies.message == "Survivor 1 dies" and dies.kind == "result"
    assert dies.rule == ("Zombies!!! Giants-Club: Step 3 Move/Fight (fight until the Survivor "
                         "wins or dies)")
    assert dies.ids == ("ZGC-FIGHT-02",) and s.status == "dead" and s.halves == 0


@pytest.mark.rule("ZGC-FIGHT-02")
def test_a_dying_survivor_sets_down_everyone_it_carried():
    st = make_state(("Huge", "Normal", "Normal"), at=(9, 10))
    huge = st.survivors[0]
    carry(st, 0, 1)
    carry(st, 0, 2)
    huge.halves = 1
    for rider in st.survivors[1:]:
        rider.bullets = 0
    run(fight(st, ctx([1, 1]), huge, zombies_at(st, (9, 10))))
    assert huge.carrying == [] and huge.status == "dead"
    assert [(r.carried_by, r.loc) for r in st.survivors[1:]] == [(None, [9, 10])] * 2


# -- a fight as plain data -----------------------------------------------------------------------------


@pytest.mark.rule("ZGC-SNIPE-04", "ZGC-AMB-19")
def test_a_fight_read_back_from_its_record_is_the_same_fight():
    st = pair(("Big", "Normal"))
    st.variants = [BULLET_EVERY_FAILED_ROLL]
    zs = zombies_at(st, CENTRE, 2)
    record = {"defender": "Survivor 1", "fighter": "Survivor 1", "zombies": [z.id for z in zs],
              "rollers": ["Survivor 1", "Survivor 2"], "mode": "snipe", "hp": 5, "start_hp": 8,
              "weapons": 1, "lowest_next": 3, "sniper": "Survivor 2",
              "spent": {"Survivor 2": 1}, "used": 1, "rolls": 2}
    enc = Encounter.from_record(st, record)
    assert enc.record() == record
    assert enc.sniper is st.survivors[1] and enc.zombies == zs
    assert enc.rules == FightRules(per_check=True)
    assert Encounter.from_record(st, dict(record, sniper=None)).sniper is None

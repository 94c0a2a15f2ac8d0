"""Every catalogued ambiguity: the default reading cited, the other reading a variant that plays
differently in a constructed position (or, where the readings never differ, a test showing so)."""

from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision
from rules_lib.games.zombies_giants import GAME, new_game, sizes
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.crafting import visit_store
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.demolish import demolish_check
from rules_lib.games.zombies_giants.events import deal_start_hands, event_step
from rules_lib.games.zombies_giants.fight import fight
from rules_lib.games.zombies_giants.move_fight import move_fight, step_options
from rules_lib.games.zombies_giants.odds import fight_odds, start_counters
from rules_lib.games.zombies_giants.state import SizeRay, Weapon
from rules_lib.games.zombies_giants.win import check_kills_win, credit_kills
from rules_lib.games.zombies_giants.zombie_turn import plan_moves, zombie_turn

from .zg_helpers import CENTRE, ctx, make_state, messages, play, run, zombies_at


def counters_after_game_start(scenario, variants=()):
    g = new_game(scenario, seed=0, variants=variants)
    while g.state.phase == "Set-Up":
        g.step_event()
    s = g.state.survivors[0]
    return s.halves, s.base_max


def one_fight(st, faces, n=1, variants=(), answers=()):
    s = st.survivors[0]
    zs = zombies_at(st, CENTRE, n)
    return run(fight(st, ctx(faces, variants), s, zs), answers)


def first_decision(proc):
    events, item = [], next(proc)
    while not isinstance(item, Decision):
        events.append(item)
        item = next(proc)
    return events, item


# -- ZGC-AMB-01: starting hearts -------------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-01", "ZGC-START-04", "ZGC-BIG-02", "ZGC-HUGE-02", "ZGC-BIG-03")
def test_three_readings_of_the_giants_starting_hearts():
    # Game Start's 8 and 12 whole counters take two hits each: 16 and 24 failed rolls
    assert counters_after_game_start("big") == (16, 8)
    assert counters_after_game_start("huge") == (24, 12)
    # the size sections' 4 and 5 counters
    assert counters_after_game_start("huge", [V.SIZE_SECTION_HEARTS]) == (10, 5)
    # Game Start's numbers as half hearts: 8 and 12 failed rolls
    assert counters_after_game_start("big", [V.START_HEARTS_ARE_HALVES]) == (8, 4)
    assert counters_after_game_start("huge", [V.START_HEARTS_ARE_HALVES]) == (12, 6)
    assert counters_after_game_start("normal", [V.START_HEARTS_ARE_HALVES]) == (6, 3)


@pytest.mark.rule("ZGC-AMB-01")
def test_the_starting_hearts_readings_reach_the_fight_odds():
    readings = [(), (V.SIZE_SECTION_HEARTS,), (V.START_HEARTS_ARE_HALVES,)]
    assert [start_counters("Huge", r) for r in readings] == [(12, 0), (5, 0), (6, 0)]
    for r in readings:  # hearts=None: the size's starting hearts under the reading
        h, half = start_counters("Huge", r)
        assert fight_odds("Huge", None, 0, 2, variants=r) == fight_odds("Huge", h, 0, 2,
                                                                         half_hearts=half)
    left = [fight_odds("Huge", None, 0, 2, variants=r).hearts_left().mean() for r in readings]
    assert left[0] > left[2] > left[1]
    with pytest.raises(ValueError, match="two readings"):
        new_game("big", variants=[V.SIZE_SECTION_HEARTS, V.START_HEARTS_ARE_HALVES])


# -- ZGC-AMB-05: size names (no variant: there are three sizes only) ----------------------------


@pytest.mark.rule("ZGC-AMB-05", "ZGC-POT-05")
def test_small_and_large_potions_are_the_normal_and_big_sizes():
    data = default_data()
    assert data.crafting["potion_kit"]["sizes"] == list(data.sizes)  # no fourth size to name
    st = make_state(("Big",))
    _, decisions = play(visit_store(st, ctx(), st.survivors[0], "Hospital"))
    _, decisions = play(visit_store(st, ctx(), st.survivors[0], "Florist-Shop"), ["Normal"])
    assert decisions[0].options == ["Normal", "Big", "Huge"]
    assert "ZGC-AMB-05" in decisions[0].ids


# -- ZGC-AMB-06: Advantage ----------------------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-06", "ZGC-BIG-06", "ZGC-ZTURN-01")
def test_advantage_as_one_die_is_the_variant():
    st = make_state(("Big",))
    events = one_fight(st, [2, 5])  # the higher of 2 and 5 beats 4
    assert st.survivors[0].halves == 16 and st.survivors[0].kills == 1
    roll = next(e for e in events if e.kind == "roll")
    assert "ZGC-AMB-06" in roll.ids and "default reading of ZGC-AMB-06" in roll.assumed
    st = make_state(("Big",), variants=[V.PLAIN_ADVANTAGE])
    events = one_fight(st, [2, 5], variants=[V.PLAIN_ADVANTAGE])  # 2 fails, then 5 kills
    assert st.survivors[0].halves == 15 and st.survivors[0].kills == 1
    assert V.PLAIN_ADVANTAGE in next(e for e in events if e.kind == "roll").assumed
    # the zombie turn: the higher of 1 and 6 moves six zombies; one die moves one
    for variants, moved in [((), 3), ((V.PLAIN_ADVANTAGE,), 1)]:
        st = make_state()
        for x in (12, 13, 14):
            zombies_at(st, (x, 10))
        events = run(zombie_turn(st, ctx([1, 6], variants), st.survivors[0]))
        assert events[0].data["moved"] == moved
    assert fight_odds("Big", 1, variants=[V.PLAIN_ADVANTAGE]).p_win < fight_odds("Big", 1).p_win


# -- ZGC-AMB-07: a total equal to the target ---------------------------------------------------


@pytest.mark.rule("ZGC-AMB-07")
def test_a_total_equal_to_the_target_fails_under_the_variant():
    st = make_state()
    st.survivors[0].bullets = 0
    events = one_fight(st, [4])
    assert st.survivors[0].halves == 6 and st.survivors[0].kills == 1
    assert "ZGC-AMB-07" in events[0].ids and "default reading of ZGC-AMB-07" in events[0].assumed
    st = make_state(variants=[V.TARGET_MUST_BE_EXCEEDED])
    st.survivors[0].bullets = 0
    events = one_fight(st, [4], variants=[V.TARGET_MUST_BE_EXCEEDED])
    # 4 does not beat 4: a heart is lost; 0 left, which any roll beats: the zombie dies at once
    assert st.survivors[0].halves == 4 and st.survivors[0].kills == 1
    strict = fight_odds("Normal", 1, variants=[V.TARGET_MUST_BE_EXCEEDED]).p_win
    assert strict < fight_odds("Normal", 1).p_win


# -- ZGC-AMB-08: what lowers the target --------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-08", "ZGC-FIGHT-03", "ZGC-ZCOMB-01")
def test_only_low_rolls_lower_the_target_under_the_variant():
    st = make_state()
    st.survivors[0].bullets = 0
    events = one_fight(st, [5, 3], n=2)  # 8 to beat: 5 fails, 3 left; 3 kills
    assert st.survivors[0].halves == 4 and st.survivors[0].kills == 2
    st = make_state(variants=[V.LOWERED_ONLY_UNDER_4])
    st.survivors[0].bullets = 0
    events = one_fight(st, [5, 3, 6, 2], n=2, variants=[V.LOWERED_ONLY_UNDER_4])
    # 5 is not under 4: the target stays 8; 3 is: 5 left; 6 beats 5
    assert [e.data["hp"] for e in events if e.kind == "roll"] == [8, 8, 5]
    assert st.survivors[0].halves == 2 and st.survivors[0].kills == 2
    assert V.LOWERED_ONLY_UNDER_4 in events[0].assumed
    low = fight_odds("Normal", 2, 0, 2, variants=[V.LOWERED_ONLY_UNDER_4]).p_win
    assert low < fight_odds("Normal", 2, 0, 2).p_win


# -- ZGC-AMB-09: Huge Giants and Item/Weapon cards --------------------------------------------


@pytest.mark.rule("ZGC-AMB-09", "ZGC-HUGE-10", "ZGC-CARD-01")
def test_the_variant_bars_every_card_from_a_huge_giant():
    for variants, can in [((), True), ((V.HUGE_NO_ITEM_CARDS,), False)]:
        st = make_state(("Huge",), variants=variants)
        st.survivors[0].hand = ["Hey Look! A Shotgun"]
        opts, _ = step_options(st, default_data(), st.survivors[0], 3, [])
        assert ("play Hey Look! A Shotgun" in opts) is can
    st = make_state(("Huge",))
    st.survivors[0].hand = ["Hey Look! A Shotgun"]
    events, _ = play(move_fight(st, ctx([1, 1, 1]), st.survivors[0]),
                     ["play Hey Look! A Shotgun", "stop"])
    played = next(e for e in events if e.kind == "card")
    assert "ZGC-AMB-09" in played.ids and "default reading of ZGC-AMB-09" in played.assumed


# -- ZGC-AMB-10: Giants and bullets -------------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-10", "ZGC-RAY-06", "ZGC-RES-03")
def test_the_variant_lets_no_giant_spend_a_bullet_even_with_a_size_ray():
    for variants, offered in [((), True), ((V.GIANTS_NEVER_SPEND_BULLETS,), False)]:
        st = make_state(("Big",), variants=variants)
        s = st.survivors[0]
        s.size_ray, s.bullets = SizeRay(2, 2), 2
        zombies_at(st, (12, 10))
        opts, _ = step_options(st, default_data(), s, 3, [])
        assert ("snipe 12,10" in opts) is offered
        st.zombies.clear()
        st.zombie_pool += 1
        events = one_fight(st, [1, 2, 6, 6], variants=variants)  # Advantage 2 fails by 2
        asked = [e for e in events if e.kind == "decision"]
        assert bool(asked) is offered
        assert s.halves == (16 if offered else 15)  # the bullet's +2 turns 2 into a kill


# -- ZGC-AMB-11: one Event card per round, or per player ---------------------------------------


@pytest.mark.rule("ZGC-AMB-11", "ZGC-EVT-01")
def test_the_variant_draws_one_event_card_a_round():
    for variants, second_draws in [((), True), ((V.EVENT_ONCE_PER_ROUND,), False)]:
        st = make_state(("Normal", "Big"), variants=variants)
        st.deck = ["Lots of Ammo", "Just a Scratch"]
        run(event_step(st, ctx([], variants), st.survivors[0]))
        st.revealed = None
        events = run(event_step(st, ctx([], variants), st.survivors[1]))
        assert (st.deck == []) is second_draws
        assert "ZGC-AMB-11" in events[0].ids
        st.turn += 1  # a new round: a card again
        st.deck = ["Lots of Ammo"]
        run(event_step(st, ctx([], variants), st.survivors[1]))
        assert st.deck == []


# -- ZGC-AMB-12: a Normal's reserve limit --------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-12", "ZGC-NORM-02", "ZGC-RES-01")
def test_hearts_a_normal_cannot_hold_stay_on_the_square_under_the_variant():
    for variants, left in [((), None), ((V.RESERVE_OVERFLOW_STAYS,), {"hearts": 1})]:
        st = make_state(variants=variants)
        st.tokens["11,10"] = {"hearts": 3}
        events, _ = play(move_fight(st, ctx([1], variants), st.survivors[0]),
                         ["move 11,10", "stop"])
        assert st.survivors[0].reserve == 2 and st.tokens.get("11,10") == left
        picked = next(e for e in events if "reserve heart" in e.message)
        assert "ZGC-AMB-12" in picked.ids


# -- ZGC-AMB-13: which zombies move toward whom ------------------------------------------------


@pytest.mark.rule("ZGC-AMB-13", "ZGC-ZCOMB-05", "ZGC-ZTURN-03")
def test_the_variant_sends_each_zombie_toward_its_nearest_survivor():
    data = default_data()
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [14, 10]
    z = zombies_at(st, (13, 10))[0]  # 3 squares from the active player, 1 from the other
    ((moved, to),) = plan_moves(st, data, st.survivors[0], 1)
    assert moved is z and to == (12, 10)
    ((moved, to),) = plan_moves(st, data, st.survivors[0], 1, nearest=True)
    assert moved is z and to == (14, 10)
    events = run(zombie_turn(st, ctx([1, 1, 6], [V.ZOMBIES_CHASE_NEAREST]), st.survivors[0]))
    assert st.survivors[1].kills == 1 and V.ZOMBIES_CHASE_NEAREST in events[0].assumed


# -- ZGC-AMB-14: the demolition check ------------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-14", "ZGC-DEMO-01")
def test_the_variant_adds_weapon_bonuses_to_a_demolition_check():
    for variants, down in [((), False), ((V.DEMOLISH_WITH_WEAPONS,), True)]:
        st = make_state(("Huge",), at=(12, 10), variants=variants)
        st.survivors[0].weapons = [Weapon("Hey Look! A Shotgun", 3)]
        events = run(demolish_check(st, ctx([3, 4], variants), st.survivors[0], "Hardware Store"))
        assert (st.demolished == ["Hardware Store"]) is down  # 7, or 7 + 1
        assert "ZGC-AMB-14" in events[0].ids


# -- ZGC-AMB-15: which cards are laid out in Co-op -----------------------------------------------


@pytest.mark.rule("ZGC-AMB-15", "ZGC-START-01", "ZGC-START-02")
def test_the_variant_lays_the_drawn_negative_events_at_the_table_edge():
    for variants, aside in [((), []), ((V.COOP_NEGATIVES_ASIDE,), ["Butter Fingers"])]:
        st = make_state(variants=variants)
        st.deck = ["Butter Fingers", "Lots of Ammo", "Grenade", "Chainsaw"]
        events = run(deal_start_hands(st, ctx([1] * 4, variants)))
        assert st.table_edge == aside
        assert ("Butter Fingers" in st.deck) is not bool(aside)
        assert "ZGC-AMB-15" in events[0].ids and "laid face up" in events[0].message


# -- ZGC-AMB-17: which kills count toward 25 -----------------------------------------------------


@pytest.mark.rule("ZGC-AMB-17", "ZGC-WIN-03")
def test_the_variant_counts_only_kills_made_after_the_last_shrinking_item_went():
    data = default_data()
    for variants, survives in [((), True), ((V.KILLS_ONCE_STRANDED,), False)]:
        st = make_state(("Big",), variants=variants)
        s = st.survivors[0]
        s.potions = ["Normal"]
        credit_kills(st, data, s, 24)  # a shrinking potion still there: not stranded
        s.potions = []
        credit_kills(st, data, s, 1)
        assert (s.kills, s.stranded_kills) == (25, 1)
        events = run(check_kills_win(st, ctx([], variants)))
        assert (s.status == "survived") is survives
        if survives:
            assert "ZGC-AMB-17" in events[0].ids


# -- ZGC-AMB-18: a Normal's minimum speed -------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-18", "ZGC-NORM-03")
def test_the_variant_counts_reserve_hearts_in_the_minimum_speed():
    for variants, points in [((), 1), ((V.MIN_SPEED_COUNTS_RESERVE,), 3)]:
        st = make_state(variants=variants)
        s = st.survivors[0]
        s.halves, s.reserve = 2, 2
        events, decision = first_decision(move_fight(st, ctx([1], variants), s))
        assert decision.data["left"] == points
        assert "ZGC-AMB-18" in events[0].ids


# -- ZGC-AMB-20: Body Armour crafted twice --------------------------------------------------------


@pytest.mark.rule("ZGC-AMB-20", "ZGC-CRAFT-02", "ZGC-ARM-07")
def test_the_variant_makes_one_suit_upgraded_once():
    for variants, second_suit, last_parts in [((), True, 4), ((V.ARMOUR_ONE_SUIT,), False, 3)]:
        st = make_state(("Normal", "Normal"), variants=variants)
        a, b = st.survivors
        for store in ("Police Department", "Fire-Station", "Costume Shop", "Outfitters"):
            play(visit_store(st, ctx([], variants), a, store))
        assert a.armour.parts == last_parts
        for store in ("Army-Surplus", "Department Store"):
            play(visit_store(st, ctx([], variants), b, store), ["Normal"])
        assert (b.armour is not None) is second_suit


# -- every variant is declared with its section and ambiguity ------------------------------------


def test_every_variant_names_its_section_and_catalogue_id():
    for v in GAME.variants:
        assert v.ids and v.section.startswith("Zombies!!! Giants-Club: "), v.name
        assert v.description and v.default_reading, v.name
    amb = {i for v in GAME.variants for i in v.ids if "-AMB-" in i}
    every = {f"ZGC-AMB-{n:02d}" for n in range(1, 21)}
    assert every - amb == {"ZGC-AMB-05", "ZGC-AMB-16"}  # the two whose readings never differ


def test_the_fight_variants_are_accepted_by_the_odds_and_others_are_named():
    for name in V.FIGHT_VARIANTS:
        assert fight_odds("Big", 2, 1, 2, size_ray=True, variants=[name]).p_win > 0
    with pytest.raises(ValueError, match="potion_heals_5"):
        fight_odds("Normal", 2, variants=["potion_heals_5"])
    assert sizes.hearts_reading({V.START_HEARTS_ARE_HALVES}) == "halves"
    assert "ZGC-AMB-01" in next(e for e in new_game("huge").next_phase() if "lays out" in e.message).ids
    assert messages  # the helper is shared with the other test modules

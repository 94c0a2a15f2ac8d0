"""The event deck (events.py), event by event: the Game Start hands, Step 2's draw, Step 5's
discard and the revealed card, and each card effect's record (rule, catalogue IDs, data, the
readings assumed), with the limits of who may play what and where spawned zombies appear.
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.events import (
    FREE_AT_STEP_5,
    HAND_FREED,
    NEGATIVES_ASIDE,
    ONCE_A_ROUND,
    RULE_CARDS,
    RULE_DISC,
    RULE_EVT,
    RULE_RAY_ITEM,
    RULE_START,
    can_play,
    card_fits,
    deal_start_hands,
    discard_step,
    draw,
    event_step,
    full_deck,
    grenade_targets,
    play_card,
    spawn_near,
)
from rules_lib.games.zombies_giants.state import Armour, Weapon

from .zg_helpers import CENTRE, ctx, make_state, play, run, zombies_at

START_IDS = ("ZGC-START-01", "ZGC-START-02", "ZGC-AMB-15")


def card(name):
    return default_data().cards[name]


def played(st, name, i=0, resized=None, answers=()):
    """Survivor ``i`` plays ``name``: the card's one event (after any decision)."""
    events, _ = play(play_card(st, ctx(), st.survivors[i], name, resized), answers)
    (event,) = events
    return event


# -- the deck ---------------------------------------------------------------------------------------


def test_the_full_deck_holds_every_card_by_its_count():
    deck = full_deck(default_data())
    assert len(deck) == sum(c.count for c in default_data().cards.values())
    assert deck.count("Butter Fingers") == 2 and deck.count("Skateboard") == 1


@pytest.mark.rule("ZGC-EVT-04")
def test_an_empty_deck_is_made_anew_from_the_discard_pile():
    st = make_state()
    st.deck, st.discard = [], ["Lots of Ammo", "Grenade"]
    assert draw(st, ctx([1])) == "Grenade"  # the one swap (a 1 on a d2) puts Grenade on top
    assert st.deck == ["Lots of Ammo"] and st.discard == []


@pytest.mark.rule("ZGC-EVT-04")
def test_the_reshuffle_of_the_discard_pile_is_logged_by_its_purpose():
    st = make_state()
    st.deck, st.discard = [], ["Lots of Ammo", "Grenade"]
    c = ctx([1])
    draw(st, c)
    assert c.dice.log == [("reshuffle the event deck", 2, 1)]


@pytest.mark.rule("ZGC-EVT-01")
def test_nothing_is_drawn_from_an_empty_deck_and_an_empty_discard_pile():
    st = make_state()
    assert draw(st, ctx()) is None


# -- Game Start --------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-START-01", "ZGC-START-02", "ZGC-AMB-15")
def test_a_start_hand_is_logged_face_up_and_its_negative_events_shuffled_back():
    st = make_state()
    st.deck = ["Lots of Ammo", "Butter Fingers", "Grenade", "Chainsaw"]
    events = run(deal_start_hands(st, ctx([2])))  # a 2 on a d2: no swap
    hand, back = events
    s = st.survivors[0]
    assert s.hand == ["Lots of Ammo", "Grenade"]
    assert hand.kind == "setup"
    assert hand.rule == (f"{RULE_START} (everyone draws 3 cards; in Co-op they are laid out for "
                         "all to see)")
    assert hand.data == {"cards": ["Lots of Ammo", "Butter Fingers", "Grenade"],
                         "values": ["rules:game.start_cards"]}
    assert hand.ids == START_IDS and hand.assumed == P.joined(P.DECK, P.AMB15)
    assert back.message == "1 Negative Event card(s) shuffled back into the deck: Butter Fingers"
    assert back.kind == "setup" and back.rule == RULE_START
    assert back.data == {"cards": ["Butter Fingers"]}
    assert back.ids == START_IDS and back.assumed == P.DECK
    assert st.deck == ["Chainsaw", "Butter Fingers"] and st.table_edge == []


@pytest.mark.rule("ZGC-START-01")
def test_the_shuffle_of_start_hands_negative_events_is_logged_by_its_purpose():
    st = make_state()
    st.deck = ["Lots of Ammo", "Butter Fingers", "Grenade", "Chainsaw"]
    c = ctx([2])
    run(deal_start_hands(st, c))
    assert c.dice.log == [("shuffle negative events back into the deck", 2, 2)]


@pytest.mark.rule("ZGC-START-02", "ZGC-AMB-15")
def test_with_the_variant_start_hands_negative_events_lie_at_the_tables_edge():
    st = make_state(variants=[V.COOP_NEGATIVES_ASIDE])
    st.deck = ["Butter Fingers", "Lots of Ammo", "Grenade", "Chainsaw"]
    hand, aside = run(deal_start_hands(st, ctx(variants=[V.COOP_NEGATIVES_ASIDE])))
    assert hand.assumed == P.joined(P.DECK, NEGATIVES_ASIDE)
    assert aside.message == "1 Negative Event card(s) laid at the table's edge: Butter Fingers"
    assert aside.assumed == P.joined(P.DECK, NEGATIVES_ASIDE)
    assert st.table_edge == ["Butter Fingers"] and st.deck == ["Chainsaw"]


@pytest.mark.rule("ZGC-START-01")
def test_a_start_hand_without_negative_events_logs_only_the_hand():
    st = make_state()
    st.deck = ["Lots of Ammo", "Grenade", "Chainsaw"]
    (hand,) = run(deal_start_hands(st, ctx()))
    assert st.survivors[0].hand == ["Lots of Ammo", "Grenade", "Chainsaw"] and st.deck == []
    assert hand.data["cards"] == ["Lots of Ammo", "Grenade", "Chainsaw"]


@pytest.mark.rule("ZGC-START-01")
def test_a_deck_that_runs_out_deals_what_it_has():
    st = make_state(("Normal", "Normal"))
    st.deck = ["Lots of Ammo", "Grenade", "Chainsaw", "Skateboard"]
    first, second = run(deal_start_hands(st, ctx()))
    assert st.survivors[1].hand == ["Skateboard"] and second.data["cards"] == ["Skateboard"]
    assert first.data["cards"] == ["Lots of Ammo", "Grenade", "Chainsaw"]


# -- Step 2 ------------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-EVT-01", "ZGC-EVT-02", "ZGC-AMB-11")
def test_a_negative_event_drawn_is_logged_and_played_on_the_drawer():
    st = make_state()
    st.deck = ["Butter Fingers"]
    drawn, effect = run(event_step(st, ctx(), st.survivors[0]))
    assert drawn.kind == "card" and drawn.data == {"card": "Butter Fingers"}
    assert drawn.rule == (f"{RULE_EVT} (once per round, even with a full hand; negative events "
                          "are played automatically)")
    assert drawn.ids == ("ZGC-EVT-01", "ZGC-EVT-02", "ZGC-AMB-11")
    assert drawn.assumed == P.joined(P.DECK, P.AMB11)
    assert effect.data == {"card": "Butter Fingers"} and st.revealed is None


@pytest.mark.rule("ZGC-EVT-01", "ZGC-EVT-03", "ZGC-AMB-11")
def test_a_positive_card_drawn_is_logged_waiting_on_top_of_the_deck():
    st = make_state()
    st.deck = ["Lots of Ammo"]
    (drawn,) = run(event_step(st, ctx(), st.survivors[0]))
    assert drawn.kind == "card" and drawn.data == {"card": "Lots of Ammo"}
    assert drawn.rule == (f"{RULE_EVT} (once per round, even with a full hand; positive/weapon/"
                          "item cards go on top of the deck)")
    assert drawn.ids == ("ZGC-EVT-01", "ZGC-EVT-03", "ZGC-AMB-11")
    assert drawn.assumed == P.joined(P.DECK, P.AMB11) and st.revealed == "Lots of Ammo"


@pytest.mark.rule("ZGC-EVT-01")
def test_an_empty_event_deck_is_logged():
    st = make_state()
    (empty,) = run(event_step(st, ctx(), st.survivors[0]))
    assert empty.message == "The event deck is empty"
    assert (empty.kind, empty.rule, empty.ids, empty.assumed) == (
        "card", RULE_EVT, ("ZGC-EVT-01",), P.DECK)


@pytest.mark.rule("ZGC-EVT-01", "ZGC-AMB-11")
def test_with_the_variant_only_the_first_player_of_a_round_draws():
    st = make_state(("Normal", "Normal"), variants=[V.EVENT_ONCE_PER_ROUND])
    st.deck = ["Lots of Ammo", "Grenade"]
    st.turn = 4
    c = ctx(variants=[V.EVENT_ONCE_PER_ROUND])
    (drawn,) = run(event_step(st, c, st.survivors[0]))
    assert drawn.assumed == P.joined(P.DECK, ONCE_A_ROUND) and st.event_round == 4
    (none,) = run(event_step(st, c, st.survivors[1]))
    assert none.message == "This round's Event card is drawn already: Survivor 2 draws none"
    assert none.kind == "card" and none.rule == f"{RULE_EVT} (once per round)"
    assert none.ids == ("ZGC-EVT-01", "ZGC-AMB-11") and none.assumed == ONCE_A_ROUND
    assert st.deck == ["Grenade"]
    st.turn = 5
    run(event_step(st, c, st.survivors[1]))
    assert st.deck == [] and st.event_round == 5


@pytest.mark.rule("ZGC-EVT-01", "ZGC-AMB-11")
def test_by_default_every_player_draws_in_the_same_round():
    st = make_state(("Normal", "Normal"))
    st.deck = ["Lots of Ammo", "Grenade"]
    st.turn = st.event_round = 4
    run(event_step(st, ctx(), st.survivors[1]))
    assert st.deck == ["Grenade"] and st.revealed == "Lots of Ammo"


# -- Step 5 ------------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-DISC-01")
def test_a_discard_is_logged_and_frees_the_hand():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Grenade", "Chainsaw"]
    events, (decision,) = play(discard_step(st, ctx(), s), ["Chainsaw"])
    assert decision.player == "Survivor 1" and decision.options == ["none", "Chainsaw", "Grenade"]
    assert (decision.kind, decision.rule, decision.ids, decision.assumed) == (
        "discard", RULE_DISC, ("ZGC-DISC-01",), P.DECK)
    (gone,) = events
    assert gone.message == "Survivor 1 discards Chainsaw"
    assert (gone.kind, gone.rule, gone.data, gone.ids, gone.assumed) == (
        "card", RULE_DISC, {"card": "Chainsaw"}, ("ZGC-DISC-01",), P.DECK)
    assert s.hand == ["Grenade"] and st.discard == ["Chainsaw"] and st.hand_freed


@pytest.mark.rule("ZGC-DISC-01", "ZGC-RAY-07")
def test_a_resized_card_loses_its_size_only_with_its_last_copy():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.hand = ["Grenade", "Grenade"]
    s.resized_cards = {"Grenade": "Big"}
    play(discard_step(st, ctx(), s), ["Grenade"])
    assert s.resized_cards == {"Grenade": "Big"}
    play(discard_step(st, ctx(), s), ["Grenade"])
    assert s.resized_cards == {}


@pytest.mark.rule("ZGC-DISC-01", "ZGC-EVT-03")
def test_the_revealed_card_taken_into_hand_is_logged_with_step_2s_reading():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Grenade"]
    st.revealed = "Lots of Ammo"
    events, (_, take) = play(discard_step(st, ctx(), s), ["Grenade", "take"])
    assert take.player == "Survivor 1"
    assert take.kind == "take_card" and take.options == ["take", "leave"]
    assert take.rule == f"{RULE_DISC} (after discarding or playing a card in hand)"
    assert take.data == {"card": "Lots of Ammo"} and take.ids == ("ZGC-DISC-01", "ZGC-EVT-03")
    assert take.assumed == P.joined(P.DECK, HAND_FREED)
    taken = events[-1]
    assert taken.kind == "card" and taken.data == {"card": "Lots of Ammo"}
    assert taken.rule == (f"{RULE_DISC} (a card left the hand: the revealed card may take its "
                          "place)")
    assert taken.ids == ("ZGC-DISC-01", "ZGC-EVT-03") and taken.assumed == P.joined(P.DECK, HAND_FREED)
    assert s.hand == ["Lots of Ammo"] and st.revealed is None and "Lots of Ammo" not in st.deck


@pytest.mark.rule("ZGC-DISC-01", "ZGC-EVT-03")
def test_with_the_variant_the_take_cites_step_5s_words():
    st = make_state(variants=[V.REVEALED_CARD_FREE_AT_STEP_5])
    s = st.survivors[0]
    st.revealed = "Lots of Ammo"
    c = ctx(variants=[V.REVEALED_CARD_FREE_AT_STEP_5])
    events, (take,) = play(discard_step(st, c, s), ["take"])
    assert take.rule == RULE_DISC and take.assumed == P.joined(P.DECK, FREE_AT_STEP_5)
    assert events[-1].rule == f"{RULE_DISC} (Step 5: the revealed card may be put in hand)"


@pytest.mark.rule("ZGC-EVT-04", "ZGC-EVT-03")
def test_a_revealed_card_kept_out_of_hand_is_logged_shuffled_back_with_step_2s_reading():
    st = make_state()
    s = st.survivors[0]
    st.revealed = "Lots of Ammo"
    st.deck = ["Grenade"]
    (back,) = run(discard_step(st, ctx([2]), s))
    assert back.message == ("Lots of Ammo was not used: it is shuffled back into the deck (no "
                            "card left the hand this turn)")
    assert back.kind == "card" and back.data == {"card": "Lots of Ammo"}
    assert back.rule == f"{RULE_EVT} (an unused positive card is shuffled back)"
    assert back.ids == ("ZGC-EVT-04", "ZGC-DISC-01", "ZGC-EVT-03")
    assert back.assumed == P.joined(P.DECK, HAND_FREED)
    assert st.deck == ["Grenade", "Lots of Ammo"] and st.revealed is None


@pytest.mark.rule("ZGC-EVT-04")
def test_the_shuffle_of_an_unused_card_back_is_logged_by_its_purpose():
    st = make_state()
    st.revealed, st.deck = "Lots of Ammo", ["Grenade"]
    c = ctx([2])
    run(discard_step(st, c, st.survivors[0]))
    assert c.dice.log == [("shuffle an unused positive card back", 2, 2)]


@pytest.mark.rule("ZGC-EVT-04")
def test_a_revealed_card_left_by_choice_is_shuffled_back_assuming_only_the_deck():
    st = make_state()
    s = st.survivors[0]
    st.revealed, st.hand_freed = "Lots of Ammo", True
    events, _ = play(discard_step(st, ctx([1]), s), ["leave"])
    back = events[-1]
    assert back.ids == ("ZGC-EVT-04", "ZGC-DISC-01") and back.assumed == P.DECK


@pytest.mark.rule("ZGC-EVT-04", "ZGC-FIGHT-02")
def test_a_dead_survivors_revealed_card_goes_back_without_a_choice():
    st = make_state()
    s = st.survivors[0]
    s.status, st.hand_freed = "dead", True
    st.revealed = "Lots of Ammo"
    events, decisions = play(discard_step(st, ctx([1]), s))
    assert decisions == [] and events[-1].ids == ("ZGC-EVT-04", "ZGC-DISC-01")
    assert "Lots of Ammo" in st.deck


# -- each card's effect ------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-EVT-02")
def test_a_negative_card_is_logged_as_a_step_2_event_and_discarded():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 3
    event = played(st, "Butter Fingers")
    assert event.message == "Butter Fingers: Survivor 1 loses 1 bullet(s)"
    assert (event.kind, event.rule, event.data, event.ids, event.assumed) == (
        "card", RULE_EVT, {"card": "Butter Fingers"}, ("ZGC-EVT-02",), P.DECK)
    assert s.bullets == 2 and st.discard == ["Butter Fingers"]


@pytest.mark.rule("ZGC-EVT-02")
def test_butter_fingers_takes_no_bullet_from_a_survivor_with_none():
    st = make_state()
    st.survivors[0].bullets = 0
    assert played(st, "Butter Fingers").message == "Butter Fingers: Survivor 1 loses 0 bullet(s)"
    assert st.survivors[0].bullets == 0


@pytest.mark.rule("ZGC-EVT-02")
def test_brain_cramp_divides_this_turns_movement():
    st = make_state()
    st.move_divisor = 2
    event = played(st, "Brain Cramp")
    assert st.move_divisor == 4
    assert event.message == "Brain Cramp: Survivor 1's movement is divided by 2 this turn"


@pytest.mark.rule("ZGC-EVT-02")
def test_slight_miscalculation_changes_this_turns_movement_by_its_amount():
    st = make_state()
    st.move_bonus = 3
    event = played(st, "Slight Miscalculation")
    assert st.move_bonus == 1
    assert event.message == "Slight Miscalculation: Survivor 1's movement this turn changes by -2"


@pytest.mark.rule("ZGC-EVT-03")
def test_a_positive_card_is_logged_as_a_step_2_event():
    st = make_state()
    s = st.survivors[0]
    s.bullets = 1
    event = played(st, "Lots of Ammo")
    assert (event.rule, event.ids, event.assumed) == (RULE_EVT, ("ZGC-EVT-03",), P.DECK)
    assert s.bullets == 4 and st.discard == ["Lots of Ammo"]
    assert event.message == "Lots of Ammo: Survivor 1 gains 3 bullets (4)"


@pytest.mark.rule("ZGC-EVT-03", "ZGC-NORM-02", "ZGC-AMB-12")
def test_a_reserve_heart_card_beyond_a_normals_limit_cites_the_limit():
    st = make_state()
    s = st.survivors[0]
    s.reserve = 2
    event = played(st, "Just a Scratch")
    assert event.ids == ("ZGC-EVT-03", "ZGC-NORM-02", "ZGC-AMB-12")
    assert event.assumed == P.joined(P.DECK, P.AMB12)
    s.reserve = 1
    event = played(st, "Just a Scratch")
    assert event.ids == ("ZGC-EVT-03",) and event.assumed == P.DECK and s.reserve == 2


@pytest.mark.rule("ZGC-CARD-01", "ZGC-EVT-03")
def test_a_giant_readies_the_shotgun_with_durability_and_keeps_it_in_play():
    st = make_state(("Big",))
    s = st.survivors[0]
    event = played(st, "Hey Look! A Shotgun")
    assert s.weapons == [Weapon("Hey Look! A Shotgun", 3, None)] and st.discard == []
    assert event.rule == RULE_CARDS and event.ids == ("ZGC-EVT-03", "ZGC-CARD-01")
    assert event.message == ("Hey Look! A Shotgun: Survivor 1 readies Hey Look! A Shotgun: +1 on "
                             "combat checks for 3 fights (a Giant's weapon with durability)")


@pytest.mark.rule("ZGC-CARD-01")
def test_a_normal_readies_the_shotgun_without_durability():
    st = make_state()
    event = played(st, "Hey Look! A Shotgun")
    assert st.survivors[0].weapons == [Weapon("Hey Look! A Shotgun", None, None)]
    assert event.message == ("Hey Look! A Shotgun: Survivor 1 readies Hey Look! A Shotgun: "
                             "+1 on combat checks")


@pytest.mark.rule("ZGC-RAY-07")
def test_a_weapon_resized_for_a_giant_has_no_durability_and_cites_the_size_ray():
    st = make_state(("Big",))
    s = st.survivors[0]
    event = played(st, "Chainsaw", resized="Big")
    assert s.weapons == [Weapon("Chainsaw", None, "Big")]
    assert event.rule == f"{RULE_RAY_ITEM}, played as a Big-sized card"
    assert event.ids == ("ZGC-EVT-03", "ZGC-RAY-07")
    assert event.assumed == P.joined(P.DECK, P.RAYED_CARD)


@pytest.mark.rule("ZGC-RAY-07", "ZGC-HUGE-10")
def test_a_card_resized_for_a_huge_giant_is_not_an_exception_of_the_card_rules():
    st = make_state(("Huge",))
    event = played(st, "Chainsaw", resized="Huge")
    assert "ZGC-AMB-09" not in event.ids and event.assumed == P.joined(P.DECK, P.RAYED_CARD)


@pytest.mark.rule("ZGC-CARD-03")
def test_the_skateboard_stays_in_play_adding_movement_every_turn():
    st = make_state()
    s = st.survivors[0]
    s.permanent_move_bonus = 1
    event = played(st, "Skateboard")
    assert s.permanent_move_bonus == 3 and st.discard == []
    assert event.ids == ("ZGC-EVT-03", "ZGC-CARD-03")
    assert event.message == "Skateboard: Survivor 1 uses Skateboard: +2 movement every turn"


@pytest.mark.rule("ZGC-CARD-05")
def test_the_first_aid_kit_heals_to_full_and_cites_the_hospital():
    st = make_state(tiles=(("Hospital", (4, 3), 0),), at=(13, 11))
    s = st.survivors[0]
    s.halves = 1
    event = played(st, "First Aid Kit")
    assert s.halves == 6 and st.discard == ["First Aid Kit"]
    assert event.rule == f"{RULE_CARDS} (Giants must reach inside a Hospital)"
    assert event.ids == ("ZGC-EVT-03", "ZGC-CARD-05", "ZGC-CARRY-06")


@pytest.mark.rule("ZGC-HUGE-10", "ZGC-AMB-09")
def test_a_huge_giant_playing_a_giant_usable_item_cites_the_card_exception():
    st = make_state(("Huge",))
    event = played(st, "Hey Look! A Shotgun")
    assert event.ids == ("ZGC-EVT-03", "ZGC-CARD-01", "ZGC-AMB-09")
    assert event.assumed == P.joined(P.DECK, P.AMB09)


@pytest.mark.rule("ZGC-CARD-04")
def test_a_grenade_kills_the_zombies_on_the_one_square_in_range():
    st = make_state()
    zombies_at(st, (11, 10), 2)
    s = st.survivors[0]
    pool = st.zombie_pool
    event = played(st, "Grenade")
    assert event.message == "Grenade: Survivor 1 throws Grenade at 11,10: 2 zombie(s) die"
    assert event.rule == RULE_CARDS and event.ids == ("ZGC-EVT-03",)
    assert st.zombies == [] and st.zombie_pool == pool + 2 and s.kills == 2


@pytest.mark.rule("ZGC-CARD-04")
def test_the_thrower_chooses_the_square_when_several_are_in_range():
    st = make_state()
    zombies_at(st, (11, 10))
    zombies_at(st, (10, 9))
    _, (choice,) = play(play_card(st, ctx(), st.survivors[0], "Grenade"), ["11,10"])
    assert choice.kind == "grenade" and choice.options == ["10,9", "11,10"]
    assert choice.rule == RULE_CARDS and choice.ids == ("ZGC-EVT-03",)
    assert choice.assumed == P.DECK
    assert [tuple(z.loc) for z in st.zombies] == [(10, 9)]


@pytest.mark.rule("ZGC-CARD-04")
def test_a_giant_throwing_a_grenade_cites_the_throwable_rule():
    st = make_state(("Big",))
    zombies_at(st, (12, 10))  # range 1 + a Big's Reach 1
    event = played(st, "Grenade")
    assert event.rule == f"{RULE_CARDS} (throwable: Giants can use it)"
    assert event.ids == ("ZGC-EVT-03", "ZGC-CARD-04") and st.zombies == []


# -- spawned zombies ---------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-EVT-02", "ZGC-ZTURN-04")
def test_spawned_zombies_fill_the_squares_around_two_at_a_time_in_order():
    st = make_state()
    placed = spawn_near(st, ctx(), st.survivors[0], 5)
    assert placed == 5
    assert [tuple(z.loc) for z in st.zombies] == [(9, 10), (9, 10), (10, 9), (10, 9), (10, 11)]


@pytest.mark.rule("ZGC-EVT-02")
def test_spawned_zombies_stop_when_the_pool_runs_out():
    st = make_state()
    st.zombie_pool = 1
    assert spawn_near(st, ctx(), st.survivors[0], 3) == 1 and st.zombie_pool == 0


@pytest.mark.rule("ZGC-EVT-02", "ZGC-ZTURN-04")
def test_no_zombie_spawns_through_a_wall_out_of_bounds_or_on_a_full_square():
    st = make_state(at=(12, 10))  # a wall south, out of bounds north
    zombies_at(st, (11, 10), 2)
    assert spawn_near(st, ctx(), st.survivors[0], 4) == 2
    assert [tuple(z.loc) for z in st.zombies[2:]] == [(13, 10), (13, 10)]


@pytest.mark.rule("ZGC-EVT-02", "ZGC-CARRY-01")
def test_zombies_spawned_next_to_a_carried_survivor_appear_next_to_its_giant():
    st = make_state(("Big", "Normal"))
    big, rider = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    assert spawn_near(st, ctx(), rider, 1) == 1
    assert [tuple(z.loc) for z in st.zombies] == [(9, 10)]


@pytest.mark.rule("ZGC-EVT-02")
def test_zombie_master_logs_how_many_zombies_appear():
    st = make_state()
    event = played(st, "Zombie Master")
    assert event.message == "Zombie Master: 1 zombie(s) appear next to Survivor 1"
    assert [tuple(z.loc) for z in st.zombies] == [(9, 10)]


# -- who may play what -------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-RAY-07")
def test_a_resized_card_fits_exactly_the_size_it_was_made_for():
    data = default_data()
    chainsaw = card("Chainsaw")
    assert card_fits(data, "Big", chainsaw, "Big")
    assert not card_fits(data, "Huge", chainsaw, "Big")
    assert not card_fits(data, "Big", chainsaw)


@pytest.mark.rule("ZGC-HUGE-10", "ZGC-CARD-04", "ZGC-AMB-09")
def test_a_huge_giant_throws_a_grenade_unless_the_strict_variant_forbids_every_card():
    data = default_data()
    assert card_fits(data, "Huge", card("Grenade"))
    assert not card_fits(data, "Huge", card("Grenade"), no_huge_items=True)
    assert not card_fits(data, "Huge", card("Hey Look! A Shotgun"), no_huge_items=True)
    assert card_fits(data, "Big", card("Grenade"), no_huge_items=True)


@pytest.mark.rule("ZGC-HUGE-10", "ZGC-AMB-09")
def test_the_strict_variant_keeps_a_huge_giant_from_playing_any_item():
    st = make_state(("Huge",), variants=[V.HUGE_NO_ITEM_CARDS])
    s = st.survivors[0]
    assert not can_play(st, default_data(), s, card("Hey Look! A Shotgun"))
    s.resized_cards = {"Hey Look! A Shotgun": "Huge"}
    assert can_play(st, default_data(), s, card("Hey Look! A Shotgun"))


@pytest.mark.rule("ZGC-CARD-04")
def test_a_grenade_is_played_only_with_zombies_in_range():
    st = make_state()
    s = st.survivors[0]
    data = default_data()
    zombies_at(st, (12, 10))  # two squares away: out of a Normal's range of 1
    assert not can_play(st, data, s, card("Grenade"))
    zombies_at(st, (11, 10))
    assert can_play(st, data, s, card("Grenade"))


@pytest.mark.rule("ZGC-CARD-05")
def test_a_healing_card_that_needs_no_building_is_played_only_with_health_missing():
    from rules_lib.core.data import apply_override
    from rules_lib.games.zombies_giants.data import build, load_files

    # a designer's Just a Scratch that heals fully, with no building to be in (the shipped First
    # Aid Kit needs a Hospital): only a Survivor short of health plays it
    files = load_files()
    files["events"] = apply_override(files["events"], "cards.Just a Scratch.effect", "heal_full")
    files["events"] = apply_override(files["events"], "cards.Just a Scratch.amount", 0)
    data = build(files)
    kit = data.cards["Just a Scratch"]
    assert kit.requires_building is None and kit.effect == "heal_full"
    st = make_state()
    s = st.survivors[0]
    assert not can_play(st, data, s, kit)
    s.halves = 5
    assert can_play(st, data, s, kit)


@pytest.mark.rule("ZGC-EVT-03")
def test_a_positive_card_is_always_playable():
    st = make_state(at=CENTRE)
    assert can_play(st, default_data(), st.survivors[0], card("Adrenaline Rush"))


# -- who may play what, where (events.py group B's survivors) --------------------------------------


def carried_by_a_big(at, tiles=None):
    """A Big at ``at`` carrying a Normal (the rider), the Hardware Store east unless ``tiles``."""
    st = (make_state(("Big", "Normal"), at=at) if tiles is None
          else make_state(("Big", "Normal"), tiles=tiles, at=at))
    big, rider = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    return st, big, rider


@pytest.mark.rule("ZGC-CARD-05")
def test_the_first_aid_kit_is_not_played_with_no_hospital_in_town():
    st = make_state()  # the Town Square and a Hardware Store: no Hospital
    s = st.survivors[0]
    s.halves = 1
    assert not can_play(st, default_data(), s, card("First Aid Kit"))


@pytest.mark.rule("ZGC-CARD-05", "ZGC-CARRY-06", "ZGC-CARRY-01")
def test_a_survivor_carried_into_a_hospital_plays_the_first_aid_kit():
    st, _, rider = carried_by_a_big((13, 11), (("Hospital", (4, 3), 0),))  # in the Hospital
    rider.halves = 1
    assert can_play(st, default_data(), rider, card("First Aid Kit"))


@pytest.mark.rule("ZGC-CARD-05", "ZGC-HUGE-09", "ZGC-HUGE-10", "ZGC-AMB-09")
def test_a_huge_giant_reaching_into_a_hospital_heals_with_the_first_aid_kit():
    st = make_state(("Huge",), tiles=(("Hospital", (4, 3), 0),), at=(13, 10))  # at the door
    s = st.survivors[0]
    s.halves = 2
    # the data built afresh: its town and reach are worked out here, not taken from a cache
    fresh = build(load_files())
    assert can_play(st, fresh, s, fresh.cards["First Aid Kit"])
    event = played(st, "First Aid Kit")
    assert s.halves == 24 and st.discard == ["First Aid Kit"]
    assert event.message == "First Aid Kit: Survivor 1 heals 11 hearts with First Aid Kit"
    assert event.ids == ("ZGC-EVT-03", "ZGC-CARD-05", "ZGC-CARRY-06", "ZGC-AMB-09")
    assert event.assumed == P.joined(P.DECK, P.AMB09)


@pytest.mark.rule("ZGC-CARD-05")
def test_the_first_aid_kit_heals_to_the_maximum_its_wearer_s_armour_gives():
    st = make_state(tiles=(("Hospital", (4, 3), 0),), at=(13, 11))
    s = st.survivors[0]
    s.armour, s.halves = Armour(2, "Normal"), 2  # fitting armour: 4 hearts at most
    event = played(st, "First Aid Kit")
    assert s.halves == 8
    assert event.message == "First Aid Kit: Survivor 1 heals 3 hearts with First Aid Kit"


@pytest.mark.rule("ZGC-CARD-05")
def test_a_healing_card_counts_the_armour_s_hearts_as_health_missing():
    from rules_lib.core.data import apply_override
    from rules_lib.games.zombies_giants.data import build, load_files

    files = load_files()
    files["events"] = apply_override(files["events"], "cards.Just a Scratch.effect", "heal_full")
    files["events"] = apply_override(files["events"], "cards.Just a Scratch.amount", 0)
    data = build(files)
    st = make_state()
    s = st.survivors[0]
    s.armour = Armour(2, "Normal")  # 3 hearts of the size's, 4 with the armour
    assert s.halves == 6 and can_play(st, data, s, data.cards["Just a Scratch"])
    s.halves = 8
    assert not can_play(st, data, s, data.cards["Just a Scratch"])


@pytest.mark.rule("ZGC-CARD-04")
def test_one_square_in_range_is_thrown_at_without_asking():
    st = make_state()
    zombies_at(st, (11, 10))
    events, decisions = play(play_card(st, ctx(), st.survivors[0], "Grenade"))
    assert decisions == [] and st.zombies == []


@pytest.mark.rule("ZGC-CARD-04")
def test_the_thrower_is_the_one_asked_where_to_throw():
    st = make_state(("Normal", "Normal"))
    zombies_at(st, (11, 10))
    zombies_at(st, (10, 9))
    _, (choice,) = play(play_card(st, ctx(), st.survivors[1], "Grenade"), ["10,9"])
    assert choice.player == "Survivor 2"
    assert choice.prompt == "Throw Grenade at which square?"


@pytest.mark.rule("ZGC-CARD-04", "ZGC-CARRY-01")
def test_a_carried_survivor_throws_from_its_giant_s_square():
    st, _, rider = carried_by_a_big((12, 10))
    zombies_at(st, (11, 10))  # next to the Big
    zombies_at(st, (9, 10))  # three squares away: beyond a Normal's range of 1
    assert grenade_targets(st, default_data(), rider, card("Grenade")) == [(11, 10)]


@pytest.mark.rule("ZGC-CARD-04", "ZGC-HUGE-10")
def test_a_huge_giant_throws_as_far_as_its_reach_and_the_grenade_s_range():
    st = make_state(("Huge",))
    for sq in ((8, 10), (13, 10), (12, 12)):
        zombies_at(st, sq)
    fresh = build(load_files())  # its town and reach worked out here, not taken from a cache
    assert grenade_targets(st, fresh, st.survivors[0], fresh.cards["Grenade"]) == [(13, 10)]


def test_a_card_with_an_effect_the_rules_do_not_know_is_refused_naming_it():
    import dataclasses

    from rules_lib.games.zombies_giants.data import build, load_files

    data = build(load_files())
    data.cards["Lots of Ammo"] = dataclasses.replace(data.cards["Lots of Ammo"], effect="fly")
    st = make_state()
    c = ctx()
    c = type(c)(dice=c.dice, variants=c.variants, data=data)
    with pytest.raises(ValueError) as refused:
        run(play_card(st, c, st.survivors[0], "Lots of Ammo"))
    assert str(refused.value) == "card 'Lots of Ammo': unknown effect 'fly'"

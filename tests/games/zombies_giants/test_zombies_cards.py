"""Step 2 event cards, Step 5 discards, and which sizes may play which cards."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.events import can_play, discard_step, event_step, play_card
from rules_lib.games.zombies_giants.sizes import max_hearts
from rules_lib.games.zombies_giants.move_fight import move_fight, step_options

from .zg_helpers import ctx, make_state, messages, play, run


def card(name):
    return default_data().cards[name]


@pytest.mark.rule("ZGC-EVT-01", "ZGC-EVT-02", "ZGC-HUGE-10")
def test_a_negative_event_is_drawn_even_with_a_full_hand_and_played_on_the_drawer():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.hand = ["Grenade", "Chainsaw", "Skateboard"]
    s.bullets = 2
    st.deck = ["Butter Fingers", "Lots of Ammo"]
    events = run(event_step(st, ctx(), s))
    assert s.bullets == 1 and st.deck == ["Lots of Ammo"] and st.discard == ["Butter Fingers"]
    assert "played automatically" in events[0].rule


@pytest.mark.rule("ZGC-EVT-03")
def test_a_positive_card_waits_on_top_of_the_deck_and_can_be_played_that_turn():
    st = make_state()
    st.deck = ["Lots of Ammo"]
    run(event_step(st, ctx(), st.survivors[0]))
    assert st.revealed == "Lots of Ammo"
    play(move_fight(st, ctx([3]), st.survivors[0]), ["play Lots of Ammo", "stop"])
    assert st.survivors[0].bullets == 6 and st.revealed is None


@pytest.mark.rule("ZGC-EVT-03", "ZGC-DISC-01")
def test_the_revealed_card_goes_to_hand_in_step_5_after_a_discard():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Grenade", "Chainsaw", "Skateboard"]
    st.revealed = "Lots of Ammo"
    _, decisions = play(discard_step(st, ctx(), s), ["Chainsaw", "take"])
    assert sorted(s.hand) == ["Grenade", "Lots of Ammo", "Skateboard"]
    assert st.discard == ["Chainsaw"] and decisions[0].options[0] == "none"


@pytest.mark.rule("ZGC-EVT-03", "ZGC-DISC-01")
def test_the_revealed_card_stays_out_of_a_hand_no_card_has_left():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Grenade"]  # room in hand, but no card was discarded or played this turn
    st.revealed = "Lots of Ammo"
    events, decisions = play(discard_step(st, ctx([1]), s), ["none"])
    assert s.hand == ["Grenade"] and "Lots of Ammo" in st.deck
    assert [d.kind for d in decisions] == ["discard"]
    assert "no card left the hand" in messages(events)[-1]


@pytest.mark.rule("ZGC-EVT-03", "ZGC-DISC-01")
def test_the_refusal_cites_step_2s_words_as_the_chosen_reading():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Grenade"]
    st.revealed = "Lots of Ammo"
    events, _ = play(discard_step(st, ctx([1]), s), ["none"])
    assert "ZGC-EVT-03" in events[-1].ids and "chosen: Step 2's words" in events[-1].assumed


@pytest.mark.rule("ZGC-EVT-03", "ZGC-DISC-01")
def test_variant_step_5s_words_let_the_revealed_card_into_hand_with_no_card_gone():
    st = make_state(variants=[V.REVEALED_CARD_FREE_AT_STEP_5])
    s = st.survivors[0]
    s.hand = ["Grenade"]  # nothing discarded or played this turn
    st.revealed = "Lots of Ammo"
    events, decisions = play(discard_step(st, ctx(variants=[V.REVEALED_CARD_FREE_AT_STEP_5]), s),
                             ["none", "take"])
    assert [d.kind for d in decisions] == ["discard", "take_card"]
    assert sorted(s.hand) == ["Grenade", "Lots of Ammo"] and "Lots of Ammo" not in st.deck
    taken = events[-1]
    assert taken.message == "Survivor 1 takes Lots of Ammo into hand"
    assert taken.assumed.endswith("variant revealed_card_free_at_step_5 (other reading of "
                                  "ZGC-EVT-03): Step 5's words, the revealed card may be put in "
                                  "hand freely")


@pytest.mark.rule("ZGC-EVT-04", "ZGC-DISC-01")
def test_variant_step_5s_words_a_card_left_on_the_deck_is_still_shuffled_back():
    st = make_state(variants=[V.REVEALED_CARD_FREE_AT_STEP_5])
    s = st.survivors[0]
    s.hand = ["Grenade"]
    st.revealed = "Lots of Ammo"
    events, _ = play(discard_step(st, ctx([1], variants=[V.REVEALED_CARD_FREE_AT_STEP_5]), s),
                     ["none", "leave"])
    assert s.hand == ["Grenade"] and "Lots of Ammo" in st.deck
    assert messages(events)[-1] == "Lots of Ammo was not used: it is shuffled back into the deck"


@pytest.mark.rule("ZGC-EVT-03", "ZGC-DISC-01")
def test_playing_a_card_from_hand_makes_room_for_the_revealed_card():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Lots of Ammo"]
    st.revealed = "Just a Scratch"
    play(move_fight(st, ctx([3]), s), ["play Lots of Ammo", "stop"])
    _, decisions = play(discard_step(st, ctx(), s), ["take"])
    assert [d.kind for d in decisions] == ["take_card"] and s.hand == ["Just a Scratch"]


@pytest.mark.rule("ZGC-DISC-01", "ZGC-FIGHT-02")
def test_a_survivor_who_died_this_turn_has_no_discard_chance():
    st = make_state()
    s = st.survivors[0]
    s.hand, s.status = ["Grenade"], "dead"
    st.revealed = "Lots of Ammo"
    _, decisions = play(discard_step(st, ctx([1]), s))
    assert decisions == [] and s.hand == ["Grenade"] and "Lots of Ammo" in st.deck


@pytest.mark.rule("ZGC-EVT-04", "ZGC-DISC-01")
def test_an_unused_positive_card_is_shuffled_back_into_the_deck():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Grenade", "Chainsaw", "Skateboard"]
    st.deck = ["Butter Fingers", "Brain Cramp"]
    st.revealed = "Lots of Ammo"
    events, _ = play(discard_step(st, ctx([1, 1, 1]), s), ["none"])
    assert st.revealed is None and sorted(st.deck) == [
        "Brain Cramp",
        "Butter Fingers",
        "Lots of Ammo",
    ]
    assert "shuffled back" in messages(events)[-1]


@pytest.mark.rule("ZGC-CARD-01", "ZGC-CARD-04", "ZGC-AMB-09")
def test_giants_may_use_the_shotgun_with_durability_and_throwables():
    data = default_data()
    st = make_state(("Huge",))
    s = st.survivors[0]
    assert can_play(st, data, s, card("Hey Look! A Shotgun"))
    st.deck = []
    play(move_fight(st, ctx([1, 1, 1]), s), ["stop"])
    s.hand = ["Hey Look! A Shotgun"]
    play(move_fight(st, ctx([1, 1, 1]), s), ["play Hey Look! A Shotgun", "stop"])
    assert s.weapons[0].uses == 3  # a Giant's large weapon wears out
    from .zg_helpers import zombies_at

    zombies_at(st, (12, 10))
    assert can_play(st, data, s, card("Grenade"))


@pytest.mark.rule("ZGC-CARD-02", "ZGC-CARD-03", "ZGC-RES-04", "ZGC-CARRY-05")
def test_keys_and_skateboard_are_not_for_giants_and_huge_cannot_use_other_items():
    data = default_data()
    for size in ("Big", "Huge"):
        st = make_state((size,))
        s = st.survivors[0]
        assert not can_play(st, data, s, card("The Keys are Still in it!"))
        assert not can_play(st, data, s, card("Skateboard"))
    st = make_state(("Big",))
    assert not can_play(st, data, st.survivors[0], card("Chainsaw"))
    st = make_state(("Huge",))
    assert not can_play(st, data, st.survivors[0], card("Chainsaw"))
    st = make_state()
    assert can_play(st, data, st.survivors[0], card("Chainsaw"))
    assert can_play(st, data, st.survivors[0], card("The Keys are Still in it!"))


@pytest.mark.rule("ZGC-CARD-05", "ZGC-CARRY-06")
def test_first_aid_kit_needs_the_hospital_which_a_giant_may_reach_into():
    data = default_data()
    st = make_state(("Big",), tiles=(("Hospital", (4, 3), 0),), at=(13, 10))
    s = st.survivors[0]
    s.halves = 4
    assert can_play(st, data, s, card("First Aid Kit"))  # reaching through the door
    s.loc = [10, 10]
    assert not can_play(st, data, s, card("First Aid Kit"))


@pytest.mark.rule("ZGC-CARD-05")
def test_the_first_aid_kit_is_not_played_in_the_hospital_at_full_health():
    """It heals to full (assumed effect): inside the Hospital it is offered only to the hurt."""
    data = default_data()
    st = make_state(tiles=(("Hospital", (4, 3), 0),), at=(13, 11))
    s = st.survivors[0]
    assert s.halves == 2 * max_hearts(data, s)
    assert not can_play(st, data, s, card("First Aid Kit"))
    s.halves -= 1
    assert can_play(st, data, s, card("First Aid Kit"))


@pytest.mark.rule("ZGC-DEMO-04")
def test_cards_relying_on_a_demolished_building_can_no_longer_be_played():
    data = default_data()
    st = make_state(tiles=(("Hospital", (4, 3), 0),), at=(13, 11))
    s = st.survivors[0]
    s.halves = 2
    assert can_play(st, data, s, card("First Aid Kit"))
    st.demolished.append("Hospital")
    assert not can_play(st, data, s, card("First Aid Kit"))


def test_move_bonus_cards_change_this_turns_movement():
    st = make_state()
    st.revealed = "Adrenaline Rush"
    s = st.survivors[0]
    _, decisions = play(move_fight(st, ctx([4]), s), ["play Adrenaline Rush", "stop"])
    assert st.move_bonus == 3
    assert [d.data["left"] for d in decisions] == [4, 7]
    opts, _ = step_options(st, default_data(), s, 0, set())
    assert opts == ["stop"]


@pytest.mark.rule("ZGC-RES-04", "ZGC-CARRY-05")
def test_big_giants_may_use_item_cards_that_huge_giants_may_not():
    from rules_lib.core.data import apply_override
    from rules_lib.games.zombies_giants.data import build, load_files

    # the Chainsaw without its card-specific size limits: the size rule alone decides
    files = load_files()
    files["events"] = apply_override(files["events"], "cards.Chainsaw.usable_by", {})
    data = build(files)
    bat = data.cards["Chainsaw"]
    allowed = {size: can_play(make_state((size,)), data, make_state((size,)).survivors[0], bat)
               for size in ("Normal", "Big", "Huge")}
    assert allowed == {"Normal": True, "Big": True, "Huge": False}
    # and a card-specific Giant weapon stays usable by both Giants
    for size in ("Big", "Huge"):
        st = make_state((size,))
        assert can_play(st, data, st.survivors[0], card("Hey Look! A Shotgun"))


@pytest.mark.rule("ZGC-NORM-02", "ZGC-AMB-12")
def test_a_reserve_heart_card_says_how_many_hearts_it_gave_or_that_the_reserve_is_full():
    st = make_state()  # a Normal: 2 reserve hearts at most
    s = st.survivors[0]
    s.reserve = 1
    events = run(play_card(st, ctx(), s, "Just a Scratch"))
    assert messages(events) == ["Just a Scratch: Survivor 1 gains 1 reserve heart (2 in reserve)"]
    events = run(play_card(st, ctx(), s, "Just a Scratch"))
    assert messages(events) == [
        "Just a Scratch: Survivor 1 gains no reserve heart: the reserve is full (2)"]

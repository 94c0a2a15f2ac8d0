"""Step 3 event by event (move_fight.py): the movement roll's record (rule, catalogue IDs, data,
the readings and the deck it assumed, the dice it logged), the Decision that offers the actions,
and the end of the move (the Helicopter is checked however the move ends).
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.move_fight import (
    RULE_MOVE,
    SPEED_RESERVE,
    move_fight,
    roll_movement,
)

from .zg_helpers import ctx, make_state, play, run, zombies_at

# the town of test_zombies_win_conditions: the Helipad's centre square (the Helicopter) at 19,10
HELIPAD_TOWN = (("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1), ("Helipad", (6, 3), 1))
HELICOPTER = (19, 10)
NORMAL_RULE = RULE_MOVE + " (Normal: minimum speed equal to your hearts)"


def roll_event(st, faces, variants=()):
    """The movement roll's event for Survivor 1, and the context that rolled it."""
    c = ctx(faces, variants)
    events = run(roll_movement(st, c, st.survivors[0]))
    (event,) = events
    return event, c


# -- the movement roll ------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-NORM-03", "ZGC-AMB-18")
def test_a_normals_movement_roll_cites_its_minimum_speed_and_the_default_reading():
    event, _ = roll_event(make_state(), [5])
    assert event.kind == "roll" and event.rule == NORMAL_RULE
    assert event.ids == ("ZGC-FIGHT-01", "ZGC-NORM-03", "ZGC-AMB-18")
    assert event.data == {"roll": 5, "points": 5, "every_turn": 0, "this_turn": 0, "divisor": 1}
    assert event.assumed == P.AMB18


@pytest.mark.rule("ZGC-NORM-03", "ZGC-AMB-18")
def test_a_normals_movement_roll_names_the_variant_reading_of_its_minimum():
    event, _ = roll_event(make_state(variants=[V.MIN_SPEED_COUNTS_RESERVE]), [5],
                          [V.MIN_SPEED_COUNTS_RESERVE])
    assert event.assumed == SPEED_RESERVE


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-BIG-05")
def test_a_giants_movement_roll_cites_its_dice_and_assumes_nothing():
    event, _ = roll_event(make_state(("Big",)), [3, 4])
    assert event.rule == RULE_MOVE and event.ids == ("ZGC-FIGHT-01", "ZGC-BIG-05")
    assert event.assumed == ""


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_card_bonus_this_turn_makes_the_roll_assume_the_deck():
    st = make_state(("Big",))
    st.move_bonus = 2
    event, _ = roll_event(st, [3, 4])
    assert event.assumed == P.DECK and event.data["this_turn"] == 2


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_card_divisor_alone_makes_the_roll_assume_the_deck():
    st = make_state(("Big",))
    st.move_divisor = 2
    event, _ = roll_event(st, [3, 4])
    assert event.assumed == P.DECK and event.data["divisor"] == 2 and event.data["points"] == 3


@pytest.mark.rule("ZGC-FIGHT-01")
def test_the_movement_dice_are_logged_for_the_survivor_rolling():
    _, c = roll_event(make_state(("Big",)), [3, 4])
    assert c.dice.log == [("movement Survivor 1", 6, 3), ("movement Survivor 1", 6, 4)]


# -- the Decision and the end of the move ------------------------------------------------------------


@pytest.mark.rule("ZGC-FIGHT-01")
def test_the_move_decision_cites_step_3_and_gives_the_movement_left_and_costs():
    st = make_state(("Big",))
    _events, decisions = play(move_fight(st, ctx([1, 1]), st.survivors[0]), ["stop"])
    (d,) = decisions
    assert d.rule == RULE_MOVE and d.ids == ("ZGC-FIGHT-01",)
    assert d.data["left"] == 2 and d.data["costs"]["move 11,10"] == 1


@pytest.mark.rule("ZGC-WIN-01")
def test_a_survivor_who_stops_on_the_helicopter_escapes():
    st = make_state(tiles=HELIPAD_TOWN, at=HELICOPTER)
    play(move_fight(st, ctx([1]), st.survivors[0]), ["stop"])
    assert st.survivors[0].status == "escaped"


@pytest.mark.rule("ZGC-WIN-01", "ZGC-FIGHT-01")
def test_a_survivor_with_no_movement_on_the_helicopter_is_asked_nothing_and_escapes():
    st = make_state(tiles=HELIPAD_TOWN, at=HELICOPTER)
    s = st.survivors[0]
    s.halves = 2  # 1 heart: a roll of 1 is 1 square, halved by a card to none
    st.move_divisor = 2
    _events, decisions = play(move_fight(st, ctx([1]), s))
    assert decisions == [] and s.status == "escaped"

"""Step 3 event by event (move_fight.py): the movement roll's record (rule, catalogue IDs, data,
the readings and the deck it assumed, the dice it logged), the Decision that offers the actions,
and the end of the move (the Helicopter is checked however the move ends).
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.actions import Action
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.events import RULE_EVT
from rules_lib.games.zombies_giants.move_fight import (
    RULE_MALL,
    RULE_MOVE,
    SPEED_RESERVE,
    do_action,
    move_fight,
    roll_movement,
    step_options,
)
from rules_lib.games.zombies_giants.move_fight import play as play_from_step_3

from .zg_helpers import ctx, make_state, play, run

# the town of test_zombies_win_conditions: the Helipad's centre square (the Helicopter) at 19,10
HELIPAD_TOWN = (("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1), ("Helipad", (6, 3), 1))
HELICOPTER = (19, 10)
NORMAL_RULE = RULE_MOVE + " (Normal: minimum speed equal to your hearts)"
VENT_TOWN = (("Mall Air-Vent A", (4, 3), 0), ("Mall Air-Vent B", (5, 3), 0))


def options(st, left: int, i: int = 0) -> list[str]:
    """What Survivor ``i`` is offered with ``left`` squares of movement left."""
    return step_options(st, default_data(), st.survivors[i], left, [])[0]


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


# -- what the movement left pays for ----------------------------------------------------------------


@pytest.mark.rule("ZGC-MALL-01", "ZGC-MF-06")
def test_one_square_of_movement_left_pays_for_a_vent_to_any_other_vent():
    st = make_state(tiles=VENT_TOWN, at=(13, 10))  # on a vent of Mall Air-Vent A
    assert [o for o in options(st, 1) if o.startswith("vent")] == ["vent 16,10"]


@pytest.mark.rule("ZGC-DEMO-01")
def test_one_square_of_movement_left_pays_for_a_demolition_check():
    st = make_state(("Huge",), at=(12, 10))  # beside the Hardware Store
    assert "demolish Hardware Store" in options(st, 1)


@pytest.mark.rule("ZGC-CARRY-04")
def test_one_square_of_movement_left_pays_for_picking_up_or_setting_down():
    st = make_state(("Big", "Normal"))
    giant, rider = st.survivors
    rider.loc = [11, 10]
    assert "pick up Survivor 2" in options(st, 1)
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    assert "set down Survivor 2 at 11,10" in options(st, 1)


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-HUGE-09")
def test_a_huge_figure_is_offered_no_step_onto_a_building_square():
    st = make_state(("Huge",), at=(11, 10))
    offered = options(st, 3)
    assert "move 11,11" not in offered  # would cover the shop's 12,11
    assert "move 12,10" in offered and "move 11,9" in offered  # street, and half out of bounds


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-FIGHT-01")
def test_one_square_of_movement_left_moves_a_huge_figure_one_square():
    st = make_state(("Huge",), at=(9, 10))
    assert "move 10,10" in options(st, 1)


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-BIG-01")
def test_a_huge_figure_steps_half_onto_a_big_only_with_movement_to_end_beyond():
    st = make_state(("Huge", "Big"), at=(9, 10))
    st.survivors[1].loc = [11, 10]  # anchor 10,10 would cover the Big's square
    assert "move 10,10" not in options(st, 1)
    assert "move 10,10" in options(st, 2)  # on to 10,11 (covering 10,11 and 11,11)


# -- doing it -------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-MALL-01", "ZGC-MF-06")
def test_a_vent_is_a_move_event_citing_the_mall_rules_and_its_assumed_cost():
    st = make_state(tiles=VENT_TOWN, at=(13, 10))
    events, _ = play(move_fight(st, ctx([5]), st.survivors[0]), ["vent 16,10"])
    vent = next(e for e in events if "air-vent" in e.message)
    assert vent.kind == "move"
    assert vent.rule == f"{RULE_MALL} (Normal Survivors warp via vents; ends movement)"
    assert vent.ids == ("ZGC-MALL-01", "ZGC-MF-06")
    assert vent.data == {"values": ["rules:vent_cost"]} and vent.assumed == P.VENT_COST


@pytest.mark.rule("ZGC-MALL-01")
def test_a_vent_ends_the_movement_even_with_a_reserve_heart_still_to_use():
    st = make_state(tiles=VENT_TOWN, at=(13, 10))
    s = st.survivors[0]
    s.halves, s.reserve = 4, 1  # wounded, a reserve heart it could use at no cost
    _, decisions = play(move_fight(st, ctx([5]), s), ["vent 16,10"])
    assert len(decisions) == 1 and s.loc == [16, 10]


def test_an_action_that_is_not_a_step_3_action_is_refused_by_name():
    st = make_state()
    with pytest.raises(TypeError, match="Survivor 1: .* is not a Step 3 action"):
        run(do_action(st, ctx(), st.survivors[0], Action(), 3, []))


@pytest.mark.rule("ZGC-REACH-01", "ZGC-BIG-07")
def test_a_giant_grabbing_counters_by_reach_pays_for_a_reach_grab():
    st = make_state(("Big",))
    st.tokens["11,10"] = {"hearts": 1}
    events, _ = play(move_fight(st, ctx([3, 3]), st.survivors[0]), ["grab 11,10", "stop"])
    grab = next(e for e in events if "reserve heart" in e.message)
    assert "ZGC-REACH-01" in grab.ids and "Reach grabs cost" in grab.rule
    assert st.survivors[0].reserve == 1


@pytest.mark.rule("ZGC-REACH-05", "ZGC-CRAFT-01")
def test_a_giant_reaching_into_a_store_grabs_that_stores_parts():
    st = make_state(("Huge",), at=(12, 10))
    events, _ = play(move_fight(st, ctx([3, 3, 3]), st.survivors[0]),
                     ["grab parts Hardware Store", "stop"])
    reach = next(e for e in events if "reaches into" in e.message)
    assert reach.data == {"store": "Hardware Store"}


def adrenaline(permanent: int = 0):
    """A Normal holding Adrenaline Rush (+3 movement this turn), with a permanent bonus."""
    st = make_state()
    s = st.survivors[0]
    s.hand, s.permanent_move_bonus = ["Adrenaline Rush"], permanent
    return st, s


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_card_raising_movement_adds_exactly_its_bonus_to_the_movement_left():
    st, s = adrenaline(permanent=1)
    left = run_returning(play_from_step_3(st, ctx(), s, "Adrenaline Rush", 2))
    assert left == 5 and s.hand == []


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_card_lowering_movement_below_what_is_left_leaves_none():
    st = make_state()
    s = st.survivors[0]
    s.hand = ["Slight Miscalculation"]  # -2 this turn
    assert run_returning(play_from_step_3(st, ctx(), s, "Slight Miscalculation", 1)) == 0


@pytest.mark.rule("ZGC-EVT-03")
def test_a_card_both_in_hand_and_revealed_is_played_from_hand():
    st, s = adrenaline()
    st.revealed = "Adrenaline Rush"
    run_returning(play_from_step_3(st, ctx(), s, "Adrenaline Rush", 2))
    assert s.hand == [] and st.revealed == "Adrenaline Rush"


@pytest.mark.rule("ZGC-EVT-03")
def test_the_revealed_card_played_is_an_event_card_not_a_resized_one():
    st = make_state()
    st.revealed = "Adrenaline Rush"
    s = st.survivors[0]
    events = run(play_from_step_3(st, ctx(), s, "Adrenaline Rush", 2))
    played = next(e for e in events if "changes by +3" in e.message)
    assert played.rule.startswith(RULE_EVT) and "ZGC-RAY-07" not in played.ids
    assert st.revealed is None


def run_returning(proc):
    """Drive a procedure that asks nothing; its return value."""
    try:
        while True:
            next(proc)
    except StopIteration as stop:
        return stop.value

"""Giants and Carrying (carrying.py), decision by decision and event by event: whom a Giant may
pick up, where it may set a rider down and where a rider may step off, and the records of picking
up, setting down, riding on and moving off (rule, catalogue IDs, data, the readings assumed).
"""

from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants.actions import PickUp, SetDown
from rules_lib.games.zombies_giants.carrying import (
    RULE_CARRY,
    pick_up,
    pickup_options,
    reach_of,
    ride_or_move_off,
    set_down,
    setdown_options,
    step_off_squares,
)
from rules_lib.games.zombies_giants.data import build, default_data, load_files

from .zg_helpers import ctx, make_state, run, zombies_at

RULE_PRICED = f"{RULE_CARRY} (within Reach; each costs movement)"
STREET_EDGE = (12, 10)  # the shop's street row: a wall south (12,11), out of bounds north (12,9)


def riding(sizes_=("Big", "Normal"), at=(10, 10)):
    """Survivor 1 carries Survivor 2."""
    st = make_state(sizes_, at=at)
    giant, rider = st.survivors
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    return st, giant, rider


def pickups(st, i=0):
    return [str(a) for a in pickup_options(st, default_data(), st.survivors[i])]


def setdowns(st, i=0):
    return [str(a) for a in setdown_options(st, default_data(), st.survivors[i])]


def turn_start(st, rider, answer):
    """A carried Survivor's turn begins: its Decision, the events and what the procedure returned."""
    proc = ride_or_move_off(st, ctx(), rider)
    decision = next(proc)
    assert isinstance(decision, Decision)
    events = []
    try:
        events.append(proc.send(answer))
        while True:
            events.append(next(proc))
    except StopIteration as done:
        return decision, events, done.value


# -- whom a Giant may pick up -----------------------------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-BIG-07")
def test_a_big_picks_up_a_normal_one_square_away_but_not_two():
    st = make_state(("Big", "Normal"))
    st.survivors[1].loc = [11, 10]
    assert pickups(st) == ["pick up Survivor 2"]
    st.survivors[1].loc = [12, 10]
    assert pickups(st) == []


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-HUGE-05", "ZGC-HUGE-08")
def test_a_huge_picks_up_a_big_within_its_reach_of_two():
    st = make_state(("Huge", "Big"), at=(9, 10))  # the Huge figure covers 9,10 and 10,10
    st.survivors[1].loc = [12, 10]
    assert pickups(st) == ["pick up Survivor 2"]


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-NORM-07")
def test_a_normal_picks_up_nobody():
    st = make_state(("Normal", "Normal"))
    assert pickups(st) == []


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_giant_being_carried_picks_up_nobody():
    st = make_state(("Huge", "Big", "Normal"))
    huge, big, normal = st.survivors
    huge.carrying, big.carried_by, big.loc = [big.name], huge.name, None
    normal.loc = [11, 10]
    assert pickups(st, 1) == []


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_survivor_who_carries_or_is_carried_or_is_out_of_play_is_not_picked_up():
    st = make_state(("Huge", "Big", "Normal"), at=(9, 10))
    _huge, big, normal = st.survivors
    big.loc = [11, 10]
    big.carrying, normal.carried_by, normal.loc = [normal.name], big.name, None  # on the Big
    assert pickups(st) == []
    big.carrying, normal.carried_by, normal.loc = [], None, [11, 11]
    big.status = "dead"
    assert pickups(st) == ["pick up Survivor 3"]


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-HUGE-08")
def test_a_survivor_listed_after_one_who_cannot_be_picked_up_still_is():
    st = make_state(("Huge", "Normal", "Normal"), at=(9, 10))
    _huge, gone, normal = st.survivors
    gone.status = "dead"
    normal.loc = [11, 10]
    assert pickups(st) == ["pick up Survivor 3"]


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-BIG-08")
def test_a_big_does_not_pick_up_a_big():
    st = make_state(("Big", "Big"))
    st.survivors[1].loc = [11, 10]
    assert pickups(st) == []


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-BIG-08")
def test_a_big_with_a_rider_has_no_room_for_another():
    st = make_state(("Big", "Normal", "Normal"))
    big, rider, other = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    other.loc = [11, 10]
    assert pickups(st) == []


# -- the records of picking up and setting down ---------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-CARRY-01", "ZGC-BIG-08")
def test_a_big_picking_up_a_normal_is_logged_with_the_stand_reading():
    st = make_state(("Big", "Normal"))
    big, normal = st.survivors
    normal.loc = [11, 10]
    (event,) = run(pick_up(st, default_data(), big, PickUp("Survivor 2")))
    assert event.kind == "move" and event.rule == RULE_PRICED
    assert event.data == {"values": ["sizes:sizes.Big.carry_capacity",
                                     "sizes:sizes.Normal.carry_weight"]}
    assert event.ids == ("ZGC-CARRY-04", "ZGC-CARRY-01", "ZGC-REACH-01", "ZGC-BIG-08")
    assert event.assumed == P.STAND_FIT
    assert normal.carried_by == "Survivor 1" and normal.loc is None
    assert big.carrying == ["Survivor 2"]


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-HUGE-08")
def test_a_huge_picking_up_cites_the_huge_carrying_rule():
    st = make_state(("Huge", "Big"), at=(9, 10))
    huge, big = st.survivors
    big.loc = [11, 10]
    (event,) = run(pick_up(st, default_data(), huge, PickUp("Survivor 2")))
    assert event.ids == ("ZGC-CARRY-04", "ZGC-CARRY-01", "ZGC-REACH-01", "ZGC-HUGE-08")
    assert event.data == {"values": ["sizes:sizes.Huge.carry_capacity",
                                     "sizes:sizes.Big.carry_weight"]}


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-RES-01")
def test_a_rider_set_down_is_logged_and_collects_the_counters_where_it_lands():
    st, big, rider = riding()
    st.tokens["11,10"] = {"hearts": 1}
    events = run(set_down(st, ctx(), big, SetDown("Survivor 2", (11, 10))))
    down = events[0]
    assert down.message == "Survivor 1 sets Survivor 2 down at 11,10 (1 movement)"
    assert down.kind == "move" and down.rule == RULE_PRICED and down.ids == ("ZGC-CARRY-04",)
    assert rider.loc == [11, 10] and rider.carried_by is None and big.carrying == []
    assert rider.reserve == 1 and "11,10" not in st.tokens


# -- where a rider may be set down or step off -----------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-BIG-07")
def test_a_rider_is_set_down_within_reach_but_not_on_the_giants_own_square():
    st, big, _rider = riding()
    assert sorted(reach_of(st, default_data(), big)) == [(9, 10), (10, 9), (10, 10), (10, 11),
                                                          (11, 10)]
    assert setdowns(st) == ["set down Survivor 2 at 9,10", "set down Survivor 2 at 10,9",
                            "set down Survivor 2 at 10,11", "set down Survivor 2 at 11,10"]


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-HUGE-05")
def test_a_huge_giants_reach_on_a_town_built_afresh():
    # fresh data: a town map of its own, whose reach is worked out anew (no cached answer)
    data = build(load_files())
    st = make_state(("Huge", "Normal"), at=(9, 10))
    assert sorted(reach_of(st, data, st.survivors[0])) == [
        (9, 9), (9, 10), (9, 11), (10, 9), (10, 10), (10, 11), (11, 9), (11, 10), (11, 11),
        (12, 10)]  # two squares from its own 9,10 and 10,10, on the town


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-FIGHT-02")
def test_a_rider_is_not_set_down_among_zombies_nor_where_it_cannot_stand():
    st, _big, _rider = riding(at=STREET_EDGE)
    assert setdowns(st) == ["set down Survivor 2 at 11,10", "set down Survivor 2 at 13,10"]
    zombies_at(st, (11, 10))
    assert setdowns(st) == ["set down Survivor 2 at 13,10"]


@pytest.mark.rule("ZGC-CARRY-04", "ZGC-NORM-01")
def test_a_rider_is_not_set_down_on_a_full_square():
    st = make_state(("Big", "Normal", "Big"))
    big, rider, other = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None
    other.loc = [11, 10]
    assert "set down Survivor 2 at 11,10" not in setdowns(st)
    assert len(setdowns(st)) == 3


@pytest.mark.rule("ZGC-CARRY-03")
def test_a_rider_steps_off_next_to_its_giant_not_through_a_wall_nor_among_zombies():
    st, big, rider = riding(at=STREET_EDGE)
    data = default_data()
    assert step_off_squares(st, data, big, rider) == [(11, 10), (13, 10)]
    zombies_at(st, (13, 10))
    assert step_off_squares(st, data, big, rider) == [(11, 10)]


@pytest.mark.rule("ZGC-CARRY-03", "ZGC-NORM-01")
def test_a_rider_steps_off_under_its_giant_where_there_is_room_but_not_onto_a_full_square():
    st = make_state(("Huge", "Normal", "Big"), at=(9, 10))
    huge, rider, other = st.survivors
    huge.carrying, rider.carried_by, rider.loc = [rider.name], huge.name, None
    other.loc = [11, 10]
    squares = step_off_squares(st, default_data(), huge, rider)
    assert (11, 10) not in squares and (9, 10) not in squares  # full: the Big; the Huge itself
    assert (8, 10) not in squares  # off the town: nothing to stand on
    assert squares == [(9, 9), (9, 11), (10, 9), (10, 11)]


# -- a carried Survivor's turn ----------------------------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-03")
def test_a_carried_survivor_is_asked_to_stay_or_move_off_with_the_step_off_reading():
    st, _big, rider = riding()
    decision, _, _ = turn_start(st, rider, "stay")
    assert decision.player == "Survivor 2" and decision.kind == "carried"
    assert decision.options == ["stay", "move off to 9,10", "move off to 10,9",
                                "move off to 10,11", "move off to 11,10"]
    assert decision.rule == f"{RULE_CARRY} (move off during their turn)"
    assert decision.ids == ("ZGC-CARRY-03",) and decision.assumed == P.STEP_OFF


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_survivor_who_stays_rides_on_and_its_step_3_is_over():
    st, big, rider = riding()
    _, events, stays = turn_start(st, rider, "stay")
    (ride,) = events
    assert ride.kind == "move" and ride.rule == RULE_CARRY and ride.ids == ("ZGC-CARRY-01",)
    assert stays is True and rider.carried_by == "Survivor 1" and big.carrying == ["Survivor 2"]


@pytest.mark.rule("ZGC-CARRY-03")
def test_a_survivor_who_moves_off_is_logged_and_goes_on_with_its_turn():
    st, big, rider = riding()
    _, events, stays = turn_start(st, rider, "move off to 11,10")
    (off,) = events
    assert off.kind == "move"
    assert off.rule == f"{RULE_CARRY} (Survivors can move off a Giant during their turn)"
    assert off.ids == ("ZGC-CARRY-03",) and off.assumed == P.STEP_OFF
    assert stays is False and rider.carried_by is None and rider.loc == [11, 10]
    assert big.carrying == []

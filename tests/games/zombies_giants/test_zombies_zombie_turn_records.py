"""Step 4 event by event: the Advantage roll and its record, which zombies step where (nearest
first, two a square, counted as they all move at once), who fights them, and recovery.

The squares: the Town Square (x 9..11, y 9..11) and the Hardware Store east of it, whose street
row y = 10 (x 12..14) is a corridor between the shop's wall (y = 11, door at 13) and out-of-bounds
squares (y = 9).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.data import apply_override
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import ZData, build, default_data, load_files
from rules_lib.games.zombies_giants.zombie_turn import (
    CHASE_NEAREST,
    ONE_DIE,
    RULE_ZTURN,
    plan_moves,
    recover,
    zombie_roll,
    zombie_turn,
)

from .zg_helpers import ctx, make_state, run, zombies_at

CORRIDOR_END = (12, 10)  # the corridor's square next to the Town Square
DOOR_OUT, DOOR_IN = (13, 10), (13, 11)


def fresh_data(**overrides) -> ZData:
    """The shipped data built anew (its town maps and zombie searches start empty), with
    ``rules.yaml`` overrides given as dotted keys."""
    files = load_files()
    for key, value in overrides.items():
        files["rules"] = apply_override(files["rules"], key, value)
    return build(files)


def carried_normal():
    """Survivor 1 (Normal, whose turn it is) rides Survivor 2's stand (Big, at the centre)."""
    st = make_state(("Normal", "Big"))
    rider, giant = st.survivors
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    return st, rider, giant


# -- the Advantage roll ------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ZTURN-01", "ZGC-AMB-06")
def test_the_advantage_roll_is_two_dice_keep_the_higher():
    data = default_data()
    two = zombie_roll(data).dist()
    assert two.prob(6) == Fraction(11, 36) and two.prob(1) == Fraction(1, 36)
    one = zombie_roll(data, one_die=True).dist()
    assert one.prob(6) == Fraction(1, 6) and one.prob(1) == Fraction(1, 6)


@pytest.mark.rule("ZGC-ZTURN-01", "ZGC-AMB-06")
def test_the_advantage_dice_are_logged_as_the_zombie_turns():
    st = make_state()
    c = ctx([2, 1])
    run(zombie_turn(st, c, st.survivors[0]))
    assert c.dice.log == [("zombie turn (Advantage)", 6, 2), ("zombie turn (Advantage)", 6, 1)]


@pytest.mark.rule("ZGC-ZTURN-01", "ZGC-ZTURN-03", "ZGC-AMB-06", "ZGC-AMB-13")
def test_the_roll_event_records_the_roll_the_zombies_moved_and_the_default_readings():
    st = make_state()
    for x in (12, 13):
        zombies_at(st, (x, 10))
    roll = run(zombie_turn(st, ctx([3, 1]), st.survivors[0]))[0]
    assert roll.kind == "roll"
    assert roll.rule == (f"{RULE_ZTURN} (nearest first; all move at the same time; up to 2 a "
                         "square)")
    assert roll.ids == ("ZGC-ZTURN-01", "ZGC-ZTURN-03", "ZGC-ZTURN-04", "ZGC-ZTURN-05",
                        "ZGC-ZCOMB-04", "ZGC-ZCOMB-05", "ZGC-AMB-06", "ZGC-AMB-13")
    assert roll.data == {"roll": 3, "moved": 2}
    assert roll.assumed == P.joined(P.AMB06, P.AMB13)


@pytest.mark.rule("ZGC-AMB-06", "ZGC-AMB-13")
@pytest.mark.parametrize("variants, assumed", [
    ((V.PLAIN_ADVANTAGE,), P.joined(ONE_DIE, P.AMB13)),
    ((V.ZOMBIES_CHASE_NEAREST,), P.joined(P.AMB06, CHASE_NEAREST)),
    ((V.PLAIN_ADVANTAGE, V.ZOMBIES_CHASE_NEAREST), P.joined(ONE_DIE, CHASE_NEAREST)),
])
def test_the_roll_event_names_each_variant_reading_in_play(variants, assumed):
    st = make_state(variants=variants)
    roll = run(zombie_turn(st, ctx([1, 1], variants), st.survivors[0]))[0]
    assert roll.assumed == assumed


# -- which zombies step where ------------------------------------------------------------------


@pytest.mark.rule("ZGC-ZTURN-01", "ZGC-ZTURN-03")
def test_the_nearest_zombies_are_found_however_far_out_they_stand():
    data = fresh_data()  # nothing searched yet on this town
    st = make_state()
    near, far = zombies_at(st, (12, 10))[0], zombies_at(st, (14, 10))[0]  # 2 and 4 squares
    assert plan_moves(st, data, st.survivors[0], 2) == [(near, (11, 10)), (far, (13, 10))]


@pytest.mark.rule("ZGC-ZTURN-03")
def test_a_zombie_with_no_way_to_the_player_neither_moves_nor_takes_a_place():
    # the Hospital's door faces away from the town: nothing walks out of it yet
    st = make_state(tiles=(("Hospital", (4, 3), 1),))
    shut_in = zombies_at(st, (13, 10))[0]
    out = zombies_at(st, (11, 11))[0]
    assert plan_moves(st, default_data(), st.survivors[0], 2) == [(out, (10, 11))]
    assert shut_in.loc == [13, 10]


@pytest.mark.rule("ZGC-ZTURN-03")
def test_a_zombie_already_in_the_players_square_is_not_among_those_that_move():
    # a position set up by hand: a zombie standing in the Survivor's square
    st = make_state(at=CORRIDOR_END)
    zombies_at(st, CORRIDOR_END)
    stepper = zombies_at(st, DOOR_OUT)[0]
    assert plan_moves(st, default_data(), st.survivors[0], 1) == [(stepper, CORRIDOR_END)]


@pytest.mark.rule("ZGC-ZTURN-04", "ZGC-ZTURN-05")
def test_zombies_wait_behind_a_square_whose_two_zombies_cannot_step_on():
    st = make_state(at=CORRIDOR_END)
    first = zombies_at(st, (11, 10), 2)  # they fill the Survivor's square
    zombies_at(st, DOOR_OUT, 2)  # nowhere to go now
    zombies_at(st, (14, 10))  # behind them
    plan = plan_moves(st, default_data(), st.survivors[0], 5)
    assert plan == [(first[0], CORRIDOR_END), (first[1], CORRIDOR_END)]


@pytest.mark.rule("ZGC-ZTURN-04", "ZGC-ZTURN-05")
def test_a_square_one_of_its_two_zombies_leaves_takes_one_more():
    st = make_state(at=CORRIDOR_END)
    west = zombies_at(st, (11, 10))[0]
    pair = zombies_at(st, DOOR_OUT, 2)
    street, shop = zombies_at(st, (14, 10))[0], zombies_at(st, DOOR_IN)[0]
    plan = plan_moves(st, default_data(), st.survivors[0], 5)
    assert plan == [(west, CORRIDOR_END), (pair[0], CORRIDOR_END), (street, DOOR_OUT)]
    assert shop.loc == [13, 11]  # the door square holds two again


@pytest.mark.rule("ZGC-ZTURN-04", "ZGC-ZTURN-05")
def test_a_square_its_only_zombie_leaves_takes_two_more():
    st = make_state(at=CORRIDOR_END)
    door = zombies_at(st, DOOR_OUT)[0]
    street, shop = zombies_at(st, (14, 10))[0], zombies_at(st, DOOR_IN)[0]
    plan = plan_moves(st, default_data(), st.survivors[0], 3)
    assert plan == [(door, CORRIDOR_END), (street, DOOR_OUT), (shop, DOOR_OUT)]


@pytest.mark.rule("ZGC-ZTURN-04")
def test_a_designer_cap_of_one_zombie_a_square_sends_the_second_another_way():
    data = fresh_data(**{"combat.max_zombies_per_square": 1})
    st = make_state()
    first = zombies_at(st, (12, 10))[0]
    second = zombies_at(st, (11, 9))[0]  # its first way in is (11, 10), too
    assert plan_moves(st, data, st.survivors[0], 2) == [(first, (11, 10)), (second, (10, 9))]
    plan = plan_moves(st, default_data(), st.survivors[0], 2)  # two a square as shipped
    assert plan == [(first, (11, 10)), (second, (11, 10))]


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-ZCOMB-05")
def test_zombies_step_toward_the_giant_carrying_the_player_taking_the_turn():
    st, rider, _giant = carried_normal()
    z = zombies_at(st, (12, 10))[0]
    assert plan_moves(st, default_data(), rider, 1) == [(z, (11, 10))]


@pytest.mark.rule("ZGC-AMB-13", "ZGC-CARRY-01")
def test_under_the_variant_a_carried_survivor_is_chased_where_its_giant_stands():
    st, rider, giant = carried_normal()
    giant.loc = [9, 10]
    z = zombies_at(st, (11, 10))[0]
    assert plan_moves(st, default_data(), rider, 1, nearest=True) == [(z, (10, 10))]


# -- who fights the zombies that arrive --------------------------------------------------------


@pytest.mark.rule("ZGC-ZTURN-02", "ZGC-ZCOMB-06", "ZGC-ZCOMB-04")
def test_zombies_entering_a_survivors_square_are_announced_as_combat():
    st = make_state()
    zombies_at(st, (11, 10))
    events = run(zombie_turn(st, ctx([1, 1, 5]), st.survivors[0]))
    enter = events[1]
    assert enter.kind == "combat"
    assert enter.rule == f"{RULE_ZTURN} (entering a Survivor's square starts combat)"
    assert enter.ids == ("ZGC-ZTURN-02", "ZGC-ZCOMB-06", "ZGC-ZCOMB-04")


@pytest.mark.rule("ZGC-ZTURN-02", "ZGC-ZCOMB-08")
def test_a_survivor_next_to_the_one_attacked_rolls_and_adds():
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = [10, 11]
    zombies_at(st, (11, 10))
    events = run(zombie_turn(st, ctx([1, 1, 2, 3]), st.survivors[0]))  # 2 + 3 beats 4
    opening = events[2]
    assert "ZGC-ZCOMB-08" in opening.ids
    assert st.survivors[0].halves == 6 and not st.zombies


@pytest.mark.rule("ZGC-ZTURN-02", "ZGC-ZCOMB-04")
def test_zombies_reaching_two_survivors_fight_each():
    st = make_state(("Normal", "Normal"))
    st.survivors[1].loc = list(CORRIDOR_END)  # two squares from Survivor 1: nobody helps
    zombies_at(st, (11, 10))
    zombies_at(st, DOOR_OUT)  # it steps toward Survivor 1, into Survivor 2's square
    run(zombie_turn(st, ctx([2, 1, 6, 6]), st.survivors[0]))
    assert [s.kills for s in st.survivors] == [1, 1]
    assert not st.zombies


@pytest.mark.rule("ZGC-ZTURN-02", "ZGC-CARRY-02")
def test_a_zombie_entering_a_giants_square_fights_the_giant_not_its_rider():
    st, rider, giant = carried_normal()
    zombies_at(st, (11, 10))
    events = run(zombie_turn(st, ctx([1, 1, 6, 6]), rider))
    opening = next(e for e in events if e.data.get("fight"))
    assert opening.data["fight"]["defender"] == giant.name
    assert not st.zombies


# -- recovery ----------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ZCOMB-02")
def test_every_wounded_zombie_recovers_and_is_counted():
    st = make_state()
    for x in (12, 13):
        zombies_at(st, (x, 10))[0].damage = 2
    zombies_at(st, (14, 10))
    assert recover(st) == 2 and all(z.damage == 0 for z in st.zombies)

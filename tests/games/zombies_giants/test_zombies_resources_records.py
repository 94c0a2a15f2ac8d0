"""Resource Usage (resources.py), decision by decision and event by event: when a reserve heart may
be used and to whom bullets and reserve hearts may be given, the records of using and giving them,
and what collecting counters on a square logs (hearts kept or lost or left, bullets a Giant cannot
use, a Reach grab).
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.actions import GiveBullet, GiveReserve
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.resources import (
    OVERFLOW_STAYS,
    RULE_RES,
    give,
    pick_up_tokens,
    resource_options,
    use_reserve,
)

from .zg_helpers import ctx, make_state, run

EAST = (11, 10)
FAR = (14, 10)  # three squares east of the centre


def offered(st, i=0):
    return [str(a) for a in resource_options(st, default_data(), st.survivors[i])]


def two(at_2=EAST, sizes_=("Normal", "Normal")):
    """Survivor 1 on the centre square, Survivor 2 at ``at_2``, neither with counters to spare."""
    st = make_state(sizes_)
    for s in st.survivors:
        s.bullets = s.reserve = 0
    st.survivors[1].loc = list(at_2)
    return st


def collect(st, sq, bag, i=0, variants=(), reached=False):
    """Survivor ``i`` collects the counters ``bag`` lying on ``sq``: the one event."""
    st.tokens[f"{sq[0]},{sq[1]}"] = dict(bag)
    (event,) = run(pick_up_tokens(st, ctx(variants=variants), st.survivors[i], sq, reached))
    return event


# -- using a reserve heart --------------------------------------------------------------------------


@pytest.mark.rule("ZGC-RES-01")
def test_one_reserve_heart_may_be_used_when_a_whole_heart_of_health_is_missing():
    st = two(at_2=FAR)
    s = st.survivors[0]
    s.reserve, s.halves = 1, 4  # 2 of 3 hearts
    assert offered(st) == ["use reserve heart"]


@pytest.mark.rule("ZGC-RES-01")
def test_a_reserve_heart_is_not_used_at_full_health_or_with_only_half_a_heart_missing():
    st = two(at_2=FAR)
    s = st.survivors[0]
    s.reserve, s.halves = 1, 6
    assert offered(st) == []
    s.halves = 5
    assert offered(st) == []


@pytest.mark.rule("ZGC-RES-01")
def test_using_a_reserve_heart_is_logged_as_resource_usage():
    s = make_state().survivors[0]
    s.reserve, s.halves = 2, 2
    (event,) = run(use_reserve(s))
    assert (s.reserve, s.halves) == (1, 4)
    assert event.kind == "info" and event.rule == f"{RULE_RES} (reserve hearts are kept apart from health)"
    assert event.ids == ("ZGC-RES-01",)


# -- giving bullets and reserve hearts --------------------------------------------------------------


@pytest.mark.rule("ZGC-RES-02")
def test_a_single_bullet_may_be_given_to_a_survivor_next_to_you_without_any_reserve():
    st = two()
    st.survivors[0].bullets = 1
    assert offered(st) == ["give bullet to Survivor 2"]


@pytest.mark.rule("ZGC-RES-01")
def test_a_single_reserve_heart_may_be_given_without_any_bullet():
    st = two()
    s = st.survivors[0]
    s.reserve, s.halves = 1, 6  # full health: no use of it for itself
    assert offered(st) == ["give reserve heart to Survivor 2"]


@pytest.mark.rule("ZGC-RES-01", "ZGC-NORM-02")
def test_no_reserve_heart_is_offered_to_a_normal_whose_reserve_is_full():
    st = two()
    s, other = st.survivors
    s.reserve, s.halves, s.bullets = 1, 6, 1
    other.reserve = 2
    assert offered(st) == ["give bullet to Survivor 2"]
    other.reserve = 1
    assert offered(st) == ["give bullet to Survivor 2", "give reserve heart to Survivor 2"]


@pytest.mark.rule("ZGC-RES-01", "ZGC-BIG-02")
def test_a_giant_takes_any_number_of_reserve_hearts():
    st = two(sizes_=("Normal", "Big"))
    s, big = st.survivors
    s.reserve, s.halves = 1, 6
    big.reserve = 9
    assert offered(st) == ["give reserve heart to Survivor 2"]


@pytest.mark.rule("ZGC-RES-02")
def test_counters_are_given_only_to_a_survivor_on_a_square_beside_yours():
    st = two(at_2=(12, 10))  # two squares east of the centre
    st.survivors[0].bullets = 2
    assert offered(st) == []
    st.survivors[0].loc = [11, 10]
    assert offered(st, 0) == ["give bullet to Survivor 2"]
    st.survivors[1].loc = [11, 11]  # then diagonal: not beside
    st.survivors[0].loc = [12, 10]
    assert offered(st) == []


@pytest.mark.rule("ZGC-RES-02")
def test_a_survivor_far_away_does_not_stop_the_offer_to_one_beside_you():
    st = make_state(("Normal", "Normal", "Normal"))
    s, far, near = st.survivors
    s.bullets, s.reserve = 1, 0
    far.loc, near.loc = [14, 10], [12, 10]
    s.loc = [11, 10]
    assert offered(st) == ["give bullet to Survivor 3"]


@pytest.mark.rule("ZGC-RES-02")
def test_a_survivor_out_of_play_is_offered_nothing():
    st = make_state(("Normal", "Normal", "Normal"))
    s, gone = st.survivors[:2]
    s.bullets, s.reserve = 1, 0
    gone.status = "dead"
    assert offered(st) == ["give bullet to Survivor 3"]


@pytest.mark.rule("ZGC-RES-02")
def test_the_second_survivor_may_give_to_the_first():
    st = two()
    st.survivors[1].bullets = 1
    assert offered(st, 1) == ["give bullet to Survivor 1"]


@pytest.mark.rule("ZGC-RES-02")
def test_giving_a_bullet_adds_it_to_the_others_and_is_logged_with_the_next_to_reading():
    st = two()
    s, other = st.survivors
    s.bullets, other.bullets = 2, 2
    (event,) = run(give(st, default_data(), s, GiveBullet("Survivor 2")))
    assert (s.bullets, other.bullets) == (1, 3)
    assert event.message == "Survivor 1 gives a bullet to Survivor 2"
    assert event.kind == "info" and event.rule == f"{RULE_RES} (reserve hearts and bullets can be shared)"
    assert event.ids == ("ZGC-RES-01", "ZGC-RES-02") and event.assumed == P.SHARE_NEXT_TO


@pytest.mark.rule("ZGC-RES-01")
def test_giving_a_reserve_heart_names_it():
    st = two()
    s, other = st.survivors
    s.reserve = 1
    (event,) = run(give(st, default_data(), s, GiveReserve("Survivor 2")))
    assert (s.reserve, other.reserve) == (0, 1)
    assert event.message == "Survivor 1 gives a reserve heart to Survivor 2"


# -- collecting counters ----------------------------------------------------------------------------


@pytest.mark.rule("ZGC-RES-01", "ZGC-RES-02")
def test_collecting_counters_is_logged_with_what_was_kept_and_the_tokens_reading():
    st = make_state()
    event = collect(st, EAST, {"hearts": 1, "bullets": 2})
    assert event.message == "Survivor 1 collects 1 reserve heart and 2 bullets at 11,10"
    assert event.kind == "move" and event.rule == RULE_RES
    assert event.data == {"hearts": 1, "bullets": 2}
    assert event.ids == ("ZGC-RES-01", "ZGC-RES-02") and event.assumed == P.TOKENS
    assert "11,10" not in st.tokens


@pytest.mark.rule("ZGC-NORM-02", "ZGC-AMB-12")
def test_hearts_a_normal_cannot_hold_are_lost_by_default():
    st = make_state()
    st.survivors[0].reserve = 1
    event = collect(st, EAST, {"hearts": 3})
    assert event.message == ("Survivor 1 collects 3 reserve hearts (kept 1, the rest are lost) "
                             "at 11,10")
    assert event.data == {"hearts": 1, "bullets": 0}
    assert event.ids == ("ZGC-RES-01", "ZGC-RES-02", "ZGC-NORM-02", "ZGC-AMB-12")
    assert event.assumed == P.joined(P.TOKENS, P.AMB12)
    assert st.survivors[0].reserve == 2 and "11,10" not in st.tokens


@pytest.mark.rule("ZGC-NORM-02", "ZGC-AMB-12")
def test_hearts_a_normal_cannot_hold_stay_on_the_square_with_the_variant():
    st = make_state(variants=[V.RESERVE_OVERFLOW_STAYS])
    st.survivors[0].reserve = 1
    event = collect(st, EAST, {"hearts": 3}, variants=[V.RESERVE_OVERFLOW_STAYS])
    assert event.message == "Survivor 1 collects 3 reserve hearts (kept 1, the rest stay) at 11,10"
    assert event.assumed == P.joined(P.TOKENS, OVERFLOW_STAYS)
    assert st.tokens["11,10"] == {"hearts": 2}


@pytest.mark.rule("ZGC-NORM-02", "ZGC-AMB-12")
def test_with_the_variant_a_square_whose_hearts_all_fit_is_left_empty():
    st = make_state(variants=[V.RESERVE_OVERFLOW_STAYS])
    event = collect(st, EAST, {"hearts": 2}, variants=[V.RESERVE_OVERFLOW_STAYS])
    assert "11,10" not in st.tokens and event.assumed == P.TOKENS
    assert event.ids == ("ZGC-RES-01", "ZGC-RES-02")


@pytest.mark.rule("ZGC-BIG-04")
def test_a_giant_collecting_bullets_is_told_it_cannot_use_them():
    st = make_state(("Big",))
    event = collect(st, EAST, {"bullets": 1})
    assert event.rule == f"{RULE_RES}; Giants collect bullets but can't use them"
    assert event.ids == ("ZGC-RES-01", "ZGC-RES-02", "ZGC-BIG-04")
    assert st.survivors[0].bullets == 1


@pytest.mark.rule("ZGC-BIG-02")
def test_a_giant_collecting_only_hearts_keeps_them_all_and_no_bullet_rule_is_cited():
    st = make_state(("Big",))
    event = collect(st, EAST, {"hearts": 5})
    assert event.rule == RULE_RES and event.ids == ("ZGC-RES-01", "ZGC-RES-02")
    assert event.data == {"hearts": 5, "bullets": 0} and st.survivors[0].reserve == 5


@pytest.mark.rule("ZGC-REACH-01", "ZGC-BIG-07")
def test_a_reach_grab_cites_its_cost():
    st = make_state(("Big",))
    event = collect(st, EAST, {"hearts": 1}, reached=True)
    assert event.message == "Survivor 1 grabs 1 reserve heart at 11,10"
    assert event.rule == f"{RULE_RES} (Reach grabs cost 1 square)"
    assert event.ids == ("ZGC-RES-01", "ZGC-RES-02", "ZGC-REACH-01")


@pytest.mark.rule("ZGC-RES-01")
def test_an_empty_bag_of_counters_from_a_saved_state_is_collected_as_no_counter():
    st = make_state()
    event = collect(st, EAST, {"hearts": 0})
    assert event.message == "Survivor 1 collects no counter at 11,10"
    assert event.data == {"hearts": 0, "bullets": 0} and "11,10" not in st.tokens

"""Win Conditions in detail: which shrinking items keep a Giant from the 25-kill win, which kills
count, and what the escape and kill-win events cite (kind, rule, IDs, reading, data)."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.state import PotionKit, SizeRay
from rules_lib.games.zombies_giants.win import (
    ESCAPE_ANY,
    SPENT,
    STRANDED,
    check_escape,
    check_kills_win,
    credit_kills,
)

from .zg_helpers import ctx, make_state, run, zombies_at

HELIPAD_TOWN = (("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1), ("Helipad", (6, 3), 1))
HELICOPTER, PAD_SQUARE = (19, 10), (18, 10)  # the Helipad's centre square, and one beside it


def big_with_25_kills(**items):
    """A Big Survivor with 25 kills, holding the given items (a one-Survivor game)."""
    st = make_state(("Big",))
    s = st.survivors[0]
    s.kills = 25
    for name, value in items.items():
        setattr(s, name, value)
    return st, s


def survives_by_kills(st, variants=()) -> bool:
    run(check_kills_win(st, ctx([], variants)))
    return any(s.status == "survived" for s in st.survivors)


# -- ZGC-WIN-03: "all shrink-based items are used up" -------------------------------------------


@pytest.mark.rule("ZGC-WIN-03")
def test_a_size_ray_with_a_charge_left_is_a_shrinking_item():
    st, _ = big_with_25_kills(size_ray=SizeRay(2, 1), bullets=0)
    assert not survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_an_empty_size_ray_with_a_bullet_to_recharge_it_is_a_shrinking_item():
    st, _ = big_with_25_kills(size_ray=SizeRay(2, 0), bullets=1)
    assert not survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_an_empty_size_ray_and_no_bullet_is_used_up():
    st, _ = big_with_25_kills(size_ray=SizeRay(2, 0), bullets=0)
    assert survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_a_potion_kit_with_exactly_the_reserve_to_make_a_potion_is_a_shrinking_item():
    paid, _ = default_data().crafting["potion_kit"]["recipe"][2]
    st, _ = big_with_25_kills(potion_kit=PotionKit(2), reserve=paid)
    assert not survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_a_potion_kit_without_the_reserve_to_make_a_potion_is_used_up():
    paid, _ = default_data().crafting["potion_kit"]["recipe"][2]
    st, _ = big_with_25_kills(potion_kit=PotionKit(2), reserve=paid - 1)
    assert survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_another_survivors_normal_potion_keeps_the_giant_from_the_kill_win():
    st = make_state(("Big", "Normal"))
    st.survivors[0].kills = 25
    st.survivors[1].potions = ["Normal"]
    assert not survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_a_survivor_out_of_the_game_takes_its_potion_with_it():
    st = make_state(("Normal", "Big"))
    st.survivors[0].status = "dead"
    st.survivors[0].potions = ["Normal"]
    st.survivors[1].kills = 25
    assert survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_a_potion_held_after_a_survivor_out_of_the_game_still_counts():
    st = make_state(("Normal", "Big", "Normal"))
    st.survivors[0].status = "dead"
    st.survivors[1].kills = 25
    st.survivors[2].potions = ["Normal"]
    assert not survives_by_kills(st)


@pytest.mark.rule("ZGC-WIN-03")
def test_a_giant_listed_after_a_survivor_out_of_the_game_still_wins_by_kills():
    st = make_state(("Normal", "Big"))
    st.survivors[0].status = "dead"
    st.survivors[1].kills = 25
    assert survives_by_kills(st) and st.survivors[1].status == "survived"


# -- ZGC-AMB-17: kills made while stranded add up ------------------------------------------------


@pytest.mark.rule("ZGC-AMB-17")
def test_kills_made_while_stranded_add_up_over_several_fights():
    st = make_state(("Big",), variants=[V.KILLS_ONCE_STRANDED])
    s = st.survivors[0]
    data = default_data()
    credit_kills(st, data, s, 2)
    credit_kills(st, data, s, 3)
    assert (s.kills, s.stranded_kills) == (5, 5)


# -- what the events cite -----------------------------------------------------------------------


@pytest.mark.rule("ZGC-WIN-02")
def test_a_giant_on_the_helicopter_is_told_to_shrink_citing_win_02():
    st = make_state(("Big",), tiles=HELIPAD_TOWN, at=HELICOPTER)
    (event,) = run(check_escape(st, ctx(), st.survivors[0]))
    assert event.kind == "info" and event.ids == ("ZGC-WIN-02",) and not event.assumed
    assert "Giants only escape when shrunk" in event.rule
    assert st.survivors[0].status == "active"


@pytest.mark.rule("ZGC-WIN-02", "ZGC-WIN-01")
def test_a_giant_on_any_helipad_square_under_the_variant_cites_the_variant():
    variants = [V.ESCAPE_FROM_ANY_PAD_SQUARE]
    st = make_state(("Big",), tiles=HELIPAD_TOWN, at=PAD_SQUARE, variants=variants)
    (event,) = run(check_escape(st, ctx([], variants), st.survivors[0]))
    assert event.ids == ("ZGC-WIN-02",) and event.assumed == ESCAPE_ANY


@pytest.mark.rule("ZGC-WIN-01", "ZGC-MF-04")
def test_a_zombie_on_the_centre_square_holds_the_helicopter_citing_win_01():
    st = make_state(tiles=HELIPAD_TOWN, at=HELICOPTER)
    zombies_at(st, HELICOPTER)
    (event,) = run(check_escape(st, ctx(), st.survivors[0]))
    assert event.kind == "info" and event.ids == ("ZGC-WIN-01", "ZGC-MF-04")
    assert event.rule == "Zombies!!! Giants-Club: Win Conditions" and not event.assumed
    assert st.survivors[0].status == "active"


@pytest.mark.rule("ZGC-WIN-01", "ZGC-MF-04")
def test_a_zombie_on_the_centre_square_holds_a_survivor_beside_it_under_the_variant():
    variants = [V.ESCAPE_FROM_ANY_PAD_SQUARE]
    st = make_state(tiles=HELIPAD_TOWN, at=PAD_SQUARE, variants=variants)
    zombies_at(st, HELICOPTER)
    (event,) = run(check_escape(st, ctx([], variants), st.survivors[0]))
    assert event.ids == ("ZGC-WIN-01", "ZGC-MF-04") and event.assumed == ESCAPE_ANY


@pytest.mark.rule("ZGC-WIN-01", "ZGC-MF-04")
def test_the_escape_is_a_result_citing_the_helicopter_rule():
    st = make_state(tiles=HELIPAD_TOWN, at=HELICOPTER)
    (event,) = run(check_escape(st, ctx(), st.survivors[0]))
    assert event.kind == "result" and event.ids == ("ZGC-WIN-01", "ZGC-MF-04")
    assert "the Helicopter, no zombie on the centre square" in event.rule
    assert st.survivors[0].status == "escaped"


@pytest.mark.rule("ZGC-WIN-03", "ZGC-AMB-17")
def test_the_kill_win_is_a_result_citing_the_readings_and_the_25_kills_value():
    st, _ = big_with_25_kills()
    (event,) = run(check_kills_win(st, ctx()))
    assert event.kind == "result" and event.ids == ("ZGC-WIN-03", "ZGC-AMB-17")
    assert "must kill 25 zombies" in event.rule
    assert event.assumed == P.joined(P.AMB17, P.USED_UP)
    assert event.data == {"kills": 25, "values": ["rules:win.kills_to_survive"]}


@pytest.mark.rule("ZGC-AMB-17")
def test_the_kill_win_counting_only_stranded_kills_cites_that_variant():
    variants = [V.KILLS_ONCE_STRANDED]
    st = make_state(("Big",), variants=variants)
    st.survivors[0].kills, st.survivors[0].stranded_kills = 30, 25
    (event,) = run(check_kills_win(st, ctx([], variants)))
    assert event.assumed == P.joined(STRANDED, P.USED_UP)
    assert event.data["kills"] == 25


@pytest.mark.rule("ZGC-WIN-03")
def test_the_kill_win_needing_a_spent_item_cites_that_variant():
    variants = [V.KILLS_NEED_SPENT_ITEMS]
    st = make_state(("Big",), variants=variants)
    st.survivors[0].kills, st.crafted["size_ray"] = 25, 1
    (event,) = run(check_kills_win(st, ctx([], variants)))
    assert event.assumed == P.joined(P.AMB17, SPENT)

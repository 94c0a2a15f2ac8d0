"""Exact fight odds: the Markov chain against brute force through the game's own fight procedure."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.dice import ScriptExhausted
from rules_lib.core.engine import drive
from rules_lib.games.zombies_giants import sizes
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.fight import BULLET_EVERY_FAILED_ROLL, fight
from rules_lib.games.zombies_giants.odds import combat_odds, fight_odds, odds_grid
from rules_lib.games.zombies_giants.variants import (
    LOWERED_ONLY_UNDER_4,
    PLAIN_ADVANTAGE,
    TARGET_MUST_BE_EXCEEDED,
)

from .zg_helpers import CENTRE, ctx, make_state, zombies_at


@pytest.fixture(autouse=True)
def chains_solved_afresh():
    """Each test solves its chains itself: a chain an earlier test (or the parent process a
    mutation run forks from) left in ``ZData.solved_fights`` would answer without the code."""
    default_data().solved_fights.clear()


class SpendWheneverOffered:
    """A player who adds a bullet to every failed check it may (the chain's ``always`` policy)."""

    def choose(self, state, decision, rng):
        return "spend" if "spend" in decision.options else decision.options[0]


def brute_force(size, hearts, bullets, n, reserve=0, variants=(), spend_always=False):
    """Every face sequence played through the game's fight procedure (first option = default,
    or a bullet whenever one is offered)."""
    data = default_data()
    out: dict[tuple, Fraction] = {}
    usable = bullets if sizes.stats(data, size).can_use_bullets else 0
    own = usable if BULLET_EVERY_FAILED_ROLL in variants else min(usable, 1)
    policy = SpendWheneverOffered() if spend_always else None

    def explore(prefix):
        st = make_state((size,), variants=variants)
        s = st.survivors[0]
        s.halves, s.bullets, s.reserve = 2 * hearts, bullets, reserve
        zs = zombies_at(st, CENTRE, n)
        try:
            drive(fight(st, ctx(prefix, variants), s, zs), policy=policy)
        except ScriptExhausted:
            for face in range(1, 7):
                explore(prefix + [face])
            return
        left = own - (bullets - s.bullets)
        end = (
            ("won", s.halves, s.reserve, left)
            if s.status == "active"
            else ("lost", 0, s.reserve, left)
        )
        out[end] = out.get(end, 0) + Fraction(1, 6 ** len(prefix))

    explore([])
    return out


CASES = [
    ("Normal", 1, 0, 1, 0),
    ("Normal", 2, 1, 1, 0),
    ("Normal", 3, 1, 2, 0),
    ("Normal", 2, 0, 2, 1),
    ("Normal", 1, 2, 2, 1),
    ("Big", 1, 0, 1, 0),
    ("Huge", 1, 0, 1, 0),
    ("Huge", 1, 3, 2, 0),
]


# No rule markers on the odds tests: they check the calculator against the game (or against
# hand sums); the rules themselves are asserted through fight() in test_zombies_fight.py.
@pytest.mark.parametrize("size,hearts,bullets,n,reserve", CASES)
def test_chain_matches_brute_force_through_the_game(size, hearts, bullets, n, reserve):
    odds = fight_odds(size, hearts, bullets, n, reserve=reserve)
    assert dict(odds.ends.items()) == brute_force(size, hearts, bullets, n, reserve)


@pytest.mark.parametrize("variants", [(), (BULLET_EVERY_FAILED_ROLL,)])
@pytest.mark.parametrize("size,hearts,bullets,n", [("Normal", 2, 2, 2), ("Normal", 3, 3, 2),
                                                   ("Big", 2, 2, 2)])
def test_chain_matches_the_game_when_every_offered_bullet_is_spent(size, hearts, bullets, n,
                                                                    variants):
    odds = fight_odds(size, hearts, bullets, n, bullet_policy="always",
                      bullet_every_failed_roll=bool(variants))
    assert dict(odds.ends.items()) == brute_force(size, hearts, bullets, n, variants=variants,
                                                  spend_always=True)


@pytest.mark.parametrize("variant", [PLAIN_ADVANTAGE, TARGET_MUST_BE_EXCEEDED,
                                     LOWERED_ONLY_UNDER_4])
@pytest.mark.parametrize("size,hearts,bullets,n", [("Normal", 2, 1, 2), ("Big", 1, 0, 1),
                                                   ("Normal", 1, 1, 1)])
def test_chain_matches_the_game_under_each_fight_variant(size, hearts, bullets, n, variant):
    odds = fight_odds(size, hearts, bullets, n, variants=[variant])
    assert dict(odds.ends.items()) == brute_force(size, hearts, bullets, n, variants=(variant,))


@pytest.mark.parametrize("size,hearts,bullets,n", [("Normal", 2, 1, 2), ("Normal", 1, 1, 1)])
def test_chain_matches_the_game_when_a_bullet_is_spent_on_a_failed_check_under_lowered_only_under_4(
        size, hearts, bullets, n):
    # a bullet spent on a check that still fails keeps the zombies' HP under the variant
    odds = fight_odds(size, hearts, bullets, n, variants=[LOWERED_ONLY_UNDER_4],
                      bullet_policy="always")
    assert dict(odds.ends.items()) == brute_force(size, hearts, bullets, n,
                                                  variants=(LOWERED_ONLY_UNDER_4,),
                                                  spend_always=True)


def test_the_variant_spends_more_bullets_and_wins_more_often_when_every_bullet_is_spent():
    one = fight_odds("Normal", 2, 3, 2, bullet_policy="always")
    every = fight_odds("Normal", 2, 3, 2, bullet_policy="always", bullet_every_failed_roll=True)
    assert every.p_win > one.p_win
    assert max(every.bullets_spent().outcomes) > max(one.bullets_spent().outcomes) == 1


def test_hand_computed_odds_one_heart_against_one_zombie():
    assert fight_odds("Normal", 1, 0, 1).p_win == Fraction(1, 2)  # needs 4+
    assert fight_odds("Normal", 1, 1, 1).p_win == Fraction(5, 6)  # 2+ with the bullet's +2
    # Big, one heart (two half counters): lost only by failing twice (max 2 then 1, or 1 then <= 2)
    lose = Fraction(3, 36) * Fraction(1, 36) + Fraction(1, 36) * Fraction(4, 36)
    assert fight_odds("Big", 1, 0, 1).p_win == 1 - lose


def test_bullet_policies_order_the_win_chances():
    never = fight_odds("Normal", 2, 3, 2, bullet_policy="never").p_win
    kills = fight_odds("Normal", 2, 3, 2, bullet_policy="when_it_kills").p_win
    always = fight_odds("Normal", 2, 3, 2, bullet_policy="always").p_win
    assert never < kills and never < always
    assert fight_odds("Normal", 2, 3, 2, bullet_policy="never").bullets_spent().p(0) == 1


def test_hearts_left_and_bullets_spent_are_distributions_that_sum_to_one():
    o = fight_odds("Normal", 3, 3, 2)
    assert sum(p for _, p in o.hearts_left().items()) == 1
    assert o.hearts_left().p(0) == 1 - o.p_win
    assert set(o.bullets_spent().outcomes) <= {0, 1}


def test_helpers_add_dice_and_bullets():
    alone = fight_odds("Normal", 1, 0, 2).p_win
    helped = fight_odds("Normal", 1, 0, 2, helpers=("Normal",), helper_bullets=1).p_win
    assert helped > alone


def test_grid_covers_every_size_hearts_bullets_and_zombie_count():
    df = odds_grid(hearts=range(1, 4), bullets=range(2))
    assert len(df) == 3 * 3 * 2 * 2
    assert df.p_win.between(0, 1).all()
    big = df[(df["size"] == "Big") & (df.zombies == 2)].set_index("hearts").p_win
    assert big.is_monotonic_increasing


def test_combat_odds_table_probabilities_sum_to_one():
    df = combat_odds("Huge", 5, 0, 2)
    assert abs(df.probability.sum() - 1) < 1e-12
    assert set(df.result) <= {"won", "lost"}


def test_bad_odds_input_is_named():
    with pytest.raises(ValueError, match="Tiny"):
        fight_odds("Tiny", 3)
    with pytest.raises(ValueError, match="zombie"):
        fight_odds("Normal", 3, 0, 0)
    with pytest.raises(ValueError, match="bullet policy"):
        fight_odds("Normal", 3, 1, 1, bullet_policy="sometimes")


def test_fast_mode_agrees_with_exact_mode():
    exact = fight_odds("Big", 4, 0, 2)
    fast = fight_odds("Big", 4, 0, 2, mode="fast")
    assert abs(float(exact.p_win) - fast.p_win) < 1e-12


def test_reach_heat_map_data_and_figure():
    from rules_lib.games.zombies_giants.data import default_data
    from rules_lib.games.zombies_giants.odds import reach_grid
    from widgets.charts import plot_reach_probability

    from .zg_helpers import make_state as _make_state

    st = _make_state(("Huge",), at=(9, 10))
    df = reach_grid(st, "Survivor 1")
    assert df.probability.between(0, 1).all() and len(df) > 5
    assert df.set_index(["x", "y"]).probability[(9, 10)] == 1
    data = default_data()
    size = data.tile_size
    fig = plot_reach_probability(df, data.town["grid"]["width"] * size,
                                 data.town["grid"]["height"] * size, "Survivor 1")
    z = fig.data[0].z
    assert z[10][9] == 1 and z[11][12] is None  # a building square: Huge never stands there


def test_the_odds_command_options_reach_the_starting_hearts_readings_and_fight_variants():
    import argparse

    from rules_lib.games.zombies_giants import add_odds_arguments, odds_from_args

    parser = argparse.ArgumentParser()
    add_odds_arguments(parser)
    args = parser.parse_args(["--size", "Huge", "--start-hearts", "--zombies", "2",
                              "--fight-variant", "start_hearts_are_halves",
                              "advantage_is_one_die"])
    table = odds_from_args(args)
    chain = fight_odds("Huge", 6, 0, 2)  # halves reading: 12 half hearts; Huge has no Advantage
    assert abs(table.probability.sum() - 1) < 1e-12
    assert abs(float(chain.hearts_left().mean())
               - (table.hearts_left * table.probability).sum()) < 1e-9

"""The odds calculator's tables and its less travelled paths: the registry's default question,
the combat-odds and grid tables, a Giant's Size-Ray bullet, designer data, and the fast solver.

Each test that solves a chain uses data built afresh (or clears the solved chains first), so the
answer comes from the code, not from a chain an earlier test left in ``ZData.solved_fights``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.data import apply_override
from rules_lib.games.zombies_giants import sizes
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.movement import movement_reach
from rules_lib.games.zombies_giants.odds import (
    combat_odds,
    combined_roll,
    fight_odds,
    odds_grid,
    reach_grid,
)
from rules_lib.games.zombies_giants.variants import (
    LOWERED_ONLY_UNDER_4,
    SIZE_SECTION_HEARTS,
    TARGET_MUST_BE_EXCEEDED,
)

from .zg_helpers import make_state


@pytest.fixture(autouse=True)
def chains_solved_afresh():
    """Each test solves its chains itself (see the module docstring)."""
    default_data().solved_fights.clear()


def overridden(file: str, path: str, value):
    """Fresh game data with one value of one data file changed (a designer's override)."""
    files = load_files()
    files[file] = apply_override(files[file], path, value)
    return build(files)


# -- the registry entry: combat_odds -------------------------------------------------------------


def test_the_combat_odds_default_question_is_a_normal_with_3_hearts_and_3_bullets_against_one():
    assert combat_odds().equals(combat_odds("Normal", 3, 3, 1))


def test_the_combat_odds_table_lists_every_end_with_its_exact_probability():
    table = combat_odds("Normal", 1, 1, 2)
    ends = fight_odds("Normal", 1, 1, 2).ends
    assert list(table.index) == list(range(len(table)))  # a fresh index, no old one kept
    assert list(table.columns) == ["result", "hearts_left", "reserve_left", "bullets_spent",
                                   "probability", "exact"]
    assert sum(Fraction(p) for p in table["exact"]) == 1
    for (result, halves, reserve, left), p in ends.items():
        row = table[(table["exact"] == str(p)) & (table["result"] == result)
                    & (table["bullets_spent"] == 1 - left)]
        assert len(row) >= 1 and (row["reserve_left"] == reserve).all()
        assert (row["hearts_left"] == (halves / 2 if result == "won" else 0.0)).all()


def test_a_lost_fight_leaves_no_hearts_in_the_combat_odds_table():
    table = combat_odds("Normal", 1, 0, 2)
    lost = table[table["result"] == "lost"]
    assert len(lost) and (lost["hearts_left"] == 0.0).all()


# -- the grid ------------------------------------------------------------------------------------


def grid(**kw):
    return odds_grid(**{"sizes_": ("Normal",), "hearts": (2,), "bullets": (1,), "zombies": (2,),
                        **kw})


def test_a_grid_row_is_the_fight_odds_of_its_question():
    row = grid().iloc[0]
    odds = fight_odds("Normal", 2, 1, 2)
    assert (row["size"], row["hearts"], row["bullets"], row["zombies"]) == ("Normal", 2, 1, 2)
    assert row["p_win"] == float(odds.p_win)
    assert row["hearts_left_mean"] == float(odds.hearts_left().mean())
    assert row["bullets_spent_mean"] == float(odds.bullets_spent().mean()) > 0


def test_the_grid_asks_its_bullet_policy():
    assert grid(bullet_policy="never").iloc[0]["bullets_spent_mean"] == 0


def test_the_grid_plays_its_variants():
    row = grid(variants=[TARGET_MUST_BE_EXCEEDED]).iloc[0]
    assert row["p_win"] == float(fight_odds("Normal", 2, 1, 2, variants=[TARGET_MUST_BE_EXCEEDED]).p_win)
    assert row["p_win"] != grid().iloc[0]["p_win"]


def test_the_grid_answers_for_the_data_it_is_given():
    tough = overridden("zombies", "zombie.hp", 5)
    row = grid(data=tough).iloc[0]
    assert row["p_win"] == float(fight_odds("Normal", 2, 1, 2, data=tough).p_win)
    assert row["p_win"] < grid().iloc[0]["p_win"]


def test_the_grid_leaves_out_what_the_rules_cannot_have_and_goes_on_to_the_next_size():
    table = odds_grid(("Normal", "Big"), hearts=(3, 4), bullets=(0,), zombies=(1,),
                      allow_beyond_rules=False)
    assert list(zip(table["size"], table["hearts"])) == [("Normal", 3), ("Big", 3), ("Big", 4)]


def test_the_grid_judges_within_the_rules_by_the_hearts_reading_of_its_variants():
    def within(variants):
        return bool(odds_grid(("Big",), hearts=(5,), bullets=(0,), zombies=(1,),
                              variants=variants).iloc[0]["within_rules"])

    assert within(()) and not within([SIZE_SECTION_HEARTS])  # Big holds 8, or 4 as sized


def test_a_normal_with_no_reserve_is_within_the_rules():
    assert bool(grid().iloc[0]["within_rules"])


# -- bullets: the fighter's own, a Giant's Size-Ray ---------------------------------------------


def test_a_giant_with_a_size_ray_spends_a_bullet():
    with_ray = fight_odds("Big", 1, 1, 2, size_ray=True)
    without = fight_odds("Big", 1, 1, 2)
    assert with_ray.p_win > without.p_win and with_ray.start_bullets == 1
    assert without.start_bullets == 0


def test_a_giants_size_ray_bullet_adds_the_size_rays_bonus():
    strong_ray = overridden("crafting", "size_ray.bullet_bonus", 6)
    assert fight_odds("Big", 1, 1, 2, size_ray=True, data=strong_ray).p_win == 1
    assert fight_odds("Big", 1, 1, 2, size_ray=True).p_win < 1


def test_a_normals_bullet_adds_the_rules_bonus_even_holding_a_size_ray():
    strong_ray = overridden("crafting", "size_ray.bullet_bonus", 6)
    assert (fight_odds("Normal", 1, 1, 2, size_ray=True, data=strong_ray).p_win
            == fight_odds("Normal", 1, 1, 2, size_ray=True).p_win)


def test_one_combat_check_adds_no_weapon_and_uses_full_advantage_unless_asked():
    data = default_data()
    assert combined_roll(data, ["Big"]) == sizes.combat_dice(data, "Big").dist()
    assert combined_roll(data, ["Big"]) != combined_roll(data, ["Big"], 0, True)


# -- the fast solver -----------------------------------------------------------------------------


def close(a: dict, b) -> bool:
    return set(a) == set(b.outcomes) and all(abs(a[k] - float(b.prob(lambda x, k=k: x == k)))
                                             < 1e-12 for k in a)


def test_the_fast_solver_gives_the_exact_hearts_left_and_bullets_spent():
    fast = fight_odds("Normal", 2, 1, 2, mode="fast")
    exact = fight_odds("Normal", 2, 1, 2)
    assert close(fast.hearts_left(), exact.hearts_left())
    assert close(fast.bullets_spent(), exact.bullets_spent())


def test_the_fast_grid_gives_the_exact_means():
    fast, exact = grid(mode="fast").iloc[0], grid().iloc[0]
    for column in ("hearts_left_mean", "bullets_spent_mean"):
        assert fast[column] == pytest.approx(exact[column], abs=1e-12) and fast[column] > 0


# -- movement reach ------------------------------------------------------------------------------


def test_the_reach_grid_answers_for_the_data_it_is_given():
    slow = overridden("rules", "movement.square_cost", 2)
    st = make_state()
    table = reach_grid(st, "Survivor 1", slow)
    probs = movement_reach(st, "Survivor 1", slow)
    assert {(r.x, r.y): r.probability for r in table.itertuples()} == {
        sq: float(p) for sq, p in probs.items()}
    assert probs != movement_reach(st, "Survivor 1")


# -- a question the chain cannot answer is refused naming the argument ---------------------------


@pytest.mark.parametrize("argument", ["half_hearts", "helper_bullets", "carried_bullets",
                                      "weapons", "zombie_damage"])
def test_a_negative_count_is_refused_naming_its_argument(argument):
    with pytest.raises(ValueError) as err:
        fight_odds(**{argument: -1}, allow_beyond_rules=True)
    assert f"{argument} cannot be negative (-1)" in str(err.value)
    assert "allow_beyond_rules" not in str(err.value)  # no what-if answers it


def test_too_many_helpers_are_refused_even_beyond_the_rules():
    with pytest.raises(ValueError, match="helpers = 5: at most 4 even beyond the rules"):
        fight_odds(helpers=("Normal",) * 5, allow_beyond_rules=True)


def test_the_grid_judges_a_fresh_survivor_with_no_reserve():
    no_reserve = overridden("sizes", "sizes.Normal.max_reserve", 0)
    assert bool(odds_grid(("Normal",), hearts=(3,), bullets=(0,), zombies=(1,),
                          data=no_reserve).iloc[0]["within_rules"])


def test_the_combat_odds_default_stock_is_3_bullets_when_each_failed_roll_may_take_one():
    # two zombies that a bullet-aided miss leaves whole, and 2 reserve hearts: five misses can
    # come before the last, so a fourth bullet would change the odds
    kw = {"bullet_every_failed_roll": True, "bullet_policy": "always", "reserve": 2,
          "variants": [LOWERED_ONLY_UNDER_4]}
    assert combat_odds(zombies=2, **kw).equals(combat_odds("Normal", 3, 3, 2, **kw))


def test_the_grid_judges_unwounded_zombies_whatever_their_hp():
    one_hp = overridden("zombies", "zombie.hp", 1)  # a zombie of 1 HP carries no damage
    assert bool(odds_grid(("Normal",), hearts=(3,), bullets=(0,), zombies=(1,),
                          data=one_hp).iloc[0]["within_rules"])


@pytest.mark.parametrize("kw,message", [
    ({"zombies": 0}, "a fight needs at least one zombie"),
    ({"hearts": 0}, "a Survivor with no hearts cannot fight"),
    ({"half_hearts": 2}, ("half_hearts = 2: a flipped counter is half a heart (0 or 1; count "
                          "whole hearts in hearts)")),
    ({"bullet_policy": "sometimes"}, "known: when_it_kills, always, never"),
    ({"variants": ["nope", "zilch"]}, ("unknown variant(s) nope, zilch; those that change a "
                                       "fight: size_section_hearts, start_hearts_are_halves, ")),
], ids=["no zombie", "no hearts", "two half hearts", "unknown policy", "unknown variants"])
def test_a_question_the_chain_cannot_answer_is_refused_saying_why(kw, message):
    with pytest.raises(ValueError) as err:
        fight_odds(**kw)
    assert message in str(err.value)


def test_a_count_too_large_for_any_what_if_offers_no_what_if():
    with pytest.raises(ValueError) as err:
        fight_odds(helpers=("Normal",) * 5, allow_beyond_rules=True)
    assert "allow_beyond_rules" not in str(err.value)


def test_a_half_heart_counts_toward_the_limit_of_a_normals_hearts():
    with pytest.raises(ValueError, match="3.5 hearts: a Normal Survivor holds at most 3"):
        fight_odds("Normal", 3, half_hearts=1)


def test_the_limit_of_a_giants_hearts_follows_the_hearts_reading_asked():
    with pytest.raises(ValueError, match="5 hearts: a Big Survivor holds at most 4"):
        fight_odds("Big", 5, variants=[SIZE_SECTION_HEARTS])


# -- the question's counts reach the chain -------------------------------------------------------


def test_the_default_question_is_a_normal_with_3_hearts_and_no_bullet_against_one_zombie():
    assert fight_odds().ends == fight_odds("Normal", 3, 0, 1).ends


def test_a_half_heart_is_added_to_the_hearts():
    assert fight_odds("Normal", 1, half_hearts=1).p_win > fight_odds("Normal", 1).p_win


def test_a_wounded_zombie_is_easier_to_beat():
    assert fight_odds("Normal", 2, zombie_damage=1).p_win > fight_odds("Normal", 2).p_win


def test_a_carried_survivor_adds_one_bullet_to_a_giants_fight():
    assert fight_odds("Big", 2, carried_bullets=1).start_bullets == 1


def test_a_helper_adds_one_bullet_even_when_each_failed_roll_may_take_one():
    odds = fight_odds("Normal", 2, helpers=("Normal",), helper_bullets=1,
                      bullet_every_failed_roll=True, bullet_policy="always")
    assert odds.start_bullets == 1


def test_game_start_hearts_come_from_the_data_given_plus_a_half_heart_asked():
    fresh = overridden("sizes", "sizes.Big.start_hearts", 6)
    asked = fight_odds("Big", None, half_hearts=1, data=fresh, allow_beyond_rules=True)
    assert asked.ends == fight_odds("Big", 6, half_hearts=1, data=fresh,
                                    allow_beyond_rules=True).ends

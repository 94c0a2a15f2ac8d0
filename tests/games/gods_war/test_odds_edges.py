"""The odds at the edges of what they answer: the default refuses a what-if beyond the rules, the
bounds are inclusive where the rules allow (no dice at all, exactly the most dice computed), a
monster's dice follow the data's dice per Combat, and a refusal names what is known."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.games.gods_war import odds
from rules_lib.games.gods_war.data import default_data, load

TWO_EMPIRES = ["Storm King", "Sea Hero"]


@pytest.mark.parametrize("call", [
    lambda: odds.androgeus_kill_probability(TWO_EMPIRES),
    lambda: odds.arachne_table(TWO_EMPIRES),
])
def test_without_the_beyond_rules_flag_a_force_of_two_empires_is_refused(call):
    with pytest.raises(ValueError, match="pieces of Sea and Storm"):
        call()


def test_no_dice_against_androgeus_is_an_answer_and_a_bool_is_not_a_number_of_dice():
    assert odds.androgeus_kill_probability_dice(0, True) == Fraction(0)
    with pytest.raises(ValueError, match="True dice against Androgeus"):
        odds.androgeus_kill_probability_dice(True, True)


def test_exactly_the_most_dice_computed_is_allowed_one_more_is_not():
    data = default_data()
    assert odds.force_problem(data, ["Storm Warrior"] * odds.MAX_WHAT_IF_DICE, True) is None
    assert odds.force_problem(data, ["Storm Warrior"] * (odds.MAX_WHAT_IF_DICE + 1), True) == (
        f"the force rolls {odds.MAX_WHAT_IF_DICE + 1} dice; exact odds are computed for at most "
        f"{odds.MAX_WHAT_IF_DICE}")


def test_a_refused_monster_or_piece_is_answered_with_the_names_known():
    data = default_data()
    with pytest.raises(ValueError) as refused:
        odds.check_monster(data, ["Androgeus"])  # not a name at all
    assert str(refused.value) == ("no odds for ['Androgeus']: known Cosmic Monsters with card "
                                  "text are Androgeus and Arachne Solara")
    problem = odds.force_problem(data, ["Tank"])
    assert problem.startswith("unknown piece 'Tank'; pieces: Storm Warrior, Storm Champion, ")


@pytest.mark.rule("GW-AND-09")  # Androgeus must roll a kill back: with his card's dice
def test_a_monster_rolls_its_card_combat_times_the_dice_per_combat():
    data = load({"battle.procedure.dice_per_combat": 2})  # a designer's two dice per point
    assert odds.monster_dice(data, "Androgeus") == 2 * data.cards["Androgeus"].combat
    assert odds.monster_dice(data, "Arachne Solara") == 2 * data.cards["Arachne Solara"].combat


def test_the_checks_called_without_the_flag_hold_to_the_rules():
    data = default_data()
    assert odds.force_problem(data, TWO_EMPIRES).startswith("one empire attacks")
    with pytest.raises(ValueError, match="pieces of Sea and Storm"):
        odds.check_force(data, TWO_EMPIRES)
    with pytest.raises(ValueError, match="Combat 18 is more than any force"):
        odds.check_combat(data, 18)


@pytest.mark.rule("GW-AND-09")  # with and without the hero the kill needs
def test_the_androgeus_table_runs_by_default_from_combat_1_to_10_with_and_without_a_hero():
    table = odds.androgeus_table()
    assert list(table["attacking_combat"]) == [c for c in range(1, 11) for _ in (True, False)]
    assert list(table["hero_or_greater_god"]) == [True, False] * 10

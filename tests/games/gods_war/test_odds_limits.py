"""The odds answer only what the game can have, unless a what-if beyond the rules is asked for.

A force is one empire's pieces (Elder Races may join), no more of a piece than the game has
counters; Superhero lets at most its number of dice roll against Androgeus; only Monsters with card
text fight. ``allow_beyond_rules=True`` (command line ``--beyond-rules``) lifts those, never the
bound that keeps exact odds quick.
"""
from __future__ import annotations

import argparse

import pytest

from rules_lib.cli import main
from rules_lib.games.gods_war import GAME, odds
from rules_lib.games.gods_war.data import load

SEVEN_WARRIORS = ["Storm Warrior"] * 7


@pytest.mark.parametrize("call, words", [
    (lambda: odds.combat_odds([], "Androgeus"), "one or more pieces"),
    (lambda: odds.combat_odds("Storm King", "Androgeus"), "a list of one or more pieces"),
    (lambda: odds.combat_odds(["Tank"], "Androgeus"), "unknown piece 'Tank'"),
    (lambda: odds.combat_odds(["Storm King", "Sea Lord"], "Androgeus"),
     "pieces of Sea and Storm"),
    (lambda: odds.combat_odds(SEVEN_WARRIORS, "Arachne Solara"),
     "7 Storm Warrior in one force: the game has 6"),
    (lambda: odds.combat_odds(["Storm King"] * 2, "Androgeus"), "2 Storm King in one force"),
    (lambda: odds.combat_odds(["Storm King"], "Leviathan"), "no odds for 'Leviathan'"),
    (lambda: odds.combat_odds(["Storm King"], "Godzilla"), "no odds for 'Godzilla'"),
    (lambda: odds.androgeus_kill_probability_dice(5, True), "at most 4 dice"),
    (lambda: odds.androgeus_kill_probability_dice(-1, True), "-1 dice against Androgeus"),
    (lambda: odds.androgeus_kill_probability_dice(500, True, allow_beyond_rules=True),
     "at most 200"),
    (lambda: odds.arachne_vp_distribution(0), "1 or more"),
    (lambda: odds.arachne_vp_distribution(18), "Combat 18 is more than any force"),
    (lambda: odds.arachne_vp_distribution(500, allow_beyond_rules=True), "at most 200"),
    (lambda: odds.androgeus_table(10**6), "more than any force of the game has (at most 17"),
    (lambda: odds.monster_return_fire("Juggernaut"), "no odds for 'Juggernaut'"),
    (lambda: odds.combat_odds(["Storm Warrior"] * 201, "Arachne Solara",
                              allow_beyond_rules=True), "rolls 201 dice"),
])
def test_what_the_game_cannot_have_is_refused_naming_the_limit(call, words):
    with pytest.raises(ValueError) as refused:
        call()
    assert words in str(refused.value)


def test_the_largest_force_is_read_from_the_counters():
    assert odds.largest_force_combat(GAME.data()) == 17  # Sea's 15 Combat + the Dragonewts' 2
    bigger = load({"empires.elder_races.Dragonewt Allies.count": 2})
    assert odds.largest_force_combat(bigger) == 19
    assert odds.arachne_vp_distribution(18, bigger).mean() * 6 == 18


def test_every_counter_of_an_empire_is_a_force_the_game_has():
    data = GAME.data()
    for empire in data.empires.values():
        force = [u for u in empire.units for _ in range(data.unit_types[u].count)]
        assert odds.force_problem(data, [*force, "Dragonewt Allies"]) is None


@pytest.mark.rule("GW-AND-07")
def test_beyond_the_rules_a_what_if_is_answered():
    """Without Superhero, a bigger force would kill Androgeus more often than four dice do."""
    within = odds.androgeus_kill_probability_dice(4, True)
    beyond = odds.androgeus_kill_probability_dice(7, True, allow_beyond_rules=True)
    assert beyond > within
    mixed = odds.combat_odds(["Storm King", "Sea Lord"], "Androgeus", allow_beyond_rules=True)
    assert mixed.dice_rolled[0] == 4  # the card's cap still applies to a force of pieces
    assert len(odds.arachne_table(SEVEN_WARRIORS, allow_beyond_rules=True)) == 8


def test_the_command_line_refuses_and_allows_the_same(capsys):
    assert main(["odds", "gods_war", "--monster", "Arachne Solara", "--attackers",
                 *SEVEN_WARRIORS]) == 2
    err = capsys.readouterr().err
    assert "7 Storm Warrior in one force: the game has 6" in err and "Traceback" not in err
    assert main(["odds", "gods_war", "--monster", "Arachne Solara", "--beyond-rules",
                 "--attackers", *SEVEN_WARRIORS]) == 0
    assert "vp_gained" in capsys.readouterr().out
    assert main(["odds", "gods_war", "--attackers", "Storm King", "Tank"]) == 2
    assert "unknown piece 'Tank'" in capsys.readouterr().err


def test_the_command_lines_options_their_defaults_and_choices():
    parser = argparse.ArgumentParser()
    odds.add_arguments(parser)
    args = parser.parse_args([])
    assert (args.monster, args.attackers, args.beyond_rules) == (
        "Androgeus", ["Storm King", "Storm Warrior"], False)
    for monster in ("Androgeus", "Arachne Solara"):
        assert parser.parse_args(["--monster", monster]).monster == monster
    with pytest.raises(SystemExit):
        parser.parse_args(["--monster", "Leviathan"])
    text = " ".join(parser.format_help().split())
    assert "the attacking pieces of one empire (Elder Races may join)" in text
    assert ("answer a what-if the game cannot have (pieces of two empires, more counters than the "
            "game has, more dice than Superhero allows)") in text


def test_the_androgeus_table_starts_at_combat_one_and_may_go_beyond_the_rules():
    table = odds.androgeus_table(3)
    assert list(table.attacking_combat) == [1, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError, match="more than any force of the game has"):
        odds.androgeus_table(18)
    assert len(odds.androgeus_table(18, allow_beyond_rules=True)) == 36


def test_the_odds_read_the_data_they_are_given():
    """Two dice per point of Combat and 2 VP per kill (overridden data) change every table."""
    data = load({"battle.procedure.dice_per_combat": 2,
                 "monsters.cards.Arachne Solara.abilities[0].vp_per_kill": 2})
    row = odds.combat_odds(["Storm Champion", "Storm Warrior"], data=data).iloc[0].to_dict()
    p = odds.androgeus_kill_probability_dice(4, True, data)
    assert row == {"attackers": "Storm Champion, Storm Warrior", "dice_rolled": 4,
                   "hero_or_greater_god": True, "p_kill_androgeus": float(p), "exact": str(p)}
    assert p != odds.androgeus_kill_probability_dice(3, True)
    assert odds.androgeus_kill_probability(["Storm Champion", "Storm Warrior"], data) == p
    table = odds.androgeus_table(2, data)
    assert list(table.columns) == ["attacking_combat", "dice_rolled", "hero_or_greater_god",
                                   "p_kill", "exact"]
    assert list(table.dice_rolled) == [2, 2, 4, 4] and table.exact.iloc[2] == str(p)
    vp = odds.combat_odds(["Storm Warrior"], "Arachne Solara", data)
    assert list(vp.vp_gained) == [0, 2, 4]  # two dice, 2 VP per kill
    assert list(odds.arachne_table(1, data).vp_gained) == [0, 2, 4]
    assert max(odds.arachne_vp_distribution(3, data).outcomes) == 12
    assert list(odds.monster_return_fire("Androgeus").columns)[0] == "kills_routs"


def test_the_combat_bounds_are_exact():
    odds.check_combat(odds.default_data(), 17)  # the largest force of the game
    for bad in (True, 1.5, 0):
        with pytest.raises(ValueError, match="whole number of 1 or more"):
            odds.check_combat(odds.default_data(), bad)
    odds.check_combat(odds.default_data(), 200, allow_beyond_rules=True)
    with pytest.raises(ValueError, match="^gods_war odds: Combat 201 rolls 201 dice; exact odds are "
                       "computed for at most 200$"):
        odds.check_combat(odds.default_data(), 201, allow_beyond_rules=True)
    two = load({"battle.procedure.dice_per_combat": 2})
    odds.check_combat(two, 100, allow_beyond_rules=True)
    with pytest.raises(ValueError, match="Combat 101 rolls 202 dice"):
        odds.check_combat(two, 101, allow_beyond_rules=True)


def test_the_command_line_without_the_flag_stays_within_the_rules():
    args = argparse.Namespace(attackers=SEVEN_WARRIORS, monster="Androgeus")
    with pytest.raises(ValueError):
        odds.from_args(args)
    assert list(odds.combat_odds(["Storm King"]).columns)[-2] == "p_kill_androgeus"

"""Odds of a fight the game cannot have are refused naming the limit (issue 15); a what-if beyond
the rules is asked for explicitly (``allow_beyond_rules=True``, CLI ``--beyond-rules``)."""

from __future__ import annotations

import pytest

from rules_lib.cli import main
from rules_lib.games.zombies_giants import GAME
from rules_lib.games.zombies_giants.odds import combat_odds, fight_odds, odds_grid

#: (what is asked, keyword arguments of fight_odds, what the refusal must say)
BEYOND_THE_RULES = [
    ("three zombies on a square", {"zombies": 3},
     "at most 2 zombies can occupy a space (rules.combat.max_zombies_per_square)"),
    ("500 hearts", {"hearts": 500}, "500 hearts: a Normal Survivor holds at most 3"),
    ("a Normal with 4 hearts", {"hearts": 4}, "a Normal Survivor holds at most 3 (Body Armour"),
    ("armour beyond its last stage", {"hearts": 7, "armour": True},
     "a Normal Survivor holds at most 6 with the best Body Armour"),
    ("a Big with more than its Game Start hearts", {"size": "Big", "hearts": 17, "armour": True},
     "a Big Survivor holds at most 14"),
    ("a reserve beyond a Normal's", {"reserve": 3},
     "3 reserve hearts: a Normal Survivor holds at most 2"),
    ("more helpers than players", {"helpers": ("Normal", "Big")},
     "at most 1 other Survivor(s)"),
    ("a helper's bullets without a helper", {"helper_bullets": 1},
     "each of the 0 helper(s) may add one"),
    ("a Normal carrying", {"carried_bullets": 1}, "a Normal's stand carries at most 0"),
    ("weapons the deck has not", {"weapons": 4}, "the deck's weapons give at most +3"),
    ("zombies wounded to death", {"zombies": 1, "zombie_damage": 4},
     "1 zombie(s) of 4 HP carry at most 3 damage"),
]


@pytest.mark.parametrize("what,kw,message", BEYOND_THE_RULES, ids=[c[0] for c in BEYOND_THE_RULES])
def test_a_fight_beyond_the_rules_is_refused_naming_the_limit(what, kw, message):
    kw = {"size": "Normal", "hearts": 3, **kw}
    with pytest.raises(ValueError) as err:
        fight_odds(**kw)
    assert message in str(err.value) and "--beyond-rules" in str(err.value), str(err.value)
    if kw["hearts"] > 100:  # too big even as a what-if: the cap is named
        with pytest.raises(ValueError, match="at most 100 even beyond the rules"):
            fight_odds(**kw, allow_beyond_rules=True)
        return
    beyond = fight_odds(**kw, allow_beyond_rules=True)  # asked for explicitly: answered
    assert 0 <= beyond.p_win <= 1


#: (what is asked, keyword arguments, what the refusal must say): never answered
NONSENSE = [
    ("text for hearts", {"hearts": "3"}, "hearts must be a whole number, found '3'"),
    ("a fraction of a bullet", {"bullets": 1.5}, "bullets must be a whole number"),
    ("true for zombies", {"zombies": True}, "zombies must be a whole number"),
    ("negative hearts", {"hearts": -1}, "hearts cannot be negative"),
    ("negative reserve", {"reserve": -1}, "reserve cannot be negative"),
    ("negative helpers' bullets", {"spender_bullets": (-2,)}, "bullets cannot be negative"),
    ("no zombie", {"zombies": 0}, "a fight needs at least one zombie"),
    ("no hearts", {"hearts": 0}, "a Survivor with no hearts cannot fight"),
    ("two half counters", {"half_hearts": 2}, "half_hearts = 2"),
    ("an unknown size", {"size": "Tiny"}, "unknown Survivor size 'Tiny'"),
    ("an unknown helper", {"helpers": ("Tiny",)}, "unknown Survivor size 'Tiny'"),
    ("an unknown variant", {"variants": ("cheats",)}, "unknown variant(s) cheats"),
    ("an unknown bullet policy", {"bullet_policy": "sometimes"}, "unknown bullet policy"),
    ("an unknown mode", {"mode": "slow"}, "unknown mode 'slow'"),
    ("more zombies than any chain", {"zombies": 7, "allow_beyond_rules": True},
     "zombies = 7: at most 6 even beyond the rules"),
    ("a thousand hearts", {"hearts": 1000, "allow_beyond_rules": True},
     "hearts = 1000: at most 100 even beyond the rules"),
]


@pytest.mark.parametrize("what,kw,message", NONSENSE, ids=[c[0] for c in NONSENSE])
def test_a_question_that_is_no_fight_is_refused_even_beyond_the_rules(what, kw, message):
    kw = {"size": "Normal", "hearts": 3, **kw}
    with pytest.raises(ValueError, match=None) as err:
        fight_odds(**kw)
    assert message in str(err.value), str(err.value)


def test_the_registry_entry_refuses_the_same_fights():
    with pytest.raises(ValueError, match="at most 2 zombies"):
        GAME.odds.combat_odds("Normal", 3, 0, 3)
    table = combat_odds("Normal", 3, 0, 3, allow_beyond_rules=True)
    assert abs(table.probability.sum() - 1) < 1e-12


@pytest.mark.parametrize("argv,message", [
    (["--zombies", "3"], "at most 2 zombies can occupy a space"),
    (["--hearts", "500"], "500 hearts: a Normal Survivor holds at most 3"),
    (["--size", "Big", "--hearts", "40"], "a Big Survivor holds at most 8"),
    (["--hearts", "-2"], "hearts cannot be negative"),
    (["--zombies", "0"], "a fight needs at least one zombie"),
    (["--zombies", "9", "--beyond-rules"], "zombies = 9: at most 6 even beyond the rules"),
])
def test_the_odds_command_refuses_naming_the_limit(argv, message, capsys):
    assert main(["odds", "zombies_giants", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_the_odds_command_answers_a_what_if_asked_for(capsys):
    assert main(["odds", "zombies_giants", "--zombies", "3", "--beyond-rules"]) == 0
    assert "probability" in capsys.readouterr().out


def test_a_grid_marks_what_the_rules_cannot_have():
    grid = odds_grid(sizes_=("Normal",), hearts=range(2, 6), bullets=(0,), zombies=(1,))
    assert list(grid.within_rules) == [True, True, False, False]  # a Normal holds 3 hearts
    inside = odds_grid(sizes_=("Normal",), hearts=range(2, 6), bullets=(0,), zombies=(1,),
                       allow_beyond_rules=False)
    assert list(inside.hearts) == [2, 3]

"""Combat odds refuse what the game cannot have, naming the limit (issue 15), unless a what-if
beyond the rules is asked for (``allow_beyond_rules=True``, CLI ``--beyond-rules``); even then
unknown names, a negative Fort and huge forces are refused, never a traceback or a hang."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.cli import main
from rules_lib.games.ginormopod import GAME
from rules_lib.games.ginormopod.odds import battle_odds, combat_odds, parse_units

SEVEN = ["Ant"] * 7

#: (what is asked, the question, what the message must say)
BAD_QUESTIONS = [
    ("seven Swarm units in a City", dict(attackers=SEVEN, defenders=["Infantry"]),
     "the attacker (Swarm) brings 7 units: more than the stacking limit of 6"),
    ("Humans and Fort boxes over the limit",
     dict(attackers=["Ant"], defenders=["Infantry"] * 3, fort_strength=4),
     "the defender (Human) brings 3 units and a Fort of 4 boxes: more than the stacking limit"),
    ("a Fort of strength 5", dict(attackers=["Ant"], defenders=[], fort_strength=5),
     "a Fort of strength 5: the strongest Fort of the map has 4 boxes"),
    ("a Fort of strength -1", dict(attackers=["Ant"], defenders=["Infantry"], fort_strength=-1),
     "a Fort of strength -1: a Fort has 0 or more boxes"),
    ("a Fort of strength 100", dict(attackers=["Ant"], defenders=["Infantry"], fort_strength=100),
     "a Fort of strength 100"),
    ("a fractional Fort", dict(attackers=["Ant"], defenders=["Infantry"], fort_strength=2.5),
     "the Fort's strength must be a whole number, found 2.5"),
    ("no attacker", dict(attackers=[], defenders=["Infantry"]), "the attacker has no units"),
    ("no defender and no Fort", dict(attackers=["Ant"], defenders=[]),
     "the defender has no units and no Fort"),
    ("a Human unit with the Swarm", dict(attackers=["Ant", "Tank"], defenders=["Infantry"]),
     "attacker unit 'Tank' is a Human unit, not Swarm"),
    ("a Swarm unit with the Humans", dict(attackers=["Ant"], defenders=["Worm"]),
     "defender unit 'Worm' is a Swarm unit, not Human"),
    ("a reduced Guard", dict(attackers=["Ant"], defenders=["Guard/r"]),
     "a Guard has no reduced side"),
    ("a Human FX for the Swarm", dict(attackers=["Ant"], defenders=["Infantry"],
                                      attacker_fx="Drone"),
     "attacker FX 'Drone' is a Human FX: the Swarm cannot use it"),
    ("an unknown FX", dict(attackers=["Ant"], defenders=["Infantry"], defender_fx="Death Ray"),
     "unknown defender FX 'Death Ray'"),
    ("an unknown unit", dict(attackers=["Mantis"], defenders=["Infantry"]),
     "unknown unit type 'Mantis'"),
    ("a side of no one", dict(attackers=["Ant"], defenders=["Infantry"], attacker_side="Aliens"),
     "attacker side 'Aliens' is not a side"),
    ("a Barrage without a Fort", dict(attackers=["Ant"], defenders=["Infantry"], barrage=True),
     "a Barrage is the Fort's"),
    ("an unknown mark", dict(attackers=["Ant/x"], defenders=["Infantry"]), "unknown mark /x"),
    ("an army beyond any what-if", dict(attackers=["Ant"] * 41, defenders=["Infantry"],
                                        allow_beyond_rules=True),
     "the attacker brings 41 units: at most 40 even beyond the rules"),
    ("a negative Fort beyond the rules", dict(attackers=["Ant"], defenders=["Infantry"],
                                              fort_strength=-1, allow_beyond_rules=True),
     "a Fort of strength -1"),
]


@pytest.mark.rule("GIN-STACK-01", "GIN-STACK-02")
@pytest.mark.parametrize("what,question,message", BAD_QUESTIONS,
                         ids=[c[0] for c in BAD_QUESTIONS])
def test_a_combat_the_game_cannot_have_is_refused_naming_the_limit(what, question, message):
    with pytest.raises(ValueError) as err:
        combat_odds(**question)
    assert message in str(err.value), f"{what}: {err.value}"


def test_beyond_the_rules_a_what_if_is_answered():
    odds = battle_odds(parse_units("7xAnt"), parse_units("Infantry"), allow_beyond_rules=True)
    assert odds.p_overrun == 1
    odds = battle_odds(parse_units("Ant"), parse_units("3xInfantry"), fort_strength=6,
                       allow_beyond_rules=True)
    assert 0 < odds.p_attacker_wiped <= 1


def test_the_limits_are_the_data():
    """The stacking limit and the strongest Fort come from the map (a designer's change
    moves them)."""
    data = GAME.data({"map:stacking.per_side": 8})
    battle_odds(parse_units("7xAnt"), parse_units("Infantry"), data=data)  # accepted now
    with pytest.raises(ValueError, match="stacking limit of 8"):
        battle_odds(parse_units("9xAnt"), parse_units("Infantry"), data=data)


def test_a_count_too_large_to_build_is_refused_before_building_it():
    with pytest.raises(ValueError, match="at most 40 a side"):
        parse_units("1000000000xAnt")


BAD_COMMAND_LINES = [
    (["--attacker", "7xAnt", "--defender", "Infantry"], "stacking limit of 6"),
    (["--attacker", "Ant", "--defender", "Infantry", "--fort", "9"], "strongest Fort"),
    (["--attacker", "Ant", "--defender", "Infantry", "--fort", "-1"], "strength -1"),
    (["--attacker", "Mantis", "--defender", "Infantry"], "Mantis"),
    (["--attacker", "99999999999xAnt", "--defender", "Infantry"], "at most 40"),
    (["--attacker", "Ant", "--defender", "Infantry", "--attacker-fx", "Drone"], "Drone"),
    (["--attacker", "", "--defender", "Infantry"], "no units"),
]


@pytest.mark.parametrize("argv,named", BAD_COMMAND_LINES,
                         ids=[" ".join(a)[:50] for a, _ in BAD_COMMAND_LINES])
def test_the_command_line_refuses_it_with_a_message(argv, named, capsys):
    assert main(["odds", "ginormopod", *argv]) == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err


def test_the_command_line_asks_beyond_the_rules(capsys):
    assert main(["odds", "ginormopod", "--attacker", "7xAnt", "--defender", "Infantry",
                 "--beyond-rules"]) == 0
    assert "P(overrun)" in capsys.readouterr().out


UNITS = st.sampled_from(["Ant", "Spider/r", "Worm", "Tank", "Infantry/r", "Guard", "Guard/blank",
                         "Guard/r", "Mantis", "Ant/q", "", "3xAnt", "0xTank"])


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(att=st.lists(UNITS, max_size=8), dfn=st.lists(UNITS, max_size=8),
       side=st.sampled_from(["Swarm", "Human", "Nobody"]), fort=st.integers(-2, 8),
       fx=st.sampled_from(["", "Wasp", "Drone", "Nuclear", "nope"]), barrage=st.booleans(),
       beyond=st.booleans())
def test_any_question_is_answered_or_refused_with_a_value_error(att, dfn, side, fort, fx, barrage,
                                                               beyond):
    try:
        odds = battle_odds(parse_units(",".join(att)), parse_units(",".join(dfn)),
                           attacker_side=side, fort_strength=fort, attacker_fx=fx,
                           barrage=barrage, allow_beyond_rules=beyond)
    except ValueError as exc:
        assert str(exc)
        return
    for p in (odds.p_attacker_retreats, odds.p_defender_retreats, odds.p_overrun,
              odds.p_attacker_wiped, odds.p_defender_wiped):
        assert 0 <= p <= 1

"""Combat odds in the cases the brute-force comparison does not reach: an Overrun's every figure, a
Barrage from either side (only the Fort rolls; the Swarm fires back only with the Wasp), the
variants that change the dice or the Retreat, the tables' rows and columns, the command line's
arguments, and a City on the map read as a what-if."""
from __future__ import annotations

import argparse
from fractions import Fraction

import pytest

from rules_lib.core.dice import Dist
from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import resolve_battle, steps, suffered, volley
from rules_lib.games.ginormopod.data import load_game_data
from rules_lib.games.ginormopod.odds import (
    add_odds_arguments,
    battle_odds,
    odds_from_args,
    odds_from_selection,
    parse_fighter,
    parse_units,
)
from rules_lib.games.ginormopod.odds_limits import MOST_UNITS
from rules_lib.games.ginormopod.volley import Fighter

from .conftest import Table


def hits_of(data, fighters, fort=0, own_fx="", enemy_fx="", reduced_doubles=False):
    """Hits suffered by the enemy of these fighters, from the game's own Volley."""
    v = volley(data, fighters, fort_strength=fort, own_fx=own_fx, enemy_fx=enemy_fx,
               reduced_doubles=reduced_doubles)
    return v.dist().map(lambda h: suffered(data, h, enemy_fx))


@pytest.mark.rule("GIN-OVRN-01", "GIN-OVRN-02")
@pytest.mark.parametrize("fort,variants", [(0, ()), (2, ("overrun_ignores_fort_boxes",))])
def test_an_overrun_is_certain_and_costs_the_defender_its_unit_only(data, fort, variants):
    odds = battle_odds(parse_units("5xAnt"), parse_units("Tank"), fort_strength=fort,
                       variants=variants, data=data)
    assert odds.hits_on_attacker == odds.hits_on_defender == Dist.point(0)
    assert (odds.p_attacker_retreats, odds.p_defender_retreats, odds.p_overrun) == (0, 0, 1)
    assert odds.p_attacker_wiped == 0 and odds.expected_attacker_losses == 0
    assert odds.p_defender_wiped == (1 if not fort else 0)  # the Fort itself stays
    assert odds.expected_defender_losses == steps(data, parse_units("Tank")) == 2


@pytest.mark.rule("GIN-OVRN-01", "GIN-OVRN-02")
def test_an_overrun_of_two_units_costs_the_defender_both_as_in_the_game():
    """With data that lets five units overrun two (a designer's table), the game eliminates both
    victims; the odds count the steps of both (they counted the first one only)."""
    data = load_game_data({"tables:overrun.max_enemy": 2})
    odds = battle_odds(parse_units("6xAnt"), parse_units("Tank,Infantry"), data=data)
    assert odds.p_overrun == 1
    assert odds.expected_defender_losses == steps(data, parse_units("Tank,Infantry")) == 4
    table = Table(data)
    s = table.place("Minneapolis", "Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1", "Ant Z2",
                    "Tank A1", "Infantry A1")
    drive(resolve_battle(s, table.ctx([]), table.activation("Swarm", "X"), "Minneapolis"))
    assert table.where("Tank A1") == table.where("Infantry A1") == "eliminated"


@pytest.mark.rule("GIN-FORT-01", "GIN-FORT-10")
@pytest.mark.parametrize("fx,fires", [("", False), ("Wasp", True)])
def test_in_a_barrage_only_the_fort_rolls_and_the_swarm_fires_back_only_with_the_wasp(data, fx,
                                                                                        fires):
    ants = parse_units("2xAnt")
    odds = battle_odds(parse_units("Tank,Infantry"), ants, attacker_side="Human",
                       fort_strength=3, attacker_fx="Laser Tower", defender_fx=fx, barrage=True,
                       data=data)  # the Humans' FX adds no dice to a Barrage
    assert odds.hits_on_defender == hits_of(data, [], fort=3, enemy_fx=fx)
    assert odds.hits_on_attacker == (hits_of(data, ants, own_fx=fx) if fires else Dist.point(0))
    assert odds.p_attacker_retreats == odds.p_defender_retreats == 0  # no Retreat after one
    swarm = battle_odds(ants, parse_units("Tank"), attacker_side="Swarm", fort_strength=3,
                        attacker_fx=fx, defender_fx="Laser Tower", barrage=True, data=data)
    assert swarm.hits_on_attacker == hits_of(data, [], fort=3, enemy_fx=fx)
    assert swarm.hits_on_defender == (hits_of(data, ants, own_fx=fx) if fires
                                      else Dist.point(0))


@pytest.mark.rule("GIN-COMB-05")
def test_each_side_s_fx_acts_on_the_other_side_s_dice(data):
    swarm, humans = parse_units("Ant,Spider"), parse_units("Infantry,Tank")
    winter = "Canadian Kingdom FX"  # the Swarm's dice need one pip more
    odds = battle_odds(swarm, humans, attacker_fx="Pill Bug", defender_fx=winter, data=data)
    assert odds.hits_on_defender == hits_of(data, swarm, own_fx="Pill Bug", enemy_fx=winter)
    assert odds.hits_on_defender != hits_of(data, swarm, own_fx="Pill Bug")
    assert odds.hits_on_attacker == hits_of(data, humans, own_fx=winter, enemy_fx="Pill Bug")
    back = battle_odds(humans, swarm, attacker_side="Human", attacker_fx=winter, data=data)
    assert back.hits_on_defender == hits_of(data, humans, own_fx=winter)
    assert back.hits_on_attacker == hits_of(data, swarm, enemy_fx=winter)
    assert back.hits_on_attacker != hits_of(data, swarm)


@pytest.mark.rule("GIN-TANK-02")
def test_under_the_variant_a_reduced_tank_s_doubles_count(data):
    tank, ant = parse_units("Tank/r"), parse_units("Spider,Ant")
    plain = battle_odds(tank, ant, attacker_side="Human", data=data)
    dbl = battle_odds(tank, ant, attacker_side="Human", variants=("reduced_tank_doubles",),
                      data=data)
    assert plain.hits_on_defender == hits_of(data, tank)
    assert dbl.hits_on_defender == hits_of(data, tank, reduced_doubles=True)
    assert dbl.hits_on_defender != plain.hits_on_defender
    back = battle_odds(ant, tank, attacker_side="Swarm", variants=("reduced_tank_doubles",),
                       data=data)
    assert back.hits_on_attacker == hits_of(data, tank, reduced_doubles=True)


def _retreats_not_counting_fort_hits(odds, unit_a, unit_d, fort_a, fort_d, human_att):
    """P(attacker retreats), P(defender retreats) outcome by outcome, the Fort side's hits on its
    boxes left out of the comparison (the units' hits count, GIN-RETR-01's rule otherwise)."""
    ra = rd = Fraction(0)
    for ha, pa in odds.hits_on_attacker.items():
        for hd, pd in odds.hits_on_defender.items():
            sa = min(ha, unit_a) if human_att else ha
            sd = hd if human_att else min(hd, unit_d)
            loser = "acting" if sa >= sd else "enemy"
            winner_left = hd < unit_d + fort_d if loser == "acting" else ha < unit_a + fort_a
            if not winner_left:
                continue
            if loser == "acting" and ha < unit_a:
                ra += pa * pd
            elif loser == "enemy" and hd < unit_d:
                rd += pa * pd
    return ra, rd


@pytest.mark.rule("GIN-RETR-01", "GIN-FORT-02")
@pytest.mark.parametrize("side", ["Swarm", "Human"])
def test_the_fort_hits_variant_leaves_hits_on_the_fort_out_of_the_retreat_count(data, side):
    swarm, humans = parse_units("Ant,Spider"), parse_units("Infantry")
    att, dfn = (swarm, humans) if side == "Swarm" else (humans, swarm)
    plain = battle_odds(att, dfn, attacker_side=side, fort_strength=2, data=data)
    odd = battle_odds(att, dfn, attacker_side=side, fort_strength=2, data=data,
                      variants=("fort_hits_not_counted_for_retreat",))
    human_att = side == "Human"
    unit_a, unit_d = steps(data, att), steps(data, dfn)
    fort_a, fort_d = (2, 0) if human_att else (0, 2)
    assert (odd.p_attacker_retreats, odd.p_defender_retreats) == \
        _retreats_not_counting_fort_hits(odd, unit_a, unit_d, fort_a, fort_d, human_att)
    assert (plain.p_attacker_retreats, plain.p_defender_retreats) != (
        odd.p_attacker_retreats, odd.p_defender_retreats)
    assert odd.hits_on_attacker == plain.hits_on_attacker
    assert odd.p_attacker_wiped == plain.p_attacker_wiped


@pytest.mark.rule("GIN-FORT-01", "GIN-FORT-02")
def test_a_human_attacker_s_fort_boxes_count_in_its_steps(data):
    odds = battle_odds(parse_units("Infantry"), parse_units("Ant"), attacker_side="Human",
                       fort_strength=2, data=data)
    cap = steps(data, parse_units("Infantry")) + 2  # 2 + 2 boxes
    assert odds.p_attacker_wiped == odds.hits_on_attacker.at_least(cap)
    assert odds.expected_attacker_losses == odds.hits_on_attacker.map(
        lambda h: min(h, cap)).mean()
    only_fort = battle_odds([], parse_units("Ant"), attacker_side="Human", fort_strength=3,
                            barrage=True, data=data)
    assert only_fort.p_attacker_wiped == 0  # three boxes, and the Ant cannot fire back
    cap_d = steps(data, parse_units("Ant"))
    assert 0 < odds.p_defender_wiped == odds.hits_on_defender.at_least(cap_d) < 1


def test_beyond_the_rules_a_side_with_nothing_to_lose_is_wiped_out(data):
    none_att = battle_odds([], parse_units("Ant"), allow_beyond_rules=True, data=data)
    none_def = battle_odds(parse_units("Ant"), [], allow_beyond_rules=True, data=data)
    assert none_att.p_attacker_wiped == 1 and none_def.p_defender_wiped == 1


def test_the_tables_name_every_measure_and_every_number_of_hits(data):
    odds = battle_odds(parse_units("Ant"), parse_units("Infantry/r"), data=data)
    assert list(odds.summary()["measure"]) == [
        "P(attacker retreats)", "P(defender retreats)", "P(overrun)", "P(attacker wiped out)",
        "P(defender wiped out)", "E[hits on attacker]", "E[hits on defender]",
        "E[attacker steps lost]", "E[defender steps lost]"]
    hits = odds.hits()
    assert list(hits.columns) == ["hits", "P(attacker suffers)", "P(defender suffers)"]
    top = max(*odds.hits_on_attacker.outcomes, *odds.hits_on_defender.outcomes)
    assert list(hits["hits"]) == list(range(top + 1))
    assert list(hits["P(defender suffers)"]) == [float(odds.hits_on_defender.p(h))
                                                 for h in range(top + 1)]


def _args(*argv):
    parser = argparse.ArgumentParser()
    add_odds_arguments(parser)
    return parser.parse_args(list(argv))


def test_the_command_line_arguments_reach_the_odds(data):
    args = _args("--attacker", "Tank,Infantry", "--defender", "2xAnt", "--attacker-side",
                 "Human", "--fort", "3", "--defender-fx", "Wasp", "--barrage")
    assert (args.attacker_side, args.fort, args.attacker_fx, args.barrage, args.hits) == (
        "Human", 3, "", True, False)
    assert _args("--attacker", "Ant", "--defender", "Tank", "--attacker-side",
                 "Swarm").defender_fx == ""
    expected = battle_odds(parse_units("Tank,Infantry"), parse_units("2xAnt"),
                           attacker_side="Human", fort_strength=3, defender_fx="Wasp",
                           barrage=True, data=data)
    assert odds_from_args(args).equals(expected.summary())
    args = _args("--attacker", "Ant", "--defender", "Infantry", "--attacker-fx", "Pill Bug",
                 "--defender-fx", "Drone", "--hits")
    assert (args.attacker_side, args.fort, args.beyond_rules) == ("Swarm", 0, False)
    expected = battle_odds(parse_units("Ant"), parse_units("Infantry"), attacker_fx="Pill Bug",
                           defender_fx="Drone", data=data)
    assert odds_from_args(args).equals(expected.hits())
    with pytest.raises(SystemExit):
        _args("--defender", "Infantry")  # the attacker is required
    with pytest.raises(SystemExit):
        _args("--attacker", "Ant")  # and the defender
    with pytest.raises(SystemExit):
        _args("--attacker", "Ant", "--defender", "Tank", "--attacker-side", "Martians")


def test_beyond_the_rules_only_when_asked_on_the_command_line():
    big = ["--attacker", "7xAnt", "--defender", "Infantry,Tank"]
    with pytest.raises(ValueError):
        odds_from_args(_args(*big))
    assert odds_from_args(_args(*big, "--beyond-rules")) is not None
    bare = argparse.Namespace(attacker="7xAnt", defender="Infantry,Tank", attacker_side="Swarm",
                              fort=0, attacker_fx="", defender_fx="", barrage=False, hits=False)
    with pytest.raises(ValueError):  # arguments built without the flag: within the rules
        odds_from_args(bare)


def test_unit_marks_and_counts_read_as_the_counters_they_name():
    assert parse_fighter("Guard/blank") == Fighter("Guard", reduced=False, armed=False)
    assert parse_fighter("Guard") == Fighter("Guard", reduced=False, armed=True)
    assert parse_fighter("Tank/r") == Fighter("Tank", reduced=True, armed=True)
    assert len(parse_units(f"{MOST_UNITS}xAnt")) == MOST_UNITS
    with pytest.raises(ValueError) as refused:
        parse_units(f"{MOST_UNITS + 1}xAnt")
    assert str(refused.value) == (f"'{MOST_UNITS + 1}xAnt': {MOST_UNITS + 1} units; at most "
                                  f"{MOST_UNITS} a side even beyond the rules")
    with pytest.raises(ValueError) as refused:
        parse_fighter("Tank/x")
    assert str(refused.value) == ("unit 'Tank/x': unknown mark /x (known: /r for a Reduced unit, "
                                  "/blank for a Guard without die symbol)")


def test_a_city_on_the_map_reads_its_counters_as_they_are(table):
    s = table.place("Chicago", "Ant X1", "Spider X1")
    s.unit("Spider X1").reduced = True
    table.guard("Chicago", "Guard 1", armed=True)
    table.guard("Chicago", "Guard 2", armed=False)
    table.place("Chicago", "Tank A1", reduced=True)
    assert odds_from_selection(s, "Chicago") == {
        "attacker": "Ant,Spider/r", "defender": "Tank/r,Guard,Guard/blank",
        "attacker_side": "Swarm", "fort": 3}
    table.place("Des Moines", "Ant X2")
    table.place("Des Moines", "Infantry A1")
    assert odds_from_selection(s, "Des Moines")["fort"] == 0  # units and no Fort: a fight
    table.place("St Louis", "Ant Y1")
    assert odds_from_selection(s, "St Louis")["defender"] == ""  # a Fort and no unit: a fight
    table.place("Minneapolis", "Ant Y2")
    with pytest.raises(ValueError, match="no fight in Minneapolis"):
        odds_from_selection(s, "Minneapolis")
    table.place("Syracuse", "Infantry A2")
    with pytest.raises(ValueError, match="no fight in Syracuse"):
        odds_from_selection(s, "Syracuse")

"""Exact combat odds agree with brute-force enumeration of every face of every die."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_lib.games.ginormopod.combat import steps, volley
from rules_lib.games.ginormopod.fx import effect
from rules_lib.games.ginormopod.odds import battle_odds, combat_odds, parse_units

CASES = [
    # attackers, defenders, attacker side, fort, attacker fx, defender fx
    ("Ant", "Tank", "Swarm", 2, "", ""),
    ("Spider/r,Ant/r", "Infantry,Guard", "Swarm", 0, "", "Drone"),
    ("Ant", "Infantry/r,Guard/blank", "Swarm", 1, "Pill Bug", "Nuclear"),
    ("Tank,Infantry/r", "Spider/r", "Human", 1, "", "Wasp"),
    ("Worm/r,Ant/r", "Tank/r,Guard", "Swarm", 0, "Tectonic Telekinesis", "Latin Coalition FX"),
]


def brute_force(data, att, dfn, side, fort, fx_a, fx_d):
    """Enumerate every face combination; apply the rulebook's Retreat rule in plain steps."""
    human_att = side == "Human"
    v_a = volley(data, att, fort_strength=fort if human_att else 0, own_fx=fx_a, enemy_fx=fx_d)
    v_d = volley(data, dfn, fort_strength=0 if human_att else fort, own_fx=fx_d, enemy_fx=fx_a)
    defs = [(v, d) for v in (v_a, v_d) for d in (*v.pool.dice, *v.doubles)]
    sides = [s for _, d in defs for s in d.die_sides]
    cap_a = steps(data, att) + (fort if human_att else 0)
    cap_d = steps(data, dfn) + (0 if human_att else fort)
    total = ra = rd = 0
    hist_a: dict[int, int] = {}
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        i, score = 0, {id(v_a): v_a.auto_hits, id(v_d): v_d.auto_hits}
        for v, d in defs:
            n = len(d.die_sides)
            score[id(v)] += d.evaluate(faces[i:i + n])
            i += n
        on_d = max(0, score[id(v_a)] - effect(data, fx_d, "cancel_hits"))
        on_a = max(0, score[id(v_d)] - effect(data, fx_a, "cancel_hits"))
        hist_a[on_a] = hist_a.get(on_a, 0) + 1
        total += 1
        loser = "a" if on_a >= on_d else "d"  # more hits retreats, the acting side on a tie
        winner_left = (on_d < cap_d) if loser == "a" else (on_a < cap_a)
        if not winner_left:
            continue
        if loser == "a" and on_a < steps(data, att):
            ra += 1
        if loser == "d" and on_d < steps(data, dfn):
            rd += 1
    hist = {h: Fraction(c, total) for h, c in hist_a.items()}
    return Fraction(ra, total), Fraction(rd, total), hist


# No rule markers here: these tests check the odds calculator against enumeration (both built on
# the game's dice definitions); the rules themselves are tested through resolve_battle in
# test_ginormopod_combat.py and test_ginormopod_fort.py.
@pytest.mark.parametrize("att,dfn,side,fort,fx_a,fx_d", CASES)
def test_exact_odds_match_brute_force(data, att, dfn, side, fort, fx_a, fx_d):
    a, d = parse_units(att), parse_units(dfn)
    odds = battle_odds(a, d, attacker_side=side, fort_strength=fort, attacker_fx=fx_a,
                       defender_fx=fx_d, data=data)
    ra, rd, hist_a = brute_force(data, a, d, side, fort, fx_a, fx_d)
    assert odds.p_attacker_retreats == ra and odds.p_defender_retreats == rd
    assert dict(odds.hits_on_attacker.items()) == hist_a


def test_five_against_one_is_a_certain_overrun(data):
    odds = battle_odds(parse_units("5xAnt"), parse_units("Infantry"), data=data)
    assert odds.p_overrun == 1 and odds.hits_on_attacker.mean() == 0
    fort = battle_odds(parse_units("5xAnt"), parse_units("Infantry"), fort_strength=2, data=data)
    assert fort.p_overrun == 0


def test_odds_tables_are_dataframes_with_float_and_exact_columns():
    frame = combat_odds(["Ant", "Ant", "Spider"], ["Infantry", "Tank", "Guard"], fort_strength=3)
    assert list(frame.columns) == ["measure", "value", "exact"]
    row = frame.set_index("measure").loc["P(attacker retreats)"]
    assert 0 < row["value"] < 1 and "/" in row["exact"]
    hits = frame.attrs["hits"]
    assert abs(hits["P(attacker suffers)"].sum() - 1) < 1e-12


def test_barrage_odds_no_return_fire_without_the_wasp(data):
    odds = battle_odds([], parse_units("Ant"), attacker_side="Human", fort_strength=3,
                       barrage=True, data=data)
    assert odds.hits_on_attacker.mean() == 0
    wasp = battle_odds([], parse_units("Ant"), attacker_side="Human", fort_strength=3,
                       barrage=True, defender_fx="Wasp", data=data)
    assert wasp.hits_on_attacker.mean() > 0


def test_unknown_unit_types_are_named():
    with pytest.raises(ValueError, match="Mantis"):
        combat_odds(["Mantis"], ["Infantry"])


def test_odds_from_the_command_line(capsys):
    from rules_lib.cli import main

    assert main(["odds", "ginormopod", "--attacker", "2xAnt,Spider", "--defender",
                 "Infantry,Tank", "--fort", "3"]) == 0
    assert "P(defender retreats)" in capsys.readouterr().out

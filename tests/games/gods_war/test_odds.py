"""Exact odds against the Cosmic Monsters, checked against brute-force enumeration of the faces."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rules_lib.games.gods_war import androgeus, odds
from rules_lib.games.gods_war.battle import BattleDice, battle_dice, resolve_battle


@pytest.mark.parametrize("n", range(6))
def test_battle_dice_closed_form_equals_enumeration(gw, n):
    d = battle_dice(gw.data, n)
    assert d.compute_dist() == d.enumerate_dist()


def test_battle_dice_read_faces_from_data(gw):
    d = BattleDice(3, ("kill",) * 6)
    assert d.dist().p((3, 0)) == 1
    assert battle_dice(gw.data, 1).dist().p((1, 0)) == Fraction(1, 6)
    assert battle_dice(gw.data, 1).dist().p((0, 1)) == Fraction(2, 6)


def test_p_kill_androgeus_with_one_die_matches_joint_brute_force(gw):
    """Every face of 1 attacker die x 6 Androgeus dice (6^7 combinations), through evaluate()."""
    mine, his = battle_dice(gw.data, 1), battle_dice(gw.data, 6)
    hits = total = 0
    for faces in itertools.product(range(1, 7), repeat=7):
        a, b = mine.evaluate(faces[:1]), his.evaluate(faces[1:])
        hits += androgeus.kill_condition(gw.data, True, a[0], b[0])
        total += 1
    assert odds.androgeus_kill_probability_dice(1, True) == Fraction(hits, total)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_p_kill_androgeus_matches_enumeration_of_each_side(gw, n):
    mine = battle_dice(gw.data, n).enumerate_dist()
    his = battle_dice(gw.data, 6).enumerate_dist()
    expected = mine.prob(lambda kr: kr[0] >= 1) * his.prob(lambda kr: kr[0] >= 1)
    assert odds.androgeus_kill_probability_dice(n, True) == expected
    assert expected == (1 - Fraction(5, 6) ** n) * (1 - Fraction(5, 6) ** 6)


def test_the_dice_cap_makes_more_combat_than_four_worthless(gw):
    four = odds.androgeus_kill_probability(["Storm Champion", "Storm Warrior", "Storm Warrior"])
    seven = odds.androgeus_kill_probability(["Storm King", "Storm Champion", "Storm Warrior",
                                             "Storm Warrior"])
    assert odds.attack_dice(gw.data, ["Storm King", "Storm Champion", "Storm Warrior",
                                      "Storm Warrior"], "Androgeus") == 4
    assert four == seven == odds.androgeus_kill_probability_dice(4, True)
    table = odds.androgeus_table(10)
    assert (table.dice_rolled <= 4).all()
    assert table[table.attacking_combat >= 4].p_kill.nunique() == 2  # one per hero flag


def test_without_a_hero_the_probability_is_zero(gw):
    assert odds.androgeus_kill_probability(["Malkioni Knight", "Malkioni Knight"]) == 0
    assert odds.androgeus_kill_probability(["Malkioni Knight", "Dragonewt Allies"]) > 0


@pytest.mark.parametrize("n", [1, 3, 5])
def test_vp_against_arachne_matches_brute_force(gw, n):
    counts = {}
    faces_def = gw.data.faces
    for faces in itertools.product(range(1, 7), repeat=n):
        k = sum(faces_def[f - 1] == "kill" for f in faces)
        counts[k] = counts.get(k, 0) + 1
    dist = odds.arachne_vp_distribution(n)
    assert {k: dist.p(k) for k in counts} == {k: Fraction(c, 6 ** n) for k, c in counts.items()}
    assert dist.mean() == Fraction(n, 6)


@pytest.mark.rule("GW-AND-09", "GW-AND-10")
def test_battle_procedure_kills_androgeus_exactly_when_the_odds_condition_says(gw):
    """The game's battle and the odds read one definition: sample face combinations."""
    rng = random.Random(7)
    for _ in range(150):
        faces = [rng.randint(1, 6) for _ in range(2 + 6)]
        s = gw.state(Androgeus="Altinela")
        gw.put(s, "Storm", "Storm Champion", "Altinela")
        gw.run(resolve_battle(s, gw.ctx(faces), "Altinela", "Storm", "Androgeus"))
        a = battle_dice(gw.data, 2).evaluate(tuple(faces[:2]))
        b = battle_dice(gw.data, 6).evaluate(tuple(faces[2:]))
        assert (s.monsters["Androgeus"].status == "removed") == androgeus.kill_condition(
            gw.data, True, a[0], b[0])


@pytest.mark.rule("GW-ARA-03")
def test_battle_procedure_vp_equals_kills_for_sampled_faces(gw):
    rng = random.Random(3)
    for _ in range(100):
        faces = [rng.randint(1, 6) for _ in range(3 + 10)]
        s = gw.state(monsters=["Arachne Solara"], experienced=False, Arachne_Solara="Prax")
        gw.put(s, "Sea", "Sea Folk", "Prax", 3)
        gw.run(resolve_battle(s, gw.ctx(faces), "Prax", "Sea", "Arachne Solara"))
        assert s.empires["Sea"].vp == battle_dice(gw.data, 3).evaluate(tuple(faces[:3]))[0]


def test_frames_and_figures():
    from widgets.charts import plot_androgeus_kill, plot_arachne_vp

    t = odds.combat_odds(["Storm King", "Storm Warrior"], "Androgeus")
    assert t.loc[0, "dice_rolled"] == 4 and t.loc[0, "exact"] == str(
        odds.androgeus_kill_probability_dice(4, True))
    a = odds.combat_odds(["Sea Folk"] * 2, "Arachne Solara")
    assert list(a.vp_gained) == [0, 1, 2] and abs(a.probability.sum() - 1) < 1e-12
    assert len(plot_androgeus_kill(odds.androgeus_table()).data) == 2
    assert len(plot_arachne_vp(odds.arachne_table(6)).data[0].x) == 7
    assert odds.monster_return_fire("Arachne Solara").probability.sum() == pytest.approx(1)
    with pytest.raises(ValueError, match="Leviathan"):
        odds.combat_odds(["Sea Folk"], "Leviathan")

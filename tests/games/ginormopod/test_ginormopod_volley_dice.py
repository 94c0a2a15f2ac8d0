"""The dice each side rolls (``combat.volley``), built afresh for every test: the volleys a data
object keeps would otherwise answer from an earlier test's dice and leave the building of them
unchecked. Each test rolls scripted faces where a wrong die, threshold or modifier gives another
number of hits (or uses another number of dice)."""
from __future__ import annotations

import dataclasses

import pytest

from rules_lib.core.dice import HitDie, HitPool, ScriptedDice
from rules_lib.games.ginormopod.combat import fighter_of, volley
from rules_lib.games.ginormopod.volley import Fighter, Volley


@pytest.fixture
def fresh(data):
    """The game data with no volley kept yet: every volley a test asks for is built for it."""
    return dataclasses.replace(data, volleys={})


def roll(v, *faces):
    """(hits, faces left unused) of a volley rolled with these scripted faces."""
    dice = ScriptedDice(list(faces))
    hits, _ = v.roll(dice, "test")
    return hits, tuple(dice.remaining)


@pytest.mark.rule("GIN-COMB-04")
def test_a_fresh_unit_rolls_each_die_symbol_of_its_fresh_side(fresh):
    """A Fresh Ant's symbols hit on 3+ and 4+: a 3 and a 3 score one hit, a 3 and a 4 two."""
    assert roll(volley(fresh, [Fighter("Ant")]), 3, 3) == (1, ())
    assert roll(volley(fresh, [Fighter("Ant")]), 4, 3) == (1, ())
    assert roll(volley(fresh, [Fighter("Ant")]), 3, 4) == (2, ())


@pytest.mark.rule("GIN-COMB-04", "GIN-HITS-01")
def test_a_reduced_unit_rolls_the_symbols_of_its_reduced_side(fresh):
    """A Reduced Ant rolls one die hitting on 4+: a 3 misses and a second face stays unused."""
    assert roll(volley(fresh, [Fighter("Ant", True)]), 3, 6) == (0, (6,))
    assert roll(volley(fresh, [Fighter("Ant", True)]), 4) == (1, ())


@pytest.mark.rule("GIN-TANK-01", "GIN-TANK-02")
def test_a_fresh_tank_scores_two_hits_only_on_doubles_in_range(fresh):
    assert roll(volley(fresh, [Fighter("Tank")]), 4, 4) == (2, ())
    assert roll(volley(fresh, [Fighter("Tank")]), 4, 6) == (1, ())


@pytest.mark.rule("GIN-TANK-01", "GIN-AMB-15")
def test_a_reduced_tank_rolls_its_one_symbol_without_the_doubles_rule(fresh):
    assert roll(volley(fresh, [Fighter("Tank", True)]), 5, 5) == (1, (5,))


@pytest.mark.rule("GIN-AMB-15")
def test_the_variant_gives_a_reduced_tank_the_doubles_rule(fresh):
    assert roll(volley(fresh, [Fighter("Tank", True)], reduced_doubles=True), 5, 5) == (2, ())
    # a Fresh Tank keeps the doubles rule either way
    assert roll(volley(fresh, [Fighter("Tank")], reduced_doubles=True), 4, 4) == (2, ())


@pytest.mark.rule("GIN-NG-04", "GIN-COMB-04")
def test_an_armed_guard_rolls_its_symbol_and_a_blank_one_rolls_nothing(fresh):
    assert roll(volley(fresh, [Fighter("Guard", False, True)]), 5) == (1, ())
    assert roll(volley(fresh, [Fighter("Guard", False, False)]), 6) == (0, (6,))
    # a Guard has no Reduced side: its flag changes nothing
    assert roll(volley(fresh, [Fighter("Guard", True, True)]), 5) == (1, ())


@pytest.mark.rule("GIN-NG-01")
def test_only_a_revealed_armed_guard_is_armed_at_the_dice(table):
    s = table.state
    table.guard("Minneapolis", "Guard 1", armed=True, revealed=False)
    table.guard("Minneapolis", "Guard 2", armed=False, revealed=True)
    table.guard("Minneapolis", "Guard 3", armed=True, revealed=True)
    assert [fighter_of(s.unit(g)).armed for g in ("Guard 1", "Guard 2", "Guard 3")] == [
        False, False, True]
    assert fighter_of(s.unit("Guard 3")) == Fighter("Guard", False, True)
    s.unit("Tank A1").reduced = True
    assert fighter_of(s.unit("Tank A1")) == Fighter("Tank", True, True)


@pytest.mark.rule("GIN-COMB-05", "GIN-FX-04")
def test_an_fx_modifies_its_own_and_the_enemy_s_thresholds(fresh):
    """Wasp: the Swarm's dice hit one pip lower (Ant on 2+ and 3+); the Canadian Kingdom FX:
    the Swarm's one pip higher (4+ and 5+); both at once cancel out."""
    ant = [Fighter("Ant")]
    assert roll(volley(fresh, ant, own_fx="Wasp"), 2, 3) == (2, ())
    assert roll(volley(fresh, ant, enemy_fx="Canadian Kingdom FX"), 3, 5) == (1, ())
    assert roll(volley(fresh, ant, enemy_fx="Canadian Kingdom FX"), 4, 4) == (1, ())
    assert roll(volley(fresh, ant, own_fx="Wasp", enemy_fx="Canadian Kingdom FX"), 3, 3) == (1, ())
    assert roll(volley(fresh, ant, own_fx="Wasp", enemy_fx="Canadian Kingdom FX"), 2, 4) == (1, ())


@pytest.mark.rule("GIN-COMB-05", "GIN-TANK-02")
def test_an_fx_modifies_a_fresh_tank_s_doubles_threshold(fresh):
    """Drone: a Fresh Tank's doubles hit on 3+ instead of 4+."""
    assert roll(volley(fresh, [Fighter("Tank")], own_fx="Drone"), 3, 3) == (2, ())
    assert roll(volley(fresh, [Fighter("Tank")]), 3, 3) == (0, ())


@pytest.mark.rule("GIN-FORT-01")
def test_a_fort_rolls_one_die_per_strength_box_hitting_on_5(fresh):
    assert roll(volley(fresh, [], fort_strength=1), 5, 6) == (1, (6,))
    assert roll(volley(fresh, [], fort_strength=2), 4, 5) == (1, ())
    assert roll(volley(fresh, [], fort_strength=0), 6) == (0, (6,))


@pytest.mark.rule("GIN-FX-04")
def test_an_fx_s_extra_dice_roll_beside_the_units_dice(fresh):
    """Laser Tower: two extra dice on 5+ beside a Reduced Infantry's one die on 5+."""
    v = volley(fresh, [Fighter("Infantry", True)], own_fx="Laser Tower")
    assert roll(v, 6, 5, 4) == (2, ())
    assert roll(v, 4, 5, 5) == (2, ())
    assert roll(volley(fresh, [Fighter("Infantry", True)]), 4, 5, 5) == (0, (5, 5))


@pytest.mark.rule("GIN-FX-04")
def test_an_fx_s_automatic_hits_are_added_to_the_dice(fresh):
    assert roll(volley(fresh, [Fighter("Ant", True)], own_fx="Tectonic Telekinesis"), 4) == (3, ())
    assert roll(volley(fresh, [Fighter("Ant", True)]), 4) == (1, ())


@pytest.mark.rule("GIN-COMB-03")
def test_a_side_that_does_not_fire_rolls_nothing(fresh):
    assert roll(volley(fresh, [Fighter("Worm")], fires=False), 6) == (0, (6,))


class OffTheDie:
    """A dice source that rolls a face the die does not have (the engine's own dice refuse one:
    a Volley must still score it by the die's rule rather than fail)."""

    def __init__(self, face: int) -> None:
        self.face = face

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        return self.face

    def roll_many(self, n: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        return (self.face,) * n


@pytest.mark.rule("GIN-COMB-04", "GIN-FX-04")
def test_a_face_off_the_die_scores_by_the_die_s_own_rule_beside_the_fx_hits(fresh):
    """A 7 on a Reduced Ant's 4+ die is a hit, and Tectonic Telekinesis's two hits stay beside it."""
    v = volley(fresh, [Fighter("Ant", True)], own_fx="Tectonic Telekinesis")
    assert v.roll(OffTheDie(7), "attack") == (3, (7,))


@pytest.mark.rule("GIN-TANK-01", "GIN-TANK-02")
def test_the_dice_log_names_a_fresh_tank_s_two_dice_apart(fresh):
    dice = ScriptedDice([5, 4, 4])
    volley(fresh, [Fighter("Infantry", True), Fighter("Tank")]).roll(dice, "Human fire")
    assert dice.log == [("Human fire", 6, 5), ("Human fire (Fresh Tank)", 6, 4),
                        ("Human fire (Fresh Tank)", 6, 4)]


@pytest.mark.rule("GIN-COMB-04")
def test_a_volley_of_dice_with_different_sides_rolls_each_die_with_its_own_sides():
    """The Volley itself (the game's dice are all six-sided): a d8 and a d6 both hitting on 4+,
    rolled one by one under the volley's purpose, with an automatic hit added."""
    dice = ScriptedDice([8, 3])
    v = Volley(HitPool((HitDie(4, sides=8), HitDie(4))), auto_hits=1)
    assert v.roll(dice, "attack") == (2, (8, 3))
    assert dice.log == [("attack", 8, 8), ("attack", 6, 3)]

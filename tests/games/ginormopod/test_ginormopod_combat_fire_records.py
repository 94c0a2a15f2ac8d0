"""Both sides' dice in a Combat (``combat.fire``), entry by entry: each side's roll (rule, kind,
catalogue ids, the reasons assumed, the data the explorer reads), the Barrage's lone Fort, the FX
that changed a side's dice or cancelled its Hits, each in a position where nothing else gives the
same record."""
from __future__ import annotations

import dataclasses

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import R_COMBAT, R_FORT, resolve_battle
from rules_lib.games.ginormopod.provenance import fighters_reason, fx_reason, whys
from rules_lib.games.ginormopod.volley import Fighter

from .conftest import Table

ROLL_IDS = ("GIN-COMB-03", "GIN-COMB-04", "GIN-OVER-03", "GIN-OVER-04")
INFANTRY, ANT = Fighter("Infantry"), Fighter("Ant")


def fight(table, city, side, formation, faces, answers=(), kind="normal"):
    """The events of one Combat with these dice and answers, and the dice context."""
    ctx = table.ctx(faces)
    events = drive(resolve_battle(table.state, ctx, table.activation(side, formation), city, kind),
                   answers=list(answers))
    assert not ctx.dice.remaining, f"unused scripted dice {ctx.dice.remaining}"
    return events, ctx


def record(e):
    return e.rule, e.kind, e.ids, e.assumed, e.data


def roll_of(events, side):
    (e,) = [e for e in events if e.kind == "roll" and e.data.get("side") == side]
    return e


def hits_entry(events):
    (e,) = [e for e in events if e.kind == "combat" and "Swarm" in e.data]
    return e


def ant_against_infantry(table, city="Minneapolis", swarm_fx=(), human_fx=()):
    s = table.place(city, "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    s.fx_hand["Swarm"], s.fx_hand["Human"] = list(swarm_fx), list(human_fx)
    return s


@pytest.mark.rule("GIN-COMB-03", "GIN-COMB-04")
def test_both_sides_roll_at_once_and_each_roll_is_logged_with_its_dice(table):
    ant_against_infantry(table)
    events, ctx = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 3, 1])
    why = fighters_reason(table.data, [INFANTRY])
    assert record(roll_of(events, "Human")) == (
        R_COMBAT, "roll", ROLL_IDS, why,
        {"side": "Human", "faces": [6, 1], "hits": 1, "fighters": [INFANTRY], "fort": "",
         "fx_effect": ""})
    assert record(roll_of(events, "Swarm")) == (
        R_COMBAT, "roll", ROLL_IDS, fighters_reason(table.data, [ANT]),
        {"side": "Swarm", "faces": [3, 1], "hits": 1, "fighters": [ANT], "fx_effect": ""})
    assert record(hits_entry(events)) == (R_COMBAT, "combat", ("GIN-COMB-03",), "",
                                          {"Swarm": 1, "Human": 1})
    assert [p for p, _, _ in ctx.dice.log] == ["Human dice at Minneapolis"] * 2 + [
        "Swarm dice at Minneapolis"] * 2


@pytest.mark.rule("GIN-FORT-01", "GIN-COMB-03")
def test_the_humans_roll_at_a_fort_is_a_fort_combat_roll_naming_the_fort(table):
    ant_against_infantry(table, "Chicago")
    events, _ = fight(table, "Chicago", "Swarm", "X", [6, 1, 1, 1, 1, 1, 1])
    e = roll_of(events, "Human")
    assert (e.rule, e.ids) == (R_FORT, ROLL_IDS + ("GIN-FORT-01",))
    assert e.assumed == "; ".join([fighters_reason(table.data, [INFANTRY]),
                                   whys(table.data).forts["Chicago"]])
    assert e.data["fort"] == "Chicago" and e.data["fighters"] == [INFANTRY]


@pytest.mark.rule("GIN-FORT-10")
def test_in_a_barrage_without_the_wasp_only_the_fort_rolls(table):
    table.place("Chicago", "Ant X1", "Infantry A1")
    events, _ = fight(table, "Chicago", "Human", "A", [6, 1, 1], kind="barrage")
    assert record(roll_of(events, "Human")) == (
        R_FORT, "roll", ROLL_IDS + ("GIN-FORT-01", "GIN-FORT-10"),
        whys(table.data).forts["Chicago"],
        {"side": "Human", "faces": [6, 1, 1], "hits": 1, "fighters": [], "fort": "Chicago",
         "fx_effect": ""})
    (silent,) = [e for e in events if e.kind == "roll" and not e.data]
    assert (silent.rule, silent.ids) == (R_FORT, ("GIN-FORT-10",))


@pytest.mark.rule("GIN-FORT-10", "GIN-COMB-05")
def test_in_a_barrage_the_wasp_fires_back_and_the_humans_fx_adds_nothing_to_the_fort(table):
    """The Humans' Canadian Kingdom FX (usable in a Barrage: it gives no dice) makes the Swarm's
    dice one pip harder; the Wasp one pip easier: the Ant hits on 3+ and 4+ again."""
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    s.fx_hand["Human"], s.fx_hand["Swarm"] = ["Canadian Kingdom FX"], ["Wasp"]
    events, _ = fight(table, "Chicago", "Human", "A", [1, 1, 1, 3, 3],
                      answers=["Canadian Kingdom FX", "Wasp"], kind="barrage")
    h = roll_of(events, "Human")
    assert h.assumed == whys(table.data).forts["Chicago"] and h.data["fx_effect"] == ""
    w = roll_of(events, "Swarm")
    assert (w.rule, w.ids) == (R_COMBAT, ROLL_IDS + ("GIN-FORT-10",))
    assert w.assumed == "; ".join([fighters_reason(table.data, [ANT]),
                                   fx_reason(table.data, "Wasp"),
                                   fx_reason(table.data, "Canadian Kingdom FX")])
    assert w.data["hits"] == 1 and w.data["fx_effect"] == "Wasp"


@pytest.mark.rule("GIN-COMB-05", "GIN-FX-04")
def test_each_roll_names_only_the_fx_that_changed_those_dice(table):
    """The Drone eases the Humans' dice, the Wasp the Swarm's: neither side's roll names the
    other side's FX (neither touches the enemy's dice)."""
    ant_against_infantry(table, swarm_fx=["Wasp"], human_fx=["Drone"])
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 1, 1], answers=["Wasp", "Drone"])
    assert roll_of(events, "Human").assumed == "; ".join(
        [fighters_reason(table.data, [INFANTRY]), fx_reason(table.data, "Drone")])
    assert roll_of(events, "Swarm").assumed == "; ".join(
        [fighters_reason(table.data, [ANT]), fx_reason(table.data, "Wasp")])
    # neither FX cancels a Hit: the Hits entry names neither
    assert (hits_entry(events).ids, hits_entry(events).assumed) == (("GIN-COMB-03",), "")


@pytest.mark.rule("GIN-COMB-05")
def test_one_side_s_fx_is_named_though_the_other_side_uses_none(table):
    ant_against_infantry(table, human_fx=["Drone"])
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 1, 1], answers=["Drone"])
    assert fx_reason(table.data, "Drone") in roll_of(events, "Human").assumed
    assert roll_of(events, "Human").data["fx_effect"] == "Drone"


@pytest.mark.rule("GIN-COMB-05", "GIN-FX-04")
def test_hits_an_fx_scores_without_dice_are_shown_apart_from_the_dice(table):
    """Nuclear scores three Hits without dice (assumed data): the roll shows the dice's one Hit
    and the three the FX adds, so the total is never a mystery."""
    ant_against_infantry(table, human_fx=["Nuclear"])
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 3, 1], answers=["Nuclear"])
    assert roll_of(events, "Human").message == (
        "Humans roll [6, 1]: 1 hit(s) + 3 from Nuclear without dice = 4 hit(s)")
    assert roll_of(events, "Human").data["hits"] == 4
    assert roll_of(events, "Swarm").message == "Swarm rolls [3, 1]: 1 hit(s)"


@pytest.mark.rule("GIN-FX-04", "GIN-COMB-03")
def test_the_hits_each_side_s_fx_cancels_are_taken_off_that_side_and_named(table):
    """The Pill Bug cancels one of the two Hits on the Swarm, the Latin Coalition FX one of the
    two on the Humans."""
    ant_against_infantry(table, swarm_fx=["Pill Bug"], human_fx=["Latin Coalition FX"])
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 6, 3, 4],
                      answers=["Pill Bug", "Latin Coalition FX"])
    cancel = "; ".join([fx_reason(table.data, "Pill Bug"),
                        fx_reason(table.data, "Latin Coalition FX")])
    assert record(hits_entry(events)) == (R_COMBAT, "combat", ("GIN-COMB-03",), cancel,
                                          {"Swarm": 1, "Human": 1})


@pytest.mark.rule("GIN-AMB-15", "GIN-COMB-04")
def test_a_reduced_tank_s_roll_cites_the_reading_its_dice_follow(table):
    """The Reduced Tank's pips are assumed by GIN-AMB-15's default reading: its roll cites it."""
    s = table.place("Minneapolis", "Ant X1", "Tank A1")
    s.unit("Tank A1").reduced = True
    s.unit("Ant X1").came_from = "Des Moines"
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 1])
    e = roll_of(events, "Human")
    assert e.ids == ROLL_IDS + ("GIN-AMB-15",)
    assert e.assumed == fighters_reason(table.data, [Fighter("Tank", True)])


@pytest.mark.rule("GIN-COMB-05")
def test_a_swarm_fx_that_hampers_the_enemy_would_make_the_human_dice_harder(data):
    """No Swarm FX of the shipped data touches the Humans' dice; one that did (the Wasp given an
    enemy modifier) makes their dice one pip harder, and their roll names it."""
    wasp = data.fx["Wasp"]
    hampering = dataclasses.replace(wasp, effect={**wasp.effect, "enemy_pip_modifier": 1})
    table = Table(dataclasses.replace(data, fx={**data.fx, "Wasp": hampering}, volleys={}))
    ant_against_infantry(table, swarm_fx=["Wasp"])
    events, _ = fight(table, "Minneapolis", "Swarm", "X", [5, 6, 1, 1], answers=["Wasp"])
    h = roll_of(events, "Human")
    assert h.data["hits"] == 1  # the Infantry hits on 6+ only
    assert fx_reason(table.data, "Wasp") in h.assumed

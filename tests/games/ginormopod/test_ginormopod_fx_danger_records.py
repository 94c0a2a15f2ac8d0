"""FX and the Danger track, procedure by procedure: which FX a side may use and when, what the
log records when one is used or the Danger marker moves, and how the Roll For Danger is judged
(kind, rule, catalogue ids, data and provenance, in positions only that clause explains)."""
from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import drive
from rules_lib.games.ginormopod import danger, fx
from rules_lib.games.ginormopod.provenance import (NO_FX_IN_BARRAGE_DICE, cite, fx_reason,
                                                   fx_side_reason, reason, whys)



def records(events):
    return [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]


def asked(proc, answers=()):
    """Run a procedure, keep each Decision it asks, and what it returns."""
    out, decisions = [], []

    class Keep:
        name = "keep"

        def choose(self, state, decision, rng):
            decisions.append(decision)
            return answers[len(decisions) - 1]

    def wrap():
        out.append((yield from proc))
    events = drive(wrap(), policy=Keep())
    return events, decisions, out[0]


# -- FX (GIN-FX-01..03) ---------------------------------------------------------------------------

@pytest.mark.rule("GIN-FX-01", "GIN-FX-02")
def test_a_side_may_use_the_fx_in_its_hand_not_yet_used_this_turn(table):
    s = table.state
    s.fx_hand["Human"] = ["Drone", "Laser Tower", "Nuclear"]
    s.fx_used = ["Laser Tower", "Wasp"]
    assert fx.usable_fx(s, "Human") == ["Drone", "Nuclear"]
    assert fx.usable_fx(s, "Swarm") == []


@pytest.mark.rule("GIN-FORT-10", "GIN-FX-03")
def test_in_a_barrage_only_fx_that_give_no_dice_or_hits_work_and_the_wasp_for_the_swarm(data):
    """Assumed: only the Fort rolls in a Barrage, so an FX that gives its side dice or Hits does
    nothing there; the Wasp is how the Swarm fires back."""
    works = {name: fx.works_in_barrage(data, name, data.fx[name].side) for name in data.fx}
    assert works == {"Wasp": True, "Pill Bug": True, "Tectonic Telekinesis": False,
                     "Drone": False, "Laser Tower": False, "Nuclear": False,
                     "Canadian Kingdom FX": True, "French FX": False,
                     "Latin Coalition FX": True}
    assert fx.works_in_barrage(data, "Wasp", "Human") is False  # fires back for the Swarm only


@pytest.mark.rule("GIN-FX-03")
def test_a_side_with_no_usable_fx_is_not_asked(table):
    s = table.state
    s.fx_hand["Human"] = ["Drone"]
    s.fx_used = ["Drone"]
    events, decisions, used = asked(fx.choose_fx(s, table.ctx(), "Human", "Chicago"))
    assert (events, decisions, used) == ([], [], "")


@pytest.mark.rule("GIN-FX-03")
def test_the_fx_question_offers_none_then_the_usable_fx_with_the_combat_as_data(table):
    s = table.state
    s.fx_hand["Human"] = ["Drone", "Laser Tower"]
    combat = {"attackers": ["Ant X1"], "defenders": ["Infantry A1"]}
    _, decisions, used = asked(fx.choose_fx(s, table.ctx(), "Human", "Chicago", combat=combat),
                               ["none"])
    d = decisions[0]
    assert (d.player, d.kind, d.options, d.rule, d.data, d.ids, d.assumed) == (
        "Human", "use_fx", ["none", "Drone", "Laser Tower"], fx.R_FX,
        {"city": "Chicago", **combat}, ("GIN-FX-03",), "")
    assert used == "" and s.fx_used == []  # declining uses nothing


@pytest.mark.rule("GIN-FX-03", "GIN-FORT-10")
def test_in_a_barrage_the_fx_question_leaves_out_dice_fx_and_says_why(table):
    s = table.state
    s.fx_hand["Swarm"] = ["Tectonic Telekinesis", "Wasp", "Pill Bug"]
    _, decisions, _ = asked(fx.choose_fx(s, table.ctx(), "Swarm", "Chicago", barrage=True),
                            ["none"])
    assert (decisions[0].options, decisions[0].data, decisions[0].assumed) == (
        ["none", "Wasp", "Pill Bug"], {"city": "Chicago"}, NO_FX_IN_BARRAGE_DICE)
    s.fx_hand["Swarm"] = ["Tectonic Telekinesis"]  # nothing left to offer: not asked
    assert asked(fx.choose_fx(s, table.ctx(), "Swarm", "Chicago", barrage=True))[1] == []


@pytest.mark.rule("GIN-FX-02", "GIN-FX-03", "GIN-COMB-05")
def test_using_an_fx_marks_it_used_and_logs_it_with_its_assumed_effect(table):
    s = table.state
    s.fx_hand["Human"] = ["Drone", "Laser Tower"]
    events, _, used = asked(fx.choose_fx(s, table.ctx(), "Human", "Chicago"), ["Laser Tower"])
    assert used == "Laser Tower" and s.fx_used == ["Laser Tower"]
    why = fx_reason(table.data, "Laser Tower")
    assert records(events) == [("fx", fx.R_FX, cite(("GIN-FX-02", "GIN-FX-03", "GIN-COMB-05"), why),
                                {"fx_effect": "Laser Tower", "side": "Human", "city": "Chicago"},
                                why)]
    assert s.danger == 0 and s.danger_side == ""  # not a Danger FX


@pytest.mark.rule("GIN-FX-03")
def test_a_used_fx_cites_the_ambiguity_its_effect_reading_names(table, monkeypatch):
    """An FX whose assumed effect rests on an ambiguity's default reading cites that ambiguity's
    id (the shipped effect texts name none: a designer's reason stands in here)."""
    reading = "default reading of GIN-AMB-03: the Nuclear chit is the Nukes, three Hits"
    monkeypatch.setitem(whys(table.data).fx_effects, "Nuclear", reading)
    s = table.state
    s.fx_hand["Human"] = ["Nuclear"]
    events, _, _ = asked(fx.choose_fx(s, table.ctx(), "Human", "Chicago"), ["Nuclear"])
    assert [(r[2], r[4]) for r in records(events) if r[0] == "fx"] == [
        (("GIN-FX-02", "GIN-FX-03", "GIN-COMB-05", "GIN-AMB-03"), reading)]


@pytest.mark.rule("GIN-DNGR-01", "GIN-AMB-03")
@pytest.mark.parametrize("side, chit, variants, moves", [
    ("Swarm", "Tectonic Telekinesis", (), True),
    ("Human", "Nuclear", (), True),
    ("Swarm", "Tectonic Telekinesis", ("nuclear_is_not_nukes",), True),
    ("Human", "Nuclear", ("nuclear_is_not_nukes",), False),
])
def test_a_danger_fx_moves_the_marker_unless_the_variant_says_nuclear_is_not_nukes(
        table, side, chit, variants, moves):
    s = table.state
    s.fx_hand[side] = [chit]
    events, _, _ = asked(fx.choose_fx(s, table.ctx(variants=variants), side, "Chicago"), [chit])
    assert [r[0] for r in records(events)] == (["fx", "danger"] if moves else ["fx"])
    assert (s.danger, s.danger_side) == ((1, side) if moves else (0, ""))


@pytest.mark.rule("GIN-FX-03")
def test_an_fx_effect_is_read_from_its_data_or_the_default(data):
    assert fx.effect(data, "Laser Tower", "extra_dice") == [5, 5]
    assert fx.effect(data, "Laser Tower", "cancel_hits") == 0
    assert fx.effect(data, "Laser Tower", "extra_dice", []) == [5, 5]
    assert fx.effect(data, "Drone", "extra_dice", []) == []
    assert fx.effect(data, "", "extra_dice", []) == []  # no FX used


# -- Danger (GIN-DNGR-01..03) ---------------------------------------------------------------------

@pytest.mark.rule("GIN-DNGR-01", "GIN-AMB-03")
def test_the_danger_marker_moves_one_space_flips_to_the_user_and_logs_it(table):
    s = table.state
    s.danger, s.danger_side = 2, "Human"
    events = drive(danger.advance_danger(s, table.ctx(), "Swarm", "Tectonic Telekinesis"))
    assert (s.danger, s.danger_side, s.danger_users) == (3, "Swarm", ["Swarm"])
    assert records(events) == [("danger", danger.R_DANGER, ("GIN-DNGR-01", "GIN-AMB-03"),
                                {"danger_space": 3, "side": "Swarm",
                                 "fx_side": "Tectonic Telekinesis"},
                                fx_side_reason(table.data, "Tectonic Telekinesis"))]


@pytest.mark.rule("GIN-DNGR-01")
def test_the_danger_marker_stops_on_the_last_space_and_each_user_is_noted_once(table):
    s = table.state
    last = table.data.danger_spaces - 1
    s.danger, s.danger_users = last, ["Swarm"]
    drive(danger.advance_danger(s, table.ctx(), "Swarm", "Tectonic Telekinesis"))
    assert (s.danger, s.danger_users) == (last, ["Swarm"])
    s.danger = last - 1
    drive(danger.advance_danger(s, table.ctx(), "Human", "Nuclear"))
    assert (s.danger, s.danger_users) == (last, ["Swarm", "Human"])


@pytest.mark.rule("GIN-DNGR-02")
def test_the_roll_for_danger_is_two_dice_summed(data):
    roll = danger.danger_dice(data).roll(ScriptedDice([3, 5, 6]), "Roll For Danger")
    assert (roll.faces, roll.value) == ((3, 5), 8)


@pytest.mark.rule("GIN-DNGR-03", "GIN-AMB-04")
def test_the_earth_is_destroyed_when_the_sum_reaches_the_symbols_total(data):
    assert danger.destroys_earth((3, 4), (3, 4), each_die=False) is True  # exactly the total
    assert danger.destroys_earth((3, 3), (3, 4), each_die=False) is False
    assert danger.destroys_earth((6, 6), (), each_die=False) is False  # a space without symbols
    assert danger.destroys_earth((6, 6), (), each_die=True) is False


@pytest.mark.rule("GIN-DNGR-03", "GIN-AMB-04")
def test_in_the_each_die_variant_the_highest_die_meets_the_highest_symbol(data):
    assert danger.destroys_earth((6, 2), (4, 4), each_die=True) is False  # the sum would do
    assert danger.destroys_earth((4, 4), (4, 4), each_die=True) is True  # each reaches its own
    assert danger.destroys_earth((3, 6), (5, 3), each_die=True) is True  # 6 v 5 and 3 v 3
    assert danger.destroys_earth((6, 3), (3, 5), each_die=True) is True
    assert danger.destroys_earth((3, 6), (6, 3), each_die=True) is True


def rolled(table, side, space, faces, variants=(), users=None):
    s = table.state
    s.danger, s.danger_side = space, side
    s.danger_users = list(users if users is not None else ([side] if side else []))
    ctx = table.ctx(faces, variants)
    events = drive(danger.roll_for_danger(s, ctx))
    assert not ctx.dice.remaining
    return s, events


@pytest.mark.rule("GIN-DNGR-02")
def test_nobody_rolls_for_danger_while_no_fx_is_face_up(table):
    s, events = rolled(table, "", 6, [])
    assert records(events) == [("danger", danger.R_DANGER, ("GIN-DNGR-02",), {}, "")]
    assert s.result is None


@pytest.mark.rule("GIN-DNGR-02")
def test_nobody_rolls_on_a_space_without_die_symbols(table):
    s, events = rolled(table, "Swarm", 0, [])
    assert records(events) == [("danger", danger.R_DANGER, ("GIN-DNGR-02",), {"danger_space": 0},
                                reason(table.data, "tables", "danger_track.symbols[0]"))]


def why_rolled(data, space, how=danger.AMB_04, one_roller=True):
    track = reason(data, "tables", f"danger_track.symbols[{space}]")
    return "; ".join(x for x in (track, how, danger.AMB_05 if one_roller else "") if x)


@pytest.mark.rule("GIN-DNGR-03", "GIN-OVER-08", "GIN-AMB-04", "GIN-AMB-05")
def test_a_danger_roll_reaching_the_symbols_ends_the_earth_and_its_roller_loses(table):
    s, events = rolled(table, "Human", 6, [3, 4])  # space 7 shows 3 and 4: 7 reaches it
    assert (s.result, s.end_reason) == ("Swarm", "the Earth was destroyed by the Human")
    assert records(events) == [("result", danger.R_DANGER,
                                ("GIN-DNGR-02", "GIN-DNGR-03", "GIN-OVER-08", "GIN-AMB-04",
                                 "GIN-AMB-05"),
                                {"roll": 7, "loser": "Human", "danger_space": 6},
                                why_rolled(table.data, 6))]


@pytest.mark.rule("GIN-DNGR-03", "GIN-AMB-04", "GIN-AMB-05")
def test_a_danger_roll_short_of_the_symbols_lets_the_earth_survive(table):
    s, events = rolled(table, "Swarm", 6, [3, 3])
    assert (s.result, s.end_reason) == (None, "")
    assert records(events) == [("roll", danger.R_DANGER,
                                ("GIN-DNGR-02", "GIN-DNGR-03", "GIN-AMB-04", "GIN-AMB-05"),
                                {"roll": 6, "danger_space": 6}, why_rolled(table.data, 6))]


@pytest.mark.rule("GIN-DNGR-03", "GIN-AMB-04")
def test_the_each_die_variant_is_named_in_the_rolls_provenance(table):
    _, events = rolled(table, "Swarm", 6, [6, 2], ("danger_each_die",))  # 8, but 2 < 3
    how = "each die against its own symbol (variant of GIN-AMB-04)"
    assert [(e.kind, e.assumed) for e in events] == [("roll", why_rolled(table.data, 6, how))]


@pytest.mark.rule("GIN-DNGR-02", "GIN-AMB-05")
def test_in_the_both_roll_variant_the_face_up_side_rolls_first_then_the_other_user(table):
    s, events = rolled(table, "Human", 6, [1, 1, 3, 4], ("danger_both_roll",),
                       users=["Swarm", "Human"])
    why = why_rolled(table.data, 6, one_roller=False)
    assert [(e.kind, e.data.get("loser"), e.assumed) for e in events] == [
        ("roll", None, why), ("result", "Swarm", why)]
    assert s.result == "Human"


@pytest.mark.rule("GIN-DNGR-02", "GIN-AMB-05")
def test_in_the_both_roll_variant_a_side_that_used_no_danger_fx_does_not_roll(table):
    s, events = rolled(table, "Human", 6, [1, 1], ("danger_both_roll",), users=["Human"])
    assert [e.kind for e in events] == ["roll"] and s.result is None


@pytest.mark.rule("GIN-DNGR-02", "GIN-AMB-05")
def test_each_danger_roll_is_logged_under_its_rollers_name(table):
    s = table.state
    s.danger, s.danger_side, s.danger_users = 6, "Human", ["Swarm", "Human"]
    ctx = table.ctx([1, 1, 2, 2], ("danger_both_roll",))
    drive(danger.roll_for_danger(s, ctx))
    assert ctx.dice.log == [("Roll For Danger (Human)", 6, 1), ("Roll For Danger (Human)", 6, 1),
                            ("Roll For Danger (Swarm)", 6, 2), ("Roll For Danger (Swarm)", 6, 2)]


@pytest.mark.rule("GIN-DNGR-03", "GIN-AMB-04")
@pytest.mark.parametrize("variants, need", [((), "7"), (("danger_each_die",), "3/4")])
def test_the_danger_roll_tells_the_player_what_it_had_to_reach(table, variants, need):
    """The log names the target: the symbols' total, or each symbol in the each-die variant."""
    _, events = rolled(table, "Swarm", 6, [1, 1], variants)
    assert events[0].message == f"Swarm rolls [1, 1] against {need}: the Earth survives"

"""The Fort's options (GIN-FORT-08..11), each checked where nothing else gives the same result: which
Forts are asked, who answers and from what, what each order records, and who may Withdraw."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.fort import OPTIONS, R_FORT, fort_options, forts_with_options

from .recording import Recorder


def orders(table, formation, answers, act=None):
    act = act or table.activation("Human", formation)
    policy = Recorder(answers)
    events = drive(fort_options(table.state, table.ctx(), act), policy=policy)
    return events, act, policy.asked


@pytest.mark.rule("GIN-FORT-08")
@pytest.mark.parametrize("choice,ids", [("Full Attack", ("GIN-FORT-08", "GIN-FORT-09")),
                                        ("Barrage", ("GIN-FORT-08", "GIN-FORT-10")),
                                        ("none", ("GIN-FORT-08",)),
                                        ("Withdrawal", ("GIN-FORT-08", "GIN-FORT-11"))])
def test_the_human_player_orders_the_fort_and_the_order_is_recorded(table, choice, ids):
    table.place("Chicago", "Ant X1", "Infantry A1")
    events, act, asked = orders(table, "A", [choice])
    (d,) = asked
    assert (d.player, d.kind, d.rule, d.ids) == ("Human", "fort_option", R_FORT, ("GIN-FORT-08",))
    assert d.options == list(OPTIONS) == ["Barrage", "Full Attack", "Withdrawal", "none"]
    assert d.data == {"city": "Chicago"}
    assert act.fort_orders == {"Chicago": choice}
    (e,) = [e for e in events if e.kind == "fort"]
    assert (e.rule, e.ids, e.data) == (R_FORT, ids, {"city": "Chicago"})


@pytest.mark.rule("GIN-FORT-11")
def test_a_withdrawal_lets_every_unit_of_the_fort_move_but_the_guards_once_each(table):
    table.place("Chicago", "Ant X1", "Infantry A1", "Tank C1")
    table.guard("Chicago", "Guard 1", armed=True, revealed=True)
    _, act, _ = orders(table, "A", ["Withdrawal"])
    assert act.extra_movers == ["Infantry A1", "Tank C1"]  # Tank C1: Formation C, not activated
    orders(table, "A", ["Withdrawal"], act=act)  # asked again in the same Activation
    assert act.extra_movers == ["Infantry A1", "Tank C1"]
    _, other, _ = orders(table, "A", ["Full Attack"])
    assert other.extra_movers == []


@pytest.mark.rule("GIN-FORT-08")
def test_only_standing_forts_the_swarm_occupies_with_the_activated_formation_are_asked(table):
    s = table.state
    table.place("Chicago", "Ant X1")            # Formation A Fort, Swarm inside: asked for A
    table.place("St Louis", "Infantry B1")      # B Fort, no Swarm: never asked
    table.place("Memphis", "Ant Y1", "Tank A2")  # B Fort holding an A unit with the Swarm: asked
    table.place("Jackson", "Ant Z1")            # Fort destroyed: never asked
    s.forts["Jackson"].strength, s.forts["Jackson"].destroyed = 0, True
    table.place("Atlanta", "Spider X1")         # C Fort, no A unit: not asked for A
    act = table.activation("Human", "A")
    assert forts_with_options(s, table.data, act) == ["Chicago", "Memphis"]
    act_c = table.activation("Human", "C")
    assert forts_with_options(s, table.data, act_c) == ["Atlanta"]  # (Jackson is destroyed)

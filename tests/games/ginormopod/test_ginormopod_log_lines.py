"""What the log tells a learner where a number or a step would otherwise go unexplained: when a
side suffers fewer hits than were scored against it, how many its own FX cancelled (GIN-FX-01 with
the assumed Pill Bug effect); in the Fade Out, a side with no Activation Chit left to hold."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.turn import hold_chits


def hits_line(table, city, faces, answers):
    ctx = table.ctx(faces)
    events = drive(resolve_battle(table.state, ctx, table.activation("Swarm", "X"), city),
                   answers=list(answers))
    assert not ctx.dice.remaining
    return next(e for e in events if e.message.startswith("All hits apply at once"))


@pytest.mark.rule("GIN-FX-01", "GIN-COMB-03")
def test_a_hit_cancelled_by_the_swarm_s_fx_is_named_in_the_hits_line(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    s.fx_hand["Swarm"] = ["Pill Bug"]
    line = hits_line(table, "Minneapolis", [6, 1, 1, 1], answers=["Pill Bug"])
    assert line.message == ("All hits apply at once: Swarm suffers 0 (1 scored, 1 cancelled by its "
                            "Pill Bug), Humans suffer 0")
    assert line.data == {"Swarm": 0, "Human": 0}


@pytest.mark.rule("GIN-COMB-03")
def test_without_an_fx_the_hits_line_gives_the_hits_alone(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    line = hits_line(table, "Minneapolis", [6, 1, 1, 1], answers=[])
    assert line.message == "All hits apply at once: Swarm suffers 1, Humans suffer 0"


@pytest.mark.rule("GIN-FOUT-02")
def test_a_side_whose_activation_chits_were_all_drawn_is_told_it_has_none_to_hold(table):
    s = table.state
    s.activated = ["X"]
    s.cup = ["Human B", "Wasp"]  # no Swarm Activation Chit left undrawn
    events = drive(hold_chits(s, table.ctx()), answers=["Human B"])
    said = [(e.kind, e.message) for e in events if e.kind in ("info", "decision")]
    assert said[0] == ("info", "Swarm: every Activation Chit of theirs was drawn this turn, none is "
                               "left to hold")
    assert said[1][0] == "decision" and s.held["Human"] == "Human B"

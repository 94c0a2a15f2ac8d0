"""Each catalogued ambiguity with a second reading is a named variant that changes the game."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod import VARIANTS, new_game
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.turn import fade_in, hold_chits


def test_every_variant_names_its_ambiguity_and_default_reading():
    for v in VARIANTS:
        assert v.ids and all(i.startswith(("GIN-AMB-", "GIN-MF-", "GIN-MAP-")) for i in v.ids)
        assert v.default_reading and v.description and v.section.startswith("Ginormopod: ")


def test_danger_chits_from_start_puts_them_in_the_first_cup():
    g = new_game(seed=1, variants=["danger_chits_from_start"])
    while g.state.phase == "Set-Up":
        g.step_event()
    assert {"Nuclear", "Tectonic Telekinesis"} <= set(g.state.cup)
    assert "2" not in g.state.turn_chits


def test_only_activated_units_attack_leaves_other_formations_silent(table):
    s = table.place("Minneapolis", "Ant X1", "Ant Y1", "Infantry A1")
    act = table.activation("Swarm", "X")
    ctx = table.ctx([1, 1, 1, 1], variants=["only_activated_units_attack"])  # Inf 2 + Ant X1 2
    drive(resolve_battle(s, ctx, act, "Minneapolis"))
    assert not ctx.dice.remaining


def test_overrun_ignores_fort_boxes_lets_five_overrun_a_fort_garrison(table):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1", "Infantry A1")
    ctx = table.ctx([], variants=["overrun_ignores_fort_boxes"])
    drive(resolve_battle(s, ctx, table.activation("Swarm", "X"), "Chicago"))
    assert table.where("Infantry A1") == "eliminated" and s.forts["Chicago"].strength == 3


def test_held_chit_returns_to_cup_after_its_fade_in_activation(table_factory):
    table = table_factory(turn=2)
    s = table.state
    s.held["Swarm"] = "Swarm Z"
    drive(fade_in(s, table.ctx(variants=["held_chit_returns_to_cup"])))
    assert "Swarm Z" in s.cup


def test_hold_without_activation_offers_the_hold(table):
    s = table.state
    s.cup = ["Human B", "Swarm Y"]
    drive(hold_chits(s, table.ctx(variants=["hold_without_activation"])),
          answers=["Swarm Y", "Human B"])
    assert s.held == {"Swarm": "Swarm Y", "Human": "Human B"}


def fort_fight(table, variants):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Ant Y1", "Infantry A1", "Infantry A2")
    for uid in ("Ant X1", "Ant X2", "Ant Y1"):
        s.unit(uid).came_from = "Des Moines"
    # Humans: 6,6 / 6,6 + Fort 1,1,1 -> 4 hits; Ants 6,6,6,6,6,1 -> 5 hits (4 units + 1 Fort)
    ctx = table.ctx([6, 6, 6, 6, 1, 1, 1, 6, 6, 6, 6, 6, 1], variants=variants)
    drive(resolve_battle(s, ctx, table.activation("Swarm", "X"), "Chicago"))
    return s


@pytest.mark.rule("GIN-AMB-13")
def test_fort_hits_count_for_retreat_by_default(table):
    s = fort_fight(table, [])
    assert table.where("Ant X2") == "Chicago" and s.forts["Chicago"].strength == 2


@pytest.mark.rule("GIN-AMB-13")
def test_fort_hits_not_counted_makes_the_tie_send_the_swarm_back(table):
    fort_fight(table, ["fort_hits_not_counted_for_retreat"])
    assert table.where("Ant X2") == "Des Moines"

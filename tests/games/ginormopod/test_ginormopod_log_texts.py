"""What the log tells a player learning the game: the Fort is counted with its own side, and the
Hives of the map variant are marked as that variant's."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod import new_game
from rules_lib.games.ginormopod.combat import resolve_battle


@pytest.mark.rule("GIN-FORT-09", "GIN-FORT-01")
def test_a_full_attack_counts_the_fort_with_the_humans_who_order_it(table):
    s = table.place("St Louis", "Ant Y1", "Ant Y2")
    table.place("St Louis", "Tank B1")
    act = table.activation("Human", "B")
    act.fort_orders["St Louis"] = "Full Attack"
    events = drive(resolve_battle(s, table.ctx([1] * 20), act, "St Louis", "full_attack"))
    opening = next(e for e in events if e.kind == "combat")
    assert opening.message.endswith("Human 1 unit(s) and a Fort of strength 3 vs Swarm 2 unit(s)")


@pytest.mark.rule("GIN-FORT-01")
def test_a_swarm_attack_on_a_fort_still_names_the_fort_with_the_humans(table):
    s = table.place("St Louis", "Ant Y1", "Infantry B1")
    s.unit("Ant Y1").came_from = "Des Moines"
    events = drive(resolve_battle(s, table.ctx([1] * 20), table.activation("Swarm", "Y"),
                                  "St Louis"))
    opening = next(e for e in events if e.kind == "combat")
    assert opening.message.endswith("Swarm 1 unit(s) vs Human 1 unit(s) and a Fort of strength 3")


@pytest.mark.rule("GIN-MF-05", "GIN-MAP-06", "GIN-SETUP-01")
def test_the_hives_of_the_three_western_hives_map_are_marked_as_the_variants():
    game = new_game(seed=1, variants=["three_western_hives"])
    game.next_phase()
    hives = [e for e in game.log if e.message.startswith("Hive ")]
    assert len(hives) == 3 and any("Sioux Falls" in e.message for e in hives)
    for event in hives:
        assert "three_western_hives" in event.assumed, event.message
        assert "GIN-MF-05" in event.ids

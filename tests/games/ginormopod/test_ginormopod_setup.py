"""Set-Up: Hives, Human placement, the twelve National Guard rolls, the cup and the tracks."""
from __future__ import annotations

from collections import Counter

import pytest

from rules_lib.core.dice import ScriptedDice, SeededDice
from rules_lib.core.engine import Context, drive
from rules_lib.games.ginormopod import GAME, new_game, standard_state
from rules_lib.games.ginormopod.setup import national_guard, setup


def set_up(data, faces=None, seed_game=3):
    g = new_game(seed=seed_game)
    g.next_phase()  # Set-Up runs until the first turn begins
    while g.state.phase == "Set-Up":
        g.step_event()
    return g.state


@pytest.mark.rule("GIN-SETUP-01", "GIN-OVER-01")
def test_each_hive_starts_with_two_ants_a_spider_and_a_worm_of_its_formation(data):
    state = set_up(data)
    for hive, formation in data.hives.items():
        here = Counter((u.type, u.formation, u.side) for u in state.at(hive))
        assert here == {("Ant", formation, "Swarm"): 2, ("Spider", formation, "Swarm"): 1,
                        ("Worm", formation, "Swarm"): 1}
    # two players: every counter belongs to the Swarm or the Human player, who make the decisions
    assert {u.side for u in state.units} == {"Swarm", "Human"}
    assert GAME.players == ("Swarm", "Human")


@pytest.mark.rule("GIN-SETUP-02", "GIN-SETUP-06")
def test_humans_are_placed_from_the_setup_table_and_allies_set_aside(data):
    state = set_up(data)
    assert len([u for u in state.at("New York City", "Human") if u.type == "Infantry"]) == 2
    placed = Counter((u.loc, u.type, u.formation) for u in state.units
                     if u.pool == "map" and u.side == "Human" and u.type != "Guard")
    diagram = Counter()
    for row in data.human_setup:
        diagram[(row["city"], row["type"], row["formation"])] += int(row.get("count", 1))
    assert placed == diagram  # exactly the diagram, nothing more
    allied = [u for u in state.units if u.formation in data.formations["Allied"]]
    assert allied and all(u.pool == "unplaced" for u in allied)


@pytest.mark.rule("GIN-SETUP-03", "GIN-SETUP-05")
def test_twelve_guard_rolls_place_twelve_unrevealed_guards(data):
    state = set_up(data)
    guards = [u for u in state.units if u.type == "Guard" and u.pool == "map"]
    assert len(guards) == 12 and not any(g.revealed for g in guards)
    assert {g.loc for g in guards} <= set(data.guard_table.values())


@pytest.mark.rule("GIN-SETUP-04")
def test_a_third_guard_in_a_city_means_reroll(data):
    state = standard_state(data, [])
    # 2d6 = 7 (Knoxville) twice (each followed by the hidden counter pick), a third 7 is rerolled
    faces = [3, 4, 1, 3, 4, 1, 3, 4, 2, 3, 1]
    ctx = Context(dice=ScriptedDice(faces, then=SeededDice(0)), data=data)
    events = drive(national_guard(state, ctx))
    rolls = [e for e in events if e.kind in ("roll", "setup")]
    assert [e.data.get("reroll", False) for e in rolls[:4]] == [False, False, True, False]
    assert rolls[3].data["city"] == "Nashville"
    per_city = Counter(u.loc for u in state.units if u.type == "Guard" and u.pool == "map")
    assert max(per_city.values()) <= 2 and sum(per_city.values()) == 12


@pytest.mark.rule("GIN-SETUP-07")
def test_the_cup_holds_the_ten_chits_plus_three_the_end(data):
    state = set_up(data)
    assert sorted(c for c in state.cup if not c.startswith("...")) == sorted(
        ["Swarm X", "Swarm Y", "Swarm Z", "Wasp", "Pill Bug", "Human A", "Human B", "Human C",
         "Drone", "Laser Tower"])
    assert sum(c.startswith("...The End???") for c in state.cup) == 3


@pytest.mark.rule("GIN-SETUP-08", "GIN-SETUP-09", "GIN-SETUP-10")
def test_turn_track_chits_and_markers(data):
    state = set_up(data)
    assert state.turn_chits["2"] == ["Nuclear", "Tectonic Telekinesis"]
    assert state.turn_chits["6"] == ["Canadian Kingdom", "French", "Latin Coalition"]
    assert state.turn == 1 and state.danger == 0


def test_setup_events_cite_the_set_up_section(data):
    state = standard_state(data, [])
    ctx = Context(dice=SeededDice(1), data=data)
    events = drive(setup(state, ctx))
    assert events and all(e.rule == "Ginormopod: Set-Up" for e in events)

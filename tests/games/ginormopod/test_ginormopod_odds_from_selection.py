"""The odds panel's what-if filled from a City on the board: the same units the game would roll."""
from __future__ import annotations

import argparse

import pytest

from rules_lib.games.ginormopod import GAME, new_game
from rules_lib.games.ginormopod.odds import odds_from_selection


def first_battle_state():
    """A seeded game stepped until a City holds both sides (the moment before a Combat)."""
    game = new_game(seed=1)
    for _ in range(2000):
        ev = game.step_event()
        if ev is None:
            break
        if ev.kind == "move":
            s = game.state
            for city in {u.loc for u in s.units if u.on_map and u.side == "Swarm"}:
                if s.at(city, "Human") or s.fort_boxes(city):
                    return s, city
    pytest.fail("no battle in the first 2000 events")


def test_a_selected_city_gives_its_swarm_against_its_humans_and_fort():
    state, city = first_battle_state()
    values = odds_from_selection(state, city)
    tokens = values["attacker"].split(",")
    swarm = state.at(city, "Swarm")
    assert sorted(t.split("/")[0] for t in tokens) == sorted(u.type for u in swarm)
    assert sum(t.endswith("/r") for t in tokens) == sum(u.reduced for u in swarm)
    defenders = [d for d in values["defender"].split(",") if d]
    assert len(defenders) == len(state.at(city, "Human"))
    assert values["fort"] == state.fort_boxes(city) and values["attacker_side"] == "Swarm"
    args = argparse.Namespace(**values, attacker_fx="", defender_fx="", barrage=False, hits=False)
    table = GAME.odds.from_args(args).set_index("measure")["value"]
    assert 0 <= table["P(attacker retreats)"] <= 1 and table["E[hits on defender]"] > 0


def test_a_city_without_a_fight_is_refused_naming_it():
    state = new_game(seed=1).state
    with pytest.raises(ValueError, match="no fight in Buffalo"):
        odds_from_selection(state, "Buffalo")

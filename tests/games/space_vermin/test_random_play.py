"""Random legal play of the Marine side for a few turns: every decision is legal, the position
invariants hold after every event, and the state survives a JSON round trip."""

from __future__ import annotations

import random

import pytest

from rules_lib.core.dice import SeededDice
from rules_lib.core.engine import Context, Decision, Game
from rules_lib.games.space_vermin.actions import marine_action_phase
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.nat import nat_effect_phase
from rules_lib.games.space_vermin.recovery import purging_phase, recovery_phase
from rules_lib.games.space_vermin.state import SVState
from rules_lib.games.space_vermin.vermite_attacks import drone_flock, vermite_combat_step
from rules_lib.games.space_vermin.views import invariants

from .sv_helpers import table

START = {"Squad 1": 315, "Squad 2": 334, "HQ 1": 335, "Special Ops 1": 413, "Scout 1": 232,
         "Logistics": 422, "A.N.T. Gun": 462, "M.A.D. Scientist": 213, "RV 1": 355,
         "Heavy Weapons 1": 426, "Soldier #1": 316, "Soldier #3": 252, "Ultra-Mite #2": 131,
         "Ultra-Mite #6": 441, "High Queen": "Nest 1", "Drone #4": "Nest 2", "Drone #8": 666}


def turn(state: SVState, ctx: Context):
    """Drones flock, Vermites attack, then the Marine phases (a test harness, not §C-2)."""
    for d in ("Drone #4", "Drone #8"):
        if state.unit(d).status == "cup":
            state.unit(d).status, state.unit(d).hex = "map", "Nest 2"
        yield from drone_flock(state, ctx, d)
    yield from vermite_combat_step(state, ctx)
    yield from nat_effect_phase(state, ctx)
    yield from marine_action_phase(state, ctx)
    yield from recovery_phase(state, ctx)
    yield from purging_phase(state, ctx)


@pytest.mark.parametrize("seed", range(12))
def test_random_marine_turns_keep_the_invariants(seed):
    rng = random.Random(seed)
    state = table(START, jewels={"421": 2, "356": 2}, nest_jewels={"1": 1},
                  secret_weapons_left=[w.name for w in load_game_data().secret_weapons],
                  tunnel_exits={"4": "open", "3": "collapsed"})
    ctx = Context(dice=SeededDice(seed), data=load_game_data())
    decisions = 0
    for t in range(1, 4):
        state.turn = t
        proc = turn(state, ctx)
        to_send = None
        while True:
            try:
                item = proc.send(to_send)
            except StopIteration:
                break
            to_send = None
            if isinstance(item, Decision):
                to_send = item.options[rng.randrange(len(item.options))]
                decisions += 1
                continue
            assert item.rule.startswith("Space Vermin §"), item.message
            assert invariants(state) == [], (item.message, invariants(state))
        assert SVState.from_json(state.to_json()) == state
    assert decisions >= 3  # at least one "which Marine acts" per turn


def test_the_action_phase_runs_inside_the_engine_game_runner():
    from rules_lib.core.engine import RandomPolicy, Rules, replay

    def procedure(state, ctx):
        state.turn = 1
        yield from marine_action_phase(state, ctx)
        state.result = "phase over"

    rules = Rules("space_vermin_marines", SVState, procedure, data=load_game_data,
                  players=("Marines",))
    game = Game(rules, table(START, secret_weapons_left=["The Kitten"]), seed=3,
                policies={"Marines": RandomPolicy()})
    game.run_to_end()
    assert game.state.result == "phase over"
    again = replay(rules, game.record())
    assert again.state.to_json() == game.state.to_json()

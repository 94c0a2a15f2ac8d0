"""Whole games: seeded random-policy games end with a result, invariants hold after every event,
states survive a JSON round trip, and a record replays to the identical game."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import GameRecord, replay
from rules_lib.games.ginormopod import GAME, GinState, invariants, new_game, summary
from rules_lib.playtest import run_games

N_GAMES = 200


def test_200_random_games_end_with_a_result_and_invariants_hold_after_every_event():
    for seed in range(N_GAMES):
        g = new_game(seed=seed, policies={"Swarm": "random", "Human": "random"}, keep_log=False)
        while g.step_event() is not None:
            bad = invariants(g.state)
            assert not bad, f"seed {seed}, event {g.events_seen}: {bad}"
        assert g.state.result in ("Swarm", "Human"), f"seed {seed} has no result"


@pytest.mark.parametrize("seed", [0, 7])
def test_a_state_round_trips_through_json_mid_game_and_at_the_end(seed):
    g = new_game(seed=seed, policies={"Swarm": "random", "Human": "random"})
    g.next_turn()
    g.next_turn()
    assert GinState.from_json(g.state.to_json()) == g.state
    g.run_to_end()
    assert GinState.from_json(g.state.to_json()) == g.state


@pytest.mark.parametrize("seed", [1, 2])
def test_replaying_a_record_reproduces_the_game(seed):
    g = new_game(seed=seed, policies={"Swarm": "random", "Human": "heuristic"})
    g.run_to_end()
    again = replay(GAME.rules(), GameRecord.from_json(g.record().to_json()))
    assert again.state.to_json() == g.state.to_json()


def test_undo_rewinds_to_an_earlier_event():
    g = new_game(seed=4)
    g.next_turn()
    g.next_turn()
    n = g.events_seen
    back = g.undo(5)
    assert back.events_seen == n - 5
    assert [e.message for e in back.log] == [e.message for e in g.log[: n - 5]]


def test_a_saved_state_at_a_phase_boundary_resumes_to_the_end():
    g = new_game(seed=5)
    g.next_turn()
    g.next_turn()  # stops on the 'turn' event: phase is Fade In
    saved = g.state.to_json()
    resumed = new_game(scenario=saved, seed=99)
    assert resumed.run_to_end().result in ("Swarm", "Human")


def test_heuristic_games_summarise_with_an_outcome():
    df = run_games("ginormopod", 6, seed=0)
    assert set(df["outcome"]) <= {"Swarm", "Human"}
    assert {"cities_destroyed", "danger_level", "swarm_units_lost", "human_units_lost",
            "turns"} <= set(df.columns)


def test_entry_points_for_drawing_and_reach():
    g = new_game(seed=3)
    g.next_turn()
    board = GAME.board_view.board(g.state)
    pieces = GAME.board_view.pieces(g.state)
    assert all(p["loc"] in board for p in pieces)
    ant = next(u for u in g.state.units if u.type == "Ant" and u.pool == "map")
    reach = GAME.reach.movement_reach(g.state, ant.id)
    assert ant.loc in reach and all(r.cost <= 3 for r in reach.values())
    assert summary(g.state)["outcome"] == "unfinished"

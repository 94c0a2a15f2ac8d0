"""Whole games: seeded random and heuristic play ends, invariants after every event, replay."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_lib.core.engine import GameRecord, RandomPolicy, replay
from rules_lib.games.zombies_giants import GAME, invariants, new_game, summary
from rules_lib.games.zombies_giants.policies import HeuristicPolicy
from rules_lib.games.zombies_giants.state import ZState


def play_checked(seed, policy, scenario=None):
    g = new_game(
        scenario, seed=seed, keep_log=False, policies={p: policy() for p in GAME.players}
    )
    while True:
        ev = g.step_event()
        if ev is None:
            break
        broken = invariants(g.state)
        assert not broken, f"seed {seed} after {ev.message!r}: {broken}"
        assert ev.rule
    assert g.finished and g.state.result is not None
    return g


def test_200_seeded_random_games_end_with_invariants_after_every_event():
    outcomes = Counter()
    for seed in range(200):
        scenario = "team" if seed % 10 == 9 else None
        g = play_checked(seed, RandomPolicy, scenario)
        outcomes[summary(g.state)["outcome"]] += 1
    assert len(outcomes) >= 3, outcomes


def test_heuristic_games_escape_sometimes():
    results = Counter(
        summary(play_checked(seed, HeuristicPolicy).state)["outcome"] for seed in range(30)
    )
    assert results["escaped"] > 0, results


def test_replay_and_json_round_trip_are_identical():
    g = new_game("team", seed=5, policies={p: RandomPolicy() for p in GAME.players})
    g.run_to_end()
    again = replay(GAME.rules(), GameRecord.from_json(g.record().to_json()))
    assert again.state.to_json() == g.state.to_json()
    assert ZState.from_json(g.state.to_json()) == g.state


def test_summary_reports_outcome_kills_turns_and_size():
    g = new_game("big", seed=1)
    g.run_to_end()
    row = summary(g.state)
    assert row["size"] == "Big" and row["outcome"] == g.state.result
    assert {"kills", "turns_survived"} <= set(row)


def test_mixed_scenario_picks_the_size_by_seed():
    assert [new_game(seed=s).state.survivors[0].size for s in range(3)] == ["Normal", "Big", "Huge"]


def test_unknown_scenario_and_variant_are_named():
    with pytest.raises(ValueError, match="giant_party"):
        new_game("giant_party")
    with pytest.raises(ValueError, match="potion_heals_9"):
        new_game(variants=["potion_heals_9"])


@pytest.mark.rule("ZGC-TILE-01")
def test_a_tile_with_one_open_exit_is_logged_in_the_singular():
    g = new_game("huge", seed=4, keep_log=True)
    g.run_to_end()
    tiles = [e.message for e in g.log if e.kind == "tile"]
    assert any("(any legal position, 1 exit open, second floor)" in m for m in tiles)
    assert not any(" 1 exits " in m for m in tiles)


@pytest.mark.rule("ZGC-MALL-03", "ZGC-TILE-01")
def test_a_helipad_set_aside_says_no_survivor_can_escape_by_it():
    """The Helipad may only go beyond the Escalator (Mall Rules); the last tile of its pile with
    no such place is set aside (assumed), and with it every escape by helicopter."""
    g = new_game("huge", seed=4, keep_log=True)
    g.run_to_end()
    aside = [e for e in g.log if "set aside" in e.message]
    assert [e.message for e in aside] == [
        "Helipad has no legal place: set aside (the Helicopter with it: no Survivor can escape by "
        "it this game)"]
    assert "ZGC-MALL-03" in aside[0].ids and g.state.result == "out of time"

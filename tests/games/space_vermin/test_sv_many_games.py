"""Robustness: 100 seeded games per scenario end with a result and a sound position; replays are
identical; the heuristic Marines do better than random ones in The Great Migration's VP; the
games/s benchmarks of both Marine commanders."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_lib.core.engine import GameRecord, replay
from rules_lib.games.space_vermin import GAME, invariants, new_game

RESULTS = {
    "family_jewels": {"Instant Victory", "Instant Loss", "Major", "Minor", "Draw", "Loss"},
    "great_migration": {"Instant Loss", "Decisive", "Major", "Minor", "Draw", "Loss"},
    "campaign": {"Decisive", "Major", "Minor", "Draw", "Loss"},
}


@pytest.mark.rule("SV-SEQ-01", "SV-END-02")
@pytest.mark.parametrize("scenario", list(RESULTS))
def test_one_hundred_seeded_random_games_end_with_a_victory_level(scenario):
    endings = Counter()
    for seed in range(100):
        game = new_game(scenario, seed=seed, keep_log=False,
                        policies=GAME.make_policies({"Marines": "random"}))
        game.run_to_end(max_events=GAME.max_events)
        s = game.state
        assert game.finished and s.result in RESULTS[scenario], (seed, s.result)
        assert invariants(s) == [], seed
        if not s.event_cup:
            # SV-END-02 / SV-SEQ-01: the normal end, when the Event Cup is empty, after 13 or
            # 14 Game Turns (15 chits, one a turn, B.U.R.P./B.E.L.C.H. draw a second)
            assert s.turn in (13, 14), (seed, s.turn)
            endings["cup empty"] += 1
        else:
            # chits left: only an Instant Victory/Loss (or, in Scenario 2, "only Drones remain")
            # may end a game early
            assert s.turn <= 13, (seed, s.turn)
            assert "Instant" in s.result or "Instant" in s.outcome_detail or (
                "only Drones remain" in s.outcome_detail), (seed, s.result, s.outcome_detail)
            endings["early"] += 1
    assert endings["cup empty"] > 0  # the normal end is exercised, not only the early ones


@pytest.mark.parametrize("policy", ["commander", "heuristic"])
@pytest.mark.parametrize("scenario", list(RESULTS))
def test_a_game_of_either_marine_commander_replays_identically(scenario, policy):
    game = new_game(scenario, seed=11, keep_log=False,
                    policies=GAME.make_policies({"Marines": policy}))
    game.run_to_end()
    again = replay(GAME.rules(), GameRecord.from_json(game.record().to_json()))
    assert again.state.to_json() == game.state.to_json()


def test_heuristic_marines_score_more_migration_vp_than_random_ones():
    def mean_vp(policy):
        total = 0
        for seed in range(8):
            game = new_game("great_migration", seed=seed, keep_log=False,
                            policies=GAME.make_policies({"Marines": policy}))
            game.run_to_end()
            total += game.state.vp
        return total / 8

    assert mean_vp("heuristic") > mean_vp("random")


# A fixed batch: the same 50 seeds every round, so the rate is that of a representative mix of
# game lengths (timing single games from seeds 0, 1, 2, ... as far as calibration goes is not).
BENCH_SEEDS = tuple(range(50))


def play_family_jewels_batch(policy: str = "heuristic") -> list[str | None]:
    """Whole Family Jewels games with these Marines, one per seed of ``BENCH_SEEDS``; their
    results."""
    results = []
    for seed in BENCH_SEEDS:
        game = new_game("family_jewels", seed=seed, keep_log=False,
                        policies=GAME.make_policies({"Marines": policy}))
        game.run_to_end()
        results.append(game.state.result)
    return results


@pytest.mark.benchmark(group="space_vermin")
def test_bench_family_jewels_heuristic_game(benchmark):
    results = benchmark.pedantic(play_family_jewels_batch, rounds=3, iterations=1,
                                 warmup_rounds=1)
    assert len(results) == len(BENCH_SEEDS) and None not in results
    benchmark.extra_info["games_per_second"] = len(BENCH_SEEDS) / benchmark.stats.stats.mean


@pytest.mark.benchmark(group="space_vermin")
def test_bench_family_jewels_commander_game(benchmark):
    """The default Marines (the commander): compare its games/s with Ginormopod's
    (``tests/games/ginormopod/test_bench_ginormopod.py``) run on the same machine."""
    results = benchmark.pedantic(play_family_jewels_batch, args=("commander",), rounds=3,
                                 iterations=1, warmup_rounds=1)
    assert len(results) == len(BENCH_SEEDS) and None not in results
    benchmark.extra_info["games_per_second"] = len(BENCH_SEEDS) / benchmark.stats.stats.mean


@pytest.mark.parametrize("scenario", ["family_jewels", "great_migration"])
def test_the_summary_counts_every_vermite_eliminated_whatever_pile_it_went_to(scenario):
    counted = 0
    for seed in range(5):
        game = new_game(scenario, seed=seed, policies=GAME.make_policies({"Marines": "heuristic"}))
        game.run_to_end(max_events=GAME.max_events)
        vermites = {u.id for u in game.state.units if not u.is_marine}
        killed = [e for e in game.log
                  if e.data.get("unit") in vermites and " is eliminated and " in e.message]
        assert GAME.summary(game.state)["eliminated_vermites"] == len(killed), seed
        counted += len(killed)
    assert counted > 0  # (in Scenario 1 every one went back to the cup: the pile stays empty)

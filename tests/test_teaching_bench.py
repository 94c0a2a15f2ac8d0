"""How fast "show me this rule in action" answers (run:
python -m pytest tests/test_teaching_bench.py -m benchmark --benchmark-only -s).

Targets from issue 20: a moment of a common rule in under 1 s; a rule that fires about once in a
hundred games in under 30 s on two cores; the second request at once. Every search starts with an
empty memory (the game's data and rule reference already loaded, as in an open Explorer whose rule
panel shows the reference). A rule met about once in a hundred games needs about a hundred games
searched, so the two-core target is measured on a search of exactly 100 games of the slowest game
(Space Vermin, every scenario in turn) for an ID no event cites, and on the rare rules the issue
names, each searched on two local worker processes started for it (their start-up included when
the first game, played in this process, does not already hold the rule).
"""
from __future__ import annotations

import pytest

from rules_lib.registry import get_game
from rules_lib.teaching import rule_reference
from rules_lib.teaching.moments import clear_cache, find_moments

pytestmark = pytest.mark.benchmark

COMMON = {"ginormopod": "GIN-MOVE-03", "space_vermin": "SV-VMOV-01", "gods_war": "GW-COMB-01",
          "zombies_giants": "ZGC-FIGHT-01"}
NEVER_CITED = "SV-BENCH-99"  # shaped like a catalogue ID, cited by no event: every game is searched
RARE = [("ginormopod", "GIN-OVRN-01"), ("ginormopod", "GIN-FENCE-02"),
        ("space_vermin", "SV-S2-19"), ("zombies_giants", "ZGC-DEMO-03"),
        ("gods_war", "GW-ARA-09")]


@pytest.mark.parametrize("game", list(COMMON))
def test_a_moment_of_a_common_rule_in_under_a_second(benchmark, game):
    get_game(game).data()
    rule_reference(game)
    result = benchmark.pedantic(find_moments, args=(game, COMMON[game]), setup=clear_cache,
                                rounds=3, iterations=1)
    assert result.found
    seconds = benchmark.stats.stats.max
    print(f"\n{game} {COMMON[game]}: {seconds * 1000:.0f} ms (worst of 3)")
    assert seconds < 1.0


def test_the_second_request_is_instant(benchmark):
    clear_cache()
    find_moments("space_vermin", "SV-VMOV-01")
    result = benchmark(find_moments, "space_vermin", "SV-VMOV-01")
    stats = benchmark.stats.stats
    print(f"\nsecond request: median {stats.median * 1e6:.0f} us, worst {stats.max * 1000:.1f} ms")
    assert result.cached and stats.median < 0.01


def test_a_hundred_games_searched_on_two_cores_in_under_30_s(benchmark):
    rule_reference("space_vermin")
    result = benchmark.pedantic(find_moments, args=("space_vermin", NEVER_CITED),
                                kwargs={"n_games": 100, "executor": "processes:2"},
                                setup=clear_cache, rounds=1, iterations=1)
    seconds = benchmark.stats.stats.max
    print(f"\n100 Space Vermin games searched on processes:2 in {seconds:.1f} s "
          f"({result.stopped}; designs {[d.label for d in result.designs]})")
    assert result.stopped == "games" and result.games_searched == 100 and seconds < 30


@pytest.mark.parametrize("game, rule", RARE)
def test_the_rare_rules_on_two_cores(benchmark, game, rule):
    rule_reference(game)
    result = benchmark.pedantic(find_moments, args=(game, rule),
                                kwargs={"executor": "processes:2"}, setup=clear_cache,
                                rounds=1, iterations=1)
    seconds = benchmark.stats.stats.max
    print(f"\n{game} {rule}: found={result.found} in {seconds:.1f} s, "
          f"{result.games_searched} game(s) in the search order")
    assert result.found and seconds < 30


@pytest.mark.parametrize("game", list(COMMON))
def test_one_step_of_the_steppers_quiz_late_in_a_game(benchmark, game):
    """The cost "Quiz me" adds to a Next event: the look-ahead replays the game so far and plays
    on to the end of the step. Measured three quarters into a seeded game (every kind chosen)."""
    from rules_lib.teaching.live import LiveQuiz

    module = get_game(game)
    whole = module.new_game(seed=1)
    whole.run_to_end(module.max_events)
    at = whole.events_seen * 3 // 4
    quiz = LiveQuiz(game)

    def setup():
        quiz.cancel()
        return (whole.replay_to(at),), {}

    benchmark.pedantic(lambda g: quiz.step(g, lambda x: x.step_event()), setup=setup, rounds=5,
                       iterations=1)
    stats = benchmark.stats.stats
    print(f"\n{game}: a quiz step at event {at} of {whole.events_seen}: median "
          f"{stats.median * 1000:.0f} ms, worst {stats.max * 1000:.0f} ms")

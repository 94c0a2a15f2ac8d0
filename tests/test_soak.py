"""Soak: many seeded random-policy games per game and scenario (skipped in the normal run).

Run with ``python -m pytest -m soak tests/test_soak.py``. Each game must end with a result, keep
the game's invariants after every event, and every 50th game must replay identically from its record.
The issues ask for 2,000 Ginormopod games and 1,000 per scenario for the others.
"""
from __future__ import annotations

import pytest

from rules_lib.core.engine import replay
from rules_lib.registry import get_game

pytestmark = pytest.mark.soak

RUNS = [("ginormopod", None, 2000), ("zombies_giants", None, 1000), ("gods_war", None, 1000),
        ("space_vermin", "family_jewels", 1000), ("space_vermin", "great_migration", 1000),
        ("space_vermin", "campaign", 1000)]


@pytest.mark.parametrize(("game", "scenario", "n"), RUNS)
def test_seeded_random_games_end_keep_invariants_and_replay(game, scenario, n):
    entry = get_game(game)
    problems = []
    for seed in range(n):
        g = entry.new_game(scenario=scenario, seed=seed,
                           policies={p: entry.policies["random"]() for p in entry.players})
        while (event := g.step_event()) is not None:
            broken = entry.invariants(g.state)
            if broken:
                problems.append(f"seed {seed}, event {event.index}: {broken[:2]}")
                break
        else:
            if g.state.result is None:
                problems.append(f"seed {seed}: ended without a result")
            elif seed % 50 == 0 and replay(entry.rules(), g.record()).state != g.state:
                problems.append(f"seed {seed}: replay differs")
        if len(problems) >= 5:
            break
    assert not problems, problems

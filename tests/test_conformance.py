"""Every registered game, played through the common entry points, keeps its promises.

Seeded games with random-legal policies for every player: after every event the game's declared
invariants hold and the state survives a JSON round trip unchanged; at the end the game has a
result, and replaying its record (seed + decisions) gives the identical final state.
"""
from __future__ import annotations

import pytest

from rules_lib.core.engine import GameRecord, replay
from rules_lib.registry import game_names, get_game

GAMES = game_names()
SEEDS = range(12)


def random_policies(entry):
    return {player: entry.policies["random"]() for player in entry.players}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_keeps_invariants_round_trips_and_replays(name, seed):
    entry = get_game(name)
    game = entry.new_game(seed=seed, policies=random_policies(entry))
    state_cls = entry.state_class
    for _ in range(entry.max_events):
        event = game.step_event()
        if event is None:
            break
        broken = entry.invariants(game.state)
        assert not broken, f"{name} seed {seed}, after event {event.index} ({event.message}): {broken}"
        assert event.rule, f"{name}: event without a rule reference: {event.message}"
        assert isinstance(event.assumed, str) and event.assumed == event.assumed.strip(), (
            f"{name}: an assumed event's reason must be plain text: {event.message}")
        assert all(isinstance(i, str) and i for i in event.ids), event.message
        if event.index % 7 == 0:  # the round trip of every 7th state keeps the suite fast
            assert state_cls.from_json(game.state.to_json()) == game.state
    assert game.pending is None and game.finished, f"{name} seed {seed} did not finish"
    assert game.state.result is not None
    again = replay(entry.rules(), GameRecord.from_json(game.record().to_json()))
    assert again.state.to_json() == game.state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_summary_has_an_outcome_and_data_validates(name):
    entry = get_game(name)
    game = entry.new_game(seed=0, policies=random_policies(entry))
    game.run_to_end(max_events=entry.max_events)
    row = entry.summary(game.state)
    assert "outcome" in row and row["outcome"] is not None
    assert entry.validate_data() == []


@pytest.mark.parametrize("name", GAMES)
def test_provenance_report_lists_assumed_values(name):
    report = get_game(name).provenance_report()
    assert len(report) > 0 and set(report.columns) >= {"file", "path", "assumed"}


def test_unknown_game_is_named_in_the_error():
    with pytest.raises(KeyError, match="chess"):
        get_game("chess")

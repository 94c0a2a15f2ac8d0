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


# -- the one game contract (rules_lib.core.contract) ------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_a_game_module_with_the_contracts_facts(name):
    from rules_lib.core.contract import GameModule, capabilities

    game = get_game(name)
    assert isinstance(game, GameModule) and game.name == name
    assert game.title and game.rulebook and game.players and game.scenarios and game.phases
    assert game.default_policy in game.policies
    assert set(game.default_policies) <= set(game.players)
    for v in game.variants:
        assert v.description and v.section != "(no section given)", v.name
    offered = dict(capabilities(game))
    assert "board_view" in offered and "odds" in offered  # every game draws and has odds


@pytest.mark.parametrize("name", GAMES)
def test_a_bare_new_game_gives_every_player_the_games_default_policy(name):
    game = get_game(name)
    played = game.new_game(seed=0)
    for player in game.players:
        expected = game.policies[game.default_policies.get(player, game.default_policy)]
        assert type(played.policies[player]).__name__ == _policy_class(expected).__name__


def _policy_class(factory):
    return factory if isinstance(factory, type) else type(factory())


@pytest.mark.parametrize("name", GAMES)
def test_policies_by_name_and_by_object_are_both_accepted(name):
    game = get_game(name)
    mine = game.policies["random"]()
    played = game.new_game(seed=1, policies={game.players[0]: mine,
                                             game.players[-1]: "random"})
    assert played.policies[game.players[0]] is mine
    with pytest.raises(ValueError, match="no policy"):
        game.new_game(policies={game.players[0]: "no such policy"})


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_state_in_an_unknown_phase_is_refused_before_anything_runs(name):
    from rules_lib.core.engine import Game, StateError

    game = get_game(name)
    state = game.new_game(seed=2).state.copy()
    state.phase = "Tea Break"
    with pytest.raises(StateError, match="Tea Break"):
        game.new_game(state.to_data())
    with pytest.raises(StateError, match="unknown phase"):
        Game(game.rules(), state, seed=0)  # the engine itself refuses it: no endless loop


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("saved", [{}, [1, 2, 3], "hello", {"game": "chess"}])
def test_a_saved_state_that_is_no_state_of_this_game_is_refused(name, saved):
    from rules_lib.core.engine import StateError

    with pytest.raises(StateError):
        get_game(name).new_game(saved)


@pytest.mark.parametrize("name", GAMES)
def test_validate_data_lists_every_problem_of_a_broken_copy(name, tmp_path):
    import shutil

    game = get_game(name)
    copy = tmp_path / "data"
    shutil.copytree(game.data_loader.folder, copy)
    first = copy / game.data_loader.paths[game.data_loader.names[0]]
    first.write_text("this: [is, broken\n", encoding="utf-8")
    problems = game.validate_data(copy)
    assert problems and str(first) in problems[0]
    assert game.validate_data() == []  # the shipped data is untouched


def test_importing_the_games_loads_no_data():
    import subprocess
    import sys

    code = ("import rules_lib.core.data as d\n"
            "calls = []\n"
            "orig = d.load_data\n"
            "d.load_data = lambda p: calls.append(p) or orig(p)\n"
            "from rules_lib.registry import game_names, get_game\n"
            "games = [get_game(n) for n in game_names()]\n"
            "print(len(calls))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"

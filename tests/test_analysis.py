"""Analysis from any moment: continuations of a position, options compared on the same seeds."""
from __future__ import annotations

import pytest

from rules_lib import analysis
from rules_lib.analysis import compare_options, evaluate, evaluation_curve
from rules_lib.core.engine import IllegalChoice
from rules_lib.registry import get_game

from .core.test_contract import Race


@pytest.fixture
def race(tmp_path, monkeypatch) -> Race:
    """The contract's toy race, reachable by name as analysis reaches games."""
    (tmp_path / "track.yaml").write_text("length: 20\nstart: 0\nrulebook: Race §2\n")
    game = Race(tmp_path)
    monkeypatch.setattr(analysis, "get_game", lambda name: game)
    return game


def waiting_for(module, player: str, seed: int = 1):
    """A game paused on ``player``'s first decision (the others play their defaults)."""
    game = module.new_game(seed=seed, policies={player: "person"}, keep_log=False)
    while game.step_event() is not None:
        pass
    assert game.pending is not None and game.pending.player == player
    return game


def test_evaluating_a_position_leaves_it_as_it_was():
    gin = get_game("ginormopod")
    game = waiting_for(gin, "Human")
    before = (game.state.to_json(), game.events_seen, game.dice.rolls, game.pending.options)
    ev = evaluate(game, 12, seed=5)
    assert (game.state.to_json(), game.events_seen, game.dice.rolls,
            game.pending.options) == before
    assert ev.n == 12 and abs(ev.outcomes["rate"].sum() - 1) < 1e-9
    assert set(ev.players["player"]) == set(gin.players)
    assert (ev.players["low"] <= ev.players["rate"]).all()


def test_the_same_seed_gives_the_same_evaluation_and_another_seed_other_games():
    game = waiting_for(get_game("ginormopod"), "Human")
    a, b = evaluate(game, 10, seed=3), evaluate(game, 10, seed=3)
    assert a.rows.equals(b.rows)
    c = evaluate(game, 10, seed=300)
    assert not a.rows.drop(columns="seed").equals(c.rows.drop(columns="seed"))


def test_results_are_identical_whatever_the_executor_and_its_worker_count():
    game = waiting_for(get_game("ginormopod"), "Swarm", seed=2)
    here = evaluate(game, 16, seed=7)
    elsewhere = evaluate(game, 16, seed=7, executor="processes:2")
    assert here.rows.equals(elsewhere.rows)
    options_here = compare_options(game, 6, seed=1, options=[0, 1]).to_frame()
    options_there = compare_options(game, 6, seed=1, options=[0, 1],
                                    executor="processes:2").to_frame()
    assert options_here.equals(options_there)


def test_a_clearly_losing_option_is_ranked_last_with_an_interval_that_separates_it(race):
    game = race.new_game(seed=4, policies={"Red": "person"})
    while game.step_event() is not None:
        pass
    assert game.pending.options == ["no", "yes"]  # sprinting only ever helps Red
    result = compare_options(game, 300, seed=0)
    assert [o.option for o in result.options] == ["yes", "no"]
    worst = result.options[-1]
    assert worst.separated and worst.diff_high < 0 and result.best_is_separated
    assert result.best.rate > worst.rate


def test_options_share_their_seeds_so_each_continuation_is_compared_on_the_same_luck(race):
    game = race.new_game(seed=4, policies={"Red": "person"})
    while game.step_event() is not None:
        pass
    result = compare_options(game, 20, seed=9)
    seeds = [list(o.evaluation.rows["seed"]) for o in result.options]
    assert seeds[0] == seeds[1] == list(range(9, 29))


def test_comparing_needs_a_pending_decision():
    game = get_game("ginormopod").new_game(seed=1)
    with pytest.raises(IllegalChoice, match="no decision is pending"):
        compare_options(game, 5)


@pytest.mark.parametrize("n", [0, -3, 10**7])
def test_a_senseless_number_of_continuations_is_refused(n):
    game = get_game("ginormopod").new_game(seed=1)
    with pytest.raises(ValueError, match="continuations"):
        evaluate(game, n)


def test_every_game_can_be_evaluated_from_a_pending_decision():
    for name in ("ginormopod", "space_vermin", "gods_war", "zombies_giants"):
        module = get_game(name)
        game = waiting_for(module, module.players[0])
        ev = evaluate(game, 3, seed=1)
        assert ev.n == 3 and abs(ev.outcomes["rate"].sum() - 1) < 1e-9, name


def test_the_evaluation_curve_has_a_row_per_turn_played(race):
    game = race.new_game(seed=2)
    game.run_to_end()
    curve = evaluation_curve(game, 20, seed=1)
    turns = sum(1 for e in game.log if e.kind == "turn")
    assert 1 <= len(curve) <= turns + 1
    assert ((curve["Red"] >= 0) & (curve["Red"] <= 1)).all()
    assert list(curve["event"]) == sorted(curve["event"])


def test_position_at_finds_the_first_decision_of_a_kind_and_pauses_there():
    from rules_lib.analysis import position_at

    game = position_at("ginormopod", "retreat", seed=1)
    assert game.pending.kind == "retreat" and len(game.pending.options) >= 2
    assert game.finished is False and game.state.result is None
    with pytest.raises(ValueError, match="no 'teleport' decision"):
        position_at("ginormopod", "teleport", seed=1, max_games=2)


def test_a_paused_player_still_answers_its_other_decisions_as_usual():
    from rules_lib.analysis import PauseAt
    from rules_lib.core.engine import ASK_PERSON, Decision, FirstOptionPolicy

    pause = PauseAt(["retreat"], FirstOptionPolicy())
    move = Decision("Human", "move", "Where?", ["stay", "Chicago"])
    retreat = Decision("Human", "retreat", "Retreat where?", ["Chicago", "Buffalo"])
    assert pause.choose(None, move, None) == "stay"
    assert pause.choose(None, retreat, None) is ASK_PERSON

"""The quiz on a live game (``rules_lib.teaching.live``): the look-ahead plays exactly what the
live game will, so every question stops the game just before its event, every reveal plays the
events foreseen, and a game played through the quiz is the game played without it.
"""
from __future__ import annotations

import pytest

from rules_lib.registry import game_names, get_game
from rules_lib.teaching.live import LiveQuiz, LookAhead, replica
from rules_lib.teaching.quiz import question_kinds


def random_game(game: str, seed: int):
    """A game whose every player plays at random (the policies draw from the game's stream)."""
    module = get_game(game)
    policies = {p: "random" for p in module.players} if "random" in module.policies else None
    return module.new_game(seed=seed, policies=policies)


@pytest.mark.parametrize("game", game_names())
def test_a_game_played_through_the_quiz_is_the_game_played_without_it(game):
    """Every kind on, random play (the policies' random stream must be copied to look ahead),
    stepping by steps: each question stops the game at its event and reveals what was foreseen."""
    live, plain = random_game(game, 5), random_game(game, 5)
    plain.run_to_end(get_game(game).max_events)
    quiz = LiveQuiz(game)
    asked = 0
    for _ in range(3000):
        if live.finished or live.state.result is not None or asked >= 6:
            break
        q = quiz.step(live, lambda g: g.next_phase())
        if q is None:
            continue
        assert live.events_seen == q.stop
        assert [e.message for e in live.log] == [e.message for e in plain.log[:q.stop]]
        quiz.answer(q.options[asked % len(q.options)])
        shown = quiz.reveal(live)  # raises if the game played other events than foreseen
        assert [(e.index, e.message) for e in shown] == list(q.revealed)
        asked += 1
    assert asked >= 1
    live.run_to_end(get_game(game).max_events)
    assert [e.message for e in live.log] == [e.message for e in plain.log]


def test_the_replica_plays_on_exactly_as_the_live_game_with_queued_dice():
    live = random_game("ginormopod", 2)
    live.next_turn()
    live.dice.force(6, 6, 1)
    copy = replica(live)
    assert copy is not live and copy.dice.queued == (6, 6, 1)
    copy.next_turn()
    live.next_turn()
    assert [e.message for e in copy.log] == [e.message for e in live.log]


def test_looking_ahead_leaves_the_live_game_untouched():
    live = random_game("space_vermin", 1)
    live.next_phase()
    before, seen = live.state.to_json(), live.events_seen
    ahead = LookAhead("space_vermin", live, lambda g: g.next_turn())
    assert live.state.to_json() == before and live.events_seen == seen
    assert ahead.start == seen < ahead.end <= len(ahead.log)
    decisions = [e for e in ahead.log[seen:] if e.kind == "decision"]
    assert all(e.data["choice"] in ahead.options[e.index] for e in decisions)


def test_a_waiting_question_must_be_answered_or_dropped_before_stepping_on():
    live = get_game("ginormopod").new_game(seed=3)
    quiz = LiveQuiz("ginormopod", ["who_retreats"])
    q = quiz.step(live, lambda g: g.run_to_end())
    assert q is not None
    with pytest.raises(ValueError, match="waiting"):
        quiz.step(live, lambda g: g.step_event())
    assert quiz.answer(q.answer).correct and quiz.answer(q.options[0]) is quiz.answered
    assert quiz.score.asked == 1  # a second click on the same question is not scored again
    quiz.cancel()
    assert quiz.step(live, lambda g: g.run_to_end()) == q  # asked again where it stands
    with pytest.raises(ValueError, match="no question kind"):
        LiveQuiz("ginormopod", ["guess_the_weather"])
    with pytest.raises(ValueError, match="not at the question"):
        quiz.reveal(live.undo(1))
    assert set(question_kinds("ginormopod")) >= {"who_retreats", "overrun", "fort_absorbs"}

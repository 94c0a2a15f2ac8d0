"""The quiz on a live game: stop it before the chosen kinds of events, ask, then reveal.

The stepper's "Quiz me" mode. A learner steps a game (next event, next step, next phase ...); the
quiz plays the same stepping action ahead on an exact copy of the game (:func:`replica`: the
engine's replay of its record, with the same policies and random streams), reads the events it
would play with the game's question kinds (``rules_lib.teaching.questions``: they read a
:class:`LookAhead` exactly as they read a probe of a whole seeded game) and, when one of those
events is a question, steps the live game only up to just before it. The learner answers among
the engine's own alternatives; :meth:`LiveQuiz.reveal` steps the live game through what the engine
did, and checks it did what the look-ahead saw.

The live game is never stepped beyond what the learner asked for, and never by the look-ahead:
until the reveal its state is the one shown, so undo and history work as without the quiz.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rules_lib.core.engine import Event, Game, GameState, RandomPolicy
from rules_lib.registry import get_game
from rules_lib.teaching.moments import SearchDesign, step_to
from rules_lib.teaching.probe import Draft, Probe, QuestionKind, _Recording
from rules_lib.teaching.questions import STOP_KINDS
from rules_lib.teaching.quiz import Answer, Question, Score, kinds_of, pose

#: The look-ahead plays on past the stepping action until an event that ends a step, phase, turn
#: or combat (the kinds read the events after the one they ask about up to there), at most this many.
LOOK_FURTHER = 2_000

Action = Callable[[Game], Any]  # a stepping action: Game.step_event, Game.next_step ...


def replica(game: Game) -> Game:
    """An exact copy of a live game at its position, to play ahead without touching it.

    The engine's replay of the game's record (decisions, forced faces, reseeds) to the same number
    of events, the faces a person queued and not rolled yet, the same policy objects, and the
    policies' random stream where the live game's stands: stepping the copy plays exactly the
    events stepping the live game would (the quiz's tests check it for every game).
    """
    copy = game.replay_to(game.events_seen, keep_log=True)
    queued = tuple(getattr(game.dice, "queued", ()) or ())
    if queued:  # a CountingDice (the engine's): a person forced the next faces
        copy.dice.force(*queued)  # type: ignore[attr-defined]
    # the policies' choices come from the game's own random stream (Game.policy_rng): the copy
    # must go on from where the live game's is, not from the start a replay gives it
    copy.policy_rng.setstate(game.policy_rng.getstate())
    return copy


class LookAhead(Probe):
    """A live game's log so far and the events a stepping action would play next, read by the
    question kinds as they read a :class:`Probe` of a whole game.

    ``start`` is where the live game stands, ``end`` where the action would leave it; the log
    goes on past ``end`` to the next event that ends a step, phase, turn or combat (the answers
    some kinds read). ``options`` holds the legal options of each decision played ahead.
    ``error`` is what the action raised on the copy (the live game will raise it too).
    """

    def __init__(self, game: str, live: Game, action: Action, *,
                 design: SearchDesign | None = None) -> None:
        self.game = game
        self.module = get_game(game)
        self.design = design  # type: ignore[assignment]  # None: a game played in a stepper
        self.seed = live.seed
        self._data = live.ctx.data
        self._shadow = None
        self.start = live.events_seen
        self._ahead = ahead = replica(live)
        offered: list[list[Any]] = []
        for player in dict.fromkeys([*ahead.rules.players, *ahead.policies]):
            policy = ahead.policies.get(player) or RandomPolicy()
            ahead.policies[player] = _Recording(policy, offered)
        self.error: Exception | None = None
        try:
            action(ahead)
        except Exception as exc:  # noqa: BLE001 - the live game raises it when it is stepped
            self.error = exc
        self.end = ahead.events_seen
        if self.error is None:
            self._play_on(ahead)
        self.log: list[Event] = ahead.log
        decisions = [e.index for e in self.log[self.start:] if e.kind == "decision"]
        self.options = dict(zip(decisions, offered))  # a person's pending decision has no event

    @staticmethod
    def _play_on(ahead: Game) -> None:
        for _ in range(LOOK_FURTHER):
            try:
                event = ahead.step_event()
            except Exception:  # noqa: BLE001 - the answers end here; the live game raises later
                return
            if event is None or event.kind in STOP_KINDS:
                return

    def state_at(self, n_events: int) -> GameState:
        """The state after ``n_events`` events (the copy's record replayed)."""
        return self._ahead.replay_to(n_events, keep_log=False).state

    def drafts(self, kinds: Sequence[QuestionKind]) -> list[tuple[QuestionKind, Draft]]:
        """The questions the kinds find among the events the action plays (posed before one of
        them: ``start <= stop < end``), in the order of the game, the kinds in their order."""
        out = []
        for i in range(max(0, self.start - 1), min(self.end, len(self.log))):
            for kind in kinds:
                d = kind.draft(self, i)
                if d is not None and self.start <= d.stop < self.end:
                    out.append((kind, d))
        return sorted(out, key=lambda kd: kd[1].stop)


class LiveQuiz:
    """Quiz mode on a live game: stepping stops before the chosen kinds of events.

    ``step(game, action)`` runs a stepping action (``Game.step_event``, ``Game.next_step`` ...)
    on ``game``, unless one of the events it would play is a question: then ``game`` is stepped to
    just before that event and the :class:`Question` returned (its options are the engine's
    alternatives at that position). ``answer(choice)`` judges an answer and keeps the score per
    rule; ``reveal(game)`` steps ``game`` through the events that show the answer. ``cancel()``
    drops a question (the game was undone or turned elsewhere). One quiz keeps its score across
    games (``score``).
    """

    def __init__(self, game: str, kinds: Iterable[str] | None = None, *,
                 score: Score | None = None, design: SearchDesign | None = None) -> None:
        self.game_name = game
        self.kinds: list[QuestionKind] = kinds_of(game, kinds)
        self.score = score if score is not None else Score(game)
        self.design = design
        self.current: Question | None = None
        self.answered: Answer | None = None

    def choose_kinds(self, kinds: Iterable[str] | None) -> None:
        """Ask about these kinds from now on (None: every kind of the game)."""
        self.kinds = kinds_of(self.game_name, kinds)

    def step(self, game: Game, action: Action) -> Question | None:
        """Run ``action`` on the live game, or stop it before the first question of the events
        the action would play; that question (None: the action ran as without the quiz)."""
        if self.current is not None:
            raise ValueError("a question is waiting for its answer")
        self.answered = None
        start = game.events_seen
        ahead = LookAhead(self.game_name, game, action, design=self.design)
        for kind, draft in ahead.drafts(self.kinds):
            step_to(game, draft.stop)
            if game.events_seen != draft.stop:
                raise RuntimeError(f"{self.game_name}: the game stopped at event "
                                   f"{game.events_seen}, before the question at {draft.stop}")
            question = pose(ahead, kind, draft, game.state)
            if question is not None:
                self.current = question
                return question
        if game.events_seen == start:
            action(game)  # exactly what the action does without the quiz, errors included
        else:
            step_to(game, ahead.end)
        return None

    def answer(self, choice: str | int) -> Answer:
        """Judge the answer to the waiting question and keep the score (once per question)."""
        if self.current is None:
            raise ValueError("no question is waiting: step the game first")
        if self.answered is not None and self.answered.question is self.current:
            return self.answered
        verdict = self.current.check(choice)
        self.score.record(verdict)
        self.answered = verdict
        return verdict

    def reveal(self, game: Game) -> list[Event]:
        """Step the live game through the events that show the answer; those events. The
        question is then done."""
        question = self.current
        if question is None:
            return []
        if game.events_seen != question.stop:
            raise ValueError(f"the game stands at event {game.events_seen}, not at the question "
                             f"(event {question.stop}): step it back or cancel the question")
        shown: list[Event] = []
        while game.events_seen <= question.answer_index:
            event = game.step_event()
            if event is None:
                break
            shown.append(event)
        self.current = None
        if [(e.index, e.message) for e in shown] != list(question.revealed):
            raise RuntimeError(f"{self.game_name}: the game played other events than the quiz "
                               f"foresaw at event {question.stop}; the answer was judged on "
                               "the foreseen ones")
        return shown

    def cancel(self) -> None:
        """Drop the waiting question (its answer is not revealed; an answer given is scored)."""
        self.current = None


class QuizSession:
    """Quiz mode on one new seeded game, without a stepper.

    ``session.game`` is the live Game. ``next_question()`` plays it on to just before the next
    question and returns it (None: the game ended without one); ``answer(choice)`` judges it and
    keeps the score; ``reveal()`` steps the game through what the engine did. Questions carry the
    design and seed, so ``question.game_at()`` rebuilds their position.
    """

    def __init__(self, game: str, seed: int = 0, *, scenario: str | None = None,
                 policies: Mapping[str, str] | None = None, variants: Sequence[str] = (),
                 kinds: Iterable[str] | None = None, score: Score | None = None) -> None:
        module = get_game(game)
        self.design = SearchDesign(scenario or module.scenarios[0],
                                   tuple(sorted((policies or {}).items())),
                                   tuple(module.choose_variants(list(variants))))
        self.quiz = LiveQuiz(game, kinds, score=score, design=self.design)
        self.game_name = game
        self.seed = seed
        self.game = self.design.new_game(game, seed, keep_log=True)
        self._max_events = module.max_events

    @property
    def score(self) -> Score:
        return self.quiz.score

    @property
    def current(self) -> Question | None:
        return self.quiz.current

    def next_question(self) -> Question | None:
        """Play the game to just before the next question; the question (None: no more). A
        question not yet revealed is asked again."""
        self.quiz.cancel()
        return self.quiz.step(self.game, lambda g: g.run_to_end(self._max_events))

    def answer(self, choice: str | int) -> Answer:
        return self.quiz.answer(choice)

    def reveal(self) -> list[Event]:
        return self.quiz.reveal(self.game)


__all__ = ["LiveQuiz", "LookAhead", "QuizSession", "replica"]

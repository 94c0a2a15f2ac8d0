"""What the quiz reads: a seeded game probed ahead, and the drafts of questions found in it.

A :class:`Probe` plays a seeded game to the end with its log and notes, for every decision, the
options the engine offered (the policies answer exactly as they would; a wrapper only listens).
Question kinds (``rules_lib.teaching.questions``) read a probe event by event and draft the
questions :mod:`rules_lib.teaching.quiz` poses.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_lib.core.engine import Event, Game, GameState
from rules_lib.registry import get_game
from rules_lib.teaching.moments import SearchDesign, step_to

# --------------------------------------------------------------------------------------------------
# Probing a game
# --------------------------------------------------------------------------------------------------


class _Recording:
    """A policy that answers as the wrapped one does and notes the options it was offered."""

    def __init__(self, policy: Any, sink: list[list[Any]]) -> None:
        self.policy = policy
        self.sink = sink
        self.name = getattr(policy, "name", "policy")

    def choose(self, state: GameState, decision: Any, rng: random.Random) -> Any:
        self.sink.append(list(decision.options))
        return self.policy.choose(state, decision, rng)


class Probe:
    """A seeded game played to the end with its log, the legal options of every decision
    (``options[event index]``), and positions rebuilt on demand (``state_at``)."""

    def __init__(self, game: str, design: SearchDesign, seed: int) -> None:
        self.game = game
        self.design = design
        self.seed = seed
        self.module = get_game(game)
        g = design.new_game(game, seed, keep_log=True)
        offered: list[list[Any]] = []
        for player, policy in list(g.policies.items()):
            g.policies[player] = _Recording(policy, offered)
        g.run_to_end(max_events=self.module.max_events)
        self.log: list[Event] = g.log
        decisions = [e.index for e in self.log if e.kind == "decision"]
        self.options: dict[int, list[Any]] = dict(zip(decisions, offered))
        self._shadow: Game | None = None
        self._data: Any = None

    @property
    def data(self) -> Any:
        """The game's typed data for this design's variants."""
        if self._data is None:
            self._data = self.module.game_data(None, list(self.design.variants))
        return self._data

    def state_at(self, n_events: int) -> GameState:
        """The state after ``n_events`` events (a game replayed alongside, stepped forward)."""
        if self._shadow is None or self._shadow.events_seen > n_events:
            self._shadow = self.design.new_game(self.game, self.seed, keep_log=False)
        return step_to(self._shadow, n_events).state

    def before(self, i: int, test: Callable[[Event], bool]) -> Event | None:
        """The last event before event ``i`` that passes ``test``."""
        for e in reversed(self.log[:i]):
            if test(e):
                return e
        return None

    def after(self, i: int, test: Callable[[Event], bool],
              until: Callable[[Event], bool] = lambda e: False) -> Event | None:
        """The first event after event ``i`` that passes ``test`` (None once ``until`` holds)."""
        for e in self.log[i + 1:]:
            if test(e):
                return e
            if until(e):
                return None
        return None


# --------------------------------------------------------------------------------------------------
# Question kinds and drafts
# --------------------------------------------------------------------------------------------------


@dataclass
class Draft:
    """A question a kind found in a probed game, before it is posed."""

    kind: str
    stop: int  # events seen when the question is posed (the game pauses before event `stop`)
    answer_index: int  # the last event that reveals the answer
    prompt: str
    answer: str
    rule: str  # the reference entry that explains the answer
    options: Sequence[str] | Callable[[GameState], Sequence[str]] = ()
    interest: int = 0  # higher: a better question (a lesson prefers them)


@dataclass(frozen=True)
class QuestionKind:
    """A kind of question: which events it asks about (``draft(probe, i)`` for event ``i``)."""

    game: str
    name: str
    title: str
    rule: str  # the reference entry the kind teaches, mostly
    draft: Callable[[Probe, int], Draft | None]


def sample_options(rng_seed: Any, right: str, others: Sequence[str], k: int = 3) -> list[str]:
    """The right answer and up to ``k`` of the others, chosen and ordered by a seeded shuffle
    (the same question always shows the same options in the same order)."""
    rng = random.Random(str(rng_seed))
    pool = [o for o in dict.fromkeys(others) if o != right]
    picked = rng.sample(pool, min(k, len(pool))) + [right]
    return sorted(picked, key=_natural)


def _natural(text: str) -> tuple[Any, ...]:
    """Sort '2' before '10', words as words."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(text)))


__all__ = ["Draft", "Probe", "QuestionKind", "sample_options"]

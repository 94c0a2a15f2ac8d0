"""Learn by playing: the rule reference, "show me this rule in action", and quizzes.

* :mod:`rules_lib.teaching.reference` -- every rule a game implements, in the project's words:
  ``rule_reference(game)`` (entries by catalogue ID, search, what a log citation stands for).
* :mod:`rules_lib.teaching.moments` -- ``find_moments(game, rule, ...)``: replayable moments of
  seeded games where a rule applies, searched on any executor, remembered for the next request.
* :mod:`rules_lib.teaching.quiz` -- questions posed just before the engine applies a rule, with the
  alternatives the engine considers: ``build_lesson(game)``, ``Score``.
* :mod:`rules_lib.teaching.live` -- the same questions on a live game, the stepper's quiz mode:
  ``LiveQuiz(game).step(live_game, action)`` stops before a question; ``QuizSession(game, seed)``.

No widgets here: the Explorer's teaching panels drive these plain objects.
"""
from __future__ import annotations

from rules_lib.teaching.live import LiveQuiz, QuizSession
from rules_lib.teaching.moments import (
    FindResult,
    Moment,
    SearchDesign,
    clear_cache,
    find_moments,
    rule_frequency,
    search_plan,
)
from rules_lib.teaching.quiz import (
    Answer,
    Lesson,
    Question,
    Score,
    build_lesson,
    question_kinds,
)
from rules_lib.teaching.reference import RuleEntry, RuleReference, moments_in_log, rule_reference

__all__ = ["Answer", "FindResult", "Lesson", "LiveQuiz", "Moment", "Question", "QuizSession",
           "RuleEntry", "RuleReference", "Score", "SearchDesign", "build_lesson", "clear_cache",
           "find_moments", "moments_in_log", "question_kinds", "rule_frequency", "rule_reference",
           "search_plan"]

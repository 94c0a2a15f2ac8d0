"""Quiz mode, "what happens next?": questions posed just before the engine applies a rule.

A seeded game is played once ahead with its log and, for every decision, the options the engine
offered (a :class:`Probe`). Each *question kind* (``rules_lib.teaching.questions``) looks at the log
for the events it asks about -- a Vermite's step by the movement indicator, where a retreating unit
goes, whether a battle ends in an Overrun, which hits a Fort absorbs, how many dice a Giant rolls to
move ... -- and drafts a question: where to stop (before the event), the prompt, the alternatives
(the options the engine itself considered legal, or what the rule could produce), the answer the
engine gave, and the reference entry that explains it.

Plain objects for a widget to drive, no widget here:

* :class:`Question` -- posed at a moment of a game (``question.game_at()`` rebuilds it there);
  ``question.check(choice)`` gives an :class:`Answer`: right or wrong, the right answer, what the
  engine did (the events revealed) and the rule's summary with its citation.
* :class:`Score` -- per rule: asked, right, mastered.
* :class:`Lesson` -- about ten questions from seeded games (:func:`build_lesson`), answered in turn.

The stepper's quiz mode, the same questions posed on a live game, is :mod:`rules_lib.teaching.live`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import Game, GameState
from rules_lib.registry import get_game
from rules_lib.teaching.moments import SearchDesign, search_order, search_plan, step_to
from rules_lib.teaching.probe import Draft, Probe, QuestionKind
from rules_lib.teaching.questions import KINDS
from rules_lib.teaching.reference import RuleEntry, rule_reference

MASTERED_AFTER = 2  # right answers in a row that make a rule "mastered"
LESSON_QUESTIONS = 10
LESSON_MAX_GAMES = 40  # games probed at most to find a lesson's questions
CONTEXT_EVENTS = 3  # events before the stop shown with a question


def question_kinds(game: str) -> dict[str, QuestionKind]:
    """The kinds of question a game offers, by name."""
    get_game(game)  # an unknown game is an error, not an empty list
    return dict(KINDS.get(game, {}))


def kinds_of(game: str, kinds: Iterable[str] | None) -> list[QuestionKind]:
    """The question kinds named (None: every kind of the game); an unknown name is an error."""
    known = question_kinds(game)
    if kinds is None:
        return list(known.values())
    out = []
    for name in kinds:
        if name not in known:
            raise ValueError(f"{game}: no question kind {name!r}; kinds: {', '.join(known)}")
        out.append(known[name])
    return out


def drafts(probe: Probe, kinds: Sequence[QuestionKind]) -> list[Draft]:
    """Every question the kinds find in a probed game, in the order of the game."""
    out = []
    for i in range(len(probe.log)):
        for kind in kinds:
            d = kind.draft(probe, i)
            if d is not None:
                out.append(d)
    return out


# --------------------------------------------------------------------------------------------------
# Questions and answers
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Question:
    """A question posed at a moment of a seeded game (plain data; ``answer`` is the engine's)."""

    game: str
    kind: str
    title: str
    prompt: str
    options: tuple[str, ...]
    answer: str
    rule: str
    design: SearchDesign | None  # None: posed on a game played in a stepper (no seeded design)
    seed: int
    stop: int
    answer_index: int
    context: tuple[str, ...] = ()  # the messages of the events just before the stop
    revealed: tuple[tuple[int, str], ...] = ()  # the events that show the answer: (index, message)

    @property
    def entry(self) -> RuleEntry:
        return rule_reference(self.game)[self.rule]

    def game_at(self, *, keep_log: bool = True) -> Game:
        """The game rebuilt at the question (``stop`` events played); stepping it on plays what
        the engine did."""
        if self.design is None:
            raise ValueError("this question was posed on a game played in the stepper: its "
                             "position is that game, not a seeded design to rebuild")
        return step_to(self.design.new_game(self.game, self.seed, keep_log=keep_log), self.stop)

    def check(self, choice: str | int) -> Answer:
        """Judge an answer (an option or its index)."""
        if isinstance(choice, int) and not isinstance(choice, bool):
            if not 0 <= choice < len(self.options):
                raise ValueError(f"option {choice} is not one of 0..{len(self.options) - 1}")
            choice = self.options[choice]
        if choice not in self.options:
            raise ValueError(f"{choice!r} is not one of the options: {', '.join(self.options)}")
        entry = self.entry
        right = choice == self.answer
        feedback = ("Right!" if right else f"Not quite: the engine's answer is {self.answer!r}, "
                                           f"not {choice!r}.")
        explanation = f"{entry.summary} ({entry.citation})"
        if entry.reading != "rulebook":
            explanation += f" The project's reading: {entry.why}"
        return Answer(self, choice, right, feedback, explanation)

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "kind": self.kind, "title": self.title, "prompt": self.prompt,
                "options": list(self.options), "answer": self.answer, "rule": self.rule,
                "design": self.design.as_dict() if self.design is not None else None, "seed": self.seed, "stop": self.stop,
                "answer_index": self.answer_index, "context": list(self.context),
                "revealed": [list(r) for r in self.revealed]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Question:
        return cls(data["game"], data["kind"], data["title"], data["prompt"],
                   tuple(data["options"]), data["answer"], data["rule"],
                   SearchDesign.from_dict(data["design"]) if data.get("design") else None, int(data["seed"]), int(data["stop"]),
                   int(data["answer_index"]), tuple(data.get("context", ())),
                   tuple((int(i), str(m)) for i, m in data.get("revealed", ())))

    def __str__(self) -> str:
        opts = "\n".join(f"  {n}. {o}" for n, o in enumerate(self.options))
        return f"{self.title}\n{self.prompt}\n{opts}"


@dataclass(frozen=True)
class Answer:
    """The verdict on an answer: right or wrong, and why (the rule's summary and citation)."""

    question: Question
    choice: str
    correct: bool
    feedback: str
    explanation: str

    @property
    def right_answer(self) -> str:
        return self.question.answer

    @property
    def rule(self) -> str:
        return self.question.rule

    @property
    def citation(self) -> str:
        return self.question.entry.citation

    @property
    def revealed(self) -> list[str]:
        """What the engine did, event by event."""
        return [m for _, m in self.question.revealed]

    def __str__(self) -> str:
        return "\n".join([self.feedback, *self.revealed, self.explanation])


def pose(probe: Probe, kind: QuestionKind, draft: Draft,
         state: GameState | None = None) -> Question | None:
    """Turn a draft into a question (options that need the position are worked out from it);
    None if the draft's answer is not among its options."""
    options = draft.options
    if callable(options):
        options = options(state if state is not None else probe.state_at(draft.stop))
    options = tuple(dict.fromkeys(str(o) for o in options))
    # an option may carry a gloss after the answer's own text: "315 (N)" answers "315"
    answer = next((o for o in options if o == draft.answer), None) or next(
        (o for o in options if o.split(" (")[0] == draft.answer), None)
    if answer is None or len(options) < 2:
        return None
    ctx = tuple(e.message for e in probe.log[max(0, draft.stop - CONTEXT_EVENTS):draft.stop])
    revealed = tuple((e.index, e.message) for e in probe.log[draft.stop:draft.answer_index + 1])
    return Question(probe.game, kind.name, kind.title, draft.prompt, options, answer,
                    draft.rule, probe.design, probe.seed, draft.stop, draft.answer_index, ctx,
                    revealed)


# --------------------------------------------------------------------------------------------------
# Scores
# --------------------------------------------------------------------------------------------------


@dataclass
class RuleScore:
    """How a learner does on one rule."""

    rule: str
    asked: int = 0
    right: int = 0
    streak: int = 0  # right answers in a row, the latest last

    @property
    def mastered(self) -> bool:
        return self.streak >= MASTERED_AFTER


@dataclass
class Score:
    """Right and wrong answers per rule; a rule is mastered after MASTERED_AFTER right in a row."""

    game: str
    rules: dict[str, RuleScore] = field(default_factory=dict)

    def record(self, answer: Answer) -> RuleScore:
        s = self.rules.setdefault(answer.rule, RuleScore(answer.rule))
        s.asked += 1
        if answer.correct:
            s.right += 1
            s.streak += 1
        else:
            s.streak = 0
        return s

    @property
    def asked(self) -> int:
        return sum(s.asked for s in self.rules.values())

    @property
    def right(self) -> int:
        return sum(s.right for s in self.rules.values())

    def mastered(self, rule: str | None = None) -> bool | list[str]:
        """Is a rule mastered? Without a rule: the rules mastered."""
        if rule is not None:
            s = self.rules.get(rule)
            return bool(s and s.mastered)
        return [r for r, s in self.rules.items() if s.mastered]

    def table(self):
        """One row per rule asked: rule, section, summary, asked, right, mastered."""
        import pandas as pd

        ref = rule_reference(self.game)
        rows = []
        for r, s in self.rules.items():
            entry = ref.get(r)
            rows.append({"rule": r, "section": entry.section if entry else "",
                         "summary": entry.summary if entry else "", "asked": s.asked,
                         "right": s.right, "mastered": s.mastered})
        return pd.DataFrame(rows, columns=["rule", "section", "summary", "asked", "right",
                                           "mastered"])

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "rules": {r: [s.asked, s.right, s.streak]
                                             for r, s in self.rules.items()}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Score:
        return cls(data["game"], {r: RuleScore(r, *map(int, v))
                                  for r, v in data.get("rules", {}).items()})

    def __str__(self) -> str:
        return (f"{self.right} of {self.asked} right; mastered: "
                f"{', '.join(self.mastered()) or 'none yet'}")


# --------------------------------------------------------------------------------------------------
# Lessons
# --------------------------------------------------------------------------------------------------


@dataclass
class Lesson:
    """A short run of questions from seeded games, answered one after another."""

    game: str
    questions: list[Question]
    score: Score
    answers: list[Answer] = field(default_factory=list)
    games_probed: int = 0

    @property
    def position(self) -> int:
        """How many questions have been answered."""
        return len(self.answers)

    @property
    def current(self) -> Question | None:
        """The question to answer now (None when the lesson is over)."""
        return self.questions[self.position] if self.position < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.position >= len(self.questions)

    def answer(self, choice: str | int) -> Answer:
        """Answer the current question; the score keeps it and the lesson moves on."""
        question = self.current
        if question is None:
            raise ValueError("the lesson is over")
        verdict = question.check(choice)
        self.answers.append(verdict)
        self.score.record(verdict)
        return verdict

    def summary(self) -> str:
        right = sum(a.correct for a in self.answers)
        return (f"{self.game} lesson: {right} of {len(self.answers)} answered right "
                f"({len(self.questions)} questions). {self.score}")

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "questions": [q.as_dict() for q in self.questions],
                "answers": [a.choice for a in self.answers], "score": self.score.as_dict(),
                "games_probed": self.games_probed}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lesson:
        questions = [Question.from_dict(q) for q in data["questions"]]
        answers = [questions[i].check(c) for i, c in enumerate(data.get("answers", ()))]
        return cls(data["game"], questions, Score.from_dict(data["score"]), answers,
                   int(data.get("games_probed", 0)))


def build_lesson(game: str, n: int = LESSON_QUESTIONS, *, seed: int = 0,
                 kinds: Iterable[str] | None = None,
                 designs: Sequence[SearchDesign] | None = None,
                 max_games: int = LESSON_MAX_GAMES) -> Lesson:
    """A lesson of ``n`` questions from seeded games (the designs of the game's default plan in
    turn: every scenario, default and random play). The kinds take turns, each as often as the
    games allow; every game gives at most two questions of a kind, its most telling drafts, and
    the first question of each game comes before any game's second, so the positions vary. A
    question already asked (the same prompt) is not asked again. The same arguments give the
    same lesson."""
    chosen = kinds_of(game, kinds)
    if not chosen:
        raise ValueError(f"{game}: no question kinds")
    designs = list(designs) if designs is not None else search_plan(game)
    want = -(-n // len(chosen))  # questions per kind for an even lesson
    posed: dict[str, list[tuple[int, int, Question]]] = {k.name: [] for k in chosen}
    seen: set[tuple[str, str]] = set()
    probed = 0
    for _, design, s in search_order(designs, seed, max_games):
        probe = Probe(game, design, s)
        found = drafts(probe, chosen)
        for k in chosen:
            mine = sorted((d for d in found if d.kind == k.name), key=lambda d: -d.interest)
            taken = 0
            for d in mine:
                if taken >= 2:
                    break
                if (k.name, d.prompt) in seen:
                    continue
                q = pose(probe, k, d)
                if q is not None:
                    seen.add((k.name, d.prompt))
                    posed[k.name].append((taken, probed, q))
                    taken += 1
        probed += 1
        total = sum(len(v) for v in posed.values())
        every_kind = all(len(v) >= want for v in posed.values())
        every_design = probed >= len(designs)
        if total >= n and (every_kind or every_design) and probed >= min(3, max_games):
            break
    queues = {name: [q for _, _, q in sorted(v, key=lambda t: (t[0], t[1]))]
              for name, v in posed.items()}
    questions: list[Question] = []
    while len(questions) < n and any(queues.values()):
        for queue in queues.values():
            if queue and len(questions) < n:
                questions.append(queue.pop(0))
    return Lesson(game, questions, Score(game), games_probed=probed)


__all__ = ["Answer", "Draft", "Lesson", "Probe", "Question", "QuestionKind", "RuleScore", "Score",
           "build_lesson", "drafts", "kinds_of", "pose", "question_kinds"]

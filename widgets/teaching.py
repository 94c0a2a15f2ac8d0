"""Teaching panels: the rule reference beside the log, "show me this rule", and a quiz.

* :class:`RulePanel` — a searchable index of the game's rules (``rules_lib.teaching.RuleReference``);
  choosing a rule, or a citation clicked in the log (:meth:`RulePanel.open_citation`: an event, a citation
  text, catalogue IDs), shows its summary, section, the project's reading and the variants that
  change it, with links to its other moments in the open game (``on_goto``); "Show me" searches
  seeded games for a moment the rule fires (in a thread, with a time budget and a stop button) and
  hands a :class:`ShowMe` (seed, event index, the events to highlight) to ``on_show``: the Explorer
  opens its stepper a few events before it. The panel drives no stepper itself.
* :class:`QuizPanel` — "what happens next?": the questions of a lesson (``build_lesson``), the
  engine's alternatives as buttons, then right or wrong, what the engine did, and the rule's summary
  with its citation; a score per rule.

No rule lives here: the panels only ask ``rules_lib.teaching`` and draw what it says.
"""
from __future__ import annotations

import html
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from rules_lib.teaching import build_lesson, find_moments, moments_in_log, rule_reference

from .errors import ErrorBanner, guarded

SEARCH_BUDGET_S = 30.0  # a "show me" search stops after this and says so
SHOW_BEFORE = 3  # "show me" opens the stepper this many events before the moment
MAX_MOMENT_LINKS = 40  # links to a rule's other moments in the open game, at most


@dataclass(frozen=True)
class ShowMe:
    """What "Show me" hands the Explorer (the panel drives no stepper): which seeded game to
    open, the event where the rule applies, and every event of that game to highlight.

    ``game_at()`` is the game rebuilt ``before`` events before the moment (``start`` events
    played); stepping it on plays the moment exactly as it was found. ``moment`` is the
    :class:`rules_lib.teaching.Moment` (scenario, policies, variants, the event, the position).
    """

    game: str
    rule: str
    seed: int
    index: int
    highlight: tuple[int, ...]
    moment: Any
    before: int = SHOW_BEFORE

    @property
    def start(self) -> int:
        return max(0, self.index - self.before)

    @property
    def scenario(self) -> str:
        return self.moment.scenario

    @property
    def variants(self) -> tuple[str, ...]:
        return self.moment.variants

    @property
    def policies(self) -> dict[str, str]:
        return self.moment.policies

    def game_at(self, *, keep_log: bool = True) -> Any:
        return self.moment.game_at(before=self.before, keep_log=keep_log)

    @classmethod
    def from_moment(cls, moment: Any, before: int = SHOW_BEFORE) -> ShowMe:
        return cls(moment.game, moment.rule, moment.seed, moment.index, moment.highlights(),
                   moment, before)


def entry_html(entry: Any) -> str:
    """A rule reference entry as the side panel shows it."""
    reading = {"rulebook": "the rulebook's rule",
               "assumed": "filled in by this project",
               "chosen": "one reading of an unclear rule"}.get(entry.reading, entry.reading)
    parts = [f"<b>{html.escape(entry.key)}</b> · <i>{html.escape(entry.section)}</i>",
             f"<div>{html.escape(entry.summary)}</div>",
             f"<div><small>Reading: {html.escape(reading)}"
             + (f" — {html.escape(entry.why)}" if entry.why else "") + "</small></div>"]
    if entry.variants:
        parts.append("<div><small>Variants that change it: "
                     + ", ".join(f"<code>{html.escape(v)}</code>" for v in entry.variants)
                     + "</small></div>")
    if entry.note:
        parts.append(f"<div><small>{html.escape(entry.note)}</small></div>")
    return "".join(parts)


def verdict_html(verdict: Any) -> str:
    """An answer as the quiz shows it: right or wrong, what the engine did, the rule's summary
    with its citation."""
    colour = "#1b5e20" if verdict.correct else "#b71c1c"
    shown = "".join(f"<li>{html.escape(m)}</li>" for m in verdict.revealed)
    return (f"<div class='{'re-right' if verdict.correct else 're-wrong'}' "
            f"style='color:{colour}'><b>{html.escape(verdict.feedback)}</b></div>"
            f"<ul>{shown}</ul><div>{html.escape(verdict.explanation)}</div>")


def score_html(score: Any) -> str:
    """The score per rule (asked, right, mastered); empty before the first answer."""
    table = score.table()
    if table is None or len(table) == 0:
        return ""
    return (f"<b>Score per rule</b> <small>({html.escape(str(score))})</small>"
            + table[["rule", "asked", "right", "mastered"]].to_html(
                index=False, classes="re-quiz-score-table", border=0))


def mark_options(buttons: Sequence[widgets.Button], verdict: Any, choice: Any) -> None:
    """Disable a question's option buttons, the right one green, a wrong choice red."""
    for b in buttons:
        b.disabled = True
        if b.description == verdict.right_answer:
            b.button_style = "success"
        elif b.description == str(choice):
            b.button_style = "danger"


class RulePanel(widgets.VBox):
    """The rule index of one game: search, read an entry, find a moment it fires."""

    def __init__(self, game: str, *, on_show: Callable[[ShowMe], None] | None = None,
                 on_goto: Callable[[int, tuple[int, ...]], None] | None = None,
                 on_moment: Callable[[Any], None] | None = None,
                 banner: ErrorBanner | None = None, executor: Any = None) -> None:
        self.game = game
        self.reference = rule_reference(game)
        self.on_show = on_show
        self.on_goto = on_goto
        self.on_moment = on_moment
        self.selected: str | None = None
        self.executor = executor
        self.banner = banner or ErrorBanner()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.search = widgets.Text(placeholder="search the rules, e.g. retreat", description="Rules",
                                   continuous_update=True, layout=widgets.Layout(width="100%"))
        self.search.add_class("re-rule-search")
        self.index = widgets.Select(options=[], rows=8, layout=widgets.Layout(width="100%"))
        self.index.add_class("re-rule-index")
        self.entry = widgets.HTML()
        self.entry.add_class("re-rule-entry")
        self.find_button = widgets.Button(description="Show me", icon="search",
                                          tooltip="Find a moment of a seeded game where this "
                                                  "rule fires and open it in the stepper")
        self.find_button.add_class("re-rule-find")
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True,
                                          tooltip="Stop searching")
        self.status = widgets.HTML()
        self.status.add_class("re-rule-status")
        self.moments = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.moments.add_class("re-rule-moments")
        self.search.observe(guarded(self.banner, lambda _c: self._filter()), names="value")
        self.index.observe(guarded(self.banner, lambda _c: self._show_selected()), names="value")
        self.find_button.on_click(guarded(self.banner, lambda _b: self.find()))
        self.stop_button.on_click(guarded(self.banner, lambda _b: self._stop.set()))
        super().__init__(([self.banner] if banner is None else []) + [
            self.search, self.index, self.entry, self.moments,
            widgets.HBox([self.find_button, self.stop_button]), self.status])
        self.add_class("re-rules")
        self._filter()

    # -- the index -------------------------------------------------------------------------------
    def _filter(self) -> None:
        words = self.search.value.strip()
        found = (self.reference.search(words, limit=200) if words
                 else list(self.reference.entries.values())[:200])
        self.index.options = [(f"{e.key} · {e.summary[:70]}", e.key) for e in found]

    def _show_selected(self) -> None:
        if self.index.value is not None:
            self.show(self.index.value)

    def show(self, key: str) -> None:
        """Show one entry (a catalogue ID or an entry key)."""
        entry = self.reference[key]
        self.selected = entry.key
        self.entry.value = entry_html(entry)
        self.moments.children = []

    def open_citation(self, cited: str | Sequence[str] | Any, *,
                      log: Sequence[Any] | None = None) -> list[Any]:
        """Open the entries a citation stands for, as the log shows it: an event or its row, a
        citation text ("Ginormopod: Combat (Overrun)", "Space Vermin §Q-1-a"), a catalogue ID
        or entry key, or an event's IDs (as text or a list). The first entry is shown, the others
        named. With ``log`` (the open game's events), the events of that game that apply the
        entry become links: a click calls ``on_goto(event index, all those indices)``."""
        entries = self.reference.lookup(cited)
        if not entries:
            shown = getattr(cited, "rule", None) or (cited.get("rule")
                                                     if isinstance(cited, Mapping) else cited)
            self.selected = None
            self.entry.value = f"<i>No reference entry for {html.escape(str(shown))}</i>"
            self.moments.children = []
            return entries
        self.show(entries[0].key)
        more = [e.key for e in entries[1:]]
        if more:
            self.entry.value += ("<div><small>Also cited: "
                                 + html.escape(", ".join(more)) + "</small></div>")
        if log is not None:
            self._links(entries[0].key, log)
        return entries

    def show_event(self, event: Any, log: Sequence[Any] | None = None) -> list[Any]:
        """A log row clicked: the entries its rule citation opens, the first one shown."""
        return self.open_citation(event, log=log)

    def _links(self, key: str, log: Sequence[Any]) -> None:
        at = tuple(moments_in_log(log, key, self.reference))
        buttons = []
        for i in at[:MAX_MOMENT_LINKS]:
            b = widgets.Button(description=f"event {i}", layout=widgets.Layout(width="auto"),
                               tooltip=f"Go to event {i} of this game")
            b.add_class("re-rule-moment")
            b.on_click(guarded(self.banner, lambda _b, i=i: self._goto(i, at)))
            buttons.append(b)
        label = (f"In this game ({len(at)}):" if len(at) <= MAX_MOMENT_LINKS
                 else f"In this game ({len(at)}, the first {MAX_MOMENT_LINKS}):")
        self.moments.children = ([widgets.HTML(f"<small>{label}</small>")] + buttons
                                 if buttons else [])

    def _goto(self, index: int, highlight: tuple[int, ...]) -> None:
        if self.on_goto is not None:
            self.on_goto(index, highlight)

    # -- show me this rule in action -------------------------------------------------------------
    def find(self, wait: bool = False) -> None:
        """Search seeded games for a moment of the selected rule (in a thread unless ``wait``)."""
        key = self.selected
        if key is None:
            raise ValueError("choose a rule in the index first")
        self._stop.clear()
        self.find_button.disabled, self.stop_button.disabled = True, False
        self.status.value = f"Searching seeded games for {html.escape(key)} …"

        def run() -> None:
            try:
                result = find_moments(self.game, key, n=1, budget=SEARCH_BUDGET_S,
                                      executor=self.executor, cancel=self._stop,
                                      progress=self._progress)
                self._found(result)
            except Exception as exc:  # noqa: BLE001 - shown in the banner, the panel lives on
                self.banner.show(exc)
            finally:
                self.find_button.disabled, self.stop_button.disabled = False, True

        if wait:
            run()
        else:
            self._thread = threading.Thread(target=run, daemon=True)
            self._thread.start()

    def _progress(self, done: int, total: int | None = None) -> None:
        self.status.value = f"Searched {done} game(s) …"

    def _found(self, result: Any) -> None:
        self.status.value = html.escape(result.message)
        if not result.found:
            return
        if self.on_show is not None:
            self.on_show(ShowMe.from_moment(result.first))
        if self.on_moment is not None:
            self.on_moment(result.first)


class QuizPanel(widgets.VBox):
    """"What happens next?": a lesson's questions, answered by clicking the engine's alternatives."""

    def __init__(self, game: str, *, seed: int = 0, n: int = 10, lesson: Any = None,
                 on_question: Callable[[Any], None] | None = None,
                 banner: ErrorBanner | None = None) -> None:
        self.game = game
        self.on_question = on_question
        self.banner = banner or ErrorBanner()
        self.lesson = lesson if lesson is not None else build_lesson(game, n, seed=seed)
        self.title = widgets.HTML()
        self.title.add_class("re-quiz-question")
        self.options = widgets.VBox()
        self.options.add_class("re-quiz-options")
        self.feedback = widgets.HTML()
        self.feedback.add_class("re-quiz-feedback")
        self.next_button = widgets.Button(description="Next question", icon="arrow-right",
                                          disabled=True)
        self.next_button.add_class("re-quiz-next")
        self.score = widgets.HTML()
        self.score.add_class("re-quiz-score")
        self.next_button.on_click(guarded(self.banner, lambda _b: self._pose()))
        super().__init__(([self.banner] if banner is None else []) + [
            self.title, self.options, self.feedback, self.next_button, self.score])
        self.add_class("re-quiz")
        self._pose()

    def _pose(self) -> None:
        question = self.lesson.current
        self.feedback.value = ""
        self.next_button.disabled = True
        if question is None:
            self.title.value = f"<b>Lesson over.</b> {html.escape(self.lesson.summary())}"
            self.options.children = []
            self._score()
            return
        context = "".join(f"<li><small>{html.escape(m)}</small></li>" for m in question.context)
        self.title.value = (f"<b>Question {self.lesson.position + 1} of "
                            f"{len(self.lesson.questions)}: {html.escape(question.title)}</b>"
                            + (f"<ul>{context}</ul>" if context else "")
                            + f"<div>{html.escape(question.prompt)}</div>")
        buttons = []
        for option in question.options:
            b = widgets.Button(description=str(option), layout=widgets.Layout(width="auto"),
                               tooltip=str(option))
            b.add_class("re-quiz-option")
            b.on_click(guarded(self.banner, lambda _b, o=option: self.answer(o)))
            buttons.append(b)
        self.options.children = buttons
        if self.on_question is not None:
            self.on_question(question)
        self._score()

    def answer(self, choice: Any) -> Any:
        """Answer the current question: the verdict, what the engine did, the rule."""
        verdict = self.lesson.answer(choice)
        self.feedback.value = verdict_html(verdict)
        mark_options(self.options.children, verdict, choice)
        self.next_button.disabled = False
        if self.lesson.finished:
            self.next_button.description = "See the result"
        self._score()
        return verdict

    def _score(self) -> None:
        self.score.value = score_html(self.lesson.score)

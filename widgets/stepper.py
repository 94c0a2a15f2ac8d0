"""PhaseStepper: step a game by event, step, phase or turn; browse and rewind its rule-citing log.

Everything here is the engine's ``Game`` API (``step_event``, ``next_step``, ``next_phase``,
``next_turn``, ``run_to_end``, ``undo``, ``replay_to``, ``pending`` + ``answer``, ``dice.force``);
the widget only chooses which one to call and shows the result.

Two games are kept: ``head``, the furthest point played, and ``game``, the moment on show. The
history buttons (first / previous / next / last) and clicking a log row replay ``head`` to an
earlier moment without losing its future. Stepping from an earlier moment continues the game from
there: that becomes the new ``head`` and the old future is dropped (like undo). ``Undo`` steps the
game back one event and drops that event.

"Quiz me" (``quiz_mode``, with a checkbox per question kind of the game) turns stepping into
"what happens next?": every stepping button stops the game just before the next event of a chosen
kind (``rules_lib.teaching.LiveQuiz`` plays the step ahead on a copy to know), asks the learner
to predict it among the engine's own alternatives, and on an answer reveals it (steps the event),
says right or wrong with the rule's summary and citation, and keeps a score per rule. The game
is unchanged until the answer; undo, history and a new game drop a waiting question; turning the
mode off steps as before.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from rules_lib.core.engine import Game, GameState, PersonPolicy, Policy
from rules_lib.teaching import LiveQuiz, question_kinds

from .errors import ErrorBanner, guarded
from .log_table import LogTable
from .teaching import mark_options, score_html, verdict_html
from .variant_picker import VariantPicker

PERSON = "person"
LOG_ROWS = 400  # the log list shows the latest rows of the game (all rows stay in game.log)


#: Choices of a decision that change nothing worth a log line of its own (folded in the log).
TRIVIAL_CHOICES = frozenset({"stay", "pass", "no", "none", "skip", "done", "end", "decline",
                             "nothing", "hold nothing", "keep", "no move", "don't", "dont"})


def _button(description: str, css: str, tooltip: str = "", icon: str = "",
            style: str = "", width: str = "auto") -> widgets.Button:
    """A compact button: a glyph and a short word; the tooltip says what it does. (Glyphs, not
    Font Awesome icons: Voila's page loads those from a CDN, which fails offline.)"""
    b = widgets.Button(description=description, tooltip=tooltip or description,
                       button_style=style, layout=widgets.Layout(width=width, min_width="34px",
                                                                  padding="0 6px"))
    b.add_class(css)
    return b


def _wrap_row(children: list[widgets.Widget], css: str = "") -> widgets.HBox:
    """A row that wraps onto the next line when the panel is narrow (nothing is cut off)."""
    box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="center"))
    if css:
        box.add_class(css)
    return box


def trivial(event: Any) -> bool:
    """A decision whose answer changes nothing worth its own row ('stay', 'pass'...)."""
    if getattr(event, "kind", "") != "decision":
        return False
    choice = (getattr(event, "data", None) or {}).get("choice")
    return isinstance(choice, str) and choice.strip().lower() in TRIVIAL_CHOICES


ASSUMED_MARK = "◆"  # marks a log row whose content the project filled in (not rulebook text)


def _row_text(event: Any) -> str:
    """One log row: turn | phase | message — rule; assumed content is marked with ASSUMED_MARK."""
    phase = (event.phase or "")[:14]
    rule = f"  [{event.rule}]" if event.rule else ""
    mark = ASSUMED_MARK if getattr(event, "assumed", "") else " "
    return f"{event.index:>4}{mark}T{event.turn:<2} {phase:<14} {event.message}{rule}"


def provenance_html(event: Any) -> str:
    """The selected row's source: its rule and catalogue IDs, and the reason when it is assumed."""
    if event is None:
        return ""
    ids = " ".join(getattr(event, "ids", ()) or ())
    rule = html.escape(event.rule or "no rule cited")
    cite = f"<b>Rule:</b> {rule}" + (f" <code>{html.escape(ids)}</code>" if ids else "")
    assumed = getattr(event, "assumed", "")
    if not assumed:
        return f"<span class='re-provenance re-rulebook'>{cite} · rulebook text</span>"
    return (f"<span class='re-provenance re-assumed'>{cite} · "
            f"<span title='{html.escape(assumed, quote=True)}' style='background:#ffe0b2;"
            f"color:#e65100;padding:0 4px;border-radius:4px'>{ASSUMED_MARK} assumed</span> "
            f"{html.escape(assumed)}</span>")


class PhaseStepper(widgets.VBox):
    """Buttons, status, sequence of play, pending decision, dice switch and the clickable log."""

    def __init__(self, entry: Any, game: Game | None = None, *, scenario: str | None = None,
                 seed: int = 0, variants: Sequence[str] = (),
                 players: dict[str, str] | None = None,
                 banner: ErrorBanner | None = None, start_after_setup: bool = True) -> None:
        self.entry = entry
        self.start_after_setup = start_after_setup
        self.banner = banner or ErrorBanner()
        self._listeners: list[Callable[[Game], None]] = []
        self._quiet = False  # set while the widget itself changes the log selection

        # -- new game controls --
        scenarios = list(entry.scenarios) or [None]
        self.scenario = widgets.Dropdown(options=scenarios, description="Scenario",
                                         value=scenario if scenario in scenarios else scenarios[0],
                                         layout=widgets.Layout(width="230px"),
                                         style={"description_width": "60px"})
        self.seed = widgets.IntText(value=seed, description="Seed",
                                    layout=widgets.Layout(width="130px"),
                                    style={"description_width": "36px"})
        self.seed.add_class("re-seed")
        names = [v.name for v in entry.variants]
        self.variants = VariantPicker(entry.variants, value=tuple(v for v in variants if v in names))
        self.variants_box = widgets.Accordion(children=[self.variants])
        self.variants_box.add_class("re-variants-box")
        self._variants_title()
        self.variants.observe(lambda _c: self._variants_title(), names="value")
        if not self.variants.boxes:
            self.variants_box.layout.display = "none"
        self.new_button = _button("⟳ New game", "re-new-game",
                                  "Start again with this scenario, seed, variants and players")
        chosen = {p: entry.default_policies.get(p, entry.default_policy) for p in entry.players}
        chosen.update(players or {})
        self.players: dict[str, widgets.Dropdown] = {}
        for player in entry.players:
            options = [PERSON] + sorted(entry.policies)
            value = chosen.get(player, "random" if "random" in options else options[-1])
            self.players[player] = widgets.Dropdown(
                options=options, value=value if value in options else options[-1],
                description=player, layout=widgets.Layout(width="auto", min_width="190px"),
                style={"description_width": "initial"})
            self.players[player].observe(self._wrap(self._players_changed), names="value")

        # -- stepping buttons --
        self.buttons: dict[str, widgets.Button] = {
            "next_event": _button("▸ Event", "re-next-event", "Next event: one line of the log"),
            "next_step": _button("▶ Step", "re-next-step", "Next step of the sequence of play",
                                 style="primary"),
            "next_phase": _button("▶▶ Phase", "re-next-phase", "Play to the next phase"),
            "next_turn": _button("▶▶| Turn", "re-next-turn", "Play to the next turn"),
            "run_to_end": _button("⇥ End", "re-run-to-end", "Play until the game ends"),
            "undo": _button("↶ Undo", "re-undo", "Take back the last action (a whole phase "
                            "after Next phase, one event after Next event)", style="warning"),
            "first": _button("|◀", "re-history-first", "History: start of the game", width="38px"),
            "prev": _button("◀", "re-history-prev", "History: one event back", width="34px"),
            "next": _button("▶", "re-history-next", "History: one event forward", width="34px"),
            "last": _button("▶|", "re-history-last", "History: the latest moment", width="38px"),
        }
        actions = {"next_event": self.next_event, "next_step": self.next_step,
                   "next_phase": self.next_phase, "next_turn": self.next_turn,
                   "run_to_end": self.run_to_end, "undo": self.undo, "first": self.first,
                   "prev": self.prev, "next": self.next, "last": self.last}
        for key, button in self.buttons.items():
            action = actions[key]
            button.on_click(self._wrap(lambda _b, action=action: action()))
        self.new_button.on_click(self._wrap(lambda _b: self.new_game()))

        # -- status, sequence of play, decision, dice, log --
        self.status = widgets.HTML()
        self.status.add_class("re-status")
        self.sequence = widgets.HTML()
        self.sequence.add_class("re-sequence")
        self.prompt = widgets.HTML()
        self.choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto"))
        self.choice.add_class("re-choice")
        self.answer_button = _button("✓ Answer", "re-answer", "Answer the decision",
                                     style="success")
        self.answer_button.on_click(self._wrap(lambda _b: self.answer()))
        self.decision_box = widgets.VBox([self.prompt, widgets.HBox([self.choice,
                                                                     self.answer_button])])
        self.decision_box.add_class("re-decision")
        self.dice_mode = widgets.ToggleButtons(options=["random", "enter the roll"],
                                               value="random", description="Dice",
                                               style={"button_width": "110px"})
        self.dice_mode.add_class("re-dice-mode")
        self.faces = widgets.Text(placeholder="next faces, e.g. 6 3", description="Faces",
                                  layout=widgets.Layout(width="220px"))
        self.faces.add_class("re-dice-faces")
        self.force_button = _button("Use these rolls", "re-dice-force", "Force the next rolls")
        self.dice_mode.layout.width = "auto"
        self.force_button.on_click(self._wrap(lambda _b: self.force_dice(self.faces.value)))
        self.dice_note = widgets.HTML()
        self.dice_row = widgets.HBox([self.faces, self.force_button, self.dice_note])
        self.dice_mode.observe(self._wrap(self._dice_mode_changed), names="value")
        self.log_header = widgets.HTML(
            f"<small><b>Log</b> ({ASSUMED_MARK} = filled in by this project, not rulebook "
            "text; click a row to see that moment)</small>")
        self.show_trivial = widgets.Checkbox(value=False, description="show trivial decisions",
                                             indent=False, layout=widgets.Layout(width="auto"))
        self.show_trivial.add_class("re-show-trivial")
        self.show_trivial.observe(self._wrap(lambda _c: self._refresh_log(force=True)),
                                  names="value")
        self.log_list = LogTable(layout=widgets.Layout(width="100%"))
        self.log_list.observe(self._wrap(self._log_clicked), names="value")
        display = getattr(entry, "display", None)
        self.state_panel = widgets.HTML()
        self.state_panel.add_class("re-state-panel")
        self.state_panel.layout = widgets.Layout(flex="1 1 200px", min_width="200px",
                                                 max_height="300px", overflow="auto")
        self._state_rows = getattr(display, "state_panel", None)
        self._deciding = getattr(display, "deciding_players", None)
        if self._state_rows is None:
            self.state_panel.layout.display = "none"
        log_box = widgets.VBox([widgets.HBox([self.log_header, self.show_trivial],
                                             layout=widgets.Layout(flex_flow="row wrap")),
                                self.log_list],
                               layout=widgets.Layout(flex="2 1 340px", min_width="300px"))
        self.log_row = _wrap_row([log_box, self.state_panel], "re-log-row")
        self.provenance = widgets.HTML()
        self.provenance.add_class("re-provenance-box")

        self._build_quiz(entry)
        nav = _wrap_row([self.buttons[k] for k in ("next_event", "next_step", "next_phase",
                                                   "next_turn", "run_to_end", "undo")]
                        + [widgets.HTML("&nbsp;History&nbsp;")]
                        + [self.buttons[k] for k in ("first", "prev", "next", "last")]
                        + [self.quiz_mode], "re-nav")
        setup_row = _wrap_row([self.scenario, self.seed, self.new_button])
        self.players_row = _wrap_row(list(self.players.values()), "re-players")
        super().__init__(children=[
            self.banner if banner is None else widgets.HTML(), setup_row, self.variants_box,
            self.players_row, nav, self.quiz_box, self.status, self.sequence, self.decision_box,
            _wrap_row([self.dice_mode]), self.dice_row, self.log_row, self.provenance])
        self.add_class("re-stepper")
        self.dice_row.layout.display = "none"
        self.dice_row.layout.flex_flow = "row wrap"
        self._action_starts: list[int] = []  # events_seen before each stepping action (undo)

        if game is None:  # a game handed in keeps its own policies until a player is changed
            game = self._start(scenario=self.scenario.value)
            self._apply_players(game)
            self._through_setup(game)
        self.head: Game = game
        self.game: Game = game
        self._log_key: tuple[int, int] = (-1, -1)
        self._refresh()

    def _variants_title(self) -> None:
        on = len(self.variants.value)
        self.variants_box.set_title(0, f"Rule variants ({on} of {len(self.variants.boxes)} on)"
                                    if on else f"Rule variants (all {len(self.variants.boxes)} "
                                    "off: the default reading)")

    # -- listeners -------------------------------------------------------------------------------
    def on_change(self, callback: Callable[[Game], None]) -> None:
        """Call ``callback(game)`` whenever the moment on show changes."""
        self._listeners.append(callback)

    def _wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        return guarded(self.banner, fn)

    @property
    def state(self) -> GameState:
        """The state on show."""
        return self.game.state

    @property
    def viewing_history(self) -> bool:
        """True when an earlier moment than the furthest one played is on show."""
        return self.game is not self.head

    # -- starting games --------------------------------------------------------------------------
    def _start(self, scenario: Any) -> Game:
        return self.entry.new_game(scenario=scenario, seed=int(self.seed.value),
                                   variants=tuple(self.variants.value))

    def new_game(self) -> Game:
        """Start a new game from the scenario, seed, variants and players chosen."""
        self._action_starts = []
        self.log_list.marked = []
        game = self._start(self.scenario.value)
        self._apply_players(game)
        self._through_setup(game)
        self._show(game, new_head=True)
        return game

    def _through_setup(self, game: Game) -> None:
        """Play the Set-Up phase, so the game opens where play starts, its position drawn (the
        Set-Up events stay in the log; a person's set-up decision stops it there)."""
        if not self.start_after_setup:
            return
        while game.state.phase == "Set-Up" and game.pending is None:
            if game.step_event() is None:
                break

    def show_game(self, game: Game, at: int | None = None, marked: Sequence[int] = ()) -> Game:
        """Show a game played elsewhere (a moment found for a rule): it becomes the furthest
        point, the moment after ``at`` events is shown, ``marked`` events are drawn green."""
        self._action_starts = []
        self.log_list.marked = [int(i) for i in marked]
        self._log_key = (-1, -1)
        self._show(game, new_head=True)
        return self.goto(at) if at is not None else game

    def start_from(self, state: GameState) -> Game:
        """Start a game from a given state (a position set up in the editor or loaded)."""
        game = Game(self.entry.rules(), state.copy(), seed=int(self.seed.value),
                    keep_log=True)
        self._apply_players(game)
        self._action_starts = []
        self._show(game, new_head=True)
        return game

    def _policy(self, name: str) -> Policy:
        return PersonPolicy() if name == PERSON else self.entry.policies[name]()

    def _apply_players(self, game: Game) -> None:
        for player, dropdown in self.players.items():
            game.policies[player] = self._policy(dropdown.value)

    def _players_changed(self, change: dict[str, Any]) -> None:
        self._apply_players(self.game)
        if self.head is not self.game:
            self._apply_players(self.head)
        self._refresh()

    # -- stepping --------------------------------------------------------------------------------
    def _play(self, action: Callable[[Game], Any]) -> Game:
        """Run a stepping action on the moment on show; it becomes the furthest point."""
        game = self.game
        if self.quiz is not None and self.quiz.current is not None:
            raise ValueError("answer the quiz question first (or turn Quiz me off)")
        start = game.events_seen
        self._action_starts = [n for n in self._action_starts if n < start] + [start]
        try:
            if self.quiz is not None and self.quizzing:
                self._pose(self.quiz.step(game, action), game)
            else:
                action(game)
        finally:  # even when a rule raises, show what happened up to the problem
            if game.events_seen == start:
                self._action_starts.pop()
            self._show(game, new_head=True)
        return game

    def next_event(self) -> Game:
        return self._play(lambda g: g.step_event())

    def next_step(self) -> Game:
        return self._play(lambda g: g.next_step())

    def next_phase(self) -> Game:
        return self._play(lambda g: g.next_phase())

    def next_turn(self) -> Game:
        return self._play(lambda g: g.next_turn())

    def run_to_end(self) -> Game:
        return self._play(lambda g: g.run_to_end(self.entry.max_events))

    def undo(self) -> Game:
        """Take back the last action: everything the last button press played (a whole phase
        after Next phase), or one event when browsing history (its future is dropped)."""
        seen = self.game.events_seen
        if seen == 0:
            raise ValueError("nothing to undo: this is the start of the game")
        starts = [n for n in self._action_starts if n < seen]
        back = seen - starts[-1] if starts and not self.viewing_history else 1
        self._action_starts = starts[:-1] if starts and not self.viewing_history else starts
        game = self.game.undo(back)
        self._show(game, new_head=True)
        return game

    def answer(self, choice: Any = None) -> Game:
        """Answer the pending decision with ``choice`` (default: the widget's choice)."""
        game = self.game
        if game.pending is None:
            raise ValueError("no decision is waiting for an answer")
        if choice is None:
            if self.choice.value is None:
                raise ValueError("choose one of the options first")
            choice = game.pending.options[self.choice.value]
        start = game.events_seen
        game.answer(choice)  # the engine checks the choice is legal
        self._action_starts = [n for n in self._action_starts if n < start] + [start]
        self._show(game, new_head=True)
        return game

    def force_dice(self, faces: str | Sequence[int]) -> list[int]:
        """Make the next rolls show these faces ("let me enter the roll")."""
        if isinstance(faces, str):
            try:
                values = [int(f) for f in faces.replace(",", " ").split()]
            except ValueError:
                raise ValueError(f"faces must be whole numbers, e.g. '6 3', not {faces!r}") \
                    from None
        else:
            values = [int(f) for f in faces]
        if not values:
            raise ValueError("enter at least one face, e.g. '6'")
        if any(v < 1 for v in values):
            raise ValueError(f"a face is at least 1: {values}")
        if self.viewing_history:  # forcing applies to the game that will continue from here
            self.head = self.game
        self.game.dice.force(*values)
        self.faces.value = ""
        self._refresh()
        return values

    def _dice_mode_changed(self, change: dict[str, Any]) -> None:
        self.dice_row.layout.display = None if change["new"] != "random" else "none"

    # -- quiz mode -------------------------------------------------------------------------------
    def _build_quiz(self, entry: Any) -> None:
        """The "Quiz me" toggle, a checkbox per question kind, the question, the answer and the
        score (hidden for a game with no question kinds)."""
        try:
            kinds = question_kinds(entry.name)
        except KeyError:  # a game the teaching library does not know (a toy game)
            kinds = {}
        self.quiz: LiveQuiz | None = LiveQuiz(entry.name) if kinds else None
        self._quiz_game: Game | None = None
        self.quiz_mode = widgets.ToggleButton(
            value=False, description="? Quiz me", layout=widgets.Layout(width="auto"),
            tooltip="Stop before the chosen kinds of events and ask what happens next")
        self.quiz_mode.add_class("re-quiz-mode")
        self.quiz_kinds: dict[str, widgets.Checkbox] = {}
        for name, kind in kinds.items():
            box = widgets.Checkbox(value=True, description=kind.title, indent=False,
                                   layout=widgets.Layout(width="auto"))
            box.add_class("re-quiz-kind")
            box.add_class(f"re-quiz-kind-{name}")
            box.observe(self._wrap(lambda _c: self._kinds_changed()), names="value")
            self.quiz_kinds[name] = box
        self.quiz_question = widgets.HTML()
        self.quiz_question.add_class("re-quiz-question")
        self.quiz_options = _wrap_row([], "re-quiz-options")
        self.quiz_feedback = widgets.HTML()
        self.quiz_feedback.add_class("re-quiz-feedback")
        self.quiz_score = widgets.HTML()
        self.quiz_score.add_class("re-quiz-score")
        self.quiz_box = widgets.VBox([
            _wrap_row([widgets.HTML("<small>Ask about:</small>"), *self.quiz_kinds.values()],
                      "re-quiz-kinds"),
            self.quiz_question, self.quiz_options, self.quiz_feedback, self.quiz_score])
        self.quiz_box.add_class("re-stepper-quiz")
        self.quiz_box.layout.display = "none"
        if self.quiz is None:
            self.quiz_mode.layout.display = "none"
        self.quiz_mode.observe(self._wrap(self._quiz_mode_changed), names="value")

    @property
    def quizzing(self) -> bool:
        """Quiz mode is on with at least one kind chosen and no question waiting."""
        return (self.quiz is not None and self.quiz_mode.value and bool(self.quiz.kinds)
                and self.quiz.current is None)

    def _quiz_mode_changed(self, change: dict[str, Any]) -> None:
        self.quiz_box.layout.display = None if change["new"] else "none"
        if not change["new"] and self.quiz is not None:
            self.quiz.cancel()
            self._clear_question()
        self._refresh()

    def _kinds_changed(self) -> None:
        if self.quiz is not None:
            self.quiz.choose_kinds([n for n, b in self.quiz_kinds.items() if b.value])

    def _quiz_waiting(self) -> bool:
        """Is a question waiting for its answer at the moment on show? (A question whose moment
        is no longer on show, after undo, history or a new game, is dropped.)"""
        if self.quiz is None or self.quiz.current is None:
            return False
        if self.game is self._quiz_game and self.game.events_seen == self.quiz.current.stop:
            return True
        self.quiz.cancel()
        self._clear_question("<i>The question was dropped: the game moved elsewhere. Stepping "
                             "on asks again.</i>")
        return False

    def _clear_question(self, note: str = "") -> None:
        self.quiz_question.value = note
        self.quiz_options.children = []
        self.quiz_feedback.value = ""

    def _pose(self, question: Any, game: Game) -> None:
        """Show a question the quiz stopped the game for (None: the step ran to its end)."""
        if question is None:
            return
        self._quiz_game = game
        self.quiz_question.value = (f"<b>What happens next? {html.escape(question.title)}</b>"
                                    f"<div>{html.escape(question.prompt)}</div>")
        buttons = []
        for option in question.options:
            b = widgets.Button(description=str(option), tooltip=str(option),
                               layout=widgets.Layout(width="auto"))
            b.add_class("re-quiz-option")
            b.on_click(self._wrap(lambda _b, o=option: self.quiz_answer(o)))
            buttons.append(b)
        self.quiz_options.children = buttons
        self.quiz_feedback.value = ""

    @property
    def question(self) -> Any:
        """The quiz question waiting for an answer (None when none is)."""
        return self.quiz.current if self.quiz is not None and self._quiz_waiting() else None

    def quiz_answer(self, choice: str | int) -> Any:
        """Answer the waiting question: judge it, reveal it (step the game through the event),
        explain it with the rule's summary and citation, and update the score per rule."""
        quiz, question = self.quiz, self.question
        if quiz is None or question is None:
            raise ValueError("no quiz question is waiting for an answer")
        verdict = quiz.answer(choice)
        game = self.game
        start = game.events_seen
        try:
            quiz.reveal(game)
        finally:
            if game.events_seen > start:
                self._action_starts = [n for n in self._action_starts if n < start] + [start]
            self._show(game, new_head=True)
        self.quiz_feedback.value = verdict_html(verdict)
        mark_options(self.quiz_options.children, verdict, verdict.choice)
        self.quiz_score.value = score_html(quiz.score)
        return verdict

    # -- history ---------------------------------------------------------------------------------
    def goto(self, n_events: int) -> Game:
        """Show the moment just after event number ``n_events`` of the furthest game."""
        n = max(0, min(int(n_events), self.head.events_seen))
        game = self.head if n == self.head.events_seen else self.head.replay_to(n)
        self._show(game, new_head=False)
        return game

    def first(self) -> Game:
        return self.goto(0)

    def prev(self) -> Game:
        return self.goto(self.game.events_seen - 1)

    def next(self) -> Game:
        return self.goto(self.game.events_seen + 1)

    def last(self) -> Game:
        return self.goto(self.head.events_seen)

    def _log_clicked(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        self.goto(int(change["new"]) + 1)

    # -- showing ---------------------------------------------------------------------------------
    def _show(self, game: Game, new_head: bool) -> None:
        if new_head:
            self.head = game
        self.game = game
        self._refresh()
        for callback in list(self._listeners):
            callback(game)

    def _refresh(self) -> None:
        game, head = self.game, self.head
        s = game.state
        where = f"event {game.events_seen} of {head.events_seen}"
        if self.viewing_history:
            where += " <i>(history: stepping continues from here)</i>"
        result = (f" · <b style='color:#1b5e20'>Result: {html.escape(str(s.result))}</b>"
                  if s.result is not None else "")
        if game.pending is not None:
            who = html.escape(game.pending.player)
            result += f" · <b style='color:#e65100'>waiting for {who}</b>"
        self.status.value = (f"<b>Turn {s.turn}</b> · {html.escape(s.phase or '')}"
                             + (f" · {html.escape(str(s.step))}" if s.step else "")
                             + f" · {where}{result}")
        self.sequence.value = self._sequence_html(s)
        asking = self._quiz_waiting()
        finished = game.finished or s.result is not None
        for key in ("next_event", "next_step", "next_phase", "next_turn", "run_to_end"):
            self.buttons[key].disabled = finished or game.pending is not None or asking
        self.buttons["undo"].disabled = game.events_seen == 0
        self.buttons["first"].disabled = self.buttons["prev"].disabled = game.events_seen == 0
        self.buttons["next"].disabled = self.buttons["last"].disabled = not self.viewing_history
        self._refresh_decision(game)
        self._refresh_log()
        self._refresh_players(s)
        if self._state_rows is not None:
            self.state_panel.value = state_panel_html(self._state_rows(s))
        queued = list(getattr(game.dice, "queued", ()) or ())
        self.dice_note.value = f"queued: {queued}" if queued else ""

    def _sequence_html(self, s: GameState) -> str:
        phases = list(self.entry.phases)
        for event in self.head.log:
            if event.phase and event.phase not in phases:
                phases.append(event.phase)
        if s.phase and s.phase not in phases:
            phases.append(s.phase)
        chips = []
        for phase in phases:
            current = phase == s.phase
            style = ("background:#ffe082;font-weight:bold;" if current else "background:#eeeeee;")
            cls = "re-phase re-phase-current" if current else "re-phase"
            chips.append(f"<span class='{cls}' style='{style}padding:1px 6px;margin:1px;"
                         f"border-radius:8px'>{html.escape(phase)}</span>")
        return "Sequence of play: " + " → ".join(chips) if chips else ""

    def _refresh_decision(self, game: Game) -> None:
        decision = game.pending
        if decision is None:
            self.decision_box.layout.display = "none"
            self.choice.options = []
            return
        self.decision_box.layout.display = None
        rule = f" <i>({html.escape(decision.rule)})</i>" if decision.rule else ""
        self.prompt.value = (f"<b>{html.escape(decision.player)} decides:</b> "
                             f"{html.escape(decision.prompt)}{rule}")
        self.choice.options = [(str(option), i) for i, option in enumerate(decision.options)]
        self.choice.value = 0

    def _refresh_players(self, s: GameState) -> None:
        """Offer a policy only to the players who decide in this game (a programmed opponent, a
        Survivor not at the table get none)."""
        if self._deciding is None:
            return
        deciding = set(self._deciding(s))
        for player, dropdown in self.players.items():
            dropdown.layout.display = None if player in deciding else "none"

    def _refresh_log(self, force: bool = False) -> None:
        head = self.head
        key = (id(head), len(head.log), self.show_trivial.value)
        self._quiet = True
        try:
            if key != self._log_key or force:
                self.log_list.rows = log_rows(head.log[-LOG_ROWS:], self.show_trivial.value)
                self._log_key = key
            current = self.game.events_seen - 1
            indices = {r["i"] for r in self.log_list.rows}
            self.log_list.value = current if current in indices else None
            shown = self.game.log[-1] if self.game.log else None
            self.provenance.value = provenance_html(shown)
        finally:
            self._quiet = False

    def log_frame(self):
        """The furthest game's log as a DataFrame (turn, phase, step, kind, message, rule)."""
        return self.head.log_frame()


def log_rows(events: Sequence[Any], show_trivial: bool = False) -> list[dict[str, Any]]:
    """The log table's rows: one per event, trivial decisions folded into a count."""
    rows: list[dict[str, Any]] = []
    folded = 0

    def flush() -> None:
        nonlocal folded
        if folded:
            rows.append({"i": -1, "turn": "", "phase": "", "msg": f"… {folded} trivial "
                         f"decision{'s' if folded > 1 else ''} folded (stay, pass…)",
                         "rule": "", "assumed": "", "kind": "fold"})
            folded = 0

    for e in events:
        if not show_trivial and trivial(e):
            folded += 1
            continue
        flush()
        rows.append({"i": e.index, "turn": e.turn, "phase": e.phase or "", "msg": e.message,
                     "rule": e.rule or "", "assumed": getattr(e, "assumed", "") or "",
                     "kind": e.kind or ""})
    flush()
    return rows


def state_panel_html(rows: Sequence[tuple[str, str]]) -> str:
    """The game's state panel: what is not on the map (tracks, cups, hands, scores)."""
    body = "".join(f"<tr><td style='color:#555;padding:1px 6px 1px 0;vertical-align:top;"
                   f"white-space:nowrap'>{html.escape(str(k))}</td><td style='padding:1px 0'>"
                   f"{html.escape(str(v))}</td></tr>" for k, v in rows)
    return ("<div style='font-size:12px;border:1px solid #d0d7de;border-radius:4px;"
            "padding:4px 6px;background:#fafbfc'><b>Game state</b>"
            f"<table style='border-collapse:collapse'>{body}</table></div>")

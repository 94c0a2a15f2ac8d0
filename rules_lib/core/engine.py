"""The game engine: plain-data State, rule-citing Events, Decisions answered by Policies, stepping.

A game's sequence of play is written as a *procedure*: a Python generator that walks the rulebook in
order, mutates the State, ``yield``s an :class:`Event` for everything that happens (each naming the
rule it applies) and ``yield``s a :class:`Decision` whenever a player must choose; the chosen option is
sent back into the generator::

    def play(state, ctx):
        state.phase = "Action"
        yield Event("Action Phase begins", rule="Ginormopod: Flow of Play", kind="phase")
        roll = ctx.dice.roll(6, "National Guard table")
        where = yield Decision("Human", "retreat", "Retreat where?", ["Chicago", "Buffalo"])

:class:`Game` drives a procedure: it answers decisions from the players' policies (or pauses for a
person at a widget), keeps the log, and steps by event, step, phase or turn. Every die goes through one
dice source seeded from the game's seed; every decision is recorded. A :class:`GameRecord` (initial
state + seed + variants + decisions + forced dice) therefore replays to the identical game, which is
also how undo and "rewind to this log row" work: replay the record up to that event.
"""
from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import cattrs

from rules_lib.core.dice import DiceSource, SeededDice

# --------------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------------

_converter = cattrs.Converter()

S = TypeVar("S", bound="GameState")


@dataclass
class GameState:
    """Fields every game's state has; a game subclasses it with its own plain-data fields.

    Everything in a state is JSON data (str, int, float, bool, None, lists, dicts with str keys,
    nested dataclasses), so ``from_json(to_json(s)) == s`` holds and a saved scenario is a state.
    """

    game: str = ""
    turn: int = 1
    phase: str = "Set-Up"
    step: str = ""
    variants: list[str] = field(default_factory=list)
    result: str | None = None  # set when the game is over: the winner or the outcome

    def to_data(self) -> dict[str, Any]:
        """The state as JSON-ready plain data."""
        return _converter.unstructure(self)

    @classmethod
    def from_data(cls: type[S], data: dict[str, Any]) -> S:
        """Rebuild a state from plain data; errors name the field that is wrong."""
        try:
            return _converter.structure(data, cls)
        except Exception as exc:  # cattrs raises ExceptionGroups with the failing path inside
            raise StateError(f"{cls.__name__}: {_describe_structure_error(exc)}") from exc

    def to_json(self) -> str:
        """Serialise to a JSON string (keys sorted so equal states give equal text)."""
        return json.dumps(self.to_data(), sort_keys=True)

    @classmethod
    def from_json(cls: type[S], text: str) -> S:
        """Parse a JSON string made by :meth:`to_json` (or written by hand)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise StateError(f"{cls.__name__}: not valid JSON ({exc})") from exc
        return cls.from_data(data)

    def copy(self: S) -> S:
        """An independent deep copy."""
        return copy.deepcopy(self)

    @property
    def finished(self) -> bool:
        return self.result is not None


class StateError(ValueError):
    """A state (or a saved scenario) that cannot be read or breaks the game's rules."""


def _describe_structure_error(exc: BaseException) -> str:
    """Flatten cattrs' nested exception groups into 'where -> problem' text, each place once."""
    notes = getattr(exc, "__notes__", None) or []
    subs = getattr(exc, "exceptions", None)
    if subs:
        text = "; ".join(_describe_structure_error(sub) for sub in subs)
    else:
        text = str(exc) or type(exc).__name__
    return f"{'; '.join(notes)} -> {text}" if notes else text


# --------------------------------------------------------------------------------------------------
# Events and decisions
# --------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Event:
    """Something that happened, in plain language, with the rulebook section it applies.

    Provenance (DESIGN principle 8): ``ids`` are the catalogue rule IDs the event applies, where
    known; ``assumed`` is empty when the event's effect is the rulebook's, and otherwise says why the
    project filled it in (an assumed data value, an invented rule, a chosen reading of an
    ambiguity whose other reading is a variant). The log, the stepper and the notebooks show it.
    """

    message: str
    rule: str = ""
    kind: str = "info"  # phase | step | move | roll | combat | decision | result | info ...
    data: dict[str, Any] = field(default_factory=dict)
    turn: int = 0
    phase: str = ""
    step: str = ""
    index: int = -1
    ids: tuple[str, ...] = ()
    assumed: str = ""

    def as_row(self) -> dict[str, Any]:
        """One log row for a table."""
        return {"index": self.index, "turn": self.turn, "phase": self.phase, "step": self.step,
                "kind": self.kind, "message": self.message, "rule": self.rule,
                "ids": " ".join(self.ids), "assumed": self.assumed}


LOG_COLUMNS = ("index", "turn", "phase", "step", "kind", "message", "rule", "ids", "assumed")


@dataclass(slots=True)
class Decision:
    """A choice a player must make now, with every legal option (JSON-ready values)."""

    player: str
    kind: str
    prompt: str
    options: list[Any]
    rule: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    ids: tuple[str, ...] = ()
    assumed: str = ""  # as Event.assumed: the decision exists only under an assumption

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError(f"Decision {self.kind!r} for {self.player} has no legal option")


class IllegalChoice(ValueError):
    """An answer that is not one of a decision's legal options."""


Procedure = Generator["Event | Decision", Any, None]


# --------------------------------------------------------------------------------------------------
# Policies
# --------------------------------------------------------------------------------------------------


class Policy(Protocol):  # pragma: no mutate block (mutmut would add members to the protocol)
    """Answers decisions for one player."""

    name: str

    def choose(self, state: GameState, decision: Decision, rng: random.Random) -> Any:
        """Return one of ``decision.options`` (or ``ASK_PERSON`` to pause for a person)."""


ASK_PERSON = object()  # a policy returns this to make the Game pause with the decision pending
NO_ANSWER = object()  # Game.fork without an answer: the fork's policies answer a pending decision


class RandomPolicy:
    """Picks uniformly among the legal options (the conformance test plays every game with it)."""

    name = "random"

    def choose(self, state: GameState, decision: Decision, rng: random.Random) -> Any:
        return decision.options[rng.randrange(len(decision.options))]


class FirstOptionPolicy:
    """Always takes the first legal option: games list their recommended option first."""

    name = "first"

    def choose(self, state: GameState, decision: Decision, rng: random.Random) -> Any:
        return decision.options[0]


class PersonPolicy:
    """A person answers through a widget: the game pauses at each of this player's decisions."""

    name = "person"

    def choose(self, state: GameState, decision: Decision, rng: random.Random) -> Any:
        return ASK_PERSON


class ScriptedPolicy:
    """Answers from a list, in order (tests, and replaying recorded decisions)."""

    name = "scripted"

    def __init__(self, answers: Iterable[Any], then: Policy | None = None) -> None:
        self._answers = list(answers)
        self._next = 0
        self._then = then

    def choose(self, state: GameState, decision: Decision, rng: random.Random) -> Any:
        if self._next < len(self._answers):
            answer = self._answers[self._next]
            self._next += 1
            return answer
        if self._then is not None:
            return self._then.choose(state, decision, rng)
        raise IllegalChoice(f"scripted answers ran out at decision {decision.kind!r}: "
                            f"{decision.prompt}")


# --------------------------------------------------------------------------------------------------
# Context handed to procedures
# --------------------------------------------------------------------------------------------------


@dataclass
class Context:
    """What a procedure needs besides the state: the dice, the active rule variants, game data."""

    dice: DiceSource
    variants: frozenset[str] = frozenset()
    data: Any = None
    options: dict[str, Any] = field(default_factory=dict)

    def variant(self, name: str) -> bool:
        """Is the named rule variant switched on?"""
        return name in self.variants


# --------------------------------------------------------------------------------------------------
# Rule variants
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """A named switch that changes a rule: the other reading of an ambiguity, or a house rule."""

    name: str
    description: str
    rule: str = ""  # "<rulebook section> (<catalogue ambiguity ID>)", e.g. "§J-1 (SV-AMB-04)"
    default_reading: str = ""  # what the game does when the variant is off, and why

    @property
    def ids(self) -> tuple[str, ...]:
        """The catalogue IDs named in ``rule`` (an ambiguity's ID for the other reading of it)."""
        return tuple(_CATALOGUE_ID.findall(self.rule))

    @property
    def section(self) -> str:
        """The rulebook section the variant touches, without the catalogue IDs."""
        return _CATALOGUE_PAREN.sub("", self.rule).strip() or "(no section given)"


_CATALOGUE_ID = re.compile(r"\b(?:GIN|SV|GW|ZGC)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+\b")
_CATALOGUE_PAREN = re.compile(r"\s*\((?:[^()]*?\b(?:GIN|SV|GW|ZGC)-[^()]*)\)")


def variants_by_section(variants: Iterable[Variant]) -> list[tuple[str, list[Variant]]]:
    """Variants grouped by the rulebook section they touch, sections and names in order."""
    groups: dict[str, list[Variant]] = {}
    for v in sorted(variants, key=lambda v: (v.section, v.name)):
        groups.setdefault(v.section, []).append(v)
    return list(groups.items())


def describe_variants(variants: Iterable[Variant]) -> str:
    """A plain-text list of variants by section: name, ambiguity IDs, what changes, the default."""
    lines = []
    for section, group in variants_by_section(variants):
        lines.append(section)
        for v in group:
            ids = f" [{', '.join(v.ids)}]" if v.ids else ""
            lines.append(f"  {v.name}{ids}: {v.description}")
            if v.default_reading:
                lines.append(f"      (off: {v.default_reading})")
    return "\n".join(lines) if lines else "no rule variants"


def check_variants(requested: Iterable[str], known: Sequence[Variant], game: str) -> list[str]:
    """Validate variant names against a game's list; error names the unknown one."""
    names = {v.name for v in known}
    out = []
    for name in requested:
        if name not in names:
            raise ValueError(f"{game}: unknown rule variant {name!r}; known: "
                             f"{', '.join(sorted(names)) or 'none'}")
        if name not in out:
            out.append(name)
    return sorted(out)


# --------------------------------------------------------------------------------------------------
# Game record and the runner
# --------------------------------------------------------------------------------------------------


@dataclass
class GameRecord:
    """Everything needed to replay a game exactly: where it started and what was chosen."""

    game: str
    initial_state: dict[str, Any]
    seed: int
    variants: list[str]
    decisions: list[Any] = field(default_factory=list)
    forced_faces: dict[int, int] = field(default_factory=dict)  # roll number -> face
    reseeds: list[list[int]] = field(default_factory=list)  # [roll number, seed]: Game.reseed

    def to_json(self) -> str:
        return json.dumps(_converter.unstructure(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        # cattrs turns the JSON object's string keys back into roll numbers (dict[int, int])
        return _converter.structure(json.loads(text), cls)

    def forked(self, at_roll: int, seed: int, answer: Any = NO_ANSWER) -> GameRecord:
        """This record continued from roll ``at_roll`` with ``seed``'s stream, and the decision
        pending there answered with ``answer`` (the caller knows one is pending)."""
        decisions = list(self.decisions) + ([] if answer is NO_ANSWER else [answer])
        return GameRecord(self.game, self.initial_state, self.seed, list(self.variants),
                          decisions, dict(self.forced_faces),
                          [list(r) for r in self.reseeds] + [[at_roll, seed]])


class CountingDice:
    """The game's dice source: seeded, counts rolls, lets a person force the next faces.

    Forced faces are remembered by roll number so a replay reproduces them. The seeded stream
    advances on every roll, forced or not, so forcing one roll never shifts the rolls after it.
    ``keep_log=False`` (batch runs) keeps no per-roll log.
    """

    def __init__(self, seed: int, forced: dict[int, int] | None = None,
                 keep_log: bool = True) -> None:
        self._use_stream(seed)
        self.rolls = 0
        self.forced: dict[int, int] = dict(forced or {})
        self._queue: list[int] = []
        self.keep_log = keep_log
        self.log: list[tuple[str, int, int]] = []

    def _use_stream(self, seed: int) -> None:
        """Roll from SeededDice(seed)'s stream: randint(1, n) draws getrandbits(n.bit_length())
        until the value is below n, so this class draws the same way, through the public API."""
        self._seeded = SeededDice(seed)
        self._face = self._seeded._face  # odd sides go through SeededDice's own checks
        self._getrandbits = self._seeded.rng.getrandbits

    def reseed(self, seed: int) -> None:
        """From the next roll on, a fresh stream (an analysis continuation); counts carry on."""
        self._use_stream(seed)

    def force(self, *faces: int) -> None:
        """Make the next rolls show these faces ("let me enter the roll")."""
        self._queue.extend(faces)

    @property
    def queued(self) -> tuple[int, ...]:
        """Faces forced for the next rolls and not rolled yet."""
        return tuple(self._queue)

    def clear_forced(self) -> None:
        """Drop the queued faces that have not been rolled yet."""
        self._queue.clear()

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        if type(sides) is int and sides > 0:  # randint(1, sides), written out as in roll_many
            getrandbits = self._getrandbits
            k = sides.bit_length()
            r = getrandbits(k)
            while r >= sides:
                r = getrandbits(k)
            seeded = r + 1
        else:
            seeded = self._face(sides, purpose)  # odd sides: SeededDice's own checks and errors
        n = self.rolls
        forced = self.forced
        if forced and n in forced:
            face = forced[n]
            if not 1 <= face <= sides:  # a hand-edited record: refused as a queued face is
                raise ValueError(f"the record forces face {face} on roll {n}, which is not on a "
                                 f"d{sides} ({purpose})")
        elif self._queue:
            face = self._queue.pop(0)
            if not 1 <= face <= sides:
                raise ValueError(f"forced face {face} is not on a d{sides} ({purpose})")
            forced[n] = face
        else:
            face = seeded
        self.rolls = n + 1
        if self.keep_log:
            self.log.append((purpose, sides, face))
        return face

    def roll_many(self, n: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        if self._queue or self.forced or type(sides) is not int or sides < 1:
            roll = self.roll  # forced faces, or odd sides: one roll at a time
            return tuple([roll(sides, purpose) for _ in range(n)])
        getrandbits = self._getrandbits  # randint(1, sides) n times: the same draws, in a loop
        k = sides.bit_length()
        out = []
        for _ in range(n):
            r = getrandbits(k)
            while r >= sides:
                r = getrandbits(k)
            out.append(r + 1)
        faces = tuple(out)
        self.rolls += len(faces)
        if self.keep_log:
            self.log.extend([(purpose, sides, face) for face in faces])
        return faces


class ReseedingDice(CountingDice):
    """CountingDice that switches to a new seed's stream after given roll numbers: the replay of
    a game that was reseeded (Game.reseed). Plain games use CountingDice and pay nothing."""

    def __init__(self, seed: int, forced: dict[int, int] | None = None, keep_log: bool = True,
                 reseeds: Sequence[Sequence[int]] = ()) -> None:
        super().__init__(seed, forced, keep_log)
        self._switches = sorted((int(at), int(s)) for at, s in reseeds)

    def _switch(self) -> None:
        while self._switches and self._switches[0][0] <= self.rolls:
            self.reseed(self._switches.pop(0)[1])

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        if self._switches and self._switches[0][0] <= self.rolls:
            self._switch()
        return super().roll(sides, purpose)

    def roll_many(self, n: int, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        if self._switches and self._switches[0][0] < self.rolls + n:
            return tuple([self.roll(sides, purpose) for _ in range(n)])
        return super().roll_many(n, sides, purpose)


class GameOver(Exception):
    """Raised when asked to advance a game that has ended."""


class Game:
    """Drives one game's procedure: stepping, decisions, log, undo and replay.

    ``rules`` is the game module's :class:`Rules` object (procedure + metadata). Policies are given per
    player name; a player without one gets ``RandomPolicy``.
    """

    def __init__(self, rules: Rules, state: GameState, *, seed: int = 0,
                 policies: dict[str, Policy] | None = None, dice: DiceSource | None = None,
                 keep_log: bool = True, record: GameRecord | None = None) -> None:
        if rules.phases and state.phase not in rules.phases:
            # a procedure that finds no phase to play would loop without yielding: refuse it here
            raise StateError(f"{rules.name}: the state is in unknown phase {state.phase!r}; "
                             f"phases: {', '.join(rules.phases)}")
        self.rules = rules
        self.seed = seed
        self.state = state
        # a replay starts from its record's initial state (the same data, read only)
        self.initial_state = record.initial_state if record is not None else state.to_data()
        self.policies: dict[str, Policy] = dict(policies or {})
        if dice is None and record is not None and record.reseeds:
            dice = ReseedingDice(seed, record.forced_faces, keep_log=keep_log,
                                 reseeds=record.reseeds)
        self._dice = dice if dice is not None else CountingDice(
            seed, record.forced_faces if record else None, keep_log=keep_log)
        self._policy_rng = random.Random(f"policy-{seed}")
        self.reseeds: list[list[int]] = [list(r) for r in record.reseeds] if record else []
        self._replay: list[Any] = list(record.decisions) if record else []
        self.decisions: list[Any] = []
        self.log: list[Event] = []
        self.keep_log = keep_log
        self.events_seen = 0
        self.pending: Decision | None = None
        self.finished = False
        self.ctx = Context(dice=self._dice, variants=frozenset(state.variants),
                           data=rules.data(), options={})
        self._proc: Procedure = rules.procedure(state, self.ctx)
        self._to_send: Any = None

    # -- introspection -------------------------------------------------------------------------
    @property
    def dice(self) -> DiceSource:
        return self._dice

    @property
    def policy_rng(self) -> random.Random:
        """The random stream the game's policies choose with (every policy answer draws on it):
        asking a policy with it chooses as the game would; copying its state copies the game's
        future choices (analysis, the stepper's quiz)."""
        return self._policy_rng

    def record(self) -> GameRecord:
        """The replayable record of this game so far."""
        forced = dict(getattr(self._dice, "forced", {}))
        return GameRecord(self.rules.name, self.initial_state, self.seed,
                          list(self.state.variants), list(self.decisions), forced,
                          [list(r) for r in self.reseeds])

    def reseed(self, seed: int) -> None:
        """From this moment on, the dice and the policies' choices come from ``seed``'s streams.

        For analysis: continuations of one position differ only in their seed. The record keeps
        the moment, so a replay of a reseeded game is still identical.
        """
        reseed = getattr(self._dice, "reseed", None)
        if reseed is None:
            raise TypeError(f"{type(self._dice).__name__} cannot be reseeded")
        reseed(seed)
        self._policy_rng = random.Random(f"policy-{seed}")
        self.reseeds.append([self._dice.rolls, seed])

    def log_frame(self):
        """The log as a pandas DataFrame (turn, phase, step, kind, message, rule, ids, assumed).

        ``assumed`` is empty for the rulebook's own content and holds the reason otherwise.
        """
        import pandas as pd

        return pd.DataFrame([e.as_row() for e in self.log], columns=list(LOG_COLUMNS))

    # -- stepping ------------------------------------------------------------------------------
    def step_event(self) -> Event | None:
        """Advance by one event (an answered decision is an event too).

        Returns None when the game is paused on a person's decision or has finished.
        """
        if self.finished or self.pending is not None:
            return None
        return self._play(1, stamp=True)

    def answer(self, choice: Any) -> None:
        """A person answers the pending decision; the game can then be stepped on."""
        if self.pending is None:
            raise IllegalChoice("no decision is pending")
        decision = self.pending
        self._check(decision, choice)
        self.pending = None
        self._accept(decision, choice)

    def _answer_from_policy(self, decision: Decision) -> Any:
        if self._replay:
            answer = self._replay.pop(0)
            self._check(decision, answer)
            return answer
        policy = self.policies.get(decision.player)
        if policy is None:
            policy = self.policies.setdefault(decision.player, RandomPolicy())
        answer = policy.choose(self.state, decision, self._policy_rng)
        if answer is not ASK_PERSON:
            self._check(decision, answer)
        return answer

    @staticmethod
    def _check(decision: Decision, choice: Any) -> None:
        if choice not in decision.options:
            raise IllegalChoice(f"{choice!r} is not a legal answer to {decision.kind!r} "
                                f"({decision.prompt}); legal: {decision.options!r}")

    def _accept(self, decision: Decision, choice: Any) -> Event:
        """Record a choice; it is sent into the procedure at the next step, logged as an event."""
        self.decisions.append(choice)
        self._to_send = choice
        s = self.state
        event = Event(f"{decision.player} chooses {choice!r}: {decision.prompt}",
                      decision.rule, "decision", {"decision": decision.kind, "choice": choice},
                      s.turn, s.phase, s.step, self.events_seen,  # stamped here, as _play stamps events
                      decision.ids, decision.assumed)
        self.events_seen += 1
        if self.keep_log:
            self.log.append(event)
        return event

    def _advance_while(self, keep_going: Callable[[Event], bool]) -> list[Event]:
        out: list[Event] = []
        while True:
            ev = self.step_event()
            if ev is None:
                return out
            out.append(ev)
            if not keep_going(ev):
                return out

    def next_step(self) -> list[Event]:
        """Advance to the end of the current step (the next event that starts a step/phase)."""
        first = self.step_event()
        if first is None:
            return []
        return [first] + self._advance_until(lambda ev: ev.kind in ("step", "phase", "turn"))

    def next_phase(self) -> list[Event]:
        """Advance until the next phase begins (its opening event included)."""
        first = self.step_event()
        if first is None:
            return []
        return [first] + self._advance_until(lambda ev: ev.kind in ("phase", "turn"))

    def next_turn(self) -> list[Event]:
        """Advance until the next turn begins."""
        first = self.step_event()
        if first is None:
            return []
        return [first] + self._advance_until(lambda ev: ev.kind == "turn")

    def _advance_until(self, stop_after: Callable[[Event], bool]) -> list[Event]:
        """Step events until one satisfies stop_after (that event is the last returned)."""
        return self._advance_while(lambda ev: not stop_after(ev))

    def run_to_end(self, max_events: int = 1_000_000) -> GameState:
        """Play on until the game ends (or pauses for a person). Guards against endless games.

        Without a log (``keep_log=False``) the Events nobody will see are not stamped and
        decisions make no Event; the count of events (``events_seen``) is the same.
        """
        if self.finished or self.pending is not None:
            return self.state
        self._play(max_events, stamp=self.keep_log)
        if not self.finished and self.pending is None:
            raise RuntimeError(f"{self.rules.name}: no end after {max_events} events")
        return self.state

    def _play(self, max_events: int, *, stamp: bool) -> Event | None:
        """The one stepping loop of step_event and run_to_end: up to ``max_events`` events, each
        answered decision an event too. Returns the last Event (stamped when ``stamp``), or None
        when none came before the game paused for a person or finished.

        Batch runs spend their time here, so the loop keeps its names local and writes out
        _answer_from_policy, _accept and the stamping of an event for the usual case.
        """
        state = self.state
        send = self._proc.send
        log = self.log
        keep = self.keep_log
        policies = self.policies
        rng = self._policy_rng
        decisions = self.decisions
        to_send, n = self._to_send, self.events_seen
        last: Event | None = None
        try:
            for _ in range(max_events):
                try:
                    item = send(to_send)
                except StopIteration:
                    self.finished = True
                    return None
                to_send = None
                if isinstance(item, Decision):
                    policy = policies.get(item.player)
                    if policy is None or self._replay:
                        answer = self._answer_from_policy(item)
                    else:  # _answer_from_policy written out for the usual case
                        answer = policy.choose(state, item, rng)
                        if answer is not ASK_PERSON and answer not in item.options:
                            self._check(item, answer)
                    if answer is ASK_PERSON:
                        self.pending = item
                        return None
                    if stamp:
                        self.events_seen = n
                        last = self._accept(item, answer)  # its Event is logged when keep_log
                        n = self.events_seen
                    else:  # _accept without its Event: no log keeps it, nothing returns it
                        decisions.append(answer)
                        n += 1
                    to_send = answer
                else:
                    if stamp:  # (unlogged events are seen by nobody: left unstamped)
                        item.turn, item.phase, item.step = state.turn, state.phase, state.step
                        item.index = n
                        if keep:
                            log.append(item)
                        last = item
                    n += 1
        finally:
            self._to_send, self.events_seen = to_send, n
        return last

    # -- undo and replay -----------------------------------------------------------------------
    def replay_to(self, n_events: int, *, keep_log: bool = True) -> Game:
        """A new Game replayed from this one's record to just after event number ``n_events``."""
        return _replay_record(self.rules, self.record(), self.policies, n_events, keep_log)

    def fork(self, seed: int, *, policies: dict[str, Policy] | None = None,
             answer: Any = NO_ANSWER, keep_log: bool = False) -> Game:
        """A new game at this exact position (a pending decision included) whose dice and random
        choices from here on come from ``seed``; ``answer`` answers the pending decision.

        Nothing is played yet: stepping the fork replays the record to here (the same rolls,
        those made before a pending decision included), then goes on with the new stream. This
        game is untouched. Analysis plays many forks of one position, one seed each.
        """
        if answer is not NO_ANSWER:
            if self.pending is None:
                raise IllegalChoice("no decision is pending to answer")
            self._check(self.pending, answer)
        record = self.record().forked(self._dice.rolls, seed, answer)
        return Game.from_record(self.rules, record,
                                policies=self.policies if policies is None else policies,
                                keep_log=keep_log)

    @classmethod
    def from_record(cls, rules: Rules, record: GameRecord, *,
                    policies: dict[str, Policy] | None = None, keep_log: bool = False,
                    state: GameState | None = None) -> Game:
        """A game that replays ``record`` (decisions, forced faces, reseeds) as it is stepped,
        then goes on with its policies; after a reseed, their random choices use its seed too.

        ``state`` is the record's initial state already built, for the game to play on (a fresh
        copy: analysis builds it once and copies it for each of hundreds of continuations, where
        rebuilding and checking it from the record's data would cost more than the game)."""
        if state is None:  # a JSON round trip copies the plain data faster than deepcopy
            state = rules.state_class.from_data(json.loads(json.dumps(record.initial_state)))
        game = cls(rules, state, seed=record.seed, policies=policies, record=record,
                   keep_log=keep_log)
        if record.reseeds:
            game._policy_rng = random.Random(f"policy-{record.reseeds[-1][1]}")
        return game

    def undo(self, n: int = 1) -> Game:
        """The game as it was ``n`` events ago (a new Game; this one is unchanged)."""
        return self.replay_to(max(0, self.events_seen - n))


@dataclass
class Rules:
    """What a game module hands the engine: its procedure, state class, data and metadata."""

    name: str
    state_class: type[GameState]
    procedure: Callable[[GameState, Context], Procedure]
    data: Callable[[], Any] = lambda: None
    players: tuple[str, ...] = ()
    variants: tuple[Variant, ...] = ()
    phases: tuple[str, ...] = ()  # the sequence of play: a state in another phase is refused



def replay(rules: Rules, record: GameRecord) -> Game:
    """Replay a record to its end (or to where its decisions run out)."""
    game = _replay_record(rules, record, None, None, True)
    game.run_to_end()
    return game


def _replay_record(rules: Rules, record: GameRecord, policies: dict[str, Policy] | None,
                   n_events: int | None, keep_log: bool) -> Game:
    """A Game rebuilt from a record (its decisions, forced faces and reseeds), stepped to just
    after event ``n_events`` (None: not stepped)."""
    state = rules.state_class.from_data(copy.deepcopy(record.initial_state))
    game = Game(rules, state, seed=record.seed, policies=policies, record=record,
                keep_log=keep_log)
    if n_events is not None:
        while game.events_seen < n_events:
            if game.step_event() is None:
                break
        game._replay = []  # from here on, the policies (or a person) decide again
        done = [seed for at, seed in record.reseeds if at <= game.dice.rolls]
        if done:
            game._policy_rng = random.Random(f"policy-{done[-1]}")
    return game


def drive(procedure: Procedure, answers: Iterable[Any] = (), policy: Policy | None = None,
          state: GameState | None = None, rng: random.Random | None = None) -> list[Event]:
    """Run a (sub-)procedure to its end, answering decisions in order, and return its events.

    For tests and what-ifs: ``drive(resolve_combat(state, ctx, "Chicago"), answers=["Infantry"])``
    with a ``Context(dice=ScriptedDice([...]))``. Decisions beyond ``answers`` go to ``policy``
    (FirstOptionPolicy if none); illegal answers raise :class:`IllegalChoice`.
    """
    scripted = ScriptedPolicy(answers, then=policy or FirstOptionPolicy())
    rng = rng or random.Random(0)
    events: list[Event] = []
    to_send: Any = None
    while True:
        try:
            item = procedure.send(to_send)
        except StopIteration:
            return events
        to_send = None
        if isinstance(item, Decision):
            to_send = scripted.choose(state if state is not None else GameState(), item, rng)
            Game._check(item, to_send)
            events.append(Event(f"{item.player} chooses {to_send!r}: {item.prompt}",
                                rule=item.rule, kind="decision",
                                data={"decision": item.kind, "choice": to_send},
                                ids=item.ids, assumed=item.assumed))
        else:
            events.append(item)

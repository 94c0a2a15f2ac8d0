"""Who is winning, and which choice is best: analysis from any moment of any game.

A position is a game as it stands, any moment of it, a decision waiting for a person included.
:func:`evaluate` plays ``n`` continuations of it to the end — the same rolls up to here, then each
continuation's own seed (``Game.fork``) — and reports the outcomes with 95% intervals, each player's
chance of winning and the game's key statistics. :func:`compare_options` does the same once per
legal option of the pending decision, on common random numbers (continuation ``i`` uses the same
seed whichever option was taken), so the differences between options are measured on the same
luck; each option's difference from the best gets a paired interval and a count of the games that
would settle it. :func:`evaluation_curve` evaluates a recorded game after each turn.

The position is never changed. Continuations run on any executor of ``rules_lib.executors``
(in this process, local processes, a Dask cluster) and the results are identical whichever runs
them: each is rebuilt from the game's record and its seed alone.
"""
from __future__ import annotations

import json
import math
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import ASK_PERSON, NO_ANSWER, Game, GameRecord, IllegalChoice
from rules_lib.core.stats import games_needed, mean_interval, paired_difference_interval, wilson
from rules_lib.executors import get_executor
from rules_lib.registry import get_game

MAX_CONTINUATIONS = 100_000  # per option: a typo such as n=1e9 would never end
BLOCK_MAX = 100  # continuations in one task at most (on a cluster, progress moves a task at a time)


# --------------------------------------------------------------------------------------------------
# What is played: continuations of one position
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A moment of a game, as plain data another process can rebuild it from."""

    game: str
    record_json: str  # the game's record: initial state, seed, decisions, forced faces, reseeds
    rolls: int  # dice rolled so far: continuations take their own stream from here
    events: int  # events so far (for reports)
    pending: Any = None  # the options of the decision waiting for a person, if any
    pending_player: str | None = None
    data_overrides: Mapping[str, Any] | None = None

    @classmethod
    def of(cls, game: Game, data_overrides: Mapping[str, Any] | None = None) -> Position:
        pending = game.pending
        return cls(game.rules.name, game.record().to_json(), game.dice.rolls, game.events_seen,
                   list(pending.options) if pending is not None else None,
                   pending.player if pending is not None else None,
                   dict(data_overrides) if data_overrides else None)


@dataclass(frozen=True)
class Task:
    """A block of continuations of the position every task shares: one option (or none), a run
    of seeds."""

    option: int | None  # index into position.pending; None: the policies answer
    seeds: tuple[int, ...]
    policies: Mapping[str, str]


@dataclass(frozen=True)
class _Prepared:
    """What every continuation of one position starts from, built once per process: the game,
    its data and rules, the record, and the initial state pickled (a copy per continuation is
    a pickle load, about 100 times cheaper than rebuilding and checking it from JSON data)."""

    module: Any
    data: Any
    rules: Any
    record: GameRecord
    initial_state: bytes


_PREPARED: dict[tuple[Any, ...], _Prepared] = {}  # the positions this process played lately
_PREPARED_KEPT = 4


def _prepared(pos: Position) -> _Prepared:
    """The position's game, data, rules, record and initial state (built on first use here)."""
    module = get_game(pos.game)
    key = (id(module), pos.record_json, pos.rolls,  # (kept below: its id is not reused)
           None if pos.data_overrides is None else repr(sorted(pos.data_overrides.items())))
    found = _PREPARED.get(key)
    if found is None:
        record = GameRecord.from_json(pos.record_json)
        data = module.game_data(pos.data_overrides, record.variants)
        rules = module.rules(data)
        state = rules.state_class.from_data(json.loads(json.dumps(record.initial_state)))
        found = _Prepared(module, data, rules, record,
                          pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        if len(_PREPARED) >= _PREPARED_KEPT:
            _PREPARED.clear()
        _PREPARED[key] = found
    return found


def play_continuations(task: Task, position: Position,
                       on_game: Callable[[], None] | None = None) -> list[dict[str, Any]]:
    """Play a task's continuations of the position (shared by every task) to the end; one
    summary row per seed (runs in any process)."""
    pos = position
    prep = _prepared(pos)
    module, record = prep.module, prep.record
    answer = NO_ANSWER if task.option is None else pos.pending[task.option]
    rows = []
    for seed in task.seeds:
        game = Game.from_record(prep.rules, record.forked(pos.rolls, seed, answer),
                                policies=module.make_policies(task.policies, prep.data),
                                state=pickle.loads(prep.initial_state))
        game.run_to_end(max_events=module.max_events)
        if game.pending is not None:
            raise RuntimeError(f"{pos.game}: a continuation paused for a person; analysis "
                               "needs policies that answer every decision")
        row = {"seed": seed, "option": task.option, **module.summary(game.state)}
        for player in module.players:
            row[f"won:{player}"] = module.player_won(row, player)
        rows.append(row)
        if on_game is not None:
            on_game()
    return rows


def _tasks(options: Sequence[int | None], n: int, seed: int, policies: Mapping[str, str],
           workers: int) -> list[Task]:
    # about four blocks a worker: few enough that a cluster's cost per task stays small (eight
    # blocks of 25 made 2 Dask workers 5% slower), enough that the workers finish together
    block = max(1, min(BLOCK_MAX, math.ceil(n * len(options) / (4 * max(1, workers)))))
    return [Task(option, tuple(range(start, min(seed + n, start + block))), policies)
            for option in options for start in range(seed, seed + n, block)]


def _run(position: Position, options: Sequence[int | None], n: int, seed: int,
         policies: Mapping[str, str], executor: Any, progress: Callable[[int, int], None] | None
         ) -> list[dict[str, Any]]:
    if not 1 <= n <= MAX_CONTINUATIONS:
        raise ValueError(f"n = {n}: give 1 to {MAX_CONTINUATIONS:,} continuations")
    ex, owned = get_executor(executor)
    total, done = n * len(options), [0]

    def tick() -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total)

    rows: list[dict[str, Any]] = []
    try:
        for block in ex.map_unordered(play_continuations,
                                      _tasks(options, n, seed, policies, ex.workers),
                                      on_game=tick, shared=position):
            rows.extend(block)
            if progress is not None and done[0] < len(rows):  # executors that do not tick
                done[0] = len(rows)
                progress(done[0], total)
    finally:
        if owned:
            ex.close()
    rows.sort(key=lambda r: (-1 if r["option"] is None else r["option"], r["seed"]))
    return rows


# --------------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------------


@dataclass
class Evaluation:
    """What ``n`` continuations of a position came to."""

    game: str
    n: int
    outcomes: Any  # DataFrame: outcome, games, rate, low, high (all outcomes sum to 1)
    players: Any  # DataFrame: player, wins, rate, low, high
    stats: Any  # DataFrame: statistic, mean, low, high
    rows: Any  # DataFrame: one row per continuation

    def win_rate(self, player: str) -> float:
        return float(self.players.set_index("player").loc[player, "rate"])


def _evaluation(game: str, players: Sequence[str], rows: list[dict[str, Any]]) -> Evaluation:
    import pandas as pd

    df = pd.DataFrame(rows)
    n = len(df)
    counts = df["outcome"].astype(str).value_counts()
    outcomes = pd.DataFrame(
        [{"outcome": o, "games": int(k), "rate": (ci := wilson(int(k), n)).estimate,
          "low": ci.low, "high": ci.high} for o, k in counts.items()])
    players_df = pd.DataFrame(
        [{"player": p, "wins": int(w), "rate": (ci := wilson(int(w), n)).estimate,
          "low": ci.low, "high": ci.high}
         for p in players for w in [df[f"won:{p}"].sum()]])
    stats = []
    for col in df.columns:
        if col in ("seed", "option") or col.startswith("won:"):
            continue
        values = df[col]
        if values.dtype.kind in "iuf":  # numbers (not flags, not text); NaN left out
            ci = mean_interval([float(v) for v in values.dropna()])
            stats.append({"statistic": col, "mean": ci.estimate, "low": ci.low,
                          "high": ci.high})
    return Evaluation(game, n, outcomes, players_df, pd.DataFrame(stats), df)


@dataclass
class OptionResult:
    """One option of the pending decision: its continuations and how it compares with the best."""

    option: Any
    index: int
    evaluation: Evaluation
    rate: float  # the deciding player's win rate
    low: float
    high: float
    diff_to_best: float = 0.0  # this option's rate minus the best's, paired on the same seeds
    diff_low: float = 0.0
    diff_high: float = 0.0
    separated: bool = False  # the paired interval excludes 0: this option is truly worse
    games_to_separate: int | None = None
    exact: Any = None  # the game's exact odds of this option's single combat, when it has some


@dataclass
class Comparison:
    """The options of a pending decision, ranked for the deciding player."""

    game: str
    player: str
    prompt: str
    n: int
    options: list[OptionResult] = field(default_factory=list)

    @property
    def best(self) -> OptionResult:
        return self.options[0]

    @property
    def best_is_separated(self) -> bool:
        """Is the best option better than every other, beyond doubt at 95%?"""
        return all(o.separated for o in self.options[1:])

    def to_frame(self):
        import pandas as pd

        any_exact = any(o.exact is not None for o in self.options)
        return pd.DataFrame([{
            "option": repr(o.option) if not isinstance(o.option, str) else o.option,
            "win rate": o.rate, "low": o.low, "high": o.high,
            "vs best": o.diff_to_best, "vs best low": o.diff_low, "vs best high": o.diff_high,
            "worse than best": o.separated, "games to separate": o.games_to_separate,
            **({"exact odds": exact_text(o.exact)} if any_exact else {})}
            for o in self.options])


def exact_text(exact: Any) -> str:
    """An option's exact odds as a reader takes them in (the CLI's table, the Analyze tab): 'reduced 56/81 (69%); ...'."""
    if exact is None:
        return ""
    if isinstance(exact, Mapping):
        return "; ".join(f"{k} {v} ({float(v):.0%})" for k, v in exact.items())
    return str(exact)


# --------------------------------------------------------------------------------------------------
# The three questions
# --------------------------------------------------------------------------------------------------


def _game_of(game_or_state: Any, module: Any) -> Game:
    if isinstance(game_or_state, Game):
        return game_or_state
    if module is None:
        raise ValueError("evaluating a bare state needs its game: evaluate(state, game='...')")
    return module.new_game(game_or_state)


def evaluate(game_or_state: Any, n: int = 200, *, policies: Mapping[str, str] | None = None,
             seed: int = 0, executor: Any = None, game: str | None = None,
             data_overrides: Mapping[str, Any] | None = None,
             progress: Callable[[int, int], None] | None = None) -> Evaluation:
    """Play ``n`` seeded continuations of a position to the end; a pending decision is answered
    by the continuations' policies (the game's defaults, or ``policies`` by name)."""
    module = get_game(game) if game else None
    g = _game_of(game_or_state, module)
    module = module or get_game(g.rules.name)
    position = Position.of(g, data_overrides)
    rows = _run(position, [None], n, seed, dict(policies or {}), executor, progress)
    return _evaluation(module.name, module.players, rows)


def compare_options(game: Game, n: int = 200, *, policies: Mapping[str, str] | None = None,
                    seed: int = 0, executor: Any = None, options: Iterable[int] | None = None,
                    data_overrides: Mapping[str, Any] | None = None,
                    progress: Callable[[int, int], None] | None = None) -> Comparison:
    """For the decision the game waits on, ``n`` continuations per legal option (the same seeds
    for every option), ranked by the deciding player's win rate, best first."""
    if game.pending is None:
        raise IllegalChoice("no decision is pending: step the game to one (a 'person' policy "
                            "for the deciding player makes it wait)")
    module = get_game(game.rules.name)
    decision = game.pending
    chosen = list(range(len(decision.options))) if options is None else list(options)
    bad = [i for i in chosen if not 0 <= i < len(decision.options)]
    if bad:
        raise ValueError(f"option index {bad[0]} is not one of 0..{len(decision.options) - 1}")
    position = Position.of(game, data_overrides)
    rows = _run(position, chosen, n, seed, dict(policies or {}), executor, progress)
    player = decision.player
    by_option: dict[int, list[dict[str, Any]]] = {i: [] for i in chosen}
    for row in rows:
        by_option[row["option"]].append(row)
    results = []
    for i in chosen:
        ev = _evaluation(module.name, module.players, by_option[i])
        wins = sum(1 for r in by_option[i] if r[f"won:{player}"])
        ci = wilson(wins, len(by_option[i]))
        results.append(OptionResult(decision.options[i], i, ev, ci.estimate, ci.low, ci.high,
                                    exact=module.exact_odds_of_option(game, decision.options[i])))
    results.sort(key=lambda o: (-o.rate, o.index))
    best = results[0]
    best_wins = {r["seed"]: r[f"won:{player}"] for r in by_option[best.index]}
    for o in results[1:]:
        ci = paired_difference_interval([(bool(r[f"won:{player}"]), bool(best_wins[r["seed"]]))
                                         for r in by_option[o.index]])
        o.diff_to_best, o.diff_low, o.diff_high = ci.estimate, ci.low, ci.high
        o.separated = ci.high < 0
        if not o.separated:
            o.games_to_separate = games_needed(best.rate, o.rate)
    return Comparison(module.name, player, decision.prompt, n, results)


class PauseAt:
    """A player's policy that pauses the game at the decisions of chosen kinds (for a person or
    an analysis) and answers every other decision as the player's usual policy does."""

    name = "pause-at"

    def __init__(self, kinds: Iterable[str], then: Any) -> None:
        self.kinds, self.then = frozenset(kinds), then

    def choose(self, state: Any, decision: Any, rng: Any) -> Any:
        if decision.kind in self.kinds:
            return ASK_PERSON
        return self.then.choose(state, decision, rng)


def position_at(game: str, kind: str, *, player: str | None = None, seed: int = 0,
                scenario: str | None = None, variants: Sequence[str] = (),
                policies: Mapping[str, str] | None = None, max_games: int = 50) -> Game:
    """The first moment, in seeded games from ``seed`` on, when a decision of ``kind`` (of
    ``player``, if given) waits: a real position to analyse ("Which City does the Tank Retreat
    to?"). Raises ValueError if none comes up in ``max_games`` games."""
    module = get_game(game)
    for s in range(seed, seed + max_games):
        g = module.new_game(scenario, seed=s, variants=variants, policies=policies,
                            keep_log=False)
        for p in module.players:
            if player is None or p == player:
                g.policies[p] = PauseAt((kind,), g.policies[p])
        while g.step_event() is not None:
            pass
        if g.pending is not None and g.pending.kind == kind:
            return g
    raise ValueError(f"{game}: no {kind!r} decision{f' of {player}' if player else ''} in "
                     f"{max_games} games from seed {seed}")


def evaluation_curve(game: Game, n: int = 100, *, every: str = "turn",
                     policies: Mapping[str, str] | None = None, seed: int = 0,
                     executor: Any = None, data_overrides: Mapping[str, Any] | None = None):
    """Each player's win probability along a played game: an evaluation at the start of each
    turn (``every="turn"``) or phase (``"phase"``). A DataFrame: event, turn, phase, and per
    player the rate with its interval."""
    import pandas as pd

    if every not in ("turn", "phase"):
        raise ValueError(f"every={every!r}: evaluate at each 'turn' or each 'phase'")
    kinds = ("turn",) if every == "turn" else ("turn", "phase")
    marks = [0] + [e.index + 1 for e in game.log if e.kind in kinds]
    module = get_game(game.rules.name)
    rows = []
    for mark in sorted(set(marks)):
        at = game.replay_to(mark, keep_log=False)
        if at.state.result is not None:
            break
        ev = evaluate(at, n, policies=policies, seed=seed, executor=executor,
                      data_overrides=data_overrides)
        row = {"event": mark, "turn": at.state.turn, "phase": at.state.phase}
        for _, p in ev.players.iterrows():
            row[f"{p['player']}"] = p["rate"]
            row[f"{p['player']} low"] = p["low"]
            row[f"{p['player']} high"] = p["high"]
        rows.append(row)
    return pd.DataFrame(rows, columns=["event", "turn", "phase"] + [
        f"{p}{s}" for p in module.players for s in ("", " low", " high")])


__all__ = ["Comparison", "Evaluation", "OptionResult", "PauseAt", "Position", "compare_options",
           "evaluate", "evaluation_curve", "play_continuations", "position_at"]

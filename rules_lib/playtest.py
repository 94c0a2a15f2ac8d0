"""Designer playtesting: many seeded games, parameter and variant sweeps, comparisons, charts.

A *design* is a game with its scenario, policies, rule variants and data overrides. Games are played
in seed blocks (see :mod:`rules_lib.executors`) and come back one row per game: ``seed``,
``outcome``, ``turns`` and the game's own summary statistics. A row replays exactly with
``get_game(name).new_game(seed=row.seed, ...)`` and the same design, so any game of a batch can be
opened in the stepper. Every rate carries a 95% Wilson interval (DESIGN principle 5).

Every point of a sweep plays the same seeds (common random numbers): differences between points
come from the design, not from luckier dice. :func:`compare` uses Newcombe's interval, which is
conservative for such paired runs.
"""
from __future__ import annotations

import functools
import itertools
import json
import math
import signal
import threading
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.stats import (
    Interval,
    difference_interval,
    games_needed,
    mean_interval,
    paired_difference_interval,
    wilson,
)
from rules_lib.executors import InProcess, get_executor
from rules_lib.registry import get_game

BY_TURN = "_by_turn"
SUMMARY_COLUMNS = ("measure", "estimate", "low", "high", "games")


# -- one game ------------------------------------------------------------------------------------


class GameFailed(RuntimeError):
    """A batch game raised: the message names the game, seed and design point to replay it."""


def play_one(game: str, seed: int, *, scenario: str | None = None,
             policies: Mapping[str, str] | None = None, variants: Iterable[str] = (),
             data_overrides: Mapping[str, Any] | None = None,
             by_turn: Sequence[str] = ()) -> dict[str, Any]:
    """Play one complete game and return its row: seed, outcome, turns, the game's summary.

    ``by_turn`` names summary statistics to record after every turn, as list columns
    ``<stat>_by_turn`` (index 0 = after turn 1) for per-turn progress curves.
    """
    entry = get_game(game)
    g = entry.new_game(scenario=scenario, seed=seed, variants=list(variants),
                       policies=dict(policies or {}),
                       data_overrides=dict(data_overrides) if data_overrides else None,
                       keep_log=False)
    curves: dict[str, list[Any]] = {stat: [] for stat in by_turn}
    if curves:
        for _ in range(entry.max_events):
            ev = g.step_event()
            if ev is None:
                break
            if ev.kind == "turn" and g.state.turn > 1:  # the state as the previous turn left it
                _record_turn(curves, entry.summary(g.state), g.state.turn - 1, game)
        else:
            raise RuntimeError(f"{game}: no end after {entry.max_events} events")
    else:
        g.run_to_end(max_events=entry.max_events)
    if g.pending is not None:
        raise RuntimeError(f"{game} seed {seed}: paused on a person's decision in a batch run")
    summary = entry.summary(g.state)
    if "outcome" not in summary:
        raise RuntimeError(f"{game}: summary(state) has no 'outcome'")
    if curves:
        _record_turn(curves, summary, g.state.turn, game)
    row: dict[str, Any] = {"seed": seed, "outcome": summary["outcome"],
                           "turns": summary.get("turns", g.state.turn)}
    row.update(summary)
    row.update({f"{stat}{BY_TURN}": values for stat, values in curves.items()})
    return row


def _record_turn(curves: dict[str, list[Any]], summary: Mapping[str, Any], turn: int,
                 game: str) -> None:
    for stat, values in curves.items():
        if stat not in summary:
            numeric = [k for k, v in summary.items() if isinstance(v, (int, float))]
            raise ValueError(f"{game}: by_turn statistic {stat!r} is not in the summary; "
                             f"numeric statistics: {', '.join(numeric)}")
        while len(values) < turn - 1:  # a skipped turn number keeps the last value
            values.append(values[-1] if values else summary[stat])
        if len(values) == turn - 1:
            values.append(summary[stat])
        elif turn >= 1:
            values[turn - 1] = summary[stat]


# -- seed blocks ---------------------------------------------------------------------------------


@dataclass
class Design:
    """What is played at one point: game, scenario, policies, variants and data overrides."""

    game: str
    scenario: str | None = None
    policies: dict[str, str] = field(default_factory=dict)
    variants: tuple[str, ...] = ()
    data_overrides: dict[str, Any] = field(default_factory=dict)
    by_turn: tuple[str, ...] = ()


@dataclass
class SeedBlock:
    """Consecutive seeds of one design point: the unit of work sent to an executor."""

    point: int
    design: Design
    first_seed: int
    count: int


@dataclass
class BlockResult:
    """The rows of a block (fewer than asked if it was interrupted)."""

    point: int
    rows: list[dict[str, Any]]
    interrupted: bool = False


def play_block(block: SeedBlock, on_game: Callable[[], None] | None = None) -> BlockResult:
    """Play a seed block; on Ctrl-C return the games that finished."""
    d = block.design
    rows = []
    try:
        for seed in range(block.first_seed, block.first_seed + block.count):
            try:
                row = play_one(d.game, seed, scenario=d.scenario, policies=d.policies,
                               variants=d.variants, data_overrides=d.data_overrides,
                               by_turn=d.by_turn)
            except KeyboardInterrupt:
                raise
            except Exception as exc:
                raise GameFailed(f"{d.game} seed {seed} (point {block.point}, variants "
                                 f"{list(d.variants)}, overrides {d.data_overrides}): "
                                 f"{type(exc).__name__}: {exc}") from exc
            rows.append(row)
            if on_game is not None:
                on_game()
    except KeyboardInterrupt:
        return BlockResult(block.point, rows, interrupted=True)
    return BlockResult(block.point, rows)


def seed_blocks(designs: Sequence[Design], n: int, seed: int,
                block_size: int) -> list[SeedBlock]:
    """Each design plays seeds seed..seed+n-1, cut into blocks of ``block_size``."""
    return [SeedBlock(point, design, start, min(block_size, seed + n - start))
            for point, design in enumerate(designs)
            for start in range(seed, seed + n, block_size)]


def _auto_block_size(total: int, workers: int) -> int:
    """About four blocks per worker (load balance), at most 250 games a block."""
    return max(1, min(250, math.ceil(total / (4 * max(1, workers)))))


class _CtrlC:
    """Ctrl-C while games play in this process, noted by a signal handler and acted on between
    games. The default handler raises KeyboardInterrupt wherever the program happens to be, and
    where that is a finaliser (a game's generator being collected) Python prints it and carries
    on: the run then played on instead of stopping. A second Ctrl-C stops at once; off the main
    thread nothing is installed."""

    def __init__(self) -> None:
        self.pressed = False
        self._before: Any = None

    def listen(self) -> None:
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGINT, self._press)

    def _press(self, signum: int, frame: Any) -> None:
        if self.pressed:  # a second Ctrl-C: at once, wherever the game is
            raise KeyboardInterrupt
        self.pressed = True

    def stop_listening(self) -> None:
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)
            self._before = None


def _play(designs: Sequence[Design], n: int, seed: int, executor: Any, progress: bool,
          block_size: int | None, desc: str) -> tuple[list[tuple[int, dict[str, Any]]], bool]:
    """Play every design's games on the executor; (point, row) pairs sorted, and interrupted?"""
    ex, owned = get_executor(executor)
    total = n * len(designs)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=total, desc=desc, unit="game")
    ticks = [0]
    in_process = isinstance(ex, InProcess)
    ctrl_c = _CtrlC() if in_process else None

    def on_game() -> None:
        ticks[0] += 1
        if bar is not None:
            bar.update(1)
        if ctrl_c is not None and ctrl_c.pressed:
            raise KeyboardInterrupt  # (here, between games: ``play_block`` keeps what finished)

    size = block_size or _auto_block_size(total, ex.workers)
    results: list[tuple[int, dict[str, Any]]] = []
    interrupted = False
    stream = ex.map_unordered(play_block, seed_blocks(designs, n, seed, size),
                              on_game=on_game if in_process else None)
    try:
        if ctrl_c is not None:
            ctrl_c.listen()
        for res in stream:
            results.extend((res.point, row) for row in res.rows)
            if bar is not None and len(res.rows) > ticks[0]:
                bar.update(len(res.rows) - ticks[0])
            ticks[0] = 0
            if res.interrupted:
                interrupted = True
                break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if ctrl_c is not None:
            ctrl_c.stop_listening()
        stream.close()
        if bar is not None:
            bar.close()
        if owned:
            ex.close()
    if interrupted:
        warnings.warn(f"interrupted: returning the {len(results)} of {total} games that finished",
                      stacklevel=3)
    results.sort(key=lambda pr: (pr[0], pr[1]["seed"]))
    return results, interrupted


def _check_design(design: Design) -> None:
    """Fail before any game is sent out: bad variants, policies, scenario or override paths."""
    entry = get_game(design.game)
    entry.make_policies(design.policies)
    if design.data_overrides:
        _check_overrides_honoured(design.game)
        for path, value in design.data_overrides.items():
            try:
                entry.new_game(scenario=design.scenario, seed=0, variants=list(design.variants),
                               data_overrides={path: value}, keep_log=False)
            except (KeyError, ValueError) as exc:
                raise ValueError(f"{design.game}: bad data override {path}={value!r}: {exc}") \
                    from exc
    entry.new_game(scenario=design.scenario, seed=0, variants=list(design.variants),
                   data_overrides=dict(design.data_overrides) or None, keep_log=False)


@functools.cache
def _check_overrides_honoured(game: str) -> None:
    """A game whose new_game ignores data_overrides would make a sweep silently flat."""
    try:
        get_game(game).new_game(seed=0, data_overrides={"no_such_file.no_such_entry": 0},
                                keep_log=False)
    except (KeyError, ValueError):
        return
    raise ValueError(f"{game}: new_game ignores data_overrides (a path that does not exist was "
                     "accepted), so a data sweep would show nothing")


# -- batch runs and sweeps -----------------------------------------------------------------------


def run_games(game: str, n: int, seed: int = 0, *, scenario: str | None = None,
              policies: Mapping[str, str] | None = None, variants: Iterable[str] = (),
              data_overrides: Mapping[str, Any] | None = None, executor: Any = None,
              progress: bool = False, block_size: int | None = None,
              by_turn: Sequence[str] = ()):
    """Play ``n`` games with seeds seed..seed+n-1; a DataFrame with one row per game.

    ``executor``: None (here), "processes[:N]", "dask[:N]", "tcp://host:port", a
    ``distributed.Client`` or an Executor; the DataFrame is the same whichever plays it.
    Interrupting (Ctrl-C, or the notebook's stop button) returns the games that finished;
    ``df.attrs["interrupted"]`` says so.
    """
    import pandas as pd

    design = Design(game, scenario, dict(policies or {}), tuple(variants),
                    dict(data_overrides or {}), tuple(by_turn))
    _check_design(design)
    results, interrupted = _play([design], n, seed, executor, progress, block_size,
                                 f"{game} games")
    df = pd.DataFrame([row for _, row in results])
    df.attrs.update(game=game, seed=seed, games_asked=n, interrupted=interrupted)
    return df


def sweep(game: str, overrides_grid: Mapping[str, Sequence[Any]] | Sequence[Mapping[str, Any]]
          | None = None, variants_grid: Sequence[Sequence[str] | str] | None = None,
          n_per_point: int = 100, seed: int = 0, *, scenario: str | None = None,
          policies: Mapping[str, str] | None = None, variants: Iterable[str] = (),
          data_overrides: Mapping[str, Any] | None = None, executor: Any = None,
          progress: bool = False, block_size: int | None = None, by_turn: Sequence[str] = ()):
    """Play ``n_per_point`` games at every point of a grid; one tidy DataFrame.

    ``overrides_grid``: {path: [values]} (every combination) or a list of {path: value} points.
    ``variants_grid``: a list of variant sets, e.g. ``[(), ("lust_chains",)]``; crossed with the
    overrides. ``variants`` / ``data_overrides`` apply at every point. Columns: ``point``, one
    column per swept path (lists shown as text, e.g. "[4]"), ``variants`` (if swept), then the
    game rows. Every point plays the same seeds.
    """
    import pandas as pd

    override_points = _override_points(overrides_grid)
    variant_points = _variant_points(variants_grid)
    paths = list(dict.fromkeys(p for pt in override_points for p in pt))
    designs, labels = [], []
    for ov, vs in itertools.product(override_points, variant_points):
        merged = dict(data_overrides or {})
        merged.update(ov)
        designs.append(Design(game, scenario, dict(policies or {}),
                              tuple(dict.fromkeys([*variants, *vs])), merged, tuple(by_turn)))
        label: dict[str, Any] = {p: _label(ov[p]) if p in ov else None for p in paths}
        if variants_grid is not None:
            label["variants"] = "+".join(vs) or "default"
        labels.append(label)
    for d in designs:
        _check_design(d)
    results, interrupted = _play(designs, n_per_point, seed, executor, progress, block_size,
                                 f"{game} sweep ({len(designs)} points)")
    df = pd.DataFrame([{"point": point, **labels[point], **row} for point, row in results])
    df.attrs.update(game=game, seed=seed, games_asked=n_per_point * len(designs),
                    interrupted=interrupted,
                    parameters=paths + (["variants"] if variants_grid is not None else []))
    return df


def _override_points(grid: Any) -> list[dict[str, Any]]:
    if grid is None:
        return [{}]
    if isinstance(grid, Mapping):
        for path, values in grid.items():
            if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or not values:
                raise ValueError(f"overrides_grid[{path!r}] must be a non-empty list of values")
        keys = list(grid)
        return [dict(zip(keys, combo)) for combo in itertools.product(*grid.values())]
    points = [dict(p) for p in grid]
    if not points:
        raise ValueError("overrides_grid is an empty list of points")
    return points


def _variant_points(grid: Any) -> list[tuple[str, ...]]:
    if grid is None:
        return [()]
    points = [(v,) if isinstance(v, str) and v else tuple(v or ()) for v in grid]
    if not points:
        raise ValueError("variants_grid is an empty list")
    return points


def _label(value: Any) -> Any:
    """A swept value as a table cell: scalars as they are, lists and mappings as JSON text."""
    return json.dumps(value) if isinstance(value, (list, dict, tuple)) else value


# -- summaries and comparisons -------------------------------------------------------------------


def _groups(df, by: str | Sequence[str] | None):
    keys = [by] if isinstance(by, str) else list(by or [])
    for k in keys:
        if k not in df.columns:
            raise KeyError(f"no column {k!r} to group by; columns: {', '.join(map(str, df.columns))}")
    if not keys:
        return keys, [((), df)]
    return keys, [(k if isinstance(k, tuple) else (k,), g)
                  for k, g in df.groupby(keys, sort=False, dropna=False)]


def summarize(df, by: str | Sequence[str] | None = None, outcome: str = "outcome"):
    """Outcome rates with 95% Wilson intervals and means of numeric columns with intervals.

    ``by`` groups the games first (e.g. "size" for Zombies!!!, or a swept path).
    """
    import pandas as pd

    keys, groups = _groups(df, by)
    skip = {"seed", "point", outcome, *keys, *df.attrs.get("parameters", ())}
    rows = []
    for key, g in groups:
        head = dict(zip(keys, key))
        n = len(g)
        for value, count in g[outcome].value_counts(dropna=False).sort_index().items():
            ci = wilson(int(count), n)
            rows.append({**head, "measure": f"{outcome} = {value}", "estimate": ci.estimate,
                         "low": ci.low, "high": ci.high, "games": n})
        for col in g.columns:
            if col in skip or not pd.api.types.is_numeric_dtype(g[col]):
                continue
            values = g[col].dropna()
            if pd.api.types.is_bool_dtype(values):
                ci = wilson(int(values.sum()), len(values))
            else:
                ci = mean_interval([float(v) for v in values])
            rows.append({**head, "measure": f"mean {col}", "estimate": ci.estimate,
                         "low": ci.low, "high": ci.high, "games": len(values)})
    return pd.DataFrame(rows, columns=[*keys, *SUMMARY_COLUMNS])


def outcome_rates(df, value: Any = None, by: str | Sequence[str] | None = None,
                  outcome: str = "outcome"):
    """Rate of each outcome (or of one ``value``) per group: wins, games, rate, low, high."""
    import pandas as pd

    keys, groups = _groups(df, by)
    rows = []
    for key, g in groups:
        values = [value] if value is not None else sorted(df[outcome].dropna().unique(), key=str)
        for v in values:
            wins = int((g[outcome] == v).sum())
            ci = wilson(wins, len(g))
            rows.append({**dict(zip(keys, key)), outcome: v, "wins": wins, "games": len(g),
                         "rate": ci.estimate, "low": ci.low, "high": ci.high})
    return pd.DataFrame(rows, columns=[*keys, outcome, "wins", "games", "rate", "low", "high"])


@dataclass(frozen=True)
class Comparison:
    """Two designs' rates of one outcome, their difference, and games needed to tell them apart."""

    value: Any
    rate_a: Interval
    rate_b: Interval
    games_a: int
    games_b: int
    difference: Interval
    games_needed: int | None
    column: str = "outcome"

    @property
    def differ(self) -> bool:
        """True when the 95% interval of the difference excludes zero."""
        return self.difference.low > 0 or self.difference.high < 0

    def __str__(self) -> str:
        verdict = ("they differ" if self.differ else "no difference shown at 95%")
        need = ("the rates are equal: no number of games tells them apart"
                if self.games_needed is None
                else f"about {self.games_needed} games per design tell such a gap apart "
                     "(95% confidence, 80% power)")
        what = self.value if self.column == "outcome" else f"{self.column} = {self.value}"
        return (f"P({what}): A {self.rate_a} over {self.games_a} games, "
                f"B {self.rate_b} over {self.games_b}; A - B = {self.difference}: {verdict}; "
                f"{need}")

    def to_frame(self):
        """One row per design plus the difference, for display."""
        import pandas as pd

        rows = [("A", self.rate_a, self.games_a), ("B", self.rate_b, self.games_b),
                ("A - B", self.difference, None)]
        return pd.DataFrame([{"design": d, "estimate": i.estimate, "low": i.low, "high": i.high,
                              "games": n} for d, i, n in rows])


def compare(a, b, outcome_value: Any, outcome: str = "outcome") -> Comparison:
    """Do designs A and B (two batches of games) differ in the rate of ``outcome_value``?"""
    wa, na = int((a[outcome] == outcome_value).sum()), len(a)
    wb, nb = int((b[outcome] == outcome_value).sum()), len(b)
    if na == 0 or nb == 0:
        raise ValueError("compare needs at least one game in each design")
    return Comparison(outcome_value, wilson(wa, na), wilson(wb, nb), na, nb,
                      difference_interval(wa, na, wb, nb), games_needed(wa / na, wb / nb),
                      outcome)


def variant_effects(df, outcome_value: Any, outcome: str = "outcome",
                    baseline: str = "default"):
    """A variant sweep read for a designer: per variant, the rate of ``outcome_value`` with its
    95% interval, its difference from the ``baseline`` reading paired game by game (every point
    plays the same seeds, so the pairs share their dice), whether that interval excludes 0, and
    otherwise how many games per reading would resolve a difference of the size seen."""
    import pandas as pd

    if "variants" not in df.columns:
        raise KeyError("variant_effects needs a sweep over variants (sweep(..., variants_grid=...))")
    hit = df[outcome] == outcome_value
    base = hit[df["variants"] == baseline].groupby(df["seed"]).first()
    if base.empty:
        raise KeyError(f"no games of the baseline reading {baseline!r} in the sweep")
    rows = []
    for name, part in df.groupby("variants", sort=False):
        wins = int((part[outcome] == outcome_value).sum())
        rate = wilson(wins, len(part))
        mine = hit[df["variants"] == name].groupby(df["seed"]).first()
        pairs = [(bool(m), bool(base[s])) for s, m in mine.items() if s in base.index]
        diff = (paired_difference_interval(pairs) if name != baseline
                else Interval(0.0, 0.0, 0.0))
        resolved = name != baseline and (diff.low > 0 or diff.high < 0)
        rows.append({"variants": name, "games": len(part), "rate": rate.estimate,
                     "low": rate.low, "high": rate.high, "vs baseline": diff.estimate,
                     "vs low": diff.low, "vs high": diff.high, "resolved": resolved,
                     "games to resolve": (None if resolved or name == baseline
                                          else games_needed(float(base.mean()), rate.estimate))})
    return pd.DataFrame(rows)


# -- per-turn progress ---------------------------------------------------------------------------


def progress_frame(df, stat: str, by: str | Sequence[str] | None = None):
    """Long table (group..., seed, turn, value) of ``<stat>_by_turn``; a finished game keeps its
    final value for the later turns, so every game counts at every turn."""
    import pandas as pd

    col = f"{stat}{BY_TURN}"
    if col not in df.columns:
        raise KeyError(f"no per-turn column {col!r}: run the games with by_turn=[{stat!r}]")
    keys, groups = _groups(df, by)
    last = max((len(v) for v in df[col] if isinstance(v, list)), default=0)
    rows = []
    for key, g in groups:
        for seed, values in zip(g["seed"], g[col]):
            values = list(values) if isinstance(values, list) else []
            for turn in range(1, last + 1):
                if values:
                    rows.append({**dict(zip(keys, key)), "seed": seed, "turn": turn,
                                 stat: values[min(turn, len(values)) - 1]})
    return pd.DataFrame(rows, columns=[*keys, "seed", "turn", stat])


__all__ = ["BlockResult", "Comparison", "Design", "GameFailed", "SeedBlock", "compare",
           "outcome_rates", "play_block", "play_one", "progress_frame", "run_games",
           "seed_blocks", "summarize", "sweep", "variant_effects"]

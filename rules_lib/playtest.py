"""Batch play: many seeded games of one game, one row per game, summarised with intervals.

Seeds are derived from the batch seed (seed, seed+1, ...), so any row replays exactly with
``get_game(name).new_game(seed=row.seed, ...)``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_lib.core.stats import mean_interval, wilson
from rules_lib.registry import get_game


def play_one(game: str, seed: int, *, scenario: str | None = None,
             policies: dict[str, str] | None = None, variants: Iterable[str] = (),
             data_overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play one complete game and return its summary row."""
    entry = get_game(game)
    g = entry.new_game(scenario=scenario, seed=seed, variants=list(variants),
                       policies=entry.make_policies(policies), data_overrides=data_overrides,
                       keep_log=False)
    g.run_to_end(max_events=entry.max_events)
    if g.pending is not None:
        raise RuntimeError(f"{game} seed {seed}: paused on a person's decision in a batch run")
    row = {"seed": seed}
    row.update(entry.summary(g.state))
    return row


def run_games(game: str, n: int, seed: int = 0, *, scenario: str | None = None,
              policies: dict[str, str] | None = None, variants: Iterable[str] = (),
              data_overrides: dict[str, Any] | None = None, progress: bool = False):
    """Play ``n`` games with seeds seed..seed+n-1; a DataFrame with one row per game."""
    import pandas as pd

    seeds: Iterable[int] = range(seed, seed + n)
    if progress:
        from tqdm.auto import tqdm

        seeds = tqdm(seeds, total=n, desc=f"{game} games")
    rows = []
    try:
        for s in seeds:
            rows.append(play_one(game, s, scenario=scenario, policies=policies,
                                 variants=variants, data_overrides=data_overrides))
    except KeyboardInterrupt:
        pass  # return what finished
    return pd.DataFrame(rows)


def summarize(df, outcome: str = "outcome"):
    """Outcome rates with 95% Wilson intervals, and means of numeric columns with intervals."""
    import pandas as pd

    n = len(df)
    rows = []
    for value, count in df[outcome].value_counts().sort_index().items():
        ci = wilson(int(count), n)
        rows.append({"measure": f"{outcome} = {value}", "estimate": ci.estimate,
                     "low": ci.low, "high": ci.high, "games": n})
    for col in df.columns:
        if col in ("seed", outcome) or not pd.api.types.is_numeric_dtype(df[col]):
            continue
        if pd.api.types.is_bool_dtype(df[col]):
            ci = wilson(int(df[col].sum()), n)
        else:
            ci = mean_interval([float(v) for v in df[col]])
        rows.append({"measure": f"mean {col}", "estimate": ci.estimate, "low": ci.low,
                     "high": ci.high, "games": n})
    return pd.DataFrame(rows, columns=["measure", "estimate", "low", "high", "games"])

"""The ``rules-explorer`` command: validate data, combat odds, batch simulation, sweeps, JupyterLab."""
from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules_lib.core.data import DataError, parse_value
from rules_lib.registry import game_names, get_game

EXECUTOR_HELP = ("where to play: inprocess (default), processes[:N], dask[:N] (a LocalCluster), "
                 "or a Dask scheduler address tcp://host:port")
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cmd_games(args: argparse.Namespace) -> int:
    for name in game_names():
        entry = get_game(name)
        print(f"{name:<16} {entry.title}  (scenarios: {', '.join(entry.scenarios) or '-'})")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    from rules_lib.core.engine import describe_variants

    names = [args.game] if args.game else game_names()
    for name in names:
        entry = get_game(name)
        print(f"{name}: {len(entry.variants)} rule variant(s), by rulebook section")
        print("  " + describe_variants(entry.variants).replace("\n", "\n  "))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    names = [args.game] if args.game else game_names()
    bad = 0
    for name in names:
        try:
            problems = get_game(name).validate_data()
        except DataError as exc:
            problems = [str(exc)]
        if problems:
            bad += 1
            print(f"{name}: {len(problems)} problem(s)")
            for p in problems:
                print(f"  {p}")
        else:
            print(f"{name}: data OK")
    return 1 if bad else 0


def cmd_odds(args: argparse.Namespace) -> int:
    entry = get_game(args.game)
    if entry.odds_from_args is None:
        print(f"{args.game}: no combat odds calculator", file=sys.stderr)
        return 2
    try:
        table = entry.odds_from_args(args)
    except (ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(table.to_string(index=False) if hasattr(table, "to_string") else table)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from rules_lib.playtest import run_games, summarize

    out = _check_out(args.out)
    policies = _policies(args.policy)
    df = run_games(args.game, args.n, args.seed, scenario=args.scenario, policies=policies,
                   variants=args.variant, executor=args.executor, progress=not args.quiet)
    by = args.by or get_game(args.game).extra.get("summary_by")
    summary = summarize(df, by=by)
    print(f"{args.game}: {len(df)} games from seed {args.seed}"
          + (f", by {', '.join(by) if isinstance(by, list) else by}" if by else ""))
    print(summary.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    _write(df, out)
    return 0


def cmd_sweep(args: argparse.Namespace) -> int:
    from rules_lib.playtest import outcome_rates, sweep

    out = _check_out(args.out)
    grid = dict(parse_setting(text) for text in args.sets)
    variants_grid = None
    if args.toggle:
        variants_grid = [tuple(v for v, on in zip(args.toggle, ons) if on)
                         for ons in _on_off(len(args.toggle))]
    if not grid and variants_grid is None:
        print("error: give at least one --set PATH=V1,V2,... or --toggle VARIANT",
              file=sys.stderr)
        return 2
    df = sweep(args.game, grid or None, variants_grid, n_per_point=args.n, seed=args.seed,
               scenario=args.scenario, policies=_policies(args.policy), variants=args.variant,
               executor=args.executor, progress=not args.quiet, block_size=args.block_size)
    keys = list(df.attrs["parameters"]) + list(args.by)
    table = outcome_rates(df, by=keys)
    points = df["point"].nunique() if len(df) else 0
    print(f"{args.game}: {points} points x {args.n} games from seed {args.seed}"
          + (" (interrupted)" if df.attrs.get("interrupted") else ""))
    print(table.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    _write(df, out)
    return 0


def parse_setting(text: str) -> tuple[str, list[Any]]:
    """'types.Tank.fresh=[3],[4]' -> ('types.Tank.fresh', [[3], [4]]) (commas inside [] kept)."""
    path, sep, values = text.partition("=")
    if not sep or not path.strip() or not values.strip():
        raise ValueError(f"--set {text!r}: expected PATH=V1,V2,...")
    parts, depth, current = [], 0, ""
    for ch in values:
        depth += {"[": 1, "{": 1, "]": -1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    if any(not p.strip() for p in parts):
        raise ValueError(f"--set {text!r}: an empty value in the list")
    return path.strip(), [parse_value(p.strip()) for p in parts]


def _on_off(k: int) -> list[tuple[bool, ...]]:
    """Every on/off combination of k toggled variants, all off first."""
    return [tuple(bool(i >> j & 1) for j in range(k)) for i in range(2 ** k)]


def _policies(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        player, sep, name = item.partition("=")
        if not sep:
            raise ValueError(f"--policy {item!r}: expected PLAYER=NAME")
        out[player] = name
    return out


def _check_out(out: str | None) -> Path | None:
    """Check the output file before playing: a known suffix, and pyarrow for Parquet."""
    if not out:
        return None
    path = Path(out)
    if path.suffix not in (".csv", ".parquet"):
        raise ValueError(f"--out {out}: write a .csv or a .parquet file")
    if path.suffix == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        raise ValueError(f"--out {out}: writing Parquet needs pyarrow (pip install pyarrow); "
                         "or write a .csv file")
    return path


def _write(df, out: Path | None) -> None:
    if out is None:
        return
    if out.suffix == ".parquet":
        df.to_parquet(out)
    else:
        df.to_csv(out, index=False)
    print(f"wrote {out}")


def cmd_lab(args: argparse.Namespace) -> int:
    target = NOTEBOOKS / "00_start_here.ipynb"
    return subprocess.call([sys.executable, "-m", "jupyter", "lab", str(target), *args.extra])


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="rules-explorer", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("variants", help="list a game's rule variants by rulebook section")
    p.add_argument("game", nargs="?")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("validate", help="check every game data file; exit 1 on bad data")
    p.add_argument("game", nargs="?")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("odds", help="exact combat odds for a what-if")
    odds_sub = p.add_subparsers(dest="game", required=True)
    for name in game_names():
        entry = get_game(name)
        if entry.add_odds_arguments is not None:
            gp = odds_sub.add_parser(name, help=entry.title)
            entry.add_odds_arguments(gp)
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser("simulate", help="play N seeded games and summarise the outcomes")
    p.add_argument("game")
    p.add_argument("-n", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario")
    p.add_argument("--policy", action="append", default=[], metavar="PLAYER=NAME")
    p.add_argument("--variant", action="append", default=[], metavar="VARIANT",
                   help="a rule variant on in every game (repeat); "
                        "`rules-explorer variants GAME` lists them by section")
    p.add_argument("--out", help="write one row per game (.csv or .parquet)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--executor", help=EXECUTOR_HELP)
    p.add_argument("--by", action="append", default=[], metavar="COLUMN",
                   help="group the summary by a column of the games table (e.g. size); "
                        "default: the game's own grouping, if any")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("sweep", help="play N games at every combination of data values / variants")
    p.add_argument("game")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="PATH=V1,V2,...",
                   help="a data value to sweep, e.g. types.Tank.fresh=[3],[4],[5] (repeat to cross)")
    p.add_argument("--toggle", action="append", default=[], metavar="VARIANT",
                   help="sweep a rule variant off and on (repeat to cross); "
                        "`rules-explorer variants GAME` lists them by section")
    p.add_argument("--variant", action="append", default=[], metavar="VARIANT",
                   help="a variant on at every point")
    p.add_argument("-n", type=int, default=100, help="games per point")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario")
    p.add_argument("--policy", action="append", default=[], metavar="PLAYER=NAME")
    p.add_argument("--by", action="append", default=[], metavar="COLUMN",
                   help="also split the table by a summary column (e.g. size)")
    p.add_argument("--out", help="write one row per game (.csv or .parquet)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--executor", help=EXECUTOR_HELP)
    p.add_argument("--block-size", type=int, help="games per work unit (results do not change)")
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("lab", help="open JupyterLab on the notebooks")
    p.add_argument("extra", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_lab)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (KeyError, ValueError, ImportError) as exc:
        print(f"error: {exc.args[0] if isinstance(exc, KeyError) and exc.args else exc}",
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

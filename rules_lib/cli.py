"""The ``rules-explorer`` command: validate data, combat odds, batch simulation, JupyterLab."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from rules_lib.core.data import DataError
from rules_lib.registry import game_names, get_game

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def cmd_games(args: argparse.Namespace) -> int:
    for name in game_names():
        entry = get_game(name)
        print(f"{name:<16} {entry.title}  (scenarios: {', '.join(entry.scenarios) or '-'})")
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

    policies = dict(p.split("=", 1) for p in args.policy)
    df = run_games(args.game, args.n, args.seed, scenario=args.scenario, policies=policies,
                   variants=args.variant, progress=not args.quiet)
    summary = summarize(df)
    print(f"{args.game}: {len(df)} games from seed {args.seed}")
    print(summary.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    if args.out:
        out = Path(args.out)
        if out.suffix == ".parquet":
            df.to_parquet(out)
        else:
            df.to_csv(out, index=False)
        print(f"wrote {out}")
    return 0


def cmd_lab(args: argparse.Namespace) -> int:
    target = NOTEBOOKS / "00_start_here.ipynb"
    return subprocess.call([sys.executable, "-m", "jupyter", "lab", str(target), *args.extra])


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="rules-explorer", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)

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
    p.add_argument("--variant", action="append", default=[])
    p.add_argument("--out", help="write one row per game (.csv or .parquet)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("lab", help="open JupyterLab on the notebooks")
    p.add_argument("extra", nargs=argparse.REMAINDER)
    p.set_defaults(func=cmd_lab)
    return ap


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (KeyError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

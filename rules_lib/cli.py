"""The ``rules-explorer`` command: validate data, combat odds, batch simulation, sweeps, JupyterLab."""
from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

from rules_lib.core.data import DataError, parse_value
from rules_lib.registry import game_names, get_game

MAX_GAMES = 1_000_000  # per run or per sweep point: about 80 minutes of the fastest game on one core
MAX_SWEEP_GAMES = 10_000_000  # all the points of a sweep together
MAX_TOGGLES = 10  # 2**10 = 1,024 sweep points
INTERRUPTED = 130  # the exit status of a run stopped by Ctrl-C (what finished is still reported)

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
    if args.data_dir and not args.game:
        raise ValueError("--data-dir needs the GAME whose data it holds")
    bad = 0
    for name in names:
        try:
            game = get_game(name)
            problems = (game.validate_data(Path(args.data_dir)) if args.data_dir
                        else game.validate_data())
        except DataError as exc:  # the game could not even be imported
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
    calc = get_game(args.game).odds
    if calc is None or calc.from_args is None:
        print(f"{args.game}: no combat odds calculator", file=sys.stderr)
        return 2
    try:
        table = calc.from_args(args)
    except (ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(table.to_string(index=False) if hasattr(table, "to_string") else table)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from rules_lib.playtest import run_games, summarize

    entry = get_game(args.game)
    out = _check_out(args.out)
    policies = _policies(args.policy)
    by = args.by or entry.summary_by
    _check_by(entry, args.scenario, by)
    df = run_games(args.game, args.n, args.seed, scenario=args.scenario, policies=policies,
                   variants=args.variant, executor=args.executor, progress=not args.quiet)
    if len(df):
        summary = summarize(df, by=by)
        print(f"{args.game}: {len(df)} games from seed {args.seed}"
              + (f", by {', '.join(by) if isinstance(by, list) else by}" if by else ""))
        print(summary.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        _write(df, out)
    return _report_interrupted(df, args.n)


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
    points = (len(variants_grid) if variants_grid else 1)
    for values in grid.values():
        points *= len(values)
    if points * args.n > MAX_SWEEP_GAMES:
        raise ValueError(f"-n {args.n} at {points} sweep points is {points * args.n:,} games; "
                         f"at most {MAX_SWEEP_GAMES:,} in one sweep")
    _check_by(get_game(args.game), args.scenario, args.by)
    df = sweep(args.game, grid or None, variants_grid, n_per_point=args.n, seed=args.seed,
               scenario=args.scenario, policies=_policies(args.policy), variants=args.variant,
               executor=args.executor, progress=not args.quiet, block_size=args.block_size)
    keys = list(df.attrs["parameters"]) + list(args.by)
    if len(df):
        table = outcome_rates(df, by=keys)
        print(f"{args.game}: {df['point'].nunique()} points x {args.n} games from seed "
              f"{args.seed}" + (" (interrupted)" if df.attrs.get("interrupted") else ""))
        print(table.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        _write(df, out)
    return _report_interrupted(df, df.attrs.get("games_asked", args.n))


def _check_by(entry: Any, scenario: str | None, by: Any) -> None:
    """A --by column must be one of the games table (seed + the game's summary), before playing."""
    if not by:
        return
    columns = ["seed", *entry.summary(entry.new_game(scenario=scenario, seed=0,
                                                      keep_log=False).state)]
    for column in [by] if isinstance(by, str) else by:
        if column not in columns:
            raise ValueError(f"--by {column}: no such column; columns: {', '.join(columns)}")


def _report_interrupted(df, asked: int) -> int:
    """Say on stdout how far an interrupted run got; its exit status is then non-zero."""
    if not df.attrs.get("interrupted"):
        return 0
    print(f"interrupted after {len(df)} of {asked} games"
          + ("; the table above and --out hold the games that finished" if len(df) else ""))
    return INTERRUPTED


def cmd_analyze(args: argparse.Namespace) -> int:
    """Win probabilities from a saved position, or its pending decision's options compared."""
    from rules_lib.analysis import compare_options, evaluate

    game_module = get_game(args.game)
    out = _check_out(args.out)
    game = _position(game_module, args)
    policies = _policies(args.policy)
    if args.options:
        if game.pending is None:
            raise ValueError("--options: no decision comes before the game ends")
        result = compare_options(game, args.n, policies=policies, seed=args.seed,
                                 executor=args.executor)
        table = result.to_frame()
        print(f"{args.game}: {result.player} decides: {result.prompt}")
        print(f"{args.n} continuations per option from seed {args.seed}, the same seeds for "
              "every option; win rates of the deciding player, best first")
        verdict = ("the best option is better than every other at 95%" if result.best_is_separated
                   else "the best option is not yet separated from every other (see 'games to "
                        "separate')")
        print(table.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        print(verdict)
    else:
        ev = evaluate(game, args.n, policies=policies, seed=args.seed, executor=args.executor)
        print(f"{args.game}: {args.n} continuations from event {game.events_seen} "
              f"(turn {game.state.turn}, {game.state.phase}), seed {args.seed}")
        print(ev.players.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        print(ev.outcomes.to_string(index=False, float_format=lambda v: f"{v:.3f}"))
        table = ev.rows
    _write(table, out)
    return 0


def _position(game_module: Any, args: argparse.Namespace) -> Any:
    """The position to analyse: a saved state or record (up to --at-event), stepped to the
    first decision of --decider when --options asks for one."""
    from rules_lib.core.engine import Game, GameRecord

    if args.record:
        text = Path(args.record).read_text(encoding="utf-8")
        try:
            record = GameRecord.from_json(text)
        except Exception as exc:  # noqa: BLE001 - cattrs and json errors alike: name the file
            raise ValueError(f"--record {args.record}: not a game record ({exc})") from None
        if record.game != game_module.name:
            raise ValueError(f"--record {args.record} is a {record.game!r} game, not "
                             f"{game_module.name!r}")
        base = Game.from_record(game_module.rules(game_module.game_data(None, record.variants)),
                                record, keep_log=False)
        game = base.replay_to(args.at_event if args.at_event is not None else 10**9,
                              keep_log=False)
    else:
        game = game_module.new_game(args.state or None, seed=args.seed, keep_log=False)
    if args.options and args.decision:
        from rules_lib.analysis import position_at

        if args.state or args.record:
            raise ValueError("--decision searches seeded games; it does not take --state or "
                             "--record")
        return position_at(game_module.name, args.decision, player=args.decider,
                           seed=args.seed)
    if args.options:
        decider = args.decider
        if decider is not None and decider not in game_module.players:
            raise ValueError(f"--decider {decider!r}: players are "
                             f"{', '.join(game_module.players)}")
        from rules_lib.core.engine import PersonPolicy

        for player in game_module.players:
            if decider is None or player == decider:
                game.policies[player] = PersonPolicy()
        while game.pending is None and game.step_event() is not None:
            pass
    return game


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
    """Check the output file before playing (so no games are lost): a known suffix, pyarrow for
    Parquet, an existing folder, and a file that can be written there."""
    if not out:
        return None
    path = Path(out)
    if path.suffix not in (".csv", ".parquet"):
        raise ValueError(f"--out {out}: write a .csv or a .parquet file")
    if path.suffix == ".parquet" and importlib.util.find_spec("pyarrow") is None:
        raise ValueError(f"--out {out}: writing Parquet needs pyarrow (pip install pyarrow); "
                         "or write a .csv file")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"--out {out}: the folder {folder} does not exist")
    try:
        if path.is_dir():
            raise ValueError(f"--out {out}: that is a folder, not a file")
        existed = path.exists()
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise ValueError(f"--out {out}: cannot write there ({exc.strerror})") from exc
    if not existed:
        path.unlink()
    return path


def _write(df, out: Path | None) -> None:
    if out is None:
        return
    if out.suffix == ".parquet":
        df.to_parquet(out)
    else:
        df.to_csv(out, index=False)
    print(f"wrote {out}")


def cmd_rule(args: argparse.Namespace) -> int:
    """A rule's reference entry (or the entries matching some words), and with --find the first
    moments of seeded games that apply it."""
    from rules_lib.teaching import find_moments, rule_reference

    ref = rule_reference(args.game)
    entry = ref.get(args.query) if args.query else None
    if entry is None:
        found = ref.search(args.query or "")
        for e in found:
            print(f"{e.key:<14} {e.section}: {e.summary}")
        if not found:
            print(f"no entry of {args.game} matches {args.query!r}")
        return 0 if found else 1
    print(entry.describe())
    if args.find:
        result = find_moments(args.game, entry.key, n=args.find, n_games=args.n_games,
                              seed=args.seed, executor=args.executor, budget=args.budget)
        print(result.message)
        for m in result.moments:
            print(f"  {m}")
    return 0


def add_rule_parser(sub: Any) -> None:
    """The ``rule`` command: the rule reference, and "show me this rule in action"."""
    p = sub.add_parser("rule", help="a rule's reference entry, the rule index, and moments of "
                                    "seeded games that apply a rule")
    p.add_argument("game")
    p.add_argument("query", nargs="?", help="a catalogue ID (e.g. GIN-OVRN-01) or words to search "
                                            "the rule index for (none: every entry)")
    p.add_argument("--find", type=int, nargs="?", const=1, default=0, metavar="N",
                   help="find N moments (default 1) of seeded games where the rule applies")
    p.add_argument("--n-games", type=games_count, help="search at most this many games")
    p.add_argument("--budget", type=float, help="search for at most this many seconds")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--executor", help=EXECUTOR_HELP)
    p.set_defaults(func=cmd_rule)


def cmd_lab(args: argparse.Namespace) -> int:
    """JupyterLab on the start notebook; every other option goes to JupyterLab (--port ...)."""
    target = NOTEBOOKS / "00_start_here.ipynb"
    return subprocess.call([sys.executable, "-m", "jupyter", "lab", str(target), *args.extra])


def games_count(text: str) -> int:
    """An -n value: a whole number of games from 1 to MAX_GAMES."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of games") from None
    if not 1 <= n <= MAX_GAMES:
        raise argparse.ArgumentTypeError(f"{n} games: give 1 to {MAX_GAMES:,}")
    return n


def block_size(text: str) -> int:
    """A --block-size value: a whole number of games per work unit, at least 1."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{n}: a block holds at least 1 game")
    return n


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: every subcommand and its options. (One piece: a flat list of
    declarations in the order ``--help`` shows them; splitting it would only scatter them.)"""
    ap = argparse.ArgumentParser(prog="rules-explorer", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("variants", help="list a game's rule variants by rulebook section")
    p.add_argument("game", nargs="?")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("validate", help="check every game data file; exit 1 on bad data")
    p.add_argument("game", nargs="?")
    p.add_argument("--data-dir", help="validate a copy of GAME's data files in this folder "
                                      "(every problem is listed)")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("odds", help="exact combat odds for a what-if")
    odds_sub = p.add_subparsers(dest="game", required=True)
    for name in game_names():
        try:
            game = get_game(name)
        except Exception:  # noqa: BLE001, S112 - a broken game leaves the others usable;
            continue  # `rules-explorer validate` names its problem
        if game.odds is not None and game.odds.add_arguments is not None:
            gp = odds_sub.add_parser(name, help=game.title)
            game.odds.add_arguments(gp)
    p.set_defaults(func=cmd_odds)

    p = sub.add_parser("simulate", help="play N seeded games and summarise the outcomes")
    p.add_argument("game")
    p.add_argument("-n", type=games_count, default=100, help=f"games to play (1 to {MAX_GAMES:,})")
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
    p.add_argument("-n", type=games_count, default=100,
                   help=f"games per point (1 to {MAX_GAMES:,})")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scenario")
    p.add_argument("--policy", action="append", default=[], metavar="PLAYER=NAME")
    p.add_argument("--by", action="append", default=[], metavar="COLUMN",
                   help="also split the table by a summary column (e.g. size)")
    p.add_argument("--out", help="write one row per game (.csv or .parquet)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--executor", help=EXECUTOR_HELP)
    p.add_argument("--block-size", type=block_size,
                   help="games per work unit (results do not change)")
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser("analyze", help="who is winning from a saved position, or which option "
                                       "of its next decision is best")
    p.add_argument("game")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--state", help="a saved state (.json); default: the first scenario")
    where.add_argument("--record", help="a saved game record (.json), replayed to --at-event")
    p.add_argument("--at-event", type=int, help="with --record: the event to analyse after")
    p.add_argument("--options", action="store_true",
                   help="compare the options of the next decision (of --decider, if given)")
    p.add_argument("--decider", metavar="PLAYER", help="with --options: whose decision")
    p.add_argument("--decision", metavar="KIND",
                   help="with --options: the first decision of this kind in seeded games from "
                        "--seed (e.g. retreat, fire_at, bullet)")
    p.add_argument("-n", type=games_count, default=200, help="continuations (per option)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--policy", action="append", default=[], metavar="PLAYER=NAME",
                   help="how the continuations are played (default: the game's policies)")
    p.add_argument("--executor", help=EXECUTOR_HELP)
    p.add_argument("--out", help="write the table (.csv or .parquet)")
    p.set_defaults(func=cmd_analyze)

    add_rule_parser(sub)

    p = sub.add_parser("lab", help="open JupyterLab on the notebooks (other options, such as "
                                   "--port 8899 or --allow-root, go to JupyterLab)")
    p.set_defaults(func=cmd_lab, extra=[])
    return ap


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    # the CLI says "interrupted after K of N games" itself, on stdout
    warnings.filterwarnings("ignore", message="interrupted: returning", category=UserWarning)
    if unknown:
        if args.command != "lab":
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        args.extra = unknown
    if getattr(args, "toggle", None) and len(args.toggle) > MAX_TOGGLES:
        parser.error(f"{len(args.toggle)} --toggle options make {2 ** len(args.toggle):,} sweep "
                     f"points; at most {MAX_TOGGLES} toggles")
    try:
        return args.func(args)
    except (KeyError, ValueError, ImportError, OSError) as exc:
        print(f"error: {exc.args[0] if isinstance(exc, KeyError) and exc.args else exc}",
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # outside the games (they return what finished): nothing to keep
        print("interrupted", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())

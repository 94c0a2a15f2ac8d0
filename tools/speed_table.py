"""Games per second of every game beside Ginormopod's, in one process: the README's speed table.

``python tools/speed_table.py [--rounds 5] [--seconds 2]`` plays seeded games with each game's
default players (no log, as batch runs play them), a few rounds in turn so that a change of the
machine's load falls on every game alike, and prints the median games per CPU-second and the ratio
to Ginormopod (the figure to compare: absolute numbers drift with the machine).
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rules_lib.registry import get_game

#: (label, game, scenario, Marine policy or None for the game's defaults)
ROWS: tuple[tuple[str, str, str | None, str | None], ...] = (
    ("Ginormopod", "ginormopod", None, None),
    ("Gods War", "gods_war", None, None),
    ("Space Vermin, Family Jewels, `heuristic` Marines", "space_vermin", "family_jewels",
     "heuristic"),
    ("Space Vermin, Family Jewels, `commander` Marines (default)", "space_vermin",
     "family_jewels", "commander"),
    ("Zombies!!! Giants-Club", "zombies_giants", None, None),
)


def game_player(name: str, scenario: str | None, marines: str | None) -> Callable[[int], None]:
    """A function playing one seeded game to its end without a log."""
    game = get_game(name)

    def play(seed: int) -> None:
        policies = {"Marines": marines} if marines else None
        g = game.new_game(scenario=scenario, seed=seed, policies=policies, keep_log=False)
        g.run_to_end()

    return play


def rate(play: Callable[[int], None], first_seed: int, seconds: float) -> tuple[float, int]:
    """Games per CPU-second over at least ``seconds`` of CPU time; the next seed to use."""
    seed, started = first_seed, time.process_time()
    while True:
        play(seed)
        seed += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return (seed - first_seed) / spent, seed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per game a round")
    args = parser.parse_args(argv)
    players = [(label, game_player(g, s, m)) for label, g, s, m in ROWS]
    for _, play in players:  # data loaded, caches warm
        play(10**6)
    rates: dict[str, list[float]] = {label: [] for label, _ in players}
    seeds = {label: 0 for label, _ in players}
    for _ in range(args.rounds):
        for label, play in players:
            r, seeds[label] = rate(play, seeds[label], args.seconds)
            rates[label].append(r)
    base = statistics.median(rates[ROWS[0][0]])
    print("| game | games/s | × Ginormopod |\n|---|---|---|")
    for label, rs in rates.items():
        m = statistics.median(rs)
        print(f"| {label} | {m:.0f} | {m / base:.2f} |")


if __name__ == "__main__":
    main()

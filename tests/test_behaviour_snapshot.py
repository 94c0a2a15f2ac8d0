"""Seeded games played exactly as recorded: a change meant to keep behaviour keeps every byte.

For each game, scenario and policy kind a few seeded games are played; the digest of each game's
final state, its events (message, rule, kind, ids, assumed) and its decisions is compared with
``tests/snapshots/<game>.json``. Refactoring and speed work must leave these unchanged. A change
that is meant to change play (a rule fixed) regenerates them in the same commit:

    python tests/test_behaviour_snapshot.py [GAME ...]
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules_lib.registry import game_names, get_game  # noqa: E402

FOLDER = Path(__file__).resolve().parent / "snapshots"
SEEDS = (1, 2, 3)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play(name: str, scenario: str, policy: str, seed: int) -> dict[str, str]:
    game = get_game(name)
    policies = None if policy == "default" else {p: policy for p in game.players}
    g = game.new_game(scenario, seed=seed, policies=policies)
    g.run_to_end(max_events=game.max_events)
    events = json.dumps([[e.message, e.rule, e.kind, list(e.ids), e.assumed] for e in g.log])
    return {"state": digest(g.state.to_json()), "events": digest(events),
            "decisions": digest(json.dumps(g.decisions, default=repr)),
            "result": str(g.state.result), "n_events": str(g.events_seen)}


def snapshot(name: str) -> dict[str, dict[str, str]]:
    game = get_game(name)
    return {f"{scenario}/{policy}/{seed}": play(name, scenario, policy, seed)
            for scenario in game.scenarios for policy in ("default", "random") for seed in SEEDS}


@pytest.mark.parametrize("name", game_names())
def test_seeded_games_play_as_recorded(name):
    stored = json.loads((FOLDER / f"{name}.json").read_text())
    now = snapshot(name)
    changed = sorted(k for k in stored if stored[k] != now.get(k))
    assert not changed and set(now) == set(stored), (
        f"{name}: {len(changed)} seeded games play differently ({', '.join(changed[:5])}...). "
        "If play was meant to change, regenerate: python tests/test_behaviour_snapshot.py "
        f"{name}")


if __name__ == "__main__":
    FOLDER.mkdir(exist_ok=True)
    for game_name in sys.argv[1:] or game_names():
        (FOLDER / f"{game_name}.json").write_text(json.dumps(snapshot(game_name), indent=1,
                                                             sort_keys=True) + "\n")
        print(f"wrote {FOLDER / f'{game_name}.json'}")

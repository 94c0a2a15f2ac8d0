"""The Vermites' coming moves, previewed: the Movement Step run on a copy, before it happens.

For teaching and the Explorer: which hexes each Vermite will enter for the drawn chit, without
touching the game's state or its dice.
"""
from __future__ import annotations

from rules_lib.core.dice import SeededDice
from rules_lib.core.engine import Context, Event

from .data import SVData, load_game_data
from .state import SVState
from .vermite_turn import movement_step


def preview_paths(state: SVState, data: SVData | None = None, seed: int = 0) -> dict[str, list[str]]:
    """Every non-Drone's path for the drawn chit, before the Movement Step: the step is run on a
    copy with its own dice (only a Magnetic Storm or a collapsed tunnel's NAT roll use any), so
    the game's dice are untouched. {unit id: [hex labels entered, in order]}; a Soldier placed
    on a Tunnel Exit (§E-1-c) enters that exit's hex first."""
    trial = state.copy()
    ctx = Context(dice=SeededDice(seed), data=data or load_game_data())
    paths: dict[str, list[str]] = {}
    for ev in movement_step(trial, ctx, drones=False):
        if not isinstance(ev, Event):
            continue
        if ev.kind == "step_detail":
            for uid in ev.data.get("units", []):
                paths.setdefault(uid, []).append(ev.data["to"])
        elif ev.kind == "move" and "exit" in ev.data:  # Soldier Tunnel Movement's placement
            paths.setdefault(ev.data["unit"], []).append(ev.data["to"])
    return paths

"""Policies: random-legal (core) and a simple heuristic that reads the state and the options."""
from __future__ import annotations

import random
from collections.abc import Callable

from rules_lib.core.engine import Decision, RandomPolicy

from . import monsters
from .data import GodsWarData, default_data
from .state import GWState

__all__ = ["HeuristicPolicy", "RandomPolicy"]


class HeuristicPolicy:
    """Hunts Androgeus with heroes, farms VP off Arachne, builds, spins the web when ahead."""

    name = "heuristic"

    def __init__(self, data: GodsWarData | None = None) -> None:
        """``data``: the game's data (its unit classes and Combat); the shipped data if None."""
        self.data = data or default_data()

    def choose(self, state: GWState, decision: Decision, rng: random.Random):
        opts = decision.options
        if decision.kind == "action":
            return self._action(state, decision.player, opts, rng)
        if decision.kind == "empower":
            return "empower"
        if decision.kind == "single_combat":
            return opts[1] if len(opts) > 1 else opts[0]
        if decision.kind == "spin_destination":
            mine = set(state.buildings_of(decision.player))
            good = [o for o in opts if o in mine]
            return good[0] if good else opts[0]
        if decision.kind == "lust_enemy":
            return min(opts, key=lambda e: state.empires[e].vp)
        return opts[0]  # casualties and routs: cheapest/first listed

    def _action(self, state: GWState, me: str, opts: list[str], rng: random.Random) -> str:
        """Every candidate below is drawn in this order (each draw uses the rng), then the first
        found is taken: an attack on Androgeus with a hero there, on Arachne with Combat 3 or
        more, spinning when leading, building, summoning a hero, any summon, sometimes a move."""
        data = self.data
        sheet = state.empires[me]
        best_other = max(s.vp for e, s in state.empires.items() if e != me)
        leading = sheet.vp > best_other
        by_verb: dict[str, list[str]] = {}  # the options by their first word ("attack", ...)
        for o in opts:
            by_verb.setdefault(o.partition(" ")[0], []).append(o)

        def pick(prefix: str, pred: Callable[[str], bool] = lambda o: True) -> str | None:
            found = [o for o in by_verb.get(prefix.partition(" ")[0], ())
                     if o.startswith(prefix) and pred(o)]
            return rng.choice(found) if found else None

        def hero_in(o: str) -> bool:
            area = o.rpartition(" in ")[2]
            return any(monsters.is_hero_or_greater_god(data, p.kind)
                       for p in state.pieces_in(area, me))

        def strong_in(o: str) -> bool:
            area = o.rpartition(" in ")[2]
            return sum(monsters.unit_type(data, p.kind).combat
                       for p in state.pieces_in(area, me)) >= 3

        heroes = _heroes(data, state, me)
        for choice in (pick("attack Androgeus", hero_in),
                       pick("attack Arachne Solara", strong_in),
                       pick("spin the web") if leading and sheet.power >= 2 else None,
                       pick("build in") if sheet.power >= 4 else None,
                       pick("summon", lambda o: any(o.startswith(f"summon {k} ") for k in heroes)),
                       pick("summon"),
                       pick("move") if rng.random() < 0.3 else None):
            if choice is not None:
                return choice
        return "pass"


def _heroes(data: GodsWarData, state: GWState, me: str) -> list[str]:
    """The heroes and greater gods left in an empire's pool."""
    return [k for k, n in state.empires[me].pool.items()
            if n > 0 and monsters.is_hero_or_greater_god(data, k)]

"""The exact odds of a Marine's shot, for analysis: "fire at which target?" (§J) is a decision whose
consequence is one roll, so the exact chances stand beside the simulated continuations.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_lib.core.dice import Dist
from rules_lib.core.engine import Game

from . import dice as svdice
from .board import map_for
from .data import game_data
from .fire_plans import TUNNEL_EXIT, FirePlan, fire_plans
from .odds import RESULT_NAMES
from .pants import pants_modifier
from .state import SVState

FIRE_AT = "fire_at"


def shot_outcome(state: SVState, data: Any, plan: FirePlan, shoot_and_scoot: bool) -> Dist | None:
    """The distribution of what one planned shot does to its target, as the engine rolls it:
    standard fire and pistols on the damage table (a step on a Reduced Vermite eliminates it,
    §J-1), PANTS on its banded table with its modifiers (§J-4). None for a Tunnel Exit."""
    if plan.target.startswith(TUNNEL_EXIT):
        return None
    if plan.weapon == "pants":
        mod = pants_modifier(data, state.unit(plan.firer), shoot_and_scoot)
        bands = data.tables["pants"]["results"]
        return svdice.sum_dice(plan.cf, mod).dist().map(lambda v: svdice.band(bands, v))
    rows = data.tables["damage"]["standard"]
    reduced = state.unit(plan.target).reduced
    return plan.pool(data.hit_convention).dist().map(
        lambda hits: _after_step(svdice.damage(rows, hits), reduced))


def _after_step(result: str, reduced: bool) -> str:
    return "eliminate" if result == "step" and reduced else result


def fire_option_odds(game: Game, option: Any) -> dict[str, Fraction] | None:
    """{result: exact probability} of firing at ``option`` when the pending decision is a
    Marine's choice of target (None for any other decision, or a Tunnel Exit target)."""
    decision = game.pending
    if decision is None or decision.kind != FIRE_AT or "firer" not in (decision.data or {}):
        return None
    state = game.state
    data = game_data(game.ctx)
    scoot = bool(decision.data.get("shoot_and_scoot"))
    plans = fire_plans(data, map_for(state.map, data), state, decision.data["firer"], scoot)
    plan = next((p for p in plans if p.target == option), None)
    dist = None if plan is None else shot_outcome(state, data, plan, scoot)
    if dist is None:
        return None
    return {RESULT_NAMES.get(r, r): p for r, p in dist.items()}

"""Analysis shows the exact odds of a Marine's shot beside the simulated continuations (§J-1):
checked against the dice enumerated one face at a time."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_lib.analysis import PauseAt, compare_options
from rules_lib.games.space_vermin import GAME
from rules_lib.games.space_vermin.board import map_for
from rules_lib.games.space_vermin.data import game_data
from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.option_odds import fire_option_odds

NAMES = {"none": "no effect", "step": "reduced", "eliminate": "eliminated"}


def paused_at_fire(seed: int = 2):
    """A Family Jewels game stopped at a Marine's 'fire at which target?' (seed 2: two Tunnel
    Exits and a Soldier to choose from)."""
    g = GAME.new_game(scenario="family_jewels", seed=seed)
    g.policies["Marines"] = PauseAt(["fire_at"], g.policies["Marines"])
    g.run_to_end()
    assert g.pending is not None and g.pending.kind == "fire_at"
    return g


def enumerated(g, target: str) -> dict[str, Fraction]:
    """Every face of every die the plan rolls: hits exceed the DN, the damage table's highest row
    reached, a step on a Reduced Vermite eliminating it."""
    data = game_data(g.ctx)
    plan = next(p for p in fire_plans(data, map_for(g.state.map, data), g.state,
                                      g.pending.data["firer"], False) if p.target == target)
    rows = data.tables["damage"]["standard"]
    reduced = g.state.unit(target).reduced
    counts: dict[str, int] = {}
    for faces in itertools.product(range(1, 7), repeat=plan.cf):
        hits = sum(f > plan.dn for f in faces)
        result = "none"
        for row in rows:
            if hits >= row["hits"]:
                result = row["result"]
        if result == "step" and reduced:
            result = "eliminate"
        counts[NAMES[result]] = counts.get(NAMES[result], 0) + 1
    total = 6 ** plan.cf
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.rule("SV-MCOMB-06", "SV-MCOMB-07", "SV-MCOMB-08")
def test_the_exact_odds_of_a_shot_are_the_dice_enumerated():
    g = paused_at_fire()
    assert fire_option_odds(g, "Soldier #9") == enumerated(g, "Soldier #9")


@pytest.mark.rule("SV-MCOMB-08")
def test_a_shot_at_a_reduced_vermite_has_no_reduced_result():
    g = paused_at_fire()
    g.state.unit("Soldier #9").reduced = True  # its Reduced side's DN and no second step
    odds = fire_option_odds(g, "Soldier #9")
    assert odds == enumerated(g, "Soldier #9")
    assert set(odds) == {"no effect", "eliminated"}


def test_a_tunnel_exit_or_another_decision_has_no_exact_odds():
    g = paused_at_fire()
    assert fire_option_odds(g, "Tunnel Exit 1") is None
    other = GAME.new_game(scenario="family_jewels", seed=2)
    other.policies["Marines"] = PauseAt(["action"], other.policies["Marines"])
    other.run_to_end()
    assert other.pending is not None and other.pending.kind != "fire_at"
    assert GAME.exact_odds_of_option(other, other.pending.options[0]) is None


def test_compare_options_puts_the_exact_odds_beside_the_simulated_rates():
    g = paused_at_fire()
    result = compare_options(g, 4, seed=0)
    exact = {o.option: o.exact for o in result.options}
    assert exact["Soldier #9"] == enumerated(g, "Soldier #9")
    assert exact["Tunnel Exit 1"] is None and exact["Tunnel Exit 2"] is None
    frame = result.to_frame().set_index("option")
    assert frame.loc["Soldier #9", "exact odds"].startswith(
        "; ".join(f"{k} {v}" for k, v in list(exact["Soldier #9"].items())[:1]))
    assert frame.loc["Tunnel Exit 1", "exact odds"] == ""

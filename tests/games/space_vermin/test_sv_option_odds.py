"""Analysis shows the exact odds of a Marine's shot beside the simulated continuations (§J-1):
checked against the dice enumerated one face at a time."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_lib.analysis import PauseAt, compare_options
from rules_lib.core.engine import Decision, Game, RandomPolicy, Rules
from rules_lib.games.space_vermin import GAME
from rules_lib.games.space_vermin.board import map_for
from rules_lib.games.space_vermin.data import game_data, load_game_data
from rules_lib.games.space_vermin.fire_actions import full_fire
from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.option_odds import fire_option_odds
from rules_lib.games.space_vermin.state import SVState

from .sv_helpers import DATA, table

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


# -- positions built by hand: a Marine's fire decision paused in a game of its own ---------------


def paused_fire(state, unit_id: str, scoot: bool = False, data=None):
    """A game whose procedure is ``unit_id``'s fire (§I-2, or at -1 in Shoot and Scoot, §I-3),
    stopped at its 'fire at which target?' decision; ``data``: a designer's data."""
    rules = Rules("space_vermin_fire", SVState,
                  lambda s, ctx: full_fire(s, ctx, unit_id, shoot_and_scoot=scoot),
                  data=(lambda: data) if data is not None else load_game_data,
                  players=("Marines",))
    g = Game(rules, state, seed=0, policies={"Marines": PauseAt(["fire_at"], RandomPolicy())})
    g.run_to_end()
    assert g.pending is not None and g.pending.kind == "fire_at"
    return g


def binomial(cf: int, dn: int) -> dict[str, Fraction]:
    """CF dice, a hit each above the DN: 0-1 hits no effect, 2-3 Reduced, 4 or more eliminated
    (the damage table, §J-1), summed face by face independently of the code."""
    counts = {"no effect": 0, "reduced": 0, "eliminated": 0}
    for faces in itertools.product(range(1, 7), repeat=cf):
        hits = sum(f > dn for f in faces)
        counts["eliminated" if hits >= 4 else "reduced" if hits >= 2 else "no effect"] += 1
    return {k: Fraction(v, 6 ** cf) for k, v in counts.items() if v}


@pytest.mark.rule("SV-PANTS-01", "SV-PANTS-03", "SV-PANTS-04", "SV-PANTS-05", "SV-PANTS-09")
def test_pants_odds_are_one_die_on_the_banded_table():
    """PANTS roll one die: 1 Misfire, 2-3 Jolted, 4-6 Fried, the table's own result names."""
    g = paused_fire(table({"Special Ops 1": 411, "Soldier #1": 414}), "Special Ops 1")
    assert g.pending.options == ["Soldier #1"]
    assert fire_option_odds(g, "Soldier #1") == {
        "misfire": Fraction(1, 6), "jolted": Fraction(2, 6), "fried": Fraction(3, 6)}


@pytest.mark.rule("SV-PANTS-03", "SV-FIRE-02")
def test_pants_odds_in_shoot_and_scoot_are_one_lower():
    """-1 in Shoot and Scoot: 0-1 Misfire, 2-3 Jolted, 4-5 Fried."""
    g = paused_fire(table({"Special Ops 1": 411, "Soldier #1": 414}), "Special Ops 1", scoot=True)
    assert fire_option_odds(g, "Soldier #1") == {
        "misfire": Fraction(2, 6), "jolted": Fraction(2, 6), "fried": Fraction(2, 6)}


@pytest.mark.rule("SV-PANTS-03", "SV-FIRE-02")
def test_pants_odds_with_a_nat_marker_and_shoot_and_scoot_are_two_lower():
    """-1 for the NAT marker and -1 in Shoot and Scoot: 1-3 Misfire, 4-5 Jolted, 6 Fried."""
    state = table({"Special Ops 1": 411, "Soldier #1": 414})
    state.unit("Special Ops 1").nat = "tainted"
    g = paused_fire(state, "Special Ops 1", scoot=True)
    assert fire_option_odds(g, "Soldier #1") == {
        "misfire": Fraction(3, 6), "jolted": Fraction(2, 6), "fried": Fraction(1, 6)}


@pytest.mark.rule("SV-PANTS-03")
def test_pants_odds_read_the_games_data():
    """A designer's PANTS table (-2 for Shoot and Scoot, Misfire up to 2) reaches the odds."""
    data = load_game_data({"tables:pants.shoot_and_scoot": -2, "tables:pants.results": [
        {"at_most": 2, "result": "misfire"}, {"at_most": 3, "result": "jolted"},
        {"at_most": 6, "result": "fried"}]})
    g = paused_fire(table({"Special Ops 1": 411, "Soldier #1": 414}, data=data),
                    "Special Ops 1", scoot=True, data=data)
    assert fire_option_odds(g, "Soldier #1") == {  # die - 2: 1-4 Misfire, 5 Jolted, 6 Fried
        "misfire": Fraction(4, 6), "jolted": Fraction(1, 6), "fried": Fraction(1, 6)}


@pytest.mark.rule("SV-MCOMB-06", "SV-FIRE-02")
def test_shoot_and_scoot_odds_roll_one_die_fewer():
    """Squad 1 (CF 4) at Soldier #1 (DN 2) two hexes off: 4 dice in Full Fire, 3 in Shoot and
    Scoot (no elimination possible)."""
    full = paused_fire(table({"Squad 1": 411, "Soldier #1": 413}), "Squad 1")
    assert fire_option_odds(full, "Soldier #1") == binomial(4, 2)
    scoot = paused_fire(table({"Squad 1": 411, "Soldier #1": 413}), "Squad 1", scoot=True)
    assert scoot.pending.data["cf"] == {"Soldier #1": 3}
    assert fire_option_odds(scoot, "Soldier #1") == binomial(3, 2)


@pytest.mark.rule("SV-MCOMB-07", "SV-TERR-02")
def test_shot_odds_read_the_games_data_and_map():
    """A designer's map edit (413 made Bog, defensive -1) and counter edit (Squad CF 6) reach
    the odds: CF 5 against DN 2 (the standard files would give CF 4, the counter edit alone 6)."""
    terrain = DATA.maps["alpha"].terrain
    bog = [int(lab) for lab, kind in terrain.items() if kind == "bog"] + [413]
    data = load_game_data({"alpha:terrain.bog": bog, "counters:marines.squad.full.cf": 6})
    g = paused_fire(table({"Squad 1": 411, "Soldier #1": 413}, data=data), "Squad 1", data=data)
    assert g.pending.data["cf"] == {"Soldier #1": 5}
    assert fire_option_odds(g, "Soldier #1") == binomial(5, 2)


def test_no_exact_odds_for_an_option_that_is_no_target_or_a_finished_game():
    g = paused_fire(table({"Squad 1": 411, "Soldier #1": 413}), "Squad 1")
    assert fire_option_odds(g, "Soldier #2") is None
    g.answer("Soldier #1")
    g.run_to_end()
    assert g.finished and g.pending is None
    assert fire_option_odds(g, "Soldier #1") is None


def test_a_fire_at_decision_naming_no_firer_has_no_exact_odds():
    """Only a Marine's own choice of target (its decision names the firer) has exact odds."""
    def procedure(state, ctx):
        yield Decision("Marines", "fire_at", "Which target?", ["Soldier #1"], data={})

    rules = Rules("space_vermin_fire", SVState, procedure, data=load_game_data,
                  players=("Marines",))
    g = Game(rules, table({"Squad 1": 411, "Soldier #1": 413}), seed=0,
             policies={"Marines": PauseAt(["fire_at"], RandomPolicy())})
    g.run_to_end()
    assert g.pending is not None and g.pending.kind == "fire_at"
    assert fire_option_odds(g, "Soldier #1") is None

"""Analysis shows the exact odds of the Combat an FX decision comes before (GIN-FX-03) beside the
simulated continuations: the Hits each side suffers, checked against the game's own dice rolling
(``combat.fire``) with every face of every die enumerated, and the FX both sides use checked
against the game played on (the enemy's chosen as the game's heuristic does)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.analysis import compare_options, position_at
from rules_lib.core.engine import Context
from rules_lib.games.ginormopod import GAME
from rules_lib.games.ginormopod.combat import fire
from rules_lib.games.ginormopod.fx import NO_FX
from rules_lib.games.ginormopod.option_odds import (
    enemy_answer,
    fx_option_odds,
    option_battle,
    pending_battle,
)
from rules_lib.games.ginormopod.policies import HeuristicPolicy

from ...every_roll import every_roll

FX_IDS = ("GIN-FX-03", "GIN-COMB-03", "GIN-COMB-04", "GIN-COMB-05", "GIN-FORT-10")


def fx_used(game, option) -> dict[str, str]:
    """The FX each side uses in the Combat when the game is played on from ``option`` by the
    heuristic: the log's FX events from the Combat's opening to its dice."""
    heuristic = {p: HeuristicPolicy(game.ctx.data) for p in GAME.players}
    fork = game.fork(1, answer=option, keep_log=True, policies=heuristic)
    while fork.dice.rolls <= game.dice.rolls:  # no die is rolled between the answer and the Combat
        fork.step_event()
    city = game.pending.data["city"]
    opened = max(e.index for e in fork.log[:game.events_seen]
                 if e.kind == "combat" and e.data.get("city") == city and "kind" in e.data)
    used = {"Swarm": "", "Human": ""}
    for e in fork.log[opened:]:
        if e.kind == "fx":
            used[e.data["side"]] = e.data["fx_effect"]
    return used


def rolled(game, fx: dict[str, str]) -> dict[tuple[int, int], Fraction]:
    """{(Hits the Swarm suffers, Hits the Humans suffer): probability} of the game's own
    ``combat.fire`` for this Combat and these FX, every face of every die enumerated."""
    battle, _ = pending_battle(game)

    def play(dice):
        ctx = Context(dice=dice, variants=frozenset(game.state.variants), data=game.ctx.data,
                      options={})
        proc = fire(game.state, ctx, battle, fx)
        try:
            while True:
                next(proc)
        except StopIteration as end:
            on_swarm, on_human, _ = end.value
            return on_swarm, on_human

    return every_roll(play)


def exact_hits(game, option) -> dict[tuple[int, int], Fraction]:
    battle, odds = option_battle(game, option)
    on_swarm, on_human = ((odds.hits_on_attacker, odds.hits_on_defender) if battle.side == "Swarm"
                          else (odds.hits_on_defender, odds.hits_on_attacker))
    return {(s, h): Fraction(ps) * Fraction(ph) for s, ps in on_swarm.items()
            for h, ph in on_human.items()}


@pytest.mark.rule(*FX_IDS)
@pytest.mark.parametrize("seed, player", [
    (13, "Swarm"), (13, "Human"),  # one Swarm unit against one Human unit, no Fort: the Swarm
    # acts, the Humans answer
    (1, "Swarm"),  # a Fort's Barrage (GIN-FORT-10): the Swarm answers, the Wasp lets it fire
])
def test_each_option_s_combat_is_the_game_s_dice_enumerated(seed, player):
    game = position_at("ginormopod", "use_fx", player=player, seed=seed, max_games=1)
    assert len(game.pending.options) >= 2
    for option in game.pending.options:
        fx = fx_used(game, option)
        assert fx[player] == ("" if option == NO_FX else option)
        assert exact_hits(game, option) == rolled(game, fx), option
        exact = fx_option_odds(game, option)
        assert exact and all(0 < p <= 1 for p in exact.values())


@pytest.mark.rule("GIN-FX-03")
def test_the_enemy_s_fx_is_the_one_the_game_s_heuristic_uses():
    game = position_at("ginormopod", "use_fx", player="Swarm", seed=13, max_games=1)
    for option in game.pending.options:
        assert enemy_answer(game, option) == fx_used(game, option)["Human"] != ""


@pytest.mark.rule("GIN-FX-03")
def test_an_fx_changes_the_combat_s_odds():
    game = position_at("ginormopod", "use_fx", player="Human", seed=13, max_games=1)
    odds = {o: fx_option_odds(game, o) for o in game.pending.options}
    assert odds["none"] != odds["Nuclear"]
    assert odds["Nuclear"]["Swarm wiped out"] == 1  # its automatic Hits finish the lone unit


def test_other_decisions_have_no_exact_odds_and_the_comparison_shows_them():
    game = position_at("ginormopod", "retreat", seed=1)
    assert GAME.exact_odds_of_option(game, game.pending.options[0]) is None
    fx = position_at("ginormopod", "use_fx", player="Human", seed=13, max_games=1)
    frame = compare_options(fx, 2, seed=1).to_frame()
    assert all(text for text in frame["exact odds"])

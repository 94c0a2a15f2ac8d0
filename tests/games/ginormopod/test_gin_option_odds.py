"""Analysis shows the exact odds of the Combat an FX decision comes before (GIN-FX-03) beside the
simulated continuations: the Hits each side suffers, checked against the game's own dice rolling
(``combat.fire``) with every face of every die enumerated, and the FX both sides use checked
against the game played on (the enemy's chosen as the game's heuristic does)."""
from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from rules_lib.analysis import PauseAt, compare_options, position_at
from rules_lib.core.engine import Context
from rules_lib.games.ginormopod import GAME, new_game
from rules_lib.games.ginormopod.combat import fighter_of, fire, steps
from rules_lib.games.ginormopod.fx import NO_FX, choose_fx, usable_fx
from rules_lib.games.ginormopod.odds import battle_odds
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


class FullAttackPolicy(HeuristicPolicy):
    """The heuristic, but a Fort's Formation orders Full Attack (the heuristic orders Barrage)."""

    def _fort_option(self, state, d, rng):
        return "Full Attack"


def fx_decision(seed, nth, variants=(), data_overrides=None, policy=HeuristicPolicy):
    """The ``nth`` FX decision of a seeded game both of whose players play ``policy`` (each earlier
    FX decision answered as the policy answers it)."""
    game = new_game(seed=seed, variants=variants, data_overrides=data_overrides, keep_log=False)
    play = {p: policy(game.ctx.data) for p in GAME.players}
    for p in GAME.players:
        game.policies[p] = PauseAt(("use_fx",), play[p])
    for n in range(nth):
        while game.step_event() is not None:
            pass
        assert game.pending is not None and game.pending.kind == "use_fx"
        if n < nth - 1:
            d = game.pending
            game.answer(play[d.player].choose(game.state, d, game.policy_rng))
    return game


@pytest.mark.rule("GIN-FX-03")
def test_no_odds_without_an_fx_decision_that_carries_its_combat():
    fresh = new_game(seed=1)  # nothing pending yet
    assert pending_battle(fresh) is None and fx_option_odds(fresh, NO_FX) is None
    game = position_at("ginormopod", "use_fx", player="Human", seed=13, max_games=1)
    ask = game.pending
    asked_bare = next(choose_fx(game.state, game.ctx, ask.player, ask.data["city"]))
    assert asked_bare.kind == "use_fx" and "battle" not in asked_bare.data
    assert pending_battle(SimpleNamespace(pending=asked_bare, state=game.state)) is None


@pytest.mark.rule(*FX_IDS, "GIN-DNGR-01")
def test_the_enemy_s_fx_follows_the_danger_marker_the_acting_side_s_fx_moves():
    # the Swarm acts (none, Tectonic Telekinesis, Wasp, Pill Bug), the Humans hold only Nuclear,
    # the Danger marker on its first space: the heuristic fires Nuclear while the marker is
    # harmless, keeps it back once Tectonic Telekinesis has moved the marker
    game = fx_decision(8, 4)
    assert game.pending.player == "Swarm" and game.state.danger == 0
    assert usable_fx(game.state, "Human") == ["Nuclear"]
    answers = {o: enemy_answer(game, o) for o in game.pending.options}
    assert answers == {"none": "Nuclear", "Tectonic Telekinesis": "", "Wasp": "Nuclear",
                       "Pill Bug": "Nuclear"}
    for option in game.pending.options:
        assert fx_used(game, option)["Human"] == answers[option]


@pytest.mark.rule(*FX_IDS)
def test_an_enemy_without_a_usable_fx_is_not_asked():
    # a Spider and a Worm attack a Fort of one box; the Humans hold no FX this turn
    game = fx_decision(3, 5)
    assert game.pending.player == "Swarm" and usable_fx(game.state, "Human") == []
    for option in game.pending.options:
        assert enemy_answer(game, option) == "" == fx_used(game, option)["Human"]
        _, odds = option_battle(game, option)
        assert odds is not None


@pytest.mark.rule(*FX_IDS)
def test_a_barrage_nobody_can_lose_shows_that_nobody_retreats_or_is_wiped_out():
    # a Fort of one box barrages four Reduced Swarm units: one die against four steps, and the
    # Swarm without the Wasp does not fire back
    game = fx_decision(7, 2)
    assert game.pending.player == "Swarm" and game.pending.data["battle"]["kind"] == "barrage"
    battle, _ = pending_battle(game)
    fx = fx_used(game, NO_FX)
    swarm_steps = steps(game.ctx.data, [fighter_of(u) for u in battle.swarm_units])
    assert all(on_swarm < swarm_steps and on_human == 0 for on_swarm, on_human in rolled(game, fx))
    assert fx_option_odds(game, NO_FX) == {"nobody Retreats, nobody is wiped out": Fraction(1)}


@pytest.mark.rule(*FX_IDS)
def test_the_enemy_s_fx_is_chosen_on_the_game_s_own_data():
    # Nuclear made a safe FX by the game's data: the Humans fire it even after Tectonic
    # Telekinesis has moved the Danger marker
    game = fx_decision(8, 4, data_overrides={"chits:fx.Nuclear.danger": False})
    assert usable_fx(game.state, "Human") == ["Nuclear"]
    option = "Tectonic Telekinesis"
    assert enemy_answer(game, option) == "Nuclear" == fx_used(game, option)["Human"]


@pytest.mark.rule(*FX_IDS, "GIN-AMB-15")
def test_the_odds_play_the_game_s_variants():
    # a Reduced Tank fights: in the variant its dice double, and the odds roll them so
    game = fx_decision(5, 4, variants=("reduced_tank_doubles",))
    battle, _ = pending_battle(game)
    assert "Tank/r" in [f"{u.type}/r" for u in battle.theirs if u.reduced]
    _, odds = option_battle(game, NO_FX)
    mine, theirs = [fighter_of(u) for u in battle.mine], [fighter_of(u) for u in battle.theirs]
    acting_fx = game.pending.data.get("acting_fx", "")
    fort = battle.humans_fort
    assert odds == battle_odds(mine, theirs, attacker_side=battle.side, attacker_fx=acting_fx,
                               fort_strength=fort, variants=("reduced_tank_doubles",),
                               data=game.ctx.data)
    plain = battle_odds(mine, theirs, attacker_side=battle.side, attacker_fx=acting_fx,
                        fort_strength=fort, data=game.ctx.data)
    assert odds.hits_on_attacker != plain.hits_on_attacker


@pytest.mark.rule("GIN-FX-03", "GIN-FORT-09", "GIN-OVRN-01")
def test_a_full_attack_the_odds_would_take_for_an_overrun_has_no_odds():
    # the game's data lets one unit Overrun one: a Fort's Reduced Tank Full Attacks a lone Ant,
    # which the game fights with dice (a Full Attack never Overruns) but the odds would Overrun
    game = fx_decision(1, 2, data_overrides={"tables:overrun.min_acting": 1},
                       policy=FullAttackPolicy)
    assert game.pending.data["battle"]["kind"] == "full_attack"
    battle, _ = pending_battle(game)
    assert len(battle.mine) == len(battle.theirs) == 1
    for option in game.pending.options:
        assert option_battle(game, option) is None and fx_option_odds(game, option) is None

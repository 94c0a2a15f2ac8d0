"""The exact odds of an FX decision, for analysis: "Use an FX in the Combat at ...?" (GIN-FX-03) is
asked just before both sides roll, and its consequence is that one Combat, whose results ``odds.py``
gives exactly: who must Retreat, who is wiped out. So each option's chances stand beside the
simulated continuations.

The acting side chooses first; the enemy's FX choice that follows is made as the game's heuristic
policy (its default) makes it, found by playing a fork of the game on from the answer (no die is
rolled in between). The Combat under way (who fights, the Fort, a Barrage) is in the decision's
data, put there by ``combat.resolve_battle`` (``Battle.record``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_lib.core.engine import Game, PersonPolicy

from .combat import Battle, fighter_of
from .fx import NO_FX
from .odds import BattleOdds, battle_odds
from .policies import HeuristicPolicy

USE_FX = "use_fx"


def pending_battle(game: Game) -> tuple[Battle, str | None] | None:
    """The Combat a pending FX decision belongs to and, when the enemy is the one deciding, the
    acting side's FX ('' for none), from the decision's data (``Battle.record``); None when no
    FX decision is pending."""
    decision = game.pending
    if decision is None or decision.kind != USE_FX or "battle" not in decision.data:
        return None
    return Battle.from_record(game.state, decision.data["battle"]), decision.data.get("acting_fx")


def fx_option_odds(game: Game, option: Any) -> dict[str, Fraction] | None:
    """{result: exact probability} of the Combat when the pending FX decision is answered
    ``option``: who must Retreat and who is wiped out (the results with a chance); None for any
    other decision."""
    found = option_battle(game, option)
    if found is None:
        return None
    battle, odds = found
    side, foe = battle.side, battle.foe
    results = {f"{side} must Retreat": odds.p_attacker_retreats,
               f"{foe} must Retreat": odds.p_defender_retreats,
               f"{side} wiped out": odds.p_attacker_wiped,
               f"{foe} wiped out": odds.p_defender_wiped}
    shown = {k: Fraction(p) for k, p in results.items() if p}
    return shown or {"nobody Retreats, nobody is wiped out": Fraction(1)}


def option_battle(game: Game, option: Any) -> tuple[Battle, BattleOdds] | None:
    """The Combat under way and its exact odds with ``option`` as this side's FX and the other
    side's as the game would have it (``odds.battle_odds``; the acting side attacks); None when
    no FX decision is pending, or the odds cannot tell this Combat (they would Overrun where a
    Full Attack fights)."""
    found = pending_battle(game)
    if found is None or option not in game.pending.options:
        return None
    battle, acting_fx = found
    chosen = "" if option == NO_FX else option
    if game.pending.player == battle.side:
        acting_fx, enemy_fx = chosen, enemy_answer(game, option)
    else:
        enemy_fx = chosen
    odds = battle_odds([fighter_of(u) for u in battle.mine], [fighter_of(u) for u in battle.theirs],
                       attacker_side=battle.side, fort_strength=battle.humans_fort,
                       attacker_fx=acting_fx or "", defender_fx=enemy_fx,
                       barrage=battle.barrage, variants=tuple(game.state.variants),
                       data=game.ctx.data, allow_beyond_rules=True)
    return None if odds.p_overrun else (battle, odds)


def enemy_answer(game: Game, option: Any) -> str:
    """The enemy's FX in this Combat after the acting side answers ``option``: what the
    heuristic chooses when the enemy is asked, '' when it is not (no usable FX)."""
    data = game.ctx.data
    foe = next(p for p in game.rules.players if p != game.pending.player)
    heuristic = HeuristicPolicy(data)
    fork = game.fork(0, answer=option, policies={game.pending.player: heuristic,
                                                 foe: PersonPolicy()})
    rolled = game.dice.rolls
    while fork.pending is None and fork.dice.rolls <= rolled:
        if fork.step_event() is None and fork.pending is None:
            break
    ask = fork.pending
    if ask is None or ask.kind != USE_FX or fork.dice.rolls > rolled:
        return ""
    choice = heuristic.choose(fork.state, ask, fork.policy_rng)
    return "" if choice == NO_FX else choice

"""The exact odds of a bullet decision, for analysis: "spend a bullet for +2?" (Resource Usage) is
asked after a failed combat check, and its consequence is the rest of that one fight, a chain whose
odds ``odds.py`` solves exactly. So each option's chances of winning or losing the fight stand
beside the simulated continuations.

What the answer leads to is played out as the fight plays it: the rest of this check (the other
Survivors offered a bullet in turn), the lowered target, the hit, an instant kill, then further
checks. Every later bullet decision of the fight is answered as the game recommends it and the
heuristic policy answers it (``spend_plan("when_it_kills")``: a bullet only when the bullets that
may still be added turn the check into a kill) — the same policy ``fight_odds`` assumes.

The fight under way (who rolls, the target left, the bullets spent, whose turn to spend) is the
fight procedure's own record of it, the ``Encounter`` of ``fight._offer_bullets``, read from the
paused procedure (:func:`pending_fight`): the decision's data holds only the check's total and
target.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.engine import Game

from . import fight, sizes
from .data import ZData
from .odds import LOST, WON, FightSpec, _solved

BULLET = "bullet"
MISSED = "missed"  # a failed Snipe: the fight ends without a kill and without a hit
WHEN_IT_KILLS = "when_it_kills"  # the game's recommended bullet policy


@dataclass(frozen=True)
class PendingFight:
    """A fight paused on a bullet decision: the encounter, the check's total so far and the
    bullets already added to it, the Survivors who may spend (in the game's order) and whose
    turn it is among them."""

    encounter: fight.Encounter
    total: int
    added: int
    spenders: tuple[Any, ...]  # Survivors
    turn: int  # index into spenders of the one asked


def pending_fight(game: Game) -> PendingFight | None:
    """The fight a pending bullet decision belongs to, read from the paused fight procedure
    (``fight._offer_bullets``' local names); None when the game is not paused there."""
    decision = game.pending
    if decision is None or decision.kind != BULLET:
        return None
    gen = getattr(game, "_proc", None)
    while gen is not None:
        if getattr(gen, "gi_code", None) is fight._offer_bullets.__code__:
            f = gen.gi_frame.f_locals
            return PendingFight(f["enc"], f["total"], f["added"], tuple(f["spenders"]), f["i"])
        gen = getattr(gen, "gi_yieldfrom", None)
    return None


def bullet_option_odds(game: Game, option: Any) -> dict[str, Fraction] | None:
    """{end of the fight: exact probability} when the pending bullet decision is answered
    ``option`` and the rest of the fight as the game recommends: won with so many of the
    fighter's hearts and the spenders' bullets left, lost, or (a Snipe) missed. None for any
    other decision."""
    paused = pending_fight(game)
    if paused is None or option not in game.pending.options:
        return None
    return fight_outcome(game.ctx.data, paused, option)


def fight_outcome(data: ZData, paused: PendingFight, option: str) -> dict[str, Fraction]:
    """The fight's ends, exactly: this check finished with ``option`` first, then the chain."""
    enc, rules = paused.encounter, paused.encounter.rules
    per_combat = data.rules["combat"]["bullets_per_combat"]
    bullets = {s.name: s.bullets for s in paused.spenders}
    spent = dict(enc.spent)
    bonuses = [sizes.bullet_bonus(data, s) for s in paused.spenders]
    total, added = paused.total, paused.added
    answer: str | None = option  # the decision asked now; later ones as the game recommends
    for j in range(paused.turn, len(paused.spenders)):  # the rest of fight._offer_bullets
        name = paused.spenders[j].name
        while not fight.beats(total, enc.hp, rules.strict):
            caps = [min(bullets[s.name], per_combat - spent.get(s.name, 0))
                    for s in paused.spenders[j:]]
            if caps[0] <= 0:
                break
            if answer is None:
                plan = fight.spend_plan(WHEN_IT_KILLS, total, enc.hp, caps, bonuses[j:],
                                        rules.strict)
                answer = "spend" if plan[0] > 0 else "keep"
            spend, answer = answer == "spend", None
            if not spend:
                break
            bullets[name] -= 1
            spent[name] = spent.get(name, 0) + 1
            added += 1
            total += bonuses[j]
    stock = sum(bullets.values())  # the spenders' bullets after this check
    if fight.beats(total, enc.hp, rules.strict):
        return {won_with(enc.fighter.halves, stock): Fraction(1)}
    hp = fight.after_failed_check(enc.hp, total, added, rules, data.zombie_hp)
    if enc.mode == "snipe":
        return {MISSED: Fraction(1)}
    fighter = enc.fighter
    auto = data.rules["game"]["reserve_auto_use"]
    per_hit = sizes.halves_per_hit(data, fighter)
    halves, reserve = sizes.hit_result(fighter.halves, fighter.reserve, per_hit, auto)
    if halves == 0:
        return {LOST: Fraction(1)}
    if fight.dies_instantly(hp, enc.lowest_next, rules.strict):
        return {won_with(halves, stock): Fraction(1)}
    # the next checks: each spender's bullets still spendable in this combat (with the
    # ZGC-AMB-19 variant, its whole stock: the count per check starts again)
    left = tuple(bullets[s.name] if rules.per_check
                 else min(bullets[s.name], per_combat - spent.get(s.name, 0))
                 for s in paused.spenders)
    spec = FightSpec(tuple(r.size for r in enc.rollers), enc.weapons, per_hit, auto,
                     tuple(bonuses), WHEN_IT_KILLS, per_combat, data.zombie_hp, rules)
    ends = _solved(data, spec, (halves, reserve, hp, left), "exact")
    out: dict[tuple[int, int], Fraction] = {}
    lost = Fraction(0)
    for (result, end_halves, _reserve, spendable), p in ends.items():
        if result == WON:  # bullets spent in the chain: spendable at its start less at its end
            key = (end_halves, stock - (sum(left) - spendable))
            out[key] = out.get(key, Fraction(0)) + Fraction(p)
        else:
            lost += Fraction(p)
    table = {won_with(h, b): out[(h, b)] for h, b in sorted(out, reverse=True)}
    return {**table, **({LOST: lost} if lost else {})}


def won_with(halves: int, bullets: int) -> str:
    """How a won fight ends for the reader: 'won, 2.5 hearts and 1 bullet left'."""
    hearts = f"{halves / 2:g} heart{'' if halves == 2 else 's'}"
    return f"won, {hearts} and {bullets} bullet{'' if bullets == 1 else 's'} left"

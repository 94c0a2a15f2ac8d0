"""The exact odds of a fight an option leads to, for analysis, beside the simulated continuations:

* a bullet decision: "spend a bullet for +2?" (Resource Usage) is asked after a failed combat
  check, and its consequence is the rest of that one fight, a chain whose odds ``odds.py`` solves
  exactly;
* a move decision's options that start a fight: moving into a square with zombies, a Reach attack,
  a Snipe (one check). Which option starts which fight is found by playing a fork of the game on
  from the answer to the fight's opening (no die is rolled and nothing else is asked before it);
  the other options (a step on an empty square, a card, stop) have none.

What the answer leads to is played out as the fight plays it: the rest of this check (the other
Survivors offered a bullet in turn), the lowered target, the hit, an instant kill, then further
checks. Every later bullet decision of the fight is answered as the game recommends it and the
heuristic policy answers it (``spend_plan("when_it_kills")``: a bullet only when the bullets that
may still be added turn the check into a kill) — the same policy ``fight_odds`` assumes.

The fight (who rolls, the target left, the bullets spent, whose turn to spend) is read from the
data the fight procedure puts in its bullet decisions and its opening event (``Encounter.record``):
:func:`pending_fight`, :func:`fight_start`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.dice import Dist
from rules_lib.core.engine import Game

from . import fight, sizes
from .data import ZData
from .odds import LOST, WON, FightSpec, _solved, combined_roll
from .policies import HeuristicPolicy

BULLET = "bullet"
MOVE = "move"
MOST_EVENTS_TO_THE_FIGHT = 200  # a move's events before its fight starts (a guard, not a rule)
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
    """The fight a pending bullet decision belongs to, from the decision's data
    (``Encounter.record`` and the spenders); None when no bullet decision is pending."""
    decision = game.pending
    if decision is None or decision.kind != BULLET or "fight" not in decision.data:
        return None
    d, state = decision.data, game.state
    return PendingFight(fight.Encounter.from_record(state, d["fight"]), d["total"], d["added"],
                        tuple(state.survivor(n) for n in d["spenders"]), d["turn"])


def exact_odds(game: Game, option: Any) -> dict[str, Fraction] | None:
    """The exact end of the one fight an option of the pending decision leads to: a bullet
    decision's fight, or the fight a move starts; None for any other decision."""
    if game.pending is None:
        return None
    if game.pending.kind == BULLET:
        return bullet_option_odds(game, option)
    if game.pending.kind == MOVE:
        return move_option_odds(game, option)
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


def fight_outcome(data: ZData, paused: PendingFight, option: str | None
                  ) -> dict[str, Fraction]:
    """The fight's ends for the reader (:func:`named`), exactly: this check finished with
    ``option`` as the first bullet answer (None: every answer as the game recommends), then the
    chain."""
    return named(fight_ends(data, paused, option))


End = tuple  # ("won", half hearts, bullets left) | ("lost",) | ("missed",)


def fight_ends(data: ZData, paused: PendingFight, option: str | None) -> dict[End, Fraction]:
    """The fight's ends, exactly (see :func:`fight_outcome`)."""
    enc, rules = paused.encounter, paused.encounter.rules
    per_combat = data.rules["combat"]["bullets_per_combat"]
    bullets = {s.name: s.bullets for s in paused.spenders}
    spent = dict(enc.spent)
    bonuses = [sizes.bullet_bonus(data, s) for s in paused.spenders]
    total, added = paused.total, paused.added
    answer: str | None = option  # the decision asked now (None: as recommended); later ones
    # as the game recommends
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
        return {(WON, enc.fighter.halves, stock): Fraction(1)}
    hp = fight.after_failed_check(enc.hp, total, added, rules, data.zombie_hp)
    if enc.mode == "snipe":
        return {(MISSED,): Fraction(1)}
    fighter = enc.fighter
    auto = data.rules["game"]["reserve_auto_use"]
    per_hit = sizes.halves_per_hit(data, fighter)
    halves, reserve = sizes.hit_result(fighter.halves, fighter.reserve, per_hit, auto)
    if halves == 0:
        return {(LOST,): Fraction(1)}
    if fight.dies_instantly(hp, enc.lowest_next, rules.strict):
        return {(WON, halves, stock): Fraction(1)}
    # the next checks: each spender's bullets still spendable in this combat (with the
    # ZGC-AMB-19 variant, its whole stock: the count per check starts again)
    left = tuple(bullets[s.name] if rules.per_check
                 else min(bullets[s.name], per_combat - spent.get(s.name, 0))
                 for s in paused.spenders)
    spec = FightSpec(tuple(r.size for r in enc.rollers), enc.weapons, per_hit, auto,
                     tuple(bonuses), WHEN_IT_KILLS, per_combat, data.zombie_hp, rules)
    ends = _solved(data, spec, (halves, reserve, hp, left), "exact")
    out: dict[End, Fraction] = {}
    for (result, end_halves, _reserve, spendable), p in ends.items():
        # bullets spent in the chain: those spendable at its start less those at its end
        key = (WON, end_halves, stock - (sum(left) - spendable)) if result == WON else (LOST,)
        out[key] = out.get(key, Fraction(0)) + Fraction(p)
    return out


def named(ends: dict[End, Fraction]) -> dict[str, Fraction]:
    """Ends as a reader takes them in: wins first, most hearts and bullets left first
    (:func:`won_with`), then missed, then lost."""
    def order(end: End) -> tuple[int, int, int]:
        rank = {WON: 0, MISSED: 1, LOST: 2}[end[0]]
        return (rank, -end[1], -end[2]) if end[0] == WON else (rank, 0, 0)

    return {(won_with(e[1], e[2]) if e[0] == WON else e[0]): ends[e]
            for e in sorted(ends, key=order) if ends[e]}


def won_with(halves: int, bullets: int) -> str:
    """How a won fight ends for the reader: 'won, 2.5 hearts and 1 bullet left'."""
    hearts = f"{halves / 2:g} heart{'' if halves == 2 else 's'}"
    return f"won, {hearts} and {bullets} bullet{'' if bullets == 1 else 's'} left"


def move_option_odds(game: Game, option: Any) -> dict[str, Fraction] | None:
    """The exact end of the fight a move option starts (entering a square with zombies, a Reach
    attack, a Snipe), every bullet as the game recommends; None when the option starts no
    fight, or more than one (a wide figure entering several zombie squares)."""
    started = fight_start(game, option)
    if started is None:
        return None
    data, enc, spenders = started
    first = combined_roll(data, [r.size for r in enc.rollers], enc.weapons,
                          enc.rules.one_die_advantage)
    if enc.mode == "snipe":
        first = first + Dist.point(fight._snipe_bonus(data, enc.sniper or enc.fighter))
    out: dict[End, Fraction] = {}
    for total, p in first.items():
        for end, q in fight_ends(data, PendingFight(enc, total, 0, spenders, 0), None).items():
            out[end] = out.get(end, Fraction(0)) + Fraction(p) * q
    return named(out)


def fight_start(game: Game, option: Any) -> tuple[ZData, fight.Encounter, tuple[Any, ...]] | None:
    """The fight a move option starts, as it stands before its first roll: a fork of the game is
    played on from the answer to the fight's opening; None if a die is rolled, another decision
    is asked or the game ends first (the option starts no fight)."""
    if option not in game.pending.options:
        return None
    data = game.ctx.data
    heuristic = HeuristicPolicy(data)
    fork = game.fork(0, answer=option, policies={p: heuristic for p in game.rules.players})
    rolled, seen, answered = game.dice.rolls, game.events_seen, len(game.decisions) + 1
    entered = None  # the event of a move into squares with zombies, when one came
    while fork.dice.rolls <= rolled and fork.events_seen <= seen + MOST_EVENTS_TO_THE_FIGHT:
        event = fork.step_event()
        if event is None or len(fork.decisions) > answered:
            return None  # the game ended, or another decision came first: not this option's
        if "squares_with_zombies" in event.data:
            entered = event
        found = _opening_fight(event, entered)
        if found is not None:
            record, several = found
            if several:
                return None
            enc = fight.Encounter.from_record(fork.state, record)
            spenders = fight.bullet_spenders(fork.state, data, enc.rollers, enc.rules.giants_never)
            return data, enc, tuple(spenders)
    return None


def _opening_fight(event: Any, entered: Any) -> tuple[dict[str, Any], bool] | None:
    """The fight an event opens (no check rolled yet), as its data records it
    (``Encounter.record``), and
    whether the move that started it (``entered``, the event that said so, if any) enters more
    than one square with zombies; None when the event opens no fight."""
    record = event.data.get("fight") if event.kind == "combat" else None
    if record is None or record["rolls"] != 0:
        return None
    several = entered is not None and entered.data.get("squares_with_zombies", 1) > 1
    return record, several

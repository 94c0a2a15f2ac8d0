"""Fights: combat checks until the Survivor wins or dies (Step 3, Zombies and Combat, Snipe).

An encounter has HP = 4 per zombie (ZGC-AMB-07/08: "# x 4 to beat"). Each combat check adds the
rollers' results (each Survivor standing next to the fight rolls and adds, ZGC-ZCOMB-08) plus
weapons; a bullet adds +2 even after the roll (one per Survivor per combat, ZGC-AMB-19; the
variant ``bullet_after_every_failed_roll`` allows one after every failed roll). A check that reaches
the HP kills; otherwise the HP drops by the result ("the target number is lowered by previous
results") and the attacked Survivor loses one hit (half a heart for Giants). When the HP left is no
more than the lowest possible next result, the zombies die at once, after dealing their damage.

The pure helpers at the top are shared with ``odds.py``, so the calculator and the game agree.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import Context, Decision, Event, Procedure
from rules_lib.core.words import count

from . import provenance as P
from . import sizes
from .data import ZData
from .events import card_fits
from .figures import squares_of
from .state import Survivor, Zombie, ZState
from .variants import (
    BULLET_EVERY_FAILED_ROLL,
    GIANTS_NEVER_SPEND_BULLETS,
    LOWERED_ONLY_UNDER_4,
    PLAIN_ADVANTAGE,
    TARGET_MUST_BE_EXCEEDED,
)
from .win import credit_kills

__all__ = ["BULLET_EVERY_FAILED_ROLL", "FightResult", "FightRules", "fight", "helpers_of",
           "kill_survivor"]

RULE_FIGHT = "Zombies!!! Giants-Club: Step 3 Move/Fight"
RULE_ZCOMB = "Zombies!!! Giants-Club: Zombies and Combat"
RULE_SNIPE = "Zombies!!! Giants-Club: Reach & Snipe Rules"
RULE_RES = "Zombies!!! Giants-Club: Resource Usage"


# -- the readings a fight is played under (ZGC-AMB-06/07/08/10/19) ----------------------------


@dataclass(frozen=True)
class FightRules:
    """Which reading of each fight ambiguity applies (the defaults unless a variant is on)."""

    strict: bool = False  # ZGC-AMB-07 variant: a check must exceed the target
    only_under: bool = False  # ZGC-AMB-08 variant: only low rolls without a bullet lower it
    per_check: bool = False  # ZGC-AMB-19 variant: a bullet after every failed roll
    one_die_advantage: bool = False  # ZGC-AMB-06 variant: Advantage is one die
    giants_never: bool = False  # ZGC-AMB-10 variant: Giants never spend bullets

    @classmethod
    def of(cls, variants: Collection[str]) -> FightRules:
        """The readings picked by a set of variant names."""
        return cls(
            TARGET_MUST_BE_EXCEEDED in variants,
            LOWERED_ONLY_UNDER_4 in variants,
            BULLET_EVERY_FAILED_ROLL in variants,
            PLAIN_ADVANTAGE in variants,
            GIANTS_NEVER_SPEND_BULLETS in variants,
        )

    def notes(self) -> tuple[str, str]:
        """The ``assumed`` texts of a fight's opening and of its failed checks."""
        target = (P.variant(TARGET_MUST_BE_EXCEEDED, "ZGC-AMB-07", "a total must exceed it")
                  if self.strict else P.AMB07)
        lowered = (P.variant(LOWERED_ONLY_UNDER_4, "ZGC-AMB-08", "only a roll under 4 with no "
                             "bullet lowers the target") if self.only_under else P.AMB08)
        return P.joined(target, lowered), lowered

    def bullet_note(self) -> str:
        """The ``assumed`` text of a bullet decision or spend."""
        if self.per_check:
            return P.variant(BULLET_EVERY_FAILED_ROLL, "ZGC-AMB-19", "a bullet after every failed "
                             "roll")
        return P.AMB19


# -- pure rules, shared with the odds calculator ---------------------------------------------


def encounter_hp(data: ZData, n_zombies: int, damage: int = 0) -> int:
    """What it takes to beat N zombies: N x 4, less damage they took this turn."""
    return data.zombie_hp * n_zombies - damage


def beats(total: int, hp_left: int, strict: bool = False) -> bool:
    """Does a check's total kill the zombies (ZGC-AMB-07: reaching the target; variant: beating)?"""
    return total > hp_left if strict else total >= hp_left


def after_failed_check(
    hp_left: int, total: int, bullets_added: int, rules: FightRules, zombie_hp: int
) -> int:
    """HP left after a failed check: lowered by its total (ZGC-AMB-08), or, with the variant, only
    when no bullet was added and the roll was under a single zombie's target ("less than 4")."""
    if rules.only_under and (bullets_added or total >= zombie_hp):
        return hp_left
    return hp_left - total


def dies_instantly(hp_left: int, lowest_next: int, strict: bool = False) -> bool:
    """No next roll could fail to kill: the zombies die at once (ZGC-FIGHT-04 / ZGC-ZCOMB-03)."""
    return beats(lowest_next, hp_left, strict)


def spend_plan(
    policy: str,
    total: int,
    hp_left: int,
    caps: Sequence[int],
    bonuses: Sequence[int],
    strict: bool = False,
) -> tuple[int, ...]:
    """Bullets each spender (in spending order) adds to a failed check under a stated policy.

    ``when_it_kills``: only if the bullets that may still be added turn the check into a kill (the
    game's recommended choice); ``always``: as many as it takes, or all there are; ``never``: none.
    Spenders add theirs in order, each up to its cap, until the check kills.
    """
    none = (0,) * len(caps)
    if policy == "never":
        return none
    if policy not in ("when_it_kills", "always"):
        raise ValueError(f"unknown bullet policy {policy!r}; known: when_it_kills, always, never")
    plan = list(none)
    for i, (cap, bonus) in enumerate(zip(caps, bonuses)):
        while plan[i] < cap and not beats(total, hp_left, strict):
            plan[i] += 1
            total += bonus
    if policy == "when_it_kills" and not beats(total, hp_left, strict):
        return none
    return tuple(plan)


def lowest_roll(data: ZData, size: str, one_die_advantage: bool = False) -> int:
    """The lowest result a size's combat dice can show."""
    return min(sizes.combat_dice(data, size, one_die_advantage).dist().outcomes)


# -- the procedure -----------------------------------------------------------------------------


@dataclass
class FightResult:
    """How a fight ended: won (zombies killed), lost (fighter died) or missed (Snipe failed)."""

    outcome: str
    rolls: int
    bullets: int


def weapon_bonus(data: ZData, surv: Survivor) -> int:
    """Combat bonus of the weapons in play that fit the Survivor's size (ZGC-RAY-07)."""
    return sum(
        data.cards[w.name].amount
        for w in surv.weapons
        if data.cards[w.name].effect == "combat_bonus"
        and card_fits(data, surv.size, data.cards[w.name], w.size)
    )


def fighter_of(state: ZState, surv: Survivor) -> Survivor:
    """Who rolls and takes the hits: a carried Survivor's Giant (ZGC-CARRY-02)."""
    return state.survivor(surv.carried_by) if surv.carried_by else surv


def helpers_of(state: ZState, data: ZData, surv: Survivor) -> list[Survivor]:
    """Other Survivors standing next to (or with) this one: they roll and add (ZGC-ZCOMB-08)."""
    mine = squares_of(state, data, surv)
    out = []
    for s in state.survivors:
        if s is surv or not s.in_play or s.carried_by or s.name == surv.carried_by:
            continue
        theirs = squares_of(state, data, s)
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1 for a in mine for b in theirs):
            out.append(s)
    return out


def bullet_spenders(
    state: ZState, data: ZData, rollers: Sequence[Survivor], giants_never: bool = False
) -> list[Survivor]:
    """Who may add a bullet: bullet users rolling, and the Survivors they carry."""
    out = []
    for r in rollers:
        if sizes.uses_bullets(data, r, giants_never):
            out.append(r)
        for name in r.carrying:
            c = state.survivor(name)
            if c.in_play and sizes.uses_bullets(data, c, giants_never):
                out.append(c)
    return out


IDS_OPEN = ("ZGC-FIGHT-02", "ZGC-ZCOMB-01", "ZGC-ZCOMB-07", "ZGC-ZTURN-06", "ZGC-AMB-07",
            "ZGC-AMB-08")
IDS_BULLET = ("ZGC-NORM-05", "ZGC-RES-05", "ZGC-RES-06", "ZGC-ZCOMB-09", "ZGC-AMB-19")
IDS_FAIL = ("ZGC-FIGHT-03", "ZGC-ZCOMB-01", "ZGC-ZCOMB-07", "ZGC-AMB-08")
IDS_INSTANT = ("ZGC-FIGHT-04", "ZGC-ZCOMB-03", "ZGC-AMB-08")


@dataclass
class Encounter:
    """A fight under way: who rolls and takes the hits, what it takes to beat the zombies now,
    the bullets spent (per Survivor: this combat, or this check under ZGC-AMB-19's variant)."""

    defender: Survivor
    fighter: Survivor
    zombies: list[Zombie]
    rollers: list[Survivor]
    mode: str  # melee | reach | snipe
    rules: FightRules
    hp: int
    start_hp: int
    weapons: int
    lowest_next: int
    sniper: Survivor | None
    spent: dict[str, int] = field(default_factory=dict)
    used: int = 0
    rolls: int = 0

    @property
    def what(self) -> str:
        """'1 zombie' / '2 zombies'."""
        n = len(self.zombies)
        return f"{n} zombie{'s' if n > 1 else ''}"

    def record(self) -> dict[str, Any]:
        """The fight as plain data (Survivors by name, zombies by id), for the events and
        decisions taken during it: analysis reads a fight's exact odds from it (``option_odds``)."""
        return {"defender": self.defender.name, "fighter": self.fighter.name,
                "zombies": [z.id for z in self.zombies],
                "rollers": [r.name for r in self.rollers], "mode": self.mode, "hp": self.hp,
                "start_hp": self.start_hp, "weapons": self.weapons,
                "lowest_next": self.lowest_next,
                "sniper": self.sniper.name if self.sniper is not None else None,
                "spent": dict(self.spent), "used": self.used, "rolls": self.rolls}

    @classmethod
    def from_record(cls, state: ZState, record: dict[str, Any]) -> Encounter:
        """The fight :meth:`record` describes, its figures read from ``state`` (the readings of
        the fight's ambiguities from the state's variants)."""
        zombies = {z.id: z for z in state.zombies}
        sniper = record["sniper"]
        return cls(state.survivor(record["defender"]), state.survivor(record["fighter"]),
                   [zombies[i] for i in record["zombies"]],
                   [state.survivor(n) for n in record["rollers"]], record["mode"],
                   FightRules.of(state.variants), record["hp"], record["start_hp"],
                   record["weapons"], record["lowest_next"],
                   state.survivor(sniper) if sniper is not None else None,
                   dict(record["spent"]), record["used"], record["rolls"])


def fight(
    state: ZState,
    ctx: Context,
    defender: Survivor,
    zombies: list[Zombie],
    *,
    mode: str = "melee",
    helpers: Sequence[Survivor] = (),
    sniper_spent: Survivor | None = None,
) -> Procedure:
    """Combat checks until the Survivor wins or dies; a Snipe is one check without heart damage.

    Returns a FightResult (generator return value). ``mode``: melee | reach | snipe.
    """
    data: ZData = ctx.data
    enc = _encounter(state, ctx, defender, zombies, mode, helpers, sniper_spent)
    open_note, fail_note = enc.rules.notes()
    yield _opening(data, enc, open_note)
    dice_note = _dice_note(data, enc.rollers, enc.rules)
    while True:
        enc.rolls += 1
        if enc.rules.per_check and enc.rolls > 1:
            enc.spent = {}
        total = yield from _combat_check(ctx, enc, dice_note)
        total, added = yield from _offer_bullets(state, ctx, enc, total)
        if beats(total, enc.hp, enc.rules.strict):
            outcome = "won"
            break
        before = enc.hp
        enc.hp = after_failed_check(enc.hp, total, added, enc.rules, data.zombie_hp)
        if mode == "snipe":
            yield Event(
                f"The snipe fails: the zombies are down to {enc.hp} to beat; no heart is lost",
                rule=f"{RULE_SNIPE} (failed snipes do no heart damage)",
                kind="combat",
                ids=("ZGC-SNIPE-02", "ZGC-AMB-08"),
                assumed=fail_note,
            )
            outcome = "missed"
            break
        yield _take_hit(data, enc, before, fail_note)
        if enc.fighter.halves <= 0:
            outcome = "lost"
            break
        if dies_instantly(enc.hp, enc.lowest_next, enc.rules.strict):
            yield Event(
                f"No roll can fail now ({enc.hp} to beat, lowest result {enc.lowest_next}): "
                "the zombies die at once",
                rule=f"{RULE_ZCOMB} / {RULE_FIGHT} (instant kill)",
                kind="combat",
                ids=IDS_INSTANT,
                assumed=fail_note,
            )
            outcome = "won"
            break
    yield from _aftermath(state, ctx, enc, outcome)
    return FightResult(outcome, enc.rolls, enc.used)


def _encounter(state: ZState, ctx: Context, defender: Survivor, zombies: list[Zombie], mode: str,
               helpers: Sequence[Survivor], sniper: Survivor | None) -> Encounter:
    """The fight's opening numbers: the rollers, N x 4 less damage taken, the weapons' bonus and
    the lowest result the rollers can make (for the instant kill)."""
    data: ZData = ctx.data
    rules = FightRules.of(ctx.variants)
    fighter = fighter_of(state, defender)
    rollers = [fighter] + [h for h in helpers if h is not fighter and h.in_play]
    hp = encounter_hp(data, len(zombies), sum(z.damage for z in zombies))
    weapons = sum(weapon_bonus(data, r) for r in rollers)
    lowest = sum(lowest_roll(data, r.size, rules.one_die_advantage) for r in rollers) + weapons
    spent = {sniper.name: 1} if sniper is not None else {}
    return Encounter(defender, fighter, zombies, rollers, mode, rules, hp, hp, weapons, lowest,
                     sniper, spent)


def _opening(data: ZData, enc: Encounter, note: str) -> Event:
    """The fight begins: what it takes to beat the zombies, and who helps."""
    n = len(enc.zombies)
    zombie_hp = data.zombie_hp
    helped = enc.rollers[1:]
    return Event(
        f"{enc.fighter.name} ({enc.fighter.size}) fights {enc.what}: {enc.hp} to beat"
        + (f" (target {n} x {zombie_hp})" if n > 1 else "")
        + (f"; helped by {', '.join(r.name for r in helped)}" if helped else ""),
        rule=f"{RULE_ZCOMB} (# x {zombie_hp} to beat)",
        kind="combat",
        data={"hp": enc.hp, "zombies": n, "mode": enc.mode, "fight": enc.record()},
        ids=IDS_OPEN + (("ZGC-ZCOMB-08",) if helped else ()),
        assumed=note,
    )


def _combat_check(ctx: Context, enc: Encounter,
                  dice_note: tuple[tuple[str, ...], str]) -> Procedure:
    """Every roller rolls its size's combat dice; weapons (and a snipe's bullet) add. Returns the
    check's total."""
    data: ZData = ctx.data
    total = enc.weapons
    parts = []
    for r in enc.rollers:
        res = sizes.combat_dice(data, r.size, enc.rules.one_die_advantage).roll(
            ctx.dice, f"combat check: {r.name}"
        )
        total += res.value
        parts.append(f"{r.name} {list(res.faces)}->{res.value}")
    snipe = 0
    if enc.mode == "snipe":
        snipe = _snipe_bonus(data, enc.sniper or enc.fighter)
        total += snipe
    weapon_refs = ([f"events:cards.{w.name}" for r in enc.rollers for w in r.weapons]
                   if enc.weapons else [])
    yield Event(
        f"Combat check {enc.rolls}: {', '.join(parts)}"
        + (f" +{enc.weapons} weapons" if enc.weapons else "")
        + (f" +{snipe} snipe bullet" if enc.mode == "snipe" else "")
        + f" = {total} against {enc.hp}",
        rule=RULE_ZCOMB,
        kind="roll",
        data={"total": total, "hp": enc.hp, **({"values": weapon_refs} if enc.weapons else {})},
        ids=dice_note[0],
        assumed=P.joined(dice_note[1], P.DECK if enc.weapons else ""),
    )
    return total


def _offer_bullets(state: ZState, ctx: Context, enc: Encounter, total: int) -> Procedure:
    """After a failed roll each spender in turn may add bullets (+2 each, one per combat; the
    variant: one after every failed roll) until the check kills. Returns (total, bullets added)."""
    data: ZData = ctx.data
    rules = enc.rules
    per_combat = data.rules["combat"]["bullets_per_combat"]
    added = 0
    if beats(total, enc.hp, rules.strict):
        return total, added
    spenders = bullet_spenders(state, data, enc.rollers, rules.giants_never)
    for i, sp in enumerate(spenders):
        while not beats(total, enc.hp, rules.strict):
            caps = [min(s.bullets, per_combat - enc.spent.get(s.name, 0)) for s in spenders[i:]]
            if caps[0] <= 0:
                break
            bonuses = [sizes.bullet_bonus(data, s) for s in spenders[i:]]
            plan = spend_plan("when_it_kills", total, enc.hp, caps, bonuses, rules.strict)
            bonus = bonuses[0]
            choice = yield Decision(
                sp.name,
                "bullet",
                f"Check {total} against {enc.hp}: spend a bullet for +{bonus}? "
                f"({sp.bullets} left)",
                ["spend", "keep"] if plan[0] > 0 else ["keep", "spend"],
                rule=f"{RULE_RES} (Survivors can only spend {per_combat} bullet per "
                "combat, after the roll)",
                data={"total": total, "hp": enc.hp, "available": sum(caps),
                      "fight": enc.record(), "added": added,
                      "spenders": [s.name for s in spenders], "turn": i},
                ids=IDS_BULLET,
                assumed=rules.bullet_note(),
            )
            if choice != "spend":
                break
            sp.bullets -= 1
            enc.spent[sp.name] = enc.spent.get(sp.name, 0) + 1
            enc.used += 1
            added += 1
            total += bonus
            yield Event(
                f"{sp.name} spends a bullet: +{bonus}, check is now {total}",
                rule="Zombies!!! Giants-Club: Normal (a bullet's bonus, even after the "
                "roll)" if sizes.stats(data, sp.size).can_use_bullets else
                "Zombies!!! Giants-Club: Size Ray (a Giant wielding it spends bullets)",
                kind="combat",
                data={"bullet": sp.name},
                ids=IDS_BULLET + (() if sp is enc.fighter else ("ZGC-SNIPE-04",)),
                assumed=rules.bullet_note(),
            )
    return total, added


def _take_hit(data: ZData, enc: Encounter, before: int, fail_note: str) -> Event:
    """A failed check: the fighter loses one hit (half a heart when damage is halved; a reserve
    heart steps in for the last one) and the target is lowered."""
    fighter = enc.fighter
    auto = data.rules["game"]["reserve_auto_use"]
    note = sizes.take_hit(data, fighter, auto)
    if fighter.halves <= 0:
        fighter.status = "dead"
    half = sizes.half_damage(data, fighter)
    lost = sizes.halves_per_hit(data, fighter) / 2
    hp = enc.hp
    return Event(
        f"{fighter.name} fails and loses "
        + ("half a heart (counter flipped)" if lost == 0.5 else
           "a heart" if lost == 1 else f"{lost:g} hearts")
        + f"{note}: {sizes.hearts_text(fighter.halves)} left; "
        + (f"target lowered to {hp}" if hp < before else f"target stays {hp}"),
        rule=f"{RULE_FIGHT} (target lowered by previous results; "
        f"{data.rules['combat']['hits_per_failure']} heart per failure"
        f"{'; half damage' if half else ''})",
        kind="combat",
        data={"halves": fighter.halves, "hp": hp,
              **({"values": ["rules:game.reserve_auto_use"]} if note else {})},
        ids=IDS_FAIL + _hit_ids(data, fighter) + (("ZGC-CARRY-02",) if fighter is not enc.defender
                                                  else ()),
        assumed=P.joined(fail_note, P.RESERVE_STEPS_IN if note else ""),
    )


def _aftermath(state: ZState, ctx: Context, enc: Encounter, outcome: str) -> Procedure:
    """Won: the zombies go back to the pool and count as kills. Otherwise the damage dealt stays
    on them until the end of the turn. Weapons wear; a fighter with no hearts dies."""
    data: ZData = ctx.data
    fighter = enc.fighter
    n = len(enc.zombies)
    if outcome == "won":
        for z in enc.zombies:
            state.zombies.remove(z)
        state.zombie_pool += n
        credit_kills(state, data, fighter, n)
        yield Event(
            f"{fighter.name} kills {enc.what} ({count(fighter.kills, 'kill')} in all)",
            rule=RULE_ZCOMB,
            kind="result",
            data={"kills": n},
            ids=("ZGC-ZCOMB-01",),
        )
    else:
        dealt = enc.start_hp - enc.hp
        for z in enc.zombies:  # the damage stays on them until the end of the turn
            room = data.zombie_hp - 1 - z.damage
            take = max(0, min(room, dealt))
            z.damage += take
            dealt -= take
    yield from _wear_out(state, enc.rollers)
    if outcome == "lost":
        yield from kill_survivor(state, ctx, fighter)


def _snipe_bonus(data: ZData, sniper: Survivor) -> int:
    """A snipe's bonus: a Normal's bullet (+2, Reach & Snipe), a Giant's through its Size-Ray."""
    if sizes.stats(data, sniper.size).can_use_bullets:
        return data.rules["combat"]["snipe_bonus"]
    return data.crafting["size_ray"]["bullet_bonus"]


def _dice_note(data: ZData, rollers: Sequence[Survivor], rules: FightRules
               ) -> tuple[tuple[str, ...], str]:
    """The ids and ``assumed`` text of a combat check's dice (Advantage: ZGC-AMB-06)."""
    ids = ["ZGC-ZCOMB-01"]
    note = ""
    for r in rollers:
        st = sizes.stats(data, r.size)
        if st.combat_keep == "highest":
            ids += ["ZGC-BIG-06", "ZGC-AMB-06"]
            note = (P.variant(PLAIN_ADVANTAGE, "ZGC-AMB-06", "Advantage is one die")
                    if rules.one_die_advantage else P.AMB06)
        elif st.is_giant:
            ids.append("ZGC-HUGE-06")
    if len(rollers) > 1:
        ids.append("ZGC-ZCOMB-08")
    return tuple(dict.fromkeys(ids)), note


def _hit_ids(data: ZData, fighter: Survivor) -> tuple[str, ...]:
    """Catalogue IDs of the damage a fighter takes (half damage: the size's, or armour's)."""
    st = sizes.stats(data, fighter.size)
    if st.half_damage:
        return ("ZGC-BIG-03",) if st.name == "Big" else ("ZGC-HUGE-03",)
    if sizes.half_damage(data, fighter):
        return ("ZGC-ARM-03", "ZGC-ARM-05")
    return ()


def _wear_out(state: ZState, rollers: Sequence[Survivor]) -> Procedure:
    """Weapons with durability (a Giant's Shotgun) lose a use per fight; worn out, discarded."""
    for r in rollers:
        for w in list(r.weapons):
            if w.uses is None:
                continue
            w.uses -= 1
            if w.uses <= 0:
                r.weapons.remove(w)
                state.discard.append(w.name)
                yield Event(
                    f"{r.name}'s {w.name} wears out and is discarded",
                    rule="Zombies!!! Giants-Club: Card specific (a large weapon with durability)",
                    kind="card",
                    data={"card": w.name},
                    ids=("ZGC-CARD-01",),
                    assumed=P.DECK,
                )


def kill_survivor(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A Survivor with no hearts left dies; anyone it carried is set down on its square."""
    surv.status = "dead"
    surv.halves = 0
    for name in surv.carrying:
        c = state.survivor(name)
        c.carried_by = None
        c.loc = list(surv.loc) if surv.loc else None
    surv.carrying = []
    yield Event(
        f"{surv.name} dies",
        rule=RULE_FIGHT + " (fight until the Survivor wins or dies)",
        kind="result",
        ids=("ZGC-FIGHT-02",),
    )

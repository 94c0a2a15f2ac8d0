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

from collections.abc import Sequence
from dataclasses import dataclass

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import sizes
from .data import ZData
from .state import Survivor, Zombie, ZState

RULE_FIGHT = "Zombies!!! Giants-Club: Step 3 Move/Fight"
RULE_ZCOMB = "Zombies!!! Giants-Club: Zombies and Combat"
RULE_SNIPE = "Zombies!!! Giants-Club: Reach & Snipe Rules"
RULE_RES = "Zombies!!! Giants-Club: Resource Usage"


# -- pure rules, shared with the odds calculator ---------------------------------------------


def encounter_hp(data: ZData, n_zombies: int, damage: int = 0) -> int:
    """What it takes to beat N zombies: N x 4, less damage they took this turn."""
    return data.rules["combat"]["hp_per_zombie"] * n_zombies - damage


def apply_roll(hp_left: int, total: int) -> int | None:
    """HP left after a check; None when the check beats the encounter."""
    return None if total >= hp_left else hp_left - total


def dies_instantly(hp_left: int, lowest_next: int) -> bool:
    """No next roll could fail to kill: the zombies die at once (ZGC-FIGHT-04 / ZGC-ZCOMB-03)."""
    return hp_left <= lowest_next


# ZGC-AMB-19: "only one bullet per combat" (the default) against spending a bullet after each
# failed roll (Step 3): the variant lets every Survivor add one bullet to every failed check.
BULLET_EVERY_FAILED_ROLL = "bullet_after_every_failed_roll"


def bullets_needed(total: int, hp_left: int, bonus: int) -> int:
    """Bullets (+bonus each) it takes to turn this check into a kill."""
    short = hp_left - total
    return 0 if short <= 0 else -(-short // bonus)


def wants_bullets(policy: str, total: int, hp_left: int, available: int, bonus: int) -> int:
    """How many bullets a stated bullet policy spends on a failed check.

    ``when_it_kills``: only if the bullets available turn the check into a kill (the default);
    ``always``: every bullet available (one per Survivor); ``never``: none.
    """
    if policy == "never" or available <= 0:
        return 0
    need = bullets_needed(total, hp_left, bonus)
    if policy == "when_it_kills":
        return need if need <= available else 0
    if policy == "always":
        return min(need, available)
    raise ValueError(f"unknown bullet policy {policy!r}; known: when_it_kills, always, never")


def lowest_roll(data: ZData, size: str) -> int:
    """The lowest result a size's combat dice can show."""
    return min(sizes.combat_dice(data, size).dist().outcomes)


# -- the procedure -----------------------------------------------------------------------------


@dataclass
class FightResult:
    """How a fight ended: won (zombies killed), lost (fighter died) or missed (Snipe failed)."""

    outcome: str
    rolls: int
    bullets: int


def weapon_bonus(data: ZData, surv: Survivor) -> int:
    """Combat bonus of the weapons in play that fit the Survivor's size (ZGC-RAY-07)."""
    from .events import card_fits

    return sum(
        data.cards[w.name].amount
        for w in surv.weapons
        if data.cards[w.name].effect == "combat_bonus"
        and card_fits(data, surv.size, data.cards[w.name], w.size)
    )


def fighter_of(state: ZState, surv: Survivor) -> Survivor:
    """Who rolls and takes the hits: a carried Survivor's Giant (ZGC-CARRY-02)."""
    return state.survivor(surv.carried_by) if surv.carried_by else surv


def bullet_spenders(state: ZState, data: ZData, rollers: Sequence[Survivor]) -> list[Survivor]:
    """Who may add a bullet: bullet users rolling, and the Survivors they carry."""
    out = []
    for r in rollers:
        if sizes.uses_bullets(data, r):
            out.append(r)
        for name in r.carrying:
            c = state.survivor(name)
            if c.in_play and sizes.uses_bullets(data, c):
                out.append(c)
    return out


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
    combat = data.rules["combat"]
    fighter = fighter_of(state, defender)
    rollers = [fighter] + [h for h in helpers if h is not fighter and h.in_play]
    n = len(zombies)
    hp = encounter_hp(data, n, sum(z.damage for z in zombies))
    start_hp = hp
    bonus = combat["bullet_bonus"]
    per_check = ctx.variant(BULLET_EVERY_FAILED_ROLL)
    limit = ("a bullet per Survivor after every failed roll: ZGC-AMB-19 variant" if per_check
             else "one bullet per Survivor per combat, after the roll")
    spent: set[str] = set()  # who has added a bullet (this combat; this check with the variant)
    if sniper_spent is not None:
        spent.add(sniper_spent.name)
    used = 0
    weapons = sum(weapon_bonus(data, r) for r in rollers)
    lowest_next = sum(lowest_roll(data, r.size) for r in rollers) + weapons
    where = f"{n} zombie{'s' if n > 1 else ''}"
    yield Event(
        f"{fighter.name} ({fighter.size}) fights {where}: {hp} to beat"
        + (f" (target {n} x {combat['hp_per_zombie']})" if n > 1 else "")
        + (f"; helped by {', '.join(r.name for r in rollers[1:])}" if len(rollers) > 1 else ""),
        rule=f"{RULE_ZCOMB} (# x 4 to beat; ZGC-AMB-07: a total >= the target wins)",
        kind="combat",
        data={"hp": hp, "zombies": n, "mode": mode},
    )
    rolls = 0
    outcome = ""
    while True:
        rolls += 1
        if per_check and rolls > 1:
            spent = set()
        total = weapons
        parts = []
        for r in rollers:
            res = sizes.combat_dice(data, r.size).roll(ctx.dice, f"combat check: {r.name}")
            total += res.value
            parts.append(f"{r.name} {list(res.faces)}->{res.value}")
        if mode == "snipe":
            total += combat["snipe_bonus"]
        yield Event(
            f"Combat check {rolls}: {', '.join(parts)}"
            + (f" +{weapons} weapons" if weapons else "")
            + (f" +{combat['snipe_bonus']} snipe bullet" if mode == "snipe" else "")
            + f" = {total} against {hp}",
            rule=RULE_ZCOMB
            + (
                "; Big rolls d6 with Advantage (ZGC-AMB-06: 2d6 keep the higher)"
                if any(r.size == "Big" for r in rollers)
                else ""
            ),
            kind="roll",
            data={"total": total, "hp": hp},
        )
        if total < hp:
            for sp in bullet_spenders(state, data, rollers):
                if sp.name in spent or sp.bullets <= 0 or total >= hp:
                    continue
                available = sum(
                    1
                    for s in bullet_spenders(state, data, rollers)
                    if s.name not in spent and s.bullets > 0
                )
                good = wants_bullets("when_it_kills", total, hp, available, bonus) > 0
                options = ["spend", "keep"] if good else ["keep", "spend"]
                choice = yield Decision(
                    sp.name,
                    "bullet",
                    f"Check {total} against {hp}: spend a bullet for +{bonus}? ({sp.bullets} left)",
                    options,
                    rule=f"{RULE_RES} ({limit})",
                    data={"total": total, "hp": hp, "available": available},
                )
                if choice == "spend":
                    sp.bullets -= 1
                    spent.add(sp.name)
                    used += 1
                    total += bonus
                    yield Event(
                        f"{sp.name} spends a bullet: +{bonus}, check is now {total}",
                        rule="Zombies!!! Giants-Club: Normal (bullet +2 even after the roll)",
                        kind="combat",
                        data={"bullet": sp.name},
                    )
        left = apply_roll(hp, total)
        if left is None:
            outcome = "won"
            break
        hp = left
        if mode == "snipe":
            yield Event(
                f"The snipe fails: the zombies are down to {hp} to beat; no heart is lost",
                rule=f"{RULE_SNIPE} (failed snipes do no heart damage)",
                kind="combat",
            )
            outcome = "missed"
            break
        note = sizes.take_hit(data, fighter, data.rules["game"]["reserve_auto_use"])
        if fighter.halves <= 0:
            fighter.status = "dead"
        half = sizes.halves_per_hit(data, fighter) == 1
        yield Event(
            f"{fighter.name} fails and loses "
            f"{'half a heart (counter flipped)' if half else 'a heart'}"
            f"{note}: {fighter.halves / 2:g} hearts left; target lowered to {hp}",
            rule=f"{RULE_FIGHT} (target lowered by previous results; 1 heart per failure"
            f"{'; Giants take half damage' if half else ''})",
            kind="combat",
            data={"halves": fighter.halves, "hp": hp},
        )
        if fighter.halves <= 0:
            outcome = "lost"
            break
        if dies_instantly(hp, lowest_next):
            yield Event(
                f"No roll can fail now ({hp} to beat, lowest result {lowest_next}): "
                "the zombies die at once",
                rule=f"{RULE_ZCOMB} / {RULE_FIGHT} (instant kill)",
                kind="combat",
            )
            outcome = "won"
            break
    bullets = used
    if outcome == "won":
        for z in zombies:
            state.zombies.remove(z)
        state.zombie_pool += n
        fighter.kills += n
        yield Event(
            f"{fighter.name} kills {where} ({fighter.kills} kills)",
            rule=RULE_ZCOMB,
            kind="result",
            data={"kills": n},
        )
    else:
        dealt = start_hp - hp
        for z in zombies:  # the damage stays on them until the end of the turn
            room = combat["hp_per_zombie"] - 1 - z.damage
            take = max(0, min(room, dealt))
            z.damage += take
            dealt -= take
    for r in rollers:  # Giants' weapons wear out (Hey Look! A Shotgun: durability)
        for w in list(r.weapons):
            if w.uses is not None:
                w.uses -= 1
                if w.uses <= 0:
                    r.weapons.remove(w)
                    state.discard.append(w.name)
    if outcome == "lost":
        yield from kill_survivor(state, ctx, fighter)
    return FightResult(outcome, rolls, bullets)


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
    )

"""The exact odds of an attack on a Cosmic Monster, for analysis: among an empire's actions, "attack
Androgeus in ..." and "attack Arachne Solara in ..." lead to one battle whose result ``odds.py``
gives exactly — whether Androgeus dies (Killing Androgeus, with the Superhero cap), the VP gained
against Arachne Solara (Tangled in the Web). They stand beside the simulated continuations.

Storm's Single Combat decision, asked just after such an attack is chosen, gets the same battle's
odds for each Champion (the Champion's dice count within the Superhero cap, so the totals rolled,
and the odds, are the same whichever is chosen). Attacks on empires, and every other action, have
no exact odds here: ``odds.py`` answers battles against Monsters only.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_lib.core.engine import Game

from . import androgeus, monsters
from .battle import combat_of
from .data import GodsWarData
from .odds import androgeus_kill_probability_dice, arachne_vp_distribution

ACTION, SINGLE_COMBAT = "action", "single_combat"
ARACHNE = "Arachne Solara"
NO_VP_VARIANT = "tangled_no_kill_scored"  # GW-AMB-08's other reading: no VP against her


def monster_attack(option: Any, data: GodsWarData) -> tuple[str, str] | None:
    """(monster, area) of an action 'attack <monster> in <area>'; None for any other action."""
    if not isinstance(option, str) or not option.startswith("attack "):
        return None
    target, _, area = option.removeprefix("attack ").partition(" in ")
    if target not in (androgeus.NAME, ARACHNE) or target not in data.cards or not area:
        return None
    return target, area


def attack_option_odds(game: Game, option: Any) -> dict[str, Fraction] | None:
    """The exact result of the battle an option starts: an action attacking a Monster, or a
    Champion for the Single Combat of such an attack (the attack is the answer just given);
    None for any other option or decision."""
    decision, data, state = game.pending, game.ctx.data, game.state
    if decision is None:
        return None
    if decision.kind == ACTION:
        attack, champion = monster_attack(option, data), None
    elif decision.kind == SINGLE_COMBAT and game.decisions and option in decision.options:
        attack, champion = monster_attack(game.decisions[-1], data), option
    else:
        return None
    if attack is None:
        return None
    monster, area = attack
    kinds = [p.kind for p in state.pieces_in(area, decision.player)]
    if not kinds:
        return None
    if monster == androgeus.NAME:
        return androgeus_odds(data, kinds, None if champion in (None, "no") else champion)
    if NO_VP_VARIANT in state.variants:
        return {"+0 VP": Fraction(1)}
    return {f"+{vp} VP": Fraction(p) for vp, p in sorted(
        arachne_vp_distribution(kinds, data, allow_beyond_rules=True).items())}


def androgeus_odds(data: GodsWarData, kinds: list[str], champion: str | None
                   ) -> dict[str, Fraction]:
    """Does Androgeus die in this battle? The dice rolled as the battle rolls them (a Champion's
    first, all within the Superhero cap), the card's kill condition (a hero or greater god
    present)."""
    per = data.get("battle.procedure.dice_per_combat")
    wanted = sum(combat_of(data, k) for k in kinds) * per
    parts = [wanted]
    if champion is not None:
        champ = combat_of(data, champion) * per
        parts = [champ, wanted - champ]
    capped, _ = androgeus.superhero_cap(data, parts, champion is not None)
    hero = any(monsters.is_hero_or_greater_god(data, k) for k in kinds)
    killed = androgeus_kill_probability_dice(sum(capped), hero, data)
    return {"Androgeus killed": killed, "Androgeus survives": 1 - killed}

"""What a fight-odds question may ask: sound counts always, and the game's limits unless a what-if
beyond the rules is asked for (``allow_beyond_rules=True``; the CLI's ``--beyond-rules``).

A fight the game cannot have is refused with a message naming the limit and where it comes from:
more zombies than may share a square, more hearts than the size can hold (armour counted), reserve
beyond a Normal's two, more Survivors beside the fight than there are players, more weapon bonus
than the deck's weapons give, zombies wounded beyond their HP. Even beyond the rules the counts
must be whole numbers, not negative, and small enough for the chain to be solved exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import sizes
from .data import ZData
from .setup import PLAYERS

BEYOND = "allow_beyond_rules=True (CLI: --beyond-rules) asks anyway"
#: The largest counts even a what-if may ask for: the exact chain grows with each of them.
CAPS = {"hearts": 100, "reserve": 100, "zombies": 6, "bullets": 100, "helpers": 4,
        "weapons": 50}


@dataclass(frozen=True)
class Question:
    """One fight asked about (hearts as half hearts, helpers by size)."""

    size: str
    halves: int
    reserve: int
    zombies: int
    zombie_damage: int
    bullets: int
    helpers: tuple[str, ...]
    helper_bullets: int
    carried_bullets: int
    spender_bullets: tuple[int, ...]
    weapons: int
    armour: bool
    reading: str  # ZGC-AMB-01's reading of the starting hearts (sizes.hearts_reading)


def unsound(data: ZData, caps: bool = True, **counts: object) -> list[str]:
    """Counts that are not whole numbers, negative, or (``caps``) too large for any what-if."""
    out = []
    for name, value in counts.items():
        values = value if isinstance(value, (list, tuple)) else [value]
        for v in values:
            if isinstance(v, bool) or not isinstance(v, int):
                out.append(f"{name} must be a whole number, found {v!r}")
            elif v < 0:
                out.append(f"{name} cannot be negative ({v})")
            elif caps and name in CAPS and v > CAPS[name]:
                out.append(f"{name} = {v}: at most {CAPS[name]} even beyond the rules (the exact "
                           "chain would grow too large to solve)")
    return out


def beyond_rules(data: ZData, q: Question) -> list[str]:
    """What in the question the game cannot have, each with the limit it breaks."""
    out = []
    cap = data.rules["combat"]["max_zombies_per_square"]
    if q.zombies > cap:
        out.append(f"{q.zombies} zombies in one fight: at most {cap} zombies can occupy a space "
                   "(rules.combat.max_zombies_per_square)")
    most = max_hearts(data, q.size, q.armour, q.reading)
    if q.halves > 2 * most:
        out.append(f"{q.halves / 2:g} hearts: a {q.size} Survivor holds at most {most}"
                   + (" with the best Body Armour" if q.armour else " (Body Armour not worn)"))
    room = sizes.stats(data, q.size).max_reserve
    if room is not None and q.reserve > room:
        out.append(f"{q.reserve} reserve hearts: a {q.size} Survivor holds at most {room} in "
                   "reserve")
    hp = data.zombie_hp
    if q.zombie_damage > q.zombies * (hp - 1):
        out.append(f"zombie damage {q.zombie_damage}: {q.zombies} zombie(s) of {hp} HP carry at "
                   f"most {q.zombies * (hp - 1)} damage (a zombie that takes {hp} dies)")
    others = len(PLAYERS) - 1
    if len(q.helpers) + q.carried_bullets > others:
        out.append(f"{len(q.helpers)} helper(s) and {q.carried_bullets} carried Survivor(s): "
                   f"there are {len(PLAYERS)} players, so at most {others} other Survivor(s)")
    if q.helper_bullets > len(q.helpers):
        out.append(f"{q.helper_bullets} helpers' bullets: each of the {len(q.helpers)} "
                   "helper(s) may add one")
    if q.helper_bullets + q.carried_bullets + len(q.spender_bullets) > others:
        out.append(f"{q.helper_bullets + q.carried_bullets + len(q.spender_bullets)} other "
                   f"Survivors spending bullets: at most {others} other Survivor(s)")
    stand = sizes.stats(data, q.size).carry_capacity
    if q.carried_bullets > stand:
        out.append(f"{q.carried_bullets} carried Survivor(s): a {q.size}'s stand carries at "
                   f"most {stand}")
    deck = sum(c.amount * c.count for c in data.cards.values() if c.effect == "combat_bonus")
    if q.weapons > deck:
        out.append(f"weapons +{q.weapons}: the deck's weapons give at most +{deck}")
    return out


def max_hearts(data: ZData, size: str, armour: bool, reading: str) -> int:
    """The most health hearts a size can hold: its maximum, plus the best armour's if worn."""
    top = sizes.base_max(data, size, reading)
    if armour:
        table = data.crafting["body_armour"]["extra_hearts"]
        top += table[max(table)][1 if sizes.stats(data, size).is_giant else 0]
    return top


def refuse(problems: Sequence[str], beyond: bool) -> None:
    """Raise a ValueError listing the problems (the limits, with how to ask beyond them)."""
    if problems:
        raise ValueError("fight odds: " + "; ".join(problems) + (f" ({BEYOND})" if beyond
                                                                  else ""))

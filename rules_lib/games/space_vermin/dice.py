"""The dice definitions Space Vermin rolls: one place, read by the procedures and by ``odds.py``.

Every roll of the game is one of these core definitions, so the exact odds tables and the game's
own resolution cannot disagree. The definitions are frozen (immutable and hashable), so each one
is built once and shared: the game rolls the same few again and again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from rules_lib.core.dice import DigitDice, HitDie, HitPool, SumDice


@lru_cache(maxsize=256)
def fire_pool(cf: int, dn: int, convention: str = "exceeds") -> HitPool:
    """CF dice, each scoring a hit when it exceeds the target's DN (§F-2, §J-1; the convention is
    the data's ``tables.hit_convention``)."""
    return HitPool.repeat(HitDie(dn, convention=convention), max(0, cf))


@lru_cache(maxsize=256)
def one_die(modifier: int = 0) -> SumDice:
    """One die plus a modifier (PANTS, Jump Pack, NAT, Landing Zone, Recon ... rolls)."""
    return SumDice(1, modifier=modifier)


@lru_cache(maxsize=256)
def target_roll(target: int, modifier: int = 0) -> HitDie:
    """One die + modifier succeeds at ``target`` or more (Recon 4+, Rally 5+, Request 3+)."""
    return HitDie(target, convention="at_least", modifier=modifier)


@lru_cache(maxsize=256)
def sum_dice(n: int, modifier: int = 0) -> SumDice:
    """``n`` dice summed plus a modifier (the A.N.T. Gun rolls two, §J-3; PANTS one, §J-4: the
    numbers are data)."""
    return SumDice(n, modifier=modifier)


@lru_cache(maxsize=256)
def hex_roll() -> DigitDice:
    """Three dice read in order as a hex number 111-666 (§B-4)."""
    return DigitDice(3)


def band(rows: Sequence[Mapping[str, Any]], value: int) -> str:
    """The result of a banded table ({at_most, result} rows, lowest first); below the first row ->
    it."""
    for row in rows:
        if value <= row["at_most"]:
            return row["result"]
    return rows[-1]["result"]


def damage(rows: Sequence[Mapping[str, Any]], hits: int) -> str:
    """Result of ``hits`` in one roll on a damage table ({hits, result} rows): highest row reached.
    """
    result = "none"
    for row in rows:
        if hits >= row["hits"]:
            result = row["result"]
    return result

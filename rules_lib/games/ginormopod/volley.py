"""The dice one side rolls in a Combat: one :class:`Volley` for the game and for the odds.

"Each piece has one or more die symbols. When the unit attacks, you will roll dice equal to the
number of symbols. Each roll equal to or greater than the indicated die value will score a hit."
(Ginormopod: Overview); a Fresh Tank rolls two dice and scores two Hits on doubles in range
(Ginormopod: Combat). The game rolls a Volley through its dice source and :mod:`.odds`
enumerates the very same object (``combat.volley`` builds it from the unit types and FX).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import NamedTuple

from rules_lib.core.dice import DiceSource, Dist, DoublesHit, HitDie, HitPool


class Fighter(NamedTuple):
    """What a unit brings to the dice: its type, whether Reduced, whether a revealed armed Guard."""

    type: str
    reduced: bool = False
    armed: bool = True


@dataclass(frozen=True)
class Volley:
    """All dice one side rolls in a Combat: die symbols (HitPool), Fresh Tanks (DoublesHit each),
    and hits scored without dice (FX)."""

    pool: HitPool = field(default_factory=lambda: HitPool(()))
    doubles: tuple[DoublesHit, ...] = ()
    auto_hits: int = 0

    def dist(self) -> Dist:
        """Exact distribution of hits scored."""
        return volley_dist(self)

    @functools.cached_property
    def _pool_scoring(self) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
        """(sides, each pool die's hits by face, read off HitDie.hits) when the pool's dice all
        have the same number of sides, as HitPool.roll then rolls them (one roll_many); None for
        an empty or mixed pool. Worked out once per Volley: volleys are shared per set of fighters
        (see combat.volley) and rolled every battle."""
        dice = self.pool.dice
        if not dice or any(d.sides != dice[0].sides for d in dice):
            return None
        sides = dice[0].sides
        return sides, tuple((0, *[1 if d.hits(f) else 0 for f in range(1, sides + 1)])
                            for d in dice)

    def roll(self, source: DiceSource, purpose: str) -> tuple[int, tuple[int, ...]]:
        """Roll every die through the source: (hits, faces in rolling order)."""
        hits, faces = self.auto_hits, ()
        scoring = self._pool_scoring
        if scoring is not None:  # the pool's roll (one roll_many), scored by lookup
            sides, by_face = scoring
            faces = tuple(source.roll_many(len(by_face), sides, purpose))
            if 1 <= min(faces) and max(faces) <= sides:
                for face, scores in zip(faces, by_face):
                    hits += scores[face]
            else:  # a face off the die (a hand-made forced roll): the pool's own scoring
                hits += self.pool.evaluate(faces)
        elif self.pool.dice:
            r = self.pool.roll(source, purpose)
            hits += r.value
            faces += r.faces
        for d in self.doubles:
            r = d.roll(source, f"{purpose} (Fresh Tank)")
            hits += r.value
            faces += r.faces
        return hits, faces


@functools.lru_cache(maxsize=4096)
def volley_dist(v: Volley) -> Dist:
    """The exact distribution of a Volley's hits (kept per Volley: odds tables ask again)."""
    d = v.pool.dist()
    for dbl in v.doubles:
        d = d + dbl.dist()
    return d + v.auto_hits if v.auto_hits else d


@functools.cache
def hit_die(threshold: int) -> HitDie:
    """One shared (frozen, equal-by-value) HitDie per threshold: volleys are built every battle."""
    return HitDie(threshold)


@functools.cache
def doubles_hit(threshold: int) -> DoublesHit:
    """One shared DoublesHit per threshold (see hit_die)."""
    return DoublesHit(threshold)

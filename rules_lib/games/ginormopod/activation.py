"""An Activation: one Formation's turn to move and fight, and what the rules remember of its start.

"Activated units move, then all Combats are resolved" (Ginormopod: Flow of Play). Retreat asks
which Cities were enemy when the Activation began (GIN-RETR-05/06/08), so the occupancy and the
standing Forts are kept as they were.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .state import GinState


@dataclass
class Activation:
    """One Formation's Activation: who acts, enemy Cities at its start, battles still to fight."""

    side: str
    formations: tuple[str, ...]
    # City -> [Swarm, Human, unrevealed] at the start: a shallow copy of the occupancy, whose rows
    # are replaced, never changed in place (see movement._count_move)
    start_occ: dict[str, list[int]]
    start_forts: frozenset[str]  # undestroyed Forts at the start
    pending: list[str] = field(default_factory=list)
    fort_orders: dict[str, str] = field(default_factory=dict)
    extra_movers: list[str] = field(default_factory=list)

    @classmethod
    def begin(cls, state: GinState, side: str, formation: str,
              occ: dict[str, list[int]] | None = None) -> Activation:
        """Snapshot the table as the Activation starts."""
        occ = state.occupancy() if occ is None else occ
        return cls(side, (formation,), dict(occ),
                   frozenset([c for c, f in state.forts.items() if not f.destroyed]))

    def was_enemy(self, city: str, side: str) -> bool:
        """Was the City enemy to the side when this Activation began (GIN-RETR-05/06/08)?"""
        if side == "Swarm" and city in self.start_forts:
            return True
        row = self.start_occ.get(city)
        me, foe = (0, 1) if side == "Swarm" else (1, 0)
        return bool(row and row[foe] and not row[me])

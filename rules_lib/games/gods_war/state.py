"""The Gods War (Cosmic Monsters) game state: plain data that round-trips through JSON."""
from __future__ import annotations

from dataclasses import dataclass, field

from rules_lib.core.engine import GameState


@dataclass
class EmpireState:
    """One empire's sheet: power, VP, runes held, units left in its pool, web token on the sheet."""

    power: int = 0
    vp: int = 0
    runes: int = 0
    pool: dict[str, int] = field(default_factory=dict)
    web_token_on_sheet: bool = False  # Empowering the Web used (once per game)
    hell_permission: bool = False


@dataclass
class Piece:
    """A unit, hero or greater god of an empire on the map."""

    kind: str
    empire: str
    area: str


@dataclass
class MonsterState:
    """Where a monster is: status 'waiting' (not yet placed), 'in play' or 'removed' (killed)."""

    area: str | None = None
    status: str = "waiting"
    controller: str | None = None  # GW-AMB-10: control comes from Loyalty cards (not modelled)


@dataclass
class GWState(GameState):
    """Everything on the table; see data/*.yaml for what the names mean."""

    empires: dict[str, EmpireState] = field(default_factory=dict)
    player_order: list[str] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    buildings: dict[str, list[str]] = field(default_factory=dict)  # area -> empires with a building
    monsters: dict[str, MonsterState] = field(default_factory=dict)
    web_pool: int = 0  # set at set-up from monsters.components.web_tokens (II. Components: 12)
    web_tokens: list[str] = field(default_factory=list)  # areas holding a web token
    great_compromise: bool = False
    spike_exploded: bool = False
    spawn_areas: list[str] = field(default_factory=list)
    stats: dict[str, int] = field(default_factory=dict)
    proposals: dict[str, list[str]] = field(default_factory=dict)  # Monsters each player wants
    end_reason: str = ""

    # -- small queries used everywhere ---------------------------------------------------------
    def pieces_in(self, area: str, empire: str | None = None) -> list[Piece]:
        """The empire pieces in an area (of one empire if given)."""
        return [p for p in self.pieces
                if p.area == area and (empire is None or p.empire == empire)]

    def empires_in(self, area: str) -> list[str]:
        """Empires with units in an area, in player order."""
        present = {p.empire for p in self.pieces if p.area == area}
        return [e for e in self.player_order if e in present]

    def monster_area(self, name: str) -> str | None:
        """The area of a monster in play, else None."""
        m = self.monsters.get(name)
        return m.area if m is not None and m.status == "in play" else None

    def monsters_in(self, area: str) -> list[str]:
        """Monsters in play in an area."""
        return [n for n, m in self.monsters.items() if m.status == "in play" and m.area == area]

    def buildings_of(self, empire: str) -> list[str]:
        """Areas where the empire has a building."""
        return [a for a, owners in self.buildings.items() if empire in owners]

    def bump(self, stat: str, by: int = 1) -> None:
        """Add to a running statistic."""
        self.stats[stat] = self.stats.get(stat, 0) + by


def remove_piece(state: GWState, area: str, empire: str, kind: str) -> None:
    """Take one piece off the map back to its owner's pool."""
    for i, p in enumerate(state.pieces):
        if p.area == area and p.empire == empire and p.kind == kind:
            del state.pieces[i]
            pool = state.empires[empire].pool
            pool[kind] = pool.get(kind, 0) + 1
            return
    raise ValueError(f"no {kind} of {empire} in {area}")


def move_piece(state: GWState, area: str, empire: str, kind: str, dest: str) -> None:
    """Move one piece between areas."""
    for p in state.pieces:
        if p.area == area and p.empire == empire and p.kind == kind:
            p.area = dest
            return
    raise ValueError(f"no {kind} of {empire} in {area}")

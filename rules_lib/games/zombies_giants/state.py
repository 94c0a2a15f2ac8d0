"""The Giants-Club game state: survivors, tiles, piles, zombies, tokens, cards."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import GameState
from rules_lib.core.state_kinds import refuse_wrong_kinds


def key(sq: tuple[int, int] | list[int]) -> str:
    """A square as a JSON-safe text key: (4, 7) -> '4,7'."""
    return f"{sq[0]},{sq[1]}"


def unkey(text: str) -> tuple[int, int]:
    """'4,7' -> (4, 7)."""
    x, y = text.split(",")
    return int(x), int(y)


@dataclass
class SizeRay:
    """The crafted Size-Ray: parts found, charges left."""

    parts: int = 2
    charges: int = 2


@dataclass
class PotionKit:
    """The crafted Potion Kit: parts found (sets the recipe)."""

    parts: int = 2


@dataclass
class Armour:
    """A suit of Body Armour: parts (sets extra hearts) and the size it is made for."""

    parts: int = 2
    size: str = "Normal"


@dataclass
class Weapon:
    """A weapon card in play: its name and uses left (None = no durability limit)."""

    name: str
    uses: int | None = None
    size: str | None = None  # resized with a Size-Ray for this size (None: as printed)


@dataclass
class Survivor:
    """One player's figure and counters. Health is counted in half hearts (a flipped counter)."""

    name: str
    size: str
    start_size: str = ""
    loc: list[int] | None = None  # anchor square (west square of a Huge figure); None if carried
    halves: int = 6
    base_max: int = 3  # max health hearts for the size, armour not counted
    reserve: int = 0
    bullets: int = 0
    status: str = "active"  # active | escaped | dead | survived
    kills: int = 0
    carried_by: str | None = None
    carrying: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    parts: dict[str, int] = field(
        default_factory=lambda: {"size_ray": 0, "potion_kit": 0, "body_armour": 0}
    )
    size_ray: SizeRay | None = None
    potion_kit: PotionKit | None = None
    potions: list[str] = field(default_factory=list)
    armour: Armour | None = None
    weapons: list[Weapon] = field(default_factory=list)
    resized_cards: dict[str, str] = field(default_factory=dict)  # hand card -> size rayed to
    permanent_move_bonus: int = 0
    turns_survived: int = 0
    stranded_kills: int = 0  # kills made with no shrinking item left (ZGC-AMB-17 variant)

    @property
    def hearts(self) -> int:
        """Heart counters in front of the Survivor (a flipped half counter still counts)."""
        return (self.halves + 1) // 2

    @property
    def in_play(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class PlacedTile:
    """A tile on the table: which one, its slot, quarter turns clockwise, floor (Mall Rules).

    A placed tile never changes (frozen; its slot is never changed in place either): a town is
    the placed tiles, and the map built from them is reused while they are the same objects."""

    name: str
    slot: list[int]
    rotation: int = 0
    floor: int = 1


@dataclass
class Zombie:
    """A zombie figure; damage taken this turn (it recovers at the end of the turn)."""

    id: int
    loc: list[int]
    damage: int = 0


@dataclass
class ZState(GameState):
    """Everything on the table."""

    survivors: list[Survivor] = field(default_factory=list)
    tiles: list[PlacedTile] = field(default_factory=list)
    piles: dict[str, list[str]] = field(default_factory=lambda: {"town": [], "mall": []})
    set_aside: list[str] = field(default_factory=list)
    zombies: list[Zombie] = field(default_factory=list)
    next_zombie: int = 1
    zombie_pool: int = 0
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)  # square -> hearts/bullets
    deck: list[str] = field(default_factory=list)  # top = index 0
    discard: list[str] = field(default_factory=list)
    revealed: str | None = None  # positive card waiting on top of the deck (Step 2)
    table_edge: list[str] = field(default_factory=list)  # cards laid at the table's edge
    event_round: int = 0  # the last round an Event card was drawn (ZGC-AMB-11 variant)
    demolished: list[str] = field(default_factory=list)
    looted: list[str] = field(default_factory=list)  # stores whose parts were taken
    crafted: dict[str, int] = field(
        default_factory=lambda: {"size_ray": 0, "potion_kit": 0, "body_armour": 0}
    )
    active: int = 0
    move_bonus: int = 0  # this turn's movement change from cards
    move_divisor: int = 1  # this turn's movement divided by a card (1: not divided)
    hand_freed: bool = False  # a card left the active player's hand this turn (Step 2 / Step 5)
    passing: str | None = None  # a Survivor passing through a full square mid-move (ZGC-NORM-01)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> ZState:
        """A state from its JSON data, the kinds of its values checked first: a number where a
        number belongs (not "3" nor 3.5 nor true), a list where a list belongs, no unknown field
        (a misspelt one would be silently ignored). Every problem is named by its field."""
        refuse_wrong_kinds(cls, data)
        return super().from_data(data)

    # -- lookups ------------------------------------------------------------------------------
    def survivor(self, name: str) -> Survivor:
        """The Survivor with this player name (error names it)."""
        for s in self.survivors:
            if s.name == name:
                return s
        raise KeyError(f"no survivor {name!r}; survivors: {[s.name for s in self.survivors]}")

    def zombies_at(self, sq: tuple[int, int]) -> list[Zombie]:
        return [z for z in self.zombies if tuple(z.loc) == tuple(sq)]

    def tile_named(self, name: str) -> PlacedTile | None:
        for t in self.tiles:
            if t.name == name:
                return t
        return None

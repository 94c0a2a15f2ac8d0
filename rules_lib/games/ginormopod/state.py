"""The Ginormopod game state: units and where they are, Forts, chits, Danger (plain data)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import GameState
from rules_lib.core.state_kinds import refuse_wrong_kinds

POOLS = ("map", "track", "returning", "eliminated", "unplaced")


@dataclass(slots=True)
class Unit:
    """One counter. `pool` says where it is: on the map (at `loc`), on the Time Tracker (at
    `track_turn`), handed back for Fade In, eliminated (out of the game) or not yet placed."""

    id: str
    type: str
    side: str
    formation: str
    pool: str = "map"
    loc: str = ""
    track_turn: int = 0
    reduced: bool = False
    revealed: bool = True  # Guards start unrevealed (diceless side up)
    armed: bool = True  # a Guard whose revealed side shows a die symbol
    came_from: str = ""  # City it moved into battle from, this Activation
    advanced: bool = False  # made its Overrun advance this turn
    halted: bool = False  # entered an enemy City: no more movement this turn
    no_combat: bool = False  # retreated into a contested City this Activation
    sortie_from: str = ""  # the Fort it sortied from, this Activation

    @property
    def on_map(self) -> bool:
        return self.pool == "map"


@dataclass(slots=True)
class Fort:
    """A Fort's strength track and Destroyed marker."""

    city: str
    strength: int
    max_strength: int
    formation: str
    destroyed: bool = False


@dataclass
class GinState(GameState):
    """Everything on the table, as plain data."""

    units: list[Unit] = field(default_factory=list)
    forts: dict[str, Fort] = field(default_factory=dict)
    cup: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)  # chits drawn this turn (out of the cup)
    end_track: int = 0  # ...The End??? chits on the Turn End Track
    turn_chits: dict[str, list[str]] = field(default_factory=dict)  # turn -> chits waiting there
    removed_chits: list[str] = field(default_factory=list)
    fx_hand: dict[str, list[str]] = field(default_factory=lambda: {"Swarm": [], "Human": []})
    fx_used: list[str] = field(default_factory=list)  # FX used this Game Turn
    held: dict[str, str] = field(default_factory=lambda: {"Swarm": "", "Human": ""})
    activated: list[str] = field(default_factory=list)  # Formations activated this turn
    allied: str = ""  # the nation that came to the rescue
    allied_arriving: str = ""  # drawn this turn; arrives in this turn's Fade Out
    danger: int = 0  # space of the Danger marker
    danger_side: str = ""  # whose FX is face-up on the Danger marker
    danger_users: list[str] = field(default_factory=list)  # sides that used a Danger FX
    end_reason: str = ""
    stats: dict[str, int] = field(default_factory=lambda: {"battles": 0, "overruns": 0,
                                                          "activations": 0})

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GinState:
        """A state from its JSON data, the kinds of its values checked first: a number where a
        number belongs (not "3" nor 3.5 nor true), a list where a list belongs, no unknown field
        (a misspelt one would be silently ignored). Every problem is named by its field."""
        refuse_wrong_kinds(cls, data)
        return super().from_data(data)

    # -- queries -------------------------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        """The unit with this id; the error names it."""
        for u in self.units:
            if u.id == uid:
                return u
        raise KeyError(f"no unit {uid!r}")

    def at(self, city: str, side: str | None = None) -> list[Unit]:
        """Units on the map in a City (of one side, if given)."""
        if side is None:
            return [u for u in self.units if u.loc == city and u.pool == "map"]
        return [u for u in self.units if u.loc == city and u.side == side and u.pool == "map"]

    def fort_boxes(self, city: str) -> int:
        """Strength boxes of an undestroyed Fort in the City (0 if none)."""
        f = self.forts.get(city)
        return f.strength if f is not None and not f.destroyed else 0

    def stack(self, city: str, side: str) -> int:
        """Units of a side in a City for stacking: Fort boxes count as Human units."""
        n = 0
        for u in self.units:
            if u.loc == city and u.side == side and u.pool == "map":
                n += 1
        return n + (self.fort_boxes(city) if side == "Human" else 0)

    def occupancy(self) -> dict[str, list[int]]:
        """One pass over the counters: City -> [Swarm units, Human units, unrevealed Guards]."""
        occ: dict[str, list[int]] = {}
        get = occ.get
        for u in self.units:
            if u.pool == "map":
                loc = u.loc
                row = get(loc)
                if row is None:
                    row = occ[loc] = [0, 0, 0]
                if u.side == "Swarm":
                    row[0] += 1
                else:
                    row[1] += 1
                    if not u.revealed:
                        row[2] += 1
        return occ

    def fort_intact(self, city: str) -> bool:
        f = self.forts.get(city)
        return f is not None and not f.destroyed


def other(side: str) -> str:
    """The opposing side."""
    return "Human" if side == "Swarm" else "Swarm"

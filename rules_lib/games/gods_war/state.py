"""The Gods War (Cosmic Monsters) game state: plain data that round-trips through JSON.

A saved state is read strictly: every value must already have the JSON type its field declares
(``shape_problems``); the generic reading would turn the text "3" into 3, "no" into True and 2.5
into 2 without a word, and drop a misspelt field.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from rules_lib.core.engine import GameState, StateError
from rules_lib.core.words import a_or_an


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


def a_unit(kind: str) -> str:
    """The unit's name with its article for the log: 'a Storm Warrior', 'an Earth Goddess'."""
    return a_or_an(kind)


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

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GWState:
        """Rebuild a state from plain data, refusing any value not of its field's JSON type."""
        problems = shape_problems(data, cls, "state")
        if problems:
            raise StateError("GWState: " + "; ".join(problems))
        return super().from_data(data)


_KINDS = {str: "a text", int: "a whole number", bool: "true or false", float: "a number",
          type(None): "null"}


def shape_problems(value: Any, hint: Any, where: str) -> list[str]:
    """How plain data differs from the type a state field declares (a dataclass, list[...],
    dict[str, ...], a union with None, str, int, bool, float), each naming the field."""
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            return [f"{where} must be an object of {hint.__name__} fields, found {value!r}"]
        hints = typing.get_type_hints(hint)
        out = [f"{where} has no field {key!r}; fields: {', '.join(hints)}"
               for key in value if key not in hints]
        for key, item in value.items():
            if key in hints:
                out += shape_problems(item, hints[key], f"{where}.{key}")
        return out
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if any(not shape_problems(value, arg, where) for arg in args):
            return []
        return [f"{where} must be {' or '.join(_describe(a) for a in args)}, found {value!r}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where} must be a list, found {value!r}"]
        return [p for i, item in enumerate(value) for p in shape_problems(item, args[0],
                                                                          f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where} must be an object, found {value!r}"]
        out = [f"{where} has a key {key!r} that is not a text" for key in value
               if not isinstance(key, str)]
        return out + [p for key, item in value.items()
                      for p in shape_problems(item, args[1], f"{where}[{key!r}]")]
    if _fits(value, hint):
        return []
    return [f"{where} must be {_describe(hint)}, found {value!r}"]


def _fits(value: Any, hint: Any) -> bool:
    """A JSON scalar of exactly this type (a yes/no is not a number, a number not a yes/no)."""
    if hint is bool or isinstance(value, bool):
        return hint is bool and isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float))
    return isinstance(value, hint)


def _describe(hint: Any) -> str:
    return _KINDS.get(hint, getattr(hint, "__name__", str(hint)))


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

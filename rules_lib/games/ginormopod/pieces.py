"""The pieces: unit types, Activation Chits, FX chits, and the counter mix of the whole game.

"Let's look at the pieces. Most of them represent combat units ... Units also have a Formation
printed on their counter, which corresponds to an Activation Chit ... Each side also has several
Special Effects [FX]." (Ginormopod: Overview). The typed records the data files are read into,
and :func:`counter_mix`, every counter of the game with the id the log calls it by.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple


@dataclass(frozen=True)
class UnitType:
    """A counter type: side, MP and the die-symbol pips of each side of the counter (read from the
    data when the rules first use them: see the note in data.py)."""

    name: str
    side: str
    fresh_doubles: bool = False
    no_reduced_side: bool = False
    node: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def mp(self) -> int:
        return int(self.node["mp"])

    @cached_property
    def fresh(self) -> tuple[int, ...]:
        return tuple(self.node["fresh"])

    @cached_property
    def reduced(self) -> tuple[int, ...]:
        return tuple(self.node["reduced"])

    @cached_property
    def revealed_armed(self) -> tuple[int, ...]:
        return tuple(self.node.get("revealed_armed", ()))


@dataclass(frozen=True)
class FXInfo:
    """An FX chit: owner, when it enters the cup, whether it endangers the planet, its effect
    (the data's mapping, read key by key as Combats use it)."""

    name: str
    side: str
    start: str
    danger: bool
    effect: Any
    formation: str | None = None


@dataclass(frozen=True)
class ActivationChit:
    """An Activation Chit: which side's Formation it activates and where it starts."""

    name: str
    side: str
    formation: str
    start: str


END_CHIT = "...The End???"  # the name of the ...The End??? chits (numbered in the cup)


class Counter(NamedTuple):
    """One counter of the game as it comes out of the box: its id, type, side and Formation, and
    (for a National Guard) whether its hidden side shows a die symbol."""

    id: str
    type: str
    side: str
    formation: str
    revealed: bool = True
    armed: bool = True


def abbreviation(formation: str) -> str:
    """'Canadian Kingdom' -> 'CK', 'X' -> 'X': short Formation tags for unit ids."""
    words = formation.split()
    return formation if len(words) == 1 and len(formation) <= 2 else "".join(w[0] for w in words)


def counter_mix(hives: Mapping[str, str], hive_units: Mapping[str, int],
                human_setup: Iterable[Mapping[str, Any]],
                allied_units: Mapping[str, Iterable[Mapping[str, Any]]],
                guards_armed: int, guards_blank: int) -> tuple[Counter, ...]:
    """Every counter of the game: the Swarm units of each Hive, the Human set-up, the Allied
    Formations and the National Guard (the armed ones first); ids count per type and Formation
    ('Ant X1', 'Tank CK1', 'Guard 7')."""
    out: list[Counter] = []
    counted: dict[str, int] = {}

    def add(kind: str, side: str, formation: str) -> None:
        key = f"{kind} {abbreviation(formation)}"
        counted[key] = counted.get(key, 0) + 1
        out.append(Counter(f"{key}{counted[key]}", kind, side, formation))

    for formation in hives.values():
        for kind, n in hive_units.items():
            for _ in range(n):
                add(kind, "Swarm", formation)
    for row in human_setup:
        for _ in range(int(row.get("count", 1))):
            add(row["type"], "Human", row["formation"])
    for nation, rows in allied_units.items():
        for row in rows:
            for _ in range(int(row.get("count", 1))):
                add(row["type"], "Human", nation)
    for i in range(guards_armed + guards_blank):
        out.append(Counter(f"Guard {i + 1}", "Guard", "Human", "Guard", revealed=False,
                           armed=i < guards_armed))
    return tuple(out)

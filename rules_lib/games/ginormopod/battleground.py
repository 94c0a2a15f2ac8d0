"""Battleground: the Cities, the Forts among them and the road network joining them.

"It is made up of named Cities which are connected by road segments. Cities which share a road
are adjacent. Units move from City to City, with each move costing a Movement Point."
(Ginormopod: Battleground). :class:`RoadMap` answers the questions movement, Retreat and the
heuristic ask of the roads, built once per map: adjacency, road distances, and the search of the
Cities a unit can reach with its MP.
"""
from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

Road = tuple[str, str]


@dataclass(frozen=True)
class City:
    """A City on the map: its Fence zone, the Swarm Formation of its Hive if it is one, and its
    drawing position (read from the data when first drawn: see the note in data.py)."""

    name: str
    zone: str
    hive: str | None = None
    node: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def x(self) -> float:
        return float(self.node["x"])

    @cached_property
    def y(self) -> float:
        return float(self.node["y"])


@dataclass(frozen=True)
class FortInfo:
    """A Fort's printed facts: Formation, Fusion Fence membership, starting strength."""

    city: str
    formation: str
    fence: bool
    node: Any = field(default=None, repr=False, compare=False)

    @cached_property
    def strength(self) -> int:
        return int(self.node["strength"])


class MoveOptions(NamedTuple):
    """Where a unit may end its move: each reached City's predecessor on its path ('' for the
    start), the destinations by (MP, name), and their MP costs."""

    parent: dict[str, str]
    destinations: list[str]
    costs: dict[str, int]


MOVE_OPTIONS_KEPT = 4096  # searches kept per map: a long sweep cannot grow the table without limit


class RoadMap:
    """The road network of one map, with the lookups the rules make of it again and again.

    Sets of Cities are also kept as bitmasks (each City one bit, in the map's order): a set as an
    int is cheap to intersect and to use in a key. Built once per map (a field of the game data);
    the tables it fills as it is asked are its own typed members.
    """

    def __init__(self, cities: Iterable[str], roads: Iterable[Road]) -> None:
        names = list(cities)
        adjacency: dict[str, list[str]] = {name: [] for name in names}
        for a, b in roads:
            adjacency[a].append(b)
            adjacency[b].append(a)
        self.adjacency: dict[str, tuple[str, ...]] = {c: tuple(nbs) for c, nbs in adjacency.items()}
        self.bits: dict[str, int] = {c: 1 << i for i, c in enumerate(names)}
        # roads the Fusion Fence closes to the Swarm, per set of destroyed Fence Forts (filled by
        # movement.fence_closed, which applies the Fence rule)
        self.fence_closed: dict[frozenset[str], frozenset[Road]] = {}
        self._open_roads: dict[frozenset[Road], dict[str, tuple[str, ...]]] = {}
        self._scopes: dict[tuple[str, int], tuple[int, int]] = {}
        self._move_options: dict[tuple[str, int, frozenset[Road], int, int], MoveOptions] = {}
        self._nearness: dict[tuple[str, ...], dict[str, int]] = {}

    # -- sets of Cities as bitmasks ----------------------------------------------------------------
    def cities_in(self, mask: int) -> frozenset[str]:
        """The Cities whose bits are set in a mask."""
        return frozenset([c for c, bit in self.bits.items() if mask & bit])

    def within(self, start: str, radius: int) -> int:
        """Bitmask of the Cities within `radius` roads of the start, the start itself excluded
        (closed roads ignored: they only make Cities farther)."""
        bits = self.bits
        seen = {start}
        frontier = [start]
        mask = 0
        for _ in range(radius):
            nxt = []
            for c in frontier:
                for nb in self.adjacency[c]:
                    if nb not in seen:
                        seen.add(nb)
                        nxt.append(nb)
                        mask |= bits[nb]
            frontier = nxt
        return mask

    def search_scope(self, start: str, mp: int) -> tuple[int, int]:
        """The Cities a search of `mp` roads may leave (within mp - 1 roads) and may end in
        (within mp roads), as bitmasks; kept per (start, MP)."""
        scope = self._scopes.get((start, mp))
        if scope is None:
            scope = self._scopes[(start, mp)] = (self.within(start, mp - 1),
                                                 self.within(start, mp))
        return scope

    # -- the roads a search may use ------------------------------------------------------------
    def open_roads(self, closed: frozenset[Road]) -> dict[str, tuple[str, ...]]:
        """The adjacency without the closed roads (in the map's road order), kept per closed set."""
        roads = self._open_roads.get(closed)
        if roads is None:
            roads = self._open_roads[closed] = {
                c: tuple(nb for nb in nbs if (c, nb) not in closed)
                for c, nbs in self.adjacency.items()}
        return roads

    def search(self, start: str, budget: int, stops: AbstractSet[str], full: AbstractSet[str],
               closed: AbstractSet[Road]) -> tuple[dict[str, int], dict[str, str]]:
        """Breadth-first from the start, every road 1 MP: {end City: MP spent} (start first, then
        in order of discovery) and each reached City's predecessor ('' for the start).

        A City in `stops` is entered but not left (the start excepted); a City in `full` may be
        passed through but not ended in; `closed` roads are not used."""
        cost_of = {start: 0}
        parent = {start: ""}
        frontier = [start]
        cost = 0
        roads = self.open_roads(frozenset(closed))
        while frontier and cost < budget:
            cost += 1
            nxt_frontier = []
            for loc in frontier:
                if loc != start and loc in stops:
                    continue
                for nb in roads[loc]:
                    if nb in cost_of:
                        continue
                    cost_of[nb] = cost
                    parent[nb] = loc
                    nxt_frontier.append(nb)
            frontier = nxt_frontier
        return {c: n for c, n in cost_of.items() if c == start or c not in full}, parent

    def move_options(self, start: str, mp: int, stops: int, full: int,
                     closed: frozenset[Road]) -> MoveOptions:
        """The search from a mover's City, with its destinations ranked by (MP, name).

        `stops` and `full` are bitmasks. The search asks whether a City stops movement only for
        Cities it may leave and whether a City is full only for Cities it may end in (see
        search_scope), so the answer is kept per (start, MP, closed roads, those bits)."""
        leave, end = self.search_scope(start, mp)
        key = (start, mp, closed, stops & leave, full & end)
        table = self._move_options
        entry = table.get(key)
        if entry is None:
            reach, parent = self.search(start, mp, self.cities_in(key[3]), self.cities_in(key[4]),
                                        closed)
            ranked = sorted([(n, c) for c, n in reach.items() if c != start])
            if len(table) >= MOVE_OPTIONS_KEPT:
                table.clear()
            entry = table[key] = MoveOptions(parent, [c for _, c in ranked],
                                             {c: n for n, c in ranked})
        return entry

    # -- distances ---------------------------------------------------------------------------------
    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """All-pairs road distances (breadth-first from every City)."""
        out: dict[str, dict[str, int]] = {}
        for src in self.adjacency:
            d = {src: 0}
            frontier = [src]
            while frontier:
                nxt = []
                for c in frontier:
                    for nb in self.adjacency[c]:
                        if nb not in d:
                            d[nb] = d[c] + 1
                            nxt.append(nb)
                frontier = nxt
            out[src] = d
        return out

    def nearness(self, targets: Iterable[str], unreachable: int = 99) -> dict[str, int]:
        """City -> road distance to the nearest target (`unreachable` where none can be reached),
        kept per list of targets."""
        key = tuple(targets)
        near = self._nearness.get(key)
        if near is None:
            dist = self.distances
            near = self._nearness[key] = {
                c: min((dist[c].get(t, unreachable) for t in key), default=unreachable)
                for c in self.adjacency}
        return near


def path_to(parent: dict[str, str], city: str) -> tuple[str, ...]:
    """The path from a search's start to a reached City (start included)."""
    path = [city]
    while parent[city]:
        city = parent[city]
        path.append(city)
    return tuple(reversed(path))

"""Point-to-point boards: cities joined by roads, areas joined by borders, over a networkx graph.

Node and edge attributes carry the map data (terrain, road type, the printed name); ``x`` and ``y``
node attributes are the drawing coordinates (x east, y north).

>>> board = GraphBoard.from_data(
...     {"Ash": {"x": 0, "y": 0}, "Birch": {"x": 1, "y": 0}, "Cedar": {"x": 2, "y": 1}},
...     [("Ash", "Birch", {"road": True}), ("Birch", "Cedar")],
...     name="demo",
... )
>>> board.distance("Ash", "Cedar")
2
>>> board.edge_attr("Ash", "Birch", "road", False)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

import networkx as nx

from .base import Loc, UnknownLocation, Unreachable


class GraphBoard:
    """A board whose locations are the nodes of a networkx graph and whose steps are its edges."""

    __slots__ = ("graph", "name")

    def __init__(self, graph: nx.Graph, name: str = "graph") -> None:
        self.graph = graph
        self.name = name

    @classmethod
    def from_data(
        cls,
        nodes: Mapping[Loc, Mapping[str, Any]],
        edges: Iterable[Sequence[Any]],
        name: str = "graph",
    ) -> GraphBoard:
        """Build a board from plain data: ``{node: attrs}``, edges ``(a, b)`` or ``(a, b, attrs)``."""
        graph = nx.Graph()
        for node, attrs in nodes.items():
            graph.add_node(node, **dict(attrs))
        for edge in edges:
            a, b, *rest = edge
            for end in (a, b):
                if end not in graph:
                    raise UnknownLocation(end, name)
            graph.add_edge(a, b, **(dict(rest[0]) if rest else {}))
        return cls(graph, name)

    def _check(self, loc: Loc) -> None:
        """Raise UnknownLocation unless ``loc`` is a node of the board."""
        if loc not in self.graph:
            raise UnknownLocation(loc, self.name)

    def locations(self) -> list[Loc]:
        """Every node, in the graph's insertion order."""
        return list(self.graph.nodes)

    def neighbors(self, loc: Loc) -> Iterator[Loc]:
        """Nodes joined to ``loc`` by an edge, in insertion order."""
        self._check(loc)
        return iter(self.graph.adj[loc])

    def xy(self, loc: Loc) -> tuple[float, float]:
        """Drawing coordinates from the node's ``x`` and ``y`` attributes."""
        self._check(loc)
        attrs = self.graph.nodes[loc]
        if "x" not in attrs or "y" not in attrs:
            raise ValueError(f"location {loc!r} on board {self.name!r} has no x/y attributes")
        return float(attrs["x"]), float(attrs["y"])

    def distance(self, a: Loc, b: Loc) -> int:
        """Number of edges on a shortest path; raises Unreachable if there is none."""
        self._check(a)
        self._check(b)
        try:
            return nx.shortest_path_length(self.graph, a, b)
        except nx.NetworkXNoPath:
            raise Unreachable(a, b, self.name) from None

    def label(self, loc: Loc) -> str:
        """The node's ``label`` attribute, else its name."""
        self._check(loc)
        return str(self.graph.nodes[loc].get("label", loc))

    def outline(self, loc: Loc) -> list[tuple[float, float]]:
        """Graph locations are drawn as points: no polygon."""
        self._check(loc)
        return []

    def node_attr(self, loc: Loc, key: str, default: Any = None) -> Any:
        """One attribute of a location (terrain, owner, printed value), or ``default``."""
        self._check(loc)
        return self.graph.nodes[loc].get(key, default)

    def edge_attr(self, a: Loc, b: Loc, key: str, default: Any = None) -> Any:
        """One attribute of the connection a-b (road, river, border type), or ``default``."""
        self._check(a)
        self._check(b)
        if not self.graph.has_edge(a, b):
            raise KeyError(f"{a!r} and {b!r} are not adjacent on board {self.name!r}")
        return self.graph.edges[a, b].get(key, default)

    def __contains__(self, loc: object) -> bool:
        return loc in self.graph  # networkx answers False for an unhashable value

    def __len__(self) -> int:
        return self.graph.number_of_nodes()

    def __repr__(self) -> str:
        g = self.graph
        nodes, edges = g.number_of_nodes(), g.number_of_edges()
        return f"GraphBoard({self.name!r}, {nodes} locations, {edges} edges)"

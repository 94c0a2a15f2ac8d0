"""GraphBoard: cities and roads, areas and borders, over networkx."""

from __future__ import annotations

import networkx as nx
import pytest

from rules_lib.core.boards import Board, GraphBoard, UnknownLocation, Unreachable


@pytest.fixture
def cities() -> GraphBoard:
    return GraphBoard.from_data(
        {
            "Ash": {"x": 0, "y": 0, "terrain": "plain"},
            "Birch": {"x": 1, "y": 0, "label": "Birchford"},
            "Cedar": {"x": 2, "y": 1},
            "Island": {"x": 5, "y": 5},
        },
        [("Ash", "Birch", {"road": True}), ("Birch", "Cedar")],
        name="realm",
    )


def test_graph_board_satisfies_board_protocol(cities: GraphBoard) -> None:
    assert isinstance(cities, Board)
    assert isinstance(cities.graph, nx.Graph)


def test_locations_in_data_order(cities: GraphBoard) -> None:
    assert cities.locations() == ["Ash", "Birch", "Cedar", "Island"]


def test_neighbors_follow_edges(cities: GraphBoard) -> None:
    assert list(cities.neighbors("Birch")) == ["Ash", "Cedar"]
    assert list(cities.neighbors("Island")) == []


def test_distance_is_hop_count(cities: GraphBoard) -> None:
    assert cities.distance("Ash", "Cedar") == 2
    assert cities.distance("Ash", "Ash") == 0


def test_unreachable_names_both_ends(cities: GraphBoard) -> None:
    with pytest.raises(Unreachable, match=r"'Ash'.*'Island'.*'realm'"):
        cities.distance("Ash", "Island")


def test_unknown_location_names_it_and_the_board(cities: GraphBoard) -> None:
    with pytest.raises(UnknownLocation, match=r"'Atlantis'.*'realm'"):
        cities.neighbors("Atlantis")
    assert "Atlantis" not in cities


def test_edge_to_unknown_node_is_rejected() -> None:
    with pytest.raises(UnknownLocation, match="Nowhere"):
        GraphBoard.from_data({"A": {}}, [("A", "Nowhere")])


def test_node_and_edge_attributes(cities: GraphBoard) -> None:
    assert cities.node_attr("Ash", "terrain") == "plain"
    assert cities.node_attr("Cedar", "terrain", "clear") == "clear"
    assert cities.edge_attr("Birch", "Ash", "road") is True
    assert cities.edge_attr("Birch", "Cedar", "road", False) is False


def test_edge_attr_of_non_adjacent_pair_is_an_error(cities: GraphBoard) -> None:
    with pytest.raises(KeyError, match="not adjacent"):
        cities.edge_attr("Ash", "Cedar", "road")


def test_label_from_attribute_or_name(cities: GraphBoard) -> None:
    assert cities.label("Birch") == "Birchford"
    assert cities.label("Ash") == "Ash"


def test_xy_and_empty_outline(cities: GraphBoard) -> None:
    assert cities.xy("Cedar") == (2.0, 1.0)
    assert cities.outline("Cedar") == []


def test_missing_coordinates_are_reported() -> None:
    board = GraphBoard.from_data({"A": {}}, [])
    with pytest.raises(ValueError, match="x/y"):
        board.xy("A")


def test_wraps_an_existing_graph() -> None:
    board = GraphBoard(nx.path_graph(4), name="path")
    assert board.distance(0, 3) == 3
    assert len(board) == 4

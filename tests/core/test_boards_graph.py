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


# --- each behaviour alone, exact values ----------------------------------------------------------


def test_both_constructors_name_the_board_graph_by_default() -> None:
    assert GraphBoard(nx.Graph()).name == "graph"
    assert GraphBoard.from_data({"A": {}}, []).name == "graph"


def test_from_data_keeps_node_and_edge_attributes_and_edges_without_attributes() -> None:
    board = GraphBoard.from_data({"A": {"terrain": "hill"}, "B": {}, "C": {}},
                                 [("A", "B", {"river": "ford"}), ("B", "C")])
    assert board.graph.nodes["A"] == {"terrain": "hill"}
    assert board.graph.edges["A", "B"] == {"river": "ford"}
    assert board.graph.edges["B", "C"] == {}
    assert board.graph.number_of_edges() == 2


def test_an_edge_from_an_unknown_node_names_it_and_the_board() -> None:
    with pytest.raises(UnknownLocation) as err:
        GraphBoard.from_data({"A": {}}, [("Nowhere", "A")], name="realm")
    assert (err.value.loc, err.value.board_name) == ("Nowhere", "realm")
    with pytest.raises(UnknownLocation) as err:
        GraphBoard.from_data({"A": {}}, [("A", "Nowhere")], name="realm")
    assert (err.value.loc, err.value.board_name) == ("Nowhere", "realm")


def test_neighbors_of_an_unknown_location_is_an_error_naming_the_board(cities) -> None:
    with pytest.raises(UnknownLocation) as err:
        cities.neighbors("Atlantis")
    assert (err.value.loc, err.value.board_name) == ("Atlantis", "realm")


@pytest.mark.parametrize("method", ["xy", "label", "outline"])
def test_one_location_methods_refuse_an_unknown_location(cities, method: str) -> None:
    with pytest.raises(UnknownLocation) as err:
        getattr(cities, method)("Atlantis")
    assert (err.value.loc, err.value.board_name) == ("Atlantis", "realm")


def test_node_attr_refuses_an_unknown_location_and_defaults_to_none(cities) -> None:
    assert cities.node_attr("Cedar", "terrain") is None
    with pytest.raises(UnknownLocation):
        cities.node_attr("Atlantis", "terrain", "clear")


@pytest.mark.parametrize("a,b", [("Atlantis", "Ash"), ("Ash", "Atlantis")])
def test_distance_and_edge_attr_refuse_an_unknown_end(cities, a: str, b: str) -> None:
    with pytest.raises(UnknownLocation) as err:
        cities.distance(a, b)
    assert err.value.loc == "Atlantis"
    with pytest.raises(UnknownLocation) as err:
        cities.edge_attr(a, b, "road")
    assert err.value.loc == "Atlantis"


def test_edge_attr_defaults_to_none(cities) -> None:
    assert cities.edge_attr("Birch", "Cedar", "road") is None


def test_edge_attr_of_a_non_adjacent_pair_names_both_and_the_board(cities) -> None:
    with pytest.raises(KeyError) as err:
        cities.edge_attr("Ash", "Cedar", "road")
    assert err.value.args == ("'Ash' and 'Cedar' are not adjacent on board 'realm'",)


def test_unreachable_carries_both_ends_and_the_board(cities) -> None:
    with pytest.raises(Unreachable) as err:
        cities.distance("Island", "Ash")
    assert (err.value.a, err.value.b, err.value.board_name) == ("Island", "Ash", "realm")


def test_xy_needs_both_x_and_y_and_the_error_names_location_and_board() -> None:
    board = GraphBoard.from_data({"OnlyX": {"x": 1}, "OnlyY": {"y": 1}}, [], name="realm")
    for loc in ("OnlyX", "OnlyY"):
        with pytest.raises(ValueError) as err:
            board.xy(loc)
        assert str(err.value) == f"location {loc!r} on board 'realm' has no x/y attributes"


def test_xy_gives_floats_x_then_y() -> None:
    x, y = GraphBoard.from_data({"A": {"x": 3, "y": -2}}, []).xy("A")
    assert (x, y) == (3.0, -2.0) and type(x) is float and type(y) is float


def test_label_is_text_even_for_a_numbered_node() -> None:
    board = GraphBoard(nx.path_graph(2))
    assert board.label(1) == "1"
    board.graph.nodes[0]["label"] = 17
    assert board.label(0) == "17"


def test_contains_is_false_for_an_unhashable_value(cities) -> None:
    assert [1, 2] not in cities
    assert "Ash" in cities


def test_len_counts_the_locations_and_repr_sums_up(cities) -> None:
    assert len(cities) == 4
    assert repr(cities) == "GraphBoard('realm', 4 locations, 2 edges)"

"""A saved state's values are checked for their kinds before the state is built, each named."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from rules_lib.core.engine import StateError
from rules_lib.core.state_kinds import kind_problems, refuse_wrong_kinds


@dataclass
class Piece:
    name: str
    steps: int = 1


@dataclass
class Position:
    turn: int
    over: bool = False
    pieces: list[Piece] = field(default_factory=list)
    cup: dict[str, list[str]] = field(default_factory=dict)
    note: str | None = None


def test_a_state_of_the_right_kinds_has_no_problem():
    assert kind_problems({"turn": 2, "pieces": [{"name": "Ant"}], "cup": {"3": ["X"]},
                          "note": None}, Position, "") == []


@pytest.mark.parametrize("data, problem", [
    ({"turn": "3"}, "turn must be a whole number, found '3'"),
    ({"turn": True}, "turn must be a whole number, found True"),
    ({"turn": 3.5}, "turn must be a whole number, found 3.5"),
    ({"turn": 1, "over": 1}, "over must be true or false, found 1"),
    ({"turn": 1, "pieces": {}}, "pieces must be a list, found {}"),
    ({"turn": 1, "pieces": [{"name": 5}]}, "pieces[0].name must be a text, found 5"),
    ({"turn": 1, "pieces": [{"steps": 1}]}, "pieces[0].name: missing"),
    ({"turn": 1, "cup": []}, "cup must be a mapping, found []"),
    ({"turn": 1, "cup": {"3": "X"}}, "cup['3'] must be a list, found 'X'"),
    ({"turn": 1, "trun": 2}, "trun: unknown field"),
    ({}, "turn: missing"),
    ([1, 2], "the state must be a mapping of fields, found [1, 2]"),
])
def test_each_wrong_kind_is_named_by_its_path(data, problem):
    assert problem in kind_problems(data, Position, "")


def test_a_long_value_is_cut_in_the_message():
    (problem,) = kind_problems({"turn": "x" * 100}, Position, "")
    assert problem.endswith("...") and len(problem) < 80


def test_refusing_names_the_class_and_counts_what_it_leaves_out():
    with pytest.raises(StateError, match=r"^Position: turn must be a whole number"):
        refuse_wrong_kinds(Position, {"turn": "1"})
    many = {"turn": 1, "pieces": [{"name": i} for i in range(25)]}
    with pytest.raises(StateError, match="; and 5 more$"):
        refuse_wrong_kinds(Position, many)
    refuse_wrong_kinds(Position, {"turn": 1})  # nothing wrong: no error

"""Fixtures: the game data, a bare table (every counter unplaced) and a scripted-dice context."""
from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.ginormopod import standard_state
from rules_lib.games.ginormopod.activation import Activation
from rules_lib.games.ginormopod.data import load_game_data
from rules_lib.games.ginormopod.state import GinState


@pytest.fixture
def data():
    return load_game_data()


class Table:
    """A hand-built position: place counters by id, then run sub-procedures with scripted dice."""

    def __init__(self, data, turn: int = 1) -> None:
        self.data = data
        self.state: GinState = standard_state(data, [])
        self.state.phase, self.state.turn = "Action", turn

    def place(self, city: str, *ids: str, reduced: bool = False) -> GinState:
        for uid in ids:
            u = self.state.unit(uid)
            u.pool, u.loc, u.reduced = "map", city, reduced
        return self.state

    def guard(self, city: str, uid: str, armed: bool, revealed: bool = False) -> None:
        u = self.state.unit(uid)
        u.pool, u.loc, u.armed, u.revealed = "map", city, armed, revealed

    def ctx(self, faces=(), variants=()) -> Context:
        return Context(dice=ScriptedDice(list(faces)), variants=frozenset(variants), data=self.data)

    def activation(self, side: str, formation: str) -> Activation:
        return Activation.begin(self.state, side, formation)

    def where(self, uid: str) -> str:
        u = self.state.unit(uid)
        return u.loc if u.pool == "map" else u.pool


@pytest.fixture
def table(data):
    return Table(data)


@pytest.fixture
def table_factory(data):
    return lambda turn=1: Table(data, turn)

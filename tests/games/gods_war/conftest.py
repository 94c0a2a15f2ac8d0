"""Helpers for the Gods War tests: hand-built positions and sub-procedures run through the engine."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision, Event, drive
from rules_lib.games.gods_war.data import GodsWarData, default_data
from rules_lib.games.gods_war.setup import initial_state
from rules_lib.games.gods_war.state import GWState, Piece

KILL, ROUT, BLANK = 6, 4, 1  # battle die faces (data/battle.yaml: 1-3 blank, 4-5 rout, 6 kill)


class Recorder:
    """A policy that answers from a list (then the first option) and keeps each Decision."""

    name = "recorder"

    def __init__(self, answers=()) -> None:
        self.answers = list(answers)
        self.decisions: list[Decision] = []

    def choose(self, state, decision: Decision, rng):
        self.decisions.append(decision)
        return self.answers.pop(0) if self.answers else decision.options[0]


@dataclass
class GW:
    """A position under test plus the means to run a procedure on it."""

    data: GodsWarData

    def state(self, monsters=("Androgeus", "Arachne Solara"), experienced=True, power=10,
              **where) -> GWState:
        """Empty map; monsters placed by keyword (e.g. Androgeus='Altinela'), power for all."""
        s = initial_state(self.data, {"monsters": list(monsters), "experienced": experienced}, [])
        for sheet in s.empires.values():
            sheet.power = power
        for key, area in where.items():
            name = key.replace("_", " ")
            s.monsters[name].status, s.monsters[name].area = "in play", area
        s.great_compromise = True
        return s

    def put(self, state: GWState, empire: str, kind: str, area: str, n: int = 1) -> None:
        """Summon-free placement from the pool (set-up of a test position)."""
        for _ in range(n):
            assert state.empires[empire].pool[kind] > 0, f"{empire} has no {kind} left"
            state.empires[empire].pool[kind] -= 1
            state.pieces.append(Piece(kind, empire, area))

    def ctx(self, faces=(), variants=()) -> Context:
        return Context(dice=ScriptedDice(list(faces)), variants=frozenset(variants), data=self.data)

    def run(self, proc, answers=(), ctx=None) -> list[Event]:
        return drive(proc, answers=list(answers))

    @staticmethod
    def asked(proc, answers=()) -> tuple[list[Event], list[Decision]]:
        """Run a procedure and keep every Decision it asks: who decides, what, among which options
        (the answers in order, then the first option)."""
        recorder = Recorder(answers)
        return drive(proc, policy=recorder), recorder.decisions

    @staticmethod
    def rules_cited(events) -> str:
        return " | ".join(e.rule for e in events)

    @staticmethod
    def text(events) -> str:
        return "\n".join(e.message for e in events)


@pytest.fixture
def gw() -> GW:
    return GW(default_data())

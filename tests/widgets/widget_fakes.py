"""A small fake game ("Skirmish"), a GameModule over graph, hex and square boards.

The widgets reach games only through the game contract and the engine's Game, so a toy game that
fills those fields tests every widget without waiting for the real games. Two sides each move one
unit a turn (a Decision), then adjacent or shared-location enemies fight with HitDie(5) rolls; a
side with no units left loses; after turn 4 the game is a draw.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_lib.core.boards import GraphBoard, HexBoard, SquareBoard, reach
from rules_lib.core.dice import HitDie, HitPool
from rules_lib.core.contract import BoardView as CoreBoardView
from rules_lib.core.contract import GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.data import DataLoader
from rules_lib.core.engine import (
    Decision,
    Event,
    FirstOptionPolicy,
    GameState,
    RandomPolicy,
    Variant,
)

MAX_STACK = 2


@dataclass
class Unit:
    id: str
    side: str
    kind: str
    loc: str  # the board's printed label: plain JSON


@dataclass
class SkirmishState(GameState):
    units: list[Unit] = field(default_factory=list)


def graph_board() -> GraphBoard:
    nodes = {"Ash": {"x": -100.0, "y": 40.0, "terrain": "city"},
             "Birch": {"x": -98.0, "y": 41.0},
             "Cedar": {"x": -96.0, "y": 40.5, "terrain": "forest"},
             "Dune": {"x": -99.0, "y": 38.0},
             "Elm": {"x": -95.0, "y": 38.5}}
    edges = [("Ash", "Birch"), ("Birch", "Cedar"), ("Ash", "Dune"), ("Dune", "Elm"),
             ("Cedar", "Elm"), ("Birch", "Dune")]
    return GraphBoard.from_data(nodes, edges, name="toy graph")


def hex_board(cols: int = 4, rows: int = 3) -> HexBoard:
    plain = HexBoard.from_offset(cols, rows, name="toy hexes")
    terrain = {h: ("forest" if (h.q + h.r) % 3 == 0 else "clear") for h in plain.locations()}
    return HexBoard.from_offset(cols, rows, name="toy hexes", terrain=terrain)


def square_board() -> SquareBoard:
    return SquareBoard(4, 3, name="toy squares", blocked=[(3, 2)], walls=[((0, 0), (1, 0))],
                       doors=[((1, 1), (1, 2))])


BOARDS = {"graph": graph_board, "hex": hex_board, "square": square_board}


def start_units(board: Any) -> list[Unit]:
    labels = [board.label(loc) for loc in board.locations()]
    return [Unit("B1", "Blue", "infantry", labels[0]), Unit("B2", "Blue", "tank", labels[0]),
            Unit("R1", "Red", "infantry", labels[-1]), Unit("R2", "Red", "infantry", labels[-2])]


def make_entry(kind: str = "graph", board: Any = None,
               units: list[Unit] | None = None) -> GameModule:
    """Skirmish as a GameModule on one of the toy boards (or a given board)."""
    board = board if board is not None else BOARDS[kind]()
    by_label = {board.label(loc): loc for loc in board.locations()}

    def loc_of(label: str) -> Any:
        return by_label[label]

    def neighbour_labels(label: str) -> list[str]:
        return [board.label(n) for n in board.neighbors(loc_of(label))]

    def play(state: SkirmishState, ctx: Any):
        while state.result is None:
            state.phase, state.step = "Movement", ""
            yield Event(f"Turn {state.turn} begins", rule="Skirmish §1", kind="turn")
            yield Event("Movement Phase", rule="Skirmish §2", kind="phase")
            for side in ("Blue", "Red"):
                state.step = side
                yield Event(f"{side} moves", rule="Skirmish §2", kind="step")
                options: list[Any] = ["pass"] + [
                    f"{u.id}>{lab}" for u in state.units if u.side == side
                    for lab in neighbour_labels(u.loc)]
                choice = yield Decision(side, "move", f"{side}: move which unit where?", options,
                                        rule="Skirmish §2.1")
                if choice != "pass":
                    uid, dest = choice.split(">")
                    unit = next(u for u in state.units if u.id == uid)
                    unit.loc = dest
                    yield Event(f"{uid} moves to {dest}", rule="Skirmish §2.1", kind="move")
            state.phase, state.step = "Combat", ""
            yield Event("Combat Phase", rule="Skirmish §3", kind="phase")
            threshold = 4 if ctx.variant("fierce") else 5
            for blue in [u for u in state.units if u.side == "Blue"]:
                for red in [u for u in state.units if u.side == "Red"]:
                    if red not in state.units or blue not in state.units:
                        continue
                    if red.loc != blue.loc and red.loc not in neighbour_labels(blue.loc):
                        continue
                    roll = HitDie(threshold).roll(ctx.dice, f"{blue.id} fires at {red.id}")
                    yield Event(f"{blue.id} rolls {roll.faces[0]} at {red.id}",
                                rule="Skirmish §3.1", kind="roll", data={"face": roll.faces[0]})
                    if roll.value:
                        state.units.remove(red)
                        yield Event(f"{red.id} is destroyed", rule="Skirmish §3.2", kind="combat")
            for side in ("Blue", "Red"):
                if not any(u.side == side for u in state.units):
                    state.result = "Red" if side == "Blue" else "Blue"
                    yield Event(f"{state.result} wins", rule="Skirmish §4", kind="result")
                    return
            if state.turn >= 4:
                state.result = "draw"
                yield Event("Draw after turn 4", rule="Skirmish §4", kind="result",
                            assumed="the turn limit is a fill-in of this toy game")
                return
            state.turn += 1

    def pieces(state: SkirmishState) -> list[dict[str, Any]]:
        return [{"id": u.id, "loc": u.loc, "side": u.side, "label": u.id, "kind": u.kind,
                 "hover": f"{u.id}: {u.kind} ({u.side})\nrulebook: Skirmish §0"}
                for u in state.units]

    def combat_odds(attackers: int = 2, terrain: str = "clear", fierce: bool = False):
        threshold = (4 if fierce else 5) + (1 if terrain == "forest" else 0)
        return HitPool.repeat(HitDie(threshold), attackers).dist().to_frame("hits")

    def movement_reach(state: SkirmishState, target: Any) -> dict[Any, Any]:
        unit = next((u for u in state.units if u.id == target), None)
        start = loc_of(unit.loc) if unit else target
        if start not in board:
            raise ValueError(f"nothing to move at {target!r}")
        return {loc: info.cost for loc, info in reach(board, start, 2).items()}

    class Setup:
        """The Skirmish setup protocol used by SetupEditor."""

        def kinds(self, state: SkirmishState) -> list[str]:
            return ["infantry", "tank"]

        def place(self, state: SkirmishState, kind: str, side: str, loc: Any) -> SkirmishState:
            label = board.label(loc)
            if sum(u.loc == label for u in state.units) >= MAX_STACK:
                raise ValueError(f"over-stacked: {label} already holds {MAX_STACK} units")
            new = state.copy()
            n = 1 + sum(u.side == side for u in state.units)
            new.units.append(Unit(f"{side[0]}{n + 10}", side, kind, label))
            return new

        def move(self, state: SkirmishState, piece_id: str, loc: Any) -> SkirmishState:
            label = board.label(loc)
            if sum(u.loc == label and u.id != piece_id for u in state.units) >= MAX_STACK:
                raise ValueError(f"over-stacked: {label} already holds {MAX_STACK} units")
            new = state.copy()
            next(u for u in new.units if u.id == piece_id).loc = label
            return new

        def remove(self, state: SkirmishState, piece_id: str) -> SkirmishState:
            new = state.copy()
            new.units = [u for u in new.units if u.id != piece_id]
            return new

        def validate(self, state: SkirmishState) -> list[str]:
            problems = [f"unit {u.id}: location {u.loc!r} is not on the map"
                        for u in state.units if u.loc not in by_label]
            return problems

    controls = [
        {"name": "attackers", "kind": "int", "default": 2, "min": 1, "max": 6},
        {"name": "terrain", "kind": "choice", "options": ["clear", "forest"], "default": "clear"},
        {"name": "fierce", "kind": "bool", "default": False},
    ]

    class Skirmish(GameModule):
        name = "skirmish"
        title = "Skirmish (toy)"
        rulebook = "none"
        state_class = SkirmishState
        players = ("Blue", "Red")
        scenarios = ("standard", "empty")
        variants = (Variant("fierce", "Hits on 4+", rule="Skirmish §3.1"),)
        policies = {"first": FirstOptionPolicy, "random": RandomPolicy}
        default_policies = {"Blue": "first", "Red": "random"}
        phases = ("Movement", "Combat")
        data_loader = DataLoader("skirmish", Path("."), (), lambda files: None)

        def procedure(self, state: SkirmishState, ctx: Any):
            return play(state, ctx)

        def initial_state(self, scenario: str, seed: int, variants: list[str],
                          data: Any) -> SkirmishState:
            return SkirmishState(game="skirmish", phase="Movement", variants=variants,
                                 units=[] if scenario == "empty" else
                                 [Unit(**vars(u)) for u in (units or start_units(board))])

    game = Skirmish()
    game.board_view = CoreBoardView(lambda state: board, pieces)
    game.odds = OddsCalculator(combat_odds, controls=controls)
    game.reach = Reach(movement_reach, label="cost")
    setup = Setup()
    game.setup = SetupEditing(place=setup.place, move=setup.move, remove=setup.remove,
                              kinds=setup.kinds, validate=setup.validate)
    if isinstance(board, HexBoard):
        game.line_of_sight = lambda state, loc: board.visible_from(
            loc, lambda h: board.terrain_at(h) == "forest")
    return game


def click(fig: Any, trace_name: str, point: int) -> None:
    """Send the message the browser sends when a point of a trace is clicked."""
    names = [t.name for t in fig.data]
    index = names.index(trace_name)
    trace = fig.data[index]
    fig._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [index], "point_indexes": [point],
                   "xs": [trace.x[point]], "ys": [trace.y[point]]},
        "device_state": {"alt": False, "ctrl": False, "meta": False, "shift": False,
                         "button": 0, "buttons": 1},
    }

"""Recovery Vehicles (§J-6, §Q-1-b/c): loading a Crown Jewel costs 1 MP and the RV moves on;
it may load on the turn it enters; exiting west with a Jewel; the numbers come from the data."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin.actions import marine_action
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.map_entry import ENTER

from .sv_helpers import dice, run, table, texts


@pytest.mark.rule("SV-RV-02", "SV-MMOV-01")
def test_an_rv_loading_a_jewel_keeps_moving_with_the_mp_left():
    state = table({"RV 1": 355}, jewels={"356": 2})
    # 355 -> 356 (1 MP), load (1 MP), then the first (cheapest) hex on with the 3 MP left
    events = run(full_move(state, dice(), "RV 1"), answers=["356", "load"])
    rv = state.unit("RV 1")
    assert rv.jewels == 1 and state.jewels == {"356": 1}
    assert rv.hex != "356"
    assert "Where does RV 1 move?" in texts(e for e in events if e.kind == "decision")
    moves = [e for e in events if e.kind == "move" and e.data.get("unit") == "RV 1"]
    assert [m.data["from"] for m in moves] == ["355", "356"]


@pytest.mark.rule("SV-RV-02", "SV-MMOV-05")
def test_an_rv_that_loads_next_to_a_vermite_stops_there():
    state = table({"RV 1": 355, "Soldier #1": 361}, jewels={"356": 2})
    events = run(full_move(state, dice(), "RV 1"), answers=["356", "load"])
    assert state.unit("RV 1").hex == "356" and state.unit("RV 1").jewels == 1
    assert "its move ends there" in texts(events)


@pytest.mark.rule("SV-RV-02", "SV-S1-08", "SV-ENTRY-02")
def test_an_rv_entering_the_map_may_load_a_jewel_on_its_arrival_turn():
    state = table({}, turn=2, jewels={"655": 1})
    rv = state.unit("RV 1")
    rv.status, rv.arrival_turn = "turn_track", 2
    run(marine_action(state, dice(), "RV 1", ENTER), answers=["655", "load"])
    assert rv.jewels == 1 and state.jewels == {}


@pytest.mark.rule("SV-RV-02")
def test_loading_where_the_rv_starts_its_move_is_marked_as_assumed():
    state = table({"RV 1": 356}, jewels={"356": 1})
    events = run(full_move(state, dice(), "RV 1"), answers=["356", "load"])
    load = next(e for e in events if "loads a Crown Jewel" in e.message)
    assert state.unit("RV 1").jewels == 1 and load.assumed


@pytest.mark.rule("SV-S1-11")
def test_the_rv_return_delay_is_read_from_the_scenario_data():
    data = load_game_data({"scenarios:family_jewels.rv_return_turns": 5})
    state = table({"RV 1": 122}, turn=6)
    state.unit("RV 1").jewels = 1
    ctx = Context(dice=ScriptedDice([]), data=data)
    run(full_move(state, ctx, "RV 1"), answers=["exit via 116"])
    assert state.unit("RV 1").arrival_turn == 11

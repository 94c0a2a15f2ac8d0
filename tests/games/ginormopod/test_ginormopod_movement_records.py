"""Movement, each clause in a position where nothing else gives the same result: National Guard
reveals and who stops where, the stop on entering an enemy City, the Sortie mark, the Fusion Fence's
closed roads, and what the log and the move Decision record (kind, rule, ids, data, provenance);
then the speed paths (the occupancy counted along, the re-tallied terrain masks) against a fresh
count after every move of whole games."""
from __future__ import annotations

import random

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, drive
from rules_lib.games.ginormopod import new_game
from rules_lib.games.ginormopod.data import build, load_game_data, load_sources
from rules_lib.games.ginormopod.movement import (
    AMB_19,
    AMB_19_VARIANT,
    MOVE_IDS,
    R_MOVE,
    _count_move,
    _retally,
    _terrain_masks,
    fence_closed,
    move_unit,
    movement_step,
    must_stop,
    terrain,
)
from rules_lib.games.ginormopod.provenance import reason

from .conftest import Table
from .recording import Recorder


def records(events):
    return [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]


def walk(table, uid, *path, pass_revealed=False):
    """move_unit along a path, counting the occupancy itself (no occupancy handed in; the
    variant's flag only when it is on)."""
    s = table.state
    flag = {"pass_revealed": True} if pass_revealed else {}
    return records(drive(move_unit(s, table.data, s.unit(uid), path, **flag)))


def step(table, side, uids, answers=(), variants=()):
    s = table.state
    ctx = Context(dice=ScriptedDice([]), variants=frozenset(variants), data=table.data)
    policy = Recorder(answers)
    events = drive(movement_step(s, ctx, side, [s.unit(u) for u in uids]), policy=policy)
    return records(events), policy.asked


def moved(uid, start, end, stopped=False):
    return ("move", R_MOVE, ("GIN-MOVE-01",) + (("GIN-MOVE-03",) if stopped else ()),
            {"unit": uid, "from": start, "to": end}, "")


# -- National Guard ------------------------------------------------------------------------------

@pytest.mark.rule("GIN-NG-01", "GIN-NG-02", "GIN-NG-03", "GIN-AMB-19")
def test_revealed_guards_are_logged_one_by_one_and_an_armed_one_stops_the_swarm(table):
    s = table.place("Des Moines", "Ant X1")
    table.guard("Minneapolis", "Guard 1", armed=True)
    table.guard("Minneapolis", "Guard 2", armed=False)
    why = reason(table.data, "units", "guards")
    assert why  # which Guards are blank is the project's assumption
    log = walk(table, "Ant X1", "Des Moines", "Minneapolis")
    assert log == [
        ("reveal", R_MOVE, ("GIN-NG-01", "GIN-NG-02", "GIN-AMB-19"),
         {"unit": "Guard 1", "armed": True, "guard": "Guard 1"}, why),
        ("reveal", R_MOVE, ("GIN-NG-01", "GIN-NG-02"),
         {"unit": "Guard 2", "armed": False, "guard": "Guard 2"}, why),
        ("move", R_MOVE, ("GIN-NG-03", "GIN-MOVE-03", "GIN-AMB-19"),
         {"unit": "Ant X1", "to": "Minneapolis"}, AMB_19),
        moved("Ant X1", "Des Moines", "Minneapolis", stopped=True)]
    g1, g2 = s.unit("Guard 1"), s.unit("Guard 2")
    assert g1.revealed and (g1.pool, g1.loc) == ("map", "Minneapolis")
    assert (g2.pool, g2.loc) == ("eliminated", "")
    assert s.unit("Ant X1").halted and s.unit("Ant X1").came_from == "Des Moines"


@pytest.mark.rule("GIN-NG-03", "GIN-MOVE-03")
def test_a_swarm_unit_stops_where_other_human_units_stand_beside_the_guards(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2")
    table.guard("Minneapolis", "Guard 1", armed=True)
    table.place("Minneapolis", "Infantry A1")
    log = walk(table, "Ant X1", "Des Moines", "Minneapolis", pass_revealed=True)
    assert log[-2] == ("move", R_MOVE, ("GIN-NG-03", "GIN-MOVE-03", "GIN-AMB-19"),
                       {"unit": "Ant X1", "to": "Minneapolis"}, "")  # the rulebook's own stop
    assert [r[0] for r in log] == ["reveal", "move", "move"]
    assert s.unit("Ant X1").halted and s.unit("Infantry A1").loc == "Minneapolis"


@pytest.mark.rule("GIN-NG-03", "GIN-AMB-19")
def test_under_the_variant_an_armed_guard_alone_lets_the_swarm_pass_on(table):
    s = table.place("Minneapolis", "Ant X1")
    table.guard("Des Moines", "Guard 1", armed=True)
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 0, True
    log = walk(table, "Ant X1", "Minneapolis", "Des Moines", "St Louis", pass_revealed=True)
    assert log[1] == ("move", R_MOVE, ("GIN-NG-03", "GIN-AMB-19"),
                      {"unit": "Ant X1", "via": "Des Moines"}, AMB_19_VARIANT)
    assert log[2] == moved("Ant X1", "Minneapolis", "St Louis")
    assert s.unit("Ant X1").came_from == "Des Moines" and not s.unit("Ant X1").halted


@pytest.mark.rule("GIN-NG-03", "GIN-AMB-19")
def test_an_armed_guard_in_an_intact_fort_stops_the_swarm_even_under_the_variant(table):
    s = table.place("Des Moines", "Ant X1")
    table.guard("St Louis", "Guard 1", armed=True)
    log = walk(table, "Ant X1", "Des Moines", "St Louis", "Memphis", pass_revealed=True)
    assert log[1][0:3] == ("move", R_MOVE, ("GIN-NG-03", "GIN-MOVE-03", "GIN-AMB-19"))
    assert s.unit("Ant X1").loc == "St Louis" and s.unit("Ant X1").halted


@pytest.mark.rule("GIN-NG-03", "GIN-MOVE-03")
def test_past_a_blank_guard_the_swarm_moves_on_and_stops_at_the_next_enemy(table):
    s = table.place("Minneapolis", "Ant X1")
    table.guard("Des Moines", "Guard 1", armed=False)
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 0, True
    table.place("St Louis", "Infantry B1")
    log = walk(table, "Ant X1", "Minneapolis", "Des Moines", "St Louis")
    assert log[1] == ("move", R_MOVE, ("GIN-NG-03",), {"unit": "Ant X1", "via": "Des Moines"}, "")
    assert log[2] == moved("Ant X1", "Minneapolis", "St Louis", stopped=True)
    assert s.unit("Ant X1").halted and s.unit("Ant X1").came_from == "Des Moines"


@pytest.mark.rule("GIN-NG-03")
def test_a_blank_guard_where_the_move_ends_gets_no_move_on_entry(table):
    s = table.place("Minneapolis", "Ant X1")
    table.guard("Des Moines", "Guard 1", armed=False)
    log = walk(table, "Ant X1", "Minneapolis", "Des Moines")
    assert [r[0] for r in log] == ["reveal", "move"]
    assert log[1] == moved("Ant X1", "Minneapolis", "Des Moines")
    assert not s.unit("Ant X1").halted


@pytest.mark.rule("GIN-NG-03", "GIN-MOVE-03")
def test_hidden_guards_in_an_intact_fort_stop_the_swarm_like_the_fort(table):
    table.guard("Chicago", "Guard 1", armed=False)
    assert must_stop(table.state, "Chicago", "Swarm")
    table.guard("Minneapolis", "Guard 2", armed=False)
    assert not must_stop(table.state, "Minneapolis", "Swarm")


# -- entering enemy Cities, the Sortie mark --------------------------------------------------------

@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-03", "GIN-RETR-08")
def test_entering_an_empty_intact_fort_stops_the_swarm_but_not_the_humans(table):
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    assert walk(table, "Ant X1", "Minneapolis", "Chicago")[-1] == moved(
        "Ant X1", "Minneapolis", "Chicago", stopped=True)
    assert s.unit("Ant X1").halted
    assert walk(table, "Infantry A1", "Minneapolis", "Des Moines")[-1] == moved(
        "Infantry A1", "Minneapolis", "Des Moines")
    assert not s.unit("Infantry A1").halted


@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-03")
def test_a_swarm_unit_entering_a_human_city_stops_one_passing_its_own_does_not(table):
    s = table.place("Minneapolis", "Ant X1", "Ant X2")
    table.place("Des Moines", "Ant Y1")
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 0, True
    table.place("St Louis", "Tank B1")
    log, _ = step(table, "Swarm", ["Ant X1"], answers=["St Louis"])
    assert log[-1] == moved("Ant X1", "Minneapolis", "St Louis", stopped=True)
    assert s.unit("Ant X1").came_from == "Des Moines" and s.unit("Ant X1").halted


@pytest.mark.rule("GIN-FORT-12", "GIN-MOVE-03")
@pytest.mark.parametrize("case,sortie", [("from a Fort", "Chicago"), ("not stopped", ""),
                                         ("no Fort", ""), ("Swarm in the Fort", ""),
                                         ("two roads", "")])
def test_a_human_unit_sorties_only_from_its_own_fort_to_the_enemy_next_door(table, case, sortie):
    s = table.state
    start, path = "Chicago", ("Chicago", "Minneapolis")
    table.place("Minneapolis", "Ant X1")
    if case == "not stopped":
        s.unit("Ant X1").pool, s.unit("Ant X1").loc = "track", ""
    if case == "no Fort":
        s.forts["Chicago"].strength, s.forts["Chicago"].destroyed = 0, True
    if case == "Swarm in the Fort":
        table.place("Chicago", "Ant X2")
    if case == "two roads":  # Syracuse is not next to Chicago
        s.unit("Ant X1").pool, s.unit("Ant X1").loc = "track", ""
        table.place("Syracuse", "Ant Y1")
        path = ("Chicago", "Buffalo", "Syracuse")
    table.place(start, "Tank A1")
    drive(move_unit(s, table.data, s.unit("Tank A1"), path))
    assert s.unit("Tank A1").sortie_from == sortie


# -- the move Decision -----------------------------------------------------------------------------

@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-02", "GIN-STACK-01")
def test_each_mover_is_asked_with_every_city_it_can_reach_and_its_cost(table):
    s = table.place("Minneapolis", "Worm X1")  # 1 MP
    table.place("Des Moines", "Ant X2")
    log, asked = step(table, "Swarm", ["Worm X1", "Ant X2"], answers=["stay", "stay"])
    assert [(d.player, d.kind, d.rule, d.ids) for d in asked] == [("Swarm", "move", R_MOVE,
                                                                  MOVE_IDS)] * 2
    assert asked[0].options == ["stay", "Chicago", "Des Moines"]
    assert asked[0].data == {"unit": "Worm X1", "from": "Minneapolis",
                             "costs": {"Chicago": 1, "Des Moines": 1}}
    assert asked[1].data["unit"] == "Ant X2" and log == []
    assert s.unit("Worm X1").loc == "Minneapolis"


@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-03")
def test_a_halted_unit_or_one_without_movement_points_is_skipped_and_the_next_asked(table):
    s = table.place("Minneapolis", "Ant X1", "Ant X2")
    s.unit("Ant X1").halted = True
    table.guard("Syracuse", "Guard 1", armed=True, revealed=True)  # a Guard: no MP
    table.place("Des Moines", "Ant Y1")
    _, asked = step(table, "Swarm", ["Ant X1", "Guard 1", "Ant X2"], answers=["stay"])
    assert [d.data["unit"] for d in asked] == ["Ant X2"]


@pytest.mark.rule("GIN-FENCE-01", "GIN-MOVE-01")
def test_the_fence_closes_roads_east_to_the_swarm_only(table):
    s = table.state
    s.forts["Memphis"].strength, s.forts["Memphis"].destroyed = 0, True  # alone: still shut
    table.place("Memphis", "Worm X1")
    table.place("Chicago", "Tank A1")
    _, asked = step(table, "Swarm", ["Worm X1"], answers=["stay"])
    assert asked[0].options == ["stay", "Jackson", "Shreveport", "St Louis"]
    _, asked = step(table, "Human", ["Tank A1"], answers=["stay"])
    assert {"Cincinnati", "Buffalo"} <= set(asked[0].options)


@pytest.mark.rule("GIN-FENCE-01", "GIN-FENCE-02", "GIN-AMB-14")
def test_the_roads_the_fence_closes_worked_out_afresh_for_each_set_of_destroyed_forts():
    data = build(load_sources())  # its own tables: nothing worked out before
    table = Table(data)
    s = table.state
    east = {("Chicago", "Cincinnati"), ("Chicago", "Buffalo"), ("St Louis", "Frankfort"),
            ("St Louis", "Nashville"), ("Memphis", "Nashville"), ("Memphis", "Birmingham"),
            ("Jackson", "Birmingham"), ("New Orleans", "Montgomery")}
    assert fence_closed(s, data) == east
    s.forts["Memphis"].strength, s.forts["Memphis"].destroyed = 0, True
    assert fence_closed(s, data) == east  # one Fence Fort destroyed opens nothing
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 0, True
    assert fence_closed(s, data) == east - {("St Louis", "Frankfort"), ("St Louis", "Nashville"),
                                            ("Memphis", "Nashville"), ("Memphis", "Birmingham")}
    s.forts["St Louis"].strength, s.forts["St Louis"].destroyed = 3, False
    assert fence_closed(s, data) == east  # kept per set: the first answer again


@pytest.mark.rule("GIN-STACK-01", "GIN-MOVE-02")
def test_a_fort_of_five_boxes_and_no_unit_has_room_for_one_more():
    table = Table(load_game_data({"map:forts.Jackson.strength": 5}))  # a designer's Fort
    s = table.place("Shreveport", "Infantry A1")
    _, asked = step(table, "Human", ["Infantry A1"], answers=["Jackson"])
    assert "Jackson" in asked[0].options  # 5 boxes of the limit of 6: room for one
    assert s.unit("Infantry A1").loc == "Jackson" and s.stack("Jackson", "Human") == 6


# -- the speed paths against a fresh count ---------------------------------------------------------

def _rows(occ):
    return {c: list(r) for c, r in occ.items() if any(r)}


@pytest.mark.rule("GIN-MOVE-01", "GIN-STACK-01")
@pytest.mark.parametrize("seed", [4, 17])
def test_the_counted_occupancy_and_retallied_masks_match_a_fresh_count_after_any_move(seed):
    """From positions of whole games, move each unit to each neighbouring City: the occupancy
    counted along (_count_move) and the masks re-tallied for the two Cities (_retally) are what
    counting the new position afresh gives."""
    rng = random.Random(seed)
    game = new_game(seed=seed, keep_log=False, policies={"Swarm": "random", "Human": "random"})
    data = game.ctx.data
    checked = 0
    while not game.finished and game.events_seen < 3000:
        game.step_event()
        state = game.state
        if game.events_seen % 11 or state.phase == "Set-Up":
            continue
        for side in ("Swarm", "Human"):
            units = [u for u in state.units if u.pool == "map" and u.side == side
                     and data.types[u.type].mp > 0]
            for u in rng.sample(units, min(4, len(units))):
                start = u.loc
                for dest in data.adjacency[start]:
                    occ = state.occupancy()
                    masks = _terrain_masks(state, data, side, occ)
                    u.loc = dest
                    _count_move(occ, start, dest, 0 if side == "Swarm" else 1)
                    assert _rows(occ) == _rows(state.occupancy())
                    fresh = _terrain_masks(state, data, side, state.occupancy())
                    assert _retally(state, data, side, occ, *masks, (start, dest)) == fresh
                    u.loc = start
                    checked += 1
    assert checked > 300


class CheckingPolicy:
    """Answers each move Decision at random, after checking its options and costs against a
    fresh search of the plain rules in the position as it stands."""

    def __init__(self, state, data):
        self.state, self.data, self.checked = state, data, 0

    def choose(self, _state, decision, rng):
        unit = self.state.unit(decision.data["unit"])
        ter = terrain(self.state, self.data, unit.side)
        reach, _ = self.data.road_map.search(unit.loc, self.data.types[unit.type].mp,
                                             ter.stops, ter.full, ter.closed)
        ranked = sorted((n, c) for c, n in reach.items() if c != unit.loc)
        assert decision.options == ["stay", *[c for _, c in ranked]]
        assert decision.data["costs"] == {c: n for n, c in ranked}
        assert decision.data["from"] == unit.loc
        self.checked += 1
        return rng.choice(decision.options[1:]) if len(decision.options) > 1 else "stay"


@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-02", "GIN-MOVE-03", "GIN-STACK-01", "GIN-FENCE-01")
@pytest.mark.parametrize("seed,variants", [(6, ()), (8, ("armed_guard_does_not_stop",))])
def test_every_mover_of_a_whole_side_is_offered_what_a_fresh_search_finds(seed, variants):
    game = new_game(seed=seed, keep_log=False, policies={"Swarm": "random", "Human": "random"})
    data = game.ctx.data
    rng = random.Random(seed)
    checked = 0
    while not game.finished and game.events_seen < 2500:
        game.step_event()
        if game.events_seen % 61 or game.state.phase == "Set-Up":
            continue
        state = type(game.state).from_data(game.state.to_data())  # a copy to move about in
        for side in ("Swarm", "Human"):
            movers = [u for u in state.units if u.pool == "map" and u.side == side]
            rng.shuffle(movers)
            policy = CheckingPolicy(state, data)
            ctx = Context(dice=ScriptedDice([]), variants=frozenset(variants), data=data)
            drive(movement_step(state, ctx, side, movers), policy=policy, rng=rng)
            checked += policy.checked
    assert checked > 100


@pytest.mark.rule("GIN-NG-01", "GIN-MOVE-01")
def test_a_human_unit_passing_its_own_hidden_guard_reveals_nothing(table):
    s = table.place("Minneapolis", "Infantry A1")
    table.guard("Des Moines", "Guard 1", armed=False)
    log = walk(table, "Infantry A1", "Minneapolis", "Des Moines", "St Louis")
    assert log == [moved("Infantry A1", "Minneapolis", "St Louis")]
    assert not s.unit("Guard 1").revealed and table.where("Guard 1") == "Des Moines"


@pytest.mark.rule("GIN-STACK-01")
def test_every_city_full_to_the_stacking_limit_is_in_the_side_s_full_set(table):
    s = table.place("Minneapolis", "Ant X1", "Ant X2", "Spider X1", "Worm X1", "Ant Y1", "Ant Y2")
    table.place("Shreveport", "Spider Y1", "Worm Y1", "Ant Z1", "Ant Z2", "Spider Z1", "Worm Z1")
    assert terrain(s, table.data, "Swarm").full == {"Minneapolis", "Shreveport"}
    table.place("Syracuse", "Infantry A1", "Infantry A2", "Infantry A3", "Infantry A4",
                "Infantry A5", "Tank A1")
    table.place("Buffalo", "Infantry B1", "Infantry B2", "Tank B1", "Tank B2", "Infantry C1",
                "Infantry C2")
    table.place("Chicago", "Infantry C3", "Infantry C4", "Tank C1")  # 3 boxes + 3
    table.place("Atlanta", "Tank C2", "Tank A2")  # 4 boxes + 2
    assert terrain(s, table.data, "Human").full == {"Syracuse", "Buffalo", "Chicago", "Atlanta"}


@pytest.mark.rule("GIN-NG-03", "GIN-STACK-01")
def test_a_move_that_fills_a_city_of_hidden_guards_makes_it_a_stop_for_the_next_mover(table):
    data = table.data
    table.guard("Des Moines", "Guard 1", armed=False)
    s = table.place("Des Moines", "Ant X2", "Spider X1", "Worm X1", "Ant Y1", "Ant Y2")
    table.place("Minneapolis", "Ant X1")
    occ = s.occupancy()
    masks = _terrain_masks(s, data, "Swarm", occ)
    assert not masks[0] & data.road_map.bits["Des Moines"]  # 5 of 6: may be tried
    s.unit("Ant X1").loc = "Des Moines"
    _count_move(occ, "Minneapolis", "Des Moines", 0)
    stops, _ = _retally(s, data, "Swarm", occ, *masks, ("Minneapolis", "Des Moines"))
    assert stops & data.road_map.bits["Des Moines"]  # 6 of 6: no unit could end there

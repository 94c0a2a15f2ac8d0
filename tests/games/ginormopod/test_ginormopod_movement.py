"""Movement: MP, stopping in enemy Cities, stacking, National Guard reveals, the Fusion Fence."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.movement import movement_step, unit_reach
from rules_lib.games.ginormopod.reach import movement_reach
from rules_lib.games.ginormopod.turn import activate


def destroy(state, *forts):
    for f in forts:
        state.forts[f].strength, state.forts[f].destroyed = 0, True


@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-02", "GIN-MAP-02")
def test_each_city_entered_costs_one_mp_up_to_the_type_allowance(table):
    s = table.place("Nashville", "Tank C1", "Infantry C1")
    s = table.place("Des Moines", "Worm Y1")
    tank = unit_reach(s, table.data, s.unit("Tank C1"))
    inf = unit_reach(s, table.data, s.unit("Infantry C1"))
    worm = unit_reach(s, table.data, s.unit("Worm Y1"))
    assert tank["Atlanta"][0] == 2 and tank["Washington DC"][0] == 3
    assert max(c for c, _ in inf.values()) == 2 and "Washington DC" not in inf
    assert set(worm) == {"Des Moines", "Minneapolis", "Chicago", "St Louis"}


@pytest.mark.rule("GIN-MOVE-02")
@pytest.mark.parametrize("uid,mp", [("Worm Y1", 1), ("Infantry C1", 2), ("Spider Y1", 2),
                                    ("Tank C1", 3), ("Ant Y1", 3)])
def test_each_unit_type_moves_as_far_as_its_mp_allowance(table, uid, mp):
    # an otherwise empty map east of the Fence: the farthest City reached is the allowance
    s = table.place("Raleigh", uid)
    reach = unit_reach(s, table.data, s.unit(uid))
    assert max(cost for cost, _ in reach.values()) == mp
    assert unit_reach(s, table.data, s.unit(uid), mp=mp + 1).keys() > reach.keys()


@pytest.mark.rule("GIN-MOVE-01")
def test_a_moving_unit_follows_roads_city_by_city(table):
    s = table.place("Nashville", "Tank C1")
    events = drive(movement_step(s, table.ctx(), "Human", [s.unit("Tank C1")]),
                   answers=["Raleigh"])
    assert table.where("Tank C1") == "Raleigh"
    assert s.unit("Tank C1").came_from in ("Knoxville", "Atlanta")
    assert events[-1].rule == "Ginormopod: Movement"


@pytest.mark.rule("GIN-MOVE-03")
def test_entering_an_enemy_city_ends_the_move(table):
    s = table.place("Nashville", "Tank C1")
    table.place("Birmingham", "Ant Z1")
    reach = unit_reach(s, table.data, s.unit("Tank C1"))
    assert "Birmingham" in reach and "Montgomery" in reach  # Montgomery via Atlanta
    assert reach["Montgomery"][1] != ("Nashville", "Birmingham", "Montgomery")
    table.place("Atlanta", "Ant Z2")
    reach = unit_reach(s, table.data, s.unit("Tank C1"))
    assert "Montgomery" not in reach  # both roads to it pass an enemy City


@pytest.mark.rule("GIN-STACK-01")
def test_six_units_per_side_a_full_city_is_passed_through_not_entered(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2", "Spider X1", "Worm X1", "Ant Y1", "Ant Y2")
    table.place("Minneapolis", "Ant Z1")
    reach = unit_reach(s, table.data, s.unit("Ant Z1"))
    assert "Des Moines" not in reach and "St Louis" in reach  # St Louis only through Des Moines
    # the same limit for the Humans (Knoxville has no Fort)
    table.place("Knoxville", "Infantry A1", "Infantry A2", "Infantry B1", "Infantry C1",
                "Tank A1", "Tank B1")
    table.place("Raleigh", "Tank C1")
    assert "Knoxville" not in unit_reach(s, table.data, s.unit("Tank C1"))
    s.unit("Tank B1").loc = "Atlanta"  # five left: room for one more
    assert "Knoxville" in unit_reach(s, table.data, s.unit("Tank C1"))


@pytest.mark.rule("GIN-STACK-02", "GIN-FORT-06")
def test_fort_strength_boxes_count_as_human_units(table):
    s = table.place("Atlanta", "Infantry C3")  # Fort 4 + 1 unit = 5: one more may enter
    table.place("Birmingham", "Tank C1", "Tank C2")
    assert "Atlanta" in unit_reach(s, table.data, s.unit("Tank C1"))
    table.place("Atlanta", "Infantry C4")  # now 4 + 2 = 6
    assert "Atlanta" not in unit_reach(s, table.data, s.unit("Tank C1"))
    s.forts["Atlanta"].strength = 3
    assert "Atlanta" in unit_reach(s, table.data, s.unit("Tank C1"))


@pytest.mark.rule("GIN-NG-01", "GIN-NG-02", "GIN-NG-03")
def test_blank_guards_vanish_and_the_swarm_unit_keeps_moving(table):
    destroy(table.state, "St Louis", "Memphis")
    s = table.place("Memphis", "Ant Y1")  # Knoxville is two roads away only through Nashville
    table.guard("Nashville", "Guard 12", armed=False)
    drive(movement_step(s, table.ctx(), "Swarm", [s.unit("Ant Y1")]), answers=["Knoxville"])
    assert table.where("Guard 12") == "eliminated"
    assert table.where("Ant Y1") == "Knoxville"


@pytest.mark.rule("GIN-NG-01", "GIN-NG-03")
def test_an_armed_guard_stays_and_stops_the_swarm_unit(table):
    destroy(table.state, "St Louis", "Memphis")
    s = table.place("Memphis", "Ant Y1")  # Knoxville is two roads away only through Nashville
    table.guard("Nashville", "Guard 1", armed=True)
    events = drive(movement_step(s, table.ctx(), "Swarm", [s.unit("Ant Y1")]),
                   answers=["Knoxville"])
    assert table.where("Ant Y1") == "Nashville"
    assert s.unit("Guard 1").revealed and table.where("Guard 1") == "Nashville"
    assert any("GIN-AMB-19" in e.ids for e in events if e.kind == "reveal")


@pytest.mark.rule("GIN-NG-03")
def test_a_blank_guard_with_other_humans_still_stops_the_unit(table):
    destroy(table.state, "St Louis", "Memphis")
    s = table.place("Memphis", "Ant Y1")  # Knoxville is two roads away only through Nashville
    table.guard("Nashville", "Guard 12", armed=False)
    table.guard("Nashville", "Guard 1", armed=True)
    drive(movement_step(s, table.ctx(), "Swarm", [s.unit("Ant Y1")]), answers=["Knoxville"])
    assert table.where("Guard 12") == "eliminated" and table.where("Ant Y1") == "Nashville"


@pytest.mark.rule("GIN-FENCE-01", "GIN-MOVE-05")
def test_the_swarm_cannot_move_east_of_an_active_fence(table):
    destroy(table.state, "St Louis")
    s = table.place("Des Moines", "Ant Y1")
    reach = unit_reach(s, table.data, s.unit("Ant Y1"))
    assert "St Louis" in reach and "Nashville" not in reach and "Frankfort" not in reach
    human = table.place("St Louis", "Tank B1")
    assert "Nashville" in unit_reach(human, table.data, human.unit("Tank B1"))


@pytest.mark.rule("GIN-FENCE-02")
def test_two_adjacent_destroyed_fence_forts_open_their_roads_east(table):
    destroy(table.state, "St Louis", "Memphis")
    s = table.place("Des Moines", "Ant Y1")
    reach = unit_reach(s, table.data, s.unit("Ant Y1"))
    assert "Nashville" in reach and "Frankfort" in reach
    destroy(table.state, "Chicago")  # Chicago is road-adjacent to destroyed St Louis
    table.place("Minneapolis", "Ant X1")
    assert "Cincinnati" in unit_reach(s, table.data, s.unit("Ant X1"))


@pytest.mark.rule("GIN-FENCE-02")
def test_a_single_destroyed_fence_fort_is_no_hole(table):
    destroy(table.state, "Chicago")
    s = table.place("Chicago", "Ant X1")
    assert "Cincinnati" not in unit_reach(s, table.data, s.unit("Ant X1"))


@pytest.mark.rule("GIN-MOVE-04", "GIN-FLOW-05")
def test_all_movement_of_the_formation_comes_before_its_combat(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2", "Spider X1")
    table.place("Minneapolis", "Infantry A1")
    events = drive(activate(s, table.ctx([6] * 20), "Swarm", "X", "Swarm X"),
                   answers=["Minneapolis", "Minneapolis", "Minneapolis"])
    kinds = [e.kind for e in events if e.kind in ("move", "combat")]
    # three units each move into Minneapolis (three move events), and only then the Combat
    first_combat = kinds.index("combat")
    assert kinds[:first_combat] == ["move"] * 3 and "move" not in kinds[first_combat:]
    assert table.where("Spider X1") == "Minneapolis"


def test_core_reach_gives_the_same_cities_and_costs_as_the_game(table):
    destroy(table.state, "St Louis", "Memphis")
    s = table.place("Des Moines", "Ant Y1")
    table.place("Nashville", "Infantry C1")
    table.guard("Frankfort", "Guard 12", armed=False)
    table.place("Atlanta", "Infantry C3", "Infantry C4")
    table.place("Birmingham", "Tank C1")
    for uid in ("Ant Y1", "Infantry C1", "Tank C1"):
        fast = unit_reach(s, table.data, s.unit(uid))
        core = movement_reach(s, uid, table.data)
        assert {c: v[0] for c, v in fast.items()} == {c: r.cost for c, r in core.items()}

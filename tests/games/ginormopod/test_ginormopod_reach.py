"""Movement reach through the core `reach` (Ginormopod's movement_reach): the Cities an activated
unit may end its move in, each rule of movement in a position where only that rule decides."""
from __future__ import annotations

import pytest

from rules_lib.games.ginormopod.data import load_game_data
from rules_lib.games.ginormopod.reach import movement_reach


def destroy(state, *forts):
    for f in forts:
        state.forts[f].strength, state.forts[f].destroyed = 0, True


@pytest.mark.rule("GIN-MOVE-01", "GIN-MOVE-02")
def test_reach_gives_each_city_its_mp_cost_and_road_up_to_the_allowance(table):
    s = table.place("Raleigh", "Worm Y1")
    reach = movement_reach(s, "Worm Y1", table.data)
    assert {c: (r.cost, r.path) for c, r in reach.items()} == {
        "Raleigh": (0, ("Raleigh",)), "Atlanta": (1, ("Raleigh", "Atlanta")),
        "Knoxville": (1, ("Raleigh", "Knoxville")), "Richmond": (1, ("Raleigh", "Richmond"))}


@pytest.mark.rule("GIN-MOVE-02")
def test_reach_reads_the_allowance_from_the_data_it_is_given(table):
    slow = load_game_data({"units.types.Ant.mp": 1})
    s = table.place("Raleigh", "Ant Y1")
    assert max(r.cost for r in movement_reach(s, "Ant Y1", table.data).values()) == 3
    assert max(r.cost for r in movement_reach(s, "Ant Y1", slow).values()) == 1
    assert max(r.cost for r in movement_reach(s, "Ant Y1").values()) == 3  # the state's own data


@pytest.mark.rule("GIN-MOVE-01")
def test_only_a_unit_on_the_map_has_a_reach(table):
    with pytest.raises(ValueError, match="Ant Y1 is not on the map \\(it is in the "):
        movement_reach(table.state, "Ant Y1", table.data)


@pytest.mark.rule("GIN-FENCE-01", "GIN-MOVE-05")
def test_the_fence_closes_the_roads_east_to_the_swarm_only(table):
    destroy(table.state, "St Louis")
    s = table.place("St Louis", "Ant Y1", "Tank B1")
    swarm = movement_reach(s, "Ant Y1", table.data)
    assert "Nashville" not in swarm and "Des Moines" in swarm
    assert "Nashville" in movement_reach(s, "Tank B1", table.data)


@pytest.mark.rule("GIN-FENCE-02")
def test_the_swarm_passes_east_through_two_adjacent_destroyed_fence_forts(table):
    destroy(table.state, "St Louis", "Memphis")
    s = table.place("St Louis", "Ant Y1")
    reach = movement_reach(s, "Ant Y1", table.data)
    assert reach["Nashville"].cost == 1 and reach["Knoxville"].cost == 2


@pytest.mark.rule("GIN-MOVE-03")
def test_entering_a_swarm_city_ends_a_human_units_move(table):
    s = table.place("Raleigh", "Tank C1")
    assert "Frankfort" in movement_reach(s, "Tank C1", table.data)  # through Knoxville
    table.place("Knoxville", "Ant Z1")
    reach = movement_reach(s, "Tank C1", table.data)
    assert "Knoxville" in reach and "Frankfort" not in reach


@pytest.mark.rule("GIN-MOVE-03")
def test_entering_a_human_city_ends_a_swarm_units_move(table):
    s = table.place("Nashville", "Ant Y1")
    assert movement_reach(s, "Ant Y1", table.data)["Raleigh"].path == (
        "Nashville", "Knoxville", "Raleigh")
    table.place("Knoxville", "Infantry C1")
    reach = movement_reach(s, "Ant Y1", table.data)
    assert "Knoxville" in reach and "Raleigh" not in reach


@pytest.mark.rule("GIN-NG-03", "GIN-STACK-01")
def test_the_swarm_passes_hidden_guards_unless_it_is_already_full_there(table):
    table.guard("Knoxville", "Guard 1", armed=False)
    s = table.place("Nashville", "Ant Y1")
    assert movement_reach(s, "Ant Y1", table.data)["Raleigh"].path == (
        "Nashville", "Knoxville", "Raleigh")
    table.place("Knoxville", "Ant X1", "Ant X2", "Spider X1", "Worm X1", "Ant Z1", "Ant Z2")
    reach = movement_reach(s, "Ant Y1", table.data)
    assert "Knoxville" not in reach and "Raleigh" not in reach


@pytest.mark.rule("GIN-STACK-01")
def test_a_unit_may_pass_but_not_end_in_a_city_full_of_its_own_side(table):
    s = table.place("Raleigh", "Worm Y1")
    table.place("Knoxville", "Ant X1", "Ant X2", "Spider X1", "Worm X1", "Ant Z1")  # 5 of 6
    assert "Knoxville" in movement_reach(s, "Worm Y1", table.data)
    table.place("Knoxville", "Ant Z2")  # 6: full
    s = table.place("Raleigh", "Ant Y1")
    reach = movement_reach(s, "Ant Y1", table.data)
    assert "Knoxville" not in reach and reach["Frankfort"].path == ("Raleigh", "Knoxville",
                                                                    "Frankfort")


@pytest.mark.rule("GIN-MF-05", "GIN-MOVE-01")
def test_without_data_given_reach_follows_the_roads_of_the_map_the_state_is_played_on(data):
    """The three_western_hives variant plays on its own map section: a unit in Kansas City (a
    City of that map only) reaches along its roads when no data is passed."""
    from rules_lib.games.ginormopod import standard_state
    variant = load_game_data(None, ["three_western_hives"])
    s = standard_state(variant, ["three_western_hives"])
    u = s.unit("Worm Y1")
    u.pool, u.loc = "map", "Kansas City"
    assert sorted(movement_reach(s, "Worm Y1")) == sorted(
        ["Kansas City", "Sioux Falls", "Des Moines", "St Louis", "Shreveport"])
    assert "Kansas City" not in data.cities  # the standard map has no such City

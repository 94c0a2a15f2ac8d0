"""Terrain effects (§P): movement costs for Marines and Vermites, roads, Flooded, defence, Nests."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest

from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.jump_pack import jump_destinations
from rules_lib.games.space_vermin.los import has_line_of_sight
from rules_lib.games.space_vermin.map_entry import landing_zone_hexes
from rules_lib.games.space_vermin.vermite_attacks import vermite_combat_step

from .sv_helpers import ALPHA, BETA, DATA, dice, first_decision, run, table, texts


def h(label):
    return ALPHA.hex(label)


def move_costs(state, unit_id):
    """The MP cost of every destination the Full Move decision offers."""
    decision = first_decision(full_move(state, dice(), unit_id))
    return {k: Fraction(v) for k, v in decision.data["costs"].items()}


def neighbour_of_type(terrain, avoid_road=True):
    """A (from, to) pair of adjacent hexes: 'from' Clear off-road, 'to' of the terrain, no road
    link."""
    for b, t in ALPHA.terrain.items():
        if t != terrain or b in ALPHA.nat_infestation:
            continue
        for a in ALPHA.neighbors(b):
            if (
                ALPHA.terrain_of(a) == "clear"
                and a not in ALPHA.nat_infestation
                and not (avoid_road and ALPHA.road_connected(a, b))
            ):
                return ALPHA.label(a), ALPHA.label(b)
    raise AssertionError(f"no {terrain} hex next to a Clear hex")


@pytest.mark.rule("SV-TERR-06", "SV-MMOV-02")
def test_clear_costs_one_mp():
    a, b = neighbour_of_type("clear")
    assert move_costs(table({"Squad 1": a}), "Squad 1")[b] == 1


@pytest.mark.rule("SV-TERR-01")
def test_bamboo_costs_two_mp_defends_and_blocks_los():
    a, b = neighbour_of_type("bamboo")
    assert move_costs(table({"Squad 1": a}), "Squad 1")[b] == 2
    assert ALPHA.defensive(h(b)) and ALPHA.blocks_los(h(b))


@pytest.mark.rule("SV-TERR-02")
def test_bog_costs_two_mp_defends_but_does_not_block_los():
    a, b = neighbour_of_type("bog")
    assert move_costs(table({"Squad 1": a}), "Squad 1")[b] == 2
    assert ALPHA.defensive(h(b)) and not ALPHA.blocks_los(h(b))


@pytest.mark.rule("SV-TERR-05", "SV-TERR-07")
def test_buildings_are_road_hexes_connected_to_adjacent_roads_at_half_mp():
    # 315 (Building) -> 314 (Building) and 315 -> 252 (Road) are connected: 1/2 MP each
    costs = move_costs(table({"Squad 1": 315}), "Squad 1")
    assert costs["314"] == Fraction(1, 2) and costs["252"] == Fraction(1, 2)
    assert ALPHA.defensive(h(315)) and ALPHA.blocks_los(h(315))


@pytest.mark.rule("SV-TERR-07")
def test_road_half_mp_for_marines_one_mp_for_vermites_regardless_of_other_terrain():
    road = ALPHA.mdata.roads[0]
    a, b = h(road[0]), h(road[1])
    assert ALPHA.marine_step_cost(a, b) == Fraction(1, 2)
    assert ALPHA.vermite_step_cost(a, b) == 1
    costs = move_costs(table({"Squad 1": road[0]}), "Squad 1")
    assert costs[road[3]] == Fraction(3, 2)  # three road steps


@pytest.mark.rule("SV-TERR-03", "SV-TERR-04")
def test_bogs_flood_makes_bogs_and_their_neighbours_cost_two_even_on_the_road():
    road = ALPHA.mdata.roads[0]
    # find a road step into a hex next to a bog
    for a, b in pairwise(road):
        if ALPHA.is_flooded(h(b), True):
            break
    else:
        raise AssertionError("the road never passes a bog")
    dry = move_costs(table({"Squad 1": a}), "Squad 1")
    wet = move_costs(table({"Squad 1": a}, flooded=True), "Squad 1")
    assert dry[b] == Fraction(1, 2) and wet[b] == 2
    bog = next(x for x, t in ALPHA.terrain.items() if t == "bog")
    assert all(ALPHA.is_flooded(n, True) for n in ALPHA.neighbors(bog))
    assert not ALPHA.is_flooded(bog, False)
    clear_next_to_bog = next(n for n in ALPHA.neighbors(bog) if ALPHA.terrain_of(n) == "clear")
    assert not ALPHA.defensive(clear_next_to_bog) and ALPHA.defensive(clear_next_to_bog, True)


@pytest.mark.rule("SV-TERR-12")
def test_toxic_tar_pit_cannot_be_entered_and_blocks_los():
    pit = h("u4.3")
    state = table({"Squad 1": 212})
    assert "u4.3" not in move_costs(state, "Squad 1")
    assert "u4.3" not in jump_destinations(ALPHA, state)
    assert ALPHA.blocks_los(pit)


@pytest.mark.rule("SV-TERR-18", "SV-TERR-20")
def test_marines_never_enter_nat_infestation_or_nest_hexes():
    ring = [x for x in ALPHA.neighbors(ALPHA.nests[1]) if x in ALPHA.nat_infestation]
    start = next(
        n
        for r in ring
        for n in ALPHA.neighbors(r)
        if n not in ALPHA.nat_infestation and ALPHA.terrain_of(n) == "clear"
    )
    costs = move_costs(table({"Scout 1": ALPHA.label(start)}), "Scout 1")
    assert not ({ALPHA.label(x) for x in ALPHA.nat_infestation} & set(costs))
    assert not (
        {ALPHA.label(x) for x in ALPHA.nat_infestation} & set(landing_zone_hexes(ALPHA, table({})))
    )
    assert ALPHA.terrain_of(ALPHA.nests[1]) == "nest" and not ALPHA.defensive(ALPHA.nests[1])


@pytest.mark.rule("SV-TERR-20", "SV-MCOMB-02")
def test_vermites_in_a_nest_cannot_be_targeted():
    """From beyond the NAT infestation ring, with the Nest in range and in sight, the Vermite in
    the Nest is no target; the same Vermite out on the ring is one (§J)."""
    nest = ALPHA.nests[2]
    ring, outside = next(
        (r, n)
        for r in ALPHA.neighbors(nest) if r in ALPHA.nat_infestation
        for n in ALPHA.neighbors(r)
        if n not in ALPHA.nat_infestation and n != nest and ALPHA.terrain_of(n) == "clear"
        and has_line_of_sight(ALPHA, None, n, nest)
    )
    state = table({"Squad 1": ALPHA.label(outside), "Soldier #1": "Nest 2"})
    assert fire_plans(DATA, ALPHA, state, "Squad 1") == []
    state.unit("Soldier #1").hex = ALPHA.label(ring)
    assert [p.target for p in fire_plans(DATA, ALPHA, state, "Squad 1")] == ["Soldier #1"]


@pytest.mark.rule("SV-TERR-23", "SV-TERR-26")
def test_tunnel_entrances_and_exits_are_clear_terrain():
    for lab in [*ALPHA.mdata.nest_tunnel_entrances.values(), *ALPHA.mdata.tunnel_exits.values()]:
        assert ALPHA.terrain_of(h(lab)) == "clear"


@pytest.mark.rule("SV-TERR-11")
def test_marines_ignore_scent_trails():
    a, b = "333", "361"  # connected trail hexes: Vermites pay 1, Marines pay the terrain
    assert ALPHA.trail_connected(h(a), h(b))
    assert ALPHA.vermite_step_cost(h(a), h(b)) == 1
    costs = move_costs(table({"Squad 1": a}), "Squad 1")
    assert costs[b] == ALPHA.types[ALPHA.terrain_of(h(b))].cost


@pytest.mark.rule("SV-TERR-10")
def test_connected_scent_trail_hexes_cost_vermites_one_mp_except_flooded():
    assert ALPHA.vermite_step_cost(h(361), h(356)) == 1
    bamboo_on_trail = [
        (x, y)
        for t in ALPHA.mdata.scent_trails
        for x, y in zip(t.path, t.path[1:])
        if ALPHA.terrain_of(h(y)) == "bamboo"
    ]
    for x, y in bamboo_on_trail:
        assert ALPHA.vermite_step_cost(h(x), h(y)) == 1
    flooded = [
        (x, y)
        for t in ALPHA.mdata.scent_trails
        for x, y in zip(t.path, t.path[1:])
        if ALPHA.is_flooded(h(y), True)
    ]
    for x, y in flooded:
        assert ALPHA.vermite_step_cost(h(x), h(y), flooded=True) == 2
    assert bamboo_on_trail and flooded


@pytest.mark.rule("SV-TERR-13")
def test_crown_jewel_location_hexes_hold_the_jewels_and_are_not_landing_zones():
    from .test_sv_scenarios import set_up

    # the Family Jewels set-up deploys the Crown Jewels on the Location hexes 421 and 356 (SV-MF-07)
    assert set_up("family_jewels", 0).state.jewels == {"421": 2, "356": 2}
    state = table({}, jewels={"421": 2, "356": 2})
    zones = landing_zone_hexes(ALPHA, state)
    assert "421" not in zones and "356" not in zones


@pytest.mark.rule("SV-TERR-32", "SV-VATK-07", "SV-MCOMB-07")
@pytest.mark.parametrize("terrain", ["bamboo", "bog", "building"])
def test_defensive_terrain_costs_the_attacker_one_cf(terrain):
    a, b = neighbour_of_type(terrain)
    state = table({"Squad 1": a, "Soldier #1": b})
    plan = fire_plans(DATA, ALPHA, state, "Squad 1")[0]
    assert ("target in defensive terrain", -1) in plan.modifiers
    state = table({"Squad 1": b, "Soldier #1": a})
    # Soldier CF 4 - 1 = 3 dice against the Squad's DN 4
    events = run(vermite_combat_step(state, dice(1, 1, 1)))
    assert "CF 3 (target in defensive terrain -1)" in texts(events)


@pytest.mark.rule("SV-TERR-33")
def test_drones_gain_the_defensive_benefit_of_their_hex():
    a, b = neighbour_of_type("bamboo")
    state = table({"Squad 1": a, "Drone #4": b})
    plan = fire_plans(DATA, ALPHA, state, "Squad 1")[0]
    assert plan.target == "Drone #4" and ("target in defensive terrain", -1) in plan.modifiers


@pytest.mark.rule("SV-TERR-08")
def test_scent_trails_run_from_a_start_dot_through_adjacent_hexes_to_an_x_end():
    for trail in ALPHA.mdata.scent_trails + BETA.mdata.scent_trails:
        smap = ALPHA if trail in ALPHA.mdata.scent_trails else BETA
        assert len(trail.path) >= 2
        for a, b in zip(trail.path, trail.path[1:]):
            assert smap.trail_next(smap.hex(a)) == smap.hex(b)
        assert smap.trail_next(smap.hex(trail.path[-1])) is None  # the X ends the trail


def test_a_scent_trail_with_a_gap_is_rejected_naming_the_hexes():
    from rules_lib.core.data import DataError
    from rules_lib.games.space_vermin.data import build, load_sources

    sources = load_sources()
    sources["alpha"].tree["scent_trails"][0]["path"] = [321, 361]
    with pytest.raises(DataError, match="scent_trails\\[0\\].path\\[1\\]: hexes 321 and 361"):
        build(sources)


@pytest.mark.rule("SV-TERR-14")
def test_jewel_exit_trails_are_not_scent_trails_and_lead_to_the_nest_entrance():
    for start, (nest, path) in ALPHA.mdata.jewel_exit_trails.items():
        assert path[0] == start and path[-1] == ALPHA.mdata.nest_tunnel_entrances[nest]
        x = ALPHA.hex(start)
        walked = [start]
        while ALPHA.jewel_trail_next(x) is not None:
            x = ALPHA.jewel_trail_next(x)
            walked.append(ALPHA.label(x))
        assert tuple(walked) == path
    # hexes only on a Jewel Exit Trail cost Vermites their terrain, not the trail's 1 MP
    a, b = ALPHA.hex("362"), ALPHA.hex("363")
    assert not ALPHA.trail_connected(a, b) and ALPHA.vermite_step_cost(a, b) == 2


@pytest.mark.rule("SV-TERR-21")
def test_vermites_may_enter_and_leave_a_nest_through_its_neighbours():
    for nest in ALPHA.nests.values():
        for n in ALPHA.neighbors(nest):
            if ALPHA.terrain_of(n) != "tar_pit":
                assert ALPHA.vermite_step_cost(n, nest) == 1
                assert ALPHA.vermite_step_cost(nest, n) is not None


@pytest.mark.rule("SV-TUN-03")
def test_tunnel_exits_belong_to_their_nest_in_number_order():
    assert ALPHA.tunnel_exits_of(1) == [1, 2, 3] and ALPHA.tunnel_exits_of(2) == [4, 5, 6]
    assert ALPHA.label(ALPHA.tunnel_exit_hex(4)) == "514"

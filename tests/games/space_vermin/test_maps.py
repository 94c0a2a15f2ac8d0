"""The two Mapzones: numbering, edges, terrain and every catalogue map fact (one test each)."""

from __future__ import annotations

import itertools

import pytest

from rules_lib.games.space_vermin.actions import legal_actions
from rules_lib.games.space_vermin.fire_actions import full_fire
from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.map_entry import ENTER, designated_entry
from rules_lib.games.space_vermin.movement import marine_reach
from rules_lib.games.space_vermin.scientist import BUILD

from .sv_helpers import ALPHA, BETA, DATA, dice, first_decision, run, table, texts


def h(label, smap=ALPHA):
    return smap.hex(label)


@pytest.mark.rule("SV-MF-01", "SV-MAP-01")
@pytest.mark.parametrize("smap", [ALPHA, BETA], ids=["alpha", "beta"])
def test_216_numbered_hexes_and_the_rest_clear_nest_or_tar_pit(smap):
    numbered = [lab for lab in smap.hex_of if lab.isdigit()]
    assert sorted(numbered) == ["".join(d) for d in itertools.product("123456", repeat=3)]
    others = {smap.terrain_of(hx) for lab, hx in smap.hex_of.items() if not lab.isdigit()}
    assert others <= {"clear", "nest", "tar_pit"}
    assert len(smap.hex_of) > 216


@pytest.mark.rule("SV-MF-01", "SV-MAP-03", "SV-EX-01")
def test_three_dice_read_in_order_name_a_numbered_hex():
    assert ALPHA.label(ALPHA.hex_from_dice(2, 3, 1)) == "231"
    for d in itertools.product(range(1, 7), repeat=3):
        assert ALPHA.numbered(ALPHA.hex_from_dice(*d))


@pytest.mark.rule("SV-MF-02")
def test_alpha_111_to_116_lie_on_the_west_edge():
    for n in range(111, 117):
        assert "west" in ALPHA.edges(h(n))
    assert ALPHA.mdata.jewel_exit_hexes == tuple(str(n) for n in range(111, 117))


@pytest.mark.rule("SV-MF-03")
def test_alpha_221_is_on_the_north_edge_and_ends_the_nest_1_sneak_attack_trail():
    assert "north" in ALPHA.edges(h(221))
    assert str(ALPHA.mdata.sneak_attack["nest_1"]["trail_end"]) == "221"


@pytest.mark.rule("SV-MF-04")
def test_alpha_613_is_on_the_south_edge_and_ends_the_nest_2_sneak_attack_trail():
    assert "south" in ALPHA.edges(h(613))
    assert str(ALPHA.mdata.sneak_attack["nest_2"]["trail_end"]) == "613"


@pytest.mark.rule("SV-MF-05")
def test_alpha_656_is_the_east_edge_entry_hex_recovery_vehicles_march_on_through():
    assert "east" in ALPHA.edges(h(656))
    state = table({})
    rv = state.unit("RV 1")
    rv.status, rv.arrival_turn = "off_map", 1
    run(designated_entry(state, dice(), "RV 1"), answers=["656"])
    assert rv.hex == "656" and rv.status == "map"


@pytest.mark.rule("SV-MF-06")
def test_alpha_convention_center_422_in_new_lancaster_and_labs_213_564():
    assert ALPHA.mdata.landmarks["New Lancaster Convention Center"] == "422"
    assert "422" in ALPHA.mdata.city_limits["New Lancaster"]
    assert set(ALPHA.mdata.labs.values()) == {"213", "564"}
    for lab in ("213", "564"):
        state = table({"M.A.D. Scientist": lab}, secret_weapons_left=["The Alley Cat"])
        assert BUILD in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")
    state = table({"M.A.D. Scientist": "422"}, secret_weapons_left=["The Alley Cat"])
    assert BUILD not in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")


@pytest.mark.rule("SV-MF-07")
def test_alpha_crown_jewel_locations_are_421_and_356():
    assert ALPHA.mdata.crown_jewel_locations == ("421", "356")


@pytest.mark.rule("SV-MF-08")
def test_alpha_tunnel_exit_4_is_hex_514_a_nest_2_exit():
    assert ALPHA.mdata.tunnel_exits[4] == "514"
    assert ALPHA.mdata.exit_nests[4] == 2


@pytest.mark.rule("SV-MF-09", "SV-TERR-22", "SV-TUN-03")
def test_alpha_nests_are_unnumbered_with_six_nat_hexes_each_and_their_exits():
    for n, nest in ALPHA.nests.items():
        assert not ALPHA.numbered(nest) and ALPHA.label(nest) == f"Nest {n}"
        ring = [x for x in ALPHA.neighbors(nest) if x in ALPHA.nat_infestation]
        assert len(ring) == 5 and all(ALPHA.terrain_of(x) == "clear" for x in ring)
    assert len(ALPHA.nat_infestation) == 12
    assert {e for e, n in ALPHA.mdata.exit_nests.items() if n == 1} == {1, 2, 3}
    assert {e for e, n in ALPHA.mdata.exit_nests.items() if n == 2} == {4, 5, 6}


@pytest.mark.rule("SV-MF-10")
def test_alpha_tunnel_exit_3_is_directly_south_of_322():
    assert ALPHA.neighbor(h(322), 4) == h(ALPHA.mdata.tunnel_exits[3])


@pytest.mark.rule("SV-MF-11")
def test_alpha_322_clear_and_321_bamboo_directly_north_of_it():
    assert ALPHA.terrain_of(h(322)) == "clear"
    assert ALPHA.terrain_of(h(321)) == "bamboo"
    assert ALPHA.neighbor(h(322), 1) == h(321)
    exit3 = h(ALPHA.mdata.tunnel_exits[3])
    # the movement example: 1 MP into 322, 2 MP into 321 (a Soldier's 3 MP)
    assert ALPHA.vermite_step_cost(exit3, h(322)) == 1
    assert ALPHA.vermite_step_cost(h(322), h(321)) == 2


@pytest.mark.rule("SV-MF-12")
def test_alpha_scent_trail_321_333_361_356():
    trail = ALPHA.mdata.scent_trails[0]
    assert trail.path == ("321", "333", "361", "356")
    for a, b in zip(trail.path, trail.path[1:]):
        assert ALPHA.adjacent(h(a), h(b)) and ALPHA.trail_connected(h(a), h(b))


@pytest.mark.rule("SV-MF-13")
def test_alpha_tar_pit_north_of_212_and_153_the_lowest_sidestep_then_152():
    north = ALPHA.neighbor(h(212), 1)
    assert ALPHA.terrain_of(north) == "tar_pit" and not ALPHA.numbered(north)
    onward = [
        x
        for x in ALPHA.neighbors(h(212))
        if x != north
        and ALPHA.neighbor(x, 1) is not None
        and ALPHA.enterable(x, ALPHA.neighbor(x, 1))
    ]
    assert ALPHA.label(ALPHA.lowest_numbered(onward, h(212))) == "153"
    assert ALPHA.neighbor(h(153), 1) == h(152)


@pytest.mark.rule("SV-MF-14")
def test_alpha_416_is_clear():
    assert ALPHA.terrain_of(h(416)) == "clear" and not ALPHA.defensive(h(416))


@pytest.mark.rule("SV-MF-15")
def test_alpha_315_is_a_building():
    assert ALPHA.terrain_of(h(315)) == "building"


@pytest.mark.rule("SV-MF-16")
def test_alpha_252_is_adjacent_to_315():
    assert ALPHA.adjacent(h(252), h(315))


@pytest.mark.rule("SV-MF-17")
def test_alpha_316_is_adjacent_to_315_and_334():
    assert ALPHA.adjacent(h(316), h(315)) and ALPHA.adjacent(h(316), h(334))


@pytest.mark.rule("SV-MF-18")
def test_alpha_315_is_adjacent_to_335():
    assert ALPHA.adjacent(h(315), h(335))


J1 = {"Squad 1": 315, "HQ 1": 335, "Special Ops 1": 413, "Ultra-Mite #2": 131, "Soldier #1": 316}


@pytest.mark.rule("SV-MF-19", "SV-LOS-01")
def test_alpha_j1_lines_of_sight_315_sees_131_and_316_335_sees_neither():
    state = table(J1)
    squad = first_decision(full_fire(state, dice(), "Squad 1"))
    assert set(squad.options) == {"Ultra-Mite #2", "Soldier #1"}
    assert fire_plans(DATA, ALPHA, state, "HQ 1") == []


@pytest.mark.rule("SV-MF-20")
def test_alpha_131_is_not_adjacent_to_315_and_not_defensive():
    assert not ALPHA.adjacent(h(131), h(315))
    assert not ALPHA.defensive(h(131))
    plan = next(
        p for p in fire_plans(DATA, ALPHA, table(J1), "Squad 1") if p.target == "Ultra-Mite #2"
    )
    assert plan.cf == 5 and plan.modifiers == (("adjacent to an HQ", 1),)


@pytest.mark.rule("SV-MF-21")
def test_alpha_316_within_4_of_413_and_131_beyond():
    assert ALPHA.distance(h(413), h(316)) <= 4 < ALPHA.distance(h(413), h(131))
    targets = [p.target for p in fire_plans(DATA, ALPHA, table(J1), "Special Ops 1")]
    assert targets == ["Soldier #1"]


@pytest.mark.rule("SV-MF-22")
def test_alpha_315_and_335_are_within_two_hexes_of_316():
    assert ALPHA.distance(h(315), h(316)) <= 2 and ALPHA.distance(h(335), h(316)) <= 2


@pytest.mark.rule("SV-MF-23")
def test_alpha_road_crosses_the_map_west_to_east_and_splits_it():
    road = ALPHA.mdata.roads[ALPHA.mdata.main_road]
    cols = [ALPHA.mdata.cells[lab][0] for lab in road]
    assert cols == list(range(1, 19))
    assert "west" in ALPHA.edges(h(road[0])) and "east" in ALPHA.edges(h(road[-1]))
    assert all(ALPHA.zone(h(lab)) == "north" for lab in road)  # "on or north of the road"
    assert ALPHA.zone(ALPHA.nests[1]) == "south" and ALPHA.zone(ALPHA.nests[2]) == "north"
    assert ALPHA.zone(h(323)) == "south"


@pytest.mark.rule("SV-MF-24")
def test_alpha_new_lancaster_city_limits_hold_buildings_and_the_example_marines():
    town = ALPHA.mdata.city_limits["New Lancaster"]
    assert {"315", "335", "334", "422"} <= set(town)
    assert sum(ALPHA.terrain_of(h(lab)) == "building" for lab in town) >= 5


@pytest.mark.rule("SV-MF-25")
def test_beta_652_661_665_are_east_edge_marine_entry_hexes():
    assert BETA.mdata.marine_entry_hexes == ("652", "661", "665")
    for lab in ("652", "661", "665"):
        assert "east" in BETA.edges(h(lab, BETA))
    state = table({}, map_key="beta")
    hq = state.unit("HQ 1")
    hq.status, hq.arrival_turn = "off_map", 1
    assert ENTER in legal_actions(DATA, BETA, state, "HQ 1")
    options = first_decision(designated_entry(state, dice(), "HQ 1")).options
    assert {"652", "661", "665"} <= set(options)


@pytest.mark.rule("SV-MF-26")
def test_beta_616_is_the_science_station_lab():
    assert BETA.mdata.labs == {"Science Station": "616"}
    state = table({"M.A.D. Scientist": 616}, map_key="beta", secret_weapons_left=["The Kitten"])
    assert BUILD in legal_actions(DATA, BETA, state, "M.A.D. Scientist")


@pytest.mark.rule("SV-MF-27", "SV-TERR-29")
def test_beta_six_vermite_entry_hexes_on_the_west_side():
    entries = BETA.mdata.vermite_entry_hexes
    assert sorted(entries) == [1, 2, 3, 4, 5, 6]
    assert all("west" in BETA.edges(h(lab, BETA)) for lab in entries.values())


@pytest.mark.rule("SV-MF-28", "SV-TERR-28")
def test_beta_psychic_whip_zone_is_within_five_hexes_of_the_west_edge():
    by_col = {}
    for lab, (c, _) in BETA.mdata.cells.items():
        by_col.setdefault(c, lab)
    assert all(BETA.in_psychic_whip(h(by_col[c], BETA)) for c in range(1, 6))
    assert not any(BETA.in_psychic_whip(h(by_col[c], BETA)) for c in range(6, 19))
    assert not ALPHA.in_psychic_whip(h(111))


@pytest.mark.rule("SV-MF-29")
def test_beta_east_edge_is_the_escape_edge():
    assert BETA.mdata.escape_edge == "east" and ALPHA.mdata.escape_edge is None


@pytest.mark.rule("SV-MF-30", "SV-TERR-27", "SV-TERR-30")
def test_beta_bridge_over_tar_pit_wormhole_dorm_and_science_center():
    bridge = h(BETA.mdata.bridges[0], BETA)
    assert BETA.terrain_of(bridge) == "tar_pit" and bridge in BETA.road_hexes
    assert BETA.blocks_los(bridge)
    assert any(
        bridge in (h(a, BETA), h(b, BETA))
        for t in BETA.mdata.scent_trails
        for a, b in zip(t.path, t.path[1:])
    )
    wormhole = h(BETA.mdata.landmarks["Wormhole"], BETA)
    assert BETA.terrain_of(wormhole) == "clear"
    assert {"Dorm", "Science Station"} <= set(BETA.mdata.landmarks)
    # a Marine crosses the bridge along the road, but cannot step onto it from off the road
    state = table({"Squad 1": 356}, map_key="beta")
    assert bridge in marine_reach(DATA, BETA, state, "Squad 1")
    state = table({"Squad 1": 355}, map_key="beta")
    found = marine_reach(DATA, BETA, state, "Squad 1", budget=1)
    assert bridge not in found


@pytest.mark.rule("SV-MAP-01")
def test_a_map_file_with_a_missing_hex_number_is_rejected_naming_it():
    from rules_lib.core.data import DataError
    from rules_lib.games.space_vermin.data import build, load_sources

    sources = load_sources()
    sources["alpha"].tree["columns"][1][0] = 999
    with pytest.raises(DataError, match="alpha.yaml: columns: .*missing \\['111'\\].*'999'"):
        build(sources)


def test_unknown_hex_in_a_feature_is_rejected_naming_file_and_hex():
    from rules_lib.core.data import DataError
    from rules_lib.games.space_vermin.data import load_game_data

    with pytest.raises(DataError, match="alpha.yaml.*labs.College Lab.*'777'"):
        load_game_data({"alpha:labs.College Lab": 777})


def test_hex_numbering_messages_name_the_layout_in_events():
    state = table(J1)
    events = run(full_fire(state, dice(6, 6, 5, 1, 1), "Squad 1"), answers=["Ultra-Mite #2"])
    assert "131" in texts(events)

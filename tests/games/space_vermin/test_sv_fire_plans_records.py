"""Who may fire at what, with which CF (§J-1 standard fire, §J-2 pistols, §J-4 PANTS, §E-1-c Tunnel
Exit chits), shot by shot: every FirePlan field (weapon, CF, each modifier named, DN, readings).

The maps are built afresh for each test: a map keeps the lines it has traced
(``SVMap.sight_lines``), and ``fire_plans`` reads them before tracing, so a shared map could answer
from lines traced earlier and leave the tracing branch of the code untried. The cross-checks at
the end compare ``fire_plans`` and ``can_fire`` with §J read plainly, target by target."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin import dice as svdice
from rules_lib.games.space_vermin.board import SVMap
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.fire_plans import (
    NAT_FIRE_TWICE,
    NAT_ONCE_WHY,
    SCIENTIST_PISTOL,
    SCIENTIST_PISTOL_WHY,
    FirePlan,
    ShotRules,
    adjacent_hq,
    can_fire,
    fire_plans,
    fire_scene,
    firing_side,
    other_marine_hexes,
)
from rules_lib.games.space_vermin.los import has_line_of_sight
from rules_lib.games.space_vermin.state import counter_side, effective_values

from .sv_helpers import DATA, table, targetable

ADJ = ("target adjacent", 1)
DEF = ("target in defensive terrain", -1)
SNS = ("Shoot and Scoot", -1)
NAT = ("NAT marker", -1)
HQ = ("adjacent to an HQ", 1)


def fresh(key: str = "alpha") -> SVMap:
    return SVMap(DATA.maps[key], DATA)


def plans(state, firer, smap=None, **kw):
    smap = smap or fresh(state.map)
    return fire_plans(DATA, smap, state, firer, **kw)


def shots(state, firer, smap=None, **kw):
    """(target, target hex, weapon, CF, DN, modifiers) of every plan, in the order offered."""
    return [(p.target, p.target_hex, p.weapon, p.cf, p.dn, p.modifiers)
            for p in plans(state, firer, smap, **kw)]


# -- the shots, field by field ----------------------------------------------------------------------


@pytest.mark.rule("SV-MCOMB-05", "SV-MCOMB-08", "SV-MCOMB-10")
def test_a_squad_fires_at_an_adjacent_vermite_at_cf_plus_one_against_its_dn():
    state = table({"Squad 1": 411, "Soldier #3": 412})
    assert plans(state, "Squad 1") == [
        FirePlan("Squad 1", "Soldier #3", "412", "standard", 5, 2, (ADJ,), (), "")]


@pytest.mark.rule("SV-MCOMB-05", "SV-LOS-01")
def test_a_squad_fires_at_a_far_vermite_in_sight_at_its_printed_cf():
    state = table({"Squad 1": 411, "Soldier #3": 413})
    assert shots(state, "Squad 1") == [("Soldier #3", "413", "standard", 4, 2, ())]


@pytest.mark.rule("SV-LOS-01", "SV-TERR-31")
def test_a_far_vermite_behind_a_unit_is_no_target():
    state = table({"Squad 1": 411, "Soldier #3": 413, "Squad 2": 412})
    assert shots(state, "Squad 1") == []


@pytest.mark.rule("SV-LOS-01", "SV-TERR-31")
def test_a_far_vermite_behind_blocking_terrain_is_no_target():
    smap = fresh()
    assert smap.blocks_los(smap.hex(363))  # Bamboo between 412 and 364
    assert not has_line_of_sight(smap, None, smap.hex(412), smap.hex(364))
    state = table({"Squad 1": 412, "Soldier #3": 364})
    assert shots(state, "Squad 1") == []


@pytest.mark.rule("SV-MCOMB-07", "SV-TERR-32")
def test_a_target_in_defensive_terrain_costs_one_cf():
    state = table({"Squad 1": 412, "Soldier #3": 363})  # 363 is Bamboo, adjacent
    assert shots(state, "Squad 1") == [("Soldier #3", "363", "standard", 4, 2, (DEF, ADJ))]


@pytest.mark.rule("SV-MCOMB-07", "SV-TERR-03", "SV-TERR-04")
def test_a_flooded_hex_is_defensive_terrain_while_the_bogs_flood():
    smap = fresh()
    flooded = "255"  # clear, next to the Bog of 234
    assert smap.is_flooded(smap.hex(flooded), True) and not smap.defensive(smap.hex(flooded))
    firer = next(lab for lab in sorted(smap.adjacent_labels[flooded])
                 if smap.terrain_of(smap.hex(lab)) == "clear"
                 and not smap.is_flooded(smap.hex(lab), True))
    dry = table({"Squad 1": firer, "Soldier #3": flooded})
    wet = table({"Squad 1": firer, "Soldier #3": flooded}, flooded=True)
    assert shots(dry, "Squad 1")[0][5] == (ADJ,)
    assert shots(wet, "Squad 1")[0][5] == (DEF, ADJ)


@pytest.mark.rule("SV-FIRE-02", "SV-MCOMB-07", "SV-MCOMB-09")
def test_shoot_and_scoot_costs_one_cf_listed_first():
    state = table({"Squad 1": 412, "Soldier #3": 363})
    assert shots(state, "Squad 1", shoot_and_scoot=True) == [
        ("Soldier #3", "363", "standard", 3, 2, (SNS, DEF, ADJ))]


@pytest.mark.rule("SV-MCOMB-07", "SV-NAT-08", "SV-AMB-04")
def test_a_nat_marked_firer_loses_one_cf_once_by_the_default_reading():
    state = table({"Squad 1": 411, "Soldier #3": 412})
    state.unit("Squad 1").nat = "tainted"
    assert plans(state, "Squad 1") == [FirePlan(
        "Squad 1", "Soldier #3", "412", "standard", 4, 2, (NAT, ADJ),
        ("SV-AMB-04", "SV-NAT-08"), NAT_ONCE_WHY)]


@pytest.mark.rule("SV-AMB-04", "SV-NAT-08")
def test_the_variant_takes_the_nat_cf_penalty_twice_and_says_so():
    state = table({"Squad 1": 411, "Soldier #3": 412}, variants=frozenset({NAT_FIRE_TWICE}))
    state.unit("Squad 1").nat = "infected"
    assert plans(state, "Squad 1") == [FirePlan(
        "Squad 1", "Soldier #3", "412", "standard", 3, 2,
        (NAT, ("NAT marker's CF reduction (§J-7)", -1), ADJ), ("SV-AMB-04", "SV-NAT-08"),
        "variant nat_fire_penalty_twice (other reading of SV-AMB-04)")]


@pytest.mark.rule("SV-MCOMB-08")
def test_a_firer_next_to_another_marines_hq_gains_one_cf():
    state = table({"Squad 1": 411, "HQ 1": 361, "Soldier #3": 413})
    assert shots(state, "Squad 1") == [("Soldier #3", "413", "standard", 5, 2, (HQ,))]


@pytest.mark.rule("SV-MCOMB-08")
def test_an_hq_far_away_or_a_marine_next_to_the_firer_that_is_no_hq_gives_nothing():
    state = table({"Squad 1": 411, "HQ 1": 111, "Squad 2": 361, "Soldier #3": 413})
    assert shots(state, "Squad 1") == [("Soldier #3", "413", "standard", 4, 2, ())]
    assert not adjacent_hq(DATA, fresh(), state, state.unit("Squad 1"))


@pytest.mark.rule("SV-MCOMB-08")
def test_an_hq_does_not_count_itself_but_counts_another_hq_next_to_it():
    state = table({"HQ 1": 411, "Soldier #3": 413})
    assert not adjacent_hq(DATA, fresh(), state, state.unit("HQ 1"))
    state = table({"HQ 1": 411, "HQ 2": 361, "Soldier #3": 413})
    assert adjacent_hq(DATA, fresh(), state, state.unit("HQ 1"))
    assert shots(state, "HQ 1") == [("Soldier #3", "413", "standard", 4, 2, (HQ,))]


@pytest.mark.rule("SV-PIST-01", "SV-PIST-02")
def test_pistols_reach_the_adjacent_hexes_only_and_get_no_adjacent_bonus():
    state = table({"Logistics": 411, "Soldier #3": 412, "Soldier #5": 413})
    assert shots(state, "Logistics") == [("Soldier #3", "412", "pistol", 2, 2, ())]


@pytest.mark.rule("SV-PIST-01", "SV-COMP-05")
def test_a_disrupted_squad_fires_its_pistol():
    state = table({"Squad 1": 411, "Soldier #3": 412, "Soldier #5": 413})
    state.unit("Squad 1").reduced = True
    assert shots(state, "Squad 1") == [("Soldier #3", "412", "pistol", 1, 2, ())]


@pytest.mark.rule("SV-MCOMB-09")
def test_below_cf_one_there_is_no_shot():
    state = table({"Squad 1": 412, "Soldier #3": 363})  # pistol CF 1, -1 defensive terrain
    state.unit("Squad 1").reduced = True
    assert shots(state, "Squad 1") == [] and not can_fire(DATA, fresh(), state, "Squad 1")
    state = table({"Squad 1": 412, "Soldier #3": 413})  # pistol CF 1: a shot
    state.unit("Squad 1").reduced = True
    assert shots(state, "Squad 1") == [("Soldier #3", "413", "pistol", 1, 2, ())]


@pytest.mark.rule("SV-PIST-03")
def test_a_disrupted_logistics_unit_and_an_ant_gun_have_no_fire_plans():
    state = table({"Logistics": 411, "A.N.T. Gun": 413, "Soldier #3": 412})
    state.unit("Logistics").reduced = True
    assert plans(state, "Logistics") == [] and not can_fire(DATA, fresh(), state, "Logistics")
    assert plans(state, "A.N.T. Gun") == [] and not can_fire(DATA, fresh(), state, "A.N.T. Gun")


@pytest.mark.rule("SV-LZ-07")
def test_a_marine_that_landed_this_turn_may_not_fire():
    state = table({"Squad 1": 411, "Soldier #3": 412}, turn=3)
    state.unit("Squad 1").landed_turn = 3
    assert plans(state, "Squad 1") == [] and not can_fire(DATA, fresh(), state, "Squad 1")
    state.unit("Squad 1").landed_turn = 2
    assert plans(state, "Squad 1") != [] and can_fire(DATA, fresh(), state, "Squad 1")


@pytest.mark.rule("SV-MCOMB-02")
def test_a_vermite_has_no_fire_plans_and_a_marine_off_the_map_neither():
    state = table({"Squad 1": 411, "Soldier #3": 412})
    assert plans(state, "Soldier #3") == [] and not can_fire(DATA, fresh(), state, "Soldier #3")
    assert state.unit("Squad 2").status != "map"
    assert plans(state, "Squad 2") == [] and not can_fire(DATA, fresh(), state, "Squad 2")


@pytest.mark.rule("SV-EVT-04")
def test_an_event_range_limit_stops_fire_beyond_it():
    # Soldier #1 (first in unit order) 3 hexes away, Soldier #3 2 hexes away, both in sight
    state = table({"Squad 1": 411, "Soldier #3": 413, "Soldier #1": 516})
    state.fire_range_limit = 2
    assert [s[0] for s in shots(state, "Squad 1")] == ["Soldier #3"]
    assert can_fire(DATA, fresh(), state, "Squad 1")
    state.fire_range_limit = 0  # no limit
    assert [s[0] for s in shots(state, "Squad 1")] == ["Soldier #3", "Soldier #1"]


@pytest.mark.rule("SV-MCOMB-04")
def test_every_vermite_of_a_stack_is_a_target_of_its_own_in_hex_then_unit_order():
    state = table({"Squad 1": 411, "Soldier #3": 413, "Drone #4": 413, "Soldier #1": 426})
    assert [(s[0], s[1]) for s in shots(state, "Squad 1")] == [
        ("Drone #4", "413"), ("Soldier #3", "413"), ("Soldier #1", "426")]


@pytest.mark.rule("SV-MCOMB-10")
def test_a_shots_dice_pool_is_cf_dice_beating_the_dn():
    plan = FirePlan("Squad 1", "Soldier #3", "412", "standard", 5, 2)
    assert plan.pool() == svdice.fire_pool(5, 2, "exceeds")
    assert plan.pool("at_least") == svdice.fire_pool(5, 2, "at_least")
    assert plan.pool() != plan.pool("at_least")


# -- PANTS -----------------------------------------------------------------------------------------


@pytest.mark.rule("SV-PANTS-01")
def test_pants_reach_four_hexes_through_anything_one_die_against_the_dn():
    state = table({"Special Ops 1": 411, "Squad 2": 412, "Soldier #3": 413, "Drone #4": 415,
                   "Soldier #5": 416})
    dn = {u: effective_values(DATA, state.unit(u)).dn for u in ("Soldier #3", "Drone #4")}
    assert plans(state, "Special Ops 1") == [
        FirePlan("Special Ops 1", "Soldier #3", "413", "pants", 1, dn["Soldier #3"]),
        FirePlan("Special Ops 1", "Drone #4", "415", "pants", 1, dn["Drone #4"]),
    ]


@pytest.mark.rule("SV-PANTS-01", "SV-MCOMB-04")
def test_pants_targets_are_listed_in_map_order_and_first_only_stops_at_one():
    state = table({"Special Ops 1": 411, "Soldier #3": 413, "Drone #4": 413, "Soldier #1": 412})
    assert [p.target for p in plans(state, "Special Ops 1")] == [
        "Soldier #1", "Drone #4", "Soldier #3"]
    assert len(plans(state, "Special Ops 1", first_only=True)) == 1
    assert can_fire(DATA, fresh(), state, "Special Ops 1")
    empty = table({"Special Ops 1": 411, "Soldier #1": 416})
    assert plans(empty, "Special Ops 1") == [] and not can_fire(DATA, fresh(), empty,
                                                                "Special Ops 1")


# -- Tunnel Exit chits (§E-1-c) -------------------------------------------------------------------


def exit_state(placements, exits=("1",)):
    state = table(placements)
    state.tunnel_exits = {n: "open" for n in exits}
    return state


@pytest.mark.rule("SV-TUN-07", "SV-TUN-08")
def test_a_marine_on_a_tunnel_exit_fires_at_it_with_the_adjacent_bonus_against_dn_3():
    state = exit_state({"Squad 1": 146})
    assert plans(state, "Squad 1") == [
        FirePlan("Squad 1", "Tunnel Exit 1", "146", "standard", 5, 3, (ADJ,))]
    assert can_fire(DATA, fresh(), state, "Squad 1")


@pytest.mark.rule("SV-TUN-07")
def test_a_tunnel_exit_far_away_needs_line_of_sight_and_range():
    smap = fresh()
    far = [lab for lab in ("121", "132", "161") if smap.distance(
        smap.hex(lab), smap.hex(146)) == 2 and has_line_of_sight(smap, None, smap.hex(lab),
                                                                 smap.hex(146))]
    assert far
    state = exit_state({"Squad 1": far[0]})
    assert shots(state, "Squad 1") == [("Tunnel Exit 1", "146", "standard", 4, 3, ())]
    assert can_fire(DATA, fresh(), state, "Squad 1")
    pistol = exit_state({"Logistics": far[0]})
    assert shots(pistol, "Logistics") == [] and not can_fire(DATA, fresh(), pistol, "Logistics")


@pytest.mark.rule("SV-TUN-09")
def test_a_marine_on_a_tunnel_exit_blocks_the_other_marines_fire_at_it():
    state = exit_state({"Squad 1": 146, "Squad 2": 155})
    assert [s[0] for s in shots(state, "Squad 2")] == []
    assert not can_fire(DATA, fresh(), state, "Squad 2")
    assert [s[0] for s in shots(state, "Squad 1")] == ["Tunnel Exit 1"]


@pytest.mark.rule("SV-TUN-07")
def test_tunnel_exits_are_listed_with_the_vermites_in_map_order():
    state = exit_state({"Squad 1": 146, "Soldier #3": 155}, exits=("1", "2"))
    found = [(p.target, p.target_hex) for p in plans(state, "Squad 1")]
    order = fresh().order_key
    assert found == sorted(found, key=lambda t: (order[t[1]], t[0]))
    assert ("Tunnel Exit 1", "146") in found and ("Soldier #3", "155") in found


@pytest.mark.rule("SV-TUN-07", "SV-LOS-01")
def test_a_tunnel_exit_two_hexes_away_out_of_sight_gives_nothing_to_fire_at():
    smap = fresh()
    assert smap.distance(smap.hex(114), smap.hex(146)) == 2
    assert not has_line_of_sight(smap, None, smap.hex(114), smap.hex(146))
    state = exit_state({"Squad 1": 114})
    assert shots(state, "Squad 1") == [] and not can_fire(DATA, fresh(), state, "Squad 1")


@pytest.mark.rule("SV-TUN-08", "SV-MCOMB-09")
def test_a_cf_0_marine_on_a_tunnel_exit_fires_at_it_thanks_to_the_same_hex_bonus():
    data = load_game_data({"counters:marines.squad.full.cf": 0})  # a designer's edit
    smap = SVMap(data.maps["alpha"], data)
    state = exit_state({"Squad 1": 146})
    assert fire_plans(data, smap, state, "Squad 1") == [
        FirePlan("Squad 1", "Tunnel Exit 1", "146", "standard", 1, 3, (ADJ,))]
    assert can_fire(data, smap, state, "Squad 1")


@pytest.mark.rule("SV-PIST-02")
def test_a_pistol_finds_its_adjacent_target_after_a_stack_out_of_its_reach():
    # the Drones (first in unit order) stand two hexes away; the Soldier next to the Logistics
    state = table({"Logistics": 411, "Drone #4": 413, "Drone #8": 413, "Soldier #3": 412})
    assert can_fire(DATA, fresh(), state, "Logistics")
    assert [s[0] for s in shots(state, "Logistics")] == ["Soldier #3"]


@pytest.mark.rule("SV-LOS-01", "SV-MCOMB-05")
def test_a_vermite_two_hexes_away_out_of_sight_gives_nothing_to_fire_at():
    state = table({"Squad 1": 412, "Soldier #3": 364})  # behind the Bamboo of 363
    assert not can_fire(DATA, fresh(), state, "Squad 1")
    seen = table({"Squad 1": 411, "Soldier #3": 413})
    assert can_fire(DATA, fresh(), seen, "Squad 1")


@pytest.mark.rule("SV-TUN-07", "SV-PIST-02")
def test_a_pistol_fires_at_the_tunnel_exit_next_to_it_not_at_one_far_away():
    state = exit_state({"Logistics": 254}, exits=("1", "2"))  # 255 (Exit 2) is next to 254
    assert shots(state, "Logistics") == [("Tunnel Exit 2", "255", "pistol", 2, 3, ())]
    assert can_fire(DATA, fresh(), state, "Logistics")


@pytest.mark.rule("SV-TUN-07", "SV-LOS-01")
def test_a_tunnel_exit_out_of_sight_does_not_hide_the_ones_in_sight():
    smap = fresh()
    here = smap.hex(111)
    assert not has_line_of_sight(smap, None, here, smap.hex(146))  # Exit 1
    state = exit_state({"Squad 1": 111}, exits=("1", "2", "3"))
    assert [s[0] for s in shots(state, "Squad 1")] == ["Tunnel Exit 2", "Tunnel Exit 3"]


@pytest.mark.rule("SV-TUN-09", "SV-TUN-07")
def test_a_tunnel_exit_held_by_a_marine_does_not_hide_the_next_one():
    state = exit_state({"Squad 1": 146, "Squad 2": 254}, exits=("1", "2"))
    assert shots(state, "Squad 2") == [("Tunnel Exit 2", "255", "standard", 5, 3, (ADJ,))]
    assert can_fire(DATA, fresh(), state, "Squad 2")


@pytest.mark.rule("SV-AMB-20", "SV-AMB-04", "SV-NAT-08", "SV-MCOMB-08")
def test_a_nat_marked_scientist_with_the_pistol_variant_cites_both_readings():
    state = table({"M.A.D. Scientist": 411, "HQ 1": 361, "Soldier #3": 412},
                  variants=frozenset({SCIENTIST_PISTOL}))
    state.unit("M.A.D. Scientist").nat = "tainted"
    assert plans(state, "M.A.D. Scientist") == [FirePlan(
        "M.A.D. Scientist", "Soldier #3", "412", "pistol", 1, 2, (NAT, HQ),
        ("SV-AMB-20", "SV-AMB-04", "SV-NAT-08"), f"{SCIENTIST_PISTOL_WHY}; {NAT_ONCE_WHY}")]


@pytest.mark.rule("SV-AMB-20", "SV-AMB-04", "SV-NAT-08")
def test_the_scientists_shot_under_both_variants_names_both():
    state = table({"M.A.D. Scientist": 411}, variants=frozenset({SCIENTIST_PISTOL, NAT_FIRE_TWICE}))
    sci = state.unit("M.A.D. Scientist")
    sci.nat = "infected"
    rules = ShotRules(DATA, fresh(), state, sci, False)
    assert rules.ids == ("SV-AMB-20", "SV-AMB-04", "SV-NAT-08")
    assert rules.why == (f"{SCIENTIST_PISTOL_WHY}; "
                         "variant nat_fire_penalty_twice (other reading of SV-AMB-04)")
    assert rules.base_cf == 1 - 1 - 1  # pistol CF 1, NAT -1, §J-7's -1: no shot


@pytest.mark.rule("SV-TUN-07", "SV-MCOMB-07", "SV-MCOMB-09", "SV-TERR-04")
def test_a_tunnel_exit_in_a_flooded_hex_is_in_defensive_terrain():
    dry = exit_state({"Squad 1": 254}, exits=("2",))  # Exit 2 (255) is next to the Bog of 234
    wet = exit_state({"Squad 1": 254}, exits=("2",))
    wet.flooded = True
    assert shots(dry, "Squad 1") == [("Tunnel Exit 2", "255", "standard", 5, 3, (ADJ,))]
    assert shots(wet, "Squad 1") == [("Tunnel Exit 2", "255", "standard", 4, 3, (DEF, ADJ))]
    wet.unit("Squad 1").reduced = True  # its pistol: CF 1 - 1 = 0, no shot
    assert shots(wet, "Squad 1") == [] and not can_fire(DATA, fresh(), wet, "Squad 1")
    dry.unit("Squad 1").reduced = True
    assert can_fire(DATA, fresh(), dry, "Squad 1")


@pytest.mark.rule("SV-PANTS-01")
def test_pants_with_a_target_four_hexes_away_only_may_fire():
    state = table({"Special Ops 1": 411, "Squad 2": 412, "Soldier #3": 415})
    assert [p.target for p in plans(state, "Special Ops 1")] == ["Soldier #3"]
    assert can_fire(DATA, fresh(), state, "Special Ops 1")


# -- the pieces -------------------------------------------------------------------------------------


@pytest.mark.rule("SV-MCOMB-02", "SV-LOS-01")
def test_the_fire_scene_groups_the_targets_by_hex_and_lists_the_blockers_and_marines():
    smap = fresh("beta")
    state = table({"Squad 1": 356, "HQ 1": 553, "High Queen": 511, "Ultra-Mite #6": 511,
                   "Soldier #1": 634, "Soldier #3": 634, "Sister Queen": 415}, "beta")
    state.unit("Ultra-Mite #6").escort_of = "High Queen"
    scene = fire_scene(DATA, smap, state)
    assert {smap.label(h): [u.id for u in g] for h, g in scene.targets.items()} == {
        "511": ["Ultra-Mite #6"], "634": ["Soldier #1", "Soldier #3"], "415": ["Sister Queen"]}
    assert scene.occupied == {"356", "553", "511", "634", "415"}
    assert [u.id for u in scene.marines] == ["Squad 1", "HQ 1"]


@pytest.mark.rule("SV-MCOMB-02")
def test_the_fire_scene_leaves_out_a_nest_and_a_stack_holding_only_an_escorted_queen():
    smap = fresh("beta")
    state = table({"High Queen": 511, "Soldier #1": 634}, "beta")
    state.unit("Soldier #1").escort_of = "High Queen"  # an Escort away from her: no shield
    scene = fire_scene(DATA, smap, state)
    assert sorted(u.id for g in scene.targets.values() for u in g) == ["High Queen",
                                                                      "Soldier #1"]
    alpha = fresh()
    state = table({"Soldier #1": "Nest 1", "Squad 1": "u4.15"})
    scene = fire_scene(DATA, alpha, state)
    assert scene.targets == {} and scene.occupied == {"Nest 1", "u4.15"}


@pytest.mark.rule("SV-TUN-09")
def test_other_marine_hexes_are_every_marine_but_the_firer():
    state = table({"Squad 1": 411, "Squad 2": 146, "Soldier #3": 413})
    assert other_marine_hexes(state, state.unit("Squad 1")) == {"146"}


@pytest.mark.rule("SV-AMB-20")
def test_the_scientist_fires_a_pistol_only_with_the_variant():
    state = table({"M.A.D. Scientist": 411, "Soldier #3": 412})
    sci = state.unit("M.A.D. Scientist")
    assert firing_side(DATA, state, sci) == counter_side(DATA, sci)
    assert plans(state, "M.A.D. Scientist") == []
    state.variants = frozenset({SCIENTIST_PISTOL})
    side = firing_side(DATA, state, sci)
    assert (side.cf, side.weapon) == (DATA.marines["mad_scientist"].pistol_cf, "pistol")
    assert (side.dn, side.ma) == (counter_side(DATA, sci).dn, counter_side(DATA, sci).ma)
    assert plans(state, "M.A.D. Scientist") == [FirePlan(
        "M.A.D. Scientist", "Soldier #3", "412", "pistol", 1, 2, (), ("SV-AMB-20",),
        SCIENTIST_PISTOL_WHY)]
    assert can_fire(DATA, fresh(), state, "M.A.D. Scientist")


# -- cross-checks against §J read plainly -----------------------------------------------------------


def plain_shots(state, firer_id, smap, shoot_and_scoot=False):
    """§J-1/§J-2/§J-4 and §E-1-c target by target, as the rulebook reads (CF from the tables)."""
    firer = state.unit(firer_id)
    if not firer.is_marine or not firer.on_map or firer.landed_turn == state.turn:
        return []
    side = firing_side(DATA, state, firer)
    if side.weapon in ("none", "ant_gun"):
        return []
    here = smap.hex(firer.hex)
    tab = DATA.tables["marine_fire"]
    out = []
    if side.weapon == "pants":
        for v in state.units:
            if targetable(DATA, smap, state, v) and smap.distance(here, smap.hex(v.hex)) <= 4:
                out.append((v.id, v.hex, effective_values(DATA, v).dn))
        return sorted(out, key=lambda t: (smap.order_key[t[1]], t[0]))
    hq_near = any(u.hex in smap.adjacent_labels[firer.hex] and DATA.marines[u.type].hq
                  for u in state.marines_on_map())
    base = side.cf + (tab["shoot_and_scoot"] if shoot_and_scoot else 0) \
        + (tab["nat_marker"] if firer.nat else 0) + (tab["adjacent_hq"] if hq_near else 0)
    unlimited = side.weapon == "standard" and DATA.marines[firer.type].unlimited_range
    others = {u.hex for u in state.marines_on_map() if u.id != firer.id}
    candidates = [(v.id, v.hex, effective_values(DATA, v).dn) for v in state.units
                  if targetable(DATA, smap, state, v)]
    candidates += [(f"Tunnel Exit {n}", smap.mdata.tunnel_exits[int(n)], 3)
                   for n in state.tunnel_exits
                   if smap.mdata.tunnel_exits[int(n)] not in others]
    for target, label, dn in candidates:
        there = smap.hex(label)
        dist = smap.distance(here, there)
        if dist > 1 and not (unlimited and has_line_of_sight(smap, state, here, there)):
            continue
        if state.fire_range_limit and dist > state.fire_range_limit:
            continue
        cf = base + (tab["defensive_terrain"] if smap.defensive(there, state.flooded) else 0)
        if side.weapon != "pistol" and (dist == 1 or label == firer.hex):
            cf += tab["adjacent_target"]
        if cf >= 1:
            out.append((target, label, dn, cf))
    return sorted(out, key=lambda t: (smap.order_key[t[1]], t[0]))


POSITIONS = [
    ({"Squad 1": 411, "Soldier #3": 413, "Drone #4": 426, "Soldier #1": 363, "HQ 1": 361}, ()),
    ({"Scout 1": 412, "Soldier #3": 364, "Ultra-Mite #2": 442, "Drone #8": 416, "Squad 2": 413},
     ("2",)),
    ({"Heavy Weapons 1": 323, "Soldier #3": 255, "Soldier #5": 146, "Drone #4": 331,
      "Squad 3": 256}, ("1", "2", "3")),
    ({"HQ 2": 252, "Soldier #3": 255, "Drone #12": 323, "Soldier #9": 321, "Ultra-Mite #6": 233},
     ("2", "3")),
    ({"Squad 4": 146, "Soldier #3": 115, "Drone #4": 155, "Squad 5": 131}, ("1",)),
    ({"Logistics": 411, "Soldier #3": 412, "Drone #4": 441, "Soldier #5": 413}, ()),
    ({"Special Ops 1": 323, "Soldier #3": 255, "Drone #4": 331, "Soldier #5": 146,
      "Ultra-Mite #2": 111}, ("3",)),
    ({"Squad 6": 255, "Soldier #1": "Nest 1", "Soldier #3": 234, "Drone #4": 321}, ("2",)),
]


@pytest.mark.rule("SV-MCOMB-05", "SV-MCOMB-07", "SV-MCOMB-08", "SV-LOS-01", "SV-TUN-07",
                  "SV-TUN-08", "SV-TUN-09", "SV-PIST-02", "SV-PANTS-01")
@pytest.mark.parametrize("placements,exits", POSITIONS)
@pytest.mark.parametrize("nat", [False, True])
@pytest.mark.parametrize("sns", [False, True])
def test_fire_plans_are_the_shots_of_section_j_read_plainly(placements, exits, nat, sns):
    state = table(placements)
    state.tunnel_exits = {n: "open" for n in exits}
    firer = next(u for u in placements if state.unit(u).is_marine)
    state.unit(firer).nat = "tainted" if nat else ""
    smap = fresh()
    found = plans(state, firer, smap, shoot_and_scoot=sns)
    expected = plain_shots(state, firer, fresh(), sns)
    if found and found[0].weapon == "pants":
        assert [(p.target, p.target_hex, p.dn) for p in found] == expected
    else:
        assert [(p.target, p.target_hex, p.dn, p.cf) for p in found] == expected
    assert can_fire(DATA, fresh(), state, firer) == bool(plain_shots(state, firer, fresh()))
    first = plans(state, firer, fresh(), shoot_and_scoot=sns, first_only=True)
    assert len(first) == min(1, len(found)) and set(first) <= set(found)

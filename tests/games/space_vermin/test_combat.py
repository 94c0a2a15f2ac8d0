"""Marine combat (§J) and Vermite attacks on Marines (§F-2), driven with scripted dice."""

from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision, IllegalChoice
from rules_lib.games.space_vermin.actions import END_PHASE, NO_ACTION, marine_action_phase
from rules_lib.games.space_vermin.ant_gun import ant_targets, resolve_ant_fire
from rules_lib.games.space_vermin.fire_actions import FULL_FIRE, full_fire
from rules_lib.games.space_vermin.fire_plans import fire_plans
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.state import effective_values
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack

from .sv_helpers import ALPHA, DATA, dice, first_decision, run, table, texts


def plan(state, firer, target, scoot=False):
    return next(p for p in fire_plans(DATA, ALPHA, state, firer, scoot) if p.target == target)


# -- standard fire --------------------------------------------------------------------------------


@pytest.mark.rule("SV-MCOMB-01", "SV-FIRE-01")
def test_marine_combat_is_voluntary_the_player_picks_the_target():
    state = table({"Squad 1": 315, "HQ 1": 335, "Ultra-Mite #2": 131, "Soldier #1": 316})
    decision = first_decision(full_fire(state, dice(), "Squad 1"))
    assert decision.player == "Marines" and set(decision.options) == {"Ultra-Mite #2", "Soldier #1"}


@pytest.mark.rule("SV-MCOMB-01")
def test_a_marine_with_a_target_may_leave_it_alone():
    """All Marine combat is voluntary (§J): a Marine next to a Vermite may end the phase unfired
    or take no action; nothing is fired."""
    state = table({"Squad 1": 233, "Soldier #1": 234})
    phase = marine_action_phase(state, dice())
    assert first_decision(phase).options == ["Squad 1", END_PHASE]  # the phase may end at once
    action = phase.send("Squad 1")
    while not isinstance(action, Decision):
        action = next(phase)
    assert FULL_FIRE in action.options and NO_ACTION in action.options
    events = run(marine_action_phase(table({"Squad 1": 233, "Soldier #1": 234}), dice()),
                 answers=["Squad 1", NO_ACTION])
    assert "Squad 1 takes no action" in texts(events)
    assert not [e for e in events if e.kind == "combat"]


@pytest.mark.rule("SV-MCOMB-03", "SV-MCOMB-04")
def test_each_marine_fires_individually_at_a_single_target():
    state = table({"Squad 1": 233, "Squad 2": 235, "Soldier #1": 234, "Soldier #3": 234})
    events = run(resolve_fire(state, dice(1, 1, 1, 1, 1), "Squad 1", "Soldier #1"))
    events += run(resolve_fire(state, dice(1, 1, 1, 1, 1), "Squad 2", "Soldier #1"))
    fired = [e for e in events if e.data.get("cf")]
    assert [e.data["cf"] for e in fired] == [4, 4]  # never 8: CFs are not added together
    assert all(e.data["target"] == "Soldier #1" for e in fired)


@pytest.mark.rule("SV-MCOMB-05")
def test_full_strength_squads_hq_scouts_heavy_weapons_fire_at_any_range():
    for uid in ("Squad 1", "HQ 1", "Scout 1", "Heavy Weapons 1"):
        state = table({uid: 411, "Soldier #1": 416})  # five hexes down an open column
        assert [p.target for p in fire_plans(DATA, ALPHA, state, uid)] == ["Soldier #1"]
        state.unit(uid).reduced = True  # Disrupted: pistols only
        assert fire_plans(DATA, ALPHA, state, uid) == []


@pytest.mark.rule("SV-MCOMB-06", "SV-MCOMB-10")
def test_dice_equal_the_cf_and_hits_are_dice_above_the_dn():
    # rulebook values: full-strength Squad CF 4 (SV-CF-01), Ultra-Mite DN 3 (SV-CF-04); 233 and
    # 235 are not adjacent and 235 is not defensive, so no modifier applies
    state = table({"Squad 1": 233, "Ultra-Mite #2": 235})
    events = run(resolve_fire(state, dice(3, 4, 3, 4, 6, 6), "Squad 1", "Ultra-Mite #2"))
    shot = next(e for e in events if "hits" in e.data)
    assert shot.data["faces"] == [3, 4, 3, 4]  # four dice: one per point of CF
    assert shot.data["hits"] == 2  # only the 4s exceed DN 3; a 3 equal to the DN misses
    assert state.unit("Ultra-Mite #2").reduced  # 2 hits: flipped (the effect, not just a count)


@pytest.mark.rule("SV-MCOMB-07", "SV-MCOMB-08", "SV-MCOMB-09", "SV-FIRE-02")
def test_cf_modifiers_are_cumulative_and_below_one_there_is_no_fire():
    state = table({"Squad 1": 315, "HQ 1": 335, "Soldier #1": 316})
    state.unit("Squad 1").nat = "tainted"
    p = plan(state, "Squad 1", "Soldier #1", scoot=True)
    assert dict(p.modifiers) == {
        "Shoot and Scoot": -1,
        "NAT marker": -1,
        "adjacent to an HQ": 1,
        "target adjacent": 1,
    }
    assert p.cf == 4
    weak = table({"Squad 1": 242, "Soldier #1": 243})  # Bamboo target
    weak.unit("Squad 1").reduced = True  # pistol CF 1
    weak.unit("Squad 1").nat = "tainted"
    assert fire_plans(DATA, ALPHA, weak, "Squad 1") == []


@pytest.mark.rule("SV-AMB-04")
def test_the_variant_takes_the_nat_markers_fire_penalty_twice():
    state = table({"Squad 1": 315, "HQ 1": 335, "Soldier #1": 316})
    state.unit("Squad 1").nat = "tainted"
    assert plan(state, "Squad 1", "Soldier #1").cf == 5  # default: -1 once
    state.variants = ["nat_fire_penalty_twice"]
    p = plan(state, "Squad 1", "Soldier #1")
    assert p.cf == 4 and dict(p.modifiers)["NAT marker's CF reduction (§J-7)"] == -1


@pytest.mark.rule("SV-MCOMB-11")
@pytest.mark.parametrize(
    "faces,reduced,result",
    [
        ((6, 1, 1, 1), False, "none"),
        ((6, 6, 1, 1), False, "reduced"),
        ((6, 6, 6, 1), True, "eliminated"),
        ((6, 6, 6, 6), False, "eliminated"),
    ],
)
def test_one_hit_nothing_two_or_three_reduce_four_eliminate(faces, reduced, result):
    state = table({"Squad 1": 233, "Ultra-Mite #2": 235})
    state.unit("Ultra-Mite #2").reduced = reduced
    run(resolve_fire(state, dice(*faces, 6), "Squad 1", "Ultra-Mite #2"))
    um = state.unit("Ultra-Mite #2")
    got = (
        "eliminated"
        if not um.on_map
        else ("reduced" if um.reduced != reduced or reduced else "none")
    )
    assert got == result


@pytest.mark.rule("SV-MCOMB-12")
def test_marines_do_not_advance_after_combat():
    state = table({"Squad 1": 233, "Soldier #1": 234})
    run(resolve_fire(state, dice(6, 6, 6, 6, 6, 6), "Squad 1", "Soldier #1"))
    assert state.unit("Soldier #1").status == "cup" and state.unit("Squad 1").hex == "233"


@pytest.mark.rule("SV-MCOMB-02", "SV-TERR-20")
def test_a_vermite_in_a_nest_next_to_a_marine_cannot_be_targeted_by_any_weapon():
    """A Marine beside a Nest (in Bamboo next to Nest 2: no unit between, no range limit, no
    Line-of-Sight needed) may not shoot, PANTS or A.N.T.-Gun the Vermite in the Nest (§J)."""
    beside = next(x for x in ALPHA.neighbors(ALPHA.nests[2]) if x not in ALPHA.nat_infestation)
    label = ALPHA.label(beside)
    elsewhere = next(ALPHA.label(x) for x in ALPHA.neighbors(beside)  # next to it, not a Nest
                     if x not in ALPHA.nat_infestation and x != ALPHA.nests[2])
    for firer in ("Squad 1", "Special Ops 1"):
        state = table({firer: label, "Soldier #1": "Nest 2"})
        assert fire_plans(DATA, ALPHA, state, firer) == []
        state.unit("Soldier #1").hex = elsewhere  # the same Soldier out of the Nest: a target
        assert [p.target for p in fire_plans(DATA, ALPHA, state, firer)] == ["Soldier #1"]
    gun_state = table({"A.N.T. Gun": label, "Soldier #1": "Nest 2"})
    gun_state.unit("A.N.T. Gun").limbered = False
    assert ant_targets(DATA, ALPHA, gun_state, "A.N.T. Gun") == []


@pytest.mark.rule("SV-MCOMB-02", "SV-S2-14")
def test_escorted_queens_cannot_be_targeted_but_their_escort_can():
    state = table({"Squad 1": 233, "High Queen": 235, "Ultra-Mite #2": 235}, map_key="alpha")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    assert [p.target for p in fire_plans(DATA, ALPHA, state, "Squad 1")] == ["Ultra-Mite #2"]
    state.unit("Ultra-Mite #2").escort_of = ""
    assert {p.target for p in fire_plans(DATA, ALPHA, state, "Squad 1")} == {
        "Ultra-Mite #2",
        "High Queen",
    }


def test_firing_at_an_illegal_target_is_refused_naming_the_legal_ones():
    state = table({"HQ 1": 335, "Squad 1": 315, "Soldier #1": 316})
    with pytest.raises(IllegalChoice, match="HQ 1 cannot fire at Soldier #1"):
        run(resolve_fire(state, dice(), "HQ 1", "Soldier #1"))


# -- pistols --------------------------------------------------------------------------------------


@pytest.mark.rule("SV-PIST-01", "SV-PIST-02")
def test_pistols_fire_only_at_adjacent_vermites_without_the_adjacent_bonus():
    state = table({"Logistics": 411, "Soldier #1": 412, "Soldier #3": 414})
    plans = fire_plans(DATA, ALPHA, state, "Logistics")
    assert [p.target for p in plans] == ["Soldier #1"]
    assert plans[0].weapon == "pistol" and "target adjacent" not in dict(plans[0].modifiers)
    disrupted = table({"Squad 1": 411, "Soldier #1": 412, "Soldier #3": 414})
    disrupted.unit("Squad 1").reduced = True
    assert [(p.target, p.weapon) for p in fire_plans(DATA, ALPHA, disrupted, "Squad 1")] == [
        ("Soldier #1", "pistol")
    ]


@pytest.mark.rule("SV-PIST-03", "SV-RV-01")
def test_disrupted_logistics_and_recovery_vehicles_cannot_fire():
    state = table({"Logistics": 233, "RV 1": 235, "Soldier #1": 234})
    state.unit("Logistics").reduced = True
    assert fire_plans(DATA, ALPHA, state, "Logistics") == []
    assert fire_plans(DATA, ALPHA, state, "RV 1") == []


# -- tunnel exit chits ----------------------------------------------------------------------------


@pytest.mark.rule("SV-TUN-07", "SV-TUN-08", "SV-TUN-09", "SV-CF-06")
def test_tunnel_exit_chits_dn_3_same_hex_bonus_and_a_marine_on_it_blocks_others():
    exit4 = ALPHA.mdata.tunnel_exits[4]
    state = table({"Squad 1": exit4, "Squad 2": "516"}, tunnel_exits={"4": "open"})
    own = plan(state, "Squad 1", "Tunnel Exit 4")
    assert own.dn == 3 and ("target adjacent", 1) in own.modifiers
    assert "Tunnel Exit 4" not in [p.target for p in fire_plans(DATA, ALPHA, state, "Squad 2")]
    run(resolve_fire(state, dice(6, 6, 1, 1, 1), "Squad 1", "Tunnel Exit 4"))
    assert state.tunnel_exits == {"4": "collapsed"}
    run(resolve_fire(state, dice(6, 6, 1, 1, 1), "Squad 1", "Tunnel Exit 4"))
    assert state.tunnel_exits == {} and state.cup_tunnel_exits == ["4"]


# -- PANTS ----------------------------------------------------------------------------------------


@pytest.mark.rule("SV-PANTS-01", "SV-PANTS-02")
def test_pants_need_no_los_reach_four_hexes_and_skip_escorted_queens():
    state = table(
        {
            "Special Ops 1": 413,
            "Soldier #1": 316,
            "Squad 1": 414,
            "Drone #4": 131,
            "High Queen": 411,
            "Ultra-Mite #2": 411,
        }
    )
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    got = {p.target for p in fire_plans(DATA, ALPHA, state, "Special Ops 1")}
    assert got == {"Soldier #1", "Ultra-Mite #2"}


@pytest.mark.rule("SV-PANTS-03", "SV-PANTS-04")
def test_pants_misfire_on_one_or_less_disrupts_the_firer():
    state = table({"Special Ops 1": 413, "Soldier #1": 316})
    state.unit("Special Ops 1").nat = "tainted"
    events = run(resolve_fire(state, dice(2), "Special Ops 1", "Soldier #1", shoot_and_scoot=True))
    assert "die 2 -2 = 0: Misfire!" in texts(events)
    assert state.unit("Special Ops 1").reduced and state.unit("Soldier #1").on_map


@pytest.mark.rule("SV-PANTS-05", "SV-PANTS-07")
def test_pants_jolted_vermite_lands_on_the_random_hex_or_beside_a_unit_there():
    state = table({"Special Ops 1": 413, "Soldier #1": 316})
    run(resolve_fire(state, dice(2, 1, 2, 3), "Special Ops 1", "Soldier #1"))
    assert state.unit("Soldier #1").hex == "123"
    state = table({"Special Ops 1": 413, "Soldier #1": 316, "Drone #4": 123})
    run(resolve_fire(state, dice(3, 1, 2, 3), "Special Ops 1", "Soldier #1"))
    assert state.unit("Soldier #1").hex == "122"  # lowest-numbered empty neighbour of 123


@pytest.mark.rule("SV-PANTS-06", "SV-NAT-01")
def test_pants_jolted_onto_a_full_strength_marine_is_eliminated():
    state = table({"Special Ops 1": 413, "Soldier #1": 316, "Squad 1": 123})
    events = run(resolve_fire(state, dice(3, 1, 2, 3, 6), "Special Ops 1", "Soldier #1"))
    assert state.unit("Soldier #1").status == "cup"
    assert "NAT roll 6" in texts(events)


@pytest.mark.rule("SV-PANTS-08")
def test_pants_jolted_unescorted_queen_is_pushed_and_crushes_the_hex():
    state = table({"Special Ops 1": 413, "High Queen": 412, "Squad 1": 362})
    run(resolve_fire(state, dice(2, 6), "Special Ops 1", "High Queen"))
    # the lowest-numbered neighbour of 412 is 362: the Squad there is eliminated
    assert state.unit("High Queen").hex == "362"
    assert state.unit("Squad 1").status == "eliminated"


@pytest.mark.rule("SV-PANTS-09")
def test_pants_fried_eliminates_soldiers_and_drones_and_reduces_ultra_mites():
    state = table({"Special Ops 1": 413, "Drone #4": 414, "Ultra-Mite #2": 415})
    run(resolve_fire(state, dice(5, 6), "Special Ops 1", "Drone #4"))
    run(resolve_fire(state, dice(6, 6), "Special Ops 1", "Ultra-Mite #2"))
    assert state.unit("Drone #4").status == "cup" and state.unit("Ultra-Mite #2").reduced


# -- A.N.T. Gun -----------------------------------------------------------------------------------


def ant_table(**kw):
    state = table(
        {"A.N.T. Gun": 411, "Soldier #1": 415, "Ultra-Mite #2": 415, "Drone #4": 416, **kw}
    )
    state.unit("A.N.T. Gun").limbered = False
    return state


@pytest.mark.rule("SV-ANT-03", "SV-ANT-06")
def test_ant_gun_hits_every_vermite_in_the_hex_when_2d6_exceed_the_range():
    state = ant_table(**{"Squad 1": 412, "Squad 2": 413})  # units in between do not block
    assert ant_targets(DATA, ALPHA, state, "A.N.T. Gun") == ["415", "416"]
    run(resolve_ant_fire(state, dice(3, 2, 6), "A.N.T. Gun", "415"))  # 5 > range 4
    assert state.unit("Soldier #1").status == "cup"
    assert state.unit("Ultra-Mite #2").reduced and state.unit("Ultra-Mite #2").on_map


@pytest.mark.rule("SV-ANT-04")
def test_ant_gun_range_doubles_with_a_nat_marker():
    state = ant_table()
    state.unit("A.N.T. Gun").nat = "tainted"
    events = run(resolve_ant_fire(state, dice(4, 3), "A.N.T. Gun", "415"))  # 7 <= 8
    assert "not more than the range 8" in texts(events) and state.unit("Soldier #1").on_map


@pytest.mark.rule("SV-ANT-05")
def test_ant_gun_crashes_on_a_two_and_limbers():
    state = ant_table()
    run(resolve_ant_fire(state, dice(1, 1), "A.N.T. Gun", "415"))
    assert state.unit("A.N.T. Gun").limbered and state.unit("Soldier #1").on_map


@pytest.mark.rule("SV-ANT-06")
def test_ant_gun_leaves_an_escorted_queen_unharmed_even_when_her_escort_dies():
    state = ant_table(**{"High Queen": 414, "Soldier #3": 414})
    state.unit("Soldier #3").escort_of = "High Queen"
    run(resolve_ant_fire(state, dice(6, 6, 6), "A.N.T. Gun", "414"))
    assert state.unit("Soldier #3").status == "cup"
    assert state.unit("High Queen").on_map and not state.unit("High Queen").reduced


@pytest.mark.rule("SV-ANT-07")
def test_ant_gun_is_eliminated_by_two_hits():
    state = ant_table(**{"Soldier #3": 412})
    run(vermite_attack(state, dice(6, 6, 1, 1), ["Soldier #3"], "A.N.T. Gun"))
    assert state.unit("A.N.T. Gun").status == "eliminated"


# -- Vermite attacks on Marines -------------------------------------------------------------------


@pytest.mark.rule("SV-VATK-04")
def test_a_net_vermite_cf_of_zero_means_no_combat():
    from rules_lib.core.dice import ScriptedDice
    from rules_lib.core.engine import Context
    from rules_lib.games.space_vermin.data import load_game_data

    weak = load_game_data({"counters:vermites.drone.reduced.cf": 1})
    state = table({"Squad 1": 233, "Drone #4": 232})  # 233 is a Bog: CF 1 - 1 = 0
    state.unit("Drone #4").reduced = True
    events = run(
        vermite_attack(state, Context(dice=ScriptedDice([]), data=weak), ["Drone #4"], "Squad 1")
    )
    assert "net CF 0, no combat" in texts(events) and state.unit("Squad 1").on_map


@pytest.mark.rule("SV-VATK-10", "SV-VATK-11")
def test_two_hits_disrupt_a_marine_and_four_eliminate_it():
    state = table({"Squad 1": 233, "Ultra-Mite #2": 234, "Ultra-Mite #6": 232})
    run(vermite_attack(state, dice(5, 6, 1, 1, 1), ["Ultra-Mite #2"], "Squad 1"))
    assert state.unit("Squad 1").reduced
    fresh = table({"Squad 1": 233, "Ultra-Mite #2": 234})
    run(vermite_attack(fresh, dice(6, 6, 6, 6, 1), ["Ultra-Mite #2"], "Squad 1"))
    assert fresh.unit("Squad 1").status == "eliminated"
    assert fresh.unit("Ultra-Mite #2").hex == "233"


@pytest.mark.rule("SV-NAT-08")
def test_a_nat_marker_lowers_the_marines_dn_cf_and_ma_by_one_once():
    state = table({"Squad 1": 233})
    u = state.unit("Squad 1")
    full = effective_values(DATA, u)
    for level in ("tainted", "infected"):
        u.nat = level
        v = effective_values(DATA, u)
        assert (v.cf, v.dn, v.ma) == (full.cf - 1, full.dn - 1, full.ma - 1)


@pytest.mark.rule("SV-JEWEL-06", "SV-JEWEL-07", "SV-RV-03")
def test_a_jewel_carrier_gets_cf_plus_2_and_dn_plus_1_capped_at_5_rvs_get_nothing():
    state = table({"Soldier #1": 233, "High Queen": 235, "RV 1": 236})
    s = state.unit("Soldier #1")
    s.jewels = 1
    v = effective_values(DATA, s)
    assert (v.cf, v.dn) == (6, 3)
    q = state.unit("High Queen")
    q.jewels = 2
    assert effective_values(DATA, q).dn == 5
    rv = state.unit("RV 1")
    base = effective_values(DATA, rv)
    rv.jewels = 1
    assert effective_values(DATA, rv) == base


@pytest.mark.rule("SV-MAD-10", "SV-MAD-11")
def test_the_scientist_loses_his_weapon_on_two_or_three_hits_and_dies_on_four():
    state = table({"M.A.D. Scientist": 233, "Ultra-Mite #2": 234})
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready = True
    run(vermite_attack(state, dice(6, 6, 1, 1, 1), ["Ultra-Mite #2"], "M.A.D. Scientist"))
    assert doc.on_map and not doc.weapon_ready
    run(vermite_attack(state, dice(6, 6, 1, 1, 1), ["Ultra-Mite #2"], "M.A.D. Scientist"))
    assert doc.status == "eliminated"


@pytest.mark.rule("SV-RV-04")
def test_an_eliminated_rv_leaves_its_jewel_in_its_last_hex():
    state = table({"RV 1": 233, "Ultra-Mite #2": 234})
    state.unit("RV 1").jewels = 1
    run(vermite_attack(state, dice(6, 6, 6, 6, 6), ["Ultra-Mite #2"], "RV 1"))
    assert state.jewels == {"233": 1} and state.unit("RV 1").jewels == 0


# -- NAT markers ----------------------------------------------------------------------------------


@pytest.mark.rule("SV-NAT-03", "SV-NAT-05", "SV-NAT-07")
def test_nat_roll_of_one_escalates_and_eliminates_a_marked_marine():
    state = table({"RV 1": 412, "Squad 1": 416, "Soldier #1": 414})
    state.unit("RV 1").nat = "tainted"
    run(resolve_fire(state, dice(6, 6, 6, 6, 1), "Squad 1", "Soldier #1"))
    assert state.unit("RV 1").status == "eliminated"  # 412 is the lowest-numbered eligible hex
    assert state.unit("Squad 1").nat == ""


@pytest.mark.rule("SV-NAT-01", "SV-NAT-04")
@pytest.mark.parametrize(
    "vermite,needed", [("Drone #4", 2), ("Soldier #1", 3), ("Ultra-Mite #2", 4), ("High Queen", 5)]
)
def test_nat_success_numbers_depend_on_the_vermite_type(vermite, needed):
    for face, hit in ((needed, True), (needed + 1, False)):
        state = table({"Squad 1": 416, vermite: 414})
        run(resolve_fire(state, dice(6, 6, 6, 6, face), "Squad 1", vermite))
        assert (state.unit("Squad 1").nat != "") == hit


@pytest.mark.rule("SV-NAT-01")
def test_no_nat_roll_without_a_marine_within_two_hexes():
    state = table({"Heavy Weapons 1": 411, "Soldier #1": 416})
    events = run(resolve_fire(state, dice(6, 6, 6, 6, 6, 6), "Heavy Weapons 1", "Soldier #1"))
    assert "no NAT roll" in texts(events)


@pytest.mark.rule("SV-NAT-06")
def test_nat_tainted_becomes_infected_and_infected_is_unaffected():
    state = table({"Squad 1": 416, "Soldier #1": 414, "Soldier #3": 413})
    u = state.unit("Squad 1")
    u.nat = "tainted"
    state.unit("Soldier #1").reduced = state.unit("Soldier #3").reduced = True
    run(resolve_fire(state, dice(6, 6, 6, 2), "Squad 1", "Soldier #1"))  # CF 4 - 1 NAT
    assert u.nat == "infected"
    run(resolve_fire(state, dice(6, 6, 6, 2), "Squad 1", "Soldier #3"))
    assert u.nat == "infected" and u.on_map

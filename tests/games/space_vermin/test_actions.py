"""The Marine Action Phase (§I) and the Marine phases (§H, §K, §L), through the procedures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.core.engine import Decision, IllegalChoice
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.actions import legal_actions, marine_action, marine_action_phase
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.jump_pack import jump_pack_move
from rules_lib.games.space_vermin.map_entry import landing_zone
from rules_lib.games.space_vermin.nat import nat_effect_phase
from rules_lib.games.space_vermin.recovery import purging_phase, recovery_phase
from rules_lib.games.space_vermin.scientist import detonate_secret_weapon
from rules_lib.games.space_vermin.special_actions import rally, recon, request_reinforcements

from .sv_helpers import ALPHA, DATA, dice, first_decision, run, table, texts


def h(label):
    return ALPHA.hex(label)


def destinations(state, uid, **kw):
    return first_decision(full_move(state, dice(), uid, **kw)).options


# -- Full Move ------------------------------------------------------------------------------------


@pytest.mark.rule("SV-MMOV-01", "SV-MACT-01")
def test_full_move_spends_up_to_the_ma_and_is_the_units_one_action():
    state = table({"Squad 1": 411})
    opts = first_decision(full_move(state, dice(), "Squad 1")).data["costs"]
    assert max(Fraction(v) for v in opts.values()) <= 4 and "415" in opts and "416" not in opts
    run(marine_action(state, dice(), "Squad 1", act.FULL_MOVE), answers=["415"])
    assert state.unit("Squad 1").hex == "415" and state.unit("Squad 1").acted
    assert legal_actions(DATA, ALPHA, state, "Squad 1") == []
    with pytest.raises(IllegalChoice):
        run(marine_action(state, dice(), "Squad 1", act.FULL_MOVE))


@pytest.mark.rule("SV-MMOV-03")
def test_marines_pass_through_friends_but_never_end_stacked():
    from rules_lib.games.space_vermin.movement import marine_reach

    state = table({"Squad 1": 411, "Squad 2": 412})
    costs = first_decision(full_move(state, dice(), "Squad 1")).data["costs"]
    assert "412" not in costs and Fraction(costs["413"]) == 2  # 2 MP only straight through 412
    path = marine_reach(DATA, ALPHA, state, "Squad 1")[h(413)].path
    assert [ALPHA.label(x) for x in path] == ["411", "412", "413"]


@pytest.mark.rule("SV-MMOV-04")
def test_marines_never_enter_a_vermite_hex():
    state = table({"Squad 1": 411, "Drone #4": 413})
    assert "413" not in destinations(state, "Squad 1")


@pytest.mark.rule("SV-MMOV-05")
def test_moving_next_to_any_vermite_even_a_drone_stops_the_marine():
    state = table({"Squad 1": 411, "Drone #4": 414})
    opts = destinations(state, "Squad 1")
    assert "413" in opts and "415" not in opts  # 413 is next to the Drone: no going past it


@pytest.mark.rule("SV-MMOV-05")
def test_a_marine_stops_in_the_hex_next_to_a_vermite_even_where_it_could_step_out_of_contact():
    state = table({"Squad 1": 411, "Drone #4": 521})
    near = {ALPHA.label(x) for x in ALPHA.neighbors(h(521))}
    costs = first_decision(full_move(state, dice(), "Squad 1")).data["costs"]
    # within 4 MP, 523 lies only beyond hexes next to the Drone; 523 itself is next to no
    # Vermite, so only the stop on entering (not SV-MMOV-06's "never from one such hex to
    # another") keeps the Squad out of it
    assert "523" not in near and "523" not in costs
    assert near & set(costs)  # it may enter those hexes: it stops there


@pytest.mark.rule("SV-MMOV-06")
def test_no_move_straight_from_one_vermite_adjacent_hex_to_another():
    from rules_lib.games.space_vermin.movement import marine_reach

    state = table({"Squad 1": 412, "Drone #4": 413})
    # 442 (Bamboo) touches both 412 and the Drone: not straight from 412 (2 MP), only via 441
    assert ALPHA.adjacent(h(442), h(412)) and ALPHA.adjacent(h(442), h(413))
    costs = first_decision(full_move(state, dice(), "Squad 1")).data["costs"]
    assert Fraction(costs["442"]) == 3 and Fraction(costs["441"]) == 1
    path = marine_reach(DATA, ALPHA, state, "Squad 1")[h(442)].path
    assert [ALPHA.label(x) for x in path] == ["412", "441", "442"]


@pytest.mark.rule("SV-ANT-01", "SV-ANT-02")
def test_the_ant_gun_moves_limbered_fires_unlimbered_and_flips_as_an_action():
    state = table({"A.N.T. Gun": 411, "Soldier #1": 416})
    gun = state.unit("A.N.T. Gun")
    assert gun.limbered
    assert legal_actions(DATA, ALPHA, state, "A.N.T. Gun") == [act.FULL_MOVE, act.UNLIMBER]
    run(marine_action(state, dice(), "A.N.T. Gun", act.UNLIMBER))
    assert not gun.limbered and gun.acted and gun.hex == "411"  # the flip was its action
    gun.acted = False
    assert legal_actions(DATA, ALPHA, state, "A.N.T. Gun") == [act.FULL_FIRE, act.LIMBER]
    run(marine_action(state, dice(), "A.N.T. Gun", act.LIMBER))
    assert gun.limbered


@pytest.mark.rule("SV-COMP-02", "SV-ANT-01", "SV-MAD-01")
def test_sv_comp_02_the_gun_enters_limbered_and_the_scientist_starts_on_his_motorcycle():
    from .test_sv_scenarios import set_up

    state = set_up("family_jewels", 0).state
    doc = state.unit("M.A.D. Scientist")
    assert doc.on_map and not doc.weapon_ready  # motorcycle side (J-5)
    gun = state.unit("A.N.T. Gun")
    assert gun.status == "pool"
    run(
        request_reinforcements(state, dice(6), "HQ 1"),
        answers=["A.N.T. Gun", act.ENTER, "656"],
    )
    assert gun.hex == "656" and gun.limbered  # enters play on its Limbered side (J-3)
    gun.acted = False
    assert act.UNLIMBER in legal_actions(DATA, ALPHA, state, "A.N.T. Gun")
    assert act.FULL_FIRE not in legal_actions(DATA, ALPHA, state, "A.N.T. Gun")


# -- Jump Pack ------------------------------------------------------------------------------------


@pytest.mark.rule("SV-JUMP-01", "SV-JUMP-07")
def test_scouts_jump_any_distance_and_land_safely_on_4_to_6():
    state = table({"Scout 1": 111})
    assert act.JUMP in legal_actions(DATA, ALPHA, state, "Scout 1")
    assert act.JUMP not in legal_actions(DATA, ALPHA, table({"Squad 1": 111}), "Squad 1")
    run(jump_pack_move(state, dice(4), "Scout 1"), answers=["666"])
    assert state.unit("Scout 1").hex == "666" and not state.unit("Scout 1").reduced


@pytest.mark.rule("SV-JUMP-02", "SV-JUMP-03")
def test_jump_malfunction_with_modifiers_lands_disrupted_on_a_random_hex():
    state = table({"Special Ops 1": 111})
    state.unit("Special Ops 1").nat = "tainted"
    events = run(
        jump_pack_move(state, dice(3, 4, 1, 6), "Special Ops 1", shoot_and_scoot=True),
        answers=["666"],
    )
    assert "die 3 -2 = 1: malfunction" in texts(events)
    u = state.unit("Special Ops 1")
    assert u.hex == "416" and u.reduced


@pytest.mark.rule("SV-JUMP-04")
def test_malfunction_onto_a_marine_moves_to_the_lowest_numbered_empty_adjacent_hex():
    state = table({"Scout 1": 111, "Squad 1": 416})
    run(jump_pack_move(state, dice(1, 4, 1, 6), "Scout 1"), answers=["666"])
    assert state.unit("Scout 1").hex == "366"  # 416's neighbours: 366, 415, 445, 446, u9.15


@pytest.mark.rule("SV-JUMP-05", "SV-TERR-19")
def test_malfunction_onto_a_vermite_or_into_a_nat_hex_eliminates_the_jumper():
    state = table({"Scout 1": 111, "Drone #4": 416})
    run(jump_pack_move(state, dice(1, 4, 1, 6), "Scout 1"), answers=["666"])
    assert state.unit("Scout 1").status == "eliminated"
    nat = next(
        lab for lab in ("246", "452", "453", "532", "533") if h(lab) in ALPHA.nat_infestation
    )
    state = table({"Scout 1": 111})
    run(jump_pack_move(state, dice(1, *map(int, nat)), "Scout 1"), answers=["666"])
    assert state.unit("Scout 1").status == "eliminated"


@pytest.mark.rule("SV-JUMP-06")
def test_scattered_lands_in_the_lowest_numbered_hex_next_to_the_destination():
    state = table({"Scout 1": 111})
    run(jump_pack_move(state, dice(2), "Scout 1"), answers=["413"])
    assert state.unit("Scout 1").hex == "363" and not state.unit("Scout 1").reduced
    crowded = table({"Scout 1": 111, "Squad 1": 363})
    run(jump_pack_move(crowded, dice(3), "Scout 1"), answers=["413"])
    u = crowded.unit("Scout 1")
    assert u.reduced and u.hex != "363" and ALPHA.adjacent(h(u.hex), h(363))


@pytest.mark.rule("SV-JUMP-06")
def test_variant_scatter_onto_a_unit_rolls_a_new_random_hex():
    crowded = table({"Scout 1": 111, "Squad 1": 363})
    run(
        jump_pack_move(crowded, dice(3, 1, 2, 3, variants=["jump_scatter_rerolls"]), "Scout 1"),
        answers=["413"],
    )
    assert crowded.unit("Scout 1").hex == "123"


# -- Shoot and Scoot ------------------------------------------------------------------------------


@pytest.mark.rule("SV-FIRE-02")
def test_shoot_and_scoot_moves_half_the_ma_and_fires_at_minus_one():
    state = table({"Squad 1": 411, "Soldier #1": 416})
    events = run(
        marine_action(state, dice(1, 1, 1), "Squad 1", act.SHOOT_AND_SCOOT),
        answers=["fire then move", "Soldier #1", "413"],
    )
    assert "CF 3 (Shoot and Scoot -1)" in texts(events)
    assert state.unit("Squad 1").hex == "413"
    # move first: the move offered is half the Squad's MA 4 = 2 MP, not the Full Move's 4
    state = table({"Squad 1": 411, "Soldier #1": 416})
    proc = marine_action(state, dice(), "Squad 1", act.SHOOT_AND_SCOOT)
    assert first_decision(proc).kind == "scoot_order"
    move = proc.send("move then fire")
    costs = {k: Fraction(v) for k, v in move.data["costs"].items()}
    assert max(costs.values()) <= 2 and "413" in costs and "414" not in costs
    assert "414" in first_decision(full_move(table({"Squad 1": 411}), dice(), "Squad 1")).options


# -- Special actions ------------------------------------------------------------------------------


@pytest.mark.rule("SV-RECON-01", "SV-RECON-02", "SV-RECON-03", "SV-RECON-04")
def test_recon_with_hq_assist_succeeds_on_a_modified_four():
    state = table({"Scout 1": 111, "HQ 1": 666, "Squad 1": 411})
    assert act.RECON in legal_actions(DATA, ALPHA, state, "Scout 1")
    assert act.RECON not in legal_actions(DATA, ALPHA, state, "Squad 1")
    run(recon(state, dice(3), "Scout 1"), answers=["HQ 1"])
    assert state.successful_recon and state.unit("HQ 1").acted
    state = table({"Scout 1": 111, "HQ 1": 666})
    state.unit("Scout 1").reduced = True
    run(recon(state, dice(4), "Scout 1"), answers=["no HQ"])
    assert not state.successful_recon


@pytest.mark.rule("SV-RALLY-01", "SV-RALLY-02", "SV-RALLY-03")
def test_rally_rolls_for_each_disrupted_unit_adjacent_and_flips_on_five():
    state = table({"HQ 1": 412, "Squad 1": 411, "Squad 2": 413, "Squad 3": 415, "Soldier #1": 414})
    for uid in ("HQ 1", "Squad 1", "Squad 2", "Squad 3"):
        state.unit(uid).reduced = True
    events = run(rally(state, dice(5, 4, 6), "HQ 1"))
    assert [e.data["unit"] for e in events] == ["Squad 1", "HQ 1", "Squad 2"]
    assert not state.unit("Squad 1").reduced and state.unit("HQ 1").reduced
    assert not state.unit("Squad 2").reduced and state.unit("Squad 3").reduced
    assert act.RALLY not in legal_actions(DATA, ALPHA, table({"Squad 1": 411}), "Squad 1")


@pytest.mark.rule("SV-RALLY-02")
def test_variant_rally_only_next_to_vermites():
    state = table({"HQ 1": 412, "Squad 1": 411, "Squad 2": 413, "Soldier #1": 414})
    state.unit("Squad 1").reduced = state.unit("Squad 2").reduced = True
    events = run(rally(state, dice(6, variants=["rally_only_next_to_vermites"]), "HQ 1"))
    assert [e.data["unit"] for e in events] == ["Squad 2"]


@pytest.mark.rule("SV-REQ-01", "SV-REQ-02", "SV-REQ-03", "SV-ENTRY-02")
def test_request_reinforcements_on_three_then_enter_by_the_designated_hex():
    state = table({"HQ 1": 411})
    hq = state.unit("HQ 1")
    hq.reduced, hq.nat = True, "tainted"
    run(request_reinforcements(state, dice(4), "HQ 1"))
    assert all(u.status == "pool" for u in state.units if u.is_marine and u.id != "HQ 1")
    events = run(
        request_reinforcements(state, dice(5), "HQ 1"),
        answers=["Heavy Weapons 1", act.ENTER, "656"],
    )
    assert "granted" in texts(events)
    assert state.unit("Heavy Weapons 1").hex == "656"


@pytest.mark.rule("SV-ENTRY-01", "SV-ENTRY-03", "SV-JUMP-08")
def test_a_blocked_entry_hex_holds_the_unit_off_map_and_jumpers_may_jump_in():
    state = table({"HQ 1": 411, "Soldier #1": 656})
    run(request_reinforcements(state, dice(6), "HQ 1"), answers=["Squad 1", act.ENTER])
    assert state.unit("Squad 1").status == "off_map"
    state.unit("Soldier #1").status, state.unit("Soldier #1").hex = "cup", None  # 656 clears
    state.turn += 1
    state.unit("Squad 1").acted = False
    assert act.ENTER in legal_actions(DATA, ALPHA, state, "Squad 1")
    run(marine_action(state, dice(), "Squad 1", act.ENTER), answers=["656"])  # no dice: no roll
    assert state.unit("Squad 1").hex == "656" and state.unit("Squad 1").status == "map"
    state = table({"HQ 1": 411})
    d = first_decision(_skip_to(request_reinforcements(state, dice(6), "HQ 1"), ["Scout 1"]))
    assert d.options == [act.ENTER, act.LAND, act.JUMP]


def _skip_to(proc, answers):
    """Answer the first decisions, return the procedure paused before the next one."""
    from rules_lib.core.engine import Decision

    def gen():
        to_send = None
        queue = list(answers)
        while True:
            item = proc.send(to_send)
            to_send = None
            if isinstance(item, Decision):
                if not queue:
                    to_send = yield item
                    continue
                to_send = queue.pop(0)

    return gen()


@pytest.mark.rule("SV-LZ-01", "SV-LZ-02", "SV-LZ-07")
def test_landing_zone_on_target_full_strength_and_no_move_or_fire_that_turn():
    state = table({"Soldier #1": 416}, jewels={"421": 2})
    state.unit("Squad 1").status = "off_map"
    opts = first_decision(landing_zone(state, dice(), "Squad 1")).options
    assert "421" not in opts and "416" not in opts and "321" not in opts  # jewel, unit, bamboo
    assert all(ALPHA.numbered(h(o)) for o in opts)
    run(landing_zone(state, dice(2), "Squad 1"), answers=["411"])
    u = state.unit("Squad 1")
    assert u.hex == "411" and not u.reduced and u.landed_turn == state.turn
    assert legal_actions(DATA, ALPHA, state, "Squad 1") == []


@pytest.mark.rule("SV-LZ-02")
@pytest.mark.parametrize(
    "die,expected",
    [(1, "on target"), (3, "on target"), (4, "drift"), (5, "drift"), (6, "delayed")],
)
def test_sv_lz_02_accuracy_die_bands(die, expected):
    state = table({})
    # drift: direction 1 (north), distance die 1 -> 1 hex: 413 -> 412
    run(landing_zone(state, dice(die, 1, 1), "Squad 1"), answers=["413"])
    u = state.unit("Squad 1")
    got = {
        ("413", False): "on target",
        ("412", True): "drift",
    }.get((u.hex, u.reduced), "delayed" if state.lz_delayed == ["Squad 1"] else "other")
    assert got == expected
    if expected == "delayed":
        assert u.status == "off_map" and u.hex is None


@pytest.mark.rule("SV-LZ-03", "SV-LZ-05")
def test_landing_zone_drift_by_the_movement_indicator_lands_disrupted():
    state = table({"Squad 2": 413})
    # 4 = drift; direction 4 (south); distance 3 halved up = 2: 411 -> 413 (a Marine) -> moved
    run(landing_zone(state, dice(4, 4, 3), "Squad 1"), answers=["411"])
    u = state.unit("Squad 1")
    assert u.reduced and u.hex == "363"  # lowest-numbered empty neighbour of 413


@pytest.mark.rule("SV-LZ-04")
def test_landing_zone_six_delays_the_drop_to_next_turn():
    state = table({})
    run(landing_zone(state, dice(6), "Squad 1"), answers=["411"])
    assert state.lz_delayed == ["Squad 1"] and state.unit("Squad 1").status == "off_map"
    assert legal_actions(DATA, ALPHA, state, "Squad 1") == [act.LAND]


@pytest.mark.rule("SV-LZ-06")
def test_landing_zone_drift_off_the_map_or_onto_a_vermite_eliminates():
    state = table({})
    run(landing_zone(state, dice(5, 4, 6), "Squad 1"), answers=["415"])
    assert state.unit("Squad 1").status == "eliminated"
    state = table({"Drone #4": 413})
    run(landing_zone(state, dice(4, 4, 3), "Squad 1"), answers=["411"])
    assert state.unit("Squad 1").status == "eliminated"


# -- M.A.D. Scientist -----------------------------------------------------------------------------


@pytest.mark.rule("SV-MAD-01", "SV-MAD-02", "SV-MAD-03")
def test_the_scientist_builds_in_a_lab_and_cannot_use_it_the_same_turn():
    away = table({"M.A.D. Scientist": 214}, secret_weapons_left=["The Alley Cat"])
    assert act.BUILD not in legal_actions(DATA, ALPHA, away, "M.A.D. Scientist")  # not a Lab
    state = table({"M.A.D. Scientist": 213}, secret_weapons_left=["The Alley Cat"])
    doc = state.unit("M.A.D. Scientist")
    assert not doc.weapon_ready
    run(marine_action(state, dice(), "M.A.D. Scientist", act.BUILD))
    assert doc.weapon_ready and state.secret_weapons_left == ["The Alley Cat"]
    doc.acted = False
    assert act.DETONATE not in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")
    assert act.BUILD not in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")
    state.turn += 1
    assert act.DETONATE in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")


@pytest.mark.rule("SV-MAD-05", "SV-MAD-07")
def test_a_detonation_with_nothing_in_range_says_it_affects_nothing():
    names = [w.name for w in DATA.secret_weapons]
    state = table({"M.A.D. Scientist": 411, "Soldier #1": 661}, secret_weapons_left=list(names),
                  turn=2)
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready, doc.weapon_built_turn = True, 1
    # chit 1 of 6 = The Alley Cat; range die 1 + 1 = 2; count die 6 / 2 = 3; Soldier #1 is far
    events = run(detonate_secret_weapon(state, dice(1, 1, 6), "M.A.D. Scientist"))
    assert texts(events).splitlines() == [
        ("M.A.D. Scientist detonates The Alley Cat: range 2 (die 1 +1), up to 3 Vermites (die 6 "
         "divided by 2, rounded up), effect eliminate"),
        ("The Alley Cat finds no Vermite it may affect within 2 hexes of 411 (Vermites in a Nest "
         "and Escorted Queens never count): it affects nothing"),
        "M.A.D. Scientist flips back to his motorcycle side; The Alley Cat is removed from play",
    ]
    assert state.unit("Soldier #1").on_map


@pytest.mark.rule("SV-MAD-06")
def test_a_weapon_without_dice_states_its_fixed_range_and_count():
    state = table({"M.A.D. Scientist": 411, "Soldier #1": 661},
                  secret_weapons_left=["The Fat Cat"], turn=2)
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready, doc.weapon_built_turn = True, 1
    events = run(detonate_secret_weapon(state, dice(), "M.A.D. Scientist"))
    assert texts(events).splitlines()[:2] == [
        "M.A.D. Scientist detonates The Fat Cat: range 1, up to 6 Vermites (no dice), effect reduce",
        ("The Fat Cat finds no Vermite it may affect within 1 hex of 411 (Vermites in a Nest and "
         "Escorted Queens never count): it affects nothing"),
    ]


@pytest.mark.rule("SV-MAD-04", "SV-MAD-05", "SV-MAD-07", "SV-MAD-09")
def test_detonation_picks_a_random_chit_range_and_count_and_the_player_picks_victims():
    names = [w.name for w in DATA.secret_weapons]
    state = table(
        {
            "M.A.D. Scientist": 411,
            "Soldier #1": 413,
            "Soldier #3": 414,
            "High Queen": 415,
            "Ultra-Mite #2": 415,
            "Drone #4": 441,
        },
        secret_weapons_left=list(names),
        turn=2,
    )
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready, doc.weapon_built_turn = True, 1
    # chit 1 of 6 = The Alley Cat; range die 3 + 1 = 4; count die 4 / 2 = 2
    proc = detonate_secret_weapon(state, dice(1, 3, 4, 6, 6), "M.A.D. Scientist")
    offered = []
    events = []
    item, answers = next(proc), ["Soldier #3", "Ultra-Mite #2"]
    while True:
        if isinstance(item, Decision):
            offered.append(list(item.options))
            to_send = answers.pop(0) if answers else item.options[0]
        else:
            events.append(item)
            to_send = None
        try:
            item = proc.send(to_send)
        except StopIteration:
            break
    # the Escorted Queen in range is never offered (J-5-c); her Escort is
    assert offered and all("High Queen" not in opts for opts in offered)
    assert "Ultra-Mite #2" in offered[0] and "Soldier #3" in offered[0]
    assert ("The Alley Cat: range 4 (die 3 +1), up to 2 Vermites (die 4 divided by 2, rounded up), "
            "effect eliminate") in texts(events)
    assert state.unit("Soldier #3").status == "cup" and state.unit("Ultra-Mite #2").status == "cup"
    assert state.unit("Soldier #1").on_map and state.unit("High Queen").on_map
    assert not doc.weapon_ready and "The Alley Cat" not in state.secret_weapons_left


@pytest.mark.rule("SV-SETUP-04")
@pytest.mark.parametrize("scenario", ["family_jewels", "great_migration"])
def test_sv_setup_04_six_secret_weapon_chits_set_aside_unrevealed(scenario):
    from .test_sv_scenarios import set_up

    game = set_up(scenario, 0)
    left = game.state.secret_weapons_left
    assert len(left) == 6 and len(set(left)) == 6  # the 6 chits, put to one side
    assert {"The Alley Cat", "The Kitten"} <= set(left)  # the two the rulebook names
    # generic side up: none is selected or revealed during set-up
    assert not any(name in e.message for e in game.log for name in left)
    assert not game.state.unit("M.A.D. Scientist").weapon_ready


@pytest.mark.rule("SV-MAD-06", "SV-MAD-08", "SV-CF-13")
def test_a_weapon_without_rolls_and_the_kitten_removing_drones_from_the_game():
    state = table(
        {"M.A.D. Scientist": 411, "Drone #4": 412, "Soldier #1": 413},
        secret_weapons_left=["The Kitten", "The Fat Cat"],
        turn=2,
    )
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready, doc.weapon_built_turn = True, 1
    run(detonate_secret_weapon(state, dice(1, 6, 2, 6), "M.A.D. Scientist"))
    assert state.unit("Drone #4").status == "removed" and state.unit("Soldier #1").on_map
    doc.weapon_ready = True
    events = run(detonate_secret_weapon(state, dice(), "M.A.D. Scientist"))
    assert "The Fat Cat: range 1" in texts(events)
    assert state.secret_weapons_left == []
    doc.acted = False
    assert act.BUILD not in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")


# -- phases ---------------------------------------------------------------------------------------


@pytest.mark.rule("SV-NATFX-01")
def test_nat_effect_phase_eliminates_infected_marines_on_1_to_4():
    state = table({"Squad 1": 411, "Squad 2": 413, "Squad 3": 415})
    state.unit("Squad 1").nat = "infected"
    state.unit("Squad 2").nat = "infected"
    state.unit("Squad 3").nat = "tainted"
    run(nat_effect_phase(state, dice(4, 5)))
    assert state.unit("Squad 1").status == "eliminated" and state.unit("Squad 2").on_map
    assert state.unit("Squad 3").on_map


@pytest.mark.rule("SV-RECOV-01")
def test_recovery_flips_disrupted_marines_not_next_to_a_vermite():
    state = table({"Squad 1": 411, "Squad 2": 415, "Soldier #1": 416})
    state.unit("Squad 1").reduced = state.unit("Squad 2").reduced = True
    run(recovery_phase(state, dice()))
    assert not state.unit("Squad 1").reduced and state.unit("Squad 2").reduced


@pytest.mark.rule("SV-PURGE-01", "SV-PURGE-02")
def test_purging_lowers_the_logistics_unit_and_one_neighbour_by_one_level():
    state = table({"Logistics": 412, "Squad 1": 411, "Squad 2": 413})
    log = state.unit("Logistics")
    log.nat, log.acted = "infected", True
    state.unit("Squad 1").nat = "tainted"
    state.unit("Squad 2").nat = "infected"
    events = run(purging_phase(state, dice()), answers=["Squad 1"])
    assert log.nat == "tainted"
    assert state.unit("Squad 1").nat == "" and state.unit("Squad 2").nat == "infected"
    assert [e.message for e in events if e.kind == "move"] == [
        "Logistics purges its own NATs: the NAT Infected marker is flipped to its NAT Tainted side",
        "Logistics purges Squad 1's NATs: the NAT Tainted marker is removed",
    ]


@pytest.mark.rule("SV-SEQ-07", "SV-SEQ-08", "SV-MACT-01")
def test_the_action_phase_lets_each_marine_act_once_in_any_order():
    state = table({"Squad 1": 411, "HQ 1": 413, "Scout 1": 111, "Soldier #1": 416})
    d = first_decision(marine_action_phase(state, dice()))
    assert set(d.options) >= {"Squad 1", "HQ 1", "Scout 1"} and d.options[-1] == act.END_PHASE
    events = run(
        marine_action_phase(state, dice(6, 6, 6, 6, 6, 6)),
        answers=[
            "Scout 1",
            act.NO_ACTION,
            "HQ 1",
            act.FULL_FIRE,
            "Soldier #1",
            "Squad 1",
            act.FULL_MOVE,
            "412",
        ],
    )
    assert state.unit("Soldier #1").reduced  # HQ CF 3: three 6s
    assert all(state.unit(u).acted for u in ("Squad 1", "HQ 1", "Scout 1"))
    assert "Marine Action Phase" in texts(events)


@pytest.mark.rule("SV-LZ-04")
def test_a_delayed_drop_must_try_again_before_the_phase_can_end():
    state = table({"HQ 1": 411}, turn=2)
    state.unit("Squad 1").status = "off_map"
    state.lz_delayed = ["Squad 1"]
    proc = marine_action_phase(state, dice(1))
    first = first_decision(proc)
    assert act.END_PHASE not in first.options and "Squad 1" in first.options
    assert proc.send("Squad 1").options == [act.LAND]
    assert proc.send(act.LAND).kind == "landing_zone"


@pytest.mark.rule("SV-JUMP-06", "SV-TERR-19", "SV-AMB-05")
@pytest.mark.parametrize("variants", [(), ("jump_scatter_rerolls",)])
def test_a_scatter_into_a_nat_hex_eliminates_the_jumper_under_either_reading(variants):
    # Scattered from 451: the lowest-numbered hex next to it is 452, a NAT Infestation hex with no
    # unit in it. Forced into it, the Marine is eliminated (§P-2-j); no reading rolls again.
    state = table({"Scout 1": 111})
    state.variants = list(variants)
    run(jump_pack_move(state, dice(2, 1, 1, 1, variants=variants), "Scout 1"), answers=["451"])
    assert state.unit("Scout 1").status == "eliminated"

"""Scenario set-ups (§C-1, §Q-1-a/b, §Q-2-a/b/c) and reinforcements by scenario (§Q-1-c, §Q-2-e),
played through the registered game entry."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin import GAME, new_game
from rules_lib.games.space_vermin.actions import legal_actions, marine_action
from rules_lib.games.space_vermin.map_entry import ENTER, LAND, designated_entry
from rules_lib.games.space_vermin.scenarios import scenario_table
from rules_lib.games.space_vermin.scientist import BUILD
from rules_lib.games.space_vermin.spawning import hordes
from rules_lib.games.space_vermin.special_actions import request_reinforcements
from rules_lib.games.space_vermin.views import invariants

from .sv_helpers import ALPHA, BETA, DATA, dice, first_decision, run, texts
from .sv_turn_helpers import turn_table


def set_up(scenario: str, seed: int = 0, *forced: int):
    """A game stepped to the start of Turn 1 (set-up done), optionally forcing the first dice."""
    game = new_game(scenario, seed=seed)
    game.dice.force(*forced)
    while True:
        ev = game.step_event()
        assert ev is not None
        if ev.kind == "turn":
            return game


def where(state, status):
    return [u for u in state.units if not u.is_marine and u.status == status]


@pytest.mark.rule("SV-S1-01", "SV-S1-02", "SV-S1-04", "SV-SETUP-01", "SV-S1-06", "SV-EX-11", "SV-CF-07")
def test_family_jewels_die_5_puts_the_high_queen_and_jewel_in_nest_2():
    state = set_up("family_jewels", 0, 5).state
    assert state.map == "alpha"
    assert state.unit("High Queen").hex == "Nest 2" and state.unit("Sister Queen").hex == "Nest 1"
    assert state.nest_jewels == {"2": 1} and state.jewels == {"421": 2, "356": 2}
    warriors = {n: sum(1 for u in state.units_at(n) if "Queen" not in u.id)
                for n in ("Nest 1", "Nest 2")}
    assert warriors == {"Nest 2": 4, "Nest 1": 2}  # SN 3 + 1 Jewel, SN 2


@pytest.mark.rule("SV-S1-03", "SV-S1-05", "SV-SETUP-02", "SV-SETUP-05")
def test_family_jewels_two_tunnel_exits_and_everything_else_in_the_cup():
    state = set_up("family_jewels", 3).state
    assert len(state.tunnel_exits) == 2 and len(state.cup_tunnel_exits) == 4
    cup = where(state, "cup")
    assert "Child Queen" in [u.id for u in cup]
    assert len(cup) + len(state.vermites_on_map()) == sum(1 for u in state.units if not u.is_marine)
    assert all(u.status in ("map", "pool", "turn_track", "removed") for u in state.units
               if u.is_marine)
    assert invariants(state) == []


@pytest.mark.rule("SV-S1-07", "SV-S1-09")
def test_family_jewels_marines_in_new_lancaster_scientist_at_422():
    state = set_up("family_jewels", 1).state
    city = set(ALPHA.mdata.city_limits["New Lancaster"])
    start = scenario_table(DATA, "family_jewels")["marines"]
    on_map = [u for u in state.marines_on_map() if u.type != "mad_scientist"]
    assert sorted(u.type for u in on_map) == sorted(t for t, n in start.items() for _ in range(n))
    assert all(u.hex in city for u in on_map)
    assert state.unit("M.A.D. Scientist").hex == "422"
    # he may build weapons in the College Lab (213) or the High School Lab (564), not elsewhere
    can_build_in = {}
    for lab in ("213", "564", "422"):
        here = turn_table({"M.A.D. Scientist": lab}, "Quiet Night",
                          secret_weapons_left=list(state.secret_weapons_left))
        can_build_in[lab] = BUILD in legal_actions(DATA, ALPHA, here, "M.A.D. Scientist")
    assert can_build_in == {"213": True, "564": True, "422": False}


@pytest.mark.rule("SV-S1-08")
def test_recovery_vehicles_arrive_on_turns_2_4_6_at_656():
    state = set_up("family_jewels", 2).state
    assert {rv: state.unit(rv).arrival_turn for rv in ("RV 1", "RV 2", "RV 3")} == {
        "RV 1": 2, "RV 2": 4, "RV 3": 6}
    assert legal_actions(DATA, ALPHA, state, "RV 1") == []
    state.turn = 2
    assert legal_actions(DATA, ALPHA, state, "RV 1") == [ENTER]  # no Landing Zone
    where_to = first_decision(designated_entry(state, dice(), "RV 1"))
    assert where_to.options[0] == "656"  # entering costs the 656 hex's MP first
    run(marine_action(state, dice(), "RV 1", ENTER), answers=["656"])
    assert state.unit("RV 1").hex == "656"
    # with 656 occupied by a Vermite the RV is held off the map, to enter later
    held = set_up("family_jewels", 2).state
    held.turn = 4
    held.unit("Soldier #1").status, held.unit("Soldier #1").hex = "map", "656"
    events = run(marine_action(held, dice(), "RV 2", ENTER))
    assert "is held off the map" in texts(events) and held.unit("RV 2").status == "off_map"
    assert held.unit("RV 2").arrival_turn == 4  # still due: it may enter on a later turn


@pytest.mark.rule("SV-S1-10", "SV-S2-17")
def test_hq_reinforcements_enter_by_entry_hex_landing_zone_or_jump():
    for smap, key in ((ALPHA, "alpha"), (BETA, "beta")):
        state = turn_table({"HQ 1": 111 if key == "alpha" else 666}, "Quiet Night", key)
        proc = request_reinforcements(state, dice(6), "HQ 1")
        pick = first_decision(proc)
        how = proc.send("Scout 1")
        assert pick.kind == "reinforcement" and ENTER in how.options and LAND in how.options
        assert "Jump Pack Move" in how.options


@pytest.mark.rule("SV-S2-01", "SV-S2-02", "SV-S2-03", "SV-S2-04", "SV-S2-05")
def test_great_migration_setup_soldiers_on_entry_hexes_queens_and_ultra_mites_off_map():
    game = new_game("great_migration", seed=4)
    ev = game.step_event()
    while ev.kind != "turn":
        ev = game.step_event()
    state = game.state
    assert state.map == "beta" and state.jewels == {} and state.tunnel_exits == {}
    entry = set(BETA.mdata.vermite_entry_hexes.values())
    on_map = state.vermites_on_map()
    assert len(on_map) == 6 and {u.hex for u in on_map} == entry
    assert all(u.type == "soldier" for u in on_map)
    assert {u.type for u in where(state, "off_map")} == {"high_queen", "sister_queen",
                                                           "child_queen", "ultra_mite"}
    assert {u.type for u in where(state, "cup")} == {"drone", "soldier"}
    assert all(state.unit(rv).status == "removed" for rv in ("RV 1", "RV 2", "RV 3"))
    marines = sorted(u.type for u in state.units if u.is_marine and u.status == "off_map")
    assert marines == sorted(["hq", "logistics", "squad", "squad", "squad", "squad",
                              "mad_scientist"])
    assert BETA.mdata.labs == {"Science Station": "616"}


@pytest.mark.rule("SV-S2-06")
def test_great_migration_marines_enter_only_through_652_661_665():
    game = set_up("great_migration", 5)
    state = game.state
    assert legal_actions(DATA, BETA, state, "Squad 1") == [ENTER]  # no Landing Zone
    options = first_decision(designated_entry(state, dice(), "Squad 1")).options
    assert set(options[:3]) == {"652", "661", "665"}  # the three entry hexes, 1 MP each
    # Vermites on two entry hexes: the Squad still enters, through the third (661) only
    state.unit("Soldier #1").status, state.unit("Soldier #1").hex = "map", "652"
    state.unit("Soldier #3").status, state.unit("Soldier #3").hex = "map", "665"
    for u in state.vermites_on_map():
        if u.hex not in ("652", "665"):
            u.status, u.hex = "cup", None
    options = first_decision(designated_entry(state, dice(), "Squad 1")).options
    assert options[0] == "661" and "652" not in options and "665" not in options
    for u in ("Soldier #5", "Soldier #9"):
        state.unit(u).status, state.unit(u).hex = "map", "661"
    events = run(marine_action(state, dice(), "Squad 1", ENTER))
    assert "is held off the map" in texts(events)


@pytest.mark.rule("SV-S2-07", "SV-SPAWN-06")
def test_first_horde_three_queens_in_different_hexes_ultra_mites_everywhere():
    game = set_up("great_migration", 6)
    state = game.state
    table = scenario_table(DATA, "great_migration")["hordes"]
    # Queens roll 2, 2 (taken, rolled again), 5, 1; then Ultra-Mites drawn with die 1 each time
    events = run(hordes(state, dice(2, 2, 5, 1, 1, 1, 1, 1, 1, 1), table))
    assert (state.unit("High Queen").hex, state.unit("Sister Queen").hex,
            state.unit("Child Queen").hex) == ("112", "115", "111")
    ums = [u for u in state.vermites_on_map() if u.type == "ultra_mite"]
    assert sorted(u.hex for u in ums) == sorted(BETA.mdata.vermite_entry_hexes.values())
    escorts = {u.escort_of for u in ums if u.escort_of}
    assert escorts == {"High Queen", "Sister Queen", "Child Queen"}
    assert all(u.status == "cup" for u in state.units if u.type == "ultra_mite" and not u.on_map)
    assert "spawns" not in texts(events)  # above-ground Queens do not spawn
    assert table["extra_on"] == [1, 2, 3, 4, 5]


@pytest.mark.rule("SV-S2-08", "SV-S2-09", "SV-S2-10")
def test_later_hordes_odd_even_or_all_entry_hexes_plus_one_extra():
    table = scenario_table(DATA, "great_migration")["hordes"]
    for roll, hexes, extra in ((3, [1, 3, 5], 1), (4, [2, 4, 6], 6), (6, [1, 2, 3, 4, 5, 6], None)):
        game = set_up("great_migration", 7)
        state = game.state
        state.turn = 2
        before = {h: len(state.units_at(h)) for h in BETA.mdata.vermite_entry_hexes.values()}
        faces = [roll] + [1] * len(hexes) + ([extra, 1] if extra else [])
        run(hordes(state, dice(*faces), table))
        after = {h: len(state.units_at(h)) for h in before}
        added = {n: after[BETA.mdata.vermite_entry_hexes[n]] - before[BETA.mdata.vermite_entry_hexes[n]]
                 for n in range(1, 7)}
        expect = {n: (n in hexes) + (n == extra) for n in range(1, 7)}
        assert added == expect
        assert invariants(state) == []  # Entry hexes have no stacking limit


def test_the_registry_lists_the_three_scenarios():
    assert list(GAME.scenarios) == ["family_jewels", "great_migration", "campaign"]
    with pytest.raises(ValueError, match="unknown scenario 'beach'"):
        new_game("beach")


@pytest.mark.rule("SV-S1-02")
@pytest.mark.parametrize("die, high, sister", [(1, "Nest 1", "Nest 2"), (3, "Nest 1", "Nest 2"),
                                               (4, "Nest 2", "Nest 1"), (6, "Nest 2", "Nest 1")])
def test_family_jewels_nest_die_1_3_nest_1_4_6_nest_2(die, high, sister):
    state = set_up("family_jewels", 0, die).state
    assert state.unit("High Queen").hex == high and state.unit("Sister Queen").hex == sister
    assert state.nest_jewels == {high[-1]: 1}


@pytest.mark.rule("SV-S1-07", "SV-S1-06")
def test_marines_may_set_up_anywhere_in_the_city_crown_jewel_hexes_included():
    from rules_lib.core.engine import PersonPolicy

    game = new_game("family_jewels", seed=1, policies={"Marines": PersonPolicy()})
    for _ in range(50):  # the set-up events up to the first Marine's placement
        if game.step_event() is None:
            break
    assert game.pending is not None and game.pending.kind == "setup_hex"
    options = set(game.pending.options)
    assert {"421", "356"} <= options  # the Jewel hexes are in the city limits (§Q-1-a/b)
    assert "422" not in options  # the Scientist's hex: no two Marines stacked (§I-1-a)


@pytest.mark.rule("SV-S2-05", "SV-CAMP-01")
def test_the_campaigns_second_battle_starts_the_scientist_on_his_harley_with_no_weapon():
    game = new_game("campaign", seed=2)
    while True:  # to the end of battle 1
        ev = game.step_event()
        if ev.message.startswith("Campaign battle 2"):
            break
    sci = game.state.unit("M.A.D. Scientist")
    sci.weapon_ready, sci.weapon_built_turn = True, 9  # a weapon built on turn 9 of battle 1
    gun = game.state.unit("A.N.T. Gun")
    gun.limbered, gun.landed_turn = False, 9
    while not game.step_event().message.startswith("The Marines wait off the east edge"):
        pass
    assert (sci.weapon_ready, sci.weapon_built_turn) == (False, 0)  # Harley side up (§Q-2-b)
    assert (gun.limbered, gun.landed_turn) == (True, 0)
    assert GAME.state_problems(game.state) == []

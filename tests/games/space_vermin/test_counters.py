"""Counters, chits and Secret Weapons as data (§B-1, §D, §J-5), with provenance and validation."""

from __future__ import annotations

import pytest

from rules_lib.core.data import DataError
from rules_lib.games.space_vermin import GAME
from rules_lib.games.space_vermin.counters import all_units
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.state import SVState, counter_side, effective_values

from .sv_helpers import DATA, dice, run, table


@pytest.mark.rule("SV-COMP-01")
def test_the_counter_mix_adds_up_to_88():
    assert GAME.validate_data() == []
    assert DATA.total_counters == 88
    with pytest.raises(DataError, match="adds up to 89"):
        load_game_data({"counters:marines.squad.count": 8})


@pytest.mark.rule("SV-COMP-03", "SV-COMP-04", "SV-COMP-05")
def test_nine_marine_types_with_cf_dn_ma_and_a_disrupted_back():
    assert list(DATA.marines) == [
        "squad",
        "scout",
        "special_ops",
        "heavy_weapons",
        "hq",
        "logistics",
        "mad_scientist",
        "ant_gun",
        "recovery_vehicle",
    ]
    for key, m in DATA.marines.items():
        assert {"cf", "dn", "ma"} <= set(vars(m.sides["full"]))
        if key not in ("ant_gun", "mad_scientist"):
            assert "disrupted" in m.sides
    assert DATA.marines["squad"].sides["disrupted"].weapon == "pistol"


@pytest.mark.rule("SV-COMP-06")
def test_ant_gun_and_scientist_have_their_own_two_sides():
    assert set(DATA.marines["ant_gun"].sides) == {"full", "unlimbered"}
    assert set(DATA.marines["mad_scientist"].sides) == {"full", "weapon_ready"}
    state = table({"A.N.T. Gun": 411, "M.A.D. Scientist": 412})
    gun, doc = state.unit("A.N.T. Gun"), state.unit("M.A.D. Scientist")
    assert counter_side(DATA, gun) == DATA.marines["ant_gun"].sides["full"]
    gun.limbered = False
    assert counter_side(DATA, gun) == DATA.marines["ant_gun"].sides["unlimbered"]
    doc.weapon_ready = True
    assert counter_side(DATA, doc) == DATA.marines["mad_scientist"].sides["weapon_ready"]


@pytest.mark.rule("SV-COMP-07", "SV-CF-11")
def test_vermite_warriors_have_unit_ids_and_reduced_backs():
    assert {k for k, v in DATA.vermites.items() if v.kind != "queen"} == {
        "drone",
        "soldier",
        "ultra_mite",
    }
    ids = [i for v in DATA.vermites.values() for i in v.ids]
    assert len(ids) == len(set(ids))
    assert {5, 13, 21} <= set(DATA.vermites["soldier"].ids)
    assert len(DATA.vermites["soldier"].ids) >= 6 and len(DATA.vermites["ultra_mite"].ids) >= 6
    units = all_units(DATA)
    assert any(u.id == "Soldier #13" and u.number == 13 and u.status == "cup" for u in units)


@pytest.mark.rule("SV-COMP-08", "SV-CF-07")
def test_queens_rank_high_sister_child_with_spawn_numbers():
    queens = sorted((v for v in DATA.vermites.values() if v.kind == "queen"), key=lambda q: q.rank)
    assert [q.name for q in queens] == ["High Queen", "Sister Queen", "Child Queen"]
    assert queens[0].sn == 3 and queens[1].sn == 2


@pytest.mark.rule("SV-COMP-09", "SV-COMP-11", "SV-COMP-12")
def test_crown_jewels_five_with_their_bonuses():
    from rules_lib.games.space_vermin.marine_fire import resolve_fire
    from rules_lib.games.space_vermin.spawning import queens_spawn
    from rules_lib.games.space_vermin.vermite_movement import move_group
    from rules_lib.games.space_vermin.views import invariants

    from .sv_turn_helpers import chit_for, turn_table

    # carried Jewels: CF/DN/MA bonuses for non-Drone Vermites (not for Drones)
    state = table({"Soldier #1": 131, "Drone #4": 132})
    soldier, drone = state.unit("Soldier #1"), state.unit("Drone #4")
    plain = effective_values(DATA, soldier)
    soldier.jewels = drone.jewels = 1
    carried = effective_values(DATA, soldier)
    assert (carried.cf - plain.cf, carried.dn - plain.dn, carried.ma - plain.ma) == (2, 1, 1)
    assert effective_values(DATA, drone) == counter_side(DATA, drone)
    # Jewels in a Nest raise the spawn of the Queens there by 1 each
    spawned = []
    for nest_jewels in ({}, {"1": 1}):
        spawn = turn_table({"High Queen": "Nest 1"}, "Quiet Night", nest_jewels=nest_jewels)
        run(queens_spawn(spawn, dice(*[1] * 10)))
        spawned.append(sum(1 for u in spawn.units_at("Nest 1") if "Queen" not in u.id))
    assert spawned == [3, 4]
    # Jewels do not count against stacking: a Soldier joins another in a 2-Jewel hex
    stack = turn_table({"Soldier #1": 434, "Soldier #3": 421}, chit_for("434", 3),
                       jewels={"421": 2, "356": 2}, nest_jewels={"1": 1})
    run(move_group(stack, dice(), [stack.unit("Soldier #1")]))
    assert stack.unit("Soldier #1").hex == "421" and invariants(stack) == []
    # never destroyed: Marine fire eliminating the Vermites there leaves the Jewels in place
    fire = table({"Squad 1": 422, "Soldier #1": 421}, jewels={"421": 2, "356": 2})
    run(resolve_fire(fire, dice(6, 6, 6, 6, 6, 6, 6), "Squad 1", "Soldier #1"))
    assert not fire.unit("Soldier #1").on_map and fire.jewels == {"421": 2, "356": 2}


@pytest.mark.rule("SV-COMP-10", "SV-RV-02")
def test_only_carriers_move_jewels_an_rv_loads_one_for_one_mp():
    from rules_lib.games.space_vermin.full_move import full_move

    state = table({"RV 1": 355}, jewels={"356": 2})
    run(full_move(state, dice(), "RV 1"), answers=["356", "load"])
    assert state.unit("RV 1").jewels == 1 and state.jewels == {"356": 1}
    # at most 1 Jewel per RV: a loaded RV entering a Jewel hex is not offered another
    loaded = table({"RV 1": 355}, jewels={"356": 2})
    loaded.unit("RV 1").jewels = 1
    events = run(full_move(loaded, dice(), "RV 1"), answers=["356"])  # then the first option
    assert loaded.unit("RV 1").jewels == 1 and loaded.jewels == {"356": 2}
    assert not any(e.kind == "decision" and "Load a Crown Jewel" in e.message for e in events)


@pytest.mark.rule("SV-COMP-13", "SV-COMP-14", "SV-CF-12", "SV-EVT-01", "SV-EVT-05")
def test_fifteen_event_chits_with_three_directions_and_six_secret_weapons():
    chits = {c.name: c for c in DATA.event_chits}
    assert len(chits) == 15
    assert {
        "Queen's B.U.R.P.",
        "Ultra-Mite B.E.L.C.H.",
        "NAT Plague",
        "Bogs Flood",
        "Vermites Molt",
    } <= set(chits)
    assert (
        chits["Bogs Flood"].alpha_blue,
        chits["Bogs Flood"].alpha_yellow,
        chits["Bogs Flood"].beta,
    ) == (4, 1, "*")
    assert chits["NAT Plague"].alpha_blue == 1
    assert all(
        c.alpha_blue in range(1, 7) and c.alpha_yellow in range(1, 7) for c in chits.values()
    )
    assert [w.name for w in DATA.secret_weapons][:2] == ["The Alley Cat", "The Kitten"]
    assert len(DATA.secret_weapons) == 6


@pytest.mark.rule(
    "SV-CF-01", "SV-CF-02", "SV-CF-03", "SV-CF-04", "SV-CF-05", "SV-CF-08", "SV-CF-09", "SV-CF-10"
)
def test_example_stated_values_carry_rulebook_provenance():
    src = DATA.sources["counters"]
    for path in (
        "marines.squad.full.cf",
        "marines.squad.full.dn",
        "marines.hq.full.cf",
        "vermites.soldier.full.cf",
        "vermites.soldier.full.dn",
        "vermites.ultra_mite.full.cf",
        "vermites.ultra_mite.full.dn",
        "vermites.drone.full.cf",
        "vermites.soldier.full.ma",
    ):
        assert src.provenance_of(path).kind == "rulebook", path
    assert src.provenance_of("marines.scout.full.cf").kind == "assumed"
    assert (DATA.marines["squad"].sides["full"].cf, DATA.vermites["ultra_mite"].full.dn) == (4, 3)
    assert DATA.tables["pants"]["range"] == 4
    report = GAME.provenance_report()
    assert {"counters.yaml", "alpha.yaml", "chits.yaml"} <= set(report["file"])


def test_a_bad_weapon_name_is_rejected_naming_the_piece():
    with pytest.raises(DataError, match="marines.hq.full.weapon: unknown weapon 'laser'"):
        load_game_data({"counters:marines.hq.full.weapon": "laser"})


def test_state_round_trips_through_json():
    state = table(
        {"Squad 1": 411, "Soldier #1": 416}, jewels={"421": 2}, tunnel_exits={"4": "open"}
    )
    state.unit("Squad 1").nat = "tainted"
    again = SVState.from_json(state.to_json())
    assert again == state
    assert effective_values(DATA, again.unit("Squad 1")).cf == 3


@pytest.mark.rule("SV-CF-14", "SV-COMP-14")
def test_the_markers_the_text_names_are_in_the_counter_mix_and_the_state():
    from rules_lib.games.space_vermin.state import NAT_LEVELS, STATUSES

    markers = DATA.marker_counts
    assert markers["successful_recon"] >= 1 and markers["nat"] >= 1 and markers["turn"] >= 1
    assert DATA.sources["counters"].get("tunnel_exit_chits.count") == 6
    # NAT Tainted / NAT Infected are one two-sided marker; Tunnel Exit chits have an open and a
    # Partially Collapsed side; the turn track holds arriving and returning RVs
    assert NAT_LEVELS == ("", "tainted", "infected")
    assert "turn_track" in STATUSES
    state = table({}, tunnel_exits={"4": "open"})
    from rules_lib.games.space_vermin.marine_fire import damage_tunnel_exit

    damage_tunnel_exit(state, "4", "step")
    assert state.tunnel_exits == {"4": "collapsed"}
    assert SVState.from_json(state.to_json()).tunnel_exits == {"4": "collapsed"}

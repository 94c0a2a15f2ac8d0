"""Editing a position by hand: every change is checked by the rules, counters and Jewels conserved."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin import GAME, invariants, new_game
from rules_lib.games.space_vermin.setup_editing import (
    flip,
    kinds,
    move,
    place,
    remove,
    sides,
    validate,
)

from .sv_helpers import BETA, DATA


def after_setup(scenario: str):
    game = new_game(scenario, seed=1)
    while game.state.phase == "Set-Up":
        game.next_phase()
    return game.state


@pytest.fixture(scope="module")
def jewels_battle():
    """Family Jewels after Set-Up: Marines in New Lancaster, Queens and spawn in the Nests."""
    return after_setup("family_jewels")


@pytest.fixture(scope="module")
def migration():
    """Great Migration after Set-Up: six Soldiers on Beta's Entry hexes 111-116."""
    return after_setup("great_migration")


def on_map(state, uid):
    u = state.unit(uid)
    return u.hex if u.on_map else None


def jewel_total(state) -> int:
    return (sum(state.jewels.values()) + sum(state.nest_jewels.values()) + state.jewels_exited
            + sum(u.jewels for u in state.units))


def test_a_position_cannot_be_edited_before_set_up_has_run():
    with pytest.raises(ValueError, match="past Set-Up"):
        place(new_game("family_jewels").state, "soldier", "Vermites", "231")


@pytest.mark.rule("SV-COMP-02")
def test_placing_takes_a_waiting_counter_full_strength_and_leaves_the_old_state_alone(
        jewels_battle):
    before = jewels_battle.to_json()
    waiting = sum(1 for u in jewels_battle.units if u.type == "soldier" and u.status == "cup")
    new = place(jewels_battle, "soldier", "Vermites", "231")
    assert jewels_battle.to_json() == before
    placed = [u for u in new.units if u.type == "soldier" and u.hex == "231"]
    assert len(placed) == 1 and not placed[0].reduced and placed[0].status == "map"
    assert sum(1 for u in new.units if u.type == "soldier" and u.status == "cup") == waiting - 1
    assert len(new.units) == len(jewels_battle.units) and invariants(new) == []


def test_a_counter_of_a_type_with_none_waiting_cannot_be_placed(jewels_battle):
    assert "logistics" not in kinds(jewels_battle)  # the one Logistics counter is on the map
    with pytest.raises(ValueError, match="no logistics counter is waiting.*§B-1"):
        place(jewels_battle, "logistics", "Marines", "231")


def test_a_type_is_placed_for_its_own_side_only(jewels_battle):
    assert sides(jewels_battle) == ["Marines", "Vermites"]
    with pytest.raises(ValueError, match="belongs to the Vermites"):
        place(jewels_battle, "soldier", "Marines", "231")
    with pytest.raises(ValueError, match="unknown unit type 'mech'"):
        place(jewels_battle, "mech", "Marines", "231")


@pytest.mark.rule("SV-MAP-01")
def test_a_hex_that_is_not_on_the_battles_mapzone_is_refused(jewels_battle, migration):
    with pytest.raises(ValueError, match=r"hex '777' is not on Mapzone Alpha.*§B-2"):
        place(jewels_battle, "soldier", "Vermites", "777")
    with pytest.raises(ValueError, match="hex 'Nest 1' is not on Mapzone Beta"):
        move(migration, "Soldier #1", "Nest 1")


@pytest.mark.rule("SV-VSTK-01")
def test_a_third_queen_ultra_mite_or_soldier_in_a_hex_is_refused_naming_it(jewels_battle):
    two = place(place(jewels_battle, "soldier", "Vermites", "231"), "ultra_mite", "Vermites", "231")
    with pytest.raises(ValueError, match=r"cannot stand in 231: it already holds 2 .*§E-3"):
        place(two, "soldier", "Vermites", "231")
    with pytest.raises(ValueError, match="High Queen cannot stand in 231.*§E-3"):
        move(two, "High Queen", "231")


def test_a_vermite_moved_within_its_own_hex_does_not_count_against_itself(jewels_battle):
    two = place(place(jewels_battle, "soldier", "Vermites", "231"), "soldier", "Vermites", "231")
    uid = next(u.id for u in two.units if u.hex == "231")
    assert on_map(move(two, uid, "231"), uid) == "231"


@pytest.mark.rule("SV-VSTK-02")
def test_drones_stack_freely_beside_two_soldiers(jewels_battle):
    state = place(place(jewels_battle, "soldier", "Vermites", "231"), "soldier", "Vermites", "231")
    for _ in range(3):
        state = place(state, "drone", "Vermites", "231")
    assert len(state.units_at("231")) == 5 and invariants(state) == []


@pytest.mark.rule("SV-VSTK-03", "SV-TERR-20", "SV-TERR-29")
def test_nest_and_entry_hexes_take_any_number_of_vermites(jewels_battle, migration):
    state = jewels_battle
    for _ in range(3):
        state = place(state, "ultra_mite", "Vermites", "Nest 1")
    assert sum(1 for u in state.units_at("Nest 1") if u.type != "drone") >= 5
    entry = migration
    for uid in [u.id for u in migration.vermites_on_map() if u.hex != "111"][:3]:
        entry = move(entry, uid, "111")
    assert len(entry.units_at("111")) == 4 and invariants(entry) == []


@pytest.mark.rule("SV-MMOV-03")
def test_two_marines_may_not_end_in_one_hex(jewels_battle):
    taken = on_map(jewels_battle, "Squad 1")
    with pytest.raises(ValueError, match=rf"Squad 2 cannot stand in {taken}: Squad 1 is already "
                                         r"there.*§I-1-a"):
        move(jewels_battle, "Squad 2", taken)
    with pytest.raises(ValueError, match=f"cannot stand in {taken}.*§I-1-a"):
        place(jewels_battle, "scout", "Marines", taken)


@pytest.mark.rule("SV-MMOV-04")
def test_a_marine_may_not_stand_with_a_vermite(jewels_battle):
    state = place(jewels_battle, "drone", "Vermites", "231")
    with pytest.raises(ValueError, match=r"Squad 1 cannot stand in 231: Drone #\d+ is there"):
        move(state, "Squad 1", "231")
    with pytest.raises(ValueError, match="the Marine Squad 1 is there"):
        place(jewels_battle, "soldier", "Vermites", on_map(jewels_battle, "Squad 1"))


@pytest.mark.rule("SV-TERR-12", "SV-TERR-27")
def test_no_unit_stands_in_an_unbridged_toxic_tar_pit_but_a_bridge_is_open(jewels_battle,
                                                                             migration):
    for kind, side in (("scout", "Marines"), ("soldier", "Vermites"), ("drone", "Vermites")):
        with pytest.raises(ValueError, match=r"cannot stand in u4\.3: an unbridged Toxic Tar Pit"
                                             r".*§P-1-g"):
            place(jewels_battle, kind, side, "u4.3")
    assert BETA.terrain_of(BETA.hex("u10.8")) == "tar_pit"  # the Bridge
    bridged = move(migration, "Soldier #1", "u10.8")
    assert on_map(bridged, "Soldier #1") == "u10.8"
    with pytest.raises(ValueError, match="Toxic Tar Pit"):
        move(migration, "Soldier #1", "u10.9")


@pytest.mark.rule("SV-TERR-18")
def test_a_marine_never_stands_in_a_nat_infestation_hex_a_vermite_may(jewels_battle):
    for label in ("452", "Nest 2"):
        with pytest.raises(ValueError, match=rf"Squad 1 cannot stand in {label}: a NAT "
                                             r"Infestation hex.*§P-2-j"):
            move(jewels_battle, "Squad 1", label)
    assert place(jewels_battle, "soldier", "Vermites", "452").units_at("452")


@pytest.mark.rule("SV-MAP-02")
def test_remove_puts_each_counter_back_where_its_kind_waits(jewels_battle, migration):
    where = on_map(jewels_battle, "Squad 1")
    gone = remove(remove(jewels_battle, "Soldier #1"), "Squad 1")
    assert gone.unit("Soldier #1").status == "cup" and gone.unit("Squad 1").status == "pool"
    assert where is not None and on_map(jewels_battle, "Squad 1") == where  # untouched
    assert invariants(gone) == [] and len(gone.units) == len(jewels_battle.units)
    queen = place(migration, "high_queen", "Vermites", "231")
    assert remove(queen, "High Queen").unit("High Queen").status == "off_map"  # §Q-2-a


@pytest.mark.rule("SV-COMP-09")
def test_crown_jewels_are_never_destroyed_by_an_edit(jewels_battle):
    with pytest.raises(ValueError, match=r"Jewels 421 cannot be removed.*§B-1-d"):
        remove(jewels_battle, "Jewels 421")
    carrier = jewels_battle.copy()
    carrier.unit("Soldier #1").jewels = 1
    carrier.jewels["421"] -= 1
    dropped = remove(move(carrier, "Soldier #1", "231"), "Soldier #1")
    assert dropped.jewels["231"] == 1 and dropped.unit("Soldier #1").jewels == 0
    assert jewel_total(dropped) == jewel_total(jewels_battle) == 5 and invariants(dropped) == []


@pytest.mark.rule("SV-COMP-09", "SV-COMP-11")
def test_a_jewel_is_moved_one_at_a_time_and_a_nest_keeps_it(jewels_battle):
    one = move(jewels_battle, "Jewels 421", "231")
    assert one.jewels["421"] == 1 and one.jewels["231"] == 1
    nested = move(one, "Jewels 231", "Nest 2")
    assert "231" not in nested.jewels and nested.nest_jewels["2"] == 1
    full = place(place(jewels_battle, "soldier", "Vermites", "231"), "soldier", "Vermites", "231")
    assert move(full, "Jewels 421", "231").jewels["231"] == 1  # Jewels never count for stacking
    assert jewel_total(nested) == 5 and invariants(nested) == []
    with pytest.raises(ValueError, match="Crown Jewel cannot lie in u4.3"):
        move(jewels_battle, "Jewels 421", "u4.3")


@pytest.mark.rule("SV-COMP-05", "SV-COMP-07")
def test_flip_turns_vermites_to_reduced_and_marines_to_disrupted(jewels_battle):
    reduced = flip(jewels_battle, "Soldier #1")
    assert reduced.unit("Soldier #1").reduced and not jewels_battle.unit("Soldier #1").reduced
    soldier = DATA.vermites["soldier"]
    hover = next(p["hover"] for p in GAME.board_view.pieces(reduced) if p["id"] == "Soldier #1")
    assert f"CF {soldier.reduced.cf} " in hover and "Reduced" in hover
    disrupted = flip(jewels_battle, "Squad 1")
    assert disrupted.unit("Squad 1").reduced
    assert not flip(disrupted, "Squad 1").unit("Squad 1").reduced


@pytest.mark.rule("SV-ANT-01", "SV-COMP-06")
def test_the_ant_gun_and_the_scientist_flip_to_their_other_printed_side(jewels_battle):
    gun = place(jewels_battle, "ant_gun", "Marines", "231")
    assert gun.unit("A.N.T. Gun").limbered  # enters Limbered (§B-1, §J-3)
    unlimbered = flip(gun, "A.N.T. Gun").unit("A.N.T. Gun")
    assert not unlimbered.limbered and not unlimbered.reduced
    ready = flip(jewels_battle, "M.A.D. Scientist").unit("M.A.D. Scientist")
    assert ready.weapon_ready and not ready.reduced


def test_a_loaded_position_names_each_counter_on_a_forbidden_hex(jewels_battle):
    bad = jewels_battle.copy()
    bad.unit("Squad 1").hex = "452"
    bad.unit("Squad 2").hex = "u4.3"
    bad.unit("Squad 3").hex = "Atlantis"
    problems = " | ".join(validate(bad))
    assert "Squad 1 cannot stand in 452: a NAT Infestation hex" in problems
    assert "Squad 2 cannot stand in u4.3: an unbridged Toxic Tar Pit" in problems
    assert "Squad 3 is on hex 'Atlantis'" in problems
    assert validate(jewels_battle) == []


def test_every_pieces_id_is_accepted_by_the_setup_api_and_reach(jewels_battle):
    ids = [p["id"] for p in GAME.board_view.pieces(jewels_battle)]
    assert "Squad 1" in ids and "Jewels 421" in ids
    for piece_id in ids:
        if piece_id.startswith("Jewels"):
            move(jewels_battle, piece_id, "231")
        else:
            remove(jewels_battle, piece_id)
            flip(jewels_battle, piece_id)
    assert GAME.reach.movement_reach(jewels_battle, "Squad 1")


def test_the_entry_offers_the_setup_api_to_the_widgets(jewels_battle):
    from widgets.board_view import BoardView
    from widgets.setup_editor import SetupEditor

    assert GAME.setup.place is place
    bv = BoardView(GAME.board_view.board(jewels_battle), GAME.board_view.pieces, jewels_battle,
                   sides=GAME.players)
    from rules_lib.registry import get_game

    editor = SetupEditor(get_game("space_vermin"), bv, jewels_battle)
    editor.place("231", kind="soldier", side="Vermites")
    editor.remove("Squad 1")
    assert editor.state.unit("Squad 1").status == "pool" and editor.state.units_at("231")

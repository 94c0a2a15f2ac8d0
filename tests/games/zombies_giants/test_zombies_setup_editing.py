"""Editing a position by hand: every change is checked by the rules, figures are conserved."""
from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import GAME, invariants, new_game
from rules_lib.games.zombies_giants.setup_editing import (
    kinds,
    move,
    place,
    remove,
    sides,
    validate,
)
from rules_lib.games.zombies_giants.state import Zombie

from .zg_helpers import CENTRE, SHOP_DOOR_IN, make_state

# The Hardware Store east of the Town Square: building row y = 11 (x 12..14), street row y = 10,
# out-of-bounds row y = 9.
SHOP_INSIDE, SHOP_STREET, SHOP_OUT = (12, 11), (12, 10), (12, 9)


def editable(sizes_=("Normal",)):
    st = make_state(sizes_)
    st.phase = "Round"
    return st


def test_game_start_position_cannot_be_edited_before_game_start_has_run():
    with pytest.raises(ValueError, match="past Game Start"):
        place(new_game("normal", seed=1).state, "zombie", "Zombies", CENTRE)


def test_the_entry_offers_the_setup_api_and_counter_ids():
    st = place(editable(), "zombie", "Zombies", SHOP_STREET)
    assert GAME.setup.place is place
    ids = {p["id"] for p in GAME.board_view.pieces(st)}
    assert ids == {"Survivor 1", "zombie 1"}
    assert "zombie" in kinds(st) and "Huge" in kinds(st)
    assert sides(st) == ["Zombies", "Survivor 1", "Survivor 2"]


def test_placing_a_zombie_takes_it_from_the_pool_and_leaves_the_old_state_alone():
    st = editable()
    before = st.to_json()
    new = place(st, "zombie", "Zombies", SHOP_INSIDE)
    assert st.to_json() == before
    assert new.zombie_pool == st.zombie_pool - 1 and len(new.zombies_at(SHOP_INSIDE)) == 1
    assert invariants(new) == []


def test_removing_a_zombie_puts_it_back_in_the_pool():
    st = place(editable(), "zombie", "Zombies", SHOP_STREET)
    gone = remove(st, "zombie 1")
    assert gone.zombies == [] and gone.zombie_pool == st.zombie_pool + 1
    assert invariants(gone) == []


def test_an_empty_zombie_pool_places_no_zombie():
    st = editable()
    st.zombie_pool = 0
    with pytest.raises(ValueError, match="no zombie figure left in the pool"):
        place(st, "zombie", "Zombies", SHOP_STREET)


@pytest.mark.rule("ZGC-ZTURN-04")
def test_a_third_zombie_on_a_square_is_refused_naming_the_square():
    st = place(place(editable(), "zombie", "Zombies", SHOP_STREET), "zombie", "Zombies",
               SHOP_STREET)
    with pytest.raises(ValueError, match=r"zombie 3 cannot go to 12,10: .*at most 2"):
        place(st, "zombie", "Zombies", SHOP_STREET)
    other = place(st, "zombie", "Zombies", CENTRE)
    with pytest.raises(ValueError, match=r"zombie 3 cannot go to 12,10"):
        move(other, "zombie 3", SHOP_STREET)
    assert len(move(other, "zombie 1", CENTRE).zombies_at(CENTRE)) == 2


@pytest.mark.rule("ZGC-MF-07")
def test_nobody_stands_alone_on_an_out_of_bounds_square():
    st = editable()
    with pytest.raises(ValueError, match=r"zombie 1 at 12,9: the square is out of bounds"):
        place(st, "zombie", "Zombies", SHOP_OUT)
    with pytest.raises(ValueError, match=r"Survivor 1 \(Normal\) cannot stand at 12,9: .*out"):
        move(st, "Survivor 1", SHOP_OUT)
    with pytest.raises(ValueError, match="not on a placed tile"):
        move(st, "Survivor 1", (0, 0))


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-HUGE-09")
def test_a_huge_survivor_is_barred_from_buildings_but_may_overlap_out_of_bounds():
    st = editable(("Huge",))
    with pytest.raises(ValueError, match=r"Survivor 1 \(Huge\) cannot stand at 12,11: .*building"):
        move(st, "Survivor 1", SHOP_INSIDE)
    overlapping = move(st, "Survivor 1", (11, 9))  # (11, 9) street + (12, 9) out of bounds
    assert overlapping.survivor("Survivor 1").loc == [11, 9] and validate(overlapping) == []
    with pytest.raises(ValueError, match="cannot stand at 12,9"):
        move(st, "Survivor 1", SHOP_OUT)  # (12, 9) and (13, 9): both out of bounds


@pytest.mark.rule("ZGC-BIG-09")
def test_normal_and_big_survivors_may_stand_inside_a_building():
    st = editable(("Normal", "Big"))
    st = move(move(st, "Survivor 1", SHOP_DOOR_IN), "Survivor 2", SHOP_INSIDE)
    assert st.survivor("Survivor 2").loc == list(SHOP_INSIDE) and validate(st) == []


@pytest.mark.rule("ZGC-SIZE-01", "ZGC-START-04")
def test_a_placed_survivor_gets_the_game_start_counters_of_its_size():
    st = editable()
    new = place(st, "Big", "Survivor 2", SHOP_STREET)
    big = new.survivor("Survivor 2")
    assert (big.size, big.hearts, big.bullets, big.loc) == ("Big", 8, 0, list(SHOP_STREET))
    assert [s.name for s in new.survivors] == ["Survivor 1", "Survivor 2"]
    assert invariants(new) == [] and validate(new) == []


@pytest.mark.rule("ZGC-START-04", "ZGC-AMB-01")
def test_a_placed_giant_starts_with_the_hearts_of_the_games_reading():
    st = editable()
    st.variants = ["start_hearts_are_halves"]
    big = place(st, "Big", "Survivor 2", SHOP_STREET).survivor("Survivor 2")
    assert (big.halves, big.base_max) == (8, 4)  # Game Start's 8 read as half hearts


def test_each_player_has_one_survivor_figure():
    with pytest.raises(ValueError, match="Survivor 1 already has a Survivor in play at 10,10"):
        place(editable(), "Big", "Survivor 1", SHOP_STREET)
    with pytest.raises(ValueError, match="placed for a player"):
        place(editable(), "Big", "Zombies", SHOP_STREET)


def test_the_last_survivor_cannot_be_removed_but_a_second_one_can():
    st = editable()
    with pytest.raises(ValueError, match="last Survivor in play"):
        remove(st, "Survivor 1")
    two = place(st, "Normal", "Survivor 2", SHOP_STREET)
    assert [s.name for s in remove(two, "Survivor 1").survivors] == ["Survivor 2"]


@pytest.mark.rule("ZGC-BIG-08")
def test_moving_a_carried_survivor_sets_it_down_and_a_giant_carrying_one_is_not_removed():
    st = editable(("Huge", "Normal"))
    giant, rider = st.survivor("Survivor 1"), st.survivor("Survivor 2")
    giant.carrying, rider.carried_by, rider.loc = ["Survivor 2"], "Survivor 1", None
    assert {p["id"] for p in GAME.board_view.pieces(st) if p["loc"] == CENTRE} == {"Survivor 1",
                                                                       "Survivor 2"}
    with pytest.raises(ValueError, match="Survivor 1 carries Survivor 2"):
        remove(st, "Survivor 1")
    with pytest.raises(ValueError, match="carried by Survivor 1"):
        GAME.reach.movement_reach(st, "Survivor 2")
    down = move(st, "Survivor 2", SHOP_STREET)
    assert down.survivor("Survivor 1").carrying == [] and down.survivor("Survivor 2").carried_by \
        is None and validate(down) == []


def test_movement_reach_accepts_a_survivor_id_and_refuses_a_zombie_clearly():
    st = place(editable(), "zombie", "Zombies", SHOP_STREET)
    assert GAME.reach.movement_reach(st, "Survivor 1")
    with pytest.raises(ValueError, match="zombie 1: zombies roll no movement"):
        GAME.reach.movement_reach(st, "zombie 1")


@pytest.mark.rule("ZGC-ZTURN-04", "ZGC-HUGE-01")
def test_a_loaded_position_reports_crowded_squares_and_a_huge_figure_in_a_building():
    st = editable(("Huge",))
    st.survivors[0].loc = list(SHOP_INSIDE)
    st.zombies = [Zombie(n, list(SHOP_STREET)) for n in range(1, 4)]
    st.zombie_pool -= 3
    problems = validate(st)
    assert any("more than 2 zombies" in p for p in problems)
    assert any("Survivor 1 (Huge) cannot stand at 12,11" in p for p in problems)

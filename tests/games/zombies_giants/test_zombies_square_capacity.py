"""Square capacity by figure size (four Normals or one Big per square) and the Size-Ray on cards."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import initial_state, invariants, movement_reach
from rules_lib.games.zombies_giants.actions import SetDown
from rules_lib.games.zombies_giants.carrying import setdown_options
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.fight import weapon_bonus
from rules_lib.games.zombies_giants.move_fight import move_fight, step_options
from rules_lib.games.zombies_giants.setup_editing import move as edit_move
from rules_lib.games.zombies_giants.state import SizeRay, Weapon

from .zg_helpers import CENTRE, ctx, make_state, play, zombies_at

EAST = (11, 10)


def options(st, i=0, left=6):
    return step_options(st, default_data(), st.survivors[i], left, [])[0]


def crowd(st, sq, survivors):
    for s in survivors:
        s.loc = list(sq)


@pytest.mark.rule("ZGC-NORM-01")
def test_four_normal_survivors_share_a_square_and_a_fifth_cannot_end_there():
    st = make_state(("Normal",) * 5)
    crowd(st, EAST, st.survivors[1:])
    mover = st.survivors[0]
    assert invariants(st) == []  # four quarter-square figures fit one square
    mover.halves = 2  # 1 heart: a roll of 1 gives 1 square of movement
    assert "move 11,10" not in options(st, left=1)  # no room to end there, nothing left to go on
    assert "move 11,10" in options(st, left=2)  # it may pass through to 12,10
    assert 0 < movement_reach(st, mover.name)[(12, 10)] and EAST not in movement_reach(st, mover.name)


@pytest.mark.rule("ZGC-NORM-01")
def test_a_survivor_passing_through_a_full_square_must_keep_moving():
    st = make_state(("Normal",) * 5)
    crowd(st, EAST, st.survivors[1:])
    mover = st.survivors[0]
    events, decisions = play(move_fight(st, ctx([3]), mover), ["move 11,10", "move 12,10", "stop"])
    on_full = decisions[1]  # standing on the full square: no stop, only onward moves
    assert "stop" not in on_full.options and "move 12,10" in on_full.options
    assert all(o.startswith("move ") for o in on_full.options)
    passing = next(e for e in events if "passing through" in e.message)
    assert "quarter-square figure" in passing.rule
    assert mover.loc == [12, 10] and st.passing is None and invariants(st) == []


@pytest.mark.rule("ZGC-NORM-01")
def test_a_fifth_normal_on_one_square_breaks_the_capacity_invariant():
    st = make_state(("Normal",) * 5)
    assert any("do not fit on one square" in p for p in invariants(st))


@pytest.mark.rule("ZGC-BIG-01")
def test_a_big_giant_cannot_end_its_move_on_a_square_holding_a_big():
    st = make_state(("Big", "Big"))
    st.survivors[1].loc = list(EAST)
    assert "move 11,10" not in options(st, left=1)
    reach = movement_reach(st, "Survivor 1")
    assert EAST not in reach and (12, 10) in reach  # passed through, ended beyond


@pytest.mark.rule("ZGC-BIG-01")
def test_nothing_fits_beside_a_big_figure():
    st = make_state(("Normal", "Big"))
    normal, big = st.survivors
    big.loc = list(EAST)
    normal.halves = 2
    assert "move 11,10" not in options(st, left=1)  # a Normal may not end beside a Big
    big.loc, normal.loc = list(CENTRE), list(EAST)
    assert "move 11,10" not in options(st, i=1, left=1)  # nor a Big join a Normal
    assert any("do not fit" in p for p in invariants(make_state(("Normal", "Big"))))


@pytest.mark.rule("ZGC-BIG-01", "ZGC-CARRY-04")
def test_a_giant_sets_a_carried_survivor_down_only_where_it_fits():
    st = make_state(("Big", "Normal", "Normal"))
    giant, rider, other = st.survivors
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    other.loc = list(EAST)
    spots = [str(a) for a in setdown_options(st, default_data(), giant)]
    assert "set down Survivor 2 at 10,10" not in spots  # the Big's own square is full
    assert "set down Survivor 2 at 11,10" in spots  # a Normal fits beside another Normal
    st.survivors[2].size = "Big"
    assert SetDown("Survivor 2", (11, 10)) not in setdown_options(st, default_data(), giant)


@pytest.mark.rule("ZGC-BIG-01", "ZGC-CARRY-03")
def test_a_survivor_moving_off_a_big_giant_steps_onto_a_square_with_room():
    st = make_state(("Big", "Normal"))
    giant, rider = st.survivors
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    _, decisions = play(move_fight(st, ctx([4]), rider), ["stay"])
    offered = decisions[0].options
    assert "move off to 10,10" not in offered and "move off to 11,10" in offered


@pytest.mark.rule("ZGC-NORM-01", "ZGC-BIG-01")
def test_at_game_start_everyone_stands_on_the_town_square_with_room():
    data = default_data()
    st = initial_state("team", 0, [], data)
    normal, big = st.survivors
    assert normal.loc == list(CENTRE) and big.loc != normal.loc
    assert st.tile_named("Town Square") and invariants(st) == []


@pytest.mark.rule("ZGC-BIG-01")
def test_the_position_editor_refuses_a_figure_where_there_is_no_room():
    st = make_state(("Big", "Normal"))
    st.phase = "Round"
    st.survivors[1].loc = list(EAST)
    with pytest.raises(ValueError, match="no room.*Survivor 2.*Big"):
        edit_move(st, "Survivor 1", EAST)
    assert edit_move(st, "Survivor 1", (12, 10)).survivors[0].loc == [12, 10]


# -- the Size-Ray on Item/Weapon cards ---------------------------------------------------------


def big_with_ray(card, charges=2):
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray = SizeRay(2, charges)
    st.crafted["size_ray"] = 1
    s.hand = [card]
    return st, s


@pytest.mark.rule("ZGC-RAY-07")
def test_a_size_ray_charge_lets_a_big_giant_wield_the_chainsaw():
    st, s = big_with_ray("Chainsaw")
    zombies_at(st, EAST)
    assert "play Chainsaw" not in options(st)  # sized for Normal Survivors
    assert "ray Chainsaw to Big" in options(st)
    events, decisions = play(
        move_fight(st, ctx([3, 3, 2, 1]), s),  # 2d6 movement, then Advantage [2, 1] keeps 2
        ["ray Chainsaw to Big", "play Chainsaw", "move 11,10", "stop"],
    )
    assert "ray Chainsaw to Big" in decisions[0].options
    assert s.size_ray.charges == 1 and s.weapons == [Weapon("Chainsaw", None, "Big")]
    assert weapon_bonus(default_data(), s) == 2
    assert s.kills == 1 and s.halves == 16  # 2 + 2 beats the zombie's 4 at the first roll
    ray = next(e for e in events if "Size-Ray charge on Chainsaw" in e.message)
    assert "Size Ray" in ray.rule and "ZGC-RAY-07" in ray.ids


@pytest.mark.rule("ZGC-RAY-07")
def test_without_a_charge_the_weapon_stays_out_of_a_giants_hands():
    st, _ = big_with_ray("Chainsaw", charges=0)
    assert not any(o.startswith("ray Chainsaw") for o in options(st))
    assert "play Chainsaw" not in options(st)


@pytest.mark.rule("ZGC-RAY-07", "ZGC-RAY-05")
def test_a_weapon_that_no_longer_fits_its_grown_wielder_is_resized_back_into_use():
    st, s = big_with_ray("Lots of Ammo")
    s.hand = []
    s.weapons = [Weapon("Chainsaw")]  # played while Normal; the Survivor grew to Big
    assert weapon_bonus(default_data(), s) == 0
    play(move_fight(st, ctx([1, 1]), s), ["ray Chainsaw to Big", "stop"])
    assert weapon_bonus(default_data(), s) == 2 and s.size_ray.charges == 1


@pytest.mark.rule("ZGC-RAY-05")
def test_the_size_ray_enlarges_an_item_card_for_a_giant():
    st, s = big_with_ray("Skateboard")
    assert "play Skateboard" not in options(st)  # Giants are too heavy for it as printed
    play(move_fight(st, ctx([1, 1]), s), ["ray Skateboard to Big", "play Skateboard", "stop"])
    assert s.permanent_move_bonus == 2 and s.size_ray.charges == 1 and s.hand == []
    assert s.resized_cards == {}


@pytest.mark.rule("ZGC-RAY-05", "ZGC-NORM-01", "ZGC-BIG-01")
def test_a_survivor_enlarged_where_there_is_no_room_stands_on_the_nearest_free_square():
    st = make_state(("Normal", "Normal"))
    s = st.survivors[0]
    s.size_ray = SizeRay(2, 2)
    st.crafted["size_ray"] = 1
    events, _ = play(move_fight(st, ctx([3]), s), ["ray self to Big", "stop"])
    assert s.size == "Big" and s.loc != list(CENTRE) and invariants(st) == []
    assert any("has no room" in e.message for e in events)

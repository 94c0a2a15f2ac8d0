"""Craftable Items: parts from stores, Size-Ray, Potion Kit and Body Armour per the tables."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import sizes
from rules_lib.games.zombies_giants.actions import Action, CraftPotion, RayArmour, RechargeRay
from rules_lib.games.zombies_giants.crafting import (
    craft_options,
    do_craft_action,
    max_charges,
    visit_store,
)
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.move_fight import move_fight
from rules_lib.games.zombies_giants.state import Armour, PotionKit

from .zg_helpers import SHOP_DOOR_OUT, ctx, make_state, messages, play, run


def visit(st, stores, i=0, variants=(), answers=()):
    events = []
    for store in stores:
        events += play(visit_store(st, ctx(variants=variants), st.survivors[i], store), answers)[0]
    return events


@pytest.mark.rule("ZGC-CRAFT-01", "ZGC-RAY-01", "ZGC-MF-05")
def test_entering_a_part_store_gives_its_part_once():
    st = make_state(at=SHOP_DOOR_OUT)  # the Hardware Store is east of the Town Square
    s = st.survivors[0]
    play(move_fight(st, ctx([1]), s), ["move 13,11", "move 12,11", "stop"])
    assert s.parts["size_ray"] == 1 and st.looted == ["Hardware Store"]
    assert s.size_ray is None  # one part: no effect (table)


@pytest.mark.rule("ZGC-RAY-02", "ZGC-RAY-04", "ZGC-AMB-02")
def test_two_parts_make_a_size_ray_with_two_free_charges():
    st = make_state(("Big",))
    events = visit(st, ["Hardware Store", "Toy-Store"])
    ray = st.survivors[0].size_ray
    assert (ray.parts, ray.charges) == (2, 2) and st.crafted["size_ray"] == 1
    made = next(e for e in events if "crafts" in e.message)
    assert "ZGC-AMB-02" in made.ids and made.assumed.startswith("default reading of ZGC-AMB-02")
    st = make_state(("Big",))
    visit(st, ["Hardware Store", "Toy-Store"], variants=["size_ray_table_start"])
    assert st.survivors[0].size_ray.charges == 1


@pytest.mark.rule("ZGC-RAY-03", "ZGC-RAY-04")
def test_more_parts_raise_max_charges_to_5_and_restore_them():
    data = default_data()
    assert [max_charges(data, n) for n in (1, 2, 3, 4, 5)] == [0, 2, 3, 4, 5]
    st = make_state(("Big",))
    visit(st, ["Hardware Store", "Toy-Store"])
    ray = st.survivors[0].size_ray
    ray.charges = 0
    visit(st, ["Appliances Store"])
    assert (ray.parts, ray.charges) == (3, 3)
    visit(st, ["Consignment Store", "Army-Surplus"])
    assert (ray.parts, ray.charges) == (5, 5)


@pytest.mark.rule("ZGC-RAY-02")
def test_a_bullet_restores_all_charges():
    st = make_state(("Big",))
    visit(st, ["Hardware Store", "Toy-Store", "Appliances Store"])
    s = st.survivors[0]
    s.size_ray.charges, s.bullets = 1, 1
    assert RechargeRay() in craft_options(st, default_data(), s)
    run(do_craft_action(st, ctx(), s, Action.parse("recharge Size-Ray")))
    assert s.size_ray.charges == 3 and s.bullets == 0


@pytest.mark.rule("ZGC-RAY-05")
def test_the_size_ray_shrinks_a_giant_to_normal_for_a_charge():
    st = make_state(("Huge",))
    visit(st, ["Hardware Store", "Toy-Store"])
    s = st.survivors[0]
    run(do_craft_action(st, ctx(), s, Action.parse("ray self to Normal")))
    assert s.size == "Normal" and s.size_ray.charges == 1
    assert s.halves == 6 and s.reserve == 2  # health above Normal's 3 hearts goes to reserve


@pytest.mark.rule("ZGC-RAY-05")
def test_the_size_ray_log_counts_one_charge_and_one_charge_left_in_the_singular():
    st = make_state(("Huge",))
    visit(st, ["Hardware Store", "Toy-Store"])
    s = st.survivors[0]
    events = run(do_craft_action(st, ctx(), s, Action.parse("ray self to Normal")))
    assert events[0].message.startswith(
        "Survivor 1 uses 1 Size-Ray charge: Huge -> Normal (1 charge left); the new size holds "
        "less: 2 hearts to reserve")


@pytest.mark.rule("ZGC-CRAFT-02")
def test_only_one_size_ray_and_one_potion_kit_but_two_armours():
    st = make_state(("Normal", "Big"))
    visit(st, ["Hardware Store", "Toy-Store", "Hospital", "Drug-Store"], i=0)
    st.looted = []
    events = visit(st, ["Hardware Store", "Toy-Store", "Hospital", "Drug-Store"], i=1)
    assert st.survivors[1].size_ray is None and st.survivors[1].potion_kit is None
    assert sum("can exist" in m for m in messages(events)) == 2
    visit(st, ["Police Department", "Fire-Station"], i=0)
    visit(st, ["Costume Shop", "Outfitters"], i=1)
    assert st.crafted["body_armour"] == 2


@pytest.mark.rule("ZGC-CRAFT-02")
def test_a_size_ray_or_kit_that_left_with_its_owner_can_be_made_again():
    st = make_state(("Normal", "Big"))
    visit(st, ["Hardware Store", "Toy-Store", "Hospital", "Drug-Store"], i=0)
    st.survivors[0].status = "escaped"  # the one Size-Ray and Kit leave the game with it
    st.looted = []
    events = visit(st, ["Hardware Store", "Toy-Store", "Hospital", "Drug-Store"], i=1,
                   answers=["Normal"])
    assert st.survivors[1].size_ray is not None and st.survivors[1].potion_kit is not None
    assert not any("can exist" in m for m in messages(events))


@pytest.mark.rule("ZGC-AMB-20")
def test_a_third_suit_of_armour_cannot_be_made():
    st = make_state(("Normal", "Big", "Normal"))
    visit(st, ["Police Department", "Fire-Station"], i=0)
    visit(st, ["Costume Shop", "Outfitters"], i=1)
    events = visit(st, ["Army-Surplus", "Department Store"], i=2)
    assert st.survivors[2].armour is None and "only 2 times" in " ".join(messages(events))


@pytest.mark.rule("ZGC-POT-01", "ZGC-POT-02", "ZGC-AMB-03", "ZGC-AMB-05")
def test_two_potion_parts_make_a_kit_with_one_free_potion():
    st = make_state(("Big",))
    _ = visit(st, ["Hospital", "Florist-Shop"], answers=["Normal"])
    s = st.survivors[0]
    assert s.potion_kit.parts == 2 and s.potions == ["Normal"]
    st = make_state(("Big",))
    visit(
        st, ["Hospital", "Florist-Shop"], variants=["potion_table_free"], answers=["Normal", "Huge"]
    )
    assert st.survivors[0].potions == ["Normal", "Huge"]


@pytest.mark.rule("ZGC-POT-03", "ZGC-POT-04")
@pytest.mark.parametrize("parts,paid,made", [(2, 2, 1), (3, 1, 1), (4, 1, 2), (5, 1, 3)])
def test_potion_recipes_by_parts(parts, paid, made):
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potion_kit, s.reserve = PotionKit(parts), 3
    assert CraftPotion("Normal") in craft_options(st, default_data(), s)
    run(do_craft_action(st, ctx(), s, Action.parse("craft Normal potion")))
    assert s.reserve == 3 - paid and s.potions == ["Normal"] * made


@pytest.mark.rule("ZGC-POT-03")
def test_no_potion_without_the_reserve_hearts_to_pay():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potion_kit, s.reserve = PotionKit(2), 1
    assert not any(isinstance(o, CraftPotion) for o in craft_options(st, default_data(), s))


@pytest.mark.rule("ZGC-POT-05", "ZGC-POT-06", "ZGC-AMB-04", "ZGC-RES-01")
def test_drinking_a_potion_changes_size_and_heals_3_with_the_rest_to_reserve():
    st = make_state()
    s = st.survivors[0]
    s.potions, s.halves = ["Big"], 2
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Big potion")))
    assert s.size == "Big" and s.halves == 2 + 6 and s.reserve == 0
    assert "ZGC-AMB-04" in events[0].ids and "default reading of ZGC-AMB-04" in events[0].assumed
    s.potions, s.halves = ["Normal"], 16
    run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.size == "Normal" and s.halves == 6 and s.reserve == 2  # Normal reserve max 2


@pytest.mark.rule("ZGC-POT-05", "ZGC-RES-01")
def test_shrinking_loses_the_half_heart_of_a_flipped_counter_above_the_new_maximum():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.potions, s.halves = ["Normal"], 23  # 11½ hearts: 8½ above a Normal's 3
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.halves == 6 and s.reserve == 2  # a Normal's reserve holds 2 whole hearts
    assert events[0].message == (
        "Survivor 1 drinks a Normal potion: Huge -> Normal (the new size holds less: 2 hearts to "
        "reserve, 6.5 lost); its 3 hearts of healing find health and reserve full: all lost")


@pytest.mark.rule("ZGC-POT-05", "ZGC-RES-01")
def test_one_heart_moved_to_reserve_is_a_heart_not_hearts():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.potions, s.halves, s.reserve = ["Normal"], 24, 1  # room in reserve for one more heart
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.reserve == 2
    assert "(the new size holds less: 1 heart to reserve, 8 lost)" in events[0].message


@pytest.mark.rule("ZGC-POT-05", "ZGC-NORM-01", "ZGC-HUGE-01")
def test_a_huge_shrunk_over_out_of_bounds_squares_steps_off_and_the_log_says_why():
    st = make_state(("Huge",), at=(12, 9))  # a Huge may overlap the out-of-bounds row; a Normal not
    s = st.survivors[0]
    s.potions = ["Normal"]
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.loc == [11, 9]
    assert "has no room at 12,9 (the square is out of bounds): the figure stands at 11,9" in (
        " ".join(messages(events)))


@pytest.mark.rule("ZGC-POT-06", "ZGC-AMB-04")
def test_potion_heals_5_variant():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potions, s.halves = ["Big"], 2
    run(do_craft_action(st, ctx(variants=["potion_heals_5"]), s, Action.parse("drink Big potion")))
    assert s.halves == 12


@pytest.mark.rule("ZGC-ARM-01", "ZGC-ARM-02", "ZGC-ARM-07")
def test_body_armour_adds_max_hearts_and_heals_once_per_the_table():
    data = default_data()
    st = make_state()
    s = st.survivors[0]
    visit(st, ["Police Department", "Fire-Station"])
    assert s.armour.parts == 2 and sizes.max_hearts(data, s) == 4 and s.halves == 8
    visit(st, ["Costume Shop"])
    assert sizes.max_hearts(data, s) == 5 and s.halves == 10
    visit(st, ["Outfitters"])
    assert sizes.max_hearts(data, s) == 6
    events = visit(st, ["Army-Surplus"])
    assert sizes.max_hearts(data, s) == 6 and "can't upgrade" in " ".join(messages(events))


@pytest.mark.rule("ZGC-ARM-04", "ZGC-ARM-06")
def test_armour_is_normal_sized_until_resized_then_a_giant_gains_double():
    data = default_data()
    st = make_state(("Big",))
    s = st.survivors[0]
    visit(st, ["Police Department", "Fire-Station"])
    assert s.armour.size == "Normal" and sizes.max_hearts(data, s) == 8
    visit(st, ["Hardware Store", "Toy-Store"])
    assert RayArmour() in craft_options(st, data, s)
    run(do_craft_action(st, ctx(), s, Action.parse("ray armour to fit")))
    assert s.armour.size == "Big" and sizes.max_hearts(data, s) == 10


@pytest.mark.rule("ZGC-ARM-06")
def test_armour_can_be_treated_with_a_giant_potion():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.armour, s.potions = Armour(3, "Normal"), ["Huge"]
    run(do_craft_action(st, ctx(), s, Action.parse("treat armour with Huge potion")))
    assert s.armour.size == "Huge" and sizes.max_hearts(default_data(), s) == 16

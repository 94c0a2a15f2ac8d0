"""Craftable Items event by event (crafting.py): each crafting event's record (rule, kind,
catalogue IDs, data, the readings it assumed) and the numbers it settles (charges, hearts,
potions), in positions where only that rule gives the result.
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import sizes
from rules_lib.games.zombies_giants.actions import (
    Action,
    CraftPotion,
    DrinkPotion,
    RayArmour,
    RayCard,
    RaySelf,
    RechargeRay,
    TreatArmour,
)
from rules_lib.games.zombies_giants.crafting import (
    RULE_ARM,
    RULE_CRAFT,
    RULE_POT,
    RULE_RAY,
    craft_options,
    do_craft_action,
    visit_store,
)
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.invariants import invariants
from rules_lib.games.zombies_giants.state import Armour, PotionKit, SizeRay, Weapon

from .zg_helpers import ctx, make_state, play, run

ONE_SUIT = "armour_one_suit"
ONE_SUIT_READING = (
    "variant armour_one_suit (other reading of ZGC-AMB-20): one suit, crafted then upgraded once"
)


def record(event) -> tuple:
    """What an event records besides its wording."""
    return event.rule, event.kind, event.ids, event.data, event.assumed


def visit(st, stores, i=0, variants=(), answers=()):
    """Survivor ``i`` enters each store in turn: the events."""
    events = []
    for store in stores:
        events += play(visit_store(st, ctx(variants=variants), st.survivors[i], store), answers)[0]
    return events


# -- parts and making -------------------------------------------------------------------------


@pytest.mark.rule("ZGC-CRAFT-01", "ZGC-MF-05", "ZGC-POT-01")
def test_a_part_found_in_a_store_records_the_store_and_the_items_part_id():
    events = visit(make_state(), ["Hospital"])
    (found,) = events
    assert found.message == "Survivor 1 finds a potion kit part in the Hospital (1 found)"
    assert record(found) == (
        RULE_CRAFT + " (parts from Hospital)", "craft", ("ZGC-CRAFT-01", "ZGC-MF-05", "ZGC-POT-01"),
        {"store": "Hospital", "values": ["crafting:parts_per_store_visit"]}, P.PARTS)


@pytest.mark.rule("ZGC-RAY-01", "ZGC-RAY-02", "ZGC-RAY-04", "ZGC-AMB-02")
def test_a_new_size_ray_records_its_free_charges_and_the_default_reading():
    events = visit(make_state(("Big",)), ["Hardware Store", "Toy-Store"])
    assert events[-1].message == "Survivor 1 crafts a Size-Ray: 2 of 2 charges"
    assert record(events[-1]) == (
        RULE_RAY + " (at least 2 parts; free charges)", "craft",
        ("ZGC-RAY-01", "ZGC-RAY-02", "ZGC-RAY-04", "ZGC-AMB-02"), {}, P.AMB02)


@pytest.mark.rule("ZGC-RAY-03", "ZGC-RAY-04")
def test_a_size_ray_upgrade_records_the_table_rule():
    st = make_state(("Big",))
    visit(st, ["Hardware Store", "Toy-Store"])
    events = visit(st, ["Appliances Store"])
    assert events[-1].message == "Survivor 1's Size-Ray upgrades: max 3 charges, all restored"
    assert record(events[-1]) == (
        RULE_RAY + " (extra parts: +1 max charge, up to the table's last row)", "craft",
        ("ZGC-RAY-03", "ZGC-RAY-04"), {}, "")


@pytest.mark.rule("ZGC-CRAFT-02")
def test_a_second_size_ray_refused_records_the_at_a_time_limit():
    st = make_state(("Big", "Normal"))
    visit(st, ["Hardware Store", "Toy-Store"])
    st.looted = []
    events = visit(st, ["Hardware Store", "Toy-Store"], i=1)
    assert events[-1].message == (
        "Only 1 Size-Ray can exist at a time: Survivor 2 cannot make another")
    assert record(events[-1]) == (RULE_CRAFT, "craft", ("ZGC-CRAFT-02",), {}, P.AT_A_TIME)
    assert st.crafted["size_ray"] == 1


@pytest.mark.rule("ZGC-CRAFT-02")
def test_a_second_potion_kit_refused_records_the_at_a_time_limit():
    st = make_state(("Big", "Normal"))
    visit(st, ["Hospital", "Florist-Shop"])
    st.looted = []
    events = visit(st, ["Hospital", "Florist-Shop"], i=1)
    assert events[-1].message == "Only 1 Potion Kit can exist at a time"
    assert record(events[-1]) == (RULE_CRAFT, "craft", ("ZGC-CRAFT-02",), {}, P.AT_A_TIME)
    assert st.survivors[1].potion_kit is None and st.crafted["potion_kit"] == 1


@pytest.mark.rule("ZGC-POT-01", "ZGC-POT-02", "ZGC-POT-05", "ZGC-AMB-03", "ZGC-AMB-05")
def test_a_new_potion_kit_asks_the_free_potions_size_and_records_the_readings():
    st = make_state(("Big",))
    visit(st, ["Hospital"])
    events, decisions = play(visit_store(st, ctx(), st.survivors[0], "Florist-Shop"), ["Huge"])
    (asked,) = decisions
    assert (asked.player, asked.kind, asked.options) == (
        "Survivor 1", "potion_type", ["Normal", "Big", "Huge"])
    assert (asked.rule, asked.ids, asked.assumed) == (
        RULE_POT, ("ZGC-POT-05", "ZGC-AMB-05"), P.AMB05)
    assert st.survivors[0].potions == ["Huge"] and st.crafted["potion_kit"] == 1
    assert events[-1].message == "Survivor 1 makes a Potion Kit with 1 free potion(s)"
    assert record(events[-1]) == (
        RULE_POT + " (at least 2 parts; free potions)", "craft",
        ("ZGC-POT-01", "ZGC-POT-02", "ZGC-AMB-03"), {}, P.AMB03)


@pytest.mark.rule("ZGC-POT-04")
def test_a_potion_kit_upgrade_moves_to_the_next_recipe_row():
    st = make_state(("Big",))
    visit(st, ["Hospital", "Florist-Shop"])
    events = visit(st, ["Drug-Store"])
    assert st.survivors[0].potion_kit.parts == 3
    assert events[-1].message == "Survivor 1's Potion Kit upgrades: 1 reserve heart(s) make 1 potion(s)"
    assert record(events[-1]) == (RULE_POT + " (table)", "craft", ("ZGC-POT-04",), {}, "")


# -- Body Armour ------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ARM-01", "ZGC-ARM-02", "ZGC-ARM-07")
def test_crafted_armour_that_fits_records_its_hearts_and_heals_them():
    st = make_state()
    s = st.survivors[0]
    s.halves = 2
    events = visit(st, ["Police Department", "Fire-Station"])
    assert s.armour == Armour(2, "Normal") and st.crafted["body_armour"] == 1
    assert s.halves == 4  # one extra heart, healed at once
    assert events[-1].message == (
        "Survivor 1 crafts Body Armour (2 parts, Normal size): +1 max hearts, healed 1")
    assert record(events[-1]) == (
        RULE_ARM + " (table; Giants gain double)", "craft",
        ("ZGC-ARM-01", "ZGC-ARM-02", "ZGC-ARM-07"), {}, "")


@pytest.mark.rule("ZGC-ARM-06")
def test_armour_crafted_by_a_giant_is_normal_sized_and_heals_nothing():
    st = make_state(("Big",))
    s = st.survivors[0]
    before = s.halves
    events = visit(st, ["Police Department", "Fire-Station"])
    assert s.armour == Armour(2, "Normal") and s.halves == before
    assert events[-1].message == (
        "Survivor 1 crafts Body Armour (2 parts, Normal size): it is sized for Normal Survivors "
        "and does not fit until resized")
    assert events[-1].ids == ("ZGC-ARM-01", "ZGC-ARM-02", "ZGC-ARM-07", "ZGC-ARM-06")


@pytest.mark.rule("ZGC-ARM-04", "ZGC-ARM-07")
def test_a_giant_upgrading_fitted_armour_heals_the_double_gain_and_cites_it():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.armour, s.parts["body_armour"], s.halves = Armour(2, "Big"), 2, 2
    events = visit(st, ["Costume Shop"])
    assert s.armour.parts == 3 and s.halves == 2 + 2 * 2  # a Giant's +1 stage is +2 hearts
    assert events[-1].message == (
        "Survivor 1 upgrades Body Armour (3 parts, Big size): +4 max hearts, healed 2")
    assert events[-1].ids == ("ZGC-ARM-01", "ZGC-ARM-02", "ZGC-ARM-07", "ZGC-ARM-04")


@pytest.mark.rule("ZGC-ARM-07")
def test_an_upgrade_of_armour_that_does_not_fit_heals_nothing():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.armour, s.parts["body_armour"], s.halves = Armour(2, "Normal"), 2, 2
    visit(st, ["Costume Shop"])
    assert s.armour.parts == 3 and s.halves == 2


@pytest.mark.rule("ZGC-ARM-07")
def test_armour_at_the_tables_last_stage_records_that_it_cannot_upgrade():
    st = make_state()
    s = st.survivors[0]
    s.armour, s.parts["body_armour"] = Armour(4, "Normal"), 4
    events = visit(st, ["Army-Surplus"])
    assert s.armour.parts == 4
    assert events[-1].message == "Body Armour can't upgrade beyond this stage"
    assert record(events[-1]) == (
        RULE_ARM + " (the table's last stage)", "craft", ("ZGC-ARM-07",), {}, "")


@pytest.mark.rule("ZGC-CRAFT-02", "ZGC-AMB-20")
def test_a_third_suit_refused_records_the_default_reading():
    st = make_state(("Normal", "Big", "Normal"))
    visit(st, ["Police Department", "Fire-Station"], i=0)
    visit(st, ["Costume Shop", "Outfitters"], i=1)
    events = visit(st, ["Army-Surplus", "Department Store"], i=2)
    assert events[-1].message == "Body Armour may be crafted only 2 times"
    assert record(events[-1]) == (
        RULE_CRAFT, "craft", ("ZGC-CRAFT-02", "ZGC-AMB-20"), {}, P.AMB20)
    assert st.crafted["body_armour"] == 2


@pytest.mark.rule("ZGC-AMB-20")
def test_one_suit_variant_refuses_a_second_suit():
    st = make_state(("Normal", "Normal"))
    visit(st, ["Police Department", "Fire-Station"], i=0, variants=[ONE_SUIT])
    events = visit(st, ["Army-Surplus", "Department Store"], i=1, variants=[ONE_SUIT])
    assert st.survivors[1].armour is None and st.crafted["body_armour"] == 1
    assert events[-1].message == "Only 1 suit of Body Armour may be made"
    assert record(events[-1]) == (
        RULE_CRAFT, "craft", ("ZGC-CRAFT-02", "ZGC-AMB-20"), {}, ONE_SUIT_READING)


@pytest.mark.rule("ZGC-AMB-20", "ZGC-ARM-07")
def test_one_suit_variant_upgrades_the_suit_once_only():
    st = make_state()
    s = st.survivors[0]
    visit(st, ["Police Department", "Fire-Station", "Costume Shop"], variants=[ONE_SUIT])
    assert s.armour.parts == 3
    events = visit(st, ["Outfitters"], variants=[ONE_SUIT])
    assert s.armour.parts == 3
    assert record(events[-1]) == (
        RULE_ARM + " (the table's last stage)", "craft", ("ZGC-ARM-07", "ZGC-AMB-20"), {},
        ONE_SUIT_READING)


@pytest.mark.rule("ZGC-AMB-20")
def test_one_suit_variant_caps_an_upgrade_jump_at_the_second_crafting():
    st = make_state()
    s = st.survivors[0]
    s.armour, s.parts["body_armour"] = Armour(2, "Normal"), 4  # two parts found at once
    play(visit_store(st, ctx(variants=[ONE_SUIT]), s, "Costume Shop"))
    assert s.armour.parts == 3


# -- Step 3 actions ---------------------------------------------------------------------------


@pytest.mark.rule("ZGC-POT-03", "ZGC-POT-04", "ZGC-POT-05")
def test_crafting_potions_records_the_recipe():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potion_kit, s.reserve = PotionKit(4), 3
    events = run(do_craft_action(st, ctx(), s, Action.parse("craft Big potion")))
    assert s.reserve == 2 and s.potions == ["Big", "Big"]
    assert events[0].message == "Survivor 1 pays 1 reserve heart(s) for 2 Big potion(s)"
    assert record(events[0]) == (
        RULE_POT + " (table: hearts per potion)", "craft",
        ("ZGC-POT-03", "ZGC-POT-04", "ZGC-POT-05", "ZGC-AMB-05"), {}, P.AMB05)


@pytest.mark.rule("ZGC-POT-05", "ZGC-POT-06", "ZGC-WIN-02", "ZGC-AMB-12")
def test_shrinking_by_potion_records_the_lost_hearts_and_the_readings():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.potions = ["Normal"]
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.potions == [] and s.size == "Normal"
    assert record(events[0]) == (
        RULE_POT + " (drinking makes you that size and heals; remainders become reserve)",
        "craft",
        ("ZGC-POT-05", "ZGC-POT-06", "ZGC-AMB-04", "ZGC-AMB-05", "ZGC-WIN-02", "ZGC-NORM-02",
         "ZGC-AMB-12"),
        {"values": ["crafting:potion_kit.heal"]},
        P.joined(P.AMB04, P.AMB05, P.SIZE_CHANGE, P.AMB12))


@pytest.mark.rule("ZGC-POT-06", "ZGC-AMB-04")
def test_growing_by_potion_under_the_heals_5_variant_records_the_table_value():
    st = make_state()
    s = st.survivors[0]
    s.potions, s.halves = ["Big"], 2
    events = run(do_craft_action(st, ctx(variants=["potion_heals_5"]), s,
                                 Action.parse("drink Big potion")))
    assert s.halves == 12 and s.reserve == 0
    assert events[0].message == (
        "Survivor 1 drinks a Big potion: Normal -> Big, heals 5 of 5 hearts, 0 to reserve")
    assert record(events[0]) == (
        RULE_POT + " (drinking makes you that size and heals; remainders become reserve)",
        "craft", ("ZGC-POT-05", "ZGC-POT-06", "ZGC-AMB-04", "ZGC-AMB-05"),
        {"values": ["crafting:potion_kit.heal_table"]},
        P.joined(P.variant("potion_heals_5", "ZGC-AMB-04", "the table's 5 hearts"), P.AMB05))


@pytest.mark.rule("ZGC-POT-06", "ZGC-RES-01", "ZGC-AMB-12")
def test_a_potions_healing_beyond_health_goes_to_reserve_and_the_rest_is_lost():
    st = make_state()
    s = st.survivors[0]
    s.potions, s.halves, s.reserve = ["Normal"], 4, 0  # 2 of 3 hearts: room for 1, reserve 2
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.halves == 6 and s.reserve == 2
    assert events[0].message == (
        "Survivor 1 drinks a Normal potion: Normal -> Normal, heals 1 of 3 hearts, 2 to reserve")
    s.potions = ["Normal"]
    s.halves, s.reserve = 4, 1
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert s.halves == 6 and s.reserve == 2
    assert events[0].message == (
        "Survivor 1 drinks a Normal potion: Normal -> Normal, heals 1 of 3 hearts, 1 to reserve, "
        "1 lost")
    assert events[0].ids[-2:] == ("ZGC-NORM-02", "ZGC-AMB-12")


@pytest.mark.rule("ZGC-RAY-05")
def test_a_size_ray_shrink_records_its_charge_and_the_hearts_moved():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.size_ray = SizeRay(3, 3)
    events = run(do_craft_action(st, ctx(), s, Action.parse("ray self to Big")))
    assert s.size == "Big" and s.size_ray.charges == 2
    assert events[0].message == (
        "Survivor 1 uses 1 Size-Ray charge: Huge -> Big (2 charges left); the new size holds "
        "less: 4 hearts to reserve, 0 lost")
    assert record(events[0]) == (
        RULE_RAY + " (table: shrink/enlarge a Survivor to any size)", "craft", ("ZGC-RAY-05",),
        {"values": ["crafting:size_ray.charges_per_resize"]},
        P.joined(P.RESIZE_CHARGE, P.SIZE_CHANGE))


@pytest.mark.rule("ZGC-RAY-05")
def test_a_size_ray_enlargement_moves_no_hearts_and_says_nothing_of_them():
    st = make_state()
    s = st.survivors[0]
    s.size_ray = SizeRay(2, 2)
    events = run(do_craft_action(st, ctx(), s, Action.parse("ray self to Big")))
    assert s.size == "Big" and s.size_ray.charges == 1
    assert events[0].message == "Survivor 1 uses 1 Size-Ray charge: Normal -> Big (1 charge left)"
    assert record(events[0])[2:] == (
        ("ZGC-RAY-05",), {"values": ["crafting:size_ray.charges_per_resize"]}, P.RESIZE_CHARGE)


@pytest.mark.rule("ZGC-ARM-04", "ZGC-ARM-06")
def test_rayed_armour_heals_a_giants_double_extra_hearts():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.armour, s.halves = SizeRay(3, 3), Armour(3, "Normal"), 10
    events = run(do_craft_action(st, ctx(), s, Action.parse("ray armour to fit")))
    assert s.armour.size == "Big" and s.size_ray.charges == 2
    assert s.halves == 10 + 2 * sizes.armour_extra(default_data(), s) == 18
    assert events[0].message == "Survivor 1 resizes the Body Armour to Big (1 Size-Ray charge)"
    assert record(events[0]) == (
        RULE_ARM + " (resized with a Size-Ray)", "craft", ("ZGC-ARM-06", "ZGC-ARM-04"),
        {"values": ["crafting:size_ray.charges_per_resize"]}, P.RESIZE_CHARGE)


@pytest.mark.rule("ZGC-ARM-06")
def test_rayed_armour_heals_no_further_than_the_new_maximum():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.armour = SizeRay(3, 3), Armour(3, "Normal")
    s.halves = 22  # a heart short of the fitted maximum: 8 + 2 x 2 hearts
    run(do_craft_action(st, ctx(), s, Action.parse("ray armour to fit")))
    assert sizes.max_hearts(default_data(), s) == 12 and s.halves == 24


@pytest.mark.rule("ZGC-ARM-04", "ZGC-ARM-06")
def test_treated_armour_uses_the_potion_and_heals_the_double_extra_hearts():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potions, s.armour, s.halves = ["Big", "Normal"], Armour(3, "Normal"), 10
    assert TreatArmour("Big") in craft_options(st, default_data(), s)
    events = run(do_craft_action(st, ctx(), s, Action.parse("treat armour with Big potion")))
    assert s.armour.size == "Big" and s.potions == ["Normal"] and s.halves == 18
    assert events[0].message == "Survivor 1 treats the Body Armour with a Big potion"
    assert record(events[0]) == (
        RULE_ARM + " (treated with a Big/Huge potion)", "craft", ("ZGC-ARM-06", "ZGC-ARM-04"),
        {}, "")


@pytest.mark.rule("ZGC-ARM-06")
def test_treated_armour_heals_no_further_than_the_new_maximum():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potions, s.armour = ["Big"], Armour(3, "Normal")
    s.halves = 22  # a heart short of the fitted maximum: 8 + 2 x 2 hearts
    run(do_craft_action(st, ctx(), s, Action.parse("treat armour with Big potion")))
    assert sizes.max_hearts(default_data(), s) == 12 and s.halves == 24


@pytest.mark.rule("ZGC-RAY-02", "ZGC-AMB-10")
def test_a_recharge_records_the_bullet_spent():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.bullets = SizeRay(2, 0), 2
    events = run(do_craft_action(st, ctx(), s, Action.parse("recharge Size-Ray")))
    assert s.size_ray.charges == 2 and s.bullets == 1
    assert events[0].message == "Survivor 1 spends 1 bullet: the Size-Ray is back to 2 charges"
    assert record(events[0]) == (
        RULE_RAY + " (a bullet restores all charges)", "craft", ("ZGC-RAY-02", "ZGC-AMB-10"),
        {}, "")


# -- what Step 3 offers -----------------------------------------------------------------------


@pytest.mark.rule("ZGC-RAY-05", "ZGC-ARM-06", "ZGC-POT-05")
def test_a_giant_with_a_charged_ray_unfitted_armour_and_potions_is_offered_each_use():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.armour, s.potions = SizeRay(3, 3), Armour(3, "Normal"), ["Huge", "Big", "Huge"]
    s.bullets = 0
    assert craft_options(st, default_data(), s) == [
        DrinkPotion("Big"), DrinkPotion("Huge"), RaySelf("Normal"), RaySelf("Huge"), RayArmour(),
        TreatArmour("Big")]


@pytest.mark.rule("ZGC-RAY-02", "ZGC-ARM-06")
def test_an_empty_ray_offers_only_a_recharge_and_fitted_armour_no_treatment():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.armour, s.potions, s.bullets = SizeRay(3, 0), Armour(3, "Big"), ["Big"], 1
    assert craft_options(st, default_data(), s) == [DrinkPotion("Big"), RechargeRay()]
    s.size_ray.charges = 3
    assert RechargeRay() not in craft_options(st, default_data(), s)
    assert RayArmour() not in craft_options(st, default_data(), s)


@pytest.mark.rule("ZGC-RAY-05")
def test_a_ray_card_action_is_refused_for_a_card_that_needs_no_resizing():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.hand = SizeRay(2, 2), ["Hey Look! A Shotgun"]  # any size may wield it
    with pytest.raises(ValueError):
        run(do_craft_action(st, ctx(), s, RayCard("Hey Look! A Shotgun", "Big")))
    assert s.size_ray.charges == 2


# -- the Size-Ray on cards, and the readings --------------------------------------------------


@pytest.mark.rule("ZGC-RAY-05", "ZGC-RAY-07")
def test_a_big_giant_is_offered_the_ray_only_for_item_and_weapon_cards_it_cannot_wield():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.bullets = SizeRay(2, 2), 0
    s.hand = ["Chainsaw", "Hey Look! A Shotgun", "Skateboard", "Lots of Ammo"]
    offered = [o for o in craft_options(st, default_data(), s) if isinstance(o, RayCard)]
    assert offered == [RayCard("Chainsaw", "Big"), RayCard("Skateboard", "Big")]


@pytest.mark.rule("ZGC-RAY-05", "ZGC-RAY-07")
def test_a_card_in_hand_rayed_for_a_giant_is_then_wieldable_and_costs_a_charge():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.hand = SizeRay(2, 2), ["Chainsaw"]
    events = run(do_craft_action(st, ctx(), s, RayCard("Chainsaw", "Big")))
    assert s.resized_cards == {"Chainsaw": "Big"} and s.size_ray.charges == 1
    assert not any(isinstance(o, RayCard) for o in craft_options(st, default_data(), s))
    assert events[0].message == (
        "Survivor 1 uses a Size-Ray charge on Chainsaw (in hand): resized for a Big Survivor to "
        "wield (1 charge left)")
    assert record(events[0]) == (
        RULE_RAY + " (can change the size of weapons to be wielded by Giants; table: "
        "Shrink/Enlarge Survivor/Item to any Size)", "craft", ("ZGC-RAY-05", "ZGC-RAY-07"),
        {"card": "Chainsaw", "size": "Big", "values": ["crafting:size_ray.charges_per_resize"]},
        P.joined(P.DECK, P.RESIZE_CHARGE, P.RAYED_CARD))


@pytest.mark.rule("ZGC-RAY-07")
def test_a_weapon_in_play_rayed_for_a_giant_is_its_own_and_does_not_wear_out():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.weapons, s.hand = SizeRay(3, 3), [Weapon("Chainsaw", 2)], ["Chainsaw"]
    events = run(do_craft_action(st, ctx(), s, RayCard("Chainsaw", "Big")))
    assert s.weapons == [Weapon("Chainsaw", None, "Big")] and s.resized_cards == {}
    assert s.size_ray.charges == 2
    assert "on Chainsaw (in play)" in events[0].message


@pytest.mark.rule("ZGC-RAY-05")
def test_the_ray_resizes_a_card_only_to_the_survivors_own_size():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.hand = SizeRay(2, 2), ["Chainsaw"]
    with pytest.raises(ValueError, match="has no 'Chainsaw' card to resize to Huge"):
        run(do_craft_action(st, ctx(), s, RayCard("Chainsaw", "Huge")))
    assert s.size_ray.charges == 2 and s.resized_cards == {}


@pytest.mark.rule("ZGC-HUGE-10", "ZGC-AMB-09")
def test_under_the_strict_huge_reading_even_the_cards_a_huge_may_use_need_the_ray():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.size_ray, s.hand = SizeRay(2, 2), ["First Aid Kit", "Chainsaw"]
    s.weapons = [Weapon("Grenade")]  # thrown: a Huge may use it as printed
    offered = [o.card for o in craft_options(st, default_data(), s) if isinstance(o, RayCard)]
    assert offered == ["Chainsaw"]
    st.variants = ["huge_no_item_cards"]
    offered = [o.card for o in craft_options(st, default_data(), s) if isinstance(o, RayCard)]
    assert offered == ["Chainsaw", "First Aid Kit", "Grenade"]
    run(do_craft_action(st, ctx(variants=["huge_no_item_cards"]), s, RayCard("Grenade", "Huge")))
    assert s.weapons == [Weapon("Grenade", None, "Huge")]


@pytest.mark.rule("ZGC-RAY-05")
def test_an_unknown_crafting_action_is_refused():
    st = make_state()
    with pytest.raises(TypeError, match="unknown crafting action"):
        run(do_craft_action(st, ctx(), st.survivors[0], Action.parse("stop")))


@pytest.mark.rule("ZGC-POT-03", "ZGC-RAY-05", "ZGC-RAY-02")
def test_the_last_reserve_hearts_and_the_last_charge_still_pay_but_no_bullet_no_recharge():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potion_kit, s.reserve = PotionKit(2), 2  # the 2-part recipe: 2 hearts
    s.size_ray, s.bullets = SizeRay(3, 1), 0
    options = craft_options(st, default_data(), s)
    assert CraftPotion("Normal") in options and RaySelf("Normal") in options
    assert RechargeRay() not in options


@pytest.mark.rule("ZGC-POT-03")
def test_crafted_potions_join_the_ones_already_held():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.potion_kit, s.reserve, s.potions = PotionKit(3), 2, ["Huge"]
    run(do_craft_action(st, ctx(), s, Action.parse("craft Normal potion")))
    assert s.potions == ["Huge", "Normal"]


@pytest.mark.rule("ZGC-RAY-05", "ZGC-WIN-02")
def test_a_ray_shrink_to_normal_cites_the_normal_win_rule():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.size_ray = SizeRay(2, 2)
    events = run(do_craft_action(st, ctx(), s, Action.parse("ray self to Normal")))
    assert events[0].ids == ("ZGC-RAY-05", "ZGC-WIN-02")


@pytest.mark.rule("ZGC-POT-05", "ZGC-WIN-02")
def test_a_potion_between_giant_sizes_moves_hearts_to_reserve_and_cites_no_win_rule():
    st = make_state(("Huge",))
    s = st.survivors[0]
    s.potions = ["Big"]
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Big potion")))
    assert s.size == "Big"
    assert events[0].ids == ("ZGC-POT-05", "ZGC-POT-06", "ZGC-AMB-04", "ZGC-AMB-05")
    assert events[0].assumed == P.joined(P.AMB04, P.AMB05, P.SIZE_CHANGE)


@pytest.mark.rule("ZGC-POT-06", "ZGC-AMB-12")
def test_healing_lost_for_want_of_reserve_room_cites_the_normal_reserve_reading():
    st = make_state()
    s = st.survivors[0]
    s.potions, s.halves, s.reserve = ["Normal", "Normal"], 4, 0
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert events[0].ids == ("ZGC-POT-05", "ZGC-POT-06", "ZGC-AMB-04", "ZGC-AMB-05")
    assert events[0].assumed == P.joined(P.AMB04, P.AMB05)
    s.halves, s.reserve = 4, 1  # one heart of the three finds no room
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Normal potion")))
    assert events[0].assumed == P.joined(P.AMB04, P.AMB05, P.AMB12)


@pytest.mark.rule("ZGC-AMB-02", "ZGC-AMB-03")
def test_the_table_readings_of_free_charges_and_potions_are_recorded():
    st = make_state(("Big",))
    events = visit(st, ["Hardware Store", "Toy-Store"], variants=["size_ray_table_start"])
    assert events[-1].message == "Survivor 1 crafts a Size-Ray: 1 of 2 charges"
    assert events[-1].assumed == P.variant(
        "size_ray_table_start", "ZGC-AMB-02", "the table's 2-part row: one charge")
    events = visit(st, ["Hospital", "Florist-Shop"], variants=["potion_table_free"])
    assert events[-1].message == "Survivor 1 makes a Potion Kit with 2 free potion(s)"
    assert events[-1].assumed == P.variant(
        "potion_table_free", "ZGC-AMB-03", "the table's 2 free potions")


@pytest.mark.rule("ZGC-CRAFT-02")
def test_items_made_again_after_their_owner_left_count_as_crafted_twice():
    st = make_state(("Normal", "Big"))
    visit(st, ["Hardware Store", "Toy-Store", "Hospital", "Drug-Store"], i=0)
    st.survivors[0].status = "escaped"
    st.looted = []
    visit(st, ["Hardware Store", "Toy-Store", "Hospital", "Drug-Store"], i=1)
    assert st.crafted["size_ray"] == 2 and st.crafted["potion_kit"] == 2


@pytest.mark.rule("ZGC-CRAFT-02", "ZGC-AMB-20")
def test_three_suits_of_armour_held_break_the_limit_check():
    st = make_state(("Normal", "Normal", "Big"))
    for s in st.survivors:
        s.armour = Armour()
    assert "3 body_armour items exist, limit 2" in invariants(st, default_data())


@pytest.mark.rule("ZGC-POT-05", "ZGC-RAY-05", "ZGC-AMB-01")
@pytest.mark.parametrize("how", ["drink Big potion", "ray self to Big"])
def test_a_survivor_grown_under_the_size_section_reading_takes_that_readings_maximum(how):
    st = make_state(variants=["size_section_hearts"])
    s = st.survivors[0]
    s.potions, s.size_ray = ["Big"], SizeRay(2, 2)
    run(do_craft_action(st, ctx(variants=["size_section_hearts"]), s, Action.parse(how)))
    assert s.size == "Big" and s.base_max == 4  # the size section's Big: 4 hearts, not 8


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-HUGE-08")
@pytest.mark.parametrize("how", ["drink Big potion", "ray self to Big"])
def test_a_huge_shrunk_to_big_sets_down_the_rider_that_no_longer_fits(how):
    st = make_state(("Huge", "Normal", "Normal"))
    giant, one, two = st.survivors
    giant.carrying = [one.name, two.name]
    for rider in (one, two):
        rider.carried_by, rider.loc = giant.name, None
    giant.potions, giant.size_ray = ["Big"], SizeRay(2, 2)
    events = run(do_craft_action(st, ctx(), giant, Action.parse(how)))
    assert giant.size == "Big" and len(giant.carrying) == 1
    assert any("no longer fits on Survivor 1's stand" in e.message for e in events)


@pytest.mark.rule("ZGC-RAY-05", "ZGC-RAY-07")
def test_a_card_in_hand_is_rayed_not_another_unfitting_weapon_in_play():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.weapons, s.hand = SizeRay(2, 2), [Weapon("Chainsaw", 2)], ["Skateboard"]
    run(do_craft_action(st, ctx(), s, RayCard("Skateboard", "Big")))
    assert s.resized_cards == {"Skateboard": "Big"} and s.weapons == [Weapon("Chainsaw", 2)]


@pytest.mark.rule("ZGC-RAY-07")
def test_a_weapon_in_play_already_rayed_is_not_rayed_again_but_its_twin_in_hand_is():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.size_ray, s.weapons, s.hand = SizeRay(2, 2), [Weapon("Chainsaw", None, "Big")], []
    assert not any(isinstance(o, RayCard) for o in craft_options(st, default_data(), s))
    s.hand = ["Chainsaw"]
    run(do_craft_action(st, ctx(), s, RayCard("Chainsaw", "Big")))
    assert s.resized_cards == {"Chainsaw": "Big"} and s.weapons == [Weapon("Chainsaw", None, "Big")]

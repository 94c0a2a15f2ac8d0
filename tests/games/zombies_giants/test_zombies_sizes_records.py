"""Survivor sizes (sizes.py), number by number: starting and maximum hearts under each reading of
ZGC-AMB-01, Body Armour's extra hearts and half damage, the damage of a failed roll and the reserve
heart that steps in, reserve limits, healing, changing size, and the dice and bullets of each size.
Where the shipped numbers cannot tell two rules apart, a designer's numbers (data overrides) do.
"""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.core.dice import KeepHighest, SumDice
from rules_lib.games.zombies_giants import sizes
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.state import Armour, SizeRay, Survivor


def data_with(file, path, value):
    """The shipped data with one designer's number changed."""
    files = load_files()
    files[file] = apply_override(files[file], path, value)
    return build(files)


def survivor(size="Normal", halves=None, reserve=0, armour=None, reading="game_start"):
    data = default_data()
    s = Survivor("Survivor 1", size, start_size=size, loc=[10, 10])
    s.base_max = sizes.base_max(data, size, reading)
    s.halves = 2 * s.base_max if halves is None else halves
    s.reserve, s.armour = reserve, armour
    return s


# -- hearts at the start and at most ----------------------------------------------------------------


@pytest.mark.rule("ZGC-SIZE-01")
def test_health_is_written_in_hearts_and_half_hearts():
    assert [sizes.hearts_text(h) for h in (1, 2, 5)] == ["0.5 hearts", "1 heart", "2.5 hearts"]


@pytest.mark.rule("ZGC-SIZE-01")
def test_an_unknown_size_is_refused_naming_the_sizes():
    with pytest.raises(ValueError, match=r"unknown Survivor size 'Tiny'; sizes: Normal, Big, Huge"):
        sizes.stats(default_data(), "Tiny")


@pytest.mark.rule("ZGC-START-04", "ZGC-BIG-02", "ZGC-HUGE-02", "ZGC-AMB-01")
def test_giants_start_with_game_starts_hearts_or_the_size_sections():
    data = default_data()
    assert [sizes.start_hearts(data, z) for z in ("Normal", "Big", "Huge")] == [3, 8, 12]
    assert [sizes.start_hearts(data, z, True) for z in ("Normal", "Big", "Huge")] == [3, 4, 5]


@pytest.mark.rule("ZGC-AMB-01")
def test_the_variants_pick_the_reading_of_starting_hearts():
    assert sizes.hearts_reading(set()) == "game_start"
    assert sizes.hearts_reading({sizes.SIZE_SECTION_HEARTS}) == "size_section"
    assert sizes.hearts_reading({sizes.START_HEARTS_ARE_HALVES}) == "halves"


@pytest.mark.rule("ZGC-AMB-01", "ZGC-BIG-03")
def test_starting_health_in_half_hearts_under_each_reading():
    data = default_data()
    assert sizes.start_halves(data, "Big") == 16
    assert sizes.start_halves(data, "Big", "size_section") == 8
    assert sizes.start_halves(data, "Big", "halves") == 8  # Game Start's 8 are half hearts
    assert sizes.start_halves(data, "Normal", "halves") == 6  # no half damage: whole hearts


@pytest.mark.rule("ZGC-AMB-01", "ZGC-NORM-02")
def test_maximum_hearts_per_size_and_reading():
    data = default_data()
    assert sizes.base_max(data, "Normal") == 3 and sizes.base_max(data, "Normal", "halves") == 3
    assert sizes.base_max(data, "Big") == 8 and sizes.base_max(data, "Big", False) == 8
    assert sizes.base_max(data, "Big", True) == 4 and sizes.base_max(data, "Huge", "size_section") == 5
    assert sizes.base_max(data, "Huge", "halves") == 6


@pytest.mark.rule("ZGC-AMB-01")
def test_an_odd_number_of_half_hearts_rounds_the_maximum_up():
    data = data_with("sizes", "sizes.Big.start_hearts", 7)
    assert sizes.base_max(data, "Big", "halves") == 4


# -- Body Armour -------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ARM-02", "ZGC-ARM-04", "ZGC-ARM-07")
def test_armour_adds_hearts_by_its_parts_double_for_a_giant():
    data = default_data()
    assert sizes.armour_extra(data, survivor()) == 0
    assert sizes.armour_extra(data, survivor(armour=Armour(2, "Normal"))) == 1
    assert sizes.armour_extra(data, survivor(armour=Armour(3, "Normal"))) == 2
    assert sizes.armour_extra(data, survivor("Big", armour=Armour(3, "Big"))) == 4
    assert sizes.max_hearts(data, survivor("Big", armour=Armour(2, "Big"))) == 8 + 2


@pytest.mark.rule("ZGC-ARM-06", "ZGC-ARM-07")
def test_armour_of_another_size_adds_nothing_and_parts_beyond_four_add_no_more():
    data = default_data()
    assert sizes.armour_extra(data, survivor("Big", armour=Armour(4, "Normal"))) == 0
    assert sizes.armour_extra(data, survivor(armour=Armour(6, "Normal"))) == 3
    assert sizes.armour_extra(data, survivor(armour=Armour(1, "Normal"))) == 0


@pytest.mark.rule("ZGC-BIG-03", "ZGC-ARM-03", "ZGC-ARM-06")
def test_who_takes_half_damage():
    data = default_data()
    assert sizes.half_damage(data, survivor("Big"))
    assert not sizes.half_damage(data, survivor())
    assert sizes.half_damage(data, survivor(armour=Armour(2, "Normal")))
    assert not sizes.half_damage(data, survivor(armour=Armour(2, "Big")))


@pytest.mark.rule("ZGC-ARM-03")
def test_armour_that_does_not_halve_damage_leaves_a_normal_whole_damage():
    data = data_with("crafting", "body_armour.halves_damage", False)
    assert not sizes.half_damage(data, survivor(armour=Armour(2, "Normal")))


# -- damage ------------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-ZCOMB-07", "ZGC-BIG-03", "ZGC-ARM-05")
def test_a_failed_roll_costs_a_heart_or_a_half_heart():
    data = default_data()
    assert sizes.hit_halves(data, False) == 2 and sizes.hit_halves(data, True) == 1
    assert sizes.halves_per_hit(data, survivor("Huge")) == 1
    assert sizes.halves_per_hit(data, survivor()) == 2


@pytest.mark.rule("ZGC-ZCOMB-07", "ZGC-BIG-03")
def test_a_designers_bigger_hit_is_halved_for_half_damage():
    data = data_with("rules", "combat.hits_per_failure", 3)
    assert sizes.hit_halves(data, False) == 6 and sizes.hit_halves(data, True) == 3
    assert type(sizes.hit_halves(data, True)) is int  # health stays whole half hearts


@pytest.mark.rule("ZGC-BIG-03", "ZGC-HUGE-03")
def test_a_giants_health_stays_a_whole_number_of_half_hearts_after_a_hit():
    s = survivor("Huge", halves=24)
    sizes.take_hit(default_data(), s)
    assert s.halves == 23 and type(s.halves) is int  # a saved game writes 23, not 23.0


@pytest.mark.rule("ZGC-ZCOMB-07", "ZGC-RES-01")
def test_a_reserve_heart_steps_in_only_when_the_last_heart_goes():
    assert sizes.hit_result(6, 1, 2, True) == (4, 1)
    assert sizes.hit_result(2, 1, 2, True) == (2, 0)
    assert sizes.hit_result(1, 1, 2, True) == (2, 0)  # never below nothing
    assert sizes.hit_result(2, 1, 2, False) == (0, 1)
    assert sizes.hit_result(2, 0, 2, True) == (0, 0)


@pytest.mark.rule("ZGC-RES-01")
def test_taking_a_hit_says_when_a_reserve_heart_stepped_in():
    data = default_data()
    s = survivor(halves=2, reserve=1)
    assert sizes.take_hit(data, s) == " (a reserve heart steps in)" and (s.halves, s.reserve) == (2, 0)
    assert sizes.take_hit(data, s) == "" and s.halves == 0
    s = survivor(halves=2, reserve=1)
    assert sizes.take_hit(data, s, auto_reserve=False) == "" and (s.halves, s.reserve) == (0, 1)


# -- reserve and healing -----------------------------------------------------------------------------


@pytest.mark.rule("ZGC-NORM-02", "ZGC-BIG-02")
def test_reserve_hearts_fit_within_a_normals_two_and_a_giants_any_number():
    data = default_data()
    assert sizes.max_reserve(data, survivor()) == 2 and sizes.max_reserve(data, survivor("Big")) is None
    s = survivor(reserve=1)
    assert sizes.add_reserve(data, s, 3) == 1 and s.reserve == 2
    assert sizes.add_reserve(data, s, 1) == 0 and s.reserve == 2
    big = survivor("Big", reserve=4)
    assert sizes.add_reserve(data, big, 5) == 5 and big.reserve == 9


@pytest.mark.rule("ZGC-POT-06", "ZGC-RES-01")
def test_healing_fills_health_and_puts_whole_hearts_left_over_in_reserve():
    data = default_data()
    s = survivor(halves=2)
    assert sizes.heal(data, s, 3) == (4, 1) and (s.halves, s.reserve) == (6, 1)
    s = survivor(halves=5)
    assert sizes.heal(data, s, 1) == (1, 0) and (s.halves, s.reserve) == (6, 0)  # half left: lost
    s = survivor(halves=6)
    assert sizes.heal(data, s, 2) == (0, 2) and s.reserve == 2


# -- changing size -----------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-POT-05", "ZGC-NORM-02")
def test_a_giant_shrunk_to_normal_keeps_three_hearts_two_in_reserve_and_loses_the_rest():
    data = default_data()
    s = survivor("Huge", halves=24)
    assert sizes.change_size(data, s, "Normal") == (2, 7)
    assert (s.size, s.base_max, s.halves, s.reserve) == ("Normal", 3, 6, 2)


@pytest.mark.rule("ZGC-POT-05", "ZGC-NORM-02")
def test_a_giants_reserve_beyond_a_normals_two_is_lost_on_shrinking():
    data = default_data()
    s = survivor("Big", halves=6, reserve=5)
    assert sizes.change_size(data, s, "Normal") == (0, 3) and s.reserve == 2


@pytest.mark.rule("ZGC-POT-05", "ZGC-NORM-02")
def test_a_giant_shrunk_with_health_and_reserve_over_a_normals_limits_loses_both_overflows():
    data = default_data()
    s = survivor("Big", halves=16, reserve=5)
    # 5 hearts above a Normal's 3 find no room in a reserve already over 2; 3 reserve hearts go too
    assert sizes.change_size(data, s, "Normal") == (0, 8)
    assert (s.halves, s.reserve) == (6, 2)


@pytest.mark.rule("ZGC-POT-05", "ZGC-BIG-03")
def test_a_half_heart_above_the_new_maximum_is_lost():
    data = default_data()
    s = survivor("Big", halves=7)
    assert sizes.change_size(data, s, "Normal") == (0, 0.5) and (s.halves, s.reserve) == (6, 0)


@pytest.mark.rule("ZGC-POT-05", "ZGC-AMB-01")
def test_growing_keeps_health_and_takes_the_readings_maximum():
    data = default_data()
    s = survivor(halves=4, reserve=1)
    assert sizes.change_size(data, s, "Big", "size_section") == (0, 0)
    assert (s.base_max, s.halves, s.reserve) == (4, 4, 1)


@pytest.mark.rule("ZGC-POT-05")
def test_changing_to_an_unknown_size_is_refused_before_anything_changes():
    s = survivor()
    with pytest.raises(ValueError):
        sizes.change_size(default_data(), s, "Tiny")
    assert s.size == "Normal"


# -- dice and bullets --------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-NORM-03", "ZGC-BIG-05", "ZGC-HUGE-07")
def test_movement_dice_per_size():
    data = default_data()
    assert [sizes.movement_dice(data, z) for z in ("Normal", "Big", "Huge")] == [
        SumDice(1), SumDice(2), SumDice(3)]


@pytest.mark.rule("ZGC-BIG-06", "ZGC-HUGE-06", "ZGC-AMB-06")
def test_combat_dice_per_size_and_the_one_die_reading_of_advantage():
    data = default_data()
    assert sizes.combat_dice(data, "Normal") == SumDice(1)
    assert sizes.combat_dice(data, "Big") == KeepHighest(2)
    assert sizes.combat_dice(data, "Big", True) == KeepHighest(1)
    assert sizes.combat_dice(data, "Huge", True) == SumDice(2)


@pytest.mark.rule("ZGC-NORM-05", "ZGC-RES-03", "ZGC-RAY-06", "ZGC-AMB-10")
def test_who_spends_bullets():
    data = default_data()
    assert sizes.uses_bullets(data, survivor()) and sizes.uses_bullets(data, survivor(), True)
    big = survivor("Big")
    assert not sizes.uses_bullets(data, big)
    big.size_ray = SizeRay(2, 2)
    assert sizes.uses_bullets(data, big) and not sizes.uses_bullets(data, big, True)


@pytest.mark.rule("ZGC-NORM-05", "ZGC-RAY-06")
def test_a_bullets_bonus_is_a_normals_or_the_size_rays():
    data = data_with("crafting", "size_ray.bullet_bonus", 3)
    big = survivor("Big")
    big.size_ray = SizeRay(2, 2)
    assert sizes.bullet_bonus(data, survivor()) == 2 and sizes.bullet_bonus(data, big) == 3

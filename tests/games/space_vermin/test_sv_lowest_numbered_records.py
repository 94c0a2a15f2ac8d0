"""The "lowest-numbered" choices (§J-4, SV-AMB-06, SV-AMB-16), event by event: where a Jolted
Vermite that lands on another unit is put, and what the log says about the reading that chose it.

Hex 452 of Mapzone Alpha has 451 to the north, the Tar Pit u13.1 to the north-east, Nest 2 to the
south-east, 453 to the south, u11.2 to the south-west and u11.1 to the north-west: two numbered
hexes, a Tar Pit and three unnumbered hexes, so each reading picks a different hex."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.lowest_numbered import EMPTY_HEX_WHY, ORDER_WHY, empty_adjacent
from rules_lib.games.space_vermin.pants import jolt
from rules_lib.games.space_vermin.provenance import join, map_reason

from .sv_helpers import ALPHA, DATA, dice, records, run, table

MAP_WHY = map_reason(DATA, ALPHA.key)
VARIANT_WHY = "variant unnumbered_hexes_first (other reading of SV-AMB-16)"


def jolted_onto(landing, faces, placements, variants=()):
    """Soldier #1 (at 316) Jolted onto ``landing`` (three dice ``faces``), where a Drone sits."""
    state = table({"Soldier #1": 316, "Drone #4": landing, **placements})
    state.variants = list(variants)
    events = run(jolt(state, dice(*faces), state.unit("Soldier #1"), "Space Vermin §J-4"))
    return state, records(events)


def placed(hex_label, ids, assumed):
    return (
        (f"Soldier #1 lands on another unit and is placed in the lowest-numbered empty adjacent "
        f"hex {hex_label}"),
        "Space Vermin §J-4",
        "combat",
        ("SV-PANTS-07", "SV-AMB-06") + ids,
        assumed,
        {"unit": "Soldier #1", "hex": hex_label},
    )


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-06")
def test_an_all_numbered_choice_cites_no_ordering_reading():
    # 123's empty neighbours are all numbered: SV-AMB-16 decides nothing and is not cited
    state, log = jolted_onto("123", (1, 2, 3), {})
    assert state.unit("Soldier #1").hex == "122"
    assert log[1] == placed("122", (), join(MAP_WHY, EMPTY_HEX_WHY))


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-06", "SV-AMB-16")
def test_a_numbered_empty_neighbour_comes_before_every_unnumbered_one():
    state, log = jolted_onto("452", (4, 5, 2), {"Drone #12": 453})
    assert state.unit("Soldier #1").hex == "451"
    assert log[1] == placed("451", ("SV-AMB-16",), join(MAP_WHY, EMPTY_HEX_WHY, ORDER_WHY))


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-06", "SV-AMB-16")
def test_unnumbered_neighbours_go_clockwise_from_north_skipping_the_tar_pit_and_occupied_hexes():
    # 451 and 453 are taken; the Tar Pit u13.1 (NE) is never empty to land in: Nest 2 (SE)
    state, log = jolted_onto("452", (4, 5, 2), {"Drone #8": 451, "Drone #12": 453})
    assert state.unit("Soldier #1").hex == "Nest 2"
    assert log[1] == placed("Nest 2", ("SV-AMB-16",), join(MAP_WHY, EMPTY_HEX_WHY, ORDER_WHY))


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-06", "SV-AMB-16")
def test_clockwise_order_counts_from_the_landing_hex():
    # 451, 453 and Nest 2 taken: u11.2 (SW) before u11.1 (NW)
    state, log = jolted_onto("452", (4, 5, 2),
                             {"Drone #8": 451, "Drone #12": 453, "Drone #15": "Nest 2"})
    assert state.unit("Soldier #1").hex == "u11.2"
    assert log[1] == placed("u11.2", ("SV-AMB-16",), join(MAP_WHY, EMPTY_HEX_WHY, ORDER_WHY))


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-06", "SV-AMB-16")
def test_the_variant_puts_an_unnumbered_empty_neighbour_before_the_numbered_one():
    state, log = jolted_onto("452", (4, 5, 2), {"Drone #12": 453},
                             variants=["unnumbered_hexes_first"])
    assert state.unit("Soldier #1").hex == "Nest 2"
    assert log[1] == placed("Nest 2", ("SV-AMB-16",), join(MAP_WHY, EMPTY_HEX_WHY, VARIANT_WHY))


@pytest.mark.rule("SV-AMB-16")
def test_empty_adjacent_reads_the_default_order_unless_told_otherwise():
    state = table({"Drone #4": 452, "Drone #12": 453})
    assert empty_adjacent(ALPHA, state, "452") == ["451", "Nest 2", "u11.2", "u11.1"]
    assert empty_adjacent(ALPHA, state, "452", True) == ["Nest 2", "u11.2", "u11.1", "451"]

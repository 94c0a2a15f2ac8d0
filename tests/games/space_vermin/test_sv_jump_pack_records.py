"""The Jump Pack Move (§I-1-c), event by event: the hexes a jump may aim at, the jump roll, a Safe
Landing, a Scattered jump and a Malfunction. Each event is checked whole (message, rule, kind,
catalogue IDs, assumption, data) and each die by what it was rolled for: the log cites the
rulebook at every event (DESIGN principles 3 and 8). Where a rough landing then puts the jumper is
``test_sv_landings_records.py``."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.jump_pack import SCATTER_WHY, jump_pack_move
from rules_lib.games.space_vermin.lowest_numbered import ORDER_WHY

from .sv_helpers import dice, first_decision, printed_map_dice, records, run, table

I1C = "Space Vermin §I-1-c"
ALPHA_WHY = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
ROLL_IDS = ("SV-JUMP-01", "SV-JUMP-02")


def chose(dest):
    return (f"Marines chooses '{dest}': Where does Scout 1 jump?", I1C, "decision", (), "",
            {"decision": "jump_to", "choice": dest})


def rolled(origin, dest, die, result):
    return (f"Scout 1 jumps from {origin} toward {dest}: die {die} = {die}: {result}", I1C,
            "roll", ROLL_IDS, "", {"roll": die, "result": result, "unit": "Scout 1"})


def scattered(landing, dest, ids=(), assumed=ALPHA_WHY):
    return (f"Scattered! Scout 1 lands in {landing}, the lowest-numbered hex adjacent to {dest}",
            I1C, "move", ("SV-JUMP-06",) + ids, assumed, {"unit": "Scout 1", "hex": landing})


def jump(placements, dest, faces, variants=(), state_variants=()):
    """Scout 1 (in 111 unless placed) jumps toward ``dest`` with these dice: records, state, dice."""
    state = table({"Scout 1": 111, **placements})
    state.variants = list(state_variants)
    ctx = dice(*faces, variants=variants)
    events = records(run(jump_pack_move(state, ctx, "Scout 1"), [dest]))
    return events, state, list(ctx.dice.log)


@pytest.mark.rule("SV-JUMP-01")
def test_the_jump_destinations_are_offered_lowest_numbered_first():
    decision = first_decision(jump_pack_move(table({"Scout 1": 111}), dice(), "Scout 1"))
    assert (decision.player, decision.kind, decision.rule) == ("Marines", "jump_to", I1C)
    options = decision.options
    assert options[:7] == ["112", "113", "114", "115", "116", "121", "122"]  # 111 is taken
    numbered = [o for o in options if o.isdigit()]
    assert options[: len(numbered)] == numbered == sorted(numbered, key=int)
    assert "u1.13" in options[len(numbered):]


@pytest.mark.rule("SV-JUMP-01", "SV-JUMP-02", "SV-JUMP-07")
def test_a_safe_landing_places_the_jumper_on_its_destination():
    events, state, rolls = jump({}, "666", (4,))
    assert events == [
        chose("666"),
        rolled("111", "666", 4, "safe"),
        ("Safe Landing! Scout 1 lands in 666", I1C, "move", ("SV-JUMP-07",), "",
         {"unit": "Scout 1", "to": "666"}),
    ]
    assert rolls == [("Jump Pack Scout 1", 6, 4)]
    u = state.unit("Scout 1")
    assert (u.status, u.hex, u.reduced) == ("map", "666", False)


@pytest.mark.rule("SV-S1-10", "SV-JUMP-01")
def test_a_reinforcement_jumping_in_starts_off_the_map():
    state = table({})
    state.unit("Scout 1").status = "off_map"
    events = records(run(jump_pack_move(state, dice(5), "Scout 1"), ["666"]))
    assert events[1] == rolled("off the map", "666", 5, "safe")
    assert state.unit("Scout 1").hex == "666"


@pytest.mark.rule("SV-JUMP-06")
def test_a_scattered_jump_lands_in_the_lowest_numbered_hex_next_to_the_destination():
    events, state, rolls = jump({}, "413", (2,))
    assert events == [chose("413"), rolled("111", "413", 2, "scattered"), scattered("363", "413")]
    assert rolls == [("Jump Pack Scout 1", 6, 2)]
    u = state.unit("Scout 1")
    assert (u.status, u.hex, u.reduced) == ("map", "363", False)


@pytest.mark.rule("SV-JUMP-06", "SV-TERR-12")
def test_a_scattered_jump_never_lands_in_a_tar_pit_and_says_it_passed_one_over():
    # 212's neighbours: the Tar Pit u4.3, 223, 224, 213, 154, 153; the variant puts the
    # unnumbered u4.3 first, but no unit may enter a Tar Pit (SV-TERR-12)
    events, state, _ = jump({}, "212", (2,), state_variants=["unnumbered_hexes_first"])
    assert events[2:] == [scattered("153", "212", ("SV-TERR-12",))]
    assert state.unit("Scout 1").hex == "153"


@pytest.mark.rule("SV-JUMP-06", "SV-AMB-16")
def test_variant_unnumbered_first_scatters_to_the_first_unnumbered_hex_clockwise():
    # 341's neighbours: u9.1 (north-east), 342, u7.1 (north-west)
    events, state, _ = jump({}, "341", (2,), state_variants=["unnumbered_hexes_first"])
    assert events[2:] == [scattered(
        "u9.1", "341", ("SV-AMB-16",),
        f"{ALPHA_WHY}; variant unnumbered_hexes_first (other reading of SV-AMB-16)")]
    assert state.unit("Scout 1").hex == "u9.1"


@pytest.mark.rule("SV-JUMP-06", "SV-AMB-05")
def test_a_scattered_jump_onto_a_unit_is_disrupted_and_lands_as_after_a_malfunction():
    events, state, rolls = jump({"Squad 1": 363}, "413", (3,))
    assert events[2:] == [
        scattered("363", "413"),
        ("Scout 1 landed on a unit: treated as a Malfunction landing there and Disrupted", I1C,
         "move", ("SV-JUMP-06", "SV-AMB-05"), SCATTER_WHY, {"unit": "Scout 1"}),
        ("363 is taken: Scout 1 is moved to the lowest-numbered empty adjacent hex 331", I1C,
         "move", ("SV-JUMP-04", "SV-JUMP-05"), ALPHA_WHY, {"unit": "Scout 1", "hex": "331"}),
    ]
    assert rolls == [("Jump Pack Scout 1", 6, 3)]  # no new random hex
    u = state.unit("Scout 1")
    assert (u.status, u.hex, u.reduced) == ("map", "331", True)


@pytest.mark.rule("SV-JUMP-06", "SV-AMB-05", "SV-JUMP-03")
def test_variant_jump_scatter_rerolls_rolls_a_new_random_hex():
    events, state, rolls = jump({"Squad 1": 363}, "413", (3, 1, 2, 3),
                                variants=["jump_scatter_rerolls"])
    assert events[2:] == [
        scattered("363", "413"),
        ("Scout 1 landed on a unit: a new random hex is rolled as after a Malfunction", I1C,
         "move", ("SV-JUMP-06", "SV-AMB-05"),
         "variant jump_scatter_rerolls (other reading of SV-AMB-05)", {"unit": "Scout 1"}),
        ("Malfunction! Scout 1 lands in the random hex 123 and is Disrupted", I1C, "move",
         ("SV-JUMP-03",), "", {"faces": [1, 2, 3], "unit": "Scout 1", "to": "123"}),
    ]
    assert rolls == [("Jump Pack Scout 1", 6, 3)] + [
        ("Jump Malfunction Scout 1: random hex", 6, face) for face in (1, 2, 3)]
    u = state.unit("Scout 1")
    assert (u.status, u.hex, u.reduced) == ("map", "123", True)


@pytest.mark.rule("SV-JUMP-06", "SV-TERR-19")
def test_a_scattered_jump_into_a_nat_hex_eliminates_the_jumper():
    # 451's neighbours: the Tar Pit u13.1, 452 (NAT Infestation), u11.1: 452 is the lowest
    events, state, _ = jump({}, "451", (2,))
    assert events[2:] == [
        scattered("452", "451", ("SV-AMB-16",), f"{ALPHA_WHY}; {ORDER_WHY}"),
        ("Scout 1 landed on a NAT Infestation hex in 452 and is eliminated", I1C, "move",
         ("SV-JUMP-04", "SV-JUMP-05", "SV-TERR-19"), ALPHA_WHY, {"unit": "Scout 1", "hex": "452"}),
        ("Scout 1 is eliminated", I1C, "combat", ("SV-JUMP-04", "SV-JUMP-05"), "",
         {"unit": "Scout 1", "at": "111"}),
    ]
    assert state.unit("Scout 1").status == "eliminated"


@pytest.mark.rule("SV-JUMP-03", "SV-JUMP-04", "SV-JUMP-05", "SV-JUMP-06")
@pytest.mark.parametrize("placements,dest,faces", [
    ({}, "413", (2,)),                   # scattered
    ({"Squad 1": 363}, "413", (3,)),     # scattered onto a unit, moved beside it
    ({}, "451", (2,)),                   # scattered into a NAT Infestation hex
    ({"Squad 1": 416}, "666", (1, 4, 1, 6)),  # a Malfunction onto a Marine, moved beside it
])
def test_a_jump_on_the_printed_map_cites_no_map_assumption(placements, dest, faces):
    """The landing hexes depend on the Mapzone's layout, assumed in the shipped file: an event
    says so. A designer who enters the printed map (``rulebook:``) sees the mark go."""
    shipped, _, _ = jump(placements, dest, faces)
    assert any(ALPHA_WHY in e[4] for e in shipped)
    state = table({"Scout 1": 111, **placements})
    printed = records(run(jump_pack_move(state, printed_map_dice(*faces), "Scout 1"), [dest]))
    assert [e[:4] for e in printed] == [e[:4] for e in shipped]
    assert not any(ALPHA_WHY in e[4] for e in printed)

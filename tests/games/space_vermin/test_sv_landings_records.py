"""Where a Marine lands when it does not land where it aimed (§I-1-c Malfunction and Scattered
jumps, §I-5-b Landing Zone drift), event by event: each event is checked whole (message, rule,
kind, catalogue IDs, assumption, data), the log cites the rulebook at every event (DESIGN
principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.jump_pack import jump_pack_move
from rules_lib.games.space_vermin.landings import TAR_PIT_WHY
from rules_lib.games.space_vermin.lowest_numbered import ORDER_WHY
from rules_lib.games.space_vermin.map_entry import landing_zone

from .sv_helpers import dice, records, run, table

I1C = "Space Vermin §I-1-c"
I5B = "Space Vermin §I-5-b"
ALPHA_WHY = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
JUMP_IDS = ("SV-JUMP-04", "SV-JUMP-05")
LZ_IDS = ("SV-LZ-05", "SV-LZ-06")
NO_EMPTY_WHY = "the text does not say what happens when no adjacent hex is empty: eliminated"


def malfunction(placements, faces, variants=(), state_variants=()):
    """Scout 1 (in 666 unless placed) jumps toward 665, rolls a Malfunction (die 1) and three dice
    for the random hex: the records from the random hex on, and the state."""
    state = table({"Scout 1": 666, **placements})
    state.variants = list(state_variants)
    events = run(jump_pack_move(state, dice(1, *faces, variants=variants), "Scout 1"), ["665"])
    assert records(events)[:2] == [
        ("Marines chooses '665': Where does Scout 1 jump?", I1C, "decision", (), "",
         {"decision": "jump_to", "choice": "665"}),
        ("Scout 1 jumps from 666 toward 665: die 1 = 1: malfunction", I1C, "roll",
         ("SV-JUMP-01", "SV-JUMP-02"), "", {"roll": 1, "result": "malfunction", "unit": "Scout 1"}),
    ]
    random_hex = "".join(map(str, faces))
    assert records(events)[2] == (
        f"Malfunction! Scout 1 lands in the random hex {random_hex} and is Disrupted", I1C, "move",
        ("SV-JUMP-03",), "", {"faces": list(faces), "unit": "Scout 1", "to": random_hex})
    return state, records(events)[3:]


def drop(placements, aim, faces, variants=(), data=None):
    """Squad 1 drops by the Landing Zone procedure on ``aim`` and drifts (die 4, then direction
    and distance): the records from the landing on, and the state."""
    if data is None:
        state, ctx = table(placements), dice(4, *faces, variants=variants)
    else:
        state = placed_state(placements, "alpha", data)
        ctx = Context(dice=ScriptedDice([4, *faces]), variants=frozenset(variants), data=data)
    events = records(run(landing_zone(state, ctx, "Squad 1"), [aim]))
    assert events[1][1:4] == (I5B, "roll", ("SV-LZ-02", "SV-LZ-03"))
    return state, events[2:]


def eliminated(unit, rule, ids, at):
    return (f"{unit} is eliminated", rule, "combat", ids, "", {"unit": unit, "at": at})


# -- eliminated where it lands -----------------------------------------------------------------


@pytest.mark.rule("SV-JUMP-05")
def test_a_malfunction_onto_a_vermite_eliminates_the_jumper():
    state, events = malfunction({"Drone #4": 416}, (4, 1, 6))
    assert events == [
        ("Scout 1 landed on a Vermite in 416 and is eliminated", I1C, "move",
         JUMP_IDS + ("SV-TERR-19",), "", {"unit": "Scout 1", "hex": "416"}),
        eliminated("Scout 1", I1C, JUMP_IDS, "666"),
    ]
    assert state.unit("Scout 1").status == "eliminated" and state.marines_lost == 1


@pytest.mark.rule("SV-JUMP-05", "SV-TERR-19")
def test_a_malfunction_into_a_nat_infestation_hex_eliminates_the_jumper():
    state, events = malfunction({}, (4, 5, 2))  # 452 is next to Nest 2
    assert events == [
        ("Scout 1 landed on a NAT Infestation hex in 452 and is eliminated", I1C, "move",
         JUMP_IDS + ("SV-TERR-19",), ALPHA_WHY, {"unit": "Scout 1", "hex": "452"}),
        eliminated("Scout 1", I1C, JUMP_IDS, "666"),
    ]
    assert state.unit("Scout 1").status == "eliminated"


@pytest.mark.rule("SV-LZ-06")
def test_a_drop_drifting_onto_a_vermite_is_eliminated():
    # drift: direction 4 (south), distance die 3 -> 2 hexes: 411 -> 413, where Drone #4 is
    state, events = drop({"Drone #4": 413}, "411", (4, 3))
    assert events == [
        ("Squad 1 landed on a Vermite in 413 and is eliminated", I5B, "move",
         LZ_IDS + ("SV-TERR-19",), "", {"unit": "Squad 1", "hex": "413"}),
        eliminated("Squad 1", I5B, LZ_IDS, None),
    ]
    assert state.unit("Squad 1").status == "eliminated"


@pytest.mark.rule("SV-LZ-06", "SV-TERR-19")
def test_a_drop_drifting_into_a_nat_infestation_hex_is_eliminated():
    # drift: direction 4 (south), distance die 1 -> 1 hex: 245 -> 246, next to Nest 1
    state, events = drop({}, "245", (4, 1))
    assert events == [
        ("Squad 1 landed on a NAT Infestation hex in 246 and is eliminated", I5B, "move",
         LZ_IDS + ("SV-TERR-19",), ALPHA_WHY, {"unit": "Squad 1", "hex": "246"}),
        eliminated("Squad 1", I5B, LZ_IDS, None),
    ]
    assert state.unit("Squad 1").status == "eliminated"


@pytest.mark.rule("SV-AMB-06", "SV-LZ-06")
def test_variant_tar_pit_landing_eliminates_a_drop_on_a_tar_pit():
    # drift: direction 3 (south-east), 1 hex: 152 -> the Tar Pit u4.3; the variant only in the
    # context of the drop (not in the game's variants)
    state, events = drop({}, "152", (3, 1), variants=["tar_pit_landing_eliminates"])
    assert events == [
        ("Squad 1 landed on the Toxic Tar Pit u4.3 and is eliminated", I5B, "move",
         LZ_IDS + ("SV-AMB-06",),
         f"variant tar_pit_landing_eliminates (other reading of SV-AMB-06); {ALPHA_WHY}",
         {"unit": "Squad 1", "hex": "u4.3"}),
        eliminated("Squad 1", I5B, LZ_IDS, None),
    ]
    assert state.unit("Squad 1").status == "eliminated"


@pytest.mark.rule("SV-JUMP-04")
def test_a_malfunction_onto_a_marine_with_every_neighbour_taken_eliminates_the_jumper():
    # 111's neighbours: 141, 142, 112, all taken (two Marines and a Drone)
    state, events = malfunction(
        {"Squad 1": 111, "Squad 2": 141, "Squad 3": 142, "Drone #4": 112}, (1, 1, 1))
    assert events == [
        ("No empty hex next to 111: Scout 1 is eliminated", I1C, "move", JUMP_IDS,
         f"{NO_EMPTY_WHY}; {ALPHA_WHY}", {"unit": "Scout 1", "hex": "111"}),
        eliminated("Scout 1", I1C, JUMP_IDS, "666"),
    ]
    assert state.unit("Scout 1").status == "eliminated"


@pytest.mark.rule("SV-AMB-06", "SV-LZ-05")
def test_a_drop_on_a_tar_pit_with_no_legal_neighbour_is_eliminated():
    # drift: direction 4 (south), distance die 5 -> 3 hexes: 236 -> the Tar Pit u5.15, whose
    # neighbours (Nest 1, u6.15, u4.15) are all NAT Infestation hexes
    state, events = drop({}, "236", (4, 5))
    assert events == [
        ("No empty hex next to u5.15: Squad 1 is eliminated", I5B, "move",
         LZ_IDS + ("SV-AMB-06",), f"{NO_EMPTY_WHY}; {TAR_PIT_WHY}; {ALPHA_WHY}",
         {"unit": "Squad 1", "hex": "u5.15"}),
        eliminated("Squad 1", I5B, LZ_IDS, None),
    ]
    assert state.unit("Squad 1").status == "eliminated"


# -- moved to the lowest-numbered empty adjacent hex ---------------------------------------------


@pytest.mark.rule("SV-AMB-06", "SV-LZ-05")
def test_a_drop_on_a_tar_pit_moves_to_the_lowest_numbered_legal_empty_neighbour():
    state, events = drop({}, "152", (3, 1))  # 152 -> the Tar Pit u4.3 -> back to 152
    assert events == [
        ("u4.3 is a Toxic Tar Pit: Squad 1 is moved to the lowest-numbered legal empty adjacent "
         + "hex 152", I5B, "move", LZ_IDS + ("SV-AMB-06",), f"{TAR_PIT_WHY}; {ALPHA_WHY}",
         {"unit": "Squad 1", "hex": "152"}),
    ]
    u = state.unit("Squad 1")
    assert (u.status, u.hex, u.reduced) == ("map", "152", True)


@pytest.mark.rule("SV-LZ-05")
def test_a_drop_drifting_onto_a_marine_moves_to_the_lowest_numbered_empty_neighbour():
    # 411 -> 413 (Squad 2); 413's neighbours are all numbered: 363 is the lowest
    state, events = drop({"Squad 2": 413}, "411", (4, 3))
    assert events == [
        ("413 is taken: Squad 1 is moved to the lowest-numbered empty adjacent hex 363", I5B,
         "move", LZ_IDS, ALPHA_WHY, {"unit": "Squad 1", "hex": "363"}),
    ]
    assert state.unit("Squad 1").hex == "363"


@pytest.mark.rule("SV-JUMP-04")
def test_a_jumper_moved_off_a_marine_skips_an_occupied_neighbour():
    # 416's neighbours: 366 (Squad 2), 415, 445, 446, u9.15
    state, events = malfunction({"Squad 1": 416, "Squad 2": 366}, (4, 1, 6))
    assert events == [
        ("416 is taken: Scout 1 is moved to the lowest-numbered empty adjacent hex 415", I1C,
         "move", JUMP_IDS + ("SV-AMB-16",), f"{ALPHA_WHY}; {ORDER_WHY}",
         {"unit": "Scout 1", "hex": "415"}),
    ]
    u = state.unit("Scout 1")
    assert (u.status, u.hex, u.reduced) == ("map", "415", True)


@pytest.mark.rule("SV-JUMP-04", "SV-AMB-06", "SV-TERR-19")
def test_a_jumper_moved_off_a_marine_skips_nat_and_tar_pit_neighbours():
    # 451's neighbours: the Tar Pit u13.1 (north), 452 (NAT Infestation), u11.1
    state, events = malfunction({"Squad 1": 451}, (4, 5, 1))
    assert events == [
        ("451 is taken: Scout 1 is moved to the lowest-numbered empty adjacent hex u11.1", I1C,
         "move", JUMP_IDS, ALPHA_WHY, {"unit": "Scout 1", "hex": "u11.1"}),
    ]
    assert state.unit("Scout 1").hex == "u11.1"


@pytest.mark.rule("SV-AMB-16", "SV-JUMP-04")
def test_variant_unnumbered_first_moves_a_jumper_to_the_first_unnumbered_neighbour_clockwise():
    # 341's neighbours: u9.1 (north-east), 342, u7.1 (north-west); the variant puts unnumbered
    # hexes first, clockwise from north among themselves: u9.1
    state, events = malfunction({"Squad 1": 341}, (3, 4, 1),
                                state_variants=["unnumbered_hexes_first"])
    assert events == [
        ("341 is taken: Scout 1 is moved to the lowest-numbered empty adjacent hex u9.1", I1C,
         "move", JUMP_IDS + ("SV-AMB-16",),
         f"{ALPHA_WHY}; variant unnumbered_hexes_first (other reading of SV-AMB-16)",
         {"unit": "Scout 1", "hex": "u9.1"}),
    ]
    assert state.unit("Scout 1").hex == "u9.1"


@pytest.mark.rule("SV-AMB-06", "SV-LZ-03")
def test_a_landing_reads_the_tar_pits_of_the_games_own_map():
    """A designer's Mapzone Alpha without the Tar Pit u17.14: a drop drifting there stays."""
    # drift: direction 2 (north-east), 1 hex: 613 -> u17.14
    shipped, events = drop({}, "613", (2, 1))
    assert shipped.unit("Squad 1").hex == "612"
    assert events[0][0].startswith("u17.14 is a Toxic Tar Pit: Squad 1 is moved")
    data = load_game_data({"alpha:terrain.tar_pit": ["u4.3", "u5.15", "u13.1", "u1.14", "u12.15"]})
    redrawn, events = drop({}, "613", (2, 1), data=data)
    assert events == []
    u = redrawn.unit("Squad 1")
    assert (u.status, u.hex, u.reduced) == ("map", "u17.14", True)

"""Game Start (setup.py), event by event: the table before it (scenario sizes, piles, the Town
Square), the sizes chosen, each Survivor's counters with their catalogue IDs and readings, the
shuffles by purpose, the closing event; and where everyone starts when the Town Square is full.
"""

from __future__ import annotations

import pytest

from rules_lib.core.engine import FirstOptionPolicy
from rules_lib.games.zombies_giants import new_game
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.capacity import RULE_CAPACITY
from rules_lib.games.zombies_giants.data import SIZES, default_data
from rules_lib.games.zombies_giants.setup import (
    RULE_START,
    initial_state,
    place_on_start_tile,
)
from rules_lib.games.zombies_giants.state import PlacedTile, Survivor

G = "Zombies!!! Giants-Club"


def game_start(scenario, variants=(), seed=0):
    """A new game stepped through Game Start: the game and Game Start's events."""
    g = new_game(scenario, seed=seed, variants=list(variants),
                 policies={"Survivor 1": FirstOptionPolicy(), "Survivor 2": FirstOptionPolicy()})
    events = []
    while g.state.phase == "Set-Up":
        events.append(g.step_event())
    return g, events


# -- the table before Game Start ----------------------------------------------------------------


@pytest.mark.rule("ZGC-SIZE-01")
@pytest.mark.parametrize("seed", [0, 1, 2, 4])
def test_the_mixed_scenario_is_the_default_one_survivor_sized_by_the_seed(seed):
    st = initial_state(None, seed, [], default_data())
    (s,) = st.survivors
    assert s.name == "Survivor 1" and s.size == s.start_size == SIZES[seed % 3]


@pytest.mark.rule("ZGC-SIZE-01")
def test_each_survivor_starts_at_the_size_chosen_for_it():
    st = initial_state("team", 0, [], default_data())
    assert [(s.name, s.size, s.start_size) for s in st.survivors] == [
        ("Survivor 1", "Normal", "Normal"), ("Survivor 2", "Big", "Big")]
    assert st.game == "zombies_giants"


def test_an_unknown_scenario_is_refused_naming_the_scenarios():
    with pytest.raises(ValueError, match=r"^zombies_giants: unknown scenario 'solo'; scenarios: "
                                         r"mixed, normal, big, huge, team$"):
        initial_state("solo", 0, [], default_data())


@pytest.mark.rule("ZGC-TILE-01", "ZGC-MF-01")
def test_the_town_square_lies_alone_and_every_other_tile_waits_in_its_pile():
    data = default_data()
    st = initial_state("normal", 0, [], data)
    assert st.tiles == [PlacedTile("Town Square", [3, 3], 0, 1)]
    assert st.piles == {
        "town": [t.name for t in data.tiles.values() if t.pile == "town"],
        "mall": [t.name for t in data.tiles.values() if t.pile == "mall"],
    }
    assert "Hospital" in st.piles["town"] and "Helipad" in st.piles["mall"]
    assert "Town Square" not in st.piles["town"] + st.piles["mall"]
    assert not set(st.piles["town"]) & set(st.piles["mall"])


# -- Game Start's events ------------------------------------------------------------------------


@pytest.mark.rule("ZGC-SIZE-01")
def test_game_start_opens_with_the_sizes_chosen():
    _, events = game_start("team")
    first = events[0]
    assert first.message == "Survivors choose their sizes: Survivor 1 Normal, Survivor 2 Big"
    assert first.rule == f"{G}: Zombies!!! Giants-Club Rules (Normal, Big or Huge)"
    assert first.kind == "phase" and first.ids == ("ZGC-SIZE-01",)


@pytest.mark.rule("ZGC-START-04", "ZGC-NORM-02", "ZGC-NORM-04", "ZGC-BIG-02", "ZGC-BIG-04",
                  "ZGC-AMB-01")
def test_each_survivor_lays_out_its_sizes_counters_on_the_town_square():
    g, events = game_start("team")
    normal, big = events[1], events[2]
    assert normal.message == ("Survivor 1 (Normal) lays out 3 hearts and 3 bullets on the "
                              "Town Square at 10,10")
    assert big.message == ("Survivor 2 (Big) lays out 8 hearts and 0 bullets on the "
                           "Town Square at 9,10")
    for e in (normal, big):
        assert e.rule == f"{RULE_START} (counters for the size category)" and e.kind == "setup"
    assert normal.data == {"hearts": 3.0, "bullets": 3, "tile": "Town Square"}
    assert big.data == {"hearts": 8.0, "bullets": 0, "tile": "Town Square"}
    # the readings of ZGC-AMB-01 agree on a Normal's 3 hearts: only the Big's is disputed
    assert normal.ids == ("ZGC-START-04", "ZGC-NORM-02", "ZGC-NORM-04")
    assert normal.assumed == P.START_SQUARE
    assert big.ids == ("ZGC-START-04", "ZGC-BIG-02", "ZGC-BIG-04", "ZGC-AMB-01")
    assert big.assumed == P.joined(P.AMB01, P.START_SQUARE)


@pytest.mark.rule("ZGC-START-04", "ZGC-HUGE-02", "ZGC-HUGE-04", "ZGC-AMB-01")
@pytest.mark.parametrize("variants, halves, note", [
    ((), 24, P.AMB01),
    ((V.SIZE_SECTION_HEARTS,), 10, P.variant(V.SIZE_SECTION_HEARTS, "ZGC-AMB-01",
                                             "the size sections' Big 4, Huge 5 hearts")),
    ((V.START_HEARTS_ARE_HALVES,), 12, P.variant(V.START_HEARTS_ARE_HALVES, "ZGC-AMB-01",
                                                 "Game Start's Giant hearts count half hearts")),
])
def test_a_huge_giants_counters_cite_the_reading_of_its_hearts(variants, halves, note):
    g, events = game_start("huge", variants)
    laid = events[1]
    assert g.state.survivors[0].halves == halves
    assert laid.data == {"hearts": halves / 2, "bullets": 0, "tile": "Town Square"}
    assert laid.ids == ("ZGC-START-04", "ZGC-HUGE-02", "ZGC-HUGE-04", "ZGC-AMB-01")
    assert laid.assumed == P.joined(note, P.START_SQUARE)


@pytest.mark.rule("ZGC-START-04", "ZGC-NORM-02")
@pytest.mark.parametrize("scenario", ["normal", "big", "huge", "team"])
def test_nobody_starts_with_a_reserve_heart(scenario):
    g, _ = game_start(scenario)
    assert [s.reserve for s in g.state.survivors] == [0] * len(g.state.survivors)


@pytest.mark.rule("ZGC-START-01")
def test_the_tile_piles_and_the_event_deck_are_shuffled_by_their_purposes():
    g, _ = game_start("normal")
    purposes = list(dict.fromkeys(purpose for purpose, _, _ in g.dice.log))
    assert purposes[:3] == ["shuffle the town tiles", "shuffle the mall tiles",
                            "shuffle the event deck"]


@pytest.mark.rule("ZGC-START-03")
def test_game_start_ends_with_the_counters_laid_at_the_tables_edge():
    g, events = game_start("normal")
    last = events[-2]  # the last of Game Start, before Round 1
    assert last.message == "Everyone's counters are laid at the table's edge; the game begins"
    assert last.rule == RULE_START and last.kind == "setup" and last.ids == ("ZGC-START-03",)
    assert last.data == {} and last.assumed == ""


# -- where everyone starts ----------------------------------------------------------------------


def crowded(size, n, *tiles):
    """A table before Game Start with ``n`` more Survivors of a size, and tiles beside the
    Town Square."""
    data = default_data()
    st = initial_state(size.lower(), 0, [], data)
    st.tiles += [PlacedTile(name, list(slot), 0, 1) for name, slot in tiles]
    st.survivors += [Survivor(f"S{i}", size, start_size=size) for i in range(2, 2 + n)]
    return st, data


@pytest.mark.rule("ZGC-BIG-01")
def test_a_survivor_starts_on_the_town_square_before_an_equally_near_square_off_it():
    # Crossroads A west of the Town Square: its street square 8,10 is as near the centre as the
    # Square's corners, and comes first in order
    st, data = crowded("Big", 6, ("Crossroads A", (2, 3)))
    place_on_start_tile(st, data)
    assert [s.loc for s in st.survivors] == [[10, 10], [9, 10], [10, 9], [10, 11], [11, 10],
                                             [9, 9], [9, 11]]


@pytest.mark.rule("ZGC-HUGE-01")
def test_with_the_town_square_full_a_survivor_starts_on_the_nearest_square_with_room():
    st, data = crowded("Huge", 4, ("Street A", (2, 3)))
    place_on_start_tile(st, data)
    assert [s.loc for s in st.survivors] == [[10, 10], [10, 9], [10, 11], [8, 10], [8, 9]]


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_survivor_with_no_square_with_room_anywhere_is_refused():
    st, data = crowded("Huge", 3)
    with pytest.raises(ValueError) as refused:
        place_on_start_tile(st, data)
    assert str(refused.value) == f"S4 (Huge) has no square with room to start on ({RULE_CAPACITY})"


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_carried_survivor_is_not_set_down_and_the_others_still_start():
    st, data = crowded("Big", 0)
    big = st.survivors[0]
    rider = Survivor("S2", "Normal", start_size="Normal", carried_by=big.name)
    big.carrying = [rider.name]
    st.survivors += [rider, Survivor("S3", "Normal", start_size="Normal")]
    place_on_start_tile(st, data)
    assert [s.loc for s in st.survivors] == [[10, 10], None, [9, 10]]

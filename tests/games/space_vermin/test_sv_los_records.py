"""Line-of-Sight (§J-1) hex pair by hex pair, on maps built afresh for each test: the map keeps the
lines it has traced (``SVMap.sight_lines``), so a test reading the shared ``ALPHA`` could be served
lines traced earlier and never run the tracing code it means to check.

The expected answer is worked out here from the core ``hex_line`` alone: a line is blocked when a
hex strictly between the two ends, on either nudged side, holds blocking terrain or any unit."""

from __future__ import annotations

import pytest

from rules_lib.core.boards.hex import hex_line
from rules_lib.games.space_vermin.board import SVMap
from rules_lib.games.space_vermin.los import (
    between,
    clear_of_terrain,
    has_line_of_sight,
    lines_from,
    visible_from,
    visible_labels,
)

from .sv_helpers import DATA, table

UNITS = {
    "alpha": {"Squad 1": 315, "HQ 1": 335, "Ultra-Mite #2": 131, "Soldier #1": 316,
              "Drone #4": 252, "Scout 1": 444, "Soldier #3": 523},
    "beta": {"Squad 1": 356, "High Queen": 511, "Ultra-Mite #6": 415, "Drone #4": 226,
             "Soldier #1": 634, "HQ 1": 553},
}


def fresh(key: str) -> SVMap:
    """The Mapzone built anew: no line traced yet."""
    return SVMap(DATA.maps[key], DATA)


def expected(smap: SVMap, occupied: set[str], a, b) -> bool:
    """§J-1 by hand: nothing between a and b (either side of the line) blocks."""
    line = hex_line(a, b)
    inside = {h for h in (*line.left[1:-1], *line.right[1:-1]) if h in smap.label_of}
    return not any(smap.blocks_los(h) or smap.label_of[h] in occupied for h in inside)


def pairs(smap: SVMap, every: int = 9):
    hexes = smap.board.locations()
    return [(a, b) for a in hexes[::every] for b in hexes]


@pytest.mark.rule("SV-LOS-01", "SV-LOS-02", "SV-TERR-31")
@pytest.mark.parametrize("key", ["alpha", "beta"])
def test_line_of_sight_on_an_empty_map_is_blocked_by_terrain_on_either_side(key):
    smap = fresh(key)
    wrong = [(smap.label(a), smap.label(b)) for a, b in pairs(smap)
             if has_line_of_sight(smap, None, a, b) != expected(smap, set(), a, b)]
    assert wrong == []


@pytest.mark.rule("SV-LOS-01", "SV-LOS-02", "SV-TERR-31")
@pytest.mark.parametrize("key", ["alpha", "beta"])
def test_line_of_sight_is_blocked_by_terrain_or_a_unit_of_either_side_in_between(key):
    smap = fresh(key)
    state = table(UNITS[key], key)
    occupied = state.occupied()
    wrong = [(smap.label(a), smap.label(b)) for a, b in pairs(smap)
             if has_line_of_sight(smap, state, a, b) != expected(smap, occupied, a, b)]
    assert wrong == []


@pytest.mark.rule("SV-LOS-01")
def test_a_line_read_back_from_the_map_still_sees_the_units_that_moved_in_since():
    smap = fresh("alpha")
    a, mid, b = smap.hex(411), smap.hex(412), smap.hex(413)
    assert has_line_of_sight(smap, table({}), a, b)  # traced once, with nobody in 412
    assert not has_line_of_sight(smap, table({"Drone #4": 412}), a, b)  # read back
    assert smap.label(mid) in lines_from(smap, a)[b]


@pytest.mark.rule("SV-LOS-01")
def test_the_labels_a_unit_would_block_are_every_hex_between_on_either_side():
    smap = fresh("alpha")
    for a, b in pairs(smap, 23):
        line = hex_line(a, b)
        inside = {h for h in (*line.left[1:-1], *line.right[1:-1]) if h in smap.label_of}
        clear = clear_of_terrain(smap, a, b)
        if any(smap.blocks_los(h) for h in inside):
            assert clear is None
        else:
            assert sorted(clear) == sorted(smap.label_of[h] for h in inside)


@pytest.mark.rule("SV-LOS-01")
@pytest.mark.parametrize("key", ["alpha", "beta"])
def test_the_hexes_between_two_hexes_are_those_of_the_map_on_either_side_of_the_line(key):
    smap = fresh(key)
    for a, b in pairs(smap, 17):
        line = hex_line(a, b)
        inside = [h for h in (*line.left[1:-1], *line.right[1:-1]) if h in smap.label_of]
        found = between(smap, a, b)
        assert len(found) == len(set(found)) and set(found) == set(inside)


@pytest.mark.rule("SV-LOS-01")
def test_the_lines_traced_from_a_hex_are_kept_on_the_map():
    smap = fresh("alpha")
    a, b = smap.hex(411), smap.hex(416)
    lines = lines_from(smap, a)
    assert lines == {} and lines_from(smap, a) is lines
    first = clear_of_terrain(smap, a, b)
    assert lines == {b: first} and smap.sight_lines[a] is lines
    assert clear_of_terrain(smap, a, b) is first
    blocked = smap.hex(364)  # behind the Bamboo of 363 (seen from 412)
    a = smap.hex(412)
    assert clear_of_terrain(smap, a, blocked) is None
    assert lines_from(smap, a) == {blocked: None}  # a blocked line is kept too


@pytest.mark.rule("SV-LOS-01")
def test_the_occupied_hexes_given_by_the_caller_are_the_ones_that_block():
    smap = fresh("alpha")
    a, b = smap.hex(411), smap.hex(413)
    crowded = table({"Drone #4": 412})
    assert has_line_of_sight(smap, crowded, a, b, occupied=set())
    assert not has_line_of_sight(smap, table({}), a, b, occupied={"412"})
    assert has_line_of_sight(smap, None, a, b)  # no state: no unit blocks


@pytest.mark.rule("SV-LOS-01", "SV-LOS-02")
@pytest.mark.parametrize("key", ["alpha", "beta"])
def test_every_hex_seen_from_a_hex_is_the_single_lines_answer(key):
    smap = fresh(key)
    state = table(UNITS[key], key)
    occupied = state.occupied()
    for a in smap.board.locations()[::31]:
        seen = visible_from(smap, state, a)
        assert seen == {b for b in smap.board.locations()
                        if b == a or expected(smap, occupied, a, b)}
        assert visible_from(smap, None, a) == {b for b in smap.board.locations()
                                               if b == a or expected(smap, set(), a, b)}


@pytest.mark.rule("SV-LOS-01")
def test_the_labels_seen_are_listed_in_map_order():
    smap = fresh("alpha")
    state = table(UNITS["alpha"])
    labels = visible_labels(smap, state, "335")
    seen = visible_from(smap, state, smap.hex(335))
    assert labels == [smap.label(h) for h in smap.board.locations() if h in seen]
    assert "335" in labels and "315" in labels and "316" not in labels

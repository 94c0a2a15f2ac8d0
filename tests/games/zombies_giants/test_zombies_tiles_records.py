"""Step 1, Draw tile, event by event (tiles.py): the pile drawn from, the choice of place and what
the log records of it, a tile with no legal place, and what a new tile holds (its zombies and
counters, assumed data in town.yaml).

The town of ``zg_helpers``: the Town Square at slot (3, 3) (squares x 9..11, y 9..11), the
Survivor on its centre (10, 10) unless said otherwise.
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.state import PlacedTile, key
from rules_lib.games.zombies_giants.tiles import (
    IDS_DRAW,
    IDS_FLOOR,
    IDS_PLACE,
    RULE_MALL,
    RULE_TILE,
    draw_tile,
    populate,
)
from rules_lib.games.zombies_giants.town import spawn_squares, town_map

from .zg_helpers import ctx, make_state, play, zombies_at

PLACED_ASSUMED = P.joined(P.TILES, P.BASE_GAME + " (a new tile's zombies and counters)")
NO_PLACE_ASSUMED = P.joined(P.TILES, P.NO_PLACE)
#: the Mall Entrance east of the Town Square and the Escalator beyond it, turned so that its
#: up exit faces east: the slot (6, 3) beyond it is the second floor
MALL_UP = (("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1))


def drawn(st, answers=()):
    """Draw a tile for the first Survivor: the events and decisions."""
    return play(draw_tile(st, ctx(), st.survivors[0]), answers)


# -- an empty pile --------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-TILE-01", "ZGC-MF-01")
def test_an_empty_pile_is_recorded_as_a_tile_event_citing_the_draw():
    st = make_state(tiles=())
    st.piles = {"town": [], "mall": ["Mall Hall"]}
    events, decisions = drawn(st)
    assert decisions == [] and len(events) == 1
    e = events[0]
    assert e.message == "The town pile is empty"
    assert (e.rule, e.kind, tuple(e.ids), e.assumed) == (RULE_TILE, "tile", IDS_DRAW, P.TILES)
    assert st.piles["mall"] == ["Mall Hall"] and len(st.tiles) == 1


# -- choosing the place --------------------------------------------------------------------------


@pytest.mark.rule("ZGC-TILE-02", "ZGC-TILE-03")
def test_the_drawing_player_chooses_among_the_best_places_by_step_1s_order():
    st = make_state(tiles=())
    st.piles["town"] = ["Junction A"]
    _, decisions = drawn(st)
    assert len(decisions) == 1
    d = decisions[0]
    assert (d.player, d.kind) == ("Survivor 1", "place_tile")
    assert d.rule == f"{RULE_TILE} (next to the Survivor's tile; rotated for as many exits as possible)"
    assert d.data == {"tile": "Junction A"}
    assert tuple(d.ids) == IDS_PLACE and d.assumed == P.TILES
    assert len(d.options) == 12  # 4 slots beside the Town Square, 3 rotations with 3 exits each


@pytest.mark.rule("ZGC-TILE-02", "ZGC-TILE-03")
def test_two_places_are_a_choice():
    # beside the Survivor's street only the slot north of it joins; a straight fits it two ways
    st = make_state(tiles=(("Street A", (3, 4), 0),), at=(10, 13))
    st.piles["town"] = ["Street B"]
    _, decisions = drawn(st, ["slot 3,5 turned 180"])
    assert [d.options for d in decisions] == [["slot 3,5 turned 0", "slot 3,5 turned 180"]]
    assert (st.tiles[-1].slot, st.tiles[-1].rotation) == ([3, 5], 2)


@pytest.mark.rule("ZGC-MALL-03", "ZGC-TILE-02")
def test_a_single_legal_place_is_taken_without_asking():
    st = make_state(tiles=MALL_UP, at=(13, 10))
    st.piles["mall"] = ["Helipad"]
    events, decisions = drawn(st)
    assert decisions == []
    assert st.tiles[-1] == PlacedTile("Helipad", [6, 3], 1, 2)
    assert events[-1].data == {"tile": "Helipad", "slot": [6, 3], "rotation": 1}


@pytest.mark.rule("ZGC-TILE-03")
def test_the_placed_tile_keeps_the_chosen_rotation_and_its_floor():
    st = make_state(tiles=())
    st.piles["town"] = ["Junction A"]
    drawn(st, ["slot 3,2 turned 180"])
    placed = st.tiles[-1]
    assert (placed.name, placed.slot, placed.rotation, placed.floor) == ("Junction A", [3, 2], 2, 1)


@pytest.mark.rule("ZGC-MALL-04", "ZGC-MF-03")
def test_a_tile_placed_beyond_the_escalator_lies_on_the_second_floor():
    st = make_state(tiles=MALL_UP, at=(16, 10))
    st.piles["mall"] = ["Mall Hall"]
    drawn(st, ["slot 6,3 turned 0"])
    placed = st.tiles[-1]
    assert (placed.slot, placed.rotation, placed.floor) == ([6, 3], 0, 2)


# -- what the log records of a placed tile -----------------------------------------------------


@pytest.mark.rule("ZGC-TILE-01", "ZGC-TILE-02", "ZGC-TILE-03")
def test_a_placed_tile_is_recorded_with_its_slot_rotation_and_the_rules_it_follows():
    st = make_state(tiles=())
    st.piles["town"] = ["Junction A"]
    events, _ = drawn(st, ["slot 4,3 turned 90"])
    e = events[-1]
    assert e.kind == "tile"
    assert e.rule == (f"{RULE_TILE} (draw from the Town pile; next to the Survivor's tile; "
                      "rotated for most exits)")
    assert e.data == {"tile": "Junction A", "slot": [4, 3], "rotation": 1}
    assert tuple(e.ids) == IDS_PLACE  # a first-floor tile: no Mall Rules
    assert e.assumed == PLACED_ASSUMED


@pytest.mark.rule("ZGC-MALL-04", "ZGC-MF-03")
def test_a_tile_placed_on_the_second_floor_cites_the_mall_rules():
    st = make_state(tiles=MALL_UP, at=(16, 10))
    st.piles["mall"] = ["Mall Hall"]
    events, _ = drawn(st)
    e = events[-1]
    assert e.data["slot"] == [6, 3]
    assert tuple(e.ids) == IDS_PLACE + IDS_FLOOR
    assert e.rule.startswith(f"{RULE_TILE} (draw from the Mall pile;")


@pytest.mark.rule("ZGC-MALL-03", "ZGC-MF-03")
def test_the_helipad_placed_cites_the_mall_rules():
    st = make_state(tiles=MALL_UP, at=(13, 10))
    st.piles["mall"] = ["Helipad"]
    events, _ = drawn(st)
    assert tuple(events[-1].ids) == IDS_PLACE + IDS_FLOOR
    assert events[-1].kind == "tile"


# -- a tile with no legal place ----------------------------------------------------------------


@pytest.mark.rule("ZGC-TILE-02")
def test_a_tile_with_no_legal_place_goes_under_its_pile():
    st = make_state(tiles=())
    st.piles["town"] = ["Escalator", "Street A"]  # a Mall tile never joins the Town Square
    events, decisions = drawn(st)
    assert decisions == [] and len(events) == 1 and len(st.tiles) == 1
    assert st.piles["town"] == ["Street A", "Escalator"] and st.set_aside == []
    e = events[0]
    assert e.message == "Escalator has no legal place now: it goes under the town pile"
    assert (e.rule, e.kind, e.data) == (RULE_TILE, "tile", {"tile": "Escalator"})
    assert tuple(e.ids) == IDS_DRAW and e.assumed == NO_PLACE_ASSUMED


@pytest.mark.rule("ZGC-TILE-02")
def test_the_last_tile_of_a_pile_with_no_legal_place_is_set_aside():
    st = make_state(tiles=())
    st.piles["town"] = ["Escalator"]
    events, _ = drawn(st)
    assert st.piles["town"] == [] and st.set_aside == ["Escalator"]
    e = events[0]
    assert e.message == "Escalator has no legal place: set aside"  # no Helicopter on it
    assert (e.rule, e.kind, e.data) == (RULE_TILE, "tile", {"tile": "Escalator"})
    assert tuple(e.ids) == IDS_DRAW and e.assumed == NO_PLACE_ASSUMED


@pytest.mark.rule("ZGC-MALL-03", "ZGC-MF-03")
def test_a_helipad_with_nothing_beyond_an_escalator_goes_under_the_mall_pile():
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),), at=(13, 10))
    st.piles["mall"] = ["Helipad", "Mall Hall"]
    events, _ = drawn(st)
    assert st.piles["mall"] == ["Mall Hall", "Helipad"]
    e = events[0]
    assert e.message == "Helipad has no legal place now: it goes under the mall pile"
    assert e.rule == f"{RULE_MALL} (Helipad beyond the Escalator)"
    assert tuple(e.ids) == IDS_DRAW + IDS_FLOOR
    assert (e.kind, e.data, e.assumed) == ("tile", {"tile": "Helipad"}, NO_PLACE_ASSUMED)


@pytest.mark.rule("ZGC-MALL-03", "ZGC-MF-03")
def test_a_helipad_set_aside_takes_the_helicopter_with_it():
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),), at=(13, 10))
    st.piles["mall"] = ["Helipad"]
    events, _ = drawn(st)
    assert st.set_aside == ["Helipad"]
    assert events[0].message == ("Helipad has no legal place: set aside (the Helicopter with it: "
                                 "no Survivor can escape by it this game)")
    assert tuple(events[0].ids) == IDS_DRAW + IDS_FLOOR


# -- what a new tile holds (assumed: town.yaml) ---------------------------------------------------


def placed(st, name, slot, rotation=0):
    """``name`` laid at ``slot`` and populated: the populate line, the tile's spawn squares."""
    data = default_data()
    st.tiles.append(PlacedTile(name, list(slot), rotation, 1))
    text = populate(st, data, name)
    return text, spawn_squares(town_map(st, data), name)


@pytest.mark.rule("ZGC-TILE-01")
def test_a_new_tiles_zombies_go_one_to_a_square_in_spawn_order():
    st = make_state(tiles=())
    text, spots = placed(st, "Police Department", (4, 3))
    assert text == "3 zombie(s), 0 heart(s), 2 bullet(s)"
    assert [len(st.zombies_at(sq)) for sq in spots] == [1, 1, 1, 0, 0, 0]


@pytest.mark.rule("ZGC-TILE-01")
def test_a_street_tile_gets_all_its_zombies():
    st = make_state(tiles=())
    text, spots = placed(st, "Crossroads A", (4, 3))
    assert text.startswith("2 zombie(s)")
    assert [len(st.zombies_at(sq)) for sq in spots] == [1, 1, 0, 0, 0]


@pytest.mark.rule("ZGC-TILE-01")
def test_a_square_already_holding_two_zombies_gets_no_more():
    st = make_state(tiles=())
    st.tiles.append(PlacedTile("Street A", [4, 3], 0, 1))
    first = spawn_squares(town_map(st, default_data()), "Street A")[0]
    st.tiles.pop()
    zombies_at(st, first, 2)
    text, spots = placed(st, "Street A", (4, 3))
    assert spots[0] == first and text.startswith("1 zombie(s)")
    assert [len(st.zombies_at(sq)) for sq in spots] == [2, 1, 0]


@pytest.mark.rule("ZGC-TILE-01")
def test_a_new_tile_gets_no_more_zombies_than_the_pool_holds():
    st = make_state(tiles=())
    st.zombie_pool = 1
    text, _ = placed(st, "Crossroads A", (4, 3))
    assert text.startswith("1 zombie(s)") and st.zombie_pool == 0
    assert len(st.zombies) == 1


@pytest.mark.rule("ZGC-TILE-01")
def test_an_empty_pool_gives_a_new_tile_no_zombies():
    st = make_state(tiles=())
    st.zombie_pool = 0
    text, _ = placed(st, "Crossroads A", (4, 3))
    assert text.startswith("0 zombie(s)") and st.zombies == [] and st.zombie_pool == 0


@pytest.mark.rule("ZGC-TILE-01")
def test_a_new_tiles_counters_go_one_to_a_square_by_kind():
    st = make_state(tiles=())
    text, spots = placed(st, "Food-Court", (4, 3))
    assert text == "3 zombie(s), 2 heart(s), 0 bullet(s)"
    assert st.tokens == {key(spots[0]): {"hearts": 1},
                                                    key(spots[1]): {"hearts": 1}}
    st2 = make_state(tiles=())
    _, spots2 = placed(st2, "Army-Surplus", (4, 3))
    assert st2.tokens == {key(spots2[0]): {"bullets": 1}, key(spots2[1]): {"bullets": 1}}


@pytest.mark.rule("ZGC-TILE-01")
def test_a_new_counter_adds_to_those_already_on_its_square():
    st = make_state(tiles=())
    st.tiles.append(PlacedTile("Hospital", [4, 3], 0, 1))
    first = spawn_squares(town_map(st, default_data()), "Hospital")[0]
    st.tiles.pop()
    st.tokens[key(first)] = {"hearts": 1, "bullets": 2}
    _, spots = placed(st, "Hospital", (4, 3))
    assert st.tokens[key(first)] == {"hearts": 2, "bullets": 2}
    assert st.tokens[key(spots[1])] == {"hearts": 1}


"""Demolition in detail: what the check of 8 cites, what a demolished building takes with it (its
zombies back to the pool, its resources), who steps out of the rubble, and growing to Huge inside.

The town of ``zg_helpers``: the Hardware Store east of the Town Square has its building row at
y = 11 (x 12..14) and its street row at y = 10; a Huge figure at (12, 10) covers (12, 10) and
(13, 10)."""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.demolish import (
    WITH_WEAPONS,
    demolish_check,
    demolishable,
    destroy,
    enlarged_inside,
)
from rules_lib.games.zombies_giants.state import Weapon

from .zg_helpers import ctx, make_state, run, zombies_at

STORE = "Hardware Store"
INSIDE, STREET = (12, 11), (12, 10)
HUGE_AT = (12, 10)
SHOTGUN = "Hey Look! A Shotgun"  # +1 to a combat check
VALUES = ["rules:combat.demolish_cost", "rules:combat.demolish_tries_per_turn"]


def check(faces, variants=(), weapons=()):
    """A Huge Giant beside the Hardware Store rolls the demolition check: events, state."""
    st = make_state(("Huge",), at=HUGE_AT, variants=variants)
    st.survivors[0].weapons = [Weapon(name, 3) for name in weapons]
    return run(demolish_check(st, ctx(faces, variants), st.survivors[0], STORE)), st


def huge_demolishes(st):
    """The Huge Giant (Survivor 1) demolishes the Hardware Store: the events."""
    return run(destroy(st, ctx(), STORE, st.survivors[0]))


# -- ZGC-DEMO-01: the check ---------------------------------------------------------------------


@pytest.mark.rule("ZGC-DEMO-01", "ZGC-HUGE-06", "ZGC-AMB-14")
def test_the_demolition_check_is_a_roll_citing_its_total_tile_and_values():
    events, _ = check([3, 4])
    roll = events[0]
    assert roll.kind == "roll" and roll.ids == ("ZGC-DEMO-01", "ZGC-HUGE-06", "ZGC-AMB-14")
    assert roll.data == {"total": 7, "tile": STORE, "values": VALUES}
    assert roll.assumed == P.joined(P.AMB14, P.DEMOLISH_COST, P.TILES)
    assert "8 destroys it" in roll.rule


@pytest.mark.rule("ZGC-DEMO-01", "ZGC-AMB-14")
def test_the_weapons_variant_adds_the_bonus_to_the_total_and_cites_the_deck():
    variants = [V.DEMOLISH_WITH_WEAPONS]
    events, _ = check([3, 4], variants, [SHOTGUN])
    assert events[0].data["total"] == 8
    assert events[0].assumed == P.joined(WITH_WEAPONS, P.DEMOLISH_COST, P.TILES, P.DECK)


@pytest.mark.rule("ZGC-DEMO-01", "ZGC-AMB-14")
def test_the_weapons_variant_without_a_weapon_cites_no_card():
    events, st = check([3, 4], [V.DEMOLISH_WITH_WEAPONS])
    assert events[0].data["total"] == 7 and st.demolished == []
    assert events[0].assumed == P.joined(WITH_WEAPONS, P.DEMOLISH_COST, P.TILES)


@pytest.mark.rule("ZGC-DEMO-01")
def test_a_building_that_stands_is_a_result_citing_demo_01():
    events, st = check([3, 4])
    stands = events[-1]
    assert stands.kind == "result" and stands.ids == ("ZGC-DEMO-01",)
    assert stands.data == {"tile": STORE} and stands.assumed == P.TILES
    assert stands.rule == "Zombies!!! Giants-Club: Huge (Demolish)"
    assert st.demolished == []


@pytest.mark.rule("ZGC-DEMO-01")
def test_a_check_of_exactly_8_destroys_the_building():
    _, st = check([4, 4])
    assert st.demolished == [STORE]


# -- ZGC-DEMO-03, ZGC-DEMO-04: what goes with the building --------------------------------------


@pytest.mark.rule("ZGC-DEMO-03")
def test_the_zombies_inside_die_and_go_back_to_the_pool():
    st = make_state(("Huge",), at=HUGE_AT)
    zombies_at(st, INSIDE, 2)
    pool = st.zombie_pool
    huge_demolishes(st)
    assert not st.zombies and st.zombie_pool == pool + 2
    assert st.survivors[0].kills == 2


@pytest.mark.rule("ZGC-DEMO-03")
def test_a_zombie_on_the_buildings_street_survives_the_demolition():
    st = make_state(("Huge",), at=HUGE_AT)
    outside = zombies_at(st, (14, 10))[0]
    huge_demolishes(st)
    assert st.zombies == [outside] and st.survivors[0].kills == 0


@pytest.mark.rule("ZGC-DEMO-03")
def test_resources_inside_are_lost_and_those_on_its_street_stay():
    st = make_state(("Huge",), at=HUGE_AT)
    st.tokens["14,11"] = {"bullets": 1}
    st.tokens["14,10"] = {"hearts": 1}
    huge_demolishes(st)
    assert st.tokens == {"14,10": {"hearts": 1}}


@pytest.mark.rule("ZGC-DEMO-03", "ZGC-DEMO-04")
def test_the_demolition_is_a_result_citing_its_kills_and_tile():
    st = make_state(("Huge",), at=HUGE_AT)
    zombies_at(st, INSIDE, 2)
    (event,) = huge_demolishes(st)
    assert event.kind == "result" and event.ids == ("ZGC-DEMO-03", "ZGC-DEMO-04")
    assert event.data == {"kills": 2, "tile": STORE} and event.assumed == P.TILES
    assert "kills all zombies and resources inside" in event.rule
    assert st.demolished == [STORE]


# -- the rubble: who steps out (assumed) --------------------------------------------------------


@pytest.mark.rule("ZGC-DEMO-03")
def test_a_survivor_inside_steps_out_onto_the_nearest_free_square_of_its_street():
    st = make_state(("Huge", "Normal"), at=HUGE_AT)
    st.survivors[1].loc = list(INSIDE)
    (event,) = huge_demolishes(st)
    assert st.survivors[1].loc == [14, 10]  # (12, 10) and (13, 10) hold the Huge figure
    assert event.assumed == P.joined(P.TILES, P.RUBBLE)


@pytest.mark.rule("ZGC-DEMO-03")
def test_a_survivor_out_of_the_game_inside_is_not_moved():
    st = make_state(("Huge", "Normal"), at=HUGE_AT)
    st.survivors[1].loc, st.survivors[1].status = list(INSIDE), "dead"
    (event,) = huge_demolishes(st)
    assert st.survivors[1].loc == list(INSIDE) and event.assumed == P.TILES


@pytest.mark.rule("ZGC-DEMO-03")
def test_a_survivor_outside_the_building_is_not_moved():
    st = make_state(("Huge", "Normal"), at=HUGE_AT)
    st.survivors[1].loc = [10, 10]
    huge_demolishes(st)
    assert st.survivors[1].loc == [10, 10]


# -- ZGC-DEMO-02: growing to Huge inside --------------------------------------------------------


def grown_inside(at=INSIDE, tile_row=(("Hardware Store", (4, 3), 0),)):
    """A Survivor, just grown to Huge, standing at ``at``: events, state."""
    st = make_state(("Huge",), tiles=tile_row, at=at)
    return run(enlarged_inside(st, ctx(), st.survivors[0])), st


@pytest.mark.rule("ZGC-DEMO-02")
def test_growing_to_huge_inside_is_a_result_citing_demo_02_then_the_demolition():
    events, st = grown_inside()
    grown = events[0]
    assert grown.kind == "result" and grown.ids == ("ZGC-DEMO-02",)
    assert grown.data == {"tile": STORE} and grown.assumed == P.TILES
    assert "enlargement inside a building" in grown.rule
    assert events[1].ids == ("ZGC-DEMO-03", "ZGC-DEMO-04") and st.demolished == [STORE]


@pytest.mark.rule("ZGC-DEMO-02", "ZGC-HUGE-01")
def test_after_growing_inside_the_huge_figure_moves_to_where_it_fits():
    events, st = grown_inside()
    moved = events[-1]
    assert moved.kind == "move" and moved.ids == ("ZGC-HUGE-01",) and moved.assumed == P.GET_OFF
    assert moved.rule == "Zombies!!! Giants-Club: Huge (2 square-wide figure)"
    # one square away, (11, 11) and (12, 10) both fit: the lower position is taken (assumed)
    assert tuple(st.survivors[0].loc) == (11, 11)


@pytest.mark.rule("ZGC-DEMO-02")
def test_growing_to_huge_inside_an_already_demolished_building_demolishes_nothing_more():
    st = make_state(("Huge",), at=INSIDE)
    st.demolished = [STORE]
    events = run(enlarged_inside(st, ctx(), st.survivors[0]))
    assert st.demolished == [STORE]
    assert not any("ZGC-DEMO-02" in e.ids for e in events)


@pytest.mark.rule("ZGC-DEMO-02")
def test_growing_to_huge_on_the_street_demolishes_nothing():
    events, st = grown_inside(at=STREET)
    assert events == [] and st.demolished == [] and tuple(st.survivors[0].loc) == STREET


@pytest.mark.rule("ZGC-DEMO-02")
def test_a_big_figure_inside_a_building_demolishes_nothing():
    st = make_state(("Big",), at=INSIDE)
    assert run(enlarged_inside(st, ctx(), st.survivors[0])) == [] and st.demolished == []


@pytest.mark.rule("ZGC-DEMO-02", "ZGC-DEMO-05")
def test_growing_to_huge_inside_a_protected_building_demolishes_nothing():
    files = load_files()
    files["town"] = apply_override(files["town"], "tiles.Mall Entrance.layout", "shop")
    shop_entrance = build(files)
    st = make_state(("Huge",), tiles=(("Mall Entrance", (4, 3), 0),), at=INSIDE)
    events = run(enlarged_inside(st, Context(dice=ScriptedDice([]), data=shop_entrance),
                                 st.survivors[0]))
    assert st.demolished == [] and not any("ZGC-DEMO-02" in e.ids for e in events)


# -- who may demolish what ----------------------------------------------------------------------


@pytest.mark.rule("ZGC-DEMO-01", "ZGC-HUGE-06")
def test_a_big_giant_reaching_through_a_door_cannot_demolish():
    st = make_state(("Big",), at=(13, 10))  # its reach of 1 passes the door to (13, 11)
    assert demolishable(st, default_data(), st.survivors[0]) == []


@pytest.mark.rule("ZGC-DEMO-01")
def test_a_huge_giant_reaching_only_a_buildings_street_cannot_demolish_it():
    st = make_state(("Huge",), at=(10, 10))  # reaches (12, 10) and (13, 10), no room inside
    assert demolishable(st, default_data(), st.survivors[0]) == []


@pytest.mark.rule("ZGC-DEMO-01")
def test_the_demolition_roll_is_logged_as_the_buildings_check():
    st = make_state(("Huge",), at=HUGE_AT)
    c = ctx([3, 4])
    run(demolish_check(st, c, st.survivors[0], STORE))
    assert [purpose for purpose, _, _ in c.dice.log] == [f"demolish {STORE}"] * 2


@pytest.mark.rule("ZGC-DEMO-03")
def test_the_demolition_reports_every_resource_destroyed_inside():
    st = make_state(("Huge",), at=HUGE_AT)
    st.tokens["13,11"] = {"bullets": 2, "hearts": 1}
    st.tokens["14,11"] = {"bullets": 1}
    (event,) = huge_demolishes(st)
    assert "0 zombie(s) and 4 resource(s) inside are destroyed" in event.message


@pytest.mark.rule("ZGC-DEMO-03")
def test_a_survivor_inside_steps_out_beside_the_street_when_its_street_is_full():
    st = make_state(("Huge",) + ("Normal",) * 5, at=HUGE_AT)
    for s in st.survivors[1:5]:
        s.loc = [14, 10]  # four Normals fill the street's last square
    st.survivors[5].loc = list(INSIDE)
    huge_demolishes(st)
    assert st.survivors[5].loc == [11, 10]  # the nearest square with room to the street

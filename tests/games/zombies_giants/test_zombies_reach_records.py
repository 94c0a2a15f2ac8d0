"""Reach & Snipe event by event (reach.py): what a Reach attack or a Snipe records, moving into the
attacked square (where a wide figure then stands, what a Big Giant inside pays, and when it may
not), and a Giant reaching into a store for its parts.

The town of ``zg_helpers``: the Town Square's streets x 9..11, y 9..11; the Hardware Store east of
it: building row y = 11 (x 12..14, door at 13), street row y = 10, out-of-bounds row y = 9.
"""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.actions import Reach, Snipe
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.move_fight import step_options
from rules_lib.games.zombies_giants.reach import RULE_REACH, grab_parts, move_in, reach_attack
from rules_lib.games.zombies_giants.state import SizeRay

from .zg_helpers import SHOP_DOOR_IN, SHOP_DOOR_OUT, ctx, make_state, play, zombies_at

MOVE_IN_RULE = f"{RULE_REACH} (may move into the attack square upon success)"
BIG_PAYS_RULE = RULE_REACH + " (a Big Giant inside a building pays more to move in)"


def finished(proc, answers=()):
    """Drive a procedure: its events, its decisions and what it returned."""
    out = {}

    def wrapper():
        out["value"] = yield from proc

    events, decisions = play(wrapper(), answers)
    return events, decisions, out["value"]


# -- what a Reach attack or a Snipe records --------------------------------------------------------


@pytest.mark.rule("ZGC-REACH-01", "ZGC-BIG-07")
def test_a_big_giants_reach_attack_is_recorded_as_combat_costing_a_square():
    st = make_state(("Big",))
    zombies_at(st, (11, 10))
    events, _, _ = finished(reach_attack(st, ctx([6, 6]), st.survivors[0], Reach((11, 10)), 5),
                            ["stay"])
    e = events[0]
    assert e.message == "Survivor 1 reaches for 1 zombie(s) at 11,10 (1 square of movement)"
    assert (e.rule, e.kind) == (RULE_REACH + " (a Reach attack costs movement)", "combat")
    assert tuple(e.ids) == ("ZGC-REACH-01", "ZGC-BIG-07") and e.assumed == ""


@pytest.mark.rule("ZGC-REACH-01", "ZGC-ZCOMB-08")
def test_a_reach_attack_is_fought_in_reach_mode_with_the_survivors_beside_the_attacker():
    st = make_state(("Big", "Normal"))
    st.survivors[1].loc = [10, 11]  # beside the Big Giant, two squares from the zombie
    zombies_at(st, (11, 10))
    events, _, _ = finished(reach_attack(st, ctx([6] * 3), st.survivors[0], Reach((11, 10)), 5),
                            ["stay"])
    opening = next(e for e in events if "mode" in e.data)
    assert opening.data["mode"] == "reach"
    assert opening.data["fight"]["rollers"] == ["Survivor 1", "Survivor 2"]
    assert [e.data["total"] for e in events if e.kind == "roll"] == [12]


@pytest.mark.rule("ZGC-REACH-01", "ZGC-HUGE-05")
def test_a_huge_giants_reach_attack_cites_its_reach_of_two():
    st = make_state(("Huge",), at=(9, 10))
    zombies_at(st, (12, 10))
    events, _, _ = finished(reach_attack(st, ctx([6, 6]), st.survivors[0], Reach((12, 10)), 5),
                            ["stay"])
    assert tuple(events[0].ids) == ("ZGC-REACH-01", "ZGC-HUGE-05")
    assert events[0].kind == "combat"


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-SNIPE-03", "ZGC-NORM-06")
def test_a_snipe_is_recorded_with_the_bullet_spent():
    st = make_state()
    zombies_at(st, (11, 10))
    events, _, _ = finished(reach_attack(st, ctx([6]), st.survivors[0], Snipe((11, 10)), 3),
                            ["stay"])
    e = events[0]
    assert e.message == ("Survivor 1 snipes at 1 zombie(s) at 11,10 "
                         "(1 square of movement; a bullet spent)")
    assert e.rule == RULE_REACH + " (Snipe: spend a bullet to attack from a distance)"
    assert e.kind == "combat"
    assert tuple(e.ids) == ("ZGC-REACH-01", "ZGC-SNIPE-01", "ZGC-SNIPE-03", "ZGC-NORM-06")
    assert e.assumed == ""


@pytest.mark.rule("ZGC-RAY-06", "ZGC-AMB-10")
def test_a_giants_snipe_with_a_size_ray_cites_the_ray_and_its_reading():
    st = make_state(("Big",))
    st.survivors[0].size_ray = SizeRay(2, 2)
    zombies_at(st, (12, 10))
    events, _, _ = finished(reach_attack(st, ctx([6, 6]), st.survivors[0], Snipe((12, 10)), 3),
                            ["stay"])
    e = events[0]
    assert tuple(e.ids) == ("ZGC-REACH-01", "ZGC-SNIPE-01", "ZGC-SNIPE-03", "ZGC-NORM-06",
                            "ZGC-RAY-06", "ZGC-AMB-10")
    assert e.assumed == P.AMB10


# -- who may snipe ----------------------------------------------------------------------------------


def offered(st, i=0, left=6, data=None):
    opts, _ = step_options(st, data or default_data(), st.survivors[i], left, set())
    return opts


@pytest.mark.rule("ZGC-SNIPE-01")
def test_a_survivor_without_a_bullet_cannot_snipe():
    st = make_state()
    st.survivors[0].bullets = 0
    zombies_at(st, (11, 10))
    assert not any(o.startswith("snipe") for o in offered(st))


@pytest.mark.rule("ZGC-SNIPE-01")
def test_a_survivor_with_one_bullet_left_may_snipe():
    st = make_state()
    st.survivors[0].bullets = 1
    zombies_at(st, (11, 10))
    assert "snipe 11,10" in offered(st)


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-REACH-01")
def test_a_snipe_may_take_the_last_square_of_movement():
    st = make_state()
    zombies_at(st, (11, 10))
    assert "snipe 11,10" in offered(st, left=1)
    assert not any(o.startswith("snipe") for o in offered(st, left=0))


@pytest.mark.rule("ZGC-AMB-10", "ZGC-RAY-06")
def test_a_big_giant_without_a_size_ray_never_snipes():
    st = make_state(("Big",))
    st.survivors[0].bullets = 3
    zombies_at(st, (11, 10))
    opts = offered(st)
    assert "reach 11,10" in opts and not any(o.startswith("snipe") for o in opts)


@pytest.mark.rule("ZGC-SNIPE-01", "ZGC-RAY-06")
def test_a_normal_holding_a_size_ray_snipes_at_its_own_range():
    # a designer's Normal sniping 2 squares: the Size-Ray's 1 + Reach is a Giant's range only
    files = load_files()
    files["sizes"] = apply_override(files["sizes"], "sizes.Normal.snipe_range", 2)
    data = build(files)
    st = make_state()
    st.survivors[0].size_ray = SizeRay(2, 2)
    zombies_at(st, (12, 10))
    assert "snipe 12,10" in offered(st, data=data)


@pytest.mark.rule("ZGC-AMB-10", "ZGC-RAY-06")
def test_under_the_variant_a_giant_with_a_size_ray_never_snipes():
    st = make_state(("Big",), variants=(V.GIANTS_NEVER_SPEND_BULLETS,))
    st.survivors[0].bullets = 3
    st.survivors[0].size_ray = SizeRay(2, 2)
    zombies_at(st, (11, 10))
    assert not any(o.startswith("snipe") for o in offered(st))


@pytest.mark.rule("ZGC-RAY-06", "ZGC-REACH-01")
def test_a_giant_with_a_size_ray_may_reach_or_snipe_the_same_zombies():
    st = make_state(("Big",))
    st.survivors[0].bullets = 2
    st.survivors[0].size_ray = SizeRay(2, 2)
    zombies_at(st, (11, 10))
    opts = offered(st)
    assert "reach 11,10" in opts and "snipe 11,10" in opts


# -- what a Giant reaches for with its movement ---------------------------------------------------


@pytest.mark.rule("ZGC-REACH-01")
def test_a_giants_last_square_of_movement_pays_for_a_reach_or_a_grab():
    st = make_state(("Big",))
    zombies_at(st, (11, 10))
    st.tokens["10,11"] = {"hearts": 1}
    opts = offered(st, left=1)
    assert "reach 11,10" in opts and "grab 10,11" in opts


@pytest.mark.rule("ZGC-REACH-01")
def test_a_giant_with_no_movement_left_reaches_for_nothing():
    st = make_state(("Big",), at=SHOP_DOOR_OUT)
    zombies_at(st, (12, 10))
    st.tokens["14,10"] = {"hearts": 1}
    assert {o for o in offered(st, left=6) if o.startswith(("reach", "grab"))} == {
        "reach 12,10", "grab 14,10", "grab parts Hardware Store"}
    assert not any(o.startswith(("reach", "grab")) for o in offered(st, left=0))


@pytest.mark.rule("ZGC-CRAFT-01", "ZGC-REACH-05")
def test_a_looted_store_has_no_parts_to_grab():
    st = make_state(("Big",), at=SHOP_DOOR_OUT)
    st.looted.append("Hardware Store")
    assert not any(o.startswith("grab parts") for o in offered(st))


@pytest.mark.rule("ZGC-CRAFT-01", "ZGC-REACH-05")
def test_a_store_that_gives_no_parts_has_none_to_grab():
    # a designer's Hardware Store that is no Size-Ray source (the only kind it gives as shipped)
    files = load_files()
    files["crafting"] = apply_override(files["crafting"], "size_ray.sources", ["Toy-Store"])
    data = build(files)
    st = make_state(("Big",), at=SHOP_DOOR_OUT)
    assert not any(o.startswith("grab parts") for o in offered(st, data=data))
    assert "grab parts Hardware Store" in offered(st)


# -- moving into the attacked square -----------------------------------------------------------


@pytest.mark.rule("ZGC-REACH-03")
def test_the_attacker_may_move_in_with_no_movement_left():
    st = make_state(("Big",))
    s = st.survivors[0]
    events, decisions, left = finished(move_in(st, ctx(), s, (11, 10), 0), ["move in"])
    d = decisions[0]
    assert (d.player, d.kind, d.options) == ("Survivor 1", "move_in", ["move in", "stay"])
    assert d.rule == MOVE_IN_RULE and tuple(d.ids) == ("ZGC-REACH-03",)
    assert left == 0 and s.loc == [11, 10]
    e = events[0]
    assert (e.rule, e.kind, tuple(e.ids)) == (RULE_REACH, "move", ("ZGC-REACH-03",))


@pytest.mark.rule("ZGC-REACH-03")
def test_the_attacker_who_stays_keeps_its_square():
    st = make_state(("Big",))
    s = st.survivors[0]
    events, decisions, left = finished(move_in(st, ctx(), s, (11, 10), 4), ["stay"])
    assert len(decisions) == 1 and events == []
    assert left is None and s.loc == [10, 10]


@pytest.mark.rule("ZGC-REACH-04")
def test_a_big_giant_inside_pays_one_more_to_move_into_the_next_square():
    st = make_state(("Big",), at=SHOP_DOOR_IN)
    s = st.survivors[0]
    events, decisions, left = finished(move_in(st, ctx(), s, (12, 11), 3), ["move in"])
    assert tuple(decisions[0].ids) == ("ZGC-REACH-03", "ZGC-REACH-04")
    assert left == 2 and s.loc == [12, 11]
    e = events[0]
    assert (e.rule, e.kind, tuple(e.ids)) == (BIG_PAYS_RULE, "move",
                                              ("ZGC-REACH-03", "ZGC-REACH-04"))


@pytest.mark.rule("ZGC-REACH-04")
def test_a_big_giant_inside_pays_two_to_squeeze_out_through_the_doorway():
    st = make_state(("Big",), at=SHOP_DOOR_IN)
    s = st.survivors[0]
    _, _, left = finished(move_in(st, ctx(), s, SHOP_DOOR_OUT, 2), ["move in"])
    assert left == 0 and s.loc == list(SHOP_DOOR_OUT)
    st = make_state(("Big",), at=SHOP_DOOR_IN)
    _, decisions, left = finished(move_in(st, ctx(), st.survivors[0], SHOP_DOOR_OUT, 1))
    assert decisions == [] and left is None  # not enough movement left to squeeze out


@pytest.mark.rule("ZGC-REACH-03", "ZGC-MF-07")
def test_nobody_moves_into_an_out_of_bounds_square():
    st = make_state(("Big",), at=(12, 10))
    _, decisions, left = finished(move_in(st, ctx(), st.survivors[0], (13, 9), 4))
    assert decisions == [] and left is None and st.survivors[0].loc == [12, 10]


@pytest.mark.rule("ZGC-REACH-03", "ZGC-REACH-05")
def test_a_giant_that_may_not_enter_buildings_does_not_move_into_one():
    # a designer's Big Giant kept out of buildings: it reaches through the doorway, stays out
    files = load_files()
    files["sizes"] = apply_override(files["sizes"], "sizes.Big.enters_buildings", False)
    data = build(files)
    context = Context(dice=ScriptedDice([]), variants=frozenset(), data=data)
    st = make_state(("Big",), at=SHOP_DOOR_OUT)
    _, decisions, left = finished(move_in(st, context, st.survivors[0], SHOP_DOOR_IN, 3))
    assert decisions == [] and left is None
    _, decisions, left = finished(move_in(st, context, st.survivors[0], (12, 10), 3), ["move in"])
    assert len(decisions) == 1 and left == 3  # a street square: it may


@pytest.mark.rule("ZGC-REACH-03", "ZGC-HUGE-01")
def test_a_huge_giant_moving_in_stands_where_its_figure_fits_over_the_square():
    # from 11..12,10 it reached 14,10; standing at 14,10 would cover 15,10, on no tile
    st = make_state(("Huge",), at=(11, 10))
    s = st.survivors[0]
    _, decisions, left = finished(move_in(st, ctx(), s, (14, 10), 3), ["move in"])
    assert len(decisions) == 1 and left == 3
    assert s.loc == [13, 10]


@pytest.mark.rule("ZGC-REACH-03", "ZGC-HUGE-01", "ZGC-NORM-01")
def test_a_huge_giant_moving_in_may_cover_its_own_square_again():
    # a Normal on 14,10 leaves no room for the Huge figure at 13..14; at 12..13 it covers the
    # square 12,10 it stands on already
    st = make_state(("Huge", "Normal"), at=(11, 10))
    huge, other = st.survivors
    other.loc = [14, 10]
    _, _, left = finished(move_in(st, ctx(), huge, (13, 10), 3), ["move in"])
    assert left == 3 and huge.loc == [12, 10]


@pytest.mark.rule("ZGC-REACH-03", "ZGC-HUGE-01")
def test_a_tall_huge_figure_moving_in_stands_where_it_fits_south_of_the_square():
    # a designer's Huge figure two squares north-south (anchor = its south square): at 10,11 it
    # would cover 10,12, on no tile, so it stands at 10,10
    files = load_files()
    files["sizes"] = apply_override(files["sizes"], "sizes.Huge.footprint", [1, 2])
    data = build(files)
    st = make_state(("Huge",), at=(9, 9))
    s = st.survivors[0]
    context = Context(dice=ScriptedDice([]), variants=frozenset(), data=data)
    _, _, left = finished(move_in(st, context, s, (10, 11), 3), ["move in"])
    assert left == 3 and s.loc == [10, 10]


# -- grabbing a store's parts --------------------------------------------------------------------


@pytest.mark.rule("ZGC-REACH-01", "ZGC-REACH-05", "ZGC-CRAFT-01")
def test_a_giant_reaching_into_a_store_is_recorded_and_finds_its_parts():
    st = make_state(("Big",), at=SHOP_DOOR_OUT)
    s = st.survivors[0]
    events, _, _ = finished(grab_parts(st, ctx(), s, "Hardware Store"))
    e = events[0]
    assert e.message == "Survivor 1 reaches into the Hardware Store for parts (1 square of movement)"
    assert e.rule == f"{RULE_REACH} (Giants reach into buildings to grab resources)"
    assert (e.kind, e.data) == ("move", {"store": "Hardware Store"})
    assert tuple(e.ids) == ("ZGC-REACH-01", "ZGC-REACH-05", "ZGC-CRAFT-01")
    assert st.looted == ["Hardware Store"] and s.parts["size_ray"] == 1

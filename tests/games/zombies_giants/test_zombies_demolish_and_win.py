"""Demolition by Huge Giants, and the three ways to end the game: escape, death, 25 kills."""

from __future__ import annotations

import pytest

from rules_lib.core.data import apply_override
from rules_lib.games.zombies_giants.actions import Action
from rules_lib.games.zombies_giants.crafting import do_craft_action
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.demolish import demolishable, protected
from rules_lib.games.zombies_giants.move_fight import move_fight
from rules_lib.games.zombies_giants.turn import finish_if_over
from rules_lib.games.zombies_giants.win import check_kills_win

from .zg_helpers import ctx, make_state, messages, play, run, zombies_at

HELIPAD_TOWN = (("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1), ("Helipad", (6, 3), 1))


@pytest.mark.rule("ZGC-DEMO-01", "ZGC-DEMO-03", "ZGC-AMB-14")
def test_huge_demolishes_a_building_on_8_killing_everything_inside():
    st = make_state(("Huge",), at=(12, 10))
    zombies_at(st, (12, 11), 2)
    st.tokens["14,11"] = {"bullets": 1}
    events, _ = play(
        move_fight(st, ctx([1, 1, 1, 4, 4]), st.survivors[0]), ["demolish Hardware Store", "stop"]
    )
    assert st.demolished == ["Hardware Store"] and not st.zombies and not st.tokens
    assert st.survivors[0].kills == 2
    assert "8 destroys it" in [e for e in events if e.kind == "roll"][-1].rule


@pytest.mark.rule("ZGC-DEMO-01")
def test_a_check_under_8_leaves_the_building_and_is_tried_once_a_turn():
    st = make_state(("Huge",), at=(12, 10))
    _, decisions = play(
        move_fight(st, ctx([1, 1, 1, 3, 4]), st.survivors[0]), ["demolish Hardware Store", "stop"]
    )
    assert st.demolished == []
    assert "demolish Hardware Store" not in decisions[-1].options
    assert (
        demolishable(
            make_state(("Big",), at=(12, 10)),
            default_data(),
            make_state(("Big",), at=(12, 10)).survivors[0],
        )
        == []
    )


@pytest.mark.rule("ZGC-DEMO-05", "ZGC-MF-02")
def test_protected_and_nameless_tiles_cannot_be_demolished():
    data = default_data()
    for name in ("Town Square", "Mall Entrance", "Helipad", "Street A"):
        assert protected(data, name)
    files = load_files()
    files["town"] = apply_override(files["town"], "tiles.Mall Entrance.layout", "shop")
    shop_entrance = build(files)
    st = make_state(("Huge",), tiles=(("Mall Entrance", (4, 3), 0),), at=(12, 10))
    assert demolishable(st, shop_entrance, st.survivors[0]) == []
    st = make_state(("Huge",), at=(12, 10))
    assert demolishable(st, data, st.survivors[0]) == ["Hardware Store"]


@pytest.mark.rule("ZGC-DEMO-02", "ZGC-DEMO-03")
def test_growing_to_huge_inside_a_building_demolishes_it():
    st = make_state(at=(12, 11))
    s = st.survivors[0]
    s.potions = ["Huge"]
    zombies_at(st, (14, 11))
    events = run(do_craft_action(st, ctx(), s, Action.parse("drink Huge potion")))
    assert st.demolished == ["Hardware Store"] and not st.zombies
    assert s.size == "Huge" and "enlargement" in " ".join(e.rule for e in events)
    assert tuple(s.loc) != (12, 11)


@pytest.mark.rule("ZGC-WIN-01", "ZGC-MF-04")
def test_a_normal_survivor_escapes_on_reaching_the_helicopter():
    st = make_state(tiles=HELIPAD_TOWN, at=(17, 10))
    events, _ = play(move_fight(st, ctx([3]), st.survivors[0]), ["move 18,10", "move 19,10"])
    assert st.survivors[0].status == "escaped"
    assert finish_if_over(st) and st.result == "escaped"
    escaped = next(e for e in events if "escapes" in e.message)
    assert {"ZGC-WIN-01", "ZGC-MF-04"} <= set(escaped.ids) and not escaped.assumed


@pytest.mark.rule("ZGC-WIN-01", "ZGC-MF-04")
def test_a_helipad_square_beside_the_helicopter_is_not_an_escape():
    st = make_state(tiles=HELIPAD_TOWN, at=(17, 10))
    play(move_fight(st, ctx([3]), st.survivors[0]), ["move 18,10", "stop"])
    assert st.survivors[0].status == "active"


@pytest.mark.rule("ZGC-WIN-01", "ZGC-MF-04")
def test_the_variant_escapes_from_any_helipad_square_while_the_centre_is_clear():
    variant = ["escape_from_any_helipad_square"]
    st = make_state(tiles=HELIPAD_TOWN, at=(17, 10), variants=variant)
    events, _ = play(move_fight(st, ctx([3], variant), st.survivors[0]), ["move 18,10"])
    assert st.survivors[0].status == "escaped"
    assert "escape_from_any_helipad_square" in next(e for e in events if "escapes" in e.message).assumed
    st = make_state(tiles=HELIPAD_TOWN, at=(17, 10), variants=variant)
    zombies_at(st, (19, 10))
    events, _ = play(move_fight(st, ctx([3], variant), st.survivors[0]), ["move 18,10", "stop"])
    assert st.survivors[0].status == "active"
    assert "centre square: no escape" in " ".join(messages(events))


@pytest.mark.rule("ZGC-WIN-01")
def test_zombies_on_the_helicopter_are_fought_before_the_escape():
    st = make_state(tiles=HELIPAD_TOWN, at=(17, 10))
    zombies_at(st, (19, 10))
    play(move_fight(st, ctx([3, 4]), st.survivors[0]), ["move 18,10", "move 19,10"])
    s = st.survivors[0]
    assert s.kills == 1 and s.status == "escaped"


@pytest.mark.rule("ZGC-WIN-02")
def test_giants_cannot_board_the_helicopter_until_shrunk():
    st = make_state(("Big",), tiles=HELIPAD_TOWN, at=(17, 10))
    events, _ = play(move_fight(st, ctx([2, 2]), st.survivors[0]),
                     ["move 18,10", "move 19,10", "stop"])
    assert st.survivors[0].status == "active"
    assert "must shrink" in " ".join(messages(events))


@pytest.mark.rule("ZGC-WIN-02")
@pytest.mark.parametrize("size,shrink", [("Big", "drink Normal potion"),
                                         ("Huge", "ray self to Normal")])
def test_a_giant_shrunk_to_normal_escapes_by_helicopter(size, shrink):
    from rules_lib.games.zombies_giants.state import SizeRay

    st = make_state((size,), tiles=HELIPAD_TOWN, at=(17, 10))
    s = st.survivors[0]
    s.potions, s.size_ray = ["Normal"], SizeRay(2, 2)
    run(do_craft_action(st, ctx(), s, Action.parse(shrink)))
    assert s.size == "Normal"
    play(move_fight(st, ctx([3]), s), ["move 18,10", "move 19,10"])
    assert s.status == "escaped"


@pytest.mark.rule("ZGC-WIN-03", "ZGC-AMB-17")
def test_a_giant_with_no_shrinking_left_survives_by_25_kills():
    st = make_state(("Big",))
    s = st.survivors[0]
    s.kills = 24
    run(check_kills_win(st, ctx()))
    assert s.status == "active"
    s.kills = 25
    s.potions = ["Normal"]
    run(check_kills_win(st, ctx()))
    assert s.status == "active"  # a shrink potion is still there
    s.potions = []
    run(check_kills_win(st, ctx()))
    assert s.status == "survived" and finish_if_over(st) and st.result == "25 kills"


@pytest.mark.rule("ZGC-WIN-03")
def test_the_variant_needs_a_shrinking_item_made_before_25_kills_count():
    for variants, survives in [((), True), (("kill_win_needs_spent_items",), False)]:
        st = make_state(("Huge",), variants=variants)
        s = st.survivors[0]
        s.kills = 25  # no Size-Ray or Potion Kit was ever made
        run(check_kills_win(st, ctx([], variants)))
        assert (s.status == "survived") is survives
    st = make_state(("Huge",), variants=["kill_win_needs_spent_items"])
    s = st.survivors[0]
    s.kills, st.crafted["potion_kit"] = 25, 1  # made, its potions drunk: used up
    run(check_kills_win(st, ctx([], ["kill_win_needs_spent_items"])))
    assert s.status == "survived"


@pytest.mark.rule("ZGC-WIN-03")
def test_a_normal_survivor_never_survives_by_kills():
    st = make_state()
    st.survivors[0].kills = 40
    run(check_kills_win(st, ctx()))
    assert st.survivors[0].status == "active"

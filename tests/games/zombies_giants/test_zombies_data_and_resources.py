"""Data (provenance, errors naming the entry), size stats, reserve hearts and bullets."""

from __future__ import annotations

import pytest

from rules_lib.core.data import DataError, apply_override
from rules_lib.games.zombies_giants import GAME, new_game, sizes
from rules_lib.games.zombies_giants.data import build, default_data, load_files
from rules_lib.games.zombies_giants.move_fight import move_fight, step_options

from .zg_helpers import ctx, make_state, messages, play


def test_shipped_data_validates_and_lists_its_assumptions():
    assert GAME.validate_data() == []
    report = GAME.provenance_report()
    assert {"town.yaml", "events.yaml"} <= set(report.file)
    assert any("ZGC-AMB-12" in why for why in report.assumed)


@pytest.mark.parametrize(
    "file,path,value,named",
    [
        ("town", "tiles.Hospital.layout", "castle", "castle"),
        ("town", "layouts.shop.rows", ["BBB", "SQS", "XXX"], "'Q'"),
        ("town", "layouts.corner.exits", ["N", "S"], "exit S"),
        ("events", "cards.Grenade.effect", "explode", "explode"),
        ("crafting", "size_ray.sources", ["Toy-Store", "Candy Shop"], "Candy Shop"),
        ("sizes", "sizes.Big.combat.keep", "lowest", "lowest"),
    ],
)
def test_bad_data_is_rejected_naming_the_file_and_entry(file, path, value, named):
    files = load_files()
    files[file] = apply_override(files[file], path, value)
    with pytest.raises(DataError, match=named) as err:
        build(files)
    assert f"{file}.yaml" in str(err.value)


def test_a_data_override_reaches_the_game():
    g = new_game("normal", seed=1, data_overrides={"sizes.sizes.Normal.start_bullets": 7})
    g.next_phase()
    while g.state.phase in ("Set-Up", "Round"):
        g.step_event()
    assert g.state.survivors[0].bullets == 7


def test_size_stats_are_the_texts():
    # data check only: Reach (ZGC-BIG-07, ZGC-HUGE-05) and the Huge figure (ZGC-HUGE-01) are
    # tested through the engine in test_zombies_reach_and_carry / test_zombies_movement
    data = default_data()
    n, b, h = (data.sizes[k] for k in ("Normal", "Big", "Huge"))
    assert "quarter" in data.get("sizes", "sizes.Normal.figure")
    assert "whole square" in data.get("sizes", "sizes.Big.figure")
    assert (n.footprint, b.footprint, h.footprint) == ((1, 1), (1, 1), (2, 1))
    assert (n.reach, b.reach, h.reach) == (0, 1, 2)
    assert (n.movement_dice, b.movement_dice, h.movement_dice) == (1, 2, 3)
    assert (n.half_damage, b.half_damage, h.half_damage) == (False, True, True)
    assert sizes.combat_dice(data, "Big").dist().p(6) == pytest.approx(11 / 36)


@pytest.mark.rule("ZGC-RES-01", "ZGC-NORM-02", "ZGC-AMB-12")
def test_collected_hearts_go_to_reserve_and_a_normal_holds_at_most_2():
    st = make_state()
    st.tokens["11,10"] = {"hearts": 3}
    events, _ = play(move_fight(st, ctx([1]), st.survivors[0]), ["move 11,10", "stop"])
    assert st.survivors[0].reserve == 2 and st.survivors[0].halves == 6
    assert ("Survivor 1 collects 3 reserve hearts (kept 2, the rest are lost) at 11,10"
            in messages(events))


@pytest.mark.rule("ZGC-RES-01")
def test_the_log_names_only_the_counters_found():
    st = make_state()
    st.tokens["11,10"] = {"bullets": 1}
    events, _ = play(move_fight(st, ctx([1]), st.survivors[0]), ["move 11,10", "stop"])
    assert "Survivor 1 collects 1 bullet at 11,10" in messages(events)
    assert st.survivors[0].bullets == 4


@pytest.mark.rule("ZGC-BIG-02", "ZGC-HUGE-02", "ZGC-RES-01")
@pytest.mark.parametrize("size,faces,at,token,move", [
    ("Big", [1, 1], (10, 10), "11,10", "move 11,10"),
    ("Huge", [1, 1, 1], (9, 10), "10,11", "move 9,11"),  # the 2-wide figure covers 10,11
])
def test_giants_hold_unlimited_reserve_hearts_and_use_them(size, faces, at, token, move):
    st = make_state((size,), at=at)
    st.tokens[token] = {"hearts": 5}  # more than a Normal's 2-heart reserve limit
    s = st.survivors[0]
    s.halves = 10
    play(move_fight(st, ctx(faces), s), [move, "use reserve heart", "stop"])
    assert s.reserve == 4 and s.halves == 12


@pytest.mark.rule("ZGC-RES-02", "ZGC-RES-01", "ZGC-NORM-04")
def test_bullets_and_reserve_hearts_are_shared_with_a_survivor_next_to_you():
    st = make_state(("Normal", "Big"))
    st.survivors[1].loc = [11, 10]
    a, b = st.survivors
    a.bullets, a.reserve = 40, 1
    opts, _ = step_options(st, default_data(), a, 3, set())
    assert "give bullet to Survivor 2" in opts and "give reserve heart to Survivor 2" in opts
    play(
        move_fight(st, ctx([1]), a),
        ["give bullet to Survivor 2", "give reserve heart to Survivor 2", "stop"],
    )
    assert (a.bullets, b.bullets, a.reserve, b.reserve) == (39, 1, 0, 1)


def test_the_reserve_steps_in_when_the_last_heart_goes():
    data = default_data()
    st = make_state()
    s = st.survivors[0]
    s.halves, s.reserve = 2, 1
    assert "reserve heart steps in" in sizes.take_hit(data, s)
    assert (s.halves, s.reserve) == (2, 0)

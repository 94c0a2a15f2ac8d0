"""Line-of-Sight (§J-1): the inside or the hexside of a blocking hex or any unit blocks; targets in
blocking terrain can be seen; LOS from a hex to every hex of the map."""

from __future__ import annotations

import pytest

from rules_lib.core.boards.hex import hex_line
from rules_lib.games.space_vermin.fire_actions import full_fire
from rules_lib.games.space_vermin.los import has_line_of_sight, visible_from, visible_labels

from .sv_helpers import ALPHA, BETA, DATA, dice, first_decision, table


def h(label):
    return ALPHA.hex(label)


def line_through(kind: str, smap=ALPHA):
    """Two hexes of the map whose straight line crosses the inside of exactly one hex, of ``kind``.
    """
    for mid, t in smap.terrain.items():
        if t != kind:
            continue
        for d in (1, 2, 3):
            a = smap.neighbor(mid, d)
            b = smap.neighbor(mid, d + 3)
            if a is None or b is None or smap.blocks_los(a) or smap.blocks_los(b):
                continue
            line = hex_line(a, b)
            if not line.along_hexside:
                return a, mid, b
    raise AssertionError(f"no straight line through a {kind} hex")


def targets(state, firer):
    """The targets the Full Fire decision offers (none: the procedure reports no target)."""
    try:
        return first_decision(full_fire(state, dice(), firer)).options
    except StopIteration:
        return []


@pytest.mark.rule("SV-TERR-31", "SV-TERR-01")
@pytest.mark.parametrize("kind", ["bamboo", "building", "tar_pit"])
def test_bamboo_buildings_and_tar_pits_block_line_of_sight(kind):
    a, _mid, b = line_through(kind)
    assert not has_line_of_sight(ALPHA, None, a, b)
    state = table({"Squad 1": ALPHA.label(a), "Soldier #1": ALPHA.label(b)})
    assert ALPHA.distance(a, b) == 2
    assert "Soldier #1" not in targets(state, "Squad 1")


@pytest.mark.rule("SV-TERR-31", "SV-LOS-01")
def test_any_unit_in_between_blocks_line_of_sight():
    a, mid, b = line_through("clear")
    assert has_line_of_sight(ALPHA, None, a, b)
    for blocker in ("Squad 2", "Drone #4"):
        state = table(
            {"HQ 1": ALPHA.label(a), "Soldier #1": ALPHA.label(b), blocker: ALPHA.label(mid)}
        )
        assert not has_line_of_sight(ALPHA, state, a, b)


@pytest.mark.rule("SV-LOS-01")
def test_a_line_along_a_hexside_is_blocked_if_either_side_holds_a_unit():
    a, b, sides = next(
        (a, b, line.either - {a, b})
        for a in ALPHA.board.locations()
        for b in ALPHA.board.locations()
        if ALPHA.distance(a, b) == 2
        for line in [hex_line(a, b)]
        if line.along_hexside and not any(ALPHA.blocks_los(x) for x in line.either)
    )
    assert len(sides) == 2
    empty = table({"HQ 1": ALPHA.label(a), "Soldier #1": ALPHA.label(b)})
    assert "Soldier #1" in targets(empty, "HQ 1")
    for side in sides:
        state = table(
            {"HQ 1": ALPHA.label(a), "Soldier #1": ALPHA.label(b), "Squad 1": ALPHA.label(side)}
        )
        assert "Soldier #1" not in targets(state, "HQ 1")
    # the J-1 case: 335 -> 316 runs along the hexside of 315 (a Building, and the Squad)
    line = hex_line(h(335), h(316))
    assert line.along_hexside and {h(315), h(334)} <= line.either
    assert not has_line_of_sight(ALPHA, table({"Squad 1": 315}), h(335), h(316))


@pytest.mark.rule("SV-LOS-02")
def test_a_target_inside_blocking_terrain_can_be_seen():
    # the Soldier stands in Bamboo hex 321; nothing blocks in between
    a = next(x for x in ALPHA.neighbors(h(321)) if not ALPHA.blocks_los(x))
    far = ALPHA.neighbor(
        a,
        next(
            d
            for d in range(1, 7)
            if ALPHA.neighbor(a, d) is not None
            and ALPHA.distance(ALPHA.neighbor(a, d), h(321)) == 2
            and not ALPHA.blocks_los(ALPHA.neighbor(a, d))
            and has_line_of_sight(ALPHA, None, ALPHA.neighbor(a, d), h(321))
        ),
    )
    state = table({"Squad 1": ALPHA.label(far), "Soldier #1": 321})
    assert "Soldier #1" in targets(state, "Squad 1")


@pytest.mark.rule("SV-LOS-03")
def test_facing_has_no_effect_line_of_sight_is_the_same_both_ways():
    state = table({"Squad 1": 315, "HQ 1": 335, "Ultra-Mite #2": 131, "Soldier #1": 316})
    for a in ALPHA.board.locations()[::7]:
        for b in ALPHA.board.locations()[::11]:
            assert has_line_of_sight(ALPHA, state, a, b) == has_line_of_sight(ALPHA, state, b, a)


@pytest.mark.rule("SV-LOS-01", "SV-MF-19")
def test_los_to_every_hex_agrees_with_the_single_lines():
    state = table({"Squad 1": 315, "HQ 1": 335, "Ultra-Mite #2": 131, "Soldier #1": 316})
    for smap, start in ((ALPHA, "335"), (ALPHA, "315"), (BETA, "356")):
        seen = visible_from(smap, state if smap is ALPHA else None, smap.hex(start))
        for x in smap.board.locations():
            assert (x in seen) == has_line_of_sight(
                smap, state if smap is ALPHA else None, smap.hex(start), x
            )
    labels = visible_labels(ALPHA, state, "315")
    assert "131" in labels and "316" in labels


@pytest.mark.benchmark
def test_benchmark_los_from_one_hex_to_every_hex(benchmark):
    state = table(
        {"Squad 1": 315, "HQ 1": 335, "Ultra-Mite #2": 131, "Soldier #1": 316, "Drone #4": 252}
    )
    seen = benchmark(visible_from, ALPHA, state, h(416))
    assert h(416) in seen


@pytest.mark.benchmark
def test_benchmark_marine_reach(benchmark):
    from rules_lib.games.space_vermin.movement import marine_reach

    state = table({"Scout 1": 232, "Soldier #1": 316, "Squad 1": 315})
    found = benchmark(marine_reach, DATA, ALPHA, state, "Scout 1")
    assert len(found) > 20

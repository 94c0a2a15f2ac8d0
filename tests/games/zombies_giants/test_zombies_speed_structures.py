"""The structures speed work builds once per town agree with the rules they stand for.

A town's ways for zombies (``walks``) and for the heuristic's search back from its goals
(``inward``), where a Huge Giant may stand and where the town grows are grown tile by tile;
these tests hold them to the rule they write out (zombies never step onto out-of-bounds squares;
nobody walks on from one; a Huge figure stands over no interior and on a street) on the towns of
seeded games, built tile by tile and from scratch.
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import new_game, sizes
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.figures import footprint
from rules_lib.games.zombies_giants.policies import _distances
from rules_lib.games.zombies_giants.state import ZState
from rules_lib.games.zombies_giants.town import TownMap, _build_map, _with_tile, town_map

SEEDS = range(4)


def _final_states() -> list[ZState]:
    """The tables at the end of a few seeded games (towns of many tiles, some of them Mall)."""
    out = []
    for scenario in ("mixed", "team"):
        for seed in SEEDS:
            g = new_game(scenario, seed=seed, keep_log=False)
            g.run_to_end()
            out.append(g.state)
    return out


STATES = _final_states()


def _towns_tile_by_tile(st: ZState) -> list[tuple[TownMap, TownMap]]:
    """Each town of a game's growth, built from the one before and from scratch."""
    data = default_data()
    placed = tuple((t.name, (t.slot[0], t.slot[1]), t.rotation) for t in st.tiles)
    town = _build_map((placed[:1], ()), data)
    out = []
    for n in range(2, len(placed) + 1):
        town.wide_anchors(2, 1)  # asked of the town before: the next town grows it
        town = _with_tile(town, placed[n - 1], (), data)
        out.append((town, _build_map((placed[:n], ()), data)))
    return out


@pytest.mark.rule("ZGC-ZTURN-01", "ZGC-MF-07")
def test_a_zombie_steps_to_every_neighbour_but_an_out_of_bounds_square():
    for st in STATES:
        for town, whole in _towns_tile_by_tile(st):
            assert town.walks == whole.walks
            for sq, nbrs in whole.nbrs.items():
                assert whole.walks[sq] == tuple(nb for nb in nbrs if whole.kind[nb] != "out")


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-MF-07")
def test_nobody_walks_on_from_an_out_of_bounds_square():
    for st in STATES:
        for town, whole in _towns_tile_by_tile(st):
            assert town.inward == whole.inward
            for sq, nbrs in whole.nbrs.items():
                expected = () if whole.kind[sq] == "out" else nbrs
                assert whole.inward[sq] == expected


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-MF-07")
def test_a_huge_giant_stands_where_its_squares_are_placed_streets_or_out_never_inside():
    for st in STATES:
        for town, whole in _towns_tile_by_tile(st):
            grown = town.wide_anchors(2, 1)
            assert grown == whole.wide_anchors(2, 1)
            for a in whole.kind:
                cover = [whole.kind.get((a[0] + i, a[1])) for i in range(2)]
                stands = None not in cover and "building" not in cover and "street" in cover
                assert (a in grown) == stands


@pytest.mark.rule("ZGC-TILE-02", "ZGC-MALL-01")
def test_the_town_grows_from_the_exits_facing_no_tile_and_the_mall_streets_are_its_tiles():
    data = default_data()
    for st in STATES:
        for town, whole in _towns_tile_by_tile(st):
            slots = {slot for _, slot, _ in whole.placed}
            assert all(faced not in slots for faced, _ in town.open_exits)
            assert town.frontier == whole.frontier
            assert town.mall_streets == [
                sq for sq, t in whole.tile_of.items()
                if data.tiles[t].area == "mall" and whole.kind[sq] == "street"]


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_giant_is_at_its_goal_wherever_it_stands_covering_a_goal_square():
    data = default_data()
    for st in STATES:
        tm = town_map(st, data)
        stands = tm.wide_anchors(*sizes.stats(data, "Huge").footprint)
        for targets in (frozenset(tm.frontier), frozenset(tm.vents), frozenset(tm.pads)):
            at_goal = {a for a, d in _distances(tm, data, "Huge", targets).dist.items() if d == 0}
            assert at_goal == {a for a in stands
                               if any(sq in targets for sq in footprint(data, "Huge", a))}

"""The fast paths of a Giants-Club game agree with the rules they write out.

Speed work writes some rules out once more where every decision asks them (a figure's steps from
a square, the open slots near a Survivor, the goals of the heuristic); these tests hold each
written-out form to the rule it stands for, on the towns of seeded games.
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import new_game
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.figures import step_cost, steps_from
from rules_lib.games.zombies_giants.state import ZState
from rules_lib.games.zombies_giants.town import (
    EDGE_STEP,
    _build_map,
    _open_among,
    _open_slots,
    _placed_faces,
    _with_tile,
    town_map,
)

SEEDS = range(6)


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


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-BIG-09")
@pytest.mark.parametrize("size", ["Normal", "Big"])
def test_the_steps_offered_from_a_square_are_step_costs_steps(size):
    data = default_data()
    for st in STATES:
        tm = town_map(st, data)
        cost = step_cost(tm, data, size)
        for here in tm.nbrs:
            expected = [(nb, cost(here, nb)) for nb in tm.neighbors(here)
                        if cost(here, nb) is not None]
            assert steps_from(tm, data, size, here) == expected, (size, here)


@pytest.mark.rule("ZGC-BIG-09")
def test_a_big_giant_steps_through_a_doorway_for_three_and_inside_for_two():
    data = default_data()
    costs = set()
    for st in STATES:
        tm = town_map(st, data)
        for (a, b), crossing in tm.crossings.items():
            if crossing == "door" and tm.kind.get(b) == "building":
                costs.add(("door", dict(steps_from(tm, data, "Big", a)).get(b)))
        for sq, k in tm.kind.items():
            if k == "building" and sq in tm.nbrs:
                for nb, c in steps_from(tm, data, "Big", sq):
                    if tm.kind[nb] == "building" and tm.crossing(sq, nb) == "open":
                        costs.add(("inside", c))
    assert costs == {("door", 3), ("inside", 2)}


@pytest.mark.rule("ZGC-TILE-02")
def test_the_open_slots_asked_of_a_few_are_those_among_every_open_slot():
    data = default_data()
    grid = data.town["grid"]
    every = {(x, y) for x in range(-1, grid["width"] + 1) for y in range(-1, grid["height"] + 1)}
    for st in STATES:
        for n in range(1, len(st.tiles) + 1):
            faces = _placed_faces(data, st.tiles[:n])
            open_slots = _open_slots(data, faces)
            assert _open_among(data, faces, every) == open_slots
            some = {(sx + dx, sy + dy) for sx, sy in list(faces)[:2]
                    for dx, dy in EDGE_STEP.values()}
            assert _open_among(data, faces, some) == open_slots & some


@pytest.mark.rule("ZGC-TILE-02", "ZGC-MF-07")
def test_the_town_built_tile_by_tile_is_the_town_built_from_scratch():
    data = default_data()
    for st in STATES:
        placed = tuple((t.name, (t.slot[0], t.slot[1]), t.rotation) for t in st.tiles)
        town = _build_map((placed[:1], ()), data)
        for n in range(2, len(placed) + 1):
            town = _with_tile(town, placed[n - 1], (), data)
            whole = _build_map((placed[:n], ()), data)
            assert town.kind == whole.kind and town.tile_of == whole.tile_of
            assert town.crossings == whole.crossings  # walls and doorways
            assert town.nbrs == whole.nbrs
            assert {t: set(sq) for t, sq in town.buildings.items()} == {
                t: set(sq) for t, sq in whole.buildings.items()}
            assert set(town.mall_streets) == set(whole.mall_streets)
            assert town.frontier == whole.frontier

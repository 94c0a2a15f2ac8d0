"""The batch-speed shortcuts give the same answers as the plain rules they stand in for: the reach
cache keyed on terrain bitmasks, a Volley scored by lookup, and the Activation's snapshot of the
occupancy while units move."""
from __future__ import annotations

import random

import pytest

from rules_lib.core.dice import HitDie, HitPool, ScriptedDice
from rules_lib.games.ginormopod import new_game
from rules_lib.games.ginormopod.activation import Activation
from rules_lib.games.ginormopod.combat import volley
from rules_lib.games.ginormopod.movement import (
    _count_move,
    _terrain_masks,
    fence_closed,
    must_stop,
    terrain,
    unrevealed_guards_only,
)
from rules_lib.games.ginormopod.volley import Fighter, Volley


def _plain_options(data, start, mp, ter):
    """What RoadMap.move_options answers, worked out by the search on the terrain's full sets."""
    reach, _ = data.road_map.search(start, mp, ter.stops, ter.full, ter.closed)
    ranked = sorted((n, c) for c, n in reach.items() if c != start)
    return [c for _, c in ranked], {c: n for n, c in ranked}


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_cached_move_options_match_a_fresh_search_through_whole_games(seed):
    game = new_game(seed=seed, keep_log=False)
    data = game.ctx.data
    checked = 0
    while not game.finished and game.events_seen < 3000:
        game.step_event()
        state = game.state
        if game.events_seen % 7 or state.phase == "Set-Up":
            continue
        for side in ("Swarm", "Human"):
            occ = state.occupancy()
            stops, full = _terrain_masks(state, data, side, occ)
            ter = terrain(state, data, side, occ)
            closed = fence_closed(state, data) if side == "Swarm" else frozenset()
            for u in state.units:
                mp = data.types[u.type].mp
                if u.pool != "map" or u.side != side or mp <= 0:
                    continue
                _, dests, costs = data.road_map.move_options(u.loc, mp, stops, full, closed)
                assert (dests, costs) == _plain_options(data, u.loc, mp, ter)
                checked += 1
    assert checked > 50


def test_terrain_masks_hold_the_same_cities_as_the_terrain_sets():
    game = new_game(seed=5, keep_log=False)
    for _ in range(400):
        game.step_event()
    state, data = game.state, game.ctx.data
    bits = data.road_map.bits
    for side in ("Swarm", "Human"):
        stops, full = _terrain_masks(state, data, side, state.occupancy())
        ter = terrain(state, data, side)
        assert {c for c, b in bits.items() if stops & b} == ter.stops
        assert {c for c, b in bits.items() if full & b} == ter.full


def test_a_volley_scores_its_faces_as_the_hit_pool_does(data):
    rng = random.Random(1)
    fighters = [Fighter("Ant"), Fighter("Tank"), Fighter("Infantry", reduced=True),
                Fighter("Guard", armed=True), Fighter("Spider")]
    for own_fx in ("", *data.fx):
        v = volley(data, fighters, fort_strength=2, own_fx=own_fx)
        faces = [rng.randint(1, 6) for _ in range(len(v.pool.dice) + 2 * len(v.doubles))]
        hits, rolled = v.roll(ScriptedDice(list(faces)), "test")
        n = len(v.pool.dice)
        expected = v.auto_hits + v.pool.evaluate(tuple(faces[:n]))
        for i, d in enumerate(v.doubles):
            expected += d.evaluate(tuple(faces[n + 2 * i:n + 2 * i + 2]))
        assert (hits, list(rolled)) == (expected, faces)


def test_a_mixed_pool_rolls_through_the_pool_itself():
    v = Volley(HitPool((HitDie(4), HitDie(3, sides=4))))
    assert v.roll(ScriptedDice([4, 2]), "test") == (1, (4, 2))


def test_the_activation_snapshot_keeps_its_counts_while_units_move(table):
    s = table.place("Des Moines", "Ant X1", "Ant X2")
    table.place("Minneapolis", "Infantry A1")
    occ = s.occupancy()
    act = Activation.begin(s, "Swarm", "X", occ)
    _count_move(occ, "Des Moines", "Minneapolis", 0)
    assert occ["Des Moines"][0] == 1 and occ["Minneapolis"][:2] == [1, 1]
    assert act.start_occ["Des Moines"][0] == 2 and act.start_occ["Minneapolis"][:2] == [0, 1]
    assert act.was_enemy("Minneapolis", "Swarm") and not act.was_enemy("Des Moines", "Swarm")


@pytest.mark.parametrize("seed", [2, 13])
def test_terrain_masks_follow_the_plain_stop_and_stacking_rules_city_by_city(seed):
    """Each City's stop and full bits, from the occupancy, against must_stop and state.stack
    asked City by City (the rules movement_reach applies through the core reach)."""
    game = new_game(seed=seed, keep_log=False, policies={"Swarm": "random", "Human": "random"})
    data = game.ctx.data
    bits, limit = data.road_map.bits, data.stack_limit
    checked = 0
    while not game.finished and game.events_seen < 4000:
        game.step_event()
        state = game.state
        if game.events_seen % 5 or state.phase == "Set-Up":
            continue
        for side in ("Swarm", "Human"):
            stops, full = _terrain_masks(state, data, side, state.occupancy())
            for city in data.cities:
                stop = must_stop(state, city, side) or (
                    side == "Swarm" and unrevealed_guards_only(state, city)
                    and state.stack(city, side) >= limit)
                assert bool(stops & bits[city]) == stop, (city, side)
                assert bool(full & bits[city]) == (state.stack(city, side) >= limit), (city, side)
                checked += 1
    assert checked > 1000


@pytest.mark.rule("GIN-NG-03", "GIN-STACK-01")
def test_a_city_of_hidden_guards_may_be_tried_only_with_room_to_stop_there(table):
    """Cities held only by unrevealed Guards may be entered and passed (GIN-NG-03), but one where
    the Swarm is already at the stacking limit is treated as a stop: no unit could end there."""
    data = table.data
    table.guard("Cincinnati", "Guard 1", armed=False)
    table.guard("Nashville", "Guard 2", armed=False)
    table.place("Nashville", "Ant X1", "Ant X2", "Spider X1", "Worm X1", "Ant Y1", "Ant Y2")
    s = table.state
    bits = data.road_map.bits
    stops, full = _terrain_masks(s, data, "Swarm", s.occupancy())
    assert not stops & bits["Cincinnati"] and not full & bits["Cincinnati"]
    assert stops & bits["Nashville"] and full & bits["Nashville"]
    assert must_stop(s, "Nashville", "Swarm") is False  # the Guards alone would not stop a unit

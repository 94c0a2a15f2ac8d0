"""The shortcuts batch play takes give the answers of the plain rules they stand for, position by
position: the Full Move search written out for the Full Move rules, the actions offered with their
fire plans, the test "next to a Vermite", the battle-end test asked after every event and the
heuristic's distance table. Positions are sampled from seeded games of both Mapzones."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_lib.core.boards.reach import reach_costs
from rules_lib.games.space_vermin import GAME, new_game
from rules_lib.games.space_vermin.actions import legal_actions, offered_actions
from rules_lib.games.space_vermin.board import map_for
from rules_lib.games.space_vermin.fire_plans import can_fire, fire_plans
from rules_lib.games.space_vermin.movement import (
    _full_move_rules,
    adjacent_to_vermite,
    marine_move_costs,
    vermite_adjacent_hexes,
)
from rules_lib.games.space_vermin.policies import _steps_to_nearest
from rules_lib.games.space_vermin.scenarios import scenario_table
from rules_lib.games.space_vermin.state import SVState
from rules_lib.games.space_vermin.victory import battle_end_test, marines_on_map, only_drones_left

from .sv_helpers import DATA


def sampled_positions(scenario: str, seeds: range, every: int = 37) -> Iterator[SVState]:
    """The state every ``every`` events of seeded games with random Marines (who go everywhere)."""
    for seed in seeds:
        game = new_game(scenario, seed=seed, keep_log=False,
                        policies=GAME.make_policies({"Marines": "random"}))
        while not game.finished and game.events_seen < 4000:
            for _ in range(every):
                game.step_event()
            yield game.state


@pytest.mark.parametrize("scenario", ["family_jewels", "great_migration"])
def test_full_move_costs_are_the_core_search_with_the_full_move_rules(scenario):
    compared = 0
    for state in sampled_positions(scenario, range(4)):
        smap = map_for(state.map, DATA)
        for marine in state.marines_on_map():
            for budget in (None, 0, 1, 3):
                fast = marine_move_costs(DATA, smap, state, marine.id, budget=budget)
                core = reach_costs(smap.board,
                                   *_full_move_rules(DATA, smap, state, marine.id, budget, None))
                assert list(fast.items()) == list(core.items())  # same hexes, costs and order
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("scenario", ["family_jewels", "great_migration"])
def test_offered_actions_are_the_legal_actions_with_the_full_fire_plans(scenario):
    fired = 0
    for state in sampled_positions(scenario, range(4)):
        smap = map_for(state.map, DATA)
        for marine in (u for u in state.units if u.is_marine):
            actions, plans = offered_actions(DATA, smap, state, marine.id)
            assert actions == legal_actions(DATA, smap, state, marine.id)
            searched = (not marine.acted and marine.on_map
                        and marine.landed_turn != state.turn)
            assert plans == (fire_plans(DATA, smap, state, marine.id) if searched else [])
            assert bool(fire_plans(DATA, smap, state, marine.id, first_only=True)) == (
                can_fire(DATA, smap, state, marine.id))
            fired += bool(plans)
    assert fired > 0


@pytest.mark.parametrize("scenario", ["family_jewels", "great_migration"])
def test_next_to_a_vermite_and_the_battle_end_test_read_the_plain_rules(scenario):
    for state in sampled_positions(scenario, range(3)):
        smap = map_for(state.map, DATA)
        near = vermite_adjacent_hexes(smap, state)
        for label in smap.hex_of:
            assert adjacent_to_vermite(smap, state, label) == (smap.hex(label) in near)
        if state.map == "alpha":
            need = scenario_table(DATA, "family_jewels")["instant_victory_jewels"]
            plain = ("Instant Victory" if state.jewels_exited >= int(need) else
                     None if marines_on_map(state) else "Instant Loss")
        else:
            plain = (None if not state.marines_entered else
                     "Instant Loss" if not marines_on_map(state) else
                     "only Drones remain" if only_drones_left(DATA, state) else None)
        assert battle_end_test(DATA, state)() == plain


def test_the_heuristic_distance_table_is_the_distance_to_the_nearest_goal():
    smap = map_for("alpha")
    goals = ("421", "356")
    table = _steps_to_nearest(smap, goals)
    assert set(table) == set(smap.hex_of)
    for label, h in smap.hex_of.items():
        assert table[label] == min(smap.distance(h, smap.hex(g)) for g in goals)
    assert _steps_to_nearest(smap, goals) is table  # worked out once per map and goals

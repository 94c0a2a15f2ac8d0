"""Every number in Space Vermin's data is alive: the rules read it, so a designer's override of it
changes the game (issue 13 §3).

The game's data is built from ``track_reads`` copies of its files; seeded games of every scenario
are played with that very data object (default rules, every variant, the invented chit card), the
exact odds are computed with it, and a few rules that seeded games reach only now and then are
driven directly (Recon, a Disrupted and infested HQ's request, the A.N.T. Gun with a NAT marker,
a Child Queen escaping). Then every numeric value never read must be on ``ALLOWED`` with a reason.
"""

from __future__ import annotations

import pytest

from rules_lib.core.data import track_reads
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Game, Rules, drive
from rules_lib.games.space_vermin import GAME, NAME, PLAYERS, VARIANTS, new_game, odds
from rules_lib.games.space_vermin.ant_gun import resolve_ant_fire
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import build, load_sources
from rules_lib.games.space_vermin.scenarios import SCENARIOS, new_state
from rules_lib.games.space_vermin.special_actions import recon, request_reinforcements
from rules_lib.games.space_vermin.state import SVState
from rules_lib.games.space_vermin.turn import play
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack
from rules_lib.games.space_vermin.victory import migration_vp

# (file, path) -> why the rules never read it. Empty: every number of the data is consulted.
ALLOWED: dict[tuple[str, str], str] = {}

ALL_VARIANTS = sorted(v.name for v in VARIANTS)
RUNS = [  # (seed, variants, Marine policy): seed 5 puts the High Queen in Nest 2 (die 4-6)
    (1, [], "heuristic"),
    (5, ALL_VARIANTS, "random"),
    (3, ["invented_event_chit_card"], "heuristic"),
]


def _drills(data) -> None:
    """Rules seeded games reach only now and then, played with the tracked data."""
    def ctx(*faces):
        return Context(dice=ScriptedDice(list(faces)), data=data)

    # a Disrupted Scout's Recon with an HQ's help (§I-4-a)
    state = placed_state({"Scout 1": 411, "HQ 1": 413}, "alpha", data)
    state.unit("Scout 1").reduced = True
    drive(recon(state, ctx(4), "Scout 1"), answers=["HQ 1"])
    # a Disrupted HQ with a NAT marker requests reinforcements (§I-4-c)
    state = placed_state({"HQ 1": 413}, "alpha", data)
    state.unit("HQ 1").reduced, state.unit("HQ 1").nat = True, "tainted"
    drive(request_reinforcements(state, ctx(1), "HQ 1"))
    # the A.N.T. Gun with a NAT marker doubles the range (§J-3)
    state = placed_state({"A.N.T. Gun": 411, "Soldier #1": 413}, "alpha", data)
    gun = state.unit("A.N.T. Gun")
    gun.limbered, gun.nat = False, "tainted"
    drive(resolve_ant_fire(state, ctx(6, 6, 6), "A.N.T. Gun", "413"))
    # Vermites attack the A.N.T. Gun (it has its own damage table, §J-3)
    state = placed_state({"A.N.T. Gun": 411, "Soldier #1": 412}, "alpha", data)
    drive(vermite_attack(state, ctx(6, 6, 6, 6), ["Soldier #1"], "A.N.T. Gun"))
    # a Child Queen in the Escaped pile (§Q-2-g)
    state = placed_state({}, "beta", data)
    state.unit("Child Queen").status = "escaped"
    migration_vp(data, state)


@pytest.fixture(scope="module")
def tracked_play():
    """The data files, and the log of what the game read from them while it played."""
    sources = load_sources()
    tracked, log = track_reads(sources)
    data = build(tracked)
    rules = Rules(NAME, SVState, play, data=lambda: data, players=PLAYERS, variants=VARIANTS)
    for scenario in SCENARIOS:
        for seed, variants, policy in RUNS:
            state = new_state(data, scenario)
            state.variants = list(variants)
            game = Game(rules, state, seed=seed, keep_log=False, policies={
                "Marines": GAME.policies[policy](), "Vermites": GAME.policies["random"]()})
            game.run_to_end(max_events=200_000)
            assert game.finished
    odds.marine_fire_table(data=data)
    odds.vermite_attack_odds(4, 3, data=data)
    for nat in (False, True):
        odds.ant_gun_odds(nat=nat, data=data)
        odds.pants_odds(shoot_and_scoot=True, nat=nat, data=data)
        odds.jump_pack_odds(shoot_and_scoot=True, nat=nat, data=data)
    odds.landing_zone_odds(data=data)
    odds.drift_distance(data=data)
    odds.nat_effect_odds(data=data)
    for key in data.vermites:
        odds.nat_outcome(key, "tainted", data=data)
    _drills(data)
    return sources, log


def test_every_number_in_the_data_is_read_by_the_rules(tracked_play):
    sources, log = tracked_play
    unread = {(file, path): value for file, path, value in log.unread(sources)}
    assert set(unread) == set(ALLOWED), (
        "numbers no rule reads (hard-coded in Python, or dead data): "
        + ", ".join(f"{f}:{p}={v}" for (f, p), v in unread.items() if (f, p) not in ALLOWED))


# -- overriding a value changes the game ---------------------------------------------------------

OVERRIDES = [
    ("family_jewels", {"tables:vermite_stacking.limit": 1}),
    ("family_jewels", {"counters:vermites.soldier.full.ma": 2}),
    ("family_jewels", {"counters:crown_jewels.spawn_bonus": 2}),
    ("family_jewels", {"counters:queens.high_queen.sn": 1}),
    ("family_jewels", {"scenarios:family_jewels.rv_return_turns": 1}),
    ("family_jewels", {"counters:marines.recovery_vehicle.load_mp": 3}),
    ("family_jewels", {"tables:nat.escalates_on": 2}),
    ("family_jewels", {"chits:event_chits[0].alpha_blue": 5}),
    ("great_migration", {"terrain:psychic_whip.ma_bonus": 0}),
    ("great_migration", {"tables:ant_gun.dice": 3, "tables:ant_gun.crash_total": 3,
                         "tables:nat.range": 0}),
    ("great_migration", {"scenarios:great_migration.hordes.queens_turn": 2}),
    ("great_migration", {"tables:hit_convention": "at_least"}),
    # values the data loader turns into typed fields at once: each still changes the game
    ("family_jewels", {"terrain:road.marine_cost": "1"}),
    ("family_jewels", {"terrain:road.vermite_cost": 2}),
    ("family_jewels", {"terrain:scent_trail.vermite_cost": 2}),
    ("family_jewels", {"terrain:flooded.cost": 3}),
    ("family_jewels", {"terrain:flooded.defensive": False}),
    ("family_jewels", {"terrain:types.bamboo.cost": 3}),
    ("family_jewels", {"counters:tunnel_exit_chits.dn": 1}),
    ("family_jewels", {"counters:vermites.drone.full.cf": 3}),
]


def _log_of(scenario: str, overrides=None) -> list[str]:
    """The messages of a seeded game with the heuristic Marines (who move Jewels and fire)."""
    game = new_game(scenario, seed=4, data_overrides=overrides, policies={
        "Marines": GAME.policies["heuristic"](), "Vermites": GAME.policies["random"]()})
    game.run_to_end()
    return [e.message for e in game.log]


@pytest.mark.parametrize("scenario,overrides", OVERRIDES)
def test_overriding_a_value_changes_what_the_game_does(scenario, overrides):
    assert _log_of(scenario, overrides) != _log_of(scenario)


@pytest.mark.rule("SV-JEWEL-02", "SV-JEWEL-06")
def test_overridden_jewel_numbers_change_what_a_carrier_does():
    from rules_lib.games.space_vermin.data import load_game_data
    from rules_lib.games.space_vermin.vermite_movement import move_group

    def soldier_in_a_jewel_hex(data):
        state = placed_state({"Soldier #1": 421}, "alpha", data, jewels={"421": 1},
                             direction_chit="Hive Mind")
        drive(move_group(state, Context(dice=ScriptedDice([]), data=data),
                         [state.unit("Soldier #1")]))
        return state.unit("Soldier #1").jewels

    assert soldier_in_a_jewel_hex(load_game_data()) == 1
    assert soldier_in_a_jewel_hex(load_game_data({"counters:crown_jewels.pickup_mp": 4})) == 0

    def carrier_attack_cf(data):
        state = placed_state({"Soldier #1": 412, "Squad 1": 413}, "alpha", data)
        state.unit("Soldier #1").jewels = 1
        events = drive(vermite_attack(state, Context(dice=ScriptedDice([1] * 9), data=data),
                                      ["Soldier #1"], "Squad 1"))
        return events[0].data["cf"]

    assert carrier_attack_cf(load_game_data()) == 6  # CF 4 + the Jewel's 2
    assert carrier_attack_cf(load_game_data({"counters:crown_jewels.bonus.cf": 0})) == 4

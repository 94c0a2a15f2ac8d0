"""The turn sequence (§C-2, §M), victory and instant ends (§N, §Q-1-d, §Q-2-f/g) and the Campaign
(§Q-3), played through the engine's Game runner."""

from __future__ import annotations

import pytest

from rules_lib.core.engine import Game, ScriptedPolicy
from rules_lib.games.space_vermin import GAME, new_game
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.scenarios import scenario_table, setup_great_migration
from rules_lib.games.space_vermin.state import effective_values
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack
from rules_lib.games.space_vermin.vermite_losses import eliminate_vermite
from rules_lib.games.space_vermin.vermite_movement import move_group
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.victory import (
    INSTANT_LOSS,
    ONLY_DRONES,
    WAITING_COUNT,
    battle_end,
    battle_outcome,
    escaped_vp,
    family_jewels_level,
    family_jewels_vp,
    jewels_left_on_map,
    level_by_vp,
    migration_vp,
)

from .sv_helpers import DATA, dice, run, table, texts
from .sv_turn_helpers import turn_table


def mid_game(placements, map_key="alpha", chits=("Quiet Night",), **fields):
    """A position at the start of a turn (set-up done) with these chits left in the cup."""
    state = turn_table(placements, "", map_key, event_cup=list(chits), **fields)
    state.phase = "Vermite Action"
    return state


def play_out(state, seed=0, answers=(), forced=()):
    game = Game(GAME.rules(), state, seed=seed, policies={"Marines": ScriptedPolicy(answers, then=None)
                                                   if answers else _Pass()})
    game.dice.force(*forced)
    game.run_to_end()
    return game


class _Pass:
    """Marines who end every action phase at once (the tests steer the Vermites)."""

    name = "pass"

    def choose(self, state, decision, rng):
        return decision.options[-1]


@pytest.mark.rule("SV-SEQ-02", "SV-SEQ-03", "SV-SEQ-06", "SV-END-01", "SV-END-02", "SV-SEQ-09")
def test_turn_phases_in_order_and_the_game_ends_when_the_cup_is_empty():
    state = mid_game({"Squad 1": 315, "High Queen": "Nest 1"}, chits=("Quiet Night", "Hive Mind"))
    game = play_out(state)
    marks = [(e.turn, e.message.split(": ")[-1]) for e in game.log if e.kind in ("phase", "step")]
    turn1 = [m for t, m in marks if t == 1]
    assert turn1 == ["Vermite Action Phase", "Event Chit Step", "Movement Step", "Combat Step",
                     "Reinforcement Step", "NAT Effect Phase", "Marine Action Phase",
                     "Marines Recovery Phase", "NAT Purging Phase",
                     "End Phase (1 Event Chit(s) left)"]
    assert game.state.turn == 2 and game.state.result == "Loss"  # no Jewel exited
    assert "spawns" in texts(game.log)  # Queens Spawn in Scenario 1


@pytest.mark.rule("SV-SEQ-01")
def test_a_full_game_lasts_13_or_14_turns_without_an_instant_end():
    normal_ends = 0
    for seed in range(4):
        game = new_game("family_jewels", seed=seed, keep_log=False)
        game.run_to_end()
        s = game.state
        if s.outcome_detail == "the Event Cup is empty":
            assert s.turn in (13, 14) and s.event_cup == []
            normal_ends += 1
        else:
            assert s.result.startswith("Instant") and s.turn <= 14
    assert normal_ends > 0  # at least one game reached the normal end


@pytest.mark.rule("SV-S1-20")
def test_fourth_jewel_off_the_west_edge_is_an_instant_victory():
    state = mid_game({"RV 1": 111, "Squad 1": 145}, jewels_exited=3, jewels_in_play=5,
                     nest_jewels={"1": 1})
    state.unit("RV 1").jewels = 1
    game = play_out(state, answers=["RV 1", "Full Move", "exit via 111"])
    assert game.state.result == "Instant Victory" and game.state.jewels_exited == 4
    assert game.log[-1].kind == "result" and "NAT Purging" not in texts(game.log[-3:])


@pytest.mark.rule("SV-END-03")
def test_no_marine_left_on_the_map_is_an_instant_loss_at_once():
    state = mid_game({"Squad 1": 315, "Soldier #1": 252, "Soldier #3": 252})
    game = play_out(state, forced=[6] * 7)  # CF 8 - 1 (Building): seven 6s, Squad eliminated
    assert game.state.result == "Instant Loss"
    assert "Reinforcement Step" not in texts(game.log)


@pytest.mark.rule("SV-S1-21", "SV-S1-22")
def test_family_jewels_levels_and_the_more_than_six_marines_lost_reduction():
    assert [family_jewels_level(DATA, j, 0) for j in (3, 2, 1, 0)] == [
        "Major", "Minor", "Draw", "Loss"]
    assert family_jewels_level(DATA, 3, 6) == "Major"
    assert family_jewels_level(DATA, 3, 7) == "Minor"
    assert family_jewels_level(DATA, 0, 9) == "Loss"
    state = mid_game({"Squad 1": 315}, jewels_exited=2, marines_lost=7)
    assert play_out(state).state.result == "Draw"


@pytest.mark.rule("SV-S2-18")
def test_migration_ends_at_once_when_only_drones_remain():
    state = mid_game({"Squad 1": 566, "Drone #4": 126, "Soldier #1": 656}, "beta",
                     chits=("Tunnel Rumble", "Quiet Night"), scenario="great_migration")
    state.marines_entered = True
    game = play_out(state, forced=[1, 1, 2, 6])  # chit 1 (beta arrow 2: NE off the east edge)
    assert game.state.unit("Soldier #1").status == "escaped"
    assert game.state.outcome_detail == "only Drones remain"
    assert game.state.turn == 1


@pytest.mark.rule("SV-S2-21", "SV-S2-25")
def test_warriors_killed_by_marine_fire_go_to_the_eliminated_pile():
    state = turn_table({"Squad 1": 512, "Soldier #1": 513}, "Quiet Night", "beta",
                       scenario="great_migration")
    run(resolve_fire(state, dice(6, 6, 6, 6, 6, 6), "Squad 1", "Soldier #1"))
    assert state.unit("Soldier #1").status == "eliminated"
    assert migration_vp(DATA, state) == 2


@pytest.mark.rule("SV-S2-24")
def test_drones_and_event_victims_go_back_to_the_cup_kitten_victims_leave_the_game():
    state = turn_table({"Drone #4": 513, "Soldier #1": 514, "Drone #8": 515}, "Quiet Night",
                       "beta", scenario="great_migration")
    run(eliminate_vermite(state, dice(), state.unit("Drone #4"), cause="marine_combat"))
    run(eliminate_vermite(state, dice(), state.unit("Soldier #1"), cause="event"))
    run(eliminate_vermite(state, dice(), state.unit("Drone #8"), cause="kitten"))
    assert [state.unit(u).status for u in ("Drone #4", "Soldier #1", "Drone #8")] == [
        "cup", "cup", "removed"]


@pytest.mark.rule("SV-S2-22", "SV-S2-23", "SV-S2-26", "SV-S2-27", "SV-S2-28")
def test_migration_vp_escapes_and_marine_losses_and_levels():
    state = turn_table({}, "Quiet Night", "beta", scenario="great_migration", marines_lost=2)
    for uid in ("High Queen", "Sister Queen", "Child Queen", "Soldier #1", "Ultra-Mite #2"):
        state.unit(uid).status = "escaped"
    for uid in ("Soldier #3", "Soldier #5"):
        state.unit(uid).status = "eliminated"
    assert migration_vp(DATA, state) == 2 * 2 - (4 + 3 + 2 + 1 + 1) - 2
    levels = scenario_table(DATA, "great_migration")["levels"]
    assert [level_by_vp(levels, v) for v in (40, 39, 35, 34, 30, 29, 25, 24)] == [
        "Decisive", "Major", "Major", "Minor", "Minor", "Draw", "Draw", "Loss"]


@pytest.mark.rule("SV-CAMP-02", "SV-CAMP-03")
def test_campaign_battle_1_scores_10_per_jewel_minus_losses_and_counts_jewels_left():
    state = turn_table({"Soldier #1": 362, "RV 1": 355}, "Quiet Night", jewels={"421": 1},
                       jewels_exited=2, marines_lost=3)
    state.unit("Soldier #1").jewels = 1
    state.unit("RV 1").jewels = 1
    assert family_jewels_vp(DATA, state) == 17
    assert jewels_left_on_map(state) == 3  # lying, on a Vermite carrier and on an RV (SV-AMB-21)


@pytest.mark.rule("SV-CAMP-04")
def test_campaign_battle_2_jewels_go_to_queens_high_sister_child_high_dn_capped():
    state = turn_table({}, "Quiet Night", "beta", scenario="campaign", campaign_stage=2)
    run(setup_great_migration(state, dice(*([1] * 6)), queen_jewels=4))
    assert [state.unit(q).jewels for q in ("High Queen", "Sister Queen", "Child Queen")] == [2, 1, 1]
    high = effective_values(DATA, state.unit("High Queen"))
    assert high.cf == 6 + 4 and high.dn == 5  # +2 CF each; DN 4 + 2 capped at 5


@pytest.mark.rule("SV-CAMP-05")
def test_campaign_dropped_jewel_is_picked_up_by_a_queen_for_1_mp():
    state = turn_table({"Sister Queen": 511}, "Fog Bank", "beta", campaign_stage=2,
                       jewels={"512": 1}, jewels_in_play=1)
    run(move_group(state, dice(), [state.unit("Sister Queen")]))
    q = state.unit("Sister Queen")
    assert q.hex == "512" and q.jewels == 0  # stops in the Jewel hex
    events = run(move_group(state, dice(), [q]))
    assert q.jewels == 1 and "picks up a Crown Jewel in 512 (1 MP)" in texts(events)


@pytest.mark.rule("SV-CAMP-01", "SV-CAMP-06", "SV-CAMP-07")
def test_campaign_plays_both_battles_and_adds_their_vp():
    game = new_game("campaign", seed=3, keep_log=True)
    game.run_to_end()
    s = game.state
    log = texts(game.log)
    assert log.index("Campaign battle 1 over") < log.index("Campaign battle 2: The Great Migration")
    assert s.map == "beta" and s.campaign_stage == 2
    assert s.vp == s.campaign_vp_1 + migration_vp(DATA, s)
    assert s.result == level_by_vp(scenario_table(DATA, "campaign")["levels"], s.vp)
    levels = scenario_table(DATA, "campaign")["levels"]
    assert [level_by_vp(levels, v) for v in (75, 74, 60, 59, 45, 44, 30, 29)] == [
        "Decisive", "Major", "Major", "Minor", "Minor", "Draw", "Draw", "Loss"]


@pytest.mark.rule("SV-S2-23", "SV-S2-26", "SV-VATK-11")
def test_a_marine_eliminated_in_the_migration_joins_the_eliminated_marines_and_costs_a_vp():
    """Eliminated Marines go into their own pile (§Q-2-f): counted there, each -1 VP (§Q-2-g)."""
    state = turn_table({"Squad 1": 333, "Soldier #1": 334, "Soldier #3": 334}, "Quiet Night",
                       "beta", scenario="great_migration")
    before = migration_vp(DATA, state)
    run(vermite_attack(state, dice(*[6] * 8), ["Soldier #1", "Soldier #3"], "Squad 1"))
    assert state.unit("Squad 1").status == "eliminated" and state.marines_lost == 1
    assert migration_vp(DATA, state) == before - 1


# -- how a battle ends and what its end scores (victory.py, driven directly) ----------------------


def migration_table(placements, **fields):
    """Scenario 2 after Turn 1's Marine Action Phase: the no-Marines loss counts (SV-AMB-09)."""
    state = turn_table(placements, "Quiet Night", "beta", scenario="great_migration", **fields)
    state.marines_entered = True
    return state


def eliminate(state, *uids):
    for uid in uids:
        state.unit(uid).status, state.unit(uid).hex = "eliminated", None


@pytest.mark.rule("SV-S2-18", "SV-S2-28")
def test_a_migration_ended_by_only_drones_is_scored_by_its_net_vp():
    """Only Drones left ends the battle (§Q-2-f), and it is scored like any end: by net VP."""
    state = migration_table({"Squad 1": 566, "Drone #4": 126})
    eliminate(state, "High Queen", "Sister Queen",
              *[u.id for u in state.units if u.type in ("soldier", "ultra_mite")])  # 20 units
    assert battle_end(DATA, state) == ONLY_DRONES
    assert migration_vp(DATA, state) == 40
    assert battle_outcome(DATA, state, ONLY_DRONES) == "Decisive"


@pytest.mark.rule("SV-END-03", "SV-AMB-09")
def test_a_migration_with_no_marine_left_on_the_map_is_an_instant_loss_whatever_its_vp():
    state = migration_table({"Soldier #1": 126})
    eliminate(state, "High Queen", "Sister Queen", "Child Queen",
              *[u.id for u in state.units if u.type in ("soldier", "ultra_mite")
                and u.id != "Soldier #1"])  # 20 units
    assert migration_vp(DATA, state) == 40  # a Decisive score, were it scored
    assert battle_end(DATA, state) == INSTANT_LOSS
    assert battle_outcome(DATA, state, INSTANT_LOSS) == INSTANT_LOSS


@pytest.mark.rule("SV-AMB-09", "SV-END-03")
def test_default_reading_a_marine_still_due_does_not_save_the_migration_from_instant_loss():
    """Default reading of SV-AMB-09: once the Marines have entered, the map is clear of Marines
    when none is on it, even with a Recovery Vehicle due on the turn track."""
    state = migration_table({"Soldier #1": 126})
    rv = state.unit("RV 1")
    rv.status, rv.arrival_turn = "turn_track", 3
    assert battle_end(DATA, state) == INSTANT_LOSS


@pytest.mark.rule("SV-AMB-09", "SV-END-03")
@pytest.mark.parametrize("status", ["off_map", "turn_track"])
def test_variant_a_marine_due_to_enter_keeps_the_battle_going(status):
    """SV-AMB-09's other reading: a Marine off the map waiting to enter, or on the turn track,
    keeps the map from counting as clear of Marines."""
    state = migration_table({"Soldier #1": 126}, variants=[WAITING_COUNT])
    state.unit("Squad 1").status = status
    assert battle_end(DATA, state) is None


@pytest.mark.rule("SV-AMB-09", "SV-END-03")
def test_variant_with_no_marine_on_the_map_and_none_due_the_loss_comes_even_before_entry():
    """SV-AMB-09's other reading counts from the start: lost or never-to-come Marines (in the
    pool, eliminated) do not keep the battle going, entered or not."""
    state = migration_table({"Soldier #1": 126}, variants=[WAITING_COUNT])
    state.marines_entered = False
    eliminate(state, "Squad 1", "HQ 1")
    assert battle_end(DATA, state) == INSTANT_LOSS


@pytest.mark.rule("SV-END-03")
def test_the_marines_are_looked_for_by_side_whatever_order_the_counters_are_listed_in():
    """A saved position may list its counters in any order: a Vermite listed first, on the map,
    is no Marine on the map (§N)."""
    state = table({"Soldier #1": 131, "Drone #4": 232}, jewels={"421": 1})
    soldier = state.unit("Soldier #1")
    state.units.remove(soldier)
    state.units.insert(0, soldier)
    assert battle_end(DATA, state) == INSTANT_LOSS
    state.unit("Squad 2").status, state.unit("Squad 2").hex = "map", "315"
    assert battle_end(DATA, state) is None


@pytest.mark.rule("SV-S2-26")
def test_a_vermite_type_the_escaped_table_leaves_out_costs_no_vp_when_it_escapes():
    """A designer's Great Migration may name only some types in the Escaped table (§Q-2-g): a
    type it leaves out costs nothing."""
    data = load_game_data({"scenarios:great_migration.vp.escaped": {"high_queen": -4}})
    state = turn_table({}, "Quiet Night", "beta", scenario="great_migration")
    state.unit("High Queen").status = "escaped"
    state.unit("Soldier #1").status = "escaped"
    assert escaped_vp(data, state) == -4

"""The sequence of play event by event (turn.py): each round's event, each step's citation, who
takes a turn, how the game ends (everybody out of play, or the round cap) and the result's words.
"""

from __future__ import annotations

import pytest

from rules_lib.core.engine import FirstOptionPolicy
from rules_lib.games.zombies_giants import GAME, new_game
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants.turn import (
    RULE_TURN,
    RULE_WIN,
    STEP_IDS,
    STEP_RULES,
    finish_if_over,
)

from .test_zombies_zombie_turn import wounded_then_turn_ends
from .zg_helpers import make_state

RANDOM = {p: "random" for p in GAME.players}


def capped(rounds: int, scenario: str = "team", seed: int = 1):
    """A seeded game of random play cut off after ``rounds`` rounds (rules.game.max_turns)."""
    return new_game(scenario, seed=seed, policies=RANDOM,
                    data_overrides={"rules.game.max_turns": rounds})


def ended(statuses: tuple[str, ...]):
    """A table whose Survivors have each ended as given (escaped, dead, survived)."""
    st = make_state(("Normal",) * len(statuses))
    for s, status in zip(st.survivors, statuses):
        s.status = status
    return st


# -- rounds --------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-TURN-01")
def test_each_round_opens_with_its_own_numbered_turn_event():
    g = capped(3)
    g.run_to_end()
    rounds = [e for e in g.log if e.rule == RULE_TURN]
    assert [e.message for e in rounds] == ["Round 1", "Round 2", "Round 3"]
    assert all(e.kind == "turn" and e.ids == ("ZGC-TURN-01",) for e in rounds)


@pytest.mark.rule("ZGC-TURN-01")
def test_rounds_begin_after_game_start_with_no_step_under_way():
    g = capped(2, seed=2)
    seen = []
    while not g.finished:
        e = g.step_event()
        if e is not None and e.rule == RULE_TURN:
            seen.append((e.message, g.state.phase, g.state.step))
    assert seen[0] == ("Round 1", "Round", "")
    assert seen[1][0] == "Round 2" and seen[1][2] == ""


@pytest.mark.rule("ZGC-TURN-01")
def test_the_round_cap_ends_the_game_out_of_time_after_that_many_rounds():
    g = capped(2)
    g.run_to_end()
    last = g.log[-1]
    assert g.state.result == "out of time" and g.state.turn == 2
    assert last.kind == "result" and last.data == {"values": ["rules:game.max_turns"]}
    assert last.assumed == P.ROUND_LIMIT


@pytest.mark.rule("ZGC-TURN-01")
def test_each_step_event_cites_its_step():
    g = new_game("normal", seed=3, policies={"Survivor 1": FirstOptionPolicy()})
    g.next_phase()
    g.next_phase()  # through the first Survivor's turn
    steps = [e for e in g.log if e.kind == "step"][:5]
    assert [(e.rule, e.ids) for e in steps] == [(STEP_RULES[e.message], STEP_IDS[e.message])
                                                for e in steps]
    assert steps[0].ids == ("ZGC-TURN-01", "ZGC-TILE-01")


@pytest.mark.rule("ZGC-TURN-01")
def test_a_survivor_out_of_play_is_passed_over_and_the_next_takes_its_turn():
    g = capped(1)
    while not any(e.rule == RULE_TURN for e in g.log):
        g.step_event()
    g.state.survivors[0].status = "escaped"  # out of play before its turn in round 1
    g.run_to_end()
    turns = [e.message for e in g.log if e.kind == "phase"]
    assert not any(m.startswith("Survivor 1's turn") for m in turns)
    assert any(m.startswith("Survivor 2's turn") for m in turns)


# -- the end -------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-WIN-01", "ZGC-WIN-03")
def test_the_game_ends_with_a_result_event_once_nobody_is_left_in_play():
    for seed in range(10):
        g = new_game("normal", seed=seed, policies=RANDOM)
        g.run_to_end()
        if g.state.result != "out of time":
            break
    last = g.log[-1]
    assert g.state.result == "died"
    assert last.message == "The game ends: died" and last.kind == "result"
    assert last.rule == RULE_WIN and last.ids == ("ZGC-WIN-01", "ZGC-WIN-03")


@pytest.mark.rule("ZGC-WIN-01", "ZGC-WIN-03")
@pytest.mark.parametrize("statuses, result", [
    (("escaped",), "escaped"),
    (("dead", "dead"), "died"),
    (("survived",), "25 kills"),
    (("escaped", "dead"), "mixed: Survivor 1 escaped, Survivor 2 died"),
])
def test_the_result_names_how_the_survivors_ended(statuses, result):
    st = ended(statuses)
    assert finish_if_over(st) and st.result == result


@pytest.mark.rule("ZGC-WIN-01")
def test_the_game_goes_on_while_anyone_is_in_play():
    st = ended(("dead", "active"))
    assert not finish_if_over(st) and st.result is None


# -- each Survivor's turn ------------------------------------------------------------------------


@pytest.mark.rule("ZGC-TURN-01")
def test_a_turn_opens_with_its_phase_event_and_no_card_changes_left_over():
    g = capped(2)
    seen = []
    while not g.finished:
        e = g.step_event()
        if e is not None and e.rule == RULE_TURN and e.message == "Round 2":
            # what cards of the last turn might leave behind
            g.state.move_bonus, g.state.move_divisor, g.state.hand_freed = 2, 2, True
        if e is not None and e.kind == "phase" and g.state.turn == 2:
            seen.append((e, g.state.step, g.state.move_bonus, g.state.move_divisor,
                         g.state.hand_freed))
    event, step, bonus, divisor, freed = seen[0]
    assert event.rule == f"{RULE_TURN} (Steps 1-5)" and event.ids == ("ZGC-TURN-01",)
    assert (step, bonus, divisor, freed) == ("", 0, 1, False)


@pytest.mark.rule("ZGC-TURN-01")
def test_every_turn_a_survivor_ends_in_play_is_counted():
    g = capped(3)
    g.run_to_end()
    assert [s.turns_survived for s in g.state.survivors if s.in_play] == [3, 3]


@pytest.mark.rule("ZGC-ZCOMB-02")
def test_the_recovery_at_the_end_of_a_turn_is_an_info_event_citing_zombies_and_combat():
    log, _at_step5, _after = wounded_then_turn_ends()
    healed = next(e for e in log if "recover all their HP" in e.message)
    assert healed.kind == "info"
    assert healed.rule == "Zombies!!! Giants-Club: Zombies and Combat (not defeated by the end of " \
                          "the turn)"

"""One Game Turn (§C-2): its phases in order, each header logged while the state is in that phase,
the rule and catalogue IDs each cites, and why the battle ends when the Event Cup is empty (§M)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import SeededDice
from rules_lib.core.engine import Context, Decision
from rules_lib.games.space_vermin.turn import game_turn

from .sv_helpers import DATA
from .test_sv_victory import mid_game


def one_turn(state):
    """Play one Game Turn, Marines passing: (turn and phase headers with the phase and step the
    state is in when each is logged, as records, and what the turn returns)."""
    proc = game_turn(state, Context(dice=SeededDice(0), data=DATA))
    seen, answer = [], None
    while True:
        try:
            item = proc.send(answer)
        except StopIteration as done:
            return seen, done.value
        answer = item.options[-1] if isinstance(item, Decision) else None
        if not isinstance(item, Decision) and item.kind in ("turn", "phase"):
            seen.append((item.message, item.rule, item.kind, item.ids, state.phase, state.step))


@pytest.mark.rule("SV-SEQ-01", "SV-SEQ-02", "SV-SEQ-09", "SV-END-01")
def test_a_game_turn_runs_its_six_phases_in_order_and_ends_the_battle_on_an_empty_cup():
    state = mid_game({"Squad 1": 315}, chits=("Quiet Night",))
    seen, reason = one_turn(state)
    assert seen == [
        ("Turn 1", "Space Vermin §C-2", "turn", ("SV-SEQ-01", "SV-SEQ-02"), "Vermite Action", ""),
        ("Turn 1: Vermite Action Phase", "Space Vermin §C-2-a", "phase", ("SV-SEQ-02", "SV-SEQ-03"),
         "Vermite Action", ""),
        ("Turn 1: NAT Effect Phase", "Space Vermin §H", "phase", ("SV-SEQ-02",), "NAT Effect", ""),
        ("Turn 1: Marine Action Phase", "Space Vermin §C-2-c", "phase", ("SV-SEQ-02", "SV-SEQ-07"),
         "Marine Action", ""),
        ("Turn 1: Marines Recovery Phase", "Space Vermin §K", "phase", ("SV-SEQ-02",),
         "Marines Recovery", ""),
        ("Turn 1: NAT Purging Phase", "Space Vermin §L", "phase", ("SV-SEQ-02",), "NAT Purging", ""),
        ("Turn 1: End Phase (0 Event Chit(s) left)", "Space Vermin §M", "phase",
         ("SV-SEQ-02", "SV-SEQ-09", "SV-END-01"), "End", ""),
    ]
    assert reason == "the Event Cup is empty"


@pytest.mark.rule("SV-SEQ-09", "SV-END-01")
def test_a_turn_with_chits_left_in_the_cup_lets_the_battle_go_on():
    state = mid_game({"Squad 1": 315}, chits=("Quiet Night", "Fog Bank"))
    seen, reason = one_turn(state)
    assert seen[-1][0] == "Turn 1: End Phase (1 Event Chit(s) left)" and reason is None
    assert (state.phase, state.marines_entered) == ("End", True)


@pytest.mark.rule("SV-AMB-09", "SV-END-03")
def test_a_migration_with_no_marine_entered_by_the_end_of_the_marine_action_phase_is_lost():
    state = mid_game({"Soldier #1": 511}, "beta", scenario="great_migration",
                     chits=("Quiet Night", "Fog Bank"), marines_entered=False)
    seen, reason = one_turn(state)
    assert [s[0] for s in seen] == ["Turn 1", "Turn 1: Vermite Action Phase",
                                    "Turn 1: NAT Effect Phase", "Turn 1: Marine Action Phase"]
    assert (reason, state.marines_entered) == ("Instant Loss", True)

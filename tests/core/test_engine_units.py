"""The engine piece by piece: each test checks one behaviour with exact, hand-derived values.

The toy procedures here are built so that nothing but the behaviour under test gives the asserted
result (a random policy's choices differ from the first option's, a reseeded stream differs from
the game's own, a log with no events still has its columns).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pandas as pd
import pytest

from rules_lib.core.dice import ScriptedDice, SeededDice
from rules_lib.core.engine import (
    LOG_COLUMNS,
    CountingDice,
    Decision,
    Event,
    FirstOptionPolicy,
    Game,
    GameRecord,
    GameState,
    IllegalChoice,
    PersonPolicy,
    RandomPolicy,
    ReseedingDice,
    Rules,
    ScriptedPolicy,
    Variant,
    _describe_structure_error,
    describe_variants,
    drive,
)

OPTIONS = list(range(20))


def seeded_faces(seed: int, n: int, sides: int = 6) -> tuple[int, ...]:
    """Oracle: the faces SeededDice(seed) rolls, one at a time."""
    dice = SeededDice(seed)
    return tuple(dice.roll(sides) for _ in range(n))


def random_picks(seed: Any, n: int, options: list[Any] = OPTIONS) -> list[Any]:
    """Oracle: what RandomPolicy picks n times with random.Random(seed)."""
    rng = random.Random(seed)
    return [options[rng.randrange(len(options))] for _ in range(n)]


# --------------------------------------------------------------------------------------------------
# Toy games
# --------------------------------------------------------------------------------------------------


@dataclass
class PickState(GameState):
    picks: list[Any] = field(default_factory=list)
    rolls: list[int] = field(default_factory=list)


def picking(state: PickState, ctx):
    """Six times: roll a d6, then Red picks one of 20 options. No phases, steps or turns."""
    for i in range(6):
        state.rolls.append(ctx.dice.roll(6, f"roll {i}"))
        yield Event(f"roll {state.rolls[-1]}", rule="Pick §1", kind="roll")
        state.picks.append((yield Decision("Red", "pick", "Pick one", OPTIONS, rule="Pick §2")))
    state.result = "done"
    yield Event("done", rule="Pick §3", kind="result")


PICK = Rules("pick", PickState, picking, players=("Red",))


def new_pick(seed: int = 1, **kwargs: Any) -> Game:
    return Game(PICK, PickState(game="pick"), seed=seed, **kwargs)


KINDS = ["info", "step", "info", "phase", "info", "turn", "info", "info"]


def kinds_procedure(state: GameState, ctx):
    """One event of each kind in KINDS, in order, numbered by their message."""
    for i, kind in enumerate(KINDS):
        yield Event(str(i), kind=kind)


KINDS_RULES = Rules("kinds", GameState, kinds_procedure)


def messages(events: list[Event]) -> list[str]:
    return [e.message for e in events]


# --------------------------------------------------------------------------------------------------
# State errors
# --------------------------------------------------------------------------------------------------


def _noted(exc: BaseException, *notes: str) -> BaseException:
    for note in notes:
        exc.add_note(note)
    return exc


def test_a_structure_error_without_notes_is_its_text() -> None:
    assert _describe_structure_error(ValueError("bad value")) == "bad value"


def test_a_structure_error_without_text_is_named_by_its_type() -> None:
    assert _describe_structure_error(ValueError()) == "ValueError"


def test_a_structure_errors_notes_come_before_its_text() -> None:
    exc = _noted(ValueError("bad value"), "Structuring class S", "field x")
    assert _describe_structure_error(exc) == "Structuring class S; field x -> bad value"


def test_a_structure_error_group_lists_each_part_with_its_notes() -> None:
    group = ExceptionGroup("while structuring S", [
        _noted(TypeError("not an int"), "Structuring class S @ attribute x", "here"),
        KeyError("y"),
    ])
    assert _describe_structure_error(group) == \
        "Structuring class S @ attribute x; here -> not an int; 'y'"


def test_a_bad_state_names_each_place_of_each_problem_once() -> None:
    from rules_lib.core.engine import StateError

    with pytest.raises(StateError) as err:
        PickState.from_data({"game": "pick", "turn": "x", "rolls": [1, "b"]})
    assert str(err.value) == (
        "PickState: Structuring class PickState @ attribute turn -> "
        "invalid literal for int() with base 10: 'x'; "
        "Structuring class PickState @ attribute rolls -> Structuring list[int] @ index 1 -> "
        "invalid literal for int() with base 10: 'b'")


def test_a_bad_state_names_the_class_the_field_and_the_problem() -> None:
    from rules_lib.core.engine import StateError

    with pytest.raises(StateError) as err:
        PickState.from_data({"game": "pick", "turn": "third"})
    text = str(err.value)
    assert text.startswith("PickState: ") and "turn" in text and "third" in text


# --------------------------------------------------------------------------------------------------
# Events, state copies, variants
# --------------------------------------------------------------------------------------------------


def test_an_event_row_has_every_log_column_in_order() -> None:
    event = Event("m", rule="§1", kind="move", turn=2, phase="P", step="S", index=7,
                  ids=("A-1", "B-2"), assumed="why")
    row = event.as_row()
    assert row == {"index": 7, "turn": 2, "phase": "P", "step": "S", "kind": "move",
                   "message": "m", "rule": "§1", "ids": "A-1 B-2", "assumed": "why"}
    assert tuple(row) == LOG_COLUMNS


def test_a_state_copy_is_equal_and_independent() -> None:
    state = PickState(game="pick", picks=[[1, 2]], variants=["v"])
    copied = state.copy()
    assert copied == state and copied is not state
    copied.picks[0].append(3)
    copied.variants.append("w")
    assert state.picks == [[1, 2]] and state.variants == ["v"]


def test_no_variants_are_described_as_such() -> None:
    assert describe_variants([]) == "no rule variants"


def test_a_variant_without_catalogue_ids_is_listed_without_brackets() -> None:
    assert describe_variants([Variant("house", "A house rule", rule="§5")]) == \
        "§5\n  house: A house rule"


def test_a_variants_catalogue_ids_are_listed_comma_separated() -> None:
    v = Variant("v", "Other reading", rule="§J (SV-AMB-01, SV-AMB-02)")
    assert describe_variants([v]) == "§J\n  v [SV-AMB-01, SV-AMB-02]: Other reading"


# --------------------------------------------------------------------------------------------------
# Policies and drive
# --------------------------------------------------------------------------------------------------


class RecordingPolicy:
    """Answers with the first option and remembers what it was handed."""

    name = "recording"

    def __init__(self) -> None:
        self.calls: list[tuple[Any, Decision, Any]] = []

    def choose(self, state, decision, rng):
        self.calls.append((state, decision, rng))
        return decision.options[0]


def asking(times: int = 5, received: list[Any] | None = None):
    """Asks Red ``times`` times; every value sent back for an Event goes into ``received``."""
    got = []
    for i in range(times):
        got.append((yield Decision("Red", f"pick{i}", "Pick one", OPTIONS, rule="§9",
                                   ids=("X-1",), assumed="invented")))
        back = yield Event(f"picked {got[-1]}")
        if received is not None:
            received.append(back)
    yield Event("done", data={"got": got})


def test_scripted_answers_are_given_in_order() -> None:
    policy = ScriptedPolicy(["a", "b", "c"])
    decision = Decision("Red", "k", "?", ["a", "b", "c"])
    rng = random.Random(0)
    assert [policy.choose(GameState(), decision, rng) for _ in range(3)] == ["a", "b", "c"]


def test_scripted_answers_run_out_into_the_next_policy_with_the_same_state_and_rng() -> None:
    then = RecordingPolicy()
    policy = ScriptedPolicy(["b"], then=then)
    decision, state, rng = Decision("Red", "k", "?", ["a", "b"]), GameState(turn=4), random.Random(0)
    assert policy.choose(state, decision, rng) == "b"
    assert policy.choose(state, decision, rng) == "a"
    assert then.calls == [(state, decision, rng)]


def test_scripted_answers_running_out_name_the_decision() -> None:
    policy = ScriptedPolicy([])
    with pytest.raises(IllegalChoice) as err:
        policy.choose(GameState(), Decision("Red", "retreat", "Retreat where?", ["x"]), None)
    assert str(err.value) == "scripted answers ran out at decision 'retreat': Retreat where?"


def test_drive_sends_answers_back_and_nothing_for_events() -> None:
    received: list[Any] = []
    events = drive(asking(3, received), answers=[4, 5, 6])
    assert events[-1].data == {"got": [4, 5, 6]}
    assert received == [None, None, None]


def test_drive_logs_each_answer_as_a_decision_event() -> None:
    events = drive(asking(1), answers=[7])
    assert events[0] == Event("Red chooses 7: Pick one", rule="§9", kind="decision",
                              data={"decision": "pick0", "choice": 7}, ids=("X-1",),
                              assumed="invented")


def test_drive_gives_the_policy_a_seed_zero_rng_by_default() -> None:
    events = drive(asking(5), policy=RandomPolicy())
    assert events[-1].data["got"] == random_picks(0, 5)


def test_drive_gives_the_policy_the_rng_it_is_handed() -> None:
    events = drive(asking(5), policy=RandomPolicy(), rng=random.Random(42))
    assert events[-1].data["got"] == random_picks(42, 5)


def test_drive_hands_the_policy_the_given_state_or_a_fresh_one() -> None:
    policy, state = RecordingPolicy(), PickState(turn=9)
    drive(asking(1), policy=policy, state=state)
    assert policy.calls[0][0] is state
    policy = RecordingPolicy()
    drive(asking(1), policy=policy)
    assert type(policy.calls[0][0]) is GameState and policy.calls[0][0] == GameState()


# --------------------------------------------------------------------------------------------------
# Stepping
# --------------------------------------------------------------------------------------------------


def test_next_step_ends_after_the_next_step_phase_or_turn_event() -> None:
    game = Game(KINDS_RULES, GameState())
    assert messages(game.next_step()) == ["0", "1"]  # ... step
    assert messages(game.next_step()) == ["2", "3"]  # ... phase
    assert messages(game.next_step()) == ["4", "5"]  # ... turn
    assert messages(game.next_step()) == ["6", "7"]  # the end
    assert game.next_step() == []


def test_next_phase_ends_after_the_next_phase_or_turn_event() -> None:
    game = Game(KINDS_RULES, GameState())
    assert messages(game.next_phase()) == ["0", "1", "2", "3"]  # a step does not end a phase
    assert messages(game.next_phase()) == ["4", "5"]  # a turn does
    assert messages(game.next_phase()) == ["6", "7"]
    assert game.next_phase() == []


def test_next_turn_ends_only_after_a_turn_event() -> None:
    game = Game(KINDS_RULES, GameState())
    assert messages(game.next_turn()) == ["0", "1", "2", "3", "4", "5"]
    assert messages(game.next_turn()) == ["6", "7"]
    assert game.next_turn() == []


def test_answer_without_a_pending_decision_is_refused() -> None:
    with pytest.raises(IllegalChoice) as err:
        new_pick().answer(3)
    assert str(err.value) == "no decision is pending"


def test_a_games_decision_event_names_the_player_choice_and_prompt() -> None:
    game = new_pick(policies={"Red": ScriptedPolicy([11])})
    game.step_event()
    event = game.step_event()
    assert event.message == "Red chooses 11: Pick one"
    assert (event.kind, event.rule, event.data) == ("decision", "Pick §2",
                                                    {"decision": "pick", "choice": 11})


def test_an_empty_log_still_has_its_columns() -> None:
    frame = new_pick().log_frame()
    assert list(frame.columns) == list(LOG_COLUMNS) and len(frame) == 0


def test_the_log_frame_has_one_row_per_event() -> None:
    game = new_pick(policies={"Red": FirstOptionPolicy()})
    game.step_event(), game.step_event()
    expected = pd.DataFrame([e.as_row() for e in game.log], columns=list(LOG_COLUMNS))
    pd.testing.assert_frame_equal(game.log_frame(), expected)
    assert game.log_frame()["kind"].tolist() == ["roll", "decision"]


# --------------------------------------------------------------------------------------------------
# Counting and reseeding dice
# --------------------------------------------------------------------------------------------------


def test_counting_dice_roll_many_defaults_to_d6_and_no_purpose() -> None:
    dice = CountingDice(3)
    assert dice.roll_many(8) == seeded_faces(3, 8)
    assert dice.log == [("", 6, f) for f in seeded_faces(3, 8)]


def test_counting_dice_count_rolls_across_roll_and_roll_many() -> None:
    dice = CountingDice(3)
    dice.roll()
    dice.roll_many(3)
    assert dice.rolls == 4
    dice.roll_many(2, 10)
    assert dice.rolls == 6


def test_counting_dice_roll_many_uses_faces_forced_by_roll_number() -> None:
    dice = CountingDice(3, forced={1: 5, 2: 1})
    plain = seeded_faces(3, 4)
    assert dice.roll_many(4, 6, "volley") == (plain[0], 5, 1, plain[3])
    assert dice.log[1] == ("volley", 6, 5) and dice.rolls == 4


def test_counting_dice_roll_many_uses_queued_faces_first() -> None:
    dice = CountingDice(3)
    dice.force(2, 6)
    plain = seeded_faces(3, 3)
    assert dice.roll_many(3, 6, "volley") == (2, 6, plain[2])
    assert dice.forced == {0: 2, 1: 6} and dice.queued == ()


def test_counting_dice_roll_many_of_a_numpy_size_is_the_same_stream() -> None:
    import numpy as np

    assert CountingDice(3).roll_many(5, np.int64(6), "np") == seeded_faces(3, 5)


def test_counting_dice_roll_many_refuses_a_die_without_sides() -> None:
    with pytest.raises(ValueError):
        CountingDice(3).roll_many(2, 0)


def test_reseeding_dice_switch_streams_inside_a_roll_many() -> None:
    dice = ReseedingDice(1, reseeds=[[2, 9]])
    faces = dice.roll_many(4, 10, "volley")
    assert faces == seeded_faces(1, 2, 10) + seeded_faces(9, 2, 10)
    assert dice.log == [("volley", 10, f) for f in faces] and dice.rolls == 4


def test_reseeding_dice_roll_many_before_the_switch_is_the_first_stream() -> None:
    dice = ReseedingDice(1, reseeds=[[5, 9]])
    assert dice.roll_many(4, 10, "volley") == seeded_faces(1, 4, 10)
    assert dice.log == [("volley", 10, f) for f in seeded_faces(1, 4, 10)]
    assert dice.roll_many(2) == seeded_faces(1, 5)[4:] + seeded_faces(9, 1)


def test_reseeding_dice_without_switches_is_the_seed_stream() -> None:
    assert ReseedingDice(1).roll_many(5) == seeded_faces(1, 5)


def test_reseeding_dice_single_rolls_default_to_d6_and_switch_on_time() -> None:
    dice = ReseedingDice(1, reseeds=[[2, 9]])
    faces = tuple(dice.roll() for _ in range(4))
    assert faces == seeded_faces(1, 2) + seeded_faces(9, 2)
    assert dice.log == [("", 6, f) for f in faces]
    dice.roll(6, "named")
    assert dice.log[-1][0] == "named"


def test_reseeding_dice_keep_forced_faces_and_may_keep_no_log() -> None:
    dice = ReseedingDice(1, {0: 4}, keep_log=False, reseeds=[[2, 9]])
    assert dice.roll() == 4 and dice.log == []
    assert ReseedingDice(1, reseeds=[[2, 9]]).keep_log is True


# --------------------------------------------------------------------------------------------------
# Records, reseeds, forks, replays
# --------------------------------------------------------------------------------------------------


def test_a_forked_record_adds_the_answer_and_the_reseed_and_copies_the_rest() -> None:
    record = GameRecord("duel", {"a": 1}, 3, ["v1"], ["yes"], {2: 5}, [[1, 7]])
    forked = record.forked(4, 11, "no")
    assert forked == GameRecord("duel", {"a": 1}, 3, ["v1"], ["yes", "no"], {2: 5},
                                [[1, 7], [4, 11]])
    forked.variants.append("v2"), forked.forced_faces.update({9: 1}), forked.reseeds[0].append(0)
    assert record == GameRecord("duel", {"a": 1}, 3, ["v1"], ["yes"], {2: 5}, [[1, 7]])


def test_a_forked_record_without_an_answer_keeps_the_decisions() -> None:
    record = GameRecord("duel", {}, 3, [], ["yes"])
    assert record.forked(0, 11).decisions == ["yes"]


def test_after_a_reseed_a_random_policy_draws_from_the_new_seeds_stream() -> None:
    game = new_pick(policies={"Red": RandomPolicy()})
    game.reseed(77)
    game.run_to_end()
    assert game.state.picks == random_picks("policy-77", 6)
    assert game.state.rolls == list(seeded_faces(77, 6))
    assert game.reseeds == [[0, 77]]


def test_dice_that_cannot_be_reseeded_are_refused_by_name() -> None:
    game = new_pick(dice=ScriptedDice([1, 2]))
    with pytest.raises(TypeError) as err:
        game.reseed(5)
    assert str(err.value) == "ScriptedDice cannot be reseeded"


def test_a_fork_plays_on_as_the_game_itself_does_after_the_same_reseed() -> None:
    game = new_pick(seed=4, policies={"Red": RandomPolicy()})
    game.step_event(), game.step_event(), game.step_event()
    fork = game.fork(50)
    game.reseed(50)
    game.run_to_end()
    fork.run_to_end()
    assert fork.state == game.state
    assert fork.state.picks[1:] == random_picks("policy-50", 5)


def test_a_fork_keeps_the_games_policies_unless_given_others() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    game.step_event()
    fork = game.fork(50)
    fork.run_to_end()
    assert fork.state.picks == [0] * 6


def test_a_fork_keeps_no_log_unless_asked() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    quiet, logged = game.fork(50), game.fork(50, keep_log=True)
    quiet.run_to_end(), logged.run_to_end()
    assert quiet.log == [] and quiet.events_seen == 13
    assert len(logged.log) == 13 and logged.dice.log != []


def test_a_fork_answer_without_a_pending_decision_is_refused() -> None:
    with pytest.raises(IllegalChoice) as err:
        new_pick().fork(5, answer=3)
    assert str(err.value) == "no decision is pending to answer"


def test_a_game_from_a_record_keeps_no_log_by_default_and_uses_the_policies_given() -> None:
    record = new_pick(seed=4).record()
    game = Game.from_record(PICK, record, policies={"Red": FirstOptionPolicy()})
    game.run_to_end()
    assert game.log == [] and game.state.picks == [0] * 6
    logged = Game.from_record(PICK, record, keep_log=True)
    logged.run_to_end()
    assert len(logged.log) == 13


def test_a_game_from_a_reseeded_record_draws_choices_from_the_last_reseed() -> None:
    record = GameRecord("pick", PickState(game="pick").to_data(), 4, [],
                        reseeds=[[0, 60], [0, 61]])
    game = Game.from_record(PICK, record, policies={"Red": RandomPolicy()})
    game.run_to_end()
    assert game.state.picks == random_picks("policy-61", 6)
    assert game.state.rolls == list(seeded_faces(61, 6))


def test_replay_to_keeps_the_log_and_the_policies_by_default() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    game.run_to_end()
    back = game.replay_to(5)
    assert back.events_seen == 5 and len(back.log) == 5
    back.run_to_end()
    assert back.state == game.state  # the rest chosen by the same (first-option) policy
    assert game.replay_to(5, keep_log=False).log == []


def test_undo_goes_back_one_event_by_default_and_never_before_the_start() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    for _ in range(3):
        game.step_event()
    assert game.undo().events_seen == 2
    start = game.undo(10)
    assert start.events_seen == 0 and start.log == [] and start.state == PickState(game="pick")

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


# --------------------------------------------------------------------------------------------------
# More of the game: construction, decisions as events, pausing, batch runs
# --------------------------------------------------------------------------------------------------


@dataclass
class EchoState(GameState):
    received: list[Any] = field(default_factory=list)
    notes: list[Any] = field(default_factory=list)


def echoing(state: EchoState, ctx):
    """Records what comes back from each yield; asks Red once, in turn 3, phase P, step S."""
    state.received.append((yield Event("first")))
    state.turn, state.phase, state.step = 3, "P", "S"
    state.received.append((yield Decision("Red", "go", "Go on?", ["yes", "no"], rule="§7",
                                          ids=("E-1",), assumed="invented")))
    state.received.append((yield Event("second")))
    state.received.append((yield Event("third")))


ECHO = Rules("echo", EchoState, echoing, players=("Red",), phases=("Set-Up", "P"))


def test_a_game_sends_nothing_back_for_events_and_the_answer_for_a_decision() -> None:
    stepped = Game(ECHO, EchoState(), policies={"Red": ScriptedPolicy(["no"])})
    while stepped.step_event() is not None:
        pass
    assert stepped.state.received == [None, "no", None, None]
    run = Game(ECHO, EchoState(), policies={"Red": ScriptedPolicy(["no"])})
    run.run_to_end()
    assert run.state.received == [None, "no", None, None]


def test_a_decision_is_logged_with_its_rule_ids_assumption_and_the_moment() -> None:
    game = Game(ECHO, EchoState(), policies={"Red": ScriptedPolicy(["no"])})
    game.step_event()
    assert game.step_event() == Event("Red chooses 'no': Go on?", "§7", "decision",
                                      {"decision": "go", "choice": "no"}, 3, "P", "S", 1,
                                      ("E-1",), "invented")
    assert game.log[1] is not None and game.log[1].index == 1


def test_stepped_events_are_logged_with_their_running_index() -> None:
    game = Game(ECHO, EchoState(), policies={"Red": FirstOptionPolicy()})
    events = [game.step_event() for _ in range(4)]
    assert game.log == events and [e.index for e in events] == [0, 1, 2, 3]


def test_stepping_past_the_end_finishes_the_game() -> None:
    game = Game(ECHO, EchoState(), policies={"Red": FirstOptionPolicy()})
    assert game.finished is False
    while game.step_event() is not None:
        pass
    assert game.finished is True
    assert game.step_event() is None and game.events_seen == 4


def test_a_paused_game_neither_steps_nor_runs_on() -> None:
    game = Game(ECHO, EchoState(), policies={"Red": PersonPolicy()})
    game.step_event()
    assert game.step_event() is None and game.pending is not None
    pending = game.pending
    assert game.step_event() is None and game.run_to_end() is game.state
    assert game.pending is pending and game.events_seen == 1 and game.state.received == [None]
    game.answer("no")
    game.run_to_end()
    assert game.state.received == [None, "no", None, None]


def test_run_to_end_pauses_for_a_person_with_the_decision_pending() -> None:
    game = Game(ECHO, EchoState(), policies={"Red": PersonPolicy()})
    assert game.run_to_end() is game.state
    assert game.pending is not None and game.pending.kind == "go"
    assert game.finished is False and game.events_seen == 1


def test_policies_are_handed_the_games_state_when_stepping_and_running() -> None:
    for advance in (lambda g: (g.step_event(), g.step_event()), lambda g: g.run_to_end()):
        policy = RecordingPolicy()
        game = Game(ECHO, EchoState(), policies={"Red": policy})
        advance(game)
        assert policy.calls[0][0] is game.state


def test_a_player_without_a_policy_gets_a_random_one() -> None:
    game = Game(ECHO, EchoState())
    game.step_event(), game.step_event()
    assert list(game.policies) == ["Red"] and isinstance(game.policies["Red"], RandomPolicy)


def test_an_illegal_answer_in_a_batch_run_names_it_and_the_legal_ones() -> None:
    game = Game(ECHO, EchoState(), policies={"Red": ScriptedPolicy(["perhaps"])})
    with pytest.raises(IllegalChoice) as err:
        game.run_to_end()
    assert str(err.value) == \
        "'perhaps' is not a legal answer to 'go' (Go on?); legal: ['yes', 'no']"


def test_a_batch_run_without_a_log_records_decisions_and_counts_events() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()}, keep_log=False)
    game.run_to_end()
    assert game.decisions == [0] * 6 and game.events_seen == 13
    assert game.log == [] and game.dice.log == []


def test_an_endless_game_stops_after_the_given_number_of_events() -> None:
    game = Game(KINDS_RULES, GameState())
    with pytest.raises(RuntimeError) as err:
        game.run_to_end(max_events=5)
    assert str(err.value) == "kinds: no end after 5 events" and game.events_seen == 5


def test_an_endless_game_stops_after_a_million_events_by_default() -> None:
    def endless(state, ctx):
        while True:
            yield Event("tick")

    game = Game(Rules("endless", GameState, endless), GameState(), keep_log=False)
    with pytest.raises(RuntimeError, match="no end after 1000000 events"):
        game.run_to_end()
    assert game.events_seen == 1_000_000


def test_a_state_in_an_unknown_phase_is_refused_listing_the_phases() -> None:
    with pytest.raises(Exception) as err:
        Game(ECHO, EchoState(phase="Nowhere"))
    assert str(err.value) == "echo: the state is in unknown phase 'Nowhere'; phases: Set-Up, P"


def test_a_game_starts_with_seed_zero_an_empty_options_dict_and_its_variants() -> None:
    game = Game(PICK, PickState(game="pick", variants=["v"]))
    assert game.seed == 0 and game.ctx.options == {} and game.ctx.variants == frozenset({"v"})
    game.step_event()
    assert game.state.rolls == list(seeded_faces(0, 1))


def test_a_game_keeps_no_dice_log_when_it_keeps_no_log() -> None:
    game = new_pick(keep_log=False, policies={"Red": FirstOptionPolicy()})
    game.step_event()
    assert game.dice.log == [] and game.log == []


def test_a_record_names_the_game_and_works_with_dice_that_force_nothing() -> None:
    game = new_pick(dice=ScriptedDice([1, 2, 3, 4, 5, 6]), policies={"Red": FirstOptionPolicy()})
    game.run_to_end()
    record = game.record()
    assert record.game == "pick" and record.forced_faces == {} and record.decisions == [0] * 6


def test_a_game_built_from_a_record_reads_its_initial_state_without_copying() -> None:
    record = new_pick(seed=4).record()
    game = Game.from_record(PICK, record)
    assert game.initial_state is record.initial_state
    assert game.record().initial_state is record.initial_state


def test_a_game_from_a_record_keeps_its_reseeds_and_forced_faces() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    game.dice.force(6)
    game.step_event(), game.step_event()
    game.reseed(30)
    game.run_to_end()
    record = game.record()
    assert record.forced_faces == {0: 6} and record.reseeds == [[1, 30]]
    again = Game.from_record(PICK, record, policies={"Red": FirstOptionPolicy()})
    again.run_to_end()
    assert again.state == game.state and again.state.rolls[0] == 6
    assert again.record().reseeds == [[1, 30]] and again.dice.log == []


def test_replay_to_beyond_the_end_gives_the_finished_game() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    game.run_to_end()
    back = game.replay_to(100)
    assert back.finished and back.events_seen == 13 and back.state == game.state


def test_replay_to_after_a_reseed_restarts_the_policies_random_stream_of_that_seed() -> None:
    game = new_pick(seed=4, policies={"Red": RandomPolicy()})
    game.reseed(77)
    game.run_to_end()
    back = game.replay_to(0)
    back.run_to_end()
    assert back.state.picks == random_picks("policy-77", 6)
    assert back.state.rolls == list(seeded_faces(77, 6))


def noting(state: EchoState, ctx):
    """Changes a list nested in the state (a field typed Any: cattrs does not copy it)."""
    for i in range(3):
        state.notes[0].append(i)
        yield Event(f"note {i}")


NOTE = Rules("note", EchoState, noting)


def test_replays_start_from_an_untouched_initial_state() -> None:
    game = Game(NOTE, EchoState(notes=[[]]))
    game.run_to_end()
    assert game.replay_to(1).state.notes == [[0]]
    assert game.replay_to(1).state.notes == [[0]]
    assert game.initial_state["notes"] == [[]]


# --------------------------------------------------------------------------------------------------
# Dice of a game: counting, forcing, odd sizes
# --------------------------------------------------------------------------------------------------


def test_counting_dice_start_at_roll_zero_and_keep_a_log_by_default() -> None:
    dice = CountingDice(3, forced={0: 5})
    assert dice.rolls == 0 and dice.keep_log is True
    assert dice.roll() == 5
    assert dice.log == [("", 6, 5)] and dice.rolls == 1


def test_counting_dice_roll_defaults_to_d6_and_no_purpose() -> None:
    dice = CountingDice(3)
    assert tuple(dice.roll() for _ in range(6)) == seeded_faces(3, 6)
    assert dice.log == [("", 6, f) for f in seeded_faces(3, 6)]


def test_counting_dice_roll_a_numpy_size_from_the_same_stream() -> None:
    import numpy as np

    dice = CountingDice(3)
    assert tuple(dice.roll(np.int64(6), "np") for _ in range(5)) == seeded_faces(3, 5)
    assert dice.log[0][0] == "np"


def test_counting_dice_refuse_a_die_without_sides() -> None:
    with pytest.raises(ValueError):
        CountingDice(3).roll(0)


def test_a_forced_face_may_be_any_face_of_the_die() -> None:
    dice = CountingDice(3)
    dice.force(1, 6)
    assert (dice.roll(), dice.roll()) == (1, 6)


def test_a_forced_face_off_the_die_is_refused_naming_the_roll() -> None:
    dice = CountingDice(3)
    dice.force(7)
    with pytest.raises(ValueError) as err:
        dice.roll(6, "attack")
    assert str(err.value) == "forced face 7 is not on a d6 (attack)"


def test_a_record_s_forced_face_off_the_die_is_refused_naming_the_roll() -> None:
    """A hand-edited game record cannot roll a 7 on a d6: the face it forces is checked against
    the die when that roll comes, as a face queued by hand is."""
    dice = CountingDice(3, forced={1: 7})
    assert 1 <= dice.roll(6, "first") <= 6
    with pytest.raises(ValueError) as err:
        dice.roll(6, "attack")
    assert str(err.value) == "the record forces face 7 on roll 1, which is not on a d6 (attack)"


def test_a_record_s_forced_face_on_the_die_is_rolled() -> None:
    assert CountingDice(3, forced={0: 6, 1: 1}).roll_many(2, 6, "attack") == (6, 1)


def test_a_decision_without_options_is_refused_naming_it() -> None:
    with pytest.raises(ValueError) as err:
        Decision("Red", "retreat", "Where?", [])
    assert str(err.value) == "Decision 'retreat' for Red has no legal option"


def test_unknown_variants_are_refused_naming_the_known_ones_or_none() -> None:
    from rules_lib.core.engine import check_variants

    known = [Variant("b", "B"), Variant("a", "A")]
    with pytest.raises(ValueError) as err:
        check_variants(["c"], known, "toy")
    assert str(err.value) == "toy: unknown rule variant 'c'; known: a, b"
    with pytest.raises(ValueError) as err:
        check_variants(["c"], [], "toy")
    assert str(err.value) == "toy: unknown rule variant 'c'; known: none"


def test_checked_variants_are_sorted_without_repeats() -> None:
    from rules_lib.core.engine import check_variants

    known = [Variant("b", "B"), Variant("a", "A")]
    assert check_variants(["b", "a", "b"], known, "toy") == ["a", "b"]


# --------------------------------------------------------------------------------------------------
# Records as JSON
# --------------------------------------------------------------------------------------------------


def test_a_record_is_json_with_sorted_keys() -> None:
    record = GameRecord("g", {"z": 1, "a": 2}, 5, ["v"], ["yes"], {3: 6}, [[1, 2]])
    assert record.to_json() == (
        '{"decisions": ["yes"], "forced_faces": {"3": 6}, "game": "g", '
        '"initial_state": {"a": 2, "z": 1}, "reseeds": [[1, 2]], "seed": 5, "variants": ["v"]}')


def test_a_record_read_from_json_has_int_roll_numbers() -> None:
    record = GameRecord("g", {}, 5, [], [], {3: 6, 10: 1})
    again = GameRecord.from_json(record.to_json())
    assert again == record and list(again.forced_faces) == [3, 10]


def test_a_record_read_from_json_without_the_optional_fields_has_none_of_them() -> None:
    record = GameRecord.from_json('{"game": "g", "initial_state": {}, "seed": 5, "variants": []}')
    assert record == GameRecord("g", {}, 5, [], [], {}, [])


def test_reseeding_dice_roll_many_defaults_to_d6_and_no_purpose_on_both_paths() -> None:
    plain = ReseedingDice(1)
    assert plain.roll_many(3) == seeded_faces(1, 3)
    switching = ReseedingDice(1, reseeds=[[1, 9]])
    assert switching.roll_many(3) == seeded_faces(1, 1) + seeded_faces(9, 2)
    for dice in (plain, switching):
        assert [(purpose, sides) for purpose, sides, _ in dice.log] == [("", 6)] * 3


def test_a_game_logs_its_dice_by_default() -> None:
    game = new_pick(seed=4, policies={"Red": FirstOptionPolicy()})
    game.step_event()
    assert game.dice.log == [("roll 0", 6, game.state.rolls[0])]


def test_a_state_is_finished_once_it_has_a_result() -> None:
    state = GameState()
    assert state.finished is False
    state.result = "Swarm wins"
    assert state.finished is True

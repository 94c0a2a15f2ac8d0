"""The engine: stepping, decisions, policies, log, undo, replay, JSON round trip of states."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_lib.core.engine import (
    Decision,
    Event,
    FirstOptionPolicy,
    Game,
    GameRecord,
    GameState,
    IllegalChoice,
    PersonPolicy,
    RandomPolicy,
    Rules,
    ScriptedPolicy,
    StateError,
    Variant,
    check_variants,
    replay,
)


@dataclass
class RaceState(GameState):
    """A toy race: each turn both runners roll a die and move; first to 10 wins."""

    positions: dict[str, int] = field(default_factory=lambda: {"Red": 0, "Blue": 0})
    boosts: list[str] = field(default_factory=list)


def race(state: RaceState, ctx):
    """Turn: each runner may boost (+1) once per game, then rolls and moves."""
    while state.result is None:
        state.phase = "Move"
        yield Event(f"Turn {state.turn} begins", rule="Race §1", kind="turn")
        for runner in ("Red", "Blue"):
            state.step = runner
            yield Event(f"{runner} moves", rule="Race §2", kind="step")
            bonus = 0
            if runner not in state.boosts:
                boost = yield Decision(runner, "boost", "Use your boost now?", ["no", "yes"],
                                       rule="Race §3")
                if boost == "yes":
                    state.boosts.append(runner)
                    bonus = 2 if ctx.variant("big_boost") else 1
            face = ctx.dice.roll(6, f"{runner} movement")
            state.positions[runner] += face + bonus
            yield Event(f"{runner} rolls {face} and moves to {state.positions[runner]}",
                        rule="Race §2", kind="move", data={"face": face})
            if state.positions[runner] >= 10:
                state.result = runner
                yield Event(f"{runner} wins", rule="Race §4", kind="result")
                return
        state.turn += 1


RULES = Rules("race", RaceState, race, players=("Red", "Blue"),
              variants=(Variant("big_boost", "A boost is worth 2", rule="Race §3"),))


def new_race(seed=1, policies=None, variants=()):
    state = RaceState(game="race", variants=check_variants(variants, RULES.variants, "race"))
    return Game(RULES, state, seed=seed, policies=policies)


def test_game_runs_to_a_result_with_a_logged_winner():
    g = new_race()
    g.run_to_end()
    assert g.finished and g.state.result in ("Red", "Blue")
    assert g.log[-1].kind == "result" and g.log[-1].rule == "Race §4"


def test_events_carry_turn_phase_step_and_running_index():
    g = new_race()
    g.run_to_end()
    assert [e.index for e in g.log] == list(range(len(g.log)))
    moves = [e for e in g.log if e.kind == "move"]
    assert all(e.phase == "Move" and e.step in ("Red", "Blue") for e in moves)


def test_same_seed_and_policies_give_the_same_game():
    a, b = new_race(seed=7), new_race(seed=7)
    a.run_to_end(), b.run_to_end()
    assert a.state == b.state and [e.message for e in a.log] == [e.message for e in b.log]


def test_different_seeds_give_different_rolls():
    runs = []
    for s in range(5):
        g = new_race(seed=s)
        g.run_to_end()
        runs.append(tuple(e.data.get("face") for e in g.log if e.kind == "move"))
    assert len(set(runs)) > 1


def test_replay_of_record_reproduces_final_state_exactly():
    g = new_race(seed=3)
    g.run_to_end()
    again = replay(RULES, GameRecord.from_json(g.record().to_json()))
    assert again.state.to_json() == g.state.to_json()
    assert [e.message for e in again.log] == [e.message for e in g.log]


def test_person_policy_pauses_on_a_decision_and_answer_resumes():
    g = new_race(policies={"Red": PersonPolicy(), "Blue": FirstOptionPolicy()})
    g.step_event(), g.step_event()  # turn begins, Red's step begins
    assert g.step_event() is None and g.pending is not None
    assert g.pending.options == ["no", "yes"] and g.pending.player == "Red"
    with pytest.raises(IllegalChoice):
        g.answer("maybe")
    g.answer("yes")
    assert g.pending is None and g.log[-1].kind == "decision"
    assert g.step_event().kind == "move" and g.state.boosts == ["Red"]


def test_a_policy_asked_with_the_game_s_policy_rng_chooses_as_the_game_would():
    """``Game.policy_rng`` is the stream the game's own policies draw on: a caller asking the
    policy itself with it gets the answer the game would have made."""
    answers = {}
    for seed in range(12):
        by_game = new_race(seed=seed, policies={"Red": RandomPolicy(), "Blue": RandomPolicy()})
        by_game.run_to_end()
        asked = new_race(seed=seed, policies={"Red": PersonPolicy(), "Blue": RandomPolicy()})
        while asked.step_event() is not None or asked.pending is None:
            pass
        answers[seed] = RandomPolicy().choose(asked.state, asked.pending, asked.policy_rng)
        assert answers[seed] == by_game.decisions[0], seed
    assert set(answers.values()) == {"no", "yes"}  # a stream that could tell them apart


def test_illegal_answer_from_a_policy_is_refused_with_the_legal_options():
    g = new_race(policies={"Red": ScriptedPolicy(["perhaps"])})
    with pytest.raises(IllegalChoice, match="legal"):
        g.run_to_end()


def test_undo_returns_the_state_as_it_was_n_events_ago():
    g = new_race(seed=11)
    for _ in range(6):
        g.step_event()
    before = g.state.to_json()
    n_before = g.events_seen
    g.step_event(), g.step_event()
    back = g.undo(2)
    assert back.events_seen == n_before and back.state.to_json() == before


def test_forced_roll_is_used_and_survives_replay():
    g = new_race(seed=5, policies={"Red": FirstOptionPolicy(), "Blue": FirstOptionPolicy()})
    g.step_event(), g.step_event(), g.step_event()  # turn, Red's step, Red's boost decision
    g.dice.force(6)
    move = g.step_event()
    assert move.data["face"] == 6
    g.run_to_end()
    again = replay(RULES, g.record())
    assert again.state == g.state


def test_variant_switches_a_rule_and_unknown_variant_is_named():
    g = new_race(seed=2, variants=["big_boost"],
                 policies={"Red": ScriptedPolicy(["yes"]), "Blue": FirstOptionPolicy()})
    g.step_event(), g.step_event(), g.step_event()
    move = g.step_event()
    assert g.state.positions["Red"] == move.data["face"] + 2
    with pytest.raises(ValueError, match="tiny_boost"):
        new_race(variants=["tiny_boost"])


def test_next_phase_and_next_turn_stop_at_boundaries():
    g = new_race(seed=4)
    first = g.next_turn()
    assert first[0].kind == "turn" and first[-1].kind == "turn" and first[-1].turn == 2
    steps = g.next_step()
    assert steps[-1].kind in ("step", "turn", "result") or g.finished


def test_log_frame_has_rule_references():
    g = new_race()
    g.run_to_end()
    df = g.log_frame()
    assert list(df.columns) == ["index", "turn", "phase", "step", "kind", "message", "rule",
                                "ids", "assumed"]
    assert (df["rule"] != "").all()


def test_an_event_marked_assumed_keeps_its_reason_and_ids_in_the_log_and_through_decisions():
    from rules_lib.core.engine import Decision, Event, drive

    def proc():
        yield Event("Fog Bank: Marines see 3 hexes", rule="§D", ids=("SV-D-01",),
                    assumed="chit effect not in the text")
        yield Decision("Red", "go", "Go?", ["yes", "no"], rule="§2", assumed="invented choice")

    events = drive(proc())
    assert events[0].as_row()["assumed"] == "chit effect not in the text"
    assert events[0].as_row()["ids"] == "SV-D-01"
    assert events[1].kind == "decision" and events[1].assumed == "invented choice"


def test_bad_state_json_names_the_field():
    data = RaceState().to_data()
    data["positions"] = {"Red": "far"}
    with pytest.raises(StateError, match="positions"):
        RaceState.from_data(data)
    with pytest.raises(StateError, match="JSON"):
        RaceState.from_json("{not json")


@given(st.dictionaries(st.sampled_from(["Red", "Blue"]), st.integers(-5, 50)),
       st.lists(st.sampled_from(["Red", "Blue"]), max_size=2), st.integers(1, 20),
       st.one_of(st.none(), st.sampled_from(["Red", "Blue"])))
def test_state_json_round_trip_is_lossless(positions, boosts, turn, result):
    s = RaceState(game="race", turn=turn, positions=positions, boosts=boosts, result=result)
    assert RaceState.from_json(s.to_json()) == s
    assert json.loads(s.to_json()) == s.to_data()


def test_a_variant_names_its_section_and_the_ambiguity_it_reads_otherwise():
    from rules_lib.core.engine import Variant

    v = Variant("x", "other reading", rule="Space Vermin §J-1 / §J-7 (SV-AMB-04)")
    assert v.ids == ("SV-AMB-04",) and v.section == "Space Vermin §J-1 / §J-7"
    plain = Variant("y", "house rule", rule="Zombies!!! Giants-Club: Step 3")
    assert plain.ids == () and plain.section == "Zombies!!! Giants-Club: Step 3"
    assert Variant("z", "no section").section == "(no section given)"


def test_variants_are_grouped_by_section_with_their_ambiguity_ids():
    from rules_lib.core.engine import Variant, describe_variants, variants_by_section

    vs = [Variant("b", "B", rule="§2 (SV-AMB-02)"), Variant("a", "A", rule="§1 (SV-AMB-01)",
                                                            default_reading="as printed"),
          Variant("c", "C", rule="§2 (SV-AMB-03)")]
    groups = variants_by_section(vs)
    assert [(s, [v.name for v in g]) for s, g in groups] == [("§1", ["a"]), ("§2", ["b", "c"])]
    text = describe_variants(vs)
    assert text.splitlines()[:3] == ["§1", "  a [SV-AMB-01]: A", "      (off: as printed)"]


@dataclass
class DuelState(GameState):
    rolls: list[int] = field(default_factory=list)


def duel(state: DuelState, ctx):
    """Roll twice, then decide, then roll three more times: rolls come before the decision."""
    state.rolls.append(ctx.dice.roll(6, "opening"))
    yield Event(f"opening roll {state.rolls[-1]}", rule="Duel §1", kind="roll")
    state.rolls.append(ctx.dice.roll(6, "hidden"))  # rolled before the decision is asked
    choice = yield Decision("Red", "press", "Press on?", ["yes", "no"], rule="Duel §2")
    for _ in range(3 if choice == "yes" else 1):
        state.rolls.append(ctx.dice.roll(6, "follow-up"))
        yield Event(f"follow-up {state.rolls[-1]}", rule="Duel §3", kind="roll")
    state.result = "done"
    yield Event("done", rule="Duel §4", kind="result")


DUEL = Rules("duel", DuelState, duel, players=("Red",))


def test_counting_dice_draw_the_seeded_dice_stream_through_the_public_api():
    from rules_lib.core.dice import SeededDice
    from rules_lib.core.engine import CountingDice

    for seed in range(5):
        plain, counting = SeededDice(seed), CountingDice(seed)
        for sides in (6, 6, 10, 3, 20, 6):
            assert counting.roll(sides) == plain.roll(sides)
        assert counting.roll_many(7, 6) == tuple(plain.roll(6) for _ in range(7))


def test_a_reseeded_continuation_keeps_the_rolls_made_before_a_pending_decision():
    game = Game(DUEL, DuelState(game="duel"), seed=3, policies={"Red": PersonPolicy()})
    while game.step_event() is not None:
        pass
    assert game.pending is not None and len(game.state.rolls) == 2
    before = list(game.state.rolls)
    game.reseed(99)
    game.answer("yes")
    game.run_to_end()
    assert game.state.rolls[:2] == before
    again = replay(DUEL, GameRecord.from_json(game.record().to_json()))
    assert again.state.rolls == game.state.rolls
    other = Game(DUEL, DuelState(game="duel"), seed=3, policies={"Red": PersonPolicy()})
    while other.step_event() is not None:
        pass
    other.reseed(100)
    other.answer("yes")
    other.run_to_end()
    assert other.state.rolls[:2] == before
    assert other.state.rolls[2:] != game.state.rolls[2:]  # seeds 99 and 100 diverge here


def test_replay_to_a_point_after_a_reseed_gives_the_same_position():
    game = Game(DUEL, DuelState(game="duel"), seed=5, policies={"Red": PersonPolicy()})
    while game.step_event() is not None:
        pass
    game.reseed(7)
    game.answer("yes")
    game.step_event()
    game.step_event()
    back = game.replay_to(game.events_seen)
    assert back.state == game.state and back.dice.rolls == game.dice.rolls


def test_a_fork_answers_the_pending_decision_and_keeps_the_position_before_it():
    game = Game(DUEL, DuelState(game="duel"), seed=3, policies={"Red": PersonPolicy()})
    while game.step_event() is not None:
        pass
    before = list(game.state.rolls)
    a = game.fork(11, answer="yes", policies={"Red": FirstOptionPolicy()})
    b = game.fork(11, answer="no", policies={"Red": FirstOptionPolicy()})
    a.run_to_end()
    b.run_to_end()
    assert a.state.rolls[:2] == b.state.rolls[:2] == before
    assert len(a.state.rolls) == 5 and len(b.state.rolls) == 3
    assert a.state.rolls[2] == b.state.rolls[2]  # common random numbers: the same seed's stream
    assert game.pending is not None and game.state.rolls == before  # the original is untouched
    c = game.fork(11, policies={"Red": FirstOptionPolicy()})  # its policy answers ("yes")
    c.run_to_end()
    assert c.state.rolls == a.state.rolls
    with pytest.raises(IllegalChoice):
        game.fork(11, answer="maybe")

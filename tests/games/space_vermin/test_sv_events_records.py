"""Event Chit draws (events.py), each branch in a position where nothing else gives the same
result: what the log records for every draw (kind, rule, catalogue ids, the data the explorer reads,
the provenance of each assumed reading), who chooses among which chits, which die is rolled for
what (the dice log), and what goes back into the cup."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision, drive
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.events import draw_event_chit, fill_event_cup
from rules_lib.games.space_vermin.provenance import chit_reason, join

from .sv_helpers import DATA, dice, table

ORDER = [c.name for c in DATA.event_chits]
SINGLE_EXTRA = "default reading of SV-AMB-12: no choice for the B.U.R.P./B.E.L.C.H. extra chit"


class Asked:
    """A policy that answers with a given chit and keeps every Decision asked."""

    name = "asked"

    def __init__(self, answer=None) -> None:
        self.answer = answer
        self.decisions: list[Decision] = []

    def choose(self, state, decision, rng):
        self.decisions.append(decision)
        return self.answer if self.answer is not None else decision.options[0]


def draw(state, ctx, extra=False, answer=None):
    """Draw a chit: (its records, the decisions as (player, kind, options, rule), the result)."""
    policy = Asked(answer)
    proc = draw_event_chit(state, ctx, extra)
    events = drive(proc, policy=policy)
    records = [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]
    asked = [(d.player, d.kind, d.options, d.rule) for d in policy.decisions]
    return records, asked


def why(*chits):
    return join(*(chit_reason(DATA, c, ("name",)) for c in chits))


def cup_of(state, ctx):
    fill_event_cup(state, ctx)
    assert state.event_cup == ORDER
    return state


@pytest.mark.rule("SV-EVT-02", "SV-AMB-11")
def test_a_single_draw_rolls_one_die_of_as_many_sides_as_chits_and_records_the_chit():
    ctx = dice(3)
    state = cup_of(table({}), ctx)
    records, asked = draw(state, ctx)
    chit = ORDER[2]
    assert asked == [] and ctx.dice.log == [("Event Chit", 15, 3)]
    assert records == [("roll", "Space Vermin §D", ("SV-EVT-02", "SV-AMB-11"),
                        {"chit": chit, "chit_paths": ["name"]}, why(chit))]
    assert state.active_event == chit and state.events_used == [chit]
    assert state.event_cup == [c for c in ORDER if c != chit]


@pytest.mark.rule("SV-EVT-02", "SV-AMB-11")
def test_the_last_chit_in_the_cup_is_drawn_without_a_roll_even_after_a_successful_recon():
    ctx = dice()  # no face scripted: a roll would fail
    state = table({}, successful_recon=True)
    state.event_cup = [ORDER[4]]
    records, asked = draw(state, ctx)
    assert asked == [] and ctx.dice.log == []
    assert records[0][2:4] == (("SV-EVT-02", "SV-AMB-11"),
                               {"chit": ORDER[4], "chit_paths": ["name"]})
    assert state.event_cup == [] and state.active_event == ORDER[4]
    assert not state.successful_recon


@pytest.mark.rule("SV-EVT-02")
def test_an_empty_cup_draws_nothing():
    state = table({}, successful_recon=True)
    state.event_cup = []
    records, asked = draw(state, dice())
    assert records == [] and asked == []
    assert state.active_event == "" and state.successful_recon


@pytest.mark.rule("SV-RECON-05", "SV-AMB-11")
def test_after_a_successful_recon_the_marines_choose_and_the_other_chit_goes_back():
    ctx = dice(2, 5)
    state = cup_of(table({}, successful_recon=True), ctx)
    first, second = ORDER[1], [c for c in ORDER if c != ORDER[1]][4]
    records, asked = draw(state, ctx, answer=second)
    assert ctx.dice.log == [("Event Chit 1", 15, 2), ("Event Chit 2", 14, 5)]
    assert asked == [("Marines", "event_chit", [first, second], "Space Vermin §I-4-a")]
    assert records == [("roll", "Space Vermin §I-4-a", ("SV-RECON-05",),
                        {"chit": second, "chit_paths": ["name"], "other": first},
                        why(second, first))]
    assert state.event_cup[-1] == first and second not in state.event_cup
    assert state.active_event == second and state.events_used == [second]
    assert not state.successful_recon


@pytest.mark.rule("SV-RECON-05")
def test_choosing_the_first_of_the_two_returns_the_second():
    ctx = dice(1, 1)
    state = cup_of(table({}, successful_recon=True), ctx)
    records, _ = draw(state, ctx, answer=ORDER[0])
    assert records[0][3] == {"chit": ORDER[0], "chit_paths": ["name"], "other": ORDER[1]}
    assert state.event_cup[-1] == ORDER[1] and ORDER[0] not in state.event_cup


@pytest.mark.rule("SV-TWO-02")
def test_in_the_two_player_game_the_vermites_choose():
    ctx = dice(1, 1, variants=["two_player"])
    state = cup_of(table({}), ctx)
    records, asked = draw(state, ctx, answer=ORDER[1])
    assert asked == [("Vermites", "event_chit", [ORDER[0], ORDER[1]], "Space Vermin §O")]
    assert records == [("roll", "Space Vermin §O", ("SV-TWO-02",),
                        {"chit": ORDER[1], "chit_paths": ["name"], "other": ORDER[0]},
                        why(ORDER[1], ORDER[0]))]


@pytest.mark.rule("SV-AMB-12", "SV-TWO-02")
def test_the_two_player_extra_chit_is_a_single_random_draw_by_default():
    ctx = dice(6, variants=["two_player"])
    state = cup_of(table({}), ctx)
    records, asked = draw(state, ctx, extra=True)
    assert asked == [] and ctx.dice.log == [("Event Chit", 15, 6)]
    assert records == [("roll", "Space Vermin §D", ("SV-EVT-02", "SV-AMB-11", "SV-AMB-12"),
                        {"chit": ORDER[5], "chit_paths": ["name"]},
                        join(SINGLE_EXTRA, why(ORDER[5])))]


@pytest.mark.rule("SV-AMB-12", "SV-TWO-02")
def test_under_the_variant_the_vermites_choose_the_extra_chit_too():
    ctx = dice(1, 1, variants=["two_player", "extra_chit_chosen_too"])
    state = cup_of(table({}), ctx)
    records, asked = draw(state, ctx, extra=True)
    assert asked == [("Vermites", "event_chit", [ORDER[0], ORDER[1]], "Space Vermin §O")]
    assert records[0][2] == ("SV-TWO-02",)


@pytest.mark.rule("SV-EVT-02", "SV-AMB-12")
def test_the_solitaire_extra_chit_is_a_plain_random_draw_citing_no_ambiguity():
    ctx = dice(6)
    state = cup_of(table({}), ctx)
    records, asked = draw(state, ctx, extra=True)
    assert asked == []
    assert records == [("roll", "Space Vermin §D", ("SV-EVT-02", "SV-AMB-11"),
                        {"chit": ORDER[5], "chit_paths": ["name"]}, why(ORDER[5]))]


@pytest.mark.rule("SV-SETUP-03", "SV-EVT-01")
def test_filling_the_cup_starts_a_fresh_record_of_chits_used():
    state = table({})
    state.events_used = [ORDER[0]]
    state.event_cup = []
    fill_event_cup(state, dice())
    assert state.event_cup == ORDER and state.events_used == []


@pytest.mark.rule("SV-SETUP-03", "SV-EVT-02")
def test_the_cup_and_the_draw_use_the_data_in_play_a_designers_renamed_chit():
    data = load_game_data({"chits.event_chits[0].name": "Frog Rain"})
    ctx = Context(dice=ScriptedDice([1]), data=data)
    state = table({})
    fill_event_cup(state, ctx)
    assert state.event_cup[0] == "Frog Rain" and ORDER[0] not in state.event_cup
    records, _ = draw(state, ctx)
    assert records[0][3] == {"chit": "Frog Rain", "chit_paths": ["name"]}
    assert records[0][4] == "Frog Rain: override: event_chits[0].name = 'Frog Rain'"


@pytest.mark.rule("SV-EVT-02")
def test_with_two_chits_left_a_die_of_two_sides_picks_either():
    ctx = dice(2)
    state = table({})
    state.event_cup = [ORDER[0], ORDER[1]]
    records, _ = draw(state, ctx)
    assert ctx.dice.log == [("Event Chit", 2, 2)]
    assert records[0][3]["chit"] == ORDER[1] and state.event_cup == [ORDER[0]]


@pytest.mark.rule("SV-RECON-05", "SV-AMB-11")
def test_the_returned_chit_s_assumed_provenance_is_on_the_log_too():
    data = load_game_data({"chits.event_chits[0].name": "Frog Rain"})
    ctx = Context(dice=ScriptedDice([1, 1]), data=data)
    state = table({}, successful_recon=True)
    fill_event_cup(state, ctx)
    second = state.event_cup[1]
    records, asked = draw(state, ctx, answer=second)
    assert asked[0][2] == ["Frog Rain", second]
    assert records[0][3]["other"] == "Frog Rain"
    assert "Frog Rain: override: event_chits[0].name = 'Frog Rain'" in records[0][4]


@pytest.mark.rule("SV-RECON-05")
def test_the_used_successful_recon_marker_is_saved_as_off():
    ctx = dice(1, 1)
    state = cup_of(table({}, successful_recon=True), ctx)
    draw(state, ctx)
    assert '"successful_recon": false' in state.to_json()

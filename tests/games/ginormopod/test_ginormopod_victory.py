"""Victory: the Fade Out's Check For Victory, the tenth turn's end, and the sudden_victory variant.

Each test sets the destroyed victory Cities and the turn so that exactly one outcome follows, and
checks the result, the end reason and the event that says so (its rule IDs, data and provenance).
"""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.turn import fade_out
from rules_lib.games.ginormopod.victory import AMB_11, R_VICTORY, sudden_victory


def destroy(state, *cities):
    for c in cities:
        state.forts[c].strength, state.forts[c].destroyed = 0, True


def results(events):
    found = [e for e in events if e.kind == "result"]
    assert all(e.rule == R_VICTORY for e in found)
    return found


def victory_checks(events):
    return [e for e in events if e.rule == "Ginormopod: Victory"]


@pytest.mark.rule("GIN-VIC-01", "GIN-AMB-11")
def test_two_destroyed_victory_cities_win_for_the_swarm_in_the_fade_out(table_factory):
    table = table_factory(turn=4)
    s = table.state
    destroy(s, "New York City", "Atlanta")  # Washington DC stands
    events = drive(fade_out(s, table.ctx([])))
    [won] = results(events)
    assert s.result == "Swarm" and s.turn == 4  # the game ends in this Fade Out
    assert s.end_reason == "destroyed New York City, Atlanta"
    assert won.data == {"destroyed": ["New York City", "Atlanta"]}
    assert won.ids == ("GIN-VIC-01", "GIN-AMB-11") and won.assumed == AMB_11


@pytest.mark.rule("GIN-VIC-01", "GIN-AMB-11")
def test_the_fade_out_check_is_the_rulebook_s_own_when_the_sudden_victory_variant_is_on(
        table_factory):
    table = table_factory(turn=4)
    s = table.state
    destroy(s, "Washington DC", "Atlanta")
    [won] = results(drive(fade_out(s, table.ctx([], variants=["sudden_victory"]))))
    assert s.result == "Swarm" and won.assumed == ""
    assert won.data == {"destroyed": ["Washington DC", "Atlanta"]}


@pytest.mark.rule("GIN-VIC-01")
def test_one_destroyed_victory_city_before_the_last_turn_plays_on(table_factory):
    table = table_factory(turn=9)
    s = table.state
    destroy(s, "Atlanta")
    events = drive(fade_out(s, table.ctx([])))
    assert s.result is None and s.end_reason == "" and s.turn == 10
    [check] = victory_checks(events)
    assert check.kind == "info" and check.ids == ("GIN-VIC-01",) and not results(events)


@pytest.mark.rule("GIN-VIC-02", "GIN-FLOW-03")
def test_the_humans_win_at_the_end_of_the_tenth_turn_with_one_city_lost(table_factory):
    table = table_factory(turn=10)
    s = table.state
    destroy(s, "Atlanta")
    [won] = results(drive(fade_out(s, table.ctx([]))))
    assert s.result == "Human" and s.end_reason == "the anti-mutagen is complete"
    assert won.ids == ("GIN-VIC-02", "GIN-FLOW-03") and won.assumed == ""
    assert won.data == {"destroyed": ["Atlanta"]}


@pytest.mark.rule("GIN-VIC-01", "GIN-VIC-02")
def test_the_swarm_s_victory_comes_before_the_humans_on_the_tenth_turn(table_factory):
    table = table_factory(turn=10)
    s = table.state
    destroy(s, "New York City", "Washington DC", "Atlanta")
    [won] = results(drive(fade_out(s, table.ctx([]))))
    assert s.result == "Swarm" and won.ids == ("GIN-VIC-01", "GIN-AMB-11")
    assert s.end_reason == "destroyed New York City, Washington DC, Atlanta"


@pytest.mark.rule("GIN-VIC-01", "GIN-AMB-11")
def test_sudden_victory_ends_the_game_at_once_only_under_the_variant(table):
    s = table.state
    destroy(s, "New York City", "Washington DC")
    assert drive(sudden_victory(s, table.ctx([]))) == [] and s.result is None  # the default
    [won] = results(drive(sudden_victory(s, table.ctx([], variants=["sudden_victory"]))))
    assert s.result == "Swarm" and s.end_reason == "destroyed New York City, Washington DC"
    assert won.ids == ("GIN-VIC-01", "GIN-AMB-11") and won.assumed == (
        "variant of GIN-AMB-11: the Swarm wins as soon as it has destroyed the victory Cities")
    assert won.data == {"destroyed": ["New York City", "Washington DC"]}


@pytest.mark.rule("GIN-VIC-01", "GIN-AMB-11")
def test_sudden_victory_needs_two_cities_and_an_undecided_game(table):
    s = table.state
    destroy(s, "Atlanta")
    ctx = table.ctx([], variants=["sudden_victory"])
    assert drive(sudden_victory(s, ctx)) == [] and s.result is None  # one is not enough
    destroy(s, "New York City")
    s.result, s.end_reason = "Human", "the Earth is destroyed"  # already decided this Fade Out
    assert drive(sudden_victory(s, ctx)) == []
    assert s.result == "Human" and s.end_reason == "the Earth is destroyed"

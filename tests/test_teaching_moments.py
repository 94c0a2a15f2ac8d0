""""Show me this rule in action": moments of seeded games found through the engine, replayable.

Every moment found is checked by replaying its game: the event at its index applies the rule. The
rare rules the issue names are found within the budgets their reference entries give (the timing
of the searches is in test_teaching_bench.py).
"""
from __future__ import annotations

import json

import pandas as pd
import pytest

from rules_lib.registry import get_game
from rules_lib.teaching import moments as moments_module
from rules_lib.teaching.moments import (
    FindResult,
    Moment,
    SearchDesign,
    clear_cache,
    find_moments,
    rule_frequency,
    search_order,
    search_plan,
)
from rules_lib.teaching.reference import rule_reference


@pytest.fixture(autouse=True)
def fresh_memory():
    clear_cache()
    yield
    clear_cache()


def replayed_event(moment: Moment, before: int = 3):
    """The event at the moment's index, from the game rebuilt ``before`` events earlier."""
    game = moment.game_at(before=before)
    assert game.events_seen == moment.index - before
    events = [game.step_event() for _ in range(before + 1)]
    return events[-1]


def test_a_common_rule_is_found_in_the_first_game_and_replays_to_the_same_event():
    result = find_moments("ginormopod", "GIN-MOVE-03")
    assert isinstance(result, FindResult) and result.found and result.stopped == "found"
    m = result.first
    assert (m.seed, m.design) == (0, SearchDesign("standard")) and result.games_searched == 1
    event = replayed_event(m)
    assert event.index == m.index and "GIN-MOVE-03" in event.ids
    assert event.message == m.event["message"] and list(event.ids) == m.event["ids"]
    assert m.position["turn"] == event.turn and m.position["events"] == m.index
    assert "outcome" in m.position["summary"] and len(m.position["recent"]) == 3


def test_several_moments_come_from_different_games_in_the_search_order():
    result = find_moments("gods_war", "GW-ARA-05", n=3)
    assert len(result.moments) == 3
    keys = [(m.design, m.seed) for m in result.moments]
    assert len(set(keys)) == 3
    order = [(d, s) for _, d, s in search_order(result.designs, 0, result.games_searched)]
    assert [order.index(k) for k in keys] == sorted(order.index(k) for k in keys)
    for m in result.moments:
        assert "GW-ARA-05" in replayed_event(m, before=0).ids


@pytest.mark.parametrize("game, rule", [
    ("ginormopod", "GIN-OVRN-01"),  # Overrun (found under the other reading of GIN-AMB-08)
    ("ginormopod", "GIN-FENCE-02"),  # the Fusion Fence opening (a derived moment)
    ("space_vermin", "SV-S2-19"),  # Magnetic Storm
    ("zombies_giants", "ZGC-DEMO-03"),  # a Huge Giant demolishing a building
    ("gods_war", "GW-ARA-09"),  # Arachne Solara's web completing
])
def test_the_rare_rules_of_the_issue_are_found(game, rule):
    result = find_moments(game, rule)
    assert result.found, result.message
    m = result.first
    event = replayed_event(m)
    if rule == "GIN-FENCE-02":
        data = get_game(game).data()
        fort = event.data["fort"]
        assert event.kind == "fort" and event.data["destroyed"] and data.forts[fort].fence
        neighbours = [c for c in data.adjacency[fort] if c in data.forts and data.forts[c].fence]
        game_now = m.game_at(before=0)
        assert any(game_now.state.forts[c].destroyed for c in neighbours)
    else:
        assert rule in event.ids
    assert m.design.label in result.message and result.designs_used == [m.design.label]


def test_the_events_a_stepper_highlights_are_those_that_apply_the_rule():
    m = find_moments("ginormopod", "GIN-FENCE-02").first
    game = m.game_at(before=5)
    for _ in range(10):
        game.step_event()
    assert m.applying(game.log) == [m.index]  # a derived moment: its own event
    m = find_moments("ginormopod", "GIN-RETR-01").first
    game = m.game_at(before=0)
    game.run_to_end()
    marked = m.applying(game.log)
    assert marked[0] == m.index and len(marked) > 1
    assert all("GIN-RETR-01" in game.log[i].ids for i in marked)


def test_overrun_is_found_where_its_variant_makes_it_possible_and_the_result_says_so():
    result = find_moments("ginormopod", "GIN-OVRN-01")
    m = result.first
    assert m.variants == ("overrun_ignores_fort_boxes",)
    assert "variants: overrun_ignores_fort_boxes" in result.message
    assert [d.variants for d in result.designs] == [(), ("overrun_ignores_fort_boxes",)]


def test_a_rule_not_found_within_the_budget_is_a_result_not_an_exception():
    result = find_moments("ginormopod", "GIN-OVRN-01", n_games=6, variants=[()])
    assert not result and result.moments == [] and result.stopped == "games"
    assert result.games_searched == 6 and "not found" in result.message
    assert "no game of the 6 searched" in result.message


def test_a_time_budget_stops_the_search_and_says_so():
    result = find_moments("space_vermin", "SV-S2-18", n_games=500, budget=0.0)
    assert not result.found and result.stopped == "time"
    assert 1 <= result.games_searched < 500 and "time budget" in result.message


def test_a_search_can_be_cancelled_from_another_thread_and_is_not_remembered():
    import threading

    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        stop.set()  # as a widget's Cancel button would, while the search runs

    result = find_moments("space_vermin", "SV-S2-18", n_games=300, progress=progress,
                          cancel=stop)
    assert result.stopped == "cancelled" and not result.found and seen[0] >= 1
    assert "cancelled" in result.message
    assert not find_moments("space_vermin", "SV-S2-18", n_games=1).cached


def test_a_rule_no_event_cites_is_answered_at_once_with_how_it_is_applied():
    entry = rule_reference("ginormopod")["GIN-MAP-01"]
    assert not entry.in_log
    result = find_moments("ginormopod", "GIN-MAP-01")
    assert result.stopped == "not in log" and result.games_searched == 0
    assert entry.note in result.message


def test_moments_are_identical_whatever_the_executor():
    here = find_moments("ginormopod", "GIN-OVRN-01", use_cache=False)
    clear_cache()
    there = find_moments("ginormopod", "GIN-OVRN-01", executor="processes:2", use_cache=False)
    assert [m.as_dict() for m in here.moments] == [m.as_dict() for m in there.moments]
    assert here.games_searched == there.games_searched and here.stopped == there.stopped


def test_the_second_request_is_answered_from_memory(monkeypatch):
    first = find_moments("ginormopod", "GIN-RETR-03")
    assert not first.cached

    def no_more_games(*args, **kwargs):
        raise AssertionError("a game was played again")

    monkeypatch.setattr(moments_module, "scan_game", no_more_games)
    again = find_moments("ginormopod", "GIN-RETR-03")
    assert again.cached and [m.as_dict() for m in again.moments] == [
        m.as_dict() for m in first.moments]
    other = find_moments("ginormopod", "GIN-MOVE-01")  # a rule of the games already searched
    assert other.found and not other.cached and other.first.seed == 0


def test_the_memory_never_changes_what_is_found():
    warm = find_moments("ginormopod", "GIN-FORT-08", n=2)
    clear_cache()
    cold = find_moments("ginormopod", "GIN-FORT-08", n=2, use_cache=False)
    assert [m.as_dict() for m in warm.moments] == [m.as_dict() for m in cold.moments]


def test_the_plan_varies_scenarios_policies_and_the_variants_that_change_the_rule():
    module = get_game("space_vermin")
    plan = search_plan("space_vermin", rule_reference("space_vermin")["SV-NAT-05"])
    assert {d.scenario for d in plan} == set(module.scenarios)
    assert {d.policies for d in plan} == {(), (("Marines", "random"), ("Vermites", "random"))}
    assert {d.variants for d in plan} == {(), ("nat_needs_line_of_sight",)}
    storm = search_plan("space_vermin", rule_reference("space_vermin")["SV-S2-19"])
    assert {d.scenario for d in storm} == {"great_migration"}
    given = search_plan("ginormopod", scenarios=["standard"], policies=[{"Human": "random"}],
                        variants=[["danger_both_roll"]])
    assert given == [SearchDesign("standard", (("Human", "random"),), ("danger_both_roll",))]
    with pytest.raises(ValueError, match="no policy 'bold'"):
        search_plan("ginormopod", policies=[{"Human": "bold"}])
    with pytest.raises(ValueError, match="unknown scenario"):
        search_plan("ginormopod", scenarios=["nowhere"])


def test_a_rule_can_be_asked_for_by_citation_and_an_unknown_one_is_named():
    result = find_moments("gods_war", "Gods War base game (assumed): Siren Song")
    assert result.found and replayed_event(result.first).rule.endswith("Siren Song")
    by_key = find_moments("gods_war", "project:teleport")
    assert by_key.found and "Teleport" in replayed_event(by_key.first, 0).rule
    with pytest.raises(KeyError, match="did you mean GIN-OVRN"):
        find_moments("ginormopod", "Overrun!")
    with pytest.raises(ValueError, match="at least one"):
        find_moments("ginormopod", "GIN-MOVE-01", n=0)


def test_a_moment_is_plain_data_that_round_trips_through_json():
    m = find_moments("zombies_giants", "ZGC-FIGHT-04").first
    back = Moment.from_dict(json.loads(json.dumps(m.as_dict())))
    assert back == m
    assert replayed_event(back).message == m.event["message"]
    assert "zombies_giants seed" in str(m)
    frame = find_moments("zombies_giants", "ZGC-FIGHT-04").to_frame()
    assert list(frame["event"]) == [m.index]


def test_how_often_rules_apply():
    df = rule_frequency("ginormopod", ["GIN-MOVE-01", "GIN-OVRN-01"], n_games=6)
    common, rare = df.iloc[0], df.iloc[1]
    assert (common["games"], common["of"], common["first game"]) == (6, 6, 0)
    assert rare["games"] == 0 and pd.isna(rare["first game"])


def test_moments_are_the_same_on_a_dask_cluster():
    pytest.importorskip("distributed")
    here = find_moments("gods_war", "GW-AND-05", n=2, use_cache=False)
    clear_cache()
    there = find_moments("gods_war", "GW-AND-05", n=2, executor="dask:2", use_cache=False)
    assert [m.as_dict() for m in here.moments] == [m.as_dict() for m in there.moments]

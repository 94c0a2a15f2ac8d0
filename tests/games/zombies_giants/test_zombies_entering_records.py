"""Stepping onto a square (entering.py), event by event: the move's record (rule, catalogue IDs,
data, the readings it assumed) on a free, a full and a wide figure's square, the combat each square
of zombies starts, what a won or lost fight leaves of the move, and what arriving collects.
"""

from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision
from rules_lib.games.zombies_giants import capacity, invariants
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants.entering import RULE_MOVE, enter
from rules_lib.games.zombies_giants.move_fight import move_fight

from .zg_helpers import ctx, make_state, play, zombies_at

EAST = (11, 10)
SHOP_STREET = (12, 10)  # the Hardware Store tile's street row (its building row is y = 11)


def step(st, to, faces=(), i=0, answers=()):
    """Survivor ``i`` enters ``to``: its events and what ``enter`` returned."""
    proc = enter(st, ctx(faces), st.survivors[i], to, "move")
    events = []
    send = None
    while True:
        try:
            item = proc.send(send)
        except StopIteration as done:
            return events, done.value
        send = None
        if isinstance(item, Decision):
            send = answers[0] if answers else item.options[0]
            answers = answers[1:]
        else:
            events.append(item)


# -- the move's record ----------------------------------------------------------------------------


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_step_onto_a_free_square_cites_step_3_and_assumes_nothing():
    st = make_state()
    events, ended = step(st, EAST)
    (move,) = events
    assert move.kind == "move" and move.rule == RULE_MOVE
    assert move.ids == ("ZGC-FIGHT-01",) and move.data == {} and move.assumed == ""
    assert st.passing is None and ended is None and st.survivors[0].loc == list(EAST)


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-NORM-01")
def test_a_step_onto_a_full_square_cites_the_capacity_rule_and_the_pass_through_reading():
    st = make_state(("Normal",) * 5)
    for s in st.survivors[1:]:
        s.loc = list(EAST)
    events, _ = step(st, EAST)
    (move,) = events
    assert move.kind == "move"
    assert move.rule == f"{RULE_MOVE} (a full square; {capacity.RULE_CAPACITY})"
    assert move.ids == ("ZGC-FIGHT-01", "ZGC-NORM-01", "ZGC-BIG-01")
    assert move.data == {} and move.assumed == P.PASS_THROUGH


@pytest.mark.rule("ZGC-NORM-01")
def test_a_survivor_on_a_full_square_is_marked_as_passing_through():
    st = make_state(("Normal",) * 5)
    for s in st.survivors[1:]:
        s.loc = list(EAST)
    step(st, EAST)
    assert st.passing == "Survivor 1"
    assert invariants(st) == []  # the fifth figure is passing through, not standing there


@pytest.mark.rule("ZGC-NORM-01")
def test_a_step_onto_a_square_with_room_clears_the_passing_mark():
    st = make_state(("Normal",) * 5)
    for s in st.survivors[1:]:
        s.loc = list(EAST)
    step(st, EAST)
    step(st, (12, 10))
    assert st.passing is None


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-HUGE-01")
def test_a_huge_figures_step_names_its_footprint_and_the_east_west_reading():
    st = make_state(("Huge",), at=(9, 10))
    events, _ = step(st, (9, 11))
    (move,) = events
    assert move.kind == "move" and move.rule == RULE_MOVE
    assert move.ids == ("ZGC-FIGHT-01", "ZGC-HUGE-01")
    assert move.data == {"values": ["sizes:sizes.Huge.footprint"]}
    assert move.assumed == P.HUGE_FOOTPRINT


# -- combat on entering -----------------------------------------------------------------------------


@pytest.mark.rule("ZGC-FIGHT-02")
def test_entering_a_square_with_zombies_starts_combat_there():
    st = make_state()
    zombies_at(st, EAST)
    events, _ = step(st, EAST, faces=[6])  # 6 beats one zombie's 4
    combat = events[1]
    assert combat.kind == "combat"
    assert combat.rule == f"{RULE_MOVE} (fight until the Survivor wins or dies)"
    assert combat.ids == ("ZGC-FIGHT-02",)
    assert combat.data == {"square": [11, 10], "squares_with_zombies": 1}


@pytest.mark.rule("ZGC-FIGHT-02", "ZGC-HUGE-01")
def test_a_huge_figure_entering_two_squares_of_zombies_fights_each_square_in_turn():
    st = make_state(("Huge",), at=(9, 10))
    zombies_at(st, (9, 11))
    zombies_at(st, (10, 11))
    events, ended = step(st, (9, 11), faces=[6, 6, 6, 6])
    combats = [e for e in events if e.kind == "combat" and e.rule.startswith(RULE_MOVE)]
    assert [c.data for c in combats] == [
        {"square": [9, 11], "squares_with_zombies": 2},
        {"square": [10, 11], "squares_with_zombies": 2},
    ]
    assert ended is None and st.zombies == []


@pytest.mark.rule("ZGC-FIGHT-02", "ZGC-RES-01")
def test_a_survivor_who_wins_the_fight_on_entering_collects_the_counters_there():
    st = make_state()
    zombies_at(st, EAST)
    st.tokens["11,10"] = {"hearts": 1}
    _, ended = step(st, EAST, faces=[6])
    s = st.survivors[0]
    assert ended is None  # the move goes on
    assert s.reserve == 1 and "11,10" not in st.tokens


@pytest.mark.rule("ZGC-FIGHT-02")
def test_winning_the_fight_on_entering_leaves_movement_to_go_on():
    st = make_state()
    zombies_at(st, EAST)
    s = st.survivors[0]
    # movement 6; a 6 beats the zombie at 11,10, then the Survivor walks on to 12,10
    play(move_fight(st, ctx([6, 6]), s), ["move 11,10", "move 12,10", "stop"])
    assert s.loc == [12, 10] and s.in_play


@pytest.mark.rule("ZGC-FIGHT-02")
def test_a_survivor_who_dies_on_entering_collects_nothing_and_the_move_ends():
    st = make_state()
    s = st.survivors[0]
    s.halves, s.reserve, s.bullets = 2, 0, 0  # one heart, nothing to spend
    zombies_at(st, EAST)
    st.tokens["11,10"] = {"hearts": 1, "bullets": 2}
    _, ended = step(st, EAST, faces=[1, 1, 1, 1])
    assert ended is True and s.status == "dead"
    assert st.tokens["11,10"] == {"hearts": 1, "bullets": 2}
    assert (s.reserve, s.bullets) == (0, 0)


# -- arriving ---------------------------------------------------------------------------------------


@pytest.mark.rule("ZGC-CRAFT-01")
def test_a_stores_street_square_gives_no_part():
    st = make_state()
    s = st.survivors[0]
    s.loc = [11, 10]
    events, _ = step(st, SHOP_STREET)
    assert st.looted == [] and s.parts["size_ray"] == 0
    assert [e.kind for e in events] == ["move"]

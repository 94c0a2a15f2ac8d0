"""A Survivor changes size (size_change.py), event by event: a rider who no longer fits its
Giant's stand gets off, a carried Survivor grown into a Giant steps down, and a figure grown where
its square has no room stands on the nearest square that has (rule, catalogue IDs, the reading
assumed, where each figure ends up).
"""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants import invariants
from rules_lib.games.zombies_giants import provenance as P
from rules_lib.games.zombies_giants.actions import Action
from rules_lib.games.zombies_giants.capacity import RULE_CAPACITY
from rules_lib.games.zombies_giants.crafting import do_craft_action
from rules_lib.games.zombies_giants.state import SizeRay

from .zg_helpers import CENTRE, ctx, make_state, run

RULE_STAND = ("Zombies!!! Giants-Club: Giants and Carrying (as long as they fit on the figurine "
              "stand)")
RULE_TOO_BIG = "Zombies!!! Giants-Club: Giants and Carrying (Giants carry smaller Survivors)"


def carrying(sizes_, at=CENTRE):
    """Survivor 1 carries Survivor 2 (off the board while carried)."""
    st = make_state(sizes_, at=at)
    giant, rider = st.survivors
    giant.carrying = [rider.name]
    rider.carried_by, rider.loc = giant.name, None
    return st, giant, rider


def craft(st, s, how):
    return run(do_craft_action(st, ctx(), s, Action.parse(how)))


# -- a rider who no longer fits the stand -----------------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_rider_of_a_giant_shrunk_to_its_size_gets_off_beside_it_with_the_stand_rule():
    st, giant, rider = carrying(("Big", "Normal"))
    giant.size_ray = SizeRay(2, 2)
    events = craft(st, giant, "ray self to Normal")
    off = events[-1]
    assert off.message == "Survivor 2 no longer fits on Survivor 1's stand and gets off onto 10,10"
    assert off.kind == "move" and off.rule == RULE_STAND
    assert off.ids == ("ZGC-CARRY-01",) and off.assumed == P.GET_OFF
    assert giant.carrying == [] and rider.carried_by is None and rider.loc == [10, 10]
    assert invariants(st) == []


# -- a carried Survivor grown into a Giant -----------------------------------------------------------


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-POT-05")
def test_a_carried_survivor_grown_into_a_giant_steps_down_beside_its_carrier():
    st, huge, rider = carrying(("Huge", "Normal"))  # the Huge figure covers 10,10 and 11,10
    rider.potions = ["Big"]
    events = craft(st, rider, "drink Big potion")
    down = next(e for e in events if "too big to be carried" in e.message)
    assert down.message == "Survivor 2 is too big to be carried and gets off onto 9,10"
    assert down.kind == "move" and down.rule == RULE_TOO_BIG
    assert down.ids == ("ZGC-CARRY-01",) and down.assumed == P.GET_OFF
    assert huge.carrying == [] and rider.carried_by is None and rider.loc == [9, 10]
    assert invariants(st) == []


@pytest.mark.rule("ZGC-CARRY-01")
def test_a_carried_survivor_that_stays_small_stays_on_its_carrier():
    st, huge, rider = carrying(("Huge", "Normal"))
    rider.potions = ["Normal"]
    events = craft(st, rider, "drink Normal potion")
    assert huge.carrying == ["Survivor 2"] and rider.carried_by == "Survivor 1"
    assert rider.loc is None and [e.kind for e in events] == ["craft"]


# -- a figure grown where its square has no room ---------------------------------------------------


@pytest.mark.rule("ZGC-NORM-01", "ZGC-BIG-01", "ZGC-RAY-05")
def test_a_survivor_grown_beside_another_stands_on_the_nearest_free_square_and_says_who_filled_it():
    st = make_state(("Normal", "Normal"))
    s = st.survivors[0]
    s.size_ray = SizeRay(2, 2)
    events = craft(st, s, "ray self to Big")
    moved = events[-1]
    assert moved.message == ("Survivor 1 (Big) has no room at 10,10 (10,10 holds Survivor 2): "
                             "the figure stands at 9,10")
    assert moved.kind == "move" and moved.rule == RULE_CAPACITY
    assert moved.ids == ("ZGC-NORM-01", "ZGC-BIG-01") and moved.assumed == P.GET_OFF
    assert s.loc == [9, 10] and invariants(st) == []


@pytest.mark.rule("ZGC-BIG-01", "ZGC-RAY-05")
def test_a_survivor_grown_where_there_is_room_stays_put():
    st = make_state(("Normal", "Normal"))
    s, other = st.survivors
    other.loc = [9, 9]
    s.size_ray = SizeRay(2, 2)
    events = craft(st, s, "ray self to Big")
    assert s.loc == list(CENTRE) and [e.kind for e in events] == ["craft"]

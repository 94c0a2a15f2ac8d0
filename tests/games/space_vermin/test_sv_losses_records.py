"""Losses and the phases after combat, event by event: a Marine eliminated (§F-2, §J-6, §J-7), a
Vermite flipped or eliminated and where it goes (§J, §Q-1-c, §Q-2-f), the Marines Recovery and NAT
Purging Phases (§K, §L) and the drawn Event Chit's event (§D, §P-1-b, the invented card). Each
event is checked whole (message, rule, kind, catalogue IDs, assumption, data): the log cites the
rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.marine_losses import eliminate_marine
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack

from .sv_helpers import dice, run, table

F2 = "Space Vermin §F-2"
DAMAGE = ("SV-VATK-09", "SV-VATK-10", "SV-VATK-11")


def records(events):
    return [(e.message, e.rule, e.kind, e.ids, e.assumed, e.data) for e in events]


# -- a Marine eliminated (marine_losses) -----------------------------------------------------------


@pytest.mark.rule("SV-RV-04", "SV-VATK-11")
def test_an_rv_eliminated_with_a_jewel_says_the_jewel_stays_and_cites_sv_rv_04():
    """4 hits on the RV: its elimination event names the Jewel left in 233 and adds SV-RV-04 to
    the attack's IDs; the Jewel joins the one already lying in 233."""
    state = table({"RV 1": 233, "Ultra-Mite #2": 234}, jewels={"233": 1})
    state.unit("RV 1").jewels = 1
    events = run(vermite_attack(state, dice(6, 6, 6, 6, 6), ["Ultra-Mite #2"], "RV 1"))
    assert records(events)[1] == (
        "RV 1 is eliminated (4 hits); its Crown Jewel stays in 233", F2, "combat",
        DAMAGE + ("SV-RV-04",), "", {"unit": "RV 1", "at": "233"})
    assert state.jewels == {"233": 2} and state.unit("RV 1").jewels == 0


@pytest.mark.rule("SV-VATK-11")
def test_a_marine_eliminated_without_a_jewel_cites_only_the_attack_rules():
    state = table({"Squad 1": 233, "Ultra-Mite #2": 234})
    events = run(vermite_attack(state, dice(6, 6, 6, 6, 6), ["Ultra-Mite #2"], "Squad 1"))
    assert records(events)[1] == ("Squad 1 is eliminated (4 hits)", F2, "combat", DAMAGE, "",
                                  {"unit": "Squad 1", "at": "233"})
    assert state.jewels == {}


@pytest.mark.rule("SV-NAT-07", "SV-NAT-05")
def test_a_marked_marine_eliminated_by_a_nat_roll_loses_its_marker_and_adds_to_the_losses():
    """RV 1 (NAT Tainted) is the Marine a NAT roll of 1 hits: it leaves the map, its marker goes
    with it, and the Marines lost go from 2 to 3."""
    state = table({"RV 1": 412, "Squad 1": 416, "Soldier #1": 414}, marines_lost=2)
    state.unit("RV 1").nat = "tainted"
    events = run(resolve_fire(state, dice(6, 6, 6, 6, 1), "Squad 1", "Soldier #1"))
    assert records(events)[-1] == ("RV 1 is eliminated", "Space Vermin §J-7", "combat",
                                   ("SV-NAT-07",), "", {"unit": "RV 1", "at": "412"})
    rv = state.unit("RV 1")
    assert (rv.status, rv.hex, rv.nat, state.marines_lost) == ("eliminated", None, "", 3)


@pytest.mark.rule("SV-VATK-11")
def test_the_elimination_event_carries_the_assumption_its_caller_gives():
    state = table({"Squad 1": 233})
    events = run(eliminate_marine(state, dice(), state.unit("Squad 1"), F2, ("SV-VATK-11",),
                                  assumed="a stated reading", why="4 hits"))
    assert records(events) == [("Squad 1 is eliminated (4 hits)", F2, "combat", ("SV-VATK-11",),
                                "a stated reading", {"unit": "Squad 1", "at": "233"})]

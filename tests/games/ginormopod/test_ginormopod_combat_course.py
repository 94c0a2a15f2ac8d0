"""One Combat from start to end (``combat.resolve_battle``): what it reports to its caller, the
count of battles, who answers for the Swarm's Hits, an Overrun by the Humans in their own Fort's
City, the FX the Swarm is offered in a Barrage, and the Barrage's end, each in a position where
nothing else gives the same result."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import R_FORT, resolve_battle
from rules_lib.games.ginormopod.provenance import BARRAGE_NO_RETREAT

from .recording import Recorder


def fight(table, city, side, formation, faces=(), answers=(), kind="normal", variants=()):
    """The events of one Combat, what it returns, and the Decisions it asked."""
    outcome = {}
    ctx = table.ctx(faces, variants)
    policy = Recorder(answers)

    def combat():
        outcome.update((yield from resolve_battle(table.state, ctx,
                                                  table.activation(side, formation), city, kind)))

    events = drive(combat(), policy=policy)
    assert not ctx.dice.remaining, f"unused scripted dice {ctx.dice.remaining}"
    return events, outcome, policy.asked


FIVE_HUMANS = ("Infantry A1", "Infantry A2", "Tank A1", "Tank A2", "Infantry B1")


@pytest.mark.rule("GIN-COMB-01")
def test_every_combat_begun_is_counted_and_one_without_an_enemy_reports_nothing_fought(table):
    table.place("Minneapolis", "Ant X1")
    table.place("Des Moines", "Ant X2")
    _, outcome, _ = fight(table, "Minneapolis", "Swarm", "X")
    fight(table, "Des Moines", "Swarm", "X")
    assert outcome == {"fought": False}
    assert table.state.stats["battles"] == 2


@pytest.mark.rule("GIN-RETR-01", "GIN-COMB-03")
def test_a_fought_combat_reports_its_loser_and_winner(table):
    """The Infantry's Hit sends the acting Ant back where it came from."""
    s = table.place("Minneapolis", "Ant X1", "Infantry A1")
    s.unit("Ant X1").came_from = "Des Moines"
    _, outcome, _ = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 1, 1])
    assert outcome == {"fought": True, "loser": "Swarm", "winner": "Human"}


@pytest.mark.rule("GIN-OVRN-01", "GIN-AMB-08")
def test_the_humans_overrun_a_lone_swarm_unit_in_their_own_fort_s_city(table):
    """Fort boxes count against an Overrun only as the enemy's: five Human units beside their
    Fort (strength 1) overrun the lone Ant there."""
    s = table.state
    s.forts["Chicago"].strength = 1
    table.place("Chicago", *FIVE_HUMANS, "Ant X1")
    _, outcome, _ = fight(table, "Chicago", "Human", "A", answers=["stay"])
    assert outcome == {"fought": True, "overrun": True}
    assert s.unit("Ant X1").pool == "track"


@pytest.mark.rule("GIN-HITS-01")
def test_the_swarm_chooses_which_of_its_units_takes_a_hit(table):
    s = table.place("Minneapolis", "Ant X1", "Spider X1", "Infantry A1")
    for uid in ("Ant X1", "Spider X1"):
        s.unit(uid).came_from = "Des Moines"
    _, _, asked = fight(table, "Minneapolis", "Swarm", "X", [6, 1, 1, 1, 1, 1, 1],
                        answers=["Spider X1"])
    (d,) = [d for d in asked if d.kind == "allocate_hit"]
    assert d.player == "Swarm" and d.options == ["Ant X1", "Spider X1"]
    assert s.unit("Spider X1").reduced and not s.unit("Ant X1").reduced


@pytest.mark.rule("GIN-FORT-10", "GIN-FX-03")
def test_in_a_barrage_the_swarm_is_offered_only_the_fx_that_work_there(table):
    """Tectonic Telekinesis scores Hits of its own: not offered in the Fort's Barrage; the Wasp
    (it fires back) and the Pill Bug (it cancels a Hit) are."""
    s = table.place("Chicago", "Ant X1", "Infantry A1")
    s.fx_hand["Swarm"] = ["Tectonic Telekinesis", "Wasp", "Pill Bug"]
    _, _, asked = fight(table, "Chicago", "Human", "A", [1, 1, 1], kind="barrage")
    (d,) = [d for d in asked if d.kind == "use_fx"]
    assert d.player == "Swarm" and d.options == ["none", "Wasp", "Pill Bug"]


@pytest.mark.rule("GIN-FORT-10")
def test_a_barrage_ends_without_a_retreat_and_says_so(table):
    """The Fort's three dice score one Hit on the two Ants, who suffered more: still nobody
    Retreats after a Barrage."""
    table.place("Chicago", "Ant X1", "Ant X2", "Infantry A1")
    events, outcome, _ = fight(table, "Chicago", "Human", "A", [6, 1, 1], kind="barrage")
    e = events[-1]
    assert (e.message, e.rule, e.ids, e.assumed) == ("Barrage: no Retreat follows", R_FORT,
                                                     ("GIN-FORT-10",), BARRAGE_NO_RETREAT)
    assert outcome == {"fought": True}
    assert not any(e.kind == "retreat" for e in events)


@pytest.mark.rule("GIN-AMB-11", "GIN-VIC-01")
def test_a_combat_that_wins_the_game_at_once_ends_before_any_retreat(table):
    """Variant sudden_victory: the Ants destroy Washington DC's Fort, the second victory City
    gone; the game is over, so nobody Retreats and the Combat reports only that it was fought."""
    s = table.place("Washington DC", "Ant X1", "Ant X2")
    s.forts["New York City"].strength, s.forts["New York City"].destroyed = 0, True
    s.forts["Washington DC"].strength = 1
    events, outcome, _ = fight(table, "Washington DC", "Swarm", "X", [1, 3, 4, 3, 4],
                               variants=["sudden_victory"])
    assert s.result == "Swarm"
    assert outcome == {"fought": True}
    assert not any(e.kind == "retreat" for e in events)

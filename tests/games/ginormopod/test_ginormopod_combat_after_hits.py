"""Who must Retreat after the Hits (``combat.after_hits``), entry by entry: the three ways nobody
Retreats, the winner and loser the Combat returns, GIN-AMB-13's two readings where they change the
verdict, and a Fort that stands alone or falls, each in a position where nothing else gives the
same result."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import AMB_13, R_RETREAT, resolve_battle
from rules_lib.games.ginormopod.provenance import FORT_ALONE_STANDS

AMB_13_VARIANT = "variant of GIN-AMB-13: Hits the Fort absorbs do not count for the Retreat"


def fight(table, city, faces, variants=(), side="Swarm", formation="X"):
    """The events of one Combat and what it returns (fought, loser, winner)."""
    outcome = {}

    def combat():
        outcome.update((yield from resolve_battle(table.state, ctx,
                                                  table.activation(side, formation), city)))

    ctx = table.ctx(faces, variants)
    events = drive(combat())
    assert not ctx.dice.remaining, f"unused scripted dice {ctx.dice.remaining}"
    return events, outcome


def after(events):
    """The entry that says who Retreats (or that nobody does)."""
    return next(e for e in events if e.rule.endswith("(Retreat)") or e.kind == "retreat")


def swarm_from(table, city, *ids, came_from="Minneapolis", reduced=False):
    s = table.place(city, *ids, reduced=reduced)
    for uid in ids:
        s.unit(uid).came_from = came_from
    return s


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-02")
def test_no_retreat_when_the_acting_side_ties_but_the_enemy_is_wiped_out(table):
    """A Fresh Ant and a Reduced Infantry each score one Hit: the Infantry is gone."""
    swarm_from(table, "Minneapolis", "Ant X1", came_from="Des Moines")
    table.place("Minneapolis", "Infantry A1", reduced=True)
    events, outcome = fight(table, "Minneapolis", [6, 3, 1])
    e = after(events)
    assert (e.message, e.rule, e.kind, e.ids, e.assumed, e.data) == (
        "No Retreat: the acting side suffered as many hits, but the enemy has no units left",
        R_RETREAT, "info", ("GIN-RETR-01", "GIN-RETR-02"), "", {"Swarm": 1, "Human": 1})
    assert (outcome["loser"], outcome["winner"]) == ("", "Swarm")
    assert table.where("Ant X1") == "Minneapolis"


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-02")
def test_no_retreat_when_the_side_that_suffered_fewer_hits_is_wiped_out(table):
    """A Reduced Spider scores two Hits on two Infantry and is eliminated by their one: the
    Humans suffered more, but the Swarm that beat them has no unit left to hold the City."""
    swarm_from(table, "Minneapolis", "Spider X1", came_from="Des Moines", reduced=True)
    table.place("Minneapolis", "Infantry A1", "Infantry A2")
    events, outcome = fight(table, "Minneapolis", [6, 1, 1, 1, 3, 4])
    e = after(events)
    assert e.message == "No Retreat: the side that suffered fewer hits has no units left"
    assert e.data == {"Swarm": 1, "Human": 2}
    assert (outcome["loser"], outcome["winner"]) == ("", "Human")
    assert table.where("Infantry A1") == table.where("Infantry A2") == "Minneapolis"


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-02")
def test_when_both_sides_are_wiped_out_nobody_wins(table):
    swarm_from(table, "Minneapolis", "Ant X1", came_from="Des Moines", reduced=True)
    table.place("Minneapolis", "Infantry A1", reduced=True)
    events, outcome = fight(table, "Minneapolis", [6, 6])
    assert after(events).message == "Both sides are wiped out"
    assert (outcome["loser"], outcome["winner"]) == ("", "")


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-06")
def test_the_humans_who_lose_retreat_and_the_log_gives_both_sides_hits(table):
    """One Hit on two Infantry, none on the Ant: the Humans (not acting) Retreat, and may go to
    Des Moines, contested since before the Activation, or to Chicago."""
    swarm_from(table, "Minneapolis", "Ant X1", came_from="Des Moines")
    table.place("Minneapolis", "Infantry A1", "Infantry A2")
    table.place("Des Moines", "Ant Y1", "Infantry B1")
    events, outcome = fight(table, "Minneapolis", [1, 1, 1, 1, 3, 1])
    e = after(events)
    assert (e.rule, e.ids, e.assumed, e.data) == (R_RETREAT, ("GIN-RETR-01",), "",
                                                  {"Swarm": 0, "Human": 1})
    assert (outcome["loser"], outcome["winner"]) == ("Human", "Swarm")
    assert table.where("Infantry A1") == table.where("Infantry A2") == "Des Moines"


@pytest.mark.rule("GIN-RETR-01", "GIN-RETR-03")
def test_the_swarm_that_suffered_more_retreats_where_no_fort_stands_assuming_nothing(table):
    swarm_from(table, "Minneapolis", "Ant X1", came_from="Des Moines")
    table.place("Minneapolis", "Infantry A1")
    events, _ = fight(table, "Minneapolis", [6, 1, 1, 1])
    e = after(events)
    assert (e.kind, e.ids, e.assumed, e.data) == ("retreat", ("GIN-RETR-01",), "",
                                                  {"Swarm": 1, "Human": 0})
    assert table.where("Ant X1") == "Des Moines"


def fort_hits_position(table):
    """Chicago's Fort and a Fresh Infantry against a Reduced Spider and a Reduced Ant: the Swarm's
    three Hits eliminate the Infantry (two) and take a Fort box; the Humans' two eliminate the
    Swarm. Counting the Fort's Hit the Humans suffered more (3 to 2); without it, as many (2)."""
    swarm_from(table, "Chicago", "Spider X1", "Ant X1", reduced=True)
    table.place("Chicago", "Infantry A1")
    return [6, 6, 1, 1, 1, 6, 6, 6]


@pytest.mark.rule("GIN-AMB-13", "GIN-RETR-02")
def test_by_default_the_hits_the_fort_absorbs_count_so_nobody_retreats(table):
    events, _ = fight(table, "Chicago", fort_hits_position(table))
    e = after(events)
    assert e.message == "No Retreat: the side that suffered fewer hits has no units left"
    assert (e.ids, e.assumed, e.data) == (("GIN-RETR-01", "GIN-RETR-02", "GIN-AMB-13"), AMB_13,
                                          {"Swarm": 2, "Human": 3})


@pytest.mark.rule("GIN-AMB-13", "GIN-RETR-01")
def test_the_variant_not_counting_the_fort_s_hits_makes_the_acting_swarm_lose(table):
    events, outcome = fight(table, "Chicago", fort_hits_position(table),
                            variants=["fort_hits_not_counted_for_retreat"])
    e = after(events)
    assert (e.kind, e.ids, e.assumed, e.data) == ("retreat", ("GIN-RETR-01", "GIN-AMB-13"),
                                                  AMB_13_VARIANT, {"Swarm": 2, "Human": 2})
    assert outcome["loser"] == "Swarm"


@pytest.mark.rule("GIN-AMB-13", "GIN-HITS-01")
def test_the_variant_counts_only_the_hits_the_human_units_could_absorb(table):
    """Two Hits on the Humans, a Fresh Infantry absorbs both: the Fort took none, so the variant
    counts both and the Humans (2 to 1) Retreat, as by default; nothing of GIN-AMB-13 to tell."""
    swarm_from(table, "Chicago", "Ant X1", "Ant X2")
    table.place("Chicago", "Infantry A1")
    events, outcome = fight(table, "Chicago", [6, 1, 1, 1, 1, 3, 4, 1, 1],
                            variants=["fort_hits_not_counted_for_retreat"])
    assert outcome["loser"] == "Human"
    assert all("GIN-AMB-13" not in e.ids for e in events)


@pytest.mark.rule("GIN-FORT-04", "GIN-RETR-01")
def test_a_fort_left_alone_still_holds_so_the_swarm_that_suffered_more_retreats(table):
    """Two Ants take three Hits and eliminate the lone Reduced Infantry: the undestroyed Fort
    counts as Humans left, so the Swarm Retreats, saying why."""
    swarm_from(table, "Chicago", "Ant X1", "Ant X2")
    table.place("Chicago", "Infantry A1", reduced=True)
    events, outcome = fight(table, "Chicago", [6, 6, 6, 1, 3, 1, 1, 1])
    e = next(e for e in events if e.kind == "retreat")
    assert e.assumed == FORT_ALONE_STANDS and e.data == {"Swarm": 3, "Human": 1}
    assert outcome["loser"] == "Swarm"
    assert table.where("Ant X2") == "Minneapolis"


@pytest.mark.rule("GIN-FORT-03", "GIN-RETR-02")
def test_a_fort_destroyed_in_the_combat_no_longer_counts_as_humans_left(table):
    """The Fort of strength 1 and two Reduced Infantry take the Swarm's three Hits and are all
    gone: the acting Swarm suffered as many (3), but nobody is left to make it Retreat."""
    table.state.forts["Chicago"].strength = 1
    swarm_from(table, "Chicago", "Ant X1", "Ant X2", "Ant Y1")
    table.place("Chicago", "Infantry A1", "Infantry A2", reduced=True)
    events, outcome = fight(table, "Chicago", [6, 6, 6, 3, 4, 3, 1, 1, 1])
    assert table.state.forts["Chicago"].destroyed
    assert after(events).message == ("No Retreat: the acting side suffered as many hits, but the "
                                     "enemy has no units left")
    assert outcome["winner"] == "Swarm"


@pytest.mark.rule("GIN-AMB-13", "GIN-RETR-01")
@pytest.mark.parametrize("infantry_reduced,faces,loser", [
    # the Humans suffer 3 (2 on the Fresh Infantry, 1 on the Fort) to 1: they lose either way
    (False, [6, 1, 1, 1, 1, 3, 4, 3, 1], "Human"),
    # 2 each (1 on the Reduced Infantry, 1 on the Fort): the acting Swarm loses either way
    (True, [6, 6, 1, 1, 3, 4, 1, 1], "Swarm"),
])
def test_the_fort_s_hits_go_unmentioned_where_both_readings_send_the_same_side_back(
        table, infantry_reduced, faces, loser):
    swarm_from(table, "Chicago", "Ant X1", "Ant X2")
    table.place("Chicago", "Infantry A1", reduced=infantry_reduced)
    events, outcome = fight(table, "Chicago", faces)
    assert outcome["loser"] == loser
    assert table.state.fort_intact("Chicago")
    assert all("GIN-AMB-13" not in e.ids for e in events)

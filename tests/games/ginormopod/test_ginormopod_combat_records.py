"""Overrun, its advance and the Sortie's return, each checked in a position where nothing else gives
the same result: who decides, what they may choose (the stacking limit exactly at its edge), and
what the log records (rule, kind, catalogue ids, the data the explorer reads)."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod.combat import (
    AMB_17,
    AMB_17_VARIANT,
    R_FORT,
    R_OVERRUN,
    resolve_battle,
)

from .recording import Recorder


def fight(table, city, side, formation, faces=(), answers=(), kind="normal", variants=(),
          act=None):
    act = act or table.activation(side, formation)
    ctx = table.ctx(faces, variants)
    policy = Recorder(answers)
    events = drive(resolve_battle(table.state, ctx, act, city, kind), policy=policy)
    assert not ctx.dice.remaining, f"unused scripted dice {ctx.dice.remaining}"
    return events, act, policy.asked


def one(events, kind):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, [e.message for e in events]
    return found[0]


FIVE_SWARM = ("Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1")


@pytest.mark.rule("GIN-OVRN-01", "GIN-OVRN-02", "GIN-HITS-02")
def test_an_overrun_is_logged_with_its_rule_city_and_victim_and_counted(table):
    s = table.place("Minneapolis", *FIVE_SWARM, "Infantry A1")
    events, _, asked = fight(table, "Minneapolis", "Swarm", "X")
    e = one(events, "overrun")
    assert e.rule == R_OVERRUN
    assert e.data == {"city": "Minneapolis", "unit": "Infantry A1"}
    assert e.ids == ("GIN-OVRN-01", "GIN-OVRN-02", "GIN-AMB-08", "GIN-HITS-02")
    assert e.assumed == ""  # no Fort: nothing of GIN-AMB-08's variant to tell
    assert s.stats["overruns"] == 1
    s2 = table.place("Des Moines", "Ant Z2", "Worm X1", "Worm Y1", "Worm Z1", "Spider X1",
                     "Tank A2")
    fight(table, "Des Moines", "Swarm", "X")
    assert s2.stats["overruns"] == 2  # counted once more, not reset


@pytest.mark.rule("GIN-OVRN-01", "GIN-OVRN-02", "GIN-HITS-03")
def test_the_humans_overrun_a_lone_swarm_unit_which_goes_to_the_time_tracker(table_factory):
    table = table_factory(turn=3)
    s = table.place("Minneapolis", "Infantry A1", "Infantry A2", "Tank A1", "Tank A2",
                    "Infantry B1", "Ant X1")
    events, _, _ = fight(table, "Minneapolis", "Human", "A")
    e = one(events, "overrun")
    assert e.data == {"city": "Minneapolis", "unit": "Ant X1"}
    assert e.ids[-1] == "GIN-HITS-03"
    u = s.unit("Ant X1")
    assert (u.pool, u.track_turn) == ("track", 3 + table.data.tracker_delay)


@pytest.mark.rule("GIN-OVRN-01", "GIN-AMB-08")
def test_the_variant_overrun_through_fort_boxes_says_so(table):
    s = table.place("Chicago", *FIVE_SWARM, "Infantry A1")
    events, _, _ = fight(table, "Chicago", "Swarm", "X", variants=["overrun_ignores_fort_boxes"])
    e = one(events, "overrun")
    assert e.assumed.startswith("variant of GIN-AMB-08")
    assert s.forts["Chicago"].strength == 3  # the Fort itself is not overrun
    # the same variant without a Fort in the City: nothing to tell
    table.place("Minneapolis", "Ant Z2", "Worm X1", "Worm Y1", "Worm Z1", "Spider X1",
                "Tank A2")
    events, _, _ = fight(table, "Minneapolis", "Swarm", "Y",
                         variants=["overrun_ignores_fort_boxes"])
    assert one(events, "overrun").assumed == ""


@pytest.mark.rule("GIN-OVRN-03", "GIN-STACK-01")
@pytest.mark.parametrize("already,offered", [(1, True), (2, False)])
def test_the_overrun_advance_may_fill_a_city_to_the_stacking_limit_but_not_beyond(
        table, already, offered):
    """Five overrunning units may join one Swarm unit in a City (6, the limit) but not two; the
    Chicago Fort next door (enemy, to be attacked) is always offered."""
    table.place("Minneapolis", *FIVE_SWARM, "Infantry A1")
    table.place("Des Moines", *("Worm X1", "Worm Y1")[:already])
    _, _, asked = fight(table, "Minneapolis", "Swarm", "X", answers=["stay"])
    (d,) = [d for d in asked if d.kind == "overrun_advance"]
    assert d.player == "Swarm" and d.rule == R_OVERRUN and d.ids == ("GIN-OVRN-03",)
    assert d.data == {"city": "Minneapolis"}
    assert d.options == (["stay", "Des Moines", "Chicago"] if offered else ["stay", "Chicago"])


@pytest.mark.rule("GIN-OVRN-03", "GIN-OVRN-04")
def test_the_overrun_advance_is_logged_and_opens_a_new_battle_only_where_the_enemy_is(table):
    table.place("Minneapolis", *FIVE_SWARM, "Infantry A1")
    table.place("Des Moines", "Tank A2")
    events, act, _ = fight(table, "Minneapolis", "Swarm", "X", answers=["Des Moines"])
    e = one(events, "move")
    assert e.rule == R_OVERRUN and e.ids == ("GIN-OVRN-03", "GIN-OVRN-04")
    assert e.data == {"from": "Minneapolis", "to": "Des Moines"}
    assert act.pending == ["Des Moines"]


@pytest.mark.rule("GIN-OVRN-03", "GIN-OVRN-04")
def test_an_overrun_advance_into_an_empty_city_opens_no_battle(table):
    table.place("Minneapolis", *FIVE_SWARM, "Infantry A1")
    _, act, _ = fight(table, "Minneapolis", "Swarm", "X", answers=["Des Moines"])
    assert table.where("Ant Z1") == "Des Moines" and act.pending == []


@pytest.mark.rule("GIN-OVRN-03")
def test_staying_after_an_overrun_moves_nobody(table):
    table.place("Minneapolis", *FIVE_SWARM, "Infantry A1")
    events, act, _ = fight(table, "Minneapolis", "Swarm", "X", answers=["stay"])
    assert all(table.where(u) == "Minneapolis" for u in FIVE_SWARM)
    assert not any(e.kind == "move" for e in events) and act.pending == []


def sortie_position(table, fort_strength=None):
    """Two Tanks sortied from Chicago's Fort into Des Moines, where one Ant stands."""
    s = table.state
    if fort_strength is not None:
        s.forts["Chicago"].strength = fort_strength
        s.forts["Chicago"].destroyed = fort_strength == 0
    table.place("Des Moines", "Tank A1", "Tank A2", "Ant X1")
    for uid in ("Tank A1", "Tank A2"):
        s.unit(uid).sortie_from = "Chicago"
    return s


@pytest.mark.rule("GIN-FORT-13", "GIN-AMB-17")
@pytest.mark.parametrize("strength,asked_", [(3, True), (0, False)])
def test_after_a_won_sortie_the_units_may_return_only_to_a_standing_fort(table, strength, asked_):
    """The Tanks sortied from Chicago win at Des Moines: they are asked to return only while the
    Fort stands (a destroyed Fort has room, so only the Fort's standing decides)."""
    sortie_position(table, strength)
    # Humans: two Fresh Tanks, four dice; Ant two dice. Tanks hit twice, the Ant misses
    _, _, asked = fight(table, "Des Moines", "Human", "A", faces=[6, 6, 1, 1, 1, 1],
                        answers=["return to Chicago"])
    sortie = [d for d in asked if d.kind == "sortie"]
    assert bool(sortie) is asked_
    if asked_:
        (d,) = sortie
        assert d.player == "Human" and d.rule == R_FORT
        assert d.ids == ("GIN-FORT-13", "GIN-AMB-17")
        assert d.data == {"city": "Des Moines", "fort": "Chicago"}
        assert table.where("Tank A1") == "Chicago"


@pytest.mark.rule("GIN-OVRN-03", "GIN-FENCE-01", "GIN-AMB-14")
@pytest.mark.parametrize("destroyed,east", [(("Chicago",), False),
                                            (("Chicago", "St Louis"), True)])
def test_the_overrun_advance_obeys_the_fusion_fence(table, destroyed, east):
    """From the ruined Chicago Fort the advance may go east only once the Fence is broken there
    (Chicago and the road-adjacent St Louis both destroyed, GIN-AMB-14's default reading)."""
    for city in destroyed:
        table.state.forts[city].strength, table.state.forts[city].destroyed = 0, True
    table.place("Chicago", *FIVE_SWARM, "Infantry A1")
    _, _, asked = fight(table, "Chicago", "Swarm", "X", answers=["stay"])
    (d,) = [d for d in asked if d.kind == "overrun_advance"]
    west = ["stay", "Minneapolis", "Des Moines", "St Louis"]
    assert d.options == (west + ["Cincinnati", "Buffalo"] if east else west)


@pytest.mark.rule("GIN-FORT-13", "GIN-STACK-01", "GIN-STACK-02")
@pytest.mark.parametrize("inside,asked_", [(("Infantry A2",), True),
                                           (("Infantry A2", "Infantry A3"), False)])
def test_the_sortie_returns_only_if_the_fort_has_room_for_the_whole_group(table, inside, asked_):
    """Chicago's Fort (3 boxes) holds one or two Infantry: the two Tanks fit back beside one
    (3 + 1 + 2 = 6, the limit) but not beside two (7)."""
    sortie_position(table)
    table.place("Chicago", *inside)
    _, _, asked = fight(table, "Des Moines", "Human", "A", faces=[6, 6, 1, 1, 1, 1],
                        answers=["return to Chicago"])
    assert any(d.kind == "sortie" for d in asked) is asked_
    assert table.where("Tank A1") == ("Chicago" if asked_ else "Des Moines")


@pytest.mark.rule("GIN-FORT-13")
def test_only_the_units_that_sortied_return_to_the_fort(table):
    """An Infantry already in Des Moines fights beside the sortie but does not go to the Fort."""
    sortie_position(table)
    table.place("Des Moines", "Infantry B1")
    _, _, asked = fight(table, "Des Moines", "Human", "A", faces=[6] * 6 + [1, 1],
                        answers=["return to Chicago"])
    assert any(d.kind == "sortie" for d in asked)
    assert table.where("Tank A1") == table.where("Tank A2") == "Chicago"
    assert table.where("Infantry B1") == "Des Moines"


@pytest.mark.rule("GIN-FORT-13")
def test_sortie_units_that_choose_to_remain_stay_in_the_city_they_won(table):
    """A lone Tank sortied from Chicago wins at Des Moines (its doubles score the two Hits that
    eliminate the Ant) and is asked; answering 'remain' moves nobody."""
    s = table.place("Des Moines", "Tank A1", "Ant X1")
    s.unit("Tank A1").sortie_from = "Chicago"
    events, _, asked = fight(table, "Des Moines", "Human", "A", faces=[6, 6, 1, 1],
                             answers=["remain"])
    (d,) = [d for d in asked if d.kind == "sortie"]
    assert d.options == ["remain", "return to Chicago"]
    assert table.where("Tank A1") == "Des Moines"
    assert not any(e.kind == "move" for e in events)


@pytest.mark.rule("GIN-FORT-12", "GIN-FORT-13", "GIN-AMB-17")
def test_the_sortie_units_return_to_their_fort_as_a_logged_move(table):
    sortie_position(table)
    events, _, _ = fight(table, "Des Moines", "Human", "A", faces=[6, 6, 1, 1, 1, 1],
                         answers=["return to Chicago"])
    e = one(events, "move")
    assert (e.rule, e.ids) == (R_FORT, ("GIN-FORT-12", "GIN-FORT-13", "GIN-AMB-17"))
    assert table.where("Tank A1") == table.where("Tank A2") == "Chicago"


@pytest.mark.rule("GIN-FORT-13", "GIN-AMB-17")
@pytest.mark.parametrize("variants,assumed", [((), AMB_17),
                                              (("sortie_won_only_by_wiping_out",), AMB_17_VARIANT)])
def test_the_sortie_question_names_the_reading_of_a_won_sortie(table, variants, assumed):
    """The Tanks' doubles score two Hits: the Ant is eliminated, a Sortie won in either reading."""
    sortie_position(table)
    _, _, asked = fight(table, "Des Moines", "Human", "A", faces=[6, 6, 1, 1, 1, 1],
                        answers=["remain"], variants=variants)
    (d,) = [d for d in asked if d.kind == "sortie"]
    assert d.assumed == assumed


@pytest.mark.rule("GIN-FORT-13", "GIN-FORT-04", "GIN-AMB-17")
def test_a_lost_sortie_offers_no_return_though_its_units_hold_the_fort_they_attacked(table):
    """A Tank sortied from Chicago into St Louis, whose undestroyed Fort two Ants hold, takes the
    one Hit scored: the Humans lose and, in a Fort, ignore the Retreat. They stay beside the Swarm,
    and a lost Sortie asks nothing about returning."""
    s = table.place("St Louis", "Ant Y1", "Ant Y2", "Tank A1")
    s.unit("Tank A1").sortie_from = s.unit("Tank A1").came_from = "Chicago"
    _, _, asked = fight(table, "St Louis", "Human", "A", faces=[1, 2, 1, 1, 1, 3, 1, 1, 1],
                        answers=["ignore"])
    assert [d.kind for d in asked] == ["fort_retreat"]
    assert table.where("Tank A1") == "St Louis" and s.unit("Tank A1").reduced


@pytest.mark.rule("GIN-COMB-01", "GIN-MAP-03")
def test_a_fort_is_the_enemy_of_the_swarm_only(table):
    """A City with a standing Fort and Human units but no Swarm unit: the acting Humans have
    nobody to fight there; the acting Swarm in an empty Fort City fights the Fort itself."""
    table.place("Chicago", "Infantry A1")
    events, _, _ = fight(table, "Chicago", "Human", "A")
    (e,) = events
    assert (e.rule, e.ids, e.kind) == (R_FORT, ("GIN-COMB-01",), "info")
    assert table.state.stats["battles"] == 1  # counted, though nobody fought


@pytest.mark.rule("GIN-FORT-10", "GIN-COMB-01")
@pytest.mark.parametrize("kind,fought", [("barrage", True), ("normal", False)])
def test_an_empty_fort_acts_in_its_own_orders_only(table, kind, fought):
    """Swarm units in a Fort no Human unit holds: the Fort's Barrage is a Combat (its three dice
    roll), while the Humans' ordinary Combat there has no Human unit to fight with."""
    table.place("Chicago", "Ant X1")
    faces = [1, 1, 1] if fought else []
    events, _, _ = fight(table, "Chicago", "Human", "A", faces=faces, kind=kind)
    assert any(e.kind == "combat" for e in events) is fought

"""The opening of a Combat (``line_up``): hidden Guards revealed first, who fights, and the Combat
Marker's log entry (rule, catalogue ids, data, the reading assumed), each in a position where
nothing else gives the same result."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision, Event
from rules_lib.games.ginormopod.combat import (
    AMB_07,
    AMB_07_VARIANT,
    R_COMBAT,
    R_FORT,
    resolve_battle,
)
from rules_lib.games.ginormopod.provenance import whys


def opening(table, city, side, formation, kind="normal", variants=()):
    """The first Combat or no-Combat entry the Combat logs (before any die is rolled)."""
    proc = resolve_battle(table.state, table.ctx((), variants), table.activation(side, formation),
                          city, kind)
    item = None
    while True:
        item = proc.send(None)
        assert not isinstance(item, Decision), item
        if isinstance(item, Event) and (item.kind == "combat" or "COMB-01" in str(item.ids)):
            return item


@pytest.mark.rule("GIN-COMB-02", "GIN-COMB-03", "GIN-AMB-07")
def test_an_ordinary_combat_opens_with_the_combat_marker_and_no_fort(table):
    table.place("Minneapolis", "Ant X1", "Infantry A1")
    e = opening(table, "Minneapolis", "Swarm", "X")
    assert (e.rule, e.kind, e.ids, e.assumed) == (
        R_COMBAT, "combat", ("GIN-COMB-02", "GIN-COMB-03", "GIN-AMB-07"), AMB_07)
    assert e.data == {"city": "Minneapolis", "kind": "normal", "fort": ""}


@pytest.mark.rule("GIN-COMB-02", "GIN-FORT-01", "GIN-AMB-07")
def test_a_combat_at_an_undestroyed_fort_is_a_fort_combat_and_says_why_its_strength(table):
    table.place("Chicago", "Ant X1", "Infantry A1")
    e = opening(table, "Chicago", "Swarm", "X")
    fort_why = whys(table.data).forts["Chicago"]
    assert fort_why
    assert (e.rule, e.ids) == (R_FORT, ("GIN-COMB-02", "GIN-COMB-03", "GIN-AMB-07"))
    assert e.data == {"city": "Chicago", "kind": "normal", "fort": "Chicago"}
    assert e.assumed.startswith(AMB_07) and fort_why in e.assumed


@pytest.mark.rule("GIN-FORT-09", "GIN-COMB-02")
def test_a_full_attack_opens_citing_the_full_attack_rule(table):
    table.place("Chicago", "Ant X1", "Infantry A1")
    e = opening(table, "Chicago", "Human", "A", kind="full_attack")
    assert e.ids == ("GIN-COMB-02", "GIN-COMB-03", "GIN-AMB-07", "GIN-FORT-09")
    assert e.data == {"city": "Chicago", "kind": "full_attack", "fort": "Chicago"}
    assert e.message.startswith("Full Attack at Chicago")


@pytest.mark.rule("GIN-FORT-10", "GIN-COMB-02")
def test_a_barrage_opens_as_the_fort_s_own_combat(table):
    table.place("Chicago", "Ant X1", "Infantry A1")
    e = opening(table, "Chicago", "Human", "A", kind="barrage")
    assert (e.rule, e.kind, e.ids) == (R_FORT, "combat", ("GIN-FORT-10", "GIN-COMB-02"))
    assert e.data == {"city": "Chicago", "kind": "barrage", "fort": "Chicago"}
    assert e.assumed == whys(table.data).forts["Chicago"]


@pytest.mark.rule("GIN-AMB-07")
def test_the_variant_letting_only_the_activated_formation_attack_says_so(table):
    table.place("Minneapolis", "Ant X1", "Infantry A1")
    e = opening(table, "Minneapolis", "Swarm", "X", variants=["only_activated_units_attack"])
    assert e.assumed == AMB_07_VARIANT


@pytest.mark.rule("GIN-FORT-09", "GIN-COMB-01")
def test_a_full_attack_from_an_empty_fort_is_fought_by_the_fort_alone(table):
    table.place("Chicago", "Ant X1")
    e = opening(table, "Chicago", "Human", "A", kind="full_attack")
    assert e.kind == "combat" and e.data["kind"] == "full_attack"


@pytest.mark.rule("GIN-FORT-01", "GIN-COMB-01")
def test_the_swarm_attacking_an_empty_undestroyed_fort_fights_the_fort(table):
    table.place("Chicago", "Ant X1")
    e = opening(table, "Chicago", "Swarm", "X")
    assert e.kind == "combat" and e.data["fort"] == "Chicago"


@pytest.mark.rule("GIN-COMB-01")
def test_no_combat_where_the_enemy_has_no_unit(table):
    table.place("Minneapolis", "Ant X1")
    e = opening(table, "Minneapolis", "Swarm", "X")
    assert (e.rule, e.ids, e.kind) == (R_COMBAT, ("GIN-COMB-01",), "info")


@pytest.mark.rule("GIN-NG-01", "GIN-NG-02", "GIN-COMB-01")
def test_a_blank_guard_revealed_at_the_combat_leaves_nobody_to_fight(table):
    """The Guards are revealed before the units are counted: a blank one is removed, so the
    Swarm finds nobody there."""
    table.place("Minneapolis", "Ant X1")
    table.guard("Minneapolis", "Guard 1", armed=False)
    e = opening(table, "Minneapolis", "Swarm", "X")
    assert e.ids == ("GIN-COMB-01",)
    assert table.where("Guard 1") != "Minneapolis"


@pytest.mark.rule("GIN-COMB-02")
def test_the_combat_marker_entry_counts_each_side_s_units_and_no_fort_where_none_stands(table):
    table.place("Minneapolis", "Ant X1", "Ant X2", "Infantry A1")
    e = opening(table, "Minneapolis", "Swarm", "X")
    assert e.message == ("Combat at Minneapolis (Combat Marker placed): Swarm 2 unit(s) vs "
                         "Human 1 unit(s)")


@pytest.mark.rule("GIN-NG-01", "GIN-NG-02", "GIN-COMB-02")
def test_an_armed_guard_revealed_at_the_combat_stays_and_fights(table):
    """The Guard is revealed before the units are counted: armed, it is the Humans' one unit."""
    table.place("Minneapolis", "Ant X1")
    table.guard("Minneapolis", "Guard 1", armed=True)
    e = opening(table, "Minneapolis", "Swarm", "X")
    assert e.kind == "combat" and e.message.endswith("Swarm 1 unit(s) vs Human 1 unit(s)")
    assert table.state.unit("Guard 1").revealed

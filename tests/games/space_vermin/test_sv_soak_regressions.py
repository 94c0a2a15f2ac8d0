"""Regressions found by the 1,000-game Campaign soak: stacking (§E-3) and Marines never sharing a
hex with Vermites, in the advance after combat (§F-2) and the Vermite Hordes (§Q-2-c)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.scenarios import scenario_table
from rules_lib.games.space_vermin.spawning import hordes
from rules_lib.games.space_vermin.vermite_attacks import vermite_combat_step
from rules_lib.games.space_vermin.views import invariants

from .sv_helpers import DATA, dice, run, table, texts

SIXES = [6] * 30  # every attack die hits; NAT rolls that follow see sixes too


def beta(placements: dict):
    return table(placements, map_key="beta")


@pytest.mark.rule("SV-VATK-12", "SV-VSTK-01", "SV-VSTK-03")
def test_an_advance_from_an_entry_hex_stops_at_the_stacking_limit():
    # soak campaign seed 298: three non-Drones in Entry hex 111 all advanced into 141
    state = beta({"Soldier #11": 111, "Soldier #19": 111, "Ultra-Mite #22": 111, "Squad 1": 141})
    events = run(vermite_combat_step(state, dice(*SIXES)))
    assert state.unit("Squad 1").status == "eliminated"
    assert {u.id for u in state.units_at("141")} == {"Ultra-Mite #22", "Soldier #11"}
    assert state.unit("Soldier #19").hex == "111"
    assert "Soldier #19 stays in 111" in texts(events)
    assert invariants(state) == []


@pytest.mark.rule("SV-VATK-12", "SV-VSTK-01", "SV-S2-12")
def test_a_queen_advances_only_with_her_escort():
    state = beta({"High Queen": 111, "Ultra-Mite #18": 111, "Soldier #1": 111, "Squad 1": 141})
    state.unit("Ultra-Mite #18").escort_of = "High Queen"
    run(vermite_combat_step(state, dice(*SIXES)))
    assert state.unit("Squad 1").status == "eliminated"
    assert [u.id for u in state.units_at("141")] == ["Soldier #1"]
    assert state.unit("High Queen").hex == state.unit("Ultra-Mite #18").hex == "111"
    assert invariants(state) == []


@pytest.mark.rule("SV-VATK-12", "SV-VSTK-03", "SV-S2-10")
def test_all_attackers_advance_into_an_emptied_entry_hex():
    state = beta({"Soldier #1": 115, "Soldier #3": 115, "Ultra-Mite #2": 115, "Squad 1": 116})
    run(vermite_combat_step(state, dice(*SIXES)))
    assert state.unit("Squad 1").status == "eliminated"
    assert {u.id for u in state.units_at("116")} == {"Soldier #1", "Soldier #3", "Ultra-Mite #2"}
    assert invariants(state) == []


@pytest.mark.rule("SV-S2-08", "SV-MMOV-04")
def test_no_horde_vermite_enters_an_entry_hex_a_marine_holds():
    # soak campaign seed 407: an Ultra-Mite entered Entry hex 6 (116) on top of Squad 6
    state = beta({"Squad 6": 116})
    for u in state.units:
        if not u.is_marine and DATA.vermites[u.type].kind != "queen":
            u.status = "cup"
    state.turn = 2
    table_ = scenario_table(DATA, "great_migration")["hordes"]
    events = run(hordes(state, dice(6, 1, 1, 1, 1, 1), table_))  # 6: all six hexes, no extra
    assert [u.id for u in state.units_at("116")] == ["Squad 6"]
    for label in ("111", "112", "113", "114", "115"):
        assert len(state.units_at(label)) == 1
    assert "Entry hex 6 (116) is blocked by Squad 6" in texts(events)
    assert invariants(state) == []

"""Entry points part 2 and the widgets use: pieces, reach, sight and the position invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.games.space_vermin.views import (
    board,
    invariants,
    line_of_sight_from,
    movement_reach,
    pieces,
)

from .sv_helpers import ALPHA, table


def test_pieces_name_every_counter_on_the_map_with_its_values():
    state = table(
        {"Squad 1": 315, "Soldier #1": 316}, jewels={"421": 2, "356": 2}, nest_jewels={"1": 1}
    )
    state.unit("Squad 1").nat = "tainted"
    got = {p["label"]: p for p in pieces(state)}
    assert got["Squad 1"]["loc"] == ALPHA.hex(315) and "CF 3 DN 3 MA 3" in got["Squad 1"]["hover"]
    assert got["Soldier #1"]["side"] == "Vermites" and "Jewel x2" in got
    assert board(state) is ALPHA


@pytest.mark.rule("SV-TERR-07")
def test_movement_reach_reports_mp_by_hex_label():
    reach = movement_reach(table({"Squad 1": 315}), "Squad 1")
    assert reach["315"] == 0 and reach["252"] == Fraction(1, 2)


def test_line_of_sight_from_lists_hex_labels():
    seen = line_of_sight_from(table({"Squad 1": 315, "HQ 1": 335}), "335")
    assert "131" not in seen and "335" in seen


def test_invariants_catch_stacking_and_bad_hexes():
    state = table(
        {
            "Squad 1": 411,
            "Squad 2": 412,
            "Soldier #1": 413,
            "Soldier #3": 413,
            "Ultra-Mite #2": 413,
        },
        jewels={"421": 2, "356": 2},
        nest_jewels={"1": 1},
    )
    assert invariants(state) == ["3 non-Drone Vermites in 413 (limit 2, §E-3)"]
    state.unit("Squad 2").hex = "411"
    state.unit("Ultra-Mite #2").hex = "Nest 1"
    state.jewels["421"] = 1
    problems = invariants(state)
    assert any("stacked in 411" in p for p in problems)
    assert any("4 Crown Jewels" in p for p in problems)
    state.unit("Squad 2").hex = "999"
    assert any("not on Mapzone Alpha" in p for p in invariants(state))

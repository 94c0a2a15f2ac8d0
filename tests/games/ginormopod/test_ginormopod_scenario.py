"""Hand-edited scenarios (saved states) are checked: bad Cities, over-stacking, unknown types."""
from __future__ import annotations

import json

import pytest

from rules_lib.core.engine import StateError
from rules_lib.games.ginormopod import new_game


def saved(edit):
    g = new_game(seed=2)
    g.next_turn()
    data = json.loads(g.state.to_json())
    edit(data)
    return json.dumps(data)


def unit(data, uid):
    return next(u for u in data["units"] if u["id"] == uid)


def test_a_unit_in_an_unknown_city_is_rejected_naming_it():
    def edit(d):
        u = unit(d, "Ant X1")
        u["pool"], u["loc"] = "map", "Gotham"
    with pytest.raises(StateError, match="Gotham") as exc:
        new_game(scenario=saved(edit))
    assert "Ant X1" in str(exc.value)


def test_an_over_stacked_city_is_rejected_naming_it():
    def edit(d):
        for uid in ("Infantry CK1", "Infantry CK2", "Tank CK1"):
            u = unit(d, uid)
            u["pool"], u["loc"] = "map", "New York City"  # Fort 4 + 2 + 3 = 9
    with pytest.raises(StateError, match="New York City"):
        new_game(scenario=saved(edit))


def test_a_unit_of_an_unknown_type_is_rejected_naming_it():
    def edit(d):
        unit(d, "Ant X1")["type"] = "Mothra"
    with pytest.raises(StateError, match="Mothra"):
        new_game(scenario=saved(edit))


def test_a_fort_strength_out_of_range_is_rejected():
    def edit(d):
        d["forts"]["Atlanta"]["strength"] = 9
    with pytest.raises(StateError, match="Atlanta"):
        new_game(scenario=saved(edit))


def test_unknown_scenarios_and_variants_are_named():
    with pytest.raises(StateError, match="campaign"):
        new_game(scenario="campaign")
    with pytest.raises(ValueError, match="moon_base"):
        new_game(variants=["moon_base"])

"""OddsPanel: controls described by the game, exact odds from combat_odds, A/B compare in place."""
from __future__ import annotations

from dataclasses import replace

from fractions import Fraction

import pandas as pd
import pytest

from rules_lib.core.dice import HitDie, HitPool
from widgets.odds_panel import OddsPanel, as_frame, controls_from_signature, outcome_labels


def test_controls_follow_the_games_spec(graph_entry):
    panel = OddsPanel(graph_entry)
    assert list(panel.a.controls) == ["attackers", "terrain", "fierce"]
    assert panel.a.kwargs() == {"attackers": 2, "terrain": "clear", "fierce": False}
    assert list(panel.a.controls["terrain"].options) == [("clear", "clear"), ("forest", "forest")]


def test_compute_shows_the_games_exact_distribution(graph_entry):
    panel = OddsPanel(graph_entry)
    panel.a.set({"attackers": 3, "terrain": "forest"})
    panel.compute_button.click()
    expected = HitPool.repeat(HitDie(6), 3).dist()
    bar = panel.fig.data[0]
    assert list(bar.x) == ["0", "1", "2", "3"]
    assert list(bar.y) == pytest.approx([float(expected.p(k)) for k in range(4)])
    assert "0.0046" in panel.table_a.value and "1/216" in panel.table_a.value


def test_compare_draws_b_beside_a_in_the_same_figure(graph_entry):
    panel = OddsPanel(graph_entry)
    bars = list(panel.fig.data)
    panel.compare.value = True
    panel.b.set({"attackers": 1, "fierce": True})
    panel.compute_button.click()
    assert list(panel.fig.data) == bars and all(a is b for a, b in zip(panel.fig.data, bars))
    assert panel.fig.data[1].visible and list(panel.fig.data[1].y) == pytest.approx([0.5, 0.5])
    assert "fierce=True" in panel.table_b.value
    panel.compare.value = False
    panel.compute_button.click()
    assert not panel.fig.data[1].visible and len(panel.fig.data[1].x) == 0


def test_an_error_from_the_game_shows_in_the_banner(graph_entry):
    panel = OddsPanel(graph_entry)
    panel.a.controls["terrain"].options = [("lava", "lava")]
    panel.calc = replace(graph_entry.odds, combat_odds=lambda **kw: (_ for _ in ()).throw(
        ValueError("unknown terrain lava")))
    panel.compute_button.click()
    assert "unknown terrain lava" in panel.banner.message


def test_controls_from_signature_when_the_game_gives_none():
    def odds(attackers: int = 2, odds_ratio: float = 1.5, fx: str = "", big: bool = False,
             units=("Tank", "Infantry"), data=None):
        return {}

    kinds = {s["name"]: s["kind"] for s in controls_from_signature(odds)}
    assert kinds == {"attackers": "int", "odds_ratio": "float", "fx": "text", "big": "bool",
                     "units": "list"}


def test_a_list_control_passes_a_list_of_names(graph_entry):
    seen = {}

    def odds(units=("Tank", "Infantry")):
        seen["units"] = units
        return {"win": 1.0}

    graph_entry.odds = replace(graph_entry.odds, combat_odds=odds, controls=None)
    panel = OddsPanel(graph_entry)
    panel.a.set({"units": ["Tank", "Tank", "Nuke"]})
    panel.compute_button.click()
    assert seen["units"] == ["Tank", "Tank", "Nuke"] and list(panel.fig.data[0].x) == ["win"]


def test_results_of_every_documented_shape_become_frames():
    dist = HitDie(5).dist()
    assert list(as_frame(dist)["probability"]) == pytest.approx([2 / 3, 1 / 3])
    series = pd.Series({"win": 0.25, "lose": 0.75})
    assert list(outcome_labels(as_frame(series))) == ["win", "lose"]
    frame = as_frame({"attacker": Fraction(1, 4), "defender": Fraction(3, 4)})
    assert list(frame["probability"]) == [0.25, 0.75]
    two_cols = as_frame(pd.DataFrame({"att": [0, 1], "def": [1, 0], "p": [0.4, 0.6]}))
    assert outcome_labels(two_cols) == ["0 / 1", "1 / 0"]
    with pytest.raises(TypeError, match="combat_odds returned"):
        as_frame(0.5)


def test_selection_hook_fills_what_if_a(graph_entry):
    graph_entry.odds = replace(graph_entry.odds, from_selection=lambda state, loc, piece: {
        "attackers": 4, "terrain": "forest" if loc == "Cedar" else "clear"})
    panel = OddsPanel(graph_entry)
    assert panel.set_from_selection(None, "Cedar")
    assert panel.a.kwargs()["terrain"] == "forest" and len(panel.fig.data[0].x) == 5
    with pytest.raises(ValueError, match="nonsense"):
        panel.a.set({"nonsense": 1})


def test_widget_state_holds_the_bars_for_views_made_later(graph_entry):
    panel = OddsPanel(graph_entry)
    panel.compute_button.click()
    assert list(panel.fig._widget_data[0]["y"]) == list(panel.fig.data[0].y)

"""The Analyze tab shows the exact odds a game gives for the options of a pending decision beside
the simulated win rates: here a Zombies bullet decision, whose consequence is the rest of one
fight (``zombies_giants/option_odds.py``)."""
from __future__ import annotations

from rules_lib.analysis import exact_text, position_at
from widgets import Explorer


def test_a_bullet_decision_shows_each_option_s_exact_fight_odds():
    game = position_at("zombies_giants", "bullet", seed=0)  # 3 against 4: spend +2, or keep
    ex = Explorer("zombies_giants", scenario="normal", seed=0)
    ex.stepper.show_game(game)
    assert ex.game.pending is not None and ex.game.pending.kind == "bullet"
    panel = ex.analyze
    panel.n.value = 2
    panel.compare(wait=True)
    assert panel.banner.message == "", panel.banner.detail
    shown = panel.options_html.value
    assert "exact odds" in shown
    exact = {o.option: o.exact for o in panel.comparison.options}
    assert set(exact) == {"spend", "keep"} and all(exact.values())
    for odds in exact.values():
        assert exact_text(odds) in shown
    assert "won, 3 hearts and 4 bullets left 1 (100%)" in shown  # spent: no heart lost
    assert "won, 2 hearts and 5 bullets left 1 (100%)" in shown  # kept: a heart for the bullet

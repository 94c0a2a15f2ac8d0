"""The Simulate tab: seeded games with a progress bar, then outcome rates with intervals."""
from __future__ import annotations

from rules_lib.playtest import outcome_rates, run_games
from widgets import Explorer


def test_simulate_tab_plays_the_games_of_the_chosen_scenario_and_draws_their_rates():
    ex = Explorer("gods_war", seed=0)
    assert "Simulate" in ex.tab_names
    panel = ex.simulate
    panel.games.value, panel.seed.value = 6, 3
    bar = panel.rates.data[0]
    df = panel.run()
    assert list(df["seed"]) == [3, 4, 5, 6, 7, 8]
    expected = outcome_rates(run_games("gods_war", 6, 3, scenario=ex.stepper.scenario.value,
                                       policies={p: d.value for p, d in
                                                 ex.stepper.players.items()}))
    assert panel.rates.data[0] is bar  # updated in place, not rebuilt
    assert list(bar.y) == list(expected["rate"])
    assert all(lo >= 0 for lo in bar.error_y.arrayminus) and "6 games" in panel.table.value
    assert sum(panel.length.data[0].y) == 6


def test_a_person_player_is_simulated_by_the_random_policy():
    ex = Explorer("gods_war", seed=0)
    first = next(iter(ex.stepper.players))
    ex.stepper.players[first].value = "person"
    settings = ex.simulate.settings()
    assert settings["policies"][first] == "random"

"""BattlePanel: units picked per side; exclusive results that add up to 100%; the board's battle."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.registry import get_game
from widgets.battle_panel import BattlePanel, percentages

from tests.games.ginormopod.test_ginormopod_odds_from_selection import first_battle_state


def test_shown_percentages_add_up_to_exactly_100():
    third = Fraction(1, 3)
    assert percentages([third, third, third]) == [33.4, 33.3, 33.3]
    assert sum(percentages([Fraction(3839, 17496), Fraction(1675, 2916),
                            1 - Fraction(3839, 17496) - Fraction(1675, 2916)])) == 100.0


@pytest.mark.parametrize("name", ["ginormopod", "space_vermin", "zombies_giants", "gods_war"])
def test_every_game_computes_a_headline_of_exclusive_results(name):
    panel = BattlePanel(get_game(name))
    panel.compute_button.click()
    assert panel.banner.message == "", panel.banner.detail
    assert sum(p for _, p in panel.results) == 1
    bar = panel.fig.data[0]
    assert sum(bar.x) == pytest.approx(100.0) and max(bar.x) <= 100
    assert all(t.endswith("%") for t in bar.text)
    assert "exact" in panel.headline.value and "/" not in panel.headline.value.split("title")[0]


def test_ginormopod_expectations_are_apart_from_the_results():
    panel = BattlePanel(get_game("ginormopod"))
    panel.compute()
    labels = [label for label, _ in panel.results]
    assert labels == ["Defender retreats", "Attacker retreats", "Overrun", "Nobody retreats"]
    assert "Hits on the defender (expected)" in panel.expectations.value
    assert "E[" not in panel.headline.value


def test_space_vermin_starts_from_a_real_battle_not_cf_0():
    panel = BattlePanel(get_game("space_vermin"))
    panel.compute()
    cf, dn = panel.table.attrs["cf_dn"]
    assert cf > 0 and dn > 0


def test_selecting_a_city_with_a_fight_fills_the_pickers_and_computes():
    state, city = first_battle_state()
    panel = BattlePanel(get_game("ginormopod"))
    assert panel.set_from_selection(state, city)
    picked = sum(v for k, v in panel.values().items() if k.startswith("Swarm:"))
    assert picked == len(state.at(city, "Swarm")) and panel.results
    assert "selected location" in panel.source.value


def test_selecting_a_city_without_a_fight_changes_nothing():
    state, _ = first_battle_state()
    panel = BattlePanel(get_game("ginormopod"))
    before = panel.values()
    quiet = next(c for c in ("Buffalo", "Burlington", "Syracuse") if not state.at(c, "Swarm"))
    assert panel.set_from_selection(state, quiet) is False
    assert panel.values() == before and panel.banner.message == ""
    assert not panel.from_board_button.disabled
    panel.from_board_button.click()  # asked for explicitly: the reason is shown as a problem
    assert "no fight in" in panel.banner.message


def test_a_kept_battle_is_drawn_beside_the_next():
    panel = BattlePanel(get_game("zombies_giants"))
    panel.compute()
    panel.keep_button.click()
    panel.set({"zombies": 2})
    panel.compute()
    kept = panel.fig.data[1]
    assert kept.visible and sum(kept.x) == pytest.approx(100.0)

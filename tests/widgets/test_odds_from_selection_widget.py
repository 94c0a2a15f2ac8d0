"""The odds panel follows the board: selecting a City with a fight fills what-if A."""
from __future__ import annotations

from rules_lib.registry import get_game
from widgets.odds_panel import OddsPanel

from tests.games.ginormopod.test_ginormopod_odds_from_selection import first_battle_state


def test_selecting_a_city_with_a_fight_fills_what_if_a_and_computes():
    state, city = first_battle_state()
    panel = OddsPanel(get_game("ginormopod"))
    assert panel.set_from_selection(state, city)
    swarm = state.at(city, "Swarm")
    assert len(panel.a.controls["attacker"].value.split(",")) == len(swarm)


def test_selecting_a_city_without_a_fight_leaves_what_if_a_alone():
    state, _ = first_battle_state()
    panel = OddsPanel(get_game("ginormopod"))
    before = panel.a.controls["attacker"].value
    quiet = next(c for c in ("Buffalo", "Burlington", "Syracuse") if not state.at(c, "Swarm"))
    assert panel.set_from_selection(state, quiet) is False
    assert panel.a.controls["attacker"].value == before and panel.banner.message == ""

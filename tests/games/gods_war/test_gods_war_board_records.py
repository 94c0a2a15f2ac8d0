"""The map questions of board.py, each in a position where nothing else gives the same answer: the
board of the data set in play (not the shipped one), an area off the map, the error naming it."""
from __future__ import annotations

import pytest

from rules_lib.core.boards.base import UnknownLocation
from rules_lib.games.gods_war.board import adjacent, is_adjacent
from rules_lib.games.gods_war.data import default_data, load
from rules_lib.games.gods_war.monsters import monster_aura

from .conftest import GW


@pytest.mark.rule("GW-MF-05", "GW-TRIG-01")
def test_a_monsters_aura_follows_the_borders_of_the_data_in_play_not_the_shipped_map():
    shipped = default_data()
    assert ("Altinela", "Maniria") in shipped.borders
    edited = load({"map.borders": [list(b) for b in shipped.borders
                                   if set(b) != {"Altinela", "Maniria"}]})
    gw = GW(edited)
    s = gw.state(Androgeus="Altinela")
    aura = monster_aura(s, "Androgeus", edited)
    assert aura[0] == "Altinela" and "Kethaela" in aura
    assert "Maniria" not in aura  # the border is gone from this data set's map
    assert "Maniria" in monster_aura(s, "Androgeus", shipped)


@pytest.mark.rule("GW-MF-05")
def test_an_area_off_the_map_borders_nothing():
    data = default_data()
    assert is_adjacent(data, "Altinela", "Maniria")
    assert not is_adjacent(data, "Atlantis", "Maniria")


@pytest.mark.rule("GW-MF-05")
def test_asking_the_neighbours_of_an_area_off_the_map_names_the_area_and_the_board():
    data = default_data()
    with pytest.raises(UnknownLocation) as caught:
        adjacent(data, "Atlantis")
    assert caught.value.loc == "Atlantis" and caught.value.board_name == data.board.name
    assert str(caught.value) == "location 'Atlantis' is not on board 'Gods War (assumed subset)'"

"""Editing a position by hand: units come from and go back to the pools, Monsters keep their cards."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import GAME, invariants, new_game
from rules_lib.games.gods_war.monsters import monster_aura
from rules_lib.games.gods_war.setup_editing import (
    kinds,
    move,
    place,
    remove,
    sides,
    validate,
)


@pytest.fixture(scope="module")
def after_setup():
    game = new_game("both", seed=1)
    while game.state.phase == "Set-Up":
        game.next_phase()
    return game.state


def test_the_position_cannot_be_edited_before_set_up_has_run():
    with pytest.raises(ValueError, match="past Set-Up"):
        place(new_game("both", seed=1).state, "Storm Warrior", "Storm", "Prax")


def test_the_entry_offers_the_setup_api_and_every_counter_has_an_id(after_setup):
    assert GAME.setup.move is move
    drawn = GAME.board_view.pieces(after_setup)
    ids = [p["id"] for p in drawn]
    assert len(set(ids)) == len(ids) == len(drawn)
    assert "Arachne Solara" in ids and "Storm Storm Warrior 1" in ids
    assert "Storm King" in kinds(after_setup) and "web token" in kinds(after_setup)
    assert sides(after_setup)[:2] == ["Storm", "Sea"]


def test_placing_a_unit_takes_it_from_the_empires_pool_and_remove_gives_it_back(after_setup):
    before = after_setup.to_json()
    pool = after_setup.empires["Storm"].pool["Storm King"]
    new = place(after_setup, "Storm King", "Storm", "Prax")
    assert after_setup.to_json() == before
    assert new.empires["Storm"].pool["Storm King"] == pool - 1
    assert [p.kind for p in new.pieces_in("Prax", "Storm")] == ["Storm King"]
    assert invariants(new) == []
    back = remove(new, "Storm Storm King 1")
    assert back.empires["Storm"].pool["Storm King"] == pool and back.pieces_in("Prax") == []


def test_an_empty_pool_places_nothing_naming_the_empire_and_unit(after_setup):
    state = after_setup
    for _ in range(after_setup.empires["Storm"].pool["Storm King"]):
        state = place(state, "Storm King", "Storm", "Prax")
    with pytest.raises(ValueError, match="Storm has no Storm King left in its pool"):
        place(state, "Storm King", "Storm", "Prax")
    with pytest.raises(ValueError, match="Storm has no 'Sea Folk' units"):
        place(after_setup, "Sea Folk", "Storm", "Prax")


def test_units_stand_in_surface_world_areas_that_exist(after_setup):
    with pytest.raises(ValueError, match=r"Storm's Storm Warrior \(Storm Storm Warrior 1\) "
                                         r"cannot be in the Heavens: .*not the surface world"):
        move(after_setup, "Storm Storm Warrior 1", "the Heavens")
    with pytest.raises(ValueError, match="unknown area 'Atlantis'"):
        move(after_setup, "Storm Storm Warrior 1", "Atlantis")
    moved = move(after_setup, "Storm Storm Warrior 1", "Prax")
    assert len(moved.pieces_in("Prax", "Storm")) == 1 and invariants(moved) == []


@pytest.mark.rule("GW-ARA-02", "GW-ARA-11")
def test_arachne_solara_stays_in_inner_hell_until_the_web_is_spun(after_setup):
    with pytest.raises(ValueError, match="Arachne Solara cannot be in Prax: no web has been spun"):
        move(after_setup, "Arachne Solara", "Prax")
    loaded = after_setup.copy()
    loaded.monsters["Arachne Solara"].area = "Hell"
    assert any("Arachne Solara cannot be in Hell" in p for p in validate(loaded))


@pytest.mark.rule("GW-ARA-05", "GW-MF-03")
def test_on_the_surface_arachne_solara_stands_on_a_web_token(after_setup):
    webbed = place(after_setup, "web token", "Web", "Prax")
    assert webbed.web_pool == after_setup.web_pool - 1
    on_web = move(webbed, "Arachne Solara", "Prax")
    assert on_web.monster_area("Arachne Solara") == "Prax" and validate(on_web) == []
    with pytest.raises(ValueError, match="Arachne Solara cannot be in Kethaela: .*has none"):
        move(webbed, "Arachne Solara", "Kethaela")
    assert move(webbed, "Arachne Solara", "the Heavens").monster_area("Arachne Solara") \
        == "the Heavens"
    with pytest.raises(ValueError, match="Arachne Solara cannot be in Prax"):
        remove(on_web, "web token Prax")  # the token under her cannot go
    with pytest.raises(ValueError, match="web token cannot go in Hell: .*not a surface"):
        place(webbed, "web token", "Web", "Hell")
    with pytest.raises(ValueError, match="Prax already holds a web token"):
        place(webbed, "web token", "Web", "Prax")


@pytest.mark.rule("GW-PLACE-01", "GW-AND-02")
def test_androgeus_waits_for_the_great_compromise(after_setup):
    assert not after_setup.great_compromise
    with pytest.raises(ValueError, match="Androgeus cannot be placed in Altinela: .*Great "
                                         "Compromise"):
        place(after_setup, "Androgeus", "Monster", "Altinela")
    later = after_setup.copy()
    later.great_compromise = True
    placed = place(later, "Androgeus", "Monster", "Altinela")
    assert placed.monster_area("Androgeus") == "Altinela" and validate(placed) == []
    assert remove(placed, "Androgeus").monsters["Androgeus"].status == "waiting"


@pytest.mark.rule("GW-KILL-03")
def test_a_killed_monster_never_returns(after_setup):
    dead = after_setup.copy()
    dead.great_compromise = True
    dead.monsters["Androgeus"].status = "removed"
    with pytest.raises(ValueError, match="Androgeus cannot be placed in Altinela: it was killed"):
        place(dead, "Androgeus", "Monster", "Altinela")


def test_buildings_are_one_per_empire_and_area(after_setup):
    home = after_setup.buildings_of("Storm")[0]
    with pytest.raises(ValueError, match=f"Storm already has a building in {home}"):
        place(after_setup, "building", "Storm", home)
    moved = move(after_setup, f"Storm building {home}", "Prax")
    assert moved.buildings_of("Storm") == ["Prax"] and invariants(moved) == []


def test_a_monsters_aura_is_its_area_and_the_adjacent_areas(after_setup):
    s = after_setup.copy()
    s.great_compromise = True
    s = place(s, "Androgeus", "Monster", "Altinela")
    aura = monster_aura(s, "Androgeus")
    assert aura[0] == "Altinela" and set(aura[1:]) == set(GAME.board_view.board(s).neighbors("Altinela"))
    hover = next(p["hover"] for p in GAME.board_view.pieces(s) if p["id"] == "Androgeus")
    assert hover.endswith("aura: " + ", ".join(aura))
    assert monster_aura(after_setup, "Androgeus") == []


def test_a_loaded_position_with_a_unit_in_hell_is_reported(after_setup):
    bad = after_setup.copy()
    bad.pieces[0].area = "Hell"
    assert any("not a surface area" in p for p in validate(bad))

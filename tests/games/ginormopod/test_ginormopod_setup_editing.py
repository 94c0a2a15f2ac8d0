"""Editing a position by hand: every change is checked by the rules, counters are conserved."""
from __future__ import annotations

import pytest

from rules_lib.games.ginormopod import GAME, invariants, new_game
from rules_lib.games.ginormopod.setup_editing import flip, kinds, move, place, remove, validate


@pytest.fixture(scope="module")
def after_setup():
    game = new_game(seed=1)
    while game.state.phase == "Set-Up":
        game.next_phase()
    return game.state


def test_the_set_up_position_cannot_be_edited_before_set_up_has_run():
    with pytest.raises(ValueError, match="past Set-Up"):
        place(new_game(seed=1).state, "Tank", "Human", "Chicago")


def test_placing_takes_an_unplaced_counter_and_leaves_the_old_state_alone(after_setup):
    before = after_setup.to_json()
    assert "Tank" in kinds(after_setup)
    new = place(after_setup, "Tank", "Human", "Buffalo")
    assert after_setup.to_json() == before
    placed = [u for u in new.units if u.type == "Tank" and u.loc == "Buffalo" and u.on_map]
    assert len(placed) == 1 and invariants(new) == []


@pytest.mark.rule("GIN-STACK-01", "GIN-STACK-02")
def test_an_edit_that_over_stacks_a_city_is_refused_naming_it(after_setup):
    state = after_setup
    swarm = [u for u in state.units if u.side == "Swarm" and u.on_map]
    target = swarm[0].loc
    for u in swarm[1:]:
        if u.loc != target:
            try:
                state = move(state, u.id, target)
            except ValueError as err:
                assert "over-stacked" in str(err) and target in str(err)
                break
    else:
        pytest.fail("six Swarm units never filled a City")
    assert state.stack(target, "Swarm") == 6 and invariants(state) == []
    fort_city = "Chicago"
    humans = after_setup.stack(fort_city, "Human")
    with pytest.raises(ValueError, match="Fort boxes count"):
        s = after_setup
        for _ in range(7 - humans):
            s = place(s, "Infantry", "Human", fort_city)


def test_remove_returns_the_counter_to_the_pool_and_flip_turns_it(after_setup):
    unit = next(u for u in after_setup.units if u.type == "Ant" and u.on_map)
    flipped = flip(after_setup, unit.id)
    assert flipped.unit(unit.id).reduced and not after_setup.unit(unit.id).reduced
    gone = remove(flipped, unit.id)
    assert gone.unit(unit.id).pool == "unplaced" and invariants(gone) == []


def test_unknown_city_type_or_counter_is_named(after_setup):
    with pytest.raises(ValueError, match="unknown City 'Atlantis'"):
        place(after_setup, "Tank", "Human", "Atlantis")
    with pytest.raises(ValueError, match="unknown unit type 'Mech'"):
        place(after_setup, "Mech", "Human", "Chicago")
    with pytest.raises(ValueError, match="no counter 'Z9'"):
        move(after_setup, "Z9", "Chicago")


def test_a_loaded_position_with_a_bad_city_is_reported(after_setup):
    bad = after_setup.copy()
    bad.units[0].loc = "Gotham"
    assert any("Gotham" in p for p in validate(bad))


def test_the_entry_offers_the_setup_api_to_the_widgets():
    assert GAME.setup.place is place


def test_a_counters_hover_shows_its_values_and_where_they_come_from(after_setup):
    hovers = {p["id"]: p["hover"] for p in GAME.board_view.pieces(after_setup) if "id" in p}
    ant = next(h for i, h in hovers.items() if i.startswith("Ant"))
    assert "3 MP" in ant and "dice 3+ 4+" in ant and "assumed: counter art not in the text" in ant
    tank = next(h for i, h in hovers.items() if i.startswith("Tank"))
    assert "two dice vs 4+, doubles score two" in tank

"""Constructed positions (lessons, tests): legal ones are accepted and played by the engine; the
same positions built by dropping or doubling components are refused, naming the piece."""

from __future__ import annotations

import pytest

from rules_lib.core.engine import StateError
from rules_lib.games.zombies_giants import GAME, positions
from rules_lib.games.zombies_giants.state import ZState


def after_game_start(scenario: str = "normal", seed: int = 1) -> ZState:
    game = GAME.new_game(scenario, seed=seed)
    game.next_phase()
    return game.state


def teaching_town(scenario: str = "normal") -> ZState:
    """Town Square, a street north and a Hardware Store east; every other tile set aside."""
    state = positions.set_piles_aside(after_game_start(scenario))
    state = positions.lay_tile(state, "Street A", (3, 4))
    return positions.lay_tile(state, "Hardware Store", (4, 3))


def play_to(game, text: str) -> list:
    out = []
    while True:
        event = game.step_event()
        assert event is not None, f"the game ended before {text!r}"
        out.append(event)
        if text in event.message:
            return out


@pytest.mark.rule("ZGC-TILE-01")
def test_a_town_with_the_other_tiles_set_aside_is_accepted_and_draws_no_new_tile():
    state = teaching_town()
    assert sorted(t.name for t in state.tiles) == ["Hardware Store", "Street A", "Town Square"]
    assert state.piles == {"town": [], "mall": []}
    game = GAME.new_game(state, seed=1)
    events = play_to(game, "Step 2")
    assert any(e.message == "The town pile is empty" for e in events)
    assert len(game.state.tiles) == 3


def test_emptying_the_piles_instead_is_refused_naming_the_missing_tiles():
    state = after_game_start()
    missing = state.piles["town"][0]
    state.piles = {"town": [], "mall": []}
    with pytest.raises(StateError, match=f"tile {missing} is placed, in a pile or set aside 0 "
                                         "times, not once"):
        GAME.new_game(state, seed=1)


@pytest.mark.rule("ZGC-EVT-01")
def test_a_card_stacked_on_top_of_the_deck_is_drawn_and_every_copy_stays_counted():
    state = positions.stack_deck(teaching_town(), "Butter Fingers")
    assert state.deck[0] == "Butter Fingers"
    assert state.deck.count("Butter Fingers") + state.discard.count("Butter Fingers") + sum(
        s.hand.count("Butter Fingers") for s in state.survivors) == 2
    game = GAME.new_game(state, seed=1)
    assert any("Butter Fingers" in e.message for e in play_to(game, "Step 3"))


def test_a_card_added_on_top_of_the_deck_as_an_extra_copy_is_refused():
    state = teaching_town()
    state.deck = ["Butter Fingers", *state.deck]
    with pytest.raises(StateError, match="card Butter Fingers: 3 copies on the table, the deck "
                                         "has 2"):
        GAME.new_game(state, seed=1)


@pytest.mark.rule("ZGC-CRAFT-01")
def test_a_part_found_in_a_placed_store_is_accepted_and_the_next_part_crafts():
    state = positions.lay_tile(teaching_town("big"), "Army-Surplus", (2, 3))
    state = positions.find_parts(state, "Survivor 1", "Army-Surplus")
    assert state.looted == ["Army-Surplus"]
    assert state.survivors[0].parts == {"size_ray": 1, "potion_kit": 0, "body_armour": 1}
    GAME.new_game(state, seed=1)  # accepted


def test_a_part_given_without_a_store_looted_is_refused():
    state = teaching_town("big")
    state.survivors[0].parts["size_ray"] = 1
    with pytest.raises(StateError, match="found 1 size ray parts, but the stores looted give 0"):
        GAME.new_game(state, seed=1)


@pytest.mark.parametrize("make, message", [
    (lambda s: positions.lay_tile(s, "Nowhere", (1, 1)), "'Nowhere' is not a tile of the game"),
    (lambda s: positions.lay_tile(s, "Hardware Store", (1, 1)), "Hardware Store is already placed"),
    (lambda s: positions.lay_tile(s, "Hospital", (3, 4)), "slot 3,4 already holds a tile"),
    (lambda s: positions.lay_tile(s, "Hospital", (99, 0)), "off the"),
    (lambda s: positions.stack_deck(s, "Nothing"), "no copy in the deck or the discard pile"),
    (lambda s: positions.find_parts(s, "Survivor 1", "Street B"), "not a store that gives parts"),
    (lambda s: positions.find_parts(s, "Survivor 1", "Army-Surplus"), "Army-Surplus is not placed"),
    (lambda s: positions.find_parts(positions.find_parts(s, "Survivor 1", "Hardware Store"),
                                    "Survivor 1", "Hardware Store"), "already looted"),
    (lambda s: positions.find_parts(s, "Survivor 9", "Hardware Store"), "Survivor 9"),
])
def test_impossible_edits_are_refused_naming_the_piece(make, message):
    state = teaching_town()
    before = state.to_data()
    with pytest.raises(ValueError, match=message):
        make(state)
    assert state.to_data() == before  # the given state is untouched


def test_a_tile_set_aside_can_be_laid_later():
    state = teaching_town()
    assert "Hospital" in state.set_aside
    state = positions.lay_tile(state, "Hospital", (2, 3))
    assert "Hospital" not in state.set_aside
    GAME.new_game(state, seed=1)  # accepted

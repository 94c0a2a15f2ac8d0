"""Constructed positions for lessons and tests, built the way a table could reach them.

A lesson often wants a small town with no new tile drawn, a card waiting on top of the deck, or a
Survivor who already found a part. A saved position must still count every component once (a
tile is placed, in its pile or set aside; every card of the deck is somewhere; parts come from the
stores looted: ``saved_state``), so these helpers move the components rather than invent or drop
them:

* ``lay_tile`` takes a tile out of its pile (or the tiles set aside) and lays it;
* ``set_piles_aside`` sets aside the tiles still in the piles, as Step 1 does with a tile that has
  no legal place: the piles are empty, so no new tile is drawn;
* ``stack_deck`` puts a copy of a card from the deck or the discard pile on top of the deck;
* ``find_parts`` has a Survivor loot a placed store, as entering it would (one part of each kind
  the store lists: ``crafting.visit_store``, without crafting).

Each returns a new state and leaves the given one untouched, or raises ``ValueError`` naming the
piece and why.
"""

from __future__ import annotations

from .crafting import sources
from .data import ZData, default_data
from .state import PlacedTile, ZState


def lay_tile(state: ZState, name: str, slot: tuple[int, int], rotation: int = 0,
             floor: int = 1, data: ZData | None = None) -> ZState:
    """The tile leaves its pile (or the tiles set aside) and is laid at a slot of the grid
    (quarter turns clockwise; floor 2 only in the Mall)."""
    data = data or default_data()
    new = state.copy()
    if name not in data.tiles:
        raise ValueError(f"tile {name!r} is not a tile of the game")
    if any(t.name == name for t in new.tiles):
        raise ValueError(f"tile {name} is already placed")
    grid = data.town["grid"]
    x, y = slot
    if not (0 <= x < grid["width"] and 0 <= y < grid["height"]):
        raise ValueError(f"tile {name} at slot {x},{y}: off the {grid['width']}x{grid['height']} "
                         "grid")
    if any(tuple(t.slot) == (x, y) for t in new.tiles):
        raise ValueError(f"tile {name}: slot {x},{y} already holds a tile")
    pile = new.piles.get(data.tiles[name].pile)
    if pile is not None and name in pile:
        pile.remove(name)
    elif name in new.set_aside:
        new.set_aside.remove(name)
    else:
        raise ValueError(f"tile {name} is neither in its pile nor set aside")
    new.tiles = [*new.tiles, PlacedTile(name, [x, y], rotation, floor)]
    return new


def set_piles_aside(state: ZState) -> ZState:
    """The tiles still in the town and mall piles are set aside: no new tile will be drawn."""
    new = state.copy()
    for pile in new.piles.values():
        new.set_aside.extend(pile)
        pile.clear()
    return new


def stack_deck(state: ZState, card: str) -> ZState:
    """A copy of the card, taken from the deck or else the discard pile, goes on top of the deck."""
    new = state.copy()
    if card in new.deck:
        new.deck.remove(card)
    elif card in new.discard:
        new.discard.remove(card)
    else:
        raise ValueError(f"card {card!r}: no copy in the deck or the discard pile")
    new.deck.insert(0, card)
    return new


def find_parts(state: ZState, survivor: str, store: str, data: ZData | None = None) -> ZState:
    """The Survivor has looted a placed part-source store: one part of each kind it lists."""
    data = data or default_data()
    new = state.copy()
    kinds = sources(data, store)
    if not kinds:
        raise ValueError(f"{store!r} is not a store that gives parts")
    if store not in {t.name for t in new.tiles}:
        raise ValueError(f"{store} is not placed: lay it first")
    if store in new.looted or store in new.demolished:
        raise ValueError(f"{store} was already looted or demolished")
    try:
        s = new.survivor(survivor)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    new.looted.append(store)
    for kind in kinds:
        s.parts[kind] += data.crafting["parts_per_store_visit"]
    return new

"""What a saved (perhaps hand-edited) Giants-Club position must be for the game to play on from it.

``GAME.new_game(saved_state)`` goes through the contract's ``load_state``: the JSON's kinds are
checked by ``ZState.from_data``, the game name, phase, turn and variants by the contract, and
everything else here: the step and round, every Survivor (player, size, counters within the
size's limits, the square it stands on, who carries whom, its cards and crafted items), the placed
tiles (on the grid, each once) and the piles, the zombie figures (on the town, at most two a
square, all of the box's figures counted), the counters on squares, and every card of the deck
exactly once (a Skateboard played is kept by its player: it may be missing). Each problem is a
sentence naming the piece; nothing is repaired silently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from . import capacity, crafting, sizes
from .data import ZData
from .setup import PLAYERS
from .setup_editing import validate as figure_problems
from .state import Survivor, ZState, unkey
from .turn import STEP_RULES

STATUSES = ("active", "escaped", "dead", "survived")
ATTRS = {"size_ray": "size_ray", "potion_kit": "potion_kit", "body_armour": "armour"}
ROTATIONS = range(4)
FLOORS = (1, 2)


def state_problems(state: ZState, data: ZData) -> list[str]:
    """Every problem of a loaded state (empty when the game can play on from it)."""
    out = _round(state, data) + _tiles(state, data) + _cards(state, data)
    survivors = _survivors(state, data)
    out += survivors
    if survivors or any(p.startswith("tile") for p in out):
        return out  # the figures' squares need the town and the Survivors to be sound
    out += _zombies_and_tokens(state, data) + _items(state, data)
    if out:
        return out  # the invariants read the items' tables and the zombies' squares
    return figure_problems(state, data) + _carrying(state, data)


def _round(state: ZState, data: ZData) -> list[str]:
    """The round, the step, whose turn it is and this turn's movement changes."""
    out = []
    last = data.rules["game"]["max_turns"]
    if state.turn > last:
        out.append(f"round {state.turn} is past the game's last round, {last}")
    if state.step and state.step not in STEP_RULES:
        out.append(f"unknown step {state.step!r}; steps: {', '.join(STEP_RULES)}")
    if not 0 <= state.active < max(1, len(state.survivors)):
        out.append(f"active Survivor {state.active} is not one of the {len(state.survivors)} "
                   "Survivors")
    if state.move_divisor < 1:
        out.append(f"this turn's movement divisor {state.move_divisor} is below 1")
    if not 0 <= state.event_round <= state.turn:
        out.append(f"the last round an Event card was drawn, {state.event_round}, is not between "
                   f"0 and round {state.turn}")
    if state.passing is not None and state.passing not in {s.name for s in state.survivors}:
        out.append(f"the Survivor passing through a full square, {state.passing!r}, is not a "
                   "Survivor")
    return out


def _survivors(state: ZState, data: ZData) -> list[str]:
    """Each Survivor: one per player, a known size and status, counters within its limits."""
    out = []
    if not state.survivors:
        out.append("no Survivor: a game needs one")
    names = Counter(s.name for s in state.survivors)
    out += [f"{name} appears {n} times among the Survivors" for name, n in names.items() if n > 1]
    for s in state.survivors:
        if s.name not in PLAYERS:
            out.append(f"Survivor {s.name!r} is not a player; players: {', '.join(PLAYERS)}")
        out += _survivor(state, data, s)
    if state.result is None and state.survivors and not any(s.in_play for s in state.survivors):
        out.append("no Survivor in play, yet the game has no result")
    return out


def _survivor(state: ZState, data: ZData, s: Survivor) -> list[str]:
    out = []
    who = s.name
    if s.size not in data.sizes:
        return [f"{who}: unknown size {s.size!r}; sizes: {', '.join(data.sizes)}"]
    if s.start_size and s.start_size not in data.sizes:
        out.append(f"{who}: unknown starting size {s.start_size!r}")
    if s.status not in STATUSES:
        out.append(f"{who}: unknown status {s.status!r}; statuses: {', '.join(STATUSES)}")
    reading = sizes.hearts_reading(state.variants)
    if state.phase != "Set-Up" and s.base_max != sizes.base_max(data, s.size, reading):
        out.append(f"{who}: a {s.size}'s health is {sizes.base_max(data, s.size, reading)} "
                   f"hearts (armour not counted), not {s.base_max}")
    for name in ("halves", "reserve", "bullets", "kills", "turns_survived", "stranded_kills"):
        if getattr(s, name) < 0:
            out.append(f"{who}: {name} is negative ({getattr(s, name)})")
    if s.stranded_kills > s.kills:
        out.append(f"{who}: {s.stranded_kills} kills made stranded, more than its {s.kills} kills")
    if s.turns_survived > state.turn:
        out.append(f"{who}: survived {s.turns_survived} turns by round {state.turn}")
    if s.status == "dead" and s.halves:
        out.append(f"{who} is dead with {s.halves / 2:g} hearts")
    if abs(s.permanent_move_bonus) > 100:
        out.append(f"{who}: a movement bonus of {s.permanent_move_bonus} every turn")
    if s.loc is not None and len(s.loc) != 2:
        out.append(f"{who}: square {s.loc} is not two numbers x, y")
    if s.in_play and not s.carried_by and s.loc is None:
        out.append(f"{who}: in play but on no square and carried by nobody")
    if s.carried_by is not None and s.loc is not None:
        out.append(f"{who}: carried by {s.carried_by} yet standing at {s.loc}")
    return out + _survivor_cards(data, s)


def _survivor_cards(data: ZData, s: Survivor) -> list[str]:
    out = []
    who = s.name
    for name in s.hand:
        if name not in data.cards:
            out.append(f"{who}: unknown card {name!r} in hand")
    for w in s.weapons:
        card = data.cards.get(w.name)
        if card is None or card.effect != "combat_bonus":
            out.append(f"{who}: {w.name!r} is not a weapon card that stays in play")
        elif w.uses is not None and not 1 <= w.uses <= (card.giant_durability or 0):
            out.append(f"{who}: {w.name} has {w.uses} uses left, not 1 to "
                       f"{card.giant_durability or 0}")
        if w.size is not None and w.size not in data.sizes:
            out.append(f"{who}: {w.name} is resized to an unknown size {w.size!r}")
    for name, size in s.resized_cards.items():
        if name not in s.hand:
            out.append(f"{who}: a resized {name!r} that is not in hand")
        if size not in data.sizes:
            out.append(f"{who}: {name} resized to an unknown size {size!r}")
    return out


def _items(state: ZState, data: ZData) -> list[str]:
    """Parts found and items crafted: within their tables and the limits."""
    out = []
    if set(state.crafted) != set(crafting.KINDS):
        out.append(f"crafted counts {sorted(state.crafted)} must be for {', '.join(crafting.KINDS)}")
    out += [f"{kind} crafted a negative number of times ({n})"
            for kind, n in state.crafted.items() if n < 0]
    for s in state.survivors:
        who = s.name
        if set(s.parts) != set(crafting.KINDS):
            out.append(f"{who}: parts found {sorted(s.parts)} must be for "
                       f"{', '.join(crafting.KINDS)}")
        out += [f"{who}: a negative number of {kind} parts ({n})"
                for kind, n in s.parts.items() if n < 0]
        ray, kit, arm = s.size_ray, s.potion_kit, s.armour
        if ray is not None:
            table = data.crafting["size_ray"]
            if not table["min_parts"] <= ray.parts <= max(table["max_charges"]):
                out.append(f"{who}: a Size-Ray of {ray.parts} parts (the table: "
                           f"{table['min_parts']} to {max(table['max_charges'])})")
            elif not 0 <= ray.charges <= crafting.max_charges(data, ray.parts):
                out.append(f"{who}: the Size-Ray has {ray.charges} charges, not 0 to "
                           f"{crafting.max_charges(data, ray.parts)}")
        if kit is not None and kit.parts not in data.crafting["potion_kit"]["recipe"]:
            out.append(f"{who}: a Potion Kit of {kit.parts} parts is not in the recipe table")
        for size in s.potions:
            if size not in data.crafting["potion_kit"]["sizes"]:
                out.append(f"{who}: a potion of unknown size {size!r}")
        if arm is not None:
            table = data.crafting["body_armour"]
            if not table["min_parts"] <= arm.parts <= table["max_parts"]:
                out.append(f"{who}: Body Armour of {arm.parts} parts (the table: "
                           f"{table['min_parts']} to {table['max_parts']})")
            if arm.size not in data.sizes:
                out.append(f"{who}: Body Armour sized for an unknown size {arm.size!r}")
    for kind, attr in ATTRS.items():
        for s in state.survivors:
            item = getattr(s, attr)
            if item is not None and s.parts.get(kind, 0) < item.parts:
                out.append(f"{s.name}: a {kind.replace('_', ' ')} of {item.parts} parts from "
                           f"{s.parts.get(kind, 0)} parts found")
        found = sum(s.parts.get(kind, 0) for s in state.survivors)
        given = data.crafting["parts_per_store_visit"] * sum(
            store in data.crafting[kind]["sources"] for store in state.looted)
        if found > given:
            out.append(f"the Survivors found {found} {kind.replace('_', ' ')} parts, but the "
                       f"stores looted give {given}")
        holders = sum(getattr(s, attr) is not None for s in state.survivors)
        if holders > state.crafted.get(kind, 0):
            out.append(f"{holders} Survivor(s) hold a {kind.replace('_', ' ')}, but only "
                       f"{state.crafted.get(kind, 0)} were crafted")
    return out


def _tiles(state: ZState, data: ZData) -> list[str]:
    """The placed tiles on the grid, each once, each tile of the box placed or in its pile once."""
    out = []
    grid = data.town["grid"]
    if not state.tiles:
        return ["tiles: no tile is placed; the town starts with the Town Square"]
    slots: Counter = Counter()
    for t in state.tiles:
        if t.name not in data.tiles:
            out.append(f"tile {t.name!r} placed at {t.slot} is not a tile of the game")
        if len(t.slot) != 2 or not (0 <= t.slot[0] < grid["width"]
                                    and 0 <= t.slot[1] < grid["height"]):
            out.append(f"tile {t.name} at slot {t.slot}: off the {grid['width']}x"
                       f"{grid['height']} grid")
        else:
            slots[tuple(t.slot)] += 1
        if t.rotation not in ROTATIONS:
            out.append(f"tile {t.name}: rotation {t.rotation} is not 0 to 3 quarter turns")
        if t.floor not in FLOORS:
            out.append(f"tile {t.name}: floor {t.floor} is not 1 or 2")
        elif t.floor == 2 and t.name in data.tiles and data.tiles[t.name].area != "mall":
            out.append(f"tile {t.name}: a town tile on the second floor (only the Mall has one)")
    out += [f"tiles: slot {x},{y} holds {n} tiles" for (x, y), n in slots.items() if n > 1]
    if set(state.piles) != {"town", "mall"}:
        out.append(f"piles must be the town and mall piles, found {sorted(state.piles)}")
    seen: Counter = Counter(t.name for t in state.tiles)
    for pile, names in state.piles.items():
        for name in names:
            spec = data.tiles.get(name)
            if spec is None:
                out.append(f"tile {name!r} in the {pile} pile is not a tile of the game")
            elif spec.pile != pile:
                out.append(f"tile {name} is in the {pile} pile; it belongs to the {spec.pile} "
                           "pile")
            seen[name] += 1
    seen.update(state.set_aside)
    for name, spec in data.tiles.items():
        if seen[name] != 1:
            where = "placed, in a pile or set aside" if spec.pile != "none" else "placed"
            out.append(f"tile {name} is {where} {seen[name]} times, not once")
    out += [f"tile {name!r} set aside is not a tile of the game"
            for name in state.set_aside if name not in data.tiles]
    placed = {t.name for t in state.tiles}
    out += _names(state.demolished, "demolished building",
                  lambda n: n in placed and n in data.tiles and not data.tiles[n].nameless
                  and n not in data.town["protected"]["names"], "a placed, demolishable building")
    stores = {s for k in crafting.KINDS for s in data.crafting[k]["sources"]}
    out += _names(state.looted, "looted store", lambda n: n in placed and n in stores,
                  "a placed store that gives parts")
    return out


def _names(names: Iterable[str], what: str, ok, should: str) -> list[str]:
    out = []
    counted = Counter(names)
    for name, n in counted.items():
        if n > 1:
            out.append(f"{what} {name} is listed {n} times")
        if not ok(name):
            out.append(f"{what} {name!r} is not {should}")
    return out


def _cards(state: ZState, data: ZData) -> list[str]:
    """Every card of the deck once: in the deck, the discard pile, at the table's edge, revealed,
    in a hand or in play (a Skateboard played stays with its player, off the table)."""
    out = []
    where: Counter = Counter()
    for name in [*state.deck, *state.discard, *state.table_edge,
                 *([state.revealed] if state.revealed is not None else [])]:
        where[name] += 1
    for s in state.survivors:
        where.update(s.hand)
        where.update(w.name for w in s.weapons)
    for name in where:
        if name not in data.cards:
            out.append(f"card {name!r} is not a card of the deck")
    for name, card in data.cards.items():
        n = where[name]
        if card.effect == "permanent_move_bonus" and n <= card.count:
            continue
        if n != card.count:
            out.append(f"card {name}: {n} copies on the table, the deck has {card.count}")
    if state.revealed is not None and state.revealed in data.cards \
            and data.cards[state.revealed].kind == "negative":
        out.append(f"the revealed card {state.revealed} is a Negative Event (those are played "
                   "at once)")
    return out


def _zombies_and_tokens(state: ZState, data: ZData) -> list[str]:
    """Zombie figures numbered once, below the next number, wounded less than their HP; counters
    on placed squares, never negative."""
    out = []
    ids = Counter(z.id for z in state.zombies)
    out += [f"zombie {i} appears {n} times" for i, n in ids.items() if n > 1]
    for z in state.zombies:
        if not 1 <= z.id < state.next_zombie:
            out.append(f"zombie {z.id}: numbered outside 1 to {state.next_zombie - 1} (the next "
                       f"figure placed is {state.next_zombie})")
        if len(z.loc) != 2:
            out.append(f"zombie {z.id}: square {z.loc} is not two numbers x, y")
        if not 0 <= z.damage < data.zombie_hp:
            out.append(f"zombie {z.id}: damage {z.damage} is not 0 to {data.zombie_hp - 1} "
                       f"(a zombie has {data.zombie_hp} HP)")
    on_town = {sq for t in state.tiles for sq in _tile_squares(data, t)}
    for square, bag in state.tokens.items():
        try:
            sq = unkey(square)
        except ValueError:
            out.append(f"counters at {square!r}: not a square 'x,y'")
            continue
        if sq not in on_town:
            out.append(f"counters at {square}: not on a placed tile")
        for kind, n in bag.items():
            if kind not in ("hearts", "bullets"):
                out.append(f"counters at {square}: unknown counter {kind!r}")
            elif n < 0:
                out.append(f"counters at {square}: {n} {kind}")
    return out


def _tile_squares(data: ZData, tile) -> list[tuple[int, int]]:
    n = data.tile_size
    return [(tile.slot[0] * n + i, tile.slot[1] * n + j) for i in range(n) for j in range(n)]


def _carrying(state: ZState, data: ZData) -> list[str]:
    """Who carries whom: both sides agree, only a Giant with room on its stand carries."""
    out = []
    by_name = {s.name: s for s in state.survivors}
    for s in state.survivors:
        for name in s.carrying:
            rider = by_name.get(name)
            if name == s.name:
                out.append(f"{s.name} carries itself")
            elif rider is None or rider.carried_by != s.name:
                out.append(f"{s.name} carries {name!r}, who is not carried by {s.name}")
        if s.carrying and s.in_play and not capacity.fits_on(state, data, s, None):
            out.append(f"{', '.join(s.carrying)} do not fit on {s.name}'s stand (a {s.size} "
                       "carries only smaller Survivors, within its stand's room)")
        if s.carried_by is not None and s.carried_by not in by_name:
            out.append(f"{s.name} is carried by {s.carried_by!r}, who is not a Survivor")
    return out



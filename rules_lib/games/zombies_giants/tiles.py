"""Step 1, Draw tile: from the pile of the Survivor's area, placed by the text's order of places.

Where a tile may go (exits meeting exits, the Helipad beyond the Escalator) is ``town.placements``;
what a new tile holds (zombies, heart and bullet counters) is assumed data (town.yaml), put on it as
the base game puts its zombies and counters on a new tile.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure
from rules_lib.core.words import count

from . import provenance as P
from .data import ZData
from .events import add_zombie
from .figures import squares_of
from .state import PlacedTile, Survivor, ZState, key
from .town import placement_priority, spawn_squares, town_map

G = "Zombies!!! Giants-Club"
RULE_TILE = f"{G}: Step 1 Draw tile"
RULE_MALL = f"{G}: Mall Rules"
IDS_DRAW = ("ZGC-TILE-01", "ZGC-MF-01")
IDS_PLACE = ("ZGC-TILE-01", "ZGC-TILE-02", "ZGC-TILE-03", "ZGC-MF-01")
IDS_FLOOR = ("ZGC-MALL-03", "ZGC-MALL-04", "ZGC-MF-03")


def draw_tile(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """Draw from the pile of the area the Survivor is in and place it by Step 1's order."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    mine = squares_of(state, data, s)
    pile = "mall" if tm.area_of(mine[0]) == "mall" else "town"
    if not state.piles[pile]:
        yield Event(f"The {pile} pile is empty", rule=RULE_TILE, kind="tile", ids=IDS_DRAW,
                    assumed=P.TILES)
        return
    name = state.piles[pile].pop(0)
    special = data.tiles[name].needs_floor is not None
    why, options = placement_priority(state, data, name, mine)
    if not options:
        rule = f"{RULE_MALL} (Helipad beyond the Escalator)" if special else RULE_TILE
        ids = IDS_DRAW + (IDS_FLOOR if special else ())
        if state.piles[pile]:
            state.piles[pile].append(name)
            msg = f"{name} has no legal place now: it goes under the {pile} pile"
        else:
            state.set_aside.append(name)
            msg = f"{name} has no legal place: set aside"
            if any("H" in row for row in data.layouts[data.tiles[name].layout].rows):
                msg += " (the Helicopter with it: no Survivor can escape by it this game)"
        yield Event(msg, rule=rule, kind="tile", data={"tile": name}, ids=ids,
                    assumed=P.joined(P.TILES, P.NO_PLACE))
        return
    labels = [p.label for p in options]
    choice = labels[0]
    if len(labels) > 1:
        choice = yield Decision(
            s.name,
            "place_tile",
            f"Place {name} ({why})",
            labels,
            rule=f"{RULE_TILE} ({why}; rotated for as many exits as possible)",
            data={"tile": name},
            ids=IDS_PLACE,
            assumed=P.TILES,
        )
    p = options[labels.index(choice)]
    state.tiles.append(PlacedTile(name, list(p.slot), p.rotation, p.floor))
    placed = populate(state, data, name)
    yield Event(
        f"{s.name} draws {name} from the {pile} pile and places it at {p.label} "
        f"({why}, {count(p.open_exits, 'exit')} open"
        + (", second floor" if p.floor == 2 else "")
        + f"): {placed}",
        rule=f"{RULE_TILE} (draw from the {pile.title()} pile; {why}; rotated for most exits)",
        kind="tile",
        data={"tile": name, "slot": list(p.slot), "rotation": p.rotation},
        ids=IDS_PLACE + (IDS_FLOOR if special or p.floor == 2 else ()),
        assumed=P.joined(P.TILES, P.BASE_GAME + " (a new tile's zombies and counters)"),
    )


def populate(state: ZState, data: ZData, name: str) -> str:
    """Put a new tile's zombies and tokens on it (assumed counts in town.yaml)."""
    spec = data.tiles[name]
    tm = town_map(state, data)
    spots = spawn_squares(tm, name)
    cap = data.rules["combat"]["max_zombies_per_square"]
    n = 0
    if spots:
        i = 0
        while n < spec.zombies and state.zombie_pool > 0 and i < cap * len(spots):
            sq = spots[i % len(spots)]
            if len(state.zombies_at(sq)) < cap:
                add_zombie(state, sq)
                n += 1
            i += 1
        for j, kind in enumerate(["hearts"] * spec.hearts + ["bullets"] * spec.bullets):
            sq = spots[j % len(spots)]
            bag = state.tokens.setdefault(key(sq), {})
            bag[kind] = bag.get(kind, 0) + 1
    return f"{n} zombie(s), {spec.hearts} heart(s), {spec.bullets} bullet(s)"

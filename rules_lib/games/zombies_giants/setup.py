"""Game Start: sizes chosen, counters laid out per size, piles and deck shuffled, hands dealt.

Starting hearts follow ZGC-AMB-01's default reading, Game Start's counters (Normal 3, Big 8, Huge
12 whole hearts); the variants take the size sections' 4 and 5, or read Game Start's numbers as
half hearts. Everyone starts on the Town Square (the base game's start: assumed).
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import capacity, events, sizes
from . import provenance as P
from .data import SIZES, ZData
from .state import PlacedTile, Survivor, ZState
from .town import tile_centre, town_map
from .variants import SIZE_SECTION_HEARTS, START_HEARTS_ARE_HALVES

NAME = "zombies_giants"
PLAYERS = ("Survivor 1", "Survivor 2")
SCENARIOS = {
    "mixed": None,  # one Survivor whose size is chosen by the seed (seed % 3 sizes): by size
    "normal": ("Normal",),
    "big": ("Big",),
    "huge": ("Huge",),
    "team": ("Normal", "Big"),
}
G = "Zombies!!! Giants-Club"
RULE_START = f"{G}: Game Start"
IDS_COUNTERS = {"Normal": ("ZGC-START-04", "ZGC-NORM-02", "ZGC-NORM-04"),
                "Big": ("ZGC-START-04", "ZGC-BIG-02", "ZGC-BIG-04"),
                "Huge": ("ZGC-START-04", "ZGC-HUGE-02", "ZGC-HUGE-04")}
READING_NOTES = {
    "game_start": P.AMB01,
    "size_section": P.variant(SIZE_SECTION_HEARTS, "ZGC-AMB-01", "the size sections' Big 4, "
                              "Huge 5 hearts"),
    "halves": P.variant(START_HEARTS_ARE_HALVES, "ZGC-AMB-01", "Game Start's Giant hearts count "
                        "half hearts"),
}


def initial_state(scenario: str | None, seed: int, variants: list[str], data: ZData) -> ZState:
    """A table ready for Game Start: Town Square down, piles and deck unshuffled, sizes chosen."""
    scenario = scenario or "mixed"
    if scenario not in SCENARIOS:
        raise ValueError(
            f"{NAME}: unknown scenario {scenario!r}; scenarios: {', '.join(SCENARIOS)}"
        )
    chosen = SCENARIOS[scenario] or (SIZES[seed % len(SIZES)],)
    survivors = [Survivor(PLAYERS[i], size, start_size=size) for i, size in enumerate(chosen)]
    town = data.town
    piles = {
        "town": [t.name for t in data.tiles.values() if t.pile == "town"],
        "mall": [t.name for t in data.tiles.values() if t.pile == "mall"],
    }
    state = ZState(
        game=NAME,
        variants=variants,
        survivors=survivors,
        tiles=[PlacedTile(town["start_tile"], list(town["start_slot"]), 0, 1)],
        piles=piles,
        deck=events.full_deck(data),
        zombie_pool=data.files["zombies"].tree["pool"],
    )
    # everyone starts on the Town Square: its centre, then the nearest square with room (assumed)
    place_on_start_tile(state, data)
    return state


def setup(state: ZState, ctx: Context) -> Procedure:
    """Sizes chosen, counters laid out per size, piles and deck shuffled, 3 cards each."""
    data: ZData = ctx.data
    reading = sizes.hearts_reading(ctx.variants)
    yield Event(
        f"Survivors choose their sizes: {', '.join(f'{s.name} {s.size}' for s in state.survivors)}",
        rule=f"{G}: Zombies!!! Giants-Club Rules (Normal, Big or Huge)",
        kind="phase",
        ids=("ZGC-SIZE-01",),
    )
    place_on_start_tile(state, data)
    for s in state.survivors:
        halves = sizes.start_halves(data, s.size, reading)
        disputed = len({sizes.start_halves(data, s.size, r) for r in READING_NOTES}) > 1
        s.base_max = sizes.base_max(data, s.size, reading)
        s.halves = halves
        s.bullets = sizes.stats(data, s.size).start_bullets
        s.reserve = 0
        yield Event(
            f"{s.name} ({s.size}) lays out {halves / 2:g} hearts and {s.bullets} bullets "
            f"on the {state.tiles[0].name} at {s.loc[0]},{s.loc[1]}",
            rule=f"{RULE_START} (counters for the size category)",
            kind="setup",
            data={"hearts": halves / 2, "bullets": s.bullets, "tile": state.tiles[0].name},
            ids=IDS_COUNTERS.get(s.size, ("ZGC-START-04",)) + (("ZGC-AMB-01",) if disputed else ()),
            assumed=P.joined(READING_NOTES[reading] if disputed else "", P.START_SQUARE),
        )
    for pile in ("town", "mall"):
        events.shuffle(state.piles[pile], ctx, f"shuffle the {pile} tiles")
    events.shuffle(state.deck, ctx, "shuffle the event deck")
    yield from events.deal_start_hands(state, ctx)
    yield Event(
        "Everyone's counters are laid at the table's edge; the game begins",
        rule=RULE_START,
        kind="setup",
        ids=("ZGC-START-03",),
    )


def place_on_start_tile(state: ZState, data: ZData) -> None:
    """Everyone enters on the start tile: its centre first, then the nearest square with room."""
    tm = town_map(state, data)
    start = state.tiles[0]
    centre = tile_centre(start.slot, data.tile_size)
    tile = tm.squares_of(start.name)
    for s in state.survivors:
        s.loc = None
    for s in state.survivors:
        if s.carried_by:
            continue
        spot = capacity.nearest_room(state, data, s, [centre], among=tile)
        if spot is None:  # no room on the start tile itself: the nearest square in town
            spot = capacity.nearest_room(state, data, s, [centre])
        if spot is None:
            raise ValueError(
                f"{s.name} ({s.size}) has no square with room to start on ({capacity.RULE_CAPACITY})"
            )
        s.loc = [spot[0], spot[1]]

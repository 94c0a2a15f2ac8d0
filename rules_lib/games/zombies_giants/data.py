"""Load and validate the Giants-Club data files into typed records (errors name file and path)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

from rules_lib.core.data import DataError, DataLoader, GameData

from .data_fields import Fields, shown
from .data_fields import Path as KeyPath

DATA_DIR = Path(__file__).parent / "data"
FILES = ("sizes", "rules", "crafting", "zombies", "events", "town")
SIZES = ("Normal", "Big", "Huge")
SQUARE_KINDS = {"S": "street", "B": "building", "X": "out", "V": "street", "H": "street"}
EDGES = ("N", "E", "S", "W")
CARD_KINDS = ("negative", "positive", "item", "weapon")
EFFECTS = (
    "lose_bullets",
    "divide_movement",
    "spawn_zombies",
    "move_bonus",
    "gain_bullets",
    "gain_reserve",
    "combat_bonus",
    "permanent_move_bonus",
    "heal_full",
    "kill_square",
)


@dataclass(frozen=True)
class SizeStats:
    """One Survivor size, every stat the text gives (plus the assumed ones, marked in the YAML)."""

    name: str
    footprint: tuple[int, int]
    figure_squares: Fraction  # how many squares the figure fills (Normal 1/4, Big 1, Huge 2)
    start_hearts: int
    start_hearts_size_section: int
    start_bullets: int
    max_health: int | None
    max_reserve: int | None
    movement_dice: int
    min_speed_is_hearts: bool
    combat_dice: int
    combat_keep: str  # "sum" | "highest"
    half_damage: bool
    can_use_bullets: bool
    reach: int
    snipe_range: int
    can_use_cards: bool
    carry_capacity: int
    carry_weight: int
    building_move_cost: int | None
    doorway_cost: int | None
    enters_buildings: bool
    reach_past_door: int | None
    can_use_vents: bool
    can_demolish: bool

    @property
    def is_giant(self) -> bool:
        return self.name != "Normal"


@dataclass(frozen=True)
class Layout:
    """A 3x3 tile pattern: square kinds (row 0 = north), doors, exits."""

    name: str
    rows: tuple[str, ...]
    exits: tuple[str, ...]
    doors: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    up_exit: str | None = None


@dataclass(frozen=True)
class TileSpec:
    """A town or mall tile: its layout, stack, and what is placed on it when drawn."""

    name: str
    layout: str
    area: str  # town | mall
    pile: str  # town | mall | none
    zombies: int = 0
    hearts: int = 0
    bullets: int = 0
    nameless: bool = False
    needs_floor: int | None = None


@dataclass(frozen=True)
class Card:
    """An event card of the (assumed) deck."""

    name: str
    kind: str
    count: int
    effect: str
    amount: int
    usable_by: dict[str, bool] = field(default_factory=dict)
    giant_durability: int | None = None
    requires_building: str | None = None
    throwable: bool = False

    def usable(self, size: str) -> bool:
        """Can a Survivor of this size play it (Card specific / ZGC-AMB-09)?"""
        return self.usable_by.get(size, True)


@dataclass
class ZData:
    """All Giants-Club data, loaded and checked."""

    files: dict[str, GameData]
    sizes: dict[str, SizeStats]
    layouts: dict[str, Layout]
    tiles: dict[str, TileSpec]
    cards: dict[str, Card]
    # built once per data and kept with it: the town (``town.TownMap``) per set of placed tiles
    # and demolished buildings, and each solved fight-odds chain (``odds``) per question
    town_maps: dict[tuple, Any] = field(default_factory=dict, init=False, repr=False,
                                        compare=False)
    solved_fights: dict[tuple, Any] = field(default_factory=dict, init=False, repr=False,
                                            compare=False)
    # the town last asked for: (its placed tiles, its demolished buildings, the TownMap)
    last_town: tuple[tuple, list[str], Any] | None = field(default=None, init=False, repr=False,
                                                           compare=False)

    def get(self, file: str, path: str) -> Any:
        """A value of one data file by dotted path."""
        return self.files[file].get(path)

    @property
    def rules(self) -> dict[str, Any]:
        return self.files["rules"].tree

    @property
    def crafting(self) -> dict[str, Any]:
        return self.files["crafting"].tree

    @property
    def town(self) -> dict[str, Any]:
        return self.files["town"].tree

    @property
    def zombie_hp(self) -> int:
        """A zombie's HP: what a check must reach, per zombie (zombies.yaml, ZGC-AMB-07/08)."""
        return self.files["zombies"].tree["zombie"]["hp"]

    @property
    def tile_size(self) -> int:
        """Squares along a tile's edge (town.yaml)."""
        return self.files["town"].tree["tile_size"]

    @property
    def square_capacity(self) -> Fraction:
        """How much figure one square holds (sizes.yaml square_capacity)."""
        return Fraction(self.files["sizes"].tree["square_capacity"])

    @cached_property
    def room_units(self) -> tuple[int, dict[str, int]]:
        """Square capacity in whole units of the finest share, for exact sums in integers: what
        a square holds, and what a figure of each size takes of each square it covers (as
        shipped: a square 4, a Normal 1, a Big or Huge figure 4)."""
        shares = {name: s.figure_squares / (s.footprint[0] * s.footprint[1])
                  for name, s in self.sizes.items()}
        cap = self.square_capacity
        scale = math.lcm(cap.denominator, *(f.denominator for f in shares.values()))
        return int(cap * scale), {name: int(f * scale) for name, f in shares.items()}


# -- reading and checking each file (every value the game reads, every problem listed) ----------

DICE = 10  # at most this many dice a roll: more would make exact odds and reach intractable
FAR = 20  # at most this many squares for a range or a movement cost
MANY = 100  # at most this many of a counter on a tile, cards of a kind, items at a time
SIZE_KEYS = (
    "figure", "footprint", "figure_squares", "start_hearts", "start_hearts_size_section",
    "start_bullets", "max_health", "max_reserve", "movement_dice", "min_speed_is_hearts",
    "combat", "half_damage", "can_use_bullets", "reach", "snipe_range", "can_use_cards",
    "carry_capacity", "carry_weight", "building_move_cost", "doorway_cost", "enters_buildings",
    "reach_past_door", "can_use_vents", "can_demolish",
)


def _sizes(gd: GameData, f: Fields) -> dict[str, SizeStats]:
    """sizes.yaml: the three sizes, smallest first, every stat within what the game can play."""
    top = gd.tree
    f.only(top, (), ("order", "square_capacity", "sizes"))
    order = f.listing(top, "order", ())
    if sorted(map(str, order)) != sorted(SIZES) or len(set(map(str, order))) != len(order):
        f.fail(("order",), f"must list the sizes {', '.join(SIZES)} from smallest to largest, "
                           f"found {shown(order)}")
        order = list(SIZES)
    cap = f.fraction(top, "square_capacity", ())
    table = f.mapping(top, "sizes", (), known=SIZES)
    out: dict[str, SizeStats] = {}
    for name in order:
        p = ("sizes", name)
        s = f.mapping(table, name, ("sizes",), known=SIZE_KEYS)
        footprint = f.pair(s, "footprint", p, 1, 2)
        combat = f.mapping(s, "combat", p, known=("dice", "keep"))
        stats = SizeStats(
            name=name,
            footprint=footprint,
            figure_squares=f.fraction(s, "figure_squares", p),
            start_hearts=f.whole(s, "start_hearts", p, 1, MANY),
            start_hearts_size_section=f.whole(s, "start_hearts_size_section", p, 1, MANY),
            start_bullets=f.whole(s, "start_bullets", p, 0, MANY),
            max_health=f.whole(s, "max_health", p, 1, MANY, null=True),
            max_reserve=f.whole(s, "max_reserve", p, 0, MANY, null=True),
            movement_dice=f.whole(s, "movement_dice", p, 1, DICE),
            min_speed_is_hearts=f.flag(s, "min_speed_is_hearts", p),
            combat_dice=f.whole(combat, "dice", p + ("combat",), 1, DICE),
            combat_keep=f.choice(combat, "keep", p + ("combat",), ("sum", "highest"), "keep rule"),
            half_damage=f.flag(s, "half_damage", p),
            can_use_bullets=f.flag(s, "can_use_bullets", p),
            reach=f.whole(s, "reach", p, 0, FAR),
            snipe_range=f.whole(s, "snipe_range", p, 0, FAR),
            can_use_cards=f.flag(s, "can_use_cards", p),
            carry_capacity=f.whole(s, "carry_capacity", p, 0, DICE),
            carry_weight=f.whole(s, "carry_weight", p, 1, DICE),
            building_move_cost=f.whole(s, "building_move_cost", p, 1, FAR, null=True,
                                       why=" (a step that costs nothing could be taken forever)"),
            doorway_cost=f.whole(s, "doorway_cost", p, 1, FAR, null=True,
                                 why=" (a step that costs nothing could be taken forever)"),
            enters_buildings=f.flag(s, "enters_buildings", p),
            reach_past_door=f.whole(s, "reach_past_door", p, 0, FAR, null=True, default=None),
            can_use_vents=f.flag(s, "can_use_vents", p),
            can_demolish=f.flag(s, "can_demolish", p),
        )
        f.text(s, "figure", p, default="")
        w, h = stats.footprint
        if stats.figure_squares / (w * h) > cap:
            f.fail(p + ("figure_squares",), f"a figure of {stats.figure_squares} squares over a "
                                            f"{w}x{h} footprint does not fit squares holding {cap}")
        out[name] = stats
    return out


LAYOUT_KEYS = ("rows", "exits", "doors", "up_exit")
TILE_KEYS = ("layout", "area", "pile", "zombies", "hearts", "bullets", "nameless", "needs_floor")
TOWN_KEYS = ("tile_size", "grid", "start_tile", "start_slot", "gateway", "protected", "layouts",
             "tiles")


def _town(gd: GameData, f: Fields) -> tuple[dict[str, Layout], dict[str, TileSpec]]:
    """town.yaml: the tile size and grid, the layouts (square kinds, exits, doors) and the tiles."""
    top = gd.tree
    f.only(top, (), TOWN_KEYS)
    n = f.whole(top, "tile_size", (), 1, 9)
    if n % 2 == 0:
        f.fail(("tile_size",), f"must be odd (a tile has a middle square on each edge), found {n}")
        return {}, {}
    grid = f.mapping(top, "grid", (), known=("width", "height"))
    width = f.whole(grid, "width", ("grid",), 1, 30)
    height = f.whole(grid, "height", ("grid",), 1, 30)
    layouts = {name: _layout(f, name, lay, n)
               for name, lay in f.mapping(top, "layouts", ()).items()}
    layouts = {name: lay for name, lay in layouts.items() if lay is not None}
    tiles: dict[str, TileSpec] = {}
    for name, t in f.mapping(top, "tiles", ()).items():
        p = ("tiles", name)
        t = f.mapping({name: t}, name, ("tiles",), known=TILE_KEYS)
        layout = f.choice(t, "layout", p, layouts, "layout")
        spec = TileSpec(
            str(name),
            layout or "",
            f.choice(t, "area", p, ("town", "mall"), "area", default="town") or "town",
            f.choice(t, "pile", p, ("town", "mall", "none"), "pile", default="none") or "none",
            f.whole(t, "zombies", p, 0, MANY, default=0),
            f.whole(t, "hearts", p, 0, MANY, default=0),
            f.whole(t, "bullets", p, 0, MANY, default=0),
            f.flag(t, "nameless", p, default=False),
            f.choice(t, "needs_floor", p, (1, 2), "floor", default=None, null=True),
        )
        if layout is not None:
            tiles[spec.name] = spec
    start = f.choice(top, "start_tile", (), tiles, "tile")
    if start is not None and tiles[start].pile != "none":
        f.fail(("tiles", start, "pile"), f"the start tile is on the table from the start: its "
                                         f"pile must be none, found {tiles[start].pile!r}")
    sx, sy = f.pair(top, "start_slot", (), 0, 10**6)
    if not (0 <= sx < width and 0 <= sy < height):
        f.fail(("start_slot",), f"slot {sx},{sy} is outside the {width}x{height} grid")
    f.choice(top, "gateway", (), tiles, "tile", default="")
    protected = f.mapping(top, "protected", (), known=("names",))
    f.names(protected, "names", ("protected",), tiles, "tile")
    return layouts, tiles


def _layout(f: Fields, name: Any, lay: Any, n: int) -> Layout | None:
    """A tile layout: n rows of n known square kinds, exits with a street in the middle of their
    edge, doors joining two adjacent squares of the tile, the Escalator's up exit one of them."""
    p = ("layouts", name)
    lay = f.mapping({name: lay}, name, ("layouts",), known=LAYOUT_KEYS)
    rows = f.listing(lay, "rows", p)
    if len(rows) != n or any(not isinstance(r, str) or len(r) != n for r in rows):
        f.fail(p + ("rows",), f"a tile layout is {n} rows of {n} squares, found {shown(rows)}")
        return None
    good = True
    for r, row in enumerate(rows):
        for ch in row:
            if ch not in SQUARE_KINDS:
                f.fail(p + ("rows", r), f"unknown square kind {ch!r}; known: "
                                        f"{', '.join(SQUARE_KINDS)}")
                good = False
    mid = n // 2
    middle = {"N": rows[0][mid], "S": rows[-1][mid], "E": rows[mid][-1], "W": rows[mid][0]}
    exits = f.names(lay, "exits", p, EDGES, "edge")
    for e in exits:
        if SQUARE_KINDS.get(middle[e]) != "street":
            f.fail(p + ("exits",), f"exit {e} must have a street square in the middle of that "
                                   f"edge, found {middle[e]!r}")
    doors = []
    for i, door in enumerate(f.listing(lay, "doors", p, default=[])):
        q = p + ("doors", i)
        ends = dict(enumerate(door)) if isinstance(door, list) and len(door) == 2 else {}
        a = f.pair(ends, 0, q, 0, n - 1) if ends else None
        b = f.pair(ends, 1, q, 0, n - 1) if ends else None
        if a is None or b is None or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            f.fail(q, f"a door joins two side-by-side squares of the tile [[x, y], [x, y]], "
                      f"found {shown(door)}")
            continue
        doors.append((a, b))
    up = f.choice(lay, "up_exit", p, exits, "exit of this layout", default=None, null=True)
    return Layout(str(name), tuple(rows), tuple(exits), tuple(doors), up) if good else None


CARD_KEYS = ("kind", "count", "effect", "amount", "usable_by", "giant_durability",
             "requires_building", "throwable")
#: What a card's amount may be, by effect (no amount: 0).
AMOUNTS = {
    "lose_bullets": (0, MANY), "divide_movement": (1, DICE), "spawn_zombies": (0, DICE),
    "move_bonus": (-FAR, FAR), "gain_bullets": (0, MANY), "gain_reserve": (0, MANY),
    "combat_bonus": (0, FAR), "permanent_move_bonus": (-FAR, FAR), "heal_full": (0, 0),
    "kill_square": (0, FAR),
}


def _cards(gd: GameData, f: Fields, tiles: Mapping[str, TileSpec]) -> dict[str, Card]:
    """events.yaml: the deck, each card's kind, count, effect and amount, who may use it."""
    f.only(gd.tree, (), ("cards",))
    out: dict[str, Card] = {}
    for name, c in f.mapping(gd.tree, "cards", ()).items():
        p = ("cards", name)
        c = f.mapping({name: c}, name, ("cards",), known=CARD_KEYS)
        kind = f.choice(c, "kind", p, CARD_KINDS, "card kind")
        effect = f.choice(c, "effect", p, EFFECTS, "card effect")
        count = f.whole(c, "count", p, 1, MANY)
        low, high = AMOUNTS.get(effect, (-MANY, MANY))
        amount = f.whole(c, "amount", p, low, high, default=0)
        usable = f.mapping(c, "usable_by", p, default={}, known=SIZES)
        usable_by = {size: f.flag(usable, size, p + ("usable_by",)) for size in usable}
        card = Card(
            str(name), kind or "", count, effect or "", amount, usable_by,
            f.whole(c, "giant_durability", p, 1, MANY, null=True, default=None),
            f.choice(c, "requires_building", p, tiles, "tile", default=None, null=True),
            f.flag(c, "throwable", p, default=False),
        )
        if kind is not None and effect is not None:
            out[card.name] = card
    return out


ITEMS = ("size_ray", "potion_kit", "body_armour")
CRAFTING_KEYS = ("limits", "parts_per_store_visit", *ITEMS)
ITEM_KEYS = {
    "size_ray": ("sources", "min_parts", "max_charges", "start_full", "start_charges_table_row",
                 "recharge_bullets", "charges_per_resize", "resizes_items", "upgrade_restores",
                 "bullet_bonus", "snipe_range_plus_reach"),
    "potion_kit": ("sources", "min_parts", "free_potions", "free_potions_table", "recipe",
                   "heal", "heal_table", "sizes"),
    "body_armour": ("sources", "min_parts", "extra_hearts", "max_parts", "halves_damage",
                    "made_for", "one_suit_reading"),
}


def _crafting(gd: GameData, f: Fields, tiles: Mapping[str, TileSpec]) -> None:
    """crafting.yaml: the limits, each item's stores, parts, tables and effects."""
    top = gd.tree
    f.only(top, (), CRAFTING_KEYS)
    limits = f.mapping(top, "limits", (), known=(*ITEMS, "at_a_time"))
    for item in ITEMS:
        f.whole(limits, item, ("limits",), 0, MANY)
    f.names(limits, "at_a_time", ("limits",), ITEMS, "item")
    f.whole(top, "parts_per_store_visit", (), 0, DICE)
    for item in ITEMS:
        p = (item,)
        node = f.mapping(top, item, (), known=ITEM_KEYS[item])
        f.names(node, "sources", p, tiles, "building")
        low = f.whole(node, "min_parts", p, 1, DICE)
        if item == "size_ray":
            _table(f, node, "max_charges", p, 1, lambda v, q: f.number(v, q, 0, MANY))
            f.flag(node, "start_full", p)
            f.flag(node, "upgrade_restores", p)
            f.whole(node, "start_charges_table_row", p, 0, MANY)
            f.whole(node, "recharge_bullets", p, 0, MANY)
            f.whole(node, "charges_per_resize", p, 1, MANY,
                    why=" (a resize that costs no charge could be repeated forever)")
            f.names(node, "resizes_items", p, CARD_KINDS, "card kind")
            f.whole(node, "bullet_bonus", p, 0, FAR)
            f.whole(node, "snipe_range_plus_reach", p, 0, FAR)
        elif item == "potion_kit":
            _table(f, node, "recipe", p, low, lambda v, q: _costs(f, v, q, "[hearts paid, potions "
                                                                      "made]", (1, 1)))
            f.whole(node, "free_potions", p, 0, DICE)
            f.whole(node, "free_potions_table", p, 0, DICE)
            f.whole(node, "heal", p, 0, MANY)
            f.whole(node, "heal_table", p, 0, MANY)
            f.names(node, "sizes", p, SIZES, "size", empty=False)
        else:
            top_parts = f.whole(node, "max_parts", p, low, DICE)
            table = _table(f, node, "extra_hearts", p, low,
                           lambda v, q: _costs(f, v, q, "[extra hearts, a Giant's]", (0, 0)))
            if table and max(table) != top_parts:
                f.fail(p + ("extra_hearts",), f"the table's last row must be max_parts "
                                              f"({top_parts}), found {max(table)}")
            f.flag(node, "halves_damage", p)
            f.choice(node, "made_for", p, SIZES, "size")
            suit = f.mapping(node, "one_suit_reading", p, known=("suits", "crafts"))
            f.whole(suit, "suits", p + ("one_suit_reading",), 0, MANY)
            f.whole(suit, "crafts", p + ("one_suit_reading",), 1, DICE)


def _table(f: Fields, node: Any, key: str, path: KeyPath, first: int, row: Any) -> dict:
    """A table by parts found: rows for every count from ``first`` to its last, each checked."""
    table = f.mapping(node, key, path)
    rows = {}
    for parts, value in table.items():
        if isinstance(parts, bool) or not isinstance(parts, int):
            f.fail(path + (key, parts), f"a row is a number of parts, found {shown(parts)}")
            continue
        rows[parts] = row(value, path + (key, parts))
    if rows:
        missing = [k for k in range(first, max(rows) + 1) if k not in rows]
        if missing or min(rows) < 1:
            f.fail(path + (key,), f"needs one row for each number of parts from {first} to "
                                  f"{max(rows)}, found rows {sorted(rows)}")
    elif key in (node if isinstance(node, Mapping) else {}):
        f.fail(path + (key,), "the table has no rows")
    return rows


def _costs(f: Fields, value: Any, path: KeyPath, what: str, lows: tuple[int, int]) -> Any:
    """A table row of two whole numbers (each at least its low)."""
    if not isinstance(value, list) or len(value) != 2:
        f.fail(path, f"must be {what}, found {shown(value)}")
        return None
    return [f.number(value[0], path + (0,), lows[0], MANY),
            f.number(value[1], path + (1,), lows[1], MANY)]


RULES_KEYS = {
    "combat": ("hits_per_failure", "bullet_bonus", "bullets_per_combat", "snipe_bonus",
               "reach_attack_cost", "max_zombies_per_square", "demolish_target", "demolish_cost",
               "demolish_tries_per_turn"),
    "zombie_turn": ("advantage_dice", "squares_per_zombie"),
    "win": ("kills_to_survive",),
    "game": ("start_cards", "max_turns", "reserve_auto_use"),
    "movement": ("square_cost",),
    "carrying": ("pick_up_cost", "set_down_cost"),
    "reach_moves": ("move_in_cost", "big_inside_move_in_cost", "big_inside_door_move_in_cost"),
}
#: (low, high) of each number in rules.yaml; the ranges say what the game can play.
RULES_RANGES = {
    "hits_per_failure": (1, DICE), "bullet_bonus": (0, FAR), "bullets_per_combat": (0, DICE),
    "snipe_bonus": (0, FAR), "reach_attack_cost": (0, FAR), "max_zombies_per_square": (1, DICE),
    "demolish_target": (0, MANY), "demolish_cost": (0, FAR), "demolish_tries_per_turn": (0, DICE),
    "advantage_dice": (1, DICE), "squares_per_zombie": (0, DICE), "kills_to_survive": (1, 1000),
    "start_cards": (0, DICE), "max_turns": (1, 1000), "square_cost": (1, FAR),
    "pick_up_cost": (1, FAR), "set_down_cost": (1, FAR), "move_in_cost": (0, FAR),
    "big_inside_move_in_cost": (0, FAR), "big_inside_door_move_in_cost": (0, FAR),
}
FOREVER = " (an action that costs no movement could be repeated forever)"


def _rules(gd: GameData, f: Fields) -> None:
    """rules.yaml: the numbers the procedures use, each within what the game can play."""
    top = gd.tree
    f.only(top, (), (*RULES_KEYS, "grab_cost", "vent_cost"))
    for section, keys in RULES_KEYS.items():
        node = f.mapping(top, section, (), known=keys)
        for key in keys:
            if key == "reserve_auto_use":
                f.flag(node, key, (section,))
                continue
            low, high = RULES_RANGES[key]
            f.whole(node, key, (section,), low, high, why=FOREVER if low == 1 and "cost" in key
                    else "")
    f.whole(top, "grab_cost", (), 0, FAR)
    f.whole(top, "vent_cost", (), 0, FAR)


def _zombies(gd: GameData, f: Fields) -> None:
    """zombies.yaml: a zombie's HP, reach and recovery, and the figures in the box."""
    top = gd.tree
    f.only(top, (), ("zombie", "pool"))
    zombie = f.mapping(top, "zombie", (), known=("hp", "reach", "recovers_at_end_of_turn"))
    f.whole(zombie, "hp", ("zombie",), 1, MANY)
    f.whole(zombie, "reach", ("zombie",), 0, 0, why=" (zombies have no reach)")
    f.flag(zombie, "recovers_at_end_of_turn", ("zombie",))
    f.whole(top, "pool", (), 0, 1000)


def build(files: Mapping[str, GameData]) -> ZData:
    """Validate loaded (possibly overridden) files and build the typed records; a DataError lists
    every problem of every file.

    The checks read a plain copy of each file; the records are then read from the files as given,
    so a copy that notes what is read (``core.data.track_reads``) sees what the game reads, not
    what the checks looked at."""
    plain = {name: GameData(gd.file, _plain(gd.tree), gd.provenance) for name, gd in files.items()}
    fields = {name: Fields(gd) for name, gd in plain.items()}
    _, tiles = _town(plain["town"], fields["town"])
    _sizes(plain["sizes"], fields["sizes"])
    _cards(plain["events"], fields["events"], tiles)
    _crafting(plain["crafting"], fields["crafting"], tiles)
    _rules(plain["rules"], fields["rules"])
    _zombies(plain["zombies"], fields["zombies"])
    problems: list[DataError] = [p for f in fields.values() for p in f.check.problems]
    if problems:
        first = problems[0]
        if len(problems) > 1:
            more = "\n  ".join(str(p) for p in problems[1:])
            raise DataError(first.file, first.path, f"{first.problem}\n  {more}")
        raise first
    read = {name: Fields(gd) for name, gd in files.items()}
    layouts, tiles = _town(files["town"], read["town"])
    sizes = _sizes(files["sizes"], read["sizes"])
    cards = _cards(files["events"], read["events"], tiles)
    return ZData(dict(files), sizes, layouts, tiles, cards)


def _plain(node: Any) -> Any:
    """A plain copy of a value tree, read without going through a tracking copy's accessors."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in dict.items(node)}
    if isinstance(node, list):
        return [_plain(v) for v in list.__iter__(node)]
    return node


def load_files(overrides: dict[str, Any] | None = None) -> dict[str, GameData]:
    """Read every data file of the game, with designer overrides (core ``apply_overrides``)."""
    return LOADER.files(overrides)


def load_game_data(overrides: dict[str, Any] | None = None) -> ZData:
    """The game's data, with designer overrides if given (built once per set)."""
    return LOADER.data(overrides)


def default_data() -> ZData:
    """The game's data as shipped (built once)."""
    return LOADER.data()


LOADER = DataLoader("zombies_giants", DATA_DIR, FILES, build)

"""Load and validate the Giants-Club data files into typed records (errors name file and path)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any

from rules_lib.core.data import Check, DataError, DataLoader, GameData

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


def _fraction(value: Any, path: tuple, chk: Check) -> Fraction:
    """A positive number or a fraction written as text ('1/4'); a clear error otherwise."""
    try:
        out = Fraction(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError, ZeroDivisionError):
        out = None
    if out is None or out <= 0:
        chk.fail(path, f"must be a positive number or fraction like '1/4', found {value!r}")
        return Fraction(1)
    return out


def _sizes(gd: GameData, chk: Check) -> dict[str, SizeStats]:
    out: dict[str, SizeStats] = {}
    table = chk.require(gd.tree, "sizes", dict, ()) or {}
    order = gd.tree.get("order")
    if not isinstance(order, list) or sorted(order) != sorted(SIZES):
        chk.fail(("order",), f"must list the sizes {', '.join(SIZES)} from smallest to largest, "
                             f"found {order!r}")
        order = list(SIZES)
    for name in order:
        s = table.get(name)
        if not isinstance(s, dict):
            chk.fail(("sizes", name), "missing size")
            continue
        p = ("sizes", name)
        try:
            combat = s["combat"]
            chk.one_of(combat.get("keep"), ("sum", "highest"), p + ("combat", "keep"), "keep rule")
            out[name] = SizeStats(
                name=name,
                footprint=tuple(s["footprint"]),
                figure_squares=_fraction(s["figure_squares"], p + ("figure_squares",), chk),
                start_hearts=s["start_hearts"],
                start_hearts_size_section=s["start_hearts_size_section"],
                start_bullets=s["start_bullets"],
                max_health=s["max_health"],
                max_reserve=s["max_reserve"],
                movement_dice=s["movement_dice"],
                min_speed_is_hearts=s["min_speed_is_hearts"],
                combat_dice=combat["dice"],
                combat_keep=combat["keep"],
                half_damage=s["half_damage"],
                can_use_bullets=s["can_use_bullets"],
                reach=s["reach"],
                snipe_range=s["snipe_range"],
                can_use_cards=s["can_use_cards"],
                carry_capacity=s["carry_capacity"],
                carry_weight=s["carry_weight"],
                building_move_cost=s["building_move_cost"],
                doorway_cost=s["doorway_cost"],
                enters_buildings=s["enters_buildings"],
                reach_past_door=s.get("reach_past_door"),
                can_use_vents=s["can_use_vents"],
                can_demolish=s["can_demolish"],
            )
        except KeyError as exc:
            chk.fail(p + (str(exc.args[0]),), "missing")
            continue
        for key in ("start_hearts", "start_bullets", "movement_dice", "reach"):
            if not isinstance(s[key], int) or s[key] < 0:
                chk.fail(p + (key,), f"must be a whole number >= 0, found {s[key]!r}")
        if s["start_hearts"] < 1:
            chk.fail(p + ("start_hearts",), "a Survivor starts with at least 1 heart")
        if name in out:
            w, h = out[name].footprint
            cap = _fraction(gd.tree.get("square_capacity"), ("square_capacity",), chk)
            if out[name].figure_squares / (w * h) > cap:
                chk.fail(
                    p + ("figure_squares",),
                    f"a figure of {out[name].figure_squares} squares over a {w}x{h} footprint "
                    f"does not fit squares holding {cap}",
                )
    return out


def _town(gd: GameData, chk: Check) -> tuple[dict[str, Layout], dict[str, TileSpec]]:
    layouts: dict[str, Layout] = {}
    n = gd.tree.get("tile_size")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1 or n % 2 == 0:
        chk.fail(("tile_size",), f"must be an odd whole number >= 1 (a tile has a middle "
                                 f"square on each edge), found {n!r}")
        return layouts, {}
    mid = n // 2
    for name, lay in (chk.require(gd.tree, "layouts", dict, ()) or {}).items():
        p = ("layouts", name)
        rows = tuple(lay.get("rows", ()))
        if len(rows) != n or any(len(r) != n for r in rows):
            chk.fail(p + ("rows",), f"a tile layout is {n} rows of {n} squares")
            continue
        for r, row in enumerate(rows):
            for ch in row:
                if ch not in SQUARE_KINDS:
                    chk.fail(
                        p + ("rows", r),
                        f"unknown square kind {ch!r}; known: {', '.join(SQUARE_KINDS)}",
                    )
        exits = tuple(lay.get("exits", ()))
        middle = {"N": rows[0][mid], "S": rows[-1][mid], "E": rows[mid][-1], "W": rows[mid][0]}
        for e in exits:
            if (
                chk.one_of(e, EDGES, p + ("exits",), "edge")
                and SQUARE_KINDS.get(middle[e]) != "street"
            ):
                chk.fail(
                    p + ("exits",),
                    f"exit {e} must have a street square in the middle of "
                    f"that edge, found {middle[e]!r}",
                )
        doors = tuple((tuple(a), tuple(b)) for a, b in lay.get("doors", ()))
        layouts[name] = Layout(name, rows, exits, doors, lay.get("up_exit"))
    tiles: dict[str, TileSpec] = {}
    for name, t in (chk.require(gd.tree, "tiles", dict, ()) or {}).items():
        p = ("tiles", name)
        if t.get("layout") not in layouts:
            chk.fail(
                p + ("layout",), f"unknown layout {t.get('layout')!r}; known: {', '.join(layouts)}"
            )
            continue
        chk.one_of(t.get("area"), ("town", "mall"), p + ("area",), "area")
        chk.one_of(t.get("pile"), ("town", "mall", "none"), p + ("pile",), "pile")
        for key in ("zombies", "hearts", "bullets"):
            if not isinstance(t.get(key, 0), int) or t.get(key, 0) < 0:
                chk.fail(p + (key,), f"must be a whole number >= 0, found {t.get(key)!r}")
        tiles[name] = TileSpec(
            name,
            t["layout"],
            t.get("area", "town"),
            t.get("pile", "none"),
            t.get("zombies", 0),
            t.get("hearts", 0),
            t.get("bullets", 0),
            t.get("nameless", False),
            t.get("needs_floor"),
        )
    start = gd.tree.get("start_tile")
    if start not in tiles:
        chk.fail(("start_tile",), f"unknown tile {start!r}")
    for name in (gd.tree.get("protected") or {}).get("names", []):
        if name not in tiles:
            chk.fail(("protected", "names"), f"unknown tile {name!r}")
    return layouts, tiles


def _cards(gd: GameData, chk: Check) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for name, c in (chk.require(gd.tree, "cards", dict, ()) or {}).items():
        p = ("cards", name)
        ok = chk.one_of(c.get("kind"), CARD_KINDS, p + ("kind",), "card kind")
        ok &= chk.one_of(c.get("effect"), EFFECTS, p + ("effect",), "card effect")
        if not isinstance(c.get("count"), int) or c.get("count", 0) < 1:
            chk.fail(p + ("count",), f"must be a whole number >= 1, found {c.get('count')!r}")
            ok = False
        for size in c.get("usable_by", {}):
            ok &= chk.one_of(size, SIZES, p + ("usable_by",), "size")
        if ok:
            out[name] = Card(
                name,
                c["kind"],
                c["count"],
                c["effect"],
                c.get("amount", 0),
                dict(c.get("usable_by", {})),
                c.get("giant_durability"),
                c.get("requires_building"),
                c.get("throwable", False),
            )
    return out


def _crafting(gd: GameData, chk: Check, tiles: dict[str, TileSpec]) -> None:
    for item in ("size_ray", "potion_kit", "body_armour"):
        node = gd.tree.get(item)
        if not isinstance(node, dict):
            chk.fail((item,), "missing")
            continue
        for i, src in enumerate(node.get("sources", [])):
            if src not in tiles:
                chk.fail((item, "sources", i), f"unknown building {src!r}")


def build(files: dict[str, GameData]) -> ZData:
    """Validate loaded (possibly overridden) files and build the typed records."""
    problems: list[DataError] = []
    checks = {name: Check(gd) for name, gd in files.items()}
    sizes = _sizes(files["sizes"], checks["sizes"])
    layouts, tiles = _town(files["town"], checks["town"])
    cards = _cards(files["events"], checks["events"])
    _crafting(files["crafting"], checks["crafting"], tiles)
    for chk in checks.values():
        problems.extend(chk.problems)
    if problems:
        first = problems[0]
        if len(problems) > 1:
            more = "\n  ".join(str(p) for p in problems[1:])
            raise DataError(first.file, first.path, f"{first.problem}\n  {more}")
        raise first
    return ZData(files, sizes, layouts, tiles, cards)


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

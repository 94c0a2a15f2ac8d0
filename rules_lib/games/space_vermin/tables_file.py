"""The charts: ``terrain.yaml`` (the Terrain Effects Chart, §P) and ``tables.yaml`` (the combat
results and special-action rolls of §F, §H, §I, §J), read and checked.

The procedures read the tables as they are in the file (``data.tables["pants"]["range"]``), so
every value they read is checked here first: whole numbers where numbers belong, die faces a
die can show, divisors that are not zero, result names the procedures know, modifiers a die roll
can take. A table that passes is one the game can play with.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.data import Path_

from .map_file import TERRAIN_TYPES
from .reading import FileReader

DIE = 6  # faces of the game's dice (§B-4)
MODIFIER = 6  # no modifier of a die roll or a CF goes beyond -6..+6
MOST_HITS = 36  # more hits than any roll of the game's dice scores in one roll
MOST_MP = 10  # no terrain costs more Movement Points than this

# the results each damage table may give, as the procedures read them (§F-2, §J-1, §J-3, §J-5-c)
DAMAGE_TABLES = {
    "standard": ("step", "eliminate"),
    "ant_gun": ("step", "eliminate"),
    "scientist_motorcycle": ("step", "eliminate", "lose_weapon"),
    "scientist_weapon_ready": ("step", "eliminate", "lose_weapon"),
}
# the results of the banded one-die tables (§I-1-c, §I-5-b, §J-4), in the order the rows give them
BANDED_TABLES = {
    "pants": ("misfire", "jolted", "fried"),
    "jump_pack": ("malfunction", "scattered", "safe"),
    "landing_zone": ("on_target", "drift", "delayed"),
}
ANT_GUN_TARGETS = ("soldier", "drone", "ultra_mite", "queen", "escorted_queen", "tunnel_exit")
ANT_GUN_EFFECTS = ("eliminate", "step", "none")


@dataclass(frozen=True)
class TerrainType:
    """One kind of terrain: MP cost to enter, defensive benefit, Line-of-Sight blocking (§P)."""

    name: str
    cost: int
    defensive: bool
    blocks_los: bool
    enterable: bool
    road: bool = False


@dataclass(frozen=True)
class TerrainChart:
    """The Terrain Effects Chart's numbers beyond the terrain types (§P-1-b/e/f, §P-3-o)."""

    road_marine_cost: Fraction
    road_vermite_cost: int
    trail_vermite_cost: int
    flooded_cost: int
    flooded_defensive: bool
    flood_event: str
    psychic_whip_ma: int


def read_terrain(r: FileReader) -> tuple[dict[str, TerrainType], TerrainChart]:
    """terrain.yaml: the six terrain types and the movement numbers of Roads, Scent Trails,
    Flooded hexes and the Psychic Whip."""
    tree = r.mapping(r.src.tree, ())
    r.only_keys(tree, ("types", "road", "scent_trail", "flooded", "psychic_whip"), ())
    types = {}
    for name, node in r.section(tree, "types", ()).items():
        path = ("types", name)
        r.one_of(name, path, TERRAIN_TYPES, "terrain type")
        node = r.mapping(node, path)
        r.only_keys(node, ("cost", "defensive", "blocks_los", "enterable", "road"), path)
        types[name] = TerrainType(name, r.integer(node, "cost", path, 1, MOST_MP),
                                  r.flag(node, "defensive", path), r.flag(node, "blocks_los", path),
                                  r.flag(node, "enterable", path),
                                  r.flag(node, "road", path, default=False))
    for name in TERRAIN_TYPES:
        if name not in types:
            r.fail(("types", name), "missing terrain type")
    road = r.section(tree, "road", ())
    r.only_keys(road, ("marine_cost", "vermite_cost"), ("road",))
    trail = r.section(tree, "scent_trail", ())
    r.only_keys(trail, ("vermite_cost",), ("scent_trail",))
    flooded = r.section(tree, "flooded", ())
    r.only_keys(flooded, ("cost", "defensive", "event"), ("flooded",))
    whip = r.section(tree, "psychic_whip", ())
    r.only_keys(whip, ("ma_bonus",), ("psychic_whip",))
    chart = TerrainChart(
        road_marine_cost=_half_mp(r, road.get("marine_cost"), ("road", "marine_cost")),
        road_vermite_cost=r.integer(road, "vermite_cost", ("road",), 1, MOST_MP),
        trail_vermite_cost=r.integer(trail, "vermite_cost", ("scent_trail",), 1, MOST_MP),
        flooded_cost=r.integer(flooded, "cost", ("flooded",), 1, MOST_MP),
        flooded_defensive=r.flag(flooded, "defensive", ("flooded",)),
        flood_event=r.text(flooded, "event", ("flooded",)),
        psychic_whip_ma=r.integer(whip, "ma_bonus", ("psychic_whip",), 0, MODIFIER),
    )
    return types, chart


def _half_mp(r: FileReader, value: Any, path: Path_) -> Fraction:
    """A Marine's MP along a Road: a whole or half number of MP ("1/2"), more than nothing (the
    Full Move search counts in half-MPs)."""
    try:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValueError
        cost = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        r.fail(path, f"must be a number of MP such as 1 or \"1/2\", found {value!r}")
        return Fraction(1, 2)
    if cost <= 0 or cost > MOST_MP or (cost * 2).denominator != 1:
        r.fail(path, f"{value} MP: a road costs a whole or half number of MP, more than 0 and "
                     f"at most {MOST_MP}")
        return Fraction(1, 2)
    return cost


def check_tables(r: FileReader) -> dict[str, Any]:
    """tables.yaml, every value the procedures read checked; the tree as the game reads it."""
    tree = r.mapping(r.src.tree, ())
    r.only_keys(tree, ("hit_convention", "damage", "shoot_and_scoot", "marine_fire",
                       "vermite_stacking", "vermite_attack", "pants", "jump_pack", "ant_gun",
                       "recon", "rally", "request_reinforcements", "landing_zone", "nat",
                       "secret_weapon"), ())
    r.choice(tree, "hit_convention", (), ("exceeds", "at_least"), "hit convention")
    _damage(r, r.section(tree, "damage", ()))
    _numbers(r, tree, "shoot_and_scoot", {"ma_divisor": (1, DIE)})
    _numbers(r, tree, "marine_fire", dict.fromkeys(
        ("shoot_and_scoot", "nat_marker", "defensive_terrain", "adjacent_hq", "adjacent_target"),
        (-MODIFIER, MODIFIER)) | {"minimum_cf": (1, MODIFIER)})
    _numbers(r, tree, "vermite_stacking", {"limit": (1, 20)})
    _numbers(r, tree, "vermite_attack", {"defensive_terrain": (-MODIFIER, MODIFIER),
                                         "minimum_cf": (1, MODIFIER)})
    pants = _numbers(r, tree, "pants", {"dice": (1, 3), "range": (0, 30),
                                        "shoot_and_scoot": (-MODIFIER, MODIFIER),
                                        "nat_marker": (-MODIFIER, MODIFIER)}, ("results",))
    _banded(r, pants, "pants", pants.get("dice", 1))
    jump = _numbers(r, tree, "jump_pack", {"shoot_and_scoot": (-MODIFIER, MODIFIER),
                                           "nat_marker": (-MODIFIER, MODIFIER)}, ("results",))
    _banded(r, jump, "jump_pack", 1)
    _ant_gun(r, tree)
    _numbers(r, tree, "recon", {"target": (1, DIE), "hq_assist": (-MODIFIER, MODIFIER),
                                "disrupted": (-MODIFIER, MODIFIER)})
    _numbers(r, tree, "rally", {"target": (1, DIE)})
    _numbers(r, tree, "request_reinforcements", {"target": (1, DIE),
                                                 "disrupted": (-MODIFIER, MODIFIER),
                                                 "nat_marker": (-MODIFIER, MODIFIER)})
    landing = _numbers(r, tree, "landing_zone", {"drift_distance_divisor": (1, DIE)},
                       ("results",))
    _banded(r, landing, "landing_zone", 1)
    _numbers(r, tree, "nat", {"range": (0, 30), "infected_dies_on_at_most": (0, DIE),
                              "escalates_on": (1, DIE), "modifier": (-MODIFIER, MODIFIER)})
    _numbers(r, tree, "secret_weapon", {"range_modifier": (-MODIFIER, MODIFIER),
                                        "count_divisor": (1, DIE)})
    return tree


def _numbers(r: FileReader, tree: dict[str, Any], name: str,
             bounds: dict[str, tuple[int, int]], other: tuple[str, ...] = ()) -> dict[str, Any]:
    """A table of whole numbers, each within its bounds; ``other``: keys checked elsewhere."""
    table = r.section(tree, name, ())
    r.only_keys(table, (*bounds, *other), (name,))
    for key, (low, high) in bounds.items():
        r.integer(table, key, (name,), low, high)
    return table


def _damage(r: FileReader, damage: dict[str, Any]) -> None:
    """Each damage table: rows {hits, result}, hits rising; the highest row reached applies."""
    r.only_keys(damage, DAMAGE_TABLES, ("damage",))
    for name, results in DAMAGE_TABLES.items():
        rows = r.listed(damage, name, ("damage",), "a list of {hits, result} rows")
        last = 0
        for i, row in enumerate(rows):
            path = ("damage", name, i)
            row = r.mapping(row, path, "a mapping: hits, result")
            r.only_keys(row, ("hits", "result"), path)
            hits = r.integer(row, "hits", path, 1, MOST_HITS)
            r.choice(row, "result", path, results, "damage result")
            if hits <= last:
                r.fail(path + ("hits",), f"{hits} hits: the rows must give more hits each "
                                         f"(the row before needs {last})")
            last = max(last, hits)


def _banded(r: FileReader, table: dict[str, Any], name: str, dice: Any) -> None:
    """A banded table: rows {at_most, result}, the results in their order, at_most rising
    within the faces the dice show; the last row covers every higher roll."""
    dice = dice if isinstance(dice, int) and not isinstance(dice, bool) and dice > 0 else 1
    rows = r.listed(table, "results", (name,), "a list of {at_most, result} rows")
    results = BANDED_TABLES[name]
    if len(rows) != len(results):
        r.fail((name, "results"), f"must have {len(results)} rows: {', '.join(results)}")
    last = 0
    for i, row in enumerate(rows):
        path = (name, "results", i)
        row = r.mapping(row, path, "a mapping: at_most, result")
        r.only_keys(row, ("at_most", "result"), path)
        at_most = r.integer(row, "at_most", path, 1, DIE * dice)
        if i < len(results):
            r.choice(row, "result", path, (results[i],), "result in this row")
        if at_most <= last:
            r.fail(path + ("at_most",), f"{at_most}: each row must reach a higher roll than the "
                                        f"one before ({last})")
        last = max(last, at_most)
    if rows and last != DIE * dice:
        r.fail((name, "results"), f"the last row must reach {DIE * dice}, the highest roll")


def _ant_gun(r: FileReader, tree: dict[str, Any]) -> None:
    """The A.N.T. Gun (§J-3): dice, the crash total, the NAT range multiplier, the effects."""
    gun = _numbers(r, tree, "ant_gun", {"dice": (1, 3), "nat_range_multiplier": (1, 10)},
                   ("crash_total", "effects"))
    dice = gun.get("dice")
    dice = dice if isinstance(dice, int) and not isinstance(dice, bool) and 0 < dice <= 3 else 1
    r.integer(gun, "crash_total", ("ant_gun",), dice, DIE * dice)
    effects = r.section(gun, "effects", ("ant_gun",))
    r.only_keys(effects, ANT_GUN_TARGETS, ("ant_gun", "effects"))
    for target in ANT_GUN_TARGETS:
        r.choice(effects, target, ("ant_gun", "effects"), ANT_GUN_EFFECTS, "A.N.T. Gun effect")

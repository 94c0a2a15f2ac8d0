"""Loads and validates Space Vermin's YAML data into typed tables (errors name file and path).

Files (``data/``): ``terrain.yaml`` (§P), ``counters.yaml`` (§B-1), ``chits.yaml`` (§D, §J-5),
``tables.yaml`` (§F, §I, §J), ``maps/alpha.yaml`` / ``maps/beta.yaml`` (§B-2, §P) and
``scenarios.yaml`` (§Q). The counters and chits are read here; the maps in ``map_file``, the charts
in ``tables_file``, the scenarios in ``scenarios_file``. Every value is checked as it is read and
``build`` lists every problem of every file, each with its file and path (``reading``).
Overrides for a designer's what-if are ``{"file:path": value}`` (for example
``{"counters:marines.squad.full.cf": 5}``) or ``{"path": value}`` (the first file holding it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from rules_lib.core.boards.hex import DIRECTIONS
from rules_lib.core.data import DataLoader, GameData, Path_
from rules_lib.core.engine import Context

from .map_file import MapData, ScentTrail, label_of, read_map
from .reading import MISSING, FileReader, raise_all
from .scenarios_file import CounterMix, check_scenarios
from .tables_file import TerrainType, check_tables, read_terrain

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = {
    "terrain": "terrain.yaml",
    "counters": "counters.yaml",
    "chits": "chits.yaml",
    "tables": "tables.yaml",
    "alpha": "maps/alpha.yaml",
    "beta": "maps/beta.yaml",
    "scenarios": "scenarios.yaml",
}
MAPS = ("alpha", "beta")
WEAPONS = ("standard", "pistol", "pants", "ant_gun", "none")
VERMITE_KINDS = ("drone", "soldier", "ultra_mite")
CHIT_EFFECTS = ("none", "extra_draw", "bogs_flood", "nat_plague", "molt", "extra_move",
                "tunnel_exit", "extra_spawn", "fog", "drones_flock_twice", "acid_rain")
DAMAGE_MODELS = ("standard", "ant_gun", "scientist")  # which damage tables a Marine reads
MOST_CF = 12  # no printed Combat Factor or Movement Allowance beyond this
DIE = 6
# the short names of the Marine counters (unit ids: "Squad 3", "HQ 1", "RV 2")
SHORT_NAMES = {
    "squad": "Squad",
    "scout": "Scout",
    "special_ops": "Special Ops",
    "heavy_weapons": "Heavy Weapons",
    "hq": "HQ",
    "logistics": "Logistics",
    "mad_scientist": "M.A.D. Scientist",
    "ant_gun": "A.N.T. Gun",
    "recovery_vehicle": "RV",
}
__all__ = ["LOADER", "MapData", "SVData", "ScentTrail", "TerrainType", "build", "game_data",
           "label_of", "load_game_data", "load_sources"]


@dataclass(frozen=True)
class CounterSide:
    """One printed side of a counter: Combat Factor, Defense Number, Movement Allowance, weapon."""

    cf: int
    dn: int
    ma: int
    weapon: str = "standard"


@dataclass(frozen=True)
class MarineType:
    """A Marine counter type (§B-1-a) with its sides and special abilities."""

    key: str
    name: str
    count: int
    sides: dict[str, CounterSide]
    unlimited_range: bool = False
    jump_pack: bool = False
    recon: bool = False
    hq: bool = False
    rally: bool = False
    purge: bool = False
    damage: str = "standard"
    carries_jewels: int = 0
    load_mp: int = 0  # MP to load a Crown Jewel (Recovery Vehicles, §J-6)
    pistol_cf: int = 0  # the Scientist's Pistol, only with the variant scientist_has_pistol


@dataclass(frozen=True)
class VermiteType:
    """A Vermite Warrior or Queen type (§B-1-b, §B-1-c): sides, Unit IDs, NAT roll, SN, rank."""

    key: str
    name: str
    kind: str  # drone | soldier | ultra_mite | queen
    full: CounterSide
    reduced: CounterSide
    nat_roll: int
    ids: tuple[int, ...] = ()
    rank: int = 0
    sn: int = 0


@dataclass(frozen=True)
class EventChit:
    """A Vermite Event Chit: its three direction numbers and its event (§D)."""

    name: str
    alpha_blue: int
    alpha_yellow: int
    beta: int | str
    effect_kind: str
    effect_text: str
    invented_kind: str = "none"  # the project's stand-in card (variant invented_event_chit_card)
    invented_text: str = ""


@dataclass(frozen=True)
class SecretWeapon:
    """A Secret Weapon chit of the M.A.D. Scientist (§J-5)."""

    name: str
    rolls: bool
    effect: str
    targets: str
    range: int = 0
    count: int = 0
    removes_from_game: bool = False


@dataclass
class SVData:
    """Every number of the game, typed; ``sources`` keeps each file's GameData (with provenance)."""

    terrain: dict[str, TerrainType]
    road_marine_cost: Fraction
    road_vermite_cost: int
    trail_vermite_cost: int
    flooded_cost: int
    flooded_defensive: bool
    flood_event: str
    hit_convention: str
    marines: dict[str, MarineType]
    vermites: dict[str, VermiteType]
    jewel_bonus: dict[str, int]
    jewel_spawn_bonus: int
    jewel_pickup_mp: int
    warrior_carries: int
    tunnel_exit_dn: int
    vermite_stack_limit: int
    psychic_whip_ma: int
    event_chits: list[EventChit]
    secret_weapons: list[SecretWeapon]
    tables: dict[str, Any]
    maps: dict[str, MapData]
    total_counters: int
    marker_counts: dict[str, int]
    sources: dict[str, GameData] = field(default_factory=dict)
    # built from these values once and kept: the Mapzones (board.py) and the provenance reasons
    # of events (provenance.py)
    maps_built: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    reasons: dict[Any, str] = field(default_factory=dict, repr=False, compare=False)
    # a unit's face-up values with its markers (``state.effective_values``), by what they depend on
    effective_cache: dict[tuple, CounterSide] = field(default_factory=dict, repr=False,
                                                      compare=False)

    def vermite_kind(self, key: str) -> str:
        """drone / soldier / ultra_mite / queen for a Vermite type key."""
        return self.vermites[key].kind


# --------------------------------------------------------------------------------------------------
# loading
# --------------------------------------------------------------------------------------------------


def load_sources(overrides: dict[str, Any] | None = None) -> dict[str, GameData]:
    """Read the data files, with designer overrides (core ``apply_overrides`` syntax)."""
    return LOADER.files(overrides)


def load_game_data(overrides: dict[str, Any] | None = None) -> SVData:
    """The game's data, with designer overrides if given (built once per set)."""
    return LOADER.data(overrides)


def game_data(ctx: Context | None) -> SVData:
    """The game data a procedure works with (the context's, else the standard files)."""
    data = getattr(ctx, "data", None)
    return data if isinstance(data, SVData) else load_game_data()


def marine_unit_ids(key: str, mtype: MarineType) -> list[str]:
    """The unit ids of a Marine type's counters: "Squad 1" ... or "Logistics" when it is one."""
    short = SHORT_NAMES.get(key, mtype.name)
    return [short if mtype.count == 1 else f"{short} {n}" for n in range(1, mtype.count + 1)]


def vermite_unit_ids(vtype: VermiteType) -> list[tuple[str, int]]:
    """(unit id, Unit ID number) of a Vermite type's counters: "Soldier #5"; a Queen by name."""
    if vtype.kind == "queen":
        return [(vtype.name, 0)]
    return [(f"{vtype.name} #{i}", i) for i in vtype.ids]


# --------------------------------------------------------------------------------------------------
# counters.yaml (§B-1)
# --------------------------------------------------------------------------------------------------


def _side(r: FileReader, node: Any, path: Path_, weapon: bool = True) -> CounterSide:
    """One counter side {cf, dn, ma, weapon}: CF and MA 0-12, DN 0-6 (a die beats it)."""
    node = r.mapping(node, path, "a mapping with cf, dn, ma")
    r.only_keys(node, ("cf", "dn", "ma", "weapon") if weapon else ("cf", "dn", "ma"), path)
    cf = r.integer(node, "cf", path, 0, MOST_CF)
    dn = r.integer(node, "dn", path, 0, DIE)
    ma = r.integer(node, "ma", path, 0, MOST_CF)
    kind = r.choice(node, "weapon", path, WEAPONS, "weapon", default="standard")
    return CounterSide(cf, dn, ma, kind)


MARINE_KEYS = ("name", "count", "full", "disrupted", "unlimbered", "weapon_ready",
               "unlimited_range", "jump_pack", "recon", "hq", "rally", "purge", "damage",
               "carries_jewels", "load_mp", "pistol_cf")
MARINE_FLAGS = ("unlimited_range", "jump_pack", "recon", "hq", "rally", "purge")


def _marines(r: FileReader, tree: dict[str, Any]) -> dict[str, MarineType]:
    """The Marine counter types (§B-1-a): each with the sides its counter has."""
    out = {}
    for key, node in r.section(tree, "marines", ()).items():
        path = ("marines", key)
        node = r.mapping(node, path)
        r.only_keys(node, MARINE_KEYS, path)
        sides = {side: _side(r, node[side], path + (side,))
                 for side in ("full", "disrupted", "unlimbered", "weapon_ready") if side in node}
        # the back side ``state.counter_side`` turns up: the A.N.T. Gun's Unlimbered side, the
        # Scientist's Weapon Ready side, everyone else's Disrupted side
        back = {"ant_gun": "unlimbered", "mad_scientist": "weapon_ready"}.get(key, "disrupted")
        for side in ("full", back):
            if side not in sides:
                r.fail(path + (side,), f"Marine type {key!r} has no {side} side")
        flags = {name: r.flag(node, name, path, default=False) for name in MARINE_FLAGS}
        out[key] = MarineType(
            key,
            r.text(node, "name", path, default=key),
            r.integer(node, "count", path, 0, 20),
            sides,
            **flags,
            damage=r.choice(node, "damage", path, DAMAGE_MODELS, "damage table",
                            default="standard"),
            carries_jewels=r.integer(node, "carries_jewels", path, 0, 5, default=0),
            load_mp=r.integer(node, "load_mp", path, 0, MOST_CF, default=0),
            pistol_cf=r.integer(node, "pistol_cf", path, 0, MOST_CF, default=0),
        )
    return out


def _vermites(r: FileReader, tree: dict[str, Any]) -> dict[str, VermiteType]:
    """The Vermite Warriors (§B-1-b: Drones, Soldiers, Ultra-Mites, each with Unit IDs) and the
    Queens (§B-1-c: rank and Spawn Number)."""
    out: dict[str, VermiteType] = {}
    seen_ids: dict[int, str] = {}
    warriors = r.section(tree, "vermites", ())
    for key, node in warriors.items():
        path = ("vermites", key)
        r.one_of(key, path, VERMITE_KINDS, "Vermite Warrior type")
        node = r.mapping(node, path)
        r.only_keys(node, ("name", "ids", "full", "reduced", "nat_roll"), path)
        ids = []
        for i, number in enumerate(r.listed(node, "ids", path, "a list of Unit ID numbers")):
            number = r.whole(number, path + ("ids", i), 1, 99)
            if number in seen_ids:
                r.fail(path + ("ids", i), f"Unit ID {number} is used by {seen_ids[number]} "
                                          f"and {key}")
            seen_ids[number] = key
            ids.append(number)
        out[key] = VermiteType(
            key, r.text(node, "name", path, default=key), key,
            _side(r, node.get("full"), path + ("full",), weapon=False),
            _side(r, node.get("reduced"), path + ("reduced",), weapon=False),
            r.integer(node, "nat_roll", path, 0, DIE), tuple(ids))
    for kind in VERMITE_KINDS:
        if kind not in warriors:
            r.fail(("vermites", kind), "missing Vermite Warrior type")
    ranks: dict[int, str] = {}
    for key, node in r.section(tree, "queens", ()).items():
        path = ("queens", key)
        if key in out:
            r.fail(path, f"{key!r} is already a Vermite Warrior type")
        node = r.mapping(node, path)
        r.only_keys(node, ("name", "rank", "full", "reduced", "sn", "nat_roll"), path)
        rank = r.integer(node, "rank", path, 1, 9)
        if rank in ranks:
            r.fail(path + ("rank",), f"rank {rank} is also {ranks[rank]}'s")
        ranks[rank] = key
        out[key] = VermiteType(
            key, r.text(node, "name", path, default=key), "queen",
            _side(r, node.get("full"), path + ("full",), weapon=False),
            _side(r, node.get("reduced"), path + ("reduced",), weapon=False),
            r.integer(node, "nat_roll", path, 0, DIE), (), rank=rank,
            sn=r.integer(node, "sn", path, 0, MOST_CF))
    return out


def _counter_mix(r: FileReader, tree: dict[str, Any], marines: dict[str, MarineType],
                 vermites: dict[str, VermiteType], chits: int, weapons: int
                 ) -> tuple[dict[str, Any], dict[str, int], dict[str, int], int]:
    """The Crown Jewels (§E-2), the Tunnel Exit chits (§E-1-c), the markers and the total the
    rulebook gives (§B): the counters must add up to it."""
    jewels = r.section(tree, "crown_jewels", ())
    r.only_keys(jewels, ("count", "bonus", "spawn_bonus", "pickup_mp", "warrior_carries"),
                ("crown_jewels",))
    bonus_node = r.section(jewels, "bonus", ("crown_jewels",))
    r.only_keys(bonus_node, ("cf", "dn", "ma", "max_dn"), ("crown_jewels", "bonus"))
    bonus = {k: r.integer(bonus_node, k, ("crown_jewels", "bonus"), 0, DIE)
             for k in ("cf", "dn", "ma", "max_dn")}
    jewel_values = {
        "count": r.integer(jewels, "count", ("crown_jewels",), 0, 20),
        "spawn_bonus": r.integer(jewels, "spawn_bonus", ("crown_jewels",), 0, DIE),
        "pickup_mp": r.integer(jewels, "pickup_mp", ("crown_jewels",), 0, MOST_CF),
        "warrior_carries": r.integer(jewels, "warrior_carries", ("crown_jewels",), 0, 5),
    }
    tunnel = r.section(tree, "tunnel_exit_chits", ())
    r.only_keys(tunnel, ("count", "dn"), ("tunnel_exit_chits",))
    tunnel_values = {"count": r.integer(tunnel, "count", ("tunnel_exit_chits",), 0, 6),
                     "dn": r.integer(tunnel, "dn", ("tunnel_exit_chits",), 0, DIE)}
    markers = {k: r.whole(v, ("markers", k), 0, 50)
               for k, v in r.section(tree, "markers", (), required=False).items()}
    total = r.integer(tree, "total_counters", (), 0, 500)
    counted = (
        sum(m.count for m in marines.values())
        + sum(len(v.ids) if v.kind != "queen" else 1 for v in vermites.values())
        + jewel_values["count"] + tunnel_values["count"] + sum(markers.values()) + chits + weapons
    )
    if counted != total and not r.problems:
        r.fail(("total_counters",),
               f"the counter mix adds up to {counted}, the rulebook says {total} (§B)")
    return {**jewel_values, "bonus": bonus}, tunnel_values, markers, total


def _unit_ids(r: FileReader, marines: dict[str, MarineType], vermites: dict[str, VermiteType]
              ) -> None:
    """Every counter gets its own unit id ("Squad 1", "Soldier #5", "High Queen")."""
    seen: dict[str, str] = {}
    for group, types, ids in (
        ("marines", marines, lambda k, t: marine_unit_ids(k, t)),
        ("vermites", vermites, lambda k, t: [uid for uid, _ in vermite_unit_ids(t)]),
    ):
        for key, mtype in types.items():
            for uid in ids(key, mtype):
                if uid in seen:
                    where = "queens" if group == "vermites" and vermites[key].kind == "queen" \
                        else group
                    r.fail((where, key, "name"), f"two counters would both be called {uid!r} "
                                                 f"({seen[uid]} and {key})")
                seen[uid] = key


# --------------------------------------------------------------------------------------------------
# chits.yaml (§D, §J-5)
# --------------------------------------------------------------------------------------------------

# the numbers each event kind reads, with their bounds (the invented card, chit_events.py)
EFFECT_NUMBERS = {
    "molt": {"eliminated_on_at_most": (0, DIE)},
    "extra_move": {"ma_bonus": (0, DIE)},
    "extra_spawn": {"spawns": (0, 10)},
    "fog": {"range": (1, 30)},
    "acid_rain": {"disrupted_on_at_most": (0, DIE)},
}


def _effect(r: FileReader, node: Any, path: Path_, queens: list[str]) -> dict[str, Any]:
    """An event: its kind, a text, and the numbers the kind reads."""
    node = r.mapping(node, path, "a mapping with a kind and a text")
    kind = r.choice(node, "kind", path, CHIT_EFFECTS, "event kind")
    numbers = EFFECT_NUMBERS.get(kind, {})
    extra = ("queen",) if kind == "extra_spawn" else ()
    r.only_keys(node, ("kind", "text", *numbers, *extra), path)
    r.text(node, "text", path, default="")
    for key, (low, high) in numbers.items():
        r.integer(node, key, path, low, high)
    if extra:
        r.choice(node, "queen", path, queens, "Queen")
    return node


def _event_chits(r: FileReader, tree: dict[str, Any], queens: list[str]) -> list[EventChit]:
    """The Vermite Event Chits (§D): direction numbers 1-6 (Beta's may be "*", the Magnetic
    Storm) and the event; at least one, each named once."""
    chits = []
    rows = r.listed(tree, "event_chits", (), "a list of Event Chits")
    if not rows:
        r.fail(("event_chits",), "there must be at least one Event Chit (one a Game Turn)")
    names: set[str] = set()
    for i, node in enumerate(rows):
        path = ("event_chits", i)
        node = r.mapping(node, path)
        r.only_keys(node, ("name", "alpha_blue", "alpha_yellow", "beta", "effect",
                           "invented_effect"), path)
        name = r.text(node, "name", path)
        if name in names:
            r.fail(path + ("name",), f"Event Chit {name!r} is listed twice")
        names.add(name)
        blue = r.integer(node, "alpha_blue", path, 1, DIE)
        yellow = r.integer(node, "alpha_yellow", path, 1, DIE)
        beta = node.get("beta", MISSING)
        if beta != "*" and (isinstance(beta, bool) or not isinstance(beta, int)
                            or beta not in DIRECTIONS):
            r.fail(path + ("beta",), f"direction {'missing' if beta is MISSING else repr(beta)}"
                                     f" is not 1-6 or '*'")
            beta = 1
        effect = (_effect(r, node["effect"], path + ("effect",), queens)
                  if node.get("effect") is not None else {})
        invented = (_effect(r, node["invented_effect"], path + ("invented_effect",), queens)
                    if node.get("invented_effect") is not None else {})
        chits.append(EventChit(name, blue, yellow, beta, effect.get("kind", "none"),
                               effect.get("text", ""), invented.get("kind", "none"),
                               invented.get("text", "")))
    return chits


def _secret_weapons(r: FileReader, tree: dict[str, Any]) -> list[SecretWeapon]:
    """The Secret Weapon chits (§J-5-b): those that roll their range and count, or fixed ones."""
    weapons = []
    names: set[str] = set()
    for i, node in enumerate(r.listed(tree, "secret_weapons", (), "a list of Secret Weapons",
                                      required=False)):
        path = ("secret_weapons", i)
        node = r.mapping(node, path)
        r.only_keys(node, ("name", "rolls", "effect", "targets", "range", "count",
                           "removes_from_game"), path)
        name = r.text(node, "name", path)
        if name in names:
            r.fail(path + ("name",), f"Secret Weapon {name!r} is listed twice")
        names.add(name)
        rolls = r.flag(node, "rolls", path, default=False)
        fixed = MISSING if not rolls else 0  # a weapon that does not roll gives both numbers
        weapons.append(SecretWeapon(
            name, rolls,
            r.choice(node, "effect", path, ("eliminate", "reduce", "jolt"), "effect"),
            r.choice(node, "targets", path, ("any", "drones"), "target kind"),
            r.integer(node, "range", path, 0, 30, default=fixed),
            r.integer(node, "count", path, 0, 30, default=fixed),
            r.flag(node, "removes_from_game", path, default=False),
        ))
    return weapons


# --------------------------------------------------------------------------------------------------
# the whole data
# --------------------------------------------------------------------------------------------------


def build(sources: dict[str, GameData]) -> SVData:
    """Read and check every file and assemble the typed data; every problem of every file is
    raised at once (a DataError listing them, each with its file and path). (One piece: the
    files in the order their references need them, then one SVData.)"""
    readers = {name: FileReader(sources[name]) for name in FILES}
    types, chart = read_terrain(readers["terrain"])
    cr = readers["counters"]
    counters = cr.mapping(cr.src.tree, ())
    cr.only_keys(counters, ("marines", "vermites", "queens", "crown_jewels", "tunnel_exit_chits",
                            "markers", "total_counters"), ())
    marines = _marines(cr, counters)
    vermites = _vermites(cr, counters)
    _unit_ids(cr, marines, vermites)
    hr = readers["chits"]
    chit_tree = hr.mapping(hr.src.tree, ())
    hr.only_keys(chit_tree, ("event_chits", "secret_weapons"), ())
    queens = [k for k, v in vermites.items() if v.kind == "queen"]
    chits = _event_chits(hr, chit_tree, queens)
    weapons = _secret_weapons(hr, chit_tree)
    jewels, tunnel, markers, total = _counter_mix(cr, counters, marines, vermites, len(chits),
                                                  len(weapons))
    tables = check_tables(readers["tables"])
    maps = {key: read_map(readers[key], key) for key in MAPS}
    if not any(c.name == chart.flood_event and c.effect_kind == "bogs_flood" for c in chits):
        readers["terrain"].fail(("flooded", "event"),
                                f"no Event Chit {chart.flood_event!r} with the bogs_flood effect")
    mix = CounterMix(
        marine_ids={k: marine_unit_ids(k, m) for k, m in marines.items()},
        vermites={k: (v.kind, len(v.ids) if v.kind != "queen" else 1) for k, v in vermites.items()},
        jewels=jewels["count"], chits=len(chits))
    check_scenarios(readers["scenarios"], mix, maps, {key: readers[key] for key in MAPS})
    raise_all(readers.values())
    return SVData(
        terrain=types,
        road_marine_cost=chart.road_marine_cost,
        road_vermite_cost=chart.road_vermite_cost,
        trail_vermite_cost=chart.trail_vermite_cost,
        flooded_cost=chart.flooded_cost,
        flooded_defensive=chart.flooded_defensive,
        flood_event=chart.flood_event,
        hit_convention=str(tables["hit_convention"]),
        marines=marines,
        vermites=vermites,
        jewel_bonus=jewels["bonus"],
        jewel_spawn_bonus=jewels["spawn_bonus"],
        jewel_pickup_mp=jewels["pickup_mp"],
        warrior_carries=jewels["warrior_carries"],
        tunnel_exit_dn=tunnel["dn"],
        vermite_stack_limit=int(tables["vermite_stacking"]["limit"]),
        psychic_whip_ma=chart.psychic_whip_ma,
        event_chits=chits,
        secret_weapons=weapons,
        tables=tables,
        maps=maps,
        total_counters=total,
        marker_counts=markers,
        sources=sources,
    )


LOADER = DataLoader("space_vermin", DATA_DIR, FILES, build)

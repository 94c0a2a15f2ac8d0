"""The Space Vermin game state: plain data (units, jewels, chits, markers) that round-trips JSON."""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cached_property
from typing import Any

from rules_lib.core.engine import Context, GameState, StateError

from .data import CounterSide, SVData

MARINES = "Marines"
VERMITES = "Vermites"
# Where a counter is: on the map, in the Vermite Unit Cup, in the Marines' pool of reinforcements,
# off-map waiting to enter, on the turn track, in the eliminated or escaped
# piles, or out of the game.
STATUSES = ("map", "cup", "pool", "off_map", "turn_track", "eliminated", "escaped", "removed")
NAT_LEVELS = ("", "tainted", "infected")


@dataclass(slots=True)
class Unit:
    """One counter: its type, where it is, which side is up and its markers."""

    id: str
    side: str
    type: str
    hex: str | None = None
    status: str = "map"
    reduced: bool = False  # Marines: Disrupted side up; Vermites: Reduced side up
    nat: str = ""  # "" | "tainted" | "infected" (§J-7)
    acted: bool = False  # turned 45 degrees after its action (§C-2-c)
    limbered: bool = True  # A.N.T. Gun: enters Limbered (§J-3)
    weapon_ready: bool = False  # M.A.D. Scientist: portrait side up (§J-5)
    weapon_built_turn: int = 0
    jewels: int = 0  # Crown Jewels carried (RV: at most one, §J-6)
    landed_turn: int = 0  # turn a Landing Zone drop put it on the map (§I-5-b: no move or fire)
    number: int = 0  # Vermite Unit ID number (§B-1-b)
    escort_of: str = ""  # part 2: the Queen this Ultra-Mite/Soldier escorts
    arrival_turn: int = 0  # turn track (RV arrivals and returns, §Q-1-b/c)

    @property
    def on_map(self) -> bool:
        return self.status == "map" and self.hex is not None

    @property
    def is_marine(self) -> bool:
        return self.side == MARINES


@dataclass
class SVState(GameState):
    """Everything on the table: counters, Crown Jewels, Tunnel Exit chits, the cups and markers."""

    game: str = "space_vermin"
    scenario: str = ""
    map: str = "alpha"
    units: list[Unit] = field(default_factory=list)
    jewels: dict[str, int] = field(default_factory=dict)  # hex label -> Jewels lying there
    nest_jewels: dict[str, int] = field(default_factory=dict)  # "1"/"2" -> Jewels in that Nest
    tunnel_exits: dict[str, str] = field(default_factory=dict)  # exit "1".."6" -> open|collapsed
    cup_tunnel_exits: list[str] = field(default_factory=list)  # Tunnel Exit chits in the Unit Cup
    event_cup: list[str] = field(default_factory=list)
    events_used: list[str] = field(default_factory=list)
    active_event: str = ""
    flooded: bool = False  # Bogs Flood is in effect this turn (§P-1-b)
    successful_recon: bool = False  # Successful Recon marker by the Event Cup (§I-4-a)
    secret_weapons_left: list[str] = field(default_factory=list)
    lz_delayed: list[str] = field(default_factory=list)  # Landing Zone drops delayed (§I-5-b)
    jewels_exited: int = 0
    marines_lost: int = 0
    vermites_eliminated: int = 0  # this battle, to any pile (in Scenario 1 they go to the cup)
    # -- part 2: the Vermite turn, scenarios and victory --
    direction_chit: str = ""  # the chit whose arrows set this turn's direction (B.U.R.P., §D-1)
    turn_events: list[str] = field(default_factory=list)  # every chit resolved this turn
    sneak_attack: bool = False  # Bogs Flood drawn in Scenario 1 (§Q-1-c)
    magnetic_storm: bool = False  # Bogs Flood drawn in Scenario 2 (§Q-2-f)
    soldier_ma_bonus: int = 0  # event effect this turn (chit card, assumed)
    fire_range_limit: int = 0  # event effect this turn: Marine fire range cap (0 = none)
    drones_flock_again: bool = False  # event effect this turn
    extra_spawn: int = 0  # invented card's event this turn: extra spawns for one Queen
    extra_spawn_queen: str = ""  # ... that Queen's type
    jewels_in_play: int = 0  # Crown Jewels this battle uses (5; campaign battle 2: as recorded)
    marines_entered: bool = True  # Scenario 2: Instant Loss only once the Marines are in (SV-AMB-09)
    vp: int = 0  # Scenario 2 / campaign victory points
    campaign_stage: int = 0  # 0 = not a campaign; 1 = Family Jewels; 2 = Great Migration
    campaign_vp_1: int = 0
    campaign_jewels_recorded: int = 0
    outcome_detail: str = ""

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SVState:
        """A state from plain data (a saved position), its JSON kinds checked strictly first:
        a text where a number belongs, "yes" for true, a misspelt field are refused naming the
        field, never turned into something else in silence."""
        problems = shape_problems(data, cls, "")
        if problems:
            more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
            raise StateError(f"{cls.__name__}: " + "; ".join(problems[:10]) + more)
        return super().from_data(data)

    # -- lookups --

    @cached_property
    def unit_positions(self) -> dict[str, int]:
        """Unit id -> its position in ``units`` (the first unit with the id), for ``unit``;
        not a field: it is no part of the saved state. ``unit`` checks it on every use and
        refills it when the list has changed."""
        return {}

    def unit(self, uid: str) -> Unit:
        """The unit with this id; a clear error naming it otherwise.

        Looked up through ``unit_positions``, checked on every use and refilled when the list
        changed (the first unit with the id wins, as in a plain scan)."""
        units = self.units
        index = self.unit_positions
        pos = index.get(uid)
        if pos is not None and pos < len(units) and units[pos].id == uid:
            return units[pos]
        index.clear()
        for pos in range(len(units) - 1, -1, -1):
            index[units[pos].id] = pos
        pos = index.get(uid)
        if pos is not None:
            return units[pos]
        raise StateError(f"no unit {uid!r} in the game")

    def units_at(self, label: str) -> list[Unit]:
        """Units on the map in this hex."""
        return [u for u in self.units if u.hex == label and u.status == "map"]

    def marines_on_map(self) -> list[Unit]:
        return [u for u in self.units
                if u.side == MARINES and u.status == "map" and u.hex is not None]

    def vermites_on_map(self) -> list[Unit]:
        return [u for u in self.units
                if u.side != MARINES and u.status == "map" and u.hex is not None]

    def occupied(self) -> set[str]:
        """Labels of every hex holding a unit of either side."""
        return {u.hex for u in self.units if u.status == "map" and u.hex is not None}

    def vermite_hexes(self) -> set[str]:
        return {u.hex for u in self.units
                if u.side != MARINES and u.status == "map" and u.hex is not None}

    def marine_hexes(self) -> set[str]:
        return {u.hex for u in self.units
                if u.side == MARINES and u.status == "map" and u.hex is not None}


def counter_side(data: SVData, unit: Unit) -> CounterSide:
    """The printed side of the counter that is face up."""
    if unit.is_marine:
        mtype = data.marines[unit.type]
        if unit.type == "ant_gun":
            return mtype.sides["full" if unit.limbered else "unlimbered"]
        if unit.type == "mad_scientist":
            return mtype.sides["weapon_ready" if unit.weapon_ready else "full"]
        return mtype.sides["disrupted" if unit.reduced else "full"]
    vtype = data.vermites[unit.type]
    return vtype.reduced if unit.reduced else vtype.full


def kind_of(data: SVData, unit: Unit) -> str:
    """drone / soldier / ultra_mite / queen for a Vermite."""
    return data.vermites[unit.type].kind


def variant_on(state: SVState, ctx: Context | None, name: str) -> bool:
    """Is a rule variant on (the game's variants, or a test's context)?"""
    return name in state.variants or (ctx is not None and ctx.variant(name))


def effective_values(data: SVData, unit: Unit, with_jewel_ma: bool = True) -> CounterSide:
    """Face-up values with markers: NAT -1 CF/MA/DN once (§J-7, SV-AMB-04); Jewel bonus (§E-2).

    Remembered in the data's ``effective_cache`` by everything the values depend on
    (CounterSide is frozen)."""
    cache = data.effective_cache
    key = (unit.side, unit.type, unit.reduced, unit.limbered, unit.weapon_ready, bool(unit.nat),
           unit.jewels, with_jewel_ma)
    found = cache.get(key)
    if found is None:
        found = cache[key] = _effective_values(data, unit, with_jewel_ma)
    return found


def _effective_values(data: SVData, unit: Unit, with_jewel_ma: bool) -> CounterSide:
    side = counter_side(data, unit)
    cf, dn, ma = side.cf, side.dn, side.ma
    if unit.is_marine:
        if unit.nat:
            delta = data.tables["nat"]["modifier"]
            cf, dn, ma = max(0, cf + delta), max(0, dn + delta), max(0, ma + delta)
    elif unit.jewels and data.vermites[unit.type].kind != "drone":
        bonus = data.jewel_bonus
        cf += bonus["cf"] * unit.jewels
        dn = min(bonus["max_dn"], dn + bonus["dn"] * unit.jewels)
        if with_jewel_ma:
            ma += bonus["ma"] * unit.jewels
    return CounterSide(cf, dn, ma, side.weapon)


def marine_name(data: SVData, unit: Unit) -> str:
    """Readable name: "Marine Squad (Squad 1)"."""
    return f"{data.marines[unit.type].name} {unit.id}" if unit.is_marine else unit.id


def shape_problems(value: Any, hint: Any, where: str) -> list[str]:
    """What is wrong with the JSON kinds of ``value`` for the annotation ``hint`` (a state or a
    unit dataclass, str, int, bool, float, lists, dicts with text keys, ``X | None``): each a
    sentence naming the field. Missing fields take their defaults; unknown ones are refused."""
    name = where or "the state"
    if is_dataclass(hint):
        if not isinstance(value, dict):
            return [f"{name} must be an object, not {_kind(value)}"]
        hints = typing.get_type_hints(hint)
        known = {f.name for f in fields(hint)}
        out = [f"{where + '.' if where else ''}{key}: unknown field" for key in value
               if key not in known]
        for key in value:
            if key in known:
                inner = f"{where}.{key}" if where else key
                out += shape_problems(value[key], hints[key], inner)
        return out
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return []
        return shape_problems(value, next(o for o in options if o is not type(None)), where)
    if origin is list:
        if not isinstance(value, list):
            return [f"{name} must be a list, not {_kind(value)}"]
        (item,) = typing.get_args(hint)
        out = []
        for i, v in enumerate(value):  # a unit is named by its id as well as its place
            piece = f" ({v['id']})" if isinstance(v, dict) and isinstance(v.get("id"), str) else ""
            out += shape_problems(v, item, f"{name}[{i}]{piece}")
        return out
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{name} must be an object, not {_kind(value)}"]
        _, item = typing.get_args(hint)
        out = [f"{name}: the key {k!r} must be a text" for k in value if not isinstance(k, str)]
        return out + [p for k, v in value.items() for p in shape_problems(v, item, f"{name}.{k}")]
    wanted = {bool: "true or false", int: "a whole number", str: "a text", float: "a number"}
    ok = (isinstance(value, bool) if hint is bool else
          isinstance(value, int) and not isinstance(value, bool) if hint is int else
          isinstance(value, (int, float)) and not isinstance(value, bool) if hint is float else
          isinstance(value, hint))
    return [] if ok else [f"{name} must be {wanted.get(hint, hint.__name__)}, not {_kind(value)}"]


def _kind(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 30 else text[:27] + '...'}"

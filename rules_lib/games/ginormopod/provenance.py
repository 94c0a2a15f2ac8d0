"""Why an event's content is assumed: the reasons the data files give for the values it uses.

Events name the data they rest on (a unit type's pips, a Fort's strength, an FX's effect, a Hive, a
table row) and carry ``assumed=`` the data's own reasons, so a designer who corrects a value and its
provenance in the YAML sees the mark go away. Reasons are looked up once per data object."""
from __future__ import annotations

import re
from typing import Any

from .data import GinData

# reasons of the project's own choices (not data values): invented procedure and ambiguity readings
NO_FX_IN_BARRAGE_DICE = ("assumed: 'only the Fort itself rolls dice' — an FX that adds dice or "
                         "Hits, or that needs the Swarm to fire back, is not offered in a Barrage")
BARRAGE_NO_RETREAT = "assumed: a Barrage is the Fort firing alone, so no Retreat follows it"
NOWHERE_TO_RETREAT = ("assumed: the text does not say what happens to a unit that can reach no "
                      "City at all: it is Eliminated")
NO_TURN_LEFT = ("assumed: the track has no next turn after the last one, so a unit that cannot "
                "return is removed")
ALLY_NO_ROOM = ("assumed: the text does not say what happens to an Allied unit with no flag City "
                "free of the Swarm: it stays off the map")
FORT_ALONE_STANDS = ("assumed: an undestroyed Fort with no Human unit left still counts as the "
                     "Humans having units left, so the side that suffered more hits Retreats")
ACTING_DID_NOT_MOVE = ("default reading of GIN-AMB-06: an acting unit that did not move into the "
                       "battle retreats one road, like a non-acting unit")


def reason(data: GinData, file: str, path: str) -> str:
    """The data's reason if the value at file:path is assumed, else '' (cached per data)."""
    cache: dict[tuple[str, str], str] = data.__dict__.setdefault("_assumed_reasons", {})
    key = (file, path)
    why = cache.get(key)
    if why is None:
        prov = data.sources[file].provenance_of(path)
        why = cache[key] = prov.text if prov is not None and prov.kind == "assumed" else ""
    return why


def _memo(name: str):
    """Cache a reason function of (data, key) per data object: events ask for the same few."""
    def wrap(fn):
        def cached(data: GinData, key: str) -> str:
            cache = data.__dict__.get(name)
            if cache is None:
                cache = data.__dict__[name] = {}
            why = cache.get(key)
            if why is None:
                why = cache[key] = fn(data, key)
            return why
        cached.__doc__ = fn.__doc__
        cached.__name__ = fn.__name__
        return cached
    return wrap


def reasons(data: GinData, refs: Any) -> str:
    """The distinct reasons of several (file, path) references, joined ('' if none assumed)."""
    out: list[str] = []
    for file, path in refs:
        why = reason(data, file, path)
        if why and why not in out:
            out.append(why)
    return "; ".join(out)


def join(*whys: str) -> str:
    """Several reasons as one ('' if all are empty)."""
    parts = [why for why in whys if why]
    if len(parts) < 2:
        return parts[0] if parts else ""
    return "; ".join(dict.fromkeys(parts))


_CITED = re.compile(r"GIN-[A-Z]+-\d+")
_CITES: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}


def cite(ids: tuple[str, ...], why: str) -> tuple[str, ...]:
    """The event's catalogue IDs plus those its reason names (a data value's reason may name the
    ambiguity whose default reading it is)."""
    if not why:
        return ids
    key = (ids, why)
    out = _CITES.get(key)
    if out is None:
        if len(_CITES) > 4096:
            _CITES.clear()
        out = _CITES[key] = ids + tuple(i for i in dict.fromkeys(_CITED.findall(why))
                                        if i not in ids)
    return out


def pips_reason(data: GinData, unit_type: str, side: str) -> str:
    """Why a counter side's die pips are assumed ('' if printed in the text)."""
    return reason(data, "units", f"types.{unit_type}.{side}")


def fighters_reason(data: GinData, fighters: Any) -> str:
    """Reasons for the pips of every fighter of a volley (Fighter tuples)."""
    cache: dict[tuple, str] = data.__dict__.setdefault("_fighters_reasons", {})
    key = tuple(fighters)
    why = cache.get(key)
    if why is None:
        refs = []
        for f in key:
            t = data.types[f.type]
            side = ("revealed_armed" if t.no_reduced_side else
                    "reduced" if f.reduced else "fresh")
            if t.no_reduced_side and not f.armed:
                continue  # a blank Guard rolls nothing
            refs.append(("units", f"types.{f.type}.{side}"))
        why = cache[key] = reasons(data, refs)
    return why


def fx_reason(data: GinData, fx: str) -> str:
    """Why an FX's effect is assumed (the text gives no FX texts)."""
    if not fx:
        return ""
    return _fx_effect_reason(data, fx)


@_memo("_memo_fx_reason")
def _fx_effect_reason(data: GinData, fx: str) -> str:
    keys = list(dict.keys(data.fx[fx].effect))  # (not a read of the effect's values)
    return reasons(data, [("chits", f"fx.{fx}.effect.{k}") for k in keys])


@_memo("_memo_fx_side_reason")
def fx_side_reason(data: GinData, fx: str) -> str:
    """Why an FX's owner is assumed (GIN-AMB-03 for Tectonic Telekinesis and Nuclear)."""
    return reason(data, "chits", f"fx.{fx}.side")


@_memo("_memo_fort_reason")
def fort_reason(data: GinData, city: str) -> str:
    """Why a Fort's strength track is assumed."""
    return reason(data, "map", f"forts.{city}.strength")


@_memo("_memo_hive_reason")
def hive_reason(data: GinData, city: str) -> str:
    """Why a City is the Hive of its Formation (the Hive and its Formation label). On a map
    variant the Hives are the variant section's (``<variant>.hives``), with its provenance."""
    hive = f"{data.map_variant}.hives.{city}" if data.map_variant else f"hives.{city}"
    return join(reason(data, "map", hive), reason(data, "map", f"{hive}.formation"))


@_memo("_memo_formation_reason")
def formation_reason(data: GinData, formation: str) -> str:
    """Why a Formation's name is assumed (the Swarm's are the project's labels)."""
    for side, forms in data.formations.items():
        if formation in forms:
            return reason(data, "units", f"formations.{side}")
    return ""


@_memo("_memo_chit_reason")
def chit_reason(data: GinData, chit: str) -> str:
    """Why what a drawn chit is (whose FX, which Formation) is assumed."""
    if chit in data.fx:
        return fx_side_reason(data, chit)
    if chit in data.activation:
        return (reason(data, "chits", f"activation.{chit}")
                or formation_reason(data, data.activation[chit].formation))
    return reason(data, "chits", "end_chits.count")  # a ...The End??? chit (GIN-AMB-01)


class Whys:
    """Every reason the rules' events need, looked up once per data object (events are many, the
    data's assumptions few): what a chit is, a Formation's name, a Fort's strength, a Hive, a
    set-up row, a table row."""

    __slots__ = ("chits", "end", "formations", "forts", "guard_rolls", "hives", "placements")

    def __init__(self, data: GinData) -> None:
        self.end = reason(data, "chits", "end_chits.count")
        self.chits = {c: chit_reason(data, c) for c in [*data.activation, *data.fx]}
        self.formations = {f: formation_reason(data, f)
                           for forms in data.formations.values() for f in forms}
        self.forts = {c: fort_reason(data, c) for c in data.forts}
        self.hives = {c: hive_reason(data, c) for c in data.hives}
        self.placements = [reason(data, "units", f"human_setup.placements[{i}]")
                           for i in range(len(data.human_setup))]
        self.guard_rolls = {r: reason(data, "tables", f"national_guard_table.results.{r}")
                            for r in data.guard_table}

    def chit(self, chit: str) -> str:
        """Why what a drawn chit is, is assumed (a ...The End??? chit: GIN-AMB-01)."""
        why = self.chits.get(chit)
        return self.end if why is None else why


def whys(data: GinData) -> Whys:
    """The data's table of reasons (built on first use)."""
    table = data.__dict__.get("_whys")
    if table is None:
        table = data.__dict__["_whys"] = Whys(data)
    return table

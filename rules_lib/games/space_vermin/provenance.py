"""Where an event's content comes from, and whether that is the rulebook's or the project's fill-in.

An event names the data it applies in ``event.data`` (machine-readable references, read back by
``tests/games/space_vermin/test_provenance.py``):

* ``"chit"``: an Event Chit's name, with ``"chit_paths"``: the parts of its entry in ``chits.yaml``
  the event applies (``name``, ``effect``, ``invented_effect``, ``alpha_blue`` ...);
* ``"weapon"``: a Secret Weapon's name (its effect, range and count in ``chits.yaml``);
* ``"values"``: data paths ``"file:dotted.path"`` of the numbers the event uses (a counter's CF, a
  Queen's SN, a table row ...);
* ``"hex"`` / ``"hexes"``: hexes whose place or terrain on the Mapzone decides the event.

``assumed_reason`` turns such references into the event's ``assumed`` text from the data files' own
provenance (``rulebook:`` or ``assumed:``), so an event is marked exactly when the data it applies is
assumed, and a designer who corrects a value in the YAML (with ``rulebook:``) sees the mark go.
Reasons are worked out once per data object and reference, so a batch run pays a dictionary look-up.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .data import SVData

# the catalogue IDs an event of a kind applies, where they are fixed
MAP_NAMES = {"alpha": "Mapzone Alpha", "beta": "Mapzone Beta"}


def _cache(data: SVData) -> dict[Any, str]:
    return data.reasons


def _assumed_text(data: SVData, file: str, path: str) -> str:
    """The ``assumed:`` text covering a data path, or "" when it is the rulebook's."""
    prov = data.sources[file].provenance_of(path)
    return prov.text if prov is not None and prov.kind == "assumed" else ""


def chit_index(data: SVData, name: str) -> int:
    """The position of an Event Chit in ``chits.yaml``."""
    for i, chit in enumerate(data.event_chits):
        if chit.name == name:
            return i
    raise KeyError(f"chits.yaml: no Event Chit {name!r}")


def chit_reason(data: SVData, name: str, parts: tuple[str, ...]) -> str:
    """Why an event applying these parts of an Event Chit is assumed ("" if it is not)."""
    key = ("chit", name, parts)
    cache = _cache(data)
    found = cache.get(key)
    if found is None:
        i = chit_index(data, name)
        texts = []
        for part in parts:
            text = _assumed_text(data, "chits", f"event_chits[{i}].{part}")
            if text and text not in texts:
                texts.append(text)
        found = cache[key] = f"{name}: {'; '.join(texts)}" if texts else ""
    return found


def weapon_reason(data: SVData, name: str) -> str:
    """Why a Secret Weapon's effect is assumed ("" if the rulebook states it)."""
    key = ("weapon", name)
    cache = _cache(data)
    found = cache.get(key)
    if found is None:
        i = next(i for i, w in enumerate(data.secret_weapons) if w.name == name)
        texts = []
        for part in ("effect", "targets", "range", "count"):
            text = _assumed_text(data, "chits", f"secret_weapons[{i}].{part}")
            if text and text not in texts:
                texts.append(text)
        found = cache[key] = f"{name}: {'; '.join(texts)}" if texts else ""
    return found


def values_reason(data: SVData, paths: tuple[str, ...]) -> str:
    """Why numbers at these data paths ("file:path") are assumed ("" if all are the rulebook's)."""
    key = ("values", paths)
    cache = _cache(data)
    found = cache.get(key)
    if found is None:
        texts = []
        for ref in paths:
            file, path = ref.split(":", 1)
            text = _assumed_text(data, file, path)
            if text:
                texts.append(f"{_value_label(path)} ({text})")
        found = cache[key] = "; ".join(dict.fromkeys(texts))
    return found


def map_reason(data: SVData, map_key: str) -> str:
    """Why an event that depends on hexes' places or terrain is assumed (the map art)."""
    key = ("map", map_key)
    cache = _cache(data)
    found = cache.get(key)
    if found is None:
        text = _assumed_text(data, map_key, "columns")
        found = cache[key] = f"{MAP_NAMES.get(map_key, map_key)} layout: {text}" if text else ""
    return found


@lru_cache(maxsize=4096)
def join(*reasons: str) -> str:
    """Several reasons as one text (empty ones dropped); the few combinations repeat, so each is
    joined once."""
    return "; ".join(r for r in reasons if r)


_PLACES = {"tunnel_exits": "Tunnel Exit {}'s hex", "vermite_entry_hexes": "Entry hex {}",
           "nest_tunnel_entrances": "Nest {}'s Tunnel Entrance"}


def _value_label(path: str) -> str:
    """A data path as a short label: "vermites.ultra_mite.full.ma" -> "ultra_mite full ma",
    "tunnel_exits[5]" -> "Tunnel Exit 5's hex"."""
    head, _, rest = path.partition("[")
    if head in _PLACES and rest:
        return _PLACES[head].format(rest.split("]")[0])
    parts = [p for p in path.split(".") if p not in ("marines", "vermites", "queens", "value")]
    return " ".join(parts)


# --------------------------------------------------------------------------------------------------
# data paths of the values an event uses
# --------------------------------------------------------------------------------------------------


def counter_path(data: SVData, unit, field: str) -> str:
    """The data path of a unit's face-up printed value (cf, dn or ma; sn for a Queen)."""
    if unit.side != "Marines":  # the common case first: a Vermite's printed side
        key = ("path", unit.type, unit.reduced, field)
    else:
        key = ("path", unit.side, unit.type, unit.reduced, unit.limbered, unit.weapon_ready,
               field)
    cache = _cache(data)
    found = cache.get(key)
    if found is None:
        if unit.is_marine:
            if unit.type == "ant_gun":
                side = "full" if unit.limbered else "unlimbered"
            elif unit.type == "mad_scientist":
                side = "weapon_ready" if unit.weapon_ready else "full"
            else:
                side = "disrupted" if unit.reduced else "full"
            found = f"counters:marines.{unit.type}.{side}.{field}"
        else:
            group = "queens" if data.vermites[unit.type].kind == "queen" else "vermites"
            if field in ("sn", "nat_roll"):
                found = f"counters:{group}.{unit.type}.{field}"
            else:
                found = f"counters:{group}.{unit.type}.{'reduced' if unit.reduced else 'full'}.{field}"
        cache[key] = found
    return found


__all__ = [
    "chit_reason",
    "counter_path",
    "join",
    "map_reason",
    "values_reason",
    "weapon_reason",
]

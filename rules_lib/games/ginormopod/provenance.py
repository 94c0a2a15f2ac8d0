"""Why an event's content is assumed: the reasons the data files give for the values it uses.

Events name the data they rest on (a unit type's pips, a Fort's strength, an FX's effect, a Hive, a
table row) and carry ``assumed=`` the data's own reasons, so a designer who corrects a value and its
provenance in the YAML sees the mark go away. Reasons are looked up once per data object."""
from __future__ import annotations

import functools
import re
from typing import Any

from .data import GinData
from .volley import Fighter

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
    """The data's reason if the value at file:path is assumed, else ''."""
    return whys(data).reason(file, path)


def join(*whys: str) -> str:
    """Several reasons as one ('' if all are empty)."""
    parts = [why for why in whys if why]
    if len(parts) < 2:
        return parts[0] if parts else ""
    return "; ".join(dict.fromkeys(parts))


_CITED = re.compile(r"GIN-[A-Z]+-\d+")


def cite(ids: tuple[str, ...], why: str) -> tuple[str, ...]:
    """The event's catalogue IDs plus those its reason names (a data value's reason may name the
    ambiguity whose default reading it is)."""
    return _cite(ids, why) if why else ids


@functools.lru_cache(maxsize=4096)
def _cite(ids: tuple[str, ...], why: str) -> tuple[str, ...]:
    """cite() for a non-empty reason, kept per (ids, reason): events repeat the same few."""
    return ids + tuple(i for i in dict.fromkeys(_CITED.findall(why)) if i not in ids)


def fighters_reason(data: GinData, fighters: Any) -> str:
    """Reasons for the pips of every fighter of a volley (Fighter tuples)."""
    return whys(data).fighters(tuple(fighters))


def fx_reason(data: GinData, fx: str) -> str:
    """Why an FX's effect is assumed (the text gives no FX texts)."""
    if not fx:
        return ""
    return whys(data).fx_effects[fx]


def fx_side_reason(data: GinData, fx: str) -> str:
    """Why an FX's owner is assumed (GIN-AMB-03 for Tectonic Telekinesis and Nuclear)."""
    return whys(data).fx_sides[fx]


class Whys:
    """Every reason the rules' events need, looked up once per data object (events are many, the
    data's assumptions few): what a chit is, whose an FX is and what its effect rests on, a
    Formation's name, a Fort's strength, a Hive, a set-up row, a table row; and the reasons of
    any other value (`reason`) and of each set of fighters' pips (`fighters`), kept as asked."""

    def __init__(self, data: GinData) -> None:
        self.data = data
        self._reasons: dict[tuple[str, str], str] = {}
        self._fighters: dict[tuple[Fighter, ...], str] = {}
        self.end = self.reason("chits", "end_chits.count")
        self.fx_sides = {fx: self.reason("chits", f"fx.{fx}.side") for fx in data.fx}
        self.fx_effects = {fx: self._effect_reason(fx) for fx in data.fx}
        self.formations = {f: self._formation_reason(f)
                           for forms in data.formations.values() for f in forms}
        self.chits = {c: self._chit_reason(c) for c in [*data.activation, *data.fx]}
        self.forts = {c: self.reason("map", f"forts.{c}.strength") for c in data.forts}
        # on a map variant the Hives are the variant section's (``<variant>.hives``)
        hives = f"{data.map_variant}.hives" if data.map_variant else "hives"
        self.hives = {c: join(self.reason("map", f"{hives}.{c}"),
                              self.reason("map", f"{hives}.{c}.formation")) for c in data.hives}
        self.placements = [self.reason("units", f"human_setup.placements[{i}]")
                           for i in range(len(data.human_setup))]
        self.guard_rolls = {r: self.reason("tables", f"national_guard_table.results.{r}")
                            for r in data.guard_table}

    def reason(self, file: str, path: str) -> str:
        """The data's reason if the value at file:path is assumed, else ''."""
        key = (file, path)
        why = self._reasons.get(key)
        if why is None:
            prov = self.data.sources[file].provenance_of(path)
            why = self._reasons[key] = prov.text if prov is not None and prov.kind == "assumed" \
                else ""
        return why

    def chit(self, chit: str) -> str:
        """Why what a drawn chit is, is assumed (a ...The End??? chit: GIN-AMB-01)."""
        why = self.chits.get(chit)
        return self.end if why is None else why

    def fighters(self, fighters: tuple[Fighter, ...]) -> str:
        """Reasons for the pips of every fighter of a volley (a blank Guard rolls nothing)."""
        why = self._fighters.get(fighters)
        if why is None:
            refs = []
            for f in fighters:
                t = self.data.types[f.type]
                side = ("revealed_armed" if t.no_reduced_side else
                        "reduced" if f.reduced else "fresh")
                if t.no_reduced_side and not f.armed:
                    continue  # a blank Guard rolls nothing
                refs.append(("units", f"types.{f.type}.{side}"))
            why = self._fighters[fighters] = self._joined(refs)
        return why

    def _joined(self, refs: list[tuple[str, str]]) -> str:
        """The distinct reasons of several (file, path) references, joined ('' if none)."""
        out: list[str] = []
        for file, path in refs:
            why = self.reason(file, path)
            if why and why not in out:
                out.append(why)
        return "; ".join(out)

    def _effect_reason(self, fx: str) -> str:
        keys = list(dict.keys(self.data.fx[fx].effect))  # (not a read of the effect's values)
        return self._joined([("chits", f"fx.{fx}.effect.{k}") for k in keys])

    def _formation_reason(self, formation: str) -> str:
        for side, forms in self.data.formations.items():
            if formation in forms:
                return self.reason("units", f"formations.{side}")
        return ""

    def _chit_reason(self, chit: str) -> str:
        data = self.data
        if chit in data.fx:
            return self.fx_sides[chit]
        if chit in data.activation:
            return (self.reason("chits", f"activation.{chit}")
                    or self._formation_reason(data.activation[chit].formation))
        return self.end  # a ...The End??? chit (GIN-AMB-01)


@functools.lru_cache(maxsize=64)  # as many as the loaders keep data objects
def whys(data: GinData) -> Whys:
    """The data's table of reasons, built once per data object (on first use)."""
    return Whys(data)

"""The Marines Recovery Phase (§K): Disrupted Marines away from every Vermite flip back; and the
NAT Purging Phase (§L): each Logistics unit and one Marine next to it lower their NAT markers.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Decision, Event

from .board import data_and_map
from .movement import adjacent_to_vermite
from .provenance import map_reason
from .state import MARINES, SVState, Unit


def recovery_phase(state: SVState, ctx: Context) -> Iterator[Event]:
    """Disrupted Marines not adjacent to a Vermite flip back to full strength (§K)."""
    data, smap = data_and_map(state, ctx)
    for u in state.marines_on_map():
        if u.reduced and not adjacent_to_vermite(smap, state, u.hex):
            u.reduced = False
            yield Event(f"{u.id} recovers to full strength (no Vermite next to {u.hex})",
                        rule="Space Vermin §K", kind="move", data={"unit": u.id, "hex": u.hex},
                        ids=("SV-RECOV-01",), assumed=map_reason(data, smap.key))


def purge_one(unit: Unit) -> str:
    """Lower a NAT marker one level: Infected -> Tainted -> none (§L). Returns what the log
    says happened to the marker."""
    before = unit.nat
    unit.nat = {"infected": "tainted", "tainted": ""}[before]
    if unit.nat:
        return "the NAT Infected marker is flipped to its NAT Tainted side"
    return "the NAT Tainted marker is removed"


def purging_phase(state: SVState, ctx: Context) -> Iterator:
    """Each Logistics unit and one adjacent Marine lower their NAT markers one level (§L)."""
    data, smap = data_and_map(state, ctx)
    for log in [u for u in state.marines_on_map() if data.marines[u.type].purge]:
        if log.nat:
            left = purge_one(log)
            yield Event(
                f"{log.id} purges its own NATs: {left}", rule="Space Vermin §L", kind="move",
                data={"unit": log.id}, ids=("SV-PURGE-01", "SV-PURGE-02"),
            )
        here = smap.hex(log.hex)
        patients = sorted(
            (
                u
                for u in state.marines_on_map()
                if u.nat and u.id != log.id and smap.adjacent(here, smap.hex(u.hex))
            ),
            key=lambda u: (u.nat != "infected", smap.number_key(smap.hex(u.hex))),
        )
        if not patients:
            continue
        pid = patients[0].id
        if len(patients) > 1:
            pid = yield Decision(
                MARINES,
                "purge",
                f"Which Marine next to {log.id} is purged?",
                [p.id for p in patients],
                rule="Space Vermin §L",
            )
        left = purge_one(state.unit(pid))
        yield Event(f"{log.id} purges {pid}'s NATs: {left}", rule="Space Vermin §L", kind="move",
                    data={"unit": pid, "hex": state.unit(pid).hex}, ids=("SV-PURGE-01",),
                    assumed=map_reason(data, smap.key))

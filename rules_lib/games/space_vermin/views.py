"""What widgets and a registry entry need: the board, the pieces, reach, sight, invariants."""

from __future__ import annotations

from typing import Any

from .board import SVMap, map_for
from .counters import all_units
from .data import SVData, load_game_data
from .los import visible_labels
from .movement import marine_reach
from .spawning import nest_stack
from .state import STATUSES, SVState, Unit, effective_values


def board(state: SVState, data: SVData | None = None) -> SVMap:
    """The Mapzone the state plays on (its ``.board`` is the core HexBoard to draw)."""
    return map_for(state.map, data)


def pieces(state: SVState, data: SVData | None = None) -> list[dict[str, Any]]:
    """One dict per counter on the map: location, side, short label, type and hover text; the
    counters of a hex bottom of the stack first, a Nest's stacked as the §G tip advises."""
    data = data or load_game_data()
    smap = map_for(state.map, data)
    out = []
    for u in _in_stacking_order(data, smap, state):
        v = effective_values(data, u)
        marks = [
            m
            for m, on in (
                ("Disrupted" if u.is_marine else "Reduced", u.reduced),
                (f"NAT {u.nat}", bool(u.nat)),
                (f"{u.jewels} Jewel", u.jewels > 0),
            )
            if on
        ]
        out.append(
            {
                "id": u.id,
                "loc": smap.hex(u.hex),
                "side": u.side,
                "label": u.id,
                "kind": u.type,
                "hover": f"{u.id} in {u.hex}: CF {v.cf} DN {v.dn} MA {v.ma}"
                + (f" ({', '.join(marks)})" if marks else ""),
            }
        )
    for label, n in sorted(state.jewels.items()):
        out.append(
            {
                "id": f"Jewels {label}",
                "loc": smap.hex(label),
                "side": "",
                "label": f"Jewel x{n}",
                "kind": "jewel",
                "hover": f"{n} Crown Jewel(s) in {label}",
            }
        )
    return out


def _in_stacking_order(data: SVData, smap: SVMap, state: SVState) -> list[Unit]:
    """The counters on the map in the state's order, those in a Nest hex last, each Nest's
    stacked by ``nest_stack`` (the board draws a hex's counters bottom first)."""
    nests = sorted(smap.label(h) for h in smap.nests.values())
    on_map = [u for u in state.units if u.on_map]
    ordered = [u for u in on_map if u.hex not in nests]
    for label in nests:
        ordered += nest_stack(data, [u for u in on_map if u.hex == label])
    return ordered


def movement_reach(state: SVState, unit_id: str, data: SVData | None = None) -> dict[str, Any]:
    """{hex label: MP} where a Marine can end a Full Move now (§I-1)."""
    data = data or load_game_data()
    smap = map_for(state.map, data)
    return {
        smap.label(h): info.cost for h, info in marine_reach(data, smap, state, unit_id).items()
    }


def line_of_sight_from(state: SVState, label: str, data: SVData | None = None) -> list[str]:
    """Every hex label a Marine in ``label`` can see (§J-1)."""
    return visible_labels(map_for(state.map, data), state, label)


def invariants(state: SVState, data: SVData | None = None) -> list[str]:
    """Violated invariants of a position (empty when all hold): stacking, hexes, Jewels, markers."""
    data = data or load_game_data()
    smap = map_for(state.map, data)
    problems: list[str] = []
    marines: dict[str, str] = {}
    big_vermites: dict[str, int] = {}
    unlimited = {smap.label(h) for h in smap.nests.values()} | set(
        smap.mdata.vermite_entry_hexes.values()
    )
    for u in state.units:
        if u.status == "map":
            if u.hex not in smap.hex_of:
                problems.append(f"{u.id} is on hex {u.hex!r}, which is not on {smap.name}")
                continue
            if u.is_marine:
                if u.hex in marines:
                    problems.append(f"{u.id} and {marines[u.hex]} are stacked in {u.hex} (§I-1-a)")
                marines[u.hex] = u.id
            elif data.vermites[u.type].kind != "drone":
                big_vermites[u.hex] = big_vermites.get(u.hex, 0) + 1
        elif u.hex is not None:
            problems.append(f"{u.id} is {u.status} but still has hex {u.hex}")
        if u.nat not in ("", "tainted", "infected"):
            problems.append(f"{u.id} has an unknown NAT marker {u.nat!r}")
        if u.is_marine and u.jewels > data.marines[u.type].carries_jewels:
            problems.append(f"{u.id} carries {u.jewels} Jewels")
    for label, n in big_vermites.items():
        if n > data.vermite_stack_limit and label not in unlimited:
            problems.append(f"{n} non-Drone Vermites in {label} "
                            f"(limit {data.vermite_stack_limit}, §E-3)")
    both = set(marines) & set(big_vermites)  # a flocking Drone may land on a Marine (§F-1)
    problems += [f"Marines and Vermites share hex {lab}" for lab in sorted(both)]
    jewels = (
        sum(state.jewels.values())
        + sum(state.nest_jewels.values())
        + state.jewels_exited
        + sum(u.jewels for u in state.units)
    )
    expected = state.jewels_in_play or (_jewel_count(data) if jewels else 0)
    if jewels != expected:
        problems.append(f"{jewels} Crown Jewels accounted for, the battle has {expected}")
    problems += _conservation(data, state)
    return problems


def _conservation(data: SVData, state: SVState) -> list[str]:
    """Units conserved: every counter of the mix exactly once, each in a known place (§B-1, §Q)."""
    out = []
    ids = sorted(u.id for u in state.units)
    expected = sorted(u.id for u in all_units(data))
    if ids != expected:
        out.append(f"units not conserved: {len(ids)} counters, the mix has {len(expected)}")
    for u in state.units:
        if u.status not in STATUSES:
            out.append(f"{u.id} is in an unknown place {u.status!r}")
        elif u.status == "map" and u.hex is None:
            out.append(f"{u.id} is on the map without a hex")
        elif u.is_marine and u.status == "cup":
            out.append(f"Marine {u.id} is in the Vermite Unit Cup")
    exits = list(state.tunnel_exits) + list(state.cup_tunnel_exits)
    if len(exits) != len(set(exits)):
        out.append(f"a Tunnel Exit chit is in two places: {sorted(exits)}")
    return out


def _jewel_count(data: SVData) -> int:
    return int(data.sources["counters"].get("crown_jewels.count"))

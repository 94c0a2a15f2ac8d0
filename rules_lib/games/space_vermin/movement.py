"""Marine movement (§I-1): Full Move reach with terrain costs, roads, stacking and the stop rules.

* costs come from the map (§P): Clear 1, Bamboo/Bog 2, Flooded 2, 1/2 along a connected Road;
  Toxic Tar Pits only along a Bridge; NAT Infestation hexes never (§P-2-j);
* a Marine never enters a Vermite's hex and never ends on another Marine (§I-1-a);
* it stops on entering a hex adjacent to any Vermite, Drones included (§I-1-b), and may not step
  straight from one Vermite-adjacent hex to another (only its starting hex can be one it leaves).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from rules_lib.core.boards.hex import Hex
from rules_lib.core.boards.reach import ReachInfo, reach

from .board import SVMap
from .data import SVData
from .state import MARINES, SVState, Unit, effective_values


def movement_allowance(data: SVData, unit: Unit, shoot_and_scoot: bool = False) -> int:
    """MA after markers (NAT -1); an Unlimbered A.N.T. Gun cannot move; Shoot and Scoot halves it.
    """
    ma = effective_values(data, unit).ma
    if unit.type == "ant_gun" and not unit.limbered:
        ma = 0
    return ma // data.tables["shoot_and_scoot"]["ma_divisor"] if shoot_and_scoot else ma


def vermite_adjacent_hexes(smap: SVMap, state: SVState) -> frozenset[Hex]:
    """Hexes next to any Vermite on the map (Drones included)."""
    return smap.neighbourhood(state.vermite_hexes())


def adjacent_to_vermite(smap: SVMap, state: SVState, label: str) -> bool:
    """Whether a hex touches any Vermite (Drones included): ``vermite_adjacent_hexes`` holds it
    exactly when one of its neighbours holds a Vermite (adjacency is mutual)."""
    vermites = state.vermite_hexes()
    label_of = smap.label_of
    return any(label_of[n] in vermites for n in smap.neighbors(smap.hex(label)))


def marine_reach(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit_id: str,
    budget: int | None = None,
    start: str | None = None,
) -> dict[Hex, ReachInfo]:
    """Every hex where the Marine may end a move, with the cheapest cost and path (§I-1, §P)."""
    found = marine_reach_half(data, smap, state, unit_id, budget, start)
    return {h: ReachInfo(_mp(info.cost), info.path) for h, info in found.items()}


def marine_reach_half(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit_id: str,
    budget: int | None = None,
    start: str | None = None,
) -> dict[Hex, ReachInfo]:
    """``marine_reach`` with the costs still in half-MPs (callers that only want the costs)."""
    return reach(smap.board, *_full_move_rules(data, smap, state, unit_id, budget, start))


def marine_move_costs(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit_id: str,
    budget: int | None = None,
    start: str | None = None,
) -> dict[Hex, int]:
    """{hex: half-MPs} for every hex where the Marine may end a move: ``marine_reach_half``
    without the paths, which a Full Move's choice of hex does not need (``marine_move_serials``
    by hex)."""
    hexes = smap.hex_list
    found = marine_move_serials(data, smap, state, unit_id, budget, start)
    return {hexes[i]: cost for i, cost in found.items()}


def marine_move_serials(
    data: SVData,
    smap: SVMap,
    state: SVState,
    unit_id: str,
    budget: int | None = None,
    start: str | None = None,
) -> dict[int, int]:
    """``marine_move_costs`` with every hex as its serial number (``SVMap.hex_list`` order), in
    the order the search settles them: a Full Move turns them into labels in one step.

    The core ``reach_costs`` (Dijkstra, ties to the first found) written out for the Full Move
    rules of ``_full_move_rules`` over the map's table of Marine steps, hexes by serial number
    (``SVMap.marine_steps_by_serial``): the same hexes, costs and order, without a call per step
    (every Full Move and every entry asks for it). Costs are small whole half-MPs, so the queue
    is a list of hexes per cost, each in the order found: the order of the core search's heap,
    which breaks cost ties by the order of finding. (One piece: the search's loop is the hot
    path of a Full Move.)"""
    unit = state.unit(unit_id)
    serial_of = smap.serial_of
    origin = serial_of[start or unit.hex]
    mp = movement_allowance(data, unit) if budget is None else budget
    budget_half = int(2 * mp)
    steps = smap.marine_steps_by_serial(state.flooded)
    around = smap.adjacent_serials
    # cheapest cost found so far (``unreached``: none yet); a Vermite's hex is never entered: it
    # is "found" below any cost (and so is a settled hex: no step makes it cheaper)
    unreached = budget_half + 1
    best = [unreached] * len(steps)
    near = bytearray(len(steps))  # 1: the hex is next to a Vermite (Drones included)
    others: set[int] = set()  # hexes of the other Marines: passed through, never ended on
    for u in state.units:
        if u.status == "map" and u.hex is not None:
            where = serial_of[u.hex]
            if u.side == MARINES:
                if u.id != unit.id:
                    others.add(where)
            else:
                best[where] = -1
                for n in around[where]:
                    near[n] = 1
    best[origin] = 0
    done: dict[int, int] = {}  # settled hexes in cost order
    queue: list[list[int]] = [[] for _ in range(max(budget_half, 0) + 1)]  # cost -> hexes found
    queue[0].append(origin)
    for cost, found in enumerate(queue):
        for here in found:  # (a step costing nothing would join this very list: still in order)
            if here in done:
                continue
            done[here] = cost
            leaving_near = near[here]
            if leaving_near and here != origin:
                continue  # entered next to a Vermite: the move ends here
            for there, step in steps[here]:
                if leaving_near and near[there]:
                    continue  # never from one hex next to a Vermite straight to another
                new = cost + step
                if new < best[there]:
                    best[there] = new
                    queue[new].append(there)
    return {i: cost for i, cost in done.items() if i == origin or i not in others}


def _full_move_limits(data: SVData, smap: SVMap, state: SVState, unit_id: str,
                      budget: int | None, start: str | None
                      ) -> tuple[Hex, int, set[Hex], frozenset[Hex], set[Hex]]:
    """(start hex, budget in half-MPs, Vermite hexes, hexes next to a Vermite, other Marines'
    hexes): what the Full Move rules read from the position."""
    unit = state.unit(unit_id)
    origin = smap.hex(start or unit.hex)
    mp = movement_allowance(data, unit) if budget is None else budget
    vermite_labels = state.vermite_hexes()
    vermites = {smap.hex(lab) for lab in vermite_labels}
    near = smap.neighbourhood(vermite_labels)  # ``vermite_adjacent_hexes``
    others = {smap.hex(u.hex) for u in state.marines_on_map() if u.id != unit.id}
    return origin, int(2 * mp), vermites, near, others


def _full_move_rules(data: SVData, smap: SVMap, state: SVState, unit_id: str,
                     budget: int | None, start: str | None):
    """(start, budget, step_cost, must_stop, can_end) of a Full Move, in half-MPs (§I-1, §P):
    never into a Vermite, stop on becoming adjacent to one, never from one such hex to another,
    pass through friendly Marines but do not end on one (``marine_move_costs`` applies the same
    rules in its own search)."""
    origin, budget_half, vermites, near, others = _full_move_limits(
        data, smap, state, unit_id, budget, start)
    half = smap.marine_half_costs(state.flooded)  # costs in half-MPs: exact integers, fast

    def step(a: Hex, b: Hex):
        if b in vermites or (a in near and b in near):
            return None
        return half.get((a, b))

    return origin, budget_half, step, near.__contains__, lambda h: h not in others


def half_mp_to_mp(half_mps: int) -> int | Fraction:
    """Half-MPs back to MPs (an int when whole; the few halves are made once and shared)."""
    if half_mps % 2 == 0:
        return half_mps // 2
    return _half(half_mps)


@cache
def mp_words(mp: int | Fraction) -> str:
    """MP as a wargamer writes them in a log line: 4, 4½, ½ (few values: each written once, as
    Fraction arithmetic is slow and every Full Move's line asks)."""
    whole, half = divmod(Fraction(mp) * 2, 2)
    if half == 0:
        return str(int(whole))
    return f"{int(whole) or ''}½"


@cache
def _half(half_mps: int) -> Fraction:
    """An odd number of half-MPs as a Fraction (few of them: each made once)."""
    return Fraction(half_mps, 2)


_mp = half_mp_to_mp


def reach_labels(smap: SVMap, found: dict[Hex, ReachInfo]) -> dict[str, object]:
    """{hex label: MP spent} for display."""
    return {smap.label(h): info.cost for h, info in found.items()}

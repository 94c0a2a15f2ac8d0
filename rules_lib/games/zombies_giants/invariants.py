"""What must hold in every Giants-Club position: hearts, counters and crafted items within their
limits, every zombie figure counted, at most two zombies a square, Survivor figures that fit.

The engine checks these after each step in tests; ``setup_editing.validate`` starts from them.
"""

from __future__ import annotations

from . import capacity, crafting, sizes
from .data import ZData, default_data
from .state import ZState


def invariants(state: ZState, data: ZData | None = None) -> list[str]:
    """Hearts within limits, counters never negative, crafted items within their limits."""
    data = data or default_data()
    bad = []
    for s in state.survivors:
        if s.size not in data.sizes:
            bad.append(f"{s.name}: unknown size {s.size!r}")
            continue
        for field in ("halves", "reserve", "bullets", "kills", "turns_survived"):
            if getattr(s, field) < 0:
                bad.append(f"{s.name}: {field} is negative ({getattr(s, field)})")
        if s.halves > 2 * sizes.max_hearts(data, s):
            bad.append(f"{s.name}: {s.halves / 2:g} hearts above the max {sizes.max_hearts(data, s)}")
        cap = sizes.max_reserve(data, s)
        if cap is not None and s.reserve > cap:
            bad.append(f"{s.name}: {s.reserve} reserve hearts above the limit {cap}")
        if s.status == "active" and s.halves <= 0:
            bad.append(f"{s.name}: in play with no hearts")
        if s.size_ray is not None and not 0 <= s.size_ray.charges <= crafting.max_charges(
            data, s.size_ray.parts
        ):
            bad.append(f"{s.name}: Size-Ray charges {s.size_ray.charges} out of range")
        if s.armour is not None and s.armour.parts > data.crafting["body_armour"]["max_parts"]:
            bad.append(f"{s.name}: Body Armour beyond its last stage")
        if s.status == "active" and s.loc is None and not s.carried_by:
            bad.append(f"{s.name}: in play but nowhere on the board")
    limits = data.crafting["limits"]
    for kind in crafting.KINDS:
        if kind not in limits["at_a_time"] and state.crafted.get(kind, 0) > limits[kind]:
            bad.append(f"{kind}: crafted {state.crafted[kind]} times, limit {limits[kind]}")
        n = crafting.held(state, kind, kind in limits["at_a_time"])
        if n > limits[kind]:
            bad.append(f"{n} {kind} items exist, limit {limits[kind]}")
    counts: dict[tuple, int] = {}
    for z in state.zombies:
        counts[tuple(z.loc)] = counts.get(tuple(z.loc), 0) + 1
    cap = data.rules["combat"]["max_zombies_per_square"]
    over = [sq for sq, k in counts.items() if k > cap]
    if over:
        bad.append(f"more than {cap} zombies on {over}")
    if state.zombie_pool < 0:
        bad.append("zombie pool is negative")
    if state.zombie_pool + len(state.zombies) != data.files["zombies"].tree["pool"]:
        bad.append(f"zombie figures: {state.zombie_pool} in the pool + {len(state.zombies)} on "
                   f"the board != {data.files['zombies'].tree['pool']}")
    for sq, bag in state.tokens.items():
        if min(bag.values(), default=0) < 0:
            bad.append(f"negative tokens on {sq}")
    bad += square_capacity_problems(state, data)
    return bad


def square_capacity_problems(state: ZState, data: ZData) -> list[str]:
    """Every square's Survivor figures fit it: four Normals, or one Big, or half a Huge.

    A Survivor passing through a full square in the middle of its move (``state.passing``) is
    not counted: a move may pass through such a square but never ends there.
    """
    if not all(s.size in data.sizes for s in state.survivors):
        return []
    passing = next((s for s in state.survivors if s.name == state.passing), None)
    return [
        f"square {sq[0]},{sq[1]}: {', '.join(names)} do not fit on one square "
        f"({capacity.RULE_CAPACITY})"
        for sq, names in capacity.crowded(state, data, exclude=passing).items()
    ]

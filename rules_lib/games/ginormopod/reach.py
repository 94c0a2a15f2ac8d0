"""Movement reach of an activated unit through the core `reach` (the same stop/stack/Fence rules
the game's own fast breadth-first search applies, see movement.unit_reach)."""
from __future__ import annotations

from rules_lib.core.boards import ReachInfo, reach

from .board import swarm_may_step
from .board_view import build_board
from .data import GinData, data_for
from .movement import must_stop, unrevealed_guards_only
from .state import GinState


def movement_reach(state: GinState, unit: str, data: GinData | None = None) -> dict[str, ReachInfo]:
    """{city: ReachInfo(cost, path)} where the unit may end its move this Activation."""
    data = data or data_for(state)
    u = state.unit(unit)
    if u.pool != "map":
        raise ValueError(f"{unit} is not on the map (it is in the {u.pool} pool)")
    side = u.side
    limit = data.stack_limit

    def step_cost(a: str, b: str) -> int | None:
        return None if side == "Swarm" and not swarm_may_step(state, data, a, b) else 1

    def stop(c: str) -> bool:
        return must_stop(state, c, side) or (side == "Swarm" and unrevealed_guards_only(state, c)
                                             and state.stack(c, side) >= limit)

    def can_end(c: str) -> bool:
        return state.stack(c, side) < limit

    return reach(build_board(data), u.loc, data.types[u.type].mp, step_cost, stop, can_end)

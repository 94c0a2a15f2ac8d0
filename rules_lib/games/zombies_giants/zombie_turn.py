"""Step 4, the zombie turn: an Advantage roll says how many zombies step 1 square toward the player.

The zombies nearest the active player move first, all at the same time, at most 2 to a square;
any that step into a Survivor's square fight it (two zombies: target 8).
"""

from __future__ import annotations

from collections import deque

from rules_lib.core.dice import KeepHighest
from rules_lib.core.engine import Context, Event, Procedure

from .data import ZData
from .fight import fight
from .movement import squares_of
from .state import Survivor, Zombie, ZState
from .town import TownMap, town_map

RULE_ZTURN = "Zombies!!! Giants-Club: Step 4 Zombie turn"
Square = tuple[int, int]


def zombie_roll(data: ZData) -> KeepHighest:
    """The Advantage roll (ZGC-AMB-06: 2d6 keep the higher)."""
    return KeepHighest(data.rules["zombie_turn"]["advantage_dice"])


def distances_to(tm: TownMap, targets: list[Square]) -> dict[Square, int]:
    """Steps a zombie needs to reach any target square (walls block, doors open)."""
    dist = {t: 0 for t in targets if t in tm.kind}
    queue = deque(dist)
    while queue:
        sq = queue.popleft()
        for nb in tm.board.neighbors(sq):
            if nb in dist or tm.kind[nb] == "out":
                continue
            dist[nb] = dist[sq] + 1
            queue.append(nb)
    return dist


def plan_moves(
    state: ZState, data: ZData, active: Survivor, count: int
) -> list[tuple[Zombie, Square]]:
    """Which zombies move where: nearest first, one square closer, never 3 on a square."""
    tm = town_map(state, data)
    targets = squares_of(state, data, active)
    dist = distances_to(tm, targets)
    cap = data.rules["combat"]["max_zombies_per_square"]
    movers = sorted(
        (z for z in state.zombies if tuple(z.loc) in dist and dist[tuple(z.loc)] > 0),
        key=lambda z: (dist[tuple(z.loc)], z.id),
    )
    occupancy: dict[Square, int] = {}
    for z in state.zombies:
        occupancy[tuple(z.loc)] = occupancy.get(tuple(z.loc), 0) + 1
    plan = []
    for z in movers[:count]:
        here = tuple(z.loc)
        for nb in tm.board.neighbors(here):
            if dist.get(nb, 10**9) == dist[here] - 1 and occupancy.get(nb, 0) < cap:
                occupancy[here] -= 1
                occupancy[nb] = occupancy.get(nb, 0) + 1
                plan.append((z, nb))
                break
    return plan


def zombie_turn(state: ZState, ctx: Context, active: Survivor) -> Procedure:
    """Roll Advantage, move that many zombies at once, then fight where they reached a Survivor."""
    data: ZData = ctx.data
    roll = zombie_roll(data).roll(ctx.dice, "zombie turn (Advantage)")
    plan = plan_moves(state, data, active, roll.value)
    yield Event(
        f"Zombies roll Advantage {list(roll.faces)} -> {roll.value}: "
        f"{len(plan)} zombie(s) move 1 square toward {active.name}",
        rule=f"{RULE_ZTURN} (ZGC-AMB-06: Advantage = 2d6 keep the higher; nearest first)",
        kind="roll",
        data={"roll": roll.value, "moved": len(plan)},
    )
    arrived: set[Square] = set()
    for z, sq in plan:  # all zombies move at the same time
        z.loc = [sq[0], sq[1]]
        arrived.add(sq)
    for sq in sorted(arrived):
        for s in state.survivors:
            if not s.in_play or s.carried_by:
                continue
            if sq in squares_of(state, data, s):
                here = state.zombies_at(sq)
                if not here:
                    break
                yield Event(
                    f"{len(here)} zombie(s) move into {s.name}'s square {sq[0]},{sq[1]}",
                    rule=f"{RULE_ZTURN} (entering a Survivor's square starts combat)",
                    kind="combat",
                )
                yield from fight(state, ctx, s, here, helpers=helpers_of(state, data, s))
                break


def helpers_of(state: ZState, data: ZData, surv: Survivor) -> list[Survivor]:
    """Other Survivors standing next to (or with) this one: they roll and add (ZGC-ZCOMB-08)."""
    mine = squares_of(state, data, surv)
    out = []
    for s in state.survivors:
        if s is surv or not s.in_play or s.carried_by or s.name == surv.carried_by:
            continue
        theirs = squares_of(state, data, s)
        if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1 for a in mine for b in theirs):
            out.append(s)
    return out


def recover(state: ZState) -> int:
    """End of turn: zombies not defeated recover all their HP."""
    n = 0
    for z in state.zombies:
        if z.damage:
            z.damage = 0
            n += 1
    return n

"""Step 4, the zombie turn: an Advantage roll says how many zombies step 1 square toward the player.

The zombies nearest the active player move first, all at the same time, at most 2 to a square;
any that step into a Survivor's square fight it (two zombies: target 8). ZGC-AMB-06: Advantage =
2d6 keep the higher (variant: one die). ZGC-AMB-13: the zombies nearest the active player step
toward that player (variant: each steps toward whichever Survivor is nearest to it).
"""

from __future__ import annotations

from rules_lib.core.dice import KeepHighest
from rules_lib.core.engine import Context, Event, Procedure

from . import provenance as P
from .data import ZData
from .fight import fight, helpers_of
from .figures import squares_of
from .state import Survivor, Zombie, ZState
from .town import Distances, TownMap, town_map
from .variants import PLAIN_ADVANTAGE, ZOMBIES_CHASE_NEAREST

RULE_ZTURN = "Zombies!!! Giants-Club: Step 4 Zombie turn"
Square = tuple[int, int]
IDS_ROLL = ("ZGC-ZTURN-01", "ZGC-ZTURN-03", "ZGC-ZTURN-04", "ZGC-ZTURN-05", "ZGC-ZCOMB-04",
            "ZGC-ZCOMB-05", "ZGC-AMB-06", "ZGC-AMB-13")
ONE_DIE = P.variant(PLAIN_ADVANTAGE, "ZGC-AMB-06", "Advantage is one die")
CHASE_NEAREST = P.variant(ZOMBIES_CHASE_NEAREST, "ZGC-AMB-13", "each zombie steps toward the "
                                                               "Survivor nearest to it")


def zombie_roll(data: ZData, one_die: bool = False) -> KeepHighest:
    """The Advantage roll (ZGC-AMB-06: 2d6 keep the higher; the variant: one die)."""
    return KeepHighest(1 if one_die else data.rules["zombie_turn"]["advantage_dice"])


def distances_to(tm: TownMap, targets: list[Square]) -> Distances:
    """Steps a zombie needs to reach any target square (walls block, doors open, nobody walks on
    out-of-bounds squares): a breadth-first search once per map and targets, carried as far as
    asked."""
    key = ("zombie", frozenset(targets))
    dist = tm.distances.get(key)
    if dist is None:
        kind = tm.kind
        dist = tm.distances[key] = Distances([t for t in targets if t in kind],
                                             tm.walks.__getitem__)
    return dist


def chase_targets(state: ZState, data: ZData, active: Survivor, nearest: bool) -> list[Square]:
    """The squares zombies head for: the active player's, or (variant) every Survivor's."""
    if not nearest:
        return squares_of(state, data, active)
    return [sq for s in state.survivors if s.in_play for sq in squares_of(state, data, s)]


def plan_moves(
    state: ZState, data: ZData, active: Survivor, count: int, nearest: bool = False
) -> list[tuple[Zombie, Square]]:
    """Which zombies move where: nearest first, each up to its squares closer, never 3 on a
    square; a zombie reaching a Survivor's square stops there."""
    tm = town_map(state, data)
    search = distances_to(tm, chase_targets(state, data, active, nearest))
    dist = search.dist
    cap = data.rules["combat"]["max_zombies_per_square"]
    steps = data.rules["zombie_turn"]["squares_per_zombie"]
    movers = sorted(_nearest(state, search, count),
                    key=lambda z: (dist[(z.loc[0], z.loc[1])], z.id))
    occupancy: dict[Square, int] = {}
    for z in state.zombies:
        sq = (z.loc[0], z.loc[1])
        occupancy[sq] = occupancy.get(sq, 0) + 1
    plan = []
    for z in movers[:count]:
        here = start = (z.loc[0], z.loc[1])
        for _ in range(steps):
            closer = dist[here] - 1
            if closer < 0:
                break
            # the first neighbour (east, north, west, south) a step closer with room
            nxt = next((nb for nb in tm.neighbors(here)
                        if dist.get(nb, -1) == closer and occupancy.get(nb, 0) < cap), None)
            if nxt is None:
                break
            here = nxt
        if here != start:
            occupancy[start] -= 1
            occupancy[here] = occupancy.get(here, 0) + 1
            plan.append((z, here))
    return plan


def _nearest(state: ZState, search: Distances, count: int) -> list[Zombie]:
    """Every zombie with a way to the target that is not there yet, up to the distance at which
    there are ``count`` of them: the search goes out layer by layer and stops there (the zombies
    further out could not be among the ``count`` nearest)."""
    where: dict[Square, list[Zombie]] = {}
    for z in state.zombies:
        where.setdefault((z.loc[0], z.loc[1]), []).append(z)
    dist, pending, found, d = search.dist, set(where), [], 0
    while pending and len(found) < count:
        d += 1
        complete = not search.discover(d)
        # the zombies' squares the search has reached (those one layer further wait)
        settled = [sq for sq in pending & dist.keys() if complete or dist[sq] <= d]
        for sq in settled:
            pending.discard(sq)
            if dist[sq] > 0:
                found += where[sq]
        if complete:
            break
    return found  # (in no particular order: the zombies' numbers order them)


def zombie_turn(state: ZState, ctx: Context, active: Survivor) -> Procedure:
    """Roll Advantage, move that many zombies at once, then fight where they reached a Survivor."""
    data: ZData = ctx.data
    one_die = ctx.variant(PLAIN_ADVANTAGE)
    nearest = ctx.variant(ZOMBIES_CHASE_NEAREST)
    roll = zombie_roll(data, one_die).roll(ctx.dice, "zombie turn (Advantage)")
    plan = plan_moves(state, data, active, roll.value, nearest)
    steps = data.rules["zombie_turn"]["squares_per_zombie"]
    toward = "the nearest Survivor" if nearest else active.name
    yield Event(
        f"Zombies roll Advantage {list(roll.faces)} -> {roll.value}: "
        + (f"{len(plan)} zombie(s) move {steps} square toward {toward}" if plan else
           f"no zombie can move toward {toward}"),
        rule=f"{RULE_ZTURN} (nearest first; all move at the same time; up to "
        f"{data.rules['combat']['max_zombies_per_square']} a square)",
        kind="roll",
        data={"roll": roll.value, "moved": len(plan)},
        ids=IDS_ROLL,
        assumed=P.joined(ONE_DIE if one_die else P.AMB06, CHASE_NEAREST if nearest else P.AMB13),
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
                    ids=("ZGC-ZTURN-02", "ZGC-ZCOMB-06", "ZGC-ZCOMB-04"),
                )
                yield from fight(state, ctx, s, here, helpers=helpers_of(state, data, s))
                break


def recover(state: ZState, data: ZData | None = None) -> int:
    """End of turn: zombies not defeated recover all their HP (zombies.yaml says they do)."""
    if data is not None and not data.files["zombies"].tree["zombie"]["recovers_at_end_of_turn"]:
        return 0
    n = 0
    for z in state.zombies:
        if z.damage:
            z.damage = 0
            n += 1
    return n

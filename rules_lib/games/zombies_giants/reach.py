"""Reach & Snipe Rules: Giants attack and grab from a distance; anyone with a bullet may snipe.

"Reach attacks cost 1 square of movement, this includes actions to grab resources"; repeat combat
rolls cost nothing more, and the attacker may move into the square upon success (a Big Giant
inside a building pays 1 more, 2 through a doorway). A Snipe spends a bullet to attack from 1
square (a Giant with a Size-Ray: 1 plus its Reach) and a failed one does no heart damage.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import capacity, crafting, sizes
from . import provenance as P
from .actions import Action, Grab, GrabParts, MoveIn, Reach, Snipe, Stay
from .data import SizeStats, ZData
from .entering import enter
from .fight import fight, helpers_of
from .figures import Square, footprint, huge_fits
from .movement import reach_squares
from .state import Survivor, ZState, key
from .town import TownMap, town_map
from .variants import GIANTS_NEVER_SPEND_BULLETS

RULE_REACH = "Zombies!!! Giants-Club: Reach & Snipe Rules"


def reach_options(state: ZState, data: ZData, tm: TownMap, s: Survivor, st: SizeStats,
                  mine: list[Square], left: int) -> list[tuple[Action, int]]:
    """Reach attacks and snipes at squares with zombies, grabs of counters and of store parts,
    each with its movement cost, in that order (squares and stores sorted)."""
    rules = data.rules
    out: list[tuple[Action, int]] = []
    reach_cost = rules["combat"]["reach_attack_cost"]
    grab = rules["grab_cost"]
    snipe = _snipe_range(state, data, s, st) if left >= reach_cost else 0
    if not st.reach and not snipe:
        return out  # nothing within reach and no snipe: no zombie squares to look at
    near = reach_squares(tm, data, s.size, mine, st.reach) if st.reach else frozenset()
    zombies = {(z.loc[0], z.loc[1]) for z in state.zombies}
    if left >= reach_cost and zombies:
        out += [(Reach(sq), reach_cost) for sq in sorted(near & zombies)]
        if snipe and _any_within(mine, zombies, snipe):
            out += [(Snipe(sq), reach_cost)
                    for sq in sorted(reach_squares(tm, data, s.size, mine, snipe) & zombies)]
    if left >= grab and st.reach:
        if state.tokens:
            out += [(Grab(sq), grab) for sq in sorted(near - zombies)
                    if state.tokens.get(key(sq))]
        stores = sorted({tm.tile_of[sq] for sq in near if tm.kind.get(sq) == "building"})
        out += [(GrabParts(store), grab) for store in stores
                if crafting.sources(data, store)
                and store not in state.looted
                and store not in state.demolished]
    return out


def _snipe_range(state: ZState, data: ZData, s: Survivor, st: SizeStats) -> int:
    """How far the Survivor may snipe now (0: not at all): a bullet to spend and a size that
    spends bullets; a Giant with a Size-Ray snipes 1 plus its Reach."""
    snipe = st.snipe_range
    if s.size_ray is not None and st.is_giant:
        snipe = data.crafting["size_ray"]["snipe_range_plus_reach"] + st.reach
    if not snipe or s.bullets <= 0:
        return 0
    never = GIANTS_NEVER_SPEND_BULLETS in state.variants
    return snipe if sizes.uses_bullets(data, s, never) else 0


def _any_within(mine: list[Square], targets: set[Square], distance: int) -> bool:
    """Is any target within ``distance`` squares as the crow flies (in x plus y)? A walk around
    walls is never shorter, so when none is, no square within reach holds one."""
    for x, y in mine:
        for tx, ty in targets:
            if abs(tx - x) + abs(ty - y) <= distance:
                return True
    return False


def grab_parts(state: ZState, ctx: Context, s: Survivor, store: str) -> Procedure:
    """A Giant reaches into a store for its parts (as if it had entered it)."""
    data: ZData = ctx.data
    yield Event(
        f"{s.name} reaches into the {store} for parts "
        f"({data.rules['grab_cost']} square of movement)",
        rule=f"{RULE_REACH} (Giants reach into buildings to grab resources)",
        kind="move",
        data={"store": store},
        ids=("ZGC-REACH-01", "ZGC-REACH-05", "ZGC-CRAFT-01"),
    )
    yield from crafting.visit_store(state, ctx, s, store)


def reach_attack(state: ZState, ctx: Context, s: Survivor, action: Reach | Snipe,
                 left: int) -> Procedure:
    """A Reach attack (Giants) or a Snipe (a bullet, from 1 square: ZGC-SNIPE-01): one fight.

    Returns the movement left after moving into the square, or None."""
    data: ZData = ctx.data
    sq = action.at
    zs = state.zombies_at(sq)
    spent = None
    snipe = isinstance(action, Snipe)
    if snipe:
        s.bullets -= 1
        spent = s
    cost = data.rules["combat"]["reach_attack_cost"]
    giant = sizes.stats(data, s.size).is_giant
    yield Event(
        f"{s.name} {'snipes at' if snipe else 'reaches for'} {len(zs)} zombie(s) at "
        f"{sq[0]},{sq[1]} ({cost} square of movement"
        + ("; a bullet spent)" if snipe else ")"),
        rule=RULE_REACH + (" (Snipe: spend a bullet to attack from a distance)" if snipe
                           else " (a Reach attack costs movement)"),
        kind="combat",
        ids=("ZGC-REACH-01",)
        + (("ZGC-SNIPE-01", "ZGC-SNIPE-03", "ZGC-NORM-06") if snipe else ())
        + (("ZGC-RAY-06", "ZGC-AMB-10") if snipe and giant else ())
        + (("ZGC-BIG-07",) if not snipe and s.size == "Big" else ())
        + (("ZGC-HUGE-05",) if not snipe and s.size == "Huge" else ()),
        assumed=P.AMB10 if snipe and giant else "",
    )
    result = yield from fight(
        state, ctx, s, zs, mode="snipe" if spent else "reach",
        helpers=helpers_of(state, data, s), sniper_spent=spent,
    )
    if result.outcome == "won" and s.in_play:
        return (yield from move_in(state, ctx, s, sq, left))
    return None


def _move_in_target(state: ZState, data: ZData, tm: TownMap, s: Survivor, st: SizeStats,
                    sq: Square) -> tuple[Square | None, int, tuple[str, ...]]:
    """Where the figure would stand after moving into ``sq`` (None: it cannot), the cost, the
    rule IDs. A wide figure takes the first anchor covering ``sq`` where it fits."""
    here = tuple(s.loc)
    cost = data.rules["reach_moves"]["move_in_cost"]
    ids: tuple[str, ...] = ("ZGC-REACH-03",)
    if st.footprint != (1, 1):
        w, h = st.footprint
        anchors = [
            a
            for a in ((sq[0] - i, sq[1] - j) for j in range(h) for i in range(w))
            if sq in footprint(data, s.size, a)
            and huge_fits(tm, data, a)
            and capacity.fits(state, data, s.size, a, s)
        ]
        return (anchors[0] if anchors else None), cost, ids
    if tm.kind.get(sq) not in ("street", "building") or sq == here:
        return None, cost, ids
    if not (st.enters_buildings or tm.kind[sq] == "street"):
        return None, cost, ids
    if not capacity.fits(state, data, s.size, sq, s):
        return None, cost, ids  # no room there (ZGC-NORM-01, ZGC-BIG-01)
    if st.is_giant and st.enters_buildings and tm.kind.get(here) == "building":
        adjacent = abs(sq[0] - here[0]) + abs(sq[1] - here[1]) == 1
        door = adjacent and tm.crossing(here, sq) == "door"
        cost = data.rules["reach_moves"][
            "big_inside_door_move_in_cost" if door else "big_inside_move_in_cost"
        ]
        ids += ("ZGC-REACH-04",)
    return sq, cost, ids


def move_in(state: ZState, ctx: Context, s: Survivor, sq: Square, left: int) -> Procedure:
    """After a successful Reach attack the attacker may move into the square (Big inside pays).

    Returns the movement left after moving in, or None when it stays."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    st = sizes.stats(data, s.size)
    target, cost, ids = _move_in_target(state, data, tm, s, st, sq)
    if target is None or cost > left:
        return None
    choice = yield Decision(
        s.name,
        "move_in",
        f"Move into {sq[0]},{sq[1]} (costs {cost})?",
        [str(MoveIn()), str(Stay())],
        rule=f"{RULE_REACH} (may move into the attack square upon success)",
        ids=ids,
    )
    if choice == str(Stay()):
        return None
    yield Event(
        f"{s.name} moves into the attacked square for {cost} movement",
        rule=RULE_REACH + (" (a Big Giant inside a building pays more to move in)" if cost else ""),
        kind="move",
        ids=ids,
    )
    yield from enter(state, ctx, s, target, "move in")
    return left - cost

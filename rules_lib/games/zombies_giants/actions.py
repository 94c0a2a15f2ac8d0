"""Step 3, Move/Fight: roll movement, then move, fight, reach, snipe, grab, carry, craft, play cards.

Each action costs the movement the text gives it (a square 1, a Big Giant's building square 2 and
doorway 3, a Reach attack or grab 1, picking up or setting down a Survivor 1); what the text leaves
open is assumed data (a vent's cost, a demolition check's cost) and the events applying it say so.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import capacity, carrying, crafting, demolish, events, sizes
from . import provenance as P
from .data import ZData
from .fight import fight
from .figures import footprint, huge_fits, squares_of, step_cost
from .movement import movement_points, reach_squares, speed_hearts
from .state import Survivor, ZState, key, unkey
from .town import town_map
from .variants import (
    GIANTS_NEVER_SPEND_BULLETS,
    MIN_SPEED_COUNTS_RESERVE,
    RESERVE_OVERFLOW_STAYS,
)
from .win import check_escape
from .zombie_turn import helpers_of

G = "Zombies!!! Giants-Club"
RULE_MOVE = f"{G}: Step 3 Move/Fight"
RULE_REACH = f"{G}: Reach & Snipe Rules"
RULE_MALL = f"{G}: Mall Rules"
RULE_RES = f"{G}: Resource Usage"
RULE_CARRY = f"{G}: Giants and Carrying"
SPEED_RESERVE = P.variant(MIN_SPEED_COUNTS_RESERVE, "ZGC-AMB-18", "reserve hearts count too")
OVERFLOW_STAYS = P.variant(RESERVE_OVERFLOW_STAYS, "ZGC-AMB-12", "hearts a Normal cannot hold "
                                                                "stay on the square")
MOVE_IDS = {"Normal": ("ZGC-FIGHT-01", "ZGC-NORM-03", "ZGC-AMB-18"),
            "Big": ("ZGC-FIGHT-01", "ZGC-BIG-05"), "Huge": ("ZGC-FIGHT-01", "ZGC-HUGE-07")}


def move_fight(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """Roll movement, then move square by square, fight, reach, grab, craft, until stopping."""
    data: ZData = ctx.data
    st = sizes.stats(data, s.size)
    if s.carried_by:
        giant = state.survivor(s.carried_by)
        spots = carrying.step_off_squares(state, data, giant, s)
        off = yield Decision(
            s.name,
            "carried",
            f"Stay on {giant.name} or move off?",
            ["stay"] + [f"move off to {x},{y}" for x, y in spots],
            rule=f"{RULE_CARRY} (move off during their turn)",
            ids=("ZGC-CARRY-03",),
            assumed=P.STEP_OFF,
        )
        if off == "stay":
            yield Event(f"{s.name} rides on {giant.name}", rule=RULE_CARRY, kind="move",
                        ids=("ZGC-CARRY-01",))
            return
        giant.carrying.remove(s.name)
        s.carried_by = None
        s.loc = list(unkey(off[len("move off to ") :]))
        yield Event(
            f"{s.name} moves off {giant.name} onto {s.loc[0]},{s.loc[1]}",
            rule=f"{RULE_CARRY} (Survivors can move off a Giant during their turn)",
            kind="move",
            ids=("ZGC-CARRY-03",),
            assumed=P.STEP_OFF,
        )
    res = sizes.movement_dice(data, s.size).roll(ctx.dice, f"movement {s.name}")
    bonus = state.move_bonus + s.permanent_move_bonus
    counts_reserve = ctx.variant(MIN_SPEED_COUNTS_RESERVE)
    least = speed_hearts(s, counts_reserve)
    points = movement_points(st.min_speed_is_hearts, least, res.value, bonus, state.move_divisor)
    by_cards = bool(bonus) or state.move_divisor > 1
    yield Event(
        f"{s.name} rolls {st.movement_dice}d6 {list(res.faces)} = {res.value} for movement"
        + (f", at least {least} (hearts)" if st.min_speed_is_hearts else "")
        + (f", {bonus:+d} from cards" if bonus else "")
        + (f", divided by {state.move_divisor}" if state.move_divisor > 1 else "")
        + f": {points} squares",
        rule=RULE_MOVE + (" (Normal: minimum speed equal to your hearts)"
                          if st.min_speed_is_hearts else ""),
        kind="roll",
        data={"roll": res.value, "points": points},
        ids=MOVE_IDS.get(s.size, ("ZGC-FIGHT-01",)),
        assumed=P.joined(
            (SPEED_RESERVE if counts_reserve else P.AMB18) if st.min_speed_is_hearts else "",
            P.DECK if by_cards else "",
        ),
    )
    left = points
    tried: list[str] = []  # actions limited per turn (demolition checks)
    while s.in_play:
        options, costs = step_options(state, data, s, left, tried)
        if options == ["stop"]:
            break
        choice = yield Decision(
            s.name,
            "move",
            f"{left} squares of movement left",
            options,
            rule=RULE_MOVE,
            data={"left": left, "costs": costs},
            ids=("ZGC-FIGHT-01",),
        )
        if choice == "stop":
            break
        left -= costs.get(choice, 0)
        ended = yield from do_action(state, ctx, s, choice, left, tried)
        if ended is True or s.status == "escaped":
            break
        if isinstance(ended, int):
            left = ended
    state.passing = None
    if s.in_play:  # ending the move on the Helipad (perhaps after clearing the centre)
        yield from check_escape(state, ctx, s)


def step_options(
    state: ZState, data: ZData, s: Survivor, left: int, tried: list[str]
) -> tuple[list[str], dict[str, int]]:
    """Every legal action now, with its movement cost; 'stop' first."""
    tm = town_map(state, data)
    st = sizes.stats(data, s.size)
    rules = data.rules
    opts: list[str] = ["stop"]
    costs: dict[str, int] = {}
    if s.carried_by:
        return opts, costs
    here = tuple(s.loc)
    mine = squares_of(state, data, s)
    # plain moves: a full square may be passed through, not ended on (ZGC-NORM-01, ZGC-BIG-01)
    if st.footprint == (1, 1):
        cost = step_cost(tm, data, s.size)
        for nb in tm.board.neighbors(here):
            c = cost(here, nb)
            if c is not None and c <= left and capacity.can_pass(state, data, s, nb, left - c):
                o = f"move {nb[0]},{nb[1]}"
                opts.append(o)
                costs[o] = c
    else:
        c = rules["movement"]["square_cost"]
        for a in tm.board.piece_neighbors(here, *st.footprint):
            if huge_fits(tm, data, a) and left >= c and capacity.can_pass(state, data, s, a, left - c):
                o = f"move {a[0]},{a[1]}"
                opts.append(o)
                costs[o] = c
    if not capacity.fits(state, data, s.size, here, s):
        return opts[1:], costs  # passing through a full square: keep moving, no stop
    # reach attacks, snipes, grabs
    reach_cost = rules["combat"]["reach_attack_cost"]
    near = reach_squares(tm, data, s.size, mine, st.reach) if st.reach else set()
    if left >= reach_cost:
        for sq in sorted(near):
            if state.zombies_at(sq):
                o = f"reach {sq[0]},{sq[1]}"
                opts.append(o)
                costs[o] = reach_cost
        snipe = st.snipe_range
        if s.size_ray is not None and st.is_giant:
            snipe = data.crafting["size_ray"]["snipe_range_plus_reach"] + st.reach
        never = GIANTS_NEVER_SPEND_BULLETS in state.variants
        if snipe and s.bullets > 0 and sizes.uses_bullets(data, s, never):
            for sq in sorted(reach_squares(tm, data, s.size, mine, snipe)):
                if state.zombies_at(sq):
                    o = f"snipe {sq[0]},{sq[1]}"
                    opts.append(o)
                    costs[o] = reach_cost
    grab = rules["grab_cost"]
    if left >= grab and st.reach:
        for sq in sorted(near):
            if state.tokens.get(key(sq)) and not state.zombies_at(sq):
                o = f"grab {sq[0]},{sq[1]}"
                opts.append(o)
                costs[o] = grab
        stores = sorted({tm.tile_of[sq] for sq in near if tm.kind.get(sq) == "building"})
        for store in stores:
            if (
                crafting.sources(data, store)
                and store not in state.looted
                and store not in state.demolished
            ):
                o = f"grab parts {store}"
                opts.append(o)
                costs[o] = grab
    if left >= rules["carrying"]["pick_up_cost"]:
        for o in carrying.pickup_options(state, data, s):
            opts.append(o)
            costs[o] = rules["carrying"]["pick_up_cost"]
    if left >= rules["carrying"]["set_down_cost"]:
        for o in carrying.setdown_options(state, data, s):
            opts.append(o)
            costs[o] = rules["carrying"]["set_down_cost"]
    if st.can_use_vents and here in tm.vents and left >= rules["vent_cost"]:
        for v in tm.vents:
            if v != here and capacity.fits(state, data, s.size, v, s):
                o = f"vent {v[0]},{v[1]}"
                opts.append(o)
                costs[o] = rules["vent_cost"]
    if left >= rules["combat"]["demolish_cost"]:
        tries = rules["combat"]["demolish_tries_per_turn"]
        for tile in demolish.demolishable(state, data, s):
            if list(tried).count(f"demolish {tile}") < tries:
                o = f"demolish {tile}"
                opts.append(o)
                costs[o] = rules["combat"]["demolish_cost"]
    opts += resource_options(state, data, s)
    cards = sorted(set(s.hand)) + ([state.revealed] if state.revealed else [])
    for name in cards:
        if events.can_play(state, data, s, data.cards[name]):
            opts.append(f"play {name}")
    opts += crafting.craft_options(state, data, s)
    return opts, costs


def resource_options(state: ZState, data: ZData, s: Survivor) -> list[str]:
    """Using a reserve heart, giving bullets or reserve hearts to a Survivor next to you."""
    out = []
    if s.reserve > 0 and s.halves + 2 <= 2 * sizes.max_hearts(data, s):
        out.append("use reserve heart")
    mine = squares_of(state, data, s)
    for o in state.survivors:
        if o is s or not o.in_play:
            continue
        theirs = squares_of(state, data, o)
        if not any(abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1 for a in mine for b in theirs):
            continue
        if s.bullets > 0:
            out.append(f"give bullet to {o.name}")
        cap = sizes.max_reserve(data, o)
        if s.reserve > 0 and (cap is None or o.reserve < cap):
            out.append(f"give reserve heart to {o.name}")
    return out


def do_action(
    state: ZState, ctx: Context, s: Survivor, choice: str, left: int, tried: list[str]
) -> Procedure:
    """Carry out one Step 3 action; returns True when movement ends, or the movement left."""
    data: ZData = ctx.data
    verb, _, rest = choice.partition(" ")
    if verb == "move":
        target = unkey(rest)
        return (yield from enter(state, ctx, s, target, "move"))
    if verb == "reach" or verb == "snipe":
        return (yield from reach_attack(state, ctx, s, verb, unkey(rest), left))
    if verb == "grab" and rest.startswith("parts "):
        store = rest[len("parts ") :]
        yield Event(
            f"{s.name} reaches into the {store} for parts "
            f"({data.rules['grab_cost']} square of movement)",
            rule=f"{RULE_REACH} (Giants reach into buildings to grab resources)",
            kind="move",
            data={"store": store},
            ids=("ZGC-REACH-01", "ZGC-REACH-05", "ZGC-CRAFT-01"),
        )
        yield from crafting.visit_store(state, ctx, s, store)
        return None
    if verb == "grab":
        yield from pick_up_tokens(state, ctx, s, unkey(rest), reached=True)
        return None
    if verb == "pick":
        name = rest[len("up ") :]
        other = state.survivor(name)
        other.carried_by = s.name
        other.loc = None
        s.carrying.append(name)
        yield Event(
            f"{s.name} picks up {name} ({data.rules['carrying']['pick_up_cost']} movement)",
            rule=f"{RULE_CARRY} (within Reach; each costs movement)",
            kind="move",
            data={"values": [f"sizes:sizes.{s.size}.carry_capacity",
                             f"sizes:sizes.{other.size}.carry_weight"]},
            ids=("ZGC-CARRY-04", "ZGC-CARRY-01", "ZGC-REACH-01")
            + (("ZGC-HUGE-08",) if s.size == "Huge" else ("ZGC-BIG-08",)),
            assumed=P.STAND_FIT,
        )
        return None
    if verb == "set":
        name, _, where = rest[len("down ") :].partition(" at ")
        other = state.survivor(name)
        s.carrying.remove(name)
        other.carried_by = None
        other.loc = list(unkey(where))
        yield Event(
            f"{s.name} sets {name} down at {where} "
            f"({data.rules['carrying']['set_down_cost']} movement)",
            rule=f"{RULE_CARRY} (within Reach; each costs movement)",
            kind="move",
            ids=("ZGC-CARRY-04",),
        )
        yield from arrive(state, ctx, other, [unkey(where)])
        return None
    if verb == "use":
        s.reserve -= 1
        s.halves += 2
        yield Event(
            f"{s.name} uses a reserve heart ({s.halves / 2:g} hearts, {s.reserve} reserve)",
            rule=f"{RULE_RES} (reserve hearts are kept apart from health)",
            kind="info",
            ids=("ZGC-RES-01",),
        )
        return None
    if verb == "give":
        what, _, name = rest.partition(" to ")
        other = state.survivor(name)
        if what == "bullet":
            s.bullets -= 1
            other.bullets += 1
        else:
            s.reserve -= 1
            sizes.add_reserve(data, other, 1)
        yield Event(
            f"{s.name} gives a {what} to {name}",
            rule=f"{RULE_RES} (reserve hearts and bullets can be shared)",
            kind="info",
            ids=("ZGC-RES-01", "ZGC-RES-02"),
            assumed=P.SHARE_NEXT_TO,
        )
        return None
    if verb == "vent":
        yield Event(
            f"{s.name} crawls through the air-vent to {rest} ({data.rules['vent_cost']} square): "
            "movement ends",
            rule=f"{RULE_MALL} (Normal Survivors warp via vents; ends movement)",
            kind="move",
            data={"values": ["rules:vent_cost"]},
            ids=("ZGC-MALL-01", "ZGC-MF-06"),
            assumed=P.VENT_COST,
        )
        yield from enter(state, ctx, s, unkey(rest), "vent")
        return True
    if verb == "demolish":
        tried.append(choice)
        yield from demolish.demolish_check(state, ctx, s, rest)
        return None
    if verb == "play":
        name = rest
        resized = None
        if state.revealed == name and name not in s.hand:
            state.revealed = None
        else:
            s.hand.remove(name)
            state.hand_freed = True  # a card played from hand: room for the revealed one
            resized = s.resized_cards.pop(name, None)  # the resized copy is the one played
        before = state.move_bonus + s.permanent_move_bonus
        yield from events.play_card(state, ctx, s, name, resized)
        gained = state.move_bonus + s.permanent_move_bonus - before
        return max(0, left + gained) if gained else None
    yield from crafting.do_craft_action(state, ctx, s, choice)
    return None


def reach_attack(
    state: ZState, ctx: Context, s: Survivor, verb: str, sq: tuple[int, int], left: int
) -> Procedure:
    """A Reach attack (Giants) or a Snipe (a bullet, from 1 square: ZGC-SNIPE-01): one fight."""
    data: ZData = ctx.data
    zs = state.zombies_at(sq)
    spent = None
    snipe = verb == "snipe"
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


def enter(state: ZState, ctx: Context, s: Survivor, target: tuple[int, int], how: str) -> Procedure:
    """Step onto a square (anchor): fight what is there, pick things up, see if you escape."""
    data: ZData = ctx.data
    before = set(squares_of(state, data, s))
    s.loc = [target[0], target[1]]
    new = [sq for sq in squares_of(state, data, s) if sq not in before]
    full = not capacity.fits(state, data, s.size, target, s)
    state.passing = s.name if full else None
    wide = sizes.stats(data, s.size).footprint != (1, 1)
    yield Event(
        f"{s.name} moves to {target[0]},{target[1]}"
        + (
            f" (passing through: {capacity.describe(state, data, s.size, target, s)})"
            if full
            else ""
        ),
        rule=RULE_MOVE + (f" (a full square; {capacity.RULE_CAPACITY})" if full else ""),
        kind="move",
        data={"values": [f"sizes:sizes.{s.size}.footprint"]} if wide else {},
        ids=("ZGC-FIGHT-01",) + (("ZGC-NORM-01", "ZGC-BIG-01") if full else ())
        + (("ZGC-HUGE-01",) if wide else ()),
        assumed=P.joined(P.PASS_THROUGH if full else "", P.HUGE_FOOTPRINT if wide else ""),
    )
    zs = [z for sq in new for z in state.zombies_at(sq)]
    by_square: dict[tuple[int, int], list] = {}
    for z in zs:
        by_square.setdefault(tuple(z.loc), []).append(z)
    for sq, here in sorted(by_square.items()):
        yield Event(
            f"Moving into {sq[0]},{sq[1]} triggers combat with {len(here)} zombie(s)",
            rule=f"{RULE_MOVE} (fight until the Survivor wins or dies)",
            kind="combat",
            ids=("ZGC-FIGHT-02",),
        )
        result = yield from fight(state, ctx, s, here, helpers=helpers_of(state, data, s))
        if result.outcome != "won":
            return True
    yield from arrive(state, ctx, s, new)
    return None


def arrive(state: ZState, ctx: Context, s: Survivor, squares: list[tuple[int, int]]) -> Procedure:
    """Things that happen on arriving: tokens, store parts, the helicopter."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    for sq in squares:
        yield from pick_up_tokens(state, ctx, s, sq)
        tile = tm.tile_of.get(sq)
        if tm.kind.get(sq) == "building" and tile:
            yield from crafting.visit_store(state, ctx, s, tile)
    yield from check_escape(state, ctx, s)


def pick_up_tokens(
    state: ZState, ctx: Context, s: Survivor, sq: tuple[int, int], reached: bool = False
) -> Procedure:
    """Collect heart and bullet counters (hearts go to reserve: Resource Usage).

    A Normal holds at most 2 reserve hearts (ZGC-AMB-12): the rest are lost, or, with the variant
    ``reserve_overflow_stays``, stay on the square."""
    data: ZData = ctx.data
    bag = state.tokens.pop(key(sq), None)
    if not bag:
        return
    hearts, bullets = bag.get("hearts", 0), bag.get("bullets", 0)
    kept = sizes.add_reserve(data, s, hearts)
    s.bullets += bullets
    stays = ctx.variant(RESERVE_OVERFLOW_STAYS)
    if stays and kept < hearts:
        state.tokens[key(sq)] = {"hearts": hearts - kept}
    capped = kept < hearts
    giant = sizes.stats(data, s.size).is_giant
    yield Event(
        f"{s.name} {'grabs' if reached else 'collects'} {hearts} reserve heart(s) "
        f"(kept {kept}"
        + ((", the rest stay" if stays else ", the rest are lost") if capped else "")
        + f") and {bullets} bullet(s) at {sq[0]},{sq[1]}",
        rule=RULE_RES
        + (f" (Reach grabs cost {data.rules['grab_cost']} square)" if reached else "")
        + ("; Giants collect bullets but can't use them" if bullets and giant else ""),
        kind="move",
        data={"hearts": kept, "bullets": bullets},
        ids=("ZGC-RES-01", "ZGC-RES-02")
        + (("ZGC-REACH-01",) if reached else ())
        + (("ZGC-NORM-02", "ZGC-AMB-12") if capped else ())
        + (("ZGC-BIG-04",) if bullets and giant else ()),
        assumed=P.joined(P.TOKENS, (OVERFLOW_STAYS if stays else P.AMB12) if capped else ""),
    )


def move_in(state: ZState, ctx: Context, s: Survivor, sq: tuple[int, int], left: int) -> Procedure:
    """After a successful Reach attack the attacker may move into the square (Big inside pays)."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    st = sizes.stats(data, s.size)
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
        if not anchors:
            return None
        target = anchors[0]
    else:
        if tm.kind.get(sq) not in ("street", "building") or sq == here:
            return None
        if not (st.enters_buildings or tm.kind[sq] == "street"):
            return None
        if not capacity.fits(state, data, s.size, sq, s):
            return None  # no room there (ZGC-NORM-01, ZGC-BIG-01)
        target = sq
        if st.is_giant and st.enters_buildings and tm.kind.get(here) == "building":
            adjacent = abs(sq[0] - here[0]) + abs(sq[1] - here[1]) == 1
            door = adjacent and tm.board.crossing(here, sq) == "door"
            cost = data.rules["reach_moves"][
                "big_inside_door_move_in_cost" if door else "big_inside_move_in_cost"
            ]
            ids += ("ZGC-REACH-04",)
    if cost > left:
        return None
    choice = yield Decision(
        s.name,
        "move_in",
        f"Move into {sq[0]},{sq[1]} (costs {cost})?",
        ["move in", "stay"],
        rule=f"{RULE_REACH} (may move into the attack square upon success)",
        ids=ids,
    )
    if choice == "stay":
        return None
    yield Event(
        f"{s.name} moves into the attacked square for {cost} movement",
        rule=RULE_REACH + (" (a Big Giant inside a building pays more to move in)" if cost else ""),
        kind="move",
        ids=ids,
    )
    yield from enter(state, ctx, s, target, "move in")
    return left - cost

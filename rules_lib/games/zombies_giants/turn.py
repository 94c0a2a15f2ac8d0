"""The sequence of play: Game Start, then each Survivor's five-step turn, round after round."""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import capacity, carrying, crafting, demolish, events, sizes
from .data import ZData
from .fight import fight
from .movement import huge_fits, movement_points, reach_squares, squares_of, step_cost
from .state import PlacedTile, Survivor, ZState, key, unkey
from .town import placement_priority, spawn_squares, town_map
from .zombie_turn import helpers_of, recover, zombie_turn

G = "Zombies!!! Giants-Club"
RULE_TURN = f"{G}: Turn Flow"
RULE_TILE = f"{G}: Step 1 Draw tile"
RULE_MOVE = f"{G}: Step 3 Move/Fight"
RULE_REACH = f"{G}: Reach & Snipe Rules"
RULE_WIN = f"{G}: Win Conditions"
RULE_MALL = f"{G}: Mall Rules"
RULE_RES = f"{G}: Resource Usage"


# -- Game Start --------------------------------------------------------------------------------


def setup(state: ZState, ctx: Context) -> Procedure:
    """Sizes chosen, counters laid out per size, piles and deck shuffled, 3 cards each."""
    data: ZData = ctx.data
    size_section = ctx.variant(sizes.SIZE_SECTION_HEARTS)
    yield Event(
        f"Survivors choose their sizes: {', '.join(f'{s.name} {s.size}' for s in state.survivors)}",
        rule=f"{G}: Zombies!!! Giants-Club Rules (Normal, Big or Huge)",
        kind="phase",
    )
    place_on_start_tile(state, data)
    for s in state.survivors:
        hearts = sizes.start_hearts(data, s.size, size_section)
        s.base_max = sizes.base_max(data, s.size, size_section)
        s.halves = 2 * hearts
        s.bullets = sizes.stats(data, s.size).start_bullets
        s.reserve = 0
        yield Event(
            f"{s.name} ({s.size}) lays out {hearts} hearts and {s.bullets} bullets "
            f"on the {state.tiles[0].name} at {s.loc[0]},{s.loc[1]}",
            rule=f"{G}: Game Start ("
            + (
                "size section: Big 4, Huge 5 hearts, variant size_section_hearts"
                if size_section
                else "Normal 3+3, Big 8+0, Huge 12+0; ZGC-AMB-01 default"
            )
            + ")",
            kind="setup",
            data={"hearts": hearts, "bullets": s.bullets},
        )
    for pile in ("town", "mall"):
        events.shuffle(state.piles[pile], ctx, f"shuffle the {pile} tiles")
    events.shuffle(state.deck, ctx, "shuffle the event deck")
    yield from events.deal_start_hands(state, ctx)
    yield Event(
        "Everyone's counters are laid at the table's edge; the game begins",
        rule=f"{G}: Game Start",
        kind="setup",
    )


def place_on_start_tile(state: ZState, data: ZData) -> None:
    """Everyone enters on the start tile: its centre first, then the nearest square with room."""
    tm = town_map(state, data)
    start = state.tiles[0]
    centre = (start.slot[0] * 3 + 1, start.slot[1] * 3 + 1)
    tile = tm.squares_of(start.name)
    for s in state.survivors:
        s.loc = None
    for s in state.survivors:
        if s.carried_by:
            continue
        spot = capacity.nearest_room(state, data, s, [centre], among=tile)
        if spot is None:  # no room on the start tile itself: the nearest square in town
            spot = capacity.nearest_room(state, data, s, [centre])
        if spot is None:
            raise ValueError(
                f"{s.name} ({s.size}) has no square with room to start on ({capacity.RULE_CAPACITY})"
            )
        s.loc = [spot[0], spot[1]]


# -- the rounds --------------------------------------------------------------------------------


def play(state: ZState, ctx: Context) -> Procedure:
    """The whole game: Game Start, then rounds of Survivor turns until nobody is left in play."""
    data: ZData = ctx.data
    if state.phase == "Set-Up":
        yield from setup(state, ctx)
        state.phase = "Round"
    while state.result is None:
        state.step = ""
        yield Event(f"Round {state.turn}", rule=RULE_TURN, kind="turn")
        for i, s in enumerate(state.survivors):
            if not s.in_play:
                continue
            state.active = i
            yield from survivor_turn(state, ctx, s)
            if finish_if_over(state):
                yield Event(f"The game ends: {state.result}", rule=RULE_WIN, kind="result")
                return
        if state.turn >= data.rules["game"]["max_turns"]:
            state.result = "out of time"
            yield Event(
                f"Round limit {state.turn} reached: out of time",
                rule=f"{G}: (assumed round limit, game.max_turns)",
                kind="result",
            )
            return
        state.turn += 1


def finish_if_over(state: ZState) -> bool:
    """Nobody left in play: the result is how the Survivors ended (escaped / died / 25 kills)."""
    if any(s.in_play for s in state.survivors):
        return False
    words = {"escaped": "escaped", "dead": "died", "survived": "25 kills"}
    outcomes = sorted({words[s.status] for s in state.survivors})
    state.result = (
        outcomes[0]
        if len(outcomes) == 1
        else "mixed: " + ", ".join(f"{s.name} {words[s.status]}" for s in state.survivors)
    )
    return True


def survivor_turn(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """One player's turn: the five steps in order."""
    state.phase = s.name
    state.step = ""
    state.move_bonus = 0
    state.halve_move = False
    yield Event(
        f"{s.name}'s turn ({s.size}, {s.halves / 2:g} hearts, {s.reserve} reserve, "
        f"{s.bullets} bullets)",
        rule=f"{RULE_TURN} (Steps 1-5)",
        kind="phase",
    )
    state.step = "Step 1: Draw tile"
    yield Event(state.step, rule=RULE_TILE, kind="step")
    yield from draw_tile(state, ctx, s)
    state.step = "Step 2: Event card"
    yield Event(
        state.step,
        rule=f"{G}: Step 2 Event Card (once per round; ZGC-AMB-11: each "
        "player draws in their own turn)",
        kind="step",
    )
    yield from events.event_step(state, ctx, s)
    state.step = "Step 3: Move/Fight"
    yield Event(state.step, rule=RULE_MOVE, kind="step")
    if s.in_play:
        yield from move_fight(state, ctx, s)
    if s.in_play:
        state.step = "Step 4: Zombie turn"
        yield Event(state.step, rule=f"{G}: Step 4 Zombie turn", kind="step")
        yield from zombie_turn(state, ctx, s)
    state.step = "Step 5: Discard chance"
    yield Event(state.step, rule=f"{G}: Step 5 Discard chance", kind="step")
    yield from events.discard_step(state, ctx, s)
    healed = recover(state)
    if healed:
        yield Event(
            f"{healed} wounded zombie(s) recover all their HP",
            rule=f"{G}: Zombies and Combat (not defeated by the end of the turn)",
            kind="info",
        )
    if s.in_play:
        s.turns_survived += 1
    yield from check_kills_win(state, ctx)


# -- Step 1 ------------------------------------------------------------------------------------


def draw_tile(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """Draw from the pile of the area the Survivor is in and place it by Step 1's order."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    mine = squares_of(state, data, s)
    pile = "mall" if tm.area.get(mine[0]) == "mall" else "town"
    if not state.piles[pile]:
        yield Event(f"The {pile} pile is empty", rule=RULE_TILE, kind="tile")
        return
    name = state.piles[pile].pop(0)
    why, options = placement_priority(state, data, name, mine)
    if not options:
        if state.piles[pile]:
            state.piles[pile].append(name)
            special = data.tiles[name].needs_floor is not None
            yield Event(
                f"{name} has no legal place now: it goes under the {pile} pile",
                rule=(f"{RULE_MALL} (Helipad beyond the Escalator)" if special else RULE_TILE)
                + " (assumed: a tile with no legal place goes back under its pile)",
                kind="tile",
            )
        else:
            state.set_aside.append(name)
            yield Event(
                f"{name} has no legal place: set aside",
                rule=f"{RULE_TILE} (assumed: a tile with no legal place is set aside)",
                kind="tile",
            )
        return
    labels = [p.label for p in options]
    choice = labels[0]
    if len(labels) > 1:
        choice = yield Decision(
            s.name,
            "place_tile",
            f"Place {name} ({why})",
            labels,
            rule=f"{RULE_TILE} ({why}; rotated for as many exits as possible)",
        )
    p = options[labels.index(choice)]
    state.tiles.append(PlacedTile(name, list(p.slot), p.rotation, p.floor))
    placed = populate(state, data, name)
    yield Event(
        f"{s.name} draws {name} from the {pile} pile and places it at {p.label} "
        f"({why}, {p.open_exits} exits open"
        + (", second floor" if p.floor == 2 else "")
        + f"): {placed}",
        rule=f"{RULE_TILE} (draw from the {pile.title()} pile; {why}; rotated for most exits)",
        kind="tile",
        data={"tile": name, "slot": list(p.slot), "rotation": p.rotation},
    )


def populate(state: ZState, data: ZData, name: str) -> str:
    """Put a new tile's zombies and tokens on it (assumed counts in town.yaml)."""
    from .events import add_zombie

    spec = data.tiles[name]
    tm = town_map(state, data)
    spots = spawn_squares(tm, name)
    cap = data.rules["combat"]["max_zombies_per_square"]
    n = 0
    if spots:
        i = 0
        while n < spec.zombies and state.zombie_pool > 0 and i < cap * len(spots):
            sq = spots[i % len(spots)]
            if len(state.zombies_at(sq)) < cap:
                add_zombie(state, sq)
                n += 1
            i += 1
        for j, kind in enumerate(["hearts"] * spec.hearts + ["bullets"] * spec.bullets):
            sq = spots[j % len(spots)]
            bag = state.tokens.setdefault(key(sq), {})
            bag[kind] = bag.get(kind, 0) + 1
    return f"{n} zombie(s), {spec.hearts} heart(s), {spec.bullets} bullet(s)"


# -- Step 3 ------------------------------------------------------------------------------------


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
            rule=f"{G}: Giants and Carrying (move off onto a square with room: "
            f"{capacity.RULE_CAPACITY})",
        )
        if off == "stay":
            yield Event(
                f"{s.name} rides on {giant.name}", rule=f"{G}: Giants and Carrying", kind="move"
            )
            return
        giant.carrying.remove(s.name)
        s.carried_by = None
        s.loc = list(unkey(off[len("move off to ") :]))
        yield Event(
            f"{s.name} moves off {giant.name} onto {s.loc[0]},{s.loc[1]}",
            rule=f"{G}: Giants and Carrying (move off during their turn; assumed: onto a square "
            f"under or next to the Giant with room, {capacity.RULE_CAPACITY})",
            kind="move",
        )
    res = sizes.movement_dice(data, s.size).roll(ctx.dice, f"movement {s.name}")
    bonus = state.move_bonus + s.permanent_move_bonus
    points = movement_points(st.min_speed_is_hearts, s.hearts, res.value, bonus, state.halve_move)
    yield Event(
        f"{s.name} rolls {st.movement_dice}d6 {list(res.faces)} = {res.value} for movement"
        + (f", at least {s.hearts} (hearts)" if st.min_speed_is_hearts else "")
        + (f", {bonus:+d} from cards" if bonus else "")
        + (", halved" if state.halve_move else "")
        + f": {points} squares",
        rule=RULE_MOVE
        + (
            " (Normal: minimum speed = hearts, ZGC-AMB-18: health hearts)"
            if st.min_speed_is_hearts
            else ""
        ),
        kind="roll",
        data={"roll": res.value, "points": points},
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
        for a in tm.board.piece_neighbors(here, *st.footprint):
            if huge_fits(tm, data, a) and left >= 1 and capacity.can_pass(state, data, s, a, left - 1):
                o = f"move {a[0]},{a[1]}"
                opts.append(o)
                costs[o] = 1
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
        if snipe and s.bullets > 0 and sizes.uses_bullets(data, s):
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
        for tile in demolish.demolishable(state, data, s):
            tries = data.rules["combat"]["demolish_tries_per_turn"]
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
        sq = unkey(rest)
        zs = state.zombies_at(sq)
        spent = None
        if verb == "snipe":
            s.bullets -= 1
            spent = s
        yield Event(
            f"{s.name} {'snipes at' if verb == 'snipe' else 'reaches for'} "
            f"{len(zs)} zombie(s) at {rest}",
            rule=RULE_REACH
            + (
                " (spend a bullet; +2; no heart loss on a miss)"
                if verb == "snipe"
                else " (a Reach attack costs 1 square)"
            ),
            kind="combat",
        )
        result = yield from fight(
            state,
            ctx,
            s,
            zs,
            mode="snipe" if spent else "reach",
            helpers=helpers_of(state, data, s),
            sniper_spent=spent,
        )
        if result.outcome == "won" and s.in_play:
            return (yield from move_in(state, ctx, s, sq, left))
        return None
    if verb == "grab" and rest.startswith("parts "):
        store = rest[len("parts ") :]
        yield Event(
            f"{s.name} reaches into the {store} for parts",
            rule=f"{RULE_REACH} (Giants reach into buildings to grab resources)",
            kind="move",
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
            f"{s.name} picks up {name}",
            rule=f"{G}: Giants and Carrying (within Reach, 1 movement)",
            kind="move",
        )
        return None
    if verb == "set":
        name, _, where = rest[len("down ") :].partition(" at ")
        other = state.survivor(name)
        s.carrying.remove(name)
        other.carried_by = None
        other.loc = list(unkey(where))
        yield Event(
            f"{s.name} sets {name} down at {where}",
            rule=f"{G}: Giants and Carrying (within Reach, 1 movement)",
            kind="move",
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
        )
        return None
    if verb == "vent":
        yield Event(
            f"{s.name} crawls through the air-vent to {rest}: movement ends",
            rule=f"{RULE_MALL} (Normal Survivors warp via vents; ends movement)",
            kind="move",
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
            resized = s.resized_cards.pop(name, None)  # the resized copy is the one played
        before = state.move_bonus + s.permanent_move_bonus
        yield from events.play_card(state, ctx, s, name, resized)
        gained = state.move_bonus + s.permanent_move_bonus - before
        return max(0, left + gained) if gained else None
    yield from crafting.do_craft_action(state, ctx, s, choice)
    return None


def enter(state: ZState, ctx: Context, s: Survivor, target: tuple[int, int], how: str) -> Procedure:
    """Step onto a square (anchor): fight what is there, pick things up, see if you escape."""
    data: ZData = ctx.data
    before = set(squares_of(state, data, s))
    s.loc = [target[0], target[1]]
    new = [sq for sq in squares_of(state, data, s) if sq not in before]
    full = not capacity.fits(state, data, s.size, target, s)
    state.passing = s.name if full else None
    yield Event(
        f"{s.name} moves to {target[0]},{target[1]}"
        + (
            f" (passing through: {capacity.describe(state, data, s.size, target, s)})"
            if full
            else ""
        ),
        rule=RULE_MOVE + (f" (a full square: pass through, not end; {capacity.RULE_CAPACITY})"
                          if full else ""),
        kind="move",
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
    """Collect heart and bullet counters (hearts go to reserve: Resource Usage)."""
    data: ZData = ctx.data
    bag = state.tokens.pop(key(sq), None)
    if not bag:
        return
    hearts, bullets = bag.get("hearts", 0), bag.get("bullets", 0)
    kept = sizes.add_reserve(data, s, hearts)
    s.bullets += bullets
    yield Event(
        f"{s.name} {'grabs' if reached else 'collects'} {hearts} reserve heart(s) "
        f"(kept {kept}) and {bullets} bullet(s) at {sq[0]},{sq[1]}",
        rule=RULE_RES
        + (" (Reach grabs cost 1 square)" if reached else "")
        + (
            "; Giants collect bullets but can't use them"
            if bullets and sizes.stats(data, s.size).is_giant
            else ""
        ),
        kind="move",
        data={"hearts": kept, "bullets": bullets},
    )


def move_in(state: ZState, ctx: Context, s: Survivor, sq: tuple[int, int], left: int) -> Procedure:
    """After a successful Reach attack the attacker may move into the square (Big inside pays)."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    st = sizes.stats(data, s.size)
    here = tuple(s.loc)
    cost = data.rules["reach_moves"]["move_in_cost"]
    if st.footprint != (1, 1):
        anchors = [
            a
            for a in ((sq[0], sq[1]), (sq[0] - 1, sq[1]))
            if huge_fits(tm, data, a) and capacity.fits(state, data, s.size, a, s)
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
        if s.size == "Big" and tm.kind.get(here) == "building":
            adjacent = abs(sq[0] - here[0]) + abs(sq[1] - here[1]) == 1
            door = adjacent and tm.board.crossing(here, sq) == "door"
            cost = data.rules["reach_moves"][
                "big_inside_door_move_in_cost" if door else "big_inside_move_in_cost"
            ]
    if cost > left:
        return None
    choice = yield Decision(
        s.name,
        "move_in",
        f"Move into {sq[0]},{sq[1]} (costs {cost})?",
        ["move in", "stay"],
        rule=f"{RULE_REACH} (may move into the attack square upon success)",
    )
    if choice == "stay":
        return None
    yield Event(
        f"{s.name} moves into the attacked square for {cost} movement",
        rule=RULE_REACH
        + (" (a Big Giant inside a building pays 1 more, 2 through a doorway)" if cost else ""),
        kind="move",
    )
    yield from enter(state, ctx, s, target, "move in")
    return left - cost


# -- Win Conditions ----------------------------------------------------------------------------


def check_escape(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """A Normal Survivor on the Helipad escapes unless a zombie is on the centre square."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    if s.carried_by or s.loc is None or tm.helicopter is None:
        return
    on_pad = any(tm.tile_of.get(sq) == "Helipad" for sq in squares_of(state, data, s))
    if not on_pad:
        return
    if s.size != "Normal":
        yield Event(
            f"{s.name} is {s.size}: Giants must shrink to Normal size to board the helicopter",
            rule=f"{RULE_WIN} (Giants only escape when shrunk)",
            kind="info",
        )
        return
    if state.zombies_at(tm.helicopter):
        yield Event(
            "A zombie stands on the helicopter's centre square: no escape yet",
            rule=RULE_WIN,
            kind="info",
        )
        return
    s.status = "escaped"
    for name in s.carrying:
        state.survivor(name).carried_by = None
    yield Event(
        f"{s.name} escapes by helicopter!",
        rule=f"{RULE_WIN} (no zombie on the centre square)",
        kind="result",
    )


def check_kills_win(state: ZState, ctx: Context) -> Procedure:
    """A Giant who can no longer shrink survives by killing 25 zombies (ZGC-AMB-17: whole game)."""
    data: ZData = ctx.data
    need = data.rules["win"]["kills_to_survive"]
    for s in state.survivors:
        if (
            s.in_play
            and sizes.stats(data, s.size).is_giant
            and s.kills >= need
            and not crafting.shrink_left(state, data, s)
        ):
            s.status = "survived"
            yield Event(
                f"{s.name} has killed {s.kills} zombies with no shrinking item left: survives",
                rule=f"{RULE_WIN} (kill 25 zombies to survive)",
                kind="result",
            )

"""Step 3, Move/Fight: roll movement, then act (move, fight, reach, snipe, grab, carry, craft, play
cards) until stopping.

Each action costs the movement the text gives it (a square 1, a Big Giant's building square 2 and
doorway 3, a Reach attack or grab 1, picking up or setting down a Survivor 1); what the text leaves
open is assumed data (a vent's cost, a demolition check's cost) and the events applying it say so.
The actions are typed (``actions.py``); a Decision offers them as text, ``str(action)``.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import capacity, carrying, crafting, demolish, events, sizes
from . import provenance as P
from .actions import (
    Action,
    CraftAction,
    Demolish,
    GiveBullet,
    GiveReserve,
    Grab,
    GrabParts,
    Move,
    PickUp,
    Play,
    Reach,
    SetDown,
    Snipe,
    Stop,
    UseReserve,
    Vent,
)
from .data import SizeStats, ZData
from .entering import enter
from .figures import Square, huge_fits, squares_of, steps_from
from .movement import movement_points, speed_hearts
from .reach import grab_parts, reach_attack, reach_options
from .resources import give, pick_up_tokens, resource_options, use_reserve
from .state import Survivor, ZState
from .town import TownMap, town_map
from .variants import MIN_SPEED_COUNTS_RESERVE
from .win import check_escape

G = "Zombies!!! Giants-Club"
RULE_MOVE = f"{G}: Step 3 Move/Fight"
RULE_MALL = f"{G}: Mall Rules"
SPEED_RESERVE = P.variant(MIN_SPEED_COUNTS_RESERVE, "ZGC-AMB-18", "reserve hearts count too")
MOVE_IDS = {"Normal": ("ZGC-FIGHT-01", "ZGC-NORM-03", "ZGC-AMB-18"),
            "Big": ("ZGC-FIGHT-01", "ZGC-BIG-05"), "Huge": ("ZGC-FIGHT-01", "ZGC-HUGE-07")}

#: An action and the movement it costs (None: it costs none).
Priced = tuple[Action, int | None]


def move_fight(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """Roll movement, then act square by square until stopping (a rider may stay on its Giant)."""
    data: ZData = ctx.data
    if s.carried_by:
        stays = yield from carrying.ride_or_move_off(state, ctx, s)
        if stays:
            return
    left = yield from roll_movement(state, ctx, s)
    tried: list[Action] = []  # actions limited per turn (demolition checks)
    while s.in_play:
        priced = legal_actions(state, data, s, left, tried)
        options = [str(a) for a, _ in priced]
        if options == ["stop"]:
            break
        costs = {o: c for o, (_, c) in zip(options, priced) if c is not None}
        choice = yield Decision(
            s.name,
            "move",
            f"{left} square{'' if left == 1 else 's'} of movement left",
            options,
            rule=RULE_MOVE,
            data={"left": left, "costs": costs},
            ids=("ZGC-FIGHT-01",),
        )
        action = priced[options.index(choice)][0]
        if isinstance(action, Stop):
            break
        left -= costs.get(choice, 0)
        ended = yield from do_action(state, ctx, s, action, left, tried)
        if ended is True or s.status == "escaped":
            break
        if isinstance(ended, int):
            left = ended
    state.passing = None
    if s.in_play:  # ending the move on the Helipad (perhaps after clearing the centre)
        yield from check_escape(state, ctx, s)


def roll_movement(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """The size's movement dice (a Normal: at least its hearts), with this turn's card changes.
    Returns the squares of movement."""
    data: ZData = ctx.data
    st = sizes.stats(data, s.size)
    res = sizes.movement_dice(data, s.size).roll(ctx.dice, f"movement {s.name}")
    every_turn, this_turn = s.permanent_move_bonus, state.move_bonus
    bonus = this_turn + every_turn
    counts_reserve = ctx.variant(MIN_SPEED_COUNTS_RESERVE)
    least = speed_hearts(s, counts_reserve)
    points = movement_points(st.min_speed_is_hearts, least, res.value, bonus, state.move_divisor)
    by_cards = bool(every_turn or this_turn) or state.move_divisor > 1
    yield Event(  # each card change named apart: a +2 every turn and a -2 this turn both show
        f"{s.name} rolls {st.movement_dice}d6 {list(res.faces)} = {res.value} for movement"
        + (f", at least {least} (hearts)" if st.min_speed_is_hearts else "")
        + (f", {every_turn:+d} every turn (a card in play)" if every_turn else "")
        + (f", {this_turn:+d} this turn (cards)" if this_turn else "")
        + (f", divided by {state.move_divisor}" if state.move_divisor > 1 else "")
        + f": {points} square{'' if points == 1 else 's'}",
        rule=RULE_MOVE + (" (Normal: minimum speed equal to your hearts)"
                          if st.min_speed_is_hearts else ""),
        kind="roll",
        data={"roll": res.value, "points": points, "every_turn": every_turn,
              "this_turn": this_turn, "divisor": state.move_divisor},
        ids=MOVE_IDS.get(s.size, ("ZGC-FIGHT-01",)),
        assumed=P.joined(
            (SPEED_RESERVE if counts_reserve else P.AMB18) if st.min_speed_is_hearts else "",
            P.DECK if by_cards else "",
        ),
    )
    return points


# -- what a Survivor may do now ------------------------------------------------------------------


def legal_actions(
    state: ZState, data: ZData, s: Survivor, left: int, tried: list[Action]
) -> list[Priced]:
    """Every legal action now with its movement cost, 'stop' first. A Survivor passing through a
    full square must move on: no stop, and nothing else but moving."""
    if s.carried_by:
        return [(Stop(), None)]
    tm = town_map(state, data)
    st = sizes.stats(data, s.size)
    here = (s.loc[0], s.loc[1])
    taken = capacity.occupancy(state, data, s)
    moves = move_options(state, data, tm, s, st, left, taken)
    if not capacity.fits(state, data, s.size, here, s, taken):
        return moves  # passing through a full square: keep moving, no stop
    rules = data.rules
    out: list[Priced] = [(Stop(), None), *moves]
    out += reach_options(state, data, tm, s, st, squares_of(state, data, s), left)
    if left >= rules["carrying"]["pick_up_cost"]:
        out += [(a, rules["carrying"]["pick_up_cost"])
                for a in carrying.pickup_options(state, data, s)]
    if left >= rules["carrying"]["set_down_cost"]:
        out += [(a, rules["carrying"]["set_down_cost"])
                for a in carrying.setdown_options(state, data, s)]
    if st.can_use_vents and here in tm.vents and left >= rules["vent_cost"]:
        out += [(Vent(v), rules["vent_cost"]) for v in tm.vents
                if v != here and capacity.fits(state, data, s.size, v, s, taken)]
    if left >= rules["combat"]["demolish_cost"]:
        tries = rules["combat"]["demolish_tries_per_turn"]
        out += [(Demolish(tile), rules["combat"]["demolish_cost"])
                for tile in demolish.demolishable(state, data, s)
                if list(tried).count(Demolish(tile)) < tries]
    out += [(a, None) for a in resource_options(state, data, s)]
    cards = sorted(set(s.hand)) + ([state.revealed] if state.revealed else [])
    out += [(Play(name), None) for name in cards
            if events.can_play(state, data, s, data.cards[name])]
    out += [(a, None) for a in crafting.craft_options(state, data, s)]
    return out


def move_options(state: ZState, data: ZData, tm: TownMap, s: Survivor, st: SizeStats,
                 left: int, taken: dict[Square, int]) -> list[Priced]:
    """Steps to a neighbouring square (a wide figure: its anchor) the movement left pays for; a
    full square may be passed through, not ended on (ZGC-NORM-01, ZGC-BIG-01). ``taken``: the
    room the other Survivors take (``capacity.occupancy``)."""
    here = (s.loc[0], s.loc[1])
    out: list[Priced] = []
    if st.footprint == (1, 1):
        cap, units = data.room_units
        part = units[s.size]
        for nb, c in steps_from(tm, data, s.size, here):
            # room there (``capacity.fits``, written out), else perhaps room further on
            if c <= left and (taken.get(nb, 0) + part <= cap
                              or capacity.can_pass(state, data, s, nb, left - c, taken)):
                out.append((Move(nb), c))
        return out
    c = data.rules["movement"]["square_cost"]
    for a in tm.piece_neighbors(here, *st.footprint):
        if (huge_fits(tm, data, a) and left >= c
                and capacity.can_pass(state, data, s, a, left - c, taken)):
            out.append((Move(a), c))
    return out


def step_options(
    state: ZState, data: ZData, s: Survivor, left: int, tried: list[Action]
) -> tuple[list[str], dict[str, int]]:
    """The options a Step 3 Decision offers now (``legal_actions`` as text) and their costs."""
    priced = legal_actions(state, data, s, left, tried)
    options = [str(a) for a, _ in priced]
    return options, {o: c for o, (_, c) in zip(options, priced) if c is not None}


# -- doing it ------------------------------------------------------------------------------------


def do_action(
    state: ZState, ctx: Context, s: Survivor, action: Action, left: int, tried: list[Action]
) -> Procedure:
    """Carry out one Step 3 action (its cost already paid); returns True when movement ends, the
    movement left when the action changed it, else None."""
    data: ZData = ctx.data
    if isinstance(action, Move):
        return (yield from enter(state, ctx, s, action.to, "move"))
    if isinstance(action, (Reach, Snipe)):
        return (yield from reach_attack(state, ctx, s, action, left))
    if isinstance(action, GrabParts):
        yield from grab_parts(state, ctx, s, action.store)
    elif isinstance(action, Grab):
        yield from pick_up_tokens(state, ctx, s, action.at, reached=True)
    elif isinstance(action, PickUp):
        yield from carrying.pick_up(state, data, s, action)
    elif isinstance(action, SetDown):
        yield from carrying.set_down(state, ctx, s, action)
    elif isinstance(action, UseReserve):
        yield from use_reserve(s)
    elif isinstance(action, (GiveBullet, GiveReserve)):
        yield from give(state, data, s, action)
    elif isinstance(action, Vent):
        yield from vent(state, ctx, s, action.to)
        return True
    elif isinstance(action, Demolish):
        tried.append(action)
        yield from demolish.demolish_check(state, ctx, s, action.tile)
    elif isinstance(action, Play):
        return (yield from play(state, ctx, s, action.card, left))
    elif isinstance(action, CraftAction):
        yield from crafting.do_craft_action(state, ctx, s, action)
    else:
        raise TypeError(f"{s.name}: {action!r} is not a Step 3 action")
    return None


def vent(state: ZState, ctx: Context, s: Survivor, to: Square) -> Procedure:
    """A Normal Survivor warps through the Mall's air-vents to another vent; movement ends."""
    data: ZData = ctx.data
    yield Event(
        f"{s.name} crawls through the air-vent to {to[0]},{to[1]} ({data.rules['vent_cost']} "
        "square): movement ends",
        rule=f"{RULE_MALL} (Normal Survivors warp via vents; ends movement)",
        kind="move",
        data={"values": ["rules:vent_cost"]},
        ids=("ZGC-MALL-01", "ZGC-MF-06"),
        assumed=P.VENT_COST,
    )
    yield from enter(state, ctx, s, to, "vent")


def play(state: ZState, ctx: Context, s: Survivor, name: str, left: int) -> Procedure:
    """Play a card from hand (its resized copy, if a Size-Ray resized it) or the revealed card on
    top of the deck. Returns the movement left when the card changed it, else None."""
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

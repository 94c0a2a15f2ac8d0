"""The event deck: shuffling, Game Start hands, Step 2 draws, and what each (assumed) card does."""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import sizes
from .data import Card, ZData
from .movement import reach_squares, squares_of
from .state import Survivor, Weapon, Zombie, ZState
from .town import town_map

RULE_EVT = "Zombies!!! Giants-Club: Step 2 Event Card"
RULE_START = "Zombies!!! Giants-Club: Game Start"
RULE_CARDS = "Zombies!!! Giants-Club: Card specific"
RULE_RAY_ITEM = (
    "Zombies!!! Giants-Club: Size Ray (resizes weapons so Giants can wield them; "
    "table: shrink/enlarge a Survivor/Item to any size)"
)


def shuffle(items: list, ctx: Context, purpose: str) -> None:
    """Fisher-Yates shuffle in place, every swap rolled through the game's dice."""
    for i in range(len(items) - 1, 0, -1):
        j = ctx.dice.roll(i + 1, purpose) - 1
        items[i], items[j] = items[j], items[i]


def full_deck(data: ZData) -> list[str]:
    """Every card of the deck, by count, in data order (shuffle before use)."""
    return [c.name for c in data.cards.values() for _ in range(c.count)]


def draw(state: ZState, ctx: Context) -> str | None:
    """Top card; the discard pile is shuffled into a new deck when the deck runs out (assumed)."""
    if not state.deck and state.discard:
        state.deck, state.discard = state.discard, []
        shuffle(state.deck, ctx, "reshuffle the event deck")
    return state.deck.pop(0) if state.deck else None


def deal_start_hands(state: ZState, ctx: Context) -> Procedure:
    """Game Start: everyone draws 3 cards; Negative Events go back and the deck is shuffled."""
    data: ZData = ctx.data
    returned = []
    for s in state.survivors:
        for _ in range(data.rules["game"]["start_cards"]):
            card = draw(state, ctx)
            if card is None:
                break
            if data.cards[card].kind == "negative":
                returned.append(card)
            else:
                s.hand.append(card)
        yield Event(
            f"{s.name} draws 3 cards and keeps {', '.join(s.hand) or 'none'}",
            rule=f"{RULE_START} (negative events are shuffled back)",
            kind="setup",
        )
    state.deck.extend(returned)
    shuffle(state.deck, ctx, "shuffle negative events back into the deck")
    if returned:
        yield Event(
            f"{len(returned)} Negative Event card(s) shuffled back into the deck: "
            f"{', '.join(returned)}",
            rule=RULE_START,
            kind="setup",
        )


def card_fits(data: ZData, size: str, card: Card, resized: str | None = None) -> bool:
    """Can a Survivor of this size wield this Item/Weapon: as printed (Card specific,
    ZGC-AMB-09), or because a Size-Ray resized it to exactly that size (ZGC-RAY-05, ZGC-RAY-07)?"""
    if resized is not None:
        return resized == size
    if not card.usable(size):
        return False
    return sizes.stats(data, size).can_use_cards or bool(card.usable_by.get(size))


def can_play(state: ZState, data: ZData, surv: Survivor, card: Card) -> bool:
    """Whether this Survivor may play the card now (size limits, buildings it relies on)."""
    if card.kind in ("item", "weapon"):
        if not card_fits(data, surv.size, card, surv.resized_cards.get(card.name)):
            return False
    if card.requires_building:
        if card.requires_building in state.demolished:
            return False
        return inside_or_reaching(state, data, surv, card.requires_building)
    if card.effect == "kill_square":
        return bool(grenade_targets(state, data, surv))
    if card.effect == "heal_full":
        return surv.halves < 2 * sizes.max_hearts(data, surv)
    return True


def inside_or_reaching(state: ZState, data: ZData, surv: Survivor, building: str) -> bool:
    """'In' a building: standing in it, or a Giant reaching in from outside (ZGC-CARRY-06)."""
    tm = town_map(state, data)
    inside = set(tm.building_squares(building))
    if not inside:
        return False
    mine = squares_of(state, data, surv)
    if inside & set(mine):
        return True
    reach = sizes.stats(data, surv.size).reach
    return bool(reach and inside & reach_squares(tm, data, surv.size, mine, reach))


def grenade_targets(state: ZState, data: ZData, surv: Survivor) -> list[tuple[int, int]]:
    """Squares with zombies a throwable weapon reaches: 1 square, plus the thrower's Reach."""
    tm = town_map(state, data)
    mine = squares_of(state, data, surv)
    rng = 1 + sizes.stats(data, surv.size).reach
    near = reach_squares(tm, data, surv.size, mine, rng) | set(mine)
    return sorted({tuple(z.loc) for z in state.zombies if tuple(z.loc) in near})


def play_card(
    state: ZState, ctx: Context, surv: Survivor, name: str, resized: str | None = None
) -> Procedure:
    """Apply a card's effect for the Survivor who plays it (or whom a negative event targets).

    ``resized``: the size a Size-Ray made this Item/Weapon card for (ZGC-RAY-07).
    """
    data: ZData = ctx.data
    card = data.cards[name]
    rule = RULE_EVT if card.kind in ("negative", "positive") else RULE_CARDS
    if resized is not None:
        rule = f"{RULE_RAY_ITEM}, played as a {resized}-sized card"
    kept = False
    if card.effect == "lose_bullets":
        lost = min(card.amount, surv.bullets)
        surv.bullets -= lost
        msg = f"{surv.name} loses {lost} bullet(s)"
    elif card.effect == "halve_movement":
        state.halve_move = True
        msg = f"{surv.name}'s movement is halved this turn"
    elif card.effect == "spawn_zombies":
        placed = spawn_near(state, ctx, surv, card.amount)
        msg = f"{placed} zombie(s) appear next to {surv.name}"
    elif card.effect == "move_bonus":
        state.move_bonus += card.amount
        msg = f"{surv.name}'s movement this turn changes by {card.amount:+d}"
    elif card.effect == "gain_bullets":
        surv.bullets += card.amount
        msg = f"{surv.name} gains {card.amount} bullets ({surv.bullets})"
    elif card.effect == "gain_reserve":
        got = sizes.add_reserve(data, surv, card.amount)
        msg = f"{surv.name} gains {got} reserve heart(s) ({surv.reserve})"
    elif card.effect == "combat_bonus":
        giant = sizes.stats(data, surv.size).is_giant
        uses = card.giant_durability if giant and resized is None else None
        surv.weapons.append(Weapon(name, uses, resized))
        kept = True
        msg = f"{surv.name} readies {name}: +{card.amount} on combat checks" + (
            f" for {uses} fights (a Giant's weapon with durability)" if uses else ""
        )
    elif card.effect == "permanent_move_bonus":
        surv.permanent_move_bonus += card.amount
        kept = True
        msg = f"{surv.name} uses {name}: +{card.amount} movement every turn"
    elif card.effect == "heal_full":
        gain, _ = sizes.heal(data, surv, sizes.max_hearts(data, surv))
        msg = f"{surv.name} heals {gain / 2:g} hearts with {name}"
        rule = f"{RULE_CARDS} (Giants must reach inside a {card.requires_building})"
    elif card.effect == "kill_square":
        targets = grenade_targets(state, data, surv)
        where = targets[0]
        if len(targets) > 1:
            label = yield Decision(
                surv.name,
                "grenade",
                f"Throw {name} at which square?",
                [f"{x},{y}" for x, y in targets],
                rule=rule,
            )
            where = tuple(int(v) for v in label.split(","))
        dead = state.zombies_at(where)
        for z in dead:
            state.zombies.remove(z)
        state.zombie_pool += len(dead)
        surv.kills += len(dead)
        msg = f"{surv.name} throws {name} at {where[0]},{where[1]}: {len(dead)} zombie(s) die"
        rule = f"{RULE_CARDS} (throwable: Giants can use it)"
    else:  # pragma: no cover - data validation rejects unknown effects
        raise ValueError(f"card {name!r}: unknown effect {card.effect!r}")
    if not kept:
        state.discard.append(name)
    yield Event(f"{name}: {msg}", rule=rule, kind="card", data={"card": name})


def spawn_near(state: ZState, ctx: Context, surv: Survivor, n: int) -> int:
    """Place up to n zombies on open squares next to the Survivor (2 per square at most)."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    cap = data.rules["combat"]["max_zombies_per_square"]
    mine = squares_of(state, data, surv)
    spots = []
    for sq in mine:
        for nb in tm.board.neighbors(sq):
            if nb not in mine and tm.kind[nb] != "out" and tm.board.crossing(sq, nb) != "wall":
                spots.append(nb)
    placed = 0
    for sq in sorted(set(spots)):
        while placed < n and state.zombie_pool > 0 and len(state.zombies_at(sq)) < cap:
            add_zombie(state, sq)
            placed += 1
    return placed


def add_zombie(state: ZState, sq: tuple[int, int]) -> None:
    """Put a zombie figure from the pool on a square."""
    state.zombies.append(Zombie(state.next_zombie, [sq[0], sq[1]]))
    state.next_zombie += 1
    state.zombie_pool -= 1


def event_step(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """Step 2: draw one Event card; negative ones play at once, others wait on top of the deck."""
    data: ZData = ctx.data
    card = draw(state, ctx)
    if card is None:
        yield Event("The event deck is empty", rule=RULE_EVT, kind="card")
        return
    c = data.cards[card]
    if c.kind == "negative":
        yield Event(
            f"{surv.name} draws {card}, a Negative Event: it is played on them",
            rule=f"{RULE_EVT} (negative events are played automatically)",
            kind="card",
        )
        yield from play_card(state, ctx, surv, card)
        return
    state.revealed = card
    yield Event(
        f"{surv.name} draws {card} ({c.kind}): it waits on top of the deck",
        rule=f"{RULE_EVT} (positive/weapon/item cards go on top of the deck)",
        kind="card",
    )


def discard_step(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """Step 5: discard up to one card, take the revealed card or shuffle it back."""
    data: ZData = ctx.data
    rule = "Zombies!!! Giants-Club: Step 5 Discard chance"
    if surv.hand:
        choice = yield Decision(
            surv.name, "discard", "Discard a card?", ["none"] + sorted(set(surv.hand)), rule=rule
        )
        if choice != "none":
            surv.hand.remove(choice)
            if choice not in surv.hand:  # a resized copy goes with the last copy (assumed)
                surv.resized_cards.pop(choice, None)
            state.discard.append(choice)
            yield Event(f"{surv.name} discards {choice}", rule=rule, kind="card")
    if state.revealed is not None:
        card = state.revealed
        state.revealed = None
        if surv.in_play and len(surv.hand) < data.rules["game"]["hand_size"]:
            take = yield Decision(
                surv.name, "take_card", f"Take {card} into your hand?", ["take", "leave"], rule=rule
            )
            if take == "take":
                surv.hand.append(card)
                yield Event(f"{surv.name} takes {card} into hand", rule=rule, kind="card")
                return
        state.deck.append(card)
        shuffle(state.deck, ctx, "shuffle an unused positive card back")
        yield Event(
            f"{card} was not used: it is shuffled back into the deck",
            rule=f"{RULE_EVT} (an unused positive card is shuffled back)",
            kind="card",
        )

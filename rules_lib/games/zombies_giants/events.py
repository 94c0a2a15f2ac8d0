"""The event deck: shuffling, Game Start hands, Step 2 draws, and what each (assumed) card does."""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure
from rules_lib.core.words import count

from . import provenance as P
from . import sizes
from .data import Card, ZData
from .figures import squares_of
from .movement import reach_squares
from .state import Survivor, Weapon, Zombie, ZState
from .town import town_map
from .variants import (
    COOP_NEGATIVES_ASIDE,
    EVENT_ONCE_PER_ROUND,
    HUGE_NO_ITEM_CARDS,
    REVEALED_CARD_FREE_AT_STEP_5,
)
from .win import credit_kills

RULE_EVT = "Zombies!!! Giants-Club: Step 2 Event Card"
RULE_START = "Zombies!!! Giants-Club: Game Start"
RULE_CARDS = "Zombies!!! Giants-Club: Card specific"
RULE_DISC = "Zombies!!! Giants-Club: Step 5 Discard chance"
RULE_RAY_ITEM = (
    "Zombies!!! Giants-Club: Size Ray (resizes weapons so Giants can wield them; "
    "table: shrink/enlarge a Survivor/Item to any size)"
)
#: The cards the Card specific section names, and its rule IDs.
CARD_IDS = {
    "Hey Look! A Shotgun": ("ZGC-CARD-01",),
    "The Keys are Still in it!": ("ZGC-CARD-02",),
    "Skateboard": ("ZGC-CARD-03",),
    "First Aid Kit": ("ZGC-CARD-05", "ZGC-CARRY-06"),
}
HUGE_STRICT = P.variant(HUGE_NO_ITEM_CARDS, "ZGC-AMB-09", "no Item/Weapon card for a Huge Giant")
ONCE_A_ROUND = P.variant(EVENT_ONCE_PER_ROUND, "ZGC-AMB-11", "one Event card a round")
#: Step 2 and Step 5 say differently when the revealed card may go to hand (no AMB ID).
HAND_FREED = ("chosen: Step 2's words, the revealed card goes to hand only after a card in hand "
              "was discarded or played (Step 5 alone would allow it freely)")
FREE_AT_STEP_5 = P.variant(REVEALED_CARD_FREE_AT_STEP_5, "ZGC-EVT-03",
                           "Step 5's words, the revealed card may be put in hand freely")
NEGATIVES_ASIDE = P.variant(COOP_NEGATIVES_ASIDE, "ZGC-AMB-15", "the drawn Negative Events lie "
                                                                "at the table's edge")


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
    """Game Start: everyone draws 3 cards; Negative Events go back and the deck is shuffled.

    ZGC-AMB-15: in Co-op the hands are laid face up (the log shows them: the default reading); with
    the variant the Negative Events drawn are laid at the table's edge instead of going back.
    """
    data: ZData = ctx.data
    n_cards = data.rules["game"]["start_cards"]
    aside = ctx.variant(COOP_NEGATIVES_ASIDE)
    returned = []
    for s in state.survivors:
        drawn = []
        for _ in range(n_cards):
            card = draw(state, ctx)
            if card is None:
                break
            drawn.append(card)
            if data.cards[card].kind == "negative":
                returned.append(card)
            else:
                s.hand.append(card)
        yield Event(
            f"{s.name} draws {len(drawn)} cards and keeps {', '.join(s.hand) or 'none'} "
            "(laid face up)",
            rule=f"{RULE_START} (everyone draws {n_cards} cards; in Co-op they are laid out for "
            "all to see)",
            kind="setup",
            data={"cards": drawn, "values": ["rules:game.start_cards"]},
            ids=("ZGC-START-01", "ZGC-START-02", "ZGC-AMB-15"),
            assumed=P.joined(P.DECK, NEGATIVES_ASIDE if aside else P.AMB15),
        )
    if aside:
        state.table_edge.extend(returned)
    else:
        state.deck.extend(returned)
        shuffle(state.deck, ctx, "shuffle negative events back into the deck")
    if returned:
        yield Event(
            f"{len(returned)} Negative Event card(s) "
            + ("laid at the table's edge: " if aside else "shuffled back into the deck: ")
            + ", ".join(returned),
            rule=RULE_START,
            kind="setup",
            data={"cards": returned},
            ids=("ZGC-START-01", "ZGC-START-02", "ZGC-AMB-15"),
            assumed=P.joined(P.DECK, NEGATIVES_ASIDE if aside else ""),
        )


def card_fits(
    data: ZData, size: str, card: Card, resized: str | None = None, no_huge_items: bool = False
) -> bool:
    """Can a Survivor of this size wield this Item/Weapon: as printed (Card specific,
    ZGC-AMB-09), or because a Size-Ray resized it to exactly that size (ZGC-RAY-05, ZGC-RAY-07)?

    ``no_huge_items``: the ZGC-AMB-09 variant, a size that cannot use cards uses none at all."""
    if resized is not None:
        return resized == size
    if not card.usable(size):
        return False
    st = sizes.stats(data, size)
    if st.can_use_cards:
        return True
    # a size that can't use cards (Huge): the Card specific exceptions for Giants, the cards it
    # names and anything throwable (ZGC-AMB-09), or none at all under the variant
    giant_usable = bool(card.usable_by.get(size)) or (card.throwable and st.is_giant)
    return giant_usable and not no_huge_items


def can_play(state: ZState, data: ZData, surv: Survivor, card: Card) -> bool:
    """Whether this Survivor may play the card now (size limits, buildings it relies on)."""
    if card.kind in ("item", "weapon"):
        strict = HUGE_NO_ITEM_CARDS in state.variants
        if not card_fits(data, surv.size, card, surv.resized_cards.get(card.name), strict):
            return False
    if card.requires_building and (
        card.requires_building in state.demolished
        or not inside_or_reaching(state, data, surv, card.requires_building)
    ):
        return False
    if card.effect == "kill_square":
        return bool(grenade_targets(state, data, surv, card))
    if card.effect == "heal_full":
        return surv.halves < 2 * sizes.max_hearts(data, surv)
    return True


def inside_or_reaching(state: ZState, data: ZData, surv: Survivor, building: str) -> bool:
    """'In' a building: standing in it, or a Giant reaching in from outside (ZGC-CARRY-06)."""
    tm = town_map(state, data)
    inside = tm.buildings.get(building)  # (none once demolished)
    if not inside:
        return False
    mine = squares_of(state, data, surv)
    if any(sq in inside for sq in mine):
        return True
    reach = sizes.stats(data, surv.size).reach
    return bool(reach and set(inside) & reach_squares(tm, data, surv.size, mine, reach))


def grenade_targets(
    state: ZState, data: ZData, surv: Survivor, card: Card
) -> list[tuple[int, int]]:
    """Squares with zombies a thrown weapon reaches: its range (the card's amount, assumed) plus
    the thrower's Reach."""
    tm = town_map(state, data)
    mine = squares_of(state, data, surv)
    rng = card.amount + sizes.stats(data, surv.size).reach
    near = reach_squares(tm, data, surv.size, mine, rng) | set(mine)
    return sorted({tuple(z.loc) for z in state.zombies if tuple(z.loc) in near})


def play_card(
    state: ZState, ctx: Context, surv: Survivor, name: str, resized: str | None = None
) -> Procedure:
    """Apply a card's effect for the Survivor who plays it (or whom a negative event targets).

    ``resized``: the size a Size-Ray made this Item/Weapon card for (ZGC-RAY-07). Every effect is
    an assumed stand-in for the base game's card text (events.yaml).
    """
    data: ZData = ctx.data
    card = data.cards[name]
    rule = RULE_EVT if card.kind in ("negative", "positive") else RULE_CARDS
    ids = ("ZGC-EVT-02",) if card.kind == "negative" else ("ZGC-EVT-03",)
    ids += CARD_IDS.get(name, ())
    assumed = P.DECK
    if resized is not None:
        rule = f"{RULE_RAY_ITEM}, played as a {resized}-sized card"
        ids += ("ZGC-RAY-07",)
    kept = False
    if card.effect == "lose_bullets":
        lost = min(card.amount, surv.bullets)
        surv.bullets -= lost
        msg = f"{surv.name} loses {lost} bullet(s)"
    elif card.effect == "divide_movement":
        state.move_divisor *= card.amount
        msg = f"{surv.name}'s movement is divided by {card.amount} this turn"
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
        msg = (f"{surv.name} gains {count(got, 'reserve heart')} ({surv.reserve} in reserve)"
               if got else
               f"{surv.name} gains no reserve heart: the reserve is full ({surv.reserve})")
        if got < card.amount:
            ids += ("ZGC-NORM-02", "ZGC-AMB-12")
            assumed = P.joined(assumed, P.AMB12)
    elif card.effect == "combat_bonus":
        giant = sizes.stats(data, surv.size).is_giant
        uses = card.giant_durability if giant and resized is None else None
        surv.weapons.append(Weapon(name, uses, resized))
        kept = True
        msg = f"{surv.name} readies {name}: +{card.amount} on combat checks" + (
            f" for {uses} fights (a Giant's weapon with durability)" if uses else ""
        )
        if resized is not None:
            assumed = P.joined(assumed, P.RAYED_CARD)
    elif card.effect == "permanent_move_bonus":
        surv.permanent_move_bonus += card.amount
        kept = True
        msg = f"{surv.name} uses {name}: +{card.amount} movement every turn"
    elif card.effect == "heal_full":
        gain, _ = sizes.heal(data, surv, sizes.max_hearts(data, surv))
        msg = f"{surv.name} heals {gain / 2:g} hearts with {name}"
        rule = f"{RULE_CARDS} (Giants must reach inside a {card.requires_building})"
    elif card.effect == "kill_square":
        msg, rule, ids = yield from _throw(state, ctx, surv, card, rule, ids, assumed)
    else:  # pragma: no cover - data validation rejects unknown effects
        raise ValueError(f"card {name!r}: unknown effect {card.effect!r}")
    if not kept:
        state.discard.append(name)
    if (card.kind in ("item", "weapon") and resized is None
            and not sizes.stats(data, surv.size).can_use_cards):
        ids += ("ZGC-AMB-09",)
        assumed = P.joined(assumed, P.AMB09)
    yield Event(f"{name}: {msg}", rule=rule, kind="card", data={"card": name},
                ids=tuple(dict.fromkeys(ids)), assumed=assumed)


def _throw(state: ZState, ctx: Context, surv: Survivor, card: Card, rule: str,
           ids: tuple[str, ...], assumed: str) -> Procedure:
    """A thrown weapon kills the zombies on one square in range (the thrower picks which).
    Returns the event's message, rule and ids."""
    data: ZData = ctx.data
    targets = grenade_targets(state, data, surv, card)
    where = targets[0]
    if len(targets) > 1:
        label = yield Decision(
            surv.name,
            "grenade",
            f"Throw {card.name} at which square?",
            [f"{x},{y}" for x, y in targets],
            rule=rule,
            ids=ids,
            assumed=assumed,
        )
        where = tuple(int(v) for v in label.split(","))
    dead = state.zombies_at(where)
    for z in dead:
        state.zombies.remove(z)
    state.zombie_pool += len(dead)
    credit_kills(state, data, surv, len(dead))
    msg = f"{surv.name} throws {card.name} at {where[0]},{where[1]}: {len(dead)} zombie(s) die"
    if sizes.stats(data, surv.size).is_giant:
        rule = f"{RULE_CARDS} (throwable: Giants can use it)"
        ids += ("ZGC-CARD-04",)
    return msg, rule, ids


def spawn_near(state: ZState, ctx: Context, surv: Survivor, n: int) -> int:
    """Place up to n zombies on open squares next to the Survivor (2 per square at most; the
    squares in order, an assumed stand-in for the base game's card)."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    cap = data.rules["combat"]["max_zombies_per_square"]
    mine = squares_of(state, data, surv)
    spots = []
    for sq in mine:
        for nb in tm.neighbors(sq):
            if nb not in mine and tm.kind[nb] != "out" and tm.crossing(sq, nb) != "wall":
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
    """Step 2: draw one Event card; negative ones play at once, others wait on top of the deck.

    ZGC-AMB-11: each player draws in their own turn (the default); with the variant only the
    first player of a round draws one.
    """
    data: ZData = ctx.data
    once = ctx.variant(EVENT_ONCE_PER_ROUND)
    reading = ONCE_A_ROUND if once else P.AMB11
    if once and state.event_round == state.turn:
        yield Event(
            f"This round's Event card is drawn already: {surv.name} draws none",
            rule=f"{RULE_EVT} (once per round)",
            kind="card",
            ids=("ZGC-EVT-01", "ZGC-AMB-11"),
            assumed=reading,
        )
        return
    state.event_round = state.turn
    card = draw(state, ctx)
    if card is None:
        yield Event("The event deck is empty", rule=RULE_EVT, kind="card",
                    ids=("ZGC-EVT-01",), assumed=P.DECK)
        return
    c = data.cards[card]
    if c.kind == "negative":
        yield Event(
            f"{surv.name} draws {card}, a Negative Event: it is played on them",
            rule=f"{RULE_EVT} (once per round, even with a full hand; negative events are "
            "played automatically)",
            kind="card",
            data={"card": card},
            ids=("ZGC-EVT-01", "ZGC-EVT-02", "ZGC-AMB-11"),
            assumed=P.joined(P.DECK, reading),
        )
        yield from play_card(state, ctx, surv, card)
        return
    state.revealed = card
    yield Event(
        f"{surv.name} draws {card} ({c.kind}): it waits on top of the deck",
        rule=f"{RULE_EVT} (once per round, even with a full hand; positive/weapon/item cards go "
        "on top of the deck)",
        kind="card",
        data={"card": card},
        ids=("ZGC-EVT-01", "ZGC-EVT-03", "ZGC-AMB-11"),
        assumed=P.joined(P.DECK, reading),
    )


def discard_step(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """Step 5: discard up to one card; the revealed card may go to hand once a card has left it
    (discarded now, or played from hand this turn: Step 2), else it is shuffled back. A Survivor
    who died or escaped this turn has no discard chance left."""
    if surv.in_play and surv.hand:
        choice = yield Decision(
            surv.name, "discard", "Discard a card?", ["none"] + sorted(set(surv.hand)),
            rule=RULE_DISC, ids=("ZGC-DISC-01",), assumed=P.DECK,
        )
        if choice != "none":
            surv.hand.remove(choice)
            if choice not in surv.hand:  # a resized copy goes with the last copy (assumed)
                surv.resized_cards.pop(choice, None)
            state.discard.append(choice)
            state.hand_freed = True
            yield Event(f"{surv.name} discards {choice}", rule=RULE_DISC, kind="card",
                        data={"card": choice}, ids=("ZGC-DISC-01",), assumed=P.DECK)
    if state.revealed is not None:
        card = state.revealed
        state.revealed = None
        free = ctx.variant(REVEALED_CARD_FREE_AT_STEP_5)
        why = P.joined(P.DECK, FREE_AT_STEP_5 if free else HAND_FREED)
        if surv.in_play and (state.hand_freed or free):
            take = yield Decision(
                surv.name, "take_card", f"Take {card} into your hand?", ["take", "leave"],
                rule=RULE_DISC + ("" if free else " (after discarding or playing a card in hand)"),
                data={"card": card}, ids=("ZGC-DISC-01", "ZGC-EVT-03"), assumed=why,
            )
            if take == "take":
                surv.hand.append(card)
                yield Event(
                    f"{surv.name} takes {card} into hand",
                    rule=RULE_DISC + (" (Step 5: the revealed card may be put in hand)" if free
                                      else " (a card left the hand: the revealed card may take "
                                      "its place)"),
                    kind="card",
                    data={"card": card},
                    ids=("ZGC-DISC-01", "ZGC-EVT-03"),
                    assumed=why,
                )
                return
        state.deck.append(card)
        shuffle(state.deck, ctx, "shuffle an unused positive card back")
        kept_out = surv.in_play and not (state.hand_freed or free)
        yield Event(
            f"{card} was not used: it is shuffled back into the deck"
            + (" (no card left the hand this turn)" if kept_out else ""),
            rule=f"{RULE_EVT} (an unused positive card is shuffled back)",
            kind="card",
            data={"card": card},
            ids=("ZGC-EVT-04", "ZGC-DISC-01") + (("ZGC-EVT-03",) if kept_out else ()),
            assumed=why if kept_out else P.DECK,
        )

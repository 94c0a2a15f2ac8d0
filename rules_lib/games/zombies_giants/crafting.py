"""Craftable Items: store parts, the Size-Ray, the Potion Kit and Body Armour, per tables."""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure
from rules_lib.core.words import count

from . import provenance as P
from . import sizes
from .actions import (
    CraftAction,
    CraftPotion,
    DrinkPotion,
    RayArmour,
    RayCard,
    RaySelf,
    RechargeRay,
    TreatArmour,
)
from .data import ZData
from .demolish import enlarged_inside
from .events import card_fits
from .size_change import make_room, resized
from .state import Armour, PotionKit, SizeRay, Survivor, ZState
from .variants import (
    ARMOUR_ONE_SUIT,
    HUGE_NO_ITEM_CARDS,
    POTION_HEALS_5,
    POTION_TABLE_FREE,
    RAY_TABLE_START,
)

__all__ = ["POTION_HEALS_5", "POTION_TABLE_FREE", "RAY_TABLE_START"]  # re-exported variant names

RULE_CRAFT = "Zombies!!! Giants-Club: Craftable Items"
RULE_RAY = "Zombies!!! Giants-Club: Size Ray"
RULE_POT = "Zombies!!! Giants-Club: Size Potions"
RULE_ARM = "Zombies!!! Giants-Club: Craft Body Armour"
KINDS = ("size_ray", "potion_kit", "body_armour")
PART_IDS = {"size_ray": "ZGC-RAY-01", "potion_kit": "ZGC-POT-01", "body_armour": "ZGC-ARM-01"}
ONE_SUIT = P.variant(ARMOUR_ONE_SUIT, "ZGC-AMB-20", "one suit, crafted then upgraded once")


def sources(data: ZData, store: str) -> list[str]:
    """Which kinds of parts a store gives."""
    return [k for k in KINDS if store in data.crafting[k]["sources"]]


def max_charges(data: ZData, parts: int) -> int:
    """Size-Ray table: parts -> max charges (1 -> 0, 2..5 -> 2..5)."""
    table = data.crafting["size_ray"]["max_charges"]
    return table[min(parts, max(table))]


def table_parts(data: ZData, kind: str, parts: int) -> int:
    """Parts that count for an item: no more than its table's last row (5 for the Size-Ray and
    the Potion Kit: "max 5")."""
    table = data.crafting[kind]["max_charges" if kind == "size_ray" else "recipe"]
    return min(parts, max(table))


def held(state: ZState, kind: str, in_play_only: bool) -> int:
    """How many of an item exist: held by any Survivor, or by those still in play."""
    attr = {"size_ray": "size_ray", "potion_kit": "potion_kit", "body_armour": "armour"}[kind]
    return sum(getattr(s, attr) is not None for s in state.survivors
               if s.in_play or not in_play_only)


def limit_reached(state: ZState, data: ZData, kind: str, one_suit: bool = False) -> bool:
    """Only one Size-Ray and one Potion Kit at a time; Body Armour may be crafted twice."""
    limits = data.crafting["limits"]
    if kind == "body_armour" and one_suit:
        return state.crafted[kind] >= data.crafting["body_armour"]["one_suit_reading"]["suits"]
    if kind in limits["at_a_time"]:
        return held(state, kind, True) >= limits[kind]
    return state.crafted[kind] >= limits[kind]


def visit_store(state: ZState, ctx: Context, surv: Survivor, store: str) -> Procedure:
    """Entering a part-source store for the first time gives its parts (assumed: once per game)."""
    data: ZData = ctx.data
    kinds = sources(data, store)
    if not kinds or store in state.looted or store in state.demolished:
        return
    state.looted.append(store)
    for kind in kinds:
        surv.parts[kind] += data.crafting["parts_per_store_visit"]
        yield Event(
            f"{surv.name} finds a {kind.replace('_', ' ')} part in the {store} "
            f"({surv.parts[kind]} found)",
            rule=f"{RULE_CRAFT} (parts from {store})",
            kind="craft",
            data={"store": store, "values": ["crafting:parts_per_store_visit"]},
            ids=("ZGC-CRAFT-01", "ZGC-MF-05", PART_IDS[kind]),
            assumed=P.PARTS,
        )
        yield from craft(state, ctx, surv, kind)


def craft(state: ZState, ctx: Context, surv: Survivor, kind: str) -> Procedure:
    """Make or upgrade an item once enough parts are found."""
    data: ZData = ctx.data
    if surv.parts[kind] < data.crafting[kind]["min_parts"]:
        return
    if kind == "size_ray":
        yield from _craft_size_ray(state, ctx, surv)
    elif kind == "potion_kit":
        yield from _craft_potion_kit(state, ctx, surv)
    else:
        yield from _craft_armour(state, ctx, surv)


def _craft_size_ray(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A new Size-Ray (2 free charges; ZGC-AMB-02's variant: the table's one), or an upgrade:
    +1 max charge per part, up to the table's last row, all charges restored."""
    data: ZData = ctx.data
    kind = "size_ray"
    parts = surv.parts[kind]
    table = data.crafting[kind]
    if surv.size_ray is not None:
        surv.size_ray.parts = table_parts(data, kind, parts)
        top = max_charges(data, surv.size_ray.parts)
        if table["upgrade_restores"]:
            surv.size_ray.charges = top
        yield Event(
            f"{surv.name}'s Size-Ray upgrades: max {top} charges"
            + (", all restored" if table["upgrade_restores"] else ""),
            rule=f"{RULE_RAY} (extra parts: +1 max charge, up to the table's last row)",
            kind="craft",
            ids=("ZGC-RAY-03", "ZGC-RAY-04"),
        )
        return
    if limit_reached(state, data, kind):
        yield Event(
            f"Only {data.crafting['limits'][kind]} Size-Ray can exist at a time: {surv.name} "
            "cannot make another",
            rule=RULE_CRAFT,
            kind="craft",
            ids=("ZGC-CRAFT-02",),
            assumed=P.AT_A_TIME,
        )
        return
    used = table_parts(data, kind, parts)
    top = max_charges(data, used)
    table_row = ctx.variant(RAY_TABLE_START)
    start = top if table["start_full"] and not table_row else table["start_charges_table_row"]
    surv.size_ray = SizeRay(used, min(start, top))
    state.crafted[kind] += 1
    yield Event(
        f"{surv.name} crafts a Size-Ray: {surv.size_ray.charges} of {count(top, 'charge')}",
        rule=f"{RULE_RAY} (at least {table['min_parts']} parts; free charges)",
        kind="craft",
        ids=("ZGC-RAY-01", "ZGC-RAY-02", "ZGC-RAY-04", "ZGC-AMB-02"),
        assumed=(P.variant(RAY_TABLE_START, "ZGC-AMB-02", "the table's 2-part row: one "
                           "charge") if table_row else P.AMB02),
    )


def _craft_potion_kit(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A new Potion Kit with its free potions (1; ZGC-AMB-03's variant: the table's 2), the
    maker choosing their sizes, or an upgrade to the next row of the recipe."""
    data: ZData = ctx.data
    kind = "potion_kit"
    parts = surv.parts[kind]
    table = data.crafting[kind]
    if surv.potion_kit is not None:
        surv.potion_kit.parts = table_parts(data, kind, parts)
        paid, made = table["recipe"][surv.potion_kit.parts]
        yield Event(
            f"{surv.name}'s Potion Kit upgrades: {paid} reserve heart(s) make {made} potion(s)",
            rule=f"{RULE_POT} (table)",
            kind="craft",
            ids=("ZGC-POT-04",),
        )
        return
    if limit_reached(state, data, kind):
        yield Event(f"Only {data.crafting['limits'][kind]} Potion Kit can exist at a time",
                    rule=RULE_CRAFT, kind="craft", ids=("ZGC-CRAFT-02",), assumed=P.AT_A_TIME)
        return
    surv.potion_kit = PotionKit(table_parts(data, kind, parts))
    state.crafted[kind] += 1
    table_free = ctx.variant(POTION_TABLE_FREE)
    free = table["free_potions_table"] if table_free else table["free_potions"]
    reading = (P.variant(POTION_TABLE_FREE, "ZGC-AMB-03", "the table's 2 free potions")
               if table_free else P.AMB03)
    for i in range(free):
        size = yield Decision(
            surv.name,
            "potion_type",
            f"Free potion {i + 1}: which size?",
            list(table["sizes"]),
            rule=RULE_POT,
            ids=("ZGC-POT-05", "ZGC-AMB-05"),
            assumed=P.AMB05,
        )
        surv.potions.append(size)
    yield Event(
        f"{surv.name} makes a Potion Kit with {free} free potion(s)",
        rule=f"{RULE_POT} (at least {table['min_parts']} parts; free potions)",
        kind="craft",
        ids=("ZGC-POT-01", "ZGC-POT-02", "ZGC-AMB-03"),
        assumed=reading,
    )


def _craft_armour(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A suit of Body Armour (sized for Normal Survivors), or an upgrade to the stage its parts
    reach, never beyond the table's last stage (ZGC-AMB-20's variant: one suit, upgraded once)."""
    data: ZData = ctx.data
    kind = "body_armour"
    parts = surv.parts[kind]
    table = data.crafting[kind]
    one_suit = ctx.variant(ARMOUR_ONE_SUIT)
    if surv.armour is None:
        if limit_reached(state, data, kind, one_suit):
            cap = table["one_suit_reading"]["suits"] if one_suit else data.crafting["limits"][kind]
            yield Event(
                f"Body Armour may be crafted only {cap} times" if not one_suit else
                f"Only {cap} suit of Body Armour may be made",
                rule=RULE_CRAFT,
                kind="craft",
                ids=("ZGC-CRAFT-02", "ZGC-AMB-20"),
                assumed=ONE_SUIT if one_suit else P.AMB20,
            )
            return
        surv.armour = Armour(parts, table["made_for"])
        state.crafted[kind] += 1
        yield from _armour_heals(ctx, surv, 0, "crafts Body Armour")
    elif surv.armour.parts < _armour_last_parts(data, one_suit):
        before = sizes.armour_extra(data, surv)
        surv.armour.parts = min(parts, _armour_last_parts(data, one_suit))
        yield from _armour_heals(ctx, surv, before, "upgrades Body Armour")
    else:
        yield Event(
            "Body Armour can't upgrade beyond this stage",
            rule=f"{RULE_ARM} (the table's last stage)",
            kind="craft",
            ids=("ZGC-ARM-07",) + (("ZGC-AMB-20",) if one_suit else ()),
            assumed=ONE_SUIT if one_suit else "",
        )


def _armour_last_parts(data: ZData, one_suit: bool) -> int:
    """The parts of the armour's last stage: the table's, or (ZGC-AMB-20 variant) the stage its
    second crafting reaches."""
    table = data.crafting["body_armour"]
    if one_suit:
        return table["min_parts"] + table["one_suit_reading"]["crafts"] - 1
    return table["max_parts"]


def _armour_heals(ctx: Context, surv: Survivor, before: int, what: str) -> Procedure:
    data: ZData = ctx.data
    extra = sizes.armour_extra(data, surv)
    gained = extra - before
    if gained > 0:
        surv.halves += 2 * gained
    fits = surv.armour.size == surv.size
    yield Event(
        f"{surv.name} {what} ({surv.armour.parts} parts, {surv.armour.size} size): "
        + (
            f"+{extra} max hearts, healed {gained}"
            if fits
            else "it is sized for Normal Survivors and does not fit until resized"
        ),
        rule=f"{RULE_ARM} (table; Giants gain double)",
        kind="craft",
        ids=("ZGC-ARM-01", "ZGC-ARM-02", "ZGC-ARM-07")
        + (("ZGC-ARM-04",) if fits and sizes.stats(data, surv.size).is_giant else ())
        + (() if fits else ("ZGC-ARM-06",)),
    )


# -- actions during Step 3 (they cost no movement) -------------------------------------------


def craft_options(state: ZState, data: ZData, surv: Survivor) -> list[CraftAction]:
    """Crafting actions open to a Survivor right now."""
    out: list[CraftAction] = []
    kit = surv.potion_kit
    if kit is not None:
        paid, _ = data.crafting["potion_kit"]["recipe"][kit.parts]
        if surv.reserve >= paid:
            out += [CraftPotion(s) for s in data.crafting["potion_kit"]["sizes"]]
    out += [DrinkPotion(s) for s in sorted(set(surv.potions))]
    ray = surv.size_ray
    if ray is not None:
        if ray.charges >= data.crafting["size_ray"]["charges_per_resize"]:
            out += [RaySelf(s) for s in data.sizes if s != surv.size]
            if surv.armour is not None and surv.armour.size != surv.size:
                out.append(RayArmour())
            strict = HUGE_NO_ITEM_CARDS in state.variants
            out += [RayCard(name, surv.size) for name in resizable_cards(data, surv, strict)]
        if ray.charges < max_charges(data, ray.parts) and surv.bullets > 0:
            out.append(RechargeRay())
    if surv.armour is not None and surv.armour.size != surv.size and surv.size in surv.potions:
        out.append(TreatArmour(surv.size))
    return out


def resizable_cards(data: ZData, surv: Survivor, no_huge_items: bool = False) -> list[str]:
    """Item/Weapon cards in hand or in play the Survivor can't wield at its size: a Size-Ray
    charge resizes one for it (ZGC-RAY-05: 'Item to any Size'; ZGC-RAY-07: weapons for Giants)."""
    kinds = data.crafting["size_ray"]["resizes_items"]
    names = {
        w.name
        for w in surv.weapons
        if not card_fits(data, surv.size, data.cards[w.name], w.size, no_huge_items)
    }
    for name in set(surv.hand):
        card = data.cards[name]
        if card.kind in kinds and not card_fits(
            data, surv.size, card, surv.resized_cards.get(name), no_huge_items
        ):
            names.add(name)
    return sorted(names)


def ray_card(state: ZState, ctx: Context, surv: Survivor, name: str, size: str) -> Procedure:
    """Spend a Size-Ray charge to resize one Item/Weapon card (in play first, else in hand)."""
    data: ZData = ctx.data
    strict = ctx.variant(HUGE_NO_ITEM_CARDS)
    if name not in resizable_cards(data, surv, strict) or size != surv.size:
        raise ValueError(f"{surv.name} has no {name!r} card to resize to {size}")
    surv.size_ray.charges -= data.crafting["size_ray"]["charges_per_resize"]
    worn = next(
        (
            w
            for w in surv.weapons
            if w.name == name
            and not card_fits(data, surv.size, data.cards[w.name], w.size, strict)
        ),
        None,
    )
    if worn is not None:
        worn.size, worn.uses = size, None
        where = "in play"
    else:
        surv.resized_cards[name] = size
        where = "in hand"
    yield Event(
        f"{surv.name} uses a Size-Ray charge on {name} ({where}): resized for a {size} "
        f"Survivor to wield ({count(surv.size_ray.charges, 'charge')} left)",
        rule=f"{RULE_RAY} (can change the size of weapons to be wielded by Giants; table: "
        "Shrink/Enlarge Survivor/Item to any Size)",
        kind="craft",
        data={"card": name, "size": size, "values": ["crafting:size_ray.charges_per_resize"]},
        ids=("ZGC-RAY-05", "ZGC-RAY-07"),
        assumed=P.joined(P.DECK, P.RESIZE_CHARGE, P.RAYED_CARD),
    )


def do_craft_action(state: ZState, ctx: Context, surv: Survivor, action: CraftAction) -> Procedure:
    """Carry out one crafting action chosen in Step 3; then a Survivor grown to Huge inside a
    building demolishes it, and a figure without room where it stands moves to where there is."""
    if isinstance(action, CraftPotion):
        yield from craft_potions(ctx, surv, action.size)
    elif isinstance(action, DrinkPotion):
        yield from drink_potion(state, ctx, surv, action.size)
    elif isinstance(action, RaySelf):
        yield from ray_self(state, ctx, surv, action.size)
    elif isinstance(action, RayArmour):
        yield from ray_armour(ctx, surv)
    elif isinstance(action, TreatArmour):
        yield from treat_armour(ctx, surv)
    elif isinstance(action, RechargeRay):
        yield from recharge_ray(ctx, surv)
    elif isinstance(action, RayCard):
        yield from ray_card(state, ctx, surv, action.card, action.size)
    else:
        raise TypeError(f"unknown crafting action {action!r}")
    yield from enlarged_inside(state, ctx, surv)
    yield from make_room(state, ctx, surv)


def craft_potions(ctx: Context, surv: Survivor, size: str) -> Procedure:
    """Pay the Potion Kit's recipe in reserve hearts for potions of a size."""
    data: ZData = ctx.data
    paid, made = data.crafting["potion_kit"]["recipe"][surv.potion_kit.parts]
    surv.reserve -= paid
    surv.potions += [size] * made
    yield Event(
        f"{surv.name} pays {paid} reserve heart(s) for {made} {size} potion(s)",
        rule=f"{RULE_POT} (table: hearts per potion)",
        kind="craft",
        ids=("ZGC-POT-03", "ZGC-POT-04", "ZGC-POT-05", "ZGC-AMB-05"),
        assumed=P.AMB05,
    )


def drink_potion(state: ZState, ctx: Context, surv: Survivor, size: str) -> Procedure:
    """Drinking makes you that size and heals 3 hearts (ZGC-AMB-04's variant: 5); what does not
    fit goes to reserve, within its limit."""
    data: ZData = ctx.data
    surv.potions.remove(size)
    old = surv.size
    moved, lost = sizes.change_size(data, surv, size, sizes.hearts_reading(ctx.variants))
    table_heal = ctx.variant(POTION_HEALS_5)
    heal = data.crafting["potion_kit"]["heal_table" if table_heal else "heal"]
    gain, kept = sizes.heal(data, surv, heal)
    over = (2 * heal - gain) // 2 - kept  # hearts neither healed nor kept in reserve
    yield Event(
        f"{surv.name} drinks a {size} potion: {old} -> {size}"
        + (f" (the new size holds less: {count(moved, 'heart')} to reserve, {lost:g} lost)"
           if moved or lost else "")
        + (f"; its {heal} hearts of healing find health and reserve full: all lost"
           if gain == kept == 0 else
           f", heals {gain / 2:g} of {heal} hearts, {kept} to reserve"
           + (f", {over} lost" if over > 0 else "")),
        rule=f"{RULE_POT} (drinking makes you that size and heals; remainders become reserve)",
        kind="craft",
        data={"values": ["crafting:potion_kit.heal_table" if table_heal
                         else "crafting:potion_kit.heal"]},
        ids=("ZGC-POT-05", "ZGC-POT-06", "ZGC-AMB-04", "ZGC-AMB-05")
        + (("ZGC-WIN-02",) if size == "Normal" and old != "Normal" else ())
        + (("ZGC-NORM-02", "ZGC-AMB-12") if over > 0 or lost else ()),
        assumed=P.joined(
            P.variant(POTION_HEALS_5, "ZGC-AMB-04", "the table's 5 hearts") if table_heal
            else P.AMB04, P.AMB05, P.SIZE_CHANGE if moved or lost else "",
            P.AMB12 if over > 0 or lost else ""),
    )
    yield from resized(state, ctx, surv, old)


def ray_self(state: ZState, ctx: Context, surv: Survivor, size: str) -> Procedure:
    """A Size-Ray charge shrinks or enlarges the Survivor to any size."""
    data: ZData = ctx.data
    charge = data.crafting["size_ray"]["charges_per_resize"]
    surv.size_ray.charges -= charge
    old = surv.size
    moved, lost = sizes.change_size(data, surv, size, sizes.hearts_reading(ctx.variants))
    yield Event(
        f"{surv.name} uses {count(charge, 'Size-Ray charge')}: {old} -> {size} "
        f"({count(surv.size_ray.charges, 'charge')} left)"
        + (f"; the new size holds less: {count(moved, 'heart')} to reserve, {lost:g} lost"
           if moved or lost else ""),
        rule=f"{RULE_RAY} (table: shrink/enlarge a Survivor to any size)",
        kind="craft",
        data={"values": ["crafting:size_ray.charges_per_resize"]},
        ids=("ZGC-RAY-05",) + (("ZGC-WIN-02",) if size == "Normal" else ()),
        assumed=P.joined(P.RESIZE_CHARGE, P.SIZE_CHANGE if moved or lost else ""),
    )
    yield from resized(state, ctx, surv, old)


def ray_armour(ctx: Context, surv: Survivor) -> Procedure:
    """A Size-Ray charge resizes the Body Armour to the wearer, who gains its extra hearts."""
    data: ZData = ctx.data
    charge = data.crafting["size_ray"]["charges_per_resize"]
    surv.size_ray.charges -= charge
    surv.armour.size = surv.size
    surv.halves += 2 * sizes.armour_extra(data, surv)
    surv.halves = min(surv.halves, 2 * sizes.max_hearts(data, surv))
    yield Event(
        f"{surv.name} resizes the Body Armour to {surv.size} "
        f"({count(charge, 'Size-Ray charge')})",
        rule=f"{RULE_ARM} (resized with a Size-Ray)",
        kind="craft",
        data={"values": ["crafting:size_ray.charges_per_resize"]},
        ids=("ZGC-ARM-06", "ZGC-ARM-04"),
        assumed=P.RESIZE_CHARGE,
    )


def treat_armour(ctx: Context, surv: Survivor) -> Procedure:
    """A potion of the wearer's size makes the Body Armour fit (the potion is used up)."""
    data: ZData = ctx.data
    surv.potions.remove(surv.size)
    surv.armour.size = surv.size
    surv.halves = min(
        surv.halves + 2 * sizes.armour_extra(data, surv), 2 * sizes.max_hearts(data, surv)
    )
    yield Event(
        f"{surv.name} treats the Body Armour with a {surv.size} potion",
        rule=f"{RULE_ARM} (treated with a Big/Huge potion)",
        kind="craft",
        ids=("ZGC-ARM-06", "ZGC-ARM-04"),
    )


def recharge_ray(ctx: Context, surv: Survivor) -> Procedure:
    """A bullet restores all of the Size-Ray's charges."""
    data: ZData = ctx.data
    cost = data.crafting["size_ray"]["recharge_bullets"]
    surv.bullets -= cost
    surv.size_ray.charges = max_charges(data, surv.size_ray.parts)
    yield Event(
        f"{surv.name} spends {count(cost, 'bullet')}: the Size-Ray is back to "
        f"{count(surv.size_ray.charges, 'charge')}",
        rule=f"{RULE_RAY} (a bullet restores all charges)",
        kind="craft",
        ids=("ZGC-RAY-02", "ZGC-AMB-10"),
    )

"""Craftable Items: store parts, the Size-Ray, the Potion Kit and Body Armour, per tables."""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import provenance as P
from . import sizes
from .data import ZData
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
    parts = surv.parts[kind]
    table = data.crafting[kind]
    if parts < table["min_parts"]:
        return
    limit = data.crafting["limits"][kind]
    if kind == "size_ray":
        if surv.size_ray is None:
            if limit_reached(state, data, kind):
                yield Event(
                    f"Only {limit} Size-Ray can exist at a time: {surv.name} cannot make another",
                    rule=RULE_CRAFT,
                    kind="craft",
                    ids=("ZGC-CRAFT-02",),
                    assumed=P.AT_A_TIME,
                )
                return
            used = table_parts(data, kind, parts)
            top = max_charges(data, used)
            table_row = ctx.variant(RAY_TABLE_START)
            start = top if table["start_full"] and not table_row else table[
                "start_charges_table_row"]
            surv.size_ray = SizeRay(used, min(start, top))
            state.crafted[kind] += 1
            yield Event(
                f"{surv.name} crafts a Size-Ray: {surv.size_ray.charges} of {top} charges",
                rule=f"{RULE_RAY} (at least {table['min_parts']} parts; free charges)",
                kind="craft",
                ids=("ZGC-RAY-01", "ZGC-RAY-02", "ZGC-RAY-04", "ZGC-AMB-02"),
                assumed=(P.variant(RAY_TABLE_START, "ZGC-AMB-02", "the table's 2-part row: one "
                                   "charge") if table_row else P.AMB02),
            )
        else:
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
    elif kind == "potion_kit":
        if surv.potion_kit is None:
            if limit_reached(state, data, kind):
                yield Event(f"Only {limit} Potion Kit can exist at a time", rule=RULE_CRAFT,
                            kind="craft", ids=("ZGC-CRAFT-02",), assumed=P.AT_A_TIME)
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
        else:
            surv.potion_kit.parts = table_parts(data, kind, parts)
            paid, made = table["recipe"][surv.potion_kit.parts]
            yield Event(
                f"{surv.name}'s Potion Kit upgrades: {paid} reserve heart(s) make {made} potion(s)",
                rule=f"{RULE_POT} (table)",
                kind="craft",
                ids=("ZGC-POT-04",),
            )
    else:
        one_suit = ctx.variant(ARMOUR_ONE_SUIT)
        if surv.armour is None:
            if limit_reached(state, data, kind, one_suit):
                cap = table["one_suit_reading"]["suits"] if one_suit else limit
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


def craft_options(state: ZState, data: ZData, surv: Survivor) -> list[str]:
    """Crafting actions open to a Survivor right now."""
    out = []
    kit = surv.potion_kit
    if kit is not None:
        paid, _ = data.crafting["potion_kit"]["recipe"][kit.parts]
        if surv.reserve >= paid:
            out += [f"craft {s} potion" for s in data.crafting["potion_kit"]["sizes"]]
    for s in sorted(set(surv.potions)):
        out.append(f"drink {s} potion")
    ray = surv.size_ray
    if ray is not None:
        if ray.charges >= data.crafting["size_ray"]["charges_per_resize"]:
            out += [f"ray self to {s}" for s in data.sizes if s != surv.size]
            if surv.armour is not None and surv.armour.size != surv.size:
                out.append("ray armour to fit")
            strict = HUGE_NO_ITEM_CARDS in state.variants
            out += [f"ray {name} to {surv.size}" for name in resizable_cards(data, surv, strict)]
        if ray.charges < max_charges(data, ray.parts) and surv.bullets > 0:
            out.append("recharge Size-Ray")
    if surv.armour is not None and surv.armour.size != surv.size and surv.size in surv.potions:
        out.append(f"treat armour with {surv.size} potion")
    return out


def resizable_cards(data: ZData, surv: Survivor, no_huge_items: bool = False) -> list[str]:
    """Item/Weapon cards in hand or in play the Survivor can't wield at its size: a Size-Ray
    charge resizes one for it (ZGC-RAY-05: 'Item to any Size'; ZGC-RAY-07: weapons for Giants)."""
    from .events import card_fits

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
    from .events import card_fits

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
        f"Survivor to wield ({surv.size_ray.charges} charges left)",
        rule=f"{RULE_RAY} (can change the size of weapons to be wielded by Giants; table: "
        "Shrink/Enlarge Survivor/Item to any Size)",
        kind="craft",
        data={"card": name, "size": size, "values": ["crafting:size_ray.charges_per_resize"]},
        ids=("ZGC-RAY-05", "ZGC-RAY-07"),
        assumed=P.joined(P.DECK, P.RESIZE_CHARGE, P.RAYED_CARD),
    )


def do_craft_action(state: ZState, ctx: Context, surv: Survivor, action: str) -> Procedure:
    """Carry out one crafting action chosen in Step 3."""
    data: ZData = ctx.data
    from .demolish import enlarged_inside

    reading = sizes.hearts_reading(ctx.variants)
    charge = data.crafting["size_ray"]["charges_per_resize"]
    if action.startswith("craft "):
        size = action.split()[1]
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
    elif action.startswith("drink "):
        size = action.split()[1]
        surv.potions.remove(size)
        old = surv.size
        moved, lost = sizes.change_size(data, surv, size, reading)
        table_heal = ctx.variant(POTION_HEALS_5)
        heal = data.crafting["potion_kit"]["heal_table" if table_heal else "heal"]
        gain, kept = sizes.heal(data, surv, heal)
        over = (2 * heal - gain) // 2 - kept  # hearts neither healed nor kept in reserve
        yield Event(
            f"{surv.name} drinks a {size} potion: {old} -> {size}"
            + (f" ({moved} hearts above the new maximum to reserve, {lost} lost)"
               if moved or lost else "")
            + f", heals {gain / 2:g} of {heal} hearts, {kept} to reserve"
            + (f", {over} lost" if over > 0 else ""),
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
    elif action.startswith("ray self to "):
        size = action.split()[-1]
        surv.size_ray.charges -= charge
        old = surv.size
        moved, lost = sizes.change_size(data, surv, size, reading)
        yield Event(
            f"{surv.name} uses {charge} Size-Ray charge: {old} -> {size} "
            f"({surv.size_ray.charges} charges left)"
            + (f"; {moved} hearts above the new maximum to reserve, {lost} lost"
               if moved or lost else ""),
            rule=f"{RULE_RAY} (table: shrink/enlarge a Survivor to any size)",
            kind="craft",
            data={"values": ["crafting:size_ray.charges_per_resize"]},
            ids=("ZGC-RAY-05",) + (("ZGC-WIN-02",) if size == "Normal" else ()),
            assumed=P.joined(P.RESIZE_CHARGE, P.SIZE_CHANGE if moved or lost else ""),
        )
        yield from resized(state, ctx, surv, old)
    elif action == "ray armour to fit":
        surv.size_ray.charges -= charge
        surv.armour.size = surv.size
        surv.halves += 2 * sizes.armour_extra(data, surv)
        surv.halves = min(surv.halves, 2 * sizes.max_hearts(data, surv))
        yield Event(
            f"{surv.name} resizes the Body Armour to {surv.size} ({charge} Size-Ray charge)",
            rule=f"{RULE_ARM} (resized with a Size-Ray)",
            kind="craft",
            data={"values": ["crafting:size_ray.charges_per_resize"]},
            ids=("ZGC-ARM-06", "ZGC-ARM-04"),
            assumed=P.RESIZE_CHARGE,
        )
    elif action.startswith("treat armour"):
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
    elif action == "recharge Size-Ray":
        cost = data.crafting["size_ray"]["recharge_bullets"]
        surv.bullets -= cost
        surv.size_ray.charges = max_charges(data, surv.size_ray.parts)
        yield Event(
            f"{surv.name} spends {cost} bullet: the Size-Ray is back to "
            f"{surv.size_ray.charges} charges",
            rule=f"{RULE_RAY} (a bullet restores all charges)",
            kind="craft",
            ids=("ZGC-RAY-02", "ZGC-AMB-10"),
        )
    elif action.startswith("ray ") and " to " in action:
        name, _, size = action[len("ray ") :].rpartition(" to ")
        yield from ray_card(state, ctx, surv, name, size)
    else:
        raise ValueError(f"unknown crafting action {action!r}")
    yield from enlarged_inside(state, ctx, surv)
    yield from make_room(state, ctx, surv)


def resized(state: ZState, ctx: Context, surv: Survivor, old: str) -> Procedure:
    """After a size change: carried Survivors who no longer fit get off (assumed)."""
    data: ZData = ctx.data
    from .carrying import fits_on
    from .figures import squares_of

    for name in list(surv.carrying):
        if not fits_on(state, data, surv, None):
            c = state.survivor(name)
            surv.carrying.remove(name)
            c.carried_by = None
            spot = _room_near(state, data, c, squares_of(state, data, surv))
            c.loc = list(spot) if spot else None
            yield Event(
                f"{name} no longer fits on {surv.name}'s stand and gets off"
                + (f" onto {spot[0]},{spot[1]}" if spot else ""),
                rule="Zombies!!! Giants-Club: Giants and Carrying (as long as they fit on the "
                "figurine stand)",
                kind="move",
                ids=("ZGC-CARRY-01",),
                assumed=P.GET_OFF,
            )
    if surv.carried_by and sizes.stats(data, surv.size).is_giant:
        carrier = state.survivor(surv.carried_by)
        around = squares_of(state, data, carrier)
        carrier.carrying.remove(surv.name)
        surv.carried_by = None
        spot = _room_near(state, data, surv, around)
        surv.loc = list(spot) if spot else list(carrier.loc)
        yield Event(
            f"{surv.name} is too big to be carried and gets off onto {surv.loc[0]},{surv.loc[1]}",
            rule="Zombies!!! Giants-Club: Giants and Carrying (Giants carry smaller Survivors)",
            kind="move",
            ids=("ZGC-CARRY-01",),
            assumed=P.GET_OFF,
        )


def _room_near(state: ZState, data: ZData, surv: Survivor, around: list) -> tuple | None:
    from .capacity import nearest_room

    surv.loc = None
    return nearest_room(state, data, surv, list(around))


def make_room(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A figure that grew where its square has no room stands on the nearest square that does."""
    from .capacity import RULE_CAPACITY, describe, nearest_room, stands, survivor_squares_fit
    from .town import town_map

    data: ZData = ctx.data
    if surv.loc is None or surv.carried_by or not surv.in_play:
        return
    here = tuple(surv.loc)
    if survivor_squares_fit(state, data, surv) and stands(
        town_map(state, data), data, surv.size, here
    ):
        return
    why = describe(state, data, surv.size, here, surv)
    spot = nearest_room(state, data, surv, [here])
    if spot is None:
        return
    surv.loc = [spot[0], spot[1]]
    yield Event(
        f"{surv.name} ({surv.size}) has no room at {here[0]},{here[1]} ({why}): "
        f"the figure stands at {spot[0]},{spot[1]}",
        rule=RULE_CAPACITY,
        kind="move",
        ids=("ZGC-NORM-01", "ZGC-BIG-01"),
        assumed=P.GET_OFF,
    )

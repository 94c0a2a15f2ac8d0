"""Craftable Items: store parts, the Size-Ray, the Potion Kit and Body Armour, per tables."""

from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import sizes
from .data import ZData
from .state import Armour, PotionKit, SizeRay, Survivor, ZState

RULE_CRAFT = "Zombies!!! Giants-Club: Craftable Items"
RULE_RAY = "Zombies!!! Giants-Club: Size Ray"
RULE_POT = "Zombies!!! Giants-Club: Size Potions"
RULE_ARM = "Zombies!!! Giants-Club: Craft Body Armour"
KINDS = ("size_ray", "potion_kit", "body_armour")

#: Variant names (catalogue ambiguities).
RAY_TABLE_START = "size_ray_table_start"  # ZGC-AMB-02
POTION_TABLE_FREE = "potion_table_free"  # ZGC-AMB-03
POTION_HEALS_5 = "potion_heals_5"  # ZGC-AMB-04


def sources(data: ZData, store: str) -> list[str]:
    """Which kinds of parts a store gives."""
    return [k for k in KINDS if store in data.crafting[k]["sources"]]


def max_charges(data: ZData, parts: int) -> int:
    """Size-Ray table: parts -> max charges (1 -> 0, 2..5 -> 2..5)."""
    table = data.crafting["size_ray"]["max_charges"]
    return table[min(parts, max(table))]


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
            if state.crafted[kind] >= limit:
                yield Event(
                    f"Only {limit} Size-Ray can exist: {surv.name} cannot make another",
                    rule=RULE_CRAFT,
                    kind="craft",
                )
                return
            top = max_charges(data, parts)
            start = table["start_charges_table_row"] if ctx.variant(RAY_TABLE_START) else top
            surv.size_ray = SizeRay(min(parts, 5), min(start, top))
            state.crafted[kind] += 1
            yield Event(
                f"{surv.name} crafts a Size-Ray: {surv.size_ray.charges} of {top} charges",
                rule=f"{RULE_RAY} ("
                + (
                    "2-part row: 'Start with one charge out of 1', variant"
                    if ctx.variant(RAY_TABLE_START)
                    else "'Has 2 free charges', ZGC-AMB-02 default"
                )
                + ")",
                kind="craft",
            )
        else:
            surv.size_ray.parts = min(parts, 5)
            surv.size_ray.charges = max_charges(data, surv.size_ray.parts)
            yield Event(
                f"{surv.name}'s Size-Ray upgrades: max {surv.size_ray.charges} charges, "
                "all restored",
                rule=f"{RULE_RAY} (extra parts: +1 max charge, max 5)",
                kind="craft",
            )
    elif kind == "potion_kit":
        if surv.potion_kit is None:
            if state.crafted[kind] >= limit:
                yield Event(f"Only {limit} Potion Kit can exist", rule=RULE_CRAFT, kind="craft")
                return
            surv.potion_kit = PotionKit(min(parts, 5))
            state.crafted[kind] += 1
            free = (
                table["free_potions_table"]
                if ctx.variant(POTION_TABLE_FREE)
                else table["free_potions"]
            )
            for i in range(free):
                size = yield Decision(
                    surv.name,
                    "potion_type",
                    f"Free potion {i + 1}: which size?",
                    list(table["sizes"]),
                    rule=RULE_POT,
                )
                surv.potions.append(size)
            yield Event(
                f"{surv.name} makes a Potion Kit with {free} free potion(s)",
                rule=f"{RULE_POT} ("
                + (
                    "table: 'Start with 2 free potions', variant"
                    if ctx.variant(POTION_TABLE_FREE)
                    else "text: '1 Potions for free', ZGC-AMB-03 default"
                )
                + ")",
                kind="craft",
            )
        else:
            surv.potion_kit.parts = min(parts, 5)
            paid, made = table["recipe"][surv.potion_kit.parts]
            yield Event(
                f"{surv.name}'s Potion Kit upgrades: {paid} reserve heart(s) make {made} potion(s)",
                rule=f"{RULE_POT} (table)",
                kind="craft",
            )
    else:
        if surv.armour is None:
            if state.crafted[kind] >= limit:
                yield Event(
                    f"Body Armour may be crafted only {limit} times", rule=RULE_CRAFT, kind="craft"
                )
                return
            surv.armour = Armour(parts, table["made_for"])
            state.crafted[kind] += 1
            yield from _armour_heals(ctx, surv, 0, "crafts Body Armour")
        elif surv.armour.parts < table["max_parts"]:
            before = sizes.armour_extra(data, surv)
            surv.armour.parts = min(parts, table["max_parts"])
            yield from _armour_heals(ctx, surv, before, "upgrades Body Armour")
        else:
            yield Event(
                "Body Armour can't upgrade beyond this stage",
                rule=f"{RULE_ARM} (5+ parts)",
                kind="craft",
            )


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
            out += [f"ray {name} to {surv.size}" for name in resizable_cards(data, surv)]
        if ray.charges < max_charges(data, ray.parts) and surv.bullets > 0:
            out.append("recharge Size-Ray")
    if surv.armour is not None and surv.armour.size != surv.size and surv.size in surv.potions:
        out.append(f"treat armour with {surv.size} potion")
    return out


def resizable_cards(data: ZData, surv: Survivor) -> list[str]:
    """Item/Weapon cards in hand or in play the Survivor can't wield at its size: a Size-Ray
    charge resizes one for it (ZGC-RAY-05: 'Item to any Size'; ZGC-RAY-07: weapons for Giants)."""
    from .events import card_fits

    kinds = data.crafting["size_ray"]["resizes_items"]
    names = {
        w.name
        for w in surv.weapons
        if not card_fits(data, surv.size, data.cards[w.name], w.size)
    }
    for name in set(surv.hand):
        card = data.cards[name]
        if card.kind in kinds and not card_fits(
            data, surv.size, card, surv.resized_cards.get(name)
        ):
            names.add(name)
    return sorted(names)


def ray_card(state: ZState, ctx: Context, surv: Survivor, name: str, size: str) -> Procedure:
    """Spend a Size-Ray charge to resize one Item/Weapon card (in play first, else in hand)."""
    from .events import card_fits

    data: ZData = ctx.data
    if name not in resizable_cards(data, surv) or size != surv.size:
        raise ValueError(f"{surv.name} has no {name!r} card to resize to {size}")
    surv.size_ray.charges -= data.crafting["size_ray"]["charges_per_resize"]
    worn = next(
        (
            w
            for w in surv.weapons
            if w.name == name and not card_fits(data, surv.size, data.cards[w.name], w.size)
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
        rule=f"{RULE_RAY} (ZGC-RAY-07: 'can change the size of weapons to be wielded by Giants'; "
        "table: 'Shrink/Enlarge Survivor/Item to any Size'; assumed: 1 charge per card, a "
        "resized weapon is the Giant's own and does not wear out)",
        kind="craft",
        data={"card": name, "size": size},
    )


def do_craft_action(state: ZState, ctx: Context, surv: Survivor, action: str) -> Procedure:
    """Carry out one crafting action chosen in Step 3."""
    data: ZData = ctx.data
    from .demolish import enlarged_inside

    if action.startswith("craft "):
        size = action.split()[1]
        paid, made = data.crafting["potion_kit"]["recipe"][surv.potion_kit.parts]
        surv.reserve -= paid
        surv.potions += [size] * made
        yield Event(
            f"{surv.name} pays {paid} reserve heart(s) for {made} {size} potion(s)",
            rule=f"{RULE_POT} (table: hearts per potion)",
            kind="craft",
        )
    elif action.startswith("drink "):
        size = action.split()[1]
        surv.potions.remove(size)
        old = surv.size
        sizes.change_size(data, surv, size, ctx.variant(sizes.SIZE_SECTION_HEARTS))
        heal = data.crafting["potion_kit"]["heal_table" if ctx.variant(POTION_HEALS_5) else "heal"]
        gain, kept = sizes.heal(data, surv, heal)
        yield Event(
            f"{surv.name} drinks a {size} potion: {old} -> {size}, heals {gain / 2:g} "
            f"hearts, {kept} to reserve",
            rule=f"{RULE_POT} ("
            + (
                "table: heals 5, variant"
                if ctx.variant(POTION_HEALS_5)
                else "'All potions heal 3 hearts', ZGC-AMB-04 default"
            )
            + "; remainders become reserve)",
            kind="craft",
        )
        yield from resized(state, ctx, surv, old)
    elif action.startswith("ray self to "):
        size = action.split()[-1]
        surv.size_ray.charges -= data.crafting["size_ray"]["charges_per_resize"]
        old = surv.size
        sizes.change_size(data, surv, size, ctx.variant(sizes.SIZE_SECTION_HEARTS))
        yield Event(
            f"{surv.name} uses a Size-Ray charge: {old} -> {size} "
            f"({surv.size_ray.charges} charges left)",
            rule=f"{RULE_RAY} (table: shrink/enlarge a Survivor to any size)",
            kind="craft",
        )
        yield from resized(state, ctx, surv, old)
    elif action == "ray armour to fit":
        surv.size_ray.charges -= data.crafting["size_ray"]["charges_per_resize"]
        surv.armour.size = surv.size
        surv.halves += 2 * sizes.armour_extra(data, surv)
        surv.halves = min(surv.halves, 2 * sizes.max_hearts(data, surv))
        yield Event(
            f"{surv.name} resizes the Body Armour to {surv.size}",
            rule=f"{RULE_ARM} (resized with a Size-Ray)",
            kind="craft",
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
        )
    elif action == "recharge Size-Ray":
        surv.bullets -= data.crafting["size_ray"]["recharge_bullets"]
        surv.size_ray.charges = max_charges(data, surv.size_ray.parts)
        yield Event(
            f"{surv.name} spends a bullet: the Size-Ray is back to {surv.size_ray.charges} charges",
            rule=f"{RULE_RAY} (a bullet restores all charges)",
            kind="craft",
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
    from .movement import squares_of

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
                rule="Zombies!!! Giants-Club: Giants and Carrying (assumed: onto the nearest "
                "square with room, ZGC-NORM-01/ZGC-BIG-01)",
                kind="move",
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
            rule="Zombies!!! Giants-Club: Giants and Carrying (assumed: onto the nearest square "
            "with room, ZGC-NORM-01/ZGC-BIG-01)",
            kind="move",
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
        rule=f"{RULE_CAPACITY} (assumed: a resized figure moves to the nearest square with room)",
        kind="move",
    )


def shrink_left(state: ZState, data: ZData, surv: Survivor) -> bool:
    """Can this Giant still shrink: a Normal potion, a charged (or rechargeable) Size-Ray, a kit?"""
    for s in state.survivors:
        if s.status not in ("active",):
            continue
        if "Normal" in s.potions:
            return True
        if s.size_ray is not None and (s.size_ray.charges > 0 or s.bullets > 0):
            return True
        if s.potion_kit is not None:
            paid, _ = data.crafting["potion_kit"]["recipe"][s.potion_kit.parts]
            if s.reserve >= paid:
                return True
    return False

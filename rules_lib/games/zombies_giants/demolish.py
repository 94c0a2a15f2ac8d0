"""Demolishing buildings: a Huge Giant's check of 8, or enlarging to Huge inside."""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import provenance as P
from . import sizes
from .capacity import fits, nearest_room
from .data import ZData
from .fight import weapon_bonus
from .figures import huge_fits, squares_of
from .movement import reach_squares
from .state import Survivor, ZState, key
from .town import TownMap, town_map
from .variants import DEMOLISH_WITH_WEAPONS
from .win import credit_kills

RULE_DEMO = "Zombies!!! Giants-Club: Huge (Demolish)"
WITH_WEAPONS = P.variant(DEMOLISH_WITH_WEAPONS, "ZGC-AMB-14", "weapon bonuses add to the check")


def protected(data: ZData, tile: str) -> bool:
    """Town Square, Mall Entrance, Helipad and nameless tiles can't be demolished."""
    return tile in data.town["protected"]["names"] or data.tiles[tile].nameless


def demolishable(state: ZState, data: ZData, surv: Survivor) -> list[str]:
    """Buildings a Huge Giant can reach to demolish."""
    if not sizes.stats(data, surv.size).can_demolish or surv.loc is None:
        return []
    tm = town_map(state, data)
    near = reach_squares(
        tm, data, surv.size, squares_of(state, data, surv), sizes.stats(data, surv.size).reach
    )
    out = set()
    for sq in near:
        tile = tm.tile_of.get(sq)
        if (
            tm.kind.get(sq) == "building"
            and tile not in state.demolished
            and not protected(data, tile)
        ):
            out.add(tile)
    return sorted(out)


def demolish_check(state: ZState, ctx: Context, surv: Survivor, tile: str) -> Procedure:
    """Roll a combat check against the building; 8 or more destroys it (ZGC-AMB-14: the Huge
    Giant's own dice, no bonus; the variant adds its weapons' bonuses)."""
    data: ZData = ctx.data
    target = data.rules["combat"]["demolish_target"]
    res = sizes.combat_dice(data, surv.size).roll(ctx.dice, f"demolish {tile}")
    with_weapons = ctx.variant(DEMOLISH_WITH_WEAPONS)
    bonus = weapon_bonus(data, surv) if with_weapons else 0
    total = res.value + bonus
    yield Event(
        f"{surv.name} rolls {list(res.faces)} = {res.value}"
        + (f" +{bonus} weapons = {total}" if bonus else "")
        + f" against the {tile} (needs {target}; "
        f"{data.rules['combat']['demolish_cost']} square of movement)",
        rule=f"{RULE_DEMO} (a combat check against the Building, {target} destroys it)",
        kind="roll",
        data={"total": total, "tile": tile,
              "values": ["rules:combat.demolish_cost", "rules:combat.demolish_tries_per_turn"]},
        ids=("ZGC-DEMO-01", "ZGC-HUGE-06", "ZGC-AMB-14"),
        assumed=P.joined(WITH_WEAPONS if with_weapons else P.AMB14, P.DEMOLISH_COST,
                         P.TILES, P.DECK if bonus else ""),
    )
    if total >= target:
        yield from destroy(state, ctx, tile, surv)
    else:
        yield Event(f"The {tile} stands", rule=RULE_DEMO, kind="result", data={"tile": tile},
                    ids=("ZGC-DEMO-01",), assumed=P.TILES)


def destroy(state: ZState, ctx: Context, tile: str, by: Survivor) -> Procedure:
    """The building is gone: its zombies die (kills count) and its resources are lost."""
    data: ZData = ctx.data
    tm = town_map(state, data)
    inside = set(tm.building_squares(tile))
    dead = [z for z in state.zombies if tuple(z.loc) in inside]
    for z in dead:
        state.zombies.remove(z)
    state.zombie_pool += len(dead)
    credit_kills(state, data, by, len(dead))
    lost = 0
    for sq in inside:
        lost += sum(state.tokens.pop(key(sq), {}).values())
    street = sorted(sq for sq in tm.squares_of(tile) if tm.kind[sq] == "street")
    state.demolished.append(tile)
    moved = []
    for s in state.survivors:  # anyone left inside steps out, the tile's street first (assumed)
        if s.loc is not None and s is not by and s.in_play and tuple(s.loc) in inside and street:
            s.loc = None  # out of the rubble; then onto the nearest square with room
            spot = nearest_room(state, data, s, street[:1], among=street)
            spot = spot or nearest_room(state, data, s, street[:1]) or street[0]
            s.loc = list(spot)
            moved.append(s.name)
    yield Event(
        f"The {tile} is demolished: {len(dead)} zombie(s) and {lost} resource(s) inside "
        f"are destroyed; cards relying on it can no longer be played"
        + (f"; {', '.join(moved)} step(s) out onto its street" if moved else ""),
        rule=f"{RULE_DEMO} (kills all zombies and resources inside)",
        kind="result",
        data={"kills": len(dead), "tile": tile},
        ids=("ZGC-DEMO-03", "ZGC-DEMO-04"),
        assumed=P.joined(P.TILES, P.RUBBLE if moved else ""),
    )


def enlarged_inside(state: ZState, ctx: Context, surv: Survivor) -> Procedure:
    """A Survivor enlarged to Huge inside a building demolishes it, then stands clear (assumed)."""
    data: ZData = ctx.data
    if surv.size != "Huge" or surv.loc is None:
        return
    tm = town_map(state, data)
    here = tuple(surv.loc)
    tile = tm.tile_of.get(here)
    if (
        tm.kind.get(here) == "building"
        and tile not in state.demolished
        and not protected(data, tile)
    ):
        yield Event(
            f"{surv.name} grows to Huge inside the {tile}",
            rule=f"{RULE_DEMO} (enlargement inside a building)",
            kind="result",
            data={"tile": tile},
            ids=("ZGC-DEMO-02",),
            assumed=P.TILES,
        )
        yield from destroy(state, ctx, tile, surv)
        tm = town_map(state, data)
    if not huge_fits(tm, data, tuple(surv.loc)) or not fits(
        state, data, surv.size, tuple(surv.loc), surv
    ):
        spot = nearest_fit(state, tm, data, surv)
        if spot is not None:
            surv.loc = list(spot)
            yield Event(
                f"{surv.name} stands where a Huge figure fits ({spot[0]},{spot[1]})",
                rule="Zombies!!! Giants-Club: Huge (2 square-wide figure)",
                kind="move",
                ids=("ZGC-HUGE-01",),
                assumed=P.GET_OFF,
            )


def nearest_fit(state: ZState, tm: TownMap, data: ZData, surv: Survivor) -> tuple[int, int] | None:
    """The closest anchor (by distance, then position) where the Huge figure fits, with room."""
    return nearest_room(state, data, surv, [tuple(surv.loc)])

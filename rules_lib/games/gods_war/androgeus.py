"""Androgeus (Cosmic Monster card): Council VP, Lust, Superhero, and how to kill him.

The card's numbers are data (data/monsters.yaml): his Combat, the VP of his Council Phase ability,
the Superhero cap on dice rolled against him, the kills each side must score to kill him. Placement
at the Great Compromise in Altinela; Lust (Ongoing); Killing Androgeus: you select which of your
heroes or greater gods in the battle dies, after which he dies.
"""
from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import monsters
from . import provenance as why
from .board import is_adjacent
from .data import GodsWarData
from .state import GWState, Piece, a_unit, remove_piece

NAME = "Androgeus"
COUNCIL = "Androgeus card (Council Phase)"
LUST = "Androgeus card: Lust (Ongoing)"
SUPERHERO = "Androgeus card: Superhero (Battle)"
KILLING = "Androgeus card (Killing Androgeus)"

DICE_WHY = "assumed: the dice a force rolls, one per point of its assumed Combat, are not in the text"
DICE_WHY_CHAMPION = why.join(DICE_WHY, why.SINGLE_COMBAT)
CLASS_WHY = "assumed: which pieces are heroes or greater gods is base-game data (empires.yaml)"
CLASS_REFS = ("empires:empires",)
LUST_MOVE_WHY = why.join(why.AMB_02, why.MAP)
LUST_MOVE_ALONE_WHY = why.join(why.AMB_02, why.MAP, why.LUST_MOVE_ALONE)
LUST_MOVE_REFS = ("map:borders",)
LUST_CHAIN_WHY = why.join(why.LUST_UNIT, why.VARIANT + "lust_chains, the other reading of GW-AMB-03: "
                          "a free Lust summon triggers Lust again")
LUST_NO_MOVE_WHY = (why.VARIANT + "lust_no_move, the other reading of GW-AMB-02: the ban on moving "
                    "Monsters overrides Lust")
KILLED_WHY_EXTRA = (why.VARIANT + "androgeus_hero_dies_in_addition, the other reading of GW-AMB-04: "
                    "the hero dies on top of all his kills")


def superhero_cap(data: GodsWarData, parts: list[int], single_combat: bool) -> tuple[list[int], str]:
    """Cap the dice rolled vs. Androgeus at the card's maximum; a Champion's dice count first."""
    cap = data.cards[NAME].ability("Superhero").params["max_dice"]
    capped, left = [], cap
    for n in parts:
        take = min(n, left)
        capped.append(take)
        left -= take
    wanted = sum(parts)
    note = (f"Superhero: at most {cap} combat dice vs. Androgeus; {sum(capped)} of {wanted} rolled "
            "(the cap counts every die rolled against him in the battle together, GW-AMB-05)")
    if single_combat:
        note += (f" (Single Combat: the Champion's {capped[0]} dice count against the {cap} total, "
                 f"the battle rolls the other {sum(capped[1:])})")
    return capped, note


def council_vp(state: GWState, ctx: Context) -> Procedure:
    """Council Phase: every empire with units in Androgeus' area earns the card's VP."""
    area = state.monster_area(NAME)
    if area is None:
        return
    vp = ctx.data.cards[NAME].ability("Council VP").params["vp"]
    earners = state.empires_in(area)
    for empire in earners:
        state.empires[empire].vp += vp
    if not earners:
        who = f"no empire has units in his area, so none earns the {vp} VP"
    elif len(earners) == 1:
        who = f"{earners[0]} has units in his area and earns {vp} VP"
    else:
        who = (f"{', '.join(earners[:-1])} and {earners[-1]} have units in his area and earn "
               f"{vp} VP each")
    yield Event(f"Androgeus in {area}: {who}", rule=COUNCIL, kind="vp", ids=why.IDS_AND_COUNCIL,
                data={"where": area, "empires": earners, "vp": vp, "monster": NAME})


def lust_applies(state: GWState, data: GodsWarData, area: str) -> str | None:
    """'same' or 'adjacent' if a summon into ``area`` triggers Lust, else None."""
    where = state.monster_area(NAME)
    if where is None:
        return None
    if area == where:
        return "same"
    if is_adjacent(data, area, where):
        return "adjacent"
    return None


def lust_targets(state: GWState, summoner: str) -> list[str]:
    """Enemy empires with units in their pool (FAQ: an empty pool cannot be chosen)."""
    return [e for e in state.player_order
            if e != summoner and any(n > 0 for n in state.empires[e].pool.values())]


def lowest_cost_available(state: GWState, data: GodsWarData, empire: str) -> list[str]:
    """Unit kinds of the lowest cost available in an empire's pool."""
    avail = [k for k, n in state.empires[empire].pool.items() if n > 0]
    if not avail:
        return []
    low = min(data.unit_types[k].cost for k in avail)
    return sorted(k for k in avail if data.unit_types[k].cost == low)


def lust(state: GWState, ctx: Context, summoner: str, area: str, free: bool = False) -> Procedure:
    """Lust, after the triggering summon has been resolved (XIII: the ability occurs after it)."""
    data: GodsWarData = ctx.data
    where = lust_applies(state, data, area)
    if where is None:
        return
    if free and not ctx.variant("lust_chains"):
        yield Event(f"The free Lust summon into {area} does not trigger Lust again (GW-AMB-03: no "
                    "endless chain; variant 'lust_chains' reads it otherwise)",
                    rule=LUST, kind="monster", ids=why.IDS_LUST_NO_CHAIN, assumed=why.AMB_03,
                    data={"where": area, "monster": NAME})
        return
    targets = lust_targets(state, summoner)
    enemy_summoned = None
    if not targets:
        yield Event(f"Lust: no enemy of {summoner} has units available to summon, so none can be "
                    "chosen (FAQ: an enemy with units available to be summoned must be selected)",
                    rule=f"{LUST}; {monsters.FAQ}", kind="monster", ids=why.IDS_LUST_NO_TARGET,
                    data={"where": area, "monster": NAME})
    else:
        enemy = targets[0]
        if len(targets) > 1:
            enemy = yield Decision(summoner, "lust_enemy", f"Lust: which enemy empire summons a unit "
                                   f"for free into {area}?", targets, rule=LUST,
                                   ids=why.IDS_LUST_NO_TARGET)
        kinds = lowest_cost_available(state, data, enemy)
        kind = kinds[0]
        if len(kinds) > 1:
            kind = yield Decision(enemy, "lust_unit", f"Lust: which of your lowest-cost units is "
                                  f"summoned into {area}?", kinds, rule=LUST, ids=why.IDS_LUST,
                                  assumed=why.LUST_UNIT)
        state.empires[enemy].pool[kind] -= 1
        state.pieces.append(Piece(kind, enemy, area))
        state.bump("lust_summons")
        enemy_summoned = enemy
        into = "Androgeus' area" if where == "same" else "an area adjacent to Androgeus"
        yield Event(f"Lust: {summoner} summoned into {into} ({area}); {summoner} chooses {enemy}, "
                    f"who immediately summons {a_unit(kind)} (lowest cost available in its pool) "
                    "there for free", rule=LUST, kind="monster",
                    ids=why.IDS_LUST_NO_CHAIN if free else why.IDS_LUST,
                    assumed=LUST_CHAIN_WHY if free else why.LUST_UNIT,
                    data={"summoner": summoner, "enemy": enemy, "kind": kind, "unit": kind,
                          "area": area, "monster": NAME})
    if where == "adjacent" and ctx.variant("lust_no_move"):
        yield Event("Androgeus does not move (variant 'lust_no_move': the ban on players moving "
                    "Monsters read as overriding Lust)", rule=f"{LUST}; {monsters.MOVEMENT}",
                    kind="monster", ids=why.IDS_LUST_MOVE, assumed=LUST_NO_MOVE_WHY,
                    data={"where": state.monsters[NAME].area, "monster": NAME})
    elif where == "adjacent":
        old = state.monsters[NAME].area
        state.monsters[NAME].area = area
        state.bump("androgeus_moves")
        yield Event(f"Lust: the area was adjacent, so Androgeus also moves from {old} into {area}"
                    "; Lust is his own trigger, so the ban on players moving Monsters does not "
                    "apply (GW-AMB-02)", rule=LUST, kind="move", ids=why.IDS_LUST_MOVE,
                    assumed=LUST_MOVE_WHY if enemy_summoned else LUST_MOVE_ALONE_WHY,
                    data={"monster": NAME, "from": old, "to": area, "refs": LUST_MOVE_REFS})
        yield from monsters.community_trigger(state, data, "Lust", NAME)
    if enemy_summoned is not None:
        yield from lust(state, ctx, enemy_summoned, area, free=True)


def kill_condition(data: GodsWarData, hero_present: bool, kills_against: int, kills_by: int) -> bool:
    """The card's condition to kill Androgeus (one definition for the battle and the odds)."""
    need = data.cards[NAME].killing
    return (hero_present and kills_against >= need["min_kills_against"]
            and kills_by >= need["min_kills_by_monster"])


def kill_exchange(state: GWState, ctx: Context, area: str, foe, andro) -> Procedure:
    """Apply Androgeus' kills to ``foe``; if the kill condition holds, he dies. Returns kills left.

    Condition (card): the foe has a hero or greater god in the battle, scored >= 1 kill against
    Androgeus, and Androgeus rolled >= 1 kill. The foe selects which of its heroes or greater gods
    is killed (that takes one of Androgeus' kills, GW-AMB-04), after which Androgeus dies.
    """
    data: GodsWarData = ctx.data
    champions = sorted({k for k in foe.kinds if monsters.is_hero_or_greater_god(data, k)})
    if not champions:
        faq = foe.name in data.empires and data.empires[foe.name].no_heroes
        yield Event(f"{foe.name} has no hero or greater god in the battle: Androgeus cannot be "
                    "killed", rule=KILLING, kind="combat",
                    ids=why.IDS_AND_NO_HERO_FAQ if faq else why.IDS_AND_NO_HERO,
                    assumed=CLASS_WHY, data={"androgeus_killed": False, "monster": NAME,
                                             "refs": CLASS_REFS})
        return andro.kills
    if not kill_condition(data, True, foe.kills, andro.kills):
        need = data.cards[NAME].killing
        yield Event(f"{foe.name} scored {foe.kills} kill(s) against Androgeus and he rolled "
                    f"{andro.kills}: he dies only if at least {need['min_kills_against']} kill(s) "
                    f"are scored against him and he rolls at least {need['min_kills_by_monster']}"
                    ", so he survives; no other battle result affects him", rule=KILLING,
                    kind="combat",
                    ids=why.IDS_AND_SURVIVES, data={"androgeus_killed": False, "monster": NAME})
        return andro.kills
    # Androgeus' results are the first applied to the foe: all its heroes are still there
    victim = champions[0]
    if len(champions) > 1:
        victim = yield Decision(foe.name, "androgeus_victim", "Killing Androgeus: select which of "
                                "your heroes or greater gods in the battle is killed", champions,
                                rule=KILLING, ids=why.IDS_AND_KILLED)
    remove_piece(state, area, foe.name, victim)
    extra = ctx.variant("androgeus_hero_dies_in_addition")
    reading = ("variant 'androgeus_hero_dies_in_addition': the hero dies on top of all his kills"
               if extra else "that death takes one of his kills, GW-AMB-04; his other results "
               "apply as usual")
    state.bump("units_killed")
    yield Event(f"Killing Androgeus: {foe.name} scored {foe.kills} kill(s) against him with a hero "
                f"or greater god present and he rolled {andro.kills}; {foe.name} selects its "
                f"{victim} to be killed, after which Androgeus dies ({reading})", rule=KILLING,
                kind="combat", ids=why.IDS_AND_KILLED,
                assumed=KILLED_WHY_EXTRA if extra else why.AMB_04,
                data={"androgeus_killed": True, "victim": victim, "unit": victim,
                      "monster": NAME})
    yield from monsters.remove_monster(state, ctx, NAME, foe.name)
    return andro.kills if extra else andro.kills - 1

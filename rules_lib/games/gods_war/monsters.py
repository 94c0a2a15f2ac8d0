"""General Monster rules (XIII. Monsters): classification, selection, placement, what abilities
can and cannot do to Monsters, removal when killed, rewards, and who chooses rout destinations.

The FAQ rulings on Juggernaut (whose card text is not in the rulebook) are modelled exactly as far
as the FAQ states them; everything else about Leviathan and Juggernaut is a data gap.
"""
from __future__ import annotations

from collections.abc import Iterable

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import provenance as why
from .board import board_for
from .data import GodsWarData, UnitType
from .state import GWState, MonsterState, remove_piece

MONSTERS = "XIII. Monsters"
COSMIC = "XIII. Monsters - Cosmic Monsters"
PLACEMENT = "XIII. Monsters - Placement Rules"
MOVEMENT = "XIII. Monsters - Monster Card (Movement)"
COMBAT = "XIII. Monsters - Monster Card (Combat)"
KILLING = "XIII. Monsters - Monster Card (Killing a Monster)"
REWARD = "XIII. Monsters - Monster Card (Reward)"
ROUTED_BY_MONSTER = "XIII. Monsters - Being Routed by a Monster"
FAQ = "XIV. FAQ (Cosmic Monsters)"

_PLACE_IDS = {"Androgeus": why.IDS_PLACE_ANDROGEUS}
VARIANT_ARACHNE_LATE = (why.VARIANT + "arachne_waits_for_compromise, the other reading of "
                        "GW-AMB-01: she waits for the Great Compromise like the other Cosmic Monsters")
JUGGERNAUT_GAP = "assumed: what makes Juggernaut move, and where to, is on his card (data gap)"
MONSTER_MOVE_WHY = ("assumed: a Monster's own way to move (its card's movement trigger) is one of "
                    "the other Monsters' movement-type abilities the FAQ names")
MONSTER_GAP = "assumed: how to kill this Monster is on its card (data gap): no effect applied"
ABILITY_GAP = "assumed: this ability of the base game is not in the text"
_MOVE_REFS = {"move action": ("map:borders", "base_game:actions.move")}
_MOVE_WHY = {"Teleport": why.TELEPORT, "move action": why.MOVE}


# -- classification -----------------------------------------------------------------------------

def unit_type(data: GodsWarData, kind: str) -> UnitType:
    """The unit type (or elder race) of a piece kind; clear error naming the piece otherwise."""
    if kind in data.unit_types:
        return data.unit_types[kind]
    if kind in data.elder_races:
        return data.elder_races[kind]
    raise KeyError(f"unknown piece {kind!r}; known: {', '.join([*data.unit_types, *data.elder_races])}")


def piece_class(data: GodsWarData, kind: str) -> str:
    """'unit', 'hero' or 'greater_god'; Cosmic Monsters count as greater gods (XIII, GW-MON-02)."""
    card = data.cards.get(kind)
    if card is not None:
        if card.type == "Cosmic":
            return data.get("monsters.expansion.cosmic_class")
        return "monster"
    return unit_type(data, kind).klass


def is_hero_or_greater_god(data: GodsWarData, kind: str) -> bool:
    """Heroes and greater gods (and so Cosmic Monsters, and Elder Races classified as heroes)."""
    return piece_class(data, kind) in ("hero", "greater_god")


def monster_aura(state: GWState, name: str, data: GodsWarData | None = None) -> list[str]:
    """A monster's area and the areas adjacent to it, where units trigger it (GW-TRIG-01)."""
    area = state.monster_area(name)
    if area is None:
        return []
    return [area, *board_for(data).neighbors(area)]


# -- selection (set-up) ---------------------------------------------------------------------------

def selection_problems(data: GodsWarData, names: Iterable[str], experienced: bool = False) -> list[str]:
    """Check a Monster selection against the recommendations (XIII; cards: 1 Cosmic Monster).

    Recommended: no more than one Monster of each type; fewer is fine; experienced players may add as
    many as they like (``experienced=True`` overrides). Unknown names are always errors; Monsters
    whose card text is not in the rulebook cannot be played (data gap).
    """
    problems = []
    by_type: dict[str, list[str]] = {}
    for name in names:
        card = data.cards.get(name)
        if card is None:
            problems.append(f"unknown Monster {name!r}; known: {', '.join(data.cards)}")
            continue
        if card.combat is None:
            problems.append(f"{name} cannot be played: {card.data_gap}")
            continue
        by_type.setdefault(card.type, []).append(name)
    per_type = data.get("monsters.expansion.recommended_per_type")
    for mtype, listed in by_type.items():
        per_card = [c for n in listed
                    if (c := data.cards[n].raw.get("recommended_per_game")) is not None]
        card_limit = min(per_card) if per_card else None
        limit = min(per_type, card_limit) if card_limit is not None else per_type
        if len(listed) > limit and not experienced:
            source = (f"their cards recommend no more than {limit} {mtype} Monster per game"
                      if card_limit is not None and card_limit <= per_type else
                      f"the rulebook recommends no more than {limit} of each type ({MONSTERS})")
            problems.append(f"{len(listed)} {mtype} Monsters ({', '.join(listed)}): {source}; "
                            "set experienced=True to play more")
    return problems


def choose_monsters(state: GWState, ctx: Context, proposals: dict[str, list[str]],
                    owner: str) -> Procedure:
    """If the players' proposals differ, the game's owner makes the final decision (GW-SETUP-03)."""
    distinct = []
    for who in state.player_order:
        pick = sorted(proposals.get(who, []))
        if who in proposals and pick not in distinct:
            distinct.append(pick)
    if len(distinct) == 1:
        yield Event(f"All players agree on the Monsters: {', '.join(distinct[0]) or 'none'}",
                    rule=PLACEMENT, kind="setup", ids=why.IDS_OWNER)
        return distinct[0]
    choice = yield Decision(owner, "monsters", "Players disagree: as the game's owner, which "
                            "Monsters are used?", [", ".join(d) for d in distinct],
                            rule=PLACEMENT, ids=why.IDS_OWNER, assumed=why.OWNER)
    yield Event(f"{owner}, as the game's owner, makes the final decision: {choice}",
                rule=PLACEMENT, kind="setup", ids=why.IDS_OWNER, assumed=why.OWNER)
    return [n for n in choice.split(", ") if n]


# -- placement ---------------------------------------------------------------------------------

def place_at_great_compromise(state: GWState, ctx: Context) -> Procedure:
    """Cosmic Monsters are placed when the Great Compromise is first triggered (GW-PLACE-01)."""
    data: GodsWarData = ctx.data
    for name, m in state.monsters.items():
        card = data.cards[name]
        if m.status != "waiting":
            continue
        when = card.placement_when
        late = card.name == "Arachne Solara" and ctx.variant("arachne_waits_for_compromise")
        if late:
            when = "great_compromise"
        if when != "great_compromise":
            continue
        m.status, m.area = "in play", card.placement_area
        yield Event(f"The Great Compromise is first triggered: {name} is placed in {m.area}, as "
                    "its card says", rule=f"{name} card (Placement); {COSMIC}", kind="monster",
                    data={"monster": name, "area": m.area},
                    ids=why.IDS_PLACE_ARACHNE_LATE if late else _PLACE_IDS.get(name, ("GW-PLACE-01",)),
                    assumed=VARIANT_ARACHNE_LATE if late else "")


# -- what players' gifts, runes and abilities can do to Monsters --------------------------------

def ability_kill(state: GWState, ctx: Context, ability: str, area: str, target: str,
                 by: str) -> Procedure:
    """A gift/rune/ability that kills (e.g. Sunspear): always fails against a Monster (GW-KILL-01)."""
    data: GodsWarData = ctx.data
    if target in state.monsters:
        yield Event(f"{by}'s {ability} against {target} fails: gifts, runes and abilities may "
                    "affect a Monster but never destroy it (Sunspear always fails against them)",
                    rule=COMBAT, kind="monster", ids=why.IDS_KILL_BY_ABILITY,
                    data={"ability": ability, "target": target, "killed": False,
                          "monster": target})
        return False
    owner = next((p.empire for p in state.pieces_in(area) if p.kind == target), None)
    if owner is None:
        raise ValueError(f"no {target} in {area} for {ability}")
    remove_piece(state, area, owner, target)
    yield Event(f"{by}'s {ability} kills {owner}'s {target} in {area}",
                rule=f"Gods War base game (assumed): {ability}", kind="combat",
                data={"ability": ability, "target": target, "killed": True, "unit": target},
                assumed=why.SUNSPEAR if ability == "Sunspear" else ABILITY_GAP)
    del data
    return True


def move_by_ability(state: GWState, ctx: Context, empire: str, ability: str, src: str, dest: str,
                    kinds: list[str]) -> Procedure:
    """A player's movement ability (Teleport, a move action) moves pieces, never a Monster."""
    moved = []
    for kind in kinds:
        for p in state.pieces:
            if p.area == src and p.empire == empire and p.kind == kind and p not in moved:
                p.area = dest
                moved.append(p)
                break
        else:
            raise ValueError(f"{empire} has no {kind} in {src} to move")
    yield Event(f"{empire} uses {ability}: {', '.join(kinds)} move from {src} to {dest}",
                rule=f"Gods War base game (assumed): {ability}", kind="move",
                data={"ability": ability, "from": src, "to": dest, "kinds": kinds,
                      "refs": _MOVE_REFS.get(ability, ())},
                assumed=_MOVE_WHY.get(ability, ABILITY_GAP))
    left = state.monsters_in(src)
    if left:
        yield Event(f"{' and '.join(left)} {'stays' if len(left) == 1 else 'stay'} in {src}: "
                    "players cannot move Monsters with gifts or special abilities (Storm cannot "
                    "Teleport a Monster along with Storm King)",
                    rule=MOVEMENT, kind="monster", ids=why.IDS_MOVE_BAN,
                    data={"where": src, "monsters": left})
    yield from community_trigger(state, ctx.data, ability, empire)


def movement_type_abilities(data: GodsWarData) -> list[str]:
    """The movement-type abilities (FAQ): the players' (monsters.yaml ``movement_type``) and every
    Monster's own ways to move (its card's movement triggers: Lust, Spinning the Web)."""
    monsters_own = [t for card in data.cards.values()
                    for t in (card.raw.get("movement") or {}).get("triggers", [])]
    return [*data.get("monsters.abilities_against_monsters.movement_type"), *monsters_own]


def community_trigger(state: GWState, data: GodsWarData, ability: str, by: str) -> Procedure:
    """XIV. FAQ: any movement-type ability, an empire's, an Elder Race's or another Monster's,
    triggers Juggernaut's Community while he is in play; what Community then does is on his card
    (data gap: nothing applied)."""
    if state.monster_area("Juggernaut") is None or ability not in movement_type_abilities(data):
        return
    monster = ability not in data.get("monsters.abilities_against_monsters.movement_type")
    state.bump("community_triggers")
    yield Event(f"{ability} is a movement-type ability: it triggers Juggernaut's Community "
                "(FAQ: any movement-type ability does); what Community then does is on his "
                "card (data gap, nothing applied)", rule=FAQ, kind="monster",
                data={"juggernaut_triggered": True, "ability": ability, "by": by},
                ids=why.IDS_FAQ_JUGGERNAUT, assumed=MONSTER_MOVE_WHY if monster else "")


def siren_song_areas(state: GWState, data: GodsWarData, empire: str, mover: str) -> set[str]:
    """Areas where moving an empire's units costs the Siren Song penalty (assumed Siren Song): those
    holding another empire's Sea units. Juggernaut's Community moves units with no penalty (FAQ)."""
    if mover == "Juggernaut":
        return set()  # FAQ: "Juggernaut overrides Siren Song and no one pays any penalties"
    sea = data.siren_song_empires
    return {p.area for p in state.pieces if p.empire in sea and p.empire != empire}


def siren_song_penalty(state: GWState, data: GodsWarData, empire: str, dest: str,
                       mover: str) -> int:
    """Power an empire pays for units moved into an area with Sea units (assumed Siren Song)."""
    if dest in siren_song_areas(state, data, empire, mover):
        return data.get("base_game.siren_song.penalty_power")
    return 0


def may_enter(state: GWState, data: GodsWarData, piece: str, owner: str | None, dest: str,
              cause: str) -> tuple[bool, str]:
    """Can a piece be moved into dest by this cause? (Hell permissions, Mother of Monsters)."""
    if piece == "Arachne Solara" and cause != "Spinning the Web":
        return False, "Arachne Solara cannot be moved by any means other than Spinning the Web"
    if cause == "Juggernaut":
        return True, "Juggernaut's Community supersedes Hell permissions and restrictions (FAQ)"
    if piece == "Mother of Monsters" and dest in state.spawn_areas and cause in ("rout", "Birth"):
        return False, "routs and her Birth action can't move Mother of Monsters to a Spawn (FAQ)"
    if (owner is not None and data.realm(dest) == data.get("base_game.hell_permissions.realm")
            and not state.empires[owner].hell_permission):
        return False, f"{owner} has no Hell permission (assumed base rule)"
    return True, ""


def juggernaut_moves(state: GWState, ctx: Context, dest: str) -> Procedure:
    """Juggernaut's Community as the FAQ states it: when Juggernaut moves, everyone moves.

    What makes Juggernaut move and where to is on his card (data gap): the destination is given.
    Siren Song costs nobody anything, Hell permissions do not apply, Mother of Monsters may enter an
    area with Spawn. Arachne Solara stays (her card: no moving her other than Spinning the Web).
    """
    data: GodsWarData = ctx.data
    src = state.monster_area("Juggernaut")
    if src is None:
        raise ValueError("Juggernaut is not in play")
    state.monsters["Juggernaut"].area = dest
    moved = []
    for p in state.pieces:
        if p.area == src:
            ok, _ = may_enter(state, data, p.kind, p.empire, dest, "Juggernaut")
            if ok:
                p.area = dest
                moved.append(f"{p.empire}'s {p.kind}")
    for name in state.monsters_in(src):
        ok, reason = may_enter(state, data, name, None, dest, "Juggernaut")
        if ok:
            state.monsters[name].area = dest
            moved.append(name)
        else:
            yield Event(f"{name} stays in {src}: {reason}", rule="Arachne Solara card (Killing)",
                        kind="monster", ids=("GW-ARA-11",), data={"monster": name})
    yield Event(f"Juggernaut moves from {src} to {dest} and everyone moves with him: "
                f"{', '.join(moved) or 'no one else'} (FAQ: Community supersedes Hell permissions, "
                "and no one pays Siren Song penalties)", rule=FAQ, kind="move",
                data={"moved": moved, "to": dest}, ids=why.IDS_FAQ_COMMUNITY,
                assumed=JUGGERNAUT_GAP)


# -- monsters in battle ----------------------------------------------------------------------------

def results_against_monster(hitter, monster) -> Procedure:
    """Kills and routs rolled against a Monster: only its card's Killing procedure can end it
    (nothing on the map changes, so only the two sides are needed)."""
    if monster.name == "Androgeus":
        yield Event(f"{hitter.name} scores {hitter.kills} kill(s) and {hitter.routs} rout(s) against "
                    "Androgeus: only his card's kill exchange can kill him, no other battle "
                    "result affects him", rule="Androgeus card (Killing Androgeus)",
                    kind="combat", ids=why.IDS_AND_IMMUNE, data={"monster": monster.name})
    elif monster.name == "Arachne Solara":
        yield Event(f"{hitter.name} scores {hitter.kills} kill(s) and {hitter.routs} rout(s) against "
                    "Arachne Solara: she cannot be routed, killed or eliminated in battle",
                    rule="Arachne Solara card (Killing Arachne Solara)", kind="combat",
                    ids=why.IDS_ARA_IMMUNE, data={"monster": monster.name})
    else:
        yield Event(f"{monster.name}: how to kill it is on its card (data gap); no effect",
                    rule=KILLING, kind="combat", ids=("GW-KILL-02",), assumed=MONSTER_GAP)


def remove_monster(state: GWState, ctx: Context, name: str, killer: str) -> Procedure:
    """A destroyed Monster is removed from the game and never returns; the killer gets its reward."""
    m = state.monsters[name]
    m.status, m.area = "removed", None
    state.stats[f"{name} killed on turn"] = state.turn
    yield Event(f"{name} is removed from the game; it will not return", rule=KILLING,
                kind="monster", data={"monster": name, "killer": killer}, ids=why.IDS_KILLED)
    reward = ctx.data.cards[name].reward
    yield Event(f"{killer} earns the reward for killing {name}: {reward.get('data_gap', reward)} "
                "(no effect applied)", rule=REWARD, kind="monster", data={"reward": dict(reward)},
                ids=why.IDS_REWARD, assumed=why.REWARD)


def new_monster_states(names: Iterable[str]) -> dict[str, MonsterState]:
    """Every chosen Monster, not yet placed."""
    return {n: MonsterState() for n in names}

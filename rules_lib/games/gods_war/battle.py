"""Battle: the assumed minimal base-game battle, with the Cosmic Monsters' battle rules applied.

Base game (ASSUMED, data/battle.yaml): each side rolls one battle die per point of Combat; a die shows
kill, rout or blank. Kills are taken first (the owner picks which units die and they return to the
pool), then routs send surviving units to an adjacent surface area. A side left with no units while
the other side still has some loses its buildings there.
Monster rules (XIII, Androgeus card, Arachne Solara card) are applied through ``monsters.py``,
``androgeus.py`` and ``arachne_solara.py``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from rules_lib.core.dice import DiceDefinition, Dist
from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import androgeus, arachne_solara, monsters
from . import provenance as why
from .board import adjacent
from .data import GodsWarData
from .state import GWState, move_piece, remove_piece

BASE_BATTLE = "Gods War base game (assumed): Battle"
BATTLE_REFS = ("battle:procedure",)
ROLL_REFS = ("battle:battle_dice", "battle:procedure.dice_per_combat")
ROUT_REFS = ("map:borders",)
BUILDING_REFS = ("battle:procedure.loser_buildings_destroyed",)
ROUT_WHY = why.join(why.BATTLE, why.MAP)
ROLL_WHY_CHAMPION = why.join(why.ROLL, why.SINGLE_COMBAT)
ROUT_BY_MONSTER_WHY = why.join(why.CONTROL, why.MAP)


@dataclass(frozen=True)
class BattleDice(DiceDefinition):
    """n battle dice; each face is 'kill', 'rout' or 'blank'; outcome = (kills, routs)."""

    n: int
    faces: tuple[str, ...]

    @property
    def die_sides(self) -> tuple[int, ...]:
        return (len(self.faces),) * self.n

    def evaluate(self, faces: tuple[int, ...]) -> tuple[int, int]:
        shown = [self.faces[f - 1] for f in faces]
        return shown.count("kill"), shown.count("rout")

    def compute_dist(self) -> Dist:
        """Multinomial closed form over (kills, routs); tests check it against enumeration."""
        sides = len(self.faces)
        k_faces, r_faces = self.faces.count("kill"), self.faces.count("rout")
        b_faces = sides - k_faces - r_faces
        weights = {}
        for k in range(self.n + 1):
            for r in range(self.n - k + 1):
                b = self.n - k - r
                ways = math.comb(self.n, k) * math.comb(self.n - k, r)
                w = ways * k_faces**k * r_faces**r * b_faces**b
                if w:
                    weights[(k, r)] = w
        return Dist.from_weights(weights)

    def kills(self) -> Dist:
        """Distribution of the number of kills alone."""
        return self.dist().map(lambda kr: kr[0])


def battle_dice(data: GodsWarData, n: int) -> BattleDice:
    """The battle dice definition for n dice, faces from data/battle.yaml."""
    return BattleDice(n, data.faces)


@dataclass
class Side:
    """One side of a battle: an empire's pieces in the area, or a monster."""

    name: str
    monster: bool
    kinds: list[str] = field(default_factory=list)  # piece kinds taking part (empire side)
    attacker: bool = False  # it declared the battle (XIII: who picks where routed units go)
    dice: int = 0
    kills: int = 0
    routs: int = 0


def combat_of(data: GodsWarData, kind: str) -> int:
    """Combat value of a piece kind (unit type or elder race)."""
    return monsters.unit_type(data, kind).combat


def side_dice(data: GodsWarData, side: Side) -> int:
    """Dice a side rolls before caps: one per Combat point of its pieces (or the monster card)."""
    per = data.get("battle.procedure.dice_per_combat")
    if side.monster:
        return data.cards[side.name].combat * per
    return sum(combat_of(data, k) for k in side.kinds) * per


def make_side(data: GodsWarData, state: GWState, name: str, area: str) -> Side:
    """Build a side from who is in the area."""
    if name in data.cards:
        if state.monster_area(name) != area:
            raise ValueError(f"{name} is not in play in {area}")
        return Side(name, True)
    kinds = [p.kind for p in state.pieces_in(area, name)]
    if not kinds:
        raise ValueError(f"{name} has no units in {area}")
    return Side(name, False, kinds)


def resolve_battle(state: GWState, ctx: Context, area: str, attacker: str, defender: str,
                   champion: str | None = None) -> Procedure:
    """Fight one battle in ``area``; ``champion`` is Storm's Single Combat champion (a piece kind)."""
    data: GodsWarData = ctx.data
    att = make_side(data, state, attacker, area)
    att.attacker = True
    dfd = make_side(data, state, defender, area)
    if att.monster and state.monsters[att.name].controller is None:
        raise ValueError(f"{att.name} is uncontrolled: Cosmic Monsters only fight when attacked "
                         "(XIII. Monsters - Combat)")
    state.bump("battles")
    yield Event(f"Battle in {area}: {attacker} attacks {defender}", rule=BASE_BATTLE,
                kind="combat", ids=why.IDS_COMBAT, assumed=why.BATTLE,
                data={"where": area, "attacker": attacker, "defender": defender,
                      "refs": BATTLE_REFS})
    # Roll: each side's dice, with the Superhero cap against Androgeus (Battle timing).
    for side, other in ((att, dfd), (dfd, att)):
        wanted = side_dice(data, side)
        parts = [wanted]
        if champion is not None and side is att and not side.monster:
            champ = combat_of(data, champion) * data.get("battle.procedure.dice_per_combat")
            parts = [champ, wanted - champ]
        if other.monster and other.name == "Androgeus":
            parts, note = androgeus.superhero_cap(data, parts, champion is not None)
            yield Event(note, rule=androgeus.SUPERHERO, kind="combat",
                        ids=why.IDS_SUPERHERO_CHAMPION if champion else why.IDS_SUPERHERO,
                        assumed=androgeus.DICE_WHY_CHAMPION if champion else androgeus.DICE_WHY,
                        data={"side": side.name, "wanted": wanted, "dice": sum(parts),
                              "monster": other.name, "refs": ROLL_REFS})
        side.dice = sum(parts)
        for i, n in enumerate(parts):
            is_champion = champion is not None and i == 0 and len(parts) > 1
            label = "Single Combat champion" if is_champion else side.name
            res = battle_dice(data, n).roll(ctx.dice, f"{label} battle dice vs {other.name}")
            side.kills += res.value[0]
            side.routs += res.value[1]
            yield Event(f"{label} rolls {n} dice: {res.value[0]} kill(s), {res.value[1]} rout(s) "
                        f"{list(res.faces)}", rule=BASE_BATTLE, kind="roll", ids=why.IDS_COMBAT,
                        assumed=ROLL_WHY_CHAMPION if is_champion else why.ROLL,
                        data={"faces": list(res.faces), "kills": res.value[0],
                              "routs": res.value[1], "side": side.name, "refs": ROLL_REFS})
    if "Androgeus" in (att.name, dfd.name) and not (att.monster and dfd.monster):
        state.stats["max_dice_vs_androgeus"] = max(
            state.stats.get("max_dice_vs_androgeus", 0),
            (dfd if att.name == "Androgeus" else att).dice)
    # Resolution: kills, then routs, then monster post-battle abilities, then buildings.
    yield from _apply_results(state, ctx, area, att, dfd)
    yield from _apply_results(state, ctx, area, dfd, att)
    yield from _post_battle(state, ctx, area, att, dfd)


def _apply_results(state: GWState, ctx: Context, area: str, hitter: Side, target: Side) -> Procedure:
    """Apply hitter's kills and routs to target (monsters per their cards)."""
    if target.monster:
        yield from monsters.results_against_monster(hitter, target)
        return
    kills = hitter.kills
    if hitter.monster and hitter.name == "Androgeus":
        kills = yield from androgeus.kill_exchange(state, ctx, area, target, hitter)
    for i in range(kills):
        yield from kill_one(state, ctx, area, target.name, f"kill {i + 1} of {kills} by {hitter.name}")
    chooser = rout_chooser(state, hitter, target)
    rule = monsters.ROUTED_BY_MONSTER if hitter.monster else BASE_BATTLE
    ids, rout_why = (((why.IDS_ROUT_ATTACKER, why.MAP) if target.attacker else
                      (why.IDS_ROUT_CONTROLLER, ROUT_BY_MONSTER_WHY))
                     if hitter.monster else ((), ROUT_WHY))
    if hitter.monster and hitter.routs and state.pieces_in(area, target.name):
        if target.attacker:
            yield Event(f"{target.name} attacked {hitter.name} directly, so {target.name} decides "
                        f"where its units routed by {hitter.name} go", rule=rule, kind="info",
                        ids=why.IDS_ROUT_ATTACKER, data={"monster": hitter.name})
        else:
            yield Event(f"{hitter.name} attacked: {chooser}, who controls it, decides where "
                        f"{target.name}'s routed units go", rule=rule, kind="info",
                        ids=why.IDS_ROUT_CONTROLLER, assumed=why.CONTROL,
                        data={"monster": hitter.name})
    for i in range(hitter.routs):
        if not state.pieces_in(area, target.name):
            break
        yield from rout_one(state, ctx, area, target.name, chooser,
                            f"rout {i + 1} of {hitter.routs} by {hitter.name}", rule,
                            rout_why, ids)


def rout_chooser(state: GWState, hitter: Side, target: Side) -> str:
    """Who picks where routed units go (XIII. Being Routed by a Monster); base game: the owner.

    GW-ROUT-02: a player who attacked the Monster directly picks for his own routed units, whoever
    controls it. GW-ROUT-01: if the Monster attacked, the player controlling it picks (an
    uncontrolled Monster never attacks: Cosmic Monsters fight only when attacked).
    """
    if hitter.monster and not target.attacker:
        controller = state.monsters[hitter.name].controller
        if controller is not None:
            return controller
    return target.name


def kill_one(state: GWState, ctx: Context, area: str, empire: str, reason: str,
             kinds: list[str] | None = None, rule: str = BASE_BATTLE) -> Procedure:
    """The owner picks one of his pieces in the area to die; it returns to his pool."""
    here = [p for p in state.pieces_in(area, empire) if kinds is None or p.kind in kinds]
    if not here:
        return
    options = _cheapest_first(ctx.data, sorted({p.kind for p in here}))
    kind = options[0]
    if len(options) > 1:
        kind = yield Decision(empire, "casualty", f"Which of your pieces in {area} is killed "
                              f"({reason})?", options, rule=rule, assumed=why.BATTLE)
    remove_piece(state, area, empire, kind)
    state.bump("units_killed")
    yield Event(f"{empire}'s {kind} in {area} is killed ({reason}) and returns to the pool",
                rule=rule, kind="combat", assumed=why.BATTLE,
                data={"empire": empire, "kind": kind, "unit": kind, "where": area})


def rout_one(state: GWState, ctx: Context, area: str, empire: str, chooser: str, reason: str,
             rule: str = BASE_BATTLE, assumed: str = ROUT_WHY,
             ids: tuple[str, ...] = ()) -> Procedure:
    """One of the empire's pieces in the area is routed to an adjacent surface area."""
    data: GodsWarData = ctx.data
    here = _cheapest_first(data, sorted({p.kind for p in state.pieces_in(area, empire)}))
    kind = here[0]
    if len(here) > 1:
        kind = yield Decision(empire, "rout_unit", f"Which of your pieces in {area} is routed "
                              f"({reason})?", here, rule=rule, assumed=why.BATTLE)
    dests = rout_destinations(data, area)
    if not dests:
        remove_piece(state, area, empire, kind)
        yield Event(f"{empire}'s {kind} cannot rout from {area} (no adjacent surface area) and is "
                    "killed", rule=rule, kind="combat", assumed=ROUT_WHY,
                    data={"unit": kind, "where": area, "refs": ROUT_REFS})
        return
    dest = dests[0]
    if len(dests) > 1:
        dest = yield Decision(chooser, "rout_destination",
                              f"Where does {empire}'s routed {kind} go from {area}?", dests,
                              rule=rule, ids=ids, assumed=assumed)
    move_piece(state, area, empire, kind, dest)
    state.bump("units_routed")
    yield Event(f"{empire}'s {kind} is routed from {area} to {dest} ({reason}; {chooser} chooses "
                "where)", rule=rule, kind="move", ids=ids, assumed=assumed,
                data={"empire": empire, "kind": kind, "from": area, "to": dest, "chooser": chooser,
                      "refs": ROUT_REFS})


def rout_destinations(data: GodsWarData, area: str) -> list[str]:
    """Adjacent surface-world areas (assumed base rule: routs stay on the surface)."""
    return [a for a in adjacent(data, area) if data.realm(a) == "surface"]


def _post_battle(state: GWState, ctx: Context, area: str, att: Side, dfd: Side) -> Procedure:
    """Post-Battle: monster abilities (Tangled in the Web), then buildings of a wiped-out side."""
    for side, other in ((att, dfd), (dfd, att)):
        if other.monster and other.name == "Arachne Solara" and not side.monster:
            yield from arachne_solara.tangled_in_the_web(state, ctx, side.name, side.kills)
    if not ctx.data.get("battle.procedure.loser_buildings_destroyed"):
        return
    for loser, winner in ((att, dfd), (dfd, att)):
        if loser.monster or state.pieces_in(area, loser.name):
            continue
        winner_left = (state.monster_area(winner.name) == area if winner.monster
                       else bool(state.pieces_in(area, winner.name)))
        owners = state.buildings.get(area, [])
        if not winner_left or loser.name not in owners:
            continue
        if winner.monster and winner.name == "Arachne Solara":
            yield Event(f"Arachne Solara does not destroy {loser.name}'s building in {area}, even "
                        "though she killed and/or routed all of its units",
                        rule=arachne_solara.TANGLED, kind="combat", ids=why.IDS_NO_BUILDING_LOSS,
                        data={"monster": winner.name, "where": area})
            continue
        owners.remove(loser.name)
        if not owners:
            del state.buildings[area]
        state.bump("buildings_destroyed")
        yield Event(f"{loser.name} has no units left in {area}: its building there is destroyed",
                    rule=BASE_BATTLE, kind="combat", assumed=why.BATTLE,
                    data={"where": area, "refs": BUILDING_REFS})


def _cheapest_first(data: GodsWarData, kinds: list[str]) -> list[str]:
    return sorted(kinds, key=lambda k: (monsters.unit_type(data, k).cost, k))

"""Combat: dice per unit, simultaneous hits, hit allocation, Guards, the Time Tracker, Retreat,
Overrun, Fort Combat (with Barrage) and Sortie returns.

The dice a side rolls are described once by :func:`volley` (a :class:`Volley` of core dice
definitions); the game rolls it and :mod:`.odds` enumerates the very same object."""
from __future__ import annotations

import functools
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules_lib.core.dice import DiceSource, Dist, DoublesHit, HitDie, HitPool
from rules_lib.core.engine import Context, Decision, Event

from .board import has_enemy, is_enemy_city, swarm_may_step
from .data import GinData
from .fx import choose_fx, effect
from .movement import reveal_guards
from .provenance import (
    ACTING_DID_NOT_MOVE,
    BARRAGE_NO_RETREAT,
    FORT_ALONE_STANDS,
    NOWHERE_TO_RETREAT,
    cite,
    fighters_reason,
    fx_reason,
    join,
    whys,
)
from .state import GinState, Unit, other
from .victory import sudden_victory

R_COMBAT = "Ginormopod: Combat"
R_FORT = "Ginormopod: Fort Combat"
R_RETREAT = "Ginormopod: Combat (Retreat)"
R_OVERRUN = "Ginormopod: Combat (Overrun)"

Proc = Generator[Any, Any, Any]


# --------------------------------------------------------------------------------------------
# Dice: one definition for the game and the odds
# --------------------------------------------------------------------------------------------


class Fighter(NamedTuple):
    """What a unit brings to the dice: its type, whether Reduced, whether a revealed armed Guard."""

    type: str
    reduced: bool = False
    armed: bool = True


@dataclass(frozen=True)
class Volley:
    """All dice one side rolls in a Combat: die symbols (HitPool), Fresh Tanks (DoublesHit each),
    and hits scored without dice (FX)."""

    pool: HitPool = field(default_factory=lambda: HitPool(()))
    doubles: tuple[DoublesHit, ...] = ()
    auto_hits: int = 0

    def dist(self) -> Dist:
        """Exact distribution of hits scored."""
        return _volley_dist(self)

    @functools.cached_property
    def _pool_scoring(self) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
        """(sides, each pool die's hits by face, read off HitDie.hits) when the pool's dice all
        have the same number of sides, as HitPool.roll then rolls them (one roll_many); None for
        an empty or mixed pool. Worked out once per Volley: volleys are shared per set of fighters
        (see volley()) and rolled every battle."""
        dice = self.pool.dice
        if not dice or any(d.sides != dice[0].sides for d in dice):
            return None
        sides = dice[0].sides
        return sides, tuple((0, *[1 if d.hits(f) else 0 for f in range(1, sides + 1)])
                            for d in dice)

    def roll(self, source: DiceSource, purpose: str) -> tuple[int, tuple[int, ...]]:
        """Roll every die through the source: (hits, faces in rolling order)."""
        hits, faces = self.auto_hits, ()
        scoring = self._pool_scoring
        if scoring is not None:  # the pool's roll (one roll_many), scored by lookup
            sides, by_face = scoring
            faces = tuple(source.roll_many(len(by_face), sides, purpose))
            if 1 <= min(faces) and max(faces) <= sides:
                for face, scores in zip(faces, by_face):
                    hits += scores[face]
            else:  # a face off the die (a hand-made forced roll): the pool's own scoring
                hits += self.pool.evaluate(faces)
        elif self.pool.dice:
            r = self.pool.roll(source, purpose)
            hits += r.value
            faces += r.faces
        for d in self.doubles:
            r = d.roll(source, f"{purpose} (Fresh Tank)")
            hits += r.value
            faces += r.faces
        return hits, faces


@functools.lru_cache(maxsize=4096)
def _volley_dist(v: Volley) -> Dist:
    d = v.pool.dist()
    for dbl in v.doubles:
        d = d + dbl.dist()
    return d + v.auto_hits if v.auto_hits else d


def fighter_pips(data: GinData, f: Fighter, reduced_doubles: bool = False
                 ) -> tuple[tuple[int, ...], bool]:
    """Die-symbol pips of a unit's face-up side, and whether they roll as a Fresh Tank (a Reduced
    Tank rolls its symbols normally, GIN-AMB-15, unless the variant gives it the doubles rule)."""
    t = data.types[f.type]
    if t.no_reduced_side:
        return (t.revealed_armed if f.armed else ()), False
    if f.reduced:
        return t.reduced, t.fresh_doubles and reduced_doubles
    return t.fresh, t.fresh_doubles


def fighter_of(u: Unit) -> Fighter:
    return Fighter(u.type, u.reduced, u.armed and u.revealed)


def volley(data: GinData, fighters: list[Fighter] | tuple[Fighter, ...], *, fort_strength: int = 0,
           own_fx: str = "", enemy_fx: str = "", fires: bool = True,
           reduced_doubles: bool = False) -> Volley:
    """GIN-COMB-04/05, GIN-TANK-01/02, GIN-FORT-01: the dice a side rolls, FX-modified."""
    if not fires:
        return Volley()
    key = (tuple(fighters), fort_strength, own_fx, enemy_fx, reduced_doubles)
    cache = data.__dict__.setdefault("_volleys", {})  # the same fighters roll the same dice
    v = cache.get(key)
    if v is None:
        if len(cache) >= 4096:  # bounded, like movement._move_options
            cache.clear()
        v = cache[key] = _build_volley(data, key[0], fort_strength, own_fx, enemy_fx,
                                       reduced_doubles)
    return v


def _build_volley(data: GinData, fighters: tuple[Fighter, ...], fort_strength: int, own_fx: str,
                  enemy_fx: str, reduced_doubles: bool = False) -> Volley:
    """The Volley of volley(), assembled from the unit types and FX effects."""
    mod = effect(data, own_fx, "own_pip_modifier") + effect(data, enemy_fx, "enemy_pip_modifier")
    dice: list[HitDie] = []
    doubles: list[DoublesHit] = []
    for f in fighters:
        pips, dbl = fighter_pips(data, f, reduced_doubles)
        if dbl:
            doubles.extend([_doubles_hit(p + mod) for p in pips])
        else:
            dice.extend([_hit_die(p + mod) for p in pips])
    if fort_strength > 0:
        dice.extend([_hit_die(data.fort_pips)] * fort_strength)
    if own_fx:
        dice.extend([_hit_die(p) for p in effect(data, own_fx, "extra_dice", [])])
    return Volley(HitPool(tuple(dice)), tuple(doubles), int(effect(data, own_fx, "auto_hits")))


_HIT_DICE: dict[int, HitDie] = {}
_DOUBLES: dict[int, DoublesHit] = {}


def _hit_die(threshold: int) -> HitDie:
    """One shared (frozen, equal-by-value) HitDie per threshold: volleys are built every battle."""
    die = _HIT_DICE.get(threshold)
    if die is None:
        die = _HIT_DICE[threshold] = HitDie(threshold)
    return die


def _doubles_hit(threshold: int) -> DoublesHit:
    """One shared DoublesHit per threshold (see _hit_die)."""
    die = _DOUBLES.get(threshold)
    if die is None:
        die = _DOUBLES[threshold] = DoublesHit(threshold)
    return die


def suffered(data: GinData, hits_scored: int, own_fx: str) -> int:
    """Hits a side suffers after its own FX cancels some."""
    return max(0, hits_scored - int(effect(data, own_fx, "cancel_hits")))


def steps(data: GinData, fighters: list[Fighter] | tuple[Fighter, ...]) -> int:
    """Hits a group can absorb: 2 for a Fresh unit, 1 for a Reduced unit or a Guard."""
    types = data.types
    return sum([1 if (f.reduced or types[f.type].no_reduced_side) else 2 for f in fighters])


def verdict(acting_suffered: int, enemy_suffered: int, acting_left: bool, enemy_left: bool) -> str:
    """GIN-RETR-01/02: who must Retreat ('acting', 'enemy' or '' for nobody)."""
    loser = "acting" if acting_suffered >= enemy_suffered else "enemy"
    winner_left = enemy_left if loser == "acting" else acting_left
    return loser if winner_left else ""


def overrun_applies(data: GinData, acting_count: int, enemy_units: int, fort_boxes: int,
                    ignore_fort: bool = False) -> bool:
    """GIN-OVRN-01 with GIN-AMB-08: at least five acting units against only one enemy unit (the
    numbers are data); Fort boxes count as units, so an undestroyed Fort cannot be overrun
    (unless the variant says not)."""
    enemy = enemy_units + (0 if ignore_fort else fort_boxes)
    if acting_count < data.overrun_min_acting or not 1 <= enemy <= data.overrun_max_enemy:
        return False
    return ignore_fort or fort_boxes == 0


# --------------------------------------------------------------------------------------------
# Activation bookkeeping shared by movement and combat
# --------------------------------------------------------------------------------------------


@dataclass
class Activation:
    """One Formation's Activation: who acts, enemy Cities at its start, battles still to fight."""

    side: str
    formations: tuple[str, ...]
    # City -> [Swarm, Human, unrevealed] at the start: a shallow copy of the occupancy, whose rows
    # are replaced, never changed in place (see movement._count_move)
    start_occ: dict[str, list[int]]
    start_forts: frozenset[str]  # undestroyed Forts at the start
    pending: list[str] = field(default_factory=list)
    fort_orders: dict[str, str] = field(default_factory=dict)
    extra_movers: list[str] = field(default_factory=list)

    @classmethod
    def begin(cls, state: GinState, side: str, formation: str,
              occ: dict[str, list[int]] | None = None) -> Activation:
        """Snapshot the table as the Activation starts."""
        occ = state.occupancy() if occ is None else occ
        return cls(side, (formation,), dict(occ),
                   frozenset([c for c, f in state.forts.items() if not f.destroyed]))

    def was_enemy(self, city: str, side: str) -> bool:
        """Was the City enemy to the side when this Activation began (GIN-RETR-05/06/08)?"""
        if side == "Swarm" and city in self.start_forts:
            return True
        row = self.start_occ.get(city)
        me, foe = (0, 1) if side == "Swarm" else (1, 0)
        return bool(row and row[foe] and not row[me])


# --------------------------------------------------------------------------------------------
# Hits
# --------------------------------------------------------------------------------------------


def eliminate(state: GinState, data: GinData, u: Unit) -> str:
    """GIN-HITS-02/03/04: Humans leave the game; Swarm units go two turns ahead on the Time Tracker,
    or leave the game on Turns 9-10."""
    u.loc, u.came_from, u.sortie_from, u.no_combat = "", "", "", False
    u.reduced = False
    if u.side == "Swarm" and state.turn < data.removed_from_turn:
        u.pool, u.track_turn = "track", state.turn + data.tracker_delay
        return f"{u.id} is Eliminated and placed on Turn {u.track_turn} of the Time Tracker"
    u.pool = "eliminated"
    if u.side == "Swarm":
        return f"{u.id} is Eliminated on Turn {state.turn} and removed from the game"
    return f"{u.id} is Eliminated and removed from the game"


def eliminated_ids(u: Unit) -> tuple[str, ...]:
    """The catalogue rules an elimination applies (which depends on where the unit went)."""
    if u.side == "Human":
        return ("GIN-HITS-02",)
    return ("GIN-HITS-03",) if u.pool == "track" else ("GIN-HITS-04",)


def apply_hit(state: GinState, data: GinData, u: Unit) -> Event:
    """GIN-OVER-05, GIN-NG-04: a Fresh unit flips; a Reduced unit or a Guard is Eliminated."""
    if not u.reduced and not data.types[u.type].no_reduced_side:
        u.reduced = True
        return Event(f"{u.id} is hit and flipped to its Reduced side", rule=R_COMBAT, kind="hit",
                     data={"unit": u.id, "result": "reduced"}, ids=("GIN-OVER-05", "GIN-HITS-01"))
    guard = data.types[u.type].no_reduced_side
    message = eliminate(state, data, u)
    return Event(message, rule=R_COMBAT, kind="hit", data={"unit": u.id, "result": "eliminated"},
                 ids=(("GIN-NG-04",) if guard else ("GIN-OVER-05",)) + eliminated_ids(u))


def hit_fort(state: GinState, data: GinData, city: str) -> Event:
    """GIN-MAP-03/04, GIN-FORT-03: the Fort loses a box; at zero it is Destroyed."""
    f = state.forts[city]
    f.strength -= 1
    why = whys(data).forts[city]
    if f.strength <= 0:
        f.strength, f.destroyed = 0, True
        return Event(f"The Fort at {city} loses its last box: cube removed, Destroyed marker "
                     "placed", rule=R_FORT, kind="fort", data={"fort": city, "destroyed": True},
                     ids=("GIN-MAP-04", "GIN-FORT-02", "GIN-FORT-03"), assumed=why)
    return Event(f"The Fort at {city} takes a hit: strength {f.strength}", rule=R_FORT,
                 kind="fort", data={"fort": city, "strength": f.strength},
                 ids=("GIN-MAP-03", "GIN-FORT-02"), assumed=why)


def _hit_order(data: GinData, units: list[Unit]) -> list[Unit]:
    """Guards first, then Fresh units, then Reduced ones (the default offered first)."""
    return sorted(units, key=lambda u: (0 if data.types[u.type].no_reduced_side else
                                        1 if not u.reduced else 2, u.id))


def allocate_hits(state: GinState, ctx: Context, side: str, city: str, fighters: list[Unit],
                  hits: int, fort_city: bool) -> Proc:
    """GIN-HITS-01, GIN-FORT-02: the owner takes each hit on a unit of his choice; the Fort absorbs
    hits only when no friendly unit is left."""
    data: GinData = ctx.data
    for i in range(hits):
        alive = [u for u in fighters if u.pool == "map" and u.loc == city]
        if not alive:
            if side == "Human" and fort_city and state.fort_intact(city):
                yield hit_fort(state, data, city)
                yield from sudden_victory(state, ctx)
                continue
            yield Event(f"{hits - i} hit(s) on the {side} find no unit left", rule=R_COMBAT,
                        ids=("GIN-HITS-01",))
            return
        if len(alive) == 1:
            target = alive[0]
        else:
            opts = [u.id for u in _hit_order(data, alive)]
            uid = yield Decision(side, "allocate_hit", f"Hit {i + 1} of {hits} at {city}: "
                                 "which unit takes it?", opts, rule=R_COMBAT,
                                 data={"city": city, "hit": i + 1, "hits": hits},
                                 ids=("GIN-HITS-01",))
            target = next((u for u in alive if u.id == uid), None) or state.unit(uid)
        yield apply_hit(state, data, target)


# --------------------------------------------------------------------------------------------
# Retreat
# --------------------------------------------------------------------------------------------


def _may_enter(state: GinState, data: GinData, side: str, a: str, b: str) -> bool:
    return side != "Swarm" or swarm_may_step(state, data, a, b)


def _room(state: GinState, data: GinData, city: str, side: str) -> bool:
    return state.stack(city, side) < data.stack_limit


def retreat_targets(state: GinState, data: GinData, act: Activation, unit: Unit,
                    only: str = "") -> list[str]:
    """GIN-RETR-04..06/09: non-enemy Cities the unit may end its Retreat in."""
    side = unit.side
    out = []
    for nb in ([only] if only else data.adjacency[unit.loc]):
        if nb not in data.adjacency[unit.loc] or not _may_enter(state, data, side, unit.loc, nb):
            continue
        if is_enemy_city(state, nb, side):
            continue
        if has_enemy(state, nb, side) and act.was_enemy(nb, side):
            continue  # contested now, but enemy when this Activation began
        if not _room(state, data, nb, side) and not _displace_options(state, data, act, side, nb,
                                                                      exclude=unit.id):
            continue
        out.append(nb)
    return out


def _displace_options(state: GinState, data: GinData, act: Activation, side: str, city: str,
                      exclude: str = "") -> list[str]:
    opts = []
    for u in state.at(city, side):
        if u.id == exclude:
            continue
        for nb in data.adjacency[city]:
            if _may_enter(state, data, side, city, nb) and not has_enemy(state, nb, side) \
                    and _room(state, data, nb, side):
                opts.append(f"{u.id} -> {nb}")
    return opts


def displace(state: GinState, ctx: Context, act: Activation, side: str, city: str,
             exclude: str) -> Proc:
    """GIN-RETR-09: a unit already in the over-full City is moved to another City."""
    data: GinData = ctx.data
    opts = _displace_options(state, data, act, side, city, exclude)
    choice = opts[0] if len(opts) == 1 else (yield Decision(
        side, "displace", f"{city} would hold more than {data.stack_limit}: displace which unit, "
        "to where?", opts, rule=R_RETREAT, data={"city": city}, ids=("GIN-RETR-09",)))
    uid, dest = choice.split(" -> ")
    state.unit(uid).loc = dest
    yield Event(f"{uid} is displaced from {city} to {dest} to make room", rule=R_RETREAT,
                kind="retreat", data={"unit": uid, "to": dest}, ids=("GIN-RETR-09",))


def retreat_unit(state: GinState, ctx: Context, act: Activation, unit: Unit, acting: bool) -> Proc:
    """One unit's Retreat, with every clause of the rule (GIN-RETR-03..10, GIN-NG-05)."""
    data: GinData = ctx.data
    side = unit.side
    if data.types[unit.type].no_reduced_side:
        yield Event(f"{unit.id} cannot Retreat: " + eliminate(state, data, unit), rule=R_RETREAT,
                    kind="retreat", data={"unit": unit.id}, ids=("GIN-NG-05",))
        return
    back = unit.came_from if acting and unit.came_from else ""
    chooser = side
    if not back and ctx.variant("retreat_chosen_by_enemy"):
        chooser = other(side)  # GIN-AMB-06 variant: the winner picks the City
    while unit.pool == "map":
        opts = retreat_targets(state, data, act, unit, only=back)
        if opts:
            if len(opts) == 1:
                dest = opts[0]
            else:
                dest = yield Decision(chooser, "retreat", f"Where does {unit.id} Retreat from "
                                      f"{unit.loc}?", opts, rule=R_RETREAT,
                                      data={"unit": unit.id, "from": unit.loc},
                                      ids=("GIN-RETR-04", "GIN-AMB-06"),
                                      assumed="" if back else _retreat_reason(ctx, acting))
            if not _room(state, data, dest, side):
                yield from displace(state, ctx, act, side, dest, unit.id)
            start = unit.loc
            unit.loc = dest
            note = ""
            ids: tuple[str, ...] = ("GIN-RETR-03",) if back else ("GIN-RETR-04", "GIN-AMB-06")
            if has_enemy(state, dest, side):
                unit.no_combat = True
                note = " (contested: it takes no part in Combat there this Activation)"
                ids += ("GIN-RETR-06", "GIN-RETR-07")
            why = ("back to where it moved from" if back else
                   "one road, to a City of the winner's choice (variant of GIN-AMB-06)"
                   if chooser != side else "one road (GIN-AMB-06 default)")
            yield Event(f"{unit.id} Retreats {start} -> {dest} {why}{note}", rule=R_RETREAT,
                        kind="retreat", data={"unit": unit.id, "from": start, "to": dest},
                        ids=ids, assumed="" if back else _retreat_reason(ctx, acting))
            return
        pool = [back] if back else [nb for nb in data.adjacency[unit.loc]
                                    if _may_enter(state, data, side, unit.loc, nb)]
        enemy = [c for c in pool if is_enemy_city(state, c, side) and _room(state, data, c, side)]
        if not enemy:
            yield Event(f"{unit.id} has nowhere to Retreat: " + eliminate(state, data, unit),
                        rule=R_RETREAT, kind="retreat", data={"unit": unit.id},
                        ids=("GIN-RETR-10",), assumed=NOWHERE_TO_RETREAT)
            return
        yield Event(f"{unit.id} can only Retreat into an enemy City and suffers an extra hit",
                    rule=R_RETREAT, kind="retreat", data={"unit": unit.id}, ids=("GIN-RETR-10",))
        yield apply_hit(state, data, unit)
        if unit.pool != "map":
            return
        dest = enemy[0] if len(enemy) == 1 else (yield Decision(
            chooser, "retreat", f"{unit.id} retreats through which enemy City?", enemy,
            rule=R_RETREAT, data={"unit": unit.id, "from": unit.loc}, ids=("GIN-RETR-10",)))
        yield Event(f"{unit.id} retreats through enemy-held {dest}", rule=R_RETREAT,
                    kind="retreat", data={"unit": unit.id, "to": dest}, ids=("GIN-RETR-10",))
        unit.loc = dest
        back = ""


def _retreat_reason(ctx: Context, acting: bool) -> str:
    """Why a Retreat without a City to go back to goes where it goes (GIN-AMB-06)."""
    if ctx.variant("retreat_chosen_by_enemy"):
        return "variant of GIN-AMB-06: the winner chooses where the loser retreats, one road"
    return ACTING_DID_NOT_MOVE if acting else (
        "default reading of GIN-AMB-06: the owner retreats the unit one road, to a City of his "
        "choice")


# --------------------------------------------------------------------------------------------
# A battle
# --------------------------------------------------------------------------------------------


def participants(state: GinState, city: str, side: str, act: Activation, ctx: Context,
                 acting: bool, here: list[Unit] | None = None) -> list[Unit]:
    """GIN-AMB-07 default: every unit of the side in the City fights (except those that retreated
    in this Activation); the variant lets only the activated Formation's units attack.
    `here`: the units on the map in the City (state.at(city)), if already listed."""
    if here is None:
        here = state.at(city)
    units = [u for u in here if u.side == side and not u.no_combat]
    if acting and ctx.variant("only_activated_units_attack"):
        units = [u for u in units if u.formation in act.formations or u.id in act.extra_movers]
    return units


AMB_07 = "default reading of GIN-AMB-07: every unit of both sides in the City fights"
AMB_07_VARIANT = "variant of GIN-AMB-07: only the activated Formation's units attack"
AMB_08 = ("default reading of GIN-AMB-08: Fort boxes count as units, so an undestroyed Fort is "
          "never overrun")
AMB_13 = "default reading of GIN-AMB-13: Hits the Fort absorbs count for the Retreat"
AMB_17 = ("default reading of GIN-AMB-17: the Humans win a Sortie when the Swarm must Retreat or "
          "has no unit left")
AMB_17_VARIANT = "variant of GIN-AMB-17: the Humans win a Sortie only if no Swarm unit is left"


def resolve_battle(state: GinState, ctx: Context, act: Activation, city: str,
                   kind: str = "normal") -> Proc:
    """Resolve one Combat (kind 'normal', 'full_attack' or 'barrage') in a City."""
    data: GinData = ctx.data
    side, foe = act.side, other(act.side)
    state.stats["battles"] += 1
    here = state.at(city)
    if _unrevealed_guard_in(here):
        yield from reveal_guards(state, data, city)
        here = state.at(city)  # blank Guards are gone
    fort_city = state.fort_intact(city)
    barrage = kind == "barrage"
    mine = participants(state, city, side, act, ctx, acting=True, here=here)
    theirs = participants(state, city, foe, act, ctx, acting=False, here=here)
    humans_fort = state.fort_boxes(city) if fort_city else 0
    rule = R_FORT if fort_city else R_COMBAT
    acting_here = bool(mine) or (side == "Human" and fort_city and kind != "normal")
    enemy_here = bool(theirs) or (side == "Swarm" and fort_city)
    if not acting_here or not enemy_here:
        yield Event(f"No Combat at {city}: one side has no unit there", rule=rule,
                    ids=("GIN-COMB-01",))
        return {"fought": False}
    fort_text = f" and a Fort of strength {humans_fort}" if fort_city else ""
    fort_why = whys(data).forts[city] if fort_city else ""
    if barrage:
        swarm_n = len(theirs)
        yield Event(f"Barrage at {city} (Combat Marker placed): only the Fort (strength "
                    f"{humans_fort}) rolls against {swarm_n} Swarm unit(s); the Swarm fires "
                    "back only with the Wasp", rule=R_FORT, kind="combat",
                    data={"city": city, "kind": kind, "fort": city},
                    ids=("GIN-FORT-10", "GIN-COMB-02"), assumed=fort_why)
    else:
        label = {"normal": "Combat", "full_attack": "Full Attack"}[kind]
        variant_07 = ctx.variant("only_activated_units_attack")
        # the Fort is the Humans': its strength is told with the Human side, acting or not
        sides = {side: f"{side} {len(mine)} unit(s)", foe: f"{foe} {len(theirs)} unit(s)"}
        sides["Human"] += fort_text
        yield Event(f"{label} at {city} (Combat Marker placed): {sides[side]} vs {sides[foe]}",
                    rule=rule, kind="combat", data={"city": city, "kind": kind,
                                                    "fort": city if fort_city else ""},
                    ids=("GIN-COMB-02", "GIN-COMB-03", "GIN-AMB-07")
                    + (("GIN-FORT-09",) if kind == "full_attack" else ()),
                    assumed=join(AMB_07_VARIANT if variant_07 else AMB_07, fort_why))
    # Overrun (not in a Barrage)
    enemy_units = len(theirs)
    ignore_fort = ctx.variant("overrun_ignores_fort_boxes")
    if kind == "normal" and overrun_applies(data, len(mine), enemy_units,
                                            humans_fort if side == "Swarm" else 0, ignore_fort):
        state.stats["overruns"] += 1
        victims = list(theirs)  # the single enemy unit (more if the data allows more)
        message = "; ".join(eliminate(state, data, v) for v in victims)
        yield Event(f"Overrun at {city}: {len(mine)} {side} units against {len(victims)}; "
                    f"{message}; the {side} suffers no hits", rule=R_OVERRUN, kind="overrun",
                    data={"city": city, "unit": victims[0].id},
                    ids=("GIN-OVRN-01", "GIN-OVRN-02", "GIN-AMB-08") + eliminated_ids(victims[0]),
                    assumed=("variant of GIN-AMB-08: Fort boxes do not count against an Overrun"
                             if ignore_fort and humans_fort else ""))
        yield from overrun_advance(state, ctx, act, city, mine)
        return {"fought": True, "overrun": True}
    # FX: acting side first, one each
    hand = state.fx_hand  # choose_fx offers nothing from an empty hand
    fx_me = (yield from choose_fx(state, ctx, side, city, barrage)) if hand[side] else ""
    fx_them = (yield from choose_fx(state, ctx, foe, city, barrage)) if hand[foe] else ""
    fx = {side: fx_me, foe: fx_them}
    human_units = mine if side == "Human" else theirs
    swarm_units = theirs if side == "Human" else mine
    s_fires = not barrage or bool(effect(data, fx["Swarm"], "fires_in_barrage", False))
    reduced_doubles = ctx.variant("reduced_tank_doubles")
    h_fighters = [] if barrage else [fighter_of(u) for u in human_units]
    s_fighters = [fighter_of(u) for u in swarm_units]
    # in a Barrage only the Fort itself rolls dice: no unit and no FX adds Human dice
    h_volley = volley(data, h_fighters, fort_strength=humans_fort,
                      own_fx="" if barrage else fx["Human"], enemy_fx=fx["Swarm"],
                      reduced_doubles=reduced_doubles)
    s_volley = volley(data, s_fighters, own_fx=fx["Swarm"], enemy_fx=fx["Human"], fires=s_fires,
                      reduced_doubles=reduced_doubles)
    h_hits, h_faces = h_volley.roll(ctx.dice, f"Human dice at {city}")
    s_hits, s_faces = s_volley.roll(ctx.dice, f"Swarm dice at {city}")
    on_swarm = suffered(data, h_hits, fx["Swarm"])
    on_human = suffered(data, s_hits, fx["Human"])
    h_why = fighters_reason(data, h_fighters)
    if fort_city or fx_me or fx_them:
        h_why = join(h_why, fort_why, "" if barrage else fx_reason(data, fx["Human"]),
                     fx_reason(data, fx["Swarm"])
                     if effect(data, fx["Swarm"], "enemy_pip_modifier") else "")
    yield Event(f"Humans roll {list(h_faces)}: {h_hits} hit(s)"
                + (f" (the Fort's dice hit on {data.fort_pips}+)" if fort_city else ""),
                rule=rule, kind="roll",
                data={"side": "Human", "faces": list(h_faces), "hits": h_hits,
                      "fighters": h_fighters, "fort": city if fort_city else "",
                      "fx_effect": "" if barrage else fx["Human"]},
                ids=cite(("GIN-COMB-03", "GIN-COMB-04", "GIN-OVER-03", "GIN-OVER-04")
                         + (("GIN-FORT-01",) if fort_city else ())
                         + (("GIN-FORT-10",) if barrage else ()), h_why),
                assumed=h_why)
    if s_fires:
        s_why = fighters_reason(data, s_fighters)
        if fx_me or fx_them:
            s_why = join(s_why, fx_reason(data, fx["Swarm"]),
                         fx_reason(data, fx["Human"])
                         if effect(data, fx["Human"], "enemy_pip_modifier") else "")
        yield Event(f"Swarm rolls {list(s_faces)}: {s_hits} hit(s)"
                    + (" (the Wasp lets it fire back in the Barrage)" if barrage else ""),
                    rule=R_COMBAT, kind="roll",
                    data={"side": "Swarm", "faces": list(s_faces), "hits": s_hits,
                          "fighters": s_fighters, "fx_effect": fx["Swarm"]},
                    ids=cite(("GIN-COMB-03", "GIN-COMB-04", "GIN-OVER-03", "GIN-OVER-04")
                             + (("GIN-FORT-10",) if barrage else ()), s_why), assumed=s_why)
    else:
        yield Event("Barrage: only the Fort rolls; the Swarm cannot fire back without the Wasp",
                    rule=R_FORT, kind="roll", ids=("GIN-FORT-10",))
    cancel = "" if not (fx_me or fx_them) else join(
        fx_reason(data, fx["Swarm"]) if effect(data, fx["Swarm"], "cancel_hits") else "",
        fx_reason(data, fx["Human"]) if effect(data, fx["Human"], "cancel_hits") else "")
    yield Event(f"All hits apply at once: Swarm suffers {on_swarm}, Humans suffer {on_human}",
                rule=R_COMBAT, kind="combat", data={"Swarm": on_swarm, "Human": on_human},
                ids=cite(("GIN-COMB-03",), cancel), assumed=cancel)
    unit_steps = (steps(data, [fighter_of(u) for u in human_units] if barrage else h_fighters)
                  if fort_city else 0)  # (only a Fort's hits need telling apart)
    yield from allocate_hits(state, ctx, "Swarm", city, swarm_units, on_swarm, fort_city)
    yield from allocate_hits(state, ctx, "Human", city, human_units, on_human, fort_city)
    if state.result is not None:
        return {"fought": True}
    if barrage:
        yield Event("Barrage: no Retreat follows", rule=R_FORT, ids=("GIN-FORT-10",),
                    assumed=BARRAGE_NO_RETREAT)
        return {"fought": True}
    # GIN-AMB-13: do the Hits the Fort absorbed count for the Retreat? (default: yes)
    not_counted = ctx.variant("fort_hits_not_counted_for_retreat")
    units_only = min(on_human, unit_steps) if fort_city else on_human
    human_count, other_reading = (units_only, on_human) if not_counted else (on_human, units_only)
    suffer = {"Swarm": on_swarm, "Human": human_count}
    left = {"Swarm": _still_in(swarm_units, city), "Human": _still_in(human_units, city)}
    fort_alone = False
    if fort_city and state.fort_intact(city):
        fort_alone = not left["Human"]
        left["Human"] = True
    who = verdict(suffer[side], suffer[foe], left[side], left[foe])
    loser = {"acting": side, "enemy": foe, "": ""}[who]
    tie = suffer[side] == suffer[foe]
    fort_count = ""
    if other_reading != human_count:  # the reading matters only if it changes who retreats
        alt = {"Swarm": on_swarm, "Human": other_reading}
        if verdict(alt[side], alt[foe], left[side], left[foe]) != who:
            fort_count = ("variant of GIN-AMB-13: Hits the Fort absorbs do not count for the "
                          "Retreat" if not_counted else AMB_13)
    if not who:
        if left[side] or left[foe]:
            message = ("No Retreat: the acting side suffered as many hits, but the enemy has no "
                       "units left" if tie else
                       "No Retreat: the side that suffered fewer hits has no units left")
        else:
            message = "Both sides are wiped out"
        yield Event(message, rule=R_RETREAT,
                    ids=("GIN-RETR-01", "GIN-RETR-02") + (("GIN-AMB-13",) if fort_count else ()),
                    data={"Swarm": suffer["Swarm"], "Human": suffer["Human"]},
                    assumed=fort_count)
        winner = side if left[side] else (foe if left[foe] else "")
    else:
        winner = other(loser)
        why = join(fort_count, FORT_ALONE_STANDS
                   if fort_alone and loser == "Swarm" and left["Swarm"] else "")
        yield from do_retreat(state, ctx, act, city, loser, swarm_units if loser == "Swarm"
                              else human_units, acting=(loser == side), fort_city=fort_city,
                              tie=tie, suffer=suffer, why=why)
    # GIN-AMB-17: the Humans win when the Swarm must Retreat or has no units left (variant: only
    # when no Swarm unit is left in the City)
    won = not left["Swarm"] if ctx.variant("sortie_won_only_by_wiping_out") else (
        winner == "Human" or not left["Swarm"])
    if side == "Human" and won:
        yield from sortie_return(state, ctx, act, city, human_units)
    return {"fought": True, "loser": loser, "winner": winner}


def _unrevealed_guard_in(units: list[Unit]) -> bool:
    """Whether any of these units is a Human unit not yet revealed (a National Guard)."""
    for u in units:
        if not u.revealed and u.side == "Human":
            return True
    return False


def _still_in(units: list[Unit], city: str) -> bool:
    """Whether any of these units is still on the map in the City."""
    for u in units:
        if u.pool == "map" and u.loc == city:
            return True
    return False


def do_retreat(state: GinState, ctx: Context, act: Activation, city: str, loser: str,
               units: list[Unit], acting: bool, fort_city: bool, tie: bool = False,
               suffer: dict[str, int] | None = None, why: str = "") -> Proc:
    """GIN-RETR-01, GIN-FORT-04: the loser retreats; Humans in a Fort may ignore it."""
    left = [u for u in units if u.pool == "map" and u.loc == city]
    counts = dict(suffer or {})
    amb: tuple[str, ...] = ("GIN-AMB-13",) if "GIN-AMB-13" in why else ()
    if tie:
        reason_text = "suffered as many hits as the enemy and, acting, must Retreat"
    else:
        reason_text = "suffered more hits and must Retreat"
    if not left:
        if loser == "Human" and fort_city and state.fort_intact(city):
            message = f"The Humans {reason_text}, but only the Fort is left: it stays"
        else:
            message = f"The {loser} side {reason_text}, but none of its units is left"
        yield Event(message, rule=R_FORT if fort_city else R_RETREAT, kind="retreat",
                    ids=("GIN-RETR-01",) + amb, data=counts, assumed=why)
        return
    if fort_city and loser == "Human":
        choice = yield Decision("Human", "fort_retreat", f"The Humans in the Fort at {city} must "
                                "Retreat: ignore it?", ["ignore", "retreat"], rule=R_FORT,
                                data={"city": city}, ids=("GIN-FORT-04",))
        if choice == "ignore":
            yield Event(f"The Humans at {city} {reason_text}, but ignore the Retreat: they hold "
                        "the Fort", rule=R_FORT, kind="retreat", data=counts,
                        ids=("GIN-RETR-01", "GIN-FORT-04") + amb, assumed=why)
            return
    yield Event(f"The {loser} {reason_text} from {city}", rule=R_RETREAT, kind="retreat",
                data=counts, ids=("GIN-RETR-01",) + (("GIN-FORT-04",) if fort_city else ()) + amb,
                assumed=why)
    for u in left:
        if u.pool == "map" and u.loc == city:
            yield from retreat_unit(state, ctx, act, u, acting)


def overrun_advance(state: GinState, ctx: Context, act: Activation, city: str,
                    units: list[Unit]) -> Proc:
    """GIN-OVRN-03/04: the overrunning units may advance one more City together, once per turn."""
    data: GinData = ctx.data
    group = [u for u in units if u.pool == "map" and u.loc == city and not u.advanced]
    if not group:
        return
    side = act.side
    opts = [nb for nb in data.adjacency[city] if _may_enter(state, data, side, city, nb)
            and state.stack(nb, side) + len(group) <= data.stack_limit]
    if not opts:
        return
    choice = yield Decision(side, "overrun_advance", f"Advance the {len(group)} overrunning "
                            f"units from {city} one more City?", ["stay", *opts], rule=R_OVERRUN,
                            data={"city": city}, ids=("GIN-OVRN-03",))
    if choice == "stay":
        return
    for u in group:
        u.loc, u.came_from, u.advanced = choice, city, True
    battle = has_enemy(state, choice, side)
    yield Event(f"{len(group)} units advance {city} -> {choice} regardless of MP"
                + (": another battle" if battle else ""), rule=R_OVERRUN, kind="move",
                data={"from": city, "to": choice}, ids=("GIN-OVRN-03", "GIN-OVRN-04"))
    if battle and choice not in act.pending:
        act.pending.append(choice)


def sortie_return(state: GinState, ctx: Context, act: Activation, city: str,
                  units: list[Unit]) -> Proc:
    """GIN-FORT-13: after winning a Sortie the units may stay or return to their Fort."""
    data: GinData = ctx.data
    group = [u for u in units if u.pool == "map" and u.loc == city and u.sortie_from]
    if not group:
        return
    fort = group[0].sortie_from
    if state.stack(fort, "Human") + len(group) > data.stack_limit or not state.fort_intact(fort):
        return
    choice = yield Decision("Human", "sortie", f"The Sortie from {fort} won: remain in {city} or "
                            "return to the Fort?", ["remain", f"return to {fort}"], rule=R_FORT,
                            data={"city": city, "fort": fort}, ids=("GIN-FORT-13", "GIN-AMB-17"),
                            assumed=AMB_17_VARIANT if ctx.variant("sortie_won_only_by_wiping_out")
                            else AMB_17)
    if choice != "remain":
        for u in group:
            u.loc = fort
        yield Event(f"The sortie units return to the Fort at {fort}", rule=R_FORT, kind="move",
                    ids=("GIN-FORT-12", "GIN-FORT-13", "GIN-AMB-17"))

"""Combat: who fights, Overrun, FX, the dice of both sides, Hits, who Retreats, and the Sortie.

(Ginormopod: Combat; Fort Combat.) :func:`resolve_battle` is one Combat in the rulebook's order;
the dice a side rolls are described once by :func:`volley` (a :class:`~.volley.Volley` of core
dice definitions): the game rolls it and :mod:`.odds` enumerates the very same object. Hits are
applied by :mod:`.hits`, the Retreat by :mod:`.retreat`.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from rules_lib.core.dice import DoublesHit, HitDie, HitPool
from rules_lib.core.engine import Context, Decision, Event

from .activation import Activation
from .board import has_enemy
from .data import VOLLEYS_KEPT, GinData
from .fx import choose_fx, effect
from .hits import allocate_hits, eliminate, eliminated_ids
from .movement import reveal_guards
from .provenance import (
    BARRAGE_NO_RETREAT,
    FORT_ALONE_STANDS,
    cite,
    fighters_reason,
    fx_reason,
    join,
    whys,
)
from .retreat import do_retreat, may_enter
from .state import GinState, Unit, other
from .volley import Fighter, Volley, doubles_hit, hit_die

R_COMBAT = "Ginormopod: Combat"
R_FORT = "Ginormopod: Fort Combat"
R_RETREAT = "Ginormopod: Combat (Retreat)"
R_OVERRUN = "Ginormopod: Combat (Overrun)"

Proc = Generator[Any, Any, Any]


# --------------------------------------------------------------------------------------------
# Dice: one definition for the game and the odds
# --------------------------------------------------------------------------------------------


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
    """What a counter brings to the dice (an unrevealed Guard is not yet armed)."""
    return Fighter(u.type, u.reduced, u.armed and u.revealed)


def volley(data: GinData, fighters: list[Fighter] | tuple[Fighter, ...], *, fort_strength: int = 0,
           own_fx: str = "", enemy_fx: str = "", fires: bool = True,
           reduced_doubles: bool = False) -> Volley:
    """GIN-COMB-04/05, GIN-TANK-01/02, GIN-FORT-01: the dice a side rolls, FX-modified (kept in
    the data's `volleys`: the same fighters roll the same dice)."""
    if not fires:
        return Volley()
    key = (tuple(fighters), fort_strength, own_fx, enemy_fx, reduced_doubles)
    kept = data.volleys
    v = kept.get(key)
    if v is None:
        if len(kept) >= VOLLEYS_KEPT:
            kept.clear()
        v = kept[key] = _build_volley(data, key[0], fort_strength, own_fx, enemy_fx,
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
            doubles.extend([doubles_hit(p + mod) for p in pips])
        else:
            dice.extend([hit_die(p + mod) for p in pips])
    if fort_strength > 0:
        dice.extend([hit_die(data.fort_pips)] * fort_strength)
    if own_fx:
        dice.extend([hit_die(p) for p in effect(data, own_fx, "extra_dice", [])])
    return Volley(HitPool(tuple(dice)), tuple(doubles), int(effect(data, own_fx, "auto_hits")))


def suffered(data: GinData, hits_scored: int, own_fx: str) -> int:
    """Hits a side suffers after its own FX cancels some."""
    return max(0, hits_scored - int(effect(data, own_fx, "cancel_hits")))


def cancelled_text(scored: int, suffers: int, own_fx: str) -> str:
    """What a side's own FX took off the hits scored against it, for the log ('' if nothing)."""
    if suffers == scored:
        return ""
    return f" ({scored} scored, {scored - suffers} cancelled by its {own_fx})"


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


@dataclass
class Battle:
    """One Combat as it is resolved: where, what kind, who acts, who takes part, and the Fort."""

    city: str
    kind: str  # 'normal', 'full_attack' or 'barrage'
    side: str  # the acting side
    mine: list[Unit]  # the acting side's units that fight
    theirs: list[Unit]  # the enemy's
    fort_city: bool  # an undestroyed Fort stands in the City
    humans_fort: int  # its strength boxes (0 if none)
    fort_why: str = ""  # why the Fort's strength is assumed

    @property
    def foe(self) -> str:
        return other(self.side)

    def record(self) -> dict[str, Any]:
        """The Combat as plain data (unit ids), for a Decision taken during it: analysis reads the
        exact odds of an FX choice from it (``option_odds``)."""
        return {"city": self.city, "kind": self.kind, "side": self.side,
                "mine": [u.id for u in self.mine], "theirs": [u.id for u in self.theirs],
                "fort_city": self.fort_city, "humans_fort": self.humans_fort,
                "fort_why": self.fort_why}

    @classmethod
    def from_record(cls, state: GinState, record: dict[str, Any]) -> Battle:
        """The Combat :meth:`record` describes, its units read from ``state``."""
        return cls(record["city"], record["kind"], record["side"],
                   [state.unit(uid) for uid in record["mine"]],
                   [state.unit(uid) for uid in record["theirs"]],
                   record["fort_city"], record["humans_fort"], record["fort_why"])

    @property
    def barrage(self) -> bool:
        return self.kind == "barrage"

    @property
    def human_units(self) -> list[Unit]:
        return self.mine if self.side == "Human" else self.theirs

    @property
    def swarm_units(self) -> list[Unit]:
        return self.theirs if self.side == "Human" else self.mine


def resolve_battle(state: GinState, ctx: Context, act: Activation, city: str,
                   kind: str = "normal") -> Proc:
    """Resolve one Combat (kind 'normal', 'full_attack' or 'barrage') in a City, in the
    rulebook's order: who fights, Overrun, FX, both sides' dice, Hits, Retreat, the Sortie."""
    data: GinData = ctx.data
    state.stats["battles"] += 1
    battle = yield from line_up(state, ctx, act, city, kind)
    if battle is None:
        return {"fought": False}
    side = battle.side
    ignore_fort = ctx.variant("overrun_ignores_fort_boxes")
    if kind == "normal" and overrun_applies(data, len(battle.mine), len(battle.theirs),
                                            battle.humans_fort if side == "Swarm" else 0,
                                            ignore_fort):
        yield from overrun(state, ctx, act, battle, ignore_fort)
        return {"fought": True, "overrun": True}
    # FX: acting side first, one each
    hand = state.fx_hand  # choose_fx offers nothing from an empty hand
    fx_me = ((yield from choose_fx(state, ctx, side, city, battle.barrage,
                                   combat={"battle": battle.record()}))
             if hand[side] else "")
    fx_them = ((yield from choose_fx(state, ctx, battle.foe, city, battle.barrage,
                                     combat={"battle": battle.record(), "acting_fx": fx_me}))
               if hand[battle.foe] else "")
    fx = {side: fx_me, battle.foe: fx_them}
    on_swarm, on_human, unit_steps = yield from fire(state, ctx, battle, fx)
    yield from allocate_hits(state, ctx, "Swarm", city, battle.swarm_units, on_swarm,
                             battle.fort_city)
    yield from allocate_hits(state, ctx, "Human", city, battle.human_units, on_human,
                             battle.fort_city)
    if state.result is not None:
        return {"fought": True}
    if battle.barrage:
        yield Event("Barrage: no Retreat follows", rule=R_FORT, ids=("GIN-FORT-10",),
                    assumed=BARRAGE_NO_RETREAT)
        return {"fought": True}
    loser, winner, swarm_left = yield from after_hits(state, ctx, act, battle, on_swarm,
                                                      on_human, unit_steps)
    # GIN-AMB-17: the Humans win when the Swarm must Retreat or has no units left (variant: only
    # when no Swarm unit is left in the City)
    won = not swarm_left if ctx.variant("sortie_won_only_by_wiping_out") else (
        winner == "Human" or not swarm_left)
    if side == "Human" and won:
        yield from sortie_return(state, ctx, act, city, battle.human_units)
    return {"fought": True, "loser": loser, "winner": winner}


def line_up(state: GinState, ctx: Context, act: Activation, city: str, kind: str
            ) -> Generator[Event, Any, Battle | None]:
    """GIN-COMB-01/02: hidden Guards in the City are revealed, the units that fight are counted
    and the Combat Marker is placed; None (after saying so) when one side has nobody there."""
    data: GinData = ctx.data
    side, foe = act.side, other(act.side)
    here = state.at(city)
    if _unrevealed_guard_in(here):
        yield from reveal_guards(state, data, city)
        here = state.at(city)  # blank Guards are gone
    fort_city = state.fort_intact(city)
    mine = participants(state, city, side, act, ctx, acting=True, here=here)
    theirs = participants(state, city, foe, act, ctx, acting=False, here=here)
    humans_fort = state.fort_boxes(city) if fort_city else 0
    rule = R_FORT if fort_city else R_COMBAT
    acting_here = bool(mine) or (side == "Human" and fort_city and kind != "normal")
    enemy_here = bool(theirs) or (side == "Swarm" and fort_city)
    if not acting_here or not enemy_here:
        yield Event(f"No Combat at {city}: one side has no unit there", rule=rule,
                    ids=("GIN-COMB-01",))
        return None
    fort_text = f" and a Fort of strength {humans_fort}" if fort_city else ""
    fort_why = whys(data).forts[city] if fort_city else ""
    if kind == "barrage":
        yield Event(f"Barrage at {city} (Combat Marker placed): only the Fort (strength "
                    f"{humans_fort}) rolls against {len(theirs)} Swarm unit(s); the Swarm fires "
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
    return Battle(city, kind, side, mine, theirs, fort_city, humans_fort, fort_why)


def overrun(state: GinState, ctx: Context, act: Activation, battle: Battle, ignore_fort: bool
            ) -> Proc:
    """GIN-OVRN-01/02: the lone enemy unit is Eliminated without dice; the acting side suffers no
    hits, and may advance (overrun_advance)."""
    data: GinData = ctx.data
    side, city = battle.side, battle.city
    state.stats["overruns"] += 1
    victims = list(battle.theirs)  # the single enemy unit (more if the data allows more)
    message = "; ".join(eliminate(state, data, v) for v in victims)
    yield Event(f"Overrun at {city}: {len(battle.mine)} {side} units against {len(victims)}; "
                f"{message}; the {side} suffers no hits", rule=R_OVERRUN, kind="overrun",
                data={"city": city, "unit": victims[0].id},
                ids=("GIN-OVRN-01", "GIN-OVRN-02", "GIN-AMB-08") + eliminated_ids(victims[0]),
                assumed=("variant of GIN-AMB-08: Fort boxes do not count against an Overrun"
                         if ignore_fort and battle.humans_fort else ""))
    yield from overrun_advance(state, ctx, act, city, battle.mine)


def fire(state: GinState, ctx: Context, battle: Battle, fx: dict[str, str]
         ) -> Generator[Event, Any, tuple[int, int, int]]:
    """GIN-COMB-03/04, GIN-FORT-01/10: both sides roll at once (in a Barrage only the Fort, and
    the Swarm only with the Wasp); returns the Hits the Swarm and the Humans suffer, and the
    Hits the Human units (not the Fort) could absorb."""
    data: GinData = ctx.data
    city, barrage, fort_city = battle.city, battle.barrage, battle.fort_city
    human_units, swarm_units = battle.human_units, battle.swarm_units
    used_fx = bool(fx[battle.side] or fx[battle.foe])
    s_fires = not barrage or bool(effect(data, fx["Swarm"], "fires_in_barrage", False))
    reduced_doubles = ctx.variant("reduced_tank_doubles")
    h_fighters = [] if barrage else [fighter_of(u) for u in human_units]
    s_fighters = [fighter_of(u) for u in swarm_units]
    # in a Barrage only the Fort itself rolls dice: no unit and no FX adds Human dice
    h_volley = volley(data, h_fighters, fort_strength=battle.humans_fort,
                      own_fx="" if barrage else fx["Human"], enemy_fx=fx["Swarm"],
                      reduced_doubles=reduced_doubles)
    s_volley = volley(data, s_fighters, own_fx=fx["Swarm"], enemy_fx=fx["Human"], fires=s_fires,
                      reduced_doubles=reduced_doubles)
    h_hits, h_faces = h_volley.roll(ctx.dice, f"Human dice at {city}")
    s_hits, s_faces = s_volley.roll(ctx.dice, f"Swarm dice at {city}")
    on_swarm = suffered(data, h_hits, fx["Swarm"])
    on_human = suffered(data, s_hits, fx["Human"])
    h_why = fighters_reason(data, h_fighters)
    if fort_city or used_fx:
        h_why = join(h_why, battle.fort_why, "" if barrage else fx_reason(data, fx["Human"]),
                     fx_reason(data, fx["Swarm"])
                     if effect(data, fx["Swarm"], "enemy_pip_modifier") else "")
    yield Event(f"Humans roll {list(h_faces)}: "
                + _hits_text(h_hits, h_volley.auto_hits, "" if barrage else fx["Human"])
                + (f" (the Fort's dice hit on {data.fort_pips}+)" if fort_city else ""),
                rule=R_FORT if fort_city else R_COMBAT, kind="roll",
                data={"side": "Human", "faces": list(h_faces), "hits": h_hits,
                      "fighters": h_fighters, "fort": city if fort_city else "",
                      "fx_effect": "" if barrage else fx["Human"]},
                ids=cite(("GIN-COMB-03", "GIN-COMB-04", "GIN-OVER-03", "GIN-OVER-04")
                         + (("GIN-FORT-01",) if fort_city else ())
                         + (("GIN-FORT-10",) if barrage else ()), h_why),
                assumed=h_why)
    if s_fires:
        s_why = fighters_reason(data, s_fighters)
        if used_fx:
            s_why = join(s_why, fx_reason(data, fx["Swarm"]),
                         fx_reason(data, fx["Human"])
                         if effect(data, fx["Human"], "enemy_pip_modifier") else "")
        yield Event(f"Swarm rolls {list(s_faces)}: "
                    + _hits_text(s_hits, s_volley.auto_hits, fx["Swarm"])
                    + (" (the Wasp lets it fire back in the Barrage)" if barrage else ""),
                    rule=R_COMBAT, kind="roll",
                    data={"side": "Swarm", "faces": list(s_faces), "hits": s_hits,
                          "fighters": s_fighters, "fx_effect": fx["Swarm"]},
                    ids=cite(("GIN-COMB-03", "GIN-COMB-04", "GIN-OVER-03", "GIN-OVER-04")
                             + (("GIN-FORT-10",) if barrage else ()), s_why), assumed=s_why)
    else:
        yield Event("Barrage: only the Fort rolls; the Swarm cannot fire back without the Wasp",
                    rule=R_FORT, kind="roll", ids=("GIN-FORT-10",))
    cancel = "" if not used_fx else join(
        fx_reason(data, fx["Swarm"]) if effect(data, fx["Swarm"], "cancel_hits") else "",
        fx_reason(data, fx["Human"]) if effect(data, fx["Human"], "cancel_hits") else "")
    yield Event(f"All hits apply at once: Swarm suffers {on_swarm}"
                f"{cancelled_text(h_hits, on_swarm, fx['Swarm'])}, Humans suffer {on_human}"
                f"{cancelled_text(s_hits, on_human, fx['Human'])}",
                rule=R_COMBAT, kind="combat", data={"Swarm": on_swarm, "Human": on_human},
                ids=cite(("GIN-COMB-03",), cancel), assumed=cancel)
    unit_steps = (steps(data, [fighter_of(u) for u in human_units] if barrage else h_fighters)
                  if fort_city else 0)  # (only a Fort's hits need telling apart)
    return on_swarm, on_human, unit_steps


def _hits_text(hits: int, auto: int, fx_name: str) -> str:
    """'3 hit(s)', or with an FX that scores without dice '1 hit(s) + 2 from Nuclear without
    dice = 3 hit(s)': the log shows where every Hit came from."""
    if not auto:
        return f"{hits} hit(s)"
    return f"{hits - auto} hit(s) + {auto} from {fx_name} without dice = {hits} hit(s)"


def after_hits(state: GinState, ctx: Context, act: Activation, battle: Battle, on_swarm: int,
               on_human: int, unit_steps: int) -> Generator[Any, Any, tuple[str, str, bool]]:
    """GIN-RETR-01/02 (with GIN-AMB-13): who must Retreat, and the Retreat; returns the loser,
    the winner ('' for nobody) and whether Swarm units are left in the City."""
    side, foe, city, fort_city = battle.side, battle.foe, battle.city, battle.fort_city
    swarm_units, human_units = battle.swarm_units, battle.human_units
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
    return loser, winner, left["Swarm"]


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


def overrun_advance(state: GinState, ctx: Context, act: Activation, city: str,
                    units: list[Unit]) -> Proc:
    """GIN-OVRN-03/04: the overrunning units may advance one more City together, once per turn."""
    data: GinData = ctx.data
    group = [u for u in units if u.pool == "map" and u.loc == city and not u.advanced]
    if not group:
        return
    side = act.side
    opts = [nb for nb in data.adjacency[city] if may_enter(state, data, side, city, nb)
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

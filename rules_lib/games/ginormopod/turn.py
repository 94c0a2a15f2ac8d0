"""The sequence of play: Set-Up, then each turn Fade In, Action (chit draws), Fade Out."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .activation import Activation
from .combat import resolve_battle
from .danger import roll_for_danger
from .data import SIDES, GinData
from .fort import fort_options
from .movement import movement_step
from .provenance import (
    ALLY_NO_ROOM,
    NO_TURN_LEFT,
    cite,
    join,
    whys,
)
from .provenance import reason as data_reason
from .setup import is_end_chit, setup
from .state import GinState, Unit
from .victory import check_victory

R_FLOW = "Ginormopod: Flow of Play"
R_FADE_IN = "Ginormopod: Fade In"
R_FADE_OUT = "Ginormopod: Fade Out"
R_ALLY = "Ginormopod: Allied Reinforcements"
R_FX = "Ginormopod: FX"

Proc = Generator[Any, Any, None]


def play(state: GinState, ctx: Context) -> Proc:
    """The whole game, resumable at any phase boundary of a saved state."""
    if state.phase == "Set-Up":
        yield from setup(state, ctx)
        state.phase = "Fade In"
    while state.result is None:
        if state.phase == "Fade In":
            state.step = ""
            yield Event(f"Turn {state.turn} begins", rule=R_FLOW, kind="turn",
                        data={"turn": state.turn}, ids=("GIN-FLOW-01",))
            yield Event("Fade In", rule=R_FADE_IN, kind="phase", ids=("GIN-FLOW-01",))
            if state.turn == ctx.data.first_turn:
                yield Event(f"The Fade In Phase is skipped on Turn {state.turn}", rule=R_FLOW,
                            ids=("GIN-FLOW-02",))
            else:
                yield from fade_in(state, ctx)
            if state.result is not None:
                return
            state.phase = "Action"
        if state.phase == "Action":
            state.step = ""
            yield Event(f"Action Phase: draw chits until the {_nth(ctx.data.end_track_spaces)} "
                        "...The End???", rule=R_FLOW, kind="phase", ids=("GIN-FLOW-04",))
            yield from action_phase(state, ctx)
            if state.result is not None:
                return
            state.phase = "Fade Out"
        if state.phase == "Fade Out":
            state.step = ""
            yield Event("Fade Out", rule=R_FADE_OUT, kind="phase", ids=("GIN-FOUT-01",))
            yield from fade_out(state, ctx)
            if state.result is None:
                state.phase = "Fade In"


# --------------------------------------------------------------------------------------------
# Fade In
# --------------------------------------------------------------------------------------------


_NTH = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _nth(n: int) -> str:
    return _NTH.get(n) or f"{n}th"


NO_ACTIVATION_ON_DRAW = ("default reading of GIN-AMB-16: drawing the first foreign chit only "
                         "chooses the nation; no Activation until its units arrive")


def fade_in(state: GinState, ctx: Context) -> Proc:
    """GIN-FIN-01..05: returning Swarm units to their Hives, then held chits (Swarm, then Human)."""
    data: GinData = ctx.data
    state.step = "Return Swarm units"
    returning = [u for u in state.units if u.pool == "returning"]
    occ = state.occupancy() if returning else {}  # (kept up to date as the units return)
    for u in returning:
        hives = [h for h, f in data.hives.items() if f == u.formation
                 and _free_for_swarm(occ.get(h), data.stack_limit)]
        if hives:
            if len(hives) == 1:
                hive = hives[0]
            else:
                hive = yield Decision("Swarm", "hive", f"Which Hive does {u.id} return to?",
                                      hives, rule=R_FADE_IN, ids=("GIN-FIN-02",))
            u.pool, u.loc, u.track_turn = "map", hive, 0
            occ.setdefault(hive, [0, 0, 0])[0] += 1
            yield Event(f"{u.id} returns from the Time Tracker to the map at Hive {hive}",
                        rule=R_FADE_IN, kind="move", data={"unit": u.id, "to": hive, "hive": hive},
                        ids=cite(("GIN-FIN-01", "GIN-FIN-02", "GIN-MAP-06"),
                                 whys(data).hives[hive]), assumed=whys(data).hives[hive])
        elif state.turn + 1 <= data.last_turn:
            u.pool, u.track_turn = "track", state.turn + 1
            yield Event(f"{u.id} cannot be placed (its Hive is occupied by the enemy or full): to "
                        f"Turn {u.track_turn} of the track", rule=R_FADE_IN, kind="move",
                        data={"unit": u.id}, ids=("GIN-FIN-03",))
        else:
            u.pool, u.track_turn = "eliminated", 0
            yield Event(f"{u.id} cannot be placed and no turn is left: removed", rule=R_FADE_IN,
                        data={"unit": u.id}, ids=("GIN-FIN-03",), assumed=NO_TURN_LEFT)
    for side in SIDES:
        chit = state.held[side]
        if chit:
            state.held[side] = ""
            if ctx.variant("held_chit_returns_to_cup"):
                state.cup = sorted(state.cup + [chit])
                how = ("variant of GIN-AMB-09: it goes back into the cup and may be drawn "
                       "again this turn")
            else:
                state.drawn.append(chit)  # GIN-AMB-09 default: out of the cup until Fade Out
                how = AMB_09
            state.step = f"{side} held chit"
            why = join(how, whys(data).chit(chit))
            yield Event(f"{side} activates its held chit {chit}", rule=R_FADE_IN, kind="step",
                        data={"chit": chit}, assumed=why,
                        ids=cite(("GIN-FIN-04" if side == "Swarm" else "GIN-FIN-05",
                                  "GIN-AMB-09"), why))
            a = data.activation[chit]
            yield from activate(state, ctx, a.side, a.formation, chit)
            if state.result is not None:
                return


def _free_for_swarm(row: list[int] | None, limit: int) -> bool:
    """GIN-FIN-02/03: a Hive takes a returning unit if no Human unit is there and the Swarm
    there is below the stacking limit (`row`: its occupancy, None if empty)."""
    return row is None or (not row[1] and row[0] < limit)


AMB_09 = ("default reading of GIN-AMB-09: a held chit stays out of the cup until the Fade Out, "
          "so its Formation activates once this turn")


# --------------------------------------------------------------------------------------------
# Action Phase
# --------------------------------------------------------------------------------------------


def action_phase(state: GinState, ctx: Context) -> Proc:
    """GIN-FLOW-04..07: draw and resolve chits one at a time until the third ...The End???."""
    data: GinData = ctx.data
    why = whys(data)
    while state.end_track < data.end_track_spaces and state.cup and state.result is None:
        n = len(state.cup)
        i = ctx.dice.roll(n, "draw a chit from the cup") - 1 if n > 1 else 0
        chit = state.cup.pop(i)
        state.drawn.append(chit)
        if is_end_chit(chit):
            state.end_track += 1
            yield Event(f"Drawn: {chit}, placed on space {state.end_track} of the Turn End Track",
                        rule=R_FLOW, kind="chit", data={"chit": chit},
                        ids=("GIN-FLOW-07", "GIN-AMB-01"), assumed=why.end)
            continue
        if chit in data.fx:
            owner = data.fx[chit].side
            state.fx_hand[owner].append(chit)
            yield Event(f"Drawn: FX {chit}, handed to the {owner} player for this turn",
                        rule=R_FX, kind="chit", data={"chit": chit},
                        ids=cite(("GIN-FLOW-06", "GIN-FX-01"), why.chits[chit]),
                        assumed=why.chits[chit])
            continue
        a = data.activation[chit]
        if a.formation in data.formations["Allied"] and chit != state.allied:
            if not state.allied and not state.allied_arriving:
                state.allied_arriving = chit
                now = ctx.variant("allied_chit_activates_on_draw")
                yield Event(f"Drawn: {chit}, the first foreign chit: they come to the rescue in "
                            "this turn's Fade Out", rule=R_ALLY, kind="chit", data={"chit": chit},
                            ids=("GIN-ALLY-02", "GIN-AMB-16"),
                            assumed=("variant of GIN-AMB-16: the chit activates its Formation now "
                                     "(no unit of it is on the map yet)") if now
                            else NO_ACTIVATION_ON_DRAW)
                if now:
                    yield from activate(state, ctx, a.side, a.formation, chit)
            else:
                state.drawn.remove(chit)
                state.removed_chits.append(chit)
                yield Event(f"Drawn: {chit}, another nation already answered: removed",
                            rule=R_ALLY, kind="chit", data={"chit": chit}, ids=("GIN-ALLY-02",))
            continue
        yield Event(f"Drawn: Activation Chit {chit}", rule=R_FLOW, kind="chit",
                    data={"chit": chit}, ids=("GIN-FLOW-04", "GIN-FLOW-05"),
                    assumed=why.chits[chit])
        yield from activate(state, ctx, a.side, a.formation, chit)


def activate(state: GinState, ctx: Context, side: str, formation: str, chit: str) -> Proc:
    """GIN-FLOW-05, GIN-MOVE-04: the Formation's units move, then all Combats are resolved."""
    data: GinData = ctx.data
    state.step = f"Activation {formation}"
    yield Event(f"Formation {formation} ({side}) activates: Movement, then Combat", rule=R_FLOW,
                kind="step", data={"formation": formation},
                ids=("GIN-FLOW-05", "GIN-MOVE-04", "GIN-OVER-06"),
                assumed=whys(data).formations[formation])
    if formation not in state.activated:
        state.activated.append(formation)
    state.stats["activations"] += 1
    occ, movers = _activation_pass(state, side, formation)
    act = Activation.begin(state, side, formation, occ)
    if side == "Human":
        yield from fort_options(state, ctx, act, occ)  # nothing has moved since occ was counted
        if act.fort_orders:
            occ = state.occupancy()
        extra = act.extra_movers
        if extra:  # Withdrawal: units of other Formations leave the Fort too
            movers = [u for u in state.units if u.pool == "map" and
                      ((u.side == side and u.formation == formation) or u.id in extra)]
    occ = yield from movement_step(state, ctx, side, movers, occ)
    act.pending = combat_cities(state, data, act, occ, movers)
    while act.pending and state.result is None:
        if len(act.pending) > 1:
            city = yield Decision(side, "combat_order", "Resolve which Combat next?",
                                  list(act.pending), rule="Ginormopod: Combat",
                                  ids=("GIN-COMB-01",))
        else:
            city = act.pending[0]
        act.pending.remove(city)
        order = act.fort_orders.get(city, "")
        kind = {"Full Attack": "full_attack", "Barrage": "barrage"}.get(order, "normal")
        yield from resolve_battle(state, ctx, act, city, kind)


def _activation_pass(state: GinState, side: str, formation: str
                     ) -> tuple[dict[str, list[int]], list[Unit]]:
    """As an Activation starts: clear last Activation's marks (came_from, no_combat, sortie_from:
    only units on the map carry them, see position.validate_state), list the Formation's units on
    the map (the movers) and count state.occupancy()."""
    movers: list[Unit] = []
    for u in state.units:
        if u.pool != "map":
            continue
        if u.came_from or u.sortie_from or u.no_combat:
            u.came_from, u.no_combat, u.sortie_from = "", False, ""
        if u.formation == formation and u.side == side:
            movers.append(u)
    return state.occupancy(), movers


def combat_cities(state: GinState, data: GinData, act: Activation,
                  occ: dict[str, list[int]] | None = None,
                  acting: list[Unit] | None = None) -> list[str]:
    """GIN-COMB-01, GIN-AMB-07 default: every City holding activated units and the enemy, plus
    Forts ordered to Full Attack or Barrage; Forts given no order see no Human attack there."""
    cities: list[str] = []
    occ = state.occupancy() if occ is None else occ
    foe = 1 if act.side == "Swarm" else 0
    for u in state.units if acting is None else acting:
        if u.pool != "map" or u.loc in cities:
            continue
        if not ((u.side == act.side and u.formation in act.formations)
                or u.id in act.extra_movers):
            continue
        if not (occ[u.loc][foe] or (act.side == "Swarm" and state.fort_intact(u.loc))):
            continue
        order = act.fort_orders.get(u.loc)
        if order in ("none", "Withdrawal") and not any(
                x.came_from for x in state.at(u.loc, act.side)):
            continue
        cities.append(u.loc)
    for city, order in act.fort_orders.items():
        if order in ("Full Attack", "Barrage") and city not in cities and state.at(city, "Swarm"):
            cities.append(city)
    return sorted(cities)


# --------------------------------------------------------------------------------------------
# Fade Out
# --------------------------------------------------------------------------------------------


def fade_out(state: GinState, ctx: Context) -> Proc:
    """GIN-FOUT-01: hold/return chits, Roll For Danger, Check For Victory, advance the turn."""
    state.step = "Chits"
    yield from hold_chits(state, ctx)
    if state.allied_arriving:
        yield from allied_arrival(state, ctx)
    state.step = "Roll For Danger"
    yield from roll_for_danger(state, ctx)
    if state.result is not None:
        return
    state.step = "Check For Victory"
    yield from check_victory(state, ctx)
    if state.result is not None:
        return
    state.step = "Advance the Game Turn"
    yield from advance_turn(state, ctx)


AMB_10 = "default reading of GIN-AMB-10: no Activation this turn, so nobody holds a chit"


def hold_chits(state: GinState, ctx: Context) -> Proc:
    """GIN-FOUT-02/03 (GIN-AMB-10 default: only if some Formation was activated)."""
    data: GinData = ctx.data
    anyway = ctx.variant("hold_without_activation")
    if state.activated or anyway:
        for side in SIDES:
            cands = [c for c in state.cup if c in data.activation
                     and data.activation[c].side == side
                     and (data.activation[c].formation not in data.formations["Allied"]
                          or c == state.allied)]
            if not cands:
                yield Event(f"{side}: every Activation Chit of theirs was drawn this turn, none "
                            "is left to hold", rule=R_FADE_OUT, kind="info",
                            ids=("GIN-FOUT-02",))
                continue
            choice = yield Decision(side, "hold_chit", "Hold one unactivated Activation Chit for "
                                    "the start of next turn?", ["none", *cands], rule=R_FADE_OUT,
                                    ids=("GIN-FOUT-02",))
            if choice != "none":
                state.cup.remove(choice)
                state.held[side] = choice
                yield Event(f"{side} holds {choice} for next turn's Fade In", rule=R_FADE_OUT,
                            kind="chit", data={"chit": choice},
                            ids=("GIN-FOUT-02",) + (("GIN-AMB-10",) if anyway else ()),
                            assumed=join("variant of GIN-AMB-10: chits may be held though no "
                                         "Formation was activated" if not state.activated
                                         else "", whys(data).chit(choice)))
    else:
        yield Event("No Formation was activated this turn: nobody holds a chit", rule=R_FADE_OUT,
                    ids=("GIN-FOUT-02", "GIN-AMB-10"), assumed=AMB_10)
    state.cup = sorted(state.cup + state.drawn)
    state.drawn, state.end_track = [], 0
    yield Event(f"All other chits return to the cup ({len(state.cup)} chits)", rule=R_FADE_OUT,
                kind="chit", ids=("GIN-FOUT-03",))


def allied_arrival(state: GinState, ctx: Context) -> Proc:
    """GIN-ALLY-03/04: the rescuing nation's FX joins the cup and its units arrive on its flags."""
    data: GinData = ctx.data
    nation = state.allied_arriving
    state.allied, state.allied_arriving = nation, ""
    fx = [n for n, f in data.fx.items() if f.formation == nation]
    state.cup = sorted(state.cup + fx)
    yield Event(f"The {nation} come to the rescue: their Activation Chit and FX "
                f"({', '.join(fx) or 'none'}) go into the cup", rule=R_ALLY, kind="chit",
                data={"chit": nation}, ids=("GIN-ALLY-03",))
    flags = data_reason(data, "map", "flags")
    units = data_reason(data, "units", "allied_units")
    occ = state.occupancy()  # (kept up to date as the units arrive)
    for u in [u for u in state.units if u.pool == "unplaced" and u.formation == nation]:
        opts = [c for c in data.flags.get(nation, ()) if _free_for_allies(state, occ.get(c), c,
                                                                          data.stack_limit)]
        if not opts:
            yield Event(f"{u.id} finds no flag City free of the Swarm with room: it stays off the "
                        "map", rule=R_ALLY, data={"unit": u.id, "allied_units": nation},
                        ids=("GIN-ALLY-04",), assumed=join(ALLY_NO_ROOM, units))
            continue
        city = opts[0] if len(opts) == 1 else (yield Decision(
            "Human", "place_ally", f"Place {u.id} in which {nation} flag City?", opts,
            rule=R_ALLY, ids=("GIN-ALLY-04", "GIN-MAP-07")))
        u.pool, u.loc = "map", city
        occ.setdefault(city, [0, 0, 0])[1] += 1
        yield Event(f"{u.id} arrives in {city}, a {nation} flag City", rule=R_ALLY, kind="move",
                    data={"unit": u.id, "to": city, "flag": nation, "allied_units": nation},
                    ids=("GIN-ALLY-04", "GIN-MAP-07"), assumed=join(flags, units))


def _free_for_allies(state: GinState, row: list[int] | None, city: str, limit: int) -> bool:
    """GIN-ALLY-04: a flag City takes an arriving unit if no Swarm unit is there and the Humans
    there (Fort boxes included) are below the stacking limit (`row`: its occupancy)."""
    if row is None:
        return state.fort_boxes(city) < limit
    return not row[0] and row[1] + state.fort_boxes(city) < limit


AMB_02 = ("default reading of GIN-AMB-02: like the Turn 6 chits, they enter the cup when the "
          "marker reaches their turn")


def advance_turn(state: GinState, ctx: Context) -> Proc:
    """GIN-FOUT-04/05 (and GIN-AMB-02 default for the Turn 2 chits)."""
    state.turn += 1
    back = [u for u in state.units if u.pool == "track" and u.track_turn == state.turn]
    for u in back:
        u.pool, u.track_turn = "returning", 0
    yield Event(f"The Game Turn marker advances to Turn {state.turn}", rule=R_FADE_OUT,
                kind="info", data={"turn": state.turn}, ids=("GIN-FOUT-01",))
    if back:
        yield Event(f"Time Tracker: {', '.join(u.id for u in back)} handed to the Swarm player "
                    "for the Fade In", rule=R_FADE_OUT, kind="info",
                    data={"units": [u.id for u in back]}, ids=("GIN-FOUT-04", "GIN-HITS-03"))
    chits = state.turn_chits.pop(str(state.turn), [])
    if chits:
        state.cup = sorted(state.cup + chits)
        allied = any(c in ctx.data.activation for c in chits)
        yield Event(f"Into the cup: {', '.join(chits)}"
                    + (" (Allied Reinforcement chits)" if allied else ""), rule=R_FADE_OUT,
                    kind="chit", ids=("GIN-FOUT-05", "GIN-ALLY-01") if allied
                    else ("GIN-SETUP-08", "GIN-AMB-02"), assumed="" if allied else AMB_02)
    state.fx_hand = {"Swarm": [], "Human": []}
    state.fx_used = []
    state.activated = []
    for u in state.units:
        u.advanced = u.halted = False

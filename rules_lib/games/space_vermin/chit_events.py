"""Resolving the drawn Vermite Event Chit's event (§C-2-a-1 c, §D).

The Vermite Event Chit Card is not in the rulebook. The text states only three events:
B.U.R.P. and B.E.L.C.H. draw another chit (§D-1), and Bogs Flood floods the Bogs (§P-1-b) and is
the Sneak Attack (§Q-1-c) or the Magnetic Storm (§Q-2-f). By default every other chit only sets
the Queen's Preferred Direction (the least-invention reading; the event is logged as assumed).
The project's own stand-in card (``invented_effect`` in ``chits.yaml``) plays with the rule
variant ``invented_event_chit_card``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules_lib.core.engine import Context, Event

from . import dice as svdice
from .board import map_for
from .data import game_data
from .events import draw_event_chit
from .provenance import chit_reason, join
from .state import SVState, kind_of, variant_on
from .tunnels import place_tunnel_exit
from .vermite_losses import eliminate_vermite

INVENTED_CARD = "invented_event_chit_card"
STORM_WITHOUT_FLOOD = "magnetic_storm_without_flood"  # SV-AMB-10's other reading (a variant)
RULE_CARD = "Space Vermin §D (Event Chit Card)"
INVENTED_WHY = "invented Event Chit Card (variant invented_event_chit_card)"


def chit_effect(data, name: str, invented: bool = False) -> dict[str, Any]:
    """The event a chit names, from chits.yaml: the rulebook's ``effect``, or with ``invented``
    the project's ``invented_effect`` where it has one."""
    for node in data.sources["chits"].tree["event_chits"]:
        if str(node["name"]) == name:
            if invented and node.get("invented_effect"):
                return dict(node["invented_effect"])
            return dict(node.get("effect") or {})
    raise KeyError(f"chits.yaml: no Event Chit {name!r}")


def reset_turn_effects(state: SVState) -> None:
    """Event effects last one turn (§P-1-b 'for this turn only'; the invented card's too)."""
    state.flooded = False
    state.sneak_attack = False
    state.magnetic_storm = False
    state.soldier_ma_bonus = 0
    state.fire_range_limit = 0
    state.drones_flock_again = False
    state.extra_spawn = 0
    state.extra_spawn_queen = ""
    state.turn_events = []
    state.direction_chit = ""


def resolve_event(state: SVState, ctx: Context, chit: str, first: bool) -> Iterator:
    """Resolve one chit's event (§D); an extra-draw chit draws and resolves another (§D-1)."""
    data = game_data(ctx)
    invented = ctx.variant(INVENTED_CARD)
    effect = chit_effect(data, chit, invented)
    kind = effect.get("kind", "none")
    state.turn_events.append(chit)
    part = "invented_effect" if invented and chit_has_invention(data, chit) else "effect"
    ref = {"chit": chit, "chit_paths": ["name", part]}
    why = chit_reason(data, chit, ("name", part))
    if part == "invented_effect":
        why = join(INVENTED_WHY, why)
    handler = _HANDLERS.get(kind)
    if handler is None:
        yield Event(
            f"{chit}: the Event Chit Card is not in the rulebook and the text states no effect "
            f"for this chit: it only sets the direction",
            rule=RULE_CARD,
            kind="info",
            data=ref,
            ids=("SV-EVT-04",),
            assumed=join("effect not in the text: directions only (the least-invention reading; "
                         "the variant invented_event_chit_card plays the project's card)", why),
        )
        return
    yield from handler(state, ctx, chit, effect, first, ref, why)


def chit_has_invention(data, chit: str) -> bool:
    """Whether the project wrote a stand-in effect for this chit."""
    return next(c for c in data.event_chits if c.name == chit).invented_kind != "none"


# --------------------------------------------------------------------------------------------------
# the events the rulebook states
# --------------------------------------------------------------------------------------------------


def _extra_draw(state, ctx, chit, effect, first, ref, why) -> Iterator:
    """B.U.R.P. / B.E.L.C.H.: another chit is drawn; its directions are ignored (§D-1)."""
    yield Event(f"{chit}: an additional chit is drawn; its direction numbers are ignored",
                rule="Space Vermin §D-1", kind="info", data=ref, ids=("SV-EVT-07", "SV-EVT-08"),
                assumed=why)
    if not state.event_cup:
        yield Event("No chit left to draw", rule="Space Vermin §D-1", kind="info",
                    ids=("SV-EVT-07",))
        return
    second = yield from draw_event_chit(state, ctx, extra=True)
    yield Event(f"Second chit {second}: resolved with {state.direction_chit}'s directions",
                rule="Space Vermin §D-1", kind="info",
                data={"chit": second, "chit_paths": ["name"]}, ids=("SV-EVT-08",),
                assumed=chit_reason(game_data(ctx), second, ("name",)))
    yield from resolve_event(state, ctx, second, first=False)


def _bogs_flood(state, ctx, chit, effect, first, ref, why) -> Iterator:
    """Bogs Flood: Flooded hexes this turn (§P-1-b); the Sneak Attack on Alpha (§Q-1-c) or the
    Magnetic Storm on Beta (§Q-2-f), both set by the chit's direction numbers."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    storm_only = smap.key == "beta" and first and variant_on(state, ctx, STORM_WITHOUT_FLOOD)
    if not storm_only:
        state.flooded = True
        yield Event(f"{data.flood_event}: every Bog and every hex next to one is Flooded this "
                    f"turn",
                    rule="Space Vermin §P-1-b", kind="info", data=ref, ids=("SV-TERR-03",),
                    assumed=why)
    if not first:
        yield Event(
            f"Bogs Flood was drawn after {state.direction_chit}: its direction numbers are "
            f"ignored (§D-1), so neither the Sneak Attack nor the Magnetic Storm, both set by "
            f"them, happens this turn",
            rule="Space Vermin §D-1", kind="info", data=ref, ids=("SV-EVT-08",),
            assumed="reading: the Sneak Attack / Magnetic Storm come with Bogs Flood's direction "
                    "numbers, which a second chit does not use (not stated)")
        return
    if smap.key == "alpha":
        state.sneak_attack = True
        ends = [str(node["trail_end"]) for node in smap.mdata.sneak_attack.values()
                if isinstance(node, dict)]
        yield Event(f"Vermite Sneak Attack: units leaving the map edge follow the trail to "
                    f"{' / '.join(ends)}; no Soldier Tunnel Movement this turn",
                    rule="Space Vermin §Q-1-c", kind="info",
                    data={**ref, "hexes": ends},
                    ids=("SV-S1-17", "SV-S1-18", "SV-S1-19", "SV-AMB-03"),
                    assumed="default reading of SV-AMB-03: a unit leaving the south (north) edge "
                            "comes back in at the trail's end on the other edge")
    else:
        state.magnetic_storm = True
        yield Event("Magnetic Storm: each moving unit rolls its own direction and ignores "
                    "Scent Trails" + ("; no Bog floods" if storm_only else "; the Bogs still flood"),
                    rule="Space Vermin §Q-2-f",
                    kind="info", data=ref, ids=("SV-S2-19", "SV-AMB-10"),
                    assumed="variant magnetic_storm_without_flood (other reading of SV-AMB-10)"
                    if storm_only else
                    "default reading of SV-AMB-10: Bogs Flood floods in Scenario 2 too")


# --------------------------------------------------------------------------------------------------
# the project's stand-in card (variant invented_event_chit_card)
# --------------------------------------------------------------------------------------------------


def _nat_plague(state, ctx, chit, effect, first, ref, why) -> Iterator:
    hit = [u for u in state.marines_on_map() if u.nat == "tainted"]
    for u in hit:
        u.nat = "infected"
    yield Event(f"{chit}: {', '.join(u.id for u in hit) or 'no Marine'} NAT Tainted -> "
                f"Infected", rule=RULE_CARD, kind="info", data=ref, ids=("SV-EVT-04",),
                assumed=why)


def _molt(state, ctx, chit, effect, first, ref, why) -> Iterator:
    data = game_data(ctx)
    limit = int(effect["eliminated_on_at_most"])
    for v in sorted((v for v in state.vermites_on_map() if v.reduced),
                    key=lambda v: (kind_of(data, v), v.number, v.id)):
        face = svdice.one_die().roll(ctx.dice, f"{chit} {v.id}").value
        if face <= limit:
            yield Event(f"{chit}: {v.id} rolls {face} and dies", rule=RULE_CARD, kind="roll",
                        data={**ref, "unit": v.id}, ids=("SV-EVT-04",), assumed=why)
            yield from eliminate_vermite(state, ctx, v, cause="event")
        else:
            v.reduced = False
            yield Event(f"{chit}: {v.id} rolls {face} and is back at full strength",
                        rule=RULE_CARD, kind="roll", data={**ref, "unit": v.id},
                        ids=("SV-EVT-04",), assumed=why)


def _extra_move(state, ctx, chit, effect, first, ref, why) -> Iterator:
    state.soldier_ma_bonus = int(effect["ma_bonus"])
    yield Event(f"{chit}: Soldiers +{state.soldier_ma_bonus} MA this turn", rule=RULE_CARD,
                kind="info", data=ref, ids=("SV-EVT-04",), assumed=why)


def _tunnel_exit(state, ctx, chit, effect, first, ref, why) -> Iterator:
    smap = map_for(state.map, game_data(ctx))
    if smap.key != "alpha" or not state.cup_tunnel_exits:
        yield Event(f"{chit}: no Tunnel Exit chit to place", rule=RULE_CARD, kind="info",
                    data=ref, ids=("SV-EVT-04",), assumed=why)
        return
    pool = sorted(state.cup_tunnel_exits)
    n = pool[ctx.dice.roll(len(pool), "Tunnel Exit chit") - 1] if len(pool) > 1 else pool[0]
    yield place_tunnel_exit(state, smap, n, chit, assumed=why)


def _extra_spawn(state, ctx, chit, effect, first, ref, why) -> Iterator:
    data = game_data(ctx)
    smap = map_for(state.map, data)
    queen_type = str(effect["queen"])
    queen = data.vermites[queen_type].name
    n = int(effect["spawns"])
    if smap.key == "alpha":
        state.extra_spawn, state.extra_spawn_queen = n, queen_type
        text = f"the {queen} spawns {n} more this turn"
    else:
        text = "no Queen spawns in Scenario 2"
    yield Event(f"{chit}: {text}", rule=RULE_CARD, kind="info", data=ref, ids=("SV-EVT-04",),
                assumed=why)


def _fog(state, ctx, chit, effect, first, ref, why) -> Iterator:
    state.fire_range_limit = int(effect["range"])
    yield Event(f"{chit}: Marines cannot fire beyond {state.fire_range_limit} hexes this turn",
                rule=RULE_CARD, kind="info", data=ref, ids=("SV-EVT-04",), assumed=why)


def _drones_flock_twice(state, ctx, chit, effect, first, ref, why) -> Iterator:
    state.drones_flock_again = True
    yield Event(f"{chit}: Drones flock again after the Combat Step", rule=RULE_CARD,
                kind="info", data=ref, ids=("SV-EVT-04",), assumed=why)


def _acid_rain(state, ctx, chit, effect, first, ref, why) -> Iterator:
    smap = map_for(state.map, game_data(ctx))
    limit = int(effect["disrupted_on_at_most"])
    for u in sorted(state.marines_on_map(), key=lambda u: u.id):
        if smap.terrain_of(smap.hex(u.hex)) == "building":
            continue
        face = svdice.one_die().roll(ctx.dice, f"{chit} {u.id}").value
        if face <= limit and not u.reduced:
            u.reduced = True
            yield Event(f"{chit}: {u.id} rolls {face} and is Disrupted", rule=RULE_CARD,
                        kind="roll", data={**ref, "unit": u.id}, ids=("SV-EVT-04",),
                        assumed=why)


_HANDLERS = {
    "extra_draw": _extra_draw,
    "bogs_flood": _bogs_flood,
    "nat_plague": _nat_plague,
    "molt": _molt,
    "extra_move": _extra_move,
    "tunnel_exit": _tunnel_exit,
    "extra_spawn": _extra_spawn,
    "fog": _fog,
    "drones_flock_twice": _drones_flock_twice,
    "acid_rain": _acid_rain,
}

__all__ = ["INVENTED_CARD", "chit_effect", "reset_turn_effects", "resolve_event"]

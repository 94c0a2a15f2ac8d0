"""What a saved (hand-edited) position must be before the engine plays it.

``GameModule.load_state`` checks the JSON kinds (``SVState.from_data``), the game, the phase, the
turn and the variants; ``state_problems`` adds these, the game's own: the scenario and its map,
the step, the turn against the Event Chits, every counter of the mix exactly once with its own
side and type, in a place it can be (a hex of the map it may stand on, a pile its side uses), with
markers it can carry, the Crown Jewels and the chits conserved, stacking (§E-3, §I-1-a), the
counts of the battle. Each problem is a sentence naming the piece.
"""

from __future__ import annotations

from collections import Counter

from .board import SVMap, map_for
from .counters import all_units
from .data import SVData
from .scenarios import SCENARIOS, scenario_table
from .state import MARINES, NAT_LEVELS, STATUSES, VERMITES, SVState, Unit
from .views import invariants

STEPS = ("", "Event Chit", "Movement", "Combat", "Reinforcement")  # of the Vermite Action Phase
PLACES = {  # where a counter of each side can be
    MARINES: ("map", "pool", "off_map", "turn_track", "eliminated", "removed"),
    VERMITES: ("map", "cup", "off_map", "eliminated", "escaped", "removed"),
}
HOLDS_JEWELS = ("map", "off_map", "escaped")  # a carried Jewel travels with its counter
TUNNEL_EXIT_SIDES = ("open", "collapsed")


def validate_state(state: SVState, data: SVData) -> list[str]:
    """Every problem of a loaded position, each naming the piece (empty when it is sound)."""
    out = _battle(state, data)
    if out:  # the scenario or its map is wrong: nothing else can be read against them
        return out
    smap = map_for(state.map, data)
    out += _chits(state, data)
    out += _units(state, data, smap)
    out += _jewels_and_exits(state, data, smap)
    out += _turn_effects(state, data)
    if not out:  # stacking, Jewels conserved, units conserved: read on a sound position only
        out += invariants(state, data)
    return out


def _battle(state: SVState, data: SVData) -> list[str]:
    """The scenario, its map and the Campaign's battle; the step; the battle's counts."""
    out = []
    if state.scenario not in SCENARIOS:
        return [f"unknown scenario {state.scenario!r}; scenarios: {', '.join(SCENARIOS)}"]
    stage_maps = {("family_jewels", 0): "alpha", ("great_migration", 0): "beta",
                  ("campaign", 1): "alpha", ("campaign", 2): "beta"}
    wanted = stage_maps.get((state.scenario, state.campaign_stage))
    if wanted is None:
        return [f"campaign stage {state.campaign_stage} is not one of {state.scenario}'s "
                f"({'1 or 2' if state.scenario == 'campaign' else '0: not a campaign'})"]
    if state.map != wanted:
        return [f"{state.scenario} is played on map {wanted!r} here, not {state.map!r}"]
    if state.step not in STEPS:
        out.append(f"unknown step {state.step!r}; steps: {', '.join(repr(s) for s in STEPS)}")
    elif state.step and state.phase != "Vermite Action":
        out.append(f"step {state.step!r} belongs to the Vermite Action Phase, not {state.phase!r}")
    chits = len(data.event_chits)
    if state.turn > chits:
        out.append(f"turn {state.turn}: a battle has at most {chits} Game Turns, one Event Chit "
                   f"each (§M)")
    elif len(state.events_used) < state.turn - 1:
        out.append(f"turn {state.turn} with {len(state.events_used)} Event Chit(s) used: every "
                   f"turn before it drew at least one (§C-2-a-1)")
    else:  # one chit a turn, and one more for each chit that draws again (§D Important Note)
        again = {c.name for c in data.event_chits if c.effect_kind == "extra_draw"}
        extra = sum(1 for name in state.events_used if name in again)
        if len(state.events_used) - extra > state.turn:
            out.append(f"turn {state.turn} with {len(state.events_used)} Event Chit(s) used "
                       f"({extra} of them drawing again): at most {state.turn + extra} can have "
                       f"been drawn by turn {state.turn} (§C-2-a-1, §D)")
    marines = sum(1 for u in state.units if u.side == MARINES)
    jewels = int(data.sources["counters"].get("crown_jewels.count"))
    for name, value, high in (("marines_lost", state.marines_lost, marines),
                              ("vermites_eliminated", state.vermites_eliminated, None),
                              ("jewels_in_play", state.jewels_in_play, jewels),
                              ("jewels_exited", state.jewels_exited, jewels),
                              ("campaign_jewels_recorded", state.campaign_jewels_recorded, jewels)):
        if value < 0 or (high is not None and value > high):
            out.append(f"{name} is {value}: it must be from 0 to {high if high is not None else 'any'}")
    out += _jewels_in_play(state, jewels)
    if state.result is not None and state.result not in _results(data):
        out.append(f"unknown result {state.result!r}")
    if state.sneak_attack and state.map != "alpha":
        out.append("a Vermite Sneak Attack happens on Mapzone Alpha only (§Q-1-c)")
    if state.magnetic_storm and state.map != "beta":
        out.append("a Magnetic Storm happens on Mapzone Beta only (§Q-2-f)")
    return out


def _jewels_in_play(state: SVState, jewels: int) -> list[str]:
    """After set-up the battle's Crown Jewels are fixed: all of them in The Family Jewels
    (§Q-1-a), none in a lone Great Migration (§Q-2), in the Campaign's second battle those
    recorded at the end of the first (§Q-3). Without this a position with no Jewels at all would
    pass the conservation check (nothing counted, nothing expected)."""
    if state.phase == "Set-Up" or state.jewels_in_play < 0:
        return []  # set-up decides them; a negative count is reported above
    if state.map == "alpha":
        expected, why = jewels, "The Family Jewels uses every Crown Jewel (§Q-1-a)"
    elif state.campaign_stage == 2:
        expected, why = (state.campaign_jewels_recorded,
                         "the Campaign's second battle uses the Jewels recorded after the first "
                         "(campaign_jewels_recorded, §Q-3)")
    else:
        expected, why = 0, "The Great Migration alone has no Crown Jewels (§Q-2)"
    if state.jewels_in_play != expected:
        return [f"jewels_in_play is {state.jewels_in_play} after set-up: {why}, {expected}"]
    return []


def _results(data: SVData) -> set[str]:
    """Every result a battle can end with: the levels of the three victory tables, the instant
    ends."""
    out = {"Instant Victory", "Instant Loss"}
    for name in SCENARIOS:
        out |= {str(row["level"]) for row in scenario_table(data, name)["levels"]}
    return out


def _chits(state: SVState, data: SVData) -> list[str]:
    """The Event Chits: each either in the cup or used, once; the chit of this turn is one of
    them; the Secret Weapons left are Secret Weapons, each once."""
    out = []
    names = [c.name for c in data.event_chits]
    seen = Counter(state.event_cup) + Counter(state.events_used)
    for name, n in seen.items():
        if name not in names:
            out.append(f"unknown Event Chit {name!r}")
        elif n > 1:
            out.append(f"Event Chit {name!r} is in the cup or used {n} times")
    missing = [name for name in names if name not in seen]
    # (two chits drawn for a choice are in hand until it is made, §I-4-a, §O)
    in_hand = state.step == "Event Chit" and len(missing) <= 2
    if missing and state.phase != "Set-Up" and not in_hand:
        out.append(f"Event Chit(s) neither in the cup nor used: {', '.join(missing)}")
    for field in ("active_event", "direction_chit"):
        value = getattr(state, field)
        if value and value not in names:
            out.append(f"{field}: unknown Event Chit {value!r}")
    out += [f"turn_events: unknown Event Chit {c!r}" for c in state.turn_events if c not in names]
    weapons = [w.name for w in data.secret_weapons]
    for name, n in Counter(state.secret_weapons_left).items():
        if name not in weapons:
            out.append(f"unknown Secret Weapon {name!r}")
        elif n > 1:
            out.append(f"Secret Weapon {name!r} is left {n} times")
    return out


def _units(state: SVState, data: SVData, smap: SVMap) -> list[str]:
    """Every counter of the mix once, with its own side, type and Unit ID number, in a place its
    side can be, with markers it can carry."""
    mix = {u.id: u for u in all_units(data)}
    out = []
    for uid, n in Counter(u.id for u in state.units).items():
        if uid not in mix:
            out.append(f"unknown counter {uid!r}: not in the counter mix")
        elif n > 1:
            out.append(f"{uid} is in the game {n} times")
    out += [f"{uid} is missing" for uid in mix if uid not in {u.id for u in state.units}]
    for u in state.units:
        want = mix.get(u.id)
        if want is None:
            continue
        if (u.side, u.type, u.number) != (want.side, want.type, want.number):
            out.append(f"{u.id} is a {want.side} {want.type} (number {want.number}), not a "
                       f"{u.side} {u.type} (number {u.number})")
            continue
        out += _place(state, data, smap, u) + _markers(state, data, u)
    queens = {u.id for u in state.units if u.side == VERMITES and data.vermites.get(u.type)
              and data.vermites[u.type].kind == "queen"}
    for u in state.units:
        if u.escort_of and (u.escort_of not in queens or u.side != VERMITES or data.vermites.get(
                u.type) is None or data.vermites[u.type].kind not in ("soldier", "ultra_mite")):
            out.append(f"{u.id} cannot escort {u.escort_of!r}: only a Soldier or an Ultra-Mite "
                       f"escorts a Queen (§Q-2-d)")
    delayed = Counter(state.lz_delayed)
    for uid, n in delayed.items():
        unit = next((u for u in state.units if u.id == uid), None)
        if unit is None or unit.side != MARINES or unit.status != "off_map" or n > 1:
            out.append(f"lz_delayed: {uid!r} is not a Marine waiting off the map to land, once")
    return out


def _place(state: SVState, data: SVData, smap: SVMap, u: Unit) -> list[str]:
    """Where the counter is: a place its side uses; on the map, a hex of this map it may stand
    on (never a Toxic Tar Pit off the Bridges; a Marine never in a NAT Infestation hex)."""
    if u.status not in STATUSES or u.status not in PLACES[u.side]:
        return [f"{u.id} is in an unknown place {u.status!r}; a {u.side} counter is in one of "
                f"{', '.join(PLACES[u.side])}"]
    if u.status != "map":
        return [] if u.hex is None else [f"{u.id} is {u.status} but has hex {u.hex!r}"]
    if u.hex is None:
        return [f"{u.id} is on the map without a hex"]
    if u.hex not in smap.hex_of:
        return [f"{u.id} is on hex {u.hex!r}, which is not on {smap.name}"]
    h = smap.hex_of[u.hex]
    if h not in smap.open_hexes and h not in smap.bridges:
        return [f"{u.id} is in the Toxic Tar Pit {u.hex}: no unit stands there (§P-1-g)"]
    if u.side == MARINES and h in smap.nat_infestation:
        return [f"{u.id} is in the NAT Infestation hex {u.hex}: a Marine there is eliminated "
                f"(§P-2-j)"]
    return []


def _markers(state: SVState, data: SVData, u: Unit) -> list[str]:
    """The counter's markers and sides: NAT markers on Marines only, the A.N.T. Gun's and the
    Scientist's sides on them only, Jewels on the counters that carry them (§E-2, §J-6)."""
    out = []
    if u.nat not in NAT_LEVELS or (u.nat and u.side != MARINES):
        out.append(f"{u.id} has the NAT marker {u.nat!r}; Marines have '', 'tainted' or "
                   f"'infected' (§J-7)")
    if not u.limbered and u.type != "ant_gun":
        out.append(f"{u.id} has no Limbered side: only the A.N.T. Gun unlimbers (§J-3)")
    if u.weapon_ready and u.type != "mad_scientist":
        out.append(f"{u.id} has no Weapon Ready side: only the M.A.D. Scientist (§J-5)")
    for name in ("weapon_built_turn", "landed_turn", "arrival_turn"):
        if getattr(u, name) < 0:
            out.append(f"{u.id}: {name} {getattr(u, name)} is not a turn")
    if u.weapon_built_turn > state.turn or u.landed_turn > state.turn:
        out.append(f"{u.id} records a turn after this one ({state.turn})")
    if u.jewels < 0:
        out.append(f"{u.id} carries {u.jewels} Crown Jewels")
    elif u.jewels and u.status not in HOLDS_JEWELS:
        out.append(f"{u.id} is {u.status} but carries {u.jewels} Crown Jewel(s)")
    elif u.jewels:
        most = _carries(state, data, u)
        if u.jewels > most:
            out.append(f"{u.id} carries {u.jewels} Crown Jewel(s); it can carry {most} "
                       f"(§E-2, §J-6, §Q-3)")
    return out


def _carries(state: SVState, data: SVData, u: Unit) -> int:
    """How many Crown Jewels the counter can carry: an RV one (§J-6), a Soldier or Ultra-Mite
    one (§E-2), a Queen any in the Campaign's second battle (§Q-3), nobody else any."""
    if u.side == MARINES:
        return data.marines[u.type].carries_jewels
    kind = data.vermites[u.type].kind
    if kind in ("soldier", "ultra_mite"):
        return data.warrior_carries
    if kind == "queen" and state.campaign_stage == 2:
        return state.jewels_in_play
    return 0


def _jewels_and_exits(state: SVState, data: SVData, smap: SVMap) -> list[str]:
    """The Crown Jewels lying in hexes and in the Nests; the Tunnel Exit chits on the map and
    in the cup, each once (§E-1-c)."""
    out = []
    for label, n in state.jewels.items():
        if label not in smap.hex_of:
            out.append(f"Crown Jewels in hex {label!r}, which is not on {smap.name}")
        elif n < 1:
            out.append(f"hex {label} lists {n} Crown Jewels (a hex with none is not listed)")
    nests = {str(n) for n in smap.nests}
    for nest, n in state.nest_jewels.items():
        if nest not in nests:
            out.append(f"Crown Jewels in Nest {nest!r}, which is not on {smap.name}")
        elif n < 0:
            out.append(f"Nest {nest} holds {n} Crown Jewels")
    exits = {str(n) for n in smap.mdata.tunnel_exits}
    for number, side in state.tunnel_exits.items():
        if number not in exits:
            out.append(f"Tunnel Exit {number!r} is not on {smap.name}")
        elif side not in TUNNEL_EXIT_SIDES:
            out.append(f"Tunnel Exit {number} is {side!r}; it is 'open' or 'collapsed'")
    for number, n in Counter(state.cup_tunnel_exits).items():
        if number not in exits:
            out.append(f"Tunnel Exit {number!r} in the cup is not one of {smap.name}'s")
        elif n > 1 or number in state.tunnel_exits:
            out.append(f"Tunnel Exit {number} is in two places")
    return out


def _turn_effects(state: SVState, data: SVData) -> list[str]:
    """This turn's event effects (the invented Event Chit Card): no negative bonus or range, an
    extra spawn for a Queen."""
    out = []
    for name in ("soldier_ma_bonus", "fire_range_limit", "extra_spawn"):
        if getattr(state, name) < 0:
            out.append(f"{name} is {getattr(state, name)}: it must be 0 or more")
    queens = [k for k, v in data.vermites.items() if v.kind == "queen"]
    if state.extra_spawn_queen and state.extra_spawn_queen not in queens:
        out.append(f"extra_spawn_queen: unknown Queen {state.extra_spawn_queen!r}")
    return out

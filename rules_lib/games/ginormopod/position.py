"""Whether a position is one the game can be in: the checks a saved (hand-edited) state must pass,
and the invariants every state of a game keeps.

The contract loads a saved state through ``load_state`` -> ``state_problems`` -> this
:func:`validate_state` (the contract itself checks the game's name, the phase, turn >= 1 and the
variant names); the conformance tests check :func:`invariants` after every event. Every problem
is one sentence naming the counter, City, Fort, chit or marker concerned.
"""
from __future__ import annotations

from collections import Counter

from .data import MAP_VARIANT, SIDES, GinData, data_for, load_game_data
from .pieces import END_CHIT
from .state import POOLS, GinState, Unit

# the step names the sequence of play writes (turn.py, setup.py); '' between steps
SETUP_STEPS = ("Hives", "Human units", "National Guard", "Chits")
TURN_STEPS = ("Return Swarm units", "Swarm held chit", "Human held chit", "Chits",
              "Roll For Danger", "Check For Victory", "Advance the Game Turn")
RESULTS = SIDES  # the game ends with a winner: the Swarm or the Humans


def validate_state(state: GinState, data: GinData) -> list[str]:
    """Problems of a (hand-edited) state, each naming the unit, City, Fort, chit or marker."""
    if (MAP_VARIANT in state.variants) != bool(data.map_variant):
        data = load_game_data(None, state.variants)  # the state's variants choose the map
    out = _marker_problems(state, data)
    out += _counter_problems(state, data)
    for u in state.units:
        out += _unit_problems(u, state, data)
    out += _fort_problems(state, data, complete=True)
    out += _stacking_problems(state, data)
    out += _guard_problems(state, data)
    out += _chit_problems(state, data)
    return out


# -- markers: turn, step, Danger, the Turn End Track, the Allies ---------------------------------


def _marker_problems(state: GinState, data: GinData) -> list[str]:
    """The Game Turn, step, Danger and Turn End Track markers, the Allies, the result."""
    out = []
    if isinstance(state.turn, int) and state.turn > data.last_turn:
        out.append(f"Game Turn marker on Turn {state.turn}: the track ends on Turn "
                   f"{data.last_turn}")
    formations = [f for forms in data.formations.values() for f in forms]
    steps = SETUP_STEPS if state.phase == "Set-Up" else TURN_STEPS + tuple(
        f"Activation {f}" for f in formations)
    if state.step and state.step not in steps:
        out.append(f"unknown step {state.step!r} in the {state.phase} phase")
    if not 0 <= state.danger < data.danger_spaces:
        out.append(f"Danger marker on space {state.danger + 1}: the Danger track has spaces "
                   f"1..{data.danger_spaces}")
    if state.danger_side and state.danger_side not in SIDES:
        out.append(f"Danger marker side {state.danger_side!r} is not a side ({', '.join(SIDES)})")
    for side, n in Counter(state.danger_users).items():
        if side not in SIDES:
            out.append(f"danger_users names {side!r}, not a side ({', '.join(SIDES)})")
        elif n > 1:
            out.append(f"danger_users names the {side} {n} times")
    if state.danger_side and state.danger_side not in state.danger_users:
        out.append(f"the Danger marker shows the {state.danger_side} side, but the {state.danger_side} "
                   "never used a Danger FX (danger_users)")
    if not 0 <= state.end_track <= data.end_track_spaces:
        out.append(f"Turn End Track marker on {state.end_track}: the track has "
                   f"{data.end_track_spaces} spaces")
    if state.result is not None and state.result not in RESULTS:
        out.append(f"result {state.result!r} is not a winner ({', '.join(RESULTS)})")
    for what, chit in (("allied", state.allied), ("allied_arriving", state.allied_arriving)):
        a = data.activation.get(chit)
        if chit and (a is None or a.formation not in data.formations["Allied"]):
            out.append(f"{what} {chit!r} is not an Allied nation's Activation Chit "
                       f"({', '.join(data.formations['Allied'])})")
    if state.allied and state.allied_arriving:
        out.append(f"the {state.allied} already came to the rescue: the {state.allied_arriving} "
                   "cannot be arriving too")
    for form, n in Counter(state.activated).items():
        if form not in formations:
            out.append(f"activated names unknown Formation {form!r}")
        elif n > 1:
            out.append(f"activated names Formation {form!r} {n} times")
    for name, n in state.stats.items():
        if not isinstance(n, int) or n < 0:
            out.append(f"stats {name!r} is {n!r}: a count of 0 or more")
    return out


# -- the counters: each one of the box's, once, of its own type, side and Formation -------------


def _counter_problems(state: GinState, data: GinData) -> list[str]:
    """Every counter of the game present once, each with its own type, side and Formation."""
    out = []
    box = {c.id: c for c in data.counters}
    ids = Counter(u.id for u in state.units)
    for uid, n in sorted(ids.items()):
        if n > 1:
            out.append(f"unit {uid!r} appears {n} times")
        elif uid not in box:
            out.append(f"unit {uid!r} is not a counter of the game")
    missing = [uid for uid in box if uid not in ids]
    if missing:
        out.append(f"{len(missing)} counter(s) missing: {', '.join(missing[:8])}"
                   + (" ..." if len(missing) > 8 else ""))
    for u in state.units:
        c = box.get(u.id)
        if c is None:
            continue
        for what, have, want in (("type", u.type, c.type), ("side", u.side, c.side),
                                 ("formation", u.formation, c.formation),
                                 ("armed", u.armed, c.armed)):  # a Guard's hidden face is printed
            if have != want:
                out.append(f"unit {u.id!r} has {what} {have!r}: the counter's {what} is {want!r}")
    return out


def _unit_problems(u: Unit, state: GinState, data: GinData) -> list[str]:
    """One counter: its type, pool and place, and the marks an Activation leaves."""
    out = []
    kind = data.types.get(u.type)
    if kind is None:
        out.append(f"unit {u.id!r} has unknown unit type {u.type!r}")
    elif kind.side != u.side:
        out.append(f"unit {u.id!r} is on the {u.side} side but a {u.type} is a {kind.side} unit")
    if u.pool not in POOLS:
        out.append(f"unit {u.id!r} is in unknown pool {u.pool!r}")
    if u.pool == "map" and u.loc not in data.cities:
        out.append(f"unit {u.id!r} is in unknown City {u.loc!r}")
    if kind is not None and u.reduced and kind.no_reduced_side:
        out.append(f"unit {u.id!r} is reduced, but a {u.type} has no reduced side")
    if u.type != "Guard" and not u.revealed:
        out.append(f"unit {u.id!r} is face-down: only National Guard counters are hidden")
    out += _pool_problems(u, state, data)
    marks = _activation_marks(u)
    if marks and u.pool != "map":
        out.append(f"unit {u.id!r} is in the {u.pool} pool but carries this Activation's "
                   f"marks ({marks}): only a unit on the map moves, retreats or sorties")
    elif marks and kind is not None and kind.no_reduced_side:
        out.append(f"unit {u.id!r} is a National Guard but carries this Activation's marks "
                   f"({marks}): Guards never move or Retreat")
    return out


def _pool_problems(u: Unit, state: GinState, data: GinData) -> list[str]:
    """Which pools a counter can be in: the Time Tracker and Fade In are the Swarm's, a turn
    ahead on the track; an Allied unit is on the map only once its nation came to the rescue.
    (Any counter may be unplaced: the set-up editor takes counters off the map.)"""
    out = []
    if u.pool in ("track", "returning") and u.side != "Swarm":
        out.append(f"unit {u.id!r} is Human but in the {u.pool} pool (only Swarm units go to "
                   "the Time Tracker)")
    if u.pool == "track" and not (isinstance(state.turn, int)
                                  and state.turn < u.track_turn <= data.last_turn):
        out.append(f"unit {u.id!r} is on the Time Tracker at Turn {u.track_turn}: it must be a "
                   f"turn ahead of Turn {state.turn}, on the track (up to Turn {data.last_turn})")
    if u.pool != "track" and u.track_turn:
        out.append(f"unit {u.id!r} is in the {u.pool} pool but has a Time Tracker turn "
                   f"({u.track_turn})")
    if u.pool == "returning" and state.phase not in ("Fade In", "Fade Out"):
        out.append(f"unit {u.id!r} is handed back for the Fade In, but the phase is "
                   f"{state.phase}")
    if u.pool == "map" and u.formation in data.formations["Allied"] \
            and u.formation != state.allied:
        out.append(f"unit {u.id!r} of the {u.formation} is on the map, but the "
                   f"{u.formation} did not come to the rescue (allied is {state.allied!r})")
    return out


def _activation_marks(u: Unit) -> str:
    """The marks an Activation leaves on a unit it moved or retreated ('' if none)."""
    marks = [f"{name} {value!r}" for name, value in (("came_from", u.came_from),
                                                    ("sortie_from", u.sortie_from)) if value]
    if u.no_combat:
        marks.append("no_combat")
    return ", ".join(marks)


# -- the map: stacking, National Guards, Forts ---------------------------------------------------


def _stacking_problems(state: GinState, data: GinData) -> list[str]:
    counts = Counter((u.loc, u.side) for u in state.units if u.pool == "map")
    out = []
    for (city, side), n in sorted(counts.items()):
        total = n + (state.fort_boxes(city) if side == "Human" else 0)
        if total > data.stack_limit:
            out.append(f"City {city!r} holds {total} {side} units (Fort boxes included), "
                       f"more than {data.stack_limit}")
    return out


def _guard_problems(state: GinState, data: GinData) -> list[str]:
    """National Guards never move: no City holds more than Set-Up places there."""
    guards = Counter(u.loc for u in state.units if u.pool == "map" and u.type == "Guard")
    return [f"City {city!r} holds {n} National Guards: Set-Up places at most "
            f"{data.guards_per_city} in a City and Guards never move"
            for city, n in sorted(guards.items()) if n > data.guards_per_city]


def _fort_problems(state: GinState, data: GinData, complete: bool = False) -> list[str]:
    """Each Fort's strength within its track and agreeing with its Destroyed marker; with
    `complete`, every Fort of the map present, as printed."""
    out = []
    for city, f in state.forts.items():
        info = data.forts.get(city) if complete else None
        if complete and info is None:
            out.append(f"unknown Fort {city!r}")
            continue
        if info is not None and (f.max_strength != info.strength or f.formation != info.formation
                                 or f.city != city):
            out.append(f"Fort {city!r} is printed with strength {info.strength} and Formation "
                       f"{info.formation!r}, found {f.max_strength} and {f.formation!r}")
        if not 0 <= f.strength <= f.max_strength:
            out.append(f"Fort {city!r} strength {f.strength} outside 0..{f.max_strength}")
        if f.destroyed != (f.strength == 0):
            out.append(f"Fort {city!r}: Destroyed marker and strength {f.strength} disagree")
    if complete:
        out += [f"Fort {city!r} is missing" for city in data.forts if city not in state.forts]
    return out


# -- the chits: each one in one place ------------------------------------------------------------


def _chit_problems(state: GinState, data: GinData) -> list[str]:
    """Every chit known, in one place only (cup, drawn, a turn of the track, removed, held),
    each Activation Chit and cup FX somewhere once Set-Up is done; FX in hand of their side."""
    out = []
    ends = data.end_chits if "cup_without_end_chits" not in state.variants else 0
    known = {*data.activation, *data.fx, *(f"{END_CHIT} {i + 1}" for i in range(ends))}
    places: dict[str, list[str]] = {}
    lists = [("cup", state.cup), ("drawn", state.drawn), ("removed_chits", state.removed_chits)]
    lists += [(f"turn_chits[{t!r}]", chits) for t, chits in state.turn_chits.items()]
    lists += [(f"held[{side!r}]", [chit]) for side, chit in state.held.items() if chit]
    for where, chits in lists:
        for chit in chits:
            places.setdefault(chit, []).append(where)
    for chit, where in places.items():
        if chit not in known:
            out.append(f"unknown chit {chit!r} in {where[0]}")
        elif len(where) > 1:
            out.append(f"chit {chit!r} is in {len(where)} places: {', '.join(where)}")
    if state.phase != "Set-Up":
        waiting = [c for c in known if c not in places and not
                   (c in data.fx and data.fx[c].start == "allied")]
        if waiting:
            out.append(f"chit(s) missing from the cup, the track and the hands: "
                       f"{', '.join(sorted(waiting))}")
    drawn_ends = sum(1 for c in state.drawn if c.startswith(END_CHIT))
    if drawn_ends != state.end_track:
        out.append(f"Turn End Track marker on {state.end_track}, but {drawn_ends} ...The End??? "
                   "chit(s) were drawn this turn")
    out += _track_and_hand_problems(state, data)
    return out


def _track_and_hand_problems(state: GinState, data: GinData) -> list[str]:
    """The chits waiting on the Turn Track, held for the Fade In and the FX in hand."""
    out = []
    for turn, chits in state.turn_chits.items():
        if not turn.isdigit():
            out.append(f"turn_chits waits on Turn {turn!r}: not a turn of the track")
        elif chits and state.phase != "Set-Up" and (
                int(turn) < state.turn or (int(turn) == state.turn and state.phase != "Fade Out")):
            # the Fade Out that advances the Game Turn marker to a turn puts its chits in the cup
            out.append(f"{', '.join(chits)} still wait(s) on Turn {turn} of the Turn Track in "
                       f"Turn {state.turn}'s {state.phase}: they entered the cup when the Game "
                       f"Turn marker reached Turn {turn}")
    if sorted(state.held) != sorted(SIDES) or sorted(state.fx_hand) != sorted(SIDES):
        out.append(f"held and fx_hand name the two sides ({', '.join(SIDES)}), found "
                   f"{sorted(state.held)} and {sorted(state.fx_hand)}")
    for side, chit in state.held.items():
        a = data.activation.get(chit)
        if chit and (a is None or a.side != side):
            out.append(f"the {side} holds {chit!r}, not one of its Activation Chits")
    for side, hand in state.fx_hand.items():
        for fx, n in Counter(hand).items():
            if fx not in data.fx or data.fx[fx].side != side:
                out.append(f"the {side} holds {fx!r}, not one of its FX")
            elif n > 1:
                out.append(f"the {side} holds FX {fx!r} {n} times")
    in_hand = {fx for hand in state.fx_hand.values() for fx in hand}
    for fx in state.fx_used:
        if fx not in in_hand:
            out.append(f"FX {fx!r} was used this turn but nobody holds it")
    return out


def invariants(state: GinState) -> list[str]:
    """Violated invariants: stacking, conservation of units, pools, Fort strengths."""
    data = data_for(state)
    out = _stacking_problems(state, data) + _fort_problems(state, data)
    ids = sorted(u.id for u in state.units)
    expected = data.counter_ids
    if ids != expected:
        out.append(f"units not conserved: {len(ids)} counters, expected {len(expected)}")
    for u in state.units:
        if u.pool not in POOLS:
            out.append(f"{u.id} in unknown pool {u.pool!r}")
        elif u.pool == "map" and u.loc not in data.cities:
            out.append(f"{u.id} on the map at unknown City {u.loc!r}")
        elif u.pool == "track" and u.track_turn <= state.turn:
            out.append(f"{u.id} on the Time Tracker at Turn {u.track_turn}, not ahead of "
                       f"Turn {state.turn}")
        elif u.pool in ("track", "returning") and u.side != "Swarm":
            out.append(f"{u.id} is Human but in the {u.pool} pool")
    return out

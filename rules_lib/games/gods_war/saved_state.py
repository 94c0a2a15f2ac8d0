"""A saved (or hand-edited) Gods War position, checked completely before it is played.

``GAME.new_game(saved)`` reads the state (``GWState.from_data`` refuses a value of the wrong JSON
type or an unknown field), the contract checks game, phase, turn and variants, then
``validate_state`` here: the names (empires, unit types, areas, Monsters, statistics), the Time
track (turn, step, the Great Compromise, the Spike, the end), every counter once (units, web tokens,
buildings) and the game's invariants. Each problem is a sentence naming the piece.
"""
from __future__ import annotations

from collections.abc import Iterator

from .data import GodsWarData
from .setup_editing import validate as position_problems
from .state import GWState, shape_problems

MONSTER_STATUSES = ("waiting", "in play", "removed")
STATS = ("battles", "arachne_vp", "lust_summons", "androgeus_moves", "spins", "empowerings",
         "units_killed", "units_routed", "buildings_destroyed", "max_dice_vs_androgeus",
         "community_triggers")
KILLED_ON_TURN = " killed on turn"  # the statistic '<Monster> killed on turn'
STEPS = {"Set-Up": ("",), "Action": ("",), "Council": ("", "Cosmic Monsters"), "End": ("",)}


def validate_state(state: GWState, data: GodsWarData) -> list[str]:
    """Everything wrong with a loaded state, each problem naming the piece (empty: it may play).

    The names are checked first: the counts and invariants are only asked of a state whose
    empires, pieces and Monsters are all known."""
    shape = shape_problems(state.to_data(), GWState, "state")
    if shape:
        return shape
    named = [*_empire_problems(state, data), *_piece_problems(state, data),
             *_monster_problems(state, data), *_area_problems(state, data)]
    if named:
        return named
    return [*_time_problems(state, data), *_count_problems(state, data),
            *_web_and_building_problems(state, data), *_stat_problems(state, data),
            *position_problems(state, data)]


def _empire_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """The empires of the data, each with a sheet, in a player order that lists each once."""
    missing = [e for e in data.empires if e not in state.empires]
    unknown = [e for e in state.empires if e not in data.empires]
    yield from (f"empire {e!r} has no sheet in the state" for e in missing)
    yield from (f"unknown empire {e!r}; empires: {', '.join(data.empires)}" for e in unknown)
    if sorted(state.player_order) != sorted(data.empires):
        yield (f"player order {state.player_order} must list each empire once: "
               f"{', '.join(data.empires)}")
    for name, sheet in state.empires.items():
        for what in ("power", "vp", "runes"):
            if getattr(sheet, what) < 0:
                yield f"{name} has {getattr(sheet, what)} {what.replace('vp', 'VP')}"
        if name not in data.empires:
            continue
        for kind, n in sheet.pool.items():
            if kind not in data.empires[name].units:
                yield (f"{name}'s pool holds {kind!r}, not one of its unit types: "
                       f"{', '.join(data.empires[name].units)}")
            elif not 0 <= n <= data.unit_types[kind].count:
                yield (f"{name}'s pool holds {n} {kind}; the game has "
                       f"{data.unit_types[kind].count}")


def _piece_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """Each piece: an empire's own unit type (or an allied Elder Race) in a known area."""
    for i, p in enumerate(state.pieces):
        where = f"piece {i + 1} ({p.empire}'s {p.kind} in {p.area})"
        if p.empire not in data.empires:
            yield f"{where}: unknown empire {p.empire!r}"
        elif p.kind not in data.empires[p.empire].units and p.kind not in data.elder_races:
            yield (f"{where}: {p.kind!r} is not a unit type of {p.empire} nor an Elder Race; "
                   f"its unit types: {', '.join(data.empires[p.empire].units)}")
        if p.area not in data.areas:
            yield f"{where}: unknown area {p.area!r}"


def _monster_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """Each Monster: a playable card, a known status, an area only when in play, a controller
    that is an empire."""
    for name, m in state.monsters.items():
        card = data.cards.get(name)
        if card is None:
            yield f"unknown Monster {name!r}; Monsters: {', '.join(data.cards)}"
            continue
        if card.combat is None:
            yield f"{name} cannot be in a game: {card.data_gap}"
        if m.status not in MONSTER_STATUSES:
            yield (f"{name} has status {m.status!r}; a Monster is one of "
                   f"{', '.join(MONSTER_STATUSES)}")
        elif m.status == "in play" and m.area not in data.areas:
            yield f"{name} is in play in unknown area {m.area!r}"
        elif m.status != "in play" and m.area is not None:
            yield f"{name} is {m.status} but stands in {m.area!r}"
        if m.controller is not None and m.controller not in data.empires:
            yield f"{name} is controlled by unknown empire {m.controller!r}"
    for who, names in state.proposals.items():
        if who not in data.empires:
            yield f"a Monster proposal from unknown empire {who!r}"
        yield from (f"{who} proposes unknown Monster {n!r}" for n in names if n not in data.cards)


def _area_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """Buildings, web tokens and Spawn areas in areas of the map."""
    for what, areas in (("buildings", list(state.buildings)), ("a web token", state.web_tokens),
                        ("a Spawn", state.spawn_areas)):
        yield from (f"{what} in unknown area {a!r}" for a in areas if a not in data.areas)


def _time_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """The Time track: the turn within the game's length, a step of the phase, the Great
    Compromise and the Spike not before their turns, a Set-Up not yet dealt, a consistent end."""
    last = data.get("base_game.victory.turn_limit")
    if state.turn > last:
        yield f"turn {state.turn} is after the last turn, {last}"
    steps = STEPS.get(state.phase, ("",))
    allowed = (*steps, *state.player_order) if state.phase == "Action" else steps
    if state.step not in allowed:
        yield (f"step {state.step!r} is not a step of the {state.phase} phase; steps: "
               f"{', '.join(repr(s) for s in allowed)}")
    for flag, key, what in (("great_compromise", "base_game.great_compromise.trigger_turn",
                             "the Great Compromise was triggered"),
                            ("spike_exploded", "base_game.spike.explodes_on_turn",
                             "the Spike exploded")):
        if getattr(state, flag) and state.turn < data.get(key):
            yield f"{what} on turn {state.turn}, before turn {data.get(key)}"
    if state.phase == "Set-Up":
        yield from _undealt_problems(state)
    yield from _end_problems(state, data)


def _undealt_problems(state: GWState) -> Iterator[str]:
    """Loading a Set-Up state deals it from the start: nothing may be dealt yet."""
    dealt = [what for what, there in (("pieces", state.pieces), ("buildings", state.buildings),
                                      ("web tokens", state.web_tokens))
             if there]
    dealt += [f"{m} in play" for m, ms in state.monsters.items() if ms.status != "waiting"]
    dealt += [f"{e}'s power" for e, s in state.empires.items() if s.power or s.vp]
    if dealt or state.turn != 1:
        yield ("a Set-Up state is dealt from the start when played, so it holds nothing dealt "
               f"yet and is on turn 1; found: {', '.join(dealt) or f'turn {state.turn}'}")


def _end_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """How the game ended (or not yet): a known reason, and a result only at the end."""
    reasons = ("", "Completing the Web", f"{data.get('base_game.victory.vp_to_win')} VP",
               "turn limit")
    if state.end_reason not in reasons:
        yield (f"end reason {state.end_reason!r} is not a way the game ends: "
               f"{', '.join(repr(r) for r in reasons[1:])}")
    if state.phase == "End" and not state.end_reason:
        yield "the End phase needs the reason the game ended (end_reason)"
    if state.result is None:
        return
    if state.phase != "End":
        yield f"result {state.result!r} is given before the End phase"
    named = state.result.removeprefix("draw: ").split(", ")
    if any(n not in data.empires for n in named) or (
            len(named) > 1) != state.result.startswith("draw: "):
        yield (f"result {state.result!r} is neither an empire nor 'draw: ' and the empires "
               "tied")


def _count_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """Every counter once: Elder Races on the map no more than the game has."""
    for race, ut in data.elder_races.items():
        n = sum(1 for p in state.pieces if p.kind == race)
        if n > ut.count:
            yield f"{n} {race} on the map; the game has {ut.count}"


def _web_and_building_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """Web tokens from the pool and buildings of known empires within the limit per area."""
    total = data.get("monsters.components.web_tokens")
    if not 0 <= state.web_pool <= total:
        yield f"{state.web_pool} web tokens in the pool; the game has {total}"
    per_area = data.get("base_game.buildings.per_empire_per_area")
    for area, owners in state.buildings.items():
        if data.realm(area) != "surface":
            yield f"buildings in {area}, which is not on the surface world"
        for owner in sorted(set(owners)):
            if owner not in data.empires:
                yield f"a building of unknown empire {owner!r} in {area}"
            elif owners.count(owner) > per_area:
                yield (f"{owner} has {owners.count(owner)} buildings in {area}; at most "
                       f"{per_area} per area")


def _stat_problems(state: GWState, data: GodsWarData) -> Iterator[str]:
    """The running statistics: known names, counts not negative, a Monster killed only once
    removed and not after the current turn."""
    for stat, value in state.stats.items():
        monster = stat.removesuffix(KILLED_ON_TURN)
        if stat.endswith(KILLED_ON_TURN) and monster in state.monsters:
            if state.monsters[monster].status != "removed" or not 1 <= value <= state.turn:
                yield (f"statistic {stat!r} = {value}: {monster} is "
                       f"{state.monsters[monster].status} on turn {state.turn}")
        elif stat not in STATS:
            yield f"unknown statistic {stat!r}; statistics: {', '.join(STATS)}"
        elif value < 0:
            yield f"statistic {stat!r} is {value}"

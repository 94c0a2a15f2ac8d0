"""Editing a position by hand (the widgets' SetupEditor): place, move and remove figures.

Each operation returns a new state and leaves the given one untouched, or raises ``ValueError``
naming the figure, the square and the rule that forbids it ("zombie 4 cannot go to 10,10: at most
2 zombies may occupy one square (Zombies!!! Giants-Club: Step 4 Zombie turn)"). Figures are
conserved: a zombie is placed from the zombie pool and removed back into it; each player has one
Survivor figure, placed with the Game Start counters of its size (ZGC-START-04).

Survivor figures must fit their square beside the others (four Normals, or one Big, or a Huge
figure's half: ZGC-NORM-01, ZGC-BIG-01). Survivor squares follow the movement rules' own tests (``movement.huge_fits``, the size's
``enters_buildings``): nobody stands on out-of-bounds squares alone, Huge figures never overlap a
building interior. A position is edited after Game Start (which would put every Survivor back on
the Town Square and deal its counters again).
"""
from __future__ import annotations

from typing import Any

from . import sizes
from .capacity import RULE_CAPACITY, describe, fits
from .data import ZData, default_data
from .events import add_zombie
from .figures import footprint, huge_fits, squares_of
from .invariants import invariants
from .setup import PLAYERS
from .state import Survivor, ZState, unkey
from .town import TownMap, town_map

G = "Zombies!!! Giants-Club"
R_ZOMBIE_CAP = f"{G}: Step 4 Zombie turn (up to two zombies can occupy a space)"
R_OUT = f"{G}: Huge (out-of-bounds squares may only be overlapped by a Huge figure)"
R_HUGE = f"{G}: Huge (a Huge figure may not overlap building interiors; Huge cannot enter buildings)"
R_BUILDING = f"{G}: Big / Huge (who may enter building squares)"
R_POOL = f"{G}: zombie figures come from the pool and go back to it"
R_ONE_FIGURE = f"{G}: Game Start (each player plays one Survivor)"
R_START = f"{G}: Game Start (the counters for each size category)"
ZOMBIE = "zombie"
ZOMBIES = "Zombies"

Square = tuple[int, int]


def zombie_id(number: int) -> str:
    """The counter id of a zombie figure (what ``pieces`` gives and move/remove accept)."""
    return f"zombie {number}"


# -- the protocol ---------------------------------------------------------------------------------


def kinds(state: ZState) -> list[str]:
    """What may be placed: a zombie, or a Survivor of a size."""
    return [ZOMBIE, *default_data().sizes]


def sides(state: ZState) -> list[str]:
    """The zombies, then each player (a Survivor is placed for its player)."""
    return [ZOMBIES, *PLAYERS]


def place(state: ZState, kind: str, side: str, loc: Any) -> ZState:
    """A zombie from the pool, or a player's Survivor of a size with its Game Start counters."""
    data = default_data()
    new = _editable(state)
    tm = town_map(new, data)
    sq = _square(tm, loc)
    if kind == ZOMBIE:
        if new.zombie_pool <= 0:
            raise ValueError(f"no zombie figure left in the pool to place on {_k(sq)} ({R_POOL})")
        number = new.next_zombie
        _check_zombie_square(new, data, tm, zombie_id(number), sq)
        add_zombie(new, sq)
        return new
    if kind not in data.sizes:
        raise ValueError(f"unknown figure {kind!r}; kinds: {', '.join(kinds(state))}")
    if side not in sides(state)[1:]:
        raise ValueError(f"a {kind} Survivor is placed for a player; players: "
                         f"{', '.join(sides(state)[1:])}")
    old = next((s for s in new.survivors if s.name == side), None)
    if old is not None and old.in_play:
        where = _k(squares_of(new, data, old)[0]) if squares_of(new, data, old) else "the board"
        raise ValueError(f"{side} already has a Survivor in play at {where}: move or remove it "
                         f"first ({R_ONE_FIGURE})")
    surv = _fresh_survivor(data, side, kind, sq, new.variants)
    _check_survivor_square(tm, data, surv, sq)
    _check_room(new, data, surv, sq)
    if old is not None:
        new.survivors[new.survivors.index(old)] = surv
    else:
        new.survivors.append(surv)
        new.survivors.sort(key=lambda s: sides(state).index(s.name)
                           if s.name in sides(state) else len(sides(state)))
    return new


def move(state: ZState, piece_id: str, loc: Any) -> ZState:
    """Put a figure on another square (no movement rules: this is set-up); riders go along."""
    data = default_data()
    new = _editable(state)
    tm = town_map(new, data)
    sq = _square(tm, loc)
    zombie = _zombie(new, piece_id)
    if zombie is not None:
        _check_zombie_square(new, data, tm, piece_id, sq, moving=zombie)
        zombie.loc = [sq[0], sq[1]]
        return new
    surv = _survivor(new, piece_id)
    _check_survivor_square(tm, data, surv, sq)
    _check_room(new, data, surv, sq)
    if surv.carried_by:  # set down off its Giant's stand
        new.survivor(surv.carried_by).carrying.remove(surv.name)
        surv.carried_by = None
    surv.loc = [sq[0], sq[1]]
    return new


def remove(state: ZState, piece_id: str) -> ZState:
    """A zombie back to the pool; a Survivor off the table (its player sits out)."""
    new = _editable(state)
    zombie = _zombie(new, piece_id)
    if zombie is not None:
        new.zombies.remove(zombie)
        new.zombie_pool += 1
        return new
    surv = _survivor(new, piece_id)
    if surv.carrying:
        raise ValueError(f"{surv.name} carries {', '.join(surv.carrying)}: move or remove the "
                         f"carried Survivor(s) first ({G}: Giants and Carrying)")
    if not any(s.in_play for s in new.survivors if s is not surv):
        raise ValueError(f"{surv.name} is the last Survivor in play: the game needs one (place "
                         "another Survivor first)")
    if surv.carried_by:
        new.survivor(surv.carried_by).carrying.remove(surv.name)
    new.survivors.remove(surv)
    return new


def validate(state: ZState, data: ZData | None = None) -> list[str]:
    """Problems of a loaded position: the game's invariants, then where each figure stands."""
    data = data or default_data()
    try:
        tm = town_map(state, data)
    except KeyError as exc:
        return [f"the town cannot be built: unknown tile {exc}"]
    out = list(invariants(state, data))
    names = {s.name for s in state.survivors}
    for s in state.survivors:
        if not s.in_play or s.size not in data.sizes:
            continue
        if s.carried_by:
            if s.carried_by not in names or s.name not in state.survivor(s.carried_by).carrying:
                out.append(f"{s.name} is carried by {s.carried_by!r}, who does not carry it")
            continue
        if s.loc is None:
            continue  # invariants report it
        try:
            _check_survivor_square(tm, data, s, tuple(s.loc))
        except ValueError as exc:
            out.append(str(exc))
    for z in state.zombies:
        sq = tuple(z.loc)
        if tm.kind.get(sq) in (None, "out"):
            out.append(_zombie_off_map(zombie_id(z.id), sq, tm))
    if not any(s.in_play for s in state.survivors):
        out.append("no Survivor in play: place one")
    return out


# -- the checks ----------------------------------------------------------------------------------


def _check_zombie_square(state: ZState, data: ZData, tm: TownMap, who: str, sq: Square,
                         moving: Any = None) -> None:
    if tm.kind[sq] == "out":
        raise ValueError(_zombie_off_map(who, sq, tm))
    cap = data.rules["combat"]["max_zombies_per_square"]
    there = [z for z in state.zombies_at(sq) if z is not moving]
    if len(there) >= cap:
        raise ValueError(f"{who} cannot go to {_k(sq)}: it already holds {len(there)} zombies, "
                         f"at most {cap} may occupy one square ({R_ZOMBIE_CAP})")


def _check_room(state: ZState, data: ZData, surv: Survivor, sq: Square) -> None:
    """The figure fits beside the Survivors already on its square(s) (riders take no room)."""
    if not fits(state, data, surv.size, sq, surv):
        raise ValueError(
            f"{surv.name} ({surv.size}) cannot stand at {_k(sq)}: no room, "
            f"{describe(state, data, surv.size, sq, surv)} ({RULE_CAPACITY})"
        )


def _zombie_off_map(who: str, sq: Square, tm: TownMap) -> str:
    what = "out of bounds" if tm.kind.get(sq) == "out" else "not on a placed tile"
    return f"{who} at {_k(sq)}: the square is {what} ({R_OUT})"


def _check_survivor_square(tm: TownMap, data: ZData, surv: Survivor, sq: Square) -> None:
    """The square(s) a Survivor of its size may stand on, by the movement rules' own tests."""
    s = sizes.stats(data, surv.size)
    if s.footprint != (1, 1):
        if not huge_fits(tm, data, sq):
            covered = footprint(data, surv.size, sq)
            bad = [c for c in covered if tm.kind.get(c) == "building"]
            why = (f"it would overlap the building interior at {_k(bad[0])} ({R_HUGE})" if bad else
                   f"its squares {', '.join(_k(c) for c in covered)} are off the town or all out "
                   f"of bounds ({R_OUT})")
            raise ValueError(f"{surv.name} ({surv.size}) cannot stand at {_k(sq)}: {why}")
        return
    kind = tm.kind.get(sq)
    if kind in (None, "out"):
        raise ValueError(f"{surv.name} ({surv.size}) cannot stand at {_k(sq)}: the square is "
                         f"{'out of bounds' if kind else 'not on a placed tile'} ({R_OUT})")
    if kind == "building" and not s.enters_buildings:
        raise ValueError(f"{surv.name} ({surv.size}) cannot stand at {_k(sq)}: a building "
                         f"interior ({R_BUILDING})")


def _fresh_survivor(data: ZData, name: str, size: str, sq: Square, variants: list[str]) -> Survivor:
    """A Survivor with its size's Game Start counters (the ZGC-AMB-01 reading honoured)."""
    reading = sizes.hearts_reading(variants)
    return Survivor(name, size, start_size=size, loc=[sq[0], sq[1]],
                    halves=sizes.start_halves(data, size, reading),
                    base_max=sizes.base_max(data, size, reading),
                    bullets=sizes.stats(data, size).start_bullets)


# -- lookups -------------------------------------------------------------------------------------


def _editable(state: ZState) -> ZState:
    if state.phase == "Set-Up":
        raise ValueError("step the game past Game Start first (Next phase), then edit the "
                         "position: Game Start puts every Survivor on the Town Square itself")
    return state.copy()


def _square(tm: TownMap, loc: Any) -> Square:
    """A board square from (x, y), [x, y] or 'x,y'; an error names a square off the town."""
    try:
        sq = unkey(loc) if isinstance(loc, str) else (int(loc[0]), int(loc[1]))
    except (TypeError, ValueError, IndexError):
        raise ValueError(f"{loc!r} is not a square (x, y)") from None
    if sq not in tm.kind:
        raise ValueError(f"square {_k(sq)} is not on a placed tile of the town")
    return sq


def _zombie(state: ZState, piece_id: str):
    for z in state.zombies:
        if zombie_id(z.id) == piece_id:
            return z
    return None


def _survivor(state: ZState, piece_id: str) -> Survivor:
    for s in state.survivors:
        if s.name == piece_id and s.in_play:
            return s
    raise ValueError(f"no figure {piece_id!r} on the board")


def _k(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


SETUP_API = {"place": place, "move": move, "remove": remove, "kinds": kinds, "sides": sides,
             "validate": validate}

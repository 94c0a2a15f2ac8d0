"""Vermite movement (§D-2, §E-1, §E-2, §E-3, §P, §Q-2-d): one unit (or a Queen with her Escort)
walks hex by hex in the Queen's Preferred Direction, overridden by Jewel Exit Trails, Scent Trails,
the Toxic Tar Pit sidestep and map edges; it stops when out of MP, next to a Marine or in a Crown
Jewel hex, and never ends over the stacking limit. Every step says why the unit went there."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from functools import lru_cache

from rules_lib.core.boards.hex import DIRECTIONS, Hex
from rules_lib.core.engine import Context, Event

from . import dice as svdice
from .board import SVMap, map_for
from .data import SVData, game_data
from .events import preferred_direction
from .lowest_numbered import order_reading, ordering_note, unnumbered_first
from .provenance import chit_reason, counter_path, join, map_reason, values_reason
from .state import MARINES, SVState, Unit, effective_values, kind_of

RULE_MOVE = "Space Vermin §E-1"
CARRIERS = ("soldier", "ultra_mite")


def opposite(direction: int) -> int:
    """The reverse of a Vermite Movement Indicator direction (1 <-> 4, 2 <-> 5, 3 <-> 6)."""
    return (direction + 2) % 6 + 1


def turn_by(direction: int, step: int) -> int:
    """The direction ``step`` hexsides clockwise (negative: counter-clockwise)."""
    return (direction - 1 + step) % 6 + 1


def unlimited_hexes(smap: SVMap) -> frozenset[str]:
    """Nest and Vermite Entry hexes: any number of Vermites may stack there (§E-3, §Q-2-c)."""
    return smap.unlimited_labels


def big_count(data: SVData, state: SVState, label: str, exclude: tuple[str, ...] = ()) -> int:
    """Non-Drone Vermites in a hex (Drones never count against stacking, §E-3)."""
    vermites = data.vermites
    count = 0
    for u in state.units:
        if u.hex == label and u.status == "map" and u.side != MARINES and (  # the cheap test first
                vermites[u.type].kind != "drone" and u.id not in exclude):
            count += 1
    return count


def has_room(data: SVData, smap: SVMap, state: SVState, label: str, group: list[Unit]) -> bool:
    """Whether the group may stop in the hex: at most two Queens/Ultra-Mites/Soldiers (§E-3)."""
    if label in smap.unlimited_labels:
        return True
    ids = tuple(u.id for u in group)
    return big_count(data, state, label, ids) + len(group) <= data.vermite_stack_limit


def marine_adjacent(smap: SVMap, state: SVState, h: Hex, marines: set[str] | None = None) -> bool:
    """Whether a hex touches a Marine (non-Drones stop there, §E-1)."""
    if marines is None:
        marines = state.marine_hexes()
    label_of = smap.label_of
    for n in smap.neighbors(h):
        if label_of[n] in marines:
            return True
    return False


def marine_neighbourhood(smap: SVMap, marines: set[str]) -> frozenset[Hex]:
    """Every hex touching one of these Marine hexes: ``marine_adjacent`` for a whole step at once
    (adjacency is mutual, so a hex touches a Marine exactly when it is next to a Marine's hex)."""
    return smap.neighbourhood(marines)


def escorts_in_play(state: SVState) -> bool:
    """Queens' Escorts are a Scenario 2 rule (§Q-2-d, §E-1-e): only above-ground Queens on
    Mapzone Beta have them; a Queen in a Nest never moves and takes no Escort (§E-1-e)."""
    return state.map == "beta"


def escort_of(state: SVState, queen: Unit) -> Unit | None:
    """The Queen's Escort: the Ultra-Mite/Soldier bound to her and in her hex (§Q-2-d)."""
    qid = queen.id
    for u in state.units:
        if u.escort_of == qid and u.status == "map" and u.hex is not None and u.hex == queen.hex:
            return u
    return None


def is_escorting(state: SVState, unit: Unit) -> bool:
    """Whether the unit is a Queen's Escort now: bound to her and in her hex. A link left over
    from a Queen that died or an Escort that was relocated binds nobody (§Q-2-d)."""
    if not unit.escort_of:
        return False
    queen = state.unit(unit.escort_of)
    return queen.status == "map" and queen.hex is not None and queen.hex == unit.hex


def release_escorts(state: SVState, queen_id: str) -> None:
    """The Queen is gone: whoever escorted her is free to escort another (§Q-2-d)."""
    for u in state.units:
        if u.escort_of == queen_id:
            u.escort_of = ""


def free_escort_candidates(data: SVData, state: SVState, label: str) -> list[Unit]:
    """Ultra-Mites/Soldiers in a hex that escort nobody: Ultra-Mites first, then by ID (§Q-2-d)."""
    found = [
        u
        for u in state.units_at(label)
        if not u.is_marine and kind_of(data, u) in CARRIERS and not is_escorting(state, u)
    ]
    return sorted(found, key=lambda u: (kind_of(data, u) != "ultra_mite", u.number))


def unescorted_queen_at(data: SVData, state: SVState, label: str) -> Unit | None:
    """An above-ground Queen in the hex without an Escort (Scenario 2 only, §Q-2-d)."""
    if not escorts_in_play(state):
        return None
    vermites = data.vermites
    for u in state.units:
        if (u.hex == label and u.status == "map" and u.side != MARINES
                and vermites[u.type].kind == "queen" and escort_of(state, u) is None):
            return u
    return None


def can_carry(data: SVData, state: SVState, unit: Unit) -> bool:
    """Who picks up a lying Jewel: Soldiers and Ultra-Mites (§E-2), also Queens in the Campaign's
    second battle (§Q-3); a Soldier or Ultra-Mite carries one Jewel, a Queen any number."""
    kind = kind_of(data, unit)
    if kind in CARRIERS:
        return unit.jewels < data.warrior_carries
    return kind == "queen" and state.campaign_stage == 2


@dataclass
class Heading:
    """Where the unit is going now and why (direction, plus whether an edge already reversed it);
    ``ref``/``assumed``: the Event Chit arrow the direction comes from and whether it is assumed."""

    direction: int
    reason: str
    reversed: bool = False
    ref: dict | None = None
    assumed: str = ""


# catalogue IDs of each kind of Vermite step (the reason a step cites)
IDS_DIRECTION = ("SV-VMOV-01", "SV-EVT-04")
IDS_REVERSED = ("SV-VMOV-01", "SV-DIR-05")
IDS_TRAIL = ("SV-DIR-02", "SV-TERR-09")
IDS_JEWEL_TRAIL = ("SV-DIR-06", "SV-JEWEL-03", "SV-TERR-15")
IDS_TAR_PIT = ("SV-DIR-04", "SV-TERR-12", "SV-VMOV-02")
IDS_SNEAK = ("SV-S1-18", "SV-DIR-05", "SV-AMB-03")
IDS_ESCAPE = ("SV-DIR-05", "SV-S2-22")
IDS_STORM = ("SV-S2-19", "SV-S2-20")
HEADING_IDS = (IDS_DIRECTION, IDS_REVERSED)  # steps whose direction is the chit's arrow
SNEAK_WHY = ("default reading of SV-AMB-03: leaving the map edge, it comes back in at the "
             "Sneak Attack trail's end on the other edge and moves on")
SNEAK_STOPS = "sneak_attack_stops_at_trail_end"  # SV-AMB-03's other reading (a variant)
SNEAK_STOP_WHY = ("variant sneak_attack_stops_at_trail_end (other reading of SV-AMB-03): the "
                  "unit stops where the Sneak Attack trail ends")
ENTRANCE_CARRIERS_ONLY = "tunnel_entrance_only_jewel_carriers"  # SV-AMB-15's other reading


def start_direction(state: SVState, ctx: Context, smap: SVMap, unit: Unit) -> Iterator[Event]:
    """The Preferred Direction for a unit starting in its hex; a die under a Magnetic Storm."""
    heading = _plain_heading(state, smap, unit)
    if heading is not None:
        return heading
    roll = svdice.one_die().roll(ctx.dice, f"Magnetic Storm direction for {unit.id}")
    yield Event(
        f"Magnetic Storm: {unit.id} rolls direction {roll.value}",
        rule="Space Vermin §Q-2-f",
        kind="roll",
        data={"direction": roll.value, "unit": unit.id},
        ids=IDS_STORM,
    )
    return Heading(roll.value, "the Magnetic Storm die (§Q-2-f)")


def _plain_heading(state: SVState, smap: SVMap, unit: Unit) -> Heading | None:
    """``start_direction`` when the chit's arrow sets the direction; None under a Magnetic Storm
    (a die is rolled: ``start_direction`` does that)."""
    chit = state.direction_chit or state.active_event
    # the direction, its reason and whether the arrow is assumed depend only on the chit and
    # the hex: worked out once per chit and hex of the map
    key = (chit, unit.hex)
    found = smap.heading_cache.get(key)
    if found is None:
        found = smap.heading_cache[key] = _chit_heading_of_hex(chit, smap, unit.hex)
    d, why, arrow, assumed = found
    if d == "*":
        return None
    return Heading(d, why, ref={"chit": chit, "chit_paths": [arrow]}, assumed=assumed)


def _chit_heading_of_hex(chit: str, smap: SVMap, label: str) -> tuple[int | str, str, str, str]:
    """``_chit_heading`` for the hex ``label`` with the assumed text of the arrow it reads (""
    under a Magnetic Storm: no arrow is read)."""
    d, why, arrow = _chit_heading(chit, smap, smap.hex(label))
    return d, why, arrow, ("" if d == "*" else chit_reason(smap.data, chit, (arrow,)))


def _chit_heading(chit: str, smap: SVMap, h: Hex) -> tuple[int | str, str, str]:
    """The chit's direction for a unit in ``h``, the reason a step cites ("*": Magnetic Storm)
    and the chit's arrow it reads (alpha_blue, alpha_yellow or beta)."""
    d = preferred_direction(chit, smap, h)
    if d == "*":
        return "*", "", "beta"
    if smap.key == "alpha":
        south = smap.zone(h) == "south"
        arrow = "blue (south of the road)" if south else "yellow (on or north of the road)"
        why = f"the {chit} chit's {arrow} arrow (§D-1, §Q-1-c)"
        return int(d), why, "alpha_blue" if south else "alpha_yellow"
    return int(d), f"the {chit} chit's Scenario 2 arrow (§D-1)", "beta"


def movement_allowance(data: SVData, smap: SVMap, state: SVState, unit: Unit) -> int:
    """MA this step: face value, +1 per Jewel carried at the start (§E-2), the Psychic Whip
    (§P-3-o) and any event bonus for Soldiers (the invented chit card)."""
    ma = effective_values(data, unit, with_jewel_ma=True).ma
    kind = kind_of(data, unit)
    if kind != "drone" and unit.hex in smap.psychic_whip_labels:
        ma += data.psychic_whip_ma
    if kind == "soldier":
        ma += state.soldier_ma_bonus
    return ma


def _next_hex(
    data: SVData, smap: SVMap, state: SVState, cur: Hex, leader: Unit, heading: Heading
) -> tuple[Hex | str | None, str, tuple[str, ...]]:
    """The hex the leader enters next, the rule that sends it there and its catalogue IDs;
    "escape" for Beta's east edge; None when it cannot go on."""
    if leader.jewels and smap.key == "alpha":
        on_trail = smap.jewel_trail_next(cur)
        if on_trail is not None:
            return on_trail, "it carries a Crown Jewel: Jewel Exit Trail (§E-2, §P-2-i)", (
                IDS_JEWEL_TRAIL)
    if not state.magnetic_storm:
        trail = smap.trail_next(cur)
        if trail is not None:
            return trail, "it is on a Scent Trail and must follow it (§D-2, §P-1-f)", IDS_TRAIL
    d = heading.direction
    n = smap.neighbor(cur, d)
    if n is None:
        edges = smap.edges(cur)
        east = DIRECTIONS[d].q > 0  # the step off the map heads east
        if smap.mdata.escape_edge == "east" and "east" in edges and east:
            return "escape", "it moves off Mapzone Beta's east edge (§D-2, §Q-2-f)", IDS_ESCAPE
        if state.sneak_attack:
            for node in smap.mdata.sneak_attack.values():
                if not isinstance(node, dict):
                    continue
                if node.get("direction") == d and node.get("leaves_edge") in edges:
                    target = smap.hex(node["trail_end"])
                    return target, (
                        f"Vermite Sneak Attack: it follows the trail to {node['trail_end']} "
                        f"(§Q-1-c, SV-AMB-03)"
                    ), IDS_SNEAK
        if heading.reversed:
            return None, "it is boxed in at the map edge", IDS_REVERSED
        heading.direction = opposite(d)
        heading.reversed = True
        heading.reason = f"reversed at the map edge to direction {heading.direction} (§D-2)"
        n = smap.neighbor(cur, heading.direction)
        if n is None:
            return None, "it is boxed in at the map edge", IDS_REVERSED
        d = heading.direction
    if n not in smap.open_hexes and not smap.enterable(cur, n):
        sides = [smap.neighbor(cur, turn_by(d, s)) for s in (-1, 1)]
        ok = [s for s in sides if s is not None and smap.enterable(cur, s)]
        if not ok:
            return None, "a Toxic Tar Pit blocks it and no sidestep hex exists (§D-2)", (
                IDS_TAR_PIT)
        first = unnumbered_first(state)
        side = smap.lowest_numbered(ok, cur, first)
        order_ids, _ = ordering_note(smap, ok, first)  # an unnumbered hex among the two: SV-AMB-16
        return side, (
            f"a Toxic Tar Pit blocks direction {d}: it sidesteps to the lowest-numbered adjacent "
            f"hex (§D-2, §P-1-g)"
        ), IDS_TAR_PIT + order_ids
    return n, f"direction {d}: {heading.reason}", (
        IDS_REVERSED if heading.reversed else IDS_DIRECTION)


@dataclass
class Walk:
    """One group's walk in a Movement Step: who moves, the hexes entered from the start, the MP
    left and why it stopped (the last reason found stands)."""

    group: list[Unit]
    names: str  # "Sister Queen and Ultra-Mite #2", as the log names the group
    path: list[Hex]
    remaining: int
    stop_reason: str = "its Movement Allowance is spent"
    stop_ids: tuple[str, ...] = ("SV-VMOV-01",)
    queen_hexes: set[str | None] | None = None  # hexes holding a Queen: looked up once, if asked

    def does(self, verb: str) -> str:
        """The verb agreeing with the group's names: 'Soldier #3 enters', 'High Queen and
        Ultra-Mite #14 enter'."""
        return f"{verb}s" if len(self.group) == 1 else verb


def move_group(
    state: SVState,
    ctx: Context,
    group: list[Unit],
    heading: Heading | None = None,
    marines: set[str] | None = None,
    near_marines: frozenset[Hex] | None = None,
    queen_hexes: set[str | None] | None = None,
) -> Iterator[Event]:
    """Move one Vermite, or a Queen with her Escort (leader first), for one movement step (§E-1):
    it does not move if it starts next to a Marine; a carrier in a Jewel hex picks the Jewel up;
    it walks in its direction (``walk``) and ends in the last hex entered where it fits
    (``stop_where_it_fits``), unless the walk took it off the map or into a Nest.

    ``near_marines``: ``marine_neighbourhood(smap, marines)``, and ``queen_hexes``: the hexes
    holding a Queen, when the caller has them already (no Queen moves while others walk)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    leader = group[0]
    start_label = leader.hex
    start = smap.hex(start_label)
    map_why = map_reason(data, smap.key)
    if marines is None:
        marines = state.marine_hexes()  # Marines do not move during a Vermite step
    if near_marines is None:
        def next_to_marine(h: Hex) -> bool:
            return marine_adjacent(smap, state, h, marines)
    else:
        next_to_marine = near_marines.__contains__
    if next_to_marine(start):
        yield Event(
            f"{' and '.join(u.id for u in group)} in {start_label} starts next to a Marine and "
            f"does not move (§E-1)",
            rule=RULE_MOVE,
            kind="move",
            data={"units": [u.id for u in group], "hex": start_label},
            ids=("SV-VMOV-05",),
            assumed=map_why,
        )
        return
    walk = Walk(group, " and ".join(u.id for u in group), [start],
                movement_allowance(data, smap, state, leader), queen_hexes=queen_hexes)
    # a carrier that stopped in a Jewel hex picks the Jewel up first (§E-2)
    pickup = data.jewel_pickup_mp
    if state.jewels.get(start_label) and can_carry(data, state, leader) and (
            walk.remaining >= pickup):
        walk.remaining -= pickup
        _take_jewel(state, leader, start_label)
        yield Event(
            f"{leader.id} picks up a Crown Jewel in {start_label} ({pickup} MP)",
            rule="Space Vermin §E-2",
            kind="move",
            data={"unit": leader.id, "values": ["counters:crown_jewels.pickup_mp"]},
            ids=("SV-JEWEL-02",) if state.campaign_stage != 2 else ("SV-JEWEL-02", "SV-CAMP-05"),
            assumed=values_reason(data, ("counters:crown_jewels.pickup_mp",)),  # a designer's cost
        )
    if heading is None:
        heading = _plain_heading(state, smap, leader)  # no die to roll: no generator needed
        if heading is None:
            heading = yield from start_direction(state, ctx, smap, leader)
    gone = yield from walk_on(state, ctx, smap, walk, heading, marines, next_to_marine)
    if not gone:
        yield from stop_where_it_fits(data, smap, state, walk, start_label, map_why)


def walk_on(
    state: SVState,
    ctx: Context,
    smap: SVMap,
    walk: Walk,
    heading: Heading,
    marines: set[str],
    next_to_marine: Callable[[Hex], bool],
) -> Generator[Event, None, bool]:
    """Hex by hex in the heading's direction, as ``_next_hex`` sends it, while MP last (§D-2,
    §E-1): it never enters a Marine's hex or a hex it cannot pay for, a Queen and her Escort only
    a hex with room for both; after each step the hex may end the walk (``arrive``). True if the
    group has left the map or gone into a Nest (nothing more to place). (One piece: the step
    loop, each test in the rulebook's order, is the hot path of every Vermite's move.)"""
    data = smap.data
    leader = walk.group[0]
    map_why = map_reason(data, smap.key)
    step_why = join(map_why, heading.assumed)  # a step along the chit's arrow
    label_of = smap.label_of
    # where entering can do anything to the group (``arrive``): a Nest, a Nest Tunnel Entrance
    # (Alpha), a Crown Jewel hex, and on Beta any hex (Queens and their Escorts meet)
    doorways = smap.doorway_labels
    escorts = escorts_in_play(state)
    jewels = state.jewels
    cur = walk.path[0]
    while walk.remaining > 0:
        nxt, why, ids = _next_hex(data, smap, state, cur, leader, heading)
        if nxt == "escape":
            yield from _escape(state, walk.group, smap.label(cur), why, map_why)
            return True
        if nxt is None:
            walk.stop_reason, walk.stop_ids = why, ids
            return False
        label = label_of[nxt]
        if label in marines:
            walk.stop_reason, walk.stop_ids = f"{label} holds a Marine", ("SV-VMOV-04",)
            return False
        cost = smap.vermite_step_cost(cur, nxt, state.flooded)
        if cost is None:
            walk.stop_reason, walk.stop_ids = f"{label} cannot be entered", ("SV-TERR-12",)
            return False
        if cost > walk.remaining:
            walk.stop_reason = f"not enough MP left to enter {label} (cost {cost}, §E-1)"
            walk.stop_ids = ("SV-VMOV-03",)
            return False
        if len(walk.group) > 1 and not has_room(data, smap, state, label, walk.group):
            walk.stop_reason = f"no room in {label} for the Queen and her Escort (§Q-2-d)"
            walk.stop_ids = ("SV-S2-13",)
            return False
        onto_trail = nxt in smap.trail_hexes and not smap.trail_connected(cur, nxt)
        walk.remaining -= cost
        cur = nxt
        walk.path.append(cur)
        sneak = ids is IDS_SNEAK
        along_heading = ids in HEADING_IDS
        if onto_trail:
            ids += ("SV-AMB-17",)  # onto a trail from off it: the terrain's cost (§E example)
        step = {"units": [u.id for u in walk.group], "to": label, "mp": cost, "hex": label}
        if along_heading and heading.ref is not None:
            step.update(heading.ref)
            assumed = step_why
        elif sneak:
            sneak_stop = SNEAK_STOPS in state.variants
            assumed = join(map_why, SNEAK_STOP_WHY if sneak_stop else SNEAK_WHY)
        elif "SV-AMB-16" in ids:  # a Tar Pit sidestep decided by the unnumbered hexes' reading
            assumed = join(map_why, order_reading(unnumbered_first(state)))
        else:
            assumed = map_why
        yield Event(
            f"{walk.names} {walk.does('enter')} {label} ({cost} MP, {walk.remaining} left): {why}",
            rule=_rule_of(why),
            kind="step_detail",
            data=step,
            ids=ids,
            assumed=assumed,
        )
        if escorts or label in doorways or jewels.get(label):
            outcome = yield from arrive(state, ctx, smap, walk, label, map_why)
            if outcome is not None:
                return outcome
        if next_to_marine(cur):
            walk.stop_reason, walk.stop_ids = f"{label} is next to a Marine (§E-1)", ("SV-VMOV-04",)
            return False
        if sneak and SNEAK_STOPS in state.variants:
            walk.stop_reason = f"it followed the Sneak Attack trail to its end, {label} (variant)"
            walk.stop_ids = IDS_SNEAK
            return False
    return False


def arrive(
    state: SVState, ctx: Context, smap: SVMap, walk: Walk, label: str, map_why: str
) -> Generator[Event, None, bool | None]:
    """What the hex just entered does to the group: a Nest Tunnel Entrance (§P-2-l) or, for a
    Jewel carrier, the Nest itself (§E-2) takes it off the map (True); a carrier stops in a
    Crown Jewel hex (§E-2), a lone Warrior joins an Unescorted Queen as her Escort (§Q-2-d)
    (False: the walk ends here); a lone Queen picks up a free Escort and walks on with it (None:
    the walk goes on)."""
    data = smap.data
    group = walk.group
    leader = group[0]
    leader_kind = kind_of(data, leader)
    entrances = smap.entrance_nests if smap.key == "alpha" else {}
    if label in entrances and (leader.jewels or ENTRANCE_CARRIERS_ONLY not in state.variants):
        for u in group:  # (SV-AMB-15's other reading: only a Jewel carrier goes in)
            u.hex = label
        yield from enter_tunnel_entrance(state, ctx, smap, group, label)
        return True
    if label in smap.nest_labels and leader.jewels and leader_kind in CARRIERS:
        for u in group:
            u.hex = label
        yield from _carrier_reaches_nest(state, smap, group, label, map_why)
        return True
    if state.jewels.get(label) and can_carry(data, state, leader):
        walk.stop_reason = f"it entered a Crown Jewel hex ({label}) and stops (§E-2)"
        walk.stop_ids = ("SV-JEWEL-01",) if state.campaign_stage != 2 else ("SV-CAMP-05",)
        return False
    # (the cheap tests first: looking for a Queen in the hex has no side effect)
    queen = None
    if len(group) == 1 and leader_kind in CARRIERS:
        if walk.queen_hexes is None:
            walk.queen_hexes = queen_hexes_now(data, state)
        if label in walk.queen_hexes:
            queen = unescorted_queen_at(data, state, label)
    if queen is not None and has_room(data, smap, state, label, group):
        release_escorts(state, queen.id)  # an old link of hers binds nobody now
        leader.escort_of = queen.id
        walk.stop_reason = f"it joins the Unescorted {queen.id} as her Escort (§Q-2-d)"
        walk.stop_ids = ("SV-S2-16",)
        return False
    if leader_kind == "queen" and len(group) == 1:
        cands = [c for c in free_escort_candidates(data, state, label) if c.id != leader.id]
        if cands and escorts_in_play(state):
            esc = cands[0]
            release_escorts(state, leader.id)
            esc.escort_of = leader.id
            group.append(esc)
            walk.names = " and ".join(u.id for u in group)
            yield Event(
                f"{leader.id} picks up {esc.id} in {label} as her new Escort (§Q-2-d)",
                rule="Space Vermin §Q-2-d",
                kind="move",
                data={"units": [leader.id, esc.id]},
                ids=("SV-S2-15",),
            )
    return None


def stop_where_it_fits(
    data: SVData, smap: SVMap, state: SVState, walk: Walk, start_label: str, map_why: str
) -> Iterator[Event]:
    """The group stops in the last hex entered where it fits the stacking limit (§E-3, default
    reading of SV-AMB-07: it backs up along its path), and the log says why it stopped."""
    group, path, leader = walk.group, walk.path, walk.group[0]
    ma_path = (counter_path(data, leader, "ma"),)
    label_of = smap.label_of
    end = len(path) - 1
    while end > 0 and not has_room(data, smap, state, label_of[path[end]], group):
        end -= 1
    final = label_of[path[end]]
    end_why = join(map_why, values_reason(data, ma_path))
    stop_reason, stop_ids = walk.stop_reason, walk.stop_ids
    if end < len(path) - 1:
        stop_reason = (
            f"{smap.label(path[-1])} is full, so {'it' if len(group) == 1 else 'they'} "
            f"{walk.does('stay')} in {final}, the last hex {'it' if len(group) == 1 else 'they'} "
            f"may stop in (§E-3, default reading of SV-AMB-07)"
        )
        stop_ids = ("SV-VSTK-01", "SV-VSTK-05", "SV-AMB-07")
        if leader.escort_of and len(group) == 1:
            leader.escort_of = ""
    for u in group:
        u.hex = final
    verb = walk.does("stay" if final == start_label else "end") + " in"
    yield Event(
        f"{walk.names} {verb} {final}: {stop_reason}",
        rule="Space Vermin §E-3" if "full" in stop_reason else RULE_MOVE,
        kind="move",
        data={"units": [u.id for u in group], "from": start_label, "to": final, "hex": final,
              "values": list(ma_path)},
        ids=stop_ids,
        assumed=end_why,
    )


def queen_hexes_now(data: SVData, state: SVState) -> set[str | None]:
    """Hexes holding a Queen on the map."""
    vermites = data.vermites
    return {
        u.hex for u in state.units
        if u.status == "map" and u.side != MARINES and vermites[u.type].kind == "queen"
    }


@lru_cache(maxsize=4096)
def _rule_of(why: str) -> str:
    """The section a movement reason cites (the first § in it); cached: the reasons repeat."""
    if "§" in why:
        return "Space Vermin " + why[why.index("§") :].split(",")[0].split(")")[0]
    return RULE_MOVE


def _entrances(smap: SVMap) -> dict[str, int]:
    return smap.entrance_nests


def _take_jewel(state: SVState, unit: Unit, label: str) -> None:
    state.jewels[label] -= 1
    if not state.jewels[label]:
        del state.jewels[label]
    unit.jewels += 1


def _escape(
    state: SVState, group: list[Unit], label: str, why: str, map_why: str
) -> Iterator[Event]:
    """Off Beta's east edge: into the Escaped pile (§Q-2-f); a carried Jewel leaves with it."""
    for u in group:
        u.status = "escaped"
        u.hex = None
        u.escort_of = ""
        yield Event(
            f"{u.id} leaves the map from {label}: {why}; it goes to the Escaped pile",
            rule="Space Vermin §Q-2-f",
            kind="move",
            data={"unit": u.id, "hex": label},
            ids=IDS_ESCAPE,
            assumed=map_why,
        )


ENTRANCE_WHY = ("default reading of SV-AMB-15: every non-Drone entering a Nest Tunnel Entrance "
                "goes back to the cup, not only Jewel carriers")


def enter_tunnel_entrance(
    state: SVState, ctx: Context, smap: SVMap, group: list[Unit], label: str
) -> Iterator[Event]:
    """A Nest Tunnel Entrance returns the Vermite to the cup and its Jewel to the Nest (§P-2-l)."""
    nest = _entrances(smap)[label]
    where = (f"{smap.key}:nest_tunnel_entrances[{nest}]",)
    place_why = values_reason(smap.data, where)
    for u in group:
        carried = u.jewels
        u.status, u.hex, u.reduced, u.escort_of = "cup", None, False, ""  # gone at once
        if u.jewels:
            key = str(nest)
            brought, u.jewels = u.jewels, 0
            state.nest_jewels[key] = state.nest_jewels.get(key, 0) + brought
            yield Event(
                f"{u.id} brings {brought} Crown Jewel(s) into Nest {nest}",
                rule="Space Vermin §E-2 / §P-2-l",
                kind="move",
                data={"unit": u.id, "values": list(where)},
                ids=("SV-JEWEL-04", "SV-TERR-24"),
                assumed=place_why,
            )
        yield Event(
            f"{u.id} enters Nest {nest}'s Tunnel Entrance ({label}) and returns to the Vermite "
            f"Unit Cup" + ("" if carried else " (default reading of SV-AMB-15)"),
            rule="Space Vermin §P-2-l",
            kind="move",
            data={"unit": u.id, "values": list(where)},
            ids=("SV-TERR-24", "SV-JEWEL-04") if carried else ("SV-TERR-24", "SV-AMB-15"),
            assumed=place_why if carried else join(ENTRANCE_WHY, place_why),
        )


def _carrier_reaches_nest(
    state: SVState, smap: SVMap, group: list[Unit], label: str, map_why: str
) -> Iterator[Event]:
    """A Jewel carrier that walks into a Nest hex has brought its Jewel home, as at the Nest
    Tunnel Entrance (§E-2 note: it 'may reach the Nest or Nest Entrance directly')."""
    nest = next(n for n, h in smap.nests.items() if smap.label(h) == label)
    for u in group:
        brought, u.jewels = u.jewels, 0
        if brought:
            key = str(nest)
            state.nest_jewels[key] = state.nest_jewels.get(key, 0) + brought
        u.status, u.hex, u.reduced, u.escort_of = "cup", None, False, ""
        yield Event(
            f"{u.id} carries {brought} Crown Jewel(s) straight into Nest {nest}: the Jewel stays "
            f"in the Nest and {u.id} returns to the Vermite Unit Cup, as at the Tunnel Entrance",
            rule="Space Vermin §E-2",
            kind="move",
            data={"unit": u.id, "hex": label},
            ids=("SV-JEWEL-05", "SV-JEWEL-04"),
            assumed=join("reading of §E-2's note: reaching the Nest itself ends the carry as the "
                         "Entrance does", map_why),
        )

"""Soldier Tunnel Movement (§E-1-c, Scenario 1): one Soldier per operational Tunnel Exit of its
Nest, lowest Unit ID to the lowest-numbered exit; a Partially Collapsed exit is repaired at the
cost of a step; Tunnel Exit chits drawn from the cup are placed open (§Q-1-c)."""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from .board import SVMap, map_for
from .data import SVData, game_data
from .provenance import join, values_reason
from .state import SVState, Unit, kind_of
from .vermite_losses import eliminate_vermite
from .vermite_movement import big_count

RULE = "Space Vermin §E-1-c"


def operational(data: SVData, smap: SVMap, state: SVState, number: int) -> bool:
    """An exit is operational when its chit is on the map (open or collapsed), no Marine holds the
    hex and a Soldier placed there keeps the hex within two Vermites (§E-1-c)."""
    if str(number) not in state.tunnel_exits:
        return False
    label = smap.mdata.tunnel_exits[number]
    if label in state.marine_hexes():
        return False
    return big_count(data, state, label) + 1 <= data.vermite_stack_limit


def nest_soldiers(data: SVData, smap: SVMap, state: SVState, nest: int) -> list[Unit]:
    """Soldiers in the Nest hex itself, lowest Unit ID first (§E-1-c, §P-2-k note)."""
    label = smap.label(smap.nests[nest])
    return sorted(
        (u for u in state.units_at(label) if not u.is_marine and kind_of(data, u) == "soldier"),
        key=lambda u: u.number,
    )


def tunnel_movement(state: SVState, ctx: Context) -> Iterator[Event]:
    """The Soldier Tunnel Movement step, Nest 1 then Nest 2 (§E-1-c)."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    if state.sneak_attack:
        yield Event(
            "Vermite Sneak Attack: no Soldier Tunnel Movement this turn",
            rule="Space Vermin §Q-1-c",
            kind="info",
            ids=("SV-S1-19",),
        )
        return
    for nest in sorted(smap.nests):
        soldiers = nest_soldiers(data, smap, state, nest)
        for number in smap.tunnel_exits_of(nest):
            if not soldiers:
                break
            if not operational(data, smap, state, number):
                continue
            soldier = soldiers.pop(0)
            label = smap.mdata.tunnel_exits[number]
            soldier.hex = label
            where = (f"{smap.key}:tunnel_exits[{number}]",)
            yield Event(
                f"{soldier.id} (lowest Unit ID left in Nest {nest}) is placed on Tunnel Exit "
                f"{number} ({label}), the lowest-numbered operational exit left",
                rule=RULE,
                kind="move",
                data={"unit": soldier.id, "exit": number, "to": label, "values": list(where)},
                ids=("SV-TUN-01", "SV-TUN-02", "SV-TUN-03", "SV-TUN-04"),
                assumed=values_reason(data, where),
            )
            if state.tunnel_exits[str(number)] == "collapsed":
                state.tunnel_exits[str(number)] = "open"
                yield Event(
                    f"Tunnel Exit {number} is repaired (flipped to its front side)",
                    rule=RULE,
                    kind="move",
                    data={"exit": number},
                    ids=("SV-TUN-10",),
                )
                if soldier.reduced:
                    yield Event(
                        f"{soldier.id} was already Reduced: clearing the tunnel eliminates it",
                        rule=RULE,
                        kind="combat",
                        data={"unit": soldier.id},
                        ids=("SV-TUN-11",),
                    )
                    yield from eliminate_vermite(state, ctx, soldier, cause="tunnel")
                else:
                    soldier.reduced = True
                    yield Event(
                        f"{soldier.id} is injured clearing the tunnel: flipped to its Reduced side",
                        rule=RULE,
                        kind="combat",
                        data={"unit": soldier.id},
                        ids=("SV-TUN-11",),
                    )
        for s in soldiers:
            yield Event(
                f"{s.id} finds no operational exit and stays in Nest {nest} until Soldier "
                f"Regular Movement",
                rule=RULE,
                kind="info",
                data={"unit": s.id},
                ids=("SV-TUN-05",),
            )


def place_tunnel_exit(
    state: SVState, smap: SVMap, number: str, why: str, assumed: str = "",
    ids: tuple[str, ...] = ("SV-S1-13", "SV-S1-15", "SV-TERR-25"),
) -> Event:
    """A drawn Tunnel Exit chit goes front side up on its hex, even under a Marine (§Q-1-c).
    ``assumed``: why the placing itself is the project's (an invented event), if it is."""
    if number in state.cup_tunnel_exits:
        state.cup_tunnel_exits.remove(number)
    state.tunnel_exits[number] = "open"
    where = (f"{smap.key}:tunnel_exits[{number}]",)
    return Event(
        f"Tunnel Exit {number} is placed open on hex {smap.mdata.tunnel_exits[int(number)]} ({why})",
        rule="Space Vermin §P-2-m / §Q-1-c",
        kind="move",
        data={"exit": number, "values": list(where)},
        ids=ids,
        assumed=join(assumed, values_reason(smap.data, where)),
    )

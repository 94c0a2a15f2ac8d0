"""Set-Up: the counter manifest, Hives, Human placement, twelve National Guard rolls, the cup."""
from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

from rules_lib.core.dice import SumDice
from rules_lib.core.engine import Context, Event

from .data import GinData
from .pieces import END_CHIT
from .provenance import cite, join, reason, whys
from .state import Fort, GinState, Unit

R_SETUP = "Ginormopod: Set-Up"


def manifest(data: GinData) -> list[Unit]:
    """Every counter of the game, unplaced (set-up then puts them where they start)."""
    return [Unit(c.id, c.type, c.side, c.formation, "unplaced", "", 0, False, c.revealed, c.armed)
            for c in data.counters]


def initial_forts(data: GinData) -> dict[str, Fort]:
    """Forts at full strength on their tracks."""
    return {c: Fort(c, f.strength, f.strength, f.formation) for c, f in data.forts.items()}


def is_end_chit(chit: str) -> bool:
    return chit.startswith(END_CHIT)


AMB_01_VARIANT = ("variant of GIN-AMB-01: no ...The End??? chit in the cup; the Action Phase ends "
                  "when the cup is empty")


def end_chits_in_cup(data: GinData, ctx: Context) -> int:
    """...The End??? chits in the cup (GIN-AMB-01: none in the variant)."""
    return 0 if ctx.variant("cup_without_end_chits") else data.end_chits


def setup(state: GinState, ctx: Context) -> Generator[Event, Any, None]:
    """The Set-Up section, step by step."""
    data: GinData = ctx.data
    state.phase, state.step = "Set-Up", "Hives"
    yield Event("Set-Up begins", rule=R_SETUP, kind="phase", ids=("GIN-OVER-01",))
    unplaced: dict[tuple[str, str], list[Unit]] = {}  # (type, Formation) -> unplaced counters
    for u in state.units:
        if u.pool == "unplaced":
            unplaced.setdefault((u.type, u.formation), []).append(u)
    for hive, formation in data.hives.items():
        placed = []
        for kind, n in data.hive_units.items():
            pool = [u for u in unplaced.get((kind, formation), ()) if u.pool == "unplaced"]
            for u in pool[:n]:
                u.pool, u.loc = "map", hive
                placed.append(u.id)
        yield Event(f"Hive {hive} (Swarm Formation {formation}): {', '.join(placed)}",
                    rule=R_SETUP, kind="setup", data={"hive": hive, "units": placed},
                    ids=cite(("GIN-SETUP-01", "GIN-MAP-06"), whys(data).hives[hive]),
                    assumed=whys(data).hives[hive])
    state.step = "Human units"
    for i, row in enumerate(data.human_setup):
        count = int(row.get("count", 1))
        pool = [u for u in unplaced.get((row["type"], row["formation"]), ())
                if u.pool == "unplaced"]
        for u in pool[:count]:
            u.pool, u.loc = "map", row["city"]
        yield Event(f"{count} {row['type']} ({row['formation']}) in {row['city']}", rule=R_SETUP,
                    kind="setup", data={"placement": i}, ids=("GIN-SETUP-02",),
                    assumed=whys(data).placements[i])
    state.step = "National Guard"
    yield from national_guard(state, ctx)
    state.step = "Chits"
    allied = [u.id for u in state.units if u.pool == "unplaced" and u.side == "Human"
              and u.formation in data.formations["Allied"]]
    yield Event(f"Set aside the other Human units ({len(allied)} allied counters)", rule=R_SETUP,
                kind="setup", ids=("GIN-SETUP-06",), data={"allied_units": True},
                assumed=reason(data, "units", "allied_units"))
    ends = end_chits_in_cup(data, ctx)
    state.cup = sorted([n for n, a in data.activation.items() if a.start == "cup"]
                       + [n for n, f in data.fx.items() if f.start == "cup"]) \
        + [f"{END_CHIT} {i + 1}" for i in range(ends)]
    state.turn_chits = {
        str(data.danger_chit_turn): sorted(n for n, f in data.fx.items() if f.start == "turn"),
        str(data.allied_turn): sorted(n for n, a in data.activation.items() if a.start == "allied"),
    }
    early = ctx.variant("danger_chits_from_start")
    if early:
        state.cup = sorted(state.cup + state.turn_chits.pop(str(data.danger_chit_turn)))
    ten = len([c for c in state.cup if not is_end_chit(c)])
    yield Event(f"Cup: {', '.join(state.cup)} ({ten} chits and {ends} ...The End???)",
                rule=R_SETUP, kind="setup", data={"cup": list(state.cup), "end_chits": ends},
                ids=("GIN-SETUP-07", "GIN-AMB-01") + (("GIN-AMB-02",) if early else ()),
                assumed=join(AMB_01_VARIANT if not ends else
                             reason(data, "chits", "end_chits.count"),
                             "variant of GIN-AMB-02: Tectonic Telekinesis and Nuclear start in "
                             "the cup" if early else ""))
    for turn, chits in state.turn_chits.items():
        yield Event(f"On Turn {turn} of the Turn Track: {', '.join(chits)}", rule=R_SETUP,
                    kind="setup", ids=("GIN-SETUP-09",) if turn == str(data.allied_turn)
                    else ("GIN-SETUP-08",))
    state.turn, state.danger, state.danger_side = data.first_turn, 0, ""
    yield Event(f"Game Turn marker on Turn {data.first_turn}, Danger marker on the first space",
                rule=R_SETUP, kind="setup", ids=("GIN-SETUP-10",))


def national_guard(state: GinState, ctx: Context) -> Generator[Event, Any, None]:
    """GIN-SETUP-03/04/05: twelve rolls on the table; a third Guard in a City means reroll."""
    data: GinData = ctx.data
    table_dice = SumDice(data.guard_dice)
    placed = 0
    guards = [u for u in state.units if u.pool == "unplaced" and u.type == "Guard"]
    guards_in = Counter(u.loc for u in state.units if u.pool == "map" and u.type == "Guard")
    while placed < data.guard_rolls:
        roll = table_dice.roll(ctx.dice, "National Guard Table")
        city = data.guard_table[roll.value]
        why = whys(data).guard_rolls[roll.value]
        here = guards_in[city]
        if here >= data.guards_per_city:
            yield Event(f"National Guard roll {roll.value} -> {city}: already {here} Guards there, "
                        "reroll", rule=R_SETUP, kind="roll", ids=("GIN-SETUP-04",),
                        data={"guard_roll": roll.value, "reroll": True}, assumed=why)
            continue
        pool = [u for u in guards if u.pool == "unplaced"]  # in counter order, as placed so far
        if not pool:
            yield Event("No National Guard counter left to place", rule=R_SETUP,
                        ids=("GIN-SETUP-03",), data={"guards": True},
                        assumed=reason(data, "units", "guards"))
            return
        pick = ctx.dice.roll(len(pool), "which Guard counter (hidden)") - 1 if len(pool) > 1 else 0
        g = pool[pick]
        g.pool, g.loc, g.revealed = "map", city, False
        guards_in[city] += 1
        placed += 1
        yield Event(f"National Guard roll {roll.value} -> {city}: a Guard is placed diceless side "
                    "up", rule=R_SETUP, kind="setup", ids=("GIN-SETUP-03", "GIN-SETUP-05"),
                    data={"guard_roll": roll.value, "city": city}, assumed=why)

"""Space Vermin test helpers: a hand-placed table, scripted dice, driving sub-procedures."""

from __future__ import annotations

import functools

from rules_lib.core.data import parse_data, read_yaml
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision, drive
from rules_lib.games.space_vermin.board import load_map
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import FILES, LOADER, load_game_data
from rules_lib.games.space_vermin.targets import is_escorted_queen

DATA = load_game_data()
ALPHA = load_map("alpha")
BETA = load_map("beta")


def table(placements: dict, map_key: str = "alpha", **fields):
    """A state with these counters on these hexes (everything else in the pool or the cup)."""
    return placed_state(placements, map_key, **fields)


def dice(*faces: int, variants=()) -> Context:
    """A context whose dice show exactly these faces, in order."""
    return Context(dice=ScriptedDice(list(faces)), variants=frozenset(variants), data=DATA)


def run(proc, answers=()) -> list:
    """Drive a procedure to its end with these decisions (then the first option)."""
    return drive(proc, answers=list(answers))


def first_decision(proc) -> Decision:
    """Advance a procedure to its first Decision and return it (its options, prompt, data)."""
    item = next(proc)
    while not isinstance(item, Decision):
        item = next(proc)
    return item


def texts(events) -> str:
    """All event messages as one text (for 'in' checks)."""
    return "\n".join(e.message for e in events)


def hexes(*labels) -> list:
    """Map hexes of Alpha for labels."""
    return [ALPHA.hex(lab) for lab in labels]


@functools.cache
def printed_map_data():
    """The game's data with Mapzone Alpha given as the printed map (``rulebook:`` in place of the
    file's ``assumed:``): a designer's correction, so no event cites the map layout as assumed."""
    raw = {name: read_yaml(LOADER.folder / path) for name, path in FILES.items()}
    del raw["alpha"]["assumed"]
    raw["alpha"]["rulebook"] = "the printed Mapzone Alpha"
    return LOADER.build({name: parse_data(raw[name], str(LOADER.folder / FILES[name]))
                         for name in FILES})


def printed_map_dice(*faces: int, variants=()) -> Context:
    """Scripted dice with the data of ``printed_map_data``."""
    return Context(dice=ScriptedDice(list(faces)), variants=frozenset(variants),
                   data=printed_map_data())


def records(events) -> list:
    """Each event whole, as a test compares it: (message, rule, kind, ids, assumed, data)."""
    return [(e.message, e.rule, e.kind, e.ids, e.assumed, e.data) for e in events]


def event_records(events) -> list:
    """``records`` without the answered decisions' own events."""
    return records(e for e in events if e.kind != "decision")


def targetable(data, smap, state, unit) -> bool:
    """§J's Important Note one unit at a time, written plainly: the oracle the game's
    ``targets.targetable_vermites`` (all targets at once, made fast) is checked against."""
    return (unit.on_map and not unit.is_marine
            and smap.terrain_of(smap.hex(unit.hex)) != "nest"
            and not is_escorted_queen(data, state, unit))

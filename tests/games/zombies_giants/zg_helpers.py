"""Helpers for the Giants-Club tests: a small hand-built town, scripted dice, sub-procedures."""

from __future__ import annotations

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, drive
from rules_lib.games.zombies_giants import initial_state, sizes
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.events import add_zombie
from rules_lib.games.zombies_giants.state import PlacedTile, Survivor, ZState

# The Town Square sits at slot (3, 3): squares x 9..11, y 9..11, all street; centre (10, 10).
# A shop placed east of it at slot (4, 3) unturned: building row y = 11 (x 12..14), street row
# y = 10, out-of-bounds row y = 9; its door joins (13, 11) and (13, 10).
CENTRE = (10, 10)
SHOP_DOOR_OUT, SHOP_DOOR_IN = (13, 10), (13, 11)


def make_state(
    sizes_=("Normal",), tiles=(("Hardware Store", (4, 3), 0),), variants=(), at=CENTRE
) -> ZState:
    """A table with the Town Square (and the given tiles), Survivors with Game Start counters."""
    data = default_data()
    st = initial_state("normal", 0, list(variants), data)
    size_section = sizes.SIZE_SECTION_HEARTS in variants
    st.survivors = []
    for i, size in enumerate(sizes_):
        s = Survivor(f"Survivor {i + 1}", size, start_size=size, loc=list(at))
        s.base_max = sizes.base_max(data, size, size_section)
        s.halves = 2 * sizes.start_hearts(data, size, size_section)
        s.bullets = sizes.stats(data, size).start_bullets
        st.survivors.append(s)
    st.piles = {"town": [], "mall": []}
    st.deck = []
    for name, slot, rot in tiles:
        st.tiles.append(PlacedTile(name, list(slot), rot, 1))
    return st


def zombies_at(st: ZState, sq, n=1):
    for _ in range(n):
        add_zombie(st, sq)
    return st.zombies_at(sq)


def ctx(faces=(), variants=()):
    return Context(
        dice=ScriptedDice(list(faces)), variants=frozenset(variants), data=default_data()
    )


def run(proc, answers=()):
    """Drive a sub-procedure; decisions beyond the answers take the first (recommended) option."""
    return drive(proc, answers=list(answers))


def messages(events):
    return [e.message for e in events]


def play(proc, answers=()):
    """Drive a procedure with the given answers (then first options): events, decisions."""
    from rules_lib.core.engine import Decision

    answers = list(answers)
    events, decisions = [], []
    send = None
    while True:
        try:
            item = proc.send(send)
        except StopIteration:
            return events, decisions
        send = None
        if isinstance(item, Decision):
            decisions.append(item)
            send = answers.pop(0) if answers else item.options[0]
            if send not in item.options:
                raise AssertionError(f"{send!r} is not an option of {item.kind}: {item.options}")
        else:
            events.append(item)

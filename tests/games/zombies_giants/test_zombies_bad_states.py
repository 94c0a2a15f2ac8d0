"""Corrupted saved states: refused with a StateError naming the piece, or played to the end; never
a traceback, a hang or an impossible position silently played (issue 15).

Each case breaks one field of a real mid-game state (as a hand-edited save would); a bounded
hypothesis test puts random values in random fields.
"""

from __future__ import annotations

import copy
import json
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.engine import StateError
from rules_lib.games.zombies_giants import GAME


def mid_game() -> dict:
    """A real two-Survivor state in round 8, between two steps."""
    g = GAME.new_game("team", seed=4)
    while g.state.turn < 8:
        g.next_step()
    return g.state.to_data()


SAVED = mid_game()


def broken(change) -> dict:
    data = copy.deepcopy(SAVED)
    change(data)
    return data


def s1(data):
    return data["survivors"][0]


def s2(data):
    return data["survivors"][1]


def three_zombies_together(data):
    sq = data["zombies"][0]["loc"]
    for z in data["zombies"][1:3]:
        z["loc"] = list(sq)


def extra_zombie(data):
    data["zombies"].append(dict(data["zombies"][0]))
    data["zombie_pool"] -= 1


#: (what is broken, the change, what the message must say)
BAD_STATES = [
    ("an unknown size", lambda d: s1(d).update(size="Gigantic"), "Survivor 1: unknown size"),
    ("negative hearts", lambda d: s1(d).update(halves=-2), "Survivor 1: halves is negative"),
    ("500 hearts", lambda d: s1(d).update(halves=1000), "Survivor 1: 500 hearts above the max"),
    ("reserve beyond a Normal's", lambda d: s1(d).update(reserve=9),
     "Survivor 1: 9 reserve hearts above the limit 2"),
    ("a size's health changed", lambda d: s1(d).update(base_max=7),
     "Survivor 1: a Normal's health is 3 hearts"),
    ("a player who is not one", lambda d: s1(d).update(name="Survivor 9"),
     "Survivor 'Survivor 9' is not a player"),
    ("one player twice", lambda d: s2(d).update(name="Survivor 1"),
     "Survivor 1 appears 2 times among the Survivors"),
    ("a figure off the town", lambda d: s1(d).update(loc=[99, 99]),
     "Survivor 1 (Normal) cannot stand at 99,99"),
    ("a figure in play nowhere", lambda d: s1(d).update(loc=None),
     "Survivor 1: in play but on no square"),
    ("an unknown status", lambda d: s1(d).update(status="sleeping"),
     "Survivor 1: unknown status 'sleeping'"),
    ("a card that does not exist", lambda d: s1(d).update(hand=["Magic Wand"]),
     "Survivor 1: unknown card 'Magic Wand' in hand"),
    ("a number written as text", lambda d: s1(d).update(bullets="4"),
     "survivors[0].bullets must be a whole number, found '4'"),
    ("a fraction of a bullet", lambda d: s1(d).update(bullets=2.5),
     "survivors[0].bullets must be a whole number, found 2.5"),
    ("a misspelt field", lambda d: d.update(survivrs=[]), "survivrs: unknown field"),
    ("carried and standing", lambda d: s1(d).update(carried_by="Survivor 2"),
     "Survivor 1: carried by Survivor 2 yet standing at"),
    ("kills made stranded beyond all kills", lambda d: s1(d).update(stranded_kills=99),
     "Survivor 1: 99 kills made stranded, more than"),
    ("a weapon that is no weapon", lambda d: s1(d)["weapons"][0].update(name="Grenade"),
     "Survivor 1: 'Grenade' is not a weapon card that stays in play"),
    ("a Potion Kit off its table", lambda d: s2(d)["potion_kit"].update(parts=9),
     "Survivor 2: a Potion Kit of 9 parts is not in the recipe table"),
    ("a Size-Ray never crafted", lambda d: s1(d).update(size_ray={"parts": 2, "charges": 2}),
     "1 Survivor(s) hold a size ray, but only 0 were crafted"),
    ("negative parts", lambda d: s1(d)["parts"].update(size_ray=-1),
     "Survivor 1: a negative number of size_ray parts (-1)"),
    ("a tile that does not exist", lambda d: d["tiles"][1].update(name="Castle"),
     "tile 'Castle' placed at [2, 3] is not a tile of the game"),
    ("two tiles in one slot", lambda d: d["tiles"][1].update(slot=[3, 3]),
     "tiles: slot 3,3 holds 2 tiles"),
    ("a tile off the grid", lambda d: d["tiles"][1].update(slot=[40, 3]),
     "tile Police Department at slot [40, 3]: off the 10x10 grid"),
    ("a tile turned seven times", lambda d: d["tiles"][1].update(rotation=7),
     "tile Police Department: rotation 7 is not 0 to 3"),
    ("a tile placed twice", lambda d: d["tiles"].append(dict(d["tiles"][2], slot=[9, 9])),
     "tile Florist-Shop is placed, in a pile or set aside 2 times"),
    ("a tile lost from its pile", lambda d: d["piles"]["town"].remove("Hospital"),
     "tile Hospital is placed, in a pile or set aside 0 times"),
    ("a tile in the wrong pile", lambda d: (d["piles"]["mall"].remove("Toy-Store"),
                                            d["piles"]["town"].append("Toy-Store")),
     "tile Toy-Store is in the town pile; it belongs to the mall pile"),
    ("a pile that does not exist", lambda d: d["piles"].update(attic=[]),
     "piles must be the town and mall piles"),
    ("a demolished Town Square", lambda d: d.update(demolished=["Town Square"]),
     "demolished building 'Town Square' is not a placed, demolishable building"),
    ("a looted street", lambda d: d.update(looted=[*d["looted"], "Street A"]),
     "looted store 'Street A' is not a placed store that gives parts"),
    ("one zombie figure twice", extra_zombie, "appears 2 times"),
    ("a zombie off the town", lambda d: d["zombies"][0].update(loc=[99, 99]),
     "99,99: the square is not on a placed tile"),
    ("three zombies on a square", three_zombies_together, "more than 2 zombies on"),
    ("figures gone from the box", lambda d: d.update(zombie_pool=0),
     "zombie figures: 0 in the pool +"),
    ("a zombie wounded beyond its HP", lambda d: d["zombies"][0].update(damage=9),
     "damage 9 is not 0 to 3"),
    ("a zombie numbered past the next", lambda d: d["zombies"][0].update(id=500),
     "zombie 500: numbered outside 1 to"),
    ("a card copied", lambda d: d["deck"].append(d["deck"][0]),
     "copies on the table, the deck has"),
    ("the deck lost", lambda d: d.update(deck=[]), "copies on the table, the deck has"),
    ("counters on no square", lambda d: d["tokens"].update({"a,b": {"hearts": 1}}),
     "counters at 'a,b': not a square 'x,y'"),
    ("counters off the town", lambda d: d["tokens"].update({"99,99": {"hearts": 1}}),
     "counters at 99,99: not on a placed tile"),
    ("negative counters", lambda d: d["tokens"].update({"10,10": {"hearts": -1}}),
     "counters at 10,10: -1 hearts"),
    ("an unknown counter", lambda d: d["tokens"].update({"10,10": {"gold": 1}}),
     "counters at 10,10: unknown counter 'gold'"),
    ("an unknown step", lambda d: d.update(step="Step 9: Nap"), "unknown step 'Step 9: Nap'"),
    ("a round past the last", lambda d: d.update(turn=500),
     "round 500 is past the game's last round, 60"),
    ("round 0", lambda d: d.update(turn=0), "turn 0 is not a turn number"),
    ("an unknown phase", lambda d: d.update(phase="Lunch"), "unknown phase 'Lunch'"),
    ("an unknown variant", lambda d: d.update(variants=["cheats"]),
     "unknown rule variant 'cheats'"),
    ("a turn of no one", lambda d: d.update(active=5), "active Survivor 5 is not one of"),
    ("a movement divided by 0", lambda d: d.update(move_divisor=0),
     "this turn's movement divisor 0 is below 1"),
    ("crafted a negative number of times", lambda d: d["crafted"].update(size_ray=-1),
     "size_ray crafted a negative number of times"),
    ("no Survivor at all", lambda d: d.update(survivors=[]), "no Survivor: a game needs one"),
    ("a list for the state", lambda d: d.update(tiles={"a": 1}),
     "tiles must be a list"),
]


@pytest.mark.parametrize("what,change,message", BAD_STATES, ids=[c[0] for c in BAD_STATES])
def test_a_broken_saved_state_is_refused_naming_the_piece(what, change, message):
    with pytest.raises(StateError) as err:
        GAME.new_game(broken(change), seed=1)
    assert message in str(err.value), f"{what}: {err.value}"


def test_the_real_state_is_accepted_and_plays_on():
    g = GAME.new_game(SAVED, seed=1)
    g.run_to_end()
    assert g.state.result is not None


def test_a_saved_state_round_trips_through_json_text():
    g = GAME.new_game(json.dumps(SAVED), seed=1)
    assert g.state.to_data() == SAVED


# -- random corruption --------------------------------------------------------------------------


def paths(tree, path=()):
    """Every path to a value of a saved state (leaves and the containers above them)."""
    yield path
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from paths(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from paths(v, path + (i,))


PATHS = [p for p in paths(SAVED) if p]
VALUES = st.one_of(
    st.integers(-3, 12), st.sampled_from([10**9, -(10**9), 0, 1]), st.floats(-2, 2),
    st.booleans(), st.none(), st.text(max_size=5),
    st.sampled_from(["Normal", "Big", "Huge", "Survivor 1", "Survivor 2", "Grenade", "dead",
                     "10,10", "Hospital"]),
    st.lists(st.integers(0, 15), max_size=3), st.dictionaries(st.text(max_size=3),
                                                              st.integers(-1, 3), max_size=2),
)


def _alarm(signum, frame):
    raise TimeoutError("no answer within the time limit")


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_random_corruption_is_refused_or_plays_to_the_end(picks):
    data = copy.deepcopy(SAVED)
    for path, value in picks:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took the path away
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(20)
    try:
        try:
            g = GAME.new_game(data, seed=3, policies={p: "random" for p in GAME.players})
        except StateError as exc:
            assert str(exc).startswith("zombies_giants") or "ZState" in str(exc)
            return
        g.run_to_end()
        assert g.state.result is not None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)

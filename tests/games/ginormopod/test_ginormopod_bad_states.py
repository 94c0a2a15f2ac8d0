"""Corrupted saved states: refused with a StateError naming the piece, or played to the end; never
a traceback, a hang or an impossible position silently played (issue 15).

Each case breaks one field of a real mid-game state (Turn 8, the Canadian Kingdom on the map, Swarm
units on the Time Tracker, a Danger FX used), as a hand-edited save would; a bounded hypothesis
test puts random values in random fields.
"""
from __future__ import annotations

import copy
import json
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.engine import StateError
from rules_lib.games.ginormopod import GAME


def mid_game() -> dict:
    """A real state at the start of Turn 8's Action Phase (seed 3, default policies)."""
    g = GAME.new_game(seed=3)
    while not (g.state.turn == 8 and g.state.phase == "Action"):
        g.next_phase()
    return g.state.to_data()


SAVED = mid_game()


def broken(change) -> dict:
    data = copy.deepcopy(SAVED)
    change(data)
    return data


def unit(data: dict, uid: str) -> dict:
    return next(u for u in data["units"] if u["id"] == uid)


def on_map(data: dict, side: str) -> dict:
    return next(u for u in data["units"] if u["pool"] == "map" and u["side"] == side
                and u["type"] != "Guard")


def fort(data: dict, city: str) -> dict:
    return data["forts"][city]


def over_stack(data: dict) -> None:
    """Seven Swarm units into one City (the limit is 6)."""
    swarm = [u for u in data["units"] if u["side"] == "Swarm" and u["pool"] == "map"]
    for u in swarm[:7]:
        u["loc"] = "Denver"


def guards_together(data: dict) -> None:
    for u in [u for u in data["units"] if u["type"] == "Guard" and u["pool"] == "map"][:3]:
        u["loc"] = "Pittsburgh"


def copy_counter(data: dict) -> None:
    data["units"].append(dict(on_map(data, "Swarm")))


def lose_counter(data: dict) -> None:
    data["units"].remove(on_map(data, "Human"))


#: (what is broken, the change, what the message must say)
BAD_STATES = [
    ("a turn past the track", lambda d: d.update(turn=11),
     "Game Turn marker on Turn 11: the track ends on Turn 10"),
    ("turn 0", lambda d: d.update(turn=0), "turn 0 is not a turn number"),
    ("an unknown phase", lambda d: d.update(phase="Lunch"), "unknown phase 'Lunch'"),
    ("an unknown step", lambda d: d.update(step="Nap"), "unknown step 'Nap' in the Action phase"),
    ("a Set-Up step in a turn", lambda d: d.update(step="Hives"), "unknown step 'Hives'"),
    ("an unknown variant", lambda d: d.update(variants=["cheats"]),
     "unknown rule variant 'cheats'"),
    ("a winner who is no side", lambda d: d.update(result="Aliens"),
     "result 'Aliens' is not a winner"),
    ("a number written as text", lambda d: d.update(danger="2"),
     "danger must be a whole number, found '2'"),
    ("a fraction of a turn", lambda d: d.update(turn=7.5), "turn must be a whole number, found 7.5"),
    ("a misspelt field", lambda d: d.update(dangr=1), "dangr: unknown field"),
    ("a list where the Forts belong", lambda d: d.update(forts=[]),
     "forts must be a mapping, found []"),
    ("a unit without its id", lambda d: d["units"][0].pop("id"), "units[0].id: missing"),
    ("true for a count", lambda d: d.update(end_track=True),
     "end_track must be a whole number, found True"),
    ("the Danger marker off its track", lambda d: d.update(danger=9),
     "Danger marker on space 10: the Danger track has spaces 1..7"),
    ("a negative Danger space", lambda d: d.update(danger=-1), "Danger marker on space 0"),
    ("a Danger side of no one", lambda d: d.update(danger_side="Aliens"),
     "Danger marker side 'Aliens' is not a side"),
    ("a Danger side that never used one", lambda d: d.update(danger_side="Human"),
     "the Danger marker shows the Human side, but the Human never used a Danger FX"),
    ("the Turn End Track overfull", lambda d: d.update(end_track=5),
     "Turn End Track marker on 5: the track has 3 spaces"),
    ("the Turn End Track without its chits", lambda d: d.update(end_track=2),
     "Turn End Track marker on 2, but 0 ...The End??? chit(s) were drawn"),
    ("an ally that is no nation", lambda d: d.update(allied="Atlantis"),
     "allied 'Atlantis' is not an Allied nation's Activation Chit"),
    ("two allies", lambda d: d.update(allied_arriving="French"),
     "the Canadian Kingdom already came to the rescue: the French cannot be arriving too"),
    ("an unknown Formation activated", lambda d: d.update(activated=["Q"]),
     "activated names unknown Formation 'Q'"),
    ("a Formation activated twice", lambda d: d.update(activated=["X", "X"]),
     "activated names Formation 'X' 2 times"),
    ("a negative count", lambda d: d["stats"].update(battles=-3), "stats 'battles' is -3"),
    ("a counter copied", copy_counter, "appears 2 times"),
    ("a counter lost", lose_counter, "counter(s) missing"),
    ("a counter not in the box", lambda d: unit(d, "Ant X1").update(id="Ant X99"),
     "unit 'Ant X99' is not a counter of the game"),
    ("an unknown unit type", lambda d: unit(d, "Ant X1").update(type="Dragon"),
     "unit 'Ant X1' has unknown unit type 'Dragon'"),
    ("a Swarm unit changing sides", lambda d: unit(d, "Ant X1").update(side="Human"),
     "unit 'Ant X1' has side 'Human': the counter's side is 'Swarm'"),
    ("a counter in another Formation", lambda d: unit(d, "Ant X1").update(formation="Y"),
     "unit 'Ant X1' has formation 'Y'"),
    ("a unit in an unknown City", lambda d: on_map(d, "Swarm").update(loc="Atlantis"),
     "is in unknown City 'Atlantis'"),
    ("a unit in an unknown pool", lambda d: on_map(d, "Human").update(pool="pocket"),
     "is in unknown pool 'pocket'"),
    ("a Guard reduced", lambda d: unit(d, "Guard 1").update(reduced=True),
     "unit 'Guard 1' is reduced, but a Guard has no reduced side"),
    ("a Tank face-down", lambda d: on_map(d, "Human").update(revealed=False),
     "is face-down: only National Guard counters are hidden"),
    ("a Human on the Time Tracker", lambda d: on_map(d, "Human").update(pool="track",
                                                                        track_turn=9),
     "is Human but in the track pool"),
    ("a unit on a past turn of the tracker", lambda d: unit(d, "Spider X1").update(track_turn=5),
     "unit 'Spider X1' is on the Time Tracker at Turn 5: it must be a turn ahead of Turn 8"),
    ("a unit on the tracker beyond the track", lambda d: unit(d, "Spider X1").update(
        track_turn=12), "on the Time Tracker at Turn 12"),
    ("a tracker turn for a unit on the map", lambda d: on_map(d, "Swarm").update(track_turn=9),
     "is in the map pool but has a Time Tracker turn (9)"),
    ("a unit handed back in the Action Phase", lambda d: unit(d, "Spider X1").update(
        pool="returning", track_turn=0), "unit 'Spider X1' is handed back for the Fade In, but"),
    ("an ally that never came on the map", lambda d: next(
        u for u in d["units"] if u["formation"] == "French").update(pool="map", loc="Boston"),
     "of the French is on the map, but the French did not come to the rescue"),
    ("marks of a move on an eliminated unit", lambda d: next(
        u for u in d["units"] if u["pool"] == "eliminated").update(came_from="Denver"),
     "but carries this Activation's marks (came_from 'Denver')"),
    ("a Guard that moved", lambda d: unit(d, "Guard 1").update(came_from="Denver"),
     "unit 'Guard 1' is a National Guard but carries this Activation's marks"),
    ("seven units in a City", over_stack, "City 'Denver' holds 7 Swarm units"),
    ("three Guards in a City", guards_together,
     "City 'Pittsburgh' holds 3 National Guards: Set-Up places at most 2"),
    ("a Fort of strength -1", lambda d: fort(d, "Chicago").update(strength=-1),
     "Fort 'Chicago' strength -1 outside 0..3"),
    ("a Fort of strength 100", lambda d: fort(d, "New York City").update(strength=100),
     "Fort 'New York City' strength 100 outside 0..4"),
    ("a Fort rebuilt stronger than printed", lambda d: fort(d, "Chicago").update(
        max_strength=6, strength=6, destroyed=False),
     "Fort 'Chicago' is printed with strength 3 and Formation 'A', found 6 and 'A'"),
    ("a destroyed Fort with boxes", lambda d: fort(d, "Chicago").update(strength=2),
     "Fort 'Chicago': Destroyed marker and strength 2 disagree"),
    ("a Fort in a City without one", lambda d: d["forts"].update(
        Denver=dict(fort(d, "Chicago"), city="Denver")), "unknown Fort 'Denver'"),
    ("a Fort missing", lambda d: d["forts"].pop("Chicago"), "Fort 'Chicago' is missing"),
    ("a chit still waiting on a turn already passed",
     lambda d: (d["cup"].remove("Nuclear"), d["turn_chits"].update({"6": ["Nuclear"]})),
     "Nuclear still wait(s) on Turn 6 of the Turn Track in Turn 8's Action"),
    ("a chit waiting on this turn after its Fade Out",
     lambda d: (d["cup"].remove("Nuclear"), d["turn_chits"].update({"8": ["Nuclear"]})),
     "Nuclear still wait(s) on Turn 8 of the Turn Track in Turn 8's Action"),
    ("a hidden Guard showing the other face", lambda d: unit(d, "Guard 1").update(armed=False),
     "unit 'Guard 1' has armed False: the counter's armed is True"),
    ("a chit that does not exist", lambda d: d["cup"].append("Death Ray"),
     "unknown chit 'Death Ray' in cup"),
    ("a chit in two places", lambda d: d["cup"].append("Swarm X"),
     "chit 'Swarm X' is in 2 places: cup, drawn"),
    ("a chit lost", lambda d: d["cup"].remove("Human A"),
     "chit(s) missing from the cup, the track and the hands: Human A"),
    ("a fourth ...The End???", lambda d: d["cup"].append("...The End??? 4"),
     "unknown chit '...The End??? 4' in cup"),
    ("chits waiting on no turn", lambda d: (d["cup"].remove("Nuclear"),
                                            d["turn_chits"].update({"soon": ["Nuclear"]})),
     "turn_chits waits on Turn 'soon': not a turn of the track"),
    ("a held chit of the other side", lambda d: (d["cup"].remove("Human A"),
                                                 d["held"].update(Swarm="Human A")),
     "the Swarm holds 'Human A', not one of its Activation Chits"),
    ("a third side holding a chit", lambda d: d["held"].update(Aliens=""),
     "held and fx_hand name the two sides"),
    ("an FX in the wrong hand", lambda d: d["fx_hand"].update(Human=["Wasp"]),
     "the Human holds 'Wasp', not one of its FX"),
    ("an FX held twice", lambda d: d["fx_hand"].update(Swarm=["Wasp", "Wasp"]),
     "the Swarm holds FX 'Wasp' 2 times"),
    ("an FX used that nobody holds", lambda d: d.update(fx_used=["Nuclear"]),
     "FX 'Nuclear' was used this turn but nobody holds it"),
]


@pytest.mark.parametrize("what,change,message", BAD_STATES, ids=[c[0] for c in BAD_STATES])
def test_a_broken_saved_state_is_refused_naming_the_piece(what, change, message):
    with pytest.raises(StateError) as err:
        GAME.new_game(broken(change), seed=1)
    assert message in str(err.value), f"{what}: {err.value}"


def test_the_real_state_is_accepted_and_plays_on():
    g = GAME.new_game(copy.deepcopy(SAVED), seed=1)
    g.run_to_end()
    assert g.state.result in ("Swarm", "Human")


def test_a_saved_state_round_trips_through_json_text():
    g = GAME.new_game(json.dumps(SAVED), seed=1)
    assert g.state.to_data() == SAVED


def test_every_state_of_a_game_passes_the_checks():
    """No false alarms: every state a real game passes through (between any two events, all
    pools and chits in motion) is one validate_state accepts."""
    g = GAME.new_game(seed=5, policies={p: "random" for p in GAME.players})
    data = GAME.game_data(None, [])
    seen = 0
    while g.state.result is None:
        g.step_event()
        seen += 1
        assert GAME.state_problems(g.state, data) == [], (seen, g.state.phase, g.state.step)
    assert seen > 200


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
    st.sampled_from(["Swarm", "Human", "map", "track", "returning", "eliminated", "unplaced",
                     "Denver", "Chicago", "Ant", "Guard", "X", "French", "Swarm X", "Wasp",
                     "...The End??? 1", "Action", "Fade Out"]),
    st.lists(st.sampled_from(["Swarm X", "Wasp", "Denver", "X"]), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(-1, 3), max_size=2),
)


def _alarm(signum, frame):
    raise TimeoutError("no answer within the time limit")


@settings(max_examples=30, deadline=None, derandomize=True,
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
            assert str(exc).startswith("ginormopod") or "GinState" in str(exc)
            return
        g.run_to_end()
        assert g.state.result in ("Swarm", "Human")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)

"""Set-Up step by step, as its events record it: every event's kind, catalogue IDs, data and
reason, the counters and Forts it starts from, the National Guard rolls face by face (which City,
which hidden counter, the dice asked for), and the two variants that change the cup."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from rules_lib.core.dice import ScriptedDice, SeededDice
from rules_lib.core.engine import Context, drive
from rules_lib.games.ginormopod import standard_state
from rules_lib.games.ginormopod.data import build, load_game_data, load_sources
from rules_lib.games.ginormopod.provenance import whys
from rules_lib.games.ginormopod.setup import (
    end_chits_in_cup,
    initial_forts,
    manifest,
    national_guard,
    setup,
)
from rules_lib.games.ginormopod.state import Fort

R_SETUP = "Ginormopod: Set-Up"
END = "...The End???"
TABLE_WHY = ("the National Guard Table is not in the text: 2d6 against eleven Cities east of the "
             "Fence, away from the Forts and the Hives")
END_WHY = ("GIN-AMB-01: Set-Up lists no ...The End??? chits; three go in the cup (the Turn End "
           "Track has three spaces)")
NO_END_WHY = ("variant of GIN-AMB-01: no ...The End??? chit in the cup; the Action Phase ends when "
              "the cup is empty")
EARLY_WHY = "variant of GIN-AMB-02: Tectonic Telekinesis and Nuclear start in the cup"
TEN = ["Drone", "Human A", "Human B", "Human C", "Laser Tower", "Pill Bug", "Swarm X", "Swarm Y",
       "Swarm Z", "Wasp"]


def run_setup(data, variants=(), seed=1):
    """Set-Up on a fresh table: [(phase, step, event)] as each event is yielded."""
    state = standard_state(data, list(variants))
    ctx = Context(dice=SeededDice(seed), variants=frozenset(variants), data=data)
    return state, [(state.phase, state.step, e) for e in setup(state, ctx)]


def record(e):
    return e.kind, e.rule, e.ids, e.data, e.assumed


@pytest.mark.rule("GIN-SETUP-05", "GIN-SETUP-06")
def test_the_manifest_is_every_counter_unplaced_as_printed(data):
    units = manifest(data)
    assert [u.id for u in units] == [c.id for c in data.counters]
    for u, c in zip(units, data.counters):
        assert (u.type, u.side, u.formation, u.pool, u.loc) == (c.type, c.side, c.formation,
                                                                "unplaced", "")
        assert u.track_turn == 0 and u.reduced is False
        assert u.revealed is c.revealed and u.armed is c.armed
    guards = [u for u in units if u.type == "Guard"]
    # twelve Guard counters, diceless side up; half show a die symbol when revealed
    assert len(guards) == 12 and not any(g.revealed for g in guards)
    assert sum(g.armed for g in guards) == 6
    assert all(u.revealed and u.armed for u in units if u.type != "Guard")


@pytest.mark.rule("GIN-FORT-01")
def test_forts_start_at_full_strength_on_their_tracks(data):
    forts = initial_forts(data)
    assert list(forts) == list(data.forts)
    for city, fort in forts.items():
        printed = data.forts[city]
        assert fort == Fort(city, printed.strength, printed.strength, printed.formation)
        assert fort.city == city and fort.formation == printed.formation and not fort.destroyed


@pytest.mark.rule("GIN-OVER-01", "GIN-SETUP-01", "GIN-SETUP-02", "GIN-SETUP-06", "GIN-SETUP-07",
                  "GIN-SETUP-08", "GIN-SETUP-09", "GIN-SETUP-10", "GIN-AMB-01")
def test_set_up_records_each_step_with_its_rule_and_reason(data):
    state, steps = run_setup(data)
    w = whys(data)
    guard_events = [e for _, step, e in steps if step == "National Guard"]
    assert len([e for e in guard_events if e.kind == "setup"]) == 12
    rest = [(phase, step, record(e)) for phase, step, e in steps if step != "National Guard"]
    hives = []
    taken: set[str] = set()
    for hive, formation in data.hives.items():
        ids = []
        for kind, n in data.hive_units.items():
            ids += [c.id for c in data.counters
                    if (c.type, c.formation) == (kind, formation) and c.id not in taken][:n]
        taken.update(ids)
        assert len(ids) == 4
        hive_ids = ("GIN-SETUP-01", "GIN-MAP-06") + (("GIN-MF-05",) if hive == "Shreveport"
                                                     else ())
        hives.append(("Set-Up", "Hives", ("setup", R_SETUP, hive_ids,
                                          {"hive": hive, "units": ids}, w.hives[hive])))
    assert all(w.hives.values()) and all(w.placements)
    humans = [("Set-Up", "Human units", ("setup", R_SETUP, ("GIN-SETUP-02",), {"placement": i},
                                         w.placements[i])) for i in range(len(data.human_setup))]
    chits = [
        ("Set-Up", "Chits", ("setup", R_SETUP, ("GIN-SETUP-06",), {"allied_units": True},
                             "composition of the Allied Formations not in the text: two "
                             "infantry and one tank each")),
        ("Set-Up", "Chits", ("setup", R_SETUP, ("GIN-SETUP-07", "GIN-AMB-01"),
                             {"cup": TEN + [f"{END} 1", f"{END} 2", f"{END} 3"], "end_chits": 3},
                             END_WHY)),
        ("Set-Up", "Chits", ("setup", R_SETUP, ("GIN-SETUP-08",), {}, "")),
        ("Set-Up", "Chits", ("setup", R_SETUP, ("GIN-SETUP-09",), {}, "")),
        ("Set-Up", "Chits", ("setup", R_SETUP, ("GIN-SETUP-10",), {}, "")),
    ]
    begins = ("Set-Up", "Hives", ("phase", R_SETUP, ("GIN-OVER-01",), {}, ""))
    assert rest == [begins, *hives, *humans, *chits]
    messages = [e.message for _, step, e in steps if step == "Chits"]
    allied = sum(c.formation in data.formations["Allied"] for c in data.counters)
    assert messages[0] == f"Set aside the other Human units ({allied} allied counters)"
    assert messages[1].endswith("(10 chits and 3 ...The End???)")
    assert messages[2] == "On Turn 2 of the Turn Track: Nuclear, Tectonic Telekinesis"
    assert messages[3] == "On Turn 6 of the Turn Track: Canadian Kingdom, French, Latin Coalition"
    assert (state.turn, state.danger, state.danger_side) == (1, 0, "")


@pytest.mark.rule("GIN-SETUP-07", "GIN-AMB-01")
def test_the_cup_without_end_chits_variant(data):
    assert end_chits_in_cup(data, Context(dice=SeededDice(0), data=data)) == 3
    assert end_chits_in_cup(data, Context(dice=SeededDice(0), data=data,
                                          variants=frozenset({"cup_without_end_chits"}))) == 0
    state, steps = run_setup(data, ("cup_without_end_chits",))
    cup = next(e for _, _, e in steps if "cup" in e.data)
    assert record(cup) == ("setup", R_SETUP, ("GIN-SETUP-07", "GIN-AMB-01"),
                           {"cup": TEN, "end_chits": 0}, NO_END_WHY)
    assert cup.message.endswith("(10 chits and 0 ...The End???)")
    assert state.cup == TEN and state.turn_chits == {
        "2": ["Nuclear", "Tectonic Telekinesis"],
        "6": ["Canadian Kingdom", "French", "Latin Coalition"]}


@pytest.mark.rule("GIN-SETUP-07", "GIN-SETUP-08", "GIN-AMB-02")
def test_the_danger_chits_from_the_start_variant(data):
    state, steps = run_setup(data, ("danger_chits_from_start",))
    twelve = sorted(TEN + ["Nuclear", "Tectonic Telekinesis"])
    cup = next(e for _, _, e in steps if "cup" in e.data)
    assert record(cup) == ("setup", R_SETUP, ("GIN-SETUP-07", "GIN-AMB-01", "GIN-AMB-02"),
                           {"cup": sorted(twelve + [f"{END} 1", f"{END} 2", f"{END} 3"]),
                            "end_chits": 3}, f"{END_WHY}; {EARLY_WHY}")
    assert cup.message.endswith("(12 chits and 3 ...The End???)")
    assert state.turn_chits == {"6": ["Canadian Kingdom", "French", "Latin Coalition"]}
    turn_events = [e for _, _, e in steps if e.message.startswith("On Turn")]
    assert [record(e) for e in turn_events] == [("setup", R_SETUP, ("GIN-SETUP-09",), {}, "")]
    _, both = run_setup(data, ("danger_chits_from_start", "cup_without_end_chits"))
    cup = next(e for _, _, e in both if "cup" in e.data)
    assert cup.data == {"cup": twelve, "end_chits": 0}
    assert cup.assumed == f"{NO_END_WHY}; {EARLY_WHY}"


def guard_faces():
    """2d6 for 7, 7, 7 (rerolled: two Guards already there), 2, 3, 4, 5, 6, 8, 9, 10, 11, 12,
    each placement followed by the hidden pick among the Guards left (none when one is left)."""
    two = {2: (1, 1), 3: (1, 2), 4: (2, 2), 5: (2, 3), 6: (3, 3), 7: (3, 4), 8: (4, 4), 9: (4, 5),
           10: (5, 5), 11: (5, 6), 12: (6, 6)}
    faces = [*two[7], 12, *two[7], 1, *two[7]]
    for total, pick in zip((2, 3, 4, 5, 6, 8, 9, 10, 11, 12), (1,) * 8 + (2, None)):
        faces += [*two[total]] + ([pick] if pick else [])
    return faces


@pytest.mark.rule("GIN-SETUP-03", "GIN-SETUP-04", "GIN-SETUP-05")
def test_twelve_guard_rolls_face_by_face(data):
    state = standard_state(data, [])
    dice = ScriptedDice(guard_faces())
    events = drive(national_guard(state, Context(dice=dice, data=data)))
    rolls = [7, 7, 7, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    expected = []
    for i, r in enumerate(rolls):
        city = data.guard_table[r]
        if i == 2:
            expected.append(("roll", R_SETUP, ("GIN-SETUP-04",),
                             {"guard_roll": 7, "reroll": True}, TABLE_WHY))
        else:
            expected.append(("setup", R_SETUP, ("GIN-SETUP-03", "GIN-SETUP-05"),
                             {"guard_roll": r, "city": city}, TABLE_WHY))
    assert [record(e) for e in events] == expected  # twelve placed, and no more rolls
    assert events[2].message == ("National Guard roll 7 -> Knoxville: already 2 Guards there, "
                                 "reroll")
    assert dice.remaining == ()
    # the dice asked for: 2d6 on the table, then one die with a face per Guard left to pick the
    # hidden counter; none for the last Guard
    asked = [(purpose, sides) for purpose, sides, _ in dice.log]
    picks = [s for p, s in asked if p == "which Guard counter (hidden)"]
    assert picks == list(range(12, 1, -1))
    assert [p for p, _ in asked].count("National Guard Table") == 26
    assert set(asked) <= {("National Guard Table", 6)} | {("which Guard counter (hidden)", s)
                                                          for s in range(2, 13)}
    where = {u.id: u.loc for u in state.units if u.type == "Guard"}
    assert where["Guard 12"] == where["Guard 1"] == "Knoxville"  # pick 12 of 12, then 1 of 11
    assert [where[f"Guard {i}"] for i in range(2, 10)] == [data.guard_table[r] for r in
                                                           (2, 3, 4, 5, 6, 8, 9, 10)]
    assert where["Guard 11"] == data.guard_table[11]  # pick 2 of the last two
    assert where["Guard 10"] == data.guard_table[12]
    assert all(u.pool == "map" and not u.revealed for u in state.units if u.type == "Guard")


@pytest.mark.rule("GIN-SETUP-04")
def test_guards_already_on_the_map_count_against_the_two_per_city_and_other_units_do_not(data):
    state = standard_state(data, [])
    for uid in ("Guard 1", "Guard 2"):
        state.unit(uid).pool, state.unit(uid).loc = "map", "Knoxville"
    infantry = [u for u in state.units if u.type == "Infantry"][:2]
    for u in infantry:
        u.pool, u.loc = "map", "Nashville"
    # 7 (Knoxville, full: reroll), 5 (Nashville: two Infantry, no Guard), then seeded
    dice = ScriptedDice([3, 4, 2, 3, 1], then=SeededDice(3))
    events = drive(national_guard(state, Context(dice=dice, data=data)))
    assert [e.data for e in events[:2]] == [{"guard_roll": 7, "reroll": True},
                                           {"guard_roll": 5, "city": "Nashville"}]
    assert state.unit("Guard 3").loc == "Nashville"
    placed = [e for e in events if e.kind == "setup"]
    per_city = Counter(u.loc for u in state.units if u.type == "Guard" and u.pool == "map")
    assert max(per_city.values()) == 2 and per_city["Knoxville"] == 2
    # ten counters were left: ten placed, then nothing is left for the last two rolls
    assert len(placed) == 10
    assert record(events[-1]) == ("info", R_SETUP, ("GIN-SETUP-03",), {"guards": True},
                                  "twelve Guard counters, one per roll; half show a blank die "
                                  "symbol when revealed")
    assert events[-1].message == "No National Guard counter left to place"


@pytest.mark.rule("GIN-SETUP-01", "GIN-SETUP-02")
def test_set_up_places_only_counters_not_placed_before(data):
    state = standard_state(data, [])
    hive, formation = next(iter(data.hives.items()))
    worms = [u for u in state.units if (u.type, u.formation) == ("Worm", formation)]
    tanks = [u for u in state.units if (u.type, u.formation) == ("Tank", "A")]
    for u in worms + tanks:  # every Worm of the Hive's Formation and every Tank of A is placed
        u.pool, u.loc = "map", "Buffalo"
    drive(setup(state, Context(dice=SeededDice(2), data=data)))
    at_hive = Counter(u.type for u in state.units if u.loc == hive)
    assert at_hive == {"Ant": 2, "Spider": 1}
    assert all(u.loc == "Buffalo" for u in worms + tanks)
    assert Counter(u.type for u in state.units if u.loc == "Chicago") == {"Infantry": 1}


@pytest.mark.rule("GIN-SETUP-02")
def test_a_set_up_row_without_a_count_places_one_counter():
    sources = copy.deepcopy(load_sources())
    rows = sources["units"].tree["human_setup"]["placements"]
    row = next(r for r in rows if r["city"] == "New York City")
    assert row["count"] == 2
    del row["count"]
    data = build(sources)
    state = standard_state(data, [])
    events = drive(setup(state, Context(dice=SeededDice(1), data=data)))
    assert len([u for u in state.at("New York City", "Human") if u.type == "Infantry"]) == 1
    assert any(e.message == "1 Infantry (A) in New York City" for e in events)


@pytest.mark.rule("GIN-SETUP-03", "GIN-SETUP-06")
def test_the_counters_set_aside_are_the_allied_ones_still_unplaced():
    # ten National Guard rolls by the data: two Guard counters stay unplaced, and one allied
    # counter is already on the map; neither is among the allied counters set aside
    data = load_game_data({"tables:guards_per_city.rolls": 10})
    state = standard_state(data, [])
    allied = [u for u in state.units if u.formation in data.formations["Allied"]]
    allied[0].pool, allied[0].loc = "map", "Buffalo"
    events = drive(setup(state, Context(dice=SeededDice(4), data=data)))
    assert len([u for u in state.units if u.type == "Guard" and u.pool == "unplaced"]) == 2
    aside = next(e for e in events if e.data.get("allied_units"))
    assert aside.message == f"Set aside the other Human units ({len(allied) - 1} allied counters)"

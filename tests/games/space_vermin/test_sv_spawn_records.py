"""Vermite reinforcements (§G, §Q-1-c, §Q-2-c), event by event: the Queens' spawn in their Nests
and the Vermite Hordes at Beta's Entry hexes. Each event is checked whole (message, rule, kind,
catalogue IDs, assumption, data) and each die by what it was rolled for and how many faces it had:
the log cites the rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin.provenance import values_reason
from rules_lib.games.space_vermin.scenarios import scenario_table
from rules_lib.games.space_vermin.spawning import (
    SPARE_ULTRA_MITES_OUT,
    cup_contents,
    draw_from_cup,
    hordes,
    queens_spawn,
)

from .sv_helpers import DATA, dice, records, run, table
from .sv_turn_helpers import turn_table

HORDES = scenario_table(DATA, "great_migration")["hordes"]
SPAWN_IDS = ("SV-SPAWN-01", "SV-SPAWN-02", "SV-JEWEL-09")
G_E2 = "Space Vermin §G / §E-2"
Q2C = "Space Vermin §Q-2-c"


def rolls(ctx):
    """(what the die was rolled for, its faces, what it showed), in order."""
    return list(ctx.dice.log)


def cup_of(state, keep):
    """Empty the Vermite Unit Cup of everything but these Vermites (a known draw)."""
    for u in state.units:
        if not u.is_marine and u.status == "cup" and u.id not in keep:
            u.status = "removed"
    return state


def spawn_values(queen_type):
    return [f"counters:queens.{queen_type}.sn", "counters:crown_jewels.spawn_bonus"]


def entry(number):
    """Why an Entry hex's place is assumed (the map art is not in the rulebook)."""
    return values_reason(DATA, (f"beta:vermite_entry_hexes[{number}]",))


# -- the Queens' spawn (§G, §Q-1-c) ----------------------------------------------------------------


@pytest.mark.rule("SV-SPAWN-01", "SV-SPAWN-02", "SV-SPAWN-03", "SV-SPAWN-04", "SV-JEWEL-09",
                  "SV-S1-13", "SV-S1-14", "SV-S1-15")
def test_the_spawn_draws_one_counter_a_die_with_a_face_per_counter_in_the_cup():
    """High Queen with a Jewel in Nest 1 spawns SN 3 + 1: a die of as many faces as counters in
    the cup for each draw, none for the last one; a Tunnel Exit chit is placed open, the Child
    Queen joins the Sister Queen; the Sister Queen then finds the cup empty."""
    state = turn_table({"High Queen": "Nest 1", "Sister Queen": "Nest 2"}, "Quiet Night",
                       nest_jewels={"1": 1}, cup_tunnel_exits=["5"])
    cup_of(state, ("Child Queen", "Soldier #1", "Soldier #3"))
    assert cup_contents(state) == ["Soldier #1", "Soldier #3", "Child Queen", "Tunnel Exit 5"]
    ctx = dice(4, 1, 1)
    events = run(queens_spawn(state, ctx))
    assert records(events) == [
        ("High Queen in Nest 1 spawns 4 (SN 3 + 1 Crown Jewel(s) in the Nest)", G_E2, "info",
         SPAWN_IDS, "", {"unit": "High Queen", "values": spawn_values("high_queen")}),
        ("Tunnel Exit 5 is placed open on hex 434 (drawn as part of High Queen's spawn)",
         "Space Vermin §P-2-m / §Q-1-c", "move", ("SV-S1-13", "SV-S1-15", "SV-TERR-25"),
         values_reason(DATA, ("alpha:tunnel_exits[5]",)), {"exit": "5", "values": ["alpha:tunnel_exits[5]"]}),
        ("Soldier #1 is spawned in Nest 1", "Space Vermin §G", "move", ("SV-SPAWN-03",), "",
         {"unit": "Soldier #1", "to": "Nest 1"}),
        ("Soldier #3 is spawned in Nest 1", "Space Vermin §G", "move", ("SV-SPAWN-03",), "",
         {"unit": "Soldier #3", "to": "Nest 1"}),
        ("Child Queen is drawn as part of High Queen's spawn and placed with Sister Queen in "
         "Nest 2; she spawns from next turn", "Space Vermin §Q-1-c", "move",
         ("SV-S1-14", "SV-S1-15"), "", {"unit": "Child Queen", "to": "Nest 2"}),
        ("Sister Queen in Nest 2 spawns 2 (SN 2 + 0 Crown Jewel(s) in the Nest)", G_E2, "info",
         SPAWN_IDS, "", {"unit": "Sister Queen", "values": spawn_values("sister_queen")}),
        ("The Vermite Unit Cup is empty: 2 spawn(s) of Sister Queen are lost", "Space Vermin §G",
         "info", ("SV-SPAWN-04",), "", {}),
    ]
    assert rolls(ctx) == [("High Queen spawn 1", 4, 4), ("High Queen spawn 2", 3, 1),
                          ("High Queen spawn 3", 2, 1)]
    assert state.tunnel_exits == {"5": "open"} and state.cup_tunnel_exits == []


@pytest.mark.rule("SV-SPAWN-03")
def test_a_spawned_vermite_comes_out_of_the_cup_at_full_strength():
    state = cup_of(turn_table({"High Queen": "Nest 1"}, "Quiet Night"), ("Soldier #1",))
    state.unit("Soldier #1").reduced = True  # eliminated while Reduced: back in the cup so
    run(queens_spawn(state, dice()))
    soldier = state.unit("Soldier #1")
    assert (soldier.status, soldier.hex, soldier.reduced) == ("map", "Nest 1", False)


@pytest.mark.rule("SV-S1-14", "SV-SPAWN-01", "SV-SPAWN-02")
def test_a_queen_arrived_this_turn_waits_and_an_event_can_add_to_the_high_queens_spawn():
    """The invented Event Chit Card's extra spawn goes to its Queen only (the Sister Queen spawns
    her SN), and says so; the Child Queen placed this turn does not spawn yet (§Q-1-c)."""
    state = turn_table({"High Queen": "Nest 1", "Sister Queen": "Nest 2", "Child Queen": "Nest 2"},
                       "Quiet Night", turn=3, extra_spawn=2, extra_spawn_queen="high_queen")
    state.unit("Child Queen").arrival_turn = 3
    cup_of(state, ("Soldier #1",))
    ctx = dice()
    events = run(queens_spawn(state, ctx))
    assert records(events) == [
        ("High Queen in Nest 1 spawns 5 (SN 3 + 0 Crown Jewel(s) in the Nest + 2 from the "
         "invented chit card)", G_E2, "info", SPAWN_IDS,
         "invented Event Chit Card (variant invented_event_chit_card)",
         {"unit": "High Queen", "values": spawn_values("high_queen")}),
        ("Soldier #1 is spawned in Nest 1", "Space Vermin §G", "move", ("SV-SPAWN-03",), "",
         {"unit": "Soldier #1", "to": "Nest 1"}),
        ("The Vermite Unit Cup is empty: 4 spawn(s) of High Queen are lost", "Space Vermin §G",
         "info", ("SV-SPAWN-04",), "", {}),
        ("Sister Queen in Nest 2 spawns 2 (SN 2 + 0 Crown Jewel(s) in the Nest)", G_E2, "info",
         SPAWN_IDS, "", {"unit": "Sister Queen", "values": spawn_values("sister_queen")}),
        ("The Vermite Unit Cup is empty: 2 spawn(s) of Sister Queen are lost", "Space Vermin §G",
         "info", ("SV-SPAWN-04",), "", {}),
        ("Child Queen arrived this turn and begins spawning next turn", "Space Vermin §Q-1-c",
         "info", ("SV-S1-14",), "", {"unit": "Child Queen"}),
    ]
    assert rolls(ctx) == []


@pytest.mark.rule("SV-SPAWN-01", "SV-SPAWN-02", "SV-JEWEL-09")
def test_an_events_extra_spawn_comes_on_top_of_the_nests_jewels():
    state = turn_table({"High Queen": "Nest 1"}, "Quiet Night", nest_jewels={"1": 1},
                       extra_spawn=2, extra_spawn_queen="high_queen")
    cup_of(state, ())
    first = records(run(queens_spawn(state, dice())))[0]
    assert first[0] == ("High Queen in Nest 1 spawns 6 (SN 3 + 1 Crown Jewel(s) in the Nest + 2 "
                        "from the invented chit card)")


@pytest.mark.rule("SV-S1-14", "SV-SPAWN-01")
def test_a_queen_arrived_this_turn_does_not_stop_the_queens_after_her():
    """With a designer's ranks the Child Queen spawns first (§G: rank order); placed this turn,
    she waits, and the Queens after her still spawn."""
    from rules_lib.games.space_vermin.data import load_game_data

    data = load_game_data({"counters:queens.high_queen.rank": 3,
                           "counters:queens.child_queen.rank": 1})
    state = cup_of(turn_table({"High Queen": "Nest 1", "Child Queen": "Nest 2"}, "Quiet Night",
                              turn=2), ("Soldier #1",))
    state.unit("Child Queen").arrival_turn = 2
    events = run(queens_spawn(state, Context(dice=ScriptedDice([]), data=data)))
    assert [e.data.get("unit") for e in events] == ["Child Queen", "High Queen", "Soldier #1", None]
    assert state.unit("Soldier #1").hex == "Nest 1"


@pytest.mark.rule("SV-S1-14")
def test_the_child_queen_drawn_with_no_sister_queen_on_the_map_stays_with_the_spawning_queen():
    """The Child Queen joins the Sister Queen (§Q-1-c); with the Sister Queen gone from the map,
    she is placed with the Queen whose spawn drew her (assumed)."""
    state = cup_of(turn_table({"High Queen": "Nest 1"}, "Quiet Night"), ("Child Queen",))
    run(queens_spawn(state, dice()))
    assert state.unit("Child Queen").hex == "Nest 1"


@pytest.mark.rule("SV-SPAWN-01")
def test_a_queen_outside_a_nest_does_not_spawn():
    state = cup_of(turn_table({"High Queen": 246}, "Quiet Night"), ("Soldier #1",))
    assert run(queens_spawn(state, dice())) == []
    assert state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-SPAWN-04")
def test_a_draw_from_two_counters_rolls_a_two_faced_die_from_one_none():
    state = cup_of(table({}), ("Soldier #1", "Soldier #3"))
    ctx = dice(2)
    assert draw_from_cup(state, ctx, "test draw") == "Soldier #3"
    assert rolls(ctx) == [("test draw", 2, 2)]
    state.unit("Soldier #3").status = "map"
    assert draw_from_cup(state, ctx, "last draw") == "Soldier #1" and len(rolls(ctx)) == 1
    state.unit("Soldier #1").status = "map"
    assert draw_from_cup(state, ctx, "empty cup") is None


# -- the Vermite Hordes (§Q-2-c) -------------------------------------------------------------------


@pytest.mark.rule("SV-S2-08", "SV-S2-09", "SV-TERR-29")
def test_a_later_horde_roll_sends_one_vermite_to_each_named_entry_hex_and_an_extra_one():
    state = cup_of(table({}, "beta", turn=2), ("Soldier #1", "Soldier #3", "Drone #4", "Drone #8"))
    assert cup_contents(state) == ["Drone #4", "Drone #8", "Soldier #1", "Soldier #3"]
    ctx = dice(3, 3, 1, 1, 4)
    events = run(hordes(state, ctx, HORDES))
    move = ("move", ("SV-S2-08", "SV-TERR-29"))
    assert records(events) == [
        ("Vermite Hordes roll 3: one Vermite in each of Entry hexes [1, 3, 5]", Q2C, "roll",
         ("SV-S2-08",), "", {"roll": 3}),
        ("Soldier #1 enters at Entry hex 1 (111)", Q2C, *move, entry(1),
         {"unit": "Soldier #1", "to": "111", "values": ["beta:vermite_entry_hexes[1]"]}),
        ("Drone #4 enters at Entry hex 3 (113)", Q2C, *move, entry(3),
         {"unit": "Drone #4", "to": "113", "values": ["beta:vermite_entry_hexes[3]"]}),
        ("Drone #8 enters at Entry hex 5 (115)", Q2C, *move, entry(5),
         {"unit": "Drone #8", "to": "115", "values": ["beta:vermite_entry_hexes[5]"]}),
        ("Extra Vermite roll 4: one more Vermite in Entry hex 4", Q2C, "roll", ("SV-S2-09",), "",
         {"roll": 4}),
        ("Soldier #3 enters at Entry hex 4 (114)", Q2C, *move, entry(4),
         {"unit": "Soldier #3", "to": "114", "values": ["beta:vermite_entry_hexes[4]"]}),
    ]
    assert rolls(ctx) == [("Vermite Hordes", 6, 3), ("Horde for Entry hex 1", 4, 3),
                          ("Horde for Entry hex 3", 3, 1), ("Horde for Entry hex 5", 2, 1),
                          ("Vermite Hordes extra hex", 6, 4)]


@pytest.mark.rule("SV-S2-08")
def test_a_horde_vermite_enters_at_full_strength():
    state = cup_of(table({}, "beta", turn=2), ("Soldier #1",))
    state.unit("Soldier #1").reduced = True
    run(hordes(state, dice(6), HORDES))  # 6: every Entry hex, no extra
    soldier = state.unit("Soldier #1")
    assert (soldier.status, soldier.hex, soldier.reduced) == ("map", "111", False)


@pytest.mark.rule("SV-S2-08")
def test_a_marine_on_an_entry_hex_keeps_the_horde_out_and_an_empty_cup_sends_nobody():
    state = cup_of(table({"Squad 1": 113}, "beta", turn=2), ("Soldier #1",))
    ctx = dice(3, 1)
    events = run(hordes(state, ctx, HORDES))
    empty = ("The Vermite Unit Cup is empty: no Vermite enters", Q2C, "info", ("SV-S2-08",), "",
             {})
    assert records(events)[2:] == [
        ("Entry hex 3 (113) is blocked by Squad 1: no Vermite enters there this turn", Q2C, "info",
         ("SV-S2-08",), "a Marine on an Entry hex keeps the Horde's Vermite out (Marines and "
         "Vermites never share a hex, §I-1-a; as blocked Marine entry, §I-5-a); " + entry(3),
         {"values": ["beta:vermite_entry_hexes[3]"]}),
        empty,
        ("Extra Vermite roll 1: one more Vermite in Entry hex 1", Q2C, "roll", ("SV-S2-09",), "",
         {"roll": 1}),
        empty,
    ]
    assert state.unit("Soldier #1").hex == "111"
    assert rolls(ctx) == [("Vermite Hordes", 6, 3), ("Vermite Hordes extra hex", 6, 1)]


def first_horde_state(variants=()):
    """Beta on Turn 1, the Queens and Ultra-Mites just off the west edge (§Q-2-b)."""
    state = table({}, "beta", turn=1)
    state.variants = list(variants)
    for u in state.units:
        if not u.is_marine and DATA.vermites[u.type].kind in ("queen", "ultra_mite"):
            u.status = "off_map"
    return state


@pytest.mark.rule("SV-S2-07", "SV-AMB-18")
def test_the_first_horde_queens_in_different_entry_hexes_an_ultra_mite_in_each_the_rest_to_the_cup():
    state = first_horde_state()
    ctx = dice(2, 2, 5, 1, 3, 1, 1, 1, 1, 1)
    events = run(hordes(state, ctx, HORDES))
    queen = ("move", ("SV-S2-07",))
    mite = ("Space Vermin §Q-2-c / §Q-2-d", "move", ("SV-S2-07",))
    spare = ("Space Vermin §Q-2-c", "info", ("SV-S2-07", "SV-AMB-18"),
             "default reading of SV-AMB-18: the Ultra-Mites not placed on Turn 1 join the cup "
             "for later Hordes")
    assert records(events) == [
        ("High Queen enters at Entry hex 2 (112)", Q2C, *queen, entry(2),
         {"unit": "High Queen", "to": "112", "values": ["beta:vermite_entry_hexes[2]"]}),
        ("Sister Queen enters at Entry hex 5 (115)", Q2C, *queen,
         "a die naming an Entry hex a Queen already holds is rolled again (how to pick "
         "'different random' hexes is not stated); " + entry(5),
         {"unit": "Sister Queen", "to": "115", "values": ["beta:vermite_entry_hexes[5]"]}),
        ("Child Queen enters at Entry hex 1 (111)", Q2C, *queen, entry(1),
         {"unit": "Child Queen", "to": "111", "values": ["beta:vermite_entry_hexes[1]"]}),
        ("Ultra-Mite #7 enters at Entry hex 1 (111) as Child Queen's Escort", *mite, entry(1),
         {"unit": "Ultra-Mite #7", "to": "111", "values": ["beta:vermite_entry_hexes[1]"]}),
        ("Ultra-Mite #2 enters at Entry hex 2 (112) as High Queen's Escort", *mite, entry(2),
         {"unit": "Ultra-Mite #2", "to": "112", "values": ["beta:vermite_entry_hexes[2]"]}),
        ("Ultra-Mite #6 enters at Entry hex 3 (113)", *mite, entry(3),
         {"unit": "Ultra-Mite #6", "to": "113", "values": ["beta:vermite_entry_hexes[3]"]}),
        ("Ultra-Mite #10 enters at Entry hex 4 (114)", *mite, entry(4),
         {"unit": "Ultra-Mite #10", "to": "114", "values": ["beta:vermite_entry_hexes[4]"]}),
        ("Ultra-Mite #14 enters at Entry hex 5 (115) as Sister Queen's Escort", *mite, entry(5),
         {"unit": "Ultra-Mite #14", "to": "115", "values": ["beta:vermite_entry_hexes[5]"]}),
        ("Ultra-Mite #18 enters at Entry hex 6 (116)", *mite, entry(6),
         {"unit": "Ultra-Mite #18", "to": "116", "values": ["beta:vermite_entry_hexes[6]"]}),
        ("Ultra-Mite #22 goes into the Vermite Unit Cup for later Hordes", *spare,
         {"unit": "Ultra-Mite #22"}),
        ("Ultra-Mite #26 goes into the Vermite Unit Cup for later Hordes", *spare,
         {"unit": "Ultra-Mite #26"}),
    ]
    assert rolls(ctx) == [
        ("Entry hex for High Queen", 6, 2), ("Entry hex for Sister Queen", 6, 2),
        ("Entry hex for Sister Queen", 6, 5), ("Entry hex for Child Queen", 6, 1),
        ("Ultra-Mite for Entry hex 1", 8, 3), ("Ultra-Mite for Entry hex 2", 7, 1),
        ("Ultra-Mite for Entry hex 3", 6, 1), ("Ultra-Mite for Entry hex 4", 5, 1),
        ("Ultra-Mite for Entry hex 5", 4, 1), ("Ultra-Mite for Entry hex 6", 3, 1)]
    escorts = {u.id: u.escort_of for u in state.units if u.escort_of}
    assert escorts == {"Ultra-Mite #7": "Child Queen", "Ultra-Mite #2": "High Queen",
                       "Ultra-Mite #14": "Sister Queen"}
    assert [state.unit(u).status for u in ("Ultra-Mite #22", "Ultra-Mite #26")] == ["cup", "cup"]


@pytest.mark.rule("SV-S2-07", "SV-AMB-18")
def test_variant_the_spare_ultra_mites_stay_out_of_the_battle():
    state = first_horde_state([SPARE_ULTRA_MITES_OUT])
    ctx = dice(1, 2, 3, 1, 1, 1, 1, 1, 1, variants=[SPARE_ULTRA_MITES_OUT])
    events = run(hordes(state, ctx, HORDES))
    assert records(events)[-2:] == [
        (f"{u} stays out of the battle (no Entry hex left for it)", "Space Vermin §Q-2-c", "info",
         ("SV-S2-07", "SV-AMB-18"), "variant spare_ultra_mites_out (other reading of SV-AMB-18)",
         {"unit": u}) for u in ("Ultra-Mite #22", "Ultra-Mite #26")]
    assert [state.unit(u).status for u in ("Ultra-Mite #22", "Ultra-Mite #26")] == [
        "removed", "removed"]


@pytest.mark.rule("SV-S2-07")
def test_the_first_horde_places_the_queens_in_the_rank_order_of_the_data_given():
    """Queens enter in rank order (§Q-2-c); a designer's ranks (here Child first, High last) are
    the ones the Horde reads."""
    from rules_lib.games.space_vermin.data import load_game_data

    data = load_game_data({"counters:queens.high_queen.rank": 3,
                           "counters:queens.child_queen.rank": 1})
    state = first_horde_state()
    ctx = Context(dice=ScriptedDice([1, 2, 3, 1, 1, 1, 1, 1, 1]), data=data)
    run(hordes(state, ctx, HORDES))
    assert [p for p, _, _ in rolls(ctx)[:3]] == [
        "Entry hex for Child Queen", "Entry hex for Sister Queen", "Entry hex for High Queen"]


@pytest.mark.rule("SV-S2-07")
def test_the_first_horde_with_fewer_ultra_mites_than_entry_hexes_leaves_the_last_hexes_empty():
    state = first_horde_state()
    for u in ("Ultra-Mite #2", "Ultra-Mite #6", "Ultra-Mite #7", "Ultra-Mite #10",
              "Ultra-Mite #14", "Ultra-Mite #18"):
        state.unit(u).status = "removed"
    ctx = dice(1, 2, 3, 1)
    run(hordes(state, ctx, HORDES))
    assert {u.id: u.hex for u in state.units if u.type == "ultra_mite" and u.on_map} == {
        "Ultra-Mite #22": "111", "Ultra-Mite #26": "112"}
    assert rolls(ctx)[3:] == [("Ultra-Mite for Entry hex 1", 2, 1)]


# -- a designer's numbers and map, a variant given to the game -----------------------------------


@pytest.mark.rule("SV-SPAWN-01", "SV-SPAWN-02")
def test_a_designers_spawn_number_is_the_one_spawned_and_marked_as_the_designers():
    """The High Queen's SN set to 2 by a designer: she spawns 2, and the event says the number
    is the designer's, not the rulebook's."""
    from rules_lib.games.space_vermin.data import load_game_data

    data = load_game_data({"counters:queens.high_queen.sn": 2})
    state = cup_of(turn_table({"High Queen": "Nest 1"}, "Quiet Night"), ())
    first = records(run(queens_spawn(state, Context(dice=ScriptedDice([]), data=data))))[0]
    paths = tuple(spawn_values("high_queen"))
    assert first[0] == "High Queen in Nest 1 spawns 2 (SN 2 + 0 Crown Jewel(s) in the Nest)"
    assert first[4] == values_reason(data, paths) == (
        "high_queen sn (override: queens.high_queen.sn = 2)")


@pytest.mark.rule("SV-S1-13", "SV-S1-15", "SV-TERR-25")
def test_a_tunnel_exit_drawn_in_the_spawn_goes_on_the_hex_a_designers_map_gives_it():
    from rules_lib.games.space_vermin.data import load_game_data

    data = load_game_data({"alpha:tunnel_exits[5]": 316})
    state = cup_of(turn_table({"High Queen": "Nest 1"}, "Quiet Night", cup_tunnel_exits=["5"]), ())
    log = records(run(queens_spawn(state, Context(dice=ScriptedDice([]), data=data))))
    assert log[1][0] == "Tunnel Exit 5 is placed open on hex 316 (drawn as part of High Queen's spawn)"
    assert log[1][4] == "Tunnel Exit 5's hex (override: tunnel_exits[5] = 316)"
    assert state.tunnel_exits == {"5": "open"}


@pytest.mark.rule("SV-S2-08", "SV-TERR-29")
def test_a_horde_vermite_enters_at_the_hex_a_designers_map_gives_its_entry_hex():
    from rules_lib.games.space_vermin.data import load_game_data

    data = load_game_data({"beta:vermite_entry_hexes[1]": 121})
    state = cup_of(table({}, "beta", turn=2), ("Soldier #1",))
    log = records(run(hordes(state, Context(dice=ScriptedDice([6]), data=data), HORDES)))
    assert log[1] == (
        "Soldier #1 enters at Entry hex 1 (121)", Q2C, "move", ("SV-S2-08", "SV-TERR-29"),
        "Entry hex 1 (override: vermite_entry_hexes[1] = 121)",
        {"unit": "Soldier #1", "to": "121", "values": ["beta:vermite_entry_hexes[1]"]})
    assert state.unit("Soldier #1").hex == "121"


@pytest.mark.rule("SV-S2-07")
def test_the_first_horde_queens_are_on_the_map_at_their_entry_hexes():
    state = first_horde_state()
    run(hordes(state, dice(1, 2, 3, 1, 1, 1, 1, 1, 1), HORDES))
    queens = {q: (state.unit(q).status, state.unit(q).hex)
              for q in ("High Queen", "Sister Queen", "Child Queen")}
    assert queens == {"High Queen": ("map", "111"), "Sister Queen": ("map", "112"),
                      "Child Queen": ("map", "113")}
    assert {u.id for u in state.vermites_on_map() if u.type.endswith("queen")} == set(queens)


@pytest.mark.rule("SV-S2-07", "SV-AMB-18")
def test_variant_the_spare_ultra_mites_stay_out_when_the_game_is_played_with_it():
    """The variant named by the game's context (as the engine passes the game's variants), not
    only by the state: the spare Ultra-Mites are out of the battle, not in the cup."""
    state = first_horde_state()
    run(hordes(state, dice(1, 2, 3, 1, 1, 1, 1, 1, 1, variants=[SPARE_ULTRA_MITES_OUT]), HORDES))
    assert [state.unit(u).status for u in ("Ultra-Mite #22", "Ultra-Mite #26")] == [
        "removed", "removed"]

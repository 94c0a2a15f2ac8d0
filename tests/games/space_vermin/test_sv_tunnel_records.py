"""Soldier Tunnel Movement (§E-1-c) and Tunnel Exit chits (§P-2-m, §Q-1-c), event by event: each
event is checked whole (message, rule, kind, catalogue IDs, assumption, data), the log cites the
rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.provenance import values_reason
from rules_lib.games.space_vermin.tunnels import place_tunnel_exit, tunnel_movement

from .sv_helpers import ALPHA, DATA, dice, records, run
from .sv_turn_helpers import turn_table

E1C = "Space Vermin §E-1-c"
PLACED_IDS = ("SV-TUN-01", "SV-TUN-02", "SV-TUN-03", "SV-TUN-04")


def placed(soldier, nest, number, label):
    """The event of a Soldier placed on a Tunnel Exit."""
    where = f"alpha:tunnel_exits[{number}]"
    return (f"{soldier} (lowest Unit ID left in Nest {nest}) is placed on Tunnel Exit {number} "
            f"({label}), the lowest-numbered operational exit left", E1C, "move", PLACED_IDS,
            values_reason(DATA, (where,)),
            {"unit": soldier, "exit": number, "to": label, "values": [where]})


def stays(soldier, nest):
    return (f"{soldier} finds no operational exit and stays in Nest {nest} until Soldier Regular "
            f"Movement", E1C, "info", ("SV-TUN-05",), "", {"unit": soldier})


def tunnels(placements, exits, **fields):
    state = turn_table(placements, "Quiet Night", tunnel_exits=exits, **fields)
    return state, records(run(tunnel_movement(state, dice())))


@pytest.mark.rule("SV-EX-02", "SV-TUN-02", "SV-TUN-04", "SV-TUN-05")
def test_the_tunnel_example_logs_the_soldier_placed_and_the_one_left_in_the_nest():
    _, log = tunnels({"Soldier #5": "Nest 1", "Soldier #21": "Nest 1", "Ultra-Mite #2": 146,
                      "Ultra-Mite #6": 146}, {"1": "open", "2": "open"})
    assert log == [placed("Soldier #5", 1, 2, "255"), stays("Soldier #21", 1)]


@pytest.mark.rule("SV-EX-03", "SV-TUN-10", "SV-TUN-11")
def test_clearing_a_collapsed_exit_repairs_it_and_reduces_the_soldier():
    state, log = tunnels({"Soldier #13": "Nest 2"}, {"4": "collapsed"})
    assert log == [
        placed("Soldier #13", 2, 4, "514"),
        ("Tunnel Exit 4 is repaired (flipped to its front side)", E1C, "move", ("SV-TUN-10",), "",
         {"exit": 4}),
        ("Soldier #13 is injured clearing the tunnel: flipped to its Reduced side", E1C, "combat",
         ("SV-TUN-11",), "", {"unit": "Soldier #13"}),
    ]
    assert state.unit("Soldier #13").reduced


@pytest.mark.rule("SV-TUN-11")
def test_a_reduced_soldier_clearing_a_collapsed_exit_is_eliminated_there():
    state = turn_table({"Soldier #13": "Nest 2"}, "Quiet Night", tunnel_exits={"4": "collapsed"})
    state.unit("Soldier #13").reduced = True
    log = records(run(tunnel_movement(state, dice())))
    assert log[2] == ("Soldier #13 was already Reduced: clearing the tunnel eliminates it", E1C,
                      "combat", ("SV-TUN-11",), "", {"unit": "Soldier #13"})
    assert log[3][5] == {"unit": "Soldier #13", "at": "514"}  # eliminated on the exit's hex
    assert state.unit("Soldier #13").status == "cup"


@pytest.mark.rule("SV-S1-19")
def test_the_sneak_attack_turn_logs_that_no_soldier_tunnels():
    state = turn_table({"Soldier #1": "Nest 1"}, "Bogs Flood", tunnel_exits={"3": "open"},
                       sneak_attack=True)
    assert records(run(tunnel_movement(state, dice()))) == [
        ("Vermite Sneak Attack: no Soldier Tunnel Movement this turn", "Space Vermin §Q-1-c",
         "info", ("SV-S1-19",), "", {})]


@pytest.mark.rule("SV-TUN-02", "SV-VSTK-01")
def test_an_exit_holding_one_vermite_still_takes_a_soldier():
    """A Soldier placed there makes two Vermites in the hex: within the stacking limit (§E-3)."""
    state, log = tunnels({"Soldier #1": "Nest 1", "Soldier #3": 323}, {"3": "open"})
    assert log == [placed("Soldier #1", 1, 3, "323")]
    assert {u.id for u in state.units_at("323")} == {"Soldier #1", "Soldier #3"}


@pytest.mark.rule("SV-TUN-02", "SV-VSTK-02")
def test_drones_on_an_exit_do_not_count_against_its_room():
    drones = {f"Drone #{n}": 323 for n in (4, 8, 12)}
    _, log = tunnels({"Soldier #1": "Nest 1", "Soldier #3": 323, **drones}, {"3": "open"})
    assert log == [placed("Soldier #1", 1, 3, "323")]


@pytest.mark.rule("SV-TUN-01", "SV-TUN-03", "SV-TUN-04")
def test_each_nest_sends_its_lowest_soldiers_to_its_own_exits_lowest_first_nest_1_first():
    _, log = tunnels({"Soldier #9": "Nest 2", "Soldier #5": "Nest 1", "Soldier #3": "Nest 2",
                      "Soldier #1": "Nest 1"},
                     {"6": "open", "5": "open", "2": "open", "3": "open"})
    assert log == [placed("Soldier #1", 1, 2, "255"), placed("Soldier #5", 1, 3, "323"),
                   placed("Soldier #3", 2, 5, "434"), placed("Soldier #9", 2, 6, "553")]


@pytest.mark.rule("SV-S1-03", "SV-S1-13", "SV-TERR-25")
def test_a_tunnel_exit_chit_is_placed_open_with_the_ids_and_reason_its_caller_gives():
    state = turn_table({}, "Quiet Night", tunnel_exits={},
                       cup_tunnel_exits=["2", "6"])
    where = "alpha:tunnel_exits[2]"
    event = place_tunnel_exit(state, ALPHA, "2", "an event", assumed="an invented event",
                              ids=("SV-S1-03",))
    assert (event.message, event.rule, event.kind, event.ids, event.assumed, event.data) == (
        "Tunnel Exit 2 is placed open on hex 255 (an event)", "Space Vermin §P-2-m / §Q-1-c",
        "move", ("SV-S1-03",), f"an invented event; {values_reason(DATA, (where,))}",
        {"exit": "2", "values": [where]})
    assert state.tunnel_exits == {"2": "open"} and state.cup_tunnel_exits == ["6"]
    place_tunnel_exit(state, ALPHA, "3", "set-up")  # a chit not in the cup: placed all the same
    assert state.tunnel_exits == {"2": "open", "3": "open"} and state.cup_tunnel_exits == ["6"]


@pytest.mark.rule("SV-TUN-11", "SV-NAT-01", "SV-NAT-04")
def test_a_soldier_eliminated_clearing_a_tunnel_sets_off_the_nat_roll_of_a_marine_nearby():
    """A Vermite eliminated for any reason makes the NAT roll (§J-7): Squad 1 is one hex from
    Exit 4 when the Reduced Soldier #13 dies clearing it; a 6 misses a Soldier's 1-3."""
    state = turn_table({"Soldier #13": "Nest 2", "Squad 1": 515}, "Quiet Night",
                       tunnel_exits={"4": "collapsed"})
    state.unit("Soldier #13").reduced = True
    ctx = dice(6)
    log = records(run(tunnel_movement(state, ctx)))
    assert log[4][:4] == ("NAT roll 6 (needs 1-3 for a Soldier): no infestation",
                          "Space Vermin §J-7", "roll", ("SV-NAT-04",))
    assert list(ctx.dice.log) == [("NAT roll for Soldier #13", 6, 6)]
    assert not state.unit("Squad 1").nat


@pytest.mark.rule("SV-TUN-01", "SV-TUN-04")
def test_a_soldier_tunnels_to_the_hex_a_designers_map_gives_its_exit():
    """Tunnel Exit 3 moved to hex 316 by a designer's map: the Soldier is placed there, and the
    event says the place is the designer's."""
    from rules_lib.core.dice import ScriptedDice
    from rules_lib.core.engine import Context
    from rules_lib.games.space_vermin.data import load_game_data

    data = load_game_data({"alpha:tunnel_exits[3]": 316})
    state = turn_table({"Soldier #1": "Nest 1"}, "Quiet Night", tunnel_exits={"3": "open"})
    events = run(tunnel_movement(state, Context(dice=ScriptedDice([]), data=data)))
    where = "alpha:tunnel_exits[3]"
    assert [(e.data, e.assumed) for e in events] == [
        ({"unit": "Soldier #1", "exit": 3, "to": "316", "values": [where]},
         values_reason(data, (where,)))]
    assert values_reason(data, (where,)) and state.unit("Soldier #1").hex == "316"


@pytest.mark.rule("SV-S1-13", "SV-TERR-25")
def test_a_tunnel_exit_chit_placed_by_the_rules_is_marked_only_with_its_hexs_provenance():
    """Drawn from the cup (§Q-1-c), the placing is the rulebook's: the event's assumption is the
    map's own, for Exit 3 none, for Exit 6 its hex read off the map art."""
    state = turn_table({}, "Quiet Night", tunnel_exits={}, cup_tunnel_exits=["3", "6"])
    three = place_tunnel_exit(state, ALPHA, "3", "drawn")
    six = place_tunnel_exit(state, ALPHA, "6", "drawn")
    assert (three.message, three.assumed) == ("Tunnel Exit 3 is placed open on hex 323 (drawn)", "")
    assert six.assumed == values_reason(DATA, ("alpha:tunnel_exits[6]",)) != ""

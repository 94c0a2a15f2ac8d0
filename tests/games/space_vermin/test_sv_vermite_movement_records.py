"""Vermite movement (§D-2, §E-1, §E-2, §P-2-l, §Q-1-c, §Q-2-d, §Q-2-f), event by event: each event
is checked whole (message, rule, kind, catalogue IDs, assumption, data) and each counter by where
it ends and what it carries, so the log cites the rulebook at every step (DESIGN principles 3 and
8)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.board import SVMap
from rules_lib.games.space_vermin.vermite_movement import (
    ENTRANCE_CARRIERS_ONLY,
    SNEAK_STOPS,
    Heading,
    move_group,
    start_direction,
)
from rules_lib.games.space_vermin.vermite_turn import queen_step

from .sv_helpers import DATA, dice, run
from .sv_turn_helpers import chit_for, turn_table

ALPHA_MAP = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
BETA_MAP = "Mapzone Beta layout: the map art is not in the rulebook (layout built from SV-MF-25..30)"
E1 = "Space Vermin §E-1"
HEADING = ("SV-VMOV-01", "SV-EVT-04")
SOUTH = chit_for("511", 4, "beta")  # a chit whose Scenario 2 arrow is 4 (south): Fog Bank
FOG_BANK_WHY = f"{BETA_MAP}; Fog Bank: chit not named in the text"


def records(events):
    return [(e.message, e.rule, e.kind, e.ids, e.assumed, e.data) for e in events]


def counter(state, unit):
    """Where a counter is and what it carries: (status, hex, reduced, jewels, escort of)."""
    u = state.unit(unit)
    return (u.status, u.hex, u.reduced, u.jewels, u.escort_of)


def walk(state, units, ctx=None):
    """One group's move (``move_group``), its events as records."""
    ctx = ctx or dice()
    return records(run(move_group(state, ctx, [state.unit(u) for u in units])))


def soldier_ma(side="full"):
    return {"values": [f"counters:vermites.soldier.{side}.ma"]}


def beta_step(units, to, mp, left):
    """A step along the Fog Bank chit's Scenario 2 arrow (south) on Beta."""
    return (f"{' and '.join(units)} enters {to} ({mp} MP, {left} left): direction 4: the Fog Bank "
            f"chit's Scenario 2 arrow (§D-1)", "Space Vermin §D-1", "step_detail", HEADING,
            FOG_BANK_WHY, {"units": list(units), "to": to, "mp": mp, "hex": to,
                           "chit": "Fog Bank", "chit_paths": ["beta"]})


# -- the Preferred Direction a unit starts with (§D-1, §Q-1-c, §Q-2-f) -----------------------------


def starting_heading(state, unit, ctx=None):
    """``start_direction`` for a unit, on a Mapzone built afresh (a map remembers the heading of
    each chit and hex once worked out): the Heading and the events (a Magnetic Storm's die)."""
    smap = SVMap(DATA.maps[state.map], DATA)
    steps = start_direction(state, ctx or dice(), smap, state.unit(unit))
    events = []
    while True:
        try:
            events.append(next(steps))
        except StopIteration as done:
            return done.value, records(events)


@pytest.mark.rule("SV-EVT-05", "SV-EVT-06", "SV-VMOV-01")
def test_on_alpha_a_unit_south_of_the_road_reads_the_blue_arrow_north_of_it_the_yellow():
    """NAT Plague: blue 1, yellow 4; only the yellow number is read off the chit art (assumed)."""
    state = turn_table({"Soldier #1": 241, "Soldier #3": 151}, "NAT Plague")
    assert starting_heading(state, "Soldier #1") == (Heading(
        1, "the NAT Plague chit's blue (south of the road) arrow (§D-1, §Q-1-c)",
        ref={"chit": "NAT Plague", "chit_paths": ["alpha_blue"]}, assumed=""), [])
    assert starting_heading(state, "Soldier #3") == (Heading(
        4, "the NAT Plague chit's yellow (on or north of the road) arrow (§D-1, §Q-1-c)",
        ref={"chit": "NAT Plague", "chit_paths": ["alpha_yellow"]},
        assumed="NAT Plague: yellow and Beta direction numbers (the chit art is not in the text)"),
        [])


@pytest.mark.rule("SV-EVT-05", "SV-VMOV-01")
def test_on_beta_a_unit_reads_the_chits_scenario_2_arrow():
    state = turn_table({"Soldier #1": 511}, SOUTH, "beta")
    assert starting_heading(state, "Soldier #1") == (Heading(
        4, "the Fog Bank chit's Scenario 2 arrow (§D-1)",
        ref={"chit": "Fog Bank", "chit_paths": ["beta"]},
        assumed="Fog Bank: chit not named in the text"), [])


@pytest.mark.rule("SV-S2-19", "SV-S2-20")
def test_a_chit_without_a_scenario_2_arrow_means_a_die_for_each_units_direction():
    state = turn_table({"Soldier #1": 511}, "Bogs Flood", "beta", magnetic_storm=True)
    ctx = dice(5)
    assert starting_heading(state, "Soldier #1", ctx) == (
        Heading(5, "the Magnetic Storm die (§Q-2-f)"),
        [("Magnetic Storm: Soldier #1 rolls direction 5", "Space Vermin §Q-2-f", "roll",
          ("SV-S2-19", "SV-S2-20"), "", {"direction": 5, "unit": "Soldier #1"})])
    assert list(ctx.dice.log) == [("Magnetic Storm direction for Soldier #1", 6, 5)]


# -- the Magnetic Storm (§Q-2-f) -------------------------------------------------------------------


@pytest.mark.rule("SV-S2-19", "SV-S2-20")
def test_under_a_magnetic_storm_each_step_cites_the_die_rolled_for_the_units_direction():
    state = turn_table({"Soldier #1": 232}, "Bogs Flood", "beta", magnetic_storm=True)
    ctx = dice(1)
    storm_step = ("Space Vermin §Q-2-f", "step_detail", HEADING, BETA_MAP)
    assert walk(state, ["Soldier #1"], ctx) == [
        ("Magnetic Storm: Soldier #1 rolls direction 1", "Space Vermin §Q-2-f", "roll",
         ("SV-S2-19", "SV-S2-20"), "", {"direction": 1, "unit": "Soldier #1"}),
        ("Soldier #1 enters 231 (1 MP, 3 left): direction 1: the Magnetic Storm die (§Q-2-f)",
         *storm_step, {"units": ["Soldier #1"], "to": "231", "mp": 1, "hex": "231"}),
        ("Soldier #1 enters 226 (2 MP, 1 left): direction 1: the Magnetic Storm die (§Q-2-f)",
         *storm_step, {"units": ["Soldier #1"], "to": "226", "mp": 2, "hex": "226"}),
        ("Soldier #1 ends in 226: not enough MP left to enter 225 (cost 2, §E-1)", E1, "move",
         ("SV-VMOV-03",), BETA_MAP,
         {"units": ["Soldier #1"], "from": "232", "to": "226", "hex": "226", **soldier_ma()}),
    ]
    assert list(ctx.dice.log) == [("Magnetic Storm direction for Soldier #1", 6, 1)]


# -- Crown Jewels home: the Nest and its Tunnel Entrance (§E-2, §P-2-l) ----------------------------


@pytest.mark.rule("SV-JEWEL-04", "SV-JEWEL-05", "SV-TERR-21")
def test_a_reduced_carrier_walking_into_an_empty_nest_leaves_its_jewel_and_goes_to_the_cup():
    state = turn_table({"Ultra-Mite #2": "u6.14"}, chit_for("u6.14", 5))
    carrier = state.unit("Ultra-Mite #2")
    carrier.jewels, carrier.reduced = 1, True
    log = walk(state, ["Ultra-Mite #2"])
    assert log[1:] == [
        ("Ultra-Mite #2 carries 1 Crown Jewel(s) straight into Nest 1: the Jewel stays in the Nest "
         "and Ultra-Mite #2 returns to the Vermite Unit Cup, as at the Tunnel Entrance",
         "Space Vermin §E-2", "move", ("SV-JEWEL-05", "SV-JEWEL-04"),
         f"reading of §E-2's note: reaching the Nest itself ends the carry as the Entrance does; "
         f"{ALPHA_MAP}", {"unit": "Ultra-Mite #2", "hex": "Nest 1"})]
    assert counter(state, "Ultra-Mite #2") == ("cup", None, False, 0, "")
    assert state.nest_jewels == {"1": 1}


ENTRANCE_2 = "Nest 2's Tunnel Entrance (the map art is not in the rulebook (layout built from " \
             "SV-MF-01..30))"
ENTRANCE_2_DATA = {"unit": "Soldier #1", "values": ["alpha:nest_tunnel_entrances[2]"]}


@pytest.mark.rule("SV-JEWEL-04", "SV-TERR-24", "SV-DIR-06")
def test_a_reduced_carrier_reaching_the_tunnel_entrance_brings_its_jewel_into_the_nest():
    state = turn_table({"Soldier #1": "u11.2"}, chit_for("u11.2", 4))
    carrier = state.unit("Soldier #1")
    carrier.jewels, carrier.reduced = 1, True
    assert walk(state, ["Soldier #1"]) == [
        ("Soldier #1 enters u11.1 (1 MP, 3 left): it carries a Crown Jewel: Jewel Exit Trail "
         "(§E-2, §P-2-i)", "Space Vermin §E-2", "step_detail",
         ("SV-DIR-06", "SV-JEWEL-03", "SV-TERR-15"), ALPHA_MAP,
         {"units": ["Soldier #1"], "to": "u11.1", "mp": 1, "hex": "u11.1"}),
        ("Soldier #1 brings 1 Crown Jewel(s) into Nest 2", "Space Vermin §E-2 / §P-2-l", "move",
         ("SV-JEWEL-04", "SV-TERR-24"), ENTRANCE_2, ENTRANCE_2_DATA),
        ("Soldier #1 enters Nest 2's Tunnel Entrance (u11.1) and returns to the Vermite Unit Cup",
         "Space Vermin §P-2-l", "move", ("SV-TERR-24", "SV-JEWEL-04"), ENTRANCE_2,
         ENTRANCE_2_DATA),
    ]
    assert counter(state, "Soldier #1") == ("cup", None, False, 0, "")
    assert state.nest_jewels == {"2": 1}


@pytest.mark.rule("SV-TERR-24", "SV-AMB-15")
def test_a_soldier_without_a_jewel_entering_a_tunnel_entrance_returns_to_the_cup():
    """Default reading of SV-AMB-15: every non-Drone entering the Entrance goes back to the cup;
    a Reduced Soldier comes out of it at full strength later."""
    state = turn_table({"Soldier #1": "u11.2"}, chit_for("u11.2", 1))
    state.unit("Soldier #1").reduced = True
    assert walk(state, ["Soldier #1"])[1:] == [
        ("Soldier #1 enters Nest 2's Tunnel Entrance (u11.1) and returns to the Vermite Unit Cup "
         "(default reading of SV-AMB-15)", "Space Vermin §P-2-l", "move",
         ("SV-TERR-24", "SV-AMB-15"),
         "default reading of SV-AMB-15: every non-Drone entering a Nest Tunnel Entrance goes back "
         f"to the cup, not only Jewel carriers; {ENTRANCE_2}", ENTRANCE_2_DATA)]
    assert counter(state, "Soldier #1") == ("cup", None, False, 0, "")
    assert state.nest_jewels == {}


@pytest.mark.rule("SV-TERR-24", "SV-AMB-15")
def test_variant_only_a_jewel_carrier_goes_into_a_tunnel_entrance():
    state = turn_table({"Soldier #1": "u11.2"}, chit_for("u11.2", 1),
                       variants=[ENTRANCE_CARRIERS_ONLY])
    log = walk(state, ["Soldier #1"], dice(variants=[ENTRANCE_CARRIERS_ONLY]))
    assert [e[5]["to"] for e in log[:-1]] == ["u11.1", "u11.2", "u11.3"]  # on, and back off the edge
    assert counter(state, "Soldier #1") == ("map", "u11.3", False, 0, "")


# -- off the map: Beta's east edge, the Sneak Attack trail (§D-2, §Q-1-c, §Q-2-f) ------------------


@pytest.mark.rule("SV-DIR-05", "SV-S2-22")
def test_a_vermite_stepping_off_betas_east_edge_goes_to_the_escaped_pile():
    state = turn_table({"Soldier #1": 656}, chit_for("656", 2, "beta"), "beta")
    assert walk(state, ["Soldier #1"]) == [
        ("Soldier #1 leaves the map from 656: it moves off Mapzone Beta's east edge (§D-2, "
         "§Q-2-f); it goes to the Escaped pile", "Space Vermin §Q-2-f", "move",
         ("SV-DIR-05", "SV-S2-22"), BETA_MAP, {"unit": "Soldier #1", "hex": "656"})]
    assert counter(state, "Soldier #1") == ("escaped", None, False, 0, "")


def sneak_step(why):
    return ("Soldier #1 enters 221 (1 MP, 2 left): Vermite Sneak Attack: it follows the trail to "
            "221 (§Q-1-c, SV-AMB-03)", "Space Vermin §Q-1-c", "step_detail",
            ("SV-S1-18", "SV-DIR-05", "SV-AMB-03"), f"{ALPHA_MAP}; {why}",
            {"units": ["Soldier #1"], "to": "221", "mp": 1, "hex": "221"})


@pytest.mark.rule("SV-S1-18", "SV-DIR-05", "SV-AMB-03")
def test_the_sneak_attack_trail_brings_a_vermite_back_in_and_it_moves_on():
    state = turn_table({"Soldier #1": 613}, "Bogs Flood", sneak_attack=True)
    log = walk(state, ["Soldier #1"])
    assert log[0] == sneak_step(
        "default reading of SV-AMB-03: leaving the map edge, it comes back in at the Sneak "
        "Attack trail's end on the other edge and moves on")
    assert log[-1] == ("Soldier #1 ends in 223: its Movement Allowance is spent", E1, "move",
                       ("SV-VMOV-01",), ALPHA_MAP, {"units": ["Soldier #1"], "from": "613",
                                                    "to": "223", "hex": "223", **soldier_ma()})


@pytest.mark.rule("SV-S1-18", "SV-AMB-03")
def test_variant_a_vermite_stops_where_the_sneak_attack_trail_ends():
    state = turn_table({"Soldier #1": 613}, "Bogs Flood", sneak_attack=True,
                       variants=[SNEAK_STOPS])
    why = ("variant sneak_attack_stops_at_trail_end (other reading of SV-AMB-03): the unit stops "
           "where the Sneak Attack trail ends")
    assert walk(state, ["Soldier #1"], dice(variants=[SNEAK_STOPS])) == [
        sneak_step(why),
        ("Soldier #1 ends in 221: it followed the Sneak Attack trail to its end, 221 (variant)", E1,
         "move", ("SV-S1-18", "SV-DIR-05", "SV-AMB-03"), ALPHA_MAP,
         {"units": ["Soldier #1"], "from": "613", "to": "221", "hex": "221", **soldier_ma()}),
    ]


# -- picking up a Crown Jewel (§E-2) ---------------------------------------------------------------


@pytest.mark.rule("SV-JEWEL-02")
def test_a_soldier_picks_up_one_of_three_jewels_and_leaves_two():
    state = turn_table({"Soldier #1": 421}, chit_for("421", 4), jewels={"421": 3})
    log = walk(state, ["Soldier #1"])
    assert log[0] == ("Soldier #1 picks up a Crown Jewel in 421 (1 MP)", "Space Vermin §E-2",
                      "move", ("SV-JEWEL-02",), "",
                      {"unit": "Soldier #1", "values": ["counters:crown_jewels.pickup_mp"]})
    assert state.jewels == {"421": 2} and state.unit("Soldier #1").jewels == 1


# -- Queens above ground: Marines and Escorts (§E-1, §Q-2-d) ---------------------------------------


@pytest.mark.rule("SV-VMOV-05", "SV-S2-12")
def test_a_queen_starting_next_to_a_marine_does_not_move():
    state = turn_table({"High Queen": 511, "Squad 1": 512}, SOUTH, "beta")
    assert records(run(queen_step(state, dice())))[-1] == (
        "High Queen in 511 starts next to a Marine and does not move (§E-1)", E1, "move",
        ("SV-VMOV-05",), BETA_MAP, {"units": ["High Queen"], "hex": "511"})
    assert state.unit("High Queen").hex == "511"


@pytest.mark.rule("SV-VMOV-04", "SV-S2-12")
def test_a_queen_entering_a_hex_next_to_a_marine_stops_there_with_mp_left():
    """Squad 1 in 536 touches 512, not 511: the High Queen (MA 2) stops in 512 after one hex."""
    state = turn_table({"High Queen": 511, "Squad 1": 536}, SOUTH, "beta")
    assert records(run(queen_step(state, dice())))[-2:] == [
        beta_step(["High Queen"], "512", 1, 1),
        ("High Queen ends in 512: 512 is next to a Marine (§E-1)", E1, "move", ("SV-VMOV-04",),
         f"{BETA_MAP}; high_queen full ma (counter art)",
         {"units": ["High Queen"], "from": "511", "to": "512", "hex": "512",
          "values": ["counters:queens.high_queen.full.ma"]}),
    ]


@pytest.mark.rule("SV-S2-15", "SV-S2-12")
def test_a_queen_picking_up_a_new_escort_frees_her_old_one_and_no_other_queens():
    """The High Queen's old Escort was left elsewhere: picking up Ultra-Mite #6 unbinds it; the
    Sister Queen keeps hers and they move on together."""
    state = turn_table({"High Queen": 511, "Ultra-Mite #6": 512, "Ultra-Mite #2": 111,
                        "Sister Queen": 665, "Ultra-Mite #10": 665}, SOUTH, "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    state.unit("Ultra-Mite #10").escort_of = "Sister Queen"
    log = records(run(queen_step(state, dice())))
    assert log[1] == ("High Queen picks up Ultra-Mite #6 in 512 as her new Escort (§Q-2-d)",
                      "Space Vermin §Q-2-d", "move", ("SV-S2-15",), "",
                      {"units": ["High Queen", "Ultra-Mite #6"]})
    assert log[2] == beta_step(["High Queen", "Ultra-Mite #6"], "513", 1, 0)
    assert [counter(state, u)[1:] for u in ("Ultra-Mite #6", "Ultra-Mite #2", "Ultra-Mite #10")] \
        == [("513", False, 0, "High Queen"), ("111", False, 0, ""),
            ("u18.13", False, 0, "Sister Queen")]


@pytest.mark.rule("SV-S2-15")
def test_a_queen_passing_another_queens_escort_or_a_drone_takes_neither():
    """Only a free Ultra-Mite or Soldier becomes an Escort (§Q-2-d): the Sister Queen's Escort
    and a Drone in the hexes the High Queen walks through stay as they were."""
    state = turn_table({"High Queen": 511, "Sister Queen": 512, "Ultra-Mite #10": 512,
                        "Drone #4": 513}, SOUTH, "beta")
    state.unit("Ultra-Mite #10").escort_of = "Sister Queen"
    log = records(run(queen_step(state, dice())))
    assert log[:3] == [
        beta_step(["High Queen"], "512", 1, 1), beta_step(["High Queen"], "513", 1, 0),
        ("High Queen ends in 513: its Movement Allowance is spent", E1, "move", ("SV-VMOV-01",),
         f"{BETA_MAP}; high_queen full ma (counter art)",
         {"units": ["High Queen"], "from": "511", "to": "513", "hex": "513",
          "values": ["counters:queens.high_queen.full.ma"]})]
    assert state.unit("Ultra-Mite #10").escort_of == "Sister Queen"
    assert state.unit("Drone #4").escort_of == ""


@pytest.mark.rule("SV-S2-16")
def test_a_warrior_joins_the_unescorted_queen_in_the_hex_it_enters_and_frees_her_old_escort():
    """Ultra-Mite #2 walks into the Child Queen's hex and becomes her Escort, not the (also
    unescorted) High Queen's elsewhere; the Child Queen's old Escort, left in 111, is free."""
    state = turn_table({"Child Queen": 512, "Ultra-Mite #2": 511, "High Queen": 665,
                        "Soldier #1": 111}, SOUTH, "beta")
    state.unit("Soldier #1").escort_of = "Child Queen"
    assert walk(state, ["Ultra-Mite #2"]) == [
        beta_step(["Ultra-Mite #2"], "512", 1, 3),
        ("Ultra-Mite #2 ends in 512: it joins the Unescorted Child Queen as her Escort (§Q-2-d)",
         E1, "move", ("SV-S2-16",), f"{BETA_MAP}; ultra_mite full ma (counter art)",
         {"units": ["Ultra-Mite #2"], "from": "511", "to": "512", "hex": "512",
          "values": ["counters:vermites.ultra_mite.full.ma"]}),
    ]
    assert (state.unit("Ultra-Mite #2").escort_of, state.unit("Soldier #1").escort_of) == (
        "Child Queen", "")


@pytest.mark.rule("SV-S2-16", "SV-VSTK-01", "SV-VSTK-04")
def test_a_warrior_passes_an_unescorted_queens_hex_that_is_full():
    """The Child Queen shares 512 with a Soldier: no room for an Escort, so Ultra-Mite #2 walks
    through (§E-3) and on to the end of its MA."""
    state = turn_table({"Ultra-Mite #2": 511, "Child Queen": 512, "Soldier #1": 512}, SOUTH,
                       "beta")
    log = walk(state, ["Ultra-Mite #2"])
    assert [e[5]["to"] for e in log] == ["512", "513", "514", "515", "515"]
    assert counter(state, "Ultra-Mite #2") == ("map", "515", False, 0, "")


@pytest.mark.rule("SV-S2-15", "SV-S2-16")
def test_a_warrior_passing_a_free_warrior_takes_no_escort():
    """Only a Queen picks up an Escort (§Q-2-d): Ultra-Mite #2 walks through Soldier #1's hex."""
    state = turn_table({"Ultra-Mite #2": 511, "Soldier #1": 512}, SOUTH, "beta")
    log = walk(state, ["Ultra-Mite #2"])
    assert [e[5]["units"] for e in log] == [["Ultra-Mite #2"]] * 5
    assert [counter(state, u) for u in ("Ultra-Mite #2", "Soldier #1")] == [
        ("map", "515", False, 0, ""), ("map", "512", False, 0, "")]


@pytest.mark.rule("SV-S2-15", "SV-S2-16")
def test_a_queen_entering_another_unescorted_queens_hex_walks_on_and_escorts_nobody():
    state = turn_table({"High Queen": 511, "Child Queen": 512}, SOUTH, "beta")
    log = walk(state, ["High Queen"])
    assert log[-1][0] == "High Queen ends in 513: its Movement Allowance is spent"
    assert [counter(state, q) for q in ("High Queen", "Child Queen")] == [
        ("map", "513", False, 0, ""), ("map", "512", False, 0, "")]


@pytest.mark.rule("SV-JEWEL-01")
def test_a_soldier_entering_a_crown_jewel_hex_stops_there_and_the_log_cites_it():
    state = turn_table({"Soldier #1": 434}, chit_for("434", 3), jewels={"421": 2, "356": 2})
    assert walk(state, ["Soldier #1"])[-1] == (
        "Soldier #1 ends in 421: it entered a Crown Jewel hex (421) and stops (§E-2)", E1, "move",
        ("SV-JEWEL-01",), ALPHA_MAP,
        {"units": ["Soldier #1"], "from": "434", "to": "421", "hex": "421", **soldier_ma()})


@pytest.mark.rule("SV-JEWEL-02", "SV-CAMP-05")
def test_in_the_campaigns_second_battle_a_queen_carrying_a_jewel_picks_up_another_and_stops_at_a_third():
    """§Q-3: Queens carry any number of Jewels; the Sister Queen holds one, picks up the one in
    her hex (2) and stops in the next Jewel hex, 513."""
    state = turn_table({"Sister Queen": 511}, SOUTH, "beta", scenario="campaign", campaign_stage=2,
                       jewels={"511": 1, "513": 1})
    state.unit("Sister Queen").jewels = 1
    log = records(run(queen_step(state, dice())))
    assert log[0] == ("Sister Queen picks up a Crown Jewel in 511 (1 MP)", "Space Vermin §E-2",
                      "move", ("SV-JEWEL-02", "SV-CAMP-05"), "",
                      {"unit": "Sister Queen", "values": ["counters:crown_jewels.pickup_mp"]})
    assert log[-1] == (
        "Sister Queen ends in 513: it entered a Crown Jewel hex (513) and stops (§E-2)", E1,
        "move", ("SV-CAMP-05",), f"{BETA_MAP}; sister_queen full ma (counter art)",
        {"units": ["Sister Queen"], "from": "511", "to": "513", "hex": "513",
         "values": ["counters:queens.sister_queen.full.ma"]})
    assert counter(state, "Sister Queen") == ("map", "513", False, 2, "")
    assert state.jewels == {"513": 1}


@pytest.mark.rule("SV-JEWEL-02", "SV-JEWEL-03")
def test_a_soldier_already_carrying_a_jewel_picks_up_no_second_one():
    """A Soldier carries one Jewel (§E-2): in a Jewel hex it spends no MP on a pick-up and
    follows the Jewel Exit Trail with its whole MA (3 + 1 for the Jewel)."""
    state = turn_table({"Soldier #1": 421}, chit_for("421", 4), jewels={"421": 2})
    state.unit("Soldier #1").jewels = 1
    log = walk(state, ["Soldier #1"])
    assert [(e[2], e[5].get("to"), e[5].get("mp")) for e in log[:3]] == [
        ("step_detail", "u11.3", 1), ("step_detail", "u11.2", 1), ("step_detail", "u11.1", 1)]
    assert state.jewels == {"421": 2} and state.nest_jewels == {"2": 1}


@pytest.mark.rule("SV-S2-12", "SV-DIR-05", "SV-VSTK-01")
def test_a_queen_and_escort_turned_back_at_the_edge_may_stop_again_in_the_hex_they_left():
    """From 246 south to the edge hex u4.15, reversed, back into 246: the hex they left has
    room for them (they do not count against themselves, §E-3)."""
    state = turn_table({"High Queen": 246, "Ultra-Mite #2": 246}, SOUTH, "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    log = records(run(queen_step(state, dice())))
    assert [e[5].get("to") for e in log] == ["u4.15", "246", "246"]
    assert log[-1][:4] == (
        "High Queen and Ultra-Mite #2 stays in 246: not enough MP left to enter 245 (cost 2, §E-1)",
        E1, "move", ("SV-VMOV-03",))
    assert state.unit("High Queen").hex == state.unit("Ultra-Mite #2").hex == "246"


@pytest.mark.rule("SV-S2-15")
def test_a_queen_picks_up_a_warrior_still_bound_to_a_queen_in_another_hex():
    """Ultra-Mite #2's link to the High Queen, who is on the map elsewhere, binds nobody
    (§Q-2-d: an Escort is in its Queen's hex): the Sister Queen takes it as her Escort."""
    state = turn_table({"Sister Queen": 511, "Ultra-Mite #2": 512, "High Queen": 665}, SOUTH,
                       "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    log = records(run(queen_step(state, dice())))
    assert ("Sister Queen picks up Ultra-Mite #2 in 512 as her new Escort (§Q-2-d)",
            "Space Vermin §Q-2-d", "move", ("SV-S2-15",), "",
            {"units": ["Sister Queen", "Ultra-Mite #2"]}) in log
    assert counter(state, "Ultra-Mite #2") == ("map", "513", False, 0, "Sister Queen")


@pytest.mark.rule("SV-VSTK-03", "SV-VMOV-04", "SV-TERR-21")
def test_a_warrior_stopped_in_a_nest_stays_there_whatever_the_nest_holds():
    """Nests hold any number of Vermites (§E-3): Ultra-Mite #2 stops in Nest 1, next to Squad 1,
    beside two Soldiers."""
    state = turn_table({"Ultra-Mite #2": "u6.14", "Soldier #1": "Nest 1", "Soldier #3": "Nest 1",
                        "Squad 1": "u4.15"}, chit_for("u6.14", 5))
    assert walk(state, ["Ultra-Mite #2"])[-1][:4] == (
        "Ultra-Mite #2 ends in Nest 1: Nest 1 is next to a Marine (§E-1)", E1, "move",
        ("SV-VMOV-04",))
    assert state.unit("Ultra-Mite #2").hex == "Nest 1"

"""Vermite movement (§D-2, §E-1, §E-2, §P-2-l, §Q-1-c, §Q-2-d, §Q-2-f), event by event: each event
is checked whole (message, rule, kind, catalogue IDs, assumption, data) and each counter by where
it ends and what it carries, so the log cites the rulebook at every step (DESIGN principles 3 and
8)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.board import SVMap
from rules_lib.games.space_vermin.lowest_numbered import ORDER_WHY, order_reading
from rules_lib.games.space_vermin.vermite_movement import (
    ENTRANCE_CARRIERS_ONLY,
    SNEAK_STOPS,
    Heading,
    move_group,
    start_direction,
)
from rules_lib.games.space_vermin.vermite_turn import queen_step

from .sv_helpers import DATA, dice, records, run, table
from .sv_turn_helpers import chit_for, turn_table

ALPHA_MAP = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
BETA_MAP = "Mapzone Beta layout: the map art is not in the rulebook (layout built from SV-MF-25..30)"
E1 = "Space Vermin §E-1"
HEADING = ("SV-VMOV-01", "SV-EVT-04")
SOUTH = chit_for("511", 4, "beta")  # a chit whose Scenario 2 arrow is 4 (south): Fog Bank
FOG_BANK_WHY = f"{BETA_MAP}; Fog Bank: chit not named in the text"


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
    verb = "enters" if len(units) == 1 else "enter"  # a Queen and her Escort: plural
    return (f"{' and '.join(units)} {verb} {to} ({mp} MP, {left} left): direction 4: the Fog Bank "
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
        "High Queen and Ultra-Mite #2 stay in 246: not enough MP left to enter 245 (cost 2, §E-1)",
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


# -- map edges (§D-2, §Q-1-c, §Q-2-f) --------------------------------------------------------------


def reversed_step(unit, to, left, direction, assumed=ALPHA_MAP):
    """A step after the unit was turned back at a map edge."""
    return (f"{unit} enters {to} (1 MP, {left} left): direction {direction}: reversed at the map "
            f"edge to direction {direction} (§D-2)", "Space Vermin §D-2", "step_detail",
            ("SV-VMOV-01", "SV-DIR-05"), assumed, {"units": [unit], "to": to, "mp": 1, "hex": to})


@pytest.mark.rule("SV-DIR-05")
def test_a_vermite_turned_back_at_the_map_edge_cites_the_reversal_at_every_step():
    """Soldier #1 in 151 heading north (the yellow arrow) is turned back south (§D-2)."""
    chit = chit_for("151", 1)
    ref = {"chit": chit, "chit_paths": ["alpha_yellow"]}
    log = walk(turn_table({"Soldier #1": 151}, chit), ["Soldier #1"])
    assert log[:3] == [(*reversed_step("Soldier #1", to, left, 4)[:5],
                        {**reversed_step("Soldier #1", to, left, 4)[5], **ref})
                       for to, left in (("152", 2), ("153", 1), ("154", 0))]


@pytest.mark.rule("SV-DIR-05", "SV-S2-22")
def test_a_vermite_stepping_south_off_betas_south_east_corner_is_turned_back_not_escaped():
    """Only a step that heads east leaves by Beta's east edge (§Q-2-f): from u18.15, a corner of
    the south and east edges, the arrow south turns it back north."""
    state = turn_table({"Soldier #1": "u18.15"}, SOUTH, "beta")
    log = walk(state, ["Soldier #1"])
    assert log[0][:4] == reversed_step("Soldier #1", "u18.14", 2, 1, FOG_BANK_WHY)[:4]
    assert counter(state, "Soldier #1") == ("map", "666", False, 0, "")


@pytest.mark.rule("SV-S1-18", "SV-DIR-05", "SV-EVT-07")
def test_under_a_sneak_attack_only_the_trails_own_direction_wraps_around():
    """Bogs Flood drawn after B.E.L.C.H. (which keeps its direction, §D-1): Soldier #1 at the
    south edge heads 3 (south-east) off the map; the Sneak Attack trail leaves the south edge in
    direction 4 only, so it is turned back as usual (§D-2)."""
    state = table({"Soldier #1": 446}, direction_chit="Ultra-Mite B.E.L.C.H.",
                  active_event="Bogs Flood", sneak_attack=True)
    log = walk(state, ["Soldier #1"])
    assert [e[5]["to"] for e in log] == ["416", "366", "u8.14", "u8.14"]
    assert log[0][:4] == reversed_step("Soldier #1", "416", 2, 6)[:4]


# -- the Movement Allowance (§E-1, §P-3-o, the invented chit card) ---------------------------------


@pytest.mark.rule("SV-TERR-28", "SV-VMOV-01")
def test_a_soldier_starting_in_the_queens_psychic_whip_moves_one_hex_more():
    """Soldier MA 3, +1 in the Psychic Whip (§P-3-o): four clear hexes south from 121."""
    state = turn_table({"Soldier #1": 121}, SOUTH, "beta")
    log = walk(state, ["Soldier #1"])
    assert [(e[5]["to"], e[5].get("mp")) for e in log] == [
        ("122", 1), ("123", 1), ("124", 1), ("125", 1), ("125", None)]


@pytest.mark.rule("SV-EVT-04")
def test_an_events_soldier_ma_bonus_moves_soldiers_further_and_no_other_vermite():
    """+1 MA for Soldiers (the invented chit card): Soldier #1 pays 1 + 1 + 2 MP into 124 with
    MA 4; Ultra-Mite #2 keeps its MA 4 (four clear hexes, none left)."""
    state = turn_table({"Soldier #1": 241, "Ultra-Mite #2": 131}, "Quiet Night",
                       soldier_ma_bonus=1)
    soldier = walk(state, ["Soldier #1"])
    mite = walk(state, ["Ultra-Mite #2"])
    assert [(e[5]["to"], e[5].get("mp")) for e in soldier] == [
        ("163", 1), ("134", 1), ("124", 2), ("124", None)]
    assert [(e[5]["to"], e[5].get("mp")) for e in mite] == [
        ("156", 1), ("214", 1), ("225", 1), ("265", 1), ("265", None)]


# -- a designer's data (overrides) -----------------------------------------------------------------


def designers(overrides):
    """A context playing on a designer's data, no dice."""
    from rules_lib.core.dice import ScriptedDice
    from rules_lib.core.engine import Context
    from rules_lib.games.space_vermin.data import load_game_data

    return Context(dice=ScriptedDice([]), data=load_game_data(overrides))


@pytest.mark.rule("SV-TERR-01", "SV-TERR-06")
def test_a_vermite_pays_the_terrain_of_a_designers_map():
    """242 and 243 made clear (Bamboo on the shipped map, 2 MP): Soldier #1 walks 1 MP a hex
    from 241 to 244."""
    bamboo = [321, 343, 136, 145, 165, 325, 326, 363, 364, 442, 443, 536, 545, 546, 633, 634, 643]
    state = turn_table({"Soldier #1": 241}, chit_for("241", 4))
    log = walk(state, ["Soldier #1"], designers({"alpha:terrain.bamboo": bamboo}))
    assert [(e[5]["to"], e[5].get("mp")) for e in log] == [
        ("242", 1), ("243", 1), ("244", 1), ("244", None)]


@pytest.mark.rule("SV-JEWEL-02")
def test_a_soldier_with_just_the_mp_of_a_designers_pick_up_cost_picks_the_jewel_up():
    """Pick-up at 3 MP, the Soldier's whole MA: it picks the Jewel up and moves no further."""
    state = turn_table({"Soldier #1": 421}, chit_for("421", 4), jewels={"421": 2})
    log = walk(state, ["Soldier #1"], designers({"counters:crown_jewels.pickup_mp": 3}))
    assert [e[0] for e in log] == ["Soldier #1 picks up a Crown Jewel in 421 (3 MP)",
                                   "Soldier #1 stays in 421: its Movement Allowance is spent"]
    assert log[0][4] == "crown_jewels pickup_mp (override: crown_jewels.pickup_mp = 3)"
    assert state.jewels == {"421": 1} and state.unit("Soldier #1").jewels == 1


# -- Toxic Tar Pits, full hexes, Marines, Floods (§D-2, §E-1, §E-3, §P-1-b, §P-1-g) ----------------


def tar_pit_step(to, direction, left=2, order=""):
    """A Tar Pit sidestep's record; ``order``: the reading of SV-AMB-16 cited when an unnumbered
    hex was among the two sidesteps."""
    return (f"Soldier #1 enters {to} (1 MP, {left} left): a Toxic Tar Pit blocks direction "
            f"{direction}: it sidesteps to the lowest-numbered adjacent hex (§D-2, §P-1-g)",
            "Space Vermin §D-2", "step_detail",
            ("SV-DIR-04", "SV-TERR-12", "SV-VMOV-02") + (("SV-AMB-16",) if order else ()),
            "; ".join(r for r in (ALPHA_MAP, order) if r),
            {"units": ["Soldier #1"], "to": to, "mp": 1, "hex": to})


@pytest.mark.rule("SV-DIR-04", "SV-TERR-12", "SV-VMOV-02")
def test_a_tar_pit_sidestep_takes_the_lower_numbered_of_the_two_hexes_either_side():
    """From 152 heading 3 the Tar Pit leaves 211 (counter-clockwise) and 153 (clockwise): 153."""
    log = walk(turn_table({"Soldier #1": 152}, chit_for("152", 3)), ["Soldier #1"])
    assert log[0] == tar_pit_step("153", 3)


@pytest.mark.rule("SV-DIR-04", "SV-AMB-16")
def test_a_tar_pit_sidestep_between_unnumbered_hexes_counts_clockwise_from_north():
    """From u2.14 heading 5 both sidestep hexes are unnumbered: u2.15 (direction 4 from u2.14)
    comes before u1.13 (direction 6) counting clockwise from north (default reading of
    SV-AMB-16)."""
    log = walk(turn_table({"Soldier #1": "u2.14"}, chit_for("u2.14", 5)), ["Soldier #1"])
    assert log[0] == tar_pit_step("u2.15", 5, order=ORDER_WHY)


@pytest.mark.rule("SV-VSTK-01", "SV-VSTK-05", "SV-AMB-07", "SV-AMB-17")
def test_a_vermite_whose_last_hex_is_full_backs_up_and_the_log_says_why():
    state = turn_table({"Soldier #1": 323, "Ultra-Mite #2": 321, "Ultra-Mite #6": 321},
                       "NAT Plague")
    ref = {"chit": "NAT Plague", "chit_paths": ["alpha_blue"]}
    why = "direction 1: the NAT Plague chit's blue (south of the road) arrow (§D-1, §Q-1-c)"
    assert walk(state, ["Soldier #1"]) == [
        (f"Soldier #1 enters 322 (1 MP, 2 left): {why}", "Space Vermin §D-1", "step_detail",
         HEADING, ALPHA_MAP, {"units": ["Soldier #1"], "to": "322", "mp": 1, "hex": "322", **ref}),
        (f"Soldier #1 enters 321 (2 MP, 0 left): {why}", "Space Vermin §D-1", "step_detail",
         HEADING + ("SV-AMB-17",), ALPHA_MAP,
         {"units": ["Soldier #1"], "to": "321", "mp": 2, "hex": "321", **ref}),
        ("Soldier #1 ends in 322: 321 is full, so it stays in 322, the last hex it may stop in "
         "(§E-3, default reading of SV-AMB-07)", "Space Vermin §E-3", "move",
         ("SV-VSTK-01", "SV-VSTK-05", "SV-AMB-07"), ALPHA_MAP,
         {"units": ["Soldier #1"], "from": "323", "to": "322", "hex": "322", **soldier_ma()}),
    ]


@pytest.mark.rule("SV-VSTK-05", "SV-S2-16")
def test_a_lone_warrior_backing_up_from_a_full_hex_keeps_no_escort_link():
    """A link to a Queen left on a lone Soldier binds nobody (§Q-2-d); backing up clears it."""
    state = turn_table({"Soldier #1": 323, "Ultra-Mite #2": 321, "Ultra-Mite #6": 321,
                        "High Queen": "Nest 1"}, "NAT Plague")
    state.unit("Soldier #1").escort_of = "High Queen"
    walk(state, ["Soldier #1"])
    assert counter(state, "Soldier #1") == ("map", "322", False, 0, "")


@pytest.mark.rule("SV-VMOV-04", "SV-S1-18", "SV-AMB-03")
def test_a_sneak_attack_trail_ending_on_a_marine_leaves_the_vermite_where_it_was():
    """A Vermite never enters a Marine's hex (§E-1): Squad 1 holds 221, the trail's end."""
    state = turn_table({"Soldier #1": 613, "Squad 1": 221}, "Bogs Flood", sneak_attack=True)
    assert walk(state, ["Soldier #1"]) == [
        ("Soldier #1 stays in 613: 221 holds a Marine", E1, "move", ("SV-VMOV-04",), ALPHA_MAP,
         {"units": ["Soldier #1"], "from": "613", "to": "613", "hex": "613", **soldier_ma()})]


@pytest.mark.rule("SV-TERR-03", "SV-TERR-04", "SV-VMOV-03")
def test_a_vermite_pays_two_mp_to_enter_a_flooded_hex():
    """Bogs Flood: 222 and 223, next to Bogs, are Flooded (§P-1-b): 2 MP each, so the Soldier
    (MA 3) enters 222 and stops."""
    state = turn_table({"Soldier #1": 221}, "Bogs Flood", flooded=True)
    log = walk(state, ["Soldier #1"])
    assert [(e[5]["to"], e[5].get("mp")) for e in log] == [("222", 2), ("222", None)]
    assert log[-1][:4] == ("Soldier #1 ends in 222: not enough MP left to enter 223 (cost 2, §E-1)",
                           E1, "move", ("SV-VMOV-03",))


@pytest.mark.rule("SV-DIR-04", "SV-AMB-16")
def test_variant_a_tar_pit_sidestep_puts_the_unnumbered_hex_first():
    """From 445 heading 3: 446 by default (numbers first), u12.14 with the other reading of
    SV-AMB-16 (unnumbered hexes first)."""
    chit = chit_for("445", 3)
    plain = walk(turn_table({"Soldier #1": 445}, chit), ["Soldier #1"])
    other = walk(turn_table({"Soldier #1": 445}, chit, variants=["unnumbered_hexes_first"]),
                 ["Soldier #1"])
    assert (plain[0][5]["to"], other[0][5]["to"]) == ("446", "u12.14")
    assert plain[0] == tar_pit_step("446", 3, order=ORDER_WHY)
    assert other[0] == tar_pit_step("u12.14", 3, order=order_reading(True))


@pytest.mark.rule("SV-VSTK-05", "SV-AMB-07")
def test_a_vermite_backs_up_only_as_far_as_the_last_hex_with_room():
    """Ultra-Mite #2 walks 512 to 515; 515 holds two Soldiers, so it stops one hex back, in 514
    (default reading of SV-AMB-07)."""
    state = turn_table({"Ultra-Mite #2": 511, "Soldier #1": 515, "Soldier #3": 515}, SOUTH, "beta")
    log = walk(state, ["Ultra-Mite #2"])
    assert [e[5]["to"] for e in log] == ["512", "513", "514", "515", "514"]
    assert log[-1][0] == ("Ultra-Mite #2 ends in 514: 515 is full, so it stays in 514, the last "
                          "hex it may stop in (§E-3, default reading of SV-AMB-07)")


@pytest.mark.rule("SV-S2-13", "SV-S2-12")
def test_a_queen_and_escort_facing_a_hex_without_room_for_both_stay_and_the_log_cites_it():
    state = turn_table({"High Queen": 511, "Ultra-Mite #2": 511, "Soldier #1": 512}, SOUTH, "beta")
    state.unit("Ultra-Mite #2").escort_of = "High Queen"
    assert records(run(queen_step(state, dice())))[-1] == (
        "High Queen and Ultra-Mite #2 stay in 511: no room in 512 for the Queen and her Escort "
        "(§Q-2-d)", E1, "move", ("SV-S2-13",), f"{BETA_MAP}; high_queen full ma (counter art)",
        {"units": ["High Queen", "Ultra-Mite #2"], "from": "511", "to": "511", "hex": "511",
         "values": ["counters:queens.high_queen.full.ma"]})


@pytest.mark.rule("SV-JEWEL-04", "SV-TERR-24")
def test_a_jewel_brought_through_the_tunnel_entrance_joins_those_already_in_the_nest():
    state = turn_table({"Soldier #1": "u11.2"}, chit_for("u11.2", 4), nest_jewels={"2": 1})
    state.unit("Soldier #1").jewels = 1
    walk(state, ["Soldier #1"])
    assert state.nest_jewels == {"2": 2}


@pytest.mark.rule("SV-EX-05", "SV-DIR-02", "SV-TERR-09")
def test_a_vermite_on_a_scent_trail_follows_it_one_mp_a_hex_and_the_log_says_why():
    """§E Movement Examples, turn 2: from 321 along the Jewel Run trail, 333, 361, 356."""
    state = turn_table({"Soldier #1": 321}, chit_for("321", 3))
    why = "it is on a Scent Trail and must follow it (§D-2, §P-1-f)"
    steps = [e for e in walk(state, ["Soldier #1"]) if e[2] == "step_detail"]
    assert [(e[0], e[1], e[4], e[5]) for e in steps] == [
        (f"Soldier #1 enters {to} (1 MP, {left} left): {why}", "Space Vermin §D-2", ALPHA_MAP,
         {"units": ["Soldier #1"], "to": to, "mp": 1, "hex": to})
        for to, left in (("333", 2), ("361", 1), ("356", 0))]
    assert all(e[3][:2] == ("SV-DIR-02", "SV-TERR-09") for e in steps)


@pytest.mark.rule("SV-AMB-17", "SV-DIR-02", "SV-TERR-09")
def test_only_the_step_onto_a_scent_trail_from_off_it_cites_sv_amb_17():
    """SV-AMB-17's reading: entering the first trail hex from off the trail pays the terrain;
    the steps along the trail after it pay 1 MP (§P-1-f) and cite the trail alone."""
    state = turn_table({"Soldier #1": 322}, "NAT Plague")  # north into 321, then along the trail
    state.unit("Soldier #1").jewels = 1  # MA 4: room for the trail's first steps
    steps = [e for e in walk(state, ["Soldier #1"]) if e[2] == "step_detail"]
    assert [(e[5]["to"], e[5]["mp"], e[3]) for e in steps] == [
        ("321", 2, HEADING + ("SV-AMB-17",)), ("333", 1, ("SV-DIR-02", "SV-TERR-09")),
        ("361", 1, ("SV-DIR-02", "SV-TERR-09"))]


@pytest.mark.rule("SV-JEWEL-01", "SV-CAMP-05")
def test_outside_the_campaigns_second_battle_a_queen_walks_through_a_crown_jewel_hex():
    """Only Soldiers and Ultra-Mites carry Jewels (§E-2); Queens too only in the Campaign's
    second battle (§Q-3): a Queen placed outside a Nest on Alpha walks on through 421."""
    state = turn_table({"High Queen": 434}, chit_for("434", 3), jewels={"421": 2, "356": 2})
    log = walk(state, ["High Queen"])
    assert [e[5]["to"] for e in log] == ["421", "455", "455"]
    assert counter(state, "High Queen") == ("map", "455", False, 0, "") and state.jewels["421"] == 2


TAR_PITS = ["u4.3", "u5.15", "u13.1", "u1.14", "u12.15", "u17.14"]  # the shipped map's


@pytest.mark.rule("SV-DIR-05")
def test_a_vermite_turned_back_at_one_edge_stops_at_the_next_edge_it_meets():
    """From 141 heading 2 off the north edge it is turned back (5) into the corner hex 111, whose
    way on is off the west edge: boxed in, it stops there with MP left (§D-2)."""
    state = turn_table({"Soldier #1": 141}, chit_for("141", 2))
    assert walk(state, ["Soldier #1"])[-1] == (
        "Soldier #1 ends in 111: it is boxed in at the map edge", E1, "move",
        ("SV-VMOV-01", "SV-DIR-05"), ALPHA_MAP,
        {"units": ["Soldier #1"], "from": "141", "to": "111", "hex": "111", **soldier_ma()})


@pytest.mark.rule("SV-DIR-04", "SV-TERR-12")
def test_a_vermite_facing_a_tar_pit_with_tar_pits_either_side_stays_where_it_is():
    """A designer's map adds Tar Pits at u2.15 and u1.13: from u2.14 heading 5 (u1.14, a Tar
    Pit) there is no hex to sidestep to (§D-2)."""
    state = turn_table({"Soldier #1": "u2.14"}, chit_for("u2.14", 5))
    log = walk(state, ["Soldier #1"],
               designers({"alpha:terrain.tar_pit": TAR_PITS + ["u2.15", "u1.13"]}))
    assert [e[:4] for e in log] == [
        ("Soldier #1 stays in u2.14: a Toxic Tar Pit blocks it and no sidestep hex exists (§D-2)",
         E1, "move", ("SV-DIR-04", "SV-TERR-12", "SV-VMOV-02"))]
    assert state.unit("Soldier #1").hex == "u2.14"


@pytest.mark.rule("SV-DIR-06", "SV-TERR-12")
def test_a_jewel_exit_trail_running_into_a_tar_pit_stops_the_carrier():
    """A designer's Tar Pit at u11.3, on 421's Jewel Exit Trail: the carrier cannot enter it
    (§P-1-g) and stays in 421."""
    state = turn_table({"Soldier #1": 421}, chit_for("421", 4))
    state.unit("Soldier #1").jewels = 1
    log = walk(state, ["Soldier #1"], designers({"alpha:terrain.tar_pit": TAR_PITS + ["u11.3"]}))
    assert [e[:4] for e in log] == [
        ("Soldier #1 stays in 421: u11.3 cannot be entered", E1, "move", ("SV-TERR-12",))]
    assert counter(state, "Soldier #1") == ("map", "421", False, 1, "")

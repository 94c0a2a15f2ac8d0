"""Every catalogued ambiguity of Space Vermin (SV-AMB-*): where the readings change play, one
constructed position played under the default reading and under the variant gives different
results; where they cannot differ, the test shows the one result both readings give.

Each test names its ambiguity on the marker. The variants are the game's registered ones
(``rules_lib.games.space_vermin.VARIANTS``), switched on the state and the context alike.
"""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice, SeededDice
from rules_lib.core.engine import Context, Event, Game
from rules_lib.games.space_vermin import GAME, VARIANTS, new_game
from rules_lib.games.space_vermin.actions import legal_actions
from rules_lib.games.space_vermin.ant_gun import resolve_ant_fire
from rules_lib.games.space_vermin.fire_actions import FULL_FIRE
from rules_lib.games.space_vermin.full_move import full_move
from rules_lib.games.space_vermin.jump_pack import jump_pack_move
from rules_lib.games.space_vermin.map_entry import landing_zone
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.scenarios import scenario_table
from rules_lib.games.space_vermin.spawning import hordes
from rules_lib.games.space_vermin.special_actions import rally
from rules_lib.games.space_vermin.turn import _campaign_second_battle
from rules_lib.games.space_vermin.vermite_attacks import vermite_combat_step
from rules_lib.games.space_vermin.vermite_losses import eliminate_vermite
from rules_lib.games.space_vermin.vermite_movement import move_group
from rules_lib.games.space_vermin.vermite_turn import event_chit_step, movement_step

from .sv_helpers import ALPHA, DATA, first_decision, run, table, texts
from .sv_turn_helpers import chit_for, entered, turn_table

ORDER = [c.name for c in DATA.event_chits]


def readings(variant: str):
    """(label, variants) for the default reading and for the named variant."""
    assert variant in {v.name for v in VARIANTS}, variant
    return [("default", ()), ("variant", (variant,))]


def on(state, variants):
    """The state with these variants (as a game sets them), and a context to match."""
    state.variants = list(variants)
    return state


def ctx(*faces, variants=()):
    return Context(dice=ScriptedDice(list(faces)), variants=frozenset(variants), data=DATA)


def decisions(events):
    return [e for e in events if e.kind == "decision"]


# -- readings that change play: a variant each -----------------------------------------------------


@pytest.mark.rule("SV-AMB-02", "SV-TUN-07", "SV-TERR-26")
def test_amb_02_four_hits_remove_an_open_tunnel_exit_or_only_collapse_it():
    got = {}
    for label, variants in readings("tunnel_exit_only_collapses"):
        state = on(table({"Squad 1": 513}, tunnel_exits={"4": "open"}), variants)
        # CF 4 +1 (the chit is next to the firer) = 5 dice, all sixes against DN 3: 5 hits
        events = run(resolve_fire(state, ctx(6, 6, 6, 6, 6, variants=variants), "Squad 1",
                                  "Tunnel Exit 4"))
        got[label] = (dict(state.tunnel_exits), list(state.cup_tunnel_exits))
        assert any("SV-AMB-02" in e.ids and e.assumed for e in events)
    assert got["default"] == ({}, ["4"])  # read like a Vermite: 4+ hits remove it
    assert got["variant"] == ({"4": "collapsed"}, [])  # damage only ever collapses it


@pytest.mark.rule("SV-AMB-03", "SV-S1-18")
def test_amb_03_a_sneak_attacker_crossing_to_221_moves_on_or_stops_there():
    got = {}
    for label, variants in readings("sneak_attack_stops_at_trail_end"):
        state = on(turn_table({"Soldier #1": 613}, "Bogs Flood", sneak_attack=True), variants)
        events = run(move_group(state, ctx(), [state.unit("Soldier #1")]))
        got[label] = (entered(events, "Soldier #1"), state.unit("Soldier #1").hex)
    assert got["default"][0][0] == got["variant"][0][0] == "221"
    assert got["variant"] == (["221"], "221")
    assert len(got["default"][0]) > 1 and got["default"][1] != "221"


@pytest.mark.rule("SV-AMB-05", "SV-JUMP-06")
def test_amb_05_a_scattered_jump_onto_a_unit_lands_beside_it_or_rolls_a_new_hex():
    got = {}
    for label, variants in readings("jump_scatter_rerolls"):
        state = on(table({"Scout 1": 111, "Squad 1": 363}), variants)
        # die 3 = Scattered: the lowest-numbered hex next to 413 is 363, where Squad 1 stands
        run(jump_pack_move(state, ctx(3, 1, 2, 3, variants=variants), "Scout 1"),
            answers=["413"])
        got[label] = state.unit("Scout 1").hex
        assert state.unit("Scout 1").reduced
    assert ALPHA.adjacent(ALPHA.hex(got["default"]), ALPHA.hex("363"))  # beside the Squad
    assert got["variant"] == "123"  # the new random hex 1-2-3


@pytest.mark.rule("SV-AMB-06", "SV-LZ-03")
def test_amb_06_a_drop_drifting_onto_a_tar_pit_moves_off_it_or_is_eliminated():
    got = {}
    for label, variants in readings("tar_pit_landing_eliminates"):
        state = on(table({}), variants)
        # 4 = drift; direction 3 (south-east), distance die 1 -> 1 hex: 152 -> the Tar Pit u4.3
        run(landing_zone(state, ctx(4, 3, 1, variants=variants), "Squad 1"), answers=["152"])
        u = state.unit("Squad 1")
        got[label] = (u.status, u.hex)
    assert got["default"] == ("map", "152")  # the lowest-numbered legal empty neighbour
    assert got["variant"] == ("eliminated", None)


@pytest.mark.rule("SV-AMB-08", "SV-ANT-06", "SV-S2-14")
def test_amb_08_the_ant_gun_leaves_an_escorted_queen_alone_or_hits_her_once_unescorted():
    got = {}
    for label, variants in readings("ant_gun_hits_queen_after_escort"):
        state = on(table({"A.N.T. Gun": 513, "Sister Queen": 511, "Soldier #1": 511}, "beta"),
                   variants)
        state.unit("A.N.T. Gun").limbered = False
        state.unit("Soldier #1").escort_of = "Sister Queen"
        # 6+6 = 12 > range 2: the Escort (a Soldier) dies; NAT roll 6: nobody infested
        run(resolve_ant_fire(state, ctx(6, 6, 6, variants=variants), "A.N.T. Gun", "511"))
        assert state.unit("Soldier #1").status == "cup"
        got[label] = state.unit("Sister Queen").reduced
    assert got == {"default": False, "variant": True}


@pytest.mark.rule("SV-AMB-09", "SV-END-03")
def test_amb_09_no_marine_on_the_map_ends_the_battle_unless_one_is_still_due():
    got = {}
    for label, variants in readings("instant_loss_counts_waiting_marines"):
        state = table({"Soldier #1": 131}, phase="Vermite Action", scenario="family_jewels",
                      jewels={"421": 2, "356": 2}, nest_jewels={"1": 1}, jewels_in_play=5)
        state.event_cup = list(ORDER)
        rv = state.unit("RV 1")
        rv.status, rv.arrival_turn = "turn_track", 2  # due next turn
        state.variants = list(variants)
        game = Game(GAME.rules(), state, seed=3)
        game.run_to_end()
        got[label] = (game.state.result, game.state.turn)
    assert got["default"] == ("Instant Loss", 1)
    assert got["variant"][0] != "Instant Loss" or got["variant"][1] > 1


@pytest.mark.rule("SV-AMB-10", "SV-S2-19", "SV-TERR-03")
def test_amb_10_the_magnetic_storm_floods_the_bogs_too_or_not():
    got = {}
    for label, variants in readings("magnetic_storm_without_flood"):
        state = on(turn_table({}, "", "beta"), variants)
        state.event_cup = list(ORDER)
        run(event_chit_step(state, ctx(ORDER.index("Bogs Flood") + 1, variants=variants)))
        got[label] = (state.magnetic_storm, state.flooded)
    assert got == {"default": (True, True), "variant": (True, False)}


@pytest.mark.rule("SV-AMB-12", "SV-TWO-02", "SV-EVT-07")
def test_amb_12_the_two_player_extra_chit_is_a_random_draw_or_chosen_too():
    burp, quiet = "Queen's B.U.R.P.", "Quiet Night"
    pair = [ORDER.index(burp) + 1, [c for c in ORDER if c != burp].index(quiet) + 1]
    cup = [c for c in ORDER if c not in (burp, quiet)] + [quiet]  # Quiet Night went back
    hive = cup.index("Hive Mind") + 1
    frogs = [c for c in cup if c != "Hive Mind"].index("Frogs Croak") + 1
    got = {}
    for label, variants in (("default", ("two_player",)),
                            ("variant", ("two_player", "extra_chit_chosen_too"))):
        state = on(turn_table({}, ""), variants)
        state.event_cup = list(ORDER)
        # the pair B.U.R.P. + Quiet Night, B.U.R.P. chosen; then the extra chit: one random
        # draw (Hive Mind), or the pair Hive Mind + Frogs Croak and a choice
        faces = pair + ([hive] if label == "default" else [hive, frogs])
        events = run(event_chit_step(state, ctx(*faces, variants=variants)),
                     answers=[burp, "Hive Mind"])
        got[label] = len(decisions(events))
        assert state.turn_events == [burp, "Hive Mind"]
    assert got == {"default": 1, "variant": 2}


@pytest.mark.rule("SV-AMB-13", "SV-RALLY-02")
def test_amb_13_rally_helps_every_disrupted_neighbour_or_only_those_next_to_a_vermite():
    got = {}
    for label, variants in readings("rally_only_next_to_vermites"):
        state = on(table({"HQ 1": 412, "Squad 1": 411, "Squad 2": 413, "Soldier #1": 414}),
                   variants)
        state.unit("Squad 1").reduced = state.unit("Squad 2").reduced = True
        events = run(rally(state, ctx(6, 6, variants=variants), "HQ 1"))
        got[label] = [e.data["unit"] for e in events]
    assert got == {"default": ["Squad 1", "Squad 2"], "variant": ["Squad 2"]}


@pytest.mark.rule("SV-AMB-15", "SV-TERR-24")
def test_amb_15_a_vermite_without_a_jewel_at_a_tunnel_entrance_goes_home_or_walks_on():
    chit = chit_for("Nest 2", 6)  # on or north of the road: the yellow arrow points north-west
    got = {}
    for label, variants in readings("tunnel_entrance_only_jewel_carriers"):
        state = on(turn_table({"Ultra-Mite #2": "Nest 2", "Sister Queen": "Nest 2"}, chit),
                   variants)
        events = run(move_group(state, ctx(), [state.unit("Ultra-Mite #2")]))
        assert "u11.1" in entered(events, "Ultra-Mite #2")
        got[label] = state.unit("Ultra-Mite #2").status
    assert got == {"default": "cup", "variant": "map"}


@pytest.mark.rule("SV-AMB-16", "SV-VATK-02")
def test_amb_16_the_lowest_numbered_marine_hex_puts_unnumbered_hexes_last_or_first():
    got = {}
    for label, variants in readings("unnumbered_hexes_first"):
        state = on(table({"Soldier #1": 151, "Squad 1": 211, "Squad 2": "u4.1"}), variants)
        events = run(vermite_combat_step(state, ctx(1, 1, 1, 1, variants=variants)))
        got[label] = next(e for e in events if e.kind == "step").data["hex"]
    assert got == {"default": "211", "variant": "u4.1"}


@pytest.mark.rule("SV-AMB-18", "SV-S2-07")
def test_amb_18_spare_ultra_mites_join_the_cup_or_stay_out():
    got = {}
    for label, variants in readings("spare_ultra_mites_out"):
        state = on(table({}, "beta", turn=1), variants)
        for u in state.units:
            if not u.is_marine and DATA.vermites[u.type].kind in ("queen", "ultra_mite"):
                u.status = "off_map"
        table_ = scenario_table(DATA, "great_migration")["hordes"]
        run(hordes(state, ctx(1, 2, 3, *[1] * 6, variants=variants), table_))
        spare = [u for u in state.units if u.type == "ultra_mite" and not u.on_map]
        got[label] = sorted({u.status for u in spare})
    assert got == {"default": ["cup"], "variant": ["removed"]}


@pytest.mark.rule("SV-AMB-19", "SV-S1-11")
def test_amb_19_leaving_the_map_costs_an_rv_one_mp_or_nothing():
    got = {}
    for label, variants in readings("rv_exit_free"):
        state = on(table({"RV 1": 123}), variants)
        state.unit("RV 1").jewels = 1
        options = first_decision(full_move(state, ctx(variants=variants), "RV 1")).options
        got[label] = "exit via 114" in options  # 114 is exactly the RV's 5 MP away
    assert got == {"default": False, "variant": True}


@pytest.mark.rule("SV-AMB-20", "SV-PIST-01")
def test_amb_20_the_scientist_cannot_fire_or_has_a_pistol():
    got = {}
    for label, variants in readings("scientist_has_pistol"):
        state = on(table({"M.A.D. Scientist": 412, "Soldier #1": 413}), variants)
        got[label] = FULL_FIRE in legal_actions(DATA, ALPHA, state, "M.A.D. Scientist")
        if got[label]:
            events = run(resolve_fire(state, ctx(6, variants=variants), "M.A.D. Scientist",
                                      "Soldier #1"))
            shot = next(e for e in events if e.data.get("firer") == "M.A.D. Scientist")
            assert shot.data["cf"] == DATA.marines["mad_scientist"].pistol_cf
            assert "SV-AMB-20" in shot.ids and shot.assumed
    assert got == {"default": False, "variant": True}


@pytest.mark.rule("SV-AMB-21", "SV-CAMP-02")
def test_amb_21_jewels_on_vermite_carriers_count_as_left_on_the_map_or_not():
    got = {}
    for label, variants in readings("campaign_counts_lying_jewels_only"):
        state = on(table({"Soldier #1": 361}, scenario="campaign", campaign_stage=1,
                         jewels={"421": 1}, nest_jewels={"1": 2}, jewels_in_play=5), variants)
        state.unit("Soldier #1").jewels = 1
        context = Context(dice=SeededDice(1), variants=frozenset(variants), data=DATA)
        proc = _campaign_second_battle(state, context, "the Event Cup is empty")
        for item in proc:  # up to battle 1's record
            if isinstance(item, Event) and item.message.startswith("Campaign battle 1 over"):
                break
        got[label] = state.campaign_jewels_recorded
    assert got == {"default": 2, "variant": 1}


@pytest.mark.rule("SV-AMB-22", "SV-NAT-01")
def test_amb_22_a_marine_two_hexes_away_behind_cover_is_within_nat_range_or_not():
    got = {}
    for label, variants in readings("nat_needs_line_of_sight"):
        state = on(table({"Soldier #1": 114, "Squad 1": 146}), variants)
        events = run(eliminate_vermite(state, ctx(2, variants=variants), state.unit("Soldier #1")))
        got[label] = (state.unit("Squad 1").nat, "no NAT roll" in texts(events))
    assert got == {"default": ("tainted", False), "variant": ("", True)}


def test_every_ambiguity_variant_names_its_section_and_catalogue_id():
    ids = {i for v in VARIANTS for i in v.ids}
    assert {f"SV-AMB-{n:02d}" for n in (2, 3, 4, 5, 6, 8, 9, 10, 12, 13, 15, 16, 18, 19, 20, 21,
                                        22)} <= ids
    for v in VARIANTS:
        assert v.section.startswith("Space Vermin §") and v.description and v.default_reading


# -- readings that cannot differ: the one result both give -----------------------------------------


@pytest.mark.rule("SV-AMB-07", "SV-VSTK-04", "SV-VSTK-05")
def test_amb_07_a_vermite_never_ends_over_the_limit_it_backs_up_to_the_last_hex_with_room():
    # 323 -> 322 -> 321 (Bamboo, 2 MP): both 322 and 321 hold two Vermites already. "Stays in the
    # last hex entered" can only mean the last hex it may legally stop in (§E-3 is checked at the
    # end of every Step), so both readings give its start hex here, and a full hex it only passes
    # through never stops it.
    full = {"Soldier #1": 323, "Ultra-Mite #2": 322, "Ultra-Mite #6": 322,
            "Ultra-Mite #7": 321, "Ultra-Mite #10": 321}
    state = turn_table(full, "NAT Plague")
    events = run(move_group(state, ctx(), [state.unit("Soldier #1")]))
    assert entered(events, "Soldier #1") == ["322", "321"]
    assert state.unit("Soldier #1").hex == "323"
    assert "SV-AMB-07" in events[-1].ids
    passing = turn_table({"Soldier #1": 323, "Ultra-Mite #2": 322, "Ultra-Mite #6": 322},
                         "NAT Plague")
    run(move_group(passing, ctx(), [passing.unit("Soldier #1")]))
    assert passing.unit("Soldier #1").hex == "321"


@pytest.mark.rule("SV-AMB-11", "SV-SEQ-01", "SV-EVT-02")
def test_amb_11_used_up_chits_give_the_texts_13_or_14_turns():
    # Drawn chits are used up (the only reading under which the game ends, §C-2-f); with the two
    # extra draws of B.U.R.P./B.E.L.C.H. fifteen chits make the "13 or 14 Game Turns" of §C-2.
    lengths = set()
    for seed in range(10):
        game = new_game("family_jewels", seed=seed, keep_log=False)
        game.run_to_end()
        if game.state.outcome_detail == "the Event Cup is empty":
            lengths.add(game.state.turn)
    assert lengths and lengths <= {13, 14}


@pytest.mark.rule("SV-AMB-14", "SV-VMOV-06", "SV-VMOV-07", "SV-QUEEN-04")
def test_amb_14_types_move_drones_ultra_mites_soldiers_queens_each_by_id_or_rank():
    # §C-2-a-2 and §E-1 list the same order; within a type Unit IDs rise, Queens go by rank
    chit = chit_for("511", 4, "beta")
    state = turn_table({"Drone #8": 111, "Drone #4": 112, "Soldier #3": 131, "Soldier #1": 141,
                        "Ultra-Mite #6": 151, "Ultra-Mite #2": 161, "Child Queen": 511,
                        "High Queen": 531}, chit, "beta")
    events = run(movement_step(state, ctx(6, 6, 6, 6, 6, 5)))
    movers = []
    for e in events:
        unit = (e.data.get("units") or [e.data.get("unit")])[0] if e.kind in (
            "move", "step_detail") else None
        if unit and unit not in movers:
            movers.append(unit)
    assert movers == ["Drone #4", "Drone #8", "Ultra-Mite #2", "Ultra-Mite #6", "Soldier #1",
                      "Soldier #3", "High Queen", "Child Queen"]

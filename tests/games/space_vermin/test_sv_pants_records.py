"""The Portable Anti-NAT Targeting System (§J-4) and the Secret Weapons' jolt (§J-5-b), event by
event: Misfire, Fried and Jolted, and where a Jolted Vermite (or a pushed Queen) lands. Each event
is checked whole (message, rule, kind, catalogue IDs, assumption, data) and each die by what it
was rolled for: the log cites the rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.lowest_numbered import EMPTY_HEX_WHY, ORDER_WHY
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.pants import (
    NEST_KILLED_WHY,
    NEST_SPARED_WHY,
    QUEEN_PUSH_KILLS_IN_NEST,
)
from rules_lib.games.space_vermin.scientist import detonate_secret_weapon
from rules_lib.games.space_vermin.state import SVState

from .sv_helpers import dice, printed_map_dice, records, run, table

J4 = "Space Vermin §J-4"
J5B = "Space Vermin §J-5-b"
Q1C = "Space Vermin §Q-1-c"
ALPHA_WHY = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
FIRED_IDS = ("SV-PANTS-01", "SV-PANTS-03")
UF_WHY = "variant unnumbered_hexes_first (other reading of SV-AMB-16)"
CAT_WHY = "The Cheshire Cat: weapon not named in the text"
CAT_IDS = ("SV-MAD-05", "SV-MAD-09")


def pants(placements, target, faces, at=413, scoot=False, state_variants=(), ctx=None):
    """Special Ops 1 (in ``at``) fires PANTS at ``target``: records, state, dice rolled."""
    state = table({"Special Ops 1": at, **placements})
    state.variants = list(state_variants)
    ctx = ctx or dice(*faces)
    events = records(run(resolve_fire(state, ctx, "Special Ops 1", target,
                                      shoot_and_scoot=scoot)))
    return events, state, list(ctx.dice.log)


def fired(target, where, die, result, mod="", roll=None, assumed=ALPHA_WHY):
    roll = die if roll is None else roll
    return (f"Special Ops 1 fires PANTS at {target} in {where}: die {die}{mod} = {roll}: "
            + f"{result.capitalize()}!", J4, "combat", FIRED_IDS, assumed,
            {"roll": roll, "result": result, "target": target, "hex": where})


def blasted(unit, start, faces, rule=J4, ids=(), assumed=""):
    to = "".join(map(str, faces))
    return (f"Jolted! {unit} is blasted from {start} to hex {to}", rule, "combat",
            ids + ("SV-PANTS-05",), assumed, {"faces": list(faces), "unit": unit, "to": to})


def to_cup(unit, at):
    return (f"{unit} is eliminated and returned to the Vermite Unit Cup", Q1C, "combat",
            ("SV-S1-12",), "", {"unit": unit, "at": at})


def jolt_rolls(unit, faces):
    return [(f"Jolted {unit}: random hex", 6, f) for f in faces]


# -- Misfire and Fried ----------------------------------------------------------------------------


@pytest.mark.rule("SV-PANTS-03", "SV-PANTS-04")
def test_a_misfire_disrupts_the_firer_and_leaves_the_target():
    state = table({"Special Ops 1": 413, "Soldier #1": 316})
    state.unit("Special Ops 1").nat = "tainted"
    ctx = dice(2)
    events = records(run(resolve_fire(state, ctx, "Special Ops 1", "Soldier #1",
                                      shoot_and_scoot=True)))
    assert events == [
        fired("Soldier #1", "316", 2, "misfire", " -2", 0),
        ("Misfire: no effect; Special Ops 1 is flipped to its Disrupted side", J4, "combat",
         ("SV-PANTS-04",), "", {"unit": "Special Ops 1"}),
    ]
    assert list(ctx.dice.log) == [("PANTS Special Ops 1 at Soldier #1", 6, 2)]
    assert state.unit("Special Ops 1").reduced and state.unit("Soldier #1").hex == "316"


@pytest.mark.rule("SV-PANTS-09")
@pytest.mark.parametrize("target", ["Drone #4", "Soldier #1"])
def test_fried_eliminates_a_drone_or_a_soldier(target):
    kind = target.split()[0]
    events, state, rolls = pants({target: 414}, target, (5, 6))
    assert events == [
        fired(target, "414", 5, "fried"),
        (f"Fried! {target} is eliminated", J4, "combat", ("SV-PANTS-09",), "", {"unit": target}),
        to_cup(target, "414"),
        (f"NAT roll 6 (needs 1-{2 if kind == 'Drone' else 3} for a {kind}): no infestation",
         "Space Vermin §J-7", "roll", ("SV-NAT-04",), "",
         {"roll": 6, "values": [f"counters:vermites.{kind.lower()}.nat_roll"]}),
    ]
    assert rolls == [(f"PANTS Special Ops 1 at {target}", 6, 5), (f"NAT roll for {target}", 6, 6)]
    assert state.unit(target).status == "cup"


@pytest.mark.rule("SV-PANTS-09")
@pytest.mark.parametrize("target", ["Ultra-Mite #2", "High Queen"])
def test_fried_reduces_an_ultra_mite_or_an_unescorted_queen(target):
    events, state, _ = pants({target: 415}, target, (6,))
    assert events == [
        fired(target, "415", 6, "fried"),
        (f"{target} is flipped to its Reduced side", J4, "combat", ("SV-PANTS-09",), "",
         {"unit": target}),
    ]
    assert state.unit(target).reduced and state.unit(target).hex == "415"


@pytest.mark.rule("SV-PANTS-09")
def test_fried_eliminates_an_already_reduced_ultra_mite():
    state = table({"Special Ops 1": 413, "Ultra-Mite #2": 415})
    state.unit("Ultra-Mite #2").reduced = True
    events = records(run(resolve_fire(state, dice(4, 6), "Special Ops 1", "Ultra-Mite #2")))
    assert events[1:3] == [
        ("Ultra-Mite #2 is already Reduced", J4, "combat", ("SV-PANTS-09",), "",
         {"unit": "Ultra-Mite #2"}),
        to_cup("Ultra-Mite #2", "415"),
    ]
    assert state.unit("Ultra-Mite #2").status == "cup"


# -- Jolted: the random hex ----------------------------------------------------------------------


@pytest.mark.rule("SV-PANTS-05")
def test_a_jolted_vermite_lands_on_the_empty_random_hex():
    events, state, rolls = pants({"Soldier #1": 316}, "Soldier #1", (2, 1, 2, 3))
    assert events == [fired("Soldier #1", "316", 2, "jolted"),
                      blasted("Soldier #1", "316", (1, 2, 3))]
    assert rolls == [("PANTS Special Ops 1 at Soldier #1", 6, 2)] + jolt_rolls(
        "Soldier #1", (1, 2, 3))
    assert state.unit("Soldier #1").hex == "123"


@pytest.mark.rule("SV-PANTS-06")
def test_a_jolted_vermite_landing_on_a_full_strength_marine_is_eliminated():
    events, state, rolls = pants({"Soldier #1": 316, "Squad 1": 123}, "Soldier #1",
                                 (3, 1, 2, 3, 6))
    assert events[1:4] == [
        blasted("Soldier #1", "316", (1, 2, 3)),
        ("Soldier #1 lands on a full-strength Marine and is eliminated", J4, "combat",
         ("SV-PANTS-06",), "", {"unit": "Soldier #1"}),
        to_cup("Soldier #1", "123"),  # where it lands, not where it was
    ]
    assert rolls[-1] == ("NAT roll for Soldier #1", 6, 6)  # the Squad in 123 is within 2 hexes
    assert state.unit("Soldier #1").status == "cup" and state.unit("Squad 1").hex == "123"


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-06")
def test_a_jolted_vermite_landing_on_a_disrupted_marine_is_placed_beside_it():
    state = table({"Special Ops 1": 413, "Soldier #1": 316, "Squad 1": 123})
    state.unit("Squad 1").reduced = True
    events = records(run(resolve_fire(state, dice(3, 1, 2, 3), "Special Ops 1", "Soldier #1")))
    assert events[2:] == [
        ("Soldier #1 lands on another unit and is placed in the lowest-numbered empty adjacent "
         + "hex 122", J4, "combat", ("SV-PANTS-07", "SV-AMB-06"), f"{ALPHA_WHY}; {EMPTY_HEX_WHY}",
         {"unit": "Soldier #1", "hex": "122"}),
    ]
    assert state.unit("Soldier #1").hex == "122" and state.unit("Squad 1").hex == "123"


@pytest.mark.rule("SV-PANTS-07")
def test_a_jolted_vermite_with_no_empty_hex_beside_the_unit_it_lands_on_is_eliminated():
    # 111 (Drone #4) and its neighbours 141, 142, 112 are all taken
    events, state, _ = pants(
        {"Soldier #1": 316, "Drone #4": 111, "Drone #8": 141, "Drone #12": 142, "Drone #15": 112},
        "Soldier #1", (3, 1, 1, 1))
    assert events[1:4] == [
        blasted("Soldier #1", "316", (1, 1, 1)),
        ("Soldier #1 lands on another unit and no adjacent hex is empty: eliminated", J4,
         "combat", ("SV-PANTS-07",), ALPHA_WHY, {"unit": "Soldier #1", "hex": "111"}),
        to_cup("Soldier #1", "111"),
    ]
    assert state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-16")
def test_a_jolted_vermite_beside_a_unit_takes_the_unnumbered_hexes_clockwise_from_north():
    # 341's neighbours: u9.1 (north-east), 342 (Drone #8), u7.1 (north-west)
    events, state, _ = pants({"Soldier #1": 316, "Drone #4": 341, "Drone #8": 342},
                             "Soldier #1", (3, 3, 4, 1))
    assert events[2:] == [
        ("Soldier #1 lands on another unit and is placed in the lowest-numbered empty adjacent "
         + "hex u9.1", J4, "combat", ("SV-PANTS-07", "SV-AMB-06", "SV-AMB-16"),
         f"{ALPHA_WHY}; {EMPTY_HEX_WHY}; {ORDER_WHY}", {"unit": "Soldier #1", "hex": "u9.1"}),
    ]
    assert state.unit("Soldier #1").hex == "u9.1"


@pytest.mark.rule("SV-PANTS-07", "SV-AMB-16")
def test_variant_unnumbered_first_places_a_jolted_vermite_on_an_unnumbered_hex_first():
    events, state, _ = pants({"Soldier #1": 316, "Drone #4": 341}, "Soldier #1", (3, 3, 4, 1),
                             state_variants=["unnumbered_hexes_first"])
    assert events[2][3:] == (("SV-PANTS-07", "SV-AMB-06", "SV-AMB-16"),
                             f"{ALPHA_WHY}; {EMPTY_HEX_WHY}; {UF_WHY}",
                             {"unit": "Soldier #1", "hex": "u9.1"})
    assert state.unit("Soldier #1").hex == "u9.1"  # before 342


@pytest.mark.rule("SV-PANTS-05", "SV-QUEEN-03")
def test_a_jolted_escort_is_saved_as_escorting_no_one():
    state = table({"Special Ops 1": 513, "High Queen": 511, "Ultra-Mite #6": 511}, "beta")
    state.unit("Ultra-Mite #6").escort_of = "High Queen"
    run(resolve_fire(state, dice(2, 6, 6, 6), "Special Ops 1", "Ultra-Mite #6"))
    assert state.unit("Ultra-Mite #6").hex == "666"
    saved = SVState.from_json(state.to_json())
    assert saved.unit("Ultra-Mite #6").escort_of == "" and saved == state


# -- Jolted: an unescorted Queen is pushed -------------------------------------------------------


@pytest.mark.rule("SV-PANTS-08")
def test_a_jolted_unescorted_queen_is_pushed_and_every_unit_there_is_eliminated():
    events, state, rolls = pants({"High Queen": 412, "Squad 1": 362, "Drone #4": 362},
                                 "High Queen", (2, 6))
    assert events == [
        fired("High Queen", "412", 2, "jolted"),
        ("Jolted! The unescorted Queen High Queen is pushed from 412 to the lowest-numbered "
         + "adjacent hex 362; every unit there is eliminated", J4, "combat", ("SV-PANTS-08",),
         ALPHA_WHY, {"unit": "High Queen", "hex": "362"}),
        ("Squad 1 is eliminated", J4, "combat", ("SV-PANTS-08",), "",
         {"unit": "Squad 1", "at": "362"}),
        to_cup("Drone #4", "362"),
        ("NAT roll 6 (needs 1-2 for a Drone): no infestation", "Space Vermin §J-7", "roll",
         ("SV-NAT-04",), "", {"roll": 6, "values": ["counters:vermites.drone.nat_roll"]}),
    ]
    assert rolls == [("PANTS Special Ops 1 at High Queen", 6, 2), ("NAT roll for Drone #4", 6, 6)]
    assert state.unit("High Queen").hex == "362" and state.marines_lost == 1


@pytest.mark.rule("SV-PANTS-08", "SV-TERR-12")
def test_a_pushed_queen_never_goes_into_a_tar_pit():
    # 212's neighbours: the Tar Pit u4.3, 223, 224, 213, 154, 153; the variant would put u4.3
    events, state, _ = pants({"High Queen": 212}, "High Queen", (2,), at=214,
                             state_variants=["unnumbered_hexes_first"])
    assert events[1][3:] == (("SV-PANTS-08", "SV-TERR-12"), ALPHA_WHY,
                             {"unit": "High Queen", "hex": "153"})
    assert state.unit("High Queen").hex == "153"


@pytest.mark.rule("SV-PANTS-08", "SV-AMB-16")
def test_variant_unnumbered_first_pushes_a_queen_to_the_first_unnumbered_hex_clockwise():
    # 341's neighbours: u9.1 (north-east), 342, u7.1 (north-west)
    events, state, _ = pants({"High Queen": 341}, "High Queen", (2,), at=344,
                             state_variants=["unnumbered_hexes_first"])
    assert events[1][3:] == (("SV-PANTS-08", "SV-AMB-16"), f"{ALPHA_WHY}; {UF_WHY}",
                             {"unit": "High Queen", "hex": "u9.1"})
    assert state.unit("High Queen").hex == "u9.1"


# 452's neighbours hold Nest 2, first of them when unnumbered hexes come first (SV-AMB-16's variant)
INTO_NEST = {"High Queen": 452, "Soldier #1": "Nest 2", "Squad 1": "Nest 2"}


@pytest.mark.rule("SV-PANTS-08", "SV-MCOMB-02", "SV-AMB-16")
def test_a_queen_pushed_into_a_nest_eliminates_the_marines_there_but_not_the_vermites():
    """§J's Important Note: no Marine weapon, the PANTS Gun named, affects a Vermite in a Nest
    hex; §J-4's push kills 'any Marine or Vermite(s)' there. By default the Note stands."""
    events, state, rolls = pants(INTO_NEST, "High Queen", (2,), at=454,
                                 state_variants=["unnumbered_hexes_first"])
    assert events[1:] == [
        ("Jolted! The unescorted Queen High Queen is pushed from 452 to the lowest-numbered "
         + "adjacent hex Nest 2; it is a Nest hex: every Marine there is eliminated, the Vermites "
         + "there are not", J4, "combat",
         ("SV-PANTS-08", "SV-MCOMB-02", "SV-AMB-16", "SV-TERR-12"),
         f"{ALPHA_WHY}; {UF_WHY}; {NEST_SPARED_WHY}", {"unit": "High Queen", "hex": "Nest 2"}),
        ("Squad 1 is eliminated", J4, "combat", ("SV-PANTS-08",), "",
         {"unit": "Squad 1", "at": "Nest 2"}),
    ]
    assert (state.unit("Soldier #1").hex, state.unit("High Queen").hex) == ("Nest 2", "Nest 2")
    assert state.marines_lost == 1 and len(rolls) == 1


@pytest.mark.rule("SV-PANTS-08", "SV-MCOMB-02", "SV-AMB-16")
def test_variant_queen_push_kills_in_a_nest_eliminates_the_vermites_there_too():
    events, state, _ = pants(INTO_NEST, "High Queen", (2, 6), at=454,
                             state_variants=["unnumbered_hexes_first", QUEEN_PUSH_KILLS_IN_NEST])
    assert events[1][0].endswith("adjacent hex Nest 2; every unit there is eliminated")
    assert events[1][3:5] == (("SV-PANTS-08", "SV-MCOMB-02", "SV-AMB-16", "SV-TERR-12"),
                              f"{ALPHA_WHY}; {UF_WHY}; {NEST_KILLED_WHY}")
    assert events[3] == ("Soldier #1 is eliminated and returned to the Vermite Unit Cup", Q1C,
                         "combat", ("SV-S1-12",), "", {"unit": "Soldier #1", "at": "Nest 2"})
    assert state.unit("Soldier #1").status == "cup" and state.marines_lost == 1


@pytest.mark.rule("SV-PANTS-08", "SV-AMB-16")
def test_a_queen_pushed_into_a_nest_holding_only_a_marine_kills_it_citing_no_shield():
    events, state, _ = pants({"High Queen": 452, "Squad 1": "Nest 2"}, "High Queen", (2,),
                             at=454, state_variants=["unnumbered_hexes_first"])
    assert events[1][0].endswith("adjacent hex Nest 2; every unit there is eliminated")
    assert events[1][3:5] == (("SV-PANTS-08", "SV-AMB-16", "SV-TERR-12"), f"{ALPHA_WHY}; {UF_WHY}")
    assert state.marines_lost == 1


@pytest.mark.rule("SV-PANTS-08", "SV-MCOMB-02")
def test_the_nest_variant_set_for_a_test_context_kills_the_vermites_there():
    ctx = dice(2, 6, variants=[QUEEN_PUSH_KILLS_IN_NEST])
    _, state, _ = pants(INTO_NEST, "High Queen", (), at=454, ctx=ctx,
                        state_variants=["unnumbered_hexes_first"])
    assert state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-PANTS-08", "SV-AMB-16")
def test_a_queen_pushed_into_an_empty_nest_cites_no_shield():
    events, state, _ = pants({"High Queen": 452}, "High Queen", (2,), at=454,
                             state_variants=["unnumbered_hexes_first"])
    assert events[1][0].endswith("adjacent hex Nest 2; every unit there is eliminated")
    assert events[1][3:5] == (("SV-PANTS-08", "SV-AMB-16", "SV-TERR-12"), f"{ALPHA_WHY}; {UF_WHY}")
    assert state.unit("High Queen").hex == "Nest 2"


@pytest.mark.rule("SV-PANTS-08", "SV-AMB-06")
def test_a_pushed_queen_goes_by_the_tar_pits_of_the_games_own_map():
    """A designer's Mapzone Alpha without the Tar Pit u17.14: a Queen jolted in 613 is pushed there
    (613's neighbours: 612, u17.14 north-east, u17.15, u15.15, u15.14; unnumbered ones first)."""
    variants = ["unnumbered_hexes_first"]
    _, shipped, _ = pants({"High Queen": 613}, "High Queen", (2,), at=611, state_variants=variants)
    assert shipped.unit("High Queen").hex == "u17.15"
    data = load_game_data({"alpha:terrain.tar_pit": ["u4.3", "u5.15", "u13.1", "u1.14", "u12.15"]})
    ctx = Context(dice=ScriptedDice([2]), data=data)
    events, redrawn, _ = pants({"High Queen": 613}, "High Queen", (), at=611,
                               state_variants=variants, ctx=ctx)
    assert events[1][5] == {"unit": "High Queen", "hex": "u17.14"}
    assert redrawn.unit("High Queen").hex == "u17.14"


# -- the map's provenance, and the Secret Weapons' jolt -----------------------------------------


@pytest.mark.rule("SV-PANTS-01", "SV-PANTS-07", "SV-PANTS-08")
@pytest.mark.parametrize("placements,target,faces", [
    ({"Soldier #1": 316}, "Soldier #1", (1,)),  # Misfire (the range counts map hexes)
    ({"Soldier #1": 316, "Drone #4": 123}, "Soldier #1", (3, 1, 2, 3)),  # placed beside
    ({"Soldier #1": 316, "Drone #4": 111, "Drone #8": 141, "Drone #12": 142, "Drone #15": 112},
     "Soldier #1", (3, 1, 1, 1)),  # no empty hex beside: eliminated
    ({"High Queen": 412}, "High Queen", (2,)),  # a Queen pushed
])
def test_pants_on_the_printed_map_cite_no_map_assumption(placements, target, faces):
    """Range and landing hexes depend on the Mapzone's layout, assumed in the shipped file: an
    event says so. A designer who enters the printed map (``rulebook:``) sees the mark go."""
    shipped, _, _ = pants(placements, target, faces)
    assert any(ALPHA_WHY in e[4] for e in shipped)
    printed, _, _ = pants(placements, target, faces, ctx=printed_map_dice(*faces))
    assert [e[:4] for e in printed] == [e[:4] for e in shipped]
    assert not any(ALPHA_WHY in e[4] for e in printed)


def cheshire_cat(placements, target, faces):
    """The M.A.D. Scientist in 411 detonates The Cheshire Cat (range die 1: 2 hexes; count die
    1: one Vermite) at ``target``: the records of the jolt."""
    state = table({"M.A.D. Scientist": 411, **placements},
                  secret_weapons_left=["The Cheshire Cat"], turn=2)
    doc = state.unit("M.A.D. Scientist")
    doc.weapon_ready, doc.weapon_built_turn = True, 1
    events = records(run(detonate_secret_weapon(state, dice(1, 1, *faces), "M.A.D. Scientist"),
                         [target]))
    assert events[0][0].startswith("M.A.D. Scientist detonates The Cheshire Cat: range 2")
    return events[2:-1], state


@pytest.mark.rule("SV-MAD-04", "SV-PANTS-05")
def test_the_cheshire_cat_jolts_to_a_random_hex_under_its_own_provenance():
    events, state = cheshire_cat({"Soldier #1": 412}, "Soldier #1", (1, 1, 2))
    assert events == [blasted("Soldier #1", "412", (1, 1, 2), J5B, CAT_IDS, CAT_WHY)]
    assert state.unit("Soldier #1").hex == "112"


@pytest.mark.rule("SV-MAD-04", "SV-PANTS-06")
def test_the_cheshire_cat_jolt_onto_a_full_strength_marine_eliminates_under_its_provenance():
    events, state = cheshire_cat({"Soldier #1": 412, "Squad 1": 112}, "Soldier #1", (1, 1, 2, 6))
    assert events[1:3] == [
        ("Soldier #1 lands on a full-strength Marine and is eliminated", J5B, "combat",
         CAT_IDS + ("SV-PANTS-06",), CAT_WHY, {"unit": "Soldier #1"}),
        to_cup("Soldier #1", "112"),
    ]
    assert state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-MAD-04", "SV-PANTS-07")
def test_the_cheshire_cat_jolt_with_no_empty_hex_eliminates_under_its_provenance():
    events, state = cheshire_cat(
        {"Soldier #1": 412, "Drone #4": 111, "Drone #8": 141, "Drone #12": 142, "Drone #15": 112},
        "Soldier #1", (1, 1, 1))
    assert events[1:3] == [
        ("Soldier #1 lands on another unit and no adjacent hex is empty: eliminated", J5B,
         "combat", CAT_IDS + ("SV-PANTS-07",), f"{CAT_WHY}; {ALPHA_WHY}",
         {"unit": "Soldier #1", "hex": "111"}),
        to_cup("Soldier #1", "111"),
    ]
    assert state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-MAD-04", "SV-PANTS-07")
def test_the_cheshire_cat_jolt_beside_a_unit_places_under_its_provenance():
    events, state = cheshire_cat({"Soldier #1": 412, "Drone #4": 123}, "Soldier #1", (1, 2, 3))
    assert events[1:] == [
        ("Soldier #1 lands on another unit and is placed in the lowest-numbered empty adjacent "
         + "hex 122", J5B, "combat", CAT_IDS + ("SV-PANTS-07", "SV-AMB-06"),
         f"{CAT_WHY}; {ALPHA_WHY}; {EMPTY_HEX_WHY}", {"unit": "Soldier #1", "hex": "122"}),
    ]
    assert state.unit("Soldier #1").hex == "122"


@pytest.mark.rule("SV-MAD-04", "SV-PANTS-08")
def test_the_cheshire_cat_pushes_an_unescorted_queen_under_its_provenance():
    events, state = cheshire_cat({"High Queen": 412}, "High Queen", ())
    assert events == [
        ("Jolted! The unescorted Queen High Queen is pushed from 412 to the lowest-numbered "
         + "adjacent hex 362; every unit there is eliminated", J5B, "combat",
         CAT_IDS + ("SV-PANTS-08",), f"{CAT_WHY}; {ALPHA_WHY}",
         {"unit": "High Queen", "hex": "362"}),
    ]
    assert state.unit("High Queen").hex == "362"


# -- a Vermite jolted to its own hex (the fix of 2026-12-02) -------------------------------------


@pytest.mark.rule("SV-PANTS-05")
def test_a_vermite_jolted_to_its_own_hex_lands_there():
    """§J-4: "place the Vermite in that hex"; only another unit there moves it on (SV-PANTS-07).
    The random hex 316 is the Soldier's own: nobody else is there, so it stays."""
    events, state, _ = pants({"Soldier #1": 316}, "Soldier #1", (2, 3, 1, 6))
    assert events[1:] == [blasted("Soldier #1", "316", (3, 1, 6))]
    assert state.unit("Soldier #1").hex == "316"


@pytest.mark.rule("SV-PANTS-07")
def test_a_vermite_jolted_to_its_own_hex_shared_with_another_is_placed_beside_it():
    events, state, _ = pants({"Soldier #1": 316, "Drone #4": 316}, "Soldier #1", (2, 3, 1, 6))
    assert events[2][0] == ("Soldier #1 lands on another unit and is placed in the "
                            "lowest-numbered empty adjacent hex 253")
    assert state.unit("Soldier #1").hex == "253"

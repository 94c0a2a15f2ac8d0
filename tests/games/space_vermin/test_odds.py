"""Exact odds equal a brute-force run of the game's own procedures with every possible roll."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules_lib.games.space_vermin import odds
from rules_lib.games.space_vermin.ant_gun import resolve_ant_fire
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.marine_fire import resolve_fire
from rules_lib.games.space_vermin.vermite_attacks import vermite_attack

from .sv_helpers import dice, run, table


def tally(outcomes):
    n = len(outcomes)
    return {k: Fraction(v, n) for k, v in Counter(outcomes).items()}


def exact(frame):
    return {r.result: Fraction(r.exact) for r in frame.itertuples() if Fraction(r.exact)}


@pytest.mark.rule("SV-MCOMB-10", "SV-MCOMB-11")
@pytest.mark.parametrize("reduced", [False, True])
def test_marine_fire_odds_match_every_roll_of_the_procedure(reduced):
    outcomes = []
    for faces in itertools.product(range(1, 7), repeat=4):
        state = table({"Squad 1": 411, "Ultra-Mite #2": 413})
        state.unit("Ultra-Mite #2").reduced = reduced
        run(resolve_fire(state, dice(*faces, 6), "Squad 1", "Ultra-Mite #2"))
        u = state.unit("Ultra-Mite #2")
        outcomes.append(
            "eliminated"
            if not u.on_map
            else "reduced"
            if u.reduced and not reduced
            else "no effect"
        )
    dn = 2 if reduced else 3
    assert tally(outcomes) == exact(odds.marine_fire_odds(4, dn, reduced))


@pytest.mark.rule("SV-VATK-08", "SV-VATK-10", "SV-VATK-11")
def test_vermite_attack_odds_match_every_roll_of_the_procedure():
    outcomes = []
    for faces in itertools.product(range(1, 7), repeat=4):
        state = table({"Squad 1": 411, "Soldier #1": 412})
        run(vermite_attack(state, dice(*faces), ["Soldier #1"], "Squad 1"))
        u = state.unit("Squad 1")
        outcomes.append("eliminated" if not u.on_map else "reduced" if u.reduced else "no effect")
    assert tally(outcomes) == exact(odds.vermite_attack_odds(4, 4))


@pytest.mark.rule("SV-ANT-05", "SV-ANT-06")
@pytest.mark.parametrize("nat", [False, True])
def test_ant_gun_odds_match_every_roll(nat):
    outcomes = []
    for faces in itertools.product(range(1, 7), repeat=2):
        state = table({"A.N.T. Gun": 411, "Soldier #1": 415})
        gun = state.unit("A.N.T. Gun")
        gun.limbered, gun.nat = False, "tainted" if nat else ""
        run(resolve_ant_fire(state, dice(*faces, 6), "A.N.T. Gun", "415"))
        outcomes.append(
            "crash" if gun.limbered else "hit" if not state.unit("Soldier #1").on_map else "miss"
        )
    assert tally(outcomes) == dict(odds.ant_gun_outcome(4, nat).items())


@pytest.mark.rule("SV-PANTS-03", "SV-PANTS-04", "SV-PANTS-05", "SV-PANTS-09")
def test_pants_odds_match_every_roll():
    outcomes = []
    for face in range(1, 7):
        state = table({"Special Ops 1": 413, "Soldier #1": 414})
        events = run(
            resolve_fire(
                state, dice(face, 1, 1, 1, 6), "Special Ops 1", "Soldier #1", shoot_and_scoot=True
            )
        )
        outcomes.append(next(e.data["result"] for e in events if "result" in e.data))
    assert tally(outcomes) == exact(odds.pants_odds(shoot_and_scoot=True))


def test_jump_pack_odds_from_the_same_table():
    d = odds.banded_outcome("jump_pack", -1)
    brute = tally(
        [
            "malfunction" if f - 1 <= 1 else "scattered" if f - 1 <= 3 else "safe"
            for f in range(1, 7)
        ]
    )
    assert dict(d.items()) == brute
    assert exact(odds.jump_pack_odds(shoot_and_scoot=True)) == brute


@pytest.mark.rule("SV-NAT-04", "SV-NAT-06", "SV-NAT-07")
@pytest.mark.parametrize("marker", ["", "tainted", "infected"])
def test_nat_odds_match_every_roll(marker):
    outcomes = []
    for face in range(1, 7):
        state = table({"Squad 1": 416, "Soldier #1": 414})
        state.unit("Soldier #1").reduced = True
        u = state.unit("Squad 1")
        u.nat = marker
        cf = 3 if marker else 4
        run(resolve_fire(state, dice(*[6] * cf, face), "Squad 1", "Soldier #1"))
        outcomes.append("eliminated" if not u.on_map else u.nat or "none")
    assert tally(outcomes) == dict(odds.nat_outcome("soldier", marker).items())


def test_landing_zone_drift_and_nat_effect_odds():
    assert exact(odds.landing_zone_odds()) == {
        "on_target": Fraction(1, 2),
        "drift": Fraction(1, 3),
        "delayed": Fraction(1, 6),
    }
    assert dict(odds.drift_distance().items()) == {
        1: Fraction(1, 3),
        2: Fraction(1, 3),
        3: Fraction(1, 3),
    }
    assert odds.nat_effect_odds() == Fraction(2, 3)


def test_fire_table_covers_every_cf_and_dn():
    frame = odds.marine_fire_table()
    assert len(frame) == 8 * 5
    row = frame[(frame.cf == 5) & (frame.dn == 3)].iloc[0]
    assert row.reduced == pytest.approx(0.625)
    assert (frame[["no_effect", "reduced", "eliminated"]].sum(axis=1) - 1).abs().max() < 1e-12


@pytest.mark.rule("SV-NATFX-01")
def test_nat_effect_phase_infected_dies_on_1_to_4_tainted_never_rolls():
    from rules_lib.games.space_vermin.nat import nat_effect_phase

    outcomes = []
    for face in range(1, 7):
        state = table({"Squad 1": 416, "Squad 2": 311})
        state.unit("Squad 1").nat, state.unit("Squad 2").nat = "infected", "tainted"
        ctx = dice(face)
        run(nat_effect_phase(state, ctx))
        assert ctx.dice.remaining == ()  # one roll: the Infected Squad's; Tainted does not roll
        assert state.unit("Squad 2").on_map and state.unit("Squad 2").nat == "tainted"
        outcomes.append("eliminated" if not state.unit("Squad 1").on_map else "survives")
    assert outcomes == ["eliminated"] * 4 + ["survives"] * 2
    assert Fraction(outcomes.count("eliminated"), 6) == odds.nat_effect_odds()


# -- what the game cannot have ---------------------------------------------------------------------

CANNOT = [  # (combat_odds arguments, words of the refusal)
    (dict(cf=9, dn=3), "Marines never roll more than 8 dice"),
    (dict(cf=4, dn=6), "no Vermite counter has a DN above 5"),
    (dict(cf=106, dn=3, attacker="Vermites"), "Vermites never roll more than 105 dice"),
    (dict(cf=4, dn=5, attacker="Vermites"), "no Marine counter has a DN above 4"),
    (dict(cf=-1, dn=3), "CF must be a whole number, 0 or more"),
    (dict(cf=4, dn=-2), "DN must be a whole number, 0 or more"),
    (dict(cf="4", dn=3), "CF must be a whole number"),
    (dict(cf=4.5, dn=3), "CF must be a whole number"),
    (dict(cf=True, dn=3), "CF must be a whole number"),
    (dict(cf=4, dn=7, allow_beyond_rules=True), "a DN above 6 is no DN"),
    (dict(cf=500, dn=3, allow_beyond_rules=True), "at most 200 dice, even beyond the rules"),
    (dict(cf=4, dn=3, attacker="Aliens"), "attacker must be one of Marines, Vermites"),
    (dict(cf=4, dn=3, reduced="no"), "reduced must be True or False"),
]


@pytest.mark.parametrize("kwargs,words", CANNOT, ids=[w for _, w in CANNOT])
def test_odds_the_game_cannot_have_are_refused_naming_the_limit(kwargs, words):
    with pytest.raises(ValueError, match=words):
        odds.combat_odds(**kwargs)


def test_the_limits_are_those_of_the_counter_mix_and_beyond_rules_allows_what_ifs():
    limits = odds.combat_limits()
    # Heavy Weapons CF 6 + an adjacent HQ + an adjacent target (§J-1); a Queen with 5 Jewels caps
    # at DN 5 (§E-2); every non-Drone Vermite in one Nest with every Jewel (§F-2, §E-3)
    assert (limits.marine_cf, limits.vermite_dn, limits.marine_dn) == (8, 5, 4)
    assert limits.vermite_cf == 10 * 4 + 8 * 5 + (6 + 5 + 4) + 5 * 2
    assert len(odds.combat_odds(8, 5)) == 3 and len(odds.combat_odds(105, 4, attacker="Vermites"))
    beyond = odds.combat_odds(12, 6, allow_beyond_rules=True)
    assert beyond.set_index("result").loc["no effect", "probability"] == 1  # nothing beats a 6


def test_the_other_odds_refuse_what_no_roll_has():
    for call, words in (
        (lambda: odds.nat_outcome("cockroach"), "no Vermite type 'cockroach'"),
        (lambda: odds.nat_outcome("soldier", "sick"), "NAT marker"),
        (lambda: odds.ant_gun_outcome(-3), "range is a whole number"),
        (lambda: odds.ant_gun_odds(max_range=10**6), "max_range must be"),
        (lambda: odds.banded_outcome("weather"), "no banded table 'weather'"),
        (lambda: odds.banded_outcome("pants", 9), "modifier must be"),
        (lambda: odds.pants_odds(nat="yes"), "nat must be True or False"),
        (lambda: odds.fire_outcome(4, 3, table="laser"), "no damage table 'laser'"),
        (lambda: odds.marine_fire_table(cfs=range(1, 12)), "Marines never roll more"),
    ):
        with pytest.raises(ValueError, match=words):
            call()


def test_the_command_line_refuses_a_cf_the_game_cannot_have_unless_beyond_rules(capsys):
    from rules_lib.cli import main

    assert main(["odds", "space_vermin", "--cf", "40", "--dn", "3"]) == 2
    assert "Marines never roll more than 8 dice" in capsys.readouterr().err
    assert main(["odds", "space_vermin", "--cf", "40", "--dn", "3", "--beyond-rules"]) == 0
    assert "eliminated" in capsys.readouterr().out
    assert main(["odds", "space_vermin", "--cf", "4", "--dn", "9", "--beyond-rules"]) == 2
    assert "a DN above 6 is no DN" in capsys.readouterr().err


# -- the tables the explorer shows, against the dice counted by hand --------------------------------


def two_dice_totals():
    return [a + b for a in range(1, 7) for b in range(1, 7)]


def ant_gun_by_hand(range_hexes, crash=2):
    """2d6: the crash total, else a hit when the total exceeds the range (§J-3)."""
    counts = Counter("crash" if t == crash else "hit" if t > range_hexes else "miss"
                     for t in two_dice_totals())
    return {k: counts[k] / 36 for k in ("crash", "miss", "hit")}


def banded_by_hand(rows, modifier):
    """One die plus the modifier, read on {at_most, result} rows lowest first."""
    counts = Counter(next((r["result"] for r in rows if face + modifier <= r["at_most"]),
                          rows[-1]["result"]) for face in range(1, 7))
    return {k: Fraction(n, 6) for k, n in counts.items()}


def ant_rows(frame):
    return {r.range: {"crash": r.crash, "miss": r.miss, "hit": r.hit} for r in frame.itertuples()}


@pytest.mark.rule("SV-ANT-05", "SV-ANT-06")
def test_the_ant_gun_table_gives_every_range_from_0_to_12_without_a_nat_marker_by_default():
    frame = odds.ant_gun_odds()
    assert list(frame.columns) == ["range", "crash", "miss", "hit"]
    assert ant_rows(frame) == {r: pytest.approx(ant_gun_by_hand(r)) for r in range(13)}


@pytest.mark.rule("SV-ANT-06")
def test_the_ant_gun_table_with_a_nat_marker_doubles_every_range():
    assert ant_rows(odds.ant_gun_odds(4, nat=True)) == {
        r: pytest.approx(ant_gun_by_hand(2 * r)) for r in range(5)}


@pytest.mark.parametrize("max_range, rows", [(0, 1), (odds.MOST_DICE, odds.MOST_DICE + 1)])
def test_the_ant_gun_table_goes_from_range_0_up_to_200(max_range, rows):
    assert len(odds.ant_gun_odds(max_range)) == rows


@pytest.mark.parametrize("max_range", [-1, odds.MOST_DICE + 1, True, 2.0, "3"])
def test_the_ant_gun_table_refuses_a_range_no_roll_has(max_range):
    with pytest.raises(ValueError, match="max_range must be a whole number from 0 to 200"):
        odds.ant_gun_odds(max_range)


@pytest.mark.rule("SV-PANTS-03", "SV-PANTS-04", "SV-PANTS-05", "SV-PANTS-09")
@pytest.mark.parametrize("kwargs, modifier", [
    ({}, 0), ({"nat": True}, -1), ({"shoot_and_scoot": True}, -1),
    ({"shoot_and_scoot": True, "nat": True}, -2)])
def test_pants_odds_take_one_off_for_shoot_and_scoot_and_one_for_a_nat_marker(kwargs, modifier):
    rows = load_game_data().tables["pants"]["results"]
    assert exact(odds.pants_odds(**kwargs)) == banded_by_hand(rows, modifier)


@pytest.mark.rule("SV-JUMP-02", "SV-JUMP-03", "SV-JUMP-06", "SV-JUMP-07")
@pytest.mark.parametrize("kwargs, modifier", [
    ({}, 0), ({"nat": True}, -1), ({"shoot_and_scoot": True}, -1),
    ({"shoot_and_scoot": True, "nat": True}, -2)])
def test_jump_pack_odds_take_one_off_for_shoot_and_scoot_and_one_for_a_nat_marker(kwargs, modifier):
    rows = load_game_data().tables["jump_pack"]["results"]
    assert exact(odds.jump_pack_odds(**kwargs)) == banded_by_hand(rows, modifier)


@pytest.mark.parametrize("call, words", [
    (lambda: odds.pants_odds(shoot_and_scoot="yes"), "shoot_and_scoot must be True or False"),
    (lambda: odds.jump_pack_odds(shoot_and_scoot=1), "shoot_and_scoot must be True or False"),
    (lambda: odds.jump_pack_odds(nat="no"), "nat must be True or False"),
])
def test_the_table_flags_are_refused_by_name_unless_true_or_false(call, words):
    with pytest.raises(ValueError, match=words):
        call()


# a designer's tables (core override syntax): every odds table reads the data it is given
DESIGNER = {
    "tables:landing_zone.drift_distance_divisor": 3,
    "tables:nat.infected_dies_on_at_most": 2,
    "tables:landing_zone.results": [{"at_most": 2, "result": "on_target"},
                                    {"at_most": 5, "result": "drift"},
                                    {"at_most": 6, "result": "delayed"}],
    "tables:pants.results": [{"at_most": 2, "result": "misfire"}, {"at_most": 3, "result": "jolted"},
                             {"at_most": 6, "result": "fried"}],
    "tables:jump_pack.results": [{"at_most": 2, "result": "malfunction"},
                                 {"at_most": 3, "result": "scattered"},
                                 {"at_most": 6, "result": "safe"}],
    "tables:ant_gun.crash_total": 3,
    "tables:ant_gun.nat_range_multiplier": 3,
}
SIXTHS = {n: Fraction(n, 6) for n in range(7)}


@pytest.mark.parametrize("call, expected", [
    (lambda d: dict(odds.drift_distance(d).items()), {1: SIXTHS[3], 2: SIXTHS[3]}),
    (lambda d: odds.nat_effect_odds(d), SIXTHS[2]),
    (lambda d: exact(odds.landing_zone_odds(d)),
     {"on_target": SIXTHS[2], "drift": SIXTHS[3], "delayed": SIXTHS[1]}),
    (lambda d: exact(odds.pants_odds(data=d)),
     {"misfire": SIXTHS[2], "jolted": SIXTHS[1], "fried": SIXTHS[3]}),
    (lambda d: exact(odds.jump_pack_odds(data=d)),
     {"malfunction": SIXTHS[2], "scattered": SIXTHS[1], "safe": SIXTHS[3]}),
    (lambda d: ant_rows(odds.ant_gun_odds(2, nat=True, data=d))[2],
     pytest.approx(ant_gun_by_hand(2 * 3, crash=3))),
], ids=["drift", "nat_effect", "landing_zone", "pants", "jump_pack", "ant_gun"])
def test_every_odds_table_reads_a_designers_tables(call, expected):
    assert call(load_game_data(DESIGNER)) == expected


@pytest.mark.rule("SV-LZ-02")
def test_a_banded_table_is_read_unmodified_by_default():
    rows = load_game_data().tables["landing_zone"]["results"]
    assert dict(odds.banded_outcome("landing_zone").items()) == banded_by_hand(rows, 0)


@pytest.mark.parametrize("modifier, result", [(6, "fried"), (-6, "misfire")])
def test_a_banded_table_takes_modifiers_up_to_a_whole_die(modifier, result):
    assert dict(odds.banded_outcome("pants", modifier).items()) == {result: 1}


@pytest.mark.parametrize("call, words", [
    (lambda: odds.banded_outcome("pants", True), "modifier must be a whole number from -6 to"),
    (lambda: odds.banded_outcome("pants", 7), "modifier must be a whole number from -6 to"),
    (lambda: odds.banded_outcome("weather"), "tables: pants, jump_pack, landing_zone$"),
    (lambda: odds.nat_outcome("cockroach"),
     "types: drone, soldier, ultra_mite, high_queen, sister_queen, child_queen$"),
])
def test_a_refused_table_or_type_names_the_ones_there_are(call, words):
    with pytest.raises(ValueError, match=words):
        call()


@pytest.mark.rule("SV-NAT-04", "SV-NAT-06")
def test_the_nat_roll_against_a_marine_without_a_marker_by_default():
    """Soldier 1-3 (§J-7): a 1 Infects at once, 2-3 Taint, 4-6 nothing."""
    assert dict(odds.nat_outcome("soldier").items()) == {
        "infected": SIXTHS[1], "tainted": SIXTHS[2], "none": SIXTHS[3]}


# a designer's counters and tables that change the limits and the dice themselves
DESIGNER_DICE = {
    "tables:pants.dice": 2,
    "tables:pants.results": [{"at_most": 4, "result": "misfire"},
                             {"at_most": 8, "result": "jolted"},
                             {"at_most": 12, "result": "fried"}],
    "tables:marine_fire.adjacent_target": 2,  # the best shot: CF 6 + 1 + 2 = 9 dice
    "counters:vermites.soldier.nat_roll": 5,
}


def test_a_banded_table_rolls_as_many_dice_as_the_data_names():
    pants = dict(odds.banded_outcome("pants", 0, load_game_data(DESIGNER_DICE)).items())
    totals = Counter(two_dice_totals())
    assert pants == {"misfire": Fraction(sum(totals[t] for t in range(2, 5)), 36),
                     "jolted": Fraction(sum(totals[t] for t in range(5, 9)), 36),
                     "fried": Fraction(sum(totals[t] for t in range(9, 13)), 36)}


@pytest.mark.rule("SV-MCOMB-10")
def test_the_fire_table_checks_its_shots_against_the_data_it_is_given():
    data = load_game_data(DESIGNER_DICE)
    assert odds.combat_limits(data).marine_cf == 9
    assert list(odds.marine_fire_table(cfs=[9], dns=[3], data=data).cf) == [9]
    with pytest.raises(ValueError, match="Marines never roll more than 8 dice"):
        odds.marine_fire_table(cfs=[9], dns=[3])
    assert list(odds.marine_fire_table(cfs=[9], dns=[3], allow_beyond_rules=True).cf) == [9]


@pytest.mark.rule("SV-NAT-04")
def test_the_nat_roll_reads_the_vermites_number_from_the_data_it_is_given():
    soldier = dict(odds.nat_outcome("soldier", data=load_game_data(DESIGNER_DICE)).items())
    assert soldier == {"infected": SIXTHS[1], "tainted": SIXTHS[4], "none": SIXTHS[1]}


# -- the odds' own arguments: defaults, limits, and the data they are given ---------------------------


def by_result(frame):
    """{result: exact probability} in the frame's row order."""
    return {r.result: Fraction(r.exact) for r in frame.itertuples()}


FOUR_DICE_HALF = {"no effect": Fraction(5, 16), "reduced": Fraction(10, 16),
                  "eliminated": Fraction(1, 16)}  # 4 dice each hitting half the time (§J-1)


@pytest.mark.rule("SV-MCOMB-10", "SV-MCOMB-11")
def test_marine_fire_odds_are_against_a_full_strength_target_unless_told():
    assert by_result(odds.marine_fire_odds(4, 3)) == FOUR_DICE_HALF
    assert by_result(odds.combat_odds(4, 3)) == FOUR_DICE_HALF
    frame = odds.marine_fire_odds(4, 3)
    assert list(frame.columns) == ["result", "probability", "exact"]


@pytest.mark.rule("SV-VATK-08", "SV-VATK-10", "SV-VATK-11")
def test_vermite_attack_odds_rows_run_from_no_effect_to_eliminated_and_disruption_counts():
    assert list(by_result(odds.vermite_attack_odds(4, 3))) == ["no effect", "reduced",
                                                                "eliminated"]
    assert by_result(odds.vermite_attack_odds(4, 3, disrupted=True)) == {
        "no effect": Fraction(5, 16), "eliminated": Fraction(11, 16)}
    assert by_result(odds.combat_odds(4, 3, reduced=True, attacker="Vermites")) == {
        "no effect": Fraction(5, 16), "eliminated": Fraction(11, 16)}


@pytest.mark.rule("SV-MAD-11")
def test_vermite_attack_odds_on_another_damage_table_keep_its_results_in_order():
    frame = odds.vermite_attack_odds(4, 3, table="scientist_weapon_ready")
    assert by_result(frame) == {"no effect": Fraction(5, 16), "weapon lost": Fraction(10, 16),
                                "eliminated": Fraction(1, 16)}


@pytest.mark.parametrize("call, words", [
    (lambda: odds.vermite_attack_odds(4, 3, disrupted="yes"), "disrupted must be True or False"),
    (lambda: odds.ant_gun_outcome(4, nat="yes"), "nat must be True or False"),
    (lambda: odds.ant_gun_outcome(True), "the range is a whole number"),
    (lambda: odds.fire_outcome(4, 3, table="laser"),
     "tables: standard, ant_gun, scientist_motorcycle, scientist_weapon_ready$"),
    (lambda: odds.combat_odds(9, 3), "never roll more than 8 dice in one shot;"),
    (lambda: odds.combat_odds(106, 3, attacker="Vermites"),
     "never roll more than 105 dice in one attack;"),
])
def test_odds_refusals_name_the_argument_and_the_limit(call, words):
    with pytest.raises(ValueError, match=words):
        call()


@pytest.mark.parametrize("call", [
    lambda: odds.check_combat(9, 3), lambda: odds.marine_fire_odds(9, 3),
    lambda: odds.vermite_attack_odds(106, 3)])
def test_the_rules_limits_hold_unless_beyond_rules_is_asked_for(call):
    with pytest.raises(ValueError, match="never roll more than"):
        call()


@pytest.mark.parametrize("call", [
    lambda: odds.vermite_attack_odds(106, 3, allow_beyond_rules=True),
    lambda: odds.combat_odds(106, 3, attacker="Vermites", allow_beyond_rules=True),
    lambda: odds.check_combat(odds.MOST_DICE, 6, allow_beyond_rules=True)])
def test_beyond_rules_lets_a_what_if_past_the_counter_mix(call):
    call()


@pytest.mark.rule("SV-MCOMB-10")
def test_a_cf_of_0_rolls_no_dice_and_a_dn_of_0_is_a_number_too():
    assert dict(odds.fire_outcome(0, 3).items()) == {"none": 1}
    assert by_result(odds.combat_odds(0, 3)) == {"no effect": 1, "reduced": 0, "eliminated": 0}
    assert by_result(odds.combat_odds(4, 0))["eliminated"] == 1  # every die beats 0


def test_the_ant_gun_outcome_has_no_nat_marker_by_default():
    assert {k: float(v) for k, v in odds.ant_gun_outcome(4).items()} == pytest.approx(
        ant_gun_by_hand(4))


# a designer's rules of fire: a hit on the DN itself, one hit reduces, no adjacency bonus
DESIGNER_FIRE = {
    "tables:hit_convention": "at_least",
    "tables:damage.standard": [{"hits": 1, "result": "step"}, {"hits": 4, "result": "eliminate"}],
    "tables:marine_fire.adjacent_hq": 0,
    "tables:marine_fire.adjacent_target": 0,
    "tables:ant_gun.crash_total": 3,
}


@pytest.mark.rule("SV-MCOMB-10")
def test_one_die_can_do_damage_when_the_designers_table_says_one_hit_reduces():
    one = dict(odds.fire_outcome(1, 3, data=load_game_data(DESIGNER_FIRE)).items())
    assert one == {"none": Fraction(2, 6), "step": Fraction(4, 6)}  # 3+ hits on DN 3


@pytest.mark.rule("SV-MCOMB-10")
def test_marine_fire_odds_read_the_hit_rule_and_the_table_of_the_data_given():
    data = load_game_data(DESIGNER_FIRE)
    assert by_result(odds.marine_fire_odds(1, 4, data=data)) == {
        "no effect": Fraction(1, 2), "reduced": Fraction(1, 2), "eliminated": 0}
    frame = odds.marine_fire_table(cfs=[1], dns=[4], data=data)
    assert (frame.no_effect[0], frame.reduced[0]) == (0.5, 0.5)
    assert by_result(odds.vermite_attack_odds(1, 4, data=data))["reduced"] == Fraction(1, 2)


@pytest.mark.rule("SV-MCOMB-08")
def test_without_the_adjacency_bonuses_the_best_marine_shot_is_its_printed_cf():
    data = load_game_data(DESIGNER_FIRE)
    assert odds.combat_limits(data).marine_cf == 6
    with pytest.raises(ValueError, match="never roll more than 6 dice"):
        odds.marine_fire_odds(7, 3, data=data)
    with pytest.raises(ValueError, match="never roll more than 6 dice"):
        odds.marine_fire_table(cfs=[7], dns=[3], data=data)


def test_the_ant_gun_outcome_reads_the_crash_total_of_the_data_given():
    got = odds.ant_gun_outcome(4, data=load_game_data(DESIGNER_FIRE))
    assert {k: float(v) for k, v in got.items()} == pytest.approx(ant_gun_by_hand(4, crash=3))


def test_a_counter_mix_whose_only_fighters_are_drones_attacks_with_one_drones_dive():
    """Every non-Drone at CF 0, Jewels adding nothing: the biggest attack is a Drone's (§F-1)."""
    data = load_game_data({
        "counters:vermites.soldier.full.cf": 0, "counters:vermites.ultra_mite.full.cf": 0,
        "counters:queens.high_queen.full.cf": 0, "counters:queens.sister_queen.full.cf": 0,
        "counters:queens.child_queen.full.cf": 0, "counters:crown_jewels.bonus.cf": 0})
    assert odds.combat_limits(data).vermite_cf == 6


@pytest.mark.parametrize("extra, words", [
    ({}, "Marines never roll more than 8 dice"),
    ({"reduced": True, "attacker": "Vermites", "cf": 4, "dn": 3}, None),
])
def test_odds_from_arguments_built_without_the_beyond_rules_flag_keep_the_rules(extra, words):
    from argparse import Namespace

    args = Namespace(**{"cf": 9, "dn": 3, "reduced": False, "attacker": "Marines", **extra})
    if words:
        with pytest.raises(ValueError, match=words):
            odds.odds_from_args(args)
    else:
        assert by_result(odds.odds_from_args(args)) == {
            "no effect": Fraction(5, 16), "eliminated": Fraction(11, 16)}


def test_the_odds_command_line_options():
    import argparse

    parser = argparse.ArgumentParser(prog="odds")
    odds.add_odds_arguments(parser)
    assert vars(parser.parse_args(["--cf", "4", "--dn", "3"])) == {
        "cf": 4, "dn": 3, "attacker": "Marines", "reduced": False, "beyond_rules": False}
    assert vars(parser.parse_args(["--cf", "4", "--dn", "3", "--attacker", "Vermites",
                                   "--reduced", "--beyond-rules"]))["attacker"] == "Vermites"
    for bad in (["--dn", "3"], ["--cf", "4"], ["--cf", "4", "--dn", "3", "--attacker", "Aliens"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)
    helps = {a.dest: a.help for a in parser._actions if a.dest != "help"}
    assert helps == {
        "cf": "net Combat Factor (dice rolled)", "dn": "target's Defense Number",
        "attacker": None, "reduced": "the target is already Disrupted/Reduced",
        "beyond_rules": "allow a CF or DN the game cannot have (a what-if)"}


# -- the modifiers and limits of the data given, not the shipped data's -----------------------------

# a designer's modifiers: Shoot and Scoot and a NAT marker cost more than the rulebook's -1
DESIGNER_MODIFIERS = {
    "tables:pants.shoot_and_scoot": -3,
    "tables:pants.nat_marker": -2,
    "tables:jump_pack.shoot_and_scoot": -2,
    "tables:jump_pack.nat_marker": -3,
}


@pytest.mark.rule("SV-PANTS-03")
@pytest.mark.parametrize("kwargs, modifier", [
    ({"shoot_and_scoot": True}, -3), ({"nat": True}, -2),
    ({"shoot_and_scoot": True, "nat": True}, -5)])
def test_pants_odds_take_the_shoot_and_scoot_and_nat_modifiers_of_the_data_given(kwargs, modifier):
    data = load_game_data(DESIGNER_MODIFIERS)
    rows = data.tables["pants"]["results"]
    assert exact(odds.pants_odds(**kwargs, data=data)) == banded_by_hand(rows, modifier)


@pytest.mark.rule("SV-JUMP-02")
@pytest.mark.parametrize("kwargs, modifier", [
    ({"shoot_and_scoot": True}, -2), ({"nat": True}, -3),
    ({"shoot_and_scoot": True, "nat": True}, -5)])
def test_jump_pack_odds_take_the_shoot_and_scoot_and_nat_modifiers_of_the_data_given(kwargs,
                                                                                      modifier):
    data = load_game_data(DESIGNER_MODIFIERS)
    rows = data.tables["jump_pack"]["results"]
    assert exact(odds.jump_pack_odds(**kwargs, data=data)) == banded_by_hand(rows, modifier)


# every fighter but the Drone at CF 0 and Jewels adding nothing: the biggest attack is 6 dice
DRONES_ONLY = {
    "counters:vermites.soldier.full.cf": 0, "counters:vermites.ultra_mite.full.cf": 0,
    "counters:queens.high_queen.full.cf": 0, "counters:queens.sister_queen.full.cf": 0,
    "counters:queens.child_queen.full.cf": 0, "counters:crown_jewels.bonus.cf": 0}


@pytest.mark.rule("SV-VATK-03")
def test_vermite_attack_odds_refuse_an_attack_bigger_than_the_counter_mix_given_allows():
    data = load_game_data(DRONES_ONLY)
    assert len(odds.vermite_attack_odds(6, 3, data=data)) == 3  # one Drone's dive: 6 dice
    with pytest.raises(ValueError, match="Vermites never roll more than 6 dice in one attack"):
        odds.vermite_attack_odds(7, 3, data=data)


def test_the_odds_command_line_takes_either_side_as_the_attacker_by_name():
    import argparse

    parser = argparse.ArgumentParser(prog="odds")
    odds.add_odds_arguments(parser)
    for side in ("Marines", "Vermites"):
        assert parser.parse_args(["--cf", "4", "--dn", "3", "--attacker", side]).attacker == side

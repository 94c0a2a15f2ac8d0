"""Exact odds equal a brute-force run of the game's own procedures with every possible roll."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules_lib.games.space_vermin import odds
from rules_lib.games.space_vermin.ant_gun import resolve_ant_fire
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

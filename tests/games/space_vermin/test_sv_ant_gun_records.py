"""The A.N.T. Gun (§J-3), event by event: Limber and Unlimber, the hexes it may fire at, a crash, a
miss and a hit on every Vermite in the hex (an Escorted Queen under both readings of SV-AMB-08).
Each event is checked whole (message, rule, kind, catalogue IDs, assumption, data) and each die by
what it was rolled for: the log cites the rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import functools

import pytest

from rules_lib.core.data import parse_data, read_yaml
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Decision, IllegalChoice
from rules_lib.games.space_vermin import actions as act
from rules_lib.games.space_vermin.actions import legal_actions, marine_action
from rules_lib.games.space_vermin.ant_gun import ANT_QUEEN_WHY, ant_targets, resolve_ant_fire
from rules_lib.games.space_vermin.board import map_for
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import FILES, LOADER

from .sv_helpers import ALPHA, DATA, dice, first_decision, printed_map_dice, records, run, table

J3 = "Space Vermin §J-3"
ALPHA_WHY = "Mapzone Alpha layout: the map art is not in the rulebook (layout built from SV-MF-01..30)"
BETA_WHY = "Mapzone Beta layout: the map art is not in the rulebook (layout built from SV-MF-25..30)"
HIT_IDS = ("SV-ANT-04", "SV-ANT-06")
VARIANT = "ant_gun_hits_queen_after_escort"
VARIANT_WHY = "variant ant_gun_hits_queen_after_escort (other reading of SV-AMB-08)"


def unlimbered(placements, map_key="alpha", gun_at=411):
    state = table({"A.N.T. Gun": gun_at, **placements}, map_key)
    state.unit("A.N.T. Gun").limbered = False
    return state


def hit(total, rng, where, assumed=ALPHA_WHY):
    return (f"A.N.T. Gun rolls {total} > range {rng}: every Vermite in {where} is hit", J3,
            "combat", HIT_IDS, assumed, {"total": total, "hex": where})


def beta_queen(escort, variants=(), ctx_variants=()):
    """Sister Queen in Beta's 511 escorted by ``escort``; the gun in 513 rolls 12 (NAT roll 6)."""
    state = unlimbered({"Sister Queen": 511, escort: 511}, "beta", 513)
    state.unit(escort).escort_of = "Sister Queen"
    state.variants = list(variants)
    events = records(run(resolve_ant_fire(state, dice(6, 6, 6, variants=ctx_variants),
                                          "A.N.T. Gun", "511")))
    assert events[0] == hit(12, 2, "511", BETA_WHY)
    return state, events[1:]


# -- Limber and Unlimber, and where it may fire --------------------------------------------------


@pytest.mark.rule("SV-ANT-02")
def test_unlimbering_and_limbering_flip_the_gun_as_its_action():
    state = table({"A.N.T. Gun": 411})
    gun = state.unit("A.N.T. Gun")
    events = records(run(marine_action(state, dice(), "A.N.T. Gun", act.UNLIMBER)))
    assert events[-1] == ("A.N.T. Gun is flipped to its Unlimbered side", J3, "move",
                          ("SV-ANT-02",), "", {"unit": "A.N.T. Gun"})
    assert not gun.limbered
    gun.acted = False
    events = records(run(marine_action(state, dice(), "A.N.T. Gun", act.LIMBER)))
    assert events[-1] == ("A.N.T. Gun is flipped to its Limbered side", J3, "move",
                          ("SV-ANT-02",), "", {"unit": "A.N.T. Gun"})
    assert gun.limbered


@pytest.mark.rule("SV-ANT-03")
def test_the_gun_may_fire_at_the_hexes_with_a_vermite_lowest_numbered_first():
    # unnumbered hexes after the numbered ones, by their place on the map (u9.1 west of u10.8)
    state = unlimbered({"Soldier #1": "u10.8", "Drone #4": "u9.1", "Ultra-Mite #2": 111})
    assert ant_targets(DATA, ALPHA, state, "A.N.T. Gun") == ["111", "u9.1", "u10.8"]


@pytest.mark.rule("SV-ANT-02", "SV-ANT-03")
def test_a_limbered_gun_may_not_fire():
    state = table({"A.N.T. Gun": 411, "Soldier #1": 415})
    assert state.unit("A.N.T. Gun").limbered
    assert ant_targets(DATA, ALPHA, state, "A.N.T. Gun") == []
    with pytest.raises(IllegalChoice, match="A.N.T. Gun cannot fire at hex 415"):
        run(resolve_ant_fire(state, dice(6, 6), "A.N.T. Gun", "415"))


@pytest.mark.rule("SV-LZ-07", "SV-ANT-03")
def test_a_gun_that_landed_this_turn_may_not_fire():
    state = unlimbered({"Soldier #1": 415})
    state.unit("A.N.T. Gun").landed_turn = state.turn
    assert ant_targets(DATA, ALPHA, state, "A.N.T. Gun") == []
    state.unit("A.N.T. Gun").landed_turn = state.turn - 1
    assert ant_targets(DATA, ALPHA, state, "A.N.T. Gun") == ["415"]


@pytest.mark.rule("SV-ANT-03")
def test_only_the_ant_gun_fires_as_the_ant_gun():
    state = unlimbered({"Squad 1": 412, "Soldier #1": 415})
    assert ant_targets(DATA, ALPHA, state, "Squad 1") == []
    with pytest.raises(IllegalChoice, match="Squad 1 cannot fire at hex 415"):
        run(resolve_ant_fire(state, dice(6, 6), "Squad 1", "415"))


@functools.cache
def crater_data():
    """A designer's Mapzone Alpha whose unnumbered hex u9.1 is named "Crater"."""
    raw = {name: read_yaml(LOADER.folder / path) for name, path in FILES.items()}
    raw["alpha"]["columns"][9][0] = "Crater"
    return LOADER.build({name: parse_data(raw[name], str(LOADER.folder / FILES[name]))
                         for name in FILES})


@pytest.mark.rule("SV-ANT-03", "SV-ANT-04")
def test_full_fire_aims_at_the_hexes_of_the_games_own_map():
    data = crater_data()
    state = placed_state({"A.N.T. Gun": 341, "Soldier #1": "Crater"}, "alpha", data)
    state.unit("A.N.T. Gun").limbered = False
    assert ant_targets(data, map_for("alpha", data), state, "A.N.T. Gun") == ["Crater"]
    ctx = Context(dice=ScriptedDice([3, 3, 6]), data=data)
    proc = marine_action(state, ctx, "A.N.T. Gun", act.FULL_FIRE)
    assert first_decision(proc).options == ["Crater"]
    events = records(run_from(proc, "Crater"))
    assert events[0] == hit(6, 1, "Crater")  # Crater is next to 341
    assert state.unit("Soldier #1").status == "cup"


# -- the shot ------------------------------------------------------------------------------------


@pytest.mark.rule("SV-ANT-05")
def test_a_two_crashes_the_computer_and_limbers_the_gun():
    state = unlimbered({"Soldier #1": 415})
    ctx = dice(1, 1)
    events = records(run(resolve_ant_fire(state, ctx, "A.N.T. Gun", "415")))
    assert events == [
        ("A.N.T. Gun rolls 2: the computer crashed before firing; the gun is flipped to its "
         + "Limbered side", J3, "combat", ("SV-ANT-05",), "", {"total": 2}),
    ]
    assert list(ctx.dice.log) == [("A.N.T. Gun A.N.T. Gun at 415", 6, 1)] * 2
    assert state.unit("A.N.T. Gun").limbered and state.unit("Soldier #1").hex == "415"


@pytest.mark.rule("SV-ANT-04")
def test_a_total_not_over_the_range_misses():
    state = unlimbered({"Soldier #1": 415})
    events = records(run(resolve_ant_fire(state, dice(2, 2), "A.N.T. Gun", "415")))
    assert events == [
        ("A.N.T. Gun rolls 4, not more than the range 4: miss", J3, "combat", HIT_IDS, ALPHA_WHY,
         {"total": 4, "hex": "415"}),
    ]
    assert state.unit("Soldier #1").hex == "415" and not state.unit("A.N.T. Gun").limbered


@pytest.mark.rule("SV-ANT-04", "SV-ANT-06")
def test_a_hit_eliminates_soldiers_and_reduces_ultra_mites_and_unescorted_queens():
    state = unlimbered({"Soldier #1": 415, "Ultra-Mite #2": 415, "High Queen": 415})
    events = records(run(resolve_ant_fire(state, dice(3, 3), "A.N.T. Gun", "415")))
    assert events[0] == hit(6, 4, "415")
    assert events[1:3] == [
        ("Soldier #1 is eliminated by the A.N.T. Gun", J3, "combat", ("SV-ANT-06",), "",
         {"unit": "Soldier #1"}),
        ("Soldier #1 is eliminated and returned to the Vermite Unit Cup", "Space Vermin §Q-1-c",
         "combat", ("SV-S1-12",), "", {"unit": "Soldier #1", "at": "415"}),
    ]
    assert events[4:] == [
        ("Ultra-Mite #2 is flipped to its Reduced side", J3, "combat", ("SV-ANT-06",), "",
         {"unit": "Ultra-Mite #2"}),
        ("High Queen is flipped to its Reduced side", J3, "combat", ("SV-ANT-06",), "",
         {"unit": "High Queen"}),
    ]
    assert state.unit("Soldier #1").status == "cup"
    assert state.unit("Ultra-Mite #2").reduced and state.unit("High Queen").reduced


@pytest.mark.rule("SV-ANT-06", "SV-NAT-01")
def test_a_hit_eliminates_an_already_reduced_ultra_mite_and_sets_off_its_nat_roll():
    state = unlimbered({"Ultra-Mite #2": 415, "Squad 1": 414})
    state.unit("Ultra-Mite #2").reduced = True
    ctx = dice(3, 3, 6)
    events = records(run(resolve_ant_fire(state, ctx, "A.N.T. Gun", "415")))
    assert events[1] == ("Ultra-Mite #2 is already Reduced", J3, "combat", ("SV-ANT-06",), "",
                         {"unit": "Ultra-Mite #2"})
    assert list(ctx.dice.log)[-1] == ("NAT roll for Ultra-Mite #2", 6, 6)  # Squad 1 is near
    assert state.unit("Ultra-Mite #2").status == "cup"


@pytest.mark.rule("SV-ANT-06", "SV-S2-14", "SV-AMB-08")
def test_an_escorted_queen_is_unaffected_when_her_escort_survives():
    state, events = beta_queen("Ultra-Mite #6")
    assert events == [
        ("Ultra-Mite #6 is flipped to its Reduced side", J3, "combat", ("SV-ANT-06",), "",
         {"unit": "Ultra-Mite #6"}),
        ("Sister Queen is an Escorted Queen: unaffected", J3, "combat",
         ("SV-ANT-06", "SV-S2-14", "SV-AMB-08"), ANT_QUEEN_WHY, {"unit": "Sister Queen"}),
    ]
    assert not state.unit("Sister Queen").reduced


@pytest.mark.rule("SV-AMB-08", "SV-ANT-06")
def test_variant_an_escorted_queen_whose_escort_survives_is_still_unaffected():
    state, events = beta_queen("Ultra-Mite #6", ctx_variants=[VARIANT])
    assert events[1] == ("Sister Queen is an Escorted Queen: unaffected", J3, "combat",
                         ("SV-ANT-06", "SV-S2-14", "SV-AMB-08"), VARIANT_WHY,
                         {"unit": "Sister Queen"})
    assert not state.unit("Sister Queen").reduced


@pytest.mark.rule("SV-AMB-08", "SV-ANT-06")
def test_variant_a_queen_whose_escort_dies_is_hit_after_it():
    state, events = beta_queen("Soldier #1", ctx_variants=[VARIANT])  # the variant in the context
    assert events[0][0] == "Soldier #1 is eliminated by the A.N.T. Gun"
    assert events[-1] == ("Sister Queen is flipped to its Reduced side", J3, "combat",
                          ("SV-ANT-06", "SV-AMB-08"), VARIANT_WHY, {"unit": "Sister Queen"})
    assert state.unit("Sister Queen").reduced


@pytest.mark.rule("SV-AMB-08", "SV-ANT-06")
def test_variant_hits_the_escort_first_whatever_order_the_units_are_listed_in():
    """A saved game may list the Queen before her Escort: the variant still takes the Escort
    first and the Queen as she is after it."""
    state = unlimbered({"Sister Queen": 511, "Soldier #1": 511}, "beta", 513)
    state.unit("Soldier #1").escort_of = "Sister Queen"
    state.units.sort(key=lambda u: u.id != "Sister Queen")
    assert [u.id for u in state.units_at("511")] == ["Sister Queen", "Soldier #1"]
    events = records(run(resolve_ant_fire(state, dice(6, 6, 6, variants=[VARIANT]),
                                          "A.N.T. Gun", "511")))
    assert [e[0] for e in events][1:2] == ["Soldier #1 is eliminated by the A.N.T. Gun"]
    assert state.unit("Sister Queen").reduced


@pytest.mark.rule("SV-ANT-04")
@pytest.mark.parametrize("faces", [(2, 2), (3, 3)])
def test_the_gun_on_the_printed_map_cites_no_map_assumption(faces):
    """The range counts the Mapzone's hexes, assumed in the shipped file: a miss or a hit says so.
    A designer who enters the printed map (``rulebook:``) sees the mark go."""
    shipped = records(run(resolve_ant_fire(unlimbered({"Soldier #1": 415}), dice(*faces),
                                           "A.N.T. Gun", "415")))
    printed = records(run(resolve_ant_fire(unlimbered({"Soldier #1": 415}),
                                           printed_map_dice(*faces), "A.N.T. Gun", "415")))
    assert shipped[0][4] == ALPHA_WHY and printed[0][4] == ""
    assert printed[0][:4] == shipped[0][:4]


@pytest.mark.rule("SV-ANT-02", "SV-ANT-03")
def test_full_fire_asks_the_marines_which_hex_and_fires_at_it():
    state = unlimbered({"Soldier #1": 415, "Drone #4": 416})
    proc = marine_action(state, dice(3, 3, 6), "A.N.T. Gun", act.FULL_FIRE)
    decision = first_decision(proc)
    assert (decision.player, decision.kind, decision.options, decision.rule) == (
        "Marines", "ant_target", ["415", "416"], J3)
    events = records(run_from(proc, "416"))
    assert events[0] == hit(6, 5, "416")
    assert state.unit("Drone #4").status == "cup" and state.unit("Soldier #1").hex == "415"


def run_from(proc, answer):
    """The events of a procedure after its first Decision is answered (then the first option)."""
    events = []
    item = proc.send(answer)
    while True:
        if not isinstance(item, Decision):
            events.append(item)
        try:
            item = proc.send(item.options[0] if isinstance(item, Decision) else None)
        except StopIteration:
            return events


@pytest.mark.rule("SV-ANT-03")
def test_full_fire_is_offered_only_with_a_target():
    state = unlimbered({})
    assert act.FULL_FIRE not in legal_actions(DATA, ALPHA, state, "A.N.T. Gun")
    state = unlimbered({"Soldier #1": 415})
    assert act.FULL_FIRE in legal_actions(DATA, ALPHA, state, "A.N.T. Gun")

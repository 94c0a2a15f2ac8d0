"""Marine fire (§J-1, §J-2, §E-1-c), event by event: the shot (dice, CF, DN, hits and the data
behind them), what the hits do to a Vermite, and what they do to a Nest Tunnel Exit chit in both
readings of SV-AMB-02. Each event is checked whole (message, rule, kind, catalogue IDs, assumption,
data): the log cites the rulebook at every event (DESIGN principles 3 and 8)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, IllegalChoice
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.fire_plans import NAT_ONCE_WHY
from rules_lib.games.space_vermin.marine_fire import damage_tunnel_exit, resolve_fire
from rules_lib.games.space_vermin.provenance import map_reason, values_reason

from .sv_helpers import DATA, dice, records, run, table

MAP = map_reason(DATA, "alpha")
J1 = "Space Vermin §J-1"
STANDARD = ("SV-MCOMB-06", "SV-MCOMB-07", "SV-MCOMB-08", "SV-MCOMB-10")
EXIT_IDS = ("SV-TUN-07", "SV-TERR-26", "SV-AMB-02")
AS_A_VERMITE = ("default reading of SV-AMB-02: hits on a Tunnel Exit chit are read like hits on "
                "a Vermite (a step flips it, or removes it if already flipped; an elimination "
                "removes it)")
ONLY_COLLAPSES = "variant tunnel_exit_only_collapses (other reading of SV-AMB-02)"


def squad_fires_at_soldier(*faces):
    """Squad 1 in 411 fires at Soldier #1 two hexes away in 413 (CF 4, no modifiers, DN 2)."""
    state = table({"Squad 1": 411, "Soldier #1": 413})
    return state, records(run(resolve_fire(state, dice(*faces), "Squad 1", "Soldier #1")))


def shot(faces, hits, result):
    return ((f"Squad 1 (standard) fires at Soldier #1 in 413: CF 4 (no modifiers) rolls "
            f"{list(faces)} against DN 2: {hits} hit(s)"), J1, "combat", STANDARD, MAP,
            {"firer": "Squad 1", "target": "Soldier #1", "cf": 4, "dn": 2, "faces": list(faces),
             "hits": hits, "result": result,
             "values": ["counters:marines.squad.full.cf", "counters:vermites.soldier.full.dn"],
             "hex": "413"})


@pytest.mark.rule("SV-MCOMB-06", "SV-MCOMB-07", "SV-MCOMB-08", "SV-MCOMB-11")
def test_one_hit_does_nothing():
    state, log = squad_fires_at_soldier(6, 1, 1, 1)
    assert log == [shot((6, 1, 1, 1), 1, "none"),
                   ("1 hit(s): no effect on Soldier #1", J1, "combat", ("SV-MCOMB-11",), "",
                    {"unit": "Soldier #1"})]
    assert state.unit("Soldier #1").on_map and not state.unit("Soldier #1").reduced


@pytest.mark.rule("SV-MCOMB-08", "SV-MCOMB-11")
def test_two_hits_flip_a_full_strength_vermite():
    state, log = squad_fires_at_soldier(6, 6, 1, 1)
    assert log == [shot((6, 6, 1, 1), 2, "step"),
                   ("Soldier #1 is flipped to its Reduced side", J1, "combat", ("SV-MCOMB-11",),
                    "", {"unit": "Soldier #1"})]
    assert state.unit("Soldier #1").on_map and state.unit("Soldier #1").reduced


@pytest.mark.rule("SV-MCOMB-11", "SV-S1-12", "SV-NAT-04")
def test_four_hits_eliminate_whatever_the_condition_and_set_off_a_nat_roll():
    state, log = squad_fires_at_soldier(6, 6, 6, 6, 6)
    assert log == [
        shot((6, 6, 6, 6), 4, "eliminate"),
        ("4 hits: Soldier #1 is eliminated regardless of its condition", J1, "combat",
         ("SV-MCOMB-11",), "", {"unit": "Soldier #1"}),
        ("Soldier #1 is eliminated and returned to the Vermite Unit Cup", "Space Vermin §Q-1-c",
         "combat", ("SV-S1-12",), "", {"unit": "Soldier #1", "at": "413"}),
        ("NAT roll 6 (needs 1-3 for a Soldier): no infestation", "Space Vermin §J-7", "roll",
         ("SV-NAT-04",), "", {"roll": 6, "values": ["counters:vermites.soldier.nat_roll"]}),
    ]
    assert state.unit("Soldier #1").status == "cup"


@pytest.mark.rule("SV-PIST-02", "SV-MCOMB-10")
def test_a_pistol_shot_cites_the_pistol_rule_and_the_assumed_cf_it_reads():
    state = table({"Logistics": 411, "Soldier #1": 412, "Soldier #3": 414})
    log = records(run(resolve_fire(state, dice(6, 6), "Logistics", "Soldier #1")))
    cf = "counters:marines.logistics.full.cf"
    assert log[0] == (
        ("Logistics (pistol) fires at Soldier #1 in 412: CF 2 (no modifiers) rolls [6, 6] against "
        "DN 2: 2 hit(s)"), "Space Vermin §J-2", "combat", ("SV-PIST-02", "SV-MCOMB-10"),
        f"{values_reason(DATA, (cf,))}; {MAP}",
        {"firer": "Logistics", "target": "Soldier #1", "cf": 2, "dn": 2, "faces": [6, 6],
         "hits": 2, "result": "step", "values": [cf, "counters:vermites.soldier.full.dn"],
         "hex": "412"})
    assert values_reason(DATA, (cf,))  # the Logistics' CF is the project's (counter art)
    assert log[1][:3] == ("Soldier #1 is flipped to its Reduced side", "Space Vermin §J-2",
                          "combat")


@pytest.mark.rule("SV-MCOMB-07", "SV-AMB-04", "SV-NAT-08")
def test_a_nat_marked_firer_loses_one_cf_by_the_default_reading_of_sv_amb_04():
    state = table({"Squad 1": 411, "Soldier #1": 413})
    state.unit("Squad 1").nat = "tainted"
    log = records(run(resolve_fire(state, dice(6, 6, 1), "Squad 1", "Soldier #1")))
    assert log[0][0] == ("Squad 1 (standard) fires at Soldier #1 in 413: CF 3 (NAT marker -1) "
                         "rolls [6, 6, 1] against DN 2: 2 hit(s)")
    assert log[0][3] == STANDARD + ("SV-AMB-04", "SV-NAT-08")
    assert log[0][4] == f"{MAP}; {NAT_ONCE_WHY}"


@pytest.mark.rule("SV-MCOMB-04")
def test_a_target_the_marine_cannot_fire_at_is_refused_naming_the_legal_ones():
    state = table({"Squad 1": 415, "Soldier #1": 414, "Soldier #3": 416})
    with pytest.raises(IllegalChoice, match="^Squad 1 cannot fire at Drone #4; legal targets: "
                                            "Soldier #1, Soldier #3$"):
        run(resolve_fire(state, dice(), "Squad 1", "Drone #4"))
    alone = table({"Squad 1": 415})
    with pytest.raises(IllegalChoice, match="; legal targets: none$"):
        run(resolve_fire(alone, dice(), "Squad 1", "Drone #4"))


@pytest.mark.rule("SV-MCOMB-06", "SV-MCOMB-07")
def test_the_dice_are_rolled_for_this_shot_one_per_cf():
    state = table({"Squad 1": 411, "Soldier #1": 413})
    ctx = dice(6, 1, 1, 1)
    run(resolve_fire(state, ctx, "Squad 1", "Soldier #1"))
    assert ctx.dice.log == [("Squad 1 fires at Soldier #1", 6, face) for face in (6, 1, 1, 1)]


@pytest.mark.rule("SV-FIRE-02", "SV-MCOMB-07")
def test_shoot_and_scoot_costs_one_and_the_modifiers_are_listed_in_order():
    state = table({"Squad 1": 411, "Soldier #1": 412})
    log = records(run(resolve_fire(state, dice(6, 6, 1, 1), "Squad 1", "Soldier #1",
                                   shoot_and_scoot=True)))
    assert log[0][0] == ("Squad 1 (standard) fires at Soldier #1 in 412: CF 4 (Shoot and Scoot "
                         "-1, target adjacent +1) rolls [6, 6, 1, 1] against DN 2: 2 hit(s)")


@pytest.mark.rule("SV-MCOMB-07", "SV-TERR-02")
def test_the_shot_reads_the_contexts_data_and_map():
    """A designer's map edit (413 made Bog) and counter edit (Squad CF 5) reach the shot."""
    terrain = DATA.maps["alpha"].terrain
    bog = [int(lab) for lab, kind in terrain.items() if kind == "bog"] + [413]
    data = load_game_data({"alpha:terrain.bog": bog, "counters:marines.squad.full.cf": 5})
    state = table({"Squad 1": 411, "Soldier #1": 413})
    ctx = Context(dice=ScriptedDice([6, 6, 1, 1]), data=data)
    log = records(run(resolve_fire(state, ctx, "Squad 1", "Soldier #1")))
    assert log[0][0] == ("Squad 1 (standard) fires at Soldier #1 in 413: CF 4 (target in "
                         "defensive terrain -1) rolls [6, 6, 1, 1] against DN 2: 2 hit(s)")
    assert log[0][5]["hex"] == "413" and state.unit("Soldier #1").reduced


# -- a Nest Tunnel Exit chit as the target (§E-1-c, SV-AMB-02) -------------------------------------


@pytest.mark.rule("SV-TUN-07", "SV-TERR-26", "SV-AMB-02")
@pytest.mark.parametrize("side,faces,variants,after,cup,words,rule,why", [
    ("open", (6, 1, 1, 1, 1), (), {"4": "open"}, [], None, None, None),
    ("open", (6, 6, 1, 1, 1), (), {"4": "collapsed"}, [],
     "is flipped to its Partially Collapsed side (default reading of SV-AMB-02)",
     "Space Vermin §E-1-c", AS_A_VERMITE),
    ("collapsed", (6, 6, 1, 1, 1), (), {}, ["4"],
     "is destroyed and returned to the Vermite Unit Cup (default reading of SV-AMB-02)",
     "Space Vermin §E-1-c", AS_A_VERMITE),
    ("open", (6, 6, 6, 6, 1), (), {}, ["4"],
     "is destroyed and returned to the Vermite Unit Cup (default reading of SV-AMB-02)",
     "Space Vermin §E-1-c", AS_A_VERMITE),
    ("open", (1, 1, 1, 1, 1), ("tunnel_exit_only_collapses",), {"4": "open"}, [], None, None,
     None),
    ("open", (6, 6, 1, 1, 1), ("tunnel_exit_only_collapses",), {"4": "collapsed"}, [],
     "is flipped to its Partially Collapsed side (variant: damage only collapses a chit, §P-2-m)",
     "Space Vermin §E-1-c / §P-2-m", ONLY_COLLAPSES),
    ("collapsed", (6, 6, 1, 1, 1), ("tunnel_exit_only_collapses",), {"4": "collapsed"}, [],
     ("is already Partially Collapsed and stays so (variant: damage only collapses a chit, "
     "§P-2-m)"), "Space Vermin §E-1-c / §P-2-m", ONLY_COLLAPSES),
    ("open", (6, 6, 6, 6, 1), ("tunnel_exit_only_collapses",), {"4": "collapsed"}, [],
     "is flipped to its Partially Collapsed side (variant: damage only collapses a chit, §P-2-m)",
     "Space Vermin §E-1-c / §P-2-m", ONLY_COLLAPSES),
])
def test_hits_on_a_tunnel_exit(side, faces, variants, after, cup, words, rule, why):
    state = table({"Squad 1": 513}, tunnel_exits={"4": side})
    state.variants = list(variants)
    log = records(run(resolve_fire(state, dice(*faces, variants=variants), "Squad 1",
                                   "Tunnel Exit 4")))
    hits = sum(1 for f in faces if f > 3)
    result = {0: "none", 1: "none", 2: "step", 3: "step"}.get(hits, "eliminate")
    assert log[0] == (
        (f"Squad 1 (standard) fires at Tunnel Exit 4 in 514: CF 5 (target adjacent +1) rolls "
        f"{list(faces)} against DN 3: {hits} hit(s)"), J1, "combat",
        STANDARD + ("SV-TUN-07",), MAP,
        {"firer": "Squad 1", "target": "Tunnel Exit 4", "cf": 5, "dn": 3, "faces": list(faces),
         "hits": hits, "result": result,
         "values": ["counters:marines.squad.full.cf", "counters:tunnel_exit_chits.dn"],
         "hex": "514"})
    if words is None:
        assert log[1:] == [("One hit or none: no effect", J1, "combat",
                            ("SV-MCOMB-11", "SV-AMB-02"), AS_A_VERMITE, {})]
    else:
        assert log[1:] == [(f"Tunnel Exit 4 {words}", rule, "combat", EXIT_IDS, why,
                            {"exit": "4"})]
    assert state.tunnel_exits == after and state.cup_tunnel_exits == cup


@pytest.mark.rule("SV-TUN-07", "SV-AMB-02")
def test_the_default_reading_is_the_default():
    state = table({}, tunnel_exits={"4": "open"})
    event = damage_tunnel_exit(state, "4", "eliminate")
    assert state.tunnel_exits == {} and state.cup_tunnel_exits == ["4"]
    assert event.assumed == AS_A_VERMITE


@pytest.mark.rule("SV-AMB-02")
def test_the_tunnel_exit_variant_may_come_from_the_context_alone():
    state = table({"Squad 1": 513}, tunnel_exits={"4": "open"})
    run(resolve_fire(state, dice(6, 6, 6, 6, 1, variants=["tunnel_exit_only_collapses"]),
                     "Squad 1", "Tunnel Exit 4"))
    assert state.tunnel_exits == {"4": "collapsed"} and state.cup_tunnel_exits == []

"""Every catalogued ambiguity: where its readings change play, the default and the variant give
different results in the same constructed position; where they cannot, the test shows why."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import drive
from rules_lib.games.ginormopod import VARIANTS, new_game
from rules_lib.games.ginormopod.board import fence_open_from
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.danger import roll_for_danger
from rules_lib.games.ginormopod.fx import choose_fx
from rules_lib.games.ginormopod.movement import movement_step, unit_reach
from rules_lib.games.ginormopod.retreat import retreat_unit
from rules_lib.games.ginormopod.turn import action_phase, activate, fade_in, hold_chits

END = [f"...The End??? {i}" for i in (1, 2, 3)]


def both(make, run):
    """run(table, variants) under the default reading and under the variant."""
    return run(make(), ()), run(make(), "variant")


def first_turn_draws(variants):
    game = new_game(seed=3, variants=variants)
    game.next_phase()
    while game.state.phase != "Fade Out":
        game.step_event()
    return [e.message for e in game.log if e.turn == 1 and e.message.startswith("Drawn: ")]


def test_every_ambiguity_with_a_variant_is_registered_once():
    ids = [i for v in VARIANTS for i in v.ids if i.startswith("GIN-AMB-")]
    assert len(ids) == len(set(ids))
    assert set(ids) == {f"GIN-AMB-{n:02d}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15,
                                                      16, 17, 19)}


@pytest.mark.rule("GIN-AMB-01")
def test_end_chits_in_the_cup_or_every_chit_drawn():
    default = first_turn_draws([])
    variant = first_turn_draws(["cup_without_end_chits"])
    assert sum("...The End???" in m for m in default) == 3
    assert not any("...The End???" in m for m in variant) and len(variant) == 10


@pytest.mark.rule("GIN-AMB-02")
def test_danger_chits_wait_for_turn_2_or_start_in_the_cup():
    def cup_after_setup(variants):
        game = new_game(seed=1, variants=variants)
        while game.state.phase == "Set-Up":
            game.step_event()
        return set(game.state.cup), game.state.turn_chits

    cup, waiting = cup_after_setup([])
    assert not {"Nuclear", "Tectonic Telekinesis"} & cup and waiting["2"]
    cup, waiting = cup_after_setup(["danger_chits_from_start"])
    assert {"Nuclear", "Tectonic Telekinesis"} <= cup and "2" not in waiting


@pytest.mark.rule("GIN-AMB-03", "GIN-DNGR-01")
@pytest.mark.parametrize("variants,space", [((), 1), (("nuclear_is_not_nukes",), 0)])
def test_nuclear_is_the_nukes_that_move_the_danger_marker(table, variants, space):
    s = table.state
    s.fx_hand["Human"] = ["Nuclear"]
    drive(choose_fx(s, table.ctx(variants=variants), "Human", "Chicago"), answers=["Nuclear"])
    assert s.danger == space and s.danger_side == ("Human" if space else "")


@pytest.mark.rule("GIN-AMB-03", "GIN-OVER-08")
def test_each_side_owns_one_planet_endangering_fx(data):
    """Overview: 'Each side has a specific FX that if used endangers the planet' — Tectonic
    Telekinesis for the Swarm (the timeline), Nuclear for the Humans (GIN-AMB-03 default)."""
    danger = {name: fx.side for name, fx in data.fx.items() if fx.danger}
    assert danger == {"Tectonic Telekinesis": "Swarm", "Nuclear": "Human"}


@pytest.mark.rule("GIN-AMB-04", "GIN-DNGR-03")
@pytest.mark.parametrize("variants,earth", [((), "destroyed"), (("danger_each_die",), "saved")])
def test_the_danger_roll_sums_both_dice_or_matches_each_symbol(table, variants, earth):
    s = table.state
    s.danger, s.danger_side = 3, "Human"  # the space shows two 5s
    assert table.data.danger_symbols(3) == (5, 5)
    drive(roll_for_danger(s, table.ctx([4, 6], variants)))  # 10: the sum reaches 5 + 5
    assert (s.result == "Swarm") == (earth == "destroyed")


@pytest.mark.rule("GIN-AMB-05", "GIN-DNGR-02")
@pytest.mark.parametrize("variants,result", [((), None), (("danger_both_roll",), "Human")])
def test_only_the_face_up_player_rolls_or_both_users_do(table, variants, result):
    s = table.state
    s.danger, s.danger_side, s.danger_users = 1, "Human", ["Swarm", "Human"]
    ctx = table.ctx([1, 1, 6, 6], variants)  # the Humans roll 1+1; the Swarm would roll 6+6
    drive(roll_for_danger(s, ctx))
    assert s.result == result


class ByPlayer:
    """The owner retreats to the first City offered, the enemy would pick the last."""

    name = "by-player"

    def choose(self, state, decision, rng):
        return decision.options[0 if decision.player == "Human" else -1]


@pytest.mark.rule("GIN-AMB-06", "GIN-RETR-04")
@pytest.mark.parametrize("variants,where", [((), "Minneapolis"),
                                            (("retreat_chosen_by_enemy",), "St Louis")])
def test_the_owner_or_the_winner_chooses_where_non_acting_units_retreat(table, variants, where):
    s = table.place("Des Moines", "Infantry A2")
    act = table.activation("Swarm", "X")
    drive(retreat_unit(s, table.ctx(variants=variants), act, s.unit("Infantry A2"),
                       acting=False), policy=ByPlayer())
    assert table.where("Infantry A2") == where


@pytest.mark.rule("GIN-AMB-07")
@pytest.mark.parametrize("variants,lost", [((), 2), (("only_activated_units_attack",), 1)])
def test_every_unit_in_the_city_fights_or_only_the_activated_formation(table, variants, lost):
    s = table.place("Des Moines", "Ant X1", "Ant Y1", "Infantry A1", "Infantry A2")
    # Humans 1,1,1,1: no hit; the Ants 6,6 (6,6): two hits per Ant that rolls
    drive(resolve_battle(s, table.ctx([1, 1, 1, 1, 6, 6, 6, 6], variants),
                         table.activation("Swarm", "X"), "Des Moines"))
    steps_lost = sum(2 if u.pool != "map" else int(u.reduced)
                     for u in (s.unit("Infantry A1"), s.unit("Infantry A2")))
    assert steps_lost == 2 * lost


@pytest.mark.rule("GIN-AMB-08", "GIN-OVRN-01")
@pytest.mark.parametrize("variants,overrun", [((), False),
                                              (("overrun_ignores_fort_boxes",), True)])
def test_fort_boxes_count_against_an_overrun_or_not(table, variants, overrun):
    s = table.place("Chicago", "Ant X1", "Ant X2", "Ant Y1", "Ant Y2", "Ant Z1", "Infantry A1")
    events = drive(resolve_battle(s, table.ctx([1] * 15, variants),
                                  table.activation("Swarm", "X"), "Chicago"))  # (first options)
    assert any(e.kind == "overrun" for e in events) == overrun
    assert (table.where("Infantry A1") == "eliminated") == overrun


@pytest.mark.rule("GIN-AMB-09", "GIN-FIN-04")
@pytest.mark.parametrize("variants,in_cup", [((), False), (("held_chit_returns_to_cup",), True)])
def test_a_held_chit_stays_out_of_the_cup_or_goes_back_after_its_fade_in(table_factory,
                                                                         variants, in_cup):
    table = table_factory(turn=2)
    s = table.state
    s.held["Swarm"] = "Swarm Z"
    drive(fade_in(s, table.ctx(variants=variants)))
    assert ("Swarm Z" in s.cup) == in_cup and ("Swarm Z" in s.drawn) != in_cup


@pytest.mark.rule("GIN-AMB-10", "GIN-FOUT-02")
@pytest.mark.parametrize("variants,held", [((), ""), (("hold_without_activation",), "Swarm Y")])
def test_no_activation_means_no_held_chit_or_holding_anyway(table, variants, held):
    s = table.state
    s.cup, s.drawn = ["Human B", "Swarm Y"], ["Wasp", *END]
    drive(hold_chits(s, table.ctx(variants=variants)), answers=["Swarm Y", "Human B"])
    assert s.held["Swarm"] == held


@pytest.mark.rule("GIN-AMB-11", "GIN-VIC-01")
@pytest.mark.parametrize("variants,result", [((), None), (("sudden_victory",), "Swarm")])
def test_victory_waits_for_the_fade_out_or_comes_at_once(table, variants, result):
    s = table.place("Washington DC", "Ant X1", "Ant X2")
    s.forts["New York City"].strength, s.forts["New York City"].destroyed = 0, True
    s.forts["Washington DC"].strength = 1
    # the Fort's die 1: no hit; the Ants 3,4,3,4: four hits, the last box falls
    drive(resolve_battle(s, table.ctx([1, 3, 4, 3, 4], variants),
                         table.activation("Swarm", "X"), "Washington DC"))
    assert s.forts["Washington DC"].destroyed and s.result == result


@pytest.mark.rule("GIN-AMB-14", "GIN-FENCE-02")
def test_road_adjacent_and_neighbouring_along_the_fence_pick_the_same_fort_pairs(data):
    """The readings differ only where two Fence Forts are joined by a road without being neighbours
    on the Fence line (or the reverse). On this map the Fence Forts joined by roads form one chain,
    Chicago - St Louis - Memphis - Jackson - New Orleans, so the two readings open the same holes;
    no variant is needed. Each road-adjacent pair, destroyed, opens both Forts' roads east."""
    fence = {c for c, f in data.forts.items() if f.fence}
    pairs = {frozenset((a, b)) for a, b in data.roads if a in fence and b in fence}
    degree = {c: sum(c in p for p in pairs) for c in fence}
    assert len(pairs) == len(fence) - 1 and max(degree.values()) <= 2  # a chain, no shortcut
    assert sorted(degree.values()) == [1, 1, 2, 2, 2]
    from rules_lib.games.ginormopod import standard_state

    for pair in pairs:
        state = standard_state(data, [])
        for fort in pair:
            state.forts[fort].strength, state.forts[fort].destroyed = 0, True
        assert all(fence_open_from(state, data, fort) for fort in pair)


@pytest.mark.rule("GIN-AMB-15", "GIN-TANK-01")
@pytest.mark.parametrize("variants,ants_left", [((), 1), (("reduced_tank_doubles",), 0)])
def test_a_reduced_tank_rolls_its_symbol_or_uses_the_doubles_rule(table, variants, ants_left):
    s = table.place("Des Moines", "Ant X1", "Ant X2", reduced=True)
    table.place("Des Moines", "Tank A1", reduced=True)
    # the Tank: 6 (default: one die, one hit) or 6,6 (variant: doubles, two hits); the Ants 6,1
    # (default) or 1,1 (variant)
    faces = [6, 6, 1, 1]
    drive(resolve_battle(s, table.ctx(faces, variants), table.activation("Swarm", "X"),
                         "Des Moines"))
    assert sum(u.pool == "map" for u in s.at("Des Moines", "Swarm")) == ants_left


@pytest.mark.rule("GIN-AMB-16", "GIN-ALLY-02")
@pytest.mark.parametrize("variants,hold", [((), False), (("allied_chit_activates_on_draw",), True)])
def test_the_first_foreign_chit_only_chooses_the_nation_or_activates(table_factory, variants, hold):
    table = table_factory(turn=6)
    s = table.state
    s.cup = ["French", *END]
    drive(action_phase(s, table.ctx([1, 1, 1, 1], variants)))
    assert s.allied_arriving == "French"
    s.cup.append("Human B")
    events = drive(hold_chits(s, table.ctx(variants=variants)), answers=["Human B"])
    # an Activation (of nobody) this turn is what lets the Humans hold a chit
    assert (s.held["Human"] == "Human B") == hold
    assert any(e.kind == "decision" for e in events) == hold


@pytest.mark.rule("GIN-AMB-17", "GIN-FORT-13")
@pytest.mark.parametrize("variants,offered", [((), True),
                                              (("sortie_won_only_by_wiping_out",), False)])
def test_a_sortie_is_won_when_the_swarm_must_retreat_or_only_when_it_is_gone(table, variants,
                                                                           offered):
    s = table.place("Chicago", "Infantry A1", "Tank A1")
    table.place("Minneapolis", "Ant X1", "Ant X2")
    # the sortie: Infantry 6,1 and Tank 1,1 -> one hit; the Ants 1,1,1,1 -> none: the Swarm retreats
    events = drive(activate(s, table.ctx([6, 1, 1, 1, 1, 1, 1, 1], variants), "Human", "A",
                            "Human A"), answers=["Minneapolis", "Minneapolis"])
    assert table.where("Ant X1") != "Minneapolis" or table.where("Ant X2") != "Minneapolis"
    assert any(e.kind == "decision" and e.data["decision"] == "sortie" for e in events) == offered


@pytest.mark.rule("GIN-AMB-19", "GIN-NG-03")
@pytest.mark.parametrize("variants,where", [((), "Nashville"),
                                            (("armed_guard_does_not_stop",), "Knoxville")])
def test_an_armed_guard_stops_the_swarm_unit_or_lets_it_pass(table, variants, where):
    for fort in ("St Louis", "Memphis"):
        table.state.forts[fort].strength, table.state.forts[fort].destroyed = 0, True
    s = table.place("Memphis", "Ant Y1")  # Knoxville is two roads away, through Nashville only
    table.guard("Nashville", "Guard 1", armed=True)
    drive(movement_step(s, table.ctx(variants=variants), "Swarm", [s.unit("Ant Y1")]),
          answers=["Knoxville"])
    assert table.where("Ant Y1") == where and table.where("Guard 1") == "Nashville"


@pytest.mark.rule("GIN-MF-05", "GIN-MAP-06", "GIN-SETUP-01")
@pytest.mark.parametrize("variants,hive", [((), "Minneapolis"),
                                           (("three_western_hives",), "Sioux Falls")])
def test_the_hives_are_the_westernmost_named_cities_or_three_further_west(variants, hive):
    game = new_game(seed=1, variants=variants)
    while game.state.phase == "Set-Up":
        game.step_event()
    ant = game.state.unit("Ant X1")
    assert ant.loc == hive
    reach = unit_reach(game.state, game.ctx.data, ant)
    assert hive in reach and all(c in game.ctx.data.cities for c in reach)

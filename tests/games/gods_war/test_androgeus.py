"""Androgeus card: placement, Council VP, Lust (with the FAQ ruling), Superhero, how to kill him."""
from __future__ import annotations

import itertools

import pytest

from rules_lib.core.engine import IllegalChoice
from rules_lib.games.gods_war import androgeus, monsters, new_game
from rules_lib.games.gods_war.battle import resolve_battle
from rules_lib.games.gods_war.state import Piece
from rules_lib.games.gods_war.turn import do_action, summon

KILL, ROUT, BLANK = 6, 4, 1  # battle die faces (data/battle.yaml: 1-3 blank, 4-5 rout, 6 kill)


def andro_dice(log):
    return [f for purpose, _, f in log if purpose.startswith("Androgeus")]


def dice_vs_androgeus(log):
    return [f for purpose, _, f in log if purpose.endswith("vs Androgeus")]


@pytest.mark.rule("GW-AND-01", "GW-COMB-01")
def test_androgeus_rolls_six_dice_his_combat(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    ctx = gw.ctx([BLANK] + [BLANK] * 6)
    gw.run(resolve_battle(s, ctx, "Altinela", "Sea", "Androgeus"))
    assert gw.data.cards["Androgeus"].combat == 6
    assert len(andro_dice(ctx.dice.log)) == 6


@pytest.mark.rule("GW-AND-02", "GW-PLACE-01")
def test_androgeus_waits_and_is_placed_in_altinela_when_the_great_compromise_is_triggered():
    g = new_game("androgeus", seed=3)
    trigger = g.rules.data().get("base_game.great_compromise.trigger_turn")
    while g.state.turn < trigger:
        assert g.state.monsters["Androgeus"].status == "waiting"
        g.step_event()
    events = g.next_phase()  # through the start-of-turn events
    assert g.state.great_compromise
    assert g.state.monsters["Androgeus"].status == "in play"
    assert g.state.monsters["Androgeus"].area == "Altinela"
    placed = [e for e in g.log if e.data.get("monster") == "Androgeus" and e.kind == "monster"]
    assert placed and "Androgeus card (Placement)" in placed[0].rule
    assert events


@pytest.mark.rule("GW-AND-03")
def test_council_phase_gives_one_vp_to_every_empire_with_units_in_his_area(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela", 2)
    gw.put(s, "Earth", "Earth Folk", "Maniria")  # adjacent: no VP
    events = gw.run(androgeus.council_vp(s, gw.ctx()))
    assert [s.empires[e].vp for e in ("Storm", "Sea", "Earth", "Invisible God")] == [1, 1, 0, 0]
    assert events[-1].rule == androgeus.COUNCIL


@pytest.mark.rule("GW-AND-04", "GW-TRIG-02")
def test_lust_summon_into_his_area_makes_the_chosen_enemy_summon_its_cheapest_unit_free(gw):
    s = gw.state(Androgeus="Altinela")
    sea_power = s.empires["Sea"].power
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"), answers=["Sea"])
    assert [p.kind for p in s.pieces_in("Altinela", "Sea")] == ["Sea Folk"]
    assert s.empires["Sea"].power == sea_power  # for free
    assert s.empires["Sea"].pool["Sea Folk"] == 5
    assert s.monster_area("Androgeus") == "Altinela"
    kinds = [e.kind for e in events]
    assert kinds.index("summon") < kinds.index("monster")  # Lust after the summon is resolved
    assert any(e.rule == androgeus.LUST for e in events)


@pytest.mark.rule("GW-AND-04")
def test_lust_summons_the_lowest_cost_unit_still_available_in_the_pool(gw):
    s = gw.state(Androgeus="Altinela")
    s.empires["Sea"].pool["Sea Folk"] = 0
    gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"), answers=["Sea"])
    assert [p.kind for p in s.pieces_in("Altinela", "Sea")] == ["Sea Raider"]  # cost 2


@pytest.mark.rule("GW-AND-05")
def test_lust_moves_androgeus_into_the_adjacent_area_summoned_into(gw):
    s = gw.state(Androgeus="Altinela")
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Maniria"), answers=["Earth"])
    assert s.monster_area("Androgeus") == "Maniria"
    assert [p.kind for p in s.pieces_in("Maniria", "Earth")] == ["Earth Folk"]
    assert any(e.kind == "move" and "also moves" in e.message for e in events)


@pytest.mark.rule("GW-TRIG-01")
def test_a_summon_far_from_androgeus_or_a_move_into_his_area_does_not_trigger_lust(gw):
    s = gw.state(Androgeus="Altinela")
    gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Dragon Pass"))
    gw.put(s, "Sea", "Sea Folk", "Maniria")
    gw.run(do_action(s, gw.ctx(), "Sea", "move Sea Folk from Maniria to Altinela"))
    assert s.monster_area("Androgeus") == "Altinela"
    assert len(s.pieces) == 2 and s.stats.get("lust_summons", 0) == 0


@pytest.mark.rule("GW-AND-06", "GW-EX-05")
def test_lust_cannot_target_an_enemy_with_no_units_in_its_pool(gw):
    s = gw.state(Androgeus="Altinela")
    s.empires["Invisible God"].pool = {k: 0 for k in s.empires["Invisible God"].pool}
    assert androgeus.lust_targets(s, "Storm") == ["Sea", "Earth"]
    with pytest.raises(IllegalChoice):
        gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"),
               answers=["Invisible God"])


@pytest.mark.rule("GW-AND-06", "GW-EX-05")
def test_lust_with_one_enemy_able_to_summon_picks_that_enemy(gw):
    s = gw.state(Androgeus="Altinela")
    for e in ("Earth", "Invisible God"):
        s.empires[e].pool = {k: 0 for k in s.empires[e].pool}
    gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"))
    assert [p.empire for p in s.pieces] == ["Storm", "Sea"]


@pytest.mark.rule("GW-AND-06", "GW-EX-05")
def test_lust_with_every_enemy_pool_empty_summons_nothing(gw):
    s = gw.state(Androgeus="Altinela")
    for e in ("Sea", "Earth", "Invisible God"):
        s.empires[e].pool = {k: 0 for k in s.empires[e].pool}
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"))
    assert [p.empire for p in s.pieces] == ["Storm"]
    assert "units available to be summoned" in gw.text(events)


@pytest.mark.rule("GW-AND-04")
def test_the_free_lust_summon_does_not_trigger_lust_again_by_default(gw):
    s = gw.state(Androgeus="Altinela")
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"), answers=["Sea"])
    assert s.stats["lust_summons"] == 1
    assert "GW-AMB-03" in gw.text(events)


@pytest.mark.rule("GW-AND-04")
def test_variant_lust_chains_lets_the_free_summon_trigger_lust_until_pools_run_dry(gw):
    s = gw.state(Androgeus="Altinela")
    ctx = gw.ctx(variants=["lust_chains"])
    power = {e: sheet.power for e, sheet in s.empires.items()}
    events = gw.run(summon(s, ctx, "Storm", "Storm Warrior", "Altinela"))
    free = [e.data for e in events if e.rule == androgeus.LUST and "enemy" in e.data]
    # each free summon is made by an enemy the previous summoner chose, into that same area
    assert len(free) > 1 and free[0]["summoner"] == "Storm"
    for before, after in itertools.pairwise(free):
        assert after["summoner"] == before["enemy"] and after["enemy"] != after["summoner"]
    assert all(f["area"] == "Altinela" for f in free)
    # the chain runs until no enemy can summon; every free unit cost nothing and was the cheapest
    assert androgeus.lust_targets(s, free[-1]["enemy"]) == []
    pools = {e: dict(sheet.pool) for e, sheet in gw.state().empires.items()}
    pools["Storm"]["Storm Warrior"] -= 1
    for f in free:  # the cheapest kind left in that enemy's pool at the moment of its summon
        left = [gw.data.unit_types[k].cost for k, n in pools[f["enemy"]].items() if n > 0]
        assert gw.data.unit_types[f["kind"]].cost == min(left)
        pools[f["enemy"]][f["kind"]] -= 1
    assert {e: sheet.pool for e, sheet in s.empires.items()} == pools
    paid = {e: power[e] - sheet.power for e, sheet in s.empires.items()}
    assert paid == {"Storm": gw.data.unit_types["Storm Warrior"].cost, "Sea": 0, "Earth": 0,
                    "Invisible God": 0}
    assert len(s.pieces) == 1 + len(free) and all(p.area == "Altinela" for p in s.pieces)


@pytest.mark.rule("GW-AND-07")
def test_superhero_caps_the_dice_rolled_against_androgeus_at_four(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 4)  # Combat 4
    gw.put(s, "Storm", "Storm Champion", "Altinela")  # + 2 = 6
    ctx = gw.ctx([BLANK] * 4 + [BLANK] * 6)
    events = gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"))
    assert len(dice_vs_androgeus(ctx.dice.log)) == 4
    assert any(e.rule == androgeus.SUPERHERO and "4 of 6" in e.message for e in events)


@pytest.mark.rule("GW-AND-08", "GW-AND-07")
def test_single_combat_champion_dice_count_against_the_four(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")  # Combat 3: the Champion
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 3)  # Combat 3 more
    ctx = gw.ctx([BLANK] * 4 + [BLANK] * 6)
    gw.run(do_action(s, ctx, "Storm", "attack Androgeus in Altinela"), answers=["Storm King"])
    purposes = [p for p, _, _ in ctx.dice.log if p.endswith("vs Androgeus")]
    assert purposes.count("Single Combat champion battle dice vs Androgeus") == 3
    assert purposes.count("Storm battle dice vs Androgeus") == 1
    assert len(purposes) == 4


@pytest.mark.rule("GW-AND-09", "GW-AND-10")
def test_androgeus_dies_when_a_hero_is_present_and_each_side_scores_a_kill(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Champion", "Altinela")
    ctx = gw.ctx([KILL, BLANK] + [KILL] + [BLANK] * 5)
    events = gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"))
    assert s.monsters["Androgeus"].status == "removed"
    assert s.pieces_in("Altinela", "Storm") == []  # the Champion paid for it
    assert any(e.data.get("androgeus_killed") for e in events)


@pytest.mark.rule("GW-AND-10")
def test_the_attacker_selects_which_hero_or_greater_god_is_killed(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Champion", "Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    ctx = gw.ctx([KILL] + [BLANK] * 3 + [KILL] + [BLANK] * 5)
    events = gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"),
                    answers=["Storm King"])
    assert [p.kind for p in s.pieces_in("Altinela", "Storm")] == ["Storm Champion"]
    assert s.monsters["Androgeus"].status == "removed"
    assert any(e.kind == "decision" and e.message.startswith("Storm chooses 'Storm King'")
               for e in events)


@pytest.mark.rule("GW-AND-09", "GW-AND-11")
@pytest.mark.parametrize("mine, his", [
    ([BLANK, BLANK], [KILL] + [BLANK] * 5),  # no kill against him
    ([KILL, KILL], [ROUT] * 6),  # he rolls no kill
])
def test_androgeus_survives_unless_both_sides_score_a_kill(gw, mine, his):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Champion", "Altinela")
    gw.run(resolve_battle(s, gw.ctx(mine + his), "Altinela", "Storm", "Androgeus"))
    assert s.monster_area("Androgeus") == "Altinela"


@pytest.mark.rule("GW-AND-09", "GW-AND-11", "GW-KILL-02")
def test_without_a_hero_kills_and_routs_have_no_effect_on_androgeus(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela", 4)
    ctx = gw.ctx([KILL, KILL, ROUT, ROUT] + [KILL] + [BLANK] * 5)
    events = gw.run(resolve_battle(s, ctx, "Altinela", "Sea", "Androgeus"))
    assert s.monster_area("Androgeus") == "Altinela"
    assert len(s.pieces_in("Altinela", "Sea")) == 3  # his kill took one Sea Folk
    assert "no hero or greater god" in gw.text(events)


@pytest.mark.rule("GW-AND-12", "GW-EX-07")
def test_invisible_god_cannot_kill_androgeus_without_a_hero(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Invisible God", "Malkioni Knight", "Altinela", 2)
    ctx = gw.ctx([KILL] * 4 + [KILL] * 6)
    gw.run(resolve_battle(s, ctx, "Altinela", "Invisible God", "Androgeus"))
    assert s.monster_area("Androgeus") == "Altinela"


@pytest.mark.rule("GW-AND-12", "GW-EX-07")
def test_invisible_god_allied_with_an_elder_race_hero_can_kill_androgeus(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Invisible God", "Malkioni Knight", "Altinela")
    s.pieces.append(Piece("Dragonewt Allies", "Invisible God", "Altinela"))
    ctx = gw.ctx([KILL] + [BLANK] * 3 + [KILL] + [BLANK] * 5)
    gw.run(resolve_battle(s, ctx, "Altinela", "Invisible God", "Androgeus"))
    assert s.monsters["Androgeus"].status == "removed"
    assert [p.kind for p in s.pieces_in("Altinela")] == ["Malkioni Knight"]


@pytest.mark.rule("GW-KILL-03", "GW-REW-01")
def test_killed_androgeus_is_removed_for_good_and_the_reward_goes_to_the_killer(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Champion", "Altinela")
    ctx = gw.ctx([KILL, BLANK, KILL] + [BLANK] * 5)
    events = gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"))
    reward = [e for e in events if e.rule == monsters.REWARD]
    assert reward and reward[0].message.startswith("Storm earns the reward")
    s.great_compromise = False
    gw.run(monsters.place_at_great_compromise(s, gw.ctx()))
    assert s.monsters["Androgeus"].status == "removed" and s.monster_area("Androgeus") is None


@pytest.mark.rule("GW-AND-05")
def test_variant_lust_no_move_keeps_androgeus_in_place_default_reading_cited(gw):
    s = gw.state(Androgeus="Altinela")
    events = gw.run(summon(s, gw.ctx(variants=["lust_no_move"]), "Storm", "Storm Warrior",
                           "Maniria"), answers=["Earth"])
    assert s.monster_area("Androgeus") == "Altinela"
    assert "lust_no_move" in gw.text(events)
    s = gw.state(Androgeus="Altinela")
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Maniria"), answers=["Earth"])
    moved = [e for e in events if e.kind == "move" and e.rule == androgeus.LUST]
    assert "GW-AMB-02" in moved[0].ids
    assert moved[0].assumed.startswith("default reading of GW-AMB-02")


@pytest.mark.rule("GW-AND-10")
def test_hero_death_takes_one_of_his_kills_by_default_variant_adds_it(gw):
    def fight(variants):
        s = gw.state(Androgeus="Altinela")
        gw.put(s, "Storm", "Storm Champion", "Altinela")
        gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)
        ctx = gw.ctx([KILL] + [BLANK] * 3 + [KILL] + [BLANK] * 5, variants)
        events = gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"))
        return s, gw.text(events)
    s, text = fight([])
    assert len(s.pieces_in("Altinela", "Storm")) == 2 and "GW-AMB-04" in text
    s, text = fight(["androgeus_hero_dies_in_addition"])
    assert len(s.pieces_in("Altinela", "Storm")) == 1
    assert s.monsters["Androgeus"].status == "removed"


@pytest.mark.rule("GW-AND-07")
def test_superhero_event_cites_the_default_reading_of_the_cap(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] * 7), "Altinela", "Sea", "Androgeus"))
    cap = [e for e in events if e.rule == androgeus.SUPERHERO]
    assert "GW-AMB-05" in cap[0].ids and "GW-AMB-05" in cap[0].message


@pytest.mark.rule("GW-AND-05", "GW-AND-06")
def test_androgeus_still_moves_by_lust_when_no_enemy_can_summon_and_says_it_is_assumed(gw):
    s = gw.state(Androgeus="Altinela")
    for e in ("Sea", "Earth", "Invisible God"):
        s.empires[e].pool = {k: 0 for k in s.empires[e].pool}
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Maniria"))
    assert s.monster_area("Androgeus") == "Maniria" and len(s.pieces) == 1
    moved = next(e for e in events if e.kind == "move")
    assert "no enemy could summon" in moved.assumed and "GW-AND-05" in moved.ids

"""Arachne Solara card: start in Inner Hell, VP per kill, no building destruction, the web, the Spike."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import FirstOptionPolicy, Game, ScriptedPolicy
from rules_lib.games.gods_war import GAME, arachne_solara, monsters, new_game
from rules_lib.games.gods_war.battle import resolve_battle
from rules_lib.games.gods_war.council import council_phase
from rules_lib.games.gods_war.turn import legal_actions, spike_explodes

KILL, ROUT, BLANK = 6, 4, 1  # battle die faces (data/battle.yaml: 1-3 blank, 4-5 rout, 6 kill)
ARACHNE = "Arachne Solara"


def her_dice(log):
    return [f for purpose, _, f in log if purpose.startswith(ARACHNE)]


@pytest.mark.rule("GW-ARA-01", "GW-COMB-01")
def test_arachne_rolls_ten_dice_her_combat(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Dragon Pass")
    gw.put(s, "Storm", "Storm Warrior", "Dragon Pass")
    ctx = gw.ctx([BLANK] + [BLANK] * 10)
    gw.run(resolve_battle(s, ctx, "Dragon Pass", "Storm", ARACHNE))
    assert len(her_dice(ctx.dice.log)) == 10 == gw.data.cards[ARACHNE].combat


@pytest.mark.rule("GW-ARA-02")
def test_arachne_starts_in_inner_hell():
    g = new_game("arachne_solara", seed=1)
    g.next_phase()  # set-up
    assert g.state.monsters[ARACHNE].status == "in play"
    assert g.state.monsters[ARACHNE].area == "Inner Hell"
    assert not g.state.great_compromise


@pytest.mark.rule("GW-ARA-02", "GW-PLACE-01")
def test_variant_arachne_waits_for_the_great_compromise():
    g = new_game("arachne_solara", seed=1, variants=["arachne_waits_for_compromise"])
    trigger = g.rules.data().get("base_game.great_compromise.trigger_turn")
    while not g.state.great_compromise:
        assert g.state.monsters[ARACHNE].status == "waiting"
        g.step_event()
    g.next_phase()
    assert g.state.turn == trigger and g.state.monster_area(ARACHNE) == "Inner Hell"


@pytest.mark.rule("GW-ARA-03", "GW-BATT-01", "GW-ARA-11")
def test_each_kill_scored_against_arachne_gains_one_vp_post_battle(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Dragon Pass")
    gw.put(s, "Storm", "Storm Warrior", "Dragon Pass", 5)
    ctx = gw.ctx([KILL, KILL, KILL, ROUT, ROUT] + [BLANK] * 10)
    events = gw.run(resolve_battle(s, ctx, "Dragon Pass", "Storm", ARACHNE))
    assert s.empires["Storm"].vp == 3
    assert s.monster_area(ARACHNE) == "Dragon Pass"  # not killed, not routed
    assert events[-1].rule == arachne_solara.TANGLED  # Post-Battle: after every result
    assert s.stats["arachne_vp"] == 3


@pytest.mark.rule("GW-ARA-04")
def test_arachne_never_destroys_buildings_even_after_killing_every_unit(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Dragon Pass")
    s.buildings["Dragon Pass"] = ["Storm"]
    gw.put(s, "Storm", "Storm Warrior", "Dragon Pass")
    ctx = gw.ctx([BLANK] + [KILL] + [BLANK] * 9)
    events = gw.run(resolve_battle(s, ctx, "Dragon Pass", "Storm", ARACHNE))
    assert s.pieces_in("Dragon Pass") == []
    assert s.buildings["Dragon Pass"] == ["Storm"]
    assert "does not destroy" in gw.text(events)


@pytest.mark.rule("GW-ARA-04")
def test_contrast_androgeus_wiping_out_the_attacker_destroys_its_building(gw):
    s = gw.state(monsters=["Androgeus"], experienced=False, Androgeus="Altinela")
    s.buildings["Altinela"] = ["Storm"]
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    gw.run(resolve_battle(s, gw.ctx([BLANK] + [KILL] + [BLANK] * 5), "Altinela", "Storm",
                          "Androgeus"))
    assert "Altinela" not in s.buildings


@pytest.mark.rule("GW-ARA-05")
def test_spinning_from_hell_moves_her_to_an_unwebbed_surface_area_and_places_a_token(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Inner Hell")
    s.web_tokens, s.web_pool = ["Prax"], 11
    assert "Prax" not in arachne_solara.spin_destinations(s, gw.data)
    assert set(arachne_solara.spin_destinations(s, gw.data)) == set(gw.data.surface_areas()) - {"Prax"}
    power = s.empires["Sea"].power
    events = gw.run(arachne_solara.spin(s, gw.ctx(), "Sea"), answers=["Kethaela"])
    assert s.monster_area(ARACHNE) == "Kethaela"
    assert s.web_tokens == ["Prax", "Kethaela"] and s.web_pool == 10
    assert s.empires["Sea"].power == power - 1
    assert events[-1].rule == arachne_solara.SPINNING


@pytest.mark.rule("GW-ARA-06")
def test_spinning_from_the_surface_sends_her_to_heaven_or_hell_without_a_token(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Kethaela")
    assert arachne_solara.spin_destinations(s, gw.data) == ["Hell", "Inner Hell", "the Heavens"]
    gw.run(arachne_solara.spin(s, gw.ctx(), "Earth"), answers=["the Heavens"])
    assert s.monster_area(ARACHNE) == "the Heavens"
    assert s.web_tokens == [] and s.web_pool == 12


@pytest.mark.rule("GW-ARA-05")
def test_every_player_may_take_the_spinning_action(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Inner Hell")
    assert all("spin the web" in legal_actions(s, gw.data, e) for e in s.player_order)
    s.empires["Sea"].power = 0
    assert "spin the web" not in legal_actions(s, gw.data, "Sea")


@pytest.mark.rule("GW-ARA-07", "GW-ARA-08")
def test_empowering_gives_power_per_building_with_arachne_or_a_token_and_uses_a_token(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Prax")
    s.web_tokens, s.web_pool = ["Peloria"], 11
    s.buildings = {"Prax": ["Storm"], "Peloria": ["Storm", "Earth"], "Dragon Pass": ["Storm"]}
    for e in s.empires.values():
        e.power = 0
    events = gw.run(arachne_solara.empowering(s, gw.ctx()), answers=["empower", "decline"])
    assert s.empires["Storm"].power == 2  # Prax (Arachne) + Peloria (token); not Dragon Pass
    assert s.empires["Storm"].web_token_on_sheet and s.web_pool == 10
    assert s.empires["Earth"].power == 0 and not s.empires["Earth"].web_token_on_sheet
    assert [e.message.split(" ")[0] for e in events if e.kind == "decision"] == ["Storm", "Earth"]


@pytest.mark.rule("GW-ARA-08")
def test_empowering_can_be_used_only_once_per_game(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Prax")
    s.buildings = {"Prax": ["Storm"]}
    gw.run(arachne_solara.empowering(s, gw.ctx()), answers=["empower"])
    power = s.empires["Storm"].power
    events = gw.run(arachne_solara.empowering(s, gw.ctx()))
    assert events == [] and s.empires["Storm"].power == power and s.web_pool == 11


def _state_one_token_left(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Inner Hell")
    surface = gw.data.surface_areas()
    s.web_tokens, s.web_pool = surface[:11], 1
    s.phase = "Action"
    return s


@pytest.mark.rule("GW-ARA-09", "GW-ARA-10")
def test_the_game_ends_at_once_when_the_twelfth_token_leaves_the_pool(gw):
    s = _state_one_token_left(gw)
    for e in s.empires.values():
        e.runes = 1
    g = Game(GAME.rules(), s, seed=0, policies={
        "Storm": ScriptedPolicy(["spin the web"], then=FirstOptionPolicy())})
    g.run_to_end()
    assert g.state.end_reason == "Completing the Web"
    assert g.state.web_pool == 0 and g.state.turn == 1
    assert all(e.vp == 1 for e in g.state.empires.values())  # only the runes played at the end
    assert g.state.result == "draw: Storm, Sea, Earth, Invisible God"
    assert not any(e.phase == "Council" for e in g.log)  # no more phases: it ends immediately
    assert any(e.rule == arachne_solara.COMPLETING and e.kind == "result" for e in g.log)


@pytest.mark.rule("GW-ARA-09", "GW-ARA-08")
def test_a_token_taken_by_empowering_can_complete_the_web(gw):
    s = _state_one_token_left(gw)
    s.web_tokens, s.web_pool = s.web_tokens[:10], 1
    s.empires["Sea"].web_token_on_sheet = True
    s.buildings = {s.web_tokens[0]: ["Storm"]}
    events = gw.run(arachne_solara.empowering(s, gw.ctx()), answers=["empower"])
    assert s.web_pool == 0 and s.end_reason == "Completing the Web"
    assert events[-1].rule == arachne_solara.COMPLETING and "GW-AMB-07" in events[-1].message


@pytest.mark.rule("GW-ARA-11")
def test_arachne_cannot_be_carried_by_a_players_movement(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Dragon Pass")
    gw.put(s, "Storm", "Storm King", "Dragon Pass")
    gw.run(monsters.move_by_ability(s, gw.ctx(), "Storm", "Teleport", "Dragon Pass", "Prax",
                                    ["Storm King"]))
    assert s.monster_area(ARACHNE) == "Dragon Pass"
    assert monsters.may_enter(s, gw.data, ARACHNE, None, "Prax", "Juggernaut")[0] is False


@pytest.mark.rule("GW-ARA-12")
def test_arachne_on_the_spike_when_it_explodes_goes_to_inner_hell(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="the Spike")
    gw.put(s, "Earth", "Earth Folk", "the Spike")
    events = gw.run(spike_explodes(s, gw.ctx()))
    assert s.monster_area(ARACHNE) == "Inner Hell"
    assert s.pieces_in("the Spike") == []
    assert any(e.rule == arachne_solara.KILLING for e in events)


@pytest.mark.rule("GW-ARA-12")
def test_arachne_elsewhere_stays_put_when_the_spike_explodes(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Prax")
    gw.run(spike_explodes(s, gw.ctx()))
    assert s.monster_area(ARACHNE) == "Prax" and s.spike_exploded


@pytest.mark.rule("GW-ARA-07")
def test_empowering_happens_in_the_council_phase(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Prax")
    s.buildings = {"Prax": ["Earth"]}
    events = gw.run(council_phase(s, gw.ctx()), answers=["empower"])
    assert s.empires["Earth"].web_token_on_sheet
    assert any(e.rule == arachne_solara.EMPOWERING and e.kind == "power" for e in events)


@pytest.mark.rule("GW-ARA-06")
def test_variant_spin_to_hell_area_only_excludes_inner_hell(gw):
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Kethaela")
    assert arachne_solara.spin_destinations(s, gw.data, True) == ["Hell", "the Heavens"]
    events = gw.run(arachne_solara.spin(s, gw.ctx(variants=["spin_to_hell_area_only"]), "Sea"),
                    answers=["Hell"])
    assert s.monster_area(ARACHNE) == "Hell"
    s = gw.state(monsters=[ARACHNE], experienced=False, Arachne_Solara="Kethaela")
    events = gw.run(arachne_solara.spin(s, gw.ctx(), "Sea"), answers=["Inner Hell"])
    assert s.monster_area(ARACHNE) == "Inner Hell" and "GW-AMB-06" in gw.text(events)


@pytest.mark.rule("GW-ARA-09")
def test_variant_web_counts_map_tokens_only(gw):
    s = _state_one_token_left(gw)
    s.web_tokens, s.web_pool = s.web_tokens[:10], 1
    s.empires["Sea"].web_token_on_sheet = True
    s.buildings = {s.web_tokens[0]: ["Storm"]}
    ctx = gw.ctx(variants=["web_counts_map_tokens_only"])
    gw.run(arachne_solara.empowering(s, ctx), answers=["empower"])
    assert s.web_pool == 0 and s.end_reason == ""  # sheets do not complete the web
    assert arachne_solara.spin_destinations(s, gw.data) == []  # nothing left to place
    s = _state_one_token_left(gw)
    events = gw.run(arachne_solara.spin(s, ctx, "Sea"))
    assert s.end_reason == "Completing the Web" and "web_counts_map_tokens_only" in gw.text(events)

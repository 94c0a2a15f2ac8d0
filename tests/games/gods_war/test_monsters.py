"""XIII. Monsters: components, types, selection, classification, movement, killing, routs."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import FirstOptionPolicy, ScriptedPolicy
from rules_lib.games.gods_war import GAME, monsters, new_game, pieces
from rules_lib.games.gods_war.battle import resolve_battle
from rules_lib.games.gods_war.setup import SCENARIOS, initial_state

KILL, ROUT, BLANK = 6, 4, 1  # battle die faces (data/battle.yaml: 1-3 blank, 4-5 rout, 6 kill)


@pytest.mark.rule("GW-COMP-01")
def test_components_three_reward_cards_and_three_cosmic_loyalty_cards(gw):
    comp = gw.data.get("monsters.components")
    assert comp["reward_cards"] == 3
    assert comp["loyalty_cards"] == ["Leviathan", "Juggernaut", "Androgeus"]
    for name in ("Leviathan", "Juggernaut"):  # named, card text missing: not playable
        assert gw.data.cards[name].combat is None and gw.data.cards[name].data_gap
        assert monsters.selection_problems(gw.data, [name])


@pytest.mark.rule("GW-COMP-02")
def test_components_twelve_web_tokens_start_in_the_pool_and_sixteen_battle_dice(gw):
    assert gw.data.get("monsters.components.web_tokens") == 12
    assert gw.data.get("monsters.components.battle_dice") == 16
    s = new_game("arachne_solara").state
    assert s.web_pool == 12 and s.web_tokens == []


@pytest.mark.rule("GW-MON-01")
def test_three_monster_types_and_nine_monsters(gw):
    assert gw.data.get("monsters.expansion.types") == ["Dragon", "Chaos", "Cosmic"]
    assert gw.data.get("monsters.expansion.monster_count") == 9
    cosmic = [n for n, c in gw.data.cards.items() if c.type == "Cosmic"]
    assert cosmic == ["Androgeus", "Arachne Solara", "Leviathan", "Juggernaut"]


@pytest.mark.rule("GW-CARD-01")
def test_monster_card_sections_are_data_with_timings(gw):
    assert gw.data.get("monsters.expansion.card_sections") == [
        "placement", "movement", "special_power", "combat", "battle_ability", "killing", "reward"]
    andro, ara = gw.data.cards["Androgeus"], gw.data.cards["Arachne Solara"]
    assert {a.name: a.timing for a in andro.abilities.values()} == {
        "Council VP": "Council Phase", "Lust": "Ongoing", "Superhero": "Battle"}
    assert {a.name: a.timing for a in ara.abilities.values()} == {
        "Tangled in the Web": "Post-Battle", "Spinning the Web": "Action",
        "Empowering the Web": "Council Phase", "Completing the Web": "End of Game"}
    assert andro.placement_area == "Altinela" and ara.placement_area == "Inner Hell"


@pytest.mark.rule("GW-SETUP-01")
def test_at_most_one_monster_per_type_unless_experienced_fewer_allowed():
    from rules_lib.games.gods_war.data import load
    data = load({"monsters.cards.Androgeus.recommended_per_game": 9,
                 "monsters.cards.Arachne Solara.recommended_per_game": 9})
    both = ["Androgeus", "Arachne Solara"]
    assert "1 of each type" in monsters.selection_problems(data, both)[0]
    assert monsters.selection_problems(data, both, experienced=True) == []
    assert monsters.selection_problems(data, ["Androgeus"]) == []
    assert monsters.selection_problems(data, []) == []  # fewer is allowed


@pytest.mark.rule("GW-SETUP-02")
def test_each_cosmic_card_recommends_one_cosmic_monster_per_game():
    from rules_lib.games.gods_war.data import load
    data = load({"monsters.expansion.recommended_per_type": 3})
    both = ["Androgeus", "Arachne Solara"]
    assert "cards recommend no more than 1 Cosmic" in monsters.selection_problems(data, both)[0]
    with pytest.raises(ValueError, match="cards recommend no more than 1"):
        new_game({"monsters": both, "experienced": False})
    assert new_game({"monsters": both, "experienced": True}).state.monsters
    with pytest.raises(ValueError, match="unknown Monster 'Kraken'"):
        new_game({"monsters": ["Kraken"]})


@pytest.mark.rule("GW-SETUP-03")
def test_the_games_owner_decides_when_players_disagree():
    g = new_game("disagreement", seed=0,
                 policies={"Storm": ScriptedPolicy(["Arachne Solara"], then=FirstOptionPolicy())})
    g.next_phase()
    assert list(g.state.monsters) == ["Arachne Solara"]
    owner = [e for e in g.log if e.kind == "decision" and e.data["decision"] == "monsters"]
    assert owner and owner[0].message.startswith("Storm chooses")
    assert SCENARIOS["disagreement"]["proposals"]


@pytest.mark.rule("GW-PLACE-01")
def test_cosmic_monsters_are_placed_only_when_the_great_compromise_is_first_triggered(gw):
    s = initial_state(gw.data, {"monsters": ["Androgeus"]}, [])
    assert gw.run(monsters.place_at_great_compromise(s, gw.ctx())) != []
    assert s.monster_area("Androgeus") == "Altinela"
    s.monsters["Androgeus"].area = "Maniria"  # moved by Lust since
    assert gw.run(monsters.place_at_great_compromise(s, gw.ctx())) == []
    assert s.monster_area("Androgeus") == "Maniria"


@pytest.mark.rule("GW-MON-02")
def test_cosmic_monsters_are_classified_as_greater_gods(gw):
    assert monsters.piece_class(gw.data, "Androgeus") == "greater_god"
    assert monsters.piece_class(gw.data, "Arachne Solara") == "greater_god"
    assert monsters.is_hero_or_greater_god(gw.data, "Androgeus")
    s = gw.state(Androgeus="Altinela")
    hover = [p["hover"] for p in pieces(s) if p["kind"] == "Androgeus"]
    assert "greater god" in hover[0]


@pytest.mark.rule("GW-MOVE-01", "GW-EX-01")
def test_storm_teleport_does_not_carry_a_monster_along_with_storm_king(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    from rules_lib.games.gods_war.turn import do_action
    events = gw.run(do_action(s, gw.ctx(), "Storm", "teleport Storm King from Altinela to Prax"))
    assert [p.area for p in s.pieces] == ["Prax"]
    assert s.monster_area("Androgeus") == "Altinela"
    assert any(e.rule == monsters.MOVEMENT for e in events)


@pytest.mark.rule("GW-KILL-01", "GW-EX-02")
def test_sunspear_always_fails_against_a_monster_but_kills_a_unit(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    ctx = gw.ctx()
    ev = gw.run(monsters.ability_kill(s, ctx, "Sunspear", "Altinela", "Androgeus", "Invisible God"))
    assert s.monster_area("Androgeus") == "Altinela" and ev[0].data["killed"] is False
    ev = gw.run(monsters.ability_kill(s, ctx, "Sunspear", "Altinela", "Sea Folk", "Invisible God"))
    assert s.pieces == [] and ev[0].data["killed"] is True


@pytest.mark.rule("GW-KILL-02")
def test_arachne_has_no_way_to_be_killed_however_many_kills(gw):
    s = gw.state(monsters=["Arachne Solara"], experienced=False, Arachne_Solara="Prax")
    gw.put(s, "Storm", "Storm King", "Prax")
    gw.put(s, "Storm", "Storm Champion", "Prax")
    gw.run(resolve_battle(s, gw.ctx([KILL] * 5 + [KILL] * 10), "Prax", "Storm", "Arachne Solara"))
    assert s.monster_area("Arachne Solara") == "Prax"
    assert gw.data.cards["Arachne Solara"].killing["how"] == "cannot_be_killed"


@pytest.mark.rule("GW-COMB-02")
def test_an_uncontrolled_cosmic_monster_never_starts_a_battle(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    with pytest.raises(ValueError, match="only fight when attacked"):
        gw.run(resolve_battle(s, gw.ctx(), "Altinela", "Androgeus", "Sea"))


@pytest.mark.rule("GW-COMB-02")
def test_in_whole_games_every_battle_is_started_by_an_empire():
    for seed in range(6):
        g = new_game("both", seed=seed)
        g.run_to_end()
        attackers = [e.data["attacker"] for e in g.log if e.kind == "combat" and "attacker" in e.data]
        assert all(a in g.state.empires for a in attackers)


@pytest.mark.rule("GW-ROUT-02")
def test_the_player_attacking_a_monster_chooses_where_his_routed_units_go(gw):
    s = gw.state(monsters=["Arachne Solara"], experienced=False, Arachne_Solara="Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [ROUT] + [BLANK] * 9), "Prax", "Storm",
                                   "Arachne Solara"), answers=["Kralorela"])
    assert [p.area for p in s.pieces] == ["Kralorela"]
    rout = [e for e in events if e.kind == "decision"]
    assert rout[0].message.startswith("Storm chooses 'Kralorela'")
    assert rout[0].rule == monsters.ROUTED_BY_MONSTER


@pytest.mark.rule("GW-ROUT-01")
def test_the_controller_of_an_attacking_monster_chooses_where_routed_units_go(gw):
    s = gw.state(Androgeus="Altinela")
    s.monsters["Androgeus"].controller = "Earth"  # Loyalty-card control (GW-AMB-10), by hand
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([ROUT] + [BLANK] * 5 + [BLANK]), "Altinela",
                                   "Androgeus", "Sea"), answers=["Jrustela"])
    assert [p.area for p in s.pieces] == ["Jrustela"]
    assert next(e for e in events if e.kind == "decision").message.startswith("Earth chooses")


def test_bad_data_names_the_file_and_path():
    from rules_lib.core.data import DataError
    with pytest.raises(DataError, match=r"battle.yaml: battle_dice.faces\[0\]"):
        new_game(data_overrides={"battle.battle_dice.faces": ["boom"] + ["blank"] * 5})
    with pytest.raises(DataError, match="map.yaml"):
        new_game(data_overrides={"map.areas.Altinela.realm": "limbo"})


def test_unknown_scenario_and_variant_are_clear_errors():
    with pytest.raises(ValueError, match="unknown scenario"):
        new_game("nowhere")
    with pytest.raises(ValueError, match="unknown rule variant"):
        new_game(variants=["nope"])


@pytest.mark.rule("GW-KILL-01", "GW-EX-02")
def test_the_invisible_gods_sunspear_is_an_action_and_always_fails_against_a_monster(gw):
    from rules_lib.games.gods_war.turn import do_action, legal_actions
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Invisible God", "Malkioni Soldier", "Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    actions = legal_actions(s, gw.data, "Invisible God")
    assert {"sunspear Androgeus in Altinela", "sunspear Sea Folk in Altinela"} <= set(actions)
    assert not any(a.startswith("sunspear") for a in legal_actions(s, gw.data, "Sea"))
    events = gw.run(do_action(s, gw.ctx(), "Invisible God", "sunspear Androgeus in Altinela"))
    assert s.monster_area("Androgeus") == "Altinela"
    assert events[-1].data["killed"] is False and "GW-KILL-01" in events[-1].ids
    gw.run(do_action(s, gw.ctx(), "Invisible God", "sunspear Sea Folk in Altinela"))
    assert s.pieces_in("Altinela", "Sea") == []


@pytest.mark.rule("GW-KILL-01")
def test_sunspear_is_used_against_monsters_in_seeded_play_and_never_kills_one():
    fails = kills = 0
    for seed in range(10):
        g = new_game("both", seed=seed, policies={p: "random" for p in GAME.players})
        g.run_to_end()
        spear = [e for e in g.log if e.data.get("ability") == "Sunspear"]
        fails += sum(e.data["killed"] is False for e in spear)
        kills += sum(e.data["killed"] is True for e in spear)
        assert all(e.data["target"] not in g.state.monsters for e in spear if e.data["killed"])
    assert fails and kills


@pytest.mark.rule("GW-ROUT-02")
def test_attacker_of_a_controlled_monster_still_picks_where_his_routed_units_go(gw):
    s = gw.state(Androgeus="Altinela")
    s.monsters["Androgeus"].controller = "Earth"
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [ROUT] + [BLANK] * 5), "Altinela", "Sea",
                                   "Androgeus"), answers=["Jrustela"])
    assert next(e for e in events if e.kind == "decision").message.startswith("Sea chooses")

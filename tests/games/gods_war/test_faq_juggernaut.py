"""XIV. FAQ rulings on Juggernaut (card text not in the rulebook: only what the FAQ states)."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import monsters
from rules_lib.games.gods_war.data import load
from rules_lib.games.gods_war.state import MonsterState
from rules_lib.games.gods_war.turn import do_action, legal_actions

from .conftest import GW


def with_juggernaut(gw, area="Prax"):
    s = gw.state(monsters=["Arachne Solara"], experienced=False)
    s.monsters["Juggernaut"] = MonsterState(area, "in play")
    return s


@pytest.mark.rule("GW-FAQ-01", "GW-EX-03")
def test_juggernaut_overrides_siren_song_no_one_pays(gw):
    s = with_juggernaut(gw)
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    gw.put(s, "Sea", "Sea Folk", "Peloria")
    assert monsters.siren_song_penalty(s, gw.data, "Storm", "Peloria", "Storm") == 1
    assert monsters.siren_song_penalty(s, gw.data, "Storm", "Peloria", "Juggernaut") == 0
    power = s.empires["Storm"].power
    gw.run(monsters.juggernaut_moves(s, gw.ctx(), "Peloria"))
    assert s.pieces_in("Peloria", "Storm") and s.empires["Storm"].power == power


@pytest.mark.rule("GW-FAQ-01")
def test_a_players_own_move_into_a_sea_area_pays_the_siren_song_penalty(gw):
    s = with_juggernaut(gw, "Kralorela")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    gw.put(s, "Sea", "Sea Folk", "Peloria")
    power = s.empires["Storm"].power
    assert "move Storm Warrior from Prax to Peloria" in legal_actions(s, gw.data, "Storm")
    gw.run(do_action(s, gw.ctx(), "Storm", "move Storm Warrior from Prax to Peloria"))
    assert s.empires["Storm"].power == power - 2  # move 1 + Siren Song 1 (assumed values)


def community_triggers(state, events):
    """How often Community was triggered (the state's count) and by which abilities (the log)."""
    return (state.stats.get("community_triggers", 0),
            [e.data["ability"] for e in events if "GW-FAQ-02" in e.ids])


@pytest.mark.rule("GW-FAQ-02")
@pytest.mark.parametrize("action, ability", [
    ("teleport Storm King from Prax to Fronela", "Teleport"),
    ("move Storm King from Prax to Peloria", "move action"),
])
def test_a_players_movement_ability_triggers_community_and_only_with_juggernaut_in_play(
        gw, action, ability):
    for juggernaut in (True, False):
        s = with_juggernaut(gw, "Kralorela") if juggernaut else gw.state(
            monsters=["Arachne Solara"], experienced=False)
        gw.put(s, "Storm", "Storm King", "Prax")
        events = gw.run(do_action(s, gw.ctx(), "Storm", action))
        assert community_triggers(s, events) == ((1, [ability]) if juggernaut else (0, []))


@pytest.mark.rule("GW-FAQ-02")
def test_an_ability_that_moves_nothing_does_not_trigger_community(gw):
    s = with_juggernaut(gw, "Kralorela")
    gw.put(s, "Invisible God", "Malkioni Soldier", "Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    events = gw.run(do_action(s, gw.ctx(), "Invisible God", "sunspear Storm Warrior in Prax"))
    events += gw.run(do_action(s, gw.ctx(), "Invisible God", "summon Malkioni Soldier in Prax"))
    assert not s.pieces_in("Prax", "Storm")  # the Sunspear did kill
    assert community_triggers(s, events) == (0, [])


@pytest.mark.rule("GW-FAQ-02", "GW-AND-04")
def test_another_monsters_movement_triggers_community_lust_moving_androgeus(gw):
    s = with_juggernaut(gw, "Kralorela")
    s.monsters["Androgeus"] = MonsterState("Altinela", "in play")
    gw.put(s, "Storm", "Storm Warrior", "Kethaela")
    events = gw.run(do_action(s, gw.ctx(), "Storm", "summon Storm Warrior in Kethaela"),
                    answers=["Sea", "Sea Folk"])
    assert s.monster_area("Androgeus") == "Kethaela"
    assert community_triggers(s, events) == (1, ["Lust"])
    assert next(e for e in events if "GW-FAQ-02" in e.ids).data["by"] == "Androgeus"
    # in his own area Lust moves nobody: no trigger
    events = gw.run(do_action(s, gw.ctx(), "Storm", "summon Storm Warrior in Kethaela"),
                    answers=["Sea", "Sea Folk"])
    assert community_triggers(s, events) == (1, [])


@pytest.mark.rule("GW-FAQ-02", "GW-ARA-05")
def test_another_monsters_movement_triggers_community_spinning_the_web(gw):
    s = with_juggernaut(gw, "Kralorela")
    s.monsters["Arachne Solara"] = MonsterState("Inner Hell", "in play")
    events = gw.run(do_action(s, gw.ctx(), "Earth", "spin the web"), answers=["Prax"])
    assert s.monster_area("Arachne Solara") == "Prax"
    assert community_triggers(s, events) == (1, ["Spinning the Web"])


@pytest.mark.rule("GW-FAQ-02")
def test_juggernauts_own_move_does_not_trigger_community_again(gw):
    s = with_juggernaut(gw, "Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    events = gw.run(monsters.juggernaut_moves(s, gw.ctx(), "Peloria"))
    assert community_triggers(s, events) == (0, [])


@pytest.mark.rule("GW-FAQ-02")
def test_which_abilities_are_movement_type_is_data(gw):
    """The players' movement-type abilities are monsters.yaml's list: drop Teleport from it and
    a Teleport no longer triggers Community (a move action still does)."""
    other = GW(load({"monsters.abilities_against_monsters.movement_type": ["move action"]}))
    s = with_juggernaut(other, "Kralorela")
    other.put(s, "Storm", "Storm King", "Prax")
    events = other.run(do_action(s, other.ctx(), "Storm", "teleport Storm King from Prax to Fronela"))
    events += other.run(do_action(s, other.ctx(), "Storm",
                                  "move Storm King from Fronela to Ralios"))
    assert community_triggers(s, events) == (1, ["move action"])


@pytest.mark.rule("GW-FAQ-03", "GW-EX-04")
def test_community_supersedes_hell_permissions_everyone_moves(gw):
    s = with_juggernaut(gw, "Pamaltela")
    gw.put(s, "Earth", "Earth Folk", "Pamaltela", 2)
    gw.put(s, "Sea", "Sea Folk", "Pamaltela")
    assert not monsters.may_enter(s, gw.data, "Earth Folk", "Earth", "Hell", "move")[0]
    events = gw.run(monsters.juggernaut_moves(s, gw.ctx(), "Hell"))
    assert len(s.pieces_in("Hell")) == 3 and s.pieces_in("Pamaltela") == []
    assert s.monster_area("Juggernaut") == "Hell"
    assert events[-1].rule == monsters.FAQ


@pytest.mark.rule("GW-FAQ-04", "GW-EX-06")
def test_juggernaut_moves_mother_of_monsters_into_a_spawn_area(gw):
    s = with_juggernaut(gw, "Prax")
    s.monsters["Mother of Monsters"] = MonsterState("Prax", "in play")
    s.spawn_areas = ["Teshnos"]
    for cause in ("rout", "Birth"):
        assert not monsters.may_enter(s, gw.data, "Mother of Monsters", None, "Teshnos", cause)[0]
    gw.run(monsters.juggernaut_moves(s, gw.ctx(), "Teshnos"))
    assert s.monster_area("Mother of Monsters") == "Teshnos"


@pytest.mark.rule("GW-FAQ-03", "GW-ARA-11")
def test_everyone_moves_with_juggernaut_except_arachne_whose_card_forbids_it(gw):
    s = with_juggernaut(gw, "Prax")
    s.monsters["Arachne Solara"] = MonsterState("Prax", "in play")
    events = gw.run(monsters.juggernaut_moves(s, gw.ctx(), "Peloria"))
    assert s.monster_area("Arachne Solara") == "Prax"
    assert "stays in Prax" in gw.text(events)

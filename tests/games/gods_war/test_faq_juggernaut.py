"""XIV. FAQ rulings on Juggernaut (card text not in the rulebook: only what the FAQ states)."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import monsters
from rules_lib.games.gods_war.state import MonsterState
from rules_lib.games.gods_war.turn import do_action, legal_actions


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


@pytest.mark.rule("GW-FAQ-02")
@pytest.mark.parametrize("ability", ["Teleport", "move action", "Birth"])
def test_any_movement_type_ability_triggers_community(gw, ability):
    s = with_juggernaut(gw, "Kralorela")
    gw.put(s, "Storm", "Storm King", "Prax")
    events = gw.run(monsters.move_by_ability(s, gw.ctx(), "Storm", ability, "Prax", "Peloria",
                                             ["Storm King"]))
    assert any(e.data.get("juggernaut_triggered") for e in events)
    assert ability in gw.data.get("monsters.abilities_against_monsters.movement_type")


@pytest.mark.rule("GW-FAQ-02")
def test_without_juggernaut_in_play_no_community_trigger(gw):
    s = gw.state(monsters=["Arachne Solara"], experienced=False)
    gw.put(s, "Storm", "Storm King", "Prax")
    events = gw.run(monsters.move_by_ability(s, gw.ctx(), "Storm", "Teleport", "Prax", "Peloria",
                                             ["Storm King"]))
    assert not any(e.data.get("juggernaut_triggered") for e in events)


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

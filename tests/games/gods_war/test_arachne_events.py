"""Arachne Solara's card, event by event: each ability's effect on the state and what its events say
(citation, kind, catalogue IDs, assumption, data), under the default reading and under the variant
that reads it otherwise, so a learner reading the log sees which rule fired and what the project
filled in."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import arachne_solara as AS
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.data import load
from rules_lib.games.gods_war.state import MonsterState

from .conftest import GW

NAME = "Arachne Solara"


def sig(e):
    return e.rule, e.kind, tuple(e.ids), e.assumed, e.data


@pytest.mark.rule("GW-ARA-02", "GW-AMB-01")
def test_placement_event_under_each_reading(gw):
    s = gw.state(monsters=[NAME])
    s.monsters[NAME].status, s.monsters[NAME].area = "not yet", None
    events = gw.run(AS.place_at_start(s, gw.ctx()))
    assert [sig(e) for e in events] == [(AS.PLACEMENT, "setup", why.IDS_PLACE_ARACHNE, why.AMB_01,
                                         {"monster": NAME, "area": "Inner Hell"})]
    assert (s.monsters[NAME].status, s.monsters[NAME].area) == ("in play", "Inner Hell")
    s = gw.state(monsters=[NAME])
    s.monsters[NAME].status, s.monsters[NAME].area = "not yet", None
    events = gw.run(AS.place_at_start(s, gw.ctx(variants=["arachne_waits_for_compromise"])))
    assert [sig(e) for e in events] == [(f"{AS.PLACEMENT}; GW-AMB-01", "setup",
                                         why.IDS_PLACE_ARACHNE, AS.WAITS_WHY, {"monster": NAME})]
    assert (s.monsters[NAME].status, s.monsters[NAME].area) == ("not yet", None)
    assert gw.run(AS.place_at_start(gw.state(monsters=["Androgeus"]), gw.ctx())) == []


@pytest.mark.rule("GW-ARA-03", "GW-AMB-08")
def test_tangled_in_the_web_event_under_each_reading():
    gw = GW(load({"monsters.cards.Arachne Solara.abilities[0].vp_per_kill": 2}))
    s = gw.state(Arachne_Solara="Prax")
    s.empires["Sea"].vp = 3
    events = gw.run(AS.tangled_in_the_web(s, gw.ctx(), "Sea", 3))
    assert [sig(e) for e in events] == [(AS.TANGLED, "vp", why.IDS_TANGLED, why.AMB_08,
                                         {"empire": "Sea", "kills": 3, "vp": 6, "monster": NAME})]
    assert s.empires["Sea"].vp == 3 + 6 and s.stats == {"arachne_vp": 6}
    events = gw.run(AS.tangled_in_the_web(s, gw.ctx(variants=["tangled_no_kill_scored"]), "Sea",
                                          2))
    assert [sig(e) for e in events] == [(AS.TANGLED, "vp", why.IDS_TANGLED, AS.NO_KILL_WHY,
                                         {"empire": "Sea", "kills": 2, "vp": 0, "monster": NAME})]
    assert s.empires["Sea"].vp == 9 and s.stats == {"arachne_vp": 6}


@pytest.mark.rule("GW-ARA-05", "GW-ARA-06", "GW-AMB-06")
def test_spinning_out_of_and_into_hell_event_by_event():
    gw = GW(load({"monsters.cards.Arachne Solara.abilities[1].cost": 2}))
    s = gw.state(Arachne_Solara="Prax", power=5)
    events = gw.run(AS.spin(s, gw.ctx(), "Earth"), answers=["the Heavens"])
    assert [sig(e) for e in events] == [
        (AS.SPINNING, "decision", why.IDS_SPIN_OUT, why.AMB_06,
         {"decision": "spin_destination", "choice": "the Heavens"}),
        (AS.SPINNING, "move", why.IDS_SPIN_OUT, why.AMB_06,
         {"where": "Prax", "to": "the Heavens", "token": False, "monster": NAME,
          "refs": AS.SPIN_REFS})]
    assert s.empires["Earth"].power == 3 and s.monster_area(NAME) == "the Heavens"
    assert s.web_tokens == [] and s.web_pool == 12 and s.stats == {"spins": 1}
    events = gw.run(AS.spin(s, gw.ctx(), "Sea"), answers=["Fonrit"])
    assert [sig(e) for e in events] == [
        (AS.SPINNING, "decision", why.IDS_SPIN_IN, "",
         {"decision": "spin_destination", "choice": "Fonrit"}),
        (AS.SPINNING, "move", why.IDS_SPIN_IN, AS.SPIN_IN_WHY,
         {"where": "the Heavens", "to": "Fonrit", "token": True, "monster": NAME,
          "refs": AS.SPIN_REFS})]
    assert events[-1].message.endswith("(11 left in the pool)")
    assert s.empires["Sea"].power == 3 and s.monster_area(NAME) == "Fonrit"
    assert s.web_tokens == ["Fonrit"] and s.web_pool == 11 and s.stats == {"spins": 2}
    assert AS.SPIN_REFS == ("monsters:cards.Arachne Solara.abilities",)
    assert AS.SPIN_IN_WHY == why.join(why.AMB_06, why.MAP)


@pytest.mark.rule("GW-ARA-06", "GW-AMB-06")
def test_spinning_under_the_variant_spin_to_hell_area_only(gw):
    s = gw.state(Arachne_Solara="Prax", power=5)
    ctx = gw.ctx(variants=["spin_to_hell_area_only"])
    events = gw.run(AS.spin(s, ctx, "Earth"), answers=["Hell"])
    assert events[0].data == {"decision": "spin_destination", "choice": "Hell"}
    assert sig(events[-1])[:4] == (AS.SPINNING, "move", why.IDS_SPIN_OUT, AS.HELL_AREA_WHY)
    s.web_tokens = ["Prax"]  # from Hell, under both readings: any surface area without a token
    assert AS.spin_destinations(s, gw.data, True) == AS.spin_destinations(s, gw.data) == [
        a for a in gw.data.surface_areas() if a != "Prax"]
    assert len(AS.spin_destinations(s, gw.data)) == 15
    s.monsters[NAME].area = "Prax"
    assert AS.spin_destinations(s, gw.data, True) == ["Hell", "the Heavens"]
    assert AS.spin_destinations(s, gw.data) == ["Hell", "Inner Hell", "the Heavens"]


@pytest.mark.rule("GW-ARA-05")
def test_one_destination_is_taken_without_a_question_and_a_spin_must_be_possible(gw):
    s = gw.state(Arachne_Solara="Inner Hell", power=5)
    s.web_tokens = [a for a in gw.data.surface_areas() if a != "Kralorela"]
    events = gw.run(AS.spin(s, gw.ctx(), "Storm"))
    assert [e.kind for e in events] == ["move"] and s.monster_area(NAME) == "Kralorela"
    s = gw.state(Arachne_Solara="Inner Hell", power=0)
    with pytest.raises(ValueError, match="^Storm cannot pay 1 power for Spinning the Web$"):
        gw.run(AS.spin(s, gw.ctx(), "Storm"))
    s.web_pool = 0
    with pytest.raises(ValueError, match="^Spinning the Web: no legal destination$"):
        gw.run(AS.spin(s, gw.ctx(), "Storm"))
    assert AS.spin_destinations(gw.state(monsters=["Androgeus"]), gw.data) == []


@pytest.mark.rule("GW-ARA-09", "GW-AMB-07")
def test_completing_the_web_under_each_reading(gw):
    s = gw.state(Arachne_Solara="Prax")
    s.web_pool = 1
    assert gw.run(AS.completing_the_web(s, gw.data, "x")) == []  # a token is left
    s.web_pool = 0
    events = gw.run(AS.completing_the_web(s, gw.data, "placed in Prax"))
    assert [sig(e) for e in events] == [(AS.COMPLETING, "result", why.IDS_COMPLETE, "",
                                         {"refs": AS.COMPLETE_REFS})]
    assert events[0].message == (
        "Completing the Web: the last of the 12 web tokens has left the pool (placed in Prax); the "
        "game immediately ends, even if no one has reached 35 VP")
    assert s.end_reason == "Completing the Web"
    assert gw.run(AS.completing_the_web(s, gw.data, "again")) == []  # it ends once
    s = gw.state(Arachne_Solara="Prax")
    s.web_pool, s.empires["Sea"].web_token_on_sheet = 0, True
    events = gw.run(AS.completing_the_web(s, gw.data, "Sea's empire sheet"))
    assert sig(events[0])[:4] == (AS.COMPLETING, "result", why.IDS_COMPLETE, why.AMB_07)
    assert events[0].message.endswith(" (tokens on empire sheets count too: GW-AMB-07)")
    # variant: only tokens on the map complete the web
    assert gw.run(AS.completing_the_web(gw.state(Arachne_Solara="Prax"), gw.data, "x", True)) == []
    s.end_reason = ""
    assert gw.run(AS.completing_the_web(s, gw.data, "x", map_only=True)) == []
    assert s.end_reason == ""
    s.empires["Sea"].web_token_on_sheet = False
    events = gw.run(AS.completing_the_web(s, gw.data, "placed in Fonrit", map_only=True))
    assert [sig(e) for e in events] == [(AS.COMPLETING, "result", why.IDS_COMPLETE, AS.MAP_ONLY_WHY,
                                         {"refs": AS.COMPLETE_REFS})]
    assert s.end_reason == "Completing the Web" and AS.COMPLETE_REFS == (
        "monsters:components.web_tokens",)


@pytest.mark.rule("GW-ARA-07", "GW-ARA-08")
def test_empowering_event_by_event_in_player_order():
    gw = GW(load({"monsters.cards.Arachne Solara.abilities[2].power_per_building": 3}))
    s = gw.state(Arachne_Solara="Prax", power=0)
    s.web_tokens = ["Fonrit"]
    s.buildings = {"Prax": ["Sea", "Earth"], "Fonrit": ["Earth"], "Peloria": ["Storm"]}
    events, asked = gw.asked(AS.empowering(s, gw.ctx()), ["decline", "empower"])
    assert [(d.player, d.kind, d.options, d.rule, d.data, d.ids) for d in asked] == [
        ("Sea", "empower", ["empower", "decline"], AS.EMPOWERING, {"gain": 3}, why.IDS_EMPOWER),
        ("Earth", "empower", ["empower", "decline"], AS.EMPOWERING, {"gain": 6},
         why.IDS_EMPOWER)]
    assert [sig(e) for e in events] == [
        (AS.EMPOWERING, "decision", why.IDS_EMPOWER, "", {"decision": "empower",
                                                          "choice": "decline"}),
        (AS.EMPOWERING, "info", why.IDS_EMPOWER, "", {}),
        (AS.EMPOWERING, "decision", why.IDS_EMPOWER, "", {"decision": "empower",
                                                          "choice": "empower"}),
        (AS.EMPOWERING, "power", why.IDS_EMPOWER, "",
         {"empire": "Earth", "gain": 6, "monster": NAME})]
    assert events[3].message.startswith("Empowering the Web: Earth gains 6 power (3 per building ")
    assert [s.empires[e].power for e in s.player_order] == [0, 0, 6, 0]
    assert [s.empires[e].web_token_on_sheet for e in s.player_order] == [False, False, True, False]
    assert s.web_pool == 11 and s.stats == {"empowerings": 1}
    _, asked = gw.asked(AS.empowering(s, gw.ctx()), ["decline"])
    assert [d.player for d in asked] == ["Sea"]  # Earth has used it: asked no more


@pytest.mark.rule("GW-ARA-08", "GW-ARA-09", "GW-AMB-07")
def test_empowering_the_last_token_ends_the_game_and_asks_no_one_after(gw):
    s = gw.state(Arachne_Solara="Prax")
    s.buildings = {"Prax": ["Storm", "Sea"]}
    s.web_pool = 1
    events, asked = gw.asked(AS.empowering(s, gw.ctx()), ["empower"])
    assert [d.player for d in asked] == ["Storm"]
    assert events[-1].kind == "result" and s.end_reason == "Completing the Web"
    assert "Storm's empire sheet" in events[-1].message and s.web_pool == 0
    s = gw.state(Arachne_Solara="Prax")  # an empty pool: no token to place, no offer
    s.buildings = {"Prax": ["Storm"]}
    s.web_pool = 0
    assert gw.asked(AS.empowering(s, gw.ctx()))[1] == []
    s.web_pool, s.web_tokens = 3, ["Prax"]  # a token where Storm builds, but she is gone
    s.monsters[NAME].status, s.monsters[NAME].area = "removed", None
    assert gw.asked(AS.empowering(s, gw.ctx()))[1] == []


@pytest.mark.rule("GW-ARA-07")
def test_empowering_gain_counts_buildings_where_she_or_a_token_is(gw):
    s = gw.state(Arachne_Solara="Prax")
    s.web_tokens = ["Fonrit", "Ralios"]
    s.buildings = {"Prax": ["Earth"], "Fonrit": ["Earth"], "Ralios": ["Sea"], "Peloria": ["Earth"]}
    assert AS.empowering_gain(s, gw.data, "Earth") == 2
    assert AS.empowering_gain(s, gw.data, "Storm") == 0
    s.monsters[NAME].area = None
    assert AS.empowering_gain(s, gw.data, "Earth") == 1


@pytest.mark.rule("GW-ARA-12")
def test_the_spike_event(gw):
    s = gw.state(Arachne_Solara="the Spike")
    events = gw.run(AS.spike_explodes(s, gw.ctx()))
    assert [sig(e) for e in events] == [(AS.KILLING, "move", why.IDS_SPIKE_ARACHNE, "",
                                         {"from": "the Spike", "to": "Inner Hell",
                                          "monster": NAME})]
    assert s.monster_area(NAME) == "Inner Hell"
    with pytest.raises(ValueError, match="^no web token left in the pool$"):
        s.web_pool = 0
        AS.take_token(s)


@pytest.mark.rule("GW-ARA-05", "GW-ARA-06")
def test_the_acting_player_is_asked_where_she_goes(gw):
    s = gw.state(Arachne_Solara="Prax", power=5)
    _, asked = gw.asked(AS.spin(s, gw.ctx(), "Sea"), ["Hell"])
    _, asked_in = gw.asked(AS.spin(s, gw.ctx(), "Earth"), ["Teshnos"])
    assert [(d.player, d.kind, d.prompt) for d in asked + asked_in] == [
        ("Sea", "spin_destination", "Spinning the Web: relocate Arachne Solara to Heaven or Hell"),
        ("Earth", "spin_destination", "Spinning the Web: relocate Arachne Solara to which surface "
                                      "area without a web token?")]
    assert asked[0].options == ["Hell", "Inner Hell", "the Heavens"]
    assert s.monster_area(NAME) == "Teshnos" and s.web_tokens == ["Teshnos"]


@pytest.mark.rule("GW-FAQ-02", "GW-ARA-05", "GW-ARA-06", "GW-ARA-09")
def test_spinning_either_way_triggers_community_and_the_last_token_ends_the_game(gw):
    """Spinning the Web is a movement-type ability: out of the surface and back in, each triggers
    Juggernaut's Community (XIV. FAQ), named with the ability and Arachne as the mover; the token
    it places last completes the web, the log saying where it went."""
    s = gw.state(Arachne_Solara="Prax", power=5)
    s.monsters["Juggernaut"] = MonsterState("Kralorela", "in play")
    s.web_pool = 1
    events = gw.run(AS.spin(s, gw.ctx(), "Sea"), answers=["Hell"])
    events += gw.run(AS.spin(s, gw.ctx(), "Sea"), answers=["Fonrit"])
    community = [e.data for e in events if e.data.get("juggernaut_triggered")]
    assert community == [{"juggernaut_triggered": True, "ability": "Spinning the Web",
                          "by": NAME}] * 2
    assert s.stats["community_triggers"] == 2
    assert events[-1].kind == "result" and "(placed in Fonrit)" in events[-1].message
    assert s.end_reason == "Completing the Web"


@pytest.mark.rule("GW-ARA-06", "GW-AMB-06")
def test_under_the_variant_spin_to_hell_area_only_the_player_is_offered_hell_and_the_heavens(gw):
    s = gw.state(Arachne_Solara="Prax", power=5)
    _, asked = gw.asked(AS.spin(s, gw.ctx(variants=["spin_to_hell_area_only"]), "Sea"),
                        ["the Heavens"])
    assert [(d.player, d.options) for d in asked] == [("Sea", ["Hell", "the Heavens"])]
    assert s.monster_area(NAME) == "the Heavens"


@pytest.mark.rule("GW-ARA-05")
def test_a_player_with_exactly_the_cost_may_spin_and_pays_it_all(gw):
    s = gw.state(Arachne_Solara="Inner Hell", power=AS.spin_cost(gw.data))
    assert AS.spin_cost(gw.data) == 1
    assert AS.can_spin(s, gw.data, "Storm")
    gw.run(AS.spin(s, gw.ctx(), "Storm"), ["Prax"])
    assert s.empires["Storm"].power == 0 and s.monster_area(NAME) == "Prax"
    assert not AS.can_spin(s, gw.data, "Storm")


@pytest.mark.rule("GW-ARA-07")
def test_empowering_adds_its_power_to_what_the_player_holds(gw):
    s = gw.state(Arachne_Solara="Prax", power=3)
    s.buildings = {"Prax": ["Storm"]}
    gw.run(AS.empowering(s, gw.ctx()), ["empower"])
    assert s.empires["Storm"].power == 3 + 1 and s.empires["Storm"].web_token_on_sheet

"""Androgeus' card, event by event: each ability's effect on the state and what its events say
(citation, kind, catalogue IDs, assumption, data references), so a learner reading the log sees
which rule fired and what the project filled in."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision
from rules_lib.games.gods_war import androgeus, monsters
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.battle import Side
from rules_lib.games.gods_war.data import load
from rules_lib.games.gods_war.turn import summon

from .conftest import GW

A = androgeus


def sig(e):
    return e.rule, e.kind, tuple(e.ids), e.assumed, e.data


def decisions(proc, answers):
    """Run a procedure, returning its Decisions (as asked) and Events."""
    answers, asked, events, send = list(answers), [], [], None
    while True:
        try:
            item = proc.send(send)
        except StopIteration as stop:
            return asked, events, stop.value
        if isinstance(item, Decision):
            asked.append(item)
            send = answers.pop(0)
        else:
            events.append(item)
            send = None


@pytest.mark.rule("GW-AND-03")
def test_council_vp_event_and_the_datas_vp():
    gw = GW(load({"monsters.cards.Androgeus.abilities[0].vp": 2}))
    s = gw.state(Androgeus="Kethaela")
    gw.put(s, "Earth", "Earth Folk", "Kethaela")
    gw.put(s, "Storm", "Storm Warrior", "Kethaela")
    events = gw.run(A.council_vp(s, gw.ctx()))
    assert [sig(e) for e in events] == [(A.COUNCIL, "vp", why.IDS_AND_COUNCIL, "",
                                         {"where": "Kethaela", "empires": ["Storm", "Earth"],
                                          "vp": 2, "monster": "Androgeus"})]
    assert [s.empires[e].vp for e in s.player_order] == [2, 0, 2, 0]
    gw.run(A.council_vp(s, gw.ctx()))  # a second Council Phase adds to the VP already earned
    assert [s.empires[e].vp for e in s.player_order] == [4, 0, 4, 0]
    s.monsters["Androgeus"].status, s.monsters["Androgeus"].area = "removed", None
    assert gw.run(A.council_vp(s, gw.ctx())) == []


@pytest.mark.rule("GW-AND-04", "GW-AND-06", "GW-TRIG-02")
def test_lust_in_his_own_area_asks_the_summoner_then_the_enemy_and_moves_no_one(gw):
    s = gw.state(Androgeus="Altinela")
    s.empires["Sea"].pool["Sea Folk"] = 0  # Sea's cheapest left: Sea Raider (2)
    s.empires["Earth"].pool = {k: 0 for k in s.empires["Earth"].pool}
    asked, events, _ = decisions(A.lust(s, gw.ctx(), "Storm", "Altinela"), ["Sea"])
    assert [(d.player, d.kind, d.options, d.rule, d.ids, d.assumed) for d in asked] == [
        ("Storm", "lust_enemy", ["Sea", "Invisible God"], A.LUST, why.IDS_LUST_NO_TARGET, "")]
    assert [sig(e) for e in events] == [
        (A.LUST, "monster", why.IDS_LUST, why.LUST_UNIT,
         {"summoner": "Storm", "enemy": "Sea", "kind": "Sea Raider", "unit": "Sea Raider",
          "area": "Altinela", "monster": "Androgeus"}),
        (A.LUST, "monster", why.IDS_LUST_NO_CHAIN, why.AMB_03,
         {"where": "Altinela", "monster": "Androgeus"})]
    assert s.empires["Sea"].pool["Sea Raider"] == 1 and s.stats == {"lust_summons": 1}
    assert s.monster_area("Androgeus") == "Altinela"
    assert events[0].message.startswith("Lust: Storm summoned into Androgeus' area (Altinela); ")


@pytest.mark.rule("GW-AND-04")
def test_equally_cheap_kinds_are_the_enemys_choice(gw):
    gw2 = GW(load({"empires.empires.Sea.units.Sea Raider.cost": 1}))
    s = gw2.state(Androgeus="Altinela")
    for e in ("Earth", "Invisible God"):
        s.empires[e].pool = {k: 0 for k in s.empires[e].pool}
    asked, events, _ = decisions(A.lust(s, gw2.ctx(), "Storm", "Altinela"), ["Sea Raider"])
    assert [(d.player, d.kind, d.options, d.rule, d.ids, d.assumed) for d in asked] == [
        ("Sea", "lust_unit", ["Sea Folk", "Sea Raider"], A.LUST, why.IDS_LUST, why.LUST_UNIT)]
    assert events[0].data["kind"] == "Sea Raider"
    assert s.empires["Sea"].pool["Sea Raider"] == 1 and s.pieces[-1].kind == "Sea Raider"


@pytest.mark.rule("GW-AND-05", "GW-AMB-02")
def test_lust_next_door_moves_him_and_says_so(gw):
    s = gw.state(Androgeus="Altinela")
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Maniria"), answers=["Earth"])
    moved = next(e for e in events if e.kind == "move")
    assert sig(moved) == (A.LUST, "move", why.IDS_LUST_MOVE, A.LUST_MOVE_WHY,
                          {"monster": "Androgeus", "from": "Altinela", "to": "Maniria",
                           "refs": A.LUST_MOVE_REFS})
    assert s.stats["androgeus_moves"] == 1 and A.LUST_MOVE_REFS == ("map:borders",)
    assert A.LUST_MOVE_WHY == why.join(why.AMB_02, why.MAP)
    summoned = next(e for e in events if e.rule == A.LUST and e.data.get("enemy") == "Earth")
    assert summoned.message.startswith("Lust: Storm summoned into an area adjacent to Androgeus "
                                       "(Maniria); ")


@pytest.mark.rule("GW-AND-05", "GW-AND-06")
def test_with_no_enemy_to_summon_he_still_moves_and_says_it_is_assumed(gw):
    s = gw.state(Androgeus="Altinela")
    for e in ("Sea", "Earth", "Invisible God"):
        s.empires[e].pool = {k: 0 for k in s.empires[e].pool}
    events = gw.run(A.lust(s, gw.ctx(), "Storm", "Maniria"))
    assert [sig(e) for e in events] == [
        (f"{A.LUST}; {monsters.FAQ}", "monster", why.IDS_LUST_NO_TARGET, "",
         {"where": "Maniria", "monster": "Androgeus"}),
        (A.LUST, "move", why.IDS_LUST_MOVE, A.LUST_MOVE_ALONE_WHY,
         {"monster": "Androgeus", "from": "Altinela", "to": "Maniria", "refs": A.LUST_MOVE_REFS})]
    assert "lust_summons" not in s.stats


@pytest.mark.rule("GW-AMB-02")
def test_variant_lust_no_move_labels_its_reading(gw):
    s = gw.state(Androgeus="Altinela")
    events = gw.run(A.lust(s, gw.ctx(variants=["lust_no_move"]), "Storm", "Maniria"),
                    answers=["Earth"])
    stay = next(e for e in events if e.ids == why.IDS_LUST_MOVE)
    assert sig(stay) == (f"{A.LUST}; {monsters.MOVEMENT}", "monster", why.IDS_LUST_MOVE,
                         A.LUST_NO_MOVE_WHY, {"where": "Altinela", "monster": "Androgeus"})
    assert s.monster_area("Androgeus") == "Altinela" and "androgeus_moves" not in s.stats


@pytest.mark.rule("GW-AMB-03")
def test_variant_lust_chains_labels_each_free_summon(gw):
    s = gw.state(Androgeus="Altinela")
    for e in ("Earth", "Invisible God"):
        s.empires[e].pool = {k: 0 for k in s.empires[e].pool}
    s.empires["Sea"].pool = {"Sea Folk": 1}
    s.empires["Storm"].pool = {"Storm Warrior": 1}
    events = gw.run(A.lust(s, gw.ctx(variants=["lust_chains"]), "Storm", "Altinela"))
    summons = [e for e in events if "enemy" in e.data]
    assert [(e.data["summoner"], e.data["enemy"], e.ids, e.assumed) for e in summons] == [
        ("Storm", "Sea", why.IDS_LUST, why.LUST_UNIT),
        ("Sea", "Storm", why.IDS_LUST_NO_CHAIN, A.LUST_CHAIN_WHY)]
    assert s.stats["lust_summons"] == 2
    assert sig(events[-1])[:3] == (f"{A.LUST}; {monsters.FAQ}", "monster",
                                   why.IDS_LUST_NO_TARGET)  # Storm's free summon: no one left


def test_lust_applies_in_his_area_and_next_door_only(gw):
    s = gw.state(Androgeus="Altinela")
    assert [A.lust_applies(s, gw.data, a) for a in ("Altinela", "Maniria", "Prax")] == [
        "same", "adjacent", None]
    s.monsters["Androgeus"].status, s.monsters["Androgeus"].area = "waiting", None
    assert A.lust_applies(s, gw.data, "Altinela") is None
    assert gw.run(A.lust(s, gw.ctx(), "Storm", "Altinela")) == []


def test_the_lowest_cost_available_ignores_empty_and_dearer_kinds(gw):
    s = gw.state(monsters=(), experienced=False)
    s.empires["Sea"].pool = {"Sea Folk": 0, "Sea Raider": 2, "Sea Hero": 1, "Sea Lord": 1}
    assert A.lowest_cost_available(s, gw.data, "Sea") == ["Sea Raider"]
    s.empires["Sea"].pool = {"Sea Folk": 0}
    assert A.lowest_cost_available(s, gw.data, "Sea") == []
    assert A.lust_targets(s, "Storm") == ["Earth", "Invisible God"]


@pytest.mark.rule("GW-AND-09", "GW-AND-10")
def test_the_kill_exchange_event_by_event(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    gw.put(s, "Storm", "Storm Champion", "Altinela")
    foe = Side("Storm", False, ["Storm King", "Storm Champion"], kills=1)
    andro = Side("Androgeus", True, kills=2)
    asked, events, left = decisions(A.kill_exchange(s, gw.ctx(), "Altinela", foe, andro),
                                    ["Storm King"])
    assert [(d.player, d.kind, d.options, d.rule, d.ids) for d in asked] == [
        ("Storm", "androgeus_victim", ["Storm Champion", "Storm King"], A.KILLING,
         why.IDS_AND_KILLED)]
    assert sig(events[0]) == (A.KILLING, "combat", why.IDS_AND_KILLED, why.AMB_04,
                              {"androgeus_killed": True, "victim": "Storm King",
                               "unit": "Storm King", "monster": "Androgeus"})
    assert left == 1  # the hero's death took one of his two kills
    assert [p.kind for p in s.pieces] == ["Storm Champion"] and s.stats["units_killed"] == 1
    assert s.monsters["Androgeus"].status == "removed"


@pytest.mark.rule("GW-AND-11", "GW-AND-12")
def test_the_kill_exchange_when_he_survives_or_no_hero_is_there(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Champion", "Altinela")
    foe = Side("Storm", False, ["Storm Champion"], kills=0)
    _, events, left = decisions(A.kill_exchange(s, gw.ctx(), "Altinela", foe,
                                                Side("Androgeus", True, kills=3)), [])
    assert sig(events[0]) == (A.KILLING, "combat", why.IDS_AND_SURVIVES, "",
                              {"androgeus_killed": False, "monster": "Androgeus"})
    assert left == 3 and s.monster_area("Androgeus") == "Altinela"
    for empire, kinds, ids in (("Sea", ["Sea Folk"], why.IDS_AND_NO_HERO),
                               ("Invisible God", ["Malkioni Knight"], why.IDS_AND_NO_HERO_FAQ)):
        foe = Side(empire, False, kinds, kills=5)
        _, events, left = decisions(A.kill_exchange(s, gw.ctx(), "Altinela", foe,
                                                    Side("Androgeus", True, kills=2)), [])
        assert sig(events[0]) == (A.KILLING, "combat", ids, A.CLASS_WHY,
                                  {"androgeus_killed": False, "monster": "Androgeus",
                                   "refs": A.CLASS_REFS})
        assert left == 2
    assert A.CLASS_REFS == ("empires:empires",)


@pytest.mark.rule("GW-AND-09")
def test_the_kill_condition_reads_the_cards_numbers():
    gw = GW(load({"monsters.cards.Androgeus.killing.min_kills_against": 2,
                  "monsters.cards.Androgeus.killing.min_kills_by_monster": 3}))
    assert A.kill_condition(gw.data, True, 2, 3)
    assert not A.kill_condition(gw.data, True, 1, 3)
    assert not A.kill_condition(gw.data, True, 2, 2)
    assert not A.kill_condition(gw.data, False, 2, 3)


@pytest.mark.rule("GW-AND-07", "GW-AND-08")
def test_the_superhero_cap_counts_the_champions_dice_first(gw):
    assert A.superhero_cap(gw.data, [3, 5], True)[0] == [3, 1]
    assert A.superhero_cap(gw.data, [6, 2], True)[0] == [4, 0]
    assert A.superhero_cap(gw.data, [2], False)[0] == [2]
    capped, note = A.superhero_cap(gw.data, [5], False)
    assert capped == [4] and note == (
        "Superhero: at most 4 combat dice vs. Androgeus; 4 of 5 rolled (the cap counts every die "
        "rolled against him in the battle together, GW-AMB-05)")
    capped, note = A.superhero_cap(gw.data, [3, 5], True)
    assert note == (
        "Superhero: at most 4 combat dice vs. Androgeus; 4 of 8 rolled (the cap counts every die "
        "rolled against him in the battle together, GW-AMB-05) (Single Combat: the Champion's 3 "
        "dice count against the 4 total, the battle rolls the other 1)")


@pytest.mark.rule("GW-AND-10", "GW-AMB-04")
def test_the_kill_exchange_under_each_reading_of_the_heros_death(gw):
    """One hero in the battle is killed without a question; the log says which reading of the
    hero's death applies, and the kills left for his other results follow it."""
    readings = (
        ((), why.AMB_04, "(that death takes one of his kills, GW-AMB-04; his other results apply "
         "as usual)", 1),
        (("androgeus_hero_dies_in_addition",), A.KILLED_WHY_EXTRA,
         "(variant 'androgeus_hero_dies_in_addition': the hero dies on top of all his kills)", 2))
    for variants, assumed, reading, kills_left in readings:
        s = gw.state(Androgeus="Altinela")
        gw.put(s, "Storm", "Storm Champion", "Altinela")
        gw.put(s, "Storm", "Storm Warrior", "Altinela")
        foe = Side("Storm", False, ["Storm Champion", "Storm Warrior"], kills=1)
        asked, events, left = decisions(
            A.kill_exchange(s, gw.ctx(variants=variants), "Altinela", foe,
                            Side("Androgeus", True, kills=2)), [])
        assert asked == []
        assert events[0].assumed == assumed and events[0].message.endswith(reading)
        assert events[0].data["victim"] == "Storm Champion" and left == kills_left
        assert [p.kind for p in s.pieces] == ["Storm Warrior"]


@pytest.mark.rule("GW-AND-03")
def test_the_council_vp_line_names_every_empire_that_earns_in_player_order(gw):
    """The log line of Androgeus' Council VP names who earns: none, one, two or three empires,
    the last joined by 'and' (the learner reads who scored, not only the VP totals)."""
    s = gw.state(Androgeus="Kethaela")
    lines = [gw.text(gw.run(A.council_vp(s, gw.ctx())))]
    for empire, kind in (("Earth", "Earth Folk"), ("Storm", "Storm Warrior"),
                         ("Sea", "Sea Folk")):
        gw.put(s, empire, kind, "Kethaela")
        lines.append(gw.text(gw.run(A.council_vp(s, gw.ctx()))))
    assert lines == [
        "Androgeus in Kethaela: no empire has units in his area, so none earns the 1 VP",
        "Androgeus in Kethaela: Earth has units in his area and earns 1 VP",
        "Androgeus in Kethaela: Storm and Earth have units in his area and earn 1 VP each",
        "Androgeus in Kethaela: Storm, Sea and Earth have units in his area and earn 1 VP each",
    ]
    assert [s.empires[e].vp for e in s.player_order] == [2, 1, 3, 0]

"""The assumed base-game battle the Monster rules apply to (battle.yaml): one die per point of
Combat, kills then routs, casualties and routed units chosen cheapest first by their owner, routs
to an adjacent surface area, a wiped-out side's building destroyed; and every event of it labelled
with its citation, kind, catalogue IDs, assumption and data references.

The base game has no catalogue ID (it is assumed); the tests of the Monsters' battle rules that
run through it carry theirs.
"""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import androgeus, arachne_solara, monsters
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.battle import (
    BASE_BATTLE,
    BATTLE_REFS,
    BUILDING_REFS,
    ROLL_REFS,
    ROLL_WHY_CHAMPION,
    ROUT_BY_MONSTER_WHY,
    ROUT_REFS,
    ROUT_WHY,
    kill_one,
    resolve_battle,
    rout_destinations,
    rout_one,
)
from rules_lib.games.gods_war.data import load

from .conftest import BLANK, GW, KILL, ROUT


def sig(e):
    """What an event says beyond its wording: citation, kind, IDs, assumption, data."""
    return e.rule, e.kind, tuple(e.ids), e.assumed, e.data


def empire_battle(gw):
    """Storm (2 Warriors: 2 dice) attacks Sea (a Raider and a Folk: 3 dice) in Prax, where Sea
    and Earth have buildings."""
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Storm", "Storm Warrior", "Prax", 2)
    gw.put(s, "Sea", "Sea Folk", "Prax")
    gw.put(s, "Sea", "Sea Raider", "Prax")
    s.buildings = {"Prax": ["Sea", "Earth"]}
    return s


def test_a_battle_between_empires_step_by_step(gw):
    s = empire_battle(gw)
    ctx = gw.ctx([KILL, ROUT, KILL, BLANK, BLANK])
    events = gw.run(resolve_battle(s, ctx, "Prax", "Storm", "Sea"),
                    answers=["Sea Raider", "Teshnos"])
    assert [sig(e) for e in events] == [
        (BASE_BATTLE, "combat", why.IDS_COMBAT, why.BATTLE,
         {"where": "Prax", "attacker": "Storm", "defender": "Sea", "refs": BATTLE_REFS}),
        (BASE_BATTLE, "roll", why.IDS_COMBAT, why.ROLL,
         {"faces": [6, 4], "kills": 1, "routs": 1, "side": "Storm", "refs": ROLL_REFS}),
        (BASE_BATTLE, "roll", why.IDS_COMBAT, why.ROLL,
         {"faces": [6, 1, 1], "kills": 1, "routs": 0, "side": "Sea", "refs": ROLL_REFS}),
        (BASE_BATTLE, "decision", (), why.BATTLE, {"decision": "casualty", "choice": "Sea Raider"}),
        (BASE_BATTLE, "combat", (), why.BATTLE,
         {"empire": "Sea", "kind": "Sea Raider", "unit": "Sea Raider", "where": "Prax"}),
        (BASE_BATTLE, "decision", (), ROUT_WHY,
         {"decision": "rout_destination", "choice": "Teshnos"}),
        (BASE_BATTLE, "move", (), ROUT_WHY,
         {"empire": "Sea", "kind": "Sea Folk", "from": "Prax", "to": "Teshnos", "chooser": "Sea",
          "refs": ROUT_REFS}),
        (BASE_BATTLE, "combat", (), why.BATTLE,
         {"empire": "Storm", "kind": "Storm Warrior", "unit": "Storm Warrior", "where": "Prax"}),
        (BASE_BATTLE, "combat", (), why.BATTLE, {"where": "Prax", "refs": BUILDING_REFS}),
    ]
    assert [(p.empire, p.kind, p.area) for p in s.pieces] == [
        ("Storm", "Storm Warrior", "Prax"), ("Sea", "Sea Folk", "Teshnos")]
    assert s.empires["Sea"].pool["Sea Raider"] == 2 and s.empires["Storm"].pool["Storm Warrior"] == 5
    assert s.buildings == {"Prax": ["Earth"]}  # Sea's is gone, Earth's stays
    assert s.stats == {"battles": 1, "units_killed": 2, "units_routed": 1, "buildings_destroyed": 1}
    assert BATTLE_REFS == ("battle:procedure",) and BUILDING_REFS == (
        "battle:procedure.loser_buildings_destroyed",)
    assert ROLL_REFS == ("battle:battle_dice", "battle:procedure.dice_per_combat")
    assert ROUT_REFS == ("map:borders",) and ROUT_WHY == why.join(why.BATTLE, why.MAP)


def test_the_only_building_of_an_area_goes_with_the_area_entry(gw):
    s = empire_battle(gw)
    s.buildings = {"Prax": ["Sea"], "Peloria": ["Sea"]}
    gw.run(resolve_battle(s, gw.ctx([KILL, KILL, BLANK, BLANK, BLANK]), "Prax", "Storm", "Sea"))
    assert s.buildings == {"Peloria": ["Sea"]} and s.pieces_in("Prax", "Sea") == []


def test_no_building_is_lost_while_the_loser_keeps_a_unit_or_when_both_sides_are_wiped_out(gw):
    s = empire_battle(gw)  # one kill only: Sea keeps a unit
    gw.run(resolve_battle(s, gw.ctx([KILL, BLANK, BLANK, BLANK, BLANK]), "Prax", "Storm", "Sea"))
    assert s.buildings == {"Prax": ["Sea", "Earth"]}
    s = empire_battle(gw)  # both wiped out: no winner left to take the area
    s.buildings["Prax"].append("Storm")
    gw.run(resolve_battle(s, gw.ctx([KILL, KILL, KILL, KILL, BLANK]), "Prax", "Storm", "Sea"))
    assert not s.pieces_in("Prax") and s.buildings == {"Prax": ["Sea", "Earth", "Storm"]}
    assert "buildings_destroyed" not in s.stats


def test_the_data_can_keep_buildings_of_a_wiped_out_side():
    gw = GW(load({"battle.procedure.loser_buildings_destroyed": False}))
    s = empire_battle(gw)
    gw.run(resolve_battle(s, gw.ctx([KILL, KILL, BLANK, BLANK, BLANK]), "Prax", "Storm", "Sea"))
    assert s.pieces_in("Prax", "Sea") == [] and s.buildings == {"Prax": ["Sea", "Earth"]}


def test_dice_per_point_of_combat_come_from_the_data():
    gw = GW(load({"battle.procedure.dice_per_combat": 2}))
    s = empire_battle(gw)
    ctx = gw.ctx([BLANK] * 10)
    gw.run(resolve_battle(s, ctx, "Prax", "Storm", "Sea"))
    assert len(ctx.dice.log) == 2 * 2 + 2 * 3  # two dice per point of Combat, both sides
    assert [p for p, _, _ in ctx.dice.log].count("Storm battle dice vs Sea") == 4


def test_a_casualty_and_a_routed_unit_are_the_owners_choice_cheapest_offered_first(gw):
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Sea", "Sea Lord", "Prax")
    gw.put(s, "Sea", "Sea Folk", "Prax")
    gw.put(s, "Sea", "Sea Raider", "Prax")
    events = gw.run(kill_one(s, gw.ctx(), "Prax", "Sea", "test"))
    assert events[0].kind == "decision" and s.pieces_in("Prax", "Sea")[0].kind == "Sea Lord"
    assert [p.kind for p in s.pieces_in("Prax", "Sea")] == ["Sea Lord", "Sea Raider"]
    events = gw.run(rout_one(s, gw.ctx(), "Prax", "Sea", "Sea", "test"), answers=["Sea Lord"])
    assert [p.kind for p in s.pieces if p.area != "Prax"] == ["Sea Lord"]
    assert sig(events[0])[:4] == (BASE_BATTLE, "decision", (), why.BATTLE)
    assert events[0].data == {"decision": "rout_unit", "choice": "Sea Lord"}


def test_kill_one_limited_to_some_kinds_and_with_none_left(gw):
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Sea", "Sea Folk", "Prax")
    gw.put(s, "Sea", "Sea Hero", "Prax")
    assert gw.run(kill_one(s, gw.ctx(), "Prax", "Sea", "x", kinds=["Sea Lord"])) == []
    events = gw.run(kill_one(s, gw.ctx(), "Prax", "Sea", "x", kinds=["Sea Hero"], rule="R"))
    assert [p.kind for p in s.pieces] == ["Sea Folk"] and events[0].rule == "R"
    assert s.stats == {"units_killed": 1}
    assert gw.run(kill_one(s, gw.ctx(), "Kethaela", "Sea", "x")) == []


def test_routs_go_to_adjacent_surface_areas_only(gw):
    assert rout_destinations(gw.data, "the Spike") == [
        "Altinela", "Kethaela", "Dragon Pass", "Prax", "Vithela", "Pamaltela"]  # not Hell, Heavens
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Earth", "Earth Folk", "Inner Hell")  # a hand-built position: nowhere to rout to
    events = gw.run(rout_one(s, gw.ctx(), "Inner Hell", "Earth", "Earth", "test"))
    assert s.pieces == [] and s.empires["Earth"].pool["Earth Folk"] == 6
    assert sig(events[0]) == (BASE_BATTLE, "combat", (), ROUT_WHY,
                              {"unit": "Earth Folk", "where": "Inner Hell", "refs": ROUT_REFS})


def test_one_destination_is_taken_without_a_question(gw):
    gw2 = GW(load({"map.borders": [["Altinela", "Maniria"], ["Altinela", "Hell"],
                                   ["Hell", "Inner Hell"], ["the Spike", "the Heavens"]]}))
    s = gw2.state(monsters=(), experienced=False)
    gw2.put(s, "Sea", "Sea Folk", "Altinela")
    events = gw2.run(rout_one(s, gw2.ctx(), "Altinela", "Sea", "Storm", "test", rule="R",
                              assumed="A", ids=("X",)))
    assert [e.kind for e in events] == ["move"] and s.pieces[0].area == "Maniria"
    assert sig(events[0])[:4] == ("R", "move", ("X",), "A")
    assert events[0].data["chooser"] == "Storm"


@pytest.mark.rule("GW-ROUT-02", "GW-ROUT-01")
def test_routs_by_a_monster_cite_who_chooses_and_why(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [ROUT] + [BLANK] * 5), "Altinela",
                                   "Storm", "Androgeus"), answers=["Kethaela"])
    info = next(e for e in events if e.kind == "info")
    assert sig(info) == (monsters.ROUTED_BY_MONSTER, "info", why.IDS_ROUT_ATTACKER, "",
                         {"monster": "Androgeus"})
    moved = next(e for e in events if e.kind == "move")
    assert sig(moved)[:4] == (monsters.ROUTED_BY_MONSTER, "move", why.IDS_ROUT_ATTACKER, why.MAP)
    s = gw.state(Androgeus="Altinela")
    s.monsters["Androgeus"].controller = "Earth"
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([ROUT] + [BLANK] * 5 + [BLANK]), "Altinela",
                                   "Androgeus", "Storm"), answers=["Kethaela"])
    info = next(e for e in events if e.kind == "info")
    assert sig(info) == (monsters.ROUTED_BY_MONSTER, "info", why.IDS_ROUT_CONTROLLER, why.CONTROL,
                         {"monster": "Androgeus"})
    moved = next(e for e in events if e.kind == "move")
    assert sig(moved)[:4] == (monsters.ROUTED_BY_MONSTER, "move", why.IDS_ROUT_CONTROLLER,
                              ROUT_BY_MONSTER_WHY)
    assert moved.data["chooser"] == "Earth"
    assert ROUT_BY_MONSTER_WHY == why.join(why.CONTROL, why.MAP)


@pytest.mark.rule("GW-AND-07", "GW-AMB-05")
def test_the_superhero_event_and_the_champions_roll_are_labelled(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] * 4 + [BLANK] * 6), "Altinela", "Storm",
                                   "Androgeus"))
    cap = next(e for e in events if e.rule == androgeus.SUPERHERO)
    assert sig(cap) == (androgeus.SUPERHERO, "combat", why.IDS_SUPERHERO, androgeus.DICE_WHY,
                        {"side": "Storm", "wanted": 5, "dice": 4, "monster": "Androgeus",
                         "refs": ROLL_REFS})
    assert "Single Combat" not in cap.message
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] * 4 + [BLANK] * 6), "Altinela", "Storm",
                                   "Androgeus", champion="Storm King"))
    cap = next(e for e in events if e.rule == androgeus.SUPERHERO)
    assert sig(cap)[:4] == (androgeus.SUPERHERO, "combat", why.IDS_SUPERHERO_CHAMPION,
                            androgeus.DICE_WHY_CHAMPION)
    assert cap.message.endswith(" (Single Combat: the Champion's 3 dice count against the 4 "
                                "total, the battle rolls the other 1)")
    rolls = [e for e in events if e.kind == "roll"]
    assert [(e.assumed, e.data["side"], len(e.data["faces"])) for e in rolls] == [
        (ROLL_WHY_CHAMPION, "Storm", 3), (why.ROLL, "Storm", 1), (why.ROLL, "Androgeus", 6)]
    assert rolls[0].message.startswith("Single Combat champion rolls 3 dice")
    assert s.stats["max_dice_vs_androgeus"] == 4


@pytest.mark.rule("GW-ARA-04")
def test_arachne_sparing_a_building_is_labelled(gw):
    s = gw.state(Arachne_Solara="Prax")
    gw.put(s, "Sea", "Sea Folk", "Prax")
    s.buildings = {"Prax": ["Sea"]}
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [KILL] + [BLANK] * 9), "Prax", "Sea",
                                   "Arachne Solara"))
    spared = events[-1]
    assert sig(spared) == (arachne_solara.TANGLED, "combat", why.IDS_NO_BUILDING_LOSS, "",
                           {"monster": "Arachne Solara", "where": "Prax"})
    assert s.buildings == {"Prax": ["Sea"]} and "buildings_destroyed" not in s.stats


@pytest.mark.rule("GW-ROUT-01", "GW-MF-05")
def test_who_is_asked_what_when_a_unit_is_killed_or_routed(gw):
    """The owner picks the casualty and the routed unit; the chooser (here another empire, as when
    a Monster's controller picks) picks among two destinations (Fronela has two surface
    neighbours)."""
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Sea", "Sea Raider", "Fronela")
    gw.put(s, "Sea", "Sea Folk", "Fronela", 2)
    _, asked = gw.asked(kill_one(s, gw.ctx(), "Fronela", "Sea", "test"), ["Sea Raider"])
    assert [(d.player, d.kind, d.options) for d in asked] == [
        ("Sea", "casualty", ["Sea Folk", "Sea Raider"])]
    gw.put(s, "Sea", "Sea Raider", "Fronela")
    events, asked = gw.asked(rout_one(s, gw.ctx(), "Fronela", "Sea", "Storm", "test"),
                             ["Sea Raider", "Ralios"])
    assert [(d.player, d.kind, d.options) for d in asked] == [
        ("Sea", "rout_unit", ["Sea Folk", "Sea Raider"]),
        ("Storm", "rout_destination", ["Dragon Pass", "Ralios"])]
    assert [(p.kind, p.area) for p in s.pieces] == [("Sea Folk", "Fronela"),
                                                    ("Sea Folk", "Fronela"),
                                                    ("Sea Raider", "Ralios")]
    assert events[-1].data == {"empire": "Sea", "kind": "Sea Raider", "from": "Fronela",
                               "to": "Ralios", "chooser": "Storm", "refs": ROUT_REFS}


def test_the_owner_is_offered_the_cheapest_piece_first_not_the_first_name(gw):
    """Storm's pieces sorted by name (Champion, King, Warrior) are not in cost order (Warrior 1,
    Champion 3, King 6): the offer is by cost, so a player answering the first option loses the
    cheapest."""
    s = gw.state(monsters=(), experienced=False)
    for kind in ("Storm King", "Storm Champion", "Storm Warrior"):
        gw.put(s, "Storm", kind, "Fronela")
    _, asked = gw.asked(kill_one(s, gw.ctx(), "Fronela", "Storm", "test"))
    assert asked[0].options == ["Storm Warrior", "Storm Champion", "Storm King"]
    assert sorted(p.kind for p in s.pieces) == ["Storm Champion", "Storm King"]
    _, asked = gw.asked(rout_one(s, gw.ctx(), "Fronela", "Storm", "Storm", "test"))
    assert asked[0].options == ["Storm Champion", "Storm King"]
    assert [(p.kind, p.area) for p in s.pieces] == [("Storm King", "Fronela"),
                                                    ("Storm Champion", "Dragon Pass")]


def test_the_log_counts_each_kill_and_rout_of_a_side(gw):
    """Each casualty and routed unit is logged as which of the side's results it is; a rout with
    no unit left to move is not played (the loop stops, nothing else happens)."""
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Storm", "Storm Warrior", "Kralorela", 4)
    gw.put(s, "Sea", "Sea Folk", "Kralorela", 3)
    ctx = gw.ctx([KILL, KILL, ROUT, ROUT] + [BLANK] * 3)
    events = gw.run(resolve_battle(s, ctx, "Kralorela", "Storm", "Sea"), answers=["Prax"])
    said = [e.message for e in events if e.kind in ("combat", "move")][1:]
    assert said == [
        "Sea's Sea Folk in Kralorela is killed (kill 1 of 2 by Storm) and returns to the pool",
        "Sea's Sea Folk in Kralorela is killed (kill 2 of 2 by Storm) and returns to the pool",
        "Sea's Sea Folk is routed from Kralorela to Prax (rout 1 of 2 by Storm; Sea chooses where)"]
    assert [(p.empire, p.area) for p in s.pieces] == [("Storm", "Kralorela")] * 4 + [
        ("Sea", "Prax")]
    assert s.stats == {"battles": 1, "units_killed": 2, "units_routed": 1}


@pytest.mark.rule("GW-ROUT-02")
def test_a_monster_rout_with_no_unit_left_says_nothing_of_who_chooses(gw):
    """Androgeus kills Storm's only Warrior and rolls a rout: no unit is left to rout, so nobody
    chooses, even though Sea has a unit in the same area (not in the battle)."""
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [KILL, ROUT] + [BLANK] * 4), "Altinela",
                                   "Storm", "Androgeus"))
    assert not [e for e in events if e.kind in ("info", "move")]
    assert [(p.empire, p.area) for p in s.pieces] == [("Sea", "Altinela")]


@pytest.mark.rule("GW-ARA-03")
def test_kills_against_androgeus_earn_no_tangled_in_the_web_vp(gw):
    s = gw.state(Androgeus="Altinela", Arachne_Solara="Prax")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)
    events = gw.run(resolve_battle(s, gw.ctx([KILL, KILL] + [BLANK] * 6), "Altinela", "Storm",
                                   "Androgeus"))
    assert s.empires["Storm"].vp == 0 and "arachne_vp" not in s.stats
    assert not [e for e in events if e.rule == arachne_solara.TANGLED]


def test_a_third_empire_in_the_area_does_not_make_a_wiped_out_side_the_winner(gw):
    """Storm and Sea wipe each other out in Prax, where Earth also has a unit: neither side is
    left to take the area, so Sea's building stays."""
    s = empire_battle(gw)
    gw.put(s, "Earth", "Earth Folk", "Prax")
    gw.run(resolve_battle(s, gw.ctx([KILL, KILL, KILL, KILL, BLANK]), "Prax", "Storm", "Sea"))
    assert s.buildings == {"Prax": ["Sea", "Earth"]} and "buildings_destroyed" not in s.stats
    assert [(p.empire, p.kind) for p in s.pieces] == [("Earth", "Earth Folk")]


def test_a_battle_needs_both_sides_in_the_area_and_an_attacking_monster_controlled(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    with pytest.raises(ValueError, match="^Sea has no units in Prax$"):
        gw.run(resolve_battle(s, gw.ctx(), "Prax", "Storm", "Sea"))
    with pytest.raises(ValueError, match="^Androgeus is not in play in Prax$"):
        gw.run(resolve_battle(s, gw.ctx(), "Prax", "Storm", "Androgeus"))
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    with pytest.raises(ValueError, match=r"^Androgeus is uncontrolled: Cosmic Monsters only fight "
                       r"when attacked \(XIII\. Monsters - Combat\)$"):
        gw.run(resolve_battle(s, gw.ctx(), "Altinela", "Androgeus", "Storm"))


def test_a_single_combat_champion_and_the_army_add_up_their_results(gw):
    """Storm King as Champion rolls 3 dice (a kill and a rout), the Warrior 1 (a kill): the side
    scores both kills and the rout against Sea."""
    s = gw.state(monsters=(), experienced=False)
    gw.put(s, "Storm", "Storm King", "Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    gw.put(s, "Sea", "Sea Folk", "Prax", 3)
    ctx = gw.ctx([KILL, ROUT, BLANK, KILL] + [BLANK] * 3)
    events = gw.run(resolve_battle(s, ctx, "Prax", "Storm", "Sea", champion="Storm King"),
                    answers=["Teshnos"])
    assert [(e.data["kills"], e.data["routs"]) for e in events if e.kind == "roll"] == [
        (1, 1), (1, 0), (0, 0)]
    assert s.stats["units_killed"] == 2 and s.stats["units_routed"] == 1
    assert [(p.empire, p.area) for p in s.pieces if p.empire == "Sea"] == [("Sea", "Teshnos")]


@pytest.mark.rule("GW-AND-07")
def test_superhero_caps_dice_against_androgeus_only(gw):
    """Storm King and two Warriors (5 Combat) roll all 5 dice against Arachne Solara: only
    Androgeus' card caps the dice rolled against him."""
    s = gw.state(Arachne_Solara="Prax")
    gw.put(s, "Storm", "Storm King", "Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax", 2)
    ctx = gw.ctx([BLANK] * 5 + [BLANK] * 10)
    events = gw.run(resolve_battle(s, ctx, "Prax", "Storm", "Arachne Solara"))
    assert not [e for e in events if e.rule == androgeus.SUPERHERO]
    assert [p for p, _, _ in ctx.dice.log].count("Storm battle dice vs Arachne Solara") == 5


@pytest.mark.rule("GW-AND-07")
def test_the_most_dice_rolled_against_androgeus_is_kept_over_battles(gw):
    """The game's statistic (checked by the invariants against the Superhero cap) keeps the most
    dice any force rolled against him: Storm's 4, then a single Warrior's 1; when Androgeus
    attacks, it is his foe's dice that count, not his own 6."""
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)
    gw.run(resolve_battle(s, gw.ctx([BLANK] * 10), "Altinela", "Storm", "Androgeus"))
    assert s.stats["max_dice_vs_androgeus"] == 4
    s.pieces = [p for p in s.pieces if p.kind != "Storm King"][:1]
    gw.run(resolve_battle(s, gw.ctx([BLANK] * 7), "Altinela", "Storm", "Androgeus"))
    assert s.stats["max_dice_vs_androgeus"] == 4
    s = gw.state(Androgeus="Altinela")
    s.monsters["Androgeus"].controller = "Earth"
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 2)
    gw.run(resolve_battle(s, gw.ctx([BLANK] * 8), "Altinela", "Androgeus", "Storm"))
    assert s.stats["max_dice_vs_androgeus"] == 2


def test_no_die_rolled_against_androgeus_is_recorded_as_none():
    """With data capping the dice against him at 0, the statistic says 0."""
    gw = GW(load({"monsters.cards.Androgeus.abilities[2].max_dice": 0}))
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    gw.run(resolve_battle(s, gw.ctx([BLANK] * 6), "Altinela", "Storm", "Androgeus"))
    assert s.stats["max_dice_vs_androgeus"] == 0


@pytest.mark.rule("GW-ARA-04")
def test_a_monster_other_than_arachne_solara_that_wipes_out_its_attacker_destroys_its_building(gw):
    """Storm's only Warrior attacks Androgeus in Altinela, where Storm has a building, and is
    killed: Androgeus stays, so Storm's building goes (sparing it is Arachne Solara's alone)."""
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    s.buildings = {"Altinela": ["Storm"]}
    events = gw.run(resolve_battle(s, gw.ctx([BLANK] + [KILL] + [BLANK] * 5), "Altinela",
                                   "Storm", "Androgeus"))
    assert sig(events[-1]) == (BASE_BATTLE, "combat", (), why.BATTLE,
                               {"where": "Altinela", "refs": BUILDING_REFS})
    assert s.buildings == {} and s.stats["buildings_destroyed"] == 1
    assert not [e for e in events if e.rule == arachne_solara.TANGLED]


@pytest.mark.rule("GW-ROUT-02", "GW-ROUT-01")
def test_where_a_monster_routs_a_unit_to_is_asked_citing_who_chooses(gw):
    """The question of where a unit routed by a Monster goes carries the IDs of the rule that
    gives the choice: the attacker's own (GW-ROUT-02) or the Monster's controller's (GW-ROUT-01)."""
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    _, asked = gw.asked(resolve_battle(s, gw.ctx([BLANK] + [ROUT] + [BLANK] * 5), "Altinela",
                                       "Storm", "Androgeus"), ["Kethaela"])
    assert [(d.player, d.kind, tuple(d.ids)) for d in asked] == [
        ("Storm", "rout_destination", why.IDS_ROUT_ATTACKER)]
    s = gw.state(Androgeus="Altinela")
    s.monsters["Androgeus"].controller = "Earth"
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    _, asked = gw.asked(resolve_battle(s, gw.ctx([ROUT] + [BLANK] * 5 + [BLANK]), "Altinela",
                                       "Androgeus", "Storm"), ["Kethaela"])
    assert [(d.player, d.kind, tuple(d.ids)) for d in asked] == [
        ("Earth", "rout_destination", why.IDS_ROUT_CONTROLLER)]

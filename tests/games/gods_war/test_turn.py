"""The assumed base-game sequence of play (turn.py): the actions a player may pay for, what each
costs and does, the Action Phase's rounds, the Time track (the Great Compromise, the Spike) and the
end (the VP to win, the turn limit, runes, the result).

The base game is assumed and has no catalogue IDs; where a Cosmic Monster rule runs through it
(placement at the Great Compromise, the Spike and Arachne, Completing the Web) the test carries its
ID.
"""
from __future__ import annotations

import pytest

from rules_lib.core.engine import Decision
from rules_lib.games.gods_war import arachne_solara, monsters, new_game
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.data import load
from rules_lib.games.gods_war.turn import (
    ACTIONS,
    BUILD_REFS,
    END,
    GREAT_COMPROMISE,
    GREAT_COMPROMISE_REFS,
    RUNE_REFS,
    RUNES_WHY,
    SIREN_REFS,
    SPIKE,
    SPIKE_REFS,
    SUMMON_REFS,
    TURN,
    action_phase,
    check_victory,
    do_action,
    end_game,
    legal_actions,
    play,
    start_of_turn,
    summon,
)

from .conftest import GW

SURFACE = ["Altinela", "the Spike", "Dragon Pass", "Peloria", "Kethaela", "Prax", "Fronela",
           "Ralios", "Maniria", "Seshnela", "Jrustela", "Pamaltela", "Teshnos", "Kralorela",
           "Vithela", "Fonrit"]


def sig(e):
    return e.rule, e.kind, tuple(e.ids), e.assumed, e.data


def position(gw, power):
    """Storm: King and a Warrior in Prax, a Warrior in Altinela (with Androgeus), a building in
    Dragon Pass; Earth in Prax; Sea next door in Peloria; Arachne in Inner Hell."""
    s = gw.state(Androgeus="Altinela", Arachne_Solara="Inner Hell", power=power)
    gw.put(s, "Storm", "Storm King", "Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    gw.put(s, "Earth", "Earth Folk", "Prax")
    gw.put(s, "Sea", "Sea Folk", "Peloria")
    s.buildings = {"Dragon Pass": ["Storm"]}
    return s


def moves(kind, src, dests):
    return [f"move {kind} from {src} to {d}" for d in dests]


def test_the_actions_storm_can_pay_for_with_two_power(gw):
    s = position(gw, 2)
    assert legal_actions(s, gw.data, "Storm") == [
        "attack Androgeus in Altinela", "attack Earth in Prax", "spin the web",
        "summon Storm Warrior in Altinela", "summon Storm Warrior in Dragon Pass",
        "summon Storm Warrior in Prax",
        *[f"teleport Storm King from Prax to {a}" for a in SURFACE if a != "Prax"],
        *moves("Storm King", "Prax", ["the Spike", "Peloria", "Teshnos", "Kralorela"]),
        *moves("Storm Warrior", "Prax", ["the Spike", "Peloria", "Teshnos", "Kralorela"]),
        *moves("Storm Warrior", "Altinela", ["Maniria", "Kethaela", "the Spike", "Pamaltela",
                                             "Jrustela"]),
        "pass"]


def test_with_one_power_teleport_and_the_siren_song_move_are_too_dear(gw):
    s = position(gw, 1)
    actions = legal_actions(s, gw.data, "Storm")
    assert not [a for a in actions if a.startswith("teleport")]
    assert moves("Storm King", "Prax", ["the Spike", "Teshnos", "Kralorela"])[0] in actions
    assert not [a for a in actions if a.endswith("to Peloria")]  # 1 + Siren Song 1
    assert "attack Earth in Prax" in actions and "spin the web" in actions
    assert legal_actions(position(gw, 0), gw.data, "Storm") == ["pass"]


def test_with_three_power_buildings_and_the_champion_become_affordable(gw):
    s = position(gw, 3)
    actions = legal_actions(s, gw.data, "Storm")
    start = actions.index("spin the web") + 1
    assert actions[start:start + 2] == ["build in Altinela", "build in Prax"]
    assert "summon Storm Champion in Dragon Pass" in actions
    assert actions.index("summon Storm Champion in Altinela") < actions.index(
        "summon Storm Warrior in Altinela")
    s.buildings["Prax"] = ["Earth", "Storm"]  # one building of an empire per area
    assert "build in Prax" not in legal_actions(s, gw.data, "Storm")


def test_a_building_limit_of_two_and_only_on_the_surface():
    gw = GW(load({"base_game.buildings.per_empire_per_area": 2}))
    s = position(gw, 3)
    s.buildings["Prax"] = ["Storm"]
    assert "build in Prax" in legal_actions(s, gw.data, "Storm")
    s.buildings["Prax"] = ["Storm", "Storm"]
    assert "build in Prax" not in legal_actions(s, gw.data, "Storm")
    gw.put(s, "Storm", "Storm Warrior", "Hell")  # a hand-built position: not a place to build
    assert "build in Hell" not in legal_actions(s, gw.data, "Storm")


def test_sunspear_targets_monsters_then_enemy_kinds_in_the_areas_with_its_units(gw):
    s = position(gw, 2)
    gw.put(s, "Invisible God", "Malkioni Soldier", "Altinela")
    gw.put(s, "Invisible God", "Malkioni Soldier", "Prax")
    actions = legal_actions(s, gw.data, "Invisible God")
    assert [a for a in actions if a.startswith("sunspear")] == [
        "sunspear Androgeus in Altinela", "sunspear Storm Warrior in Altinela",
        "sunspear Earth Folk in Prax", "sunspear Storm King in Prax",
        "sunspear Storm Warrior in Prax"]
    s.empires["Invisible God"].power = 1
    assert not [a for a in legal_actions(s, gw.data, "Invisible God") if a.startswith("sunspear")]


def test_the_attack_needs_its_cost_and_an_empire_never_attacks_itself(gw):
    gw2 = GW(load({"battle.procedure.attack_cost": 2}))
    s = position(gw2, 1)
    assert not [a for a in legal_actions(s, gw2.data, "Storm") if a.startswith("attack")]
    s.empires["Storm"].power = 2
    attacks = [a for a in legal_actions(s, gw2.data, "Storm") if a.startswith("attack")]
    assert attacks == ["attack Androgeus in Altinela", "attack Earth in Prax"]


# -- what each action costs and does ------------------------------------------------------------

COSTS = {"base_game.actions.move": 1, "base_game.actions.build": 3, "base_game.actions.teleport": 4,
         "base_game.actions.sunspear": 5, "battle.procedure.attack_cost": 2,
         "base_game.siren_song.penalty_power": 6}


def test_each_action_pays_its_own_cost():
    gw = GW(load(COSTS))
    s = position(gw, 30)
    gw.put(s, "Invisible God", "Malkioni Soldier", "Prax")
    storm, god = s.empires["Storm"], s.empires["Invisible God"]
    events = gw.run(do_action(s, gw.ctx(), "Storm", "build in Prax"))
    assert storm.power == 27 and s.buildings["Prax"] == ["Storm"]
    assert sig(events[0]) == ("Gods War base game (assumed): Build", "build", (), why.BUILD,
                              {"area": "Prax", "refs": BUILD_REFS})
    gw.run(do_action(s, gw.ctx(), "Invisible God", "sunspear Earth Folk in Prax"))
    assert god.power == 25 and not s.pieces_in("Prax", "Earth")
    gw.run(do_action(s, gw.ctx(), "Storm", "move Storm Warrior from Prax to Teshnos"))
    assert storm.power == 26
    events = gw.run(do_action(s, gw.ctx(), "Storm", "move Storm Warrior from Teshnos to Prax"))
    assert storm.power == 25 and not [e for e in events if e.kind == "power"]
    events = gw.run(do_action(s, gw.ctx(), "Storm", "move Storm Warrior from Prax to Peloria"))
    assert storm.power == 25 - 1 - 6
    assert sig(events[0]) == ("Gods War base game (assumed): Siren Song", "power", (),
                              why.SIREN_SONG, {"refs": SIREN_REFS})
    assert events[0].message == "Storm pays 6 power for Siren Song"
    gw.run(do_action(s, gw.ctx(), "Storm", "teleport Storm King from Prax to Fronela"))
    assert storm.power == 14 and s.pieces_in("Fronela", "Storm")[0].kind == "Storm King"
    assert s.pieces_in("Prax", "Storm") == []
    gw.run(do_action(s, gw.ctx([1] * 2), "Storm", "attack Sea in Peloria"))
    assert storm.power == 12
    with pytest.raises(ValueError, match="unknown action 'dance'"):
        gw.run(do_action(s, gw.ctx(), "Storm", "dance"))


def test_teleport_carries_every_piece_of_the_empire_in_the_area(gw):
    s = position(gw, 5)
    gw.run(do_action(s, gw.ctx(), "Storm", "teleport Storm King from Prax to Ralios"))
    assert sorted(p.kind for p in s.pieces_in("Ralios", "Storm")) == ["Storm King",
                                                                      "Storm Warrior"]
    assert [p.empire for p in s.pieces_in("Prax")] == ["Earth"]


def test_single_combat_is_offered_to_storm_with_a_hero_and_may_be_declined(gw):
    s = position(gw, 5)
    gw.put(s, "Storm", "Storm Champion", "Prax")
    events = gw.run(do_action(s, gw.ctx([1] * 10), "Storm", "attack Earth in Prax"),
                    answers=["no"])
    asked = events[0]
    assert sig(asked) == ("Gods War base game (assumed): Single Combat", "decision", (),
                          why.SINGLE_COMBAT, {"decision": "single_combat", "choice": "no"})
    assert not [e for e in events if e.assumed == why.join(why.ROLL, why.SINGLE_COMBAT)]
    proc = do_action(position(gw, 5), gw.ctx(), "Storm", "attack Earth in Prax")
    decision = next(proc)
    assert isinstance(decision, Decision) and decision.options == ["no", "Storm King"]
    s = position(gw, 5)
    events = gw.run(do_action(s, gw.ctx([1] * 10), "Storm", "attack Earth in Prax"),
                    answers=["Storm King"])
    assert next(e.assumed for e in events if e.kind == "roll") == why.join(why.ROLL,
                                                                          why.SINGLE_COMBAT)
    s = position(gw, 5)  # Earth has no Single Combat: no question
    events = gw.run(do_action(s, gw.ctx([1] * 10), "Earth", "attack Storm in Prax"))
    assert events[0].kind == "combat"


def test_a_summon_pays_the_units_cost_from_the_pool_then_lust_applies(gw):
    s = position(gw, 5)
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Champion", "Prax"))
    assert s.empires["Storm"].power == 2 and s.empires["Storm"].pool["Storm Champion"] == 0
    assert s.pieces[-1].kind == "Storm Champion" and s.pieces[-1].area == "Prax"
    assert sig(events[0]) == ("Gods War base game (assumed): Summon", "summon", (), why.SUMMON,
                              {"empire": "Storm", "kind": "Storm Champion",
                               "unit": "Storm Champion", "area": "Prax", "refs": SUMMON_REFS})
    with pytest.raises(ValueError, match="Storm has no Storm Champion in its pool"):
        gw.run(summon(s, gw.ctx(), "Storm", "Storm Champion", "Prax"))
    events = gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"), answers=["Sea"])
    assert [e.rule for e in events][1] == "Androgeus card: Lust (Ongoing)"


# -- the Action Phase ------------------------------------------------------------------------------

def test_players_act_in_player_order_round_after_round_until_all_have_passed(gw):
    s = position(gw, 1)
    s.empires["Storm"].power = 3
    for e in ("Sea", "Earth", "Invisible God"):
        s.empires[e].power = 0
    answers = ["summon Storm Warrior in Prax", "pass", "build in Prax"]
    proc = action_phase(s, gw.ctx())
    asked, events, send = [], [], None
    while True:
        try:
            item = proc.send(send)
        except StopIteration:
            break
        if isinstance(item, Decision):
            asked.append((item.player, item.kind, item.rule, item.assumed, s.step))
            send = answers.pop(0) if answers[0] != "build in Prax" or "build in Prax" in \
                item.options else "pass"
        else:
            events.append(item)
            send = None
    assert asked[0] == ("Storm", "action", ACTIONS, why.ACTIONS, "Storm")
    passes = [e.message for e in events if e.kind == "step"]
    assert passes == ["Sea passes", "Earth passes", "Invisible God passes", "Storm passes"]
    assert all(sig(e)[:4] == (ACTIONS, "step", (), why.ACTIONS) for e in events
               if e.kind == "step")
    assert sig(events[0])[:4] == (ACTIONS, "phase", (), why.ACTIONS)
    assert s.phase == "Action" and s.empires["Storm"].power == 2


@pytest.mark.rule("GW-ARA-09")
def test_the_action_phase_stops_at_once_when_the_web_is_completed(gw):
    s = gw.state(monsters=["Arachne Solara"], experienced=False, Arachne_Solara="Inner Hell")
    s.web_pool = 1
    s.web_tokens = SURFACE[:11]
    events = gw.run(action_phase(s, gw.ctx()), answers=["spin the web"])
    assert s.end_reason == "Completing the Web"
    assert [e.data["decision"] for e in events if e.kind == "decision"] == [
        "action", "spin_destination"]  # Storm's: nobody else is asked


# -- the Time track --------------------------------------------------------------------------------

@pytest.mark.rule("GW-PLACE-01")
def test_the_great_compromise_is_triggered_once_on_its_turn_and_places_androgeus():
    gw = GW(load({"base_game.great_compromise.trigger_turn": 2}))
    s = gw.state(monsters=["Androgeus"], experienced=False)
    s.great_compromise, s.turn = False, 1
    assert gw.run(start_of_turn(s, gw.ctx())) == [] and s.monsters["Androgeus"].status == "waiting"
    s.turn = 2
    events = gw.run(start_of_turn(s, gw.ctx()))
    assert sig(events[0]) == (GREAT_COMPROMISE, "info", ("GW-PLACE-01",), why.GREAT_COMPROMISE,
                              {"refs": GREAT_COMPROMISE_REFS})
    assert events[0].message == "The Great Compromise is first triggered (assumed: on turn 2)"
    assert s.great_compromise and s.monster_area("Androgeus") == "Altinela"
    s.turn = 3
    assert gw.run(start_of_turn(s, gw.ctx())) == []


@pytest.mark.rule("GW-MF-04", "GW-ARA-12")
def test_the_spike_explodes_on_its_turn_once_pieces_there_return_to_their_pools():
    gw = GW(load({"base_game.spike.explodes_on_turn": 4}))
    s = gw.state(Androgeus="the Spike", Arachne_Solara="the Spike")
    gw.put(s, "Sea", "Sea Folk", "the Spike", 2)
    gw.put(s, "Sea", "Sea Folk", "Prax")
    s.turn = 3
    assert gw.run(start_of_turn(s, gw.ctx())) == [] and not s.spike_exploded
    s.turn = 4
    events = gw.run(start_of_turn(s, gw.ctx()))
    assert sig(events[0]) == (SPIKE, "info", ("GW-MF-04",), why.SPIKE,
                              {"area": "the Spike", "refs": SPIKE_REFS})
    assert [sig(e) for e in events[1:3]] == [
        (SPIKE, "move", (), why.SPIKE, {"unit": "Sea Folk", "where": "the Spike"})] * 2
    assert [p.area for p in s.pieces] == ["Prax"] and s.empires["Sea"].pool["Sea Folk"] == 5
    assert s.monster_area("Arachne Solara") == "Inner Hell"
    assert s.monster_area("Androgeus") == "the Spike"
    assert sig(events[-1]) == (monsters.KILLING, "monster", ("GW-KILL-01",), why.SPIKE_ANDROGEUS,
                               {"monster": "Androgeus", "where": "the Spike"})
    s.turn = 5
    assert gw.run(start_of_turn(s, gw.ctx())) == []


# -- the end -----------------------------------------------------------------------------------

def test_the_vp_to_win_is_reached_at_exactly_its_number_else_the_turn_limit(gw):
    s = gw.state(monsters=(), experienced=False)
    s.empires["Sea"].vp = 34
    check_victory(s, gw.data)
    assert s.end_reason == ""
    s.empires["Sea"].vp = 35
    check_victory(s, gw.data)
    assert s.end_reason == "35 VP"
    s = gw.state(monsters=(), experienced=False)
    s.turn = 9
    check_victory(s, gw.data)
    assert s.end_reason == ""
    s.turn = 10
    check_victory(s, gw.data)
    assert s.end_reason == "turn limit"


def test_runes_are_played_at_the_end_and_the_most_vp_wins():
    gw = GW(load({"base_game.victory.rune_vp": 3}))
    s = gw.state(monsters=(), experienced=False)
    s.end_reason = "turn limit"
    s.empires["Storm"].vp, s.empires["Storm"].runes = 10, 1
    s.empires["Sea"].vp, s.empires["Sea"].runes = 7, 2
    events = gw.run(end_game(s, gw.ctx()))
    assert s.phase == "End" and s.step == ""
    assert (s.empires["Storm"].vp, s.empires["Sea"].vp) == (13, 13)
    assert s.empires["Storm"].runes == 0 and s.empires["Sea"].runes == 0
    assert s.result == "draw: Storm, Sea"
    assert sig(events[0]) == (END, "phase", (), why.END, {})
    assert [sig(e) for e in events if e.kind == "vp"] == [  # no web: Arachne's card not cited
        (END, "vp", (), RUNES_WHY, {"refs": RUNE_REFS})] * 2
    assert sig(events[-1]) == (END, "result", (), why.END,
                               {"Storm": 13, "Sea": 13, "Earth": 0, "Invisible God": 0})
    assert events[-1].message == ("Result: draw: Storm, Sea with 13 VP "
                                  "(then Earth 0, Invisible God 0)")
    s = gw.state(monsters=(), experienced=False)
    s.end_reason = "35 VP"
    s.empires["Earth"].vp, s.empires["Sea"].vp = 3, 2
    events = gw.run(end_game(s, gw.ctx()))
    assert s.result == "Earth"
    assert events[-1].message == "Result: Earth with 3 VP (then Sea 2, Storm 0, Invisible God 0)"


@pytest.mark.rule("GW-ARA-10")
def test_after_completing_the_web_the_end_cites_the_card(gw):
    s = gw.state(monsters=(), experienced=False)
    s.end_reason = "Completing the Web"
    s.empires["Sea"].runes = 1
    events = gw.run(end_game(s, gw.ctx()))
    assert sig(events[0]) == (arachne_solara.COMPLETING, "phase", why.IDS_RUNES, "", {})
    assert [sig(e) for e in events if e.kind == "vp"] == [
        (f"{END}; {arachne_solara.COMPLETING}", "vp", why.IDS_RUNES, RUNES_WHY,
         {"refs": RUNE_REFS})]


def test_a_game_runs_set_up_then_turns_of_action_and_council_phases():
    g = new_game("androgeus", seed=2, data_overrides={"base_game.victory.turn_limit": 2})
    g.run_to_end()
    phases = [(e.turn, e.phase) for e in g.log if e.kind in ("phase", "turn")]
    assert phases == [(1, "Set-Up"), (1, "Action"), (1, "Action"), (1, "Council"), (2, "Action"),
                      (2, "Action"), (2, "Council"), (2, "End")]
    turn = next(e for e in g.log if e.kind == "turn")
    assert sig(turn) == (TURN, "turn", (), why.TURN, {}) and turn.message == "Turn 1 begins"
    assert g.state.turn == 2 and g.state.end_reason == "turn limit"


def test_a_game_ended_in_the_action_phase_skips_the_council():
    g = new_game("arachne_solara", seed=0, data_overrides={"monsters.components.web_tokens": 1},
                 policies={"Storm": "random", "Sea": "random", "Earth": "random",
                           "Invisible God": "random"})
    g.run_to_end()
    assert g.state.end_reason == "Completing the Web"
    last = [e.phase for e in g.log if e.kind in ("phase", "turn")]
    assert last[-1] == "End" and last[-2] == "Action"


def test_play_resumes_a_saved_game_at_its_phase():
    g = new_game("both", seed=4)
    while g.state.phase != "Council":
        g.step_event()
    state = g.state.copy()
    events = []
    proc = play(state, g.ctx)
    for _ in range(3):
        events.append(next(proc))
    assert events[0].kind == "phase" and events[0].rule.endswith("Council Phase")


def test_an_empire_cannot_summon_a_unit_its_pool_does_not_hold_at_all(gw):
    s = position(gw, 5)
    with pytest.raises(ValueError, match="^Storm has no Sea Folk in its pool$"):
        gw.run(summon(s, gw.ctx(), "Storm", "Sea Folk", "Prax"))
    assert s.empires["Storm"].power == 5 and "Sea Folk" not in s.empires["Storm"].pool


@pytest.mark.rule("GW-AND-04")
def test_after_a_summon_the_summoner_chooses_the_enemy_lust_makes_summon(gw):
    s = position(gw, 5)
    _, asked = gw.asked(summon(s, gw.ctx(), "Storm", "Storm Warrior", "Altinela"), ["Earth"])
    assert [(d.player, d.kind, d.options) for d in asked] == [
        ("Storm", "lust_enemy", ["Sea", "Earth", "Invisible God"])]
    assert [(p.kind, p.empire) for p in s.pieces_in("Altinela")] == [
        ("Storm Warrior", "Storm"), ("Storm Warrior", "Storm"), ("Earth Folk", "Earth")]


def test_each_turn_begins_in_the_action_phase_at_no_step():
    """The Council Phase ends at its 'Cosmic Monsters' step; the next turn's opening event and
    state are back at no step."""
    g = new_game("both", seed=0, keep_log=False)
    while (e := g.step_event()) is not None and e.message != "Turn 2 begins":
        pass
    assert e is not None and (e.kind, e.phase, e.step) == ("turn", "Action", "")
    assert (g.state.phase, g.state.step, g.state.turn) == ("Action", "", 2)


def test_moves_are_listed_once_per_kind_and_area_for_every_empire_whatever_the_piece_order(gw):
    """Two Earth Folk in Prax after Storm's pieces: each move of an Earth Folk is offered once."""
    s = position(gw, 5)
    gw.put(s, "Earth", "Earth Folk", "Prax")
    moves = [a for a in legal_actions(s, gw.data, "Earth") if a.startswith("move ")]
    assert moves == [f"move Earth Folk from Prax to {a}" for a in gw.data.surface_neighbours["Prax"]]


def test_sea_moving_into_an_area_of_its_own_units_pays_no_siren_song(gw):
    s = position(gw, 1)  # Sea Folk in Peloria; another in Prax next door
    gw.put(s, "Sea", "Sea Folk", "Prax")
    assert "move Sea Folk from Prax to Peloria" in legal_actions(s, gw.data, "Sea")
    events = gw.run(do_action(s, gw.ctx(), "Sea", "move Sea Folk from Prax to Peloria"))
    assert s.empires["Sea"].power == 0 and all(e.kind != "power" for e in events)


def test_a_player_with_nothing_but_pass_is_not_asked(gw):
    s = position(gw, 0)
    s.pieces, s.buildings = [], {}
    for sheet in s.empires.values():
        sheet.pool = {k: 0 for k in sheet.pool}
    _, asked = gw.asked(action_phase(s, gw.ctx()))
    assert asked == []


def test_single_combat_asks_the_attacker_and_offers_only_its_own_heroes(gw):
    s = position(gw, 5)
    gw.put(s, "Earth", "Earth Hero", "Prax")
    _, asked = gw.asked(do_action(s, gw.ctx([1] * 20), "Storm", "attack Earth in Prax"), ["no"])
    assert [(d.player, d.kind, d.options) for d in asked] == [
        ("Storm", "single_combat", ["no", "Storm King"])]


def test_invisible_god_is_offered_its_attacks_and_its_sunspears_together(gw):
    s = position(gw, 5)
    gw.put(s, "Invisible God", "Malkioni Soldier", "Prax")
    actions = legal_actions(s, gw.data, "Invisible God")
    assert "attack Storm in Prax" in actions and "sunspear Storm King in Prax" in actions


def test_teleport_is_offered_for_every_greater_god_of_the_empire():
    data = load({"empires.empires.Storm.units.Storm King.count": 2})
    gw2 = GW(data)
    s = position(gw2, 5)
    gw2.put(s, "Storm", "Storm King", "Dragon Pass")
    teleports = {a.split(" to ")[0] for a in legal_actions(s, data, "Storm")
                 if a.startswith("teleport ")}
    assert teleports == {"teleport Storm King from Prax", "teleport Storm King from Dragon Pass"}


def test_a_move_is_offered_only_where_the_movers_empire_may_enter():
    """With the permission realm set to the surface world (a designer's data), an empire without
    the permission is offered no move, and one holding it is."""
    data = load({"base_game.hell_permissions.realm": "surface"})
    gw2 = GW(data)
    s = position(gw2, 5)
    assert not [a for a in legal_actions(s, data, "Storm") if a.startswith("move ")]
    s.empires["Storm"].hell_permission = True
    assert "move Storm Warrior from Prax to Peloria" in legal_actions(s, data, "Storm")

"""What the log records when players' abilities meet Monsters, when the Monsters are chosen and
when they are placed: each event's kind, rule, catalogue ids, data and provenance, in positions
only that clause explains."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import monsters
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.setup import initial_state


def records(events):
    return [(e.kind, e.rule, e.ids, e.data, e.assumed) for e in events if e.kind != "decision"]


@pytest.mark.rule("GW-KILL-01")
def test_a_killing_ability_fails_against_a_monster_and_kills_a_unit_with_its_record(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events, _ = gw.asked(monsters.ability_kill(s, gw.ctx(), "Sunspear", "Altinela", "Androgeus",
                                               "Invisible God"))
    assert records(events) == [("monster", monsters.COMBAT, why.IDS_KILL_BY_ABILITY,
                                {"ability": "Sunspear", "target": "Androgeus", "killed": False,
                                 "monster": "Androgeus"}, "")]
    proc = monsters.ability_kill(s, gw.ctx(), "Sunspear", "Altinela", "Sea Folk", "Invisible God")
    events, _ = gw.asked(proc)
    assert records(events) == [("combat", "Gods War base game (assumed): Sunspear", (),
                                {"ability": "Sunspear", "target": "Sea Folk", "killed": True,
                                 "unit": "Sea Folk"}, why.SUNSPEAR)]
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events, _ = gw.asked(monsters.ability_kill(s, gw.ctx(), "Lightning", "Altinela", "Sea Folk",
                                               "Storm"))
    assert events[0].assumed == monsters.ABILITY_GAP  # another ability: the base game's gap
    with pytest.raises(ValueError, match="no Sea Folk in Altinela for Lightning"):
        gw.run(monsters.ability_kill(s, gw.ctx(), "Lightning", "Altinela", "Sea Folk", "Storm"))


@pytest.mark.rule("GW-KILL-01")
def test_the_ability_s_result_says_whether_it_killed(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    proc = monsters.ability_kill(s, gw.ctx(), "Sunspear", "Altinela", "Androgeus", "Invisible God")
    result = None
    try:
        while True:
            next(proc)
    except StopIteration as stop:
        result = stop.value
    assert result is False
    proc = monsters.ability_kill(s, gw.ctx(), "Sunspear", "Altinela", "Sea Folk", "Invisible God")
    try:
        while True:
            next(proc)
    except StopIteration as stop:
        result = stop.value
    assert result is True


@pytest.mark.rule("GW-MOVE-01", "GW-EX-01")
def test_a_movement_ability_moves_pieces_only_and_logs_the_monster_left_behind(gw):
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm King", "Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", n=2)
    events, _ = gw.asked(monsters.move_by_ability(s, gw.ctx(), "Storm", "Teleport", "Altinela",
                                                  "Prax", ["Storm King", "Storm Warrior"]))
    moved, stays = records(events)[:2]
    assert moved == ("move", "Gods War base game (assumed): Teleport", (),
                     {"ability": "Teleport", "from": "Altinela", "to": "Prax",
                      "kinds": ["Storm King", "Storm Warrior"], "refs": ()}, why.TELEPORT)
    assert stays == ("monster", monsters.MOVEMENT, why.IDS_MOVE_BAN,
                     {"where": "Altinela", "monsters": ["Androgeus"]}, "")
    assert sorted(p.area for p in s.pieces) == ["Altinela", "Prax", "Prax"]
    events, _ = gw.asked(monsters.move_by_ability(s, gw.ctx(), "Storm", "move action", "Prax",
                                                  "Altinela", ["Storm Warrior"]))
    assert records(events)[0][3]["refs"] == ("map:borders", "base_game:actions.move")
    assert records(events)[0][4] == why.MOVE
    with pytest.raises(ValueError, match="Storm has no Storm King in Altinela to move"):
        gw.run(monsters.move_by_ability(s, gw.ctx(), "Storm", "Teleport", "Altinela", "Prax",
                                        ["Storm King"]))


@pytest.mark.rule("GW-SETUP-03")
def test_the_monster_choice_is_logged_agreed_or_decided_by_the_owner(gw):
    s = initial_state(gw.data, {"monsters": []}, [])
    first, second = s.player_order[0], s.player_order[1]
    agree = {first: ["Androgeus"], second: ["Androgeus"]}
    events, asked = gw.asked(monsters.choose_monsters(s, gw.ctx(), agree, first))
    assert asked == [] and records(events) == [("setup", monsters.PLACEMENT, why.IDS_OWNER, {},
                                                "")]
    differ = {first: ["Arachne Solara", "Androgeus"], second: ["Androgeus"]}
    proc = monsters.choose_monsters(s, gw.ctx(), differ, first)
    events, asked = gw.asked(proc, answers=["Androgeus, Arachne Solara"])
    assert [(d.player, d.kind, d.options, d.rule, d.ids, d.assumed) for d in asked] == [
        (first, "monsters", ["Androgeus, Arachne Solara", "Androgeus"], monsters.PLACEMENT,
         why.IDS_OWNER, why.OWNER)]
    assert records(events) == [("setup", monsters.PLACEMENT, why.IDS_OWNER, {}, why.OWNER)]


@pytest.mark.rule("GW-SETUP-03")
def test_the_agreed_or_chosen_monsters_are_what_the_procedure_returns(gw):
    s = initial_state(gw.data, {"monsters": []}, [])
    first, second = s.player_order[0], s.player_order[1]

    def result(proc, answers=()):
        out = []
        from rules_lib.core.engine import drive

        def wrap():
            out.append((yield from proc))
        drive(wrap(), answers=list(answers))
        return out[0]

    assert result(monsters.choose_monsters(s, gw.ctx(), {first: ["Androgeus"]}, first)) == [
        "Androgeus"]
    differ = {first: ["Androgeus"], second: ["Arachne Solara", "Androgeus"]}
    assert result(monsters.choose_monsters(s, gw.ctx(), differ, first),
                  ["Androgeus, Arachne Solara"]) == ["Androgeus", "Arachne Solara"]
    only_second = {second: ["Arachne Solara"]}  # the first proposes nothing: not counted
    assert result(monsters.choose_monsters(s, gw.ctx(), only_second, first)) == ["Arachne Solara"]


@pytest.mark.rule("GW-PLACE-01", "GW-AND-02", "GW-ARA-02", "GW-AMB-01")
@pytest.mark.parametrize("variants", [(), ("arachne_waits_for_compromise",)])
def test_placing_at_the_great_compromise_logs_each_monster_with_its_rules(gw, variants):
    s = initial_state(gw.data, {"monsters": ["Arachne Solara", "Androgeus"], "experienced": True},
                      [])
    events, _ = gw.asked(monsters.place_at_great_compromise(s, gw.ctx(variants=variants)))
    placed = {r[3]["monster"]: r for r in records(events)}
    assert placed["Androgeus"] == ("monster", "Androgeus card (Placement); " + monsters.COSMIC,
                                   why.IDS_PLACE_ANDROGEUS,
                                   {"monster": "Androgeus", "area": "Altinela"}, "")
    if variants:
        assert placed["Arachne Solara"][2:] == (why.IDS_PLACE_ARACHNE_LATE,
                                                {"monster": "Arachne Solara",
                                                 "area": "Inner Hell"},
                                                monsters.VARIANT_ARACHNE_LATE)
    else:
        assert "Arachne Solara" not in placed  # the default: she is placed at set-up

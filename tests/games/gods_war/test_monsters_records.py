"""What the log records when players' abilities meet Monsters, when the Monsters are chosen and
when they are placed: each event's kind, rule, catalogue ids, data and provenance, in positions
only that clause explains."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import monsters
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.setup import initial_state
from rules_lib.games.gods_war.state import MonsterState

from .conftest import GW


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
    assert events[1].message.startswith("Androgeus stays in Altinela: players cannot move")
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


# -- Juggernaut's Community (XIV. FAQ) -------------------------------------------------------------

def with_juggernaut(gw, area="Prax", **where):
    """A position with Juggernaut in play (his card is a data gap; the FAQ rulings apply)."""
    s = gw.state(**where)
    s.monsters["Juggernaut"] = MonsterState(area, "in play")
    return s


@pytest.mark.rule("GW-FAQ-03", "GW-ARA-11")
def test_juggernaut_moving_logs_who_moved_with_him_and_the_monster_left_behind(gw):
    s = with_juggernaut(gw, "Prax", Androgeus="Prax", Arachne_Solara="Prax")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    gw.put(s, "Sea", "Sea Folk", "Kralorela")  # elsewhere: not his to move
    events, _ = gw.asked(monsters.juggernaut_moves(s, gw.ctx(), "Peloria"))
    assert records(events) == [
        ("monster", "Arachne Solara card (Killing)", ("GW-ARA-11",),
         {"monster": "Arachne Solara"}, ""),
        ("move", monsters.FAQ, why.IDS_FAQ_COMMUNITY,
         {"moved": ["Storm's Storm Warrior", "Androgeus"], "to": "Peloria"},
         monsters.JUGGERNAUT_GAP)]
    assert [(p.kind, p.area) for p in s.pieces] == [("Storm Warrior", "Peloria"),
                                                    ("Sea Folk", "Kralorela")]
    assert (s.monster_area("Juggernaut"), s.monster_area("Androgeus"),
            s.monster_area("Arachne Solara")) == ("Peloria", "Peloria", "Prax")


@pytest.mark.rule("GW-FAQ-03")
def test_juggernaut_moving_alone_records_that_no_one_moved(gw):
    s = with_juggernaut(gw, "Prax", monsters=())
    events, _ = gw.asked(monsters.juggernaut_moves(s, gw.ctx(), "Peloria"))
    assert records(events) == [("move", monsters.FAQ, why.IDS_FAQ_COMMUNITY,
                                {"moved": [], "to": "Peloria"}, monsters.JUGGERNAUT_GAP)]


@pytest.mark.rule("GW-FAQ-03")
def test_juggernaut_cannot_move_unless_he_is_in_play(gw):
    s = gw.state(monsters=())
    s.monsters["Juggernaut"] = MonsterState()  # chosen, still waiting
    with pytest.raises(ValueError, match="^Juggernaut is not in play$"):
        gw.run(monsters.juggernaut_moves(s, gw.ctx(), "Peloria"))
    assert s.monsters["Juggernaut"].area is None


@pytest.mark.rule("GW-FAQ-02")
def test_a_players_movement_ability_triggering_community_is_logged_with_its_record(gw):
    s = with_juggernaut(gw, "Kralorela", monsters=())
    events, _ = gw.asked(monsters.community_trigger(s, gw.data, "Teleport", "Storm"))
    assert records(events) == [("monster", monsters.FAQ, why.IDS_FAQ_JUGGERNAUT,
                                {"juggernaut_triggered": True, "ability": "Teleport",
                                 "by": "Storm"}, "")]
    assert s.stats["community_triggers"] == 1


@pytest.mark.rule("GW-FAQ-02")
def test_another_monsters_movement_triggering_community_is_marked_assumed(gw):
    """The FAQ names other Monsters' movement abilities; that a Monster's card movement trigger
    (Lust) is one of them is the project's reading, so the record says so."""
    s = with_juggernaut(gw, "Kralorela", monsters=())
    events, _ = gw.asked(monsters.community_trigger(s, gw.data, "Lust", "Androgeus"))
    assert records(events) == [("monster", monsters.FAQ, why.IDS_FAQ_JUGGERNAUT,
                                {"juggernaut_triggered": True, "ability": "Lust",
                                 "by": "Androgeus"}, monsters.MONSTER_MOVE_WHY)]


@pytest.mark.rule("GW-FAQ-02")
def test_community_is_not_triggered_by_other_abilities_or_without_juggernaut_in_play(gw):
    s = with_juggernaut(gw, "Kralorela", monsters=())
    assert gw.run(monsters.community_trigger(s, gw.data, "Sunspear", "Invisible God")) == []
    s.monsters["Juggernaut"].status = "removed"
    assert gw.run(monsters.community_trigger(s, gw.data, "Teleport", "Storm")) == []
    assert "community_triggers" not in s.stats


@pytest.mark.rule("GW-FAQ-02")
def test_movement_type_abilities_are_the_players_list_then_each_monsters_card_triggers(gw):
    assert monsters.movement_type_abilities(gw.data) == [
        *gw.data.get("monsters.abilities_against_monsters.movement_type"), "Lust",
        "Spinning the Web"]


# -- who may enter where --------------------------------------------------------------------------

@pytest.mark.rule("GW-ARA-11")
def test_arachne_may_be_moved_only_by_spinning_the_web(gw):
    s = gw.state()
    assert monsters.may_enter(s, gw.data, "Arachne Solara", None, "Prax", "Spinning the Web") == (
        True, "")
    assert monsters.may_enter(s, gw.data, "Arachne Solara", None, "Prax", "rout") == (
        False, "Arachne Solara cannot be moved by any means other than Spinning the Web")


@pytest.mark.rule("GW-FAQ-04")
def test_mother_of_monsters_is_kept_out_of_spawn_only_by_routs_and_birth(gw):
    s = gw.state()
    s.spawn_areas = ["Teshnos"]
    barred = (False, "routs and her Birth action can't move Mother of Monsters to a Spawn (FAQ)")
    for cause in ("rout", "Birth"):
        assert monsters.may_enter(s, gw.data, "Mother of Monsters", None, "Teshnos",
                                  cause) == barred
        assert monsters.may_enter(s, gw.data, "Mother of Monsters", None, "Prax", cause) == (
            True, "")
    assert monsters.may_enter(s, gw.data, "Mother of Monsters", None, "Teshnos", "Lust") == (
        True, "")
    assert monsters.may_enter(s, gw.data, "Androgeus", None, "Teshnos", "rout") == (True, "")
    assert monsters.may_enter(s, gw.data, "Mother of Monsters", None, "Teshnos",
                              "Juggernaut")[0] is True


@pytest.mark.rule("GW-FAQ-03")
def test_hell_needs_the_owners_permission_unless_juggernaut_moves_them(gw):
    """Assumed base rule: an empire's pieces enter Hell only with its Hell permission."""
    s = gw.state()
    assert gw.data.realm("Hell") == gw.data.get("base_game.hell_permissions.realm")
    assert monsters.may_enter(s, gw.data, "Earth Folk", "Earth", "Hell", "move") == (
        False, "Earth has no Hell permission (assumed base rule)")
    assert monsters.may_enter(s, gw.data, "Earth Folk", "Earth", "Prax", "move") == (True, "")
    assert monsters.may_enter(s, gw.data, "Androgeus", None, "Hell", "Lust") == (True, "")
    assert monsters.may_enter(s, gw.data, "Earth Folk", "Earth", "Hell", "Juggernaut") == (
        True, "Juggernaut's Community supersedes Hell permissions and restrictions (FAQ)")
    s.empires["Earth"].hell_permission = True
    assert monsters.may_enter(s, gw.data, "Earth Folk", "Earth", "Hell", "move") == (True, "")


# -- battle results against a Monster, and its removal --------------------------------------------

@pytest.mark.rule("GW-AND-11", "GW-ARA-11", "GW-KILL-02")
@pytest.mark.parametrize("name, rule, ids, assumed", [
    ("Androgeus", "Androgeus card (Killing Androgeus)", why.IDS_AND_IMMUNE, ""),
    ("Arachne Solara", "Arachne Solara card (Killing Arachne Solara)", why.IDS_ARA_IMMUNE, ""),
    ("Leviathan", monsters.KILLING, ("GW-KILL-02",), monsters.MONSTER_GAP),
])
def test_kills_and_routs_rolled_against_a_monster_are_logged_without_effect(
        gw, name, rule, ids, assumed):
    from rules_lib.games.gods_war.battle import Side
    hitter = Side("Storm", False, ["Storm Warrior"], kills=2, routs=1)
    events, _ = gw.asked(monsters.results_against_monster(hitter, Side(name, True)))
    data = {} if name == "Leviathan" else {"monster": name}
    assert records(events) == [("combat", rule, ids, data, assumed)]


@pytest.mark.rule("GW-KILL-03", "GW-REW-01")
def test_a_destroyed_monster_is_removed_for_good_with_its_turn_and_reward_logged(gw):
    s = gw.state(Androgeus="Altinela")
    s.turn = 4
    events, _ = gw.asked(monsters.remove_monster(s, gw.ctx(), "Androgeus", "Storm"))
    assert (s.monsters["Androgeus"].status, s.monsters["Androgeus"].area) == ("removed", None)
    assert s.stats["Androgeus killed on turn"] == 4
    assert records(events) == [
        ("monster", monsters.KILLING, why.IDS_KILLED, {"monster": "Androgeus", "killer": "Storm"},
         ""),
        ("monster", monsters.REWARD, why.IDS_REWARD,
         {"reward": dict(gw.data.cards["Androgeus"].reward)}, why.REWARD)]


# -- classification, triggers and Siren Song ------------------------------------------------------

@pytest.mark.rule("GW-MON-02")
def test_each_piece_is_classed_by_its_card_or_unit_type(gw):
    """Cosmic Monsters count as greater gods; other Monsters are Monsters; units, heroes, greater
    gods and Elder Races by their type."""
    assert [monsters.piece_class(gw.data, k) for k in (
        "Androgeus", "Mother of Monsters", "Sea Folk", "Sea Hero", "Sea Lord",
        "Dragonewt Allies")] == ["greater_god", "monster", "unit", "hero", "greater_god", "hero"]
    assert [monsters.is_hero_or_greater_god(gw.data, k) for k in (
        "Sea Folk", "Sea Hero", "Sea Lord", "Dragonewt Allies", "Mother of Monsters")] == [
        False, True, True, True, False]
    assert monsters.unit_type(gw.data, "Dragonewt Allies") is gw.data.elder_races[
        "Dragonewt Allies"]
    with pytest.raises(KeyError, match="unknown piece 'Kraken'; known: Storm Warrior, "):
        monsters.unit_type(gw.data, "Kraken")


@pytest.mark.rule("GW-TRIG-01")
def test_a_monsters_trigger_area_is_its_area_and_the_areas_bordering_it_on_the_games_map(gw):
    from rules_lib.games.gods_war.data import load
    s = gw.state(Androgeus="Altinela")
    shipped = list(gw.data.board.neighbors("Altinela"))
    assert monsters.monster_aura(s, "Androgeus", gw.data) == ["Altinela", *shipped]
    borders = [b for b in gw.data.get("map.borders") if set(b) != {"Altinela", "Jrustela"}]
    redrawn = load({"map.borders": borders})  # a designer's map without that border
    assert monsters.monster_aura(s, "Androgeus", redrawn) == [
        "Altinela", *[a for a in shipped if a != "Jrustela"]]
    assert monsters.monster_aura(s, "Arachne Solara", gw.data) == []  # not in play


@pytest.mark.rule("GW-FAQ-01")
def test_siren_song_areas_hold_another_empires_sea_units(gw):
    """Assumed Siren Song: entering an area with another empire's Sea units costs power; the Sea
    empire's own units, and other empires' units, cost nothing."""
    s = gw.state()
    gw.put(s, "Sea", "Sea Folk", "Peloria")
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    assert monsters.siren_song_areas(s, gw.data, "Storm", "Storm") == {"Peloria"}
    assert monsters.siren_song_areas(s, gw.data, "Sea", "Sea") == set()
    assert monsters.siren_song_areas(s, gw.data, "Storm", "Juggernaut") == set()
    assert monsters.siren_song_penalty(s, gw.data, "Storm", "Prax", "Storm") == 0
    assert monsters.siren_song_penalty(s, gw.data, "Storm", "Peloria", "Storm") == gw.data.get(
        "base_game.siren_song.penalty_power")


# -- selection, placement and movement abilities: the remaining clauses ---------------------------

def card_tree(data, name):
    return dict(data.get(f"monsters.cards.{name}"))


@pytest.mark.rule("GW-SETUP-01", "GW-SETUP-02")
def test_every_selection_problem_is_reported_unknown_unplayable_and_too_many(gw):
    from rules_lib.games.gods_war.data import load
    data = load({"monsters.cards.Androgeus.recommended_per_game": 9,
                 "monsters.cards.Arachne Solara.recommended_per_game": 9})
    gap = data.cards["Leviathan"].data_gap
    assert monsters.selection_problems(data, ["Kraken", "Leviathan", "Androgeus",
                                              "Arachne Solara"]) == [
        f"unknown Monster 'Kraken'; known: {', '.join(data.cards)}",
        f"Leviathan cannot be played: {gap}",
        "2 Cosmic Monsters (Androgeus, Arachne Solara): the rulebook recommends no more than 1 "
        f"of each type ({monsters.MONSTERS}); set experienced=True to play more"]
    assert ", ".join(data.cards).startswith("Androgeus, Arachne Solara, ")


@pytest.mark.rule("GW-SETUP-01", "GW-SETUP-02")
def test_the_strictest_card_recommendation_counts_and_without_one_the_rulebooks(gw):
    from rules_lib.games.gods_war.data import load
    both = ["Androgeus", "Arachne Solara"]
    mixed = load({"monsters.expansion.recommended_per_type": 3,
                  "monsters.cards.Androgeus.recommended_per_game": 9})  # Arachne's card says 1
    assert monsters.selection_problems(mixed, both) == [
        "2 Cosmic Monsters (Androgeus, Arachne Solara): their cards recommend no more than 1 "
        "Cosmic Monster per game; set experienced=True to play more"]
    roomy = load({"monsters.expansion.recommended_per_type": 3,
                  "monsters.cards.Androgeus.recommended_per_game": 2,
                  "monsters.cards.Arachne Solara.recommended_per_game": 2})
    assert monsters.selection_problems(roomy, both) == []
    silent = {n: {k: v for k, v in card_tree(gw.data, n).items() if k != "recommended_per_game"}
              for n in both}  # cards that recommend nothing: the rulebook's 1 of each type
    bare = load({f"monsters.cards.{n}": body for n, body in silent.items()})
    assert [c.raw.get("recommended_per_game") for c in (bare.cards[n] for n in both)] == [None,
                                                                                         None]
    assert monsters.selection_problems(bare, both)[0].endswith(
        f"the rulebook recommends no more than 1 of each type ({monsters.MONSTERS}); "
        "set experienced=True to play more")
    wide = load({"monsters.expansion.recommended_per_type": 2,
                 **{f"monsters.cards.{n}": body for n, body in silent.items()}})
    assert monsters.selection_problems(wide, both) == []


@pytest.mark.rule("GW-PLACE-01")
def test_each_waiting_cosmic_monster_is_placed_whatever_stands_before_it(gw):
    """Monsters already in play, or placed at another time, are passed over, not a stop."""
    s = initial_state(gw.data, {"monsters": ["Arachne Solara", "Androgeus"],
                                "experienced": True}, [])
    s.monsters["Arachne Solara"].status, s.monsters["Arachne Solara"].area = "in play", "Prax"
    gw.run(monsters.place_at_great_compromise(s, gw.ctx()))
    assert s.monster_area("Androgeus") == "Altinela"
    s = initial_state(gw.data, {"monsters": ["Arachne Solara", "Androgeus"],
                                "experienced": True}, [])  # she waits for set-up, not for it
    gw.run(monsters.place_at_great_compromise(s, gw.ctx()))
    assert (s.monster_area("Androgeus"), s.monsters["Arachne Solara"].status) == (
        "Altinela", "waiting")


@pytest.mark.rule("GW-PLACE-01")
def test_a_monster_placed_at_the_great_compromise_without_its_own_ids_cites_the_general_rule(gw):
    from rules_lib.games.gods_war.data import load
    data = load({"monsters.cards.Arachne Solara.placement.when": "great_compromise"})
    s = initial_state(data, {"monsters": ["Arachne Solara"]}, [])
    events, _ = gw.asked(monsters.place_at_great_compromise(s, GW(data).ctx()))
    assert [(r[2], r[3]) for r in records(events)] == [
        (("GW-PLACE-01",), {"monster": "Arachne Solara", "area": "Inner Hell"})]


@pytest.mark.rule("GW-MOVE-01")
def test_a_movement_ability_moves_each_listed_piece_once(gw):
    """Two Warriors listed where one stands fail, even for a move that ends where it began."""
    s = gw.state()
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    with pytest.raises(ValueError, match="Storm has no Storm Warrior in Prax to move"):
        gw.run(monsters.move_by_ability(s, gw.ctx(), "Storm", "Teleport", "Prax", "Prax",
                                        ["Storm Warrior", "Storm Warrior"]))


@pytest.mark.rule("GW-MOVE-01")
def test_a_movement_ability_the_text_does_not_give_is_marked_as_the_base_games_gap(gw):
    """Only Teleport and the move action have their own provenance; any other ability's name
    (here a made-up one) is marked as the base game's gap."""
    s = gw.state()
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    events, _ = gw.asked(monsters.move_by_ability(s, gw.ctx(), "Storm", "Windwalk", "Prax",
                                                  "Peloria", ["Storm Warrior"]))
    assert records(events)[0][4] == monsters.ABILITY_GAP


@pytest.mark.rule("GW-FAQ-01")
def test_the_sea_empire_pays_no_siren_song_for_its_own_units(gw):
    s = gw.state()
    gw.put(s, "Sea", "Sea Folk", "Peloria")
    assert monsters.siren_song_penalty(s, gw.data, "Sea", "Peloria", "Sea") == 0


@pytest.mark.rule("GW-FAQ-02")
def test_a_players_movement_ability_triggers_community_in_that_players_name(gw):
    s = with_juggernaut(gw, "Kralorela", monsters=())
    gw.put(s, "Storm", "Storm King", "Prax")
    events, _ = gw.asked(monsters.move_by_ability(s, gw.ctx(), "Storm", "Teleport", "Prax",
                                                  "Fronela", ["Storm King"]))
    assert [r[3] for r in records(events) if r[2] == why.IDS_FAQ_JUGGERNAUT] == [
        {"juggernaut_triggered": True, "ability": "Teleport", "by": "Storm"}]

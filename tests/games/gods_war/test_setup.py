"""Set-Up (setup.py): the fresh state, the Monsters chosen for the game (XIII: at most one a type
unless experienced, the owner decides on disagreement), the assumed base-game start (base_game.yaml:
a building, the cheapest units, power and runes at home) and Arachne Solara placed at the start."""
from __future__ import annotations

import pytest

from rules_lib.core.engine import FirstOptionPolicy, ScriptedPolicy
from rules_lib.games.gods_war import monsters, new_game
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.setup import BASE_SETUP, SCENARIOS, SETUP_REFS, initial_state
from rules_lib.games.gods_war.state import EmpireState, MonsterState, Piece

BOTH = ["Androgeus", "Arachne Solara"]
HOMES = {"Storm": "Dragon Pass", "Sea": "Seshnela", "Earth": "Peloria",
         "Invisible God": "Jrustela"}  # data/empires.yaml
CHEAPEST = {"Storm": "Storm Warrior", "Sea": "Sea Folk", "Earth": "Earth Folk",
            "Invisible God": "Malkioni Soldier"}


def set_up(scenario="both", **kw):
    """A new game run through its Set-Up phase: the game and the events of Set-Up."""
    g = new_game(scenario, seed=0, **kw)
    g.next_phase()
    return g, [e for e in g.log if e.phase == "Set-Up"]


@pytest.mark.rule("GW-COMP-02", "GW-AMB-09")
def test_a_fresh_state_has_every_pool_full_nothing_placed_and_the_monsters_waiting(gw):
    s = initial_state(gw.data, {"monsters": ["Androgeus"]}, ["tangled_no_kill_scored"])
    assert (s.game, s.variants, s.player_order) == (
        "gods_war", ["tangled_no_kill_scored"], ["Storm", "Sea", "Earth", "Invisible God"])
    assert s.empires == {
        name: EmpireState(power=0, vp=0, runes=0,
                          pool={k: gw.data.unit_types[k].count for k in emp.units})
        for name, emp in gw.data.empires.items()}
    assert s.empires["Sea"].pool == {"Sea Folk": 6, "Sea Raider": 2, "Sea Hero": 1, "Sea Lord": 1}
    assert (s.pieces, s.buildings, s.web_tokens, s.web_pool) == ([], {}, [], 12)
    assert s.monsters == {"Androgeus": MonsterState(area=None, status="waiting")}
    assert s.proposals == {}


@pytest.mark.rule("GW-SETUP-01", "GW-SETUP-02")
def test_a_scenario_naming_no_monsters_has_none_and_one_not_saying_experienced_is_not(gw):
    assert initial_state(gw.data, {}, []).monsters == {}
    with pytest.raises(ValueError, match="^scenario monsters: 2 Cosmic Monsters .*their cards recommend no more than 1"):
        initial_state(gw.data, {"monsters": BOTH}, [])
    assert list(initial_state(gw.data, {"monsters": BOTH, "experienced": True}, []).monsters) == BOTH


@pytest.mark.rule("GW-SETUP-01")
def test_every_problem_of_a_scenarios_monsters_is_named_at_once(gw):
    names = ["Kraken", "Leviathan"]
    problems = monsters.selection_problems(gw.data, names)
    assert len(problems) == 2
    with pytest.raises(ValueError) as caught:
        initial_state(gw.data, {"monsters": names}, [])
    assert str(caught.value) == "scenario monsters: " + "; ".join(problems)


@pytest.mark.rule("GW-SETUP-03")
def test_the_players_proposals_are_the_states_own_copy(gw):
    scenario = SCENARIOS["disagreement"]
    s = initial_state(gw.data, scenario, [])
    assert s.monsters == {} and s.proposals == {"Storm": ["Androgeus"], "Sea": ["Arachne Solara"]}
    s.proposals["Storm"].append("Arachne Solara")
    assert scenario["proposals"]["Storm"] == ["Androgeus"]


@pytest.mark.rule("GW-SETUP-01", "GW-SETUP-02", "GW-AMB-09", "GW-ARA-02", "GW-AMB-01")
def test_set_up_announces_the_monsters_then_deals_each_empires_start_then_places_arachne():
    g, events = set_up("both")
    assert [(e.rule, e.kind, e.data, e.ids, e.assumed) for e in events] == [
        (BASE_SETUP, "phase", {}, (), why.SETUP),
        (monsters.MONSTERS, "setup", {"monster": "Androgeus"}, why.IDS_SETUP_MONSTERS, ""),
        (monsters.MONSTERS, "setup", {"monster": "Arachne Solara"}, why.IDS_SETUP_MONSTERS, ""),
        *[(BASE_SETUP, "setup", {"unit": CHEAPEST[e], "area": HOMES[e], "refs": SETUP_REFS}, (),
           why.SETUP) for e in ["Storm", "Sea", "Earth", "Invisible God"]],
        ("Arachne Solara card (Placement)", "setup",
         {"monster": "Arachne Solara", "area": "Inner Hell"}, ("GW-ARA-02", "GW-AMB-01"),
         why.AMB_01)]
    assert [e.message for e in events[:4]] == [
        "Set-Up", "Androgeus (Cosmic Monster, Combat 6) is in this game",
        "Arachne Solara (Cosmic Monster, Combat 10) is in this game",
        "Storm starts in Dragon Pass with a building, 2 Storm Warrior, 6 power and 1 rune(s)"]
    assert g.state.monsters == {"Androgeus": MonsterState(),
                                "Arachne Solara": MonsterState("Inner Hell", "in play")}


def test_each_empire_starts_with_a_building_two_cheapest_units_six_power_and_a_rune_at_home():
    g, _ = set_up("androgeus")
    s = g.state
    assert s.pieces == [Piece(CHEAPEST[e], e, HOMES[e]) for e in s.player_order for _ in range(2)]
    assert s.buildings == {HOMES[e]: [e] for e in s.player_order}
    for name, sheet in s.empires.items():
        full = {k: g.ctx.data.unit_types[k].count for k in g.ctx.data.empires[name].units}
        full[CHEAPEST[name]] -= 2
        assert sheet == EmpireState(power=6, vp=0, runes=1, pool=full), name


def test_the_start_reads_power_units_and_runes_from_the_data():
    g, events = set_up("androgeus", data_overrides={"base_game.setup.starting_power": 4,
                                                     "base_game.setup.starting_units": 3,
                                                     "base_game.setup.starting_runes": 2})
    assert {(e.power, e.runes, e.pool[CHEAPEST[n]]) for n, e in g.state.empires.items()} == {
        (4, 2, 3)}
    assert len(g.state.pieces) == 12
    assert events[2].message == ("Storm starts in Dragon Pass with a building, 3 Storm Warrior, "
                                 "4 power and 2 rune(s)")


def test_an_empire_starts_with_no_more_units_than_its_pool_holds():
    g, _ = set_up("androgeus", data_overrides={"base_game.setup.starting_units": 8})
    s = g.state
    assert [p.kind for p in s.pieces_in("Dragon Pass", "Storm")] == ["Storm Warrior"] * 6
    assert s.empires["Storm"].pool == {"Storm Warrior": 0, "Storm Champion": 1, "Storm King": 1}


def test_of_units_equally_cheap_the_first_by_name_starts():
    """Storm Champion made as cheap as Storm Warrior: 'Storm Champion' comes first by name (the
    data lists Warrior first), and the pool holds one, so one starts."""
    g, events = set_up("androgeus", data_overrides={
        "empires.empires.Storm.units.Storm Champion.cost": 1})
    s = g.state
    assert s.pieces_in("Dragon Pass", "Storm") == [Piece("Storm Champion", "Storm", "Dragon Pass")]
    assert s.empires["Storm"].pool == {"Storm Warrior": 6, "Storm Champion": 0, "Storm King": 1}
    assert events[2].data["unit"] == "Storm Champion"


@pytest.mark.rule("GW-SETUP-03", "GW-SETUP-01", "GW-SETUP-02")
def test_the_owners_choice_on_disagreement_still_keeps_to_one_cosmic_monster():
    scenario = {"monsters": [], "proposals": {"Storm": BOTH, "Sea": []}}
    g = new_game(scenario, seed=0, policies={
        "Storm": ScriptedPolicy([", ".join(BOTH)], then=FirstOptionPolicy())})
    with pytest.raises(ValueError, match="cards recommend no more than 1 Cosmic"):
        g.next_phase()


@pytest.mark.rule("GW-SETUP-03")
def test_the_owner_is_the_first_player_and_the_chosen_monsters_are_the_games():
    g = new_game("disagreement", seed=0, policies={
        "Storm": ScriptedPolicy(["Androgeus"], then=FirstOptionPolicy()),
        "Sea": ScriptedPolicy(["Arachne Solara"], then=FirstOptionPolicy())})
    g.next_phase()
    asked = [e for e in g.log if e.kind == "decision"]
    assert [e.data["decision"] for e in asked] == ["monsters"] and asked[0].message.startswith(
        "Storm")
    assert g.state.monsters == {"Androgeus": MonsterState()}
    assert [e.data for e in g.log if e.rule == monsters.MONSTERS] == [{"monster": "Androgeus"}]


@pytest.mark.rule("GW-SETUP-03", "GW-SETUP-01")
def test_every_problem_of_the_owners_choice_is_named_at_once(gw):
    """A player proposed Monsters the game cannot use (one unknown, one without card text): the
    owner's choice of them is refused at Set-Up, naming both."""
    names = ["Kraken", "Leviathan"]
    problems = monsters.selection_problems(gw.data, names)
    assert len(problems) == 2
    g = new_game({"monsters": [], "proposals": {"Storm": names, "Sea": []}}, seed=0, policies={
        "Storm": ScriptedPolicy([", ".join(names)], then=FirstOptionPolicy())})
    with pytest.raises(ValueError) as caught:
        g.next_phase()
    assert str(caught.value) == "; ".join(problems)

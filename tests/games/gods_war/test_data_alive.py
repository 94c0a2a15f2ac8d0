"""Every number alive: the game reads every numeric value of its data, and changing one changes play.

The data is built from ``track_reads`` copies of the files; seeded games of every scenario (both
policy kinds, every rule variant) and the exact odds are computed with THAT data object. Validation
does not count as a read (``data._plain``): only the rules and the odds using a value do. What is
left unread must be on the allow-list below, each with its reason.
"""
from __future__ import annotations

import pytest

from rules_lib.core.data import track_reads
from rules_lib.games.gods_war import GAME, VARIANTS, game_with_data, invariants, new_game, odds
from rules_lib.games.gods_war.battle import resolve_battle
from rules_lib.games.gods_war.data import build, load, load_files
from rules_lib.games.gods_war.turn import legal_actions

from .conftest import GW

KILL, ROUT, BLANK = 6, 4, 1
SCENARIOS = ("both", "androgeus", "arachne_solara", "disagreement")

# Numbers in the data that no rule consults, and why that is right.
ALLOWED_UNREAD = {
    ("monsters", "expansion.monster_count", 9):
        "XIII. Monsters: 9 Monsters in the expansion; only the 4 Cosmic ones are named, no rule counts them",
    ("monsters", "components.reward_cards", 3):
        "II. Components: 3 Reward cards; their text is a data gap, so nothing reads how many there are",
    ("monsters", "components.battle_dice", 16):
        "II. Components: 16 Battle Dice in the box; a battle rolls what Combat asks, not what is in the box",
}


def play_everything(data) -> None:
    """Seeded games of every scenario and variant, invariants, and the exact odds, with ``data``."""
    for scenario in SCENARIOS:
        for seed in range(3):
            for policy in ("heuristic", "random"):
                g = game_with_data(data, scenario, seed=seed, keep_log=False,
                                   policies={p: policy for p in GAME.players})
                g.run_to_end()
                assert not invariants(g.state)  # default data: a check, not a rule reading
    for i, v in enumerate(VARIANTS):
        g = game_with_data(data, "both", seed=20 + i, variants=[v.name], keep_log=False,
                           policies={p: "random" for p in GAME.players})
        g.run_to_end()
    odds.androgeus_table(10, data)
    odds.arachne_table(["Storm King", "Storm Warrior"], data)
    odds.combat_odds(data=data)
    for monster in ("Androgeus", "Arachne Solara"):
        odds.monster_return_fire(monster, data)


def test_every_number_in_the_data_is_read_by_the_rules():
    files = load_files()
    tracked, log = track_reads(files)
    play_everything(build(tracked))
    unread = {(f, path, value) for f, path, value in log.unread(files)}
    assert unread == set(ALLOWED_UNREAD), (
        f"read but allowed: {sorted(set(ALLOWED_UNREAD) - unread)}; "
        f"unread: {sorted(unread - set(ALLOWED_UNREAD))}")


def test_validation_alone_reads_none_of_the_values_the_rules_use_while_playing():
    """Otherwise a number only validated would look alive."""
    files = load_files()
    tracked, log = track_reads(files)
    build(tracked)
    read = {(f, ".".join(map(str, p))) for f, p in log.reads}
    for path in ("base_game.council.power_base", "base_game.actions.build",
                 "battle.procedure.attack_cost", "monsters.components.web_tokens"):
        stem, _, rest = path.partition(".")
        assert (stem, rest) not in read, path


# -- overriding a value changes what the game does -------------------------------------------------


@pytest.mark.rule("GW-COMP-02", "GW-ARA-09")
def test_the_web_pool_holds_the_datas_tokens_and_completing_it_ends_the_game():
    g = new_game("arachne_solara", seed=0, data_overrides={"monsters.components.web_tokens": 5})
    assert g.state.web_pool == 5
    g.run_to_end()
    done = [e for e in g.log if e.kind == "result" and "GW-ARA-09" in e.ids]
    if g.state.end_reason == "Completing the Web":
        assert "last of the 5 web tokens" in done[0].message
    assert g.state.web_pool + len(g.state.web_tokens) + sum(
        s.web_token_on_sheet for s in g.state.empires.values()) == 5
    short = [new_game("arachne_solara", seed=s,
                      data_overrides={"monsters.components.web_tokens": 3}) for s in range(4)]
    for game in short:
        game.run_to_end()
    assert {game.state.end_reason for game in short} == {"Completing the Web"}


@pytest.mark.rule("GW-AND-07")
def test_the_superhero_cap_is_the_cards_number():
    gw = GW(load({"monsters.cards.Androgeus.abilities[2].max_dice": 2}))
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Storm", "Storm Warrior", "Altinela", 4)
    ctx = gw.ctx([BLANK] * 2 + [BLANK] * 6)
    gw.run(resolve_battle(s, ctx, "Altinela", "Storm", "Androgeus"))
    assert len([p for p, _, _ in ctx.dice.log if p.endswith("vs Androgeus")]) == 2
    s.stats["max_dice_vs_androgeus"] = 3
    assert any("Superhero" in bad for bad in invariants(s, gw.data))


@pytest.mark.rule("GW-AND-03", "GW-ARA-03", "GW-ARA-07")
def test_the_cards_vp_and_power_values_are_read_from_the_data():
    from rules_lib.games.gods_war import androgeus, arachne_solara
    gw = GW(load({"monsters.cards.Androgeus.abilities[0].vp": 3,
                  "monsters.cards.Arachne Solara.abilities[0].vp_per_kill": 2,
                  "monsters.cards.Arachne Solara.abilities[2].power_per_building": 4,
                  "monsters.cards.Arachne Solara.abilities[1].cost": 3}))
    s = gw.state(Androgeus="Altinela", Arachne_Solara="Prax")
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    gw.run(androgeus.council_vp(s, gw.ctx()))
    assert s.empires["Sea"].vp == 3
    gw.put(s, "Storm", "Storm Warrior", "Prax")
    gw.run(resolve_battle(s, gw.ctx([KILL] + [BLANK] * 10), "Prax", "Storm", "Arachne Solara"))
    assert s.empires["Storm"].vp == 2
    s.buildings = {"Prax": ["Earth"]}
    before = s.empires["Earth"].power
    gw.run(arachne_solara.empowering(s, gw.ctx()), answers=["empower"])
    assert s.empires["Earth"].power == before + 4
    before = s.empires["Earth"].power
    gw.run(arachne_solara.spin(s, gw.ctx(), "Earth"), answers=["Hell"])
    assert s.empires["Earth"].power == before - 3


def test_the_vp_to_win_names_the_end_of_the_game():
    g = new_game("androgeus", seed=1, data_overrides={"base_game.victory.vp_to_win": 8})
    g.run_to_end()
    assert g.state.end_reason == "8 VP"
    assert max(s.vp for s in g.state.empires.values()) >= 8


def test_an_empire_may_hold_as_many_buildings_in_an_area_as_the_data_allows():
    one, two = GW(load()), GW(load({"base_game.buildings.per_empire_per_area": 2}))
    for gw, offered in ((one, False), (two, True)):
        s = gw.state(monsters=[], experienced=False)
        s.buildings = {"Dragon Pass": ["Storm"]}
        gw.put(s, "Storm", "Storm Warrior", "Dragon Pass")
        assert ("build in Dragon Pass" in legal_actions(s, gw.data, "Storm")) is offered


def test_a_wiped_out_side_keeps_its_building_when_the_data_says_so():
    for destroyed in (True, False):
        gw = GW(load({"battle.procedure.loser_buildings_destroyed": destroyed}))
        s = gw.state(Androgeus="Altinela")
        s.buildings["Altinela"] = ["Storm"]
        gw.put(s, "Storm", "Storm Warrior", "Altinela")
        gw.run(resolve_battle(s, gw.ctx([BLANK] + [KILL] + [BLANK] * 5), "Altinela", "Storm",
                              "Androgeus"))
        assert ("Altinela" in s.buildings) is not destroyed


def test_the_sunspear_cost_is_paid_from_the_data():
    gw = GW(load({"base_game.actions.sunspear": 4}))
    s = gw.state(Androgeus="Altinela")
    gw.put(s, "Invisible God", "Malkioni Soldier", "Altinela")
    from rules_lib.games.gods_war.turn import do_action
    gw.run(do_action(s, gw.ctx(), "Invisible God", "sunspear Androgeus in Altinela"))
    assert s.empires["Invisible God"].power == 10 - 4
    s.empires["Invisible God"].power = 3
    assert not [a for a in legal_actions(s, gw.data, "Invisible God") if a.startswith("sunspear")]

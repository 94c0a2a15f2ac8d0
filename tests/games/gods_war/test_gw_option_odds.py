"""Analysis shows the exact result of an attack on a Cosmic Monster beside the simulated
continuations: checked against the battle dice enumerated face by face, and the game's own battle
played with forced faces."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules_lib.analysis import PauseAt, compare_options
from rules_lib.games.gods_war import GAME, monsters
from rules_lib.games.gods_war.data import default_data
from rules_lib.games.gods_war.option_odds import attack_option_odds, monster_attack
from rules_lib.games.gods_war.state import Piece

ANDROGEUS_IDS = ("GW-AND-07", "GW-AND-08", "GW-AND-09", "GW-AMB-05")
ARACHNE_IDS = ("GW-ARA-03", "GW-AMB-08")


def paused_at(scenario: str, seed: int, wanted: str, kind: str = "action", hero: bool = False,
              overrides=None):
    """A seeded game (with these data overrides) stopped at the first decision of ``kind``
    offering an option starting ``wanted`` (with a hero or greater god of the player's in its
    area, if ``hero``); every player pauses at its actions, the heuristic answers the others."""
    game = GAME.new_game(scenario=scenario, seed=seed, data_overrides=overrides, keep_log=False)
    usual = dict(game.policies)
    for player in GAME.players:
        game.policies[player] = PauseAt(("action", "single_combat"), usual[player])
    for _ in range(500):
        game.run_to_end()
        d = game.pending
        assert d is not None, "the game ended before the decision came up"
        found = [o for o in d.options if str(o).startswith(wanted)]
        if d.kind == kind and found and (not hero or heroes_at(game, found[0])):
            return game
        game.answer(usual[d.player].choose(game.state, d, game.policy_rng))
    raise AssertionError("no such decision")


def heroes_at(game, option: str) -> list[str]:
    """The deciding player's heroes and greater gods in the area an attack option names."""
    area = option.rpartition(" in ")[2]
    return [p.kind for p in game.state.pieces_in(area, game.pending.player)
            if monsters.is_hero_or_greater_god(game.ctx.data, p.kind)]


def option_of(game, wanted: str) -> str:
    return next(o for o in game.pending.options if str(o).startswith(wanted))


def battle_with_faces(game, option: str, faces: list[int]):
    """The game's battle after ``option``, the next rolls forced to ``faces``; the game after it,
    paused at the next action."""
    fork = game.fork(1, answer=option)
    for i, face in enumerate(faces):
        fork.dice.forced[game.dice.rolls + i] = face
    for player in GAME.players:
        fork.policies[player] = PauseAt(("action",), GAME.make_policies()[player])
    fork.run_to_end()
    return fork


def faces_p(data, n: int, count) -> Fraction:
    """P(count(faces) holds) over every face of n battle dice (data/battle.yaml)."""
    hits = sum(1 for faces in itertools.product(data.faces, repeat=n) if count(faces))
    return Fraction(hits, len(data.faces) ** n)


def vp_gained_by_every_roll(game, option: str, player: str, n: int) -> dict[str, Fraction]:
    """Brute force: the attack played with every one of the ``n`` dice's faces, the VP it gains."""
    data = game.ctx.data
    before = game.state.empires[player].vp
    seen: dict[str, Fraction] = {}
    for faces in itertools.product(range(1, len(data.faces) + 1), repeat=n):
        after = battle_with_faces(game, option, list(faces)).state.empires[player].vp
        key = f"+{after - before} VP"
        seen[key] = seen.get(key, Fraction(0)) + Fraction(1, len(data.faces) ** n)
    return seen


@pytest.mark.rule(*ANDROGEUS_IDS)
def test_an_attack_on_androgeus_is_the_dice_enumerated():
    game = paused_at("androgeus", 3, "attack Androgeus", hero=True)  # the Sea: Hero and Lord
    option = option_of(game, "attack Androgeus")
    assert heroes_at(game, option)
    data = game.ctx.data
    cap = data.cards["Androgeus"].ability("Superhero").params["max_dice"]
    area = option.rpartition(" in ")[2]
    wanted = sum(data.unit_types[p.kind].combat for p in game.state.pieces_in(area, "Sea"))
    mine = min(cap, wanted * data.get("battle.procedure.dice_per_combat"))
    his = data.cards["Androgeus"].combat * data.get("battle.procedure.dice_per_combat")
    p = (faces_p(data, mine, lambda f: "kill" in f) * faces_p(data, his, lambda f: "kill" in f))
    assert attack_option_odds(game, option) == {"Androgeus killed": p,
                                                "Androgeus survives": 1 - p}


@pytest.mark.rule("GW-AND-09")
def test_a_force_without_a_hero_cannot_kill_androgeus():
    game = paused_at("androgeus", 3, "attack Androgeus")
    option = option_of(game, "attack Androgeus")
    assert not heroes_at(game, option)
    assert attack_option_odds(game, option) == {"Androgeus killed": 0, "Androgeus survives": 1}


@pytest.mark.rule(*ANDROGEUS_IDS)
def test_the_game_kills_androgeus_exactly_when_the_odds_count_a_kill():
    game = paused_at("androgeus", 3, "attack Androgeus", hero=True)
    option = option_of(game, "attack Androgeus")
    kill, blank = 6, 1  # data/battle.yaml: the sixth face kills, the first three are blank
    status = {}
    for name, faces in {"both kill": [kill] * 4 + [kill] * 6,
                        "the Sea misses": [blank] * 4 + [kill] * 6,
                        "he misses": [kill] * 4 + [blank] * 6}.items():
        status[name] = battle_with_faces(game, option, faces).state.monsters["Androgeus"].status
    assert status == {"both kill": "removed", "the Sea misses": "in play",
                      "he misses": "in play"}


@pytest.mark.rule(*ANDROGEUS_IDS, "GW-AND-08")
def test_a_single_combat_champion_rolls_within_the_cap_and_leaves_the_odds_as_they_are():
    game = paused_at("androgeus", 6, "Storm Champion", kind="single_combat")
    assert game.decisions[-1].startswith("attack Androgeus")
    odds = [attack_option_odds(game, o) for o in game.pending.options]
    assert odds[0] == odds[1] and odds[0]["Androgeus killed"] > 0


@pytest.mark.rule(*ARACHNE_IDS)
def test_an_attack_on_arachne_gains_the_vp_the_game_gives_for_every_face():
    game = paused_at("both", 0, "attack Arachne Solara")  # Storm, one die
    option = option_of(game, "attack Arachne Solara")
    exact = attack_option_odds(game, option)
    n = max(int(k.strip("+ VP")) for k in exact)  # one VP a kill: as many dice as the top VP
    player = game.pending.player
    seen = vp_gained_by_every_roll(game, option, player, n)
    assert exact == seen and sum(exact.values()) == 1


@pytest.mark.rule("GW-AMB-08")
def test_the_other_reading_of_tangled_in_the_web_gains_nothing():
    game = paused_at("both", 0, "attack Arachne Solara")
    game.state.variants = [*game.state.variants, "tangled_no_kill_scored"]
    assert attack_option_odds(game, option_of(game, "attack Arachne Solara")) == {
        "+0 VP": Fraction(1)}


def test_other_actions_have_no_exact_odds_and_the_comparison_shows_them_beside_the_rates():
    game = paused_at("both", 0, "attack Arachne Solara")
    others = [o for o in game.pending.options if not str(o).startswith("attack Arachne")]
    assert all(attack_option_odds(game, o) is None for o in others)
    attack = game.pending.options.index(option_of(game, "attack Arachne Solara"))
    frame = compare_options(game, 2, seed=1, options=[attack, game.pending.options.index(
        others[0])]).to_frame()
    shown = dict(zip(frame["option"], frame["exact odds"]))
    assert shown[others[0]] == "" and shown[option_of(game, "attack Arachne")].startswith("+0 VP")


# The game's own data, not the shipped one: faces with two kills of six, Androgeus at Combat 3.
OTHER_DATA = {"battle.battle_dice.faces": ["blank", "blank", "rout", "rout", "kill", "kill"],
              "monsters.cards.Androgeus.combat": 3}


@pytest.mark.rule(*ANDROGEUS_IDS)
def test_an_attack_on_androgeus_is_the_games_own_data_enumerated():
    game = paused_at("androgeus", 3, "attack Androgeus", hero=True, overrides=OTHER_DATA)
    option = option_of(game, "attack Androgeus")
    data = game.ctx.data
    assert data.faces.count("kill") == 2 and data.cards["Androgeus"].combat == 3
    cap = data.cards["Androgeus"].ability("Superhero").params["max_dice"]
    area, player = option.rpartition(" in ")[2], game.pending.player
    wanted = sum(data.unit_types[p.kind].combat for p in game.state.pieces_in(area, player))
    per = data.get("battle.procedure.dice_per_combat")
    p = (faces_p(data, min(cap, wanted * per), lambda f: "kill" in f)
         * faces_p(data, 3 * per, lambda f: "kill" in f))
    assert attack_option_odds(game, option) == {"Androgeus killed": p,
                                                "Androgeus survives": 1 - p}


@pytest.mark.rule(*ARACHNE_IDS)
def test_an_attack_on_arachne_gains_the_vp_the_games_own_dice_give_for_every_face():
    game = paused_at("both", 0, "attack Arachne Solara", overrides=OTHER_DATA)
    option = option_of(game, "attack Arachne Solara")
    data = game.ctx.data
    player = game.pending.player
    kinds = [p.kind for p in game.state.pieces_in(option.rpartition(" in ")[2], player)]
    n = sum(data.unit_types[k].combat for k in kinds) * data.get("battle.procedure.dice_per_combat")
    assert 1 <= n <= 3
    seen = vp_gained_by_every_roll(game, option, player, n)
    assert attack_option_odds(game, option) == seen
    assert seen["+0 VP"] == Fraction(4, 6) ** n  # two kill faces of six


@pytest.mark.rule(*ARACHNE_IDS)
def test_a_hand_made_force_beyond_the_games_counters_still_gets_its_exact_odds():
    """A what-if position (Storm with one Storm Warrior more than the game has, all in one area):
    the analysis answers it as ``odds.py`` does beyond the rules, instead of refusing."""
    game = paused_at("both", 0, "attack Arachne Solara")
    option = option_of(game, "attack Arachne Solara")
    data, player = game.ctx.data, game.pending.player
    area = option.rpartition(" in ")[2]
    assert [p.kind for p in game.state.pieces_in(area, player)] == ["Storm Warrior"]
    count = data.unit_types["Storm Warrior"].count
    game.state.pieces += [Piece("Storm Warrior", player, area)] * count  # count + 1 in all
    n = count + 1
    hits = {}
    for faces in itertools.product(data.faces, repeat=n):
        key = f"+{faces.count('kill')} VP"
        hits[key] = hits.get(key, 0) + 1
    assert attack_option_odds(game, option) == {
        k: Fraction(v, len(data.faces) ** n) for k, v in sorted(hits.items())}


@pytest.mark.rule("GW-AND-08")
def test_a_champion_not_offered_in_the_single_combat_has_no_odds():
    game = paused_at("androgeus", 6, "Storm Champion", kind="single_combat")
    assert "Sea Hero" not in game.pending.options
    assert attack_option_odds(game, "Sea Hero") is None
    assert attack_option_odds(game, "Storm Champion") is not None


def test_only_an_attack_on_androgeus_or_arachne_solara_names_a_monster_and_area():
    data = default_data()
    assert monster_attack("attack Androgeus in Altinela", data) == ("Androgeus", "Altinela")
    assert monster_attack("attack Arachne Solara in Inner Hell", data) == (
        "Arachne Solara", "Inner Hell")
    assert monster_attack("Androgeus in Altinela", data) is None  # not an attack
    assert monster_attack(7, data) is None and monster_attack(None, data) is None
    assert monster_attack("attack Leviathan in Altinela", data) is None  # no card text, no odds
    assert monster_attack("attack Sea in Seshnela", data) is None  # an empire
    assert monster_attack("attack Androgeus", data) is None  # no area
    assert monster_attack("attack Androgeus in ", data) is None


def test_the_area_of_an_attack_is_everything_after_the_first_in_as_the_game_reads_it():
    """turn.do_action splits 'attack <target> in <area>' at the first ' in ': an area whose name
    holds ' in ' stays whole."""
    data = default_data()
    assert monster_attack("attack Androgeus in Castle in the Sky", data) == (
        "Androgeus", "Castle in the Sky")

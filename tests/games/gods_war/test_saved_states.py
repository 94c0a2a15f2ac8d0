"""Saved states: a corrupted position is refused with a message naming the piece (issue 15).

``GAME.new_game(saved)`` reads the state strictly (JSON types, known fields), the contract checks
game, phase, turn and variants, and ``validate_state`` the rest: names, the Time track, every
counter once, the invariants. Each corruption below breaks one field of a real mid-game state.
Every state met while playing is accepted, and a bounded hypothesis test mutates random fields:
either the state is refused with a StateError or it plays to the end.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.data import walk
from rules_lib.core.engine import StateError
from rules_lib.games.gods_war import GAME, VARIANTS, new_game


def _mid_game() -> dict[str, Any]:
    """A real position: turn 6, Action phase, both Monsters in play, web tokens, buildings."""
    g = new_game("both", seed=10)
    while g.state.turn < 6:
        g.next_turn()
    assert g.state.phase == "Action" and g.state.web_tokens and g.state.buildings
    assert g.state.monsters["Androgeus"].status == "in play"
    return g.state.to_data()


MID_GAME = _mid_game()


def first_piece(s: dict, empire: str = "Storm") -> dict:
    return next(p for p in s["pieces"] if p["empire"] == empire)


def setter(*path: Any, value: Any) -> Callable[[dict], None]:
    def change(s: dict) -> None:
        node = s
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return change


def arachne_to_an_unwebbed_area(s: dict) -> None:
    s["monsters"]["Arachne Solara"]["area"] = next(
        a for a in ("Prax", "Teshnos", "Fronela", "Ralios") if a not in s["web_tokens"])


def a_second_building(s: dict) -> None:
    owners = next(iter(s["buildings"].values()))
    owners.append(owners[0])


def androgeus_before_the_compromise(s: dict) -> None:
    s["turn"], s["great_compromise"] = 2, False


# name -> (change to the saved state, words the refusal must contain)
CORRUPTIONS: dict[str, tuple[Callable[[dict], None], str]] = {
    "text for the turn": (setter("turn", value="3"), "state.turn must be a whole number"),
    "turn 0": (setter("turn", value=0), "turn 0 is not a turn number"),
    "turn after the last": (setter("turn", value=11), "after the last turn, 10"),
    "unknown phase": (setter("phase", value="Tea Break"), "unknown phase 'Tea Break'"),
    "unknown step": (setter("step", value="Lunch"), "step 'Lunch' is not a step"),
    "unknown variant": (setter("variants", value=["nope"]), "unknown rule variant 'nope'"),
    "negative power": (setter("empires", "Storm", "power", value=-2), "Storm has -2 power"),
    "text for power": (setter("empires", "Storm", "power", value="lots"),
                       "state.empires['Storm'].power must be a whole number"),
    "text for yes/no": (setter("empires", "Sea", "web_token_on_sheet", value="no"),
                        "web_token_on_sheet must be true or false"),
    "an empire without a sheet": (lambda s: s["empires"].pop("Sea"),
                                  "empire 'Sea' has no sheet"),
    "an unknown empire's sheet": (setter("empires", "Atlantis", value={"power": 1}),
                                  "unknown empire 'Atlantis'"),
    "player order short": (lambda s: s["player_order"].pop(), "must list each empire once"),
    "unknown unit type": (lambda s: first_piece(s).update(kind="Tank"),
                          "'Tank' is not a unit type of Storm"),
    "piece in an unknown area": (lambda s: first_piece(s).update(area="Atlantis"),
                                 "unknown area 'Atlantis'"),
    "piece of an unknown empire": (lambda s: first_piece(s).update(empire="Rome"),
                                   "unknown empire 'Rome'"),
    "piece in Hell": (lambda s: first_piece(s).update(area="Hell"), "not a surface area"),
    "a piece twice": (lambda s: s["pieces"].append(dict(first_piece(s))),
                      "Storm: Storm Warrior on map + pool != 6"),
    "a piece missing": (lambda s: s["pieces"].remove(first_piece(s)), "on map + pool != 6"),
    "pool beyond the counters": (setter("empires", "Storm", "pool", "Storm Warrior", value=9),
                                 "Storm's pool holds 9 Storm Warrior; the game has 6"),
    "negative pool": (setter("empires", "Storm", "pool", "Storm Warrior", value=-1),
                      "holds -1 Storm Warrior"),
    "unknown kind in a pool": (setter("empires", "Storm", "pool", "Tank", value=1),
                               "Storm's pool holds 'Tank'"),
    "unknown Monster status": (setter("monsters", "Androgeus", "status", value="asleep"),
                               "Androgeus has status 'asleep'"),
    "Monster in an unknown area": (setter("monsters", "Androgeus", "area", value="Atlantis"),
                                   "Androgeus is in play in unknown area 'Atlantis'"),
    "a Monster without card text": (setter("monsters", "Mother of Monsters", value={}),
                                    "Mother of Monsters cannot be in a game"),
    "unknown Monster": (setter("monsters", "Godzilla", value={}), "unknown Monster 'Godzilla'"),
    "text for a Monster's area": (setter("monsters", "Androgeus", "area", value=7),
                                  "state.monsters['Androgeus'].area must be a text or null"),
    "unknown controller": (setter("monsters", "Arachne Solara", "controller", value="Rome"),
                           "controlled by unknown empire 'Rome'"),
    "removed Monster with an area": (setter("monsters", "Androgeus", "status", value="removed"),
                                     "Androgeus is removed but stands in"),
    "negative web pool": (setter("web_pool", value=-1), "-1 web tokens in the pool"),
    "web tokens beyond the pool": (lambda s: s.update(web_pool=s["web_pool"] + 1),
                                   "web tokens: pool"),
    "two web tokens in one area": (lambda s: s.update(web_pool=s["web_pool"] - 1) or
                                   s["web_tokens"].append(s["web_tokens"][0]),
                                   "two web tokens in one area"),
    "web token in Hell": (lambda s: s.update(web_pool=s["web_pool"] - 1) or
                          s["web_tokens"].append("Hell"), "a web token off the surface world"),
    "building in an unknown area": (setter("buildings", "Atlantis", value=["Storm"]),
                                    "buildings in unknown area 'Atlantis'"),
    "building of an unknown empire": (setter("buildings", "Prax", value=["Rome"]),
                                      "a building of unknown empire 'Rome' in Prax"),
    "two buildings of one empire": (a_second_building, "at most 1 per area"),
    "the Compromise too early": (setter("turn", value=1),
                                 "the Great Compromise was triggered on turn 1, before turn 3"),
    "Androgeus before the Compromise": (androgeus_before_the_compromise,
                                        "Androgeus placed before the Great Compromise"),
    "negative statistic": (setter("stats", "battles", value=-1), "statistic 'battles' is -1"),
    "unknown statistic": (setter("stats", "fun", value=3), "unknown statistic 'fun'"),
    "killed but in play": (setter("stats", "Androgeus killed on turn", value=2),
                           "statistic 'Androgeus killed on turn' = 2: Androgeus is in play"),
    "unknown end reason": (setter("end_reason", value="bored"), "end reason 'bored'"),
    "a result before the end": (setter("result", value="Storm"),
                                "result 'Storm' is given before the End phase"),
    "End without a reason": (setter("phase", value="End"), "the End phase needs the reason"),
    "unknown winner": (lambda s: s.update(phase="End", end_reason="turn limit", result="Rome"),
                       "result 'Rome' is neither an empire"),
    "a misspelt field": (setter("web_pol", value=3), "state has no field 'web_pol'"),
    "text for a piece": (lambda s: s["pieces"].__setitem__(0, "Storm Warrior"),
                         "state.pieces[0] must be an object of Piece fields"),
    "Arachne off her web": (arachne_to_an_unwebbed_area, "Arachne Solara cannot be in"),
    "Set-Up already dealt": (setter("phase", value="Set-Up"),
                             "a Set-Up state is dealt from the start"),
}


def test_the_mid_game_state_itself_loads():
    assert GAME.new_game(copy.deepcopy(MID_GAME)).state.to_data() == MID_GAME


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_a_corrupted_state_is_refused_by_name(name):
    change, words = CORRUPTIONS[name]
    saved = copy.deepcopy(MID_GAME)
    change(saved)
    with pytest.raises(StateError) as refused:
        GAME.new_game(saved)
    assert words in str(refused.value), str(refused.value)
    with pytest.raises(StateError):  # the same through JSON text
        GAME.new_game(json.dumps(saved))


def test_every_state_met_in_play_is_accepted():
    """Positions at every event of seeded games (all variants) load; only a Set-Up half dealt
    is refused, since loading deals it again from the start."""
    data = GAME.data()
    for scenario, seed, variants in (("both", 3, [v.name for v in VARIANTS[1:]]),
                                     ("disagreement", 4, [VARIANTS[0].name])):
        g = new_game(scenario, seed=seed, variants=variants, keep_log=False,
                     policies={p: "random" for p in GAME.players})
        while not g.state.finished:
            g.step_event()
            problems = GAME.state_problems(g.state, data)
            if g.state.phase == "Set-Up" and g.state.pieces:
                assert problems and "Set-Up state" in problems[0]
            else:
                assert problems == [], (g.state.phase, g.state.step, problems)


# -- random corruption --------------------------------------------------------------------------

LEAVES = [path for path, _ in walk(MID_GAME)]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-50, 50), st.integers(), st.floats(allow_nan=True),
    st.text(max_size=8), st.lists(st.integers(-2, 2), max_size=2), st.just({}),
    st.sampled_from(["Storm", "Sea", "Hell", "Prax", "Altinela", "in play", "removed", "waiting",
                     "Action", "Council", "End", "Set-Up", "Storm Warrior", "Androgeus",
                     "Arachne Solara", "turn limit", "Cosmic Monsters", ""]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 10**6), VALUES), min_size=1, max_size=3))
def test_a_randomly_corrupted_state_is_refused_or_plays_to_the_end(edits):
    saved = copy.deepcopy(MID_GAME)
    for index, value in edits:
        path = LEAVES[index % len(LEAVES)]
        node = saved
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    try:
        game = GAME.new_game(saved, seed=5, keep_log=False)
    except StateError as refused:
        assert "gods_war" in str(refused) or "GWState" in str(refused)
        return
    game.run_to_end(max_events=50_000)
    assert game.state.result is not None

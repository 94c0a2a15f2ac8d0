"""Bad saved states are refused naming the piece, never crash, never slip through (issue 15).

A real mid-game position of each Mapzone is saved; a table of named corruptions breaks one field
each, and ``new_game`` refuses every one with a StateError whose message names it. A bounded
random search changes random fields of a saved position, often to plausible values (another
hex, another place, another chit): the game either refuses the position with a StateError or
plays it to its end without an exception.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.engine import StateError
from rules_lib.games.space_vermin import GAME, VARIANTS


def mid_game(scenario: str, seed: int, turn: int) -> dict[str, Any]:
    """The saved position at the start of a turn's Marine Action Phase of a seeded game."""
    game = GAME.new_game(scenario, seed=seed)
    while not (game.state.turn == turn and game.state.phase == "Marine Action"):
        assert game.step_event() is not None
    return json.loads(game.state.to_json())


ALPHA_STATE = mid_game("family_jewels", 3, 3)
BETA_STATE = mid_game("great_migration", 2, 3)


def unit(d: dict, uid: str) -> dict:
    return next(u for u in d["units"] if u["id"] == uid)


def on_map(d: dict, side: str, kind: str = "") -> dict:
    """A counter of a side on the map (of a type whose name holds ``kind``)."""
    return next(u for u in d["units"] if u["side"] == side and u["status"] == "map"
                and kind in u["type"])


def _set(**fields: Any) -> Callable[[dict], None]:
    return lambda d: d.update(fields)


def _unit(uid: str, **fields: Any) -> Callable[[dict], None]:
    return lambda d: unit(d, uid).update(fields)


def _stack_marines(d: dict) -> None:
    a, b = [u for u in d["units"] if u["side"] == "Marines" and u["status"] == "map"][:2]
    b["hex"] = a["hex"]


def _three_soldiers(d: dict) -> None:
    for uid in ("Soldier #1", "Soldier #3", "Soldier #5"):
        unit(d, uid).update(status="map", hex="555")


def _share_hex(d: dict) -> None:
    unit(d, "Soldier #1").update(status="map", hex=on_map(d, "Marines")["hex"])


def _duplicate(d: dict) -> None:
    d["units"][1] = copy.deepcopy(d["units"][0])


def _chit_twice(d: dict) -> None:
    d["event_cup"].append(d["events_used"][0])


def _all_used_but_one(d: dict) -> None:
    """Turn 1 with the cup down to one chit (a table set up by hand that forgot the turn)."""
    d["events_used"] += d["event_cup"][1:]
    d["event_cup"], d["turn"] = d["event_cup"][:1], 1


def _exit_twice(d: dict) -> None:
    d["cup_tunnel_exits"].append(next(iter(d["tunnel_exits"])))


def _jewel_more(d: dict) -> None:
    d["jewels"]["421"] = d["jewels"].get("421", 0) + 1


def _no_jewels(d: dict) -> None:
    """Every Jewel gone and none counted in play: nothing to conserve, yet set-up placed five."""
    d.update(jewels_in_play=0, jewels={}, nest_jewels={}, jewels_exited=0)
    for u in d["units"]:
        u["jewels"] = 0


def _drone_jewel(d: dict) -> None:
    on_map(d, "Vermites", "drone")["jewels"] = 1


# (what was broken, the position, the change, words the refusal must contain)
CORRUPTIONS: list[tuple[str, dict, Callable[[dict], None], str]] = [
    ("an unknown scenario", ALPHA_STATE, _set(scenario="beach"), "unknown scenario"),
    ("the wrong map", ALPHA_STATE, _set(map="beta"), "played on map 'alpha'"),
    ("an unknown step", ALPHA_STATE, _set(step="Lunch"), "unknown step"),
    ("a step outside the Vermite phase", ALPHA_STATE, _set(step="Movement"),
     "belongs to the Vermite Action Phase"),
    ("an unknown phase", ALPHA_STATE, _set(phase="Tea"), "unknown phase"),
    ("turn 0", ALPHA_STATE, _set(turn=0), "not a turn number"),
    ("turn 99", ALPHA_STATE, _set(turn=99), "at most 15 Game Turns"),
    ("turn 9 with two chits used", ALPHA_STATE, _set(turn=9), "Event Chit(s) used"),
    ("turn 1 with every chit used but one", ALPHA_STATE, _all_used_but_one,
     "can have been drawn by turn 1"),
    ("an Event Chit gone from the game", ALPHA_STATE, lambda d: d["event_cup"].pop(),
     "neither in the cup nor used"),
    ("an unknown rule variant", ALPHA_STATE, _set(variants=["double_damage"]),
     "unknown rule variant"),
    ("a unit of another side", ALPHA_STATE, _unit("Squad 1", side="Vermites"),
     "Squad 1 is a Marines squad"),
    ("an unknown unit type", ALPHA_STATE, _unit("Squad 1", type="tank"),
     "Squad 1 is a Marines squad"),
    ("an unknown counter", ALPHA_STATE, _unit("Squad 1", id="Squad 99"),
     "unknown counter 'Squad 99'"),
    ("a counter twice", ALPHA_STATE, _duplicate, "in the game 2 times"),
    ("a counter missing", ALPHA_STATE, lambda d: d["units"].pop(), "is missing"),
    ("a hex not on the map", ALPHA_STATE, _unit("Squad 1", hex="999"),
     "not on Mapzone Alpha"),
    ("a unit in a Toxic Tar Pit", ALPHA_STATE, _unit("Soldier #1", status="map", hex="u4.3"),
     "Toxic Tar Pit"),
    ("a Marine in a NAT Infestation hex", ALPHA_STATE, _unit("Squad 1", hex="Nest 1"),
     "NAT Infestation"),
    ("an unknown place", ALPHA_STATE, _unit("Squad 1", status="limbo"), "unknown place"),
    ("a Marine in the Vermite cup", ALPHA_STATE, _unit("Squad 1", status="cup", hex=None),
     "unknown place 'cup'"),
    ("a counter off the map with a hex", ALPHA_STATE, _unit("Scout 1", hex="111"),
     "but has hex"),
    ("a counter on the map with no hex", ALPHA_STATE, _unit("Squad 1", hex=None),
     "on the map without a hex"),
    ("an unknown NAT marker", ALPHA_STATE, _unit("Squad 1", nat="sick"), "NAT marker 'sick'"),
    ("a NAT marker on a Vermite", ALPHA_STATE, _unit("Soldier #1", nat="tainted"),
     "NAT marker 'tainted'"),
    ("a Drone carrying a Jewel", ALPHA_STATE, _drone_jewel, "it can carry 0"),
    ("a Squad with the Scientist's side", ALPHA_STATE, _unit("Squad 1", weapon_ready=True),
     "Weapon Ready"),
    ("a Squad unlimbered", ALPHA_STATE, _unit("Squad 1", limbered=False), "Limbered"),
    ("a Drone escorting", ALPHA_STATE,
     lambda d: on_map(d, "Vermites", "drone").update(escort_of="High Queen"), "cannot escort"),
    ("Jewels in a hex off the map", ALPHA_STATE, _set(jewels={"999": 2}), "not on Mapzone"),
    ("minus one Jewel in a hex", ALPHA_STATE, _set(jewels={"421": -1}), "lists -1"),
    ("Jewels in a Nest that is not there", ALPHA_STATE, _set(nest_jewels={"7": 1}),
     "Nest '7'"),
    ("a Jewel too many", ALPHA_STATE, _jewel_more, "Crown Jewels accounted for"),
    ("The Family Jewels with no Jewels at all", ALPHA_STATE, _no_jewels,
     "The Family Jewels uses every Crown Jewel"),
    ("a lone Great Migration with Jewels", BETA_STATE, _set(jewels_in_play=1),
     "The Great Migration alone has no Crown Jewels"),
    ("an unknown Event Chit", ALPHA_STATE, lambda d: d["event_cup"].append("Hail"),
     "unknown Event Chit 'Hail'"),
    ("a chit both in the cup and used", ALPHA_STATE, _chit_twice, "2 times"),
    ("this turn's chit unknown", ALPHA_STATE, _set(active_event="Hail"), "active_event"),
    ("an unknown Secret Weapon", ALPHA_STATE, _set(secret_weapons_left=["The Dog"]),
     "unknown Secret Weapon"),
    ("a Tunnel Exit 9", ALPHA_STATE, _set(tunnel_exits={"9": "open"}), "Tunnel Exit '9'"),
    ("a Tunnel Exit in two places", ALPHA_STATE, _exit_twice, "two places"),
    ("a broken Tunnel Exit", ALPHA_STATE, _set(tunnel_exits={"1": "broken"}),
     "'open' or 'collapsed'"),
    ("two Marines stacked", ALPHA_STATE, _stack_marines, "stacked"),
    ("three Soldiers in one hex", ALPHA_STATE, _three_soldiers, "non-Drone Vermites in 555"),
    ("a Marine and a Soldier in one hex", ALPHA_STATE, _share_hex, "share hex"),
    ("minus one Marine lost", ALPHA_STATE, _set(marines_lost=-1), "marines_lost"),
    ("a campaign stage outside a campaign", ALPHA_STATE, _set(campaign_stage=2),
     "campaign stage 2"),
    ("an unknown drop waiting", ALPHA_STATE, _set(lz_delayed=["Squad 99"]), "lz_delayed"),
    ("an unknown result", ALPHA_STATE, _set(result="Victory!"), "unknown result"),
    ("a negative fire range", ALPHA_STATE, _set(fire_range_limit=-2), "fire_range_limit"),
    ("an unknown Queen's extra spawn", ALPHA_STATE, _set(extra_spawn_queen="empress"),
     "extra_spawn_queen"),
    ("a Sneak Attack on Beta", BETA_STATE, _set(sneak_attack=True), "Sneak Attack"),
    ("a Magnetic Storm on Alpha", ALPHA_STATE, _set(magnetic_storm=True), "Magnetic Storm"),
    ("text where a number belongs", ALPHA_STATE, _set(turn="3"), "turn must be a whole number"),
    ("'yes' for true", ALPHA_STATE, _unit("Squad 1", reduced="yes"),
     "units[0] (Squad 1).reduced must be true or false"),
    ("a misspelt field", ALPHA_STATE, _set(jewles={}), "jewles: unknown field"),
    ("a list where an object belongs", ALPHA_STATE, _set(jewels=[]), "jewels must be an object"),
    ("a number where a list belongs", BETA_STATE, _set(event_cup=7),
     "event_cup must be a list"),
    ("a saved state of another game", ALPHA_STATE, _set(game="ginormopod"), "for game"),
]


def test_the_unbroken_positions_load_and_play_to_the_end():
    for saved in (ALPHA_STATE, BETA_STATE):
        game = GAME.new_game(copy.deepcopy(saved), seed=1, keep_log=False)
        game.run_to_end(max_events=GAME.max_events)
        assert game.finished


def test_a_late_turn_with_one_chit_left_is_sound_and_plays_its_last_turn():
    """The legal twin of the refused 'turn 1 with every chit used but one': the same cup on the
    turn the chits used allow (one a turn, one more for each chit that draws again, §D)."""
    position = copy.deepcopy(ALPHA_STATE)
    _all_used_but_one(position)
    again = {c.name for c in GAME.data().event_chits if c.effect_kind == "extra_draw"}
    position["turn"] = len(position["events_used"]) - len(again & set(position["events_used"]))
    game = GAME.new_game(position, seed=1, keep_log=False)
    game.run_to_end(max_events=GAME.max_events)
    assert game.finished and game.state.turn == position["turn"] + 1 or game.state.result


@pytest.mark.parametrize("what,saved,change,words", CORRUPTIONS, ids=[c[0] for c in CORRUPTIONS])
def test_a_corrupted_position_is_refused_naming_what_is_wrong(what, saved, change, words):
    position = copy.deepcopy(saved)
    change(position)
    with pytest.raises(StateError) as refused:
        GAME.new_game(position)
    assert words in str(refused.value), (what, str(refused.value))
    with pytest.raises(StateError):  # as a JSON text too
        GAME.new_game(json.dumps(position))


def test_every_position_of_seeded_games_is_a_sound_saved_state():
    """No false alarm: positions met in play (every variant, every policy) pass the checks."""
    checked = 0
    for scenario, seed, policy, variants in (
        ("family_jewels", 1, "random", [v.name for v in VARIANTS]),
        ("great_migration", 4, "heuristic", ["two_player", "magnetic_storm_without_flood"]),
        ("campaign", 2, "commander", []),
    ):
        game = GAME.new_game(scenario, seed=seed, variants=variants, keep_log=False,
                             policies={"Marines": policy})
        while not game.finished:
            for _ in range(23):
                if game.step_event() is None:
                    break
            assert GAME.state_problems(game.state) == [], (scenario, game.state.turn)
            checked += 1
    assert checked > 100


# -- random changes --------------------------------------------------------------------------------

def _paths(tree: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(tree, dict):
        out = [path + (k,) for k in tree]
        return out + [p for k, v in tree.items() for p in _paths(v, path + (k,))]
    if isinstance(tree, list):
        out = [path + (i,) for i in range(len(tree))]
        return out + [p for i, v in enumerate(tree) for p in _paths(v, path + (i,))]
    return []


PATHS = [("alpha", p) for p in _paths(ALPHA_STATE)] + [("beta", p) for p in _paths(BETA_STATE)]
PLAUSIBLE = st.one_of(
    st.sampled_from(["map", "cup", "pool", "off_map", "turn_track", "eliminated", "escaped",
                     "removed", "tainted", "infected", "", "open", "collapsed", "Marines",
                     "Vermites", "squad", "soldier", "drone", "queen", "315", "316", "421",
                     "Nest 1", "u10.8", "656", "111", "616", "652", "High Queen", "Squad 2",
                     "Soldier #5", "Hive Mind", "Queen's B.U.R.P.", "1", "4", "The Kitten"]),
    st.integers(-2, 16), st.booleans(), st.none(),
)
ANY_JSON = st.one_of(PLAUSIBLE, st.text(max_size=4), st.lists(st.integers(0, 3), max_size=2),
                     st.dictionaries(st.sampled_from(["1", "421", "id"]), st.integers(-1, 3),
                                     max_size=2))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PATHS), ANY_JSON), min_size=1, max_size=3))
def test_random_changes_to_a_position_are_refused_or_played_to_the_end(changes):
    positions = {"alpha": copy.deepcopy(ALPHA_STATE), "beta": copy.deepcopy(BETA_STATE)}
    which = changes[0][0][0]
    position = positions[which]
    for (where, path), value in changes:
        if where != which:
            continue
        node = position
        try:
            for part in path[:-1]:
                node = node[part]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change replaced what this path went through
    try:
        game = GAME.new_game(position, seed=5, keep_log=False)
    except StateError:
        return
    game.run_to_end(max_events=GAME.max_events)
    assert game.finished


def _campaign_battle_two(seed: int = 0) -> tuple[str, dict[str, Any]]:
    """A seeded Campaign whose first battle left Jewels on the map: its saved position during
    battle 2's set-up and at battle 2's first Marine Action Phase."""
    game = GAME.new_game("campaign", seed=seed, keep_log=False, policies={"Marines": "heuristic"})
    during_set_up = None
    while not (game.state.campaign_stage == 2 and game.state.phase == "Marine Action"):
        if game.state.campaign_stage == 2 and game.state.phase == "Set-Up" and not during_set_up:
            during_set_up = game.state.to_json()
        assert game.step_event() is not None
    assert during_set_up and game.state.campaign_jewels_recorded > 0
    return during_set_up, json.loads(game.state.to_json())


@pytest.mark.rule("SV-CAMP-04")
def test_a_campaign_saved_during_battle_two_set_up_gives_the_queens_the_recorded_jewels():
    """Resumed in the middle of battle 2's set-up, the Queens still get the Jewels battle 1 left
    on the map (§Q-3), not none."""
    during_set_up, _ = _campaign_battle_two()
    recorded = json.loads(during_set_up)["campaign_jewels_recorded"]
    game = GAME.new_game(during_set_up, seed=0, keep_log=False)
    while game.state.phase == "Set-Up":
        assert game.step_event() is not None
    assert game.state.jewels_in_play == recorded
    assert sum(u.jewels for u in game.state.units if not u.is_marine) == recorded  # the Queens


@pytest.mark.rule("SV-CAMP-04")
def test_campaign_battle_two_must_use_the_jewels_recorded_after_battle_one():
    """The count in play is the recorded one: battle 2 with none in play is refused."""
    _, battle_two = _campaign_battle_two()
    GAME.new_game(battle_two)  # as played: sound
    battle_two["jewels_in_play"] = 0
    with pytest.raises(StateError, match="uses the Jewels recorded after the first"):
        GAME.new_game(battle_two)

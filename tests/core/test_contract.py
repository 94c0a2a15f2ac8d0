"""The game contract: data, policies, new_game and saved states written once for every game."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from rules_lib.core.contract import GameModule
from rules_lib.core.data import DataError, DataLoader, GameData
from rules_lib.core.engine import (
    Decision,
    Event,
    FirstOptionPolicy,
    GameState,
    RandomPolicy,
    StateError,
    Variant,
)


@dataclass
class RaceState(GameState):
    positions: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class RaceData:
    track: int
    start: int


def build_race(files):
    tree = files["track"].tree
    if not isinstance(tree.get("length"), int) or tree["length"] < 1:
        raise DataError(files["track"].file, ("length",), "must be a whole number >= 1")
    return RaceData(tree["length"], tree.get("start", 0))


class Race(GameModule):
    """A toy race: each turn each runner may sprint, then rolls and moves; first home wins."""

    name = "race"
    title = "Race"
    rulebook = "race.txt"
    state_class = RaceState
    players = ("Red", "Blue")
    scenarios = ("short", "long")
    variants = (Variant("sprint_two", "A sprint is worth 2", rule="Race §3 (RACE-AMB-01)"),)
    policies = {"random": RandomPolicy, "first": FirstOptionPolicy}
    default_policy = "first"
    phases = ("Move",)

    def __init__(self, data_dir: Path) -> None:
        self.data_loader = DataLoader("race", data_dir, ("track",), build_race)

    def initial_state(self, scenario, seed, variants, data):
        start = data.start if scenario == "short" else 0
        return RaceState(game=self.name, phase="Move", positions={p: start for p in self.players})

    def procedure(self, state, ctx):
        track = ctx.data.track
        while state.result is None:
            yield Event(f"Turn {state.turn}", rule="Race §1", kind="turn")
            for runner in self.players:
                sprint = yield Decision(runner, "sprint", "Sprint?", ["no", "yes"], rule="Race §3")
                bonus = (2 if ctx.variant("sprint_two") else 1) if sprint == "yes" else 0
                state.positions[runner] += ctx.dice.roll(6, "move") + bonus
                if state.positions[runner] >= track:
                    state.result = runner
                    yield Event(f"{runner} wins", rule="Race §4", kind="result")
                    return
            state.turn += 1

    def validate_state(self, state, data):
        return [f"runner {p!r} is not a player" for p in state.positions if p not in self.players]


@pytest.fixture
def race(tmp_path) -> Race:
    (tmp_path / "track.yaml").write_text("length: 12\nstart: 4\nrulebook: Race §2\n")
    return Race(tmp_path)


def test_new_game_plays_a_named_scenario_with_the_default_policy(race):
    game = race.new_game("short", seed=2)
    assert game.state.positions == {"Red": 4, "Blue": 4}
    assert all(type(p) is FirstOptionPolicy for p in game.policies.values())
    game.run_to_end()
    assert game.state.result in race.players


def test_policies_are_named_or_given_as_objects_and_errors_name_the_player(race):
    policy = RandomPolicy()
    game = race.new_game(policies={"Red": "random", "Blue": policy})
    assert type(game.policies["Red"]) is RandomPolicy and game.policies["Blue"] is policy
    with pytest.raises(ValueError, match="no player 'Green'"):
        race.new_game(policies={"Green": "random"})
    with pytest.raises(ValueError, match="no policy 'clever' for Red"):
        race.new_game(policies={"Red": "clever"})


def test_data_overrides_reach_the_game_and_unknown_paths_are_refused(race):
    assert race.new_game("short", data_overrides={"start": 9}).state.positions["Red"] == 9
    assert race.data() is race.data()  # built once
    with pytest.raises(DataError, match="nowhere"):
        race.new_game(data_overrides={"nowhere": 1})


def test_validate_data_lists_the_problem_of_a_copy_of_the_data(race, tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "track.yaml").write_text("length: -3\n")
    assert race.validate_data() == []
    problems = race.validate_data(copy)
    assert len(problems) == 1 and "length" in problems[0] and "track.yaml" in problems[0]


@pytest.mark.parametrize("saved,message", [
    ({}, "game None"),
    ([1, 2, 3], "JSON object"),
    ("[1, 2, 3]", "JSON object"),
    ("hello", "unknown scenario 'hello'"),
    ('{"game": "chess"}', "game 'chess'"),
    ('{"game": "race", "phase": "Fight"}', "unknown phase 'Fight'"),
    ('{"game": "race", "phase": "Move", "turn": 0}', "turn 0"),
    ('{"game": "race", "phase": "Move", "variants": ["nope"]}', "variant 'nope'"),
    ('{"game": "race", "phase": "Move", "positions": {"Green": 1}}', "'Green'"),
    ('{"game": "race", "phase": "Move", "positions": {"Red": "far"}}', "positions"),
    ("{not json", "not valid JSON"),
])
def test_a_bad_saved_state_is_refused_with_a_message(race, saved, message):
    with pytest.raises(StateError, match=message):
        race.new_game(saved)


def test_a_saved_state_round_trips_through_a_file(race, tmp_path):
    game = race.new_game("short", seed=1)
    game.next_turn()
    path = tmp_path / "saved.json"
    path.write_text(game.state.to_json())
    again = race.new_game(str(path), seed=1)
    assert again.state == game.state


def test_an_incomplete_game_cannot_be_made():
    class Half(GameModule):
        name = "half"

    with pytest.raises(TypeError, match="abstract"):
        Half()


def test_the_provenance_report_lists_the_data_files(race):
    report = race.provenance_report()
    assert list(report.columns) == ["file", "path", "assumed"]
    assert isinstance(race.data_loader.files()["track"], GameData)


def test_every_game_accepts_a_person_as_a_player(race):
    from rules_lib.core.engine import PersonPolicy

    game = race.new_game(policies={"Red": "person"})
    assert isinstance(game.policies["Red"], PersonPolicy)
    assert game.step_event() is not None and game.step_event() is None
    assert game.pending is not None and game.pending.player == "Red"


# -- Display: how a game looks (palette, legend, features, faces, state panel, battle) ----------


def test_display_is_an_optional_capability_listed_with_the_others(race):
    from rules_lib.core.contract import CounterFace, Display, LegendEntry, MapFeature, capabilities

    assert race.display is None and "display" not in dict(capabilities(race))
    race.display = Display(
        side_colors={"A": "#111111"},
        legend=lambda state: [LegendEntry("A", "#111111")],
        features=lambda state: [MapFeature("finish line", "line", (((0.0, 0.0), (1.0, 0.0)),),
                                           "#ff0000")],
        counter=lambda state, piece: CounterFace("Car", "3", "reduced"),
        state_panel=lambda state: [("Turn", str(state.turn))],
        deciding_players=lambda state: ("A",))
    try:
        offered = dict(capabilities(race))
        assert offered["display"] is race.display
        state = race.new_game(seed=1).state
        assert race.display.state_panel(state) == [("Turn", "1")]
        assert race.display.counter(state, {}).status == "reduced"
        assert race.display.features(state)[0].kind == "line"
    finally:
        race.display = None


@pytest.mark.parametrize("name", ["ginormopod", "space_vermin", "zombies_giants", "gods_war"])
def test_every_game_describes_its_look_and_its_battle_results_add_up_to_one(name):
    from fractions import Fraction

    from rules_lib.registry import get_game

    game = get_game(name)
    d = game.display
    assert d is not None and d.side_colors and d.battle is not None
    played = game.new_game(seed=2)
    for _ in range(60):
        if played.step_event() is None:
            break
    state = played.state
    assert all(f.kind in ("line", "area", "marker") for f in d.features(state))
    assert d.legend(state) and d.state_panel(state)
    assert set(d.deciding_players(state)) <= set(game.players)
    for piece in game.board_view.pieces(state):
        face = d.counter(state, piece)
        assert face.title and face.status in ("", "reduced", "destroyed", "hidden", "marker")
    values = {spec["name"]: spec.get("default") for _, group in d.battle.groups() for spec in group}
    results = d.battle.results(d.battle.odds(values))
    assert len(results) >= 2 and sum(p for _, p in results) == Fraction(1)

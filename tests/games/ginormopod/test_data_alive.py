"""Every number in the data files is used by the rules (or is listed below with the reason it is
not), and changing a number through the game's override path changes what the game does."""
from __future__ import annotations

import pytest

from rules_lib.core.data import track_reads
from rules_lib.core.engine import Game, drive
from rules_lib.games.ginormopod import GAME, PLAYERS, new_game, standard_state
from rules_lib.games.ginormopod.activation import Activation
from rules_lib.games.ginormopod.board_view import build_board
from rules_lib.games.ginormopod.combat import resolve_battle
from rules_lib.games.ginormopod.data import MAP_VARIANT, build, load_game_data, load_sources
from rules_lib.games.ginormopod.odds import battle_odds, parse_units
from rules_lib.games.ginormopod.policies import HeuristicPolicy, RandomPolicy
from rules_lib.games.ginormopod.reach import movement_reach

from .conftest import Table

# (file, path): why no rule reads it
ALLOWED_UNREAD = {
    ("units", "types.Guard.mp"):
        "Guards have no Activation Chit, so they never move (their MP documents the counter)",
    ("units", "human_setup.diagram_markers.B"):
        "documents the set-up diagram's 'B' markers (GIN-MF-06); the placements are data rows",
    ("units", "human_setup.diagram_markers.x2"):
        "documents the set-up diagram's 'x2' markers (GIN-MF-06); the placements are data rows",
}


def play_everything(data, variants):
    """Seeded games with both policies, the board, reach and the exact odds of every unit and FX."""
    build_board(data)
    for seed in range(4):
        for kind in ("random", "heuristic"):
            pols = {p: HeuristicPolicy(data) if kind == "heuristic" else RandomPolicy()
                    for p in PLAYERS}
            game = Game(GAME.rules(data), standard_state(data, list(variants)), seed=seed,
                        policies=pols, keep_log=False)
            state = game.run_to_end()
            mover = next(u for u in state.units if u.pool == "map" and u.type != "Guard")
            movement_reach(state, mover.id, data)
    units = [t for t in data.types if t != "Guard"]
    for fx in ["", *data.fx]:
        for att in units:
            battle_odds(parse_units(f"{att},{att}/r"), parse_units("Guard,Guard/blank,Tank"),
                        fort_strength=2, attacker_fx=fx, data=data, allow_beyond_rules=True)
            battle_odds(parse_units(att), parse_units("Infantry"), attacker_side="Human",
                        defender_fx=fx, fort_strength=1, barrage=True, data=data,
                        allow_beyond_rules=True)  # every type and FX on each side: a probe


def test_every_number_in_the_data_is_read_by_the_rules():
    sources = load_sources()
    tracked, log = track_reads(sources)
    play_everything(build(tracked), ())
    play_everything(build(tracked, map_variant=MAP_VARIANT), (MAP_VARIANT,))
    unread = {(file, path) for file, path, _ in log.unread(sources)}
    assert unread == set(ALLOWED_UNREAD), (
        f"unread data (hard-coded in the rules, or dead): {sorted(unread - set(ALLOWED_UNREAD))};"
        f" listed but read after all: {sorted(set(ALLOWED_UNREAD) - unread)}")


def test_the_last_turn_is_data():
    state = new_game(seed=2, data_overrides={"tables:turn_track.last_turn": 3}).run_to_end()
    assert state.turn <= 3 and state.result is not None


def test_the_turn_end_track_length_ends_the_action_phase():
    game = new_game(seed=2, data_overrides={"tables:turn_end_track.spaces": 1})
    game.next_phase()  # Set-Up
    while game.state.turn == 1 and game.state.phase != "Fade Out":
        game.step_event()
    ends = [e for e in game.log if e.turn == 1 and e.message.startswith("Drawn: ...The End???")]
    assert len(ends) == 1


def test_the_overrun_threshold_is_data():
    data = load_game_data({"tables:overrun.min_acting": 2})
    table = Table(data)
    s = table.place("Des Moines", "Ant X1", "Ant X2", "Infantry A1")
    events = drive(resolve_battle(s, table.ctx([]), Activation.begin(s, "Swarm", "X"),
                                  "Des Moines"), answers=["stay"])
    assert any(e.kind == "overrun" for e in events) and table.where("Infantry A1") == "eliminated"


def test_the_forts_die_value_is_data():
    data = load_game_data({"map:fort_dice.pips": 2})
    table = Table(data)
    s = table.place("Chicago", "Ant X1")
    s.unit("Ant X1").came_from = "Des Moines"
    ctx = table.ctx([2, 2, 2, 1, 1])  # the Fort's three dice show 2: three hits on 2+
    drive(resolve_battle(s, ctx, Activation.begin(s, "Swarm", "X"), "Chicago"))
    assert table.where("Ant X1") == "track"


@pytest.mark.parametrize("mp", [1, 2])
def test_unit_movement_points_are_data(mp):
    game = new_game(seed=1, data_overrides={"units:types.Tank.mp": mp})
    game.next_phase()
    reach = movement_reach(game.state, "Tank A2", game.ctx.data)
    assert max(info.cost for info in reach.values()) == mp


def test_the_danger_track_advance_is_data():
    from rules_lib.games.ginormopod.danger import advance_danger

    data = load_game_data({"tables:danger_track.advance": 2})
    table = Table(data)
    drive(advance_danger(table.state, table.ctx(), "Human", "Nuclear"))
    assert table.state.danger == 2

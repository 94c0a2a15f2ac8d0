"""Every number alive: each numeric value of the game's data files is read by the game when it is
played (and its odds computed), and a designer's override changes what the game does.

The data is built from ``track_reads`` copies of the files; seeded games of every scenario and
policy (also under every variant), the exact fight odds, movement reach and a tour of the crafting
tables (rows seeded play seldom reaches) run on that data object. What stays unread is listed
below with the reason; anything else unread is a number the code hard-codes or dead data.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from pathlib import Path

import pytest

from rules_lib.core.data import track_reads
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Game, RandomPolicy, Rules, drive
from rules_lib.games.zombies_giants import GAME, initial_state, invariants, new_game
from rules_lib.games.zombies_giants import data as zdata
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.actions import Action
from rules_lib.games.zombies_giants.crafting import craft, do_craft_action
from rules_lib.games.zombies_giants.events import add_zombie
from rules_lib.games.zombies_giants.move_fight import move_fight
from rules_lib.games.zombies_giants.movement import movement_reach
from rules_lib.games.zombies_giants.odds import fight_odds, odds_grid
from rules_lib.games.zombies_giants.policies import HeuristicPolicy
from rules_lib.games.zombies_giants.state import PlacedTile, ZState
from rules_lib.games.zombies_giants.turn import play

#: Numbers no rule consults, each with why it is kept in the data.
ALLOWED_UNREAD = {
    # the table's first row ("1 part: -, 0 charges"): min_parts decides that one part makes
    # nothing, so the row is the text's table kept whole for readers
    ("crafting", "size_ray.max_charges[1]"),
    # "Zombies have no reach, and attack when they enter a player's space": the zombie turn
    # attacks only on entering; the 0 documents that fact, no other value would mean anything
    ("zombies", "zombie.reach"),
}

VARIANT_SETS = (
    (),
    tuple(v.name for v in GAME.variants if v.name != V.SIZE_SECTION_HEARTS),
    (V.SIZE_SECTION_HEARTS,),
)


@cache
def played():
    """Play everything on tracked data; return (files, read log)."""
    files = zdata.load_files()
    tracked, log = track_reads(files)
    data = zdata.build(tracked)
    rules = Rules(GAME.name, ZState, play, data=lambda: data, players=GAME.players,
                  variants=GAME.variants)
    for variants in VARIANT_SETS:
        for i, scenario in enumerate(GAME.scenarios):
            for policy in (HeuristicPolicy(data), RandomPolicy()):
                for seed in (i + len(variants),):
                    state = initial_state(scenario, seed, list(variants), data)
                    g = Game(rules, state, seed=seed, keep_log=False,
                             policies={p: policy for p in rules.players})
                    g.run_to_end()
                    assert invariants(g.state, data) == []
                    movement_reach(g.state, g.state.survivors[0].name, data)
    odds_grid(hearts=range(1, 4), bullets=range(3), data=data)
    for variants in VARIANT_SETS:
        fight_odds("Big", None, 2, 2, size_ray=True, armour=True, reserve=1, data=data,
                   variants=[v for v in variants if v in V.FIGHT_VARIANTS])
    crafting_tour(data)
    return files, log


def crafting_tour(data):
    """Craft and upgrade every item through every row of its table."""
    from rules_lib.games.zombies_giants.state import Survivor

    for size in data.sizes:
        for variants in ((), (V.RAY_TABLE_START, V.POTION_TABLE_FREE, V.ARMOUR_ONE_SUIT,
                              V.POTION_HEALS_5)):
            state = initial_state(size.lower(), 0, list(variants), data)
            s = state.survivors[0] = Survivor("Survivor 1", size, start_size=size, loc=[10, 10])
            ctx = Context(dice=ScriptedDice([]), variants=frozenset(variants), data=data)
            for kind in ("size_ray", "potion_kit", "body_armour"):
                for parts in range(1, 6):
                    s.parts[kind] = parts
                    drive(craft(state, ctx, s, kind))
                    if kind == "size_ray" and s.size_ray and s.size_ray.charges:
                        s.size_ray.charges, s.bullets = 0, 1  # spent: a bullet restores it
                        drive(do_craft_action(state, ctx, s, Action.parse("recharge Size-Ray")))
                    if kind == "body_armour" and s.armour and s.armour.size != size:
                        s.potions.append(size)  # a Giant's armour, treated with its potion
                        drive(do_craft_action(state, ctx, s, Action.parse(f"treat armour with {size} potion")))
            s.potions.append(size)  # a potion drunk under each reading of its healing
            drive(do_craft_action(state, ctx, s, Action.parse(f"drink {size} potion")))
    big_reaches_out_through_a_door(data)


def big_reaches_out_through_a_door(data):
    """A Big Giant inside a shop kills a zombie in the doorway and squeezes out after it."""
    state = initial_state("big", 0, [], data)
    s = state.survivors[0]
    state.tiles.append(PlacedTile("Hardware Store", [4, 3], 0, 1))
    s.loc = [13, 11]  # inside, at the door (the street square 13,10 is outside it)
    add_zombie(state, (13, 10))
    ctx = Context(dice=ScriptedDice([6, 6, 6, 6]), data=data)
    drive(move_fight(state, ctx, s), answers=["reach 13,10", "move in", "stop"])
    assert s.loc == [13, 10]


def test_every_number_in_the_data_is_read_when_the_game_is_played():
    files, log = played()
    unread = {(file, path) for file, path, _ in log.unread(files)}
    assert unread == ALLOWED_UNREAD


def test_every_field_of_the_typed_records_is_used_by_the_rules():
    """Sizes, layouts, tiles and cards are read whole when the data is built, so the read log
    cannot tell their use: each field must be read somewhere in the game's code instead."""
    here = Path(zdata.__file__).parent
    code = "".join(p.read_text() for p in here.glob("*.py") if p.name != "data.py")
    for record in (zdata.SizeStats, zdata.Layout, zdata.TileSpec, zdata.Card):
        for f in dataclasses.fields(record):
            if f.name == "name":
                continue
            assert re.search(rf"\.{f.name}\b", code), f"{record.__name__}.{f.name} is never used"


def game_log(scenario, seed, overrides=None):
    g = new_game(scenario, seed=seed, data_overrides=overrides,
                 policies={p: "random" for p in GAME.players})
    g.run_to_end()
    return g


def test_a_designer_override_of_the_demolition_target_stops_every_demolition():
    assert game_log("huge", 2).state.demolished  # a check of 8 or more happens in this game
    g = game_log("huge", 2, {"rules.combat.demolish_target": 13})  # above 2d6's 12
    assert not g.state.demolished and any("needs 13" in e.message for e in g.log)


def test_a_designer_override_of_the_starting_cards_empties_the_hands():
    dealt = next(e for e in game_log("normal", 2).log if "draws" in e.message)
    assert "draws 3 cards" in dealt.message
    dealt = next(e for e in game_log("normal", 2, {"rules.game.start_cards": 0}).log
             if "draws" in e.message)
    assert "draws 0 cards and keeps none" in dealt.message


def test_a_designer_override_of_the_zombie_hp_makes_every_check_kill():
    assert any("fails and loses" in e.message for e in game_log("normal", 2).log)
    log = game_log("normal", 2, {"zombies.zombie.hp": 1}).log
    assert any(e.kind == "roll" and "against 1" in e.message for e in log)
    assert not any("fails and loses" in e.message for e in log)


def test_a_designer_override_of_hearts_per_failure_costs_two_hearts():
    log = game_log("normal", 2, {"rules.combat.hits_per_failure": 2}).log
    fails = [e for e in log if "fails and loses" in e.message]
    assert fails and all("2 heart per failure" in e.rule for e in fails)
    assert "loses 2 hearts" in fails[0].message and fails[0].data["halves"] == 6 - 4


def test_a_designer_override_of_the_movement_dice_reaches_the_roll():
    rolls = [e for e in game_log("normal", 2, {"sizes.sizes.Normal.movement_dice": 2}).log
             if "for movement" in e.message]
    assert rolls and all("rolls 2d6" in e.message for e in rolls)


def test_a_designer_override_of_how_far_zombies_step():
    one = [e for e in game_log("normal", 2).log if "roll Advantage" in e.message]
    two = [e for e in game_log("normal", 2, {"rules.zombie_turn.squares_per_zombie": 2}).log
           if "roll Advantage" in e.message]
    assert all("move 1 square" in e.message for e in one)
    assert two and all("move 2 square" in e.message for e in two)


def test_a_designer_override_of_the_tile_size_is_checked_against_the_layouts():
    with pytest.raises(ValueError, match="5 rows of 5"):  # the layouts are 3 squares wide
        new_game("normal", seed=1, data_overrides={"town.tile_size": 5})

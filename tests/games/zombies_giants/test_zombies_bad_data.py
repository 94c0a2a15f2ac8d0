"""Corrupted data files: every problem is listed as a DataError naming the file and the path, never a
traceback, a hang or a value silently accepted (issue 15).

Each case edits one value of a copy of the data folder with yaml (as a careless designer would) and
asks ``GAME.validate_data(copy)`` what is wrong. A bounded hypothesis test replaces random values
of the data with random values: the data either builds (and a seeded game plays to its end) or the
build lists DataErrors, nothing else.
"""

from __future__ import annotations

import copy
import random
import shutil
import signal
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_lib.core.data import DataError, parse_data
from rules_lib.core.engine import Game, RandomPolicy
from rules_lib.games.zombies_giants import GAME
from rules_lib.games.zombies_giants.data import FILES, build

DATA = GAME.data_loader.folder
RAW = {name: yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8")) for name in FILES}
DELETE = object()


def edited(tree, path, value):
    """A copy of a raw YAML tree with the value at ``path`` replaced (or deleted); a value written
    ``{value: X, assumed: ...}`` has its X replaced."""
    tree = copy.deepcopy(tree)
    node = tree
    for key in path[:-1]:
        node = node[key]
        if isinstance(node, dict) and "value" in node and set(node) <= {"value", "assumed",
                                                                         "rulebook"}:
            node = node["value"]
    last = path[-1]
    if value is DELETE:
        del node[last]
    elif (isinstance(node, dict) and isinstance(node.get(last), dict)
          and "value" in node[last] and set(node[last]) <= {"value", "assumed", "rulebook"}):
        node[last]["value"] = value
    else:
        node[last] = value
    return tree


def broken_copy(tmp_path: Path, *edits) -> Path:
    """A copy of the data folder with the edits (file, path, value) written into it."""
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    trees = {}
    for file, path, value in edits:
        trees[file] = edited(trees.get(file, RAW[file]), path, value)
    for file, tree in trees.items():
        (folder / f"{file}.yaml").write_text(yaml.safe_dump(tree, sort_keys=False),
                                            encoding="utf-8")
    return folder


#: (what a careless user did, file, path, value, what the message must say)
BAD_EDITS = [
    ("text for a number", "rules", ("combat", "hits_per_failure"), "three",
     "combat.hits_per_failure: must be a whole number, found 'three'"),
    ("a number written as text", "events", ("cards", "Lots of Ammo", "amount"), "3",
     "cards.Lots of Ammo.amount: must be a whole number"),
    ("a fraction for a count", "town", ("tiles", "Hospital", "hearts"), 1.5,
     "tiles.Hospital.hearts: must be a whole number"),
    ("a list for a mapping", "rules", ("combat",), [1, 2], "combat: must be a mapping"),
    ("a mapping for a list", "crafting", ("size_ray", "sources"), {"a": 1},
     "size_ray.sources: must be a list"),
    ("a missing key", "rules", ("game", "max_turns"), DELETE, "game.max_turns: missing"),
    ("a missing size", "sizes", ("sizes", "Huge"), DELETE, "sizes.Huge: missing"),
    ("a misspelt key", "rules", ("combat", "bullet_bonsu"), 2,
     "combat.bullet_bonsu: unknown entry 'bullet_bonsu'"),
    ("a tile with an unknown layout", "town", ("tiles", "Hospital", "layout"), "castle",
     "tiles.Hospital.layout: unknown layout 'castle'"),
    ("a part source that is no tile", "crafting", ("size_ray", "sources"),
     ["Toy-Store", "Candy Shop"], "size_ray.sources[1]: unknown building 'Candy Shop'"),
    ("a card relying on no building", "events", ("cards", "First Aid Kit", "requires_building"),
     "Castle", "cards.First Aid Kit.requires_building: unknown tile 'Castle'"),
    ("a card for an unknown size", "events", ("cards", "Chainsaw", "usable_by"), {"Tiny": True},
     "cards.Chainsaw.usable_by.Tiny: unknown entry"),
    ("an unknown card effect", "events", ("cards", "Grenade", "effect"), "explode",
     "cards.Grenade.effect: unknown card effect 'explode'"),
    ("armour made for an unknown size", "crafting", ("body_armour", "made_for"), "Tiny",
     "body_armour.made_for: unknown size 'Tiny'"),
    ("a potion of an unknown size", "crafting", ("potion_kit", "sizes"), ["Normal", "Tiny"],
     "potion_kit.sizes[1]: unknown size 'Tiny'"),
    ("no potion sizes at all", "crafting", ("potion_kit", "sizes"), [],
     "potion_kit.sizes: must list at least one size"),
    ("an unknown keep rule", "sizes", ("sizes", "Big", "combat", "keep"), "lowest",
     "sizes.Big.combat.keep: unknown keep rule 'lowest'"),
    ("a square kind that does not exist", "town", ("layouts", "shop", "rows"),
     ["BBB", "SQS", "XXX"], "layouts.shop.rows[1]: unknown square kind 'Q'"),
    ("an exit onto a wall", "town", ("layouts", "corner", "exits"), ["N", "S"],
     "layouts.corner.exits: exit S must have a street square"),
    ("a door between squares far apart", "town", ("layouts", "shop", "doors"),
     [[[0, 2], [2, 2]]], "layouts.shop.doors[0]: a door joins two side-by-side squares"),
    ("a door off the tile", "town", ("layouts", "shop", "doors"), [[[1, 2], [1, 5]]],
     "layouts.shop.doors[0][1][1]: must be at most 2"),
    ("an even tile size", "town", ("tile_size",), 4, "tile_size: must be odd"),
    ("a start slot off the grid", "town", ("start_slot",), [20, 3],
     "start_slot: slot 20,3 is outside the 10x10 grid"),
    ("the start tile also in a pile", "town", ("tiles", "Town Square", "pile"), "town",
     "tiles.Town Square.pile: the start tile is on the table from the start"),
    ("negative zombies on a tile", "town", ("tiles", "Hospital", "zombies"), -1,
     "tiles.Hospital.zombies: must be at least 0, found -1"),
    ("a negative zombie pool", "zombies", ("pool",), -5, "pool: must be at least 0, found -5"),
    ("no copy of a card", "events", ("cards", "Grenade", "count"), 0,
     "cards.Grenade.count: must be at least 1, found 0"),
    ("negative starting bullets", "sizes", ("sizes", "Normal", "start_bullets"), -1,
     "sizes.Normal.start_bullets: must be at least 0"),
    ("a last round of 0", "rules", ("game", "max_turns"), 0,
     "game.max_turns: must be at least 1, found 0"),
    ("no zombie may stand anywhere", "rules", ("combat", "max_zombies_per_square"), 0,
     "combat.max_zombies_per_square: must be at least 1, found 0"),
    ("a zombie of 0 HP", "zombies", ("zombie", "hp"), 0, "zombie.hp: must be at least 1"),
    ("zombies with reach", "zombies", ("zombie", "reach"), 1,
     "zombie.reach: must be at most 0, found 1 (zombies have no reach)"),
    ("no combat dice", "sizes", ("sizes", "Big", "combat", "dice"), 0,
     "sizes.Big.combat.dice: must be at least 1"),
    ("a thousand movement dice", "sizes", ("sizes", "Huge", "movement_dice"), 1000,
     "sizes.Huge.movement_dice: must be at most 10"),
    ("a step that costs nothing", "rules", ("movement", "square_cost"), 0,
     "movement.square_cost: must be at least 1, found 0 (an action that costs no movement"),
    ("a free pick-up", "rules", ("carrying", "pick_up_cost"), 0,
     "carrying.pick_up_cost: must be at least 1"),
    ("a free resize", "crafting", ("size_ray", "charges_per_resize"), 0,
     "size_ray.charges_per_resize: must be at least 1"),
    ("a free potion", "crafting", ("potion_kit", "recipe"), {2: [0, 1], 3: [1, 1]},
     "potion_kit.recipe[2][0]: must be at least 1"),
    ("a recipe with a row missing", "crafting", ("potion_kit", "recipe"),
     {2: [2, 1], 5: [1, 3]}, "potion_kit.recipe: needs one row for each number of parts"),
    ("an armour table shorter than its last stage", "crafting", ("body_armour", "max_parts"), 5,
     "body_armour.extra_hearts: the table's last row must be max_parts (5)"),
    ("a yes for true", "sizes", ("sizes", "Big", "half_damage"), "yes",
     "sizes.Big.half_damage: must be true or false, found 'yes'"),
    ("the sizes out of order", "sizes", ("order",), ["Normal", "Big"],
     "order: must list the sizes Normal, Big, Huge"),
    ("a square holding nothing", "sizes", ("square_capacity",), 0,
     "square_capacity: must be a positive number or fraction"),
    ("a figure bigger than its squares", "sizes", ("sizes", "Normal", "figure_squares"), 2,
     "sizes.Normal.figure_squares: a figure of 2 squares over a 1x1 footprint does not fit"),
    ("an up exit that is no exit", "town", ("layouts", "escalator", "up_exit"), "E",
     "layouts.escalator.up_exit: unknown exit of this layout 'E'"),
    ("a third floor", "town", ("tiles", "Helipad", "needs_floor"), 3,
     "tiles.Helipad.needs_floor: unknown floor 3"),
]


@pytest.mark.parametrize("what,file,path,value,message", BAD_EDITS,
                         ids=[case[0] for case in BAD_EDITS])
def test_a_bad_value_is_named_by_file_and_path(tmp_path, what, file, path, value, message):
    folder = broken_copy(tmp_path, (file, path, value))
    problems = GAME.validate_data(folder)
    assert problems, f"{what}: accepted without a word"
    hit = [p for p in problems if message in p]
    assert hit, f"{what}: {problems}"
    assert hit[0].startswith(str(folder / f"{file}.yaml") + ": ")


def test_every_problem_is_listed_not_only_the_first(tmp_path):
    folder = broken_copy(tmp_path, ("rules", ("game", "max_turns"), 0),
                         ("rules", ("combat", "hits_per_failure"), "x"),
                         ("town", ("tiles", "Hospital", "zombies"), -2),
                         ("events", ("cards", "Grenade", "count"), 0))
    problems = GAME.validate_data(folder)
    assert len(problems) == 4
    for needle in ("game.max_turns", "combat.hits_per_failure", "tiles.Hospital.zombies",
                   "cards.Grenade.count"):
        assert sum(needle in p for p in problems) == 1, (needle, problems)


def test_a_game_with_bad_overrides_is_refused_naming_them():
    with pytest.raises(DataError, match="game.max_turns: must be at least 1"):
        GAME.new_game("normal", seed=1, data_overrides={"rules.game.max_turns": 0})


def test_the_shipped_data_has_no_problem():
    assert GAME.validate_data() == []


# -- random corruption --------------------------------------------------------------------------


def leaves(tree, path=()):
    """Every (path, value) of a raw tree, a value's provenance keys left alone."""
    if isinstance(tree, dict):
        for k, v in tree.items():
            if k in ("rulebook", "assumed"):
                continue
            yield from leaves(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from leaves(v, path + (i,))
    else:
        yield path, tree


LEAVES = [(name, path) for name in FILES for path, _ in leaves(RAW[name])]


def replaced(tree, path, value):
    """A copy of a raw tree with exactly the value at ``path`` replaced (unchanged if an earlier
    replacement took the path away)."""
    tree = copy.deepcopy(tree)
    node = tree
    try:
        for key in path[:-1]:
            node = node[key]
        node[path[-1]]
        node[path[-1]] = value
    except (KeyError, IndexError, TypeError):
        pass
    return tree
VALUES = st.one_of(
    st.integers(-5, 30), st.sampled_from([10**6, -(10**6), 0, 1, 2]), st.floats(-3, 3),
    st.booleans(), st.none(), st.text(max_size=6), st.sampled_from(["Normal", "Huge", "1/4",
                                                                    "Hospital", "N", "sum"]),
    st.lists(st.integers(-2, 5), max_size=3), st.dictionaries(st.text(max_size=3),
                                                              st.integers(0, 3), max_size=2),
)


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang("no answer within the time limit")


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.tuples(st.sampled_from(LEAVES), VALUES), min_size=1, max_size=3))
def test_random_corruption_gives_data_errors_or_a_game_that_plays(picks):
    trees = {}
    for (file, path), value in picks:
        trees[file] = replaced(trees.get(file, RAW[file]), path, value)
    files = {name: parse_data(trees.get(name, RAW[name]), f"{name}.yaml") for name in FILES}
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(20)
    try:
        try:
            data = build(files)
        except DataError as exc:
            assert ".yaml: " in str(exc)
            return
        # accepted: then a seeded game plays to its end on it
        seed = random.Random(repr(picks)).randrange(1000)
        state = GAME.initial_state("team", seed, [], data)
        g = Game(GAME.rules(data), state, seed=seed, keep_log=False,
                 policies={p: RandomPolicy() for p in GAME.players})
        g.run_to_end()
        assert g.state.result is not None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)

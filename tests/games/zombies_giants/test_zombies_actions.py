"""Step 3's typed actions: every option offered prints from an action and parses back to it."""

from __future__ import annotations

import random

import pytest

from rules_lib.core.engine import RandomPolicy
from rules_lib.games.zombies_giants import GAME
from rules_lib.games.zombies_giants.actions import (
    ACTIONS,
    Action,
    CraftAction,
    CraftPotion,
    Demolish,
    DrinkPotion,
    GiveBullet,
    GiveReserve,
    Grab,
    GrabParts,
    Move,
    MoveIn,
    MoveOff,
    PickUp,
    Play,
    RayArmour,
    RayCard,
    RaySelf,
    Reach,
    RechargeRay,
    SetDown,
    Snipe,
    Stay,
    Stop,
    TreatArmour,
    UseReserve,
    Vent,
)
from rules_lib.games.zombies_giants.policies import HeuristicPolicy

STEP3_KINDS = ("move", "carried", "move_in")

#: One action of every kind, with the awkward names the game has (spaces, '!', ' to ').
SAMPLES = [
    Stop(), Stay(), MoveIn(), MoveOff((10, 11)), Move((9, 10)), Reach((12, 11)),
    Snipe((10, 12)), GrabParts("Hardware Store"), Grab((13, 11)), PickUp("Survivor 2"),
    SetDown("Survivor 2", (11, 10)), UseReserve(), GiveReserve("Survivor 1"),
    GiveBullet("Survivor 2"), Vent((40, 2)), Demolish("Toy-Store"), Play("Hey Look! A Shotgun"),
    CraftPotion("Big"), DrinkPotion("Normal"), RayArmour(), RaySelf("Huge"),
    RayCard("The Keys are Still in it!", "Big"), TreatArmour("Huge"), RechargeRay(),
]


class Recorder:
    """Plays like another policy and keeps every Step 3 option it was offered."""

    name = "recorder"

    def __init__(self, inner) -> None:
        self.inner = inner
        self.options: set[str] = set()

    def choose(self, state, decision, rng: random.Random):
        if decision.kind in STEP3_KINDS:
            self.options.update(decision.options)
        return self.inner.choose(state, decision, rng)


def offered_options() -> set[str]:
    """Every Step 3 option offered in seeded games of each scenario, random and heuristic."""
    seen: set[str] = set()
    for scenario in GAME.scenarios:
        for seed, inner in ((1, RandomPolicy()), (2, HeuristicPolicy()), (3, RandomPolicy())):
            recorders = {p: Recorder(inner) for p in GAME.players}
            GAME.new_game(scenario, seed=seed, policies=recorders, keep_log=False).run_to_end()
            for r in recorders.values():
                seen |= r.options
    return seen


def test_every_option_offered_in_seeded_games_round_trips():
    options = offered_options()
    kinds = set()
    for text in options:
        action = Action.parse(text)
        assert str(action) == text
        assert Action.parse(str(action)) == action
        kinds.add(type(action))
    # the games offer the common kinds; the samples below cover the rest
    assert {Stop, Move, Stay, MoveOff, Play} <= kinds, sorted(k.__name__ for k in kinds)


@pytest.mark.parametrize("action", SAMPLES, ids=lambda a: type(a).__name__)
def test_every_kind_round_trips(action):
    assert Action.parse(str(action)) == action
    assert type(action).parse(str(action)) == action


def test_the_samples_cover_every_kind():
    assert {type(a) for a in SAMPLES} == set(ACTIONS)


def test_a_kind_parses_only_its_own_text():
    assert CraftAction.parse("ray armour to fit") == RayArmour()
    with pytest.raises(ValueError, match="not a Step 3 action of the kind CraftAction"):
        CraftAction.parse("move 1,2")
    with pytest.raises(ValueError, match="of the kind Move"):
        Move.parse("move off to 1,2")


@pytest.mark.parametrize("text", ["", "walk 1,2", "move", "move 1", "move a,b", "stop now",
                                  "give heart to X", None, 12])
def test_text_that_is_no_action_is_refused(text):
    with pytest.raises(ValueError, match="is not a Step 3 action"):
        Action.parse(text)


@pytest.mark.parametrize("kind, text, message", [
    (Action, "walk 1,2", "'walk 1,2' is not a Step 3 action"),
    (Action, None, "None is not a Step 3 action"),
    (CraftAction, "move 1,2", "'move 1,2' is not a Step 3 action of the kind CraftAction"),
    (Move, "stop", "'stop' is not a Step 3 action of the kind Move"),
])
def test_the_refusal_names_the_text_and_only_a_subclass_kind(kind, text, message):
    """Action.parse says only what the text is not; a subclass's parse adds its own kind."""
    with pytest.raises(ValueError) as refused:
        kind.parse(text)
    assert str(refused.value) == message


def test_the_fixed_forms_win_over_the_general_ones():
    """'ray armour to fit' and 'ray self to Big' are not cards called 'armour' and 'self'."""
    assert Action.parse("ray armour to fit") == RayArmour()
    assert Action.parse("ray self to Big") == RaySelf("Big")
    assert Action.parse("ray Chainsaw to Big") == RayCard("Chainsaw", "Big")
    assert Action.parse("move off to 3,4") == MoveOff((3, 4))
    assert Action.parse("grab parts Toy-Store") == GrabParts("Toy-Store")

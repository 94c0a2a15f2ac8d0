"""Analysis shows the exact odds of a bullet decision beside the simulated continuations: the
rest of the fight, solved as a chain, checked against every face of every later roll enumerated
through the fight procedure itself (later bullet decisions answered as the game recommends)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules_lib.analysis import compare_options, position_at
from rules_lib.core.dice import ScriptedDice
from rules_lib.core.engine import Context, Game, PersonPolicy, Rules
from rules_lib.games.zombies_giants import GAME
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.fight import fight
from rules_lib.games.zombies_giants.option_odds import bullet_option_odds, won_with
from rules_lib.games.zombies_giants.state import ZState
from rules_lib.games.zombies_giants.variants import (
    BULLET_EVERY_FAILED_ROLL,
    LOWERED_ONLY_UNDER_4,
    TARGET_MUST_BE_EXCEEDED,
)

from ...every_roll import every_roll
from .zg_helpers import CENTRE, make_state, zombies_at

BULLET_IDS = ("ZGC-RES-05", "ZGC-RES-06", "ZGC-ZCOMB-09", "ZGC-FIGHT-03", "ZGC-FIGHT-04")


def table(sizes_, variants, zombies):
    """A fight's table: Survivors in the Town Square's centre (the first fights, the others
    help) and the zombies on them."""
    st = make_state(sizes_, variants=list(variants))
    st.variants = list(variants)
    zombies_at(st, CENTRE, zombies)
    return st


def the_fight(state: ZState):
    fighter, *helpers = state.survivors
    return lambda st, ctx: fight(st, ctx, fighter, list(st.zombies), helpers=helpers)


def paused(sizes_, variants, zombies, first) -> Game:
    """A game of one fight, paused at its first bullet decision after the scripted roll."""
    state = table(sizes_, variants, zombies)
    data = default_data()
    rules = Rules("zombies_giants", ZState, the_fight(state), data=lambda: data)
    game = Game(rules, state, policies={s.name: PersonPolicy() for s in state.survivors},
                dice=ScriptedDice(first), keep_log=False)
    game.run_to_end()
    assert game.pending is not None and game.pending.kind == "bullet"
    return game


def enumerated(sizes_, variants, zombies, first, option) -> dict[str, Fraction]:
    """Every face of every roll after the first, played through the fight procedure: the first
    bullet decision answered ``option``, every later one with the recommended (first) option."""

    def play(dice):
        state = table(sizes_, variants, zombies)
        ctx = Context(dice=ScriptedDice(list(first), then=dice), variants=frozenset(variants),
                      data=default_data(), options={})
        proc = the_fight(state)(state, ctx)
        asked, to_send = 0, None
        try:
            while True:
                item = proc.send(to_send)
                to_send = None
                if getattr(item, "kind", None) == "bullet" and item.options:
                    to_send = option if asked == 0 else item.options[0]
                    asked += 1
        except StopIteration as end:
            result = end.value.outcome
        fighter = state.survivors[0]
        return (won_with(fighter.halves, sum(s.bullets for s in state.survivors))
                if result == "won" else result)

    return every_roll(play)


CASES = [
    # sizes, variants, zombies, the first check's faces
    (("Normal",), (), 2, [3]),
    (("Normal",), (), 1, [2]),
    (("Normal", "Normal"), (), 2, [1, 2]),
    (("Normal",), (BULLET_EVERY_FAILED_ROLL,), 2, [1]),
    (("Normal",), (TARGET_MUST_BE_EXCEEDED,), 2, [4]),
    (("Normal",), (LOWERED_ONLY_UNDER_4,), 2, [1]),  # 1 + a bullet: not lowered
    (("Big", "Normal"), (), 2, [1, 1, 2]),
]


@pytest.mark.rule(*BULLET_IDS, "ZGC-AMB-07", "ZGC-AMB-08", "ZGC-AMB-19")
@pytest.mark.parametrize("sizes_, variants, zombies, first", CASES)
def test_each_option_s_exact_odds_are_the_fight_enumerated(sizes_, variants, zombies, first):
    game = paused(sizes_, variants, zombies, first)
    for option in game.pending.options:
        exact = bullet_option_odds(game, option)
        assert exact == enumerated(sizes_, variants, zombies, first, option), option
        assert sum(exact.values()) == 1


@pytest.mark.rule(*BULLET_IDS)
def test_spending_and_keeping_lead_to_different_fights():
    game = paused(("Normal",), (), 2, [3])  # 3 against 8: a bullet makes 5, not a kill
    spend, keep = (bullet_option_odds(game, o) for o in ("spend", "keep"))
    assert spend != keep
    # kept, the bullet can still be added to a later check; spent, every win leaves 2
    assert all(k.endswith("2 bullets left") for k in spend if k.startswith("won"))
    assert any(k.endswith("3 bullets left") for k in keep)


def test_the_exact_odds_leave_the_paused_fight_as_it_was():
    game = paused(("Normal", "Normal"), (), 2, [1, 2])
    before = game.state.to_json()
    for option in game.pending.options:
        bullet_option_odds(game, option)
    assert game.state.to_json() == before


def test_other_decisions_have_no_exact_odds():
    game = GAME.new_game(seed=1, policies={"Survivor 1": "person"}, keep_log=False)
    game.run_to_end()
    assert game.pending is not None and game.pending.kind not in ("bullet", "move")
    assert GAME.exact_odds_of_option(game, game.pending.options[0]) is None


def test_a_real_bullet_decision_shows_its_exact_odds_in_the_comparison():
    game = position_at("zombies_giants", "bullet", seed=0)
    frame = compare_options(game, 4, seed=1).to_frame()
    assert "exact odds" in frame.columns
    by_option = dict(zip(frame["option"], frame["exact odds"]))
    # 3 against 4: the bullet kills now, keeping it costs a heart (then the zombie dies at once)
    assert by_option["spend"].startswith("won, 3 hearts and 4 bullets left 1 (100%)")
    assert by_option["keep"].startswith("won, 2 hearts and 5 bullets left 1 (100%)")


def _in_fight(game) -> bool:
    """Is the game's procedure inside a fight now?"""
    gen = game._proc
    while gen is not None:
        if gen.gi_code is fight.__code__:
            return True
        gen = gen.gi_yieldfrom
    return False


def played_fight(game, option, spenders) -> dict[str, Fraction]:
    """The fight a move option starts, played by the game itself with every face of every roll
    forced in turn: its ends as the state shows them when the fight is over."""
    from rules_lib.games.zombies_giants.option_odds import MISSED
    from rules_lib.games.zombies_giants.policies import HeuristicPolicy

    heuristic = HeuristicPolicy(game.ctx.data)
    fighter = game.pending.player
    out: dict[str, Fraction] = {}
    todo: list[tuple[int, ...]] = [()]
    while todo:
        faces = todo.pop()
        fork = game.fork(1, answer=option, policies={p: heuristic for p in GAME.players},
                         keep_log=True)
        for i, face in enumerate(faces):
            fork.dice.forced[game.dice.rolls + i] = face
        seen = False
        while not (seen and not _in_fight(fork)):
            assert fork.step_event() is not None
            seen = seen or (_in_fight(fork) and fork.events_seen > game.events_seen)
        used = fork.dice.rolls - game.dice.rolls
        if used > len(faces):  # an unforced face was rolled: enumerate it
            todo += [faces + (f,) for f in range(1, 7)]
            continue
        s = fork.state.survivor(fighter)
        missed = any("snipe fails" in e.message for e in fork.log[game.events_seen:])
        key = ("lost" if not s.in_play and s.status == "dead" else MISSED if missed else
               won_with(s.halves, sum(fork.state.survivor(n).bullets for n in spenders)))
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6 ** used)
    return out


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-FIGHT-02", "ZGC-SNIPE-01", "ZGC-SNIPE-02", *BULLET_IDS)
def test_a_move_into_zombies_or_a_snipe_shows_the_fight_the_game_plays():
    from rules_lib.games.zombies_giants.option_odds import fight_start, move_option_odds

    game = position_at("zombies_giants", "move", seed=0)  # a Normal next to a zombie at 9,10
    fights = {o: move_option_odds(game, o) for o in game.pending.options}
    assert {o for o, odds in fights.items() if odds} == {"move 9,10", "snipe 9,10"}
    for option in ("move 9,10", "snipe 9,10"):
        spenders = [s.name for s in fight_start(game, option)[2]]
        assert fights[option] == played_fight(game, option, spenders), option
    assert "missed" in fights["snipe 9,10"] and "missed" not in fights["move 9,10"]

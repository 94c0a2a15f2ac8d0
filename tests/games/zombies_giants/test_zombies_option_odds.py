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
    PLAIN_ADVANTAGE,
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


def paused(sizes_, variants, zombies, first, answers=(), prepare=None, data=None) -> Game:
    """A game of one fight, paused at its first bullet decision after the scripted roll (or at
    the one after ``answers``); ``prepare`` sets the table up further, ``data`` a designer's."""
    state = table(sizes_, variants, zombies)
    if prepare is not None:
        prepare(state)
    data = data or default_data()
    rules = Rules("zombies_giants", ZState, the_fight(state), data=lambda: data)
    game = Game(rules, state, policies={s.name: PersonPolicy() for s in state.survivors},
                dice=ScriptedDice(first), keep_log=False)
    game.run_to_end()
    for answer in answers:
        game.answer(answer)
        game.run_to_end()
    assert game.pending is not None and game.pending.kind == "bullet"
    return game


def enumerated(sizes_, variants, zombies, first, option, answers=(), prepare=None, data=None
               ) -> dict[str, Fraction]:
    """Every face of every roll after the first, played through the fight procedure: the first
    bullet decisions answered ``answers`` then ``option``, every later one with the recommended
    (first) option."""
    given = list(answers) + [option]

    def play(dice):
        state = table(sizes_, variants, zombies)
        if prepare is not None:
            prepare(state)
        ctx = Context(dice=ScriptedDice(list(first), then=dice), variants=frozenset(variants),
                      data=data or default_data(), options={})
        proc = the_fight(state)(state, ctx)
        asked, to_send = 0, None
        try:
            while True:
                item = proc.send(to_send)
                to_send = None
                if getattr(item, "kind", None) == "bullet" and item.options:
                    to_send = given[asked] if asked < len(given) else item.options[0]
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
    # a bullet to 8 does not exceed 8: the second Normal must still spend hers
    (("Normal", "Normal"), (TARGET_MUST_BE_EXCEEDED,), 2, [3, 3]),
    (("Normal",), (TARGET_MUST_BE_EXCEEDED,), 2, [6]),  # a bullet makes 8: not beyond 8
    # kept: 1 left to beat, which a roll of 1 does not exceed: no instant kill
    (("Normal",), (TARGET_MUST_BE_EXCEEDED,), 1, [3]),
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


def on_last_heart(state):
    state.survivors[0].halves = 2


def on_last_heart_with_a_reserve(state):
    state.survivors[0].halves, state.survivors[0].reserve = 2, 1


def on_last_heart_with_two_reserves(state):
    state.survivors[0].halves, state.survivors[0].reserve = 2, 2


def two_bullets_per_combat():
    """A designer's rules: two bullets per Survivor per combat."""
    from rules_lib.core.data import apply_override
    from rules_lib.games.zombies_giants.data import build, load_files

    files = load_files()
    files["rules"] = apply_override(files["rules"], "combat.bullets_per_combat", 2)
    return build(files)


LATER = [
    # sizes, variants, zombies, first faces, the bullet answers before, set-up, data
    (("Normal", "Normal"), (), 2, [2, 2], ("keep",), None, None),  # the second Normal asked
    (("Normal", "Normal"), (TARGET_MUST_BE_EXCEEDED,), 2, [3, 3], ("keep",), None, None),
    (("Normal", "Normal"), (), 2, [1, 2], (), on_last_heart, None),  # a failed check kills
    (("Normal",), (), 2, [3], (), on_last_heart_with_a_reserve, None),
    (("Normal",), (), 2, [1], (), on_last_heart_with_two_reserves, None),  # one still after
    (("Normal", "Normal"), (), 2, [1, 1], (), None, two_bullets_per_combat),
    (("Normal", "Normal"), (), 2, [1, 1], ("spend",), None, two_bullets_per_combat),
]


@pytest.mark.rule(*BULLET_IDS, "ZGC-NORM-02", "ZGC-AMB-07", "ZGC-AMB-19")
@pytest.mark.parametrize("sizes_, variants, zombies, first, answers, prepare, data", LATER)
def test_a_later_bullet_decision_s_exact_odds_are_the_fight_enumerated(
        sizes_, variants, zombies, first, answers, prepare, data):
    data = data() if data is not None else None
    game = paused(sizes_, variants, zombies, first, answers, prepare, data)
    for option in game.pending.options:
        exact = bullet_option_odds(game, option)
        assert exact == enumerated(sizes_, variants, zombies, first, option, answers, prepare,
                                   data), option
        assert sum(exact.values()) == 1


def test_the_fight_s_ends_read_wins_first_most_hearts_and_bullets_first_then_missed_then_lost():
    from rules_lib.games.zombies_giants.option_odds import LOST, MISSED, WON, named

    ends = {(LOST,): Fraction(1, 8), (WON, 2, 3): Fraction(1, 8), (MISSED,): Fraction(1, 8),
            (WON, 4, 0): Fraction(1, 8), (WON, 2, 5): Fraction(1, 4), (WON, 6, 1): Fraction(0),
            (WON, 3, 9): Fraction(1, 4)}
    assert list(named(ends).items()) == [
        ("won, 2 hearts and 0 bullets left", Fraction(1, 8)),
        ("won, 1.5 hearts and 9 bullets left", Fraction(1, 4)),
        ("won, 1 heart and 5 bullets left", Fraction(1, 4)),
        ("won, 1 heart and 3 bullets left", Fraction(1, 8)),
        ("missed", Fraction(1, 8)),
        ("lost", Fraction(1, 8)),
    ]


def test_a_won_fight_is_told_in_hearts_and_bullets():
    assert won_with(2, 1) == "won, 1 heart and 1 bullet left"
    assert won_with(1, 0) == "won, 0.5 hearts and 0 bullets left"
    assert won_with(5, 2) == "won, 2.5 hearts and 2 bullets left"


def test_an_option_the_bullet_decision_does_not_offer_has_no_exact_odds():
    game = paused(("Normal",), (), 2, [3])
    assert bullet_option_odds(game, "reload") is None


def test_without_a_pending_bullet_decision_with_a_fight_there_are_no_exact_odds():
    from types import SimpleNamespace

    from rules_lib.core.engine import Decision
    from rules_lib.games.zombies_giants.option_odds import pending_fight

    game = paused(("Normal",), (), 2, [3])
    record = game.pending.data
    assert pending_fight(game) is not None
    assert pending_fight(SimpleNamespace(pending=None, state=game.state)) is None
    # a bullet decision that carries no fight, and another kind of decision that does
    for kind, data in (("bullet", {}), ("grenade", dict(record))):
        other = Decision("Survivor 1", kind, "?", ["spend", "keep"], data=data)
        assert pending_fight(SimpleNamespace(pending=other, state=game.state)) is None


def test_the_game_s_exact_odds_are_a_bullet_decision_s_and_a_move_decision_s():
    from rules_lib.games.zombies_giants.option_odds import move_option_odds

    bullet = position_at("zombies_giants", "bullet", seed=0)
    for option in bullet.pending.options:
        assert GAME.exact_odds_of_option(bullet, option) == bullet_option_odds(bullet, option)
    move = position_at("zombies_giants", "move", seed=0)
    for option in ("move 9,10", "snipe 9,10"):
        odds = GAME.exact_odds_of_option(move, option)
        assert odds is not None and odds == move_option_odds(move, option)


def moving(st, faces):
    """A game of one Survivor's Step 3 (Move/Fight) on a hand-made table, paused at its first
    move decision after the movement roll's forced faces."""
    from rules_lib.core.engine import Event
    from rules_lib.games.zombies_giants.move_fight import move_fight

    def step_3(state, ctx):
        yield from move_fight(state, ctx, state.survivors[0])
        yield Event("Step 3 is over", rule="")  # the fight's end is seen before the game's

    data = default_data()
    rules = Rules("zombies_giants", ZState, step_3, data=lambda: data,
                  players=tuple(s.name for s in st.survivors))
    game = Game(rules, st, seed=0, policies={s.name: PersonPolicy() for s in st.survivors},
                keep_log=False)
    game.dice.forced.update(dict(enumerate(faces)))
    game.run_to_end()
    assert game.pending is not None and game.pending.kind == "move"
    return game


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-FIGHT-02", "ZGC-HUGE-01")
def test_a_huge_giant_moving_onto_two_squares_with_zombies_has_no_one_fight_s_odds():
    from rules_lib.games.zombies_giants.option_odds import move_option_odds

    st = make_state(("Huge",))  # the Huge covers 10,10 and 11,10
    zombies_at(st, (10, 9))
    zombies_at(st, (11, 9))
    game = moving(st, [4] * 6)
    assert "move 10,9" in game.pending.options  # onto 10,9 and 11,9: two fights
    assert move_option_odds(game, "move 10,9") is None
    st = make_state(("Huge",))
    zombies_at(st, (11, 9))
    one = moving(st, [4] * 6)  # onto 10,9 and 11,9, zombies on one of them: one fight
    assert move_option_odds(one, "move 10,9") == {
        "won, 12 hearts and 0 bullets left": Fraction(11, 12),
        "won, 11.5 hearts and 0 bullets left": Fraction(1, 12)}


def with_a_shotgun(st):
    from rules_lib.games.zombies_giants.state import Weapon

    st.survivors[0].weapons.append(Weapon("Hey Look! A Shotgun", None, None))


def carrying_a_normal(st):
    big, rider = st.survivors
    big.carrying, rider.carried_by, rider.loc = [rider.name], big.name, None


MOVES = [
    # sizes, variants, set-up, zombies on 11,10, the movement roll's faces
    (("Normal",), (), with_a_shotgun, 2, [6]),
    (("Big",), (PLAIN_ADVANTAGE,), None, 2, [6, 6]),
    (("Normal",), (LOWERED_ONLY_UNDER_4,), None, 2, [6]),
    (("Big", "Normal"), (), carrying_a_normal, 2, [6, 6]),
]


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-FIGHT-02", "ZGC-AMB-06", "ZGC-AMB-08", "ZGC-CARRY-02",
                  *BULLET_IDS)
@pytest.mark.parametrize("sizes_, variants, prepare, zombies, faces", MOVES)
def test_a_move_into_zombies_shows_the_fight_the_game_plays(sizes_, variants, prepare, zombies,
                                                             faces):
    from rules_lib.games.zombies_giants.option_odds import fight_start, move_option_odds

    st = make_state(sizes_, variants=list(variants))
    st.variants = list(variants)
    if prepare is not None:
        prepare(st)
    zombies_at(st, (11, 10), zombies)
    game = moving(st, faces)
    spenders = [s.name for s in fight_start(game, "move 11,10")[2]]
    assert move_option_odds(game, "move 11,10") == played_fight(game, "move 11,10", spenders)


def test_the_guard_lets_at_most_its_number_of_events_come_before_the_fight_s_opening(
        monkeypatch):
    from rules_lib.games.zombies_giants import option_odds
    from rules_lib.games.zombies_giants.option_odds import fight_start
    from rules_lib.games.zombies_giants.policies import HeuristicPolicy

    game = position_at("zombies_giants", "move", seed=0)  # a Normal next to a zombie at 9,10
    fork = game.fork(0, answer="move 9,10",
                     policies={p: HeuristicPolicy(game.ctx.data) for p in GAME.players})
    before = 0  # the events played before the fight's opening
    while True:
        event = fork.step_event()
        if event.kind == "combat" and event.data.get("fight", {}).get("rolls") == 0:
            break
        before += 1 if fork.events_seen > game.events_seen else 0
    monkeypatch.setattr(option_odds, "MOST_EVENTS_TO_THE_FIGHT", before)
    assert fight_start(game, "move 9,10") is not None
    monkeypatch.setattr(option_odds, "MOST_EVENTS_TO_THE_FIGHT", before - 1)
    assert fight_start(game, "move 9,10") is None


@pytest.mark.rule("ZGC-FIGHT-01", "ZGC-FIGHT-02")
def test_a_step_whose_next_move_decision_comes_before_any_fight_starts_none():
    from rules_lib.games.zombies_giants.option_odds import fight_start, move_option_odds

    st = make_state()
    zombies_at(st, (12, 10))  # two squares east: a step to 11,10 first, then a decision
    game = moving(st, [6])
    assert "move 11,10" in game.pending.options
    assert fight_start(game, "move 11,10") is None
    assert move_option_odds(game, "move 11,10") is None

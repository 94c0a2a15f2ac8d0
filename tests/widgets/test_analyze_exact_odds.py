"""The Analyze tab shows the exact odds a game gives for the options of a pending decision beside
the simulated win rates: here a Zombies bullet decision, whose consequence is the rest of one
fight (``zombies_giants/option_odds.py``)."""
from __future__ import annotations

from rules_lib.analysis import exact_text, position_at
from widgets import Explorer


def compared(ex, game):
    """Compare the options of ``game``'s pending decision in the Explorer's Analyze tab (two
    continuations each): the table shown and each option's exact odds, every one on screen."""
    ex.stepper.show_game(game)
    panel = ex.analyze
    panel.n.value = 2
    panel.compare(wait=True)
    assert panel.banner.message == "", panel.banner.detail
    shown = panel.options_html.value
    assert "exact odds" in shown
    exact = {o.option: o.exact for o in panel.comparison.options}
    assert set(exact) == set(game.pending.options) and all(exact.values())
    for odds in exact.values():
        assert exact_text(odds) in shown
    return shown, exact


def test_a_bullet_decision_shows_each_option_s_exact_fight_odds():
    game = position_at("zombies_giants", "bullet", seed=0)  # 3 against 4: spend +2, or keep
    assert game.pending is not None and set(game.pending.options) == {"spend", "keep"}
    shown, _ = compared(Explorer("zombies_giants", scenario="normal", seed=0), game)
    assert "won, 3 hearts and 4 bullets left 1 (100%)" in shown  # spent: no heart lost
    assert "won, 2 hearts and 5 bullets left 1 (100%)" in shown  # kept: a heart for the bullet


def test_an_fx_decision_shows_each_option_s_exact_combat_odds():
    game = position_at("ginormopod", "use_fx", player="Human", seed=13, max_games=1)
    _, exact = compared(Explorer("ginormopod", seed=13), game)
    assert "Swarm wiped out 1 (100%)" in exact_text(exact["Nuclear"])


def test_an_attack_on_a_monster_shows_its_exact_result_and_other_actions_none():
    from rules_lib.analysis import PauseAt, compare_options
    from rules_lib.registry import get_game

    module = get_game("gods_war")
    game = module.new_game(scenario="both", seed=0, keep_log=False)
    for player in module.players:
        game.policies[player] = PauseAt(("action",), game.policies[player])
    game.run_to_end()
    while not any(str(o).startswith("attack Arachne") for o in game.pending.options):
        game.answer(game.policies[game.pending.player].then.choose(
            game.state, game.pending, game.policy_rng))
        game.run_to_end()
    attack = next(i for i, o in enumerate(game.pending.options) if o.startswith("attack Arachne"))
    other = next(i for i, o in enumerate(game.pending.options) if not o.startswith("attack"))
    ex = Explorer("gods_war", scenario="both", seed=0)
    ex.stepper.show_game(game)
    ex.analyze._show_comparison(compare_options(game, 2, seed=0, options=[attack, other]))
    shown = ex.analyze.options_html.value
    assert "+0 VP 5/6 (83%); +1 VP 1/6 (17%)" in shown  # one die: a kill is a VP
    assert shown.count("VP") == 2  # the other action's row has no exact odds

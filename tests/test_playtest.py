"""Designer playtesting: batch games, summaries with intervals, sweeps, comparisons, charts."""
from __future__ import annotations

import math

import pandas as pd
import pytest

from rules_lib import playtest
from rules_lib.core.stats import difference_interval, games_needed, mean_interval, wilson
from rules_lib.playtest import (
    compare,
    outcome_rates,
    play_one,
    progress_frame,
    run_games,
    summarize,
    sweep,
)
from rules_lib.registry import game_names, get_game
from widgets.charts import plot_game_length, plot_outcome_rate, plot_progress

FAST = "gods_war"  # the quickest game to play in bulk
WEB = "base_game.victory.turn_limit"  # a number in its data a designer may change


@pytest.fixture(scope="module")
def batch():
    return run_games(FAST, 8, seed=5)


@pytest.fixture(scope="module")
def limit_sweep():
    return sweep(FAST, {WEB: [6, 10]}, n_per_point=6, seed=2, by_turn=["web_tokens_on_map"])


# -- batch runs ----------------------------------------------------------------------------------


def test_run_games_gives_one_row_per_game_with_seed_outcome_and_turns_first(batch):
    assert list(batch["seed"]) == list(range(5, 13))
    assert list(batch.columns[:3]) == ["seed", "outcome", "turns"]
    assert batch["outcome"].notna().all()
    assert batch.attrs["interrupted"] is False


def test_a_row_replays_exactly_from_its_seed(batch):
    row = batch.iloc[3].to_dict()
    entry = get_game(FAST)
    game = entry.new_game(seed=int(row["seed"]), keep_log=True)
    game.run_to_end(max_events=entry.max_events)
    replayed = entry.summary(game.state)
    assert replayed["outcome"] == row["outcome"]
    assert {k: v for k, v in replayed.items() if v is not None} == \
        {k: row[k] for k, v in replayed.items() if v is not None}


def test_rows_do_not_depend_on_how_the_seeds_are_cut_into_blocks(batch):
    for size in (1, 3):
        pd.testing.assert_frame_equal(run_games(FAST, 8, seed=5, block_size=size), batch)


def test_a_game_that_raises_names_its_seed(monkeypatch):
    def broken(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(playtest, "play_one", broken)
    with pytest.raises(playtest.GameFailed, match="gods_war seed 4 .*ZeroDivisionError: boom"):
        run_games(FAST, 2, seed=4)


def test_interrupting_a_run_returns_the_games_that_finished(monkeypatch):
    real = playtest.play_one
    calls = []

    def stopped_after_three(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(playtest, "play_one", stopped_after_three)
    with pytest.warns(UserWarning, match="3 of 10 games"):
        df = run_games(FAST, 10, seed=0, block_size=2)
    assert list(df["seed"]) == [0, 1, 2]
    assert df.attrs["interrupted"] is True


def test_ctrl_c_during_a_game_stops_the_run_once_that_game_has_finished(monkeypatch):
    """Ctrl-C is noted and acted on between games: the game it came in finishes and is kept, and
    no interrupt can be lost inside a finaliser (where Python would print it and play on)."""
    import os
    import signal

    real = playtest.play_one
    calls = []

    def ctrl_c_in_the_fourth(*args, **kwargs):
        calls.append(1)
        if len(calls) == 4:
            os.kill(os.getpid(), signal.SIGINT)
        return real(*args, **kwargs)

    monkeypatch.setattr(playtest, "play_one", ctrl_c_in_the_fourth)
    before = signal.getsignal(signal.SIGINT)
    with pytest.warns(UserWarning, match="4 of 10 games"):
        df = run_games(FAST, 10, seed=0, block_size=2)
    assert list(df["seed"]) == [0, 1, 2, 3]
    assert df.attrs["interrupted"] is True
    assert signal.getsignal(signal.SIGINT) is before  # the run's handler is gone again


def test_progress_bar_counts_every_game(capsys):
    run_games(FAST, 3, seed=0, progress=True)
    assert "3/3" in capsys.readouterr().err


def test_unknown_policy_fails_before_any_game():
    with pytest.raises(ValueError, match="no policy 'genius'"):
        run_games(FAST, 2, policies={"Storm": "genius"})


@pytest.mark.parametrize("name", game_names())
def test_every_game_honours_data_overrides(name):
    # a game whose new_game ignored data_overrides would accept a path that does not exist
    playtest._check_overrides_honoured.cache_clear()
    playtest._check_overrides_honoured(name)


def test_a_game_that_ignores_overrides_is_reported(monkeypatch):
    entry = get_game(FAST)
    real = entry.new_game
    monkeypatch.setattr(entry, "new_game",
                        lambda *a, data_overrides=None, **k: real(*a, **k))
    playtest._check_overrides_honoured.cache_clear()
    try:
        with pytest.raises(ValueError, match="ignores data_overrides"):
            run_games(FAST, 1, data_overrides={WEB: 6})
    finally:
        playtest._check_overrides_honoured.cache_clear()


# -- per-turn progress ---------------------------------------------------------------------------


def test_by_turn_records_the_statistic_after_every_turn_ending_at_its_final_value(limit_sweep):
    for _, row in limit_sweep.iterrows():
        curve = row["web_tokens_on_map_by_turn"]
        assert len(curve) == row["turns"]
        assert curve[-1] == row["web_tokens_on_map"]


def test_by_turn_curve_matches_the_state_when_each_turn_ends():
    entry = get_game(FAST)
    row = play_one(FAST, 3, by_turn=["web_tokens_on_map"])
    game = entry.new_game(seed=3, keep_log=False)
    after_turn = {}
    while events := game.next_turn():  # ends with the next "Turn N begins" event
        if events[-1].kind == "turn" and game.state.turn > 1:
            after_turn[game.state.turn - 1] = entry.summary(game.state)["web_tokens_on_map"]
    assert len(after_turn) >= 3
    curve = row["web_tokens_on_map_by_turn"]
    assert {t: curve[t - 1] for t in after_turn} == after_turn


def test_unknown_by_turn_statistic_names_it():
    with pytest.raises(playtest.GameFailed, match="'cities' is not in the summary"):
        run_games(FAST, 1, by_turn=["cities"])


def test_progress_frame_keeps_a_finished_games_last_value_for_later_turns():
    df = pd.DataFrame({"seed": [0, 1], "x_by_turn": [[1, 2], [0, 1, 3, 4]]})
    long = progress_frame(df, "x")
    first = long[long.seed == 0]
    assert list(first["turn"]) == [1, 2, 3, 4] and list(first["x"]) == [1, 2, 2, 2]


def test_progress_needs_the_by_turn_column(batch):
    with pytest.raises(KeyError, match="by_turn=\\['cities_destroyed'\\]"):
        progress_frame(batch, "cities_destroyed")


# -- summaries -----------------------------------------------------------------------------------


def test_summarize_gives_wilson_intervals_for_outcomes_and_mean_intervals(batch):
    table = summarize(batch).set_index("measure")
    for value, count in batch["outcome"].value_counts().items():
        ci = wilson(int(count), len(batch))
        got = table.loc[f"outcome = {value}"]
        assert (got.estimate, got.low, got.high) == pytest.approx((ci.estimate, ci.low, ci.high))
    ci = mean_interval([float(v) for v in batch["battles"]])
    assert table.loc["mean battles", "low"] == pytest.approx(ci.low)
    assert "mean seed" not in table.index


def test_summarize_by_size_gives_zombies_outcomes_per_survivor_size():
    df = run_games("zombies_giants", 6, seed=0)  # 'mixed': the seed picks the size
    table = summarize(df, by="size")
    rates = table[table.measure.str.startswith("outcome = ")]
    assert set(rates["size"]) == {"Normal", "Big", "Huge"}
    assert rates.groupby("size")["estimate"].sum().tolist() == pytest.approx([1, 1, 1])
    assert (rates["games"] == 2).all()


def test_summarize_by_an_unknown_column_names_it(batch):
    with pytest.raises(KeyError, match="no column 'colour'"):
        summarize(batch, by="colour")


def test_outcome_rates_per_group_add_up_to_one(limit_sweep):
    rates = outcome_rates(limit_sweep, by=WEB)
    assert rates.groupby(WEB)["rate"].sum().tolist() == pytest.approx([1.0, 1.0])
    assert (rates["low"] <= rates["rate"]).all() and (rates["rate"] <= rates["high"]).all()


# -- sweeps --------------------------------------------------------------------------------------


def test_sweep_is_one_tidy_table_with_a_column_per_swept_path(limit_sweep):
    assert list(limit_sweep.columns[:4]) == ["point", WEB, "seed", "outcome"]
    assert limit_sweep.groupby("point")[WEB].unique().tolist() == [[6], [10]]
    assert limit_sweep.groupby("point")["seed"].apply(list).tolist() == [list(range(2, 8))] * 2


def test_each_sweep_point_is_the_batch_of_its_design(limit_sweep):
    alone = run_games(FAST, 6, seed=2, data_overrides={WEB: 6},
                      by_turn=["web_tokens_on_map"])
    point = limit_sweep[limit_sweep.point == 0].drop(columns=["point", WEB])
    # a column all None in one table and partly numeric in the other differs only in dtype
    pd.testing.assert_frame_equal(point.reset_index(drop=True), alone.astype(point.dtypes))


def test_the_override_changes_the_games(limit_sweep):
    # a turn limit of 6 stops every game by turn 6; with 10 the web completes first
    short, long = (limit_sweep[limit_sweep[WEB] == v] for v in (6, 10))
    assert (short["turns"] == 6).all() and (short["end_reason"] == "turn limit").all()
    assert (long["turns"] > 6).all()


def test_sweep_crosses_overrides_with_variants():
    df = sweep(FAST, {WEB: [6, 10]}, [(), "lust_chains"], n_per_point=1, seed=0)
    assert list(zip(df[WEB], df["variants"])) == [(6, "default"), (6, "lust_chains"),
                                                 (10, "default"), (10, "lust_chains")]
    assert df.attrs["parameters"] == [WEB, "variants"]


def test_sweep_accepts_explicit_points_and_shows_lists_as_text():
    df = sweep("ginormopod", [{"types.Tank.fresh": [3]}, {"types.Tank.fresh": [6]}],
               n_per_point=1, seed=0)
    assert list(df["types.Tank.fresh"]) == ["[3]", "[6]"]


def test_sweep_with_a_wrong_path_names_it():
    with pytest.raises(ValueError, match="base_game.victory.turn_limitz"):
        sweep(FAST, {"base_game.victory.turn_limitz": [1, 2]}, n_per_point=1)


def test_sweep_with_a_value_of_the_wrong_kind_names_path_and_value():
    with pytest.raises(ValueError, match=r"turn_limit='many'.*is a str"):
        sweep(FAST, {WEB: [10, "many"]}, n_per_point=1)


def test_sweep_with_an_unknown_variant_fails_before_playing():
    with pytest.raises(ValueError, match="no_such_reading"):
        sweep(FAST, variants_grid=[(), ("no_such_reading",)], n_per_point=1)


# -- comparisons ---------------------------------------------------------------------------------


def _games(wins: int, n: int) -> pd.DataFrame:
    return pd.DataFrame({"seed": range(n), "outcome": ["Swarm"] * wins + ["Human"] * (n - wins)})


def test_compare_gives_the_newcombe_interval_and_games_needed():
    c = compare(_games(60, 100), _games(45, 100), "Swarm")
    assert c.difference == difference_interval(60, 100, 45, 100)
    assert c.games_needed == games_needed(0.60, 0.45)
    assert c.rate_a == wilson(60, 100) and c.games_b == 100
    assert c.differ  # 0.15 with 100 games each: interval excludes 0
    assert "they differ" in str(c) and f"{c.games_needed} games per design" in str(c)


def test_compare_says_when_no_difference_is_shown():
    c = compare(_games(50, 60), _games(48, 60), "Swarm")
    assert not c.differ and c.difference.low < 0 < c.difference.high
    assert c.games_needed > 60
    frame = c.to_frame()
    assert list(frame["design"]) == ["A", "B", "A - B"]


def test_compare_equal_rates_need_no_number_of_games():
    c = compare(_games(5, 10), _games(5, 10), "Swarm")
    assert c.games_needed is None and "no number of games" in str(c)


def test_compare_names_a_derived_outcome_column():
    a = _games(6, 10).assign(survived=lambda d: d.outcome == "Swarm")
    assert str(compare(a, a, True, outcome="survived")).startswith("P(survived = True): A 0.600")


def test_compare_needs_games_on_both_sides():
    with pytest.raises(ValueError, match="at least one game"):
        compare(_games(0, 0), _games(1, 2), "Swarm")


# -- charts --------------------------------------------------------------------------------------


def test_outcome_rate_chart_draws_the_rate_inside_its_band(limit_sweep):
    winner = limit_sweep["outcome"].mode()[0]
    fig = plot_outcome_rate(limit_sweep, WEB, winner)
    high, low, line = fig.data
    assert low.fill == "tonexty" and list(line.x) == [6, 10]
    rates = outcome_rates(limit_sweep, winner, by=WEB)
    assert list(line.y) == pytest.approx(list(rates["rate"]))
    assert all(lo <= y <= hi for lo, y, hi in zip(low.y, line.y, high.y))


def test_outcome_rate_chart_draws_one_band_per_colour_group():
    df = sweep(FAST, {WEB: [6, 10]}, [(), "lust_chains"], n_per_point=2, seed=0)
    fig = plot_outcome_rate(df, WEB, "Storm", color="variants")
    assert [t.name for t in fig.data if t.showlegend is not False] == \
        ["variants = default", "variants = lust_chains"]


def test_game_length_chart_shows_the_share_of_games_at_each_length(limit_sweep):
    fig = plot_game_length(limit_sweep, color=WEB)
    assert len(fig.data) == 2
    for bar in fig.data:
        assert sum(bar.y) == pytest.approx(1.0)


def test_progress_chart_plots_the_mean_after_each_turn(limit_sweep):
    fig = plot_progress(limit_sweep, "web_tokens_on_map")
    line = fig.data[-1]
    long = progress_frame(limit_sweep, "web_tokens_on_map")
    expected = long.groupby("turn")["web_tokens_on_map"].mean()
    assert list(line.x) == list(expected.index)
    assert list(line.y) == pytest.approx(list(expected.values))
    assert not any(math.isnan(v) for v in fig.data[0].y)


def test_variant_effects_pair_each_reading_with_the_default_on_the_same_seeds():
    from rules_lib.playtest import variant_effects

    df = pd.DataFrame({"variants": ["default"] * 4 + ["other"] * 4, "seed": [1, 2, 3, 4] * 2,
                       "outcome": ["A", "B", "A", "B", "A", "A", "B", "A"]})
    table = variant_effects(df, "A").set_index("variants")
    assert table.loc["default", "rate"] == 0.5 and table.loc["other", "rate"] == 0.75
    assert table.loc["other", "vs baseline"] == 0.25  # the pairs: 0, +1, -1, +1
    assert not table.loc["other", "resolved"] and table.loc["other", "games to resolve"] > 4
    many = pd.DataFrame({"variants": ["default"] * 60 + ["other"] * 60,
                         "seed": list(range(60)) * 2,
                         "outcome": ["B"] * 60 + ["A"] * 60})
    assert variant_effects(many, "A").set_index("variants").loc["other", "resolved"]

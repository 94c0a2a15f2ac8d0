"""`rules-explorer sweep GAME --set PATH=V1,V2,... -n N`."""
from __future__ import annotations

import importlib.util

import pandas as pd
import pytest

from rules_lib import cli
from rules_lib.cli import main, parse_setting

GAME = "gods_war"
LIMIT = "base_game.victory.turn_limit"


def test_set_values_are_split_on_top_level_commas():
    assert parse_setting("types.Tank.fresh=[3],[4, 5]") == ("types.Tank.fresh", [[3], [4, 5]])
    assert parse_setting("a.b=1,2.5,x") == ("a.b", [1, 2.5, "x"])


@pytest.mark.parametrize("text", ["a.b", "=1,2", "a.b=", "a.b=1,,2"])
def test_a_malformed_set_is_a_clear_error(text):
    with pytest.raises(ValueError, match="--set"):
        parse_setting(text)


def test_sweep_prints_rates_with_intervals_per_value_and_writes_csv(capsys, tmp_path):
    out = tmp_path / "sweep.csv"
    rc = main(["sweep", GAME, "--set", f"{LIMIT}=6,10", "-n", "3", "--seed", "1", "--quiet",
               "--out", str(out)])
    assert rc == 0
    printed = capsys.readouterr().out
    assert "2 points x 3 games from seed 1" in printed
    assert LIMIT in printed and "low" in printed and "high" in printed
    df = pd.read_csv(out)
    assert len(df) == 6 and sorted(set(df[LIMIT])) == [6, 10]
    assert list(df["seed"]) == [1, 2, 3] * 2


def test_sweep_toggles_variants_off_and_on(capsys):
    rc = main(["sweep", GAME, "--toggle", "lust_chains", "--toggle", "lust_no_move", "-n", "1",
               "--quiet"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "4 points" in out and "lust_chains+lust_no_move" in out and "default" in out


def test_sweep_with_a_wrong_path_names_it(capsys):
    rc = main(["sweep", GAME, "--set", "base_game.victory.turn_limt=6,10", "-n", "2", "--quiet"])
    assert rc == 2
    assert "base_game.victory.turn_limt" in capsys.readouterr().err


def test_sweep_without_anything_to_vary_says_so(capsys):
    assert main(["sweep", GAME, "-n", "1", "--quiet"]) == 2
    assert "--set PATH=V1,V2" in capsys.readouterr().err


def test_parquet_without_pyarrow_is_a_clear_error_before_any_game(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(cli.importlib.util, "find_spec",
                        lambda name, *a: None if name == "pyarrow" else real(name, *a))
    monkeypatch.setattr("rules_lib.playtest.sweep", lambda *a, **k: pytest.fail("played games"))
    rc = main(["sweep", GAME, "--set", f"{LIMIT}=6", "-n", "1", "--out", "x.parquet"])
    assert rc == 2
    assert "Parquet needs pyarrow" in capsys.readouterr().err


def test_sweep_writes_parquet_when_pyarrow_is_there(tmp_path):
    pytest.importorskip("pyarrow")
    out = tmp_path / "sweep.parquet"
    assert main(["sweep", GAME, "--set", f"{LIMIT}=6,10", "-n", "2", "--quiet",
                 "--out", str(out)]) == 0
    assert len(pd.read_parquet(out)) == 4


def test_an_unknown_output_format_is_refused(capsys):
    assert main(["sweep", GAME, "--set", f"{LIMIT}=6", "-n", "1", "--out", "x.xlsx"]) == 2
    assert ".csv or a .parquet" in capsys.readouterr().err


def test_sweep_splits_the_table_by_a_summary_column(capsys):
    rc = main(["sweep", "zombies_giants", "--toggle", "potion_heals_5", "--by", "size",
               "-n", "3", "--quiet"])
    assert rc == 0
    out = capsys.readouterr().out
    assert all(size in out for size in ("Normal", "Big", "Huge"))


def test_sweep_runs_on_local_processes(capsys):
    rc = main(["sweep", GAME, "--set", f"{LIMIT}=6,10", "-n", "2", "--quiet",
               "--executor", "processes:2"])
    assert rc == 0

"""The rules-explorer command."""
from __future__ import annotations

import pytest

from rules_lib.cli import main
from rules_lib.registry import game_names


def test_games_lists_every_registered_game(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for name in game_names():
        assert name in out


def test_validate_passes_on_the_shipped_data(capsys):
    assert main(["validate"]) == 0
    assert "problem" not in capsys.readouterr().out


def test_unknown_game_is_a_clear_error(capsys):
    assert main(["simulate", "chess", "-n", "1"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


@pytest.mark.parametrize("name", game_names())
def test_simulate_prints_outcome_rates_with_intervals(name, capsys, tmp_path):
    out_csv = tmp_path / "games.csv"
    assert main(["simulate", name, "-n", "3", "--seed", "1", "--quiet", "--out", str(out_csv)]) == 0
    out = capsys.readouterr().out
    assert "outcome = " in out and "low" in out and "high" in out
    assert len(out_csv.read_text().strip().splitlines()) == 4  # header + 3 games


def test_simulate_zombies_prints_outcome_rates_by_size(capsys):
    assert main(["simulate", "zombies_giants", "-n", "6", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "by size" in out
    for size in ("Normal", "Big", "Huge"):
        assert size in out


def test_variants_lists_each_games_variants_by_section_with_ambiguity_ids(capsys):
    from rules_lib.registry import get_game

    assert main(["variants", "space_vermin"]) == 0
    out = capsys.readouterr().out
    for v in get_game("space_vermin").variants:
        assert f"  {v.section}\n" in out
        line = next(x for x in out.splitlines() if x.strip().startswith(v.name))
        assert all(i in line for i in v.ids) and v.description in line

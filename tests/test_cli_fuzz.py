"""Random command lines: every one ends in an exit status and a message, never a traceback.

Playing is replaced by an empty batch, so this checks the parsing and the checks made before any
game is played (bounded: a few hundred command lines, a few seconds)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules_lib.analysis as analysis
import rules_lib.playtest as playtest
from rules_lib.cli import main

COMMANDS = ["games", "variants", "validate", "odds", "simulate", "sweep", "analyze", "lab",
            "nonsense"]
GAMES = ["ginormopod", "space_vermin", "gods_war", "zombies_giants", "chess", ""]
OPTIONS = ["-n", "--seed", "--scenario", "--policy", "--variant", "--out", "--executor", "--by",
           "--set", "--toggle", "--block-size", "--data-dir", "--options", "--decider",
           "--state", "--record", "--at-event", "--quiet", "--help-me"]
VALUES = ["0", "1", "-1", "3", "1e9", "abc", "Swarm=random", "Human=nope", "=", "x=1",
          "types.Tank.mp=3,4", "processes:0", "dask:x", "tcp://127.0.0.1:1", "out.csv",
          "/nonexistent/out.csv", "standard", "nope", "three_western_hives", "size", "[", "]",
          "Marines", "saved.json", ""]


@pytest.fixture(autouse=True)
def no_games(monkeypatch, tmp_path):
    """Nothing is played: the CLI's checks are what is exercised."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(playtest, "_play", lambda *a, **k: ([], False))
    monkeypatch.setattr(analysis, "_run", lambda *a, **k: [])
    monkeypatch.setattr("rules_lib.cli.subprocess.call", lambda cmd: 0)


argv_strategy = st.tuples(
    st.sampled_from(COMMANDS), st.sampled_from(GAMES),
    st.lists(st.tuples(st.sampled_from(OPTIONS), st.sampled_from(VALUES)), max_size=4),
).map(lambda t: [t[0]] + ([t[1]] if t[1] else []) + [x for pair in t[2] for x in pair])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(argv=argv_strategy)
def test_any_command_line_ends_with_a_status_and_no_traceback(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusals (and --help)
        code = exit_.code
    assert code in (0, 1, 2, 130), (argv, code)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out, argv

"""The command line refuses bad input before playing, with a message naming the argument."""
from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules_lib.cli import main

ROOT = Path(__file__).resolve().parent.parent

# (arguments, what the message must name); each must exit 2 without a traceback
BAD_COMMAND_LINES = [
    (["simulate", "ginormopod", "-n", "0"], "-n"),
    (["simulate", "ginormopod", "-n", "-5"], "-n"),
    (["simulate", "ginormopod", "-n", "1e12"], "-n"),
    (["simulate", "ginormopod", "-n", "2000000"], "-n"),
    (["simulate", "ginormopod", "-n", "many"], "-n"),
    (["simulate", "chess", "-n", "1"], "chess"),
    (["simulate", "ginormopod", "-n", "1", "--scenario", "nope"], "nope"),
    (["simulate", "ginormopod", "-n", "1", "--policy", "Swarm=nope"], "nope"),
    (["simulate", "ginormopod", "-n", "1", "--policy", "Alien=random"], "Alien"),
    (["simulate", "ginormopod", "-n", "1", "--policy", "nope"], "--policy"),
    (["simulate", "ginormopod", "-n", "1", "--variant", "nope"], "nope"),
    (["simulate", "ginormopod", "-n", "1", "--executor", "processes:0"], "processes:0"),
    (["simulate", "ginormopod", "-n", "1", "--executor", "dask:x"], "dask:x"),
    (["simulate", "ginormopod", "-n", "1", "--executor", "foo"], "foo"),
    (["simulate", "ginormopod", "-n", "1", "--by", "nocolumn"], "--by nocolumn"),
    (["simulate", "ginormopod", "-n", "1", "--out", "/nonexistent/x.csv"], "--out"),
    (["simulate", "ginormopod", "-n", "1", "--out", "games.xlsx"], "--out"),
    (["simulate", "ginormopod", "-n", "1", "--port", "3"], "--port"),
    (["sweep", "ginormopod", "-n", "1"], "--set"),
    (["sweep", "ginormopod", "-n", "1", "--set", "x=1"], "'x'"),
    (["sweep", "ginormopod", "-n", "1", "--set", "types.Tank.mp=abc"], "types.Tank.mp"),
    (["sweep", "ginormopod", "-n", "1", "--set", "types.Tank.mp="], "--set"),
    (["sweep", "ginormopod", "-n", "1", "--set", "types.Tank.mp=3,,4"], "--set"),
    (["sweep", "ginormopod", "-n", "1", "--block-size", "0", "--set", "types.Tank.mp=3"],
     "--block-size"),
    (["sweep", "ginormopod", "-n", "1000000", "--set", "types.Tank.mp=" +
      ",".join(str(i) for i in range(1, 12))], "sweep"),
    (["sweep", "ginormopod", "-n", "1", *sum([["--toggle", "x"] for _ in range(30)], [])],
     "toggle"),
    (["validate", "nope"], "nope"),
    (["variants", "nope"], "nope"),
]


@pytest.mark.parametrize("argv,named", BAD_COMMAND_LINES,
                         ids=[" ".join(a)[:60] for a, _ in BAD_COMMAND_LINES])
def test_a_bad_command_line_is_refused_with_a_message_naming_it(argv, named, capsys, tmp_path,
                                                                  monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_:
        raise SystemExit(main(argv))
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert named in err and "Traceback" not in err


def test_the_out_file_is_checked_before_any_game_is_played(tmp_path, capsys, monkeypatch):
    import rules_lib.playtest as playtest

    played = []
    monkeypatch.setattr(playtest, "_play", lambda *a, **k: played.append(1) or ([], False))
    unwritable = tmp_path / ("x" * 300 + ".csv")  # a name longer than the file system allows
    assert main(["simulate", "ginormopod", "-n", "5", "--out", str(unwritable)]) == 2
    err = capsys.readouterr().err
    assert "--out" in err and "cannot write there" in err and played == []
    writable = tmp_path / "games.csv"
    assert main(["simulate", "ginormopod", "-n", "5", "--out", str(writable)]) == 0
    assert played == [1] and not writable.exists()  # the check left no empty file behind


def _wait_for_a_finished_game(proc: subprocess.Popen, total: int, limit: float = 300) -> bytes:
    """Read the progress bar on stderr until it counts at least one finished game (a loaded
    machine may take long to import; a fixed sleep would signal too early)."""
    seen, done = b"", re.compile(rb"\b([1-9][0-9]*)/%d \[" % total)
    deadline = time.monotonic() + limit
    while not done.search(seen):
        left = deadline - time.monotonic()
        assert left > 0, f"no game finished within {limit} s: {seen[-300:]!r}"
        ready, _, _ = select.select([proc.stderr], [], [], left)
        chunk = os.read(proc.stderr.fileno(), 4096) if ready else b""
        assert chunk or ready == [], f"the CLI ended before a game finished: {seen[-300:]!r}"
        seen += chunk
    return seen


def test_ctrl_c_keeps_the_games_that_finished_says_so_and_exits_non_zero(tmp_path):
    out_csv = tmp_path / "games.csv"
    total = 1_000_000
    proc = subprocess.Popen([sys.executable, "-m", "rules_lib.cli", "simulate", "ginormopod",
                             "-n", str(total), "--out", str(out_csv)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    progress = _wait_for_a_finished_game(proc, total)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    err = (progress + err).decode()
    assert proc.returncode == 130, err[-500:]
    assert "Traceback" not in err
    last = out.decode().strip().splitlines()[-1]
    assert last.startswith("interrupted after ") and f" of {total} games" in last
    finished = int(last.split()[2])
    assert finished > 0 and len(out_csv.read_text().splitlines()) == finished + 1


def test_lab_passes_its_other_options_to_jupyterlab(monkeypatch):
    import rules_lib.cli as cli

    calls = []
    monkeypatch.setattr(cli.subprocess, "call", lambda cmd: calls.append(cmd) or 0)
    assert main(["lab", "--port", "8899", "--allow-root", "--no-browser"]) == 0
    assert calls[0][-3:] == ["--port", "8899", "--allow-root", "--no-browser"][-3:]
    assert "--port" in calls[0] and "8899" in calls[0]


def test_analyze_prints_each_players_win_rate_with_its_interval(capsys):
    assert main(["analyze", "ginormopod", "-n", "8", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Swarm" in out and "Human" in out and "low" in out and "high" in out


def test_analyze_options_compares_the_next_decision_of_the_decider(capsys, tmp_path):
    table = tmp_path / "options.csv"
    assert main(["analyze", "ginormopod", "-n", "4", "--options", "--decider", "Human",
                 "--out", str(table)]) == 0
    out = capsys.readouterr().out
    assert "Human decides:" in out and "win rate" in out
    assert len(table.read_text().splitlines()) >= 3  # a header and at least two options


def test_analyze_refuses_a_record_of_another_game(tmp_path, capsys):
    from rules_lib.registry import get_game

    game = get_game("gods_war").new_game(seed=1)
    game.next_turn()
    saved = tmp_path / "gw.json"
    saved.write_text(game.record().to_json())
    assert main(["analyze", "ginormopod", "--record", str(saved), "-n", "2"]) == 2
    assert "gods_war" in capsys.readouterr().err

"""The browser tour: every game's Explorer, served by Voila, at 1366×768 with the width JupyterLab
leaves a notebook when its file browser is open, driven by real clicks (issue 18).

One Voila server serves a one-cell notebook written for the test; ``?game=NAME`` picks the game
(Voila hands the query string to the kernel). For each game: the board, its legend and the state
panel are visible and nothing is cut off; a step changes the status; a click on a counter lists
its stack; a refused Setup placement keeps its message on screen; the Odds tab's battle calculator
shows results summing to 100%; the Reach tab colours places with a discrete legend; clicking a
rule citation in the log opens the Rules tab at its entry. Screenshots go to docs/screenshots/
(tour_<game>.png) when RULES_EXPLORER_SCREENSHOTS=1.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, SLOW_MACHINE
from .conftest import free_port as _free_port
from .conftest import screenshot as _screenshot

pytestmark = pytest.mark.browser

GAMES = ["ginormopod", "space_vermin", "zombies_giants", "gods_war"]
SEED = 1
#: The notebook area of JupyterLab on a 1366 px screen with the file browser open.
NOTEBOOK_WIDTH = 1040
STATE_LABEL = {"ginormopod": "Danger level", "space_vermin": "Crown Jewels",
               "zombies_giants": "bullets", "gods_war": "Web pool"}
CELL = """import os, urllib.parse
from widgets import Explorer
game = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", "")).get("game", ["ginormopod"])[0]
Explorer(game, seed=%d)""" % SEED


@pytest.fixture(scope="module")
def tour_server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium)")
    folder = tmp_path_factory.mktemp("tour")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "tour", "metadata": {},
                     "outputs": [], "source": CELL}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "tour.ipynb").write_text(json.dumps(nb))
    port = _free_port()
    log = folder / "voila.log"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1"], cwd=folder, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"voila exited early:\n{log.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(base, timeout=10)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail(f"voila did not start:\n{log.read_text()[-3000:]}")
        yield base + "voila/render/tour.ipynb"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _refused_place(name: str) -> tuple[str, str, int, str]:
    """A placement the game refuses in the Setup editor (found in this process with the game's
    own setup API; the editor's default unit and side first): (unit, side, index of the location
    on the board, message)."""
    from widgets import Explorer

    ex = Explorer(name, seed=SEED)
    ed = ex.editor
    kinds = [ed.kind.value] + [k for k in ed.kind.options if k != ed.kind.value]
    sides = [ed.side.value] + [s for s in ed.side.options if s != ed.side.value]
    for kind in kinds:
        for side in sides:
            for i, loc in enumerate(ex.board_view.locs):
                try:
                    ed.setup.place(ed.state, kind, side, loc)
                except ValueError as exc:
                    return kind, side, i, str(exc)
    pytest.fail(f"{name}: every placement is accepted")


def _open_tab(pg, name: str) -> None:
    pg.locator(".re-tabs .lm-TabBar-tab", has_text=name).first.click()
    pg.wait_for_timeout(400)


def _current_tab(pg) -> str:
    return pg.inner_text(".re-tabs .lm-TabBar-tab.lm-mod-current").strip()


def _click_point(pg, trace: str, i: int) -> None:
    """Click the board where point ``i`` of a trace is drawn (as a mouse would)."""
    pg.evaluate("() => document.querySelector('.re-board .js-plotly-plot')"
                ".scrollIntoView({block: 'center'})")
    pg.wait_for_timeout(200)
    x, y = pg.evaluate("""([name, i]) => {
        const gd = document.querySelector('.re-board .js-plotly-plot');
        const t = gd.data.find(t => t.name === name);
        const fl = gd._fullLayout, r = gd.getBoundingClientRect();
        return [r.left + fl._size.l + fl.xaxis.l2p(t.x[i]),
                r.top + fl._size.t + fl.yaxis.l2p(t.y[i])]; }""", [trace, i])
    pg.mouse.click(x, y)


def _trace_len(pg, name: str) -> int:
    return pg.evaluate("""(name) => { const gd = document.querySelector('.re-board .js-plotly-plot');
        const t = gd.data.find(t => t.name === name); return t && t.x ? t.x.length : 0; }""", name)


@pytest.mark.parametrize("name", GAMES)
def test_tour_of_the_explorer(tour_server, browser, name):
    kind, side, refused_at, refused_message = _refused_place(name)
    pg = browser.new_page(viewport={"width": 1366, "height": 768})
    pg.add_init_script(SLOW_MACHINE)
    try:
        pg.goto(f"{tour_server}?game={name}", timeout=180_000)
        pg.wait_for_selector(".re-board .js-plotly-plot .scatterlayer .point", timeout=180_000)
        # the output area JupyterLab gives a notebook with its file browser open
        pg.add_style_tag(content=f".re-explorer {{ width: {NOTEBOOK_WIDTH}px !important; "
                                 f"max-width: {NOTEBOOK_WIDTH}px !important; }}")
        pg.wait_for_timeout(800)

        # -- it fits: board, legend, tabs and buttons inside the notebook's width --------------------
        assert pg.locator(".re-legend").is_visible() and pg.inner_text(".re-legend").strip()
        left = pg.locator(".re-explorer").bounding_box()["x"]
        for sel in (".re-board", ".re-tabs", ".re-nav", ".re-log"):
            box = pg.locator(sel).first.bounding_box()
            assert box["x"] + box["width"] <= left + NOTEBOOK_WIDTH + 2, sel
        cut = pg.evaluate("""() => Array.from(document.querySelectorAll('.re-nav button'))
            .filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)""")
        assert cut == []
        titles = pg.evaluate("""() => Array.from(document.querySelectorAll(
            '.re-tabs .lm-TabBar-tabLabel')).filter(t => t.scrollWidth > t.clientWidth + 1)
            .map(t => t.innerText)""")
        assert titles == []  # no tab title cut ("Simula…")
        assert STATE_LABEL[name] in pg.inner_text(".re-state-panel")

        # -- step ----------------------------------------------------------------------------------------
        status = pg.inner_text(".re-status")
        assert "Set-Up" not in status or "waiting" in status
        pg.locator(".re-next-step").click()
        pg.wait_for_function("(s) => document.querySelector('.re-status').innerText !== s",
                             arg=status, timeout=60_000)

        # -- select a counter: its stack is listed -----------------------------------------------------
        assert _trace_len(pg, "units") > 0
        _click_point(pg, "units", 0)
        pg.wait_for_function("() => document.querySelector('.re-selection').innerText"
                             ".includes('Selected')", timeout=30_000)
        assert pg.locator(".re-stack-list").is_visible()
        _screenshot(pg, f"tour_{name}.png")

        # -- the rule of a log row opens the Rules tab -------------------------------------------------
        pg.locator(".re-log td.re-log-rule").last.click()
        pg.wait_for_function("() => { const t = document.querySelector("
                             "'.re-tabs .lm-TabBar-tab.lm-mod-current'); "
                             "return t && t.innerText.trim() === 'Rules'; }", timeout=30_000)
        entry = pg.locator(".re-rule-entry")
        assert entry.is_visible() and "Reading:" in entry.inner_text()  # summary, section, reading

        # -- odds: results that add up to 100% ---------------------------------------------------------
        _open_tab(pg, "Odds")
        pg.locator(".re-odds-compute").click()
        pg.wait_for_selector(".re-odds-result", timeout=60_000)
        shown = [float(v) for v in re.findall(r"([0-9.]+)%\n", pg.inner_text(".re-odds-headline"))]
        assert shown and abs(sum(shown) - 100) < 0.05

        # -- reach: a discrete legend ------------------------------------------------------------------
        if pg.locator(".re-tabs .lm-TabBar-tab", has_text="Reach").count():
            _open_tab(pg, "Reach")
            for i in range(min(6, _trace_len(pg, "units"))):
                _click_point(pg, "units", i)
                pg.wait_for_timeout(1500)
                if _trace_len(pg, "overlay"):
                    break
            assert pg.inner_text(".re-reach-summary").strip()
            if _trace_len(pg, "overlay"):
                assert pg.locator(".re-overlay-legend").is_visible()
                _screenshot(pg, f"tour_{name}_reach.png")

        # -- a refused Setup placement: the message stays ----------------------------------------------
        _open_tab(pg, "Setup")
        pickers = pg.locator(".re-setup select")
        pickers.nth(0).select_option(label=kind)
        pickers.nth(1).select_option(label=side)
        pg.wait_for_timeout(500)
        _click_point(pg, "locations", refused_at)
        banner = pg.locator(".re-error")
        banner.wait_for(state="visible", timeout=30_000)
        pg.wait_for_timeout(1500)
        assert banner.is_visible()
        text = banner.inner_text()
        assert " ".join(refused_message.split()[:4]) in " ".join(text.split()), text
        _screenshot(pg, f"tour_{name}_setup_refused.png")
    finally:
        pg.close()

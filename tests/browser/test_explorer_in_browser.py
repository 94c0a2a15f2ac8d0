"""A real server and a real browser: the Ginormopod explorer served by Voila, driven in Chromium.

Starts Voila on 127.0.0.1 as a child process, opens the explorer notebook in Debian's headless
Chromium through Playwright (which cannot download its own browsers here), waits for the map, clicks
*Next step* and checks that the board and the log changed, clicks a unit and checks that the reach
overlay appears, and saves screenshots (docs/screenshots/ when RULES_EXPLORER_SCREENSHOTS=1).
Every server it starts is stopped in teardown.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = "notebooks/01_ginormopod.ipynb"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run should have installed Debian's chromium")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium)")
    if shutil.which("voila") is None and not (Path(sys.executable).parent / "voila").exists():
        pytest.fail("voila is not installed (it is in the test extra)")
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", NOTEBOOK, "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--VoilaConfiguration.file_allowlist=['.*']"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"voila exited early:\n{log.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(url, timeout=60)  # Voila answers once it has run the notebook
                break
            except urllib.error.HTTPError:
                break  # the server answers: it is up
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail(f"voila did not start:\n{log.read_text()[-3000:]}")
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def page(voila_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pg = browser.new_page(viewport={"width": 1400, "height": 1000})
            pg.goto(voila_url, timeout=120_000)
            pg.wait_for_selector(".re-board .js-plotly-plot .scatterlayer .point", timeout=120_000)
            yield pg
        finally:
            browser.close()


def _screenshot(pg, name: str) -> None:
    folder = ROOT / "docs" / "screenshots" if os.environ.get("RULES_EXPLORER_SCREENSHOTS") \
        else Path(os.environ.get("PYTEST_TMP", "/tmp")) / "rules-explorer-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(folder / name), full_page=False)


def _board_data(pg):
    """The traces Plotly is showing on the board, read from the page."""
    return pg.evaluate("""() => {
        const gd = document.querySelector('.re-board .js-plotly-plot');
        return gd.data.map(t => ({name: t.name, x: t.x ? Array.from(t.x) : [],
            text: t.text ? Array.from(t.text) : [],
            color: t.marker && t.marker.color ? [].concat(t.marker.color) : [],
            visible: t.visible === undefined ? true : t.visible}));
    }""")


def _log_text(pg) -> str:
    return pg.inner_text(".re-log")


def test_map_renders_with_cities_and_units(page):
    traces = _board_data(page)
    assert sum(len(t["x"]) for t in traces) > 24  # 24 named cities at least, plus units
    _screenshot(page, "explorer_start.png")


def test_the_explorer_opens_after_set_up_and_a_turn_changes_log_and_board(page):
    status = page.inner_text(".re-status")
    assert "Set-Up" not in status and "event 0 of 0" not in status  # opened where play starts
    before_log = _log_text(page)
    before_board = _board_data(page)
    page.click(".re-next-turn")  # a whole turn: units move and fight
    page.wait_for_function(
        "(before) => document.querySelector('.re-log').innerText !== before",
        arg=before_log, timeout=30_000)
    page.wait_for_timeout(500)
    assert _board_data(page) != before_board
    _screenshot(page, "explorer_after_steps.png")


def test_clicking_a_unit_shows_its_reach(page):
    # Plotly draws no DOM group for an empty trace, so find the units trace by its uid
    uid = page.evaluate("""() => document.querySelector('.re-board .js-plotly-plot')
                                   .data.find(t => t.name === 'units').uid""")
    point = page.locator(f".re-board .js-plotly-plot .scatterlayer .trace{uid} .point").first
    point.scroll_into_view_if_needed()  # stepping scrolled the page down to the buttons
    box = point.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        """() => { const gd = document.querySelector('.re-board .js-plotly-plot');
                   const t = gd.data.find(t => t.name === 'overlay');
                   return t && t.x && t.x.length > 0; }""", timeout=30_000)
    overlay = next(t for t in _board_data(page) if t["name"] == "overlay")
    assert len(overlay["x"]) >= 1
    _screenshot(page, "explorer.png")  # the README picture

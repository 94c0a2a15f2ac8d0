"""What the browser tests share: a Voila server for a notebook and Debian's headless Chromium.

``voila_server(notebook, folder)`` starts Voila on 127.0.0.1 as a child process (its log in
``folder``), waits until it answers and stops exactly that process afterwards;
``chromium_page(url, ready)`` opens the page in /usr/bin/chromium through Playwright (which cannot
download its own browsers here) and waits for the ``ready`` selector. Both skip when Chromium is not
installed (and fail on CI, where it must be).
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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
#: anywidget's frontend (0.9-0.11) gives every model 2 s to initialise (``AbortSignal.timeout(2000)``
#: in its Runtime) and then drops every later message to it for good; a FigureWidget's model must
#: parse plotly.js (4.7 MB) in that time. On a shared 2-core machine under load it often takes
#: longer, and the board then never changes again (no error but "[anywidget] Failed to initialize
#: model" in the console: the reload problem of issue 18, item 10). The Explorer makes only the
#: board's FigureWidget up front (charts are made on first use); the tests lift the limit so that
#: they check our widgets, not the machine's load.
SLOW_MACHINE = ("(() => { const t = AbortSignal.timeout.bind(AbortSignal);"
                " AbortSignal.timeout = (ms) => t(ms === 2000 ? 60000 : ms); })()")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def require_browser() -> None:
    """Skip (fail on CI) unless Chromium and Voila are here."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run should have installed Debian's chromium")
        pytest.skip(f"{CHROMIUM} not installed (apt-get install chromium)")
    if shutil.which("voila") is None and not (Path(sys.executable).parent / "voila").exists():
        pytest.fail("voila is not installed (it is in the test extra)")


@contextmanager
def voila_server(notebook: str, folder: Path, *, start_timeout: float = 60,
                 cwd: Path = ROOT) -> Iterator[str]:
    """Serve ``notebook`` (a path from ``cwd``, the repository root unless given; a folder serves
    every notebook in it under ``voila/render/``) with Voila; yield its URL. The kernels import
    this checkout's ``rules_lib`` and ``widgets`` wherever they run."""
    require_browser()
    port = free_port()
    log = Path(folder) / "voila.log"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
             "--Voila.ip=127.0.0.1", "--VoilaConfiguration.file_allowlist=['.*']"],
            cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + start_timeout
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


@contextmanager
def chromium_page(url: str, ready: str, *, timeout_ms: int = 120_000,
                  viewport: tuple[int, int] = (1400, 1000)):
    """A Chromium page at ``url``, once the ``ready`` selector is on it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pg = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
            pg.add_init_script(SLOW_MACHINE)
            pg.goto(url, timeout=timeout_ms)
            pg.wait_for_selector(ready, timeout=timeout_ms)
            yield pg
        finally:
            browser.close()


def screenshot(pg, name: str) -> None:
    """Save a screenshot: docs/screenshots/ when RULES_EXPLORER_SCREENSHOTS=1, else a temp folder."""
    folder = ROOT / "docs" / "screenshots" if os.environ.get("RULES_EXPLORER_SCREENSHOTS") \
        else Path(os.environ.get("PYTEST_TMP", "/tmp")) / "rules-explorer-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(folder / name), full_page=False)

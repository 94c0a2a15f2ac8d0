"""A real server and a real browser: the Ginormopod explorer served by Voila, driven in Chromium.

Starts Voila on 127.0.0.1 as a child process, opens the explorer notebook in Debian's headless
Chromium through Playwright (which cannot download its own browsers here), waits for the map, clicks
*Next turn* and checks that the board and the log changed, opens the Reach tab, clicks a unit and
checks that the overlay and its discrete legend appear (and leave with the tab), and saves
screenshots (docs/screenshots/ when RULES_EXPLORER_SCREENSHOTS=1).
Every server it starts is stopped in teardown.
"""
from __future__ import annotations

import pytest

from .conftest import chromium_page, screenshot, voila_server

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/01_ginormopod.ipynb"


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory):
    with voila_server(NOTEBOOK, tmp_path_factory.mktemp("voila")) as url:
        yield url


@pytest.fixture(scope="module")
def page(voila_url):
    with chromium_page(voila_url, ".re-board .js-plotly-plot .scatterlayer .point") as pg:
        yield pg


_screenshot = screenshot  # the helpers live in conftest.py, shared with the quiz's browser test


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


def _open_tab(pg, name: str) -> None:
    """Click a tab of the Explorer by its title, as a person does."""
    pg.locator(".re-tabs .lm-TabBar-tab", has_text=name).first.click()
    pg.wait_for_timeout(300)


def test_clicking_a_unit_in_the_reach_tab_shows_where_it_can_go(page):
    _open_tab(page, "Reach")
    page.wait_for_selector(".re-reach-mode", state="visible")
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
    assert len(overlay["x"]) >= 1 and len(set(overlay["color"])) >= 1
    legend = page.locator(".re-overlay-legend")
    assert legend.is_visible() and "MP" in legend.inner_text()  # a discrete legend of MP steps
    assert "locations" in page.inner_text(".re-reach-summary")
    _screenshot(page, "explorer.png")  # the README picture
    _open_tab(page, "Play")  # the overlay belongs to the Reach tab
    page.wait_for_function(
        """() => { const gd = document.querySelector('.re-board .js-plotly-plot');
                   const t = gd.data.find(t => t.name === 'overlay');
                   return t && (!t.x || t.x.length === 0); }""", timeout=30_000)
    assert not page.locator(".re-overlay-legend").is_visible()

"""The browser tour: every game's Explorer, served by Voila, at 1366×768 with the width JupyterLab
leaves a notebook when its file browser is open, driven by real clicks (issue 18).

One Voila server serves a one-cell notebook written for the test; ``?game=NAME`` picks the game
(Voila hands the query string to the kernel). What the page must show is worked out first in this
process, by the same clicks on the same Explorer (``_expected``). For each game: every place is
drawn, the board, its legend and the state panel are visible and nothing is cut off; the Explorer
opens after Set-Up, and stepping changes the status, the log and (where a counter moves) the board;
a counter and its legend swatch are painted in the colour of the game's ``Display`` palette; a
click on a counter lists its stack; a rule citation in the log opens the Rules tab; where a battle
stands on the board, selecting its place and clicking "Selected battle" fills the calculator with
that battle's sides and shows its exact results (summing to 100%), else the calculator's own
battle sums to 100%; the Reach tab colours places with a discrete legend that leaves with the tab;
a refused Setup placement keeps its message on screen; and (Ginormopod) after a reload of the page
the board is drawn again and answers a click and a step. Screenshots go to docs/screenshots/
(tour_<game>*.png, and explorer.png for the README) when RULES_EXPLORER_SCREENSHOTS=1.
"""
from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, SLOW_MACHINE, voila_server
from .conftest import screenshot as _screenshot

pytestmark = pytest.mark.browser

GAMES = ["ginormopod", "space_vermin", "zombies_giants", "gods_war"]
SEED = 1
#: The notebook area of JupyterLab on a 1366 px screen with the file browser open.
NOTEBOOK_WIDTH = 1040
#: The stepping buttons the tour clicks, in order (a turn in Ginormopod moves its counters).
ACTIONS = {"ginormopod": ["next_step", "next_turn"], "space_vermin": ["next_step"],
           "zombies_giants": ["next_step"], "gods_war": ["next_step"]}
#: The games whose page the tour reloads (each reload runs the notebook in a new kernel).
RELOADED = ("ginormopod",)
WAIT_MS = 60_000  # a click's answer on a loaded machine, at most
_LOG_JS = "(() => document.querySelector('.re-log').innerText)"  # the log as shown
STATE_LABEL = {"ginormopod": "Danger level", "space_vermin": "Crown Jewels",
               "zombies_giants": "bullets", "gods_war": "Web pool"}
CELL = """import os, urllib.parse
from widgets import Explorer
game = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", "")).get("game", ["ginormopod"])[0]
Explorer(game, seed=%d)""" % SEED


@pytest.fixture(scope="module")
def tour_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tour")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "tour", "metadata": {},
                     "outputs": [], "source": CELL}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "tour.ipynb").write_text(json.dumps(nb))
    with voila_server(str(folder), folder, cwd=folder) as base:
        yield base + "voila/render/tour.ipynb"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@dataclass
class Expected:
    """What the page must show, worked out in this process by the same clicks on the same
    Explorer (the same game, seed and buttons give the same position)."""

    refused: tuple[str, str, int, str]  # unit, side, location index, message
    locations: int  # points of the locations trace: one per place on the board
    board_changes: bool  # do the steps move a counter?
    counter: tuple[int, str, str]  # a fresh counter: units point, side, palette colour
    battle: tuple[int, list[str], list[str]] | None  # location, pickers shown, headline
    reach_unit: int | None  # a counter whose reach the Reach tab draws
    reach_label: str  # what the reach values are ("MP", "P(reach)" ...)


def _refused_place(ex) -> tuple[str, str, int, str]:
    """A placement the game refuses in the Setup editor (found with the game's own setup API;
    the editor's default unit and side first): (unit, side, index of the location, message)."""
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
    pytest.fail(f"{ex.entry.name}: every placement is accepted")


def _units_drawn(bv) -> tuple:
    units = bv.trace["units"]
    return tuple(units.x or ()), tuple(units.y or ()), tuple(units.text or ())


def _shown(control) -> str:
    """A battle picker's value as the page shows it (see ``_pickers_shown``)."""
    if hasattr(control, "label") and isinstance(getattr(control, "label"), str):
        return control.label  # a Dropdown: the chosen option's text
    if hasattr(control, "label") and isinstance(control.label, tuple):
        return ", ".join(control.label)  # a SelectMultiple
    if isinstance(control.value, bool):
        return "true" if control.value else "false"
    return str(control.value)


def _expected(name: str) -> Expected:
    from widgets import Explorer
    from widgets.battle_panel import percentages

    ex = Explorer(name, seed=SEED)
    refused = _refused_place(ex)
    bv = ex.board_view
    before = _units_drawn(bv)
    for action in ACTIONS[name]:
        ex.stepper.buttons[action].click()
    changes = _units_drawn(bv) != before
    palette = ex.entry.display.side_colors
    k, side = next((i, bv.pieces[top]["side"]) for i, top in enumerate(bv._stack_top)
                   if bv.faces[top].status == "" and not bv.pieces[top].get("color")
                   and bv.pieces[top].get("side") in palette)
    battle = None
    calculator = ex.entry.display.battle
    for i, loc in enumerate(bv.locs):  # the first place with a battle, clicked in the Play tab
        try:
            fight = calculator.from_selection(ex.stepper.state, loc, bv._top_piece(loc))
        except ValueError:
            continue
        picked = {**ex.odds.values(), **fight}  # the calculator's defaults, then the board's
        exact = calculator.results(calculator.odds(picked))
        bv._clicked_point("locations", i)
        ex.show_tab("Odds")
        ex.odds.odds_for_selection()
        assert ex.odds.values() == {k: list(v) if isinstance(v, tuple) else v
                                    for k, v in picked.items()}
        battle = (i, [_shown(c) for c in ex.odds.controls.values()],
                  [f"{v:.1f}%" for v in percentages([p for _, p in exact])])
        break
    reach_unit = None
    if ex.reach is not None:
        ex.show_tab("Reach")
        for i in range(len(bv._stack_locs)):
            bv._clicked_point("units", i)
            if bv.overlay:
                reach_unit = i
                break
    return Expected(refused, len(bv.locs), changes, (k, side, palette[side]), battle, reach_unit,
                    ex.entry.reach.label if ex.entry.reach is not None else "")


def _open_tab(pg, name: str) -> None:
    """Click a tab by its title and wait until it is the one shown (the kernel handles the
    change before any later click: its messages are taken in order)."""
    pg.locator(".re-tabs .lm-TabBar-tab", has_text=name).first.click()
    pg.wait_for_function("(name) => { const t = document.querySelector("
                         "'.re-tabs .lm-TabBar-tab.lm-mod-current'); "
                         "return t && t.innerText.trim() === name; }", arg=name, timeout=WAIT_MS)


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


_UNITS_JS = ("(() => { const t = document.querySelector('.re-board .js-plotly-plot').data"
             ".find(t => t.name === 'units'); return [Array.from(t.x || []), "
             "Array.from(t.y || []), Array.from(t.text || [])]; })()")


def _board_units(pg) -> str:
    """The counters drawn (x, y, text), as JSON text."""
    return pg.evaluate("() => JSON.stringify(" + _UNITS_JS + ")")


def _trace_len(pg, name: str) -> int:
    return pg.evaluate("""(name) => { const gd = document.querySelector('.re-board .js-plotly-plot');
        const t = gd.data.find(t => t.name === name); return t && t.x ? t.x.length : 0; }""", name)


def _pickers_shown(pg) -> list[str]:
    """The battle calculator's pickers as the page shows them, in order."""
    return pg.evaluate("""() => Array.from(document.querySelectorAll(
        '.re-battle .re-battle-input')).map(el => {
            const sel = el.querySelector('select');
            if (sel) return Array.from(sel.selectedOptions)
                .map(o => o.textContent.replace(/\u00a0/g, ' ').trim()).join(', ');
            const inp = el.querySelector('input');
            if (inp.type === 'checkbox') return inp.checked ? 'true' : 'false';
            return inp.value; })""")


def _headline_shown(pg) -> list[str]:
    return [t.strip() for t in pg.evaluate("""() => Array.from(document.querySelectorAll(
        '.re-odds-headline .re-odds-result > div:first-child')).map(d => d.innerText)""")]


def _rgb(hex_colour: str) -> str:
    c = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(c[i:i + 2], 16) for i in (0, 2, 4)))


def _counter_fill(pg, i: int) -> str:
    """The fill the browser painted counter ``i`` (point i of the units trace) with."""
    return pg.evaluate("""(i) => {
        const gd = document.querySelector('.re-board .js-plotly-plot');
        const uid = gd.data.find(t => t.name === 'units').uid;
        const pts = gd.querySelectorAll(`.scatterlayer .trace${uid} .point`);
        return getComputedStyle(pts[i]).fill; }""", i)


def _legend_swatch(pg, label: str) -> str:
    """The colour of the legend's swatch for ``label``, as painted."""
    return pg.evaluate("""(label) => {
        const item = Array.from(document.querySelectorAll('.re-legend .re-legend-item'))
            .find(el => el.innerText.trim() === label);
        return item ? getComputedStyle(item.querySelector('span')).backgroundColor : null; }""",
                       label)


def _wait_status_change(pg, before: str) -> None:
    pg.wait_for_function("(s) => document.querySelector('.re-status').innerText !== s",
                         arg=before, timeout=WAIT_MS)


@pytest.mark.parametrize("name", GAMES)
def test_tour_of_the_explorer(tour_server, browser, name):
    pg = browser.new_page(viewport={"width": 1366, "height": 768})
    pg.add_init_script(SLOW_MACHINE)
    try:
        # what the page must show is worked out while Voila runs the notebook for the page
        with ThreadPoolExecutor(max_workers=1) as pool:
            expected = pool.submit(_expected, name)
            pg.goto(f"{tour_server}?game={name}", timeout=180_000)
            pg.wait_for_selector(".re-board .js-plotly-plot .scatterlayer .point",
                                 timeout=180_000)
            want = expected.result()
        kind, side, refused_at, refused_message = want.refused
        # the output area JupyterLab gives a notebook with its file browser open
        pg.add_style_tag(content=f".re-explorer {{ width: {NOTEBOOK_WIDTH}px !important; "
                                 f"max-width: {NOTEBOOK_WIDTH}px !important; }}")
        pg.wait_for_timeout(500)

        # -- it fits: board, legend, tabs and buttons inside the notebook's width --------------------
        assert _trace_len(pg, "locations") == want.locations  # every place drawn
        assert _trace_len(pg, "units") > 0
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

        # -- it opens where play starts; stepping changes the status, the log (and the board) -----
        status = pg.inner_text(".re-status")
        assert "Set-Up" not in status and "event 0 of 0" not in status, status
        log, board = pg.evaluate(_LOG_JS), _board_units(pg)
        for action in ACTIONS[name]:
            before = pg.inner_text(".re-status")
            pg.locator(f".re-{action.replace('_', '-')}").click()
            _wait_status_change(pg, before)
        # the log is its own widget: its rows may arrive a moment after the status line
        pg.wait_for_function(f"(before) => {_LOG_JS}() !== before", arg=log, timeout=WAIT_MS)
        if want.board_changes:
            pg.wait_for_function("(b) => JSON.stringify(" + _UNITS_JS + ") !== b",
                                 arg=board, timeout=WAIT_MS)

        # -- one palette: a counter and its legend swatch are painted in the Display's colour -----
        i, counter_side, colour = want.counter
        assert _counter_fill(pg, i) == _rgb(colour), (counter_side, colour)
        assert _legend_swatch(pg, counter_side) == _rgb(colour), (counter_side, colour)

        # -- select a counter: its stack is listed -----------------------------------------------------
        _click_point(pg, "units", 0)
        pg.wait_for_function("() => document.querySelector('.re-selection').innerText"
                             ".includes('Selected')", timeout=WAIT_MS)
        assert pg.locator(".re-stack-list").is_visible()
        _screenshot(pg, f"tour_{name}.png")

        # -- the rule of a log row opens the Rules tab -------------------------------------------------
        pg.locator(".re-log td.re-log-rule").last.click()
        pg.wait_for_function("() => { const t = document.querySelector("
                             "'.re-tabs .lm-TabBar-tab.lm-mod-current'); "
                             "return t && t.innerText.trim() === 'Rules'; }", timeout=WAIT_MS)
        entry = pg.locator(".re-rule-entry")
        assert entry.is_visible() and "Reading:" in entry.inner_text()  # summary, section, reading

        # -- odds: the battle on the board, by its button; results that add up to 100% -----------
        if want.battle is not None:
            at, pickers, headline = want.battle
            _open_tab(pg, "Play")
            _click_point(pg, "locations", at)
            pg.wait_for_function("() => document.querySelector('.re-selection').innerText"
                                 ".includes('Selected')", timeout=WAIT_MS)
            _open_tab(pg, "Odds")
            pg.locator(".re-odds-from-board").click()
            pg.wait_for_function("() => document.querySelector('.re-odds-source').innerText"
                                 ".includes('selected location')", timeout=WAIT_MS)
            pg.wait_for_selector(".re-odds-result", timeout=WAIT_MS)
            assert _pickers_shown(pg) == pickers  # the battle's sides, as the board has them
            assert _headline_shown(pg) == headline
        else:  # no battle stands on the board here: the calculator's own default battle
            _open_tab(pg, "Odds")
            pg.locator(".re-odds-compute").click()
            pg.wait_for_selector(".re-odds-result", timeout=WAIT_MS)
        shown = [float(v.rstrip("%")) for v in _headline_shown(pg)]
        assert shown and abs(sum(shown) - 100) < 0.05
        if want.battle is not None:
            pg.locator(".re-odds-headline").scroll_into_view_if_needed()
            _screenshot(pg, f"tour_{name}_battle.png")

        # -- reach: a discrete legend, gone with the tab ----------------------------------------------
        tabs = pg.locator(".re-tabs .lm-TabBar-tab", has_text="Reach")
        assert tabs.count() == (1 if want.reach_label else 0)  # a Reach tab where the game has one
        if want.reach_label:
            _open_tab(pg, "Reach")
            assert want.reach_unit is not None, "no counter with a reach"
            _click_point(pg, "units", want.reach_unit)
            pg.wait_for_function(
                "() => { const gd = document.querySelector('.re-board .js-plotly-plot');"
                " const t = gd.data.find(t => t.name === 'overlay');"
                " return t && t.x && t.x.length > 0; }", timeout=WAIT_MS)
            legend = pg.locator(".re-overlay-legend")
            assert legend.is_visible() and want.reach_label in legend.inner_text()
            assert "locations" in pg.inner_text(".re-reach-summary")
            _screenshot(pg, f"tour_{name}_reach.png")
            if name == "ginormopod":
                _screenshot(pg, "explorer.png")  # the README picture
            _open_tab(pg, "Play")  # the overlay belongs to the Reach tab
            pg.wait_for_function(
                "() => { const gd = document.querySelector('.re-board .js-plotly-plot');"
                " const t = gd.data.find(t => t.name === 'overlay');"
                " return t && (!t.x || t.x.length === 0); }", timeout=WAIT_MS)
            # the legend is its own widget: it may hide a moment after the overlay is cleared
            pg.locator(".re-overlay-legend").wait_for(state="hidden", timeout=WAIT_MS)

        # -- a refused Setup placement: the message stays ----------------------------------------------
        _open_tab(pg, "Setup")
        pickers = pg.locator(".re-setup select")
        pickers.nth(0).select_option(label=kind)
        pickers.nth(1).select_option(label=side)
        pg.wait_for_timeout(300)
        _click_point(pg, "locations", refused_at)
        banner = pg.locator(".re-error")
        banner.wait_for(state="visible", timeout=WAIT_MS)
        pg.wait_for_timeout(1000)
        assert banner.is_visible()
        text = banner.inner_text()
        assert " ".join(refused_message.split()[:4]) in " ".join(text.split()), text
        _screenshot(pg, f"tour_{name}_setup_refused.png")

        # -- a reload: the page comes back with a board that answers clicks ----------------------------
        if name in RELOADED:
            pg.reload(timeout=180_000)
            pg.wait_for_selector(".re-board .js-plotly-plot .scatterlayer .point",
                                 timeout=180_000)
            assert _trace_len(pg, "locations") == want.locations
            _click_point(pg, "units", 0)
            pg.wait_for_function("() => document.querySelector('.re-selection').innerText"
                                 ".includes('Selected')", timeout=WAIT_MS)
            assert pg.locator(".re-stack-list").is_visible()
            before = pg.inner_text(".re-status")
            pg.locator(".re-next-step").click()
            _wait_status_change(pg, before)
    finally:
        pg.close()

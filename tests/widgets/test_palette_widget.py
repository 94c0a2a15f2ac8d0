"""One palette per game (issue 18, item 4): the game's ``Display`` holds it, and everything drawn —
the Explorer's board and the figures the notebooks draw — takes its colours from there.

* The Explorer: every fresh counter on the board is filled with its side's ``side_colors``
  entry, every terrain with its ``terrain_colors`` entry (the browser tour checks the colour
  actually painted).
* The notebooks: each game notebook's palettes (the dicts of colours its cells define and its map
  figures use) give a side the Display's side colour and a terrain its terrain colour, and any
  other map thing (zones, realms) a colour the Display draws; notebook 01's map is built from its
  own cell and its counters' colours compared with the Display's.

* The charts: a chart of chances (Zombies' P(reach) heat map) reads in the Explorer's probability
  bands (``board_view.PROB_BANDS``).
"""
from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from rules_lib.registry import game_names, get_game
from widgets import Explorer

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = {"ginormopod": "01_ginormopod.ipynb", "space_vermin": "02_space_vermin.ipynb",
             "zombies_giants": "03_zombies_giants_club.ipynb",
             "gods_war": "04_gods_war_cosmic_monsters.ipynb"}
def _cells(notebook: str) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]


def _palettes(notebook: str) -> dict[str, dict[str, str]]:
    """The dicts of colours a notebook's cells define, keyed by name (string keys only: a dict
    keyed by numbers colours chart series, not things of the game)."""
    out = {}
    for source in _cells(notebook):
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)):
                continue
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            if not names or not any("colo" in n.lower() for n in names):
                continue
            try:
                value = ast.literal_eval(node.value)
            except ValueError:
                continue
            if all(isinstance(k, str) for k in value) and all(
                    isinstance(v, str) and v.startswith("#") for v in value.values()):
                out[names[0]] = value
    return out


def _display_colours(game: Any, state: Any) -> set[str]:
    """Every colour the game's Display draws with: sides, terrain, legend, map features."""
    d = game.display
    colours = {c.lower() for c in d.side_colors.values()}
    colours |= {c.lower() for c in (d.terrain_colors or {}).values()}
    if d.legend is not None:
        colours |= {e.color.lower() for e in d.legend(state)}
    if d.features is not None:
        for f in d.features(state):
            colours |= {c.lower() for c in (f.color, f.fill) if c}
    return colours


def _notebook_params():
    for name, notebook in NOTEBOOKS.items():
        yield pytest.param(name, notebook, id=name)


@pytest.mark.parametrize("name, notebook", list(_notebook_params()))
def test_a_notebook_s_palettes_are_the_display_s(name, notebook):
    game = get_game(name)
    state = game.new_game(seed=1).state
    sides, terrain = game.display.side_colors, game.display.terrain_colors or {}
    drawn = _display_colours(game, state)
    wrong = []
    for dict_name, palette in _palettes(notebook).items():
        for key, colour in palette.items():
            if key in sides and set(palette) <= set(sides):
                ok = colour.lower() == sides[key].lower()
            elif key in terrain and set(palette) <= set(terrain):
                ok = colour.lower() == terrain[key].lower()
            else:
                ok = colour.lower() in drawn
            if not ok:
                wrong.append(f"{dict_name}[{key!r}] = {colour}")
    assert wrong == [], f"{notebook}: colours not in {name}'s Display palette"


def test_notebook_01_map_draws_the_counters_in_the_display_s_side_colours():
    """Build notebook 01's map from its own cell and compare its counters' colours."""
    import pandas as pd
    import plotly.graph_objects as go

    game = get_game("ginormopod")
    source = next(s for s in _cells(NOTEBOOKS["ginormopod"]) if "def draw_map" in s)
    cell = ast.parse(source)  # its definitions only: imports, palettes, drawing functions
    cell.body = [n for n in cell.body
                 if isinstance(n, (ast.FunctionDef, ast.Assign, ast.Import, ast.ImportFrom))]
    namespace: dict[str, Any] = {"GAME": game, "D": game.data(), "go": go, "pd": pd}
    exec(compile(cell, "notebook 01: draw_map", "exec"), namespace)  # noqa: S102 - our notebook
    fig = namespace["draw_map"](game.new_game(seed=1).state, "palette check")
    counters = {t.name: t.marker.color for t in fig.data if t.name.endswith(" counters")}
    assert counters, "notebook 01's map draws no counters"
    assert counters == {f"{side} counters": colour
                        for side, colour in game.display.side_colors.items()}


@pytest.mark.parametrize("name", game_names())
def test_the_explorer_paints_counters_and_terrain_from_the_display(name):
    ex = Explorer(name, seed=1)
    bv, display = ex.board_view, ex.entry.display
    units = bv.trace["units"]
    checked = 0
    for i, top in enumerate(bv._stack_top):
        piece, face = bv.pieces[top], bv.faces[top]
        if face.status == "" and not piece.get("color") and piece.get("side") in \
                display.side_colors:
            assert units.marker.color[i] == display.side_colors[piece["side"]], piece
            checked += 1
    assert checked, f"{name}: no fresh counter of a side to check"
    for slot, terrain in enumerate(getattr(bv, "terrain_slots", [])):
        if terrain in (display.terrain_colors or {}):
            assert bv.trace[f"terrain:{slot}"].fillcolor == display.terrain_colors[terrain]


def test_the_reach_heat_map_uses_the_explorer_s_probability_bands():
    from rules_lib.games.zombies_giants.odds import reach_grid
    from tests.games.zombies_giants.zg_helpers import make_state
    from widgets.board_view import PROB_BANDS
    from widgets.charts import plot_reach_probability

    df = reach_grid(make_state(("Huge",), at=(9, 10)), "Survivor 1")
    heat = plot_reach_probability(df, 30, 30, "Survivor 1").data[0]
    scale = [tuple(step) for step in heat.colorscale]
    for lo, color, label in PROB_BANDS:  # each band's colour holds from its floor to the next
        assert (lo, color) in scale and (min(1.0, round(lo + 0.2, 1)), color) in scale
        assert label in heat.colorbar.ticktext
    assert "Viridis" not in str(heat.colorscale)

"""Place names stay readable at the default zoom (issue 18): on every game's board no name covers
another name; on the maps of points (Ginormopod's cities, the Gods War's areas) no name lies
under a counter or a stack badge; on hexes and squares no counter covers its own location's
number — when the Explorer opens and after play has moved the counters.

The boxes are worked out from the figure itself, as the browser draws it: the plot area from the
layout (size, margins, axis ranges, the y/x scale ratio), each name's box from its position and
font size (0.6 em a character, 1.2 em a line), each counter a square of its marker size, each
badge a circle of its marker size.
"""
from __future__ import annotations

import pytest

from rules_lib.registry import game_names
from widgets import Explorer

CHAR_EM, LINE_EM = 0.6, 1.2
STEPS = 6  # Next step clicks between the two looks


def _scale(fig) -> tuple[float, float]:
    """Pixels per drawing unit along x and y, as Plotly lays the figure out."""
    lay = fig.layout
    m = lay.margin
    width = lay.width - (m.l or 0) - (m.r or 0)
    height = lay.height - (m.t or 0) - (m.b or 0)
    (x0, x1), (y0, y1) = lay.xaxis.range, lay.yaxis.range
    ratio = lay.yaxis.scaleratio or 1.0
    ppu = min(width / (x1 - x0), height / ((y1 - y0) * ratio))
    return ppu, ppu * ratio


def _boxes(fig, trace: str, *, text: bool) -> list[tuple[str, tuple[float, float, float,
                                                                        float]]]:
    """(what, box in pixels) for each point of a trace: text boxes or marker squares."""
    t = next(d for d in fig.data if d.name == trace)
    sx, sy = _scale(fig)
    out = []
    sizes = t.marker.size if not text else None
    for k, (x, y) in enumerate(zip(list(t.x), list(t.y))):
        cx, cy = x * sx, y * sy
        if text:
            label = str(t.text[k])
            font = t.textfont.size
            w, h = CHAR_EM * font * len(label), LINE_EM * font
        else:
            label = f"{trace} {k}"
            w = h = sizes[k] if isinstance(sizes, (list, tuple)) else sizes
        out.append((label, (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
    return out


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _hidden_names(fig, points_map: bool) -> list[str]:
    names = _boxes(fig, "labels", text=True)
    problems = [f"{a} / {b}" for i, (a, ba) in enumerate(names) for b, bb in names[i + 1:]
                if _overlaps(ba, bb)]
    counters = _boxes(fig, "units", text=False)
    if points_map:
        things = counters + _boxes(fig, "badges", text=False)
        problems += [f"{a} under {b}" for a, ba in names for b, bb in things
                     if _overlaps(ba, bb)]
    else:  # a hex or square: its own counter leaves its printed number readable
        labels = next(d for d in fig.data if d.name == "labels")
        units = next(d for d in fig.data if d.name == "units")
        for (what, box), ux, uy in zip(counters, units.x, units.y):
            own = min((k for k, (lx, ly) in enumerate(zip(labels.x, labels.y))
                       if abs(lx - ux) < 1e-9 and ly > uy),
                      key=lambda k: labels.y[k] - uy)
            if _overlaps(names[own][1], box):
                problems.append(f"{names[own][0]} under its own counter")
    return problems


@pytest.mark.parametrize("name", game_names())
def test_no_place_name_is_covered_by_another_name_or_a_counter(name):
    ex = Explorer(name, seed=1)
    bv = ex.board_view
    assert len(bv.trace["units"].x) > 0, f"{name}: no counter drawn to check against"
    assert _hidden_names(bv.fig, not bv.polygonal) == [], "when the Explorer opens"
    for _ in range(STEPS):
        ex.stepper.buttons["next_step"].click()
    assert _hidden_names(bv.fig, not bv.polygonal) == [], f"after {STEPS} steps"

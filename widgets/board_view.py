"""BoardView: any Board and its counters drawn as one Plotly FigureWidget; clicks select locations.

The figure is built once with every trace it will ever have (terrain fills, the game's map
features, connections, walls and doors, location markers, an overlay for reach / line-of-sight,
the path to a hovered location, the highlight of a log row, the selection ring, the counters,
their stack badges and the place names on top); afterwards only trace *properties* change,
inside ``fig.batch_update()``. Traces added after construction vanish in Voila and after a page
reload (see ``shared/notes/jupyter_stack.md``).

The view knows boards only through the Board protocol (``locations``, ``xy``, ``outline``,
``label``, ``neighbors``) plus a few optional extras when a board has them (``terrain_at`` /
``node_attr`` terrain; ``walls`` / ``doors`` / ``blocked`` of square boards). Counters come from
the game's ``pieces(state)``: one dict per counter with ``loc``, ``side``, ``label``, ``kind``,
``hover`` and, optionally, ``id`` (what ``movement_reach`` and the setup API accept for that
counter), ``color`` and ``symbol``. A counter whose ``loc`` is None is not drawn.

How it looks comes from the game's :class:`~rules_lib.core.contract.Display` when it has one:
its palette (sides, terrain), map features, legend and counter faces (type and values, like the
printed counter; reduced, destroyed and hidden counters drawn apart). A location shows one
counter, the top of its stack, with a badge counting the stack; clicking it lists the whole stack
(``pieces_at``). Place names are drawn last, above every counter; on a map of points each
name is placed clear of every counter, badge and other name (``place_labels``), with a thin leader
line where a crowded corner pushed it away from its place. Overlays use discrete colours
with their own legend under the map, so the map never changes size.

Building: every layer is set from numpy arrays (Plotly validates a list item by item, an array at
once), which keeps a 600-hex map under ~50 ms.
"""
from __future__ import annotations

import copy
import html
import math
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np
import plotly.graph_objects as go

from .errors import ErrorBanner, guarded

Loc = Hashable
Piece = dict[str, Any]
SelectCallback = Callable[[Loc, "Piece | None"], None]

#: Fill colours for common terrain names; other names get colours from PALETTE in order.
TERRAIN_COLORS: dict[str, str] = {
    "": "#f6f4ea", "clear": "#f6f4ea", "open": "#f6f4ea", "plain": "#f6f4ea", "plains": "#f6f4ea",
    "forest": "#9cc59a", "woods": "#9cc59a", "jungle": "#7fae7c", "swamp": "#b5cfae",
    "marsh": "#b5cfae", "water": "#a9d0ec", "lake": "#a9d0ec", "sea": "#8fc0e6", "ocean": "#8fc0e6",
    "river": "#a9d0ec", "mountain": "#b9a68f", "mountains": "#b9a68f", "hill": "#dccb9f",
    "hills": "#dccb9f", "rough": "#d2c29b", "desert": "#efdfae", "city": "#d5d5d5",
    "urban": "#d5d5d5", "town": "#dedede", "building": "#c8c8c8", "rubble": "#bfb4a6",
    "nest": "#e3b9d6", "crater": "#c9b8a8", "road": "#e8e1cf", "park": "#bfe0b5",
}
PALETTE: tuple[str, ...] = ("#e6c79c", "#c6dbef", "#d9ead3", "#f4cccc", "#d9d2e9", "#fff2cc",
                            "#d0e0e3", "#ead1dc", "#fce5cd", "#cfe2f3")
#: Counter colours per side, in the order of the game's players (a game's Display overrides).
SIDE_COLORS: tuple[str, ...] = ("#1f5fa8", "#b22222", "#2e7d32", "#7b3fa0", "#e08a00", "#00838f",
                                "#5d4037", "#c2185b")
#: Terrain fill traces made up front (a board may change, the set of traces may not).
TERRAIN_SLOTS = 12
#: Map-feature traces made up front (one per feature a game draws).
FEATURE_SLOTS = 12
#: Discrete overlay colours: reach steps (near to far), seen / not seen, probability bands.
STEP_COLORS = ("#08519c", "#2171b5", "#4292c6", "#6baed6", "#9ecae1", "#c6dbef", "#deebf7")
SEEN, NOT_SEEN = "#2ca02c", "#7f7f7f"
PROB_BANDS = ((0.8, "#006d2c", "80–100%"), (0.6, "#31a354", "60–80%"), (0.4, "#74c476", "40–60%"),
              (0.2, "#bae4b3", "20–40%"), (0.0, "#edf8e9", "under 20%"))
COUNTER_FONT = 10  # px: the counter's type and values
MIN_FONT = 8
#: A place name's box, in units of its font size: the width of an average character (an
#: over-estimate for the sans-serif Plotly draws with) and the height of a line.
LABEL_CHAR, LABEL_LINE = 0.62, 1.25
BADGE_PX = 16  # the stack badge's circle (15 px) with its outline
PLACE_FONT = 11  # px: place names on a map of points (areas, cities)


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels, y up


def label_box(cx: float, cy: float, text: str, font: float) -> Box:
    """The box a one-line text centred at (cx, cy) covers, in pixels."""
    w, h = LABEL_CHAR * font * len(text), LABEL_LINE * font
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def place_labels(points: Sequence[tuple[float, float]], texts: Sequence[str], font: float,
                 counter: float, bounds: Box, occupied: Sequence[bool] | None = None,
                 stacked: Sequence[bool] | None = None) -> list[tuple[float, float]]:
    """Where to centre each place name (pixels, y up) so that no name covers another name, a
    counter or a stack badge, on a map of points.

    Every place reserves a counter of ``counter`` pixels centred on it and the badge at its
    top-right corner; covering the counter a place holds now (``occupied``) or its badge
    (``stacked``) costs most, covering a place's room while it is empty costs a little (so names
    stay put while counters come and go, and give way where the map is crowded). Names are placed
    greedily, the most crowded places first, each at the first free spot of a fixed order (above
    the counter, above its badge, below, right, left, the corners, then further out); where no
    spot is free, the cheapest one inside ``bounds`` is taken. Deterministic: the same map and
    counters always get the same names.
    """
    a = counter / 2
    occupied = occupied if occupied is not None else [True] * len(points)
    stacked = stacked if stacked is not None else [True] * len(points)
    reserved: list[tuple[Box, float]] = []
    for (x, y), held, stack in zip(points, occupied, stacked):
        reserved.append(((x - a, y - a, x + a, y + a), 1.0 if held else 0.2))
        reserved.append(((x + a - BADGE_PX / 2, y + a - BADGE_PX / 2, x + a + BADGE_PX / 2,
                          y + a + BADGE_PX / 2), 1.0 if stack else 0.05))
    near = [sum(1 for q in points if abs(q[0] - p[0]) < 3 * counter
                and abs(q[1] - p[1]) < 3 * counter) for p in points]
    order = sorted(range(len(points)), key=lambda i: (-near[i], i))
    placed: list[Box] = []
    out: list[tuple[float, float]] = [(0.0, 0.0)] * len(points)
    step = LABEL_LINE * font  # the spots tried around a crowded place, nearest first
    span = int(3 * counter / step)
    ring = sorted(((dx * step, dy * step) for dx in range(-span, span + 1)
                   for dy in range(-span, span + 1) if math.hypot(dx, dy) * step <= 3 * counter),
                  key=lambda d: (math.hypot(*d), d))
    for i in order:
        x, y = points[i]
        w, h = LABEL_CHAR * font * len(texts[i]), LABEL_LINE * font
        up, side = a + 1 + h / 2, a + 2 + w / 2
        over_badge = a + BADGE_PX / 2 + 1 + h / 2
        spots = [(x, y + up), (x - BADGE_PX, y + up), (x, y + over_badge), (x, y - up),
                 (x + side, y), (x - side, y), (x - side, y + up), (x - side, y - up),
                 (x + side, y - up), (x + side + BADGE_PX, y + up)]
        spots += [(sx, sy + k * (h if sy > y else -h if sy < y else 0))
                  for k in (1, 2) for sx, sy in spots]
        spots += [(x + k * w / 2, y + up + h) for k in (-2, -1, 1, 2)]
        reach = 3 * counter + w  # what lies farther cannot meet any spot tried below
        near_boxes = [(r, weight) for r, weight in reserved
                      if r[0] - reach < x < r[2] + reach and r[1] - reach < y < r[3] + reach]
        near_boxes += [(p, 1.0) for p in placed
                       if p[0] - reach < x < p[2] + reach and p[1] - reach < y < p[3] + reach]

        def cost(spot: tuple[float, float]) -> float:
            box = label_box(spot[0], spot[1], texts[i], font)
            outside = (max(0.0, bounds[0] - box[0]) + max(0.0, box[2] - bounds[2])
                       + max(0.0, bounds[1] - box[1]) + max(0.0, box[3] - bounds[3]))
            return outside * 1000 + sum(weight * _overlap(box, r) for r, weight in near_boxes)

        best, best_cost = spots[0], math.inf
        for spot in spots:
            c = cost(spot)
            if c < best_cost:
                best, best_cost = spot, c
                if c == 0:
                    break
        if best_cost > 0:  # crowded: the nearest free spot within three counters, if any
            for dx, dy in ring:
                c = cost((x + dx, y + dy))
                if c < best_cost:
                    best, best_cost = (x + dx, y + dy), c
                    if c == 0:
                        break
        out[i] = best
        placed.append(label_box(best[0], best[1], texts[i], font))
    return out


def keep_state(fig: go.FigureWidget) -> None:
    """Store the figure's current traces and layout as its widget state, for views made later.

    A FigureWidget sends each change as a one-off restyle message. A view created afterwards
    (Voila rendering a figure updated before the page connected, JupyterLab after a reload)
    starts from the synced ``_widget_data``, which plotly refreshes only when the figure itself
    is displayed, not when it sits inside a Box. Without this the counters drawn by ``update``
    are missing from such views. The frontend ignores the change for views already shown.
    """
    fig._widget_layout = copy.deepcopy(fig._layout_obj._props)
    fig._widget_data = copy.deepcopy(fig._data)


def terrain_name(board: Any, loc: Loc) -> str:
    """The terrain of a location as a short name ('' when the board records none)."""
    value: Any = None
    if hasattr(board, "terrain_at"):
        value = board.terrain_at(loc)
    elif hasattr(board, "node_attr"):
        value = board.node_attr(loc, "terrain")
    if isinstance(value, Mapping):
        value = (value.get("name") or value.get("terrain") or value.get("kind")
                 or value.get("type"))
    if isinstance(value, (list, tuple)) and value and not isinstance(value, str):
        value = value[0]
    return "" if value is None else str(value)


def _path(polygons: Iterable[Sequence[tuple[float, float]]]) -> tuple[np.ndarray, np.ndarray]:
    """Closed polygons joined into one x/y path with NaN breaks (one trace, many shapes).

    numpy arrays, not lists: Plotly validates a list element by element, an array at once.
    """
    xs: list[float] = []
    ys: list[float] = []
    for poly in polygons:
        if not poly:
            continue
        for x, y in list(poly) + [poly[0]]:
            xs.append(x)
            ys.append(y)
        xs.append(math.nan)
        ys.append(math.nan)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def _lines(paths: Iterable[Sequence[tuple[float, float]]]) -> tuple[np.ndarray, np.ndarray]:
    """Open polylines joined into one x/y path with NaN breaks."""
    xs: list[float] = []
    ys: list[float] = []
    for path in paths:
        for x, y in path:
            xs.append(x)
            ys.append(y)
        xs.append(math.nan)
        ys.append(math.nan)
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def _segments(pairs: Iterable[tuple[tuple[float, float], tuple[float, float]]]
              ) -> tuple[np.ndarray, np.ndarray]:
    """Line segments joined into one x/y path with NaN breaks."""
    xs: list[float] = []
    ys: list[float] = []
    for (x0, y0), (x1, y1) in pairs:
        xs += [x0, x1, math.nan]
        ys += [y0, y1, math.nan]
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def _html_text(text: Any) -> str:
    """Plain text (maybe multi-line) as Plotly hover HTML."""
    return html.escape(str(text)).replace("\n", "<br>")


def _pale(color: str, keep: float = 0.22) -> str:
    """A colour washed towards white (the reduced side of a counter)."""
    c = color.lstrip("#")
    if len(c) != 6:
        return "#f4f4f4"
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    mix = [round(255 - (255 - v) * keep) for v in (r, g, b)]
    return "#" + "".join(f"{v:02x}" for v in mix)


def swatch(color: str, shape: str = "counter", symbol: str = "square", dash: str = "solid") -> str:
    """A small inline HTML swatch for a legend line."""
    base = "display:inline-block;vertical-align:middle;margin-right:4px;"
    if shape == "line":
        style = "dotted" if dash == "dot" else ("dashed" if dash == "dash" else "solid")
        return f"<span style='{base}width:18px;border-top:3px {style} {color}'></span>"
    if shape == "area":
        return (f"<span style='{base}width:14px;height:10px;background:{color};"
                "border:1px solid #999'></span>")
    if shape == "reduced":
        return (f"<span style='{base}width:12px;height:12px;background:{_pale(color)};"
                f"border:2px solid {color}'></span>")
    if shape == "marker":
        glyph = {"star": "★", "diamond-open": "◇", "hexagon-open": "⬡", "square-x": "⊠",
                 "x": "✕", "triangle-up": "▲", "triangle-up-open": "△",
                 "star-square-open": "✪", "circle-x": "⊗"}.get(symbol, "●")
        return f"<span style='{base}color:{color};font-size:14px'>{glyph}</span>"
    if shape == "text":
        return ""
    return f"<span style='{base}width:12px;height:12px;background:{color};border:1px solid #222'></span>"


class BoardView(widgets.VBox):
    """A board drawn once; ``update`` moves the counters, ``show_overlay`` colours locations.

    ``pieces_of(state)`` turns a game state into counter dicts (a game's ``entry.pieces``);
    ``board_of(state)`` (a game's ``entry.board``), when given, is asked on every update so a board
    that changes during play (a town growing tile by tile) is redrawn in place;
    ``sides`` fixes the colour order of the players; ``display`` (a game's ``Display``) gives the
    game's palette, features, legend and counter faces. ``on_select(cb)`` calls ``cb(loc, piece)``
    when a location or counter is clicked; with a ``banner`` a click's problems are shown there.
    """

    def __init__(self, board: Any, pieces_of: Callable[[Any], list[Piece]] | None = None,
                 state: Any = None, *, sides: Sequence[str] = (),
                 terrain_colors: Mapping[str, str] | None = None, width: int = 640,
                 height: int = 520, aspect: float | None = 1.0, title: str = "",
                 banner: ErrorBanner | None = None,
                 board_of: Callable[[Any], Any] | None = None, display: Any = None) -> None:
        self.pieces_of = pieces_of
        self.board_of = board_of
        self.display = display
        self._terrain_colors = dict(TERRAIN_COLORS)
        self._terrain_colors.update(terrain_colors or {})
        self._terrain_colors.update(getattr(display, "terrain_colors", None) or {})
        self._side_colors: dict[str, str] = dict(getattr(display, "side_colors", None) or {})
        for side in sides:
            self._side_color(side)
        self.width, self.height, self.aspect = width, height, aspect
        self._callbacks: list[SelectCallback] = []
        self.selected: Loc | None = None
        self.selected_piece: Piece | None = None
        self.pieces: list[Piece] = []
        self._unit_locs: list[Loc] = []
        self._stack_locs: list[Loc] = []  # point i of the units trace: the location of stack i
        self._stack_top: list[int] = []  # ... and the index of the piece drawn for it
        self.faces: list[Any] = []
        self.state: Any = state
        self.overlay: dict[Loc, float] = {}
        self.overlay_kind = ""
        self.overlay_legend: list[tuple[str, str]] = []
        self._overlay_locs: list[Loc] = []
        self.path: list[Loc] = []
        self.highlighted: list[Loc] = []
        self._measure(board)
        self.fig = go.FigureWidget(data=self._traces(state), layout=self._layout(title))
        self.trace: dict[str, Any] = {t.name: t for t in self.fig.data}
        # a click is one user action: its listeners' problems go to the banner, none hides
        # another's; plotly calls every trace's click handler, the others with no point: those
        # calls are ignored before the guard (they must not clear the banner a click just set)
        self._guarded_click = (guarded(banner, self._clicked_point) if banner is not None
                               else self._clicked_point)
        for name in ("locations", "overlay", "units", "labels"):
            self.trace[name].on_click(self._clicked)
        self.trace["overlay"].on_hover(self._hovered)
        self.legend = widgets.HTML()
        self.legend.add_class("re-legend")
        self.legend.layout.width = f"{width}px"
        super().__init__(children=[self.fig, self.legend])
        self.add_class("re-board")
        if state is not None and pieces_of is not None:
            self.update(state)
        else:
            self._draw_legend()

    # -- geometry --------------------------------------------------------------------------------
    def _measure(self, board: Any) -> None:
        """Read everything drawn from the board (locations, coordinates, outlines, terrain)."""
        self.board = board
        self.locs: list[Loc] = list(board.locations())
        self._index: dict[Loc, int] = {loc: i for i, loc in enumerate(self.locs)}
        self._labels: list[str] = [str(board.label(loc)) for loc in self.locs]
        self._by_label: dict[str, Loc] = {text: loc for text, loc in zip(self._labels, self.locs)}
        self._xy: list[tuple[float, float]] = [tuple(map(float, board.xy(loc)))
                                               for loc in self.locs]
        self._outlines = [list(board.outline(loc)) for loc in self.locs]
        self.polygonal = any(self._outlines)
        self._terrain = [terrain_name(board, loc) for loc in self.locs]
        self._signature = self._board_signature(board)
        self.scale = self._typical_step()
        self._px_per_unit = self._pixels_per_unit(self.aspect)

    def _board_signature(self, board: Any) -> tuple:
        """What a board's drawing depends on: a new board object with the same is not redrawn."""
        locs = tuple(board.locations()) if board is not getattr(self, "board", None) \
            else tuple(self.locs)
        return (locs, tuple(terrain_name(board, loc) for loc in locs),
                frozenset(getattr(board, "walls", ()) or ()),
                frozenset(getattr(board, "doors", ()) or ()),
                frozenset(getattr(board, "blocked", ()) or ()))

    def set_board(self, board: Any, state: Any = None) -> bool:
        """Redraw a changed board (a town growing tile by tile) in place; False if unchanged."""
        if board is self.board or self._board_signature(board) == self._signature:
            self.board = board
            return False
        self._measure(board)
        props = self._board_props()
        props.update(self._feature_props(state))
        x0, x1, y0, y1 = self._extent()
        with self.fig.batch_update():
            for name, values in props.items():
                self.trace[name].update(values)
            self.fig.layout.xaxis.range = [x0, x1]
            self.fig.layout.yaxis.range = [y0, y1]
            self.trace["overlay"].marker.size = self._cell_size(0.85)
            self.trace["selection"].marker.size = self._cell_size(1.0) + 6
        self.clear_overlay()
        if self.selected is not None and self.selected not in self._index:
            self.select(None, notify=False)
        return True

    def _typical_step(self) -> float:
        """A typical distance between neighbouring locations: sizes counters and overlay marks."""
        lengths = []
        for loc, (x, y) in zip(self.locs[:200], self._xy[:200]):
            for nxt in list(self.board.neighbors(loc))[:6]:
                if nxt in self._index:
                    nx_, ny_ = self._xy[self._index[nxt]]
                    d = math.hypot(nx_ - x, ny_ - y)
                    if d > 0:
                        lengths.append(d)
        if lengths:
            lengths.sort()
            return lengths[len(lengths) // 2]
        xs = [p[0] for p in self._xy] or [0.0]
        ys = [p[1] for p in self._xy] or [0.0]
        span = max(max(xs) - min(xs), max(ys) - min(ys))
        return span / max(1.0, math.sqrt(len(self.locs))) or 1.0

    def _extent(self) -> tuple[float, float, float, float]:
        pts = list(self._xy) + [p for poly in self._outlines for p in poly]
        if not pts:
            return -1.0, 1.0, -1.0, 1.0
        pad = 0.6 * self.scale
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad

    def _pixels_per_unit(self, aspect: float | None) -> float:
        x0, x1, y0, y1 = self._extent()
        w, h = self.width - 4, self.height - 4  # the plot area inside the 2 px margins
        if aspect:
            return min(w / max(x1 - x0, 1e-9), h / max((y1 - y0) * aspect, 1e-9))
        return min(w / max(x1 - x0, 1e-9), h / max(y1 - y0, 1e-9))

    def _mark_size(self, fraction: float, low: float = 6, high: float = 44) -> float:
        """Marker diameter in pixels covering ``fraction`` of a typical step."""
        return max(low, min(high, fraction * self.scale * self._px_per_unit))

    def _cell_size(self, fraction: float) -> float:
        """A marker covering ``fraction`` of a cell (polygonal boards) or a counter (graphs)."""
        if self.polygonal:
            return self._mark_size(fraction, 8, 140)
        return self._mark_size(0.62 * fraction, 26, 56)

    @property
    def step_px(self) -> float:
        """Pixels between neighbouring locations on screen."""
        return self.scale * self._px_per_unit

    # -- colours ---------------------------------------------------------------------------------
    def _terrain_color(self, name: str) -> str:
        if name not in self._terrain_colors:
            used = len([k for k in self._terrain_colors if k not in TERRAIN_COLORS])
            self._terrain_colors[name] = PALETTE[used % len(PALETTE)]
        return self._terrain_colors[name]

    def _side_color(self, side: Any) -> str:
        key = str(side)
        if key not in self._side_colors:
            self._side_colors[key] = SIDE_COLORS[len(self._side_colors) % len(SIDE_COLORS)]
        return self._side_colors[key]

    def side_color(self, side: Any) -> str:
        """The colour the counters of a side are drawn in."""
        return self._side_color(side)

    def _is_hex(self) -> bool:
        return any(len(poly) == 6 for poly in self._outlines[:5])

    # -- the layers ------------------------------------------------------------------------------
    def _board_props(self) -> dict[str, dict[str, Any]]:
        """The properties of the board layers (terrain slots, walls, locations, labels...)."""
        props: dict[str, dict[str, Any]] = {}
        groups: dict[str, list] = {}
        if self.polygonal:
            for poly, ter in zip(self._outlines, self._terrain):
                groups.setdefault(ter, []).append(poly)
        names = list(groups)
        if len(names) > TERRAIN_SLOTS:  # more terrains than slots: the rest share the last one
            extra = [poly for ter in names[TERRAIN_SLOTS - 1:] for poly in groups[ter]]
            names = names[:TERRAIN_SLOTS - 1] + ["other"]
            groups["other"] = extra
        self.terrain_slots = names
        for slot in range(TERRAIN_SLOTS):
            if slot < len(names):
                px, py = _path(groups[names[slot]])
                props[f"terrain:{slot}"] = dict(x=px, y=py, meta=names[slot] or "clear",
                                                fillcolor=self._terrain_color(names[slot]))
            else:
                props[f"terrain:{slot}"] = dict(x=[], y=[], meta="")
        blocked = sorted(getattr(self.board, "blocked", ()) or ())
        bx, by = _path([[(x - .5, y - .5), (x + .5, y - .5), (x + .5, y + .5), (x - .5, y + .5)]
                        for x, y in blocked])
        props["blocked"] = dict(x=bx, y=by)
        ex, ey = _segments(self._edges())
        props["edges"] = dict(x=ex, y=ey)
        wx, wy = _segments(self._sides("walls"))
        props["walls"] = dict(x=wx, y=wy)
        dx, dy = _segments(self._sides("doors"))
        props["doors"] = dict(x=dx, y=dy)
        xs = np.array([p[0] for p in self._xy], dtype=float)
        ys = np.array([p[1] for p in self._xy], dtype=float)
        hover = [_html_text(f"{lab}" + (f" ({ter.replace('_', ' ')})" if ter else ""))
                 for lab, ter in zip(self._labels, self._terrain)]
        if self.polygonal:  # invisible click targets at the cell centres
            marker = dict(size=self._mark_size(0.9, 6, 140), color="rgba(0,0,0,0)", opacity=0,
                          symbol="hexagon" if self._is_hex() else "square",
                          line=dict(width=0))
        else:
            marker = dict(size=self._mark_size(0.2, 9, 14),
                          color=[self._terrain_color(t) if t else "#ffffff" for t in self._terrain],
                          symbol="circle", line=dict(color="#444444", width=1.5))
        props["locations"] = dict(x=xs, y=ys, hovertext=hover, marker=marker)
        if self.polygonal:  # the printed number at the top edge of the hex or square
            lab_dy = (0.47 if self._is_hex() else 0.36) * self.scale
            size = int(max(7, min(10, self.step_px / 4.2)))
            props["labels"] = dict(x=xs, y=ys + lab_dy, text=self._labels,
                                   textfont=dict(size=size, color="#333333"))
            props["leaders"] = dict(x=[], y=[])
        else:  # a place name beside where its counter sits, clear of every counter and name
            lx, ly = self._label_xy(getattr(self, "counter_size", None) or
                                    self._cell_size(1.0))
            props["labels"] = dict(x=lx, y=ly, text=self._labels,
                                   textfont=dict(size=PLACE_FONT, color="#111111"))
            props["leaders"] = self._leaders(lx, ly)
        return props

    def _leaders(self, lx: Sequence[float], ly: Sequence[float]) -> dict[str, np.ndarray]:
        """A thin line from a place to its name where the name had to move away from it (a
        crowded corner of the map), so that every name is read against the right place."""
        ppu, asp = self._px_per_unit, self.aspect or 1.0
        near = self._labels_for[0] / 2 + LABEL_LINE * PLACE_FONT
        pairs = []
        for (x, y), nx_, ny_, text in zip(self._xy, lx, ly, self._labels):
            x0, y0, x1, y1 = label_box(nx_ * ppu, ny_ * ppu * asp, text, PLACE_FONT)
            px, py = x * ppu, y * ppu * asp
            ex_, ey_ = min(max(px, x0), x1), min(max(py, y0), y1)  # the box's nearest point
            if math.hypot(ex_ - px, ey_ - py) > near:
                pairs.append(((x, y), (ex_ / ppu, ey_ / ppu / asp)))
        xs, ys = _segments(pairs)
        return dict(x=xs, y=ys)

    def _counter_drop(self, counter: float) -> float:
        """How far (drawing units) a counter of ``counter`` pixels sits below the centre of a hex
        or square so that it does not cover the location's printed number (0 on maps of points,
        and where the cell has room above the counter anyway)."""
        if not self.polygonal:
            return 0.0
        labels = self.trace["labels"] if hasattr(self, "trace") else None
        font = labels.textfont.size if labels is not None else MIN_FONT
        asp = self.aspect or 1.0
        number_px = (0.47 if self._is_hex() else 0.36) * self.scale * self._px_per_unit * asp
        room = number_px - LABEL_LINE * font / 2 - 1  # from the centre up to the number's foot
        return max(0.0, counter / 2 - room) / self._px_per_unit / asp

    def _label_xy(self, counter: float, stacks: Mapping[Loc, int] | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
        """Place names of a map of points, in drawing coordinates (see ``place_labels``), clear
        of the counters drawn now (``stacks``: location -> number of counters)."""
        ppu, asp = self._px_per_unit, self.aspect or 1.0
        x0, x1, y0, y1 = self._extent()
        cx, cy = (x0 + x1) / 2 * ppu, (y0 + y1) / 2 * ppu * asp
        half_w, half_h = (self.width - 4) / 2, (self.height - 4) / 2  # what the plot shows
        stacks = stacks or {}
        spots = place_labels([(x * ppu, y * ppu * asp) for x, y in self._xy], self._labels,
                             PLACE_FONT, counter, (cx - half_w, cy - half_h, cx + half_w,
                                                   cy + half_h),
                             occupied=[stacks.get(loc, 0) > 0 for loc in self.locs],
                             stacked=[stacks.get(loc, 0) > 1 for loc in self.locs])
        self._labels_for = (counter, tuple(sorted(((self._index[k], n) for k, n in
                                                   stacks.items()))))
        return (np.array([p[0] / ppu for p in spots], dtype=float),
                np.array([p[1] / ppu / asp for p in spots], dtype=float))

    def _feature_props(self, state: Any) -> dict[str, dict[str, Any]]:
        """One trace per map feature of the game's Display (empty slots stay empty)."""
        feats = []
        if self.display is not None and getattr(self.display, "features", None) is not None \
                and state is not None:
            feats = list(self.display.features(state))[:FEATURE_SLOTS]
        self.features = feats
        props: dict[str, dict[str, Any]] = {}
        for slot in range(FEATURE_SLOTS):
            name = f"feature:{slot}"
            if slot >= len(feats):
                props[name] = dict(x=[], y=[], meta="", visible=False)
                continue
            f = feats[slot]
            common = dict(meta=f.name, visible=True, hovertext=f.hover or f.name)
            if f.kind == "area":
                px, py = _path(f.paths)
                props[name] = dict(x=px, y=py, mode="lines", fill="toself",
                                   fillcolor=f.fill or "rgba(0,0,0,0)",
                                   line=dict(color=f.color, width=f.width, dash=f.dash),
                                   hoverinfo="skip", **common)
            elif f.kind == "line":
                px, py = _lines(f.paths)
                props[name] = dict(x=px, y=py, mode="lines", fill="none",
                                   line=dict(color=f.color, width=f.width, dash=f.dash),
                                   hoverinfo="skip", **common)
            else:
                pts = [p for path in f.paths for p in path]
                props[name] = dict(x=np.array([p[0] for p in pts], dtype=float),
                                   y=np.array([p[1] for p in pts], dtype=float),
                                   mode="markers", fill="none", hoverinfo="skip",
                                   marker=dict(symbol=f.symbol, size=f.size, color=f.color,
                                               line=dict(color=f.color, width=f.width)),
                                   **common)
        return props

    def _traces(self, state: Any = None) -> list[go.Scatter]:
        props = self._board_props()
        feats = self._feature_props(state)
        quiet = dict(hoverinfo="skip", showlegend=False)
        traces = [go.Scatter(name=f"terrain:{slot}", mode="lines", fill="toself",
                             line=dict(color="#8c8c8c", width=1), **quiet,
                             **props[f"terrain:{slot}"]) for slot in range(TERRAIN_SLOTS)]
        for slot in range(FEATURE_SLOTS):
            p = dict(feats[f"feature:{slot}"])
            p.setdefault("mode", "lines")
            traces.append(go.Scatter(name=f"feature:{slot}", showlegend=False, **p))
        traces.append(go.Scatter(name="blocked", mode="lines", fill="toself", fillcolor="#dcdcdc",
                                 line=dict(color="#c8c8c8", width=1), **quiet, **props["blocked"]))
        traces.append(go.Scatter(name="edges", mode="lines", line=dict(color="#8a8a8a", width=1.5),
                                 **quiet, **props["edges"]))
        traces.append(go.Scatter(name="walls", mode="lines", line=dict(color="#222222", width=4),
                                 **quiet, **props["walls"]))
        traces.append(go.Scatter(name="doors", mode="lines",
                                 line=dict(color="#b5651d", width=4, dash="dot"), **quiet,
                                 **props["doors"]))
        traces.append(go.Scatter(
            x=[], y=[], name="overlay", mode="markers+text", text=[], hovertext=[],
            hoverinfo="text", textfont=dict(size=10, color="#111111"),
            textposition="bottom center",
            marker=dict(size=self._cell_size(0.85), color=[], opacity=0.55,
                        symbol="hexagon" if self._is_hex()
                        else ("square" if self.polygonal else "circle")),
            showlegend=False))
        traces.append(go.Scatter(
            x=[], y=[], name="path", mode="lines+markers", hoverinfo="skip", showlegend=False,
            line=dict(color="#e65100", width=4),
            marker=dict(size=9, color="#e65100", symbol="arrow", angleref="previous")))
        traces.append(go.Scatter(
            x=[], y=[], name="highlight", mode="lines+markers+text", text=[], hoverinfo="skip",
            showlegend=False, textposition="top right",
            textfont=dict(size=12, color="#c2185b"), line=dict(color="#c2185b", width=4,
                                                               dash="dash"),
            marker=dict(size=self._cell_size(1.0) + 10, color="rgba(0,0,0,0)",
                        symbol="circle", line=dict(color="#c2185b", width=3))))
        traces.append(go.Scatter(name="locations", mode="markers", hoverinfo="text",
                                 showlegend=False, **props["locations"]))
        traces.append(go.Scatter(
            x=[], y=[], name="selection", mode="markers", hoverinfo="skip", showlegend=False,
            marker=dict(size=self._cell_size(1.0) + 6, color="rgba(0,0,0,0)",
                        symbol="square" if not self._is_hex() else "hexagon",
                        line=dict(color="#ff9800", width=4))))
        traces.append(go.Scatter(
            x=[], y=[], name="units", mode="markers+text", text=[], hovertext=[],
            customdata=[], hoverinfo="text", showlegend=False,
            textfont=dict(size=COUNTER_FONT, color=[]), textposition="middle center",
            marker=dict(size=26, symbol="square", color=[],
                        line=dict(color="#111111", width=1))))
        traces.append(go.Scatter(
            x=[], y=[], name="badges", mode="markers+text", text=[], hoverinfo="skip",
            showlegend=False, textfont=dict(size=9, color="#111111"),
            marker=dict(size=15, symbol="circle", color="#fff59d",
                        line=dict(color="#111111", width=1))))
        traces.append(go.Scatter(name="leaders", mode="lines", line=dict(color="#555555",
                                                                         width=1), **quiet,
                                 **props["leaders"]))
        traces.append(go.Scatter(name="labels", mode="text", **quiet, **props["labels"]))
        return traces

    def _edges(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Connections drawn as lines: every adjacency of a point-like (graph) board."""
        if self.polygonal:
            return []
        out, seen = [], set()
        for i, loc in enumerate(self.locs):
            for nxt in self.board.neighbors(loc):
                j = self._index.get(nxt)
                if j is None or (j, i) in seen:
                    continue
                seen.add((i, j))
                out.append((self._xy[i], self._xy[j]))
        return out

    def _sides(self, attr: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Walls or doors of a square board, as drawable segments."""
        pairs = getattr(self.board, attr, None) or ()
        segment = getattr(self.board, "wall_segment", None)
        if segment is None:
            return []
        return [segment(*sorted(pair)) for pair in sorted(pairs, key=sorted)]

    def _layout(self, title: str) -> go.Layout:
        x0, x1, y0, y1 = self._extent()
        axis = dict(showgrid=False, zeroline=False, showticklabels=False, visible=False)
        yaxis = dict(axis, range=[y0, y1])
        if self.aspect:
            yaxis.update(scaleanchor="x", scaleratio=self.aspect)
        return go.Layout(
            width=self.width, height=self.height, autosize=False,
            margin=dict(l=2, r=2, t=30 if title else 2, b=2),
            xaxis=dict(axis, range=[x0, x1]), yaxis=yaxis, plot_bgcolor="#ffffff",
            title=dict(text=title, font=dict(size=14)) if title else None,
            hovermode="closest", clickmode="event", dragmode="pan", showlegend=False,
            uirevision="board")

    def figure(self) -> go.Figure:
        """The board as it is drawn now, as a plain Figure (for a notebook cell or an image)."""
        return go.Figure(self.fig)

    # -- locations --------------------------------------------------------------------------------
    def resolve(self, loc: Any) -> Loc:
        """A location of this board from a location, a JSON list ([q, r]) or a printed label."""
        try:
            if loc in self._index:
                return loc
        except TypeError:
            pass
        if isinstance(loc, list):
            as_tuple = tuple(loc)
            if as_tuple in self._index:
                return as_tuple
        if isinstance(loc, str) and loc in self._by_label:
            return self._by_label[loc]
        raise ValueError(f"location {loc!r} is not on board {getattr(self.board, 'name', '')!r}")

    def xy(self, loc: Any) -> tuple[float, float]:
        """Drawing coordinates of a location (resolved as in :meth:`resolve`)."""
        return self._xy[self._index[self.resolve(loc)]]

    def label(self, loc: Any) -> str:
        return self._labels[self._index[self.resolve(loc)]]

    def pieces_at(self, loc: Any) -> list[Piece]:
        """The counters at a location, bottom of the stack first."""
        where = self.resolve(loc)
        return [p for p, at in zip(self.pieces, self._unit_locs) if at == where]

    def face(self, piece: Piece) -> Any:
        """The counter face of a piece: the game's Display's, else one made from its label."""
        counter = getattr(self.display, "counter", None)
        if counter is not None and self.state is not None:
            try:
                return counter(self.state, piece)
            except (KeyError, StopIteration, AttributeError, ValueError):
                pass  # a piece the game's faces do not know: its label will do
        from rules_lib.core.contract import CounterFace

        return CounterFace(str(piece.get("label", "")), "", "",
                           str(piece.get("hover") or piece.get("label", "")))

    # -- drawing the state ------------------------------------------------------------------------
    def update(self, state: Any = None, *, pieces: list[Piece] | None = None) -> None:
        """Redraw the counters for a state (or an explicit list of piece dicts), in place."""
        if state is not None:
            self.state = state
        if self.board_of is not None and state is not None:
            self.set_board(self.board_of(state), state)
        if pieces is None:
            if self.pieces_of is None:
                raise ValueError("BoardView has no pieces_of function: pass pieces=")
            pieces = self.pieces_of(state)
        pieces = [p for p in pieces if p.get("loc") is not None]  # off-map counters: not drawn
        locs = [self.resolve(p["loc"]) for p in pieces]
        faces = [self.face(p) for p in pieces]
        stacks: dict[Loc, list[int]] = {}
        for i, where in enumerate(locs):
            stacks.setdefault(where, []).append(i)
        # one counter per location: the top unit of its stack (a marker — a building, a Fort's
        # boxes, a token — only when no unit is there), sized for the longest text
        tops = [(where, next((i for i in reversed(idx) if faces[i].status != "marker"), idx[-1]))
                for where, idx in stacks.items()]
        chars = max([max(len(faces[i].title), len(faces[i].values)) for _, i in tops] or [4])
        room = 0.86 * self.step_px if self.polygonal else max(40.0, 0.9 * self.step_px)
        font = max(MIN_FONT, min(COUNTER_FONT, int((room - 6) / (0.6 * max(chars, 3)))))
        size = min(room, max(24.0, 0.6 * font * chars + 8))
        xs, ys, text, hover, colors, tcolors, lcolors, lwidths, symbols, custom = \
            [], [], [], [], [], [], [], [], [], []
        bx, by, btext = [], [], []
        drop = self._counter_drop(size)
        for where, top in tops:
            piece, face = pieces[top], faces[top]
            x, y = self._xy[self._index[where]]
            y -= drop  # on a hex or square, the counter sits under the printed number
            xs.append(x)
            ys.append(y)
            text.append(_html_text(face.title) + (f"<br>{_html_text(face.values)}"
                                                  if face.values else ""))
            colour = piece.get("color") or self._side_color(piece.get("side", ""))
            fill, tcol, lcol, lw, sym = colour, "#ffffff", "#111111", 1, piece.get("symbol",
                                                                                    "square")
            if face.status == "reduced":
                fill, tcol, lcol, lw = _pale(colour), colour, colour, 2.5
            elif face.status == "destroyed":
                fill, tcol, lcol, lw, sym = "#e0e0e0", "#616161", "#9e9e9e", 1.5, "square-x"
            elif face.status == "hidden":
                fill, tcol = colour, "#ffffff"
            elif face.status == "marker":
                fill, tcol, lcol, lw = "#ffffff", colour, colour, 2.5
                sym = piece.get("symbol", "octagon")
            if _dark(fill):
                tcol = "#ffffff" if face.status not in ("reduced", "marker") else tcol
            colors.append(fill)
            tcolors.append(tcol)
            lcolors.append(lcol)
            lwidths.append(lw)
            symbols.append(sym)
            custom.append(top)
            n = len(stacks[where])
            lines = [f"<b>{html.escape(self._labels[self._index[where]])}</b>"]
            lines += [_html_text(faces[i].detail or pieces[i].get("hover") or
                                 pieces[i].get("label", "")) for i in reversed(stacks[where])]
            if n > 1:
                lines.insert(1, f"<i>stack of {n} (click to list)</i>")
                off = size / 2 / self._px_per_unit
                bx.append(x + off)
                by.append(y + off / (self.aspect or 1.0))
                btext.append(str(n))
            hover.append("<br>".join(lines))
        self.pieces = list(pieces)
        self._unit_locs = locs
        self._stack_locs = [where for where, _ in tops]
        self._stack_top = [top for _, top in tops]
        self.faces = faces
        units, badges = self.trace["units"], self.trace["badges"]
        with self.fig.batch_update():
            units.x, units.y = xs, ys
            units.text, units.hovertext, units.customdata = text, hover, custom
            units.marker.color = colors
            units.marker.symbol = symbols
            units.marker.size = size
            units.marker.line.color = lcolors
            units.marker.line.width = lwidths
            units.textfont.color = tcolors
            units.textfont.size = font
            badges.x, badges.y, badges.text = bx, by, btext
        self.counter_size, self.counter_font = size, font
        counts = {where: min(len(idx), 2) for where, idx in stacks.items()}
        if not self.polygonal and (size, tuple(sorted((self._index[k], n) for k, n in
                                                      counts.items()))) != \
                getattr(self, "_labels_for", None):
            lx, ly = self._label_xy(size, counts)
            leaders = self._leaders(lx, ly)
            with self.fig.batch_update():
                self.trace["labels"].x, self.trace["labels"].y = lx, ly
                self.trace["leaders"].update(leaders)
        keep_state(self.fig)
        if self.selected is not None:
            self.selected_piece = self._piece_still_there(self.selected_piece, self.selected)
        self._draw_legend()

    def _piece_still_there(self, piece: Piece | None, loc: Loc) -> Piece | None:
        if piece is None or "id" not in piece:
            return None
        for p, at in zip(self.pieces, self._unit_locs):
            if p.get("id") == piece["id"]:
                return p if at == loc else None
        return None

    # -- legend ----------------------------------------------------------------------------------
    def legend_entries(self) -> list[tuple[str, str]]:
        """(swatch HTML, label) of every legend line: the game's, then the overlay's."""
        out: list[tuple[str, str]] = []
        make = getattr(self.display, "legend", None)
        if make is not None and self.state is not None:
            for e in make(self.state):
                out.append((swatch(e.color, e.shape, e.symbol, e.dash), e.label))
        else:
            for side, colour in self._side_colors.items():
                if side:
                    out.append((swatch(colour), side))
            if self.polygonal:
                for name in getattr(self, "terrain_slots", []):
                    out.append((swatch(self._terrain_color(name), "area"),
                                (name or "clear").replace("_", " ")))
        return out

    def _draw_legend(self) -> None:
        items = "".join(f"<span class='re-legend-item' style='margin-right:10px;"
                        f"white-space:nowrap'>{sw}{html.escape(label)}</span> "
                        for sw, label in self.legend_entries())
        over = ""
        if self.overlay_legend:
            over = ("<div class='re-overlay-legend'><b>" + html.escape(self.overlay_title)
                    + ":</b> " + "".join(
                        f"<span style='margin-right:8px;white-space:nowrap'>"
                        f"{swatch(c, 'area')}{html.escape(t)}</span>"
                        for c, t in self.overlay_legend) + "</div>")
        value = (f"<div style='font-size:12px;line-height:1.6;max-width:{self.width}px'>"
                 f"{items}{over}</div>")
        if self.legend.value != value:
            self.legend.value = value

    # -- overlay ---------------------------------------------------------------------------------
    overlay_title = ""

    def show_overlay(self, values: Mapping[Any, Any], title: str = "",
                     fmt: Callable[[float], str] | None = None, kind: str = "") -> None:
        """Colour locations by a value with a discrete legend: ``kind`` "steps" (whole numbers:
        MP, cost), "seen" (1 visible, 0 hidden), "probability" (bands); guessed when not given."""
        locs, vals = [], []
        for loc, value in values.items():
            locs.append(self.resolve(loc))
            vals.append(float(getattr(value, "cost", value)))
        if not kind:
            kind = ("steps" if all(float(v).is_integer() for v in vals)
                    else "probability" if all(0 <= v <= 1 for v in vals) else "steps")
        fmt = fmt or ((lambda v: f"{v:.0%}") if kind == "probability" else
                      (lambda v: f"{v:g}" if float(v).is_integer() else f"{v:.2f}"))
        colours, legend = self._discrete(vals, kind)
        overlay = self.trace["overlay"]
        self.overlay = dict(zip(locs, vals))
        self.overlay_kind = kind
        self.overlay_title = title
        self.overlay_legend = legend
        self._overlay_locs = locs
        with self.fig.batch_update():
            overlay.x = [self._xy[self._index[loc]][0] for loc in locs]
            overlay.y = [self._xy[self._index[loc]][1] for loc in locs]
            overlay.text = [fmt(v) for v in vals] if kind != "seen" else ["" for _ in vals]
            overlay.hovertext = [_html_text(f"{self._labels[self._index[loc]]}: "
                                            + (("seen" if v else "not seen") if kind == "seen"
                                               else fmt(v))
                                            + (f" {title}" if title and kind != "seen" else ""))
                                 for loc, v in zip(locs, vals)]
            overlay.marker.color = colours
            overlay.marker.opacity = 0.45 if kind == "seen" else 0.6
            if not vals:
                self.trace["path"].x, self.trace["path"].y = [], []
        if not vals:
            self.path = []
        keep_state(self.fig)
        self._draw_legend()

    @staticmethod
    def _discrete(vals: list[float], kind: str) -> tuple[list[str], list[tuple[str, str]]]:
        if not vals:
            return [], []
        if kind == "seen":
            return ([SEEN if v else NOT_SEEN for v in vals],
                    [(SEEN, "seen"), (NOT_SEEN, "not seen")])
        if kind == "probability":
            def band(v: float) -> tuple[str, str]:
                return next((c, t) for lo, c, t in PROB_BANDS if v >= lo)
            used = {band(v) for v in vals}
            return [band(v)[0] for v in vals], [b[1:] for b in PROB_BANDS if b[1:] in used]
        steps = sorted(set(vals))
        if len(steps) > len(STEP_COLORS):  # more steps than colours: equal bands
            lo, hi = steps[0], steps[-1]
            width = (hi - lo) / len(STEP_COLORS)
            idx = [min(len(STEP_COLORS) - 1, int((v - lo) / width)) for v in vals]
            legend = [(STEP_COLORS[i], f"{lo + i * width:g}–{lo + (i + 1) * width:g}")
                      for i in sorted(set(idx))]
            return [STEP_COLORS[i] for i in idx], legend
        colour = {v: STEP_COLORS[i] for i, v in enumerate(steps)}
        return [colour[v] for v in vals], [(colour[v], f"{v:g}") for v in steps]

    def clear_overlay(self) -> None:
        """Remove the overlay colours (and the path drawn on it)."""
        self.show_overlay({})

    def path_to(self, loc: Any) -> list[Loc]:
        """A route from the overlay's start (its cheapest location) to ``loc`` through the
        overlay: for costs, each step goes to a neighbour that costs less (a shortest route that
        the costs allow); for other values, the fewest steps through the coloured locations."""
        target = self.resolve(loc)
        if target not in self.overlay or self.overlay_kind == "seen":
            return []
        if self.overlay_kind == "steps":
            route = [target]
            while self.overlay[route[-1]] > 0:
                here = self.overlay[route[-1]]
                lower = [n for n in self.board.neighbors(route[-1])
                         if n in self.overlay and self.overlay[n] < here]
                if not lower:
                    break
                route.append(min(lower, key=lambda n: (self.overlay[n], self._index[n])))
            return list(reversed(route))
        start = max(self.overlay, key=lambda k: (self.overlay[k], -self._index[k]))
        prev: dict[Loc, Loc | None] = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here == target:
                break
            for n in self.board.neighbors(here):
                if n in self.overlay and n not in prev:
                    prev[n] = here
                    queue.append(n)
        if target not in prev:
            return []
        route, at = [], target
        while at is not None:
            route.append(at)
            at = prev[at]
        return list(reversed(route))

    def show_path(self, route: Sequence[Loc]) -> None:
        """Draw a route (a list of locations) as an arrowed line."""
        self.path = [self.resolve(r) for r in route]
        trace = self.trace["path"]
        with self.fig.batch_update():
            trace.x = [self._xy[self._index[r]][0] for r in self.path]
            trace.y = [self._xy[self._index[r]][1] for r in self.path]
        keep_state(self.fig)

    def _hovered(self, trace: Any, points: Any, state: Any) -> None:
        if not points.point_inds:
            return
        i = points.point_inds[0]
        if i < len(self._overlay_locs):
            try:
                self.show_path(self.path_to(self._overlay_locs[i]))
            except Exception:  # noqa: BLE001 - a hover never raises into the page
                pass

    def highlight(self, locs: Sequence[Any], text: str = "") -> None:
        """Mark what a log row did: its locations joined in order (a move), with a note."""
        shown = []
        for loc in locs:
            try:
                where = self.resolve(loc)
            except (ValueError, TypeError):
                continue
            if not shown or shown[-1] != where:
                shown.append(where)
        self.highlighted = shown
        trace = self.trace["highlight"]
        with self.fig.batch_update():
            trace.x = [self._xy[self._index[r]][0] for r in shown]
            trace.y = [self._xy[self._index[r]][1] for r in shown]
            trace.text = [text if i == len(shown) - 1 else "" for i in range(len(shown))]
        keep_state(self.fig)

    # -- selection --------------------------------------------------------------------------------
    def on_select(self, callback: SelectCallback) -> None:
        """Call ``callback(loc, piece_or_None)`` whenever a location or counter is selected."""
        self._callbacks.append(callback)

    def select(self, loc: Any, piece: Piece | None = None, notify: bool = True) -> None:
        """Select a location (ring it) and tell the listeners; ``None`` clears the selection."""
        sel = self.trace["selection"]
        if loc is None:
            self.selected, self.selected_piece = None, None
            with self.fig.batch_update():
                sel.x, sel.y = [], []
        else:
            where = self.resolve(loc)
            self.selected, self.selected_piece = where, piece
            x, y = self._xy[self._index[where]]
            with self.fig.batch_update():
                sel.x, sel.y = [x], [y]
        keep_state(self.fig)
        if notify:
            for cb in list(self._callbacks):
                cb(self.selected, self.selected_piece)

    def _clicked(self, trace: Any, points: Any, state: Any) -> None:
        """A click in the browser: plotly calls this once per trace; only the trace holding the
        clicked point has points (the other calls must do nothing, not even clear the banner)."""
        if not points.point_inds:
            return
        self._guarded_click(trace.name, points.point_inds[0])

    def _clicked_point(self, name: str, i: int) -> None:
        """Map a clicked point back to its location (and counter)."""
        if name == "units":
            if i < len(self._stack_locs):
                loc = self._stack_locs[i]
                self.select(loc, self._top_piece(loc))
        elif name == "overlay":
            if i < len(self._overlay_locs):
                loc = self._overlay_locs[i]
                self.select(loc, self._top_piece(loc))
        elif i < len(self.locs):  # locations and labels share the location order
            loc = self.locs[i]
            self.select(loc, self._top_piece(loc))

    def _top_piece(self, loc: Loc) -> Piece | None:
        """The counter drawn for a location (its top unit; a marker when no unit is there)."""
        if loc in self._stack_locs:
            return self.pieces[self._stack_top[self._stack_locs.index(loc)]]
        return None


def _dark(color: str) -> bool:
    c = color.lstrip("#")
    if len(c) != 6:
        return False
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b < 150

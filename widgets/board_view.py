"""BoardView: any Board and its counters drawn as one Plotly FigureWidget; clicks select locations.

The figure is built once with every trace it will ever have (terrain fills, connections, walls and
doors, location markers, labels, an overlay for reach / line-of-sight values, the selection ring and
the units); afterwards only trace *properties* change, inside ``fig.batch_update()``. Traces added
after construction vanish in Voila and after a page reload (see ``shared/notes/jupyter_stack.md``).

The view knows boards only through the Board protocol (``locations``, ``xy``, ``outline``,
``label``, ``neighbors``) plus a few optional extras when a board has them (``terrain_at`` /
``node_attr`` terrain; ``walls`` / ``doors`` / ``blocked`` of square boards). Counters come from
the game's ``pieces(state)``: one dict per counter with ``loc``, ``side``, ``label``, ``kind``,
``hover`` and, optionally, ``id`` (what ``movement_reach`` and the setup API accept for that
counter), ``color`` and ``symbol``. A counter whose ``loc`` is None is not drawn. Counters in one
location fan out a few pixels; the top one shows its label with "+n" and lists the stack on hover.

Building: every layer is set from numpy arrays (Plotly validates a list item by item, an array at
once), which keeps a 600-hex map under ~50 ms.
"""
from __future__ import annotations

import copy
import html
import math
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
#: Counter colours per side, in the order of the game's players.
SIDE_COLORS: tuple[str, ...] = ("#1f5fa8", "#b22222", "#2e7d32", "#7b3fa0", "#e08a00", "#00838f",
                                "#5d4037", "#c2185b")
OVERLAY_SCALE = "Viridis"
#: Terrain fill traces made up front (a board may change, the set of traces may not).
TERRAIN_SLOTS = 12
#: Screen offset between counters of one stack, in pixels.
STACK_STEP_PX = 4.0


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


class BoardView(widgets.VBox):
    """A board drawn once; ``update`` moves the counters, ``show_overlay`` colours locations.

    ``pieces_of(state)`` turns a game state into counter dicts (a game's ``entry.pieces``);
    ``board_of(state)`` (a game's ``entry.board``), when given, is asked on every update so a board
    that changes during play (a town growing tile by tile) is redrawn in place;
    ``sides`` fixes the colour order of the players. ``on_select(cb)`` calls ``cb(loc, piece)``
    when a location or counter is clicked; with a ``banner`` a click's problems are shown there.
    """

    def __init__(self, board: Any, pieces_of: Callable[[Any], list[Piece]] | None = None,
                 state: Any = None, *, sides: Sequence[str] = (),
                 terrain_colors: Mapping[str, str] | None = None, width: int = 640,
                 height: int = 520, aspect: float | None = 1.0, title: str = "",
                 banner: ErrorBanner | None = None,
                 board_of: Callable[[Any], Any] | None = None) -> None:
        self.pieces_of = pieces_of
        self.board_of = board_of
        self._terrain_colors = dict(TERRAIN_COLORS)
        self._terrain_colors.update(terrain_colors or {})
        self._side_colors: dict[str, str] = {}
        for side in sides:
            self._side_color(side)
        self.width, self.height, self.aspect = width, height, aspect
        self._callbacks: list[SelectCallback] = []
        self.selected: Loc | None = None
        self.selected_piece: Piece | None = None
        self.pieces: list[Piece] = []
        self._unit_locs: list[Loc] = []
        self.overlay: dict[Loc, float] = {}
        self._overlay_locs: list[Loc] = []
        self._measure(board)
        self.fig = go.FigureWidget(data=self._traces(), layout=self._layout(title))
        self.trace: dict[str, Any] = {t.name: t for t in self.fig.data}
        # a click is one user action: its listeners' problems go to the banner, none hides another's
        on_click = guarded(banner, self._clicked) if banner is not None else self._clicked
        for name in ("locations", "overlay", "units", "labels"):
            self.trace[name].on_click(on_click)
        super().__init__(children=[self.fig])
        self.add_class("re-board")
        if state is not None and pieces_of is not None:
            self.update(state)

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

    def set_board(self, board: Any) -> bool:
        """Redraw a changed board (a town growing tile by tile) in place; False if unchanged."""
        if board is self.board or self._board_signature(board) == self._signature:
            self.board = board
            return False
        self._measure(board)
        props = self._board_props()
        x0, x1, y0, y1 = self._extent()
        with self.fig.batch_update():
            for name, values in props.items():
                self.trace[name].update(values)
            self.fig.layout.xaxis.range = [x0, x1]
            self.fig.layout.yaxis.range = [y0, y1]
            self.trace["overlay"].marker.size = self._mark_size(0.8, 10, 110)
            self.trace["selection"].marker.size = self._mark_size(0.95, 14, 52)
            self.trace["units"].marker.size = self._mark_size(0.5, 14, 34)
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
        w, h = self.width - 20, self.height - 40
        if aspect:
            return min(w / max(x1 - x0, 1e-9), h / max((y1 - y0) * aspect, 1e-9))
        return min(w / max(x1 - x0, 1e-9), h / max(y1 - y0, 1e-9))

    def _mark_size(self, fraction: float, low: float = 6, high: float = 44) -> float:
        """Marker diameter in pixels covering ``fraction`` of a typical step."""
        return max(low, min(high, fraction * self.scale * self._px_per_unit))

    # -- the traces (all of them, once) -----------------------------------------------------------
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

    def _is_hex(self) -> bool:
        return any(len(poly) == 6 for poly in self._outlines[:5])

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
        hover = [_html_text(f"{lab}" + (f" ({ter})" if ter else ""))
                 for lab, ter in zip(self._labels, self._terrain)]
        if self.polygonal:  # invisible click targets at the cell centres
            marker = dict(size=self._mark_size(0.9, 6, 120), color="rgba(0,0,0,0)", opacity=0,
                          symbol="hexagon" if self._is_hex() else "square",
                          line=dict(width=0))
        else:
            marker = dict(size=self._mark_size(0.28, 7, 16),
                          color=[self._terrain_color(t) if t else "#ffffff" for t in self._terrain],
                          symbol="circle", line=dict(color="#555555", width=1.5))
        props["locations"] = dict(x=xs, y=ys, hovertext=hover, marker=marker)
        if self.polygonal:  # the printed number near the top edge of the hex or square
            lab_dy = (0.55 if self._is_hex() else 0.32) * self.scale
        else:  # a place name just above where its counters sit
            lab_dy = (self._mark_size(0.5, 14, 34) / 2 + 1) / self._px_per_unit
        props["labels"] = dict(x=xs, y=ys + lab_dy, text=self._labels,
                               textposition="middle center" if self.polygonal else "top center",
                               textfont=dict(size=9 if self.polygonal else 10, color="#444444"))
        return props

    def _traces(self) -> list[go.Scatter]:
        props = self._board_props()
        quiet = dict(hoverinfo="skip", showlegend=False)
        traces = [go.Scatter(name=f"terrain:{slot}", mode="lines", fill="toself",
                             line=dict(color="#8c8c8c", width=1), **quiet,
                             **props[f"terrain:{slot}"]) for slot in range(TERRAIN_SLOTS)]
        traces.append(go.Scatter(name="blocked", mode="lines", fill="toself", fillcolor="#dcdcdc",
                                 line=dict(color="#c8c8c8", width=1), **quiet, **props["blocked"]))
        traces.append(go.Scatter(name="edges", mode="lines", line=dict(color="#9a9a9a", width=1.5),
                                 **quiet, **props["edges"]))
        traces.append(go.Scatter(name="walls", mode="lines", line=dict(color="#222222", width=4),
                                 **quiet, **props["walls"]))
        traces.append(go.Scatter(name="doors", mode="lines",
                                 line=dict(color="#b5651d", width=4, dash="dot"), **quiet,
                                 **props["doors"]))
        traces.append(go.Scatter(name="locations", mode="markers", hoverinfo="text",
                                 showlegend=False, **props["locations"]))
        traces.append(go.Scatter(name="labels", mode="text", **quiet, **props["labels"]))
        traces.append(go.Scatter(
            x=[], y=[], name="overlay", mode="markers+text", text=[], hovertext=[],
            hoverinfo="text", textfont=dict(size=10, color="#111111"),
            marker=dict(size=self._mark_size(0.8, 10, 110), color=[], colorscale=OVERLAY_SCALE,
                        opacity=0.55, showscale=False, symbol="hexagon" if self._is_hex()
                        else ("square" if self.polygonal else "circle"),
                        colorbar=dict(thickness=10, len=0.6, title=dict(text=""))),
            showlegend=False))
        traces.append(go.Scatter(
            x=[], y=[], name="selection", mode="markers", hoverinfo="skip", showlegend=False,
            marker=dict(size=self._mark_size(0.95, 14, 52), color="rgba(0,0,0,0)",
                        symbol="circle", line=dict(color="#ff9800", width=4))))
        traces.append(go.Scatter(
            x=[], y=[], name="units", mode="markers+text", text=[], hovertext=[],
            customdata=[], hoverinfo="text", showlegend=False,
            textfont=dict(size=9, color="#ffffff"),
            marker=dict(size=self._mark_size(0.5, 14, 34), symbol="square", color=[],
                        line=dict(color="#111111", width=1))))
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
            width=self.width, height=self.height, margin=dict(l=5, r=5, t=30 if title else 5, b=5),
            xaxis=dict(axis, range=[x0, x1]), yaxis=yaxis, plot_bgcolor="#ffffff",
            title=dict(text=title, font=dict(size=14)) if title else None,
            hovermode="closest", clickmode="event", dragmode="pan", showlegend=False,
            uirevision="board")

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
        """The counters drawn at a location, bottom of the stack first."""
        where = self.resolve(loc)
        return [p for p, at in zip(self.pieces, self._unit_locs) if at == where]

    # -- drawing the state ------------------------------------------------------------------------
    def update(self, state: Any = None, *, pieces: list[Piece] | None = None) -> None:
        """Redraw the counters for a state (or an explicit list of piece dicts), in place."""
        if self.board_of is not None and state is not None:
            self.set_board(self.board_of(state))
        if pieces is None:
            if self.pieces_of is None:
                raise ValueError("BoardView has no pieces_of function: pass pieces=")
            pieces = self.pieces_of(state)
        pieces = [p for p in pieces if p.get("loc") is not None]  # off-map counters: not drawn
        locs = [self.resolve(p["loc"]) for p in pieces]
        size: dict[Loc, int] = {}
        for where in locs:
            size[where] = size.get(where, 0) + 1
        step = STACK_STEP_PX / self._px_per_unit  # a stack fans out a few pixels per counter
        seen: dict[Loc, int] = {}
        xs, ys, text, hover, colors, symbols = [], [], [], [], [], []
        for piece, where in zip(pieces, locs):
            k = seen.get(where, 0)
            seen[where] = k + 1
            x, y = self._xy[self._index[where]]
            xs.append(x + k * step)
            ys.append(y - k * step)
            label = str(piece.get("label", ""))
            tip = _html_text(piece.get("hover") or
                             f"{piece.get('kind', '')} ({piece.get('side', '')})")
            n = size[where]
            if k == n - 1 and n > 1:  # the top counter names the stack beneath it
                below = [str(p.get("label", "")) for p, at in zip(pieces, locs) if at == where]
                label = f"{label} +{n - 1}"
                tip += "<br><i>stack: " + html.escape(", ".join(below)) + "</i>"
            text.append(label if k == n - 1 else "")
            hover.append(tip)
            colors.append(piece.get("color") or self._side_color(piece.get("side", "")))
            symbols.append(piece.get("symbol", "square"))
        custom = list(range(len(pieces)))
        self.pieces = list(pieces)
        self._unit_locs = locs
        units = self.trace["units"]
        with self.fig.batch_update():
            units.x, units.y = xs, ys
            units.text, units.hovertext, units.customdata = text, hover, custom
            units.marker.color = colors
            units.marker.symbol = symbols
        keep_state(self.fig)
        if self.selected is not None:
            self.selected_piece = self._piece_still_there(self.selected_piece, self.selected)

    def _piece_still_there(self, piece: Piece | None, loc: Loc) -> Piece | None:
        if piece is None or "id" not in piece:
            return None
        for p, at in zip(self.pieces, self._unit_locs):
            if p.get("id") == piece["id"]:
                return p if at == loc else None
        return None

    def show_overlay(self, values: Mapping[Any, Any], title: str = "",
                     fmt: Callable[[float], str] | None = None) -> None:
        """Colour locations by a value (reach cost, probability, visibility) with a colour scale."""
        locs, vals = [], []
        for loc, value in values.items():
            locs.append(self.resolve(loc))
            vals.append(float(getattr(value, "cost", value)))
        fmt = fmt or (lambda v: f"{v:g}" if float(v).is_integer() else f"{v:.2f}")
        overlay = self.trace["overlay"]
        self.overlay = dict(zip(locs, vals))
        self._overlay_locs = locs
        with self.fig.batch_update():
            overlay.x = [self._xy[self._index[loc]][0] for loc in locs]
            overlay.y = [self._xy[self._index[loc]][1] for loc in locs]
            overlay.text = [fmt(v) for v in vals]
            overlay.hovertext = [_html_text(f"{self._labels[self._index[loc]]}: {fmt(v)}"
                                            + (f" {title}" if title else ""))
                                 for loc, v in zip(locs, vals)]
            overlay.marker.color = vals
            overlay.marker.showscale = bool(vals)
            overlay.marker.colorbar.title.text = title
            if vals:
                lo, hi = min(vals), max(vals)
                overlay.marker.cmin, overlay.marker.cmax = lo, (hi if hi > lo else lo + 1)
        keep_state(self.fig)

    def clear_overlay(self) -> None:
        """Remove the overlay colours."""
        self.show_overlay({})

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
        """A click in the browser: map the point back to its location (and counter)."""
        if not points.point_inds:
            return
        i = points.point_inds[0]
        if trace.name == "units":
            if i < len(self.pieces):
                self.select(self._unit_locs[i], self.pieces[i])
        elif trace.name == "overlay":
            if i < len(self._overlay_locs):
                loc = self._overlay_locs[i]
                self.select(loc, self._top_piece(loc))
        elif i < len(self.locs):  # locations and labels share the location order
            loc = self.locs[i]
            self.select(loc, self._top_piece(loc))

    def _top_piece(self, loc: Loc) -> Piece | None:
        stack = [p for p, at in zip(self.pieces, self._unit_locs) if at == loc]
        return stack[-1] if stack else None

"""BattlePanel: a battle calculator in the manner of TripleA's — pick the units of each side, read
the chance of each result.

The game describes its battle in its ``Display.battle`` (a ``BattleCalculator``): the pickers
per side, the call to its exact odds, and how to read the table into *mutually exclusive* results
(they add up to 100%) and expectations. The panel holds no rule. The headline shows each result as
a percentage (rounded so the shown figures add up to exactly 100.0%), the exact fraction on hover;
the expectations have their own table; a bar chart shows the results, and a battle can be kept
for comparison. "Odds for the selected battle" fills the pickers from the location selected on
the board.
"""
from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from .board_view import keep_state
from .errors import ErrorBanner, guarded
from .odds_panel import make_control

RESULT_COLORS = ("#2e7d32", "#c62828", "#1565c0", "#6d4c41", "#8e24aa", "#ef6c00", "#00838f",
                 "#546e7a")


def percentages(probs: Sequence[Fraction], decimals: int = 1) -> list[float]:
    """Percentages rounded so they add up to exactly 100 (largest remainders get the rest)."""
    unit = 10 ** decimals
    total = sum(probs) or Fraction(1)
    raw = [p / total * 100 * unit for p in probs]
    floors = [int(r) for r in raw]
    short = 100 * unit - sum(floors)
    order = sorted(range(len(raw)), key=lambda i: raw[i] - floors[i], reverse=True)
    for i in order[:short]:
        floors[i] += 1
    return [f / unit for f in floors]


def _fraction_text(p: Fraction) -> str:
    return str(p) if p.denominator != 1 else str(p.numerator)


class BattlePanel(widgets.VBox):
    """Unit pickers per side; headline results summing to 100%; expectations; a chart."""

    def __init__(self, entry: Any, *, banner: ErrorBanner | None = None, width: int = 460,
                 height: int = 220) -> None:
        battle = getattr(getattr(entry, "display", None), "battle", None)
        if battle is None:
            raise ValueError(f"{entry.name}: the game describes no battle calculator")
        self.entry, self.battle = entry, battle
        self.banner = banner or ErrorBanner()
        self.controls: dict[str, widgets.Widget] = {}
        self.kinds: dict[str, str] = {}
        columns = []
        for heading, specs in battle.groups():
            items: list[widgets.Widget] = [widgets.HTML(f"<b>{html.escape(heading)}</b>")]
            for spec in specs:
                control = make_control(spec)
                if hasattr(control, "style") and hasattr(control.style, "description_width"):
                    control.style.description_width = "110px"
                control.layout.width = "215px" if spec.get("kind") != "choice" else "260px"
                control.add_class("re-battle-input")  # the browser tour reads what it shows
                self.controls[spec["name"]] = control
                self.kinds[spec["name"]] = spec.get("kind", "text")
                items.append(control)
            col = widgets.VBox(items, layout=widgets.Layout(margin="0 10px 4px 0"))
            col.add_class("re-battle-side")
            columns.append(col)
        self.pickers = widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap"))
        self.compute_button = widgets.Button(description="⚔ Compute odds", button_style="primary",
                                             tooltip="The exact odds of this battle")
        self.compute_button.add_class("re-odds-compute")
        self.from_board_button = widgets.Button(
            description="⌖ Selected battle", tooltip="Fill the pickers from the battle at the "
            "location selected on the board", disabled=True)
        self.from_board_button.add_class("re-odds-from-board")
        self.keep_button = widgets.Button(description="Keep to compare",
                                          tooltip="Keep this result beside the next one")
        self.keep_button.add_class("re-odds-keep")
        self.note = widgets.HTML(f"<small style='color:#555'>{html.escape(battle.note)}</small>"
                                 if battle.note else "")
        self.source = widgets.HTML()
        self.source.add_class("re-odds-source")
        self.headline = widgets.HTML()
        self.headline.add_class("re-odds-headline")
        self.expectations = widgets.HTML()
        self.expectations.add_class("re-odds-expectations")
        self._size = (width, height)
        self._fig: go.FigureWidget | None = None
        self.chart = widgets.Box()  # the chart is made on the first result (see ``fig``)
        self.chart.add_class("re-odds-chart")
        self.results: list[tuple[str, Fraction]] = []
        self.kept: list[tuple[str, Fraction]] = []
        self.table: Any = None
        self._selection: tuple[Any, Any, Any] | None = None
        self.why = ""
        g = lambda fn: guarded(self.banner, fn)  # noqa: E731
        self.compute_button.on_click(g(lambda _b: self.compute()))
        self.from_board_button.on_click(g(lambda _b: self.odds_for_selection()))
        self.keep_button.on_click(g(lambda _b: self.keep()))
        buttons = widgets.HBox([self.compute_button, self.from_board_button, self.keep_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__(([self.banner] if banner is None else []) +
                         [self.note, self.pickers, buttons, self.source, self.headline, self.chart,
                          self.expectations])
        self.add_class("re-odds")
        self.add_class("re-battle")

    @property
    def fig(self) -> go.FigureWidget:
        """The results chart, made on first use: every FigureWidget a page holds when it loads
        must initialise within anywidget's 2 s limit (each parses plotly.js); a chart made later,
        when the page is idle, does not compete with the board for it."""
        if self._fig is None:
            width, height = self._size
            fig = go.FigureWidget(
                data=[go.Bar(x=[], y=[], orientation="h", name="this battle", text=[],
                             textposition="auto", marker_color=[], customdata=[],
                             hovertemplate="%{y}: %{x:.1f}%<br>exact %{customdata}<extra></extra>"),
                      go.Bar(x=[], y=[], orientation="h", name="kept", text=[], visible=False,
                             textposition="auto", marker=dict(color="#bdbdbd"), customdata=[],
                             hovertemplate="%{y}: %{x:.1f}%<br>exact %{customdata}"
                                           "<extra>kept</extra>")],
                layout=go.Layout(width=width, height=height, barmode="group",
                                 margin=dict(l=10, r=10, t=10, b=35),
                                 xaxis=dict(title=dict(text="chance (%)"), range=[0, 100]),
                                 yaxis=dict(automargin=True, autorange="reversed"),
                                 showlegend=False))
            self._fig = fig
            self.chart.children = [fig]
        return self._fig

    # -- inputs ----------------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        """The picked values, by control name."""
        return {name: (list(c.value) if self.kinds[name] == "multi" else c.value)
                for name, c in self.controls.items()}

    def set(self, values: Mapping[str, Any]) -> None:
        for name, value in values.items():
            if name not in self.controls:
                raise ValueError(f"battle input {name!r} is not one of {', '.join(self.controls)}")
            control = self.controls[name]
            if isinstance(control, (widgets.BoundedIntText, widgets.BoundedFloatText)):
                value = max(control.min, min(control.max, value))
            control.value = tuple(value) if self.kinds[name] == "multi" else value

    # -- results ---------------------------------------------------------------------------------
    def compute(self) -> list[tuple[str, Fraction]]:
        """The exact odds of the picked battle: headline, expectations and chart, in place."""
        table = self.battle.odds(self.values())
        results = [(label, Fraction(p)) for label, p in self.battle.results(table)]
        total = sum(p for _, p in results)
        if total != 1:
            raise ValueError(f"{self.entry.name}: the battle's results add up to {total}, not 1")
        expectations = list(self.battle.expectations(table)) if self.battle.expectations else []
        self.table, self.results = table, results
        self._draw(results, expectations)
        return results

    def _draw(self, results: list[tuple[str, Fraction]],
              expectations: list[tuple[str, Any]]) -> None:
        shown = percentages([p for _, p in results])
        colours = [RESULT_COLORS[i % len(RESULT_COLORS)] for i in range(len(results))]
        blocks = "".join(
            f"<div class='re-odds-result' title='exact {html.escape(_fraction_text(p))}' "
            f"style='display:inline-block;min-width:96px;margin:2px 6px 2px 0;padding:3px 8px;"
            f"border-left:6px solid {c};background:#f7f7f7'>"
            f"<div style='font-size:20px;font-weight:bold'>{pct:.1f}%</div>"
            f"<div style='font-size:12px'>{html.escape(label)}</div></div>"
            for (label, p), pct, c in zip(results, shown, colours))
        self.headline.value = (f"<div style='margin:4px 0'>{blocks}</div><small style='color:#666'>"
                               f"These results exclude each other and add up to 100%; hover "
                               "for the exact fraction.</small>")
        rows = "".join(
            f"<tr><td style='padding:1px 10px 1px 0'>{html.escape(label)}</td>"
            f"<td title='exact {html.escape(_fraction_text(Fraction(v)))}' "
            f"style='text-align:right'>{_number(label, Fraction(v))}</td></tr>"
            for label, v in expectations)
        self.expectations.value = (f"<b>Also</b><table style='font-size:12px'>{rows}</table>"
                                   if rows else "")
        bar, kept = self.fig.data
        with self.fig.batch_update():
            bar.y = [label for label, _ in results]
            bar.x = shown
            bar.text = [f"{v:.1f}%" for v in shown]
            bar.customdata = [_fraction_text(p) for _, p in results]
            bar.marker.color = colours
            kept_map = dict(self.kept)
            kept.visible = bool(self.kept)
            if self.kept:
                labels = [label for label, _ in results] + [
                    label for label, _ in self.kept if label not in dict(results)]
                kp = percentages([kept_map.get(label, Fraction(0)) for label in labels])
                kept.y, kept.x = labels, kp
                kept.text = [f"{v:.1f}%" for v in kp]
                kept.customdata = [_fraction_text(kept_map.get(label, Fraction(0)))
                                   for label in labels]
        keep_state(self.fig)

    def keep(self) -> None:
        """Keep the shown result, drawn grey beside the next battle's."""
        if not self.results:
            raise ValueError("compute a battle first, then keep it to compare")
        self.kept = list(self.results)
        self._draw(self.results, list(self.battle.expectations(self.table))
                   if self.battle.expectations else [])

    # -- the board -------------------------------------------------------------------------------
    def remember_selection(self, state: Any, loc: Any, piece: Any = None) -> None:
        """Note the board's selection (the "selected battle" button uses it)."""
        self._selection = (state, loc, piece) if loc is not None else None
        self.from_board_button.disabled = self._selection is None or \
            self.battle.from_selection is None

    def set_from_selection(self, state: Any, loc: Any, piece: Any = None) -> bool:
        """Fill the pickers from the battle at a selected location and compute; False (and
        nothing changed) when there is no battle there."""
        self.remember_selection(state, loc, piece)
        if self.battle.from_selection is None or loc is None:
            return False
        try:
            values = self.battle.from_selection(state, loc, piece)
        except ValueError as exc:
            self.why = str(exc)
            self.source.value = f"<small style='color:#777'>{html.escape(self.why)}</small>"
            return False
        self.set(values)
        self.compute()
        self.source.value = ("<small>Odds for the battle at the selected location "
                             "(values taken from the board)</small>")
        return True

    def odds_for_selection(self) -> bool:
        if self._selection is None:
            raise ValueError("select a location on the board first")
        if not self.set_from_selection(*self._selection):
            raise ValueError(self.why or "no battle at the selected location")
        return True


def _number(label: str, v: Fraction) -> str:
    if "chance" in label.lower():
        return f"{float(v):.1%}"
    return f"{float(v):.2f}" if v.denominator != 1 else str(v.numerator)

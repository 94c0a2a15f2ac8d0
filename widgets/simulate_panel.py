"""SimulatePanel: play many seeded games with a progress bar, then outcome rates and game length.

The panel holds no rule: it calls ``rules_lib.playtest.run_games`` and ``outcome_rates`` with the
scenario, variants and policies of the game on show, and draws what comes back. The progress bar is
``tqdm.auto`` inside an ``Output`` widget (a bar started in a callback belongs there). Both charts
are FigureWidgets built once with all their traces; a new run changes trace properties only.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rules_lib.playtest import outcome_rates, run_games

from .board_view import keep_state
from .errors import ErrorBanner, guarded


class SimulatePanel(widgets.VBox):
    """Games / seed controls, a Run button, a progress bar, outcome rates with 95% intervals."""

    def __init__(self, entry: Any, settings: Callable[[], Mapping[str, Any]] | None = None, *,
                 banner: ErrorBanner | None = None, games: int = 100, width: int = 560) -> None:
        self.entry = entry
        self.banner = banner or ErrorBanner()
        self.settings = settings or (lambda: {})
        self.games = widgets.BoundedIntText(value=games, min=1, max=100_000,
                                            description="Games",
                                            layout=widgets.Layout(width="180px"))
        self.seed = widgets.IntText(value=0, description="First seed",
                                    layout=widgets.Layout(width="180px"))
        self.run_button = widgets.Button(description="Simulate", icon="play",
                                         button_style="primary")
        self.run_button.add_class("re-simulate")
        self.progress = widgets.Output()
        self.table = widgets.HTML()
        self.table.add_class("re-simulate-table")
        self._width = width
        self._rates: go.FigureWidget | None = None
        self._length: go.FigureWidget | None = None
        self.charts = widgets.VBox()  # made on the first run (see ``rates``)
        self.results = None
        self.run_button.on_click(guarded(self.banner, lambda _b: self.run()))
        super().__init__([widgets.HBox([self.games, self.seed, self.run_button]), self.progress,
                          self.table, self.charts])
        self.add_class("re-simulate-panel")

    def _charts(self) -> None:
        """Make the two charts (on first use: a page's FigureWidgets must each initialise within
        anywidget's 2 s limit when it loads, so only the board is made up front)."""
        if self._rates is None:
            width = self._width
            rates = go.FigureWidget(
                data=[go.Bar(name="outcome rate", x=[], y=[],
                             error_y={"type": "data", "symmetric": False, "array": [],
                                      "arrayminus": []})],
                layout=go.Layout(title="Outcome rates (95% Wilson intervals)", width=width,
                                 height=260, margin={"l": 40, "r": 10, "t": 40, "b": 40},
                                 yaxis={"range": [0, 1], "title": "share of games"}))
            length = go.FigureWidget(
                data=[go.Bar(name="games", x=[], y=[])],
                layout=go.Layout(title="Game length", width=width, height=220,
                                 margin={"l": 40, "r": 10, "t": 40, "b": 40},
                                 xaxis={"title": "turns"}, yaxis={"title": "games"}))
            self._rates, self._length = rates, length
            self.charts.children = [rates, length]

    @property
    def rates(self) -> go.FigureWidget:
        self._charts()
        return self._rates

    @property
    def length(self) -> go.FigureWidget:
        self._charts()
        return self._length

    def run(self):
        """Play the games (progress bar in the panel) and draw the results; returns the table."""
        options = dict(self.settings())
        self.progress.clear_output()
        with self.progress:
            df = run_games(self.entry.name, self.games.value, self.seed.value, progress=True,
                           scenario=options.get("scenario"), variants=options.get("variants", ()),
                           policies=options.get("policies"))
        self.results = df
        self.show(df)
        return df

    def show(self, df) -> None:
        """Draw a games table: outcome rates with intervals, and the distribution of game length."""
        rates = outcome_rates(df)
        with self.rates.batch_update():
            bar = self.rates.data[0]
            bar.x = [str(v) for v in rates["outcome"]]
            bar.y = list(rates["rate"])
            bar.error_y.array = list(rates["high"] - rates["rate"])
            bar.error_y.arrayminus = list(rates["rate"] - rates["low"])
        if "turns" in df.columns:
            counts = df["turns"].value_counts().sort_index()
            with self.length.batch_update():
                self.length.data[0].x = [int(t) for t in counts.index]
                self.length.data[0].y = [int(c) for c in counts.values]
        keep_state(self.rates)
        keep_state(self.length)
        rows = "".join(
            f"<tr><td>{html.escape(str(r.outcome))}</td><td>{r.wins}</td>"
            f"<td>{r.rate:.3f}</td><td>[{r.low:.3f}, {r.high:.3f}]</td></tr>"
            for r in rates.itertuples(index=False))
        interrupted = " (interrupted: the games that finished)" if df.attrs.get("interrupted") \
            else ""
        self.table.value = (f"<b>{len(df)} games</b>{interrupted}<table><tr><th>outcome</th>"
                            f"<th>games</th><th>rate</th><th>95% interval</th></tr>{rows}</table>")


def stepper_settings(stepper: Any) -> Callable[[], dict[str, Any]]:
    """The scenario, variants and policies chosen in a PhaseStepper (a person becomes 'random')."""
    def settings() -> dict[str, Any]:
        policies: dict[str, str] = {}
        for player, dropdown in stepper.players.items():
            name = dropdown.value
            policies[player] = name if name in stepper.entry.policies else "random"
        variants: Sequence[str] = tuple(stepper.variants.value)
        return {"scenario": stepper.scenario.value, "variants": variants, "policies": policies}
    return settings

"""AnalyzePanel: who is winning, which choice is best, and how the game went — from the moment on
show, with ``rules_lib.analysis`` doing the work.

* **Win probability**: each player's chance of winning from this position (a bar with its 95%
  interval), from ``n`` seeded continuations played to the end.
* **Options of the pending decision** ranked for the deciding player, each with its interval and
  its paired difference from the best (same seeds for every option); one click takes the best.
* **Evaluation curve**: the win probability at the start of every turn played so far; clicking
  a point rewinds the stepper there.

Analysis runs in a background thread: a progress bar counts the games, *Cancel* stops it at the
next game, and the rest of the widget (stepping, the board, the other tabs) keeps answering
meanwhile. The figures are built once with every trace; a run changes their properties only.
"""
from __future__ import annotations

import html
import threading
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from rules_lib import analysis

from .board_view import keep_state
from .errors import ErrorBanner, describe, guarded

PLAYER_COLORS = ("#1f5fa8", "#b22222", "#2e7d32", "#7b3fa0", "#e08a00", "#00838f")


class Cancelled(Exception):
    """Raised inside the analysis' progress callback when the user presses Cancel."""


class AnalyzePanel(widgets.VBox):
    """Evaluate / compare options / curve buttons, a cancellable progress bar and three views."""

    def __init__(self, entry: Any, stepper: Any, *, banner: ErrorBanner | None = None,
                 policies: Callable[[], Mapping[str, str]] | None = None, n: int = 40,
                 width: int = 460) -> None:
        self.entry, self.stepper = entry, stepper
        self.banner = banner or ErrorBanner()
        self.policies = policies or (lambda: {})
        self.n = widgets.BoundedIntText(value=n, min=1, max=analysis.MAX_CONTINUATIONS,
                                        description="Games", tooltip="continuations per answer",
                                        layout=widgets.Layout(width="150px"),
                                        style={"description_width": "50px"})
        self.evaluate_button = widgets.Button(description="Win probability", button_style="primary",
                                              tooltip="Play the position to the end many times")
        self.evaluate_button.add_class("re-analyze-evaluate")
        self.compare_button = widgets.Button(description="Rank the options",
                                             tooltip="Compare every option of the pending decision")
        self.compare_button.add_class("re-analyze-compare")
        self.curve_button = widgets.Button(description="Curve of the game",
                                           tooltip="Win probability at the start of each turn")
        self.curve_button.add_class("re-analyze-curve")
        self.cancel_button = widgets.Button(description="Cancel", button_style="warning",
                                            disabled=True)
        self.cancel_button.add_class("re-analyze-cancel")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="",
                                            layout=widgets.Layout(width="220px"))
        self.progress.add_class("re-analyze-progress")
        self.status = widgets.HTML("<small>Nothing run yet.</small>")
        self.status.add_class("re-analyze-status")
        self.players = list(entry.players)
        colours = [PLAYER_COLORS[i % len(PLAYER_COLORS)] for i in range(len(self.players))]
        self.options_html = widgets.HTML()
        self.options_html.add_class("re-analyze-options")
        self.take_best_button = widgets.Button(description="Take the best option",
                                               button_style="success", disabled=True)
        self.take_best_button.add_class("re-analyze-take-best")
        self._width = width
        self._colours = colours
        self._win_fig: go.FigureWidget | None = None
        self._curve_fig: go.FigureWidget | None = None
        # the charts are made on first use (see ``win_fig``): a page's FigureWidgets must each
        # initialise within anywidget's 2 s limit when it loads, and they compete for it
        self.win_box = widgets.Box()
        self.curve_box = widgets.Box()
        self.evaluation: Any = None
        self.comparison: Any = None
        self.curve: list[dict[str, Any]] = []
        self.thread: threading.Thread | None = None
        self._cancel = threading.Event()
        g = lambda fn: guarded(self.banner, fn)  # noqa: E731
        self.evaluate_button.on_click(g(lambda _b: self.evaluate()))
        self.compare_button.on_click(g(lambda _b: self.compare()))
        self.curve_button.on_click(g(lambda _b: self.run_curve()))
        self.cancel_button.on_click(g(lambda _b: self.cancel()))
        self.take_best_button.on_click(g(lambda _b: self.take_best()))
        row = lambda ws: widgets.HBox(ws, layout=widgets.Layout(flex_flow="row wrap",  # noqa
                                                                 align_items="center"))
        super().__init__(([self.banner] if banner is None else []) + [
            widgets.HTML("<small>From the moment on show: continuations are played to the end "
                         "by the players' policies (a person's seat by the game's default).</small>"),
            row([self.n, self.evaluate_button, self.compare_button, self.curve_button]),
            row([self.progress, self.cancel_button, self.status]), self.win_box,
            self.options_html, self.take_best_button, self.curve_box])
        self.add_class("re-analyze")
        self.refresh()

    # -- charts, made on first use -----------------------------------------------------------------
    @property
    def win_fig(self) -> go.FigureWidget:
        """The win-probability bars (made on the first evaluation)."""
        if self._win_fig is None:
            width, colours = self._width, self._colours
            fig = go.FigureWidget(
                data=[go.Bar(x=[], y=[], orientation="h", marker_color=colours, text=[],
                             textposition="auto",
                             error_x=dict(type="data", symmetric=False, array=[], arrayminus=[]),
                             hovertemplate="%{y}: %{x:.0%}<extra></extra>")],
                layout=go.Layout(width=width, height=60 + 28 * len(self.players),
                                 margin=dict(l=10, r=10, t=24, b=30),
                                 title=dict(text="Win probability (95% interval)",
                                            font=dict(size=12)),
                                 xaxis=dict(range=[0, 1], tickformat=".0%"),
                                 yaxis=dict(automargin=True, autorange="reversed")))
            self._win_fig = fig
            self.win_box.children = [fig]
        return self._win_fig

    @property
    def curve_fig(self) -> go.FigureWidget:
        """The evaluation curve (made on the first run); clicking a point rewinds the stepper."""
        if self._curve_fig is None:
            width, colours = self._width, self._colours
            fig = go.FigureWidget(
                data=[t for i, p in enumerate(self.players) for t in (
                    go.Scatter(x=[], y=[], mode="lines", line=dict(width=0), hoverinfo="skip",
                               showlegend=False),
                    go.Scatter(x=[], y=[], mode="lines", line=dict(width=0), fill="tonexty",
                               fillcolor=_alpha(colours[i]), hoverinfo="skip", showlegend=False),
                    go.Scatter(x=[], y=[], mode="lines+markers", name=p, customdata=[],
                               line=dict(color=colours[i]),
                               hovertemplate=f"{html.escape(p)}: %{{y:.0%}} (turn %{{x}})<br>"
                                             "click: rewind here<extra></extra>"))],
                layout=go.Layout(width=width, height=240, margin=dict(l=40, r=10, t=24, b=30),
                                 title=dict(text="Win probability by turn (click a point to "
                                                 "rewind there)", font=dict(size=12)),
                                 xaxis=dict(title=dict(text="turn")),
                                 yaxis=dict(range=[0, 1], tickformat=".0%"),
                                 legend=dict(orientation="h", y=-0.25)))
            for trace in fig.data[2::3]:
                trace.on_click(self._curve_clicked)
            self._curve_fig = fig
            self.curve_box.children = [fig]
        return self._curve_fig

    # -- state -----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def refresh(self) -> None:
        """Enable the buttons that apply to the moment on show."""
        busy = self.running
        pending = self.stepper.game.pending is not None
        over = self.stepper.game.state.result is not None
        self.evaluate_button.disabled = busy or over
        self.compare_button.disabled = busy or not pending
        self.compare_button.tooltip = ("Compare every option of the pending decision" if pending
                                       else "No decision is waiting: make a player a person in "
                                            "Play and step to one of their decisions")
        self.curve_button.disabled = busy
        self.cancel_button.disabled = not busy
        best_ok = (not busy and self.comparison is not None and pending
                   and self._comparison_at == self.stepper.game.events_seen)
        self.take_best_button.disabled = not best_ok

    _comparison_at = -1

    def _analysis_policies(self) -> dict[str, str]:
        chosen = dict(self.policies())
        out = {}
        for p in self.players:
            name = chosen.get(p)
            if name not in self.entry.policies:
                name = self.entry.default_policies.get(p, self.entry.default_policy)
            out[p] = name
        return out

    # -- running in the background ---------------------------------------------------------------
    def _start(self, label: str, total: int, work: Callable[[Callable[[int, int], None]], Any],
               done: Callable[[Any], None], wait: bool) -> None:
        if self.running:
            raise ValueError("an analysis is running: cancel it or wait for it to finish")
        self._cancel.clear()
        self.progress.max, self.progress.value = max(1, total), 0
        self.progress.bar_style = "info"
        self.status.value = f"<small>{html.escape(label)}…</small>"

        def tick(k: int, n: int) -> None:
            if self._cancel.is_set():
                raise Cancelled()
            self.progress.max, self.progress.value = max(1, n), k

        def body() -> None:
            try:
                result = work(tick)
            except Cancelled:
                self.progress.bar_style = "warning"
                self.status.value = "<small>Cancelled.</small>"
            except Exception as exc:  # noqa: BLE001 - shown in the banner, the widget lives on
                self.progress.bar_style = "danger"
                self.status.value = f"<small>Stopped: {html.escape(describe(exc))}</small>"
                self.banner.show(exc, "Analyze")
            else:
                try:
                    done(result)
                    self.progress.bar_style = "success"
                except Exception as exc:  # noqa: BLE001
                    self.banner.show(exc, "Analyze")
            finally:
                self.thread = None
                self.refresh()

        self.thread = threading.Thread(target=body, name="rules-explorer-analysis", daemon=True)
        self.thread.start()
        self.refresh()
        if wait:
            self.wait()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running analysis ends (tests and scripts)."""
        t = self.thread
        if t is not None:
            t.join(timeout)

    def cancel(self) -> None:
        """Stop the running analysis at its next game."""
        self._cancel.set()

    # -- the three questions ---------------------------------------------------------------------
    def evaluate(self, wait: bool = False) -> None:
        """Each player's chance of winning from the moment on show."""
        game, n, policies = self.stepper.game, int(self.n.value), self._analysis_policies()

        def work(tick):
            return analysis.evaluate(game, n, policies=policies, progress=tick)

        self.win_fig  # noqa: B018 - made here, in the kernel's thread, not the analysis thread
        self._start(f"Playing {n} games from here", n, work, self._show_evaluation, wait)

    def _show_evaluation(self, ev: Any) -> None:
        self.evaluation = ev
        df = ev.players
        bar = self.win_fig.data[0]
        with self.win_fig.batch_update():
            bar.y = list(df["player"])
            bar.x = [float(v) for v in df["rate"]]
            bar.text = [f"{r:.0%} [{lo:.0%}–{hi:.0%}]" for r, lo, hi in
                        zip(df["rate"], df["low"], df["high"])]
            bar.error_x.array = [float(h - r) for r, h in zip(df["rate"], df["high"])]
            bar.error_x.arrayminus = [float(r - lo) for r, lo in zip(df["rate"], df["low"])]
        keep_state(self.win_fig)
        self.status.value = (f"<small>{ev.n} games played from event "
                             f"{self.stepper.game.events_seen}.</small>")

    def compare(self, wait: bool = False) -> None:
        """Rank the options of the pending decision (same seeds for every option)."""
        game = self.stepper.game
        if game.pending is None:
            raise ValueError("no decision is waiting: make a player a person in Play and step "
                             "to one of their decisions")
        n, policies = int(self.n.value), self._analysis_policies()
        at = game.events_seen
        total = n * len(game.pending.options)

        def work(tick):
            return analysis.compare_options(game, n, policies=policies, progress=tick)

        def done(cmp):
            self._comparison_at = at
            self._show_comparison(cmp)

        self._start(f"Playing {n} games per option", total, work, done, wait)

    def _show_comparison(self, cmp: Any) -> None:
        self.comparison = cmp
        any_exact = any(o.exact is not None for o in cmp.options)  # beside the simulated rates
        rows = []
        for rank, o in enumerate(cmp.options, 1):
            if rank == 1:
                verdict = "best" + ("" if cmp.best_is_separated else " (not resolved)")
            elif o.separated:
                verdict = f"worse by {-o.diff_to_best:.0%} [{-o.diff_high:.0%}–{-o.diff_low:.0%}]"
            else:
                more = f"; ~{o.games_to_separate:,} games would tell" if o.games_to_separate \
                    else ""
                verdict = f"not resolved ({o.diff_to_best:+.0%}{more})"
            exact = (f"<td>{html.escape(analysis.exact_text(o.exact))}</td>"
                     if any_exact else "")
            rows.append(f"<tr><td>{rank}</td><td>{html.escape(str(o.option))}</td>"
                        f"<td>{o.rate:.0%} [{o.low:.0%}–{o.high:.0%}]</td>"
                        f"<td>{html.escape(verdict)}</td>{exact}</tr>")
        self.options_html.value = (
            f"<b>{html.escape(cmp.player)} decides:</b> {html.escape(cmp.prompt)} "
            f"<small>({cmp.n} games per option, the same seeds for each)</small>"
            "<table style='font-size:12px'><tr><th>#</th><th>option</th>"
            f"<th>{html.escape(cmp.player)} wins</th><th>against the best</th>"
            + ("<th>exact odds of its combat</th>" if any_exact else "") + "</tr>"
            + "".join(rows) + "</table>")
        self.status.value = f"<small>{len(cmp.options)} options compared.</small>"

    def take_best(self) -> None:
        """Answer the pending decision with the best-ranked option."""
        if self.comparison is None or self._comparison_at != self.stepper.game.events_seen:
            raise ValueError("rank the options of this decision first")
        self.stepper.answer(self.comparison.best.option)

    def run_curve(self, wait: bool = False) -> None:
        """Win probability at the start of every turn of the game so far."""
        head, n, policies = self.stepper.head, int(self.n.value), self._analysis_policies()
        marks = sorted({0, *[e.index + 1 for e in head.log if e.kind == "turn"]})

        def work(tick):
            rows = []
            for k, mark in enumerate(marks):
                at = head.replay_to(mark, keep_log=False)
                if at.state.result is not None:
                    break
                ev = analysis.evaluate(at, n, policies=policies,
                                       progress=lambda d, t, k=k: tick(k * n + d, len(marks) * n))
                row = {"event": mark, "turn": at.state.turn}
                for _, p in ev.players.iterrows():
                    row[p["player"]] = (float(p["rate"]), float(p["low"]), float(p["high"]))
                rows.append(row)
            return rows

        self.curve_fig  # noqa: B018 - made here, in the kernel's thread
        self._start(f"Evaluating {len(marks)} turns × {n} games", len(marks) * n, work,
                    self._show_curve, wait)

    def _show_curve(self, rows: list[dict[str, Any]]) -> None:
        self.curve = rows
        with self.curve_fig.batch_update():
            for i, p in enumerate(self.players):
                hi, lo, line = self.curve_fig.data[3 * i: 3 * i + 3]
                xs = [r["turn"] for r in rows]
                hi.x = lo.x = line.x = xs
                hi.y = [r[p][2] for r in rows]
                lo.y = [r[p][1] for r in rows]
                line.y = [r[p][0] for r in rows]
                line.customdata = [r["event"] for r in rows]
        keep_state(self.curve_fig)
        self.status.value = f"<small>{len(rows)} turns evaluated.</small>"

    def _curve_clicked(self, trace: Any, points: Any, state: Any) -> None:
        if not points.point_inds:
            return
        guarded(self.banner, self.rewind_to_point)(points.point_inds[0])

    def rewind_to_point(self, i: int) -> None:
        """Show the moment of the curve's point ``i`` in the stepper."""
        self.stepper.goto(self.curve[i]["event"])


def _alpha(colour: str, a: float = 0.18) -> str:
    c = colour.lstrip("#")
    r, g, b = (int(c[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{a})"

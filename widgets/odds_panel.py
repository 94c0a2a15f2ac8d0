"""OddsPanel: exact what-if combat odds from the game's ``combat_odds``, as a table and a bar chart.

The panel holds no rule: it builds keyword arguments from simple controls, calls the game's
``game.odds.combat_odds(**kwargs)`` (its ``OddsCalculator``) and draws what comes back. Two what-ifs (A and B) can be compared
side by side.

How a game describes its odds inputs
------------------------------------
``game.odds.controls`` is a list of control specs, one per keyword argument::

    [{"name": "attackers", "kind": "int", "default": 2, "min": 1, "max": 12, "label": "Attackers"},
     {"name": "terrain", "kind": "choice", "options": ["clear", "forest"], "default": "clear"},
     {"name": "fx", "kind": "multi", "options": ["Napalm", "Nuke"], "default": []},
     {"name": "fresh", "kind": "bool", "default": True},
     {"name": "modifier", "kind": "float", "default": 0.0},
     {"name": "note", "kind": "text", "default": ""}]

``kind`` is one of ``int``, ``float``, ``choice`` (one of ``options``), ``multi`` (a list of
``options``), ``bool``, ``text`` and ``list`` (free text, comma-separated, passed as a list of
strings). ``options`` may be plain values or ``[label, value]`` pairs.
Without ``controls``, a game that gives the CLI's ``odds.add_arguments(parser)`` and
``odds.from_args(args)`` gets one control per command-line option (choices become drop-downs,
``nargs="+"`` a comma-separated list, ``store_true`` a checkbox, ``type=int`` a number; a required
option starts from the example its help text gives as ``e.g. '...'``), and the panel calls
``odds.from_args`` with the namespace. Failing both, the panel reads the keyword parameters of
``combat_odds`` and their defaults (int, float, bool, str and list-of-str defaults get a
control; parameters without a default, or with other defaults, are left to the game).

Optionally ``game.odds.from_selection(state, loc, piece)`` returns control values for
the fight at a selected location (or raises ValueError if there is none); the Explorer calls it
when a board location is selected and fills what-if A.

What ``combat_odds`` may return: a pandas DataFrame with a ``probability`` column (other columns
describe the outcome; an ``exact`` column of fraction text is shown in the table only), a Series
of probabilities indexed by outcome, a ``Dist`` (anything with ``to_frame()``), or a dict
{outcome: probability}.
"""
from __future__ import annotations

import argparse
import html
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import pandas as pd
import plotly.graph_objects as go

from .board_view import keep_state
from .errors import ErrorBanner, guarded

PROBABILITY_COLUMNS = ("probability", "p", "prob", "P")
NOT_OUTCOME = ("probability", "p", "prob", "P", "exact", "cumulative")


def controls_from_signature(fn: Callable[..., Any]) -> list[dict[str, Any]]:
    """Control specs for the keyword parameters of ``fn`` that have simple defaults."""
    specs = []
    for param in inspect.signature(fn).parameters.values():
        default = param.default
        if default is inspect.Parameter.empty:
            continue
        if isinstance(default, bool):
            kind = "bool"
        elif isinstance(default, int):
            kind = "int"
        elif isinstance(default, float):
            kind = "float"
        elif isinstance(default, str):
            kind = "text"
        elif isinstance(default, (list, tuple)) and all(isinstance(v, str) for v in default):
            kind = "list"
        else:
            continue
        specs.append({"name": param.name, "kind": kind, "default": default})
    return specs


def controls_from_argparse(add_arguments: Callable[[Any], None]) -> list[dict[str, Any]]:
    """Control specs for the options a game's ``add_odds_arguments`` puts on a CLI parser."""
    parser = argparse.ArgumentParser(add_help=False)
    add_arguments(parser)
    specs = []
    for action in parser._actions:  # argparse keeps its options here; no public accessor exists
        if isinstance(action, argparse._HelpAction):
            continue
        label = (action.option_strings[-1] if action.option_strings else action.dest).lstrip("-")
        spec: dict[str, Any] = {"name": action.dest, "label": label, "default": action.default}
        many = action.nargs in ("+", "*") or isinstance(action.nargs, int)
        if action.nargs == 0 and isinstance(action.const, bool):
            spec.update(kind="bool", default=bool(action.default))
        elif action.choices is not None:
            spec.update(kind="multi" if many else "choice", options=list(action.choices))
        elif many:
            spec["kind"] = "list"
        elif action.type in (int, float):
            spec["kind"] = action.type.__name__
        else:
            spec["kind"] = "text"
        if spec["default"] is None and spec["kind"] in ("text", "list"):
            example = re.search(r"e\.g\. ?'([^']+)'", action.help or "")
            spec["default"] = example.group(1) if example else ""
        specs.append(spec)
    return specs


def _options(spec: Mapping[str, Any]) -> list[tuple[str, Any]]:
    out = []
    for option in spec.get("options", []):
        if isinstance(option, (list, tuple)) and len(option) == 2:
            out.append((str(option[0]), option[1]))
        else:
            out.append((str(option), option))
    return out


def make_control(spec: Mapping[str, Any]) -> widgets.Widget:
    """One ipywidget for a control spec (see the module docstring)."""
    name = spec["name"]
    kind = spec.get("kind", "text")
    label = spec.get("label", name.replace("_", " ").capitalize())
    default = spec.get("default")
    style = {"description_width": "110px"}
    layout = widgets.Layout(width="260px")
    if kind == "int":
        lo, hi = spec.get("min"), spec.get("max")
        if lo is not None and hi is not None:
            return widgets.BoundedIntText(value=default if default is not None else lo, min=lo,
                                          max=hi, description=label, style=style, layout=layout)
        return widgets.IntText(value=default or 0, description=label, style=style, layout=layout)
    if kind == "float":
        return widgets.FloatText(value=default or 0.0, description=label, style=style,
                                 layout=layout)
    if kind == "bool":
        return widgets.Checkbox(value=bool(default), description=label, indent=False)
    if kind == "choice":
        options = _options(spec)
        values = [v for _, v in options]
        return widgets.Dropdown(options=options,
                                value=default if default in values else values[0],
                                description=label, style=style, layout=layout)
    if kind == "multi":
        options = _options(spec)
        values = [v for _, v in options]
        chosen = tuple(v for v in (default or ()) if v in values)
        return widgets.SelectMultiple(options=options, value=chosen, description=label,
                                      rows=min(5, max(2, len(options))), style=style,
                                      layout=layout)
    if kind == "text":
        return widgets.Text(value=str(default or ""), description=label, style=style,
                            layout=layout)
    if kind == "list":
        return widgets.Text(value=", ".join(map(str, default or ())), description=label,
                            style=style, layout=layout, placeholder="comma-separated")
    raise ValueError(f"odds control {name!r}: unknown kind {kind!r} "
                     "(int, float, choice, multi, bool, text, list)")


def as_frame(result: Any) -> pd.DataFrame:
    """What ``combat_odds`` returned, as a DataFrame with a ``probability`` column."""
    if isinstance(result, pd.DataFrame):
        frame = result.reset_index(drop=True) if isinstance(result.index, pd.RangeIndex) \
            else result.reset_index()
    elif isinstance(result, pd.Series):
        frame = result.rename("probability").reset_index()
        frame.columns = ["outcome", "probability"]
    elif hasattr(result, "to_frame"):
        frame = result.to_frame()
    elif isinstance(result, Mapping):
        frame = pd.DataFrame([(k, float(v)) for k, v in result.items()],
                             columns=["outcome", "probability"])
    else:
        raise TypeError(f"combat_odds returned {type(result).__name__}; expected a DataFrame, "
                        "Series, Dist or dict")
    prob = next((c for c in PROBABILITY_COLUMNS if c in frame.columns), None)
    if prob is None:
        numeric = frame.select_dtypes("number").columns
        if not len(numeric):
            raise ValueError("combat_odds returned no probability column")
        prob = numeric[-1]
    if prob != "probability":
        frame = frame.rename(columns={prob: "probability"})
    return frame


def outcome_labels(frame: pd.DataFrame) -> list[str]:
    """One text label per row from the columns that describe the outcome."""
    cols = [c for c in frame.columns if c not in NOT_OUTCOME]
    if not cols:
        return [str(i) for i in range(len(frame))]
    return [" / ".join(str(v) for v in row) for row in frame[cols].itertuples(index=False)]


class WhatIf(widgets.VBox):
    """One set of odds inputs (a column of controls)."""

    def __init__(self, title: str, specs: Sequence[Mapping[str, Any]]) -> None:
        self.title = title
        self.specs = list(specs)
        self.controls: dict[str, widgets.Widget] = {s["name"]: make_control(s) for s in specs}
        super().__init__([widgets.HTML(f"<b>{html.escape(title)}</b>"),
                          *self.controls.values()])

    def kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``combat_odds`` from the controls."""
        out = {}
        for spec in self.specs:
            value = self.controls[spec["name"]].value
            if spec.get("kind") == "multi":
                value = list(value)
            elif spec.get("kind") == "list":
                value = [v.strip() for v in value.split(",") if v.strip()]
            out[spec["name"]] = value
        return out

    def set(self, values: Mapping[str, Any]) -> None:
        """Set controls from a mapping (unknown names are an error naming them)."""
        for name, value in values.items():
            if name not in self.controls:
                raise ValueError(f"odds input {name!r} is not one of "
                                 f"{', '.join(self.controls)}")
            control = self.controls[name]
            kind = next(s.get("kind") for s in self.specs if s["name"] == name)
            if kind == "multi":
                value = tuple(value)
            elif kind == "list" and not isinstance(value, str):
                value = ", ".join(map(str, value))
            control.value = value


class OddsPanel(widgets.VBox):
    """Two what-ifs, a Compute button, the exact outcome tables and a bar chart of both."""

    def __init__(self, entry: Any, controls: Sequence[Mapping[str, Any]] | None = None, *,
                 banner: ErrorBanner | None = None, width: int = 520, height: int = 300) -> None:
        if entry.odds is None:
            raise ValueError(f"{entry.name}: this game has no combat odds")
        self.calc = entry.odds
        self.entry = entry
        self.banner = banner or ErrorBanner()
        self.use_cli = False  # True: inputs are the CLI's options, passed to odds_from_args
        if controls is not None:
            specs = list(controls)
        elif self.calc.controls:
            specs = list(self.calc.controls)
        elif self.calc.add_arguments is not None and self.calc.from_args is not None:
            specs = controls_from_argparse(self.calc.add_arguments)
            self.use_cli = True
        else:
            specs = controls_from_signature(self.calc.combat_odds)
        self.a = WhatIf("What-if A", specs)
        self.b = WhatIf("What-if B", specs)
        self.compare = widgets.Checkbox(value=False, description="Compare with B", indent=False)
        self.compare.add_class("re-odds-compare")
        self.compute_button = widgets.Button(description="Compute odds", icon="calculator",
                                             button_style="primary")
        self.compute_button.add_class("re-odds-compute")
        self.compute_button.on_click(guarded(self.banner, lambda _b: self.compute()))
        self.compare.observe(guarded(self.banner, lambda _c: self._compare_changed()),
                             names="value")
        self.table_a = widgets.HTML()
        self.table_b = widgets.HTML()
        self.table_a.add_class("re-odds-table")
        self.frames: dict[str, pd.DataFrame | None] = {"A": None, "B": None}
        self.fig = go.FigureWidget(
            data=[go.Bar(x=[], y=[], name="A", marker_color="#1f5fa8",
                         hovertemplate="%{x}: %{y:.4f}<extra>A</extra>"),
                  go.Bar(x=[], y=[], name="B", marker_color="#e08a00", visible=False,
                         hovertemplate="%{x}: %{y:.4f}<extra>B</extra>")],
            layout=go.Layout(width=width, height=height, barmode="group",
                             margin=dict(l=50, r=10, t=30, b=60),
                             yaxis=dict(title=dict(text="probability"), rangemode="tozero",
                                        automargin=True),
                             xaxis=dict(type="category", title=dict(text="outcome"),
                                        automargin=True),
                             title=dict(text="Exact outcome distribution", font=dict(size=13)),
                             legend=dict(orientation="h", y=1.1)))
        self.inputs = widgets.HBox([self.a, self.b])
        self.b.layout.display = "none"
        self.tables = widgets.HBox([self.table_a, self.table_b])
        children = [widgets.HBox([self.compare, self.compute_button]), self.inputs, self.fig,
                    self.tables]
        super().__init__(([self.banner] if banner is None else []) + children)
        self.add_class("re-odds")

    def _compare_changed(self) -> None:
        self.b.layout.display = None if self.compare.value else "none"
        self.table_b.layout.display = None if self.compare.value else "none"
        self.fig.data[1].visible = bool(self.compare.value)
        keep_state(self.fig)

    def odds(self, kwargs: Mapping[str, Any]) -> pd.DataFrame:
        """The game's exact odds for one what-if, as a DataFrame."""
        if self.use_cli:
            return as_frame(self.calc.from_args(argparse.Namespace(**kwargs)))
        return as_frame(self.calc.combat_odds(**kwargs))

    def compute(self) -> dict[str, pd.DataFrame | None]:
        """Compute A (and B when comparing) and redraw the chart and tables in place."""
        frame_a = self.odds(self.a.kwargs())
        frame_b = self.odds(self.b.kwargs()) if self.compare.value else None
        self.frames = {"A": frame_a, "B": frame_b}
        bar_a, bar_b = self.fig.data
        with self.fig.batch_update():
            bar_a.x, bar_a.y = outcome_labels(frame_a), list(frame_a["probability"].astype(float))
            if frame_b is not None:
                bar_b.x = outcome_labels(frame_b)
                bar_b.y = list(frame_b["probability"].astype(float))
            else:
                bar_b.x, bar_b.y = [], []
            bar_b.visible = frame_b is not None
        keep_state(self.fig)
        self.table_a.value = self._table("A", frame_a, self.a.kwargs())
        self.table_b.value = (self._table("B", frame_b, self.b.kwargs())
                              if frame_b is not None else "")
        return self.frames

    @staticmethod
    def _table(name: str, frame: pd.DataFrame, kwargs: Mapping[str, Any]) -> str:
        inputs = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        shown = frame.copy()
        shown["probability"] = shown["probability"].astype(float).map(lambda p: f"{p:.4f}")
        return (f"<div style='margin-right:12px'><b>{name}</b> <small>{html.escape(inputs)}"
                f"</small>{shown.to_html(index=False, border=0)}</div>")

    def set_from_selection(self, state: Any, loc: Any, piece: Any = None) -> bool:
        """Fill what-if A from the fight at a selected location, if the game describes it."""
        hook = self.calc.from_selection
        if hook is None:
            return False
        try:
            values = hook(state, loc, piece)
        except ValueError:
            return False  # no fight at this location: what-if A stays as it was
        self.a.set(values)
        self.compute()
        return True

"""Charts (Plotly): batch results (rates with their 95% bands, game length, progress by turn) and
the games' odds tables (Androgeus, Arachne Solara, a Survivor's reach).

Drawing lives here, apart from the rules: ``rules_lib.playtest`` and the games' ``odds`` modules
compute the tables (with their intervals) and these functions only draw them.
"""
from __future__ import annotations

import math
from typing import Any

from rules_lib.core.stats import mean_interval
from rules_lib.playtest import _groups, outcome_rates, progress_frame


def _palette(i: int, alpha: float | None = None) -> str:
    import plotly.colors as pc

    colour = pc.qualitative.Plotly[i % len(pc.qualitative.Plotly)]
    if alpha is None:
        return colour
    r, g, b = pc.hex_to_rgb(colour)
    return f"rgba({r}, {g}, {b}, {alpha})"


def _band_traces(x, y, low, high, name: str, i: int) -> list[Any]:
    """A line with its interval as a shaded band (upper edge, lower edge filled to it)."""
    import plotly.graph_objects as go

    x = list(x)
    return [go.Scatter(x=x, y=list(high), mode="lines", line={"width": 0}, showlegend=False,
                       hoverinfo="skip", legendgroup=name),
            go.Scatter(x=x, y=list(low), mode="lines", line={"width": 0}, fill="tonexty",
                       fillcolor=_palette(i, 0.2), showlegend=False, hoverinfo="skip",
                       legendgroup=name),
            go.Scatter(x=x, y=list(y), mode="lines+markers", name=name, legendgroup=name,
                       line={"color": _palette(i)})]


def plot_outcome_rate(df, param: str, outcome_value: Any, *, color: str | None = None,
                      outcome: str = "outcome", title: str | None = None):
    """Rate of ``outcome_value`` against a swept parameter, with its 95% interval band."""
    import plotly.graph_objects as go

    keys = [param] + ([color] if color else [])
    rates = outcome_rates(df, outcome_value, by=keys, outcome=outcome)
    traces = []
    series = rates.groupby(color, sort=False) if color else [(str(outcome_value), rates)]
    for i, (name, part) in enumerate(series):
        traces += _band_traces(part[param], part["rate"], part["low"], part["high"],
                               f"{color} = {name}" if color else str(name), i)
    layout = go.Layout(title=title or f"P({outcome} = {outcome_value}) by {param} (95% interval)",
                       xaxis={"title": param}, yaxis={"title": "rate", "range": [0, 1]})
    return go.Figure(data=traces, layout=layout)


def plot_game_length(df, length: str = "turns", *, color: str | None = None,
                     title: str | None = None):
    """Distribution of game length: the share of games ending at each length."""
    import plotly.graph_objects as go

    _, groups = _groups(df, color)
    traces = []
    for i, (key, g) in enumerate(groups):
        share = g[length].value_counts(normalize=True).sort_index()
        traces.append(go.Bar(x=list(share.index), y=list(share.values),
                             name=f"{color} = {key[0]}" if color else "all games",
                             marker={"color": _palette(i)}, opacity=0.75 if color else 1.0))
    layout = go.Layout(title=title or f"Game length ({length})", barmode="group",
                       xaxis={"title": length}, yaxis={"title": "share of games"})
    return go.Figure(data=traces, layout=layout)


def plot_progress(df, stat: str, *, color: str | None = None, title: str | None = None):
    """Mean of a statistic after each turn (games run with ``by_turn=[stat]``), 95% bands."""
    import plotly.graph_objects as go

    long = progress_frame(df, stat, by=color)
    _, groups = _groups(long, color)
    traces = []
    for i, (key, g) in enumerate(groups):
        turns, means, lows, highs = [], [], [], []
        for turn, at in g.groupby("turn", sort=True):
            ci = mean_interval([float(v) for v in at[stat]])
            turns.append(turn)
            means.append(ci.estimate)
            lows.append(ci.low if not math.isnan(ci.low) else ci.estimate)
            highs.append(ci.high if not math.isnan(ci.high) else ci.estimate)
        traces += _band_traces(turns, means, lows, highs,
                               f"{color} = {key[0]}" if color else f"mean {stat}", i)
    layout = go.Layout(title=title or f"{stat} after each turn (mean, 95% interval)",
                       xaxis={"title": "turn"}, yaxis={"title": stat})
    return go.Figure(data=traces, layout=layout)


def plot_variant_effects(table, *, title: str | None = None):
    """A variant sweep (``playtest.variant_effects``): each reading's rate with its 95% interval,
    the resolved differences from the default drawn solid, the unresolved ones faded."""
    import plotly.graph_objects as go

    colours = ["#1f5fa8" if r or v == "default" else "#b0b7c3"
               for v, r in zip(table["variants"], table["resolved"])]
    bar = go.Bar(x=list(table["variants"]), y=list(table["rate"]), marker={"color": colours},
                 error_y={"type": "data", "symmetric": False,
                          "array": list(table["high"] - table["rate"]),
                          "arrayminus": list(table["rate"] - table["low"])},
                 hovertemplate="%{x}: %{y:.3f}<extra></extra>")
    layout = go.Layout(title=title or "Rate per rule reading (95% interval; grey: no resolved "
                                      "difference from the default)",
                       yaxis={"title": "rate", "range": [0, 1]}, xaxis={"tickangle": -35},
                       margin={"b": 140})
    return go.Figure(data=[bar], layout=layout)


__all__ = ["plot_game_length", "plot_outcome_rate", "plot_progress", "plot_variant_effects"]


# -- the games' odds tables ------------------------------------------------------------------------
def plot_androgeus_kill(table):
    """Bar chart of P(kill Androgeus) by attacking Combat, with and without a hero or greater god
    (``gods_war.odds.androgeus_table``)."""
    import plotly.graph_objects as go

    traces = []
    for hero, name in ((True, "with a hero or greater god"), (False, "without")):
        t = table[table.hero_or_greater_god == hero]
        traces.append(go.Bar(x=t.attacking_combat, y=t.p_kill, name=name))
    return go.Figure(data=traces, layout={"title": "P(kill Androgeus) - at most 4 dice (Superhero)",
                                          "xaxis": {"title": "attacking Combat"},
                                          "yaxis": {"title": "probability", "range": [0, 1]}})


def plot_arachne_vp(table):
    """Bar chart of the VP gained against Arachne Solara (``gods_war.odds.arachne_table``)."""
    import plotly.graph_objects as go

    return go.Figure(data=[go.Bar(x=table.vp_gained, y=table.probability, name="VP")],
                     layout={"title": "Tangled in the Web: VP gained (= kills scored)",
                             "xaxis": {"title": "VP"}, "yaxis": {"title": "probability"}})


#: Where each probability band's name sits on the colour bar (the middle of the band).
BAND_TICKS = (0.1, 0.3, 0.5, 0.7, 0.9)


def band_colorscale() -> list[list[Any]]:
    """The Explorer's probability bands (``board_view.PROB_BANDS``) as a stepped Plotly
    colorscale, so a chart of chances reads in the same greens as the map."""
    from .board_view import PROB_BANDS  # (imported here: the map widget loads ipywidgets)

    scale: list[list[Any]] = []
    bounds = [lo for lo, _, _ in PROB_BANDS][::-1] + [1.0]  # 0, .2, .4, .6, .8, 1
    for (lo, hi), (_, color, _) in zip(zip(bounds, bounds[1:]), reversed(PROB_BANDS)):
        scale += [[lo, color], [hi, color]]
    return scale


def plot_reach_probability(grid, width: int, height: int, name: str):
    """Heat map of a Survivor's chance to reach each square this turn (``zombies_giants.odds
    .reach_grid``); ``width`` x ``height`` squares, never-reached squares left blank."""
    import plotly.graph_objects as go

    from .board_view import PROB_BANDS

    z: list[list[float | None]] = [[None] * width for _ in range(height)]
    for row in grid.itertuples():
        z[row.y][row.x] = row.probability
    fig = go.Figure(go.Heatmap(z=z, zmin=0, zmax=1, colorscale=band_colorscale(),
                               colorbar={"title": "P(reach)", "tickvals": BAND_TICKS,
                                         "ticktext": [t for _, _, t in reversed(PROB_BANDS)]}))
    fig.update_layout(title=f"{name}: chance to reach each square this turn",
                      yaxis={"scaleanchor": "x"})
    return fig

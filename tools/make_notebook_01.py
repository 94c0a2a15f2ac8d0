"""Write notebooks/01_ginormopod.ipynb (a script, so the notebook's text is reviewable).

The notebook is executed here (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs `pytest --nbval-lax` compares, and no Plotly
bundle or widget state is stored. Run from the repository root:
``/work/venv/bin/python tools/make_notebook_01.py``.
"""
from __future__ import annotations


from notebook_tools import ROOT, code, md, write_notebook

TARGET = ROOT / "notebooks" / "01_ginormopod.ipynb"


CELLS = [
    md("""# Ginormopod 2050 A.D. — giant bugs against the Fusion Fence

Two players. The **Swarm** (giant ants, spiders and worms) spawns in Hives in the west and wins by
destroying two of *New York City*, *Washington DC* and *Atlanta* before the end of Turn 10; the
**Humans** (infantry, tanks, National Guard, Forts) win if that does not happen (*Ginormopod:
Overview*, *Ginormopod: Victory*).

Everything below is computed by the rules library (`rules_lib.games.ginormopod`, reached through
`rules_lib.registry.get_game`); this notebook only asks and draws. Section names in *italics* are the
rulebook sections each cell shows. Values the rulebook leaves out (counter art, the road network,
the set-up diagram) are data marked `assumed` in `rules_lib/games/ginormopod/data/*.yaml`. Every
game here is seeded, so the notebook gives the same results each run."""),
    code("""from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go

from rules_lib.core.dice import HitDie, HitPool
from rules_lib.games.ginormopod.combat import volley
from rules_lib.games.ginormopod.data import load_game_data
from rules_lib.games.ginormopod.odds import battle_odds, parse_units
from rules_lib.registry import get_game

entry = get_game("ginormopod")
data = load_game_data()
game = entry.new_game(seed=1)
game.next_phase()  # Set-Up: Hives, Human units, twelve National Guard rolls, the cup
state = game.state
board = entry.board_view.board(state)
print(entry.title)
print(f"{board.graph.number_of_nodes()} Cities, {board.graph.number_of_edges()} roads, "
      f"{len(entry.board_view.pieces(state))} counters and Forts on the map after Set-Up")"""),
    md("""## 1. The map

*Ginormopod: Battleground* — the map is made of named Cities joined by roads; Cities that share a
road are adjacent and each City entered costs one Movement Point. Some Cities are **Forts** with a
strength track (*Fort Combat*: Formation A holds Chicago, New York and Washington; B St. Louis and
Memphis; C Jackson, New Orleans and Atlanta). Some Forts form the **Fusion Fence** (here, as
assumed, the chain Chicago – St. Louis – Memphis – Jackson – New Orleans along the Mississippi);
Swarm units cannot cross it eastwards while it stands (*Fusion Fence*). The westernmost Cities are the Swarm **Hives** (*Set-Up*: two ants, one spider and
one worm in each): Minneapolis and Des Moines, the westernmost Cities the text names, and a third
Hive at Shreveport that is assumed (three Swarm Formations, only two Cities named west of the Fence).

City positions are real longitude/latitude. The roads are not listed in the text: they are an
assumed network built from geography. *Drawing note:* a `go.Scattergeo(scope="usa")` map would be
the natural choice, but plotly 7.1 does not bundle the basemap: plotly.js fetches its topojson
(`usa_110m.json`) from `https://cdn.plot.ly/un/` (the `topojsonURL` default), so offline the map of
the USA would be blank. The map is therefore drawn on plain axes, x = longitude, y = latitude
(stretched by 1/cos 38° so distances look right). Hover a City for its counters."""),
    code("""ZONE_COLOURS = {"west": "#c9a227", "fence": "#d62728", "east": "#1f77b4"}
SIDE_COLOURS = {"Swarm": "#7f7f7f", "Human": "#1f4e9c"}


def city_hover(name, attrs, pieces):
    lines = [f"<b>{name}</b> ({attrs['zone']})"]
    if attrs["hive"]:
        lines.append(f"Hive of Formation {attrs['hive']}")
    lines += [f"{nation} arrival flag" for nation, cities in data.flags.items() if name in cities]
    lines += [p["hover"] for p in pieces if p["loc"] == name]
    return "<br>".join(lines)


def draw_map(board, pieces, title, reach=None):
    \"\"\"The city graph on lon/lat axes; `reach` ({city: ReachInfo}) overlays costs and paths.\"\"\"
    g = board.graph
    xy = {n: (a["x"], a["y"]) for n, a in g.nodes(data=True)}

    def segments(edges):
        xs, ys = [], []
        for a, b in edges:
            xs += [xy[a][0], xy[b][0], None]
            ys += [xy[a][1], xy[b][1], None]
        return xs, ys

    fence = [(a, b) for a, b in g.edges if g.nodes[a]["fence"] and g.nodes[b]["fence"]]
    traces = [go.Scatter(x=segments(g.edges)[0], y=segments(g.edges)[1], mode="lines",
                         line=dict(color="#bbbbbb", width=1.5), hoverinfo="skip", name="road"),
              go.Scatter(x=segments(fence)[0], y=segments(fence)[1], mode="lines",
                         line=dict(color=ZONE_COLOURS["fence"], width=5), opacity=0.5,
                         hoverinfo="skip", name="Fusion Fence")]
    if reach:
        paths = {(p[i], p[i + 1]) for p in (info.path for info in reach.values())
                 for i in range(len(p) - 1)}
        traces.append(go.Scatter(x=segments(paths)[0], y=segments(paths)[1], mode="lines",
                                 line=dict(color="#2ca02c", width=4), hoverinfo="skip",
                                 name="paths"))
    for kind, symbol in (("city", "circle"), ("Fort", "square"), ("Hive", "diamond")):
        names = [n for n, a in g.nodes(data=True)
                 if kind == ("Fort" if a["fort"] else "Hive" if a["hive"] else "city")]
        traces.append(go.Scatter(
            x=[xy[n][0] for n in names], y=[xy[n][1] for n in names], mode="markers+text",
            name=kind, text=names, textposition="top center", textfont=dict(size=9),
            marker=dict(symbol=symbol, size=14 if kind != "city" else 9, line=dict(width=1),
                        color=[ZONE_COLOURS[g.nodes[n]["zone"]] for n in names]),
            hovertext=[city_hover(n, g.nodes[n], pieces) for n in names], hoverinfo="text"))
    for side, dx in (("Swarm", -0.45), ("Human", 0.45)):
        counts = pd.Series([p["loc"] for p in pieces
                            if p["side"] == side and p["kind"] != "Fort"]).value_counts()
        traces.append(go.Scatter(
            x=[xy[c][0] + dx for c in counts.index], y=[xy[c][1] - 0.45 for c in counts.index],
            mode="markers+text", text=[str(n) for n in counts], name=f"{side} counters",
            marker=dict(symbol="square", size=13, color=SIDE_COLOURS[side]),
            textfont=dict(color="white", size=9), hoverinfo="skip"))
    if reach:
        traces.append(go.Scatter(
            x=[xy[c][0] for c in reach], y=[xy[c][1] for c in reach], mode="markers+text",
            text=[str(i.cost) for i in reach.values()], name="reach (MP spent)",
            marker=dict(size=24, color="rgba(44,160,44,0.55)", line=dict(color="#2ca02c")),
            textposition="middle left", textfont=dict(size=13, color="#145214"),
            hoverinfo="skip"))
    layout = go.Layout(title=title, height=660, width=780, hovermode="closest",
                       xaxis=dict(title="longitude (°E)", constrain="domain"),
                       yaxis=dict(title="latitude (°N)", scaleanchor="x", scaleratio=1.27),
                       legend=dict(orientation="h", y=-0.15))
    return go.Figure(data=traces, layout=layout)


draw_map(board, entry.board_view.pieces(state), "Ginormopod 2050 A.D. after Set-Up (seed 1)")"""),
    md("""Yellow Cities are west of the Fence, red squares are the Fence Forts, blue is the protected
east. The grey and blue numbered squares count each side's counters in a City (a Fort's own strength
boxes are not counted there; hover the Fort, which also shows the assumed arrival flags of the
Allied reinforcements). The unrevealed National Guard were placed by twelve
rolls on the National Guard Table, rerolling when a City would get a third Guard (*Set-Up*)."""),
    md("""## 2. Combat: dice per unit

*Ginormopod: Combat* — both sides roll for each of their units, every die symbol on the counter is
one die, and a die scores a Hit when it shows **at least** the pips of its symbol (FX may change the
pips). All Hits apply at once. A Hit flips a Fresh unit to its Reduced side or eliminates a Reduced
unit; Guards have no Reduced side. The pips below are data (assumed: the counter art is not in the
text); the expected hits come from `volley`, the same description of a side's dice that the game
rolls."""),
    code("""rows = []
for name, t in data.types.items():
    fresh, reduced = parse_units(name)[0], parse_units(name + "/r")[0]
    rows.append({"unit": name, "side": t.side, "MP": t.mp,
                 "Fresh pips": list(t.fresh) or list(t.revealed_armed),
                 "E[hits] Fresh": float(volley(data, [fresh]).dist().mean()),
                 "Reduced pips": "-" if t.no_reduced_side else list(t.reduced),
                 "E[hits] Reduced": (float(volley(data, [reduced]).dist().mean())
                                     if not t.no_reduced_side else None)})
pd.DataFrame(rows).round(3)"""),
    md("""### The Fresh Tank doubles rule

*Ginormopod: Combat*: "Fresh Tanks roll two dice and score one Hit if one or both dice are equal to
or greater than the indicated pips. If the Tank rolls doubles and is within that range, it scores two
Hits." So a Fresh Tank with a 4+ symbol scores 2 Hits only on 4-4, 5-5 or 6-6 (3 of 36), one Hit on
any other roll with a die of 4 or more, none when both dice are below 4. Compare it with two ordinary
4+ dice (which would score 2 Hits on 9 of 36) and with the Reduced Tank, which rolls its symbol
normally (GIN-AMB-15). Exact distributions, from the dice definitions the game rolls:"""),
    code("""# NBVAL_CHECK_OUTPUT
tank_pips = data.types["Tank"].fresh[0]
fresh_tank = volley(data, parse_units("Tank")).dist()
two_plain_dice = HitPool((HitDie(tank_pips), HitDie(tank_pips))).dist()
reduced_tank = volley(data, parse_units("Tank/r")).dist()
table = pd.DataFrame({
    "Fresh Tank (doubles rule)": [str(fresh_tank.p(h)) for h in range(3)],
    f"two plain {tank_pips}+ dice": [str(two_plain_dice.p(h)) for h in range(3)],
    "Reduced Tank": [str(reduced_tank.p(h)) for h in range(3)]},
    index=pd.Index(range(3), name="hits"))
print(table.to_string())
print("mean hits:", fresh_tank.mean(), "|", two_plain_dice.mean(), "|", reduced_tank.mean())"""),
    md("""## 3. A combat what-if: Formation Y attacks St. Louis

Turn 1: Swarm Formation "Y" (the text names no Swarm Formation: X, Y and Z are labels; two Ants, a
Spider and a Worm from the Des Moines Hive) moves into St. Louis, a Fence Fort of strength 3 held by an Infantry and a Tank. *Fort Combat*: the Fort rolls as
many dice as its strength, hitting on 5+, and takes Hits only when no Human unit is left to absorb
them. *Combat (Retreat)*: the side that suffered more Hits retreats, the acting side on a tie, and
nobody retreats when the winner has no units left. `battle_odds` enumerates every roll exactly (the
probabilities are Fractions):"""),
    code("""# NBVAL_CHECK_OUTPUT
swarm_y = parse_units("2xAnt,Spider,Worm")
st_louis = parse_units("Infantry,Tank")
odds = battle_odds(swarm_y, st_louis, fort_strength=state.forts["St Louis"].strength)
for label, p in [("Swarm must retreat", odds.p_attacker_retreats),
                 ("Humans must retreat", odds.p_defender_retreats),
                 ("St. Louis garrison and Fort wiped out", odds.p_defender_wiped),
                 ("E[hits the Swarm suffers]", odds.hits_on_attacker.mean()),
                 ("E[hits the Humans suffer]", odds.hits_on_defender.mean())]:
    print(f"{label:<40} {str(p):>18}  = {float(p):.4f}")"""),
    md("""The same numbers as a table (`entry.odds.combat_odds` gives it as a DataFrame, as the CLI and the
Odds panel do), and the distribution of Hits each way as a bar chart:"""),
    code("""hits = odds.hits()
fig = go.Figure([go.Bar(x=hits.hits, y=hits["P(attacker suffers)"], name="Hits the Swarm suffers",
                        marker_color=SIDE_COLOURS["Swarm"]),
                 go.Bar(x=hits.hits, y=hits["P(defender suffers)"], name="Hits the Humans suffer",
                        marker_color=SIDE_COLOURS["Human"])],
                layout=go.Layout(title="Formation Y attacks St. Louis (Fort strength 3): exact hits",
                                 barmode="group", xaxis_title="hits", yaxis_title="probability",
                                 height=380))
display(odds.summary())
fig"""),
    md("""**FX** (*Ginormopod: FX*): each side may use one FX per Combat, each FX once per turn. Their
effects are not in the text; the assumed effects are data. How the what-if changes when the Humans
play the Laser Tower and the Swarm answers with the Wasp (or, dangerously, Tectonic Telekinesis,
which advances the Danger marker — *Ginormopod: Danger*):"""),
    code("""fx_rows = []
for swarm_fx in ["", "Wasp", "Pill Bug", "Tectonic Telekinesis"]:
    for human_fx in ["", "Laser Tower"]:
        o = battle_odds(swarm_y, st_louis, fort_strength=3, attacker_fx=swarm_fx,
                        defender_fx=human_fx)
        fx_rows.append({"Swarm FX": swarm_fx or "-", "Human FX": human_fx or "-",
                        "P(Swarm retreats)": float(o.p_attacker_retreats),
                        "P(St. Louis wiped out)": float(o.p_defender_wiped),
                        "E[Swarm steps lost]": float(o.expected_attacker_losses)})
pd.DataFrame(fx_rows).round(3)"""),
    md("""**Overrun** (*Ginormopod: Combat*): five or more acting units against a single enemy unit
eliminate it without dice and may advance one more City. Against a lone Guard in an open City that
is certain; a Fort's strength boxes count as units (GIN-AMB-08 default), so a Fort is never
overrun:"""),
    code("""five = parse_units("3xAnt,Spider,Worm")
print("5 Swarm units vs one Guard:        P(overrun) =",
      battle_odds(five, parse_units("Guard")).p_overrun)
print("5 Swarm units vs one Infantry in a Fort of strength 1: P(overrun) =",
      battle_odds(five, parse_units("Infantry"), fort_strength=1).p_overrun)"""),
    md("""## 4. Movement reach of an activated unit

*Ginormopod: Movement*: an activated unit moves City to City, one MP per City entered (Worms 1 MP,
Infantry and Spiders 2, Tanks and Ants 3). Entering a City occupied by the enemy ends its move, and
undestroyed Forts are always enemy to the Swarm. A City may hold six units per side, **each Fort
strength box counting as a unit**. A Swarm unit may try to pass a City held only by unrevealed
National Guard (they may turn out blank), so the reach shows that best case. *Fusion Fence*: Swarm
units cannot move east of the Fence while it stands.

`movement_reach(state, unit)` answers with the Cities where the unit may end its move, the MP spent
and the path. Ant Y1 in the Des Moines Hive, after Set-Up:"""),
    code("""ant_reach = entry.reach.movement_reach(state, "Ant Y1")
for city, info in sorted(ant_reach.items(), key=lambda kv: (kv[1].cost, kv[0])):
    print(f"{info.cost} MP  {city:<12} via {' -> '.join(info.path)}")"""),
    md("""The Ant reaches only the Cities next to its Hive: the Fence Forts Chicago and St. Louis, where
it must stop (an undestroyed Fort is always enemy to the Swarm), and the Minneapolis Hive; no path
goes on east of the Fence. A Human Tank from Pittsburgh has no Fence to
fear, yet **Washington DC and New York City are not in its reach** although it drives through them:
each holds two Infantry plus a Fort of strength 4, six units already, so it may not end its move
there."""),
    code("""tank_reach = entry.reach.movement_reach(state, "Tank A2")
print("Tank A2 may end in:", ", ".join(sorted(tank_reach)))
draw_map(board, entry.board_view.pieces(state), "Where Ant Y1 can end its move (MP spent on each City)",
         reach=ant_reach)"""),
    md("""## 5. A few turns, stepped with the log

*Ginormopod: Flow of Play*: each turn has a Fade In phase (skipped on Turn 1), an Action phase —
chits are drawn from the cup until the third "…The End???"; an Activation chit activates a Formation
for Movement then Combat, an FX chit goes to its owner — and a Fade Out phase (hold a chit, Roll For
Danger, check Victory, advance the turn and the Time Tracker). `game.next_phase()` plays one phase
(both sides use the heuristic policy here) and returns its events; every event names the rule it
applies."""),
    code("""game = entry.new_game(seed=1)
while game.state.turn <= 2 and not game.state.finished:
    events = game.next_phase()
    print(f"turn {events[0].turn:>2}  {events[0].phase:<8} {len(events):>4} events   "
          f"last: {events[-1].message}")"""),
    md("""The log as a table (`game.log_frame()`): turn, phase, step, kind, the message and the **rule**
column. The first battle of the game, seed 1 (the Swarm's Formation "Z" from the assumed Shreveport
Hive storms Jackson):"""),
    code("""# NBVAL_CHECK_OUTPUT
log = game.log_frame()
first_combat = log.index[log.message.str.startswith("Combat at")][0]
for row in log.loc[first_combat:first_combat + 9].itertuples():
    print(f"T{row.turn} {row.phase:<7} | {row.message[:96]:<96} | {row.rule}")"""),
    md("""Which rulebook sections the first two turns used:"""),
    code("""log.groupby(["phase", "rule"]).size().rename("events").reset_index()"""),
    code("""log[log.turn == 2][["turn", "phase", "step", "message", "rule"]].tail(12)"""),
    md("""## 6. Explore it yourself

The explorer below is the same game (seed 1): the map on the left; on the right, **Play** steps the
game by event, step, phase or turn with the log (click a row to rewind the board), **Odds** asks
for any combat what-if, **Reach** overlays the reach of the unit you click on the map. The widgets
hold no rules: they call the same `get_game("ginormopod")` entry points used above."""),
    code("""from widgets import Explorer

Explorer("ginormopod", seed=1)"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

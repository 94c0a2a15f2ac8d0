"""Write notebooks/02_space_vermin.ipynb (a script, so the notebook's text is reviewable).

The notebook is executed here (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs `pytest --nbval-lax` compares, and no Plotly
bundle or widget state is stored. Run from the repository root:
``/work/venv/bin/python tools/make_notebook_02.py``.
"""
from __future__ import annotations

from notebook_tools import ROOT, code, md, write_notebook

TARGET = ROOT / "notebooks" / "02_space_vermin.ipynb"


CELLS = [
    md("""# Space Vermin From Beyond! — Marines against a programmed Vermite swarm

A solitaire game. The player commands the **Marines**; the **Vermites** (Drones, Soldiers,
Ultra-Mites and their Queens) follow a fixed procedure driven by Event Chits and dice (*§C Sequence
of Play*, *§D*, *§E*). In *The Family Jewels* (*§Q-1*) the Marines must carry the Queens' Crown
Jewels off Mapzone Alpha; in *The Great Migration* (*§Q-2*) they hold Mapzone Beta against hordes
crossing from the west.

Everything below is computed by the rules library (`rules_lib.games.space_vermin`, reached through
`rules_lib.registry.get_game`); this notebook only asks and draws. The § references are the
rulebook's sections. The printed map art is not in the rulebook text, so both maps are data built to
honour every map fact the text states, marked `assumed` in
`rules_lib/games/space_vermin/data/maps/*.yaml`. Every game here is seeded, so the notebook gives
the same results each run."""),
    code("""import pandas as pd
import plotly.graph_objects as go

from rules_lib.games.space_vermin import preview_paths
from rules_lib.games.space_vermin.board import map_for
from rules_lib.games.space_vermin.combat import fire_plans, vermite_attack_cf
from rules_lib.games.space_vermin.counters import placed_state
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.games.space_vermin.odds import fire_outcome, marine_fire_odds, vermite_attack_odds
from rules_lib.games.space_vermin.state import effective_values
from rules_lib.playtest import run_games, summarize
from rules_lib.registry import get_game

entry = get_game("space_vermin")
data = load_game_data()
print(entry.title, "| scenarios:", ", ".join(entry.scenarios))"""),
    md("""## 1. The two Mapzones

*§B Components*: each map has 216 hexes numbered 111–666 — every digit 1–6, so three dice read in
order always name a numbered hex (a Drone flocks to the hex its three dice name, *§E-1-a*) — plus
unnumbered Clear, Nest and Toxic Tar Pit hexes. Hex directions 1–6 are N, NE, SE, S, SW, NW, as on
the Vermite Movement Indicator.

*§P Terrain Features & Effects*: Clear costs 1 MP; Bamboo Grove and Bog 2 MP and give defensive
benefit (−1 CF to the attacker); Buildings are road hexes, defensive, and block line of sight like
Bamboo and Toxic Tar Pits; Marines pay ½ MP between connected Road hexes; Toxic Tar Pits can be
entered only along a Bridge; the Nests are clear. Vermites move 1 MP along a Scent Trail whatever
the terrain. The terrain table is data (`data/terrain.yaml`):"""),
    code("""pd.DataFrame([{"terrain": name, "MP": t.cost, "defensive": t.defensive,
               "blocks line of sight": t.blocks_los, "enterable": t.enterable}
              for name, t in data.terrain.items()])"""),
    md("""Both maps are drawn from the core `HexBoard` (`entry.board_view.board(state)`, each hex's corners from
`board.outline(hex)`) and the counters from `entry.board_view.pieces(state)`. Hover a hex for its number and
terrain, a counter for its values. Mapzone Alpha is shown after the *Family Jewels* set-up (seed 1,
*§Q-1-a/b*); Mapzone Beta after *The Great Migration* set-up (*§Q-2-a*: six Soldiers on the Vermite
Entry hexes)."""),
    code("""TERRAIN_COLOURS = {"clear": "#f3f1e4", "bamboo": "#8cc084", "bog": "#9fc7c0",
                   "building": "#b8b8b8", "tar_pit": "#3b3b3b", "nest": "#d9a6cf"}
SIDE_COLOURS = {"Marines": "#1f5fa8", "Vermites": "#b22222", "": "#e0b000"}


def _polygons(board, hexes):
    xs, ys = [], []
    for h in hexes:
        corners = board.outline(h)
        xs += [x for x, _ in corners] + [corners[0][0], None]
        ys += [y for _, y in corners] + [corners[0][1], None]
    return xs, ys


def _links(board, pairs):
    xs, ys = [], []
    for a, b in pairs:
        (xa, ya), (xb, yb) = board.xy(a), board.xy(b)
        xs += [xa, xb, None]
        ys += [ya, yb, None]
    return xs, ys


def draw_map(state, title, overlay=None, overlay_name="", pieces=True, paths=None):
    \"\"\"Terrain, roads and Scent Trails, hex numbers, counters; optional overlay {hex: value}
    (a colour scale) and paths {name: [hex, ...]} drawn as arrows of hexes.\"\"\"
    board = entry.board_view.board(state)
    smap = map_for(state.map)
    traces = []
    for terrain, colour in TERRAIN_COLOURS.items():
        hexes = [h for h in board.locations() if board.terrain_at(h) == terrain]
        if hexes:
            xs, ys = _polygons(board, hexes)
            traces.append(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=colour, mode="lines",
                                     line=dict(color="#777", width=0.6), name=terrain,
                                     hoverinfo="skip"))
    for name, pairs, colour in (("road", smap.road_links, "#8c6d3f"),
                                ("scent trail", smap.trail_links, "#d62728")):
        xs, ys = _links(board, [tuple(p) for p in pairs])
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", name=name, hoverinfo="skip",
                                 line=dict(color=colour, width=2.5,
                                           dash="dot" if name == "scent trail" else "solid")))
    if overlay:
        hexes = list(overlay)
        traces.append(go.Scatter(
            x=[board.xy(h)[0] for h in hexes], y=[board.xy(h)[1] for h in hexes], mode="markers",
            name=overlay_name, marker=dict(size=15, symbol="hexagon", opacity=0.75,
                                           color=[float(overlay[h]) for h in hexes],
                                           colorscale="Viridis", showscale=True,
                                           colorbar=dict(title=overlay_name, len=0.6)),
            hovertext=[f"{board.label(h)}: {overlay_name} {overlay[h]}" for h in hexes],
            hoverinfo="text"))
    hexes = board.locations()
    traces.append(go.Scatter(
        x=[board.xy(h)[0] for h in hexes], y=[board.xy(h)[1] for h in hexes], mode="text",
        text=[board.label(h) if smap.numbered(h) else "" for h in hexes], name="hex numbers",
        textfont=dict(size=7, color="#444"),
        hovertext=[f"{board.label(h)} ({board.terrain_at(h)})" for h in hexes],
        hoverinfo="text"))
    for name, path in (paths or {}).items():
        pts = [smap.hex(lab) for lab in path]
        traces.append(go.Scatter(x=[board.xy(h)[0] for h in pts], y=[board.xy(h)[1] for h in pts],
                                 mode="lines+markers", name=name, hoverinfo="name",
                                 line=dict(width=3), marker=dict(symbol="arrow", angleref="previous",
                                                                 size=11)))
    if pieces:
        for side, colour in SIDE_COLOURS.items():
            ps = [p for p in entry.board_view.pieces(state) if p["side"] == side]
            traces.append(go.Scatter(
                x=[board.xy(p["loc"])[0] for p in ps], y=[board.xy(p["loc"])[1] for p in ps],
                mode="markers", name=side or "Crown Jewels",
                marker=dict(symbol="square" if side else "diamond", size=10, color=colour,
                            line=dict(color="white", width=1)),
                hovertext=[p["hover"] for p in ps], hoverinfo="text"))
    layout = go.Layout(title=title, height=720, width=860, hovermode="closest",
                       plot_bgcolor="white", legend=dict(orientation="h", y=-0.04),
                       xaxis=dict(visible=False, constrain="domain"),
                       yaxis=dict(visible=False, scaleanchor="x"))
    return go.Figure(data=traces, layout=layout)


alpha_game = entry.new_game("family_jewels", seed=1)
alpha_game.next_phase()  # Set-Up (§Q-1-a/b)
alpha = alpha_game.state
draw_map(alpha, "Mapzone Alpha after the Family Jewels set-up (seed 1)")"""),
    code("""beta_game = entry.new_game("great_migration", seed=1)
beta_game.next_phase()  # Set-Up (§Q-2-a)
draw_map(beta_game.state, "Mapzone Beta after The Great Migration set-up (seed 1)")"""),
    md("""## 2. Line of sight and a Marine's reach

*§J-1*: a Marine sees a target if the line between the two hex centres crosses neither the inside
**nor a hexside** of a hex with blocking terrain (Bamboo, Building, Toxic Tar Pit) or **any unit**;
the firer's and target's own hexes never block ("targets merely occupying blocking terrain may be
fired upon"). `entry.line_of_sight(state, hex)` lists every hex seen from a hex.

*§I-1 Full Move*: a Marine may pass through friends but never enters a Vermite's hex, may not end
stacked with another Marine, stops on entering a hex adjacent to any Vermite (Drones too), and pays
½ MP between connected Road hexes. `entry.reach.movement_reach(state, unit)` gives every hex where it may
end the move with the MP spent."""),
    code("""marine = next(p for p in entry.board_view.pieces(alpha) if p["label"] == "Squad 1")
seen = entry.line_of_sight(alpha, marine["loc"])
board = entry.board_view.board(alpha)
print(f"{marine['hover']}: sees {len(seen)} of {len(board)} hexes")
draw_map(alpha, f"Line of sight from {board.label(marine['loc'])} ({marine['label']}), §J-1",
         overlay={h: 1 for h in seen}, overlay_name="seen")"""),
    code("""reach = entry.reach.movement_reach(alpha, marine["label"])
print(f"{marine['label']} may end a Full Move in {len(reach)} hexes; "
      f"the ½ MP road steps show as halves:")
print(pd.Series({board.label(h): str(mp) for h, mp in reach.items()}, name="MP").sort_values()
      .value_counts().sort_index().to_dict())
draw_map(alpha, f"Where {marine['label']} can end a Full Move (MP spent), §I-1",
         overlay=reach, overlay_name="MP")"""),
    md("""## 3. A combat what-if: the §J-1 example

*§J-1 Marine Combat*: a Marine rolls as many dice as its Combat Factor, each die **above** the
target's Defense Number is a hit; 1 hit does nothing, 2–3 hits reduce the target, 4 or more
eliminate it (*§J-2*). The CF is modified by +1 next to an HQ, +1 for an adjacent target, −1 for
Shoot and Scoot, −1 with a NAT marker, −1 for a target in defensive terrain, and a Marine cannot fire
below CF 1. The modifiers are data:"""),
    code("""pd.Series(data.tables["marine_fire"], name="CF modifier").to_frame()"""),
    md("""The rulebook's example position: Squad 1 in 315 with HQ 1 in 335, the Special Ops in 413, an
Ultra-Mite in 131 and a Soldier in 316. `fire_plans` (the same function the Marine Action Phase
uses) lists every legal shot with its modifiers; `marine_fire_odds` enumerates the same dice pool the
game rolls, exactly (Fractions):"""),
    code("""# NBVAL_CHECK_OUTPUT
j1 = placed_state({"Squad 1": 315, "HQ 1": 335, "Special Ops 1": 413,
                   "Ultra-Mite #2": 131, "Soldier #1": 316})
for plan in fire_plans(data, map_for("alpha"), j1, "Squad 1"):
    mods = ", ".join(f"{name} {m:+d}" for name, m in plan.modifiers) or "none"
    odds = fire_outcome(plan.cf, plan.dn)
    print(f"Squad 1 -> {plan.target} in {plan.target_hex}: CF {plan.cf} ({mods}) vs DN {plan.dn}: "
          f"no effect {odds.p('none')}, reduced {odds.p('step')}, eliminated {odds.p('eliminate')}")"""),
    md("""The text's shot is the first: 5 dice against DN 3, and the rulebook's roll (6, 6, 5, 1, 2: three
hits) flips the Ultra-Mite. How likely was that? And how do the odds move with CF and DN? One table
per target state, and the whole CF × DN grid as a chart:"""),
    code("""display(marine_fire_odds(5, 3))
grid = pd.concat([marine_fire_odds(cf, dn).assign(CF=cf, DN=dn)
                  for dn in (2, 3, 4) for cf in range(1, 9)])
fig = go.Figure([go.Bar(x=[f"CF {cf}" for cf in grid[(grid.DN == dn) & (grid.result == r)].CF],
                        y=grid[(grid.DN == dn) & (grid.result == r)].probability,
                        name=f"DN {dn}: {r}", offsetgroup=str(dn), legendgroup=str(dn),
                        marker_opacity={"reduced": 0.55, "eliminated": 1.0}[r],
                        marker_pattern_shape={"reduced": "/", "eliminated": ""}[r],
                        marker_color={2: "#2ca02c", 3: "#1f77b4", 4: "#9467bd"}[dn],
                        base=(grid[(grid.DN == dn) & (grid.result == "reduced")].probability.values
                              if r == "eliminated" else None))
                 for dn in (2, 3, 4) for r in ("reduced", "eliminated")],
                layout=go.Layout(title="Marine fire: P(reduced) and P(eliminated) stacked, by CF "
                                 "and target DN (§J-1/§J-2)", barmode="group", height=420,
                                 yaxis=dict(title="probability", range=[0, 1])))
fig"""),
    md("""### A Vermite attack on a Marine (*§F-2*)

In the Combat Step every non-Drone Vermite next to a Marine attacks, hex by hex in hex-number order,
the lowest-numbered adjacent Marine, with the **summed** CF of its hex, −1 if the Marine is in
defensive terrain. The rulebook's example: two Soldiers in 252 attack Squad 1 in 315 (a Building).
`vermite_attack_cf` is the function the Combat Step calls; `vermite_attack_odds` the exact
outcome (for a Marine, "reduced" means flipped to its Disrupted side; a Disrupted Marine that is
reduced again is eliminated):"""),
    code("""# NBVAL_CHECK_OUTPUT
f2 = placed_state({"Squad 1": 315, "Squad 2": 334, "Soldier #1": 252, "Soldier #3": 252,
                   "Ultra-Mite #2": 316})
squad = f2.unit("Squad 1")
cf, mods = vermite_attack_cf(data, map_for("alpha"), f2,
                             [f2.unit("Soldier #1"), f2.unit("Soldier #3")], squad)
dn = effective_values(data, squad).dn
print(f"Soldiers #1 + #3 attack Squad 1 in 315: CF {cf} {mods} vs DN {dn}")
for fresh_or_disrupted in (False, True):
    t = vermite_attack_odds(cf, dn, disrupted=fresh_or_disrupted)
    print(("Disrupted" if fresh_or_disrupted else "Fresh").ljust(9),
          {row.result: row.exact for row in t.itertuples()})"""),
    md("""## 4. A Vermite turn, stepped with the log

*§C-2-a*: the Vermite Action Phase is the Event Chit Step (*§D*: the chit gives the Queen's
Preferred Direction — on Alpha a blue arrow south of the road and a yellow one on or north of it — and
its event), the Movement Step in a fixed order (*§E-1*: Drones flock to a three-dice hex, Ultra-Mites,
Soldier Tunnel Movement, Soldier Regular Movement), the Combat Step (*§F*) and the Reinforcement Step
(*§G*). `game.next_step()` plays to the end of one step; every event names the rule it applies, and
each hex a Vermite enters says **why** it went that way (the chit's arrow, a Scent Trail, a map-edge
reversal, a Tar Pit sidestep, a Marine adjacent...).

First the Event Chit Step of Turn 1 (seed 1). Before the Vermites move, `preview_paths`
runs the Movement Step on a copy of the state and shows where every non-Drone will go with the drawn
chit (the game's own dice are not touched). It lists the hexes each Vermite enters, in order. A
Soldier's Tunnel Movement (*§E-1-c*) comes first: a placement on a Tunnel Exit, not a step, so
Soldier #1 below is placed on Tunnel Exit 1 (146) and then walks from there:"""),
    code("""# NBVAL_CHECK_OUTPUT
game = entry.new_game("family_jewels", seed=1)
game.next_phase()                      # Set-Up
events = game.next_step() + game.next_step()   # phase opening, Event Chit Step
for e in events:
    print(f"{e.step or '-':<10} | {e.message} | {e.rule}")
preview = preview_paths(game.state)
for unit, path in preview.items():
    print(f"preview {unit:<14} (now in {game.state.unit(unit).hex}) enters {' -> '.join(path)}")"""),
    code("""draw_map(game.state, f"Turn 1: where each Vermite will move with {game.state.direction_chit} "
         "(preview, §D-1/§E)", paths=preview)"""),
    md("""Now the Movement Step itself. The log as a table (`game.log_frame()`) has the rule in its own
column; the moves match the preview:"""),
    code("""moves = game.next_step()
for e in moves:
    if e.kind in ("move", "step_detail"):
        print(f"{e.message}  [{e.rule}]")"""),
    code("""game.next_step()  # Combat Step
game.next_step()  # Reinforcement Step (§G: the Queens spawn)
log = game.log_frame()
log[log.turn == 1][["phase", "step", "kind", "message", "rule"]].tail(12)"""),
    md("""## 5. The Family Jewels, simulated

*§Q-1*: the battle lasts until the Event Cup is empty or ends at once (*§N*: an instant loss when
the Marines are wiped out of play, an instant victory with all Jewels exited). Victory levels come
from the Jewels carried off the map, lowered when more than 6 Marines were lost (*§Q-1-d*).
`run_games` plays complete games (the Marines with the heuristic policy — fire at the best expected
target, rally, escort Jewels with the Recovery Vehicles — the Vermites by their procedure) and
`summarize` gives each rate and mean with a 95% interval. Only 20 games here, to stay quick, so the
intervals are wide; the CLI `rules-explorer simulate space_vermin --scenario family_jewels -n 500`
narrows them."""),
    code("""games = run_games("space_vermin", 20, seed=1, scenario="family_jewels")
summary = summarize(games)
display(summary.round(3))
rates = summary[summary.measure.str.startswith("outcome")]
go.Figure(go.Bar(x=rates.measure.str.replace("outcome = ", ""), y=rates.estimate,
                 error_y=dict(type="data", symmetric=False, array=rates.high - rates.estimate,
                              arrayminus=rates.estimate - rates.low)),
          layout=go.Layout(title="The Family Jewels, 20 seeded games: victory levels with 95% "
                           "intervals", yaxis=dict(title="share of games", range=[0, 1]),
                           height=380))"""),
    md("""Two Marine commanders ship with the game. `heuristic` (above) is quick and simple;
`commander` reads the position: it fires at the Vermites about to attack or carrying a Jewel, pulls
Disrupted Marines out of contact (*§K*), rallies where it saves someone (*§I-4-b*) and drives the
Recovery Vehicles along the least threatened way. `compare` says whether the Marines' rate of an
outcome differs between two batches, with the interval of the difference:"""),
    code("""from rules_lib.playtest import compare

commander = run_games("space_vermin", 40, seed=1, scenario="family_jewels",
                      policies={"Marines": "commander"})
simple = run_games("space_vermin", 40, seed=1, scenario="family_jewels")
print(compare(commander, simple, "Instant Loss"))"""),
    md("""## 6. Explore it yourself

The explorer below is the same game (seed 1): the map with its counters, **Play** steps the game
by event, step, phase or turn with the log (click a row to rewind the board), **Odds** asks for any
fire or attack what-if, **Reach** overlays a selected Marine's reach and line of sight. The widgets
hold no rules: they call the same `get_game("space_vermin")` entry points used above."""),
    code("""from widgets import Explorer

Explorer("space_vermin", scenario="family_jewels", seed=1)"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

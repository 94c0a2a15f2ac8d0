"""Write notebooks/04_gods_war_cosmic_monsters.ipynb (a script, so the notebook's text is reviewable).

The notebook is executed here (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs `pytest --nbval-lax` compares, and no Plotly
bundle or widget state is stored. Run from the repository root:
``/work/venv/bin/python tools/make_notebook_04.py``.
"""
from __future__ import annotations


from notebook_tools import ROOT, code, md, write_notebook

TARGET = ROOT / "notebooks" / "04_gods_war_cosmic_monsters.ipynb"


CELLS = [
    md("""# Glorantha: The Gods War — Cosmic Monsters

The *Cosmic Monsters* expansion adds two monsters with full card text: **Androgeus** (Combat 6) and
**Arachne Solara** (Combat 10). *XIII. Monsters — Cosmic Monsters*: they "create a sort of
suppressive aura in their area and those adjacent" and "are classified as greater gods".

The expansion text leans on a base game it does not contain; the map, the units and their Combat
values, the battle dice and the turn sequence are supplied as data marked `assumed` (listed at the
end). Everything below is computed by `rules_lib.games.gods_war`; this notebook only asks and draws.
All randomness is seeded."""),
    code("""import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from rules_lib.registry import get_game
from rules_lib.games.gods_war import androgeus, arachne_solara, odds
from rules_lib.games.gods_war.data import default_data

entry = get_game("gods_war")
data = default_data()
print(entry.title, "-", ", ".join(entry.scenarios))"""),
    md("""## 1. The area map and the monsters' auras

*Androgeus card (Placement)*: he is not on the map at the start; when the Great Compromise is first
triggered he is placed in **Altinela**. *Arachne Solara card (Placement)*: she starts in **Inner
Hell**. *Androgeus card: Lust (Ongoing)*: summoning a unit into his area **or an adjacent one** makes
a chosen enemy summon its cheapest unit there for free, and if the area was adjacent he moves into it
— that is his aura. *Arachne Solara card: Spinning the Web (Action, cost 1)*: from Hell or the
Heavens any player may move her to a surface area **without** a web token and place a token there;
from the surface she goes back to Hell or the Heavens.

We play a seeded game (both monsters, heuristic empires) until Androgeus is on the map and Arachne has
spun at least three webs, then draw the board. Shaded rings: the areas where a summon triggers Lust
(`androgeus.lust_applies`); diamonds: where Spinning the Web could take Arachne next
(`arachne_solara.spin_destinations`)."""),
    code("""game = entry.new_game("both", seed=4)
while not game.finished:
    game.next_turn()
    s = game.state
    if s.monsters["Androgeus"].status == "in play" and len(s.web_tokens) >= 3:
        break
state = game.state
print(f"turn {state.turn}:", {name: m.area for name, m in state.monsters.items()})
print("web tokens on the map:", state.web_tokens, "| left in the pool:", state.web_pool)"""),
    code("""board = entry.board_view.board(state)
G = board.graph
xy = {a: (G.nodes[a]["x"], G.nodes[a]["y"]) for a in G.nodes}
realm_colour = {"surface": "#c9b27c", "hell": "#b03a2e", "heavens": "#5dade2"}

# who stands where (the game's own piece list: units, monsters, web tokens, buildings)
here = {a: [] for a in G.nodes}
for p in entry.board_view.pieces(state):
    here[p["loc"]].append(p["hover"])

edge_x, edge_y = [], []
for a, b in G.edges:
    edge_x += [xy[a][0], xy[b][0], None]
    edge_y += [xy[a][1], xy[b][1], None]

lust = {a: androgeus.lust_applies(state, data, a) for a in G.nodes}
lust_areas = [a for a, w in lust.items() if w]
spin_to = arachne_solara.spin_destinations(state, data)
monster_at = {m.area: name for name, m in state.monsters.items() if m.status == "in play"}

traces = [
    go.Scatter(x=edge_x, y=edge_y, mode="lines", line={"color": "#999", "width": 1},
               hoverinfo="skip", showlegend=False),
    go.Scatter(x=[xy[a][0] for a in lust_areas], y=[xy[a][1] for a in lust_areas], mode="markers",
               marker={"size": 46, "color": "rgba(231, 76, 60, 0.25)",
                       "line": {"color": "#e74c3c", "width": 2}},
               name="Androgeus' aura: a summon here triggers Lust",
               text=[f"{a}: {lust[a]}" for a in lust_areas], hoverinfo="text"),
    go.Scatter(x=[xy[a][0] for a in G.nodes], y=[xy[a][1] for a in G.nodes], mode="markers+text",
               marker={"size": 24, "color": [realm_colour[G.nodes[a]["realm"]] for a in G.nodes],
                       "line": {"color": "black", "width": 1}},
               text=list(G.nodes), textposition="bottom center", name="areas (colour = realm)",
               hovertext=[f"<b>{a}</b> ({G.nodes[a]['realm']})<br>" + "<br>".join(here[a])
                          for a in G.nodes], hoverinfo="text"),
    go.Scatter(x=[xy[a][0] for a in state.web_tokens], y=[xy[a][1] for a in state.web_tokens],
               mode="markers", marker={"symbol": "asterisk-open", "size": 18, "color": "black"},
               name="web token", hoverinfo="skip"),
    go.Scatter(x=[xy[a][0] for a in spin_to], y=[xy[a][1] for a in spin_to], mode="markers",
               marker={"symbol": "diamond-open", "size": 30, "color": "#8e44ad"},
               name="Spinning the Web could move Arachne here", hoverinfo="skip"),
    go.Scatter(x=[xy[a][0] for a in monster_at], y=[xy[a][1] + 0.45 for a in monster_at],
               mode="markers+text", marker={"symbol": "star", "size": 22, "color": "#f1c40f",
                                            "line": {"color": "black", "width": 1}},
               text=list(monster_at.values()), textposition="top center", name="Cosmic Monster"),
]
fig = go.Figure(data=traces, layout={
    "title": f"The area map on turn {state.turn} (assumed subset of the Gods War board)",
    "height": 650, "xaxis": {"visible": False}, "yaxis": {"visible": False, "scaleanchor": "x"},
    "legend": {"orientation": "h", "y": -0.05}})
fig"""),
    md("""## 2. Killing Androgeus: how many dice, and is a hero there?

*Androgeus card: Superhero (Battle)*: at most **4** combat dice are ever rolled against him (a Single
Combat champion's dice included). *Androgeus card (Killing Androgeus)*: he dies only if a hero or
greater god is present on the attacking side **and** at least one kill is scored against him **and**
he scores at least one kill himself (the attacker then picks which hero or god dies with him). The
FAQ confirms the consequence: without heroes or greater gods (Invisible God) he cannot be killed.

`odds.androgeus_table` enumerates the same battle dice the game rolls (assumed faces: 3 blank,
2 rout, 1 kill; one die per point of Combat), against his 6 dice, with the cap applied."""),
    code("""# NBVAL_CHECK_OUTPUT
table = odds.androgeus_table(max_combat=6)
exact = table.pivot(index=["attacking_combat", "dice_rolled"], columns="hero_or_greater_god",
                    values="exact")
exact.columns = ["without hero", "with hero or greater god"]
print(exact.to_string())"""),
    code("""odds.androgeus_figure(odds.androgeus_table(max_combat=10))"""),
    md("""Past 4 Combat the line is flat: Superhero throws the extra dice away. Both sides must score a
kill, so with the assumed dice (one kill face in six) the best any force can do is
(1 − (5/6)⁴) · (1 − (5/6)⁶) ≈ 0.344. The same question for real stacks of the assumed units
(`odds.androgeus_kill_probability` counts the dice and looks for the hero itself):"""),
    code("""# NBVAL_CHECK_OUTPUT
forces = [
    ["Storm Warrior", "Storm Warrior"],
    ["Storm Champion"],
    ["Storm King", "Storm Warrior"],
    ["Storm King", "Storm Champion", "Storm Warrior", "Storm Warrior"],
    ["Malkioni Knight", "Malkioni Knight"],
]
for force in forces:
    p = odds.androgeus_kill_probability(force)
    dice = odds.attack_dice(data, force, "Androgeus")
    print(f"{' + '.join(force):<60} {dice} dice  P(kill) = {float(p):.4f}")"""),
    md("""## 3. Fighting Arachne Solara pays in victory points

*Arachne Solara card: Tangled in the Web (Post-Battle)*: for each kill you score against her you
gain **1 VP**. *Arachne Solara card (Killing)*: she cannot be killed, routed or moved by other means,
so attacking her is purely a VP harvest (at the price of her 10 dice of return fire). The VP gained is
the number of kill faces rolled:"""),
    code("""# NBVAL_CHECK_OUTPUT
vp3 = odds.arachne_table(3)
print("attacking Combat 3:")
print(vp3.to_string(index=False))
print("expected VP per attacking die:", odds.arachne_vp_distribution(1).mean())"""),
    code("""combats = [2, 4, 6, 8]
fig = go.Figure(
    data=[go.Bar(x=odds.arachne_table(c).vp_gained, y=odds.arachne_table(c).probability,
                 name=f"attacking Combat {c}") for c in combats],
    layout={"title": "Tangled in the Web: VP gained = kills scored against Arachne Solara",
            "xaxis": {"title": "VP gained", "dtick": 1}, "yaxis": {"title": "probability"},
            "barmode": "group"})
fig"""),
    md("""And what she rolls back (her card's Combat 10, the same dice):"""),
    code("""odds.monster_return_fire("Arachne Solara").head(12)"""),
    md("""## 4. Arachne's web racing to end the game

*Arachne Solara card: Completing the Web (End of Game)*: when the **12th** web token leaves the pool
the game ends at once, even if nobody has 35 VP. Tokens leave the pool through Spinning the Web (one
per spin from Hell or the Heavens to an unwebbed surface area) and through *Empowering the Web*
(Council Phase, once per game per empire, power per building; the token goes to the empire's sheet and
counts too — the default reading of ambiguity GW-AMB-07, variant `web_counts_map_tokens_only`).

A seeded game with Arachne alone, stepped one event at a time, recording the pool after each event:"""),
    code("""race = entry.new_game("arachne_solara", seed=0)
rows = []
while (event := race.step_event()) is not None:
    rows.append({"event": len(race.log), "turn": race.state.turn, "phase": race.state.phase,
                 "web_pool": race.state.web_pool, "on_map": len(race.state.web_tokens)})
trace = pd.DataFrame(rows)
per_turn = trace.groupby("turn").web_pool.last()
print("game over:", race.state.end_reason, "| winner:", race.state.result)
print("web tokens left in the pool at the end of each turn:", per_turn.to_dict())"""),
    code("""fig = make_subplots(rows=1, cols=2, column_widths=[0.6, 0.4],
                    subplot_titles=("web tokens left, event by event", "at the end of each turn"))
fig.add_trace(go.Scatter(x=trace.event, y=trace.web_pool, mode="lines", line_shape="hv",
                         name="pool", text=trace.phase), row=1, col=1)
fig.add_trace(go.Bar(x=per_turn.index, y=per_turn.values, name="pool at turn end"), row=1, col=2)
fig.update_xaxes(title_text="event", row=1, col=1)
fig.update_xaxes(title_text="turn", dtick=1, row=1, col=2)
fig.update_yaxes(title_text="web tokens left", range=[0, 12.5])
fig.update_layout(title="Completing the Web: the pool runs dry", showlegend=False)
fig"""),
    md("""The web is a clock every empire can wind: each spin costs only 1 power. Twenty seeded games per
scenario show how often the web, rather than 35 VP or the (assumed) turn limit, ends the game:"""),
    code("""runs = []
for scenario in ("arachne_solara", "both"):
    for seed in range(20):
        g = entry.new_game(scenario, seed=seed, keep_log=False)
        g.run_to_end()
        row = entry.summary(g.state)
        runs.append({"scenario": scenario, "end_reason": row["end_reason"], "turns": row["turns"]})
runs = pd.DataFrame(runs)
runs.groupby(["scenario", "end_reason"]).turns.agg(["count", "mean", "min", "max"])"""),
    md("""## 5. The log cites the card text

Every event names the rule it applies; the Spinning the Web and Completing the Web lines of the game
above:"""),
    code("""log = race.log_frame()
log[log.rule.str.startswith("Arachne Solara card")][["turn", "phase", "message", "rule"]].tail(6)"""),
    md("""## 6. Explore it yourself

The explorer steps a game with the log, shows the board and asks the odds panel (the widgets hold no
rules; they call the same entry points as above)."""),
    code("""from widgets import Explorer

Explorer("gods_war")"""),
    md("""## What is assumed

The base game is not in the expansion text: these values are assumptions (correct them in
`rules_lib/games/gods_war/data/*.yaml`)."""),
    code("""report = entry.provenance_report()
print(len(report), "assumed values")
report.head(10)"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

"""Write notebooks/03_zombies_giants_club.ipynb (a script, so the notebook's text is reviewable).

The notebook is executed here (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs `pytest --nbval-lax` compares, and no Plotly
bundle or widget state is stored. Run from the repository root:
``/work/venv/bin/python tools/make_notebook_03.py``.
"""
from __future__ import annotations


from notebook_tools import ROOT, code, md, write_notebook

TARGET = ROOT / "notebooks" / "03_zombies_giants_club.ipynb"


CELLS = [
    md("""# Zombies!!! Giants-Club — which size survives?

The *Giants-Club* house rules let a Survivor start **Normal**, **Big** or **Huge**. Bigger means more
hearts, half damage and Reach, but no bullets, dearer doorways and, in the end, a Giant must shrink
(Size-Ray or potion) to board the helicopter. This notebook asks the rules library
(`rules_lib.games.zombies_giants`) and only draws the answers; every random thing is seeded."""),
    code("""import plotly.graph_objects as go
from plotly.subplots import make_subplots

from rules_lib.registry import get_game
from rules_lib.games.zombies_giants import crafting, sizes
from rules_lib.games.zombies_giants.data import SIZES, default_data
from rules_lib.games.zombies_giants.movement import movement_roll
from rules_lib.games.zombies_giants.odds import fight_odds, odds_grid, reach_grid

entry = get_game("zombies_giants")
data = default_data()
print(entry.title, "- scenarios:", ", ".join(entry.scenarios))"""),
    md("""## 1. The three sizes

From the size sections (*Normal*, *Big*, *Huge*) and *Game Start*: Normal starts with 3 hearts and
3 bullets, moves d6 (never fewer squares than its hearts) and fights with a d6; Big starts with 8
hearts, moves 2d6, fights with a d6 rolled with Advantage and takes half damage; Huge starts with 12
hearts, moves 3d6, rolls 2d6 in combat and takes half damage. (The size sections say 4 and 5 starting
hearts: ambiguity ZGC-AMB-01, variant `size_section_hearts`; Game Start's counters are the default.)
Exact means of the dice the game rolls:"""),
    code("""for size in SIZES:
    st = sizes.stats(data, size)
    print(f"{size:<6}  start {sizes.start_hearts(data, size):>2} hearts, {st.start_bullets} bullets | "
          f"combat roll mean {sizes.combat_dice(data, size).dist().mean()} | "
          f"movement dice mean {sizes.movement_dice(data, size).dist().mean()}")"""),
    md("""## 2. Fight odds: an odds grid over hearts and bullets

*Step 3: Move/Fight* and *Zombies and Combat*: a fight goes on until the Survivor wins or dies. A
zombie needs a 4 to beat (two zombies in one square: 8); each failed roll costs one heart (Giants take
half damage), and a failed roll lowers the target by its result ("the target number is lowered by
previous results"); when no roll could fail, the zombie dies at once. *Resource Usage*: a Survivor may
spend **one** bullet per combat for +2, after seeing the roll; Giants can carry bullets but not use
them.

`fight_odds` solves this as an absorbing Markov chain, exactly, with the same dice and the same
rule functions the game's fight uses. A Normal Survivor on its last heart, no bullet, against one
zombie:"""),
    code("""# NBVAL_CHECK_OUTPUT
last_stand = fight_odds("Normal", hearts=1, bullets=0, zombies=1)
print("P(win) =", last_stand.p_win)
print("with a bullet to spend:", fight_odds("Normal", hearts=1, bullets=1, zombies=1).p_win)"""),
    md("""The whole grid — 3 sizes × hearts × bullets × 1 or 2 zombies, bullets spent only when they turn
a roll into a kill (`bullet_policy="when_it_kills"`) — takes a fraction of a second:"""),
    code("""grid = odds_grid(hearts=range(1, 13), bullets=range(0, 6), zombies=(1, 2))
shown = grid[grid.hearts <= 6]  # from 7 hearts on every size wins with P > 0.999
fig = make_subplots(rows=2, cols=3, subplot_titles=[f"{s} vs {z} zombie{'s' * (z > 1)}"
                                                    for z in (1, 2) for s in SIZES],
                    shared_yaxes=True, vertical_spacing=0.14)
for row, z in enumerate((1, 2), start=1):
    for col, size in enumerate(SIZES, start=1):
        t = shown[(shown["size"] == size) & (shown.zombies == z)].pivot(
            index="hearts", columns="bullets", values="p_win")
        fig.add_trace(go.Heatmap(z=t.values, x=t.columns, y=t.index, zmin=0, zmax=1,
                                 colorscale="RdYlGn", showscale=(row, col) == (1, 1),
                                 colorbar={"title": "P(win)"},
                                 text=t.round(3).values, texttemplate="%{text}",
                                 hovertemplate="hearts %{y}, bullets %{x}: P(win) %{z:.4f}"),
                      row=row, col=col)
fig.update_xaxes(title_text="bullets", row=2)
fig.update_yaxes(title_text="hearts", col=1)
fig.update_layout(title="P(winning the fight) by size, hearts and bullets", height=700)
fig"""),
    md("""Three lessons in the grid: a bullet column beyond 1 adds nothing (one bullet per combat); Giants'
columns are flat (they cannot use bullets); and half damage makes even a 1-heart Big or Huge Giant
a strong favourite. At the counters each size starts the game with:"""),
    code("""# NBVAL_CHECK_OUTPUT
for size in SIZES:
    hearts, bullets = sizes.start_hearts(data, size), sizes.stats(data, size).start_bullets
    for z in (1, 2):
        o = fight_odds(size, hearts, bullets, z)
        print(f"{size:<6} {hearts:>2} hearts {bullets} bullets vs {z} zombie(s): "
              f"P(win) {float(o.p_win):.4f}, hearts left on average {float(o.hearts_left().mean()):.3f}")"""),
    md("""`entry.odds.combat_odds` gives the full distribution of one fight's end — hearts left and bullets
spent — as a table (here a Normal Survivor with 2 hearts and 3 bullets against two zombies):"""),
    code("""entry.odds.combat_odds("Normal", hearts=2, bullets=3, zombies=2)"""),
    md("""## 3. Where can I get to this turn? Reach as probabilities

*Step 3: Move/Fight*: roll the movement dice for the maximum distance. *Big*: moving inside a
building costs 2 squares, squeezing through a doorway 3. *Huge*: two squares wide, never inside a
building. Entering a zombie's square starts a fight, so no path runs through one.
`movement_reach` combines the exact movement roll with those square costs: the chance that this
turn's roll lets the Survivor end its move on each square.

A seeded two-Survivor game (a Normal and a Big Survivor on the same town) is played for three rounds,
then both Survivors' reach is drawn on the same town:"""),
    code("""team = entry.new_game("team", seed=3)
while team.state.turn < 4 and not team.finished:
    team.next_turn()
state = team.state
movers = [s for s in state.survivors if s.in_play and s.loc is not None]
for s in movers:
    print(f"{s.name} ({s.size}) at {tuple(s.loc)}, {s.hearts} hearts: movement mean "
          f"{float(movement_roll(data, s).mean()):.2f}")
print(len(state.tiles), "tiles placed,", len(state.zombies), "zombies on the board")"""),
    code("""fig = make_subplots(rows=1, cols=len(movers), horizontal_spacing=0.08,
                    subplot_titles=[f"{s.name} ({s.size})" for s in movers])
for col, s in enumerate(movers, start=1):
    r = reach_grid(state, s.name)
    fig.add_trace(go.Heatmap(x=r.x, y=r.y, z=r.probability, zmin=0, zmax=1, colorscale="Viridis",
                             showscale=col == 1, colorbar={"title": "P(reach)"},
                             hovertemplate="square %{x},%{y}: P %{z:.3f}<extra></extra>"),
                  row=1, col=col)
    fig.add_trace(go.Scatter(x=[s.loc[0]], y=[s.loc[1]], mode="markers", showlegend=False,
                             marker={"symbol": "x", "size": 12, "color": "red"}), row=1, col=col)
zx = [z.loc[0] for z in state.zombies]
zy = [z.loc[1] for z in state.zombies]
for col in range(1, len(movers) + 1):
    fig.add_trace(go.Scatter(x=zx, y=zy, mode="markers", name="zombie", showlegend=col == 1,
                             marker={"symbol": "circle-open", "size": 10, "color": "white"}),
                  row=1, col=col)
fig.update_yaxes(scaleanchor="x")
fig.update_layout(title=f"Chance to reach each square this turn (round {state.turn})", height=520)
fig"""),
    md("""## 4. A crafted Size-Ray

*Size Ray*: collect at least **2** Size-Ray parts (Toy-Store, Army-Surplus, Appliances Store,
Consignment Store, Hardware Store). The ray "has 2 free charges" (the table's 2-part row says "start
with one charge out of 1": ambiguity ZGC-AMB-02, variant `size_ray_table_start`); a bullet restores
all charges; each further part from an unvisited store adds a maximum charge, up to 5. One charge
shrinks or enlarges a Survivor to any size — the only way, besides a potion, for a Giant to escape by
helicopter (*Win Conditions*). Maximum charges by parts found, from the crafting table:"""),
    code("""# NBVAL_CHECK_OUTPUT
print({parts: crafting.max_charges(data, parts) for parts in range(1, 6)})"""),
    md("""In play, parts are found by entering (or, for a Giant, reaching into) those stores. A seeded game
with a Huge Survivor, stepped event by event until the Size-Ray exists, then on until its first
charge is used:"""),
    code("""ray_game = entry.new_game("huge", seed=46)
hero = ray_game.state.survivors[0]
while ray_game.step_event() is not None and hero.size_ray is None:
    pass
assert hero.size_ray is not None, "this seed no longer crafts a Size-Ray: choose another seed"
print("round", ray_game.state.turn, "| Size-Ray:", hero.size_ray)
while ray_game.step_event() is not None and hero.size_ray.charges == crafting.max_charges(
        data, hero.size_ray.parts):
    pass
print("round", ray_game.state.turn, "| Size-Ray:", hero.size_ray, "| size now:", hero.size)
log = ray_game.log_frame()
log[log.kind.isin(["craft"]) | log.message.str.contains("Size-Ray")][
    ["turn", "step", "message", "rule"]]"""),
    md("""## 5. A few turns, step by step

*Turn Flow*: each Survivor's turn has five steps — draw a tile, an event card, move/fight, the
zombies' turn, discard. `Game.next_phase()` plays one Survivor's turn (or Game Start) and returns
its events; the log names the rule behind every line."""),
    code("""game = entry.new_game("big", seed=1)
for _ in range(4):
    events = game.next_phase()
    s = game.state.survivors[0]
    print(f"{len(events):>3} events, from {events[0].message[:34]!r:<37} | then: "
          f"{s.size} at {tuple(s.loc) if s.loc else None}, {s.halves / 2:g} hearts, "
          f"{s.reserve} reserve, {s.kills} kills")"""),
    code("""frame = game.log_frame()
frame[frame.turn == frame.turn.max() - 1][["turn", "step", "kind", "message", "rule"]]"""),
    md("""## 6. Explore it yourself

The explorer draws the town, steps the game with the log, and shows fight odds and movement reach
(the widgets hold no rules: they call the same entry points as above)."""),
    code("""from widgets import Explorer

Explorer("zombies_giants")"""),
    md("""## What is assumed

The tile contents, the event cards and a few procedures are not in the house-rules text; they are
data marked `assumed` (correct them in `rules_lib/games/zombies_giants/data/*.yaml`)."""),
    code("""report = entry.provenance_report()
print(len(report), "assumed values")
report.head(10)"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

"""Write notebooks/05_designer_playtesting.ipynb (a script, so the notebook's text is reviewable).

The notebook is executed here (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs `pytest --nbval-lax` compares (only counts
and replay checks that do not move when a game's tuning changes), and no Plotly bundle or widget
state is stored. Run from the repository root: ``/work/venv/bin/python tools/make_notebook_05.py``.
"""
from __future__ import annotations

from notebook_tools import ROOT, code, md, write_notebook

TARGET = ROOT / "notebooks" / "05_designer_playtesting.ipynb"


CELLS = [
    md("""# Designer playtesting: change a number or a rule reading, simulate, compare

A designer's question is *what happens to the balance if I change this?* `rules_lib.playtest`
answers it with numbers and pictures, for every game:

* `run_games(game, n, seed, ...)` plays `n` complete games (seeds `seed, seed+1, ...`) and returns one
  row per game: `seed`, `outcome`, `turns` and the game's key statistics. Any row replays exactly from
  its seed.
* `sweep(game, overrides_grid, variants_grid, n_per_point, ...)` changes values in the game's data
  (by path, validated) and switches rule variants, and returns one tidy table.
* `summarize`, `outcome_rates` and `compare` give every rate with its 95% Wilson interval, the interval
  of a difference, and how many games it would take to tell two designs apart.
* `plot_outcome_rate`, `plot_game_length`, `plot_progress` draw them with Plotly.

The games here are played by the games' heuristic policies, so the numbers describe *these* players;
the batches are kept small so the notebook runs in seconds. Raise `N` for real answers: the intervals
shrink with the square root of the number of games. Every point of a sweep plays the same seeds, so
differences come from the design, not from luckier dice."""),
    code("""from rules_lib.playtest import (compare, outcome_rates, plot_game_length, plot_outcome_rate,
                                plot_progress, run_games, summarize, sweep)
from rules_lib.registry import get_game

N = 20        # games per design point: small, for a quick notebook
SEED = 2050   # every batch is seeded: the same seed gives the same table"""),
    md("""## 1. Ginormopod: how good must a Tank be?

The Tank's die symbol is not printed in the rulebook, so `units.yaml` carries an assumed value:
`types.Tank.fresh: [4]` (a Fresh Tank rolls two dice against it; doubles in range score two Hits).
A data override addresses it by path. We play the same seeds with a Fresh Tank hitting on 3+, 4+ and
5+ and watch the Swarm's win rate."""),
    code("""TANK = "types.Tank.fresh"
tanks = sweep("ginormopod", {TANK: [[3], [4], [5]]}, n_per_point=N, seed=SEED, progress=True)
tanks.head()"""),
    code("""# NBVAL_CHECK_OUTPUT
print(len(tanks), "games at", tanks["point"].nunique(), "points;", "first columns:",
      list(tanks.columns[:4]))"""),
    code("""outcome_rates(tanks, "Swarm", by=TANK)"""),
    code("""plot_outcome_rate(tanks, TANK, "Swarm", title="Swarm wins by Fresh Tank pips (95% band)")"""),
    md("""A path that does not exist, or a value of the wrong kind, is refused before any game is played,
with a message naming it:"""),
    code("""# NBVAL_CHECK_OUTPUT
try:
    sweep("ginormopod", {"types.Tank.frsh": [[3]]}, n_per_point=1)
except ValueError as exc:
    print("refused:", "types.Tank.frsh" in str(exc))"""),
    md("""### Replaying one game of the batch

Every row carries its seed; the same design and seed give the same game, event for event, so a
surprising result can be opened in the stepper (`widgets.PhaseStepper(entry, game)`)."""),
    code("""# NBVAL_CHECK_OUTPUT
entry = get_game("ginormopod")
row = tanks[tanks[TANK] == "[5]"].iloc[0]
game = entry.new_game(seed=int(row["seed"]), data_overrides={TANK: [5]}, keep_log=True)
game.run_to_end(max_events=entry.max_events)
again = entry.summary(game.state)
print("seed", row["seed"], "replays:",
      (again["outcome"], again["turns"]) == (row["outcome"], row["turns"]))"""),
    md("""## 2. Ginormopod: a stronger Fusion Fence

The Fusion Fence is a line of Fence Forts along the Mississippi; the Swarm may cross it only where two
road-adjacent Fence Forts are destroyed (*Ginormopod: Fusion Fence*, default reading of GIN-AMB-14).
The Forts' strengths are assumed data. Here every Fence Fort gets one more strength box, and we record
the number of victory Cities destroyed after every turn (`by_turn`) to see *when* the difference
appears."""),
    code("""forts = entry.data().forts
stronger = {f"forts.{name}.strength": fort.strength + 1
            for name, fort in forts.items() if fort.fence}
print(stronger)
as_printed = run_games("ginormopod", N, SEED, by_turn=["cities_destroyed"])
fenced = run_games("ginormopod", N, SEED, data_overrides=stronger, by_turn=["cities_destroyed"])
fence = compare(fenced, as_printed, "Swarm")
print(fence)
fence.to_frame()"""),
    code("""import pandas as pd

both = pd.concat([as_printed.assign(fence="as printed"), fenced.assign(fence="one box stronger")],
                 ignore_index=True)
plot_progress(both, "cities_destroyed", color="fence",
              title="Victory Cities destroyed after each turn (mean, 95% band)")"""),
    code("""plot_game_length(both, color="fence")"""),
    md("""`games_needed` in the comparison is the number of games per design that would tell a gap of this
size apart (95% confidence, 80% power): if the interval of the difference still straddles zero, that is
how far to raise `N`.

## 3. Zombies!!! Giants-Club: an ambiguity as a variant

The Giants-Club text gives Big and Huge Survivors two different heart counts: 8 / 12 in *Game Start*,
4 / 5 in the size sections (catalogue ZGC-AMB-01). The default follows Game Start; the other reading
is the variant `size_section_hearts`. The `mixed` scenario picks the Survivor's size from the seed, so
the survival rate is read **by size**. A Survivor survives when it escapes or reaches 25 kills."""),
    code("""zombies = sweep("zombies_giants", variants_grid=[(), ("size_section_hearts",)],
                n_per_point=N, seed=SEED, progress=True)
zombies["survived"] = zombies["outcome"].isin(["escaped", "25 kills"])
outcome_rates(zombies, True, by=["size", "variants"], outcome="survived")"""),
    code("""# NBVAL_CHECK_OUTPUT
print(zombies.groupby(["variants", "size"], sort=False).size().to_string())"""),
    code("""for size in ("Big", "Huge"):
    same = zombies[zombies["size"] == size]
    c = compare(same[same.variants == "default"], same[same.variants == "size_section_hearts"],
                True, outcome="survived")
    print(f"{size}: {c}")"""),
    md("""If a reading never changes a game of the batch (the same seeds give the same rows), the two
rates are equal and no number of games will separate them: under these policies the rule does not
come into play. Trying other policies (`policies={"Survivor 1": "random"}`) or scenarios tells
whether it ever does."""),
    code("""plot_outcome_rate(zombies, "size", True, color="variants", outcome="survived",
                  title="Survival by size under the two readings (95% band)")"""),
    code("""summarize(zombies[zombies.variants == "default"], by="size").head(8)"""),
    md("""## 4. Beyond one machine

`run_games` and `sweep` take an `executor`. The work is cut into seed blocks and the rows are put back
in seed order, so the table is **identical** whichever executor plays it and however many workers it
has (a test checks this on a 2-worker cluster).

```python
# local processes on this machine
df = sweep("ginormopod", {TANK: [[3], [4], [5]]}, n_per_point=2000, executor="processes:2")

# a Dask LocalCluster of 2 workers (pip install "rules-explorer[cluster]"), started with the
# settings batch play wants (rules_lib.executors.BATCH_CLUSTER_CONFIG) and closed at the end
df = sweep("ginormopod", {TANK: [[3], [4], [5]]}, n_per_point=2000, executor="dask:2")

# a cluster you start yourself: pass its Client (add BATCH_CLUSTER_CONFIG to its Dask settings;
# left at Dask's defaults, the workers' profiler and health checks cost batch play about 7%)
from distributed import Client, LocalCluster
with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                  dashboard_address="127.0.0.1:8787") as cluster, \\
        Client(cluster) as client:
    df = sweep("ginormopod", {TANK: [[3], [4], [5]]}, n_per_point=2000, executor=client)

# a real cluster: its workers need rules_lib installed
df = run_games("ginormopod", 100_000, executor="tcp://scheduler.example:8786", progress=True)
```

The same from a shell: `rules-explorer sweep ginormopod --set "types.Tank.fresh=[3],[4],[5]" -n 500
--executor dask:2 --out tanks.parquet`. Stopping a run (Ctrl-C, or the stop button here) returns the
games that finished, with `df.attrs["interrupted"]` set."""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

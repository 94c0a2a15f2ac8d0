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

*Designer material, not a rules lesson: the game notebooks 01–04 teach the rules.*

A designer's question is *what happens to the balance if I change this?* `rules_lib.playtest`
answers it with numbers, for every game, and `widgets.charts` draws them:

* `run_games(game, n, seed, ...)` plays `n` complete games (seeds `seed, seed+1, ...`) and returns one
  row per game: `seed`, `outcome`, `turns` and the game's key statistics. Any row replays exactly from
  its seed.
* `sweep(game, overrides_grid, variants_grid, n_per_point, ...)` changes values in the game's data
  (by path, validated) and switches rule variants, and returns one tidy table. **Every point plays the
  same seeds**, so two designs are compared on the same dice.
* `summarize`, `outcome_rates`, `compare` and `variant_effects` give every rate with its 95% Wilson
  interval, the interval of a difference, and how many games it would take to settle it.

The games are played by the games' heuristic policies, so the numbers describe *these* players. Most
values changed here are the project's **assumptions** (the rulebooks do not print them; they are
marked `assumed:` in the data files and listed by `get_game(name).provenance_report()`): exactly the
numbers a designer with the physical game would check first. Every statement below about a
difference is computed from the table printed beside it: *resolved* when the 95% interval of the
difference excludes zero, otherwise *not resolved*, with the number of games that would resolve it."""),
    code("""import pandas as pd

from rules_lib.playtest import (compare, outcome_rates, run_games, summarize, sweep,
                                variant_effects)
from rules_lib.registry import get_game
from widgets.charts import (plot_game_length, plot_outcome_rate, plot_progress,
                            plot_variant_effects)

SEED = 2050   # every batch is seeded: the same seed gives the same table


def verdict(c) -> str:
    \"\"\"A comparison in words, from its interval (never typed by hand).\"\"\"
    if c.differ:
        return f"resolved: the difference is {c.difference} (95% interval excludes 0)"
    return (f"not resolved: the difference is {c.difference}, its interval includes 0; "
            f"about {c.games_needed} games per design would resolve a gap this size")"""),
    md("""## 1. Ginormopod: how good must a Tank be?

The Tank's die symbol is not printed in the rulebook, so `units.yaml` carries an assumed value:
`types.Tank.fresh: [4]` (a Fresh Tank rolls two dice against it; doubles in range score two Hits).
A data override addresses it by path. The same seeds are played with a Fresh Tank hitting on 2+, 4+
and 6+, and we read the Swarm's win rate."""),
    code("""TANK = "types.Tank.fresh"
N_TANK = 150
tanks = sweep("ginormopod", {TANK: [[2], [4], [6]]}, n_per_point=N_TANK, seed=SEED)
outcome_rates(tanks, "Swarm", by=TANK)"""),
    code("""weak, strong = tanks[tanks[TANK] == "[6]"], tanks[tanks[TANK] == "[2]"]
tank_effect = compare(weak, strong, "Swarm")
print("Swarm wins with Tanks on 6+ against 2+:", verdict(tank_effect))"""),
    code("""plot_outcome_rate(tanks, TANK, "Swarm", title="Swarm wins by Fresh Tank pips (95% band)")"""),
    code("""# NBVAL_CHECK_OUTPUT
print(len(tanks), "games at", tanks["point"].nunique(), "points")"""),
    md("""A path that does not exist, or a value of the wrong kind, is refused before any game is played,
with a message naming it:"""),
    code("""# NBVAL_CHECK_OUTPUT
try:
    sweep("ginormopod", {"types.Tank.frsh": [[3]]}, n_per_point=1)
except ValueError as exc:
    print("refused:", "types.Tank.frsh" in str(exc))"""),
    md("""### Replaying one game of the batch

Every row carries its seed; the same design and seed give the same game, event for event, so a
surprising result can be opened in the stepper (`widgets.stepper.PhaseStepper(GAME, game)`)."""),
    code("""# NBVAL_CHECK_OUTPUT
GAME = get_game("ginormopod")
row = tanks[tanks[TANK] == "[6]"].iloc[0]
game = GAME.new_game(seed=int(row["seed"]), data_overrides={TANK: [6]})
game.run_to_end(max_events=GAME.max_events)
again = GAME.summary(game.state)
print("seed", row["seed"], "replays:",
      (again["outcome"], again["turns"]) == (row["outcome"], row["turns"]))"""),
    md("""## 2. Which readings of the rulebook matter for balance?

Where a rulebook contradicts itself or is unclear, the project plays a default reading and offers
the other as a named **variant** (each carries its catalogue ambiguity ID; `rules-explorer variants
ginormopod` lists them by rulebook section). A sweep plays every variant, one at a time, on the same
seeds as the default; `variant_effects` pairs each with the default game by game."""),
    code("""N_VARIANTS = 100
names = [v.name for v in GAME.variants]
readings = sweep("ginormopod", variants_grid=[()] + [(n,) for n in names],
                 n_per_point=N_VARIANTS, seed=SEED)
effects = variant_effects(readings, "Swarm")
effects["ambiguity"] = effects["variants"].map(
    {v.name: ", ".join(v.ids) for v in GAME.variants}).fillna("")
effects.round(3)"""),
    code("""moved = effects[effects["resolved"]]
print(f"{len(moved)} of {len(names)} readings change the Swarm's win rate beyond doubt at "
      f"{N_VARIANTS} games each:", ", ".join(moved["variants"]) or "none")
print("not resolved:", ", ".join(effects[~effects["resolved"] & (effects.variants != "default")]
                                 ["variants"]) or "none")"""),
    code("""plot_variant_effects(effects, title="Ginormopod: Swarm win rate per rule reading "
                                  "(95% interval; grey: not resolved)")"""),
    code("""# NBVAL_CHECK_OUTPUT
print(len(effects), "readings (the default and", len(names), "variants),",
      N_VARIANTS, "games each")"""),
    md("""## 3. Ginormopod: a stronger Fusion Fence, and *when* the difference appears

The Fusion Fence is a line of Fence Forts; the Swarm may cross it only where two road-adjacent Fence
Forts are destroyed (*Ginormopod: Fusion Fence*; road-adjacent is the default reading of GIN-AMB-14).
The Forts' strengths are assumed data. Here every Fence Fort gets one more strength box, and the
number of victory Cities destroyed is recorded after every turn (`by_turn`)."""),
    code("""N_FENCE = 150
forts = GAME.data().forts
stronger = {f"forts.{name}.strength": fort.strength + 1
            for name, fort in forts.items() if fort.fence}
as_printed = run_games("ginormopod", N_FENCE, SEED, by_turn=["cities_destroyed"])
fenced = run_games("ginormopod", N_FENCE, SEED, data_overrides=stronger,
                   by_turn=["cities_destroyed"])
fence = compare(fenced, as_printed, "Swarm")
print("Swarm wins with a stronger Fence:", verdict(fence))
fence.to_frame()"""),
    code("""both = pd.concat([as_printed.assign(fence="as assumed"),
                  fenced.assign(fence="one box stronger")], ignore_index=True)
plot_progress(both, "cities_destroyed", color="fence",
              title="Victory Cities destroyed after each turn (mean, 95% band)")"""),
    code("""plot_game_length(both, color="fence")"""),
    md("""## 4. Zombies!!! Giants-Club: the Giants' starting hearts

The Giants-Club text gives Big and Huge Survivors different heart counts: 8 / 12 in *Game Start*,
4 / 5 in the size sections, and the Game Start numbers can also be read as half hearts (catalogue
ZGC-AMB-01). The default follows Game Start; `size_section_hearts` and `start_hearts_are_halves`
are the other readings. A Survivor survives by escaping via the Helicopter (*Giants-Club: Winning*);
only a Giant left at Big or Huge size with every shrinking item used up can also survive by reaching
25 kills. The Survivor's fate is the game's `outcome`."""),
    code("""N_ZOMBIES = 40
giants = sweep("zombies_giants", variants_grid=[(), ("size_section_hearts",),
                                                ("start_hearts_are_halves",)],
               n_per_point=N_ZOMBIES, seed=SEED, scenario="big")
giants["survived"] = giants["outcome"].isin(["escaped", "25 kills"])
hearts = variant_effects(giants, True, outcome="survived")
hearts.round(3)"""),
    code("""for _, r in hearts[hearts.variants != "default"].iterrows():
    state = ("resolved" if r["resolved"] else
             f"not resolved (about {r['games to resolve']} games per reading would resolve it)")
    print(f"{r['variants']}: survival {r['rate']:.2f} against {hearts.iloc[0]['rate']:.2f} "
          f"by default: {state}")"""),
    code("""# NBVAL_CHECK_OUTPUT
print(giants.groupby("variants", sort=False).size().to_string())"""),
    code("""summarize(giants[giants.variants == "default"]).head(8)"""),
    md("""## 5. Beyond one machine

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

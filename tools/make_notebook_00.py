"""Write notebooks/00_start_here.ipynb (kept as a script so the notebook's text is reviewable)."""
from notebook_tools import ROOT, code, md, write_notebook

CELLS = [
    md("""# Rules Explorer — start here

Rules Explorer turns four published board-game rulebooks into running, inspectable models. The rules
live in one Python library, `rules_lib`; the notebooks and widgets only draw and ask. Everything that
happens in a game is an *event* that cites the rulebook section it applies, every die goes through a
seeded (or scripted) dice source, and every combat question with a finite answer is answered exactly.

| notebook | game | board |
|---|---|---|
| `01_ginormopod.ipynb` | the lesson: Ginormopod 2050 A.D., the Swarm against the Humans and their Fusion Fence | US cities joined by roads |
| `02_space_vermin.ipynb` | the lesson: Space Vermin From Beyond!, solitaire Marines against programmed Vermites | two hex maps |
| `03_zombies_giants_club.ipynb` | the lesson: Zombies!!! Giants-Club house rules, Survivors of three sizes | square town tiles |
| `04_gods_war_cosmic_monsters.ipynb` | the lesson: Glorantha: The Gods War – Cosmic Monsters | area map |
| `05_designer_playtesting.ipynb` | for designers: change a number or a rule reading, simulate, compare | — |

Each game notebook teaches its whole game in the rulebook's order and ends with a one-page "How to
play".

## The rulebook's game, and what the project filled in

The rulebooks leave things out (map art, counter values, chart contents, whole base games) and
sometimes contradict themselves. The project never hides that:

* a value the text does not give is data marked `assumed: <why>` in the game's YAML files, listed
  by `get_game(name).provenance_report()` (see the end of this notebook);
* every event that applies such a value, or a rule the project had to invent, carries the reason:
  the log table's `assumed` column, and a **◆** on its row in the stepper;
* where the text can be read two ways, the game plays a default reading (cited by its catalogue
  ambiguity ID, e.g. `GIN-AMB-07`) and the other reading is a named **variant** you can switch on
  (`new_game(..., variants=[...])`, the checkboxes in the explorer, or
  `rules-explorer variants GAME`)."""),
    md("## Which games are installed"),
    code("""from rules_lib.registry import game_names, get_game

for name in game_names():
    entry = get_game(name)
    print(f"{name:<16} {entry.title}")"""),
    md("""## Exact dice, the way the games roll them

Ginormopod's *Fresh Tank* rolls two dice: one hit if either meets its pips, two hits on doubles that
meet them. The same definition gives the exact odds below and the rolls a game makes."""),
    code("""# NBVAL_CHECK_OUTPUT
from rules_lib.core.dice import DoublesHit, ScriptedDice

tank = DoublesHit(4)
print(tank.dist().to_frame("hits").to_string(index=False))
print("scripted roll 5, 5 ->", tank.roll(ScriptedDice([5, 5]), "Fresh Tank").value, "hits")"""),
    md("""## A game, step by step

Every game is started the same way. `Game.next_phase()` plays one phase and returns its events; the
log is a table that names the rule behind each line, its catalogue IDs, and why a line is assumed
when it is."""),
    code("""game = get_game("ginormopod").new_game(seed=1)
game.next_phase()
game.next_phase()
log = game.log_frame()
display(log[["turn", "phase", "message", "rule", "assumed"]].head(12))
print(f"{(log['assumed'] != '').sum()} of {len(log)} lines so far apply something the project "
      "filled in")"""),
    md("""## Who is winning?

From any moment of any game, `rules_lib.analysis.evaluate` plays seeded continuations to the end and
gives each player's chance with its 95% interval; `compare_options` ranks the options of a pending
decision on the same seeds (`rules-explorer analyze` does the same from a saved position)."""),
    code("""from rules_lib.analysis import evaluate

evaluate(game, 40, seed=1).players"""),
    md("""## Opening an explorer

Each game notebook opens its explorer with one line, e.g.

```python
from widgets import Explorer
Explorer("ginormopod")
```

It has a tab per thing you can do: **Play** (step through the game, the log citing a rule on every
line), **Odds** (a battle calculator), **Reach**, **Setup** (edit the position), **Simulate**,
**Analyze** (who is winning, which option is best), **Rules** (the rule reference: click a citation
in the log, or *Show me* to see a rule fire in a seeded game) and **Quiz** (ten-question lessons).

To learn a game by predicting it, switch on **? Quiz me** in the Play tab's stepper and tick the
kinds of question you want: stepping then stops before each such event (where a retreating unit
goes, which hex a Vermite moves to, how far a Giant moves ...), offers the alternatives the engine
itself considers legal, and after your answer plays the event, says right or wrong with the rule's
summary and citation, and keeps your score per rule.

## What is assumed

Each game lists every value it had to assume; a user with the physical game can correct them in the
data files (`rules_lib/games/<game>/data/*.yaml`)."""),
    code("""for name in game_names():
    report = get_game(name).provenance_report()
    print(f"{name}: {len(report)} assumed values")"""),
]

if __name__ == "__main__":
    write_notebook(CELLS, ROOT / "notebooks" / "00_start_here.ipynb")

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
| `01_ginormopod.ipynb` | Ginormopod 2050 A.D. — giant bugs against the Fusion Fence | US cities joined by roads |
| `02_space_vermin.ipynb` | Space Vermin From Beyond! — solitaire Marines against programmed Vermites | two hex maps |
| `03_zombies_giants_club.ipynb` | Zombies!!! Giants-Club house rules — giant survivors | square town tiles |
| `04_gods_war_cosmic_monsters.ipynb` | Glorantha: The Gods War – Cosmic Monsters | area map |
| `05_designer_playtesting.ipynb` | change a number or a rule reading, simulate, compare | — |

Values the rulebooks leave out (map art, counter values, chart contents) are supplied as data marked
`assumed`; every game can list them (see the end of this notebook)."""),
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
log is a table that names the rule behind each line."""),
    code("""names = game_names()
if names:
    entry = get_game(names[0])
    game = entry.new_game(seed=1)
    game.next_phase()
    game.next_phase()
    display(game.log_frame()[["turn", "phase", "message", "rule"]].head(12))"""),
    md("""## Opening an explorer

Each game notebook opens its explorer with one line, e.g.

```python
from widgets import Explorer
Explorer("ginormopod")
```

## What is assumed

Each game lists every value it had to assume; a user with the physical game can correct them in the
data files (`rules_lib/games/<game>/data/*.yaml`)."""),
    code("""for name in game_names():
    report = get_game(name).provenance_report()
    print(f"{name}: {len(report)} assumed values")"""),
]

if __name__ == "__main__":
    write_notebook(CELLS, ROOT / "notebooks" / "00_start_here.ipynb")

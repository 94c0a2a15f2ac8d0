"""Write notebooks/04_gods_war_cosmic_monsters.ipynb: the lesson of the Cosmic Monsters game.

The notebook teaches the whole game in the rulebook's order (components, set-up, the sequence of
play, the general Monster rules of section XIII, both Monster cards, the FAQ, the end), each rule
shown running in the engine where it is taught; odds studies and designer material follow the
lesson under their own heading.

Every number the prose states is read here from the game's data (``N(path)``) and recorded in the
markdown cell's metadata (``data_numbers``), so ``tests/notebooks/test_04_prose.py`` can check it
against the data and flag any number that was typed by hand. The notebook is executed (nbclient)
and every output is then cleared except those of the cells marked ``# NBVAL_CHECK_OUTPUT``. Run
from the repository root: ``PYTHONPATH=. python tools/make_notebook_04.py``.
"""
from __future__ import annotations

import re
import textwrap
from typing import Any

from notebook_tools import ROOT, code, md, write_notebook

from rules_lib.registry import get_game

TARGET = ROOT / "notebooks" / "04_gods_war_cosmic_monsters.ipynb"
GAME = get_game("gods_war")
DATA = GAME.data()


class Numbers:
    """Numbers the prose states, read from the game's data and remembered with their data path."""

    def __init__(self) -> None:
        self.pending: list[dict[str, Any]] = []

    def __call__(self, path: str, how: str = "") -> Any:
        value = DATA.get(path)
        if how == "len":
            value = len(value)
        elif how.startswith("count:"):
            value = list(value).count(how.removeprefix("count:"))
        elif how:
            raise ValueError(f"unknown derivation {how!r}")
        self.pending.append({"path": path, "how": how, "value": value})
        return value

    def take(self) -> list[dict[str, Any]]:
        out, self.pending = self.pending, []
        return out


N = Numbers()


def ability(card: str, name: str, key: str) -> Any:
    """A number of a card's ability (monsters.yaml), by the ability's name."""
    abilities = DATA.get(f"monsters.cards.{card}.abilities")
    i = next(i for i, a in enumerate(abilities) if a["name"] == name)
    return N(f"monsters.cards.{card}.abilities[{i}].{key}")


ITEM = re.compile(r"^(\s*(?:- |\d+\. )(?:\[ \] )?)")


def reflow(text: str, width: int = 100) -> str:
    """Markdown with its paragraphs and list items re-wrapped (headings, tables kept as they are)."""
    out: list[str] = []
    words: list[str] = []
    prefix = ""

    def flush() -> None:
        nonlocal words
        if words:
            out.append(textwrap.fill(" ".join(words), width, initial_indent=prefix,
                                     subsequent_indent=" " * len(prefix),
                                     break_long_words=False, break_on_hyphens=False))
        words = []

    for line in text.splitlines():
        item = ITEM.match(line)
        if not line.strip() or line.startswith(("#", "|")):
            flush()
            out.append(line)
        elif item:
            flush()
            prefix = item.group(1)
            words = line[len(prefix):].split()
        elif words and prefix and line.startswith(" "):
            words += line.split()
        else:
            if prefix:
                flush()
                prefix = ""
            words += line.split()
    flush()
    return "\n".join(out)


def lesson(text: str):
    """A markdown cell; the numbers read with N() while its text was built go in its metadata."""
    cell = md(reflow(text))
    cell.metadata["data_numbers"] = N.take()
    return cell


def check(source: str):
    """A code cell whose printed output teaches a rule fact: nbval compares it."""
    return code("# NBVAL_CHECK_OUTPUT\n" + source)


ANDRO, ARACHNE = "Androgeus", "Arachne Solara"

CELLS = [
    # ------------------------------------------------------------------------------------------
    lesson("""# Glorantha: The Gods War — Cosmic Monsters: a lesson

This notebook teaches the game the project builds from the *Cosmic Monsters* rules text: what is in
the box, how to set up, how a turn is played, every ability of the two Cosmic Monsters whose cards
are printed — **Androgeus** and **Arachne Solara** — the general rules for Monsters, and how the game
ends. Each rule is shown running in the engine (`rules_lib.games.gods_war`) where it is taught, in a
seeded game or in a position built by hand; exact odds follow where dice decide.

**Read this first: the text is an expansion, and the base game here is the project's invention.**
The rules text holds three pieces of the *Glorantha: The Gods War* rulebook: the components of the
Cosmic Monsters and of Arachne Solara, with both card texts (§II); the rules for Monsters (§XIII); and
a FAQ (§XIV). It does **not** contain the game those pieces plug into: the map (apart from five areas
it names), the empires and their units, the actions and what they cost, the Council Phase income,
the battle dice, how victory points are scored and how the game ends. So that the Monsters can be played at
all, the project supplies a small base game of its own. All of it is assumed, and every sentence
below that uses it says so. It is *not* the real base game: if you own *The Gods War*, play its
rules and take from this lesson only what the sections cited here say about Monsters."""),
    lesson("""## How to read this lesson

- **Citations.** (§II › Androgeus card › Lust) means: section II of the rulebook text, the Androgeus
  card printed there, its *Lust* ability. (§XIII › Monster Card › Movement) is the *Movement*
  paragraph under the *Monster Card* heading of section XIII. A sentence with a citation and no
  other label says what the rulebook says, in our words.
- **Assumptions** are labelled *assumed* in the sentence itself, with the data value they come from:
  `base_game.council.power_base` is the entry `power_base` under `council` in
  `rules_lib/games/gods_war/data/base_game.yaml` (read it with
  `GAME.data().get("base_game.council.power_base")`; `GAME.provenance_report()` lists every assumed
  value, and `docs/assumptions.md` explains them).
- **Readings.** Where the text can be read two ways, the project's catalogue of the rules gives the
  question an ID such as GW-AMB-03. The engine plays one reading, the *default reading*, and the
  sentence that uses it names the ID; the other reading is a **rule variant** you can switch on.
- **The log marks assumed content.** Every event the engine logs cites its rule. An event whose
  content the project filled in (an assumed value, an invented base-game rule, a default reading)
  carries the reason in its `assumed` field: the stepper widget marks that row with ◆ and shows the
  reason, and `game.log_frame()["assumed"]` holds it (an empty `assumed` means rulebook content).
  In the log excerpts printed below, a ◆ row carries a letter, and the reasons are listed under the
  excerpt.
- **Switching a variant.** `GAME.variants` lists the variants; `GAME.new_game("both", seed=...,
  variants=["lust_no_move"])` plays with the other reading of GW-AMB-02; in the stepper widget the
  variant picker does the same."""),
    lesson("""### The tools of this lesson
The next cell reaches the game through its one contract, `get_game("gods_war")`, and defines a few
helpers the lesson uses throughout:
- `show(events)` prints log rows the way the stepper lists them (◆ and a letter for assumed rows);
- `between(log, start, stop)` and `excerpt(game, start, stop)` cut a piece out of a finished game's
  log, or step a game on until the moment wanted;
- `position()` builds a position by hand: the assumed set-up, then counters placed or moved with the
  set-up editor (`GAME.setup`), which refuses what the rules forbid (Arachne Solara off a web token,
  Androgeus before the Great Compromise); the turn number and the Great Compromise are set directly;
- `from_position(state, Storm=Script(...))` plays from such a position, each empire answering from a
  script and then passing; the engine checks every answer is a legal option, and
  `game.dice.force(...)` fixes the next die faces so that a battle comes out as the lesson needs."""),
    code("""import pandas as pd
import plotly.graph_objects as go

from rules_lib.core.engine import PersonPolicy
from rules_lib.registry import get_game

GAME = get_game("gods_war")     # the one game contract: new_game, data, variants, odds, setup ...
DATA = GAME.data()              # the game's data (rules_lib/games/gods_war/data/*.yaml)
SETUP = GAME.setup              # the set-up editor's operations: place, move, remove counters
FACES = list(DATA.faces)        # the assumed battle-die faces (battle.battle_dice.faces)
KILL, ROUT, BLANK = (FACES.index(f) + 1 for f in ("kill", "rout", "blank"))  # faces to force


def show(events):
    \"\"\"Print log rows as the stepper shows them; a ◆ row gets a letter, its reason below.\"\"\"
    reasons = {}
    for e in events:
        tag = "  "
        if e.assumed:
            tag = "◆" + reasons.setdefault(e.assumed, "abcdefghijklmnopqrstuvwxyz"[len(reasons)])
        where = f"{e.index:>4} T{e.turn} {e.phase:<7}" if e.index >= 0 else "   ·            "
        print(f"{where} {tag} {e.message}  [{e.rule}]")
    if reasons:
        print("   ◆ why assumed:")
        for reason, letter in reasons.items():
            print(f"     {letter}: {reason}")


def step_until(game, stop):
    \"\"\"Step a game event by event until stop(event) holds; return the events stepped.\"\"\"
    out = []
    while (event := game.step_event()) is not None:
        out.append(event)
        if stop(event):
            break
    return out


def excerpt(game, start, stop):
    \"\"\"Step on to the first event whose message contains `start`; return it and the events
    after it, up to the first one for which stop(event) holds (or whose message contains it).\"\"\"
    test = stop if callable(stop) else (lambda e: stop in e.message)
    skipped = step_until(game, lambda e: start in e.message)
    out = skipped[-1:]
    while out and not test(out[-1]) and (event := game.step_event()) is not None:
        out.append(event)
    return out


def between(log, start, stop):
    \"\"\"The rows of a log from the first whose message contains `start` to the first one after it
    whose message contains `stop`.\"\"\"
    i = next(k for k, e in enumerate(log) if start in e.message)
    j = next(k for k in range(i, len(log)) if stop in log[k].message)
    return log[i:j + 1]


def next_player_acts(empire):
    \"\"\"A stop condition: the moment `empire` is asked for its next action.\"\"\"
    return lambda e: e.kind == "decision" and e.step == empire and "choose an action" in e.message


class Script:
    \"\"\"A player who answers decisions from a list, in order, then passes (or takes the first
    option when passing is not one).\"\"\"

    name = "script"

    def __init__(self, *answers):
        self.answers = list(answers)

    def choose(self, state, decision, rng):
        if self.answers:
            return self.answers.pop(0)
        return "pass" if "pass" in decision.options else decision.options[0]


def position(turn=3, great_compromise=True, scenario="both"):
    \"\"\"A position to build on: the assumed set-up of a scenario, at the start of a turn.\"\"\"
    game = GAME.new_game(scenario, seed=0)
    step_until(game, lambda e: e.kind == "turn")          # through Set-Up
    state = game.state.copy()
    state.turn, state.great_compromise = turn, great_compromise
    return state


def from_position(state, variants=(), seed=0, **players):
    \"\"\"A game from a built position; players not given a Script just pass.\"\"\"
    policies = {p: players.get(p.replace(" ", "_"), Script()) for p in GAME.players}
    return GAME.new_game(state, seed=seed, variants=variants, policies=policies)


print(GAME.title, "| scenarios:", ", ".join(GAME.scenarios), "| phases:", ", ".join(GAME.phases))
print("empires in player order:", ", ".join(GAME.players))"""),
    lesson("""The variants: each is the other reading of one catalogued ambiguity (its section and ID
follow the variant's name); without any, the engine plays every default reading:"""),
    check("""for v in GAME.variants:
    print(f"{v.name:<32} {v.rule}")
    print(f"{'':<32}   variant: {v.description}")
    print(f"{'':<32}   default: {v.default_reading}")"""),
    lesson("""How much of a game is the project's own? A seeded game with both Monsters, played to the
end by the engine's heuristic players: the share of ◆ rows, then the rulebook rows (no `assumed`)
counted by the rule they cite. The rest of every log is the assumed base game."""),
    check("""tour = GAME.new_game("both", seed=3)
tour.run_to_end()
log = tour.log_frame()
marked = (log.assumed != "").sum()
print(f"{len(log)} log rows, {marked} marked ◆ assumed ({marked / len(log):.0%})")
print(log[log.assumed == ""].rule.value_counts().to_string())"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 1. Components (§II)

**Cosmic Monster components** (§II › Cosmic Monster Components): {N('monsters.components.reward_cards')}
Cosmic Monster Reward cards and {N('monsters.components.loyalty_cards', 'len')} Cosmic Monster Loyalty
Cards, for Leviathan, Juggernaut and Androgeus. The text prints only the Androgeus card. Leviathan's
and Juggernaut's cards are missing (although the FAQ answers questions about Juggernaut, see *The
FAQ* below), and so are all the Reward cards. The engine therefore refuses to play Leviathan or Juggernaut (data
gap, `monsters.cards.Leviathan.data_gap`, `monsters.cards.Juggernaut.data_gap`) and applies no
reward when a Monster is killed.

**Arachne Solara components** (§II › Arachne Solara Components): the Arachne Solara figure, which is
also an alternative double-sided First-Player figure (how its two sides are used is not in the text:
not modelled), {N('monsters.components.web_tokens')} web tokens, her Loyalty Card, and
{N('monsters.components.battle_dice')} Battle Dice. The faces of those dice are not printed; the dice
this project rolls are assumed (see *Battles against Monsters*).

**The Monsters expansion** (§XIII) has {N('monsters.expansion.monster_count')} Monsters of
{N('monsters.expansion.types', 'len')} types: Dragons, Chaos Monsters and Cosmic Monsters. This text
describes only Cosmic Monsters; the other types are a data gap. The components list three Cosmic
Monster cards while Arachne Solara, a fourth, comes in her own pack: the project counts all four as
the Cosmic Monster pool (default reading of GW-AMB-09). The cards as the engine holds them:"""),
    check("""rows = []
for name, card in DATA.cards.items():
    rows.append({"Monster": name, "type": card.type, "Combat": card.combat or "-",
                 "placed": f"{card.placement_when} in {card.placement_area}" if card.combat else "",
                 "abilities": ", ".join(card.abilities),
                 "playable": "yes" if card.combat is not None else "no: " + card.data_gap[:48]})
print(pd.DataFrame(rows).to_string(index=False))"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 2. Set-up

### Choosing the Monsters
The rulebook recommends no more than {N('monsters.expansion.recommended_per_type')} Monster of each
type in a game; fewer is fine, even none of a type, and experienced players may add as many as they
are comfortable with (§XIII). Both Cosmic Monster cards also recommend no more than
{N('monsters.cards.Androgeus.recommended_per_game')} Cosmic Monster per game (§II › Androgeus card;
§II › Arachne Solara card). If the players cannot agree which Monsters to use, the rulebook
recommends that the game's owner make the final decision (§XIII › Placement Rules).

In the engine a scenario names the Monsters: `androgeus` and `arachne_solara` follow the
recommendation; `both` is the experienced players' choice, used in this lesson so that one game
shows both cards; `disagreement` has two players propose different Monsters. A choice beyond the
cards' recommendation is refused unless it says `experienced`. The engine does not know who owns the
box: the first empire in player order decides for the owner (assumed, `empires.player_order`)."""),
    check("""for choice in ({"monsters": ["Androgeus", "Arachne Solara"]},
               {"monsters": ["Androgeus", "Arachne Solara"], "experienced": True},
               {"monsters": ["Juggernaut"]}):
    try:
        GAME.new_game(choice, seed=0)
        print("accepted:", choice)
    except ValueError as refusal:
        print("refused: ", choice, "->", refusal)
print()
show(step_until(GAME.new_game("disagreement", seed=0), lambda e: "is in this game" in e.message))"""),
    lesson("""### The map (assumed, apart from five names)
The text names five places: **Altinela**, where Androgeus is placed (§II › Androgeus card ›
Placement); **Inner Hell**, where Arachne Solara starts (§II › Arachne Solara card › Placement);
**Hell** and **the Heavens**, where Spinning the Web takes her off the surface world (§II › Arachne
Solara card › Spinning the Web); and **the Spike**, which can explode (§II › Arachne Solara card ›
Killing Arachne Solara). It separates the surface world from Hell and the Heavens, and it speaks of
a Monster's area and the areas adjacent to it (§XIII › Monster Card › Trigger). Everything else is
assumed (`map.areas`, `map.borders`): the other surface areas, every border, and which realm Altinela and the Spike lie in (assumed surface world,
`map.areas.Altinela.realm`). That Inner Hell counts as Hell is the default reading of GW-AMB-06.
Colours are realms; the five named areas are drawn large."""),
    code("""board = GAME.board_view.board(tour.state)
G = board.graph
xy = {a: (G.nodes[a]["x"], G.nodes[a]["y"]) for a in G.nodes}
named = ["Altinela", "the Spike", "Hell", "Inner Hell", "the Heavens"]
realm_colour = {"surface": "#c9b27c", "hell": "#b03a2e", "heavens": "#5dade2"}
edge_x, edge_y = [], []
for a, b in G.edges:
    edge_x += [xy[a][0], xy[b][0], None]
    edge_y += [xy[a][1], xy[b][1], None]
areas = list(G.nodes)
map_figure = go.Figure(
    data=[go.Scatter(x=edge_x, y=edge_y, mode="lines", line={"color": "#999", "width": 1},
                     hoverinfo="skip", name="border (assumed)"),
          go.Scatter(x=[xy[a][0] for a in areas], y=[xy[a][1] for a in areas], mode="markers+text",
                     marker={"size": [30 if a in named else 18 for a in areas],
                             "color": [realm_colour[G.nodes[a]["realm"]] for a in areas],
                             "line": {"color": "black", "width": 1}},
                     text=[f"<b>{a}</b>" if a in named else a for a in areas],
                     textposition="bottom center", name="area (colour = realm)",
                     hovertext=[f"{a}: {G.nodes[a]['realm']}" for a in areas], hoverinfo="text")],
    layout={"title": "The area map: five names from the text, the rest assumed (map.yaml)",
            "height": 620, "xaxis": {"visible": False},
            "yaxis": {"visible": False, "scaleanchor": "x"}, "showlegend": False})
map_figure"""),
    check("""for area in named:
    print(f"{area:<12} realm {DATA.realm(area):<8} adjacent: {', '.join(board.neighbors(area))}")"""),
    lesson(f"""### Empires and units (assumed)
The text mentions empires only in passing: Storm, with its Teleport, Storm King and the Single
Combat of its Champion (§XIII › Monster Card › Movement; §II › Androgeus card › Superhero); Sea, with
its Siren Song (§XIV); the Invisible God, who has no heroes or greater gods (§XIV); Sunspear
(§XIII › Monster Card › Combat); and Elder Races, some of which count as heroes (§XIV). It tells
units, heroes and greater gods apart, and for any purpose where it matters a Cosmic Monster counts as
a greater god (§XIII › Cosmic Monsters). Everything else about empires is assumed
(`empires.empires`): the {N('empires.player_order', 'len')} empires and their player order
(`empires.player_order`), their home areas, and each unit's class, cost in power, Combat and number in the box. Earth is invented
outright so that a fourth empire plays; Dragonewt Allies stand for an Elder Race that counts as a
hero (assumed, `empires.elder_races`)."""),
    check("""units = pd.DataFrame([{"empire": u.empire, "home": DATA.empires[u.empire].home, "unit": u.name,
                       "class": u.klass, "cost": u.cost, "Combat": u.combat, "in box": u.count}
                      for u in DATA.unit_types.values()])
print(units.to_string(index=False))
print("abilities:", {e: list(emp.abilities) for e, emp in DATA.empires.items()})"""),
    lesson(f"""### Setting up
The base game's set-up is not in the text; the project's is assumed (`base_game.setup`): every
empire puts a building in its home area and {N('base_game.setup.starting_units')} of its cheapest
units there (assumed, `base_game.setup.starting_units`), and takes
{N('base_game.setup.starting_power')} power (assumed, `base_game.setup.starting_power`) and
{N('base_game.setup.starting_runes')} rune (assumed, `base_game.setup.starting_runes`). The
{N('monsters.components.web_tokens')} web tokens form a pool beside the board. Then the cards:

- **Arachne Solara** is placed in Inner Hell at the start of the game (§II › Arachne Solara card ›
  Placement). Yet the general rule says Cosmic Monsters are placed when the Great Compromise is
  first triggered (§XIII › Placement Rules). The project reads her card as the exception to that
  rule (default reading of GW-AMB-01); the variant `arachne_waits_for_compromise` makes her wait like the others.
- **Androgeus** is not placed at the start; he comes into play when the Great Compromise is
  triggered (§II › Androgeus card › Placement), as shown in *Cosmic Monsters and the Great
  Compromise* below.

The set-up of the lesson's seeded game (`both`), then the same moment under the variant:"""),
    check("""show(between(tour.log, "Set-Up", "Turn 1 begins"))
print()
late = GAME.new_game("both", seed=3, variants=["arachne_waits_for_compromise"])
show([e for e in step_until(late, lambda e: e.kind == "turn") if "Arachne" in e.message])"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 3. The sequence of play (assumed)

The text names a few moments of the turn — Spinning the Web is an *Action*, both cards have
*Council Phase* abilities, battle abilities happen *Post-Battle*, Completing the Web is *End of
Game* — but gives no sequence of play. The project's turn is assumed (its events cite "Gods War base
game (assumed)"); `GAME.phases` are Set-Up, Action and Council. Each turn:

1. **Start of the turn** — two events of the base game's time track that the text mentions without
   their rules: the Great Compromise is first triggered at the start of turn
   {N('base_game.great_compromise.trigger_turn')} (assumed,
   `base_game.great_compromise.trigger_turn`), and the Spike explodes at the start of turn
   {N('base_game.spike.explodes_on_turn')} (assumed, `base_game.spike.explodes_on_turn`).
2. **Action Phase** — the empires act in player order, one action at a time, until all have passed.
3. **Council Phase** — income and victory points, then the Monsters' Council Phase abilities.
4. **The end?** — the game ends after a Council Phase if an empire has enough VP, or after the last
   turn.

### The Action Phase (assumed)
In player order (assumed, `empires.player_order`) each empire takes one action or passes; an empire
that has passed takes no more actions this turn, and the phase ends when every empire has passed.
Actions are paid in power (assumed, `base_game.actions`):

- **summon** a unit from your pool into an area where you have a unit or a building, paying its cost
  (assumed, `empires.empires`);
- **move** one of your pieces to an adjacent surface-world area for {N('base_game.actions.move')}
  power (assumed, `base_game.actions.move`), paying {N('base_game.siren_song.penalty_power')} more
  when Sea's units are there and you are not Sea (assumed Siren Song,
  `base_game.siren_song.penalty_power`); empire
  pieces never enter Hell or the Heavens (assumed, `base_game.hell_permissions`);
- **build** a building in an area where you have pieces, for {N('base_game.actions.build')} power
  (assumed, `base_game.actions.build`), at most {N('base_game.buildings.per_empire_per_area')} of
  yours per area (assumed, `base_game.buildings.per_empire_per_area`);
- **attack** an enemy empire or a Monster in an area where you have pieces, for
  {N('battle.procedure.attack_cost')} power (assumed, `battle.procedure.attack_cost`; see *Battles
  against Monsters*);
- Storm only: **Teleport** one of its greater gods, with every Storm piece beside it, to any
  surface area, for {N('base_game.actions.teleport')} power (assumed, `base_game.actions.teleport`);
- the Invisible God only: **Sunspear**, which kills one enemy piece in an area where it has pieces,
  for
  {N('base_game.actions.sunspear')} power (assumed, `base_game.actions.sunspear`);
- any empire: **Spinning the Web**, Arachne Solara's action (§II › Arachne Solara card › Spinning
  the Web; see *Arachne Solara* below).

Here is the first decision of the lesson's game, with every legal action offered to Storm:"""),
    check("""asked = GAME.new_game("both", seed=3, policies={"Storm": PersonPolicy()})
step_until(asked, lambda e: False)            # runs until Storm must decide
print(asked.pending.prompt)
for option in asked.pending.options:
    print("  ", option)"""),
    lesson("""The first Action Phase of the lesson's game, as the heuristic players play it:"""),
    check("""show(between(tour.log, "Turn 1: Action Phase", "Turn 1: Council Phase")[:-1])"""),
    lesson(f"""### The Council Phase (assumed income, then the cards)
In player order every empire gains {N('base_game.council.power_base')} power (assumed,
`base_game.council.power_base`) plus {N('base_game.council.power_per_building')} power for each of
its buildings (assumed, `base_game.council.power_per_building`), and
{N('base_game.council.vp_per_building')} VP for each building (assumed,
`base_game.council.vp_per_building`). Then come the Cosmic Monsters' Council Phase abilities:
Androgeus' VP (§II › Androgeus card › Council Phase) and Empowering the Web (§II › Arachne Solara
card › Empowering the Web), both taught with their cards below; that they come after the income is
assumed. The Council Phase of the first turn:"""),
    check("""show(between(tour.log, "Turn 1: Council Phase", "Turn 2 begins")[:-1])"""),
    lesson(f"""### How the game ends
- **Victory points.** The Arachne card says her web ends the game even if no one has reached
  {N('base_game.victory.vp_to_win')} VP (§II › Arachne Solara card › Completing the Web): reaching
  that many is how the game normally ends; the base game's own victory rule is not in the text.
  When it is checked is assumed: at the end of each Council Phase, the game ends if an empire has
  {N('base_game.victory.vp_to_win')} VP or more (`base_game.victory.vp_to_win`).
- **The last turn.** The base game's time track is not in the text; the game ends after the Council
  Phase of turn {N('base_game.victory.turn_limit')} (assumed, `base_game.victory.turn_limit`).
- **Completing the Web** ends the game at once, whatever the VP (see *Arachne Solara* below).
- **Runes** may be played at the end of the game as usual (§II › Arachne Solara card › Completing
  the Web); what runes do is not in the text: the engine plays every rune an empire holds, for
  {N('base_game.victory.rune_vp')} VP each (assumed, `base_game.victory.rune_vp`). The empire with
  the most VP wins; a tie is a draw (assumed).

The end of the lesson's game (both Monsters), then the end of a game with Androgeus alone:"""),
    check("""show(tour.log[-7:])
print()
alone = GAME.new_game("androgeus", seed=3)
alone.run_to_end()
show(alone.log[-6:])"""),
    lesson("""### Step it yourself
The stepper plays the same game: *Next event*, *Next step*, *Next phase*, *Next turn* step it, a
click on a log row shows that moment, and the row's rule and (for ◆ rows) the reason it is assumed
appear under the log. Set a player to `person` to make the decisions yourself; the variant picker
switches readings (then *New game*)."""),
    code("""from widgets import PhaseStepper

PhaseStepper(GAME, scenario="both", seed=3)"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 4. Monsters: the general rules (§XIII)

### Cosmic Monsters and the Great Compromise
Cosmic Monsters enter the game the first time the Great Compromise is triggered (§XIII › Cosmic
Monsters; §XIII › Placement Rules). They cast a kind of suppressing aura over their area and the
areas next to it, and for any purpose where it matters they count as greater gods (§XIII › Cosmic
Monsters; the engine gives them the class `monsters.expansion.cosmic_class`). What triggers the Great
Compromise is base game: the project triggers it at the start of turn
{N('base_game.great_compromise.trigger_turn')} (assumed,
`base_game.great_compromise.trigger_turn`). In the lesson's game:"""),
    check("""replay = GAME.new_game("both", seed=3)     # the lesson's game again, stepped to the moment
show(excerpt(replay, "The Great Compromise is first triggered", "Androgeus is placed"))"""),
    lesson("""### The Monster card
A Monster card lists, from top to bottom (§XIII › Monster Card): its **Placement**, where and when it
comes onto the map (§XIII › Monster Card › Placement); its **Movement**, the triggers that make it
move (§XIII › Monster Card › Movement); its **Special Power**, how and when it strikes the world
(§XIII › Monster Card › Special Power), for a Cosmic Monster with a **Trigger** (§XIII › Monster
Card › Trigger); its **Combat** rating (§XIII › Monster Card › Combat); its **Battle Ability**
(§XIII › Monster Card › Battle Ability); how to kill it (§XIII › Monster Card › Killing a Monster);
and the **Reward** for doing so (§XIII › Monster Card › Reward). The two printed cards, section by
section:

| card section | Androgeus (§II › Androgeus card) | Arachne Solara (§II › Arachne Solara card) |
|---|---|---|
| Placement | Altinela, at the Great Compromise | Inner Hell, at the start (GW-AMB-01) |
| Movement | only by Lust (GW-AMB-02) | only by Spinning the Web |
| Special Power | Council Phase VP; Lust | Spinning the Web; Empowering the Web; Completing the Web |
| Combat | printed on the card | printed on the card |
| Battle Ability | Superhero | Tangled in the Web |
| Killing | the kill exchange with a hero or greater god | cannot be killed |
| Reward | on a Reward card not in the text | none (she cannot be killed) |"""),
    lesson("""### Movement: players cannot move Monsters
Each Monster moves only on its own triggers; in general players cannot move a Monster with gifts or
special abilities. The text's example: Storm cannot Teleport a Monster along with Storm King
(§XIII › Monster Card › Movement). A position built by hand: Storm King stands with Androgeus in
Altinela and Storm Teleports him away (Teleport's cost and reach are assumed,
`base_game.actions.teleport`):"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm King", "Storm", "Altinela")
g = from_position(here, Storm=Script("teleport Storm King from Altinela to Dragon Pass"))
show(excerpt(g, "chooses 'teleport", next_player_acts("Sea"))[:-1])
print("Androgeus is in", g.state.monster_area("Androgeus"))"""),
    lesson("""### Triggers: nothing happens until a player sets the Monster off
A Cosmic Monster does nothing until a player triggers it, usually by having units in its area or an
area next to it; its ability then happens after the triggering action has been resolved (§XIII ›
Monster Card › Trigger). Androgeus' Lust is triggered by a summon into his area or next to it: the
log shows the summon resolved first, then Lust (the summon itself is assumed base game,
`empires.empires`):"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Altinela")
g = from_position(here, Storm=Script("summon Storm Warrior in Altinela", "Sea"))
trigger = excerpt(g, "chooses 'summon", lambda e: e.kind == "monster")
show(trigger)
print("the summon is resolved before Lust:",
      [e.kind for e in trigger].index("summon") < len(trigger) - 1)"""),
    lesson(f"""### Battles against Monsters
Like every unit, a Monster has a Combat rating. Dragons start battles when they activate, but most
Monsters fight only when they are attacked (§XIII › Monster Card › Combat). The engine gives Cosmic
Monsters no way to attack: they fight only when an empire attacks them (the *attack* action above).

The battle itself is base game, and assumed (`battle.procedure`, `battle.battle_dice`): each side
rolls {N('battle.procedure.dice_per_combat')} die per point of Combat of its pieces in the area
(assumed, `battle.procedure.dice_per_combat`), a Monster as many per point of its card's Combat;
each
die has {N('battle.battle_dice.faces', 'len')} faces, {N('battle.battle_dice.faces', 'count:blank')}
blank, {N('battle.battle_dice.faces', 'count:rout')} rout and
{N('battle.battle_dice.faces', 'count:kill')} kill (assumed, `battle.battle_dice.faces`, after
Petersen Games' *Cthulhu Wars*). Kills are taken first: the owner picks which of his pieces die, and
they go back to his pool; then each rout moves one surviving piece to an adjacent surface area. A
side left with no pieces while the other still has some loses its building there (assumed,
`battle.procedure.loser_buildings_destroyed`). The exact odds of one assumed die:"""),
    check("""die = pd.Series(FACES).value_counts().sort_index()
print((die / len(FACES)).rename("probability").to_string())"""),
    lesson("""Gifts, runes and special abilities can affect a Monster but can never destroy it; the
text's example: Sunspear always fails against a Monster (§XIII › Monster Card › Combat). The
Invisible God aims its Sunspear at Androgeus (Sunspear's cost and effect on units are assumed,
`base_game.actions.sunspear`):"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Malkioni Soldier", "Invisible God", "Altinela")
g = from_position(here, Invisible_God=Script("sunspear Androgeus in Altinela"))
show(excerpt(g, "chooses 'sunspear", "fails"))
print("Androgeus:", g.state.monsters["Androgeus"].status)"""),
    lesson("""Most Monsters also have a **battle ability**, usually used Post-Battle, that does their
enemies some harm (§XIII › Monster Card › Battle Ability): Arachne Solara's *Tangled in the Web*
works Post-Battle, Androgeus' *Superhero* during the battle; both are taught with their cards.

### Killing a Monster, and the reward
Gifts, runes and abilities cannot kill a Monster: each one dies only in the one way its card
describes, always by some special result or procedure; once destroyed it leaves the game and never
comes back (§XIII › Monster Card › Killing a Monster). Whoever kills a Monster earns the reward its
card describes (§XIII › Monster Card › Reward); the Reward cards are not in the text, so the engine
logs the reward and applies nothing (data gap, `monsters.cards.Androgeus.reward`). Both are shown
firing in *Killing Androgeus* below.

### Routed by a Monster, and who controls it
If you attack a Monster yourself, you decide where your units that the Monster routs go; if a player
controls a Monster when it attacks, that player decides where the units it routs go (§XIII › Being
Routed by a Monster). How a player comes to control a Monster is not in the text (GW-AMB-10): the
default reading keeps every Monster uncontrolled, so in play only the first case happens (see
*Tangled in the Web* below). The second case in a position built by hand: Androgeus is given to Sea
as its controller (assumed, a stand-in for the Loyalty cards' rules) and the battle procedure is
driven directly, since no action lets a Monster attack (an uncontrolled one is refused first):"""),
    check("""from rules_lib.core.engine import drive
from rules_lib.games.gods_war.battle import resolve_battle   # internal: no action makes a Monster attack

here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Altinela")
g = from_position(here)
try:
    drive(resolve_battle(g.state, g.ctx, "Altinela", "Androgeus", "Storm"))
except ValueError as refusal:
    print("uncontrolled:", refusal, "\\n")
here.monsters["Androgeus"].controller = "Sea"
g = from_position(here)
g.dice.force(ROUT, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK)   # his six dice, then Storm's one
show(drive(resolve_battle(g.state, g.ctx, "Altinela", "Androgeus", "Storm"), answers=["Kethaela"]))"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 5. Androgeus (§II › Androgeus card)

A Cosmic Monster with Combat {N('monsters.cards.Androgeus.combat')}; the card recommends no more than
{N('monsters.cards.Androgeus.recommended_per_game')} Cosmic Monster per game. **Placement**: not at
the start; when the Great Compromise is triggered he goes to Altinela (§II › Androgeus card ›
Placement; shown under *Cosmic Monsters and the Great Compromise*). His other abilities:

### Council Phase: VP for keeping him company
In the Council Phase every empire with units in Androgeus' area earns
{ability(ANDRO, 'Council VP', 'vp')} VP (§II › Androgeus card › Council Phase). Storm and Sea stand
with him in Altinela; Earth and the Invisible God do not:"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Altinela")
here = SETUP.place(here, "Sea Folk", "Sea", "Altinela")
g = from_position(here)
show(excerpt(g, "Cosmic Monster abilities", "Androgeus in"))
print({e: s.vp for e, s in g.state.empires.items()})"""),
    lesson("""### Lust
Lust is always on. When you summon a unit into Androgeus' area or an area adjacent to it, you pick
an enemy empire, which at once summons for free, into that same area, a unit of the lowest cost
still available in its pool; if the area was an adjacent one, Androgeus also moves into it (§II ›
Androgeus card › Lust). What the engine adds, each labelled in the log:
- the enemy you pick must have units available to summon (§XIV; this is the FAQ's answer);
- the free summon does not trigger Lust again (default reading of GW-AMB-03; the variant
  `lust_chains` lets it);
- Lust moves Androgeus although players may not move Monsters (§XIII › Monster Card › Movement),
  because Lust is his own trigger (default reading of GW-AMB-02; the variant `lust_no_move` keeps him still);
- which unit is cheapest follows the assumed costs (`empires.empires`), and between equally cheap
  ones the enemy picks (assumed);
- when no enemy can summon, he still moves into an adjacent area (assumed: the move is its own
  sentence on the card).

The summon into his own area was shown under *Triggers* above. Into an adjacent area: Storm summons
into Maniria, next to Altinela, and picks Earth; then the same with `lust_no_move`:"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Maniria")
for variants in ((), ("lust_no_move",)):
    g = from_position(here, variants, Storm=Script("summon Storm Warrior in Maniria", "Earth"))
    show(excerpt(g, "summons a Storm Warrior", next_player_acts("Sea"))[:-1])
    print("Androgeus is now in", g.state.monster_area("Androgeus"), "\\n")"""),
    lesson("""The FAQ's ruling (§XIV): an enemy with no units left in its pool cannot be picked. Sea has
put all its units on the map; Storm summons next to Androgeus and is offered only the other two
enemies. Then every enemy's pool is empty: no one can be picked, and he still moves (assumed, see
above):"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Maniria")


def empty_pool(state, empire, area):
    for kind, left in dict(state.empires[empire].pool).items():
        for _ in range(left):
            state = SETUP.place(state, kind, empire, area)
    return state


here = empty_pool(here, "Sea", "Seshnela")
g = from_position(here, Storm=PersonPolicy())
step_until(g, lambda e: False)
g.answer("summon Storm Warrior in Maniria")
step_until(g, lambda e: False)
print(g.pending.prompt, g.pending.options)
for empire, home in (("Earth", "Peloria"), ("Invisible God", "Jrustela")):
    here = empty_pool(here, empire, home)
g = from_position(here, Storm=Script("summon Storm Warrior in Maniria"))
show(excerpt(g, "summons a Storm Warrior", "Androgeus also moves"))"""),
    lesson("""Under the variant `lust_chains` (the other reading of GW-AMB-03) each free summon triggers
Lust again, its summoner picking the next enemy, until no pool can pay; in the same position as the
summon into his own area above:"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Altinela")
g = from_position(here, ["lust_chains"], Storm=Script("summon Storm Warrior in Altinela"))
chain = excerpt(g, "summons a Storm Warrior", next_player_acts("Sea"))
free = [e for e in chain if e.message.startswith("Lust:") and "for free" in e.message]
show(free[:3])
print("free summons in the chain:", len(free), "| pools left:",
      {e: sum(s.pool.values()) for e, s in g.state.empires.items()})"""),
    lesson(f"""### Superhero
At most {ability(ANDRO, 'Superhero', 'max_dice')} combat dice may be rolled against Androgeus, and if
Storm fights with Single Combat, the dice of its Champion count toward those
{ability(ANDRO, 'Superhero', 'max_dice')} (§II › Androgeus card › Superhero). The limit counts every
die rolled against him in the battle together, whoever rolls it (default reading of GW-AMB-05: the
text does not say whether allies each get their own). How many dice a force would roll is the
assumed {N('battle.procedure.dice_per_combat')} die per point of Combat
(`battle.procedure.dice_per_combat`); who may be Storm's
Champion is assumed (the Single Combat rules are not in the text). Storm attacks with a force worth
more dice than the limit, first without Single Combat, then with its Champion:"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
for kind in ("Storm King", "Storm Champion", "Storm Warrior", "Storm Warrior"):
    here = SETUP.place(here, kind, "Storm", "Altinela")
for champion in ("no", "Storm Champion"):
    g = from_position(here, Storm=Script("attack Androgeus in Altinela", champion))
    g.dice.force(*[BLANK] * 10)                       # nobody hits: only the dice count here
    battle = excerpt(g, "chooses 'attack", "Androgeus rolls")
    show([e for e in battle if e.kind in ("decision", "roll") or "Superhero" in e.message])
    print()"""),
    lesson(f"""### Killing Androgeus
To kill him you must have a hero or greater god in the battle and score at least
{N('monsters.cards.Androgeus.killing.min_kills_against')} kill against him, and he must roll at
least {N('monsters.cards.Androgeus.killing.min_kills_by_monster')} kill in return. Then you pick which
of your heroes or greater gods in the battle is killed, and after that Androgeus dies. No other
battle result has any effect on him (§II › Androgeus card › Killing Androgeus). Killed, he leaves the
game for good, and the killer's reward is on a Reward card the text does not print (§XIII › Monster
Card › Killing a Monster; §XIII › Monster Card › Reward). The text does not say whether the hero you
pick dies *as one of* his kills or *on top of* them: the engine counts the hero's death as one of his
kills, the rest applying as usual (default reading of GW-AMB-04; the variant
`androgeus_hero_dies_in_addition` adds it to them). Which pieces are heroes or greater gods is
assumed (`empires.empires`).

Storm attacks with Storm King, its Champion and two Warriors; the dice are forced so that Storm
scores a kill and he scores two:"""),
    check("""storm_dice = (KILL, BLANK, ROUT, BLANK)                                  # 4 dice: Superhero
his_dice = (KILL, KILL, ROUT, BLANK, BLANK, BLANK)
g = from_position(here, Storm=Script("attack Androgeus in Altinela", "no", "Storm Champion"))
g.dice.force(*storm_dice, *his_dice)
show(excerpt(g, "Battle in", next_player_acts("Sea"))[:-1])


def storm_force(state):
    \"\"\"Where the pieces Storm brought to Altinela are now (its start in Dragon Pass left out).\"\"\"
    return [f"{p.kind} in {p.area}" for p in state.pieces if p.empire == "Storm"
            and p.area != "Dragon Pass"]


print("Androgeus:", g.state.monsters["Androgeus"].status, "| Storm's force:", storm_force(g.state))"""),
    lesson("""The same battle under `androgeus_hero_dies_in_addition`: the Champion's death comes on top
of both of his kills; and the same dice without any kill by him: Storm's kill has no effect."""),
    check("""g = from_position(here, ["androgeus_hero_dies_in_addition"],
                  Storm=Script("attack Androgeus in Altinela", "no", "Storm Champion"))
g.dice.force(*storm_dice, *his_dice)
excerpt(g, "Battle in", next_player_acts("Sea"))
print("hero dies in addition -> Androgeus:", g.state.monsters["Androgeus"].status,
      "| Storm's force:", storm_force(g.state))
g = from_position(here, Storm=Script("attack Androgeus in Altinela", "no"))
g.dice.force(*storm_dice, ROUT, BLANK, BLANK, BLANK, BLANK, BLANK)
show([e for e in excerpt(g, "Battle in", next_player_acts("Sea")) if "Androgeus:" in e.message
      or "against Androgeus" in e.message])"""),
    lesson("""The FAQ adds (§XIV): the Invisible God, with no heroes or greater gods, cannot kill
Androgeus unless it is allied with an Elder Race that counts as a hero. Alliances are not in the text;
the engine only knows that a piece of an Elder Race classed as a hero counts (assumed,
`empires.elder_races`). The Invisible God attacks with two Knights, scores two kills against him and
takes one: every condition is met but the hero, and he survives:"""),
    check("""here = position()
here = SETUP.place(here, "Androgeus", "Monster", "Altinela")
here = SETUP.place(here, "Malkioni Knight", "Invisible God", "Altinela")
here = SETUP.place(here, "Malkioni Knight", "Invisible God", "Altinela")
g = from_position(here, Invisible_God=Script("attack Androgeus in Altinela"))
g.dice.force(KILL, KILL, BLANK, BLANK, KILL, BLANK, BLANK, BLANK, BLANK, BLANK)
show([e for e in excerpt(g, "Battle in", "cannot be killed") if e.kind != "roll"])"""),
    lesson(f"""**Exact odds** of killing Androgeus in one battle, from the assumed dice
({N('battle.procedure.dice_per_combat')} die per point of Combat, `battle.procedure.dice_per_combat`; faces `battle.battle_dice.faces`) and his card:
`GAME.odds.combat_odds(pieces, "Androgeus")`. However big the force, at most
{ability(ANDRO, 'Superhero', 'max_dice')} dice roll; without a hero or greater god the chance is
nil:"""),
    check("""forces = [["Storm Warrior", "Storm Warrior"], ["Storm Champion"], ["Storm King", "Storm Warrior"],
          ["Storm King", "Storm Champion", "Storm Warrior", "Storm Warrior"],
          ["Malkioni Knight", "Malkioni Knight"], ["Malkioni Knight", "Dragonewt Allies"]]
kill_odds = pd.concat([GAME.odds.combat_odds(f, "Androgeus") for f in forces], ignore_index=True)
print(kill_odds.to_string(index=False))"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 6. Arachne Solara (§II › Arachne Solara card)

A Cosmic Monster with Combat {N('monsters.cards.Arachne Solara.combat')}; her card, too, recommends no
more than {N('monsters.cards.Arachne Solara.recommended_per_game')} Cosmic Monster per game.
**Placement**: in Inner Hell at the start of the game (§II › Arachne Solara card › Placement; shown
under *Setting up*, with GW-AMB-01). Her abilities:

### Spinning the Web
An action costing {ability(ARACHNE, 'Spinning the Web', 'cost')}, open to every player (§II ›
Arachne Solara card › Spinning the Web). If she is in Hell or the Heavens, move her to any
surface-world area that has no web token yet and put a web token there; if she is on the surface
world, move her to Heaven or Hell and put no token down. The text does not name what the cost is paid
in, calls the same place both "Heaven" and "the Heavens", and does not say whether Inner Hell is
"Hell": the engine charges power, reads Heaven as the Heavens, counts Inner Hell as Hell, and lets the
acting player choose where she goes (default reading of GW-AMB-06; the variant
`spin_to_hell_area_only` allows only the areas called Hell and the Heavens). Storm spins her out of
Inner Hell, then back off the surface — with the options the engine offers each time:"""),
    check("""g = from_position(position(), Storm=PersonPolicy())
for action, where in (("spin the web", "Dragon Pass"), ("spin the web", "the Heavens")):
    step_until(g, lambda e: False)
    g.answer(action)
    step_until(g, lambda e: False)
    print(g.pending.prompt, "->", g.pending.options)
    g.answer(where)
    show(step_until(g, lambda e: e.kind == "move"))
    print("web tokens on the map:", g.state.web_tokens, "| left in the pool:", g.state.web_pool, "\\n")"""),
    lesson(f"""### Tangled in the Web
After a battle with her you gain {ability(ARACHNE, 'Tangled in the Web', 'vp_per_kill')} VP for each
kill you score against her, and she never destroys buildings, even when she has killed or routed all
of your units (§II › Arachne Solara card › Tangled in the Web). Since she cannot be killed (below),
"kills scored against her" could mean none at all: the engine counts the kill results rolled against
her, and she takes no harm from them (default reading of GW-AMB-08; the variant
`tangled_no_kill_scored` gives no VP). The building rule matters because the project's assumed battle
takes the building of a side wiped out in an area (`battle.procedure.loser_buildings_destroyed`).

Storm has a building and two pieces in Kethaela, where she stands on a web token; Storm attacks her;
she kills one piece and routs the other, and Storm, who attacked her, chooses where its routed piece
goes (§XIII › Being Routed by a Monster). Then the VP for Storm's kills, and its building stays:"""),
    check("""here = position()
here = SETUP.place(here, "web token", "Web", "Kethaela")
here = SETUP.move(here, "Arachne Solara", "Kethaela")
here = SETUP.place(here, "Storm King", "Storm", "Kethaela")
here = SETUP.place(here, "Storm Warrior", "Storm", "Kethaela")
here = SETUP.place(here, "building", "Storm", "Kethaela")
g = from_position(here, Storm=Script("attack Arachne Solara in Kethaela", "no", "Storm Warrior",
                                     "Altinela"))
g.dice.force(KILL, KILL, ROUT, BLANK, KILL, ROUT, *[BLANK] * 8)
show(excerpt(g, "Battle in", next_player_acts("Sea"))[:-1])
print("Storm VP:", g.state.empires["Storm"].vp, "| buildings in Kethaela:", g.state.buildings["Kethaela"])"""),
    lesson("""**Exact odds** of the VP a force gains in one battle against her (the number of kill
results it rolls, assumed dice), `GAME.odds.combat_odds(pieces, "Arachne Solara")`, for Storm King and
a Warrior:"""),
    check("""print(GAME.odds.combat_odds(["Storm King", "Storm Warrior"], "Arachne Solara").to_string(index=False))"""),
    lesson(f"""### Empowering the Web
In the Council Phase, in player order, each player with a building in an area where Arachne Solara
and/or a web token is may gain {ability(ARACHNE, 'Empowering the Web', 'power_per_building')} power
for each such building. A player who does puts a web token from the pool on his empire sheet to show
that he cannot do it again: each player may use it once per game (§II › Arachne Solara card ›
Empowering the Web). Storm's home building stands on a web token, Earth's stands with Arachne:
Storm empowers, Earth declines; a turn later Storm is not asked again, while Earth, having
declined, may still empower:"""),
    check("""here = position()
here = SETUP.place(here, "web token", "Web", "Dragon Pass")
here = SETUP.place(here, "web token", "Web", "Peloria")
here = SETUP.move(here, "Arachne Solara", "Peloria")
g = from_position(here, Storm=Script("pass", "empower"), Earth=Script("pass", "decline"))
show(excerpt(g, "Cosmic Monster abilities", lambda e: e.kind == "turn")[1:-1])
print("pool:", g.state.web_pool, "| on sheets:", [e for e, s in g.state.empires.items() if s.web_token_on_sheet])
show(excerpt(g, "Cosmic Monster abilities", lambda e: e.kind == "turn")[1:-1])"""),
    lesson(f"""### Completing the Web
The game ends at once when all {N('monsters.components.web_tokens')} web tokens have been taken from
the pool, even if no one has reached {N('base_game.victory.vp_to_win')} VP; runes may still be played
at the end as usual (§II › Arachne Solara card › Completing the Web). Tokens leave the pool both to
the map (Spinning the Web) and to empire sheets (Empowering the Web): the engine counts both (default
reading of GW-AMB-07; the variant `web_counts_map_tokens_only` waits for every token to be on the
map). The last token is spun onto the map during the Action Phase; no Council Phase follows, and
the runes are played (their worth is assumed, `base_game.victory.rune_vp`):"""),
    check("""here = position()
for area in [a for a in DATA.surface_areas() if a != "Altinela"][:here.web_pool - 1]:
    here = SETUP.place(here, "web token", "Web", area)
print("web tokens left in the pool:", here.web_pool)
g = from_position(here, Storm=Script("spin the web", "Altinela"))
show(excerpt(g, "chooses 'spin", lambda e: e.kind == "result" and e.message.startswith("Result")))"""),
    lesson(f"""### Killing Arachne Solara: you cannot
She cannot be killed, routed or eliminated in battle (shown under *Tangled in the Web*), and nothing
moves her except Spinning the Web. If she is on the Spike when it explodes, she is placed in Inner
Hell (§II › Arachne Solara card › Killing Arachne Solara). When the Spike explodes is base game: the
project blows it up at the start of turn {N('base_game.spike.explodes_on_turn')} (assumed,
`base_game.spike.explodes_on_turn`) and sends the empire pieces on it back to their pools (assumed);
the text does not say what it does to Androgeus, who stays (assumed). She was spun onto the Spike,
and Androgeus and a Storm Warrior stand there too;
turn {N('base_game.spike.explodes_on_turn')} begins:"""),
    check("""here = position(turn=GAME.data().get("base_game.spike.explodes_on_turn"))
here = SETUP.place(here, "web token", "Web", "the Spike")
here = SETUP.move(here, "Arachne Solara", "the Spike")
here = SETUP.place(here, "Storm Warrior", "Storm", "the Spike")
here = SETUP.place(here, "Androgeus", "Monster", "the Spike")
show(excerpt(from_position(here), "begins", "Action Phase"))"""),
    # ------------------------------------------------------------------------------------------
    lesson("""## 7. The FAQ (§XIV)

Two answers are about the printed cards and were shown above: Lust cannot pick an enemy with no units
in its pool (*Lust*), and the Invisible God cannot kill Androgeus without an Elder Race hero
(*Killing Androgeus*). The other four are about Juggernaut and Mother of Monsters, whose cards are not
in the text: Juggernaut overrides Sea's Siren Song and no one pays its penalty, since he is the one
moving the units; any movement-type ability, also of Elder Races or other Monsters, sets off his
*Community*; when he moves everyone moves, whatever the Hell permissions; and he can move Mother of
Monsters into an area with Spawn, because her restriction covers only routs and her *Birth* action
(§XIV). The engine models these answers as far as they go (tested in
`tests/games/gods_war/test_faq_juggernaut.py`), but Juggernaut cannot be chosen for a game until his
card is known."""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## 8. How to play: the checklist

**Before the game** (◆ = assumed base game)
- [ ] Choose the Monsters: no more than {N('monsters.cards.Androgeus.recommended_per_game')} Cosmic
  Monster is recommended, and the owner is advised to decide if you disagree (§XIII; §XIII ›
  Placement Rules).
- [ ] ◆ Each empire: a building and {N('base_game.setup.starting_units')} cheapest units at home,
  {N('base_game.setup.starting_power')} power, {N('base_game.setup.starting_runes')} rune
  (`base_game.setup`).
- [ ] Arachne Solara into Inner Hell (GW-AMB-01); the {N('monsters.components.web_tokens')} web tokens
  in the pool; Androgeus waits (§II › Arachne Solara card › Placement; §II › Androgeus card ›
  Placement).

**Each turn**
1. [ ] ◆ Start: on turn {N('base_game.great_compromise.trigger_turn')}
   (`base_game.great_compromise.trigger_turn`) the Great Compromise is triggered, so Androgeus goes to
   Altinela (§XIII › Cosmic Monsters); on turn {N('base_game.spike.explodes_on_turn')}
   (`base_game.spike.explodes_on_turn`) the Spike explodes and Arachne, if on it, goes to Inner Hell
   (§II › Arachne Solara card › Killing Arachne Solara).
2. [ ] ◆ Action Phase, in player order, one action each until all pass: summon, move, build, attack,
   Teleport (Storm), Sunspear (Invisible God), or Spinning the Web ({ability(ARACHNE, 'Spinning the Web', 'cost')}
   power, GW-AMB-06, anyone).
   - After a summon into Androgeus' area or next to it: Lust — pick an enemy with units in its pool;
     it summons its cheapest unit there free; if next to him, he moves in (§II › Androgeus card ›
     Lust).
   - Attacking Androgeus: at most {ability(ANDRO, 'Superhero', 'max_dice')} dice, a Champion's
     included; he dies only in the kill exchange with your hero or greater god (§II › Androgeus
     card › Superhero; §II › Androgeus card › Killing Androgeus).
   - Attacking Arachne: {ability(ARACHNE, 'Tangled in the Web', 'vp_per_kill')} VP per kill you
     roll; she takes no harm and leaves buildings standing (§II › Arachne Solara card › Tangled in
     the Web).
   - Routed by a Monster you attacked: you choose where your units go (§XIII › Being Routed by a
     Monster). No ability moves or kills a Monster (§XIII › Monster Card › Movement; §XIII › Monster
     Card › Combat).
   - The last web token leaves the pool: the game ends at once (§II › Arachne Solara card ›
     Completing the Web).
3. [ ] Council Phase: ◆ income and building VP; Androgeus' company earns
   {ability(ANDRO, 'Council VP', 'vp')} VP each (§II › Androgeus card › Council Phase); Empowering the
   Web in player order, once per game (§II › Arachne Solara card › Empowering the Web).
4. [ ] ◆ An empire at {N('base_game.victory.vp_to_win')} VP (`base_game.victory.vp_to_win`), or turn
   {N('base_game.victory.turn_limit')} done (`base_game.victory.turn_limit`): the game ends.

**The end**: ◆ runes {N('base_game.victory.rune_vp')} VP each (`base_game.victory.rune_vp`); most VP
wins.

## What next
Play a game yourself in the Explorer at the end of this notebook (set a player to `person`), try a
ruling you read differently with its variant, and change an assumed value with `data_overrides` to
see what the base game's numbers do to the Monsters. Notebook `05_designer_playtesting.ipynb` plays
many games at once.
To learn by predicting, switch on **? Quiz me** in the stepper (also the explorer's Play
tab): it stops before each event of the kinds you tick, asks what happens next with the
engine's own alternatives as buttons, then shows the rule that decided it."""),
    code("""# Test yourself: what happens next? Questions from seeded games, the engine's own
# alternatives as buttons; each answer says what the engine did and which rule decided it.
from widgets.teaching import QuizPanel

QuizPanel("gods_war", seed=0, n=5)"""),
    # ------------------------------------------------------------------------------------------
    lesson(f"""## After the lesson: odds studies and designer material (not rules)

Everything below uses the rules taught above and adds no rule. Its numbers come from the **assumed**
battle dice (`battle.battle_dice.faces`, {N('battle.procedure.dice_per_combat')} die per point of
Combat, `battle.procedure.dice_per_combat`) and the assumed base game, so they describe the project's game,
not necessarily the published one.

### Killing Androgeus by attacking Combat
`rules_lib.games.gods_war.odds` (the module behind `GAME.odds`) enumerates the same dice the battle
rolls, with the Superhero limit of {ability(ANDRO, 'Superhero', 'max_dice')} dice applied. Past that
many dice the chance stays flat; both sides must score a kill."""),
    check("""from rules_lib.games.gods_war import odds

table = odds.androgeus_table(max_combat=6)
exact = table.pivot(index=["attacking_combat", "dice_rolled"], columns="hero_or_greater_god",
                    values="exact")
exact.columns = ["without hero", "with hero or greater god"]
print(exact.to_string())"""),
    code("""from widgets.charts import plot_androgeus_kill

plot_androgeus_kill(odds.androgeus_table(max_combat=10))"""),
    lesson("""### Arachne Solara: VP against her, and what she rolls back"""),
    code("""combats = [2, 4, 6, 8]
go.Figure(
    data=[go.Bar(x=odds.arachne_table(c).vp_gained, y=odds.arachne_table(c).probability,
                 name=f"attacking Combat {c}") for c in combats],
    layout={"title": "Tangled in the Web: VP gained = kill results rolled against her (GW-AMB-08)",
            "xaxis": {"title": "VP gained", "dtick": 1}, "yaxis": {"title": "probability"},
            "barmode": "group"})"""),
    code("""odds.monster_return_fire("Arachne Solara").head(12)"""),
    lesson("""### The web as a clock
A seeded game with Arachne alone, the web-token pool after every event; then twenty seeded games per
scenario and what ended them:"""),
    code("""race = GAME.new_game("arachne_solara", seed=0)
rows = []
while race.step_event() is not None:
    rows.append({"event": len(race.log), "turn": race.state.turn, "web_pool": race.state.web_pool})
trace = pd.DataFrame(rows)
print("game over:", race.state.end_reason, "| winner:", race.state.result)
go.Figure(data=[go.Scatter(x=trace.event, y=trace.web_pool, mode="lines", line_shape="hv")],
          layout={"title": "Web tokens left in the pool, event by event",
                  "xaxis": {"title": "event"}, "yaxis": {"title": "web tokens left"}})"""),
    code("""runs = []
for scenario in ("androgeus", "arachne_solara", "both"):
    for seed in range(20):
        g = GAME.new_game(scenario, seed=seed, keep_log=False)
        g.run_to_end()
        row = GAME.summary(g.state)
        runs.append({"scenario": scenario, "end_reason": row["end_reason"], "turns": row["turns"]})
runs = pd.DataFrame(runs)
runs.groupby(["scenario", "end_reason"]).turns.agg(["count", "mean", "min", "max"])"""),
    lesson("""### The explorer
Board, stepper and odds panel together (the widgets hold no rules; they call the same entry
points as above):"""),
    code("""from widgets import Explorer

Explorer("gods_war", scenario="both", seed=3)"""),
    lesson("""### Every assumed value
The whole base game as data, each value with the reason it is assumed (`GAME.provenance_report()`):"""),
    code("""report = GAME.provenance_report()
print(len(report), "assumed entries")
report"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

"""Write notebooks/01_ginormopod.ipynb: a lesson that teaches the whole game, in the rulebook's order.

The notebook is a script so that its text is reviewable. Every number the prose states about the
game (turns, MP, limits, counts, thresholds) is read from the game's data when the notebook is
written: the markdown cells are *templates* (``T(...)``) filled from :func:`facts`, and
``tests/notebooks/test_01_prose.py`` checks that the stored notebook is the rendering of today's data,
that every other number in the prose is one the test can check, that every section cited exists in
the rulebook and that every assumption it names exists.

Template fields: ``{name}`` prints a fact, ``{name:w}`` spells a whole number ("two"), ``{name:W}``
spells it with a capital, ``{name:th}`` as an ordinal ("third"). Literal braces are written ``{{ }}``.

The notebook is executed here (nbclient); every output is then cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT`` (the printed log excerpts and tables that teach a rule: ``pytest
--nbval-lax`` compares them, so a change in the engine that changes the lesson is caught). No Plotly
bundle or widget state is stored. Run from the repository root:
``PYTHONPATH=. python tools/make_notebook_01.py``.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # notebook_tools, when imported by a test

from notebook_tools import ROOT, code, md, write_notebook

from rules_lib.registry import get_game

TARGET = ROOT / "notebooks" / "01_ginormopod.ipynb"

WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve")
ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth")


class Num(int):
    """A whole number that a template can print as digits, a word (:w, :W) or an ordinal (:th)."""

    def __format__(self, spec: str) -> str:
        n = int(self)
        if spec in ("w", "W"):
            word = WORDS[n] if 0 <= n < len(WORDS) else str(n)
            return word.capitalize() if spec == "W" else word
        if spec == "th":
            return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"
        return format(n, spec)


def _and(items: Any) -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def facts() -> dict[str, Any]:
    """Every fact the prose states, read from the game (its data, and Set-Up played with seed 1)."""
    game = get_game("ginormopod")
    d = game.data()
    t = d.types
    setup = game.new_game(seed=1)
    setup.next_phase()
    s = setup.state
    tables = d.sources["tables"].tree
    three = game.game_data(None, ["three_western_hives"])
    fence = [c for c, f in d.forts.items() if f.fence]
    named_hives = [c for c in d.hives if d.sources["map"].provenance_of(f"hives.{c}") is None
                   or d.sources["map"].provenance_of(f"hives.{c}").kind != "assumed"]
    assumed_hives = [c for c in d.hives if c not in named_hives]
    symbols = tables["danger_track"]["symbols"]
    f: dict[str, Any] = {
        "players": len(game.players),
        "first_turn": d.first_turn, "last_turn": d.last_turn,
        "victory_needed": d.victory_needed, "n_victory": len(d.victory_cities),
        "victory_cities": _and(d.victory_cities),
        "stack_limit": d.stack_limit,
        "guard_rolls": d.guard_rolls, "guards_per_city": d.guards_per_city,
        "guard_dice": d.guard_dice, "n_guards": d.guards_armed + d.guards_blank,
        "guards_armed": d.guards_armed, "guards_blank": d.guards_blank,
        "cup_chits": sum(1 for a in d.activation.values() if a.start == "cup")
        + sum(1 for x in d.fx.values() if x.start == "cup"),
        "n_swarm_forms": len(d.formations["Swarm"]), "n_human_forms": len(d.formations["Human"]),
        "swarm_forms": _and(d.formations["Swarm"]), "human_forms": _and(d.formations["Human"]),
        "end_chits": d.end_chits, "end_track_spaces": d.end_track_spaces,
        "danger_chit_turn": d.danger_chit_turn, "allied_turn": d.allied_turn,
        "tracker_delay": d.tracker_delay, "removed_from_turn": d.removed_from_turn,
        "tracker_example_back": 5 + d.tracker_delay,
        "fort_pips": d.fort_pips,
        "overrun_min_acting": d.overrun_min_acting, "overrun_max_enemy": d.overrun_max_enemy,
        "fence_forts": _and(fence), "n_fence": len(fence),
        "fort_strengths": _and(f"{c} {x.strength}" for c, x in d.forts.items()),
        "fort_formations": "; ".join(
            f"**{form}**: " + _and(c for c, x in d.forts.items() if x.formation == form)
            for form in dict.fromkeys(x.formation for x in d.forts.values())),
        "named_hives": _and(sorted(named_hives, key=lambda c: -d.cities[c].y)), "assumed_hives": _and(assumed_hives),
        "n_hives": len(d.hives),
        "variant_hives": _and(sorted(three.hives, key=lambda c: -three.cities[c].y)),
        "hive_units": _and(f"{n} {kind}{'s' if n > 1 else ''}" for kind, n in d.hive_units.items()),
        "flags": "; ".join(f"{nation}: {_and(cities)}" for nation, cities in d.flags.items()),
        "allied_units": _and(f"{r['count']} {r['type']}" for r in
                             next(iter(d.allied_units.values()))),
        "n_allied": len(d.formations["Allied"]), "n_allied_other": len(d.formations["Allied"]) - 1,
        "danger_spaces": d.danger_spaces, "danger_advance": d.danger_advance,
        "danger_dice": d.danger_dice,
        "danger_symbols": _and("/".join(str(p) for p in space) for space in symbols if space),
        "tracker_labels": len(tables["turn_track"]["time_tracker_labels"]),
        "nyc_stack": s.stack("New York City", "Human"),
        "n_cities": len(d.cities), "n_roads": len(d.roads),
        "n_variants": len(game.variants),
    }
    for kind in ("Ant", "Spider", "Worm", "Infantry", "Tank"):
        f[f"mp_{kind}"] = t[kind].mp
    return {k: Num(v) if isinstance(v, int) and not isinstance(v, bool) else v
            for k, v in f.items()}


FACTS = facts()
PROSE: list[str] = []  # every markdown template, in order (the prose test renders them itself)


def render(template: str, values: Any = None) -> str:
    """A template filled with the facts (or with any mapping, e.g. the test's placeholders)."""
    return template.format_map(FACTS if values is None else values)


def T(template: str):
    """A markdown cell from a template filled with the facts."""
    PROSE.append(template)
    return md(render(template))


HELPERS = '''from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go
from IPython.display import display

from rules_lib.core.dice import SumDice
from rules_lib.core.engine import PersonPolicy
from rules_lib.registry import get_game

GAME = get_game("ginormopod")  # the one contract: data, new_game, odds, reach, board view
D = GAME.data()
MARK = "◆"  # a log row whose content the project filled in (not rulebook text)
pd.set_option("display.max_colwidth", 110)
pd.set_option("display.width", 200)


def row(e, width=108):
    """One log row: index, ◆ if assumed, turn, phase, message, [rulebook section]."""
    msg = e.message if len(e.message) <= width else e.message[:width - 1] + "…"
    section = e.rule.replace("Ginormopod: ", "§ ")
    return f"{e.index:>4} {MARK if e.assumed else ' '} T{e.turn:<2} {e.phase:<8} {msg}  [{section}]"


def show(events):
    for e in events:
        print(row(e))


def people():
    """Both players answer through us (game.answer): every decision is shown and chosen here."""
    return {"Swarm": PersonPolicy(), "Human": PersonPolicy()}


def start(seed=1, scenario=None, variants=()):
    """A game ready for its first Action Phase: the standard Set-Up played (seeded), or a position
    given as a state (plain data, edited by hand)."""
    game = GAME.new_game(scenario, seed=seed, variants=variants, policies=people())
    if scenario is None:
        game.next_phase()  # Set-Up
    return game


def draw(game, chit):
    """Force the next draw from the cup to be this chit (the draw is a die roll over the cup)."""
    game.dice.force(game.state.cup.index(chit) + 1)


def destroy(state, *forts):
    """Put a Destroyed marker on these Forts (for a position later in a game)."""
    for city in forts:
        state.forts[city].strength, state.forts[city].destroyed = 0, True


def hidden_guards(state, city, *armed):
    """Decide which Guard counters stand face-down in `city` (True: one showing a die symbol):
    each is swapped with a Guard of the wanted face from another City, so the box keeps its
    printed mix of armed and blank counters (a position later in a game)."""
    here = [u for u in state.at(city, "Human") if u.type == "Guard"]
    for guard, want in zip(here, armed):
        if guard.armed != want:
            other = next(u for u in state.units if u.type == "Guard" and u.pool == "map"
                         and u.loc != city and u.armed == want and not u.revealed)
            guard.loc, other.loc = other.loc, guard.loc


def at_turn(state, phase, turn):
    """Set the Game Turn and phase of a position, with the chits of the turns already reached in
    the cup (they enter it at the Fade Out that advances the marker to their turn)."""
    state.phase, state.turn = phase, turn
    for t in sorted(state.turn_chits, key=int):
        if int(t) < turn or (int(t) == turn and phase != "Fade Out"):
            state.cup = sorted(state.cup + state.turn_chits.pop(t))


def play(game, *answers, faces=(), until=None, quiet=False):
    """Step the game: answer its decisions with `answers` in order, force the next dice `faces`,
    stop when a decision needs an answer we did not give, or (once the answers are used) after the
    first event for which `until(event)` is true. Prints the new log rows and what is pending."""
    game.dice.force(*faces)
    answers = list(answers)
    first = len(game.log)
    while True:
        event = game.step_event()
        if event is None:
            if game.pending is not None and answers:
                game.answer(answers.pop(0))
                continue
            break
        if until is not None and not answers and until(event):
            break
    assert not answers, f"answers not used: {answers}"
    assert not game.dice.queued, f"forced faces not rolled: {game.dice.queued}"
    if not quiet:
        show(game.log[first:])
        if game.pending is not None:
            d = game.pending
            print(f"         ⏸ {d.player} to answer: {d.prompt}")
            print(f"           legal answers: {', '.join(map(str, d.options))}")


def is_phase(name):
    return lambda e: e.kind == "phase" and e.phase == name'''


DRAW_MAP = '''from rules_lib.games.ginormopod.display import FENCE_COLOR, ZONE_COLORS

SIDE_COLOURS = GAME.display.side_colors  # one palette: the Explorer's (ginormopod/display.py)


def city_hover(name, attrs, pieces):
    lines = [f"<b>{name}</b> ({attrs['zone']})"]
    if attrs["hive"]:
        lines.append(f"Hive of Formation {attrs['hive']}")
    lines += [f"{nation} arrival flag" for nation, cities in D.flags.items() if name in cities]
    lines += [p["hover"] for p in pieces if p["loc"] == name]
    return "<br>".join(lines)


def draw_map(state, title, reach=None):
    """The City graph on longitude/latitude axes; `reach` ({city: ReachInfo}) overlays MP spent."""
    board, pieces = GAME.board_view.board(state), GAME.board_view.pieces(state)
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
                         line=dict(color=FENCE_COLOR, width=5), opacity=0.5,
                         hoverinfo="skip", name="Fusion Fence")]
    for kind, symbol in (("city", "circle"), ("Fort", "square"), ("Hive", "diamond")):
        names = [n for n, a in g.nodes(data=True)
                 if kind == ("Fort" if a["fort"] else "Hive" if a["hive"] else "city")]
        traces.append(go.Scatter(
            x=[xy[n][0] for n in names], y=[xy[n][1] for n in names], mode="markers+text",
            name=kind, text=names, textposition="top center", textfont=dict(size=9),
            marker=dict(symbol=symbol, size=14 if kind != "city" else 9, line=dict(width=1),
                        color=[ZONE_COLORS[g.nodes[n]["zone"]] for n in names]),
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
    layout = go.Layout(title=title, height=640, width=780, hovermode="closest",
                       xaxis=dict(title="longitude (°E)", constrain="domain"),
                       yaxis=dict(title="latitude (°N)", scaleanchor="x", scaleratio=1.27),
                       legend=dict(orientation="h", y=-0.15))
    return go.Figure(data=traces, layout=layout)  # every trace given to the constructor'''


CELLS = [
    # ------------------------------------------------------------------------------------------
    T("""# Ginormopod 2050 A.D. — learn to play

*Ginormopod 2050 A.D.: Attack of the Giant Bug Monsters* is a game for {players:w} players: the
giant bugs of the **Swarm** against the **Humans** and their Fusion Fence. This notebook teaches the
whole game in the order of its rulebook — the pieces and the map, Set-Up, the sequence of play phase
by phase and step by step, movement, combat, the special rules and victory — and ends with the
sequence of play on one page. After it you can set the game up and play it.

Each section below is named after the rulebook section it teaches, and every rule sentence cites its
section, like this: (§ Combat). At each rule you see the game engine apply it: a printed excerpt of
the log of a seeded game, or of a position set up by hand and driven through the engine with the dice
forced so that the rule happens; then the rule's exact odds, where it has any.

The rulebook leaves things out: the map's roads, the values printed on the counters, the charts and
tables. The project filled them in, and the text of this lesson says so in the very sentence that
uses such a value, naming the data entry it comes from (`map.yaml:roads` is the entry `roads` of
`rules_lib/games/ginormopod/data/map.yaml`). Where the text can be read two ways, the sentence names
the ambiguity (`GIN-AMB-…` in the project's rules catalogue) and the game's other reading.
Odds studies and designer material come after the lesson, under their own heading."""),
    code(HELPERS),
    # ------------------------------------------------------------------------------------------
    T("""## How to read this lesson: the log, the ◆ mark and the variants

Everything here goes through the game's one contract, `GAME = get_game("ginormopod")`. A game is a
seeded `Game` that plays in **events**. Each event names the rulebook section it applies (`rule`) and
the catalogue rules (`ids`); when the project filled its content in, it also says why (`assumed`).

* In the printed log excerpts below and in the explorer's log, a row marked **◆** rests on content
  the project supplied (a counter value, a map fact, a chosen reading); an unmarked row applies the
  rulebook's rule to the rulebook's facts.
* The same mark is the `assumed` column of `game.log_frame()`: empty for the rulebook's own content,
  the reason otherwise.

A few of the opening rows of a game, each with its `assumed` column:"""),
    code("""# NBVAL_CHECK_OUTPUT
first = GAME.new_game(seed=1)
first.next_phase()
frame = first.log_frame()
for r in frame.loc[[0, 1, 4, 17, 33, 35]].itertuples():
    print(f"{r.index:>3} {MARK if r.assumed else ' '} {r.message}   [{r.rule}]")
    print("      assumed:", r.assumed or "(empty: the rulebook's own)")"""),
    T("""Row 1 is marked because the rulebook names no Swarm Formation (the game's labels are its own);
row 4 because the Human set-up diagram is not legible; row 17 because the National Guard Table is not
in the text. Rows 33 and 35 are the rulebook's own.

**Variants.** Where the text can be read two ways, the game plays one reading (the *default*, cited
in the lesson where it matters) and offers the other as a **variant**: pass its name to
`GAME.new_game(..., variants=[...])`, or tick it in the explorer. The {n_variants} variants, the
section and ambiguity each one answers, and the reading the game plays without it:"""),
    code("""# NBVAL_CHECK_OUTPUT
variants = pd.DataFrame([{"variant": v.name, "section": v.section.replace("Ginormopod: ", "§ "),
                          "ids": " ".join(v.ids), "with the variant": v.description,
                          "without it (default)": v.default_reading} for v in GAME.variants])
print(variants[["variant", "section", "ids"]].to_string(index=False))"""),
    code("""variants  # the full text of each reading"""),
    T("""For example, which Cities are the Swarm's Hives is a reading (GIN-MF-05, below in
§ Battleground). The same seed with the variant `three_western_hives` sets up on the other reading:"""),
    code("""# NBVAL_CHECK_OUTPUT
other = GAME.new_game(seed=1, variants=["three_western_hives"])
other.next_phase()
show([e for e in other.log if e.message.startswith("Hive ")])"""),
    # ------------------------------------------------------------------------------------------
    T("""## Your table: the explorer

The explorer below runs the same engine with a map. **Play** steps a seeded game by event, step,
phase or turn; set a player to *person* to answer that side's decisions yourself. Its log marks
assumed rows with ◆; click a row to read its rule and reason, and to rewind the board to that moment.
**Odds** gives the exact odds of any combat, **Reach** shows where a clicked unit may move. Keep it
at hand: the sections below show the same game as printed log excerpts."""),
    code("""from widgets import Explorer

Explorer("ginormopod", seed=1)"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Overview

**Sides and goal.** The Swarm player has the white pieces, the Human player the blue ones
(§ Overview). The Swarm wins by destroying any {victory_needed:w} of {victory_cities} before the end
of Turn {last_turn}, which stops the Humans' anti-mutagen; the Humans win if the Swarm has not done
so by the end of Turn {last_turn} (§ Overview, § Victory).

**Units.** Most pieces are combat units: giant monsters, the Ginormopods, for the Swarm, and
infantry and tanks for the Humans (§ Overview); the Set-Up names the Swarm's Ants, Spiders and Worms
and the Humans' National Guard (§ Set-Up). Each counter carries one or more
die symbols: a unit in combat rolls one die per symbol, and a die that shows at least the symbol's
number scores a Hit (§ Overview). The full-colour side of a counter is its **Fresh** side; a Fresh
unit that takes a Hit is flipped to its black-and-white **Reduced** side, and a Reduced unit that
takes another Hit is **Eliminated** (§ Overview).

The die symbols printed on the counters are not in the text. The values below are the project's
(`units.yaml:types.Ant.fresh` and the other `fresh` and `reduced` entries); only the MP are the
rulebook's (§ Movement):"""),
    code("""# NBVAL_CHECK_OUTPUT
prov = D.sources["units"].provenance_of
units = pd.DataFrame([{
    "unit": name, "side": t.side, "MP": t.mp,
    "Fresh side": " ".join(f"{p}+" for p in (t.fresh or t.revealed_armed)) or "-",
    "Reduced side": "no Reduced side" if t.no_reduced_side else " ".join(f"{p}+" for p in t.reduced),
    "dice from": "assumed" if prov(f"types.{name}.{'revealed_armed' if t.no_reduced_side else 'fresh'}").kind == "assumed" else "rulebook",
} for name, t in D.types.items()])
print(units.to_string(index=False))
print("A Guard's 'Fresh side' is the die symbol an armed Guard shows once revealed.")"""),
    T("""*Seen in play.* The first battle of a seeded game (seed 1; both sides are played by the game's
heuristic policy): Swarm Z attacks Jackson. Every die is compared with its symbol; the Infantry takes a
Hit and flips to its Reduced side, the next Hit eliminates it, and when no Human unit is left the
Fort's boxes take the rest until it is destroyed (§ Overview, § Battleground, § Fort Combat):"""),
    code("""# NBVAL_CHECK_OUTPUT
seeded = GAME.new_game(seed=1)  # both players: the game's heuristic policy
seeded.run_to_end()
first_battle = next(e.index for e in seeded.log if e.kind == "combat")
show([e for e in seeded.log[first_battle:first_battle + 12] if e.kind != "decision"])"""),
    T("""**Formations and chits.** Every counter also shows a **Formation**, and every Formation has an
**Activation Chit**: chits drawn at random from a cup decide which units act, and when (§ Overview).
The rulebook names no Swarm Formation; the game labels them {swarm_forms}, one per Hive
(`units.yaml:formations.Swarm`: labels only, they change no rule). § Fort Combat says that Forts,
like units, have a Formation, and names the Forts' Formations {human_forms}; the game reads these as
the Human Formations, one Activation Chit each.

**FX.** Each side also has Special Effect (**FX**) chits that help it, and each side has one FX whose
use endangers the planet: a player whose FX ends the world loses the game at once (§ Overview,
§ Danger)."""),
    # ------------------------------------------------------------------------------------------
    T("""## § Battleground

The map is made of named Cities joined by road segments; Cities that share a road are adjacent,
and moving from one City to the next costs a Movement Point (MP) (§ Battleground). Some Cities are
**Forts**: each has a strength track with a cube on it; a Hit on a Fort takes a box of strength away,
and a Fort that loses its last box is destroyed (§ Battleground). Some Forts are part of the
**Fusion Fence** (§ Battleground, § Fusion Fence). The westernmost Cities are the Swarm's **Hives**,
where it spawns new monsters, and Cities with small flags are where Allied reinforcements arrive
(§ Battleground).

The text has no map art. What the game uses instead, each entry the project's:
* **Cities** — the names of the set-up diagram (GIN-MF-01) at their real positions, plus the third
  Hive below (`map.yaml:cities`): {n_cities} Cities.
* **Roads** — {n_roads} roads along the interstates between them, every road westward meeting the
  Fence at a Fort (`map.yaml:roads`).
* **Forts and Formations** are the rulebook's (§ Fort Combat); their starting strengths are not:
  {fort_strengths} (`map.yaml:forts.Chicago.strength` and the other `strength` entries).
* **The Fence** — the {n_fence:w} Forts nearest the Mississippi, where the timeline built it:
  {fence_forts} (`map.yaml:forts.St Louis.fence` and the other `fence` entries; GIN-MF-04).
* **Hives** — the rulebook makes the westernmost Cities Hives; the westernmost Cities the diagram names
  are {named_hives}, so those are Hives (GIN-MF-05). There are {n_swarm_forms:w} Swarm Formations but
  only those two Cities west of the Fence, so the game adds a third Hive at {assumed_hives}
  (`map.yaml:hives.Shreveport`). The other reading, three Hives further west ({variant_hives}), is the
  variant `three_western_hives`.
* **Flag Cities** of the Allied nations (`map.yaml:flags`).

The map after Set-Up (seed 1), in the Explorer's colours. Sand-coloured Cities lie west of the
Fence, the pink squares on the red line are the Fence Forts, pale blue is the protected east;
squares are Forts, diamonds Hives; the purple (Swarm: its printed counters are white, which would
not show on a white page) and blue numbers count each side's counters in a City. Hover a City for its counters. (*Drawing note:* plotly's map of the
USA fetches its outline from a CDN, blank offline, so the map is drawn on plain axes: x = longitude,
y = latitude.)"""),
    code(DRAW_MAP + """


draw_map(first.state, "Ginormopod 2050 A.D. after Set-Up (seed 1)")"""),
    code("""# NBVAL_CHECK_OUTPUT
for city, fort in D.forts.items():
    print(f"Fort {city:<14} Formation {fort.formation}  strength {fort.strength}"
          f"{'  (Fusion Fence)' if fort.fence else ''}")
print("Hives:", ", ".join(f"{c} (Formation {f})" for c, f in D.hives.items()))
for nation, cities in D.flags.items():
    print(f"{nation} flags: {', '.join(cities)}")"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Set-Up

Set-Up, in the rulebook's order (§ Set-Up):

1. **Hives.** In each Hive City put {hive_units} of the Formation that matches the Hive.
2. **Humans.** Put the Human units where the set-up diagram shows. The diagram is not legible in the
   text (GIN-MF-06): the game's placements are the project's (`units.yaml:human_setup`).
3. **National Guard.** Roll {guard_rolls:w} times on the National Guard Table and place a Guard in the
   City each roll gives; if a City would get more than {guards_per_city:w} Guards, roll again. Guards
   go in with their diceless side up: nobody knows yet which are blank. The table is not in the text:
   the game rolls {guard_dice:w} dice on its own table (`tables.yaml:national_guard_table`), and of its
   {n_guards} Guard counters, {guards_armed} show a die symbol and {guards_blank} are blank
   (`units.yaml:guards`).
4. **Set aside** every other Human unit (the Allied Formations) for now.
5. **The cup.** Put these {cup_chits:w} chits in a cup: the {n_swarm_forms:w} Swarm Activation Chits,
   the Wasp and the Pill Bug; the {n_human_forms:w} Human Activation Chits, the Drone and the Laser
   Tower. The Action Phase ends on the {end_track_spaces:th} **...The End???** chit, yet Set-Up never
   puts any in the cup: the game adds {end_chits:w} (GIN-AMB-01; `chits.yaml:end_chits`); the variant
   `cup_without_end_chits` leaves them out, and the Action Phase then ends when the cup is empty.
6. **The Turn Track.** Tectonic Telekinesis and Nuclear wait on its Turn {danger_chit_turn} space; the
   Canadian Kingdom, French and Latin Coalition chits on its Turn {allied_turn} space.
7. **Markers.** The Game Turn marker goes on Turn {first_turn}; the Danger marker on the first space
   of the Danger Track.

The engine's Set-Up with seed 1, every step in the log (◆: the Hives' labels, the placements and
the Guard table are the project's):"""),
    code("""# NBVAL_CHECK_OUTPUT
show(first.log[:36])
print()
print("cup:", ", ".join(first.state.cup))
print("hidden Guards:", ", ".join(sorted({u.loc for u in first.state.units
                                          if u.type == "Guard" and u.pool == "map"})))"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Flow of Play

A turn has three phases, played in this order: **Fade In**, **Action**, **Fade Out** (§ Flow of
Play). The game lasts {last_turn} turns (§ Overview; the Time Tracker of the set-up diagram shows
only {tracker_labels} dates, so the game reads a {last_turn}-space track: GIN-AMB-18). The Fade In is
skipped on Turn {first_turn}; like the rulebook, this lesson teaches it after the Fade Out (§ Flow of
Play, § Fade In).

**The Action Phase** is where most of the game happens (§ Flow of Play). Draw one chit at random
from the cup and resolve it before drawing the next, until the {end_track_spaces:th} ...The End???
chit has been drawn:
* an **Activation Chit**: the units of its Formation are activated: all of them move, and only then
  are their battles fought (§ Flow of Play, § Movement);
* an **FX chit**: its owner may use that Special Effect this turn (§ Flow of Play, § FX);
* a **...The End???** chit: it goes on the Turn End Track, whose {end_track_spaces:w} spaces count
  them (§ Flow of Play; GIN-MF-07).

A drawn chit stays out of the cup until the Fade Out puts it back (§ Fade Out). So whether a
Formation acts at all this turn is luck: its chit may still be in the cup when the
last ...The End??? comes out — unless its owner held the chit over from the last turn (§ Fade Out,
§ Fade In). Here are the draws of Turn {first_turn} of a seeded game (both sides played by the
game's heuristic policy), only the chits and the Activations they start:"""),
    code("""# NBVAL_CHECK_OUTPUT
turn1 = [e for e in seeded.log if e.turn == 1 and e.phase in ("Fade In", "Action")]
show([e for e in turn1 if e.kind in ("turn", "phase", "chit") or e.message.startswith("Formation")
      or "skipped" in e.message])"""),
    T("""`seeded` is the whole game of seed 1, played to its end; the lesson comes back to it for the Fade Out, the
Fade In, the Time Tracker, the Allied reinforcements, FX and victory. The rows marked ◆ are the
...The End??? chits (the project's, GIN-AMB-01) and the Swarm's Formations (labels only)."""),
    # ------------------------------------------------------------------------------------------
    T("""## § Movement

**Moving.** The activated units move one at a time, each from City to adjacent City; every City
entered costs 1 MP (§ Movement). Each turn, Worms have {mp_Worm} MP, Infantry {mp_Infantry}, Spiders
{mp_Spider}, Tanks {mp_Tank} and Ants {mp_Ant} (§ Movement). The text gives National Guard no MP: in
this game they never move (`units.yaml:types.Guard.mp`).

**Entering an enemy City.** A unit that moves into a City occupied by the enemy stops there and moves
no more this turn (§ Movement). The game also stops a Swarm unit at every standing Fort, even one
with no Human unit left in it: a Fort's strength boxes count as Human units (§ Movement) and an
undestroyed Fort is always enemy to the Swarm (§ Combat).

**Stacking.** Up to {stack_limit} units of each side may occupy a City, and every box of strength a
Fort still has counts as one Human unit (§ Movement). The game lets a unit pass through a full City and
only forbids ending its move there (its reading of "occupy": the project's choice).

**Hidden National Guard.** When a Swarm unit enters a City holding unrevealed Guards, they are flipped
over. A Guard whose die symbol is blank is removed, and if no other Human unit or Guard is left there
the Swarm unit may go on moving (§ Movement). A revealed Guard that shows a die symbol stays, and the
game stops the Swarm unit there, as the City is still occupied by the enemy (GIN-AMB-19; the variant
`armed_guard_does_not_stop` lets it go on).

**The Fusion Fence** also hinders the Swarm (§ Movement); its rule has its own section below.
All movement of a Formation is finished before its battles are fought (§ Movement).

*Seen in play.* The standard Set-Up of seed 1 again, and the first chit drawn is Swarm Y (the draw is
a die roll over the cup, forced here). The Swarm player must say where each unit goes; the legal
answers the game offers are the rules at work:"""),
    code("""# NBVAL_CHECK_OUTPUT
game = start(seed=1)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Swarm Y")
play(game)"""),
    T("""Ant Y1 has {mp_Ant} MP, yet the only Cities it may end in are the two Fence Forts next to its
Hive (a standing Fort stops it) and the other Hive; nothing east of the Fence is offered. The same
answer, with the MP spent and the path, from `GAME.reach.movement_reach` (the explorer's **Reach**).
A Human Tank from Pittsburgh has no Fence to fear, yet New York City and Washington DC are not among
its destinations although it may drive through them: each already holds {nyc_stack} Human units,
its Fort's boxes included (§ Movement)."""),
    code("""# NBVAL_CHECK_OUTPUT
for unit in ("Ant Y1", "Tank A2"):
    reach = GAME.reach.movement_reach(game.state, unit)
    print(f"{unit} ({game.state.unit(unit).loc}) may end its move in:")
    for city, info in sorted(reach.items(), key=lambda kv: (kv[1].cost, kv[0])):
        print(f"   {info.cost} MP  {city:<13} via {' -> '.join(info.path)}")
state = game.state
print("New York City holds", state.stack("New York City", "Human"), "Human units for stacking:",
      len(state.at("New York City", "Human")), "Infantry and",
      state.fort_boxes("New York City"), "Fort boxes")"""),
    T("""*Hidden Guards, seen in play.* A position from later in a game: St Louis and Memphis are destroyed
(so the Fence is open there, see § Fusion Fence) and Ant Y1 stands in St Louis. We decide what the
hidden Guards are: both Guards in Frankfort blank, and in Knoxville one armed, the other blank. The Ant heads for
Knoxville through Frankfort; the game offers it Cities beyond the Guards, because hidden Guards may
turn out blank:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()  # the state is plain data: edit it, then play from it
destroy(position, "St Louis", "Memphis")
position = GAME.setup.move(position, "Ant Y1", "St Louis")
hidden_guards(position, "Frankfort", False, False)
hidden_guards(position, "Knoxville", True, False)
game = start(seed=3, scenario=position)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Swarm Y")
play(game, "Knoxville", until=lambda e: " -> " in e.message)"""),
    T("""*Its odds.* The game draws the Guard counters at random as it places them (the text says only that
they go in diceless side up), so before any is revealed every hidden Guard is as likely to be blank
as any other counter. The game's mix of blank and armed
Guards is the project's (`units.yaml:guards`); from it, the chance that a City's hidden Guards all
turn out blank, letting a Swarm unit move on:"""),
    code("""# NBVAL_CHECK_OUTPUT
total, blank = D.guards_armed + D.guards_blank, D.guards_blank
for k in range(1, D.guards_per_city + 1):
    p = Fraction(1)
    for i in range(k):
        p *= Fraction(blank - i, total - i)
    print(f"{k} hidden Guard(s) in a City, all blank: {p} = {float(p):.3f}")"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Combat

**Where and in which order.** In the Combat step of an Activation every battle is fought, one at a
time, in the order the acting player chooses; the units of the City being fought over may be put
aside and the City marked with the Combat Marker (§ Combat). The text does not say who takes part:
the game fights a battle in every City where activated units meet the enemy, and every unit of both
sides in that City fights, not only the activated ones (GIN-AMB-07; the variant
`only_activated_units_attack` lets only the activated Formation attack).

**Dice.** Both players roll for each of their units and count their Hits; then all Hits are applied at
once (§ Combat). Each unit rolls one die per die symbol on its counter, and a die hits when it shows at
least the symbol's number; FX may change that number (§ Combat). A **Fresh Tank** is special: it rolls
two dice and scores one Hit if one or both reach its number, two Hits if they are doubles that reach
it (§ Combat). A Reduced Tank rolls its Reduced side's symbols like any unit (GIN-AMB-15; the variant
`reduced_tank_doubles` gives it the doubles rule too).

**Hits.** For each Hit it suffers, a side flips one of its Fresh units or eliminates one of its
Reduced units — the owner chooses (§ Combat). National Guard have no Reduced side: a Hit eliminates a
Guard (§ Combat). Eliminated Human units leave the game. Eliminated Swarm units go on the Turn Track
{tracker_delay:w} spaces ahead of the current turn — eliminated on Turn 5, they go on the Turn
{tracker_example_back} space — and come back into their Hives then (§ Combat, § Fade Out, § Fade In);
from Turn {removed_from_turn} on they are removed from the game instead (§ Combat).

**Retreat.** The side that suffered more Hits must Retreat; on a tie the acting side retreats; and if
the side that suffered fewer Hits has no units left, nobody retreats (§ Combat).
* Acting units that retreat go back to the City they moved into the battle from (§ Combat).
* Non-acting units may not end their Retreat in an enemy City — a City holding only enemy units
  (§ Combat). How far they go and who chooses the City the text does not say: the owner retreats them
  one road, to a City of his choice, and so does an acting unit that fought without moving in
  (GIN-AMB-06; the variant `retreat_chosen_by_enemy` lets the winner choose).
* A City holding units of both sides is contested: units may retreat into it only if it was not an
  enemy City when the Activation began, and they take no part in any battle there during that
  Activation (§ Combat). Undestroyed Forts are always enemy to the Swarm (§ Combat).
* If a Retreat would put more than {stack_limit} friendly units in a City, units already there are
  displaced to another City (§ Combat).
* If the only way out is an enemy City, each retreating unit takes one more Hit and keeps retreating
  until it can stop in a City that is not enemy (§ Combat). A unit that can reach no City at all is
  eliminated (the project's assumption: the text is silent; its ◆ row says so).
* National Guard cannot retreat: a Guard that must retreat is eliminated (§ Combat).

*Seen in play.* Seed 1's Set-Up, and the first chit drawn is Human A. The Tanks in Pittsburgh
drive {mp_Tank} Cities west, through Chicago, into the Swarm's Hive at Des Moines. The dice are forced:
Tank A2 rolls doubles that reach its number (two Hits), Tank A3 misses, and the Swarm scores as many
Hits as the Tanks:"""),
    code("""# NBVAL_CHECK_OUTPUT
game = start(seed=1)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Human A")
play(game, *["stay"] * 6, "Des Moines", "Des Moines", until=lambda e: e.kind == "combat",
     quiet=True)
show(game.log[-5:])
play(game, faces=[4, 4, 3, 1] + [5, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1])"""),
    T("""The dice rolled in the order of the counters: the Tanks' pairs, then the Swarm's dice (the
Ants, the Spider, the Worm; their symbols are the project's, hence ◆). The Swarm now takes its
Hits, the Humans theirs; the tie sends the acting side — the Humans — back to Chicago, where the last
Tank to arrive would break the stacking limit:"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, "Ant Y1", "Ant Y1", "Tank A2", "Tank A3")"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, "Tank A1 -> Cincinnati", until=lambda e: e.kind == "chit")
print("Ant Y1 is", game.state.unit("Ant Y1").pool, "until Turn", game.state.unit("Ant Y1").track_turn)"""),
    T("""*The odds of that battle* (`GAME.odds.combat_odds`, the explorer's **Odds**: every roll enumerated,
exact fractions). The attacker is the acting side. A tie makes the attacker retreat, which is why
the Humans' Tanks so often go home:"""),
    code("""# NBVAL_CHECK_OUTPUT
odds = GAME.odds.combat_odds(["Tank", "Tank"], ["Ant", "Ant", "Spider", "Worm"], attacker_side="Human")
print(odds.to_string(index=False))"""),
    T("""*The Fresh Tank's dice, exactly.* A Fresh Tank scores two Hits only on doubles that reach its
number, one Hit on any other roll with a die reaching it; a Reduced Tank rolls its one symbol
(GIN-AMB-15). The numbers are the project's (`units.yaml:types.Tank.fresh`,
`units.yaml:types.Tank.reduced`); the rule is the rulebook's:"""),
    code("""# NBVAL_CHECK_OUTPUT
for tank in ("Tank", "Tank/r"):
    # a Tank against a Human unit is beyond the rules: asked only for the Tank's own dice
    hits = GAME.odds.combat_odds([tank], ["Infantry"], attacker_side="Human",
                                 allow_beyond_rules=True).attrs["hits"]
    pips = D.types["Tank"].fresh if tank == "Tank" else D.types["Tank"].reduced
    label = "Fresh Tank, two dice" if tank == "Tank" else "Reduced Tank"
    print(f"{label:<21} ({'/'.join(f'{p}+' for p in pips)}):",
          "  ".join(f"P({h} hits) = {p:.4f}" for h, p in zip(hits.hits, hits["P(defender suffers)"])))"""),
    T("""*Retreat into a City of the owner's choice, and a Guard that cannot retreat.* A position from later
in a game: Chicago and St Louis are destroyed (the Fence is open between them) and Swarm X stands in
Chicago; Cincinnati holds Infantry A1 and a Guard that is armed. Swarm X attacks Cincinnati; the
Guard is revealed as the Swarm enters, and the battle goes the Swarm's way:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()
destroy(position, "Chicago", "St Louis")
for unit in ("Ant X1", "Ant X2", "Spider X1"):
    position = GAME.setup.move(position, unit, "Chicago")
position = GAME.setup.move(position, "Infantry A1", "Cincinnati")
position = GAME.setup.move(position, "Tank A1", "Buffalo")
hidden_guards(position, "Cincinnati", True)
game = start(seed=4, scenario=position)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Swarm X")
play(game, "Cincinnati", "Cincinnati", "Cincinnati", "stay", until=lambda e: e.kind == "combat")"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, faces=[1, 1, 1] + [5, 1, 1, 1, 1, 1, 1])"""),
    T("""The Humans suffered more Hits: they must Retreat. The Human player puts the Hit on the Infantry,
then chooses where it retreats; the Guard cannot retreat:"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, "Infantry A1", "Pittsburgh", until=lambda e: e.kind == "chit")"""),
    T("""*The order of battles, and a Retreat into a contested City.* Seed 1's Set-Up; Swarm Y is drawn and
splits between Chicago and St Louis. The Swarm player picks the order of the battles.
At Chicago the Humans suffer more Hits and, though they could hold the Fort, choose to Retreat; the
Infantry retreats into St Louis, where the Swarm has just arrived — a contested City that was not
enemy to the Humans when the Activation began — and so sits out the St Louis battle (the Humans
there are counted without it):"""),
    code("""# NBVAL_CHECK_OUTPUT
game = start(seed=1)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Swarm Y")
play(game, "Chicago", "Chicago", "St Louis", "St Louis")"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, "Chicago", faces=[1, 1, 1, 1, 1, 1, 2] + [6, 1, 1, 1])
play(game, "Tank A1", "retreat", "St Louis", "Cincinnati", until=lambda e: e.kind == "combat")"""),
    T("""*Nowhere to go but the enemy.* A lone Ant holds the Hive at Shreveport; every road out of it
leads to a standing Fort, and standing Forts are enemy to the Swarm (§ Combat). Human C is drawn and
the Jackson garrison sorties into Shreveport. The Ant suffers the only Hit and must Retreat:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()
for unit in ("Ant Z2", "Spider Z1", "Worm Z1"):
    position = GAME.setup.remove(position, unit)
game = start(seed=9, scenario=position)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Human C")
play(game, "Shreveport", *["stay"] * 5, until=lambda e: e.kind == "combat", quiet=True)
show(game.log[-1:])
play(game, "remain", faces=[5, 1] + [1, 1], until=lambda e: e.kind == "chit")"""),
    T("""**Overrun.** If the acting side has at least {overrun_min_acting:w} units in a battle and the enemy
only {overrun_max_enemy:w}, nobody rolls: the enemy unit is eliminated, the acting units suffer no
Hits, and they may at once advance together one more City, whatever MP they have left — even into
another battle. A unit may make this advance only once per turn (§ Combat). Whether a Fort's boxes
count as enemy units here the text does not say; the game counts them, as for stacking, so a standing
Fort is never overrun (GIN-AMB-08; the variant `overrun_ignores_fort_boxes` does not count them).

*Seen in play.* A position from later in a game: the Fence is broken at Chicago and St Louis, Ant Y1
has reached Scranton and Spider Y1 Syracuse (the Guard there is gone). Human A is drawn: six of its
units converge on Scranton, then advance into Syracuse — a second Overrun, after which nobody may
advance again this turn:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()
destroy(position, "Chicago", "St Louis")
position = GAME.setup.move(position, "Ant Y1", "Scranton")
position = GAME.setup.move(position, "Spider Y1", "Syracuse")
position = GAME.setup.remove(position, position.at("Syracuse", "Human")[0].id)
game = start(seed=4, scenario=position)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Human A")
play(game, "stay", "stay", *["Scranton"] * 6, until=lambda e: e.kind == "combat", quiet=True)
play(game)"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, "Syracuse", until=lambda e: e.kind == "chit")"""),
    T("""*Its odds:* certain against {overrun_max_enemy:w} unit, impossible against a standing Fort's boxes — unless the
variant is on:"""),
    code("""# NBVAL_CHECK_OUTPUT
def p_overrun(attackers, defenders, **kw):
    frame = GAME.odds.combat_odds(attackers, defenders, **kw)
    return frame.set_index("measure").loc["P(overrun)", "exact"]


five = ["Ant", "Ant", "Spider", "Worm", "Ant"]
print("5 Swarm units vs 1 Guard in a City:              P(overrun) =", p_overrun(five, ["Guard"]))
print("5 Swarm units vs 1 Infantry in a strength-1 Fort: P(overrun) =",
      p_overrun(five, ["Infantry"], fort_strength=1))
print("  the same, variant overrun_ignores_fort_boxes:  P(overrun) =",
      p_overrun(five, ["Infantry"], fort_strength=1, variants=("overrun_ignores_fort_boxes",)))"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Fort Combat

**The Fort fights.** When the Swarm attacks a Fort, the Fort itself rolls as many dice as its current
strength, each hitting on {fort_pips}+ (§ Fort Combat). The Fort can take Hits, each costing a box of
strength, but only when no Human unit is left there to absorb them (§ Fort Combat). When it loses its
last box, its cube comes off the track and a Destroyed marker goes on it (§ Fort Combat).

**After a Fort battle.** A Swarm that must Retreat does; Humans that must Retreat may ignore it and
hold the Fort (§ Fort Combat). A Swarm that is not forced back may stay in the Fort's City and attack
again at a later Activation, and units of both sides may come and go there later, within the stacking
limit (§ Fort Combat). Who retreats also rests on readings: the Hits the Fort itself absorbed count in
the comparison (GIN-AMB-13; the variant `fort_hits_not_counted_for_retreat` leaves them out), and a
standing Fort whose units are all gone still counts as the Humans having something left, so a Swarm
that suffered more Hits retreats (the project's assumption, marked ◆ in the log).

**Fort Formations** (§ Fort Combat): {fort_formations}. The rulebook's list says New York and
Washington; the game reads them as the victory Cities New York City and Washington DC (GIN-AMB-12).

*Seen in play.* Seed 1's Set-Up, with one change: Tank C1 has moved from Nashville into the St Louis
Fort (it will matter below). Swarm Y is drawn and throws all four of its units at St Louis:"""),
    code("""# NBVAL_CHECK_OUTPUT
FORT = GAME.setup.move(start(seed=1).state, "Tank C1", "St Louis")


def st_louis_battle(quiet=True):
    game = start(seed=2, scenario=FORT)
    play(game, until=is_phase("Action"), quiet=True)
    draw(game, "Swarm Y")
    play(game, *["St Louis"] * 4, until=lambda e: e.kind == "combat", quiet=True)
    if not quiet:
        show(game.log[-1:])
    play(game, faces=[5, 2, 6, 1, 2, 3, 3, 5, 2] + [6, 1, 1, 1, 3, 1, 1, 2, 3, 1, 1], quiet=quiet)
    return game


game = st_louis_battle(quiet=False)"""),
    T("""The Humans rolled the Infantry's dice and the Fort's (one per box, hitting on {fort_pips}+), then
the Fresh Tanks' pairs; {fort_pips}+ is the rulebook's, the Fort's strength is the project's, hence ◆.
The Humans suffered more Hits than the Swarm, so they must Retreat — but this is a Fort:"""),
    code("""# NBVAL_CHECK_OUTPUT
play(game, "Ant Y1", "Ant Y2", "Spider Y1", "Infantry B1", "Tank B1", "Tank C1", "Infantry B1")
play(game, "ignore", until=lambda e: e.kind == "retreat")"""),
    T("""*The odds of that battle.* "P(defender retreats)" is the chance that the Humans **must** Retreat:
in a Fort they may ignore it (§ Fort Combat). The Fort's boxes absorb Hits last, so "P(defender wiped
out)" counts the Fort destroyed too:"""),
    code("""# NBVAL_CHECK_OUTPUT
fort_odds = GAME.odds.combat_odds(["Ant", "Ant", "Spider", "Worm"], ["Infantry", "Tank", "Tank"],
                                  fort_strength=D.forts["St Louis"].strength)
print(fort_odds.to_string(index=False))"""),
    T("""**Fort orders.** When a Fort's Formation is activated, or Human units inside the Fort are, a
standing Fort whose City holds Swarm units may take one of three orders (§ Fort Combat):
* **Full Attack** — an ordinary Fort battle;
* **Barrage** — the Fort alone rolls, and the Swarm cannot shoot back unless it plays the Wasp FX;
* **Withdrawal** — the Humans may pull some or all of their units out of the Fort; when it is the
  Fort's Formation that is activated, they may do so even if their own Formation is not.

The game asks for the order before the Formation moves. The project supplies what the text leaves
open: no Retreat
follows a Barrage (the Fort fires alone; its ◆ row says so), and in a Barrage only an FX that neither
adds dice or Hits nor needs the Swarm to fire back may be used (also marked ◆).

*Seen in play.* The battle above, then the next chit drawn is Human B: St Louis is a Formation B Fort
with the Swarm inside, so the Human player is asked for its order:"""),
    code("""# NBVAL_CHECK_OUTPUT
def at_fort_order():
    game = st_louis_battle()
    play(game, "Ant Y1", "Ant Y2", "Spider Y1", "Infantry B1", "Tank B1", "Tank C1", "Infantry B1",
         "ignore", until=lambda e: e.kind == "retreat", quiet=True)
    draw(game, "Human B")
    return game


play(at_fort_order())"""),
    T("""**Barrage:** only the Fort's {fort_pips}+ dice (one per box left), no fire back; the Human player's
other answers keep its units where they are:"""),
    code("""# NBVAL_CHECK_OUTPUT
game = at_fort_order()
play(game, "Barrage", "stay", "stay", "stay", faces=[5, 6, 1])
play(game, "Worm Y1", "Ant Y1", until=lambda e: e.kind == "chit")"""),
    T("""*A Barrage's odds:* the Fort's dice alone, one per box left, each hitting on {fort_pips}+ (the
strength is the project's, `map.yaml:forts.St Louis.strength`):"""),
    code("""# NBVAL_CHECK_OUTPUT
barrage = GAME.odds.combat_odds(["Ant", "Ant", "Spider", "Worm"], [], barrage=True,
                                fort_strength=D.forts["St Louis"].strength).attrs["hits"]
print("  ".join(f"P({h} hits on the Swarm) = {p:.4f}"
                for h, p in zip(barrage.hits, barrage["P(attacker suffers)"])))"""),
    T("""**Withdrawal:** Tank B1 and Tank C1 may leave — Tank C1 belongs to Formation C, which is not
activated. Tank C1 pulls back to Nashville:"""),
    code("""# NBVAL_CHECK_OUTPUT
game = at_fort_order()
play(game, "Withdrawal", "stay", "stay", "stay", "Nashville", until=lambda e: e.kind == "chit")"""),
    T("""**Full Attack:** the Humans are the acting side now; the Fort rolls with them and the Swarm fires
back. The Swarm suffers more Hits, so it retreats one road (the Fence and the standing Forts leave it
only Des Moines):"""),
    code("""# NBVAL_CHECK_OUTPUT
game = at_fort_order()
play(game, "Full Attack", "stay", "stay", "stay", until=lambda e: e.kind == "combat")
play(game, "Worm Y1", "Ant Y1", "Tank B1", faces=[6, 5, 1, 4, 4] + [1, 6, 1, 1, 1, 1, 1, 1],
     until=lambda e: e.kind == "chit")"""),
    T("""**Sortie.** If no Swarm unit is inside a standing Fort, its Human units may sortie against Swarm
units in an adjacent City. It is fought as an ordinary battle, and if the Humans win they choose to
stay in the City they attacked or go back into the Fort (§ Fort Combat). The text does not define
winning: the game says the Humans win when the Swarm must Retreat or has no unit left (GIN-AMB-17; the
variant `sortie_won_only_by_wiping_out` needs every Swarm unit gone).

*Seen in play.* Seed 1's Set-Up, with the Ants of Des Moines gone elsewhere and its Spider
Reduced. Human A is drawn and Chicago's garrison sorties into Des Moines:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()
position = GAME.setup.remove(GAME.setup.remove(position, "Ant Y1"), "Ant Y2")
position = GAME.setup.flip(position, "Spider Y1")
game = start(seed=5, scenario=position)
play(game, until=is_phase("Action"), quiet=True)
draw(game, "Human A")
play(game, "Des Moines", "Des Moines", *["stay"] * 6, until=lambda e: e.kind == "combat",
     quiet=True)
play(game, "Spider Y1", "return to Chicago", faces=[5, 6, 2, 2] + [1] * 6,
     until=lambda e: e.kind == "chit")"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Fade Out

The last phase of every turn; its steps, in order (§ Fade Out):

1. **Hold a chit.** If any Formation was activated this turn, each player may keep one of his own
   Activation Chits that was not activated, for the start of the next turn; every other chit goes back
   into the cup (§ Fade Out). If no Formation was activated, nobody holds a chit (GIN-AMB-10, read
   literally; the variant `hold_without_activation` allows it anyway).
2. **Roll For Danger** (see § Danger below).
3. **Check For Victory** (see § Victory below).
4. **Advance the Game Turn marker.** Swarm units on the new turn's space of the track are handed to
   the Swarm player for the next Fade In, and when the marker reaches Turn {allied_turn} the Allied
   Reinforcement chits go into the cup (§ Fade Out). No rule says when the chits waiting on Turn
   {danger_chit_turn} (Tectonic Telekinesis and Nuclear) enter the cup: the game treats them like the
   Turn {allied_turn} chits, when the marker reaches their turn (GIN-AMB-02; the variant
   `danger_chits_from_start` has them in the cup from the start).

The Fade Out of Turn {first_turn} and of the next turn of the seeded game: on Turn {first_turn} all
{n_swarm_forms:w} Activation Chits of each side had been drawn, so there was nothing to hold; on the
next turn each side holds one, and Ant Y1, eliminated on Turn {first_turn}, is handed back:"""),
    code("""# NBVAL_CHECK_OUTPUT
show([e for e in seeded.log if e.phase == "Fade Out" and e.index < 185])"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Fade In

Every turn except the first begins with the Fade In; its steps, in order (§ Fade In):

1. Swarm units handed back from the Time Tracker are placed in Hives of their own Formation that the
   enemy does not occupy, within the stacking limit; a unit that cannot be placed goes on the next
   turn's space of the track (§ Fade In).
2. If the Swarm player holds an Activation Chit, that Formation activates now (§ Fade In).
3. Then, if the Human player holds one, that Formation activates (§ Fade In).

Then the Action Phase begins (§ Fade In). The held chit does not go back into the cup after its
Activation, so that Formation acts only once that turn (GIN-AMB-09; the variant
`held_chit_returns_to_cup` returns it and it may be drawn again).

The Fade In of the seeded game's Turn 3 (the units' movement answers left out):"""),
    code("""# NBVAL_CHECK_OUTPUT
show([e for e in seeded.log if e.turn == 3 and e.phase == "Fade In" and e.kind != "decision"])"""),
    T("""**The Time Tracker, start to end.** Ant Y1's story in the seeded game: eliminated on
Turn {first_turn}, placed {tracker_delay:w} turns ahead, handed back when the marker reaches that turn,
and back in its Hive at the next Fade In (§ Combat, § Fade Out, § Fade In). From Turn
{removed_from_turn} on an eliminated Swarm unit is gone for good (§ Combat):"""),
    code("""# NBVAL_CHECK_OUTPUT
show([e for e in seeded.log if "Ant Y1" in e.message and e.kind != "decision"
      and (e.turn <= 3 or "removed" in e.message)])"""),
    T("""A returning unit whose Hive is occupied by the enemy waits one more turn (§ Fade In). A position:
Turn 3's Fade In, Ant Y1 is due back, and a Human Tank sits in Des Moines:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()
at_turn(position, "Fade In", 3)
ant = position.unit("Ant Y1")
ant.pool, ant.loc = "returning", ""
for unit in ("Ant Y2", "Spider Y1", "Worm Y1"):
    position = GAME.setup.move(position, unit, "Minneapolis" if unit != "Ant Y2" else "St Louis")
position = GAME.setup.move(position, "Tank A1", "Des Moines")
game = start(seed=6, scenario=position)
play(game, until=is_phase("Action"))
print("Ant Y1:", game.state.unit("Ant Y1").pool, "for Turn", game.state.unit("Ant Y1").track_turn)"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Fusion Fence

Swarm units cannot move east of the Fusion Fence while it stands (§ Fusion Fence). Destroying two
adjacent Forts switches off that part of the Fence: the Swarm may then move east through the hole,
along the roads that leave the destroyed Forts (§ Fusion Fence). This is the Swarm's road to victory:
all {n_victory:w} victory Cities lie east of the Fence in this game (`map.yaml:cities`, its zones).

Which Forts form the Fence is the project's ({fence_forts}: `map.yaml:forts.Chicago.fence` and the
other `fence` entries). What *adjacent* means the text does not say: the game takes two Fence Forts
joined by a road (GIN-AMB-14). The game applies the Fence to every Swarm move, Retreats and Overrun
advances included (its reading of "move").

*Seen in play.* Ant Y1 in St Louis, in three positions: St Louis destroyed alone; St Louis and Jackson
destroyed (no road joins them); St Louis and Memphis destroyed (a road joins them):"""),
    code("""# NBVAL_CHECK_OUTPUT
def ant_reach(*destroyed):
    position = start(seed=1).state.copy()
    destroy(position, *destroyed)
    position = GAME.setup.move(position, "Ant Y1", "St Louis")
    return position, GAME.reach.movement_reach(position, "Ant Y1")


for destroyed in (["St Louis"], ["St Louis", "Jackson"], ["St Louis", "Memphis"]):
    position, reach = ant_reach(*destroyed)
    east = sorted(c for c in reach if D.cities[c].zone == "east")
    print(f"destroyed {' and '.join(destroyed):<22} Cities east of the Fence in reach:",
          ", ".join(east) or "none")"""),
    code("""position, reach = ant_reach("St Louis", "Memphis")
draw_map(position, "The hole at St Louis and Memphis: where Ant Y1 may end its move (MP spent)",
         reach=reach)"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Allied Reinforcements

On Turn {allied_turn} the {n_allied:w} foreign Activation Chits go into the cup (§ Allied
Reinforcements, § Fade Out). The first of them drawn is the nation that comes to the rescue; the
other {n_allied_other:w} are removed from the game when they are drawn (§ Allied Reinforcements). In
the Fade Out of the turn it was drawn, the rescuer's Activation Chit goes back into the cup with that
nation's FX chit, and its units are placed in Cities bearing its flag, within the stacking limit and
never in a City the Swarm occupies (§ Allied Reinforcements). Drawing the chit activates nobody: its
units are not on the map yet (GIN-AMB-16; the variant `allied_chit_activates_on_draw` activates the
Formation on the draw). The text places this in no step of the Fade Out; the game does it right after
the chits step.

The flag Cities ({flags}) and each nation's units ({allied_units}) are the project's
(`map.yaml:flags`, `units.yaml:allied_units`); an Allied unit that finds no such City stays off the
map (the project's assumption, marked ◆). In the seeded game:"""),
    code("""# NBVAL_CHECK_OUTPUT
show([e for e in seeded.log if e.rule.endswith("Allied Reinforcements")
      or "Allied Reinforcement" in e.message])"""),
    # ------------------------------------------------------------------------------------------
    T("""## § FX

A drawn FX chit is handed to its owner, who may use it during that turn (§ FX). Each FX may be used
once per turn, and in any one battle each side may use at most one FX (§ FX). The rulebook describes
no FX's effect: every effect below is the project's (`chits.yaml:fx.Wasp.effect`,
`chits.yaml:fx.Laser Tower.effect` and the other `effect` entries), except the Wasp's power to fire
back in a Barrage, which § Fort Combat gives. Who owns Tectonic Telekinesis and Nuclear is read,
not stated: the Swarm and the Humans (GIN-AMB-03); the variant `nuclear_is_not_nukes` makes Nuclear
a different chit from the "Nukes" of § Danger, so that it never moves the Danger marker."""),
    code("""# NBVAL_CHECK_OUTPUT
cprov = D.sources["chits"].provenance_of
for name, fx in D.fx.items():
    where = {"cup": "in the cup from Set-Up", "turn": f"cup from Turn {D.danger_chit_turn}",
             "allied": "with its nation"}[fx.start]
    effects = ", ".join(f"{k}={v}" for k, v in fx.effect.items())
    print(f"{name:<21} {fx.side:<6} {where:<23} {'endangers the planet' if fx.danger else '':<21}"
          f"{effects}")"""),
    T("""In the seeded game, Turn {first_turn}: the Humans draw the Laser Tower and use it at Chicago
(both rows ◆: its effect is the project's):"""),
    code("""# NBVAL_CHECK_OUTPUT
show([e for e in seeded.log if e.turn == 1 and ("Laser Tower" in e.message)])"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Danger

Using Tectonic Telekinesis or Nukes advances the Danger marker: flip it to the side showing that FX
and move it {danger_advance:w} space right (§ Danger). In the Fade Out, if the marker stands on a space
with die symbols, the player whose FX shows on it must Roll For Danger: {danger_dice:w} dice, and if
they add up to at least the die symbols, that player has wrecked the planet and loses on the spot
(§ Danger). The roll comes before the Check For Victory, so a player can lose even though he
has just met his victory condition (§ Danger).

The Danger Track is not in the text: the game's has {danger_spaces} spaces, the first blank, the
others showing the symbols {danger_symbols} (`tables.yaml:danger_track`). Adding the dice against the
symbols' total is a reading (GIN-AMB-04; the variant `danger_each_die` makes each die beat its own
symbol), and only the player whose FX shows rolls, even if both have used one (GIN-AMB-05; the variant
`danger_both_roll` makes both roll).

*Seen in play.* Seed 11, played by the heuristic policies: the Swarm quakes the ground at Buffalo
on Turn 5, and rolls for Danger in every Fade Out after that:"""),
    code("""# NBVAL_CHECK_OUTPUT
quake = GAME.new_game(seed=11)
quake.run_to_end()
show([e for e in quake.log if e.rule.endswith("Danger") and e.turn >= 5
      or "Tectonic Telekinesis at" in e.message])
print("result:", quake.state.result, "wins,", quake.state.end_reason)"""),
    T("""*Before the victory check.* A position: Turn 5's Fade Out, the Swarm has destroyed New York City
and Washington DC — enough to win — but its Tectonic Telekinesis shows on the second space of the
Danger Track. With a forced roll of double six the Swarm destroys the Earth and loses; with a lower
roll the Earth survives and the Swarm wins at the victory check:"""),
    code("""# NBVAL_CHECK_OUTPUT
position = start(seed=1).state.copy()
at_turn(position, "Fade Out", 5)
destroy(position, "New York City", "Washington DC")
position.danger, position.danger_side, position.danger_users = 1, "Swarm", ["Swarm"]
for faces in ([6, 6], [6, 5]):
    game = start(seed=7, scenario=position)
    play(game, faces=faces)
    print("->", game.state.result, "wins:", game.state.end_reason)"""),
    T("""*Its odds.* The chance that a Roll For Danger ends the world, exactly, on each space of the
game's track, in the default reading and in the variant `danger_each_die`:"""),
    code("""# NBVAL_CHECK_OUTPUT
two_dice = SumDice(D.danger_dice).dist()
faces = [(a, b) for a in range(1, 7) for b in range(1, 7)]
for space, symbols in enumerate(D.sources["tables"].tree["danger_track"]["symbols"]):
    if not symbols:
        print(f"space {space + 1}: no die symbols, no roll")
        continue
    each = Fraction(sum(all(d >= s for d, s in zip(sorted(f, reverse=True), sorted(symbols, reverse=True)))
                        for f in faces), len(faces))
    p = two_dice.at_least(sum(symbols))
    print(f"space {space + 1}: symbols {symbols}  P(sum >= {sum(symbols)}) = {str(p):>5}"
          f"   each die (variant) = {str(each):>5}")"""),
    # ------------------------------------------------------------------------------------------
    T("""## § Victory

In the Check For Victory step of every Fade Out, the Swarm wins if it has destroyed at least
{victory_needed:w} of {victory_cities} (§ Victory). If it has not done so by the end of the last turn,
Turn {last_turn}, the Humans win: their anti-mutagen is ready (§ Victory). § Overview says the Swarm
must succeed "before the end of the tenth turn"; the game checks only in that Fade Out step, never in
the middle of a turn (GIN-AMB-11; the variant `sudden_victory` ends the game the moment the second
City falls). All {n_victory:w} victory Cities are Forts, so destroying one means destroying its Fort
(GIN-MF-03).

Seed 29, where the Swarm breaks through and wins, and this lesson's seeded game (seed 1), where the
Humans hold out:"""),
    code("""# NBVAL_CHECK_OUTPUT
swarm_win = GAME.new_game(seed=29)
swarm_win.run_to_end()
show([e for e in swarm_win.log if "Destroyed marker" in e.message or e.kind == "result"])
print()
show([e for e in seeded.log if e.rule.endswith("Victory") and e.turn == seeded.state.turn])"""),
    # ------------------------------------------------------------------------------------------
    T("""## How to play: the sequence of play on one page

**Set-Up** (§ Set-Up)
- [ ] {hive_units} in each Hive; the Human units as the set-up diagram shows.
- [ ] {guard_rolls} National Guard rolls: at most {guards_per_city} Guards a City, diceless side up.
- [ ] The other Human units aside. The cup: {cup_chits} chits, plus {end_chits} ...The End???
  (GIN-AMB-01).
- [ ] Tectonic Telekinesis and Nuclear on Turn {danger_chit_turn} of the Turn Track, the three Allied
  chits on Turn {allied_turn}; the Game Turn marker on Turn {first_turn}, the Danger marker on the
  first space of its track.

**Every turn, from Turn {first_turn} to Turn {last_turn}** (§ Flow of Play)

**Fade In** — not on Turn {first_turn} (§ Fade In)
- [ ] Swarm units handed back from the Time Tracker go to Hives of their Formation free of the enemy
  (no room: the next turn's space).
- [ ] The Swarm's held chit: that Formation activates. Then the Humans' held chit.

**Action** — draw chits one at a time until the {end_track_spaces:th} ...The End??? (§ Flow of Play)
- [ ] **Activation Chit** → its Formation activates:
  - a Human Formation's standing Forts with Swarm inside (and Forts holding its units) may order a
    Full Attack, a Barrage or a Withdrawal (§ Fort Combat);
  - **Movement**, one unit at a time, 1 MP a City: Worm {mp_Worm}, Infantry {mp_Infantry}, Spider
    {mp_Spider}, Tank {mp_Tank}, Ant {mp_Ant}; stop on entering an enemy City; at most {stack_limit}
    of a side in a City, Fort boxes counted; the Swarm reveals Guards and obeys the Fence
    (§ Movement, § Fusion Fence);
  - **Combat** wherever it meets the enemy, in the acting player's order: at least
    {overrun_min_acting} against {overrun_max_enemy} is an Overrun; otherwise at most one FX a side,
    all dice, all Hits at once, a Fort's boxes last; more Hits (the acting side on a tie) → Retreat;
    Humans in a Fort may ignore it; a won Sortie may go back into its Fort (§ Combat, § Fort Combat).
- [ ] **FX chit** → its owner may use it this turn, once (§ FX).
- [ ] **...The End???** → the Turn End Track.
- [ ] **Allied chit** (from Turn {allied_turn}): the first one drawn will come; the others are
  removed (§ Allied Reinforcements).

**Fade Out** (§ Fade Out)
- [ ] If any Formation was activated, each side may hold one of its unactivated Activation Chits;
  every other chit back into the cup. A rescuing nation arrives: its chit and its FX into the cup,
  its units on its flag Cities (§ Allied Reinforcements).
- [ ] Roll For Danger, if the marker stands on a space with symbols: the player whose FX shows rolls
  {danger_dice} dice; reaching the symbols wrecks the planet and loses (§ Danger).
- [ ] Check For Victory: {victory_needed} of {victory_cities} destroyed → the Swarm wins; the end of
  Turn {last_turn} → the Humans win (§ Victory).
- [ ] Advance the Game Turn marker: Swarm units on the new turn's space go to the Swarm player; on
  Turn {danger_chit_turn} Tectonic Telekinesis and Nuclear enter the cup (GIN-AMB-02), on Turn
  {allied_turn} the Allied chits.

**Losses** (§ Combat): eliminated Swarm units go {tracker_delay} turns ahead on the Time Tracker
(from Turn {removed_from_turn} on, out of the game); eliminated Human units leave the game."""),
    T("""## What next

* Play a whole game in the explorer near the top: set one side to *person*, step with **Next step**,
  and answer that side's decisions yourself; the log cites a section for every event.
* See what the project filled in: `docs/assumptions.md` lists every assumed value with its reason,
  and `GAME.provenance_report()` gives the same as a table. If you own the physical game, correct a
  value in `rules_lib/games/ginormopod/data/` and the ◆ marks that rest on it go away.
* Try the other readings: every variant above changes one rule; the designer notebook
  `05_designer_playtesting.ipynb` measures what such a change does to the balance.
* To learn by predicting, switch on **? Quiz me** in the stepper (also the explorer's Play
  tab): it stops before each event of the kinds you tick, asks what happens next with the
  engine's own alternatives as buttons, then shows the rule that decided it."""),
    code("""# Test yourself: what happens next? Questions from seeded games, the engine's own
# alternatives as buttons; each answer says what the engine did and which rule decided it.
from widgets.teaching import QuizPanel

QuizPanel("ginormopod", seed=0, n=5)"""),
    # ------------------------------------------------------------------------------------------
    T("""## After the lesson: odds studies and designer material

Nothing below is a rule: these are studies of the game as modelled, with the project's counter values
and the heuristic players.

**The Fresh Tank's doubles rule against two ordinary dice.** A Fresh Tank rolls two dice but scores
two Hits only on doubles in range (§ Combat); two ordinary dice of the same number would score two
Hits more often:"""),
    code("""from rules_lib.core.dice import HitDie, HitPool

pips = D.types["Tank"].fresh[0]
# (a Tank against a Human unit is beyond the rules: asked only for the Tank's own dice)
tank = GAME.odds.combat_odds(["Tank"], ["Infantry"], attacker_side="Human",
                             allow_beyond_rules=True).attrs["hits"]
plain = HitPool((HitDie(pips), HitDie(pips))).dist()
pd.DataFrame({"Fresh Tank (doubles rule)": tank["P(defender suffers)"].round(4).tolist(),
              f"two plain {pips}+ dice": [round(float(plain.p(h)), 4) for h in range(3)]},
             index=pd.Index(range(3), name="hits"))"""),
    T("""**What an FX does to the St Louis battle of § Fort Combat** (every effect is the project's;
`chits.yaml:fx.Wasp.effect` and the others):"""),
    code("""rows = []
for swarm_fx in ["", "Wasp", "Pill Bug", "Tectonic Telekinesis"]:
    for human_fx in ["", "Laser Tower", "Drone"]:
        frame = GAME.odds.combat_odds(["Ant", "Ant", "Spider", "Worm"], ["Infantry", "Tank", "Tank"],
                                      fort_strength=3, attacker_fx=swarm_fx, defender_fx=human_fx)
        m = frame.set_index("measure")["value"]
        rows.append({"Swarm FX": swarm_fx or "-", "Human FX": human_fx or "-",
                     "P(Swarm retreats)": m["P(attacker retreats)"],
                     "P(Humans must retreat)": m["P(defender retreats)"],
                     "P(St Louis wiped out)": m["P(defender wiped out)"]})
pd.DataFrame(rows).round(3)"""),
    code("""hits = fort_odds.attrs["hits"]
go.Figure([go.Bar(x=hits.hits, y=hits["P(attacker suffers)"], name="Hits the Swarm suffers",
                  marker_color=SIDE_COLOURS["Swarm"]),
           go.Bar(x=hits.hits, y=hits["P(defender suffers)"], name="Hits the Humans suffer",
                  marker_color=SIDE_COLOURS["Human"])],
          layout=go.Layout(title="Swarm Y attacks St Louis (Infantry, two Tanks, Fort): exact hits",
                           barmode="group", xaxis_title="hits", yaxis_title="probability",
                           height=380))"""),
    T("""**Who wins, and how, with the heuristic players** (100 seeded games; the heuristics are simple
rules of thumb, so these rates describe them, not the game's balance):"""),
    code("""N_GAMES = 100
games = []
for seed in range(1, N_GAMES + 1):
    g = GAME.new_game(seed=seed, keep_log=False)
    g.run_to_end()
    games.append(GAME.summary(g.state))
games = pd.DataFrame(games)
games.groupby(["outcome", "reason"]).size().rename("games").reset_index()"""),
    T("""### Who is winning, and which choice is best (analysis, not a rule)

From any moment of a game, the analysis library plays seeded continuations to the end. Here the
game pauses at a real decision (a Retreat found in seeded games) and every option is played on
the same seeds, ranked by the deciding player's win rate with its interval; an option counts as
*worse than the best* only when the paired interval of the difference lies wholly below it. The
continuations are played by the game's own policies, so the ranking describes these players, and a
small batch may leave the options unseparated: the table then says how many games would separate
them."""),
    code("""from rules_lib.analysis import compare_options, position_at

turning_point = position_at("ginormopod", "retreat", seed=1)
print(turning_point.pending.player, "decides:", turning_point.pending.prompt)
choice = compare_options(turning_point, 60, seed=1)
print("best:", choice.best.option, "| better than every other option beyond doubt:",
      choice.best_is_separated)
choice.to_frame().round(3)"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

"""Write notebooks/02_space_vermin.ipynb: a lesson that teaches Space Vermin From Beyond! whole.

The lesson follows the rulebook's order (components, set-up, the sequence of play phase by phase,
movement, combat, special rules, terrain, scenarios and victory) and shows every rule running
through the rules library at the point it is taught. Odds studies and designer material come after
the lesson. The numbers the prose states are read from the game's data here (``GAME.data()``), so
the text cannot drift from the game; ``tests/notebooks/test_02_prose.py`` checks the rest.

The notebook is executed (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs ``pytest --nbval-lax`` compares, and no
Plotly bundle or widget state is stored. Run from the repository root:
``PYTHONPATH=. python tools/make_notebook_02.py``.
"""
from __future__ import annotations

from fractions import Fraction

from notebook_tools import ROOT, code, md, write_notebook

from rules_lib.registry import get_game

TARGET = ROOT / "notebooks" / "02_space_vermin.ipynb"

# -- the game's data: every number the prose states comes from here -------------------------------
GAME = get_game("space_vermin")
D = GAME.data()
T = D.tables
SC = D.sources["scenarios"].tree
FJ, GM, CA = SC["family_jewels"], SC["great_migration"], SC["campaign"]
ALPHA, BETA = D.maps["alpha"], D.maps["beta"]
M, V = D.marines, D.vermites
TR0 = D.terrain
LESSON_SEED = 39  # the lesson's Family Jewels game (commander): nearly every rule shows up in it
WIN_SEED = 1  # a Family Jewels game the commander wins at once (four Jewels off the map)
MIGRATION_SEED = 49  # the lesson's Great Migration game
CAMPAIGN_SEED = 40  # the lesson's Campaign


def upto(n: int) -> str:
    """'1–4' (a roll of 1 up to n)."""
    return f"1–{n}" if n > 1 else "1"


def band(rows: list[dict], low: int = 1) -> list[tuple[str, str]]:
    """[(die range, result)] of a banded table (rows: at_most, result), 'or less' for the first."""
    out, lo = [], low
    for i, row in enumerate(rows):
        hi = row["at_most"]
        text = f"{hi} or less" if i == 0 else (f"{lo}" if lo == hi else f"{lo}–{hi}")
        out.append((text, row["result"]))
        lo = hi + 1
    return out


def plain_band(rows: list[dict]) -> str:
    """'1–3 on target, 4–5 drift, 6 delayed' for a die that cannot be modified."""
    out, lo = [], 1
    for row in rows:
        hi = row["at_most"]
        out.append((f"{lo}" if lo == hi else f"{lo}–{hi}", row["result"]))
        lo = hi + 1
    return out


def levels_text(levels: list[dict]) -> str:
    """'Decisive 40 or more, Major 35–39, …, Loss under 25' from a VP table (best level first)."""
    out, above = [], None
    for row in levels:
        lo = row["at_least"]
        if above is None:
            out.append(f"{row['level']} {lo} or more")
        elif lo < -100:
            out.append(f"{row['level']} under {above}")
        else:
            out.append(f"{row['level']} {lo}–{above - 1}")
        above = lo
    return ", ".join(out)


def half(x) -> str:
    """An MP cost as printed: '½' for one half, the number otherwise."""
    return "½" if x == Fraction(1, 2) else str(x)


def sgn(n: int) -> str:
    """A modifier as printed: '+1', '−1' (a true minus sign)."""
    return f"+{n}" if n > 0 else f"−{-n}"


STD = {r["result"]: r["hits"] for r in T["damage"]["standard"]}
STEP, ELIM = STD["step"], STD["eliminate"]
MF, VA = T["marine_fire"], T["vermite_attack"]
NAT = T["nat"]
N_CHITS = len(D.event_chits)
N_EXTRA = sum(1 for c in D.event_chits if c.effect_kind == "extra_draw")
JB = D.jewel_bonus
HQN = FJ["high_queen_nest"]
FJ_MARINES = FJ["marines"]
GM_MARINES = GM["marines"]
RV_TURNS = FJ["recovery_vehicles"]
NAMED_CHITS = [c.name for i, c in enumerate(D.event_chits)  # the chits the text names
               if D.sources["chits"].provenance_of(f"event_chits[{i}].name").kind == "rulebook"]

CELLS = []

# ==================================================================================================
# 0. Introduction
# ==================================================================================================
CELLS += [
    md("""# Space Vermin From Beyond! — a lesson: learn to set up and play

*Space Vermin From Beyond!* is a solitaire game (*§A*). You command the Marines of the 124th
Galactic Marine Raider Battalion on the planet Beyond III; the alien Vermites — Drones, Soldiers,
Ultra-Mites and their Queens — are played by a fixed procedure of Event Chits and dice that you
carry out for them (*§D*, *§E*). A two-player option hands the Vermites to a second player (*§O*).
The game has two battles and a campaign (*§Q*): in **The Family Jewels** (*§Q-1*, Mapzone Alpha)
the Marines carry the Queens' Crown Jewels off the map; in **The Great Migration** (*§Q-2*,
Mapzone Beta) they stop the Vermite swarm crossing to the east; **The Campaign Game** (*§Q-3*)
plays one after the other.

This notebook teaches the whole game **in the rulebook's order**: the components and the set-up
(*§B*, *§C-1*), the sequence of play phase by phase (*§C-2*, *§D* to *§M*), victory (*§N*), the
two-player option (*§O*), terrain (*§P*) and the three scenarios (*§Q*). It ends with a one-page
**How to play** checklist. Odds studies and designer material come after the lesson, under their
own heading.

**How to read it.** *§* references are the rulebook's sections (read them alongside). Every rule
is shown running in the rules library (`rules_lib`, reached through
`get_game("space_vermin")`): either a moment of a seeded game or a position set up by hand and
played through the engine with the dice the rulebook's examples state. Nothing here is drawn by
hand: change the game and this notebook changes with it."""),
    md("""## Before you start: what is rulebook and what the project filled in

The rulebook refers to things it does not contain: the map art, the values printed on the
counters, the Vermite Event Chit Card and the Secret Weapon Description Chart. The project supplies
them as **data** (`rules_lib/games/space_vermin/data/*.yaml`); every value the text does not give
is marked there `assumed: <why>` (the list: `docs/assumptions.md`, or `GAME.provenance_report()`).
In this notebook an assumed value is named in the sentence that uses it, by its **data path**:
`counters:marines.squad.full.ma` is the entry `marines.squad.full.ma` of `data/counters.yaml`
(the same key changes it for a what-if: `GAME.new_game(..., data_overrides={"counters:marines.squad.full.ma": 5})`).

Where the text is unclear or contradicts itself the catalogue of rules names the problem
(`SV-AMB-01` … `SV-AMB-22`); the game plays a **default reading**, cited in the sentence that
teaches it, and the other reading is a **rule variant** you can switch on:
`GAME.new_game("family_jewels", seed=1, variants=["rally_only_next_to_vermites"])`. The table below
lists them all.

**The log.** Every event the game logs names the rule it applies. An event whose content the
project filled in (an assumed value, a default reading, an invented effect) carries the reason in
`event.assumed`; in the table `game.log_frame()` it is the column `assumed`, and the stepper widget
and the printed excerpts below mark such rows with **◆** (`show(..., why=True)` prints the reason
under the row). A row without ◆ is the rulebook's own content.

Printed excerpts show one log row per line: its number in the game's log, ◆ if the content is
the project's, the message, and the rule in brackets; `·` instead of a number marks an action
driven on its own, outside a game (below).

**The Marines' player.** In the seeded games of this lesson the Marines are played by the policy
`commander` (the stronger of the game's two Marine commanders; the other, `heuristic`, is quicker
and simpler). You can play them yourself: pick `person` for the Marines in the stepper below."""),
    md("""The helpers every later cell uses: `show` prints log rows; `position` sets up a table by
hand, as the plain data of a saved game; `play` plays such a table through the engine for one
Game Turn with forced dice (`game.dice.force`); `act` drives one Marine's action (*§I*) with
`rules_lib.core.engine.drive`, the rolls and answers given; `options` lists what an action lets
the player choose; `draw_map` draws a Mapzone."""),
    code('''import pandas as pd
import plotly.graph_objects as go
from fractions import Fraction
from IPython.display import display

from rules_lib.core.dice import ScriptedDice, SeededDice
from rules_lib.core.engine import Context, Decision, drive
from rules_lib.registry import get_game

# Two internal modules of the game, for what the contract has no entry for: one Marine's action
# driven by hand (§I), and the exact odds of the game's non-combat tables.
from rules_lib.games.space_vermin import odds as sv_odds
from rules_lib.games.space_vermin.actions import marine_action

GAME = get_game("space_vermin")
DATA = GAME.data()
pd.set_option("display.max_colwidth", 110)
pd.set_option("display.width", 160)
END = "End the Marine Action Phase"
EXTRA_DRAW = [c.name for c in DATA.event_chits if c.effect_kind == "extra_draw"]  # B.U.R.P., B.E.L.C.H.


def show(events, why=False):
    """Print log rows: number, ◆ if the project filled the content in, message, [rule]."""
    for e in events:
        num = f"{e.index:>4}" if e.index >= 0 else "   ·"
        rule = e.rule.replace("Space Vermin ", "")
        print(f"{num}{'◆' if e.assumed else ' '} {e.message}  [{rule}]")
        if why and e.assumed:
            print(f"         ◆ {e.assumed}")


def find(log, test, before=0, after=0):
    """The first log row that passes ``test`` with rows around it (fails if there is none)."""
    i = next(k for k, e in enumerate(log) if test(e))
    return log[max(0, i - before): i + after + 1]


def has(*ids):
    """A test for ``find``: the event applies all these catalogue IDs."""
    return lambda e: all(i in e.ids for i in ids)


def part(game, turn=1, phase=None, step=None, rule=None):
    """The events of one turn (and phase / step / rule) of a game's log."""
    return [e for e in game.log if e.turn == turn and phase in (None, e.phase)
            and step in (None, e.step) and (rule is None or rule in e.rule)]


class Pass:
    """A Marine player who ends every Marine Action Phase at once (for positions that teach
    the other phases) and otherwise takes the first option offered."""

    def choose(self, state, decision, rng):
        return END if END in decision.options else decision.options[0]


def position(placements, scenario="family_jewels", chits=("NAT Plague",), units=None, turn=1,
             **fields):
    """A table set up by hand at the start of Game Turn ``turn``: these counters on these hexes,
    every other counter waiting off the map. As in a real battle every Event Chit is in the cup or
    used (§C-1, §D): ``turn - 1`` chits were used on the turns before (none that draws again), the
    rest are in the cup, ``chits`` first (play draws the first listed). Plain data, as a saved
    game is (new_game takes it). A map without Marines is an Instant Loss (§N): if none is placed,
    Squad 7 stands in 666."""
    state = GAME.new_game(scenario).state.to_data()
    state["phase"], state["turn"] = "Vermite Action", turn
    by_id = {u["id"]: u for u in state["units"]}
    if not any(by_id[uid]["side"] == "Marines" for uid in placements):
        placements = {**placements, "Squad 7": 666}
    for uid, where in placements.items():
        by_id[uid].update(hex=str(where), status="map")
    for uid, values in (units or {}).items():
        by_id[uid].update(values)
    others = [c.name for c in DATA.event_chits if c.name not in chits]
    used = [name for name in others if name not in EXTRA_DRAW][:turn - 1]
    state["events_used"] = used
    state["event_cup"] = list(chits) + [name for name in others if name not in used]
    if state["map"] == "alpha":  # the battle's five Crown Jewels, where set-up puts them (§Q-1-a)
        set_up = DATA.sources["scenarios"].tree["family_jewels"]
        state["jewels_in_play"] = int(DATA.sources["counters"].get("crown_jewels.count"))
        state["jewels"] = {lab: set_up["jewels_per_location"]
                           for lab in DATA.maps["alpha"].crown_jewel_locations}
        state["nest_jewels"] = {"1": set_up["high_queen_jewels"]}  # the High Queen's Nest
    state.update(fields)
    return state


def play(state, *faces, marines=None, variants=(), draw_first=True):
    """Play a hand-set table through the engine for its one Game Turn, the next rolls forced to
    ``faces``: first (unless ``draw_first`` is off, for faces that force the draw themselves) a 1
    that draws the first chit ``position`` listed from the cup."""
    game = GAME.new_game(state, seed=0, variants=variants,
                         policies={"Marines": marines or Pass()})
    game.dice.force(*((1,) if draw_first else ()), *faces)
    first = game.state.turn
    while game.state.turn == first and game.step_event() is not None:
        pass
    assert not game.dice.queued, "a forced roll was not used"
    return game


def act(state, unit, action, *faces, answers=(), variants=()):
    """One Marine's action (§I) on a hand-set table, driven through the engine with these rolls
    and these answers to its decisions (then the first legal option)."""
    st = GAME.load_state(state)
    st.variants = list(variants)
    ctx = Context(dice=ScriptedDice(faces), variants=frozenset(variants), data=DATA)
    events = drive(marine_action(st, ctx, unit, action), answers=list(answers), state=st)
    assert not ctx.dice.remaining, "a forced roll was not used"
    return st, events


def options(state, unit, action, answers=()):
    """The options of the first decision an action asks (after ``answers``): what is legal."""
    st = GAME.load_state(state)
    proc = marine_action(st, Context(dice=SeededDice(0), data=DATA), unit, action)
    item, sent = next(proc), list(answers)
    while True:
        if isinstance(item, Decision):
            if not sent:
                return item.options
            item = proc.send(sent.pop(0))
        else:
            item = next(proc)'''),
    code('''TERRAIN_COLOURS = {"clear": "#f3f1e4", "bamboo": "#8cc084", "bog": "#9fc7c0",
                   "building": "#b8b8b8", "tar_pit": "#3b3b3b", "nest": "#d9a6cf"}
SIDE_COLOURS = {"Marines": "#1f5fa8", "Vermites": "#b22222", "": "#e0b000"}


def _feature_marks(mdata):
    """(label, text) of the named map features (§P): Nests, Tunnel Exits and Entrances, Labs,
    landmarks, entry and exit hexes, Crown Jewel locations."""
    marks = [(lab, f"Nest {n}") for n, lab in mdata.nests.items()]
    marks += [(lab, f"Exit {n}") for n, lab in mdata.tunnel_exits.items()]
    marks += [(lab, f"Entrance {n}") for n, lab in mdata.nest_tunnel_entrances.items()]
    marks += [(lab, name) for name, lab in {**mdata.labs, **mdata.landmarks}.items()]
    marks += [(lab, "Marine entry") for lab in mdata.marine_entry_hexes]
    marks += [(lab, "Jewel exit") for lab in mdata.jewel_exit_hexes]
    marks += [(lab, f"Vermite Entry {n}") for n, lab in mdata.vermite_entry_hexes.items()]
    marks += [(lab, "Crown Jewel location") for lab in mdata.crown_jewel_locations]
    return marks


def draw_map(state, title, overlay=None, overlay_name="", paths=None, pieces=True):
    """A Mapzone: terrain, roads, Scent Trails, Jewel Exit Trails, named features, hex numbers
    and counters; an optional overlay {hex label: value} and paths {name: [hex labels]}."""
    board = GAME.board_view.board(state)
    mdata = DATA.maps[state.map]
    at = lambda lab: board.xy(board.hex_at(str(lab)))
    traces = []
    for terrain, colour in TERRAIN_COLOURS.items():
        xs, ys = [], []
        for h in board.locations():
            if board.terrain_at(h) == terrain:
                corners = board.outline(h) + [board.outline(h)[0]]
                xs += [x for x, _ in corners] + [None]
                ys += [y for _, y in corners] + [None]
        if xs:
            traces.append(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=colour, mode="lines",
                                     line=dict(color="#777", width=0.6), name=terrain,
                                     hoverinfo="skip"))
    lines = [("road", [list(r) for r in mdata.roads], "#8c6d3f", "solid"),
             ("Scent Trail", [list(t.path) for t in mdata.scent_trails], "#d62728", "dot"),
             ("Jewel Exit Trail", [list(p) for _, p in mdata.jewel_exit_trails.values()],
              "#9467bd", "dash")]
    for name, routes, colour, dash in lines:
        xs, ys = [], []
        for route in routes:
            xs += [at(lab)[0] for lab in route] + [None]
            ys += [at(lab)[1] for lab in route] + [None]
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", name=name, hoverinfo="skip",
                                 line=dict(color=colour, width=2.5, dash=dash)))
    if overlay:
        labs = list(overlay)
        traces.append(go.Scatter(
            x=[at(lab)[0] for lab in labs], y=[at(lab)[1] for lab in labs], mode="markers",
            name=overlay_name, marker=dict(size=15, symbol="hexagon", opacity=0.7,
                                           color=[float(overlay[lab]) for lab in labs],
                                           colorscale="Viridis", showscale=True,
                                           colorbar=dict(title=overlay_name, len=0.5)),
            hovertext=[f"{lab}: {overlay_name} {overlay[lab]}" for lab in labs],
            hoverinfo="text"))
    hexes = board.locations()
    traces.append(go.Scatter(
        x=[board.xy(h)[0] for h in hexes], y=[board.xy(h)[1] for h in hexes], mode="text",
        text=[board.label(h) if board.label(h).isdigit() else "" for h in hexes],
        name="hex numbers", textfont=dict(size=7, color="#444"),
        hovertext=[f"{board.label(h)} ({board.terrain_at(h)})" for h in hexes], hoverinfo="text"))
    marks = _feature_marks(mdata)
    traces.append(go.Scatter(
        x=[at(lab)[0] for lab, _ in marks], y=[at(lab)[1] for lab, _ in marks],
        mode="markers", name="map features", marker=dict(symbol="star", size=9, color="#ff7f0e"),
        hovertext=[f"{text} ({lab})" for lab, text in marks], hoverinfo="text"))
    for name, route in (paths or {}).items():
        traces.append(go.Scatter(x=[at(lab)[0] for lab in route], y=[at(lab)[1] for lab in route],
                                 mode="lines+markers", name=name, line=dict(width=3),
                                 marker=dict(symbol="arrow", angleref="previous", size=11)))
    if pieces:
        for side, colour in SIDE_COLOURS.items():
            ps = [p for p in GAME.board_view.pieces(state) if p["side"] == side]
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
    return go.Figure(data=traces, layout=layout)'''),
]

CELLS += [
    md("""The rule variants, grouped by the section they touch: each is the *other* reading of an
ambiguity (its catalogue ID in brackets) or, for `two_player` and `invented_event_chit_card`, an
option of the rulebook or the project. *off* says what the game does by default."""),
    code('''# NBVAL_CHECK_OUTPUT
from rules_lib.core.engine import describe_variants

print(GAME.title, "| scenarios:", ", ".join(GAME.scenarios), "| Marine policies:",
      ", ".join(sorted(GAME.policies)))
print()
print(describe_variants(GAME.variants))'''),
    md(f"""Here is the log of the lesson's running example — a game of *The Family Jewels* (seed
{LESSON_SEED}, the Marines played by `commander`) — at its first Event Chit Step, with the reason
printed under each ◆ row. The chit drawn is one whose name the text does not give, so its
direction numbers and its (empty) event are the project's; the stepper widget shows the same
reason when you click the row."""),
    code(f'''# NBVAL_CHECK_OUTPUT
lesson = GAME.new_game("family_jewels", seed={LESSON_SEED}, policies={{"Marines": "commander"}})
lesson.run_to_end()   # the whole game, played once; the lesson shows its moments
show(part(lesson, turn=1, step="Event Chit"), why=True)
frame = lesson.log_frame()
print(f"{{(frame.assumed != '').sum()}} of {{len(frame)}} log rows carry ◆ (content the project filled in)")'''),
]

# ==================================================================================================
# 1. Components (§B)
# ==================================================================================================
n_numbered = {key: sum(1 for lab in D.maps[key].cells if lab.isdigit()) for key in ("alpha", "beta")}
CELLS += [
    md(f"""## 1. Components (*§B*)

The box holds {D.total_counters} counters, two maps, a Player Aid Card and a Random Event Chit /
Secret Weapon Chart (*§B*). You add at least three six-sided dice and two opaque cups (*§B-3*,
*§B-4*). Every combat unit enters play full-strength side up; the A.N.T. Gun and the M.A.D.
Scientist have other sides instead (*§B-1*).

### Counters (*§B-1*)

- **Marines** (*§B-1-a*): {len(M)} types — {", ".join(m.name for m in M.values())}. Each counter
  shows a Combat Factor (CF), a Defense Number (DN) and a Movement Allowance (MA). The front is
  full strength; the back is the unit **Disrupted** by casualties, mostly armed only with a pistol
  (*§J-2*). The A.N.T. Gun has a Limbered and an Unlimbered side (*§J-3*) and the M.A.D. Scientist
  a motorcycle side and a Weapon Ready side (*§J-5*).
- **Vermite Warriors** (*§B-1-b*): Drones, Soldiers and Ultra-Mites, each with a Unit ID number,
  CF, DN and MA; the back is the **Reduced** side.
- **Queens** (*§B-1-c*): High Queen, Sister Queen and Child Queen, in that rank, with a Spawn
  Number (SN) besides CF, DN and MA; the back is Reduced too.
- **Crown Jewels** (*§B-1-d*): {SC and D.sources["counters"].get("crown_jewels.count")} counters that can
  never be destroyed or damaged; they move only when a non-Drone Vermite or a Marine Recovery
  Vehicle carries them, never count against stacking, and give bonuses to the Vermites carrying
  them and to the Queens of the Nest they lie in (*§E-2*).
- **Secret Weapons** (*§B-1-e*): {len(D.secret_weapons)} chits, the M.A.D. Scientist's prototypes
  (*§J-5*).
- **Chits and markers**: {N_CHITS} Vermite Event Chits (*§D*), Tunnel Exit chits, NAT Tainted /
  Infected markers, a Successful Recon marker.

The printed values are not in the text. Only a few can be worked out from the rulebook's worked
examples — the Marine Squad's CF {M["squad"].sides["full"].cf} and DN {M["squad"].sides["full"].dn},
the HQ's CF {M["hq"].sides["full"].cf} and DN {M["hq"].sides["full"].dn}, the Soldier's CF
{V["soldier"].full.cf}, DN {V["soldier"].full.dn} and MA {V["soldier"].full.ma}, the Ultra-Mite's
CF {V["ultra_mite"].full.cf} and DN {V["ultra_mite"].full.dn}, the Drone's CF {V["drone"].full.cf},
the High and Sister Queens' SN {V["high_queen"].sn} and {V["sister_queen"].sn} (SV-CF-01 …
SV-CF-08). **Every other value below is assumed**: the `from` columns say which, and the data path
of a value is `counters:marines.<type>.<side>.<value>` (for example the Squad's MA
{M["squad"].sides["full"].ma} is `counters:marines.squad.full.ma`, assumed). The counter mix — how
many counters of each type, and the Vermites' Unit IDs — is assumed too
(`counters:marines.<type>.count`, `counters:vermites.<type>.ids`), except the
{M["recovery_vehicle"].count} Recovery Vehicles and the one Scientist the text names."""),
    code('''# NBVAL_CHECK_OUTPUT
counters = DATA.sources["counters"]


def origin(path):
    """'rulebook' or 'assumed': where a counter value comes from."""
    return counters.provenance_of(path).kind


rows = []
for key, m in DATA.marines.items():
    for side_name, s in m.sides.items():
        p = f"marines.{key}.{side_name}"
        rows.append({"Marine": m.name, "count": m.count, "side": side_name, "CF": s.cf,
                     "DN": s.dn, "MA": s.ma, "weapon": s.weapon,
                     "CF from": origin(p + ".cf"), "DN from": origin(p + ".dn"),
                     "MA from": origin(p + ".ma"), "count from": origin(f"marines.{key}.count")})
print(pd.DataFrame(rows).to_string(index=False))'''),
    code('''# NBVAL_CHECK_OUTPUT
rows = []
for key, v in DATA.vermites.items():
    for side_name, s in (("full", v.full), ("reduced", v.reduced)):
        p = f"{'queens' if v.kind == 'queen' else 'vermites'}.{key}.{side_name}"
        rows.append({"Vermite": v.name, "Unit IDs": " ".join(map(str, v.ids)) or "(one)",
                     "side": side_name, "CF": s.cf, "DN": s.dn, "MA": s.ma,
                     "SN": v.sn if v.kind == "queen" else "", "CF from": origin(p + ".cf"),
                     "DN from": origin(p + ".dn"), "MA from": origin(p + ".ma")})
print(pd.DataFrame(rows).to_string(index=False))
print()
print("Counters:", DATA.total_counters, "in all (§B);",
      sum(m.count for m in DATA.marines.values()), "Marines,",
      sum(max(1, len(v.ids)) for v in DATA.vermites.values()), "Vermites,",
      counters.get("crown_jewels.count"), "Crown Jewels,", len(DATA.secret_weapons),
      "Secret Weapons,", len(DATA.event_chits), "Event Chits,",
      counters.get("tunnel_exit_chits.count"), "Tunnel Exit chits, markers", DATA.marker_counts)'''),
    md(f"""The markers' split (`counters:markers`) is assumed: it only makes the total come to
{D.total_counters}.

### Maps (*§B-2*)

Two hex maps, **Mapzone Alpha** (*The Family Jewels*) and **Mapzone Beta** (*The Great
Migration*). On each, {n_numbered["alpha"]} hexes carry a number from 111 to 666 whose three
digits are each 1 to 6; every other hex is unnumbered and is Clear, a Nest or a Toxic Tar Pit.
Some hexes have terrain features that matter in play (*§P*).

**The map art is not in the rulebook.** Both maps are data built to honour every map fact the text
and its examples state (the catalogue's `SV-MF-01` … `SV-MF-30`: 321 is Bamboo directly north of
Clear 322, 315 is a Building next to 335, 111–116 lie on the west edge …); everything else about
them — which hex is which terrain, where the roads, trails, Nests and Tunnel Exits are — is
assumed (the whole files `alpha:` and `beta:`, `data/maps/alpha.yaml` and `data/maps/beta.yaml`).
So every position below is the rulebook's rules played on the project's maps. Hover a hex for its
number and terrain, a counter for its values, an orange star for a named feature."""),
    code('''# NBVAL_CHECK_OUTPUT
for key in ("alpha", "beta"):
    m = DATA.maps[key]
    numbered = [lab for lab in m.cells if lab.isdigit()]
    print(f"{m.name}: {len(m.cells)} hexes, {len(numbered)} numbered from {min(numbered)} to "
          f"{max(numbered)}; every digit 1-6: {all(set(lab) <= set('123456') for lab in numbered)}")'''),
    code('''alpha_start = GAME.new_game("family_jewels").state   # the table before set-up: no counters
draw_map(alpha_start, "Mapzone Alpha (The Family Jewels): terrain and features", pieces=False)'''),
    code('''beta_start = GAME.new_game("great_migration").state
draw_map(beta_start, "Mapzone Beta (The Great Migration): terrain and features", pieces=False)'''),
    md("""### Cups and dice (*§B-3*, *§B-4*)

Two cups: the **Vermite Unit Cup** holds the Vermite counters waiting to enter, the **Vermite Event
Cup** the Event Chits. Dice are read three ways (*§B-4*): one die (1–6); two dice added (2–12);
or **three dice read in order as the digits of a hex number** (111–666) — a Drone flies to the hex
its three dice name (*§E-1-a*). Here a Drone's three dice are forced to 2, 3, 1, the rulebook's
example: it lands in 231, not 123 or 321."""),
    code('''# NBVAL_CHECK_OUTPUT
g = play(position({"Drone #4": "Nest 1"}), 2, 3, 1)
show(part(g, step="Movement", rule="§E-1-a"))'''),
    md("""**Directions.** The Vermites' direction and a Landing Zone drift are numbers 1–6 read on each
map's Vermite Movement Indicator (*§D*, *§I-5-b*). The indicator is not in the text: its examples
fix 1 = north, 3 = southeast and 4 = south (*§E* Movement Examples, *§Q-1-c*); the project reads
the others clockwise, 2 = northeast, 5 = southwest, 6 = northwest (assumed, catalogue fact
`SV-CF-10`). From hex 322 of Mapzone Alpha:"""),
    code('''# NBVAL_CHECK_OUTPUT
board = GAME.board_view.board(alpha_start)
for d, name in zip(range(1, 7), ("north", "northeast", "southeast", "south", "southwest",
                                 "northwest")):
    n = board.neighbor(board.hex_at("322"), d)
    print(f"direction {d} ({name}): {board.label(n) if n else 'off the map'}")'''),
]

# ==================================================================================================
# 2. Set-up (§C-1, §Q-1-a, §Q-1-b)
# ==================================================================================================
hq_nest = ", ".join(
    f"{(HQN[i - 1]['at_most'] + 1) if i else 1}–{row['at_most']}: Nest {row['nest']}"
    for i, row in enumerate(HQN))
exits_total = D.sources["counters"].get("tunnel_exit_chits.count")
exits_start = FJ["tunnel_exits_at_start"]
hq_spawn = V["high_queen"].sn + D.jewel_spawn_bonus * FJ["high_queen_jewels"]
rv_text = ", ".join(f"Turn {t}" for t in RV_TURNS.values())
CELLS += [
    md(f"""## 2. Set-up (*§C-1*)

Each scenario says where its units start (*§C-1*, and the scenario's own set-up in *§Q*). In
every scenario the Vermites not set up go into the Vermite Unit Cup, all {N_CHITS} Event Chits into
the Vermite Event Cup, and the {len(D.secret_weapons)} Secret Weapon chits are put aside with
their generic atomic side up and the pictured weapon face down; everything else is put aside until
it is needed.

The lesson plays **The Family Jewels** (Mapzone Alpha), set up like this (*§Q-1-a*, *§Q-1-b*);
*The Great Migration*'s set-up is taught with its scenario in section 13.

1. **Queens.** Roll a die ({hq_nest}) and put the High Queen and {FJ["high_queen_jewels"]} Crown
   Jewel in that Nest; the Sister Queen goes in the other Nest.
2. **Tunnel Exits.** Pick {exits_start} of the {exits_total} Nest Tunnel Exit chits at random and
   place them on their numbered hexes.
3. **First spawn.** Draw {hq_spawn} random Vermites into the High Queen's Nest (her Spawn Number
   {V["high_queen"].sn} plus {D.jewel_spawn_bonus} for the Jewel) and {V["sister_queen"].sn} into
   the Sister Queen's.
4. **The cup.** The other Vermites, the Child Queen and the {exits_total - exits_start} other Tunnel
   Exits go into the Vermite Unit Cup.
5. **Jewels.** {FJ["jewels_per_location"]} Crown Jewels in hex {ALPHA.crown_jewel_locations[0]} and
   {FJ["jewels_per_location"]} in hex {ALPHA.crown_jewel_locations[1]}.
6. **Marines.** {FJ_MARINES["hq"]} HQ, {FJ_MARINES["logistics"]} Logistics,
   {FJ_MARINES["special_ops"]} Special Ops and {FJ_MARINES["squad"]} Marine Squads anywhere
   within the city limits of New Lancaster. The engine asks the Marine player where each goes; the
   policies take a compact default (`scenarios:family_jewels.default_deployment`, assumed), and
   the city limits are map data (assumed with the map).
7. **Recovery Vehicles.** {len(RV_TURNS)} of them arrive as automatic reinforcements, without an HQ
   roll, on {rv_text}, all at hex {ALPHA.marine_entry_hexes[0]}; they may not use the Landing Zone
   Procedure and may wait off the map to enter later.
8. **The Scientist.** Professor Otto von Schrödinger starts on his Harley side in the New
   Lancaster Convention Center, hex {ALPHA.landmarks["New Lancaster Convention Center"]}; his
   Labs are the College Lab ({ALPHA.labs["College Lab"]}) and the High School Lab
   ({ALPHA.labs["High School Lab"]}).

The set-up of the lesson's game, as the engine logged it (the Marine player's choices left out):"""),
    code('''# NBVAL_CHECK_OUTPUT
show([e for e in lesson.log if e.phase == "Set-Up" and e.kind != "decision"])
first_turn = next(e.index for e in lesson.log if e.kind == "turn")
at_start = lesson.replay_to(first_turn)          # the game as it stood after set-up
print("Vermite Unit Cup:", sorted(u.id for u in at_start.state.units if u.status == "cup"))'''),
    code('''draw_map(at_start.state, f"The Family Jewels after set-up (seed {lesson.seed})")'''),
]

# ==================================================================================================
# 3. The sequence of play (§C-2)
# ==================================================================================================
CELLS += [
    md(f"""## 3. The sequence of play (*§C*, *§C-2*)

A game lasts 13 or 14 Game Turns unless an Instant Victory or Defeat ends it sooner (*§C-2*).
The count comes from the Event Cup: every turn uses up a chit, the two chits that call for an extra
draw use up one more each, and the game ends with the turn that empties the cup (*§C-2-f*, *§M*;
the text does not say drawn chits are discarded: the default reading of `SV-AMB-11` is that they
are). With {N_CHITS} chits of which {N_EXTRA} draw again, that is {N_CHITS - N_EXTRA} or
{N_CHITS - N_EXTRA + 1} turns.

Each Game Turn is six phases, each finished before the next begins:

| | Phase | what happens | taught in |
|---|---|---|---|
| *§C-2-a* | **Vermite Action** | Event Chit, Movement, Combat and Reinforcement Steps | 4 |
| *§C-2-b* | **NAT Effect** | each NAT Infected Marine may die | 5 |
| *§C-2-c* | **Marine Action** | each Marine takes one action | 6, 7 |
| *§C-2-d* | **Marines Recovery** | Disrupted Marines away from Vermites recover | 8 |
| *§C-2-e* | **NAT Purging** | the Logistics unit lowers NAT markers | 9 |
| *§C-2-f* | **End** | the game goes on while the Event Cup holds a chit | 10 |

`GAME.phases` names them as the engine does (with the Set-Up before the first turn). The stepper
below plays the lesson's game from the start: **Next step** / **Next phase** / **Next turn** advance
it, the log lists every event with its rule (◆ = filled in by the project; click a row to see the
reason and to rewind the game to that moment), and the Marines' dropdown lets you play them
yourself (`person`)."""),
    code('''# NBVAL_CHECK_OUTPUT
print(" → ".join(GAME.phases))'''),
    code(f'''from widgets.stepper import PhaseStepper

PhaseStepper(GAME, GAME.new_game("family_jewels", seed={LESSON_SEED},
                                 policies={{"Marines": "commander"}}), seed={LESSON_SEED})'''),
]

# ==================================================================================================
# 4. The Vermite Action Phase (§C-2-a)
# ==================================================================================================
chit_table = D.sources["chits"]
CELLS += [
    md("""## 4. The Vermite Action Phase (*§C-2-a*)

You play the Vermites' side of the turn for them, in four steps, each resolved completely before
the next:

1. **Event Chit Step** (*§C-2-a-1*, *§D*): draw an Event Chit, set the Queens' Preferred
   Direction, resolve the drawn event.
2. **Movement Step** (*§C-2-a-2*, *§E*): a) Drones fly and make their Suicide Attacks,
   b) Ultra-Mites move, c) Soldiers use the tunnels (Scenario 1 only), d) Soldiers move,
   e) Queens and their Escorts move (Scenario 2 only).
3. **Combat Step** (*§C-2-a-3*, *§F*): every non-Drone Vermite next to a Marine attacks.
4. **Reinforcement Step** (*§C-2-a-4*): a) the Queens spawn (Scenario 1 only, *§G*), or
   b) the Vermite Hordes arrive (Scenario 2 only, *§Q-2-c*)."""),
    md(f"""### 4.1 The Event Chit Step (*§C-2-a-1*, *§D*)

There are {N_CHITS} Vermite Event Chits, each different, all in the Event Cup when the scenario
starts. At the start of each Vermite Action Phase draw one at random and set it on the map's
Vermite Movement Indicator, turned so that the scenario's arrow points at its number (*§D*). A
chit does two things: it gives the **Queens' Preferred Direction** for this turn (other factors may
override it, *§D-2*), and it names an **event**, resolved by the Vermite Event Chit Card.

**The Queen's Preferred Direction** (*§D-1*). Each chit shows three direction numbers. On Mapzone
Alpha (Scenario 1) the two at the upper left count: the **blue** arrow for every Vermite south of
the road, the **yellow** one for every Vermite on or north of it — whichever Nest it came from
(*§Q-1-c*). On Mapzone Beta (Scenario 2) the single number at the upper right counts. Which road
splits Alpha is map data (assumed, the catalogue's `SV-MF-23`).

**The events.** The Vermite Event Chit Card is **not in the rulebook**, nor is the art of most
chits. The text names {len(NAMED_CHITS)} chits ({", ".join(NAMED_CHITS)}) and states what only
three of them do:

- **Queen's B.U.R.P.** and **Ultra-Mite B.E.L.C.H.**: after the event, draw another chit and
  resolve it too, ignoring its direction numbers: the first chit's direction governs both events
  and the rest of the turn (*§D-1*).
- **Bogs Flood**: every Bog and every hex next to one is Flooded this turn (*§P-1-b*); on Alpha it
  is also the **Vermite Sneak Attack** (*§Q-1-c*, section 13), on Beta the **Magnetic Storm**
  (*§Q-2-f*, section 13).

By default every other chit **only sets the direction** — the least invention
(`chits:event_chits[<n>].effect`, assumed; the names of the chits the text does not name are
invented too, `chits:event_chits[<n>]`). The variant `invented_event_chit_card` plays the
project's own stand-in card instead (`chits:event_chits[<n>].invented_effect`, all invented).
Direction numbers are assumed except NAT Plague's blue 1 (*§E* Movement Examples) and all three of
Bogs Flood's (*§Q-1-c*, *§Q-2-f*):"""),
    code('''# NBVAL_CHECK_OUTPUT
chits = DATA.sources["chits"]
rows = []
for i, c in enumerate(DATA.event_chits):
    arrows = [chits.provenance_of(f"event_chits[{i}].{a}").kind
              for a in ("alpha_blue", "alpha_yellow", "beta")]
    rows.append({"chit": c.name, "name from": chits.provenance_of(f"event_chits[{i}].name").kind,
                 "blue": c.alpha_blue, "yellow": c.alpha_yellow, "Beta": c.beta,
                 "directions from": "/".join(arrows), "event (default)": c.effect_kind,
                 "invented card (variant)": c.invented_kind})
print(pd.DataFrame(rows).to_string(index=False))'''),
    md("""A B.U.R.P. drawn on Turn 1 (both draws forced: B.U.R.P., then NAT Plague as the extra
chit): the second chit is drawn at once and resolved — NAT Plague's event is empty by default — and
the turn keeps B.U.R.P.'s arrows."""),
    code('''# NBVAL_CHECK_OUTPUT
g = play(position({}, chits=("Queen's B.U.R.P.", "NAT Plague")), 1)
show(part(g, step="Event Chit"))'''),
    md("""And the lesson game's second turn, where Bogs Flood came out of the cup (its Sneak Attack is
taught with Scenario 1's special rules in section 13):"""),
    code('''# NBVAL_CHECK_OUTPUT
show(part(lesson, turn=2, step="Event Chit"))'''),
    md("""A Successful Recon (*§I-4-a*, section 6) and the two-player option (*§O*, section 11) turn
the draw into a choice between two chits."""),
]

# --------------------------------------------------------------------------------------------------
# 4.2 Movement (§C-2-a-2, §D-2, §E)
# --------------------------------------------------------------------------------------------------
CELLS += [
    md(f"""### 4.2 The Movement Step (*§C-2-a-2*, *§E*)

**How a Vermite moves** (*§E-1*). It tries to spend its whole Movement Allowance walking in the
Queens' Preferred Direction. Where it has a choice of hexes it enters the **lowest-numbered** one.
A non-Drone never enters a hex it cannot fully pay for, **stops on entering a hex next to any
Marine**, and does not move at all if it starts the step next to one. All Vermites of one type move
before the next type, each type in increasing Unit ID order. (How unnumbered hexes rank when
"lowest-numbered" decides is not stated: by default they come after every numbered hex, clockwise
from north among themselves, `SV-AMB-16`; variant `unnumbered_hexes_first`.)

**What overrides the direction** (*§D-2*):

- Drones ignore it: they fly to a random hex (*§E-1-a*).
- A non-Drone on or entering a **Scent Trail** follows the trail to its end (the X hex), then goes
  on in the Preferred Direction (*§P-1-f*).
- A non-Drone that would enter an unbridged **Toxic Tar Pit** goes round it, starting with the
  lowest-numbered adjacent hex, and takes up the Preferred Direction again as soon as it can.
- A non-Drone that would step **off the map** turns round and carries on the opposite way —
  except in the Sneak Attack (*§Q-1-c*) and off Mapzone Beta's east edge, where it escapes
  (*§Q-2-f*).
- A Soldier or Ultra-Mite that picked up a **Crown Jewel** follows the Jewel Exit Trail and
  nothing else (*§E-2*).

The rulebook's three Movement Examples (*§E*), played through the engine with a hand-set table.
**Turn 1**: one Soldier in Nest 1, only Tunnel Exit 3 on the map, NAT Plague drawn (blue arrow 1,
north). In the Soldier Tunnel Movement step it is placed on Exit 3; in Soldier Regular Movement it
walks north into 322 (Clear, 1 MP) and 321 (Bamboo, 2 MP) — its whole MA of
{V["soldier"].full.ma}:"""),
    code('''# NBVAL_CHECK_OUTPUT
g = play(position({"Soldier #1": "Nest 1"}, chits=("NAT Plague",), tunnel_exits={"3": "open"}))
show(part(g, step="Movement", rule="§E-1-c") + part(g, step="Movement", rule="§D-1")
     + part(g, step="Movement", rule="§E-1")[-1:])'''),
    md("""Hex 321 is also where a Scent Trail starts; stepping onto a trail from off it costs the
hex's own terrain (2 MP for the Bamboo here), as the example shows: only moves *along* connected
trail hexes cost 1 MP (the default reading of `SV-AMB-17`, which the example supports).

**Turn 2**: the Soldier is in 321 and the new chit's arrow says 3 (southeast; a chit of the
project's whose blue arrow is 3). The Soldier ignores it and follows the Scent Trail through 333,
361 and 356:"""),
    code('''# NBVAL_CHECK_OUTPUT
g = play(position({"Soldier #1": 321}, chits=("Scent Storm",)))
show(part(g, step="Event Chit")[2:3] + part(g, step="Movement", rule="§D-2")
     + part(g, step="Movement", rule="§E-1")[-1:])'''),
    md("""**A later turn**: a Soldier in 212 is sent north (a chit of the project's whose yellow arrow
is 1), but the hex north of 212 is a Toxic Tar Pit. It sidesteps to 153, the lowest-numbered hex
that lets it go on north, then 152 — as in the text — and, with its last MP, on to 151 (the text
stops its story at 152):"""),
    code('''# NBVAL_CHECK_OUTPUT
g = play(position({"Soldier #1": 212}, chits=("Frogs Croak",)))
show(part(g, step="Movement", rule="§D-"))'''),
    md("""The lesson game shows a map edge turning an Ultra-Mite round, the same Ultra-Mite stopping as
it enters a hex next to a Marine, and a Soldier that starts next to a Marine staying put:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(lesson.log, has("SV-VMOV-04"), before=4))
show(find(lesson.log, has("SV-VMOV-05")))'''),
    md(f"""**a) Drones** (*§E-1-a*) ignore the direction and terrain: for each Drone roll three dice, one
at a time, for a hex number (*§B-4*) and put it there. A Drone landing on a Marine makes a
**Suicide Attack** at once (*§F-1*, section 4.3).

**b) Ultra-Mites** (*§E-1-b*): each Ultra-Mite that is neither next to a Marine nor a Queen's
Escort moves (Escorts move with their Queen, Scenario 2 only).

**c) Soldier Tunnel Movement** (*§E-1-c*, Scenario 1 only): Soldiers leave a Nest fast through its
**operational** Tunnel Exits. An exit is operational when its chit is on its hex (open, or
partially collapsed), no Marine stands there, and a Soldier placed there would not break the limit
of {D.vermite_stack_limit} Vermites in a hex. Nest 1 uses Exits 1, 2 and 3; Nest 2 uses Exits
4, 5 and 6; only Soldiers in the Nest hex itself may use them (*§P-2-k*). In each Nest the Soldier
with the lowest Unit ID goes to the lowest-numbered operational exit, the next one to the next
exit, and so on, one Soldier per exit; a Soldier left over stays in the Nest until Soldier Regular
Movement. A Soldier placed on a **partially collapsed** exit repairs it (the chit is flipped back)
and is flipped to its Reduced side — or eliminated if it already was Reduced.

The rulebook's Tunnel Movement Example through the engine: in Nest 1 Soldiers #5 and #21, two
Ultra-Mites standing on Exit 1 (kept there by a Marine next to them), Exit 2 open; in Nest 2
Soldier #13, whose only exit, 4 (hex 514), is partially collapsed. (Where Exits 1 and 2 lie is map
data, assumed: `alpha:tunnel_exits`; Exit 4 = 514 is the text's.)"""),
    code('''# NBVAL_CHECK_OUTPUT
tunnels = position({"Squad 1": 145, "Ultra-Mite #2": 146, "Ultra-Mite #6": 146,
                    "Soldier #5": "Nest 1", "Soldier #21": "Nest 1", "Soldier #13": "Nest 2"},
                   tunnel_exits={"1": "open", "2": "open", "4": "collapsed"})
g = play(tunnels)
show(part(g, step="Movement", rule="§E-1-b")[1:] + part(g, step="Movement", rule="§E-1-c")[1:])'''),
    md(f"""**d) Soldier Regular Movement** (*§E-1-d*): every Soldier not next to a Marine moves, those
that just came out of a tunnel included (as Soldier #1 did in the Turn 1 example above).

**e) Queens** (*§E-1-e*): a Queen in a Nest never moves — she stays there all battle, spawning
(*§G*). Above ground, in Scenario 2 only, Queens move (with their Escorts) in rank order High,
Sister, Child, under all the movement and combat rules (section 13.2).

**Crown Jewels** (*§E-2*). A Soldier or Ultra-Mite that enters a Crown Jewel hex stops there. To
move again it first picks the Jewel up for {D.jewel_pickup_mp} MP, then it must follow the
**Jewel Exit Trail** (*§P-2-i*), paying every terrain cost, to its Nest Tunnel Entrance; there the
Jewel goes into that Nest and the carrier back into the Vermite Unit Cup. A carrier moves, attacks
and defends with CF +{JB["cf"]}, DN +{JB["dn"]} (never above {JB["max_dn"]}) and MA +{JB["ma"]}
(the MA only if it held the Jewel when its move began). Each Jewel in a Nest raises the Spawn
Number of every Queen there by {D.jewel_spawn_bonus}. (The trails' routes are map data, assumed:
`alpha:jewel_exit_trails`.) In the lesson game an Ultra-Mite walks into 421 and stops; on the next
turn it picks a Jewel up and carries it home to Nest 2:"""),
    code('''# NBVAL_CHECK_OUTPUT
stop = find(lesson.log, has("SV-JEWEL-01"))[0]
carrier = stop.data["units"][0]
trip = [e for e in lesson.log if e.index >= stop.index - 2 and carrier in e.message]
trip = [e for e in trip if e.kind != "decision"]
show(trip[: next(i for i, e in enumerate(trip) if "Unit Cup" in e.message) + 1])'''),
    md(f"""**Stacking** (*§E-3*): at the end of every phase and step, at most
{D.vermite_stack_limit} Queens, Ultra-Mites and Soldiers may share a hex; Drones do not count, and
Nest and Entry hexes take any number. Any number may pass through a hex. A Vermite that cannot stop
where its move would end goes as far as it legally can and stays in the last hex it entered —
read by default as the last hex where it *may* stop (`SV-AMB-07`):"""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(lesson.log, has("SV-VSTK-05"), before=2))'''),
]

# --------------------------------------------------------------------------------------------------
# 4.3 Combat (§F)
# --------------------------------------------------------------------------------------------------
CELLS += [
    md(f"""### 4.3 Vermite attacks (*§F*)

**How every attack is rolled** — the same for Vermites (*§F-2*) and for Marines (*§J-1*): roll as
many dice as the attack's net CF; each die that **exceeds** the target's DN is a hit. In total,
{STEP - 1} hit has no effect; {STEP} or {ELIM - 1} hits flip the target (a Marine to its
Disrupted side, a Vermite to its Reduced side), or eliminate it if it is already flipped;
{ELIM} or more hits eliminate it whatever its side.

**Drone Suicide Attacks** (*§F-1*) happen in the Drones' movement: a Drone that lands on a Marine
attacks it at once, by the rules of *§F-2*, and is then eliminated whatever the result and goes
back into the Vermite Unit Cup. Its death calls for a NAT roll (*§J-7*) that can touch only the
Marine it attacked. (The text sends this roll to "Section F-3", which does not exist: by default it
is *§J-7*'s roll, limited to the attacked Marine, `SV-AMB-01`.)

The rulebook's Drone example: a Drone (CF {V["drone"].full.cf}) flies to Clear hex 416, where an
HQ (DN {M["hq"].sides["full"].dn}) stands; {V["drone"].full.cf} dice score a single hit, so the
HQ is unaffected; the Drone is eliminated; the NAT roll is a 1, which puts a NAT **Infected**
marker on the HQ at once. The text gives the flight (4, 1, 6: hex 416), the one hit and the NAT
roll; the six attack faces below are ours (one of them above 3). A Marine Squad stands next door
to show that only the attacked Marine can be infested:"""),
    code('''# NBVAL_CHECK_OUTPUT
g_drone = play(position({"HQ 1": 416, "Squad 1": 415, "Drone #4": "Nest 1"}),
               4, 1, 6,            # the flight: hex 416
               4, 1, 2, 3, 3, 2,   # six attack dice, one above the HQ's DN 3
               1)                  # the NAT roll
show(find(g_drone.log, lambda e: "flocks" in e.message, after=6))
print({u: g_drone.state.unit(u).nat or "no NAT marker" for u in ("HQ 1", "Squad 1")})'''),
    md(f"""**Normal Vermite Attacks** (*§F-2*), in the Combat Step: every non-Drone Vermite next to a
Marine **must** attack one. The Vermites of a hex attack together, adding their CFs; if they are
next to several Marines they attack the one in the **lowest-numbered** adjacent hex (whatever way
they were moving). Attacking hexes go in order, lowest-numbered first, each resolved on its own.
The total CF is reduced by {-VA["defensive_terrain"]} when the Marine is in a Bamboo Grove, Bog,
Flooded or Building hex; a net CF of 0 means no attack. Every attacker of a hex that eliminates
its Marine moves into the emptied hex at once. (The advance never breaks the stacking limit: only
as many as fit move in, the rest stay — assumed, the text says "all" but *§E-3* caps a hex.)

The rulebook's example: Marine Squads (DN {M["squad"].sides["full"].dn}) in 315 (a Building) and
334; two Soldiers (CF {2 * V["soldier"].full.cf} together) in 252; an Ultra-Mite (CF
{V["ultra_mite"].full.cf}) in 316, next to both Squads. 252 attacks first, the Squad in 315: the
Building cuts 8 to 7 dice, three of them 5s or 6s — the Squad is Disrupted. Then 316 attacks the
lowest adjacent Marine hex, 315 again: 4 dice, 2 hits, and the Disrupted Squad is eliminated; the
Ultra-Mite advances into 315. The text gives the dice counts and hits; the faces are ours. The
Disrupted Squad's DN is the assumed back side, `counters:marines.squad.disrupted`."""),
    code('''# NBVAL_CHECK_OUTPUT
g = play(position({"Squad 1": 315, "Squad 2": 334, "Soldier #1": 252, "Soldier #3": 252,
                   "Ultra-Mite #2": 316}),
         5, 6, 5, 1, 2, 3, 4,   # 252's seven dice: three 5s and 6s
         6, 5, 1, 2)            # 316's four dice: two hits on the Disrupted Squad
show(part(g, step="Combat"))'''),
    md("""The exact odds of those two attacks (`GAME.odds.combat_odds` enumerates the very dice
pool the game rolls): seven dice against DN 4 at a fresh Squad, then four dice against the
Disrupted Squad's DN 3:"""),
    code('''# NBVAL_CHECK_OUTPUT
print("7 dice vs DN 4, fresh Squad:")
print(GAME.odds.combat_odds(7, 4, attacker="Vermites").to_string(index=False))
print("\\n4 dice vs DN 3, Disrupted Squad:")
print(GAME.odds.combat_odds(4, 3, reduced=True, attacker="Vermites").to_string(index=False))'''),
]

# --------------------------------------------------------------------------------------------------
# 4.4 Reinforcements (§G)
# --------------------------------------------------------------------------------------------------
CELLS += [
    md(f"""### 4.4 The Reinforcement Step (*§G*; Scenario 2: *§Q-2-c*)

**Queens Spawn** (Scenario 1): each Queen in a Nest spawns, in rank order High, Sister, Child, as
many Vermites as her Spawn Number plus {D.jewel_spawn_bonus} for each Crown Jewel in her Nest,
drawn at random from the Vermite Unit Cup and placed in her Nest. When the cup runs short, draw
what there is; the rest of the spawn is lost. (The text's tip stacks them Drones on top, then
Ultra-Mites, then Soldiers, to speed up the next Movement Step; the map draws them so.) The Child
Queen's SN {V["child_queen"].sn} is assumed (`counters:queens.child_queen.sn`).

Scenario 1 adds (*§Q-1-c*): a **Tunnel Exit chit** drawn is placed open on its numbered hex —
even under a Marine — and a drawn **Child Queen** goes to the Sister Queen's Nest, whoever drew
her, and spawns from her next Spawn Step on, after the Sister Queen; both count as part of the
spawn (no other counter is drawn in their place). Eliminated Vermites go straight back into the cup
in Scenario 1 (*§Q-1-c*), so the Queens spawn them again.

Queens above ground do not spawn: in Scenario 2 the Vermite Hordes arrive instead (*§G*,
*§Q-2-c*, section 13.2). The lesson game's first Reinforcement Step, then the first Tunnel Exit and
the Child Queen drawn as spawn, and the first spawn the cup could not pay:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(part(lesson, turn=1, step="Reinforcement"))
print("...")
show(find(lesson.log, lambda e: e.step == "Reinforcement" and "SV-S1-13" in e.ids))
show(find(lesson.log, has("SV-S1-14")))
show(find(lesson.log, has("SV-SPAWN-04"), before=1))'''),
]

# ==================================================================================================
# 5. NAT Effect Phase (§H)
# ==================================================================================================
nat_die = NAT["infected_dies_on_at_most"]
CELLS += [
    md(f"""## 5. The NAT Effect Phase (*§H*)

Each Marine with a **NAT Infected** marker rolls a die; on {upto(nat_die)} it is eliminated at
once — a chance of {nat_die} in 6. (NAT markers come from dying Vermites, *§J-7*, section 7.7; a NAT
Tainted Marine does not roll.) The HQ infected by the Drone's Suicide Attack above rolled in the
same turn's NAT Effect Phase:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(part(g_drone, phase="NAT Effect"))
print("P(an Infected Marine dies in the NAT Effect Phase) =", sv_odds.nat_effect_odds())'''),
    md("""And in the lesson game the Scientist, infected by his own Secret Weapon's victim (section
7.5), meets the same roll:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(lesson.log, has("SV-NATFX-01"), before=1, after=1))'''),
]

# ==================================================================================================
# 6. Marine Action Phase (§I)
# ==================================================================================================
RECON, RALLY, REQ, LZ, JP = T["recon"], T["rally"], T["request_reinforcements"], T["landing_zone"], T["jump_pack"]
CELLS += [
    md("""## 6. The Marine Action Phase (*§I*, *§C-2-c*)

Now you play. **Each Marine may take one action**, in any order you like, finishing one Marine's
action before the next Marine starts; turn a counter 45 degrees when it has acted (*§C-2-c*,
*§I*). The actions are:

- **Full Move** (*§I-1*), which for Scouts and Special Ops may be a **Jump Pack Move** (*§I-1-c*);
- **Full Fire** (*§I-2*);
- **Shoot and Scoot** (*§I-3*);
- a **Special Action** (*§I-4*): **Recon** (Scouts, helped or not by an HQ), **Rally** (Logistics
  and HQs), **Request Reinforcements** (HQs only).

The A.N.T. Gun and the M.A.D. Scientist have actions of their own (*§J-3*, *§J-5*), and Marines off
the map enter it as their action (*§I-5*). A Marine need not act: the engine offers "No action",
and "End the Marine Action Phase" for everyone left. In the lesson game's first Marine Action Phase
the `commander` picks who acts and what each does:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(part(lesson, turn=1, phase="Marine Action")[:14])
print("...")'''),
    md(f"""### 6.1 Full Move (*§I-1*)

A Full Move spends up to the unit's MA in Movement Points and does nothing else; the terrain says
what each hex costs (*§P*: Clear {TR0["clear"].cost}, Bamboo and Bog {TR0["bamboo"].cost}, and
{half(D.road_marine_cost)} MP from one Road hex to a connected Road hex, Buildings counting as Road). While moving (*§I-1-a*, *§I-1-b*):

- a Marine may pass through another Marine but **never ends its move stacked** with one, and
  **never enters a Vermite's hex**;
- a Marine that **moves next to any Vermite — a Drone too — stops** there for the turn;
- a Marine that **starts next to a Vermite** may move away, but **not straight from one hex next to
  a Vermite into another hex next to a Vermite**: it must first enter at least one hex next to no
  Vermite, and may then end its move next to another one;
- no Marine ever enters a Nest or the NAT Infestation hexes around it (*§P-2-j*).

`GAME.reach.movement_reach(state, unit)` gives every hex where a Marine can end a Full Move, with
the MP it costs. Here Squad 1 in 335 starts next to a Soldier in 334, and a second Soldier stands in
346. Hex 336 is next to 335 and costs 1 MP, but it is next to the Soldier in 346: the Squad may
not step into it straight from 335. It gets there only by way of a hex next to no Vermite, for
2 MP:"""),
    code('''# NBVAL_CHECK_OUTPUT
fm = position({"Squad 1": 335, "Soldier #1": 334, "Soldier #3": 346})
fm_state = GAME.load_state(fm)
board = GAME.board_view.board(fm_state)
reach = {board.label(h): mp for h, mp in GAME.reach.movement_reach(fm_state, "Squad 1").items()}
for h in sorted(board.label(n) for n in board.neighbors(board.hex_at("335"))):
    print(f"{h}: {'not reachable' if h not in reach else str(reach[h]) + ' MP'}")
print(len(reach), "hexes where the move may end (335, staying put, included)")
_, events = act(fm, "Squad 1", "Full Move", answers=["336"])
show(events)'''),
    code('''draw_map(fm_state, "Where Squad 1 (335) can end a Full Move, and its MP (§I-1)",
         overlay={h: float(mp) for h, mp in reach.items()}, overlay_name="MP")'''),
    md(f"""**Jump Pack Move** (*§I-1-c*). Scouts and Special Ops (the counters with "JP" under their MA)
may, as a Full Move, jump to **any** hex that is not otherwise forbidden, at any distance. Roll a
die, −1 if the jump is part of a Shoot and Scoot, −1 with a NAT marker:

- **{band(JP["results"])[0][0]}: Malfunction!** Roll three dice for a random hex and land there,
  Disrupted. Onto another Marine: move to the lowest-numbered empty adjacent hex. Onto a Vermite
  or a NAT Infestation hex: eliminated.
- **{band(JP["results"])[1][0]}: Scattered!** Land in the lowest-numbered hex next to the
  destination. Landing on a unit is treated as after a Malfunction — by default the Malfunction's
  landing rules are applied where it came down and it is Disrupted, with no new random hex
  (`SV-AMB-05`; variant `jump_scatter_rerolls`).
- **{band(JP["results"])[2][0]}: Safe Landing!**

A random landing on a Toxic Tar Pit is not covered by the text: by default the unit moves to the
lowest-numbered legal empty adjacent hex (`SV-AMB-06`; variant `tar_pit_landing_eliminates`).
Scout 1 in 353 jumps three times — a safe landing, a scatter, and a malfunction whose random hex
(433) holds Squad 1:"""),
    code('''# NBVAL_CHECK_OUTPUT
jp = position({"Scout 1": 353, "Squad 1": 433, "Soldier #1": 316})
for faces, aim in (((5,), "334"), ((3,), "434"), ((1, 4, 3, 3), "334")):
    _, events = act(jp, "Scout 1", "Jump Pack Move", *faces, answers=[aim])
    show(events[1:])
for sns, nat in ((False, False), (True, False), (True, True)):
    odds = sv_odds.jump_pack_odds(shoot_and_scoot=sns, nat=nat)
    print(f"Shoot and Scoot {sns!s:5}, NAT {nat!s:5}:",
          ", ".join(f"{r.result} {r.exact}" for r in odds.itertuples()))'''),
    md(f"""### 6.2 Full Fire and Shoot and Scoot (*§I-2*, *§I-3*)

**Full Fire**: the Marine fires (*§J*, section 7) and does nothing else. **Shoot and Scoot**: the
Marine moves up to **half its MA, rounded down** (after any other change to its MA) and fires at
**−{-MF["shoot_and_scoot"]} CF**, moving first or firing first. A Jump Pack unit may jump instead
of moving, at −{-JP["shoot_and_scoot"]} on the jump die. Squad 1 (MA
{M["squad"].sides["full"].ma}, so {M["squad"].sides["full"].ma // T["shoot_and_scoot"]["ma_divisor"]}
MP) fires at the Soldier next to it, then steps back along the road:"""),
    code('''# NBVAL_CHECK_OUTPUT
ss = position({"Squad 1": 315, "HQ 1": 335, "Soldier #1": 316})
_, events = act(ss, "Squad 1", "Shoot and Scoot", 6, 6, 1, 1, 2,
                answers=["fire then move", "Soldier #1", "314"])
show(events)'''),
    md(f"""### 6.3 Special Actions (*§I-4*)

**Recon** (*§I-4-a*, Scouts only). Roll a die per Scout: {sgn(RECON["hq_assist"])} if an
un-Disrupted HQ anywhere on the map assists (one HQ per Scout; it is that HQ's action too),
{sgn(RECON["disrupted"])} if the Scout is Disrupted. On {RECON["target"]} or more the Recon succeeds:
the Successful Recon marker goes by the Event Cup, and in the next Event Chit Step you draw **two**
chits, choose the one the Vermites use, and put the other back in the cup. (Several successful
Recons in one turn still give one choice: default reading of `SV-AMB-12`.)"""),
    code('''# NBVAL_CHECK_OUTPUT
rc = position({"Scout 1": 353, "HQ 1": 423})
after, events = act(rc, "Scout 1", "Recon", 3, answers=["HQ 1"])
show(events)
print("Successful Recon marker by the cup:", after.successful_recon)
# the next Event Chit Step: two chits drawn (forced: the 2nd, then the 1st of those left)
from rules_lib.core.engine import ScriptedPolicy
g = play(position({"Scout 1": 353}, chits=("NAT Plague", "Bogs Flood", "Frogs Croak"),
                  successful_recon=True), 2, 1,
         marines=ScriptedPolicy(["NAT Plague"], then=Pass()), draw_first=False)
show(part(g, step="Event Chit")[:4])
for hq in (False, True):
    for disrupted in (False, True):
        mod = (DATA.tables["recon"]["hq_assist"] if hq else 0) + (
            DATA.tables["recon"]["disrupted"] if disrupted else 0)
        p = Fraction(sum(1 for f in range(1, 7) if f + mod >= DATA.tables["recon"]["target"]), 6)
        print(f"HQ assists {hq!s:5}, Scout Disrupted {disrupted!s:5}: P(success) = {p}")'''),
    md(f"""**Rally** (*§I-4-b*, Logistics and HQs). The rallying unit and the units next to it may try
to Rally: each Disrupted one rolls a die and on {RALLY["target"]} or more flips back to full
strength. Which Disrupted units may try is said two ways: *§C-2-c* speaks of Disrupted Marines
next to Vermites, *§I-4-b* of all the units next to the rallying unit. By
default every Disrupted unit next to the rallier, or the rallier itself, may roll (`SV-AMB-13`;
the variant `rally_only_next_to_vermites` keeps *§C-2-c*'s words). Here Squad 1 (next to a
Soldier) and Squad 2 (not) are Disrupted beside the Logistics unit — once by default, once with the
variant:"""),
    code('''# NBVAL_CHECK_OUTPUT
ra = position({"Logistics": 353, "Squad 1": 354, "Squad 2": 352, "Soldier #1": 355},
              units={"Squad 1": {"reduced": True}, "Squad 2": {"reduced": True}})
show(act(ra, "Logistics", "Rally", 5, 2)[1])
show(act(ra, "Logistics", "Rally", 5, variants=["rally_only_next_to_vermites"])[1])
target = DATA.tables["rally"]["target"]
print("P(a Disrupted unit rallies) =", Fraction(sum(1 for f in range(1, 7) if f >= target), 6))'''),
    md(f"""**Request Reinforcements** (*§I-4-c*, HQs only). Roll a die, {sgn(REQ["disrupted"])} if the HQ is
Disrupted, {sgn(REQ["nat_marker"])} if it has a NAT marker; on {REQ["target"]} or more take any
Marine from the pool — not one on the map or already eliminated — and it must try to enter at
once: through the scenario's entry hex (*§I-5-a*), by the Landing Zone Procedure (*§I-5-b*), or by
Jump Pack if it has one. The pool is the counter mix, which is assumed
(`counters:marines.<type>.count`)."""),
    code('''# NBVAL_CHECK_OUTPUT
rq = position({"HQ 1": 423, "Squad 1": 433, "Soldier #1": 462})
print("the pool in the lesson game:",
      [u.id for u in at_start.state.units if u.is_marine and u.status == "pool"])
show(act(rq, "HQ 1", "Request Reinforcements", 2)[1])
show(act(rq, "HQ 1", "Request Reinforcements", 4, answers=["Squad 6", "Enter the map", "555"])[1])
t = DATA.tables["request_reinforcements"]
for mod, who in ((0, "an HQ"), (t["disrupted"], "a Disrupted HQ"),
                 (t["disrupted"] + t["nat_marker"], "a Disrupted HQ with a NAT marker")):
    p = Fraction(sum(1 for f in range(1, 7) if f + mod >= t["target"]), 6)
    print(f"P(reinforcements granted) for {who}: {p}")'''),
    md(f"""### 6.4 Marine map entry (*§I-5*)

**Designated Hex Entry** (*§I-5-a*): the unit marches on through the scenario's entry hex (or one of
them) as a Full Move. If every entry hex is blocked it waits off the map until one is clear, with no
new HQ roll. Scenario 1's entry hex is {ALPHA.marine_entry_hexes[0]}; Scenario 2's are
{", ".join(BETA.marine_entry_hexes)}. The lesson game's first Recovery Vehicle arrives so:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(lesson.log, lambda e: "SV-ENTRY-02" in e.ids and "RV 1" in e.message))'''),
    md(f"""**Landing Zone Procedure** (*§I-5-b*, reinforcements only). Choose a Clear, empty, numbered
hex (a hex with a Crown Jewel or a Tunnel Exit chit is not empty) and roll a die:
{", ".join(f"{r} {n.replace('_', ' ')}" for r, n in plain_band(LZ["results"]))}. **On target**:
the Marine lands there at full strength. **Drift**: it lands Disrupted after drifting — two more
dice, the first the direction on the Movement Indicator, the second halved and rounded up the
distance. **Delayed**: it must try to land again, in any legal hex, every following turn until it
does, and may no longer use the entry hex (no new HQ roll). A Marine landing on another Marine
moves to the lowest-numbered eligible adjacent hex; landing on a Vermite, on a NAT Infestation hex
or drifting off the map eliminates it. A Marine that has just landed may not move or fire this
turn. Three drops on hex 334:"""),
    code('''# NBVAL_CHECK_OUTPUT
for faces in ((2,), (4, 3, 5), (6,)):
    after, events = act(rq, "HQ 1", "Request Reinforcements", 5, *faces,
                        answers=["Squad 6", "Land (Landing Zone)", "334"])
    show(events[4:])
print("waiting to land again:", after.lz_delayed)
print(sv_odds.landing_zone_odds().to_string(index=False))
print("drift distance:", {d: str(p) for d, p in sv_odds.drift_distance().items()})'''),
]

# ==================================================================================================
# 7. Marine combat (§J)
# ==================================================================================================
PANTS, ANT, SW = T["pants"], T["ant_gun"], T["secret_weapon"]
sci = M["mad_scientist"]
sw_named = [w.name for i, w in enumerate(D.secret_weapons)
            if D.sources["chits"].provenance_of(f"secret_weapons[{i}].name").kind == "rulebook"]
sci_rows = {k: {r["result"]: r["hits"] for r in T["damage"][k]}
            for k in ("scientist_motorcycle", "scientist_weapon_ready")}
CELLS += [
    md(f"""## 7. Marine combat (*§J*)

All Marine combat is voluntary. **No Marine weapon** — rifle, pistol, A.N.T. Gun, PANTS or Secret
Weapon — can target or affect a Vermite in a **Nest hex** or a **Queen with an Escort** (*§J*).

### 7.1 Standard Marine combat (*§J-1*)

Each Marine fires on its own — Marines never add their CFs together — at one Vermite it names
(the A.N.T. Gun names a hex). Full-strength Heavy Weapons, HQs, Marine Squads and Scouts have
**unlimited range** but must **see** the target: the line from the centre of the firer's hex to the
centre of the target's is **blocked** if it passes through, or along the edge of, any hex in
between that holds blocking terrain (Bamboo Grove, Building, Toxic Tar Pit, *§P*) or **any unit**.
A target standing in blocking terrain can still be hit if nothing in between blocks. Facing does
not matter.

Roll as many dice as the CF, changed by each that applies — **−1**: firing as part of a Shoot and
Scoot; the firer has a NAT marker; the target is in a Bamboo Grove, Bog, Flooded or Building hex —
and **+1**: the firer is next to an HQ; the target is in an adjacent hex. The changes add up; below
CF {MF["minimum_cf"]} there is no fire. Hits and results are as for every attack (section 4.3);
Marines never advance after combat. (A NAT marker also lowers CF by 1 under *§J-7*: by default
the two are the same −1, applied once, `SV-AMB-04`; variant `nat_fire_penalty_twice`.)

The rulebook's example (*§J-1*): on Mapzone Alpha a Marine Squad (CF
{M["squad"].sides["full"].cf}) in 315, an HQ (CF {M["hq"].sides["full"].cf}) in 335 and a
Special Ops (PANTS) in 413; an Ultra-Mite (DN {V["ultra_mite"].full.dn}) in 131 and a Soldier (DN
{V["soldier"].full.dn}) in 316. The HQ sees neither Vermite and cannot fire; the Squad sees both
and fires at 131 with CF 5 (+1 for the HQ beside it): 3 hits flip the Ultra-Mite. The Special Ops'
PANTS reach only 4 hexes, so it can shoot only the Soldier; its die is a 4 — Fried. The Soldier's
death calls for a NAT roll: a 3, enough for a Soldier; the Squad, in the lowest-numbered hex within
two hexes, gets a NAT Tainted marker. The text gives the dice counts, hits and rolls; the Squad's
five faces are ours."""),
    code('''# NBVAL_CHECK_OUTPUT
from rules_lib.core.engine import IllegalChoice

j1 = position({"Squad 1": 315, "HQ 1": 335, "Special Ops 1": 413, "Ultra-Mite #2": 131,
               "Soldier #1": 316})
for marine in ("HQ 1", "Squad 1", "Special Ops 1"):
    try:
        print(f"{marine} may fire at:", options(j1, marine, "Full Fire"))
    except IllegalChoice as no_target:
        print(no_target)
after, events = act(j1, "Squad 1", "Full Fire", 4, 5, 6, 1, 2, answers=["Ultra-Mite #2"])
show(events)
after, events = act(after.to_data(), "Special Ops 1", "Full Fire", 4, 3, answers=["Soldier #1"])
show(events)
print("\\nThe Squad's shot, exactly: 5 dice against DN 3")
print(GAME.odds.combat_odds(5, 3).to_string(index=False))'''),
    md("""What each of them sees (`GAME.line_of_sight(state, hex)`): the Squad's view from 315 and
the HQ's from 335, blocked by the Buildings of New Lancaster and by the units themselves:"""),
    code('''# NBVAL_CHECK_OUTPUT
j1_state = GAME.load_state(j1)
board = GAME.board_view.board(j1_state)
sees = {where: {board.label(h) for h in GAME.line_of_sight(j1_state, where)}
        for where in ("315", "335")}
for where, who in (("315", "Squad 1"), ("335", "HQ 1")):
    print(f"{who} in {where} sees 131: {'131' in sees[where]}, sees 316: {'316' in sees[where]}")'''),
    code('''seen = {h: (h in sees["315"]) + 2 * (h in sees["335"]) for h in sees["315"] | sees["335"]}
draw_map(j1_state, "Line of Sight from 315 (1), 335 (2) and both (3), §J-1",
         overlay=seen, overlay_name="seen from")'''),
    md(f"""**Tunnel Exit chits** can be fired at like a Vermite (*§E-1-c*): DN
{D.tunnel_exit_dn}; a Marine standing on the chit's hex counts as adjacent (+1) but blocks every
other Marine's Line of Sight to it. What hits do to a chit is not stated beyond "damaged:
Partially Collapsed": by default they are read like hits on a Vermite — {STEP}–{ELIM - 1} hits
flip it, or remove it to the Unit Cup if already flipped, {ELIM}+ remove it (`SV-AMB-02`; the
variant `tunnel_exit_only_collapses` only ever flips it). From the lesson game:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(lesson.log, lambda e: "Partially Collapsed" in e.message, before=1))'''),
    md("""### 7.2 Pistols (*§J-2*)

Full-strength Logistics units and **every Disrupted Marine** carry pistols: standard combat, but
only at a Vermite in an **adjacent** hex and **without** the +1 for an adjacent target. A Disrupted
Logistics unit has no pistol and cannot fight. (Whether the M.A.D. Scientist has a pistol is not
stated: by default he has no attack but his Secret Weapon, `SV-AMB-20`; variant
`scientist_has_pistol`, whose CF is assumed, `counters:marines.mad_scientist.pistol_cf`.)"""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(lesson.log, lambda e: "(pistol) fires" in e.message, after=1))'''),
    md(f"""### 7.3 The A.N.T. Gun (*§J-3*)

It enters play **Limbered**. Its action is one of: a Full Move (Limbered), **Unlimber**, Full
Fire (Unlimbered only), **Limber**. It fires through anything, needs no Line of Sight, and aims at a
**hex** holding at least one Vermite. Count the range in hexes (doubled if the gun has a NAT
marker) and roll {ANT["dice"]} dice: a total of {ANT["crash_total"]} means the computer crashed —
no shot, flip the gun to Limbered; otherwise a total **greater than the range** hits every Vermite
in the hex: Soldiers and Drones are eliminated, Ultra-Mites and Unescorted Queens are Reduced (or
eliminated if already Reduced), Escorted Queens and Tunnel Exit chits are unharmed. The gun has no
Disrupted side: {T["damage"]["ant_gun"][0]["hits"]} or more hits in one attack eliminate it. (Whether
a Queen whose Escort dies to the shot is then hit too is not stated: by default she is not,
`SV-AMB-08`; variant `ant_gun_hits_queen_after_escort`.)"""),
    code('''# NBVAL_CHECK_OUTPUT
gun = position({"A.N.T. Gun": 353, "Soldier #1": 361, "Ultra-Mite #2": 361, "Squad 1": 313})
try:
    act(gun, "A.N.T. Gun", "Full Fire")
except IllegalChoice as limbered:
    print(limbered)
unlimbered = position({"A.N.T. Gun": 353, "Soldier #1": 361, "Ultra-Mite #2": 361, "Squad 1": 313},
                      units={"A.N.T. Gun": {"limbered": False}})
for faces in ((3, 4), (1, 1)):
    show(act(unlimbered, "A.N.T. Gun", "Full Fire", *faces, answers=["361"])[1][1:])
print(sv_odds.ant_gun_odds(max_range=9).to_string(index=False))'''),
    md(f"""### 7.4 PANTS (*§J-4*)

The Special Ops' Portable Anti-NAT Targeting System fires through anything, needs no Line of Sight,
and targets **one Vermite within {PANTS["range"]} hexes** (never an Escorted Queen or a Tunnel
Exit chit; an Escort may be targeted). Roll one die, {sgn(PANTS["shoot_and_scoot"])} in a Shoot and
Scoot, {sgn(PANTS["nat_marker"])} with a NAT marker:

- **{band(PANTS["results"])[0][0]}: Misfire!** No effect; the Special Ops is Disrupted.
- **{band(PANTS["results"])[1][0]}: Jolted!** The target is blasted to a random hex (three dice).
  On a full-strength Marine it is eliminated; on a Disrupted Marine or another Vermite it goes to
  the lowest-numbered empty adjacent hex (eliminated if there is none). An Unescorted Queen is
  instead pushed into the lowest-numbered adjacent hex, and whatever is there is eliminated
  (`SV-PANTS-08`). If that hex is a Nest, the text says two things: §J-4 kills "any Marine or
  Vermite(s)" there, §J's Important Note says no Marine weapon, the PANTS Gun named, affects a
  Vermite in a Nest hex (`SV-MCOMB-02`). By default the Note stands and only the Marines there
  die; variant `queen_push_kills_in_a_nest` kills the Vermites too.
- **{band(PANTS["results"])[2][0]}: Fried!** A Drone or Soldier is eliminated; an Ultra-Mite or
  Unescorted Queen is Reduced, or eliminated if already Reduced.

(A Jolted Vermite landing on a Toxic Tar Pit moves to the lowest-numbered legal adjacent hex, by
default, `SV-AMB-06`.) A Soldier jolted to the empty hex 666, one jolted onto a full-strength
Marine, and a misfire:"""),
    code('''# NBVAL_CHECK_OUTPUT
pj = position({"Special Ops 1": 353, "Soldier #1": 355, "Squad 1": 313})
for faces in ((2, 6, 6, 6), (3, 3, 1, 3, 4), (1,)):
    show(act(pj, "Special Ops 1", "Full Fire", *faces, answers=["Soldier #1"])[1][1:])
for sns, nat in ((False, False), (True, False), (True, True)):
    odds = sv_odds.pants_odds(shoot_and_scoot=sns, nat=nat)
    print(f"Shoot and Scoot {sns!s:5}, NAT {nat!s:5}:",
          ", ".join(f"{r.result} {r.exact}" for r in odds.itertuples()))'''),
    md(f"""### 7.5 The M.A.D. Scientist (*§J-5*)

Professor Otto von Schrödinger starts every game on his motorcycle side (MA
{sci.sides["full"].ma}, assumed: `counters:marines.mad_scientist.full`).

- **Creating a Secret Weapon** (*§J-5-a*): if he **begins** the Marine Action Phase in the
  scenario's Lab, carries no weapon, and spends his whole MA as his action, he builds one: flip him
  to his portrait (Weapon Ready) side. It cannot be used the turn it is made, and no chit is picked
  yet.
- **Using the "Cat"** (*§J-5-b*): on a later turn, a Full Fire action detonates it. Only then pick a
  Secret Weapon chit at random and read its effect on the Secret Weapon Description Chart. Most
  weapons roll two dice, one at a time: the first +{SW["range_modifier"]} is the range in hexes
  ({1 + SW["range_modifier"]}–{6 + SW["range_modifier"]}), the second halved and rounded up is
  how many Vermites within range may be affected, chosen by you. Afterwards he flips back to his
  motorcycle, the chit leaves play (each weapon works once per battle), and he must go back to a
  Lab to build another. Queens in a Nest and Escorted Queens are never affected.
- **Defending** (*§J-5-c*): on his motorcycle, {sci_rows["scientist_motorcycle"]["eliminate"]}
  or more hits eliminate him; carrying a weapon, {sci_rows["scientist_weapon_ready"]["lose_weapon"]}
  –{sci_rows["scientist_weapon_ready"]["eliminate"] - 1} hits cost him the weapon (back to the
  motorcycle) and {sci_rows["scientist_weapon_ready"]["eliminate"]}+ eliminate him.

**The Secret Weapon Description Chart is not in the rulebook.** The text names
{len(sw_named)} of the {len(D.secret_weapons)} weapons — {" and ".join(sw_named)}, which can shoot
down Drones that then stay out of the cup (*§Q-2-f*) — and says some weapons roll no dice. Every
effect, and the other names, are the project's (`chits:secret_weapons[<n>]`, assumed):"""),
    code('''# NBVAL_CHECK_OUTPUT
rows = []
for i, w in enumerate(DATA.secret_weapons):
    rows.append({"weapon": w.name, "name from": chits.provenance_of(f"secret_weapons[{i}].name").kind,
                 "rolls range and count": w.rolls,
                 "range, count": "dice" if w.rolls else f"{w.range}, {w.count}",
                 "effect": w.effect, "targets": w.targets,
                 "effect from": chits.provenance_of(f"secret_weapons[{i}].effect").kind})
print(pd.DataFrame(rows).to_string(index=False))
print()
show(find(lesson.log, lambda e: e.message.startswith("M.A.D. Scientist moves")))  # to a Lab
show(find(lesson.log, has("SV-MAD-02")))              # next turn, built in the Lab
show(find(lesson.log, has("SV-MAD-11"), before=1))    # attacked while carrying it: weapon lost
show(find(lesson.log, has("SV-MAD-04"), after=5))     # a later weapon, detonated'''),
    md(f"""### 7.6 Recovery Vehicles (*§J-6*)

The "Dragons" carry the Crown Jewels and cannot fight; they defend normally. An RV that **enters**
a hex with a Crown Jewel may load one for {M["recovery_vehicle"].load_mp} MP — one Jewel per RV —
and the two travel as a stack; it may go on moving with the MP it has left. The Jewel's bonuses
never help a Marine. An eliminated RV leaves its Jewel in its last hex, for another RV or an
eligible Vermite to pick up. (Loading in the hex where the RV *starts* its move is allowed too —
assumed, the text says "enters".) Here RV 1 drives into 356, loads and drives on:"""),
    code('''# NBVAL_CHECK_OUTPUT
rv = position({"RV 1": 353})  # the Jewels as set up: 2 in 356, 2 in 421, 1 in Nest 1
show(act(rv, "RV 1", "Full Move", answers=["356", "load", "335"])[1])
show(find(lesson.log, has("SV-RV-04"), before=1))     # an RV lost with its Jewel'''),
    md(f"""### 7.7 NAT markers (*§J-7*)

Whenever a Vermite is eliminated, for any reason, its parasitic NATs look for a new host: if a
Marine is within {NAT["range"]} hexes, roll a die. The roll needed depends on what died — Drone
{upto(V["drone"].nat_roll)}, Soldier {upto(V["soldier"].nat_roll)}, Ultra-Mite
{upto(V["ultra_mite"].nat_roll)}, Queen {upto(V["high_queen"].nat_roll)} — and a success
infests the Marine in the lowest-numbered eligible hex: no marker → **NAT Tainted**; Tainted →
**NAT Infected**; already Infected → nothing. A roll of **{NAT["escalates_on"]}** is worse: the
Marine is Infected at once, or **eliminated** if it already had either marker. Every Marine can be
infested — A.N.T. Gun, Scientist and RVs included — and a marker lowers its CF, MA and DN by
{-NAT["modifier"]}. A Drone's Suicide Attack can infest only its target (*§F-1*).
("Within two hexes" is counted in plain hexes, ignoring terrain and Line of Sight, by default,
`SV-AMB-22`; variant `nat_needs_line_of_sight`.) The exact outcome of one NAT roll, by the
Vermite eliminated and the Marine's marker before it:"""),
    code('''# NBVAL_CHECK_OUTPUT
rows = []
for kind in ("drone", "soldier", "ultra_mite", "high_queen"):
    for marker in ("", "tainted", "infected"):
        d = sv_odds.nat_outcome(kind, marker)
        rows.append({"Vermite eliminated": DATA.vermites[kind].name, "marker before": marker or "none",
                     **{after: str(d.p(after)) for after in ("none", "tainted", "infected",
                                                             "eliminated")}})
print(pd.DataFrame(rows).to_string(index=False))'''),
]

# ==================================================================================================
# 8-10. Recovery, Purging, End phase, victory (§K, §L, §M, §N)
# ==================================================================================================
CELLS += [
    md("""## 8. The Marines Recovery Phase (*§K*)

Every Disrupted Marine that is **not next to a Vermite** flips back to full strength, by itself.
Here Squad 1 and Squad 2 are both Disrupted; during the Vermites' movement a Drone flies (its three
dice forced) to 444, next to Squad 2:"""),
    code('''# NBVAL_CHECK_OUTPUT
rec = play(position({"Squad 1": 423, "Squad 2": 445, "Drone #4": "Nest 1"},
                    units={"Squad 1": {"reduced": True}, "Squad 2": {"reduced": True}}), 4, 4, 4)
show(find(rec.log, lambda e: "flocks" in e.message))
show(part(rec, phase="Marines Recovery"))
print({u: "Disrupted" if rec.state.unit(u).reduced else "full strength" for u in ("Squad 1", "Squad 2")})'''),
    md("""## 9. The NAT Purging Phase (*§L*)

Each Logistics unit lowers its own NAT marker by one level (Infected → Tainted → none) and does the
same for **one** Marine next to it — even if it took an action this turn. Here the Logistics unit is
Tainted, and the Squads next to it are Infected and Tainted. The Infected one survives this turn's
NAT Effect roll (forced to 5); then the Marine player chooses which Squad is purged (here the
Infected one):"""),
    code('''# NBVAL_CHECK_OUTPUT
pur = play(position({"Logistics": 424, "Squad 3": 425, "Squad 4": 423},
                    units={"Logistics": {"nat": "tainted"}, "Squad 3": {"nat": "infected"},
                           "Squad 4": {"nat": "tainted"}}), 5)
show(part(pur, phase="NAT Effect") + part(pur, phase="NAT Purging"))
print({u: pur.state.unit(u).nat or "none" for u in ("Logistics", "Squad 3", "Squad 4")})'''),
    md("""## 10. The End Phase and victory (*§M*, *§N*)

If no Instant Victory or Loss has happened and at least one Event Chit is left in the cup, the
next Game Turn begins (*§M*). So the game normally ends at the end of the turn in which the cup
was emptied (*§N*); it ends at once with an **Instant Loss** when no Marine is left on the map
(*§N*), and each scenario adds its own ends and victory levels (*§Q*, section 13). (In Scenario 2
the Marines start off the map: by default the map counts as empty of Marines only from the end of
Turn 1's Marine Action Phase, once they have come on, `SV-AMB-09`; the variant
`instant_loss_counts_waiting_marines` waits while any Marine is still due.) The lesson game's last
turn ends so:"""),
    code('''# NBVAL_CHECK_OUTPUT
show(lesson.log[-2:])
print(GAME.summary(lesson.state))'''),
]

# ==================================================================================================
# 11. Two-player option (§O)
# ==================================================================================================
CELLS += [
    md("""## 11. The two-player option (*§O*)

A second player can run the Vermites: their counters, their dice, and one choice — each turn the
Vermite player draws **two** Event Chits, picks the one used, and returns the other to the cup. A
successful Marine Recon takes that choice away: the Marine player makes it instead. This is the
variant `two_player` (the Vermites' side then answers the chit decision; their policy here is the
engine's `random`). The extra chit of a B.U.R.P. or B.E.L.C.H. is by default a single random draw,
and several successful Recons give one choice (`SV-AMB-12`; variant `extra_chit_chosen_too`)."""),
    code('''# NBVAL_CHECK_OUTPUT
two = play(position({}, chits=("NAT Plague", "Bogs Flood", "Frogs Croak")), 3, 1,
           variants=["two_player"], draw_first=False)
show(part(two, step="Event Chit")[:3])'''),
]

# ==================================================================================================
# 12. Terrain (§P)
# ==================================================================================================
TR = D.terrain
CELLS += [
    md(f"""## 12. Terrain features and effects (*§P*)

**On both maps** (*§P-1*):

- **a. Bamboo Grove** (*§P-1-a*): {TR["bamboo"].cost} MP to enter — except for Vermites moving along a Scent
  Trail and for any unit moving along a Road/Bridge; defensive (attacker −1 CF); blocks Line of
  Sight.
- **b. Bog** (*§P-1-b*): {TR["bog"].cost} MP with the same exceptions; defensive; does not block Line of Sight.
  **Flooded**: when the Bogs Flood chit is drawn, every Bog and every hex next to one is Flooded
  for that turn only: **every** unit pays {D.flooded_cost} MP to enter, even along a Scent Trail or a
  Road/Bridge, and the hex is defensive.
- **c. Building** (*§P-1-c*): a Road hex too, connected to every Building or Road next to it; defensive; blocks
  Line of Sight.
- **d. Clear** (*§P-1-d*): {TR["clear"].cost} MP.
- **e. Road** (*§P-1-e*): a Marine going from a Road/Bridge hex to a connected, unflooded Road/Bridge hex pays
  only {half(D.road_marine_cost)} MP, whatever else is in the hex; Vermites pay {D.road_vermite_cost} MP.
- **f. Scent Trail** (*§P-1-f*): begins at a large dot, runs through small dots, ends at the X. A Soldier,
  Ultra-Mite or Queen entering a trail hex must follow it to its end (unless moved off it), then
  goes on in the Preferred Direction. Moving between connected trail hexes costs Vermites
  {D.trail_vermite_cost} MP whatever the terrain, except {D.flooded_cost} MP into a Flooded hex.
  Soldiers using Tunnel Movement and all Marines ignore trails. (Stepping onto a trail from off it
  pays the hex's own terrain, default reading of `SV-AMB-17`, section 4.2.)
- **g. Toxic Tar Pit** (*§P-1-g*): no unit may enter except along a Road/Bridge; Vermites go round it (*§D-2*);
  blocks Line of Sight.

**Mapzone Alpha only** (*§P-2*): **h.** the Crown Jewel Locations (*§P-2-h*); **i.** the **Jewel Exit
Trails** (*§P-2-i*) — not Scent Trails: they steer only a Soldier or Ultra-Mite carrying a Jewel, which
follows its trail paying every terrain cost to the Nest Tunnel Entrance, and goes back to normal
movement if it is ever off the trail; **j. NAT Infestation** (*§P-2-j*) — each Nest and the five Clear hexes
around it: no Marine may ever enter them on purpose, and a Marine forced in by any game effect is
eliminated; **k. Nest** (*§P-2-k*) — a safe haven: nothing in it can be targeted, attacked or destroyed by the
Marines, any number of units may stack there, Vermites also come and go through the hexes next to
it, and it is Clear terrain (the Nest is its single X hex); **l. Nest Tunnel Entrance** (*§P-2-l*) —
indestructible one-way openings back to the home Nest, which Marines can block by standing on
them: a Vermite entering one goes straight back into the Vermite Unit Cup and its Jewel into that
Nest, Clear terrain; **m. Nest Tunnel Exit** (*§P-2-m*) — opens when its chit is placed on it, stays
operational when damaged (Partially Collapsed), Clear terrain.

The text sends **every** Vermite entering a Nest Tunnel Entrance back to the cup, not only Jewel
carriers; the game plays it so by default (`SV-AMB-15`; variant
`tunnel_entrance_only_jewel_carriers`); a Drone that lands there stays (assumed: the catalogue
leaves it open and suggests so).

**Mapzone Beta only** (*§P-3*): **n. Bridge** (*§P-3-n*) — a Road/Scent Trail hex for movement, a Toxic Tar
Pit for Line of Sight; **o. Queen's Psychic Whip** (*§P-3-o*) — Soldiers, Ultra-Mites and Queens that begin
their move within 5 hexes of the west edge get +{D.psychic_whip_ma} MA (read as the
{BETA.psychic_whip_columns} westernmost columns, `beta:psychic_whip_columns`, assumed); **p. Vermite
Entry** hexes (*§P-3-p*) — where Vermites come on, any number may stack; **q. The Wormhole** (*§P-3-q*) — Clear terrain,
shut down, no effect.

**Reminders**: Bamboo Groves, Buildings, Toxic Tar Pits, Vermites and Marines block Line of Sight;
Bamboo Groves, Bogs, Buildings and Flooded hexes give the attacker −1 CF; Drones never pay terrain
costs but do gain the defensive benefit of their hex. The terrain table the engine reads
(`data/terrain.yaml`):"""),
    code('''# NBVAL_CHECK_OUTPUT
print(pd.DataFrame([{"terrain": name, "MP to enter": t.cost, "defensive": t.defensive,
                     "blocks Line of Sight": t.blocks_los, "enterable": t.enterable,
                     "is a road": t.road} for name, t in DATA.terrain.items()]).to_string(index=False))
print("road (Marines, connected):", DATA.road_marine_cost, "MP; Vermites:", DATA.road_vermite_cost,
      "MP; Scent Trail (Vermites):", DATA.trail_vermite_cost, "MP; Flooded:", DATA.flooded_cost, "MP")'''),
    md("""A Squad on the road in 425: what its road moves cost on a normal turn and on a Bogs Flood
turn, when 462 and 515 are Flooded because they touch the Bog in 461 (`GAME.reach` reads the
state's flood); and a Marine next to Nest 1's NAT Infestation hexes, none of which it can reach:"""),
    code('''# NBVAL_CHECK_OUTPUT
road = position({"Squad 1": 425})
for flooded in (False, True):
    st = GAME.load_state(dict(road, flooded=flooded))
    board = GAME.board_view.board(st)
    reach = {board.label(h): mp for h, mp in GAME.reach.movement_reach(st, "Squad 1").items()}
    print(f"Flooded {flooded!s:5}:", {h: str(reach[h]) + " MP" for h in ("462", "515", "542")})
st = GAME.load_state(position({"Squad 1": 245}))
reach = {board.label(h) for h in GAME.reach.movement_reach(st, "Squad 1")}
nest = board.hex_at("Nest 1")
ring = ["Nest 1"] + [board.label(n) for n in board.neighbors(nest) if board.terrain_at(n) == "clear"]
print("NAT Infestation of Nest 1:", ring, "| reachable from 245:", [h for h in ring if h in reach])'''),
]

# ==================================================================================================
# 13. The scenarios (§Q)
# ==================================================================================================
fj_levels = ", ".join(f"{r['jewels']} Jewel{'s' if r['jewels'] != 1 else ''}: {r['level']}"
                      for r in FJ["levels"])
esc = GM["vp"]["escaped"]
hordes = GM["hordes"]
rows_text = "; ".join(
    f"{', '.join(map(str, r['rolls']))}: one in each of Entry hexes {', '.join(map(str, r['entry_hexes']))}"
    for r in hordes["rows"])
CELLS += [
    md(f"""## 13. The scenarios (*§Q*)

### 13.1 The Family Jewels (*§Q-1*, Mapzone Alpha)

The Marines must carry the Crown Jewels — whose power lets the Queens spawn so fast — out of the
Vermites' reach. Its set-up (*§Q-1-a*, *§Q-1-b*) is section 2. **Special rules** (*§Q-1-c*):

- Reinforcements an HQ calls enter at hex {ALPHA.marine_entry_hexes[0]}, by the Landing Zone
  Procedure or by Jump Pack.
- A **Recovery Vehicle carrying a Jewel** that leaves the map by the west edge, through any hex from
  {ALPHA.jewel_exit_hexes[0]} to {ALPHA.jewel_exit_hexes[-1]}, has saved that Jewel and becomes
  an automatic reinforcement again: remove its NAT markers and put it on the turn track
  {FJ["rv_return_turns"]} turns on (leaving on Turn 6, it returns on Turn 9). How it leaves is not
  stated: by default stepping off the edge hex costs {FJ["rv_exit_mp"]} MP (`SV-AMB-19`,
  `scenarios:family_jewels.rv_exit_mp`, assumed; variant `rv_exit_free`), and it comes back at hex
  {ALPHA.marine_entry_hexes[0]}.
- Eliminated Vermites go straight back into the Vermite Unit Cup, to be spawned again.
- Tunnel Exit chits and the Child Queen drawn as spawn: section 4.4.
- The direction on Alpha: section 4.1 (blue south of the road, yellow on or north of it).
- **Vermite Sneak Attack**: the Bogs Flood chit points south for Nest 1 (blue 4) and north for
  Nest 2 (yellow 1). Those heading south from Nest 1 follow a Scent Trail to hex 221 on the north
  edge, those heading north from Nest 2 one to hex 613 on the south edge, and no Soldier uses Tunnel
  Movement that turn. The trail's route is not given: by default a Vermite that would leave the
  south (north) edge comes back in at 221 (613) and goes on with the MP it has left (`SV-AMB-03`;
  variant `sneak_attack_stops_at_trail_end`).

**Victory** (*§Q-1-d*): an **Instant Victory** as soon as {FJ["instant_victory_jewels"]} Crown
Jewels have gone off the map through hexes {ALPHA.jewel_exit_hexes[0]}–{ALPHA.jewel_exit_hexes[-1]};
otherwise, at the end, by the Jewels taken off — {fj_levels} — one level lower if the Marines lost
more than {FJ["marine_losses_reduce"]["more_than"]} units.

An RV leaving on Turn 6 with its Jewel (the rulebook's example):"""),
    code('''# NBVAL_CHECK_OUTPUT
out = position({"RV 2": 121}, units={"RV 2": {"jewels": 1, "nat": "tainted"}}, turn=6,
               jewels={"356": 1, "421": 2}, nest_jewels={"1": 1})  # the other four Jewels
after, events = act(out, "RV 2", "Full Move", answers=["exit via 116"])
show(events)
rv2 = after.unit("RV 2")
print(f"Jewels off the map: {after.jewels_exited}; RV 2 is on the {rv2.status.replace('_', ' ')} "
      f"for Turn {rv2.arrival_turn}, NAT marker: {rv2.nat or 'none'}")'''),
    md("""The Sneak Attack in the lesson game's second turn: Vermites heading off the south edge come
back in at 221, those heading off the north edge at 613, and no Soldier tunnels:"""),
    code('''# NBVAL_CHECK_OUTPUT
show([e for e in part(lesson, turn=2, step="Movement") if "Sneak Attack" in e.message])'''),
    md(f"""How the lesson game ended, and a game the commander wins at once (seed {WIN_SEED}): the
fourth Jewel goes off the map:"""),
    code(f'''# NBVAL_CHECK_OUTPUT
print(GAME.summary(lesson.state)["outcome"], "—", lesson.state.jewels_exited, "Jewels off,",
      lesson.state.marines_lost, "Marines lost")
win = GAME.new_game("family_jewels", seed={WIN_SEED}, policies={{"Marines": "commander"}})
win.run_to_end()
show([e for e in win.log if "exits the west edge" in e.message] + win.log[-1:])'''),
    md(f"""### 13.2 The Great Migration (*§Q-2*, Mapzone Beta)

The Vermites have left their Nests and march east to the Great Meeting Place off the map's east
edge; the Marines must stop the swarm. Recovery Vehicles, Tunnel Exit chits and Crown Jewels are
not used.

**Vermite set-up** (*§Q-2-a*): split the Vermites into Drones, Soldiers, and Queens with
Ultra-Mites. Put the Soldiers in the Unit Cup, draw {GM["soldiers_at_start"]} and place them one
per Vermite Entry hex in the order drawn; then the Drones go into the cup (with the Soldiers left
there), and the Queens and Ultra-Mites wait off the west edge to enter on Turn
{hordes["queens_turn"]}. (Where the Entry hexes are is map data, assumed:
`beta:vermite_entry_hexes`.)

**Marine set-up** (*§Q-2-b*): off the east edge, {GM_MARINES["hq"]} HQ,
{GM_MARINES["logistics"]} Logistics, {GM_MARINES["squad"]} Marine Squads and the Scientist (Harley
side up; his Lab is the Science Station, hex {BETA.labs["Science Station"]}). They enter through
hexes {", ".join(BETA.marine_entry_hexes)} during the Marine Action Phase, split as you like, never
by Landing Zone.

**The Vermite Hordes** (*§Q-2-c*), the Reinforcement Step of this scenario. **Turn
{hordes["queens_turn"]}**: the three Queens go into three different random Entry hexes, then one
random Ultra-Mite into each of the six Entry hexes; an Ultra-Mite sharing a hex with a Queen is
her **Escort**. **Later turns**: roll a die — {rows_text}; then, on a roll of
{hordes["extra_on"][0]}–{hordes["extra_on"][-1]}, roll again and add one more random Vermite in the
Entry hex of that number. Entry hexes have no stacking limit. (The text does not say where the
Ultra-Mites not placed on Turn 1 go: by default into the Unit Cup for later Hordes, `SV-AMB-18`;
variant `spare_ultra_mites_out`. A Queen's die naming an Entry hex another Queen holds is rolled
again, and a Marine standing on an Entry hex keeps that Horde's Vermite out — both assumed.)"""),
    code(f'''# NBVAL_CHECK_OUTPUT
migration = GAME.new_game("great_migration", seed={MIGRATION_SEED}, policies={{"Marines": "commander"}})
migration.run_to_end()
show([e for e in migration.log if e.phase == "Set-Up"])
show(part(migration, turn=1, step="Reinforcement"))
show([e for e in part(migration, turn=1, phase="Marine Action") if e.kind != "decision"])
show([e for e in part(migration, turn=2, step="Reinforcement") if e.kind == "roll"])'''),
    code('''first = next(e.index for e in migration.log if e.turn == 2)
draw_map(migration.replay_to(first).state, "The Great Migration at the end of Turn 1")'''),
    md("""**Queens and Escorts** (*§Q-2-d*): above ground a Queen moves and fights like a Soldier or
Ultra-Mite. She and her Escort stay together until the Escort is eliminated or moved away; they
move together, in the same direction, with **the Queen's MA**, and enter a hex only if there is
room for both. **The Escort must be attacked first: the Queen cannot be affected by Marine combat
at all unless she is alone in her hex.** An Unescorted Queen moving into or through a hex with an
Ultra-Mite or Soldier takes it as her new Escort (an Ultra-Mite rather than a Soldier), even if it
has moved already, and goes on; an Ultra-Mite or Soldier moving into an Unescorted Queen's hex stops
and becomes her Escort, and moves again with her in the Queens' step."""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(migration.log, lambda e: e.step == "Movement" and "High Queen and" in e.message, after=3))
show(find(migration.log, has("SV-S2-13")))
show(find(migration.log, has("SV-S2-16")))
escorted = position({"Squad 1": 334, "Special Ops 1": 353, "High Queen": 335, "Ultra-Mite #2": 335},
                    scenario="great_migration", units={"Ultra-Mite #2": {"escort_of": "High Queen"}})
print("Squad 1 may fire at:", options(escorted, "Squad 1", "Full Fire"),
      "| Special Ops 1 (PANTS) at:", options(escorted, "Special Ops 1", "Full Fire"))
after, events = act(escorted, "Squad 1", "Full Fire", 6, 6, 6, 6, 6, 5, answers=["Ultra-Mite #2"])
show(events[1:])
print("with her Escort gone, Special Ops 1 may fire at:",
      options(after.to_data(), "Special Ops 1", "Full Fire"))'''),
    md(f"""**Marine reinforcements** (*§Q-2-e*) called by an HQ enter through hexes
{", ".join(BETA.marine_entry_hexes)}, by Landing Zone, or by Jump Pack.

**Special rules** (*§Q-2-f*):

- The battle ends at once, on any turn, when the only Vermites left on the map are Drones.
- **Magnetic Storm**: on Beta the Bogs Flood chit shows "*" instead of a direction. When it is
  drawn each Drone flocks as usual, then each Soldier, Ultra-Mite, Unescorted Queen or Queen and
  Escort that would move rolls a die and moves that way, ignoring Scent Trails (but still paying
  only 1 MP along trail hexes). Whether the Bogs also flood is not said: by default they do
  (`SV-AMB-10`; variant `magnetic_storm_without_flood`).
- **Piles**: Soldiers, Ultra-Mites and Queens eliminated by Marine combat go to the **Eliminated**
  pile; those that leave by the east edge to the **Escaped** pile; eliminated Marines to their own
  pile. Drones eliminated by a Suicide Attack or by Marine combat, and any unit eliminated by an
  event, go back into the Unit Cup — except Drones shot down by The Kitten (`SV-S2-24`,
  `SV-CF-13`). Scenario 1's rules (*§Q-1-c*) send every eliminated Vermite back to the cup and
  name no such exception: by default the Kitten's Drones leave the game on Mapzone Alpha too, and
  the log marks that reading as assumed; variant `kitten_kills_go_to_the_cup_on_alpha` reads
  §Q-1-c alone (`SV-S1-12`).

**Victory** (*§Q-2-g*): +{GM["vp"]["eliminated_vermite"]} VP for each unit in the Eliminated
pile; for each Escaped Vermite the Marines lose {-esc["high_queen"]} VP (High Queen),
{-esc["sister_queen"]} (Sister Queen), {-esc["child_queen"]} (Child Queen) or
{-esc["soldier"]} (a Soldier or Ultra-Mite); and they lose {-GM["vp"]["marine_lost"]} VP for each
Marine lost.
The net score gives the level: {levels_text(GM["levels"])}."""),
    code('''# NBVAL_CHECK_OUTPUT
show(find(migration.log, has("SV-S2-19"), before=2))
show(find(migration.log, lambda e: "rolls direction" in e.message, after=3))
show(find(migration.log, has("SV-S2-22")))
show(migration.log[-1:])
summary = GAME.summary(migration.state)
eliminated = sum(1 for u in migration.state.units if not u.is_marine and u.status == "eliminated")
print(f"{eliminated} in the Eliminated pile, escapes {summary['escaped_vp']} VP, "
      f"{summary['marines_lost']} Marines lost: {summary['vp']} VP -> {summary['outcome']}")'''),
    md(f"""### 13.3 The Campaign Game (*§Q-3*)

Play *The Family Jewels*, then *The Great Migration*, with these rules.

**Battle 1**: keep a pile of eliminated Marines; at the end write down how many Jewels are still on
the map outside the Nests (0–4) — by default Jewels still carried by Vermites count too
(`SV-AMB-21`; variant `campaign_counts_lying_jewels_only`); score +{CA["jewel_exited_vp"]} VP per
Jewel taken off the map and {sgn(CA["marine_lost_vp"])} VP per Marine lost.

**Battle 2**: if one Jewel or more was written down, hand them to the Queens in the order
{", ".join(V[k].name for k in CA["queen_jewel_order"])}; their bonuses add up (DN still at most
{JB["max_dn"]}). A Jewel dropped when its Queen dies can be picked up, for 1 MP before it moves on,
by a Soldier, Ultra-Mite or another Queen entering its hex; a Queen may carry several. Score as in
*The Great Migration*.

**Campaign victory**: add both scores — {levels_text(CA["levels"])}."""),
    code(f'''# NBVAL_CHECK_OUTPUT
campaign = GAME.new_game("campaign", seed={CAMPAIGN_SEED}, policies={{"Marines": "commander"}})
campaign.run_to_end()
show([e for e in campaign.log if e.rule == "Space Vermin §Q-3"])'''),
]

# ==================================================================================================
# 14. How to play: the checklist; 15. What next
# ==================================================================================================
HOW_TO_PLAY = [
    md(f"""## 14. How to play — the whole game on one page

**Set up** (*§C-1*, *§Q*): the scenario's map and units (*§Q-1-a*, *§Q-1-b* or *§Q-2-a*,
*§Q-2-b*); every other Vermite in the Vermite Unit Cup; all {N_CHITS} Event Chits in the Event Cup;
the {len(D.secret_weapons)} Secret Weapon chits aside, generic side up.

**Every Game Turn** (*§C-2*), until the Event Cup is empty ({N_CHITS - N_EXTRA} or
{N_CHITS - N_EXTRA + 1} turns) or an instant end:

- [ ] **a. Vermite Action Phase** (*§C-2-a*)
  - [ ] **1. Event Chit Step** (*§D*): draw a chit (two, and choose, after a Successful Recon);
    set the Preferred Direction (Alpha: blue south of the road, yellow on or north of it; Beta: one
    number); resolve its event (B.U.R.P./B.E.L.C.H.: draw another, keep the first chit's arrows;
    Bogs Flood: Flooded hexes and the Sneak Attack or the Magnetic Storm).
  - [ ] **2. Movement Step** (*§E*), each type lowest Unit ID first: **a)** Drones fly to a
    three-dice hex — on a Marine, a Suicide Attack (*§F-1*); **b)** Ultra-Mites; **c)** Soldiers
    through operational Tunnel Exits (Scenario 1); **d)** Soldiers; **e)** Queens with their Escorts,
    High, Sister, Child (Scenario 2). A non-Drone spends its MA in the Preferred Direction,
    lowest-numbered hex when it has a choice; Scent Trails, Tar Pits, map edges and Jewel Exit
    Trails override (*§D-2*); it stops on entering a hex next to a Marine and does not move if it
    starts next to one; a Jewel hex stops a Soldier or Ultra-Mite; at most
    {D.vermite_stack_limit} non-Drones per hex (*§E-3*).
  - [ ] **3. Combat Step** (*§F-2*): each hex of non-Drones next to a Marine attacks the Marine in
    the lowest-numbered adjacent hex, lowest attacking hex first; CFs added, −1 against defensive
    terrain; each die above the DN hits: {STEP - 1} — nothing, {STEP}–{ELIM - 1} — Disrupted or
    eliminated, {ELIM}+ — eliminated; the attackers advance into an emptied hex.
  - [ ] **4. Reinforcement Step**: the Queens spawn SN + {D.jewel_spawn_bonus} per Jewel in their
    Nest (Scenario 1, *§G*), or the Hordes arrive (Scenario 2, *§Q-2-c*).
- [ ] **b. NAT Effect Phase** (*§H*): each NAT Infected Marine rolls; {upto(nat_die)} eliminates it.
- [ ] **c. Marine Action Phase** (*§I*, *§J*): each Marine, in any order, one action — Full Move
  (or Jump Pack), Full Fire, Shoot and Scoot, Recon, Rally, Request Reinforcements; the A.N.T. Gun
  limbers, unlimbers, moves or fires; the Scientist builds or detonates; off-map Marines enter.
  Each Vermite that dies calls for a NAT roll (*§J-7*).
- [ ] **d. Marines Recovery Phase** (*§K*): Disrupted Marines not next to a Vermite recover.
- [ ] **e. NAT Purging Phase** (*§L*): each Logistics unit lowers its own NAT marker and one
  neighbour's by one level.
- [ ] **f. End Phase** (*§M*): a chit left in the cup — next turn; none — the battle is over.

**Winning**: no Marine on the map is an Instant Loss (*§N*). *The Family Jewels*:
{FJ["instant_victory_jewels"]} Jewels off the map win at once; otherwise {fj_levels}, one level
lower for more than {FJ["marine_losses_reduce"]["more_than"]} Marines lost (*§Q-1-d*). *The Great
Migration*: it ends at once when only Drones are left; +{GM["vp"]["eliminated_vermite"]} VP per
Soldier, Ultra-Mite or Queen the Marines eliminate, minus the Escaped Vermites and the Marines lost:
{levels_text(GM["levels"])} (*§Q-2-g*). *The Campaign*: the two battles' VP added:
{levels_text(CA["levels"])} (*§Q-3*)."""),
    md("""## 15. What next

Play a game yourself: in the explorer above (its Play tab) or the stepper of section 3, choose
`person` for the Marines and answer each decision; switch on the rule variants you prefer. Every
assumed value is listed in `docs/assumptions.md` and can be changed for a game with
`data_overrides`. To study balance, notebook `05_designer_playtesting.ipynb` and the command line
(`rules-explorer simulate space_vermin --scenario family_jewels -n 500`) play many games.
To learn by predicting, switch on **? Quiz me** in the stepper (also the explorer's Play
tab): it stops before each event of the kinds you tick, asks what happens next with the
engine's own alternatives as buttons, then shows the rule that decided it."""),
    code("""# Test yourself: what happens next? Questions from seeded games, the engine's own
# alternatives as buttons; each answer says what the engine did and which rule decided it.
from widgets.teaching import QuizPanel

QuizPanel("space_vermin", seed=0, n=5)"""),
]

# ==================================================================================================
# 16. Beyond the lesson: odds studies and designer material
# ==================================================================================================
CELLS += [
    md("""## Beyond the lesson: odds studies and designer material

Not needed to play: what the dice do over many games, for designers and the curious. The lesson
ends with the one-page summary after this part.

### Marine fire at a glance

P(Reduced) and P(eliminated) of a Marine's fire, by net CF and the target's DN — the same
enumeration of the dice pool as `GAME.odds.combat_odds` (*§J-1*):"""),
    code('''grid = pd.concat([GAME.odds.combat_odds(cf, dn).assign(CF=cf, DN=dn)
                  for dn in (1, 2, 3, 4) for cf in range(1, 9)])
colours = {1: "#d62728", 2: "#2ca02c", 3: "#1f77b4", 4: "#9467bd"}
bars = []
for dn in (1, 2, 3, 4):
    reduced = grid[(grid.DN == dn) & (grid.result == "reduced")]
    eliminated = grid[(grid.DN == dn) & (grid.result == "eliminated")]
    bars.append(go.Bar(x=[f"CF {c}" for c in reduced.CF], y=reduced.probability,
                       name=f"DN {dn}: reduced", offsetgroup=str(dn), legendgroup=str(dn),
                       marker=dict(color=colours[dn], opacity=0.5)))
    bars.append(go.Bar(x=[f"CF {c}" for c in eliminated.CF], y=eliminated.probability,
                       base=reduced.probability.values, name=f"DN {dn}: eliminated",
                       offsetgroup=str(dn), legendgroup=str(dn), marker=dict(color=colours[dn])))
go.Figure(bars, layout=go.Layout(title="Marine fire: P(reduced) and P(eliminated) stacked, by CF "
                                 "and target DN (§J-1)", barmode="group", height=420,
                                 yaxis=dict(title="probability", range=[0, 1])))'''),
    md("""### The Family Jewels, many times

`run_games` plays complete seeded games (the Vermites by their procedure, the Marines by a policy)
and `summarize` gives each outcome's rate with a 95% interval; `compare` tells whether the two
Marine commanders differ. Twenty games each keep this quick, so the intervals are wide; the command
line narrows them."""),
    code('''from rules_lib.playtest import compare, run_games, summarize

commander_games = run_games("space_vermin", 20, seed=1, scenario="family_jewels",
                            policies={"Marines": "commander"})
heuristic_games = run_games("space_vermin", 20, seed=1, scenario="family_jewels",
                            policies={"Marines": "heuristic"})
display(summarize(commander_games).round(3))
print(compare(commander_games, heuristic_games, "Loss"))'''),
    md("""### Explore

The explorer is the same game in one widget: the map with its counters, **Play** (step the game
by event, step, phase or turn; click a log row to rewind), **Odds** (any fire or attack what-if),
**Reach** (a selected Marine's moves and Line of Sight), **Set-up** (edit a position) and
**Simulate**. The widgets hold no rules: they call the same `get_game("space_vermin")` entry points
as this lesson."""),
    code(f'''from widgets import Explorer

Explorer("space_vermin", scenario="family_jewels", seed={LESSON_SEED})'''),
]
CELLS += [
    md("""### Who is winning, and which choice is best (analysis, not a rule)

From any moment of a game, `rules_lib.analysis` plays seeded continuations to the end. Here the game
pauses at a real decision (`position_at` finds the first Marine action in seeded games) and
`compare_options` plays every option on the same seeds, ranking the options by the deciding player's
win rate with their intervals; an option counts as *worse than the best* only when the paired
interval of the difference lies wholly below it. The continuations are played by the game's own
policies, so the ranking describes these players, and a small batch may leave the options
unseparated: the table then says how many games would separate them."""),
    code("""from rules_lib.analysis import compare_options, position_at

turning_point = position_at("space_vermin", "action", seed=1)
print(turning_point.pending.player, "decides:", turning_point.pending.prompt)
choice = compare_options(turning_point, 25, seed=1)
print("best:", choice.best.option, "| better than every other option beyond doubt:",
      choice.best_is_separated)
choice.to_frame().round(3)"""),
]
CELLS += HOW_TO_PLAY


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

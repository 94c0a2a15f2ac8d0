"""Write notebooks/03_zombies_giants_club.ipynb: a lesson that teaches the whole game.

The lesson follows the order of the house-rules text (sizes, Game Start, the five steps of a turn,
Reach & Snipe, resources, carrying, cards, combat, the Mall, winning, crafting), shows each rule
running in the engine where it is taught, and ends with a "How to play" checklist; odds studies
and designer material come after it. Numbers the prose states are read from the game's data here
(f-strings), and ``tests/notebooks/test_03_prose.py`` checks them, and every section cited, against
the data and the rulebook.

The notebook is executed here (nbclient) and then every output is cleared except those of the cells
marked ``# NBVAL_CHECK_OUTPUT``: those are the outputs `pytest --nbval-lax` compares, and no Plotly
bundle or widget state is stored. Run from the repository root:
``PYTHONPATH=. python tools/make_notebook_03.py``.
"""
from __future__ import annotations

from notebook_tools import ROOT, code, md, write_notebook

from rules_lib.registry import get_game

TARGET = ROOT / "notebooks" / "03_zombies_giants_club.ipynb"

GAME = get_game("zombies_giants")
D = GAME.data()
NORMAL, BIG, HUGE = (D.sizes[s] for s in ("Normal", "Big", "Huge"))
COMBAT = D.rules["combat"]
HP = D.zombie_hp
CR = D.crafting
RAY, POT, ARM = CR["size_ray"], CR["potion_kit"], CR["body_armour"]
N_TILES = len(D.tiles)
N_CARDS = sum(c.count for c in D.cards.values())
POOL = D.files["zombies"].tree["pool"]
MAX_TURNS = D.rules["game"]["max_turns"]
START_CARDS = D.rules["game"]["start_cards"]
KILLS = D.rules["win"]["kills_to_survive"]
ADV = D.rules["zombie_turn"]["advantage_dice"]
CAP = COMBAT["max_zombies_per_square"]
DEMOLISH = COMBAT["demolish_target"]
GRAB = D.rules["grab_cost"]
REACH_MOVES = D.rules["reach_moves"]
CARRY = D.rules["carrying"]
STEP_IN = REACH_MOVES["big_inside_move_in_cost"]
STEP_IN_DOOR = REACH_MOVES["big_inside_door_move_in_cost"]


def dice(n: int) -> str:
    """'d6', '2d6', '3d6'."""
    return "d6" if n == 1 else f"{n}d6"


CELLS = [
    md(f"""# Zombies!!! Giants-Club — learn to play

*Giants-Club* is a set of **house rules** for the board game *Zombies!!!*: every player picks a
Survivor of one of three sizes — Normal, Big or Huge — and the text then changes how the game is
set up, how a turn runs, how fights work, how the Survivors win, and adds crafted items
(§ Zombies!!! Giants-Club Rules). This notebook teaches the whole game in the order of that text,
so that after reading it you can set up and play. Each rule is shown running in the rules library
(`rules_lib.games.zombies_giants`, reached through `rules_lib.registry.get_game`) at the point it
is taught, then with its exact odds where there are any. Odds studies and designer material come
after the lesson, under their own heading.

**Citations.** The house-rules text has headings and no numbers; a rule is cited by its heading,
as (§ Step 3: Move/Fight).

### What is not in the text

The house rules sit on top of the base game and leave out everything they do not change. The
project fills these gaps with data and procedures of its own, and says so wherever they are used:

* **the tiles** — the town and mall tiles, their streets, buildings, doors and exits: a small
  invented set of {N_TILES} tiles (`town.yaml`, assumed as a whole);
* **the event deck** — a stand-in deck of {N_CARDS} cards with base-game names and simplified
  effects (`events.yaml`, assumed as a whole); only the size limits the text gives (§ Card
  specific) are its own;
* **the zombies a new tile brings, and the heart and bullet counters lying on it** — base-game
  set-up of a tile, with counts per tile in `town.yaml` (assumed);
* **where everyone starts** — the Town Square, as in the base game (assumed);
* **a zombie's HP** — {HP}, read from "# x {HP}" (§ Zombies and Combat; the readings are
  ZGC-AMB-07 and ZGC-AMB-08);
* **how long a game lasts** — the text has no time limit; the project stops a game after
  {MAX_TURNS} rounds as "out of time" (`rules.yaml` `game.max_turns`, assumed);
* **the zombie figures** — a pool of {POOL} (`zombies.yaml` `pool`, assumed).

### How the log marks what the project assumed

Every event of a game names the rule it applies (`rule`) and the catalogue IDs (`ids`). Its
`assumed` field is empty when the effect is the rulebook's own, and otherwise gives the reason the
project filled it in: an assumed data value, a base-game rule, or the reading the project chose
where the text can be read two ways (an ambiguity, `ZGC-AMB-nn`). In `game.log_frame()` that is the
column `assumed`; in the stepper's log, and in every log printed below, such a row starts with
**◆**.

### How to switch to the other reading of an ambiguity

Each ambiguity whose readings play differently has a **variant**: pass its name to
`GAME.new_game(..., variants=[...])` (or tick it in the stepper). The next cell lists them all by
section, with what the game does when the variant is off."""),
    code("""import pandas as pd

from rules_lib.core.engine import describe_variants
from rules_lib.games.zombies_giants import positions
from rules_lib.registry import get_game

pd.set_option("display.width", 200)
pd.set_option("display.max_colwidth", 90)
GAME = get_game("zombies_giants")
DATA = GAME.data()
print(GAME.title, "| scenarios:", ", ".join(GAME.scenarios), "| players:", ", ".join(GAME.players))
print(describe_variants(GAME.variants))"""),
    md("""The cell below holds the few helpers the lesson uses to show rules running. A constructed
position is a real game: it is set up by the engine, edited (figures placed with the contract's
set-up editor `GAME.setup`, tiles laid from their piles and the rest of the piles set aside so no
new tile interferes, a card put on top of the deck, a part found in a store:
`rules_lib.games.zombies_giants.positions`), and then played on by the engine from that position.
Every component stays counted once — the game refuses a position with a tile or a card missing or
doubled. Dice are forced with `game.dice.force(...)` where a
rule needs a particular roll; the player answers the decisions the lesson needs and plays the rest
like the project's heuristic player."""),
    code('''PREFIX = "Zombies!!! Giants-Club: "
HEURISTIC = GAME.make_policies()["Survivor 1"]


class Plan:
    """A player who gives the answers listed per decision kind, in order, and otherwise plays like
    the heuristic player. Every decision put to it is kept in `asked`."""

    def __init__(self, **answers):
        self.answers = {k: list(v) if isinstance(v, list) else [v] for k, v in answers.items()}
        self.asked = []

    def choose(self, state, decision, rng):
        self.asked.append(decision)
        queue = self.answers.get(decision.kind)
        if queue:
            answer = queue.pop(0)
            if answer not in decision.options:
                raise ValueError(f"{answer!r} is not legal now; legal: {decision.options}")
            return answer
        return HEURISTIC.choose(state, decision, rng)


def set_up(scenario="normal", seed=1, variants=()):
    """A copy of the state after Game Start, the tiles left in the piles set aside (no new tiles)."""
    game = GAME.new_game(scenario, seed=seed, variants=variants)
    game.next_phase()
    return positions.set_piles_aside(game.state)


def add_tile(state, name, slot, rotation=0, floor=1):
    """A copy with a tile laid at a slot (quarter turns clockwise), as if drawn earlier."""
    return positions.lay_tile(state, name, slot, rotation, floor)


def demo_town(scenario="normal", seed=1, variants=()):
    """Town Square (squares 9-11 x 9-11) with a street north (x=10, y=12-14) and a Hardware
    Store east (its street y=10 at x=12-14, its interior y=11, the door between 13,10 and 13,11)."""
    state = add_tile(set_up(scenario, seed, variants), "Street A", (3, 4))
    return add_tile(state, "Hardware Store", (4, 3))


def from_position(state, seed=1, second=None, **answers):
    """A game that plays on from an edited position: Survivor 1 gives `answers`, Survivor 2
    `second`."""
    plans = {"Survivor 1": Plan(**answers), "Survivor 2": Plan(**(second or {}))}
    return GAME.new_game(state, seed=seed, policies=plans)


def play_until(game, text):
    """Step events up to the first one whose message contains `text`; returns those events."""
    out = []
    while True:
        event = game.step_event()
        if event is None:
            raise RuntimeError(f"the game ended or paused before {text!r}")
        out.append(event)
        if text in event.message:
            return out


def show(events, kinds=None):
    """Print log rows: ◆ marks content the project assumed; the rule cited in brackets."""
    for e in events:
        if kinds is None or e.kind in kinds:
            rule = f"  [{e.rule.replace(PREFIX, '')}]" if e.rule else ""
            print(f"{'◆' if e.assumed else ' '} {e.message}{rule}")'''),

    # ---------------------------------------------------------------------------------------
    md(f"""## 1. Components: the three sizes

At the start each player chooses the size of their Survivor: Normal, Big or Huge
(§ Zombies!!! Giants-Club Rules). "Giants" means Big and Huge. Everything else the players handle —
tiles, event cards, zombies, heart and bullet counters — is the base game's (see above).

**Normal** (§ Normal). A quarter-square figure: four Normals can share a square. It starts with
{NORMAL.start_hearts} heart counters and may keep up to {NORMAL.max_reserve} more in reserve
({NORMAL.start_hearts + NORMAL.max_reserve} at most); the project reads that as
{NORMAL.max_health} health plus {NORMAL.max_reserve} reserve, extra reserve hearts being
lost (the default reading of ZGC-AMB-12; variant `reserve_overflow_stays`). It moves
{dice(NORMAL.movement_dice)} squares a turn, but never fewer squares than its hearts. It starts
with {NORMAL.start_bullets} bullets and may carry any number. A bullet adds
+{COMBAT['bullet_bonus']} to a combat roll, even after the roll is seen; or a bullet buys **Snipe**
for one combat (an attack from {NORMAL.snipe_range} square away: Reach for non-giants). A Giant may
pick a Normal up and carry it; a carried Normal may still spend bullets on the Giant's rolls.

**Big** (§ Big). A figure that fills a whole square. The section says it starts with
{BIG.start_hearts_size_section} hearts (§ Game Start says {BIG.start_hearts}: ambiguity ZGC-AMB-01,
section 2) and may keep any number of reserve hearts. It takes **half damage**: a hit flips a heart
counter to its half side, and a counter already flipped is discarded. It picks up bullets but cannot
use them. It moves {dice(BIG.movement_dice)} squares a turn and rolls a d6 with **Advantage** in
combat — the text never says what Advantage is; the project rolls {ADV}d6 and keeps the higher die
(the default reading of ZGC-AMB-06; variant `advantage_is_one_die`). It has **Reach {BIG.reach}**:
it attacks zombies and grabs things {BIG.reach} square away. It may carry Normals (how many fit on
its stand is not in the text: the project says {BIG.carry_capacity}, `sizes.yaml`
`sizes.Big.carry_capacity`, assumed); it rolls for them and takes their hits. Squeezing through a
doorway costs it {BIG.doorway_cost} squares of movement and each move inside a building
{BIG.building_move_cost}.

**Huge** (§ Huge). A figure two squares wide (the project stands it east-west, the west square
being where it "is": `sizes.yaml` `sizes.Huge.footprint`, assumed). It may overlap out-of-bounds
squares but never a building's interior, and it cannot enter buildings. The section says it starts
with {HUGE.start_hearts_size_section} hearts (§ Game Start: {HUGE.start_hearts}; ZGC-AMB-01) and may
keep any number of reserve hearts. Half damage, as for Big. It picks up bullets but cannot use them.
It has **Reach {HUGE.reach}**, but reaches only {HUGE.reach_past_door} square past a doorway. It
rolls {dice(HUGE.combat_dice)} in every combat and moves {dice(HUGE.movement_dice)} squares a turn.
It may carry one Big or two Normal Survivors. It cannot use Item or Weapon cards, though Event
cards affect it (the text also lets Giants use some cards — § Card specific, section 7 — so the
project lets a Huge Giant use exactly those: the default reading of ZGC-AMB-09; variant
`huge_no_item_cards`). Only a Huge Giant can **demolish** a building (below).

A Giant's health cannot grow past its starting hearts plus armour; the text gives no maximum, so
that cap is the project's (`sizes.yaml` `sizes.Big.max_health`, `sizes.Huge.max_health`, assumed).
The table is read from the game's data; `figure_squares` is how much of a square the figure
fills."""),
    code("""# NBVAL_CHECK_OUTPUT
rows = {}
for name, s in DATA.sizes.items():
    rows[name] = {
        "figure_squares": str(s.figure_squares), "start hearts (Game Start)": s.start_hearts,
        "start hearts (size section)": s.start_hearts_size_section, "bullets": s.start_bullets,
        "reserve limit": "any" if s.max_reserve is None else s.max_reserve,
        "movement": f"{s.movement_dice}d6" + (", at least its hearts" if s.min_speed_is_hearts else ""),
        "combat roll": f"{s.combat_dice}d6 " + ("keep the higher" if s.combat_keep == "highest" else "added"),
        "half damage": s.half_damage, "uses bullets": s.can_use_bullets, "Reach": s.reach,
        "doorway / inside cost": "no entry" if not s.enters_buildings else f"{s.doorway_cost} / {s.building_move_cost}",
        "vents": s.can_use_vents, "Item/Weapon cards": s.can_use_cards, "demolishes": s.can_demolish,
    }
print(pd.DataFrame(rows).to_string())"""),
    md(f"""### Demolition (§ Huge)

A Huge Giant may demolish a building in two ways: roll a combat check against it — {DEMOLISH} or more
destroys it — or be inside it, Normal or Big, when something makes it Huge. A demolished building's
zombies and resources are destroyed, and cards that rely on it can no longer be played. The Town
Square, the Mall Entrance, the Helipad and any nameless tile cannot be demolished.

The text does not say which dice or bonuses the check uses: the project rolls the Huge Giant's own
{dice(HUGE.combat_dice)} with no bonus (the default reading of ZGC-AMB-14; variant
`demolish_with_weapon_bonus`). That it costs {COMBAT['demolish_cost']} square of movement
and may be tried once per building per turn is the project's (`rules.yaml` `combat.demolish_cost`,
`combat.demolish_tries_per_turn`, assumed). Below, a Huge Giant stands on the street in front of a
Hardware Store with two zombies inside; its demolition roll is forced to 5 + 4:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = demo_town("huge")
state = GAME.setup.move(state, "Survivor 1", (12, 10))  # the Huge figure covers 12,10 and 13,10
for square in [(12, 11), (14, 11)]:
    state = GAME.setup.place(state, "zombie", "Zombies", square)
game = from_position(state, move=["demolish Hardware Store", "stop"])
play_until(game, "Step 3: Move/Fight")
game.dice.force(3, 3, 3, 5, 4)  # movement 3d6, then the demolition check
show(play_until(game, "stop"))
print("demolished:", game.state.demolished, "| kills:", game.state.survivors[0].kills)"""),
    md(f"""The exact chance that one check demolishes: {dice(HUGE.combat_dice)} showing {DEMOLISH} or
more."""),
    code("""# NBVAL_CHECK_OUTPUT
from fractions import Fraction
from itertools import product

target = DATA.rules["combat"]["demolish_target"]
rolls = [a + b for a, b in product(range(1, 7), repeat=2)]
p = Fraction(sum(r >= target for r in rolls), len(rolls))
print(f"P(2d6 >= {target}) = {p} = {float(p):.4f}")"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 2. Set-up (§ Game Start)

1. Everyone draws {START_CARDS} event cards. Then every **Negative Event** drawn goes back into the
   deck, which is shuffled. In Co-op "these cards" are laid at the table's edge for all to see —
   the text does not say which cards: the project lays the hands face up (the default reading of
   ZGC-AMB-15; variant `coop_negative_events_laid_aside` lays the returned Negative Events aside
   instead). Co-op is the only mode the text names, and the project plays every game as Co-op.
2. Everyone lays their counters at the table's edge, and draws and discards counters until they
   hold the right number for their size: Normal {NORMAL.start_hearts} hearts and
   {NORMAL.start_bullets} bullets, Big {BIG.start_hearts} hearts and {BIG.start_bullets} bullets,
   Huge {HUGE.start_hearts} hearts and {HUGE.start_bullets} bullets.
3. Everyone starts on the Town Square (not in the text: the base game's start, assumed).

**ZGC-AMB-01: how many hearts does a Giant start with?** The size sections say Big
{BIG.start_hearts_size_section} and Huge {HUGE.start_hearts_size_section}; § Game Start says Big
{BIG.start_hearts} and Huge {HUGE.start_hearts}. The project's default is the numbers of
§ Game Start, as whole counters (it is the set-up step itself). The other readings of ZGC-AMB-01 are variants:
`size_section_hearts` plays the size sections' numbers; `start_hearts_are_halves` reads
the numbers of § Game Start, in turn, as half hearts (a Giant loses a half heart per hit, so Big
{BIG.start_hearts_size_section} counters are {2 * BIG.start_hearts_size_section} halves — that fits Big, not Huge). Section 12 measures how much
the reading matters.

A seeded two-Survivor game (a Normal and a Big) played through Game Start:"""),
    code("""# NBVAL_CHECK_OUTPUT
team = GAME.new_game("team", seed=1)
show(team.next_phase()[:-1])"""),
    md("""The three readings of ZGC-AMB-01, each played through Game Start by the engine (the ◆ rows
say which reading applied):"""),
    code("""# NBVAL_CHECK_OUTPUT
for reading in [(), ("size_section_hearts",), ("start_hearts_are_halves",)]:
    print("variants:", list(reading) or "none (the default)")
    for scenario in ("big", "huge"):
        start = GAME.new_game(scenario, seed=1, variants=reading).next_phase()
        laid = next(e for e in start if "lays out" in e.message)
        print(f"  {laid.message.split(' on the ')[0]}\\n      ◆ {laid.assumed.split(';')[0]}")"""),

    # ---------------------------------------------------------------------------------------
    md("""## 3. The sequence of play (§ Turn Flow)

The players take turns; each turn has five steps, always in this order:

1. **Draw a tile** (§ Step 1: Draw tile)
2. **Event card** (§ Step 2: Event Card)
3. **Move / fight** (§ Step 3: Move/Fight)
4. **The zombies' turn** (§ Step 4: Zombie turn)
5. **Discard chance** (§ Step 5: Discard chance)

In the engine each player's turn is a phase; a round is every player's turn once. The game goes on
until nobody is left in play — everyone has escaped, died or survived by kills (section 10) — or
the project's round cap ends it. Step through a seeded game yourself: **Next step** plays one step,
**Next phase** one player's turn; click a log row to see its rule, its catalogue IDs and, for a ◆
row, why it is assumed."""),
    code("""from widgets.stepper import PhaseStepper

PhaseStepper(GAME, scenario="team", seed=1)"""),
    md("""One whole turn of that game, the Normal Survivor's first (the Big Survivor stands on its
square: a Normal may pass through a square it cannot stop on):"""),
    code("""# NBVAL_CHECK_OUTPUT
show(team.next_phase()[:-1])"""),

    md("""### Step 1: Draw a tile (§ Step 1: Draw tile)

Draw a tile from the pile of the area you are in: the Town pile in town, the Mall pile in the Mall.
Place it next to your own tile if you can; otherwise within your line of sight; otherwise anywhere
it may legally go. Turn it so it has as many open exits as possible. Where exits may meet is the
base game's matter: the project joins a tile only exit to exit, town to town and mall to mall, with
the Mall Entrance joining both (`town.yaml` `gateway`, assumed). A new tile then receives its
zombies and its heart and bullet counters (base game; how many per tile is in `town.yaml`,
assumed). The tiles and their contents:"""),
    code("""tiles = pd.DataFrame([{"tile": t.name, "pile": t.pile, "area": t.area, "layout": t.layout,
                       "zombies": t.zombies, "hearts": t.hearts, "bullets": t.bullets,
                       "nameless": t.nameless} for t in DATA.tiles.values()])
print(tiles.to_string(index=False))"""),
    md("""The tile-placing decision in the first turn of the team game: the engine offers only the places
of the best kind available (here, next to the Survivor's tile), each turned for the most exits."""),
    code("""# NBVAL_CHECK_OUTPUT
replay = GAME.new_game("team", seed=1, policies={"Survivor 1": Plan(), "Survivor 2": Plan()})
replay.next_phase()
show(play_until(replay, "places it"))
asked = next(d for d in replay.policies["Survivor 1"].asked if d.kind == "place_tile")
print("legal places offered:", asked.options)"""),

    md("""### Step 2: Event card (§ Step 2: Event Card)

Draw one Event card, even when your hand is full. A **Negative Event** is played at once, on you.
A positive, weapon or item card goes face up on top of the deck: you may play it this turn, or take
it into your hand in Step 5 once a card has left your hand (played or discarded); a positive card
left unused is shuffled back into the deck.

The text says "once per round" while every player has a turn of their own: the project lets each
player draw in their own turn (the default reading of ZGC-AMB-11); variant
`event_card_once_per_round` lets only the first player of a round draw. The cards themselves are
assumed (`events.yaml`). A Normal draws *Butter Fingers*, a Negative Event, placed on top of the
deck for the lesson:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = positions.stack_deck(demo_town("normal"), "Butter Fingers")
game = from_position(state)
show(play_until(game, "Step 3: Move/Fight")[4:-1])"""),
    md("""The other reading, two players with `event_card_once_per_round`: the second player draws
nothing in round 1."""),
    code("""# NBVAL_CHECK_OUTPUT
game = from_position(demo_town("team", variants=["event_card_once_per_round"]))
play_until(game, "Survivor 2's turn")
show(play_until(game, "Step 3: Move/Fight")[2:-1])"""),

    md(f"""### Step 3: Move and fight (§ Step 3: Move/Fight)

Roll your movement dice ({dice(NORMAL.movement_dice)} Normal, {dice(BIG.movement_dice)} Big,
{dice(HUGE.movement_dice)} Huge): the total is the most squares you may move. A Normal always has
at least as many squares as its hearts (§ Normal). Whether reserve hearts count is not said: the
project counts health hearts only (the default reading of ZGC-AMB-18; variant
`min_speed_counts_reserve`). A street square costs {D.rules['movement']['square_cost']}; the Big and
Huge costs are in section 1.

Moving into a zombie's square starts a **fight**: combat checks, one after another, until the
Survivor wins or dies. A single zombie is beaten by a check of {HP}. A check that falls short costs
the Survivor one heart (a Giant half a heart: section 1), and the target for the next check is
lowered by what was rolled. When no
roll could fail any more, the zombie dies at once — after it has done its damage. (The text also
tells this as zombie HP in § Zombies and Combat; the project reads both as one rule: each short
check takes its total off the HP, {HP} per zombie, default reading of ZGC-AMB-08. A total equal to
the target wins, default reading of ZGC-AMB-07. Variants `target_lowered_only_under_4` and
`target_must_be_exceeded`.)

During Step 3 a Survivor may also reach, snipe, grab, carry, use a reserve heart, give counters,
play cards, craft, crawl through a vent or demolish: each is taught in its own section below, with
its cost in squares of movement.

A Normal with 3 hearts and no bullets, a zombie on the next square. The movement roll is forced to
1 (it still moves 3: its hearts), then the checks to 2 and 1:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = demo_town("normal")
state.survivors[0].bullets = 0
state = GAME.setup.place(state, "zombie", "Zombies", (10, 11))
game = from_position(state, move=["move 10,11", "stop"])
play_until(game, "Step 3: Move/Fight")
game.dice.force(1, 2, 1)
show(play_until(game, "stop"))"""),
    md(f"""Two checks fell short (2, then 1): two hearts lost, the target down to 1, and since no d6
can roll under 1 the zombie dies at once. With bullets, the same first roll of 2 needs only a
bullet's +{COMBAT['bullet_bonus']} (spent after seeing the roll, § Normal):"""),
    code("""# NBVAL_CHECK_OUTPUT
state = demo_town("normal")
state = GAME.setup.place(state, "zombie", "Zombies", (10, 11))
game = from_position(state, move=["move 10,11", "stop"], bullet="spend")
play_until(game, "Step 3: Move/Fight")
game.dice.force(1, 2)
show(play_until(game, "kills"))"""),
    md("""Exact odds of that fight — a Normal with 3 hearts against one zombie — from the game's odds
calculator (`GAME.odds.combat_odds`, an absorbing Markov chain using the same rule functions as the
fight). Without a bullet, then with one, spent only when it turns a roll into a kill:"""),
    code("""# NBVAL_CHECK_OUTPUT
for bullets in (0, 1):
    table = GAME.odds.combat_odds("Normal", hearts=3, bullets=bullets, zombies=1)
    print(f"{bullets} bullet(s):")
    print(table[["result", "hearts_left", "bullets_spent", "exact"]].to_string(index=False))"""),
    md("""**Where can I get to?** The chance that this turn's roll lets a Survivor end its move on each
square (`GAME.reach.movement_reach`): a path may not run through a zombie's square (entering it
starts a fight). A Normal with 3 hearts reaches every square a walk of 3 squares can reach for
certain — that is the minimum speed; farther squares need a roll of 4, 5 or 6. The Normal on the
Town Square of the constructed town, with no zombie about:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = demo_town("normal")
reach = GAME.reach.movement_reach(state, "Survivor 1")
by_chance = {}
for square, p in sorted(reach.items()):
    by_chance.setdefault(p, []).append(square)
for p, squares in sorted(by_chance.items(), reverse=True):
    print(f"P(reach) {str(p):>4}: {len(squares):>2} squares, e.g. {squares[:4]}")"""),
    md(f"""And a Big Giant by the Hardware Store's door: its move costs as the engine offers them —
{BIG.doorway_cost} through the door, {BIG.building_move_cost} inside, 1 on the street (the
`grab parts` option is a Reach action, section 4):"""),
    code("""# NBVAL_CHECK_OUTPUT
state = GAME.setup.move(demo_town("big"), "Survivor 1", (13, 10))
game = from_position(state, move=["move 13,11", "move 12,11", "stop"])
play_until(game, "Step 3: Move/Fight")
game.dice.force(3, 4)
show(play_until(game, "stop"), kinds=("roll", "move"))
for d in game.policies["Survivor 1"].asked:
    if d.kind == "move":
        print(f"{d.data['left']} left, costs:", d.data["costs"])"""),

    md(f"""### Step 4: The zombies' turn (§ Step 4: Zombie turn)

The zombies roll Advantage (as in section 1: {ADV}d6, keep the higher, ZGC-AMB-06); the result is
how many zombies move {D.rules['zombie_turn']['squares_per_zombie']} square each. The zombies
nearest the player move first, and all move at the same time. At most {CAP} zombies may share a
square. A zombie that moves into a Survivor's square attacks it: a fight as in Step 3; two zombies
together must be beaten by {CAP * HP}, and the Survivor still loses one heart per short check.

"Nearest to player" and "the closest player taking their turn" (§ Zombies and Combat) leave open
which player: the project moves the zombies nearest the active player toward that player (the
default reading of ZGC-AMB-13; variant `zombies_chase_nearest_survivor`). A Normal with zombies
around it; Advantage forced to 1 and 4 — four zombies move, nearest first; two step into its square:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = demo_town("normal")
for square in [(10, 11), (11, 10), (10, 12), (10, 13), (10, 13), (12, 10)]:
    state = GAME.setup.place(state, "zombie", "Zombies", square)
game = from_position(state, move="stop", bullet="keep")
play_until(game, "Step 4: Zombie turn")
game.dice.force(1, 4, 3, 3)  # Advantage, then two combat checks
show(play_until(game, "Step 5"))
print("zombies now on:", sorted(tuple(z.loc) for z in game.state.zombies))"""),
    md("""The exact number of zombies that move (Advantage: the higher of two dice) — the core dice
library's distribution:"""),
    code("""# NBVAL_CHECK_OUTPUT
from rules_lib.core.dice import KeepHighest

advantage = KeepHighest(DATA.rules["zombie_turn"]["advantage_dice"]).dist()
print({k: str(p) for k, p in sorted(advantage.items())}, "| mean", advantage.mean())"""),

    md("""### Step 5: Discard chance (§ Step 5: Discard chance)

You may discard one Event card. If a card was revealed on top of the deck in Step 2 and is still
there, you may now take it into your hand — but only if a card left your hand this turn (played or
discarded: § Step 2: Event Card); otherwise it is shuffled back into the deck. Then your turn ends.
Step 5's own words say only that you may now put the card in hand; the project reads them with
Step 2's condition, and variant `revealed_card_free_at_step_5` reads them alone: the card may go to
hand whether or not a card left it.
Last, any zombie wounded but not killed this turn recovers all its HP (§ Zombies and Combat).

*Lots of Ammo* (positive) is revealed in Step 2 of two games. In the first the Normal keeps its
hand; in the second it discards *First Aid Kit*:"""),
    code("""# NBVAL_CHECK_OUTPUT
for discard in ("none", "First Aid Kit"):
    state = positions.stack_deck(demo_town("normal"), "Lots of Ammo")
    game = from_position(state, move="stop", discard=discard, take_card="take")
    events = play_until(game, "Round 2")
    print(f"-- discard {discard!r}; hand before: {state.survivors[0].hand}")
    show([e for e in events if e.step.startswith(("Step 2", "Step 5")) and e.kind != "step"])
    print("   hand after:", game.state.survivors[0].hand)"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 4. Reach and Snipe (§ Reach & Snipe Rules)

* A **Reach** attack — a Giant attacking a zombie up to its Reach away — costs
  {COMBAT['reach_attack_cost']} square of movement; so does grabbing resources or picking up a
  player that way. Repeat combat rolls cost nothing more. After winning, the attacker may move into
  the attacked square.
* A Big Giant that attacks by Reach from inside a building pays {STEP_IN} more square to move into
  the square next to it, {STEP_IN_DOOR} if that means squeezing through a doorway.
* Giants can reach through doorways into buildings to attack or grab; a Huge Giant only
  {HUGE.reach_past_door} square through a door, whatever its Reach.
* **Snipe**: spend a bullet to attack a zombie {NORMAL.snipe_range} square away, with the bullet's
  +{COMBAT['snipe_bonus']}. A failed snipe costs no heart.
* Survivors carried by a Giant may spend bullets on the Giant's combat rolls (section 6).

A Big Giant reaches for a zombie next to it and moves in (checks forced: Advantage 1 and 5):"""),
    code("""# NBVAL_CHECK_OUTPUT
state = GAME.setup.place(demo_town("big"), "zombie", "Zombies", (10, 11))
game = from_position(state, move=["reach 10,11", "stop"], move_in="move in")
play_until(game, "Step 3: Move/Fight")
game.dice.force(2, 3, 1, 5)
show(play_until(game, "stop"))"""),
    md("""A Normal snipes at the zombie next to it and misses (a forced 1, +2 from the bullet = 3): no
heart is lost, and the wounded zombie's HP is down to 1. No roll could now fail to kill it, but the
text does not say whether the "dies at once" rule (§ Zombies and Combat) also ends a failed snipe:
the project's reading, which has no catalogue ID, is that the zombie lives on until it is attacked
again or, at the end of the turn, recovers. Here it steps into the Normal's square in Step 4
(Advantage forced to 1 and 1) and any roll kills it."""),
    code("""# NBVAL_CHECK_OUTPUT
state = GAME.setup.place(demo_town("normal"), "zombie", "Zombies", (10, 11))
game = from_position(state, move=["snipe 10,11", "stop"], discard="none")
play_until(game, "Step 3: Move/Fight")
game.dice.force(1, 1, 1, 1, 1)
show(play_until(game, "Step 5"))"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 5. Hearts and bullets (§ Resource Usage)

* **Reserve hearts** are collected and kept apart from your health; you may use them yourself or
  give them away. The project uses a reserve heart at once when a Survivor's last heart goes
  (`rules.yaml` `game.reserve_auto_use`, assumed); a player may also spend one during Step 3.
* **Bullets** may be collected and shared; anyone may hold any number. Giants cannot use them
  normally; yet a Giant wielding a Size-Ray may spend them (§ Size Ray), so the project lets a Giant
  spend bullets only through a Size-Ray, for Snipe and +{RAY['bullet_bonus']} or to recharge it (the default reading of
  ZGC-AMB-10; variant `giants_never_spend_bullets` keeps them for recharging only).
* Normals and Big Giants may use Weapon and Item cards; Huge Giants may not (but see § Card
  specific, section 7).
* A Survivor may spend only one bullet in a combat; after failing to beat a zombie with a roll, it
  may spend that bullet, or take the lost heart. The text also says a bullet may be added after
  each failed roll: the project allows one bullet per Survivor per combat (the default reading of
  ZGC-AMB-19; variant `bullet_after_every_failed_roll`).

Sharing needs the two Survivors on the same or adjacent squares (assumed). A Normal steps onto a
square with 3 heart counters and 2 bullets: it keeps {NORMAL.max_reserve} hearts (its reserve
limit) and the third is lost — or, with variant `reserve_overflow_stays` (ZGC-AMB-12), stays on the
square:"""),
    code("""# NBVAL_CHECK_OUTPUT
for reading in ((), ("reserve_overflow_stays",)):
    state = demo_town("normal", variants=reading)
    state.tokens["10,11"] = {"hearts": 3, "bullets": 2}
    game = from_position(state, move=["move 10,11", "stop"])
    play_until(game, "Step 3: Move/Fight")
    game.dice.force(3)
    show(play_until(game, "collects"), kinds=("move",))
    s = game.state.survivors[0]
    print(f"   reserve {s.reserve}, bullets {s.bullets}, left on the square: {game.state.tokens}")"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 6. Giants and carrying (§ Giants and Carrying)

* A Giant may carry smaller Survivors, moving them with it, as long as they fit on its figure's
  stand (Huge: one Big or two Normals, § Huge; Big: {BIG.carry_capacity} Normal,
  assumed).
* While carrying them, the Giant rolls their combat and takes their damage.
* A carried Survivor may get off during its own turn.
* A Giant picks a Survivor up from within its Reach, and may set it down on another square within
  its Reach; each costs {CARRY['pick_up_cost']} square of movement.
* Big Giants may use some Weapon cards, when it makes sense; Huge Giants rarely (section 7).
* A Giant that can reach into a building counts as being in it for playing an Item or Weapon card.

The team game's two Survivors by the Town Square: the Big Giant picks the Normal up and walks
north. Two zombies step into its square in Step 4: the Giant rolls (Advantage forced to 1 and 2,
then 4 and 2), takes the half heart, and the carried Normal adds a bullet to the Giant's check:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = GAME.setup.move(demo_town("team"), "Survivor 2", (10, 11))
for square in [(10, 14), (10, 14)]:
    state = GAME.setup.place(state, "zombie", "Zombies", square)
game = from_position(state, move="stop", discard="none", carried="stay",
                     second=dict(move=["pick up Survivor 1", "move 10,12", "stop"]))
play_until(game, "Survivor 2's turn")
play_until(game, "Step 3: Move/Fight")
game.dice.force(1, 2, 2, 2, 1, 2, 4, 2)  # movement, Advantage, two combat checks
show(play_until(game, "Step 5"))"""),

    # ---------------------------------------------------------------------------------------
    md("""## 7. Cards that Giants may use (§ Card specific)

* *Hey Look! A Shotgun* may be used by Giants, as a large weapon with durability.
* *The Keys are Still in it!* cannot be used by any Giant.
* Giants cannot use the *Skateboard* (too heavy).
* Giants may use any Item or Weapon that looks throwable or small enough to hold between their
  fingers.
* Giants may use the *First Aid Kit* if they can reach into a Hospital to play it (or are given
  one).

The deck is the project's (assumed): which cards are throwable, the Shotgun's durability for a
Giant and every effect are not in the text. Who may play each card of the stand-in deck, as the
engine decides it — a Huge Giant plays only what the text lets Giants use (ZGC-AMB-09):"""),
    code("""# NBVAL_CHECK_OUTPUT
from rules_lib.games.zombies_giants.events import card_fits  # the rule the engine plays by

cards = pd.DataFrame([{"card": c.name, "kind": c.kind, "count": c.count, "effect": c.effect,
                       "throwable": c.throwable,
                       **{size: card_fits(DATA, size, c) for size in DATA.sizes}}
                      for c in DATA.cards.values() if c.kind in ("item", "weapon")])
print(cards.to_string(index=False))"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 8. Zombies and combat (§ Zombies and Combat)

* Zombies have HP: each combat roll is taken off what is still needed to kill them. A zombie not
  killed by the end of the turn recovers all its HP.
* A zombie whose HP left is so low that no roll could fail to kill it dies at once.
* Zombies all move at the same time, and several may attack in one encounter. They move toward the
  closest player, the one taking their turn (ZGC-AMB-13, Step 4).
* Zombies have no Reach: they attack by entering a player's square.
* With several zombies (#) on a square the target is # × {HP}; still one heart per failure.
* Players standing next to each other in a fight each roll, and the results are added; each zombie
  can hurt only one Survivor. Several players may each spend a bullet: the bonuses add up.

In section 6 the Normal rode on the Giant. Standing next to it instead, it rolls too (the team
game, the Big Giant beside the Normal, one zombie coming; Advantage 1 and 2 for the Giant, a 4 for
the Normal):"""),
    code("""# NBVAL_CHECK_OUTPUT
state = GAME.setup.move(demo_town("team"), "Survivor 2", (10, 11))
state = GAME.setup.place(state, "zombie", "Zombies", (10, 13))
game = from_position(state, move="stop", discard="none", second=dict(move="stop"))
play_until(game, "Survivor 2's turn")
play_until(game, "Step 4: Zombie turn")
game.dice.force(1, 2, 1, 2, 4)  # Advantage, then the Giant's two dice and the Normal's die
show(play_until(game, "kills"))"""),
    md(f"""**Exact fight odds.** Each size with its starting counters (§ Game Start; the default
reading of ZGC-AMB-01) against one zombie ({HP} to beat) and against two ({CAP * HP}), bullets spent only when
they turn a roll into a kill. A Normal helped by a Big Giant standing next to it, last:"""),
    code("""# NBVAL_CHECK_OUTPUT
rows = []
for size in DATA.sizes:
    for zombies in (1, 2):
        t = GAME.odds.combat_odds(size, hearts=None, bullets=DATA.sizes[size].start_bullets,
                                  zombies=zombies)
        won = t[t.result == "won"]
        rows.append({"fighter": size, "zombies": zombies, "P(win)": round(won.probability.sum(), 6),
                     "hearts left (mean)": round((t.hearts_left * t.probability).sum(), 3)})
for zombies in (1, 2):
    t = GAME.odds.combat_odds("Normal", hearts=3, bullets=3, zombies=zombies, helpers=("Big",))
    rows.append({"fighter": "Normal + Big beside it", "zombies": zombies,
                 "P(win)": round(t[t.result == "won"].probability.sum(), 6),
                 "hearts left (mean)": round((t.hearts_left * t.probability).sum(), 3)})
print(pd.DataFrame(rows).to_string(index=False))"""),

    # ---------------------------------------------------------------------------------------
    md("""## 9. The Mall (§ Mall Rules)

* Normal Survivors may crawl through the Mall's **air-vents** from one vent to another; that ends
  their movement. Giants cannot use vents at all. (The project charges 1 square of movement for
  the crawl: `rules.yaml` `vent_cost`, assumed.)
* The **Helipad** may only be placed on a path beyond the **Escalator** tile; paths beyond the
  Escalator are the second floor. The project lays the Escalator with its upper exit facing an
  open place and lets the Helipad join only second-floor tiles (the tile set is assumed).
  What happens when the Helipad has no such place is not said: drawn early, it goes under the
  Mall pile; drawn last, it is set aside (assumed), and then no Survivor can escape by helicopter
  — the log says so. Seeded games show this is not rare: a question for the house rules.

A Normal walks onto a vent and crawls to another (the movement roll forced to 5):"""),
    code("""# NBVAL_CHECK_OUTPUT
state = add_tile(demo_town("normal"), "Mall Air-Vent A", (2, 3))
state = add_tile(state, "Mall Air-Vent B", (4, 4))
state = GAME.setup.move(state, "Survivor 1", (9, 10))
game = from_position(state, move=["move 8,10", "move 7,10", "vent 13,13"])
play_until(game, "Step 3: Move/Fight")
game.dice.force(5)
show(play_until(game, "Step 4"), kinds=("roll", "move"))"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 10. How the game ends (§ Win Conditions)

* A **Normal** Survivor escapes by the Helicopter if no zombie is on its centre square. The project
  makes the escape happen when a Normal reaches the Helicopter — the Helipad's centre square — with
  no zombie on it. A looser reading lets any square of the Helipad do, provided the centre is free
  of zombies: variant `escape_from_any_helipad_square`.
* A **Big or Huge** Giant escapes this way only once shrunk to Normal by the Size-Ray or a potion
  (section 11).
* A Giant still Big or Huge when every shrinking item is used up cannot escape by Helicopter: it
  must kill {KILLS} zombies to survive instead. The {KILLS}-kill win is for such a stranded Giant
  only, not for every Survivor. "Used up" is the project's reading: no Normal potion, no charged (or
  rechargeable) Size-Ray and no Potion Kit with the hearts to brew left in play; variant
  `kill_win_needs_spent_items` also requires that a Size-Ray or Potion Kit was made. Which kills
  count is not said: the project counts the whole game's (the default reading of ZGC-AMB-17;
  variant `kills_counted_once_stranded`).

A Helipad north of the street (its centre square, the Helicopter, at 10,16). A Normal walks up
the street onto it; then the looser variant, first with a zombie on the centre square, then
without; then a Big Giant on the Helicopter:"""),
    code("""# NBVAL_CHECK_OUTPUT
cases = [("normal", (), None, "escapes"),
         ("normal", ("escape_from_any_helipad_square",), (10, 16), "no escape yet"),
         ("normal", ("escape_from_any_helipad_square",), None, "escapes"),
         ("big", (), None, "must shrink")]
for scenario, reading, zombie, until in cases:
    state = add_tile(demo_town(scenario, variants=reading), "Helipad", (3, 5), 2, floor=2)
    state = GAME.setup.move(state, "Survivor 1", (10, 14))
    if zombie:
        state = GAME.setup.place(state, "zombie", "Zombies", zombie)
    game = from_position(state, move=["move 10,15", "move 10,16", "stop"])
    play_until(game, "Step 3: Move/Fight")
    game.dice.force(3, 3)
    print(f"-- {scenario}, variants {list(reading)}" + (f", a zombie on {zombie}" if zombie else ""))
    show(play_until(game, until), kinds=("move", "result", "info"))"""),
    md(f"""A Big Giant with no shrinking item anywhere in play has {KILLS - 1} kills and reaches for one
more zombie (Advantage forced to 6 and 6). Under the default reading it survives at the end of its
turn; with `kill_win_needs_spent_items` it does not, since no Size-Ray or Potion Kit was ever
made:"""),
    code("""# NBVAL_CHECK_OUTPUT
for reading in ((), ("kill_win_needs_spent_items",)):
    state = demo_town("big", variants=reading)
    state.survivors[0].kills = DATA.rules["win"]["kills_to_survive"] - 1
    state = GAME.setup.place(state, "zombie", "Zombies", (10, 11))
    game = from_position(state, move=["reach 10,11", "stop"], move_in="stay")
    play_until(game, "Step 3: Move/Fight")
    game.dice.force(2, 2, 6, 6)
    events = play_until(game, "Step 5")
    game.dice.force(1, 1)
    events += play_until(game, "Round 2" if reading else "The game ends")
    print("-- variants", list(reading))
    show(events, kinds=("result",))
    print("   status:", game.state.survivors[0].status, "| game result:", game.state.result)"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## 11. Crafting (§ Craftable Items, § Size Ray, § Size Potions, § Craft Body Armour)

Entering certain buildings and shops gives **parts**. How many parts a visit gives is not in the
text: the project gives one part of each kind a store lists, once, to the first Survivor who enters
it, or a Giant who reaches into it (`crafting.yaml` `parts_per_store_visit`, assumed). Only one
Size-Ray and one Potion Kit may exist at a time; Body Armour may be crafted twice (two suits, the
default reading of ZGC-AMB-20; variant `armour_one_suit`).

**Size-Ray** (§ Size Ray). {RAY['min_parts']} or more parts from the {', '.join(RAY['sources'])}.
It comes with {RAY['max_charges'][RAY['min_parts']]} free charges; a bullet restores all of them.
Each further part (from a store not yet visited) raises the maximum by one, up to
{max(RAY['max_charges'].values())}, and restores all charges. A charge shrinks or enlarges a
Survivor, or an item, to any size (one charge per use is assumed: `size_ray.charges_per_resize`). A
Giant wielding it may spend bullets for Snipe and +{RAY['bullet_bonus']} on its next combat roll,
with a Snipe range of 1 plus its Reach; and it can resize weapons so Giants can wield them. The
table's {RAY['min_parts']}-part row says it starts with one charge: the project starts it full (the
default reading of ZGC-AMB-02; variant `size_ray_table_start`).

**Potion Kit** (§ Size Potions). {POT['min_parts']} or more parts from the
{', '.join(POT['sources'])}. The kit comes with {POT['free_potions']} free potion (the table says
{POT['free_potions_table']}: ZGC-AMB-03, variant `potion_table_free`); each further potion costs
{POT['recipe'][POT['min_parts']][0]} reserve hearts, cheaper with more parts (table below). Potions
come in Normal, Big and Huge (the text also says Small and Large: ZGC-AMB-05 reads them as Normal
and Big); drinking one makes you that size and heals {POT['heal']} hearts, the rest going to
reserve (the table says {POT['heal_table']}: ZGC-AMB-04, variant `potion_heals_5`). What happens to
hearts above the new size's maximum is not said: the project moves them to reserve within its limit
(assumed).

**Body Armour** (§ Craft Body Armour). {ARM['min_parts']} parts from the {', '.join(ARM['sources'])}.
It raises the wearer's maximum hearts (healing as much once) and halves the damage taken unless it
is halved already, so for a Giant it only adds hearts (ZGC-AMB-16). A Giant wearing Giant-sized
armour gains double the hearts. It is made Normal-sized; a Size-Ray or a Big/Huge potion resizes
it. The tables, from the data:"""),
    code("""# NBVAL_CHECK_OUTPUT
ray, pot, arm = (DATA.crafting[k] for k in ("size_ray", "potion_kit", "body_armour"))
print(pd.DataFrame({
    "Size-Ray max charges": ray["max_charges"],
    "Potion: reserve hearts paid": {p: r[0] for p, r in pot["recipe"].items()},
    "Potion: potions made": {p: r[1] for p, r in pot["recipe"].items()},
    "Armour extra hearts (Normal)": {p: r[0] for p, r in arm["extra_hearts"].items()},
    "Armour extra hearts (Giant)": {p: r[1] for p, r in arm["extra_hearts"].items()},
}).rename_axis("parts").to_string())"""),
    md("""A Big Giant that already found one Size-Ray part (in the Army-Surplus west of the Town Square)
reaches into the Hardware Store for a second, crafts the Size-Ray and shrinks itself to Normal —
the way a Giant earns its seat on the Helicopter:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = add_tile(demo_town("big"), "Army-Surplus", (2, 3))
state = positions.find_parts(state, "Survivor 1", "Army-Surplus")
state = GAME.setup.move(state, "Survivor 1", (13, 10))
game = from_position(state, move=["grab parts Hardware Store", "ray self to Normal", "stop"])
play_until(game, "Step 3: Move/Fight")
game.dice.force(1, 2)
show(play_until(game, "stop"))
s = game.state.survivors[0]
print(f"now {s.size}: {s.halves / 2:g} hearts, {s.reserve} reserve, Size-Ray {s.size_ray}")"""),
    md("""A Huge Giant with one potion part (found in the Florist-Shop south of the Town Square) reaches
into a Drug-Store (west of the Town Square), makes the Potion Kit, chooses a Normal potion as its
free one and drinks it:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = add_tile(demo_town("huge"), "Drug-Store", (2, 3))
state = add_tile(state, "Florist-Shop", (3, 2), rotation=2)
state = positions.find_parts(state, "Survivor 1", "Florist-Shop")
state = GAME.setup.move(state, "Survivor 1", (7, 10))  # covers 7,10 and 8,10, under the door
game = from_position(state, move=["grab parts Drug-Store", "drink Normal potion", "stop"],
                     potion_type="Normal")
play_until(game, "Step 3: Move/Fight")
game.dice.force(1, 2, 3)
show(play_until(game, "stop"))"""),
    md("""A Normal with one armour part (found in the Fire-Station west of the Town Square) walks into
the Police Department (east of the Town Square) and crafts Body Armour:"""),
    code("""# NBVAL_CHECK_OUTPUT
state = add_tile(set_up("normal"), "Police Department", (4, 3))
state = add_tile(state, "Fire-Station", (2, 3))
state = positions.find_parts(state, "Survivor 1", "Fire-Station")
game = from_position(state, move=["move 11,10", "move 12,10", "move 13,10", "move 13,11", "stop"])
play_until(game, "Step 3: Move/Fight")
game.dice.force(4)
show(play_until(game, "stop"), kinds=("move", "craft"))
s = game.state.survivors[0]
print(f"{s.halves / 2:g} hearts, armour {s.armour}")"""),

    # ---------------------------------------------------------------------------------------
    md(f"""## How to play — a checklist

**Set-up** (§ Game Start)
- [ ] Each player picks Normal, Big or Huge.
- [ ] Lay the Town Square; everyone starts on it (base game).
- [ ] Everyone draws {START_CARDS} event cards; shuffle the Negative Events back into the deck
      (Co-op: lay the hands face up).
- [ ] Counters: Normal {NORMAL.start_hearts} hearts + {NORMAL.start_bullets} bullets; Big
      {BIG.start_hearts} hearts; Huge {HUGE.start_hearts} hearts (ZGC-AMB-01).

**Each turn** (§ Turn Flow)
1. [ ] **Draw a tile** from your area's pile; place it next to your tile, else in sight, else
   anywhere legal; turn it for the most exits; put its zombies and counters on it.
2. [ ] **Event card**: draw one. Negative: it happens to you now. Otherwise it waits on top of the
   deck: play it now, or take it in Step 5 if a card left your hand.
3. [ ] **Move/fight**: roll {dice(NORMAL.movement_dice)} / {dice(BIG.movement_dice)} /
   {dice(HUGE.movement_dice)} (Normal: at least your hearts). Spend the squares: move (Big:
   door {BIG.doorway_cost}, inside {BIG.building_move_cost}; Huge: no buildings), reach or snipe
   ({COMBAT['reach_attack_cost']}), grab ({GRAB}), pick up or set down
   ({CARRY['pick_up_cost']}), vent (Normal, ends the move), demolish (Huge), play cards, craft.
   Entering a zombie's square: fight until you win or die — beat {HP} per zombie, lose a heart
   (Giants half) per short check, the target drops by each roll; one bullet per fight for
   +{COMBAT['bullet_bonus']}.
4. [ ] **Zombies' turn**: roll Advantage; that many zombies, nearest first, step
   {D.rules['zombie_turn']['squares_per_zombie']} square toward you (at most {CAP} per square);
   any that reach you fight you.
5. [ ] **Discard chance**: discard up to one card; take the waiting card if a card left your hand,
   else shuffle it back. Wounded zombies heal.

**The end** (§ Win Conditions)
- [ ] A Normal on the Helicopter's centre square with no zombie on it escapes.
- [ ] A Giant must first shrink to Normal (Size-Ray or potion).
- [ ] A Giant left Big or Huge with every shrinking item used up survives by killing {KILLS}
      zombies.

**What next.** Play a game yourself in the explorer at the end of the notebook (choose
`person` for a player to make every decision), or in the stepper of section 3. The notebook
`05_designer_playtesting.ipynb` runs many games and sweeps rule variants.
To learn by predicting, switch on **? Quiz me** in the stepper (also the explorer's Play
tab): it stops before each event of the kinds you tick, asks what happens next with the
engine's own alternatives as buttons, then shows the rule that decided it."""),
    code("""# Test yourself: what happens next? Questions from seeded games, the engine's own
# alternatives as buttons; each answer says what the engine did and which rule decided it.
from widgets.teaching import QuizPanel

QuizPanel("zombies_giants", seed=0, n=5)"""),

    # ---------------------------------------------------------------------------------------
    md("""---
# After the lesson: odds studies and designer material

## 12. How much does the reading of the Giants' starting hearts matter? (ZGC-AMB-01)

**Exact odds.** A fresh Giant's fight against two zombies under each reading (`variants=` passed
to the odds calculator picks the starting hearts; `hearts=None` means "the size's starting
hearts"):"""),
    code("""# NBVAL_CHECK_OUTPUT
READINGS = {"default (Game Start, whole hearts)": (), "size_section_hearts": ("size_section_hearts",),
            "start_hearts_are_halves": ("start_hearts_are_halves",)}
rows = []
for label, reading in READINGS.items():
    for size in ("Big", "Huge"):
        t = GAME.odds.combat_odds(size, hearts=None, bullets=0, zombies=2, variants=reading)
        rows.append({"reading": label, "size": size,
                     "P(win)": t[t.result == "won"].probability.sum(),
                     "hearts left (mean)": (t.hearts_left * t.probability).sum()})
print(pd.DataFrame(rows).round(6).to_string(index=False))"""),
    md("""One fight hardly tells the readings apart: a Giant loses only half a heart per short check.
They part over a run of fights with no healing in between. The exact chance to come through *k*
fights against two zombies in a row, each fight starting with the hearts the last one left (the
odds calculator chained over the distribution of hearts left):"""),
    code("""# NBVAL_CHECK_OUTPUT
from functools import lru_cache


@lru_cache(maxsize=None)
def after_fight(size, halves):
    \"\"\"{half hearts left: probability} after one fight against two zombies (0: dead).\"\"\"
    t = GAME.odds.combat_odds(size, hearts=halves // 2, bullets=0, zombies=2,
                              half_hearts=halves % 2)
    out = {}
    for row in t.itertuples():
        h = int(round(2 * row.hearts_left))
        out[h] = out.get(h, 0) + row.probability
    return out


def start_halves(size, reading):
    \"\"\"The half hearts a Giant of this size starts with, as the engine's Game Start lays them out.\"\"\"
    events = GAME.new_game(size.lower(), seed=0, variants=reading).next_phase()
    return int(2 * next(e for e in events if "lays out" in e.message).data["hearts"])


def survive(size, reading, fights):
    \"\"\"P(alive after `fights` fights in a row against two zombies).\"\"\"
    dist = {start_halves(size, reading): 1.0}
    for _ in range(fights):
        nxt = {}
        for h, p in dist.items():
            for h2, q in (after_fight(size, h).items() if h else [(0, 1.0)]):
                nxt[h2] = nxt.get(h2, 0) + p * q
        dist = nxt
    return sum(p for h, p in dist.items() if h > 0)


ks = (5, 10, 20)
rows = [{"reading": label, "size": size, **{f"{k} fights": round(survive(size, reading, k), 4) for k in ks}}
        for label, reading in READINGS.items() for size in ("Big", "Huge")]
print(pd.DataFrame(rows).to_string(index=False))"""),
    md("""**Simulated games.** Whole games of a Big Giant played by the heuristic player under each
reading, with 95% Wilson intervals (`rules_lib.playtest.run_games` and `outcome_rates`; the three
designs play the same seeds). The comparison lines say whether a difference is shown and how many
games per design would tell such a gap apart; the last lines count the deaths of a Survivor still
Big when it died."""),
    code("""# NBVAL_CHECK_OUTPUT
from rules_lib.playtest import compare, outcome_rates, run_games

GAMES = 40
runs = {label: run_games("zombies_giants", GAMES, seed=500, scenario="big", variants=reading)
        for label, reading in READINGS.items()}
for label, df in runs.items():
    r = outcome_rates(df, "died").iloc[0]
    print(f"{label:<36} died {r.wins}/{r.games}: {r.rate:.3f} [{r.low:.3f}, {r.high:.3f}]")
base = runs["default (Game Start, whole hearts)"]
for label in list(READINGS)[1:]:
    print(compare(base, runs[label], "died"))
for label, df in runs.items():
    dead = df[df.outcome == "died"]
    print(f"{label:<36} died while still Big: {(dead.end_size == 'Big').sum()} of {len(df)}; "
          f"games ended Big: {(df.end_size == 'Big').sum()}")"""),
    md("""**Reading the result.** The intervals of the three readings overlap, and the comparisons
show no difference. The reason is in how games go: the heuristic player takes a Big Giant to the
stores that give Size-Ray and Potion Kit parts and shrinks it, and a Survivor who dies does so
after shrinking, as a Normal — so the Giant's starting hearts never decide a game here, and more
games would not change that while no Giant dies big. The exact table above shows where the
readings would matter: a Giant that stays big through many fights without healing."""),

    md("""## 13. Fight odds over hearts and bullets

P(winning a fight) for every size, 1 to 6 hearts and 0 to 3 bullets, against one and two zombies
(`GAME.odds.combat_odds`; a Giant's bullets do nothing without a Size-Ray). A blank cell is more
hearts than the size can hold without Body Armour (the odds refuse such a question unless asked
with `allow_beyond_rules=True`):"""),
    code("""import plotly.graph_objects as go
from plotly.subplots import make_subplots

fig = make_subplots(rows=2, cols=3, shared_yaxes=True, vertical_spacing=0.14,
                    subplot_titles=[f"{s} vs {z} zombie{'s' * (z > 1)}"
                                    for z in (1, 2) for s in DATA.sizes])
for row, z in enumerate((1, 2), start=1):
    for col, size in enumerate(DATA.sizes, start=1):
        grid = [[GAME.odds.combat_odds(size, hearts=h, bullets=b, zombies=z).query("result == 'won'")
                 .probability.sum() if h <= (DATA.sizes[size].max_health or h) else None
                 for b in range(4)] for h in range(1, 7)]
        fig.add_trace(go.Heatmap(z=grid, x=list(range(4)), y=list(range(1, 7)), zmin=0, zmax=1,
                                 colorscale="RdYlGn", showscale=(row, col) == (1, 1),
                                 texttemplate="%{z:.3f}",
                                 hovertemplate="hearts %{y}, bullets %{x}: P(win) %{z:.4f}"),
                      row=row, col=col)
fig.update_xaxes(title_text="bullets", row=2)
fig.update_yaxes(title_text="hearts", col=1)
fig.update_layout(title="P(winning the fight) by size, hearts and bullets", height=650)
fig"""),

    md("""## 14. Explore it yourself

The explorer draws the town, steps a game with its log (◆ marks assumed rows), and shows fight odds
and movement reach; it calls the same game contract as this notebook. Choose `person` for a player
to make that player's decisions yourself."""),
    code("""from widgets import Explorer

Explorer("zombies_giants", seed=1)"""),
    md("""## 15. Every assumed value

The data values the project supplied, with why (`GAME.provenance_report()`; the same list is in
`docs/assumptions.md`). Correct them in `rules_lib/games/zombies_giants/data/*.yaml` if you own the
physical game."""),
    code("""report = GAME.provenance_report()
print(len(report), "assumed values")
print(report.to_string(index=False))"""),
    md("""### Who is winning, and which choice is best (analysis, not a rule)

From any moment of a game, `rules_lib.analysis` plays seeded continuations to the end. Here the game
pauses at a real decision (`position_at` finds the first bullet decision in seeded games) and
`compare_options` plays every option on the same seeds, ranking the options by the deciding player's
win rate with their intervals; an option counts as *worse than the best* only when the paired
interval of the difference lies wholly below it. The continuations are played by the game's own
policies, so the ranking describes these players, and a small batch may leave the options
unseparated: the table then says how many games would separate them."""),
    code("""from rules_lib.analysis import compare_options, position_at

turning_point = position_at("zombies_giants", "bullet", seed=1)
print(turning_point.pending.player, "decides:", turning_point.pending.prompt)
choice = compare_options(turning_point, 40, seed=1)
print("best:", choice.best.option, "| better than every other option beyond doubt:",
      choice.best_is_separated)
choice.to_frame().round(3)"""),
]


if __name__ == "__main__":
    write_notebook(CELLS, TARGET)

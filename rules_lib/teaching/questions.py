"""The question kinds of each game: what the quiz asks, read from the engine's own events.

Each kind reads one event of a probed game (``draft(probe, i)``) and, when it is one the kind asks
about, drafts a question posed just before it. The alternatives are the engine's: the options a
decision offered, or what the rule could produce (the Cities a road leads to, the hexes next to a
Vermite, the dice counts of the three sizes ...). The answer is what the engine did. Messages and
event data are the engine's; a kind only reads them.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rules_lib.core.engine import Event, GameState
from rules_lib.teaching.probe import Draft, Probe, QuestionKind, sample_options

KINDS: dict[str, dict[str, QuestionKind]] = {}


def register(kind: QuestionKind) -> QuestionKind:
    """Add a question kind to its game's list."""
    KINDS.setdefault(kind.game, {})[kind.name] = kind
    return kind


STOP_KINDS = ("combat", "step", "phase", "turn")


# --------------------------------------------------------------------------------------------------
# Board helpers (through the game contract's board view)
# --------------------------------------------------------------------------------------------------


def _board(probe: Probe, state: GameState) -> Any:
    return probe.module.board_view.board(state)


def _label(board: Any, loc: Any) -> str:
    label = getattr(board, "label", None)
    return str(label(loc)) if label is not None else str(loc)


def _loc(board: Any, label: str) -> Any:
    hex_at = getattr(board, "hex_at", None)
    if hex_at is not None:
        try:
            return hex_at(label)
        except (KeyError, ValueError):  # not a printed label: look the location up by name
            pass
    for loc in board.locations():
        if _label(board, loc) == label:
            return loc
    raise KeyError(label)


def _neighbours(probe: Probe, state: GameState, label: str) -> list[str]:
    board = _board(probe, state)
    return [_label(board, n) for n in board.neighbors(_loc(board, label))]


def _int(value: Any) -> int:
    return int(str(value))


# --------------------------------------------------------------------------------------------------
# Ginormopod
# --------------------------------------------------------------------------------------------------


def _gin_retreat_destination(p: Probe, i: int) -> Draft | None:
    """GIN-RETR-03: an acting unit that Retreats goes back where it came from."""
    e = p.log[i]
    if e.kind != "retreat" or "GIN-RETR-03" not in e.ids or not {"unit", "from", "to"} <= set(
            e.data):
        return None
    unit, frm, to = e.data["unit"], e.data["from"], e.data["to"]
    return Draft("retreat_destination", i, i,
                 f"The battle at {frm} is lost: {unit}, one of the acting units, must Retreat. "
                 f"Which City does it go to?", to, "GIN-RETR-03",
                 lambda state: _neighbours(p, state, frm), interest=1)


_SIDES = re.compile(r"(Swarm|Human) (\d+) unit\(s\)")


def _gin_overrun(p: Probe, i: int) -> Draft | None:
    """GIN-OVRN-01 (with GIN-AMB-08): five or more acting units against one enemy unit."""
    e = p.log[i]
    if e.kind != "combat" or e.data.get("kind") != "normal" or "GIN-COMB-02" not in e.ids:
        return None
    sides = _SIDES.findall(e.message)
    if len(sides) != 2 or i + 1 >= len(p.log):
        return None
    acting, other = int(sides[0][1]), int(sides[1][1])
    if acting < 5 and other != 1:
        return None  # far from an Overrun: not worth asking
    overrun = p.log[i + 1].kind == "overrun" or "GIN-OVRN-01" in p.log[i + 1].ids
    yes, no = "Yes: the lone defender is overrun", "No: both sides roll their dice"
    return Draft("overrun", i + 1, i + 1,
                 f"{e.message.split(' (Combat Marker placed)')[0]}: {sides[0][0]} "
                 f"{acting} unit(s) against {sides[1][0]} {other}"
                 + (" and a Fort" if e.data.get("fort") else "")
                 + ". Does the battle end in an Overrun?",
                 yes if overrun else no, "GIN-OVRN-01", [yes, no],
                 interest=3 if overrun else (2 if acting >= 5 and other == 1 else 0))


def _gin_battle_start(p: Probe, i: int) -> Event | None:
    return p.before(i, lambda ev: ev.kind == "combat" and "city" in ev.data)


def _gin_fort_absorbs(p: Probe, i: int) -> Draft | None:
    """GIN-FORT-02: the Fort takes hits only when no Human unit is left to take them."""
    e = p.log[i]
    if e.kind != "combat" or "Human" not in e.data or "Swarm" not in e.data:
        return None
    hits = _int(e.data["Human"])
    start = _gin_battle_start(p, i)
    if hits == 0 or start is None or not start.data.get("fort"):
        return None
    city = start.data["city"]
    m = re.search(r"Human (\d+) unit\(s\) and a Fort of strength (\d+)", start.message)
    if m is None:
        return None
    units, strength = int(m.group(1)), int(m.group(2))
    fort_hits, last = 0, i
    for ev in p.log[i + 1:]:
        if ev.kind in STOP_KINDS + ("retreat",):
            break
        last = ev.index
        if ev.kind == "fort" and ev.data.get("fort") == city:
            fort_hits += 1
    options = [str(k) for k in range(min(hits, strength) + 1)]
    if len(options) < 2:
        return None
    return Draft("fort_absorbs", i + 1, last,
                 f"At {city} the Humans ({units} unit(s) beside a Fort of strength {strength}) "
                 f"suffer {hits} hit(s). How many of these hits does the Fort itself take?",
                 str(fort_hits), "GIN-FORT-02", options,
                 interest=2 if 0 < fort_hits < hits else 1)


def _gin_who_retreats(p: Probe, i: int) -> Draft | None:
    """GIN-RETR-01/02: more hits suffered -> Retreat; a tie -> the acting side."""
    e = p.log[i]
    if e.kind != "combat" or "Human" not in e.data or "Swarm" not in e.data:
        return None
    verdict = p.after(i, lambda ev: "GIN-RETR-01" in ev.ids,
                      until=lambda ev: ev.kind in STOP_KINDS)
    if verdict is None:
        return None
    msg = verdict.message
    if "none of its units is left" in msg or "wiped out" in msg:
        return None  # nobody is there to move: not a telling question
    if msg.startswith("No Retreat"):
        answer = "neither side"
    elif msg.startswith("The Swarm"):
        answer = "the Swarm"
    elif msg.startswith("The Human"):
        answer = "the Humans"
    else:
        return None
    start = _gin_battle_start(p, i)
    acting = _SIDES.findall(start.message)[0][0] if start is not None and _SIDES.findall(
        start.message) else ""
    where = f" at {start.data['city']}" if start is not None else ""
    return Draft("who_retreats", i + 1, verdict.index,
                 f"Battle{where}" + (f", the {acting} acting" if acting else "")
                 + f": the Swarm suffers {e.data['Swarm']} hit(s), the Humans {e.data['Human']}. "
                 "Which side must Retreat?", answer, "GIN-RETR-01",
                 ["the Swarm", "the Humans", "neither side"],
                 interest=2 if answer == "neither side" or "as many hits" in msg else 1)


def _gin_swarm_eliminated(p: Probe, i: int) -> Draft | None:
    """GIN-HITS-03/04: a Swarm unit eliminated returns two turns later (not on Turns 9-10)."""
    e = p.log[i]
    if e.kind != "hit" or e.data.get("result") != "eliminated":
        return None
    m = re.search(r"placed on Turn (\d+) of the Time Tracker", e.message)
    removed = "removed from the game" in e.message
    unit = str(e.data.get("unit", ""))
    kind = p.data.types.get(unit.split(" ")[0])
    if kind is None or kind.side != "Swarm" or not (m or removed):
        return None
    turn = e.turn or p.state_at(i).turn
    answer = f"placed on the Turn {m.group(1)} space" if m else "removed from the game"
    options = [f"placed on the Turn {t} space" for t in range(turn + 1, turn + 4) if t <= 10]
    options.append("removed from the game")
    return Draft("swarm_eliminated", i, i,
                 f"Turn {turn}: {unit}, a Swarm unit, suffers a hit it cannot survive. "
                 "What becomes of it?", answer,
                 "GIN-HITS-04" if removed else "GIN-HITS-03", options,
                 interest=2 if removed else 1)


def _gin_retreat_choice(p: Probe, i: int) -> Draft | None:
    """GIN-RETR-04/06 (GIN-AMB-06): a non-acting unit may not end its Retreat in an enemy City;
    the legal Cities are the decision's options, the others are the roads it may not take."""
    e = p.log[i]
    if e.kind != "decision" or e.data.get("decision") != "retreat" or i not in p.options:
        return None
    m = re.search(r"Where does (.+) Retreat from (.+)\?", e.message)
    if m is None:
        return None
    unit, frm = m.group(1), m.group(2)
    legal = [str(o) for o in p.options[i]]
    chosen = str(e.data["choice"])

    def options(state: GameState) -> list[str]:
        illegal = [c for c in _neighbours(p, state, frm) if c not in legal]
        return sample_options((p.seed, i), chosen, illegal) if illegal else []

    return Draft("retreat_choice", i, i,
                 f"{unit} must Retreat from {frm} (it was attacked, not acting). Only one of "
                 "these Cities is open to it: which?", chosen, "GIN-RETR-04", options,
                 interest=2)


for _kind in (
    QuestionKind("ginormopod", "retreat_destination", "Where does the retreating unit go?",
                 "GIN-RETR-03", _gin_retreat_destination),
    QuestionKind("ginormopod", "retreat_choice", "Where may the attacked unit retreat?",
                 "GIN-RETR-04", _gin_retreat_choice),
    QuestionKind("ginormopod", "who_retreats", "Who must Retreat?", "GIN-RETR-01",
                 _gin_who_retreats),
    QuestionKind("ginormopod", "overrun", "Is it an Overrun?", "GIN-OVRN-01", _gin_overrun),
    QuestionKind("ginormopod", "fort_absorbs", "Which hits does the Fort absorb?", "GIN-FORT-02",
                 _gin_fort_absorbs),
    QuestionKind("ginormopod", "swarm_eliminated", "Where does an eliminated bug go?",
                 "GIN-HITS-03", _gin_swarm_eliminated),
):
    register(_kind)


# --------------------------------------------------------------------------------------------------
# Space Vermin
# --------------------------------------------------------------------------------------------------

_SV_GENERIC = ("SV-VMOV-01", "SV-EVT-04")
_SV_DIRECTIONS = {1: "N", 2: "NE", 3: "SE", 4: "S", 5: "SW", 6: "NW"}


def _sv_rule_of(p: Probe, e: Event, default: str) -> str:
    from rules_lib.teaching.reference import rule_reference

    ref = rule_reference(p.game)
    for i in e.ids:
        if i not in _SV_GENERIC and i in ref:
            return i
    return default


def _sv_vermite_step(p: Probe, i: int) -> Draft | None:
    """SV-VMOV-01, §D-2: each step of a Vermite's move follows the movement indicator, unless
    a rule turns it (map edge, Tar Pit, Jewel Exit Trail, Sneak Attack, Magnetic Storm ...)."""
    e = p.log[i]
    if e.kind != "step_detail" or "to" not in e.data or not e.data.get("units"):
        return None
    units = e.data["units"]
    unit = units[0] if isinstance(units, list) else str(units)
    to = str(e.data["to"])
    chit = p.before(i, lambda ev: "SV-EVT-05" in ev.ids or "SV-S2-19" in ev.ids)
    indicator = f" This turn's movement indicator: {chit.message}." if chit is not None else ""

    # where the unit stands before this step: the previous step of the same move (the state
    # moves the unit only once its whole move is done), else its place in the state
    previous = None
    for ev in reversed(p.log[:i]):
        if ev.kind != "step_detail":
            break
        if ev.data.get("units") == units:
            previous = str(ev.data.get("to"))
            break

    def options(state: GameState) -> list[str]:
        board = _board(p, state)
        if previous is not None:
            here = _loc(board, previous)
        else:
            here = next((pc["loc"] for pc in p.module.board_view.pieces(state)
                         if pc["id"] == unit), None)
        if here is None:
            return []
        out = []
        for d in range(1, 7):
            n = board.neighbor(here, d) if hasattr(board, "neighbor") else None
            if n is not None:
                out.append(f"{_label(board, n)} ({_SV_DIRECTIONS[d]})")
        return out

    return Draft("vermite_step", i, i,
                 f"{', '.join(units) if isinstance(units, list) else units} moves on."
                 f"{indicator} Which hex does it enter next?", to,
                 _sv_rule_of(p, e, "SV-VMOV-01"), options,
                 interest=0 if set(e.ids) <= set(_SV_GENERIC) else 2)


def _sv_fire_hits(p: Probe, i: int) -> Draft | None:
    """SV-MCOMB-10 / SV-VATK-08: each die above the target's DN scores a hit."""
    e = p.log[i]
    if e.kind != "combat" or not {"cf", "dn", "faces", "hits"} <= set(e.data):
        return None
    faces = e.data["faces"]
    if not isinstance(faces, list) or not faces:
        return None
    marine = "firer" in e.data
    who = e.message.split(" rolls ")[0]
    rule = "SV-MCOMB-10" if marine else "SV-VATK-08"
    options = [str(k) for k in range(len(faces) + 1)][:7]
    answer = str(_int(e.data["hits"]))
    if answer not in options:
        return None
    return Draft("fire_hits", i, i,
                 f"{who} rolls {faces} against DN {e.data['dn']}. How many hits?", answer, rule,
                 options, interest=2 if any(_int(f) == _int(e.data["dn"]) for f in faces) else 1)


def _sv_fire_effect(p: Probe, i: int) -> Draft | None:
    """SV-MCOMB-11 / SV-VATK-09..11: what a number of hits does to the target."""
    e = p.log[i]
    marine_fire = "SV-MCOMB-11" in e.ids
    vermite_attack = bool({"SV-VATK-09", "SV-VATK-10", "SV-VATK-11"} & set(e.ids))
    if e.kind != "combat" or not (marine_fire or vermite_attack) or i == 0:
        return None
    roll = p.log[i - 1]
    if "hits" not in roll.data:
        return None
    target = e.data.get("unit") or roll.data.get("target") or "the target"
    text = e.message
    if "no effect" in text.lower():
        answer = "no effect"
    elif "eliminated" in text:
        answer = "eliminated"
    elif "Reduced" in text or "Disrupted" in text:
        answer = "flipped to its Reduced side" if marine_fire else "flipped to Disrupted"
    else:
        return None
    flip = "flipped to its Reduced side" if marine_fire else "flipped to Disrupted"
    return Draft("fire_effect", i, i,
                 f"{roll.message.split(':')[0]}: {_int(roll.data['hits'])} hit(s) on "
                 f"{target}. What happens to it?", answer,
                 "SV-MCOMB-11" if marine_fire else _sv_rule_of(p, e, "SV-VATK-10"),
                 ["no effect", flip, "eliminated"],
                 interest=2 if answer != "no effect" else 1)


for _kind in (
    QuestionKind("space_vermin", "vermite_step", "Where does the Vermite go next?", "SV-VMOV-01",
                 _sv_vermite_step),
    QuestionKind("space_vermin", "fire_hits", "How many hits?", "SV-MCOMB-10", _sv_fire_hits),
    QuestionKind("space_vermin", "fire_effect", "What do the hits do?", "SV-MCOMB-11",
                 _sv_fire_effect),
):
    register(_kind)


# --------------------------------------------------------------------------------------------------
# Glorantha: The Gods War - Cosmic Monsters
# --------------------------------------------------------------------------------------------------


def _gw_superhero(p: Probe, i: int) -> Draft | None:
    """GW-AND-07: at most 4 combat dice against Androgeus (GW-AMB-05: all the side's dice)."""
    e = p.log[i]
    if "GW-AND-07" not in e.ids or not {"wanted", "dice", "side"} <= set(e.data):
        return None
    wanted, dice = _int(e.data["wanted"]), _int(e.data["dice"])
    options = sorted({str(k) for k in range(1, min(wanted, 6) + 1)} | {str(wanted), str(dice)},
                     key=int)
    return Draft("superhero_dice", i, i,
                 f"{e.data['side']} would roll {wanted} combat dice against Androgeus in this "
                 "battle. How many may it roll?", str(dice), "GW-AND-07", options,
                 interest=2 if wanted > dice else 1)


def _gw_tangled(p: Probe, i: int) -> Draft | None:
    """GW-ARA-03: 1 VP for each kill scored against Arachne Solara."""
    e = p.log[i]
    if e.kind != "vp" or "GW-ARA-03" not in e.ids or not {"kills", "vp", "empire"} <= set(e.data):
        return None
    kills, vp = _int(e.data["kills"]), _int(e.data["vp"])
    options = [str(k) for k in range(max(kills, vp) + 2)]
    return Draft("tangled_vp", i, i,
                 f"After the battle, {e.data['empire']} scored {kills} kill(s) against Arachne "
                 "Solara. How many VP does Tangled in the Web give it?", str(vp), "GW-ARA-03",
                 options, interest=2 if kills else 0)


def _gw_androgeus_dies(p: Probe, i: int) -> Draft | None:
    """GW-AND-09: he dies only if a hero or greater god scores a kill and he scores one back."""
    e = p.log[i]
    if "GW-AND-09" not in e.ids or "androgeus_killed" not in e.data:
        return None
    killed = str(e.data["androgeus_killed"]).lower() in ("true", "1")
    facts = e.message.split(":")[0]
    return Draft("androgeus_dies", i, i, f"{facts}. Does Androgeus die?",
                 "Yes" if killed else "No", "GW-AND-09", ["Yes", "No"],
                 interest=2 if killed else 1)


def _gw_lust_move(p: Probe, i: int) -> Draft | None:
    """GW-AND-05: a summon next to Androgeus draws him into that area."""
    e = p.log[i]
    if e.kind != "move" or "GW-AND-05" not in e.ids or not {"from", "to"} <= set(e.data):
        return None
    frm, to = str(e.data["from"]), str(e.data["to"])
    stay = f"he stays in {frm}"

    def options(state: GameState) -> list[str]:
        others = [f"he moves to {a}" for a in _neighbours(p, state, frm)]
        return sample_options((p.seed, i), f"he moves to {to}", others, k=2) + [stay]

    return Draft("lust_move", i, i,
                 f"Lust: an empire summons a unit into {to}, next to Androgeus in {frm}. "
                 "Where is Androgeus afterwards?", f"he moves to {to}", "GW-AND-05", options,
                 interest=2)


def _gw_spin_choice(p: Probe, i: int) -> Draft | None:
    """GW-ARA-05: from Hell or the Heavens, Arachne goes to a surface area without a web token;
    the legal areas are the decision's options."""
    e = p.log[i]
    if e.kind != "decision" or e.data.get("decision") != "spin_destination" or i not in p.options:
        return None
    legal = [str(o) for o in p.options[i]]
    chosen = str(e.data["choice"])

    def options(state: GameState) -> list[str]:
        board = _board(p, state)
        illegal = [_label(board, a) for a in board.locations() if _label(board, a) not in legal]
        return sample_options((p.seed, i), chosen, illegal) if illegal else []

    return Draft("spin_choice", i, i,
                 "Spinning the Web: Arachne Solara leaves Hell or the Heavens. Only one of these "
                 "areas may receive her: which?", chosen, "GW-ARA-05", options, interest=2)


for _kind in (
    QuestionKind("gods_war", "superhero_dice", "How many dice against Androgeus?", "GW-AND-07",
                 _gw_superhero),
    QuestionKind("gods_war", "androgeus_dies", "Does Androgeus die?", "GW-AND-09",
                 _gw_androgeus_dies),
    QuestionKind("gods_war", "lust_move", "Where does Androgeus go?", "GW-AND-05", _gw_lust_move),
    QuestionKind("gods_war", "tangled_vp", "How many VP for the web?", "GW-ARA-03", _gw_tangled),
    QuestionKind("gods_war", "spin_choice", "Where may Arachne Solara spin?", "GW-ARA-05",
                 _gw_spin_choice),
):
    register(_kind)


# --------------------------------------------------------------------------------------------------
# Zombies!!! Giants-Club
# --------------------------------------------------------------------------------------------------

_TURN = re.compile(r"^(.+)'s turn \((Normal|Big|Huge), ([\d.]+) hearts")
_MOVE_RULE = {"Normal": "ZGC-NORM-03", "Big": "ZGC-BIG-05", "Huge": "ZGC-HUGE-07"}


def _zgc_who(p: Probe, i: int) -> tuple[str, str, str] | None:
    """(survivor, size, hearts) of the turn event ``i`` belongs to."""
    turn = p.before(i, lambda ev: ev.kind == "phase" and _TURN.match(ev.message) is not None)
    if turn is None:
        return None
    m = _TURN.match(turn.message)
    return (m.group(1), m.group(2), m.group(3)) if m else None


_MOVE_ROLL = re.compile(r"rolls (\d)d6 \[([\d, ]+)\] = (\d+) for movement")


def _zgc_giant_move(p: Probe, i: int) -> Draft | None:
    """ZGC-BIG-05 / ZGC-HUGE-07: a Big Giant moves 2d6 squares, a Huge one 3d6: the dice
    added up (this turn's cards change it). The wrong readings offered are the Giant's combat
    dice (a Big's d6 with Advantage: the highest die, ZGC-BIG-06; a Huge's 2d6: the two highest,
    ZGC-HUGE-06) and a Normal Survivor's minimum speed of its hearts (ZGC-NORM-03)."""
    e = p.log[i]
    if e.kind != "roll" or "for movement" not in e.message or not {"roll", "points"} <= set(
            e.data):
        return None
    m = _MOVE_ROLL.search(e.message)
    who = _zgc_who(p, i)
    if m is None or who is None or who[1] == "Normal":
        return None
    name, size, hearts = who
    faces = sorted((int(f) for f in m.group(2).split(",")), reverse=True)
    points = _int(e.data["points"])
    cards = _card_changes(e.data)
    readings = {points, sum(faces), faces[0], sum(faces[:2]),
                max(sum(faces), int(float(hearts)))}
    if cards:  # the cards' change applied to the wrong readings too: only the rule differs
        readings |= {_card_change(r, e.data) for r in (faces[0], sum(faces[:2]))}
    options = sorted({str(r) for r in readings if r >= 0}, key=int)
    return Draft("giant_move", i, i,
                 f"{name}, a {size} Giant with {hearts} hearts, rolls {m.group(1)}d6 for "
                 f"movement: {faces}" + (f" (this turn's cards: {'; '.join(cards)})"
                                         if cards else "")
                 + ". How many squares may it move this turn?", str(points),
                 _MOVE_RULE[size], options, interest=2 if len(options) > 2 else 1)


def _card_changes(data: dict) -> list[str]:
    """This turn's card changes of a movement roll, as its event's data gives them."""
    out = []
    if data.get("every_turn"):
        out.append(f"{data['every_turn']:+d} every turn from a card in play")
    if data.get("this_turn"):
        out.append(f"{data['this_turn']:+d} this turn from cards")
    if data.get("divisor", 1) > 1:
        out.append(f"divided by {data['divisor']}")
    return out


def _card_change(value: int, data: dict) -> int:
    """A movement roll's value changed as its event's data says the cards change it."""
    value += data.get("every_turn", 0) + data.get("this_turn", 0)
    divisor = data.get("divisor", 1)
    return max(0, value // divisor if divisor > 1 else value)


def _zgc_min_speed(p: Probe, i: int) -> Draft | None:
    """ZGC-NORM-03: a Normal Survivor moves at least as many squares as its hearts."""
    e = p.log[i]
    if e.kind != "roll" or "ZGC-NORM-03" not in e.ids or not {"roll", "points"} <= set(e.data):
        return None
    who = _zgc_who(p, i)
    m = re.search(r"at least ([\d.]+) \(hearts\)", e.message)
    if who is None or m is None or _card_changes(e.data):
        return None  # a card's change on top: not the rule this kind asks about
    roll, points, hearts = _int(e.data["roll"]), _int(e.data["points"]), int(float(m.group(1)))
    options = sorted({str(roll), str(hearts), str(points), str(roll + hearts)}, key=int)
    return Draft("min_speed", i, i,
                 f"{who[0]}, a Normal Survivor with {hearts} heart(s), rolls {roll} for "
                 "movement. How many squares may they move?", str(points), "ZGC-NORM-03",
                 options, interest=2 if roll < hearts else 0)


def _zgc_zombie_target(p: Probe, i: int) -> Draft | None:
    """ZGC-ZCOMB-07: # zombies in one square make the target # x 4 (ZGC-AMB-07: reach it)."""
    e = p.log[i]
    if e.kind != "combat" or "ZGC-ZCOMB-07" not in e.ids or not {"zombies", "hp"} <= set(
            e.data) or e.data.get("mode") != "melee":
        return None
    z, hp = _int(e.data["zombies"]), _int(e.data["hp"])
    who = e.message.split(" fights ")[0]
    options = sorted({str(4 * k) for k in range(1, max(z, 2) + 2)} | {str(hp)}, key=int)
    return Draft("zombie_target", i, i,
                 f"{who} fights {z} zombie(s) standing in one square. What does the combat "
                 "check have to reach?", str(hp), "ZGC-ZCOMB-07", options,
                 interest=2 if z > 1 else 1)


def _zgc_demolish(p: Probe, i: int) -> Draft | None:
    """ZGC-DEMO-01: a Huge Giant's combat check of 8 or more brings a Building down."""
    e = p.log[i]
    if e.kind != "roll" or "ZGC-DEMO-01" not in e.ids or not {"total", "tile"} <= set(e.data):
        return None
    verdict = p.after(i, lambda ev: bool({"ZGC-DEMO-01", "ZGC-DEMO-03"} & set(ev.ids))
                      and ev.kind == "result", until=lambda ev: ev.kind in STOP_KINDS)
    if verdict is None:
        return None
    down = "ZGC-DEMO-03" in verdict.ids
    who = e.message.split(" rolls ")[0]
    return Draft("demolish", i + 1, verdict.index,
                 f"{who}, a Huge Giant, rolls {_int(e.data['total'])} in a combat check against "
                 f"the {e.data['tile']}. Is the building demolished?",
                 "Yes" if down else "No", "ZGC-DEMO-01", ["Yes", "No"], interest=2)


for _kind in (
    QuestionKind("zombies_giants", "giant_move", "How far does a Giant move?", "ZGC-BIG-05",
                 _zgc_giant_move),
    QuestionKind("zombies_giants", "min_speed", "How far may a Normal Survivor move?",
                 "ZGC-NORM-03", _zgc_min_speed),
    QuestionKind("zombies_giants", "zombie_target", "What must the check reach?", "ZGC-ZCOMB-07",
                 _zgc_zombie_target),
    QuestionKind("zombies_giants", "demolish", "Does the building fall?", "ZGC-DEMO-01",
                 _zgc_demolish),
):
    register(_kind)


def kinds_table() -> list[dict[str, str]]:
    """Every game's question kinds (game, name, title, rule), for listings."""
    return [{"game": g, "name": k.name, "title": k.title, "rule": k.rule}
            for g, kinds in KINDS.items() for k in kinds.values()]


__all__: Sequence[str] = ["KINDS", "kinds_table", "register"]

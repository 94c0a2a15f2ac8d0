"""The scripted game sequence: turns of Action and Council phases, the Great Compromise, the Spike,
and the three ways the game ends (the VP to win, the assumed turn limit, Completing the Web).

The turn structure, the actions and their costs are the base game's, which the expansion text does
not contain: every event of theirs is marked assumed (``provenance``).
"""
from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import androgeus, arachne_solara, monsters
from . import provenance as why
from .battle import resolve_battle
from .council import council_phase
from .data import GodsWarData
from .setup import setup
from .state import GWState, Piece, a_unit, remove_piece

TURN = "Gods War base game (assumed): Turn sequence"
ACTIONS = "Gods War base game (assumed): Action Phase"
GREAT_COMPROMISE = "Gods War base game (assumed): the Great Compromise"
SPIKE = "Gods War base game (assumed): the Spike explodes"
END = "Gods War base game (assumed): End of the game"
SUNSPEAR = "Gods War base game (assumed): Sunspear"

GREAT_COMPROMISE_REFS = ("base_game:great_compromise.trigger_turn",)
SPIKE_REFS = ("base_game:spike.explodes_on_turn",)
SUMMON_REFS = ("empires:empires",)
BUILD_REFS = ("base_game:actions.build", "base_game:buildings.per_empire_per_area")
SIREN_REFS = ("base_game:siren_song.penalty_power",)
RUNE_REFS = ("base_game:victory.rune_vp",)
RUNES_WHY = "assumed: what a rune is worth at the end is base-game content not in the text"


def play(state: GWState, ctx: Context) -> Procedure:
    """Set-up, then turns until the game ends."""
    if state.phase == "Set-Up":
        yield from setup(state, ctx, state.proposals or None)
        state.phase = "Action"
    while state.result is None:
        if state.phase == "Action":
            state.step = ""
            yield Event(f"Turn {state.turn} begins", rule=TURN, kind="turn", assumed=why.TURN)
            yield from start_of_turn(state, ctx)
            if not state.end_reason:
                yield from action_phase(state, ctx)
            state.phase = "Council"
        if state.end_reason:
            yield from end_game(state, ctx)
            return
        yield from council_phase(state, ctx)
        if not state.end_reason:
            check_victory(state, ctx.data)
        if state.end_reason:
            yield from end_game(state, ctx)
            return
        state.turn += 1
        state.phase = "Action"


def start_of_turn(state: GWState, ctx: Context) -> Procedure:
    """The assumed Time-track events: the Great Compromise, the Spike's explosion."""
    data: GodsWarData = ctx.data
    if not state.great_compromise and state.turn >= data.get("base_game.great_compromise.trigger_turn"):
        state.great_compromise = True
        yield Event(f"The Great Compromise is first triggered (assumed: on turn "
                    f"{data.get('base_game.great_compromise.trigger_turn')})", rule=GREAT_COMPROMISE,
                    kind="info", ids=("GW-PLACE-01",), assumed=why.GREAT_COMPROMISE,
                    data={"refs": GREAT_COMPROMISE_REFS})
        yield from monsters.place_at_great_compromise(state, ctx)
    if not state.spike_exploded and state.turn >= data.get("base_game.spike.explodes_on_turn"):
        yield from spike_explodes(state, ctx)


def spike_explodes(state: GWState, ctx: Context) -> Procedure:
    """The Spike explodes: (assumed) empire pieces there return to pools; Arachne to Inner Hell."""
    state.spike_exploded = True
    yield Event("The Spike explodes", rule=SPIKE, kind="info", ids=("GW-MF-04",),
                assumed=why.SPIKE, data={"area": "the Spike", "refs": SPIKE_REFS})
    for p in list(state.pieces_in("the Spike")):
        remove_piece(state, "the Spike", p.empire, p.kind)
        yield Event(f"{p.empire}'s {p.kind} on the Spike returns to its pool", rule=SPIKE,
                    kind="move", assumed=why.SPIKE, data={"unit": p.kind, "where": "the Spike"})
    yield from arachne_solara.spike_explodes(state, ctx)
    if state.monster_area("Androgeus") == "the Spike":
        yield Event("Androgeus stays on the Spike: the text does not say the explosion affects him "
                    "and abilities cannot destroy Monsters (data gap)", rule=monsters.KILLING,
                    kind="monster", ids=("GW-KILL-01",), assumed=why.SPIKE_ANDROGEUS,
                    data={"monster": "Androgeus", "where": "the Spike"})


# -- the Action Phase -------------------------------------------------------------------------------

def action_phase(state: GWState, ctx: Context) -> Procedure:
    """Players act in player order, one action each round, until all have passed (assumed)."""
    state.phase = "Action"
    yield Event(f"Turn {state.turn}: Action Phase", rule=ACTIONS, kind="phase",
                assumed=why.ACTIONS)
    passed: list[str] = []
    while len(passed) < len(state.player_order):
        for empire in state.player_order:
            if empire in passed:
                continue
            state.step = empire
            options = legal_actions(state, ctx.data, empire)
            if options == ["pass"]:
                choice = "pass"
            else:
                choice = yield Decision(empire, "action", f"{empire}: choose an action "
                                        f"({state.empires[empire].power} power)", options,
                                        rule=ACTIONS, assumed=why.ACTIONS)
            if choice == "pass":
                passed.append(empire)
                yield Event(f"{empire} passes", rule=ACTIONS, kind="step", assumed=why.ACTIONS)
                continue
            yield from do_action(state, ctx, empire, choice)
            if state.end_reason:
                return


def legal_actions(state: GWState, data: GodsWarData, empire: str) -> list[str]:
    """Every action the empire can pay for now, as text, in a fixed order; 'pass' last."""
    power = state.empires[empire].power
    mine = sorted({p.area for p in state.pieces if p.empire == empire})
    out: list[str] = []
    if power >= data.get("battle.procedure.attack_cost"):
        out += _attacks(state, empire, mine)
    if arachne_solara.can_spin(state, data, empire):
        out.append("spin the web")
    if power >= data.get("base_game.actions.build"):
        out += _builds(state, data, empire, mine)
    if "Sunspear" in data.empires[empire].abilities and power >= data.get(
            "base_game.actions.sunspear"):
        out += _sunspears(state, empire, mine)
    out += _summons(state, data, empire, mine)
    if "Teleport" in data.empires[empire].abilities and power >= data.get(
            "base_game.actions.teleport"):
        out += _teleports(state, data, empire)
    out += _moves(state, data, empire)
    out.append("pass")
    return out


def _attacks(state: GWState, empire: str, mine: list[str]) -> list[str]:
    """Battles to declare: a Monster or an enemy empire in an area where the empire has units."""
    out = []
    for area in mine:
        out += [f"attack {m} in {area}" for m in state.monsters_in(area)]
        out += [f"attack {e} in {area}" for e in state.empires_in(area) if e != empire]
    return out


def _builds(state: GWState, data: GodsWarData, empire: str, mine: list[str]) -> list[str]:
    """Buildings: in a surface area with the empire's units, up to the limit per area."""
    per_area = data.get("base_game.buildings.per_empire_per_area")
    return [f"build in {area}" for area in mine
            if (state.buildings.get(area, []).count(empire) < per_area
                and data.realm(area) == "surface")]


def _sunspears(state: GWState, empire: str, mine: list[str]) -> list[str]:
    """Sunspear targets: a Monster or an enemy piece kind in an area with the empire's units."""
    out = []
    for area in mine:
        targets = [*state.monsters_in(area),
                   *sorted({p.kind for p in state.pieces_in(area) if p.empire != empire})]
        out += [f"sunspear {t} in {area}" for t in targets]
    return out


def _summons(state: GWState, data: GodsWarData, empire: str, mine: list[str]) -> list[str]:
    """Summons the empire can pay for, from its pool into an area with its units or building."""
    sheet = state.empires[empire]
    summon_areas = sorted(set(mine) | set(state.buildings_of(empire)))
    out = []
    for kind, n in sorted(sheet.pool.items()):
        if n > 0 and data.unit_types[kind].cost <= sheet.power:
            out += [f"summon {kind} in {a}" for a in summon_areas]
    return out


def _teleports(state: GWState, data: GodsWarData, empire: str) -> list[str]:
    """Teleport: a greater god (and the pieces with it) to any other surface area."""
    out = []
    for p in state.pieces:
        if p.empire == empire and monsters.piece_class(data, p.kind) == "greater_god":
            out += [f"teleport {p.kind} from {p.area} to {a}" for a in data.surface
                    if a != p.area]
    return out


def _moves(state: GWState, data: GodsWarData, empire: str) -> list[str]:
    """Moves of one piece into an adjacent surface area it may enter, Siren Song included.

    Assumed: the sequence keeps empire units on the surface world.
    """
    power = state.empires[empire].power
    move = data.get("base_game.actions.move")
    penalty = data.get("base_game.siren_song.penalty_power")
    sirens = monsters.siren_song_areas(state, data, empire, empire)
    out = []
    seen = set()
    for p in state.pieces:
        if p.empire != empire or (p.kind, p.area) in seen:
            continue
        seen.add((p.kind, p.area))
        for a in data.surface_neighbours[p.area]:
            ok, _ = monsters.may_enter(state, data, p.kind, empire, a, "move")
            cost = move + (penalty if a in sirens else 0)
            if ok and power >= cost:
                out.append(f"move {p.kind} from {p.area} to {a}")
    return out


def do_action(state: GWState, ctx: Context, empire: str, action: str) -> Procedure:
    """Carry out one action chosen from legal_actions."""
    data: GodsWarData = ctx.data
    sheet = state.empires[empire]
    verb, _, rest = action.partition(" ")
    if action == "spin the web":
        yield from arachne_solara.spin(state, ctx, empire)
    elif verb == "summon":
        kind, _, area = rest.partition(" in ")
        yield from summon(state, ctx, empire, kind, area)
    elif verb == "build":
        area = rest.removeprefix("in ")
        sheet.power -= data.get("base_game.actions.build")
        state.buildings.setdefault(area, []).append(empire)
        yield Event(f"{empire} builds in {area}", rule="Gods War base game (assumed): Build",
                    kind="build", assumed=why.BUILD, data={"area": area, "refs": BUILD_REFS})
    elif verb == "sunspear":
        target, _, area = rest.partition(" in ")
        sheet.power -= data.get("base_game.actions.sunspear")
        yield from monsters.ability_kill(state, ctx, "Sunspear", area, target, empire)
    elif verb == "attack":
        target, _, area = rest.partition(" in ")
        sheet.power -= data.get("battle.procedure.attack_cost")
        champion = None
        if "Single Combat" in data.empires[empire].abilities:
            heroes = sorted({p.kind for p in state.pieces_in(area, empire)
                             if monsters.is_hero_or_greater_god(data, p.kind)})
            if heroes:
                pick = yield Decision(empire, "single_combat", "Use Single Combat? Choose a Champion",
                                      ["no", *heroes], rule="Gods War base game (assumed): Single Combat",
                                      assumed=why.SINGLE_COMBAT)
                champion = None if pick == "no" else pick
        yield from resolve_battle(state, ctx, area, empire, target, champion=champion)
    elif verb == "teleport":
        kind, _, rest2 = rest.partition(" from ")
        src, _, dest = rest2.partition(" to ")
        sheet.power -= data.get("base_game.actions.teleport")
        kinds = [p.kind for p in state.pieces_in(src, empire)]
        yield from monsters.move_by_ability(state, ctx, empire, "Teleport", src, dest, kinds)
    elif verb == "move":
        kind, _, rest2 = rest.partition(" from ")
        src, _, dest = rest2.partition(" to ")
        penalty = monsters.siren_song_penalty(state, data, empire, dest, empire)
        sheet.power -= data.get("base_game.actions.move") + penalty
        if penalty:
            yield Event(f"{empire} pays {penalty} power for Siren Song",
                        rule="Gods War base game (assumed): Siren Song", kind="power",
                        assumed=why.SIREN_SONG, data={"refs": SIREN_REFS})
        yield from monsters.move_by_ability(state, ctx, empire, "move action", src, dest, [kind])
    else:
        raise ValueError(f"unknown action {action!r}")


def summon(state: GWState, ctx: Context, empire: str, kind: str, area: str) -> Procedure:
    """Summon from the pool (pay its cost); Lust then applies, after the summon is resolved."""
    data: GodsWarData = ctx.data
    sheet = state.empires[empire]
    if sheet.pool.get(kind, 0) <= 0:
        raise ValueError(f"{empire} has no {kind} in its pool")
    sheet.power -= data.unit_types[kind].cost
    sheet.pool[kind] -= 1
    state.pieces.append(Piece(kind, empire, area))
    cost = data.unit_types[kind].cost
    yield Event(f"{empire} summons {a_unit(kind)} into {area} for {cost} power",
                rule="Gods War base game (assumed): Summon", kind="summon", assumed=why.SUMMON,
                data={"empire": empire, "kind": kind, "unit": kind, "area": area,
                      "refs": SUMMON_REFS})
    yield from androgeus.lust(state, ctx, empire, area)


# -- the end ----------------------------------------------------------------------------------------

def check_victory(state: GWState, data: GodsWarData) -> None:
    """The VP to win (35) at the end of a Council phase (assumed timing), or the turn limit."""
    to_win = data.get("base_game.victory.vp_to_win")
    if any(e.vp >= to_win for e in state.empires.values()):
        state.end_reason = f"{to_win} VP"
    elif state.turn >= data.get("base_game.victory.turn_limit"):
        state.end_reason = "turn limit"


def end_game(state: GWState, ctx: Context) -> Procedure:
    """Runes are played as usual (also when the web ends the game); most VP wins."""
    data: GodsWarData = ctx.data
    state.phase = "End"
    state.step = ""
    rune_vp = data.get("base_game.victory.rune_vp")
    web = state.end_reason == "Completing the Web"
    yield Event(f"The game ends ({state.end_reason}); runes are played as usual", rule=(
        arachne_solara.COMPLETING if web else END), kind="phase",
        ids=why.IDS_RUNES if web else (), assumed="" if web else why.END)
    for empire in state.player_order:
        sheet = state.empires[empire]
        if sheet.runes:
            sheet.vp += sheet.runes * rune_vp
            yield Event(f"{empire} plays {sheet.runes} rune(s): +{sheet.runes * rune_vp} VP",
                        rule=f"{END}; {arachne_solara.COMPLETING}" if web else END, kind="vp",
                        ids=why.IDS_RUNES if web else (), assumed=RUNES_WHY,
                        data={"refs": RUNE_REFS})  # (Arachne's card speaks of its own end only)
            sheet.runes = 0
    best = max(e.vp for e in state.empires.values())
    top = [e for e in state.player_order if state.empires[e].vp == best]
    state.result = top[0] if len(top) == 1 else "draw: " + ", ".join(top)
    others = sorted((e for e in state.player_order if e not in top),
                    key=lambda e: -state.empires[e].vp)  # most VP first, ties in player order
    behind = ", ".join(f"{e} {state.empires[e].vp}" for e in others)
    yield Event(f"Result: {state.result} with {best} VP" + (f" (then {behind})" if behind else ""),
                rule=END, kind="result",
                assumed=why.END, data={e: state.empires[e].vp for e in state.player_order})

"""Set-up: empires, starting units and buildings (assumed), Monster selection and placement."""
from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import arachne_solara, monsters
from . import provenance as why
from .data import GodsWarData
from .state import EmpireState, GWState, Piece

BASE_SETUP = "Gods War base game (assumed): Set-Up"
SETUP_REFS = ("base_game:setup", "empires:empires")

# GW-AMB-09: the Cosmic Monster pool is Leviathan, Juggernaut, Androgeus and Arachne Solara, at
# most one a game as recommended ("androgeus", "arachne_solara"); "both" is the experienced
# players' option, the default here so one game shows both cards.
SCENARIOS: dict[str, dict] = {
    "both": {"monsters": ["Androgeus", "Arachne Solara"], "experienced": True,
             "about": "Experienced players: both Cosmic Monsters (XIII lets experienced players "
                      "add as many Monsters as they like)"},
    "androgeus": {"monsters": ["Androgeus"], "experienced": False,
                  "about": "Androgeus only (recommended: no more than 1 Cosmic Monster)"},
    "arachne_solara": {"monsters": ["Arachne Solara"], "experienced": False,
                       "about": "Arachne Solara only (recommended: no more than 1 Cosmic Monster)"},
    "disagreement": {"monsters": [], "experienced": False,
                     "proposals": {"Storm": ["Androgeus"], "Sea": ["Arachne Solara"]},
                     "about": "The players disagree; the game's owner decides"},
}


def initial_state(data: GodsWarData, scenario: dict, variants: list[str]) -> GWState:
    """A fresh state: every empire's pool full, nothing placed yet."""
    state = GWState(game="gods_war", variants=list(variants),
                    player_order=list(data.player_order),
                    web_pool=data.get("monsters.components.web_tokens"))
    for name, emp in data.empires.items():
        state.empires[name] = EmpireState(
            power=0, vp=0, runes=0,
            pool={k: data.unit_types[k].count for k in emp.units})
    problems = monsters.selection_problems(data, scenario.get("monsters", []),
                                           scenario.get("experienced", False))
    if problems:
        raise ValueError("scenario monsters: " + "; ".join(problems))
    state.monsters = monsters.new_monster_states(scenario.get("monsters", []))
    state.proposals = {k: list(v) for k, v in scenario.get("proposals", {}).items()}
    return state


def setup(state: GWState, ctx: Context, proposals: dict[str, list[str]] | None = None) -> Procedure:
    """Choose Monsters (owner decides on disagreement), deal the assumed start, place Arachne."""
    data: GodsWarData = ctx.data
    state.phase = "Set-Up"
    yield Event("Set-Up", rule=BASE_SETUP, kind="phase", assumed=why.SETUP)
    if proposals:
        chosen = yield from monsters.choose_monsters(state, ctx, proposals, state.player_order[0])
        problems = monsters.selection_problems(data, chosen, experienced=False)
        if problems:
            raise ValueError("; ".join(problems))
        state.monsters = monsters.new_monster_states(chosen)
    for name in state.monsters:
        yield Event(f"{name} ({data.cards[name].type} Monster, Combat {data.cards[name].combat}) is "
                    "in this game", rule=monsters.MONSTERS, kind="setup",
                    data={"monster": name}, ids=why.IDS_SETUP_MONSTERS)
    power = data.get("base_game.setup.starting_power")
    start_units = data.get("base_game.setup.starting_units")
    runes = data.get("base_game.setup.starting_runes")
    for name in state.player_order:
        emp = data.empires[name]
        sheet = state.empires[name]
        sheet.power, sheet.runes = power, runes
        cheapest = min(emp.units, key=lambda k: (data.unit_types[k].cost, k))
        for _ in range(min(start_units, sheet.pool[cheapest])):
            sheet.pool[cheapest] -= 1
            state.pieces.append(Piece(cheapest, name, emp.home))
        state.buildings.setdefault(emp.home, []).append(name)
        yield Event(f"{name} starts in {emp.home} with a building, {start_units} {cheapest}, "
                    f"{power} power and {runes} rune(s)", rule=BASE_SETUP, kind="setup",
                    data={"unit": cheapest, "area": emp.home, "refs": SETUP_REFS},
                    assumed=why.SETUP)
    yield from arachne_solara.place_at_start(state, ctx)

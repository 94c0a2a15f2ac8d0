"""The Council Phase: assumed base-game income and VP, then the Cosmic Monsters' Council abilities."""
from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import androgeus, arachne_solara
from . import provenance as why
from .data import GodsWarData
from .state import GWState

BASE_COUNCIL = "Gods War base game (assumed): Council Phase"
INCOME_REFS = ("base_game:council",)


def council_phase(state: GWState, ctx: Context) -> Procedure:
    """Income and building VP (assumed), Androgeus' VP, Empowering the Web (player order)."""
    data: GodsWarData = ctx.data
    state.phase = "Council"
    state.step = ""
    yield Event(f"Turn {state.turn}: Council Phase", rule=BASE_COUNCIL, kind="phase",
                assumed=why.COUNCIL)
    base = data.get("base_game.council.power_base")
    per_b = data.get("base_game.council.power_per_building")
    vp_b = data.get("base_game.council.vp_per_building")
    for empire in state.player_order:
        sheet = state.empires[empire]
        n = len(state.buildings_of(empire))
        sheet.power += base + per_b * n
        sheet.vp += vp_b * n
        yield Event(f"{empire}: +{base + per_b * n} power, +{vp_b * n} VP from {n} building(s)",
                    rule=BASE_COUNCIL, kind="power", assumed=why.COUNCIL,
                    data={"empire": empire, "power": sheet.power, "vp": sheet.vp,
                          "refs": INCOME_REFS})
    state.step = "Cosmic Monsters"
    yield Event("Council Phase: Cosmic Monster abilities", rule=BASE_COUNCIL, kind="step",
                assumed=why.COUNCIL)
    yield from androgeus.council_vp(state, ctx)
    yield from arachne_solara.empowering(state, ctx)

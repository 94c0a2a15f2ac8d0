"""Victory: the Swarm needs two of New York City, Washington DC and Atlanta destroyed."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Event

from .data import GinData
from .state import GinState

R_VICTORY = "Ginormopod: Victory"
AMB_11 = "default reading of GIN-AMB-11: victory is checked only in the Fade Out, never mid-turn"


def victory_cities_destroyed(state: GinState, data: GinData) -> list[str]:
    """Victory Cities whose Forts carry a Destroyed marker."""
    return [c for c in data.victory_cities if state.forts[c].destroyed]


def check_victory(state: GinState, ctx: Context) -> Generator[Event, Any, None]:
    """GIN-VIC-01/02: checked in Fade Out step 3 (GIN-AMB-11 default: never mid-turn)."""
    data: GinData = ctx.data
    gone = victory_cities_destroyed(state, data)
    if len(gone) >= data.victory_needed:
        state.result = "Swarm"
        state.end_reason = f"destroyed {', '.join(gone)}"
        yield Event(f"The Swarm has destroyed {', '.join(gone)}: the Swarm wins",
                    rule=R_VICTORY, kind="result", data={"destroyed": gone},
                    ids=("GIN-VIC-01", "GIN-AMB-11"),
                    assumed="" if ctx.variant("sudden_victory") else AMB_11)
        return
    if state.turn >= data.last_turn:
        state.result = "Human"
        state.end_reason = "the anti-mutagen is complete"
        yield Event(f"End of Turn {state.turn}, the last: {len(data.victory_cities) - len(gone)} "
                    "victory Cities stand, the Humans win", rule=R_VICTORY, kind="result",
                    data={"destroyed": gone}, ids=("GIN-VIC-02", "GIN-FLOW-03"))
        return
    yield Event(f"Check for Victory: {len(gone)} of {len(data.victory_cities)} victory Cities "
                "destroyed, play on", rule=R_VICTORY, ids=("GIN-VIC-01",))


def sudden_victory(state: GinState, ctx: Context) -> Generator[Event, Any, None]:
    """Variant of GIN-AMB-11 ('before the end of the tenth turn'): the Swarm wins the moment its
    second victory City is destroyed, before any Roll For Danger."""
    if not ctx.variant("sudden_victory") or state.result is not None:
        return
    data: GinData = ctx.data
    gone = victory_cities_destroyed(state, data)
    if len(gone) >= data.victory_needed:
        state.result = "Swarm"
        state.end_reason = f"destroyed {', '.join(gone)}"
        yield Event(f"The Swarm has destroyed {', '.join(gone)}: the Swarm wins at once "
                    "(variant sudden_victory)", rule=R_VICTORY, kind="result",
                    data={"destroyed": gone}, ids=("GIN-VIC-01", "GIN-AMB-11"),
                    assumed="variant of GIN-AMB-11: the Swarm wins as soon as it has destroyed "
                            "the victory Cities")

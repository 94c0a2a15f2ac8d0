"""Victory: the Swarm needs two of New York City, Washington DC and Atlanta destroyed."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Event

from .data import GinData
from .state import GinState

R_VICTORY = "Ginormopod: Victory"


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
                    rule=R_VICTORY, kind="result", data={"destroyed": gone})
        return
    if state.turn >= data.last_turn:
        state.result = "Human"
        state.end_reason = "the anti-mutagen is complete"
        yield Event(f"End of Turn {state.turn}: {len(data.victory_cities) - len(gone)} victory "
                    "Cities stand, the Humans win", rule=R_VICTORY, kind="result",
                    data={"destroyed": gone})
        return
    yield Event(f"Check for Victory: {len(gone)} of {len(data.victory_cities)} victory Cities "
                "destroyed, play on", rule=R_VICTORY)

"""FX: chits handed to their owner, used at most once per Game Turn and one per side per Combat."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .danger import advance_danger
from .data import GinData
from .state import GinState

R_FX = "Ginormopod: FX"
NO_FX = "none"


def usable_fx(state: GinState, side: str) -> list[str]:
    """FX the side holds this turn and has not used yet (GIN-FX-01, GIN-FX-02)."""
    return [f for f in state.fx_hand[side] if f not in state.fx_used]


def choose_fx(state: GinState, ctx: Context, side: str, city: str
              ) -> Generator[Event | Decision, Any, str]:
    """GIN-FX-03: a side may use one FX in this Combat; returns its name or '' for none."""
    usable = usable_fx(state, side)
    if not usable:
        return ""
    choice = yield Decision(side, "use_fx", f"Use an FX in the Combat at {city}?",
                            [NO_FX, *usable], rule=R_FX, data={"city": city})
    if choice == NO_FX:
        return ""
    state.fx_used.append(choice)
    data: GinData = ctx.data
    yield Event(f"{side} uses {choice} at {city} (once this turn, one FX per side in a Combat)",
                rule=R_FX, kind="fx", data={"fx": choice, "side": side, "city": city})
    if data.fx[choice].danger:
        yield from advance_danger(state, ctx, side, choice)
    return choice


def effect(data: GinData, fx: str, key: str, default: Any = 0) -> Any:
    """One effect value of an FX (0 / [] / False when the FX lacks it or none is used)."""
    if not fx:
        return default
    return data.fx[fx].effect.get(key, default)

"""FX: chits handed to their owner, used at most once per Game Turn and one per side per Combat."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .danger import advance_danger
from .data import GinData
from .provenance import NO_FX_IN_BARRAGE_DICE, cite, fx_reason
from .state import GinState

R_FX = "Ginormopod: FX"
NO_FX = "none"
# effects that give a side dice or Hits of its own: in a Barrage only the Fort rolls
DICE_EFFECTS = ("own_pip_modifier", "extra_dice", "auto_hits")


def usable_fx(state: GinState, side: str) -> list[str]:
    """FX the side holds this turn and has not used yet (GIN-FX-01, GIN-FX-02)."""
    return [f for f in state.fx_hand[side] if f not in state.fx_used]


def works_in_barrage(data: GinData, fx: str, side: str) -> bool:
    """Ginormopod: Fort Combat — in a Barrage only the Fort rolls dice and the Swarm fires back
    only with the Wasp's FX: an FX that would give its side dice or Hits does nothing there."""
    eff = data.fx[fx].effect
    if side == "Swarm" and eff.get("fires_in_barrage", False):
        return True
    return not any(k in eff for k in DICE_EFFECTS)


def choose_fx(state: GinState, ctx: Context, side: str, city: str, barrage: bool = False,
              combat: dict[str, Any] | None = None) -> Generator[Event | Decision, Any, str]:
    """GIN-FX-03: a side may use one FX in this Combat; returns its name or '' for none.
    ``combat`` (the Combat as plain data, and the acting side's FX when the enemy is asked) goes
    into the Decision's data, for the exact odds of each answer."""
    usable = usable_fx(state, side)
    data: GinData = ctx.data
    if barrage:
        usable = [f for f in usable if works_in_barrage(data, f, side)]
    if not usable:
        return ""
    choice = yield Decision(side, "use_fx", f"Use an FX in the Combat at {city}?",
                            [NO_FX, *usable], rule=R_FX, data={"city": city, **(combat or {})},
                            ids=("GIN-FX-03",), assumed=NO_FX_IN_BARRAGE_DICE if barrage else "")
    if choice == NO_FX:
        return ""
    state.fx_used.append(choice)
    yield Event(f"{side} uses {choice} at {city} (once this turn, one FX per side in a Combat)",
                rule=R_FX, kind="fx", data={"fx_effect": choice, "side": side, "city": city},
                ids=cite(("GIN-FX-02", "GIN-FX-03", "GIN-COMB-05"), fx_reason(data, choice)),
                assumed=fx_reason(data, choice))
    if data.fx[choice].danger and not (ctx.variant("nuclear_is_not_nukes")
                                       and data.fx[choice].side == "Human"):
        yield from advance_danger(state, ctx, side, choice)
    return choice


def effect(data: GinData, fx: str, key: str, default: Any = 0) -> Any:
    """One effect value of an FX (0 / [] / False when the FX lacks it or none is used)."""
    if not fx:
        return default
    return data.fx[fx].effect.get(key, default)

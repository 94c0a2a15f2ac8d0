"""Danger: Tectonic Telekinesis and Nukes move the Danger marker; a roll can end the world."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.dice import SumDice
from rules_lib.core.engine import Context, Event

from .data import GinData
from .state import GinState, other

R_DANGER = "Ginormopod: Danger"


def advance_danger(state: GinState, ctx: Context, side: str, fx: str
                   ) -> Generator[Event, Any, None]:
    """GIN-DNGR-01: flip the marker to the user's FX and move it one space right."""
    data: GinData = ctx.data
    state.danger = min(state.danger + 1, len(data.danger_thresholds) - 1)
    state.danger_side = side
    yield Event(f"{fx} advances the Danger marker to space {state.danger}, {side} side up",
                rule=R_DANGER, kind="danger", data={"danger": state.danger, "side": side})


def danger_threshold(data: GinData, space: int) -> int:
    """The die-symbol total on a Danger space (0 = no symbols)."""
    return data.danger_thresholds[space]


def danger_dice(data: GinData) -> SumDice:
    """The Roll For Danger: two dice summed."""
    return SumDice(data.danger_dice)


def roll_for_danger(state: GinState, ctx: Context) -> Generator[Event, Any, None]:
    """GIN-DNGR-02/03: the player whose FX is face-up rolls 2d6; >= the symbols ends the Earth."""
    data: GinData = ctx.data
    threshold = danger_threshold(data, state.danger)
    if threshold <= 0 or not state.danger_side:
        yield Event("Roll For Danger: the Danger marker shows no die symbols", rule=R_DANGER,
                    kind="danger")
        return
    for side in [state.danger_side]:
        roll = danger_dice(data).roll(ctx.dice, f"Roll For Danger ({side})")
        if roll.value >= threshold:
            state.result = other(side)
            state.end_reason = f"the Earth was destroyed by the {side}"
            yield Event(f"{side} rolls {roll.faces} = {roll.value} >= {threshold}: "
                        f"Congratulations, the {side} destroyed the Earth and loses "
                        f"(GIN-AMB-05 default: only the face-up side rolls)",
                        rule=R_DANGER, kind="result", data={"roll": roll.value, "loser": side})
            return
        yield Event(f"{side} rolls {roll.faces} = {roll.value} < {threshold}: the Earth survives",
                    rule=R_DANGER, kind="roll", data={"roll": roll.value})

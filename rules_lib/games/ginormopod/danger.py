"""Danger: Tectonic Telekinesis and Nukes move the Danger marker; a roll can end the world."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.dice import SumDice
from rules_lib.core.engine import Context, Event

from .data import SIDES, GinData
from .provenance import fx_side_reason, reason
from .state import GinState, other

R_DANGER = "Ginormopod: Danger"
AMB_04 = ("default reading of GIN-AMB-04: the dice are summed against the total of the space's "
          "die symbols")
AMB_05 = "default reading of GIN-AMB-05: only the player whose FX is face-up rolls"


def advance_danger(state: GinState, ctx: Context, side: str, fx: str
                   ) -> Generator[Event, Any, None]:
    """GIN-DNGR-01: flip the marker to the user's FX and move it one space right (it stops on the
    last space of the track)."""
    data: GinData = ctx.data
    state.danger = min(state.danger + data.danger_advance, data.danger_spaces - 1)
    state.danger_side = side
    if side not in state.danger_users:
        state.danger_users.append(side)
    yield Event(f"{fx} advances the Danger marker to space {state.danger + 1}, {side} side up",
                rule=R_DANGER, kind="danger", ids=("GIN-DNGR-01", "GIN-AMB-03"),
                data={"danger_space": state.danger, "side": side, "fx_side": fx},
                assumed=fx_side_reason(data, fx))


def danger_dice(data: GinData) -> SumDice:
    """The Roll For Danger: two dice summed."""
    return SumDice(data.danger_dice)


def destroys_earth(faces: tuple[int, ...], symbols: tuple[int, ...], each_die: bool) -> bool:
    """GIN-DNGR-03 (GIN-AMB-04): the sum of the dice reaches the symbols' total; in the variant
    each die, highest against highest, must reach its own symbol."""
    if not symbols:
        return False
    if each_die:
        return all(d >= s for d, s in zip(sorted(faces, reverse=True),
                                           sorted(symbols, reverse=True)))
    return sum(faces) >= sum(symbols)


def roll_for_danger(state: GinState, ctx: Context) -> Generator[Event, Any, None]:
    """GIN-DNGR-02/03: on a space with die symbols, the player whose FX is face-up rolls two dice;
    reaching the symbols ends the Earth and that player loses."""
    data: GinData = ctx.data
    if not state.danger_side:
        yield Event("Roll For Danger: no FX is face-up on the Danger marker, nobody rolls",
                    rule=R_DANGER, kind="danger", ids=("GIN-DNGR-02",))
        return
    symbols = data.danger_symbols(state.danger)
    track = reason(data, "tables", f"danger_track.symbols[{state.danger}]")
    if not symbols:
        yield Event(f"Roll For Danger: space {state.danger + 1} of the Danger track shows no die "
                    "symbols", rule=R_DANGER, kind="danger", ids=("GIN-DNGR-02",),
                    data={"danger_space": state.danger}, assumed=track)
        return
    each_die = ctx.variant("danger_each_die")
    rollers = [state.danger_side]
    if ctx.variant("danger_both_roll"):  # GIN-AMB-05 variant: everyone who used one rolls
        rollers += [s for s in SIDES if s in state.danger_users and s != state.danger_side]
    how = ("each die against its own symbol (variant of GIN-AMB-04)" if each_die else AMB_04)
    why = "; ".join(x for x in (track, how, "" if len(rollers) > 1 else AMB_05) if x)
    need = "/".join(str(s) for s in symbols) if each_die else str(sum(symbols))
    for side in rollers:
        roll = danger_dice(data).roll(ctx.dice, f"Roll For Danger ({side})")
        if destroys_earth(roll.faces, symbols, each_die):
            state.result = other(side)
            state.end_reason = f"the Earth was destroyed by the {side}"
            yield Event(f"{side} rolls {list(roll.faces)} against {need}: Congratulations, "
                        + ("the Swarm destroyed the Earth and loses: the Humans win"
                           if side == "Swarm" else
                           "the Humans destroyed the Earth and lose: the Swarm wins"),
                        rule=R_DANGER, kind="result",
                        ids=("GIN-DNGR-02", "GIN-DNGR-03", "GIN-OVER-08", "GIN-AMB-04",
                             "GIN-AMB-05"),
                        data={"roll": roll.value, "loser": side, "danger_space": state.danger},
                        assumed=why)
            return
        yield Event(f"{side} rolls {list(roll.faces)} against {need}: the Earth survives",
                    rule=R_DANGER, kind="roll",
                    ids=("GIN-DNGR-02", "GIN-DNGR-03", "GIN-AMB-04", "GIN-AMB-05"),
                    data={"roll": roll.value, "danger_space": state.danger}, assumed=why)

"""Drawing Vermite Event Chits (§D): one at random, or two and a choice after a Successful Recon
(§I-4-a) or for the Vermite player of the two-player game (§O). The events themselves are part 2."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .combat import game_data
from .state import MARINES, VERMITES, SVState

TWO_PLAYER = "two_player"


def fill_event_cup(state: SVState, ctx: Context) -> None:
    """All fifteen Vermite Event Chits go into the Event Cup (§C-1)."""
    state.event_cup = [c.name for c in game_data(ctx).event_chits]
    state.events_used = []


def _draw_one(state: SVState, ctx: Context, purpose: str) -> str:
    """A chit drawn at random from the cup (one die with as many sides as chits left)."""
    cup = state.event_cup
    index = ctx.dice.roll(len(cup), purpose) - 1 if len(cup) > 1 else 0
    return cup.pop(index)


def draw_event_chit(state: SVState, ctx: Context) -> Generator[Any, Any, str | None]:
    """Draw this turn's chit; a Successful Recon (or the two-player Vermite side) draws two and
    chooses, returning the other to the cup. The chit is used up (SV-AMB-11)."""
    if not state.event_cup:
        return None
    chooser = None
    if state.successful_recon:
        chooser, why = MARINES, "Successful Recon"
    elif ctx.variant(TWO_PLAYER):
        chooser, why = VERMITES, "two-player option"
    if chooser is None or len(state.event_cup) == 1:
        chit = _draw_one(state, ctx, "Event Chit")
        yield Event(f"Event Chit drawn: {chit}", rule="Space Vermin §D", kind="roll")
    else:
        pair = [_draw_one(state, ctx, "Event Chit 1"), _draw_one(state, ctx, "Event Chit 2")]
        chit = yield Decision(
            chooser,
            "event_chit",
            f"{why}: which Event Chit do the Vermites use this turn?",
            pair,
            rule="Space Vermin §I-4-a" if chooser == MARINES else "Space Vermin §O",
        )
        other = pair[1] if chit == pair[0] else pair[0]
        state.event_cup.append(other)
        yield Event(
            f"{chooser} draw {pair[0]} and {pair[1]} ({why}) and choose {chit}; {other} goes "
            f"back into the cup",
            rule="Space Vermin §I-4-a" if chooser == MARINES else "Space Vermin §O",
            kind="roll",
        )
    state.successful_recon = False
    state.events_used.append(chit)
    state.active_event = chit
    return chit


def preferred_direction(chit_name: str, smap, h) -> int | str:
    """The Queen's Preferred Direction a chit gives a Vermite in hex ``h`` (§D-1, §Q-1-c):
    on Mapzone Alpha blue (Nest 1) south of the road, yellow (Nest 2) on or north of it; on
    Mapzone Beta the Scenario 2 number ("*" = Magnetic Storm)."""
    data = smap.data
    chit = next((c for c in data.event_chits if c.name == chit_name), None)
    if chit is None:
        raise KeyError(f"no Event Chit {chit_name!r}")
    if smap.key == "beta":
        return chit.beta
    return chit.alpha_blue if smap.zone(h) == "south" else chit.alpha_yellow

"""Drawing Vermite Event Chits (§D): one at random, or two and a choice after a Successful Recon
(§I-4-a) or for the Vermite player of the two-player game (§O). The events themselves are part 2."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .data import game_data
from .provenance import chit_reason, join
from .state import MARINES, VERMITES, SVState

TWO_PLAYER = "two_player"
EXTRA_CHOSEN = "extra_chit_chosen_too"  # SV-AMB-12's other reading (a variant)


def fill_event_cup(state: SVState, ctx: Context) -> None:
    """All fifteen Vermite Event Chits go into the Event Cup (§C-1)."""
    state.event_cup = [c.name for c in game_data(ctx).event_chits]
    state.events_used = []


def _draw_one(state: SVState, ctx: Context, purpose: str) -> str:
    """A chit drawn at random from the cup (one die with as many sides as chits left)."""
    cup = state.event_cup
    index = ctx.dice.roll(len(cup), purpose) - 1 if len(cup) > 1 else 0
    return cup.pop(index)


def draw_event_chit(
    state: SVState, ctx: Context, extra: bool = False
) -> Generator[Any, Any, str | None]:
    """Draw this turn's chit; a Successful Recon (or the two-player Vermite side) draws two and
    chooses, returning the other to the cup. The chit is used up (SV-AMB-11). The ``extra`` chit
    a B.U.R.P./B.E.L.C.H. calls for is a single random draw (default reading of SV-AMB-12; the
    variant ``extra_chit_chosen_too`` lets the two-player Vermite side choose it as well)."""
    if not state.event_cup:
        return None
    data = game_data(ctx)
    chooser = None
    if state.successful_recon:
        chooser, why = MARINES, "Successful Recon"
    elif ctx.variant(TWO_PLAYER) and (not extra or ctx.variant(EXTRA_CHOSEN)):
        chooser, why = VERMITES, "two-player option"
    if chooser is None or len(state.event_cup) == 1:
        chit = _draw_one(state, ctx, "Event Chit")
        single = extra and ctx.variant(TWO_PLAYER)
        yield Event(
            f"Event Chit drawn: {chit}"
            + (" (the extra chit is a single random draw, default reading of SV-AMB-12)"
               if single else ""),
            rule="Space Vermin §D",
            kind="roll",
            data={"chit": chit, "chit_paths": ["name"]},
            ids=("SV-EVT-02", "SV-AMB-11", "SV-AMB-12") if single else ("SV-EVT-02", "SV-AMB-11"),
            assumed=join(
                "default reading of SV-AMB-12: no choice for the B.U.R.P./B.E.L.C.H. extra chit"
                if single else "", chit_reason(data, chit, ("name",))),
        )
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
            data={"chit": chit, "chit_paths": ["name"], "other": other},
            ids=("SV-RECON-05",) if chooser == MARINES else ("SV-TWO-02",),
            assumed=join(chit_reason(data, chit, ("name",)), chit_reason(data, other, ("name",))),
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

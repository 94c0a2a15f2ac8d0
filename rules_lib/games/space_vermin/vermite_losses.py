"""A Vermite damaged or eliminated (§F-1, §J, §Q-1-c, §Q-2-f): a step flips it to its Reduced
side or eliminates it if already Reduced; an eliminated Vermite drops its Jewels, goes to the cup,
the Eliminated pile or out of the game, and sets off the NAT roll (§J-7).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from .data import SVData, game_data
from .nat import nat_roll
from .state import SVState, Unit, kind_of, variant_on

#: Why a Drone shot down by The Kitten on Mapzone Alpha leaves the game: the text states the
#: Kitten's exception in Scenario 2 only, and Scenario 1 sends every eliminated Vermite to the cup.
KITTEN_ON_ALPHA_WHY = ("the Kitten's exception (§Q-2-f: shot-down Drones stay out of the cup) "
                       "applied on Mapzone Alpha too, where §Q-1-c states none")
#: The other reading, a variant: on Alpha §Q-1-c's cup rule holds for the Kitten's Drones too.
KITTEN_TO_CUP = "kitten_kills_go_to_the_cup_on_alpha"
KITTEN_TO_CUP_WHY = (f"variant {KITTEN_TO_CUP}: §Q-1-c's cup rule read as covering the Kitten's "
                     "Drones too (its exception is written in §Q-2-f only)")


def kitten_removes(state: SVState, ctx: Context | None, cause: str) -> bool:
    """Does this elimination take the Vermite out of the game (The Kitten, §Q-2-f)? On Mapzone
    Alpha only by the default reading: the variant sends the Kitten's Drones to the cup there."""
    if cause != "kitten":
        return False
    return not (state.map == "alpha" and variant_on(state, ctx, KITTEN_TO_CUP))


def vermite_destination(data: SVData, state: SVState, unit: Unit, cause: str,
                        ctx: Context | None = None) -> str:
    """Where an eliminated Vermite goes: the cup (Scenario 1, Drones) or the eliminated pile (§Q).
    """
    if kitten_removes(state, ctx, cause):
        return "removed"
    if (
        (state.scenario == "great_migration" or state.campaign_stage == 2)
        and kind_of(data, unit) != "drone"
        and cause == "marine_combat"
    ):
        return "eliminated"
    return "cup"


def elimination_ids(data: SVData, state: SVState, unit: Unit, dest: str, cause: str
                     ) -> tuple[str, ...]:
    """The catalogue rules that send an eliminated Vermite where it goes (§Q-1-c, §Q-2-f)."""
    if cause == "kitten" and dest == "removed":
        return ("SV-S2-24", "SV-CF-13")
    if state.map == "alpha":
        return ("SV-S1-12",)
    if dest == "eliminated":
        return ("SV-S2-21",)
    return ("SV-S2-24",)


def _kitten_reading(state: SVState, cause: str, dest: str) -> str:
    """The reading a Kitten kill on Mapzone Alpha follows, marked as such (else nothing)."""
    if cause != "kitten" or state.map != "alpha":
        return ""
    return KITTEN_ON_ALPHA_WHY if dest == "removed" else KITTEN_TO_CUP_WHY


def eliminate_vermite(
    state: SVState,
    ctx: Context,
    unit: Unit,
    cause: str = "marine_combat",
    nat_only: str | None = None,
    at: str | None = None,
) -> Iterator[Event]:
    """Remove a Vermite (its Jewels stay in the hex) and make the NAT roll it triggers (§J-7).

    ``at`` is where it dies when that is not its hex (a Jolted Vermite landing on a Marine)."""
    data = game_data(ctx)
    where = at or unit.hex
    if unit.jewels:
        state.jewels[where] = state.jewels.get(where, 0) + unit.jewels
        unit.jewels = 0
    unit.status = vermite_destination(data, state, unit, cause, ctx)
    state.vermites_eliminated += 1
    unit.hex = None
    unit.reduced = False
    unit.escort_of = ""
    if kind_of(data, unit) == "queen":
        for u in state.units:  # her Escort is free to escort another Queen (§Q-2-d)
            if u.escort_of == unit.id:
                u.escort_of = ""
    dest = {
        "cup": "returned to the Vermite Unit Cup",
        "eliminated": "put in the Eliminated pile",
        "removed": "removed from the game",
    }[unit.status]
    yield Event(
        f"{unit.id} is eliminated and {dest}",
        rule=("Space Vermin §Q-1-c" if state.map == "alpha" and unit.status != "removed"
              else "Space Vermin §Q-2-f"),
        kind="combat",
        data={"unit": unit.id, "at": where},
        ids=elimination_ids(data, state, unit, unit.status, cause),
        assumed=_kitten_reading(state, cause, unit.status),
    )
    yield from nat_roll(state, ctx, unit, where, only=nat_only)


def step_vermite(
    state: SVState, ctx: Context, unit: Unit, rule: str, ids: tuple[str, ...] = (),
    assumed: str = "",
) -> Iterator[Event]:
    """Flip a Vermite to Reduced, or eliminate it if it already is."""
    if unit.reduced:
        yield Event(f"{unit.id} is already Reduced", rule=rule, kind="combat",
                    data={"unit": unit.id}, ids=ids, assumed=assumed)
        yield from eliminate_vermite(state, ctx, unit)
    else:
        unit.reduced = True
        yield Event(
            f"{unit.id} is flipped to its Reduced side",
            rule=rule,
            kind="combat",
            data={"unit": unit.id},
            ids=ids,
            assumed=assumed,
        )

"""Helpers for the Vermite-turn tests: a table with this turn's chit, chit lookup by direction."""

from __future__ import annotations

from rules_lib.games.space_vermin.data import load_game_data

from .sv_helpers import ALPHA, BETA, table

DATA = load_game_data()


def chit_for(label: str, direction: int, map_key: str = "alpha") -> str:
    """An Event Chit whose arrow for a unit in ``label`` points in ``direction`` (§D-1)."""
    smap = ALPHA if map_key == "alpha" else BETA
    for c in DATA.event_chits:
        if smap.key == "beta":
            if c.beta == direction:
                return c.name
        elif (c.alpha_blue if smap.zone(smap.hex(label)) == "south" else c.alpha_yellow) == direction:
            return c.name
    raise AssertionError(f"no chit gives direction {direction} at {label}")


def turn_table(placements: dict, chit: str, map_key: str = "alpha", **fields):
    """A table whose Vermites move this turn under ``chit``."""
    return table(placements, map_key, direction_chit=chit, active_event=chit, **fields)


def entered(events, unit: str) -> list[str]:
    """The hexes a unit entered, in order (from the step-by-step movement events)."""
    return [e.data["to"] for e in events if e.kind == "step_detail" and unit in e.data["units"]]

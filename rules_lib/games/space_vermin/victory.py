"""Victory (§N, §Q-1-d, §Q-2-g, §Q-3): instant ends, victory levels and Victory Points."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .data import SVData
from .scenarios import scenario_table
from .state import MARINES, SVState

INSTANT_VICTORY = "Instant Victory"
INSTANT_LOSS = "Instant Loss"
ONLY_DRONES = "only Drones remain"
LYING_ONLY = "campaign_counts_lying_jewels_only"  # SV-AMB-21's other reading (a variant)
CAMPAIGN_JEWELS_WHY = ("default reading of SV-AMB-21: Jewels still carried by Vermites count as "
                       "on the map")
WAITING_COUNT = "instant_loss_counts_waiting_marines"  # SV-AMB-09's other reading (a variant)


def family_jewels_level(data: SVData, jewels_exited: int, marines_lost: int) -> str:
    """Level by Jewels taken off the map, one level lower if more than 6 Marines were lost."""
    t = scenario_table(data, "family_jewels")
    level = next(r["level"] for r in t["levels"] if jewels_exited >= r["jewels"])
    cut = t["marine_losses_reduce"]
    if marines_lost > cut["more_than"]:
        order = t["level_order"]
        level = order[max(0, order.index(level) - int(cut["by"]))]
    return level


def level_by_vp(levels: list[dict[str, Any]], vp: int) -> str:
    """The first level whose threshold the VP reach (tables list the best level first)."""
    return next(r["level"] for r in levels if vp >= r["at_least"])


def escaped_vp(data: SVData, state: SVState) -> int:
    """VP deducted for the Escaped pile: Queens 4/3/2, Soldiers and Ultra-Mites 1 (§Q-2-g)."""
    table = scenario_table(data, "great_migration")["vp"]["escaped"]
    return sum(
        int(table.get(u.type, 0)) for u in state.units if not u.is_marine and u.status == "escaped"
    )


def migration_vp(data: SVData, state: SVState) -> int:
    """Net VP of The Great Migration: +2 per eliminated Vermite, -escapes, -1 per Marine lost."""
    t = scenario_table(data, "great_migration")["vp"]
    eliminated = sum(1 for u in state.units if not u.is_marine and u.status == "eliminated")
    return (
        int(t["eliminated_vermite"]) * eliminated
        + escaped_vp(data, state)
        + int(t["marine_lost"]) * state.marines_lost
    )


def family_jewels_vp(data: SVData, state: SVState) -> int:
    """Campaign battle 1 VP: +10 per Jewel exited, -1 per Marine lost (§Q-3)."""
    t = scenario_table(data, "campaign")
    return int(t["jewel_exited_vp"]) * state.jewels_exited + int(t["marine_lost_vp"]) * (
        state.marines_lost
    )


def jewels_left_on_map(state: SVState, lying_only: bool = False) -> int:
    """Jewels neither exited nor in a Nest, carried ones included (SV-AMB-21); ``lying_only``
    (the variant): only those lying in a hex."""
    lying = sum(state.jewels.values())
    return lying if lying_only else lying + sum(u.jewels for u in state.units if u.on_map)


def marines_waiting(state: SVState) -> bool:
    """Is a Marine due to enter the map (off-map entrants, RVs on the turn track, delayed drops)?
    """
    return any(u.side == MARINES and u.status in ("off_map", "turn_track") for u in state.units)


def only_drones_left(data: SVData, state: SVState) -> bool:
    """The Great Migration ends when the only Vermites on the map are Drones (§Q-2-f)."""
    vermites = data.vermites
    for u in state.units:
        if u.status == "map" and u.side != MARINES and vermites[u.type].kind != "drone":
            return False
    return True


def marines_on_map(state: SVState) -> bool:
    """Is any Marine on the map? (none: Instant Loss, §N)."""
    return any(u.side == MARINES and u.status == "map" for u in state.units)


class MarineWatch:
    """``marines_on_map`` asked after every event of a phase: the Marine found last time is
    looked at first (its list position is only a hint, checked on use, so the answer is that of
    a plain scan)."""

    def __init__(self, state: SVState) -> None:
        self.state = state
        self.hint = 0  # where in ``state.units`` a Marine on the map was last found

    def any_on_map(self) -> bool:
        units = self.state.units
        if self.hint < len(units):
            u = units[self.hint]
            if u.side == MARINES and u.status == "map":
                return True
        for pos, u in enumerate(units):
            if u.side == MARINES and u.status == "map":
                self.hint = pos
                return True
        return False


def battle_end(data: SVData, state: SVState) -> str | None:
    """Why the battle ends right now, if it does: Instant Victory/Loss, only Drones (§N, §Q)."""
    return battle_end_test(data, state)()


def battle_end_test(data: SVData, state: SVState) -> Callable[[], str | None]:
    """``battle_end`` of this state as a test to ask again and again (after every event of a
    phase): the Mapzone and the Jewels that win at once are read here, once (the map changes
    only between the Campaign's battles, never during a phase)."""
    waiting = WAITING_COUNT in state.variants  # SV-AMB-09's other reading
    on_map = MarineWatch(state).any_on_map
    # the map is clear of Marines (§N) when none is on it and, with the variant, none is
    # waiting to enter either: ``not on_map() and not (waiting and marines_waiting(state))``

    if state.map == "alpha":
        need = int(scenario_table(data, "family_jewels")["instant_victory_jewels"])

        def family_jewels_end() -> str | None:
            if state.jewels_exited >= need:
                return INSTANT_VICTORY
            if on_map() or (waiting and marines_waiting(state)):
                return None
            return INSTANT_LOSS

        return family_jewels_end

    def migration_end() -> str | None:
        if not state.marines_entered and not waiting:
            return None
        if not on_map() and not (waiting and marines_waiting(state)):
            return INSTANT_LOSS
        if only_drones_left(data, state):
            return ONLY_DRONES
        return None

    return migration_end


def battle_outcome(data: SVData, state: SVState, reason: str) -> str:
    """The result of a finished battle (not the campaign): its victory level."""
    if state.map == "alpha":
        if reason in (INSTANT_VICTORY, INSTANT_LOSS):
            return reason
        return family_jewels_level(data, state.jewels_exited, state.marines_lost)
    if reason == INSTANT_LOSS:
        return INSTANT_LOSS
    return level_by_vp(scenario_table(data, "great_migration")["levels"], migration_vp(data, state))

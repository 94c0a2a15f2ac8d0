"""Where a Marine lands when it does not land where it aimed (§I-1-c Malfunction and Scattered
jumps, §I-5-b Landing Zone drops): on a Vermite or a NAT Infestation hex it is eliminated; on a
Marine or a Toxic Tar Pit it moves to the lowest-numbered legal empty hex next door (SV-AMB-06).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from .board import data_and_map
from .lowest_numbered import ordering_note, unnumbered_first
from .marine_losses import eliminate_marine
from .provenance import join, map_reason
from .state import SVState, Unit, variant_on

TAR_PIT_ELIMINATES = "tar_pit_landing_eliminates"  # SV-AMB-06's other reading (a variant)


TAR_PIT_WHY = ("default reading of SV-AMB-06: a Marine landing on a Toxic Tar Pit is moved to "
               "the lowest-numbered legal empty adjacent hex")


def place(unit: Unit, label: str) -> None:
    unit.hex = label
    unit.status = "map"


def rough_landing(
    state: SVState, ctx: Context, unit: Unit, label: str, rule: str
) -> Iterator[Event]:
    """Landing where it was not aimed: on a Vermite or in a NAT hex eliminated; on a Marine (or a
    Tar Pit, SV-AMB-06) moved to the lowest-numbered empty, allowed adjacent hex."""
    data, smap = data_and_map(state, ctx)
    map_why = map_reason(data, smap.key)
    here = smap.hex(label)
    there = [u for u in state.units_at(label) if u.id != unit.id]
    ids = ("SV-JUMP-04", "SV-JUMP-05") if rule.endswith("§I-1-c") else ("SV-LZ-05", "SV-LZ-06")
    tar_pit = smap.terrain_of(here) == "tar_pit"
    if any(not u.is_marine for u in there) or here in smap.nat_infestation:
        vermite = there and any(not u.is_marine for u in there)
        why = "a Vermite" if vermite else "a NAT Infestation hex"
        yield Event(
            f"{unit.id} landed on {why} in {label} and is eliminated", rule=rule, kind="move",
            data={"unit": unit.id, "hex": label}, ids=ids + ("SV-TERR-19",),
            assumed="" if vermite else map_why,
        )
        yield from eliminate_marine(state, ctx, unit, rule, ids)
        return
    if tar_pit and variant_on(state, ctx, TAR_PIT_ELIMINATES):
        yield Event(
            f"{unit.id} landed on the Toxic Tar Pit {label} and is eliminated",
            rule=rule, kind="move", data={"unit": unit.id, "hex": label},
            ids=ids + ("SV-AMB-06",),
            assumed=join("variant tar_pit_landing_eliminates (other reading of SV-AMB-06)",
                         map_why),
        )
        yield from eliminate_marine(state, ctx, unit, rule, ids)
        return
    if there or tar_pit:
        occupied = state.occupied()
        free = [
            h
            for h in smap.neighbors(here)
            if smap.label(h) not in occupied
            and smap.terrain_of(h) != "tar_pit"
            and h not in smap.nat_infestation  # legal hexes only (SV-AMB-06)
        ]
        first = unnumbered_first(state)
        target = smap.lowest_numbered(free, here, first)
        reading = (("SV-AMB-06",), TAR_PIT_WHY) if tar_pit else ((), "")
        if target is None:
            yield Event(
                f"No empty hex next to {label}: {unit.id} is eliminated",
                rule=rule,
                kind="move",
                data={"unit": unit.id, "hex": label},
                ids=ids + reading[0],
                assumed=join("the text does not say what happens when no adjacent hex is "
                             "empty: eliminated", reading[1], map_why),
            )
            yield from eliminate_marine(state, ctx, unit, rule, ids)
            return
        moved = smap.label(target)
        order_ids, order_why = ordering_note(smap, free, first)
        yield Event(
            f"{label} is taken: {unit.id} is moved to the lowest-numbered empty adjacent "
            f"hex {moved}" if not tar_pit else
            f"{label} is a Toxic Tar Pit: {unit.id} is moved to the lowest-numbered legal empty "
            f"adjacent hex {moved}",
            rule=rule,
            kind="move",
            data={"unit": unit.id, "hex": moved},
            ids=ids + reading[0] + order_ids,
            assumed=join(reading[1], map_why, order_why),
        )
        label = moved
    place(unit, label)

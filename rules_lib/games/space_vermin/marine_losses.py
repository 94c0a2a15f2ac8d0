"""A Marine eliminated (§F-2, §H, §I-1-c, §I-5-b, §J-7): off the map, its NAT marker gone, the
Crown Jewel it carried left in its last hex (§J-6), counted among the Marines lost (§Q-1-d,
§Q-2-g).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event

from .state import SVState, Unit


def eliminate_marine(
    state: SVState, ctx: Context, unit: Unit, rule: str, ids: tuple[str, ...] = (),
    assumed: str = "", why: str = "",
) -> Iterator[Event]:
    """Remove a Marine; a Jewel it carried is left in its last hex (§J-6). ``why``: said in the
    log ("already Disrupted", "4 hits")."""
    where = unit.hex
    carried = unit.jewels
    if unit.jewels:
        state.jewels[where] = state.jewels.get(where, 0) + unit.jewels
        unit.jewels = 0
    unit.status = "eliminated"
    unit.hex = None
    unit.nat = ""
    state.marines_lost += 1
    yield Event(
        f"{unit.id} is eliminated" + (f" ({why})" if why else "")
        + (f"; its Crown Jewel stays in {where}" if carried else ""),
        rule=rule,
        kind="combat",
        data={"unit": unit.id, "at": where},
        ids=ids + (("SV-RV-04",) if carried else ()),
        assumed=assumed,
    )

"""The fire actions (§I-2, §I-3): Full Fire at one target the Marine chooses (combat is voluntary,
§J), and Shoot and Scoot: half the MA and fire at -1, in either order, or a jump at -1.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Decision, Event

from .board import data_and_map
from .fire_plans import FirePlan, fire_plans
from .full_move import full_move
from .jump_pack import jump_pack_move
from .marine_fire import resolve_fire
from .movement import movement_allowance
from .state import MARINES, SVState

FULL_FIRE = "Full Fire"
SHOOT_AND_SCOOT = "Shoot and Scoot"


def full_fire(
    state: SVState,
    ctx: Context,
    unit_id: str,
    shoot_and_scoot: bool = False,
    plans: list[FirePlan] | None = None,
) -> Iterator:
    """Choose one target among the legal ones and fire (§I-2, §J).

    ``plans``: the unit's ``fire_plans`` for this very position when the caller has them."""
    if plans is None:
        data, smap = data_and_map(state, ctx)
        plans = fire_plans(data, smap, state, unit_id, shoot_and_scoot)
    if not plans:
        yield Event(f"{unit_id} has no target", rule="Space Vermin §J-1", kind="info",
                    data={"unit": unit_id}, ids=("SV-MCOMB-01",))
        return
    target = yield Decision(
        MARINES,
        "fire_at",
        f"Which target does {unit_id} fire at?",
        [p.target for p in plans],
        rule="Space Vermin §J-1",
        data={"cf": {p.target: p.cf for p in plans}},
    )
    # nothing moves while the player picks the target: the plans offered are the plans to use
    yield from resolve_fire(state, ctx, unit_id, target, shoot_and_scoot, plans=plans)


def shoot_and_scoot(state: SVState, ctx: Context, unit_id: str) -> Iterator:
    """Half the MA (rounded down) and fire at -1, in either order; Jump units may jump at -1 (§I-3).
    """
    data, _ = data_and_map(state, ctx)
    unit = state.unit(unit_id)
    order = yield Decision(
        MARINES,
        "scoot_order",
        f"{unit_id}: move first or fire first?",
        ["fire then move", "move then fire"],
        rule="Space Vermin §I-3",
    )
    steps = ["fire", "move"] if order == "fire then move" else ["move", "fire"]
    for step in steps:
        if not unit.on_map:
            return
        if step == "fire":
            yield from full_fire(state, ctx, unit_id, shoot_and_scoot=True)
            continue
        how = "move"
        if data.marines[unit.type].jump_pack:
            how = yield Decision(
                MARINES,
                "scoot_move",
                f"{unit_id}: move or jump?",
                ["move", "jump"],
                rule="Space Vermin §I-1-c / §I-3",
            )
        if how == "jump":
            yield from jump_pack_move(state, ctx, unit_id, shoot_and_scoot=True)
        else:
            yield from full_move(
                state,
                ctx,
                unit_id,
                budget=movement_allowance(data, unit, shoot_and_scoot=True),
                rule="Space Vermin §I-3",
            )

"""Resolving Marine fire (§J-1 standard, §J-2 pistols; PANTS in ``pants``): the dice against the
target's DN, the damage it does, and hits on a Tunnel Exit chit (§E-1-c, SV-AMB-02).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event, IllegalChoice

from . import dice as svdice
from .board import map_for
from .data import SVData, game_data
from .fire_plans import TUNNEL_EXIT, FirePlan, fire_plans
from .pants import resolve_pants
from .provenance import counter_path, join, map_reason, values_reason
from .state import SVState, Unit, variant_on
from .vermite_losses import eliminate_vermite, step_vermite

TUNNEL_ONLY_COLLAPSES = "tunnel_exit_only_collapses"  # SV-AMB-02's other reading (a variant)


TUNNEL_WHY = ("default reading of SV-AMB-02: hits on a Tunnel Exit chit are read like hits on "
              "a Vermite (a step flips it, or removes it if already flipped; an elimination "
              "removes it)")


def damage_tunnel_exit(state: SVState, number: str, result: str, only_collapses: bool = False
                       ) -> Event:
    """Marine hits on a Tunnel Exit chit, read like a Vermite's (SV-AMB-02); with
    ``only_collapses`` (the variant) damage only ever flips it to Partially Collapsed, which stays
    operational (§P-2-m)."""
    cond = state.tunnel_exits[number]
    if only_collapses:
        state.tunnel_exits[number] = "collapsed"
        text = ("is flipped to its Partially Collapsed side" if cond == "open"
                else "is already Partially Collapsed and stays so")
        return Event(
            f"Tunnel Exit {number} {text} (variant: damage only collapses a chit, §P-2-m)",
            rule="Space Vermin §E-1-c / §P-2-m",
            kind="combat",
            data={"exit": number},
            ids=("SV-TUN-07", "SV-TERR-26", "SV-AMB-02"),
            assumed="variant tunnel_exit_only_collapses (other reading of SV-AMB-02)",
        )
    if result == "step" and cond == "open":
        state.tunnel_exits[number] = "collapsed"
        text = "is flipped to its Partially Collapsed side"
    else:
        del state.tunnel_exits[number]
        state.cup_tunnel_exits.append(number)
        text = "is destroyed and returned to the Vermite Unit Cup"
    return Event(
        f"Tunnel Exit {number} {text} (default reading of SV-AMB-02)",
        rule="Space Vermin §E-1-c",
        kind="combat",
        data={"exit": number},
        ids=("SV-TUN-07", "SV-TERR-26", "SV-AMB-02"),
        assumed=TUNNEL_WHY,
    )


def fire_value_paths(data: SVData, firer: Unit, target: Unit | None) -> tuple[str, ...]:
    """The data paths of a shot's printed numbers: the firer's CF, the target's DN."""
    dn = (counter_path(data, target, "dn") if target is not None
          else "counters:tunnel_exit_chits.dn")
    return (counter_path(data, firer, "cf"), dn)


def resolve_fire(
    state: SVState,
    ctx: Context,
    firer_id: str,
    target_id: str,
    shoot_and_scoot: bool = False,
    plans: list[FirePlan] | None = None,
) -> Iterator[Event]:
    """One Marine fires at one target (§J-1 standard, §J-2 pistols, §J-4 PANTS).

    ``plans``: the firer's ``fire_plans`` already worked out for this very position (the caller
    that just offered them as the choice), so they are not searched for twice."""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    if plans is None:
        plans = fire_plans(data, smap, state, firer_id, shoot_and_scoot)
    plans = {p.target: p for p in plans}
    if target_id not in plans:
        raise IllegalChoice(
            f"{firer_id} cannot fire at {target_id}; legal targets: {', '.join(plans) or 'none'}"
        )
    plan = plans[target_id]
    if plan.weapon == "pants":
        yield from resolve_pants(state, ctx, plan, shoot_and_scoot)
        return
    mods = ", ".join(f"{name} {m:+d}" for name, m in plan.modifiers) or "no modifiers"
    roll = plan.pool(data.hit_convention).roll(ctx.dice, f"{firer_id} fires at {target_id}")
    hits = roll.value
    result = svdice.damage(data.tables["damage"]["standard"], hits)
    pistol = plan.weapon == "pistol"
    rule = "Space Vermin §J-2" if pistol else "Space Vermin §J-1"
    exit_target = target_id.startswith(TUNNEL_EXIT)
    firer = state.unit(firer_id)
    target = None if exit_target else state.unit(target_id)
    paths = fire_value_paths(data, firer, target)
    why = join(values_reason(data, paths), map_reason(data, smap.key), plan.assumed)
    ids = (("SV-PIST-02",) if pistol else ("SV-MCOMB-06", "SV-MCOMB-07", "SV-MCOMB-08")) + (
        ("SV-MCOMB-10", "SV-TUN-07") if exit_target else ("SV-MCOMB-10",)) + plan.ids
    yield Event(
        f"{firer_id} ({plan.weapon}) fires at {target_id} in {plan.target_hex}: CF {plan.cf} "
        f"({mods}) rolls {list(roll.faces)} against DN {plan.dn}: {hits} hit(s)",
        rule=rule,
        kind="combat",
        data={
            "firer": firer_id,
            "target": target_id,
            "cf": plan.cf,
            "dn": plan.dn,
            "faces": list(roll.faces),
            "hits": hits,
            "result": result,
            "values": list(paths),
            "hex": plan.target_hex,
        },
        ids=ids,
        assumed=why,
    )
    if exit_target:
        if result == "none":
            yield Event("One hit or none: no effect", rule=rule, kind="combat",
                        ids=("SV-MCOMB-11", "SV-AMB-02"), assumed=TUNNEL_WHY)
        else:
            yield damage_tunnel_exit(state, target_id[len(TUNNEL_EXIT) :], result,
                                     variant_on(state, ctx, TUNNEL_ONLY_COLLAPSES))
        return
    if result == "none":
        yield Event(f"{hits} hit(s): no effect on {target_id}", rule=rule, kind="combat",
                    data={"unit": target_id}, ids=("SV-MCOMB-11",))
    elif result == "step":
        yield from step_vermite(state, ctx, target, rule, ("SV-MCOMB-11",))
    else:
        yield Event(
            f"{hits} hits: {target_id} is eliminated regardless of its condition",
            rule=rule,
            kind="combat",
            data={"unit": target_id},
            ids=("SV-MCOMB-11",),
        )
        yield from eliminate_vermite(state, ctx, target)

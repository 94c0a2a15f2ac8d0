"""Fort options when a Fort's Formation (or units inside it) activate: Full Attack, Barrage,
Withdrawal (Sortie is resolved as a normal Combat, see combat.sortie_return)."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules_lib.core.engine import Context, Decision, Event

from .activation import Activation
from .data import GinData
from .state import GinState

R_FORT = "Ginormopod: Fort Combat"
OPTIONS = ("Barrage", "Full Attack", "Withdrawal", "none")
ORDER_IDS = {"Full Attack": "GIN-FORT-09", "Barrage": "GIN-FORT-10"}


def forts_with_options(state: GinState, data: GinData, act: Activation,
                       occ: dict[str, list[int]] | None = None) -> list[str]:
    """GIN-FORT-08: undestroyed Forts occupied by the Swarm whose Formation is activated or that
    hold units of the activated Formation (`occ`: the current occupancy, if already counted)."""
    out = []
    occ = state.occupancy() if occ is None else occ
    for city, fort in state.forts.items():
        if fort.destroyed or not (occ.get(city) or (0,))[0]:
            continue
        if fort.formation in act.formations or any(u.formation in act.formations
                                                   for u in state.at(city, "Human")):
            out.append(city)
    return out


def fort_options(state: GinState, ctx: Context, act: Activation,
                 occ: dict[str, list[int]] | None = None) -> Generator[Any, Any, None]:
    """Ask the Human player which option each eligible Fort takes; record it on the Activation."""
    data: GinData = ctx.data
    for city in forts_with_options(state, data, act, occ):
        choice = yield Decision("Human", "fort_option", f"The Fort at {city} is occupied by the "
                                "Swarm: Full Attack, Barrage or Withdrawal?", list(OPTIONS),
                                rule=R_FORT, data={"city": city}, ids=("GIN-FORT-08",))
        act.fort_orders[city] = choice
        if choice == "Withdrawal":
            leavers = [u for u in state.at(city, "Human") if data.types[u.type].mp > 0]
            act.extra_movers.extend(u.id for u in leavers if u.id not in act.extra_movers)
            yield Event(f"Withdrawal from {city}: {len(leavers)} Human unit(s) may leave even if "
                        "their own Formation is not activated", rule=R_FORT, kind="fort",
                        data={"city": city}, ids=("GIN-FORT-08", "GIN-FORT-11"))
        elif choice != "none":
            yield Event(f"The Fort at {city} orders a {choice}", rule=R_FORT, kind="fort",
                        data={"city": city}, ids=("GIN-FORT-08", ORDER_IDS[choice]))
        else:
            yield Event(f"The Fort at {city} takes none of its options this Activation",
                        rule=R_FORT, kind="fort", data={"city": city}, ids=("GIN-FORT-08",))

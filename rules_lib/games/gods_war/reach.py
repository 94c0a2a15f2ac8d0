"""Where a Cosmic Monster can go by its next move: the Reach picture of the Gods War.

Monsters move only by their own triggers; players cannot move them with gifts or abilities
(XIII. Monsters, Movement: GW-MOVE-01). The two Cosmic Monsters of this expansion each have one:

* **Androgeus** moves by *Lust*: a summon into an area adjacent to his makes him move into it
  (Androgeus card: GW-AND-04, GW-AND-05), so his next move takes him to any adjacent area (he
  moves even when no enemy can be chosen to summon, as ``androgeus.lust`` plays it). Under the
  rule variant ``lust_no_move`` (GW-AMB-02) he never moves. Whether the summon itself is legal
  there is the assumed base game's business and is not checked here.
* **Arachne Solara** moves only by *Spinning the Web* (Arachne Solara card: GW-ARA-05, GW-ARA-06;
  she "cannot be moved by any means" else): from Hell or the Heavens to a surface area without a
  web token, from the surface world to Hell or the Heavens — the engine's own
  ``arachne_solara.spin_destinations``, when some empire can pay for the action (``can_spin``).

``movement_reach(state, monster)`` gives ``{area: moves}``: 0 where the monster stands, 1 for each
area its next move can take it to. Drawn in the Explorer's Reach tab (label "moves").
"""
from __future__ import annotations

from typing import Any

from rules_lib.core.contract import Reach

from . import androgeus, arachne_solara
from .board import is_adjacent
from .data import default_data
from .state import GWState

#: What the values of the picture count.
LABEL = "moves"


def movement_reach(state: GWState, monster: Any) -> dict[str, int]:
    """{area: moves} of a Cosmic Monster in play: 0 where it stands, 1 where its next move (its own
    trigger) can take it. ValueError for anything else, naming it."""
    name = str(monster)
    if name not in state.monsters:
        raise ValueError(f"{name} is not a Cosmic Monster: only the Monsters' movement is drawn "
                         "here (XIII. Monsters, Movement)")
    here = state.monster_area(name)
    if here is None:
        raise ValueError(f"{name} is not on the map ({state.monsters[name].status})")
    data = default_data()
    reach: dict[str, int] = {here: 0}
    if name == androgeus.NAME:
        if "lust_no_move" in state.variants:
            return reach
        reach.update({a: 1 for a in data.areas if a != here and is_adjacent(data, a, here)})
    elif name == arachne_solara.NAME:
        if any(arachne_solara.can_spin(state, data, e) for e in state.player_order):
            reach.update({a: 1 for a in arachne_solara.spin_destinations(
                state, data, "spin_to_hell_area_only" in state.variants) if a != here})
    else:
        raise ValueError(f"{name}: no movement rule for this Monster")
    return reach


REACH = Reach(movement_reach, label=LABEL)

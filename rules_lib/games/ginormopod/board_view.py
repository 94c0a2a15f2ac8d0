"""How the game is drawn: the map as a GraphBoard (x = longitude, y = latitude) and the counters
and Forts on it, each with its hover text (a counter's MP and dice, and where they come from)."""
from __future__ import annotations

from typing import Any

from rules_lib.core.boards import GraphBoard

from .data import GinData, data_for, load_game_data
from .state import GinState


def build_board(data: GinData) -> GraphBoard:
    """Cities (x/y = longitude/latitude) joined by roads; node attributes carry Fort/Hive/zone."""
    nodes = {}
    for name, c in data.cities.items():
        fort = data.forts.get(name)
        nodes[name] = {"x": c.x, "y": c.y, "zone": c.zone, "hive": c.hive or "",
                       "fort": fort.formation if fort else "", "fence": bool(fort and fort.fence),
                       "label": name}
    return GraphBoard.from_data(nodes, data.roads, name="Ginormopod 2050 A.D.")


def board(state: GinState | None = None):
    """The map as a GraphBoard (x = longitude, y = latitude), as the state's variants draw it."""
    return build_board(data_for(state) if state is not None else load_game_data())


def pieces(state: GinState) -> list[dict[str, Any]]:
    """Counters on the map (and Forts) for drawing."""
    data = data_for(state)
    out = []
    for u in state.units:
        if u.pool != "map":
            continue
        face = "Reduced" if u.reduced else ("hidden" if not u.revealed else "Fresh")
        out.append({"id": u.id, "loc": u.loc, "side": u.side, "label": u.id, "kind": u.type,
                    "hover": f"{u.id} ({u.formation}, {face}){_counter_values(data, u)}"})
    for city, f in state.forts.items():
        out.append({"loc": city, "side": "Human", "label": f"Fort {f.strength}", "kind": "Fort",
                    "hover": f"Fort {city} ({f.formation}): "
                             + ("Destroyed" if f.destroyed else f"strength {f.strength}")})
    return out


def _counter_values(data: GinData, u: Any) -> str:
    """A counter's MP and die pips for its hover text, with where the pips come from."""
    if not u.revealed:
        return ""  # a hidden Guard shows nothing
    t = data.types[u.type]
    if u.type == "Guard":
        pips, side = (t.revealed_armed if u.armed else ()), "revealed_armed"
    else:
        pips, side = (t.reduced, "reduced") if u.reduced else (t.fresh, "fresh")
    prov = data.sources["units"].provenance_of(f"types.{u.type}.{side}")
    dice = " ".join(f"{p}+" for p in pips) or "no die"
    if t.fresh_doubles and not u.reduced:
        dice = f"two dice vs {dice}, doubles score two"
    return f": {t.mp} MP, dice {dice}" + (f" ({prov})" if prov else "")

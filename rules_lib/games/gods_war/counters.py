"""The counters on the map: the id that names each one (set-up editing, selection in the widgets)
and how it is drawn (the board view's ``pieces``)."""
from __future__ import annotations

from typing import Any

from .data import default_data
from .monsters import monster_aura, unit_type
from .state import GWState

BUILDING, WEB_TOKEN = "building", "web token"


def piece_ids(state: GWState) -> list[str]:
    """The id of each of ``state.pieces`` in order: 'Storm Storm Warrior 2' (empire, kind, n)."""
    seen: dict[tuple[str, str], int] = {}
    out = []
    for p in state.pieces:
        n = seen[(p.empire, p.kind)] = seen.get((p.empire, p.kind), 0) + 1
        out.append(f"{p.empire} {p.kind} {n}")
    return out


def web_token_id(area: str) -> str:
    """The id of the web token in an area (one per area)."""
    return f"{WEB_TOKEN} {area}"


def building_id(empire: str, area: str) -> str:
    """The id of an empire's building in an area (one per empire and area)."""
    return f"{empire} {BUILDING} {area}"


def pieces(state: GWState) -> list[dict[str, Any]]:
    """Counters to draw: empire pieces, monsters (with their aura), web tokens, buildings."""
    data = default_data()
    out = []
    for pid, p in zip(piece_ids(state), state.pieces):
        ut = unit_type(data, p.kind)
        out.append({"id": pid, "loc": p.area, "side": p.empire, "label": p.kind[:3],
                    "kind": p.kind,
                    "hover": f"{p.empire}: {p.kind} ({ut.klass}, Combat {ut.combat})"})
    for name, m in state.monsters.items():
        if m.status == "in play":
            aura = monster_aura(state, name, data)
            out.append({"id": name, "loc": m.area, "side": "Monster", "label": name[:4],
                        "kind": name,
                        "hover": f"{name} (Cosmic Monster = greater god, Combat "
                                 f"{data.cards[name].combat}); aura: {', '.join(aura)}"})
    for area in state.web_tokens:
        out.append({"id": web_token_id(area), "loc": area, "side": "Web", "label": "web",
                    "kind": "web token",
                    "hover": "web token (Spinning the Web)"})
    for area, owners in state.buildings.items():
        for o in owners:
            out.append({"id": building_id(o, area), "loc": area, "side": o, "label": "B",
                        "kind": "building",
                        "hover": f"{o}'s building"})
    return out



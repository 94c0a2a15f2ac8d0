"""How the Gods War looks: one palette (empires and realms), the legend, the realms drawn as
regions, counter faces (kind and Combat), the state panel (power, VP, web pool) and the battle
calculator against a Cosmic Monster. Drawing data only: values are read from the state and the
game's data; the odds come from ``odds.combat_odds``.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from rules_lib.core.contract import (
    BattleCalculator,
    CounterFace,
    Display,
    LegendEntry,
    MapFeature,
)

from . import monsters
from .data import default_data
from .odds import combat_odds

SIDE_COLORS = {"Storm": "#1f5fa8", "Sea": "#00838f", "Earth": "#2e7d32",
               "Invisible God": "#7b3fa0", "Monster": "#b22222", "Web": "#6d6d6d"}
REALM_COLORS = {"surface": "#e9dcb5", "hell": "#e6b0aa", "heavens": "#cfe8f7"}
REALM_EDGES = {"surface": "#c9b27c", "hell": "#b03a2e", "heavens": "#5dade2"}


def _blob(x: float, y: float, r: float = 0.62, n: int = 18):
    return tuple((x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n))
                 for k in range(n))


def features(state: Any) -> list[MapFeature]:
    data = default_data()
    out = []
    for realm, fill in REALM_COLORS.items():
        areas = [a for a in data.areas.values() if a.realm == realm]
        if areas:
            out.append(MapFeature(f"{realm.capitalize()} region", "area",
                                  tuple(_blob(a.x, a.y) for a in areas), REALM_EDGES[realm],
                                  width=1.5, fill=fill,
                                  hover=f"{realm}: " + ", ".join(a.name for a in areas)))
    return out


def legend(state: Any) -> list[LegendEntry]:
    out = [LegendEntry(e, SIDE_COLORS.get(e, "#777777")) for e in state.player_order]
    out += [LegendEntry("Cosmic Monster", SIDE_COLORS["Monster"]),
            LegendEntry("web token", SIDE_COLORS["Web"], shape="marker", symbol="x"),
            LegendEntry("building", "#777777", shape="marker", symbol="triangle-up")]
    out += [LegendEntry(f"{r} area", c, shape="area") for r, c in REALM_COLORS.items()]
    return out


def counter(state: Any, piece: dict[str, Any]) -> CounterFace:
    data = default_data()
    kind = str(piece.get("kind", ""))
    if kind == "web token":
        return CounterFace("Web", "", "marker", "web token (Spinning the Web)")
    if kind == "building":
        return CounterFace("Bldg", str(piece.get("side", ""))[:5], "marker",
                           str(piece.get("hover", "")))
    if kind in state.monsters:
        return CounterFace(kind.split()[0][:8], f"C{data.cards[kind].combat}", "",
                           str(piece.get("hover", "")))
    ut = monsters.unit_type(data, kind)
    words = kind.split()
    title = words[-1] if len(words) > 1 else kind
    return CounterFace(title[:8], f"C{ut.combat}", "",
                       f"{piece.get('side')}: {kind} ({ut.klass.replace('_', ' ')}, Combat "
                       f"{ut.combat})")


def state_panel(state: Any) -> list[tuple[str, str]]:
    rows = [("Turn", str(state.turn))]
    for name in state.player_order:
        e = state.empires[name]
        rows.append((name, f"power {e.power}, VP {e.vp}"
                     + (", web token on its sheet" if e.web_token_on_sheet else "")))
    rows.append(("Web pool", f"{state.web_pool} tokens ({len(state.web_tokens)} on the map)"))
    for name, m in state.monsters.items():
        rows.append((name, m.status + (f" in {m.area}" if m.area else "")
                     + (f", led by {m.controller}" if m.controller else "")))
    rows.append(("Great Compromise", "triggered" if state.great_compromise else "not yet"))
    return rows


def deciding_players(state: Any) -> tuple[str, ...]:
    return tuple(state.player_order)


# -- battle calculator ---------------------------------------------------------------------------
def _groups() -> list[tuple[str, list[dict[str, Any]]]]:
    data = default_data()
    attackers = [{"name": f"unit:{k}", "kind": "int", "min": 0, "max": t.count,
                  "default": 1 if k in ("Storm King", "Storm Warrior") else 0,
                  "label": f"{k} (C{t.combat})"} for k, t in data.unit_types.items()]
    return [("Attackers", attackers),
            ("Cosmic Monster", [{"name": "monster", "kind": "choice",
                                 "options": ["Androgeus", "Arachne Solara"],
                                 "default": "Androgeus", "label": "Monster"}])]


def battle_odds(values: dict[str, Any]):
    kinds = []
    for key, n in values.items():
        if key.startswith("unit:"):
            kinds += [key[5:]] * int(n or 0)
    if not kinds:
        raise ValueError("pick at least one attacking piece")
    table = combat_odds(kinds, values.get("monster", "Androgeus"))
    table.attrs["monster"] = values.get("monster", "Androgeus")
    return table


def battle_results(table) -> list[tuple[str, Fraction]]:
    if "p_kill_androgeus" in table.columns:
        p = Fraction(str(table["exact"].iloc[0]))
        return [("Androgeus is killed", p), ("Androgeus survives", 1 - p)]
    return [(f"{int(v)} VP from Tangled in the Web", Fraction(str(e)))
            for v, e in zip(table["vp_gained"], table["exact"])]


def battle_expectations(table) -> list[tuple[str, Fraction]]:
    if "p_kill_androgeus" in table.columns:
        return [("Dice rolled (Superhero cap applied)", Fraction(int(table["dice_rolled"].iloc[0])))]
    mean = sum((int(v) * Fraction(str(e)) for v, e in zip(table["vp_gained"], table["exact"])),
               Fraction(0))
    return [("VP gained (expected)", mean)]


def battle_from_selection(state: Any, loc: Any, piece: Any = None) -> dict[str, Any]:
    """The pieces in the area where a Cosmic Monster stands, attacking it."""
    monster = next((n for n, m in state.monsters.items() if m.status == "in play"
                    and m.area == loc), None)
    if monster is None:
        raise ValueError(f"no Cosmic Monster in {loc}")
    values: dict[str, Any] = {f"unit:{k}": 0 for k in default_data().unit_types}
    for p in state.pieces:
        if p.area == loc:
            values[f"unit:{p.kind}"] = values.get(f"unit:{p.kind}", 0) + 1
    if not any(values.values()):
        raise ValueError(f"no piece in {loc} to fight {monster}")
    values["monster"] = monster
    return values


DISPLAY = Display(
    side_colors=SIDE_COLORS,
    legend=legend,
    features=features,
    counter=counter,
    state_panel=state_panel,
    deciding_players=deciding_players,
    battle=BattleCalculator(
        groups=_groups, odds=battle_odds, results=battle_results,
        expectations=battle_expectations, from_selection=battle_from_selection,
        note="One battle against a Cosmic Monster: Androgeus dies or survives; every kill "
             "rolled against Arachne Solara scores VP."),
    size=(600, 560),
)

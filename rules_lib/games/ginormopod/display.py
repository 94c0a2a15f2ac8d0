"""How Ginormopod looks: one palette, the legend, the map's features, counter faces, the state
panel and the battle calculator. Drawing data only: every value is read from the state or the
game's data; no rule lives here (the odds come from ``odds.combat_odds``).

The outline of the eastern United States is drawn from a coarse polygon written into this file
(about sixty lon/lat points of the coast and the Great Lakes): it is decoration, not survey data,
and needs no network access.
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

from .data import data_for, load_game_data
from .odds import combat_odds

SIDE_COLORS = {"Swarm": "#6a3d9a", "Human": "#1f5fa8"}
ZONE_COLORS = {"west": "#f3e3b3", "fence": "#f7c6c0", "east": "#d6e6f5"}
FENCE_COLOR = "#d62728"
HIVE_COLOR = "#6a3d9a"
LAND, WATER, COAST = "#fbf8ef", "#cfe3f3", "#9bb7cf"

#: The coast from the Texas Gulf round Florida to Maine, then the map's top edge (lon, lat).
_LAND = (
    (-98.5, 27.6), (-97.4, 27.8), (-96.5, 28.4), (-95.0, 29.2), (-94.0, 29.7), (-93.3, 29.8),
    (-92.0, 29.6), (-91.2, 29.3), (-90.2, 29.1), (-89.4, 28.9), (-89.6, 29.5), (-89.5, 30.2),
    (-88.5, 30.4), (-87.5, 30.3), (-86.5, 30.4), (-85.3, 29.7), (-84.3, 30.0), (-83.5, 29.5),
    (-82.8, 28.2), (-82.6, 27.5), (-82.0, 26.5), (-81.2, 25.2), (-80.4, 25.2), (-80.1, 26.5),
    (-80.6, 28.5), (-81.3, 30.0), (-81.4, 31.0), (-80.9, 32.0), (-79.9, 32.8), (-79.1, 33.4),
    (-78.0, 33.9), (-77.0, 34.6), (-76.3, 34.9), (-75.5, 35.3), (-75.8, 36.6), (-76.0, 36.9),
    (-75.9, 37.5), (-75.2, 38.0), (-75.0, 38.6), (-75.5, 39.5), (-74.9, 38.9), (-74.2, 39.6),
    (-74.0, 40.5), (-73.9, 40.6), (-72.0, 41.0), (-71.8, 41.3), (-70.6, 41.5), (-70.0, 41.8),
    (-70.5, 42.2), (-70.8, 42.6), (-70.6, 43.1), (-70.0, 43.8), (-69.0, 44.0), (-68.0, 44.4),
    (-67.0, 44.8), (-67.0, 48.5), (-98.5, 48.5),
)
#: The Great Lakes, coarse (lon, lat).
_LAKES = (
    ((-92.1, 46.7), (-90.5, 46.6), (-88.4, 47.4), (-86.5, 46.5), (-84.6, 46.5), (-84.8, 47.7),
     (-88.0, 48.6), (-90.0, 47.9), (-92.1, 46.7)),  # Superior
    ((-87.8, 42.0), (-87.5, 41.6), (-86.8, 41.7), (-86.3, 42.5), (-86.2, 43.6), (-86.5, 44.5),
     (-85.4, 45.3), (-84.9, 45.8), (-85.9, 45.9), (-87.0, 45.7), (-87.9, 44.5), (-87.8, 43.0)),  # Michigan
    ((-84.7, 45.9), (-83.5, 45.9), (-81.5, 45.4), (-80.1, 45.9), (-79.7, 44.8), (-81.6, 44.6),
     (-81.7, 43.3), (-82.4, 43.0), (-82.5, 43.6), (-83.6, 43.9), (-83.3, 44.6), (-84.3, 45.4)),  # Huron
    ((-83.5, 41.7), (-82.5, 41.4), (-81.7, 41.5), (-80.5, 41.9), (-79.0, 42.5), (-78.9, 42.9),
     (-80.2, 42.6), (-81.6, 42.6), (-82.6, 42.0), (-83.2, 42.0)),  # Erie
    ((-79.8, 43.3), (-78.5, 43.4), (-77.0, 43.3), (-76.2, 43.5), (-76.3, 44.2), (-77.3, 43.9),
     (-78.9, 43.9), (-79.5, 43.6)),  # Ontario
)

R_COMBAT = "Ginormopod: Combat"


# -- the map -------------------------------------------------------------------------------------
def features(state: Any) -> list[MapFeature]:
    """Land and lakes, the three zones, the Fusion Fence through its Forts, and the Hives."""
    data = data_for(state) if state is not None else load_game_data()
    out = [MapFeature("United States (outline, approximate)", "area", (_LAND,), COAST, width=1,
                      fill=LAND),
           MapFeature("Great Lakes", "area", _LAKES, COAST, width=1, fill=WATER)]
    for zone, label in (("west", "Swarm side (west of the Fence)"),
                        ("east", "Protected east")):
        rings = tuple(_ring(c.x, c.y, 0.95) for c in data.cities.values() if c.zone == zone)
        out.append(MapFeature(label, "area", rings, ZONE_COLORS[zone], width=0,
                              fill=ZONE_COLORS[zone]))
    fence = sorted((c for name, c in data.cities.items()
                    if name in data.forts and data.forts[name].fence), key=lambda c: -c.y)
    out.append(MapFeature("Fusion Fence", "line", (tuple((c.x, c.y) for c in fence),),
                          FENCE_COLOR, width=5, dash="dot",
                          hover="the Fusion Fence joins the Fence Forts (assumed line)"))
    hives = tuple((c.x, c.y) for c in data.cities.values() if c.hive)
    out.append(MapFeature("Hive", "marker", (hives,), HIVE_COLOR, symbol="diamond-open",
                          size=34, width=3, hover="Swarm Hive"))
    victory = tuple((data.cities[c].x, data.cities[c].y) for c in data.victory_cities
                    if c in data.cities)
    out.append(MapFeature("Victory City", "marker", (victory,), "#e0a800", symbol="star",
                          size=13, hover="a Victory City"))
    return out


def _ring(x: float, y: float, r: float, n: int = 14) -> tuple[tuple[float, float], ...]:
    return tuple((x + r * math.cos(2 * math.pi * k / n), y + 0.78 * r * math.sin(2 * math.pi * k / n))
                 for k in range(n))


def legend(state: Any) -> list[LegendEntry]:
    return [LegendEntry("Swarm", SIDE_COLORS["Swarm"]), LegendEntry("Human", SIDE_COLORS["Human"]),
            LegendEntry("counter: type, MP·dice (3·34 = 3 MP, dice hit on 3+ and 4+)", "#555555",
                        shape="text"),
            LegendEntry("Reduced (pale side)", SIDE_COLORS["Human"], shape="reduced"),
            LegendEntry("Fort destroyed", "#9e9e9e", shape="marker", symbol="square-x"),
            LegendEntry("Fusion Fence", FENCE_COLOR, shape="line", dash="dot"),
            LegendEntry("Hive", HIVE_COLOR, shape="marker", symbol="diamond-open"),
            LegendEntry("Victory City", "#e0a800", shape="marker", symbol="star"),
            LegendEntry("Swarm side", ZONE_COLORS["west"], shape="area"),
            LegendEntry("Protected east", ZONE_COLORS["east"], shape="area")]


# -- counters ------------------------------------------------------------------------------------
SHORT = {"Infantry": "Inf", "Guard": "Guard", "Spider": "Spider", "Tank": "Tank"}


def _pips(values: tuple[int, ...]) -> str:
    return "".join(f"{p}+" for p in values) or "–"


def _digits(values: tuple[int, ...]) -> str:
    """The die symbols as printed on the counter: one digit per die, each hits on that or more."""
    return "".join(map(str, values)) or "–"


def counter(state: Any, piece: dict[str, Any]) -> CounterFace:
    """The printed counter: type, MP and die pips of the side showing; Forts show their boxes."""
    data = data_for(state)
    if piece.get("kind") == "Fort":
        fort = state.forts[piece["loc"]]
        if fort.destroyed:
            # its track at 0 (drawn grey and crossed out): a word here would widen every counter
            return CounterFace("Fort", f"0/{fort.max_strength}", "destroyed",
                               f"Fort {fort.city} (Formation {fort.formation}): destroyed")
        return CounterFace("Fort", f"{fort.strength}/{fort.max_strength}", "marker",
                           f"Fort {fort.city} (Formation {fort.formation}): strength "
                           f"{fort.strength} of {fort.max_strength} boxes")
    unit = state.unit(piece["id"])
    t = data.types[unit.type]
    if not unit.revealed:
        return CounterFace(unit.type, "?", "hidden", f"{unit.id}: face down (not yet revealed)")
    if unit.type == "Guard":
        pips = t.revealed_armed if unit.armed else ()
        return CounterFace("Guard", _digits(pips), "",
                           f"{unit.id} ({unit.formation}): {'armed' if unit.armed else 'blank'}"
                           f", dice {_pips(pips)}")
    pips = t.reduced if unit.reduced else t.fresh
    face = "Reduced" if unit.reduced else "Fresh"
    return CounterFace(SHORT.get(unit.type, unit.type), f"{t.mp}·{_digits(pips)}",
                       "reduced" if unit.reduced else "",
                       f"{unit.id} (Formation {unit.formation}, {face}): {t.mp} MP, dice "
                       f"{_pips(pips)}")


# -- what is not on the map ----------------------------------------------------------------------
def state_panel(state: Any) -> list[tuple[str, str]]:
    data = data_for(state)
    tree = data.sources["tables"].tree
    labels = tree["turn_track"].get("time_tracker_labels")
    labels = labels.get("value", labels) if isinstance(labels, dict) else labels
    last = tree["turn_track"].get("last_turn", 10)
    date = labels[state.turn - 1] if labels and 0 < state.turn <= len(labels) else ""
    track = sorted((u.track_turn, u.id) for u in state.units if u.pool == "track")
    by_turn: dict[int, list[str]] = {}
    for turn, uid in track:
        by_turn.setdefault(turn, []).append(uid)
    symbols = data.danger_symbols(state.danger) if state.danger < data.danger_spaces else ()
    rows = [("Turn", f"{state.turn} of {last}" + (f" ({date})" if date else "")),
            ("Danger level", f"space {state.danger} of {data.danger_spaces - 1}"
             + (f" (die symbols {'+'.join(map(str, symbols))})" if symbols else " (no symbols)")
             + (f", {state.danger_side} FX face-up" if state.danger_side else "")),
            ("Time Tracker", "; ".join(f"T{t}: {', '.join(ids)}" for t, ids in by_turn.items())
             or "empty"),
            ("Chits in the cup", f"{len(state.cup)}: " + ", ".join(sorted(state.cup))
             if state.cup else "none"),
            ("Drawn this turn", ", ".join(state.drawn) or "none"),
            ("...The End??? drawn", f"{state.end_track} of 3")]
    for side in ("Swarm", "Human"):
        hand = state.fx_hand.get(side, [])
        rows.append((f"FX held ({side})", ", ".join(hand) or "none"))
        if state.held.get(side):
            rows.append((f"Chit held ({side})", state.held[side]))
    rows.append(("Allied nation", state.allied or "none yet"))
    destroyed = [c for c, f in state.forts.items() if f.destroyed]
    rows.append(("Forts destroyed", ", ".join(destroyed) or "none"))
    return rows


# -- battle calculator ---------------------------------------------------------------------------
def _types(side: str) -> list[Any]:
    data = load_game_data()
    return [t for t in data.types.values() if t.side == side]


def _unit_controls(side: str) -> list[dict[str, Any]]:
    specs = []
    for t in _types(side):
        if t.name == "Guard":
            specs.append({"name": f"{side}:Guard", "kind": "int", "min": 0, "max": 6,
                          "default": 0, "label": "Guard (armed)"})
            specs.append({"name": f"{side}:Guard/blank", "kind": "int", "min": 0, "max": 6,
                          "default": 0, "label": "Guard (blank)"})
            continue
        specs.append({"name": f"{side}:{t.name}", "kind": "int", "min": 0, "max": 6,
                      "default": 0, "label": t.name})
        if not t.no_reduced_side:
            specs.append({"name": f"{side}:{t.name}/r", "kind": "int", "min": 0, "max": 6,
                          "default": 0, "label": f"{t.name} (Reduced)"})
    return specs


def _battle_groups() -> list[tuple[str, list[dict[str, Any]]]]:
    data = load_game_data()
    fx = [("none", "")] + [(name, name) for name in data.fx]
    swarm = _unit_controls("Swarm")
    human = _unit_controls("Human") + [{"name": "fort", "kind": "int", "min": 0, "max": 6,
                                        "default": 0, "label": "Fort boxes"}]
    swarm[0]["default"] = 2
    human[0]["default"] = 1
    battle = [{"name": "attacker_side", "kind": "choice", "options": ["Swarm", "Human"],
               "default": "Swarm", "label": "Attacker"},
              {"name": "attacker_fx", "kind": "choice", "options": fx, "default": "",
               "label": "Attacker FX"},
              {"name": "defender_fx", "kind": "choice", "options": fx, "default": "",
               "label": "Defender FX"},
              {"name": "barrage", "kind": "bool", "default": False, "label": "Fort Barrage"}]
    return [("Swarm", swarm), ("Humans", human), ("Battle", battle)]


def _fighters(values: dict[str, Any], side: str) -> list[str]:
    out = []
    for key, n in values.items():
        if key.startswith(f"{side}:"):
            out += [key.split(":", 1)[1]] * int(n or 0)
    return out


def battle_odds(values: dict[str, Any]):
    swarm, human = _fighters(values, "Swarm"), _fighters(values, "Human")
    if not swarm:
        raise ValueError("pick at least one Swarm unit")
    if not human and not values.get("fort"):
        raise ValueError("pick at least one Human unit or Fort box")
    att, dfn = (swarm, human) if values.get("attacker_side", "Swarm") == "Swarm" else (human, swarm)
    return combat_odds(att, dfn, attacker_side=values.get("attacker_side", "Swarm"),
                       fort_strength=int(values.get("fort") or 0),
                       attacker_fx=values.get("attacker_fx") or "",
                       defender_fx=values.get("defender_fx") or "",
                       barrage=bool(values.get("barrage")))


def _measures(table) -> dict[str, Fraction]:
    return {str(m): Fraction(str(e)) for m, e in zip(table["measure"], table["exact"])}


def battle_results(table) -> list[tuple[str, Fraction]]:
    """The exclusive results of one Combat: who retreats (the two never both do), an Overrun,
    or nobody retreats (both hold, or a side is wiped out to the last step)."""
    m = _measures(table)
    rows = [("Defender retreats", m["P(defender retreats)"]),
            ("Attacker retreats", m["P(attacker retreats)"]),
            ("Overrun", m["P(overrun)"])]
    rows.append(("Nobody retreats", 1 - sum(p for _, p in rows)))
    return rows


def battle_expectations(table) -> list[tuple[str, Fraction]]:
    m = _measures(table)
    return [("Attacker wiped out (chance)", m["P(attacker wiped out)"]),
            ("Defender wiped out (chance)", m["P(defender wiped out)"]),
            ("Hits on the attacker (expected)", m["E[hits on attacker]"]),
            ("Hits on the defender (expected)", m["E[hits on defender]"]),
            ("Attacker steps lost (expected)", m["E[attacker steps lost]"]),
            ("Defender steps lost (expected)", m["E[defender steps lost]"])]


def battle_from_selection(state: Any, loc: Any, piece: Any = None) -> dict[str, Any]:
    """The fight in a selected City: its Swarm counters against its Humans and Fort."""
    city = str(loc)
    values: dict[str, Any] = {spec["name"]: 0 for _, group in _battle_groups()[:2]
                              for spec in group}
    swarm, human = state.at(city, "Swarm"), state.at(city, "Human")
    fort = state.fort_boxes(city)
    if not swarm or not (human or fort):
        raise ValueError(f"no fight in {city}: it needs Swarm units and Human units or an "
                         "undestroyed Fort")
    for u in swarm + human:
        if u.type == "Guard":
            key = "Guard" if u.armed else "Guard/blank"
        else:
            key = f"{u.type}/r" if u.reduced else u.type
        values[f"{u.side}:{key}"] = values.get(f"{u.side}:{key}", 0) + 1
    values.update(fort=fort, attacker_side="Swarm", barrage=False)
    return values


def deciding_players(state: Any) -> tuple[str, ...]:
    return ("Swarm", "Human")


DISPLAY = Display(
    side_colors=SIDE_COLORS,
    legend=legend,
    features=features,
    counter=counter,
    state_panel=state_panel,
    deciding_players=deciding_players,
    battle=BattleCalculator(
        groups=_battle_groups, odds=battle_odds, results=battle_results,
        expectations=battle_expectations, from_selection=battle_from_selection,
        note=f"One round of {R_COMBAT} (GIN-RETR-01/02): the side that suffers at least as many "
             "hits as the other retreats (the attacker on a tie) if the winner has units left; "
             "a side wiped out has nothing left to retreat."),
    size=(640, 500),
)

"""How Zombies!!! Giants-Club looks: one palette, the legend, the town's tiles and buildings,
counter faces (size, hearts, bullets), the state panel and the fight calculator. Drawing data
only: values are read from the state and the game's data; the odds come from ``odds.combat_odds``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules_lib.core.contract import (
    BattleCalculator,
    CounterFace,
    Display,
    LegendEntry,
    MapFeature,
)

from .data import SIZES, default_data
from .odds import combat_odds
from .setup_editing import zombie_id
from .town import town_map

SIDE_COLORS = {"Survivor 1": "#1f5fa8", "Survivor 2": "#e08a00", "Zombies": "#4e7d2a"}
STREET, BUILDING, TILE_EDGE = "#ece6d6", "#b7a58c", "#5d4037"
VENT, HELI = "#607d8b", "#c62828"


def features(state: Any) -> list[MapFeature]:
    data = default_data()
    tm = town_map(state, data)
    n = data.tile_size

    def square(x: int, y: int) -> tuple[tuple[float, float], ...]:
        return ((x - .5, y - .5), (x + .5, y - .5), (x + .5, y + .5), (x - .5, y + .5))

    streets = tuple(square(*sq) for sq, k in tm.kind.items() if k != "building" and k != "out")
    buildings = tuple(square(*sq) for sq, k in tm.kind.items() if k == "building")
    tiles = []
    for t in state.tiles:
        x0, y0 = t.slot[0] * n - .5, t.slot[1] * n - .5
        tiles.append(((x0, y0), (x0 + n, y0), (x0 + n, y0 + n), (x0, y0 + n)))
    out = [MapFeature("Street", "area", streets, "#d8cfb8", width=0.5, fill=STREET),
           MapFeature("Building", "area", buildings, "#8d7b62", width=0.5, fill=BUILDING,
                      hover="building"),
           MapFeature("Tile edge", "area", tuple(tiles), TILE_EDGE, width=2.5,
                      hover=", ".join(t.name for t in state.tiles))]
    if tm.vents:
        out.append(MapFeature("Vent", "marker", (tuple(map(tuple, tm.vents)),), VENT,
                              symbol="circle-x", size=12, width=2))
    if tm.helicopter is not None:
        out.append(MapFeature("Helicopter", "marker", ((tuple(tm.helicopter),),), HELI,
                              symbol="star-square-open", size=24, width=2,
                              hover="Helicopter (escape)"))
    return out


def tile_names(state: Any) -> list[tuple[tuple[float, float], str]]:
    n = default_data().tile_size
    return [((t.slot[0] * n + (n - 1) / 2, t.slot[1] * n + (n - 1) / 2), t.name)
            for t in state.tiles]


def legend(state: Any) -> list[LegendEntry]:
    out = [LegendEntry(name, SIDE_COLORS.get(name, "#777777"))
           for name in [s.name for s in state.survivors]]
    out += [LegendEntry("Zombie", SIDE_COLORS["Zombies"]),
            LegendEntry("Street", STREET, shape="area"),
            LegendEntry("Building", BUILDING, shape="area"),
            LegendEntry("Tile edge", TILE_EDGE, shape="line"),
            LegendEntry("Wall", "#222222", shape="line"),
            LegendEntry("Door", "#b5651d", shape="line", dash="dot"),
            LegendEntry("Helicopter", HELI, shape="marker", symbol="star-square-open")]
    return out


def counter(state: Any, piece: dict[str, Any]) -> CounterFace:
    if piece.get("kind") == "zombie":
        z = next((z for z in state.zombies if zombie_id(z.id) == piece["id"]), None)
        damage = getattr(z, "damage", 0) if z is not None else 0
        return CounterFace("Zombie", f"dmg {damage}" if damage else "", "reduced" if damage else "",
                           str(piece.get("hover", "")))
    s = next(s for s in state.survivors if s.name == piece["id"])
    short = s.name.replace("Survivor ", "S")
    return CounterFace(f"{short} {s.size}", f"♥{s.halves / 2:g} •{s.bullets}",
                       "reduced" if s.halves <= 2 else "",
                       f"{s.name} ({s.size}): {s.halves / 2:g} hearts, {s.reserve} reserve, "
                       f"{s.bullets} bullets, {s.kills} zombies killed")


def _items(s: Any) -> str:
    items = list(s.hand) + [f"{w}" for w in s.weapons] + list(s.potions)
    for name in ("size_ray", "potion_kit", "armour"):
        thing = getattr(s, name, None)
        if thing is not None:
            items.append(name.replace("_", " "))
    parts = {k: v for k, v in s.parts.items() if v}
    if parts:
        items.append("parts " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in parts.items()))
    return ", ".join(map(str, items)) or "none"


def state_panel(state: Any) -> list[tuple[str, str]]:
    rows = []
    for s in state.survivors:
        rows += [(f"{s.name}", f"{s.size}, {s.status}"),
                 ("  hearts", f"{s.halves / 2:g}" + (f" (+{s.reserve} reserve)" if s.reserve else "")),
                 ("  bullets", str(s.bullets)),
                 ("  zombies killed", str(s.kills)),
                 ("  items", _items(s))]
    rows += [("Zombies on the board", f"{len(state.zombies)} ({state.zombie_pool} in the pool)"),
             ("Tiles left", (f"town {len(state.piles.get('town', []))}, mall "
                             f"{len(state.piles.get('mall', []))}")),
             ("Event cards left", str(len(state.deck)))]
    return rows


def deciding_players(state: Any) -> tuple[str, ...]:
    """Only the Survivors at the table decide (a one-Survivor scenario has no Survivor 2)."""
    return tuple(s.name for s in state.survivors)


# -- fight calculator ----------------------------------------------------------------------------
def _groups() -> list[tuple[str, list[dict[str, Any]]]]:
    data = default_data()
    normal = data.sizes["Normal"]
    return [("Survivor", [{"name": "size", "kind": "choice", "options": list(SIZES),
                           "default": "Normal", "label": "Size"},
                          {"name": "hearts", "kind": "int", "min": 1, "max": 20,
                           "default": normal.start_hearts, "label": "Hearts"},
                          {"name": "bullets", "kind": "int", "min": 0, "max": 20,
                           "default": max(3, normal.start_bullets), "label": "Bullets"}]),
            ("Zombies", [{"name": "zombies", "kind": "int", "min": 1,
                          "max": data.rules["combat"]["max_zombies_per_square"], "default": 1,
                          "label": "Zombies"}]),
            ("Fight", [{"name": "bullet_policy", "kind": "choice",
                        "options": [("spend a bullet when it kills", "when_it_kills"),
                                    ("always", "always"), ("never", "never")],
                        "default": "when_it_kills", "label": "Bullets"}])]


def battle_odds(values: dict[str, Any]):
    return combat_odds(values.get("size", "Normal"), int(values.get("hearts", 3)),
                       int(values.get("bullets", 0)), int(values.get("zombies", 1)),
                       bullet_policy=values.get("bullet_policy", "when_it_kills"))


def battle_results(table) -> list[tuple[str, Fraction]]:
    won = sum((Fraction(str(e)) for r, e in zip(table["result"], table["exact"]) if r == "won"),
              Fraction(0))
    return [("Survivor wins the fight", won), ("Survivor loses the fight", 1 - won)]


def battle_expectations(table) -> list[tuple[str, Fraction]]:
    ps = [Fraction(str(e)) for e in table["exact"]]
    hearts = sum((p * Fraction(str(h)) for p, h in zip(ps, table["hearts_left"])), Fraction(0))
    spent = sum((p * int(b) for p, b in zip(ps, table["bullets_spent"])), Fraction(0))
    return [("Hearts left (expected)", hearts), ("Bullets spent (expected)", spent)]


def battle_from_selection(state: Any, loc: Any, piece: Any = None) -> dict[str, Any]:
    """A Survivor on the selected square against the zombies on it (at least one)."""
    sq = list(loc)
    here = [s for s in state.survivors if s.in_play and s.loc == sq]
    zombies = [z for z in state.zombies if list(z.loc) == sq]
    if not here:
        raise ValueError("no Survivor on this square")
    s = here[0]
    return {"size": s.size, "hearts": max(1, int(s.halves // 2)), "bullets": s.bullets,
            "zombies": max(1, len(zombies))}


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
        note="A fight to the end against the zombies on one square: the Survivor rolls until "
             "every zombie is dead or the Survivor has no hearts left."),
    size=(560, 520),
)

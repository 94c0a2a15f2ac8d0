"""How Space Vermin looks: one palette (terrain and sides), the legend, the Mapzone's printed
features (roads, Scent Trails, Jewel Exit Trails, Nests, Labs...), counter faces (type and
CF-DN-MA), the state panel and the battle calculator. Drawing data only: values are read from the
state and the game's data; the odds come from ``odds.combat_odds``.
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

from .board import map_for
from .data import load_game_data
from .odds import combat_odds
from .state import effective_values

SIDE_COLORS = {"Marines": "#1f5fa8", "Vermites": "#b22222", "": "#e0b000"}
TERRAIN_COLORS = {"clear": "#f3f1e4", "bamboo": "#8cc084", "bog": "#9fc7c0",
                  "building": "#b8b8b8", "tar_pit": "#3b3b3b", "nest": "#d9a6cf"}
ROAD, TRAIL, JEWEL_TRAIL, MARK = "#8c6d3f", "#d62728", "#9467bd", "#ff7f0e"
SHORT = {"squad": "Squad", "scout": "Scout", "special_ops": "SpOps", "heavy_weapons": "HvyWp",
         "hq": "HQ", "logistics": "Logis", "mad_scientist": "MAD", "ant_gun": "ANT",
         "recovery_vehicle": "RV", "drone": "Drone", "soldier": "Sold", "ultra_mite": "Ultra",
         "high_queen": "HiQn", "sister_queen": "SisQn", "child_queen": "ChQn"}
RESULT_NAMES = {"none": "No effect", "lose_weapon": "Loses its weapon", "step": "Reduced",
                "eliminate": "Eliminated"}  # the odds tables name results in words already


def _xy(smap: Any, label: str) -> tuple[float, float]:
    return smap.board.xy(smap.hex_of[str(label)])


def features(state: Any) -> list[MapFeature]:
    smap = map_for(state.map)
    m = smap.mdata

    def routes(paths):
        return tuple(tuple(_xy(smap, lab) for lab in path) for path in paths if len(path) > 1)

    out = [MapFeature("Road", "line", routes(m.roads), ROAD, width=3),
           MapFeature("Scent Trail", "line", routes([t.path for t in m.scent_trails]), TRAIL,
                      width=2, dash="dot"),
           MapFeature("Jewel Exit Trail", "line",
                      routes([p for _, p in m.jewel_exit_trails.values()]), JEWEL_TRAIL,
                      width=2, dash="dash")]
    marks = [(lab, f"Nest {n}") for n, lab in m.nests.items()]
    out.append(MapFeature("Nest", "marker", (tuple(_xy(smap, lab) for lab, _ in marks),),
                          "#8e3b7a", symbol="hexagon-open", size=22, width=3,
                          hover="; ".join(f"{t} ({lab})" for lab, t in marks)))
    named = [(lab, f"Tunnel Exit {n}") for n, lab in m.tunnel_exits.items()]
    named += [(lab, name) for name, lab in {**m.labs, **m.landmarks}.items()]
    named += [(lab, f"Nest Tunnel Entrance {n}") for n, lab in m.nest_tunnel_entrances.items()]
    out.append(MapFeature("Labs, landmarks, tunnels", "marker",
                          (tuple(_xy(smap, lab) for lab, _ in named),), MARK, symbol="star",
                          size=9, hover="; ".join(f"{t} ({lab})" for lab, t in named)))
    edges = [(lab, "Marine entry") for lab in m.marine_entry_hexes]
    edges += [(lab, "Jewel exit") for lab in m.jewel_exit_hexes]
    out.append(MapFeature("Entry / exit hex", "marker",
                          (tuple(_xy(smap, lab) for lab, _ in edges),), "#2ca02c",
                          symbol="triangle-up-open", size=10, width=2))
    return out


def legend(state: Any) -> list[LegendEntry]:
    out = [LegendEntry("Marines", SIDE_COLORS["Marines"]),
           LegendEntry("Vermites", SIDE_COLORS["Vermites"]),
           LegendEntry("Crown Jewels", SIDE_COLORS[""]),
           LegendEntry("Disrupted / Reduced (pale side)", SIDE_COLORS["Marines"], shape="reduced")]
    out += [LegendEntry(t.replace("_", " "), c, shape="area") for t, c in TERRAIN_COLORS.items()]
    out += [LegendEntry("Road", ROAD, shape="line"),
            LegendEntry("Scent Trail", TRAIL, shape="line", dash="dot"),
            LegendEntry("Jewel Exit Trail", JEWEL_TRAIL, shape="line", dash="dash"),
            LegendEntry("Nest", "#8e3b7a", shape="marker", symbol="hexagon-open"),
            LegendEntry("Lab, landmark, tunnel", MARK, shape="marker", symbol="star")]
    return out


def counter(state: Any, piece: dict[str, Any]) -> CounterFace:
    data = load_game_data()
    if piece.get("kind") == "jewel":
        n = state.jewels.get(str(piece["id"]).removeprefix("Jewels "), 0)
        return CounterFace("Jewel", f"×{n}", "marker", str(piece.get("hover", "")))
    unit = state.unit(piece["id"])
    v = effective_values(data, unit)
    marks = []
    if unit.nat:
        marks.append(f"NAT {unit.nat}")
    if unit.jewels:
        marks.append(f"{unit.jewels} Jewel")
    side = ("Disrupted" if unit.is_marine else "Reduced") if unit.reduced else "full strength"
    title = SHORT.get(unit.type, unit.type[:5])
    if unit.is_marine and title not in ("HQ", "RV", "MAD", "ANT"):
        title += str(unit.id).rsplit(" ", 1)[-1] if str(unit.id)[-1:].isdigit() else ""
    return CounterFace(title, f"{v.cf}-{v.dn}-{v.ma}", "reduced" if unit.reduced else "",
                       f"{unit.id} ({side}): CF {v.cf} DN {v.dn} MA {v.ma}"
                       + (f", {', '.join(marks)}" if marks else ""))


def state_panel(state: Any) -> list[tuple[str, str]]:
    on_map = sum(state.jewels.values())
    carried = sum(u.jewels for u in state.units if not u.is_marine and u.on_map)
    rows = [("Scenario", f"{state.scenario} (Mapzone {state.map})"),
            ("Event chit", state.active_event or "none drawn yet"),
            ("Queen's direction", str(state.direction_chit or "–")),
            ("Event chits left in the cup", str(len(state.event_cup))),
            ("Event chits used", ", ".join(state.events_used) or "none"),
            ("Crown Jewels", f"{on_map} lying on the map, {carried} carried by Vermites, "
                             f"{sum(state.nest_jewels.values())} in Nests, "
                             f"{state.jewels_exited} exited"),
            ("VP", str(state.vp)),
            ("Marines lost", str(state.marines_lost)),
            ("Vermites eliminated", str(state.vermites_eliminated)),
            ("Secret Weapons left", str(state.secret_weapons_left))]
    if state.flooded:
        rows.append(("Bogs", "flooded"))
    return rows


def deciding_players(state: Any) -> tuple[str, ...]:
    """Solitaire: the Vermites are the rulebook's programmed opponent; a Vermite player decides
    only in the two-player option."""
    return ("Marines", "Vermites") if "two_player" in state.variants else ("Marines",)


# -- battle calculator ---------------------------------------------------------------------------
def _groups() -> list[tuple[str, list[dict[str, Any]]]]:
    data = load_game_data()
    marines = [(t.name, key) for key, t in data.marines.items()]
    vermites = {key: t for key, t in data.vermites.items()}
    counts = [{"name": f"vermites:{key}", "kind": "int", "min": 0, "max": 6,
               "default": 1 if key == "soldier" else 0, "label": t.name}
              for key, t in vermites.items()]
    return [("Marine", [{"name": "marine", "kind": "choice", "options": marines,
                         "default": "squad", "label": "Marine"},
                        {"name": "marine_disrupted", "kind": "bool", "default": False,
                         "label": "Disrupted"}]),
            ("Vermites", counts + [{"name": "vermites_reduced", "kind": "bool",
                                    "default": False, "label": "Reduced"}]),
            ("Fire", [{"name": "attacker", "kind": "choice",
                       "options": [("Marine fires at the first Vermite", "Marines"),
                                   ("Vermites attack the Marine", "Vermites")],
                       "default": "Marines", "label": "Who fires"},
                      {"name": "cf_modifier", "kind": "int", "min": -6, "max": 6, "default": 0,
                       "label": "CF modifier"}])]


def _battle_numbers(values: dict[str, Any]) -> tuple[int, int, bool, str]:
    data = load_game_data()
    marine = data.marines[values.get("marine") or "squad"]
    m_side = marine.sides.get("disrupted" if values.get("marine_disrupted") else "full",
                             marine.sides["full"])
    picked = [(key, int(values.get(f"vermites:{key}") or 0)) for key in data.vermites]
    picked = [(key, n) for key, n in picked if n > 0]
    if not picked:
        raise ValueError("pick at least one Vermite")
    reduced = bool(values.get("vermites_reduced"))
    mod = int(values.get("cf_modifier") or 0)
    if values.get("attacker", "Marines") == "Marines":
        target = data.vermites[picked[0][0]]
        side = target.reduced if reduced else target.full
        return max(0, m_side.cf + mod), side.dn, reduced, "Marines"
    cf = sum(n * (data.vermites[k].reduced if reduced else data.vermites[k].full).cf
             for k, n in picked)
    return max(0, cf + mod), m_side.dn, bool(values.get("marine_disrupted")), "Vermites"


def battle_odds(values: dict[str, Any]):
    cf, dn, reduced, attacker = _battle_numbers(values)
    table = combat_odds(cf, dn, reduced=reduced, attacker=attacker)
    table.attrs["cf_dn"] = (cf, dn)
    return table


def battle_results(table) -> list[tuple[str, Fraction]]:
    return [(RESULT_NAMES.get(str(r), str(r).capitalize()), Fraction(str(e)))
            for r, e in zip(table["result"], table["exact"])]


def battle_expectations(table) -> list[tuple[str, Fraction]]:
    cf, dn = table.attrs.get("cf_dn", (None, None))
    return [] if cf is None else [("Dice rolled (net CF)", Fraction(cf)),
                                  ("Defense Number", Fraction(dn))]


def battle_from_selection(state: Any, loc: Any, piece: Any = None) -> dict[str, Any]:
    """A selected Vermite: the Marine fires at it. A selected Marine: the Vermites in the
    hexes next to it attack it."""
    data = load_game_data()
    smap = map_for(state.map)
    here = [u for u in state.units if u.on_map and smap.hex(u.hex) == loc]
    chosen = None
    if piece is not None and piece.get("id"):
        chosen = next((u for u in here if u.id == piece["id"]), None)
    chosen = chosen or (here[-1] if here else None)
    if chosen is None:
        raise ValueError("no counter here")
    values: dict[str, Any] = {f"vermites:{k}": 0 for k in data.vermites}
    if chosen.is_marine:
        near = {smap.label(h) for h in smap.board.neighbors(loc)}
        attackers = [u for u in state.units if u.on_map and not u.is_marine and u.hex in near]
        if not attackers:
            raise ValueError(f"no Vermite next to {chosen.id}")
        for u in attackers:
            values[f"vermites:{u.type}"] += 1
        if chosen.type not in data.marines:
            raise ValueError(f"{chosen.id} has no counter values")
        values.update(marine=chosen.type, marine_disrupted=chosen.reduced, attacker="Vermites",
                      vermites_reduced=any(u.reduced for u in attackers), cf_modifier=0)
    else:
        values[f"vermites:{chosen.type}"] = 1
        values.update(vermites_reduced=chosen.reduced, attacker="Marines", cf_modifier=0)
    return values


DISPLAY = Display(
    side_colors=SIDE_COLORS,
    terrain_colors=TERRAIN_COLORS,
    legend=legend,
    features=features,
    counter=counter,
    state_panel=state_panel,
    deciding_players=deciding_players,
    battle=BattleCalculator(
        groups=_groups, odds=battle_odds, results=battle_results,
        expectations=battle_expectations, from_selection=battle_from_selection,
        note="One fire: Marine fire (§J-1) at the first Vermite picked, or the picked Vermites' "
             "summed CF against the Marine (§F-2); the CF modifier stands for terrain, NAT and "
             "the other modifiers the rules add."),
    size=(600, 600),
)

"""What holds in every Gods War position: counters conserved (units, web tokens), pieces and web
tokens on the surface world, Monsters where their status says, the cards' limits kept.

The engine checks these after play in the conformance tests; the set-up editor refuses an edit that
breaks one, and a saved state is checked against them when loaded.
"""
from __future__ import annotations

from collections import Counter

from .data import GodsWarData, default_data
from .state import GWState


def invariants(state: GWState, data: GodsWarData | None = None) -> list[str]:
    """Violated invariants (empty = all hold)."""
    data = data or default_data()
    bad = []
    on_map = Counter((p.empire, p.kind) for p in state.pieces)
    for name, emp in data.empires.items():
        sheet = state.empires[name]
        for kind in emp.units:
            if on_map[(name, kind)] + sheet.pool.get(kind, 0) != data.unit_types[kind].count:
                bad.append(f"{name}: {kind} on map + pool != {data.unit_types[kind].count}")
            if sheet.pool.get(kind, 0) < 0:
                bad.append(f"{name}: negative pool of {kind}")
        if sheet.power < 0:
            bad.append(f"{name}: negative power {sheet.power}")
        if sheet.vp < 0:
            bad.append(f"{name}: negative VP")
    for p in state.pieces:
        if p.area not in data.areas or data.realm(p.area) != "surface":
            bad.append(f"{p.empire}'s {p.kind} is in {p.area!r}, not a surface area")
    sheets = sum(1 for s in state.empires.values() if s.web_token_on_sheet)
    total = data.get("monsters.components.web_tokens")
    if state.web_pool + len(state.web_tokens) + sheets != total:
        bad.append(f"web tokens: pool {state.web_pool} + map {len(state.web_tokens)} + sheets "
                   f"{sheets} != {total}")
    if len(set(state.web_tokens)) != len(state.web_tokens):
        bad.append("two web tokens in one area")
    if any(data.realm(a) != "surface" for a in state.web_tokens):
        bad.append("a web token off the surface world")
    for name, m in state.monsters.items():
        if m.status == "in play" and m.area not in data.areas:
            bad.append(f"{name} in play in unknown area {m.area!r}")
        if m.status != "in play" and m.area is not None:
            bad.append(f"{name} is {m.status} but has an area")
    ara = state.monsters.get("Arachne Solara")
    if ara is not None and ara.status == "removed":
        bad.append("Arachne Solara was removed, but she cannot be killed")
    andro = state.monsters.get("Androgeus")
    if andro is not None and andro.status != "waiting" and not state.great_compromise:
        bad.append("Androgeus placed before the Great Compromise")
    cap = data.cards["Androgeus"].ability("Superhero").params["max_dice"]
    if state.stats.get("max_dice_vs_androgeus", 0) > cap:
        bad.append(f"more than {cap} dice rolled vs. Androgeus (Superhero)")
    for area, owners in state.buildings.items():
        if len(set(owners)) != len(owners) or not owners:
            bad.append(f"buildings in {area}: {owners}")
    if (state.result is not None and state.web_pool == 0 and state.end_reason != "Completing the Web"
            and "web_counts_map_tokens_only" not in state.variants):
        bad.append("web pool empty but the game did not end by Completing the Web")
    return bad



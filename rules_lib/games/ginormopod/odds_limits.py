"""What a Combat-odds question may ask: a sound question always, and the game's limits unless a
what-if beyond the rules is asked for (``allow_beyond_rules=True``; the CLI's ``--beyond-rules``).

A Combat the game cannot have is refused with a message naming the limit and where it comes from:
more units of a side in one City than the stacking limit (Fort boxes count as Human units), a Fort
stronger than any printed on the map, units of the wrong side, a reduced side a counter does not
have, an FX of the other side, a Barrage without a Fort, a side with nothing to fight with. Even
beyond the rules the units must be known types, the Fort not negative, and the forces small enough
for the exact distributions (:data:`MOST_UNITS`).
"""
from __future__ import annotations

from collections.abc import Sequence

from .data import SIDES, GinData
from .volley import Fighter

BEYOND = "allow_beyond_rules=True (CLI: --beyond-rules) asks anyway"
MOST_UNITS = 40  # units a side even a what-if may bring: the exact dice sums grow with each


def combat_problems(data: GinData, attackers: Sequence[Fighter], defenders: Sequence[Fighter],
                    attacker_side: str, fort_strength: int, attacker_fx: str, defender_fx: str,
                    barrage: bool, allow_beyond_rules: bool = False) -> list[str]:
    """Everything wrong with a Combat question (empty if the game can have it)."""
    out = _unsound(data, attackers, defenders, attacker_side, fort_strength, attacker_fx,
                   defender_fx)
    if out or allow_beyond_rules:
        return out
    defender_side = "Human" if attacker_side == "Swarm" else "Swarm"
    sides = ((attacker_side, "attacker", attackers, attacker_fx),
             (defender_side, "defender", defenders, defender_fx))
    for side, role, units, fx in sides:
        for f in units:
            kind = data.types[f.type]
            if kind.side != side:
                out.append(f"{role} unit {f.type!r} is a {kind.side} unit, not {side}")
            if f.reduced and kind.no_reduced_side:
                out.append(f"{role} unit {f.type}/r: a {f.type} has no reduced side")
        boxes = fort_strength if side == "Human" else 0
        if len(units) + boxes > data.stack_limit:
            out.append(f"the {role} ({side}) brings {len(units)} units"
                       + (f" and a Fort of {boxes} boxes" if boxes else "")
                       + f": more than the stacking limit of {data.stack_limit} in one City "
                       "(map.yaml stacking.per_side; Fort boxes count as Human units)")
        if fx and data.fx[fx].side != side:
            out.append(f"{role} FX {fx!r} is a {data.fx[fx].side} FX: the {side} cannot use it")
    strongest = max((f.strength for f in data.forts.values()), default=0)
    if fort_strength > strongest:
        out.append(f"a Fort of strength {fort_strength}: the strongest Fort of the map has "
                   f"{strongest} boxes (map.yaml forts)")
    if barrage and not fort_strength:
        out.append("a Barrage is the Fort's: give the Fort's strength (at least 1)")
    if not attackers and not (attacker_side == "Human" and fort_strength):
        out.append("the attacker has no units: a Combat needs units on both sides")
    if not defenders and not (defender_side == "Human" and fort_strength):
        out.append("the defender has no units and no Fort: a Combat needs both sides")
    return [f"{p} ({BEYOND})" for p in out]


def _unsound(data: GinData, attackers: Sequence[Fighter], defenders: Sequence[Fighter],
             attacker_side: str, fort_strength: int, attacker_fx: str, defender_fx: str
             ) -> list[str]:
    """What no what-if can ask: unknown names, a negative or fractional Fort, huge forces."""
    out = []
    if attacker_side not in SIDES:
        out.append(f"attacker side {attacker_side!r} is not a side ({', '.join(SIDES)})")
    for role, units in (("attacker", attackers), ("defender", defenders)):
        for f in units:
            if f.type not in data.types:
                out.append(f"unknown unit type {f.type!r}; types: {', '.join(data.types)}")
        if len(units) > MOST_UNITS:
            out.append(f"the {role} brings {len(units)} units: at most {MOST_UNITS} even beyond "
                       "the rules (the exact dice sums would grow too large)")
    if isinstance(fort_strength, bool) or not isinstance(fort_strength, int):
        out.append(f"the Fort's strength must be a whole number, found {fort_strength!r}")
    elif not 0 <= fort_strength <= MOST_UNITS:
        out.append(f"a Fort of strength {fort_strength}: a Fort has 0 or more boxes (at most "
                   f"{MOST_UNITS} even beyond the rules)")
    for role, fx in (("attacker", attacker_fx), ("defender", defender_fx)):
        if fx and fx not in data.fx:
            out.append(f"unknown {role} FX {fx!r}; FX: {', '.join(data.fx)}")
    return out


def check_combat(data: GinData, attackers: Sequence[Fighter], defenders: Sequence[Fighter],
                 attacker_side: str, fort_strength: int, attacker_fx: str, defender_fx: str,
                 barrage: bool, allow_beyond_rules: bool = False) -> None:
    """Raise ValueError listing every problem of a Combat question."""
    problems = combat_problems(data, attackers, defenders, attacker_side, fort_strength,
                               attacker_fx, defender_fx, barrage, allow_beyond_rules)
    if problems:
        raise ValueError("; ".join(problems))

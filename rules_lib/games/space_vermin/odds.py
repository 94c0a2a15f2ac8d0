"""Exact odds, from the dice definitions and tables the procedures roll (``dice.py``, tables).

>>> fire_outcome(5, 3).p("step")          # the J-1 Squad shot: 2-3 of 5 dice above 3
Fraction(5, 8)
"""

from __future__ import annotations

from fractions import Fraction

from rules_lib.core.dice import Dist

from . import dice as svdice
from .data import SVData, load_game_data

RESULT_NAMES = {
    "none": "no effect",
    "step": "reduced",
    "eliminate": "eliminated",
    "lose_weapon": "weapon lost",
}


def _data(data: SVData | None) -> SVData:
    return data or load_game_data()


def fire_outcome(cf: int, dn: int, table: str = "standard", data: SVData | None = None) -> Dist:
    """Distribution of the damage result of CF dice against DN ("none" / "step" / "eliminate")."""
    d = _data(data)
    rows = d.tables["damage"][table]
    if cf < 1:
        return Dist.point("none")
    return svdice.fire_pool(cf, dn, d.hit_convention).dist().map(
        lambda hits: svdice.damage(rows, hits))


def _after(result: str, already_stepped: bool) -> str:
    """A step result on a unit already Reduced/Disrupted eliminates it."""
    return "eliminate" if result == "step" and already_stepped else result


def _frame(dist: Dist, order: list[str]):
    import pandas as pd  # here, not at the top: playing a game never needs pandas (import time)

    rows = [
        {"result": RESULT_NAMES.get(o, o), "probability": float(dist.p(o)), "exact": str(dist.p(o))}
        for o in order
    ]
    return pd.DataFrame(rows, columns=["result", "probability", "exact"])


def marine_fire_odds(cf: int, dn: int, reduced: bool = False, data: SVData | None = None):
    """Marine fire (§J-1): P(no effect / Reduced / eliminated) for a modified CF against a DN."""
    dist = fire_outcome(cf, dn, data=data).map(lambda r: _after(r, reduced))
    return _frame(dist, ["none", "step", "eliminate"])


def marine_fire_table(cfs=range(1, 9), dns=range(1, 6), data: SVData | None = None):
    """P(at least Reduced) and P(eliminated) for every CF x DN (a full-strength target)."""
    import pandas as pd  # here, not at the top: playing a game never needs pandas (import time)

    rows = []
    for dn in dns:
        for cf in cfs:
            d = fire_outcome(cf, dn, data=data)
            rows.append(
                {
                    "cf": cf,
                    "dn": dn,
                    "no_effect": float(d.p("none")),
                    "reduced": float(d.p("step")),
                    "eliminated": float(d.p("eliminate")),
                }
            )
    return pd.DataFrame(rows)


def vermite_attack_odds(
    cf: int, dn: int, disrupted: bool = False, table: str = "standard", data: SVData | None = None
):
    """A Vermite hex attacking a Marine (§F-2): P(no effect / Disrupted / eliminated)."""
    dist = fire_outcome(cf, dn, table, data=data).map(lambda r: _after(r, disrupted))
    return _frame(
        dist, sorted(dist.outcomes, key=["none", "lose_weapon", "step", "eliminate"].index)
    )


def ant_gun_outcome(range_hexes: int, nat: bool = False, data: SVData | None = None) -> Dist:
    """A.N.T. Gun (§J-3): "crash" on 2, "hit" when 2d6 exceeds the (NAT-doubled) range, else "miss".
    """
    table = _data(data).tables["ant_gun"]
    rng = range_hexes * (table["nat_range_multiplier"] if nat else 1)
    crash = table["crash_total"]
    return (
        svdice.sum_dice(int(table["dice"]))
        .dist()
        .map(lambda t: "crash" if t == crash else ("hit" if t > rng else "miss"))
    )


def ant_gun_odds(max_range: int = 12, nat: bool = False, data: SVData | None = None):
    """P(crash / miss / hit) by range."""
    import pandas as pd  # here, not at the top: playing a game never needs pandas (import time)

    rows = []
    for r in range(max_range + 1):
        d = ant_gun_outcome(r, nat, data)
        rows.append(
            {
                "range": r,
                "crash": float(d.p("crash")),
                "miss": float(d.p("miss")),
                "hit": float(d.p("hit")),
            }
        )
    return pd.DataFrame(rows)


def banded_outcome(table: str, modifier: int = 0, data: SVData | None = None) -> Dist:
    """One modified die read on a banded table: PANTS (§J-4), Jump Pack (§I-1-c), Landing Zone
    (§I-5-b)."""
    t = _data(data).tables[table]
    rows = t["results"]
    dice = int(t.get("dice", 1))  # PANTS names its one die in the data; the others roll one too
    return svdice.sum_dice(dice, modifier).dist().map(lambda v: svdice.band(rows, v))


def pants_odds(shoot_and_scoot: bool = False, nat: bool = False, data: SVData | None = None):
    """PANTS results (Misfire / Jolted / Fried) with its modifiers."""
    t = _data(data).tables["pants"]
    mod = (t["shoot_and_scoot"] if shoot_and_scoot else 0) + (t["nat_marker"] if nat else 0)
    d = banded_outcome("pants", mod, data)
    return _frame(d, [r["result"] for r in t["results"]])


def jump_pack_odds(shoot_and_scoot: bool = False, nat: bool = False, data: SVData | None = None):
    """Jump Pack results (Malfunction / Scattered / Safe Landing) with its modifiers."""
    t = _data(data).tables["jump_pack"]
    mod = (t["shoot_and_scoot"] if shoot_and_scoot else 0) + (t["nat_marker"] if nat else 0)
    d = banded_outcome("jump_pack", mod, data)
    return _frame(d, [r["result"] for r in t["results"]])


def drift_distance(data: SVData | None = None) -> Dist:
    """Landing Zone drift distance: the second die halved, rounded up (§I-5-b)."""
    div = _data(data).tables["landing_zone"]["drift_distance_divisor"]
    return svdice.one_die().dist().map(lambda v: -(-v // div))


def landing_zone_odds(data: SVData | None = None):
    """Landing Zone accuracy (on target / drift and Disrupted / delayed) and drift distances."""
    t = _data(data).tables["landing_zone"]
    d = banded_outcome("landing_zone", 0, data)
    return _frame(d, [r["result"] for r in t["results"]])


def nat_outcome(vermite_type: str, marker: str = "", data: SVData | None = None) -> Dist:
    """NAT roll against a Marine with ``marker`` (""/tainted/infected) when a Vermite dies (§J-7).
    """
    d = _data(data)
    need = d.vermites[vermite_type].nat_roll
    one = d.tables["nat"]["escalates_on"]

    def result(face: int) -> str:
        if face > need:
            return marker or "none"
        if face == one:
            return "eliminated" if marker else "infected"
        return {"": "tainted", "tainted": "infected", "infected": "infected"}[marker]

    return svdice.one_die().dist().map(result)


def nat_effect_odds(data: SVData | None = None) -> Fraction:
    """P(an Infected Marine is eliminated in the NAT Effect Phase): a die of 1-4 (§H)."""
    limit = _data(data).tables["nat"]["infected_dies_on_at_most"]
    return svdice.one_die().dist().at_most(limit)


def combat_odds(cf: int, dn: int, reduced: bool = False, attacker: str = "Marines"):
    """Registry entry point: Marine fire or a Vermite attack for a net CF against a DN."""
    if attacker == "Marines":
        return marine_fire_odds(cf, dn, reduced)
    return vermite_attack_odds(cf, dn, reduced)


def add_odds_arguments(parser) -> None:
    """Arguments of `rules-explorer odds space_vermin`."""
    parser.add_argument("--cf", type=int, required=True, help="net Combat Factor (dice rolled)")
    parser.add_argument("--dn", type=int, required=True, help="target's Defense Number")
    parser.add_argument("--attacker", default="Marines", choices=["Marines", "Vermites"])
    parser.add_argument("--reduced", action="store_true",
                        help="the target is already Disrupted/Reduced")


def odds_from_args(args):
    """The odds table for parsed CLI arguments (same dice definitions as the game)."""
    if args.cf < 0 or args.dn < 0:
        raise ValueError("--cf and --dn must be 0 or more")
    return combat_odds(args.cf, args.dn, reduced=args.reduced, attacker=args.attacker)

"""Exact odds, from the dice definitions and tables the procedures roll (``dice.py``, tables).

>>> fire_outcome(5, 3).p("step")          # the J-1 Squad shot: 2-3 of 5 dice above 3
Fraction(5, 8)

What the game cannot have is refused with a ValueError naming the limit: a Marine shot with more
dice than any Marine rolls (the best counter's CF with every bonus, §J-1), a Vermite attack with
more than every Vermite of the counter mix in one hex with every Jewel (§F-2), a DN no counter
has, a die modifier no roll takes. ``allow_beyond_rules=True`` (command line ``--beyond-rules``)
answers such what-ifs; even then CF and DN are whole numbers, 0 or more, a DN is a face a die can
beat, and no pool has more than ``MOST_DICE`` dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.dice import Dist

from . import dice as svdice
from .data import SVData, load_game_data

RESULT_NAMES = {
    "none": "no effect",
    "step": "reduced",
    "eliminate": "eliminated",
    "lose_weapon": "weapon lost",
}


BEYOND = "allow_beyond_rules=True (--beyond-rules) for a what-if beyond the rules"
MOST_DICE = 200  # even beyond the rules: a bigger pool is no what-if, only a long wait
DIE = 6
SIDES = ("Marines", "Vermites")
NAT_MARKERS = ("", "tainted", "infected")
BANDED = ("pants", "jump_pack", "landing_zone")


def _data(data: SVData | None) -> SVData:
    return data or load_game_data()


@dataclass(frozen=True)
class CombatLimits:
    """The largest CF and DN each side's combat can have in the game (from the data)."""

    marine_cf: int  # the best Marine side's CF, with every bonus of §J-1 (and pistol_cf)
    vermite_dn: int  # the best Vermite DN, a Jewel's bonus up to its cap (§E-2)
    vermite_cf: int  # every non-Drone Vermite in one hex (Nests stack freely) with every Jewel
    marine_dn: int  # the best Marine side's DN


def combat_limits(data: SVData | None = None) -> CombatLimits:
    """What the counter mix allows (``CombatLimits``)."""
    d = _data(data)
    fire = d.tables["marine_fire"]
    bonus = max(0, fire["adjacent_hq"]) + max(0, fire["adjacent_target"])
    marine_cf = max([s.cf for m in d.marines.values() for s in m.sides.values()]
                    + [m.pistol_cf for m in d.marines.values()]) + bonus
    vermite_dn = max([max(v.full.dn, v.reduced.dn) for v in d.vermites.values()]
                     + [d.jewel_bonus["max_dn"], d.tunnel_exit_dn])
    jewels = int(d.sources["counters"].get("crown_jewels.count"))
    warriors = sum(v.full.cf * (len(v.ids) if v.kind != "queen" else 1)
                   for v in d.vermites.values() if v.kind != "drone")
    drones = max((v.full.cf for v in d.vermites.values() if v.kind == "drone"), default=0)
    vermite_cf = max(warriors + jewels * d.jewel_bonus["cf"], drones)
    marine_dn = max(s.dn for m in d.marines.values() for s in m.sides.values())
    return CombatLimits(marine_cf, vermite_dn, vermite_cf, marine_dn)


def check_combat(cf: Any, dn: Any, attacker: Any = "Marines", data: SVData | None = None,
                 allow_beyond_rules: bool = False) -> None:
    """A ValueError naming the limit if a combat of ``cf`` dice against ``dn`` by ``attacker``
    is one the game cannot have (see the module's note)."""
    if attacker not in SIDES:
        raise ValueError(f"attacker must be one of {', '.join(SIDES)}, not {attacker!r}")
    for name, value in (("CF", cf), ("DN", dn)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number, 0 or more, not {value!r}")
    if cf > MOST_DICE:
        raise ValueError(f"CF {cf}: at most {MOST_DICE} dice, even beyond the rules")
    if dn > DIE:
        raise ValueError(f"DN {dn}: a die shows 1 to {DIE}; a DN above {DIE} is no DN")
    if allow_beyond_rules:
        return
    limits = combat_limits(data)
    most_cf, most_dn, whose = ((limits.marine_cf, limits.vermite_dn, "Vermite")
                               if attacker == "Marines" else
                               (limits.vermite_cf, limits.marine_dn, "Marine"))
    if cf > most_cf:
        raise ValueError(f"CF {cf}: {attacker} never roll more than {most_cf} dice in one "
                         f"{'shot' if attacker == 'Marines' else 'attack'}; {BEYOND}")
    if dn > most_dn:
        raise ValueError(f"DN {dn}: no {whose} counter has a DN above {most_dn}; {BEYOND}")


def _flag(name: str, value: Any) -> bool:
    """A yes/no argument must be True or False (a text such as "no" would read as True)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return value


def fire_outcome(cf: int, dn: int, table: str = "standard", data: SVData | None = None) -> Dist:
    """Distribution of the damage result of CF dice against DN ("none" / "step" / "eliminate")."""
    d = _data(data)
    if table not in d.tables["damage"]:
        raise ValueError(f"no damage table {table!r}; tables: {', '.join(d.tables['damage'])}")
    check_combat(cf, dn, data=d, allow_beyond_rules=True)
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


def marine_fire_odds(cf: int, dn: int, reduced: bool = False, data: SVData | None = None,
                     allow_beyond_rules: bool = False):
    """Marine fire (§J-1): P(no effect / Reduced / eliminated) for a modified CF against a DN."""
    check_combat(cf, dn, "Marines", data, allow_beyond_rules)
    reduced = _flag("reduced", reduced)
    dist = fire_outcome(cf, dn, data=data).map(lambda r: _after(r, reduced))
    return _frame(dist, ["none", "step", "eliminate"])


def marine_fire_table(cfs=range(1, 9), dns=range(1, 6), data: SVData | None = None,
                      allow_beyond_rules: bool = False):
    """P(at least Reduced) and P(eliminated) for every CF x DN (a full-strength target)."""
    import pandas as pd  # here, not at the top: playing a game never needs pandas (import time)

    for cf in cfs:
        for dn in dns:
            check_combat(cf, dn, "Marines", data, allow_beyond_rules)
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
    cf: int, dn: int, disrupted: bool = False, table: str = "standard", data: SVData | None = None,
    allow_beyond_rules: bool = False,
):
    """A Vermite hex attacking a Marine (§F-2): P(no effect / Disrupted / eliminated)."""
    check_combat(cf, dn, "Vermites", data, allow_beyond_rules)
    disrupted = _flag("disrupted", disrupted)
    dist = fire_outcome(cf, dn, table, data=data).map(lambda r: _after(r, disrupted))
    return _frame(
        dist, sorted(dist.outcomes, key=["none", "lose_weapon", "step", "eliminate"].index)
    )


def ant_gun_outcome(range_hexes: int, nat: bool = False, data: SVData | None = None) -> Dist:
    """A.N.T. Gun (§J-3): "crash" on 2, "hit" when 2d6 exceeds the (NAT-doubled) range, else "miss".
    """
    if isinstance(range_hexes, bool) or not isinstance(range_hexes, int) or range_hexes < 0:
        raise ValueError(f"the range is a whole number of hexes, 0 or more, not {range_hexes!r}")
    table = _data(data).tables["ant_gun"]
    rng = range_hexes * (table["nat_range_multiplier"] if _flag("nat", nat) else 1)
    crash = table["crash_total"]
    return (
        svdice.sum_dice(int(table["dice"]))
        .dist()
        .map(lambda t: "crash" if t == crash else ("hit" if t > rng else "miss"))
    )


def ant_gun_odds(max_range: int = 12, nat: bool = False, data: SVData | None = None):
    """P(crash / miss / hit) by range (no range beyond ``MOST_DICE`` hexes: the maps are 23
    across, and every roll misses long before)."""
    import pandas as pd  # here, not at the top: playing a game never needs pandas (import time)

    if isinstance(max_range, bool) or not isinstance(max_range, int) or not (
            0 <= max_range <= MOST_DICE):
        raise ValueError(f"max_range must be a whole number from 0 to {MOST_DICE}, "
                         f"not {max_range!r}")
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
    (§I-5-b). A modifier beyond -6..+6 is no roll of the game."""
    if table not in BANDED:
        raise ValueError(f"no banded table {table!r}; tables: {', '.join(BANDED)}")
    if isinstance(modifier, bool) or not isinstance(modifier, int) or abs(modifier) > DIE:
        raise ValueError(f"modifier must be a whole number from -{DIE} to +{DIE}, "
                         f"not {modifier!r}")
    t = _data(data).tables[table]
    rows = t["results"]
    dice = int(t.get("dice", 1))  # PANTS names its one die in the data; the others roll one too
    return svdice.sum_dice(dice, modifier).dist().map(lambda v: svdice.band(rows, v))


def pants_odds(shoot_and_scoot: bool = False, nat: bool = False, data: SVData | None = None):
    """PANTS results (Misfire / Jolted / Fried) with its modifiers."""
    t = _data(data).tables["pants"]
    mod = ((t["shoot_and_scoot"] if _flag("shoot_and_scoot", shoot_and_scoot) else 0)
           + (t["nat_marker"] if _flag("nat", nat) else 0))
    d = banded_outcome("pants", mod, data)
    return _frame(d, [r["result"] for r in t["results"]])


def jump_pack_odds(shoot_and_scoot: bool = False, nat: bool = False, data: SVData | None = None):
    """Jump Pack results (Malfunction / Scattered / Safe Landing) with its modifiers."""
    t = _data(data).tables["jump_pack"]
    mod = ((t["shoot_and_scoot"] if _flag("shoot_and_scoot", shoot_and_scoot) else 0)
           + (t["nat_marker"] if _flag("nat", nat) else 0))
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
    if vermite_type not in d.vermites:
        raise ValueError(f"no Vermite type {vermite_type!r}; types: {', '.join(d.vermites)}")
    if marker not in NAT_MARKERS:
        raise ValueError(f"the Marine's NAT marker is '', 'tainted' or 'infected', not {marker!r}")
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


def combat_odds(cf: int, dn: int, reduced: bool = False, attacker: str = "Marines",
                allow_beyond_rules: bool = False):
    """Registry entry point: Marine fire or a Vermite attack for a net CF against a DN."""
    check_combat(cf, dn, attacker, allow_beyond_rules=allow_beyond_rules)
    if attacker == "Marines":
        return marine_fire_odds(cf, dn, reduced, allow_beyond_rules=allow_beyond_rules)
    return vermite_attack_odds(cf, dn, reduced, allow_beyond_rules=allow_beyond_rules)


def add_odds_arguments(parser) -> None:
    """Arguments of `rules-explorer odds space_vermin`."""
    parser.add_argument("--cf", type=int, required=True, help="net Combat Factor (dice rolled)")
    parser.add_argument("--dn", type=int, required=True, help="target's Defense Number")
    parser.add_argument("--attacker", default="Marines", choices=["Marines", "Vermites"])
    parser.add_argument("--reduced", action="store_true",
                        help="the target is already Disrupted/Reduced")
    parser.add_argument("--beyond-rules", action="store_true",
                        help="allow a CF or DN the game cannot have (a what-if)")


def odds_from_args(args):
    """The odds table for parsed CLI arguments (same dice definitions as the game); what the
    game cannot have is refused naming the limit unless ``--beyond-rules``."""
    return combat_odds(args.cf, args.dn, reduced=args.reduced, attacker=args.attacker,
                       allow_beyond_rules=getattr(args, "beyond_rules", False))

"""Exact odds of one Ginormopod Combat, from the same Volley definitions the game rolls.

Hits each way, who must Retreat, Overrun, expected losses (in steps: a Fresh unit absorbs two hits,
a Reduced unit or a Guard one, a Fort one per box). Retreat and wipe-out do not depend on how hits
are allocated: a side is gone exactly when its hits reach its total steps."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.dice import Dist

from .combat import Fighter, overrun_applies, steps, suffered, verdict, volley
from .data import GinData, load_game_data
from .fx import effect
from .odds_limits import MOST_UNITS, check_combat


@dataclass(frozen=True)
class BattleOdds:
    """Exact results of one Combat what-if (probabilities are Fractions)."""

    hits_on_attacker: Dist
    hits_on_defender: Dist
    p_attacker_retreats: Fraction
    p_defender_retreats: Fraction
    p_overrun: Fraction
    p_attacker_wiped: Fraction
    p_defender_wiped: Fraction
    expected_attacker_losses: Fraction
    expected_defender_losses: Fraction

    def summary(self):
        """One row per measure: probability/expectation as float and as an exact fraction."""
        import pandas as pd  # imported when a table is asked for: importing the game stays light

        rows = [("P(attacker retreats)", self.p_attacker_retreats),
                ("P(defender retreats)", self.p_defender_retreats),
                ("P(overrun)", self.p_overrun),
                ("P(attacker wiped out)", self.p_attacker_wiped),
                ("P(defender wiped out)", self.p_defender_wiped),
                ("E[hits on attacker]", self.hits_on_attacker.mean()),
                ("E[hits on defender]", self.hits_on_defender.mean()),
                ("E[attacker steps lost]", self.expected_attacker_losses),
                ("E[defender steps lost]", self.expected_defender_losses)]
        return pd.DataFrame([(m, float(v), str(v)) for m, v in rows],
                            columns=["measure", "value", "exact"])

    def hits(self):
        """Distribution of hits suffered by each side."""
        import pandas as pd  # (see summary)

        top = max(max(self.hits_on_attacker.outcomes), max(self.hits_on_defender.outcomes))
        return pd.DataFrame([(h, float(self.hits_on_attacker.p(h)),
                              float(self.hits_on_defender.p(h))) for h in range(top + 1)],
                            columns=["hits", "P(attacker suffers)", "P(defender suffers)"])


def battle_odds(attackers: list[Fighter], defenders: list[Fighter], *, attacker_side: str = "Swarm",
                fort_strength: int = 0, attacker_fx: str = "", defender_fx: str = "",
                barrage: bool = False, variants: tuple[str, ...] = (),
                data: GinData | None = None, allow_beyond_rules: bool = False) -> BattleOdds:
    """Exact odds of a Combat: the attacker is the acting side; the Fort (if any) is Human.

    A Combat the game cannot have (over the stacking limit, a Fort stronger than any printed, an
    FX of the other side ...) is refused with a ValueError naming the limit, unless
    ``allow_beyond_rules`` (see odds_limits)."""
    data = data or load_game_data()
    check_combat(data, attackers, defenders, attacker_side, fort_strength, attacker_fx,
                 defender_fx, barrage, allow_beyond_rules)
    human_att = attacker_side == "Human"
    fort_a = fort_strength if human_att else 0
    fort_d = 0 if human_att else fort_strength
    if not barrage and overrun_applies(data, len(attackers), len(defenders), fort_d,
                                       "overrun_ignores_fort_boxes" in variants):
        zero = Dist.point(0)
        return BattleOdds(zero, zero, Fraction(0), Fraction(0), Fraction(1), Fraction(0),
                          Fraction(1) if not fort_d else Fraction(0), Fraction(0),
                          Fraction(steps(data, defenders)))
    swarm_fx = defender_fx if human_att else attacker_fx
    swarm_fires = not barrage or bool(effect(data, swarm_fx, "fires_in_barrage", False))
    att_fires = swarm_fires if not human_att else True
    def_fires = swarm_fires if human_att else True
    # in a Barrage only the Fort itself rolls dice: the Human units and FX add none
    dbl = "reduced_tank_doubles" in variants
    v_att = volley(data, [] if (barrage and human_att) else attackers, fort_strength=fort_a,
                   own_fx="" if (barrage and human_att) else attacker_fx, enemy_fx=defender_fx,
                   fires=att_fires, reduced_doubles=dbl)
    v_def = volley(data, [] if (barrage and not human_att) else defenders, fort_strength=fort_d,
                   own_fx="" if (barrage and not human_att) else defender_fx,
                   enemy_fx=attacker_fx, fires=def_fires, reduced_doubles=dbl)
    on_def = v_att.dist().map(lambda h: suffered(data, h, defender_fx))
    on_att = v_def.dist().map(lambda h: suffered(data, h, attacker_fx))
    return _outcomes(data, attackers, defenders, fort_a, fort_d, on_att, on_def, barrage, variants,
                     human_att)


def _outcomes(data: GinData, attackers: list[Fighter], defenders: list[Fighter], fort_a: int,
              fort_d: int, on_att: Dist, on_def: Dist, barrage: bool, variants: tuple[str, ...],
              human_att: bool) -> BattleOdds:
    """Combine the two independent hit distributions into Retreat / loss figures."""
    unit_a, unit_d = steps(data, attackers), steps(data, defenders)
    cap_a, cap_d = unit_a + fort_a, unit_d + fort_d
    not_counted = "fort_hits_not_counted_for_retreat" in variants
    wa, den_a = on_att.weights()
    wd, den_d = on_def.weights()
    den = den_a * den_d
    ra = rd = 0
    for ha, pa in wa.items():
        for hd, pd_ in wd.items():
            if barrage:
                continue
            w = pa * pd_
            a_left, d_left = ha < cap_a, hd < cap_d
            sa = min(ha, unit_a) if (not_counted and human_att) else ha
            sd = min(hd, unit_d) if (not_counted and not human_att) else hd
            who = verdict(sa, sd, a_left, d_left)
            # units (not just a Fort) must be left to retreat
            if who == "acting" and ha < unit_a:
                ra += w
            elif who == "enemy" and hd < unit_d:
                rd += w
    return BattleOdds(
        hits_on_attacker=on_att, hits_on_defender=on_def,
        p_attacker_retreats=Fraction(ra, den), p_defender_retreats=Fraction(rd, den),
        p_overrun=Fraction(0),
        p_attacker_wiped=on_att.at_least(cap_a) if cap_a else Fraction(1),
        p_defender_wiped=on_def.at_least(cap_d) if cap_d else Fraction(1),
        expected_attacker_losses=on_att.map(lambda h: min(h, cap_a)).mean(),
        expected_defender_losses=on_def.map(lambda h: min(h, cap_d)).mean())


def combat_odds(attackers: list[Any], defenders: list[Any], **kw: Any):
    """The summary DataFrame of :func:`battle_odds` (its hit table in ``.attrs['hits']``).

    Units are Fighter tuples or strings: 'Ant', 'Spider/r' (Reduced), 'Guard' (armed),
    'Guard/blank'."""
    odds = battle_odds([parse_fighter(a) for a in attackers],
                       [parse_fighter(d) for d in defenders], **kw)
    frame = odds.summary()
    frame.attrs["hits"] = odds.hits()
    return frame


def parse_fighter(spec: Any) -> Fighter:
    """'Tank' -> Fresh Tank, 'Tank/r' -> Reduced Tank, 'Guard/blank' -> a blank Guard."""
    if isinstance(spec, Fighter):
        return spec
    name, _, flag = str(spec).partition("/")
    if flag not in FLAGS:
        raise ValueError(f"unit {spec!r}: unknown mark /{flag} (known: /r for a Reduced unit, "
                         "/blank for a Guard without die symbol)")
    return Fighter(name.strip(), reduced=flag == "r", armed=flag != "blank")


FLAGS = ("", "r", "blank")


def parse_units(text: str) -> list[Fighter]:
    """'2xAnt,Spider/r' -> [Ant, Ant, Spider (Reduced)]."""
    out = []
    for tok in filter(None, (t.strip() for t in text.split(","))):
        n, sep, rest = tok.partition("x")
        if sep and n.isdigit():
            if int(n) > MOST_UNITS:
                raise ValueError(f"{tok!r}: {int(n)} units; at most {MOST_UNITS} a side even "
                                 "beyond the rules")
            out.extend([parse_fighter(rest)] * int(n))
        else:
            out.append(parse_fighter(tok))
    return out


def add_odds_arguments(parser: Any) -> None:
    """Arguments of `rules-explorer odds ginormopod`."""
    parser.add_argument("--attacker", required=True, help="units, e.g. '2xAnt,Spider/r'")
    parser.add_argument("--defender", required=True, help="units, e.g. 'Infantry,Tank,Guard'")
    parser.add_argument("--attacker-side", default="Swarm", choices=["Swarm", "Human"])
    parser.add_argument("--fort", type=int, default=0, help="Fort strength (Human side)")
    parser.add_argument("--attacker-fx", default="", help="FX used by the attacker")
    parser.add_argument("--defender-fx", default="", help="FX used by the defender")
    parser.add_argument("--barrage", action="store_true", help="a Fort Barrage")
    parser.add_argument("--hits", action="store_true", help="print the hit distribution instead")
    parser.add_argument("--beyond-rules", action="store_true",
                        help="allow a Combat the game cannot have (over the stacking limit, a "
                             "stronger Fort ...) as a what-if")


def odds_from_args(args: Any):
    """The odds table for parsed CLI arguments."""
    odds = battle_odds(parse_units(args.attacker), parse_units(args.defender),
                       attacker_side=args.attacker_side, fort_strength=args.fort,
                       attacker_fx=args.attacker_fx, defender_fx=args.defender_fx,
                       barrage=args.barrage,
                       allow_beyond_rules=getattr(args, "beyond_rules", False))
    return odds.hits() if args.hits else odds.summary()


def fighter_spec(unit: Any) -> str:
    """A counter on the map as an odds-input token: 'Ant', 'Ant/r', 'Guard', 'Guard/blank'."""
    if unit.type == "Guard":
        return "Guard" if unit.armed else "Guard/blank"
    return f"{unit.type}/r" if unit.reduced else unit.type


def odds_from_selection(state: Any, loc: Any, piece: Any = None) -> dict[str, Any]:
    """The what-if for the fight in a selected City: the Swarm there against the Humans and Fort.

    Unrevealed Guards enter as what they really are (the analyst sees both sides' counters).
    """
    city = str(loc)
    swarm = [fighter_spec(u) for u in state.at(city, "Swarm")]
    humans = [fighter_spec(u) for u in state.at(city, "Human")]
    fort = state.fort_boxes(city)
    if not swarm or not (humans or fort):
        raise ValueError(f"no fight in {city}: it needs Swarm units and Human units or an "
                         f"undestroyed Fort")
    return {"attacker": ",".join(swarm), "defender": ",".join(humans), "attacker_side": "Swarm",
            "fort": fort}

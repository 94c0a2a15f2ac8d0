"""Exact battle odds against a Cosmic Monster, from the same dice definitions the battle rolls.

* Androgeus: P(kill) for an attacking force, with the Superhero cap (at most 4 dice vs. him, a
  Single Combat Champion's dice included) and the card's kill condition (``androgeus.kill_condition``).
* Arachne Solara: the distribution of kills scored against her, which is the VP gained (Tangled in
  the Web), and of the kills and routs she rolls back.

Only what the game can have is answered: a force of one empire (Elder Races may join it), no more
of a piece than the game has counters, a Monster with card text, no more dice than Superhero lets
roll. ``allow_beyond_rules=True`` (command line ``--beyond-rules``) answers what-ifs beyond that,
up to ``MAX_WHAT_IF_DICE`` dice, where exact odds still take seconds.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from rules_lib.core.dice import Dist

from . import androgeus, monsters
from .battle import battle_dice
from .data import GodsWarData, default_data

MAX_WHAT_IF_DICE = 200  # exact odds of more dice on one side take minutes
BEYOND = "allow_beyond_rules=True (--beyond-rules) for a what-if beyond the rules"


# -- what a battle can hold ------------------------------------------------------------------------

def force_problem(data: GodsWarData, kinds: Sequence[str], allow_beyond_rules: bool = False
                  ) -> str | None:
    """Why a force cannot attack as given (None if it can): no piece, an unknown piece, pieces
    of two empires, more of a piece than the game has, or (even beyond the rules) too many dice."""
    if isinstance(kinds, str) or not isinstance(kinds, Sequence) or not kinds:
        return f"an attacking force is a list of one or more pieces, not {kinds!r}"
    known = [*data.unit_types, *data.elder_races]
    unknown = [k for k in kinds if not isinstance(k, str) or k not in known]
    if unknown:
        return f"unknown piece {unknown[0]!r}; pieces: {', '.join(known)}"
    if not allow_beyond_rules:
        empires = sorted({data.unit_types[k].empire for k in kinds if k in data.unit_types})
        if len(empires) > 1:
            return (f"one empire attacks, with any Elder Races as allies; this force has pieces "
                    f"of {' and '.join(empires)} ({BEYOND})")
        for kind, n in Counter(kinds).items():
            limit = monsters.unit_type(data, kind).count
            if n > limit:
                return f"{n} {kind} in one force: the game has {limit} ({BEYOND})"
    dice = sum(monsters.unit_type(data, k).combat for k in kinds) * data.get(
        "battle.procedure.dice_per_combat")
    if dice > MAX_WHAT_IF_DICE:
        return (f"the force rolls {dice} dice; exact odds are computed for at most "
                f"{MAX_WHAT_IF_DICE}")
    return None


def check_force(data: GodsWarData, kinds: Sequence[str], allow_beyond_rules: bool = False) -> None:
    """Raise ValueError naming what a force the game cannot have breaks."""
    problem = force_problem(data, kinds, allow_beyond_rules)
    if problem is not None:
        raise ValueError(f"gods_war odds: {problem}")


def check_monster(data: GodsWarData, monster: str) -> None:
    """Raise ValueError unless the Monster has card text to fight with."""
    card = data.cards.get(monster) if isinstance(monster, str) else None
    if card is None or card.combat is None:
        playable = [n for n, c in data.cards.items() if c.combat is not None]
        raise ValueError(f"no odds for {monster!r}: known Cosmic Monsters with card text are "
                         f"{' and '.join(playable)}")


def largest_force_combat(data: GodsWarData) -> int:
    """The Combat of the biggest force the game has: every counter of one empire, with every
    Elder Race as allies."""
    allies = sum(u.combat * u.count for u in data.elder_races.values())
    return allies + max(sum(data.unit_types[u].combat * data.unit_types[u].count
                            for u in e.units) for e in data.empires.values())


def check_combat(data: GodsWarData, combat: int, allow_beyond_rules: bool = False) -> None:
    """Raise ValueError unless a force of this Combat can exist (or, beyond the rules, be
    computed)."""
    per = data.get("battle.procedure.dice_per_combat")
    if isinstance(combat, bool) or not isinstance(combat, int) or combat < 1:
        raise ValueError(f"gods_war odds: attacking Combat is a whole number of 1 or more, not "
                         f"{combat!r}")
    most = largest_force_combat(data)
    if combat > most and not allow_beyond_rules:
        raise ValueError(f"gods_war odds: Combat {combat} is more than any force of the game has "
                         f"(at most {most}: every counter of one empire with the Elder Races; "
                         f"{BEYOND})")
    if combat * per > MAX_WHAT_IF_DICE:
        raise ValueError(f"gods_war odds: Combat {combat} rolls {combat * per} dice; exact odds "
                         f"are computed for at most {MAX_WHAT_IF_DICE}")


def attack_dice(data: GodsWarData, kinds: Sequence[str], monster: str) -> int:
    """Dice the attacking pieces roll against the monster (the Superhero cap for Androgeus)."""
    per = data.get("battle.procedure.dice_per_combat")
    wanted = sum(monsters.unit_type(data, k).combat for k in kinds) * per
    if monster == androgeus.NAME:
        capped, _ = androgeus.superhero_cap(data, [wanted], False)
        return sum(capped)
    return wanted


def monster_dice(data: GodsWarData, monster: str) -> int:
    """Dice the monster rolls (its card's Combat)."""
    return data.cards[monster].combat * data.get("battle.procedure.dice_per_combat")


def androgeus_kill_probability(kinds: Sequence[str], data: GodsWarData | None = None,
                                allow_beyond_rules: bool = False) -> Fraction:
    """Exact P(Androgeus dies in one battle) for these attacking piece kinds."""
    data = data or default_data()
    check_force(data, kinds, allow_beyond_rules)
    hero = any(monsters.is_hero_or_greater_god(data, k) for k in kinds)
    return androgeus_kill_probability_dice(attack_dice(data, kinds, androgeus.NAME), hero, data)


def androgeus_kill_probability_dice(n_dice: int, hero_present: bool,
                                    data: GodsWarData | None = None,
                                    allow_beyond_rules: bool = False) -> Fraction:
    """Exact P(kill) when the attacker rolls n_dice (already capped) vs. Androgeus' card Combat."""
    data = data or default_data()
    check_monster(data, androgeus.NAME)
    cap = data.cards[androgeus.NAME].ability("Superhero").params["max_dice"]
    most = MAX_WHAT_IF_DICE if allow_beyond_rules else cap
    if isinstance(n_dice, bool) or not isinstance(n_dice, int) or not 0 <= n_dice <= most:
        why = (f"exact odds are computed for at most {MAX_WHAT_IF_DICE}" if allow_beyond_rules
               else f"Superhero lets at most {cap} dice be rolled against him ({BEYOND})")
        raise ValueError(f"gods_war odds: {n_dice!r} dice against Androgeus; {why}")
    mine = battle_dice(data, n_dice).dist()
    his = battle_dice(data, monster_dice(data, androgeus.NAME)).dist()
    joint = mine.combine(his, lambda a, b: androgeus.kill_condition(data, hero_present, a[0], b[0]))
    return joint.p(True)


def androgeus_table(max_combat: int = 10, data: GodsWarData | None = None,
                    allow_beyond_rules: bool = False):
    """P(kill Androgeus) by attacking Combat, with and without a hero/greater god (DataFrame)."""
    import pandas as pd  # imported when a table is asked for: importing the game stays light

    data = data or default_data()
    check_monster(data, androgeus.NAME)
    check_combat(data, max_combat, allow_beyond_rules)
    cap = data.cards[androgeus.NAME].ability("Superhero").params["max_dice"]
    rows = []
    for combat in range(1, max_combat + 1):
        n = min(combat * data.get("battle.procedure.dice_per_combat"), cap)
        for hero in (True, False):
            p = androgeus_kill_probability_dice(n, hero, data)
            rows.append({"attacking_combat": combat, "dice_rolled": n, "hero_or_greater_god": hero,
                         "p_kill": float(p), "exact": str(p)})
    return pd.DataFrame(rows)


def arachne_vp_distribution(kinds_or_combat: Sequence[str] | int,
                            data: GodsWarData | None = None,
                            allow_beyond_rules: bool = False) -> Dist:
    """Distribution of kills scored against Arachne Solara = VP gained (Tangled in the Web)."""
    data = data or default_data()
    check_monster(data, "Arachne Solara")
    if isinstance(kinds_or_combat, int) and not isinstance(kinds_or_combat, bool):
        check_combat(data, kinds_or_combat, allow_beyond_rules)
        n = kinds_or_combat * data.get("battle.procedure.dice_per_combat")
    else:
        check_force(data, kinds_or_combat, allow_beyond_rules)
        n = attack_dice(data, kinds_or_combat, "Arachne Solara")
    per = data.cards["Arachne Solara"].ability("Tangled in the Web").params["vp_per_kill"]
    return battle_dice(data, n).kills().map(lambda k: k * per)


def arachne_table(kinds_or_combat: Sequence[str] | int, data: GodsWarData | None = None,
                  allow_beyond_rules: bool = False):
    """VP gained against Arachne Solara: outcome, probability, exact (DataFrame)."""
    return arachne_vp_distribution(kinds_or_combat, data, allow_beyond_rules).to_frame("vp_gained")


def monster_return_fire(monster: str, data: GodsWarData | None = None):
    """(kills, routs) the monster rolls back, exactly (DataFrame)."""
    data = data or default_data()
    check_monster(data, monster)
    d = battle_dice(data, monster_dice(data, monster)).dist()
    return d.to_frame("kills_routs")


def combat_odds(attackers: Sequence[str] = ("Storm King", "Storm Warrior"),
                monster: str = "Androgeus", data: GodsWarData | None = None,
                allow_beyond_rules: bool = False):
    """The registry's odds entry point: one DataFrame per question, for a monster target."""
    import pandas as pd  # imported when a table is asked for: importing the game stays light

    data = data or default_data()
    check_monster(data, monster)
    check_force(data, attackers, allow_beyond_rules)
    if monster == androgeus.NAME:
        p = androgeus_kill_probability(attackers, data, allow_beyond_rules)
        return pd.DataFrame([{"attackers": ", ".join(attackers),
                              "dice_rolled": attack_dice(data, attackers, monster),
                              "hero_or_greater_god": any(monsters.is_hero_or_greater_god(data, k)
                                                         for k in attackers),
                              "p_kill_androgeus": float(p), "exact": str(p)}])
    return arachne_table(list(attackers), data, allow_beyond_rules)


def add_arguments(parser) -> None:
    """The command line's odds options (``rules-explorer odds gods_war``)."""
    parser.add_argument("--monster", default="Androgeus", choices=["Androgeus", "Arachne Solara"])
    parser.add_argument("--attackers", nargs="+", default=["Storm King", "Storm Warrior"],
                        help="the attacking pieces of one empire (Elder Races may join)")
    parser.add_argument("--beyond-rules", action="store_true",
                        help="answer a what-if the game cannot have (pieces of two empires, more "
                             "counters than the game has, more dice than Superhero allows)")


def from_args(args):
    """The odds table the command line asks for."""
    return combat_odds(args.attackers, args.monster,
                       allow_beyond_rules=getattr(args, "beyond_rules", False))

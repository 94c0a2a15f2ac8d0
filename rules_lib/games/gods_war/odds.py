"""Exact battle odds against a Cosmic Monster, from the same dice definitions the battle rolls.

* Androgeus: P(kill) for an attacking force, with the Superhero cap (at most 4 dice vs. him, a
  Single Combat Champion's dice included) and the card's kill condition (``androgeus.kill_condition``).
* Arachne Solara: the distribution of kills scored against her, which is the VP gained (Tangled in
  the Web), and of the kills and routs she rolls back.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules_lib.core.dice import Dist

from . import androgeus, monsters
from .battle import battle_dice
from .data import GodsWarData, default_data


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


def androgeus_kill_probability(kinds: Sequence[str], data: GodsWarData | None = None) -> Fraction:
    """Exact P(Androgeus dies in one battle) for these attacking piece kinds."""
    data = data or default_data()
    hero = any(monsters.is_hero_or_greater_god(data, k) for k in kinds)
    return androgeus_kill_probability_dice(attack_dice(data, kinds, androgeus.NAME), hero, data)


def androgeus_kill_probability_dice(n_dice: int, hero_present: bool,
                                    data: GodsWarData | None = None) -> Fraction:
    """Exact P(kill) when the attacker rolls n_dice (already capped) vs. Androgeus' card Combat."""
    data = data or default_data()
    mine = battle_dice(data, n_dice).dist()
    his = battle_dice(data, monster_dice(data, androgeus.NAME)).dist()
    joint = mine.combine(his, lambda a, b: androgeus.kill_condition(data, hero_present, a[0], b[0]))
    return joint.p(True)


def androgeus_table(max_combat: int = 10, data: GodsWarData | None = None):
    """P(kill Androgeus) by attacking Combat, with and without a hero/greater god (DataFrame)."""
    import pandas as pd  # imported when a table is asked for: importing the game stays light

    data = data or default_data()
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
                            data: GodsWarData | None = None) -> Dist:
    """Distribution of kills scored against Arachne Solara = VP gained (Tangled in the Web)."""
    data = data or default_data()
    if isinstance(kinds_or_combat, int):
        n = kinds_or_combat * data.get("battle.procedure.dice_per_combat")
    else:
        n = attack_dice(data, kinds_or_combat, "Arachne Solara")
    per = data.cards["Arachne Solara"].ability("Tangled in the Web").params["vp_per_kill"]
    return battle_dice(data, n).kills().map(lambda k: k * per)


def arachne_table(kinds_or_combat: Sequence[str] | int, data: GodsWarData | None = None):
    """VP gained against Arachne Solara: outcome, probability, exact (DataFrame)."""
    return arachne_vp_distribution(kinds_or_combat, data).to_frame("vp_gained")


def monster_return_fire(monster: str, data: GodsWarData | None = None):
    """(kills, routs) the monster rolls back, exactly (DataFrame)."""
    data = data or default_data()
    d = battle_dice(data, monster_dice(data, monster)).dist()
    return d.to_frame("kills_routs")


def combat_odds(attackers: Sequence[str] = ("Storm King", "Storm Warrior"),
                monster: str = "Androgeus", data: GodsWarData | None = None):
    """The registry's odds entry point: one DataFrame per question, for a monster target."""
    import pandas as pd  # imported when a table is asked for: importing the game stays light

    data = data or default_data()
    if monster not in data.cards or data.cards[monster].combat is None:
        raise ValueError(f"no odds for {monster!r}: known Cosmic Monsters with card text are "
                         "Androgeus and Arachne Solara")
    if monster == androgeus.NAME:
        p = androgeus_kill_probability(attackers, data)
        return pd.DataFrame([{"attackers": ", ".join(attackers),
                              "dice_rolled": attack_dice(data, attackers, monster),
                              "hero_or_greater_god": any(monsters.is_hero_or_greater_god(data, k)
                                                         for k in attackers),
                              "p_kill_androgeus": float(p), "exact": str(p)}])
    return arachne_table(list(attackers), data)


def add_arguments(parser) -> None:
    """The command line's odds options (``rules-explorer odds gods_war``)."""
    parser.add_argument("--monster", default="Androgeus", choices=["Androgeus", "Arachne Solara"])
    parser.add_argument("--attackers", nargs="+", default=["Storm King", "Storm Warrior"])


def from_args(args):
    """The odds table the command line asks for."""
    return combat_odds(args.attackers, args.monster)


def androgeus_figure(table=None):
    """Plotly bar chart of P(kill Androgeus) by attacking Combat (hero present vs. not)."""
    import plotly.graph_objects as go  # imported when a chart is drawn (charts move out of rules_lib)

    table = androgeus_table() if table is None else table
    traces = []
    for hero, name in ((True, "with a hero or greater god"), (False, "without")):
        t = table[table.hero_or_greater_god == hero]
        traces.append(go.Bar(x=t.attacking_combat, y=t.p_kill, name=name))
    return go.Figure(data=traces, layout={"title": "P(kill Androgeus) - at most 4 dice (Superhero)",
                                          "xaxis": {"title": "attacking Combat"},
                                          "yaxis": {"title": "probability", "range": [0, 1]}})


def arachne_figure(kinds_or_combat: Sequence[str] | int = 6, data: GodsWarData | None = None):
    """Plotly bar chart of the VP gained against Arachne Solara."""
    import plotly.graph_objects as go  # imported when a chart is drawn (charts move out of rules_lib)

    t = arachne_table(kinds_or_combat, data)
    return go.Figure(data=[go.Bar(x=t.vp_gained, y=t.probability, name="VP")],
                     layout={"title": "Tangled in the Web: VP gained (= kills scored)",
                             "xaxis": {"title": "VP"}, "yaxis": {"title": "probability"}})

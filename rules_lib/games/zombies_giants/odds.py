"""Exact fight odds (an absorbing Markov chain) and movement-reach probabilities.

A fight is a chain over (health in half hearts, reserve hearts, HP left, each bullet spender's
bullets still spendable);
each combat check moves it by the distribution of the rollers' combined result, using the same dice
definitions and the same pure rules (``fight.apply_roll``, ``fight.dies_instantly``,
``fight.wants_bullets``, ``sizes.hit_result``) as the game's fight procedure. It ends won (with the
hearts left) or lost. Bullets: at most one per Survivor per combat (with the ZGC-AMB-19 variant,
one per Survivor after every failed roll), spent after the roll under a stated policy
(``when_it_kills`` by default: the game's recommended choice), first by the fighter, then by the
others in the game's order.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.dice import Dist
from rules_lib.core.markov import solve_absorbing

from . import fight, sizes
from .data import ZData, default_data

WON, LOST = "won", "lost"


@dataclass(frozen=True)
class FightSpec:
    """What the chain needs: the rollers, damage per failure, bullet rules, the policy."""

    sizes_rolling: tuple[str, ...]
    weapons: int
    per_hit: int
    auto_reserve: bool
    bonus: int
    policy: str
    per_check: bool = False  # ZGC-AMB-19 variant: the bullets are each spender's stock (a tuple)


def combined_roll(data: ZData, rollers: Sequence[str], weapons: int = 0) -> Dist:
    """Distribution of one combat check: every roller's dice added, plus weapons."""
    total = Dist.point(weapons)
    for size in rollers:
        total = total + sizes.combat_dice(data, size).dist()
    return total


def _transition(data: ZData, spec: FightSpec) -> Callable[[tuple], Dist]:
    roll = combined_roll(data, spec.sizes_rolling, spec.weapons)
    lowest = min(roll.outcomes)
    items = roll.items()

    def step(state: tuple) -> Dist:
        # bullets: how many Survivors may still add one (the default: one each per combat), or
        # with the variant each spender's stock (one each per check while it lasts)
        halves, reserve, hp, bullets = state
        available = sum(1 for b in bullets if b > 0) if spec.per_check else bullets
        out: dict[tuple, Fraction] = {}
        for total, p in items:
            k = fight.wants_bullets(spec.policy, total, hp, available, spec.bonus)
            after = _spend(bullets, k) if spec.per_check else bullets - k
            kept = sum(after) if spec.per_check else after
            left = fight.apply_roll(hp, total + k * spec.bonus)
            if left is None:
                nxt: tuple = (WON, halves, reserve, kept)
            else:
                h2, r2 = sizes.hit_result(halves, reserve, spec.per_hit, spec.auto_reserve)
                if h2 == 0:
                    nxt = (LOST, 0, r2, kept)
                elif fight.dies_instantly(left, lowest):
                    nxt = (WON, h2, r2, kept)
                else:
                    nxt = (h2, r2, left, after)
            out[nxt] = out.get(nxt, 0) + p
        return Dist(out)

    return step


def _spend(stocks: tuple[int, ...], k: int) -> tuple[int, ...]:
    """The first ``k`` spenders still holding a bullet spend one each (the fighter first)."""
    out = list(stocks)
    for i, b in enumerate(out):
        if k == 0:
            break
        if b > 0:
            out[i], k = b - 1, k - 1
    return tuple(out)


def _is_absorbing(state: tuple) -> bool:
    return state[0] in (WON, LOST)


@dataclass(frozen=True)
class FightOdds:
    """A solved fight: end states (won/lost, half hearts, reserve, bullets left)."""

    ends: Any  # Dist (exact) or FloatDist (fast)
    start_bullets: int

    @property
    def p_win(self):
        return self.ends.prob(lambda e: e[0] == WON)

    def hearts_left(self):
        """Distribution of health hearts left (0 when the fight is lost; halves show as .5)."""
        return self._marginal(lambda e: Fraction(e[1], 2) if e[0] == WON else Fraction(0))

    def bullets_spent(self):
        """Distribution of bullets spent."""
        return self._marginal(lambda e: self.start_bullets - e[3])

    def _marginal(self, f):
        if isinstance(self.ends, Dist):
            return self.ends.map(f)
        out: dict = {}
        for e, p in self.ends.items():
            out[f(e)] = out.get(f(e), 0.0) + p
        return out


def fight_odds(
    size: str = "Normal",
    hearts: int = 3,
    bullets: int = 0,
    zombies: int = 1,
    *,
    reserve: int = 0,
    half_hearts: int = 0,
    armour: bool = False,
    helpers: Sequence[str] = (),
    helper_bullets: int = 0,
    carried_bullets: int = 0,
    weapons: int = 0,
    zombie_damage: int = 0,
    bullet_policy: str = "when_it_kills",
    size_ray: bool = False,
    bullet_every_failed_roll: bool = False,
    spender_bullets: Sequence[int] = (),
    mode: str = "exact",
    data: ZData | None = None,
) -> FightOdds:
    """Exact odds of a fight to the end for a Survivor against 1 or 2 zombies.

    ``bullets`` is the Survivor's own stock: it can spend one of them (if its size may use
    bullets, or it wields a Size-Ray); ``helper_bullets`` / ``carried_bullets`` count helpers and
    carried Survivors who each may add one. ``helpers`` are sizes of Survivors next to the fight
    who roll and add. ``half_hearts`` adds a flipped (half) counter.

    ``bullet_every_failed_roll``: the ZGC-AMB-19 variant, where each Survivor may add a bullet to
    every failed roll while it has any, so whole stocks count. ``spender_bullets`` lists the
    stocks of further spenders (helpers or carried Survivors, in the game's order); without the
    variant every spender adds one bullet at most.
    """
    data = data or default_data()
    st = sizes.stats(data, size)
    if zombies < 1:
        raise ValueError("a fight needs at least one zombie")
    if hearts < 1 and not half_hearts:
        raise ValueError("a Survivor with no hearts cannot fight")
    per_hit = (
        1 if (st.half_damage or (armour and data.crafting["body_armour"]["halves_damage"])) else 2
    )
    if any(b < 0 for b in spender_bullets) or min(bullets, helper_bullets, carried_bullets) < 0:
        raise ValueError("bullet counts cannot be negative")
    own = bullets if bullets > 0 and (st.can_use_bullets or size_ray) else 0
    stocks = (own,) + (1,) * (helper_bullets + carried_bullets) + tuple(spender_bullets)
    stocks = tuple(b for b in stocks if b > 0)
    spec = FightSpec(
        (size, *helpers),
        weapons,
        per_hit,
        data.rules["game"]["reserve_auto_use"],
        data.rules["combat"]["bullet_bonus"],
        bullet_policy,
        bullet_every_failed_roll,
    )
    hp = fight.encounter_hp(data, zombies, zombie_damage)
    # one bullet per Survivor per combat (the default): only how many may still add one matters
    bullets_state = stocks if bullet_every_failed_roll else len(stocks)
    start = (2 * hearts + half_hearts, reserve, hp, bullets_state)
    return FightOdds(_solved(data, spec, start, mode), sum(stocks) if bullet_every_failed_roll
                     else len(stocks))


_SOLVED: dict[tuple, Any] = {}


def _solved(data: ZData, spec: FightSpec, start: tuple, mode: str):
    key = (id(data), spec, start, mode)
    hit = _SOLVED.get(key)
    if hit is None or hit[0] is not data:
        if len(_SOLVED) > 20000:
            _SOLVED.clear()
        ends = solve_absorbing(start, _transition(data, spec), _is_absorbing, mode=mode)
        hit = _SOLVED[key] = (data, ends)
    return hit[1]


def odds_grid(
    sizes_: Sequence[str] = ("Normal", "Big", "Huge"),
    hearts: Sequence[int] = range(1, 13),
    bullets: Sequence[int] = range(6),
    zombies: Sequence[int] = (1, 2),
    bullet_policy: str = "when_it_kills",
    mode: str = "exact",
    data: ZData | None = None,
):
    """P(win), expected hearts left and bullets spent per size x hearts x bullets x zombies."""
    import pandas as pd

    rows = []
    for size, h, b, z in itertools.product(sizes_, hearts, bullets, zombies):
        o = fight_odds(size, h, b, z, bullet_policy=bullet_policy, mode=mode, data=data)
        rows.append(
            {
                "size": size,
                "hearts": h,
                "bullets": b,
                "zombies": z,
                "p_win": float(o.p_win),
                "hearts_left_mean": float(_mean(o.hearts_left())),
                "bullets_spent_mean": float(_mean(o.bullets_spent())),
            }
        )
    return pd.DataFrame(rows)


def _mean(d) -> float:
    if isinstance(d, Dist):
        return d.mean()
    return sum(k * p for k, p in d.items())


def combat_odds(size: str = "Normal", hearts: int = 3, bullets: int = 3, zombies: int = 1, **kw):
    """Registry entry: the distribution of hearts left (0 = lost) and bullets spent, as a table."""
    import pandas as pd

    o = fight_odds(size, hearts, bullets, zombies, **kw)
    rows = []
    for (result, halves, reserve, left), p in o.ends.items():
        rows.append(
            {
                "result": result,
                "hearts_left": halves / 2 if result == WON else 0.0,
                "reserve_left": reserve,
                "bullets_spent": o.start_bullets - left,
                "probability": float(p),
                "exact": str(p),
            }
        )
    return pd.DataFrame(rows).sort_values(["result", "hearts_left"]).reset_index(drop=True)


# -- movement reach as probabilities --------------------------------------------------------


def reach_grid(state, name: str, data: ZData | None = None):
    """Reach probabilities as a DataFrame (x, y, probability) for a heat map."""
    import pandas as pd

    from .movement import movement_reach

    probs = movement_reach(state, name, data)
    return pd.DataFrame(
        [{"x": x, "y": y, "probability": float(p)} for (x, y), p in sorted(probs.items())]
    )


def reach_figure(state, name: str, data: ZData | None = None):
    """A Plotly heat map of where the Survivor can end its move this turn."""
    import plotly.graph_objects as go

    df = reach_grid(state, name, data)
    w, h = (
        (data or default_data()).town["grid"]["width"] * 3,
        (data or default_data()).town["grid"]["height"] * 3,
    )
    z = [[None] * w for _ in range(h)]
    for row in df.itertuples():
        z[row.y][row.x] = row.probability
    fig = go.Figure(
        go.Heatmap(z=z, zmin=0, zmax=1, colorscale="Viridis", colorbar={"title": "P(reach)"})
    )
    fig.update_layout(
        title=f"{name}: chance to reach each square this turn", yaxis={"scaleanchor": "x"}
    )
    return fig

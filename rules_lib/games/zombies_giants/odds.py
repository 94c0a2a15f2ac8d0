"""Exact fight odds (an absorbing Markov chain) and movement-reach probabilities.

A fight is a chain over (health in half hearts, reserve hearts, HP left, each bullet spender's
bullets still spendable);
each combat check moves it by the distribution of the rollers' combined result, using the same dice
definitions and the same pure rules (``fight.beats``, ``fight.after_failed_check``,
``fight.dies_instantly``, ``fight.spend_plan``, ``sizes.hit_result``) as the game's fight
procedure. It ends won (with the hearts left) or lost. Bullets: at most one per Survivor per combat
(with the ZGC-AMB-19 variant, one per Survivor after every failed roll), spent after the roll under
a stated policy (``when_it_kills`` by default: the game's recommended choice), first by the
fighter, then by the others in the game's order. The fight variants (``variants.FIGHT_VARIANTS``)
change the chain exactly as they change the game.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules_lib.core.dice import Dist
from rules_lib.core.markov import solve_absorbing

from . import fight, odds_limits, sizes
from .data import SizeStats, ZData, default_data
from .movement import movement_reach
from .variants import BULLET_EVERY_FAILED_ROLL, FIGHT_VARIANTS

WON, LOST = "won", "lost"
DEFAULT_RULES = fight.FightRules()


@dataclass(frozen=True)
class FightSpec:
    """What the chain needs: the rollers, damage per failure, bullet rules, the policy, readings."""

    sizes_rolling: tuple[str, ...]
    weapons: int
    per_hit: int
    auto_reserve: bool
    bonuses: tuple[int, ...]  # what one bullet adds, per spender in spending order
    policy: str
    per_combat: int
    zombie_hp: int
    rules: fight.FightRules = DEFAULT_RULES


def combined_roll(data: ZData, rollers: Sequence[str], weapons: int = 0,
                  one_die_advantage: bool = False) -> Dist:
    """Distribution of one combat check: every roller's dice added, plus weapons."""
    total = Dist.point(weapons)
    for size in rollers:
        total = total + sizes.combat_dice(data, size, one_die_advantage).dist()
    return total


def _transition(data: ZData, spec: FightSpec) -> Callable[[tuple], Dist]:
    rules = spec.rules
    roll = combined_roll(data, spec.sizes_rolling, spec.weapons, rules.one_die_advantage)
    lowest = min(roll.outcomes)
    items = roll.items()
    per_check = rules.per_check

    def step(state: tuple) -> Dist:
        # bullets: each spender's bullets still spendable in this combat (the default), or with
        # the ZGC-AMB-19 variant each spender's stock, of which a set number per check
        halves, reserve, hp, left = state
        caps = tuple(min(b, spec.per_combat) for b in left) if per_check else left
        out: dict[tuple, Fraction] = {}
        for total, p in items:
            plan = fight.spend_plan(spec.policy, total, hp, caps, spec.bonuses, rules.strict)
            k = sum(plan)
            after = tuple(b - x for b, x in zip(left, plan)) if k else left
            kept = sum(after)
            checked = total + sum(x * b for x, b in zip(plan, spec.bonuses))
            if fight.beats(checked, hp, rules.strict):
                nxt: tuple = (WON, halves, reserve, kept)
            else:
                lowered = fight.after_failed_check(hp, checked, k, rules, spec.zombie_hp)
                h2, r2 = sizes.hit_result(halves, reserve, spec.per_hit, spec.auto_reserve)
                if h2 == 0:
                    nxt = (LOST, 0, r2, kept)
                elif fight.dies_instantly(lowered, lowest, rules.strict):
                    nxt = (WON, h2, r2, kept)
                else:
                    nxt = (h2, r2, lowered, after)
            out[nxt] = out.get(nxt, 0) + p
        return Dist(out)

    return step


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


def start_counters(size: str, variants: Iterable[str] = (), data: ZData | None = None
                   ) -> tuple[int, int]:
    """(hearts, half hearts) a size starts with under the chosen reading of ZGC-AMB-01: pass them
    to ``fight_odds`` (``hearts=h, half_hearts=x``) to ask how a fresh Survivor fares."""
    data = data or default_data()
    halves = sizes.start_halves(data, size, sizes.hearts_reading(set(variants)))
    return halves // 2, halves % 2


def fight_odds(
    size: str = "Normal",
    hearts: int | None = 3,
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
    variants: Iterable[str] = (),
    mode: str = "exact",
    data: ZData | None = None,
    allow_beyond_rules: bool = False,
) -> FightOdds:
    """Exact odds of a fight to the end for a Survivor against 1 or 2 zombies.

    ``hearts=None`` starts the Survivor with its size's Game Start hearts under the reading of
    ZGC-AMB-01 the ``variants`` pick (``size_section_hearts``, ``start_hearts_are_halves``).
    ``bullets`` is the Survivor's own stock: it can spend one of them (if its size may use
    bullets, or it wields a Size-Ray); ``helper_bullets`` / ``carried_bullets`` count helpers and
    carried Survivors who each may add one. ``helpers`` are sizes of Survivors next to the fight
    who roll and add. ``half_hearts`` adds a flipped (half) counter.

    ``variants``: the game's variant names that change a fight (``variants.FIGHT_VARIANTS``):
    Advantage as one die (ZGC-AMB-06), a check must exceed the target (ZGC-AMB-07), only low rolls
    lower it (ZGC-AMB-08), Giants never spend bullets (ZGC-AMB-10), a bullet after every failed
    roll (ZGC-AMB-19; also ``bullet_every_failed_roll=True``), the starting hearts (ZGC-AMB-01).
    ``spender_bullets`` lists the stocks of further spenders (helpers or carried Survivors, in the
    game's order); without the ZGC-AMB-19 variant every spender adds one bullet at most.

    A fight the game cannot have (more zombies than share a square, more hearts than the size
    holds, ...: ``odds_limits``) is refused naming the limit, unless ``allow_beyond_rules``.
    """
    data = data or default_data()
    chosen = set(variants)
    unknown = chosen - set(FIGHT_VARIANTS)
    if unknown:
        raise ValueError(f"fight odds: unknown variant(s) {', '.join(sorted(unknown))}; "
                         f"those that change a fight: {', '.join(FIGHT_VARIANTS)}")
    if bullet_every_failed_roll:
        chosen.add(BULLET_EVERY_FAILED_ROLL)
    rules = fight.FightRules.of(chosen)
    st = sizes.stats(data, size)
    if hearts is None:
        hearts, extra = start_counters(size, chosen, data)
        half_hearts += extra
    _check_question(data, size, hearts, half_hearts, zombies, chosen, allow_beyond_rules,
                    reserve=reserve, armour=armour, helpers=tuple(helpers),
                    helper_bullets=helper_bullets, carried_bullets=carried_bullets,
                    spender_bullets=tuple(spender_bullets), bullets=bullets, weapons=weapons,
                    zombie_damage=zombie_damage, mode=mode)
    halved = st.half_damage or (armour and data.crafting["body_armour"]["halves_damage"])
    per_hit = sizes.hit_halves(data, halved)
    per_combat = data.rules["combat"]["bullets_per_combat"]
    pairs = _spenders(data, st, rules, bullets, size_ray,
                      [1] * (helper_bullets + carried_bullets) + list(spender_bullets))
    # the default: each spender may add up to bullets_per_combat in the whole combat
    stocks = tuple(b if rules.per_check else min(b, per_combat) for b, _ in pairs)
    spec = FightSpec(
        (size, *helpers),
        weapons,
        per_hit,
        data.rules["game"]["reserve_auto_use"],
        tuple(bonus for _, bonus in pairs),
        bullet_policy,
        per_combat,
        data.zombie_hp,
        rules,
    )
    if bullet_policy not in ("when_it_kills", "always", "never"):
        raise ValueError(f"unknown bullet policy {bullet_policy!r}; known: when_it_kills, always, "
                         "never")
    hp = fight.encounter_hp(data, zombies, zombie_damage)
    start = (2 * hearts + half_hearts, reserve, hp, stocks)
    return FightOdds(_solved(data, spec, start, mode), sum(stocks))


def _check_question(data: ZData, size: str, hearts: int, half_hearts: int, zombies: int,
                    variants: Iterable[str], allow_beyond_rules: bool, *, reserve: int,
                    armour: bool, helpers: tuple[str, ...], helper_bullets: int,
                    carried_bullets: int, spender_bullets: tuple[int, ...], bullets: int,
                    weapons: int, zombie_damage: int, mode: str) -> None:
    """Refuse a question the chain cannot answer, or (unless allowed) the game cannot have."""
    for helper in helpers:
        sizes.stats(data, helper)  # an unknown size is named
    if mode not in ("exact", "fast"):
        raise ValueError(f"fight odds: unknown mode {mode!r}; modes: exact, fast")
    counts = {"hearts": hearts, "half_hearts": half_hearts, "zombies": zombies,
              "reserve": reserve, "bullets": [bullets, *spender_bullets],
              "helper_bullets": helper_bullets, "carried_bullets": carried_bullets,
              "weapons": weapons, "zombie_damage": zombie_damage, "helpers": len(helpers)}
    odds_limits.refuse(odds_limits.unsound(data, caps=False, **counts), beyond=False)
    if zombies < 1:
        raise ValueError("a fight needs at least one zombie")
    if hearts < 1 and not half_hearts:
        raise ValueError("a Survivor with no hearts cannot fight")
    if half_hearts > 1:
        raise ValueError(f"half_hearts = {half_hearts}: a flipped counter is half a heart (0 or 1; "
                         "count whole hearts in hearts)")
    if not allow_beyond_rules:
        question = odds_limits.Question(
            size, 2 * hearts + half_hearts, reserve, zombies, zombie_damage, bullets, helpers,
            helper_bullets, carried_bullets, spender_bullets, weapons, armour,
            sizes.hearts_reading(set(variants)))
        odds_limits.refuse(odds_limits.beyond_rules(data, question), beyond=True)
    odds_limits.refuse(odds_limits.unsound(data, caps=True, **counts), beyond=False)


def _spenders(data: ZData, st: SizeStats, rules: fight.FightRules, bullets: int,
              size_ray: bool, others: Sequence[int]) -> list[tuple[int, int]]:
    """(bullets, what one adds) for each spender with bullets, in the game's order: the fighter
    (if its size may use bullets, or it wields a Size-Ray), then the others (a Normal's +2)."""
    combat = data.rules["combat"]
    own_uses = st.can_use_bullets or (size_ray and not rules.giants_never)
    own = bullets if bullets > 0 and own_uses else 0
    own_bonus = (combat["bullet_bonus"] if st.can_use_bullets
                 else data.crafting["size_ray"]["bullet_bonus"])
    pairs = [(own, own_bonus)] + [(b, combat["bullet_bonus"]) for b in others]
    return [(b, bonus) for b, bonus in pairs if b > 0]


def _solved(data: ZData, spec: FightSpec, start: tuple, mode: str):
    """The chain solved from ``start``, once per question and data (``ZData.solved_fights``)."""
    key = (spec, start, mode)
    ends = data.solved_fights.get(key)
    if ends is None:
        if len(data.solved_fights) > 20000:
            data.solved_fights.clear()
        ends = data.solved_fights[key] = solve_absorbing(
            start, _transition(data, spec), _is_absorbing, mode=mode)
    return ends


def odds_grid(
    sizes_: Sequence[str] = ("Normal", "Big", "Huge"),
    hearts: Sequence[int] = range(1, 13),
    bullets: Sequence[int] = range(6),
    zombies: Sequence[int] = (1, 2),
    bullet_policy: str = "when_it_kills",
    mode: str = "exact",
    data: ZData | None = None,
    variants: Iterable[str] = (),
    allow_beyond_rules: bool = True,
):
    """P(win), expected hearts left and bullets spent per size x hearts x bullets x zombies.

    A grid is a what-if table: by default it covers what the rules cannot have too (a Normal with
    12 hearts), each row saying whether the game can have it (``within_rules``); with
    ``allow_beyond_rules=False`` those rows are left out."""
    import pandas as pd  # on first use: importing the game stays light (as core.data does)

    variants = tuple(variants)
    reading = sizes.hearts_reading(set(variants))
    rows = []
    for size, h, b, z in itertools.product(sizes_, hearts, bullets, zombies):
        question = odds_limits.Question(size, 2 * h, 0, z, 0, b, (), 0, 0, (), 0, False, reading)
        within = not odds_limits.beyond_rules(data or default_data(), question)
        if not (within or allow_beyond_rules):
            continue
        o = fight_odds(size, h, b, z, bullet_policy=bullet_policy, mode=mode, data=data,
                       variants=variants, allow_beyond_rules=True)
        rows.append(
            {
                "size": size,
                "hearts": h,
                "bullets": b,
                "zombies": z,
                "p_win": float(o.p_win),
                "hearts_left_mean": float(_mean(o.hearts_left())),
                "bullets_spent_mean": float(_mean(o.bullets_spent())),
                "within_rules": within,
            }
        )
    return pd.DataFrame(rows)


def _mean(d) -> float:
    if isinstance(d, Dist):
        return d.mean()
    return sum(k * p for k, p in d.items())


def combat_odds(size: str = "Normal", hearts: int = 3, bullets: int = 3, zombies: int = 1, **kw):
    """Registry entry: the distribution of hearts left (0 = lost) and bullets spent, as a table."""
    import pandas as pd  # on first use: importing the game stays light

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
    import pandas as pd  # on first use: importing the game stays light

    probs = movement_reach(state, name, data)
    return pd.DataFrame(
        [{"x": x, "y": y, "probability": float(p)} for (x, y), p in sorted(probs.items())]
    )

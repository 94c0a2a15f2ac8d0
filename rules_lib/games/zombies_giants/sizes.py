"""Survivor sizes: hearts, half damage, reserve limits, dice per size, changing size."""

from __future__ import annotations

from rules_lib.core.dice import DiceDefinition, KeepHighest, SumDice
from rules_lib.core.words import count

from .data import SizeStats, ZData
from .state import Survivor
from .variants import SIZE_SECTION_HEARTS, START_HEARTS_ARE_HALVES

__all__ = ["SIZE_SECTION_HEARTS", "START_HEARTS_ARE_HALVES"]  # the ZGC-AMB-01 variants, re-exported


def hearts_text(halves: int) -> str:
    """Health in hearts as the log writes it: '1 heart', '2.5 hearts', '0.5 hearts'."""
    return count(halves / 2, "heart")


def stats(data: ZData, size: str) -> SizeStats:
    """The stats of a size; a clear error for an unknown one."""
    try:
        return data.sizes[size]
    except KeyError:
        raise ValueError(
            f"unknown Survivor size {size!r}; sizes: {', '.join(data.sizes)}"
        ) from None


def start_hearts(data: ZData, size: str, size_section: bool = False) -> int:
    """Starting hearts: Game Start's 3/8/12 by default, the size sections' 3/4/5 as a variant."""
    s = stats(data, size)
    return s.start_hearts_size_section if size_section else s.start_hearts


def hearts_reading(variants) -> str:
    """Which reading of ZGC-AMB-01 a set of variant names picks: game_start | size_section | halves."""
    if SIZE_SECTION_HEARTS in variants:
        return "size_section"
    if START_HEARTS_ARE_HALVES in variants:
        return "halves"
    return "game_start"


def start_halves(data: ZData, size: str, reading: str = "game_start") -> int:
    """Starting health in half hearts under a reading of ZGC-AMB-01.

    ``game_start``: Game Start's hearts are whole counters (Big 8, Huge 12: 16 and 24 halves);
    ``size_section``: the size sections' 4 and 5 counters; ``halves``: Game Start's numbers count
    the half-heart sides a half-damage figure loses one at a time (Big 8, Huge 12 halves).
    """
    s = stats(data, size)
    if reading == "halves" and s.half_damage:
        return s.start_hearts
    return 2 * start_hearts(data, size, reading == "size_section")


def base_max(data: ZData, size: str, reading: str | bool = "game_start") -> int:
    """Max health hearts for a size, armour not counted (Normal 3; Giants: their start hearts)."""
    if isinstance(reading, bool):  # the size_section flag of older callers
        reading = "size_section" if reading else "game_start"
    s = stats(data, size)
    if s.max_health is not None:
        return s.max_health
    return -(-start_halves(data, size, reading) // 2)


def armour_extra(data: ZData, surv: Survivor) -> int:
    """Extra max hearts from worn Body Armour that fits the wearer (Giants double: table)."""
    arm = surv.armour
    if arm is None or arm.size != surv.size:
        return 0
    table = data.crafting["body_armour"]["extra_hearts"]
    parts = min(arm.parts, data.crafting["body_armour"]["max_parts"])
    row = table.get(parts)
    if row is None:
        return 0
    return row[1] if stats(data, surv.size).is_giant else row[0]


def max_hearts(data: ZData, surv: Survivor) -> int:
    """Max health hearts now: size + armour."""
    return surv.base_max + armour_extra(data, surv)


def max_reserve(data: ZData, surv: Survivor) -> int | None:
    """Reserve limit (Normal 2; Giants unlimited = None)."""
    return stats(data, surv.size).max_reserve


def half_damage(data: ZData, surv: Survivor) -> bool:
    """Giants take half damage; so does a Survivor in fitting Body Armour (not stacking)."""
    if stats(data, surv.size).half_damage:
        return True
    arm = surv.armour
    return (
        arm is not None and arm.size == surv.size and data.crafting["body_armour"]["halves_damage"]
    )


def halves_per_hit(data: ZData, surv: Survivor) -> int:
    """Half hearts one failed roll costs: its hearts (1: 'only lose 1 heart per failure'), halved
    to a flipped counter side for Giants and armour wearers."""
    return hit_halves(data, half_damage(data, surv))


def hit_halves(data: ZData, halved: bool) -> int:
    """Half hearts per failed roll, given whether damage is halved (shared with the odds)."""
    whole = 2 * data.rules["combat"]["hits_per_failure"]
    return max(1, whole // 2) if halved else whole


def add_reserve(data: ZData, surv: Survivor, n: int) -> int:
    """Add reserve hearts within the size's limit; returns how many were kept."""
    cap = max_reserve(data, surv)
    room = n if cap is None else max(0, min(n, cap - surv.reserve))
    surv.reserve += room
    return room


def heal(data: ZData, surv: Survivor, hearts: int) -> tuple[int, int]:
    """Heal up to max health; the rest becomes reserve. Returns (healed, reserved)."""
    room = max(0, 2 * max_hearts(data, surv) - surv.halves)
    gain = min(2 * hearts, room)
    surv.halves += gain
    left_hearts = (2 * hearts - gain) // 2
    kept = add_reserve(data, surv, left_hearts)
    return gain, kept


def hit_result(halves: int, reserve: int, per_hit: int, auto_reserve: bool) -> tuple[int, int]:
    """Health and reserve after one failed roll (shared with the odds calculator)."""
    halves = max(0, halves - per_hit)
    if halves == 0 and auto_reserve and reserve > 0:
        return 2, reserve - 1
    return halves, reserve


def take_hit(data: ZData, surv: Survivor, auto_reserve: bool = True) -> str:
    """One failed roll's damage; a reserve heart steps in when the last heart goes (assumed)."""
    before = surv.reserve
    surv.halves, surv.reserve = hit_result(
        surv.halves, surv.reserve, halves_per_hit(data, surv), auto_reserve
    )
    return " (a reserve heart steps in)" if surv.reserve < before else ""


def change_size(data: ZData, surv: Survivor, new: str, reading: str | bool = "game_start"
                ) -> tuple[int, float]:
    """Become another size: the new size's max health; health above it becomes reserve within the
    size's limit (assumed). Returns (hearts moved to reserve, hearts lost): a flipped counter
    above the new maximum is half a heart lost, since reserve hearts are whole counters."""
    stats(data, new)
    surv.size = new
    surv.base_max = base_max(data, new, reading)
    cap = 2 * max_hearts(data, surv)
    moved = 0
    lost: float = 0
    if surv.halves > cap:
        above = surv.halves - cap  # in halves
        surv.halves = cap
        moved = add_reserve(data, surv, above // 2)
        lost = above / 2 - moved
    cap_r = max_reserve(data, surv)
    if cap_r is not None and surv.reserve > cap_r:
        lost += surv.reserve - cap_r
        surv.reserve = cap_r
    return moved, lost


def movement_dice(data: ZData, size: str) -> SumDice:
    """d6 / 2d6 / 3d6."""
    return SumDice(stats(data, size).movement_dice)


def combat_dice(data: ZData, size: str, one_die_advantage: bool = False) -> DiceDefinition:
    """d6 / d6 with Advantage (2d6 keep the higher, ZGC-AMB-06) / 2d6.

    ``one_die_advantage``: the variant reading of Advantage as a single die."""
    s = stats(data, size)
    if s.combat_keep == "highest":
        return KeepHighest(1 if one_die_advantage else s.combat_dice)
    return SumDice(s.combat_dice)


def uses_bullets(data: ZData, surv: Survivor, giants_never: bool = False) -> bool:
    """Normal Survivors use bullets; Giants only through a Size-Ray (ZGC-AMB-10), or never with
    the variant ``giants_never_spend_bullets``."""
    if stats(data, surv.size).can_use_bullets:
        return True
    return surv.size_ray is not None and not giants_never


def bullet_bonus(data: ZData, surv: Survivor) -> int:
    """What one bullet adds: a Normal's +2 (Normal), a Giant's through its Size-Ray (Size Ray)."""
    if stats(data, surv.size).can_use_bullets:
        return data.rules["combat"]["bullet_bonus"]
    return data.crafting["size_ray"]["bullet_bonus"]

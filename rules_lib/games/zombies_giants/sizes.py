"""Survivor sizes: hearts, half damage, reserve limits, dice per size, changing size."""

from __future__ import annotations

from rules_lib.core.dice import DiceDefinition, KeepHighest, SumDice

from .data import SizeStats, ZData
from .state import Survivor

#: Variant names (ZGC-AMB-01).
SIZE_SECTION_HEARTS = "size_section_hearts"


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


def base_max(data: ZData, size: str, size_section: bool = False) -> int:
    """Max health hearts for a size, armour not counted (Normal 3; Giants: their start hearts)."""
    s = stats(data, size)
    return s.max_health if s.max_health is not None else start_hearts(data, size, size_section)


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
    """Half hearts one failed roll costs: 1 (flip a counter) when halved, else 2 (a heart)."""
    return 1 if half_damage(data, surv) else 2


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


def change_size(data: ZData, surv: Survivor, new: str, size_section: bool = False) -> None:
    """Become another size: the new size's max health; health above it becomes reserve (assumed)."""
    stats(data, new)
    surv.size = new
    surv.base_max = base_max(data, new, size_section)
    cap = 2 * max_hearts(data, surv)
    if surv.halves > cap:
        extra = (surv.halves - cap) // 2
        surv.halves = cap
        add_reserve(data, surv, extra)
    cap_r = max_reserve(data, surv)
    if cap_r is not None and surv.reserve > cap_r:
        surv.reserve = cap_r


def movement_dice(data: ZData, size: str) -> SumDice:
    """d6 / 2d6 / 3d6."""
    return SumDice(stats(data, size).movement_dice)


def combat_dice(data: ZData, size: str) -> DiceDefinition:
    """d6 / d6 with Advantage (2d6 keep the higher, ZGC-AMB-06) / 2d6."""
    s = stats(data, size)
    if s.combat_keep == "highest":
        return KeepHighest(s.combat_dice)
    return SumDice(s.combat_dice)


def uses_bullets(data: ZData, surv: Survivor) -> bool:
    """Normal Survivors use bullets; Giants only through a Size-Ray (ZGC-AMB-10)."""
    return stats(data, surv.size).can_use_bullets or surv.size_ray is not None

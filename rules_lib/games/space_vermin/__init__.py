"""Space Vermin From Beyond! (rulebook 002_7b0e0cb0284ead64.txt), part 1.

The maps, terrain, Line-of-Sight, counters, and the Marines' side (actions §I, combat §J, phases
§H, §K, §L).

Modules: ``data`` (YAML -> typed tables), ``board`` (Mapzones Alpha and Beta as HexBoards, terrain
rules, the hex numbering scheme), ``los`` (§J-1 Line-of-Sight), ``state`` (plain-data state),
``counters`` (the counter mix as units), ``dice`` (the dice definitions), ``combat`` (§F, §J),
``movement`` (Marine reach, §I-1), ``actions`` (the Marine Action Phase and its actions, §H-§L
phases), ``odds`` (exact odds tables).

The Vermite programmed opponent, the scenarios and victory (part 2) build on these; no ``ENTRY`` is
registered until a whole game runs to a result.
"""

from __future__ import annotations

from rules_lib.core.engine import Variant

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "jump_scatter_rerolls",
        "A Scattered jump that lands on a unit rolls a new random hex like a Malfunction.",
        rule="Space Vermin §I-1-c (SV-AMB-05)",
        default_reading="the Malfunction landing rules are applied at the scatter hex and the "
        "Marine is Disrupted; no new random hex",
    ),
    Variant(
        "rally_only_next_to_vermites",
        "Rally only helps Disrupted units that are adjacent to a Vermite (§C-2-c wording).",
        rule="Space Vermin §I-4-b / §C-2-c (SV-AMB-13)",
        default_reading="every Disrupted unit adjacent to the rallying unit, or the rallying "
        "unit itself, may roll",
    ),
)

__all__ = ["VARIANTS"]

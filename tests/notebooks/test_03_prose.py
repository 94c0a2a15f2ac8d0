"""Notebook 03 (Zombies!!! Giants-Club) says what the rulebook and the game's data say.

* Every section the prose cites ("§ Heading") is a heading of the house-rules text.
* Every number in the prose is accounted for: it is a fact checked here against the game's data
  (or a rule constant), or it is one of a few kinds of number that are not rule facts (the
  notebook's own section numbers, square coordinates, the faces a demonstration forces, the
  ranges an odds study draws). A new number in the prose fails until it is checked here.
* Every rule variant is named in the prose, next to its ambiguity ID where it has one, so the
  reading the project chose is labelled where it is taught.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat
import pytest

from rules_lib.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "03_zombies_giants_club.ipynb"
RULEBOOK_NAME = "004_835b3af48231c83b.txt"
GAME = get_game("zombies_giants")
D = GAME.data()
NORMAL, BIG, HUGE = (D.sizes[s] for s in ("Normal", "Big", "Huge"))
RULES, CRAFT = D.rules, D.crafting
COMBAT = RULES["combat"]
HP = D.zombie_hp
RAY, POT, ARM = CRAFT["size_ray"], CRAFT["potion_kit"], CRAFT["body_armour"]


def rulebook_path() -> Path | None:
    """The rulebook beside the repository (shared/ is a sibling of the clone, or of its parent)."""
    for base in (ROOT.parent, ROOT.parent.parent, Path("/work")):
        path = base / "shared" / "rulebooks" / RULEBOOK_NAME
        if path.exists():
            return path
    return None


def prose() -> str:
    """The markdown cells' text, whitespace collapsed, code spans kept."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    text = "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    return re.sub(r"\s+", " ", text)


def dice(n: int) -> str:
    return "d6" if n == 1 else f"{n}d6"


PROSE = prose()

# -- the facts: a pattern of the prose and what its groups must be (read from the data) ----------
Fact = tuple[str, Callable[[], tuple[Any, ...]]]
N_CARDS = sum(c.count for c in D.cards.values())
FACTS: list[Fact] = [
    # what is not in the text
    (r"invented set of (\d+) tiles", lambda: (len(D.tiles),)),
    (r"stand-in deck of (\d+) cards", lambda: (N_CARDS,)),
    (r"a zombie's HP\*\* — (\d+), read from \"# x (\d+)\"", lambda: (HP, HP)),
    (r"after (\d+) rounds as \"out of time\"", lambda: (RULES["game"]["max_turns"],)),
    (r"a pool of (\d+)", lambda: (D.files["zombies"].tree["pool"],)),
    # section 1: the sizes
    (r"It starts with (\d+) heart counters and may keep up to (\d+) more in reserve \((\d+) at most\)",
     lambda: (NORMAL.start_hearts, NORMAL.max_reserve, NORMAL.start_hearts + NORMAL.max_reserve)),
    (r"reads that as (\d+) health plus (\d+) reserve", lambda: (NORMAL.max_health, NORMAL.max_reserve)),
    (r"It moves (\w+) squares a turn, but never fewer squares than its hearts",
     lambda: (dice(NORMAL.movement_dice),)),
    (r"with (\d+) bullets and may carry any number", lambda: (NORMAL.start_bullets,)),
    (r"A bullet adds \+(\d+) to a combat roll", lambda: (COMBAT["bullet_bonus"],)),
    (r"an attack from (\d+) square away", lambda: (NORMAL.snipe_range,)),
    (r"The section says it starts with (\d+) hearts \(§ Game Start says (\d+):",
     lambda: (BIG.start_hearts_size_section, BIG.start_hearts)),
    (r"It moves (\w+) squares a turn and rolls a d6 with \*\*Advantage\*\*",
     lambda: (dice(BIG.movement_dice),)),
    (r"the project rolls (\d+)d6 and keeps the higher die", lambda: (BIG.combat_dice,)),
    (r"\*\*Reach (\d+)\*\*: it attacks zombies and grabs things (\d+) square away",
     lambda: (BIG.reach, BIG.reach)),
    (r"the project says (\d+), `sizes.yaml` `sizes.Big.carry_capacity`", lambda: (BIG.carry_capacity,)),
    (r"doorway costs it (\d+) squares of movement and each move inside a building (\d+)\.",
     lambda: (BIG.doorway_cost, BIG.building_move_cost)),
    (r"The section says it starts with (\d+) hearts \(§ Game Start: (\d+);",
     lambda: (HUGE.start_hearts_size_section, HUGE.start_hearts)),
    (r"\*\*Reach (\d+)\*\*, but reaches only (\d+) square past a doorway",
     lambda: (HUGE.reach, HUGE.reach_past_door)),
    (r"rolls (\w+) in every combat and moves (\w+) squares a turn",
     lambda: (dice(HUGE.combat_dice), dice(HUGE.movement_dice))),
    # demolition
    (r"against it — (\d+) or more destroys it", lambda: (COMBAT["demolish_target"],)),
    (r"rolls the Huge Giant's own (\w+) with no bonus", lambda: (dice(HUGE.combat_dice),)),
    (r"That it costs (\d+) square of movement", lambda: (COMBAT["demolish_cost"],)),
    (r"one check demolishes: (\w+) showing (\d+) or more",
     lambda: (dice(HUGE.combat_dice), COMBAT["demolish_target"])),
    # section 2: set-up
    (r"Everyone draws (\d+) event cards", lambda: (RULES["game"]["start_cards"],)),
    ((r"Normal (\d+) hearts and (\d+) bullets, Big (\d+) hearts and (\d+) bullets, "
      r"Huge (\d+) hearts and (\d+) bullets"), lambda: (NORMAL.start_hearts, NORMAL.start_bullets, BIG.start_hearts,
                                    BIG.start_bullets, HUGE.start_hearts, HUGE.start_bullets)),
    (r"The size sections say Big (\d+) and Huge (\d+); § Game Start says Big (\d+) and Huge (\d+)",
     lambda: (BIG.start_hearts_size_section, HUGE.start_hearts_size_section, BIG.start_hearts,
              HUGE.start_hearts)),
    (r"so Big (\d+) counters are (\d+) halves", lambda: (BIG.start_hearts_size_section,
                                                         BIG.start_hearts)),
    # section 3, Step 3
    (r"Roll your movement dice \((\w+) Normal, (\w+) Big, (\w+) Huge\)",
     lambda: tuple(dice(s.movement_dice) for s in (NORMAL, BIG, HUGE))),
    (r"A street square costs (\d+)", lambda: (RULES["movement"]["square_cost"],)),
    (r"beaten by a check of (\d+)", lambda: (HP,)),
    (r"takes its total off the HP, (\d+) per zombie", lambda: (HP,)),
    (r"A Normal with (\d+) hearts and no bullets", lambda: (NORMAL.start_hearts,)),
    (r"it still moves (\d+): its hearts", lambda: (NORMAL.start_hearts,)),
    (r"the target down to (\d+), and since no d6 can roll under 1", lambda: (HP - 2 - 1,)),
    (r"the same first roll of 2 needs only a bullet's \+(\d+)", lambda: (HP - 2,)),
    (r"a Normal with (\d+) hearts against one zombie", lambda: (NORMAL.start_hearts,)),
    (r"A Normal with (\d+) hearts reaches every square a walk of (\d+) squares",
     lambda: (NORMAL.start_hearts, NORMAL.start_hearts)),
    (r"farther squares need a roll of (\d+), (\d+) or (\d+)",
     lambda: tuple(range(NORMAL.start_hearts + 1, 7))),
    (r"(\d+) through the door, (\d+) inside, (\d+) on the street",
     lambda: (BIG.doorway_cost, BIG.building_move_cost, RULES["movement"]["square_cost"])),
    # Step 4
    (r"as in section 1: (\d+)d6, keep the higher", lambda: (RULES["zombie_turn"]["advantage_dice"],)),
    (r"how many zombies move (\d+) square each", lambda: (RULES["zombie_turn"]["squares_per_zombie"],)),
    (r"At most (\d+) zombies may share", lambda: (COMBAT["max_zombies_per_square"],)),
    (r"two zombies together must be beaten by (\d+)", lambda: (2 * HP,)),
    # section 4
    (r"costs (\d+) square of movement; so does grabbing resources or picking up",
     lambda: (COMBAT["reach_attack_cost"],)),
    (r"pays (\d+) more square to move into the square next to it, (\d+) if",
     lambda: (RULES["reach_moves"]["big_inside_move_in_cost"],
              RULES["reach_moves"]["big_inside_door_move_in_cost"])),
    (r"a Huge Giant only (\d+) square through a door", lambda: (HUGE.reach_past_door,)),
    (r"attack a zombie (\d+) square away, with the bullet's \+(\d+)",
     lambda: (NORMAL.snipe_range, COMBAT["snipe_bonus"])),
    (r"misses \(a forced 1, \+(\d+) from the bullet = (\d+)\)",
     lambda: (COMBAT["snipe_bonus"], 1 + COMBAT["snipe_bonus"])),
    (r"HP is down to (\d+)\.", lambda: (HP - 1 - COMBAT["snipe_bonus"],)),
    # section 5
    (r"for Snipe and \+(\d+) or to recharge it", lambda: (RAY["bullet_bonus"],)),
    (r"it keeps (\d+) hearts \(its reserve limit\)", lambda: (NORMAL.max_reserve,)),
    # section 6
    (r"Big: (\d+) Normal, assumed", lambda: (BIG.carry_capacity,)),
    (r"within its Reach; each costs (\d+) square of movement",
     lambda: (RULES["carrying"]["pick_up_cost"],)),
    # section 8
    (r"the target is # × (\d+)", lambda: (HP,)),
    (r"against one zombie \((\d+) to beat\) and against two \((\d+)\)", lambda: (HP, 2 * HP)),
    # section 9
    (r"charges (\d+) square of movement for the crawl", lambda: (RULES["vent_cost"],)),
    # section 10
    (r"must kill (\d+) zombies to survive instead\. The (\d+)-kill win",
     lambda: (RULES["win"]["kills_to_survive"],) * 2),
    (r"has (\d+) kills and reaches for one more", lambda: (RULES["win"]["kills_to_survive"] - 1,)),
    # section 11
    (r"\*\*Size-Ray\*\* \(§ Size Ray\)\. (\d+) or more parts", lambda: (RAY["min_parts"],)),
    (r"It comes with (\d+) free charges", lambda: (RAY["max_charges"][RAY["min_parts"]],)),
    (r"raises the maximum by one, up to (\d+)", lambda: (max(RAY["max_charges"].values()),)),
    (r"Snipe and \+(\d+) on its next combat roll, with a Snipe range of (\d+) plus its Reach",
     lambda: (RAY["bullet_bonus"], RAY["snipe_range_plus_reach"])),
    (r"The table's (\d+)-part row", lambda: (RAY["min_parts"],)),
    (r"\(§ Size Potions\)\. (\d+) or more parts", lambda: (POT["min_parts"],)),
    (r"The kit comes with (\d+) free potion \(the table says (\d+):",
     lambda: (POT["free_potions"], POT["free_potions_table"])),
    (r"each further potion costs (\d+) reserve hearts", lambda: (POT["recipe"][POT["min_parts"]][0],)),
    (r"heals (\d+) hearts, the rest going to reserve \(the table says (\d+):",
     lambda: (POT["heal"], POT["heal_table"])),
    (r"\(§ Craft Body Armour\)\. (\d+) parts", lambda: (ARM["min_parts"],)),
    # the checklist
    (r"Counters: Normal (\d+) hearts \+ (\d+) bullets; Big (\d+) hearts; Huge (\d+) hearts",
     lambda: (NORMAL.start_hearts, NORMAL.start_bullets, BIG.start_hearts, HUGE.start_hearts)),
    (r"roll (\w+) / (\w+) / (\w+) \(Normal: at least your hearts\)",
     lambda: tuple(dice(s.movement_dice) for s in (NORMAL, BIG, HUGE))),
    (r"door (\d+), inside (\d+); Huge: no buildings",
     lambda: (BIG.doorway_cost, BIG.building_move_cost)),
    (r"reach or snipe \((\d+)\), grab \((\d+)\), pick up or set down \((\d+)\)",
     lambda: (COMBAT["reach_attack_cost"], RULES["grab_cost"], RULES["carrying"]["pick_up_cost"])),
    (r"beat (\d+) per zombie", lambda: (HP,)),
    (r"one bullet per fight for \+(\d+)", lambda: (COMBAT["bullet_bonus"],)),
    (r"step (\d+) square toward you \(at most (\d+) per square\)",
     lambda: (RULES["zombie_turn"]["squares_per_zombie"], COMBAT["max_zombies_per_square"])),
    (r"survives by killing (\d+) zombies", lambda: (RULES["win"]["kills_to_survive"],)),
]

# -- numbers that are not rule facts: what they are -------------------------------------------
NOT_FACTS = [
    r"\bZGC-[A-Z]+-\d+\b",  # catalogue IDs
    r"`[^`]*`",  # code: variant names, data paths, file names
    r"§ Step \d: [A-Z][\w/ ]+",  # a cited section's own number
    r"\bStep \d\b",  # the five steps by number
    r"\b[Ss]ections? \d+\b",  # this notebook's sections
    r"#+ \d+\.",  # this notebook's section headings
    r"(?:^|\s)\d\. (?:\[ \] )?\*\*",  # numbered lists (the five steps, the checklist)
    r"(?:^|\s)\d\. (?=[A-Z])",  # numbered set-up list
    r"\b\d+,\d+\b",  # square coordinates of a demonstration
    r"squares 9-11 x 9-11",
    r"forced to \d+(?: \+ \d+| and \d+(?:, then \d+ and \d+)?)?",  # faces a demonstration forces
    r"checks to \d+ and \d+",
    r"fell short \(\d+, then \d+\)",
    r"the same first roll of \d+",
    r"checks forced: Advantage \d+ and \d+",
    r"Advantage \d+ and \d+ for the Giant, a \d+ for the Normal",
    r"a forced 1,",
    r"since no d6 can roll under 1",  # a die's lowest face
    r"(?:rolls|and) a d6\b",  # the die itself
    r"square with \d+ heart counters and \d+ bullets",  # the tokens laid for a demonstration
    r"in round 1\b",  # the round a demonstration shows
    r"\b95% Wilson intervals",  # the playtest library's interval
    r"\d+ to \d+ hearts and \d+ to \d+ bullets",  # the ranges an odds study draws
    r"\b05_designer_playtesting\b",
]


def _covered(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with the given spans blanked out."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


@pytest.mark.parametrize("pattern,expected", FACTS, ids=[p[:40] for p, _ in FACTS])
def test_every_number_stated_matches_the_data(pattern, expected):
    found = list(re.finditer(pattern, PROSE))
    assert found, f"the notebook no longer says {pattern!r}: update the fact or the prose"
    want = tuple(str(v) for v in expected())
    for m in found:
        assert m.groups() == want, (f"the notebook says {m.group(0)!r}; the data says "
                                    f"{want} ({pattern!r})")


def test_no_number_in_the_prose_goes_unchecked():
    spans = [m.span() for p, _ in FACTS for m in re.finditer(p, PROSE)]
    spans += [m.span() for p in NOT_FACTS for m in re.finditer(p, PROSE)]
    rest = _covered(PROSE, spans)
    loose = [rest[max(0, m.start() - 50):m.end() + 20].strip()
             for m in re.finditer(r"\d+", rest)]
    assert not loose, "numbers the prose states that no fact checks:\n" + "\n".join(loose)


def test_the_halves_reading_fits_big_and_not_huge():
    """The prose: 'Big 4 counters are 8 halves — that fits Big, not Huge'."""
    assert 2 * BIG.start_hearts_size_section == BIG.start_hearts
    assert 2 * HUGE.start_hearts_size_section != HUGE.start_hearts
    assert "that fits Big, not Huge" in PROSE


def rulebook_headings() -> list[str]:
    path = rulebook_path()
    if path is None:
        pytest.skip(f"the rulebook {RULEBOOK_NAME} is not beside the repository (shared/rulebooks)")
    out = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        line = line.strip()
        if line and len(line) < 40 and "•" not in line and "|" not in line:
            out.append(line)
    return out


def test_the_rulebook_headings_are_read():
    headings = rulebook_headings()
    for name in ("Normal", "Big", "Huge", "Game Start", "Turn Flow", "Step 3: Move/Fight",
                 "Win Conditions", "Craft Body Armour"):
        assert name in headings


def test_every_cited_section_is_a_heading_of_the_rulebook():
    headings = sorted(rulebook_headings(), key=len, reverse=True)
    cited = []
    for m in re.finditer(r"§ ", PROSE):
        after = PROSE[m.end():]
        match = next((h for h in headings
                      if re.match(re.escape(h) + r"(?=[);,.:]|\s+says\b|\s*$)", after)), None)
        assert match, f"§ cites no heading of the rulebook: {PROSE[m.start():m.start() + 50]!r}"
        cited.append(match)
    missing = set(headings) - set(cited)
    assert not missing, f"the lesson never cites these parts of the text: {sorted(missing)}"


def test_every_variant_is_named_next_to_its_ambiguity():
    for v in GAME.variants:
        places = [m.start() for m in re.finditer(re.escape(f"`{v.name}`"), PROSE)]
        assert places, f"the notebook never names the variant {v.name} ({v.rule})"
        amb = [i for i in v.ids if "-AMB-" in i]
        if amb:
            near = any(any(a in PROSE[max(0, p - 300):p + 300] for a in amb) for p in places)
            assert near, f"variant {v.name} is not named next to {', '.join(amb)}"


def test_the_checklist_comes_before_the_studies():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    cells = [c.source for c in nb.cells if c.cell_type == "markdown"]
    checklist = next(i for i, c in enumerate(cells) if c.startswith("## How to play"))
    studies = next(i for i, c in enumerate(cells) if "# After the lesson" in c)
    assert checklist < studies

"""The prose of notebooks/02_space_vermin.ipynb stays true to the rulebook and to the game (issue 22).

* The notebook is what ``tools/make_notebook_02.py`` writes from the game's data today: the numbers
  the generator reads from ``GAME.data()`` cannot go stale.
* Every section the prose cites exists in the rulebook's numbering (read from the rulebook text),
  and the lesson cites every section of it: it teaches the whole game.
* Every catalogue ID, rule variant and data path the prose names exists; the data paths it calls
  assumed are assumed in the data files.
* Every number the prose states is checked against the data or rule constant it describes
  (``CLAIMS``); a number no claim covers must be a hex label, a catalogue ID or one of the few
  listed in ``NOT_RULE_NUMBERS`` (with why it is not a rule number).
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
import yaml

from rules_lib.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "02_space_vermin.ipynb"
GENERATOR = ROOT / "tools" / "make_notebook_02.py"
RULEBOOK_FILE = "002_7b0e0cb0284ead64.txt"

GAME = get_game("space_vermin")
D = GAME.data()
T = D.tables
SC = D.sources["scenarios"].tree
FJ, GM, CA = SC["family_jewels"], SC["great_migration"], SC["campaign"]
ALPHA, BETA = D.maps["alpha"], D.maps["beta"]
M, V = D.marines, D.vermites
DAMAGE = {r["result"]: r["hits"] for r in T["damage"]["standard"]}
MF = T["marine_fire"]


# -- the sources ---------------------------------------------------------------------------------


def _shared(*parts: str) -> Path | None:
    """A file of the project's shared folder (rulebooks, catalogue): $RULES_EXPLORER_SHARED, or a
    ``shared`` folder beside the checkout or above it."""
    env = os.environ.get("RULES_EXPLORER_SHARED")
    bases = ([Path(env)] if env else []) + [p / "shared" for p in ROOT.parents]
    for base in bases:
        path = base.joinpath(*parts)
        if path.is_file():
            return path
    return None


@cache
def rulebook_text() -> str:
    path = _shared("rulebooks", RULEBOOK_FILE)
    if path is None:
        pytest.skip(f"rulebook text {RULEBOOK_FILE} not found (set RULES_EXPLORER_SHARED)")
    return path.read_text(encoding="utf-8")


@cache
def catalogue_ids() -> frozenset[str]:
    path = _shared("rules_catalogue.yaml")
    if path is None:
        pytest.skip("rules_catalogue.yaml not found (set RULES_EXPLORER_SHARED)")
    game = yaml.safe_load(path.read_text(encoding="utf-8"))["games"]["space_vermin"]
    return frozenset(item["id"] for key in ("rules", "examples", "map_facts", "component_facts",
                                            "ambiguities")
                     for item in game.get(key, []))


@cache
def notebook() -> dict:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


@cache
def prose() -> str:
    """Every markdown cell, whitespace collapsed (lines wrap anywhere in the source)."""
    cells = ["".join(c["source"]) for c in notebook()["cells"] if c["cell_type"] == "markdown"]
    return re.sub(r"\s+", " ", "\n\n".join(cells))


@cache
def generator():
    sys.path.insert(0, str(GENERATOR.parent))
    try:
        spec = importlib.util.spec_from_file_location("make_notebook_02", GENERATOR)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(GENERATOR.parent))
    return module


# -- the rulebook's numbering --------------------------------------------------------------------


def rulebook_sections(text: str) -> frozenset[str]:
    """Section IDs as the lesson cites them ("C", "C-2", "C-2-a", "C-2-a-1", "P-3-q").

    Letters and numbers are headings of the body; a numbered line is a second-level section only
    when the Table of Contents lists it (the body also numbers example steps). Inside a lettered
    part of §C the numbered lines are its steps (§C-2-a-1 … 4)."""
    toc, body = text.split("A. Introduction", 2)[1:]
    listed = {line.strip().lstrip("•").strip() for line in toc.splitlines()}
    out: set[str] = set()
    top = sub = letter = None
    for raw in ("A. Introduction" + body).splitlines():
        line = raw.strip()
        if m := re.match(r"^([A-Q])\. \S", line):
            top, sub, letter = m[1], None, None
            out.add(top)
        elif (m := re.match(r"^(\d+)\. \S", line)) and top:
            if line in listed:
                sub, letter = m[1], None
                out.add(f"{top}-{sub}")
            elif top == "C" and sub and letter:
                out.add(f"{top}-{sub}-{letter}-{m[1]}")
        elif (m := re.match(r"^([a-z])\. \S", line)) and top and sub:
            letter = m[1]
            out.add(f"{top}-{sub}-{letter}")
    return frozenset(out)


SECTION = re.compile(r"§([A-Q](?:-\d+(?:-[a-z](?:-\d+)?)?)?)")


def test_the_rulebook_numbering_is_read_right():
    sections = rulebook_sections(rulebook_text())
    for known in ("A", "B-1-e", "C-2-a", "C-2-a-4", "C-2-f", "E-1-c", "E-1-e", "E-3", "F-2",
                  "I-1-c", "I-4-c", "I-5-b", "J-5-c", "J-7", "P-1-g", "P-2-m", "P-3-q", "Q-1-d",
                  "Q-2-g", "Q-3"):
        assert known in sections, known
    for unknown in ("F-3", "E-4", "C-2-g", "Q-4", "J-8"):  # §F-1 cites a "Section F-3" (SV-AMB-01)
        assert unknown not in sections, unknown


def test_every_section_the_lesson_cites_exists_in_the_rulebook():
    sections = rulebook_sections(rulebook_text())
    cited = set(SECTION.findall(prose()))
    assert cited, "the lesson cites no section"
    assert not cited - sections, f"cited but not in the rulebook: {sorted(cited - sections)}"


def test_the_lesson_teaches_every_section_of_the_rulebook():
    sections = rulebook_sections(rulebook_text())
    cited = set(SECTION.findall(prose()))
    assert not sections - cited, f"never cited: {sorted(sections - cited)}"


def test_the_lesson_follows_the_rulebook_order_of_its_main_sections():
    """The headings of the lesson cite §B, §C-1, §C-2, §C-2-a, §H, §I, §J, §K, §L, §M, §O, §P, §Q in
    the rulebook's order."""
    headings = [re.sub(r"\s+", " ", line) for c in notebook()["cells"] if c["cell_type"] == "markdown"
                for line in "".join(c["source"]).splitlines() if line.startswith("## ")]
    firsts = [SECTION.findall(h)[0] for h in headings if SECTION.findall(h)]
    tops = [s.split("-")[0] for s in firsts]
    assert tops == sorted(tops), f"lesson order {tops} is not the rulebook's"


# -- the notebook is the generator's -------------------------------------------------------------


def test_the_notebook_is_what_its_generator_writes_from_todays_data():
    cells = generator().CELLS
    stored = notebook()["cells"]
    assert len(cells) == len(stored)
    for i, (made, saved) in enumerate(zip(cells, stored)):
        assert made.cell_type == saved["cell_type"], i
        assert made.source == "".join(saved["source"]), (
            f"cell {i} differs from tools/make_notebook_02.py: regenerate the notebook")


def test_only_checked_cells_keep_outputs_and_no_widget_state_is_stored():
    for cell in notebook()["cells"]:
        if cell["cell_type"] == "code" and "# NBVAL_CHECK_OUTPUT" not in "".join(cell["source"]):
            assert not cell["outputs"]
        for out in cell.get("outputs", []):
            assert out["output_type"] == "stream", "only printed text is stored"
    assert "widgets" not in notebook()["metadata"]


# -- names: catalogue IDs, variants, data paths ---------------------------------------------------


def test_every_catalogue_id_named_exists():
    named = set(re.findall(r"\bSV-[A-Z0-9]+-\d+\b", prose()))
    assert named and not named - catalogue_ids(), sorted(named - catalogue_ids())


def test_every_rule_variant_named_exists_and_every_variant_is_taught():
    names = {v.name for v in GAME.variants}
    named = set(re.findall(r"variants? `([a-z_]+)`", prose()))
    assert not named - names, sorted(named - names)
    taught = {n for n in names if f"`{n}`" in prose()}
    assert taught == names, f"variants the lesson never names: {sorted(names - taught)}"


def test_every_ambiguity_with_a_variant_is_named_with_it():
    for v in GAME.variants:
        for amb in v.ids:
            assert amb in prose(), f"{amb} (variant {v.name}) is never cited"


DATA_PATH = re.compile(r"`(counters|chits|scenarios|tables|terrain|alpha|beta):([^`]*)`")


def _expand(source, path: str) -> list[str]:
    """A cited path with placeholders (<type>, <n>, ...) as every concrete path it stands for."""
    parts = re.split(r"\.(?![^\[]*\])", path)
    found = [""]
    for part in parts:
        base, _, rest = part.partition("[")
        nxt = []
        for prefix in found:
            keys = [base]
            if base.startswith("<"):
                node = source.get(prefix) if prefix else source.tree
                keys = list(node) if isinstance(node, dict) else []
            for key in keys:
                head = f"{prefix}.{key}" if prefix else key
                if rest == "<n>]":
                    nxt += [f"{head}[{i}]" for i in range(len(source.get(head)))]
                elif rest:
                    nxt.append(f"{head}[{rest}")
                else:
                    nxt.append(head)
        found = nxt
    return [p for p in found if source.get(p, None) is not None]


def test_every_data_path_named_exists_and_is_assumed():
    cited = DATA_PATH.findall(prose())
    assert cited
    for file, path in cited:
        source = D.sources[file]
        if not path:  # a whole map file
            assert source.provenance_of(()).kind == "assumed", file
            continue
        concrete = _expand(source, path)
        assert concrete, f"{file}:{path} names nothing in the data"
        assumed = [p for p in concrete
                   if getattr(source.provenance_of(p), "kind", "") == "assumed"]
        assert assumed, f"{file}:{path} is called assumed but the data says rulebook"


# -- the numbers ---------------------------------------------------------------------------------

N = r"(\d+)"
ENTRY = ", ".join(BETA.marine_entry_hexes)


def _levels(levels) -> list[int]:
    out = []
    for i, row in enumerate(levels):
        lo = row["at_least"]
        if i == 0:
            out.append(lo)
        elif lo < -100:
            out.append(levels[i - 1]["at_least"])
        else:
            out += [lo, levels[i - 1]["at_least"] - 1]
    return out


def _bands(rows) -> list[int]:
    """1–3, 4–5, 6 as [3, 4, 5, 6]: each band's bounds after the first 1."""
    out, lo = [], 1
    for row in rows:
        out += [lo, row["at_most"]] if lo != row["at_most"] else [lo]
        lo = row["at_most"] + 1
    return out[1:]


def _hordes() -> list[int]:
    out = []
    for row in GM["hordes"]["rows"]:
        out += list(row["rolls"]) + list(row["entry_hexes"])
    return out


N_CHITS = len(D.event_chits)
N_EXTRA = sum(1 for c in D.event_chits if c.effect_kind == "extra_draw")
SQ, HQ = M["squad"].sides["full"], M["hq"].sides["full"]
SO, UM, DR = V["soldier"].full, V["ultra_mite"].full, V["drone"].full
SCI = {k: {r["result"]: r["hits"] for r in T["damage"][k]}
       for k in ("scientist_motorcycle", "scientist_weapon_ready")}
COUNTERS = D.sources["counters"]
NUMBERED = {k: sorted(lab for lab in D.maps[k].cells if lab.isdigit()) for k in ("alpha", "beta")}
BOGS = next(c for c in D.event_chits if c.effect_kind == "bogs_flood")
NAMED = [w for i, w in enumerate(D.secret_weapons)
         if D.sources["chits"].provenance_of(f"secret_weapons[{i}].name").kind == "rulebook"]

# (pattern on the whitespace-collapsed prose, the numbers its groups must be, in order)
CLAIMS: list[tuple[str, Callable[[], list]]] = [
    # §B components
    (rf"holds {N} counters", lambda: [D.total_counters]),
    (rf"\(\*§B-1-a\*\): {N} types", lambda: [len(M)]),
    (rf"\(\*§B-1-d\*\): {N} counters", lambda: [COUNTERS.get("crown_jewels.count")]),
    (rf"\(\*§B-1-e\*\): {N} chits", lambda: [len(D.secret_weapons)]),
    (rf"{N} Vermite Event Chits", lambda: [N_CHITS]),
    (rf"all {N} Event Chits", lambda: [N_CHITS]),
    (rf"Marine Squad's CF {N} and DN {N}", lambda: [SQ.cf, SQ.dn]),
    (rf"the HQ's CF {N} and DN {N}", lambda: [HQ.cf, HQ.dn]),
    (rf"the Soldier's CF {N}, DN {N} and MA {N}", lambda: [SO.cf, SO.dn, SO.ma]),
    (rf"the Ultra-Mite's CF {N} and DN {N}", lambda: [UM.cf, UM.dn]),
    (rf"the Drone's CF {N}", lambda: [DR.cf]),
    (rf"Sister Queens' SN {N} and {N}", lambda: [V["high_queen"].sn, V["sister_queen"].sn]),
    (rf"Squad's MA {N} is `counters:marines.squad.full.ma`", lambda: [SQ.ma]),
    (rf"except the {N} Recovery Vehicles", lambda: [M["recovery_vehicle"].count]),
    (rf"come to {N}\.", lambda: [D.total_counters]),
    (rf"On each, {N} hexes carry a number from {N} to {N}",
     lambda: [len(NUMBERED["alpha"]), int(NUMBERED["alpha"][0]), int(NUMBERED["alpha"][-1])]),
    (rf"three dice read in order as the digits of a hex number\*\* \({N}–{N}\)",
     lambda: [int(NUMBERED["alpha"][0]), int(NUMBERED["alpha"][-1])]),
    # §C-1, §Q-1-a, §Q-1-b
    (rf"Roll a die \({N}–{N}: Nest {N}, {N}–{N}: Nest {N}\) and put the High Queen and {N} Crown Jewel",
     lambda: [1, FJ["high_queen_nest"][0]["at_most"], FJ["high_queen_nest"][0]["nest"],
              FJ["high_queen_nest"][0]["at_most"] + 1, FJ["high_queen_nest"][1]["at_most"],
              FJ["high_queen_nest"][1]["nest"], FJ["high_queen_jewels"]]),
    (rf"Pick {N} of the {N} Nest Tunnel Exit chits",
     lambda: [FJ["tunnel_exits_at_start"], COUNTERS.get("tunnel_exit_chits.count")]),
    (rf"Draw {N} random Vermites into the High Queen's Nest \(her Spawn Number {N} plus {N} for "
     rf"the Jewel\) and {N} into",
     lambda: [V["high_queen"].sn + D.jewel_spawn_bonus * FJ["high_queen_jewels"],
              V["high_queen"].sn, D.jewel_spawn_bonus * FJ["high_queen_jewels"],
              V["sister_queen"].sn]),
    (rf"the {N} other Tunnel Exits",
     lambda: [COUNTERS.get("tunnel_exit_chits.count") - FJ["tunnel_exits_at_start"]]),
    (rf"{N} Crown Jewels in hex {N} and {N} in hex {N}",
     lambda: [FJ["jewels_per_location"], int(ALPHA.crown_jewel_locations[0]),
              FJ["jewels_per_location"], int(ALPHA.crown_jewel_locations[1])]),
    (rf"{N} HQ, {N} Logistics, {N} Special Ops and {N} Marine Squads",
     lambda: [FJ["marines"][k] for k in ("hq", "logistics", "special_ops", "squad")]),
    (rf"{N} of them arrive as automatic reinforcements, without an HQ roll, on Turn {N}, Turn {N}, "
     rf"Turn {N}, all at hex {N}",
     lambda: [len(FJ["recovery_vehicles"]), *FJ["recovery_vehicles"].values(),
              int(ALPHA.marine_entry_hexes[0])]),
    (rf"Convention Center, hex {N}", lambda: [int(ALPHA.landmarks["New Lancaster Convention Center"])]),
    (rf"College Lab \({N}\) and the High School Lab \({N}\)",
     lambda: [int(ALPHA.labs["College Lab"]), int(ALPHA.labs["High School Lab"])]),
    # §C-2
    (rf"lasts {N} or {N} Game Turns", lambda: [N_CHITS - N_EXTRA, N_CHITS - N_EXTRA + 1]),
    (rf"With {N} chits of which {N} draw again, that is {N} or {N} turns",
     lambda: [N_CHITS, N_EXTRA, N_CHITS - N_EXTRA, N_CHITS - N_EXTRA + 1]),
    (rf"is empty \({N} or {N} turns\)", lambda: [N_CHITS - N_EXTRA, N_CHITS - N_EXTRA + 1]),
    (rf"The text names {N} chits", lambda: [sum(
        1 for i in range(N_CHITS)
        if D.sources["chits"].provenance_of(f"event_chits[{i}].name").kind == "rulebook")]),
    (rf"except NAT Plague's blue {N}",
     lambda: [next(c.alpha_blue for c in D.event_chits if c.name == "NAT Plague")]),
    # §E
    (rf"NAT Plague drawn \(blue arrow {N}, north\)",
     lambda: [next(c.alpha_blue for c in D.event_chits if c.name == "NAT Plague")]),
    (rf"into 322 \(Clear, {N} MP\) and 321 \(Bamboo, {N} MP\) — its whole MA of {N}",
     lambda: [D.terrain["clear"].cost, D.terrain["bamboo"].cost, SO.ma]),
    (rf"costs the hex's own terrain \({N} MP for the Bamboo here\)", lambda: [D.terrain["bamboo"].cost]),
    (rf"trail hexes cost {N} MP \(the default reading", lambda: [D.trail_vermite_cost]),
    (rf"break the limit of {N} Vermites in a hex", lambda: [D.vermite_stack_limit]),
    (rf"Nest 1 uses Exits {N}, {N} and {N}; Nest 2 uses Exits {N}, {N} and {N}",
     lambda: sorted(ALPHA.exit_nests, key=lambda n: (ALPHA.exit_nests[n], n))),
    (rf"picks the Jewel up for {N} MP", lambda: [D.jewel_pickup_mp]),
    (rf"CF \+{N}, DN \+{N} \(never above {N}\) and MA \+{N}",
     lambda: [D.jewel_bonus["cf"], D.jewel_bonus["dn"], D.jewel_bonus["max_dn"],
              D.jewel_bonus["ma"]]),
    (rf"Spawn Number of every Queen there by {N}", lambda: [D.jewel_spawn_bonus]),
    (rf"at most {N} Queens, Ultra-Mites and Soldiers may share", lambda: [D.vermite_stack_limit]),
    (rf"at most {N} non-Drones per hex", lambda: [D.vermite_stack_limit]),
    # §F
    (rf"In total, {N} hit has no effect; {N} or {N} hits flip .*? {N} or more hits eliminate",
     lambda: [DAMAGE["step"] - 1, DAMAGE["step"], DAMAGE["eliminate"] - 1, DAMAGE["eliminate"]]),
    (rf"a Drone \(CF {N}\) flies to Clear hex 416, where an HQ \(DN {N}\) stands; {N} dice",
     lambda: [DR.cf, HQ.dn, DR.cf]),
    (rf"The total CF is reduced by {N} when", lambda: [-T["vermite_attack"]["defensive_terrain"]]),
    (rf"Marine Squads \(DN {N}\) in 315", lambda: [SQ.dn]),
    (rf"two Soldiers \(CF {N} together\)", lambda: [2 * SO.cf]),
    (rf"an Ultra-Mite \(CF {N}\) in 316", lambda: [UM.cf]),
    (rf"the Building cuts {N} to {N} dice",
     lambda: [2 * SO.cf, 2 * SO.cf + T["vermite_attack"]["defensive_terrain"]]),
    (rf"hits: {N} — nothing, {N}–{N} — Disrupted or eliminated, {N}\+ — eliminated",
     lambda: [DAMAGE["step"] - 1, DAMAGE["step"], DAMAGE["eliminate"] - 1, DAMAGE["eliminate"]]),
    # §G
    (rf"her Spawn Number plus {N} for each Crown Jewel", lambda: [D.jewel_spawn_bonus]),
    (rf"Queen's SN {N} is assumed", lambda: [V["child_queen"].sn]),
    (rf"spawn SN \+ {N} per Jewel", lambda: [D.jewel_spawn_bonus]),
    # §H
    (rf"on 1–{N} it is eliminated at once — a chance of {N} in 6",
     lambda: [T["nat"]["infected_dies_on_at_most"]] * 2),
    (rf"NAT Infected Marine rolls; 1–{N} eliminates", lambda: [T["nat"]["infected_dies_on_at_most"]]),
    # §I
    (rf"Clear {N}, Bamboo and Bog {N}, and ½ MP",
     lambda: [D.terrain["clear"].cost, D.terrain["bamboo"].cost]),
    (rf"\*\*{N} or less: Malfunction!\*\*", lambda: [T["jump_pack"]["results"][0]["at_most"]]),
    (rf"\*\*{N}–{N}: Scattered!\*\*",
     lambda: [T["jump_pack"]["results"][0]["at_most"] + 1, T["jump_pack"]["results"][1]["at_most"]]),
    (rf"\*\*{N}–{N}: Safe Landing!\*\*",
     lambda: [T["jump_pack"]["results"][1]["at_most"] + 1, T["jump_pack"]["results"][2]["at_most"]]),
    (rf"Roll a die, −{N} if the jump is part of a Shoot and Scoot, −{N} with a NAT marker",
     lambda: [-T["jump_pack"]["shoot_and_scoot"], -T["jump_pack"]["nat_marker"]]),
    (rf"fires at \*\*−{N} CF\*\*", lambda: [-T["marine_fire"]["shoot_and_scoot"]]),
    (rf"at −{N} on the jump die", lambda: [-T["jump_pack"]["shoot_and_scoot"]]),
    (rf"Squad 1 \(MA {N}, so {N} MP\)",
     lambda: [SQ.ma, SQ.ma // T["shoot_and_scoot"]["ma_divisor"]]),
    (rf"\+{N} if an un-Disrupted HQ", lambda: [T["recon"]["hq_assist"]]),
    (rf"−{N} if the Scout is Disrupted\. On {N} or more the Recon succeeds",
     lambda: [-T["recon"]["disrupted"], T["recon"]["target"]]),
    (rf"on {N} or more flips back to full strength", lambda: [T["rally"]["target"]]),
    (rf"−{N} if the HQ is Disrupted, −{N} if it has a NAT marker; on {N} or more",
     lambda: [-T["request_reinforcements"]["disrupted"], -T["request_reinforcements"]["nat_marker"],
              T["request_reinforcements"]["target"]]),
    (rf"Scenario 1's entry hex is {N}; Scenario 2's are {N}, {N}, {N}",
     lambda: [int(h) for h in (*ALPHA.marine_entry_hexes, *BETA.marine_entry_hexes)]),
    (rf"roll a die: 1–{N} on target, {N}–{N} drift, {N} delayed",
     lambda: _bands(T["landing_zone"]["results"])),
    # §J
    (rf"below CF {N} there is no fire", lambda: [T["marine_fire"]["minimum_cf"]]),
    (rf"\*\*−{N}\*\*: firing as part of a Shoot and Scoot; the firer has a NAT marker; the target is "
     rf"in a Bamboo Grove, Bog, Flooded or Building hex — and \*\*\+{N}\*\*: the firer is next to an "
     rf"HQ; the target is in an adjacent hex",
     lambda: [_same(*(-MF[k] for k in ("shoot_and_scoot", "nat_marker", "defensive_terrain"))),
              _same(MF["adjacent_hq"], MF["adjacent_target"])]),
    (rf"A NAT marker also lowers CF by {N} under \*§J-7\*: by default the two are the same −{N}",
     lambda: [-T["nat"]["modifier"], -MF["nat_marker"]]),
    (rf"counts as adjacent \(\+{N}\)", lambda: [MF["adjacent_target"]]),
    (rf"without\*\* the \+{N} for an adjacent target", lambda: [MF["adjacent_target"]]),
    (rf"CFs added, −{N} against defensive terrain", lambda: [-T["vermite_attack"]["defensive_terrain"]]),
    (rf"Hex 336 is next to 335 and costs {N} MP, .*? for {N} MP:",
     lambda: [D.terrain["clear"].cost, 2 * D.terrain["clear"].cost]),
    (rf"whose three digits are each {N} to {N}",
     lambda: [min(int(c) for lab in NUMBERED["alpha"] for c in lab),
              max(int(c) for lab in NUMBERED["alpha"] for c in lab)]),
    (rf"fix {N} = north, {N} = southeast and {N} = south",
     lambda: [rulebook_number(r"Direction to (\d) \(north\)"),
              rulebook_number(r"set to (\d) \(southeast\)"),
              rulebook_number(r"south \(Blue = (\d)\)")]),
    (rf"clockwise, {N} = northeast, {N} = southwest, {N} = northwest",
     lambda: [_bearing(60), _bearing(240), _bearing(300)]),
    (rf"a Marine Squad \(CF {N}\) in 315, an HQ \(CF {N}\) in 335", lambda: [SQ.cf, HQ.cf]),
    (rf"an Ultra-Mite \(DN {N}\) in 131 and a Soldier \(DN {N}\) in 316", lambda: [UM.dn, SO.dn]),
    (rf"fires at 131 with CF {N} \(\+{N} for the HQ beside it\)",
     lambda: [SQ.cf + T["marine_fire"]["adjacent_hq"], T["marine_fire"]["adjacent_hq"]]),
    (rf"PANTS reach only {N} hexes", lambda: [T["pants"]["range"]]),
    (rf"DN {N}; a Marine standing on the chit's hex", lambda: [D.tunnel_exit_dn]),
    (rf"read like hits on a Vermite — {N}–{N} hits flip it, or remove it to the Unit Cup if already "
     rf"flipped, {N}\+ remove it",
     lambda: [DAMAGE["step"], DAMAGE["eliminate"] - 1, DAMAGE["eliminate"]]),
    (rf"roll {N} dice: a total of {N} means the computer crashed",
     lambda: [T["ant_gun"]["dice"], T["ant_gun"]["crash_total"]]),
    (rf"The gun has no Disrupted side: {N} or more hits",
     lambda: [T["damage"]["ant_gun"][0]["hits"]]),
    (rf"one Vermite within {N} hexes\*\*", lambda: [T["pants"]["range"]]),
    (rf"Roll one die, −{N} in a Shoot and Scoot, −{N} with a NAT marker",
     lambda: [-T["pants"]["shoot_and_scoot"], -T["pants"]["nat_marker"]]),
    (rf"\*\*{N} or less: Misfire!\*\*", lambda: [T["pants"]["results"][0]["at_most"]]),
    (rf"\*\*{N}–{N}: Jolted!\*\*",
     lambda: [T["pants"]["results"][0]["at_most"] + 1, T["pants"]["results"][1]["at_most"]]),
    (rf"\*\*{N}–{N}: Fried!\*\*",
     lambda: [T["pants"]["results"][1]["at_most"] + 1, T["pants"]["results"][2]["at_most"]]),
    (rf"motorcycle side \(MA {N}, assumed", lambda: [M["mad_scientist"].sides["full"].ma]),
    (rf"the first \+{N} is the range in hexes \({N}–{N}\)",
     lambda: [T["secret_weapon"]["range_modifier"], 1 + T["secret_weapon"]["range_modifier"],
              6 + T["secret_weapon"]["range_modifier"]]),
    (rf"on his motorcycle, {N} or more hits eliminate him; carrying a weapon, {N} –{N} hits cost "
     rf"him the weapon \(back to the motorcycle\) and {N}\+ eliminate him",
     lambda: [SCI["scientist_motorcycle"]["eliminate"],
              SCI["scientist_weapon_ready"]["lose_weapon"],
              SCI["scientist_weapon_ready"]["eliminate"] - 1,
              SCI["scientist_weapon_ready"]["eliminate"]]),
    (rf"The text names {N} of the {N} weapons", lambda: [len(NAMED), len(D.secret_weapons)]),
    (rf"may load one for {N} MP", lambda: [M["recovery_vehicle"].load_mp]),
    (rf"if a Marine is within {N} hexes, roll a die", lambda: [T["nat"]["range"]]),
    (rf"Drone 1–{N}, Soldier 1–{N}, Ultra-Mite 1–{N}, Queen 1–{N}",
     lambda: [V[k].nat_roll for k in ("drone", "soldier", "ultra_mite", "high_queen")]),
    (rf"A roll of \*\*{N}\*\* is worse", lambda: [T["nat"]["escalates_on"]]),
    (rf"lowers its CF, MA and DN by {N}", lambda: [-T["nat"]["modifier"]]),
    # §P
    (rf"Bamboo Grove\*\* \(\*§P-1-a\*\): {N} MP", lambda: [D.terrain["bamboo"].cost]),
    (rf"\*\*b\. Bog\*\* \(\*§P-1-b\*\): {N} MP", lambda: [D.terrain["bog"].cost]),
    (rf"\*\*every\*\* unit pays {N} MP", lambda: [D.flooded_cost]),
    (rf"\*\*d\. Clear\*\* \(\*§P-1-d\*\): {N} MP", lambda: [D.terrain["clear"].cost]),
    (rf"attacker −{N} CF", lambda: [_same(-T["vermite_attack"]["defensive_terrain"],
                                        -T["marine_fire"]["defensive_terrain"])]),
    (rf"still paying only {N} MP along trail hexes", lambda: [D.trail_vermite_cost]),
    (rf"pays only (½) MP, whatever else is in the hex; Vermites pay {N} MP",
     lambda: ["½" if D.road_marine_cost == Fraction(1, 2) else str(D.road_marine_cost),
              D.road_vermite_cost]),
    (rf"costs Vermites {N} MP whatever the terrain, except {N} MP into a Flooded hex",
     lambda: [D.trail_vermite_cost, D.flooded_cost]),
    (rf"begin their move within {N} hexes of the west edge get \+{N} MA \(read as the {N} "
     rf"westernmost columns",
     lambda: [rulebook_number(r"within (\d+) hexes of the west edge"), D.psychic_whip_ma,
              BETA.psychic_whip_columns]),
    # §Q-1
    (rf"through any hex from {N} to {N}, has saved",
     lambda: [int(ALPHA.jewel_exit_hexes[0]), int(ALPHA.jewel_exit_hexes[-1])]),
    (rf"on the turn track {N} turns on \(leaving on Turn {N}, it returns on Turn {N}\)",
     lambda: [FJ["rv_return_turns"], 6, 6 + FJ["rv_return_turns"]]),
    (rf"stepping off the edge hex costs {N} MP", lambda: [FJ["rv_exit_mp"]]),
    (rf"comes back at hex {N}\.", lambda: [int(ALPHA.marine_entry_hexes[0])]),
    (rf"points south for Nest 1 \(blue {N}\) and north for Nest 2 \(yellow {N}\)",
     lambda: [BOGS.alpha_blue, BOGS.alpha_yellow]),
    (rf"follow a Scent Trail to hex {N} on the north edge, those heading north from Nest 2 one to "
     rf"hex {N} on the south edge",
     lambda: [ALPHA.sneak_attack["nest_1"]["trail_end"], ALPHA.sneak_attack["nest_2"]["trail_end"]]),
    (rf"comes back in at {N} \({N}\)",
     lambda: [ALPHA.sneak_attack["nest_1"]["trail_end"], ALPHA.sneak_attack["nest_2"]["trail_end"]]),
    (rf"as soon as {N} Crown Jewels have gone off the map through hexes {N}–{N}",
     lambda: [FJ["instant_victory_jewels"], int(ALPHA.jewel_exit_hexes[0]),
              int(ALPHA.jewel_exit_hexes[-1])]),
    (rf"{N} Jewels: Major, {N} Jewels: Minor, {N} Jewel: Draw, {N} Jewels: Loss",
     lambda: [r["jewels"] for r in FJ["levels"]]),
    (rf"more than {N} (?:units|Marines lost)", lambda: [FJ["marine_losses_reduce"]["more_than"]]),
    (rf"{N} Jewels off the map win at once", lambda: [FJ["instant_victory_jewels"]]),
    # §Q-2
    (rf"draw {N} and place them one per Vermite Entry hex", lambda: [GM["soldiers_at_start"]]),
    (rf"wait off the west edge to enter on Turn {N}", lambda: [GM["hordes"]["queens_turn"]]),
    (rf"off the east edge, {N} HQ, {N} Logistics, {N} Marine Squads and the Scientist",
     lambda: [GM["marines"][k] for k in ("hq", "logistics", "squad")]),
    (rf"Science Station, hex {N}", lambda: [int(BETA.labs["Science Station"])]),
    (rf"They enter through hexes {N}, {N}, {N}", lambda: [int(h) for h in BETA.marine_entry_hexes]),
    (rf"enter through hexes {N}, {N}, {N}, by Landing Zone", lambda: [int(h) for h in BETA.marine_entry_hexes]),
    (rf"\*\*Turn {N}\*\*: the three Queens", lambda: [GM["hordes"]["queens_turn"]]),
    (rf"roll a die — {N}, {N}, {N}: one in each of Entry hexes {N}, {N}, {N}; {N}, {N}: one in each "
     rf"of Entry hexes {N}, {N}, {N}; {N}: one in each of Entry hexes {N}, {N}, {N}, {N}, {N}, {N}",
     _hordes),
    (rf"on a roll of {N}–{N}, roll again",
     lambda: [GM["hordes"]["extra_on"][0], GM["hordes"]["extra_on"][-1]]),
    (rf"\+{N} VP for each unit in the Eliminated pile", lambda: [GM["vp"]["eliminated_vermite"]]),
    (rf"lose {N} VP \(High Queen\), {N} \(Sister Queen\), {N} \(Child Queen\) or {N} \(a Soldier or "
     rf"Ultra-Mite\); and they lose {N} VP for each Marine lost",
     lambda: [-GM["vp"]["escaped"][k] for k in ("high_queen", "sister_queen", "child_queen",
                                                "soldier")] + [-GM["vp"]["marine_lost"]]),
    (rf"\+{N} VP per Soldier, Ultra-Mite or Queen", lambda: [GM["vp"]["eliminated_vermite"]]),
    (rf"Decisive {N} or more, Major {N}–{N}, Minor {N}–{N}, Draw {N}–{N}, Loss under {N} "
     rf"\(\*§Q-2-g\*\)", lambda: _levels(GM["levels"])),
    (rf"net score gives the level: Decisive {N} or more, Major {N}–{N}, Minor {N}–{N}, Draw {N}–{N}, "
     rf"Loss under {N}", lambda: _levels(GM["levels"])),
    # §Q-3
    (rf"outside the Nests \({N}–{N}\)", lambda: [0, COUNTERS.get("crown_jewels.count") - 1]),
    (rf"score \+{N} VP per Jewel taken off the map and −{N} VP per Marine lost",
     lambda: [CA["jewel_exited_vp"], -CA["marine_lost_vp"]]),
    (rf"DN still at most {N}", lambda: [D.jewel_bonus["max_dn"]]),
    (rf"for {N} MP before it moves on", lambda: [D.jewel_pickup_mp]),
    (rf"add both scores — Decisive {N} or more, Major {N}–{N}, Minor {N}–{N}, Draw {N}–{N}, Loss "
     rf"under {N}", lambda: _levels(CA["levels"])),
    (rf"the two battles' VP added: Decisive {N} or more, Major {N}–{N}, Minor {N}–{N}, Draw "
     rf"{N}–{N}, Loss under {N}", lambda: _levels(CA["levels"])),
    # the rulebook's worked examples: the numbers the text states
    (rf"forced to {N}, {N}, {N}, the rulebook's example: it lands in {N}",
     lambda: rulebook_numbers(r"a (\d), (\d), and (\d) is hex number (\d+)")),
    (rf"whose blue arrow is {N}\)\. The Soldier ignores it",
     lambda: [rulebook_number(r"set to (\d) \(southeast\)")]),
    (rf"whose yellow arrow is {N}\), but the hex north of 212", lambda: [_bearing(0)]),
    (rf"Soldier #13, whose only exit, {N} \(hex {N}\), is partially collapsed",
     lambda: rulebook_numbers(r"Tunnel Exit (\d) \(hex (\d+)\) is the only operational exit")),
    (rf"the six attack faces below are ours \(one of them above {N}\)", lambda: [HQ.dn]),
    (rf"a net CF of {N} means no attack", lambda: [T["vermite_attack"]["minimum_cf"] - 1]),
    (rf"seven dice against DN {N} at a fresh Squad, then four dice against the Disrupted Squad's "
     rf"DN {N}", lambda: [SQ.dn, M["squad"].sides["disrupted"].dn]),
    (rf"the new chit's arrow says {N} \(southeast",
     lambda: [rulebook_number(r"set to (\d) \(southeast\)")]),
    (rf"the NAT roll is a {N}, which puts a NAT \*\*Infected\*\*",
     lambda: [rulebook_number(r"The roll is (\d) and a NAT Infected")]),
    (rf"The text gives the flight \({N}, {N}, {N}: hex {N}\)",
     lambda: [*map(int, "416"), 416]),
    (r"cuts \d+ to \d+ dice, (three) of them 5s or 6s",
     lambda: [rulebook_word(r"rolled and (\d) of them are 5's or 6's")]),
    (rf"315 again: {N} dice, {N} hits", lambda: rulebook_numbers(
        r"reduces the Ultra-Mites CF to (\d)\. These four dice score (\d) hits")),
    (rf"\): {N} hits flip the Ultra-Mite", lambda: [rulebook_number(r"He scores (\d) hits")]),
    (rf"its die is a {N} — Fried", lambda: [rulebook_number(r"comes up (\d) which fries")]),
    (rf"calls for a NAT roll: a {N}, enough for a Soldier",
     lambda: [rulebook_number(r"The roll is (\d)\. The Marine Squad")]),
    (rf"leaving on Turn {N}, it returns on Turn {N}",
     lambda: rulebook_numbers(r"RV exits on turn (\d+), place the RV on turn (\d+)")),
    # the how-to-play page repeats
    (rf"the {N} Secret Weapon chits", lambda: [len(D.secret_weapons)]),
]

# Numbers in the prose that are not rule numbers, each with the reason.
NOT_RULE_NUMBERS = {
    "124": "the 124th Galactic Marine Raider Battalion (§A), a name",
    "1–6": "a die's faces (§B-4)",
    "2–12": "two dice added (§B-4)",
    "39": "the lesson game's seed",
    "45": "turn a counter 45 degrees when it has acted (§C-2-c): a reminder, no game data",
    "95": "a 95% interval (statistics, after the lesson)",
}


def _same(*values):
    """The value when all are equal (one number stated for several rules), else a mismatch."""
    return values[0] if len(set(values)) == 1 else f"unequal {values}"


def _bearing(degrees: int) -> int:
    """The Movement Indicator direction that points this many degrees clockwise from north on
    the game's hex board (the project's reading of the indicator, SV-CF-10)."""
    import math

    board = GAME.board_view.board(GAME.new_game("family_jewels").state)
    h = board.hex_at("322")
    x0, y0 = board.xy(h)
    for d in range(1, 7):
        x, y = board.xy(board.neighbor(h, d))
        if round(math.degrees(math.atan2(x - x0, y - y0))) % 360 == degrees:
            return d
    return -1


def rulebook_numbers(pattern: str) -> list[int]:
    m = re.search(pattern, re.sub(r"\s+", " ", rulebook_text()))
    assert m, f"the rulebook does not say: {pattern}"
    return [int(g) for g in m.groups()]


def rulebook_number(pattern: str) -> int:
    return rulebook_numbers(pattern)[0]


def rulebook_word(pattern: str) -> str:
    """A small number of the rulebook, as the prose spells it ('three')."""
    return ("zero one two three four five six seven eight nine".split())[rulebook_number(pattern)]


def test_every_claim_about_a_number_matches_the_data():
    text = prose()
    for pattern, expected in CLAIMS:
        matches = list(re.finditer(pattern, text))
        assert matches, f"the lesson no longer says: {pattern}"
        want = [str(v) for v in expected()]
        for m in matches:
            got = list(m.groups())
            assert got == want, f"{pattern}: the prose says {got}, the game {want}"


def _covered_spans(text: str) -> list[tuple[int, int]]:
    spans = [m.span() for pattern, _ in CLAIMS for m in re.finditer(pattern, text)]
    for pattern in (r"`[^`]*`", SECTION.pattern, r"\bSV-[A-Z0-9]+-\d+\b",
                    r"sections? \d+(?:\.\d+)?(?: and \d+(?:\.\d+)?)?", r"\d+\. \*\*",
                    r"\*\*\d+\. ", r"#+ \d+(?:\.\d+)?", r"\| \d+(?:, \d+)? \|",
                    # names: of units, scenarios, Nests, exits, turns, battles, seeds
                    r"\b(?:Scenario|Nest|Squad|RV|Exits?|Turn|Battle|seed|Soldier #|Scout|HQ|"
                    r"Ultra-Mite #|Drone #|Tunnel Exit|Entry hex|Mapzone) \d+(?:, \d+)*(?: and \d+)?",
                    r"forced to \d+", r"Soldiers? #\d+(?: and #\d+)?", r'"Section F-3"'):
        spans += [m.span() for m in re.finditer(pattern, text)]
    return spans


def test_every_number_in_the_prose_is_checked_or_is_not_a_rule_number():
    """A number the prose states that no claim checks is a hex label (a place on the maps),
    a heading or list number, or one of NOT_RULE_NUMBERS."""
    text = prose()
    spans = _covered_spans(text)
    labels = {lab for m in D.maps.values() for lab in m.cells}
    loose = []
    for m in re.finditer(r"\d+(?:(?:–|, )\d+)*", text):
        if any(a <= m.start() and m.end() <= b for a, b in spans):
            continue
        token = m.group()
        if token in NOT_RULE_NUMBERS or all(t in labels for t in re.split("–|, ", token)):
            continue
        loose.append((token, text[max(0, m.start() - 50): m.end() + 30]))
    assert not loose, "numbers no claim checks:\n" + "\n".join(f"{t!r}: …{c}…" for t, c in loose)

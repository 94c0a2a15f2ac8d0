"""Keeps the prose of notebooks/01_ginormopod.ipynb honest, where a test can.

The notebook's markdown is written by ``tools/make_notebook_01.py`` from templates whose numbers are
read from the game's data (``facts()``). This test checks:

* the stored notebook is the rendering of today's data (a changed value changes the lesson, or this
  fails until the notebook is regenerated);
* every other number in the prose — a digit or a number word — is one the test can check: a rule
  constant stated in the catalogue rule it names, a number of the data, a phrase of the rulebook, or an
  example number that the example's own code uses (``LITERALS`` below);
* every section cited (``§ Section``, in the prose and in the printed log) is a heading of the
  rulebook, and the lesson's sections are the rulebook's, in its order;
* every catalogue ID named exists, and every ambiguity of the game is taught;
* every variant named exists, and every variant is named;
* every data entry named as an assumption (``file.yaml:path``) is assumed data of the game.

The rulebook and the catalogue live in the team's shared folder, outside the repository; the tests
that read them are skipped (saying where they looked) when it is not there.
"""
from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
import yaml

from rules_lib.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "01_ginormopod.ipynb"
GENERATOR = ROOT / "tools" / "make_notebook_01.py"
RULEBOOK_FILE = "rulebooks/000_86ba0ae36164543b.txt"
CATALOGUE_FILE = "rules_catalogue.yaml"

GAME = get_game("ginormopod")


def _shared() -> Path | None:
    """The team's shared folder (rulebooks, catalogue): $RULES_EXPLORER_SHARED, or beside the
    checkout (a worktree sits two levels below it, the main checkout one)."""
    candidates = [os.environ.get("RULES_EXPLORER_SHARED", ""), ROOT / "shared",
                  ROOT.parent / "shared", ROOT.parent.parent / "shared"]
    for c in candidates:
        if c and (Path(c) / RULEBOOK_FILE).is_file() and (Path(c) / CATALOGUE_FILE).is_file():
            return Path(c)
    return None


SHARED = _shared()
needs_shared = pytest.mark.skipif(
    SHARED is None, reason="the shared rulebooks and catalogue were not found (set "
                           "RULES_EXPLORER_SHARED, or put them in ../shared)")


# --------------------------------------------------------------------------------------------
# The notebook, its generator, the rulebook and the catalogue
# --------------------------------------------------------------------------------------------


def _load_generator():
    spec = importlib.util.spec_from_file_location("make_notebook_01", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = _load_generator()
NB = nbformat.read(NOTEBOOK, as_version=4)
MARKDOWN = [c.source for c in NB.cells if c.cell_type == "markdown"]
PROSE = "\n\n".join(MARKDOWN)


def _outputs(cell: Any) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.output_type == "stream")


OUTPUTS = "\n".join(_outputs(c) for c in NB.cells if c.cell_type == "code")


def rulebook_sections() -> list[str]:
    """The rulebook's sections in the order of its text: the names of its contents list, each
    placed at its heading line (the last line consisting of the name alone)."""
    text = (SHARED / RULEBOOK_FILE).read_text(encoding="utf-8")
    start = text.index("Overview 2")
    contents = text[start:text.index("---", start)]
    names = [n.strip() for n, _page in re.findall(r"([A-Za-z][A-Za-z\- ]*?) (\d+)", contents)]
    lines = [line.strip() for line in text[text.index("---", start):].splitlines()]
    where = {n: max((i for i, line in enumerate(lines) if line == n), default=-1) for n in names}
    return sorted((n for n in names if where[n] >= 0), key=where.get)


def catalogue() -> dict[str, Any]:
    return yaml.safe_load((SHARED / CATALOGUE_FILE).read_text(encoding="utf-8"))["games"][
        "ginormopod"]


def catalogue_texts() -> dict[str, str]:
    """Every catalogue ID of the game -> its text (rule, example, fact or ambiguity)."""
    game = catalogue()
    out = {}
    for r in game["rules"]:
        out[r["id"]] = r["rule"]
    for e in game["examples"]:
        out[e["id"]] = " ".join(str(e.get(k, "")) for k in ("setup", "rolls", "expected"))
    for f in game["map_facts"]:
        out[f["id"]] = f["fact"]
    for a in game["ambiguities"]:
        out[a["id"]] = a["issue"] + " " + a["interpretation"]
    return out


# --------------------------------------------------------------------------------------------
# The prose is today's data
# --------------------------------------------------------------------------------------------


def test_the_stored_prose_is_the_rendering_of_todays_data():
    rendered = [GEN.render(t) for t in GEN.PROSE]
    assert len(rendered) == len(MARKDOWN), "markdown cells added or removed: regenerate the notebook"
    for stored, fresh in zip(MARKDOWN, rendered):
        assert stored == fresh, ("the notebook's prose differs from what today's data gives: run "
                                 "`PYTHONPATH=. python tools/make_notebook_01.py`")


def test_the_facts_are_the_games_data():
    """A few facts read back independently of the generator (the rest are read the same way)."""
    d = GAME.data()
    f = GEN.FACTS
    assert (f["last_turn"], f["first_turn"], f["stack_limit"], f["fort_pips"]) == (
        d.last_turn, d.first_turn, d.stack_limit, d.fort_pips)
    assert [f[f"mp_{k}"] for k in ("Ant", "Spider", "Worm", "Infantry", "Tank")] == [
        d.types[k].mp for k in ("Ant", "Spider", "Worm", "Infantry", "Tank")]
    assert f["n_variants"] == len(GAME.variants)
    game = GAME.new_game(seed=1)
    game.next_phase()
    cup = game.state.cup
    assert f["cup_chits"] + f["end_chits"] == len(cup)
    assert sum(c.startswith("...The End???") for c in cup) == f["end_chits"]


# --------------------------------------------------------------------------------------------
# Every number in the prose is checked
# --------------------------------------------------------------------------------------------

NUMBER_WORDS = {w: i for i, w in enumerate(GEN.WORDS) if i}
NUMBER_WORDS.update({w: i for i, w in enumerate(GEN.ORDINALS) if i})
NUMBER_WORDS.update({"once": 1, "twice": 2})
# "one" and "once" are everyday English ("one of", "at once"): "one" counts as a number when it counts
# game things, "once" unless it means "at once"; every other number word and every figure counts
COUNTED = (r"(?:(?:more|extra|Human|Swarm|Fresh|Reduced|Activation|enemy|Allied|Fence|victory)\s+)?"
           r"(?:MP|Movement Point|Hits?|dice|die|chits?|units?|FX|spaces?|roads?|Cit(?:y|ies)"
           r"|box(?:es)?|turns?|Formations?|symbols?|Guards?|Forts?|Hives?|orders?)\b")
STRONG = [w for w in sorted(NUMBER_WORDS, key=len, reverse=True) if w not in ("one", "once")]
NUMBER = re.compile(r"\b(\d+|" + "|".join(STRONG) + r"|one(?=\s+" + COUNTED + r")|(?<!at )once)\b",
                    re.IGNORECASE)
PLACEHOLDER = "\u27e6{}\u27e7"


class Placeholders(dict):
    """Renders every template field as a placeholder, so the numbers left are the literal ones."""

    def __missing__(self, key: str) -> Any:
        return Marked(key)


class Marked:
    def __init__(self, key: str) -> None:
        self.key = key

    def __format__(self, spec: str) -> str:
        return PLACEHOLDER.format(self.key)


def as_number(token: str) -> int:
    return int(token) if token.isdigit() else NUMBER_WORDS[token.lower()]


def mentions(text: str, n: int) -> bool:
    """Whether a text states the number n, as digits or as a word."""
    words = [w for w, v in NUMBER_WORDS.items() if v == n]
    return bool(re.search(r"\b(" + "|".join([str(n), *words]) + r")\b", text, re.IGNORECASE))


@dataclass(frozen=True)
class Literal:
    """A number the prose states in words of its own, and how to check it.

    ``pattern`` (a regex) must match the words around the number; ``check(n, ctx)`` is true when
    the number is right. ``why`` says what the number is."""

    pattern: str
    check: Callable[[int, Any], bool]
    why: str


def rule(cid: str) -> Callable[[int, Any], bool]:
    """A rule constant: the catalogue's statement of rule ``cid`` says the same number."""
    return lambda n, ctx: mentions(ctx.catalogue[cid], n)


def data(fn: Callable[[Any], int]) -> Callable[[int, Any], bool]:
    """A number of the game's data."""
    return lambda n, ctx: fn(GAME.data()) == n


def quoted(n: int, ctx: Any) -> bool:
    """Words of the rulebook, quoted: the matched phrase itself is checked by the pattern's
    ``rulebook`` marker below."""
    return True


def example(n: int, ctx: Any) -> bool:
    """An example's number: the code of the example (the next code cell) uses it."""
    return re.search(rf"(?<![\w.]){n}(?![\w.])", ctx.next_code) is not None


def seed_of_example(n: int, ctx: Any) -> bool:
    return f"seed={n}" in ctx.all_code


LITERALS: list[Literal] = [
    # the title and quotations of the rulebook
    Literal(r"Ginormopod 2050 A\.D\.", lambda n, ctx: "2050 A.D." in ctx.rulebook, "the title"),
    Literal(r"\"before the end of the tenth turn\"",
            lambda n, ctx: "before the end of the tenth turn" in ctx.rulebook
            and n == GAME.data().last_turn, "quoted from § Overview"),
    Literal(r"can be read two ways", lambda n, ctx: n == 2 and all(
        v.description and v.default_reading for v in GAME.variants),
        "a variant and its default: two readings"),
    # rule constants, each as the catalogue states the rule
    Literal(r"each side has one FX whose use endangers", rule("GIN-OVER-08"),
            "one planet-ending FX a side"),
    Literal(r"one unit at a time", rule("GIN-MOVE-01"), "units move one at a time"),
    Literal(r"one Hit on any other roll", rule("GIN-TANK-01"), "a Fresh Tank's single Hit"),
    Literal(r"two ordinary dice", rule("GIN-TANK-01"), "as many dice as a Fresh Tank rolls"),
    Literal(r"moving from one City to the next costs a Movement Point", rule("GIN-MAP-02"),
            "one MP a City"),
    Literal(r"one die per (?:die )?symbol", rule("GIN-OVER-03"), "a die per symbol"),
    Literal(r"draw one chit at random", rule("GIN-FLOW-04"), "chits are drawn one at a time"),
    Literal(r"every City\s+entered costs 1 MP|1 MP a City", rule("GIN-MOVE-01"), "1 MP a City"),
    Literal(r"counts? as one Human unit|Fort boxes count", rule("GIN-STACK-02"), "a box is a unit"),
    Literal(r"rolls\s+two dice", rule("GIN-TANK-01"), "a Fresh Tank's two dice"),
    Literal(r"scores one Hit if one or both", rule("GIN-TANK-01"), "one Hit on one or both"),
    Literal(r"two Hits (?:if they are doubles|only on doubles)|two Hits\)", rule("GIN-TANK-02"),
            "doubles score two Hits"),
    Literal(r"would score two\s+Hits", rule("GIN-TANK-02"), "two Hits, compared"),
    Literal(r"rolls its one symbol", data(lambda d: len(d.types["Tank"].reduced)),
            "a Reduced Tank's symbols"),
    Literal(r"one more Hit", rule("GIN-RETR-10"), "the extra Hit of a Retreat into the enemy"),
    Literal(r"one road", rule("GIN-AMB-06"), "the reading of GIN-AMB-06"),
    Literal(r"one more City|advance together one more", rule("GIN-OVRN-03"), "the Overrun advance"),
    Literal(r"only once per turn", rule("GIN-OVRN-04"), "one Overrun advance a turn"),
    Literal(r"may take one of three orders",
            lambda n, ctx: mentions(ctx.catalogue["GIN-FORT-08"], n) if n == 1
            else "following three options" in ctx.rulebook and n == 3, "one of three Fort orders"),
    Literal(r"used\s+once per turn|use it this turn, once", rule("GIN-FX-02"),
            "an FX once a turn"),
    Literal(r"at most one FX|at most one FX a side", rule("GIN-FX-03"), "one FX a side a battle"),
    Literal(r"three phases", lambda n, ctx: "consists of three phases" in ctx.rulebook
            and len([p for p in GAME.phases if p != "Set-Up"]) == n, "Fade In, Action, Fade Out"),
    Literal(r"two\s+adjacent Forts", rule("GIN-FENCE-02"), "the hole in the Fence"),
    Literal(r"two Fence Forts", rule("GIN-AMB-14"), "the reading of adjacent Forts"),
    Literal(r"the first\s+space of (?:the Danger Track|its track)|its first space",
            rule("GIN-SETUP-10"), "where the Danger marker starts"),
    Literal(r"the first blank", data(lambda d: 1 if not d.danger_symbols(0) else 0),
            "the Danger track's first space shows no symbols"),
    Literal(r"the second space of the Danger Track", lambda n, ctx: (
        f"against {sum(GAME.data().danger_symbols(n - 1))}" in ctx.next_output),
        "the example's Danger space: its roll is against that space's symbols"),
    Literal(r"the first of them drawn|the first one drawn", rule("GIN-ALLY-02"),
            "the first foreign chit"),
    Literal(r"Every turn except the first|every turn but the first", rule("GIN-FIN-01"),
            "no Fade In on the first turn"),
    Literal(r"only those two Cities", data(lambda d: sum(
        1 for c in d.hives if d.sources["map"].provenance_of(f"hives.{c}").kind != "assumed")),
        "the Hives the diagram names"),
    Literal(r"adds a third Hive|the third\s+Hive", data(lambda d: len(d.hives)),
            "the assumed Hive"),
    Literal(r"three Hives further west", data(lambda d: len(
        GAME.game_data(None, ["three_western_hives"]).hives)), "the variant's Hives"),
    Literal(r"the three Allied\s+chits", data(lambda d: len(d.formations["Allied"])),
            "the Allied chits"),
    Literal(r"the second\s+City falls", data(lambda d: d.victory_needed), "the Swarm's goal"),
    Literal(r"one more turn", data(lambda d: 1), "a unit that cannot return waits a turn"),
    Literal(r"acts only once that turn", rule("GIN-AMB-09"), "one Activation a turn (GIN-AMB-09)"),
    Literal(r"one Activation Chit each", rule("GIN-OVER-06"), "a chit per Formation"),
    Literal(r"The first battle of a seeded game", lambda n, ctx: n == 1 and re.search(
        r"next\(e\.index for e in seeded\.log if e\.kind == .combat.\)", ctx.next_code) is not None,
        "the example shows the game's first battle"),
    Literal(r"in three positions", lambda n, ctx: ctx.next_output.count("destroyed ") == n,
            "the Fence example prints one line per position"),
    Literal(r"the first chit drawn is", lambda n, ctx: n == 1 and ctx.next_code.count("draw(") == 1,
            "the example forces the first draw of the Action Phase"),
    Literal(r"\(\d+ seeded games", example, "the size of the study"),
    # the examples' own numbers: the code that follows uses them
    Literal(r"[Ss]eed \d+|seed \d+", seed_of_example, "a seeded example"),
    Literal(r"eliminated on Turn 5, they go on the Turn", rule("GIN-EX-01"),
            "the rulebook's own example"),
    Literal(r"Turn 5's Fade Out|on\s+Turn 5", example, "the example's turn"),
    Literal(r"Turn 3's Fade In|seeded game's Turn 3", example, "the example's turn"),
    Literal(r"six of its\s+units", example, "the example's Overrun"),
    Literal(r"a second Overrun", lambda n, ctx: ctx.next_output.count("Overrun at ") == n,
            "the example's Overruns, in its printed log"),
    Literal(r"double six", lambda n, ctx: "[6, 6]" in ctx.next_code, "the example's roll"),
    Literal(r"all four of its units", data(lambda d: sum(d.hive_units.values())),
            "a Swarm Formation's counters"),
    Literal(r"Rows? \d+(?: and \d+)?|row \d+", lambda n, ctx: f"{n}," in ctx.next_code_before
            or f", {n}]" in ctx.next_code_before, "the rows the table shows"),
]


@dataclass
class Context:
    catalogue: dict[str, str]
    rulebook: str
    next_code: str = ""
    next_code_before: str = ""
    all_code: str = ""
    next_output: str = ""


def _scrub(text: str) -> str:
    """The prose without what is not prose: code spans, catalogue IDs, placeholders, the numbers
    of ordered lists."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\bGIN-[A-Z]+-\d+\b", " ", text)
    text = re.sub("\u27e6[^\u27e7]*\u27e7", "#", text)
    text = re.sub(r"(?m)^\s*\d+\.\s", " ", text)
    return " ".join(text.split())  # one space between words: the patterns need not care


def literal_numbers() -> list[tuple[int, str, int]]:
    """(markdown cell number, scrubbed text, offset) of every number left in the prose."""
    out = []
    for i, template in enumerate(GEN.PROSE):
        text = _scrub(template.format_map(Placeholders()))
        for m in NUMBER.finditer(text):
            out.append((i, text, m.start()))
    return out


def _code_after(markdown_index: int) -> tuple[str, str, str]:
    """The code of the first code cell after the n-th markdown cell, the code of the one before
    it, and the printed output of the code cells between it and the next markdown cell."""
    seen, before, after, printed = -1, "", None, []
    for cell in NB.cells:
        if cell.cell_type == "markdown":
            seen += 1
            if seen > markdown_index:
                break
        elif seen == markdown_index:
            after = cell.source if after is None else after
            printed.append(_outputs(cell))
        else:
            before = cell.source
    return after or "", before, "".join(printed)


@needs_shared
def test_every_number_in_the_prose_is_a_checked_one():
    texts = catalogue_texts()
    rulebook = (SHARED / RULEBOOK_FILE).read_text(encoding="utf-8")
    all_code = "\n".join(c.source for c in NB.cells if c.cell_type == "code")
    unexplained, wrong, used = [], [], set()
    for i, text, at in literal_numbers():
        token = NUMBER.match(text, at).group(1)
        n = as_number(token)
        after, before, printed = _code_after(i)
        ctx = Context(texts, rulebook, after, before, all_code, printed)
        found = None
        for k, lit in enumerate(LITERALS):
            for m in re.finditer(lit.pattern, text, re.IGNORECASE):
                if m.start() <= at < m.end():
                    found = k
                    break
            if found is not None:
                break
        around = text[max(0, at - 50):at + 40].replace("\n", " ")
        if found is None:
            unexplained.append(f"cell {i}: {token!r} in …{around}…")
            continue
        used.add(found)
        if not LITERALS[found].check(n, ctx):
            wrong.append(f"cell {i}: {token!r} ({LITERALS[found].why}) in …{around}…")
    assert not unexplained, "numbers in the prose nobody checks:\n" + "\n".join(unexplained)
    assert not wrong, "numbers in the prose that do not match:\n" + "\n".join(wrong)
    stale = [LITERALS[k].pattern for k in range(len(LITERALS)) if k not in used]
    assert not stale, f"LITERALS no longer used by the prose: {stale}"


# --------------------------------------------------------------------------------------------
# Sections, IDs, variants, assumptions
# --------------------------------------------------------------------------------------------

# a section name: capitalised words (no figures), "of" between them, as in "Flow of Play"; several
# sections may be joined by " / "
_WORD = r"[A-Z][a-zA-Z]*(?:-[A-Z][a-zA-Z]*)*\b(?!-)"
_SP = r"(?:[ \t]+\n?[ \t]*|\n[ \t]*)"  # a space, or one line break (not a blank line)
_NAME = rf"{_WORD}(?:{_SP}(?:of{_SP})?{_WORD})*"
CITED = re.compile(rf"§\s+({_NAME}(?:\s*/\s*{_NAME})*)")


def cited_sections(text: str) -> set[str]:
    return {" ".join(name.split()) for m in CITED.findall(text) for name in m.split("/")}


@needs_shared
def test_every_section_cited_is_a_heading_of_the_rulebook():
    headings = set(rulebook_sections())
    cited = cited_sections(PROSE + "\n" + OUTPUTS)  # "§ Combat (Retreat)" cites Combat
    assert cited, "no section cited"
    assert cited <= headings, f"cited but not a rulebook heading: {sorted(cited - headings)}"


@needs_shared
def test_the_lesson_teaches_every_section_in_the_rulebooks_order():
    lesson = [h[len("## § "):].strip() for h in re.findall(r"(?m)^## § .*$", PROSE)]
    assert lesson == [s for s in rulebook_sections() if s != "Art"]


@needs_shared
def test_every_catalogue_id_named_exists_and_every_ambiguity_is_taught():
    texts = catalogue_texts()
    named = set(re.findall(r"\bGIN-[A-Z]+-\d+\b", PROSE))
    assert named and named <= set(texts), f"unknown IDs: {sorted(named - set(texts))}"
    ambiguities = {a["id"] for a in catalogue()["ambiguities"]}
    assert ambiguities <= named, f"ambiguities the lesson never names: {sorted(ambiguities - named)}"


def test_every_variant_named_exists_and_every_variant_is_named():
    names = {v.name for v in GAME.variants}
    named = set(re.findall(r"`([a-z]+(?:_[a-z]+)+)`", PROSE))
    assert named <= names, f"not variants of the game: {sorted(named - names)}"
    assert names <= named, f"variants the lesson never names: {sorted(names - named)}"


def test_every_data_entry_named_as_an_assumption_is_assumed_data():
    report = GAME.provenance_report()
    assumed = {(f, p) for f, p in zip(report.file, report.path)}
    named = re.findall(r"`([a-z]+\.yaml):([^`]+)`", PROSE)
    assert named, "the prose names no data entry"
    for file, path in named:
        ok = any(f == file and (p == path or p.startswith(path + ".")) for f, p in assumed)
        assert ok, f"{file}:{path} is not (and holds no) assumed data of the game"


def test_the_prose_says_how_the_log_marks_assumed_content_and_how_to_switch_a_variant():
    early = "\n".join(MARKDOWN[:4])
    assert "◆" in early and "log_frame()" in early and "assumed" in early
    assert "variants=[" in early


def test_the_lesson_ends_with_the_sequence_of_play_and_keeps_the_studies_after_it():
    h2 = re.findall(r"(?m)^## (.*)$", PROSE)
    lesson_end = max(i for i, h in enumerate(h2) if h.startswith("§ "))
    rest = h2[lesson_end + 1:]
    assert rest[0].startswith("How to play") and rest[1] == "What next"
    assert rest[2].startswith("After the lesson")
    assert "NBVAL_CHECK_OUTPUT" in "".join(c.source for c in NB.cells if c.cell_type == "code")

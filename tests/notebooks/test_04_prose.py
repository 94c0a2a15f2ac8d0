"""Notebook 04 (Gods War - Cosmic Monsters) says what the rulebook and the game's data say.

Checks on the prose (the markdown cells) of ``notebooks/04_gods_war_cosmic_monsters.ipynb``:

* every section it cites, written ``§XIII › Monster Card › Movement``, exists in the rulebook text:
  the numbered section, then each heading, card or labelled paragraph within it, in order;
* the lesson is complete: every ability of both printed Monster cards, every heading of §II and
  §XIII and every labelled paragraph of §XIII's Monster Card is cited, and so is §XIV;
* every number the prose states was read from the game's data by the generator
  (``tools/make_notebook_04.py`` records each in its cell's ``data_numbers`` metadata) and still
  equals the data; a number typed by hand, or a stale notebook, fails;
* every data path it names exists, and the sentence naming an assumed value says it is assumed;
* every catalogue ID it names exists, every variant it names is one of the game's and is named with
  its ambiguity ID, and every variant of the game is taught;
* the odds studies and designer material come after the lesson.

The rulebook and the catalogue are read from the project's shared folder; without it the checks that
need them are skipped.
"""
from __future__ import annotations

import json
import os
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from rules_lib.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "04_gods_war_cosmic_monsters.ipynb"
RULEBOOK_FILE = "003_7ef418db54cd1706.txt"

# A citation stands in parentheses, alone or in a list separated by semicolons:
# (§XIII › Monster Card › Movement), (§XIV; §II › Androgeus card › Lust).
CITATION = re.compile(r"(?:(?<=\()|(?<=;\s))§(?P<section>[IVXL]+)"
                      r"(?P<parts>(?:\s*›\s*[A-Za-z][A-Za-z'\s-]*[A-Za-z])*)(?=\s*[);])")
CATALOGUE_ID = re.compile(r"\bGW-[A-Z]+-\d+\b")
CODE_SPAN = re.compile(r"`([^`]+)`")
HEADING_NUMBER = re.compile(r"^(#+\s+)\d+(?:\.\d+)*\.?(?=\s)", re.MULTILINE)
LIST_NUMBER = re.compile(r"^(\s*)\d+\.(?=\s)", re.MULTILINE)  # an ordered list item's number
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])")
VARIANT_NAMED = re.compile(r"variants?\s+`([^`]+)`")
ASSUMED_WORDS = ("assum", "◆")

GAME = get_game("gods_war")
DATA = GAME.data()


# -- the sources -------------------------------------------------------------------------------------


def _shared(*parts: str) -> Path | None:
    """A file of the project's shared folder (the rulebooks, the catalogue), if present."""
    env = os.environ.get("RULES_EXPLORER_SHARED")
    bases = [Path(env)] if env else []
    bases += [p / "shared" for p in ROOT.parents]
    for base in bases:
        path = base.joinpath(*parts)
        if path.is_file():
            return path
    return None


@cache
def rulebook_lines() -> tuple[str, ...]:
    path = _shared("rulebooks", RULEBOOK_FILE)
    if path is None:
        pytest.skip(f"rulebook text {RULEBOOK_FILE} not found (set RULES_EXPLORER_SHARED)")
    return tuple(path.read_text(encoding="utf-8").splitlines())


@cache
def catalogue_ids() -> frozenset[str]:
    path = _shared("rules_catalogue.yaml")
    if path is None:
        pytest.skip("rules_catalogue.yaml not found (set RULES_EXPLORER_SHARED)")
    return frozenset(re.findall(r"\bid: (GW-[A-Z]+-\d+)\b", path.read_text(encoding="utf-8")))


@cache
def markdown_cells() -> tuple[tuple[str, tuple[dict, ...]], ...]:
    """(source, recorded data numbers) of each markdown cell of the notebook."""
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            out.append((source, tuple(cell.get("metadata", {}).get("data_numbers", ()))))
    return tuple(out)


def prose() -> str:
    return "\n\n".join(source for source, _ in markdown_cells())


# -- the rulebook's structure ------------------------------------------------------------------------

SECTION = re.compile(r"^([IVXL]+)\. \S")
CARD = re.compile(r"^The (?P<name>.+?) \(Cosmic Monster\)")
CARD_LABEL = re.compile(r"(?:reads: |\. |\) |— )(?P<label>[A-Z][\w' ]*?)(?: \([^)]*\))?:")
LINE_LABEL = re.compile(r"^(?:- )?(?P<label>[A-Z][\w' ]*?)(?: \([^)]*\))?:")


def is_heading(line: str) -> bool:
    """A heading line of the text: short, no colon, no closing full stop, not a list item."""
    return (0 < len(line) <= 40 and ":" not in line and not line.endswith(".")
            and not line.startswith(("- ", "Q. ", "A. ")))


def section_lines(roman: str) -> list[str]:
    lines = rulebook_lines()
    starts = [(i, m.group(1)) for i, line in enumerate(lines) if (m := SECTION.match(line))]
    for k, (i, name) in enumerate(starts):
        if name == roman:
            end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
            return list(lines[i + 1:end])
    raise LookupError(f"no section {roman}. in the rulebook; sections: "
                      f"{', '.join(n for _, n in starts)}")


def labels(scope: list[str]) -> list[str]:
    found = []
    for line in scope:
        pattern = CARD_LABEL if CARD.match(line) else LINE_LABEL
        found += [m.group("label") for m in pattern.finditer(line)]
    return found


def resolve(roman: str, parts: list[str]) -> None:
    """Raise LookupError unless the citation names places that exist in the text, in order."""
    scope = section_lines(roman)
    for part in parts:
        if part.endswith(" card"):
            name = part.removesuffix(" card")
            hits = [line for line in scope if (m := CARD.match(line)) and m.group("name") == name]
            if len(hits) != 1:
                raise LookupError(f"§{roman}: no card {name!r}")
            scope = hits
        elif part in scope and is_heading(part):
            start = scope.index(part) + 1
            end = next((k for k in range(start, len(scope)) if is_heading(scope[k])), len(scope))
            scope = scope[start:end]
        elif part not in labels(scope):
            raise LookupError(f"§{roman}: {part!r} is neither a heading, a card nor a labelled "
                              f"paragraph there (labels: {', '.join(labels(scope)) or 'none'})")


def citations() -> list[tuple[str, tuple[str, ...]]]:
    out = []
    for m in CITATION.finditer(prose()):
        parts = tuple(" ".join(p.split()) for p in m.group("parts").split("›") if p.strip())
        out.append((m.group("section"), parts))
    return out


# -- the checks --------------------------------------------------------------------------------------


def test_the_notebook_cites_the_rulebook_many_times_each_citation_in_parentheses():
    assert len(citations()) > 60
    assert prose().count("§") == len(citations()), (
        "a § citation outside parentheses: " + "; ".join(
            prose()[m.start():m.start() + 50] for m in re.finditer("§", prose())
            if not any(c.start() == m.start() for c in CITATION.finditer(prose()))))


def test_every_cited_section_exists_in_the_rulebook():
    bad = []
    for roman, parts in sorted(set(citations())):
        try:
            resolve(roman, list(parts))
        except LookupError as exc:
            bad.append(f"§{' › '.join((roman, *parts))}: {exc}")
    assert not bad, "\n".join(bad)


def test_every_ability_of_both_cards_and_every_monster_rule_is_cited():
    cited = set(citations())
    required = {("XIV", ())}
    for roman in ("II", "XIII"):
        lines = section_lines(roman)
        required.add((roman, ()))
        for line in lines:
            if is_heading(line):
                required.add((roman, (line,)))
            if m := CARD.match(line):
                for label in labels([line]):
                    required.add((roman, (f"{m.group('name')} card", label)))
    for label in labels(resolve_scope("XIII", "Monster Card")):
        required.add(("XIII", ("Monster Card", label)))
    cited_or_parent = cited | {(r, p[:k]) for r, p in cited for k in range(len(p))}
    missing = sorted(required - cited_or_parent)
    assert not missing, "never cited: " + "; ".join(f"§{' › '.join((r, *p))}" for r, p in missing)
    for card in ("Androgeus", "Arachne Solara"):  # the cards' own abilities, named one by one
        abilities = [p for r, p in required if len(p) == 2 and p[0] == f"{card} card"]
        assert len(abilities) >= 5, (card, abilities)


def resolve_scope(roman: str, heading: str) -> list[str]:
    scope = section_lines(roman)
    start = scope.index(heading) + 1
    end = next((k for k in range(start, len(scope)) if is_heading(scope[k])), len(scope))
    return scope[start:end]


def derived(path: str, how: str):
    value = DATA.get(path)
    if how == "len":
        return len(value)
    if how.startswith("count:"):
        return list(value).count(how.removeprefix("count:"))
    assert not how, f"unknown derivation {how!r} of {path}"
    return value


def numbers_in(text: str) -> list[str]:
    text = CODE_SPAN.sub(" ", text)
    text = CATALOGUE_ID.sub(" ", text)
    text = HEADING_NUMBER.sub(r"\1", text)
    text = LIST_NUMBER.sub(r"\1", text)
    return NUMBER.findall(text)


def test_every_number_in_the_prose_was_read_from_the_data():
    problems = []
    for source, recorded in markdown_cells():
        stated = Counter(numbers_in(source))
        expected = Counter(str(r["value"]) for r in recorded)
        if stated != expected:
            first = source.strip().splitlines()[0][:60]
            problems.append(f"{first!r}: numbers typed by hand {dict(stated - expected)}, "
                            f"recorded but not stated {dict(expected - stated)}")
    assert not problems, "\n".join(problems)


def test_every_recorded_number_still_equals_the_data():
    stale = [f"{r['path']} ({r['how'] or 'value'}): notebook says {r['value']}, data has "
             f"{derived(r['path'], r['how'])}"
             for _, recorded in markdown_cells() for r in recorded
             if derived(r["path"], r["how"]) != r["value"]]
    assert not stale, "regenerate the notebook (tools/make_notebook_04.py):\n" + "\n".join(stale)


def is_data_path(span: str) -> bool:
    stem, dot, _ = span.partition(".")
    return bool(dot) and stem in DATA.files and "/" not in span and "(" not in span


def provenance_kind(path: str) -> str:
    stem, _, rest = path.partition(".")
    prov = DATA.files[stem].provenance_of(rest)
    return prov.kind if prov is not None else "rulebook"


def blocks(source: str) -> list[str]:
    """Paragraphs and list items: the unit in which a label must stand next to what it labels."""
    return [b for b in re.split(r"\n\s*\n|\n(?=\s*(?:- |\d+\. |\|))", source) if b.strip()]


def covers(span: str, path: str) -> bool:
    return path == span or path.startswith((span + ".", span + "["))


def test_every_data_path_named_exists_and_assumed_values_are_labelled_where_named():
    problems = []
    for source, _ in markdown_cells():
        for block in blocks(source):
            for span in CODE_SPAN.findall(block):
                if not is_data_path(span):
                    continue
                try:
                    DATA.get(span)
                except Exception as exc:  # noqa: BLE001 - the data's own error names the path
                    problems.append(f"`{span}` does not exist: {exc}")
                    continue
                if provenance_kind(span) == "assumed" and not any(w in block for w in ASSUMED_WORDS):
                    problems.append(f"`{span}` is assumed but its sentence does not say so: "
                                    f"{block.strip()[:90]!r}")
    assert not problems, "\n".join(problems)


def test_every_assumed_number_stands_beside_its_data_path_and_the_word_assumed():
    problems = []
    for source, recorded in markdown_cells():
        parts = blocks(source)
        for r in recorded:
            if provenance_kind(r["path"]) != "assumed":
                continue
            ok = any(str(r["value"]) in numbers_in(b) and any(w in b for w in ASSUMED_WORDS)
                     and any(covers(s, r["path"]) for s in CODE_SPAN.findall(b)) for b in parts)
            if not ok:
                problems.append(f"{r['path']} = {r['value']}: no paragraph states it with "
                                "'assumed' and its data path")
    assert not problems, "\n".join(problems)


def test_every_catalogue_id_named_exists():
    named = set(CATALOGUE_ID.findall(prose()))
    assert named, "the lesson names no catalogue ID"
    assert not named - catalogue_ids(), sorted(named - catalogue_ids())


def test_every_variant_named_exists_is_tied_to_its_ambiguity_and_every_variant_is_taught():
    known = {v.name: v for v in GAME.variants}
    named = set()
    for source, _ in markdown_cells():
        for block in blocks(source):
            for name in VARIANT_NAMED.findall(block):
                assert name in known, f"no variant {name!r}; variants: {', '.join(known)}"
                assert set(known[name].ids) & set(CATALOGUE_ID.findall(block)), (
                    f"variant {name!r} named without its ambiguity {known[name].ids}")
                named.add(name)
    assert named == set(known), f"variants never taught: {sorted(set(known) - named)}"


def test_the_lesson_comes_first_and_the_odds_studies_after_it():
    headings = [line for line in prose().splitlines() if line.startswith("## ")]
    lesson_end = next(i for i, h in enumerate(headings) if "How to play" in h)
    studies = next(i for i, h in enumerate(headings) if "After the lesson" in h)
    assert lesson_end < studies
    assert all("odds studies" not in h.lower() for h in headings[:studies])

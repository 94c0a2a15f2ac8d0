"""The rule reference: every rule a game implements, summarised in the project's own words.

Each game keeps ``data/rule_reference.yaml`` (read with :func:`rules_lib.core.data.load_data`; it is
not one of the files the game plays with). An entry is keyed by its catalogue ID
(``../shared/rules_catalogue.yaml``: rules, worked examples, ambiguities, map and component facts)
or, for what the project supplies itself and the catalogue does not list (the Gods War base game the
expansion leans on), by a ``project:<name>`` key. Every entry has

* ``section`` -- where the rulebook says it (the catalogue's section);
* ``summary`` -- a short paraphrase written by this project (never the rulebook's prose);
* ``ids`` -- the catalogue IDs it stands for (its key, unless said otherwise);
* ``reading`` -- ``rulebook`` (the project plays it as written), ``assumed`` (the text leaves
  something out that the project fills in; ``why`` says what) or ``chosen`` (the text can be read
  more than one way; the project picked one, ``why`` says which, ``variants`` name the switches that
  play another reading);
* optionally ``note`` (how the engine applies it) and ``in_log: false`` for a rule no log event
  cites (it shapes the legal options, the data or the set-up instead; ``note`` says how).

The log cites rules by ``Event.ids`` and ``Event.rule``: :meth:`RuleReference.for_event` turns
either into entries (what a side panel shows when a citation is clicked), and
:func:`moments_in_log` finds the other moments of the same game that apply a rule.

>>> ref = rule_reference("ginormopod")
>>> ref["GIN-OVRN-01"].section
'Combat'
>>> ref["GIN-AMB-08"].reading, ref["GIN-AMB-08"].variants
('chosen', ('overrun_ignores_fort_boxes',))
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_lib.core.data import DataError, load_data
from rules_lib.core.engine import Event
from rules_lib.registry import get_game

READINGS = ("rulebook", "assumed", "chosen")
KINDS = ("rule", "example", "ambiguity", "fact", "project")
REFERENCE_FILE = "rule_reference.yaml"
PROJECT_PREFIX = "project:"
CATALOGUE_ID = re.compile(r"^(?:GIN|SV|GW|ZGC)-[A-Z0-9]+(?:-[A-Z0-9]+)*-\d+$")
_ENTRY_KEYS = {"section", "summary", "ids", "reading", "kind", "why", "variants", "note", "in_log",
               "search"}


@dataclass(frozen=True)
class RuleEntry:
    """One rule as the project teaches it (see the module docstring for the fields)."""

    key: str
    game: str
    section: str
    summary: str
    ids: tuple[str, ...]
    reading: str = "rulebook"
    kind: str = "rule"
    why: str = ""
    variants: tuple[str, ...] = ()
    note: str = ""
    in_log: bool = True
    search: Mapping[str, Any] = field(default_factory=dict)  # hints for find_moments

    @property
    def citation(self) -> str:
        """How the entry is cited: section and catalogue IDs, e.g. 'Combat (GIN-OVRN-01)'."""
        return f"{self.section} ({', '.join(self.ids)})" if self.ids else self.section

    @property
    def assumed(self) -> bool:
        """Is the project's reading anything but the rulebook's own?"""
        return self.reading != "rulebook"

    def as_row(self) -> dict[str, Any]:
        """One row for a table (the searchable rule index)."""
        return {"key": self.key, "section": self.section, "summary": self.summary,
                "ids": " ".join(self.ids), "reading": self.reading, "kind": self.kind,
                "variants": " ".join(self.variants), "why": self.why, "in_log": self.in_log}

    def describe(self) -> str:
        """The entry as a side panel shows it, in plain text."""
        lines = [f"{self.key} - {self.section}", self.summary]
        if self.reading != "rulebook":
            lines.append(f"Reading: {self.reading}" + (f" ({self.why})" if self.why else ""))
        if self.variants:
            lines.append("Variants that change it: " + ", ".join(self.variants))
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)


class RuleReference:
    """A game's rule reference: entries by key, and the ways into them from the log."""

    def __init__(self, game: str, entries: Mapping[str, RuleEntry],
                 citations: Mapping[str, Sequence[str]] | None = None, title: str = "",
                 rulebook: str = "") -> None:
        self.game = game
        self.title = title
        self.rulebook = rulebook
        self.entries: dict[str, RuleEntry] = dict(entries)
        self.citations: dict[str, tuple[str, ...]] = {k: tuple(v)
                                                      for k, v in (citations or {}).items()}
        self._by_id: dict[str, list[RuleEntry]] = {}
        for entry in self.entries.values():
            for i in entry.ids:
                self._by_id.setdefault(i, []).append(entry)

    # -- lookup ----------------------------------------------------------------------------------
    def __getitem__(self, key: str) -> RuleEntry:
        entry = self.get(key)
        if entry is None:
            near = [e.key for e in self.search(key, limit=5)]
            raise KeyError(f"{self.game}: no rule reference entry {key!r}"
                           + (f"; did you mean {', '.join(near)}?" if near else ""))
        return entry

    def get(self, key: str, default: RuleEntry | None = None) -> RuleEntry | None:
        """The entry with this key, or the one standing for this catalogue ID."""
        if key in self.entries:
            return self.entries[key]
        by_id = self._by_id.get(key)
        return by_id[0] if by_id else default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __iter__(self) -> Iterator[RuleEntry]:
        return iter(self.entries.values())

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"<RuleReference {self.game!r}: {len(self)} entries>"

    def for_ids(self, ids: Iterable[str]) -> list[RuleEntry]:
        """The entries standing for these catalogue IDs, in order, each once."""
        out: dict[str, RuleEntry] = {}
        for i in ids:
            for entry in self._by_id.get(i, []):
                out.setdefault(entry.key, entry)
        return list(out.values())

    def for_citation(self, rule: str) -> list[RuleEntry]:
        """The entries a citation text (``Event.rule``) stands for: the reference's own map of
        citations first, then the entries of the rulebook section the citation names."""
        keys = self.citations.get(rule)
        if keys:
            return [self[k] for k in keys]
        return self._entries_of_sections(rule)

    def for_event(self, event: Event | Mapping[str, Any]) -> list[RuleEntry]:
        """What a click on an event's citation opens: its catalogue IDs' entries, or (an event
        that names no ID) the entries its citation text stands for."""
        ids = event.get("ids", ()) if isinstance(event, Mapping) else event.ids
        if isinstance(ids, str):
            ids = ids.split()
        rule = event.get("rule", "") if isinstance(event, Mapping) else event.rule
        found = self.for_ids(ids)
        return found if found else self.for_citation(rule)

    def _entries_of_sections(self, rule: str) -> list[RuleEntry]:
        wanted = citation_sections(rule)
        out = []
        for entry in self.entries.values():
            mine = {_norm_section(s) for s in re.split(r"\s*/\s*", entry.section)}
            mine.add(_norm_section(entry.section))
            if any(w in mine or any(m.startswith(w + " ") for m in mine) for w in wanted):
                out.append(entry)
        return out

    # -- the rule index ----------------------------------------------------------------------------
    def search(self, text: str = "", *, reading: str | None = None, kind: str | None = None,
               limit: int | None = None) -> list[RuleEntry]:
        """Entries matching every word of ``text`` (in key, section, summary, why or variants),
        best first: a key or ID match, then words in the summary; optionally one reading or
        kind only."""
        words = [w for w in re.split(r"\W+", text.lower()) if w]
        scored = []
        for n, entry in enumerate(self.entries.values()):
            if reading is not None and entry.reading != reading:
                continue
            if kind is not None and entry.kind != kind:
                continue
            hay = " ".join([entry.key, " ".join(entry.ids), entry.section, entry.summary,
                            entry.why, " ".join(entry.variants)]).lower()
            if not all(_starts_a_word(w, hay) for w in words):
                continue
            score = 0
            if text.strip().upper() in (entry.key.upper(), *entry.ids):
                score -= 100
            score -= sum(3 for w in words if _starts_a_word(w, entry.summary.lower()))
            score -= sum(2 for w in words if _starts_a_word(w, entry.section.lower()))
            scored.append((score, n, entry))
        scored.sort(key=lambda t: (t[0], t[1]))
        found = [e for _, _, e in scored]
        return found[:limit] if limit is not None else found

    def sections(self) -> list[tuple[str, list[RuleEntry]]]:
        """The entries grouped by rulebook section, in the reference's order."""
        groups: dict[str, list[RuleEntry]] = {}
        for entry in self.entries.values():
            groups.setdefault(entry.section, []).append(entry)
        return list(groups.items())

    def to_frame(self):
        """The whole reference as a pandas DataFrame, one row per entry."""
        import pandas as pd

        return pd.DataFrame([e.as_row() for e in self.entries.values()])

    def variants_of(self, key: str):
        """The game's Variant objects that change an entry (name, description, default)."""
        names = set(self[key].variants)
        return [v for v in get_game(self.game).variants if v.name in names]


def _starts_a_word(word: str, text: str) -> bool:
    """Does some word of ``text`` begin with ``word`` ('overrun' finds 'Overruns', 'here' does
    not find 'where')?"""
    return re.search(r"(?<![a-z0-9])" + re.escape(word), text) is not None


# --------------------------------------------------------------------------------------------------
# Citations and sections
# --------------------------------------------------------------------------------------------------

_GAME_PREFIX = re.compile(r"^(?:Space Vermin|Ginormopod|Zombies!!! Giants-Club|Gods War base "
                          r"game \(assumed\))\s*:?\s*")


def citation_sections(rule: str) -> list[str]:
    """The rulebook sections a citation text names, normalised: 'Space Vermin §I-5-a' ->
    ['i-5-a']; 'Ginormopod: Combat (Retreat)' -> ['combat']; 'A; B' -> both."""
    out: list[str] = []
    for part in re.split(r"\s*;\s*|\s+/\s+", rule):
        codes = re.findall(r"§([A-Z](?:-\d+)?(?:-[a-z](?:-\d+)?)?)", part)
        if codes:
            out += [c.lower() for c in codes]
            continue
        text = _GAME_PREFIX.sub("", part)
        text = _GAME_PREFIX.sub("", text)  # "Zombies!!! Giants-Club: Zombies!!! Giants-Club Rules"
        text = re.sub(r"\s*\(.*$", "", text)  # a parenthetical detail
        text = re.sub(r":\s.*$", "", text)  # "Androgeus card: Lust" -> "Androgeus card"
        if text.strip():
            out.append(_norm_section(text))
    return out


def _norm_section(text: str) -> str:
    """A section name compared loosely: lower case, no punctuation but hyphens."""
    return " ".join(re.sub(r"[^\w\s-]", " ", text.lower()).split())


# --------------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------------


def reference_path(game: str) -> Path:
    """Where a game's rule reference lives (inside its package's data folder)."""
    module = get_game(game)
    return Path(module.data_loader.folder) / REFERENCE_FILE


@functools.cache
def rule_reference(game: str) -> RuleReference:
    """A game's rule reference, read once per process."""
    return load_reference(game, reference_path(game))


def load_reference(game: str, path: str | Path) -> RuleReference:
    """Read and check a rule reference file; every problem is a DataError naming the entry."""
    data = load_data(path)
    tree = data.tree
    file = str(path)
    if tree.get("game") != game:
        raise DataError(file, ("game",), f"this reference is for {tree.get('game')!r}, not {game!r}")
    raw = tree.get("entries")
    if not isinstance(raw, Mapping) or not raw:
        raise DataError(file, ("entries",), "a mapping of rule keys to entries is required")
    known_variants = {v.name for v in get_game(game).variants}
    entries: dict[str, RuleEntry] = {}
    for key, node in raw.items():
        entries[str(key)] = _entry(game, str(key), node, file, known_variants)
    citations = tree.get("citations") or {}
    if not isinstance(citations, Mapping):
        raise DataError(file, ("citations",), "a mapping of citation texts to entry keys")
    for text, keys in citations.items():
        keys = [keys] if isinstance(keys, str) else keys
        if not isinstance(keys, list) or not keys:
            raise DataError(file, ("citations", text), "a list of entry keys")
        for k in keys:
            if k not in entries:
                raise DataError(file, ("citations", text), f"no entry {k!r}")
    return RuleReference(game, entries, {k: [v] if isinstance(v, str) else list(v)
                                         for k, v in citations.items()},
                         str(tree.get("title", "")), str(tree.get("rulebook", "")))


def _entry(game: str, key: str, node: Any, file: str, known_variants: set[str]) -> RuleEntry:
    path = ("entries", key)
    if not isinstance(node, Mapping):
        raise DataError(file, path, "an entry is a mapping (section, summary, ...)")
    unknown = sorted(set(node) - _ENTRY_KEYS)
    if unknown:
        raise DataError(file, path + (unknown[0],), f"unknown field; fields: "
                                                    f"{', '.join(sorted(_ENTRY_KEYS))}")
    for required in ("section", "summary"):
        value = node.get(required)
        if not isinstance(value, str) or not value.strip():
            raise DataError(file, path + (required,), "a non-empty text is required")
    is_project = key.startswith(PROJECT_PREFIX)
    if not is_project and not CATALOGUE_ID.match(key):
        raise DataError(file, path, "a key is a catalogue ID or 'project:<name>'")
    ids = node.get("ids", [] if is_project else [key])
    if not isinstance(ids, list) or not all(isinstance(i, str) and CATALOGUE_ID.match(i)
                                            for i in ids):
        raise DataError(file, path + ("ids",), "a list of catalogue IDs")
    reading = node.get("reading", "rulebook")
    if reading not in READINGS:
        raise DataError(file, path + ("reading",), f"one of {', '.join(READINGS)}")
    kind = node.get("kind", "project" if is_project else _kind_of(key))
    if kind not in KINDS:
        raise DataError(file, path + ("kind",), f"one of {', '.join(KINDS)}")
    why = node.get("why", "")
    if reading != "rulebook" and not (isinstance(why, str) and why.strip()):
        raise DataError(file, path + ("why",), f"a '{reading}' reading says why")
    variants = node.get("variants", [])
    if not isinstance(variants, list):
        raise DataError(file, path + ("variants",), "a list of variant names")
    for v in variants:
        if v not in known_variants:
            raise DataError(file, path + ("variants",), f"{game} has no rule variant {v!r}")
    if variants and reading == "rulebook":
        raise DataError(file, path + ("reading",), "an entry a variant changes is read 'chosen' "
                                                   "or 'assumed', not 'rulebook'")
    in_log = node.get("in_log", True)
    if not isinstance(in_log, bool):
        raise DataError(file, path + ("in_log",), "true or false")
    if not in_log and not node.get("note"):
        raise DataError(file, path + ("note",), "an entry no event cites says how it is applied")
    search = node.get("search", {})
    if not isinstance(search, Mapping):
        raise DataError(file, path + ("search",), "a mapping of search hints")
    return RuleEntry(key, game, node["section"].strip(), " ".join(node["summary"].split()),
                     tuple(ids), reading, kind, " ".join(str(why).split()), tuple(variants),
                     " ".join(str(node.get("note", "")).split()), in_log, dict(search))


def _kind_of(key: str) -> str:
    part = key.split("-")[1]
    return {"EX": "example", "AMB": "ambiguity", "MF": "fact", "CF": "fact"}.get(part, "rule")


# --------------------------------------------------------------------------------------------------
# The log
# --------------------------------------------------------------------------------------------------


def applies(event: Event, key: str, reference: RuleReference | None = None) -> bool:
    """Does this event apply the rule ``key`` (a catalogue ID, an entry key, or a citation)?"""
    if key in event.ids or key == event.rule:
        return True
    if reference is not None:
        entry = reference.get(key)
        if entry is not None:
            if set(entry.ids) & set(event.ids):
                return True
            # an event that names no ID applies what its citation text stands for
            return not event.ids and entry.key in reference.citations.get(event.rule, ())
    return False


def moments_in_log(log: Sequence[Event], key: str,
                   reference: RuleReference | None = None) -> list[int]:
    """The indices of the events of a log that apply a rule: "its other moments in this game"."""
    return [e.index for e in log if applies(e, key, reference)]


__all__ = ["READINGS", "RuleEntry", "RuleReference", "applies", "citation_sections",
           "load_reference", "moments_in_log", "reference_path", "rule_reference"]

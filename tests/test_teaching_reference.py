"""The rule reference: an entry for every rule the engine cites in play, in the project's own words.

The games sampled here play every scenario with every policy of the game, and one game per rule
variant, so the IDs and citations of every reading turn up. The rulebooks and the catalogue live in
the team's shared folder ($RULES_EXPLORER_SHARED, or ../shared beside the checkout); the tests that
need them are skipped without it.
"""
from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import pytest
import yaml

from rules_lib.core.data import DataError
from rules_lib.registry import game_names, get_game
from rules_lib.teaching.reference import (
    READINGS,
    load_reference,
    moments_in_log,
    reference_path,
    rule_reference,
)

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE_KEYS = {"ginormopod": "ginormopod", "space_vermin": "space_vermin",
                  "gods_war": "gods_war_cosmic_monsters", "zombies_giants": "zombies_giants_club"}
SECTIONS = ("rules", "examples", "ambiguities", "map_facts", "component_facts")
LONGEST_SHARED_RUN = 6  # words a summary may share in a row with the rulebook (a name, a number)


def _shared() -> Path | None:
    candidates = [os.environ.get("RULES_EXPLORER_SHARED", ""), ROOT / "shared",
                  ROOT.parent / "shared", ROOT.parent.parent / "shared"]
    for c in candidates:
        if c and (Path(c) / "rules_catalogue.yaml").is_file() and (Path(c) / "rulebooks").is_dir():
            return Path(c)
    return None


SHARED = _shared()
needs_shared = pytest.mark.skipif(SHARED is None, reason="the shared rulebooks and catalogue "
                                  "were not found (set RULES_EXPLORER_SHARED)")


@functools.cache
def catalogue(game: str) -> dict[str, dict]:
    data = yaml.safe_load((SHARED / "rules_catalogue.yaml").read_text(encoding="utf-8"))
    entry = data["games"][CATALOGUE_KEYS[game]]
    return {r["id"]: r for sec in SECTIONS for r in entry.get(sec) or []}


@functools.cache
def rulebook_text(game: str) -> str:
    return (SHARED / "rulebooks" / get_game(game).rulebook).read_text(encoding="utf-8")


@functools.cache
def played(game: str) -> tuple:
    """The logs of seeded games: every scenario with every policy for all players, and one game
    per rule variant (its own seed, the scenarios in turn)."""
    module = get_game(game)
    logs = []
    for scenario in module.scenarios:
        for policy in module.policies:
            g = module.new_game(scenario, seed=1, policies={p: policy for p in module.players})
            g.run_to_end(max_events=module.max_events)
            logs.append(g.log)
    for n, variant in enumerate(module.variants):
        g = module.new_game(module.scenarios[n % len(module.scenarios)], seed=100 + n,
                            variants=[variant.name])
        g.run_to_end(max_events=module.max_events)
        logs.append(g.log)
    return tuple(logs)


def cited_ids(game: str) -> set[str]:
    return {i for log in played(game) for e in log for i in e.ids}


def words(text: str) -> list[str]:
    """Words compared for copying: lower case, letters and digits; dotted acronyms as one word
    (A.N.T. is 'ant', so a name does not count as three shared words)."""
    text = re.sub(r"\b((?:[A-Za-z]\.){2,})", lambda m: m.group(1).replace(".", ""), text)
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", "").replace("\u2019", ""))


def runs(text: str, n: int = LONGEST_SHARED_RUN + 1) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


# --------------------------------------------------------------------------------------------------
# The files themselves
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_a_reference_whose_entries_are_complete(game):
    ref = rule_reference(game)
    assert ref.game == game and len(ref) > 40
    variants = {v.name for v in get_game(game).variants}
    for entry in ref:
        assert entry.section and entry.summary and entry.reading in READINGS
        assert 3 <= len(entry.summary.split()) <= 60, entry.key
        assert entry.summary[0].isupper() or entry.summary[0] in "'\"", entry.key
        assert set(entry.variants) <= variants
        if entry.reading != "rulebook":
            assert entry.why, entry.key
        if entry.kind != "project":
            assert entry.ids and entry.key in entry.ids


@pytest.mark.parametrize("game", game_names())
def test_every_variant_of_the_game_names_the_rules_it_changes(game):
    ref = rule_reference(game)
    named = {v for entry in ref for v in entry.variants}
    assert named == {v.name for v in get_game(game).variants}


@pytest.mark.parametrize("game", game_names())
def test_an_ambiguity_with_a_variant_lists_it_and_says_which_reading_is_played(game):
    ref = rule_reference(game)
    for v in get_game(game).variants:
        for amb in (i for i in v.ids if "-AMB-" in i):
            entry = ref[amb]
            assert entry.reading == "chosen" and v.name in entry.variants, (amb, v.name)


def test_the_reference_is_data_read_safely_and_a_broken_entry_is_named(tmp_path):
    text = reference_path("ginormopod").read_text(encoding="utf-8")
    bad = text.replace("    section: \"Overview\"\n", "    section: \"\"\n", 1)
    (tmp_path / "ref.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match=r"entries\.GIN-OVER-01\.section"):
        load_reference("ginormopod", tmp_path / "ref.yaml")
    wrong = text.replace("variants: [overrun_ignores_fort_boxes]", "variants: [no_such]", 1)
    (tmp_path / "ref.yaml").write_text(wrong, encoding="utf-8")
    with pytest.raises(DataError, match="no rule variant 'no_such'"):
        load_reference("ginormopod", tmp_path / "ref.yaml")


def test_the_reference_is_not_one_of_the_files_a_game_plays_with():
    for game in game_names():
        loader = get_game(game).data_loader
        assert "rule_reference" not in loader.names
        assert reference_path(game).parent == loader.folder


# --------------------------------------------------------------------------------------------------
# Coverage: what the engine cites
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", game_names())
def test_every_catalogue_rule_the_engine_cites_in_play_has_an_entry(game):
    ref = rule_reference(game)
    missing = sorted(i for i in cited_ids(game) if i not in ref)
    assert missing == [], f"{game}: cited in play without a reference entry: {missing}"


@pytest.mark.parametrize("game", game_names())
def test_every_citation_in_the_log_opens_entries(game):
    ref = rule_reference(game)
    seen: dict[str, int] = {}
    for log in played(game):
        for e in log:
            if e.rule not in seen or not e.ids:
                found = ref.for_event(e)
                assert found, f"{game}: a click on {e.rule!r} ({e.message}) opens nothing"
                assert all(set(x.ids) & set(e.ids) for x in found) if e.ids else True
                seen[e.rule] = len(found)
    assert seen


@needs_shared
@pytest.mark.parametrize("game", game_names())
def test_every_rule_example_ambiguity_and_fact_of_the_catalogue_has_an_entry(game):
    ref = rule_reference(game)
    assert sorted(set(catalogue(game)) - {i for e in ref for i in e.ids}) == []
    for entry in ref:
        if entry.kind != "project":
            assert entry.section == catalogue(game)[entry.key]["section"], entry.key


@pytest.mark.parametrize("game", game_names())
def test_a_rule_said_to_be_in_no_log_is_named_nowhere_in_the_game(game):
    """``in_log: false`` says no event cites the rule: its ID appears in none of the game's code
    or data files, so the engine cannot cite it (and the play sample never does)."""
    folder = reference_path(game).parent.parent
    named = set()
    for path in folder.rglob("*"):
        if path.suffix in (".py", ".yaml") and path.name != "rule_reference.yaml":
            named |= set(re.findall(r"\b(?:GIN|SV|GW|ZGC)-[A-Z0-9]+-\d+\b",
                                    path.read_text(encoding="utf-8")))
    cited = cited_ids(game)
    for entry in rule_reference(game):
        if not entry.in_log:
            assert entry.note, entry.key
            for i in entry.ids:
                assert i not in cited and i not in named, i


# --------------------------------------------------------------------------------------------------
# Written by the project
# --------------------------------------------------------------------------------------------------


@needs_shared
@pytest.mark.parametrize("game", game_names())
def test_no_summary_copies_the_rulebook(game):
    book = runs(rulebook_text(game))
    copied = {e.key: sorted(" ".join(r) for r in runs(e.summary) & book)
              for e in rule_reference(game) if runs(e.summary) & book}
    assert copied == {}, f"{game}: summaries sharing {LONGEST_SHARED_RUN + 1}+ words in a row " \
                         f"with the rulebook: {copied}"


@needs_shared
@pytest.mark.parametrize("game", game_names())
def test_no_summary_copies_the_catalogue_either(game):
    cat = catalogue(game)
    copied = {}
    for entry in rule_reference(game):
        if entry.kind == "project":
            continue
        source = " ".join(str(v) for k, v in cat[entry.key].items()
                          if k in ("rule", "fact", "issue", "interpretation", "setup",
                                   "expected", "note"))
        shared = runs(entry.summary) & runs(source)
        if shared:
            copied[entry.key] = sorted(" ".join(r) for r in shared)
    assert copied == {}


def test_the_copy_check_catches_a_copied_sentence():
    text = "If the acting player has at least five Units and the enemy only one, the enemy Unit"
    assert runs(text) & runs("Overrun: if the acting player has at least five Units and the enemy "
                             "only one")
    assert not runs("Five or more acting units against a single enemy unit wipe it out") & runs(
        text)
    assert words("the A.N.T. Gun") == ["the", "ant", "gun"]


# --------------------------------------------------------------------------------------------------
# Using it
# --------------------------------------------------------------------------------------------------


def test_a_citation_opens_its_entries_and_the_entry_says_what_changes_it():
    ref = rule_reference("ginormopod")
    entry = ref["GIN-OVRN-01"]
    assert entry.variants == ("overrun_ignores_fort_boxes",)
    assert [v.name for v in ref.variants_of("GIN-OVRN-01")] == ["overrun_ignores_fort_boxes"]
    assert "GIN-OVRN-01" in entry.describe() and "overrun_ignores_fort_boxes" in entry.describe()
    row = {"ids": "GIN-RETR-03", "rule": "Ginormopod: Combat (Retreat)"}
    assert [e.key for e in ref.for_event(row)] == ["GIN-RETR-03"]
    sv = rule_reference("space_vermin")
    assert [e.key for e in sv.for_citation("Space Vermin §J-1")] == ["SV-MCOMB-04"]
    assert {e.key for e in sv.for_citation("Space Vermin §E-1-a")} >= {"SV-DRONE-02"}


def test_the_rule_index_searches_words_and_ids():
    ref = rule_reference("ginormopod")
    assert [e.key for e in ref.search("overrun")][:4] == ["GIN-OVRN-01", "GIN-OVRN-02",
                                                          "GIN-OVRN-03", "GIN-OVRN-04"]
    assert ref.search("GIN-FORT-02")[0].key == "GIN-FORT-02"
    assert all(e.reading == "chosen" for e in ref.search("", reading="chosen"))
    assert ref.search("no such words at all") == []
    with pytest.raises(KeyError, match="did you mean"):
        ref["overrun"]
    frame = ref.to_frame()
    assert len(frame) == len(ref) and {"key", "section", "summary", "reading"} <= set(frame)
    assert [s for s, _ in ref.sections()][:2] == ["Overview", "Battleground"]


def test_the_other_moments_of_a_rule_in_a_game_are_the_events_that_apply_it():
    game = get_game("ginormopod").new_game(seed=3)
    game.run_to_end()
    ref = rule_reference("ginormopod")
    moves = moments_in_log(game.log, "GIN-MOVE-03", ref)
    assert moves and all("GIN-MOVE-03" in game.log[i].ids for i in moves)
    assert moves == [e.index for e in game.log if "GIN-MOVE-03" in e.ids]
    sv = get_game("space_vermin").new_game(seed=1)
    for _ in range(300):
        sv.step_event()
    picks = moments_in_log(sv.log, "SV-SEQ-07", rule_reference("space_vermin"))
    assert picks and all(sv.log[i].rule == "Space Vermin §C-2-c" or "SV-SEQ-07" in sv.log[i].ids
                         for i in picks)


# --------------------------------------------------------------------------------------------------
# The command line
# --------------------------------------------------------------------------------------------------


def test_the_rule_command_shows_an_entry_searches_the_index_and_finds_a_moment(capsys):
    from rules_lib.cli import main

    assert main(["rule", "ginormopod", "GIN-OVRN-01", "--find"]) == 0
    out = capsys.readouterr().out
    assert "Overrun" in out and "overrun_ignores_fort_boxes" in out
    assert "1 moment(s)" in out and "seed 13" in out
    assert main(["rule", "space_vermin", "magnetic storm"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("SV-S2-19")
    assert main(["rule", "gods_war", "nothing-here"]) == 1
    assert "no entry" in capsys.readouterr().out
    assert main(["rule", "chess", "e4"]) == 2
    assert "unknown game" in capsys.readouterr().err

"""Provenance you can see: every event cites a rule, and every event whose content comes from
assumed data, an invented rule or a chosen reading is marked assumed.

Decided from the data files' own provenance, not from the game code: the data references an event
carries (``unit``, ``monster``, ``area``/``from``/``to``, ``refs``; see ``gods_war.provenance``) are
looked up in the loaded files with ``GameData.provenance_of``.
"""
from __future__ import annotations

import re

import pytest

from rules_lib.core.data import parse_path
from rules_lib.games.gods_war import GAME, VARIANTS, new_game
from rules_lib.games.gods_war.data import default_data

SCENARIOS = ("both", "androgeus", "arachne_solara", "disagreement")
AMB = re.compile(r"GW-AMB-\d+")
REASON = re.compile(r"^(assumed: |default reading of GW-AMB-\d+: |variant reading: )")


def _unit_path(files, kind: str) -> tuple[str, tuple]:
    tree = files["empires"].tree
    for empire, body in tree["empires"].items():
        if kind in body["units"]:
            return "empires", ("empires", empire, "units", kind)
    assert kind in tree["elder_races"], f"unknown unit {kind!r}"
    return "empires", ("elder_races", kind)


def references(data: dict) -> list[tuple[str, tuple]]:
    """(file, path) of every data value an event says it applied."""
    files = default_data().files
    out = []
    if "unit" in data:
        out.append(_unit_path(files, data["unit"]))
    if "monster" in data:
        out.append(("monsters", ("cards", data["monster"])))
    for key in ("area", "from", "to"):
        if key in data:
            assert data[key] in files["map"].tree["areas"], data
            out.append(("map", ("areas", data[key])))
    for ref in data.get("refs", ()):
        name, _, path = ref.partition(":")
        files[name].get(path)  # the reference exists
        out.append((name, parse_path(path)))
    return out


def assumed_refs(data: dict) -> list[str]:
    files = default_data().files
    return [f"{f}:{'.'.join(map(str, p))}" for f, p in references(data)
            if files[f].provenance_of(p).kind == "assumed"]


def played_logs():
    """Seeded games of every scenario, both policy kinds, and one game per rule variant."""
    for scenario in SCENARIOS:
        for seed, policy in ((0, "heuristic"), (1, "random"), (2, "random"), (3, "heuristic")):
            g = new_game(scenario, seed=seed, policies={p: policy for p in GAME.players})
            g.run_to_end()
            yield f"{scenario}/{seed}/{policy}", g.log
    for i, v in enumerate(VARIANTS):
        g = new_game("both", seed=10 + i, variants=[v.name],
                     policies={p: "random" for p in GAME.players})
        g.run_to_end()
        yield f"both/{10 + i}/{v.name}", g.log


@pytest.fixture(scope="module")
def logs():
    return list(played_logs())


def test_every_event_cites_a_rule(logs):
    for name, log in logs:
        assert all(e.rule for e in log), name


def test_every_event_applying_assumed_data_is_marked_assumed(logs):
    unmarked = []
    for name, log in logs:
        for e in log:
            bad = assumed_refs(e.data)
            if bad and not e.assumed:
                unmarked.append(f"{name} #{e.index} {e.message!r}: {bad}")
    assert not unmarked, "\n".join(unmarked[:20])


def test_every_event_of_the_assumed_base_game_is_marked_assumed(logs):
    for name, log in logs:
        for e in log:
            if "(assumed)" in e.rule.split(";")[0]:
                assert e.assumed, f"{name}: {e.message!r} [{e.rule}]"


def test_assumed_reasons_are_short_and_name_their_ambiguity(logs):
    for name, log in logs:
        for e in log:
            if not e.assumed:
                continue
            for reason in e.assumed.split("; "):
                assert REASON.match(reason), f"{name}: {reason!r}"
            assert len(e.assumed) < 300, e.assumed
            for amb in AMB.findall(e.assumed):
                assert amb in e.ids, f"{name}: {e.message!r} reads {amb} but ids={e.ids}"


def test_an_ambiguity_named_in_a_message_is_in_the_events_ids(logs):
    for name, log in logs:
        for e in log:
            for amb in AMB.findall(e.message):
                assert amb in e.ids, f"{name}: {e.message!r} ids={e.ids}"


def test_the_rulebooks_own_content_is_not_marked_assumed(logs):
    """The expansion's own rules stay unmarked: placement in a named area, Council VP, Lust's
    choice of target, the ban on moving Monsters, Empowering the Web."""
    plain = {}
    for _, log in logs:
        for e in log:
            if not e.assumed:
                plain.setdefault(e.rule, 0)
                plain[e.rule] += 1
                assert not assumed_refs(e.data), e.message
    for rule in ("Androgeus card (Council Phase)",
                 "Androgeus card (Placement); XIII. Monsters - Cosmic Monsters",
                 "Arachne Solara card: Empowering the Web (Council Phase)",
                 "XIII. Monsters - Monster Card (Movement)",
                 "Arachne Solara card (Killing Arachne Solara)"):
        assert plain.get(rule), rule


def test_events_carry_the_references_a_reader_needs(logs):
    kinds = {"summon": "unit", "roll": "refs"}
    seen = set()
    for _, log in logs:
        for e in log:
            if e.kind in kinds:
                assert kinds[e.kind] in e.data, e.message
            seen.update(k for k in ("unit", "monster", "area", "from", "to", "refs") if k in e.data)
    assert seen == {"unit", "monster", "area", "from", "to", "refs"}

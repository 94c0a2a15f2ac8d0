"""Provenance in the log: every event cites a rule, and every event whose content rests on an
assumed data value is marked assumed.

Which events rest on assumed data is decided here, not by the game: each event names the data it
uses in ``event.data`` (a Hive, a unit type's pips, a Fort, an FX, a chit, a table row ...); this
test maps those references to paths in the data files itself and asks the files' own provenance.
The road network and City positions are the board itself (assumed as a whole, drawn on every map
and listed in the provenance report): a move along a road is not marked for it."""
from __future__ import annotations

import re

import pytest

from rules_lib.games.ginormopod import VARIANTS, new_game
from rules_lib.registry import get_game

ID = re.compile(r"^GIN-[A-Z]+-\d+$")


def _formation_side(data, formation):
    return next(side for side, forms in data.formations.items() if formation in forms)


def referenced_paths(data, ev):
    """(file, path) of every data value the event's references point at."""
    d = ev.data
    out = []
    if d.get("hive"):
        hive = (f"{data.map_variant}.hives.{d['hive']}" if data.map_variant
                else f"hives.{d['hive']}")  # a map variant's Hives are its own section's
        out += [("map", hive), ("map", f"{hive}.formation")]
    if "placement" in d:
        out.append(("units", f"human_setup.placements[{d['placement']}]"))
    if "guard_roll" in d:
        out.append(("tables", f"national_guard_table.results.{d['guard_roll']}"))
    if d.get("guard"):
        out.append(("units", "guards"))
    if d.get("chit"):
        chit = d["chit"]
        if chit in data.fx:
            out.append(("chits", f"fx.{chit}.side"))
        elif chit in data.activation:
            out.append(("chits", f"activation.{chit}"))
            side = _formation_side(data, data.activation[chit].formation)
            out.append(("units", f"formations.{side}"))
        else:
            out.append(("chits", "end_chits.count"))
    if d.get("formation"):
        out.append(("units", f"formations.{_formation_side(data, d['formation'])}"))
    for unit_type, reduced, armed in d.get("fighters", ()):
        t = data.types[unit_type]
        if t.no_reduced_side:
            if armed:
                out.append(("units", f"types.{unit_type}.revealed_armed"))
        else:
            out.append(("units", f"types.{unit_type}.{'reduced' if reduced else 'fresh'}"))
    if d.get("fort"):
        out.append(("map", f"forts.{d['fort']}.strength"))
    if d.get("fx_effect"):
        fx = d["fx_effect"]
        out += [("chits", f"fx.{fx}.effect.{key}") for key in dict.keys(data.fx[fx].effect)]
    if d.get("fx_side"):
        out.append(("chits", f"fx.{d['fx_side']}.side"))
    if "danger_space" in d:
        out.append(("tables", f"danger_track.symbols[{d['danger_space']}]"))
    if d.get("flag"):
        out.append(("map", f"flags.{d['flag']}"))
    if d.get("allied_units"):
        out.append(("units", "allied_units"))
    return out


def assumed_sources(data, ev):
    """The assumed data values among the event's references (file:path: reason)."""
    out = []
    for file, path in referenced_paths(data, ev):
        prov = data.sources[file].provenance_of(path)
        assert prov is not None, f"{file}:{path} has no provenance at all"
        if prov.kind == "assumed":
            out.append(f"{file}:{path}: {prov.text}")
    return out


# events that must name the data they rest on (so the check above cannot be dodged)
MUST_REFER = [
    (lambda e: e.message.startswith("Hive "), "hive"),
    (lambda e: e.message.startswith("Drawn: "), "chit"),
    (lambda e: e.message.startswith("National Guard roll"), "guard_roll"),
    (lambda e: e.kind == "reveal", "guard"),
    (lambda e: e.kind == "fx", "fx_effect"),
    (lambda e: e.kind == "roll" and "faces" in e.data, "fighters"),
    (lambda e: e.kind == "fort" and e.message.startswith("The Fort at") and "hit" in e.message
     or "last box" in e.message, "fort"),
    (lambda e: e.kind == "danger" and "advances the Danger marker" in e.message, "fx_side"),
    (lambda e: e.kind == "step" and "activates:" in e.message, "formation"),
    (lambda e: e.kind == "setup" and e.phase == "Set-Up" and " in " in e.message
     and e.message[0].isdigit(), "placement"),
]


def games():
    entry = get_game("ginormopod")
    for scenario in entry.scenarios:
        for seed in (1, 2, 3):
            for kind in ("random", "heuristic"):
                yield new_game(scenario=scenario, seed=seed,
                               policies=entry.make_policies({"Swarm": kind, "Human": kind}))
        for kind in ("random", "heuristic"):  # every variant at once: its events too
            yield new_game(scenario=scenario, seed=4, variants=[v.name for v in VARIANTS],
                           policies=entry.make_policies({"Swarm": kind, "Human": kind}))


@pytest.fixture(scope="module")
def logs():
    out = []
    for game in games():
        game.run_to_end()
        out.append((game.ctx.data, game.log))
    return out


def test_every_event_cites_a_rulebook_section_and_well_formed_ids(logs):
    for _, log in logs:
        for ev in log:
            assert ev.rule.startswith("Ginormopod: "), ev.message
            assert all(ID.match(i) for i in ev.ids), (ev.message, ev.ids)
            for amb in re.findall(r"GIN-[A-Z]+-\d+", ev.message):
                assert amb in ev.ids, f"{amb} named in the text but not in ids: {ev.message}"
            assert "assumed" not in ev.message, f"assumption in the message text: {ev.message}"


def test_every_event_resting_on_assumed_data_is_marked_assumed(logs):
    checked = 0
    for data, log in logs:
        for ev in log:
            sources = assumed_sources(data, ev)
            if sources:
                checked += 1
                assert ev.assumed, f"{ev.message!r} rests on {sources} but is not marked assumed"
    assert checked > 100


def test_events_name_the_data_they_rest_on(logs):
    for _, log in logs:
        for ev in log:
            for applies, key in MUST_REFER:
                if applies(ev):
                    assert key in ev.data, f"{ev.message!r} does not name its {key!r}"


def test_events_applying_a_default_reading_cite_the_ambiguity(logs):
    for _, log in logs:
        for ev in log:
            for amb in re.findall(r"GIN-AMB-\d+", ev.assumed):
                assert amb in ev.ids, f"{ev.message!r} applies {amb} without citing it in ids"


def test_rulebook_events_are_not_marked(logs):
    """The rulebook's own procedure is not flagged: turn and phase boundaries carry no mark."""
    for _, log in logs:
        for ev in log:
            if ev.kind in ("turn", "phase"):
                assert not ev.assumed, ev.message

"""Provenance you can see (DESIGN principle 8): in seeded games of every scenario, with both
Marine policies, every event cites a rule, and every event whose content comes from an assumed
data value is marked ``assumed``.

Whether an event's content is assumed is decided here from the data files' own provenance, not
from the game code: the event names the data it applies (``event.data``: ``chit`` with
``chit_paths``, ``weapon``, ``values`` as ``"file:path"``, ``hex``/``hexes`` on the Mapzone, see
``rules_lib/games/space_vermin/provenance.py``); this test finds those values in the loaded
``GameData`` and asks ``provenance_of``. Independent checks tie kinds of events to the references
they must carry (a Vermite step names its hex, a shot its CF and DN, a chit event its chit).
"""

from __future__ import annotations

from functools import cache

import pytest

from rules_lib.games.space_vermin import VARIANTS, new_game
from rules_lib.games.space_vermin.data import load_game_data
from rules_lib.registry import get_game

DATA = load_game_data()
SOURCES = DATA.sources
GAME = get_game("space_vermin")
CHITS = {c.name: i for i, c in enumerate(DATA.event_chits)}
WEAPONS = {w.name: i for i, w in enumerate(DATA.secret_weapons)}
ALL_VARIANTS = tuple(v.name for v in VARIANTS)

GAMES = [  # every scenario; both Marine policies; the rulebook's card, the invented one, all
    (scenario, policy, seed, variants)  # variants at once
    for scenario in GAME.scenarios
    for policy, seed, variants in (("heuristic", 1, ()), ("random", 2, ("invented_event_chit_card",)),
                                   ("heuristic", 3, ALL_VARIANTS))
]


def is_assumed(file: str, path: str) -> bool:
    """What the data file says about one value: its nearest provenance is ``assumed``."""
    SOURCES[file].get(path)  # the reference must name a value that exists
    prov = SOURCES[file].provenance_of(path)
    return prov is not None and prov.kind == "assumed"


@cache
def map_is_assumed(map_key: str) -> bool:
    """Hex places (the ``columns`` layout) of a Mapzone: assumed unless the file says otherwise."""
    return is_assumed(map_key, "columns")


def assumed_sources(event, map_key: str) -> list[str]:
    """The assumed data an event's references point to (empty: all the rulebook's)."""
    data = event.data
    found = []
    chit = data.get("chit")
    if chit is not None:
        i = CHITS[chit]
        for part in data.get("chit_paths", []):
            if is_assumed("chits", f"event_chits[{i}].{part}"):
                found.append(f"chit {chit} {part}")
    weapon = data.get("weapon")
    if weapon is not None:
        i = WEAPONS[weapon]
        for part in ("effect", "targets"):
            if is_assumed("chits", f"secret_weapons[{i}].{part}"):
                found.append(f"weapon {weapon} {part}")
    for ref in data.get("values", []):
        file, path = ref.split(":", 1)
        if is_assumed(file, path):
            found.append(ref)
    if (data.get("hex") is not None or data.get("hexes")) and map_is_assumed(map_key):
        found.append(f"{map_key} layout")
    return found


@cache
def played(scenario: str, policy: str, seed: int, variants: tuple[str, ...]):
    """One seeded game, played to its end: (its events, the Mapzone of each event)."""
    game = new_game(scenario, seed=seed, variants=variants,
                    policies=GAME.make_policies({"Marines": policy, "Vermites": "random"}))
    maps = []
    for _ in range(GAME.max_events):
        event = game.step_event()
        if event is None:
            break
        maps.append(game.state.map)
    assert game.finished
    return game.log, maps


@pytest.mark.parametrize("scenario,policy,seed,variants", GAMES)
def test_every_event_cites_a_rule_and_assumed_content_is_marked(scenario, policy, seed, variants):
    log, maps = played(scenario, policy, seed, variants)
    unmarked = []
    for event, map_key in zip(log, maps):
        assert event.rule.startswith("Space Vermin §"), event.message
        assert all(i.startswith("SV-") for i in event.ids), event.message
        sources = assumed_sources(event, map_key)
        if sources and not event.assumed:
            unmarked.append(f"{event.message} <- {sources}")
    assert not unmarked, "\n".join(unmarked[:20])


@pytest.mark.parametrize("scenario,policy,seed,variants", GAMES)
def test_events_carry_the_references_their_kind_needs(scenario, policy, seed, variants):
    log, _ = played(scenario, policy, seed, variants)
    for event in log:
        data = event.data
        if event.kind == "step_detail":  # a Vermite's step: where the map sent it
            assert data.get("hex") == data["to"], event.message
        if "cf" in data and "dn" in data:  # a shot or an attack: whose printed CF and DN
            assert data.get("values"), event.message
        if event.message.startswith("Event Chit drawn") or event.message.startswith(
                "Queen's Preferred Direction"):
            assert data.get("chit") in CHITS and data.get("chit_paths"), event.message
        if event.kind == "move" and "mp" in data and "units" not in data:  # a Marine's move
            assert data.get("hex") == data["to"], event.message
        if "detonates" in event.message:
            assert data.get("weapon") in WEAPONS, event.message


def test_a_chit_without_a_stated_effect_is_marked_and_a_stated_one_is_not():
    for chit in ("Fog Bank", "Vermites Molt", "Bogs Flood", "Queen's B.U.R.P."):
        i = CHITS[chit]
        stated = not is_assumed("chits", f"event_chits[{i}].effect")
        assert stated == (chit in ("Bogs Flood", "Queen's B.U.R.P.")), chit
    log, _ = played("family_jewels", "heuristic", 1, ())
    effects = [e for e in log if "effect" in e.data.get("chit_paths", [])
               and not any(i.startswith("SV-AMB") for i in e.ids)]  # (no reading involved)
    assert effects
    for e in effects:
        stated = not is_assumed("chits", f"event_chits[{CHITS[e.data['chit']]}].effect")
        named = not is_assumed("chits", f"event_chits[{CHITS[e.data['chit']]}].name")
        assert bool(e.assumed) == (not (stated and named)), e.message

"""Provenance you can see: every event cites a rule, and every event whose content comes from
assumed data, an invented rule or a reading of an ambiguity is marked assumed.

Whether content is assumed is decided here from the data files' own provenance, not from the
game's code: an event's data references ("card", "cards", "tile", "store", "values") are looked up
in the loaded files (``GameData.provenance_of``), and any event naming a card of the (assumed)
deck is checked too.
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from rules_lib.games.zombies_giants import GAME, new_game
from rules_lib.games.zombies_giants import variants as V
from rules_lib.games.zombies_giants.data import default_data

CATALOGUE_ID = re.compile(r"^ZGC-[A-Z]+-\d{2}$")
POLICIES = ("heuristic", "random")
EVERY_VARIANT_BUT_ONE_HEARTS_READING = [
    v.name for v in GAME.variants if v.name != V.SIZE_SECTION_HEARTS
]


@cache
def logs(scenario: str, policy: str, seed: int, variants: tuple[str, ...] = ()):
    g = new_game(scenario, seed=seed, variants=variants,
                 policies=GAME.make_policies({p: policy for p in GAME.players}))
    g.run_to_end()
    return tuple(g.log)


def games():
    for i, scenario in enumerate(GAME.scenarios):
        for policy in POLICIES:
            yield logs(scenario, policy, i + 1)
    yield logs("team", "random", 3, tuple(EVERY_VARIANT_BUT_ONE_HEARTS_READING))
    yield logs("huge", "heuristic", 5, (V.SIZE_SECTION_HEARTS,))


def data_refs(event) -> list[tuple[str, str]]:
    """(file, path) of every data value the event says its content comes from."""
    d = event.data
    out = [("events", f"cards.{c}") for c in [d.get("card")] + list(d.get("cards", ())) if c]
    if d.get("tile"):
        out.append(("town", f"tiles.{d['tile']}"))
    if d.get("store"):  # a part-source store: the Craftable Items lists
        crafting = default_data().crafting
        out += [("crafting", f"{kind}.sources") for kind in ("size_ray", "potion_kit",
                                                             "body_armour")
                if d["store"] in crafting[kind]["sources"]]
    for ref in d.get("values", ()):
        file, _, path = ref.partition(":")
        out.append((file, path))
    return out


def assumed_in_data(file: str, path: str) -> bool:
    files = default_data().files
    assert files[file].get(path, None) is not None, f"{file}:{path} is not in the data"
    prov = files[file].provenance_of(path)
    return prov is not None and prov.kind == "assumed"


@cache
def card_names() -> tuple[str, ...]:
    return tuple(default_data().cards)


def test_every_event_cites_a_rule_and_real_catalogue_ids():
    for log in games():
        for e in log:
            assert e.rule.startswith("Zombies!!! Giants-Club"), e
            assert all(CATALOGUE_ID.match(i) for i in e.ids), e


def test_every_event_built_on_assumed_data_is_marked_assumed():
    checked = 0
    for log in games():
        for e in log:
            refs = data_refs(e)
            if any(assumed_in_data(f, p) for f, p in refs):
                assert e.assumed, f"{e.message!r} draws on assumed data {refs} but is not marked"
                checked += 1
            # a card's play or draw is marked on the event that applies it (a player's choice
            # to play one is not: the choice has no effect of its own)
            if e.kind != "decision" and any(name in e.message for name in card_names()):
                assert e.assumed, f"{e.message!r} names a card of the assumed deck"
    assert checked > 100


def test_an_event_citing_an_ambiguity_names_its_reading_and_the_reverse():
    for log in games():
        for e in log:
            named = set(re.findall(r"ZGC-AMB-\d{2}", e.assumed))
            cited = {i for i in e.ids if "-AMB-" in i}
            assert named <= cited, e
            if cited:
                assert e.assumed, f"{e.message!r} cites {cited} without its reading"


def test_variant_readings_are_marked_as_variants_where_they_apply():
    seen = set()
    for log in games():
        for e in log:
            seen.update(re.findall(r"variant (\w+)", e.assumed))
    # the variants a long random game reaches, each cited by name on the events applying it
    assert {V.EVENT_ONCE_PER_ROUND, V.PLAIN_ADVANTAGE, V.TARGET_MUST_BE_EXCEEDED,
            V.ZOMBIES_CHASE_NEAREST, V.START_HEARTS_ARE_HALVES, V.SIZE_SECTION_HEARTS} <= seen


@pytest.mark.parametrize("file,path", [("rules", "game.max_turns"), ("rules", "vent_cost"),
                                       ("crafting", "parts_per_store_visit"),
                                       ("events", "cards.Grenade.effect"),
                                       ("town", "tiles.Hospital.zombies")])
def test_the_data_marks_its_fill_ins_assumed(file, path):
    assert assumed_in_data(file, path)


def test_the_card_specific_size_limits_are_the_rulebooks():
    prov = default_data().files["events"].provenance_of("cards.Skateboard.usable_by.Big")
    assert prov.kind == "rulebook" and "Skateboard" in prov.text

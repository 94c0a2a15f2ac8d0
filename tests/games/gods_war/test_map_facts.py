"""Map facts the rulebook states (GW-MF-01..05), checked against the board and its data.

The text names five places: Altinela, Inner Hell, Hell, the Heavens and the Spike. They carry the
rulebook's provenance in map.yaml; every other area, every position and every border is assumed.
"""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import androgeus, new_game
from rules_lib.games.gods_war.board import adjacent, board_for, is_adjacent
from rules_lib.games.gods_war.data import NAMED_AREAS
from rules_lib.games.gods_war.turn import spike_explodes, summon


def provenance(gw, area):
    return gw.data.files["map"].provenance_of(("areas", area))


def test_only_the_areas_the_text_names_carry_the_rulebooks_provenance(gw):
    named = [a for a in gw.data.areas if provenance(gw, a).kind == "rulebook"]
    assert sorted(named) == sorted(NAMED_AREAS)
    assert all(provenance(gw, a).kind == "assumed" for a in gw.data.areas if a not in named)
    assert gw.data.files["map"].provenance_of("borders").kind == "assumed"


@pytest.mark.rule("GW-MF-01", "GW-AND-02")
def test_altinela_is_a_named_area_of_the_map_where_androgeus_is_placed(gw):
    assert "Altinela" in board_for(gw.data).locations()
    assert provenance(gw, "Altinela").kind == "rulebook"
    assert gw.data.cards["Androgeus"].placement_area == "Altinela"
    assert gw.data.files["monsters"].provenance_of("cards.Androgeus.placement").kind == "rulebook"


@pytest.mark.rule("GW-MF-02", "GW-ARA-02", "GW-ARA-12")
def test_inner_hell_is_a_named_area_of_hell_where_arachne_starts_and_returns(gw):
    assert "Inner Hell" in board_for(gw.data).locations()
    assert provenance(gw, "Inner Hell").kind == "rulebook"
    assert gw.data.realm("Inner Hell") == "hell"  # GW-AMB-06's default reading, in the data
    assert gw.data.files["map"].provenance_of("areas.Inner Hell.realm").text.startswith(
        "default reading of GW-AMB-06")
    arachne = gw.data.cards["Arachne Solara"]
    assert arachne.placement_area == "Inner Hell"
    assert arachne.killing["spike_explosion_area"] == "Inner Hell"


@pytest.mark.rule("GW-MF-03")
def test_hell_and_the_heavens_lie_off_the_surface_world_where_the_web_is_spun(gw):
    assert gw.data.realm("Hell") == "hell" and gw.data.realm("the Heavens") == "heavens"
    for a in ("Hell", "the Heavens"):
        assert gw.data.files["map"].provenance_of(("areas", a, "realm")).kind == "rulebook"
    surface = gw.data.surface_areas()
    assert surface and not {"Hell", "Inner Hell", "the Heavens"} & set(surface)


@pytest.mark.rule("GW-MF-04", "GW-ARA-12")
def test_the_spike_is_a_named_area_that_explodes_in_play(gw):
    assert "the Spike" in board_for(gw.data).locations()
    assert provenance(gw, "the Spike").kind == "rulebook"
    s = gw.state(monsters=["Arachne Solara"], experienced=False, Arachne_Solara="the Spike")
    events = gw.run(spike_explodes(s, gw.ctx()))
    assert s.spike_exploded and events[0].data["area"] == "the Spike"
    assert "GW-MF-04" in events[0].ids and events[0].assumed  # when it explodes is assumed
    g = new_game("arachne_solara", seed=2)
    g.run_to_end()
    when = gw.data.get("base_game.spike.explodes_on_turn")
    blast = [e for e in g.log if "GW-MF-04" in e.ids]
    assert len(blast) == 1 and blast[0].turn == when


@pytest.mark.rule("GW-MF-05", "GW-TRIG-01")
def test_areas_have_adjacency_from_the_borders_and_lust_reads_it(gw):
    board = board_for(gw.data)
    edges = {frozenset(b) for b in gw.data.borders}
    for a in gw.data.areas:
        assert set(adjacent(gw.data, a)) == {b for e in edges if a in e for b in e if b != a}
        assert all(is_adjacent(gw.data, b, a) for b in board.neighbors(a))  # symmetric
    s = gw.state(Androgeus="Altinela")
    aura = set(adjacent(gw.data, "Altinela")) | {"Altinela"}
    for area in gw.data.surface_areas():
        expected = "same" if area == "Altinela" else "adjacent" if area in aura else None
        assert androgeus.lust_applies(s, gw.data, area) == expected
    far = next(a for a in gw.data.surface_areas() if a not in aura)
    gw.run(summon(s, gw.ctx(), "Storm", "Storm Warrior", far))
    assert s.stats.get("lust_summons", 0) == 0 and s.monster_area("Androgeus") == "Altinela"

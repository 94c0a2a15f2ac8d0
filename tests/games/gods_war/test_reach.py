"""The Reach picture of the Gods War: where a Cosmic Monster's next move (its own trigger) can take
it — checked against the engine: the destinations Spinning the Web offers, the areas Lust moves
Androgeus into, and every Monster move of seeded games."""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import GAME
from rules_lib.games.gods_war.androgeus import lust
from rules_lib.games.gods_war.arachne_solara import spin
from rules_lib.games.gods_war.reach import movement_reach


def _next(reach: dict[str, int]) -> set[str]:
    return {area for area, moves in reach.items() if moves == 1}


@pytest.mark.rule("GW-ARA-05")
def test_arachne_in_hell_reaches_every_surface_area_without_a_web_token(gw):
    s = gw.state(Arachne_Solara="Inner Hell")
    s.web_tokens.append("Fronela")
    reach = movement_reach(s, "Arachne Solara")
    assert reach["Inner Hell"] == 0
    assert _next(reach) == set(gw.data.surface_areas()) - {"Fronela"}
    _, asked = gw.asked(spin(s.copy(), gw.ctx(), "Storm"))
    assert set(asked[0].options) == _next(reach)  # what the engine offers the spinner


@pytest.mark.rule("GW-ARA-06", "GW-AMB-06")
def test_arachne_on_the_surface_reaches_hell_and_the_heavens_by_either_reading(gw):
    s = gw.state(Arachne_Solara="Altinela")
    reach = movement_reach(s, "Arachne Solara")
    assert _next(reach) == {"Hell", "Inner Hell", "the Heavens"}
    _, asked = gw.asked(spin(s.copy(), gw.ctx(), "Storm"))
    assert set(asked[0].options) == _next(reach)
    s.variants = ["spin_to_hell_area_only"]
    reach = movement_reach(s, "Arachne Solara")
    assert _next(reach) == {"Hell", "the Heavens"}
    _, asked = gw.asked(spin(s.copy(), gw.ctx(variants=["spin_to_hell_area_only"]), "Storm"))
    assert set(asked[0].options) == _next(reach)


@pytest.mark.rule("GW-ARA-05")
def test_arachne_stays_put_when_no_empire_can_pay_for_spinning(gw):
    s = gw.state(Arachne_Solara="Inner Hell", power=0)
    assert movement_reach(s, "Arachne Solara") == {"Inner Hell": 0}
    with pytest.raises(ValueError, match="cannot pay"):
        gw.run(spin(s.copy(), gw.ctx(), "Storm"))


@pytest.mark.rule("GW-AND-05", "GW-MOVE-01")
def test_androgeus_reaches_the_adjacent_areas_where_lust_moves_him(gw):
    s = gw.state(Androgeus="Altinela")
    reach = movement_reach(s, "Androgeus")
    assert reach["Altinela"] == 0 and _next(reach)
    for area in gw.data.areas:
        if area == "Altinela":
            continue
        played = s.copy()
        gw.run(lust(played, gw.ctx(), "Storm", area))
        moved = played.monster_area("Androgeus") == area
        assert moved == (area in _next(reach)), area


@pytest.mark.rule("GW-AMB-02")
def test_under_lust_no_move_androgeus_reaches_nowhere_else(gw):
    s = gw.state(Androgeus="Altinela")
    s.variants = ["lust_no_move"]
    assert movement_reach(s, "Androgeus") == {"Altinela": 0}
    gw.run(lust(s, gw.ctx(variants=["lust_no_move"]), "Storm", "Kethaela"))
    assert s.monster_area("Androgeus") == "Altinela"


def test_only_a_monster_on_the_map_has_a_reach(gw):
    s = gw.state(monsters=("Androgeus",))
    with pytest.raises(ValueError, match="Androgeus is not on the map"):
        movement_reach(s, "Androgeus")
    with pytest.raises(ValueError, match="Storm King is not a Cosmic Monster"):
        movement_reach(s, "Storm King")


@pytest.mark.rule("GW-AND-05", "GW-ARA-05", "GW-ARA-06")
def test_every_monster_move_of_seeded_games_goes_where_the_reach_said():
    moves = 0
    for seed in range(4):
        game = GAME.new_game(seed=seed)
        while game.state.result is None:
            before = game.state.copy()
            event = game.step_event()
            if event is None:
                break
            data = getattr(event, "data", None) or {}
            if getattr(event, "kind", "") == "move" and data.get("monster"):
                reach = movement_reach(before, data["monster"])
                assert reach.get(data["to"]) == 1, (seed, event.message)
                moves += 1
    assert moves > 10

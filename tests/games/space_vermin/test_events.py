"""Event Chit draws (§D): one at random, two and a choice after a Successful Recon (§I-4-a, §O)."""

from __future__ import annotations

import pytest

from rules_lib.games.space_vermin.events import draw_event_chit, fill_event_cup
from rules_lib.games.space_vermin.marine_fire import resolve_fire

from .sv_helpers import dice, run, table


@pytest.mark.rule("SV-SETUP-03", "SV-EVT-01", "SV-EVT-02", "SV-MAP-02")
def test_the_event_cup_holds_fifteen_chits_and_a_drawn_chit_is_used_up():
    state = table({})
    ctx = dice(15)
    fill_event_cup(state, ctx)
    assert len(state.event_cup) == 15
    assert all(u.status == "cup" for u in state.units if not u.is_marine)  # the other cup
    last = state.event_cup[-1]
    run(draw_event_chit(state, ctx))
    assert state.active_event == last and last not in state.event_cup
    assert state.events_used == [last] and len(state.event_cup) == 14


@pytest.mark.rule("SV-RECON-05", "SV-TWO-03")
def test_after_a_successful_recon_the_marines_draw_two_and_return_one():
    state = table({}, successful_recon=True)
    ctx = dice(1, 1)
    fill_event_cup(state, ctx)
    first, second = state.event_cup[0], state.event_cup[1]
    events = run(draw_event_chit(state, ctx), answers=[second])
    assert events[0].data["decision"] == "event_chit" and "Marines chooses" in events[0].message
    assert state.active_event == second and first in state.event_cup
    assert len(state.event_cup) == 14 and not state.successful_recon


@pytest.mark.rule("SV-TWO-02")
def test_two_player_vermites_draw_two_and_choose():
    state = table({})
    ctx = dice(2, 3, variants=["two_player"])
    fill_event_cup(state, ctx)
    events = run(draw_event_chit(state, ctx))
    assert "Vermites chooses" in events[0].message and len(state.event_cup) == 14


@pytest.mark.rule("SV-MAP-02")
def test_destroyed_tunnel_exit_chits_go_to_the_vermite_unit_cup_not_the_event_cup():
    state = table({"Squad 1": "514"}, tunnel_exits={"4": "collapsed"})
    fill_event_cup(state, dice())
    run(resolve_fire(state, dice(6, 6, 1, 1, 1), "Squad 1", "Tunnel Exit 4"))
    assert state.cup_tunnel_exits == ["4"] and "4" not in state.event_cup


@pytest.mark.rule("SV-EVT-06", "SV-S1-16", "SV-EVT-05")
def test_preferred_direction_blue_south_of_the_road_yellow_on_or_north_of_it():
    from rules_lib.games.space_vermin.events import preferred_direction

    from .sv_helpers import ALPHA, BETA

    exit3 = ALPHA.tunnel_exit_hex(3)  # the movement example: NAT Plague sends this Soldier north
    assert preferred_direction("NAT Plague", ALPHA, exit3) == 1
    road = ALPHA.hex(ALPHA.mdata.roads[0][5])
    assert preferred_direction("Bogs Flood", ALPHA, road) == 1  # on the road: yellow
    assert preferred_direction("Bogs Flood", ALPHA, ALPHA.nests[1]) == 4  # south: blue
    assert preferred_direction("Bogs Flood", BETA, BETA.hex(111)) == "*"
    with pytest.raises(KeyError, match="Frog Rain"):
        preferred_direction("Frog Rain", ALPHA, exit3)

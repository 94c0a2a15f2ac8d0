"""XIII. Monsters - Being Routed by a Monster: the log's reason when a controlled Monster attacks.

How a player comes to control a Monster is not in the text (GW-AMB-10); the default reading keeps
every Monster uncontrolled. A position may still give one a controller by hand: then the events of
that controller choosing rout destinations must say that the control is assumed, not that Monsters
are uncontrolled.
"""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war.battle import resolve_battle

from .conftest import BLANK, ROUT


@pytest.mark.rule("GW-ROUT-01", "GW-AMB-10")
def test_a_controlled_monsters_rout_events_say_the_control_is_assumed(gw):
    s = gw.state(Androgeus="Altinela")
    s.monsters["Androgeus"].controller = "Earth"
    gw.put(s, "Sea", "Sea Folk", "Altinela")
    events = gw.run(resolve_battle(s, gw.ctx([ROUT] + [BLANK] * 5 + [BLANK]), "Altinela",
                                   "Androgeus", "Sea"), answers=["Jrustela"])
    chosen = [e for e in events if "GW-ROUT-01" in e.ids]
    assert [p.area for p in s.pieces] == ["Jrustela"]
    assert len(chosen) == 3  # who chooses, the choice, the rout
    for event in chosen:
        assert "Monsters are uncontrolled" not in event.assumed, event.message
        assert "control a Monster is not in the text" in event.assumed, event.message

"""The Council Phase: the assumed base game's income and building VP, then the Cosmic Monsters'
Council abilities (Androgeus' VP, Empowering the Web), in that order and in player order.

The base game's income has no catalogue ID (it is assumed, base_game.yaml); the Monsters' abilities
carry theirs.
"""
from __future__ import annotations

import pytest

from rules_lib.games.gods_war import androgeus, arachne_solara
from rules_lib.games.gods_war import provenance as why
from rules_lib.games.gods_war.council import BASE_COUNCIL, INCOME_REFS, council_phase
from rules_lib.games.gods_war.data import load

from .conftest import GW

INCOME = {"base_game.council.power_base": 3, "base_game.council.power_per_building": 2,
          "base_game.council.vp_per_building": 5}


def stepped(proc, state, answers=()):
    """Run a procedure; each event with the phase and step the state shows when it is yielded."""
    answers, out, send = list(answers), [], None
    while True:
        try:
            item = proc.send(send)
        except StopIteration:
            return out
        send = answers.pop(0) if hasattr(item, "options") else None
        out.append((item, state.phase, state.step))


def test_income_and_building_vp_are_the_datas_numbers_per_building():
    gw = GW(load(INCOME))
    s = gw.state(monsters=(), experienced=False, power=1)
    s.phase, s.step = "Action", "Storm"
    s.buildings = {"Dragon Pass": ["Storm"], "Prax": ["Storm", "Sea"]}
    for sheet in s.empires.values():
        sheet.vp = 2
    seen = stepped(council_phase(s, gw.ctx()), s)
    power = {e: s.empires[e].power for e in s.player_order}
    vp = {e: s.empires[e].vp for e in s.player_order}
    assert power == {"Storm": 1 + 3 + 2 * 2, "Sea": 1 + 3 + 2, "Earth": 4, "Invisible God": 4}
    assert vp == {"Storm": 2 + 5 * 2, "Sea": 2 + 5, "Earth": 2, "Invisible God": 2}
    income = [e for e, _, _ in seen if e.kind == "power"]
    assert [e.data for e in income] == [
        {"empire": n, "power": power[n], "vp": vp[n], "refs": INCOME_REFS} for n in s.player_order]
    assert income[0].message == "Storm: +7 power, +10 VP from 2 building(s)"
    assert all(e.rule == BASE_COUNCIL and e.assumed == why.COUNCIL for e, _, _ in seen)
    assert INCOME_REFS == ("base_game:council",)


@pytest.mark.rule("GW-AND-03", "GW-ARA-07")
def test_the_monsters_council_abilities_follow_the_income_as_their_own_step():
    gw = GW(load(INCOME))
    s = gw.state(Androgeus="Altinela", Arachne_Solara="Prax", power=0)
    s.phase, s.step = "Action", "Sea"
    gw.put(s, "Storm", "Storm Warrior", "Altinela")
    s.buildings = {"Prax": ["Earth"]}
    seen = stepped(council_phase(s, gw.ctx()), s, answers=["empower"])
    kinds = [(e.kind, phase, step) for e, phase, step in seen]
    assert kinds == [("phase", "Council", ""), *[("power", "Council", "")] * 4,
                     ("step", "Council", "Cosmic Monsters"), ("vp", "Council", "Cosmic Monsters"),
                     ("empower", "Council", "Cosmic Monsters"),  # Empowering asks Earth
                     ("power", "Council", "Cosmic Monsters")]
    assert seen[0][0].message == f"Turn {s.turn}: Council Phase"
    assert [e.rule for e, _, _ in seen[6:]] == [androgeus.COUNCIL, *[arachne_solara.EMPOWERING] * 2]
    assert seen[5][0].rule == BASE_COUNCIL and seen[5][0].assumed == why.COUNCIL
    assert s.empires["Storm"].vp == 1  # Androgeus' Council VP (no buildings: no building VP)
    assert s.empires["Earth"].power == 3 + 2 + 1 and s.empires["Earth"].web_token_on_sheet  # + 1 Empowering
    assert s.phase == "Council" and s.step == "Cosmic Monsters"


def test_empowering_comes_after_the_income_it_may_spend():
    """Empowering the Web is offered with the power the income has just paid."""
    gw = GW(load(INCOME))
    s = gw.state(monsters=["Arachne Solara"], experienced=False, Arachne_Solara="Prax", power=0)
    s.buildings = {"Prax": ["Earth"]}
    seen = stepped(council_phase(s, gw.ctx()), s, answers=["decline"])
    offer = next(e for e, _, _ in seen if getattr(e, "kind", "") == "empower")
    assert offer.rule == arachne_solara.EMPOWERING and s.empires["Earth"].power == 5

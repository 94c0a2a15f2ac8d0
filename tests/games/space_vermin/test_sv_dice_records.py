"""The dice definitions Space Vermin rolls (``dice.py``): each checked against the rule it stands
for, built afresh (``cache_clear``: a kept definition must not stand in for the code under test)."""

from __future__ import annotations

import pytest

from rules_lib.core.dice import ScriptedDice
from rules_lib.games.space_vermin import dice as svdice


@pytest.fixture(autouse=True)
def fresh_definitions():
    for made in (svdice.fire_pool, svdice.target_roll):
        made.cache_clear()


@pytest.mark.rule("SV-VATK-08", "SV-MCOMB-06")
def test_a_fire_pool_hits_on_each_die_that_exceeds_the_dn_unless_told_otherwise():
    """CF dice, each die strictly greater than the DN a hit: a 4 against DN 4 misses, a 5 hits."""
    pool = svdice.fire_pool(2, 4)
    assert pool.roll(ScriptedDice([4, 5]), "fire").value == 1
    assert pool == svdice.fire_pool(2, 4, "exceeds")


@pytest.mark.rule("SV-VATK-04")
def test_a_fire_pool_of_no_cf_or_less_rolls_no_dice_and_scores_nothing():
    dist = svdice.fire_pool(0, 1).dist()
    assert dist.prob(lambda hits: hits == 0) == 1
    assert svdice.fire_pool(-2, 1).dist().prob(lambda hits: hits == 0) == 1


@pytest.mark.rule("SV-RECON-03", "SV-RECON-04")
def test_a_target_roll_succeeds_at_the_target_or_more_with_its_modifier():
    """Recon: one die, +1 with an HQ, succeeds on a net 4 or more: a 3 with +1 succeeds, a 3
    alone fails, a 4 alone succeeds."""
    assert svdice.target_roll(4, 1).hits(3) is True
    assert svdice.target_roll(4).hits(3) is False
    assert svdice.target_roll(4).hits(4) is True
    assert svdice.target_roll(4).p_hit == pytest.approx(1 / 2)

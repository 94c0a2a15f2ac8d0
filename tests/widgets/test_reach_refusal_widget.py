"""A counter that does not move is an answer, not an error: the reach view shows the game's reason."""
from __future__ import annotations

from widgets import Explorer


def test_clicking_a_vermite_shows_why_it_has_no_marine_reach():
    ex = Explorer("space_vermin", scenario="family_jewels", seed=1)
    ex.show_tab("Reach")
    for _ in range(30):
        vermite = next((p for p in ex.entry.board_view.pieces(ex.game.state)
                        if p.get("side") == "Vermites" and p.get("loc") is not None), None)
        if vermite is not None:
            break
        ex.stepper.next_step()
    assert vermite is not None
    values = ex.reach.show_for(ex.board_view.resolve(vermite["loc"]), vermite)
    assert values == {} and ex.banner.message == ""
    assert ex.reach.summary.value  # the game's reason is shown

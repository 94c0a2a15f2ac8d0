"""A figure on the town (figures.py): where a carried Survivor is, where a Huge figure may stand,
and the steps a wall or a building bars, on the small hand-built town of ``zg_helpers``.

The Hardware Store east of the Town Square: building row y = 11 (x 12..14), a wall between
(12, 11) and the street (12, 10), its doorway between (13, 11) and (13, 10).
"""

from __future__ import annotations

import pytest

from rules_lib.core.boards import reach
from rules_lib.core.boards.base import UnknownLocation
from rules_lib.games.zombies_giants.data import build, load_files
from rules_lib.games.zombies_giants.figures import HugeView, squares_of, step_cost, steps_from
from rules_lib.games.zombies_giants.town import town_map

from .zg_helpers import make_state

WALLED = ((12, 10), (12, 11))
DOOR_OUT, DOOR_IN = (13, 10), (13, 11)


def fresh():
    """The small town and freshly built data (nothing cached from earlier tests)."""
    data = build(load_files())
    st = make_state(("Huge", "Normal"))
    return st, data, town_map(st, data)


@pytest.mark.rule("ZGC-CARRY-01", "ZGC-HUGE-01")
def test_a_carried_survivor_is_on_the_squares_of_the_huge_giant_carrying_it():
    st, data, _ = fresh()
    giant, rider = st.survivors
    giant.carrying, rider.carried_by, rider.loc = [rider.name], giant.name, None
    assert squares_of(st, data, rider) == [(10, 10), (11, 10)]


@pytest.mark.rule("ZGC-FIGHT-01")
def test_a_wall_bars_a_normals_step_between_street_and_building():
    _, data, tm = fresh()
    assert tm.crossing(*WALLED) == "wall"
    assert step_cost(tm, data, "Normal")(*WALLED) is None
    assert step_cost(tm, data, "Normal")(DOOR_OUT, DOOR_IN) == 1


@pytest.mark.rule("ZGC-HUGE-09")
def test_a_huge_one_square_step_never_passes_a_doorway_or_moves_inside():
    _, data, tm = fresh()
    cost = step_cost(tm, data, "Huge")
    assert cost(DOOR_OUT, DOOR_IN) is None and cost(DOOR_IN, (12, 11)) is None
    assert [nb for nb, _ in steps_from(tm, data, "Huge", DOOR_OUT)] == [(14, 10), (12, 10)]
    assert steps_from(tm, data, "Huge", DOOR_IN) == []


@pytest.mark.rule("ZGC-HUGE-01", "ZGC-HUGE-09")
def test_a_huge_figure_may_not_stand_on_a_building_square():
    _, data, tm = fresh()
    view = HugeView(tm, data)
    assert (10, 10) in view and (12, 11) not in view and [12, 11] not in view


@pytest.mark.rule("ZGC-HUGE-01")
def test_a_huge_move_from_a_building_square_names_the_huge_figures_board():
    _, data, tm = fresh()
    with pytest.raises(UnknownLocation) as err:
        reach(HugeView(tm, data), (12, 11), 3)
    assert err.value.board_name == "Giants-Club town (Huge figure)"

"""Game Start and the five-step turn, driven through the engine."""

from __future__ import annotations

import pytest

from rules_lib.core.engine import FirstOptionPolicy
from rules_lib.games.zombies_giants import new_game
from rules_lib.games.zombies_giants.data import default_data
from rules_lib.games.zombies_giants.events import deal_start_hands
from rules_lib.games.zombies_giants.tiles import draw_tile
from rules_lib.games.zombies_giants.town import placement_priority, placements, town_map

from .zg_helpers import ctx, make_state, messages, run


def start(scenario, variants=(), seed=0):
    g = new_game(
        scenario,
        seed=seed,
        variants=variants,
        policies={"Survivor 1": FirstOptionPolicy(), "Survivor 2": FirstOptionPolicy()},
    )
    while g.state.phase == "Set-Up" or g.state.phase == "Round":
        g.step_event()
    return g


@pytest.mark.rule(
    "ZGC-SIZE-01",
    "ZGC-START-04",
    "ZGC-START-03",
    "ZGC-NORM-04",
    "ZGC-AMB-01",
)
@pytest.mark.parametrize(
    "scenario,hearts,bullets", [("normal", 3, 3), ("big", 8, 0), ("huge", 12, 0)]
)
def test_game_start_counters_per_size(scenario, hearts, bullets):
    g = start(scenario)
    s = g.state.survivors[0]
    assert s.halves == 2 * hearts and s.bullets == bullets
    laid = next(e for e in g.log if "lays out" in e.message)
    disputed = scenario != "normal"  # the readings of ZGC-AMB-01 agree on a Normal's 3 hearts
    assert ("ZGC-AMB-01" in laid.ids) == disputed
    assert ("default reading of ZGC-AMB-01" in laid.assumed) == disputed


@pytest.mark.rule("ZGC-AMB-01", "ZGC-BIG-02", "ZGC-HUGE-02")
@pytest.mark.parametrize("scenario,hearts", [("big", 4), ("huge", 5), ("normal", 3)])
def test_size_section_hearts_variant(scenario, hearts):
    g = start(scenario, variants=["size_section_hearts"])
    assert g.state.survivors[0].halves == 2 * hearts


@pytest.mark.rule("ZGC-START-01")
def test_negative_events_drawn_at_the_start_are_shuffled_back():
    st = make_state()
    st.deck = ["Butter Fingers", "Lots of Ammo", "Zombie Master", "Grenade"]
    events = run(deal_start_hands(st, ctx([1] * 10)))
    assert st.survivors[0].hand == ["Lots of Ammo"]
    assert sorted(st.deck) == ["Butter Fingers", "Grenade", "Zombie Master"]
    assert "shuffled back" in " ".join(messages(events))


@pytest.mark.rule("ZGC-START-02", "ZGC-AMB-15")
def test_team_hands_are_dealt_to_every_survivor_for_all_to_see():
    g = start("team")
    dealt = [e for e in g.log if "draws 3 cards" in e.message]
    assert [e.message.split()[1] for e in dealt] == ["1", "2"]
    # each hand is announced in the shared log (no hidden hands in Co-op)
    for s, e in zip(g.state.survivors, dealt):
        assert all(card in e.message for card in s.hand) or not s.hand


@pytest.mark.rule("ZGC-TURN-01")
def test_a_turn_runs_the_five_steps_in_order():
    g = start("normal", seed=3)
    g.next_phase()  # through the first Survivor's turn
    steps = [e.message for e in g.log if e.kind == "step"]
    assert steps[:5] == [
        "Step 1: Draw tile",
        "Step 2: Event card",
        "Step 3: Move/Fight",
        "Step 4: Zombie turn",
        "Step 5: Discard chance",
    ]


@pytest.mark.rule("ZGC-TILE-01", "ZGC-TILE-02", "ZGC-MF-01")
def test_a_town_tile_is_drawn_and_placed_next_to_the_survivor_with_most_exits():
    st = make_state(tiles=())
    st.piles["town"] = ["Crossroads A"]
    st.piles["mall"] = ["Escalator"]
    events = run(draw_tile(st, ctx(), st.survivors[0]))
    placed = st.tiles[-1]
    assert placed.name == "Crossroads A" and st.piles["mall"] == ["Escalator"]
    assert abs(placed.slot[0] - 3) + abs(placed.slot[1] - 3) == 1
    assert "next to the Survivor's tile" in messages(events)[-1]


@pytest.mark.rule("ZGC-TILE-03")
def test_rotation_keeps_as_many_exits_as_possible():
    data = default_data()
    st = make_state(tiles=())
    for p in placements(st, data, "Junction A"):
        assert p.open_exits == 3  # a T junction is always turned to keep its three roads


@pytest.mark.rule("ZGC-TILE-02")
def test_placement_falls_back_to_line_of_sight_then_anywhere():
    data = default_data()
    st = make_state(tiles=(("Street A", (3, 4), 0), ("Crossroads A", (3, 5), 0)), at=(10, 13))
    # no straight fits beside the Survivor's street tile, so the slots it sees along the road
    why, opts = placement_priority(st, data, "Street B", [(10, 13)])
    assert why == "in the Survivor's line of sight"
    assert {p.slot for p in opts} == {(3, 6), (3, 2)}
    st.survivors[0].loc = [9, 16]  # on the crossroads, looking west/east into empty slots
    why, _ = placement_priority(st, data, "Bend A", [(9, 16)])
    assert why == "next to the Survivor's tile"
    why, opts = placement_priority(st, data, "Escalator", [(10, 13)])
    assert why == "none" and opts == []  # mall tiles only join the mall


@pytest.mark.rule("ZGC-TILE-01", "ZGC-MF-01")
def test_a_survivor_in_the_mall_draws_from_the_mall_pile():
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),), at=(13, 10))
    st.piles = {"town": ["Street A"], "mall": ["Mall Hall"]}
    run(draw_tile(st, ctx(), st.survivors[0]))
    assert st.piles == {"town": ["Street A"], "mall": []}
    assert st.tiles[-1].name == "Mall Hall"


@pytest.mark.rule("ZGC-MALL-03", "ZGC-MALL-04", "ZGC-MF-03")
def test_the_helipad_goes_only_beyond_the_escalator_on_the_second_floor():
    data = default_data()
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0),))
    assert placements(st, data, "Helipad") == []
    st.tiles.append(type(st.tiles[0])("Escalator", [5, 3], 1, 1))  # turned: up exit faces east
    pads = placements(st, data, "Helipad")
    assert pads and all(p.slot == (6, 3) and p.floor == 2 for p in pads)
    halls = placements(st, data, "Mall Hall")
    assert {p.floor for p in halls if p.slot == (6, 3)} == {2}
    assert {p.floor for p in halls if p.slot != (6, 3)} == {1}


@pytest.mark.rule("ZGC-MF-07")
def test_buildings_have_walls_and_doorways():
    data = default_data()
    st = make_state()
    board = town_map(st, data).board
    assert board.crossing((13, 10), (13, 11)) == "door"
    assert board.crossing((12, 10), (12, 11)) == "wall"
    assert board.crossing((11, 10), (12, 10)) == "open"

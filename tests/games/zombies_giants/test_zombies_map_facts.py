"""The map facts the house rules state (ZGC-MF-*), checked against the town and crafting data and
the board built from them."""

from __future__ import annotations

import pytest

from rules_lib.games.zombies_giants.data import SQUARE_KINDS, default_data
from rules_lib.games.zombies_giants.demolish import protected
from rules_lib.games.zombies_giants.state import PlacedTile
from rules_lib.games.zombies_giants.town import placements, town_map

from .zg_helpers import make_state


@pytest.mark.rule("ZGC-MF-01")
def test_the_board_is_built_from_a_town_pile_and_a_mall_pile():
    data = default_data()
    piles = {t.pile for t in data.tiles.values()}
    assert piles == {"town", "mall", "none"}  # 'none': the Town Square, on the table at the start
    assert [t.name for t in data.tiles.values() if t.pile == "none"] == [data.town["start_tile"]]
    for area in ("town", "mall"):
        assert any(t.pile == area for t in data.tiles.values())
    st = make_state(tiles=())
    assert [t.name for t in st.tiles] == ["Town Square"]  # everything else is drawn


@pytest.mark.rule("ZGC-MF-02", "ZGC-DEMO-05")
def test_town_square_mall_entrance_helipad_and_nameless_tiles_cannot_be_demolished():
    data = default_data()
    assert data.town["protected"]["names"] == ["Town Square", "Mall Entrance", "Helipad"]
    nameless = {n for n, t in data.tiles.items() if t.nameless}
    assert nameless and all(protected(data, n) for n in nameless)
    shops = {n for n, t in data.tiles.items() if data.layouts[t.layout].doors}
    assert all(not protected(data, n) for n in shops)  # every named shop can come down


@pytest.mark.rule("ZGC-MF-03", "ZGC-MALL-03", "ZGC-MALL-04")
def test_the_helipad_lies_beyond_the_escalator_on_the_second_floor():
    data = default_data()
    assert data.tiles["Helipad"].needs_floor == 2
    assert data.layouts[data.tiles["Escalator"].layout].up_exit is not None
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1)))
    assert {(p.slot, p.floor) for p in placements(st, data, "Helipad")} == {((6, 3), 2)}


@pytest.mark.rule("ZGC-MF-04", "ZGC-WIN-01")
def test_the_helipad_has_a_helicopter_on_its_centre_square():
    data = default_data()
    rows = data.layouts[data.tiles["Helipad"].layout].rows
    mid = data.tile_size // 2
    assert rows[mid][mid] == "H" and sum(r.count("H") for r in rows) == 1
    st = make_state(tiles=(("Mall Entrance", (4, 3), 0), ("Escalator", (5, 3), 1),
                           ("Helipad", (6, 3), 1)))
    n = data.tile_size
    assert town_map(st, data).helicopter == (6 * n + mid, 3 * n + mid)


@pytest.mark.rule("ZGC-MF-05", "ZGC-RAY-01", "ZGC-POT-01", "ZGC-ARM-01")
def test_the_part_source_buildings_are_the_texts():
    crafting = default_data().crafting
    assert crafting["size_ray"]["sources"] == [
        "Toy-Store", "Army-Surplus", "Appliances Store", "Consignment Store", "Hardware Store"]
    assert crafting["potion_kit"]["sources"] == [
        "Hospital", "Drug-Store", "Food-Court", "Department Store", "Florist-Shop"]
    assert crafting["body_armour"]["sources"] == [
        "Army-Surplus", "Police Department", "Fire-Station", "Costume Shop", "Outfitters",
        "Department Store"]
    data = default_data()
    for kind in ("size_ray", "potion_kit", "body_armour"):
        for store in crafting[kind]["sources"]:
            assert data.layouts[data.tiles[store].layout].doors, store  # a building to enter


@pytest.mark.rule("ZGC-MF-06", "ZGC-MALL-01")
def test_the_mall_has_air_vents_that_link_squares():
    data = default_data()
    vents = [n for n, t in data.tiles.items()
             if any("V" in r for r in data.layouts[t.layout].rows)]
    assert len(vents) >= 2 and all(data.tiles[n].area == "mall" for n in vents)
    st = make_state(tiles=tuple((n, (4 + i, 3), 0) for i, n in enumerate(vents[:2])))
    assert len(town_map(st, data).vents) == 2


@pytest.mark.rule("ZGC-MF-07", "ZGC-HUGE-01")
def test_tiles_are_grids_of_street_building_and_out_of_bounds_squares_with_doorways():
    data = default_data()
    kinds = {SQUARE_KINDS[ch] for lay in data.layouts.values() for r in lay.rows for ch in r}
    assert kinds == {"street", "building", "out"}
    for lay in data.layouts.values():
        assert len(lay.rows) == data.tile_size and all(len(r) == data.tile_size for r in lay.rows)
        for (ax, ay), (bx, by) in lay.doors:  # a door joins a building square to a street one
            n = data.tile_size - 1
            ends = {SQUARE_KINDS[lay.rows[n - ay][ax]], SQUARE_KINDS[lay.rows[n - by][bx]]}
            assert ends == {"building", "street"}
    st = make_state()
    st.tiles.append(PlacedTile("Street A", [2, 3], 1, 1))
    tm = town_map(st, data)
    assert "out" in set(tm.kind.values()) and "building" in set(tm.kind.values())

"""Speed of the board hot paths on a 300-hex map (20 x 15).

Run: /work/venv/bin/pytest tests/core/test_bench_boards.py -m benchmark --benchmark-only
"""

from __future__ import annotations

import pytest

from rules_lib.core.boards import Hex, HexBoard, reach


@pytest.fixture(scope="module")
def big_map() -> HexBoard:
    board = HexBoard.from_offset(20, 15, name="bench 20x15")
    assert len(board) == 300
    return board


def median_seconds(benchmark) -> float | None:
    """Median time of the benchmarked call, or None when benchmarking is disabled."""
    return benchmark.stats.stats.median if benchmark.stats else None


@pytest.mark.benchmark
def test_bench_reach_300_hexes_with_stop_rule(benchmark, big_map: HexBoard) -> None:
    start = big_map.hex_at("1008")
    enemy = big_map.hex_at("1003")
    zoc = {enemy, *big_map.neighbors(enemy)}

    result = benchmark(reach, big_map, start, 6, must_stop=zoc.__contains__)

    assert len(result) > 100
    assert all(info.cost <= 6 for info in result.values())
    assert all(h not in zoc for info in result.values() for h in info.path[1:-1])
    median = median_seconds(benchmark)
    assert median is None or median < 0.005


@pytest.mark.benchmark
def test_bench_visible_from_300_hexes(benchmark, big_map: HexBoard) -> None:
    hexes = big_map.locations()
    walls = {h for i, h in enumerate(hexes) if i % 11 == 5}  # ~27 blocking hexes spread around
    source = big_map.hex_at("1008")
    assert source not in walls

    seen = benchmark(big_map.visible_from, source, walls.__contains__, "either")

    assert source in seen
    assert 0 < len(big_map) - len(seen) < 300
    sample: list[Hex] = list(hexes[::7])
    for h in sample:
        assert (h in seen) == big_map.line_of_sight(source, h, walls.__contains__, "either")
    median = median_seconds(benchmark)
    assert median is None or median < 0.010

"""Fixtures for the widget tests: the fake Skirmish game on three boards, and a browser click."""
from __future__ import annotations

import pytest

from rules_lib.core.contract import GameModule
from .widget_fakes import click, make_entry


@pytest.fixture(params=["graph", "hex", "square"])
def entry(request) -> GameModule:
    return make_entry(request.param)


@pytest.fixture
def graph_entry() -> GameModule:
    return make_entry("graph")


@pytest.fixture
def hex_entry() -> GameModule:
    return make_entry("hex")


@pytest.fixture
def click_point():
    """The browser's click message, as a fixture: click_point(fig, trace_name, point_index)."""
    return click

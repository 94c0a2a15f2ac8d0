"""Explorer: one game's board, stepper, odds, reach, setup editor and simulation, laptop-sized.

``Explorer("space_vermin", scenario="family_jewels")`` is the one line a notebook needs. The game is
reached only through the game contract: ``rules_lib.registry.get_game`` (or a ``GameModule`` passed
directly), and each tab appears when the game offers the capability it shows. Every
callback runs under the error banner's guard, so a problem shows as a message and the widget
keeps working.
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from rules_lib.core.contract import GameModule
from rules_lib.registry import game_names, get_game

from .board_view import BoardView
from .errors import ErrorBanner, guarded
from .odds_panel import OddsPanel
from .reach_view import ReachView
from .setup_editor import SetupEditor
from .simulate_panel import SimulatePanel, stepper_settings
from .stepper import PhaseStepper

PLAY, ODDS, REACH, SETUP, SIMULATE = "Play", "Odds", "Reach", "Setup", "Simulate"


class Explorer(widgets.VBox):
    """Board on the left; Play / Odds / Reach / Setup / Simulate tabs on the right; one banner."""

    def __init__(self, game: str | GameModule, scenario: str | None = None, seed: int = 0,
                 variants: Sequence[str] = (), players: dict[str, str] | None = None, *,
                 board_width: int = 600, board_height: int = 520) -> None:
        entry = get_game(game) if isinstance(game, str) else game
        view = entry.board_view
        if view is None:
            raise ValueError(f"{entry.name}: the game does not describe its board and pieces")
        self.entry = entry
        self.banner = ErrorBanner()
        self.stepper = PhaseStepper(entry, scenario=scenario, seed=seed, variants=variants,
                                    players=players, banner=self.banner)
        state = self.stepper.state
        self.board_view = BoardView(
            view.board(state), view.pieces, state, sides=entry.players,
            terrain_colors=view.terrain_colors, width=board_width,
            height=board_height, aspect=view.aspect, banner=self.banner, board_of=view.board)
        self.reach = (ReachView(entry, self.board_view, self._state_on_board, banner=self.banner)
                      if entry.reach is not None or entry.line_of_sight is not None else None)
        self.odds = OddsPanel(entry, banner=self.banner) if entry.odds is not None else None
        self.editor = (SetupEditor(entry, self.board_view, state.copy(), banner=self.banner,
                                   on_play=self._play_position,
                                   get_game_state=lambda: self.stepper.state)
                       if entry.setup is not None else None)
        if self.editor is not None:
            self.editor.active = False
        # batch runs reach a game through the registry, so only a registered game can simulate
        self.simulate = (SimulatePanel(entry, stepper_settings(self.stepper), banner=self.banner)
                         if _registered(entry) else None)

        pages: list[tuple[str, widgets.Widget]] = [(PLAY, self.stepper)]
        if self.odds is not None:
            pages.append((ODDS, self.odds))
        if self.reach is not None:
            pages.append((REACH, self.reach))
        if self.editor is not None:
            pages.append((SETUP, self.editor))
        if self.simulate is not None:
            pages.append((SIMULATE, self.simulate))
        self.tab_names = [name for name, _ in pages]
        self.tabs = widgets.Tab(children=[w for _, w in pages], titles=self.tab_names,
                                layout=widgets.Layout(width="590px"))
        self.tabs.add_class("re-tabs")
        self.selection = widgets.HTML()
        self.selection.add_class("re-selection")

        self.stepper.on_change(guarded(self.banner, self._game_changed))
        self.tabs.observe(guarded(self.banner, self._tab_changed), names="selected_index")
        self.board_view.on_select(guarded(self.banner, self._selected))

        title = widgets.HTML(f"<h3 style='margin:2px 0'>{html.escape(entry.title)}</h3>")
        left = widgets.VBox([self.board_view, self.selection],
                            layout=widgets.Layout(width=f"{board_width + 10}px"))
        super().__init__([title, self.banner, widgets.HBox([left, self.tabs])])
        self.add_class("re-explorer")
        self._show_selection(None, None)

    # -- which position is on the board ------------------------------------------------------------
    @property
    def editing(self) -> bool:
        """True while the Setup tab is shown: the board then shows the editor's position."""
        return (self.editor is not None and self.tabs.selected_index is not None
                and self.tab_names[self.tabs.selected_index] == SETUP)

    def _state_on_board(self) -> Any:
        return self.editor.state if self.editing else self.stepper.state

    @property
    def game(self):
        """The engine Game on show."""
        return self.stepper.game

    def show_tab(self, name: str) -> None:
        """Switch to the named tab (Play, Odds, Reach, Setup, Simulate)."""
        self.tabs.selected_index = self.tab_names.index(name)

    # -- reactions -------------------------------------------------------------------------------
    def _game_changed(self, game: Any) -> None:
        if self.editing:
            return
        self.board_view.update(game.state)
        if self.reach is not None:
            self.reach.refresh()
        self._show_selection(self.board_view.selected, self.board_view.selected_piece)

    def _tab_changed(self, change: dict[str, Any]) -> None:
        editing = self.editing
        if self.editor is not None:
            self.editor.active = editing
            self.editor.moving = None
        self.board_view.update(self._state_on_board())
        if self.reach is not None:
            self.reach.refresh()

    def _selected(self, loc: Any, piece: Any) -> None:
        self._show_selection(loc, piece)
        if self.odds is not None and loc is not None and not self.editing:
            self.odds.set_from_selection(self._state_on_board(), loc, piece)

    def _show_selection(self, loc: Any, piece: Any) -> None:
        if loc is None:
            self.selection.value = "<small>Click a location or a counter to select it.</small>"
            return
        text = f"Selected <b>{html.escape(self.board_view.label(loc))}</b>"
        stack = self.board_view.pieces_at(loc)
        if stack:
            text += ": " + ", ".join(html.escape(str(p.get("label", ""))) for p in stack)
        self.selection.value = text

    def _play_position(self, state: Any) -> None:
        self.show_tab(PLAY)
        self.stepper.start_from(state)


def _registered(entry: GameModule) -> bool:
    """Is this game the registry's own (not a stand-in built for a test)?"""
    return entry.name in game_names() and get_game(entry.name) is entry

"""Explorer: one game's board, stepper, battle odds, reach, set-up editor, simulation and analysis.

``Explorer("space_vermin", scenario="family_jewels")`` is the one line a notebook needs. The game is
reached only through the game contract: ``rules_lib.registry.get_game`` (or a ``GameModule`` passed
directly), and each tab appears when the game offers the capability it shows. Every callback runs
under the error banner's guard, so a problem shows as a message and the widget keeps working.

Laptop layout: the map (at the game's ``Display.size``) and the tab panel sit side by side when
there is room and the panel wraps under the map when there is not (a 1366 px screen with
JupyterLab's file browser open), so nothing is covered or cut off. Under the map: its legend and
the selection — the selected location's whole stack as a list (pick a counter there to act on
it). The Reach overlay belongs to the Reach tab; switching tabs clears the selection and the
overlay so no stale text or colour is left behind. A selected log row is highlighted on the map.
"""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from rules_lib.core.contract import GameModule
from rules_lib.registry import game_names, get_game

from .analyze_panel import AnalyzePanel
from .battle_panel import BattlePanel
from .board_view import BoardView
from .errors import ErrorBanner, guarded
from .odds_panel import OddsPanel
from .reach_view import ReachView
from .setup_editor import SetupEditor
from .simulate_panel import SimulatePanel, stepper_settings
from .stepper import PhaseStepper

PLAY, ODDS, REACH, SETUP, SIMULATE, ANALYZE = ("Play", "Odds", "Reach", "Setup", "Simulate",
                                               "Analyze")
PROMPTS = {PLAY: "Click a location or a counter: its stack is listed here.",
           ODDS: "Click a location with a battle: the calculator takes its units.",
           REACH: "Click a counter to see where it can move (hover a place for the path).",
           SETUP: "Click the map to edit the position (see the Setup tab).",
           SIMULATE: "Click a location or a counter: its stack is listed here.",
           ANALYZE: "Click a location or a counter: its stack is listed here."}
#: Event data keys that name locations, in the order a move reads (from, then to).
PLACE_KEYS = ("from", "path", "to", "city", "hex", "area", "where", "loc", "square", "hive")


class Explorer(widgets.VBox):
    """Map and legend with the selection under it; Play / Odds / Reach / Setup / Simulate /
    Analyze tabs beside it (or under it on a narrow screen); one banner for problems."""

    def __init__(self, game: str | GameModule, scenario: str | None = None, seed: int = 0,
                 variants: Sequence[str] = (), players: dict[str, str] | None = None, *,
                 board_width: int | None = None, board_height: int | None = None) -> None:
        entry = get_game(game) if isinstance(game, str) else game
        view = entry.board_view
        if view is None:
            raise ValueError(f"{entry.name}: the game does not describe its board and pieces")
        self.entry = entry
        display = getattr(entry, "display", None)
        width, height = getattr(display, "size", None) or (600, 520)
        board_width, board_height = board_width or width, board_height or height
        self.banner = ErrorBanner()
        self.stepper = PhaseStepper(entry, scenario=scenario, seed=seed, variants=variants,
                                    players=players, banner=self.banner)
        state = self.stepper.state
        self.board_view = BoardView(
            view.board(state), view.pieces, state, sides=entry.players,
            terrain_colors=view.terrain_colors, width=board_width,
            height=board_height, aspect=view.aspect, banner=self.banner, board_of=view.board,
            display=display)
        self.reach = (ReachView(entry, self.board_view, self._state_on_board, banner=self.banner)
                      if entry.reach is not None or entry.line_of_sight is not None else None)
        if getattr(display, "battle", None) is not None:
            self.odds: Any = BattlePanel(entry, banner=self.banner)
        else:
            self.odds = OddsPanel(entry, banner=self.banner) if entry.odds is not None else None
        self.editor = (SetupEditor(entry, self.board_view, state.copy(), banner=self.banner,
                                   on_play=self._play_position,
                                   get_game_state=lambda: self.stepper.state)
                       if entry.setup is not None else None)
        if self.editor is not None:
            self.editor.active = False
        # batch runs reach a game through the registry, so only a registered game can simulate
        registered = _registered(entry)
        self.simulate = (SimulatePanel(entry, stepper_settings(self.stepper), banner=self.banner)
                         if registered else None)
        self.analyze = (AnalyzePanel(entry, self.stepper, banner=self.banner,
                                     policies=lambda: stepper_settings(self.stepper)()["policies"])
                        if registered else None)

        pages: list[tuple[str, widgets.Widget]] = [(PLAY, self.stepper)]
        for name, page in ((ODDS, self.odds), (REACH, self.reach), (SETUP, self.editor),
                           (SIMULATE, self.simulate), (ANALYZE, self.analyze)):
            if page is not None:
                pages.append((name, page))
        self.tab_names = [name for name, _ in pages]
        self.tabs = widgets.Tab(children=[w for _, w in pages], titles=self.tab_names,
                                layout=widgets.Layout(flex="1 1 440px", min_width="420px",
                                                      max_width="760px"))
        self.tabs.add_class("re-tabs")
        if self.reach is not None:
            self.reach.active = False

        self.selection = widgets.HTML()
        self.selection.add_class("re-selection")
        self.stack_list = widgets.Select(options=[], rows=4,
                                         layout=widgets.Layout(width=f"{board_width}px"))
        self.stack_list.add_class("re-stack-list")
        self._quiet_stack = False
        self.stack_list.observe(guarded(self.banner, self._stack_picked), names="value")

        self.stepper.on_change(guarded(self.banner, self._game_changed))
        self.tabs.observe(guarded(self.banner, self._tab_changed), names="selected_index")
        self.board_view.on_select(guarded(self.banner, self._selected))

        title = widgets.HTML(f"<h3 style='margin:2px 0'>{html.escape(entry.title)}</h3>")
        left = widgets.VBox([self.board_view, self.selection, self.stack_list],
                            layout=widgets.Layout(flex=f"0 0 {board_width + 8}px",
                                                  margin="0 8px 0 0"))
        left.add_class("re-map-column")
        self.body = widgets.HBox([left, self.tabs],
                                 layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="flex-start", width="100%"))
        self.body.add_class("re-body")
        super().__init__([title, self.banner, self.body])
        self.add_class("re-explorer")
        self._show_selection(None, None)
        self._highlight(self.stepper.game)

    # -- which position is on the board ------------------------------------------------------------
    @property
    def current_tab(self) -> str:
        i = self.tabs.selected_index
        return self.tab_names[i] if i is not None else PLAY

    @property
    def editing(self) -> bool:
        """True while the Setup tab is shown: the board then shows the editor's position."""
        return self.editor is not None and self.current_tab == SETUP

    def _state_on_board(self) -> Any:
        return self.editor.state if self.editing else self.stepper.state

    @property
    def game(self):
        """The engine Game on show."""
        return self.stepper.game

    def show_tab(self, name: str) -> None:
        """Switch to the named tab (Play, Odds, Reach, Setup, Simulate, Analyze)."""
        self.tabs.selected_index = self.tab_names.index(name)

    # -- reactions -------------------------------------------------------------------------------
    def _game_changed(self, game: Any) -> None:
        if self.analyze is not None:
            self.analyze.refresh()
        if self.editing:
            return
        self.board_view.update(game.state)
        if self.reach is not None and self.reach.active:
            self.reach.refresh()
        self._highlight(game)
        self._show_selection(self.board_view.selected, self.board_view.selected_piece)

    def _tab_changed(self, change: dict[str, Any]) -> None:
        tab = self.current_tab
        if self.editor is not None:
            self.editor.active = self.editing
            self.editor.moving = None
        if self.reach is not None:
            self.reach.active = tab == REACH
        # nothing carries over between tabs: no selection, no overlay, no stale text
        self.board_view.select(None, notify=False)
        self.board_view.clear_overlay()
        if self.reach is not None:
            self.reach.summary.value = ""
        self.board_view.update(self._state_on_board())
        if tab == PLAY:
            self._highlight(self.stepper.game)
        else:
            self.board_view.highlight([])
        if self.analyze is not None and tab == ANALYZE:
            self.analyze.refresh()
        self._show_selection(None, None)

    def _selected(self, loc: Any, piece: Any) -> None:
        self._show_selection(loc, piece)
        if self.odds is not None and not self.editing:
            if isinstance(self.odds, BattlePanel):
                if self.current_tab == ODDS:
                    self.odds.set_from_selection(self._state_on_board(), loc, piece)
                else:
                    self.odds.remember_selection(self._state_on_board(), loc, piece)
            elif loc is not None:
                self.odds.set_from_selection(self._state_on_board(), loc, piece)

    def _show_selection(self, loc: Any, piece: Any) -> None:
        self._quiet_stack = True
        try:
            if loc is None:
                self.selection.value = f"<small>{html.escape(PROMPTS[self.current_tab])}</small>"
                self.stack_list.options = []
                self.stack_list.layout.display = "none"
                return
            bv = self.board_view
            stack = list(reversed(bv.pieces_at(loc)))  # top of the stack first
            where = html.escape(bv.label(loc))
            if not stack:
                self.selection.value = f"Selected <b>{where}</b>: no counter here"
                self.stack_list.options = []
                self.stack_list.layout.display = "none"
                return
            self.selection.value = (f"Selected <b>{where}</b>: {len(stack)} counter"
                                    f"{'s' if len(stack) > 1 else ''} (top first)")
            options = []
            for i, p in enumerate(stack):
                face = bv.face(p)
                text = f"{face.title} {face.values}".strip()
                detail = face.detail or p.get("hover") or ""
                options.append((f"{text} — {detail}" if detail else text, i))
            self.stack_list.options = options
            self.stack_list.rows = min(6, max(2, len(options)))
            self.stack_list.layout.display = None
            chosen = next((i for i, p in enumerate(stack) if p is piece), None)
            self.stack_list.value = chosen
            self._stack = stack
        finally:
            self._quiet_stack = False

    def _stack_picked(self, change: dict[str, Any]) -> None:
        """A counter picked in the stack list: select it (reach, odds, set-up act on it)."""
        if self._quiet_stack or change["new"] is None:
            return
        piece = self._stack[change["new"]]
        self.board_view.select(self.board_view.selected, piece)

    def _highlight(self, game: Any) -> None:
        """Mark on the map what the event on show did: where it moved, fought or rolled."""
        event = game.log[-1] if game.log else None
        if event is None or self.current_tab != PLAY:
            self.board_view.highlight([])
            return
        data = event.data or {}
        places: list[Any] = []
        for key in PLACE_KEYS:
            value = data.get(key)
            if value is None:
                continue
            if isinstance(value, (list, tuple)) and value and isinstance(value[0], (str, list,
                                                                                     tuple)):
                places += list(value)
            else:
                places.append(value)
        bv = self.board_view
        good = []
        for p in places:
            try:
                good.append(bv.resolve(p))
            except (ValueError, TypeError):
                continue
        if not good and not bv.polygonal:  # a graph board: places named in the message
            good = [loc for loc, lab in zip(bv.locs, bv._labels) if lab in event.message]
        faces = data.get("faces")
        note = f"dice {' '.join(map(str, faces))}" if isinstance(faces, (list, tuple)) else ""
        if event.kind in ("combat", "retreat") and not note:
            note = event.kind
        bv.highlight(good, note)

    def _play_position(self, state: Any) -> None:
        self.show_tab(PLAY)
        self.stepper.start_from(state)


def _registered(entry: GameModule) -> bool:
    """Is this game the registry's own (not a stand-in built for a test)?"""
    return entry.name in game_names() and get_game(entry.name) is entry

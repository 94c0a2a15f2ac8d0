"""ReachView: colour the locations a selected unit can reach (costs or probabilities), or its LOS.

No movement rule lives here: on a board selection the view calls the game's
``game.reach.movement_reach(state, target) -> {loc: value}`` and paints the values on the
BoardView's overlay layer. Values may be numbers, Fractions, or objects with a ``.cost``
(``ReachInfo``).

The game's capabilities it uses (``rules_lib.core.contract``):

* ``reach.target(state, loc, piece) -> target``: what to pass to ``movement_reach`` for a
  selection. Default: the counter's ``id`` (a refusal is then shown as a problem). For counters
  without an ``id`` the view guesses: the labels of the stack's counters from the top down, then
  the location; the first that ``movement_reach`` accepts wins, and if none does (a Fort, an empty
  place) the refusal is shown as a note, not as a problem.
* ``reach.label``: the overlay's title, e.g. ``"MP spent"`` or ``"P(reach)"``.
* ``game.line_of_sight(state, loc) -> iterable of visible locations`` (or a mapping loc -> bool): the
  "Line of sight" mode shows visible locations as 1 and hidden ones as 0.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from .board_view import BoardView
from .errors import ErrorBanner, describe, guarded

REACH, LOS, OFF = "Reach", "Line of sight", "Off"


class ReachView(widgets.VBox):
    """A mode switch and a summary; paints a BoardView's overlay when a location is chosen."""

    def __init__(self, entry: Any, board_view: BoardView, state_source: Callable[[], Any], *,
                 banner: ErrorBanner | None = None) -> None:
        self.entry = entry
        self.board_view = board_view
        self.state_source = state_source
        self.banner = banner or ErrorBanner()
        modes = []
        self.reach, self.los = entry.reach, entry.line_of_sight
        if self.reach is not None:
            modes.append(REACH)
        if self.los is not None:
            modes.append(LOS)
        modes.append(OFF)
        self.mode = widgets.ToggleButtons(options=modes, value=modes[0], description="Overlay")
        self.mode.add_class("re-reach-mode")
        self.summary = widgets.HTML()
        self.summary.add_class("re-reach-summary")
        self.values: dict[Any, float] = {}
        self.active = True  # the Explorer switches the overlay off outside the Reach tab
        self.mode.observe(guarded(self.banner, lambda _c: self.refresh()), names="value")
        board_view.on_select(guarded(self.banner, self.show_for))
        super().__init__(([self.banner] if banner is None else []) + [self.mode, self.summary])
        self.add_class("re-reach")

    def target(self, loc: Any, piece: Mapping[str, Any] | None) -> Any:
        """What to ask the game about for this selection (see module docstring)."""
        hook = self.reach.target if self.reach is not None else None
        if hook is not None:
            return hook(self.state_source(), loc, piece)
        if piece is not None:
            return piece.get("id", piece.get("label", loc))
        return loc

    def show_for(self, loc: Any, piece: Mapping[str, Any] | None = None) -> dict[Any, float]:
        """Compute and draw the overlay for a selected location (None clears it)."""
        bv = self.board_view
        if not self.active:
            return {}
        if loc is None or self.mode.value == OFF:
            bv.clear_overlay()
            self.values = {}
            self.summary.value = ""
            return {}
        state = self.state_source()
        name = bv.label(loc)
        if self.mode.value == LOS:
            seen = self.los(state, loc)
            if isinstance(seen, Mapping):
                visible = {bv.resolve(k) for k, v in seen.items() if v}
            else:
                visible = {bv.resolve(k) for k in seen}
            values = {where: 1.0 if where in visible else 0.0 for where in bv.locs}
            bv.show_overlay(values, title="line of sight", kind="seen")
            self.summary.value = (f"Line of sight from <b>{html.escape(name)}</b>: "
                                  f"{len(visible)} of {len(bv.locs)} locations visible")
        else:
            raw, who = self._reach(state, loc, piece)
            if raw is None:  # nothing here can move: a note, not a problem
                bv.clear_overlay()
                self.values = {}
                self.summary.value = f"{html.escape(name)}: {html.escape(who)}"
                return {}
            title = self.reach.label
            kind = "probability" if "p(" in title.lower() or "prob" in title.lower() else ""
            bv.show_overlay(raw, title=title, kind=kind)
            values = dict(bv.overlay)
            top = max(values.values()) if values else 0
            most = f"{top:.0%}" if bv.overlay_kind == "probability" else f"{top:g}"
            self.summary.value = (f"<b>{html.escape(str(who))}</b> at {html.escape(name)}: "
                                  f"{len(values)} locations ({html.escape(title)} up to {most}); "
                                  "hover a place for the path")
        self.values = values
        return values

    def _reach(self, state: Any, loc: Any, piece: Mapping[str, Any] | None) -> tuple[Any, str]:
        """(movement_reach's answer, who moves) for a selection, or (None, why not).

        A counter with an ``id`` is asked about directly; the game's ValueError ("a Vermite does
        not take Marine movement") is its answer, shown as a note. Otherwise the target is guessed:
        the counters of the stack from the top down, then the location; the first the game
        accepts wins.
        """
        if piece is not None and ("id" in piece or self.reach.target is not None):
            who = str(piece.get("label", piece.get("id", "")))
            try:
                return self.reach.movement_reach(state, self.target(loc, piece)), who
            except ValueError as exc:
                return None, describe(exc)
        stack = list(reversed(self.board_view.pieces_at(loc)))
        if piece is not None:
            stack = [piece] + [p for p in stack if p is not piece]
        candidates = [(self.target(loc, p), str(p.get("label", ""))) for p in stack]
        candidates.append((self.target(loc, None), self.board_view.label(loc)))
        why = "nothing here can move"
        for target, who in candidates:
            try:
                return self.reach.movement_reach(state, target), who
            except (ValueError, KeyError) as exc:
                why = describe(exc)
        return None, why

    def refresh(self) -> None:
        """Recompute for the current selection (after a step or a mode change)."""
        bv = self.board_view
        if bv.selected is None:
            bv.clear_overlay()
            return
        self.show_for(bv.selected, bv.selected_piece)

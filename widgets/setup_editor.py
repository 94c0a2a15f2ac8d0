"""SetupEditor: place, move, flip and remove counters by clicking; save and load positions as JSON.

The editor validates nothing itself: each change goes through the game's setup API and the game
says whether it is legal. A refused change shows its reason in the error banner and the position
stays as it was.

The set-up editing a game offers as ``game.setup`` (``rules_lib.core.contract.SetupEditing``)
-------------------------------------------------------------------------------------------
Callables; each returns a *new* state and leaves the given one
untouched, or raises ``ValueError`` whose message names the problem ("over-stacked: Chicago
already holds 3 units", "Forest hexes are impassable to tanks")::

    place(state, kind, side, loc) -> state      # required
    move(state, piece_id, loc) -> state         # required; piece_id is the counter's "id"
    remove(state, piece_id) -> state            # required
    flip(state, piece_id) -> state              # optional: Fresh <-> Reduced, markers ...
    kinds(state) -> list[str]                   # optional: unit types offered for placing
    sides(state) -> list[str]                   # optional: default game.players
    validate(state) -> list[str]                # optional: problems of a loaded position

``loc`` is a location of the game's board (as ``board.locations()`` yields it). Counters are
identified by the ``id`` key of the dicts ``game.board_view.pieces(state)`` returns.

Saving writes ``state.to_json()``; loading reads ``game.state_class.from_json`` and then
checks every counter is on the map and ``validate`` (when given) finds no problem, before the
loaded position replaces the current one.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from .board_view import BoardView
from .errors import ErrorBanner, guarded

PLACE, MOVE, REMOVE, FLIP = "Place", "Move", "Remove", "Flip"


def _op(setup: Any, name: str) -> Callable[..., Any] | None:
    """One operation of the setup API, whether it is given as an object or a dict."""
    if isinstance(setup, Mapping):
        return setup.get(name)
    return getattr(setup, name, None)


class SetupEditor(widgets.VBox):
    """Click the board to edit a position; every change is checked by the game's setup API."""

    def __init__(self, entry: Any, board_view: BoardView, state: Any = None, *,
                 banner: ErrorBanner | None = None,
                 on_play: Callable[[Any], None] | None = None,
                 get_game_state: Callable[[], Any] | None = None) -> None:
        setup = entry.setup
        if setup is None:
            raise ValueError(f"{entry.name}: this game offers no set-up editing")
        for name in ("place", "move", "remove"):
            if _op(setup, name) is None:
                raise ValueError(f"{entry.name}: the setup API lacks {name}()")
        self.entry = entry
        self.setup = setup
        self.board_view = board_view
        self.banner = banner or ErrorBanner()
        self.on_play = on_play
        self.get_game_state = get_game_state
        self.active = True  # the Explorer switches editing off while another tab is shown
        self.moving: Mapping[str, Any] | None = None
        self.state = (state if state is not None else
                      entry.new_game(scenario=(list(entry.scenarios) or [None])[0]).state).copy()

        modes = [PLACE, MOVE, REMOVE] + ([FLIP] if _op(setup, "flip") else [])
        self.mode = widgets.ToggleButtons(options=modes, value=PLACE, description="Click to",
                                          style={"button_width": "80px"})
        self.mode.add_class("re-setup-mode")
        self.kind = widgets.Dropdown(options=self._kinds(), description="Unit",
                                     layout=widgets.Layout(width="220px"))
        sides = list(_op(setup, "sides")(self.state) if _op(setup, "sides")
                     else entry.players)
        self.side = widgets.Dropdown(options=sides, description="Side",
                                     layout=widgets.Layout(width="220px"))
        self.hint = widgets.HTML()
        self.hint.add_class("re-setup-hint")
        scenarios = list(entry.scenarios) or [None]
        self.scenario = widgets.Dropdown(options=scenarios, description="Scenario",
                                         layout=widgets.Layout(width="220px"))
        self.load_scenario_button = widgets.Button(description="Load scenario")
        self.from_game_button = widgets.Button(description="Take game position")
        self.play_button = widgets.Button(description="Play from here", button_style="success",
                                          icon="play")
        self.play_button.add_class("re-setup-play")
        self.path = widgets.Text(placeholder="scenario.json (optional file)",
                                 description="File", layout=widgets.Layout(width="320px"))
        self.json = widgets.Textarea(placeholder="position as JSON",
                                     layout=widgets.Layout(width="100%", height="90px"))
        self.json.add_class("re-setup-json")
        self.save_button = widgets.Button(description="Save JSON", icon="save")
        self.save_button.add_class("re-setup-save")
        self.load_button = widgets.Button(description="Load JSON", icon="upload")
        self.load_button.add_class("re-setup-load")

        g = lambda fn: guarded(self.banner, fn)  # noqa: E731
        self.load_scenario_button.on_click(g(lambda _b: self.load_scenario(self.scenario.value)))
        self.from_game_button.on_click(g(lambda _b: self.take_game_position()))
        self.play_button.on_click(g(lambda _b: self.play()))
        self.save_button.on_click(g(lambda _b: self.save(self.path.value or None)))
        self.load_button.on_click(g(lambda _b: self.load(path=self.path.value or None)))
        self.mode.observe(g(lambda _c: self._cancel_move()), names="value")
        board_view.on_select(g(self.clicked))

        rows = [widgets.HBox([self.mode]), widgets.HBox([self.kind, self.side]), self.hint,
                widgets.HBox([self.scenario, self.load_scenario_button, self.from_game_button,
                              self.play_button]),
                widgets.HBox([self.path, self.save_button, self.load_button]), self.json]
        super().__init__(([self.banner] if banner is None else []) + rows)
        self.add_class("re-setup")
        self._hint()

    # -- helpers ---------------------------------------------------------------------------------
    def _kinds(self) -> list[str]:
        kinds = _op(self.setup, "kinds")
        if kinds is not None:
            return list(kinds(self.state))
        return sorted({str(p.get("kind", "")) for p in self.entry.board_view.pieces(self.state)})

    def _hint(self, text: str = "") -> None:
        n = len(self.entry.board_view.pieces(self.state))
        mode = self.mode.value
        default = {PLACE: "click a location to place the unit",
                   MOVE: "click a counter, then its new location",
                   REMOVE: "click a counter to remove it",
                   FLIP: "click a counter to flip it"}[mode]
        self.hint.value = f"{n} counters · {html.escape(text or default)}"

    def _commit(self, state: Any) -> Any:
        """Adopt a new position: draw it (a drawing failure keeps the old position)."""
        self.board_view.update(state)
        self.state = state
        self._hint()
        return state

    def show(self) -> None:
        """Draw the editor's position on the board."""
        self.board_view.update(self.state)

    def _cancel_move(self) -> None:
        self.moving = None
        self._hint()

    # -- edits -----------------------------------------------------------------------------------
    def place(self, loc: Any, kind: str | None = None, side: str | None = None) -> Any:
        loc = self.board_view.resolve(loc)
        new = _op(self.setup, "place")(self.state, kind or self.kind.value,
                                       side or self.side.value, loc)
        return self._commit(new)

    def move(self, piece_id: Any, loc: Any) -> Any:
        loc = self.board_view.resolve(loc)
        new = _op(self.setup, "move")(self.state, piece_id, loc)
        return self._commit(new)

    def remove(self, piece_id: Any) -> Any:
        return self._commit(_op(self.setup, "remove")(self.state, piece_id))

    def flip(self, piece_id: Any) -> Any:
        flip = _op(self.setup, "flip")
        if flip is None:
            raise ValueError(f"{self.entry.name}: counters cannot be flipped")
        return self._commit(flip(self.state, piece_id))

    def clicked(self, loc: Any, piece: Mapping[str, Any] | None) -> None:
        """A board click while editing: place / pick up and drop / remove / flip."""
        if not self.active or loc is None:
            return
        mode = self.mode.value
        if mode == PLACE:
            self.place(loc)
        elif mode == MOVE:
            if self.moving is None:
                if piece is None:
                    raise ValueError(f"no counter at {self.board_view.label(loc)} to move")
                piece = self._editable_piece(loc, piece, MOVE)
                self.moving = piece
                self._hint(f"moving {piece.get('label', piece.get('id'))}: click its new location")
                return
            moving, self.moving = self.moving, None
            self.move(moving["id"], loc)
        else:
            piece = self._editable_piece(loc, piece, mode)
            if mode == REMOVE:
                self.remove(piece["id"])
            elif mode == FLIP:
                self.flip(piece["id"])

    def _editable_piece(self, loc: Any, piece: Mapping[str, Any] | None,
                        mode: str) -> Mapping[str, Any]:
        """The counter a click acts on: the clicked one if it can be edited, else the top
        editable counter there; a printed map item (a Fort) is refused by name."""
        place = self.board_view.label(loc)
        if piece is not None and piece.get("id") is not None:
            return piece
        editable = [p for p in self.board_view.pieces_at(loc) if p.get("id") is not None]
        if editable:
            return editable[-1]
        if piece is not None:
            what = piece.get("kind") or piece.get("label") or "counter"
            raise ValueError(f"{mode} refused: the {what} in {place} is part of the map, not a "
                             f"counter the set-up editor can {mode.lower()} (it places, moves, "
                             "flips and removes units)")
        raise ValueError(f"{mode} refused: no counter in {place}")

    # -- positions -------------------------------------------------------------------------------
    def load_scenario(self, scenario: Any) -> Any:
        return self._commit(self.entry.new_game(scenario=scenario).state.copy())

    def take_game_position(self) -> Any:
        if self.get_game_state is None:
            raise ValueError("no game to take the position from")
        return self._commit(self.get_game_state().copy())

    def play(self) -> None:
        """Hand the position to the stepper (the Explorer starts a game from it)."""
        if self.on_play is None:
            raise ValueError("nothing is connected to play this position")
        self.on_play(self.state.copy())

    def save(self, path: str | Path | None = None) -> str:
        """The position as JSON, shown in the text box and written to ``path`` if given."""
        text = self.state.to_json()
        if path:
            Path(path).write_text(text, encoding="utf-8")
        self.json.value = text
        return text

    def load(self, text: str | None = None, path: str | Path | None = None) -> Any:
        """Load a position from JSON text (default: the text box) or a file; errors keep the old."""
        if path:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except OSError as exc:
                raise ValueError(f"cannot read {path}: {exc.strerror}") from exc
        if text is None:
            text = self.json.value
        if not text.strip():
            raise ValueError("nothing to load: paste a position's JSON or give a file")
        where = f"{path}: " if path else ""
        try:
            state = self.entry.state_class.from_json(text)
        except ValueError as exc:
            raise ValueError(f"{where}{exc}") from exc
        for piece in self.entry.board_view.pieces(state):
            try:
                self.board_view.resolve(piece["loc"])
            except ValueError as exc:
                raise ValueError(f"{where}counter {piece.get('id', piece.get('label'))!r}: "
                                 f"{exc}") from None
        validate = _op(self.setup, "validate")
        problems = list(validate(state)) if validate is not None else []
        if problems:
            raise ValueError(where + "; ".join(problems))
        return self._commit(state)

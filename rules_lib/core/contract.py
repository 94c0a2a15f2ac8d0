"""The one contract every game follows: a :class:`GameModule` and its typed capabilities.

A game package defines one subclass of :class:`GameModule` with its facts as class attributes
(name, players, scenarios, variants, policies, data files, sequence of play) and the few methods
only it can write (build its typed data, set up a scenario, its procedure, invariants, summary).
Everything every game needs the same way is written here once: data loading with validation and
provenance, overrides, policy resolution by name or object with one default, ``new_game``, saved
states, and the checks that a state is one of this game's before the engine runs it.

What a game *can* do beyond playing (draw its board, odds, reach, line of sight, set-up editing,
its look: palette, legend, map features, counter faces, state panel, battle calculator;
analysis hooks) are typed, optional capabilities — dataclasses below — so the widgets and the CLI
read ``game.odds.combat_odds`` instead of guessing keys in a dict. ``docs/writing_a_game.md``
walks through a new game as a checklist.
"""
from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rules_lib.core.data import DataLoader
from rules_lib.core.engine import (
    Context,
    Game,
    GameState,
    PersonPolicy,
    Policy,
    Procedure,
    Rules,
    StateError,
    Variant,
    check_variants,
)

PERSON = "person"  # the policy name every game accepts: the game pauses for a person's answer

# --------------------------------------------------------------------------------------------------
# Capabilities: what a game offers beyond playing, each optional and typed
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardView:
    """How to draw the game: its board and the counters on it.

    ``pieces(state)`` gives one dict per counter: ``{"id", "loc", "side", "label", "kind",
    "hover"}`` (``id`` names it for selection and set-up editing).
    """

    board: Callable[[GameState], Any]
    pieces: Callable[[GameState], list[dict[str, Any]]]
    aspect: float = 1.0  # width / height of the drawn map
    terrain_colors: Mapping[str, str] | None = None


@dataclass(frozen=True)
class OddsCalculator:
    """Exact combat odds: the function, its command-line form and its widget controls."""

    combat_odds: Callable[..., Any]
    add_arguments: Callable[[Any], None] | None = None  # argparse parser -> None
    from_args: Callable[[Any], Any] | None = None  # argparse namespace -> table
    from_selection: Callable[[GameState, Any, Any], dict[str, Any]] | None = None
    controls: Sequence[Mapping[str, Any]] | None = None  # widget control specs (odds_panel.py)


@dataclass(frozen=True)
class Reach:
    """Where a counter can move now: ``movement_reach(state, target) -> {loc: cost}``."""

    movement_reach: Callable[[GameState, Any], Mapping[Any, Any]]
    label: str = "MP"  # what the values are: "MP spent", "P(reach)" ...
    target: Callable[[GameState, Any, Any], Any] | None = None  # selection -> reach target


@dataclass(frozen=True)
class SetupEditing:
    """Set-up editing: each operation returns a new state or raises ValueError naming the
    problem (``widgets/setup_editor.py`` documents the signatures)."""

    place: Callable[..., GameState]
    move: Callable[..., GameState]
    remove: Callable[..., GameState]
    flip: Callable[..., GameState] | None = None
    kinds: Callable[[GameState], list[str]] | None = None
    sides: Callable[[GameState], list[str]] | None = None
    validate: Callable[[GameState], list[str]] | None = None


@dataclass(frozen=True)
class LegendEntry:
    """One line of a board's legend: a swatch (``shape``: "counter", "area", "line", "marker")
    in ``color`` and what it stands for."""

    label: str
    color: str
    shape: str = "counter"
    symbol: str = "square"  # for "marker": a Plotly marker symbol
    dash: str = "solid"  # for "line"


@dataclass(frozen=True)
class MapFeature:
    """Something printed on the map that is not a location: a line (the Fusion Fence, a road, a
    trail), an area (a zone, a tile, a region, a coastline) or markers (Hives, nests).

    ``paths`` are lists of (x, y) points in the board's drawing coordinates (``board.xy``); an
    area's path is a closed outline, a line's path a polyline, markers are the points themselves.
    """

    name: str
    kind: str  # "line" | "area" | "marker"
    paths: tuple[tuple[tuple[float, float], ...], ...]
    color: str
    width: float = 2.0
    dash: str = "solid"
    fill: str | None = None  # an area's fill colour (None: outline only)
    symbol: str = "circle"  # a marker's Plotly symbol
    size: float = 12.0  # a marker's size in pixels
    hover: str = ""


@dataclass(frozen=True)
class CounterFace:
    """How one counter is printed: its type, its values and its condition.

    ``status`` is "" (fresh), "reduced" (flipped side: drawn pale with a coloured border),
    "destroyed" (grey, crossed out), "hidden" (face down) or "marker" (a token, not a unit).
    """

    title: str  # the type, short: "Ant", "Squad", "Fort"
    values: str = ""  # the printed values: "3 MP 3+4+", "4-4-4"
    status: str = ""
    detail: str = ""  # one line for the stack list: id, formation, what the values mean


@dataclass(frozen=True)
class BattleCalculator:
    """A what-if battle as a board gamer sets it up: units picked per side, then the mutually
    exclusive results (they sum to 1) and the expectations, each an exact Fraction.

    ``groups()`` gives the (heading, control specs) columns (a function: the specs read the game's
    data, which importing a game must not load) (``widgets/odds_panel.py`` documents the
    specs); ``odds(values)`` calls the game's combat odds for the picked values (a dict of control
    name -> value); ``results(table)`` and ``expectations(table)`` read that table into
    (label, Fraction) rows; ``from_selection(state, loc, piece)`` gives the control values for the
    fight at a selected location (ValueError when there is none).
    """

    groups: Callable[[], Sequence[tuple[str, Sequence[Mapping[str, Any]]]]]
    odds: Callable[[Mapping[str, Any]], Any]
    results: Callable[[Any], list[tuple[str, Any]]]
    expectations: Callable[[Any], list[tuple[str, Any]]] | None = None
    from_selection: Callable[[GameState, Any, Any], Mapping[str, Any]] | None = None
    note: str = ""  # one line under the headline: what a result means in this game


@dataclass(frozen=True)
class Display:
    """How a game looks: one palette, its legend, the map's printed features, counter faces, the
    state panel and the battle calculator (drawing data only: no rule lives here).

    ``side_colors`` and ``terrain_colors`` are the one palette of the game (the Explorer and the
    notebooks read them); ``features(state)`` the map features to draw; ``counter(state, piece)``
    a piece's :class:`CounterFace`; ``state_panel(state)`` (label, value) rows of what is not on
    the map (tracks, cups, hands, scores); ``deciding_players(state)`` the players who make
    decisions in this game (a programmed opponent, an absent second player are left out).
    """

    side_colors: Mapping[str, str]
    terrain_colors: Mapping[str, str] | None = None
    legend: Callable[[GameState], Sequence[LegendEntry]] | None = None
    features: Callable[[GameState], Sequence[MapFeature]] | None = None
    counter: Callable[[GameState, Mapping[str, Any]], CounterFace] | None = None
    state_panel: Callable[[GameState], list[tuple[str, str]]] | None = None
    deciding_players: Callable[[GameState], Sequence[str]] | None = None
    battle: BattleCalculator | None = None
    size: tuple[int, int] | None = None  # (width, height) of the drawn map in pixels


# --------------------------------------------------------------------------------------------------
# The game module
# --------------------------------------------------------------------------------------------------


class GameModule(ABC):
    """A game as the project sees it. Subclass once per game; see ``docs/writing_a_game.md``.

    Class attributes every game sets: ``name``, ``title``, ``rulebook``, ``state_class``,
    ``players``, ``scenarios`` (the first is the default), ``variants``, ``policies``
    (name -> factory), ``default_policy`` (and ``default_policies`` per player where a player
    differs), ``phases`` (the sequence of play) and ``data_loader`` (its data files and the
    function that builds its typed data from them).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str]
    state_class: ClassVar[type[GameState]]
    players: ClassVar[tuple[str, ...]]
    scenarios: ClassVar[tuple[str, ...]]
    variants: ClassVar[tuple[Variant, ...]] = ()
    policies: ClassVar[Mapping[str, Callable[[], Policy]]]
    default_policy: ClassVar[str] = "heuristic"
    default_policies: ClassVar[Mapping[str, str]] = {}
    phases: ClassVar[tuple[str, ...]] = ()
    data_loader: ClassVar[DataLoader]
    max_events: ClassVar[int] = 200_000
    summary_by: ClassVar[str | None] = None

    board_view: BoardView | None = None
    odds: OddsCalculator | None = None
    reach: Reach | None = None
    line_of_sight: Callable[[GameState, Any], Any] | None = None
    setup: SetupEditing | None = None
    display: Display | None = None

    # -- what only the game can write ------------------------------------------------------------
    @abstractmethod
    def procedure(self, state: GameState, ctx: Context) -> Procedure:
        """The sequence of play as a generator of Events and Decisions."""

    @abstractmethod
    def initial_state(self, scenario: str, seed: int, variants: list[str], data: Any) -> GameState:
        """The state a named scenario starts from."""

    def invariants(self, state: GameState) -> list[str]:
        """What is broken in a state (empty when every invariant holds)."""
        return []

    def summary(self, state: GameState) -> dict[str, Any]:
        """One row of key statistics for batch runs; must include ``outcome``."""
        return {"outcome": state.result}

    def validate_state(self, state: GameState, data: Any) -> list[str]:
        """Problems of a loaded (hand-edited) state beyond its type, each naming the piece."""
        return []

    def player_won(self, row: Mapping[str, Any], player: str) -> bool:
        """Did ``player`` win the game a summary row describes? (A draw is nobody's win.)"""
        return row.get("outcome") == player

    def exact_odds_of_option(self, game: Game, option: Any) -> Any:
        """The exact odds of the single combat an option of the pending decision starts, where the
        game can tell (shown beside the simulated figures); None otherwise."""
        return None

    # -- data, written once (rules_lib.core.data.DataLoader) --------------------------------------
    def data(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The typed data, built once per set of overrides (the shipped data when none)."""
        return self.data_loader.data(overrides)

    def game_data(self, overrides: Mapping[str, Any] | None, variants: Sequence[str]) -> Any:
        """The data a game with these rule variants plays on (a game whose variants change its
        data, such as a map, says so here)."""
        return self.data(overrides)

    def validate_data(self, data_dir: Path | None = None) -> list[str]:
        """Every problem of the game's data (or a copy of it in ``data_dir``), not just the first."""
        return self.data_loader.validate(data_dir)

    def provenance_report(self):
        """Every assumed value of the data files (DataFrame: file, path, assumed)."""
        return self.data_loader.provenance_report()

    # -- playing, written once -------------------------------------------------------------------
    def rules(self, data: Any = None) -> Rules:
        """The engine's view of the game, with the given (or the shipped) data."""
        data = self.data() if data is None else data
        return Rules(self.name, self.state_class, self.procedure, data=lambda: data,
                     players=self.players, variants=self.variants, phases=self.phases)

    def make_policies(self, policies: Mapping[str, Any] | None = None,
                      data: Any = None) -> dict[str, Policy]:
        """One policy per player: a name from ``policies`` (``"person"``: a person answers at a
        widget) or a Policy object; the game's default for the players not given. Errors name the
        player or the policy. A policy factory that takes the game's data is given it (a
        heuristic reading overridden data)."""
        given = dict(policies or {})
        unknown = sorted(set(given) - set(self.players))
        if unknown:
            raise ValueError(f"{self.name}: no player {unknown[0]!r}; players: "
                             f"{', '.join(self.players)}")
        out: dict[str, Policy] = {}
        for player in self.players:
            choice = given.get(player, self.default_policies.get(player, self.default_policy))
            if choice == PERSON:
                choice = PersonPolicy()
            elif isinstance(choice, str):
                if choice not in self.policies:
                    raise ValueError(f"{self.name}: no policy {choice!r} for {player}; policies: "
                                     f"{', '.join(sorted(self.policies))}")
                choice = _make_policy(self.policies[choice], data)
            elif not callable(getattr(choice, "choose", None)):
                raise ValueError(f"{self.name}: the policy for {player} must be a name or have "
                                 f"a choose() method, not {choice!r}")
            out[player] = choice
        return out

    def new_game(self, scenario: Any = None, seed: int = 0, variants: Sequence[str] = (),
                 policies: Mapping[str, Any] | None = None,
                 data_overrides: Mapping[str, Any] | None = None, keep_log: bool = True) -> Game:
        """A Game ready to step: a named scenario (default: the first) or a saved state."""
        chosen = self.choose_variants(variants)
        if scenario is None or (isinstance(scenario, str) and scenario in self.scenarios):
            data = self.game_data(data_overrides, chosen)
            state = self.initial_state(scenario or self.scenarios[0], seed, chosen, data)
            state.variants = chosen
        else:
            state = self.load_state(scenario, self.game_data(data_overrides, chosen))
            if variants:
                state.variants = chosen
            data = self.game_data(data_overrides, state.variants)
        return Game(self.rules(data), state, seed=seed,
                    policies=self.make_policies(policies, data), keep_log=keep_log)

    def choose_variants(self, requested: Sequence[str]) -> list[str]:
        """The variants asked for, checked: each must be one of the game's (a game whose
        variants exclude each other says so here)."""
        return check_variants(requested, self.variants, self.name)

    def load_state(self, source: Any, data: Any = None) -> GameState:
        """A saved position (a state, its dict, JSON text or a .json path), checked completely."""
        data = self.data() if data is None else data
        if isinstance(source, self.state_class):
            state = source.copy()
        elif isinstance(source, (Mapping, list, tuple)):
            state = self._state_from_data(source)
        elif isinstance(source, (str, Path)) and str(source).lstrip()[:1] in ("{", "["):
            state = self._state_from_data(_json(str(source), "the saved state"))
        elif isinstance(source, (str, Path)) and Path(source).suffix == ".json":
            path = Path(source)
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise StateError(f"{self.name}: cannot read {path} ({exc})") from None
            state = self._state_from_data(_json(text, str(path)))
        else:
            raise StateError(f"{self.name}: unknown scenario {source!r}; scenarios: "
                             f"{', '.join(self.scenarios)}, or a saved state (.json)")
        problems = self.state_problems(state, data)
        if problems:
            raise StateError(f"{self.name} saved state: " + "; ".join(problems))
        return state

    def _state_from_data(self, data: Any) -> GameState:
        if not isinstance(data, Mapping):
            raise StateError(f"{self.name}: a saved state is a JSON object, not "
                             f"{type(data).__name__}")
        if data.get("game") != self.name:
            raise StateError(f"{self.name}: this saved state is for game "
                             f"{data.get('game')!r}, not {self.name!r}")
        return self.state_class.from_data(dict(data))

    def state_problems(self, state: GameState, data: Any = None) -> list[str]:
        """Everything wrong with a state: the common fields, then the game's own checks."""
        data = self.data() if data is None else data
        out = []
        if state.game != self.name:
            out.append(f"game is {state.game!r}, not {self.name!r}")
        if self.phases and state.phase not in self.phases:
            out.append(f"unknown phase {state.phase!r}; phases: {', '.join(self.phases)}")
        if not isinstance(state.turn, int) or state.turn < 1:
            out.append(f"turn {state.turn!r} is not a turn number (1 or more)")
        known = {v.name for v in self.variants}
        out += [f"unknown rule variant {v!r}" for v in state.variants if v not in known]
        return out + list(self.validate_state(state, data))

    # -- description -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}: {self.title}>"


def _make_policy(factory: Callable[..., Policy], data: Any) -> Policy:
    """A policy from its factory, handing it the game's data if the factory takes it."""
    if data is not None:
        try:
            params = inspect.signature(factory).parameters
        except (TypeError, ValueError):
            params = {}
        if "data" in params:
            return factory(data=data)
    return factory()


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateError(f"{where}: not valid JSON ({exc})") from None


def capabilities(game: GameModule) -> Iterator[tuple[str, Any]]:
    """The optional capabilities a game offers (name, value), for listings and tests."""
    for name in ("board_view", "odds", "reach", "line_of_sight", "setup", "display"):
        value = getattr(game, name)
        if value is not None:
            yield name, value


__all__ = ["BattleCalculator", "BoardView", "CounterFace", "Display", "GameModule", "LegendEntry",
           "MapFeature", "OddsCalculator", "Reach", "SetupEditing", "capabilities"]

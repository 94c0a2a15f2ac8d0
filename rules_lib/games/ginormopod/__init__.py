"""Ginormopod 2050 A.D.: Attack of the Giant Bug Monsters — the whole game on the core engine.

>>> from rules_lib.games.ginormopod import new_game
>>> game = new_game(seed=1)
>>> game.run_to_end().result in ("Swarm", "Human")
True
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.engine import Game, Variant

from .board import build_board
from .data import LOADER, GinData, data_for, load_game_data, validate_data
from .odds import add_odds_arguments, combat_odds, odds_from_args, odds_from_selection
from .policies import HeuristicPolicy, RandomPolicy
from .reach import movement_reach
from .setup import initial_forts, manifest
from .setup_editing import SETUP_API
from .state import POOLS, GinState
from .turn import play

NAME = "ginormopod"
PLAYERS = ("Swarm", "Human")

VARIANTS = (
    Variant("three_western_hives",
            "The Hives are three Cities west of the named ones (Sioux Falls, Kansas City, "
            "Shreveport), not Minneapolis and Des Moines",
            rule="Ginormopod: Battleground / Set-Up (GIN-MF-05, GIN-MAP-06)",
            default_reading="the westernmost Cities named on the map, Minneapolis and Des Moines, "
                            "are Hives (the third Hive, Shreveport, is assumed)"),
    Variant("cup_without_end_chits",
            "No ...The End??? chits: every chit in the cup is drawn each turn",
            rule="Ginormopod: Set-Up / Flow of Play (GIN-AMB-01)",
            default_reading="three ...The End??? chits go in the cup with the ten chits Set-Up "
                            "lists"),
    Variant("danger_chits_from_start",
            "Tectonic Telekinesis and Nuclear are in the cup from Turn 1",
            rule="Ginormopod: Set-Up (GIN-AMB-02)",
            default_reading="they enter the cup when the marker advances to Turn 2, like the "
                            "Turn 6 chits"),
    Variant("nuclear_is_not_nukes",
            "Nuclear is not the 'Nukes' of the Danger rule: playing it never moves the Danger "
            "marker",
            rule="Ginormopod: Set-Up / Danger (GIN-AMB-03)",
            default_reading="Nuclear and Nukes are the same Human chit, which endangers the "
                            "planet"),
    Variant("danger_each_die", "Roll For Danger: each die must reach its own die symbol",
            rule="Ginormopod: Danger (GIN-AMB-04)",
            default_reading="the two dice are summed against the total of the space's symbols"),
    Variant("danger_both_roll", "Roll For Danger: every player who has used a Danger FX rolls",
            rule="Ginormopod: Danger (GIN-AMB-05)",
            default_reading="only the player whose FX is face-up on the marker rolls"),
    Variant("retreat_chosen_by_enemy", "The winner chooses where the loser's units Retreat",
            rule="Ginormopod: Combat (GIN-AMB-06)",
            default_reading="the owner retreats his units one road, to a City of his choice"),
    Variant("only_activated_units_attack",
            "Only the activated Formation's units roll for the acting side",
            rule="Ginormopod: Combat (GIN-AMB-07)",
            default_reading="every unit of both sides in the City fights"),
    Variant("overrun_ignores_fort_boxes", "Fort boxes do not count as units for the Overrun",
            rule="Ginormopod: Combat (GIN-AMB-08)",
            default_reading="Fort boxes count as units, so an undestroyed Fort is never overrun"),
    Variant("held_chit_returns_to_cup", "A held chit goes back into the cup after its Fade In "
            "Activation", rule="Ginormopod: Fade In (GIN-AMB-09)",
            default_reading="it stays out of the cup until Fade Out: one Activation per turn"),
    Variant("hold_without_activation", "Chits may be held even if no Formation was activated",
            rule="Ginormopod: Fade Out (GIN-AMB-10)",
            default_reading="literal: no Activation this turn, nobody holds a chit"),
    Variant("sudden_victory",
            "The Swarm wins the moment it destroys its second victory City",
            rule="Ginormopod: Overview / Victory (GIN-AMB-11)",
            default_reading="victory is checked only in the Fade Out, after the Roll For Danger"),
    Variant("fort_hits_not_counted_for_retreat", "Hits absorbed by the Fort do not count for the "
            "Retreat comparison", rule="Ginormopod: Fort Combat (GIN-AMB-13)",
            default_reading="all hits the Human side suffers count, Fort boxes included"),
    Variant("sortie_won_only_by_wiping_out",
            "A Sortie is won only by eliminating every Swarm unit it attacks",
            rule="Ginormopod: Fort Combat (GIN-AMB-17)",
            default_reading="the Humans win when the Swarm must Retreat or has no unit left"),
    Variant("reduced_tank_doubles", "A Reduced Tank also rolls two dice with the doubles rule",
            rule="Ginormopod: Combat (GIN-AMB-15)",
            default_reading="only Fresh Tanks use the doubles rule; a Reduced Tank rolls its "
                            "symbols normally"),
    Variant("allied_chit_activates_on_draw",
            "The first foreign chit activates its Formation when drawn (an Activation with no "
            "unit on the map yet)",
            rule="Ginormopod: Allied Reinforcements (GIN-AMB-16)",
            default_reading="drawing it only chooses the nation; its units arrive in the Fade Out"),
    Variant("armed_guard_does_not_stop",
            "A revealed Guard with a die symbol stays but does not stop the Swarm unit",
            rule="Ginormopod: Movement (GIN-AMB-19)",
            default_reading="the Guard stays and the Swarm unit must stop there"),
)


def standard_state(data: GinData, variants: list[str]) -> GinState:
    """The state before Set-Up: every counter unplaced, Forts at full strength."""
    return GinState(game=NAME, variants=variants, units=manifest(data), forts=initial_forts(data))


def validate_state(state: GinState, data: GinData) -> list[str]:
    """Problems of a (hand-edited) state, each naming the unit, City or Fort concerned."""
    out = []
    for u in state.units:
        if u.type not in data.types:
            out.append(f"unit {u.id!r} has unknown unit type {u.type!r}")
        if u.pool not in POOLS:
            out.append(f"unit {u.id!r} is in unknown pool {u.pool!r}")
        if u.pool == "map" and u.loc not in data.cities:
            out.append(f"unit {u.id!r} is in unknown City {u.loc!r}")
    for city in state.forts:
        if city not in data.forts:
            out.append(f"unknown Fort {city!r}")
    out.extend(_stacking_problems(state, data))
    out.extend(_fort_problems(state, data))
    return out


def _stacking_problems(state: GinState, data: GinData) -> list[str]:
    counts = Counter((u.loc, u.side) for u in state.units if u.pool == "map")
    out = []
    for (city, side), n in sorted(counts.items()):
        total = n + (state.fort_boxes(city) if side == "Human" else 0)
        if total > data.stack_limit:
            out.append(f"City {city!r} holds {total} {side} units (Fort boxes included), "
                       f"more than {data.stack_limit}")
    return out


def _fort_problems(state: GinState, data: GinData) -> list[str]:
    out = []
    for city, f in state.forts.items():
        if not 0 <= f.strength <= f.max_strength:
            out.append(f"Fort {city!r} strength {f.strength} outside 0..{f.max_strength}")
        if f.destroyed != (f.strength == 0):
            out.append(f"Fort {city!r}: Destroyed marker and strength {f.strength} disagree")
    return out


def new_game(scenario: Any = None, seed: int = 0, variants: Any = (),
             policies: dict[str, Any] | None = None, data_overrides: dict[str, Any] | None = None,
             keep_log: bool = True) -> Game:
    """A Game ready to step: the standard set-up, or a saved/hand-edited scenario."""
    return GAME.new_game(scenario, seed, variants, policies, data_overrides, keep_log)


def _manifest_ids(data: GinData) -> list[str]:
    cached = getattr(data, "_manifest_ids", None)
    if cached is None:
        cached = sorted(u.id for u in manifest(data))
        object.__setattr__(data, "_manifest_ids", cached)
    return cached


def invariants(state: GinState) -> list[str]:
    """Violated invariants: stacking, conservation of units, pools, Fort strengths."""
    data = data_for(state)
    out = _stacking_problems(state, data) + _fort_problems(state, data)
    ids = sorted(u.id for u in state.units)
    expected = _manifest_ids(data)
    if ids != expected:
        out.append(f"units not conserved: {len(ids)} counters, expected {len(expected)}")
    for u in state.units:
        if u.pool not in POOLS:
            out.append(f"{u.id} in unknown pool {u.pool!r}")
        elif u.pool == "map" and u.loc not in data.cities:
            out.append(f"{u.id} on the map at unknown City {u.loc!r}")
        elif u.pool == "track" and u.track_turn <= state.turn:
            out.append(f"{u.id} on the Time Tracker at Turn {u.track_turn}, not ahead of "
                       f"Turn {state.turn}")
        elif u.pool in ("track", "returning") and u.side != "Swarm":
            out.append(f"{u.id} is Human but in the {u.pool} pool")
    return out


def summary(state: GinState) -> dict[str, Any]:
    """One row of key statistics for batch runs."""
    data = data_for(state)
    lost = Counter(u.side for u in state.units if u.pool == "eliminated")
    tracked = sum(1 for u in state.units if u.pool in ("track", "returning"))
    return {"outcome": state.result or "unfinished", "reason": state.end_reason,
            "turns": state.turn,
            "cities_destroyed": sum(1 for c in data.victory_cities if state.forts[c].destroyed),
            "forts_destroyed": sum(1 for f in state.forts.values() if f.destroyed),
            "danger_level": state.danger,
            "swarm_units_lost": lost["Swarm"] + tracked,
            "human_units_lost": lost["Human"],
            "allied": state.allied or "none",
            "battles": state.stats.get("battles", 0),
            "overruns": state.stats.get("overruns", 0)}


def board(state: GinState | None = None):
    """The map as a GraphBoard (x = longitude, y = latitude), as the state's variants draw it."""
    return build_board(data_for(state) if state is not None else load_game_data())


def pieces(state: GinState) -> list[dict[str, Any]]:
    """Counters on the map (and Forts) for drawing."""
    data = data_for(state)
    out = []
    for u in state.units:
        if u.pool != "map":
            continue
        face = "Reduced" if u.reduced else ("hidden" if not u.revealed else "Fresh")
        out.append({"id": u.id, "loc": u.loc, "side": u.side, "label": u.id, "kind": u.type,
                    "hover": f"{u.id} ({u.formation}, {face}){_counter_values(data, u)}"})
    for city, f in state.forts.items():
        out.append({"loc": city, "side": "Human", "label": f"Fort {f.strength}", "kind": "Fort",
                    "hover": f"Fort {city} ({f.formation}): "
                             + ("Destroyed" if f.destroyed else f"strength {f.strength}")})
    return out


def _counter_values(data: GinData, u: Any) -> str:
    """A counter's MP and die pips for its hover text, with where the pips come from."""
    if not u.revealed:
        return ""  # a hidden Guard shows nothing
    t = data.types[u.type]
    if u.type == "Guard":
        pips, side = (t.revealed_armed if u.armed else ()), "revealed_armed"
    else:
        pips, side = (t.reduced, "reduced") if u.reduced else (t.fresh, "fresh")
    prov = data.sources["units"].provenance_of(f"types.{u.type}.{side}")
    dice = " ".join(f"{p}+" for p in pips) or "no die"
    if t.fresh_doubles and not u.reduced:
        dice = f"two dice vs {dice}, doubles score two"
    return f": {t.mp} MP, dice {dice}" + (f" ({prov})" if prov else "")


class Ginormopod(GameModule):
    """Ginormopod 2050 A.D.: the Swarm against the Humans and their Fusion Fence."""

    name = NAME
    title = "Ginormopod 2050 A.D.: Attack of the Giant Bug Monsters"
    rulebook = "000_86ba0ae36164543b.txt"
    state_class = GinState
    players = PLAYERS
    scenarios = ("standard",)
    variants = VARIANTS
    policies = {"random": RandomPolicy, "heuristic": HeuristicPolicy}
    phases = ("Set-Up", "Fade In", "Action", "Fade Out")
    data_loader = LOADER
    max_events = 100_000

    board_view = BoardView(board, pieces, aspect=1.29)
    odds = OddsCalculator(combat_odds, add_odds_arguments, odds_from_args, odds_from_selection)
    reach = Reach(movement_reach, label="MP spent")
    setup = SetupEditing(**SETUP_API)
    from .display import DISPLAY as display  # noqa: E402 - palette, legend, map, panels

    def game_data(self, overrides, variants):
        return load_game_data(overrides, variants)  # the three_western_hives map is other data

    def validate_data(self, data_dir=None):
        return validate_data(data_dir)

    def procedure(self, state, ctx):
        return play(state, ctx)

    def initial_state(self, scenario, seed, variants, data):
        return standard_state(data, variants)

    def validate_state(self, state, data):
        return validate_state(state, data)

    def invariants(self, state):
        return invariants(state)

    def summary(self, state):
        return summary(state)


GAME = Ginormopod()

__all__ = ["GAME", "VARIANTS", "GinState", "invariants", "new_game", "summary", "validate_state"]

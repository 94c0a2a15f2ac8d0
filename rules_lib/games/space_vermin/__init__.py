"""Space Vermin From Beyond! (rulebook 002_7b0e0cb0284ead64.txt).

Part 1: the maps, terrain, Line-of-Sight, counters and the Marines' side (``data``, ``board``,
``los``, ``state``, ``counters``, ``dice``, ``combat``, ``movement``, ``actions``, ``odds``).
Part 2: the programmed Vermite opponent (``vermite_turn``: §C-2-a, §D; ``vermite_movement``: §D-2,
§E; ``tunnels``: §E-1-c; ``spawning``: §G, §Q-2-c), the sequence of play (``turn``: §C-2, §M),
the scenarios (``scenarios``: §Q), victory (``victory``: §N, §Q) and the Marine ``policies``.
"""

from __future__ import annotations

from typing import Any

from rules_lib.core.engine import Game, Rules, Variant, check_variants
from rules_lib.registry import GameEntry

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "jump_scatter_rerolls",
        "A Scattered jump that lands on a unit rolls a new random hex like a Malfunction.",
        rule="Space Vermin §I-1-c (SV-AMB-05)",
        default_reading="the Malfunction landing rules are applied at the scatter hex and the "
        "Marine is Disrupted; no new random hex",
    ),
    Variant(
        "rally_only_next_to_vermites",
        "Rally only helps Disrupted units that are adjacent to a Vermite (§C-2-c wording).",
        rule="Space Vermin §I-4-b / §C-2-c (SV-AMB-13)",
        default_reading="every Disrupted unit adjacent to the rallying unit, or the rallying "
        "unit itself, may roll",
    ),
    Variant(
        "nat_fire_penalty_twice",
        "A NAT-marked Marine fires at -2 CF: §J-1's modifier and §J-7's reduction both apply.",
        rule="Space Vermin §J-1 / §J-7 (SV-AMB-04)",
        default_reading="-1 CF once: §J-1's NAT modifier is §J-7's reduction (Tainted and "
        "Infected alike)",
    ),
    Variant(
        "two_player",
        "Two-player option: the Vermite player draws two Event Chits each turn and picks one.",
        rule="Space Vermin §O",
        default_reading="solitaire: one chit is drawn at random each turn",
    ),
    Variant(
        "extra_chit_chosen_too",
        "Two-player game: the extra chit a B.U.R.P./B.E.L.C.H. calls for is also drawn as two "
        "and chosen.",
        rule="Space Vermin §O / §D-1 (SV-AMB-12)",
        default_reading="the extra chit is a single random draw; several successful Recons "
        "still give one two-chit choice",
    ),
    Variant(
        "invented_event_chit_card",
        "Play the project's own Event Chit Card: NAT Plague, Vermites Molt, Fog Bank and the "
        "other chits whose effect the rulebook does not give do something (all invented).",
        rule="Space Vermin §D (Event Chit Card: a data gap)",
        default_reading="only the effects the text states (B.U.R.P., B.E.L.C.H., Bogs Flood); "
        "every other chit just sets the Queen's Preferred Direction",
    ),
)

from .board import map_for
from .commander import CommanderPolicy
from .data import load_game_data, provenance_report, validate_data
from .los import visible_from
from .movement import marine_reach
from .odds import add_odds_arguments, combat_odds, odds_from_args
from .policies import HeuristicPolicy, RandomPolicy
from .scenarios import SCENARIOS, new_state
from .setup_editing import SETUP_API
from .state import SVState
from .turn import play
from .vermite_movement import preview_paths
from .victory import escaped_vp, migration_vp
from .views import invariants as _invariants
from .views import pieces

NAME = "space_vermin"
PLAYERS = ("Marines", "Vermites")
RULES = Rules(NAME, SVState, play, data=load_game_data, players=PLAYERS, variants=VARIANTS)


def new_game(scenario: str | None = None, seed: int = 0, variants=(), policies=None,
             data_overrides: dict[str, Any] | None = None, keep_log: bool = True) -> Game:
    """A game of a scenario (family_jewels, great_migration, campaign) ready to play."""
    data = load_game_data(data_overrides)
    state = new_state(data, scenario or "family_jewels")
    state.variants = check_variants(variants, VARIANTS, NAME)
    rules = RULES if not data_overrides else Rules(NAME, SVState, play, data=lambda: data,
                                                   players=PLAYERS, variants=VARIANTS)
    return Game(rules, state, seed=seed, policies=policies, keep_log=keep_log)


def invariants(state: SVState) -> list[str]:
    """Stacking, hexes, markers, units conserved (map/cup/piles/off-map), Jewels conserved."""
    return _invariants(state)


def summary(state: SVState) -> dict[str, Any]:
    """One row per game: victory level, Jewels exited, Marines lost, VP, escaped Vermites, and
    the Vermites eliminated (to any pile: in Scenario 1 they go back to the cup). In a Campaign
    the counts are the second battle's."""
    data = load_game_data()
    vermites = [u for u in state.units if not u.is_marine]
    return {
        "outcome": state.result or "unfinished",
        "scenario": state.scenario,
        "reason": state.outcome_detail,
        "turns": state.turn,
        "jewels_exited": state.jewels_exited,
        "marines_lost": state.marines_lost,
        "vp": state.vp if state.map == "beta" else 0,
        "escaped_vermites": sum(1 for u in vermites if u.status == "escaped"),
        "escaped_vp": escaped_vp(data, state),
        "eliminated_vermites": state.vermites_eliminated,
        "campaign_vp_1": state.campaign_vp_1,
    }


def board(state: SVState):
    """The Mapzone the state plays on, as the core HexBoard."""
    return map_for(state.map).board


def movement_reach(state: SVState, unit_id: str) -> dict[Any, Any]:
    """{hex: MP} where a Marine can end a Full Move now (§I-1)."""
    smap = map_for(state.map)
    unit = state.unit(unit_id)
    if not unit.is_marine or not unit.on_map:
        raise ValueError(f"{unit_id} is not a Marine on the map")
    return {h: info.cost for h, info in marine_reach(load_game_data(), smap, state, unit_id).items()}


def line_of_sight(state: SVState, loc) -> list[Any]:
    """Every hex a Marine at ``loc`` (a hex or its label) can see (§J-1)."""
    smap = map_for(state.map)
    h = smap.hex(loc) if isinstance(loc, (str, int)) else loc
    return sorted(visible_from(smap, state, h), key=smap.number_key)


POLICIES = {"random": RandomPolicy, "heuristic": HeuristicPolicy, "commander": CommanderPolicy}

ENTRY = GameEntry(
    name=NAME, title="Space Vermin From Beyond!", rulebook="002_7b0e0cb0284ead64.txt",
    rules=RULES, new_game=new_game, scenarios=list(SCENARIOS), policies=POLICIES,
    default_policies={"Marines": "heuristic", "Vermites": "random"}, invariants=invariants,
    summary=summary, validate_data=validate_data, provenance_report=provenance_report,
    board=board, pieces=pieces, combat_odds=combat_odds, movement_reach=movement_reach,
    add_odds_arguments=add_odds_arguments, odds_from_args=odds_from_args, max_events=200_000,
    extra={"line_of_sight": line_of_sight, "reach_label": "MP spent",
           "preview_vermite_paths": preview_paths, "setup": SETUP_API})

__all__ = ["ENTRY", "RULES", "VARIANTS", "SVState", "invariants", "migration_vp", "new_game",
           "summary"]

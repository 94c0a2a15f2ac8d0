"""Glorantha: The Gods War - Cosmic Monsters (Androgeus, Arachne Solara) on an assumed minimal base game."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, SetupEditing
from rules_lib.core.engine import Game, Variant, check_variants

from . import monsters
from . import odds as gw_odds
from .board import area_map as board
from .board import board_for
from .counters import building_id, piece_ids, pieces, web_token_id
from .data import LOADER, GodsWarData, default_data, load
from .invariants import invariants
from .policies import HeuristicPolicy, RandomPolicy
from .saved_state import validate_state
from .setup import SCENARIOS, initial_state
from .setup_editing import SETUP_API
from .state import GWState
from .turn import play

VARIANTS = (
    Variant("arachne_waits_for_compromise",
            "Arachne Solara is placed when the Great Compromise is first triggered, like the other "
            "Cosmic Monsters", rule="XIII. Monsters / Arachne Solara card (GW-AMB-01)",
            default_reading="her card overrides the general rule: she starts in Inner Hell"),
    Variant("lust_chains",
            "The free summon caused by Lust can itself trigger Lust",
            rule="Androgeus card: Lust (GW-AMB-03)",
            default_reading="a free summon caused by Lust does not trigger Lust"),
    Variant("lust_no_move",
            "XIII's 'players cannot move monsters' overrides Lust: Androgeus stays put",
            rule="XIII. Monsters (Movement) / Androgeus card (GW-AMB-02)",
            default_reading="Lust is Androgeus' own trigger, so he moves into the adjacent area"),
    Variant("androgeus_hero_dies_in_addition",
            "The hero or greater god selected to die is killed on top of all of Androgeus' kills",
            rule="Androgeus card (Killing) (GW-AMB-04)",
            default_reading="the selected hero takes one of his kills; the rest apply as usual"),
    Variant("spin_to_hell_area_only",
            "Spinning the Web from the surface goes to 'Hell' or 'the Heavens' only, not Inner Hell",
            rule="Arachne Solara card: Spinning the Web (GW-AMB-06)",
            default_reading="Inner Hell counts as Hell: any Hell or Heavens area may be chosen"),
    Variant("web_counts_map_tokens_only",
            "Completing the Web needs every web token on the map (tokens on empire sheets do not "
            "complete it)", rule="Arachne Solara card: Completing the Web (GW-AMB-07)",
            default_reading="every token leaving the pool counts toward the 12"),
    Variant("tangled_no_kill_scored",
            "Arachne Solara cannot be killed, so no kill is ever scored against her: Tangled in "
            "the Web gives no VP", rule="Arachne Solara card: Tangled in the Web (GW-AMB-08)",
            default_reading="every kill result rolled against her is a kill scored: VP for each, "
                            "she takes no damage"),
)

def new_game(scenario: str | Mapping[str, Any] | None = None, seed: int = 0,
             variants: Sequence[str] = (), policies: Mapping[str, Any] | None = None,
             data_overrides: Mapping[str, Any] | None = None, keep_log: bool = True) -> Game:
    """A new game: a scenario name ('both', 'androgeus', 'arachne_solara', 'disagreement'), a
    choice of Monsters as a dict ({"monsters": [...], "experienced": bool}) or a saved state."""
    return GAME.new_game(scenario, seed, variants, policies, data_overrides, keep_log)


def game_with_data(data: GodsWarData, scenario: str | Mapping[str, Any] | None = None,
                   seed: int = 0, variants: Sequence[str] = (),
                   policies: Mapping[str, Any] | None = None, keep_log: bool = True) -> Game:
    """A new game played with the given data object (built by ``data.build`` from any files)."""
    if scenario is None:
        scenario = "both"
    if isinstance(scenario, str):
        if scenario not in SCENARIOS:
            raise ValueError(f"gods_war: unknown scenario {scenario!r}; scenarios: "
                             f"{', '.join(SCENARIOS)}")
        scenario = SCENARIOS[scenario]
    chosen = check_variants(variants, VARIANTS, "gods_war")
    state = initial_state(data, dict(scenario), chosen)
    return Game(GAME.rules(data), state, seed=seed, policies=GAME.make_policies(policies, data),
                keep_log=keep_log)


def summary(state: GWState) -> dict[str, Any]:
    """One row of key statistics for batch runs."""
    row: dict[str, Any] = {"outcome": state.result, "end_reason": state.end_reason,
                           "turns": state.turn, "web_pool": state.web_pool,
                           "web_tokens_on_map": len(state.web_tokens)}
    for e, sheet in state.empires.items():
        row[f"vp_{e}"] = sheet.vp
    for name, m in state.monsters.items():
        row[f"{name}_status"] = m.status
    for key in ("battles", "arachne_vp", "lust_summons", "androgeus_moves", "spins",
                "empowerings", "units_killed", "max_dice_vs_androgeus"):
        row[key] = state.stats.get(key, 0)
    row["androgeus_killed_turn"] = state.stats.get("Androgeus killed on turn")
    return row


class GodsWar(GameModule):
    """Glorantha: The Gods War - Cosmic Monsters, on an assumed minimal base game."""

    name = "gods_war"
    title = "Glorantha: The Gods War - Cosmic Monsters"
    rulebook = "003_7ef418db54cd1706.txt"
    state_class = GWState
    scenarios = tuple(SCENARIOS)
    variants = VARIANTS
    policies = {"random": RandomPolicy, "heuristic": HeuristicPolicy}
    phases = ("Set-Up", "Action", "Council", "End")
    data_loader = LOADER

    board_view = BoardView(board, pieces, aspect=1.0)
    odds = OddsCalculator(gw_odds.combat_odds, gw_odds.add_arguments, gw_odds.from_args)
    setup = SetupEditing(**SETUP_API)
    from .display import DISPLAY as display  # noqa: E402 - palette, legend, map, panels
    from .reach import REACH as reach  # noqa: E402 - where a Cosmic Monster's next move goes

    @property
    def players(self) -> tuple[str, ...]:  # type: ignore[override]
        """The empires, in the data's player order (read when first asked)."""
        return tuple(default_data().player_order)

    def procedure(self, state, ctx):
        return play(state, ctx)

    def initial_state(self, scenario, seed, variants, data):
        return initial_state(data, dict(SCENARIOS[scenario]), variants)

    def new_game(self, scenario: Any = None, seed: int = 0, variants: Sequence[str] = (),
                 policies: Mapping[str, Any] | None = None,
                 data_overrides: Mapping[str, Any] | None = None, keep_log: bool = True) -> Game:
        if isinstance(scenario, Mapping) and "monsters" in scenario and "game" not in scenario:
            return game_with_data(self.data(data_overrides), scenario, seed, variants, policies,
                                  keep_log)
        return super().new_game(scenario, seed, variants, policies, data_overrides, keep_log)

    def invariants(self, state):
        return invariants(state)

    def validate_state(self, state, data):
        return validate_state(state, data)

    def summary(self, state):
        return summary(state)

    def exact_odds_of_option(self, game, option):
        """The exact result of an attack on a Cosmic Monster (``option_odds``)."""
        from .option_odds import attack_option_odds

        return attack_option_odds(game, option)


GAME = GodsWar()

__all__ = ["GAME", "LOADER", "SCENARIOS", "SETUP_API", "VARIANTS", "GWState", "GodsWar",
           "GodsWarData", "HeuristicPolicy", "RandomPolicy", "board", "board_for", "building_id",
           "default_data", "game_with_data", "initial_state", "invariants", "load", "monsters",
           "new_game", "piece_ids", "pieces", "play", "summary", "validate_state", "web_token_id"]

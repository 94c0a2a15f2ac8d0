"""Zombies!!! Giants-Club house rules: Survivors of three sizes in a tile-built town and mall.

Entry points for the registry: ``new_game``, invariants, summary, fight odds, movement reach.
"""

from __future__ import annotations

from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.engine import Game, check_variants

from . import capacity, crafting, sizes  # noqa: F401  (the notebook reads crafting and sizes)
from .data import LOADER, SIZES, ZData, default_data
from .events import full_deck  # noqa: F401
from .figures import squares_of
from .invariants import invariants, square_capacity_problems  # noqa: F401
from .movement import movement_reach
from .odds import combat_odds
from .policies import HeuristicPolicy, RandomPolicy
from .saved_state import state_problems
from .setup import NAME, PLAYERS, SCENARIOS, initial_state, place_on_start_tile  # noqa: F401
from .setup_editing import SETUP_API, zombie_id
from .state import PlacedTile, Survivor, ZState  # noqa: F401
from .town import town_map
from .turn import play
from .variants import EXCLUSIVE, FIGHT_VARIANTS, VARIANTS


def new_game(scenario: str | None = None, seed: int = 0, variants=(), policies=None,
             data_overrides: dict[str, Any] | None = None, keep_log: bool = True) -> Game:
    """A new Giants-Club game (scenario: mixed | normal | big | huge | team)."""
    return GAME.new_game(scenario, seed, variants, policies, data_overrides, keep_log)


def summary(state: ZState) -> dict[str, Any]:
    """One row per game: outcome, kills, turns survived and size (first Survivor)."""
    first = state.survivors[0]
    return {
        "outcome": state.result,
        "size": first.start_size or first.size,
        "end_size": first.size,
        "kills": sum(s.kills for s in state.survivors),
        "turns_survived": first.turns_survived,
        "rounds": state.turn,
        "tiles_placed": len(state.tiles),
        "survivors": len(state.survivors),
        "survivors_escaped": sum(s.status == "escaped" for s in state.survivors),
        "survivors_dead": sum(s.status == "dead" for s in state.survivors),
    }


def board(state: ZState):
    """The town's SquareBoard."""
    return town_map(state, default_data()).board


def pieces(state: ZState) -> list[dict[str, Any]]:
    """Survivors and zombies to draw."""
    data = default_data()
    out = []
    for s in state.survivors:
        if not s.in_play:
            continue
        for sq in squares_of(state, data, s):
            out.append(
                {
                    "id": s.name,
                    "loc": sq,
                    "side": s.name,
                    "label": s.size[0],
                    "kind": s.size,
                    "hover": f"{s.name} {s.size}: {s.halves / 2:g} hearts, {s.reserve} reserve, "
                    f"{s.bullets} bullets, {s.kills} kills",
                }
            )
    for z in state.zombies:
        out.append(
            {
                "id": zombie_id(z.id),
                "loc": tuple(z.loc),
                "side": "Zombies",
                "label": "Z",
                "kind": "zombie",
                "hover": f"zombie {z.id}" + (f" (damaged {z.damage})" if z.damage else ""),
            }
        )
    return out


def survivor_reach(state: ZState, piece_id: str, data: ZData | None = None):
    """movement_reach for a counter id: a Survivor standing on its own feet, else a clear refusal."""
    surv = next((s for s in state.survivors if s.name == piece_id and s.in_play), None)
    if surv is None:
        if any(zombie_id(z.id) == piece_id for z in state.zombies):
            raise ValueError(f"{piece_id}: zombies roll no movement; they step 1 square toward "
                             "the player on the zombie turn (Step 4)")
        raise ValueError(f"no Survivor {piece_id!r} in play")
    if surv.carried_by:
        raise ValueError(f"{surv.name} is carried by {surv.carried_by} and moves with that Giant")
    return movement_reach(state, piece_id, data)


def add_odds_arguments(parser) -> None:
    """CLI options for `rules-explorer odds zombies_giants`."""
    data = default_data()
    parser.add_argument("--size", default="Normal", choices=list(SIZES))
    parser.add_argument("--hearts", type=int, default=data.sizes["Normal"].start_hearts)
    parser.add_argument(
        "--start-hearts", action="store_true",
        help="the size's Game Start hearts under the chosen reading of ZGC-AMB-01 (not --hearts)",
    )
    parser.add_argument("--bullets", type=int, default=data.sizes["Normal"].start_bullets)
    parser.add_argument(
        "--zombies", type=int, default=1,
        help=f"zombies in the fight (at most {data.rules['combat']['max_zombies_per_square']} "
        "share a square)",
    )
    parser.add_argument(
        "--bullet-policy", default="when_it_kills", choices=["when_it_kills", "always", "never"]
    )
    parser.add_argument(
        "--bullet-every-failed-roll", action="store_true",
        help="the ZGC-AMB-19 variant: a bullet after every failed roll, not once per combat",
    )
    parser.add_argument(
        "--fight-variant", nargs="*", default=[], choices=list(FIGHT_VARIANTS),
        help="rule variants that change a fight",
    )
    parser.add_argument(
        "--beyond-rules", action="store_true",
        help="a what-if the game cannot have (3 zombies on a square, more hearts than a size "
        "holds); otherwise such a fight is refused naming the limit",
    )


def odds_from_args(args):
    """The odds table the command line (or the odds panel's controls) asks for."""
    hearts = None if getattr(args, "start_hearts", False) else args.hearts
    return combat_odds(
        args.size, hearts, args.bullets, args.zombies, bullet_policy=args.bullet_policy,
        bullet_every_failed_roll=getattr(args, "bullet_every_failed_roll", False),
        variants=tuple(getattr(args, "fight_variant", None) or ()),
        allow_beyond_rules=getattr(args, "beyond_rules", False),
    )


class ZombiesGiantsClub(GameModule):
    """Zombies!!! with the Giants-Club house rules: Survivors of three sizes in a tile-built town."""

    name = NAME
    title = "Zombies!!! Giants-Club"
    rulebook = "004_835b3af48231c83b.txt"
    state_class = ZState
    players = PLAYERS
    scenarios = tuple(SCENARIOS)
    variants = VARIANTS
    policies = {"random": RandomPolicy, "heuristic": HeuristicPolicy}
    phases = ("Set-Up", "Round", *PLAYERS)  # each Survivor's turn is its own phase
    data_loader = LOADER
    summary_by = "size"

    board_view = BoardView(board, pieces)
    odds = OddsCalculator(combat_odds, add_odds_arguments, odds_from_args)
    reach = Reach(survivor_reach, label="P(reach)")
    setup = SetupEditing(**SETUP_API)
    from .display import DISPLAY as display  # noqa: E402 - palette, legend, map, panels

    def choose_variants(self, requested):
        chosen = check_variants(requested, VARIANTS, NAME)
        for a, b in EXCLUSIVE:
            if a in chosen and b in chosen:
                raise ValueError(f"{NAME}: variants {a!r} and {b!r} are two readings of the "
                                 "same words; choose one")
        return chosen

    def procedure(self, state, ctx):
        return play(state, ctx)

    def initial_state(self, scenario, seed, variants, data):
        return initial_state(scenario, seed, variants, data)

    def invariants(self, state):
        return invariants(state)

    def validate_state(self, state, data):
        """Everything a saved position must be to play on from it (``saved_state``)."""
        return state_problems(state, data)

    def summary(self, state):
        return summary(state)

    def exact_odds_of_option(self, game, option):
        """The exact odds of the fight a bullet decision continues or a move starts
        (``option_odds``)."""
        from .option_odds import exact_odds

        return exact_odds(game, option)

    def player_won(self, row, player):
        """A Survivor wins by escaping or by surviving at Giant size with 25 kills (ZGC-WIN);
        in a mixed ending the result names each Survivor's fate."""
        outcome = str(row.get("outcome") or "")
        wins = ("escaped", "25 kills")
        if outcome.startswith("mixed: "):
            return any(f"{player} {w}" in outcome for w in wins)
        in_game = PLAYERS.index(player) < row.get("survivors", 1) if player in PLAYERS else False
        return outcome in wins and in_game


GAME = ZombiesGiantsClub()

"""Zombies!!! Giants-Club house rules: Survivors of three sizes in a tile-built town and mall.

Entry points for the registry: ``new_game``, invariants, summary, fight odds, movement reach.
"""

from __future__ import annotations

from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.engine import Game, check_variants

from . import capacity, crafting, sizes
from .data import LOADER, SIZES, ZData, default_data
from .events import full_deck
from .figures import squares_of
from .movement import movement_reach
from .odds import combat_odds
from .policies import HeuristicPolicy, RandomPolicy
from .setup import place_on_start_tile
from .setup_editing import SETUP_API, zombie_id
from .state import PlacedTile, Survivor, ZState
from .town import town_map
from .turn import play
from .variants import EXCLUSIVE, FIGHT_VARIANTS, VARIANTS

NAME = "zombies_giants"
PLAYERS = ("Survivor 1", "Survivor 2")
SCENARIOS = {
    "mixed": None,  # one Survivor whose size is chosen by the seed (seed % 3 sizes): by size
    "normal": ("Normal",),
    "big": ("Big",),
    "huge": ("Huge",),
    "team": ("Normal", "Big"),
}


def initial_state(scenario: str | None, seed: int, variants: list[str], data: ZData) -> ZState:
    """A table ready for Game Start: Town Square down, piles and deck unshuffled, sizes chosen."""
    scenario = scenario or "mixed"
    if scenario not in SCENARIOS:
        raise ValueError(
            f"{NAME}: unknown scenario {scenario!r}; scenarios: {', '.join(SCENARIOS)}"
        )
    chosen = SCENARIOS[scenario] or (SIZES[seed % len(SIZES)],)
    survivors = [Survivor(PLAYERS[i], size, start_size=size) for i, size in enumerate(chosen)]
    town = data.town
    piles = {
        "town": [t.name for t in data.tiles.values() if t.pile == "town"],
        "mall": [t.name for t in data.tiles.values() if t.pile == "mall"],
    }
    state = ZState(
        game=NAME,
        variants=variants,
        survivors=survivors,
        tiles=[PlacedTile(town["start_tile"], list(town["start_slot"]), 0, 1)],
        piles=piles,
        deck=full_deck(data),
        zombie_pool=data.files["zombies"].tree["pool"],
    )
    # everyone starts on the Town Square: its centre, then the nearest square with room (assumed)
    place_on_start_tile(state, data)
    return state


def new_game(scenario: str | None = None, seed: int = 0, variants=(), policies=None,
             data_overrides: dict[str, Any] | None = None, keep_log: bool = True) -> Game:
    """A new Giants-Club game (scenario: mixed | normal | big | huge | team)."""
    return GAME.new_game(scenario, seed, variants, policies, data_overrides, keep_log)


def invariants(state: ZState, data: ZData | None = None) -> list[str]:
    """Hearts within limits, counters never negative, crafted items within their limits."""
    data = data or default_data()
    bad = []
    for s in state.survivors:
        if s.size not in data.sizes:
            bad.append(f"{s.name}: unknown size {s.size!r}")
            continue
        for field in ("halves", "reserve", "bullets", "kills", "turns_survived"):
            if getattr(s, field) < 0:
                bad.append(f"{s.name}: {field} is negative ({getattr(s, field)})")
        if s.halves > 2 * sizes.max_hearts(data, s):
            bad.append(f"{s.name}: {s.halves / 2} hearts above the max {sizes.max_hearts(data, s)}")
        cap = sizes.max_reserve(data, s)
        if cap is not None and s.reserve > cap:
            bad.append(f"{s.name}: {s.reserve} reserve hearts above the limit {cap}")
        if s.status == "active" and s.halves <= 0:
            bad.append(f"{s.name}: in play with no hearts")
        if s.size_ray is not None and not 0 <= s.size_ray.charges <= crafting.max_charges(
            data, s.size_ray.parts
        ):
            bad.append(f"{s.name}: Size-Ray charges {s.size_ray.charges} out of range")
        if s.armour is not None and s.armour.parts > data.crafting["body_armour"]["max_parts"]:
            bad.append(f"{s.name}: Body Armour beyond its last stage")
        if s.status == "active" and s.loc is None and not s.carried_by:
            bad.append(f"{s.name}: in play but nowhere on the board")
    limits = data.crafting["limits"]
    for kind in crafting.KINDS:
        if kind not in limits["at_a_time"] and state.crafted.get(kind, 0) > limits[kind]:
            bad.append(f"{kind}: crafted {state.crafted[kind]} times, limit {limits[kind]}")
        n = crafting.held(state, kind, kind in limits["at_a_time"])
        if n > limits[kind]:
            bad.append(f"{n} {kind} items exist, limit {limits[kind]}")
    counts: dict[tuple, int] = {}
    for z in state.zombies:
        counts[tuple(z.loc)] = counts.get(tuple(z.loc), 0) + 1
    cap = data.rules["combat"]["max_zombies_per_square"]
    over = [sq for sq, k in counts.items() if k > cap]
    if over:
        bad.append(f"more than {cap} zombies on {over}")
    if state.zombie_pool < 0:
        bad.append("zombie pool is negative")
    if state.zombie_pool + len(state.zombies) != data.files["zombies"].tree["pool"]:
        bad.append(f"zombie figures: {state.zombie_pool} in the pool + {len(state.zombies)} on "
                   f"the board != {data.files['zombies'].tree['pool']}")
    for sq, bag in state.tokens.items():
        if min(bag.values(), default=0) < 0:
            bad.append(f"negative tokens on {sq}")
    bad += square_capacity_problems(state, data)
    return bad


def square_capacity_problems(state: ZState, data: ZData) -> list[str]:
    """Every square's Survivor figures fit it: four Normals, or one Big, or half a Huge.

    A Survivor passing through a full square in the middle of its move (``state.passing``) is
    not counted: a move may pass through such a square but never ends there.
    """
    if not all(s.size in data.sizes for s in state.survivors):
        return []
    passing = next((s for s in state.survivors if s.name == state.passing), None)
    return [
        f"square {sq[0]},{sq[1]}: {', '.join(names)} do not fit on one square "
        f"({capacity.RULE_CAPACITY})"
        for sq, names in capacity.crowded(state, data, exclude=passing).items()
    ]


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
        choices=list(range(1, data.rules["combat"]["max_zombies_per_square"] + 1)),
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


def odds_from_args(args):
    hearts = None if getattr(args, "start_hearts", False) else args.hearts
    return combat_odds(
        args.size, hearts, args.bullets, args.zombies, bullet_policy=args.bullet_policy,
        bullet_every_failed_roll=getattr(args, "bullet_every_failed_roll", False),
        variants=tuple(getattr(args, "fight_variant", None) or ()),
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

    def summary(self, state):
        return summary(state)

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

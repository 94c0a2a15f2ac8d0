"""Glorantha: The Gods War - Cosmic Monsters (Androgeus, Arachne Solara) on an assumed minimal base game."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, SetupEditing
from rules_lib.core.engine import Game, Variant, check_variants

from . import monsters
from . import odds as gw_odds
from .board import board_for
from .data import LOADER, GodsWarData, default_data, load
from .policies import HeuristicPolicy, RandomPolicy
from .setup import SCENARIOS, initial_state
from .setup_editing import SETUP_API, building_id, piece_ids, web_token_id
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
    return Game(GAME.rules(data), state, seed=seed, policies=GAME.make_policies(policies),
                keep_log=keep_log)


def invariants(state: GWState, data: GodsWarData | None = None) -> list[str]:
    """Violated invariants (empty = all hold)."""
    data = data or default_data()
    bad = []
    for name, emp in data.empires.items():
        sheet = state.empires[name]
        for kind in emp.units:
            on_map = sum(1 for p in state.pieces if p.empire == name and p.kind == kind)
            if on_map + sheet.pool.get(kind, 0) != data.unit_types[kind].count:
                bad.append(f"{name}: {kind} on map + pool != {data.unit_types[kind].count}")
            if sheet.pool.get(kind, 0) < 0:
                bad.append(f"{name}: negative pool of {kind}")
        if sheet.power < 0:
            bad.append(f"{name}: negative power {sheet.power}")
        if sheet.vp < 0:
            bad.append(f"{name}: negative VP")
    for p in state.pieces:
        if p.area not in data.areas or data.realm(p.area) != "surface":
            bad.append(f"{p.empire}'s {p.kind} is in {p.area!r}, not a surface area")
    sheets = sum(1 for s in state.empires.values() if s.web_token_on_sheet)
    total = data.get("monsters.components.web_tokens")
    if state.web_pool + len(state.web_tokens) + sheets != total:
        bad.append(f"web tokens: pool {state.web_pool} + map {len(state.web_tokens)} + sheets "
                   f"{sheets} != {total}")
    if len(set(state.web_tokens)) != len(state.web_tokens):
        bad.append("two web tokens in one area")
    if any(data.realm(a) != "surface" for a in state.web_tokens):
        bad.append("a web token off the surface world")
    for name, m in state.monsters.items():
        if m.status == "in play" and m.area not in data.areas:
            bad.append(f"{name} in play in unknown area {m.area!r}")
        if m.status != "in play" and m.area is not None:
            bad.append(f"{name} is {m.status} but has an area")
    ara = state.monsters.get("Arachne Solara")
    if ara is not None and ara.status == "removed":
        bad.append("Arachne Solara was removed, but she cannot be killed")
    andro = state.monsters.get("Androgeus")
    if andro is not None and andro.status != "waiting" and not state.great_compromise:
        bad.append("Androgeus placed before the Great Compromise")
    cap = data.cards["Androgeus"].ability("Superhero").params["max_dice"]
    if state.stats.get("max_dice_vs_androgeus", 0) > cap:
        bad.append(f"more than {cap} dice rolled vs. Androgeus (Superhero)")
    for area, owners in state.buildings.items():
        if len(set(owners)) != len(owners) or not owners:
            bad.append(f"buildings in {area}: {owners}")
    if (state.result is not None and state.web_pool == 0 and state.end_reason != "Completing the Web"
            and "web_counts_map_tokens_only" not in state.variants):
        bad.append("web pool empty but the game did not end by Completing the Web")
    return bad


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


def board(state: GWState | None = None):
    """The area map (GraphBoard)."""
    return board_for(default_data())


def pieces(state: GWState) -> list[dict[str, Any]]:
    """Counters to draw: empire pieces, monsters (with their aura), web tokens, buildings."""
    data = default_data()
    out = []
    for pid, p in zip(piece_ids(state), state.pieces):
        ut = monsters.unit_type(data, p.kind)
        out.append({"id": pid, "loc": p.area, "side": p.empire, "label": p.kind[:3],
                    "kind": p.kind,
                    "hover": f"{p.empire}: {p.kind} ({ut.klass}, Combat {ut.combat})"})
    for name, m in state.monsters.items():
        if m.status == "in play":
            aura = monsters.monster_aura(state, name, data)
            out.append({"id": name, "loc": m.area, "side": "Monster", "label": name[:4],
                        "kind": name,
                        "hover": f"{name} (Cosmic Monster = greater god, Combat "
                                 f"{data.cards[name].combat}); aura: {', '.join(aura)}"})
    for area in state.web_tokens:
        out.append({"id": web_token_id(area), "loc": area, "side": "Web", "label": "web",
                    "kind": "web token",
                    "hover": "web token (Spinning the Web)"})
    for area, owners in state.buildings.items():
        for o in owners:
            out.append({"id": building_id(o, area), "loc": area, "side": o, "label": "B",
                        "kind": "building",
                        "hover": f"{o}'s building"})
    return out


def _add_odds_arguments(parser) -> None:
    parser.add_argument("--monster", default="Androgeus", choices=["Androgeus", "Arachne Solara"])
    parser.add_argument("--attackers", nargs="+", default=["Storm King", "Storm Warrior"])


def _odds_from_args(args):
    return gw_odds.combat_odds(args.attackers, args.monster)


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

    board_view = BoardView(board, pieces, aspect=1.3)
    odds = OddsCalculator(gw_odds.combat_odds, _add_odds_arguments, _odds_from_args)
    setup = SetupEditing(**SETUP_API)
    from .display import DISPLAY as display  # noqa: E402 - palette, legend, map, panels

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

    def summary(self, state):
        return summary(state)


GAME = GodsWar()

"""Space Vermin From Beyond! (rulebook 002_7b0e0cb0284ead64.txt).

The modules follow the rulebook's sections:

* the table: ``data`` (the YAML files, the counters and chits), ``map_file`` (the Mapzone
  files), ``tables_file`` (the charts), ``scenarios_file`` (the scenarios file), each value checked
  as ``reading`` reads it; ``board`` (the Mapzones, §B-2, §P), ``los`` (§J-1), ``state`` and
  ``counters`` (§B-1), ``saved_state`` (what a loaded position must be), ``dice``,
  ``lowest_numbered`` (the "lowest-numbered" hex);
* the sequence of play (§C-2, §M): ``turn``;
* the Vermite Action Phase (§C-2-a): ``vermite_turn``; the Event Chits (§D): ``events``,
  ``chit_events``; Vermite movement (§D-2, §E): ``vermite_movement``, ``tunnels`` (§E-1-c);
  Vermite Attacks (§F): ``vermite_attacks``; reinforcements (§G, §Q-2-c): ``spawning``;
* the NAT Effect Phase and NAT rolls (§H, §J-7): ``nat``;
* the Marine Action Phase (§I): ``actions`` (the phase and its list of actions), ``movement``
  (Full Move reach), ``full_move`` (§I-1, §J-6), ``jump_pack`` and ``landings`` (§I-1-c, §I-5-b),
  ``fire_actions`` (§I-2, §I-3), ``special_actions`` (§I-4), ``map_entry`` (§I-5);
* Marine Combat (§J): ``targets`` (what may be targeted), ``fire_plans`` and ``marine_fire``
  (§J-1, §J-2), ``ant_gun`` (§J-3), ``pants`` (§J-4), ``scientist`` (§J-5); losses:
  ``marine_losses``, ``vermite_losses``; ``odds`` (exact odds from the same dice);
* the Marines Recovery and NAT Purging Phases (§K, §L): ``recovery``;
* victory (§N, §Q): ``victory``; the scenarios (§Q): ``scenarios``; the two-player option (§O)
  is a variant below;
* players and tools: ``policies``, ``commander``, ``preview``, ``setup_editing``, ``views``,
  ``provenance`` (which events apply assumed data).

Every catalogued ambiguity whose readings change play has its other reading as a variant below;
the default reading is cited (ID and reason) on the events that apply it.
"""

from __future__ import annotations

from typing import Any

from rules_lib.core.contract import BoardView, GameModule, OddsCalculator, Reach, SetupEditing
from rules_lib.core.engine import Game, Variant

VARIANTS: tuple[Variant, ...] = (
    Variant(
        "tunnel_exit_only_collapses",
        "Marine hits on a Tunnel Exit chit only ever flip it to Partially Collapsed; it is never "
        "removed.",
        rule="Space Vermin §E-1-c / §P-2-m (SV-AMB-02)",
        default_reading="hits are read like a Vermite's: 2-3 flip it (removed if already "
        "flipped), 4+ remove it to the Unit Cup",
    ),
    Variant(
        "sneak_attack_stops_at_trail_end",
        "Sneak Attack: a Vermite that crosses to 221 / 613 stops there instead of moving on.",
        rule="Space Vermin §Q-1-c / §D-2 (SV-AMB-03)",
        default_reading="a unit leaving the south (north) edge comes back in at the trail's end "
        "on the other edge and keeps moving with the MP it has left",
    ),
    Variant(
        "nat_fire_penalty_twice",
        "A NAT-marked Marine fires at -2 CF: §J-1's modifier and §J-7's reduction both apply.",
        rule="Space Vermin §J-1 / §J-7 (SV-AMB-04)",
        default_reading="-1 CF once: §J-1's NAT modifier is §J-7's reduction (Tainted and "
        "Infected alike)",
    ),
    Variant(
        "jump_scatter_rerolls",
        "A Scattered jump that lands on a unit rolls a new random hex like a Malfunction.",
        rule="Space Vermin §I-1-c (SV-AMB-05)",
        default_reading="the Malfunction landing rules are applied at the scatter hex and the "
        "Marine is Disrupted; no new random hex",
    ),
    Variant(
        "tar_pit_landing_eliminates",
        "A Marine whose drop or jump ends on a Toxic Tar Pit is eliminated.",
        rule="Space Vermin §I-1-c / §I-5-b (SV-AMB-06)",
        default_reading="it is moved to the lowest-numbered legal empty adjacent hex",
    ),
    Variant(
        "ant_gun_hits_queen_after_escort",
        "An A.N.T. Gun shot that kills a Queen's Escort also hits the Queen, now Unescorted.",
        rule="Space Vermin §J-3 (SV-AMB-08)",
        default_reading="a Queen escorted when the gun fires is unaffected by that shot",
    ),
    Variant(
        "instant_loss_counts_waiting_marines",
        "No Instant Loss while a Marine is still due to enter (off-map entrants, RVs on the turn "
        "track, delayed drops).",
        rule="Space Vermin §N / §Q-2-b (SV-AMB-09)",
        default_reading="Instant Loss as soon as no Marine is on the map, counted in Scenario 2 "
        "from the end of Turn 1's Marine Action Phase",
    ),
    Variant(
        "magnetic_storm_without_flood",
        "In Scenario 2 Bogs Flood is only the Magnetic Storm: no hex floods.",
        rule="Space Vermin §Q-2-f / §P-1-b (SV-AMB-10)",
        default_reading="the Bogs flood as well (2 MP, defensive) while units roll their "
        "directions",
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
        "rally_only_next_to_vermites",
        "Rally only helps Disrupted units that are adjacent to a Vermite (§C-2-c wording).",
        rule="Space Vermin §I-4-b / §C-2-c (SV-AMB-13)",
        default_reading="every Disrupted unit adjacent to the rallying unit, or the rallying "
        "unit itself, may roll",
    ),
    Variant(
        "tunnel_entrance_only_jewel_carriers",
        "Only a Vermite carrying a Crown Jewel goes back to the cup at a Nest Tunnel Entrance; "
        "the others walk through it.",
        rule="Space Vermin §P-2-l (SV-AMB-15)",
        default_reading="every non-Drone entering a Nest Tunnel Entrance returns to the cup "
        "(a landing Drone does not)",
    ),
    Variant(
        "unnumbered_hexes_first",
        "'Lowest-numbered' picks an unnumbered hex before any numbered one.",
        rule="Space Vermin §F-2 / §J-7 / §I-1-c (SV-AMB-16)",
        default_reading="unnumbered hexes come after every numbered hex, clockwise from north "
        "among themselves",
    ),
    Variant(
        "spare_ultra_mites_out",
        "Scenario 2: the Ultra-Mites not placed on Turn 1 stay out of the battle.",
        rule="Space Vermin §Q-2-a / §Q-2-c (SV-AMB-18)",
        default_reading="they go into the Unit Cup and may come with later Hordes",
    ),
    Variant(
        "rv_exit_free",
        "A Recovery Vehicle leaves the map from an exit hex without spending MP.",
        rule="Space Vermin §Q-1-c (SV-AMB-19)",
        default_reading="leaving from the edge hex costs 1 MP (data)",
    ),
    Variant(
        "scientist_has_pistol",
        "The M.A.D. Scientist carries a Pistol (CF from the counter data) like other Marines.",
        rule="Space Vermin §J-2 / §J-5 (SV-AMB-20)",
        default_reading="he has no attack; his only weapon is the Secret Weapon",
    ),
    Variant(
        "campaign_counts_lying_jewels_only",
        "Campaign: only the Jewels lying in a hex count as 'still on the map', not carried ones.",
        rule="Space Vermin §Q-3 (SV-AMB-21)",
        default_reading="every Jewel neither exited nor in a Nest counts, carried ones included",
    ),
    Variant(
        "nat_needs_line_of_sight",
        "A NAT roll reaches only Marines within two hexes that can see the dead Vermite's hex.",
        rule="Space Vermin §J-7 (SV-AMB-22)",
        default_reading="any Marine within two hexes, counted ignoring terrain and "
        "Line-of-Sight",
    ),
    Variant(
        "queen_push_kills_in_a_nest",
        "A Jolted unescorted Queen pushed into a Nest hex eliminates the Vermites there too "
        "(§J-4: 'any Marine or Vermite(s) in that hex').",
        rule="Space Vermin §J-4 / §J (SV-PANTS-08, SV-MCOMB-02)",
        default_reading="§J's Important Note shields every Vermite in a Nest hex from the PANTS "
        "Gun: only the Marines there are eliminated",
    ),
    Variant(
        "kitten_kills_go_to_the_cup_on_alpha",
        "Mapzone Alpha: a Drone The Kitten shoots down goes back to the Vermite Unit Cup, like "
        "every Vermite eliminated in Scenario 1.",
        rule="Space Vermin §Q-1-c / §Q-2-f (SV-S1-12, SV-S2-24, SV-CF-13)",
        default_reading="the Kitten's exception, written in Scenario 2's rules only, holds on "
        "Mapzone Alpha too: its Drones leave the game",
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
from .data import LOADER, load_game_data
from .los import visible_from
from .movement import marine_reach
from .odds import add_odds_arguments, combat_odds, odds_from_args
from .option_odds import fire_option_odds
from .policies import HeuristicPolicy, RandomPolicy
from .preview import preview_paths
from .saved_state import validate_state
from .scenarios import SCENARIOS, new_state
from .setup_editing import SETUP_API
from .state import SVState
from .turn import play
from .victory import escaped_vp, migration_vp
from .views import invariants as _invariants
from .views import pieces

NAME = "space_vermin"
PLAYERS = ("Marines", "Vermites")


def new_game(scenario: str | None = None, seed: int = 0, variants=(), policies=None,
             data_overrides: dict[str, Any] | None = None, keep_log: bool = True) -> Game:
    """A game of a scenario (family_jewels, great_migration, campaign) ready to play."""
    return GAME.new_game(scenario, seed, variants, policies, data_overrides, keep_log)


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


class SpaceVermin(GameModule):
    """Space Vermin From Beyond!: solitaire Marines against the programmed Vermite opponent."""

    name = NAME
    title = "Space Vermin From Beyond!"
    rulebook = "002_7b0e0cb0284ead64.txt"
    state_class = SVState
    players = PLAYERS
    scenarios = tuple(SCENARIOS)
    variants = VARIANTS
    policies = {"random": RandomPolicy, "heuristic": HeuristicPolicy,
                "commander": CommanderPolicy}
    # the Marines: the stronger commander by default (``heuristic`` is the quicker, simpler
    # one); the Vermites are played by the rulebook's own procedure, their policy answers only
    # the choices of the two-player option
    default_policy = "commander"
    default_policies = {"Marines": "commander", "Vermites": "random"}
    phases = ("Set-Up", "Vermite Action", "NAT Effect", "Marine Action", "Marines Recovery",
              "NAT Purging", "End")
    data_loader = LOADER

    board_view = BoardView(board, pieces)
    odds = OddsCalculator(combat_odds, add_odds_arguments, odds_from_args)
    reach = Reach(movement_reach, label="MP spent")
    line_of_sight = staticmethod(line_of_sight)
    setup = SetupEditing(**SETUP_API)
    from .display import DISPLAY as display  # palette, legend, map, panels

    def procedure(self, state, ctx):
        return play(state, ctx)

    def initial_state(self, scenario, seed, variants, data):
        return new_state(data, scenario)

    def invariants(self, state):
        return invariants(state)

    def validate_state(self, state, data):
        """Everything wrong with a loaded position beyond its JSON kinds, each naming the piece
        (``saved_state``)."""
        return validate_state(state, data)

    def summary(self, state):
        return summary(state)

    def exact_odds_of_option(self, game, option):
        """The exact result of a Marine's shot at the target ``option`` (§J; ``option_odds``)."""
        return fire_option_odds(game, option)

    def player_won(self, row, player):
        """The Marines win with any victory level (§Q); the Vermites with a Loss for the
        Marines; a Draw is nobody's win."""
        outcome = row.get("outcome")
        if outcome in NOBODYS_WIN:
            return False
        return (outcome in VERMITE_WINS) == (player == "Vermites")


NOBODYS_WIN = ("Draw", "unfinished", None)
VERMITE_WINS = ("Loss", "Instant Loss")
GAME = SpaceVermin()

__all__ = ["GAME", "VARIANTS", "SVState", "invariants", "migration_vp", "new_game", "preview_paths",
           "summary"]

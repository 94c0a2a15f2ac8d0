"""Why an event is assumed, and which data it applied: the labels of invention (DESIGN principle 8).

The Cosmic Monsters text is an expansion: the base game it plays on (map beyond the named areas,
empires and units, battle, Action and Council Phases, victory) is the project's assumption, and so
is every chosen reading of an ambiguity. Events carry one of the short reasons below in
``Event.assumed`` (constants: a batch run builds no string for them) and their catalogue IDs in
``Event.ids``.

Data references in ``Event.data`` say which data values decided the event's effect, so a test can
look their provenance up in the data files themselves:

* ``"unit"``: a unit type (its cost, Combat or class applied) -> ``empires.yaml``;
* ``"monster"``: a Monster card -> ``monsters.yaml`` ``cards.<name>``;
* ``"area"``, ``"from"``, ``"to"``: a map area the effect depends on -> ``map.yaml`` ``areas.<name>``
  (``"where"`` only says where something happened, and is not a reference);
* ``"refs"``: explicit ``"file:dotted.path"`` values applied (a cost, a table, the borders).
"""
from __future__ import annotations

# -- the base game the expansion leans on (data gap 1 of the catalogue) ---------------------------

SETUP = "assumed: the base game's set-up is not in the expansion text (base_game.yaml)"
TURN = "assumed: the base game's turn sequence is not in the expansion text"
ACTIONS = "assumed: the base game's Action Phase (actions, costs, passing) is not in the text"
SUMMON = "assumed: summoning and unit costs are base-game content not in the text (empires.yaml)"
BUILD = "assumed: building is base-game content not in the text"
MOVE = "assumed: the move action and its cost are base-game content not in the text"
TELEPORT = "assumed: Storm's Teleport (cost, what it carries) is not in the text"
SIREN_SONG = "assumed: Sea's Siren Song penalty is not in the text"
SINGLE_COMBAT = "assumed: Storm's Single Combat (who may be Champion) is not in the text"
SUNSPEAR = "assumed: the Invisible God's Sunspear (cost, target) is not in the text"
BATTLE = "assumed: the base game's battle (dice, kills, routs, casualties) is not in the text"
ROLL = "assumed: the battle dice faces and one die per point of Combat are not in the text"
COUNCIL = "assumed: the base game's Council Phase income and VP are not in the text"
GREAT_COMPROMISE = ("assumed: what triggers the Great Compromise is not in the text "
                    "(a fixed turn stands in)")
SPIKE = "assumed: when the Spike explodes and what it does to units is not in the text"
SPIKE_ANDROGEUS = "assumed: the text does not say what the Spike's explosion does to Androgeus"
END = "assumed: the base game's end (turn limit, VP count, runes' worth) is not in the text"
VICTORY = "assumed: when the base game checks for 35 VP is not in the text"
MAP = "assumed: map areas the text does not name, and all borders, are assumed (map.yaml)"
OWNER = "assumed: the first player in player order stands in for the game's owner"
REWARD = "assumed: no effect applied, the Reward card text is not in the rulebook (data gap)"
LUST_UNIT = ("assumed: which unit is the cheapest follows the assumed unit costs, and the "
             "summoning enemy picks between equally cheap ones")
LUST_MOVE_ALONE = ("assumed: Androgeus moves even when no enemy could summon (the move is its own "
                   "sentence on the card)")
ELDER_RACE = "assumed: which Elder Races count as heroes is base-game data (empires.yaml)"
CONTROL = ("assumed: how a player comes to control a Monster is not in the text (GW-AMB-10): "
           "this Monster's controller was given with the position")

# -- default readings of the catalogued ambiguities (the other reading is a Variant) --------------

AMB_01 = "default reading of GW-AMB-01: Arachne's card overrides the general placement rule"
AMB_02 = "default reading of GW-AMB-02: Lust is Androgeus' own trigger, so it may move him"
AMB_03 = "default reading of GW-AMB-03: a free summon caused by Lust does not trigger Lust"
AMB_04 = "default reading of GW-AMB-04: the selected hero takes one of Androgeus' kills"
AMB_05 = "default reading of GW-AMB-05: the 4-dice cap counts every die rolled against him"
AMB_06 = ("default reading of GW-AMB-06: the cost is power, Heaven is the Heavens, Inner Hell "
          "counts as Hell")
AMB_07 = "default reading of GW-AMB-07: web tokens on empire sheets count toward the 12"
AMB_08 = "default reading of GW-AMB-08: kill results rolled against Arachne count, she takes none"
AMB_10 = ("default reading of GW-AMB-10: Monsters are uncontrolled (control comes from Loyalty "
          "cards), so the attacker picks rout destinations")

VARIANT = "variant reading: "  # prefix of a reason when a rule variant is switched on


def join(*reasons: str) -> str:
    """Several reasons in one ``assumed`` text (call at import time, not in a hot loop)."""
    return "; ".join(r for r in reasons if r)


# -- catalogue IDs of the events ------------------------------------------------------------------

IDS_SETUP_MONSTERS = ("GW-SETUP-01", "GW-SETUP-02", "GW-AMB-09")
IDS_OWNER = ("GW-SETUP-03",)
IDS_PLACE_ANDROGEUS = ("GW-PLACE-01", "GW-AND-02")
IDS_PLACE_ARACHNE = ("GW-ARA-02", "GW-AMB-01")
IDS_PLACE_ARACHNE_LATE = ("GW-PLACE-01", "GW-ARA-02", "GW-AMB-01")
IDS_MOVE_BAN = ("GW-MOVE-01",)
IDS_KILL_BY_ABILITY = ("GW-KILL-01",)
IDS_KILLED = ("GW-KILL-02", "GW-KILL-03")
IDS_REWARD = ("GW-REW-01",)
IDS_ROUT_ATTACKER = ("GW-ROUT-02", "GW-AMB-10")
IDS_ROUT_CONTROLLER = ("GW-ROUT-01", "GW-AMB-10")
IDS_AND_COUNCIL = ("GW-AND-03",)
IDS_LUST = ("GW-AND-04", "GW-TRIG-01", "GW-TRIG-02")
IDS_LUST_NO_TARGET = ("GW-AND-04", "GW-AND-06")
IDS_LUST_MOVE = ("GW-AND-05", "GW-AMB-02")
IDS_LUST_NO_CHAIN = ("GW-AND-04", "GW-AMB-03")
IDS_SUPERHERO = ("GW-AND-07", "GW-AMB-05")
IDS_SUPERHERO_CHAMPION = ("GW-AND-07", "GW-AND-08", "GW-AMB-05")
IDS_AND_KILLED = ("GW-AND-09", "GW-AND-10", "GW-AMB-04")
IDS_AND_SURVIVES = ("GW-AND-09", "GW-AND-11")
IDS_AND_NO_HERO = ("GW-AND-09",)
IDS_AND_NO_HERO_FAQ = ("GW-AND-09", "GW-AND-12", "GW-EX-07")
IDS_AND_IMMUNE = ("GW-AND-11", "GW-KILL-02")
IDS_ARA_IMMUNE = ("GW-ARA-11", "GW-KILL-02")
IDS_TANGLED = ("GW-ARA-03", "GW-BATT-01", "GW-AMB-08")
IDS_NO_BUILDING_LOSS = ("GW-ARA-04",)
IDS_SPIN_IN = ("GW-ARA-05", "GW-AMB-06")
IDS_SPIN_OUT = ("GW-ARA-06", "GW-AMB-06")
IDS_EMPOWER = ("GW-ARA-07", "GW-ARA-08")
IDS_COMPLETE = ("GW-ARA-09", "GW-AMB-07")
IDS_RUNES = ("GW-ARA-10",)
IDS_SPIKE_ARACHNE = ("GW-ARA-12",)
IDS_COMBAT = ("GW-COMB-01",)
IDS_FAQ_JUGGERNAUT = ("GW-FAQ-02",)
IDS_FAQ_COMMUNITY = ("GW-FAQ-01", "GW-FAQ-03", "GW-FAQ-04")

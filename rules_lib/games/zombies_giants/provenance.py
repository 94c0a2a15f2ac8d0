"""Why an event's content is the project's and not the rulebook's: the short reasons events carry.

DESIGN principle 8: invention is labelled where it is used. An event whose effect comes from an
assumed data value, an invented rule or a chosen reading of an ambiguity says so in
``Event.assumed`` with one of these reasons; the rulebook's own content leaves it empty. Events also
name the data they drew on in ``Event.data`` ("card", "cards", "tile", "store", "values": a list of
"file:path"), so a test can check the marking against the data files' own provenance.
"""

from __future__ import annotations

import functools

# -- the data gaps (the catalogue lists them without IDs) -------------------------------------

BASE_GAME = "assumed: a Zombies!!! base-game rule the house rules take for granted"
DECK = "assumed: the event deck, its cards and their effects are not in the text (events.yaml)"
TILES = "assumed: tile layouts and what a new tile holds are not in the text (town.yaml)"
TOKENS = "assumed: the heart and bullet counters lying on a tile are not in the text (town.yaml)"
PARTS = "assumed: a store gives one part of each kind it lists, once, to whoever enters it first"
START_SQUARE = "assumed: everyone starts on the Town Square (base game), centre first"
ROUND_LIMIT = "assumed: the text has no time limit; a round cap keeps simulations finite"
RESERVE_STEPS_IN = "assumed: a reserve heart is used at once when the last heart goes"
PASS_THROUGH = "assumed: a figure may pass through a full square but not end its move there"
SHARE_NEXT_TO = "assumed: sharing counters needs the two Survivors on the same or adjacent squares"
VENT_COST = "assumed: warping through a vent costs 1 square of movement"
DEMOLISH_COST = "assumed: a demolition check costs 1 square and is tried once per building a turn"
RESIZE_CHARGE = "assumed: one Size-Ray charge resizes one Survivor or one card"
SIZE_CHANGE = "assumed: health above the new size's maximum becomes reserve (kept within limits)"
GET_OFF = "assumed: a figure that no longer fits steps onto the nearest square with room"
STEP_OFF = "assumed: a carried Survivor steps off under or next to its Giant, where there is room"
RUBBLE = "assumed: Survivors inside a demolished building step out onto its street"
NO_PLACE = "assumed: a tile with no legal place goes under its pile (or aside when it is the last)"
AT_A_TIME = "assumed: an item leaves the game with an owner who died or escaped"
USED_UP = ("assumed: 'all shrink-based items used up' read as no Normal potion, Size-Ray charge "
           "(or bullet to recharge) or Potion Kit with hearts to pay left in play")
RAYED_CARD = "assumed: a resized weapon is the Giant's own and does not wear out"
HUGE_FOOTPRINT = "assumed: the 2-square-wide Huge figure stands east-west"
STAND_FIT = ("assumed: a Big Giant's stand holds one Normal figure, a Huge Giant's one Big or two "
             "Normals")


def reading(amb: str, text: str) -> str:
    """The reason an event applying an ambiguity's default reading carries."""
    return f"default reading of {amb}: {text}"


def variant(name: str, amb: str, text: str) -> str:
    """The reason an event applying a variant (an ambiguity's other reading) carries."""
    return f"variant {name} (other reading of {amb}): {text}"


@functools.lru_cache(maxsize=512)
def joined(*reasons: str) -> str:
    """Several reasons in one ``assumed`` text (empty ones dropped)."""
    return "; ".join(r for r in reasons if r)


# -- the default readings of the catalogue's ambiguities, as events cite them ------------------

AMB01 = reading("ZGC-AMB-01", "Game Start's counters, Big 8 and Huge 12 whole hearts")
AMB02 = reading("ZGC-AMB-02", "'Has 2 free charges': a new Size-Ray starts full")
AMB03 = reading("ZGC-AMB-03", "the text's 1 free potion")
AMB04 = reading("ZGC-AMB-04", "the text's 3 hearts healed")
AMB05 = reading("ZGC-AMB-05", "Small = Normal, Large = Big")
AMB06 = reading("ZGC-AMB-06", "Advantage = roll 2d6, keep the higher")
AMB07 = reading("ZGC-AMB-07", "a total equal to the target wins")
AMB08 = reading("ZGC-AMB-08", "each failed check takes its total off the zombies' HP (4 each)")
AMB09 = reading("ZGC-AMB-09", "Huge Giants may use the cards the text lets Giants use")
AMB10 = reading("ZGC-AMB-10", "a Giant spends bullets only through a Size-Ray")
AMB11 = reading("ZGC-AMB-11", "each player draws one Event card in their own turn")
AMB12 = reading("ZGC-AMB-12", "a Normal holds 3 health + 2 reserve; extra reserve is lost")
AMB13 = reading("ZGC-AMB-13", "the zombies nearest the active player step toward that player")
AMB14 = reading("ZGC-AMB-14", "the Huge Giant's own 2d6, no bonuses, 8 or more")
AMB15 = reading("ZGC-AMB-15", "'these cards' are the Co-op hands, laid face up")
AMB17 = reading("ZGC-AMB-17", "every kill of the whole game counts")
AMB18 = reading("ZGC-AMB-18", "minimum speed = health hearts, reserve not counted")
AMB19 = reading("ZGC-AMB-19", "one bullet per Survivor per combat, spent after seeing the roll")
AMB20 = reading("ZGC-AMB-20", "up to two separate suits")

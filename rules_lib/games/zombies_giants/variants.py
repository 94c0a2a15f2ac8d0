"""The rule variants: for each ambiguity that changes play, its other reading, switchable by name.

DESIGN principle 7: where the house rules contradict themselves or are unclear, the game plays the
catalogue's reading (cited on the events that apply it) and the other reading is a variant here.
Three readings the catalogue does not list are variants too (where to escape, and when shrinking
items count as used up: both Win Conditions; whether Step 5 takes the revealed card into hand
only after a card left the hand, as Step 2 says, or freely, as Step 5 says). Two ambiguities have no variant because their readings never differ in play: ZGC-AMB-05 (the size
names: there are only three sizes) and ZGC-AMB-16 (the armour's halving does not stack: the table
says "if not already halved"); their tests show it.
"""

from __future__ import annotations

from rules_lib.core.engine import Variant

G = "Zombies!!! Giants-Club"

SIZE_SECTION_HEARTS = "size_section_hearts"  # ZGC-AMB-01
START_HEARTS_ARE_HALVES = "start_hearts_are_halves"  # ZGC-AMB-01
RAY_TABLE_START = "size_ray_table_start"  # ZGC-AMB-02
POTION_TABLE_FREE = "potion_table_free"  # ZGC-AMB-03
POTION_HEALS_5 = "potion_heals_5"  # ZGC-AMB-04
PLAIN_ADVANTAGE = "advantage_is_one_die"  # ZGC-AMB-06
TARGET_MUST_BE_EXCEEDED = "target_must_be_exceeded"  # ZGC-AMB-07
LOWERED_ONLY_UNDER_4 = "target_lowered_only_under_4"  # ZGC-AMB-08
HUGE_NO_ITEM_CARDS = "huge_no_item_cards"  # ZGC-AMB-09
GIANTS_NEVER_SPEND_BULLETS = "giants_never_spend_bullets"  # ZGC-AMB-10
EVENT_ONCE_PER_ROUND = "event_card_once_per_round"  # ZGC-AMB-11
RESERVE_OVERFLOW_STAYS = "reserve_overflow_stays"  # ZGC-AMB-12
ZOMBIES_CHASE_NEAREST = "zombies_chase_nearest_survivor"  # ZGC-AMB-13
DEMOLISH_WITH_WEAPONS = "demolish_with_weapon_bonus"  # ZGC-AMB-14
COOP_NEGATIVES_ASIDE = "coop_negative_events_laid_aside"  # ZGC-AMB-15
KILLS_ONCE_STRANDED = "kills_counted_once_stranded"  # ZGC-AMB-17
MIN_SPEED_COUNTS_RESERVE = "min_speed_counts_reserve"  # ZGC-AMB-18
BULLET_EVERY_FAILED_ROLL = "bullet_after_every_failed_roll"  # ZGC-AMB-19
ARMOUR_ONE_SUIT = "armour_one_suit"  # ZGC-AMB-20
ESCAPE_FROM_ANY_PAD_SQUARE = "escape_from_any_helipad_square"  # Win Conditions (no AMB ID)
KILLS_NEED_SPENT_ITEMS = "kill_win_needs_spent_items"  # Win Conditions (no AMB ID)
REVEALED_CARD_FREE_AT_STEP_5 = "revealed_card_free_at_step_5"  # Step 2 / Step 5 (no AMB ID)

#: Variants that change a fight's odds: ``odds.fight_odds(..., variants=...)`` accepts these.
FIGHT_VARIANTS = (
    SIZE_SECTION_HEARTS, START_HEARTS_ARE_HALVES, PLAIN_ADVANTAGE, TARGET_MUST_BE_EXCEEDED,
    LOWERED_ONLY_UNDER_4, GIANTS_NEVER_SPEND_BULLETS, BULLET_EVERY_FAILED_ROLL,
)

VARIANTS = (
    Variant(
        SIZE_SECTION_HEARTS,
        "Big starts with 4 hearts and Huge with 5 (the size sections)",
        rule=f"{G}: Big / Huge / Game Start (ZGC-AMB-01)",
        default_reading="Game Start's counters: Big 8 hearts, Huge 12 (the set-up step)",
    ),
    Variant(
        START_HEARTS_ARE_HALVES,
        "Game Start's 8 and 12 Giant hearts count half hearts: Big survives 8 failed rolls, "
        "Huge 12",
        rule=f"{G}: Big / Huge / Game Start (ZGC-AMB-01)",
        default_reading="8 and 12 whole heart counters, each taking two hits (16 and 24 rolls)",
    ),
    Variant(
        RAY_TABLE_START,
        "A new Size-Ray starts with 1 charge (the table's 2-part row)",
        rule=f"{G}: Size Ray (ZGC-AMB-02)",
        default_reading="'Has 2 free charges': a new Size-Ray starts full",
    ),
    Variant(
        POTION_TABLE_FREE,
        "A new Potion Kit gives 2 free potions (the table)",
        rule=f"{G}: Size Potions (ZGC-AMB-03)",
        default_reading="'Kit provides 1 Potions for free' (the text)",
    ),
    Variant(
        POTION_HEALS_5,
        "Potions heal 5 hearts (the table)",
        rule=f"{G}: Size Potions (ZGC-AMB-04)",
        default_reading="'All potions heal 3 hearts' (the text)",
    ),
    Variant(
        PLAIN_ADVANTAGE,
        "'Advantage' is one die: Big fights with a plain d6 and the zombie turn rolls a d6",
        rule=f"{G}: Big / Step 4 (ZGC-AMB-06)",
        default_reading="Advantage = roll 2d6 and keep the higher",
    ),
    Variant(
        TARGET_MUST_BE_EXCEEDED,
        "A check must beat the target: a total equal to it does not kill",
        rule=f"{G}: Step 3 / Zombies and Combat (ZGC-AMB-07)",
        default_reading="A total equal to the target wins (Zombies!!! base: 4+)",
    ),
    Variant(
        LOWERED_ONLY_UNDER_4,
        "A failed check lowers the target only if its roll was under 4 with no bullet added "
        "(Step 3's wording)",
        rule=f"{G}: Step 3 / Zombies and Combat (ZGC-AMB-08)",
        default_reading="Zombie HP: every failed check takes its total off (Zombies and Combat)",
    ),
    Variant(
        HUGE_NO_ITEM_CARDS,
        "Huge Giants use no Item/Weapon card at all, not even the Shotgun or throwables",
        rule=f"{G}: Huge / Card specific (ZGC-AMB-09)",
        default_reading="Huge Giants use only the cards the text lets Giants use",
    ),
    Variant(
        GIANTS_NEVER_SPEND_BULLETS,
        "Giants never spend bullets in a fight, not even with a Size-Ray (only to recharge it)",
        rule=f"{G}: Big / Resource Usage / Size Ray (ZGC-AMB-10)",
        default_reading="A Giant wielding the Size-Ray may spend bullets for Snipe and +2",
    ),
    Variant(
        EVENT_ONCE_PER_ROUND,
        "One Event card per round: only the first Survivor to play in a round draws one",
        rule=f"{G}: Step 2 Event Card (ZGC-AMB-11)",
        default_reading="Each player draws one Event card in their own turn",
    ),
    Variant(
        RESERVE_OVERFLOW_STAYS,
        "Hearts a Normal Survivor cannot hold stay on the square instead of being lost",
        rule=f"{G}: Normal (ZGC-AMB-12)",
        default_reading="Reserve beyond a Normal's 2 is lost",
    ),
    Variant(
        ZOMBIES_CHASE_NEAREST,
        "Zombies step toward whichever Survivor is nearest to them, not only the active player",
        rule=f"{G}: Step 4 / Zombies and Combat (ZGC-AMB-13)",
        default_reading="The zombies nearest the active player step toward that player",
    ),
    Variant(
        DEMOLISH_WITH_WEAPONS,
        "A demolition check is a combat check: the Huge Giant's weapon bonuses add to it",
        rule=f"{G}: Huge (Demolish) (ZGC-AMB-14)",
        default_reading="The Huge Giant's own 2d6 with no bonus; 8 or more destroys",
    ),
    Variant(
        COOP_NEGATIVES_ASIDE,
        "In Co-op the Negative Events drawn at Game Start are laid at the table's edge, "
        "out of the deck",
        rule=f"{G}: Game Start (ZGC-AMB-15)",
        default_reading="'These cards' are the hands, laid face up; negatives go back",
    ),
    Variant(
        KILLS_ONCE_STRANDED,
        "Only kills made after the last shrinking item is gone count toward the 25",
        rule=f"{G}: Win Conditions (ZGC-AMB-17)",
        default_reading="Every kill of the whole game counts",
    ),
    Variant(
        MIN_SPEED_COUNTS_RESERVE,
        "A Normal's minimum speed counts its reserve hearts too",
        rule=f"{G}: Normal / Step 3 (ZGC-AMB-18)",
        default_reading="Minimum speed = health hearts only",
    ),
    Variant(
        BULLET_EVERY_FAILED_ROLL,
        "Each Survivor may add a bullet after every failed roll (Step 3)",
        rule=f"{G}: Step 3 / Normal (ZGC-AMB-19)",
        default_reading="'Only one bullet per combat' per Survivor, spent after seeing the roll",
    ),
    Variant(
        ARMOUR_ONE_SUIT,
        "Only one suit of Body Armour: 'crafted twice' = made, then upgraded once",
        rule=f"{G}: Craftable Items (ZGC-AMB-20)",
        default_reading="Up to two separate suits, each upgraded by the parts table",
    ),
    Variant(
        ESCAPE_FROM_ANY_PAD_SQUARE,
        "Escape from any Helipad square while no zombie is on its centre square",
        rule=f"{G}: Win Conditions (ZGC-WIN-01, ZGC-MF-04)",
        default_reading="Reach the Helicopter, the centre square, with no zombie on it",
    ),
    Variant(
        KILLS_NEED_SPENT_ITEMS,
        "The 25-kill survival needs a Size-Ray or Potion Kit to have been made and used up",
        rule=f"{G}: Win Conditions (ZGC-WIN-03)",
        default_reading="'All shrink-based items used up': none is left in play, made or not",
    ),
    Variant(
        REVEALED_CARD_FREE_AT_STEP_5,
        "At Step 5 the revealed card may be taken into hand whether or not a card left the hand "
        "this turn (Step 5's words)",
        rule=f"{G}: Step 2 Event Card / Step 5 Discard chance (ZGC-EVT-03, ZGC-DISC-01)",
        default_reading="Only after discarding or playing a card in hand (Step 2's words)",
    ),
)

#: Pairs that are two readings of the same words and cannot both hold.
EXCLUSIVE = ((SIZE_SECTION_HEARTS, START_HEARTS_ARE_HALVES),)

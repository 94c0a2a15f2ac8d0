"""The rule variants: where the rulebook is unclear or contradicts itself, the project plays one
reading by default and offers the other as a named variant (DESIGN principle 7), each citing its
section and catalogue ambiguity (GIN-AMB-xx, GIN-MF-05)."""
from __future__ import annotations

from rules_lib.core.engine import Variant

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

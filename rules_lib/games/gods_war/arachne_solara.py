"""Arachne Solara (Cosmic Monster Loyalty Card): the web, VP per kill scored against her, the Spike.

The card's numbers are data (data/monsters.yaml): her Combat, the VP per kill (Tangled in the Web),
the cost of Spinning the Web, the power per building (Empowering the Web) and the web tokens in the
pool (II. Components), whose emptying ends the game (Completing the Web). She starts in Inner Hell,
cannot be killed, routed or moved except by Spinning the Web, and the Spike's explosion sends her to
Inner Hell.
"""
from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from . import provenance as why
from .data import GodsWarData
from .monsters import community_trigger
from .state import GWState

NAME = "Arachne Solara"
PLACEMENT = "Arachne Solara card (Placement)"
TANGLED = "Arachne Solara card: Tangled in the Web (Post-Battle)"
SPINNING = "Arachne Solara card: Spinning the Web (Action)"
EMPOWERING = "Arachne Solara card: Empowering the Web (Council Phase)"
COMPLETING = "Arachne Solara card: Completing the Web (End of Game)"
KILLING = "Arachne Solara card (Killing Arachne Solara)"

WAITS_WHY = (why.VARIANT + "arachne_waits_for_compromise, the other reading of GW-AMB-01: she waits "
             "for the Great Compromise like the other Cosmic Monsters")
NO_KILL_WHY = (why.VARIANT + "tangled_no_kill_scored, the other reading of GW-AMB-08: she cannot be "
               "killed, so no kill is scored against her")
HELL_AREA_WHY = why.join(why.AMB_06, why.VARIANT + "spin_to_hell_area_only: from the surface only "
                         "to the areas called Hell or the Heavens")
SPIN_IN_WHY = why.join(why.AMB_06, why.MAP)
MAP_ONLY_WHY = (why.VARIANT + "web_counts_map_tokens_only, the other reading of GW-AMB-07: only "
                "tokens on the map complete the web")
SPIN_REFS = ("monsters:cards.Arachne Solara.abilities",)


def place_at_start(state: GWState, ctx: Context) -> Procedure:
    """Her card places her in Inner Hell at the start (it overrides XIII, GW-AMB-01)."""
    if NAME not in state.monsters:
        return
    if ctx.variant("arachne_waits_for_compromise"):
        yield Event("Arachne Solara waits for the Great Compromise (variant "
                    "'arachne_waits_for_compromise': the general Cosmic Monster placement rule)",
                    rule=f"{PLACEMENT}; GW-AMB-01", kind="setup", ids=why.IDS_PLACE_ARACHNE,
                    assumed=WAITS_WHY, data={"monster": NAME})
        return
    card = ctx.data.cards[NAME]
    state.monsters[NAME].status, state.monsters[NAME].area = "in play", card.placement_area
    yield Event(f"Arachne Solara is placed in {card.placement_area} at the start of the game (her "
                "card overrides the general rule that Cosmic Monsters wait for the Great "
                "Compromise, GW-AMB-01)", rule=PLACEMENT, kind="setup",
                ids=why.IDS_PLACE_ARACHNE, assumed=why.AMB_01,
                data={"monster": NAME, "area": card.placement_area})


def tangled_in_the_web(state: GWState, ctx: Context, empire: str, kills: int) -> Procedure:
    """Post-Battle: VP for each kill scored against Arachne Solara (she takes no damage)."""
    if ctx.variant("tangled_no_kill_scored"):
        yield Event(f"Tangled in the Web: {empire} rolled {kills} kill(s) against Arachne Solara, "
                    "but she cannot be killed, so no kill is scored and no VP gained (variant "
                    "'tangled_no_kill_scored')", rule=TANGLED, kind="vp", ids=why.IDS_TANGLED,
                    assumed=NO_KILL_WHY,
                    data={"empire": empire, "kills": kills, "vp": 0, "monster": NAME})
        return
    per = ctx.data.cards[NAME].ability("Tangled in the Web").params["vp_per_kill"]
    gained = kills * per
    state.empires[empire].vp += gained
    state.bump("arachne_vp", gained)
    yield Event(f"Tangled in the Web: {empire} scored {kills} kill(s) against Arachne Solara and "
                f"gains {gained} VP, {per} per kill (the kill results rolled count; she takes no "
                "damage, GW-AMB-08)", rule=TANGLED, kind="vp", ids=why.IDS_TANGLED,
                assumed=why.AMB_08,
                data={"empire": empire, "kills": kills, "vp": gained, "monster": NAME})


def spin_cost(data: GodsWarData) -> int:
    """The card's cost of Spinning the Web, paid in power (default reading of GW-AMB-06)."""
    return data.cards[NAME].ability("Spinning the Web").params["cost"]


def can_spin(state: GWState, data: GodsWarData, empire: str) -> bool:
    """Any player may take the action if Arachne is in play and the cost can be paid."""
    return (state.monster_area(NAME) is not None and state.empires[empire].power >= spin_cost(data)
            and bool(spin_destinations(state, data)))


def spin_destinations(state: GWState, data: GodsWarData,
                      variant_hell_area_only: bool = False) -> list[str]:
    """Where Spinning the Web may relocate her now."""
    area = state.monster_area(NAME)
    if area is None:
        return []
    if data.realm(area) in ("hell", "heavens"):  # Inner Hell counts as Hell (GW-AMB-06)
        if state.web_pool == 0:
            return []  # no token left to place (only reachable under web_counts_map_tokens_only)
        return [a for a in data.surface_areas() if a not in state.web_tokens]
    if variant_hell_area_only:
        return [a for a in ("Hell", "the Heavens") if a in data.areas]
    return [a for a, body in data.areas.items() if body.realm in ("hell", "heavens")]


def spin(state: GWState, ctx: Context, empire: str) -> Procedure:
    """Spinning the Web: pay its cost; Hell/Heavens -> an unwebbed surface area + token; surface -> off."""
    data: GodsWarData = ctx.data
    dests = spin_destinations(state, data, ctx.variant("spin_to_hell_area_only"))
    if not dests:
        raise ValueError("Spinning the Web: no legal destination")
    cost = spin_cost(data)
    if state.empires[empire].power < cost:
        raise ValueError(f"{empire} cannot pay {cost} power for Spinning the Web")
    src = state.monster_area(NAME)
    on_surface = data.realm(src) == "surface"
    prompt = ("Spinning the Web: relocate Arachne Solara to Heaven or Hell" if on_surface else
              "Spinning the Web: relocate Arachne Solara to which surface area without a web token?")
    dest = dests[0] if len(dests) == 1 else (
        yield Decision(empire, "spin_destination", prompt, dests, rule=SPINNING,
                       ids=why.IDS_SPIN_OUT if on_surface else why.IDS_SPIN_IN,
                       assumed=why.AMB_06 if on_surface else ""))
    state.empires[empire].power -= cost
    state.monsters[NAME].area = dest
    state.bump("spins")
    if on_surface:
        yield Event(f"{empire} pays {cost} power: Spinning the Web moves Arachne Solara from the "
                    f"surface world ({src}) to {dest}; no web token is placed (cost in power, Heaven "
                    "= the Heavens, Inner Hell counts as Hell, the acting player chooses: "
                    "GW-AMB-06)", rule=SPINNING, kind="move", ids=why.IDS_SPIN_OUT,
                    assumed=HELL_AREA_WHY if ctx.variant("spin_to_hell_area_only") else why.AMB_06,
                    data={"where": src, "to": dest, "token": False, "monster": NAME,
                          "refs": SPIN_REFS})
        yield from community_trigger(state, data, "Spinning the Web", NAME)
        return
    state.web_tokens.append(dest)
    take_token(state)
    yield Event(f"{empire} pays {cost} power: Spinning the Web relocates Arachne Solara from {src} "
                f"to {dest}, which had no web token, and places a web token there "
                f"({state.web_pool} left in the pool)", rule=SPINNING, kind="move",
                ids=why.IDS_SPIN_IN, assumed=SPIN_IN_WHY,
                data={"where": src, "to": dest, "token": True, "monster": NAME, "refs": SPIN_REFS})
    yield from community_trigger(state, data, "Spinning the Web", NAME)
    yield from completing_the_web(state, data, f"placed in {dest}",
                                  ctx.variant("web_counts_map_tokens_only"))


COMPLETE_REFS = ("monsters:components.web_tokens",)


def take_token(state: GWState) -> None:
    """A web token leaves the pool (to the map or to an empire sheet: both count, GW-AMB-07)."""
    if state.web_pool <= 0:
        raise ValueError("no web token left in the pool")
    state.web_pool -= 1


def completing_the_web(state: GWState, data: GodsWarData, last: str,
                       map_only: bool = False) -> Procedure:
    """When the last web token has left the pool the game ends at once, whatever the VP."""
    if state.web_pool != 0 or state.end_reason:
        return
    total = data.get("monsters.components.web_tokens")
    on_sheets = any(e.web_token_on_sheet for e in state.empires.values())
    if map_only:
        if not on_sheets:
            state.end_reason = "Completing the Web"
            yield Event(f"Completing the Web: all {total} web tokens are on the map ({last}); the "
                        "game immediately ends (variant 'web_counts_map_tokens_only')",
                        rule=COMPLETING, kind="result", ids=why.IDS_COMPLETE,
                        assumed=MAP_ONLY_WHY, data={"refs": COMPLETE_REFS})
        return
    state.end_reason = "Completing the Web"
    yield Event(f"Completing the Web: the last of the {total} web tokens has left the pool "
                f"({last}); the game immediately ends, even if no one has reached "
                f"{data.get('base_game.victory.vp_to_win')} VP"
                + (" (tokens on empire sheets count too: GW-AMB-07)" if on_sheets else ""),
                rule=COMPLETING, kind="result", ids=why.IDS_COMPLETE,
                assumed=why.AMB_07 if on_sheets else "", data={"refs": COMPLETE_REFS})


def empowering_gain(state: GWState, data: GodsWarData, empire: str) -> int:
    """Power from Empowering the Web: per building in an area with Arachne and/or a web token."""
    per = data.cards[NAME].ability("Empowering the Web").params["power_per_building"]
    webbed = set(state.web_tokens)
    here = state.monster_area(NAME)
    if here is not None:
        webbed.add(here)
    return per * sum(1 for a in state.buildings_of(empire) if a in webbed)


def empowering(state: GWState, ctx: Context) -> Procedure:
    """Council Phase, in player order: each eligible player may gain power, once per game."""
    data: GodsWarData = ctx.data
    if NAME not in state.monsters or state.monsters[NAME].status == "removed":
        return
    for empire in state.player_order:
        if state.end_reason:
            return
        sheet = state.empires[empire]
        gain = empowering_gain(state, data, empire)
        if sheet.web_token_on_sheet or gain == 0 or state.web_pool == 0:
            continue
        choice = yield Decision(empire, "empower", f"Empowering the Web: gain {gain} power (and "
                                "place a web token on your empire sheet, once per game)?",
                                ["empower", "decline"], rule=EMPOWERING, data={"gain": gain},
                                ids=why.IDS_EMPOWER)
        if choice != "empower":
            yield Event(f"{empire} declines Empowering the Web", rule=EMPOWERING, kind="info",
                        ids=why.IDS_EMPOWER)
            continue
        sheet.power += gain
        sheet.web_token_on_sheet = True
        take_token(state)
        state.bump("empowerings")
        yield Event(f"Empowering the Web: {empire} gains {gain} power ("
                    f"{data.cards[NAME].ability('Empowering the Web').params['power_per_building']}"
                    " per building in an area with Arachne Solara and/or a web token) and places a "
                    "web token from the pool on its empire sheet: it cannot do this again",
                    rule=EMPOWERING, kind="power", ids=why.IDS_EMPOWER,
                    data={"empire": empire, "gain": gain, "monster": NAME})
        yield from completing_the_web(state, data, f"{empire}'s empire sheet",
                                      ctx.variant("web_counts_map_tokens_only"))


def spike_explodes(state: GWState, ctx: Context) -> Procedure:
    """If Arachne Solara is on the Spike when it explodes, place her in Inner Hell."""
    if state.monster_area(NAME) != "the Spike":
        return
    dest = ctx.data.cards[NAME].killing["spike_explosion_area"]
    state.monsters[NAME].area = dest
    yield Event(f"Arachne Solara is on the Spike when it explodes: she is placed in {dest}",
                rule=KILLING, kind="move", ids=why.IDS_SPIKE_ARACHNE,
                data={"from": "the Spike", "to": dest, "monster": NAME})

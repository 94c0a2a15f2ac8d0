"""Arachne Solara (Cosmic Monster Loyalty Card): the web, VP per kill scored against her, the Spike.

Card text (data/monsters.yaml, quoted in each event): Combat 10; starts in Inner Hell; Tangled in
the Web (Post-Battle); Spinning the Web (Action, Cost 1, any player); Empowering the Web (Council
Phase, player order, once per game); Completing the Web (End of Game: 12 tokens gone from the
pool); she cannot be killed, routed or moved except by Spinning the Web; the Spike explosion sends
her to Inner Hell.
"""
from __future__ import annotations

from rules_lib.core.engine import Context, Decision, Event, Procedure

from .data import GodsWarData
from .state import GWState

NAME = "Arachne Solara"
PLACEMENT = "Arachne Solara card (Placement)"
TANGLED = "Arachne Solara card: Tangled in the Web (Post-Battle)"
SPINNING = "Arachne Solara card: Spinning the Web (Action; Cost 1)"
EMPOWERING = "Arachne Solara card: Empowering the Web (Council Phase)"
COMPLETING = "Arachne Solara card: Completing the Web (End of Game)"
KILLING = "Arachne Solara card (Killing Arachne Solara)"


def place_at_start(state: GWState, ctx: Context) -> Procedure:
    """'At the start of the game, place Arachne Solara in Inner Hell' (card overrides XIII)."""
    if NAME not in state.monsters:
        return
    if ctx.variant("arachne_waits_for_compromise"):
        yield Event("Arachne Solara waits for the Great Compromise (variant "
                    "'arachne_waits_for_compromise': the general Cosmic Monster placement rule)",
                    rule=f"{PLACEMENT}; GW-AMB-01", kind="setup")
        return
    card = ctx.data.cards[NAME]
    state.monsters[NAME].status, state.monsters[NAME].area = "in play", card.placement_area
    yield Event(f"Arachne Solara is placed in {card.placement_area} at the start of the game (her "
                "card overrides the general rule that Cosmic Monsters wait for the Great "
                "Compromise, default reading of GW-AMB-01)", rule=PLACEMENT, kind="setup")


def tangled_in_the_web(state: GWState, ctx: Context, empire: str, kills: int) -> Procedure:
    """Post-Battle: gain 1 VP for each kill scored against Arachne Solara (she takes no damage)."""
    per = ctx.data.cards[NAME].ability("Tangled in the Web").params["vp_per_kill"]
    gained = kills * per
    state.empires[empire].vp += gained
    state.bump("arachne_vp", gained)
    yield Event(f"Tangled in the Web: {empire} scored {kills} kill(s) against Arachne Solara and "
                f"gains {gained} VP (the kills are counted; she takes no damage, GW-AMB-08)",
                rule=TANGLED, kind="vp", data={"empire": empire, "kills": kills, "vp": gained})


def spin_cost(data: GodsWarData) -> int:
    """Spinning the Web costs 1 (power, default reading of GW-AMB-06)."""
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
    """Spinning the Web: pay 1; Hell/Heavens -> an unwebbed surface area + token; surface -> off."""
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
        yield Decision(empire, "spin_destination", prompt, dests, rule=SPINNING))
    state.empires[empire].power -= cost
    state.monsters[NAME].area = dest
    state.bump("spins")
    if on_surface:
        yield Event(f"{empire} pays {cost} power: Spinning the Web moves Arachne Solara from the "
                    f"surface world ({src}) to {dest}; no web token is placed (cost in power, Heaven "
                    "= the Heavens, Inner Hell counts as Hell, the acting player chooses: default "
                    "reading of GW-AMB-06)", rule=SPINNING,
                    kind="move", data={"from": src, "to": dest, "token": False})
        return
    state.web_tokens.append(dest)
    take_token(state)
    yield Event(f"{empire} pays {cost} power: Spinning the Web relocates Arachne Solara from {src} "
                f"to {dest}, which had no web token, and places a web token there "
                f"({state.web_pool} left in the pool)", rule=SPINNING, kind="move",
                data={"from": src, "to": dest, "token": True})
    yield from completing_the_web(state, f"placed in {dest}",
                                  ctx.variant("web_counts_map_tokens_only"))


def take_token(state: GWState) -> None:
    """A web token leaves the pool (to the map or to an empire sheet: both count, GW-AMB-07)."""
    if state.web_pool <= 0:
        raise ValueError("no web token left in the pool")
    state.web_pool -= 1


def completing_the_web(state: GWState, why: str, map_only: bool = False) -> Procedure:
    """When the 12th token has left the pool the game ends at once."""
    if map_only:
        on_sheets = any(e.web_token_on_sheet for e in state.empires.values())
        if state.web_pool == 0 and not on_sheets and not state.end_reason:
            state.end_reason = "Completing the Web"
            yield Event(f"Completing the Web: all 12 web tokens are on the map ({why}); the game "
                        "immediately ends (variant 'web_counts_map_tokens_only')", rule=COMPLETING,
                        kind="result")
        return
    if state.web_pool == 0 and not state.end_reason:
        state.end_reason = "Completing the Web"
        yield Event(f"Completing the Web: the last of the 12 web tokens has left the pool ({why}); "
                    "the game immediately ends, even if no one has reached 35 VP (tokens on empire "
                    "sheets count too: default reading of GW-AMB-07)", rule=COMPLETING,
                    kind="result")


def empowering_gain(state: GWState, data: GodsWarData, empire: str) -> int:
    """Power from Empowering the Web: 1 per building in an area with Arachne and/or a web token."""
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
                                ["empower", "decline"], rule=EMPOWERING, data={"gain": gain})
        if choice != "empower":
            yield Event(f"{empire} declines Empowering the Web", rule=EMPOWERING, kind="info")
            continue
        sheet.power += gain
        sheet.web_token_on_sheet = True
        take_token(state)
        state.bump("empowerings")
        yield Event(f"Empowering the Web: {empire} gains {gain} power (1 per building in an area "
                    "with Arachne Solara and/or a web token) and places a web token from the pool on "
                    "its empire sheet: it cannot do this again", rule=EMPOWERING, kind="power",
                    data={"empire": empire, "gain": gain})
        yield from completing_the_web(state, f"{empire}'s empire sheet",
                                      ctx.variant("web_counts_map_tokens_only"))


def spike_explodes(state: GWState, ctx: Context) -> Procedure:
    """If Arachne Solara is on the Spike when it explodes, place her in Inner Hell."""
    if state.monster_area(NAME) != "the Spike":
        return
    dest = ctx.data.cards[NAME].killing["spike_explosion_area"]
    state.monsters[NAME].area = dest
    yield Event(f"Arachne Solara is on the Spike when it explodes: she is placed in {dest}",
                rule=KILLING, kind="move", data={"from": "the Spike", "to": dest})

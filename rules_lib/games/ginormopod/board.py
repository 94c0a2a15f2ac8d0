"""The map questions rules ask: enemy Cities, the Fusion Fence."""
from __future__ import annotations

from .data import GinData
from .state import GinState, other


def has_enemy(state: GinState, city: str, side: str) -> bool:
    """Enemy units in the City, or (for the Swarm) an undestroyed Fort there."""
    foe = other(side)
    if side == "Swarm" and state.fort_intact(city):
        return True
    for u in state.units:
        if u.loc == city and u.pool == "map" and u.side == foe:
            return True
    return False


def is_enemy_city(state: GinState, city: str, side: str) -> bool:
    """Ginormopod: Combat — a City is enemy if it only contains enemy Units; undestroyed Forts are
    always enemy to the Swarm."""
    if side == "Swarm" and state.fort_intact(city):
        return True
    foe = other(side)
    enemy = friend = False
    for u in state.units:
        if u.loc == city and u.pool == "map":
            if u.side == foe:
                enemy = True
            else:
                friend = True
    return enemy and not friend


def fence_open_from(state: GinState, data: GinData, fort: str) -> bool:
    """Ginormopod: Fusion Fence — roads east from a Fence Fort open once it and a road-adjacent
    Fence Fort are both destroyed (GIN-AMB-14 default reading)."""
    f = state.forts.get(fort)
    if f is None or not f.destroyed:
        return False
    for nb in data.adjacency[fort]:
        info = data.forts.get(nb)
        if info is not None and info.fence and state.forts[nb].destroyed:
            return True
    return False


def swarm_may_step(state: GinState, data: GinData, a: str, b: str) -> bool:
    """Ginormopod: Fusion Fence — may a Swarm unit move along the road a -> b?"""
    cb = data.cities[b]
    if cb.zone != "east":
        return True
    za = data.cities[a].zone
    if za == "east":
        return True
    if za == "fence":
        return fence_open_from(state, data, a)
    return False  # west straight to east: no such road (checked when loading the map)

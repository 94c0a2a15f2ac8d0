"""Marine policies: random-legal (the engine's) and a heuristic that fires at the best expected
target, rallies, escorts Jewels with the Recovery Vehicles and keeps out of NAT hexes."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from rules_lib.core.boards.hex import hex_distance
from rules_lib.core.engine import Decision, RandomPolicy

from . import actions as act
from .board import SVMap, map_for
from .data import SVData, load_game_data
from .full_move import EXIT_PREFIX
from .state import SVState, Unit, effective_values

__all__ = ["HeuristicPolicy", "RandomPolicy"]

ACTION_PRIORITY = (act.ENTER, act.LAND, act.DETONATE, act.BUILD, act.FULL_FIRE, act.RALLY,
                   act.REQUEST, act.RECON)


@lru_cache(maxsize=128)
def _steps_to_nearest(smap: SVMap, goals: tuple[str, ...]) -> dict[str, int]:
    """{hex label: steps to the nearest goal hex} over the whole map (``smap.distance``, every hex
    being on the map). Worked out once per map and set of goals: the goals are a few fixed hexes
    (the Jewel exits, the Labs) or the hexes where Jewels lie, which change seldom. Read-only."""
    targets = [smap.hex(g) for g in goals]
    return {lab: min(hex_distance(h, t) for t in targets) for lab, h in smap.hex_of.items()}


class HeuristicPolicy:
    """A sensible Marine commander: shoot first, carry Jewels west, rally, call for help."""

    name = "heuristic"

    def __init__(self, data: SVData | None = None) -> None:
        """``data``: the data the game plays with (a designer's overrides included: the maps
        the policy reads must be the game's); the shipped data when None."""
        self.data = load_game_data() if data is None else data

    def choose(self, state: SVState, decision: Decision, rng: random.Random) -> Any:
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is None:
            return decision.options[0]
        answer = handler(state, decision)
        return answer if answer in decision.options else decision.options[0]

    # -- which action --
    def _action(self, state: SVState, d: Decision) -> Any:
        uid = d.prompt[len("What does "):-len(" do?")]
        unit = state.unit(uid)
        opts = d.options
        if unit.type == "recovery_vehicle":
            for a in (act.ENTER, act.FULL_MOVE):
                if a in opts:
                    return a
        if self._scientist_heads_for_a_lab(state, unit, opts):
            return act.FULL_MOVE
        return self._fallback_action(unit, opts)

    def _scientist_heads_for_a_lab(self, state: SVState, unit: Unit, opts: list[str]) -> bool:
        """The M.A.D. Scientist moves towards a Lab while it can neither Build nor Detonate."""
        if unit.type != "mad_scientist" or act.BUILD in opts or act.DETONATE in opts:
            return False
        smap = map_for(state.map, self.data)
        return (unit.on_map and unit.hex not in smap.mdata.labs.values()
                and act.FULL_MOVE in opts)

    @staticmethod
    def _fallback_action(unit: Unit, opts: list[str]) -> str:
        """Actions in a fixed order of preference (``ACTION_PRIORITY``), then Unlimber."""
        for a in ACTION_PRIORITY:
            if a in opts:
                return a
        if unit.type == "ant_gun" and act.UNLIMBER in opts:
            return act.UNLIMBER
        return act.NO_ACTION if act.NO_ACTION in opts else opts[0]

    # -- where to move --
    def _move_to(self, state: SVState, d: Decision) -> Any:
        return self._destination(state, d.data.get("unit", ""), d.options)

    def _enter_to(self, state: SVState, d: Decision) -> Any:
        uid = d.prompt[len("Where does "):].split(" move")[0]
        return self._destination(state, uid, d.options)

    def _destination(self, state: SVState, uid: str, options: list[Any]) -> Any:
        smap = map_for(state.map, self.data)
        unit = state.unit(uid)
        exits = [o for o in options if str(o).startswith(EXIT_PREFIX)]
        if exits:
            return exits[0]
        hexes = [o for o in options if not str(o).startswith(EXIT_PREFIX)]
        if unit.type == "recovery_vehicle":
            goals = list(smap.mdata.jewel_exit_hexes) if unit.jewels else [
                lab for lab, n in state.jewels.items() if n]
        elif unit.type == "mad_scientist":
            goals = list(smap.mdata.labs.values())
        else:
            return unit.hex if unit.hex in hexes else hexes[-1]
        if not goals:
            return unit.hex if unit.hex in hexes else hexes[0]
        return min(hexes, key=_steps_to_nearest(smap, tuple(goals)).__getitem__)

    # -- what to shoot --
    def _fire_at(self, state: SVState, d: Decision) -> Any:
        data = self.data
        cfs = d.data.get("cf", {})

        def value(target: str) -> float:
            cf = cfs.get(target, 1)
            if target.startswith("Tunnel Exit"):
                return cf * (6 - data.tunnel_exit_dn) / 6 * 0.5
            v = state.unit(target)
            dn = effective_values(data, v).dn
            worth = 1.0 + v.jewels * 2 + (1.0 if v.reduced else 0.0)
            return cf * max(0, 6 - dn) / 6 * worth

        return max(d.options, key=value)

    def _rv_load(self, state: SVState, d: Decision) -> Any:
        return "load"

    def _reinforcement(self, state: SVState, d: Decision) -> Any:
        for kind in ("heavy_weapons", "squad", "scout", "special_ops"):
            for o in d.options:
                if state.unit(o).type == kind:
                    return o
        return d.options[0]

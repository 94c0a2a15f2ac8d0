"""A stronger Marine commander ("commander"): it shoots at what threatens the Marines and the
Crown Jewels, pulls Disrupted Marines out of contact, keeps the NATs purged and drives the Recovery
Vehicles along the safest way to the Jewels and the west edge.

It is the game's default Marine policy. It plays longer games than ``HeuristicPolicy`` (more
Marines live to act), so batch runs with it are slower; ``policies={"Marines": "heuristic"}``
plays the quicker, simpler one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from rules_lib.core.boards.hex import Hex, hex_distance, hex_range
from rules_lib.core.engine import Decision

from . import actions as act
from . import dice as svdice
from .board import SVMap, map_for
from .data import SVData
from .fire_plans import adjacent_hq
from .full_move import EXIT_PREFIX
from .policies import HeuristicPolicy, _steps_to_nearest
from .state import MARINES, SVState, Unit, counter_side, effective_values

__all__ = ["CommanderPolicy"]

# How far a Vermite stack's threat reaches (Soldiers MA 3, Ultra-Mites MA 4, §E-1) and how much
# of its CF counts at each distance: next to a Marine it will attack (§F-2); farther off it only
# may come adjacent, if the turn's Preferred Direction brings it (§D-1).
THREAT_BY_DISTANCE = {1: 1.0, 2: 0.45, 3: 0.25, 4: 0.1}
THREAT_RADIUS = max(THREAT_BY_DISTANCE)
DEFENSIVE_SHARE = 0.75  # attackers lose one CF against Bamboo/Bog/Building/Flooded (§F-2, §P)
RV_DANGER_PER_STEP = 0.5  # an RV gives up one step of progress to avoid this much threat
JEWEL_CARRIER_WORTH = 8.0  # a Vermite carrying a Jewel to its Nest costs the Marines a Jewel (§E-2)
CONTACT_URGENCY = 2.0  # a Vermite next to a Marine attacks it in the next Combat Step (§F-2)
ENDANGERED = 3.0  # threat at which an idle Marine with nothing to shoot looks for a safer hex


@dataclass(frozen=True)
class _Geometry:
    """Per-map lookups the commander reads on every decision (built once per map)."""

    reach: dict[str, dict[str, float]]  # label -> {label within the radius: its threat weight}
    around: dict[str, frozenset[str]]  # label -> adjacent labels
    defensive: frozenset[str]  # Bamboo, Bog, Building (Flooded is checked per turn)


@lru_cache(maxsize=8)
def _geometry(smap: SVMap) -> _Geometry:
    """Threat weights around each hex, adjacency and defensive terrain by label, for one map."""
    labels = list(smap.hex_of.items())
    label_of = smap.label_of
    # every step within the radius with its weight, worked out once around (0, 0); a hex's
    # reach is then the map's hexes at those steps from it (not a distance for every pair)
    centre = Hex(0, 0)
    steps = [(oh[0], oh[1], THREAT_BY_DISTANCE[d]) for oh in hex_range(centre, THREAT_RADIUS)
             if (d := hex_distance(centre, oh)) > 0]
    reach: dict[str, dict[str, float]] = {}
    for lab, (q, r) in labels:
        weights = reach[lab] = {}
        for dq, dr, weight in steps:
            other = label_of.get((q + dq, r + dr))  # type: ignore[call-overload]
            if other is not None:
                weights[other] = weight
    around = {lab: frozenset(smap.label_of[n] for n in smap.neighbors(h)) for lab, h in labels}
    defensive = frozenset(lab for lab, h in labels if smap.defensive(h))
    return _Geometry(reach, around, defensive)


@lru_cache(maxsize=512)
def _at_least(dice: int, dn: int, hits: int) -> float:
    """Chance that ``dice`` dice fired at DN ``dn`` score at least ``hits`` hits (§F-2, §J-1), from
    the game's own fire pool."""
    return float(svdice.fire_pool(dice, dn).dist().prob(lambda h: h >= hits))


@lru_cache(maxsize=64)
def _pants_chances(rows: tuple[tuple[int, str], ...], dice: int, modifier: int
                   ) -> tuple[float, float]:
    """(P(Fried), P(Jolted)) of a PANTS shot with this modifier, read on the banded table the
    game rolls on (§J-4): ``rows`` are its (at_most, result) rows."""
    table = [{"at_most": at_most, "result": result} for at_most, result in rows]
    results = svdice.sum_dice(dice, modifier).dist().map(lambda v: svdice.band(table, v))
    return float(results.prob("fried")), float(results.prob("jolted"))


def _hits_for(data: SVData, result: str) -> int:
    """Hits one roll needs for a result on the standard damage table (§F-2, §J-1: 2 to Reduce,
    4 to eliminate), read from the data the game rolls on."""
    return next(r["hits"] for r in data.tables["damage"]["standard"] if r["result"] == result)


class CommanderPolicy(HeuristicPolicy):
    """A sensible Marine commander for both scenarios.

    * Fire (§J) at the target whose loss matters most: Vermites carrying a Crown Jewel, then those
      next to a Marine (they attack in the next Combat Step, §F-2), by the chance of a result.
    * Disrupted Marines next to a Vermite step out of contact (they recover in §K) unless an HQ or
      Logistics Rallies them first (§I-4-b); Logistics walks to NAT-marked Marines to purge (§L).
    * Recovery Vehicles go for the Jewels and then the west edge (§Q-1-c, §J-6) on the way that
      ends farthest from Vermite stacks, preferring defensive terrain (§P); HQs call for help.

    Where it has no better view (which reinforcement to call, loading a Jewel) it answers as the
    simple ``HeuristicPolicy`` does.
    """

    name = "commander"

    # the data's numbers every shot's worth reads, looked up once per policy (on first use)

    @cached_property
    def step_hits(self) -> int:
        """Hits a roll needs to Reduce a Vermite (§F-2, §J-1), from the standard damage table."""
        return _hits_for(self.data, "step")

    @cached_property
    def kill_hits(self) -> int:
        """Hits a roll needs to eliminate a Vermite (§F-2, §J-1), from the same table."""
        return _hits_for(self.data, "eliminate")

    @cached_property
    def pants_rows(self) -> tuple[tuple[int, str], ...]:
        """The PANTS table's (at_most, result) rows (§J-4), as ``_pants_chances`` takes them."""
        return tuple((r["at_most"], r["result"]) for r in self.data.tables["pants"]["results"])

    # -- reading the position --

    @staticmethod
    def _hex_threat(state: SVState, data: SVData, smap: SVMap) -> Callable[[str], float]:
        """{hex -> Vermite CF that may attack a Marine ending there}: each non-Drone stack's CF
        weighted by its distance (``THREAT_BY_DISTANCE``), less in defensive terrain (attackers
        -1 CF, §F-2, §P); Flooded hexes count as defensive while the Bogs Flood (§P-1-b)."""
        kinds = data.vermites
        stacks: dict[str, float] = {}
        for u in state.units:
            if (u.side != MARINES and u.status == "map" and u.hex is not None
                    and kinds[u.type].kind != "drone"):
                stacks[u.hex] = stacks.get(u.hex, 0.0) + effective_values(data, u).cf
        geo = _geometry(smap)
        reach, defensive = geo.reach, geo.defensive
        flooded = smap.flood_hexes if state.flooded else frozenset()
        hex_of = smap.hex_of

        stack_list = list(stacks.items())

        def threat(label: str) -> float:
            weights = reach[label]
            # (the stacks out of reach add 0.0, which leaves the float sum as it is)
            t = sum([cf * weights[where] for where, cf in stack_list if where in weights], 0.0)
            if label in defensive or (flooded and hex_of[label] in flooded):
                return t * DEFENSIVE_SHARE
            return t

        return threat

    @staticmethod
    def _contact_hexes(state: SVState, smap: SVMap) -> frozenset[str]:
        """Labels of the hexes touching a Vermite (Drones included): the §I-1-b / §K test."""
        around = _geometry(smap).around
        stacks = {u.hex for u in state.units  # each Vermite hex once, however many stand there
                  if u.side != MARINES and u.status == "map" and u.hex is not None}
        return frozenset().union(*[around[label] for label in stacks])

    # -- which Marine acts next (§C-2-c) --

    def _next_marine(self, state: SVState, d: Decision) -> Any:
        """Rally first (a rallied Marine may still fire at full strength), then the others in
        the offered order, and the Recovery Vehicles last, after fire has cleared their way."""
        ralliers: list[Unit] = []
        first = rv = None
        for uid in d.options:  # the offered Marines (and the phase's end, last)
            if uid == act.END_PHASE:
                continue
            u = state.unit(uid)
            if u.type in ("hq", "logistics"):
                ralliers.append(u)
            if u.type == "recovery_vehicle":
                rv = rv or u.id
            else:
                first = first or u.id
        if ralliers and self._anyone_disrupted(state):
            smap = map_for(state.map, self.data)
            contact = self._contact_hexes(state, smap)
            for u in ralliers:
                if self._rally_helps(state, smap, u, contact):
                    return u.id
        return first or rv or d.options[0]

    @staticmethod
    def _anyone_disrupted(state: SVState) -> bool:
        """Whether a Marine on the map is Disrupted (someone a Rally could help, §I-4-b)."""
        for u in state.units:
            if u.reduced and u.side == MARINES and u.status == "map":
                return True
        return False

    # -- which action (§I) --

    def _action(self, state: SVState, d: Decision) -> Any:
        uid = d.prompt[len("What does "):-len(" do?")]
        unit = state.unit(uid)
        opts = d.options
        for a in (act.ENTER, act.LAND):
            if a in opts:
                return a
        if unit.type == "recovery_vehicle":
            return act.FULL_MOVE if act.FULL_MOVE in opts else opts[0]
        if self._scientist_heads_for_a_lab(state, unit, opts):
            return act.FULL_MOVE
        if unit.type in ("mad_scientist", "ant_gun"):
            return self._fallback_action(unit, opts)
        return self._combat_action(state, unit, opts)

    def _combat_action(self, state: SVState, unit: Unit, opts: list[str]) -> str:
        """A fighting Marine: Rally when it saves someone, step out of contact when Disrupted
        and its Pistol cannot hurt (§K recovers it), fire, purge-walk (Logistics, §L), call for
        help (HQ, §I-4-c), and leave a hex where the Vermite threat is high."""
        data = self.data
        smap = map_for(state.map, self.data)
        if act.RALLY in opts and self._rally_helps(state, smap, unit,
                                                   self._contact_hexes(state, smap)):
            return act.RALLY
        pistol_useless = unit.reduced and not self._pistol_works(data, smap, state, unit)
        if (pistol_useless and act.FULL_MOVE in opts
                and unit.hex in self._contact_hexes(state, smap)):
            return act.FULL_MOVE
        if act.FULL_FIRE in opts and not pistol_useless:
            return act.FULL_FIRE
        if act.FULL_MOVE in opts and unit.type == "logistics" and self._patient(state, smap, unit):
            return act.FULL_MOVE
        if act.REQUEST in opts:
            return act.REQUEST
        if act.RECON in opts:
            return act.RECON
        if act.FULL_MOVE in opts and self._hex_threat(state, data, smap)(unit.hex) >= ENDANGERED:
            return act.FULL_MOVE
        return act.NO_ACTION if act.NO_ACTION in opts else opts[0]

    @staticmethod
    def _rally_helps(state: SVState, smap: SVMap, rallier: Unit, contact: frozenset[str]) -> bool:
        """Rally (§I-4-b) only matters for Disrupted Marines next to a Vermite (``contact``): the
        others recover by themselves in the Marines Recovery Phase (§K)."""
        if not rallier.on_map or rallier.acted:
            return False
        around = _geometry(smap).around[rallier.hex]
        for u in state.units:  # the Marines on the map, the rare Disrupted ones tested first
            if (u.reduced and u.side == MARINES and u.status == "map" and u.hex is not None
                    and u.hex in contact and (u.id == rallier.id or u.hex in around)):
                return True
        return False

    def _pistol_works(self, data: SVData, smap: SVMap, state: SVState, unit: Unit) -> bool:
        """Whether a Disrupted Marine's Pistol (§J-2) rolls two dice or more: one die can score
        only one hit, which has no effect (§J-1). The HQ modifier by the fire rules' own test and
        table; a NAT marker's -1 is in the effective CF."""
        cf = effective_values(data, unit).cf
        if adjacent_hq(data, smap, state, unit):
            cf += data.tables["marine_fire"]["adjacent_hq"]
        return cf >= self.step_hits

    @staticmethod
    def _patient(state: SVState, smap: SVMap, logistics: Unit) -> Unit | None:
        """The NAT-marked Marine Logistics should stand next to for the Purging Phase (§L):
        Infected first (they die on 1-4 in §H), then the nearest; None if one is next to it."""
        around = _geometry(smap).around[logistics.hex]
        marked = [u for u in state.marines_on_map() if u.nat and u.id != logistics.id]
        if not marked or any(u.hex in around for u in marked):
            return None
        here = smap.hex(logistics.hex)
        return min(marked, key=lambda u: (u.nat != "infected",
                                          hex_distance(here, smap.hex(u.hex))))

    # -- where to move (§I-1, §I-5) --

    def _destination(self, state: SVState, uid: str, options: list[Any]) -> Any:
        smap = map_for(state.map, self.data)
        unit = state.unit(uid)
        if unit.type == "recovery_vehicle":  # (only an RV with a Jewel is offered an exit)
            exits = [o for o in options if o.startswith(EXIT_PREFIX)]
            if exits:
                return exits[0]
            return self._rv_destination(state, smap, unit, options)
        hexes = options
        if unit.type == "mad_scientist":
            goals = list(smap.mdata.labs.values())
            return min(hexes, key=_steps_to_nearest(smap, tuple(goals)).__getitem__)
        if unit.hex is None:
            return hexes[-1]  # entering: as far in as the Full Move goes (§I-5-a)
        return self._safe_hex(state, smap, unit, hexes)

    def _rv_destination(self, state: SVState, smap: SVMap, rv: Unit, hexes: list[str]) -> str:
        """A Recovery Vehicle: onto a Jewel it can reach (it loads there, §J-6), else the hex
        that trades steps to its goal (the Jewels, or the west edge once loaded, §Q-1-c) against
        the Vermite threat where it stops."""
        threat = self._hex_threat(state, self.data, smap)
        if not rv.jewels:
            lying = [h for h in hexes if state.jewels.get(h)]
            if lying:
                return min(lying, key=threat)
            goals = [lab for lab, n in state.jewels.items() if n]
        else:
            goals = list(smap.mdata.jewel_exit_hexes)
        if not goals:
            return rv.hex if rv.hex in hexes else hexes[0]
        steps = _steps_to_nearest(smap, tuple(sorted(goals)))
        best, best_score = hexes[0], float("inf")
        for h in sorted(hexes, key=steps.__getitem__):  # the threat only adds: stop when the
            if steps[h] >= best_score:                    # steps alone cannot beat the best
                break
            score = steps[h] + RV_DANGER_PER_STEP * threat(h)
            if score < best_score:
                best, best_score = h, score
        return best

    def _safe_hex(self, state: SVState, smap: SVMap, unit: Unit, hexes: list[str]) -> str:
        """A fighting Marine on the move: next to its NAT patient (Logistics, §L), else out of
        contact (§K) where the Vermite threat is least, staying put on a tie."""
        threat = self._hex_threat(state, self.data, smap)
        patient = self._patient(state, smap, unit) if unit.type == "logistics" else None
        if patient is not None:
            beside = [h for h in hexes if h in _geometry(smap).around[patient.hex]]
            if beside:
                return min(beside, key=threat)
        contact = self._contact_hexes(state, smap)
        free = [h for h in hexes if h not in contact] or hexes
        return min(free, key=lambda h: (threat(h), h != unit.hex))

    # -- what to shoot (§J) --

    def _fire_at(self, state: SVState, d: Decision) -> Any:
        """The target with the largest expected worth of the shot's result."""
        if len(d.options) == 1:
            return d.options[0]
        data = self.data
        smap = map_for(state.map, self.data)
        firer = state.unit(d.prompt[len("Which target does "):].split(" fire at")[0])
        weapon = counter_side(data, firer).weapon
        cfs = d.data.get("cf", {})
        near_marines = _geometry(smap).around
        marine_at = {u.hex: u for u in state.units  # ``marines_on_map``, by hex
                     if u.side == MARINES and u.status == "map" and u.hex is not None}

        def value(target: str) -> float:
            cf = cfs.get(target, 1)
            if target.startswith("Tunnel Exit"):
                return _at_least(cf, data.tunnel_exit_dn, self.step_hits) * 0.5
            v = state.unit(target)
            return self._shot_worth(data, v, near_marines[v.hex], marine_at, weapon, cf,
                                    bool(firer.nat))

        return max(d.options, key=value)

    def _shot_worth(self, data: SVData, v: Unit, around: frozenset[str],
                    marine_at: dict[str, Unit], weapon: str, cf: int, nat: bool) -> float:
        """Expected worth of firing at one Vermite: the chance to Reduce or eliminate it (§J-1;
        PANTS Fry or Jolt it, §J-4) times what that removes: its CF, more if it stands next to a
        Marine (it attacks next, §F-2; most next to a Jewel-laden RV), most if it carries a Jewel.
        """
        kind = data.vermites[v.type].kind
        values = effective_values(data, v)
        threat = 1.5 if kind == "drone" else float(values.cf)
        neighbours = [marine_at[lab] for lab in around if lab in marine_at]
        if neighbours and kind != "drone":
            threat *= CONTACT_URGENCY + (1.0 if any(u.jewels for u in neighbours) else 0.0)
        worth = threat + JEWEL_CARRIER_WORTH * v.jewels
        reduced_share = 0.4 if not v.jewels else 0.2  # a Reduced carrier still carries the Jewel
        if weapon == "pants":
            table = data.tables["pants"]  # the PANTS table the game rolls on (§J-4)
            fried, jolted = _pants_chances(
                self.pants_rows, int(table.get("dice", 1)), table["nat_marker"] if nat else 0)
            kill = fried if (kind in ("drone", "soldier") or v.reduced) else 0.0
            step = fried - kill
            return kill * worth + step * reduced_share * worth + jolted * 0.5 * worth
        dn = values.dn
        p2 = _at_least(cf, dn, self.step_hits)
        p4 = _at_least(cf, dn, self.kill_hits)
        if v.reduced:
            return p2 * worth
        return p4 * worth + (p2 - p4) * reduced_share * worth

    def _secret_weapon_target(self, state: SVState, d: Decision) -> Any:
        """The Secret Weapon's victims (§J-5-b): the Vermites whose loss matters most."""
        data = self.data
        smap = map_for(state.map, self.data)
        around = _geometry(smap).around
        marine_at = {u.hex: u for u in state.marines_on_map()}
        picks = [o for o in d.options if o != "no more"]
        if not picks:
            return d.options[-1]
        return max(picks, key=lambda o: self._shot_worth(
            data, state.unit(o), around[state.unit(o).hex], marine_at, "standard", 6, False))

"""The Marine Special Actions (§I-4): a Scout's Recon (a two-chit choice next turn), a Rally by a
Logistics unit or an HQ, and an HQ's Request for Reinforcements from the pool.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Decision, Event

from . import dice as svdice
from .board import SVMap, data_and_map
from .data import SVData
from .jump_pack import JUMP, jump_pack_move
from .map_entry import ENTER, LAND, designated_entry, landing_zone
from .movement import adjacent_to_vermite
from .state import MARINES, SVState, Unit, variant_on

RECON = "Recon"
RALLY = "Rally"
REQUEST = "Request Reinforcements"


def recon(state: SVState, ctx: Context, scout_id: str) -> Iterator:
    """Scout Recon: one die, +1 with an assisting un-Disrupted HQ, -1 if Disrupted; 4+ succeeds."""
    data, _ = data_and_map(state, ctx)
    scout = state.unit(scout_id)
    helpers = [
        u.id
        for u in state.marines_on_map()
        if data.marines[u.type].hq and not u.reduced and not u.acted and u.id != scout_id
    ]
    helper = "no HQ"
    if helpers:
        helper = yield Decision(
            MARINES,
            "recon_hq",
            f"Which HQ assists {scout_id}'s Recon?",
            helpers + ["no HQ"],
            rule="Space Vermin §I-4-a",
        )
    t = data.tables["recon"]
    mod = 0
    if helper != "no HQ":
        state.unit(helper).acted = True  # the HQ's own Special Action
        mod += t["hq_assist"]
    if scout.reduced:
        mod += t["disrupted"]
    roll = svdice.target_roll(t["target"], mod).roll(ctx.dice, f"Recon {scout_id}")
    ok = bool(roll.value)
    again = ok and state.successful_recon
    if ok:
        state.successful_recon = True
    outcome = "failed"
    if again:
        outcome = ("success, but the one Successful Recon marker is already by the Event Cup: "
                   "still one two-chit choice")
    elif ok:
        outcome = "success: the Successful Recon marker goes by the Event Cup"
    yield Event(
        f"Recon by {scout_id}{'' if helper == 'no HQ' else ' with ' + helper}: die "
        f"{roll.faces[0]}{f' {mod:+d}' if mod else ''} (needs {t['target']}+) -> {outcome}",
        rule="Space Vermin §I-4-a",
        kind="roll",
        data={"success": ok, "unit": scout_id},
        ids=("SV-RECON-03", "SV-RECON-04") + (("SV-AMB-12",) if again else ()),
        assumed="default reading of SV-AMB-12: several successful Recons give one choice"
        if again else "",
    )


def rally_candidates(data: SVData, smap: SVMap, state: SVState, rallier_id: str) -> list[Unit]:
    """Disrupted units adjacent to the rallying unit, or itself (SV-AMB-13 default reading)."""
    rallier = state.unit(rallier_id)
    if not rallier.on_map:
        return []
    around = smap.adjacent_labels[rallier.hex]
    out = []
    for u in state.units:  # the Marines on the map, the rare Disrupted ones tested first
        if (u.reduced and u.side == MARINES and u.status == "map" and u.hex is not None
                and (u.id == rallier.id or u.hex in around)):
            out.append(u)
    return sorted(out, key=lambda u: (smap.number_key(smap.hex(u.hex)), u.id))


RALLY_ONLY_NEAR = "rally_only_next_to_vermites"  # SV-AMB-13's other reading (a variant)


RALLY_WHY = ("default reading of SV-AMB-13: every Disrupted unit next to (or being) the rallying "
             "unit may roll, not only those next to a Vermite")


def rally(state: SVState, ctx: Context, rallier_id: str) -> Iterator[Event]:
    """Rally: each eligible Disrupted unit rolls a die; 5+ flips it to full strength (§I-4-b)."""
    data, smap = data_and_map(state, ctx)
    target = data.tables["rally"]["target"]
    for u in rally_candidates(data, smap, state, rallier_id):
        if variant_on(state, ctx, RALLY_ONLY_NEAR) and not adjacent_to_vermite(
            smap, state, u.hex
        ):
            continue
        reading = not adjacent_to_vermite(smap, state, u.hex)  # eligible only by SV-AMB-13
        roll = svdice.target_roll(target).roll(ctx.dice, f"Rally {u.id}")
        if roll.value:
            u.reduced = False
        yield Event(
            f"Rally ({rallier_id}): {u.id} rolls {roll.faces[0]} (needs {target}+) -> "
            f"{'back to full strength' if roll.value else 'stays Disrupted'}"
            + (" (eligible though not next to a Vermite)" if reading else ""),
            rule="Space Vermin §I-4-b",
            kind="roll",
            data={"unit": u.id},
            ids=("SV-RALLY-02", "SV-RALLY-03") + (("SV-AMB-13",) if reading else ()),
            assumed=RALLY_WHY if reading else "",
        )


def request_reinforcements(state: SVState, ctx: Context, hq_id: str) -> Iterator:
    """An HQ calls one Marine from the pool: 3+ on a die (-1 Disrupted, -1 NAT); it enters at once.
    """
    data, smap = data_and_map(state, ctx)
    hq = state.unit(hq_id)
    t = data.tables["request_reinforcements"]
    mod = (t["disrupted"] if hq.reduced else 0) + (t["nat_marker"] if hq.nat else 0)
    roll = svdice.target_roll(t["target"], mod).roll(ctx.dice, f"Request Reinforcements {hq_id}")
    yield Event(
        f"{hq_id} requests reinforcements: die {roll.faces[0]}{f' {mod:+d}' if mod else ''}"
        f" (needs {t['target']}+) -> {'granted' if roll.value else 'refused'}",
        rule="Space Vermin §I-4-c",
        kind="roll",
        data={"success": bool(roll.value), "unit": hq_id},
        ids=("SV-REQ-01", "SV-REQ-02"),
    )
    if not roll.value:
        return
    pool = [u.id for u in state.units if u.is_marine and u.status == "pool"]
    if not pool:
        yield Event("No Marine left in the pool", rule="Space Vermin §I-4-c", kind="info",
                    ids=("SV-REQ-03",))
        return
    chosen = yield Decision(
        MARINES, "reinforcement", "Which Marine joins the mission?", pool, rule="Space Vermin §I-4-c"
    )
    unit = state.unit(chosen)
    unit.status = "off_map"
    unit.acted = True
    methods = []
    if smap.mdata.marine_entry_hexes:
        methods.append(ENTER)
    methods.append(LAND)
    if data.marines[unit.type].jump_pack:
        methods.append(JUMP)
    how = yield Decision(
        MARINES,
        "entry_method",
        f"How does {chosen} enter?",
        methods,
        rule="Space Vermin §I-4-c / §I-5",
    )
    if how == ENTER:
        yield from designated_entry(state, ctx, chosen)
    elif how == LAND:
        yield from landing_zone(state, ctx, chosen)
    else:
        yield from jump_pack_move(state, ctx, chosen)

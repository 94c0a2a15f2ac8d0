"""NAT (§J-7, §H): the NAT roll every Vermite death sets off (which Marine it reaches, Tainted,
Infected or eliminated) and the NAT Effect Phase, where each Infected Marine may die.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules_lib.core.engine import Context, Event
from rules_lib.core.words import a_or_an

from . import dice as svdice
from .board import SVMap, data_and_map, map_for
from .data import SVData, game_data
from .los import has_line_of_sight
from .lowest_numbered import ordering_note, unnumbered_first
from .marine_losses import eliminate_marine
from .provenance import counter_path, join, map_reason
from .state import SVState, Unit, variant_on

NAT_DISTANCE_WHY = ("default reading of SV-AMB-22: 'within two hexes' counts hexes, ignoring "
                    "terrain and Line-of-Sight")


NAT_NEEDS_SIGHT = "nat_needs_line_of_sight"  # SV-AMB-22's other reading (a variant)


def nat_eligible(
    data: SVData, smap: SVMap, state: SVState, at: str, only: str | None = None,
    sight: bool = False,
) -> list[Unit]:
    """Marines a NAT roll can reach: within two hexes (plain distance, SV-AMB-22), lowest hex
    first; with ``sight`` (variant nat_needs_line_of_sight) only those that see the hex."""
    if only is not None:
        u = state.unit(only)
        return [u] if u.on_map else []
    centre = smap.hex(at)
    reach = data.tables["nat"]["range"]
    found = [u for u in state.marines_on_map() if smap.distance(centre, smap.hex(u.hex)) <= reach]
    if sight:
        found = [u for u in found if u.hex == at or has_line_of_sight(
            smap, state, smap.hex(u.hex), centre)]
    first = unnumbered_first(state)
    return sorted(found, key=lambda u: (smap.number_key(smap.hex(u.hex), centre, first), u.id))


def nat_roll(
    state: SVState, ctx: Context, vermite: Unit, at: str, only: str | None = None
) -> Iterator[Event]:
    """The NAT roll after a Vermite dies: success by its type; lowest-numbered Marine affected
    (§J-7). (One piece: §J-7's procedure in its order, each step an event: who is in reach, the
    roll, the Marine affected, its marker.)"""
    data = game_data(ctx)
    smap = map_for(state.map, data)
    sight = variant_on(state, ctx, NAT_NEEDS_SIGHT)
    eligible = nat_eligible(data, smap, state, at, only, sight)
    reach = data.tables["nat"]["range"]
    if only is not None:  # a Drone's Suicide Attack: only its target (§F-1, SV-AMB-01)
        where_why = ("default reading of SV-AMB-01: §F-1's NAT roll ('Section F-3') is §J-7's, "
                     "limited to the attacked Marine")
        ids: tuple[str, ...] = ("SV-NAT-02", "SV-SUIC-03", "SV-AMB-01")
    else:
        where_why = join("" if sight else NAT_DISTANCE_WHY, map_reason(data, smap.key))
        ids = ("SV-NAT-01", "SV-NAT-05", "SV-AMB-22")
    if not eligible:
        yield Event(
            f"No Marine within {reach} hexes of {at}: no NAT roll",
            rule="Space Vermin §J-7",
            kind="info",
            data={"unit": vermite.id, "hex": at},
            ids=ids,
            assumed=where_why,
        )
        return
    need = data.vermites[vermite.type].nat_roll
    need_path = counter_path(data, vermite, "nat_roll")
    roll = svdice.one_die().roll(ctx.dice, f"NAT roll for {vermite.id}")
    face = roll.value
    if face > need:
        yield Event(
            f"NAT roll {face} (needs 1-{need} for {a_or_an(data.vermites[vermite.type].name)}): "
            f"no infestation",
            rule="Space Vermin §J-7",
            kind="roll",
            data={"roll": face, "values": [need_path]},
            ids=("SV-NAT-04",),
        )
        return
    marine = eligible[0]
    order_ids, order_why = ordering_note(smap, [smap.hex(u.hex) for u in eligible],
                                         unnumbered_first(state))
    ids, where_why = ids + order_ids, join(where_why, order_why)
    table = data.tables["nat"]
    natural_one = face == table["escalates_on"]
    data_ref = {"roll": face, "marine": marine.id, "values": [need_path], "hex": at}
    if natural_one and marine.nat:
        yield Event(
            f"NAT roll {face}: {marine.id} in {marine.hex} already has a NAT marker and is "
            f"eliminated",
            rule="Space Vermin §J-7",
            kind="roll",
            data=data_ref,
            ids=("SV-NAT-04", "SV-NAT-07") + ids,
            assumed=where_why,
        )
        yield from eliminate_marine(state, ctx, marine, "Space Vermin §J-7", ("SV-NAT-07",))
        return
    before = marine.nat
    if natural_one:
        marine.nat = "infected"
    elif marine.nat == "":
        marine.nat = "tainted"
    elif marine.nat == "tainted":
        marine.nat = "infected"
    text = {
        "": "is unaffected (already NAT Infected)",
        "tainted": "gets a NAT Tainted marker",
        "infected": "gets a NAT Infected marker" if before == "" else "becomes NAT Infected",
    }
    outcome = text[marine.nat] if marine.nat != before else text[""]
    data_ref["nat"] = marine.nat
    yield Event(
        f"NAT roll {face} (needs 1-{need} for {a_or_an(data.vermites[vermite.type].name)}): "
        f"{marine.id} in {marine.hex}, the lowest-numbered "
        f"eligible hex, {outcome}",
        rule="Space Vermin §J-7",
        kind="roll",
        data=data_ref,
        ids=("SV-NAT-04", "SV-NAT-07" if natural_one else "SV-NAT-06") + ids,
        assumed=where_why,
    )


def nat_effect_phase(state: SVState, ctx: Context) -> Iterator[Event]:
    """Each NAT Infected Marine rolls a die: 1-4 eliminates it (§H)."""
    data, smap = data_and_map(state, ctx)
    limit = data.tables["nat"]["infected_dies_on_at_most"]
    infected = sorted(
        (u for u in state.marines_on_map() if u.nat == "infected"),
        key=lambda u: (smap.number_key(smap.hex(u.hex)), u.id),
    )
    for u in infected:
        face = svdice.one_die().roll(ctx.dice, f"NAT Effect {u.id}").value
        verdict = "dies" if face <= limit else "survives"
        yield Event(f"NAT Effect: {u.id} rolls {face} (dies on 1-{limit}): {verdict}",
                    rule="Space Vermin §H", kind="roll",
                    data={"unit": u.id, "roll": face}, ids=("SV-NATFX-01",))
        if face <= limit:
            yield from eliminate_marine(state, ctx, u, "Space Vermin §H", ("SV-NATFX-01",))

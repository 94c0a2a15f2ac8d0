"""The scenarios file ``scenarios.yaml`` (§Q): each scenario's set-up, reinforcements and victory
table, checked against the counter mix and the maps it names.

The set-ups read these values as they are in the file (``scenarios.scenario_table``), so what is
checked here is everything they need to play: the units, Queens, Nests, Entry hexes, Labs and
landmarks a scenario names exist; the numbers are whole numbers in range; every die face has a
row; every result has a victory level; the Crown Jewels placed are the Crown Jewels there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_lib.core.boards.hex import DIRECTIONS, Hex, offset_to_axial
from rules_lib.core.data import Path_

from .map_file import MapData, label_of
from .reading import FileReader

SCENARIO_NAMES = ("family_jewels", "great_migration", "campaign")
DIE = 6
VP_LIMIT = 1000  # no Victory Point value beyond this


@dataclass(frozen=True)
class CounterMix:
    """What the scenarios may name from counters.yaml and chits.yaml."""

    marine_ids: dict[str, list[str]]  # Marine type -> its counters' unit ids
    vermites: dict[str, tuple[str, int]]  # Vermite type -> (kind, number of counters)
    jewels: int  # Crown Jewel counters
    chits: int  # Event Chits: the most Game Turns a battle lasts

    @property
    def queens(self) -> list[str]:
        return [k for k, (kind, _) in self.vermites.items() if kind == "queen"]

    def all_marine_ids(self) -> list[str]:
        return [uid for ids in self.marine_ids.values() for uid in ids]


def check_scenarios(r: FileReader, mix: CounterMix, maps: dict[str, MapData],
                    map_readers: dict[str, FileReader]) -> None:
    """scenarios.yaml: the three scenarios, each checked (every problem recorded in ``r``; what
    a scenario needs of its map and the map lacks, in the map's reader)."""
    tree = r.mapping(r.src.tree, ())
    r.only_keys(tree, SCENARIO_NAMES, ())
    fj = r.section(tree, "family_jewels", ())
    gm = r.section(tree, "great_migration", ())
    campaign = r.section(tree, "campaign", ())
    alpha, beta = maps["alpha"], maps["beta"]
    if len(alpha.nests) < 2:
        map_readers["alpha"].fail(("nests",), f"The Family Jewels needs two Nests on {alpha.name} "
                                              f"for the Queens (§Q-1-a)")
    if sorted(beta.vermite_entry_hexes) != list(range(1, DIE + 1)):
        map_readers["beta"].fail(("vermite_entry_hexes",),
                                 f"The Great Migration needs Vermite Entry hexes 1-6 on "
                                 f"{beta.name}: a die picks them (§Q-2-c)")
    if not beta.marine_entry_hexes:
        map_readers["beta"].fail(("marine_entry_hexes",),
                                 f"The Great Migration's Marines enter {beta.name}: it needs a "
                                 f"Marine entry hex (§Q-2-b)")
    _family_jewels(r, fj, mix, alpha)
    _campaign(r, campaign, mix, _great_migration(r, gm, mix, beta))


# -- Scenario 1 ------------------------------------------------------------------------------------

FJ_KEYS = ("title", "map", "high_queen_nest", "queen_in_rolled_nest", "queen_in_other_nest",
           "high_queen_jewels", "jewels_per_location", "tunnel_exits_at_start", "marines",
           "marine_area", "default_deployment", "scientist", "recovery_vehicles",
           "rv_return_turns", "rv_exit_mp", "child_queen_joins", "instant_victory_jewels",
           "levels", "level_order", "marine_losses_reduce")


def _family_jewels(r: FileReader, t: dict[str, Any], mix: CounterMix, alpha: MapData) -> None:
    """The Family Jewels (§Q-1): Mapzone Alpha, the Queens in their Nests, the Jewels, the
    Marines in New Lancaster, the RVs on the turn track, the victory levels (by Jewels)."""
    p: Path_ = ("family_jewels",)
    r.only_keys(t, FJ_KEYS, p)
    r.text(t, "title", p)
    r.choice(t, "map", p, ("alpha",), "map (The Family Jewels is played on Mapzone Alpha)")
    _nest_rows(r, t, p, alpha)
    queens = mix.queens
    rolled = r.choice(t, "queen_in_rolled_nest", p, queens, "Queen")
    other = r.choice(t, "queen_in_other_nest", p, queens, "Queen")
    if rolled == other:
        r.fail(p + ("queen_in_other_nest",), f"the other Nest's Queen must not be {rolled!r} too")
    r.choice(t, "child_queen_joins", p, queens, "Queen")
    in_nest = r.integer(t, "high_queen_jewels", p, 0, mix.jewels)
    each = r.integer(t, "jewels_per_location", p, 0, mix.jewels)
    placed = in_nest + each * len(alpha.crown_jewel_locations)
    if placed != mix.jewels:
        r.fail(p + ("jewels_per_location",),
               f"the set-up places {placed} Crown Jewels ({in_nest} in the Nest, {each} in each "
               f"of {len(alpha.crown_jewel_locations)} hexes); the counter mix has {mix.jewels}")
    r.integer(t, "tunnel_exits_at_start", p, 0, len(alpha.tunnel_exits))
    marines = _marine_counts(r, t, p, mix)
    _new_lancaster(r, t, p, mix, alpha, sum(marines.values()))
    _recovery_vehicles(r, t, p, mix)
    r.integer(t, "instant_victory_jewels", p, 1, max(mix.jewels, 1))
    levels = _levels(r, t, p, "jewels", 0, mix.jewels)
    order = r.listed(t, "level_order", p, "a list of the levels, worst first")
    if sorted(map(str, order)) != sorted(levels) or len(order) != len(levels):
        r.fail(p + ("level_order",), f"must list each level once: {', '.join(levels)}")
    cut = r.section(t, "marine_losses_reduce", p)
    r.only_keys(cut, ("more_than", "by"), p + ("marine_losses_reduce",))
    r.integer(cut, "more_than", p + ("marine_losses_reduce",), 0, 100)
    r.integer(cut, "by", p + ("marine_losses_reduce",), 0, max(len(levels) - 1, 0))


def _nest_rows(r: FileReader, t: dict[str, Any], p: Path_, alpha: MapData) -> None:
    """The die that places the High Queen (§Q-1-a): rows {at_most, nest} covering 1-6."""
    last = 0
    for i, row in enumerate(r.listed(t, "high_queen_nest", p, "a list of {at_most, nest} rows")):
        where = p + ("high_queen_nest", i)
        row = r.mapping(row, where, "a mapping: at_most, nest")
        r.only_keys(row, ("at_most", "nest"), where)
        at_most = r.integer(row, "at_most", where, 1, DIE)
        nest = r.integer(row, "nest", where)
        if nest not in alpha.nests:
            r.fail(where + ("nest",), f"no Nest {nest} on {alpha.name}")
        if at_most <= last:
            r.fail(where + ("at_most",), f"each row must reach a higher roll than the one "
                                         f"before ({last})")
        last = max(last, at_most)
    if last != DIE:
        r.fail(p + ("high_queen_nest",), "the rows must cover every roll up to 6")


def _marine_counts(r: FileReader, t: dict[str, Any], p: Path_, mix: CounterMix) -> dict[str, int]:
    """How many Marines of each type the scenario sets up: no more than the counters."""
    out = {}
    for mtype, n in r.section(t, "marines", p, "a mapping of Marine types to counts").items():
        where = p + ("marines", mtype)
        if mtype not in mix.marine_ids:
            r.one_of(mtype, where, mix.marine_ids, "Marine type")
            continue
        out[mtype] = r.whole(n, where, 0, len(mix.marine_ids[mtype]))
    return out


def _new_lancaster(r: FileReader, t: dict[str, Any], p: Path_, mix: CounterMix,
                   alpha: MapData, marines: int) -> None:
    """The Marines' city (§Q-1-b): its hexes hold every Marine set up, outside the NAT
    Infestation hexes; the default deployment names Marines and hexes; the Scientist starts
    in a landmark."""
    area = r.choice(t, "marine_area", p, list(alpha.city_limits) or ["(no city on the map)"],
                    "city")
    sci = r.section(t, "scientist", p)
    r.only_keys(sci, ("unit", "landmark"), p + ("scientist",))
    scientist = r.choice(sci, "unit", p + ("scientist",), mix.marine_ids.get("mad_scientist", []),
                         "M.A.D. Scientist counter")
    landmark = r.choice(sci, "landmark", p + ("scientist",), list(alpha.landmarks),
                        "landmark")
    taken = {alpha.landmarks.get(landmark)} if scientist else set()
    room = set(alpha.city_limits.get(area, ())) - nat_infestation(alpha) - taken
    if area in alpha.city_limits and len(room) < marines:
        r.fail(p + ("marine_area",), f"{area} has {len(room)} hexes a Marine may set up in, "
                                     f"for {marines} Marines")
    ids = mix.all_marine_ids()
    for uid, lab in r.section(t, "default_deployment", p, required=False).items():
        where = p + ("default_deployment", uid)
        r.one_of(uid, where, ids, "Marine counter")
        if isinstance(lab, bool) or not isinstance(lab, (int, str)) or (
                label_of(lab) not in alpha.cells):
            r.fail(where, f"hex {lab!r} is not on {alpha.name}")


def _recovery_vehicles(r: FileReader, t: dict[str, Any], p: Path_, mix: CounterMix) -> None:
    """The RVs' turns of arrival (§Q-1-b), their return and the MP to leave the map (§Q-1-c)."""
    rvs = mix.marine_ids.get("recovery_vehicle", [])
    for uid, turn in r.section(t, "recovery_vehicles", p).items():
        where = p + ("recovery_vehicles", uid)
        r.one_of(uid, where, rvs, "Recovery Vehicle")
        r.whole(turn, where, 1, max(mix.chits, 1))
    r.integer(t, "rv_return_turns", p, 0, max(mix.chits, 1))
    r.integer(t, "rv_exit_mp", p, 0, 12)


def _levels(r: FileReader, t: dict[str, Any], p: Path_, key: str, low: int, high: int
            ) -> list[str]:
    """A victory table: rows {<key>, level}, best first, thresholds falling, the last one at
    ``low`` or below so that every result has a level. Returns the level names."""
    names: list[str] = []
    last = None
    rows = r.listed(t, "levels", p, f"a list of {{{key}, level}} rows, best first")
    for i, row in enumerate(rows):
        where = p + ("levels", i)
        row = r.mapping(row, where, f"a mapping: {key}, level")
        r.only_keys(row, (key, "level"), where)
        at = r.integer(row, key, where, -VP_LIMIT, max(high, -VP_LIMIT))
        name = r.text(row, "level", where)
        if name in names:
            r.fail(where + ("level",), f"level {name!r} is listed twice")
        names.append(name)
        if last is not None and at >= last:
            r.fail(where + (key,), f"{at}: the thresholds must fall row by row (the row before "
                                   f"is {last})")
        last = at
    if last is None or last > low:
        r.fail(p + ("levels",), f"the last row must be for {low} {key} or less, so that every "
                                f"result has a level")
    return names


# -- Scenario 2 and the Campaign -------------------------------------------------------------------

GM_KEYS = ("title", "map", "soldiers_at_start", "marines", "marines_enter_turn", "hordes", "vp",
           "levels")


def _great_migration(r: FileReader, t: dict[str, Any], mix: CounterMix, beta: MapData) -> int:
    """The Great Migration (§Q-2): Mapzone Beta, the Soldiers on the Entry hexes, the Hordes,
    the Victory Points and their levels. Returns the lowest VP a battle can end with."""
    p: Path_ = ("great_migration",)
    r.only_keys(t, GM_KEYS, p)
    r.text(t, "title", p)
    r.choice(t, "map", p, ("beta",), "map (The Great Migration is played on Mapzone Beta)")
    soldiers = sum(n for kind, n in mix.vermites.values() if kind == "soldier")
    r.integer(t, "soldiers_at_start", p, 0, min(len(beta.vermite_entry_hexes), soldiers))
    _marine_counts(r, t, p, mix)
    r.integer(t, "marines_enter_turn", p, 1, max(mix.chits, 1))
    _hordes(r, r.section(t, "hordes", p), p + ("hordes",), mix)
    vp = r.section(t, "vp", p)
    r.only_keys(vp, ("eliminated_vermite", "marine_lost", "escaped"), p + ("vp",))
    per_kill = r.integer(vp, "eliminated_vermite", p + ("vp",), -VP_LIMIT, VP_LIMIT)
    per_loss = r.integer(vp, "marine_lost", p + ("vp",), -VP_LIMIT, VP_LIMIT)
    escaped = r.section(vp, "escaped", p + ("vp",), "a mapping of Vermite types to VP")
    lowest = min(0, per_kill) * sum(n for _, n in mix.vermites.values())
    lowest += min(0, per_loss) * len(mix.all_marine_ids())
    for vtype, value in escaped.items():
        where = p + ("vp", "escaped", vtype)
        r.one_of(vtype, where, mix.vermites, "Vermite type")
        lowest += min(0, r.whole(value, where, -VP_LIMIT, VP_LIMIT)) * mix.vermites.get(
            vtype, ("", 0))[1]
    _levels(r, t, p, "at_least", lowest, VP_LIMIT)
    return lowest


def _hordes(r: FileReader, hordes: dict[str, Any], p: Path_, mix: CounterMix) -> None:
    """The Vermite Hordes (§Q-2-c): the Queens' turn, a row for every die face naming Entry
    hexes 1-6, and the faces that bring an extra Vermite."""
    r.only_keys(hordes, ("queens_turn", "rows", "extra_on"), p)
    r.integer(hordes, "queens_turn", p, 1, max(mix.chits, 1))
    faces: list[int] = []
    for i, row in enumerate(r.listed(hordes, "rows", p, "a list of {rolls, entry_hexes} rows")):
        where = p + ("rows", i)
        row = r.mapping(row, where, "a mapping: rolls, entry_hexes")
        r.only_keys(row, ("rolls", "entry_hexes"), where)
        for j, face in enumerate(r.listed(row, "rolls", where, "a list of die faces")):
            face = r.whole(face, where + ("rolls", j), 1, DIE)
            if face in faces:
                r.fail(where + ("rolls", j), f"the roll {face} has two rows")
            faces.append(face)
        for j, number in enumerate(r.listed(row, "entry_hexes", where, "a list of Entry hexes")):
            r.whole(number, where + ("entry_hexes", j), 1, DIE)
    missing = sorted(set(range(1, DIE + 1)) - set(faces))
    if missing:
        r.fail(p + ("rows",), f"no row for the roll(s) {missing}: every face 1-6 needs one")
    for j, face in enumerate(r.listed(hordes, "extra_on", p, "a list of die faces")):
        r.whole(face, p + ("extra_on", j), 1, DIE)


def _campaign(r: FileReader, t: dict[str, Any], mix: CounterMix, lowest_gm: int) -> None:
    """The Campaign (§Q-3): VP for battle 1, the order the Queens take the Jewels left, the
    levels for the two battles' VP together."""
    p: Path_ = ("campaign",)
    r.only_keys(t, ("title", "jewel_exited_vp", "marine_lost_vp", "queen_jewel_order",
                    "levels"), p)
    r.text(t, "title", p)
    per_jewel = r.integer(t, "jewel_exited_vp", p, -VP_LIMIT, VP_LIMIT)
    per_loss = r.integer(t, "marine_lost_vp", p, -VP_LIMIT, VP_LIMIT)
    order = r.listed(t, "queen_jewel_order", p, "a list of Queens")
    if not order:
        r.fail(p + ("queen_jewel_order",), "must name at least one Queen")
    for i, queen in enumerate(order):
        r.one_of(queen, p + ("queen_jewel_order", i), mix.queens, "Queen")
    lowest = (min(0, per_jewel) * mix.jewels + min(0, per_loss) * len(mix.all_marine_ids())
              + lowest_gm)
    _levels(r, t, p, "at_least", lowest, VP_LIMIT)


def nat_infestation(mdata: MapData) -> set[str]:
    """The NAT Infestation hexes: each Nest and its Clear neighbours (§P-2-j), as ``SVMap``
    builds them, by label."""
    axial = {lab: offset_to_axial(c, row, mdata.layout) for lab, (c, row) in mdata.cells.items()}
    by_hex = {h: lab for lab, h in axial.items()}
    out = set()
    for nest in mdata.nests.values():
        if nest not in axial:
            continue
        q, r0 = axial[nest]
        around = [by_hex.get(Hex(q + d.q, r0 + d.r)) for d in DIRECTIONS.values()]
        for lab in (nest, *around):
            if lab is not None and mdata.terrain.get(lab, "clear") in ("clear", "nest"):
                out.add(lab)
    return out

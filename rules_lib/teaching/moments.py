""""Show me this rule in action": find moments of seeded games where a rule applies.

:func:`find_moments` plays seeded games in a fixed order and looks at every event for the rule asked
(a catalogue ID such as ``GIN-OVRN-01``, a reference entry key, or a citation text). Games are
played on any executor of :mod:`rules_lib.executors` (here, local processes, a Dask cluster); each
game depends only on its design and seed, and the moments kept are the first ``n`` *in the search
order*, so the result is identical whichever executor plays them.

The search order walks a *plan*: designs (scenario, policies, rule variants) in rounds, one seed a
round per design. The plan comes from the rule's reference entry: its scenarios, and the variants
that change it (a variant's reading can make a rare rule common: under the default reading of
GIN-AMB-08 an intact Fort is never overrun, under ``overrun_ignores_fort_boxes`` it can be), plus
the hints an entry gives for rare rules. The result says which designs were used.

A search stops when ``n`` moments are found, when ``n_games`` games have been searched, or when
``budget`` seconds have passed; it never raises for a rule it cannot find: the :class:`FindResult`
says what was searched and why it stopped. Every game searched is remembered (which rules it
applies, and where first), so a second request -- for the same rule or another -- is answered
from memory where the games already searched suffice.

A :class:`Moment` is plain data (design, seed, event index, the event, a summary of the position);
``moment.game_at(before=3)`` rebuilds the game three events before it, and stepping that game on
plays the moment exactly as it was found.
"""
from __future__ import annotations

import functools
import itertools
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_lib.core.engine import Event, Game
from rules_lib.executors import get_executor
from rules_lib.registry import get_game
from rules_lib.teaching.reference import CATALOGUE_ID, RuleEntry, moments_in_log, rule_reference

DEFAULT_GAMES = 1000  # games searched at most unless the call (or the rule's entry) says otherwise
MAX_GAMES = 1_000_000
MAX_BLOCK = 8  # games per task at most: the first answer comes quick, and a search that is
# settled waits for at most one block per worker to finish
SCAN_CACHE_SIZE = 4000  # games remembered per process (a few kB each)
RESULT_CACHE_SIZE = 256


# --------------------------------------------------------------------------------------------------
# Designs and plans
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SearchDesign:
    """One way of playing the games searched: scenario, policies by name, rule variants."""

    scenario: str
    policies: tuple[tuple[str, str], ...] = ()
    variants: tuple[str, ...] = ()

    def new_game(self, game: str, seed: int, *, keep_log: bool = True) -> Game:
        return get_game(game).new_game(self.scenario, seed=seed, variants=list(self.variants),
                                       policies=dict(self.policies), keep_log=keep_log)

    @property
    def label(self) -> str:
        """'standard; Swarm=random, Human=random; variants: x' (the game's defaults unsaid)."""
        parts = [self.scenario]
        if self.policies:
            parts.append(", ".join(f"{p}={n}" for p, n in self.policies))
        if self.variants:
            parts.append("variants: " + ", ".join(self.variants))
        return "; ".join(parts)

    def as_dict(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "policies": dict(self.policies),
                "variants": list(self.variants)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SearchDesign:
        return cls(data["scenario"], tuple(sorted(dict(data.get("policies") or {}).items())),
                   tuple(data.get("variants") or ()))


def search_plan(game: str, entry: RuleEntry | None = None, *,
                scenarios: Sequence[str] | None = None,
                policies: Sequence[Mapping[str, str]] | None = None,
                variants: Sequence[Sequence[str]] | None = None) -> list[SearchDesign]:
    """The designs searched for a rule: given ones, else the entry's hints, else every scenario
    with the game's default policies and with random play, each without variants and with each
    variant that changes the rule."""
    module = get_game(game)
    hints: Mapping[str, Any] = entry.search if entry is not None else {}
    scenarios = list(scenarios or hints.get("scenarios") or module.scenarios)
    if policies is None:
        policies = hints.get("policies")
    if policies is None:
        policies = [{}]
        if "random" in module.policies:
            policies.append({p: "random" for p in module.players})
    policies = [{} if p in ("default", None) else dict(p) for p in policies]
    if variants is None:
        variants = hints.get("variants")
    if variants is None:
        variants = [()] + [(v,) for v in (entry.variants if entry is not None else ())]
    bad = [s for s in scenarios if s not in module.scenarios]
    if bad:
        raise ValueError(f"{game}: unknown scenario {bad[0]!r}; scenarios: "
                         f"{', '.join(module.scenarios)}")
    designs = []
    for sc, pol, vs in itertools.product(scenarios, policies, variants):
        module.make_policies(pol)  # a bad player or policy name fails here, not in a worker
        designs.append(SearchDesign(sc, tuple(sorted(pol.items())),
                                    tuple(module.choose_variants(list(vs)))))
    return list(dict.fromkeys(designs))


# --------------------------------------------------------------------------------------------------
# Derived moments: what no single event names, found from the log and the game's data
# --------------------------------------------------------------------------------------------------


def _fence_opens(log: Sequence[Event], data: Any) -> int | None:
    """Ginormopod: the Fort destroyed that opens the Fusion Fence (GIN-FENCE-02 with GIN-AMB-14's
    default reading: two Fence Forts joined by a road, both destroyed). No event says 'the Fence
    opens'; the Fort's Destroyed event is the moment."""
    fence = {c for c, f in data.forts.items() if f.fence}
    down: set[str] = set()
    for e in log:
        if e.kind == "fort" and e.data.get("destroyed") and e.data.get("fort") in fence:
            city = e.data["fort"]
            down.add(city)
            if any(nb in down for nb in data.adjacency[city] if nb in fence):
                return e.index
    return None


def _fence_crossed(log: Sequence[Event], data: Any) -> int | None:
    """Ginormopod: the first Swarm unit to move east through an opened Fusion Fence."""
    for e in log:
        if e.kind == "move" and "from" in e.data and "to" in e.data:
            a, b = data.cities.get(e.data["from"]), data.cities.get(e.data["to"])
            kind = data.types.get(str(e.data.get("unit", "")).split(" ")[0])
            if a is not None and b is not None and a.zone == "fence" and b.zone == "east" \
                    and kind is not None and kind.side == "Swarm":
                return e.index
    return None


DETECTORS: dict[str, dict[str, Callable[[Sequence[Event], Any], int | None]]] = {
    "ginormopod": {"fence_opens": _fence_opens, "fence_crossed": _fence_crossed},
}


# --------------------------------------------------------------------------------------------------
# What is looked for
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """What a search matches: catalogue IDs in ``Event.ids``, citation texts in ``Event.rule``
    (for events that name no ID), or a derived moment."""

    game: str
    key: str
    ids: tuple[str, ...] = ()
    citations: tuple[str, ...] = ()
    detector: str | None = None
    entry: RuleEntry | None = None

    @property
    def scan_keys(self) -> tuple[str, ...]:
        return (tuple(f"id:{i}" for i in self.ids) + tuple(f"rule:{c}" for c in self.citations)
                + ((f"detector:{self.detector}",) if self.detector else ()))

    def first_in(self, first: Mapping[str, int]) -> int | None:
        """The first event of a scanned game that applies the target (None: none does)."""
        found = [first[k] for k in self.scan_keys if k in first]
        return min(found) if found else None


def resolve(game: str, rule: str) -> Target:
    """The target for a catalogue ID, a reference entry key or a citation text."""
    ref = rule_reference(game)
    entry = ref.get(rule)
    if entry is not None:
        cites = tuple(c for c, keys in ref.citations.items() if entry.key in keys)
        ids = entry.ids if rule == entry.key else (rule,)
        return Target(game, entry.key if rule == entry.key else rule, ids, cites,
                      entry.search.get("detector"), entry)
    if CATALOGUE_ID.match(rule):
        return Target(game, rule, (rule,))
    if ref.for_citation(rule) or any(rule == c for c in ref.citations):
        return Target(game, rule, (), (rule,))
    near = [e.key for e in ref.search(rule, limit=5)]
    raise KeyError(f"{game}: {rule!r} is neither a catalogue ID, a rule reference entry nor a "
                   f"citation" + (f"; did you mean {', '.join(near)}?" if near else ""))


# --------------------------------------------------------------------------------------------------
# Scanning games (runs in any process)
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameScan:
    """What one searched game applies: for each catalogue ID (``id:``), citation (``rule:``) and
    derived moment (``detector:``), the index of the first event that applies it."""

    design: SearchDesign
    seed: int
    events: int
    first: Mapping[str, int]
    complete: bool = True  # False: stopped at the first event of the rule looked for


@dataclass(frozen=True)
class ScanTask:
    """A block of games to scan: (order, design, seed) each."""

    game: str
    games: tuple[tuple[int, SearchDesign, int], ...]


def scan_game(game: str, design: SearchDesign, seed: int,
              until: Target | None = None) -> GameScan:
    """Play one game with its log and note where each rule first applies. With ``until`` (a
    target that names IDs or citations, not a derived moment) the game stops at the first event
    that applies it: a partial scan (``complete`` False), where a common rule is found in a few
    events of a long game."""
    module = get_game(game)
    g = design.new_game(game, seed, keep_log=True)
    first: dict[str, int] = {}

    def note(e: Event) -> None:
        first.setdefault(f"rule:{e.rule}", e.index)
        for i in e.ids:
            first.setdefault(f"id:{i}", e.index)

    if until is not None and until.detector is None:
        ids, cites = set(until.ids), set(until.citations)
        for e in g.log:
            note(e)
        if until.first_in(first) is not None:
            return GameScan(design, seed, g.events_seen, first, complete=False)
        for _ in range(module.max_events):
            e = g.step_event()
            if e is None:
                break
            note(e)
            if e.rule in cites or not ids.isdisjoint(e.ids):
                return GameScan(design, seed, g.events_seen, first, complete=False)
    else:
        g.run_to_end(max_events=module.max_events)
    for e in g.log:
        note(e)
    detectors = DETECTORS.get(game)
    if detectors:
        data = module.game_data(None, list(design.variants))
        for name, detect in detectors.items():
            at = detect(g.log, data)
            if at is not None:
                first[f"detector:{name}"] = at
    return GameScan(design, seed, g.events_seen, first)


def scan_block(task: ScanTask, on_game: Callable[[], None] | None = None
               ) -> list[tuple[int, GameScan]]:
    """Scan a block of games; (order, scan) pairs."""
    out = []
    for order, design, seed in task.games:
        out.append((order, scan_game(task.game, design, seed)))
        if on_game is not None:
            on_game()
    return out


# --------------------------------------------------------------------------------------------------
# Moments and results
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """A replayable moment: the game (design and seed) and the index of the event that applies
    the rule, with that event and a summary of the position just before it."""

    game: str
    rule: str
    design: SearchDesign
    seed: int
    index: int
    event: Mapping[str, Any]  # the event as a log row, plus its data
    position: Mapping[str, Any]  # turn, phase, step, the game's summary, the events just before

    @property
    def scenario(self) -> str:
        return self.design.scenario

    @property
    def variants(self) -> tuple[str, ...]:
        return self.design.variants

    @property
    def policies(self) -> dict[str, str]:
        return dict(self.design.policies)

    def game_at(self, before: int = 3, *, keep_log: bool = True) -> Game:
        """The game rebuilt ``before`` events before the moment; step it on to play the moment
        (the same dice and choices: nothing is answered from outside)."""
        g = self.design.new_game(self.game, self.seed, keep_log=keep_log)
        step_to(g, max(0, self.index - max(0, before)))
        return g

    def applying(self, log: Sequence[Event]) -> list[int]:
        """The events of a log of this game that apply the rule, the moment's own included (what
        a stepper highlights; a derived moment, such as the Fence opening, is its own event)."""
        found = set(moments_in_log(log, self.rule, rule_reference(self.game)))
        if any(e.index == self.index for e in log):
            found.add(self.index)
        return sorted(found)

    def highlights(self) -> tuple[int, ...]:
        """Every event of the moment's game that applies the rule (what a stepper highlights):
        the game replayed once to its end, the answer remembered."""
        return _highlights(self.game, self.rule, self.design, self.seed, self.index)

    def as_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (``Moment.from_dict`` reads it back)."""
        return {"game": self.game, "rule": self.rule, "design": self.design.as_dict(),
                "seed": self.seed, "index": self.index, "event": dict(self.event),
                "position": dict(self.position)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Moment:
        return cls(data["game"], data["rule"], SearchDesign.from_dict(data["design"]),
                   int(data["seed"]), int(data["index"]), dict(data["event"]),
                   dict(data["position"]))

    def __str__(self) -> str:
        p = self.position
        return (f"{self.game} seed {self.seed} ({self.design.label}), event {self.index}, turn "
                f"{p.get('turn')} {p.get('phase')}: {self.event.get('message', '')}")


@functools.lru_cache(maxsize=RESULT_CACHE_SIZE)
def _highlights(game: str, rule: str, design: SearchDesign, seed: int, index: int
                ) -> tuple[int, ...]:
    g = design.new_game(game, seed, keep_log=True)
    g.run_to_end(max_events=get_game(game).max_events)
    found = set(moments_in_log(g.log, rule, rule_reference(game)))
    found.add(index)
    return tuple(sorted(found))


def step_to(game: Game, n_events: int) -> Game:
    """Step a game until ``n_events`` events have happened (or it ends)."""
    while game.events_seen < n_events:
        if game.step_event() is None:
            break
    return game


def build_moment(game: str, rule: str, design: SearchDesign, seed: int, index: int,
                 recent: int = 3) -> Moment:
    """The moment at event ``index`` of a game: its event and the position just before it."""
    module = get_game(game)
    g = design.new_game(game, seed, keep_log=True)
    step_to(g, index)
    state = g.state
    position: dict[str, Any] = {"turn": state.turn, "phase": state.phase, "step": state.step,
                                "events": g.events_seen,
                                "recent": [e.message for e in g.log[-recent:]] if recent else []}
    position["summary"] = _plain(module.summary(state))
    event = g.step_event()
    if event is None or event.index != index:
        raise RuntimeError(f"{game} seed {seed} ({design.label}): event {index} did not replay "
                           "(the game is not deterministic?)")
    row = event.as_row()
    row["data"] = _plain(event.data)
    row["ids"] = list(event.ids)
    return Moment(game, rule, design, seed, index, row, position)


def _plain(value: Any) -> Any:
    """JSON-ready data (anything else as its text)."""
    return json.loads(json.dumps(value, default=str))


@dataclass
class FindResult:
    """What a search for a rule's moments came to (never an exception for a rule not found)."""

    game: str
    rule: str
    moments: list[Moment]
    wanted: int
    games_searched: int  # games in the search order up to the last moment kept (or all searched)
    n_games: int  # the budget in games
    designs: list[SearchDesign]
    stopped: str  # "found", "games" (n_games spent), "time" (budget spent), "cancelled" or
    # "not in log" (no event cites the rule: its note says how the engine applies it)
    seconds: float
    budget: float | None = None
    cached: bool = False
    note: str = ""

    @property
    def found(self) -> bool:
        return bool(self.moments)

    def __bool__(self) -> bool:
        return self.found

    @property
    def first(self) -> Moment | None:
        return self.moments[0] if self.moments else None

    @property
    def designs_used(self) -> list[str]:
        """The designs the moments found came from (all those searched if none was found)."""
        if self.moments:
            return list(dict.fromkeys(m.design.label for m in self.moments))
        return [d.label for d in self.designs]

    @property
    def message(self) -> str:
        what = f"{self.game} {self.rule}"
        if self.stopped == "not in log":
            return f"{what}: no event of the log cites it. {self.note}".strip()
        plan = "; ".join(f"[{d.label}]" for d in self.designs)
        if self.moments:
            seeds = ", ".join(f"seed {m.seed} [{m.design.label}] event {m.index}"
                              for m in self.moments)
            why = {"time": "the time budget ran out", "cancelled": "the search was cancelled"}.get(
                self.stopped, "the games budget ran out")
            more = "" if len(self.moments) >= self.wanted else f" (of {self.wanted} asked: {why})"
            return (f"{what}: {len(self.moments)} moment(s) in the first {self.games_searched} "
                    f"game(s) searched{more}: {seeds}. Designs searched in turn: {plan}")
        if self.stopped == "time":
            spent = (f"the time budget of {self.budget:g} s ran out after {self.games_searched} "
                     "game(s)")
        elif self.stopped == "cancelled":
            spent = f"the search was cancelled after {self.games_searched} game(s)"
        else:
            spent = f"no game of the {self.games_searched} searched (the budget) applies it"
        return f"{what}: not found - {spent}. Designs searched in turn: {plan}"

    def __str__(self) -> str:
        return self.message

    def to_frame(self):
        """The moments as a DataFrame: seed, scenario, variants, policies, event, turn, message."""
        import pandas as pd

        return pd.DataFrame([{"seed": m.seed, "scenario": m.scenario,
                              "variants": " ".join(m.variants),
                              "policies": ", ".join(f"{k}={v}" for k, v in m.design.policies),
                              "event": m.index, "turn": m.position.get("turn"),
                              "phase": m.position.get("phase"),
                              "message": m.event.get("message")} for m in self.moments],
                            columns=["seed", "scenario", "variants", "policies", "event", "turn",
                                     "phase", "message"])


# --------------------------------------------------------------------------------------------------
# The search
# --------------------------------------------------------------------------------------------------

_LOCK = threading.Lock()
_SCANS: OrderedDict[tuple[str, SearchDesign, int], GameScan] = OrderedDict()
_RESULTS: OrderedDict[tuple[Any, ...], FindResult] = OrderedDict()


def clear_cache() -> None:
    """Forget every game searched and every result (for tests and benchmarks)."""
    with _LOCK:
        _SCANS.clear()
        _RESULTS.clear()
    _highlights.cache_clear()


def _remember(game: str, scan: GameScan) -> None:
    """Keep a scan; a partial one (stopped at a rule) knows the rules that came before the stop
    and never replaces a scan that went further."""
    with _LOCK:
        key = (game, scan.design, scan.seed)
        known = _SCANS.get(key)
        if known is not None and (known.complete or known.events >= scan.events) \
                and not scan.complete:
            _SCANS.move_to_end(key)
            return
        _SCANS[key] = scan
        _SCANS.move_to_end(key)
        while len(_SCANS) > SCAN_CACHE_SIZE:
            _SCANS.popitem(last=False)


def _recalled(game: str, design: SearchDesign, seed: int) -> GameScan | None:
    with _LOCK:
        return _SCANS.get((game, design, seed))


def search_order(designs: Sequence[SearchDesign], seed: int, n_games: int
                 ) -> list[tuple[int, SearchDesign, int]]:
    """Game k of the search is design k mod D with seed ``seed + k // D``."""
    d = len(designs)
    return [(k, designs[k % d], seed + k // d) for k in range(n_games)]


def _blocks(order: Sequence[tuple[int, SearchDesign, int]], workers: int
            ) -> list[tuple[tuple[int, SearchDesign, int], ...]]:
    """Blocks growing 1, 1, 2, 2, 4, 4 ... up to MAX_BLOCK games: the first answer comes fast and
    a long search is not cut into thousands of tasks."""
    out, i, size, n = [], 0, 1, 0
    while i < len(order):
        out.append(tuple(order[i:i + size]))
        i += size
        n += 1
        if n % max(2, workers) == 0:
            size = min(MAX_BLOCK, size * 2)
    return out


def find_moments(game: str, rule: str, n: int = 1, *, n_games: int | None = None,
                 seed: int = 0, executor: Any = None, budget: float | None = None,
                 scenarios: Sequence[str] | None = None,
                 policies: Sequence[Mapping[str, str]] | None = None,
                 variants: Sequence[Sequence[str]] | None = None, recent: int = 3,
                 progress: Callable[[int, int], None] | None = None,
                 cancel: Any = None, use_cache: bool = True) -> FindResult:
    """Search seeded games for events that apply ``rule``; up to ``n`` moments, one per game.
    (One piece: the search's stages in order — memory, the first game played here, then blocks of
    games on the executor — each a few lines sharing the same running result.)

    ``rule``: a catalogue ID (``"GIN-OVRN-01"``), a rule reference key or a citation text.
    ``n_games``: the most games searched (default: the entry's hint, else DEFAULT_GAMES);
    ``budget``: the most seconds spent (None: no limit; the moments found are the same either
    way, only how far the search gets depends on it). ``scenarios``, ``policies`` (a list of
    {player: policy name}) and ``variants`` (a list of variant sets) replace the plan's designs.
    ``executor``: None (here), "processes[:N]", "dask[:N]", an address or an Executor.
    ``progress(done, total)`` is called as games finish; ``cancel`` (anything with
    ``is_set()``, such as a ``threading.Event``) stops the search between blocks of games, with
    what was found so far (``stopped == "cancelled"``). A widget running the search in a thread
    passes both, and a time ``budget``.
    """
    start = time.perf_counter()
    if n < 1:
        raise ValueError(f"n = {n}: ask for at least one moment")
    target = resolve(game, rule)
    entry = target.entry
    designs = search_plan(game, entry, scenarios=scenarios, policies=policies,
                          variants=variants)
    if n_games is None:
        n_games = int(entry.search.get("games", DEFAULT_GAMES)) if entry else DEFAULT_GAMES
    if not 1 <= n_games <= MAX_GAMES:
        raise ValueError(f"n_games = {n_games}: give 1 to {MAX_GAMES:,} games")
    memo = (game, target.key, n, n_games, seed, tuple(designs), budget, recent)
    if use_cache:
        with _LOCK:
            hit = _RESULTS.get(memo)
        if hit is not None:
            return _copy_result(hit, time.perf_counter() - start)
    if entry is not None and not entry.in_log and not target.detector and target.key == entry.key:
        result = FindResult(game, target.key, [], n, 0, n_games, designs, "not in log",
                            time.perf_counter() - start, budget, note=entry.note)
        _memo(memo, result)
        return result

    order = search_order(designs, seed, n_games)
    found: dict[int, int] = {}  # order -> event index, for scanned games that apply the rule
    scanned: dict[int, GameScan] = {}
    if use_cache:
        for k, design, s in order:
            scan = _recalled(game, design, s)
            if scan is None:
                break  # the cache is used for a prefix of the order only
            at = target.first_in(scan.first)
            if at is None and not scan.complete:
                break  # a partial scan does not know what came after its stop
            scanned[k] = scan
            if at is not None:
                found[k] = at
                if len(found) >= n:
                    break
    if order and 0 not in scanned:
        # the first game of the order is played here, stopping at the rule where it can: a
        # common rule is answered without starting any worker, a rare one costs one game more
        scan = scan_game(game, order[0][1], order[0][2], until=target)
        scanned[0] = scan
        _remember(game, scan)
        at = target.first_in(scan.first)
        if at is not None:
            found[0] = at
        if progress is not None:
            progress(1, len(order))
    stopped = _search(game, target, order, scanned, found, n, executor, budget, start, progress,
                      cancel)
    kept = sorted(found)[:n]
    moments = [build_moment(game, target.key, order[k][1], order[k][2], found[k], recent)
               for k in kept]
    searched = (kept[-1] + 1) if len(kept) >= n else _prefix(scanned)
    result = FindResult(game, target.key, moments, n, searched, n_games, designs, stopped,
                        time.perf_counter() - start, budget)
    if stopped not in ("time", "cancelled"):  # a search cut short may go further next time
        _memo(memo, result)
    return result


def _prefix(scanned: Mapping[int, Any]) -> int:
    """How many games of the order are scanned without a gap from the first."""
    k = 0
    while k in scanned:
        k += 1
    return k


def _search(game: str, target: Target, order: Sequence[tuple[int, SearchDesign, int]],
            scanned: dict[int, GameScan], found: dict[int, int], n: int, executor: Any,
            budget: float | None, start: float,
            progress: Callable[[int, int], None] | None, cancel: Any = None) -> str:
    """Scan games of the order not yet scanned until the first ``n`` hits of the order are
    certain (every game before the n-th hit scanned), the order is spent, or time is up."""
    def settled() -> bool:
        hits = sorted(found)
        return len(hits) >= n and _prefix(scanned) > hits[n - 1]

    if settled():
        return "found"
    todo = [g for g in order if g[0] not in scanned]
    if not todo:
        return "games"
    ex, owned = get_executor(executor)
    total = len(order)
    stream = ex.map_unordered(scan_block, [ScanTask(game, b) for b in _blocks(todo, ex.workers)])
    try:
        for block in stream:
            for k, scan in block:
                scanned[k] = scan
                _remember(game, scan)
                at = target.first_in(scan.first)
                if at is not None:
                    found[k] = at
            if progress is not None:
                progress(len(scanned), total)
            if settled():
                return "found"
            if budget is not None and time.perf_counter() - start > budget:
                return "time"
            if cancel is not None and cancel.is_set():
                return "cancelled"
    finally:
        stream.close()
        if owned:
            ex.close()
    return "found" if settled() else "games"


def _memo(key: tuple[Any, ...], result: FindResult) -> None:
    with _LOCK:
        _RESULTS[key] = result
        while len(_RESULTS) > RESULT_CACHE_SIZE:
            _RESULTS.popitem(last=False)


def _copy_result(result: FindResult, seconds: float) -> FindResult:
    return FindResult(result.game, result.rule, list(result.moments), result.wanted,
                      result.games_searched, result.n_games, list(result.designs),
                      result.stopped, seconds, result.budget, cached=True, note=result.note)


def rule_frequency(game: str, rules: Iterable[str], n_games: int = 100, *, seed: int = 0,
                   executor: Any = None, designs: Sequence[SearchDesign] | None = None):
    """How often rules apply: for each rule, the share of ``n_games`` games (in the default plan's
    order) with at least one event applying it, and the first game that does (a DataFrame)."""
    import pandas as pd

    designs = list(designs) if designs is not None else search_plan(game)
    targets = [resolve(game, r) for r in rules]
    order = search_order(designs, seed, n_games)
    scanned: dict[int, GameScan] = {}
    for k, design, s in order:
        scan = _recalled(game, design, s)
        if scan is not None and scan.complete:
            scanned[k] = scan
    todo = [g for g in order if g[0] not in scanned]
    if todo:
        ex, owned = get_executor(executor)
        try:
            for block in ex.map_unordered(scan_block,
                                          [ScanTask(game, b) for b in _blocks(todo, ex.workers)]):
                for k, scan in block:
                    scanned[k] = scan
                    _remember(game, scan)
        finally:
            if owned:
                ex.close()
    rows = []
    for t in targets:
        games = [k for k in sorted(scanned) if t.first_in(scanned[k].first) is not None]
        rows.append({"rule": t.key, "games": len(games), "of": len(scanned),
                     "share": len(games) / max(1, len(scanned)),
                     "first game": games[0] if games else None})
    return pd.DataFrame(rows, columns=["rule", "games", "of", "share", "first game"])


__all__ = ["DETECTORS", "FindResult", "GameScan", "Moment", "SearchDesign", "Target",
           "build_moment", "clear_cache", "find_moments", "resolve", "rule_frequency",
           "scan_block", "scan_game", "search_order", "search_plan", "step_to"]

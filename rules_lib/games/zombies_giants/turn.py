"""The sequence of play: Game Start, then each Survivor's five-step turn, round after round.

The steps live in their own modules: Game Start in ``setup``, Step 1 in ``tiles``, Step 2 and
Step 5 in ``events``, Step 3 in ``move_fight`` (its actions typed in ``actions``), Step 4 in
``zombie_turn``, the ends in ``win``.
"""

from __future__ import annotations

from rules_lib.core.engine import Context, Event, Procedure

from . import events, sizes
from . import provenance as P
from .data import ZData
from .move_fight import move_fight
from .setup import setup
from .state import Survivor, ZState
from .tiles import draw_tile
from .win import check_kills_win
from .zombie_turn import recover, zombie_turn

G = "Zombies!!! Giants-Club"
RULE_TURN = f"{G}: Turn Flow"
RULE_WIN = f"{G}: Win Conditions"
STEP_IDS = {
    "Step 1: Draw tile": ("ZGC-TURN-01", "ZGC-TILE-01"),
    "Step 2: Event card": ("ZGC-TURN-01", "ZGC-EVT-01"),
    "Step 3: Move/Fight": ("ZGC-TURN-01", "ZGC-FIGHT-01"),
    "Step 4: Zombie turn": ("ZGC-TURN-01", "ZGC-ZTURN-01"),
    "Step 5: Discard chance": ("ZGC-TURN-01", "ZGC-DISC-01"),
}
STEP_RULES = {
    "Step 1: Draw tile": f"{G}: Step 1 Draw tile",
    "Step 2: Event card": f"{G}: Step 2 Event Card",
    "Step 3: Move/Fight": f"{G}: Step 3 Move/Fight",
    "Step 4: Zombie turn": f"{G}: Step 4 Zombie turn",
    "Step 5: Discard chance": f"{G}: Step 5 Discard chance",
}


def play(state: ZState, ctx: Context) -> Procedure:
    """The whole game: Game Start, then rounds of Survivor turns until nobody is left in play."""
    data: ZData = ctx.data
    if state.phase == "Set-Up":
        yield from setup(state, ctx)
        state.phase = "Round"
    while state.result is None:
        state.step = ""
        yield Event(f"Round {state.turn}", rule=RULE_TURN, kind="turn", ids=("ZGC-TURN-01",))
        for i, s in enumerate(state.survivors):
            if not s.in_play:
                continue
            state.active = i
            yield from survivor_turn(state, ctx, s)
            if finish_if_over(state):
                yield Event(f"The game ends: {state.result}", rule=RULE_WIN, kind="result",
                            ids=("ZGC-WIN-01", "ZGC-WIN-03"))
                return
        limit = data.rules["game"]["max_turns"]
        if state.turn >= limit:
            state.result = "out of time"
            yield Event(
                f"Round limit {limit} reached: out of time",
                rule=f"{G}: (no time limit in the text; the project's round cap)",
                kind="result",
                data={"values": ["rules:game.max_turns"]},
                assumed=P.ROUND_LIMIT,
            )
            return
        state.turn += 1


def finish_if_over(state: ZState) -> bool:
    """Nobody left in play: the result is how the Survivors ended (escaped / died / 25 kills)."""
    if any(s.in_play for s in state.survivors):
        return False
    words = {"escaped": "escaped", "dead": "died", "survived": "25 kills"}
    outcomes = sorted({words[s.status] for s in state.survivors})
    state.result = (
        outcomes[0]
        if len(outcomes) == 1
        else "mixed: " + ", ".join(f"{s.name} {words[s.status]}" for s in state.survivors)
    )
    return True


def _step(state: ZState, name: str) -> Event:
    state.step = name
    return Event(name, rule=STEP_RULES[name], kind="step", ids=STEP_IDS[name])


def survivor_turn(state: ZState, ctx: Context, s: Survivor) -> Procedure:
    """One player's turn: the five steps in order."""
    state.phase = s.name
    state.step = ""
    state.move_bonus = 0
    state.move_divisor = 1
    state.hand_freed = False
    yield Event(
        f"{s.name}'s turn ({s.size}, {sizes.hearts_text(s.halves)}, {s.reserve} reserve, "
        f"{s.bullets} bullet{'' if s.bullets == 1 else 's'})",
        rule=f"{RULE_TURN} (Steps 1-5)",
        kind="phase",
        ids=("ZGC-TURN-01",),
    )
    yield _step(state, "Step 1: Draw tile")
    yield from draw_tile(state, ctx, s)
    yield _step(state, "Step 2: Event card")
    yield from events.event_step(state, ctx, s)
    yield _step(state, "Step 3: Move/Fight")
    if s.in_play:
        yield from move_fight(state, ctx, s)
    if s.in_play:
        yield _step(state, "Step 4: Zombie turn")
        yield from zombie_turn(state, ctx, s)
    yield _step(state, "Step 5: Discard chance")
    yield from events.discard_step(state, ctx, s)
    healed = recover(state, ctx.data)
    if healed:
        yield Event(
            f"{healed} wounded zombie(s) recover all their HP",
            rule=f"{G}: Zombies and Combat (not defeated by the end of the turn)",
            kind="info",
            ids=("ZGC-ZCOMB-02",),
        )
    if s.in_play:
        s.turns_survived += 1
    yield from check_kills_win(state, ctx)

"""Step 3's actions, typed: what a Survivor may do with its movement, each one a small record.

Like python-chess's ``Move`` and its UCI text, every action prints as the option a player is
offered (``str(Move((10, 11)))`` is ``"move 10,11"``) and ``Action.parse(text)`` gives the same
action back, so the Decision's options stay plain JSON text while the procedure works with typed
values. The wording follows the rulebook's sections: Step 3 Move/Fight (move, stop), Reach & Snipe
Rules (reach, snipe, grab), Giants and Carrying (pick up, set down, move off, stay), Resource Usage
(use a reserve heart, give a counter), Mall Rules (vent), Huge (demolish), the cards (play) and
Craftable Items (craft, drink, ray, treat, recharge).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import ClassVar

Square = tuple[int, int]
_SQ = r"(-?\d+),(-?\d+)"


def _sq(match: re.Match[str], first: int = 1) -> Square:
    return int(match.group(first)), int(match.group(first + 1))


class Action:
    """One Step 3 option. Subclasses give ``PATTERN`` (the text's form) and ``_from(match)``."""

    __slots__ = ()
    PATTERN: ClassVar[re.Pattern[str]]

    @classmethod
    def _from(cls, match: re.Match[str]) -> Action:
        raise NotImplementedError

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action an option's text names (on a subclass: only that kind); ValueError else."""
        action = action_of(text) if isinstance(text, str) else None
        if action is None or not isinstance(action, cls):
            raise ValueError(f"{text!r} is not a Step 3 action"
                             + ("" if cls is Action else f" of the kind {cls.__name__}"))
        return action


# -- Step 3 Move/Fight ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """End the move (the movement left is lost)."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile("stop")

    def __str__(self) -> str:
        return "stop"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Stop:
        return cls()


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Step onto a neighbouring square (a Huge figure: shift its anchor one square)."""

    to: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"move {_SQ}")

    def __str__(self) -> str:
        return f"move {self.to[0]},{self.to[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Move:
        return cls(_sq(match))


# -- Reach & Snipe Rules -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reach(Action):
    """A Giant attacks the zombies on a square within its Reach."""

    at: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"reach {_SQ}")

    def __str__(self) -> str:
        return f"reach {self.at[0]},{self.at[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Reach:
        return cls(_sq(match))


@dataclass(frozen=True, slots=True)
class Snipe(Action):
    """Spend a bullet to attack the zombies on a square from a distance."""

    at: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"snipe {_SQ}")

    def __str__(self) -> str:
        return f"snipe {self.at[0]},{self.at[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Snipe:
        return cls(_sq(match))


@dataclass(frozen=True, slots=True)
class Grab(Action):
    """A Giant grabs the heart and bullet counters on a square within its Reach."""

    at: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"grab {_SQ}")

    def __str__(self) -> str:
        return f"grab {self.at[0]},{self.at[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Grab:
        return cls(_sq(match))


@dataclass(frozen=True, slots=True)
class GrabParts(Action):
    """A Giant reaches into a store for its parts."""

    store: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile("grab parts (.+)")

    def __str__(self) -> str:
        return f"grab parts {self.store}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> GrabParts:
        return cls(match.group(1))


# -- Giants and Carrying -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """A Giant picks up a smaller Survivor within its Reach."""

    name: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile("pick up (.+)")

    def __str__(self) -> str:
        return f"pick up {self.name}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> PickUp:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class SetDown(Action):
    """A Giant sets a carried Survivor down on a square within its Reach."""

    name: str
    at: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"set down (.+) at {_SQ}")

    def __str__(self) -> str:
        return f"set down {self.name} at {self.at[0]},{self.at[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> SetDown:
        return cls(match.group(1), _sq(match, 2))


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Stay where you are: on the Giant's stand, or (after a Reach attack) not moving in."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile("stay")

    def __str__(self) -> str:
        return "stay"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Stay:
        return cls()


@dataclass(frozen=True, slots=True)
class MoveOff(Action):
    """A carried Survivor moves off its Giant onto a square (before rolling its movement)."""

    to: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"move off to {_SQ}")

    def __str__(self) -> str:
        return f"move off to {self.to[0]},{self.to[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> MoveOff:
        return cls(_sq(match))


@dataclass(frozen=True, slots=True)
class MoveIn(Action):
    """After a successful Reach attack, move into the attacked square."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile("move in")

    def __str__(self) -> str:
        return "move in"

    @classmethod
    def _from(cls, match: re.Match[str]) -> MoveIn:
        return cls()


# -- Resource Usage ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UseReserve(Action):
    """Turn a reserve heart into a health heart."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile("use reserve heart")

    def __str__(self) -> str:
        return "use reserve heart"

    @classmethod
    def _from(cls, match: re.Match[str]) -> UseReserve:
        return cls()


@dataclass(frozen=True, slots=True)
class GiveBullet(Action):
    """Give a bullet counter to a Survivor next to you."""

    to: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile("give bullet to (.+)")

    def __str__(self) -> str:
        return f"give bullet to {self.to}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> GiveBullet:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class GiveReserve(Action):
    """Give a reserve heart to a Survivor next to you."""

    to: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile("give reserve heart to (.+)")

    def __str__(self) -> str:
        return f"give reserve heart to {self.to}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> GiveReserve:
        return cls(match.group(1))


# -- Mall Rules, Huge, the cards ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Vent(Action):
    """A Normal Survivor warps through the Mall's air-vents (movement ends)."""

    to: Square
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(f"vent {_SQ}")

    def __str__(self) -> str:
        return f"vent {self.to[0]},{self.to[1]}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Vent:
        return cls(_sq(match))


@dataclass(frozen=True, slots=True)
class Demolish(Action):
    """A Huge Giant rolls a combat check against a building within its Reach."""

    tile: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile("demolish (.+)")

    def __str__(self) -> str:
        return f"demolish {self.tile}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Demolish:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from hand, or the card waiting on top of the deck."""

    card: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile("play (.+)")

    def __str__(self) -> str:
        return f"play {self.card}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> Play:
        return cls(match.group(1))


# -- Craftable Items ----------------------------------------------------------------------------


class CraftAction(Action):
    """An action with a crafted item (it costs no movement): ``crafting.do_craft_action``."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class CraftPotion(CraftAction):
    """Pay reserve hearts for potions of a size (the Potion Kit's recipe)."""

    size: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"craft (\S+) potion")

    def __str__(self) -> str:
        return f"craft {self.size} potion"

    @classmethod
    def _from(cls, match: re.Match[str]) -> CraftPotion:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class DrinkPotion(CraftAction):
    """Drink a potion: become its size and heal."""

    size: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"drink (\S+) potion")

    def __str__(self) -> str:
        return f"drink {self.size} potion"

    @classmethod
    def _from(cls, match: re.Match[str]) -> DrinkPotion:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class RaySelf(CraftAction):
    """Shrink or enlarge yourself with a Size-Ray charge."""

    size: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"ray self to (\S+)")

    def __str__(self) -> str:
        return f"ray self to {self.size}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> RaySelf:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class RayArmour(CraftAction):
    """Resize your Body Armour to your size with a Size-Ray charge."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile("ray armour to fit")

    def __str__(self) -> str:
        return "ray armour to fit"

    @classmethod
    def _from(cls, match: re.Match[str]) -> RayArmour:
        return cls()


@dataclass(frozen=True, slots=True)
class RayCard(CraftAction):
    """Resize an Item/Weapon card for a size with a Size-Ray charge."""

    card: str
    size: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"ray (.+) to (\S+)")

    def __str__(self) -> str:
        return f"ray {self.card} to {self.size}"

    @classmethod
    def _from(cls, match: re.Match[str]) -> RayCard:
        return cls(match.group(1), match.group(2))


@dataclass(frozen=True, slots=True)
class TreatArmour(CraftAction):
    """Treat your Body Armour with a potion of your size so that it fits you."""

    size: str
    PATTERN: ClassVar[re.Pattern[str]] = re.compile(r"treat armour with (\S+) potion")

    def __str__(self) -> str:
        return f"treat armour with {self.size} potion"

    @classmethod
    def _from(cls, match: re.Match[str]) -> TreatArmour:
        return cls(match.group(1))


@dataclass(frozen=True, slots=True)
class RechargeRay(CraftAction):
    """Spend a bullet to restore all of the Size-Ray's charges."""

    PATTERN: ClassVar[re.Pattern[str]] = re.compile("recharge Size-Ray")

    def __str__(self) -> str:
        return "recharge Size-Ray"

    @classmethod
    def _from(cls, match: re.Match[str]) -> RechargeRay:
        return cls()


#: Every kind, in the order ``Action.parse`` tries them: the fixed texts ("ray armour to fit",
#: "ray self to ...", "move off to ...", "grab parts ...") before the forms that would also match.
ACTIONS: tuple[type[Action], ...] = (
    Stop, Stay, MoveIn, MoveOff, Move, Reach, Snipe, GrabParts, Grab, PickUp, SetDown,
    UseReserve, GiveReserve, GiveBullet, Vent, Demolish, Play, CraftPotion, DrinkPotion,
    RayArmour, RaySelf, RayCard, TreatArmour, RechargeRay,
)

@functools.lru_cache(maxsize=4096)
def action_of(text: str) -> Action | None:
    """The action an option's text names, trying the kinds its first word may start (None: no
    action; ``Action.parse`` raises instead). Actions are immutable, so a text read before gives
    the same action again (a policy reads every option of every decision)."""
    for kind in BY_VERB.get(text.partition(" ")[0], ()):
        match = kind.PATTERN.fullmatch(text)
        if match is not None:
            return kind._from(match)
    return None


#: The kinds by the first word of their text, in ``ACTIONS`` order (what ``Action.parse`` tries).
BY_VERB: dict[str, tuple[type[Action], ...]] = {}
for _kind in ACTIONS:
    _verb = _kind.PATTERN.pattern.partition(" ")[0]
    BY_VERB[_verb] = (*BY_VERB.get(_verb, ()), _kind)
del _kind, _verb

__all__ = [cls.__name__ for cls in ACTIONS] + ["ACTIONS", "Action", "BY_VERB", "CraftAction", "Square",
                                               "action_of"]

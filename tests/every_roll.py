"""Brute force over the dice a procedure rolls: play it once per sequence of faces, every face of
every die it asks for, and weigh each ending by its probability (the exact odds modules are
checked against this)."""
from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction

from rules_lib.core.dice import ScriptedDice


class NeedRoll(Exception):
    """The procedure asks for a face the enumeration has not chosen yet."""

    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Ask:
    """A dice source that stops the procedure at the first roll not scripted."""

    def roll(self, sides: int = 6, purpose: str = "") -> int:
        raise NeedRoll(sides)


def every_roll(play: Callable[[ScriptedDice], Hashable]) -> dict[Hashable, Fraction]:
    """{ending: probability}: ``play(dice)`` runs the procedure with these dice and returns how it
    ended; it is called again with each face of any die it asks for beyond those scripted."""
    out: dict[Hashable, Fraction] = {}
    todo: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while todo:
        faces, p = todo.pop()
        try:
            end = play(ScriptedDice(list(faces), then=_Ask()))
        except NeedRoll as need:
            todo += [(faces + (f,), p / need.sides) for f in range(1, need.sides + 1)]
            continue
        out[end] = out.get(end, Fraction(0)) + p
    return out

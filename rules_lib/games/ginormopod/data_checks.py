"""Reading a data file's values one by one, each problem recorded with its path instead of raised.

A careless edit puts text where a number belongs, a list where a mapping belongs, a negative count
or a City that does not exist. :class:`Reader` reads one file's *plain* copy for the readers of
:mod:`.data_files`: every getter checks the kind and range of the value it returns, records a
:class:`~rules_lib.core.data.DataError` naming the file and the path when it is wrong, and then
returns nothing usable (None, or an empty mapping or list), so reading goes on and every problem
of every file is reported at once.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from rules_lib.core.data import Check, DataError, GameData

Path_ = tuple[str | int, ...]
MISSING: Any = object()  # no value at a path
DIE_FACES = 6  # the game's dice are six-sided (Ginormopod: Overview)


def plain(node: Any) -> Any:
    """An untracked copy of a data tree: validation reads it without counting as use (the base
    dict/list methods bypass the read log of `track_reads` copies)."""
    if isinstance(node, dict):
        return {k: plain(v) for k, v in dict.items(node)}
    if isinstance(node, list):
        return [plain(v) for v in list.__iter__(node)]
    return node


def is_whole(value: Any) -> bool:
    """A whole number (an int, not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Reader:
    """One data file's plain tree with typed getters; `problems` collects what is wrong."""

    def __init__(self, source: GameData) -> None:
        self.check = Check(source)
        self.tree = plain(source.tree)

    @property
    def problems(self) -> list[DataError]:
        return self.check.problems

    def fail(self, path: Path_, problem: str) -> None:
        """Record a problem at a path."""
        self.check.fail(path, problem)

    def at(self, path: Path_) -> Any:
        """The value at a path, or MISSING (no problem recorded)."""
        node = self.tree
        for part in path:
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and is_whole(part) and 0 <= part < len(node):
                node = node[part]
            else:
                return MISSING
        return node

    def _present(self, path: Path_, required: bool) -> Any:
        value = self.at(path)
        if value is MISSING and required:
            self.fail(path, "missing")
        return value

    def mapping(self, path: Path_, required: bool = True) -> dict[Any, Any]:
        """A mapping of names to values ({} when missing or of another kind)."""
        value = self._present(path, required)
        if value is MISSING:
            return {}
        if not isinstance(value, dict):
            self.fail(path, f"must be a mapping of names to values, found {_kind(value)} "
                            f"{_short(value)}")
            return {}
        return value

    def listing(self, path: Path_, required: bool = True) -> list[Any]:
        """A list ([] when missing or of another kind)."""
        value = self._present(path, required)
        if value is MISSING:
            return []
        if not isinstance(value, list):
            self.fail(path, f"must be a list, found {_kind(value)} {_short(value)}")
            return []
        return value

    def whole(self, path: Path_, low: int, high: int | None = None, required: bool = True,
              why: str = "") -> int | None:
        """A whole number within low..high (None when missing or wrong)."""
        value = self._present(path, required)
        if value is MISSING:
            return None
        return self.whole_value(value, path, low, high, why)

    def whole_value(self, value: Any, path: Path_, low: int, high: int | None = None,
                    why: str = "") -> int | None:
        """`value` (found at `path`) must be a whole number within low..high."""
        reason = f" ({why})" if why else ""
        if not is_whole(value):
            self.fail(path, f"must be a whole number, found {_kind(value)} {_short(value)}")
            return None
        if value < low or (high is not None and value > high):
            limits = f"{low}..{high}" if high is not None else f"at least {low}"
            self.fail(path, f"{value} is out of range: must be {limits}{reason}")
            return None
        return value

    def number(self, path: Path_) -> float | None:
        """A finite number (int or float)."""
        value = self._present(path, True)
        if value is MISSING:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            self.fail(path, f"must be a finite number, found {_kind(value)} {_short(value)}")
            return None
        return float(value)

    def text(self, path: Path_, required: bool = True,
             choices: Iterable[Any] | None = None, what: str = "value") -> str | None:
        """A non-empty text, one of `choices` if given."""
        value = self._present(path, required)
        if value is MISSING:
            return None
        return self.text_value(value, path, choices, what)

    def text_value(self, value: Any, path: Path_, choices: Iterable[Any] | None = None,
                   what: str = "value") -> str | None:
        """`value` (found at `path`) must be a non-empty text, one of `choices` if given."""
        if not isinstance(value, str) or not value.strip():
            self.fail(path, f"must be a {what} (text), found {_kind(value)} {_short(value)}")
            return None
        if choices is not None:
            known = list(choices)
            if value not in known:
                self.fail(path, f"unknown {what} {value!r}; known: "
                                f"{', '.join(map(str, known)) or '(none)'}")
                return None
        return value

    def flag(self, path: Path_, default: bool = False) -> bool:
        """true or false (`default` when missing)."""
        value = self.at(path)
        if value is MISSING:
            return default
        if not isinstance(value, bool):
            self.fail(path, f"must be true or false, found {_kind(value)} {_short(value)}")
            return default
        return value

    def pips(self, path: Path_, required: bool = True) -> tuple[int, ...] | None:
        """A list of die pips, each a face of the die (1..6)."""
        value = self._present(path, required)
        if value is MISSING:
            return None if required else ()
        if not isinstance(value, list):
            self.fail(path, f"must be a list of die pips (whole numbers 1..{DIE_FACES}), found "
                            f"{_kind(value)} {_short(value)}")
            return None
        out = []
        for i, p in enumerate(value):
            if not is_whole(p) or not 1 <= p <= DIE_FACES:
                self.fail(path + (i,), f"die pips {_short(p)} not a face of the die "
                                       f"(1..{DIE_FACES})")
                return None
            out.append(p)
        return tuple(out)

    def names(self, path: Path_, what: str, known: Iterable[Any] | None = None,
              required: bool = True) -> list[str]:
        """A list of distinct names (each one of `known` if given); the good ones."""
        out: list[str] = []
        for i, value in enumerate(self.listing(path, required)):
            name = self.text_value(value, path + (i,), known, what)
            if name is None:
                continue
            if name in out:
                self.fail(path + (i,), f"{what} {name!r} is listed twice")
                continue
            out.append(name)
        return out


def _kind(value: Any) -> str:
    """'text', 'a list', 'a mapping', 'a number' ... for messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (int, float)):
        return "the number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _short(value: Any) -> str:
    """The value as written, cut to a readable length."""
    if value is None:
        return ""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."

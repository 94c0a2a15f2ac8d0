"""Reading one data file's values, each checked as it is read.

Numbers are data (DESIGN principle 2), so a typo in a data file is the user's to fix: it must be
named, never crash the game nor be accepted in silence. Every problem is recorded with the file
and the path inside it (``rules_lib.core.data.Check``); a wrong value reads as a harmless
stand-in so the rest of the file is still checked and every problem is listed, not only the first.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules_lib.core.data import Check, DataError, GameData, Path_

MISSING: Any = object()  # no default: the key must be there


class FileReader:
    """The checked values of one data file; ``problems`` lists what is wrong, each with its path."""

    def __init__(self, src: GameData) -> None:
        self.src = src
        self.check = Check(src)

    @property
    def problems(self) -> list[DataError]:
        return self.check.problems

    def fail(self, path: Path_, problem: str) -> None:
        """Record a problem at a path of this file."""
        self.check.fail(path, problem)

    # -- containers --

    def mapping(self, value: Any, path: Path_, what: str = "a mapping of names to values"
                ) -> dict[Any, Any]:
        """``value`` if it is a mapping; otherwise a problem, and an empty mapping."""
        if isinstance(value, Mapping):
            return dict(value)
        if value is None:
            self.fail(path, f"missing: must be {what}")
        else:
            self.fail(path, f"must be {what}, found {_shown(value)}")
        return {}

    def sequence(self, value: Any, path: Path_, what: str = "a list") -> list[Any]:
        """``value`` if it is a list; otherwise a problem, and an empty list."""
        if isinstance(value, list):
            return value
        if value is None:
            self.fail(path, f"missing: must be {what}")
        else:
            self.fail(path, f"must be {what}, found {_shown(value)}")
        return []

    def section(self, node: Mapping[Any, Any], key: Any, path: Path_, what: str = "a mapping",
                required: bool = True) -> dict[Any, Any]:
        """The mapping at ``node[key]``: a problem if it is not a mapping, or if it is missing
        (or empty: ``null``) and ``required``; an optional one missing reads as empty."""
        value = node.get(key)
        if value is None and not required:
            return {}
        return self.mapping(value, path + (key,), what)

    def listed(self, node: Mapping[Any, Any], key: Any, path: Path_, what: str = "a list",
               required: bool = True) -> list[Any]:
        """The list at ``node[key]``, as ``section`` reads a mapping."""
        value = node.get(key)
        if value is None and not required:
            return []
        return self.sequence(value, path + (key,), what)

    def only_keys(self, node: Mapping[Any, Any], allowed: Iterable[Any], path: Path_) -> None:
        """A key the rules never read is a typo the user would never hear of: each is a problem."""
        known = list(allowed)
        for key in node:
            if key not in known:
                self.fail(path + (key,), f"unknown entry {key!r}; known: "
                                          f"{', '.join(map(str, known))}")

    # -- single values --

    def integer(self, node: Mapping[Any, Any], key: Any, path: Path_, low: int | None = None,
                high: int | None = None, default: Any = MISSING) -> int:
        """A whole number at ``node[key]`` within [low, high] (the default when it is absent)."""
        if key not in node:
            if default is MISSING:
                self.fail(path + (key,), "missing: must be a whole number")
                return low if low is not None else 0
            return default
        return self.whole(node[key], path + (key,), low, high)

    def whole(self, value: Any, path: Path_, low: int | None = None, high: int | None = None
              ) -> int:
        """``value`` as a whole number within [low, high]; a problem (and a stand-in) if not."""
        fallback = low if low is not None else 0
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"must be a whole number, found {_shown(value)}")
            return fallback
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(path, f"{value} is out of range: {_bounds(low, high)}")
            return fallback if low is not None and value < low else (
                high if high is not None else fallback)
        return value

    def flag(self, node: Mapping[Any, Any], key: Any, path: Path_, default: Any = MISSING
             ) -> bool:
        """true/false at ``node[key]`` (the default when it is absent)."""
        if key not in node:
            if default is MISSING:
                self.fail(path + (key,), "missing: must be true or false")
                return False
            return default
        value = node[key]
        if not isinstance(value, bool):
            self.fail(path + (key,), f"must be true or false, found {_shown(value)}")
            return False
        return value

    def text(self, node: Mapping[Any, Any], key: Any, path: Path_, default: Any = MISSING
             ) -> str:
        """A text at ``node[key]`` (the default when it is absent); numbers are not texts."""
        if key not in node:
            if default is MISSING:
                self.fail(path + (key,), "missing: must be a text")
                return ""
            return default
        value = node[key]
        if not isinstance(value, str) or not value.strip():
            self.fail(path + (key,), f"must be a non-empty text, found {_shown(value)}")
            return ""
        return value

    def choice(self, node: Mapping[Any, Any], key: Any, path: Path_, allowed: Iterable[Any],
               what: str, default: Any = MISSING) -> Any:
        """One of ``allowed`` at ``node[key]`` (the default when it is absent)."""
        known = list(allowed)
        if key not in node:
            if default is MISSING:
                self.fail(path + (key,), f"missing: the {what}, one of "
                                          f"{', '.join(map(str, known))}")
                return known[0] if known else None
            return default
        return self.one_of(node[key], path + (key,), known, what)

    def one_of(self, value: Any, path: Path_, allowed: Iterable[Any], what: str) -> Any:
        """``value`` if it is one of ``allowed``; a problem (and the first allowed) if not."""
        known = list(allowed)
        if _hashable(value) and value in known and not isinstance(value, bool):
            return value
        self.fail(path, f"unknown {what} {_shown(value)}; known: {', '.join(map(str, known))}")
        return known[0] if known else None


def raise_all(readers: Iterable[FileReader], extra: Iterable[DataError] = ()) -> None:
    """Raise one DataError listing every problem of every file (the first named in its fields,
    the others one a line after it), if there is any."""
    problems = [p for r in readers for p in r.problems] + list(extra)
    if not problems:
        return
    first, rest = problems[0], problems[1:]
    more = "".join(f"\n  {p}" for p in rest)
    raise DataError(first.file, first.path, first.problem + more)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _shown(value: Any) -> str:
    """A value as a problem names it: short, with its kind when that is the trouble."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    if isinstance(value, (list, dict)):
        return f"a {type(value).__name__} {text}"
    return text


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"it must be from {low} to {high}"
    if low is not None:
        return f"it must be {low} or more"
    return f"it must be {high} or less"

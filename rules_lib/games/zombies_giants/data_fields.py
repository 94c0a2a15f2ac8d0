"""Reading one data file's values by type and range, every problem recorded with its path.

The Giants-Club loader (``data.py``) reads each value it builds the game from through a
:class:`Fields`: a whole number where a number belongs, a mapping where a mapping belongs, a name
out of a known list, within the range the game can play. A wrong value is recorded as a DataError
naming the file and the path (``rules_lib.core.data.Check``) and a stand-in is returned, so the rest
of the file is still checked and every problem is listed, not only the first.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from fractions import Fraction
from typing import Any

from rules_lib.core.data import Check, GameData

Path = tuple[str | int, ...]
MISSING = object()  # "no default": a missing key is a problem


def shown(value: Any) -> str:
    """A value as a problem quotes it (short)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Fields:
    """One data file's values read by path; problems go to ``check`` (a core ``Check``)."""

    def __init__(self, data: GameData) -> None:
        self.check = Check(data)

    def fail(self, path: Path, problem: str) -> None:
        self.check.fail(path, problem)

    # -- the raw value -------------------------------------------------------------------------
    def _get(self, node: Any, key: str | int, path: Path, default: Any) -> Any:
        """node[key]; MISSING when it cannot be read (the problem recorded unless a default)."""
        if not isinstance(node, Mapping):
            return MISSING  # the enclosing value's problem is recorded already
        if key not in node:
            if default is MISSING:
                self.fail(path + (key,), "missing")
            return MISSING
        return node[key]

    # -- kinds of value ------------------------------------------------------------------------
    def mapping(self, node: Any, key: str | int, path: Path, default: Any = MISSING,
                known: Collection[str] | None = None) -> dict:
        """A mapping (of names to values); ``known``: the only keys it may have."""
        value = self._get(node, key, path, default)
        if value is MISSING:
            return {} if default is MISSING else default
        if not isinstance(value, Mapping):
            self.fail(path + (key,), f"must be a mapping of names to values, found {shown(value)}")
            return {}
        if known is not None:
            self.only(value, path + (key,), known)
        return dict(value)

    def only(self, node: Mapping, path: Path, known: Collection[str]) -> None:
        """Every key of ``node`` is one of ``known`` (a misspelt key would be silently ignored)."""
        for k in node:
            if k not in known:
                self.fail(path + (k,), f"unknown entry {k!r}; known: {', '.join(map(str, known))}")

    def listing(self, node: Any, key: str | int, path: Path, default: Any = MISSING) -> list:
        """A list."""
        value = self._get(node, key, path, default)
        if value is MISSING:
            return [] if default is MISSING else default
        if not isinstance(value, list):
            self.fail(path + (key,), f"must be a list, found {shown(value)}")
            return []
        return value

    def whole(self, node: Any, key: str | int, path: Path, low: int | None = None,
              high: int | None = None, *, null: bool = False, default: Any = MISSING,
              why: str = "") -> Any:
        """A whole number within [low, high] (None too if ``null``); ``why`` explains the range."""
        value = self._get(node, key, path, default)
        if value is MISSING:
            return (low or 0) if default is MISSING else default
        return self.number(value, path + (key,), low, high, null=null, why=why)

    def number(self, value: Any, path: Path, low: int | None = None, high: int | None = None,
               *, null: bool = False, why: str = "") -> Any:
        """``value`` itself must be a whole number within [low, high] (or None if ``null``)."""
        fallback = low or 0
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            kind = "a whole number" + (" or null" if null else "")
            self.fail(path, f"must be {kind}, found {shown(value)}")
            return fallback
        if low is not None and value < low:
            self.fail(path, f"must be at least {low}, found {value}{why}")
            return fallback
        if high is not None and value > high:
            self.fail(path, f"must be at most {high}, found {value}{why}")
            return fallback
        return value

    def flag(self, node: Any, key: str | int, path: Path, default: Any = MISSING) -> bool:
        """true or false."""
        value = self._get(node, key, path, default)
        if value is MISSING:
            return False if default is MISSING else default
        if not isinstance(value, bool):
            self.fail(path + (key,), f"must be true or false, found {shown(value)}")
            return False
        return value

    def text(self, node: Any, key: str | int, path: Path, default: Any = MISSING,
             null: bool = False) -> Any:
        """A text (a name)."""
        value = self._get(node, key, path, default)
        if value is MISSING:
            return "" if default is MISSING else default
        if value is None and null:
            return None
        if not isinstance(value, str) or not value.strip():
            self.fail(path + (key,), f"must be a text, found {shown(value)}")
            return ""
        return value

    def choice(self, node: Any, key: str | int, path: Path, allowed: Iterable[Any], what: str,
               default: Any = MISSING, null: bool = False) -> Any:
        """One of ``allowed`` (None too if ``null``)."""
        value = self._get(node, key, path, default)
        if value is MISSING:
            return None if default is MISSING else default
        return self.named(value, path + (key,), allowed, what, null=null)

    def named(self, value: Any, path: Path, allowed: Iterable[Any], what: str,
              null: bool = False) -> Any:
        """``value`` itself must be one of ``allowed`` (None too if ``null``)."""
        if value is None and null:
            return None
        allowed = list(allowed)
        try:
            ok = value in allowed
        except TypeError:  # an unhashable value in a set of names
            ok = False
        if not ok:
            self.fail(path, f"unknown {what} {shown(value)}; known: "
                            f"{', '.join(map(str, allowed))}")
            return None
        return value

    def names(self, node: Any, key: str | int, path: Path, allowed: Iterable[Any], what: str,
              default: Any = MISSING, empty: bool = True) -> list:
        """A list of distinct names, each one of ``allowed`` (``empty``: may the list be empty)."""
        items = self.listing(node, key, path, default)
        allowed = list(allowed)
        out = []
        for i, item in enumerate(items):
            if self.named(item, path + (key, i), allowed, what) is None:
                continue
            if item in out:
                self.fail(path + (key, i), f"{item!r} is listed twice")
                continue
            out.append(item)
        if not empty and not out and isinstance(node, Mapping) and isinstance(node.get(key), list):
            self.fail(path + (key,), f"must list at least one {what}")
        return out

    def fraction(self, node: Any, key: str | int, path: Path) -> Fraction:
        """A positive number, or a fraction written as text ('1/4')."""
        value = self._get(node, key, path, MISSING)
        if value is MISSING:
            return Fraction(1)
        try:
            out = None if isinstance(value, bool) else Fraction(value)
        except (TypeError, ValueError, ZeroDivisionError):
            out = None
        if out is None or out <= 0 or out > 100:
            self.fail(path + (key,), f"must be a positive number or fraction like '1/4' (at most "
                                     f"100), found {shown(value)}")
            return Fraction(1)
        return out

    def pair(self, node: Any, key: str | int, path: Path, low: int, high: int) -> tuple[int, int]:
        """Two whole numbers within [low, high] (a footprint, a slot, a square)."""
        raw = node.get(key) if isinstance(node, Mapping) else None
        items = self.listing(node, key, path)
        if len(items) != 2:
            if isinstance(raw, list):  # a missing or non-list value is recorded already
                self.fail(path + (key,), f"must be two whole numbers [x, y], found {shown(raw)}")
            return (low, low)
        x = self.number(items[0], path + (key, 0), low, high)
        y = self.number(items[1], path + (key, 1), low, high)
        return x, y

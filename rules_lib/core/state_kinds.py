"""The kinds of a saved state's values, checked before the state is built: a number where a number
belongs (not "3" nor 3.5 nor true), a list where a list belongs, no unknown or missing field. Each
problem is named by its path, so that a hand-edited JSON file says where it is wrong.
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from rules_lib.core.engine import StateError

_KIND = {bool: "true or false", int: "a whole number", str: "a text"}


def kind_problems(value: Any, hint: Any, path: str) -> list[str]:
    """What in ``value`` is not of the kind ``hint`` (a field's type) says, each named by path."""
    where = path or "the state"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return []
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return []
        (inner,) = [a for a in args if a is not type(None)]  # X | None is the only union used
        return kind_problems(value, inner, path)
    if dataclasses.is_dataclass(hint):
        return _record_problems(value, hint, path)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where} must be a list, found {_short(value)}"]
        return [p for i, v in enumerate(value) for p in kind_problems(v, args[0], f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where} must be a mapping, found {_short(value)}"]
        out = [f"{where}: key {k!r} must be a text" for k in value if not isinstance(k, str)]
        return out + [p for k, v in value.items()
                      for p in kind_problems(v, args[1], f"{path}[{k!r}]")]
    if hint is bool:
        ok = isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif hint is str:
        ok = isinstance(value, str)
    else:  # pragma: no cover - every field of the state is one of the kinds above
        raise TypeError(f"no check for {hint!r}")
    return [] if ok else [f"{where} must be {_KIND[hint]}, found {_short(value)}"]


def _record_problems(value: Any, cls: type, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path or 'the state'} must be a mapping of fields, found {_short(value)}"]
    hints = _hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    out = [f"{path + '.' if path else ''}{k}: unknown field" for k in value if k not in known]
    for f in dataclasses.fields(cls):
        here = f"{path}.{f.name}" if path else f.name
        if f.name not in value:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                out.append(f"{here}: missing")
            continue
        out += kind_problems(value[f.name], hints[f.name], here)
    return out


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A state class's field types, resolved once per class (resolving them is most of the cost
    of checking a saved state, and states are checked on every load, undo and replay)."""
    return typing.get_type_hints(cls)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def refuse_wrong_kinds(cls: type, data: Any) -> None:
    """Raise StateError naming every value of ``data`` that is not of the kind ``cls``'s fields
    say (the first twenty, and how many more)."""
    problems = kind_problems(data, cls, "")
    if problems:
        raise StateError(f"{cls.__name__}: " + "; ".join(problems[:20])
                         + (f"; and {len(problems) - 20} more" if len(problems) > 20 else ""))

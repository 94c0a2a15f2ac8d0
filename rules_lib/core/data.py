"""Game data files: safe loading, validation errors that name file and path, provenance, overrides.

Numbers are data (DESIGN principle 2). Each game keeps its maps, counters, tables and chits in YAML
files inside its package. Every value carries where it comes from:

* a mapping may hold ``rulebook: "<section>"`` or ``assumed: "<why>"``; it applies to everything
  inside that mapping unless a deeper mapping says otherwise;
* a single value may be written ``{value: X, assumed: "<why>"}`` (or ``rulebook:``); it is read as X.

:func:`load_data` reads a file with ``yaml.safe_load`` (never executing anything), strips the
provenance keys into an index, and returns a :class:`GameData` whose ``tree`` is the plain values.
:func:`provenance_report` lists every assumed value so a user with the physical game knows what to
check; :func:`apply_override` changes one value by dotted path, for designers' what-ifs.
"""
from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml

PROVENANCE_KEYS = ("rulebook", "assumed")
T = TypeVar("T")
Path_ = tuple[str | int, ...]


class DataError(ValueError):
    """Bad game data: the message names the file, the path inside it and what is wrong."""

    def __init__(self, file: str | Path, path: Iterable[str | int], problem: str) -> None:
        self.file = str(file)
        self.path = tuple(path)
        self.problem = problem
        where = format_path(self.path) or "(top level)"
        super().__init__(f"{self.file}: {where}: {problem}")


def format_path(path: Iterable[str | int]) -> str:
    """('units', 'tank', 0) -> 'units.tank[0]'."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def parse_path(text: str) -> Path_:
    """'units.tank.fresh[0]' -> ('units', 'tank', 'fresh', 0)."""
    parts: list[str | int] = []
    for chunk in text.replace("]", "").split("."):
        if not chunk:
            raise ValueError(f"empty part in data path {text!r}")
        name, *indices = chunk.split("[")
        if name:
            parts.append(name)
        for idx in indices:
            if not idx.lstrip("-").isdigit():
                raise ValueError(f"bad index [{idx}] in data path {text!r}")
            parts.append(int(idx))
    return tuple(parts)


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from: the rulebook (with section) or an assumption (with reason)."""

    kind: str  # "rulebook" | "assumed"
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


@dataclass
class GameData:
    """A loaded data file: the plain value tree plus the provenance of each part of it."""

    file: str
    tree: Any
    provenance: dict[Path_, Provenance] = field(default_factory=dict)

    def get(self, path: str | Path_, default: Any = ...) -> Any:
        """The value at a dotted path; a clear error if it does not exist (unless default given)."""
        parts = parse_path(path) if isinstance(path, str) else path
        node = self.tree
        for i, part in enumerate(parts):
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                if default is not ...:
                    return default
                raise DataError(self.file, parts[: i + 1], "no such entry") from None
        return node

    def provenance_of(self, path: str | Path_) -> Provenance | None:
        """The nearest provenance that covers a path (its own, or an enclosing mapping's)."""
        parts = parse_path(path) if isinstance(path, str) else tuple(path)
        for n in range(len(parts), -1, -1):
            prov = self.provenance.get(parts[:n])
            if prov is not None:
                return prov
        return None

    def assumed(self) -> list[tuple[str, str]]:
        """Every path marked ``assumed`` with its reason, in file order."""
        return [(format_path(p), prov.text) for p, prov in self.provenance.items()
                if prov.kind == "assumed"]


MAX_FILE_BYTES = 5_000_000  # the largest shipped file is about 40 kB
MAX_DEPTH = 40  # mappings and lists nested deeper than this are a mistake, not data


class _DataLoader(yaml.SafeLoader):
    """yaml.safe_load's loader, stricter: no aliases (a self-referencing or exponential alias
    would never finish loading), no key given twice (the second would silently win), and no
    absurd nesting."""

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.constructor.ConstructorError(
                None, None, f"YAML aliases (*{event.anchor}) are not allowed in game data; "
                "write the values out", event.start_mark)
        depth = getattr(self, "_depth", 0) + 1
        if depth > MAX_DEPTH:
            raise yaml.constructor.ConstructorError(
                None, None, f"nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
        self._depth = depth
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth = depth - 1

    def construct_mapping(self, node, deep=False):  # type: ignore[no-untyped-def]
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark, "a key that is not text or a number",
                    key_node.start_mark) from None
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"the key {key!r} is given twice (first on line {seen[key].line + 1})",
                    key_node.start_mark)
            seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)


def read_yaml(path: str | Path) -> Any:
    """A data file's YAML, read safely (nothing executed); every problem is a DataError."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise DataError(path, (), f"the file is {size:,} bytes; game data files are at most "
                                      f"{MAX_FILE_BYTES:,}")
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise DataError(path, (), f"cannot read file ({exc.strerror})") from exc
    except UnicodeDecodeError as exc:
        raise DataError(path, (), f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    return parse_yaml(text, path)


def parse_yaml(text: str, file: str | Path) -> Any:
    """YAML text through the strict loader; errors name the file and line."""
    try:
        raw = yaml.load(text, Loader=_DataLoader)  # noqa: S506 - _DataLoader is a SafeLoader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f"line {mark.line + 1}: " if mark is not None else ""
        problem = getattr(exc, "problem", None) or exc
        raise DataError(file, (), f"{line}not valid game data ({problem})") from None
    except RecursionError:
        raise DataError(file, (), "nested too deeply to read") from None
    if raw is None:
        raise DataError(file, (), "the file is empty")
    if not isinstance(raw, Mapping):
        raise DataError(file, (), f"the file must hold a mapping of names to values, "
                                  f"not a {type(raw).__name__}")
    return raw


def load_data(path: str | Path) -> GameData:
    """Read a YAML data file safely and split provenance from values."""
    return parse_data(read_yaml(path), str(Path(path)))


def parse_data(raw: Any, file: str) -> GameData:
    """Split provenance keys out of an already parsed tree."""
    provenance: dict[Path_, Provenance] = {}
    tree = _strip(raw, (), provenance, file)
    return GameData(file, tree, provenance)


def _strip(node: Any, path: Path_, prov: dict[Path_, Provenance], file: str) -> Any:
    if isinstance(node, Mapping):
        found = [k for k in PROVENANCE_KEYS if k in node]
        if len(found) > 1:
            raise DataError(file, path, "give either 'rulebook' or 'assumed', not both")
        if found:
            kind = found[0]
            text = node[kind]
            if not isinstance(text, str) or not text.strip():
                raise DataError(file, path + (kind,), "provenance must be a non-empty text")
            prov[path] = Provenance(kind, text.strip())
        if "value" in node and set(node) <= {"value", *PROVENANCE_KEYS}:
            return _strip(node["value"], path, prov, file)
        out = {}
        for key, value in node.items():
            if key in PROVENANCE_KEYS:
                continue
            if not isinstance(key, (str, int)):
                raise DataError(file, path, f"key {key!r} must be text or a number")
            out[key] = _strip(value, path + (key,), prov, file)
        return out
    if isinstance(node, list):
        return [_strip(v, path + (i,), prov, file) for i, v in enumerate(node)]
    return node


def apply_override(data: GameData, path: str, value: Any) -> GameData:
    """A copy of ``data`` with one existing value replaced (a designer's what-if).

    The path must already exist and the new value must have the same kind (number for number,
    text for text, list for list) so a typo cannot silently add a key the rules never read.
    """
    parts = parse_path(path)
    if not parts:
        raise DataError(data.file, (), "empty override path")
    old = data.get(parts)  # raises DataError naming the first missing part
    if not _same_kind(old, value):
        raise DataError(data.file, parts,
                        f"override {value!r} is a {type(value).__name__}, "
                        f"the value there is a {type(old).__name__} ({old!r})")
    new = GameData(data.file, copy.deepcopy(data.tree), dict(data.provenance))
    node = new.tree
    for part in parts[:-1]:
        node = node[part]
    node[parts[-1]] = value
    new.provenance[parts] = Provenance("assumed", f"override: {format_path(parts)} = {value!r}")
    return new


def apply_overrides(files: Mapping[str, GameData], overrides: Mapping[str, Any] | None,
                    game: str) -> dict[str, GameData]:
    """A game's data files with designer overrides applied, each to the file that holds its path.

    A key names its file explicitly as ``"units:types.Tank.fresh"`` or ``"units.types.Tank.fresh"``
    (file name first), or gives only the path (``"types.Tank.fresh"``), which must exist in exactly
    one file. Errors name the game, the key and the files.
    """
    out = dict(files)
    for key, value in (overrides or {}).items():
        name, path = _locate_override(out, key, game)
        out[name] = apply_override(out[name], path, value)
    return out


def built_once_per_overrides(make: Callable[[dict[str, Any] | None], T]
                             ) -> Callable[[Mapping[str, Any] | None], T]:
    """Wrap a game's "build the data with these overrides" so each distinct set (none included)
    is built once: a sweep plays many games per point, and loading re-validates every file."""
    @functools.lru_cache(maxsize=64)
    def cached(key: str) -> T:
        return make(json.loads(key) or None)

    shipped: list[T] = []  # the data without overrides: asked for in hot loops, kept at hand

    def load(overrides: Mapping[str, Any] | None = None) -> T:
        if not overrides:
            if not shipped:
                shipped.append(cached("{}"))
            return shipped[0]
        return cached(json.dumps(dict(overrides), sort_keys=True))

    load.__doc__ = make.__doc__
    return load


class DataLoader:
    """A game's data files, written once for every game: read safely, designer overrides
    applied, built into the game's typed data once per set of overrides (none included).

    ``build(files) -> typed data`` is the game's own validation and typing; it raises a DataError
    that lists every problem. Nothing is read until first asked, so importing a game loads no
    data and a game with broken files leaves the others working.
    """

    def __init__(self, game: str, folder: Path, files: Iterable[str] | Mapping[str, str],
                 build: Callable[[Mapping[str, GameData]], T]) -> None:
        """``files``: the names of ``<name>.yaml`` files in ``folder``, or {name: relative path}."""
        self.game, self.folder, self.build = game, Path(folder), build
        self.paths = (dict(files) if isinstance(files, Mapping)
                      else {name: f"{name}.yaml" for name in files})
        self.names = tuple(self.paths)
        self._load = built_once_per_overrides(lambda overrides: build(self.files(overrides)))

    def files(self, overrides: Mapping[str, Any] | None = None,
              folder: str | Path | None = None) -> dict[str, GameData]:
        """The data files (from ``folder``, a designer's copy, if given) with overrides applied."""
        where = Path(folder) if folder is not None else self.folder
        if not where.is_dir():
            raise DataError(where, (), "no such data folder")
        loaded = {name: load_data(where / path) for name, path in self.paths.items()}
        return apply_overrides(loaded, overrides, self.game)

    def data(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The typed data, built once per set of overrides."""
        return self._load(overrides)

    def validate(self, folder: str | Path | None = None) -> list[str]:
        """Every problem of the data files (or of a copy in ``folder``), one line each."""
        problems: list[str] = []
        loaded: dict[str, GameData] = {}
        where = Path(folder) if folder is not None else self.folder
        for name, path in self.paths.items():
            try:
                loaded[name] = load_data(where / path)
            except DataError as exc:
                problems.append(str(exc))
        if problems:
            return problems
        try:
            self.build(loaded)
        except DataError as exc:
            return str(exc).split("\n  ")
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            # a loader that fails to name the place is a bug in the loader; still no traceback
            return [f"{self.game} data in {where}: {type(exc).__name__}: {exc}"]
        return []

    def provenance_report(self):
        """Every assumed value of the data files (DataFrame: file, path, assumed)."""
        return provenance_report(self.files().values())


def _locate_override(files: Mapping[str, GameData], key: str, game: str) -> tuple[str, str]:
    names = ", ".join(files)
    if ":" in key:
        name, path = key.split(":", 1)
        if name not in files:
            raise DataError(f"{game} data", (), f"override {key!r}: no data file {name!r}; "
                                                f"files: {names}")
        return name, path
    first, _, rest = key.partition(".")
    if first in files and rest and files[first].get(rest, None) is not None:
        return first, rest
    holders = [n for n, f in files.items() if f.get(key, None) is not None]
    if len(holders) == 1:
        return holders[0], key
    if not holders:
        raise DataError(f"{game} data", parse_path(key),
                        f"override {key!r}: no data file has this path; files: {names}")
    raise DataError(f"{game} data", parse_path(key),
                    f"override {key!r} is ambiguous: it is in {', '.join(holders)}; "
                    f"write it as 'file:path'")


def _same_kind(old: Any, new: Any) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, (int, float)):
        return isinstance(new, (int, float))
    if isinstance(old, str):
        return isinstance(new, str)
    if isinstance(old, list):
        return isinstance(new, list)
    if isinstance(old, dict):
        return isinstance(new, dict)
    return old is None or type(old) is type(new)


def parse_value(text: str) -> Any:
    """A command-line override value: YAML scalar/list syntax, read safely ('3', '[4, 5]', 'x')."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ValueError(f"cannot read override value {text!r}: {exc}") from exc


# -- small validation helpers used by game loaders ---------------------------------------------


class Check:
    """Collects validation problems for one data file, each with its path."""

    def __init__(self, data: GameData) -> None:
        self.data = data
        self.problems: list[DataError] = []

    def fail(self, path: Iterable[str | int], problem: str) -> None:
        self.problems.append(DataError(self.data.file, path, problem))

    def require(self, node: Any, key: str, kind: type | tuple[type, ...], path: Path_) -> Any:
        """node[key] must exist and be of ``kind``; records a problem and returns None otherwise."""
        if not isinstance(node, Mapping) or key not in node:
            self.fail(path + (key,), "missing")
            return None
        value = node[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and bool not in _as_tuple(kind)):
            names = "/".join(k.__name__ for k in _as_tuple(kind))
            self.fail(path + (key,), f"must be {names}, found {value!r}")
            return None
        return value

    def one_of(self, value: Any, allowed: Iterable[Any], path: Path_, what: str) -> bool:
        allowed = list(allowed)
        if value not in allowed:
            self.fail(path, f"unknown {what} {value!r}; known: {', '.join(map(str, allowed))}")
            return False
        return True

    def raise_if_any(self) -> None:
        """Raise the first problem (all of them listed in the message) if there were any."""
        if self.problems:
            first = self.problems[0]
            if len(self.problems) > 1:
                more = "\n  ".join(str(p) for p in self.problems[1:])
                raise DataError(first.file, first.path, f"{first.problem}\n  {more}")
            raise first


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def walk(tree: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every (path, leaf) of a value tree."""
    if isinstance(tree, Mapping):
        for k, v in tree.items():
            yield from walk(v, path + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from walk(v, path + (i,))
    else:
        yield path, tree


def provenance_report(datasets: Iterable[GameData]):
    """Every assumed value of a game's data files as a DataFrame (file, path, assumed because)."""
    import pandas as pd

    rows = []
    for data in datasets:
        for path, why in data.assumed():
            rows.append({"file": Path(data.file).name, "path": path or "(whole file)",
                         "assumed": why})
    return pd.DataFrame(rows, columns=["file", "path", "assumed"])


# -- which data values a game reads (DESIGN principle 2: every number alive) --------------------


class ReadLog:
    """The (file, path) of every leaf value read through :func:`track_reads`' tracked trees."""

    def __init__(self) -> None:
        self.reads: set[tuple[str, Path_]] = set()

    def unread(self, files: Mapping[str, GameData], *, numbers_only: bool = True
               ) -> list[tuple[str, str, Any]]:
        """Leaves of ``files`` never read: (file name, dotted path, value), in file order."""
        out = []
        for name, data in files.items():
            for path, value in walk(data.tree):
                if numbers_only and (isinstance(value, bool) or not isinstance(value, (int, float))):
                    continue
                if (name, path) not in self.reads:
                    out.append((name, format_path(path), value))
        return out


class _TrackedDict(dict):
    """A dict that notes each leaf value handed out (by [], get, items, values or iteration)."""

    __slots__ = ("_log", "_file", "_path")

    def _note(self, key: Any, value: Any) -> Any:
        if not isinstance(value, (_TrackedDict, _TrackedList)):
            self._log.reads.add((self._file, self._path + (key,)))
        return value

    def __getitem__(self, key: Any) -> Any:
        return self._note(key, dict.__getitem__(self, key))

    def get(self, key: Any, default: Any = None) -> Any:
        return self._note(key, dict.__getitem__(self, key)) if key in self else default

    def items(self):  # type: ignore[override]
        return [(k, self._note(k, v)) for k, v in dict.items(self)]

    def values(self):  # type: ignore[override]
        return [self._note(k, v) for k, v in dict.items(self)]

    def __iter__(self):  # keys only; also makes dict(x) and {**x} go through __getitem__
        return iter(list(dict.keys(self)))


class _TrackedList(list):
    """A list that notes each leaf value handed out (by [] or iteration)."""

    __slots__ = ("_log", "_file", "_path")

    def __getitem__(self, index: Any) -> Any:
        value = list.__getitem__(self, index)
        if isinstance(index, slice):
            for i in range(*index.indices(len(self))):
                self._note(i, list.__getitem__(self, i))
            return value
        return self._note(index if index >= 0 else len(self) + index, value)

    def _note(self, i: int, value: Any) -> Any:
        if not isinstance(value, (_TrackedDict, _TrackedList)):
            self._log.reads.add((self._file, self._path + (i,)))
        return value

    def __iter__(self):
        return iter([self._note(i, v) for i, v in enumerate(list.__iter__(self))])


def _tracked(node: Any, log: ReadLog, file: str, path: Path_) -> Any:
    if isinstance(node, Mapping):
        out = _TrackedDict({k: _tracked(v, log, file, path + (k,)) for k, v in node.items()})
    elif isinstance(node, list):
        out = _TrackedList([_tracked(v, log, file, path + (i,)) for i, v in enumerate(node)])
    else:
        return node
    out._log, out._file, out._path = log, file, path
    return out


def track_reads(files: Mapping[str, GameData]) -> tuple[dict[str, GameData], ReadLog]:
    """Copies of a game's data files whose trees note every leaf read, and the log they write.

    For the conformance test that every number in a game's data is used: build the game's data
    from the copies, play and compute odds with it, then ask ``log.unread(files)``.
    """
    log = ReadLog()
    out = {name: GameData(data.file, _tracked(data.tree, log, name, ()), dict(data.provenance))
           for name, data in files.items()}
    return out, log

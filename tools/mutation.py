"""Mutation testing of one rules module: does breaking its code make a test fail?

    python tools/mutation.py rules_lib/games/ginormopod/combat.py
    python tools/mutation.py rules_lib/core/dice.py --tests tests/core/test_dice.py --survivors
    python tools/mutation.py rules_lib/core/dice.py --keep /tmp/mut_dice --rerun --survivors
    python tools/mutation.py rules_lib/games/ginormopod/combat.py --functions fire --functions "overrun*"

It copies the checkout (the files git tracks) into a scratch folder outside the project, points
mutmut 3 (``pip install -e ".[dev]"``) at the one module and at the tests that exercise it (the
``[tool.rules_explorer.mutation]`` table in ``pyproject.toml``, or ``--tests``), runs it, and prints
one table row: mutants, killed, survived, excluded as message-only, reviewed as equivalent, score.

What does not count (one documented, reviewable mechanism, ``docs/testing.md``):

* **message only**: a mutant whose only change is inside the *message* of an ``Event(...)`` (its
  first argument or ``message=``) or the *prompt* of a ``Decision(...)`` (third argument or
  ``prompt=``), i.e. the wording a person reads. Rule citations, kinds, data keys, option strings
  and everything else count.
* **reviewed equivalent**: a surviving mutant listed in ``tests/mutation_equivalents/*.yaml`` (one
  file per area: ``core.yaml``, ``ginormopod.yaml`` ...) with one line why no test can tell it from
  the original (for example a cache size). Entries are keyed by module, function and the changed
  line, so they survive renumbering.

Score = killed / (mutants - message only - reviewed equivalent). ``--keep DIR --rerun`` re-runs
only the survivors of a kept run against the tests as they are now (new test files included), so
a test written for a survivor is checked in minutes. ``--functions NAME`` (repeatable; shell
wildcards allowed, methods as ``Class.method``) tests and reports only the mutants of those
functions, so a big module can be measured one group of functions at a time. Mutation runs are slow and stay out of CI; see ``docs/testing.md`` for the measured table.
"""
from __future__ import annotations

import argparse
import ast
import copy
import fnmatch
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents"
# mutmut's exit-code meanings (mutmut.stats.status_by_exit_code, 3.8)
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests",
          34: "skipped", 36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout",
          255: "timeout", 37: "caught by type check", -11: "segfault", -9: "segfault"}
MESSAGE_ARGS = {"Event": (0, "message"), "Decision": (2, "prompt")}


@dataclass
class Mutant:
    """One mutant: mutmut's key, its status, and the changed line (before -> after)."""

    key: str
    status: str
    function: str = ""
    before: str = ""
    after: str = ""
    message_only: bool = False
    equivalent: str = ""  # the reviewed reason, if listed


@dataclass
class ModuleResult:
    module: str
    mutants: list[Mutant] = field(default_factory=list)
    functions: list[str] = field(default_factory=list)  # only these, when given (--functions)

    def count(self) -> Counter:
        c: Counter = Counter()
        for m in self.mutants:
            if m.status == "not checked":  # a run stopped before testing it
                c["not checked"] += 1
            elif m.message_only:
                c["message only"] += 1
            elif m.equivalent:
                c["equivalent"] += 1
            elif m.status in ("killed", "timeout", "segfault", "caught by type check"):
                c["killed"] += 1
            else:
                c["survived"] += 1
        return c

    @property
    def score(self) -> float:
        c = self.count()
        counted = c["killed"] + c["survived"]
        return c["killed"] / counted if counted else 1.0

    def row(self) -> str:
        """The table row; a stopped run counts only the mutants it tested, and says so."""
        c = self.count()
        checked = len(self.mutants) - c["not checked"]
        name = f"`{self.module}`" + (f" (functions: {', '.join(self.functions)})"
                                     if self.functions else "")
        name += (f" (partial: {checked} of {len(self.mutants)} tested)"
                 if c["not checked"] else "")
        return (f"| {name} | {checked} | {c['killed']} | {c['survived']} | "
                f"{c['message only']} | {c['equivalent']} | {self.score:.0%} |")


TABLE_HEAD = ("| module | mutants | killed | survived | message only | reviewed equivalent | "
              "score |\n|---|---|---|---|---|---|---|")


def configured_tests(module: str) -> list[str]:
    """The tests that exercise a module, from pyproject's [tool.rules_explorer.mutation]."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table = config.get("tool", {}).get("rules_explorer", {}).get("mutation", {})
    tests = table.get("tests", {})
    if module in tests:
        return list(tests[module])
    folder = str(Path(module).parent)
    return list(tests.get(folder, []))


def scratch_copy(dest: Path) -> None:
    """The files git tracks (and uncommitted edits to them) copied to dest."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True,
                           text=True).stdout.split("\0")
    for name in filter(None, files):
        src = ROOT / name
        if src.is_file():
            target = dest / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)


#: Decorators mutmut 3 leaves alone (it mutates no decorated function but a lone @staticmethod or
#: @classmethod), which ``undecorate`` takes off the scratch copy so that their functions are
#: mutated too: a cache only keeps results (taking it off changes no result, and a warm cache
#: can no longer hide a mutant); a property is kept, made from a plain method mutmut mutates.
CACHES = {"cache", "functools.cache", "lru_cache", "functools.lru_cache"}
PROPERTIES = {"property", "cached_property", "functools.cached_property"}
#: The suffix of the plain method a property is made from in the scratch copy.
PROPERTY_BODY = "__body"


def undecorate(source: str) -> str:
    """The module's source with its caching decorators taken off (``NAME.cache_clear`` still
    answers, emptying nothing) and each property made from a plain method ``NAME__body``
    (``NAME = property(NAME__body)``), so that mutmut mutates them. Other decorators, and a
    property with a setter, are left as they are."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, list[str]]] = []  # (first line, line after, replacement), 0-based
    setters = {ast.unparse(d).split(".")[0] for n in ast.walk(tree)
               if isinstance(n, ast.FunctionDef) for d in n.decorator_list
               if isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter")}
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef) or len(node.decorator_list) != 1:
            continue
        deco = node.decorator_list[0]
        name = ast.unparse(deco.func if isinstance(deco, ast.Call) else deco)
        first, after = deco.lineno - 1, node.end_lineno
        body = lines[deco.end_lineno:after]
        if name in CACHES:  # (a test may still empty the cache: there is nothing to empty)
            indent = lines[node.lineno - 1][: node.col_offset]
            edits.append((first, after, [*body, f"{indent}{node.name}.cache_clear = tuple\n"]))
        elif name in PROPERTIES and not isinstance(deco, ast.Call) and node.name not in setters:
            indent = lines[node.lineno - 1][: node.col_offset]
            plain = f"{node.name}{PROPERTY_BODY}"
            body[0] = body[0].replace(f"def {node.name}(", f"def {plain}(", 1)
            made = f"{indent}{node.name} = {name}({plain})\n"
            edits.append((first, after, [*body, made]))
    for first, after, new in sorted(edits, reverse=True):
        lines[first:after] = new
    return "".join(lines)


def write_config(dest: Path, module: str, tests: list[str]) -> None:
    """A [tool.mutmut] section for this one module in the scratch copy's pyproject."""
    section = "\n".join([
        "", "[tool.mutmut]",
        'source_paths = ["rules_lib"]',
        f"only_mutate = [{json.dumps(module)}]",
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
        'also_copy = ["widgets", "notebooks", "tools"]',
        # the project's addopts run notebooks and print benchmarks: not wanted per mutant
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x", "-o", "addopts=", '
        '"-m", "not benchmark and not soak and not browser"]', ""])
    with (dest / "pyproject.toml").open("a", encoding="utf-8") as fh:
        fh.write(section)


def mutmut_patterns(module: str, functions: list[str]) -> list[str]:
    """mutmut's mutant-name patterns for the named functions of a module: ``fire`` ->
    ``pkg.module.x_fire__mutmut_*``, ``Battle.record`` -> ``pkg.module.xǁBattleǁrecord__mutmut_*``
    (shell wildcards in a name are kept); a method's name also matches the plain method a
    property is made from in the scratch copy (``NAME__body``)."""
    dotted = module.removesuffix(".py").replace("/", ".")
    patterns = []
    for name in functions:
        mangled = "xǁ" + name.replace(".", "ǁ") if "." in name else "x_" + name
        patterns.append(f"{dotted}.{mangled}__mutmut_*")
        if "." in name:
            patterns.append(f"{dotted}.{mangled}{PROPERTY_BODY}__mutmut_*")
    return patterns


def in_functions(function: str, functions: list[str]) -> bool:
    """Is a mutant's function (``fire``, ``Battle.record``) one of the named ones?"""
    return not functions or any(fnmatch.fnmatchcase(function, f) for f in functions)


def load_equivalents() -> list[dict]:
    """The reviewed equivalent mutants, from every YAML file in tests/mutation_equivalents/."""
    entries: list[dict] = []
    for path in sorted(EQUIVALENTS.glob("*.yaml")):
        for e in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            missing = {"module", "function", "before", "after", "why"} - set(e)
            if missing:
                raise SystemExit(f"{path}: entry {e!r} lacks {', '.join(sorted(missing))}")
            entries.append(e)
    return entries


def _functions(tree: ast.Module) -> dict[str, ast.AST]:
    out: dict[str, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out[node.name] = node
    return out


def _first_difference(a: ast.AST, b: ast.AST, path: tuple) -> tuple | None:
    """The path (list of (node, field, index)) to the first node where two trees differ."""
    if type(a) is not type(b):
        return path
    for name, va in ast.iter_fields(a):
        vb = getattr(b, name, None)
        if isinstance(va, list):
            if not isinstance(vb, list) or len(va) != len(vb):
                return path + ((a, name, None),)
            for i, (x, y) in enumerate(zip(va, vb)):
                if isinstance(x, ast.AST):
                    found = _first_difference(x, y, path + ((a, name, i),))
                    if found is not None:
                        return found
                elif x != y:
                    return path + ((a, name, i),)
        elif isinstance(va, ast.AST):
            found = _first_difference(va, vb, path + ((a, name, None),))
            if found is not None:
                return found
        elif va != vb and name not in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
            return path + ((a, name, None),)
    return None


def is_message_only(original: ast.AST, mutated: ast.AST) -> bool:
    """Does the mutant change only an Event's message or a Decision's prompt? (mutmut names
    each mutant's function apart from the original's: the names are not compared.)"""
    if isinstance(original, (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(
            mutated, type(original)):
        mutated = copy.copy(mutated)
        mutated.name = original.name
    diff = _first_difference(original, mutated, ())
    if diff is None:
        return False
    for node, name, index in diff:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if called not in MESSAGE_ARGS:
            continue
        position, keyword = MESSAGE_ARGS[called]
        if name == "args" and index == position:
            return True
        if name == "keywords" and index is not None and node.keywords[index].arg == keyword:
            return True
    return False


def _changed_line(orig_src: str, mut_src: str) -> tuple[str, str]:
    """The first line that differs; the def lines are compared without mutmut's names for the
    function (a mutant of a default value changes the def line itself)."""
    a, b = orig_src.splitlines(), mut_src.splitlines()
    a[0], b[0] = (re.sub(r"def [^(]*\(", "def (", line, count=1) for line in (a[0], b[0]))
    for x, y in zip(a, b):
        if x != y:
            return x.strip(), y.strip()
    return "", ""


def _function_name(mangled: str) -> str:
    """mutmut's x_name / xǁClassǁmethod back to name / Class.method (a property's plain method
    in the scratch copy, ``NAME__body``, back to the property's NAME)."""
    if mangled.startswith("xǁ"):
        name = mangled[2:].replace("ǁ", ".")
    else:
        name = mangled.removeprefix("x_")
    return name.removesuffix(PROPERTY_BODY)


def classify(scratch: Path, module: str, functions: list[str] | None = None) -> ModuleResult:
    """Read mutmut's results for the module and classify every mutant (of the named functions
    only, when given)."""
    mutated_file = scratch / "mutants" / module
    meta = json.loads((mutated_file.parent / (mutated_file.name + ".meta")).read_text())
    source = mutated_file.read_text(encoding="utf-8")
    tree = ast.parse(source)
    defs = _functions(tree)
    lines = source.splitlines()
    equivalents = [e for e in load_equivalents() if e["module"] == module]
    result = ModuleResult(module, functions=list(functions or []))
    for key, code in sorted(meta["exit_code_by_key"].items()):
        name = key.rsplit(".", 1)[-1]  # e.g. x_wilson__mutmut_3 or xǁClassǁmethod__mutmut_3
        base = name.rsplit("__mutmut_", 1)[0]
        if not in_functions(_function_name(base), result.functions):
            continue
        status = STATUS.get(code, "suspicious") if code is not None else "not checked"
        m = Mutant(key, status, function=_function_name(base))
        orig, mut = defs.get(f"{base}__mutmut_orig"), defs.get(name)
        if orig is not None and mut is not None:
            orig_src = "\n".join(lines[orig.lineno - 1:orig.end_lineno])
            mut_src = "\n".join(lines[mut.lineno - 1:mut.end_lineno])
            m.before, m.after = _changed_line(orig_src, mut_src)
            m.message_only = is_message_only(orig, mut)
        if m.status != "killed" and not m.message_only:
            for e in equivalents:
                if (e["function"] == m.function and e["before"] == m.before
                        and e["after"] == m.after):
                    m.equivalent = e["why"]
        result.mutants.append(m)
    return result


def refresh_tests(scratch: Path, module: str, tests: list[str]) -> None:
    """Bring the checkout's tests as they are now (tracked files and new ones not yet added)
    into a kept scratch copy, and point its test selection at `tests`: survivors of an earlier
    run can then be re-run against the tests written for them. The rules code is not touched,
    so mutmut keeps its mutants and their earlier results."""
    listed = []
    for extra in ([], ["--others", "--exclude-standard"]):
        listed += subprocess.run(["git", "ls-files", "-z", *extra, "tests"], cwd=ROOT, check=True,
                                 capture_output=True, text=True).stdout.split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():
            target = scratch / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target)
    shutil.copy2(ROOT / "pyproject.toml", scratch / "pyproject.toml")
    write_config(scratch, module, tests)


def rerun_names(result: ModuleResult) -> list[str]:
    """The mutants worth re-running: those tested and not killed that count (neither message only
    nor a reviewed equivalent); mutants a stopped run never tested stay untested."""
    done = ("killed", "timeout", "segfault", "caught by type check", "not checked")
    return [m.key for m in result.mutants
            if m.status not in done and not m.message_only and not m.equivalent]


def keep_earlier(meta_file: Path, earlier: dict[str, int | None], rerun: list[str]) -> None:
    """Put back the earlier run's results of the mutants not re-run: mutmut forgets every result
    when the test selection changes, though a mutant killed before is still killed."""
    meta = json.loads(meta_file.read_text())
    again = set(rerun)
    for key, code in earlier.items():
        if key not in again and key in meta["exit_code_by_key"]:
            meta["exit_code_by_key"][key] = code
    meta_file.write_text(json.dumps(meta))


def run(module: str, tests: list[str], workers: int, keep: Path | None,
        rerun: bool = False, functions: list[str] | None = None) -> ModuleResult:
    scratch = keep or Path(tempfile.mkdtemp(prefix="mutation-"))
    scratch.mkdir(parents=True, exist_ok=True)
    functions = list(functions or [])
    names: list[str] = mutmut_patterns(module, functions)
    meta_file = scratch / "mutants" / (module + ".meta")
    earlier: dict[str, int | None] = {}
    if rerun:
        if not meta_file.exists():
            raise SystemExit(f"--rerun needs the scratch copy of an earlier run of {module} "
                             f"(--keep {scratch}): it has no results")
        names = rerun_names(classify(scratch, module, functions))
        if not names:
            return classify(scratch, module, functions)
        earlier = json.loads(meta_file.read_text())["exit_code_by_key"]
        refresh_tests(scratch, module, tests)
    elif not (scratch / "pyproject.toml").exists():
        scratch_copy(scratch)
        target = scratch / module
        target.write_text(undecorate(target.read_text(encoding="utf-8")), encoding="utf-8")
        write_config(scratch, module, tests)
    proc = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children",
                           str(workers), *names], cwd=scratch,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"mutmut failed on {module} (scratch copy kept at {scratch}):\n"
                         f"{proc.stderr[-3000:]}")
    if earlier:
        keep_earlier(meta_file, earlier, names)
    result = classify(scratch, module, functions)
    if keep is None:
        shutil.rmtree(scratch, ignore_errors=True)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="+", help="module files, e.g. rules_lib/core/dice.py")
    ap.add_argument("--tests", action="append", default=[],
                    help="test files or folders (default: pyproject's mutation table)")
    ap.add_argument("--workers", type=int, default=2, help="mutants tested at once")
    ap.add_argument("--survivors", action="store_true",
                    help="list every surviving mutant (function: before -> after)")
    ap.add_argument("--keep", type=Path, help="keep (and reuse) the scratch copy in this folder")
    ap.add_argument("--json", type=Path, help="also write the per-mutant results here")
    ap.add_argument("--rerun", action="store_true",
                    help="with --keep: re-run only the surviving mutants of the kept run, against "
                         "the checkout's tests as they are now")
    ap.add_argument("--functions", action="append", default=[], metavar="NAME",
                    help="test and report only these functions' mutants (repeatable; shell "
                         "wildcards; methods as Class.method), e.g. --functions fire")
    args = ap.parse_args(argv)
    if args.rerun and not args.keep:
        ap.error("--rerun re-runs the survivors of a kept scratch copy: give --keep")
    results = []
    for module in args.modules:
        tests = args.tests or configured_tests(module)
        if not tests:
            raise SystemExit(f"{module}: no tests configured; give --tests or add it to "
                             "[tool.rules_explorer.mutation.tests] in pyproject.toml")
        keep = args.keep / Path(module).stem if args.keep and len(args.modules) > 1 else args.keep
        results.append(run(module, tests, args.workers, keep, args.rerun, args.functions))
    print(TABLE_HEAD)
    for r in results:
        print(r.row())
    if args.survivors:
        for r in results:
            for m in r.mutants:
                if not m.message_only and not m.equivalent and m.status != "killed" \
                        and m.status not in ("timeout", "segfault", "caught by type check",
                                             "not checked"):
                    print(f"{r.module} {m.function} [{m.status}]: {m.before}  ->  {m.after}")
    if args.json:
        args.json.write_text(json.dumps(
            {r.module: [m.__dict__ for m in r.mutants] for r in results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

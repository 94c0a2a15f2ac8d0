"""The mutation tool's one exclusion rule: only an Event's message or a Decision's prompt."""
from __future__ import annotations

import ast
import importlib.util

from tools.mutation import _function_name, is_message_only, undecorate


def _pair(before: str, after: str) -> tuple[ast.AST, ast.AST]:
    return ast.parse(before).body[0], ast.parse(after).body[0]


def test_a_changed_event_message_is_message_only():
    a, b = _pair('def f():\n    yield Event("Tank hits", rule="§3", kind="combat")',
                 'def f():\n    yield Event("XXTank hitsXX", rule="§3", kind="combat")')
    assert is_message_only(a, b)


def test_a_mutant_is_message_only_though_mutmut_names_its_function_apart():
    a, b = _pair('def x_f__mutmut_orig():\n    yield Event("Tank hits", rule="§3")',
                 'def x_f__mutmut_7():\n    yield Event(None, rule="§3")')
    assert is_message_only(a, b)
    a, b = _pair('def x_f__mutmut_orig():\n    yield Event("Tank hits", rule="§3")',
                 'def x_f__mutmut_8():\n    yield Event("Tank hits", rule="XX§3XX")')
    assert not is_message_only(a, b)


def test_a_changed_decision_prompt_is_message_only_but_its_options_are_not():
    a, b = _pair('def f():\n    yield Decision("Human", "retreat", "Where?", ["a", "b"])',
                 'def f():\n    yield Decision("Human", "retreat", "XXWhere?XX", ["a", "b"])')
    assert is_message_only(a, b)
    a, b = _pair('def f():\n    yield Decision("Human", "retreat", "Where?", ["a", "b"])',
                 'def f():\n    yield Decision("Human", "retreat", "Where?", ["XXaXX", "b"])')
    assert not is_message_only(a, b)


def test_a_changed_rule_citation_kind_or_data_counts():
    base = 'def f():\n    yield Event("m", rule="§3", kind="combat", data={"unit": u})'
    for after in ('def f():\n    yield Event("m", rule="XX§3XX", kind="combat", data={"unit": u})',
                  'def f():\n    yield Event("m", rule="§3", kind="XXcombatXX", data={"unit": u})',
                  'def f():\n    yield Event("m", rule="§3", kind="combat", data={"XXunitXX": u})',
                  'def f():\n    yield Event("m", rule="§3", kind="combat", data=None)'):
        assert not is_message_only(*_pair(base, after))


def test_a_change_outside_any_event_counts():
    a, b = _pair("def f(x):\n    return x < 5", "def f(x):\n    return x <= 5")
    assert not is_message_only(a, b)


def test_mangled_names_read_back():
    assert _function_name("x_wilson") == "wilson"
    assert _function_name("xǁFortǁbarrage") == "Fort.barrage"


def test_only_counted_survivors_are_re_run():
    from tools.mutation import ModuleResult, Mutant, rerun_names
    result = ModuleResult("m.py", [Mutant("a", "killed"), Mutant("b", "survived"),
                                   Mutant("c", "survived", message_only=True),
                                   Mutant("d", "survived", equivalent="a cache size"),
                                   Mutant("e", "no tests"), Mutant("f", "timeout"),
                                   Mutant("g", "not checked")])
    assert rerun_names(result) == ["b", "e"]


def test_a_re_run_brings_the_tests_as_they_are_now_and_their_selection(tmp_path):
    from tools.mutation import ROOT, refresh_tests
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_mutation_tool.py").write_text("# the tests of an earlier run\n")
    refresh_tests(tmp_path, "rules_lib/core/dice.py", ["tests/test_mutation_tool.py"])
    assert (tmp_path / "tests" / "test_mutation_tool.py").read_text() == (
        ROOT / "tests" / "test_mutation_tool.py").read_text(encoding="utf-8")
    config = (tmp_path / "pyproject.toml").read_text()
    assert config.count("[tool.mutmut]") == 1
    assert 'pytest_add_cli_args_test_selection = ["tests/test_mutation_tool.py"]' in config
    assert 'only_mutate = ["rules_lib/core/dice.py"]' in config


def test_a_re_run_keeps_the_earlier_results_of_the_mutants_it_did_not_run(tmp_path):
    import json

    from tools.mutation import keep_earlier
    meta = tmp_path / "m.py.meta"
    meta.write_text(json.dumps({"exit_code_by_key": {"a": None, "b": 1, "c": None},
                                "other": "kept"}))
    keep_earlier(meta, {"a": 1, "b": 0, "c": 0}, ["b", "c"])
    assert json.loads(meta.read_text()) == {"exit_code_by_key": {"a": 1, "b": 1, "c": None},
                                            "other": "kept"}


def test_a_changed_default_value_is_shown_on_the_def_line():
    from tools.mutation import _changed_line
    orig = "def x_f__mutmut_orig(a: int = 10, b=None):\n    return a"
    assert _changed_line(orig, "def x_f__mutmut_1(a: int = 11, b=None):\n    return a") == (
        "def (a: int = 10, b=None):", "def (a: int = 11, b=None):")
    assert _changed_line(orig, "def x_f__mutmut_2(a: int = 10, b=None):\n    return b") == (
        "return a", "return b")


def test_a_stopped_run_counts_only_the_mutants_it_tested():
    from tools.mutation import ModuleResult, Mutant
    result = ModuleResult("m.py", [Mutant("a", "killed"), Mutant("b", "survived"),
                                   Mutant("c", "not checked"), Mutant("d", "not checked")])
    assert result.score == 0.5
    assert result.row() == "| `m.py` (partial: 2 of 4 tested) | 2 | 1 | 1 | 0 | 0 | 50% |"


def test_named_functions_become_mutmut_patterns_for_that_module_only():
    from tools.mutation import mutmut_patterns
    assert mutmut_patterns("rules_lib/games/ginormopod/combat.py", ["fire", "Battle.record",
                                                                   "overrun*"]) == [
        "rules_lib.games.ginormopod.combat.x_fire__mutmut_*",
        "rules_lib.games.ginormopod.combat.xǁBattleǁrecord__mutmut_*",
        "rules_lib.games.ginormopod.combat.xǁBattleǁrecord__body__mutmut_*",  # (a property)
        "rules_lib.games.ginormopod.combat.x_overrun*__mutmut_*"]


def test_a_function_group_reports_only_its_own_mutants_and_names_them(tmp_path):
    import json

    from tools.mutation import classify
    mutants = tmp_path / "mutants" / "m.py"
    mutants.parent.mkdir()
    mutants.write_text("def x_fire__mutmut_orig():\n    return 1\n"
                       "def x_fire__mutmut_1():\n    return 2\n"
                       "def x_overrun__mutmut_orig():\n    return 1\n"
                       "def x_overrun__mutmut_1():\n    return 2\n"
                       "def x_overrun_advance__mutmut_orig():\n    return 1\n"
                       "def x_overrun_advance__mutmut_1():\n    return 2\n")
    (tmp_path / "mutants" / "m.py.meta").write_text(json.dumps({"exit_code_by_key": {
        "m.x_fire__mutmut_1": 1, "m.x_overrun__mutmut_1": 0,
        "m.x_overrun_advance__mutmut_1": None}}))
    result = classify(tmp_path, "m.py", ["overrun*"])
    assert [m.function for m in result.mutants] == ["overrun", "overrun_advance"]
    assert result.row() == ("| `m.py` (functions: overrun*) (partial: 1 of 2 tested) "
                            "| 1 | 0 | 1 | 0 | 0 | 0% |")
    assert [m.function for m in classify(tmp_path, "m.py").mutants] == [
        "fire", "overrun", "overrun_advance"]


CACHED_AND_PROPERTIES = """import functools


@functools.lru_cache(maxsize=64)
def double(x):
    return x * 2


class Fort:
    @property
    def boxes(self) -> int:
        return 3

    @functools.cached_property
    def names(self):
        return ["keep"]

    @property
    def owner(self):
        return self._owner

    @owner.setter
    def owner(self, side):
        self._owner = side
"""


def test_caches_come_off_and_properties_become_plain_methods_mutmut_mutates(tmp_path):
    """mutmut 3 mutates no decorated function (but a lone staticmethod or classmethod): the
    scratch copy takes a cache off and makes a property from a plain method NAME__body."""
    out = undecorate(CACHED_AND_PROPERTIES)
    tree = ast.parse(out)
    decorated = [n.name for n in ast.walk(tree)
                 if isinstance(n, ast.FunctionDef) and n.decorator_list]
    assert decorated == ["owner", "owner"]  # a property with a setter is left as it is
    assert "    boxes = property(boxes__body)\n" in out
    assert "    names = functools.cached_property(names__body)\n" in out
    (tmp_path / "undecorated_fort.py").write_text(out, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("undecorated_fort", tmp_path / "undecorated_fort.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fort = module.Fort()
    fort.owner = "Human"
    module.double.cache_clear()  # a test that empties the cache still can
    assert (module.double(2), fort.boxes, fort.names, fort.owner) == (4, 3, ["keep"], "Human")


def test_a_property_s_plain_method_reads_back_as_the_property():
    assert _function_name("xǁFortǁboxes__body") == "Fort.boxes"

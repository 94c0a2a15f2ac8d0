"""The import structure: no cycles between the library's modules, and layers that point one way.

Every ``import`` of a ``rules_lib`` module by another counts, at module level or inside a
function (an import moved into a function to dodge a cycle is still a cycle).
"""
from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rules_lib"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> nx.DiGraph:
    """Modules of rules_lib and the rules_lib modules each imports."""
    graph = nx.DiGraph()
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    for name, path in modules.items():
        graph.add_node(name)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                targets = [f"{base}.{a.name}" for a in node.names] + [base]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and not name.startswith(target + "."):
                    graph.add_edge(name, target)
    return graph


def cycles() -> list[list[str]]:
    return sorted(sorted(c) for c in nx.strongly_connected_components(import_graph())
                  if len(c) > 1)


def test_no_module_of_the_library_imports_itself_round_a_cycle():
    assert cycles() == []


def test_core_imports_no_game_widget_or_front_end():
    graph = import_graph()
    for module in graph:
        if module.startswith("rules_lib.core"):
            bad = [t for t in graph.successors(module) if not t.startswith("rules_lib.core")]
            assert bad == [], f"{module} imports {bad}"


def test_a_game_imports_no_other_game():
    graph = import_graph()
    for module in graph:
        if module.startswith("rules_lib.games."):
            game = module.split(".")[2]
            bad = [t for t in graph.successors(module) if t.startswith("rules_lib.games.")
                   and t.split(".")[2] != game]
            assert bad == [], f"{module} imports {bad}"

"""Shared by the tools/make_notebook_*.py scripts: build, execute and store a teaching notebook.

A notebook is written by a script so its text is reviewable. The script's cells are executed here
(nbclient) and every output is then cleared except those of cells marked ``# NBVAL_CHECK_OUTPUT``:
those are the outputs ``pytest --nbval-lax`` compares, and no Plotly bundle or widget state is
stored in the repository.
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat as nbf
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
CHECK = "# NBVAL_CHECK_OUTPUT"

md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell


def build(cells: list[nbf.NotebookNode]) -> nbf.NotebookNode:
    """A notebook of these cells with stable ids (regenerating gives a clean diff)."""
    nb = nbf.v4.new_notebook()
    nb.cells = cells
    for i, cell in enumerate(nb.cells):
        cell.id = f"c{i:02d}"
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def execute_and_strip(nb: nbf.NotebookNode, cwd: Path) -> nbf.NotebookNode:
    """Run every cell, then keep only the outputs nbval compares (cells marked NBVAL_CHECK_OUTPUT)."""
    NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(cwd)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if CHECK not in cell.source:
            cell.outputs = []
            cell.execution_count = None  # nbval treats a cell with a count as run
        cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)
    return nb


def write_notebook(cells: list[nbf.NotebookNode], target: Path) -> None:
    """Build, execute, strip and write a notebook."""
    nb = execute_and_strip(build(cells), target.parent)
    nbf.validate(nb)
    nbf.write(nb, target)
    print(f"wrote {target.relative_to(ROOT)}", file=sys.stderr)

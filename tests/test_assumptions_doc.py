"""docs/assumptions.md lists exactly the assumed values the data files hold."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_assumptions_page_is_up_to_date():
    spec = importlib.util.spec_from_file_location("make_doc", ROOT / "tools" / "make_assumptions_doc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert (ROOT / "docs" / "assumptions.md").read_text() == mod.render(), \
        "run: python tools/make_assumptions_doc.py"

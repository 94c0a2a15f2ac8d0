"""The README's examples run as written, and its commands are the ones CI runs."""
from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples_run():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_ci_runs_the_readme_test_command_exactly():
    readme = (ROOT / "README.md").read_text()
    commands = re.findall(r"```bash\n\s*(python -m pip install[^\n]*)\n\s*```", readme)
    assert len(commands) == 2, commands
    assert commands[1] in (ROOT / ".ci" / "run").read_text().splitlines()


def test_binder_installs_the_project_and_opens_start_here():
    post = (ROOT / "binder" / "postBuild").read_text()
    assert "pip install --no-deps -e ." in post
    readme = (ROOT / "README.md").read_text()
    assert "urlpath=lab/tree/notebooks/00_start_here.ipynb" in readme
    assert (ROOT / "notebooks" / "00_start_here.ipynb").exists()


def test_binder_pins_every_runtime_dependency_exactly():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"binder/requirements.txt: {line!r} is not an exact pin"
            pins[name.lower().replace("_", "-")] = version
    for dep in project["dependencies"] + ["voila"]:
        name = re.split(r"[<>=\[ ]", dep, maxsplit=1)[0].lower()
        assert name in pins, f"binder/requirements.txt does not pin {name}"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.11")

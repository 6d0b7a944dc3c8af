"""Each module imports on its own: the CLI and each Lambda start from a different one.

An import cycle only shows when the cycle's modules are imported in one order and not
another (the `recognize` command first imported the workbook reader, which needed the
extract package, which needed the workbook reader): each module here gets a fresh
interpreter of its own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for folder in ("chalicelib/statements", "chalicelib/extract", "chalicelib/contracts")
    for path in (ROOT / folder).glob("*.py")
    if path.name != "__init__.py"
)


@pytest.mark.parametrize("module", [*MODULES, "infra.localcloud.recognize_cli"])
def test_the_module_imports_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", f"import {module}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
